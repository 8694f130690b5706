/*
 * move-walk.c - the movement engine: a unit's walk along its route,
 * priced step by step by the ruleset, committed to the game with its
 * explanation.  See move.h.  Here: the walk's start, its helpers, the
 * room of its block, the walk's run and its commit (move_unit); the
 * per-phase context is in move-ctx.c, the routes a walk follows in
 * move-route.c, one step is priced in move-step.c, the march column on
 * its road and through narrow passages in move-road.c, the enemies near
 * a walk found in move-near.c.
 *
 * A walk works on a copy of the unit's state (struct move_walk) and never
 * changes the game; move_unit commits the result, updates the occupancy
 * grid and the per-phase index, and turns the walk's notes into events.
 * The same walk serves move_preview (no commit) and the look ahead that
 * decides whether a unit can pass right through a friend this turn.
 */
#include "config.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/know.h"
#include "core/move.h"
#include "core/move-priv.h"
#include "core/path.h"
#include "core/ruleset.h"
#include "util/xalloc.h"


/* " at [x, y] facing F, Formation (Mob): why" */
static void
line_place(struct move_text *l, const struct game *g, const struct unit *u,
    const char *why)
{
	move_text_s(l, "[");
	move_text_i(l, u->pos.x);
	move_text_s(l, ", ");
	move_text_i(l, u->pos.y);
	move_text_s(l, "] facing ");
	move_text_s(l, dir_name(u->facing));
	move_text_s(l, ", ");
	move_text_s(l, g->rs->form[u->formation].label);
	if (u->cond == COND_MOB) {	/* in the ruleset's word */
		move_text_s(l, " (");
		move_text_s(l, ruleset_word(g->rs, RULESET_TERM_MOB));
		move_text_s(l, ")");
	}
	move_text_s(l, ": ");
	move_text_s(l, why);
}

/* A copy of a trail with room for g->cells_max points, or NULL. */
struct point *
trail_dup(const struct game *g, const struct point *t, int n)
{
	struct point *c;

	if (t == NULL)
		return NULL;
	c = xmallocarray((size_t)g->cells_max, sizeof *c);
	memcpy(c, t, (size_t)(n < g->cells_max ? n : g->cells_max) *
	    sizeof *c);
	return c;
}

void
move_walk_init(const struct game *g, int u, struct move_walk *w)
{
	const struct unit *un = &g->units[u];

	memset(w, 0, sizeof *w);
	w->unit = u;
	w->order = &un->order;
	w->turn = g->turn;
	w->pos = un->pos;
	w->facing = un->facing;
	w->form = un->formation;
	w->cond = un->cond;
	w->owed = un->owed;
	w->halt = HALT_NONE;
	w->contact = -1;
	w->contact_apart = false;
	w->touched_routed = -1;
	w->wait_for = -1;
	w->detour = -1;
	w->narrow_beyond = false;
	w->waypoint = un->waypoint;
	if (unit_on_trail(un)) {
		w->trail = trail_dup(g, un->trail, un->ntrail);
		w->ntrail = un->ntrail < g->cells_max ? un->ntrail :
		    g->cells_max;
	}
	if (g->rs->ops->move_init != NULL)
		g->rs->ops->move_init(g, w);
}

int
walk_owed(const struct game *g, const struct unit *u, bool resumed)
{
	if (u->owed <= 0)
		return 0;
	if (u->halt == HALT_SPEED)
		return u->halt_turn == g->turn - 1 ? u->owed : 0;
	return resumed ? u->owed : 0;
}

/* The facing the walker keeps stepping towards d, as the ruleset says. */
enum dir
walk_face(const struct game *g, const struct move_walk *w, enum dir d)
{
	if (g->rs->ops->move_face != NULL)
		return g->rs->ops->move_face(g, w, d);
	return d;
}

/* The walk is short of ticks: whether the ruleset gives it more. */
bool
walk_more(const struct game *g, struct move_walk *w)
{
	int before = w->left;

	return g->rs->ops->move_spent != NULL &&
	    g->rs->ops->move_spent(g, w) && w->left > before;
}

/* What cause does to the walker, as the ruleset says. */
void
walk_upset(const struct game *g, struct move_walk *w, enum move_upset cause,
    const struct move_price *p)
{
	if (g->rs->ops->move_upset != NULL)
		g->rs->ops->move_upset(g, w, cause, p);
}

void
walk_push(struct move_walk *w, struct point p)
{
	if (w->scratch)
		return;
	if (w->npath == w->cappath) {
		w->cappath = w->cappath ? w->cappath * 2 : 16;
		w->path = xreallocarray(w->path, (size_t)w->cappath,
		    sizeof *w->path);
	}
	w->path[w->npath++] = p;
}

const char *
rule_for(const struct game *g, enum halt h)
{
	const char *r = NULL;

	if (g->rs->ops->move_rule != NULL)
		r = g->rs->ops->move_rule(h);
	return r != NULL ? r : "";
}

