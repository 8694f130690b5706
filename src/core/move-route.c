/*
 * move-route.c - the routes a walk follows (move-priv.h): the key of the
 * order a route was planned for, the next cell of the route and the plan
 * when it runs out (path_plan), the way round what the unit may never
 * cross (walk_round), round a friend that stands in its way (walk_detour,
 * 3.6.7), to the nearest free place when a standing friend holds the one
 * the unit is sent to (walk_held_place, 3.6.7) and to room to turn
 * (walk_room).  See move-walk.c for the walk
 * that follows them.
 */
#include "config.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/move.h"
#include "core/move-priv.h"
#include "core/path.h"
#include "core/ruleset.h"
#include "util/xalloc.h"

/* Cells and facings expanded by a search for room to turn: a node per
 * cell and facing, so more than a search over cells. */
#define ROOM_BUDGET	(2 * PATH_BUDGET)
/* Cells expanded by a search for a way round a standing friend: a whole
 * route, planned once. */
#define DETOUR_BUDGET	(4 * PATH_BUDGET)
/* Cells and facings expanded planning a leg of an order (walk_plan_leg);
 * and how near the point sought must be, in turns' allowances, for the
 * leg to be planned at all: a far point is marched to by the line (its
 * early wheels do no harm there), and the search, dear over cell and
 * facing, is made where the line would wheel past the point.  Measured
 * (bench-move, 10,000 units; test_002_H8_H9_every_point_on_open_ground_
 * is_reached; bench-routes at the Cowpens): 4 x PATH_BUDGET and 2 turns
 * reach no more points and cost a sixth more instructions. */
#define LEG_BUDGET	PATH_BUDGET
#define LEG_NEAR	1
/* Places a unit whose own place a standing friend holds may try in its
 * stead, a whole route searched for each (walk_held_place): a bound on
 * the work, not a rule; past it the unit stops near, as with none. */
#define PLACE_TRIES	8

unsigned
order_key(const struct order *o)
{
	unsigned h = 2166136261u;
	int i;

	h = (h ^ (unsigned)o->kind) * 16777619u;
	h = (h ^ (unsigned)o->issued) * 16777619u;
	h = (h ^ (unsigned)o->npts) * 16777619u;
	for (i = 0; i < o->npts && i < ORDER_MAX_POINTS; i++) {
		h = (h ^ (unsigned)o->pts[i].x) * 16777619u;
		h = (h ^ (unsigned)o->pts[i].y) * 16777619u;
	}
	return h | 1;
}

/* The goal the walk seeks now, stepping past waypoints it stands on;
 * false when the order's last point is reached. */
bool
walk_goal(struct move_walk *w, struct point *goal)
{
	const struct order *o = w->order;

	for (;;) {
		if (w->waypoint >= o->npts) {
			w->arrived = true;
			return false;
		}
		*goal = o->pts[w->waypoint];
		if (goal->x != w->pos.x || goal->y != w->pos.y)
			return true;
		w->waypoint++;
	}
}

/* Whether an enemy of the walker stands on cell p. */
static bool
goal_under_enemy(const struct game *g, const struct move_walk *w,
    struct point p)
{
	int who = game_unit_at(g, p.x, p.y);

	return who >= 0 && g->units[who].side != g->units[w->unit].side;
}

bool
walk_plan_leg(const struct game *g, struct move_walk *w)
{
	struct point goal, *r = NULL;
	unsigned char *faces = NULL;
	bool complete = false;
	int n;

	if (g->rs->ops->move_face == NULL || w->scratch || !w->line ||
	    w->leg_planned == w->waypoint + 1 || !walk_goal(w, &goal) ||
	    geom_dist(w->pos, goal) > LEG_NEAR * w->allowance)
		return false;
	w->leg_planned = w->waypoint + 1;
	/* A point under an enemy (an assault): no plan can end on his
	 * block, the enemy being a wall to the search, so none is
	 * searched; the march along the line stops short of him (a Column
	 * sent at horse 13 in off, left to turn in place, stood a turn
	 * turning). */
	if (goal_under_enemy(g, w, goal)) {
		w->in_place = false;
		return false;
	}
	/* The search prices silently, on its own copy of the walk.  The
	 * order's points were planned clear of the enemy (move_route); the
	 * leg between two is not again. */
	n = path_onto(g, w, goal, LEG_BUDGET, &r, &faces, &complete);
	if (n <= 0 || !complete) {
		/* No plan: wheeling on along the line circles the point
		 * (a Line sent a few cells behind its flank wheeled round
		 * it for ever).  A unit that has spent nothing turns in
		 * place to face its way, and marches next turn. */
		w->in_place = w->left == w->allowance;
		free(r);
		free(faces);
		return false;
	}
	walk_take_route(w, r, faces, n);
	w->line = false;
	return true;
}

