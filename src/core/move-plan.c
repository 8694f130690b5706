/*
 * move-plan.c - what a Move order would do, without doing it: the
 * preview of this turn's march, the route an order is given (move_route)
 * and the march over the turns to come (move_forecast), and the ground a
 * unit can reach this turn (move_reach).  Each walks copies through the
 * same walk as the movement phase (move-walk.c).  See move.h.
 */
#include "config.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/move.h"
#include "core/move-priv.h"
#include "core/path.h"
#include "core/ruleset.h"
#include "util/xalloc.h"

/* One walk of a preview of order o on g (preview_run); moved, when not
 * NULL, says which friends have marched (walk_wait_for), and may whether
 * it may wait for the others; waited is the friend it waited for first,
 * -1 none. */
static void
preview_walk(const struct game *g, const struct order *o, bool plain,
    const unsigned char *moved, bool may, int waited, struct move_walk *w)
{
	const struct unit *u = &g->units[o->unit];

	move_walk_init(g, o->unit, w);
	w->order = o;
	/* As move_unit walks it: the unit's own standing order resumes
	 * (its waypoint, its debt, the way round it carried); any other
	 * order starts afresh. */
	w->resumed = u->route_key == order_key(o);
	w->owed = walk_owed(g, u, w->resumed);
	if (!w->resumed) {
		w->waypoint = 0;
	} else if (u->nroute > 0) {
		w->route = xmallocarray((size_t)u->nroute, sizeof *w->route);
		memcpy(w->route, u->route, (size_t)u->nroute *
		    sizeof *w->route);
		w->nroute = u->nroute;
	}
	w->explain = true;
	w->preview = true;
	w->plain = plain;
	w->wait_moved = moved;
	w->wait_may = may;
	if (waited >= 0)
		walk_note_wait(g, w, waited, moved[waited]);
	walk_all(g, NULL, w, -1, NULL);
}

static int preview_run(const struct game *, const struct order *, bool,
    bool, struct move_preview *);

/*
 * March friend f on the preview's copy tmp as its own Move order would
 * this turn (its preview, waiting for nobody), as the movement phase
 * moves a friend the unit waits for.  The copy's units share the game's
 * trails: f's is dropped here, never freed, and f stands as a block.
 * False when f would not move at all (nothing is changed).
 */
static bool
preview_march_friend(struct game *tmp, int f, bool plain)
{
	struct unit *fu = &tmp->units[f];
	struct move_preview fp;
	struct order fo = fu->order;
	bool moved;

	if (preview_run(tmp, &fo, plain, false, &fp) != 0)
		return false;
	moved = fp.pos.x != fu->pos.x || fp.pos.y != fu->pos.y ||
	    fp.facing != fu->facing || fp.form != fu->formation;
	if (!moved) {
		move_preview_free(&fp);
		return false;
	}
	game_occupy(tmp, f, false);
	fu->trail = NULL;
	fu->ntrail = 0;
	fu->pos = fp.pos;
	fu->facing = fp.facing;
	fu->formation = fp.form;
	fu->cond = fp.cond;
	fu->halt = fp.halt;
	if (fp.halt == HALT_ARRIVED)
		fu->order.kind = ORDER_NONE;
	game_occupy(tmp, f, true);
	move_preview_free(&fp);
	return true;
}

#define PREVIEW_WAITS	8	/* friends a preview marches first, at most */

/* move_preview, going round standing friends or not (plain), waiting for
 * friends under orders or not (waits). */
