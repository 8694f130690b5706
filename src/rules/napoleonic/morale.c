/*
 * napoleonic/morale.c - 3.9 Morale, routs and prisoners: the morale test
 * after heavy losses (3.9.1), routing and the rout track (3.9.2), flight
 * along it (3.9.3), routers caught by formed enemies, who surrender or
 * scatter (3.9.5), and units worn down to nothing, who disperse (3.9.6).
 * The numbers are the data file's `morale` section; the
 * readings and worked examples are in doc/turn.md.
 */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/command.h"
#include "core/game.h"
#include "core/near.h"
#include "rules/napoleonic/move.h"
#include "rules/napoleonic/phases.h"
#include "util/xalloc.h"

static const struct nap_morale *
tables(const struct game *g)
{
	return &nap_phases(g->rs)->morale;
}

static bool rout_track(struct game *, int u, bool *about);
static void about_log(struct game *, int u, bool about);

void
nap_rout(struct game *g, int u, const char *why)
{
	struct unit *un = &g->units[u];
	struct point rear = g->sides[un->side].rear, end;
	bool about = false;

	un->cond = COND_ROUTED;
	un->contact = -1;
	un->order.kind = ORDER_NONE;
	if (!rout_track(g, u, &about)) {
		game_log(g, u, EV_CONDITION, "3.9.2", "%s routs (%s): it will "
		    "flee toward its rear at [%d, %d], a track of %d cell%s",
		    un->name, why, rear.x, rear.y, un->ntrack,
		    un->ntrack == 1 ? "" : "s");
		about_log(g, u, about);
		return;
	}
	end = un->ntrack > 0 ? un->track[un->ntrack - 1] : un->pos;
	game_log(g, u, EV_CONDITION, "3.9.2", "%s routs (%s): no way it may "
	    "take leads to its rear at [%d, %d], so it will flee as near to "
	    "it as it can, a track of %d cell%s to [%d, %d]", un->name, why,
	    rear.x, rear.y, un->ntrack, un->ntrack == 1 ? "" : "s", end.x,
	    end.y);
	about_log(g, u, about);
}

/* 3.9.2: what rout_track's turn about (*about true) did, in the log. */
static void
about_log(struct game *g, int u, bool about)
{
	const struct unit *un = &g->units[u];

	if (about)
		game_log(g, u, EV_MOVE, "3.9.2", "%s turns its back where it "
		    "stands to flee, its block on the same ground: its front "
		    "centre is now [%d, %d], facing %s (marshal's reading)",
		    un->name, un->pos.x, un->pos.y, dir_name(un->facing));
}

/*
 * 3.9.6: a unit down to `disperse_at` men (or guns) or fewer is no longer
 * a unit: the few left drift away, it leaves the field like prisoners do
 * (its cells freed, no orders, lost for the break point) and nobody
 * stays in contact with it.  True if it went.
 */
static bool
disperse(struct game *g, int u)
{
	const struct nap_morale *m = tables(g);
	struct unit *un = &g->units[u];
	const char *what;
	int i;

	if (unit_gone(un) || un->strength > m->disperse_at)
		return false;
	what = un->arm == ARM_ARTILLERY ? "gunners" : un->arm == ARM_CAVALRY ?
	    "troopers" : "men";
	game_log(g, u, EV_CONDITION, "3.9.6", "%s is down to %d %s of %d, "
	    "%d or fewer: it disperses and leaves the field, lost to its side",
	    un->name, un->strength, what, un->strength0, m->disperse_at);
	game_occupy(g, u, false);
	un->cond = COND_DISPERSED;
	un->order.kind = ORDER_NONE;
	un->contact = -1;
	for (i = 0; i < g->nunits; i++)
		if (g->units[i].contact == u)
			g->units[i].contact = -1;
	free(un->track);
	un->track = NULL;
	un->ntrack = 0;
	free(un->route);
	un->route = NULL;
	un->nroute = 0;
	return true;
}

