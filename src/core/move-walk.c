/*
 * move-walk.c - the movement engine: a unit's walk along its route,
 * priced step by step by the ruleset, committed to the game with its
 * explanation.  See move.h.  Here: the walk's start, its helpers, the
 * per-phase index, routes, road columns, the walk's run and its commit
 * (move_unit); one step is priced in move-step.c, the enemies near a
 * walk found in move-near.c.
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
#include "core/move.h"
#include "core/move-priv.h"
#include "core/path.h"
#include "core/ruleset.h"
#include "util/xalloc.h"

#define REPLANS_MAX	(ORDER_MAX_POINTS + 4) /* route plans per walk */
/* Cells and facings expanded by a search for room to turn: a node per
 * cell and facing, so more than a search over cells. */
#define ROOM_BUDGET	(2 * PATH_BUDGET)
/* Cells expanded by a search for a way round a standing friend: a whole
 * route, planned once. */
#define DETOUR_BUDGET	(4 * PATH_BUDGET)

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
	w->detour = -1;
	w->start_land = map_cell(g->map, un->pos.x, un->pos.y)->land;
	w->waypoint = un->waypoint;
	if (unit_on_trail(un)) {
		w->trail = trail_dup(g, un->trail, un->ntrail);
		w->ntrail = un->ntrail < g->cells_max ? un->ntrail :
		    g->cells_max;
	}
	if (g->rs->ops->move_init != NULL)
		g->rs->ops->move_init(g, w);
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

/* --- the per-phase index ------------------------------------------------ */

static int
bucket_of(const struct move_ctx *c, struct point p)
{
	int bx = p.x / BUCKET, by = p.y / BUCKET;

	if (bx < 0)
		bx = 0;
	if (by < 0)
		by = 0;
	if (bx >= c->bw)
		bx = c->bw - 1;
	if (by >= c->bh)
		by = c->bh - 1;
	return by * c->bw + bx;
}

/* Buckets hold one list per side: slot b * GAME_MAX_SIDES + side. */
static void
ctx_link(struct move_ctx *c, int u, int b)
{
	c->bucket[u] = b;
	c->prev[u] = -1;
	c->next[u] = c->head[b];
	if (c->head[b] >= 0)
		c->prev[c->head[b]] = u;
	c->head[b] = u;
}

static int
slot_of(const struct move_ctx *c, const struct unit *u, struct point p)
{
	int side = u->side >= 0 && u->side < GAME_MAX_SIDES ? u->side : 0;

	return bucket_of(c, p) * GAME_MAX_SIDES + side;
}

/* Take unit u out of its list; the caller links it again at once
 * (ctx_link), which sets its bucket. */
static void
ctx_unlink(struct move_ctx *c, int u)
{
	int b = c->bucket[u];

	if (b < 0)
		return;
	if (c->prev[u] >= 0)
		c->next[c->prev[u]] = c->next[u];
	else
		c->head[b] = c->next[u];
	if (c->next[u] >= 0)
		c->prev[c->next[u]] = c->prev[u];
}

struct move_ctx *
move_ctx_create(const struct game *g)
{
	struct move_ctx *c = xcalloc(1, sizeof *c);
	int i, n;

	c->bw = (g->map->w + BUCKET - 1) / BUCKET;
	c->bh = (g->map->h + BUCKET - 1) / BUCKET;
	n = c->bw * c->bh * GAME_MAX_SIDES;
	c->head = xmallocarray((size_t)n, sizeof *c->head);
	for (i = 0; i < n; i++)
		c->head[i] = -1;
	c->reach = move_block_reach(g);
	c->next = xmallocarray((size_t)g->nunits + 1, sizeof *c->next);
	c->prev = xmallocarray((size_t)g->nunits + 1, sizeof *c->prev);
	c->bucket = xmallocarray((size_t)g->nunits + 1, sizeof *c->bucket);
	/* Link in reverse so each bucket lists units by ascending index. */
	for (i = g->nunits - 1; i >= 0; i--) {
		c->bucket[i] = -1;
		if (unit_gone(&g->units[i]))
			continue;
		ctx_link(c, i, slot_of(c, &g->units[i], g->units[i].pos));
	}
	return c;
}