/*
 * Make sure the walk has a next cell; false when there is none.  Past
 * any route kept from a search, the unit goes straight on: the next cell
 * of the line to its goal (path_next), found step by step, so the ground
 * is priced once, by the walk itself.  Only when a step of the line is
 * refused does the walk search a way round (walk_round), or, where the
 * line would wheel, plan the leg (walk_plan_leg).
 */
bool
walk_route(const struct game *g, struct move_walk *w)
{
	struct point goal, next;

	/* The next cell of a route kept: a step away, or where a wheel
	 * leaves the block (route_face; it may be further). */
	if (w->iroute < w->nroute &&
	    (dir_between(w->pos, w->route[w->iroute]) >= 0 ||
	    (w->route_face != NULL && w->route_face[w->iroute] != 0)))
		return true;
	if (!walk_goal(w, &goal))
		return false;
	next = path_next(w->pos, w->facing, goal);
	/* Any route held has room for this one cell: kept, not made anew
	 * at every step.  A step, not a wheel. */
	free(w->route_face);
	w->route_face = NULL;
	if (w->route == NULL)
		w->route = xmallocarray(1, sizeof *w->route);
	w->route[0] = next;
	w->nroute = 1;
	w->iroute = 0;
	w->line = true;
	return true;
}

/* The walk follows route r of n cells from its first, with faces beside
 * it (NULL: every cell a step); both are taken over, the old freed. */
void
walk_take_route(struct move_walk *w, struct point *r, unsigned char *faces,
    int n)
{
	free(w->route);
	free(w->route_face);
	w->route = r;
	w->route_face = faces;
	w->nroute = n;
	w->iroute = 0;
}

/*
 * How many cells of the route ahead a later turn may keep to: all of
 * route[iroute..], or those before its first wheel (a turn that moves the
 * block, route_face), which a walk without the faces would take for a
 * step.
 */
int
walk_carry(const struct move_walk *w)
{
	int i;

	for (i = w->iroute; i < w->nroute; i++)
		if (w->route_face != NULL && w->route_face[i] != 0)
			break;
	return i - w->iroute;
}

/* Whether the walk stands as it did at its last way round searched
 * (walk_round), towards the same goal: the same place, facing and
 * formation, nothing spent or walked since and the module's numbers
 * unchanged.
 * The game does not change during a walk, so the search would find the
 * same route. */
static bool
round_again(const struct move_walk *w, struct point goal)
{
	return w->round_known && w->round.pos.x == w->pos.x &&
	    w->round.pos.y == w->pos.y && w->round.goal.x == goal.x &&
	    w->round.goal.y == goal.y && w->round.facing == w->facing &&
	    w->round.form == w->form && w->round.left == w->left &&
	    w->round.contours == w->contours &&
	    w->round.walked == w->walked && w->round.fresh == w->fresh &&
	    memcmp(w->round.mod, w->mod, sizeof w->mod) == 0;
}

/* Keep the walk as asked and the route a way round found (n cells of r
 * and of its faces, copied), for round_again. */
static void
round_keep(struct move_walk *w, struct point goal, const struct point *r,
    const unsigned char *faces, int n)
{
	free(w->round.route);
	free(w->round.face);
	w->round.route = NULL;
	w->round.face = NULL;
	w->round.n = 0;
	if (n > 0) {
		w->round.route = xmallocarray((size_t)n, sizeof *r);
		memcpy(w->round.route, r, (size_t)n * sizeof *r);
		w->round.face = xmallocarray((size_t)n, 1);
		memcpy(w->round.face, faces, (size_t)n);
		w->round.n = n;
	}
	w->round_known = true;
	w->round.pos = w->pos;
	w->round.goal = goal;
	w->round.facing = w->facing;
	w->round.form = w->form;
	w->round.left = w->left;
	w->round.contours = w->contours;
	w->round.walked = w->walked;
	w->round.fresh = w->fresh;
	memcpy(w->round.mod, w->mod, sizeof w->mod);
}

/* A step of the straight line was refused: look for a way round.  True
 * when one was found (the walk follows it). */
