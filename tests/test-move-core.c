/*
 * test-move-core.c - the movement engine's planning parts, function by
 * function: the way round a walk searches and keeps (walk_round, its copy
 * kept per unit in the phase's context, ctx_keep_round and
 * ctx_take_round), the way round a standing friend (walk_detour), the
 * route an order is given (move_route), the preview (move_preview) and
 * the forecast over the turns to come (move_forecast), and the context's
 * own bookkeeping (move-ctx.c).  The walk itself is tested by
 * tests/test-move.c and tests/test-move-walk.c; these tests share one
 * small fixture, an open map with one unit, and add what each needs.
 */
#include "config.h"

#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/game.h"
#include "core/move.h"
#include "core/move-priv.h"
#include "core/path.h"
#include "core/ruleset.h"
#include "io/load.h"
#include "util/xalloc.h"

/* The fixture: the Napoleonic ruleset, a 30 x 30 open map, two sides with
 * their generals, orders in force at once, and unit 0 ("A", infantry of
 * side 0, Drill 4 with its drum, 600 men) in a Manoeuvre Column at
 * (10, 16) facing N. */
struct fx {
	struct ruleset	*rs;
	struct game	*g;
};

static int
fx_setup(void **state)
{
	const char *dd = getenv("MARSHAL_DATA");
	struct fx *f = xcalloc(1, sizeof *f);
	struct diags d;
	struct game *g;
	int u;

	diags_init(&d);
	f->rs = load_ruleset("napoleonic", dd != NULL ? dd : "data", &d);
	if (f->rs == NULL)
		diags_print(&d, stderr);
	diags_free(&d);
	assert_non_null(f->rs);
	g = f->g = game_create(f->rs, map_create(30, 30));
	game_add_side(g, "French");
	game_add_side(g, "Allied");
	game_add_general(g, "fr", "General", 0, -1);
	game_add_general(g, "al", "General", 1, -1);
	g->opt.courier_delay = false;
	u = game_add_unit(g, "a", "A", 0, 0);
	g->units[u].arm = ARM_INFANTRY;
	unit_attr_set(&g->units[u], ruleset_attr(f->rs, "drill"), 4);
	unit_attr_set(&g->units[u], ruleset_attr(f->rs, "musician"), true);
	g->units[u].strength = g->units[u].strength0 = 600;
	g->units[u].formation = ruleset_form(f->rs, "manoeuvre_column");
	g->units[u].pos = (struct point){ 10, 16 };
	g->units[u].facing = DIR_N;
	game_occupy(g, u, true);
	*state = f;
	return 0;
}

static int
fx_teardown(void **state)
{
	struct fx *f = *state;

	game_free(f->g);
	ruleset_free(f->rs);
	free(f);
	return 0;
}

/* Add a friend of unit 0 (side 0) named name, infantry, 600 men, in
 * formation form at (x, y) facing N; returns its index. */
static int
fx_friend(struct game *g, const char *id, const char *form, int x, int y)
{
	int u = game_add_unit(g, id, id, 0, 0);

	g->units[u].arm = ARM_INFANTRY;
	unit_attr_set(&g->units[u], ruleset_attr(g->rs, "drill"), 4);
	unit_attr_set(&g->units[u], ruleset_attr(g->rs, "musician"), true);
	g->units[u].strength = g->units[u].strength0 = 600;
	g->units[u].formation = ruleset_form(g->rs, form);
	g->units[u].pos = (struct point){ x, y };
	g->units[u].facing = DIR_N;
	game_occupy(g, u, true);
	return u;
}

/* Put unit u at (x, y) facing f. */
static void
fx_place(struct game *g, int u, int x, int y, enum dir f)
{
	game_occupy(g, u, false);
	g->units[u].pos = (struct point){ x, y };
	g->units[u].facing = f;
	game_occupy(g, u, true);
}

/* Land land on the cells x0..x1 of rows y0..y1. */
static void
fx_land(struct game *g, int x0, int x1, int y0, int y1, const char *land)
{
	int x, y, l = ruleset_land(g->rs, land);

	assert_true(l >= 0);
	for (y = y0; y <= y1; y++)
		for (x = x0; x <= x1; x++)
			map_cell(g->map, x, y)->land = (uint8_t)l;
}

/* Water on the cells x0..x1 of rows y0..y1. */
static void
fx_water(struct game *g, int x0, int x1, int y0, int y1)
{
	fx_land(g, x0, x1, y0, y1, "water");
}

/* A Move order for unit u through the n points given as x, y pairs. */
static struct order
fx_order(int u, int n, ...)
{
	struct order o;
	va_list ap;
	int i;

	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = u;
	o.general = -1;
	o.npts = n;
	va_start(ap, n);
	for (i = 0; i < n; i++) {
		o.pts[i].x = va_arg(ap, int);
		o.pts[i].y = va_arg(ap, int);
	}
	va_end(ap);
	return o;
}

/* Give unit u order o (in force at once). */
static void
fx_give(struct game *g, struct order o)
{
	char *cause = NULL;

	assert_int_equal(game_order(g, &o, &cause), 0);
	free(cause);
}

/* --- walk_round and the way round it keeps (move-route.c, move-ctx.c) --- */

/*
 * The walk of unit 0 asked for a way round, its state made up of figures
 * none of which is 0 (so that a state never stored would show): the
 * Column at (10, 16) facing NW, ordered to (10, 8) across a lake (x 6 to
 * 14, rows 12 to 14), with 9 ticks left, 5 walked, a contour crossed,
 * fresh, and a number of the ruleset's own (the Napoleonic ruleset keeps
 * none: any figure does).
 */
static void
round_walk(struct game *g, struct move_walk *w)
{
	move_walk_init(g, 0, w);
	w->facing = DIR_NW;
	w->left = 9;
	w->walked = 5;
	w->contours = 1;
	w->fresh = true;
	w->mod[MOVE_MOD_MAX - 1] = 3;
	w->line = true;
}

/* The route a walk follows is the one cell (1, 1), which no search from
 * (10, 16) gives, reached by a wheel to face SE. */
static bool
on_marked(const struct move_walk *w)
{
	return w->nroute == 1 && w->route[0].x == 1 && w->route[0].y == 1 &&
	    w->route_face != NULL && w->route_face[0] == 1 + DIR_SE;
}

/* Keep w's way round in the context and take it into a fresh walk w2
 * (round_walk), its route marked: one cell, (1, 1), reached by a wheel
 * to face SE. */
static void
round_marked(struct game *g, struct move_ctx *ctx, struct move_walk *w,
    struct move_walk *w2)
{
	ctx_keep_round(g, ctx, 0, w);
	round_walk(g, w2);
	ctx_take_round(ctx, 0, w2);
	assert_true(w2->round_known);
	assert_true(w2->round.n > 0);
	w2->round.n = 1;
	w2->round.route[0] = (struct point){ 1, 1 };
	w2->round.face[0] = 1 + DIR_SE;
}

/*
 * walk_round searches a way round the lake and keeps, with the route, the
 * walk as it was asked: place, goal, facing, formation, ticks left,
 * ground walked, contours, freshness and the ruleset's numbers.  Asked
 * again (in another walk of the phase, ctx_keep_round then
 * ctx_take_round) with all of them the same, it copies the route kept
 * instead of searching: the marked route comes back.  Any one of them
 * different, it searches afresh: the route found is the real one, round
 * the lake, as a walk searching first finds it.
 */
static void
test_walk_round_copies_the_way_round_kept_only_unchanged(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct move_ctx *ctx;
	struct move_walk w, w2, first;
	struct order other = fx_order(0, 1, 12, 8);
	int k, i;

	fx_water(g, 6, 14, 12, 14);
	fx_give(g, fx_order(0, 1, 10, 8));
	ctx = move_ctx_create(g);
	round_walk(g, &first);
	assert_true(walk_round(g, &first));
	assert_true(first.nroute > 1);
	assert_int_equal(first.replans, 1);
	assert_false(first.line);
	/* The route kept is the route taken, cell for cell. */
	assert_true(first.round_known);
	assert_int_equal(first.round.n, first.nroute);
	for (i = 0; i < first.nroute; i++) {
		assert_int_equal(first.round.route[i].x, first.route[i].x);
		assert_int_equal(first.round.route[i].y, first.route[i].y);
		assert_int_equal(first.round.face[i], first.route_face[i]);
	}
	/* Asked again unchanged: the kept (marked) route, copied. */
	round_walk(g, &w);
	assert_true(walk_round(g, &w));
	round_marked(g, ctx, &w, &w2);
	assert_true(walk_round(g, &w2));
	assert_true(on_marked(&w2));
	assert_int_equal(w2.iroute, 0);
	assert_int_equal(w2.replans, 1);
	assert_false(w2.line);
	move_walk_free(&w);
	move_walk_free(&w2);
	/* Anything changed: searched afresh. */
	for (k = 0; k < 10; k++) {
		round_walk(g, &w);
		assert_true(walk_round(g, &w));
		round_marked(g, ctx, &w, &w2);
		switch (k) {
		case 0: w2.pos.x++; break;
		case 1: w2.pos.y++; break;
		case 2: w2.order = &other; break;
		case 3: w2.facing = DIR_N; break;
		case 4: w2.form = ruleset_form(f->rs, "column"); break;
		case 5: w2.left++; break;
		case 6: w2.contours++; break;
		case 7: w2.walked++; break;
		case 8: w2.fresh = false; break;
		default: w2.mod[MOVE_MOD_MAX - 1]++; break;
		}
		assert_true(walk_round(g, &w2));
		if (on_marked(&w2))
			fail_msg("change %d: the kept route was copied", k);
		assert_int_equal(w2.replans, 1);
		move_walk_free(&w);
		move_walk_free(&w2);
	}
	move_walk_free(&first);
	move_ctx_free(ctx);
}

/*
 * A search that finds no way round is kept too, as none (no route, 0
 * cells, not what it kept before), and asked again unchanged walk_round
 * answers none without searching.  The Column faces a wall of water
 * across the whole map (rows 12 to 14): first a way round is found to a
 * goal on its own side, (20, 16), then none to (10, 8) beyond the water.
 */
static void
test_walk_round_keeps_a_search_that_found_none(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct move_ctx *ctx;
	struct move_walk w, w2;
	struct order near = fx_order(0, 1, 20, 16);

	fx_water(g, 0, 29, 12, 14);
	fx_give(g, fx_order(0, 1, 10, 8));
	ctx = move_ctx_create(g);
	round_walk(g, &w);
	w.order = &near;
	assert_true(walk_round(g, &w));
	assert_true(w.round.n > 0);
	/* Beyond the water: none, and the old route is not kept. */
	w.order = &g->units[0].order;
	w.line = true;
	w.replans = 0;
	assert_false(walk_round(g, &w));
	assert_true(w.round_known);
	assert_int_equal(w.round.n, 0);
	assert_null(w.round.route);
	assert_null(w.round.face);
	assert_int_equal(w.round.goal.x, 10);
	assert_int_equal(w.round.goal.y, 8);
	/* Taken into another walk and asked unchanged: none at once, with
	 * no search (the water drained meanwhile, a search would find the
	 * way a walk without the kept answer finds). */
	ctx_keep_round(g, ctx, 0, &w);
	round_walk(g, &w2);
	ctx_take_round(ctx, 0, &w2);
	assert_true(w2.round_known);
	fx_land(g, 0, 29, 12, 14, "open");
	assert_false(walk_round(g, &w2));
	assert_int_equal(w2.replans, 1);
	assert_int_equal(w2.nroute, 0);
	move_walk_free(&w2);
	round_walk(g, &w2);
	assert_true(walk_round(g, &w2));
	assert_true(w2.nroute > 0);
	move_walk_free(&w);
	move_walk_free(&w2);
	move_ctx_free(ctx);
}