void
move_ctx_free(struct move_ctx *c)
{
	if (c == NULL)
		return;
	free(c->head);
	free(c->next);
	free(c->prev);
	free(c->bucket);
	free(c->used);
	free(c);
}

bool
ctx_used(const struct move_ctx *c, int id)
{
	int i;

	for (i = 0; c != NULL && i < c->nused; i++)
		if (c->used[i] == id)
			return true;
	return false;
}

void
ctx_use(struct move_ctx *c, int id)
{
	if (c == NULL)
		return;
	if (c->nused == c->capused) {
		c->capused = c->capused ? c->capused * 2 : 8;
		c->used = xreallocarray(c->used, (size_t)c->capused,
		    sizeof *c->used);
	}
	c->used[c->nused++] = id;
}

/* --- routes --------------------------------------------------------------- */

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
static bool
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

/*
 * Make sure the walk has a next cell; false when there is none.  Past
 * any route kept from a search, the unit goes straight on: the next cell
 * of the line to its goal (path_next), found step by step, so the ground
 * is priced once, by the walk itself.  Only when a step of the line is
 * refused does the walk search a way round (walk_round).
 */
static bool
walk_route(const struct game *g, struct move_walk *w)
{
	struct point goal, next;

	(void)g;
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
static void
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
	return w->round_known && w->round_pos.x == w->pos.x &&
	    w->round_pos.y == w->pos.y && w->round_goal.x == goal.x &&
	    w->round_goal.y == goal.y && w->round_facing == w->facing &&
	    w->round_form == w->form && w->round_left == w->left &&
	    w->round_contours == w->contours &&
	    w->round_walked == w->walked && w->round_fresh == w->fresh &&
	    memcmp(w->round_mod, w->mod, sizeof w->mod) == 0;
}

/* Keep the walk as asked and the route a way round found (n cells of r
 * and of its faces, copied), for round_again. */