bool
walk_round(const struct game *g, struct move_walk *w)
{
	struct point goal, *r = NULL;
	unsigned char *faces = NULL;
	int n;

	/* A way round planned in this walk is kept to; one kept from an
	 * earlier turn is planned again when a step of it is refused (the
	 * unit may have changed formation since, or the ground about it). */
	if ((!w->line && w->replans > 0) || w->replans >= REPLANS_MAX ||
	    !walk_goal(w, &goal)) {
		w->arrived = false;
		return false;
	}
	w->replans++;
	w->line = false;
	if (round_again(w, goal)) {
		/* Nothing has changed since the last search (a way round
		 * that led back here): the same route, not searched anew. */
		if (w->round.n <= 0)
			return false;
		r = xmallocarray((size_t)w->round.n, sizeof *r);
		memcpy(r, w->round.route, (size_t)w->round.n * sizeof *r);
		faces = xmallocarray((size_t)w->round.n, 1);
		memcpy(faces, w->round.face, (size_t)w->round.n);
		n = w->round.n;
	} else {
		n = path_round(g, w, goal, PATH_BUDGET, &r, &faces);
		round_keep(w, goal, r, faces, n);
	}
	if (n <= 0)
		return false;
	walk_take_route(w, r, faces, n);
	return true;
}

/*
 * The facing the walker would have at goal marching the straight line
 * there from where it stands (path_next, each step faced as the ruleset
 * faces it): a Move order names no facing, so this is the facing of the
 * place it is sent to.
 */
static enum dir
place_facing(const struct game *g, const struct move_walk *w,
    struct point goal)
{
	struct move_walk tw = *w;
	struct point q;
	int d;

	tw.explain = false;
	while (tw.pos.x != goal.x || tw.pos.y != goal.y) {
		q = path_next(tw.pos, tw.facing, goal);
		if ((d = dir_between(tw.pos, q)) < 0)
			break;
		tw.facing = walk_face(g, &tw, (enum dir)d);
		tw.pos = q;
	}
	return tw.facing;
}

/* A friend that stays where it stands (move_marches) on one of the n
 * cells, other than the walker; -1 if none. */
static int
place_friend(const struct game *g, const struct move_walk *w,
    const struct point *cells, int n)
{
	const struct unit *un = &g->units[w->unit];
	int i, who;

	for (i = 0; i < n; i++) {
		if (!map_inside(g->map, cells[i].x, cells[i].y))
			continue;
		who = g->occ[(size_t)cells[i].y * (size_t)g->map->w +
		    (size_t)cells[i].x] - 1;
		if (who >= 0 && who != w->unit &&
		    g->units[who].side == un->side &&
		    !move_marches(g, &g->units[who]))
			return who;
	}
	return -1;
}

/* The friend that stays where it stands (under no Move order, or its
 * order done) and covers a cell of the place the walk is sent to: its
 * order's last point, when that is the point it seeks, with the facing
 * the straight march there would give it, set in *f; -1 if none, or if
 * the walk seeks an earlier point. */
static int
walk_place_holder(const struct game *g, struct move_walk *w, enum dir *f)
{
	struct point goal, *cells;
	int n, held;

	if (w->waypoint != w->order->npts - 1 || !walk_goal(w, &goal))
		return -1;
	*f = place_facing(g, w, goal);
	cells = game_cells_take(g);
	n = game_footprint_at(g, &g->units[w->unit], goal, *f, w->form, cells);
	held = place_friend(g, w, cells, n);
	game_cells_give(g, cells);
	return held;
}

/* A place looked at in stead of one a friend holds (walk_held_place). */
struct place_cand {
	struct point	 at;
	int		 cover;		/* cells of the place sent to it covers */
	int		 dist;		/* ticks from its anchor to the place's */
};

/* Most cells covered first, then nearest, then by row and column (the
 * order is the same on every machine). */
static int
place_cmp(const void *a, const void *b)
{
	const struct place_cand *p = a, *q = b;

	if (p->cover != q->cover)
		return q->cover - p->cover;
	if (p->dist != q->dist)
		return p->dist - q->dist;
	if (p->at.y != q->at.y)
		return p->at.y - q->at.y;
	return p->at.x - q->at.x;
}

/*
 * The way to place s facing f: a route (r, n cells, wheels wh) to the
 * cell one step behind s, from which one step along f brings the block
 * onto s facing f; n 0 when the walker stands on that cell already.
 * Returns the ticks walked (the route's steps and the last one), or -1
 * when no route reaches it.
 */
static int
place_way(const struct game *g, const struct move_walk *w, struct point s,
    enum dir f, int fr, struct path_reach *reach, struct point **r,
    unsigned char **wh, int *n)
{
	struct point a = { s.x - dir_dx[f], s.y - dir_dy[f] }, p = w->pos;
	unsigned char **whp = g->rs->ops->move_face != NULL ? wh : NULL;
	int i, d, ticks = dir_step_cost(f);

	*r = NULL;
	*wh = NULL;
	*n = 0;
	if (s.x == p.x && s.y == p.y && w->facing == f)
		return 0;	/* there already */
	if (!map_inside(g->map, a.x, a.y))
		return -1;
	if (a.x == p.x && a.y == p.y)
		return ticks;
	*n = path_detour(g, w, a, DETOUR_BUDGET, fr, r, whp, reach);
	if (*n <= 0)
		return -1;
	for (i = 0; i < *n; i++) {
		d = dir_between(p, (*r)[i]);
		ticks += d >= 0 ? dir_step_cost((enum dir)d) :
		    geom_dist(p, (*r)[i]);
		p = (*r)[i];
	}
	return ticks;
}