/*
 * A way round of a single cell is kept as one: the Column at (10, 16)
 * asked for a way to (11, 15), a step away, keeps that one cell, and
 * asked again unchanged copies it.
 */
static void
test_walk_round_keeps_a_way_of_one_cell(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct move_ctx *ctx;
	struct move_walk w, w2;

	fx_give(g, fx_order(0, 1, 11, 15));
	ctx = move_ctx_create(g);
	round_walk(g, &w);
	assert_true(walk_round(g, &w));
	assert_int_equal(w.nroute, 1);
	assert_int_equal(w.route[0].x, 11);
	assert_int_equal(w.route[0].y, 15);
	assert_true(w.round_known);
	assert_int_equal(w.round.n, 1);
	assert_int_equal(w.round.route[0].x, 11);
	assert_int_equal(w.round.route[0].y, 15);
	round_marked(g, ctx, &w, &w2);
	assert_true(walk_round(g, &w2));
	assert_true(on_marked(&w2));
	move_walk_free(&w);
	move_walk_free(&w2);
	move_ctx_free(ctx);
}

/*
 * walk_round searches once a walk unless the route it follows is the
 * straight line, and never past REPLANS_MAX searches; refused, it says
 * the walk has not arrived.  With the order's last point reached there
 * is nothing to seek: it searches nothing and answers as any refusal
 * does (not arrived).
 */
static void
test_walk_round_searches_within_its_limits(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct move_walk w;

	fx_water(g, 6, 14, 12, 14);
	fx_give(g, fx_order(0, 1, 10, 8));
	/* A search made, the route not the line: refused. */
	round_walk(g, &w);
	w.line = false;
	w.replans = 1;
	w.arrived = true;
	assert_false(walk_round(g, &w));
	assert_false(w.arrived);
	assert_int_equal(w.replans, 1);
	assert_int_equal(w.nroute, 0);
	/* On the line, one search made: searched again. */
	w.line = true;
	assert_true(walk_round(g, &w));
	assert_int_equal(w.replans, 2);
	move_walk_free(&w);
	/* Not on the line but no search made yet: searched. */
	round_walk(g, &w);
	w.line = false;
	assert_true(walk_round(g, &w));
	assert_int_equal(w.replans, 1);
	move_walk_free(&w);
	/* At the most searches: refused, even on the line. */
	round_walk(g, &w);
	w.replans = REPLANS_MAX;
	w.arrived = true;
	assert_false(walk_round(g, &w));
	assert_false(w.arrived);
	assert_int_equal(w.replans, REPLANS_MAX);
	w.replans = REPLANS_MAX - 1;
	assert_true(walk_round(g, &w));
	assert_int_equal(w.replans, REPLANS_MAX);
	move_walk_free(&w);
	/* Standing on the last point: nothing to seek (the point passed,
	 * the walk not taken to have arrived by this refusal). */
	fx_give(g, fx_order(0, 1, 10, 16));
	round_walk(g, &w);
	assert_false(walk_round(g, &w));
	assert_int_equal(w.waypoint, 1);
	assert_false(w.arrived);
	assert_int_equal(w.replans, 0);
	move_walk_free(&w);
}

/*
 * ctx_keep_round hands the walk's way round to the context whole and
 * leaves the walk without one; ctx_take_round gives it to the next walk
 * of that unit once (the walk's own, if any, freed), and nothing with no
 * context or nothing kept.  A walk with none keeps nothing.  Freeing no
 * context does nothing.
 */
static void
test_ctx_keep_round_hands_the_way_round_over_once(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct move_ctx *ctx;
	struct move_walk w, w2;
	struct point *route;
	int n;

	fx_water(g, 6, 14, 12, 14);
	fx_give(g, fx_order(0, 1, 10, 8));
	ctx = move_ctx_create(g);
	round_walk(g, &w);
	assert_true(walk_round(g, &w));
	route = w.round.route;
	n = w.round.n;
	/* No context: nothing happens. */
	ctx_keep_round(g, NULL, 0, &w);
	assert_true(w.round_known);
	assert_ptr_equal(w.round.route, route);
	ctx_keep_round(g, ctx, 0, &w);
	assert_false(w.round_known);
	assert_null(w.round.route);
	assert_null(w.round.face);
	assert_int_equal(w.round.n, 0);
	assert_non_null(ctx->kept[0]);
	assert_ptr_equal(ctx->kept[0]->route, route);
	assert_int_equal(ctx->kept[0]->n, n);
	assert_int_equal(ctx->kept[0]->pos.x, 10);
	assert_int_equal(ctx->kept[0]->pos.y, 16);
	assert_int_equal(ctx->kept[0]->goal.y, 8);
	/* A walk with no way round of its own keeps nothing: the one kept
	 * stays. */
	ctx_keep_round(g, ctx, 0, &w);
	assert_ptr_equal(ctx->kept[0]->route, route);
	/* Taken, with one of the walk's own freed (the sanitizer build
	 * would see it leak). */
	round_walk(g, &w2);
	w2.line = true;
	fx_give(g, fx_order(0, 1, 12, 8));
	assert_true(walk_round(g, &w2));
	ctx_take_round(NULL, 0, &w2);
	assert_int_equal(w2.round.goal.x, 12);
	ctx_take_round(ctx, 0, &w2);
	assert_null(ctx->kept[0]);
	assert_true(w2.round_known);
	assert_ptr_equal(w2.round.route, route);
	assert_int_equal(w2.round.n, n);
	assert_int_equal(w2.round.goal.x, 10);
	assert_int_equal(w2.round.facing, DIR_NW);
	assert_int_equal(w2.round.left, 9);
	assert_int_equal(w2.round.walked, 5);
	assert_int_equal(w2.round.contours, 1);
	assert_true(w2.round.fresh);
	assert_int_equal(w2.round.mod[MOVE_MOD_MAX - 1], 3);
	/* Once only. */
	ctx_take_round(ctx, 0, &w2);
	assert_ptr_equal(w2.round.route, route);
	move_walk_free(&w);
	move_walk_free(&w2);
	move_ctx_free(ctx);
	move_ctx_free(NULL);	/* no context: nothing, as free(NULL) */
}

/* --- the route a walk follows (move-route.c) ----------------------------- */

/* The text of the walk's last note, or "". */
static const char *
last_note(const struct move_walk *w)
{
	return w->nnotes > 0 ? w->notes[w->nnotes - 1].text : "";
}

/*
 * order_key: a unit resumes its standing order only under the same key,
 * so orders that differ in kind, issue turn, count of points or any
 * point's x or y have different keys; the same order keeps its key, and
 * points past the count are no part of it.  Keys are odd, so never 0,
 * and do not change from one version to the next (saves keep them).
 */
static void
test_order_key_tells_orders_apart(void **state)
{
	struct order o = fx_order(0, 3, 4, 5, 6, 7, 8, 9), p;
	unsigned k = order_key(&o);
	int i;

	(void)state;
	assert_int_equal(k & 1, 1);
	/* A save keeps the key (route_key): an order's key is the same from
	 * one marshal to the next, or a save would start its orders afresh.
	 * This one, reckoned apart: 32-bit FNV-1a over kind 1, issued 0, 3
	 * points and their 6 figures, then | 1. */
	assert_int_equal(k, 2948620119u);
	p = o;
	assert_int_equal(order_key(&p), k);
	p.pts[3] = (struct point){ 20, 20 };
	p.pts[5] = (struct point){ 21, 21 };
	assert_int_equal(order_key(&p), k);
	for (i = 0; i < 8; i++) {
		p = o;
		switch (i) {
		case 0: p.kind = ORDER_STOP; break;
		case 1: p.issued = 1; break;
		case 2: p.npts = 2; break;
		case 3: p.pts[0].x++; break;
		case 4: p.pts[0].y++; break;
		case 5: p.pts[2].x--; break;
		case 6: p.pts[2].y--; break;
		default: p.pts[1] = (struct point){ 7, 6 }; break;
		}
		if (order_key(&p) == k)
			fail_msg("change %d keeps the key", i);
		assert_int_equal(order_key(&p) & 1, 1);
	}
}

/*
 * walk_goal: the point sought is the order's next point the walk does
 * not stand on; standing on points passes them (the waypoint counts
 * on); past the last point the walk has arrived and there is none.
 */
static void
test_walk_goal_passes_the_points_stood_on(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct order o = fx_order(0, 4, 10, 16, 10, 16, 12, 16, 10, 16);
	struct move_walk w;
	struct point goal = { -1, -1 };

	move_walk_init(g, 0, &w);
	w.order = &o;
	assert_true(walk_goal(&w, &goal));
	assert_int_equal(w.waypoint, 2);
	assert_int_equal(goal.x, 12);
	assert_int_equal(goal.y, 16);
	assert_false(w.arrived);
	w.waypoint = 3;
	goal = (struct point){ -1, -1 };
	assert_false(walk_goal(&w, &goal));
	assert_int_equal(w.waypoint, 4);
	assert_true(w.arrived);
	move_walk_free(&w);
}

/*
 * walk_carry: the cells of the route ahead a later turn keeps to are
 * those from iroute up to its first wheel (route_face set), all of them
 * without marks; walk_take_route takes a route over from its first cell.
 */
static void
test_walk_carry_stops_at_the_first_wheel(void **state)
{
	struct fx *f = *state;
	struct move_walk w;
	struct point *r = xmallocarray(5, sizeof *r);
	unsigned char *faces = xcalloc(5, 1);
	int i;

	move_walk_init(f->g, 0, &w);
	for (i = 0; i < 5; i++)
		r[i] = (struct point){ 10, 15 - i };
	faces[3] = 1 + DIR_NE;
	w.iroute = 4;
	walk_take_route(&w, r, NULL, 5);
	assert_ptr_equal(w.route, r);
	assert_null(w.route_face);
	assert_int_equal(w.nroute, 5);
	assert_int_equal(w.iroute, 0);
	assert_int_equal(walk_carry(&w), 5);
	w.iroute = 2;
	assert_int_equal(walk_carry(&w), 3);
	r = xmallocarray(5, sizeof *r);
	memcpy(r, w.route, 5 * sizeof *r);
	walk_take_route(&w, r, faces, 5);
	assert_ptr_equal(w.route_face, faces);
	assert_int_equal(walk_carry(&w), 3);
	w.iroute = 1;
	assert_int_equal(walk_carry(&w), 2);
	w.iroute = 3;
	assert_int_equal(walk_carry(&w), 0);
	w.iroute = 4;
	assert_int_equal(walk_carry(&w), 1);
	w.iroute = 5;
	assert_int_equal(walk_carry(&w), 0);
	move_walk_free(&w);
}

/*
 * walk_room searches for room to turn twice a walk at most, within the
 * walk's searches (REPLANS_MAX), never in a look ahead (scratch); each
 * search counts as one and as a room, and the walk follows the route
 * found (no longer the line), even of one cell.  Refused, the walk has
 * not arrived.  The Column with 3 BD (12 ticks) to go, ordered to
 * (10, 8) on open ground.
 */