/* End the walk for reason h, citing rule (or the ruleset's rule for h). */
void
walk_halt(const struct game *g, struct move_walk *w, enum halt h,
    const char *rule)
{
	w->halt = h;
	event_rule_copy(w->halt_rule, sizeof w->halt_rule,
	    rule != NULL && *rule != '\0' ? rule : rule_for(g, h));
}

/* --- the walk ----------------------------------------------------------- */

/* The unit overlapping the footprint, other than the walker; -1 if none;
 * -2 if a cell is off the map. */
int
walk_overlap(const struct game *g, const struct move_walk *w,
    const struct point *cells, int n, int from)
{
	int i, who;

	for (i = from; i < n; i++) {
		if (!map_inside(g->map, cells[i].x, cells[i].y))
			return -2;
		who = g->occ[(size_t)cells[i].y * (size_t)g->map->w +
		    (size_t)cells[i].x] - 1;
		if (who >= 0 && who != w->unit)
			return who;
	}
	return -1;
}

/* The box of the block of fr x dp cells (spans, geom_span) anchored at
 * anchor facing f, as geom_footprint lays it: its least and greatest x
 * and y are those of two of its corners (each axis moves a whole step or
 * none along a rank and back).  *first gets its first cell. */
static inline void
block_box(struct point anchor, enum dir f, int fr, int dp,
    struct point *first, struct point *lo, struct point *hi)
{
	int right = ((int)f + 2) & (DIR_COUNT - 1);
	int back = ((int)f + 4) & (DIR_COUNT - 1);
	int rx = dir_dx[right], ry = dir_dy[right];
	int bx = dir_dx[back], by = dir_dy[back];
	int x0 = anchor.x - (fr - 1) / 2 * rx, y0 = anchor.y - (fr - 1) / 2 * ry;
	int xa = x0 + (fr - 1) * rx, ya = y0 + (fr - 1) * ry;
	int xb = x0 + (dp - 1) * bx, yb = y0 + (dp - 1) * by;
	int xe = xa + (dp - 1) * bx, ye = ya + (dp - 1) * by;
	int lx = x0, hx = x0, ly = y0, hy = y0;

	lx = xa < lx ? xa : lx; hx = xa > hx ? xa : hx;
	lx = xb < lx ? xb : lx; hx = xb > hx ? xb : hx;
	lx = xe < lx ? xe : lx; hx = xe > hx ? xe : hx;
	ly = ya < ly ? ya : ly; hy = ya > hy ? ya : hy;
	ly = yb < ly ? yb : ly; hy = yb > hy ? yb : hy;
	ly = ye < ly ? ye : ly; hy = ye > hy ? ye : hy;
	first->x = x0;
	first->y = y0;
	lo->x = lx;
	lo->y = ly;
	hi->x = hx;
	hi->y = hy;
}

/* walk_overlap of the block frontage x depth cells (as counted facing N)
 * anchored at anchor facing f, in geom_footprint's order and at most
 * g->cells_max cells of it, as game_footprint_at lists a straight block:
 * read where it lies, not listed. */
static int
block_overlap(const struct game *g, const struct move_walk *w,
    struct point anchor, enum dir f, int frontage, int depth)
{
	const struct map *map = g->map;
	const int *occ = g->occ;
	int right = ((int)f + 2) & (DIR_COUNT - 1);
	int back = ((int)f + 4) & (DIR_COUNT - 1);
	int rx = dir_dx[right], ry = dir_dy[right];
	int bx = dir_dx[back], by = dir_dy[back];
	int fr, dp, i, j, n, lim, who, self = w->unit + 1, x, y, x0, y0;
	struct point first, lo, hi;
	long k, k0, dk, db;

	if (frontage <= 0 || depth <= 0)
		return -1;
	fr = geom_span(f, frontage);
	dp = geom_span(f, depth);
	lim = fr * dp < g->cells_max ? fr * dp : g->cells_max;
	block_box(anchor, f, fr, dp, &first, &lo, &hi);
	x0 = first.x;
	y0 = first.y;
	if (lo.x >= 0 && lo.y >= 0 && hi.x < map->w && hi.y < map->h) {
		/* All on the map: by place in the occupancy grid, at most
		 * lim cells in order. */
		dk = (long)ry * map->w + rx;
		db = (long)by * map->w + bx;
		k0 = (long)y0 * map->w + x0;
		if (lim == fr * dp) {
			/* The whole block (nearly always): no count kept. */
			for (j = 0; j < dp; j++, k0 += db)
				for (i = 0, k = k0; i < fr; i++, k += dk)
					if (occ[k] != 0 && occ[k] != self)
						return occ[k] - 1;
			return -1;
		}
		for (j = 0, n = 0; j < dp && n < lim; j++, k0 += db)
			for (i = 0, k = k0; i < fr && n < lim; i++, n++,
			    k += dk)
				if (occ[k] != 0 && occ[k] != self)
					return occ[k] - 1;
		return -1;
	}
	/* Partly off the map: cell by cell, as walk_overlap reads them. */
	for (j = 0, n = 0; j < dp && n < lim; j++, x0 += bx, y0 += by)
		for (i = 0, x = x0, y = y0; i < fr && n < lim; i++, n++,
		    x += rx, y += ry) {
			if (!map_inside(map, x, y))
				return -2;
			who = occ[(size_t)y * (size_t)map->w + (size_t)x] - 1;
			if (who >= 0 && who != w->unit)
				return who;
		}
	return -1;
}