/* Whether a lies some steps from p straight along f. */
static bool
straight_ahead(struct point p, struct point a, enum dir f)
{
	int dx = a.x - p.x, dy = a.y - p.y;
	int k = abs(dx) > abs(dy) ? abs(dx) : abs(dy);

	return k > 0 && dx == k * dir_dx[f] && dy == k * dir_dy[f];
}

/* Whether the walker, facing f, may pass through friend fr (move_pass,
 * the friend standing). */
static bool
held_passable(const struct game *g, struct move_walk *w, int fr, enum dir f)
{
	struct move_price pp;
	bool explain = w->explain;

	w->explain = false;
	g->rs->ops->move_pass(g, w, fr, f, false, &pp);
	w->explain = explain;
	return pp.verdict != MOVE_NEVER;
}

/*
 * The ticks of the turns the walker makes following route r (n cells)
 * and then stepping along f, each priced by the ruleset as a search
 * prices it (planning, silent); a cell a wheel reaches is passed over.
 */
static int
way_turns(const struct game *g, const struct move_walk *w,
    const struct point *r, int n, enum dir f)
{
	struct move_walk tw = *w;
	struct move_price tp;
	enum dir face;
	int i, d, ticks = 0;

	move_note_silence(&tw);
	tw.planning = true;
	for (i = 0; i <= n; i++) {
		d = i < n ? dir_between(tw.pos, r[i]) : (int)f;
		if (d >= 0) {
			face = i < n ? walk_face(g, &tw, (enum dir)d) : f;
			if (face != tw.facing) {
				memset(&tp, 0, sizeof tp);
				g->rs->ops->move_turn(g, &tw, face, &tp);
				ticks += tp.ticks;
				tw.facing = face;
			}
		}
		if (i < n)
			tw.pos = r[i];
	}
	return ticks;
}

/*
 * 3.6.7, the place the walker is sent to (its order's last point, goal,
 * with facing f) partly held by held, a friend that stays there: going
 * round it would only bring it back to a place it cannot take, turning
 * about it turn after turn.  It takes instead the nearest place its block
 * fits in the same formation and facing, clear of every unit, that it can
 * reach: the one covering most cells of the place sent to, then the
 * nearest to it, then the one with the fewest BD to walk.  The places
 * looked at lie within the block's own length of goal (its frontage or
 * depth, the longer): further off, the unit would stand somewhere the
 * player did not send it.  The place taken becomes the order's last
 * point, marched to by the cell one step behind it, so that the block
 * comes onto it facing f; the order is complete there.  A walker whose
 * block already covers part of the place sent to takes only a place
 * that covers more of it and that it reaches within one turn's move, its
 * turns counted (way_turns); with none, its order ends where it stands
 * (a lancer regiment behind the chasseurs that held its place turned
 * four turns to reach one two cells aside).  Where the ruleset turns
 * units itself and the point sent to lies under the walker's block
 * already, no place is sought: the walk is there (walk_stands_on_point)
 * and false is returned.  With no place at all, it
 * goes as near as the friend lets it and its order ends.  Returns as
 * walk_detour does (true when it stays where it stands: it has arrived).
 */
static bool
walk_held_place(const struct game *g, struct move_walk *w, int fr, int held,
    struct point goal, enum dir f, const char *rule)
{
	const struct unit *un = &g->units[w->unit];
	const struct formation_def *fd = &g->rs->form[w->form];
	const struct order *in = w->order;
	struct order *o = &w->detour_order;
	struct place_cand *c;
	struct path_reach reach = { 0 };
	struct point *dc, *sc, *r = NULL, *br = NULL, pts[ORDER_MAX_POINTS + 1];
	struct point a, lo, hi;
	unsigned char *wh = NULL, *bwh = NULL, *mark;
	int rad, nc = 0, nd, ns, i, j, x, y, best = -1, bt = 0, bn = 0, mw, mh;
	int t, n, tries = 0, wp = w->waypoint, m, k, room, own = 0;