static void
test_walk_room_within_its_limits(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct move_walk w;
	char want[200];
	int k;

	fx_give(g, fx_order(0, 1, 10, 8));
	move_walk_init(g, 0, &w);
	w.allowance = w.left = 12;
	w.line = true;
	for (k = 1; k <= 2; k++) {
		w.line = true;
		assert_true(walk_room(g, &w, w.facing, -2));
		assert_int_equal(w.rooms, k);
		assert_int_equal(w.replans, k);
		assert_false(w.line);
		assert_true(w.nroute > 0);
		assert_int_equal(w.iroute, 0);
		assert_true(geom_dist(w.pos, w.route[0]) <= 2);
	}
	w.arrived = true;
	assert_false(walk_room(g, &w, w.facing, -2));
	assert_false(w.arrived);
	assert_int_equal(w.rooms, 2);
	assert_int_equal(w.replans, 2);
	move_walk_free(&w);
	move_walk_init(g, 0, &w);
	w.allowance = w.left = 12;
	w.scratch = true;
	assert_false(walk_room(g, &w, w.facing, -2));
	assert_int_equal(w.replans, 0);
	w.scratch = false;
	w.replans = REPLANS_MAX;
	assert_false(walk_room(g, &w, w.facing, -2));
	assert_int_equal(w.rooms, 0);
	w.replans = REPLANS_MAX - 1;
	assert_true(walk_room(g, &w, w.facing, -2));
	assert_int_equal(w.rooms, 1);
	move_walk_free(&w);
	/* A way of one cell is a way: to (10, 15), a step ahead. */
	fx_give(g, fx_order(0, 1, 10, 15));
	move_walk_init(g, 0, &w);
	w.allowance = w.left = 12;
	w.explain = true;
	k = fx_friend(g, "B", "line", 30, 30);
	assert_true(walk_room(g, &w, DIR_E, k));
	assert_int_equal(w.nroute, 1);
	assert_int_equal(w.route[0].x, 10);
	assert_int_equal(w.route[0].y, 15);
	/* The log says why it goes there, naming what stood in the way. */
	snprintf(want, sizeof want, "%s stands where its block would swing "
	    "to face E here: it goes by [10, 15] to turn where there is room",
	    g->units[k].name);
	assert_string_equal(last_note(&w), want);
	/* The way it will take is its order's: its own side reads it. */
	assert_true(w.notes[w.nnotes - 1].own);
	move_walk_free(&w);
}

/*
 * walk_room boxed in by the map and the ground alone says so, once, with
 * the point sought: A, a Line at (10, 16) facing N, on the only dry cells
 * of the map (water everywhere else), ordered to (25, 16) on its right.
 * No place has room for it to turn that way, with the units or without:
 * the walk says it needs another formation (the rule of a blocked walk),
 * and counts the room searched for.  A silent walk (explain false) gives
 * the same answer and says nothing.
 */
static void
test_walk_room_boxed_in_by_the_ground_says_so(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct point *buf = game_cells_take(g), cells[64];
	struct move_walk w;
	char want[256];
	int n, i, x, y, l = ruleset_land(f->rs, "water");

	game_occupy(g, 0, false);
	g->units[0].formation = ruleset_form(f->rs, "line");
	game_occupy(g, 0, true);
	n = game_footprint(g, &g->units[0], buf);
	assert_true(n <= 64);
	memcpy(cells, buf, (size_t)n * sizeof *cells);
	game_cells_give(g, buf);
	for (y = 0; y < 30; y++)
		for (x = 0; x < 30; x++) {
			for (i = 0; i < n; i++)
				if (cells[i].x == x && cells[i].y == y)
					break;
			if (i == n)
				map_cell(g->map, x, y)->land = (uint8_t)l;
		}
	fx_give(g, fx_order(0, 1, 25, 16));
	move_walk_init(g, 0, &w);
	w.allowance = w.left = 12;
	w.explain = true;
	assert_false(walk_room(g, &w, w.facing, -2));
	assert_int_equal(w.nnotes, 1);
	snprintf(want, sizeof want, "nowhere it can reach in its formation "
	    "has room for it to turn towards [25, 16], whatever the units "
	    "about it do: it needs another formation");
	assert_string_equal(last_note(&w), want);
	assert_string_equal(w.notes[0].rule, rule_for(g, HALT_BLOCKED));
	/* It names the point the order seeks: its own side's to read
	 * (hidden orders, marshal's own). */
	assert_true(w.notes[0].own);
	assert_int_equal(w.rooms, 1);
	move_walk_free(&w);
	/* Silent: the same answer, no note. */
	move_walk_init(g, 0, &w);
	w.allowance = w.left = 12;
	assert_false(walk_room(g, &w, w.facing, -2));
	assert_int_equal(w.nnotes, 0);
	move_walk_free(&w);
	/* The row ahead of it dry too, and the point sought on it: a way
	 * of one cell, said as the way it takes. */
	for (i = 0; i < n; i++)
		map_cell(g->map, cells[i].x, cells[i].y - 1)->land =
		    (uint8_t)ruleset_land(f->rs, "open");
	fx_give(g, fx_order(0, 1, 10, 15));
	move_walk_init(g, 0, &w);
	w.allowance = w.left = 12;
	w.explain = true;
	assert_true(walk_room(g, &w, w.facing, -2));
	assert_int_equal(w.nnotes, 1);
	snprintf(want, sizeof want, "the map's edge lies where its block "
	    "would swing to face %s here: it goes by [10, 15] to turn where "
	    "there is room", dir_name(w.facing));
	assert_string_equal(last_note(&w), want);
	assert_int_equal(w.nroute, 1);
	assert_int_equal(w.route[0].x, 10);
	assert_int_equal(w.route[0].y, 15);
	move_walk_free(&w);
}

/*
 * walk_may_detour within the walk's searches: a walk that has made
 * REPLANS_MAX - 1 searches may still go round a standing friend, one
 * that has made REPLANS_MAX may not; nor a look ahead (scratch), nor a
 * walk that has gone round one already (detour set).
 */
static void
test_walk_may_detour_within_the_walks_searches(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct move_walk w;

	fx_give(g, fx_order(0, 1, 10, 4));
	move_walk_init(g, 0, &w);
	assert_true(walk_may_detour(g, &w));
	w.replans = REPLANS_MAX - 1;
	assert_true(walk_may_detour(g, &w));
	w.replans = REPLANS_MAX;
	assert_false(walk_may_detour(g, &w));
	w.replans = 0;
	w.scratch = true;
	assert_false(walk_may_detour(g, &w));
	w.scratch = false;
	w.detour = 0;
	assert_false(walk_may_detour(g, &w));
	w.detour = -1;
	assert_true(walk_may_detour(g, &w));
	move_walk_free(&w);
}

/*
 * The context's spare arrays: ctx_take_arrays keeps a finished walk's
 * notes (their texts freed) and path, leaving the walk empty, and
 * ctx_lend_arrays hands the same arrays, with their room, to the next
 * walk that has none, once; a walk that has arrays of its own keeps
 * them.  cands_done and cands_lend do the same for the enemies' arrays.
 * With no context nothing is kept nor lent.
 */
static void
test_ctx_lends_the_arrays_a_walk_gave_back(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct move_ctx *c = move_ctx_create(g);
	struct move_walk w, w2;
	struct move_walk_note *notes;
	struct point *path;
	struct cands cs, cs2;
	struct cand *cv;
	struct point *cpts;
	int i, capnotes, cappath, cap;

	move_walk_init(g, 0, &w);
	w.explain = true;
	for (i = 0; i < 9; i++) {
		move_note(&w, EV_NOTE, "3.6.1", "note %d", i);
		walk_push(&w, (struct point){ i, 1 });
	}
	notes = w.notes;
	path = w.path;
	capnotes = w.capnotes;
	cappath = w.cappath;
	assert_true(capnotes >= 9);
	assert_true(cappath >= 9);
	ctx_take_arrays(c, &w);
	assert_null(w.notes);
	assert_null(w.path);
	assert_int_equal(w.nnotes + w.capnotes + w.npath + w.cappath, 0);
	move_walk_free(&w);
	move_walk_init(g, 0, &w2);
	ctx_lend_arrays(c, &w2);
	assert_ptr_equal(w2.notes, notes);
	assert_ptr_equal(w2.path, path);
	assert_int_equal(w2.capnotes, capnotes);
	assert_int_equal(w2.cappath, cappath);
	assert_int_equal(w2.nnotes + w2.npath, 0);
	/* Lent once: a second walk gets none. */
	move_walk_init(g, 0, &w);
	ctx_lend_arrays(c, &w);
	assert_null(w.notes);
	assert_null(w.path);
	/* A walk with notes of its own keeps them, and the context its
	 * spares. */
	w.explain = true;
	move_note(&w, EV_NOTE, "3.6.1", "own");
	walk_push(&w, (struct point){ 1, 1 });
	ctx_take_arrays(c, &w2);
	ctx_lend_arrays(c, &w);
	assert_ptr_not_equal(w.notes, notes);
	assert_ptr_not_equal(w.path, path);
	assert_int_equal(w.nnotes, 1);
	assert_int_equal(w.npath, 1);
	ctx_take_arrays(c, &w);		/* the context has its own: kept */
	assert_non_null(w.notes);
	assert_non_null(w.path);
	move_walk_free(&w);
	move_walk_free(&w2);
	/* The enemies' arrays, the same way. */
	memset(&cs, 0, sizeof cs);
	memset(&cs2, 0, sizeof cs2);
	(void)fx_friend(g, "E", "column", 10, 10);
	g->units[1].side = 1;
	move_walk_init(g, 0, &w);
	cands_find(g, NULL, &w, &cs);
	assert_int_equal(cs.n, 1);
	cv = cs.v;
	cpts = cs.pts;
	cap = cs.cap;
	assert_true(cap >= 1);
	cands_done(c, &cs);
	assert_null(cs.v);
	assert_int_equal(cs.n + cs.cap, 0);
	cands_lend(c, &cs2);
	assert_ptr_equal(cs2.v, cv);
	assert_ptr_equal(cs2.pts, cpts);
	assert_int_equal(cs2.cap, cap);
	assert_int_equal(cs2.n, 0);
	cands_lend(c, &cs);
	assert_null(cs.v);
	cands_done(c, &cs2);
	cands_done(NULL, &cs);
	move_walk_free(&w);
	ctx_lend_arrays(NULL, &w);
	ctx_take_arrays(NULL, &w);
	move_ctx_free(c);
}

/*
 * The box cands_find keeps of an enemy square to the grid is the box of
 * the cells game_footprint lists, whichever way it faces: a Line at
 * [20, 16] facing E or W spans its frontage in y, facing N or S in x.
 */
static void
test_cands_box_is_the_footprint_box_each_way(void **state)
{
	static const enum dir face[4] = { DIR_N, DIR_E, DIR_S, DIR_W };
	struct fx *f = *state;
	struct game *g = f->g;
	struct point *cells = game_cells_take(g), lo, hi;
	struct move_walk w;
	struct cands cs;
	int e, k, i, n, fr, dp;

	e = fx_friend(g, "E", "line", 20, 16);
	g->units[e].side = 1;
	fr = g->rs->form[g->units[e].formation].frontage[ARM_INFANTRY];
	dp = g->rs->form[g->units[e].formation].depth[ARM_INFANTRY];
	assert_true(fr > 2);
	for (k = 0; k < 4; k++) {
		fx_place(g, e, 20, 16, face[k]);
		n = game_footprint(g, &g->units[e], cells);
		assert_int_equal(n, fr * dp);
		lo = hi = cells[0];
		for (i = 1; i < n; i++) {
			lo.x = cells[i].x < lo.x ? cells[i].x : lo.x;
			lo.y = cells[i].y < lo.y ? cells[i].y : lo.y;
			hi.x = cells[i].x > hi.x ? cells[i].x : hi.x;
			hi.y = cells[i].y > hi.y ? cells[i].y : hi.y;
		}
		/* Frontage across the facing, depth along it. */
		assert_int_equal(hi.y - lo.y + 1, k % 2 ? fr : dp);
		assert_int_equal(hi.x - lo.x + 1, k % 2 ? dp : fr);
		memset(&cs, 0, sizeof cs);
		move_walk_init(g, 0, &w);
		cands_find(g, NULL, &w, &cs);
		assert_int_equal(cs.n, 1);
		assert_int_equal(cs.v[0].unit, e);
		assert_true(cs.v[0].rect);
		assert_int_equal(cs.v[0].lo.x, lo.x);
		assert_int_equal(cs.v[0].lo.y, lo.y);
		assert_int_equal(cs.v[0].hi.x, hi.x);
		assert_int_equal(cs.v[0].hi.y, hi.y);
		cands_done(NULL, &cs);
		move_walk_free(&w);
	}
	game_cells_give(g, cells);
}