static int
preview_run(const struct game *g, const struct order *o, bool plain,
    bool waits, struct move_preview *out)
{
	const struct game *cur = g;
	struct game tmp;
	struct move_walk w;
	unsigned char *moved = NULL;
	size_t ncell = (size_t)g->map->w * (size_t)g->map->h;
	int i, k, f, first = -1;
	bool stuck = false;

	memset(out, 0, sizeof *out);
	eventlog_init(&out->log);
	if (o->kind != ORDER_MOVE || o->unit < 0 || o->unit >= g->nunits ||
	    !unit_active(&g->units[o->unit]) || o->npts < 1 ||
	    o->npts > ORDER_MAX_POINTS)
		return -1;
	for (i = 0; i < o->npts; i++)
		if (!map_inside(g->map, o->pts[i].x, o->pts[i].y))
			return -1;
	if (waits)
		moved = xcalloc((size_t)g->nunits + 1, 1);
	for (k = 0; ; k++) {
		preview_walk(cur, o, plain, moved, k < PREVIEW_WAITS &&
		    !stuck, first, &w);
		if (w.wait_for < 0 || w.halt != HALT_BLOCKED)
			break;
		f = w.wait_for;
		if (first < 0)
			first = f;
		move_walk_free(&w);
		if (cur == g) {
			/* A scratch copy of the units and the occupancy
			 * grid, as move_forecast makes. */
			tmp = *g;
			tmp.units = xmallocarray((size_t)g->nunits,
			    sizeof *tmp.units);
			memcpy(tmp.units, g->units, (size_t)g->nunits *
			    sizeof *tmp.units);
			tmp.occ = xmallocarray(ncell, sizeof *tmp.occ);
			memcpy(tmp.occ, g->occ, ncell * sizeof *tmp.occ);
			cur = &tmp;
		}
		/* A friend that cannot march either (it waits on this
		 * unit): both move under the rules as they stand, as the
		 * movement phase's last round moves them. */
		if (preview_march_friend(&tmp, f, plain))
			moved[f] = 1;
		else
			stuck = true;
	}
	out->path = w.path;
	out->npath = w.npath;
	w.path = NULL;
	out->pos = w.pos;
	out->facing = w.facing;
	out->form = w.form;
	out->cond = w.cond;
	out->allowance = w.allowance;
	out->spent = w.stood ? 0 : w.allowance - w.left;
	out->walked = w.stood ? 0 : w.walked;
	out->halt = w.halt;
	out->apart = w.halt == HALT_CONTACT && w.contact_apart;
	move_notes_log(&out->log, g->turn, g->phase, o->unit, &w);
	move_walk_free(&w);
	if (cur != g) {
		free(tmp.units);
		free(tmp.occ);
	}
	free(moved);
	return 0;
}

int
move_preview(const struct game *g, const struct order *o,
    struct move_preview *out)
{
	return preview_run(g, o, false, g->rs->waits_for_friends, out);
}

int
move_preview_plain(const struct game *g, const struct order *o,
    struct move_preview *out)
{
	return preview_run(g, o, true, g->rs->waits_for_friends, out);
}

void
move_preview_free(struct move_preview *p)
{
	free(p->path);
	p->path = NULL;
	p->npath = 0;
	eventlog_free(&p->log);
}

int
move_action_scratch(const struct game *g, const struct order *act,
    struct game *tmp, struct order *move)
{
	const struct ruleset_ops *ops = g->rs->ops;

	memset(move, 0, sizeof *move);
	if (act->kind != ORDER_ACTION || act->unit < 0 ||
	    act->unit >= g->nunits || ops->action_march == NULL)
		return -1;
	*tmp = *g;
	tmp->units = xmallocarray((size_t)g->nunits, sizeof *tmp->units);
	memcpy(tmp->units, g->units, (size_t)g->nunits * sizeof *tmp->units);
	if (ops->action_march(g, act, &tmp->units[act->unit], move) != 0) {
		move_scratch_free(tmp);
		return -1;
	}
	return 0;
}

void
move_scratch_free(struct game *tmp)
{
	free(tmp->units);
	tmp->units = NULL;
}

/* --- group orders played on a copy ------------------------------------- */

/* A copy of n points, NULL for none. */
static struct point *
points_dup(const struct point *p, int n)
{
	struct point *q;

	if (p == NULL || n <= 0)
		return NULL;
	q = xmallocarray((size_t)n, sizeof *q);
	memcpy(q, p, (size_t)n * sizeof *q);
	return q;
}

/*
 * *tmp becomes a copy of g a movement phase may be played on: its own
 * units (with their routes, trails and tracks), generals, occupancy grid
 * and an empty log; the map, the ruleset and the orders in transit are
 * g's, read only.  Nobody is told of what happens on it.
 */
static void
play_scratch(const struct game *g, struct game *tmp)
{
	size_t ncell = (size_t)g->map->w * (size_t)g->map->h;
	struct unit *u;
	int i;

	*tmp = *g;
	tmp->units = xmallocarray((size_t)g->nunits + 1, sizeof *tmp->units);
	memcpy(tmp->units, g->units, (size_t)g->nunits * sizeof *tmp->units);
	tmp->units_cap = g->nunits + 1;
	for (i = 0; i < g->nunits; i++) {
		u = &tmp->units[i];
		u->route = points_dup(u->route, u->nroute);
		u->trail = points_dup(u->trail, u->ntrail);
		u->track = points_dup(u->track, u->ntrack);
	}
	tmp->generals = xmallocarray((size_t)g->ngenerals + 1,
	    sizeof *tmp->generals);
	memcpy(tmp->generals, g->generals, (size_t)g->ngenerals *
	    sizeof *tmp->generals);
	tmp->occ = xmallocarray(ncell, sizeof *tmp->occ);
	memcpy(tmp->occ, g->occ, ncell * sizeof *tmp->occ);
	eventlog_init(&tmp->log);
	tmp->on_order = NULL;
	tmp->on_undo = NULL;
	tmp->opt.random_speed = false;
}