static void
round_keep(struct move_walk *w, struct point goal, const struct point *r,
    const unsigned char *faces, int n)
{
	free(w->round_route);
	free(w->round_face);
	w->round_route = NULL;
	w->round_face = NULL;
	w->round_n = 0;
	if (n > 0) {
		w->round_route = xmallocarray((size_t)n, sizeof *r);
		memcpy(w->round_route, r, (size_t)n * sizeof *r);
		w->round_face = xmallocarray((size_t)n, 1);
		memcpy(w->round_face, faces, (size_t)n);
		w->round_n = n;
	}
	w->round_known = true;
	w->round_pos = w->pos;
	w->round_goal = goal;
	w->round_facing = w->facing;
	w->round_form = w->form;
	w->round_left = w->left;
	w->round_contours = w->contours;
	w->round_walked = w->walked;
	w->round_fresh = w->fresh;
	memcpy(w->round_mod, w->mod, sizeof w->mod);
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
		if (w->round_n <= 0)
			return false;
		r = xmallocarray((size_t)w->round_n, sizeof *r);
		memcpy(r, w->round_route, (size_t)w->round_n * sizeof *r);
		faces = xmallocarray((size_t)w->round_n, 1);
		memcpy(faces, w->round_face, (size_t)w->round_n);
		n = w->round_n;
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
 * group order (its member keeps its place in the line, 3.6.3); where the
 * ruleset turns units itself (move_face: the search's turns are not yet
 * the walk's); twice in a walk.  With no way round, it says so (once a
 * turn, the same every turn: it waits).  rule: the rule that refused the
 * pass.
 */
bool
walk_detour(const struct game *g, struct move_walk *w, int fr,
    const char *rule)
{
	const struct unit *un = &g->units[w->unit];
	struct point goal, *r = NULL, pts[ORDER_MAX_POINTS + 1];
	struct move_text t;
	struct order *o = &w->detour_order;
	const struct order *in = w->order;
	int n = 0, m, k = 0, j, i, wp;

	if (w->scratch || w->plain || g->rs->ops->move_face != NULL ||
	    in->ngroup > 0 || w->detour != -1 ||
	    ((g->rs->form[w->form].flags & FORMF_ROAD) &&
	    map_cell(g->map, w->pos.x, w->pos.y)->road != ROAD_NONE) ||
	    w->replans >= REPLANS_MAX || !walk_goal(w, &goal))
		return false;
	w->replans++;
	wp = w->waypoint;
	/* Towards the point sought; when a standing friend covers it, or
	 * no way round reaches it, towards the points after it: a
	 * waypoint that cannot be reached is passed by. */
	for (j = wp; j < in->npts; j++) {
		n = path_detour(g, w, in->pts[j], DETOUR_BUDGET, fr, &r);
		if (n <= 0)
			continue;
		m = route_points(w->pos, w->facing, r, NULL, n, pts,
		    ORDER_MAX_POINTS + 1);
		/* The last point is pts[j] itself, already the order's;
		 * the points skipped make room. */
		k = m - 1;
		if (k > ORDER_MAX_POINTS - in->npts + (j - wp))
			k = ORDER_MAX_POINTS - in->npts + (j - wp);
		if (k >= 1 || j > wp)
			break;
		free(r);
		r = NULL;
	}
	if (j >= in->npts) {
		w->detour = -2;		/* not searched again this walk */
		move_note(w, EV_NOTE, rule, "%s stands in the way of %s and "
		    "it finds no way round it towards [%d, %d]%s: it waits "
		    "behind it", g->units[fr].name, un->name, goal.x, goal.y,
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
	walk_take_route(w, r, NULL, n);
	t.n = 0;
	move_text_s(&t, g->units[fr].name);
	move_text_s(&t, " stands in the way and may not be passed this "
	    "turn: ");
	move_text_s(&t, un->name);
	move_text_s(&t, " marches round it");
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
walk_room(const struct game *g, struct move_walk *w)
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
		if (how == PATH_ALL_SEEN)
			move_note(w, EV_NOTE, rule_for(g, HALT_BLOCKED),
			    "nowhere it can reach in its formation has room "
			    "for it to turn towards [%d, %d], whatever the "
			    "units about it do: it needs another formation",
			    goal.x, goal.y);
	}
	if (n <= 0) {
		free(r);
		free(faces);
		return false;
	}
	walk_take_route(w, r, faces, n);
	return true;
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

/* --- road columns (3.6.6) ----------------------------------------------- */

/* The cells the walker covers now: its trail, or its straight block. */
static int
walk_cells(const struct game *g, const struct move_walk *w,
    struct point *out)
{
	int n;

	if (w->ntrail > 0) {
		memcpy(out, w->trail, (size_t)w->ntrail * sizeof *out);
		return w->ntrail;
	}
	n = game_footprint_at(g, &g->units[w->unit], w->pos, w->facing,
	    w->form, out);
	return n;
}

/* Whether the step priced sp is one a column makes following its road:
 * a single-file march column (the ruleset's road formation) stepping
 * from road to road. */
bool
walk_follows_road(const struct game *g, const struct move_walk *w,
    const struct move_price *sp)
{
	const struct formation_def *fd = &g->rs->form[w->form];

	return (fd->flags & FORMF_ROAD) && (sp->flags & MPF_ROAD) &&
	    fd->frontage[g->units[w->unit].arm] == 1;
}

/*
 * The body of a column whose head steps onto next along its road: next,
 * then the cells it covers now, in order, as many as its length holds.
 * The length is the formation's depth counted in ticks (M24, 2 a cell as
 * drawn facing N); each cell measures the step that joins it to the cell
 * before (the head, the step it just made), and a cell is kept while its
 * middle lies within the length, so a straight column keeps its block's
 * cells whatever its facing (geom_span).  Returns 0 when next is a cell
 * of its own body (it turns about): it is then the straight block.
 */
int
trail_after(const struct game *g, const struct move_walk *w,
    struct point next, struct point *out)
{
	struct point *body, prev = next;
	int nb, n = 1, i, len2, want2, link;

	body = game_cells_take(g);
	nb = walk_cells(g, w, body);
	for (i = 0; i < nb; i++)
		if (body[i].x == next.x && body[i].y == next.y) {
			game_cells_give(g, body);
			return 0;
		}
	want2 = 2 * STEP_ORTHO * g->rs->form[w->form].depth[
	    g->units[w->unit].arm];
	out[0] = next;
	len2 = 2 * geom_dist(next, body[0]);
	for (i = 0; i < nb && n < g->cells_max; i++) {
		link = geom_dist(prev, body[i]);
		if (link > STEP_DIAG || len2 + link >= want2)
			break;
		out[n++] = body[i];
		len2 += 2 * link;
		prev = body[i];
	}
	game_cells_give(g, body);
	return n;
}

static void walk_run(const struct game *, struct move_ctx *, struct move_walk *,
    struct cands *);

/* Would the walk, going on through friends, come clear of them?  The
 * trial walk leaves the enemies' gaps in cs as it found them: they are
 * the walker's, measured where it stands. */
bool
walk_can_clear(const struct game *g, struct move_ctx *ctx,
    const struct move_walk *w, struct cands *cs)
{
	struct move_walk t = *w;
	int *gaps = NULL, i;

	t.scratch = true;
	t.explain = false;
	t.passing = true;
	t.notes = NULL;
	t.nnotes = t.capnotes = 0;
	t.path = NULL;
	t.npath = t.cappath = 0;
	t.round_route = NULL;	/* w's own: t never searches a way round */
	t.round_face = NULL;
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
	free(t.route);
	free(t.route_face);
	free(t.trail);
	free(t.narrow_trail);
	return !t.passing;
}

/* Is the block still in the narrow passage it is going through? */
static bool
walk_in_narrow(const struct game *g, const struct move_walk *w)
{
	struct point *cells = game_cells_take(g);
	int i, n;

	n = walk_cells(g, w, cells);
	for (i = 0; i < n; i++)
		if (map_inside(g->map, cells[i].x, cells[i].y) &&
		    (map_cell(g->map, cells[i].x, cells[i].y)->flags &
		    CELL_DEFILE))
			break;
	game_cells_give(g, cells);
	if (i < n)
		return true;
	/* Over a bridge or gate: the block must be past the edge; a
	 * block's depth in steps is a fair measure. */
	return w->narrow_steps < geom_span(w->facing,
	    g->rs->form[w->form].depth[g->units[w->unit].arm]);
}

/*
 * 3.6.6: the column is stopped before it is through the passage.  With
 * some room beyond (its head came out) it ends as a Mob part way; with
 * none it does not pass at all: the walk goes back to where it stood
 * before the passage.
 */
static void
narrow_blocked(const struct game *g, struct move_walk *w)
{
	const char *rule = rule_for(g, HALT_PASSAGE);

	if (w->narrow_out > 0) {
		walk_upset(g, w, MOVE_UPSET_PASSAGE_SHORT, NULL);
	} else {
		move_note(w, EV_NOTE, rule, "no room beyond the passage: %s "
		    "does not pass and stays before it",
		    g->units[w->unit].name);
		w->pos = w->narrow_pos;
		w->facing = w->narrow_facing;
		w->ntrail = w->narrow_ntrail;
		if (w->ntrail > 0)
			memcpy(w->trail, w->narrow_trail,
			    (size_t)w->ntrail * sizeof *w->trail);
		if (!w->scratch)
			w->npath = w->narrow_npath;
		w->walked = w->narrow_walked;
		w->left = w->narrow_left;
		w->narrow = false;
	}
	w->halt = HALT_PASSAGE;
	snprintf(w->halt_rule, sizeof w->halt_rule, "%s", rule);
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
 * turn.
 */
static void
walk_look_ahead(const struct game *g, struct move_walk *w)
{
	struct move_walk tw, fw;
	struct move_price sp;
	struct point p = w->pos, q, goal;
	enum dir face = w->facing, d, seen = DIR_COUNT;
	int dist = 0, k, far = g->rs->longest_move, fr;
	bool round, clean = false;

	if (!w->line || w->replans > 0 || w->npath > 1 || !walk_goal(w, &goal))
		return;
	round = !w->scratch && g->rs->ops->move_face == NULL &&
	    w->order->ngroup == 0;
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

	walk_look_ahead(g, w);
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
		if (r == SR_MOVED && w->narrow && !w->passing &&
		    !walk_in_narrow(g, w)) {
			move_note(w, EV_NOTE, rule_for(g, HALT_PASSAGE),
			    "through the passage: it halts on the far side "
			    "this turn and goes on next turn");
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
	char a[32], b[32];
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
	if (w->owed > 0 && w->left == 0 && w->fresh) {
		/* Its ground leaves it nothing to pay with: the minimum
		 * move (issue 12) takes it out of the crossing. */
		ruleset_fmt(g->rs, w->owed, a, sizeof a);
		move_note(w, EV_NOTE, rule_for(g, HALT_OBSTACLE), "owes %s "
		    "of its crossing and has nothing to pay with, but has not "
		    "moved yet this turn: it finishes the crossing and spends "
		    "all (minimum move, marshal's reading)", a);
		w->owed = 0;
		w->fresh = false;
		walk_halt(g, w, HALT_OBSTACLE, NULL);
		return;
	}
	if (w->owed > 0) {
		w->fresh = false;
		i = w->owed < w->left ? w->owed : w->left;
		ruleset_fmt(g->rs, i, a, sizeof a);
		ruleset_fmt(g->rs, w->left - i, b, sizeof b);
		move_note(w, EV_NOTE, rule_for(g, HALT_OBSTACLE), "finishes "
		    "the crossing it stopped in: -%s, %s left", a, b);
		w->owed -= i;
		w->left -= i;
		if (w->owed > 0) {
			walk_halt(g, w, HALT_OBSTACLE, NULL);
			return;
		}
	}
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
	free(cs.v);
	free(cs.pts);
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

int
move_unit(struct game *g, struct move_ctx *ctx, int ui, int cap,
    const char *cap_note, const struct point *goal)
{
	struct unit *u = &g->units[ui];
	struct move_walk w;
	struct move_text ln;
	struct order own;
	int i, k, m, spent;
	unsigned key;

	/* A group order's member seeks its own place in the line: the
	 * order as it holds it, with that one point. */
	own = u->order;
	if (goal != NULL) {
		own.npts = 1;
		own.pts[0] = *goal;
	}
	key = order_key(&own);
	move_walk_init(g, ui, &w);
	w.order = &own;
	w.explain = true;
	w.rng = &g->rng;
	w.resumed = u->route_key == key;
	if (u->route_key != key) {
		u->waypoint = 0;
		w.waypoint = 0;
		u->owed = w.owed = 0;
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
	walk_all(g, ctx, &w, cap, cap_note);

	/* Commit. */
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
	if (ctx != NULL && ctx->bucket[ui] >= 0) {
		ctx_unlink(ctx, ui);
		ctx_link(ctx, ui, slot_of(ctx, u, u->pos));
	}
	for (i = 0; i < w.nnotes; i++) {
		k = eventlog_take(&g->log, g->turn, g->phase, ui,
		    w.notes[i].kind, w.notes[i].rule, w.notes[i].text);
		g->log.v[k].own = w.notes[i].own;
		w.notes[i].text = NULL;
	}
	for (i = 0; i < w.nmobbed; i++)
		if ((m = w.mobbed[i]) >= 0 && g->rs->ops->move_passed != NULL)
			g->rs->ops->move_passed(g, m, ui);
	/* The closing line: "A moves 2 BD (spent 3 BD of 3 BD): stops at
	 * [x, y] facing N, Line: why" or "A stands at [x, y] ...". */
	ln.n = 0;
	move_text_s(&ln, u->name);
	if (w.stood)
		move_text_s(&ln, " stands at ");
	else {
		move_text_s(&ln, " moves ");
		move_text_bd(&ln, g->rs, w.walked);
		move_text_s(&ln, " (spent ");
		move_text_bd(&ln, g->rs, spent);
		move_text_s(&ln, " of ");
		move_text_bd(&ln, g->rs, w.allowance);
		move_text_s(&ln, "): stops at ");
	}
	line_place(&ln, g, u, halt_text(w.halt));
	eventlog_take(&g->log, g->turn, g->phase, ui, EV_MOVE, w.halt_rule,
	    xstrndup(ln.b, ln.n));
	if (w.touched_routed >= 0 && g->rs->ops->move_routed != NULL)
		g->rs->ops->move_routed(g, ui, w.touched_routed);
	else if (w.contact >= 0 && w.halt == HALT_CONTACT &&
	    g->rs->ops->move_contacted != NULL) {
		g->rs->ops->move_contacted(g, ui, w.contact);
		/* A contact may move the unit again (a horse that falls
		 * back from a square): keep its bucket true. */
		if (ctx != NULL && ctx->bucket[ui] >= 0) {
			ctx_unlink(ctx, ui);
			ctx_link(ctx, ui, slot_of(ctx, u, u->pos));
		}
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