/*
 * The narrow passages used this turn: ctx_use records each id, however
 * many (the list grows), ctx_used finds every one recorded and no other;
 * with no context none is used.
 */
static void
test_ctx_use_records_every_passage(void **state)
{
	struct fx *f = *state;
	struct move_ctx *c = move_ctx_create(f->g);
	int i;

	assert_false(ctx_used(c, 3));
	for (i = 0; i < 100; i++)
		ctx_use(c, 3 * i);
	for (i = 0; i < 100; i++) {
		assert_true(ctx_used(c, 3 * i));
		assert_false(ctx_used(c, 3 * i + 1));
	}
	assert_false(ctx_used(c, 300));
	ctx_use(NULL, 5);
	assert_false(ctx_used(NULL, 5));
	move_ctx_free(c);
}

/*
 * ctx_standing_near: whether a friend that stays where it is (under no
 * Move order, arrived, or held in place) stands where the look ahead of
 * unit 0 (the Column at (10, 16) facing N, ordered to (10, 4)) could
 * meet it.  The context counts such friends per bucket and reads a friend
 * again once it is re-filed (ctx_place), marked (move_ctx_touch), given
 * to a ruleset's callback or named by an event it logged
 * (ctx_touch_logged): B, a Column at (10, 10), marching, is none of
 * them; no Move order (marked), it is; a Move order again (re-filed, as
 * a move re-files it), it is not; arrived (given to a callback), it is;
 * marching again (re-filed), not; arrived (named by an event logged),
 * it is; and, moved off to (25, 25) and re-filed, still: the question's
 * box takes in the whole of this map.  With no context it cannot tell:
 * true.
 */
static void
test_ctx_standing_near_reads_again_the_friends_changed(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct move_ctx *c;
	struct move_walk w;
	struct point end = { 10, 10 };
	int b = fx_friend(g, "B", "column", 10, 10), k;

	fx_give(g, fx_order(0, 1, 10, 4));
	fx_give(g, fx_order(b, 1, 10, 2));
	c = move_ctx_create(g);
	move_walk_init(g, 0, &w);
	assert_false(ctx_standing_near(g, c, &w, end));
	g->units[b].order.kind = ORDER_NONE;
	move_ctx_touch(c, b);
	assert_true(ctx_standing_near(g, c, &w, end));
	fx_give(g, fx_order(b, 1, 10, 2));
	ctx_place(c, b, &g->units[b]);
	assert_false(ctx_standing_near(g, c, &w, end));
	/* Changed by a ruleset's callback that was given it. */
	g->units[b].halt = HALT_ARRIVED;
	ctx_touch_logged(c, g, g->log.n, 0, b);
	assert_true(ctx_standing_near(g, c, &w, end));
	g->units[b].halt = HALT_NONE;
	ctx_place(c, b, &g->units[b]);
	assert_false(ctx_standing_near(g, c, &w, end));
	/* Changed by a callback given others, which logged the change. */
	k = g->log.n;
	g->units[b].halt = HALT_ARRIVED;
	game_log(g, b, EV_MOVE, "3.6.1", "%s is done", g->units[b].name);
	ctx_touch_logged(c, g, k, 0, -1);
	assert_true(ctx_standing_near(g, c, &w, end));
	fx_place(g, b, 25, 25, DIR_N);
	ctx_place(c, b, &g->units[b]);
	assert_true(ctx_standing_near(g, c, &w, end));
	/* Unit 0 itself, under no order, is no friend of its own walk. */
	g->units[b].order.kind = ORDER_MOVE;
	g->units[b].halt = HALT_NONE;
	ctx_place(c, b, &g->units[b]);
	g->units[0].order.kind = ORDER_NONE;
	move_ctx_touch(c, 0);
	assert_false(ctx_standing_near(g, c, &w, end));
	assert_true(ctx_standing_near(g, NULL, &w, end));
	move_walk_free(&w);
	move_ctx_free(c);
}

/*
 * move_marches: a unit under a Move order marches unless it has arrived
 * under that order, a halt on arrival on the turn the order took effect
 * or later; one older than the order (it arrived on turn 2, the order took
 * effect on turn 3) does not count.  Any other halt, and a unit under no
 * Move order, as the order says.
 */
static void
test_move_marches_until_it_arrives_under_its_order(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct unit *u = &g->units[0];

	fx_give(g, fx_order(0, 1, 10, 4));
	u->order.arrives = 3;
	u->halt = HALT_ARRIVED;
	u->halt_turn = 3;
	assert_false(move_marches(g, u));
	u->halt_turn = 4;
	assert_false(move_marches(g, u));
	u->halt_turn = 2;
	assert_true(move_marches(g, u));
	u->halt = HALT_SPEED;
	u->halt_turn = 3;
	assert_true(move_marches(g, u));
	u->order.kind = ORDER_NONE;
	assert_false(move_marches(g, u));
}

/* --- walk_detour: the way round a standing friend (3.6.7) --------------- */

/*
 * walk_detour, asked by the walk of unit 0 (the Column at (10, 16) facing
 * N, ordered to (10, 1), where its block, 8 cells deep, would stand on
 * rows 1 to 8) about the Line B standing across its way at (10, 10): it
 * counts a search, puts the points of the way round into the walk's
 * order before (10, 1), follows that way (a search's route, no longer the
 * line) and names the friend gone round.  Asked again in the
 * same walk, it neither goes round nor counts a search (once a walk).
 */
static void
test_walk_detour_puts_the_way_round_into_the_order(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct move_walk w;
	int b = fx_friend(g, "B", "line", 10, 10), i;

	fx_give(g, fx_order(0, 1, 10, 1));
	move_walk_init(g, 0, &w);
	w.explain = true;
	w.line = true;
	assert_true(walk_may_detour(g, &w));
	assert_true(walk_detour(g, &w, b, "3.6.7"));
	assert_int_equal(w.replans, 1);
	assert_false(w.line);
	assert_int_equal(w.detour, b);
	assert_true(w.ndetour >= 1);
	assert_ptr_equal(w.order, &w.detour_order);
	assert_int_equal(w.order->npts, 1 + w.ndetour);
	assert_int_equal(w.order->pts[w.ndetour].x, 10);
	assert_int_equal(w.order->pts[w.ndetour].y, 1);
	/* The route taken starts beside the Column and never enters B. */
	assert_true(w.nroute > 0);
	assert_int_equal(w.iroute, 0);
	assert_true(geom_dist(w.route[0], (struct point){ 10, 16 }) <= 3);
	for (i = 0; i < w.nroute; i++)
		assert_int_not_equal(game_unit_at(g, w.route[i].x,
		    w.route[i].y), b);
	assert_non_null(strstr(last_note(&w), "B stands in the way and may "
	    "not be passed this turn: A marches round it, by ["));
	assert_false(walk_may_detour(g, &w));
	assert_false(walk_detour(g, &w, b, "3.6.7"));
	assert_int_equal(w.replans, 1);
	move_walk_free(&w);
}

/*
 * The way round after a face-about where the walk stands: a Column (A,
 * fresh, on (10, 12) facing N) right behind the Line B on (10, 10), sent
 * to (10, 0), has no way round from where it faces; it faces about (the
 * route's first cell is its new anchor (10, 15), facing S in route_face)
 * and the way round follows, 16 cells from (9, 15) to (10, 0), every one
 * a step from the one before and none on B.
 */
static void
test_walk_detour_after_facing_about(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct move_walk w;
	int b = fx_friend(g, "B", "line", 10, 10), i;

	game_occupy(g, 0, false);
	g->units[0].formation = ruleset_form(f->rs, "column");
	g->units[0].pos = (struct point){ 10, 12 };
	game_occupy(g, 0, true);
	fx_give(g, fx_order(0, 1, 10, 0));
	move_walk_init(g, 0, &w);
	w.explain = true;
	w.line = true;
	w.fresh = true;		/* nothing spent yet */
	assert_true(walk_detour(g, &w, b, "3.6.7"));
	assert_string_equal(last_note(&w), "B stands in the way and may not "
	    "be passed this turn: A faces about and marches round it, by "
	    "[9, 15] and [6, 4]; its Move order keeps the way round "
	    "(marshal's reading)");
	assert_int_equal(w.nroute, 17);
	assert_non_null(w.route_face);
	assert_int_equal(w.route_face[0], 1 + DIR_S);
	assert_int_equal(w.route[0].x, 10);
	assert_int_equal(w.route[0].y, 15);
	assert_int_equal(w.route[1].x, 9);
	assert_int_equal(w.route[1].y, 15);
	assert_int_equal(w.route[16].x, 10);
	assert_int_equal(w.route[16].y, 0);
	for (i = 1; i < w.nroute; i++) {
		assert_int_equal(w.route_face[i], 0);
		assert_true(dir_between(w.route[i - 1], w.route[i]) >= 0);
		assert_int_not_equal(game_unit_at(g, w.route[i].x,
		    w.route[i].y), b);
	}
	move_walk_free(&w);
}

/*
 * A friend an aide brings a Move order to (in transit, arriving turn 2)
 * is not gone round: walk_detour says so, marks the friend as one with
 * no way round (detour -2, documented in move.h), so the walk asks no
 * more, and counts no search (replans 0); the order stays the caller's.
 */
static void
test_walk_detour_none_for_a_friend_whose_order_rides(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct move_walk w;
	int b = fx_friend(g, "B", "line", 10, 10);
	struct order o = fx_order(0, 1, 10, 4);

	g->transit = xcalloc(1, sizeof *g->transit);
	g->ntransit = 1;
	g->transit[0] = fx_order(b, 1, 10, 30);
	g->transit[0].issued = 1;
	g->transit[0].arrives = 2;
	move_walk_init(g, 0, &w);
	w.explain = true;
	w.line = true;
	w.order = &o;
	assert_false(walk_detour(g, &w, b, "3.6.7"));
	assert_int_equal(w.detour, -2);
	assert_int_equal(w.replans, 0);
	assert_ptr_equal(w.order, &o);
	assert_false(walk_may_detour(g, &w));
	assert_string_equal(last_note(&w), "B stands in the way, but an aide "
	    "brings it a Move order, arriving turn 2: A waits for it to "
	    "march rather than go round it (marshal's reading)");
	move_walk_free(&w);
}

/*
 * The way round fits the order's ORDER_MAX_POINTS (8) points: an order
 * already full, its first point (10, 20) passed (waypoint 1), may give
 * its way round no point for the point sought (10, 4) (8 - 8 + 0 = 0
 * room), so it is passed by and the way round goes towards (10, 3), the
 * one point skipped making room for one: the order keeps 8 points, the
 * first as it was, then the way round's one point, then (10, 3) and the
 * five after it, (14, 2) still the last.
 */