/* Free what play_scratch gave tmp, but its log. */
static void
play_scratch_free(struct game *tmp)
{
	int i;

	for (i = 0; i < tmp->nunits; i++) {
		free(tmp->units[i].route);
		free(tmp->units[i].trail);
		free(tmp->units[i].track);
	}
	free(tmp->units);
	free(tmp->generals);
	free(tmp->occ);
}

int
move_group_forecast(const struct game *g, const struct order *grp,
    int unit, int turns, struct move_group_forecast *out)
{
	struct game tmp;
	const struct unit *u;
	struct order o;
	int i, k;

	memset(out, 0, sizeof *out);
	out->turns = -1;
	eventlog_init(&out->log);
	if (g->rs->ops->move_group_turn == NULL || grp->kind != ORDER_MOVE ||
	    grp->ngroup < 2 || grp->ngroup > ORDER_GROUP_MAX ||
	    grp->npts != 1 || unit < 0 || unit >= g->nunits ||
	    !map_inside(g->map, grp->pts[0].x, grp->pts[0].y))
		return -1;
	for (i = 0; i < grp->ngroup && grp->group[i] != unit; i++)
		;
	if (i == grp->ngroup)
		return -1;
	for (i = 0; i < grp->ngroup; i++)
		if (grp->group[i] < 0 || grp->group[i] >= g->nunits)
			return -1;
	play_scratch(g, &tmp);
	/* Every member holds its copy of the order, as game_order gives
	 * it, and owes nothing of an order it held before. */
	for (i = 0; i < grp->ngroup; i++) {
		game_group_member(g, grp, grp->group[i], &o);
		tmp.units[grp->group[i]].order = o;
	}
	u = &tmp.units[unit];
	out->stops = xmallocarray((size_t)(turns > 0 ? turns : 1),
	    sizeof *out->stops);
	for (k = 0; k < turns; k++) {
		tmp.turn = g->turn + k;
		if (g->rs->ops->move_group_turn(&tmp, unit) != 0)
			break;
		out->stops[out->nstops++] = u->pos;
		if (k == 0) {
			out->facing = u->facing;
			out->halt = u->halt;
			out->moved = u->moved;
		}
		if (u->order.kind != ORDER_MOVE) {
			if (u->halt == HALT_ARRIVED)
				out->turns = k + 1;
			break;
		}
	}
	eventlog_free(&out->log);
	out->log = tmp.log;
	play_scratch_free(&tmp);
	if (out->nstops == 0) {
		move_group_forecast_free(out);
		return -1;
	}
	return 0;
}

void
move_group_forecast_free(struct move_group_forecast *f)
{
	free(f->stops);
	f->stops = NULL;
	f->nstops = 0;
	eventlog_free(&f->log);
}

/* --- routes for orders --------------------------------------------------- */

#define ROUTE_BUDGET	(PATH_BUDGET * 16)	/* cells a whole route may
						   expand: the map, twice */
#define ROUTE_SPAN	256	/* cells one straight leg may cover */
#define ROUTE_SEEN	24	/* turns move_route forecasts ahead */

/* Whether the walk's straight line from p (facing f) to r[j] passes
 * exactly through r[i..j]: the cells the walk would step on. */
static bool
line_follows(struct point p, enum dir f, const struct point *r, int i,
    int j)
{
	struct point q;
	int k, d;

	for (k = i; k <= j; k++) {
		q = path_next(p, f, r[j]);
		if (q.x != r[k].x || q.y != r[k].y)
			return false;
		d = dir_between(p, q);
		if (d < 0)
			return false;
		f = (enum dir)d;
		p = q;
	}
	return true;
}

/*
 * Cut a route of cells r[0..n-1] from p (facing f) into the fewest points
 * between which the walk's straight line (path_next) steps on exactly
 * those cells: the walk given these points as waypoints marches the
 * route.  A cell reached by a wheel (wheel[i], may be NULL) is no point:
 * the walk, turning there towards the next point, wheels itself, and
 * a point on the wheel's new anchor would send it stepping onto it.
 * Writes at most max points to out; returns how many it needed (more
 * than max when they do not fit).
 */
