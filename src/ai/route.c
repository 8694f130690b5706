/*
 * route.c - the commander's sense of the ground: the blocks units make,
 * the gaps between them, a straight march swept for friends and walls,
 * and the waypoints that lead a march round a wall (a bounded search of
 * the ground, as a player would mark the way).
 */
#include "config.h"

#include <limits.h>
#include <stdlib.h>

#include "ai/think.h"
#include "core/cells.h"
#include "core/geom.h"
#include "core/map.h"
#include "core/move.h"
#include "core/ruleset.h"
#include "util/xalloc.h"

/* The cells of a block of arm in formation form, anchored at at facing f
 * (at least one cell each way); how many were written to out. */
int
ai_footprint(const struct ai_view *v, enum arm arm, int form, struct point at,
    enum dir f, struct point *out)
{
	const struct formation_def *fd = &v->rs->form[form];
	int fr = fd->frontage[arm], de = fd->depth[arm], n;

	if (fr < 1)
		fr = 1;
	if (de < 1)
		de = 1;
	n = geom_footprint(at, f, fr, de, out, cells_pool_size(v->cells));
	return n < cells_pool_size(v->cells) ? n : cells_pool_size(v->cells);
}

/* The gap between an own unit and an enemy unit. */
int
ai_gap_own_enemy(const struct ai_view *v, const struct ai_own *o,
    const struct ai_enemy *e)
{
	struct point *a = cells_take(v->cells), *b = cells_take(v->cells);
	int na, nb, gap;

	na = ai_footprint(v, o->arm, o->formation, o->pos, o->facing, a);
	nb = ai_footprint(v, e->arm, e->formation, e->pos, e->facing, b);
	gap = move_gap(a, na, b, nb);
	cells_give(v->cells, b);
	cells_give(v->cells, a);
	return gap;
}

/* The gap between a block and a point. */
int
ai_gap_point(const struct ai_view *v, enum arm arm, int form, struct point at,
    enum dir f, struct point p)
{
	struct point *a = cells_take(v->cells);
	int na, gap;

	na = ai_footprint(v, arm, form, at, f, a);
	gap = move_gap(a, na, &p, 1);
	cells_give(v->cells, a);
	return gap;
}

/* True if formation form (-1: none, never) may stand on every cell of
 * this footprint, and no obstacle a unit may not stop on runs between
 * two of them (ruleset_obstacle_within: the ruleset may refuse a
 * formation there). */
bool
ai_ground_allows(const struct ai_view *v, enum arm arm, int form,
    struct point at, enum dir f)
{
	struct point *c;
	const struct cell *cl;
	int n, i;

	if (form < 0)
		return false;
	c = cells_take(v->cells);
	n = ai_footprint(v, arm, form, at, f, c);
	for (i = 0; i < n; i++) {
		if (!map_inside(v->map, c[i].x, c[i].y))
			break;
		cl = map_cell(v->map, c[i].x, c[i].y);
		if (cl->land < v->rs->nland &&
		    (v->rs->land[cl->land].forbid & (1u << form)))
			break;
	}
	if (i == n && ruleset_obstacle_within(v->rs, v->map, c, n, NULL,
	    NULL) > 0)
		i = -1;
	cells_give(v->cells, c);
	return i == n;
}

/* True if an obstacle without a passage lies across the step from p
 * towards d (either edge of a diagonal step). */
static bool
edge_across(const struct ai_view *v, struct point p, enum dir d)
{
	int pass;

	if (!dir_diagonal(d))
		return map_edge(v->map, p.x, p.y, d, &pass) != 0 &&
		    pass == PASS_NONE;
	return (map_edge(v->map, p.x, p.y, dir_turn(d, -1), &pass) != 0 &&
	    pass == PASS_NONE) ||
	    (map_edge(v->map, p.x, p.y, dir_turn(d, 1), &pass) != 0 &&
	    pass == PASS_NONE);
}

/*
 * Walk the straight way from unit i towards dest, at most max steps:
 * returns the steps that are clear, with *friend the own unit whose
 * ground the block would enter next (-1 none) and *edge true if an
 * obstacle is next.
 */