static void
test_walk_detour_fits_a_full_order(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct move_walk w;
	int b = fx_friend(g, "B", "line", 10, 10), i;
	struct order o = fx_order(0, 8, 10, 20, 10, 4, 10, 3, 10, 2, 11, 2,
	    12, 2, 13, 2, 14, 2), in = o;

	move_walk_init(g, 0, &w);
	w.explain = true;
	w.line = true;
	w.order = &o;
	w.waypoint = 1;
	assert_true(walk_detour(g, &w, b, "3.6.7"));
	assert_ptr_equal(w.order, &w.detour_order);
	assert_int_equal(w.ndetour, 1);
	assert_int_equal(w.order->npts, ORDER_MAX_POINTS);
	assert_int_equal(w.order->pts[0].x, 10);
	assert_int_equal(w.order->pts[0].y, 20);
	for (i = 2; i < ORDER_MAX_POINTS; i++) {
		assert_int_equal(w.order->pts[i].x, in.pts[i].x);
		assert_int_equal(w.order->pts[i].y, in.pts[i].y);
	}
	assert_int_equal(w.order->pts[7].x, 14);
	assert_int_equal(w.order->pts[7].y, 2);
	move_walk_free(&w);
}

/*
 * No way round (the friend covers every point left), and the note says
 * so with the point sought and "nor to the points after it": the Line B
 * stands on (10, 10) and (11, 10), and A is ordered to (10, 10) then
 * (11, 10); the walk marks the friend as searched for (-2) and counts
 * the search.  Where the point sought is the order's last and B holds
 * part of the place there (ordered to (10, 10) alone, or, its first point
 * passed, to (10, 20) then (10, 10)), no way round is searched: the walk
 * takes the nearest free place instead (3.6.7), which becomes the
 * order's last point, and the note names B and that place.  A's block
 * already covers part of that place (rows 16 and 17), so the place taken
 * must cover more and be reached within a turn's move: the walk is given
 * the allowance its start would (move_allowance).
 */
static void
test_walk_detour_none_says_which_points(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct move_walk w;
	int b = fx_friend(g, "B", "line", 10, 10), k;
	struct order o[3];
	const struct point *last;

	assert_int_equal(game_unit_at(g, 11, 10), b);
	o[0] = fx_order(0, 1, 10, 10);
	o[1] = fx_order(0, 2, 10, 10, 11, 10);
	o[2] = fx_order(0, 2, 10, 20, 10, 10);
	for (k = 0; k < 3; k++) {
		move_walk_init(g, 0, &w);
		w.explain = true;
		w.line = true;
		w.order = &o[k];
		w.waypoint = k == 2 ? 1 : 0;
		w.allowance = w.left = move_allowance(g, 0, false);
		assert_true(w.allowance > 0);
		if (k == 1) {
			assert_false(walk_detour(g, &w, b, "3.6.7"));
			assert_int_equal(w.detour, -2);
			assert_int_equal(w.replans, 1);
			assert_ptr_equal(w.order, &o[k]);
			assert_string_equal(last_note(&w), "B stands in the "
			    "way of A and it finds no way round it towards "
			    "[10, 10] nor to the points after it");
		} else {
			assert_true(walk_detour(g, &w, b, "3.6.7"));
			assert_int_equal(w.detour, b);
			assert_ptr_equal(w.order, &w.detour_order);
			last = &w.order->pts[w.order->npts - 1];
			assert_int_equal(game_fits(g, 0, *last, DIR_N,
			    g->units[0].formation, -1, NULL), 0);
			assert_true(strstr(last_note(&w), "B holds part of "
			    "the place A is sent to, [10, 10] facing N: A "
			    "takes instead the nearest free place") != NULL);
		}
		assert_true(w.notes[w.nnotes - 1].own);
		move_walk_free(&w);
	}
}

/*
 * No way round towards the order's last point, sought after a first one
 * was passed: the note names that point and no points after it (there
 * are none).  The Line B stands on (10, 14) and (11, 14), just ahead of
 * A; A, ordered to (10, 20) and then to (10, 5), has passed its first
 * point, and (10, 5) lies in a lake (rows 0 to 7 water): no way round
 * reaches it, though B holds no cell of the place (rows 5 to 12 under A's
 * block there; a friend that did would be waited for, not gone round).
 */
static void
test_walk_detour_none_to_the_last_point_names_no_points_after(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct move_walk w;
	int b = fx_friend(g, "B", "line", 10, 14), x, y;
	struct order o = fx_order(0, 2, 10, 20, 10, 5);

	for (y = 0; y < 8; y++)
		for (x = 0; x < 30; x++)
			map_cell(g->map, x, y)->land = (uint8_t)ruleset_land(
			    g->rs, "water");
	assert_int_equal(game_unit_at(g, 10, 14), b);
	assert_int_equal(game_unit_at(g, 10, 5), -1);
	move_walk_init(g, 0, &w);
	w.explain = true;
	w.line = true;
	w.order = &o;
	w.waypoint = 1;
	assert_false(walk_detour(g, &w, b, "3.6.7"));
	assert_int_equal(w.detour, -2);
	assert_string_equal(last_note(&w), "B stands in the way of A and it "
	    "finds no way round it towards [10, 5]");
	move_walk_free(&w);
}



/* --- move_forecast: the march over the turns to come --------------------- */

/* Play unit u's Move order turn after turn (move_unit, no other unit
 * moving) up to max turns; the anchor cells it stood on at each turn's
 * end go to at[1..], its start to at[0]; returns the turns played. */
static int
play_turns(struct game *g, int u, int max, struct point *at)
{
	int t;

	at[0] = g->units[u].pos;
	for (t = 1; t <= max && g->units[u].order.kind == ORDER_MOVE; t++) {
		move_unit(g, NULL, u, -1, NULL, NULL);
		at[t] = g->units[u].pos;
		g->turn++;
	}
	return t - 1;
}

/* Whether the forecast's cells c[0..n-1] pass through the turns' ends
 * at[1..t] in order and end on at[t]. */
static bool
passes_turn_ends(const struct point *c, int n, const struct point *at,
    int t)
{
	int i = 0, k;

	for (k = 1; k <= t; k++) {
		while (i < n && (c[i].x != at[k].x || c[i].y != at[k].y))
			i++;
		if (i == n)
			return false;
	}
	return i == n - 1;
}

/*
 * The forecast resumes the unit's own order as move_unit does, with the
 * way round it carries from its last turn.  The Column ordered from
 * (10, 16) to (10, 2) across a lake (x 4 to 16, rows 11 and 12) marches
 * to (13, 13) on turn 1 and carries the rest of its way round the lake's
 * east end, ten cells from (14, 13) to (12, 6).  Forecast from there: 4
 * turns, 15 cells from (13, 13) by (17, 12) and (17, 11) to (10, 2), and
 * the turns played end where it says, at (17, 11), (13, 7), ... (10, 2).
 * The lake drained after turn 1, the unit still keeps to the way it
 * carries (each step of it is open), and so does the forecast: the same
 * cells, not the straight line from (13, 13).  Carrying only
 * the first cell of that way, (14, 13), it steps onto it first and then
 * marches straight on, and so says the forecast.  The preview of its next
 * turn (move_preview) keeps to the way carried likewise.
 */
static void
forecast_carried(struct game *g, bool drained, bool cut)
{
	const struct unit *u = &g->units[0];
	struct move_preview p;
	struct move_forecast_end end;
	struct point *cells = NULL, at[16];
	int n = 0, t;

	fx_water(g, 4, 16, 11, 12);
	fx_give(g, fx_order(0, 1, 10, 2));
	assert_int_equal(play_turns(g, 0, 1, at), 1);
	if (drained)
		fx_land(g, 4, 16, 11, 12, "open");
	assert_int_equal(u->pos.x, 13);
	assert_int_equal(u->pos.y, 13);
	assert_int_equal(u->nroute, 10);
	assert_int_equal(u->route[0].x, 14);
	assert_int_equal(u->route[0].y, 13);
	assert_int_equal(u->route[9].x, 12);
	assert_int_equal(u->route[9].y, 6);
	/* The preview of this turn keeps to it too. */
	if (cut)
		g->units[0].nroute = 1;
	assert_int_equal(move_preview(g, &u->order, &p), 0);
	assert_true(p.npath > 2);
	assert_int_equal(p.path[1].x, 14);
	assert_int_equal(p.path[1].y, 13);
	if (!cut) {
		assert_int_equal(p.pos.x, 17);
		assert_int_equal(p.pos.y, 11);
	}
	if (cut) {
		/* Only its first cell carried: the forecast goes by it, then
		 * straight on, as the turns played go. */
		assert_true(move_forecast(g, &u->order, 10, &cells, &n) > 0);
		assert_true(n > 2);
		assert_int_equal(cells[1].x, 14);
		assert_int_equal(cells[1].y, 13);
		assert_int_equal(cells[p.npath - 1].x, p.pos.x);
		assert_int_equal(cells[p.npath - 1].y, p.pos.y);
		move_preview_free(&p);
		t = play_turns(g, 0, 10, at);
		assert_int_equal(at[t].x, 10);
		assert_int_equal(at[t].y, 2);
		assert_true(passes_turn_ends(cells, n, at, t));
		free(cells);
		return;
	}
	assert_int_equal(move_forecast_end(g, &u->order, 10, &cells, &n, &end),
	    4);
	assert_int_equal(end.turn, 4);
	assert_int_equal(end.halt, HALT_ARRIVED);
	assert_int_equal(n, 15);
	assert_int_equal(cells[0].x, 13);
	assert_int_equal(cells[0].y, 13);
	assert_int_equal(cells[4].x, 17);
	assert_int_equal(cells[4].y, 12);
	assert_int_equal(cells[5].x, 17);
	assert_int_equal(cells[5].y, 11);
	assert_int_equal(cells[14].x, 10);
	assert_int_equal(cells[14].y, 2);
	t = play_turns(g, 0, 10, at);
	assert_int_equal(t, 4);
	assert_int_equal(at[1].x, 17);
	assert_int_equal(at[1].y, 11);
	assert_true(passes_turn_ends(cells, n, at, t));
	move_preview_free(&p);
	free(cells);
}

static void
test_move_forecast_keeps_the_route_the_unit_carries(void **state)
{
	struct fx *f = *state;

	forecast_carried(f->g, false, false);
}

static void
test_move_forecast_keeps_the_route_carried_over_open_ground(void **state)
{
	struct fx *f = *state;

	forecast_carried(f->g, true, false);
}

static void
test_move_forecast_keeps_a_route_of_one_cell_carried(void **state)
{
	struct fx *f = *state;

	forecast_carried(f->g, true, true);
}

/*
 * A march blocked for good is forecast up to the turn it gains nothing:
 * the Column ordered from (10, 16) to (10, 1), the Line B standing under
 * no order on (10, 10) and (11, 10), the rest of row 10 water (no way
 * round, and B holds no cell of the place sent to, rows 1 to 8), comes
 * up behind B to (10, 12) on turn 1 and stands there on turn 2, blocked:
 * the forecast says -1, its last walk turn 2, blocked, over the 5 cells
 * (10, 16) to (10, 12), as the turns played go.  (It was sent onto
 * (10, 10) itself; a place B holds is now given up for the nearest free
 * one, 3.6.7.)
 */