int
route_points(struct point p, enum dir f, const struct point *r,
    const unsigned char *wheel, int n, struct point *out, int max)
{
	int i = 0, j, best, k = 0, d;

	while (i < n) {
		if (wheel != NULL && wheel[i] && i + 1 < n) {
			/* On from the wheel's anchor, facing its first
			 * step. */
			p = r[i];
			d = dir_between(r[i], r[i + 1]);
			if (d >= 0)
				f = (enum dir)d;
			i++;
			continue;
		}
		best = i;
		for (j = i; j < n && j < i + ROUTE_SPAN; j++)
			if (line_follows(p, f, r, i, j))
				best = j;
		if (k < max)
			out[k] = r[best];
		k++;
		d = dir_between(best > 0 ? r[best - 1] : p, r[best]);
		if (d >= 0)
			f = (enum dir)d;
		p = r[best];
		i = best + 1;
	}
	return k;
}

/* The walk w, having marched route r (n cells, n >= 1) from w->pos, faces
 * the way its last step went: the next leg is planned so. */
static void
leg_facing(struct move_walk *w, const struct point *r, int n)
{
	int d = dir_between(n > 1 ? r[n - 2] : w->pos, r[n - 1]);

	if (d >= 0)
		w->facing = (enum dir)d;
}

/*
 * For move_route: tmp, a copy of g whose occupancy grid (its own, the
 * caller frees tmp->occ) has none of unit u's friends on it.
 */
static void
route_without_friends(const struct game *g, int u, struct game *tmp)
{
	size_t ncell = (size_t)g->map->w * (size_t)g->map->h;
	int i;

	*tmp = *g;
	tmp->occ = xmallocarray(ncell, sizeof *tmp->occ);
	memcpy(tmp->occ, g->occ, ncell * sizeof *tmp->occ);
	for (i = 0; i < g->nunits; i++)
		if (i != u && g->units[i].side == g->units[u].side &&
		    unit_active(&g->units[i]))
			game_occupy(tmp, i, false);
}

/* move_route's search on g as it stands (its units as path_cheapest
 * sees them): in, checked by the caller, into *out. */
static void
route_legs(const struct game *g, const struct order *in, struct order *out)
{
	struct move_walk w;
	struct point *r = NULL, pts[ORDER_MAX_POINTS];
	unsigned char *wheel = NULL;
	bool user[ORDER_MAX_POINTS * ORDER_MAX_POINTS], complete;
	struct point all[ORDER_MAX_POINTS * ORDER_MAX_POINTS];
	int leg, n, m, k, na = 0, i;

	*out = *in;
	move_walk_init(g, in->unit, &w);
	for (leg = 0; leg < in->npts; leg++) {
		/* Clear of battle contact on the way (the walk would stop
		 * there, 3.6.8) when there is such a way. */
		n = path_cheapest(g, &w, in->pts[leg], ROUTE_BUDGET, true, &r,
		    &wheel, &complete);
		m = 0;
		if (n > 0 && complete)
			m = route_points(w.pos, w.facing, r, wheel, n, pts,
			    ORDER_MAX_POINTS);
		if (m < 1 || m > ORDER_MAX_POINTS) {
			/* No way round found, or too many bends: straight
			 * at the point, as the player drew it. */
			pts[0] = in->pts[leg];
			m = 1;
		}
		for (k = 0; k < m; k++) {
			all[na] = pts[k];
			user[na++] = k == m - 1;
		}
		if (n > 0 && complete)
			leg_facing(&w, r, n);
		w.pos = in->pts[leg];
		free(r);
		free(wheel);
	}
	/* Too many points: the bends of the last legs go first (that part
	 * is walked straight, the walk going round what it meets). */
	while (na > ORDER_MAX_POINTS) {
		for (i = na - 1; i >= 0 && user[i]; i--)
			;
		if (i < 0)
			break;
		memmove(all + i, all + i + 1, (size_t)(na - i - 1) *
		    sizeof *all);
		memmove(user + i, user + i + 1, (size_t)(na - i - 1) *
		    sizeof *user);
		na--;
	}
	out->npts = na;
	memcpy(out->pts, all, (size_t)na * sizeof *all);
}

/* The turns move_forecast gives order o (ROUTE_SEEN at most), or INT_MAX
 * when it does not arrive. */
static int
route_turns(const struct game *g, const struct order *o)
{
	struct point *cells = NULL;
	int n = 0, t = move_forecast(g, o, ROUTE_SEEN, &cells, &n);

	free(cells);
	return t > 0 ? t : INT_MAX;
}