	rad = fd->frontage[un->arm] > fd->depth[un->arm] ?
	    fd->frontage[un->arm] : fd->depth[un->arm];
	c = xmallocarray((size_t)(2 * rad + 1) * (size_t)(2 * rad + 1),
	    sizeof *c);
	dc = game_cells_take(g);
	sc = game_cells_take(g);
	nd = game_footprint_at(g, un, goal, f, w->form, dc);
	/* The cells of the place the walker's block covers where it stands
	 * (walk_held_place's top comment says what that changes). */
	ns = walk_cells(g, w, sc);
	/* The point itself under the block, where the ruleset turns units
	 * itself: the walk is there already (walk_stands_on_point says so
	 * when it would turn), and no place is sought. */
	if (g->rs->ops->move_face != NULL && geom_covers(sc, ns, goal)) {
		game_cells_give(g, sc);
		game_cells_give(g, dc);
		free(c);
		w->detour = -2;		/* not asked again this walk */
		return false;
	}
	for (i = 0; i < ns; i++)
		for (j = 0; j < nd; j++)
			if (sc[i].x == dc[j].x && sc[i].y == dc[j].y) {
				own++;
				break;
			}
	/* The place sent to, a mark a cell over the box about it (lo, mw
	 * by mh), for counting the cells each place looked at covers. */
	lo = hi = goal;
	for (j = 0; j < nd; j++) {
		lo.x = dc[j].x < lo.x ? dc[j].x : lo.x;
		lo.y = dc[j].y < lo.y ? dc[j].y : lo.y;
		hi.x = dc[j].x > hi.x ? dc[j].x : hi.x;
		hi.y = dc[j].y > hi.y ? dc[j].y : hi.y;
	}
	mw = hi.x - lo.x + 1;
	mh = hi.y - lo.y + 1;
	mark = xcalloc((size_t)mw * (size_t)mh, 1);
	for (j = 0; j < nd; j++)
		mark[(dc[j].y - lo.y) * mw + dc[j].x - lo.x] = 1;
	/* Each place its block fits, on the map and clear of every unit
	 * but the walker (game_fits, its block read once). */
	for (y = goal.y - rad; y <= goal.y + rad; y++)
		for (x = goal.x - rad; x <= goal.x + rad; x++) {
			struct point s = { x, y };

			if (!map_inside(g->map, x, y))
				continue;
			ns = game_footprint_at(g, un, s, f, w->form, sc);
			c[nc].at = s;
			c[nc].cover = 0;
			for (i = 0; i < ns; i++) {
				if (!map_inside(g->map, sc[i].x, sc[i].y))
					break;
				j = g->occ[(size_t)sc[i].y *
				    (size_t)g->map->w + (size_t)sc[i].x] - 1;
				if (j >= 0 && j != w->unit)
					break;
				if (sc[i].x >= lo.x && sc[i].x <= hi.x &&
				    sc[i].y >= lo.y && sc[i].y <= hi.y &&
				    mark[(sc[i].y - lo.y) * mw + sc[i].x -
				    lo.x])
					c[nc].cover++;
			}
			if (i < ns)
				continue;	/* it does not fit */
			c[nc].dist = geom_dist(s, goal);
			nc++;
		}
	free(mark);
	game_cells_give(g, sc);
	game_cells_give(g, dc);
	qsort(c, (size_t)nc, sizeof *c, place_cmp);
	/* The first places in that order that the walker can reach; among
	 * those equal on cover and distance, the shortest walk.  Each is a
	 * whole route searched: a few at most (PLACE_TRIES).  A walker
	 * boxed in by the units that stay sees all it can reach in one
	 * search; a place on none of the cells it reached is out of reach
	 * with no search of its own (reach). */
	for (i = 0; i < nc && tries < PLACE_TRIES; i++) {
		if (best >= 0 && (c[i].cover != c[best].cover ||
		    c[i].dist != c[best].dist))
			break;
		/* Standing on part of the place already, only a place that
		 * covers more of it and is reached within one turn's move,
		 * its turns counted, is worth the walk. */
		if (own > 0 && c[i].cover <= own)
			break;
		tries++;
		t = place_way(g, w, c[i].at, f, fr, &reach, &r, &wh, &n);
		if (t >= 0 && own > 0 &&
		    t + way_turns(g, w, r, n, f) > w->allowance)
			t = -1;
		if (t >= 0 && (best < 0 || t < bt)) {
			free(br);
			free(bwh);
			best = i;
			bt = t;
			br = r;
			bwh = wh;
			bn = n;
		} else {
			free(r);
			free(wh);
		}
	}
	path_reach_free(&reach);
	w->detour = -2;		/* not asked again this walk */
	if (best < 0 && own > 0) {
		free(c);
		move_note(w, EV_NOTE, rule, "%s holds part of the place %s is "
		    "sent to, [%d, %d] facing %s, and %s already stands on "
		    "part of it: its Move order ends where it stands, [%d, %d] "
		    "(marshal's reading)", g->units[held].name, un->name,
		    goal.x, goal.y, dir_name(f), un->name, w->pos.x, w->pos.y);
		move_note_own(w);
		/* Arrived: past the order's last point, the walk's route
		 * ends (walk_route) and it halts there. */
		w->waypoint = w->order->npts;
		w->iroute = w->nroute;
		w->arrived = true;
		walk_halt(g, w, HALT_ARRIVED, NULL);
		return true;
	}
	if (best < 0) {
		free(c);
		w->order_done = true;
		move_note(w, EV_NOTE, rule, "%s holds part of the place %s is "
		    "sent to, [%d, %d] facing %s, and no place its block fits "
		    "within %d cells of it is free and within its reach: it "
		    "goes as near as it can and its Move order ends there "
		    "(marshal's reading)", g->units[held].name, un->name, goal.x,
		    goal.y, dir_name(f), rad);
		move_note_own(w);
		return false;
	}
	/* The order's points up to the last, the way to the cell behind
	 * the place, that cell, and the place. */
	a.x = c[best].at.x - dir_dx[f];
	a.y = c[best].at.y - dir_dy[f];
	/* Where the ruleset turns units itself (move_face), a place
	 * straight ahead, past a holder the walker may pass through (H12:
	 * horse through foot), is marched to straight on through it, as on
	 * any march: the way searched goes round every unit, and round a
	 * Line that is a long way of wheels about it. */
	if (bn > 0 && g->rs->ops->move_face != NULL && w->facing == f &&
	    straight_ahead(w->pos, a, f) && held_passable(g, w, held, f)) {
		free(br);
		free(bwh);
		br = NULL;
		bwh = NULL;
		bn = 0;
	}
	room = ORDER_MAX_POINTS - wp - 2;
	k = 0;
	if (bn > 0 && room > 0) {
		m = route_points(w->pos, w->facing, br, bwh, bn, pts,
		    ORDER_MAX_POINTS + 1);
		k = m - 1 < room ? m - 1 : room;
	}
	*o = *in;
	memcpy(o->pts + wp, pts, (size_t)k * sizeof *pts);
	o->npts = wp + k;
	if (room >= 0 && (a.x != w->pos.x || a.y != w->pos.y) &&
	    (c[best].at.x != w->pos.x || c[best].at.y != w->pos.y))
		o->pts[o->npts++] = a;
	o->pts[o->npts++] = c[best].at;
	w->order = o;
	w->detour = fr;
	w->ndetour = o->npts - 1 - wp;
	w->line = false;
	if (bn > 0)
		walk_take_route(w, br, bwh, bn);
	else {
		free(br);
		free(bwh);
		w->iroute = w->nroute;	/* straight on from here */
		w->line = true;
	}
	move_note(w, EV_NOTE, rule, "%s holds part of the place %s is sent "
	    "to, [%d, %d] facing %s: %s takes instead the nearest free place "
	    "it can reach, [%d, %d] facing %s, where its Move order ends "
	    "(marshal's reading)", g->units[held].name, un->name, goal.x,
	    goal.y, dir_name(f), un->name, c[best].at.x, c[best].at.y,
	    dir_name(f));
	move_note_own(w);
	free(c);
	return true;
}