static void
test_move_forecast_ends_when_blocked_without_gain(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct move_forecast_end end;
	struct point *cells = NULL, at[16];
	int n = 0, i;

	(void)fx_friend(g, "B", "line", 10, 10);
	for (i = 0; i < g->map->w; i++)
		if (game_unit_at(g, i, 10) < 0)
			map_cell(g->map, i, 10)->land = (uint8_t)ruleset_land(
			    g->rs, "water");
	fx_give(g, fx_order(0, 1, 10, 1));
	assert_int_equal(move_forecast_end(g, &g->units[0].order, 10, &cells,
	    &n, &end), -1);
	assert_int_equal(end.turn, 2);
	assert_int_equal(end.halt, HALT_BLOCKED);
	assert_int_equal(end.contact, -1);
	assert_int_equal(n, 5);
	for (i = 0; i < n; i++) {
		assert_int_equal(cells[i].x, 10);
		assert_int_equal(cells[i].y, 16 - i);
	}
	free(cells);
	assert_int_equal(play_turns(g, 0, 3, at), 3);
	for (i = 1; i <= 3; i++) {
		assert_int_equal(at[i].x, 10);
		assert_int_equal(at[i].y, 12);
	}
	assert_int_equal(g->units[0].halt, HALT_BLOCKED);
}

/*
 * 3.6.3: a pivot's limbering is paid again under a new order: the
 * forecast starts a new order afresh, as move_unit does, even the turn
 * after a pivot under another order.  A light battery (Drill 3: 3 AP, no
 * drum) unlimbered at (10, 18) facing N pivots towards (10, 19): on turn
 * 1 it limbers (1 AP) and pivots twice, to E.  Ordered then towards
 * (10, 17), N, two pivots back: it limbers again (1) and pivots (2), and
 * unlimbers on turn 2; the forecast says 2 turns, and so go the turns
 * played.
 */
static void
test_3_6_3_forecast_of_a_new_pivot_pays_the_limbering(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct unit *u = &g->units[0];
	struct point *cells = NULL;
	int n = 0, t;

	game_occupy(g, 0, false);
	u->arm = ARM_ARTILLERY;
	u->klass = ruleset_class(f->rs, ARM_ARTILLERY, "light");
	unit_attr_set(u, ruleset_attr(f->rs, "drill"), 3);
	unit_attr_set(u, ruleset_attr(f->rs, "musician"), false);
	u->strength = u->strength0 = 6;
	u->formation = ruleset_form(f->rs, "unlimbered");
	u->pos = (struct point){ 10, 18 };
	game_occupy(g, 0, true);
	fx_give(g, fx_order(0, 1, 10, 19));
	game_turn(g);
	assert_int_equal(u->facing, DIR_E);
	assert_int_equal(u->order.kind, ORDER_MOVE);
	fx_give(g, fx_order(0, 1, 10, 17));
	assert_int_equal(move_forecast(g, &u->order, 5, &cells, &n), 2);
	assert_int_equal(n, 1);
	assert_int_equal(cells[0].x, 10);
	assert_int_equal(cells[0].y, 18);
	free(cells);
	for (t = 1; t <= 5 && u->order.kind == ORDER_MOVE; t++)
		game_turn(g);
	assert_int_equal(t - 1, 2);
	assert_int_equal(u->facing, DIR_N);
	assert_int_equal(u->formation, ruleset_form(f->rs, "unlimbered"));
}

/*
 * 3.6.3: the second leg of an order is planned facing the way the first
 * leg's last step went, however short that leg: a Line (it pays for
 * turning its front) at (10, 12) facing E, sent N to (10, 10), two cells,
 * and on to (7, 2), is routed on the second leg as a Line standing at
 * (10, 10) facing N is, not as one still facing E (the two differ); and
 * so from (10, 11), one cell.
 */
static void
test_3_6_3_second_leg_of_two_cells_planned_facing_its_way(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct order o = fx_order(0, 2, 10, 10, 7, 2), leg = fx_order(0, 1,
	    7, 2), north, east, r;
	int i, y;

	game_occupy(g, 0, false);
	g->units[0].formation = ruleset_form(f->rs, "line");
	game_occupy(g, 0, true);
	fx_place(g, 0, 10, 10, DIR_N);
	assert_int_equal(move_route(g, &leg, &north), 0);
	fx_place(g, 0, 10, 10, DIR_E);
	assert_int_equal(move_route(g, &leg, &east), 0);
	assert_true(north.npts != east.npts || memcmp(north.pts, east.pts,
	    (size_t)north.npts * sizeof *north.pts) != 0);
	for (y = 12; y >= 11; y--) {
		fx_place(g, 0, 10, y, DIR_E);
		assert_int_equal(move_route(g, &o, &r), 0);
		assert_int_equal(r.npts, 1 + north.npts);
		assert_int_equal(r.pts[0].x, 10);
		assert_int_equal(r.pts[0].y, 10);
		for (i = 0; i < north.npts; i++) {
			assert_int_equal(r.pts[1 + i].x, north.pts[i].x);
			assert_int_equal(r.pts[1 + i].y, north.pts[i].y);
		}
	}
}

/*
 * move_route searches over ground and enemies with every friend lifted,
 * the last unit of the list included and nothing past it: the Column at
 * (10, 16) and fifteen friends, sixteen units, the list full to the size
 * it was first given (so that a read of one unit past it is one the
 * sanitizer build reports): fourteen Columns out of the way on rows 22 and
 * 27, and the last, p, a Line at (8, 10) filling the gap from x 8 to 13
 * between two pools across rows 10 and 11 (x 0 to 7 and 14 to 24).  Sent
 * to (10, 2), the Column is routed straight through the gap p holds, one
 * point, (10, 2).
 */
static void
test_move_route_lifts_every_friend_up_to_the_last(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct order o = fx_order(0, 1, 10, 2), r;
	char id[8];
	int k;

	for (k = 0; k < 14; k++) {
		snprintf(id, sizeof id, "f%d", k);
		(void)fx_friend(g, id, "column", 2 + 4 * (k % 7),
		    22 + 5 * (k / 7));
	}
	assert_int_equal(fx_friend(g, "p", "line", 8, 10), 15);
	assert_int_equal(g->nunits, 16);
	assert_int_equal(g->units_cap, g->nunits);
	fx_water(g, 0, 7, 10, 11);
	fx_water(g, 14, 24, 10, 11);
	assert_int_equal(move_route(g, &o, &r), 0);
	assert_int_equal(r.npts, 1);
	assert_int_equal(r.pts[0].x, 10);
	assert_int_equal(r.pts[0].y, 2);
}

/*
 * A leg with no way (the point stands in a lake: water from x 16 to 24,
 * rows 2 to 8) is given as the player drew it, straight at its point,
 * whatever the leg before it gave: the Column at (10, 16) sent to
 * (10, 12) and on to (20, 5) is given those two points.
 */
static void
test_move_route_leg_with_no_way_after_one_with_a_way(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct order o = fx_order(0, 2, 10, 12, 20, 5), r;

	fx_water(g, 16, 24, 2, 8);
	assert_int_equal(move_route(g, &o, &r), 0);
	assert_int_equal(r.npts, 2);
	assert_int_equal(r.pts[0].x, 10);
	assert_int_equal(r.pts[0].y, 12);
	assert_int_equal(r.pts[1].x, 20);
	assert_int_equal(r.pts[1].y, 5);
}

/*
 * A new order starts at its first point, whatever waypoint the unit had
 * reached under its old one: the Column at (10, 16), past the first
 * point of an old order (waypoint 1), is sent E to (16, 16) and then N to
 * (16, 4).  The preview and the forecast both march E first, to (11, 16).
 * (And the forecast of an order with no point is refused, with no cells.)
 */
static void
test_new_order_starts_at_its_first_point(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct order o = fx_order(0, 2, 16, 16, 16, 4);
	struct move_preview p;
	struct point *cells = NULL;
	int n = 0;

	fx_give(g, fx_order(0, 2, 10, 16, 10, 2));
	g->units[0].waypoint = 1;
	assert_int_equal(move_preview(g, &o, &p), 0);
	assert_true(p.npath > 1);
	assert_int_equal(p.path[1].x, 11);
	assert_int_equal(p.path[1].y, 16);
	move_preview_free(&p);
	assert_true(move_forecast(g, &o, 10, &cells, &n) > 0);
	assert_true(n > 1);
	assert_int_equal(cells[1].x, 11);
	assert_int_equal(cells[1].y, 16);
	free(cells);
	assert_int_equal(g->units[0].waypoint, 1);
	/* An order with no point is refused: -1, no cells (whatever the
	 * caller's pointer held). */
	o.npts = 0;
	cells = (struct point *)&o;
	n = 5;
	assert_int_equal(move_forecast(g, &o, 10, &cells, &n), -1);
	assert_null(cells);
	assert_int_equal(n, 0);
}

/* Unit 0 (A) made a Line standing at (10, y) under no order. */
static void
fx_a_line_at(struct fx *f, int y)
{
	struct game *g = f->g;

	game_occupy(g, 0, false);
	g->units[0].formation = ruleset_form(f->rs, "line");
	g->units[0].pos = (struct point){ 10, y };
	game_occupy(g, 0, true);
}

/* The turns played (t of them, at[] their ends) are the forecast's:
 * as many, ending on (10, 0), each end on the forecast's cells; frees
 * the forecast's cells. */
static void
assert_played_as_forecast(int turns, int t, const struct point *at,
    struct point *cells, int n)
{
	assert_int_equal(t, turns);
	assert_int_equal(at[t].x, 10);
	assert_int_equal(at[t].y, 0);
	assert_true(passes_turn_ends(cells, n, at, t));
	free(cells);
}

/*
 * The forecast keeps a way round a standing friend in the order, as
 * move_unit does, whichever unit the friend is, unit 0 too: A (unit 0)
 * stands at (10, 10) under no order; B, a Column of Drill 3 at (10, 20)
 * facing N, is sent to (10, 0).  The forecast says how many turns B
 * takes and where it passes, and the turns played take as many and end
 * on its cells.
 */
static void
test_move_forecast_keeps_the_way_round_unit_0(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct point *cells = NULL, at[16];
	int b, n = 0, turns, t;

	fx_a_line_at(f, 10);
	b = fx_friend(g, "B", "column", 10, 20);
	unit_attr_set(&g->units[b], ruleset_attr(f->rs, "drill"), 3);
	fx_give(g, fx_order(b, 1, 10, 0));
	turns = move_forecast(g, &g->units[b].order, 16, &cells, &n);
	assert_true(turns > 1);
	t = play_turns(g, b, 16, at);
	assert_played_as_forecast(turns, t, at, cells, n);
}

/*
 * The same past the way round's first point: A (unit 0), a Line at
 * (10, 12), stands under no order; B, a cavalry Manoeuvre Column at
 * (10, 18) facing N, sent to (10, 0), goes round A and on turn 1 passes
 * the first point of its way round (its order then holds three points, the
 * second sought) and ends at (14, 8).  The forecast of turn 2 must seek
 * the way round's later points, not the order's first point counted
 * past: it takes as many turns as the turns played and ends on (10, 0).
 */
static void
test_move_forecast_keeps_the_way_round_past_its_first_point(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct point *cells = NULL, at[16];
	int b, n = 0, turns, t;

	fx_a_line_at(f, 12);
	b = fx_friend(g, "B", "column", 10, 18);
	game_occupy(g, b, false);
	g->units[b].arm = ARM_CAVALRY;
	g->units[b].formation = ruleset_form(f->rs, "manoeuvre_column");
	game_occupy(g, b, true);
	fx_give(g, fx_order(b, 1, 10, 0));
	turns = move_forecast(g, &g->units[b].order, 16, &cells, &n);
	assert_int_equal(turns, 2);
	assert_true(n > 0);
	assert_int_equal(cells[n - 1].x, 10);
	assert_int_equal(cells[n - 1].y, 0);
	t = play_turns(g, b, 1, at);
	assert_int_equal(g->units[b].order.npts, 3);
	assert_int_equal(g->units[b].waypoint, 1);
	assert_int_equal(at[1].x, 14);
	assert_int_equal(at[1].y, 8);
	t += play_turns(g, b, 15, at + 1);
	assert_played_as_forecast(turns, t, at, cells, n);
}