/* The formations of unit un's arm, as a mask over the ruleset's. */
static uint32_t
arm_forms(const struct game *g, const struct unit *un)
{
	uint32_t arm = 0;
	int f;

	for (f = 0; f < g->rs->nform; f++)
		if (g->rs->form[f].arms & (1u << un->arm))
			arm |= 1u << f;
	return arm;
}

/*
 * The landscape under unit u's block at p facing d that none of its
 * arm's formations may enter (3.6.5: the river at the Côa), or -1.
 * Routers flee along their track over any other ground; this they may
 * not cross, and their flight ends on its edge (marshal's reading).
 */
static int
ground_bars(const struct game *g, int u, struct point p, enum dir d)
{
	const struct ruleset *rs = g->rs;
	const struct unit *un = &g->units[u];
	struct point *cells = game_cells_take(g);
	uint32_t arm = arm_forms(g, un);
	int i, n, l, bar = -1;

	n = game_footprint_at(g, un, p, d, un->formation, cells);
	for (i = 0; i < n && bar < 0; i++) {
		if (!map_inside(g->map, cells[i].x, cells[i].y))
			continue;
		l = map_cell(g->map, cells[i].x, cells[i].y)->land;
		if ((rs->land[l].forbid & arm) == arm)
			bar = l;
	}
	game_cells_give(g, cells);
	return bar;
}

/* Whether the edge from p toward orthogonal d holds an obstacle none of
 * the formations in arm may cross (3.6.5), with no bridge or gate. */
static bool
edge_bars(const struct game *g, struct point p, enum dir d, uint32_t arm)
{
	int pass = PASS_NONE, ob = map_edge(g->map, p.x, p.y, d, &pass);

	return ob != 0 && pass == PASS_NONE &&
	    (g->rs->obst[ob].forbid & arm) == arm;
}

/*
 * 3.9.2 (marshal's reading): whether routed unit u may step from p
 * toward d: its block there, facing d, stands on the map and on no
 * ground, and its anchor crosses no obstacle, that none of its arm's
 * formations may enter or cross.  A diagonal step is barred when both
 * of the orthogonal ways round its corner are.
 */
static bool
rout_step_ok(const struct game *g, int u, struct point p, enum dir d)
{
	struct point q = { p.x + dir_dx[d], p.y + dir_dy[d] };
	uint32_t arm = arm_forms(g, &g->units[u]);
	enum dir dx, dy;

	if (!map_inside(g->map, q.x, q.y) || ground_bars(g, u, q, d) >= 0)
		return false;
	if (!dir_diagonal(d))
		return !edge_bars(g, p, d, arm);
	dx = dir_dx[d] > 0 ? DIR_E : DIR_W;
	dy = dir_dy[d] > 0 ? DIR_S : DIR_N;
	return !((edge_bars(g, p, dx, arm) || edge_bars(g,
	    (struct point){ p.x + dir_dx[d], p.y }, dy, arm)) &&
	    (edge_bars(g, p, dy, arm) || edge_bars(g,
	    (struct point){ p.x, p.y + dir_dy[d] }, dx, arm)));
}

/* A cell of the rout search's window. */
struct rout_node {
	int	cost;		/* ticks from the anchor, INT_MAX: not reached */
	int	from;		/* the direction stepped in to reach it, or -1 */
	bool	done;
};

/* The search's open list: a binary heap of window indices ordered by
 * cost plus the estimate to the rear, then by index, so that the way
 * found never depends on the order of the pushes. */
struct rout_heap {
	long	*key;		/* owned */
	int	*idx;		/* owned */
	int	 n;
};

static bool
heap_less(const struct rout_heap *h, int a, int b)
{
	return h->key[a] < h->key[b] ||
	    (h->key[a] == h->key[b] && h->idx[a] < h->idx[b]);
}

static void
heap_swap(struct rout_heap *h, int a, int b)
{
	long k = h->key[a];
	int i = h->idx[a];

	h->key[a] = h->key[b];
	h->idx[a] = h->idx[b];
	h->key[b] = k;
	h->idx[b] = i;
}