int
walk_overlap_rank(const struct game *g, const struct move_walk *w,
    struct point anchor, enum dir f, int frontage)
{
	const struct map *map = g->map;
	struct point first, step;
	long k, dk;
	int i, n, who, self = w->unit + 1;

	n = geom_rank(anchor, f, frontage, &first, &step);
	if (n <= 0)
		return -1;
	if (!map_inside(map, first.x, first.y) || !map_inside(map,
	    first.x + (n - 1) * step.x, first.y + (n - 1) * step.y)) {
		/* Partly off the map: cell by cell, in the rank's order,
		 * as walk_overlap reads them. */
		for (i = 0; i < n; i++, first.x += step.x,
		    first.y += step.y) {
			if (!map_inside(map, first.x, first.y))
				return -2;
			who = g->occ[(size_t)first.y * (size_t)map->w +
			    (size_t)first.x] - 1;
			if (who >= 0 && who != w->unit)
				return who;
		}
		return -1;
	}
	/* A straight rank with both ends on the map lies on it whole: by
	 * the cells' places in the occupancy grid. */
	k = (long)first.y * map->w + first.x;
	dk = (long)step.y * map->w + step.x;
	for (i = 0; i < n; i++, k += dk)
		if (g->occ[k] != 0 && g->occ[k] != self)
			return g->occ[k] - 1;
	return -1;
}

int
walk_overlap_at(const struct game *g, const struct move_walk *w,
    struct point anchor, enum dir f, int form)
{
	const struct unit *u = &g->units[w->unit];
	struct point *cells;
	int n, who;

	if (anchor.x == u->pos.x && anchor.y == u->pos.y && f == u->facing &&
	    form == u->formation && unit_on_trail(u)) {
		/* On its trail where it stands (game_footprint_at). */
		cells = game_cells_take(g);
		n = game_footprint_at(g, u, anchor, f, form, cells);
		who = walk_overlap(g, w, cells, n, 0);
		game_cells_give(g, cells);
		return who;
	}
	return block_overlap(g, w, anchor, f, g->rs->form[form].frontage[
	    u->arm], g->rs->form[form].depth[u->arm]);
}

static void walk_run(const struct game *, struct move_ctx *, struct move_walk *,
    struct cands *);

/* Would the walk, going on through friends, come clear of them?  The
 * trial walk leaves the enemies' gaps in cs as it found them: they are
 * the walker's, measured where it stands. */
bool
walk_can_clear(const struct game *g, struct move_ctx *ctx,
    const struct move_walk *w, struct cands *cs, int *inside, int *enemy)
{
	struct move_walk t = *w;
	struct point *cells;
	int *gaps = NULL, i, n;

	t.scratch = true;
	move_note_silence(&t);
	t.passing = true;
	t.path = NULL;
	t.npath = t.cappath = 0;
	t.round.route = NULL;	/* w's own: t never searches a way round */
	t.round.face = NULL;
	t.round_known = false;
	t.route = xmallocarray((size_t)w->nroute + 1, sizeof *t.route);
	memcpy(t.route, w->route, (size_t)w->nroute * sizeof *t.route);
	t.route_face = NULL;
	if (w->route_face != NULL) {
		t.route_face = xmallocarray((size_t)w->nroute + 1, 1);
		memcpy(t.route_face, w->route_face, (size_t)w->nroute);
	}
	t.trail = trail_dup(g, w->trail, w->ntrail);
	t.narrow_trail = trail_dup(g, w->narrow_trail, w->narrow_ntrail);
	t.replans = REPLANS_MAX;	/* the look ahead keeps to the route */
	if (cs->n > 0) {
		gaps = xmallocarray((size_t)cs->n, sizeof *gaps);
		for (i = 0; i < cs->n; i++)
			gaps[i] = cs->v[i].gap;
	}
	walk_run(g, ctx, &t, cs);
	for (i = 0; gaps != NULL && i < cs->n; i++)
		cs->v[i].gap = gaps[i];
	free(gaps);
	if (enemy != NULL)
		*enemy = t.passing && t.halt == HALT_CONTACT ? t.contact : -1;
	if (inside != NULL) {
		*inside = -1;
		if (t.passing) {
			cells = game_cells_take(g);
			n = walk_cells(g, &t, cells);
			*inside = walk_overlap(g, &t, cells, n, 0);
			if (*inside < 0)
				*inside = -1;
			game_cells_give(g, cells);
		}
	}
	free(t.route);
	free(t.route_face);
	free(t.trail);
	free(t.narrow_trail);
	return !t.passing;
}