/*
 * A friend standing in the way as the order is given may yet be ordered
 * on this turn (a skirmish screen before the line it covers): a route
 * bent round him then marches the long way round ground that has come
 * clear.  So the route is searched over ground and enemies alone, and
 * the walk meets friends as they stand when it marches (it waits for one
 * that moves first, goes round one that stays, passes through as 3.6.7
 * lets it, and says so).  Only where the friends standing now would hold
 * that march up for longer than the way round them takes (both
 * forecast, friends under Move orders gone) is the way round them given.
 */
int
move_route(const struct game *g, const struct order *in, struct order *out)
{
	struct game tmp;
	struct order round;
	int leg;

	*out = *in;
	if (in->kind != ORDER_MOVE || in->unit < 0 || in->unit >= g->nunits ||
	    !unit_active(&g->units[in->unit]) || in->npts < 1 ||
	    in->npts > ORDER_MAX_POINTS || g->rs->ops->move_step == NULL)
		return -1;
	for (leg = 0; leg < in->npts; leg++)
		if (!map_inside(g->map, in->pts[leg].x, in->pts[leg].y))
			return -1;
	route_without_friends(g, in->unit, &tmp);
	route_legs(&tmp, in, out);
	free(tmp.occ);
	route_legs(g, in, &round);
	if (round.npts != out->npts || memcmp(round.pts, out->pts,
	    (size_t)out->npts * sizeof *out->pts) != 0) {
		if (route_turns(g, &round) < route_turns(g, out))
			*out = round;
	}
	/* The search prices a turn of the front where the route bends; the
	 * walk, left to itself, may do better: wheel at once rather than
	 * step first and wheel short of speed (H9).  A route that arrives
	 * later than the order as written does not replace it (one that
	 * does not arrive at all keeps its legs: they show the way). */
	if (out->npts != in->npts || memcmp(out->pts, in->pts,
	    (size_t)in->npts * sizeof *in->pts) != 0) {
		int rt = route_turns(g, out);

		if (rt != INT_MAX && route_turns(g, in) < rt)
			*out = *in;
	}
	return 0;
}

/* Whether unit in->unit in formation form has a whole route for every
 * leg of Move order in, as move_route searches it (units
 * PATH_UNITS_STAY), or over the map alone (PATH_UNITS_NONE). */
static bool
route_whole(const struct game *g, const struct order *in, int form,
    int units)
{
	struct move_walk w;
	struct point *r = NULL;
	bool complete = false;
	int leg, n;

	move_walk_init(g, in->unit, &w);
	w.form = form;
	for (leg = 0; leg < in->npts; leg++) {
		n = path_whole(g, &w, in->pts[leg], ROUTE_BUDGET, units, &r,
		    &complete);
		if (n > 0 && complete)
			leg_facing(&w, r, n);
		free(r);
		if (!complete && (w.pos.x != in->pts[leg].x ||
		    w.pos.y != in->pts[leg].y))
			return false;
		w.pos = in->pts[leg];
	}
	return true;
}

/* Whether unit u's block in formation f, at its anchor and facing, lies
 * wholly on the map and on ground whose landscape does not forbid f:
 * where a Formation order would form it, units aside. */
static bool
form_may_stand(const struct game *g, const struct unit *u, int f)
{
	struct point *cells = game_cells_take(g);
	int i, n;
	bool ok = true;

	n = game_footprint_at(g, u, u->pos, u->facing, f, cells);
	for (i = 0; i < n && ok; i++)
		ok = map_inside(g->map, cells[i].x, cells[i].y) &&
		    (g->rs->land[map_cell(g->map, cells[i].x,
		    cells[i].y)->land].forbid & (1u << f)) == 0;
	game_cells_give(g, cells);
	return ok;
}

int
move_route_form(const struct game *g, const struct order *in)
{
	const struct ruleset *rs = g->rs;
	const struct unit *u;
	struct point bad;
	int f, leg;

	if (in->kind != ORDER_MOVE || in->unit < 0 || in->unit >= g->nunits ||
	    !unit_active(&g->units[in->unit]) || in->npts < 1 ||
	    in->npts > ORDER_MAX_POINTS || rs->ops->move_step == NULL)
		return -1;
	for (leg = 0; leg < in->npts; leg++)
		if (!map_inside(g->map, in->pts[leg].x, in->pts[leg].y))
			return -1;
	u = &g->units[in->unit];
	if (route_whole(g, in, u->formation, PATH_UNITS_STAY))
		return u->formation;
	/* A formation the unit has no room to take here, or whose ground
	 * forbids it, is no advice: the Formation order would fail where
	 * it stands, turn after turn. */
	for (f = 0; f < rs->nform; f++)
		if (f != u->formation && (rs->form[f].arms & (1u << u->arm)) &&
		    game_fits(g, in->unit, u->pos, u->facing, f, -1,
		    &bad) == 0 && form_may_stand(g, u, f) &&
		    route_whole(g, in, f, PATH_UNITS_STAY))
			return f;
	/* None past the units that stand: has the ground a way, in a
	 * formation the unit could take here were they gone? */
	for (f = 0; f < rs->nform; f++)
		if ((rs->form[f].arms & (1u << u->arm)) &&
		    (f == u->formation || form_may_stand(g, u, f)) &&
		    route_whole(g, in, f, PATH_UNITS_NONE))
			return MOVE_FORM_UNITS;
	return -1;
}