static void
heap_push(struct rout_heap *h, long key, int idx)
{
	int i = h->n++, up;

	h->key[i] = key;
	h->idx[i] = idx;
	while (i > 0 && heap_less(h, i, (up = (i - 1) / 2))) {
		heap_swap(h, i, up);
		i = up;
	}
}

static int
heap_pop(struct rout_heap *h)
{
	int top = h->idx[0], i = 0, c;

	heap_swap(h, 0, --h->n);
	for (;;) {
		c = 2 * i + 1;
		if (c >= h->n)
			break;
		if (c + 1 < h->n && heap_less(h, c + 1, c))
			c++;
		if (!heap_less(h, c, i))
			break;
		heap_swap(h, i, c);
		i = c;
	}
	return top;
}

/*
 * 3.9.2 (marshal's reading): the way routed unit u takes when the
 * straight track would cross ground or an obstacle it may not (the
 * river at the Côa): the cheapest way of rout steps (rout_step_ok) to
 * its rear within max cells of its anchor or, when none reaches the
 * rear, to the cell it can reach nearest the rear (along the bank, or
 * none: it stays where it is).  Fills un->track, at most max cells.
 * True if the router is cut off: no way reaches its rear within that
 * reach, the rear lying within it, or no step may be taken at all.
 */
static bool
rout_way(struct game *g, int u, int max)
{
	struct unit *un = &g->units[u];
	struct point rear = g->sides[un->side].rear, p, q, *rev;
	struct rout_node *nd;
	struct rout_heap h;
	int x0, y0, x1, y1, w, n, i, j, best, end, c, start;
	bool cut;
	enum dir d;

	x0 = un->pos.x - max > 0 ? un->pos.x - max : 0;
	y0 = un->pos.y - max > 0 ? un->pos.y - max : 0;
	x1 = un->pos.x + max < g->map->w - 1 ? un->pos.x + max : g->map->w - 1;
	y1 = un->pos.y + max < g->map->h - 1 ? un->pos.y + max : g->map->h - 1;
	w = x1 - x0 + 1;
	n = w * (y1 - y0 + 1);
	nd = xcalloc((size_t)n, sizeof *nd);
	h.key = xcalloc((size_t)n * DIR_COUNT + 1, sizeof *h.key);
	h.idx = xcalloc((size_t)n * DIR_COUNT + 1, sizeof *h.idx);
	h.n = 0;
	for (i = 0; i < n; i++) {
		nd[i].cost = INT_MAX;
		nd[i].from = -1;
	}
	best = (un->pos.y - y0) * w + (un->pos.x - x0);
	nd[best].cost = 0;
	heap_push(&h, geom_dist(un->pos, rear), best);
	end = -1;
	while (h.n > 0 && end < 0) {
		i = heap_pop(&h);
		if (nd[i].done)
			continue;
		nd[i].done = true;
		p.x = x0 + i % w;
		p.y = y0 + i / w;
		/* The nearest the rear, and of those the first reached,
		 * the cheapest: where a router cut off from its rear ends
		 * its flight. */
		if (geom_dist(p, rear) < geom_dist((struct point){ x0 +
		    best % w, y0 + best / w }, rear))
			best = i;
		if (p.x == rear.x && p.y == rear.y) {
			end = i;
			break;
		}
		for (d = 0; d < DIR_COUNT; d++) {
			q.x = p.x + dir_dx[d];
			q.y = p.y + dir_dy[d];
			if (q.x < x0 || q.y < y0 || q.x > x1 || q.y > y1)
				continue;
			j = (q.y - y0) * w + (q.x - x0);
			c = nd[i].cost + dir_step_cost(d);
			if (nd[j].done || c >= nd[j].cost ||
			    !rout_step_ok(g, u, p, d))
				continue;
			nd[j].cost = c;
			nd[j].from = (int)d;
			heap_push(&h, (long)c + geom_dist(q, rear), j);
		}
	}
	/* A rear beyond the window may lie beyond the way's end: only a
	 * way that could have come to it, or no way at all, is cut off. */
	start = (un->pos.y - y0) * w + (un->pos.x - x0);
	cut = end < 0 && (best == start || (rear.x >= x0 && rear.x <= x1 &&
	    rear.y >= y0 && rear.y <= y1));
	if (end < 0)
		end = best;
	/* Walk back from the end to the anchor, then lay the way out. */
	rev = xcalloc((size_t)n + 1, sizeof *rev);
	for (c = 0, i = end; nd[i].from >= 0; c++) {
		rev[c].x = x0 + i % w;
		rev[c].y = y0 + i / w;
		d = (enum dir)nd[i].from;
		i = (rev[c].y - dir_dy[d] - y0) * w + (rev[c].x - dir_dx[d] -
		    x0);
	}
	free(un->track);
	un->track = xcalloc((size_t)(max > 0 ? max : 1), sizeof *un->track);
	for (un->ntrack = 0; un->ntrack < c && un->ntrack < max; un->ntrack++)
		un->track[un->ntrack] = rev[c - 1 - un->ntrack];
	free(rev);
	free(h.key);
	free(h.idx);
	free(nd);
	return cut;
}