/*
 * Whether the walker, on the straight line from p (facing face) towards
 * goal, could get past the standing friend fr met there with its whole
 * allowance: the pass is allowed (3.6.7) and the steps from the first
 * that meets it to the first clear of it, with the pass's price, cost no
 * more than the allowance.  Ground is not priced: a friend it could pass
 * is left to the walk, which meets it under the rules for passing
 * through.
 */
static bool
past_friend(const struct game *g, const struct move_walk *w, struct point p,
    enum dir face, struct point goal, int fr)
{
	struct move_walk tw = *w;
	struct move_price pp;
	struct point q;
	enum dir d;
	int need = 0, k;

	tw.explain = false;
	for (k = 0; k < g->rs->longest_move; k++) {
		if (p.x == goal.x && p.y == goal.y)
			return need <= w->allowance;
		q = path_next(p, face, goal);
		d = (enum dir)dir_between(p, q);
		if (path_standing_friend(g, w, q, d) != fr)
			return need <= w->allowance;
		if (need == 0) {
			tw.pos = p;
			tw.facing = face;
			g->rs->ops->move_pass(g, &tw, fr, d, false, &pp);
			if (pp.verdict == MOVE_NEVER)
				return false;
			need = pp.ticks;
		}
		need += dir_step_cost(d);
		face = d;
		p = q;
	}
	return false;
}

/*
 * Before marching the straight line, look along it (as far as the
 * ruleset's longest_move) for an obstacle the unit can never cross: the
 * ruleset prices that crossing MOVE_NEVER.  Seen from here, the way round
 * is planned while the unit can still turn; met only at the obstacle, a
 * slow unit facing it may have no turn and step it can pay for in one
 * turn (M8), and would stay there.  Only edges under the anchor's path
 * are looked at, and only those are priced: a few map reads per unit and
 * turn.  The standing friends are looked for along the line only when
 * the per-phase index files one near enough to meet it there
 * (ctx_standing_near), and with none to look for a line whose box holds
 * no obstacle (map_edges_in) is not walked at all: most walks have
 * neither about them.
 */
static void
walk_look_ahead(const struct game *g, struct move_ctx *ctx,
    struct move_walk *w)
{
	struct move_walk tw, fw;
	struct move_price sp;
	struct point p = w->pos, q, goal, end;
	enum dir face = w->facing, d, seen = DIR_COUNT;
	int dist = 0, k, far = g->rs->longest_move, fr, dx, dy;
	int steps = (far + STEP_ORTHO - 1) / STEP_ORTHO;
	bool round, clean = false;

	if (!w->line || w->replans > 0 || w->npath > 1 || !walk_goal(w, &goal))
		return;
	round = !w->scratch && g->rs->ops->move_face == NULL &&
	    w->order->ngroup == 0;
	/* The anchor goes at most far / STEP_ORTHO cells (rounded up)
	 * along the line, each step nearer the goal on both axes: it stays
	 * in the box of its place and end, so far as it goes. */
	dx = goal.x - p.x;
	dy = goal.y - p.y;
	end.x = p.x + (dx > steps ? steps : dx < -steps ? -steps : dx);
	end.y = p.y + (dy > steps ? steps : dy < -steps ? -steps : dy);
	if (round)
		round = ctx_standing_near(g, ctx, w, end);
	/* No friend to look for and no obstacle in the box (the edges it
	 * would price lie between two of its cells): nothing to see. */
	if (!round && !map_edges_in(g->map, p, end))
		return;
	/* The walk as the ruleset is asked about it, silent (tw) and as it
	 * is (fw), copied once: only the place and facing change below. */
	tw = *w;
	tw.explain = false;
	if (g->rs->ops->move_face != NULL)
		fw = *w;
	for (k = 0; k < far && dist < far &&
	    (p.x != goal.x || p.y != goal.y); k++) {
		q = path_next(p, face, goal);
		d = (enum dir)dir_between(p, q);
		/* A friend standing on the line that it could not get past
		 * even with a whole turn's speed: met, it would wait behind
		 * it for ever, often with no room left to turn. */
		if (round && d != seen)
			clean = false;	/* a new facing: the whole block */
		seen = d;
		if (round && (fr = path_standing_friend_next(g, w, q, d,
		    &clean)) >= 0) {
			round = false;	/* the first friend met only */
			if (!past_friend(g, w, p, face, goal, fr) &&
			    walk_detour(g, w, fr, rule_for(g, HALT_BLOCKED)))
				return;
		}
		if (!dir_diagonal(d) && map_edge(g->map, p.x, p.y, d,
		    NULL) > 0) {
			tw.pos = p;
			tw.facing = face;
			tw.facing = walk_face(g, &tw, d);
			g->rs->ops->move_step(g, &tw, d, &sp);
			if (sp.verdict == MOVE_NEVER &&
			    sp.halt == HALT_OBSTACLE) {
				(void)walk_round(g, w);
				return;
			}
		}
		dist += dir_step_cost(d);
		if (g->rs->ops->move_face != NULL) {
			fw.pos = p;
			fw.facing = face;
			face = walk_face(g, &fw, d);
		} else
			face = d;
		p = q;
	}
}