int
move_forecast(const struct game *g, const struct order *o, int max,
    struct point **path, int *npath)
{
	return move_forecast_end(g, o, max, path, npath, NULL);
}

int
move_forecast_end(const struct game *g, const struct order *o, int max,
    struct point **path, int *npath, struct move_forecast_end *end)
{
	struct game tmp = *g;
	struct unit *un;
	struct move_walk w;
	struct point *carry = NULL, *cells = NULL, from;
	enum dir face;
	size_t ncell = (size_t)g->map->w * (size_t)g->map->h;
	unsigned char *moved, *still;
	int t, turns = -1, ncarry = 0, nc = 0, cap = 0, i, k, f;
	bool own, stuck = false;

	*path = NULL;
	*npath = 0;
	if (end != NULL) {
		end->turn = 0;
		end->halt = HALT_NONE;
		end->contact = -1;
		end->apart = false;
		end->mob_turn = 0;
		end->mob_rule[0] = '\0';
		end->nturns = 0;
	}
	if (o->kind != ORDER_MOVE || o->unit < 0 || o->unit >= g->nunits ||
	    !unit_active(&g->units[o->unit]) || o->npts < 1 ||
	    o->npts > ORDER_MAX_POINTS)
		return -1;
	/* A scratch copy of what the walk reads and the forecast changes:
	 * the units (their owned arrays stay the game's, never freed or
	 * written here) and the occupancy grid. */
	tmp.units = xmallocarray((size_t)g->nunits, sizeof *tmp.units);
	memcpy(tmp.units, g->units, (size_t)g->nunits * sizeof *tmp.units);
	tmp.occ = xmallocarray(ncell, sizeof *tmp.occ);
	memcpy(tmp.occ, g->occ, ncell * sizeof *tmp.occ);
	un = &tmp.units[o->unit];
	/* The unit's own standing order resumes as move_unit resumes it
	 * (its waypoint, its debt, the route it carried, a pivot under
	 * way); any other order starts afresh. */
	own = un->route_key == order_key(o);
	un->order = *o;
	un->owed = walk_owed(g, un, own);
	if (!own) {
		un->waypoint = 0;
	} else if (un->nroute > 0) {
		ncarry = un->nroute;
		carry = xmallocarray((size_t)ncarry, sizeof *carry);
		memcpy(carry, un->route, (size_t)ncarry * sizeof *carry);
	}
	un->route = NULL;
	un->nroute = 0;
	/* Its road trail is the forecast's own copy: game_occupy forgets
	 * (frees) a trail the unit has left, and the game's must stay. */
	if (un->trail != NULL) {
		struct point *tr = xmallocarray((size_t)un->ntrail + 1,
		    sizeof *tr);

		memcpy(tr, un->trail, (size_t)un->ntrail * sizeof *tr);
		un->trail = tr;
	}
	/* The first turn is this turn's preview (move_preview): friends
	 * stand where they are, but for those under Move orders met on the
	 * way, marched first as the movement phase marches a friend the
	 * unit waits for.  So the count of turns starts from where the
	 * preview stops this turn, never from a march it does not make. */
	moved = xcalloc((size_t)g->nunits + 1, 1);
	still = xcalloc((size_t)g->nunits + 1, 1);
	for (t = 1; t <= max; t++) {
		from = un->pos;
		face = un->facing;
		for (k = 0; ; k++) {
			move_walk_init(&tmp, o->unit, &w);
			w.preview = true;
			w.resumed = t > 1 || own;
			if (ncarry > 0) {
				w.route = xmallocarray((size_t)ncarry,
				    sizeof *w.route);
				memcpy(w.route, carry, (size_t)ncarry *
				    sizeof *w.route);
				w.nroute = ncarry;
			}
			if (t == 1 && g->rs->waits_for_friends) {
				w.wait_moved = moved;
				w.wait_may = k < PREVIEW_WAITS && !stuck;
			}
			walk_all(&tmp, NULL, &w, -1, NULL);
			if (t > 1 || w.wait_for < 0 ||
			    w.halt != HALT_BLOCKED)
				break;
			f = w.wait_for;
			move_walk_free(&w);
			if (preview_march_friend(&tmp, f, false))
				moved[f] = 1;
			else {
				stuck = true;
				still[f] = 1;
			}
		}
		free(carry);
		carry = NULL;
		ncarry = 0;
		if (t == 1)
			/* From the next turn on, friends that march under
			 * Move orders of their own (move_marches) will have
			 * left their places: the forecast does not wait
			 * behind them.  The enemy's orders are his own:
			 * his units stand where they are seen.  A friend
			 * waited for this turn that could not move stands
			 * on: its way may be barred by the unit itself (a
			 * battery with no room to limber for the horse
			 * behind it), and the forecast said "arrives"
			 * turn after turn while neither moved. */
			for (i = 0; i < g->nunits; i++)
				if (i != o->unit && move_marches(g,
				    &g->units[i]) && g->units[i].side ==
				    g->units[o->unit].side &&
				    unit_active(&g->units[i]) && !still[i] &&
				    (!moved[i] || tmp.units[i].order.kind ==
				    ORDER_MOVE))
					game_occupy(&tmp, i, false);
		for (i = nc > 0 ? 1 : 0; i < w.npath; i++) {
			if (nc == cap) {
				cap = cap ? cap * 2 : 64;
				cells = xreallocarray(cells, (size_t)cap,
				    sizeof *cells);
			}
			cells[nc++] = w.path[i];
		}
		game_occupy(&tmp, o->unit, false);
		un->pos = w.pos;
		un->facing = w.facing;
		un->formation = w.form;
		un->cond = w.cond;
		game_occupy(&tmp, o->unit, true);
		un->owed = w.owed;
		un->waypoint = w.waypoint;
		if (w.detour >= 0) {
			/* A way round a standing friend: kept in the order,
			 * as move_unit keeps it. */
			un->order.npts = w.detour_order.npts;
			memcpy(un->order.pts, w.detour_order.pts,
			    sizeof un->order.pts);
		}
		un->halt = w.halt;
		un->halt_turn = tmp.turn;
		if (end != NULL) {
			end->turn = t;
			end->halt = w.halt;
			end->contact = w.halt == HALT_CONTACT ? w.contact : -1;
			end->apart = w.halt == HALT_CONTACT &&
			    w.contact_apart;
			if (end->nturns < MOVE_FORECAST_TURNS) {
				struct move_forecast_turn *ft =
				    &end->turns[end->nturns++];

				ft->pos = w.pos;
				ft->halt = w.arrived || w.order_done ?
				    HALT_ARRIVED : w.halt;
				event_rule_copy(ft->rule, sizeof ft->rule,
				    w.halt_rule);
				ft->allowance = w.allowance;
				ft->spent = w.stood ? 0 :
				    w.allowance - w.left;
				ft->walked = w.stood ? 0 : w.walked;
			}
		}
		if (tmp.rs->ops->move_commit != NULL)
			tmp.rs->ops->move_commit(&tmp, o->unit, &w);
		if (w.halt != HALT_BLOCKED && walk_carry(&w) > 0) {
			ncarry = walk_carry(&w);
			carry = xmallocarray((size_t)ncarry, sizeof *carry);
			memcpy(carry, w.route + w.iroute, (size_t)ncarry *
			    sizeof *carry);
		}
		if (w.arrived || w.order_done) {
			turns = t;
			move_walk_free(&w);
			break;
		}
		/* Left a Mob (a crossing paid with exactly what it had,
		 * M19): it marches on only when restored. */
		if (w.cond == COND_MOB && !w.cancel &&
		    g->units[o->unit].cond != COND_MOB) {
			if (end != NULL) {
				end->mob_turn = t;
				event_rule_copy(end->mob_rule,
				    sizeof end->mob_rule, w.halt_rule);
			}
			move_walk_free(&w);
			break;
		}
		/* A router it touched leaves its way, taken or scattered
		 * on along its track (the ruleset's move_routed): the walk
		 * goes on past it next turn. */
		if (!w.cancel && w.halt == HALT_CONTACT && w.contact < 0 &&
		    w.touched_routed >= 0 &&
		    w.touched_routed < tmp.nunits) {
			game_occupy(&tmp, w.touched_routed, false);
			tmp.units[w.touched_routed].cond = COND_CAPTURED;
			move_walk_free(&w);
			tmp.turn++;
			continue;
		}
		/* Stopped by the enemy, or blocked without gaining a
		 * cell or a turn of the front: it stays so. */
		if (w.cancel || w.halt == HALT_CONTACT ||
		    (w.halt == HALT_BLOCKED && w.pos.x == from.x &&
		    w.pos.y == from.y && w.facing == face)) {
			move_walk_free(&w);
			break;
		}
		move_walk_free(&w);
		tmp.turn++;
	}
	free(carry);
	free(moved);
	free(still);
	free(un->trail);
	free(tmp.occ);
	free(tmp.units);
	*path = cells;
	*npath = nc;
	return turns;
}