/*
 * A friend stands in the walker's way, under no Move order or with its
 * order done, and may not be passed this turn (3.6.7): waiting behind it
 * would be waiting for ever.  The cheapest way round it to the point the
 * walk seeks (path_detour: it and the other units that stay are walls)
 * is cut into the points between which the walk marches straight
 * (route_points), and those points are put into the walk's Move order
 * before the point sought, as a player would mark the march: move_unit
 * makes that the unit's standing order, so the next turns keep to the way
 * round instead of deciding again (no going back and forth), and the map
 * shows it as the order's route.  The points that do not fit in an order
 * are left out: from the last one put in, the walk goes straight on and
 * meets what it meets.  Not taken: by a look ahead (scratch) or a plain
 * preview (move_preview_plain); by a march
 * column on its road (3.6.6: it keeps to the road and waits); under a
 * group order (its member keeps its place in the line, 3.6.3); twice in
 * a walk; round a friend an aide is bringing a
 * Move order to (it marches soon: the walk waits behind it, and says
 * so).  With no way round, it says so (once a turn, the same every turn:
 * it waits).  Sought towards the order's last point, where a standing
 * friend holds part of the place, no way round is searched: the walk
 * takes the nearest free place instead (walk_held_place).  rule: the
 * rule that refused the pass.
 */
/* walk_detour's conditions that do not depend on the friend met. */
bool
walk_may_detour(const struct game *g, const struct move_walk *w)
{
	return !(w->scratch || w->plain || w->order->ngroup > 0 ||
	    w->detour != -1 || ((g->rs->form[w->form].flags & FORMF_ROAD) &&
	    map_cell(g->map, w->pos.x, w->pos.y)->road != ROAD_NONE) ||
	    w->replans >= REPLANS_MAX);
}