static void
walk_run(const struct game *g, struct move_ctx *ctx, struct move_walk *w,
    struct cands *cs)
{
	enum step_res r;
	int guard = 0;

	walk_look_ahead(g, ctx, w);
again:
	while ((w->left > 0 || w->fresh || (w->narrow &&
	    walk_in_narrow(g, w))) &&
	    guard++ < 10000) {
		/* walk_route finds no next cell only past the order's last
		 * point (walk_goal): the walk has arrived. */
		if (!walk_route(g, w)) {
			walk_halt(g, w, HALT_ARRIVED, NULL);
			return;
		}
		r = walk_step(g, ctx, w, cs);
		if (r == SR_STOP) {
			if (w->narrow && w->halt != HALT_ARRIVED &&
			    walk_in_narrow(g, w))
				narrow_blocked(g, w);
			return;
		}
		/* A look ahead (walk_can_clear) asks only whether the walk
		 * comes clear of the friends it passes through.  Clear, it
		 * stays so: a friend met further on is passed only when a
		 * look ahead from there, the same walk on, comes clear. */
		if (r == SR_MOVED && w->scratch && !w->passing)
			return;
		if (r == SR_MOVED && w->narrow && !w->passing &&
		    !walk_in_narrow(g, w) && w->narrow_beyond) {
			move_note(w, EV_NOTE, rule_for(g, HALT_PASSAGE),
			    "through the passage, its destination behind it: "
			    "its Move order is complete");
			move_note_own(w);
			w->arrived = true;
			walk_halt(g, w, HALT_ARRIVED, NULL);
			return;
		}
		if (r == SR_MOVED && w->narrow && !w->passing &&
		    !walk_in_narrow(g, w)) {
			move_note(w, EV_NOTE, rule_for(g, HALT_PASSAGE),
			    "through the passage: it halts on the far side "
			    "this turn and goes on next turn");
			move_note_own(w);	/* that its order goes on */
			walk_halt(g, w, HALT_PASSAGE, NULL);
			return;
		}
		/* Reached the waypoint sought? */
		if (w->waypoint < w->order->npts &&
		    w->pos.x == w->order->pts[w->waypoint].x &&
		    w->pos.y == w->order->pts[w->waypoint].y) {
			w->waypoint++;
			w->iroute = w->nroute;	/* plan the next leg */
			if (w->waypoint >= w->order->npts) {
				if (w->narrow && !w->narrow_beyond &&
				    walk_in_narrow(g, w) &&
				    narrow_go_beyond(g, w))
					continue;
				w->arrived = true;
				walk_halt(g, w, HALT_ARRIVED, NULL);
				return;
			}
		}
	}
	/* Spent: the ruleset may give it more (a second march). */
	if (w->halt == HALT_NONE && guard < 10000 && walk_more(g, w))
		goto again;
	if (w->narrow && walk_in_narrow(g, w) && !w->scratch) {
		/* 3.6.6: caught in the passage with too little room or
		 * speed. */
		walk_upset(g, w, MOVE_UPSET_PASSAGE_INSIDE, NULL);
	}
	if (w->halt == HALT_NONE)
		walk_halt(g, w, HALT_SPEED, NULL);
}

/* Walk unit w->unit from its start: begin, owed crossing, the steps, end
 * (move-priv.h). */