/* --- reachable area ------------------------------------------------------- */

int
move_reach(const struct game *g, int u, struct point **cells)
{
	const struct ruleset_ops *ops = g->rs->ops;
	struct move_walk w;
	struct move_price tp, sp;
	struct order o;
	int r, side, x0, y0, i, j, k, n = 0, best, cur, c, nc, t;
	int *cost;
	unsigned char *face, *done;
	struct point p, q;

	*cells = NULL;
	if (u < 0 || u >= g->nunits || !unit_active(&g->units[u]) ||
	    ops->move_begin == NULL)
		return 0;
	o = g->units[u].order;
	o.kind = ORDER_MOVE;
	o.npts = 1;
	o.pts[0] = g->units[u].pos;
	move_walk_init(g, u, &w);
	w.order = &o;
	w.preview = true;
	w.fresh = true;
	if (ops->move_begin(g, &w) != 0) {
		move_walk_free(&w);
		return 0;
	}
	r = w.left / STEP_ORTHO + 1;
	side = 2 * r + 1;
	x0 = w.pos.x - r;
	y0 = w.pos.y - r;
	cost = xmallocarray((size_t)side * (size_t)side, sizeof *cost);
	face = xcalloc((size_t)side * (size_t)side, 1);
	done = xcalloc((size_t)side * (size_t)side, 1);
	for (i = 0; i < side * side; i++)
		cost[i] = INT_MAX;
	cost[r * side + r] = 0;
	face[r * side + r] = (unsigned char)w.facing;
	*cells = xmallocarray((size_t)side * (size_t)side, sizeof **cells);
	/* Dijkstra over a small square: the budget bounds it. */
	for (;;) {
		best = -1;
		for (i = 0; i < side * side; i++)
			if (!done[i] && cost[i] != INT_MAX &&
			    (best < 0 || cost[i] < cost[best]))
				best = i;
		if (best < 0)
			break;
		done[best] = 1;
		p.x = x0 + best % side;
		p.y = y0 + best / side;
		(*cells)[n++] = p;
		cur = cost[best];
		for (k = 0; k < DIR_COUNT; k++) {
			q.x = p.x + dir_dx[k];
			q.y = p.y + dir_dy[k];
			i = q.x - x0;
			j = q.y - y0;
			if (i < 0 || j < 0 || i >= side || j >= side ||
			    !map_inside(g->map, q.x, q.y) ||
			    done[j * side + i])
				continue;
			w.pos = p;
			w.facing = (enum dir)face[best];
			w.left = w.allowance - cur;
			ops->move_turn(g, &w, (enum dir)k, &tp);
			t = tp.ticks;
			w.left -= t;
			ops->move_step(g, &w, (enum dir)k, &sp);
			if (sp.verdict != MOVE_OK && sp.verdict != MOVE_CHANGE)
				continue;
			if (sp.flags & MPF_SQUARE)
				t = 0;
			c = cur + t + (sp.verdict == MOVE_OK ?
			    sp.ticks : dir_step_cost((enum dir)k));
			/* As the walk: the minimum move from the start, and
			 * new ground whose Pr + Pe is paid for (issue 12). */
			if (c > w.allowance && ((cur == 0 && t == 0 &&
			    w.fresh) || (sp.need >= 0 && cur + t + sp.need <=
			    w.allowance)))
				c = w.allowance;
			if (c > w.allowance || (game_unit_at(g, q.x, q.y) >= 0 &&
			    game_unit_at(g, q.x, q.y) != u))
				continue;
			nc = j * side + i;
			if (c < cost[nc]) {
				cost[nc] = c;
				face[nc] = (unsigned char)k;
			}
		}
	}
	free(cost);
	free(face);
	free(done);
	move_walk_free(&w);
	return n;
}