/*
 * 3.9.2: the rout track runs from the unit's anchor straight for its
 * side's rear, one cell at a time along the nearest of the eight
 * directions, until the rear, the map edge or the longest track.  Where
 * that straight track would cross ground or an obstacle the router may
 * not (rout_step_ok), it takes the way round instead (rout_way).  True
 * if no way it may take leads to the rear: its track then ends as near
 * to the rear as it can come.  A unit whose track starts behind it turns
 * about first, where it stands (*about set true; the caller logs it).
 */
static bool
rout_track(struct game *g, int u, bool *about)
{
	struct unit *un = &g->units[u];
	struct point p = un->pos, a;
	int k, d, max = tables(g)->track_max;

	game_track(g, u, max);
	/* Its back to the enemy (marshal's reading, as a face-about in
	 * 3.6.3): a unit whose track starts behind it turns where it
	 * stands, its rear rank now its front, rather than swing its
	 * whole length about its front centre, onto whoever it flees
	 * from.  Its block keeps its cells. */
	if (un->ntrack > 0 && (d = dir_between(p, un->track[0])) >= 0 &&
	    dir_diff(un->facing, (enum dir)d) >= tables(g)->turn_about &&
	    nap_about_in_place(g, u, &a) &&
	    (a.x != p.x || a.y != p.y)) {
		game_occupy(g, u, false);
		un->pos = a;
		un->facing = dir_turn(un->facing, 4);
		game_occupy(g, u, true);
		*about = true;
		p = un->pos;
		game_track(g, u, max);
	}
	for (k = 0; k < un->ntrack; k++) {
		d = dir_between(p, un->track[k]);
		if (d < 0 || !rout_step_ok(g, u, p, (enum dir)d))
			break;
		p = un->track[k];
	}
	return k < un->ntrack && rout_way(g, u, max);
}

/* Whether a router's way is blocked: the next cell of its track is not
 * free for its block (a unit there, ground it may not enter), or it has
 * no way it may take to its rear (rout_track) and stands short of it.
 * A router with no track is given one first, as flee() would. */
static bool
track_blocked(struct game *g, int u)
{
	const struct unit *un = &g->units[u];
	struct point rear = g->sides[un->side].rear;
	bool cut, about = false;
	int d;

	if (un->ntrack == 0 && (un->pos.x != rear.x || un->pos.y != rear.y)) {
		cut = rout_track(g, u, &about);
		about_log(g, u, about);
		if (cut && un->ntrack == 0)
			return true;
	}
	if (un->ntrack == 0)
		return false;
	d = dir_between(un->pos, un->track[0]);
	if (d < 0)
		return true;
	return game_fits(g, u, un->track[0], (enum dir)d, un->formation, -1,
	    NULL) != 0 || ground_bars(g, u, un->track[0], (enum dir)d) >= 0;
}