void
walk_all(const struct game *g, struct move_ctx *ctx, struct move_walk *w,
    int cap, const char *cap_note)
{
	const struct ruleset_ops *ops = g->rs->ops;
	struct cands cs = { NULL, 0, 0, NULL };
	const char *owed_rule;
	char a[32], b[32];
	bool about;
	int i;

	walk_push(w, w->pos);
	if (ops->move_begin == NULL || ops->move_step == NULL) {
		walk_halt(g, w, HALT_BLOCKED, NULL);
		w->stood = true;
		return;
	}
	/* The route first: the ruleset may look along it (3.6.6). */
	(void)walk_route(g, w);
	w->arrived = false;
	w->fresh = true;	/* the ruleset may say it has no speed */
	if (ops->move_begin(g, w) != 0) {
		w->stood = true;
		if (w->halt == HALT_NONE)
			walk_halt(g, w, HALT_BLOCKED, NULL);
		else if (w->halt_rule[0] == '\0')
			walk_halt(g, w, w->halt, NULL);
		return;
	}
	if (cap >= 0 && cap < w->left) {
		w->left = cap;
		w->fresh = false;	/* the line's pace, not a minimum */
	}
	if (cap >= 0 && cap_note != NULL) {
		/* The group order's pace and goal: its side's to read. */
		move_note(w, EV_NOTE, rule_for(g, HALT_SPEED), "%s",
		    cap_note);
		move_note_own(w);
	}
	/* A debt is a crossing it stopped in (3.6.5), or a face-about it
	 * made before it had paid for all of it (walk_about_owed), which
	 * halted it for its speed. */
	about = g->units[w->unit].halt == HALT_SPEED;
	owed_rule = about ? rule_for(g, HALT_SPEED) : rule_for(g,
	    HALT_OBSTACLE);
	if (w->owed > 0 && w->left == 0 && w->fresh) {
		/* Its ground leaves it nothing to pay with: the minimum
		 * move (issue 12) takes it out of the crossing. */
		ruleset_fmt(g->rs, w->owed, a, sizeof a);
		move_note(w, EV_NOTE, owed_rule, "owes %s of its %s and has "
		    "nothing to pay with, but has not moved yet this turn: it "
		    "finishes the %s and spends all (minimum move, marshal's "
		    "reading)", a, about ? "face-about" : "crossing", about ?
		    "face-about" : "crossing");
		w->owed = 0;
		w->fresh = false;
		walk_halt(g, w, about ? HALT_SPEED : HALT_OBSTACLE, NULL);
		return;
	}
	if (w->owed > 0) {
		w->fresh = false;
		i = w->owed < w->left ? w->owed : w->left;
		ruleset_fmt(g->rs, i, a, sizeof a);
		ruleset_fmt(g->rs, w->left - i, b, sizeof b);
		move_note(w, EV_NOTE, owed_rule, "finishes the %s: -%s, %s "
		    "left", about ? "face-about it began last turn" :
		    "crossing it stopped in", a, b);
		w->owed -= i;
		w->left -= i;
		if (w->owed > 0) {
			walk_halt(g, w, about ? HALT_SPEED : HALT_OBSTACLE,
			    NULL);
			return;
		}
	}
	cands_lend(ctx, &cs);
	cands_find(g, ctx, w, &cs);
	if (cs.n > 0) {
		struct point *cells = game_cells_take(g), lo, hi;
		int n = walk_cells(g, w, cells);

		bbox(cells, n, &lo, &hi);
		for (i = 0; i < cs.n; i++)
			cs.v[i].gap = cand_gap(g, &cs.v[i], cells, n, lo,
			    hi);
		game_cells_give(g, cells);
	}
	walk_run(g, ctx, w, &cs);
	/* Its last point was reached before it went on through a passage
	 * (narrow_go_beyond): the order is done whatever it met after. */
	if (w->narrow_beyond)
		w->arrived = true;
	cands_done(ctx, &cs);
	if (ops->move_end != NULL)
		ops->move_end(g, w);
}

/* Why the walk ended, for its closing line. */
static const char *
halt_text(enum halt h)
{
	switch (h) {
	case HALT_SPEED:
		return "its speed for the turn is spent";
	case HALT_TERRAIN:
		return "the ground ahead";
	case HALT_OBSTACLE:
		return "the obstacle";
	case HALT_PASSAGE:
		return "the narrow passage";
	case HALT_CONTACT:
		return "the enemy";
	case HALT_BLOCKED:
		return "the way is blocked";
	case HALT_ARRIVED:
		return "it has reached its destination";
	default:
		return "it does not move";
	}
}

void
move_event_private_end(struct game *g, int k, size_t len, size_t tail)
{
	struct event *e = &g->log.v[k];

	if (tail >= len)
		return;
	e->pub = (int)(len - tail);
	event_rule_copy(e->pub_rule, sizeof e->pub_rule,
	    rule_for(g, HALT_SPEED));
}

/* Ask the memory for the lines of cells from first to last of one row
 * of the grid base (elements of size bytes), without waiting for them. */
static inline void
prefetch_row(const void *base, size_t size, size_t first, size_t last)
{
	const char *p = (const char *)base + first * size;
	const char *e = (const char *)base + last * size;

	for (; p <= e; p += 64)
		__builtin_prefetch(p, 0, 2);
	__builtin_prefetch(e, 0, 2);
}