bool
walk_detour_waits(const struct game *g, const struct move_walk *w)
{
	const struct unit *u = &g->units[w->unit];
	struct move_walk t;
	enum dir f;

	if (!g->rs->detour_after_a_turn || (u->halt == HALT_BLOCKED &&
	    u->halt_turn == g->turn - 1))
		return false;
	t = *w;			/* walk_goal steps past waypoints */
	return walk_place_holder(g, &t, &f) < 0;
}

bool
walk_detour(const struct game *g, struct move_walk *w, int fr,
    const char *rule)
{
	const struct unit *un = &g->units[w->unit];
	struct point goal, *r = NULL, pts[ORDER_MAX_POINTS + 1];
	unsigned char *wh = NULL, **whp;
	struct move_text t;
	struct order *o = &w->detour_order;
	const struct order *in = w->order;
	struct move_walk fw;
	struct move_price tp;
	struct path_reach reach = { 0 };
	int n = 0, m, k = 0, j = 0, i, wp, about, held;
	enum dir f;

	if (!walk_may_detour(g, w) || walk_detour_waits(g, w) ||
	    !walk_goal(w, &goal))
		return false;
	/* A friend an aide is bringing a Move order to marches soon: the
	 * way round would be kept for good, for a friend gone next turn. */
	for (i = 0; i < g->ntransit; i++)
		if (g->transit[i].unit == fr &&
		    g->transit[i].kind == ORDER_MOVE)
			break;
	if (i < g->ntransit) {
		w->detour = -2;		/* not asked again this walk */
		move_note(w, EV_NOTE, rule, "%s stands in the way, but an "
		    "aide brings it a Move order, arriving turn %d: %s waits "
		    "for it to march rather than go round it (marshal's "
		    "reading)", g->units[fr].name, g->transit[i].arrives,
		    un->name);
		move_note_own(w);
		return false;
	}
	/* Sent to a place a standing friend holds part of: no way round
	 * can bring it there, only round and round; it takes the nearest
	 * free place instead (walk_held_place). */
	if ((held = walk_place_holder(g, w, &f)) >= 0)
		return walk_held_place(g, w, fr, held, goal, f, rule);
	w->replans++;
	wp = w->waypoint;
	fw = *w;
	/* Where the ruleset turns units itself, the way round is searched
	 * over cell and facing and may wheel (a turn that moves the
	 * block): its wheels are kept with it for the walk to make
	 * (route_face), and mark where its points turn (route_points). */
	whp = g->rs->ops->move_face != NULL ? &wh : NULL;
	for (about = 0; about < 2; about++) {
		if (about == 1) {
			/* No way round from here: a unit that has spent
			 * nothing yet, the friend straight ahead, may face
			 * about where it stands (a Column right behind a
			 * Line has no room for any other turn), and go
			 * round from there.  Whether
			 * its goal is ahead of the new front is not asked:
			 * the way round starts away from it. */
			if (!w->fresh || dir_between(w->pos, path_next(w->pos,
			    w->facing, goal)) != (int)w->facing ||
			    !walk_about_here(g, &fw, dir_turn(w->facing, 4),
			    true, &tp))
				break;
			fw.pos = tp.anchor;
			fw.facing = dir_turn(w->facing, 4);
		}
		/* Towards the point sought; when a standing friend covers
		 * it, or no way round reaches it, towards the points after
		 * it: a waypoint that cannot be reached is passed by. */
		for (j = wp; j < in->npts; j++) {
			n = path_detour(g, &fw, in->pts[j], DETOUR_BUDGET, fr,
			    &r, whp, &reach);
			if (n <= 0)
				continue;
			m = route_points(fw.pos, fw.facing, r, wh, n, pts,
			    ORDER_MAX_POINTS + 1);
			/* The last point is pts[j] itself, already the
			 * order's; the points skipped make room. */
			k = m - 1;
			if (k > ORDER_MAX_POINTS - in->npts + (j - wp))
				k = ORDER_MAX_POINTS - in->npts + (j - wp);
			if (k >= 1 || j > wp)
				break;
			free(r);
			free(wh);
			r = NULL;
			wh = NULL;
		}
		/* The next start is another: what this one reached is
		 * not its. */
		path_reach_free(&reach);
		if (j < in->npts)
			break;
	}
	if (j >= in->npts) {
		w->detour = -2;		/* not searched again this walk */
		/* (A place the friend holds at the order's last point is
		 * no way round's business: walk_held_place.) */
		move_note(w, EV_NOTE, rule, "%s stands in the way of %s and "
		    "it finds no way round it towards [%d, %d]%s",
		    g->units[fr].name, un->name, goal.x, goal.y,
		    in->npts - wp > 1 ? " nor to the points after it" : "");
		move_note_own(w);
		return false;
	}
	/* The order's points up to the one sought, the way round, then
	 * pts[j] and the rest. */
	*o = *in;
	memcpy(o->pts + wp, pts, (size_t)k * sizeof *pts);
	memcpy(o->pts + wp + k, in->pts + j, (size_t)(in->npts - j) *
	    sizeof *o->pts);
	o->npts = wp + k + in->npts - j;
	w->order = o;
	w->detour = fr;
	w->ndetour = k;
	w->line = false;
	if (about == 1) {
		/* The face-about first, a turn that leaves the block at
		 * its anchor (route_face), then the way round. */
		struct point *rr = xmallocarray((size_t)n + 1, sizeof *rr);
		unsigned char *ff = xcalloc((size_t)n + 1, 1);

		rr[0] = fw.pos;
		ff[0] = (unsigned char)(1 + fw.facing);
		memcpy(rr + 1, r, (size_t)n * sizeof *rr);
		if (wh != NULL)
			memcpy(ff + 1, wh, (size_t)n);
		free(r);
		free(wh);
		walk_take_route(w, rr, ff, n + 1);
	} else
		walk_take_route(w, r, wh, n);
	t.n = 0;
	move_text_s(&t, g->units[fr].name);
	move_text_s(&t, " stands in the way and may not be passed this "
	    "turn: ");
	move_text_s(&t, un->name);
	move_text_s(&t, about == 1 ? " faces about and marches round it" :
	    " marches round it");
	for (i = 0; i < k; i++) {
		move_text_s(&t, i == 0 ? ", by [" : (i == k - 1 ? " and [" :
		    ", ["));
		move_text_i(&t, pts[i].x);
		move_text_s(&t, ", ");
		move_text_i(&t, pts[i].y);
		move_text_s(&t, "]");
	}
	if (j > wp) {
		move_text_s(&t, i == 0 ? ", straight to [" : ", then to [");
		move_text_i(&t, in->pts[j].x);
		move_text_s(&t, ", ");
		move_text_i(&t, in->pts[j].y);
		move_text_s(&t, "], passing by [");
		move_text_i(&t, goal.x);
		move_text_s(&t, ", ");
		move_text_i(&t, goal.y);
		move_text_s(&t, "], which it cannot reach");
	}
	move_text_s(&t, "; its Move order keeps the way round (marshal's "
	    "reading)");
	move_note_text(w, EV_NOTE, rule, &t);
	move_note_own(w);
	return true;
}