/* 3.9.3: flee along the track as far as the rout speed allows. */
static void
flee(struct game *g, int u)
{
	struct unit *un = &g->units[u];
	struct point from;
	char have[32], gone[32];
	int d, cost, left = tables(g)->rout_speed[un->arm], used = 0, k = 0;
	int bar = -1, who = -1;
	struct point bad;
	char stop[160];
	bool blocked = false, cut = false, at_rear, about = false;

	ruleset_fmt(g->rs, left, have, sizeof have);
	if (un->ntrack == 0) {
		/* Routed by the scenario, or at an edge. */
		cut = rout_track(g, u, &about);
		about_log(g, u, about);
	}
	from = un->pos;
	if (un->ntrack == 0 && cut) {
		un->moved = 0;
		game_log(g, u, EV_MOVE, "3.9.3", "%s cannot flee: no way it may "
		    "take leads from [%d, %d] to its rear at [%d, %d] (3.9.2)",
		    un->name, un->pos.x, un->pos.y, g->sides[un->side].rear.x,
		    g->sides[un->side].rear.y);
		return;
	}
	if (un->ntrack == 0) {
		game_log(g, u, EV_MOVE, "3.9.3", "%s has fled to its rear and "
		    "stays there, routed", un->name);
		return;
	}
	game_occupy(g, u, false);
	while (k < un->ntrack) {
		d = dir_between(un->pos, un->track[k]);
		if (d < 0)
			break;
		cost = dir_step_cost((enum dir)d);
		if (cost > left)
			break;
		if (game_fits(g, u, un->track[k], (enum dir)d, un->formation,
		    -1, &bad) != 0) {
			if (map_inside(g->map, bad.x, bad.y))
				who = game_unit_at(g, bad.x, bad.y);
			blocked = true;
			break;
		}
		if ((bar = ground_bars(g, u, un->track[k], (enum dir)d)) >= 0) {
			blocked = true;
			break;
		}
		un->pos = un->track[k];
		un->facing = (enum dir)d;
		left -= cost;
		used += cost;
		k++;
	}
	game_occupy(g, u, true);
	at_rear = un->pos.x == g->sides[un->side].rear.x &&
	    un->pos.y == g->sides[un->side].rear.y;
	/* The cells behind are no longer part of the track. */
	un->ntrack -= k;
	memmove(un->track, un->track + k, (size_t)un->ntrack *
	    sizeof *un->track);
	un->moved = used;
	ruleset_fmt(g->rs, used, gone, sizeof gone);
	if (k == 0 && un->ntrack > 0 && bar >= 0)
		game_log(g, u, EV_MOVE, "3.9.3", "%s cannot flee: its track "
		    "runs into %s at [%d, %d], where it may not go (3.6.5)",
		    un->name, g->rs->land[bar].label, un->track[0].x,
		    un->track[0].y);
	else if (k == 0 && un->ntrack > 0 && who >= 0)
		game_log(g, u, EV_MOVE, "3.9.3", "%s cannot flee: its track "
		    "is blocked at [%d, %d], where %s stands in the way of "
		    "its block", un->name, un->track[0].x, un->track[0].y,
		    g->units[who].name);
	else if (k == 0 && un->ntrack > 0)
		game_log(g, u, EV_MOVE, "3.9.3", "%s cannot flee: its track "
		    "is blocked at [%d, %d]", un->name, un->track[0].x,
		    un->track[0].y);
	else {
		/* Stopped short of its rout speed: say by what, as when it
		 * cannot flee at all. */
		stop[0] = '\0';
		if (blocked && un->ntrack > 0 && bar >= 0)
			snprintf(stop, sizeof stop, ": there its track runs "
			    "into %s at [%d, %d], where it may not go (3.6.5)",
			    g->rs->land[bar].label, un->track[0].x,
			    un->track[0].y);
		else if (blocked && un->ntrack > 0 && who >= 0)
			snprintf(stop, sizeof stop, ": there its track is "
			    "blocked at [%d, %d], where %s stands in the way "
			    "of its block", un->track[0].x, un->track[0].y,
			    g->units[who].name);
		else if (blocked && un->ntrack > 0)
			snprintf(stop, sizeof stop, ": there its track is "
			    "blocked at [%d, %d]", un->track[0].x,
			    un->track[0].y);
		game_log(g, u, EV_MOVE, "3.9.3", "%s flees %s of its %s rout "
		    "speed along its track, [%d, %d] to [%d, %d]%s%s",
		    un->name, gone, have, from.x, from.y, un->pos.x,
		    un->pos.y, un->ntrack > 0 ? "" : at_rear ?
		    ", and reaches its rear" : ", as near its rear as any "
		    "way it may take leads (3.9.2)", stop);
	}
}