void
move_prefetch(const struct game *g, int u)
{
	const struct map *m = g->map;
	const struct unit *un;
	const struct formation_def *fd;
	const char *p;
	struct point to, to0, lo, hi;
	int x0, x1, y0, y1, y, dx, dy;
	size_t k;

	if (u < 0 || u >= g->nunits)
		return;
	un = &g->units[u];
	for (p = (const char *)un; p < (const char *)(un + 1); p += 64)
		__builtin_prefetch(p, 0, 2);
	if (un->order.kind != ORDER_MOVE || unit_gone(un))
		return;
	/* Its name, which every line of its log begins with. */
	__builtin_prefetch(un->name, 0, 2);
	to = un->waypoint >= 0 && un->waypoint < un->order.npts ?
	    un->order.pts[un->waypoint] : un->pos;
	fd = &g->rs->form[un->formation];
	if (fd->frontage[un->arm] <= 0 || fd->depth[un->arm] <= 0)
		return;
	/* Its straight block's box (a column on its road trail covers
	 * other cells: a hint may miss). */
	block_box(un->pos, un->facing, geom_span(un->facing,
	    fd->frontage[un->arm]), geom_span(un->facing, fd->depth[un->arm]),
	    &to0, &lo, &hi);
	/* The block's box, drawn out towards the point it goes to (at most
	 * MOVE_PREFETCH_AHEAD cells each way), and a cell round it: the
	 * cells its first steps price and the occupancy they read. */
	dx = to.x - un->pos.x;
	dy = to.y - un->pos.y;
	dx = dx > MOVE_PREFETCH_AHEAD ? MOVE_PREFETCH_AHEAD :
	    dx < -MOVE_PREFETCH_AHEAD ? -MOVE_PREFETCH_AHEAD : dx;
	dy = dy > MOVE_PREFETCH_AHEAD ? MOVE_PREFETCH_AHEAD :
	    dy < -MOVE_PREFETCH_AHEAD ? -MOVE_PREFETCH_AHEAD : dy;
	x0 = (dx < 0 ? lo.x + dx : lo.x) - 1;
	x1 = (dx > 0 ? hi.x + dx : hi.x) + 1;
	y0 = (dy < 0 ? lo.y + dy : lo.y) - 1;
	y1 = (dy > 0 ? hi.y + dy : hi.y) + 1;
	x0 = x0 < 0 ? 0 : x0;
	y0 = y0 < 0 ? 0 : y0;
	x1 = x1 >= m->w ? m->w - 1 : x1;
	y1 = y1 >= m->h ? m->h - 1 : y1;
	for (y = y0; y <= y1 && x0 <= x1; y++) {
		k = (size_t)y * (size_t)m->w;
		prefetch_row(g->occ, sizeof *g->occ, k + (size_t)x0,
		    k + (size_t)x1);
		prefetch_row(m->cells, sizeof *m->cells, k + (size_t)x0,
		    k + (size_t)x1);
	}
}

