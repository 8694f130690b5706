/*
 * facing.c - HO.5, the facing phase: the seed's H13 as marshal reads it.
 * Turns are simultaneous, so after movement every side may turn units.
 * The phase needs no orders: a unit charged from outside its front arc
 * turns to the nearest charger; else a unit that could fire but has no
 * enemy in its arc within range turns to the nearest enemy in range.  It
 * rotates about its block's centre, keeping its formation, by the fewest
 * 45-degree steps (clockwise on a tie), up to movement: turn_max_steps;
 * not with an enemy in its present arc within that enemy's charge reach,
 * nor where the new block would leave the map, meet a unit, straddle an
 * obstacle or stand on ground its formation may not enter.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/game.h"
#include "core/near.h"
#include "rules/horse-and-musket/turn.h"
#include "util/xalloc.h"

/* The centre cell of the block of u at anchor a, facing f. */
static struct point
block_centre(const struct game *g, int u, struct point a, enum dir f)
{
	struct point *cells = game_cells_take(g);
	long sx = 0, sy = 0;
	int i, n = game_footprint_at(g, &g->units[u], a, f,
	    g->units[u].formation, cells);

	for (i = 0; i < n; i++) {
		sx += cells[i].x;
		sy += cells[i].y;
	}
	game_cells_give(g, cells);
	return n > 0 ? (struct point){ (int)(sx / n), (int)(sy / n) } : a;
}

/* Why the block of u at anchor a facing f cannot stand, or NULL; cells:
 * room for g->cells_max points. */
static const char *
no_room_in(const struct game *g, int u, struct point a, enum dir f,
    struct point *cells)
{
	const struct unit *un = &g->units[u];
	int i, j, n, land;
	static const enum dir ortho[2] = { DIR_E, DIR_S };

	if (game_fits(g, u, a, f, un->formation, -1, NULL) != 0)
		return "it would leave the map or meet a unit";
	n = game_footprint_at(g, un, a, f, un->formation, cells);
	for (i = 0; i < n; i++) {
		land = map_cell(g->map, cells[i].x, cells[i].y)->land;
		if (land < g->rs->nland && un->formation < RULES_MAX_FORM &&
		    (g->rs->land[land].forbid & (1u << un->formation)))
			return "its formation may not stand on that ground";
		for (j = 0; j < 2; j++) {
			struct point o = { cells[i].x + dir_dx[ortho[j]],
			    cells[i].y + dir_dy[ortho[j]] };
			int k;

			if (map_edge(g->map, cells[i].x, cells[i].y, ortho[j],
			    NULL) == 0)
				continue;
			for (k = 0; k < n; k++)
				if (cells[k].x == o.x && cells[k].y == o.y)
					return "it would straddle an obstacle";
		}
	}
	return NULL;
}

/* Why the block of u at anchor a facing f cannot stand, or NULL. */
static const char *
no_room(const struct game *g, int u, struct point a, enum dir f)
{
	struct point *cells = game_cells_take(g);
	const char *why = no_room_in(g, u, a, f, cells);

	game_cells_give(g, cells);
	return why;
}

/*
 * What the phase looks up: a snapshot of the blocks as the phase began
 * (core/near.h) and each unit's chargers.  A unit that turns keeps its
 * centre, so its block stays within its first box grown by the longest
 * block (and a cell either side for the centre rounded); a query grown by
 * that much finds every unit within a range of
 * the units as they stand now, and the gap is then measured on them as
 * they stand (hm_gap).  Contacts and marks do not change in the phase.
 */
struct facing {
	struct near	*nr;
	int		 grow;		/* ticks: the longest block */
	int		 speed;		/* ticks: the fastest unit's speed */
	int		*first;		/* per unit: its first charger, -1 */
	int		*next;		/* per charger: the next, -1 */
};

/* The units that may lie within range of u now, in the order of units
 * (*out lasts until the next query). */
static int
facing_near(const struct game *g, struct facing *fc, int u, int range,
    const int **out)
{
	(void)g;
	return near_query(fc->nr, u, range + fc->grow, out);
}

/* The enemy whose charge forbids u to turn (H13), or -1. */
static int
threat(const struct game *g, struct facing *fc, int u)
{
	const struct hm_turn *t = hm_turn(g->rs);
	const int *near;
	int j, k, n = facing_near(g, fc, u, fc->speed, &near);

	for (k = 0; k < n; k++) {
		j = near[k];
		if (hm_enemies(g, u, j) && unit_active(&g->units[j]) &&
		    g->units[j].cond == COND_FORMED &&
		    t->charge_arm[g->units[j].arm] &&
		    hm_in_arc(g, u, j, t->charge_arc) &&
		    hm_gap(g, u, j) <= hm_speed(g, j))
			return j;
	}
	return -1;
}