static int
sweep_in(const struct think *t, int i, struct point dest, int max, int *friend,
    bool *edge, struct point *c)
{
	const struct ai_view *v = t->v;
	const struct ai_own *u = &v->own[i];
	struct point p = u->pos, nx;
	enum dir d;
	int s, n, k, o;

	*friend = -1;
	*edge = false;
	for (s = 0; s < max; s++) {
		if (p.x == dest.x && p.y == dest.y)
			break;
		d = heading(p, dest);
		if (edge_across(v, p, d)) {
			*edge = true;
			return s;
		}
		nx = offset(p, d, 1);
		n = ai_footprint(v, u->arm, u->formation, nx, d, c);
		for (k = 0; k < n; k++) {
			if (!map_inside(v->map, c[k].x, c[k].y))
				continue;
			o = t->occ[(size_t)c[k].y * v->map->w + c[k].x];
			if (o > 0 && o - 1 != i) {
				*friend = o - 1;
				return s;
			}
		}
		p = nx;
	}
	return s;
}

int
ai_sweep(const struct think *t, int i, struct point dest, int max, int *friend,
    bool *edge)
{
	struct point *c = cells_take(t->v->cells);
	int s = sweep_in(t, i, dest, max, friend, edge, c);

	cells_give(t->v->cells, c);
	return s;
}

/*
 * Whether own unit u's block at p, in its formation, lies on the map
 * facing to (the nearest of the eight headings).  Along the map's edge a
 * deep block may have no facing towards its goal at all: a Column of
 * horse 4 cells deep on the map's last column can face along the edge
 * and away from it, never back across the map (3.6.3: the block swings
 * about its front).
 */
bool
ai_faces_on_map(const struct ai_view *v, const struct ai_own *u,
    struct point p, struct point to)
{
	struct point *c;
	int k, n;
	bool in = true;

	if (p.x == to.x && p.y == to.y)
		return true;
	c = cells_take(v->cells);
	n = ai_footprint(v, u->arm, u->formation, p, heading(p, to), c);
	for (k = 0; k < n && in; k++)
		in = map_inside(v->map, c[k].x, c[k].y);
	cells_give(v->cells, c);
	return in;
}

/*
 * Keep a march out of two ways of becoming a Mob: passing through a
 * friend (3.6.7) - go round him - and crossing an obstacle with exactly
 * the speed left (3.6.5) - close up to it this turn and cross next turn
 * with the whole allowance.
 */
void
ai_steer(const struct think *t, int i, const struct point **via,
    struct point *dest, struct point *detour)
{
	const struct ai_view *v = t->v;
	const struct ai_own *u = &v->own[i];
	struct point to = *via != NULL ? **via : *dest, p;
	int s, fr, w, k;
	bool edge;
	enum dir hd, side;

	s = ai_sweep(t, i, to, 12, &fr, &edge);
	if (edge) {
		if (s == 0)
			return;
		p = u->pos;
		for (k = 0; k < s; k++)
			p = offset(p, heading(p, to), 1);
		*dest = p;
		*via = NULL;
		return;
	}
	if (fr < 0)
		return;
	hd = heading(u->pos, to);
	side = dir_turn(hd, 2);
	if (project(u->pos, v->own[fr].pos, side) < 0)
		side = dir_turn(hd, -2);
	w = (v->rs->form[v->own[fr].formation].frontage[v->own[fr].arm] +
	    v->rs->form[u->formation].frontage[u->arm]) / 2 + 2;
	*detour = clamp(v, offset(v->own[fr].pos, side, w));
	/* Not where the map's edge would leave the block no facing back
	 * towards its goal: the other side when that one has it, else a
	 * little nearer the goal.  At the Côa the 15e Chasseurs, sent round
	 * Loison's battery by the map's last column, rode along it all
	 * afternoon, never able to face the bridge again. */
	if (v->rs->ops->doctrine != NULL &&
	    v->rs->ops->doctrine->steer_off_edge &&
	    !ai_faces_on_map(v, u, *detour, to)) {
		p = clamp(v, offset(v->own[fr].pos, dir_turn(side, 4), w));
		if (ai_faces_on_map(v, u, p, to))
			*detour = p;
		else
			for (k = 0; k < w && !ai_faces_on_map(v, u, *detour,
			    to); k++)
				*detour = offset(*detour, heading(*detour, to),
				    1);
	}
	if (geom_dist(*detour, u->pos) <= 2 * STEP_DIAG) {
		/* Beside him already: step past. */
		*detour = clamp(v, offset(*detour, hd, 4));
	}
	*via = detour;
}

/* --- ways round walls ----------------------------------------------------- */

/*
 * Whether the front of a block fr cells wide, stepping from anchor p
 * towards d, would cross an obstacle without a passage (3.6.5: a wall
 * costs Pr + Pe + 1 BD on top of the step, more than a Column or a slow
 * Line has in a turn, and exactly what a Manoeuvre Column has, which
 * leaves it a Mob) or leave the map.  One cell of room either side is
 * kept, so that the block clears the end of a wall.
 */