void
nap_rout_touch(struct game *g, int unit, int r)
{
	const struct nap_morale *m = tables(g);
	struct unit *c = &g->units[unit], *ru = &g->units[r];
	char mods[96];
	int roll, total, lost, n = 0;
	bool blocked;

	if (ru->cond != COND_ROUTED)
		return;
	blocked = track_blocked(g, r);
	roll = rng_die(&g->rng, m->die);
	total = roll;
	mods[0] = '\0';
	if (c->arm == ARM_CAVALRY) {
		total += m->capture_cavalry;
		n += snprintf(mods + n, sizeof mods - (size_t)n,
		    " %+d (cavalry)", m->capture_cavalry);
	}
	if (blocked) {
		total += m->capture_blocked;
		snprintf(mods + n, sizeof mods - (size_t)n,
		    " %+d (track blocked)", m->capture_blocked);
	}
	if (total >= m->capture) {
		ru->cond = COND_CAPTURED;
		game_occupy(g, r, false);
		free(ru->track);
		ru->track = NULL;
		ru->ntrack = 0;
		game_log_with(g, r, unit, EV_CONDITION, "3.9.5",
		    "%s reaches the routed "
		    "%s: 1d%d = %d%s = %d, %d or more: %d %s surrender as "
		    "prisoners", c->name, ru->name, m->die, roll, mods, total,
		    m->capture, ru->strength, ru->arm == ARM_ARTILLERY ?
		    "gunners with their guns" : "men");
		return;
	}
	lost = nap_casualties(g, r, ru->strength * m->scatter_loss / 100);
	game_log_with(g, r, unit, EV_CONDITION, "3.9.5",
	    "%s reaches the routed %s: "
	    "1d%d = %d%s = %d, less than %d: they scatter and flee on, "
	    "losing %d%% = %d %s (%d left)", c->name, ru->name, m->die, roll,
	    mods, total, m->capture, m->scatter_loss, lost,
	    lost == 1 ? "man" : "men", ru->strength);
	disperse(g, r);		/* scattered to nothing */
}

/* Its general stands close enough to steady it (3.9.1). */
static bool
general_near(const struct game *g, const struct unit *u)
{
	if (u->general < 0 || u->general >= g->ngenerals)
		return false;
	return geom_dist(g->generals[u->general].pos, u->pos) <=
	    command_radius(g, u->general);
}

