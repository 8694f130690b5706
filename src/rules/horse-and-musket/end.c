/*
 * end.c - HO.10, the end of the turn and of the battle: what counts
 * toward a side's break point, who holds an objective, and the winner by
 * a side's break or, at the turn limit or when both break, by the points
 * of the objectives held.  The marks of the turn are cleared here.
 */
#include "config.h"

#include "core/game.h"
#include "core/near.h"
#include "rules/horse-and-musket/turn.h"

void
hm_side_strength(const struct game *g, int s, long *start, long *now)
{
	const struct unit *u;
	int i;

	*start = *now = 0;
	for (i = 0; i < g->nunits; i++) {
		u = &g->units[i];
		if (u->side != s)
			continue;
		*start += u->strength0;
		if (u->cond == COND_FORMED || u->cond == COND_MOB ||
		    u->cond == COND_AWAY)
			*now += u->strength;
	}
}

int
hm_objective_holder(const struct game *g, int i)
{
	struct point *cells = game_cells_take(g);
	int best[GAME_MAX_SIDES], j, n, gap, s;

	for (s = 0; s < GAME_MAX_SIDES; s++)
		best[s] = -1;
	for (j = 0; j < g->nunits; j++) {
		if (g->units[j].cond != COND_FORMED)
			continue;
		n = game_footprint(g, &g->units[j], cells);
		gap = near_block_gap(cells, n, &g->objectives[i].at, 1);
		if (gap < 0)
			gap = 0;
		s = g->units[j].side;
		if (gap <= hm_turn(g->rs)->hold && (best[s] < 0 ||
		    gap < best[s]))
			best[s] = gap;
	}
	game_cells_give(g, cells);
	if (best[0] < 0 && best[1] < 0)
		return -1;
	if (best[1] < 0 || (best[0] >= 0 && best[0] < best[1]))
		return 0;
	if (best[0] < 0 || best[1] < best[0])
		return 1;
	return -2;
}

static void
count_points(struct game *g, int *points)
{
	int i, h;

	for (i = 0; i < g->nobjectives; i++) {
		h = hm_objective_holder(g, i);
		if (h >= 0) {
			points[h] += g->objectives[i].points;
			game_log(g, -1, EV_RESULT, "HO.10", "the %s hold %s: %d "
			    "point%s", g->sides[h].name, g->objectives[i].name,
			    g->objectives[i].points,
			    g->objectives[i].points == 1 ? "" : "s");
		} else
			game_log(g, -1, EV_RESULT, "HO.10", "%s is %s: no "
			    "points", g->objectives[i].name, h == -2 ?
			    "contested" : "held by nobody");
	}
}

static void
end_by_points(struct game *g, const char *why)
{
	int points[GAME_MAX_SIDES] = { 0 }, w;

	count_points(g, points);
	w = g->nsides < 2 || points[0] == points[1] ? -1 :
	    points[0] > points[1] ? 0 : 1;
	game_end(g, w, points, "HO.10");
	if (w < 0)
		game_log(g, -1, EV_RESULT, "HO.10", "%s: %d points to %d, a "
		    "draw", why, points[0], points[1]);
	else
		game_log(g, -1, EV_RESULT, "HO.10", "%s: %d points to %d, the "
		    "%s win", why, points[0], points[1], g->sides[w].name);
}

void
hm_phase_end(struct game *g)
{
	int points[GAME_MAX_SIDES] = { 0 }, s, nbroken = 0, standing = -1, i;
	long start, now, pct;
	struct unit *un;

	for (s = 0; g->break_point > 0 && s < g->nsides; s++) {
		if (g->sides[s].broken)
			continue;
		hm_side_strength(g, s, &start, &now);
		pct = start > 0 ? (start - now) * 100 / start : 0;
		if (start <= 0 || pct < g->break_point)
			continue;
		g->sides[s].broken = true;
		game_log(g, -1, EV_RESULT, "HO.10", "the %s break: %ld of %ld "
		    "men lost, routed, taken or dispersed (%ld%%, break point "
		    "%d%%)", g->sides[s].name, start - now, start, pct,
		    g->break_point);
	}
	for (s = 0; s < g->nsides; s++) {
		if (g->sides[s].broken)
			nbroken++;
		else
			standing = s;
	}
	if (!game_over(g) && hm_turn(g->rs)->break_ends && g->nsides == 2 &&
	    nbroken == 1) {
		count_points(g, points);
		game_end(g, standing, points, "HO.10");
		game_log(g, -1, EV_RESULT, "HO.10", "the battle is over after "
		    "turn %d: the %s have broken and the %s win", g->turn,
		    g->sides[1 - standing].name, g->sides[standing].name);
	} else if (!game_over(g) && hm_turn(g->rs)->break_ends &&
	    g->nsides == 2 && nbroken == 2)
		end_by_points(g, "both sides have broken");
	else if (!game_over(g) && g->opt.turn_limit > 0 &&
	    g->turn >= g->opt.turn_limit)
		end_by_points(g, "the turn limit");
	/* Marks last one turn; a rein in forbids next turn's fire (H15). */
	for (i = 0; i < g->nunits; i++) {
		un = &g->units[i];
		un->lost_turn = 0;
		HM_MARKS(un) = HM_MARKS(un) & HM_REINED ? HM_NOFIRE : 0;
	}
}