static bool
edge_barred(const struct ai_view *v, int form, struct point p, enum dir d)
{
	const struct obstacle *ob;
	int o, pass;

	if (!map_inside(v->map, p.x, p.y))
		return false;
	o = map_edge(v->map, p.x, p.y, d, &pass);
	if (o <= 0 || o >= v->rs->nobst || pass != PASS_NONE)
		return false;
	ob = &v->rs->obst[o];
	/* Forbidden to the formation, or dearer than a stream or a hedge:
	 * more than a Column or a slow Line can pay in a turn. */
	return (ob->forbid & (1u << form)) != 0 || ob->pr + ob->pe > v->rs->ticks;
}

/* step_barred, the front looked over in c (cells_pool_size points). */
static bool
step_barred_in(const struct ai_view *v, int form, int fr, struct point p,
    enum dir d, struct point *c)
{
	struct point q = offset(p, d, 1), prev;
	int n, k, max = cells_pool_size(v->cells);

	if (!map_inside(v->map, q.x, q.y))
		return true;
	n = geom_footprint(q, d, fr + 2, 1, c, max);
	if (n > max)
		n = max;
	for (k = 0; k < n; k++) {
		if (!map_inside(v->map, c[k].x, c[k].y))
			continue;
		prev.x = c[k].x - dir_dx[d];
		prev.y = c[k].y - dir_dy[d];
		if (!map_inside(v->map, prev.x, prev.y))
			continue;
		if (dir_diagonal(d)) {
			enum dir l = dir_turn(d, -1), r = dir_turn(d, 1);

			if (edge_barred(v, form, prev, l) ||
			    edge_barred(v, form, prev, r) ||
			    edge_barred(v, form, offset(prev, l, 1), r) ||
			    edge_barred(v, form, offset(prev, r, 1), l))
				return true;
		} else if (edge_barred(v, form, prev, d))
			return true;
	}
	return false;
}

/* Whether a wall bars the step of a block fr wide from p towards d: the
 * front and a cell either side. */
static bool
step_barred(const struct ai_view *v, int form, int fr, struct point p,
    enum dir d)
{
	struct point *c = cells_take(v->cells);
	bool barred = step_barred_in(v, form, fr, p, d, c);

	cells_give(v->cells, c);
	return barred;
}

/* The steps the straight march of a block fr wide from a to b makes
 * before a wall bars it (as step_barred); -1 if it is clear. */
static int
barred_at(const struct ai_view *v, int form, int fr, struct point a,
    struct point b)
{
	enum dir d;
	int s;

	for (s = 0; s < 4 * (v->map->w + v->map->h); s++) {
		if (a.x == b.x && a.y == b.y)
			return -1;
		d = heading(a, b);
		if (step_barred(v, form, fr, a, d))
			return s;
		a = offset(a, d, 1);
	}
	return -1;
}

/* Whether the straight march of a block fr wide from a to b meets no wall
 * (barred_at). */
bool
ai_straight_clear(const struct ai_view *v, int form, int fr, struct point a,
    struct point b)
{
	return barred_at(v, form, fr, a, b) < 0;
}

/* A binary heap of (cost, cell) for the search below. */
struct heap {
	int64_t		*v;		/* cost << 32 | cell */
	int		 n;
};

static void
heap_push(struct heap *h, int64_t cost, int cell)
{
	int64_t x = cost << 32 | (int64_t)cell, y;
	int i = h->n++, p;

	h->v[i] = x;
	while (i > 0 && h->v[p = (i - 1) / 2] > h->v[i]) {
		y = h->v[p];
		h->v[p] = h->v[i];
		h->v[i] = y;
		i = p;
	}
}

static int64_t
heap_pop(struct heap *h)
{
	int64_t top = h->v[0], y;
	int i = 0, l, r, m;

	h->v[0] = h->v[--h->n];
	for (;;) {
		l = 2 * i + 1;
		r = l + 1;
		m = i;
		if (l < h->n && h->v[l] < h->v[m])
			m = l;
		if (r < h->n && h->v[r] < h->v[m])
			m = r;
		if (m == i)
			break;
		y = h->v[m];
		h->v[m] = h->v[i];
		h->v[i] = y;
		i = m;
	}
	return top;
}

/*
 * Waypoints that lead own unit i round the walls between it and dest, as
 * a player would mark them on the map: a search over anchor cells in a
 * window round both ends where a barred step costs as much as a long
 * detour, then the fewest points between which the march runs straight
 * and clear.  Returns how many were written to pts (at most max; 0 when
 * the straight way is clear or no better way was found).
 */
