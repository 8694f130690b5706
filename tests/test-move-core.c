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

/* Water on the cells x0..x1 of rows y0..y1. */
static void
fx_water(struct game *g, int x0, int x1, int y0, int y1)
{
	int x, y, water = ruleset_land(g->rs, "water");

	for (y = y0; y <= y1; y++)
		for (x = x0; x <= x1; x++)
			map_cell(g->map, x, y)->land = (uint8_t)water;
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
 * (10, 16) gives. */
static bool
on_marked(const struct move_walk *w)
{
	return w->nroute == 1 && w->route[0].x == 1 && w->route[0].y == 1;
}

/* Keep w's way round in the context and take it into a fresh walk w2
 * (round_walk), its route marked: one cell, (1, 1). */
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
	w2->round.face[0] = 0;
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
 * cells), and asked again unchanged walk_round answers none without
 * searching, whatever it kept before.  The Column faces a wall of water
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
	/* Taken into another walk and asked unchanged: none at once. */
	ctx_keep_round(g, ctx, 0, &w);
	round_walk(g, &w2);
	ctx_take_round(ctx, 0, &w2);
	assert_true(w2.round_known);
	assert_false(walk_round(g, &w2));
	assert_int_equal(w2.replans, 1);
	assert_int_equal(w2.nroute, 0);
	move_walk_free(&w);
	move_walk_free(&w2);
	move_ctx_free(ctx);
}

/*
 * walk_round searches once a walk unless the route it follows is the
 * straight line, and never past REPLANS_MAX searches; refused, it says
 * the walk has not arrived.  Nor with the order's last point reached
 * (which the walk's own step tells apart).
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
	 * and still the walk is not taken to have arrived by this). */
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
 * context or nothing kept.  Kept twice, the second replaces the first.
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
}

/* move_ctx_free of no context does nothing, as free(NULL). */
static void
test_move_ctx_free_of_none(void **state)
{
	(void)state;
	move_ctx_free(NULL);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
#define T(t)	cmocka_unit_test_setup_teardown(t, fx_setup, fx_teardown)
		T(test_walk_round_copies_the_way_round_kept_only_unchanged),
		T(test_walk_round_keeps_a_search_that_found_none),
		T(test_walk_round_searches_within_its_limits),
		T(test_ctx_keep_round_hands_the_way_round_over_once),
		T(test_move_ctx_free_of_none),
#undef T
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