/* --- move_reach: the cells the anchor could reach this turn ---------------- */

/*
 * move_reach on open ground: the Column at (10, 16) facing N, 3 BD
 * (12 ticks) to spend, reaches (10, 10), six straight steps costing
 * exactly its 12 ticks, and not (10, 9), a step more; NW, its turns free
 * (a Manoeuvre Column), four diagonal steps of 3 ticks to (6, 12) and not
 * a fifth to (5, 11); its own cell comes first, each cell once.
 */
static void
test_move_reach_takes_the_cells_its_whole_speed_pays_for(void **state)
{
	struct fx *f = *state;
	struct point *cells = NULL;
	int n, i, j, at10 = 0, at9 = 0, at612 = 0, at511 = 0;

	n = move_reach(f->g, 0, &cells);
	assert_true(n > 1);
	assert_int_equal(cells[0].x, 10);
	assert_int_equal(cells[0].y, 16);
	for (i = 0; i < n; i++) {
		if (cells[i].x == 10 && cells[i].y == 10)
			at10++;
		if (cells[i].x == 10 && cells[i].y == 9)
			at9++;
		if (cells[i].x == 6 && cells[i].y == 12)
			at612++;
		if (cells[i].x == 5 && cells[i].y == 11)
			at511++;
		for (j = 0; j < i; j++)
			assert_false(cells[j].x == cells[i].x &&
			    cells[j].y == cells[i].y);
	}
	assert_int_equal(at10, 1);
	assert_int_equal(at9, 0);
	assert_int_equal(at612, 1);
	assert_int_equal(at511, 0);
	free(cells);
}

/*
 * move_reach with no speed left after the ground (3.6.5, issue 12): a
 * Column of drill 2 without its drum (1 BD) at (14, 15) facing SE, in
 * dense wood (Pe 2 BD: nothing left), reaches only the one step its
 * minimum move allows straight ahead, (15, 16): two cells with its own,
 * its search square 3 cells a side, the step onto the square's last row.
 */
static void
test_3_6_5_move_reach_of_the_minimum_move(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct point *cells = NULL;
	int y;

	game_occupy(g, 0, false);
	g->units[0].formation = ruleset_form(f->rs, "column");
	unit_attr_set(&g->units[0], ruleset_attr(f->rs, "drill"), 2);
	unit_attr_set(&g->units[0], ruleset_attr(f->rs, "musician"), false);
	game_occupy(g, 0, true);
	fx_place(g, 0, 14, 15, DIR_SE);
	for (y = 10; y <= 20; y++)
		map_cell(g->map, 14, y)->land = ruleset_land(f->rs,
		    "dense_wood");
	assert_int_equal(move_reach(g, 0, &cells), 2);
	assert_int_equal(cells[0].x, 14);
	assert_int_equal(cells[0].y, 15);
	assert_int_equal(cells[1].x, 15);
	assert_int_equal(cells[1].y, 16);
	free(cells);
}

/*
 * move_reach leaves out the cells another unit stands on, unit 0's as
 * any other's: B, a Manoeuvre Column at (10, 22) facing N with 3 BD (12
 * ticks), has A (unit 0, the same) at (10, 16) ahead of it, its block
 * on (10, 16) to (11, 17) and on.  B's reach is 92 cells and none is one
 * A holds: (10, 16), six straight steps of 2 ticks, is left out, and
 * (9, 17), beside A's block, is in.
 */
static void
test_move_reach_leaves_out_unit_0s_cells(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct point *cells = NULL;
	int b, n, i, held = 0, at1016 = 0, at917 = 0;

	b = fx_friend(g, "B", "manoeuvre_column", 10, 22);
	assert_int_equal(game_unit_at(g, 10, 16), 0);
	n = move_reach(g, b, &cells);
	assert_true(n > 1);
	for (i = 0; i < n; i++) {
		if (game_unit_at(g, cells[i].x, cells[i].y) == 0)
			held++;
		if (cells[i].x == 10 && cells[i].y == 16)
			at1016++;
		if (cells[i].x == 9 && cells[i].y == 17)
			at917++;
	}
	assert_int_equal(held, 0);
	assert_int_equal(at1016, 0);
	assert_int_equal(at917, 1);
	assert_int_equal(n, 92);
	free(cells);
}

/* --- move_preview ----------------------------------------------------------- */

/*
 * The preview waits for a friend under a Move order of its own in its
 * way, as the movement phase does, and says whom it waited for: B, a
 * Manoeuvre Column at (10, 22) ordered to (10, 2), has A (unit 0, the
 * same, at (10, 12), ordered to (10, 0)) in its way.  Its preview marches
 * A first and B its whole 3 BD (12 ticks), 6 cells, to (10, 16), halted
 * by its speed; the first line of its explanation names A.  The turn
 * played leaves A at (10, 6) and B at (10, 16), as the preview said.
 * Freed, the preview is empty, and freeing it again does no harm.
 */
static void
test_move_preview_waits_for_a_friend_and_says_whom(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct move_preview p;
	int b, i;

	fx_place(g, 0, 10, 12, DIR_N);
	b = fx_friend(g, "B", "manoeuvre_column", 10, 22);
	fx_give(g, fx_order(0, 1, 10, 0));
	fx_give(g, fx_order(b, 1, 10, 2));
	assert_int_equal(move_preview(g, &g->units[b].order, &p), 0);
	assert_int_equal(p.pos.x, 10);
	assert_int_equal(p.pos.y, 16);
	assert_int_equal(p.halt, HALT_SPEED);
	assert_int_equal(p.allowance, 12);
	assert_int_equal(p.spent, 12);
	assert_int_equal(p.npath, 7);
	for (i = 0; i < p.npath; i++) {
		assert_int_equal(p.path[i].x, 10);
		assert_int_equal(p.path[i].y, 22 - i);
	}
	assert_true(p.log.n >= 2);
	assert_int_equal(p.log.v[0].unit, b);
	assert_string_equal(p.log.v[0].rule, "3.6.7");
	assert_string_equal(p.log.v[0].text, "B waits for A, under a Move "
	    "order of its own and in its way, to move first (marshal's "
	    "reading: 3.6 moves units together)");
	/* The game is untouched: A still stands where it stood. */
	assert_int_equal(g->units[0].pos.y, 12);
	move_preview_free(&p);
	assert_null(p.path);
	assert_int_equal(p.npath, 0);
	assert_int_equal(p.log.n, 0);
	move_preview_free(&p);
	game_turn(g);
	assert_int_equal(g->units[0].pos.x, 10);
	assert_int_equal(g->units[0].pos.y, 6);
	assert_int_equal(g->units[b].pos.x, 10);
	assert_int_equal(g->units[b].pos.y, 16);
}

/*
 * The preview marches the friend it waits for as the phase would, its
 * formation changed on the way included (3.6.5): A (unit 0, a Line, drill
 * 4 with its drum) at (10, 10) ordered to (10, 0) meets a village on row
 * 7, changes to Manoeuvre Column (rows 7 to 14) and goes in.  B, a Line
 * at (10, 16) under the same order, waits for A, then makes one step
 * (0.5 BD) to (10, 15), just behind A's column, and stops short of it
 * rather than pass through it in disorder.  The turn played does the
 * same.
 */
static void
test_3_6_5_preview_marches_the_friend_in_its_new_formation(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct move_preview p;
	int b;

	g->units[0].formation = ruleset_form(f->rs, "line");
	fx_place(g, 0, 10, 10, DIR_N);
	fx_land(g, 0, 29, 7, 7, "village");
	b = fx_friend(g, "B", "line", 10, 16);
	fx_give(g, fx_order(0, 1, 10, 0));
	fx_give(g, fx_order(b, 1, 10, 0));
	assert_int_equal(move_preview(g, &g->units[b].order, &p), 0);
	assert_int_equal(p.pos.x, 10);
	assert_int_equal(p.pos.y, 15);
	assert_int_equal(p.halt, HALT_BLOCKED);
	assert_int_equal(p.spent, 2);
	assert_int_equal(p.log.n, 3);
	assert_string_equal(p.log.v[2].text, "A has marched already this "
	    "turn: B stops short of it rather than pass through it in "
	    "disorder (marshal's reading)");
	move_preview_free(&p);
	game_turn(g);
	assert_int_equal(g->units[0].formation,
	    ruleset_form(f->rs, "manoeuvre_column"));
	assert_int_equal(g->units[0].pos.y, 7);
	assert_int_equal(g->units[b].pos.x, 10);
	assert_int_equal(g->units[b].pos.y, 15);
}

/* --- move_route: the points an order is given ---------------------------- */

/*
 * Too many points for an order: the bends go, the last first, never the
 * player's points, down to the first leg's first bend.  The Column at
 * (10, 16) facing N, water across row 14 from x 4 to 16: sent to
 * (10, 12) alone it is routed round the water's east end by (16, 15) and
 * (17, 14).  Sent there and on by seven points on open ground, straight
 * legs of one point each (to (10, 2) and E to (14, 2)), its route is the
 * player's eight points, both bends gone; with the last point left out,
 * there is room for one bend, and the first, (16, 15), stays.
 */
static void
test_move_route_drops_bends_the_last_first(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct order o = fx_order(0, 8, 10, 12, 10, 10, 10, 8, 10, 6, 10, 4,
	    10, 2, 12, 2, 14, 2), r, one;
	int i;

	fx_water(g, 4, 16, 14, 14);
	one = o;
	one.npts = 1;
	assert_int_equal(move_route(g, &one, &r), 0);
	assert_int_equal(r.npts, 3);
	assert_int_equal(r.pts[0].x, 16);
	assert_int_equal(r.pts[0].y, 15);
	assert_int_equal(r.pts[1].x, 17);
	assert_int_equal(r.pts[1].y, 14);
	assert_int_equal(r.pts[2].x, 10);
	assert_int_equal(r.pts[2].y, 12);
	assert_int_equal(move_route(g, &o, &r), 0);
	assert_int_equal(r.npts, ORDER_MAX_POINTS);
	for (i = 0; i < ORDER_MAX_POINTS; i++) {
		assert_int_equal(r.pts[i].x, o.pts[i].x);
		assert_int_equal(r.pts[i].y, o.pts[i].y);
	}
	o.npts = ORDER_MAX_POINTS - 1;
	assert_int_equal(move_route(g, &o, &r), 0);
	assert_int_equal(r.npts, ORDER_MAX_POINTS);
	assert_int_equal(r.pts[0].x, 16);
	assert_int_equal(r.pts[0].y, 15);
	for (i = 0; i < ORDER_MAX_POINTS - 1; i++) {
		assert_int_equal(r.pts[i + 1].x, o.pts[i].x);
		assert_int_equal(r.pts[i + 1].y, o.pts[i].y);
	}
}

/*
 * Many bends over the order's legs: a Column (infantry, 3 x 4) at
 * [20, 84] facing N on a 40 x 90 map, sent north through five points
 * 15 rows apart, [20, 67] to [20, 7].  Water rows every 5 rows from
 * y 75 up to y 0, open by turns only at the map's east end (x 32 to
 * 39) and its west end (x 0 to 7), so each leg zig-zags through three
 * of them: planned alone, the first leg's route has 5 points and each
 * later one 7, 33 in all (well past the 23 at which a shift of the
 * points' flags by too much would write past its array).  The order
 * keeps eight: the bends go from the last leg back, all
 * but the first leg's first three, [30, 77], [32, 75] and [7, 72], and
 * the five points as given.
 */