/* Whom u should turn to, or -1; *why names the reason. */
static int
wanted(const struct game *g, struct facing *fc, int u, const char **why)
{
	const struct hm_turn *t = hm_turn(g->rs);
	const int *near;
	int j, k, n, gap, best = -1, bestgap = 1 << 28, range;

	for (j = fc->first[u]; j >= 0; j = fc->next[j])
		if (hm_enemies(g, u, j) && g->units[j].contact == u &&
		    (HM_MARKS(&g->units[j]) & HM_CHARGER) &&
		    !hm_in_arc(g, u, j, t->fire_arc) &&
		    (gap = hm_gap(g, u, j)) < bestgap) {
			bestgap = gap;
			best = j;
		}
	if (best >= 0) {
		*why = "its charger";
		return best;
	}
	if (g->units[u].contact >= 0 || !hm_may_fire(g, u))
		return -1;
	range = hm_fire_range(g, u);
	n = facing_near(g, fc, u, range, &near);
	for (k = 0; k < n; k++) {
		j = near[k];
		if (!hm_enemies(g, u, j) || !unit_active(&g->units[j]) ||
		    (gap = hm_gap(g, u, j)) > range)
			continue;
		if (hm_in_arc(g, u, j, t->fire_arc))
			return -1;	/* it has a target already */
		if (gap < bestgap) {
			bestgap = gap;
			best = j;
		}
	}
	*why = "the nearest enemy in range";
	return best;
}

static void
face(struct game *g, struct facing *fc, int u)
{
	struct unit *un = &g->units[u];
	struct point c, c2, a;
	const char *why = "", *bad;
	enum dir to, from = un->facing;
	int e, th, steps;

	if (!unit_active(un) || un->cond != COND_FORMED ||
	    (HM_MARKS(un) & HM_SECOND))
		return;
	if ((e = wanted(g, fc, u, &why)) < 0)
		return;
	c = block_centre(g, u, un->pos, un->facing);
	to = geom_heading(c, block_centre(g, e, g->units[e].pos,
	    g->units[e].facing));
	steps = dir_diff(from, to);
	if (steps == 0 || steps > hm_turn(g->rs)->turn_steps)
		return;
	if ((th = threat(g, fc, u)) >= 0) {
		game_log(g, u, EV_NOTE, "H13", "%s may not turn to %s: %s "
		    "stands in its arc within charge reach", un->name,
		    g->units[e].name, g->units[th].name);
		return;
	}
	/* The anchor that keeps the centre where it is. */
	c2 = block_centre(g, u, un->pos, to);
	a = (struct point){ un->pos.x + c.x - c2.x, un->pos.y + c.y - c2.y };
	game_occupy(g, u, false);
	bad = no_room(g, u, a, to);
	if (bad == NULL) {
		un->pos = a;
		un->facing = to;
	}
	game_occupy(g, u, true);
	if (bad != NULL) {
		game_log(g, u, EV_NOTE, "H13", "%s cannot turn to face %s: %s",
		    un->name, g->units[e].name, bad);
		return;
	}
	game_log(g, u, EV_MOVE, "H13", "%s turns %d x 45 degrees from %s to "
	    "%s about its centre to face %s (%s), anchor [%d, %d]", un->name,
	    steps, dir_name(from), dir_name(to), g->units[e].name, why, a.x,
	    a.y);
}

void
hm_phase_facing(struct game *g)
{
	struct facing fc = { .nr = NULL };	/* all else 0 until set */
	int u, c, v;

	if (g->nunits == 0)
		return;
	fc.nr = near_create(g, 0);
	fc.grow = STEP_ORTHO * (g->cells_max + 2);
	fc.speed = 0;
	fc.first = xmallocarray((size_t)g->nunits, sizeof *fc.first);
	fc.next = xmallocarray((size_t)g->nunits, sizeof *fc.next);
	for (u = 0; u < g->nunits; u++)
		fc.first[u] = fc.next[u] = -1;
	for (u = g->nunits - 1; u >= 0; u--) {
		if ((v = hm_speed(g, u)) > fc.speed)
			fc.speed = v;
		c = g->units[u].contact;
		if (c >= 0 && c < g->nunits &&
		    (HM_MARKS(&g->units[u]) & HM_CHARGER)) {
			fc.next[u] = fc.first[c];
			fc.first[c] = u;
		}
	}
	for (u = 0; u < g->nunits; u++)
		face(g, &fc, u);
	near_free(fc.nr);
	free(fc.first);
	free(fc.next);
}