int
ai_way_round(struct think *t, int i, struct point dest, struct point *pts,
    int max)
{
	const struct ai_view *v = t->v;
	const struct ai_own *u = &v->own[i];
	const struct formation_def *fd = &v->rs->form[u->formation];
	int fr = fd->frontage[u->arm] > 0 ? fd->frontage[u->arm] : 1;
	int x0, y0, x1, y1, w, h, margin = 16, k, d, np = 0, len, cell;
	int *cost, *from, *route, nroute;
	struct heap hp;
	struct point p, q, cur;
	int64_t top;
	bool found = false;

	/* Only a wall met within the next turns' march, and not one the
	 * block stands astride already: the way beyond is planned when
	 * the march gets there. */
	k = barred_at(v, u->formation, fr, u->pos, dest);
	if (k < 1 || k > 10)
		return 0;
	/* A bounded staff: a few searches a turn over a modest window. */
	if (t->searches >= 24 || geom_dist(u->pos, dest) > 48 * STEP_ORTHO)
		return 0;
	t->searches++;
	x0 = (u->pos.x < dest.x ? u->pos.x : dest.x) - margin;
	y0 = (u->pos.y < dest.y ? u->pos.y : dest.y) - margin;
	x1 = (u->pos.x > dest.x ? u->pos.x : dest.x) + margin;
	y1 = (u->pos.y > dest.y ? u->pos.y : dest.y) + margin;
	if (x0 < 0)
		x0 = 0;
	if (y0 < 0)
		y0 = 0;
	if (x1 > v->map->w - 1)
		x1 = v->map->w - 1;
	if (y1 > v->map->h - 1)
		y1 = v->map->h - 1;
	w = x1 - x0 + 1;
	h = y1 - y0 + 1;
	cost = xcalloc((size_t)w * h, sizeof *cost);
	from = xcalloc((size_t)w * h, sizeof *from);
	hp.v = xcalloc((size_t)w * h * 8 + 1, sizeof *hp.v);
	hp.n = 0;
	for (k = 0; k < w * h; k++)
		cost[k] = INT_MAX;
	cell = (u->pos.y - y0) * w + (u->pos.x - x0);
	cost[cell] = 0;
	from[cell] = -1;
	heap_push(&hp, 0, cell);
	while (hp.n > 0) {
		top = heap_pop(&hp);
		cell = (int)(top & 0xffffffff);
		if ((int)(top >> 32) > cost[cell])
			continue;
		p.x = x0 + cell % w;
		p.y = y0 + cell / w;
		if (p.x == dest.x && p.y == dest.y) {
			found = true;
			break;
		}
		for (d = 0; d < DIR_COUNT; d++) {
			int c2, nc;

			q = offset(p, (enum dir)d, 1);
			if (q.x < x0 || q.y < y0 || q.x > x1 || q.y > y1)
				continue;
			c2 = (q.y - y0) * w + (q.x - x0);
			nc = cost[cell] + dir_step_cost((enum dir)d);
			if (step_barred(v, u->formation, fr, p, (enum dir)d))
				nc += 40 * v->rs->ticks;
			if (nc < cost[c2]) {
				cost[c2] = nc;
				from[c2] = cell;
				heap_push(&hp, nc, c2);
			}
		}
	}
	if (found && cost[cell] < 40 * v->rs->ticks) {
		/* The route, start first. */
		for (len = 0, k = cell; k >= 0; k = from[k])
			len++;
		route = xcalloc((size_t)len, sizeof *route);
		for (nroute = len, k = cell; k >= 0; k = from[k])
			route[--nroute] = k;
		nroute = len;
		cur = u->pos;
		k = 0;
		while (np < max) {
			int best = -1, j;

			for (j = nroute - 1; j > k; j--) {
				q.x = x0 + route[j] % w;
				q.y = y0 + route[j] / w;
				if (ai_straight_clear(v, u->formation, fr, cur, q)) {
					best = j;
					break;
				}
			}
			if (best < 0) {
				/* Not even the next cell runs clear: the
				 * block stands astride a wall already. */
				np = 0;
				break;
			}
			if (best >= nroute - 1)
				break;
			cur.x = x0 + route[best] % w;
			cur.y = y0 + route[best] / w;
			pts[np++] = cur;
			k = best;
		}
		free(route);
	}
	free(hp.v);
	free(cost);
	free(from);
	return np;
}