static void
test_move_route_drops_the_bends_of_many_legs(void **state)
{
	struct fx *f = *state;
	struct game *g = game_create(f->rs, map_create(40, 90));
	struct order o, r, one;
	static const struct point keep[ORDER_MAX_POINTS] = {
		{ 30, 77 }, { 32, 75 }, { 7, 72 }, { 20, 67 }, { 20, 52 },
		{ 20, 37 }, { 20, 22 }, { 20, 7 }
	};
	int water = ruleset_land(f->rs, "water"), u, x, k, i, n = 0;

	game_add_side(g, "French");
	game_add_side(g, "Allied");
	game_add_general(g, "fr", "General", 0, -1);
	game_add_general(g, "al", "General", 1, -1);
	for (k = 0; k < 16; k++)
		for (x = 0; x < 40; x++)
			if (k % 2 == 0 ? x < 32 : x >= 8)
				map_cell(g->map, x, 75 - 5 * k)->land =
				    (uint8_t)water;
	u = game_add_unit(g, "a", "A", 0, 0);
	g->units[u].arm = ARM_INFANTRY;
	unit_attr_set(&g->units[u], ruleset_attr(f->rs, "drill"), 4);
	g->units[u].strength = g->units[u].strength0 = 600;
	g->units[u].formation = ruleset_form(f->rs, "column");
	g->units[u].pos = (struct point){ 20, 84 };
	g->units[u].facing = DIR_N;
	game_occupy(g, u, true);
	o = fx_order(u, 5, 20, 67, 20, 52, 20, 37, 20, 22, 20, 7);
	/* Each leg alone, from the point before. */
	for (i = 0; i < o.npts; i++) {
		one = o;
		one.npts = 1;
		one.pts[0] = o.pts[i];
		game_occupy(g, u, false);
		g->units[u].pos = i > 0 ? o.pts[i - 1] :
		    (struct point){ 20, 84 };
		game_occupy(g, u, true);
		assert_int_equal(move_route(g, &one, &r), 0);
		assert_int_equal(r.npts, i == 0 ? 5 : 7);
		n += r.npts;
	}
	assert_int_equal(n, 33);
	game_occupy(g, u, false);
	g->units[u].pos = (struct point){ 20, 84 };
	game_occupy(g, u, true);
	assert_int_equal(move_route(g, &o, &r), 0);
	assert_int_equal(r.npts, ORDER_MAX_POINTS);
	for (i = 0; i < ORDER_MAX_POINTS; i++) {
		assert_int_equal(r.pts[i].x, keep[i].x);
		assert_int_equal(r.pts[i].y, keep[i].y);
	}
	game_free(g);
}

/*
 * The most points an order's legs can be given: eight legs of eight
 * points, 64, the whole of the array move_route gathers them in.  A
 * Column (infantry, 3 x 4) at [2, 132] facing N on a 40 x 140 map, sent
 * north through eight points 16 rows apart, [2, 116] to [2, 4].  Each
 * leg crosses three rows of water, open at the east end (x 32 to 39),
 * the west end (x 0 to 7), the east end again, 4, 9 and 14 rows before
 * its point: planned alone from the point before, each leg's route is 8
 * points, 64 in all (the last two slots of the array are filled, where
 * moving one point too many past a dropped bend reads and writes beyond
 * it).  The order keeps the eight points as given, every bend gone.
 */
static void
test_move_route_drops_the_bends_of_64_points(void **state)
{
	struct fx *f = *state;
	struct game *g = game_create(f->rs, map_create(40, 140));
	struct order o, r, one;
	static const int bend[ORDER_MAX_POINTS - 1][2] = {
		{ 3, 15 }, { 30, 16 }, { 32, 14 }, { 7, 11 }, { 6, 8 },
		{ 30, 6 }, { 32, 4 }
	};
	int water = ruleset_land(f->rs, "water"), u, x, leg, i, n = 0;

	game_add_side(g, "French");
	game_add_side(g, "Allied");
	game_add_general(g, "fr", "General", 0, -1);
	game_add_general(g, "al", "General", 1, -1);
	for (leg = 0; leg < ORDER_MAX_POINTS; leg++)
		for (x = 0; x < 40; x++) {
			map_cell(g->map, x, 116 - 16 * leg + 4)->land =
			    x < 32 ? (uint8_t)water : 0;
			map_cell(g->map, x, 116 - 16 * leg + 9)->land =
			    x >= 8 ? (uint8_t)water : 0;
			map_cell(g->map, x, 116 - 16 * leg + 14)->land =
			    x < 32 ? (uint8_t)water : 0;
		}
	u = game_add_unit(g, "a", "A", 0, 0);
	g->units[u].arm = ARM_INFANTRY;
	unit_attr_set(&g->units[u], ruleset_attr(f->rs, "drill"), 4);
	g->units[u].strength = g->units[u].strength0 = 600;
	g->units[u].formation = ruleset_form(f->rs, "column");
	g->units[u].facing = DIR_N;
	o = fx_order(u, 8, 2, 116, 2, 100, 2, 84, 2, 68, 2, 52, 2, 36, 2, 20,
	    2, 4);
	/* Each leg alone, from the point before: the same seven bends,
	 * 16 rows on each time, then its point. */
	for (leg = 0; leg < o.npts; leg++) {
		one = o;
		one.npts = 1;
		one.pts[0] = o.pts[leg];
		g->units[u].pos = (struct point){ 2, 132 - 16 * leg };
		game_occupy(g, u, true);
		assert_int_equal(move_route(g, &one, &r), 0);
		game_occupy(g, u, false);
		assert_int_equal(r.npts, ORDER_MAX_POINTS);
		for (i = 0; i < ORDER_MAX_POINTS - 1; i++) {
			assert_int_equal(r.pts[i].x, bend[i][0]);
			assert_int_equal(r.pts[i].y, 116 - 16 * leg +
			    bend[i][1]);
		}
		assert_int_equal(r.pts[i].x, 2);
		assert_int_equal(r.pts[i].y, o.pts[leg].y);
		n += r.npts;
	}
	assert_int_equal(n, 64);
	g->units[u].pos = (struct point){ 2, 132 };
	game_occupy(g, u, true);
	assert_int_equal(move_route(g, &o, &r), 0);
	assert_int_equal(r.npts, ORDER_MAX_POINTS);
	for (i = 0; i < ORDER_MAX_POINTS; i++) {
		assert_int_equal(r.pts[i].x, o.pts[i].x);
		assert_int_equal(r.pts[i].y, o.pts[i].y);
	}
	game_free(g);
}

/*
 * An order move_route refuses (a point off the 30 x 30 map, or a unit
 * that is not there) is answered -1 with *out a copy of the order given,
 * as its header says: not what *out held before.
 */
static void
test_move_route_refused_copies_the_order(void **state)
{
	struct fx *f = *state;
	struct order o = fx_order(0, 2, 10, 12, 40, 12), r;

	memset(&r, 0xa5, sizeof r);
	assert_int_equal(move_route(f->g, &o, &r), -1);
	assert_int_equal(r.kind, ORDER_MOVE);
	assert_int_equal(r.unit, 0);
	assert_int_equal(r.npts, 2);
	assert_int_equal(r.pts[1].x, 40);
	assert_int_equal(r.pts[1].y, 12);
	o = fx_order(7, 1, 10, 12);
	memset(&r, 0xa5, sizeof r);
	assert_int_equal(move_route(f->g, &o, &r), -1);
	assert_int_equal(r.unit, 7);
	assert_int_equal(r.npts, 1);
	assert_int_equal(r.pts[0].x, 10);
	assert_int_equal(r.pts[0].y, 12);
}

/*
 * Each leg is planned from the point before it, not from where the unit
 * stands: the Column at (10, 16) facing N is sent E to (22, 16) and then
 * N to (22, 6), with water on row 11 from x 17 to the map's east edge.
 * The first leg is straight; the second, from (22, 16), goes round the
 * water's west end by (18, 13) and (16, 11) (from (10, 16) the way would
 * pass west of the water and bend elsewhere).
 */
static void
test_move_route_plans_each_leg_from_the_point_before(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct order o = fx_order(0, 2, 22, 16, 22, 6), r;
	static const struct point want[4] = {
		{ 22, 16 }, { 18, 13 }, { 16, 11 }, { 22, 6 }
	};
	int i;

	fx_water(g, 17, 29, 11, 11);
	assert_int_equal(move_route(g, &o, &r), 0);
	assert_int_equal(r.npts, 4);
	for (i = 0; i < 4; i++) {
		assert_int_equal(r.pts[i].x, want[i].x);
		assert_int_equal(r.pts[i].y, want[i].y);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
#define T(t)	cmocka_unit_test_setup_teardown(t, fx_setup, fx_teardown)
		T(test_walk_round_copies_the_way_round_kept_only_unchanged),
		T(test_walk_round_keeps_a_search_that_found_none),
		T(test_walk_round_keeps_a_way_of_one_cell),
		T(test_walk_round_searches_within_its_limits),
		T(test_ctx_keep_round_hands_the_way_round_over_once),
		T(test_ctx_lends_the_arrays_a_walk_gave_back),
		T(test_cands_box_is_the_footprint_box_each_way),
		T(test_ctx_use_records_every_passage),
		T(test_ctx_standing_near_reads_again_the_friends_changed),
		T(test_move_marches_until_it_arrives_under_its_order),
		T(test_move_route_drops_bends_the_last_first),
		T(test_move_route_drops_the_bends_of_many_legs),
		T(test_move_route_drops_the_bends_of_64_points),
		T(test_move_route_refused_copies_the_order),
		T(test_move_route_plans_each_leg_from_the_point_before),
		T(test_3_6_3_second_leg_of_two_cells_planned_facing_its_way),
		T(test_move_route_lifts_every_friend_up_to_the_last),
		T(test_move_route_leg_with_no_way_after_one_with_a_way),
		T(test_move_preview_waits_for_a_friend_and_says_whom),
		T(test_3_6_5_preview_marches_the_friend_in_its_new_formation),
		T(test_order_key_tells_orders_apart),
		T(test_walk_goal_passes_the_points_stood_on),
		T(test_walk_carry_stops_at_the_first_wheel),
		T(test_walk_room_within_its_limits),
		T(test_walk_room_boxed_in_by_the_ground_says_so),
		T(test_walk_may_detour_within_the_walks_searches),
		T(test_move_forecast_keeps_the_route_the_unit_carries),
		T(test_move_forecast_keeps_the_route_carried_over_open_ground),
		T(test_move_forecast_keeps_a_route_of_one_cell_carried),
		T(test_move_forecast_ends_when_blocked_without_gain),
		T(test_move_reach_takes_the_cells_its_whole_speed_pays_for),
		T(test_3_6_5_move_reach_of_the_minimum_move),
		T(test_move_reach_leaves_out_unit_0s_cells),
		T(test_3_6_3_forecast_of_a_new_pivot_pays_the_limbering),
		T(test_new_order_starts_at_its_first_point),
		T(test_move_forecast_keeps_the_way_round_unit_0),
		T(test_move_forecast_keeps_the_way_round_past_its_first_point),
		T(test_walk_detour_puts_the_way_round_into_the_order),
		T(test_walk_detour_fits_a_full_order),
		T(test_walk_detour_none_for_a_friend_whose_order_rides),
		T(test_walk_detour_after_facing_about),
		T(test_walk_detour_none_says_which_points),
		T(test_walk_detour_none_to_the_last_point_names_no_points_after),
#undef T
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