/* 3.9.1: a unit that lost heavily this turn tests its morale. */
static void
morale_test(struct game *g, int u)
{
	const struct nap_morale *m = tables(g);
	struct unit *un = &g->units[u];
	char expl[256], dice[64];
	int before = un->strength + un->lost_turn, pct, total_pct, target;
	int roll = 0, i, r, n = 0, dn = 0, worn;

	if (before <= 0 || un->lost_turn * 100 < m->trigger * before)
		return;
	pct = un->lost_turn * 100 / before;
	target = nap_drill(g->rs, un) + m->base;
	n += snprintf(expl + n, sizeof expl - (size_t)n, "Drill %d + %d",
	    nap_drill(g->rs, un), m->base);
	if (nap_musician(g->rs, un)) {
		target += m->musician;
		n += snprintf(expl + n, sizeof expl - (size_t)n,
		    " %+d (musician)", m->musician);
	}
	if (general_near(g, un)) {
		target += m->general;
		n += snprintf(expl + n, sizeof expl - (size_t)n,
		    " %+d (general near)", m->general);
	}
	if (un->cond == COND_MOB) {
		target += m->mob;
		n += snprintf(expl + n, sizeof expl - (size_t)n,
		    " %+d (Mob)", m->mob);
	}
	total_pct = un->strength0 > 0 ?
	    (un->strength0 - un->strength) * 100 / un->strength0 : 0;
	worn = total_pct / m->per_losses;
	if (worn > 0) {
		target -= worn;
		n += snprintf(expl + n, sizeof expl - (size_t)n,
		    " -%d (%d%% lost in all)", worn, total_pct);
	}
	for (i = 0; i < m->dice; i++) {
		r = rng_die(&g->rng, m->die);
		roll += r;
		dn += snprintf(dice + dn, sizeof dice - (size_t)dn, "%s%d",
		    i ? "+" : "", r);
	}
	if (roll <= target) {
		game_log(g, u, EV_CONDITION, "3.9.1", "%s lost %d%% this turn "
		    "and tests morale: needs %d or less (%s); rolls %d (%s): "
		    "holds", un->name, pct, target, expl, roll, dice);
		return;
	}
	game_log(g, u, EV_CONDITION, "3.9.1", "%s lost %d%% this turn and "
	    "tests morale: needs %d or less (%s); rolls %d (%s): fails by %d",
	    un->name, pct, target, expl, roll, dice, roll - target);
	if (roll - target >= m->rout_margin || un->cond == COND_MOB) {
		char why[64];

		snprintf(why, sizeof why, un->cond == COND_MOB ?
		    "a Mob that fails" : "failed by %d, %d or more",
		    roll - target, m->rout_margin);
		nap_rout(g, u, why);
		return;
	}
	un->cond = COND_MOB;
	game_log(g, u, EV_CONDITION, "3.9.2", "%s is shaken into a Mob "
	    "(failed by less than %d)", un->name, m->rout_margin);
}

void
nap_phase_morale(struct game *g)
{
	const struct nap_morale *m = tables(g);
	struct near *nr;
	const int *cand;
	int i, j, k, n, best, gap, bestgap;

	/* 3.9.6: first, units fire and melee have worn down to nothing
	 * leave the field, so that they neither flee, block nor test. */
	for (i = 0; i < g->nunits; i++)
		disperse(g, i);
	/* 3.9.3: then those already routed flee. */
	for (i = 0; i < g->nunits; i++)
		if (g->units[i].cond == COND_ROUTED)
			flee(g, i);
	/*
	 * 3.9.5: a formed enemy within touch of routers catches them (the
	 * nearest; of those equally near, the first in index order).  The
	 * snapshot is taken after the flight: catching moves nobody.
	 */
	nr = near_create(g, 0);
	for (i = 0; i < g->nunits; i++) {
		if (g->units[i].cond != COND_ROUTED)
			continue;
		best = -1;
		bestgap = m->touch + 1;
		n = near_query(nr, i, m->touch, &cand);
		for (k = 0; k < n; k++) {
			j = cand[k];
			if (g->units[j].side == g->units[i].side ||
			    g->units[j].cond != COND_FORMED)
				continue;
			gap = near_gap(nr, g, i, j);
			if (gap < bestgap) {
				bestgap = gap;
				best = j;
			}
		}
		if (best >= 0)
			nap_rout_touch(g, best, i);
	}
	near_free(nr);
	/* 3.9.1: tests after this turn's losses. */
	for (i = 0; i < g->nunits; i++)
		if (unit_active(&g->units[i]))
			morale_test(g, i);
}