int
move_unit(struct game *g, struct move_ctx *ctx, int ui, int cap,
    const char *cap_note, const struct point *goal)
{
	struct unit *u = &g->units[ui];
	struct move_walk w;
	struct move_text ln;
	struct order own;
	const char *why;
	struct point from;
	int i, k, m, spent;
	unsigned key, wait_key;

	/* A group order's member seeks its own place in the line: the
	 * order as it holds it, with that one point. */
	own = u->order;
	if (goal != NULL) {
		own.npts = 1;
		own.pts[0] = *goal;
	}
	key = order_key(&own);
	wait_key = u->route_key;
	move_walk_init(g, ui, &w);
	ctx_lend_arrays(ctx, &w);
	w.wait_nused = ctx != NULL ? ctx->nused : 0;
	w.order = &own;
	w.explain = true;
	w.rng = &g->rng;
	w.resumed = u->route_key == key;
	u->owed = w.owed = walk_owed(g, u, w.resumed);
	if (u->route_key != key) {
		u->waypoint = 0;
		w.waypoint = 0;
		free(u->route);
		u->route = NULL;
		u->nroute = 0;
		u->route_key = key;
	}
	if (u->nroute > 0) {
		w.route = xmallocarray((size_t)u->nroute, sizeof *w.route);
		memcpy(w.route, u->route, (size_t)u->nroute * sizeof *w.route);
		w.nroute = u->nroute;
	}
	/* Walked again after a wait: the way round it searched then. */
	ctx_take_round(ctx, ui, &w);
	if (ctx != NULL && ctx->waited[ui] > 0)
		walk_note_wait(g, &w, ctx->waited[ui] - 1,
		    ctx->moved[ctx->waited[ui] - 1]);
	walk_all(g, ctx, &w, cap, cap_note);
	/* Halted behind a friend that moves later this phase: the unit
	 * waits for it, as if it had never begun (a narrow passage it took
	 * is kept: it moves now). */
	if (w.wait_for >= 0 && w.halt == HALT_BLOCKED) {
		/* The order's key put back: moved again, the unit starts
		 * it afresh (its waypoint, debt and route, reset above,
		 * are reset again the same) rather than resume it. */
		u->route_key = wait_key;
		if (ctx->waited[ui] == 0)
			ctx->waited[ui] = w.wait_for + 1;
		ctx->blocker[ui] = w.wait_for;
		ctx_keep_round(g, ctx, ui, &w);
		ctx_take_arrays(ctx, &w);
		move_walk_free(&w);
		return MOVE_WAITS;
	}
	if (ctx != NULL)
		ctx->moved[ui] = 1;

	/* Commit. */
	from = u->pos;
	game_occupy(g, ui, false);
	u->pos = w.pos;
	u->facing = w.facing;
	u->formation = w.form;
	u->cond = w.cond;
	unit_trail_clear(u);
	if (w.ntrail > 0) {
		u->trail = w.trail;
		u->ntrail = w.ntrail;
		u->trail_facing = w.facing;
		u->trail_form = w.form;
		w.trail = NULL;
		w.ntrail = 0;
	}
	game_occupy(g, ui, true);
	spent = w.allowance - w.left;
	if (w.stood)
		spent = 0;
	u->moved = w.walked;
	u->halt = w.halt;
	u->halt_turn = g->turn;
	u->contact = w.contact_apart ? -1 : w.contact;
	if (w.contact >= 0 && w.halt == HALT_CONTACT && !w.contact_apart)
		g->units[w.contact].contact = ui;
	u->owed = w.owed;
	u->waypoint = w.waypoint;
	if (g->rs->ops->move_commit != NULL)
		g->rs->ops->move_commit(g, ui, &w);
	if (w.detour >= 0 && goal == NULL) {
		/* The way round a standing friend becomes part of the
		 * standing order (walk_detour): later turns keep to it. */
		u->order.npts = w.detour_order.npts;
		memcpy(u->order.pts, w.detour_order.pts,
		    sizeof u->order.pts);
		u->route_key = order_key(&u->order);
	}
	free(u->route);
	u->route = NULL;
	u->nroute = 0;
	if (w.halt != HALT_BLOCKED && walk_carry(&w) > 0) {
		u->nroute = walk_carry(&w);
		u->route = xmallocarray((size_t)u->nroute, sizeof *u->route);
		memcpy(u->route, w.route + w.iroute,
		    (size_t)u->nroute * sizeof *u->route);
	}
	ctx_place(ctx, ui, u);
	move_notes_log(&g->log, g->turn, g->phase, ui, &w);
	for (i = 0; i < w.nmobbed; i++)
		if ((m = w.mobbed[i]) >= 0 && g->rs->ops->move_passed != NULL) {
			k = g->log.n;
			g->rs->ops->move_passed(g, m, ui);
			ctx_touch_logged(ctx, g, k, m, ui);
		}
	/* The closing line: "A moves 2 BD (spent 3 BD of 3 BD): stops at
	 * [x, y] facing N, Line: why" or "A stands at [x, y] ...". */
	ln.n = 0;
	move_text_s(&ln, u->name);
	if (w.stood)
		move_text_s(&ln, " stands at ");
	else {
		move_text_s(&ln, " moves ");
		move_text_bd(&ln, g->rs, w.walked);
		/* Turns that move the block (a wheel, ops->move_face) may
		 * carry it cells away while it walks nothing: the line says
		 * from where, not only "moves 0". */
		if (w.walked == 0 &&
		    (w.pos.x != from.x || w.pos.y != from.y)) {
			move_text_s(&ln, ", its turns carrying it from [");
			move_text_i(&ln, from.x);
			move_text_s(&ln, ", ");
			move_text_i(&ln, from.y);
			move_text_s(&ln, "]");
		}
		move_text_s(&ln, " (spent ");
		move_text_bd(&ln, g->rs, spent);
		move_text_s(&ln, " of ");
		move_text_bd(&ln, g->rs, w.allowance);
		move_text_s(&ln, "): stops at ");
	}
	why = halt_text(w.halt);
	line_place(&ln, g, u, why);
	k = eventlog_put(&g->log, g->turn, g->phase, ui, EV_MOVE,
	    w.halt_rule, ln.b, ln.n);
	/* Arrived, or its speed spent and marching on: that is its order's
	 * business.  The other side reads where it stopped, not why, under
	 * the rule a halt for speed cites, the same for either (know.h). */
	if (know_halt_tells_orders(w.halt))
		move_event_private_end(g, k, ln.n, strlen(why) + 2);
	if (w.touched_routed >= 0 && g->rs->ops->move_routed != NULL) {
		k = g->log.n;
		g->rs->ops->move_routed(g, ui, w.touched_routed);
		ctx_touch_logged(ctx, g, k, ui, w.touched_routed);
	} else if (w.contact >= 0 && w.halt == HALT_CONTACT &&
	    g->rs->ops->move_contacted != NULL) {
		k = g->log.n;
		g->rs->ops->move_contacted(g, ui, w.contact);
		ctx_touch_logged(ctx, g, k, ui, w.contact);
		/* A contact may move the unit again (a horse that falls
		 * back from a square): keep its bucket true. */
		ctx_place(ctx, ui, u);
	}
	if (w.cancel || w.arrived || w.order_done) {
		u->order.kind = ORDER_NONE;
		free(u->route);
		u->route = NULL;
		u->nroute = 0;
		game_log(g, ui, EV_ORDER, w.halt_rule,
		    "%s's Move order is %s", u->name, w.cancel ?
		    "cancelled" : "complete");
	}
	ctx_take_arrays(ctx, &w);
	move_walk_free(&w);
	return spent;
}

int
move_allowance(struct game *g, int u, bool explain)
{
	struct move_walk w;
	int i, a;

	if (g->rs->ops->move_begin == NULL)
		return 0;
	move_walk_init(g, u, &w);
	w.explain = explain;
	w.preview = true;
	w.fresh = true;		/* nothing spent yet, as at a walk's start */
	a = g->rs->ops->move_begin(g, &w) == 0 ? w.allowance : 0;
	for (i = 0; explain && i < w.nnotes; i++)
		game_log(g, u, w.notes[i].kind, w.notes[i].rule, "%s",
		    w.notes[i].text);
	move_walk_free(&w);
	return a;
}

bool
move_colonel(const struct game *g, int u)
{
	return u >= 0 && u < g->nunits && unit_active(&g->units[u]) &&
	    g->units[u].order.kind == ORDER_MOVE;
}