bool
walk_room(const struct game *g, struct move_walk *w, enum dir f, int who)
{
	struct point goal, *r = NULL;
	unsigned char *faces = NULL;
	int n, how;

	/* Twice a walk at most: a way found from here may meet a turn with
	 * no room further on (a friend that moved into it meanwhile). */
	if (w->rooms >= 2 || w->replans >= REPLANS_MAX || w->scratch ||
	    !walk_goal(w, &goal)) {
		w->arrived = false;
		return false;
	}
	w->replans++;
	w->rooms++;
	w->line = false;
	n = path_room(g, w, goal, ROOM_BUDGET, PATH_UNITS_NOW, &r, &faces,
	    &how);
	if (n <= 0 && how == PATH_ALL_SEEN && w->explain) {
		/* Boxed in by the units about it, or by the map and the
		 * ground alone?  Only the second is said: it lasts. */
		free(r);
		(void)path_room(g, w, goal, ROOM_BUDGET, PATH_UNITS_NONE, &r,
		    NULL, &how);
		if (how == PATH_ALL_SEEN) {
			move_note(w, EV_NOTE, rule_for(g, HALT_BLOCKED),
			    "nowhere it can reach in its formation has room "
			    "for it to turn towards [%d, %d], whatever the "
			    "units about it do: it needs another formation",
			    goal.x, goal.y);
			move_note_own(w);	/* it names the point sought */
		}
	}
	if (n <= 0) {
		free(r);
		free(faces);
		return false;
	}
	/* Said, since the way may lead off from the order's line. */
	move_note(w, EV_NOTE, rule_for(g, HALT_BLOCKED), "%s%s where its "
	    "block would swing to face %s here: it goes by [%d, %d] to turn "
	    "where there is room", who >= 0 ? g->units[who].name :
	    "the map's edge", who >= 0 ? " stands" : " lies", dir_name(f),
	    r[n - 1].x, r[n - 1].y);
	move_note_own(w);	/* the way it will take: its order's */
	walk_take_route(w, r, faces, n);
	return true;
}
