/*
 * test-move.c - the movement engine's own workings: gaps between blocks,
 * route planning, previews without side effects, the reachable area and
 * replays.  The clauses themselves are tested by tests/test-clauses.c on
 * scenario files; these tests build small games in C.
 */
#include "config.h"

#include <dirent.h>
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
#include "core/know.h"
#include "core/move.h"
#include "core/move-priv.h"
#include "core/path.h"
#include "io/load.h"
#include "io/yread.h"
#include "util/xalloc.h"
#include "core/ruleset.h"
#include "rules/napoleonic/move.h"
#include "rules/napoleonic/move-priv.h"
#include "rules/napoleonic/phases.h"

/*
 * lname, a label as the move notes write it inside a sentence: the first
 * letter lowered from A to Z inclusive ("Abatis" -> "abatis", "Zigzag
 * trench" -> "zigzag trench"), anything else kept: the characters just
 * outside the capitals, '@' and '[', a small letter, a digit.
 */
static void
test_move_lname_lowers_a_first_capital(void **state)
{
	(void)state;
	assert_string_equal(lname("Abatis"), "abatis");
	assert_string_equal(lname("Zigzag trench"), "zigzag trench");
	assert_string_equal(lname("Dense wood"), "dense wood");
	assert_string_equal(lname("@home"), "@home");
	assert_string_equal(lname("[x]"), "[x]");
	assert_string_equal(lname("open"), "open");
	assert_string_equal(lname("1st"), "1st");
}

static struct ruleset *
rules(void)
{
	const char *dd = getenv("MARSHAL_DATA");
	struct diags d;
	struct ruleset *rs;

	diags_init(&d);
	rs = load_ruleset("napoleonic", dd != NULL ? dd : "data", &d);
	if (rs == NULL)
		diags_print(&d, stderr);
	diags_free(&d);
	assert_non_null(rs);
	return rs;
}

/* A 30 x 30 open map with its two sides and their generals, no units,
 * orders in force at once. */
static struct game *
no_units(const struct ruleset *rs)
{
	struct game *g = game_create(rs, map_create(30, 30));

	game_add_side(g, "French");
	game_add_side(g, "Allied");
	game_add_general(g, "fr", "General", 0, -1);
	game_add_general(g, "al", "General", 1, -1);
	g->opt.courier_delay = false;
	return g;
}

/* Add unit A to g: infantry of side 0, Drill 4 with its drum, 600 men,
 * in formation form at (10, 20) facing N; returns its index. */
static int
unit_a(struct game *g, const char *form)
{
	const struct ruleset *rs = g->rs;
	int u = game_add_unit(g, "a", "A", 0, 0);

	g->units[u].arm = ARM_INFANTRY;
	unit_attr_set(&g->units[u], ruleset_attr(g->rs, "drill"), 4);
	unit_attr_set(&g->units[u], ruleset_attr(g->rs, "musician"), true);
	g->units[u].strength = g->units[u].strength0 = 600;
	g->units[u].formation = ruleset_form(rs, form);
	g->units[u].pos.x = 10;
	g->units[u].pos.y = 20;
	g->units[u].facing = DIR_N;
	game_occupy(g, u, true);
	return u;
}

/* no_units with unit A (unit_a), unit 0. */
static struct game *
one_unit(const struct ruleset *rs, const char *form)
{
	struct game *g = no_units(rs);

	(void)unit_a(g, form);
	return g;
}

/* A Move order of unit u to (x, y), given by no general (-1). */
static struct order
move_to(int u, int x, int y)
{
	struct order o;

	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = u;
	o.general = -1;
	o.npts = 1;
	o.pts[0] = (struct point){ x, y };
	return o;
}

/* Give unit u that order. */
static void
order_move(struct game *g, int u, int x, int y)
{
	struct order o = move_to(u, x, y);
	char *cause = NULL;

	assert_int_equal(game_order(g, &o, &cause), 0);
	free(cause);
}

static void
test_gap_between_blocks(void **state)
{
	struct point a[1] = { { 0, 0 } }, b[1] = { { 2, 0 } }, c[1] = { { 1, 1 } };
	struct point d[1] = { { 4, 0 } }, e[1] = { { 3, 3 } };

	(void)state;
	assert_int_equal(move_gap(a, 1, a, 1), -1);	/* overlapping */
	assert_int_equal(move_gap(a, 1, c, 1), 0);	/* corners touch */
	assert_int_equal(move_gap(a, 1, b, 1), 2);	/* one empty cell */
	assert_int_equal(move_gap(a, 1, d, 1), 6);	/* 1.5 BD */
	assert_int_equal(move_gap(a, 1, e, 1), 6);	/* two diagonals */
}

/*
 * move_gap: an overlap is found even after a touch: the first cell of
 * each block touches the other block (gap 0), the second stands on one
 * of its cells (-1), across the rows and across the columns.
 */
static void
test_gap_overlap_after_a_touch(void **state)
{
	struct point a[2] = { { 0, 0 }, { 2, 0 } }, b[2] = { { 1, 1 }, { 2, 0 } };
	struct point c[2] = { { 0, 0 }, { 0, 2 } }, d[2] = { { 1, 1 }, { 0, 2 } };

	(void)state;
	assert_int_equal(move_gap(a, 1, b, 2), 0);
	assert_int_equal(move_gap(a, 2, b, 2), -1);
	assert_int_equal(move_gap(c, 1, d, 2), 0);
	assert_int_equal(move_gap(c, 2, d, 2), -1);
}

/*
 * The walk asks about an enemy's gap up to GAP_FAR, twice the ruleset's
 * farthest reach, and cand_gap may answer INT_MAX ("surely beyond") only
 * for an enemy beyond that: for a block of 2 x 2 cells and one of 3 x 1
 * at every offset of a 41 x 41 square about it, cand_gap is the gap
 * move_gap gives whenever that gap is GAP_FAR or less, and otherwise that
 * gap or INT_MAX.
 */
static void
test_3_6_8_enemy_gap_up_to_twice_the_reach(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	struct point a[4] = { { 30, 30 }, { 31, 30 }, { 30, 31 }, { 31, 31 } };
	struct point b[3], alo, ahi;
	struct cand c;
	int dx, dy, k, gap, got, far = GAP_FAR(rs), at_far = 0;

	(void)state;
	assert_true(far > 0);
	bbox(a, 4, &alo, &ahi);
	for (dy = -20; dy <= 20; dy++)
		for (dx = -20; dx <= 20; dx++) {
			for (k = 0; k < 3; k++)
				b[k] = (struct point){ 30 + dx + k, 30 + dy };
			memset(&c, 0, sizeof c);
			c.unit = 0;
			c.n = 3;
			c.cells = b;
			bbox(b, 3, &c.lo, &c.hi);
			gap = move_gap(a, 4, b, 3);
			got = cand_gap(g, &c, a, 4, alo, ahi);
			if (gap <= far && got != gap)
				fail_msg("offset [%d, %d]: gap %d, cand_gap %d",
				    dx, dy, gap, got);
			if (gap > far && got != gap && got != INT_MAX)
				fail_msg("offset [%d, %d]: gap %d, cand_gap %d",
				    dx, dy, gap, got);
			at_far += gap == far;
		}
	assert_true(at_far > 0);	/* the edge itself was tried */
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.8 as the ruleset answers the walk (move_contact): infantry keeps
 * more than 1 BD (the data's infantry_contact) from a formed enemy, a
 * halt for contact; a routed enemy stops it not at all (-1).
 */
static void
test_3_6_8_infantry_contact_gap_and_halt(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	struct move_walk w;
	struct move_price p;
	int e = game_add_unit(g, "e", "E", 1, 1);

	(void)state;
	g->units[e].arm = ARM_INFANTRY;
	g->units[e].strength = g->units[e].strength0 = 600;
	g->units[e].formation = ruleset_form(rs, "line");
	g->units[e].pos = (struct point){ 10, 10 };
	g->units[e].facing = DIR_S;
	game_occupy(g, e, true);
	move_walk_init(g, 0, &w);
	assert_int_equal(rs->ops->move_contact(g, &w, e, &p), 1 * rs->ticks);
	assert_int_equal(p.halt, HALT_CONTACT);
	g->units[e].cond = COND_ROUTED;
	assert_int_equal(rs->ops->move_contact(g, &w, e, &p), -1);
	move_walk_free(&w);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.8 in the walk: a Line marching N onto a formed enemy Line halts for
 * contact more than 1 BD short of it, on the same row wherever on the
 * map the two stand: near the corner [0, 0] and 180 cells from it both
 * ways (the search for enemies near the walk measures from the walker,
 * not from the map's corner).
 */
static void
test_3_6_8_contact_halt_anywhere_on_the_map(void **state)
{
	struct ruleset *rs = rules();
	struct game *g;
	int off, e, k;

	(void)state;
	for (k = 0; k < 2; k++) {
		off = k * 180;
		g = game_create(rs, map_create(220, 220));
		game_add_side(g, "French");
		game_add_side(g, "Allied");
		game_add_general(g, "fr", "General", 0, -1);
		game_add_general(g, "al", "General", 1, -1);
		g->opt.courier_delay = false;
		game_add_unit(g, "a", "A", 0, 0);
		g->units[0].arm = ARM_INFANTRY;
		unit_attr_set(&g->units[0], ruleset_attr(rs, "drill"), 4);
		unit_attr_set(&g->units[0], ruleset_attr(rs, "musician"), true);
		g->units[0].strength = g->units[0].strength0 = 600;
		g->units[0].formation = ruleset_form(rs, "line");
		g->units[0].pos = (struct point){ 10 + off, 24 + off };
		g->units[0].facing = DIR_N;
		game_occupy(g, 0, true);
		e = game_add_unit(g, "e", "E", 1, 1);
		g->units[e].arm = ARM_INFANTRY;
		g->units[e].strength = g->units[e].strength0 = 600;
		g->units[e].formation = ruleset_form(rs, "line");
		g->units[e].pos = (struct point){ 10 + off, 16 + off };
		g->units[e].facing = DIR_S;
		game_occupy(g, e, true);
		order_move(g, 0, 10 + off, 2 + off);
		move_unit(g, NULL, 0, -1, NULL, NULL);
		/* 2 rows of its 6 (3 BD): its front on row 20, one empty
		 * row (1 BD with the enemy's rear rank) short of e. */
		assert_int_equal(g->units[0].pos.x, 10 + off);
		assert_int_equal(g->units[0].pos.y, 20 + off);
		assert_int_equal(g->units[0].halt, HALT_CONTACT);
		game_free(g);
	}
	ruleset_free(rs);
}

/* A Line of 600 of side `side' at p facing f; returns its index. */
static int
line_named(struct game *g, const char *id, int side, struct point p,
    enum dir f)
{
	int u = game_add_unit(g, id, id, side, side);

	g->units[u].arm = ARM_INFANTRY;
	unit_attr_set(&g->units[u], ruleset_attr(g->rs, "drill"), 4);
	unit_attr_set(&g->units[u], ruleset_attr(g->rs, "musician"), true);
	g->units[u].strength = g->units[u].strength0 = 600;
	g->units[u].formation = ruleset_form(g->rs, "line");
	g->units[u].pos = p;
	g->units[u].facing = f;
	game_occupy(g, u, true);
	return u;
}

/*
 * 3.6.8: the search for enemies near a walk reaches as far as the deepest
 * block of any arm.  With the infantry's Manoeuvre Column made 40 cells
 * deep (deeper than every cavalry block, 12), a Line marching N from
 * [10, 64] meets the tail of an enemy such column whose head stands 47
 * cells north, at [10, 17], with its body reaching back to row 56: the
 * Line halts for contact on row 60 (its speed would take it to row 58).
 */
static void
test_3_6_8_contact_with_the_tail_of_a_deep_infantry_block(void **state)
{
	struct ruleset *rs = rules();
	struct game *g;
	struct point *cells;
	int e, i, n, tail = -1, mc = ruleset_form(rs, "manoeuvre_column");

	(void)state;
	assert_true(mc >= 0);
	rs->form[mc].depth[ARM_INFANTRY] = 40;
	g = game_create(rs, map_create(40, 90));
	game_add_side(g, "French");
	game_add_side(g, "Allied");
	game_add_general(g, "fr", "General", 0, -1);
	game_add_general(g, "al", "General", 1, -1);
	g->opt.courier_delay = false;
	line_named(g, "a", 0, (struct point){ 10, 64 }, DIR_N);
	e = line_named(g, "e", 1, (struct point){ 10, 17 }, DIR_N);
	game_occupy(g, e, false);
	g->units[e].formation = mc;
	game_occupy(g, e, true);
	cells = xmallocarray((size_t)g->cells_max, sizeof *cells);
	n = game_footprint(g, &g->units[e], cells);
	for (i = 0; i < n; i++)
		if (cells[i].y > tail)
			tail = cells[i].y;
	free(cells);
	assert_int_equal(tail, 56);
	order_move(g, 0, 10, 2);
	move_unit(g, NULL, 0, -1, NULL, NULL);
	/* Its speed, 3 BD, would take it to row 58. */
	assert_int_equal(g->units[0].pos.x, 10);
	assert_int_equal(g->units[0].pos.y, 60);
	assert_int_equal(g->units[0].halt, HALT_CONTACT);
	assert_int_equal(g->units[0].contact, e);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.8 through the phase's index of units (move_ctx): walks that take
 * units in and out of its places leave each unit findable once.  French
 * A (the first unit of the battle) and B stand in one place of the
 * index; B moves twice, the second time out of it; A then moves a row;
 * the Allied Line E, sent from row 30 to row 20, then marches N onto A
 * and halts for contact with it more than 1 BD short, its front on row
 * 28 (rows 25 to 27 empty between it and A's rear rank on row 24), as it
 * would with no index.
 */
static void
test_3_6_8_index_keeps_units_walks_move(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = game_create(rs, map_create(60, 40));
	struct move_ctx *ctx;
	int a, b, e;

	(void)state;
	game_add_side(g, "French");
	game_add_side(g, "Allied");
	game_add_general(g, "fr", "General", 0, -1);
	game_add_general(g, "al", "General", 1, -1);
	g->opt.courier_delay = false;
	a = line_named(g, "a", 0, (struct point){ 4, 24 }, DIR_N);
	b = line_named(g, "b", 0, (struct point){ 12, 19 }, DIR_N);
	e = line_named(g, "e", 1, (struct point){ 4, 30 }, DIR_N);
	assert_int_equal(a, 0);
	ctx = move_ctx_create(g);
	order_move(g, b, 12, 18);
	move_unit(g, ctx, b, -1, NULL, NULL);
	assert_int_equal(g->units[b].pos.y, 18);	/* index place kept */
	order_move(g, b, 12, 14);
	move_unit(g, ctx, b, -1, NULL, NULL);
	assert_int_equal(g->units[b].pos.y, 14);	/* out of it */
	order_move(g, a, 4, 23);
	move_unit(g, ctx, a, -1, NULL, NULL);
	assert_int_equal(g->units[a].pos.y, 23);
	order_move(g, e, 4, 20);
	move_unit(g, ctx, e, -1, NULL, NULL);
	assert_int_equal(g->units[e].pos.x, 4);
	assert_int_equal(g->units[e].pos.y, 28);
	assert_int_equal(g->units[e].halt, HALT_CONTACT);
	move_ctx_free(ctx);
	game_free(g);
	ruleset_free(rs);
}

/* Whether every row mask of ctx's index (filled) has the bit of each
 * bucket and side set exactly where that list holds a unit; the number of
 * bits set into *nset. */
static bool
filled_as_lists(const struct move_ctx *ctx, int *nset)
{
	int bx, by, side, b;
	bool bit;

	*nset = 0;
	for (by = 0; by < ctx->bh; by++)
		for (bx = 0; bx < ctx->bw; bx++)
			for (side = 0; side < GAME_MAX_SIDES; side++) {
				b = (by * ctx->bw + bx) * GAME_MAX_SIDES + side;
				bit = (ctx->filled[by * GAME_MAX_SIDES + side] >>
				    bx & 1) != 0;
				if (bit != (ctx->head[b] >= 0))
					return false;
				*nset += bit;
			}
	return true;
}

/*
 * The index's row masks (move_ctx filled) follow its lists: on a map of
 * 60 x 40 cells (4 x 3 buckets of 16), 12 Lines of both sides on a
 * lattice set 12 bits; moved one by one into the bucket at [0, 0] they
 * leave it the only one set for the French and the Allies (2 bits), and
 * moved back out again, 12.
 */
static void
test_move_ctx_filled_rows_follow_the_lists(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = game_create(rs, map_create(60, 40));
	struct move_ctx *ctx;
	struct point home[12];
	char id[8];
	int i, n;

	(void)state;
	game_add_side(g, "French");
	game_add_side(g, "Allied");
	for (i = 0; i < 12; i++) {
		snprintf(id, sizeof id, "u%d", i);
		home[i] = (struct point){ 8 + 16 * (i % 4), 6 + 13 * (i / 4) };
		(void)line_named(g, id, i % 2, home[i], DIR_N);
	}
	ctx = move_ctx_create(g);
	assert_int_equal(ctx->bw, 4);
	assert_int_equal(ctx->bh, 3);
	assert_true(filled_as_lists(ctx, &n));
	assert_int_equal(n, 12);
	for (i = 0; i < 12; i++) {
		g->units[i].pos = (struct point){ 5 + i % 3, 5 };
		ctx_place(ctx, i, &g->units[i]);
		assert_true(filled_as_lists(ctx, &n));
	}
	assert_int_equal(n, 2);
	for (i = 0; i < 12; i++) {
		g->units[i].pos = home[i];
		ctx_place(ctx, i, &g->units[i]);
		assert_true(filled_as_lists(ctx, &n));
	}
	assert_int_equal(n, 12);
	move_ctx_free(ctx);
	game_free(g);
	ruleset_free(rs);
}

/*
 * The row masks are 64 bits, one a bucket of a row: a map 64 buckets
 * wide (1024 cells of 16) keeps them, its last bucket on the mask's top
 * bit; one bucket wider (1040 cells, 65 buckets) has no masks, and the
 * search reads every bucket's lists instead.
 */
static void
test_move_ctx_filled_up_to_64_buckets_wide(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = game_create(rs, map_create(1024, 40));
	struct move_ctx *ctx;
	int n;

	(void)state;
	game_add_side(g, "French");
	game_add_side(g, "Allied");
	(void)line_named(g, "a", 0, (struct point){ 1015, 10 }, DIR_N);
	(void)line_named(g, "b", 1, (struct point){ 8, 30 }, DIR_N);
	ctx = move_ctx_create(g);
	assert_int_equal(ctx->bw, 64);
	assert_int_equal(ctx->bh, 3);
	assert_non_null(ctx->filled);
	assert_true(filled_as_lists(ctx, &n));
	assert_int_equal(n, 2);
	/* a, the French (side 0), in bucket row 0, column 63. */
	assert_true(ctx->filled[0 * GAME_MAX_SIDES + 0] ==
	    (uint64_t)1 << 63);
	/* b, the Allies (side 1), in bucket row 1, column 0. */
	assert_true(ctx->filled[1 * GAME_MAX_SIDES + 1] == 1);
	move_ctx_free(ctx);
	game_free(g);

	g = game_create(rs, map_create(1040, 40));
	game_add_side(g, "French");
	game_add_side(g, "Allied");
	(void)line_named(g, "a", 0, (struct point){ 1030, 10 }, DIR_N);
	ctx = move_ctx_create(g);
	assert_int_equal(ctx->bw, 65);
	assert_null(ctx->filled);
	move_ctx_free(ctx);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.8: the search for enemies near a walk reaches as far as the widest
 * block of any arm too.  With the infantry's Line made 100 cells wide
 * (wider than any block is deep), a Column marching N from [100, 21]
 * meets the end of an enemy Line whose anchor stands 45 cells west, at
 * [55, 14]: it halts for contact on row 18 (its speed, 2 BD, would take
 * it to row 17).
 */
static void
test_3_6_8_contact_with_the_end_of_a_wide_infantry_line(void **state)
{
	struct ruleset *rs = rules();
	struct game *g;
	int a, e, line = ruleset_form(rs, "line");

	(void)state;
	rs->form[line].frontage[ARM_INFANTRY] = 100;
	g = game_create(rs, map_create(120, 40));
	game_add_side(g, "French");
	game_add_side(g, "Allied");
	game_add_general(g, "fr", "General", 0, -1);
	game_add_general(g, "al", "General", 1, -1);
	g->opt.courier_delay = false;
	e = line_named(g, "e", 1, (struct point){ 55, 14 }, DIR_S);
	a = line_named(g, "a", 0, (struct point){ 100, 21 }, DIR_N);
	game_occupy(g, a, false);
	g->units[a].formation = ruleset_form(rs, "column");
	game_occupy(g, a, true);
	order_move(g, a, 100, 2);
	move_unit(g, NULL, a, -1, NULL, NULL);
	assert_int_equal(g->units[a].pos.x, 100);
	assert_int_equal(g->units[a].pos.y, 18);
	assert_int_equal(g->units[a].halt, HALT_CONTACT);
	assert_int_equal(g->units[a].contact, e);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.8: the phase's index of units keeps the units of its very first
 * place (side 0, the 16 x 16 cells at the corner [0, 0]) findable when
 * the first of them, unit 0, moves out of it: b, left there, still stops
 * enemy e, which halts for contact on row 8 instead of marching its whole
 * speed (to row 6), with the index as without it.
 */
static void
test_3_6_8_index_keeps_the_first_place_when_unit_0_leaves(void **state)
{
	struct ruleset *rs = rules();
	struct move_ctx *ctx;
	struct game *g;
	int a, b, e, k;

	(void)state;
	for (k = 0; k < 2; k++) {
		g = game_create(rs, map_create(60, 40));
		game_add_side(g, "French");
		game_add_side(g, "Allied");
		game_add_general(g, "fr", "General", 0, -1);
		game_add_general(g, "al", "General", 1, -1);
		g->opt.courier_delay = false;
		a = line_named(g, "a", 0, (struct point){ 3, 12 }, DIR_S);
		b = line_named(g, "b", 0, (struct point){ 12, 4 }, DIR_S);
		e = line_named(g, "e", 1, (struct point){ 12, 12 }, DIR_N);
		ctx = k == 0 ? move_ctx_create(g) : NULL;
		order_move(g, a, 3, 17);
		move_unit(g, ctx, a, -1, NULL, NULL);
		assert_int_equal(g->units[a].pos.y, 17);
		order_move(g, e, 12, 0);
		move_unit(g, ctx, e, -1, NULL, NULL);
		assert_int_equal(g->units[e].pos.x, 12);
		assert_int_equal(g->units[e].pos.y, 8);
		assert_int_equal(g->units[e].halt, HALT_CONTACT);
		assert_int_equal(g->units[e].contact, b);
		if (ctx != NULL)
			move_ctx_free(ctx);
		game_free(g);
	}
	ruleset_free(rs);
}

/*
 * 3.6.8 on a map one cell wide (or high): the phase's index of units has
 * one bucket across it, and a Road Column marching along it from 30
 * towards an enemy column whose head is at 22 halts for contact at 26,
 * with the index as without it (its speed would take it to 24).
 */
static void
test_3_6_8_index_on_a_map_one_cell_wide(void **state)
{
	struct ruleset *rs = rules();
	struct move_ctx *ctx;
	struct game *g;
	int k, way, a, e, at;

	(void)state;
	for (way = 0; way < 2; way++)
		for (k = 0; k < 2; k++) {
			g = game_create(rs, way == 0 ? map_create(1, 40) :
			    map_create(40, 1));
			game_add_side(g, "French");
			game_add_side(g, "Allied");
			game_add_general(g, "fr", "General", 0, -1);
			game_add_general(g, "al", "General", 1, -1);
			g->opt.courier_delay = false;
			a = line_named(g, "a", 0, way == 0 ?
			    (struct point){ 0, 30 } : (struct point){ 30, 0 },
			    way == 0 ? DIR_N : DIR_W);
			e = line_named(g, "e", 1, way == 0 ?
			    (struct point){ 0, 22 } : (struct point){ 22, 0 },
			    way == 0 ? DIR_S : DIR_E);
			game_occupy(g, a, false);
			game_occupy(g, e, false);
			g->units[a].formation = g->units[e].formation =
			    ruleset_form(rs, "road_column");
			game_occupy(g, a, true);
			game_occupy(g, e, true);
			order_move(g, a, 0, 0);
			ctx = k == 0 ? move_ctx_create(g) : NULL;
			move_unit(g, ctx, a, -1, NULL, NULL);
			if (ctx != NULL)
				move_ctx_free(ctx);
			at = way == 0 ? g->units[a].pos.y : g->units[a].pos.x;
			assert_int_equal(at, 26);
			assert_int_equal(g->units[a].halt, HALT_CONTACT);
			assert_int_equal(g->units[a].contact, e);
			game_free(g);
		}
	ruleset_free(rs);
}

/*
 * move_route_form: a Line sent from [10, 20] to [10, 2] over open ground
 * has its whole route in Line, its own formation.  With water across rows
 * 10 to 14, which no formation may enter, none has one: -1.  A battery
 * that may not enter the ground in its own formation is told the first
 * that may.
 */
static void
test_move_route_form_own_or_none(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	struct order o;
	int x, y;

	(void)state;
	o = move_to(0, 10, 2);
	assert_int_equal(move_route_form(g, &o), ruleset_form(rs, "line"));
	for (y = 10; y <= 14; y++)
		for (x = 0; x < 30; x++)
			map_cell(g->map, x, y)->land = ruleset_land(rs,
			    "water");
	assert_int_equal(move_route_form(g, &o), -1);
	o.pts[0] = (struct point){ 40, 2 };	/* off the map */
	assert_int_equal(move_route_form(g, &o), -1);
	/* A Limbered battery facing wood across rows 10 to 14, which
	 * neither Limbered nor its automatic Manoeuvre Column may enter:
	 * in Road Column (the walk says so too, 3.6.5) it has its way. */
	for (y = 10; y <= 14; y++)
		for (x = 0; x < 30; x++)
			map_cell(g->map, x, y)->land = ruleset_land(rs, "wood");
	game_occupy(g, 0, false);
	g->units[0].arm = ARM_ARTILLERY;
	g->units[0].klass = ruleset_class(rs, ARM_ARTILLERY, "light");
	g->units[0].formation = ruleset_form(rs, "limbered");
	game_occupy(g, 0, true);
	o.pts[0] = (struct point){ 10, 2 };
	assert_int_equal(move_route_form(g, &o),
	    ruleset_form(rs, "road_column"));
	game_free(g);
	ruleset_free(rs);
}

/*
 * move_route_form names a formation the unit can take where it stands:
 * the Formation order it asks for is carried out at the unit's own
 * anchor and facing (3.6.5), and fails, turn after turn, where the new
 * block has no room.  A Column at [10, 28] facing W, on the 30-row
 * map's last rows (its block x 10 to 13, y 27 to 29), sent north to
 * [10, 2]: it has no room to turn towards the north in Column, and a
 * Line would have its way, but formed here facing W its six files would
 * run from row 26 to row 31, off the map.  Found at the Côa: chasseurs
 * in Column at the map's southern edge were told "in Line there is: give
 * it a Formation order first", and the order failed ("no room to form
 * Line here").  Every formation that has room here (Column, Manoeuvre
 * Column, Road Column, Masse) reaches into rows 30 and beyond as soon as
 * it faces north, and cannot step north before it does: the answer is
 * none (-1, "No way there in any formation"), not the Line, and not
 * MOVE_FORM_UNITS, for no unit stands in its way.  A Line on row 28
 * facing N, formed there, has its way: the answer for it is its own.
 */
static void
test_move_route_form_only_one_it_can_take_here(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "column");
	struct order o;
	struct point bad;
	int line = ruleset_form(rs, "line"), mc = ruleset_form(rs,
	    "manoeuvre_column"), f;

	(void)state;
	game_occupy(g, 0, false);
	g->units[0].pos = (struct point){ 10, 28 };
	g->units[0].facing = DIR_W;
	game_occupy(g, 0, true);
	o = move_to(0, 10, 2);
	assert_int_not_equal(game_fits(g, 0, g->units[0].pos, DIR_W, line, -1,
	    &bad), 0);
	assert_int_equal(bad.y, 30);
	assert_int_equal(game_fits(g, 0, g->units[0].pos, DIR_W, mc, -1,
	    &bad), 0);
	f = move_route_form(g, &o);
	assert_int_not_equal(f, line);
	assert_int_equal(f, -1);
	game_occupy(g, 0, false);
	g->units[0].formation = line;
	g->units[0].facing = DIR_N;
	game_occupy(g, 0, true);
	assert_int_equal(move_route_form(g, &o), line);
	game_free(g);
	ruleset_free(rs);
}

static int friend_at(struct game *, const char *, int, int);
static int count_events(const struct game *, int, const char *,
    const char *);

/*
 * move_route_form: water across rows 10 to 14 but for a gap exactly as
 * wide as a Line, and a friend's Line standing in the gap, under no
 * order.  The Line sent from [10, 20] to [10, 2] may not pass it in good
 * order (3.6.7: a Line blocks front and rear), so no formation has a way
 * past the units that stand; but the ground has one: MOVE_FORM_UNITS,
 * not -1, and the Move preview says so rather than "no way there in any
 * formation".  With the friend gone the Line has its way again.
 */
static void
test_move_route_form_only_units_bar_the_way(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	struct point cells[64];
	struct order o;
	bool gap[30] = { false };
	int b, n, i, x, y;

	(void)state;
	b = friend_at(g, "line", 10, 12);
	n = game_footprint_at(g, &g->units[b], g->units[b].pos,
	    g->units[b].facing, g->units[b].formation, cells);
	assert_int_equal(n, 12);		/* 6 wide, 2 deep */
	for (i = 0; i < n; i++)
		gap[cells[i].x] = true;
	for (y = 10; y <= 14; y++)
		for (x = 0; x < 30; x++)
			if (!gap[x])
				map_cell(g->map, x, y)->land = ruleset_land(rs,
				    "water");
	o = move_to(0, 10, 2);
	assert_int_equal(move_route_form(g, &o), MOVE_FORM_UNITS);
	game_occupy(g, b, false);
	g->units[b].pos = (struct point){ 25, 25 };
	game_occupy(g, b, true);
	assert_int_equal(move_route_form(g, &o), ruleset_form(rs, "line"));
	game_free(g);
	ruleset_free(rs);
}

/*
 * move_route_form, a way in the first formation of the table alone: water
 * across rows 10 to 14 but for a Line's gap (x 7 to 12), whose ground is
 * open to a Line only (the ruleset's fields made forbidden to every other
 * formation).  A Column at [10, 20] sent to [10, 2] may not go that way
 * in its own formation; the Line, the table's formation 0, may: the
 * answer is the Line.  With a friend's Line standing in the gap no
 * formation has a way past the units, but the Line has one over the
 * ground: MOVE_FORM_UNITS, not -1.
 */
static void
test_move_route_form_way_for_the_line_alone(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "column");
	struct order o;
	int b, x, y, fields = ruleset_land(rs, "fields");

	(void)state;
	assert_int_equal(ruleset_form(rs, "line"), 0);
	rs->land[fields].forbid = ~(1u << ruleset_form(rs, "line"));
	for (y = 10; y <= 14; y++)
		for (x = 0; x < 30; x++)
			map_cell(g->map, x, y)->land = ruleset_land(rs,
			    x >= 7 && x <= 12 ? "fields" : "water");
	o = move_to(0, 10, 2);
	assert_int_equal(move_route_form(g, &o), ruleset_form(rs, "line"));
	b = friend_at(g, "line", 10, 12);
	assert_int_equal(g->units[b].pos.y, 12);
	assert_int_equal(move_route_form(g, &o), MOVE_FORM_UNITS);
	/* The Column standing in a village (rows 18 to 24), which forbids
	 * Line: a Formation order could not form the Line there (3.6.5),
	 * so the Line is no answer, and with the friend gone no formation
	 * it may take here has a way: -1. */
	game_occupy(g, b, false);
	g->units[b].pos = (struct point){ 25, 25 };
	game_occupy(g, b, true);
	assert_int_equal(move_route_form(g, &o), ruleset_form(rs, "line"));
	for (y = 18; y <= 24; y++)
		for (x = 4; x <= 16; x++)
			map_cell(g->map, x, y)->land = ruleset_land(rs,
			    "village");
	assert_int_equal(move_route_form(g, &o), -1);
	game_free(g);
	ruleset_free(rs);
}

/*
 * A Move order to the cell the unit stands on is carried out at once: it
 * spends nothing, halts as arrived and its order is done (none left).
 */
static void
test_move_order_to_its_own_cell_arrives(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");

	(void)state;
	order_move(g, 0, 10, 20);
	assert_int_equal(move_unit(g, NULL, 0, -1, NULL, NULL), 0);
	assert_int_equal(g->units[0].pos.x, 10);
	assert_int_equal(g->units[0].pos.y, 20);
	assert_int_equal(g->units[0].halt, HALT_ARRIVED);
	assert_int_equal(g->units[0].order.kind, ORDER_NONE);
	game_free(g);
	ruleset_free(rs);
}

/*
 * move_unit: an order that ends keeps no route.  A Line sent N across a
 * lake that spans the whole map (rows 14 to 16) finds no way round, steps
 * in and loses its order (3.6.5, M15): the order is gone, the unit a Mob
 * at the lake's edge, and no cells of the route it was walking are left
 * with the unit (a save writes the unit's route).
 */
static void
test_move_unit_cancelled_order_keeps_no_route(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	const struct unit *a = &g->units[0];
	int water = ruleset_land(rs, "water"), x, y;

	(void)state;
	for (y = 14; y <= 16; y++)
		for (x = 0; x < 30; x++)
			map_cell(g->map, x, y)->land = (uint8_t)water;
	order_move(g, 0, 10, 5);
	/* 3 cells, 1.5 BD, to the lake's edge */
	assert_int_equal(move_unit(g, NULL, 0, -1, NULL, NULL), 3 * STEP_ORTHO);
	assert_int_equal(a->order.kind, ORDER_NONE);
	assert_int_equal(a->cond, COND_MOB);
	assert_int_equal(a->pos.x, 10);
	assert_int_equal(a->pos.y, 17);
	assert_int_equal(a->nroute, 0);
	assert_null(a->route);
	game_free(g);
	ruleset_free(rs);
}

/*
 * The Move preview, route, forecast and reachable area of a unit index
 * out of range (below 0, or the count of units) refuse it: -1
 * (move_reach: no cells), nothing read beyond the units.  one_unit's A
 * is unit 0 of 1.
 */
static void
test_move_plans_refuse_a_unit_out_of_range(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	struct move_preview p;
	struct order o, r;
	struct point *cells = NULL;
	int n = 0, k;
	const int bad[] = { -1, 1 };

	(void)state;
	order_move(g, 0, 10, 10);
	for (k = 0; k < 2; k++) {
		o = g->units[0].order;
		o.unit = bad[k];
		assert_int_equal(move_preview(g, &o, &p), -1);
		move_preview_free(&p);
		assert_int_equal(move_route(g, &o, &r), -1);
		assert_int_equal(move_route_form(g, &o), -1);
		assert_int_equal(move_forecast(g, &o, 3, &cells, &n), -1);
		assert_null(cells);
		assert_int_equal(n, 0);
		assert_int_equal(move_reach(g, bad[k], &cells), 0);
		assert_null(cells);
	}
	/* A itself: planned. */
	assert_int_equal(move_forecast(g, &g->units[0].order, 3, &cells, &n),
	    2);
	free(cells);
	game_free(g);
	ruleset_free(rs);
}

/*
 * The walk borrows its scratch cells from the game's pool and gives every
 * buffer back (core/cells.h: lent last in, first out, for the game's
 * life): after a walk that meets an enemy, its preview, its forecast and
 * the ground it can reach, the pool has none lent (its fields are read
 * here only to check that contract).
 */
static void
test_walks_give_back_every_cells_buffer(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = game_create(rs, map_create(40, 40));
	struct move_preview p;
	struct point *cells = NULL;
	int a, e, n;

	(void)state;
	game_add_side(g, "French");
	game_add_side(g, "Allied");
	game_add_general(g, "fr", "General", 0, -1);
	game_add_general(g, "al", "General", 1, -1);
	g->opt.courier_delay = false;
	a = line_named(g, "a", 0, (struct point){ 10, 24 }, DIR_N);
	e = line_named(g, "e", 1, (struct point){ 10, 16 }, DIR_S);
	order_move(g, a, 10, 2);
	assert_int_equal(move_preview(g, &g->units[a].order, &p), 0);
	move_preview_free(&p);
	assert_int_equal(g->cells->used, 0);
	assert_int_equal(move_forecast(g, &g->units[a].order, 4, &cells,
	    &n), -1);	/* stopped by e */
	free(cells);
	cells = NULL;
	assert_int_equal(g->cells->used, 0);
	n = move_reach(g, a, &cells);
	assert_true(n > 0);
	free(cells);
	assert_int_equal(g->cells->used, 0);
	move_unit(g, NULL, a, -1, NULL, NULL);
	assert_int_equal(g->units[a].halt, HALT_CONTACT);
	assert_int_equal(g->units[a].contact, e);
	assert_int_equal(g->cells->used, 0);
	game_free(g);
	ruleset_free(rs);
}

/*
 * A way round kept from an earlier turn is planned again when a step of
 * it is refused (move-walk.c, walk_round: the ground about the unit may
 * have changed since).  A Column sent N from [10, 20] to [10, 2] meets a
 * lake (rows 12 and 13, columns 4 to 16) and after two turns keeps a way
 * round it, E by [11, 15] and [12, 15].  Water laid on [12, 15], its third
 * turn plans anew and marches on, to [12, 16], instead of halting at the
 * water's edge on [11, 15].
 */
static void
test_kept_way_round_planned_again_when_refused(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "column");
	struct unit *u = &g->units[0];
	int x, y;

	(void)state;
	for (y = 12; y <= 13; y++)
		for (x = 4; x <= 16; x++)
			map_cell(g->map, x, y)->land = ruleset_land(rs, "water");
	order_move(g, 0, 10, 2);
	move_unit(g, NULL, 0, -1, NULL, NULL);
	move_unit(g, NULL, 0, -1, NULL, NULL);
	assert_int_equal(u->pos.x, 10);
	assert_int_equal(u->pos.y, 14);
	assert_true(u->nroute > 2);
	assert_int_equal(u->route[0].x, 11);
	assert_int_equal(u->route[0].y, 15);
	assert_int_equal(u->route[1].x, 12);
	assert_int_equal(u->route[1].y, 15);
	map_cell(g->map, 12, 15)->land = ruleset_land(rs, "water");
	move_unit(g, NULL, 0, -1, NULL, NULL);	/* turning to SE */
	move_unit(g, NULL, 0, -1, NULL, NULL);
	assert_int_equal(u->pos.x, 12);
	assert_int_equal(u->pos.y, 16);
	assert_int_equal(u->halt, HALT_SPEED);
	assert_int_equal(u->order.kind, ORDER_MOVE);
	game_free(g);
	ruleset_free(rs);
}

/*
 * Ticks still owed for a crossing belong to the order that began it: a
 * Line owing 8 ticks given a new Move order marches its whole 3 BD, 6
 * cells, from [10, 20] to [10, 14], owing nothing (and, meeting no enemy,
 * in contact with none: -1).  Its preview says the same beforehand: 12
 * ticks spent, to [10, 14].
 */
static void
test_new_order_owes_nothing(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	struct move_preview p;

	(void)state;
	g->units[0].owed = 8;
	order_move(g, 0, 10, 2);
	assert_int_equal(move_preview(g, &g->units[0].order, &p), 0);
	assert_int_equal(p.spent, 12);
	assert_int_equal(p.pos.x, 10);
	assert_int_equal(p.pos.y, 14);
	move_preview_free(&p);
	assert_int_equal(move_unit(g, NULL, 0, -1, NULL, NULL), 12);
	assert_int_equal(g->units[0].pos.x, 10);
	assert_int_equal(g->units[0].pos.y, 14);
	assert_int_equal(g->units[0].owed, 0);
	assert_int_equal(g->units[0].contact, -1);	/* none met */
	game_free(g);
	ruleset_free(rs);
}

/* Open ground: the route is the straight line, as far as asked. */
static void
test_path_straight_line(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	struct move_walk w;
	struct point *r = NULL, goal = { 10, 2 };
	bool complete;
	int n, i;

	(void)state;
	move_walk_init(g, 0, &w);
	n = path_plan(g, &w, goal, PATH_BUDGET, 16, &r, &complete);
	assert_int_equal(n, 8);		/* 16 ticks of 2 */
	assert_false(complete);
	for (i = 0; i < n; i++) {
		assert_int_equal(r[i].x, 10);
		assert_int_equal(r[i].y, 19 - i);
	}
	free(r);
	move_walk_free(&w);
	game_free(g);
	ruleset_free(rs);
}

/* A lake across the line with a way round: the route goes round it and
 * never enters the lake. */
static void
test_path_round_a_lake(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "manoeuvre_column");
	struct move_walk w;
	struct point *r = NULL, goal = { 10, 8 };
	int water = ruleset_land(rs, "water"), n, i, x, y;
	bool complete;

	(void)state;
	for (y = 12; y <= 14; y++)
		for (x = 6; x <= 14; x++)
			map_cell(g->map, x, y)->land = (uint8_t)water;
	move_walk_init(g, 0, &w);
	n = path_plan(g, &w, goal, PATH_BUDGET, 64, &r, &complete);
	/* The search plans 8 BD ahead: the route goes round the lake's
	 * end and gets nearer the goal, never through the water. */
	assert_true(n > 0);
	for (i = 0; i < n; i++)
		assert_int_not_equal(map_cell(g->map, r[i].x, r[i].y)->land,
		    water);
	assert_true(geom_dist(r[n - 1], goal) <
	    geom_dist(g->units[0].pos, goal));
	assert_true(r[n - 1].x < 6 || r[n - 1].x > 14 || r[n - 1].y < 12);
	(void)complete;
	free(r);
	move_walk_free(&w);
	game_free(g);
	ruleset_free(rs);
}

/* A fixed stream of numbers below n for the tests' random layouts. */
static int
draw(uint64_t *seed, int n)
{
	*seed = *seed * 6364136223846793005ULL + 1442695040888963407ULL;
	return (int)((*seed >> 33) % (uint64_t)n);
}

/*
 * A unit that waits for a friend keeps the way round its walk searched
 * (ctx_keep_round) when the ruleset's prices for a search read no other
 * unit (plan_no_units, the Napoleonic ruleset's): its next walk in the
 * phase starts with it (ctx_take_round), and walk_round asked from the
 * same place gives the route a search made afresh gives.  A ruleset that
 * does not say so keeps nothing: the walk keeps its own.  The Column
 * stands at (10, 16) facing N, ordered to (10, 8), a lake across x 6 to
 * 14 on rows 12 to 14.
 */
static void
test_3_6_7_waiting_unit_keeps_its_way_round(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "manoeuvre_column");
	struct move_ctx *ctx;
	struct move_walk w, w2, fresh;
	int water = ruleset_land(rs, "water"), x, y, i;

	(void)state;
	assert_true(rs->plan_no_units);
	for (y = 12; y <= 14; y++)
		for (x = 6; x <= 14; x++)
			map_cell(g->map, x, y)->land = (uint8_t)water;
	game_occupy(g, 0, false);
	g->units[0].pos = (struct point){ 10, 16 };
	game_occupy(g, 0, true);
	order_move(g, 0, 10, 8);
	ctx = move_ctx_create(g);
	move_walk_init(g, 0, &w);
	assert_true(walk_round(g, &w));
	assert_true(w.round_known);
	assert_true(w.round.n > 0);
	ctx_keep_round(g, ctx, 0, &w);
	assert_false(w.round_known);
	assert_null(w.round.route);
	assert_non_null(ctx->kept[0]);
	move_walk_init(g, 0, &w2);
	ctx_take_round(ctx, 0, &w2);
	assert_null(ctx->kept[0]);
	assert_true(w2.round_known);
	move_walk_init(g, 0, &fresh);
	assert_true(walk_round(g, &fresh));
	assert_true(walk_round(g, &w2));
	assert_int_equal(w2.nroute, fresh.nroute);
	for (i = 0; i < fresh.nroute; i++) {
		assert_int_equal(w2.route[i].x, fresh.route[i].x);
		assert_int_equal(w2.route[i].y, fresh.route[i].y);
		assert_int_equal(w2.route_face[i], fresh.route_face[i]);
	}
	/* Not said by the ruleset: nothing kept. */
	rs->plan_no_units = false;
	ctx_keep_round(g, ctx, 0, &fresh);
	assert_null(ctx->kept[0]);
	assert_true(fresh.round_known);
	rs->plan_no_units = true;
	/* One kept and never taken is freed with the context. */
	ctx_keep_round(g, ctx, 0, &fresh);
	assert_non_null(ctx->kept[0]);
	move_ctx_free(ctx);
	move_walk_free(&w);
	move_walk_free(&w2);
	move_walk_free(&fresh);
	game_free(g);
	ruleset_free(rs);
}

/*
 * The look ahead reads its line for standing friends only when the
 * per-phase index files one near enough (ctx_standing_near): on random
 * layouts of friends standing and under Move orders (a fixed stream),
 * whenever the walker's block, its anchor anywhere in the box of where
 * it stands and the end asked, in any facing, would meet a standing
 * friend (path_standing_friend), the index says one is near.  It says
 * none with no friend standing near, and always yes with no index.
 */
static void
test_3_6_7_index_finds_every_standing_friend_the_line_meets(void **state)
{
	static const char *const forms[] = {
		"line", "column", "skirmish", "road_column",
		"manoeuvre_column"
	};
	struct ruleset *rs = rules();
	struct game *g = game_create(rs, map_create(90, 90));
	struct move_ctx *ctx;
	struct move_walk w;
	struct point end, q;
	uint64_t sd = 12345;
	int i, u, t, k, d, met, near, checks = 0, saw = 0, said_no = 0;

	(void)state;
	game_add_side(g, "French");
	game_add_side(g, "Allied");
	game_add_general(g, "fr", "General", 0, -1);
	game_add_general(g, "al", "General", 1, -1);
	for (i = 0; i < 60; i++) {
		u = game_add_unit(g, "u", "U", draw(&sd, 2), -1);
		g->units[u].arm = (enum arm)draw(&sd, 2);
		unit_attr_set(&g->units[u], ruleset_attr(rs, "drill"), 4);
		g->units[u].strength = g->units[u].strength0 = 500;
		g->units[u].cond = COND_FORMED;
		g->units[u].formation = ruleset_form(rs, forms[draw(&sd, 5)]);
		g->units[u].facing = (enum dir)draw(&sd, DIR_COUNT);
		g->units[u].pos.x = draw(&sd, 94) - 2;
		g->units[u].pos.y = draw(&sd, 94) - 2;
		if (draw(&sd, 3) != 0) {
			g->units[u].order.kind = ORDER_MOVE;
			g->units[u].order.npts = 1;
			g->units[u].order.pts[0] = (struct point){ 45, 45 };
			g->units[u].halt = draw(&sd, 4) == 0 ?
			    HALT_ARRIVED : HALT_NONE;
		}
		if (game_fits(g, u, g->units[u].pos, g->units[u].facing,
		    g->units[u].formation, -1, NULL) == 0)
			game_occupy(g, u, true);
		else
			g->units[u].cond = COND_DISPERSED;	/* gone */
	}
	ctx = move_ctx_create(g);
	for (u = 0; u < g->nunits; u++) {
		if (unit_gone(&g->units[u]))
			continue;
		for (t = 0; t < 6; t++) {
			move_walk_init(g, u, &w);
			end.x = w.pos.x + draw(&sd, 33) - 16;
			end.y = w.pos.y + draw(&sd, 33) - 16;
			near = ctx_standing_near(g, ctx, &w, end);
			met = -1;
			for (q.x = w.pos.x < end.x ? w.pos.x : end.x;
			    met < 0 && q.x <= (w.pos.x > end.x ? w.pos.x :
			    end.x); q.x++)
				for (q.y = w.pos.y < end.y ? w.pos.y : end.y;
				    met < 0 && q.y <= (w.pos.y > end.y ?
				    w.pos.y : end.y); q.y++)
					for (d = 0; met < 0 && d < DIR_COUNT;
					    d++) {
						k = path_standing_friend(g, &w,
						    q, (enum dir)d);
						if (k >= 0)
							met = k;
					}
			checks++;
			if (met >= 0) {
				saw++;
				if (!near)
					fail_msg("unit %d at [%d, %d] to "
					    "[%d, %d] meets standing %d, "
					    "the index says none", u, w.pos.x,
					    w.pos.y, end.x, end.y, met);
			}
			said_no += !near;
			assert_true(ctx_standing_near(g, NULL, &w, end));
			move_walk_free(&w);
		}
	}
	/* The layouts hold both answers. */
	assert_true(saw > 10);
	assert_true(said_no > 10);
	assert_true(checks > saw);
	move_ctx_free(ctx);
	game_free(g);
	ruleset_free(rs);
}

/*
 * The look ahead passes over a line whose box holds no obstacle's edge
 * (map_edges_in): on a map with edges set here and there (a fixed
 * stream), some of them set and taken off again, whenever a cell of a
 * box, on the map, stores an obstacle on either side, the map says the
 * box may hold one; it says none for boxes clear of them (the map holds
 * both), the map's edge and boxes hanging over it included.
 */
static void
test_3_6_5_map_finds_every_edge_in_a_box(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = game_create(rs, map_create(70, 50));
	struct point a, b;
	uint64_t sd = 777;
	enum dir d;
	int i, x, y, x0, x1, y0, y1, some, near, clear = 0, edged = 0;

	(void)state;
	for (i = 0; i < 40; i++) {
		static const enum dir dirs[4] = { DIR_E, DIR_S, DIR_W, DIR_N };

		x = draw(&sd, 70);
		y = draw(&sd, 50);
		d = dirs[draw(&sd, 4)];
		map_edge_set(g->map, x, y, d, 1, PASS_NONE);
		if (i % 5 == 0)		/* taken off again */
			map_edge_set(g->map, x, y, d, 0, PASS_NONE);
	}
	for (i = 0; i < 4000; i++) {
		a.x = draw(&sd, 80) - 5;
		a.y = draw(&sd, 60) - 5;
		b.x = a.x + draw(&sd, 19) - 9;
		b.y = a.y + draw(&sd, 19) - 9;
		near = map_edges_in(g->map, a, b);
		x0 = a.x < b.x ? a.x : b.x;
		x1 = a.x > b.x ? a.x : b.x;
		y0 = a.y < b.y ? a.y : b.y;
		y1 = a.y > b.y ? a.y : b.y;
		for (some = 0, y = y0; y <= y1 && !some; y++)
			for (x = x0; x <= x1 && !some; x++)
				some = map_inside(g->map, x, y) &&
				    (map_cell(g->map, x, y)->edge[EDGE_EAST] ||
				    map_cell(g->map, x, y)->edge[EDGE_SOUTH]);
		if (some && !near)
			fail_msg("box [%d, %d]-[%d, %d] holds an edge, the "
			    "map says none", a.x, a.y, b.x, b.y);
		clear += !near;
		edged += some;
	}
	assert_true(clear > 100);
	assert_true(edged > 100);
	game_free(g);
	ruleset_free(rs);
}

/*
 * The look-ahead's reading of standing friends (path_standing_friend_next,
 * which reads only the block's new front rank while the block one step
 * behind held no friend) answers as path_standing_friend reading the
 * whole block, at every step of straight lines in the eight directions
 * and of lines with a bend (path_next), through a crowd of standing
 * friends, friends under Move orders and enemies, for blocks of several
 * formations, on and off the map's edge.
 */
static void
test_3_6_7_standing_friend_read_by_front_rank_as_whole_block(void **state)
{
	static const char *const forms[] = {
		"line", "column", "skirmish", "road_column"
	};
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	struct move_walk w;
	struct point p, q, goal;
	enum dir d, face, seen;
	unsigned seed = 12345;
	int u, k, f, sx, sy, gx, gy, whole, next, met = 0, clear = 0;
	bool clean;
	char id[16];

	(void)state;
	/* A crowd: each unit at a place, facing and formation drawn from
	 * a fixed sequence; a third on the other side, a fifth under a
	 * Move order. */
	for (k = 0; k < 60; k++) {
		snprintf(id, sizeof id, "c%d", k);
		u = game_add_unit(g, id, id, k % 3 == 0 ? 1 : 0, k % 3 == 0 ?
		    1 : 0);
		g->units[u].arm = ARM_INFANTRY;
		g->units[u].strength = g->units[u].strength0 = 400;
		seed = seed * 1103515245u + 12345u;
		g->units[u].pos.x = (int)((seed >> 8) % 30);
		seed = seed * 1103515245u + 12345u;
		g->units[u].pos.y = (int)((seed >> 8) % 30);
		seed = seed * 1103515245u + 12345u;
		g->units[u].facing = (enum dir)((seed >> 8) % DIR_COUNT);
		g->units[u].formation = ruleset_form(rs, forms[k % 3]);
		if (k % 5 == 1)
			g->units[u].order.kind = ORDER_MOVE;
		game_occupy(g, u, true);
	}
	move_walk_init(g, 0, &w);
	for (f = 0; f < 4; f++) {
		w.form = ruleset_form(rs, forms[f]);
		assert_true(w.form >= 0);
		for (sy = 0; sy < 30; sy += 7)
			for (sx = 0; sx < 30; sx += 7)
				for (d = 0; d < DIR_COUNT; d++) {
					/* Straight on, then with a bend. */
					gx = sx + 14 * dir_dx[d] + (d % 3) - 1;
					gy = sy + 14 * dir_dy[d] + (d % 2);
					goal.x = gx;
					goal.y = gy;
					p.x = sx;
					p.y = sy;
					face = d;
					seen = DIR_COUNT;
					clean = false;
					for (k = 0; k < 16 && (p.x != goal.x ||
					    p.y != goal.y); k++) {
						q = path_next(p, face, goal);
						face = (enum dir)dir_between(p,
						    q);
						if (face != seen)
							clean = false;
						seen = face;
						whole = path_standing_friend(g,
						    &w, q, face);
						next = path_standing_friend_next(
						    g, &w, q, face, &clean);
						if (whole != next)
							fail_msg("%s from [%d, %d] "
							    "to [%d, %d] at [%d, "
							    "%d] facing %s: %d, "
							    "front rank %d",
							    forms[f], sx, sy,
							    gx, gy, q.x, q.y,
							    dir_name(face),
							    whole, next);
						met += whole >= 0;
						clear += whole < 0;
						p = q;
					}
				}
	}
	/* Both answers were met many times. */
	assert_true(met > 100);
	assert_true(clear > 100);
	move_walk_free(&w);
	game_free(g);
	ruleset_free(rs);
}

/*
 * M24 (3.6.6): an infantry Road Column is 4 BD long whatever its facing.
 * Facing N it is 8 cells of 1/2 BD; facing NE a cell counts 3/4 BD, so it
 * is 5 cells (3.75 BD, the nearest to 4 BD; 8 cells would be 6 BD).  A
 * Line 6 x 2 facing NE is 4 cells wide (3 BD, as 6 x 1/2 BD) and 1 deep.
 */
static void
test_M24_3_6_6_column_length_same_on_diagonal(void **state)
{
	static const struct point ne[5] = {
		{ 10, 20 }, { 9, 21 }, { 8, 22 }, { 7, 23 }, { 6, 24 }
	};
	static const struct point line_ne[4] = {
		{ 9, 19 }, { 10, 20 }, { 11, 21 }, { 12, 22 }
	};
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "road_column");
	struct point *cells = game_cells_take(g);
	int n, i;

	(void)state;
	n = game_footprint(g, &g->units[0], cells);
	assert_int_equal(n, 8);			/* facing N: 8 x 1/2 BD */
	assert_int_equal(cells[7].x, 10);
	assert_int_equal(cells[7].y, 27);
	game_occupy(g, 0, false);
	g->units[0].facing = DIR_NE;
	game_occupy(g, 0, true);
	n = game_footprint(g, &g->units[0], cells);
	assert_int_equal(n, 5);
	for (i = 0; i < n; i++) {
		assert_int_equal(cells[i].x, ne[i].x);
		assert_int_equal(cells[i].y, ne[i].y);
	}
	/* Its length in ticks: 5 diagonal cells of 3, against 8 x 2. */
	assert_int_equal(n * STEP_DIAG, 15);
	assert_int_equal(game_unit_at(g, 6, 24), 0);
	assert_int_equal(game_unit_at(g, 5, 25), -1);	/* not 6 BD long */
	n = game_footprint_at(g, &g->units[0], g->units[0].pos, DIR_NE,
	    ruleset_form(rs, "line"), cells);
	assert_int_equal(n, 4);
	for (i = 0; i < n; i++) {
		assert_int_equal(cells[i].x, line_ne[i].x);
		assert_int_equal(cells[i].y, line_ne[i].y);
	}
	game_cells_give(g, cells);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.6: a road trail holds only while the column stands as it left it.
 * Formed into Line and back into Road Column where it stands, the column
 * is its straight block: the old bend does not come back.
 */
static void
test_3_6_6_trail_forgotten_after_formation_change(void **state)
{
	static const struct point bend[4] = {
		{ 10, 20 }, { 9, 20 }, { 8, 20 }, { 8, 21 }
	};
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "road_column");
	struct unit *u = &g->units[0];

	(void)state;
	game_occupy(g, 0, false);
	u->facing = DIR_E;
	u->trail = malloc(sizeof bend);
	memcpy(u->trail, bend, sizeof bend);
	u->ntrail = 4;
	u->trail_facing = DIR_E;
	u->trail_form = u->formation;
	game_occupy(g, 0, true);
	assert_int_equal(game_unit_at(g, 8, 21), 0);
	assert_int_equal(game_unit_at(g, 7, 20), -1);
	game_occupy(g, 0, false);
	u->formation = ruleset_form(rs, "line");
	game_occupy(g, 0, true);
	assert_null(u->trail);
	game_occupy(g, 0, false);
	u->formation = ruleset_form(rs, "road_column");
	game_occupy(g, 0, true);
	assert_false(unit_on_trail(u));
	assert_int_equal(game_unit_at(g, 8, 21), -1);
	assert_int_equal(game_unit_at(g, 3, 20), 0);	/* [10..3, 20] */
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.6: a Road Column standing on its road trail, its body bent round
 * the corner at [8, 20] and running S to [8, 25], follows its road 2
 * cells E: its body then runs back along the trail it held, [12, 20] to
 * [8, 20] and S to [8, 23], not as a straight block.
 */
static void
test_3_6_6_trail_kept_into_the_next_march(void **state)
{
	static const struct point bend[8] = {
		{ 10, 20 }, { 9, 20 }, { 8, 20 }, { 8, 21 }, { 8, 22 },
		{ 8, 23 }, { 8, 24 }, { 8, 25 }
	};
	static const struct point after[8] = {
		{ 12, 20 }, { 11, 20 }, { 10, 20 }, { 9, 20 }, { 8, 20 },
		{ 8, 21 }, { 8, 22 }, { 8, 23 }
	};
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "road_column");
	struct unit *u = &g->units[0];
	struct point *cells;
	int i, n;

	(void)state;
	for (i = 8; i < 25; i++)
		map_cell(g->map, i, 20)->road = ROAD_BIG;
	for (i = 20; i < 29; i++)
		map_cell(g->map, 8, i)->road = ROAD_BIG;
	game_occupy(g, 0, false);
	u->facing = DIR_E;
	u->trail = malloc(sizeof bend);
	memcpy(u->trail, bend, sizeof bend);
	u->ntrail = 8;
	u->trail_facing = DIR_E;
	u->trail_form = u->formation;
	game_occupy(g, 0, true);
	order_move(g, 0, 12, 20);
	move_unit(g, NULL, 0, -1, NULL, NULL);
	cells = game_cells_take(g);
	n = game_footprint(g, u, cells);
	assert_int_equal(u->halt, HALT_ARRIVED);
	assert_true(unit_on_trail(u));
	assert_int_equal(n, 8);
	for (i = 0; i < n; i++) {
		assert_int_equal(cells[i].x, after[i].x);
		assert_int_equal(cells[i].y, after[i].y);
		assert_int_equal(game_unit_at(g, after[i].x, after[i].y), 0);
	}
	assert_int_equal(game_unit_at(g, 8, 24), -1);	/* left behind */
	game_cells_give(g, cells);
	game_free(g);
	ruleset_free(rs);
}

/*
 * A big road north from the map's foot to a fork at [10, 20] and on
 * north-east, with unit A (a Road Column facing N) on it at [10, 22].
 */
static void
fork_road(struct game *g)
{
	int i;

	for (i = 20; i < 30; i++)
		map_cell(g->map, 10, i)->road = ROAD_BIG;
	for (i = 1; i <= 8; i++)
		map_cell(g->map, 10 + i, 20 - i)->road = ROAD_BIG;
	game_occupy(g, 0, false);
	g->units[0].pos.y = 22;
	game_occupy(g, 0, true);
}

/*
 * M24 with 3.6.6 (issue 12, decision 4): a Road Column that follows its
 * road onto a diagonal keeps its length in ticks, not in cells.  Drum and
 * road give 4 BD = 16 ticks: 2 steps N to the fork at [10, 20] (4 ticks),
 * 4 diagonal steps NE (12).  Its body is then the 5 diagonal cells behind
 * its head (5 x 3/4 BD = 3.75 BD, the nearest to 4 BD), not 8 cells.
 */
static void
test_M24_3_6_6_road_trail_keeps_length_on_diagonal(void **state)
{
	static const struct point body[5] = {
		{ 14, 16 }, { 13, 17 }, { 12, 18 }, { 11, 19 }, { 10, 20 }
	};
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "road_column");
	struct point *cells = game_cells_take(g);
	struct order o;
	char *cause = NULL;
	int i, n;

	(void)state;
	fork_road(g);
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = 0;
	o.general = -1;
	o.npts = 2;
	o.pts[0] = (struct point){ 10, 20 };
	o.pts[1] = (struct point){ 18, 12 };
	assert_int_equal(game_order(g, &o, &cause), 0);
	free(cause);
	game_turn(g);
	assert_int_equal(g->units[0].moved, 16);
	assert_int_equal(g->units[0].facing, DIR_NE);
	n = game_footprint(g, &g->units[0], cells);
	assert_int_equal(n, 5);
	for (i = 0; i < n; i++) {
		assert_int_equal(cells[i].x, body[i].x);
		assert_int_equal(cells[i].y, body[i].y);
		assert_int_equal(game_unit_at(g, body[i].x, body[i].y), 0);
	}
	assert_int_equal(game_unit_at(g, 10, 21), -1);	/* left behind */
	game_cells_give(g, cells);
	game_free(g);
	ruleset_free(rs);
}

/*
 * M24 with 3.6.6 (issue 12, decision 4): a Road Column on its road sent
 * back the way it came countermarches: its tail becomes its head where
 * it stands, the same cells, and marches from there.  A at [10, 20]
 * facing N covers [10, 20] to [10, 27] (4 BD, 8 cells); sent to
 * [10, 29] it turns about free (a turn on its road) with its head on
 * [10, 27] and marches 2 cells, 1 BD: [10, 29] facing S, body [10, 29]
 * to [10, 22].  Swung about its old head instead, it laid its length out
 * north of [10, 20] and walked back over itself: at the turn's end it
 * stood on [10, 28] facing S, its 4 BD spent on 0.5 BD of ground.
 */
static void
test_M24_3_6_6_road_column_sent_back_countermarches(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "road_column");
	struct point *cells = game_cells_take(g);
	int i, n;

	(void)state;
	for (i = 0; i < 30; i++)
		map_cell(g->map, 10, i)->road = ROAD_BIG;
	order_move(g, 0, 10, 29);
	game_turn(g);
	assert_int_equal(g->units[0].pos.x, 10);
	assert_int_equal(g->units[0].pos.y, 29);
	assert_int_equal(g->units[0].facing, DIR_S);
	assert_int_equal(g->units[0].moved, 4);		/* 1 BD */
	assert_int_equal(g->units[0].halt, HALT_ARRIVED);
	n = game_footprint(g, &g->units[0], cells);
	assert_int_equal(n, 8);
	for (i = 0; i < n; i++) {
		assert_int_equal(cells[i].x, 10);
		assert_int_equal(cells[i].y, 29 - i);
	}
	assert_int_equal(game_unit_at(g, 10, 21), -1);	/* left behind */
	assert_int_equal(count_events(g, 0, "3.6.3", "countermarches on its "
	    "road: its tail, at [10, 27], is now its head, facing S"), 1);
	game_cells_give(g, cells);
	game_free(g);
	ruleset_free(rs);
}

/*
 * The same along a bend: A comes up the road north to the fork at
 * [10, 20] and on north-east to [12, 18]; its body then bends round the
 * fork: [12, 18], [11, 19], [10, 20] to [10, 23].  Sent one cell past
 * its tail, to [10, 24], the countermarch keeps the bend (the same
 * cells, the other way round) and its new head, the old tail, steps
 * south 0.5 BD: it does not swing as a straight block.
 */
static void
test_M24_3_6_6_countermarch_keeps_the_bend(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "road_column");
	struct point *before = game_cells_take(g), *after = game_cells_take(g);
	int i, n, m;

	(void)state;
	fork_road(g);
	order_move(g, 0, 12, 18);
	game_turn(g);
	assert_int_equal(g->units[0].pos.x, 12);
	assert_int_equal(g->units[0].pos.y, 18);
	n = game_footprint(g, &g->units[0], before);
	assert_int_equal(n, 6);	/* [12, 18], [11, 19], [10, 20] to [10, 23] */
	assert_int_equal(before[1].x, 11);		/* the bend: NE ... */
	assert_int_equal(before[n - 1].x, 10);		/* ... then N */
	assert_int_equal(before[n - 1].y, 23);
	/* One cell beyond its tail: it countermarches and steps once. */
	order_move(g, 0, before[n - 1].x, before[n - 1].y + 1);
	game_turn(g);
	assert_int_equal(g->units[0].pos.x, 10);
	assert_int_equal(g->units[0].pos.y, 24);
	assert_int_equal(g->units[0].facing, DIR_S);
	assert_int_equal(g->units[0].moved, 2);		/* 0.5 BD */
	m = game_footprint(g, &g->units[0], after);
	assert_int_equal(m, n + 1);	/* [10, 24], then the old body */
	assert_int_equal(after[0].x, 10);
	assert_int_equal(after[0].y, 24);
	for (i = 0; i < n; i++) {
		assert_int_equal(after[i + 1].x, before[n - 1 - i].x);
		assert_int_equal(after[i + 1].y, before[n - 1 - i].y);
	}
	game_cells_give(g, after);
	game_cells_give(g, before);
	game_free(g);
	ruleset_free(rs);
}

/*
 * A countermarch that ends the walk: A at [10, 20] facing N on a road
 * (body [10, 20] to [10, 27]) is sent back to [10, 29], and a friend's
 * Line stands across the road at [10, 28], just beyond its tail, with no
 * order.  It countermarches (free) and its head, now [10, 27], meets
 * the friend on its first step: it stands there facing S, its head its
 * old tail, the same eight cells, not facing N from a cell its block
 * would run off the map from.
 */
static void
test_M24_3_6_6_countermarch_met_at_once_faces_its_new_way(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "road_column");
	struct point *cells = game_cells_take(g);
	int b, i, n;

	(void)state;
	for (i = 0; i < 30; i++)
		map_cell(g->map, 10, i)->road = ROAD_BIG;
	b = unit_a(g, "line");
	game_occupy(g, b, false);
	g->units[b].pos = (struct point){ 10, 28 };
	g->units[b].facing = DIR_S;
	game_occupy(g, b, true);
	order_move(g, 0, 10, 29);
	game_turn(g);
	assert_int_equal(g->units[0].pos.x, 10);
	assert_int_equal(g->units[0].pos.y, 27);
	assert_int_equal(g->units[0].facing, DIR_S);
	assert_int_equal(g->units[0].moved, 0);
	assert_int_equal(g->units[0].halt, HALT_BLOCKED);
	n = game_footprint(g, &g->units[0], cells);
	assert_int_equal(n, 8);
	for (i = 0; i < n; i++) {
		assert_int_equal(cells[i].x, 10);
		assert_int_equal(cells[i].y, 27 - i);
	}
	assert_int_equal(g->units[b].pos.y, 28);	/* the friend stays */
	game_cells_give(g, cells);
	game_free(g);
	ruleset_free(rs);
}

/*
 * A preview refused (not a Move order, or a point off the map) still
 * leaves its result empty and safe to free, whatever the caller's struct
 * held before: no path, no events.
 */
static void
test_preview_refused_is_empty(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	struct move_preview p;
	struct order o;
	int k;

	(void)state;
	memset(&o, 0, sizeof o);
	o.unit = 0;
	o.general = -1;
	o.npts = 1;
	o.pts[0] = (struct point){ 10, 10 };
	for (k = 0; k < 2; k++) {
		o.kind = k == 0 ? ORDER_NONE : ORDER_MOVE;
		if (k == 1)
			o.pts[0] = (struct point){ 10, 40 };	/* off the map */
		memset(&p, 0x5a, sizeof p);
		assert_int_equal(move_preview(g, &o, &p), -1);
		assert_null(p.path);
		assert_int_equal(p.npath, 0);
		assert_int_equal(p.spent, 0);
		assert_int_equal(p.log.n, 0);
		move_preview_free(&p);
	}
	game_free(g);
	ruleset_free(rs);
}

/* A preview tells what the turn will do and changes nothing. */
static void
test_preview_matches_and_changes_nothing(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	struct move_preview p;
	struct order o;
	int nlog;

	(void)state;
	o = move_to(0, 10, 2);
	nlog = g->log.n;
	assert_int_equal(move_preview(g, &o, &p), 0);
	assert_int_equal(g->log.n, nlog);
	assert_int_equal(g->units[0].pos.y, 20);
	assert_int_equal(p.allowance, 12);	/* Line, Drill 4, drum: 3 BD */
	assert_int_equal(p.pos.x, 10);
	assert_int_equal(p.pos.y, 14);
	assert_int_equal(p.halt, HALT_SPEED);
	assert_int_equal(p.npath, 7);		/* start and six steps */
	assert_true(p.log.n > 0);
	order_move(g, 0, 10, 2);
	game_turn(g);
	assert_int_equal(g->units[0].pos.x, p.pos.x);
	assert_int_equal(g->units[0].pos.y, p.pos.y);
	move_preview_free(&p);
	game_free(g);
	ruleset_free(rs);
}

/* A scenario of tests/scenarios, its expect section left out. */
static struct game *
scenario(const char *name, struct ruleset **rs)
{
	static const char *const ignore[] = { "expect", NULL };
	const char *top = getenv("top_srcdir"), *dd = getenv("MARSHAL_DATA");
	char *dir = xasprintf("%s/tests/scenarios", top != NULL ? top : ".");
	char *path = xasprintf("%s/%s.yaml", dir, name);
	struct doc_node *root;
	struct game *g;
	struct diags d;

	diags_init(&d);
	root = yread_file(path, &d);
	assert_non_null(root);
	g = load_scenario_doc(root, dir, dd != NULL ? dd : "data", ignore, rs,
	    &d);
	if (g == NULL)
		diags_print(&d, stderr);
	assert_non_null(g);
	doc_free(root);
	diags_free(&d);
	free(path);
	free(dir);
	return g;
}

/*
 * 3.6.6, M27: a friendly Line stands just beyond the bridge, so the
 * column that halted before it on turn 1 has no room to pass on turn 2:
 * it does not go through at all and stays at the mouth, [10, 11].  Its
 * preview says so before the turn is played, with the path it draws
 * that one cell.
 */
static void
test_M27_3_6_6_preview_of_no_room_stays_before_the_bridge(void **state)
{
	struct ruleset *rs = NULL;
	struct game *g = scenario("M27-no-room-does-not-pass", &rs);
	struct move_preview p;
	int i;

	(void)state;
	game_turn(g);			/* it halts before the bridge */
	assert_int_equal(g->units[0].pos.y, 11);
	assert_int_equal(move_preview(g, &g->units[0].order, &p), 0);
	assert_int_equal(p.halt, HALT_PASSAGE);
	assert_int_equal(p.pos.x, 10);
	assert_int_equal(p.pos.y, 11);
	assert_int_equal(p.npath, 1);
	assert_int_equal(p.path[0].x, 10);
	assert_int_equal(p.path[0].y, 11);
	for (i = 0; i < p.log.n; i++)
		if (strcmp(p.log.v[i].text, "no room beyond the passage: A "
		    "does not pass and stays before it") == 0)
			break;
	assert_true(i < p.log.n);
	assert_string_equal(p.log.v[i].rule, "3.6.6");
	move_preview_free(&p);
	game_turn(g);
	assert_int_equal(g->units[0].pos.y, 11);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.6, M27 again: the column that has no room beyond the bridge on
 * turn 2 stays before it with the road trail it held after turn 1, its
 * 8 cells the same, cell for cell.
 */
static void
test_M27_3_6_6_no_room_keeps_the_trail_it_held(void **state)
{
	struct ruleset *rs = NULL;
	struct game *g = scenario("M27-no-room-does-not-pass", &rs);
	struct point held[64];
	int i, n;

	(void)state;
	game_turn(g);			/* it halts before the bridge */
	n = g->units[0].ntrail;
	assert_int_equal(n, 8);
	memcpy(held, g->units[0].trail, (size_t)n * sizeof *held);
	game_turn(g);
	assert_int_equal(g->units[0].pos.y, 11);
	assert_int_equal(g->units[0].ntrail, n);
	for (i = 0; i < n; i++) {
		assert_int_equal(g->units[0].trail[i].x, held[i].x);
		assert_int_equal(g->units[0].trail[i].y, held[i].y);
	}
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.6, M27 in a defile: the Road Column that walks into the defile on
 * turn 2, its road trail moving with it, and meets no room beyond (B
 * at the far mouth) goes back to where it stood before the passage,
 * [10, 15], with the road trail it held after turn 1, cell for cell: the
 * 8 cells of column 10 from row 15 to row 22.
 */
static void
test_M27_3_6_6_defile_no_room_keeps_the_trail_it_held(void **state)
{
	struct ruleset *rs = NULL;
	struct game *g = scenario("M27-defile-no-room-does-not-pass", &rs);
	struct point held[64];
	int a, i, n;

	(void)state;
	a = game_find_unit(g, "a");
	game_turn(g);			/* it halts before the defile */
	n = g->units[a].ntrail;
	assert_int_equal(n, 8);
	memcpy(held, g->units[a].trail, (size_t)n * sizeof *held);
	for (i = 0; i < n; i++) {
		assert_int_equal(held[i].x, 10);
		assert_int_equal(held[i].y, 15 + i);
	}
	game_turn(g);
	assert_int_equal(g->units[a].pos.y, 15);
	assert_int_equal(g->units[a].ntrail, n);
	for (i = 0; i < n; i++) {
		assert_int_equal(g->units[a].trail[i].x, held[i].x);
		assert_int_equal(g->units[a].trail[i].y, held[i].y);
	}
	game_free(g);
	ruleset_free(rs);
}

/*
 * A forecast's first turn is this turn's preview, the friends met as the
 * movement phase meets them; from the next turn on it takes units under
 * Move orders of their own as gone from their places (core/move.h),
 * whichever their number: here the friend ahead is unit 0.  B (Line,
 * Drill 4, drum: 3 BD = 6 cells a turn, 3.6.3) stands 6 rows behind A,
 * which has a Move order of its own east; B's way to [10, 14] is 12 cells
 * straight north through A's place.  In turn 1 A, marching first, has
 * not yet cleared B's way: B stops at [10, 24], as the preview says,
 * and arrives in turn 3, every cell of its path on column 10; the game
 * plays it so.  The forecast used to take A as gone from turn 1 and say
 * 2 turns, under a preview that stopped short (found at the Côa: "This
 * turn: to [27, 18], Stops: speed" above "Arrives after 1 turn").
 */
static void
test_forecast_through_a_friend_under_orders(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	struct point *cells = NULL;
	struct move_preview pv;
	struct order o;
	char *cause = NULL;
	int b, n = 0, i;

	(void)state;
	b = game_add_unit(g, "b", "B", 0, 0);
	g->units[b].arm = ARM_INFANTRY;
	unit_attr_set(&g->units[b], ruleset_attr(g->rs, "drill"), 4);
	unit_attr_set(&g->units[b], ruleset_attr(g->rs, "musician"), true);
	g->units[b].strength = g->units[b].strength0 = 600;
	g->units[b].formation = ruleset_form(rs, "line");
	g->units[b].pos = (struct point){ 10, 26 };
	g->units[b].facing = DIR_N;
	game_occupy(g, b, true);
	order_move(g, 0, 25, 20);		/* A marches off east */
	o = move_to(b, 10, 14);
	assert_int_equal(move_preview(g, &o, &pv), 0);
	assert_int_equal(pv.pos.x, 10);
	assert_int_equal(pv.pos.y, 24);
	move_preview_free(&pv);
	assert_int_equal(move_forecast(g, &o, 5, &cells, &n), 3);
	assert_int_equal(n, 13);		/* start and 12 steps */
	for (i = 0; i < n; i++) {
		assert_int_equal(cells[i].x, 10);
		assert_int_equal(cells[i].y, 26 - i);
	}
	free(cells);
	assert_int_equal(game_order(g, &o, &cause), 0);
	g->opt.turn_limit = 0;
	game_turn(g);
	assert_int_equal(g->units[b].pos.y, 24);
	game_turn(g);
	assert_int_equal(g->units[b].order.kind, ORDER_MOVE);
	game_turn(g);
	assert_int_equal(g->units[b].pos.x, 10);
	assert_int_equal(g->units[b].pos.y, 14);
	assert_int_equal(g->units[b].halt, HALT_ARRIVED);
	free(cause);
	game_free(g);
	ruleset_free(rs);
}

/*
 * move_forecast's max is the last turn it plays: one_unit's Line (Drill
 * 4 and its drum, 3 BD: 6 cells a turn) ordered 12 cells north arrives
 * on turn 2.  Asked for 2 turns the forecast says 2, with the start and
 * 12 cells; asked for 1 it does not arrive (-1) and has the start and
 * the 6 cells of turn 1 only.
 */
static void
test_move_forecast_plays_up_to_max_turns(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	struct point *cells = NULL;
	int n = 0, i;

	(void)state;
	order_move(g, 0, 10, 8);
	assert_int_equal(move_forecast(g, &g->units[0].order, 2, &cells, &n),
	    2);
	assert_int_equal(n, 13);
	for (i = 0; i < n; i++) {
		assert_int_equal(cells[i].x, 10);
		assert_int_equal(cells[i].y, 20 - i);
	}
	free(cells);
	assert_int_equal(move_forecast(g, &g->units[0].order, 1, &cells, &n),
	    -1);
	assert_int_equal(n, 7);
	assert_int_equal(cells[6].y, 14);
	free(cells);
	/* Nothing of the game moved. */
	assert_int_equal(g->units[0].pos.y, 20);
	game_free(g);
	ruleset_free(rs);
}

/* A unit id, named name, beside one_unit's a: infantry of side 0, Drill
 * 4, no drum, in formation form at (x, y) facing N, under no order. */
static int
friend_named(struct game *g, const char *id, const char *name,
    const char *form, int x, int y)
{
	int b = game_add_unit(g, id, name, 0, 0);

	g->units[b].arm = ARM_INFANTRY;
	unit_attr_set(&g->units[b], ruleset_attr(g->rs, "drill"), 4);
	unit_attr_set(&g->units[b], ruleset_attr(g->rs, "musician"), false);
	g->units[b].strength = g->units[b].strength0 = 600;
	g->units[b].formation = ruleset_form(g->rs, form);
	g->units[b].pos = (struct point){ x, y };
	g->units[b].facing = DIR_N;
	game_occupy(g, b, true);
	return b;
}

/* Unit b, named B, as friend_named. */
static int
friend_at(struct game *g, const char *form, int x, int y)
{
	return friend_named(g, "b", "B", form, x, y);
}

/* The 2 BD Column of M29-column-goes-round-standing-line: a with Drill 3
 * and its drum at (10, 20) facing N, ordered to (10, 0), with the Line b
 * at (10, 10) under no order on its way. */
static struct game *
column_behind_line(const struct ruleset *rs)
{
	struct game *g = one_unit(rs, "column");

	unit_attr_set(&g->units[0], ruleset_attr(g->rs, "drill"), 3);
	(void)friend_at(g, "line", 10, 10);
	order_move(g, 0, 10, 0);
	return g;
}

/* The note of a way round a standing friend (3.6.7): "B stands in the way
 * and may not be passed this turn: A marches round it, by [x, y], [x, y]
 * and [x, y]; its Move order keeps the way round (marshal's reading)",
 * with the first k points of o, is in the log, whole, under unit u.  When
 * passed is not NULL the way round leads past that waypoint, which it
 * cannot reach, to o's point k: ", then to [x, y], passing by [x, y],
 * which it cannot reach" (", straight to [" when k is 0) comes before
 * "; its Move order".  The note is unit u's. */
static void
way_round_said(const struct game *g, int u, const struct order *o, int k,
    const struct point *passed)
{
	char want[512];
	size_t n;
	int i;

	n = (size_t)snprintf(want, sizeof want, "B stands in the way and may "
	    "not be passed this turn: A marches round it");
	for (i = 0; i < k; i++)
		n += (size_t)snprintf(want + n, sizeof want - n, "%s%d, %d]",
		    i == 0 ? ", by [" : i == k - 1 ? " and [" : ", [",
		    o->pts[i].x, o->pts[i].y);
	if (passed != NULL)
		n += (size_t)snprintf(want + n, sizeof want - n, "%s%d, %d], "
		    "passing by [%d, %d], which it cannot reach", k == 0 ?
		    ", straight to [" : ", then to [", o->pts[k].x,
		    o->pts[k].y, passed->x, passed->y);
	snprintf(want + n, sizeof want - n, "; its Move order keeps the way "
	    "round (marshal's reading)");
	for (i = 0; i < g->log.n; i++)
		if (g->log.v[i].unit == u &&
		    strcmp(g->log.v[i].text, want) == 0)
			return;
	for (i = 0; i < g->log.n; i++)
		if (g->log.v[i].unit == u)
			fprintf(stderr, "  log: %s %s\n", g->log.v[i].rule,
			    g->log.v[i].text);
	fail_msg("no note \"%s\"", want);
}

/*
 * 3.6.7, marshal's reading: the way round a standing friend is decided
 * once and kept.  Turn by turn the Column's anchor goes on round the Line
 * and never comes back to a cell it has left; the points of the way round
 * go into its Move order on turn 1 and stay there, unchanged, every turn
 * after (no deciding again, no back and forth), and it arrives at (10, 0)
 * on turn 9.
 */
static void
test_3_6_7_way_round_kept_across_turns(void **state)
{
	static const struct point want[] = {
		{ 10, 16 }, { 9, 15 }, { 7, 13 }, { 6, 12 }, { 6, 8 },
		{ 6, 4 }, { 7, 3 }, { 9, 1 }, { 10, 0 }
	};
	const size_t nwant = sizeof want / sizeof want[0];
	struct ruleset *rs = rules();
	struct game *g = column_behind_line(rs);
	const struct unit *a = &g->units[0];
	struct order kept;
	size_t t, k;

	(void)state;
	for (t = 0; t < nwant; t++) {
		game_turn(g);
		assert_int_equal(a->pos.x, want[t].x);
		assert_int_equal(a->pos.y, want[t].y);
		/* Never back on a cell it left. */
		for (k = 0; k < t; k++)
			assert_false(want[k].x == a->pos.x &&
			    want[k].y == a->pos.y);
		if (t == 0) {
			/* The way round is in the order: points before
			 * (10, 0), which stays its last. */
			kept = a->order;
			assert_int_equal(kept.kind, ORDER_MOVE);
			assert_true(kept.npts > 1);
			assert_int_equal(kept.pts[kept.npts - 1].x, 10);
			assert_int_equal(kept.pts[kept.npts - 1].y, 0);
			assert_true(kept.pts[0].x < 10);  /* its west flank */
			/* The log says so, naming the friend, the unit
			 * and every point put in the order. */
			assert_true(kept.npts >= 3);
			way_round_said(g, 0, &kept, kept.npts - 1, NULL);
		} else {
			/* Kept as it was decided: the same points. */
			assert_int_equal(a->order.npts, kept.npts);
			assert_memory_equal(a->order.pts, kept.pts,
			    (size_t)kept.npts * sizeof kept.pts[0]);
		}
		if (t + 1 < nwant)
			assert_int_equal(a->order.kind, ORDER_MOVE);
	}
	assert_int_equal(a->halt, HALT_ARRIVED);
	assert_int_equal(a->order.kind, ORDER_NONE);
	assert_int_equal(a->cond, COND_FORMED);
	assert_int_equal(g->units[1].pos.x, 10);	/* the Line stood */
	assert_int_equal(g->units[1].pos.y, 10);
	assert_int_equal(g->units[1].cond, COND_FORMED);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.7, marshal's reading: a way round a standing friend is decided
 * before the turn towards it is paid.  The 2 BD Column a (Drill 3, drum)
 * at (10, 20) faces NE and is sent to (10, 0).  A standing Column b at
 * (9, 16) covers rows 16 to 19 on its west; a's first step north, made
 * facing N, would meet b's corner, and after the 45 degree turn (1 BD)
 * the 1 BD left could not take it through b and out.  (With a whole
 * turn's speed it could, so the look along the line before the walk
 * leaves it to the step.)  It decides its way round, by (12, 3) and
 * (10, 1), while it still faces NE, and marches it at once: 1.5 BD to
 * (12, 18), still facing NE, never facing N on turn 1.  Before, it
 * turned N, met b, turned back NE for the way round: 0 BD, every BD
 * spent on turning.  It arrives at (10, 0) on turn 8, b unmoved.
 */
static void
test_3_6_7_way_round_before_the_turn(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "column");
	const struct unit *a = &g->units[0];
	int i, t;

	(void)state;
	unit_attr_set(&g->units[0], ruleset_attr(g->rs, "drill"), 3);
	g->units[0].facing = DIR_NE;
	(void)friend_at(g, "column", 9, 16);
	order_move(g, 0, 10, 0);
	game_turn(g);
	assert_int_equal(a->pos.x, 12);
	assert_int_equal(a->pos.y, 18);
	assert_int_equal(a->facing, DIR_NE);
	assert_int_equal(a->formation, ruleset_form(rs, "column"));
	assert_int_equal(a->cond, COND_FORMED);
	/* The way round is in the order, before (10, 0). */
	assert_int_equal(a->order.kind, ORDER_MOVE);
	assert_int_equal(a->order.npts, 3);
	assert_int_equal(a->order.pts[0].x, 12);
	assert_int_equal(a->order.pts[0].y, 3);
	assert_int_equal(a->order.pts[1].x, 10);
	assert_int_equal(a->order.pts[1].y, 1);
	assert_int_equal(a->order.pts[2].x, 10);
	assert_int_equal(a->order.pts[2].y, 0);
	/* No turn to face N this turn: the only turn notes are none. */
	for (i = 0; i < g->log.n; i++)
		if (g->log.v[i].unit == 0)
			assert_null(strstr(g->log.v[i].text, "turns its front"));
	way_round_said(g, 0, &a->order, 2, NULL);
	for (t = 2; t <= 20 && a->order.kind == ORDER_MOVE; t++)
		game_turn(g);
	assert_int_equal(t - 1, 8);
	assert_int_equal(a->pos.x, 10);
	assert_int_equal(a->pos.y, 0);
	assert_int_equal(a->halt, HALT_ARRIVED);
	assert_int_equal(g->units[1].pos.x, 9);
	assert_int_equal(g->units[1].pos.y, 16);
	assert_int_equal(g->units[1].cond, COND_FORMED);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.7 and 3.6.8: a friend under a Move order but held in battle
 * contact (it moves on only with a new order) stands, as friends meet
 * it: they go round it, never wait for it to march.  The 2 BD Column a
 * (Drill 3, drum) at (10, 20) facing N is sent to (10, 0); the Line b
 * (2 rows deep, a blocking front: the pass would throw both into
 * disorder) stands on rows 12 and 13, under a Move order to (10, 0) it
 * received on turn 1, halted in contact on turn 1; it is turn 2.  Before,
 * a waited for b to march, b held, and in the last round a met it as a
 * moving friend it had not the speed to pass: it stopped behind it at
 * (10, 16), turn after turn.  Now it decides its way round at once, by
 * (6, 14) and (6, 4), is at (10, 18) facing NW after turn 2, and arrives
 * at (10, 0) on turn 10, b still where it stood.
 */
static void
test_3_6_8_friend_held_in_contact_is_gone_round(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "column");
	const struct unit *a = &g->units[0];
	struct unit *b;
	int t, e;

	(void)state;
	unit_attr_set(&g->units[0], ruleset_attr(g->rs, "drill"), 3);
	b = &g->units[friend_at(g, "line", 10, 12)];
	order_move(g, 1, 10, 0);
	g->turn = 2;
	b->order.arrives = 1;
	b->halt = HALT_CONTACT;
	b->halt_turn = 1;
	assert_true(move_holds(g, b));
	/* What holds b: a limbered enemy battery east of it, within
	 * contact_holds_within, far from a's way. */
	e = game_add_unit(g, "e", "E", 1, 1);
	g->units[e].arm = ARM_ARTILLERY;
	g->units[e].strength = g->units[e].strength0 = 6;
	g->units[e].formation = ruleset_form(rs, "limbered");
	g->units[e].pos = (struct point){ 18, 12 };
	g->units[e].facing = DIR_W;
	game_occupy(g, e, true);
	assert_true(nap_gap(g, 1, e) <= nap_move(rs)->contact_hold);
	order_move(g, 0, 10, 0);
	game_turn(g);
	/* On its way round, by (6, 14) and (6, 4): 2 cells north, then
	 * the turn NW. */
	assert_int_equal(a->pos.x, 10);
	assert_int_equal(a->pos.y, 18);
	assert_int_equal(a->facing, DIR_NW);
	assert_int_equal(a->order.kind, ORDER_MOVE);
	assert_int_equal(a->order.npts, 3);
	assert_int_equal(a->order.pts[0].x, 6);
	assert_int_equal(a->order.pts[0].y, 14);
	assert_int_equal(a->order.pts[1].x, 6);
	assert_int_equal(a->order.pts[1].y, 4);
	way_round_said(g, 0, &a->order, 2, NULL);
	for (t = 3; t <= 20 && a->order.kind == ORDER_MOVE; t++)
		game_turn(g);
	assert_int_equal(t - 1, 10);
	assert_int_equal(a->pos.x, 10);
	assert_int_equal(a->pos.y, 0);
	assert_int_equal(a->halt, HALT_ARRIVED);
	assert_int_equal(b->pos.x, 10);
	assert_int_equal(b->pos.y, 12);
	assert_int_equal(b->cond, COND_FORMED);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.7: a friend given a new Move order after it arrived marches; its
 * halt on arrival is older than the order and does not make it one that
 * stands.  Found playing the default battle: III/27e Ligne went round
 * II/27e, which had arrived the turn before and held a new order north,
 * and kept the way round in its own order.  The Column a (2 BD) at
 * (10, 20) is sent to (10, 0); the Line b ahead at (10, 15) arrived on
 * turn 1 and is sent to (10, 2) on turn 2.  a waits for b to march
 * first (marshal's reading of 3.6) and follows straight: its order keeps
 * its one point, no way round, and it stands at (10, 16) after the turn,
 * b at (10, 11), both formed.  Before, a took b for a standing friend and marched a
 * way round it.
 */
static void
test_3_6_7_friend_with_a_new_order_after_arriving_marches(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "column");
	const struct unit *a = &g->units[0];
	struct unit *b;

	(void)state;
	unit_attr_set(&g->units[0], ruleset_attr(g->rs, "drill"), 3);
	b = &g->units[friend_at(g, "line", 10, 15)];
	g->turn = 2;
	b->halt = HALT_ARRIVED;
	b->halt_turn = 1;
	order_move(g, 1, 10, 2);
	assert_true(move_marches(g, b));
	order_move(g, 0, 10, 0);
	game_turn(g);
	assert_int_equal(b->pos.x, 10);
	assert_int_equal(b->pos.y, 11);
	assert_int_equal(a->pos.x, 10);
	assert_int_equal(a->pos.y, 16);
	assert_int_equal(a->facing, DIR_N);
	assert_int_equal(a->order.kind, ORDER_MOVE);
	assert_int_equal(a->order.npts, 1);
	assert_int_equal(a->cond, COND_FORMED);
	assert_int_equal(b->cond, COND_FORMED);
	assert_int_equal(count_events(g, 0, "3.6.7", "A waits for B, under a "
	    "Move order of its own and in its way, to move first"), 1);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.7, marshal's reading: a way round of a single turning point is one.
 * The Column of column_behind_line, sent to (4, 0) instead, meets the
 * standing Line at (8, 12) on its straight way; round its west end one
 * point is enough, (4, 14), from which the straight line to (4, 0) is
 * clear.  That point goes into its Move order before (4, 0), the log
 * names it, and the Column marches: on turn 1 to (9, 19), and on to
 * (4, 0) on turn 8, as the forecast says before turn 1 (8 turns) and
 * after it (7 more).  The same with the Line listed first (unit 0).
 */
static void
test_3_6_7_way_round_of_one_point(void **state)
{
	struct ruleset *rs = rules();
	struct point *cells = NULL;
	int k, a, n = 0, t;

	(void)state;
	for (k = 0; k < 2; k++) {
		struct game *g = no_units(rs);
		const struct unit *u;

		if (k == 1)
			(void)friend_at(g, "line", 8, 12);
		a = unit_a(g, "column");
		if (k == 0)
			(void)friend_at(g, "line", 8, 12);
		u = &g->units[a];
		unit_attr_set(&g->units[a], ruleset_attr(g->rs, "drill"), 3);
		order_move(g, a, 4, 0);
		assert_int_equal(move_forecast(g, &u->order, 12, &cells, &n),
		    8);
		assert_int_equal(cells[n - 1].x, 4);
		assert_int_equal(cells[n - 1].y, 0);
		free(cells);
		game_turn(g);
		assert_int_equal(u->order.kind, ORDER_MOVE);
		assert_int_equal(u->order.npts, 2);
		assert_int_equal(u->order.pts[0].x, 4);
		assert_int_equal(u->order.pts[0].y, 14);
		assert_int_equal(u->order.pts[1].x, 4);
		assert_int_equal(u->order.pts[1].y, 0);
		way_round_said(g, a, &u->order, 1, NULL);
		assert_int_equal(u->pos.x, 9);
		assert_int_equal(u->pos.y, 19);
		assert_int_equal(move_forecast(g, &u->order, 12, &cells, &n),
		    7);
		free(cells);
		for (t = 2; t <= 12 && u->order.kind == ORDER_MOVE; t++)
			game_turn(g);
		assert_int_equal(t - 1, 8);
		assert_int_equal(u->pos.x, 4);
		assert_int_equal(u->pos.y, 0);
		game_free(g);
	}
	ruleset_free(rs);
}

/*
 * 3.6.7, marshal's reading: a waypoint no way round reaches is passed by,
 * and the way round leads to the point after it.  The Column of
 * column_behind_line, ordered to (10, 2) in the middle of a lake (rows 0
 * to 4, columns 7 to 13), then to (20, 0), sees the Line on its way and
 * goes round it towards (20, 0): the points of the way round take
 * (10, 2)'s place in its order, before (20, 0), and the log names them,
 * (20, 0) and the waypoint passed by.
 */
static void
test_3_6_7_way_round_passes_by_a_waypoint_it_cannot_reach(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "column");
	const struct unit *a = &g->units[0];
	const struct point lake = { 10, 2 };
	int water = ruleset_land(rs, "water"), x, y, i;
	struct order o;
	char *cause = NULL;

	(void)state;
	unit_attr_set(&g->units[0], ruleset_attr(g->rs, "drill"), 3);
	(void)friend_at(g, "line", 10, 10);
	for (y = 0; y <= 4; y++)
		for (x = 7; x <= 13; x++)
			map_cell(g->map, x, y)->land = (uint8_t)water;
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = 0;
	o.general = -1;
	o.npts = 2;
	o.pts[0] = lake;
	o.pts[1] = (struct point){ 20, 0 };
	assert_int_equal(game_order(g, &o, &cause), 0);
	free(cause);
	game_turn(g);
	assert_int_equal(a->order.kind, ORDER_MOVE);
	assert_true(a->order.npts >= 2);
	assert_int_equal(a->order.pts[a->order.npts - 1].x, 20);
	assert_int_equal(a->order.pts[a->order.npts - 1].y, 0);
	for (i = 0; i < a->order.npts; i++)
		assert_false(a->order.pts[i].x == lake.x &&
		    a->order.pts[i].y == lake.y);
	way_round_said(g, 0, &a->order, a->order.npts - 1, &lake);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.7, marshal's reading: the points of a way round that do not fit in
 * the order are left out.  The Column of column_behind_line ordered to
 * (10, 0) and six points after it, 7 of the 8 an order holds: its way
 * round the Line would be by (6, 12) and (6, 2), but only one point fits,
 * (6, 12), put before (10, 0); the order holds 8 points, the 7 given
 * after it, and the log names the one.
 */
static void
test_3_6_7_way_round_keeps_to_the_order_s_points(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "column");
	const struct unit *a = &g->units[0];
	struct order o;
	char *cause = NULL;
	int i;

	(void)state;
	unit_attr_set(&g->units[0], ruleset_attr(g->rs, "drill"), 3);
	(void)friend_at(g, "line", 10, 10);
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = 0;
	o.general = -1;
	o.npts = 7;
	for (i = 0; i < 7; i++)
		o.pts[i] = (struct point){ 10 + 2 * i, 0 };
	assert_int_equal(game_order(g, &o, &cause), 0);
	free(cause);
	game_turn(g);
	assert_int_equal(a->order.kind, ORDER_MOVE);
	assert_int_equal(a->order.npts, ORDER_MAX_POINTS);
	assert_int_equal(a->order.pts[0].x, 6);
	assert_int_equal(a->order.pts[0].y, 12);
	for (i = 0; i < 7; i++) {
		assert_int_equal(a->order.pts[i + 1].x, o.pts[i].x);
		assert_int_equal(a->order.pts[i + 1].y, o.pts[i].y);
	}
	way_round_said(g, 0, &a->order, 1, NULL);
	game_free(g);
	ruleset_free(rs);
}

/*
 * The friend gone round marches off once the way round is decided: the
 * Column keeps to the points its order holds (they are its order now, as
 * if its general had marked them) and still arrives, never stepping back
 * onto a cell it has left.
 */
static void
test_3_6_7_way_round_kept_when_friend_leaves(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = column_behind_line(rs);
	const struct unit *a = &g->units[0];
	struct point seen[16];
	int t, k, npts;

	(void)state;
	game_turn(g);
	npts = a->order.npts;
	assert_true(npts > 1);
	seen[0] = a->pos;
	order_move(g, 1, 25, 10);		/* B marches off east */
	for (t = 1; t < 16 && a->order.kind == ORDER_MOVE; t++) {
		game_turn(g);
		/* It may wait a turn where it stands, never come back
		 * to a cell it has left. */
		for (k = 0; k + 1 < t; k++)
			assert_false(seen[k].x == a->pos.x &&
			    seen[k].y == a->pos.y && (seen[k].x !=
			    seen[t - 1].x || seen[k].y != seen[t - 1].y));
		seen[t] = a->pos;
		if (a->order.kind == ORDER_MOVE)
			assert_int_equal(a->order.npts, npts);
	}
	assert_int_equal(a->halt, HALT_ARRIVED);
	assert_int_equal(a->pos.x, 10);
	assert_int_equal(a->pos.y, 0);
	assert_true(t <= 10);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.7, the destination held: the standing Line covers the Column's
 * destination itself.  The Column (Drill 3, drum: 2 BD) comes up behind
 * it, to (10, 16) on turn 1 and (10, 12) on turn 2; on turn 3, stopped by
 * the Line, its block already covers part of the place sent to, and no
 * free place covers more: its order ends at (10, 12), where it stands.
 * Its order is complete there and it stays (it used to wait there turn
 * after turn, its order in force).  It searches no way round.
 */
static void
test_3_6_7_destination_held_ends_at_the_nearest_free_place(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "column");
	const struct unit *a = &g->units[0];
	int t;

	(void)state;
	unit_attr_set(&g->units[0], ruleset_attr(g->rs, "drill"), 3);
	(void)friend_at(g, "line", 10, 10);
	order_move(g, 0, 10, 10);
	/* A point left in the order beyond its count (a longer order
	 * drawn and cut back) is no point of it: not sought either. */
	g->units[0].order.pts[1] = (struct point){ 20, 20 };
	for (t = 1; t <= 2; t++) {
		game_turn(g);
		assert_int_equal(a->order.kind, ORDER_MOVE);
		assert_int_equal(a->pos.y, t == 1 ? 16 : 12);
	}
	game_turn(g);
	assert_int_equal(count_events(g, 0, "3.6.7", "B holds part of the "
	    "place A is sent to, [10, 10] facing N, and A already stands on "
	    "part of it: its Move order ends where it stands, [10, 12] "
	    "(marshal's reading)"), 1);
	assert_int_equal(a->order.kind, ORDER_NONE);
	assert_int_equal(a->halt, HALT_ARRIVED);
	for (t = 4; t <= 6; t++) {
		game_turn(g);
		assert_int_equal(a->pos.x, 10);
		assert_int_equal(a->pos.y, 12);
		assert_int_equal(a->facing, DIR_N);
	}
	assert_int_equal(count_events(g, 0, "3.6.7", "finds no way round"),
	    0);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.7, marshal's reading: the game moves units one after another, where
 * 3.6 moves them together, so a friend under a Move order of its own that
 * still stands in the way when a unit's turn comes is waited for: the
 * unit moves after it.  A (unit 0: Line, Drill 4, drum: 3 BD = 6 cells,
 * 3.6.3) stands at (10, 20) right behind B (unit 1: Skirmish Group, no
 * drum: 3 BD = 6 cells) at (10, 18); both are ordered north.  B marches
 * first, its 6 cells, to (10, 12); A follows its whole 6 cells to
 * (10, 14), behind B, both still formed.  Moved first, A would have met
 * B where it stood and gone through it, both Mobs (M29), or stopped
 * behind it.  A's lines come after B's in the log.
 */
static void
test_3_6_7_waits_for_a_friend_under_orders_ahead(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	int b, i, first_a = -1, last_b = -1;

	(void)state;
	b = friend_at(g, "skirmish", 10, 18);
	order_move(g, 0, 10, 2);
	order_move(g, b, 10, 2);
	game_turn(g);
	assert_int_equal(g->units[b].pos.x, 10);
	assert_int_equal(g->units[b].pos.y, 12);
	assert_int_equal(g->units[0].pos.x, 10);
	assert_int_equal(g->units[0].pos.y, 14);
	assert_int_equal(g->units[0].moved, STEP_ORTHO * 6);
	assert_int_equal(g->units[0].halt, HALT_SPEED);
	assert_int_equal(g->units[0].cond, COND_FORMED);
	assert_int_equal(g->units[b].cond, COND_FORMED);
	for (i = 0; i < g->log.n; i++) {
		if (g->log.v[i].kind != EV_MOVE)
			continue;
		if (g->log.v[i].unit == 0 && first_a < 0)
			first_a = i;
		if (g->log.v[i].unit == b)
			last_b = i;
	}
	assert_true(last_b >= 0 && first_a > last_b);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.7, marshal's reading: a friend under a Move order that has marched
 * already this turn is not passed through in disorder; the unit stops
 * short of it.  A (unit 0: Line, Drill 4, drum: 3 BD = 6 cells) stands at
 * (10, 20) right behind B (unit 1: Column, Drill 4, no drum: 1 BD = 2
 * cells), whose 4-cell block reaches from (10, 16) to (10, 19); both are
 * ordered north.  A waits for B; B marches its 2 cells, to (10, 14), its
 * rear on (10, 17); A follows 2 cells to (10, 18) and stops there, both
 * still formed, with B's lines before A's in the log.  (Moved first, A
 * went through B, which was moving, and both became Mobs: M29.)
 */
static void
test_3_6_7_stops_short_of_a_friend_that_marched(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	int b, i, said = 0;

	(void)state;
	b = friend_at(g, "column", 10, 16);
	order_move(g, 0, 10, 2);
	order_move(g, b, 10, 2);
	game_turn(g);
	assert_int_equal(g->units[b].pos.x, 10);
	assert_int_equal(g->units[b].pos.y, 14);
	assert_int_equal(g->units[0].pos.x, 10);
	assert_int_equal(g->units[0].pos.y, 18);
	assert_int_equal(g->units[0].moved, STEP_ORTHO * 2);
	assert_int_equal(g->units[0].halt, HALT_BLOCKED);
	assert_int_equal(g->units[0].cond, COND_FORMED);
	assert_int_equal(g->units[b].cond, COND_FORMED);
	for (i = 0; i < g->log.n; i++)
		said += g->log.v[i].unit == 0 &&
		    strcmp(g->log.v[i].rule, "3.6.7") == 0 &&
		    strcmp(g->log.v[i].text, "B has marched already this "
		    "turn: A stops short of it rather than pass through it "
		    "in disorder (marshal's reading)") == 0;
	assert_int_equal(said, 1);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.7, marshal's reading: a friend under a Move order that has marched
 * this phase without moving, held where it stands, is met as a friend
 * that stands: gone round, not followed for good.  A (unit 0: Column,
 * Drill 4, drum: 2 BD) stands at (10, 20) behind B (unit 1: Line, Drill
 * 4, no drum: 2 BD) at (10, 14); a village (no Line in it, 3.6.5) fills
 * rows 6 and 7; both are ordered to (10, 2).  B reaches the village's
 * edge, (10, 8), on turn 2 and would change to Manoeuvre Column (8 cells
 * deep) to go in, but A, following it, stands in the cells the column
 * needs: B moves nothing on turn 3, the way blocked, and A stops behind
 * it on (10, 10).  Until this reading A stopped short of B there every
 * turn after (B "has marched already this turn") and neither ever moved
 * again.  Now A faces about on turn 4 to go round B, and once A has
 * left, B forms its column and enters the village: after turn 9 A is on
 * (6, 10) and B on (10, 7), in Manoeuvre Column.
 */
static void
test_3_6_7_goes_round_a_friend_held_where_it_stands(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "column");
	int b, x, y, t;

	(void)state;
	for (y = 6; y <= 7; y++)
		for (x = 0; x < 30; x++)
			map_cell(g->map, x, y)->land = ruleset_land(rs,
			    "village");
	b = friend_at(g, "line", 10, 14);
	order_move(g, 0, 10, 2);
	order_move(g, b, 10, 2);
	for (t = 1; t <= 9; t++) {
		game_turn(g);
		if (t == 3) {
			assert_int_equal(g->units[b].pos.y, 8);
			assert_int_equal(g->units[b].moved, 0);
			assert_int_equal(g->units[b].halt, HALT_BLOCKED);
			assert_int_equal(g->units[0].pos.x, 10);
			assert_int_equal(g->units[0].pos.y, 10);
		}
		if (t == 4)
			assert_int_equal(g->units[0].facing, DIR_S);
	}
	assert_int_equal(g->units[0].pos.x, 6);
	assert_int_equal(g->units[0].pos.y, 10);
	assert_int_equal(g->units[0].cond, COND_FORMED);
	assert_int_equal(g->units[b].pos.x, 10);
	assert_int_equal(g->units[b].pos.y, 7);
	assert_int_equal(g->units[b].formation,
	    ruleset_form(rs, "manoeuvre_column"));
	assert_int_equal(g->units[b].cond, COND_FORMED);
	game_free(g);
	ruleset_free(rs);
}


/*
 * 3.6.7 with 3.6.8: a friend that may be passed, with an enemy close
 * beyond it.  A (Skirmish Group, Drill 4, drum: 4 BD) at (10, 20) facing
 * N is sent to (10, 2) through B, a friend's Column standing on rows 16
 * to 19 (neither blocks: a free pass).  With the enemy Line E facing S on
 * row 10, A passes through B and halts for E on (10, 14), 1.5 BD from
 * it, clear of B.  With E on row 12, E would halt A while A still stood
 * in B: A stops behind B on (10, 20), formed, facing N, having spent
 * nothing, and says why, citing 3.6.8 ("A would halt for E before it is
 * clear of B this turn: it stops behind B").  It used to look for a way
 * round B instead, as if B could not be passed, and face about to go
 * round it towards the same enemy (ending on (11, 21) facing S).
 */
static void
test_3_6_8_an_enemy_beyond_a_friend_stops_the_unit_behind_it(void **state)
{
	static const int row[2] = { 10, 12 };
	struct ruleset *rs = rules();
	int b, e, k;

	(void)state;
	for (k = 0; k < 2; k++) {
		struct game *g = one_unit(rs, "skirmish");

		b = friend_at(g, "column", 10, 16);
		e = game_add_unit(g, "e", "E", 1, 1);
		g->units[e].arm = ARM_INFANTRY;
		g->units[e].strength = g->units[e].strength0 = 600;
		g->units[e].formation = ruleset_form(rs, "line");
		g->units[e].pos = (struct point){ 10, row[k] };
		g->units[e].facing = DIR_S;
		game_occupy(g, e, true);
		order_move(g, 0, 10, 2);
		game_turn(g);
		assert_int_equal(g->units[0].pos.x, 10);
		assert_int_equal(g->units[0].facing, DIR_N);
		assert_int_equal(g->units[0].cond, COND_FORMED);
		assert_int_equal(g->units[b].cond, COND_FORMED);
		if (k == 0) {
			assert_int_equal(g->units[0].pos.y, 14);
			assert_int_equal(g->units[0].halt, HALT_CONTACT);
			assert_int_equal(g->units[0].moved, 6 * STEP_ORTHO);
		} else {
			assert_int_equal(g->units[0].pos.y, 20);
			assert_int_equal(g->units[0].halt, HALT_BLOCKED);
			assert_int_equal(g->units[0].moved, 0);
			assert_int_equal(count_events(g, 0, "3.6.8", "A would "
			    "halt for E before it is clear of B this turn: it "
			    "stops behind B"), 1);
			assert_int_equal(count_events(g, 0, "3.6.7",
			    "marches round"), 0);
		}
		game_free(g);
	}
	ruleset_free(rs);
}

/*
 * 3.6.8 with 3.6.7: a step that takes a unit no nearer an enemy never
 * halts it for him, also after it has looked ahead through a friend.  A
 * (Skirmish Group, drum: 4 BD) faces S on rows 19 and 20, touching E, an
 * enemy Line facing S on rows 17 and 18; B, a friend's Column, stands
 * just behind A on rows 21 to 24.  Sent to (10, 29), A marches away from
 * E through B (neither blocks: it looks ahead to see that it comes clear)
 * as far as its 4 BD take it, to (10, 28): each step leaves E farther
 * than the one before, even while still within 1 BD of him, and none
 * halts it in contact.
 */
static void
test_3_6_8_marching_away_from_an_enemy_through_a_friend(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "skirmish");
	int b, e;

	(void)state;
	game_occupy(g, 0, false);
	g->units[0].facing = DIR_S;
	game_occupy(g, 0, true);
	b = friend_at(g, "column", 10, 21);
	e = game_add_unit(g, "e", "E", 1, 1);
	g->units[e].arm = ARM_INFANTRY;
	g->units[e].strength = g->units[e].strength0 = 600;
	g->units[e].formation = ruleset_form(rs, "line");
	g->units[e].pos = (struct point){ 10, 18 };
	g->units[e].facing = DIR_S;
	game_occupy(g, e, true);
	order_move(g, 0, 10, 29);
	game_turn(g);
	assert_int_equal(g->units[0].pos.x, 10);
	assert_int_equal(g->units[0].pos.y, 28);
	assert_int_equal(g->units[0].facing, DIR_S);
	assert_int_equal(g->units[0].halt, HALT_SPEED);
	assert_int_equal(g->units[0].moved, 16);
	assert_int_equal(count_events(g, 0, "3.6.7", "A passes through "
	    "standing B: neither blocks"), 1);
	assert_int_equal(g->units[b].pos.y, 21);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.8 with 3.6.7: a friend that forms by itself in the movement phase
 * (it stopped near the enemy last turn) stands from then on, and a
 * column that walks after it goes round it as round any standing friend.
 * D (unit 0, a Line on [24, 26]) walks first, so the phase's index of the
 * friends that stay is made before B forms.  B (a Manoeuvre Column on
 * [10, 10], halted in contact with E on turn 1, its Move order given that
 * turn and arriving on turn 2: until it forms, it is not held where it
 * stands) forms Line in its place on turn 2 and is held from then on.  A (a Column,
 * Drill 3 with its drum, on [10, 20]) sent to [10, 0] sees B standing on
 * its way and marches round it: its order becomes [6, 12], [6, 4],
 * [10, 0], and it stops on [10, 16], its 2 BD spent.
 */
static void
test_3_6_8_a_friend_formed_in_the_phase_is_gone_round(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = no_units(rs);
	static const struct point way[3] = { { 6, 12 }, { 6, 4 }, { 10, 0 } };
	int d, b, a, e, i;

	(void)state;
	d = friend_named(g, "d", "D", "line", 24, 26);
	b = friend_named(g, "b", "B", "manoeuvre_column", 10, 10);
	a = friend_named(g, "a", "A", "column", 10, 20);
	unit_attr_set(&g->units[a], ruleset_attr(g->rs, "drill"), 3);
	unit_attr_set(&g->units[a], ruleset_attr(g->rs, "musician"), true);
	e = game_add_unit(g, "e", "E", 1, 1);
	g->units[e].arm = ARM_INFANTRY;
	g->units[e].strength = g->units[e].strength0 = 600;
	g->units[e].formation = ruleset_form(rs, "line");
	g->units[e].pos = (struct point){ 22, 10 };
	g->units[e].facing = DIR_W;
	game_occupy(g, e, true);
	g->turn = 2;
	order_move(g, d, 24, 20);
	order_move(g, b, 10, 2);
	order_move(g, a, 10, 0);
	g->units[b].order.issued = 1;
	g->units[b].order.arrives = 2;
	g->units[b].halt = HALT_CONTACT;
	g->units[b].halt_turn = 1;
	game_turn(g);
	assert_int_equal(count_events(g, b, "3.6.8", "B stopped near the "
	    "enemy last turn, was not charged (3.4) and has no new order: "
	    "it forms Line by itself, automatic, no order"), 1);
	assert_int_equal(g->units[b].formation, ruleset_form(rs, "line"));
	assert_int_equal(g->units[b].pos.x, 10);
	assert_int_equal(g->units[b].pos.y, 10);
	assert_int_equal(g->units[a].pos.x, 10);
	assert_int_equal(g->units[a].pos.y, 16);
	assert_int_equal(g->units[a].order.npts, 3);
	for (i = 0; i < 3; i++) {
		assert_int_equal(g->units[a].order.pts[i].x, way[i].x);
		assert_int_equal(g->units[a].order.pts[i].y, way[i].y);
	}
	assert_int_equal(count_events(g, a, "3.6.7", "B stands in the way "
	    "and may not be passed this turn: A marches round it, by [6, 12] "
	    "and [6, 4]"), 1);
	game_free(g);
	ruleset_free(rs);
}

/*
 * The Move preview waits as the movement phase does: before the turn of
 * test_3_6_7_stops_short_of_a_friend_that_marched, A's preview marches B
 * first (on a copy: B stays at (10, 16) in the game) and ends where the
 * turn then leaves A, (10, 18), formed, having walked 2 cells; its first
 * line says it waits for B.  The plain preview (the computer's) too.
 */
static void
test_preview_waits_for_a_friend_under_orders(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	struct move_preview p;
	int b, k;

	(void)state;
	b = friend_at(g, "column", 10, 16);
	order_move(g, 0, 10, 2);
	order_move(g, b, 10, 2);
	for (k = 0; k < 2; k++) {
		if (k == 0)
			assert_int_equal(move_preview(g, &g->units[0].order,
			    &p), 0);
		else
			assert_int_equal(move_preview_plain(g,
			    &g->units[0].order, &p), 0);
		assert_int_equal(p.pos.x, 10);
		assert_int_equal(p.pos.y, 18);
		assert_int_equal(p.cond, COND_FORMED);
		assert_int_equal(p.halt, HALT_BLOCKED);
		assert_int_equal(p.npath, 3);
		assert_true(p.log.n > 0);
		assert_string_equal(p.log.v[0].text, "A waits for B, under a "
		    "Move order of its own and in its way, to move first "
		    "(marshal's reading: 3.6 moves units together)");
		move_preview_free(&p);
	}
	assert_int_equal(g->units[b].pos.y, 16);
	game_turn(g);
	assert_int_equal(g->units[0].pos.y, 18);
	game_free(g);
	ruleset_free(rs);
}

/*
 * The Move preview of units that wait on each other (the M29 moving-unit
 * scenario: skirmishers and a Column meet head on, each under orders and
 * in the other's way) moves them as the movement phase's last round does:
 * the Column's own preview cannot move it, so the skirmishers' preview
 * goes on under the rules as they stand, through the moving Column, to
 * (10, 6) as a Mob, and says first that it waited; the turn then leaves
 * them there, both Mobs.
 */
static void
test_preview_of_units_waiting_on_each_other(void **state)
{
	struct ruleset *rs = NULL;
	struct game *g = scenario("M29-through-moving-unit-both-mob", &rs);
	struct move_preview p;

	(void)state;
	assert_int_equal(move_preview(g, &g->units[0].order, &p), 0);
	assert_int_equal(p.pos.x, 10);
	assert_int_equal(p.pos.y, 6);
	assert_int_equal(p.cond, COND_MOB);
	assert_true(p.log.n > 0);
	assert_string_equal(p.log.v[0].text, "A waited for B, under a Move "
	    "order of its own and in its way, to move first; units waiting "
	    "on each other, it moves now, in the order of battle (marshal's "
	    "reading)");
	move_preview_free(&p);
	assert_int_equal(g->units[1].pos.y, 11);
	assert_int_equal(g->units[1].cond, COND_FORMED);
	game_turn(g);
	assert_int_equal(g->units[0].pos.y, 6);
	assert_int_equal(g->units[0].cond, COND_MOB);
	assert_int_equal(g->units[1].cond, COND_MOB);
	game_free(g);
	ruleset_free(rs);
}

/*
 * The movement phase's rounds for units that waited: a round that moves
 * one of them does not stop the next from finding that the rest wait on
 * each other.  M29's skirmishers A and Column B wait on each other; C, a
 * Column at (20, 19) ordered north, waits for D, the Column in front of
 * it at (20, 14) under the same order, which moves after it in the order
 * of battle.  The first round moves C (D has marched); the next moves
 * none, so A and B then move as things stand: A through B to (10, 6), a
 * Mob.  D and C (1 BD, no drum: two cells) end at (20, 12) and (20, 17),
 * C having said that it waited for D.
 */
static void
test_waiting_units_released_after_a_round_that_moved_one(void **state)
{
	struct ruleset *rs = NULL;
	struct game *g = scenario("M29-through-moving-unit-both-mob", &rs);
	struct order o;
	char *cause = NULL;
	int c, d, u;

	(void)state;
	c = friend_named(g, "c", "C", "column", 20, 19);
	d = friend_named(g, "d", "D", "column", 20, 14);
	for (u = c; u <= d; u++) {
		o = move_to(u, 20, 0);
		assert_int_equal(game_order(g, &o, &cause), 0);
	}
	game_turn(g);
	assert_int_equal(g->units[0].pos.y, 6);
	assert_int_equal(g->units[0].cond, COND_MOB);
	assert_int_equal(count_events(g, c, "3.6.7", "C waits for D, under a "
	    "Move order of its own and in its way, to move first (marshal's "
	    "reading: 3.6 moves units together)"), 1);
	assert_int_equal(g->units[d].pos.y, 12);
	assert_int_equal(g->units[c].pos.y, 17);
	game_free(g);
	ruleset_free(rs);
}

/*
 * The Move preview of a unit behind a friend that arrives: A (unit 0:
 * Column, Drill 4, drum: 2 BD = 4 cells) stands at (10, 20), its block
 * down to (10, 23), ordered to (10, 17), three cells on; B (unit 1: Line,
 * Drill 4, no drum: 2 BD) stands right behind it at (10, 24), ordered
 * north to (10, 10).  B's preview waits for A (unit 0), marches it to
 * (10, 17), where its order is done and it stands, and B then meets a
 * friend that stands, as the turn finds it: the preview's place, facing,
 * halt and spent ticks are the turn's.
 */
static void
test_preview_waits_for_unit_0_that_arrives(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "column");
	struct move_preview p;
	int b;

	(void)state;
	b = friend_at(g, "line", 10, 24);
	order_move(g, 0, 10, 17);
	order_move(g, b, 10, 10);
	assert_int_equal(move_preview(g, &g->units[b].order, &p), 0);
	assert_true(p.log.n > 0);
	assert_string_equal(p.log.v[0].text, "B waits for A, under a Move "
	    "order of its own and in its way, to move first (marshal's "
	    "reading: 3.6 moves units together)");
	game_turn(g);
	assert_int_equal(g->units[0].pos.y, 17);
	assert_int_equal(g->units[0].order.kind, ORDER_NONE);
	assert_int_equal(p.pos.x, g->units[b].pos.x);
	assert_int_equal(p.pos.y, g->units[b].pos.y);
	assert_int_equal(p.facing, g->units[b].facing);
	assert_int_equal(p.halt, g->units[b].halt);
	assert_int_equal(p.cond, g->units[b].cond);
	assert_true(g->units[b].pos.y < 24);
	move_preview_free(&p);
	game_free(g);
	ruleset_free(rs);
}

/*
 * An order may have ORDER_MAX_POINTS points, no more: the preview, the
 * forecast and the route of one with every point on the way (each a
 * cell further north on column 10) take it, and one with a point more
 * is refused by each.  Line, Drill 4, drum: 3 BD = 6 cells (3.6.3), so
 * the walk reaches its last point, ORDER_MAX_POINTS cells on, within a
 * turn or two.
 */
static void
test_order_of_the_most_points(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	struct move_preview p;
	struct point *cells = NULL;
	struct order o, r;
	int i, n = 0;

	(void)state;
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = 0;
	o.general = -1;
	o.npts = ORDER_MAX_POINTS;
	for (i = 0; i < ORDER_MAX_POINTS; i++)
		o.pts[i] = (struct point){ 10, 19 - i };
	assert_int_equal(move_preview(g, &o, &p), 0);
	assert_int_equal(p.pos.x, 10);
	assert_int_equal(p.pos.y, ORDER_MAX_POINTS >= 6 ? 14 :
	    20 - ORDER_MAX_POINTS);
	move_preview_free(&p);
	assert_int_equal(move_forecast(g, &o, 5, &cells, &n),
	    (ORDER_MAX_POINTS + 5) / 6);
	assert_int_equal(n, ORDER_MAX_POINTS + 1);
	assert_int_equal(cells[n - 1].y, 20 - ORDER_MAX_POINTS);
	free(cells);
	assert_int_equal(move_route(g, &o, &r), 0);
	assert_int_equal(move_route_form(g, &o), ruleset_form(rs, "line"));
	o.npts = ORDER_MAX_POINTS + 1;
	assert_int_equal(move_preview(g, &o, &p), -1);
	move_preview_free(&p);
	assert_int_equal(move_forecast(g, &o, 5, &cells, &n), -1);
	assert_int_equal(move_route(g, &o, &r), -1);
	assert_int_equal(move_route_form(g, &o), -1);
	game_free(g);
	ruleset_free(rs);
}

/*
 * An order of ORDER_MAX_POINTS points whose legs need bends: the route
 * has no room for them all, and the bends go, never the player's points.
 * A Manoeuvre Column at (10, 20) is sent north through a point every two
 * cells, (10, 18) to (10, 4); water on rows 11 and 5, columns 4 to 16,
 * lies across the legs from (10, 12) to (10, 10) and from (10, 6) to
 * (10, 4), the last, which bend round it.  The route is the order's own
 * eight points, in order; without the last point there is room for the
 * one bend left, and it stays.
 */
static void
test_route_of_the_most_points_keeps_the_players(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "manoeuvre_column");
	struct order o, r, one;
	int water = ruleset_land(rs, "water"), i, x;

	(void)state;
	for (x = 4; x <= 16; x++) {
		map_cell(g->map, x, 11)->land = (uint8_t)water;
		map_cell(g->map, x, 5)->land = (uint8_t)water;
	}
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = 0;
	o.general = -1;
	o.npts = ORDER_MAX_POINTS;
	for (i = 0; i < ORDER_MAX_POINTS; i++)
		o.pts[i] = (struct point){ 10, 18 - 2 * i };
	/* The legs over the water bend, alone. */
	one = o;
	one.npts = 1;
	for (i = 3; i <= 6; i += 3) {
		one.pts[0] = o.pts[i + 1];
		game_occupy(g, 0, false);
		g->units[0].pos = o.pts[i];
		game_occupy(g, 0, true);
		assert_int_equal(move_route(g, &one, &r), 0);
		assert_true(r.npts > 1);
	}
	game_occupy(g, 0, false);
	g->units[0].pos = (struct point){ 10, 20 };
	game_occupy(g, 0, true);
	assert_int_equal(move_route(g, &o, &r), 0);
	assert_int_equal(r.npts, ORDER_MAX_POINTS);
	for (i = 0; i < ORDER_MAX_POINTS; i++) {
		assert_int_equal(r.pts[i].x, o.pts[i].x);
		assert_int_equal(r.pts[i].y, o.pts[i].y);
	}
	/* One point fewer, to (10, 6): room for the one bend, which stays,
	 * between (10, 12) and (10, 10). */
	o.npts = ORDER_MAX_POINTS - 1;
	assert_int_equal(move_route(g, &o, &r), 0);
	assert_int_equal(r.npts, ORDER_MAX_POINTS);
	for (i = 0; i < ORDER_MAX_POINTS - 1; i++) {
		assert_int_equal(r.pts[i < 4 ? i : i + 1].x, o.pts[i].x);
		assert_int_equal(r.pts[i < 4 ? i : i + 1].y, o.pts[i].y);
	}
	assert_int_not_equal(r.pts[4].x, 10);	/* round the water's end */
	game_free(g);
	ruleset_free(rs);
}

/* The points move_route gives for a one-leg order of unit 0 to (x, y). */
static void
route_to(struct game *g, int x, int y, struct order *r)
{
	struct order o;

	o = move_to(0, x, y);
	assert_int_equal(move_route(g, &o, r), 0);
}

/*
 * A Line pays for turning its front (3.6.3: 1 BD a 45 degrees), so the
 * cheapest way to a point depends on the way it faces.  The second leg of
 * a two-leg order is planned from where the first leaves the unit, facing
 * the way its last step went: a Line facing E sent N to [10, 10] and on to
 * [7, 2] is routed on the second leg as a Line standing at [10, 10]
 * facing N would be, not as one still facing E.
 */
static void
test_3_6_3_second_leg_planned_facing_the_first_legs_way(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	struct order o, r, north, east;
	int i;

	(void)state;
	game_occupy(g, 0, false);
	g->units[0].pos = (struct point){ 10, 10 };
	g->units[0].facing = DIR_N;
	game_occupy(g, 0, true);
	route_to(g, 7, 2, &north);
	game_occupy(g, 0, false);
	g->units[0].facing = DIR_E;
	game_occupy(g, 0, true);
	route_to(g, 7, 2, &east);
	/* The facing matters here: the two routes differ. */
	assert_true(north.npts != east.npts ||
	    memcmp(north.pts, east.pts, (size_t)north.npts *
	    sizeof *north.pts) != 0);
	game_occupy(g, 0, false);
	g->units[0].pos = (struct point){ 10, 20 };
	g->units[0].facing = DIR_E;
	game_occupy(g, 0, true);
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = 0;
	o.general = -1;
	o.npts = 2;
	o.pts[0] = (struct point){ 10, 10 };
	o.pts[1] = (struct point){ 7, 2 };
	assert_int_equal(move_route(g, &o, &r), 0);
	/* The first leg is straight N: one point, [10, 10]. */
	assert_int_equal(r.npts, 1 + north.npts);
	assert_int_equal(r.pts[0].x, 10);
	assert_int_equal(r.pts[0].y, 10);
	for (i = 0; i < north.npts; i++) {
		assert_int_equal(r.pts[1 + i].x, north.pts[i].x);
		assert_int_equal(r.pts[1 + i].y, north.pts[i].y);
	}
	game_free(g);
	ruleset_free(rs);
}

/* The reachable area holds the start and stays within the allowance. */
static void
test_reach_within_allowance(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "manoeuvre_column");
	struct point *cells = NULL;
	int n, i, start = 0;

	(void)state;
	n = move_reach(g, 0, &cells);
	assert_true(n > 1);
	for (i = 0; i < n; i++) {
		if (cells[i].x == 10 && cells[i].y == 20)
			start = 1;
		/* Manoeuvre Column with drum: 3 BD = 12 ticks. */
		assert_true(geom_dist(cells[i], g->units[0].pos) <= 12);
	}
	assert_true(start);
	free(cells);
	game_free(g);
	ruleset_free(rs);
}

/*
 * On open ground a Manoeuvre Column, which turns for free (3.6.3), can
 * reach exactly the cells its 3 BD (12 ticks) pays for: every cell within
 * 12 ticks of its place, an orthogonal step 2 ticks and a diagonal one 3,
 * and no other: 105 of them on this 30 x 30 map, each listed once.
 */
static void
test_3_6_3_reach_is_every_cell_the_speed_pays_for(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "manoeuvre_column");
	struct point *cells = NULL, c;
	int n, i, x, y, want = 0;
	char seen[30][30];

	(void)state;
	memset(seen, 0, sizeof seen);
	n = move_reach(g, 0, &cells);
	for (i = 0; i < n; i++) {
		assert_true(map_inside(g->map, cells[i].x, cells[i].y));
		assert_int_equal(seen[cells[i].y][cells[i].x], 0);
		seen[cells[i].y][cells[i].x] = 1;
	}
	for (y = 0; y < 30; y++)
		for (x = 0; x < 30; x++) {
			c = (struct point){ x, y };
			if (geom_dist(c, g->units[0].pos) > 12) {
				assert_int_equal(seen[y][x], 0);
				continue;
			}
			want++;
			if (!seen[y][x])
				fail_msg("[%d, %d] is within 12 ticks but not "
				    "in the reach", x, y);
		}
	assert_int_equal(want, 105);
	assert_int_equal(n, want);
	free(cells);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.6: the reachable area does not look along the unit's present
 * order: cavalry in Road Column on a road, under a Move order north past
 * a friend standing on the road 19 rows ahead, still shows its clear-road
 * 5 BD + trumpet 1 BD (24 ticks, 12 orthogonal steps north along the
 * road), not the crowded 3 BD its walk under that order would have.
 */
static void
test_3_6_6_reach_ignores_the_order_s_road_ahead(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "road_column");
	struct point *cells = NULL;
	int n, i, b, top = 99;

	(void)state;
	g->units[0].arm = ARM_CAVALRY;
	for (i = 0; i < 30; i++)
		map_cell(g->map, 10, i)->road = ROAD_BIG;
	b = game_add_unit(g, "b", "B", 0, 0);
	g->units[b].arm = ARM_INFANTRY;
	unit_attr_set(&g->units[b], ruleset_attr(g->rs, "drill"), 4);
	g->units[b].strength = g->units[b].strength0 = 600;
	g->units[b].formation = ruleset_form(rs, "column");
	g->units[b].pos = (struct point){ 10, 1 };
	g->units[b].facing = DIR_N;
	game_occupy(g, b, true);
	order_move(g, 0, 10, 0);
	n = move_reach(g, 0, &cells);
	for (i = 0; i < n; i++)
		if (cells[i].x == 10 && cells[i].y < top)
			top = cells[i].y;
	assert_int_equal(top, 8);
	free(cells);
	/* The same with the order's first waypoint passed: its road ahead
	 * to the destination is as crowded, and the reach as long. */
	g->units[0].order.npts = 2;
	g->units[0].order.pts[0] = (struct point){ 10, 15 };
	g->units[0].order.pts[1] = (struct point){ 10, 0 };
	g->units[0].waypoint = 1;
	top = 99;
	n = move_reach(g, 0, &cells);
	for (i = 0; i < n; i++)
		if (cells[i].x == 10 && cells[i].y < top)
			top = cells[i].y;
	assert_int_equal(top, 8);
	free(cells);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.5 as issue 12 reads it: a Column without drum standing in a wood
 * has 1 BD - Pe 1 = 0 BD, but the reachable area still shows the one
 * step of its minimum move: the cell ahead, and none beyond it.
 */
static void
test_3_6_5_reach_shows_minimum_move(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "column");
	struct point *cells = NULL;
	int n, i, x, y, ahead = 0, far = 0;

	(void)state;
	unit_attr_set(&g->units[0], ruleset_attr(g->rs, "musician"), false);
	for (y = 0; y < g->map->h; y++)
		for (x = 0; x < g->map->w; x++)
			map_cell(g->map, x, y)->land =
			    (uint8_t)ruleset_land(rs, "wood");
	n = move_reach(g, 0, &cells);
	for (i = 0; i < n; i++) {
		if (cells[i].x == 10 && cells[i].y == 19)
			ahead = 1;
		if (geom_dist(cells[i], g->units[0].pos) > 3)
			far = 1;
	}
	assert_int_equal(ahead, 1);
	assert_int_equal(far, 0);
	free(cells);
	game_free(g);
	ruleset_free(rs);
}

/*
 * The reachable area prices each step from the facing the unit arrives
 * with: a Column (2 BD with its drum, 8 ticks) facing E at [10, 20]
 * reaches [14, 20], 4 cells straight ahead, and no further.
 */
static void
test_move_reach_keeps_the_facing_it_arrives_with(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "column");
	struct point *cells = NULL;
	int n, i, at4 = 0, at5 = 0;

	(void)state;
	game_occupy(g, 0, false);
	g->units[0].facing = DIR_E;
	game_occupy(g, 0, true);
	n = move_reach(g, 0, &cells);
	for (i = 0; i < n; i++) {
		if (cells[i].x == 14 && cells[i].y == 20)
			at4 = 1;
		if (cells[i].x == 15 && cells[i].y == 20)
			at5 = 1;
	}
	assert_int_equal(at4, 1);
	assert_int_equal(at5, 0);
	free(cells);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.4: the speed roll's change is written with its sign, a change of
 * 0 BD too (a ruleset may give one: random_low and random_high take any
 * change).  With both changes 0, the first seed whose roll is a 1 or a
 * 6 gives the Line (Drill 4, drum: 3 BD) "+0 BD, 3 BD".
 */
static void
test_3_6_4_change_of_nothing_has_its_sign(void **state)
{
	struct ruleset *rs = rules();
	struct nap_move *m = rs->priv;	/* nap_move(rs), to be changed */
	struct game *g = NULL;
	const char *t = NULL;
	char want[64];
	unsigned seed;
	int i, roll = 0;

	(void)state;
	m->low_change = m->high_change = 0;
	for (seed = 1; seed < 100 && t == NULL; seed++) {
		game_free(g);
		g = one_unit(rs, "line");
		g->opt.random_speed = true;
		game_seed(g, seed);
		order_move(g, 0, 10, 0);
		game_turn(g);
		for (i = 0; i < g->log.n; i++)
			if (strcmp(g->log.v[i].rule, "3.6.4") == 0 &&
			    sscanf(g->log.v[i].text, "speed roll 1d6 = %d",
			    &roll) == 1 && (roll == 1 || roll == 6))
				t = g->log.v[i].text;
	}
	assert_non_null(t);
	snprintf(want, sizeof want, "speed roll 1d6 = %d: +0 BD, 3 BD", roll);
	assert_string_equal(t, want);
	game_free(g);
	ruleset_free(rs);
}

/* Same seed, same orders: the same rolls, places and explanations. */
static void
test_replay_is_exact(void **state)
{
	struct ruleset *rs = rules();
	struct game *g[2];
	int k, i;

	(void)state;
	for (k = 0; k < 2; k++) {
		g[k] = one_unit(rs, "line");
		g[k]->opt.random_speed = true;
		game_seed(g[k], 42);
		order_move(g[k], 0, 10, 0);
		for (i = 0; i < 3; i++)
			game_turn(g[k]);
	}
	assert_int_equal(g[0]->units[0].pos.y, g[1]->units[0].pos.y);
	assert_int_equal(g[0]->log.n, g[1]->log.n);
	for (i = 0; i < g[0]->log.n; i++) {
		assert_string_equal(g[0]->log.v[i].rule, g[1]->log.v[i].rule);
		assert_string_equal(g[0]->log.v[i].text, g[1]->log.v[i].text);
	}
	game_free(g[0]);
	game_free(g[1]);
	ruleset_free(rs);
}

/* The colonel is shown while the Move order stands, not after. */
static void
test_colonel_while_moving(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "manoeuvre_column");

	(void)state;
	assert_false(move_colonel(g, 0));
	order_move(g, 0, 10, 18);
	assert_true(move_colonel(g, 0));
	game_turn(g);
	assert_int_equal(g->units[0].pos.y, 18);
	assert_int_equal(g->units[0].halt, HALT_ARRIVED);
	assert_false(move_colonel(g, 0));
	game_free(g);
	ruleset_free(rs);
}

/* An order of kind k (stop, restore) for unit u, in force at once. */
static void
order_kind(struct game *g, int u, enum order_kind k)
{
	struct order o;
	char *cause = NULL;

	memset(&o, 0, sizeof o);
	o.kind = k;
	o.unit = u;
	o.general = -1;
	assert_int_equal(game_order(g, &o, &cause), 0);
	free(cause);
}

/* The number of events of unit u with this rule whose text has s. */
static int
count_events(const struct game *g, int u, const char *rule, const char *s)
{
	int i, n = 0;

	for (i = 0; i < g->log.n; i++)
		if (g->log.v[i].unit == u &&
		    strcmp(g->log.v[i].rule, rule) == 0 &&
		    strstr(g->log.v[i].text, s) != NULL)
			n++;
	return n;
}

/*
 * 3.6.5, issue 12: a unit that owes part of a crossing and has nothing to
 * pay with finishes it by the minimum move when it has not moved yet this
 * turn, whatever the debt, 0.25 BD (1 tick) as well as more.  A Line of
 * Drill 2 with its drum (1 BD) standing in a wood (Pe 1: 0 BD) owes 1
 * tick under its standing order: it owes nothing after its walk, stands
 * where it stood, halted by the obstacle, and says so.
 */
static void
test_3_6_5_a_debt_of_one_tick_is_finished_by_the_minimum_move(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	struct unit *a = &g->units[0];
	int x, y;

	(void)state;
	unit_attr_set(a, ruleset_attr(g->rs, "drill"), 2);
	for (y = 16; y <= 24; y++)
		for (x = 4; x <= 16; x++)
			map_cell(g->map, x, y)->land = ruleset_land(rs, "wood");
	order_move(g, 0, 10, 5);
	a->route_key = order_key(&a->order);	/* its standing order */
	a->owed = 1;
	(void)move_unit(g, NULL, 0, -1, NULL, NULL);
	assert_int_equal(a->owed, 0);
	assert_int_equal(a->pos.x, 10);
	assert_int_equal(a->pos.y, 20);
	assert_int_equal(a->halt, HALT_OBSTACLE);
	assert_int_equal(count_events(g, 0, "3.6.5", "owes 0.25 BD of its "
	    "crossing and has nothing to pay with, but has not moved yet this "
	    "turn: it finishes the crossing and spends all (minimum move, "
	    "marshal's reading)"), 1);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.5: a step into new ground that costs exactly what is left is an
 * ordinary step: no "spends all" reading.  A Line (3 BD, 12 ticks) sent N
 * from [10, 20] steps 3 open cells (1.5 BD) and then into the wood on row
 * 16 (0.5 BD and its Pe of 1 BD): 3 BD in all, every tick it has.  It
 * stands in the wood at [10, 16], held by its speed.
 */
static void
test_3_6_5_new_ground_for_exactly_what_is_left(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	const struct unit *a = &g->units[0];
	int x, y;

	(void)state;
	for (y = 0; y <= 16; y++)
		for (x = 0; x < 30; x++)
			map_cell(g->map, x, y)->land = ruleset_land(rs, "wood");
	order_move(g, 0, 10, 5);
	assert_int_equal(move_unit(g, NULL, 0, -1, NULL, NULL), 3 * rs->ticks);
	assert_int_equal(a->pos.x, 10);
	assert_int_equal(a->pos.y, 16);
	assert_int_equal(a->halt, HALT_SPEED);
	assert_int_equal(count_events(g, 0, "3.6.5", "enters wood (Pe 1): "
	    "-1 BD besides the step, 0 BD left"), 1);
	assert_int_equal(count_events(g, 0, "3.6.5", "spends all"), 0);
	game_free(g);
	ruleset_free(rs);
}

/* 3.5.1: a Mob under a Restore order re-forms in the formation phase,
 * does not move that turn, and its lost musician stays lost. */
static void
test_3_5_1_restore_reforms_mob_whole_turn(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");

	(void)state;
	g->units[0].cond = COND_MOB;
	unit_attr_set(&g->units[0], ruleset_attr(g->rs, "musician"), false);
	order_move(g, 0, 10, 10);
	game_turn(g);
	/* 3.6.5: a Mob does not march under orders. */
	assert_int_equal(g->units[0].pos.y, 20);
	order_kind(g, 0, ORDER_RESTORE);
	game_turn(g);
	assert_int_equal(g->units[0].cond, COND_FORMED);
	assert_false(unit_attr(&g->units[0], ruleset_attr(g->rs, "musician")));
	assert_int_equal(g->units[0].pos.y, 20);
	assert_int_equal(count_events(g, 0, "3.5.1", "re-forms as Line"), 1);
	assert_int_equal(count_events(g, 0, "3.5.1", "musician lost stays "
	    "lost"), 1);
	assert_int_equal(count_events(g, 0, "3.6.2", "restore order"), 1);
	/* Restored, it marches again on a new order. */
	order_move(g, 0, 10, 18);
	game_turn(g);
	assert_int_equal(g->units[0].pos.y, 18);
	game_free(g);
	ruleset_free(rs);
}

/* 3.5.1: an enemy within the restore gap (2 BD) keeps the Mob a Mob. */
static void
test_3_5_1_restore_refused_near_enemy(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	int e;

	(void)state;
	g->units[0].cond = COND_MOB;
	/* An enemy Line 1 BD ahead (rows 18 and 19 empty between them). */
	e = game_add_unit(g, "e", "E", 1, 1);
	g->units[e].arm = ARM_INFANTRY;
	unit_attr_set(&g->units[e], ruleset_attr(g->rs, "drill"), 4);
	g->units[e].strength = g->units[e].strength0 = 600;
	g->units[e].formation = ruleset_form(rs, "line");
	g->units[e].pos = (struct point){ 10, 16 };
	g->units[e].facing = DIR_N;
	game_occupy(g, e, true);
	order_kind(g, 0, ORDER_RESTORE);
	game_turn(g);
	assert_int_equal(g->units[0].cond, COND_MOB);
	assert_int_equal(count_events(g, 0, "3.5.1", "cannot re-form: E is "
	    "1 BD away"), 1);
	game_free(g);
	ruleset_free(rs);
}

/*
 * The cells of unit u's block all hold it in the game's occupancy grid:
 * a test's scene is what the walk will read.
 */
static void
assert_occupies(const struct game *g, int u)
{
	struct point c[256];
	int i, n = game_footprint(g, &g->units[u], c);

	assert_true(n > 0 && n <= 256);
	for (i = 0; i < n; i++)
		assert_int_equal(g->occ[(size_t)c[i].y * (size_t)g->map->w +
		    (size_t)c[i].x], u + 1);
}

/*
 * A turn needs room for the turned block (doc/rules.md, "Paths, turns and
 * the walk"; M8), and a unit with no room to turn where it stands finds a
 * way on that turns where there is room (issue 12).  A cavalry Column
 * (drill 4, trumpet: 4 BD) faces E at [15, 10], its block on [12..15,
 * 9..12]; a standing infantry Line at [15, 13] facing N holds [13..18,
 * 13..14].  Sent N to [15, 2], the Column cannot turn N where it stands
 * (its body would swing onto the Line) and used to stand there, 0 BD,
 * turn after turn.  It now marches from the first turn: E 1.5 BD to
 * [18, 10], where the turn to NW is dearer than what is left and the part
 * of it it could pay for has no room (it waits and makes the whole turn
 * on turn 2, to [17, 9]); N on turn 3 to [14, 6], [15, 3] on turn 4,
 * arriving at [15, 2] facing N on turn 5, never onto the Line, formed.
 *
 * Issue 12: a unit's walk does not depend on the order the units are
 * listed in.  The same scene with the Line listed first (unit 0) and
 * the Column second walks the same way, turn by turn.  (It used not to:
 * the Column arrived on turn 3 facing W.  The cause was this test's own
 * scene: it stamped the Column first as an infantry Line facing E, whose
 * block covered three cells of the Line listed before it, and took it
 * off again, which emptied those cells in the occupancy grid; the walk
 * then found room to turn on cells the Line stands on.  The Column is
 * now made in its formation before it is put on the map, and the test
 * checks the grid holds both blocks whole.)
 */
static void
test_M8_3_6_3_no_room_to_turn_here_turns_where_there_is_room(void **state)
{
	static const struct { int x, y; enum dir f; int moved; } want[] = {
		{ 18, 10, DIR_E, 6 }, { 17, 9, DIR_NW, 3 },
		{ 14, 6, DIR_N, 9 }, { 15, 3, DIR_N, 7 }, { 15, 2, DIR_N, 2 },
	};
	struct ruleset *rs = rules();
	int a, b = -1, k, t;

	(void)state;
	for (k = 0; k < 2; k++) {
		struct game *g = no_units(rs);

		if (k == 1)
			b = line_named(g, "b", 0, (struct point){ 15, 13 },
			    DIR_N);
		a = game_add_unit(g, "a", "a", 0, 0);
		g->units[a].arm = ARM_CAVALRY;
		unit_attr_set(&g->units[a], ruleset_attr(g->rs, "drill"), 4);
		unit_attr_set(&g->units[a], ruleset_attr(g->rs, "musician"),
		    true);
		g->units[a].strength = g->units[a].strength0 = 600;
		g->units[a].formation = ruleset_form(rs, "column");
		g->units[a].pos = (struct point){ 15, 10 };
		g->units[a].facing = DIR_E;
		game_occupy(g, a, true);
		if (k == 0)
			b = line_named(g, "b", 0, (struct point){ 15, 13 },
			    DIR_N);
		assert_occupies(g, a);
		assert_occupies(g, b);
		/* Where it stands, the turn N has no room. */
		assert_int_not_equal(game_fits(g, a, g->units[a].pos, DIR_N,
		    g->units[a].formation, -1, NULL), 0);
		order_move(g, a, 15, 2);
		for (t = 1; t <= 6 && g->units[a].order.kind == ORDER_MOVE;
		    t++) {
			game_turn(g);
			assert_true(g->units[a].moved > 0);
			assert_int_equal(g->units[a].cond, COND_FORMED);
			assert_int_equal(g->units[b].cond, COND_FORMED);
			assert_int_equal(g->units[b].pos.x, 15);
			assert_int_equal(g->units[b].pos.y, 13);
			assert_int_equal(g->units[a].pos.x, want[t - 1].x);
			assert_int_equal(g->units[a].pos.y, want[t - 1].y);
			assert_int_equal(g->units[a].facing, want[t - 1].f);
			assert_int_equal(g->units[a].moved, want[t - 1].moved);
			assert_occupies(g, a);
			assert_occupies(g, b);
		}
		assert_int_equal(t - 1, 5);
		assert_int_equal(g->units[a].order.kind, ORDER_NONE);
		/* It never halts for want of room: the one note of it says
		 * where it goes to find some. */
		assert_int_equal(count_events(g, a, "3.6.7", "no room to turn"),
		    0);
		assert_int_equal(count_events(g, a, "3.6.7", "b stands where "
		    "its block would swing to face N here: it goes by [14, 6] "
		    "to turn where there is room"), 1);
		/* At [18, 10] the turn to NW is dearer than what is left,
		 * and the part of it it could pay for (to N, to NE) has no
		 * room: it waits and makes the whole turn next turn. */
		assert_int_equal(count_events(g, a, "3.6.3", "turning part of "
		    "the way has no room here: it turns next turn"), 1);
		game_free(g);
	}
	ruleset_free(rs);
}

/*
 * A face-about the unit cannot pay for in one turn is made where the men
 * stand, by a unit that has spent nothing yet this turn, its rest owed
 * and paid next turn (walk_about_owed; issue 12, decision 1 as for a
 * battery's pivot).  A Column (drill 3, drum: 2 BD) on [10, 2] facing N,
 * its body on rows 2 to 5, sent S to [10, 20]: facing S by a swing about
 * its front its block would reach off the map's north edge.  It faces
 * about on turn 1 (4 BD: it spends its 2 BD and owes 2), its front centre
 * now [10, 5] where its rear rank stood, pays the 2 BD on turn 2, marches
 * 2 BD a turn from turn 3, is never halted as blocked, stays formed and
 * arrives on turn 6.  (It used to swing E, SE and S about its front as it
 * stepped down to [11, 5], then SW to [10, 20] on turn 8.)
 */
static void
test_M8_3_6_3_no_room_to_turn_off_the_map_faces_about(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "column");
	const struct unit *a = &g->units[0];
	int t;

	(void)state;
	unit_attr_set(&g->units[0], ruleset_attr(g->rs, "drill"), 3);
	game_occupy(g, 0, false);
	g->units[0].pos = (struct point){ 10, 2 };
	game_occupy(g, 0, true);
	assert_int_not_equal(game_fits(g, 0, a->pos, DIR_S, a->formation, -1,
	    NULL), 0);
	order_move(g, 0, 10, 20);
	for (t = 1; t <= 12 && a->order.kind == ORDER_MOVE; t++) {
		game_turn(g);
		assert_int_not_equal(a->halt, HALT_BLOCKED);
		assert_int_equal(a->cond, COND_FORMED);
		assert_int_equal(a->facing, DIR_S);
		assert_int_equal(a->pos.x, 10);
		if (t <= 2) {
			assert_int_equal(a->pos.y, 5);
			assert_int_equal(a->moved, 0);
			assert_int_equal(a->owed, t == 1 ? 8 : 0);
		}
	}
	assert_int_equal(t - 1, 6);
	assert_int_equal(a->pos.y, 20);
	assert_int_equal(count_events(g, 0, "3.6.3", "it costs 4 BD and it "
	    "has 2 BD, but it has not moved yet this turn, so it faces about "
	    "now, spends all and owes 2 BD"), 1);
	assert_int_equal(count_events(g, 0, "3.6.3", "finishes the "
	    "face-about it began last turn: -2 BD, 0 BD left"), 1);
	assert_int_equal(count_events(g, 0, "3.6.7", "no room to turn"), 0);
	game_free(g);
	ruleset_free(rs);
}

/*
 * Issue 12, "a column can be marched across the default map along any
 * route a player would choose by giving one Move order": a Column
 * (drill 3, drum: 2 BD) on the map's top rows facing N, sent S to
 * [10, 20].  Its front on row 1, it used to swing E (2 BD), march E along
 * the edge 2 BD a turn for 4 turns looking for room to turn S, and stand
 * at the east edge, [26, 1], saying "no room to turn to face SE here"
 * every turn; its front on row 0, it swung NE on turn 1 and stood there
 * from turn 2, "nowhere it can reach in its formation has room for it to
 * turn".  Both now face about where they stand (4 BD: 2 on turn 1, the 2
 * owed on turn 2), front centre on the old rear rank, [10, 4] and
 * [10, 3], and march S from turn 3, 4 cells a turn: from row 1 it arrives
 * on turn 6, from row 0 on turn 7, formed, never halted as blocked.
 */
static void
test_M8_3_6_3_column_on_the_top_row_faces_about_and_goes_south(void **state)
{
	struct ruleset *rs = rules();
	int row, t;

	(void)state;
	for (row = 0; row <= 1; row++) {
		struct game *g = one_unit(rs, "column");
		const struct unit *a = &g->units[0];

		unit_attr_set(&g->units[0], ruleset_attr(g->rs, "drill"), 3);
		game_occupy(g, 0, false);
		g->units[0].pos = (struct point){ 10, row };
		game_occupy(g, 0, true);
		order_move(g, 0, 10, 20);
		for (t = 1; t <= 12 && a->order.kind == ORDER_MOVE; t++) {
			game_turn(g);
			assert_int_not_equal(a->halt, HALT_BLOCKED);
			assert_int_equal(a->cond, COND_FORMED);
			assert_int_equal(a->facing, DIR_S);
			assert_int_equal(a->pos.x, 10);
			if (t <= 2)
				assert_int_equal(a->pos.y, row + 3);
			else if (a->order.kind == ORDER_MOVE)
				assert_int_equal(a->pos.y, row + 3 +
				    4 * (t - 2));
			/* 2 BD a turn (8 ticks) from turn 3; the last
			 * turn from row 0 only the cell from row 19. */
			assert_int_equal(a->moved, t <= 2 ? 0 :
			    a->order.kind == ORDER_MOVE || row == 1 ? 8 : 2);
		}
		assert_int_equal(t - 1, row == 0 ? 7 : 6);
		assert_int_equal(a->pos.y, 20);
		assert_int_equal(count_events(g, 0, "3.6.7", "no room"), 0);
		assert_int_equal(count_events(g, 0, "3.6.7", "nowhere it can "
		    "reach"), 0);
		game_free(g);
	}
	ruleset_free(rs);
}

/*
 * The rest of a face-about is owed whatever the unit's next Move order
 * (walk_owed): the men have turned.  A Column (drill 3, drum: 2 BD) on
 * [10, 2] facing N, sent S, faces about on turn 1 and owes 2 BD (8
 * ticks).  Given a new Move order to [12, 20] before turn 2, it still
 * pays the 2 BD on turn 2 and moves 0 BD (a new order used to forgive the
 * debt, and a commander giving orders every turn would have had every
 * face-about at half price).  Given a Stop order instead, it stands on
 * turn 2, which pays for the rest of the turn: sent on again, it marches
 * its 2 BD on turn 3, owing nothing.
 */
static void
test_M8_3_6_3_face_about_debt_outlives_a_new_order(void **state)
{
	struct ruleset *rs = rules();
	int k;

	(void)state;
	for (k = 0; k < 2; k++) {
		struct game *g = one_unit(rs, "column");
		const struct unit *a = &g->units[0];

		unit_attr_set(&g->units[0], ruleset_attr(g->rs, "drill"), 3);
		game_occupy(g, 0, false);
		g->units[0].pos = (struct point){ 10, 2 };
		game_occupy(g, 0, true);
		order_move(g, 0, 10, 20);
		game_turn(g);
		assert_int_equal(a->facing, DIR_S);
		assert_int_equal(a->pos.y, 5);
		assert_int_equal(a->owed, 8);
		if (k == 0) {
			order_move(g, 0, 12, 20);
			game_turn(g);
			assert_int_equal(a->moved, 0);
			assert_int_equal(a->owed, 0);
			assert_int_equal(a->pos.x, 10);
			assert_int_equal(a->pos.y, 5);
			assert_int_equal(count_events(g, 0, "3.6.3",
			    "finishes the face-about it began last turn: "
			    "-2 BD, 0 BD left"), 1);
		} else {
			order_kind(g, 0, ORDER_STOP);
			game_turn(g);
			assert_int_equal(a->moved, 0);
			order_move(g, 0, 10, 20);
			game_turn(g);
			assert_int_equal(a->moved, 8);
			assert_int_equal(a->pos.y, 9);
			assert_int_equal(a->owed, 0);
			assert_int_equal(count_events(g, 0, "3.6.3",
			    "finishes the face-about"), 0);
		}
		assert_int_equal(a->facing, DIR_S);
		game_free(g);
	}
	ruleset_free(rs);
}

/*
 * 3.6.7, issue 12: a Column right behind a standing friendly Line, sent
 * straight on through it, goes round it.  The Line (Drill 4) stands at
 * [15, 15] facing N on [13..18, 15..16]; the Column (infantry, Drill 4,
 * drum: 2 BD) at [15, 17] facing N on [14..16, 17..20], its front against
 * the Line's rear rank, is sent to [15, 5].  It cannot pass right through
 * the Line in one turn (M28, M29) and has no room for any turn where it
 * stands (every turned block swings onto the Line): it used to stand
 * there for ever, "finds no way round it".  It now faces about where it
 * stands (its front centre [15, 20], facing S, 2 BD owed), which is where
 * the way round starts, and its Move order keeps the way round, [14, 20]
 * and [11, 9]: it pays its debt on turn 2, turns W on turn 3 and marches
 * round the Line's west end, arriving at [15, 5] on turn 11, formed, the
 * Line untouched.  From 1 to 4 cells further back it has room to turn
 * and arrives on turn 8 without facing about.
 */
static void
test_3_6_7_column_right_behind_a_line_faces_about_and_goes_round(
    void **state)
{
	struct ruleset *rs = rules();
	int back, a, l, t;

	(void)state;
	for (back = 0; back <= 4; back += 4) {
		struct game *g = no_units(rs);

		l = line_named(g, "l", 0, (struct point){ 15, 15 }, DIR_N);
		a = game_add_unit(g, "c", "C", 0, 0);
		g->units[a].arm = ARM_INFANTRY;
		unit_attr_set(&g->units[a], ruleset_attr(g->rs, "drill"), 4);
		unit_attr_set(&g->units[a], ruleset_attr(g->rs, "musician"),
		    true);
		g->units[a].strength = g->units[a].strength0 = 600;
		g->units[a].formation = ruleset_form(rs, "column");
		g->units[a].pos = (struct point){ 15, 17 + back };
		g->units[a].facing = DIR_N;
		game_occupy(g, a, true);
		assert_occupies(g, a);
		assert_occupies(g, l);
		order_move(g, a, 15, 5);
		for (t = 1; t <= 16 && g->units[a].order.kind == ORDER_MOVE;
		    t++) {
			game_turn(g);
			assert_int_equal(g->units[a].cond, COND_FORMED);
			assert_int_equal(g->units[l].cond, COND_FORMED);
			assert_int_equal(g->units[l].pos.x, 15);
			assert_int_equal(g->units[l].pos.y, 15);
			assert_int_not_equal(g->units[a].halt, HALT_BLOCKED);
			if (back == 0 && t <= 2) {
				assert_int_equal(g->units[a].pos.x, 15);
				assert_int_equal(g->units[a].pos.y, 20);
				assert_int_equal(g->units[a].facing, DIR_S);
				assert_int_equal(g->units[a].owed, t == 1 ? 8 :
				    0);
			}
		}
		assert_int_equal(t - 1, back == 0 ? 11 : 8);
		assert_int_equal(g->units[a].pos.x, 15);
		assert_int_equal(g->units[a].pos.y, 5);
		assert_int_equal(count_events(g, a, "3.6.7", "finds no way "
		    "round"), 0);
		assert_int_equal(count_events(g, a, "3.6.7", "l stands in the "
		    "way and may not be passed this turn: C faces about and "
		    "marches round it, by [14, 20] and [11, 9]"),
		    back == 0 ? 1 : 0);
		game_free(g);
	}
	ruleset_free(rs);
}

/*
 * A block that has no room to turn towards its order anywhere it can
 * reach in its formation still halts, and says so (issue 12: a unit that
 * truly cannot go on is not frozen by the walk).  A Line of two ranks on
 * the map's first row facing N, sent one cell S: facing S (or SE, SW, E,
 * W) its block would leave the map, and there is no step N.  It stands,
 * and the log says that it needs another formation.
 */
static void
test_M8_3_6_3_boxed_in_its_formation_says_so(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");

	(void)state;
	game_occupy(g, 0, false);
	g->units[0].pos = (struct point){ 10, 0 };
	game_occupy(g, 0, true);
	order_move(g, 0, 10, 1);
	game_turn(g);
	assert_int_equal(g->units[0].pos.x, 10);
	assert_int_equal(g->units[0].pos.y, 0);
	assert_int_equal(g->units[0].facing, DIR_N);
	assert_int_equal(g->units[0].halt, HALT_BLOCKED);
	assert_int_equal(count_events(g, 0, "3.6.7", "nowhere it can reach "
	    "in its formation has room for it to turn towards [10, 1], "
	    "whatever the units about it do: it needs another formation"), 1);
	game_free(g);
	ruleset_free(rs);
}

/*
 * The Move preview's forecast of a Road Column standing on its road trail
 * (3.6.6), sent off the road: the forecast walks a copy of the unit, and
 * the game's own trail stays as it was, whole, after it (the forecast
 * used to free it: a crash in play, found at the Côa, when the 1/52nd
 * that had crossed the bridge was given a Move order).
 */
static void
test_M24_3_6_6_forecast_leaves_the_trail_alone(void **state)
{
	struct ruleset *rs = NULL;
	struct game *g = scenario("M8-road-turn-follows-road-free", &rs);
	struct point keep[64], *cells = NULL;
	struct order o;
	int n = 0, nt;

	(void)state;
	game_turn(g);
	assert_int_equal(g->units[0].pos.x, 11);
	assert_int_equal(g->units[0].pos.y, 10);
	assert_true(unit_on_trail(&g->units[0]));
	nt = g->units[0].ntrail;
	assert_true(nt > 1 && nt <= 64);
	memcpy(keep, g->units[0].trail, (size_t)nt * sizeof *keep);
	o = move_to(0, 18, 18);	/* off the road */
	(void)move_forecast(g, &o, 3, &cells, &n);
	assert_true(n > 1);
	free(cells);
	assert_true(unit_on_trail(&g->units[0]));
	assert_int_equal(g->units[0].ntrail, nt);
	assert_memory_equal(g->units[0].trail, keep, (size_t)nt *
	    sizeof *keep);
	game_turn(g);				/* and the game goes on */
	game_free(g);
	ruleset_free(rs);
}

/*
 * The Move preview's forecast of a march round a lake, more than a turn
 * long, is the march the game makes: a Manoeuvre Column at (10, 20)
 * sent to (10, 4) with water across its way on rows 12 to 15, columns 4
 * to 16.  The way round is searched once and the forecast keeps to it
 * from one turn to the next, as move_unit keeps the unit's route: every
 * place the game leaves the Column at the end of a turn is a cell of the
 * forecast path, in the same order, it arrives on the turn forecast and
 * the path never enters the water.
 */
static void
test_forecast_keeps_the_way_round_across_turns(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "manoeuvre_column");
	struct point *cells = NULL;
	struct order o;
	int water = ruleset_land(rs, "water"), n = 0, turns, t, i, k, x, y;
	char *cause = NULL;

	(void)state;
	for (y = 12; y <= 15; y++)
		for (x = 4; x <= 16; x++)
			map_cell(g->map, x, y)->land = (uint8_t)water;
	o = move_to(0, 10, 4);
	turns = move_forecast(g, &o, 30, &cells, &n);
	assert_true(turns > 2);			/* several turns round */
	assert_true(n > 1);
	for (i = 0; i < n; i++)
		assert_int_not_equal(map_cell(g->map, cells[i].x,
		    cells[i].y)->land, water);
	assert_int_equal(cells[n - 1].x, 10);
	assert_int_equal(cells[n - 1].y, 4);
	assert_int_equal(game_order(g, &o, &cause), 0);
	for (t = 1, k = 0; t <= 30 && g->units[0].order.kind == ORDER_MOVE;
	    t++) {
		game_turn(g);
		/* Where the turn leaves it: on the path, at or after the
		 * place the turn before left it. */
		for (i = k; i < n; i++)
			if (cells[i].x == g->units[0].pos.x &&
			    cells[i].y == g->units[0].pos.y)
				break;
		assert_true(i < n);
		k = i;
	}
	assert_int_equal(t - 1, turns);
	assert_int_equal(k, n - 1);
	free(cells);
	game_free(g);
	ruleset_free(rs);
}

/*
 * The Move preview's forecast of a Road Column sent over a bridge (3.6.6,
 * M26): it halts before it in turn 1, passes whole in turn 2 and arrives
 * at [10, 0] in turn 3, as the game plays it.  The forecast used to
 * forget the halt before the passage, so the column waited before the
 * bridge for ever and the preview said it never arrived (found at the
 * Côa: the 1/43rd sent back over the bridge).
 */
static void
test_M26_3_6_6_forecast_passes_the_bridge(void **state)
{
	struct ruleset *rs = NULL;
	struct game *g = scenario("M26-bridge-passes-next-turn", &rs);
	struct point *cells = NULL;
	struct order o = g->units[0].order;
	int n = 0, i, t;
	bool over = false;

	(void)state;
	assert_int_equal(o.kind, ORDER_MOVE);
	t = move_forecast(g, &o, 24, &cells, &n);
	assert_int_equal(t, 3);
	assert_true(n > 1);
	assert_int_equal(cells[n - 1].x, 10);
	assert_int_equal(cells[n - 1].y, 0);
	for (i = 0; i < n; i++)
		if (cells[i].x == 10 && cells[i].y == 3)
			over = true;	/* where turn 2 leaves it */
	assert_true(over);
	free(cells);
	/* The game agrees: in turn 3 the column arrives there (the
	 * scenario's limit of 2 turns lifted). */
	g->opt.turn_limit = 0;
	game_turn(g);
	game_turn(g);
	game_turn(g);
	assert_int_equal(g->units[0].pos.x, 10);
	assert_int_equal(g->units[0].pos.y, 0);
	game_free(g);
	ruleset_free(rs);
}

/* The default battle from $MARSHAL_DATA, orders in force at once. */
static struct game *
default_battle(struct ruleset **rs)
{
	const char *dd = getenv("MARSHAL_DATA");
	char path[512];
	struct diags d;
	struct game *g;

	snprintf(path, sizeof path, "%s/scenarios/default.yaml",
	    dd != NULL ? dd : "data");
	diags_init(&d);
	g = load_scenario(path, dd != NULL ? dd : "data", rs, &d);
	if (g == NULL)
		diags_print(&d, stderr);
	diags_free(&d);
	assert_non_null(g);
	g->opt.courier_delay = false;
	g->opt.turn_limit = 0;
	return g;
}

/*
 * A Move order's default route is the cheapest the unit can march (issue
 * 13, item 2).  II/59e Ligne, in line at [61, 33] on the north edge of
 * the Eichwald, is sent to [76, 40], behind the wood's east side.  The
 * straight line runs through the wood; the route keeps to the open ground
 * along the north edge, to [69, 33], then down the east side: two points,
 * the bend and the destination.  The walk marches exactly the forecast
 * cells and arrives in the 13 turns forecast (a line, 2 BD a turn, the
 * first spent turning its front east, and the wood under its wide front
 * slowing it along the edge, 3.6.5).
 */
static void
test_move_route_goes_round_a_wood(void **state)
{
	struct ruleset *rs = NULL;
	struct game *g = default_battle(&rs);
	struct order o, r;
	struct point *path = NULL, p;
	int u = game_find_unit(g, "2-59L"), n = 0, turns, t, i, k;
	int wood = ruleset_land(rs, "wood");
	enum dir f;
	bool through = false, on;
	char *cause = NULL;

	(void)state;
	assert_true(u >= 0 && wood >= 0);
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = u;
	o.general = g->units[u].general;
	o.pts[0] = (struct point){ 76, 40 };
	o.npts = 1;
	/* The straight line would cross the wood. */
	p = g->units[u].pos;
	f = g->units[u].facing;
	while (p.x != 76 || p.y != 40) {
		struct point q = path_next(p, f, o.pts[0]);

		f = (enum dir)dir_between(p, q);
		p = q;
		if (map_cell(g->map, p.x, p.y)->land == wood)
			through = true;
	}
	assert_true(through);

	assert_int_equal(move_route(g, &o, &r), 0);
	assert_int_equal(r.npts, 2);
	assert_int_equal(r.pts[0].x, 69);
	assert_int_equal(r.pts[0].y, 33);
	assert_int_equal(r.pts[1].x, 76);
	assert_int_equal(r.pts[1].y, 40);
	turns = move_forecast(g, &r, 20, &path, &n);
	assert_int_equal(turns, 13);
	assert_int_equal(n, 16);
	assert_int_equal(path[0].x, 61);
	assert_int_equal(path[0].y, 33);
	assert_int_equal(path[8].x, 69);
	assert_int_equal(path[8].y, 33);
	assert_int_equal(path[12].x, 73);
	assert_int_equal(path[12].y, 37);
	assert_int_equal(path[15].x, 76);
	assert_int_equal(path[15].y, 40);
	for (i = 0; i < n; i++)
		assert_int_not_equal(map_cell(g->map, path[i].x,
		    path[i].y)->land, wood);

	/* Given, the order is walked turn by turn on those cells. */
	assert_int_equal(game_order(g, &r, &cause), 0);
	for (t = 1; t <= 20 && g->units[u].order.kind == ORDER_MOVE; t++) {
		game_turn(g);
		for (on = false, k = 0; k < n; k++)
			if (path[k].x == g->units[u].pos.x &&
			    path[k].y == g->units[u].pos.y)
				on = true;
		assert_true(on);
	}
	assert_int_equal(t - 1, turns);
	assert_int_equal(g->units[u].pos.x, 76);
	assert_int_equal(g->units[u].pos.y, 40);
	free(path);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.3 (issue 12, decision 1): the forecast of a battery's pivot over
 * two turns pays limbering once, as the game does: Drill 3 = 3 AP, N to
 * S is four 45-degree pivots; turn 1 limbers (1) and pivots twice (2),
 * turn 2 pivots twice (2) and unlimbers (1).  Two turns, not three.
 * After turn 1 the forecast of its standing order resumes the pivot, its
 * limbering paid: one turn more, as the game takes, not two.
 */
static void
test_3_6_3_forecast_of_a_pivot_over_two_turns(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "unlimbered");
	struct unit *u = &g->units[0];
	struct point *cells = NULL;
	struct order o;
	char *cause = NULL;
	int n = 0, t;

	(void)state;
	game_occupy(g, 0, false);
	u->arm = ARM_ARTILLERY;
	u->klass = ruleset_class(rs, ARM_ARTILLERY, "light");
	unit_attr_set(u, ruleset_attr(g->rs, "drill"), 3);
	unit_attr_set(u, ruleset_attr(g->rs, "musician"), false);
	u->strength = u->strength0 = 6;
	u->pos = (struct point){ 10, 18 };
	game_occupy(g, 0, true);
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = 0;
	o.general = 0;
	o.pts[0] = (struct point){ 10, 19 };
	o.npts = 1;
	assert_int_equal(move_forecast(g, &o, 5, &cells, &n), 2);
	free(cells);
	assert_int_equal(game_order(g, &o, &cause), 0);
	game_turn(g);
	assert_int_equal(g->units[0].facing, DIR_E);	/* half way, clockwise */
	assert_int_equal(move_forecast(g, &g->units[0].order, 5, &cells, &n),
	    1);
	free(cells);
	for (t = 1; t < 5 && g->units[0].order.kind == ORDER_MOVE; t++)
		game_turn(g);
	assert_int_equal(t, 2);
	assert_int_equal(g->units[0].facing, DIR_S);
	assert_int_equal(g->units[0].formation, ruleset_form(rs,
	    "unlimbered"));
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.3: a battery pivots the short way round: N to SW is three
 * 45-degree pivots to the left.  Drill 3 = 3 AP: turn 1 limbers (1) and
 * pivots to NW and W (2); turn 2 pivots to SW (1) and unlimbers (1).
 */
static void
test_3_6_3_pivot_the_short_way_round(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "unlimbered");
	struct unit *u = &g->units[0];
	struct order o;
	char *cause = NULL;

	(void)state;
	game_occupy(g, 0, false);
	u->arm = ARM_ARTILLERY;
	u->klass = ruleset_class(rs, ARM_ARTILLERY, "light");
	unit_attr_set(u, ruleset_attr(g->rs, "drill"), 3);
	unit_attr_set(u, ruleset_attr(g->rs, "musician"), false);
	u->strength = u->strength0 = 6;
	u->pos = (struct point){ 10, 18 };
	game_occupy(g, 0, true);
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = 0;
	o.general = 0;
	o.pts[0] = (struct point){ 9, 19 };
	o.npts = 1;
	assert_int_equal(game_order(g, &o, &cause), 0);
	game_turn(g);
	assert_int_equal(g->units[0].facing, DIR_W);
	game_turn(g);
	assert_int_equal(g->units[0].facing, DIR_SW);
	assert_int_equal(g->units[0].formation, ruleset_form(rs,
	    "unlimbered"));
	assert_int_equal(g->units[0].pos.x, 10);
	assert_int_equal(g->units[0].pos.y, 18);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.3: a pivot that uses up the turn's action points ends the next
 * turn: N to W is two 45-degree pivots; Drill 3 = 3 AP: turn 1 limbers
 * (1) and pivots twice (2), facing W with no AP left to unlimber; turn 2
 * only unlimbers (1 AP), which completes the order, and turn 3 has
 * nothing left to do.
 */
static void
test_3_6_3_pivot_ends_next_turn_with_the_unlimbering(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "unlimbered");
	struct unit *u = &g->units[0];
	struct order o;
	char *cause = NULL;
	int i, n;

	(void)state;
	game_occupy(g, 0, false);
	u->arm = ARM_ARTILLERY;
	u->klass = ruleset_class(rs, ARM_ARTILLERY, "light");
	unit_attr_set(u, ruleset_attr(g->rs, "drill"), 3);
	unit_attr_set(u, ruleset_attr(g->rs, "musician"), false);
	u->strength = u->strength0 = 6;
	u->pos = (struct point){ 10, 18 };
	u->facing = DIR_N;
	game_occupy(g, 0, true);
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = 0;
	o.general = 0;
	o.pts[0] = (struct point){ 9, 18 };
	o.npts = 1;
	assert_int_equal(game_order(g, &o, &cause), 0);
	game_turn(g);
	assert_int_equal(g->units[0].facing, DIR_W);
	assert_int_equal(g->units[0].order.kind, ORDER_MOVE);
	/* That it unlimbers next turn under the same order is its own
	 * side's to read (know.h), the pivot itself both sides'. */
	assert_int_equal(count_events(g, 0, "3.6.3", "faces W with no AP left "
	    "to unlimber: it unlimbers next turn under the same order"), 1);
	for (i = 0, n = 0; i < g->log.n; i++)
		if (strstr(g->log.v[i].text, "it unlimbers next turn under the "
		    "same order") != NULL) {
			assert_true(know_event(g, &g->log.v[i], 0));
			assert_false(know_event(g, &g->log.v[i], 1));
			n++;
		}
	assert_int_equal(n, 1);
	game_turn(g);
	assert_int_equal(count_events(g, 0, "3.6.3", "ends its pivot facing "
	    "W: unlimber 1 AP of its 3 AP (Drill)"), 1);
	/* The turn's AP spent are the 1 to unlimber, 2 of 3 left. */
	assert_int_equal(nap_ap_used(rs, &g->units[0]), 1);
	assert_int_equal(g->units[0].formation, ruleset_form(rs,
	    "unlimbered"));
	assert_int_not_equal(g->units[0].order.kind, ORDER_MOVE);
	game_turn(g);
	assert_int_equal(count_events(g, 0, "3.6.3", "ends its pivot"), 1);
	assert_int_equal(g->units[0].facing, DIR_W);
	assert_int_equal(g->units[0].pos.x, 10);
	assert_int_equal(g->units[0].pos.y, 18);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.3: a battery of Drill 1 spends its one AP limbering up: it stands
 * limbered where it was, with 0 AP free to move this turn, and the next
 * turn moves off with its whole Drill in AP (1 AP: 1 BD, 2 cells).
 */
static void
test_3_6_3_battery_that_spends_its_ap_limbering_stays(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "unlimbered");
	struct unit *u = &g->units[0];
	struct order o;
	char *cause = NULL;

	(void)state;
	game_occupy(g, 0, false);
	u->arm = ARM_ARTILLERY;
	u->klass = ruleset_class(rs, ARM_ARTILLERY, "light");
	unit_attr_set(u, ruleset_attr(g->rs, "drill"), 1);
	unit_attr_set(u, ruleset_attr(g->rs, "musician"), false);
	u->strength = u->strength0 = 6;
	u->pos = (struct point){ 10, 18 };
	u->facing = DIR_N;
	game_occupy(g, 0, true);
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = 0;
	o.general = 0;
	o.pts[0] = (struct point){ 10, 8 };
	o.npts = 1;
	assert_int_equal(game_order(g, &o, &cause), 0);
	game_turn(g);
	assert_int_equal(count_events(g, 0, "3.6.3", "limbers up: 1 AP, 0 of "
	    "1 AP (Drill) left"), 1);
	assert_int_equal(count_events(g, 0, "3.6.3", "; 0 AP free: moves "
	    "min(0 BD, 2 BD) = 0 BD"), 1);
	assert_int_equal(g->units[0].formation, ruleset_form(rs,
	    "limbered"));
	assert_int_equal(g->units[0].pos.y, 18);
	assert_int_equal(g->units[0].order.kind, ORDER_MOVE);
	game_turn(g);
	assert_int_equal(g->units[0].pos.x, 10);
	assert_int_equal(g->units[0].pos.y, 16);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.3: foot in Line moves Drill - 2 BD; at Drill 1 that is -1 BD,
 * counted as 0, so its drum's +1 BD gives 1 BD (2 cells) and no less;
 * without a drum it stays.
 */
static void
test_3_6_3_line_below_nothing_counts_0_before_the_drum(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	int k;

	(void)state;
	unit_attr_set(&g->units[0], ruleset_attr(g->rs, "drill"), 1);
	order_move(g, 0, 10, 5);
	game_turn(g);
	assert_int_equal(count_events(g, 0, "3.6.3", ", counted as 0"), 1);
	assert_int_equal(g->units[0].pos.x, 10);
	assert_int_equal(g->units[0].pos.y, 18);
	game_free(g);

	g = one_unit(rs, "line");
	unit_attr_set(&g->units[0], ruleset_attr(g->rs, "drill"), 1);
	unit_attr_set(&g->units[0], ruleset_attr(g->rs, "musician"), false);
	order_move(g, 0, 10, 5);
	for (k = 0; k < 2; k++)
		game_turn(g);
	assert_int_equal(g->units[0].pos.y, 20);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.3: a battery pays its march in whole AP, any part of a BD counting
 * as a whole one: limbered, Drill 2 (2 AP), it marches one diagonal and
 * one straight step (0.75 + 0.5 = 1.25 BD) to its destination, which
 * costs 2 AP, and has none left to unlimber: it unlimbers next turn.
 */
static void
test_3_6_3_battery_pays_a_part_bd_as_a_whole_ap(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "limbered");
	struct unit *u = &g->units[0];
	int i;

	(void)state;
	game_occupy(g, 0, false);
	u->arm = ARM_ARTILLERY;
	u->klass = ruleset_class(rs, ARM_ARTILLERY, "light");
	unit_attr_set(u, ruleset_attr(g->rs, "drill"), 2);
	unit_attr_set(u, ruleset_attr(g->rs, "musician"), false);
	u->strength = u->strength0 = 6;
	u->pos = (struct point){ 10, 18 };
	u->facing = DIR_N;
	game_occupy(g, 0, true);
	order_move(g, 0, 11, 16);
	game_turn(g);
	assert_int_equal(g->units[0].pos.x, 11);
	assert_int_equal(g->units[0].pos.y, 16);
	assert_int_equal(g->units[0].moved, 5);
	assert_int_equal(count_events(g, 0, "3.6.3", "reaches its destination "
	    "with 0 AP left: it unlimbers next turn"), 1);
	/* It tells the battery's destination and what it will do there:
	 * its own side reads it, the enemy does not (know.h). */
	for (i = 0; i < g->log.n; i++)
		if (strstr(g->log.v[i].text, "it unlimbers next turn") !=
		    NULL) {
			assert_true(know_event(g, &g->log.v[i], 0));
			assert_false(know_event(g, &g->log.v[i], 1));
		}
	assert_int_equal(g->units[0].formation, ruleset_form(rs,
	    "limbered"));
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.5 (issue 12, decision 2): ground with a cost of a quarter BD (a
 * data file may give Pr in quarters) is entered like any other: a Column
 * (1 BD, 4 ticks) steps 0.5 BD onto open ground, then has 0.5 BD left;
 * the fields ahead, Pr 0.25, cost no more than that, so it goes in,
 * spending all: at [10, 18], 1 BD moved.
 */
static void
test_3_6_5_quarter_bd_ground_is_entered_with_what_is_left(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "column");
	int fields = ruleset_land(rs, "fields"), x;

	(void)state;
	unit_attr_set(&g->units[0], ruleset_attr(g->rs, "musician"), false);
	rs->land[fields].pr = 1;
	for (x = 0; x < 30; x++)
		map_cell(g->map, x, 18)->land = (uint8_t)fields;
	order_move(g, 0, 10, 10);
	game_turn(g);
	assert_int_equal(g->units[0].pos.x, 10);
	assert_int_equal(g->units[0].pos.y, 18);
	assert_int_equal(g->units[0].moved, 4);
	assert_int_equal(count_events(g, 0, "3.6.1", "A marches under its Move "
	    "order towards [10, 10]; its colonel rides at the front"), 1);
	assert_int_equal(count_events(g, 0, "3.6.5", "enters fields (Pr 0.25 "
	    "+ Pe 0): -0.25 BD besides the step"), 1);
	assert_int_equal(count_events(g, 0, "3.6.5", "Pr + Pe of the new "
	    "ground is not more than the 0.5 BD it has: it goes in as far as "
	    "that pays and spends all"), 1);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.5, the same quarter BD ground up a contour (1 free a turn), which
 * prices the step cell by cell rather than by the quick way: the Column
 * steps 0.5 BD, then onto the ground of row 18, a level up, Pr 0.25 (1
 * tick), and the note says what entering it costs: at [10, 18], 1 BD
 * moved.  The ground ahead is fields (the column on open ground), then
 * open ground, the landscape's first (the column on fields).
 */
static void
test_3_6_5_quarter_bd_ground_up_a_contour_is_priced(void **state)
{
	static const char *const want[2] = {
		"enters fields (Pr 0.25 + Pe 0): -0.25 BD besides the step",
		"enters open ground (Pr 0.25 + Pe 0): -0.25 BD besides the "
		    "step"
	};
	int k;

	(void)state;
	for (k = 0; k < 2; k++) {
		struct ruleset *rs = rules();
		struct game *g = one_unit(rs, "column");
		int fields = ruleset_land(rs, "fields"), x, y;

		assert_true(fields > 0);
		unit_attr_set(&g->units[0], ruleset_attr(g->rs, "musician"),
		    false);
		rs->land[k == 0 ? fields : 0].pr = 1;
		for (x = 0; x < 30; x++)
			for (y = 0; y < 30; y++) {
				if ((k == 0) == (y == 18))
					map_cell(g->map, x, y)->land =
					    (uint8_t)fields;
				if (y <= 18)
					map_cell(g->map, x, y)->height = 1;
			}
		order_move(g, 0, 10, 10);
		game_turn(g);
		assert_int_equal(g->units[0].pos.x, 10);
		assert_int_equal(g->units[0].pos.y, 18);
		assert_int_equal(g->units[0].moved, 4);
		assert_int_equal(count_events(g, 0, "3.6.5", want[k]), 1);
		game_free(g);
		ruleset_free(rs);
	}
}

/*
 * 3.6.3: a pivot costs only its AP: a battery of Drill 5 (5 AP) pivoting
 * N to NE limbers (1), pivots once (1) and unlimbers (1), 3 of its 5 AP,
 * and the order is done in the turn.
 */
/*
 * 3.6.3, marshal's reading: a battery of Drill 1 (1 AP) that has not
 * moved this turn, ordered to face E from N (90 degrees), has not the AP
 * to limber and pivot even 45 degrees, yet may always pivot 45 degrees,
 * spending all: it faces NE this turn, and goes on next turn.
 */
static void
test_3_6_3_battery_short_of_ap_pivots_45_degrees_only(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "unlimbered");
	struct unit *u = &g->units[0];

	(void)state;
	game_occupy(g, 0, false);
	u->arm = ARM_ARTILLERY;
	u->klass = ruleset_class(rs, ARM_ARTILLERY, "light");
	unit_attr_set(u, ruleset_attr(g->rs, "drill"), 1);
	unit_attr_set(u, ruleset_attr(g->rs, "musician"), false);
	u->strength = u->strength0 = 6;
	u->pos = (struct point){ 10, 18 };
	u->facing = DIR_N;
	game_occupy(g, 0, true);
	order_move(g, 0, 11, 18);
	game_turn(g);
	assert_int_equal(g->units[0].facing, DIR_NE);
	assert_int_equal(count_events(g, 0, "3.6.3", "pivots in place from N "
	    "to NE: limber 1 AP + 1 x 45 degrees x 1 AP + unlimber 0 AP = 1 "
	    "of its 1 AP (Drill); more than it has, but a battery that has "
	    "not moved this turn may always pivot 45 degrees, spending all "
	    "(marshal's reading)"), 1);
	assert_int_equal(count_events(g, 0, "3.6.3", "goes on pivoting to E "
	    "next turn under the same order"), 1);
	assert_int_equal(g->units[0].order.kind, ORDER_MOVE);
	game_free(g);
	ruleset_free(rs);
}

static void
test_3_6_3_pivot_costs_only_its_ap(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "unlimbered");
	struct unit *u = &g->units[0];

	(void)state;
	game_occupy(g, 0, false);
	u->arm = ARM_ARTILLERY;
	u->klass = ruleset_class(rs, ARM_ARTILLERY, "light");
	unit_attr_set(u, ruleset_attr(g->rs, "drill"), 5);
	unit_attr_set(u, ruleset_attr(g->rs, "musician"), false);
	u->strength = u->strength0 = 6;
	u->pos = (struct point){ 10, 18 };
	u->facing = DIR_N;
	game_occupy(g, 0, true);
	order_move(g, 0, 11, 17);
	game_turn(g);
	assert_int_equal(g->units[0].facing, DIR_NE);
	assert_int_equal(count_events(g, 0, "3.6.3", "pivots in place from N "
	    "to NE: limber 1 AP + 1 x 45 degrees x 1 AP + unlimber 1 AP = 3 "
	    "of its 5 AP (Drill)"), 1);
	assert_int_not_equal(g->units[0].order.kind, ORDER_MOVE);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.3: a battery told to face the way it faces already pivots not at
 * all: it is done with the order in the turn, stands where it stood, in
 * its formation, and the log says so.
 */
static void
test_3_6_3_battery_already_facing_needs_no_pivot(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "unlimbered");
	struct unit *u = &g->units[0];
	struct order o;
	char *cause = NULL;

	(void)state;
	game_occupy(g, 0, false);
	u->arm = ARM_ARTILLERY;
	u->klass = ruleset_class(rs, ARM_ARTILLERY, "light");
	unit_attr_set(u, ruleset_attr(g->rs, "drill"), 3);
	unit_attr_set(u, ruleset_attr(g->rs, "musician"), false);
	u->strength = u->strength0 = 6;
	u->pos = (struct point){ 10, 18 };
	u->facing = DIR_N;
	game_occupy(g, 0, true);
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = 0;
	o.general = 0;
	o.pts[0] = (struct point){ 10, 17 };
	o.npts = 1;
	assert_int_equal(game_order(g, &o, &cause), 0);
	game_turn(g);
	assert_int_equal(count_events(g, 0, "3.6.3", "already faces N: no "
	    "pivot needed"), 1);
	assert_int_not_equal(g->units[0].order.kind, ORDER_MOVE);
	assert_int_equal(g->units[0].facing, DIR_N);
	assert_int_equal(g->units[0].pos.x, 10);
	assert_int_equal(g->units[0].pos.y, 18);
	assert_int_equal(g->units[0].formation, ruleset_form(rs,
	    "unlimbered"));
	game_free(g);
	ruleset_free(rs);
}

/* Unit "b", infantry in Line (Drill 4, 600 men) of side at (x, y) facing
 * f, placed on the map: its index. */
static int
line_at(struct game *g, int side, int x, int y, enum dir f)
{
	int b = game_add_unit(g, "b", "B", side, side);

	g->units[b].arm = ARM_INFANTRY;
	unit_attr_set(&g->units[b], ruleset_attr(g->rs, "drill"), 4);
	g->units[b].strength = g->units[b].strength0 = 600;
	g->units[b].formation = ruleset_form(g->rs, "line");
	g->units[b].pos = (struct point){ x, y };
	g->units[b].facing = f;
	game_occupy(g, b, true);
	return b;
}

/* A Move order of unit 0 (general 0) to (x, y). */
static struct order
move_of_a(int x, int y)
{
	struct order o;

	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = 0;
	o.general = 0;
	o.pts[0] = (struct point){ x, y };
	o.npts = 1;
	return o;
}

/*
 * The route offered leaves friends to the walk: one standing in the way
 * as the order is given may be ordered on before the turn is played.
 * Column A at [10, 20] is sent to [10, 5]; B stands at [10, 14] facing
 * north, in its way.  B in Line (its rear blocks, 3.6.7) or in a
 * Skirmish Group (nothing blocks): the route is the straight line, one
 * point.  Marched with B still standing in Line, the walk goes round B's
 * block, never entering it, and arrives; B ordered away first, A marches
 * straight up the file where B stood.
 */
static void
test_move_route_leaves_friends_to_the_walk(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "column");
	struct order o, r, away;
	struct point *cells = NULL, *fp;
	int b, n = 0, nf, i, k;

	(void)state;
	b = line_at(g, 0, 10, 14, DIR_N);
	o = move_of_a(10, 5);
	assert_int_equal(move_route(g, &o, &r), 0);
	assert_int_equal(r.npts, 1);	/* straight */
	assert_int_equal(r.pts[0].x, 10);
	assert_int_equal(r.pts[0].y, 5);
	assert_true(move_forecast(g, &r, 20, &cells, &n) > 0);
	assert_int_equal(cells[n - 1].x, 10);
	assert_int_equal(cells[n - 1].y, 5);
	fp = game_cells_take(g);
	nf = game_footprint(g, &g->units[b], fp);
	assert_true(nf > 0);
	for (i = 0; i < n; i++)
		for (k = 0; k < nf; k++)
			assert_false(cells[i].x == fp[k].x &&
			    cells[i].y == fp[k].y);
	game_cells_give(g, fp);
	free(cells);

	/* B given a Move order of its own, out of the way to the east:
	 * A's forecast no longer turns aside, every cell on x = 10. */
	away = move_of_a(30, 14);
	away.unit = b;
	g->units[b].order = away;
	assert_true(move_forecast(g, &r, 20, &cells, &n) > 0);
	for (i = 0; i < n; i++)
		assert_int_equal(cells[i].x, 10);
	assert_int_equal(cells[n - 1].y, 5);
	free(cells);
	memset(&g->units[b].order, 0, sizeof g->units[b].order);

	game_occupy(g, b, false);
	g->units[b].formation = ruleset_form(rs, "skirmish");
	game_occupy(g, b, true);
	assert_int_equal(move_route(g, &o, &r), 0);
	assert_int_equal(r.npts, 1);	/* straight through */
	assert_int_equal(r.pts[0].x, 10);
	assert_int_equal(r.pts[0].y, 5);
	game_free(g);
	ruleset_free(rs);
}

/* Unit u of g put at (x, y) facing f, its order none. */
static void
put_unit(struct game *g, int u, int x, int y, enum dir f)
{
	game_occupy(g, u, false);
	g->units[u].pos = (struct point){ x, y };
	g->units[u].facing = f;
	memset(&g->units[u].order, 0, sizeof g->units[u].order);
	game_occupy(g, u, true);
}

/* A Move order of unit u of g, from its general, to (x, y). */
static struct order
move_of(const struct game *g, int u, int x, int y)
{
	struct order o;

	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = u;
	o.general = g->units[u].general;
	o.npts = 1;
	o.pts[0] = (struct point){ x, y };
	return o;
}

/* The turns move_forecast gives order o (24 at most), -1 when it does
 * not arrive; with every cell on column x when x >= 0. */
static int
forecast_turns(const struct game *g, const struct order *o, int x)
{
	struct point *cells = NULL;
	int n = 0, t = move_forecast(g, o, 24, &cells, &n), i;

	for (i = 0; x >= 0 && i < n; i++)
		assert_int_equal(cells[i].x, x);
	free(cells);
	return t;
}

/*
 * The route offered in play, as met at Rothenbach: I/27e Ligne, in Line
 * at [26, 34], is sent north to [26, 22] while I/12e Léger's skirmishers
 * stand before it at [26, 31] with no order.  The route is the straight
 * line (a way round them would start by facing about, and arrives no
 * sooner: neither arrives in 24 turns with the skirmishers standing).
 * Given after it, the skirmishers' own order to [27, 23] clears the way:
 * the Line's order, unchanged, marches straight up column 26 and arrives
 * in 4 turns.  (The route used to be bent round the skirmishers when it
 * was given: the Line turned its front south-east and marched off the
 * long way round ground that had come clear.)
 */
static void
test_move_route_through_a_screen_ordered_on_after(void **state)
{
	struct ruleset *rs = NULL;
	struct game *g = default_battle(&rs);
	int line = game_find_unit(g, "1-27L"), sk = game_find_unit(g, "1-12Lt");
	struct order o, r;

	(void)state;
	assert_true(line >= 0 && sk >= 0);
	o = move_of(g, line, 26, 22);
	assert_int_equal(move_route(g, &o, &r), 0);
	assert_int_equal(r.npts, 1);
	assert_int_equal(r.pts[0].x, 26);
	assert_int_equal(r.pts[0].y, 22);
	assert_int_equal(forecast_turns(g, &r, -1), -1);
	g->units[sk].order = move_of(g, sk, 27, 23);
	assert_int_equal(forecast_turns(g, &r, 26), 4);
	game_free(g);
	ruleset_free(rs);
}

/*
 * Where a friend that stands would hold the march up longer than going
 * round him from the start, the route goes round him.  At Rothenbach the
 * 3e Chevau-légers lanciers, a Column at [14, 34] facing north-east, are
 * sent to [16, 25]; the 6e Chasseurs à cheval stand in the way at
 * [18, 30], facing north-east, with no order.  Marched straight, the
 * lancers meet them after a step, find no way round from there and lose
 * a turn facing about: 7 turns.  The route offered turns north first and
 * goes up column 14 to [14, 25], then to [16, 25]: 5 turns.
 */
static void
test_move_route_round_a_friend_that_holds_it_up(void **state)
{
	struct ruleset *rs = NULL;
	struct game *g = default_battle(&rs);
	int lan = game_find_unit(g, "3-ChL"), ch = game_find_unit(g, "6-Ch");
	struct order o, r;

	(void)state;
	assert_true(lan >= 0 && ch >= 0);
	put_unit(g, ch, 18, 30, DIR_NE);
	put_unit(g, lan, 14, 34, DIR_NE);
	o = move_of(g, lan, 16, 25);
	assert_int_equal(forecast_turns(g, &o, -1), 7);
	assert_int_equal(move_route(g, &o, &r), 0);
	assert_int_equal(r.npts, 2);
	assert_int_equal(r.pts[0].x, 14);
	assert_int_equal(r.pts[0].y, 25);
	assert_int_equal(r.pts[1].x, 16);
	assert_int_equal(r.pts[1].y, 25);
	assert_int_equal(forecast_turns(g, &r, -1), 5);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.7, marshal's reading: a walk goes round a friend that stays where it
 * is and may not be passed (the way round kept in its order), but not
 * round one an aide is bringing a Move order to: that friend marches
 * soon, and a way round kept for good would outlast it.  Column A at
 * [10, 20] is sent to [10, 5]; Line B stands at [10, 14] facing north,
 * its rear blocking.  With no order coming to B, A goes round it: its
 * order gains the points of the way round.  With a Move order riding to
 * B (arriving next turn), A marches up behind it, its order still the
 * one point, its front at [10, 16] when its 2 BD are spent, and says
 * why.
 */
static void
test_3_6_7_waits_for_a_friend_whose_order_is_riding(void **state)
{
	struct ruleset *rs = rules();
	struct game *g;
	int b, k, seen;

	(void)state;
	for (k = 0; k < 2; k++) {
		g = one_unit(rs, "column");
		b = line_at(g, 0, 10, 14, DIR_N);
		g->units[0].order = move_of_a(10, 5);
		g->turn = 1;
		if (k == 1) {
			g->transit = calloc(1, sizeof *g->transit);
			assert_non_null(g->transit);
			g->ntransit = 1;
			g->transit[0] = move_of_a(10, 30);
			g->transit[0].unit = b;
			g->transit[0].issued = 1;
			g->transit[0].arrives = 2;
		}
		(void)move_unit(g, NULL, 0, -1, NULL, NULL);
		seen = count_events(g, 0, "3.6.7", "B stands in the way, but "
		    "an aide brings it a Move order, arriving turn 2: A waits "
		    "for it to march rather than go round it");
		if (k == 0) {
			assert_true(g->units[0].order.npts > 1);
			assert_int_equal(seen, 0);
		} else {
			assert_int_equal(g->units[0].order.npts, 1);
			assert_int_equal(g->units[0].halt, HALT_SPEED);
			assert_int_equal(g->units[0].pos.x, 10);
			assert_int_equal(g->units[0].pos.y, 16);
			assert_int_equal(g->units[0].facing, DIR_N);
			assert_int_equal(seen, 1);
		}
		game_free(g);
	}
	ruleset_free(rs);
}

/*
 * M6 (3.6.3): a battery that must limber up to march and has no room to
 * says who stands in the way and where, unit 0 as any other: B, a Line
 * filed first (unit 0) at [10, 24] behind the light battery A (unit 1,
 * Unlimbered at [10, 20] facing N), covers a cell the battery's
 * Limbered block (2 cells wide, 6 deep) would take; sent north, A stays
 * Unlimbered where it stands, blocked, and names B and the cell.
 */
static void
test_M6_3_6_3_no_room_to_limber_names_unit_0(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = no_units(rs);
	struct order o;
	int a, b;

	(void)state;
	b = friend_at(g, "line", 10, 24);
	assert_int_equal(b, 0);
	a = game_add_unit(g, "a", "A", 0, 0);
	g->units[a].arm = ARM_ARTILLERY;
	g->units[a].klass = ruleset_class(rs, ARM_ARTILLERY, "light");
	unit_attr_set(&g->units[a], ruleset_attr(rs, "drill"), 4);
	g->units[a].strength = g->units[a].strength0 = 100;
	g->units[a].formation = ruleset_form(rs, "unlimbered");
	g->units[a].pos = (struct point){ 10, 20 };
	g->units[a].facing = DIR_N;
	game_occupy(g, a, true);
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = a;
	o.general = 0;
	o.pts[0] = (struct point){ 10, 10 };
	o.npts = 1;
	g->units[a].order = o;
	g->turn = 1;
	(void)move_unit(g, NULL, a, -1, NULL, NULL);
	assert_int_equal(g->units[a].pos.x, 10);
	assert_int_equal(g->units[a].pos.y, 20);
	assert_int_equal(g->units[a].formation,
	    ruleset_form(rs, "unlimbered"));
	assert_int_equal(g->units[a].halt, HALT_BLOCKED);
	assert_int_equal(count_events(g, a, "3.6.3", "A has no room to limber "
	    "up: B stands at [10, 24]"), 1);
	game_free(g);
	ruleset_free(rs);
}

/*
 * M6 (3.6.3), marshal's reading: a battery that reaches its destination
 * with no room there to unlimber keeps its Move order in force and
 * unlimbers when there is room.  The light battery (Drill 4, 4 AP) at
 * [10, 20], Limbered, is sent 2 BD north to [10, 16]: Limbered it is 2
 * cells wide (x 10 and 11), Unlimbered 4 (x 9 to 12).  Friend B's Line
 * stands with its left end on [12, 16]: the battery arrives, unlimbers
 * not, halts "blocked" and says where B stands; its order holds.  B
 * gone, the next turn it unlimbers where it stands (1 AP) and its order
 * is complete.  (It used to end its order and stay limbered for good.)
 */
static void
test_M6_3_6_3_battery_unlimbers_when_there_is_room(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "limbered");
	struct point *fp;
	int b, x, n, i, lo;

	(void)state;
	game_occupy(g, 0, false);
	g->units[0].arm = ARM_ARTILLERY;
	g->units[0].klass = ruleset_class(rs, ARM_ARTILLERY, "light");
	game_occupy(g, 0, true);
	b = friend_at(g, "line", 12, 16);
	/* Shift B until its block's left end is x 12. */
	fp = game_cells_take(g);
	for (x = 12; x < 30; x++) {
		game_occupy(g, b, false);
		g->units[b].pos = (struct point){ x, 16 };
		game_occupy(g, b, true);
		n = game_footprint(g, &g->units[b], fp);
		for (i = 0, lo = 99; i < n; i++)
			if (fp[i].x < lo)
				lo = fp[i].x;
		if (lo == 12)
			break;
	}
	game_cells_give(g, fp);
	assert_true(x < 30);
	g->units[0].order = move_of_a(10, 16);
	g->turn = 1;
	(void)move_unit(g, NULL, 0, -1, NULL, NULL);
	assert_int_equal(g->units[0].pos.x, 10);
	assert_int_equal(g->units[0].pos.y, 16);
	assert_int_equal(g->units[0].formation, ruleset_form(rs, "limbered"));
	assert_int_equal(g->units[0].halt, HALT_BLOCKED);
	assert_int_equal(g->units[0].order.kind, ORDER_MOVE);
	assert_int_equal(count_events(g, 0, "3.6.3", "A has no room to "
	    "unlimber here: B stands at [12, 16]; its order stays in force, "
	    "to unlimber when there is room"), 1);

	game_occupy(g, b, false);
	g->units[b].pos = (struct point){ 25, 3 };
	game_occupy(g, b, true);
	g->turn = 2;
	(void)move_unit(g, NULL, 0, -1, NULL, NULL);
	assert_int_equal(g->units[0].pos.x, 10);
	assert_int_equal(g->units[0].pos.y, 16);
	assert_int_equal(g->units[0].formation,
	    ruleset_form(rs, "unlimbered"));
	assert_int_equal(g->units[0].halt, HALT_ARRIVED);
	assert_int_equal(g->units[0].order.kind, ORDER_NONE);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.3, issue 12: a column turning 135 degrees faces about where it
 * stands and turns on about its new front (marshal's reading), but a
 * route search plans every turn about the front.  Where the faced-about
 * block has no room and the turn about the front has, the walk turns as
 * the search planned.  A Manoeuvre Column (2 x 8 cells, 3 BD) at
 * [10, 20] facing N, on rows 20 to 27, is sent SE to [18, 28]; friend B,
 * a Column at [7, 23] on [6..8, 23..26], stands on [8, 24], a cell of
 * the block faced about (front centre [11, 27]) and turned SE.  It used
 * to stand at [10, 20] facing N for good, "no room to turn to face SE
 * here: B", the way round it was given leading through the same turn.
 * Now it turns SE about its front and marches 3 BD, four diagonal steps,
 * to [14, 24] on turn 1, and arrives at [18, 28] on turn 2, formed.
 */
static void
test_3_6_3_column_turns_about_its_front_where_facing_about_has_no_room(
    void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "manoeuvre_column");
	const struct unit *a = &g->units[0];
	int mc = ruleset_form(rs, "manoeuvre_column");

	(void)state;
	(void)friend_at(g, "column", 7, 23);
	assert_int_not_equal(game_fits(g, 0, (struct point){ 11, 27 },
	    DIR_SE, mc, -1, NULL), 0);
	assert_int_equal(game_fits(g, 0, a->pos, DIR_SE, mc, -1, NULL), 0);
	g->units[0].order = move_of_a(18, 28);
	g->turn = 1;
	(void)move_unit(g, NULL, 0, -1, NULL, NULL);
	assert_int_equal(a->pos.x, 14);
	assert_int_equal(a->pos.y, 24);
	assert_int_equal(a->facing, DIR_SE);
	assert_int_equal(a->formation, mc);
	assert_int_equal(a->halt, HALT_SPEED);
	assert_int_equal(a->moved, 3 * rs->ticks);
	assert_int_equal(count_events(g, 0, "3.6.7", "no room to turn"), 0);
	assert_int_equal(count_events(g, 0, "3.6.3", "faces about"), 0);
	g->turn = 2;
	(void)move_unit(g, NULL, 0, -1, NULL, NULL);
	assert_int_equal(a->pos.x, 18);
	assert_int_equal(a->pos.y, 28);
	assert_int_equal(a->halt, HALT_ARRIVED);
	assert_int_equal(a->cond, COND_FORMED);
	game_free(g);
	ruleset_free(rs);
}

/*
 * M6 (3.6.3): a battery that reaches its point at the edge of the field,
 * where its unlimbered block (4 cells wide across its front) would stand
 * off the map, cannot wait there for room as it waits for a friend to
 * go: the edge never makes room.  A light battery limbered at [4, 0]
 * facing E, Drill 4, is sent along the top edge to [8, 0], 2 BD (4
 * cells) in one turn with AP left to unlimber: it stops on its point
 * limbered, facing E, and its order is complete (it used to keep the
 * order in force, halted "blocked" on its point every turn).  Sent to
 * [8, 2] instead, its block fits and it unlimbers there.
 */
static void
test_M6_3_6_3_battery_at_the_edge_arrives_limbered(void **state)
{
	struct ruleset *rs = rules();
	struct game *g;
	int y;

	(void)state;
	for (y = 0; y <= 2; y += 2) {
		g = one_unit(rs, "limbered");
		game_occupy(g, 0, false);
		g->units[0].arm = ARM_ARTILLERY;
		g->units[0].klass = ruleset_class(rs, ARM_ARTILLERY, "light");
		g->units[0].pos = (struct point){ 4, y };
		g->units[0].facing = DIR_E;
		game_occupy(g, 0, true);
		g->units[0].order = move_of_a(8, y);
		g->turn = 1;
		(void)move_unit(g, NULL, 0, -1, NULL, NULL);
		assert_int_equal(g->units[0].pos.x, 8);
		assert_int_equal(g->units[0].pos.y, y);
		assert_int_equal(g->units[0].facing, DIR_E);
		assert_int_equal(g->units[0].halt, HALT_ARRIVED);
		assert_int_equal(g->units[0].order.kind, ORDER_NONE);
		assert_int_equal(g->units[0].formation, ruleset_form(rs,
		    y == 0 ? "limbered" : "unlimbered"));
		assert_int_equal(count_events(g, 0, "3.6.3", "A has no room "
		    "to unlimber here facing E: the edge of the field at "
		    "[8, -1]; it stays limbered at its destination and its "
		    "order is complete"), y == 0 ? 1 : 0);
		game_free(g);
	}
	ruleset_free(rs);
}

/*
 * 3.6.8 in the route a player is offered: the cheapest way that would
 * bring the unit into battle contact short of its goal (the walk stops
 * there) gives way to one that keeps clear, when there is one.  Column
 * A at [10, 20] is sent to [10, 3]; enemy B in Line facing west at
 * [14, 12] stands 2 cells (1 BD, the gap infantry must keep) east of
 * the straight way.  Marched straight, A stops in contact and never
 * arrives; the route offered bends west and arrives.  With B a cell
 * further off (1.5 BD), the straight way is clear and stays the route.
 */
static void
test_3_6_8_move_route_keeps_clear_of_contact(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "column");
	struct point *cells = NULL;
	struct order o, r;
	int b, n = 0, i;

	(void)state;
	b = line_at(g, 1, 14, 12, DIR_W);
	o = move_of_a(10, 3);
	assert_int_equal(move_forecast(g, &o, 20, &cells, &n), -1);
	free(cells);
	cells = NULL;
	assert_int_equal(move_route(g, &o, &r), 0);
	assert_true(r.npts > 1);	/* it bends */
	for (i = 0; i < r.npts - 1; i++)
		assert_true(r.pts[i].x < 10);	/* to the west, away */
	assert_true(move_forecast(g, &r, 20, &cells, &n) > 0);
	assert_int_equal(cells[n - 1].x, 10);
	assert_int_equal(cells[n - 1].y, 3);
	free(cells);

	game_occupy(g, b, false);
	g->units[b].pos.x = 15;
	game_occupy(g, b, true);
	assert_int_equal(move_route(g, &o, &r), 0);
	assert_int_equal(r.npts, 1);	/* straight: it keeps 1.5 BD */
	assert_int_equal(r.pts[0].x, 10);
	assert_int_equal(r.pts[0].y, 3);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.8 in the route offered, when the goal itself lies in battle contact:
 * the walk stops short of it whatever way it comes, so the route is the
 * cheapest, not one that winds about to close in only at its last step.
 * The setting of test_3_6_8_move_route_keeps_clear_of_contact, the
 * Column sent instead to [10, 12], one cell west of the Line's end at
 * [14, 12] (0.5 BD: within the 1 BD infantry keeps): the route is the
 * straight line, and its forecast halts in contact with the Line at
 * [10, 16], more than 1 BD and less than 2 BD from it.
 */
static void
test_3_6_8_move_route_to_a_goal_in_contact_is_straight(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "column");
	struct point *cells = NULL;
	struct order o, r;
	struct move_forecast_end end;
	int b, n = 0;

	(void)state;
	b = line_at(g, 1, 14, 12, DIR_W);
	o = move_of_a(10, 12);
	assert_int_equal(move_route(g, &o, &r), 0);
	assert_int_equal(r.npts, 1);
	assert_int_equal(r.pts[0].x, 10);
	assert_int_equal(r.pts[0].y, 12);
	assert_int_equal(move_forecast_end(g, &r, 20, &cells, &n, &end), -1);
	assert_int_equal(end.halt, HALT_CONTACT);
	assert_int_equal(end.contact, b);
	assert_int_equal(cells[n - 1].x, 10);
	assert_int_equal(cells[n - 1].y, 16);
	free(cells);
	game_free(g);
	ruleset_free(rs);
}

/*
 * move_forecast_end: a forecast that does not arrive says how it ends,
 * for the Move preview to say why rather than "too far".  The 2 BD
 * Column (1 BD and its drum) sent from (10, 20) to (10, 0) meets the
 * enemy's Line facing it across its way on row 8: 4 cells a turn, it
 * stands at (10, 12) after turn 2, 1.5 BD off the Line, where infantry
 * halts in battle contact (3.6.8): the halt of its third walk, the
 * enemy named.  With the Line gone, the same order arrives.
 */
static void
test_3_6_8_forecast_says_it_halts_in_contact(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "column");
	struct move_forecast_end end;
	struct point *cells = NULL;
	struct order o = move_of_a(10, 0);
	int b, n = 0;

	(void)state;
	b = line_at(g, 1, 10, 8, DIR_S);
	assert_int_equal(move_forecast_end(g, &o, 24, &cells, &n, &end), -1);
	assert_int_equal(end.halt, HALT_CONTACT);
	assert_int_equal(end.contact, b);
	assert_int_equal(end.turn, 3);
	assert_int_equal(cells[n - 1].x, 10);
	assert_int_equal(cells[n - 1].y, 12);
	free(cells);
	cells = NULL;
	game_occupy(g, b, false);
	g->units[b].pos = (struct point){ 25, 25 };
	game_occupy(g, b, true);
	assert_true(move_forecast_end(g, &o, 24, &cells, &n, &end) > 0);
	free(cells);
	game_free(g);
	ruleset_free(rs);
}

/*
 * A forecast never reads the enemy's orders: an enemy's Line across the
 * way on row 8, under a Move order of its own, is forecast where it is
 * seen, as with no order at all: the Column halts in battle contact
 * with it on its third walk, at (10, 12).  (The forecast took an enemy
 * under orders off the map's occupancy, as it takes a friend; contact
 * is found from the units' places, so no march showed it, but the
 * forecast now leaves the enemy's units where they stand.)
 */
static void
test_move_forecast_reads_no_enemy_order(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "column");
	struct move_forecast_end end;
	struct point *cells = NULL;
	struct order o = move_of_a(10, 0);
	int b, n = 0;

	(void)state;
	b = line_at(g, 1, 10, 8, DIR_S);
	g->units[b].order.kind = ORDER_MOVE;
	g->units[b].order.unit = b;
	g->units[b].order.npts = 1;
	g->units[b].order.pts[0] = (struct point){ 10, 30 };
	assert_int_equal(move_forecast_end(g, &o, 24, &cells, &n, &end), -1);
	assert_int_equal(end.halt, HALT_CONTACT);
	assert_int_equal(end.contact, b);
	assert_int_equal(end.turn, 3);
	assert_int_equal(cells[n - 1].x, 10);
	assert_int_equal(cells[n - 1].y, 12);
	free(cells);
	game_free(g);
	ruleset_free(rs);
}

/*
 * move_preview is move_unit without the commit: for every unit under a
 * Move order in every scenario of tests/scenarios (a march through a
 * wood, a lake that makes it Mob, a wheel, a way round a friend, a
 * contact, a passage...), each previewed and then moved in turn, over
 * three turns (the order resumed, its way round carried), the
 * preview's place, facing, formation, condition, halt, spent ticks and
 * last path cell are the move's, and its explanation is the move's
 * notes, event for event: kind, rule, text and whether it is the side's
 * own.  The 3.6.4 roll is off (a preview makes none).  A preview that
 * waits for a friend under orders (its first line says so) is the
 * phase's, not move_unit's alone: those few are left out here.
 */
static void
test_move_preview_is_the_move_without_the_commit(void **state)
{
	const char *top = getenv("top_srcdir");
	char *dir = xasprintf("%s/tests/scenarios", top != NULL ? top : ".");
	struct dirent *de;
	DIR *dp;
	int nscen = 0, nmoved = 0, nown = 0, ncond = 0, nwaited = 0;

	(void)state;
	dp = opendir(dir);
	assert_non_null(dp);
	while ((de = readdir(dp)) != NULL) {
		struct ruleset *rs = NULL;
		struct game *g;
		struct move_preview p;
		char name[256];
		size_t len = strlen(de->d_name);
		int u, r, i, nlog, spent;

		if (len < 6 || strcmp(de->d_name + len - 5, ".yaml") != 0 ||
		    len - 5 >= sizeof name)
			continue;
		memcpy(name, de->d_name, len - 5);
		name[len - 5] = '\0';
		g = scenario(name, &rs);
		g->opt.random_speed = false;
		nscen++;
		for (r = 0; r < 3 * g->nunits; r++) {
			struct order o;
			enum cond c0;

			u = r % g->nunits;
			if (u == 0 && r > 0)
				g->turn++;
			o = g->units[u].order;
			c0 = g->units[u].cond;

			if (o.kind != ORDER_MOVE || !unit_active(&g->units[u]))
				continue;
			assert_int_equal(move_preview(g, &o, &p), 0);
			nlog = g->log.n;
			spent = move_unit(g, NULL, u, -1, NULL, NULL);
			/* A preview that waits for a friend under orders
			 * marches it first, as the phase does
			 * (test_preview_waits_for_a_friend_under_orders);
			 * move_unit alone, with no phase, waits for nobody. */
			if (p.log.n > 0 && (strstr(p.log.v[0].text,
			    " waits for ") != NULL || strstr(p.log.v[0].text,
			    " waited for ") != NULL)) {
				nwaited++;
				move_preview_free(&p);
				continue;
			}
			nmoved++;
			if (p.pos.x != g->units[u].pos.x ||
			    p.pos.y != g->units[u].pos.y)
				print_error("%s: unit %d previewed at [%d, %d], "
				    "moved to [%d, %d]\n", name, u, p.pos.x,
				    p.pos.y, g->units[u].pos.x,
				    g->units[u].pos.y);
			assert_int_equal(p.pos.x, g->units[u].pos.x);
			assert_int_equal(p.pos.y, g->units[u].pos.y);
			assert_int_equal(p.facing, g->units[u].facing);
			assert_int_equal(p.form, g->units[u].formation);
			assert_int_equal(p.cond, g->units[u].cond);
			assert_int_equal(p.halt, g->units[u].halt);
			assert_int_equal(p.spent, spent);
			assert_true(p.npath >= 1);
			assert_int_equal(p.path[p.npath - 1].x, p.pos.x);
			assert_int_equal(p.path[p.npath - 1].y, p.pos.y);
			if (p.cond != c0)
				ncond++;
			/* The notes, then the closing EV_MOVE line; the march's
			 * colonel line (3.6.1), its side's own, is the
			 * march's alone. */
			if (g->log.n > nlog && g->log.v[nlog].kind == EV_MOVE &&
			    strcmp(g->log.v[nlog].rule, "3.6.1") == 0) {
				assert_true(g->log.v[nlog].own);
				nlog++;
			}
			assert_true(g->log.n > nlog + p.log.n);
			for (i = 0; i < p.log.n; i++) {
				const struct event *a = &p.log.v[i];
				const struct event *b = &g->log.v[nlog + i];

				assert_int_equal(a->kind, b->kind);
				assert_int_equal(a->unit, u);
				assert_string_equal(a->rule, b->rule);
				assert_string_equal(a->text, b->text);
				assert_int_equal(a->own, b->own);
				nown += a->own;
			}
			/* No note of the move's left out: what follows the
			 * notes up to the closing line is the commit's own
			 * (a change of condition, say). */
			for (i = nlog + p.log.n; i < g->log.n &&
			    g->log.v[i].kind != EV_MOVE; i++)
				assert_int_not_equal(g->log.v[i].kind, EV_NOTE);
			assert_true(i < g->log.n);
			move_preview_free(&p);
		}
		game_free(g);
		ruleset_free(rs);
	}
	closedir(dp);
	free(dir);
	/* The comparison met what it is for. */
	print_message("%d scenarios, %d moves compared, %d previews that "
	    "waited left out\n", nscen, nmoved, nwaited);
	assert_true(nscen > 100);
	assert_true(nmoved > 100);
	assert_true(nwaited < nmoved / 10);
	assert_true(nown > 0);
	assert_true(ncond > 0);
}

/*
 * move_forecast is the march played turn after turn: in every scenario
 * of tests/scenarios where one unit alone is under a Move order, the
 * forecast over four turns and the unit moved by move_unit turn after
 * turn (each turn's path read from its preview, which is the move's)
 * walk the same cells, start first; when the forecast says it arrives
 * in t turns the unit's order is done after the t-th turn, on the last
 * cell, and not before; when it stops short of the march, the march was
 * halted for contact on the forecast's last cell (a blocked walk that
 * gained ground goes on).  The 3.6.4 roll is off.
 */
static void
test_move_forecast_is_the_march_played_turn_after_turn(void **state)
{
	const char *top = getenv("top_srcdir");
	char *dir = xasprintf("%s/tests/scenarios", top != NULL ? top : ".");
	struct dirent *de;
	DIR *dp;
	int ncmp = 0, narrive = 0, nlong = 0;

	(void)state;
	dp = opendir(dir);
	assert_non_null(dp);
	while ((de = readdir(dp)) != NULL) {
		struct ruleset *rs = NULL;
		struct game *g;
		struct move_preview p;
		struct point *fp = NULL, *pp = NULL;
		char name[256];
		size_t len = strlen(de->d_name);
		int u, v, i, t, turns, nf = 0, np = 0, done = 0;
		int contact_at = -1;	/* np after the first contact halt */

		if (len < 6 || strcmp(de->d_name + len - 5, ".yaml") != 0 ||
		    len - 5 >= sizeof name)
			continue;
		memcpy(name, de->d_name, len - 5);
		name[len - 5] = '\0';
		g = scenario(name, &rs);
		g->opt.random_speed = false;
		u = -1;
		for (v = 0; v < g->nunits; v++)
			if (g->units[v].order.kind == ORDER_MOVE &&
			    unit_active(&g->units[v]))
				u = u == -1 ? v : -2;
		if (u < 0) {
			game_free(g);
			ruleset_free(rs);
			continue;
		}
		turns = move_forecast(g, &g->units[u].order, 4, &fp, &nf);
		pp = xmallocarray(256, sizeof *pp);
		for (t = 1; t <= 4 && g->units[u].order.kind == ORDER_MOVE;
		    t++) {
			assert_int_equal(move_preview(g, &g->units[u].order,
			    &p), 0);
			assert_true(np + p.npath <= 256);
			for (i = np > 0 ? 1 : 0; i < p.npath; i++)
				pp[np++] = p.path[i];
			move_preview_free(&p);
			move_unit(g, NULL, u, -1, NULL, NULL);
			if (g->units[u].halt == HALT_CONTACT && contact_at < 0)
				contact_at = np;
			/* Done, or cancelled (-t: a lake, say), as
			 * move_unit's last line says. */
			if (g->units[u].order.kind != ORDER_MOVE)
				done = strstr(g->log.v[g->log.n - 1].text,
				    "cancelled") != NULL ? -t : t;
			g->turn++;
		}
		/* The forecast stops early only when the march gains
		 * nothing more: its cells are the march's first ones. */
		assert_true(nf <= np);
		for (i = 0; i < nf; i++) {
			assert_int_equal(fp[i].x, pp[i].x);
			assert_int_equal(fp[i].y, pp[i].y);
		}
		if (turns > 0) {
			assert_int_equal(turns, done);
			assert_int_equal(nf, np);
			assert_int_equal(fp[nf - 1].x, g->units[u].pos.x);
			assert_int_equal(fp[nf - 1].y, g->units[u].pos.y);
			narrive++;
		} else
			assert_true(done <= 0 || nf < np);
		/* Short of the march only where the enemy stopped it: a
		 * turn ends on the forecast's last cell halted for contact
		 * (a routed enemy touched is one the march goes on past). */
		if (nf < np && done >= 0)
			assert_true(contact_at == nf);
		if (done < 0)
			assert_int_equal(turns, -1);
		if (turns > 1)
			nlong++;
		ncmp++;
		free(fp);
		free(pp);
		game_free(g);
		ruleset_free(rs);
	}
	closedir(dp);
	free(dir);
	assert_true(ncmp > 50);
	assert_true(narrive > 10);
	assert_true(nlong > 5);
}

/*
 * route_points: from [5, 5] facing N the route [5, 4], then a wheel that
 * sets the anchor down on [7, 4] facing E (towards [8, 4]), then [8, 4],
 * [9, 4], [10, 3].  The first point is [5, 4] (the line to [7, 4] would
 * go by [6, 4]); the wheel's cell is no point, and facing E from it the
 * walk's line to [10, 3] takes the straight cells first, so the one
 * point [10, 3] covers the rest: two points.  A wheel on the route's
 * last cell is a point like any other, and the points beyond max are
 * counted, not written.
 */
static void
test_route_points_turns_with_the_wheel(void **state)
{
	const struct point r[5] = { { 5, 4 }, { 7, 4 }, { 8, 4 }, { 9, 4 },
	    { 10, 3 } };
	const unsigned char wheel[5] = { 0, 1, 0, 0, 0 };
	const struct point r2[2] = { { 5, 4 }, { 7, 4 } };
	const unsigned char wheel2[2] = { 0, 1 };
	struct point out[8], p = { 5, 5 };
	int i;

	(void)state;
	assert_int_equal(route_points(p, DIR_N, r, wheel, 5, out, 8), 2);
	assert_int_equal(out[0].x, 5);
	assert_int_equal(out[0].y, 4);
	assert_int_equal(out[1].x, 10);
	assert_int_equal(out[1].y, 3);
	/* Without the wheel the walk would step from [5, 4] to [7, 4]'s
	 * line by [6, 4]: every cell then needs its own point but those
	 * on a straight run. */
	assert_int_equal(route_points(p, DIR_N, r, NULL, 5, out, 8), 4);
	assert_int_equal(out[1].x, 7);
	assert_int_equal(out[1].y, 4);
	assert_int_equal(out[2].x, 9);
	assert_int_equal(out[2].y, 4);
	/* The wheel on the last cell. */
	assert_int_equal(route_points(p, DIR_N, r2, wheel2, 2, out, 8), 2);
	assert_int_equal(out[1].x, 7);
	assert_int_equal(out[1].y, 4);
	/* max 1: two needed, one written. */
	for (i = 0; i < 8; i++)
		out[i] = (struct point){ -1, -1 };
	assert_int_equal(route_points(p, DIR_N, r, wheel, 5, out, 1), 2);
	assert_int_equal(out[0].x, 5);
	assert_int_equal(out[1].x, -1);
}

/*
 * route_points and its wheels: a wheel's cell is reached by the wheel,
 * never by the straight line, whether it stands on the line's way or
 * not, and the line on from it starts facing its first step.
 *  - From [5, 5] facing N, [5, 4] then a wheel setting the anchor on
 *    [5, 2] (two cells on, straight ahead) and [6, 2]: the points are
 *    [5, 4] and [6, 2]; [5, 2] is no point, though the line to it would
 *    pass by [5, 4].
 *  - The wheel on the last cell but one, [5, 4], a wheel to [7, 4],
 *    [8, 4]: points [5, 4] and [8, 4].
 *  - From [3, 4] facing E, [4, 4], a wheel to [7, 2] facing N, [7, 1],
 *    [6, 0]: facing N from the wheel the line to [6, 0] takes [7, 1]
 *    first, so one point covers both: [4, 4] and [6, 0].
 */
static void
test_route_points_never_stop_on_a_wheel(void **state)
{
	const struct point ra[3] = { { 5, 4 }, { 5, 2 }, { 6, 2 } };
	const struct point rb[3] = { { 5, 4 }, { 7, 4 }, { 8, 4 } };
	const struct point rc[4] = { { 4, 4 }, { 7, 2 }, { 7, 1 }, { 6, 0 } };
	const unsigned char wa[3] = { 0, 1, 0 }, wc[4] = { 0, 1, 0, 0 };
	struct point out[8];

	(void)state;
	assert_int_equal(route_points((struct point){ 5, 5 }, DIR_N, ra, wa,
	    3, out, 8), 2);
	assert_int_equal(out[0].x, 5);
	assert_int_equal(out[0].y, 4);
	assert_int_equal(out[1].x, 6);
	assert_int_equal(out[1].y, 2);
	assert_int_equal(route_points((struct point){ 5, 5 }, DIR_N, rb, wa,
	    3, out, 8), 2);
	assert_int_equal(out[0].x, 5);
	assert_int_equal(out[0].y, 4);
	assert_int_equal(out[1].x, 8);
	assert_int_equal(out[1].y, 4);
	assert_int_equal(route_points((struct point){ 3, 4 }, DIR_E, rc, wc,
	    4, out, 8), 2);
	assert_int_equal(out[0].x, 4);
	assert_int_equal(out[0].y, 4);
	assert_int_equal(out[1].x, 6);
	assert_int_equal(out[1].y, 0);
}

/* Append to r (at *n, at most max) the cells the walk's straight line
 * (path_next) steps on from *p facing *f to goal, leaving *p and *f where
 * it ends. */
static void
line_cells(struct point *p, enum dir *f, struct point goal, struct point *r,
    int *n, int max)
{
	struct point q;

	while ((p->x != goal.x || p->y != goal.y) && *n < max) {
		q = path_next(*p, *f, goal);
		*f = (enum dir)dir_between(*p, q);
		r[(*n)++] = q;
		*p = q;
	}
}

/*
 * route_points' promise, for routes made of 1 to 4 straight legs between
 * points drawn at random (a fixed seed) from any cell and facing: the walk
 * given its points as waypoints, each reached by the straight line from
 * the last, steps on exactly the route's cells, in order; and it needs no
 * more points than the legs that made the route.
 */
static void
test_route_points_are_the_walks_waypoints(void **state)
{
	struct point r[256], back[256], out[8], p0, p, goal;
	enum dir f0, f;
	unsigned seed = 12345;
	int trial, legs, k, n, nb, m, i, turned = 0;

	(void)state;
	for (trial = 0; trial < 2000; trial++) {
#define DRAW(mod) ((seed = seed * 1103515245u + 12345u), \
		(int)((seed >> 16) % (unsigned)(mod)))
		p0 = (struct point){ 20 + DRAW(20), 20 + DRAW(20) };
		f0 = (enum dir)DRAW(DIR_COUNT);
		legs = 1 + DRAW(4);
		p = p0;
		f = f0;
		n = 0;
		for (k = 0; k < legs; k++) {
			goal = (struct point){ p.x - 8 + DRAW(17),
			    p.y - 8 + DRAW(17) };
			line_cells(&p, &f, goal, r, &n, 256);
		}
#undef DRAW
		if (n == 0)
			continue;
		m = route_points(p0, f0, r, NULL, n, out, 8);
		assert_true(m >= 1);
		assert_true(m <= legs);
		p = p0;
		f = f0;
		nb = 0;
		for (i = 0; i < m; i++)
			line_cells(&p, &f, out[i], back, &nb, 256);
		assert_int_equal(nb, n);
		assert_memory_equal(back, r, (size_t)n * sizeof *r);
		turned += m > 1;
	}
	assert_true(turned > 500);	/* routes that bend were tried */
}

/*
 * route_points: one straight leg covers at most 256 cells (ROUTE_SPAN):
 * a straight route of 300 cells east is cut at its 256th cell.
 */
static void
test_route_points_leg_of_at_most_256_cells(void **state)
{
	struct point r[300], out[4], p = { 0, 0 };
	int i;

	(void)state;
	for (i = 0; i < 300; i++)
		r[i] = (struct point){ i + 1, 0 };
	assert_int_equal(route_points(p, DIR_E, r, NULL, 300, out, 4), 2);
	assert_int_equal(out[0].x, 256);
	assert_int_equal(out[1].x, 300);
	assert_int_equal(route_points(p, DIR_E, r, NULL, 256, out, 4), 1);
	assert_int_equal(out[0].x, 256);
}

/*
 * move_route: a leg with no way at all (a lake across the whole map)
 * stays as the player drew it, one straight point; a second leg beyond
 * it is planned from that point.
 */
static void
test_move_route_leg_with_no_way_stays_as_drawn(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	struct order o, r;
	int x;

	(void)state;
	for (x = 0; x < 30; x++)
		map_cell(g->map, x, 12)->land = ruleset_land(rs, "water");
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = 0;
	o.general = -1;
	o.npts = 2;
	o.pts[0] = (struct point){ 10, 5 };
	o.pts[1] = (struct point){ 14, 5 };
	assert_int_equal(move_route(g, &o, &r), 0);
	assert_int_equal(r.npts, 2);
	assert_int_equal(r.pts[0].x, 10);
	assert_int_equal(r.pts[0].y, 5);
	assert_int_equal(r.pts[1].x, 14);
	assert_int_equal(r.pts[1].y, 5);
	assert_int_equal(move_route_form(g, &o), -1);
	game_free(g);
	ruleset_free(rs);
}

/* Whether the per-phase index files every unit that is not gone once, in
 * the list of its side in the bucket of its place (BUCKET cells a side),
 * lists linked both ways, and a gone unit in none (bucket -1). */
static void
ctx_check(const struct game *g, const struct move_ctx *c)
{
	int b, u, prev, seen[16] = { 0 };

	assert_true(g->nunits <= 16);
	for (b = 0; b < c->bw * c->bh * GAME_MAX_SIDES; b++) {
		prev = -1;
		for (u = c->head[b]; u >= 0; u = c->next[u]) {
			const struct unit *un = &g->units[u];

			assert_int_equal(c->prev[u], prev);
			assert_int_equal(c->bucket[u], b);
			assert_int_equal(b, ((un->pos.y / BUCKET) * c->bw +
			    un->pos.x / BUCKET) * GAME_MAX_SIDES + un->side);
			seen[u]++;
			prev = u;
		}
	}
	for (u = 0; u < g->nunits; u++) {
		assert_int_equal(seen[u], unit_gone(&g->units[u]) ? 0 : 1);
		if (unit_gone(&g->units[u]))
			assert_int_equal(c->bucket[u], -1);
	}
}

/*
 * The per-phase index (move_ctx_create) stays true as units walk: six
 * Lines of both sides, one of them gone, in and about one 16-cell bucket,
 * moved in turn (the first of a list, its middle, its last, one across
 * a bucket's edge each way, one twice) are each filed once, where they
 * stand.
 */
static void
test_move_ctx_files_every_unit_where_it_stands(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = game_create(rs, map_create(60, 40));
	struct move_ctx *ctx;
	static const struct { int side, x, y, tx, ty; } m[] = {
		{ 0, 4, 10, 4, 8 }, { 0, 12, 10, 12, 12 }, { 1, 4, 36, 4, 34 },
		{ 0, 20, 12, 20, 18 }, { 1, 28, 36, 28, 31 },
		{ 0, 40, 20, 40, 13 },
	};
	static const int order[] = { 0, 1, 3, 5, 3, 0, 2, 4, 1 };
	char id[8];
	int i, k, u, gone;

	(void)state;
	game_add_side(g, "French");
	game_add_side(g, "Allied");
	game_add_general(g, "fr", "General", 0, -1);
	game_add_general(g, "al", "General", 1, -1);
	g->opt.courier_delay = false;
	for (i = 0; i < 6; i++) {
		snprintf(id, sizeof id, "u%d", i);
		u = line_named(g, id, m[i].side, (struct point){ m[i].x,
		    m[i].y }, DIR_N);
		assert_int_equal(u, i);
	}
	gone = line_named(g, "gone", 1, (struct point){ 50, 36 }, DIR_N);
	game_occupy(g, gone, false);
	g->units[gone].cond = COND_DISPERSED;
	ctx = move_ctx_create(g);
	ctx_check(g, ctx);
	for (k = 0; k < (int)(sizeof order / sizeof order[0]); k++) {
		u = order[k];
		if (k < 6 || g->units[u].pos.y == m[u].ty)
			order_move(g, u, m[u].tx, k < 6 ? m[u].ty : m[u].y);
		else
			order_move(g, u, m[u].tx, m[u].ty);
		move_unit(g, ctx, u, -1, NULL, NULL);
		ctx_check(g, ctx);
	}
	/* Across the edge of row 16 southwards (u3 faces about where it
	 * stands, its front centre on row 13, and marches on), and
	 * northwards. */
	assert_int_equal(g->units[3].pos.y, 17);
	assert_int_equal(g->units[5].pos.y, 14);
	move_ctx_free(ctx);
	game_free(g);
	ruleset_free(rs);
}

/*
 * move_note: a note longer than the 256 bytes made at once is kept whole
 * (made again at its length), one of 256 characters too (one more than
 * those bytes hold); a short one too; with explain off nothing
 * is kept.  move_note_own marks the last note only, and nothing on a
 * walk with no note.  move_text_i writes whole numbers, negative ones and
 * INT_MIN too, and stops at the text's room.
 */
static void
test_move_note_keeps_long_texts_whole(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	struct move_walk w;
	struct move_text t;
	char longs[700], want[800];
	int i;

	(void)state;
	for (i = 0; i < 699; i++)
		longs[i] = (char)('a' + i % 26);
	longs[699] = '\0';
	move_walk_init(g, 0, &w);
	w.explain = true;
	move_note_own(&w);		/* no note: nothing */
	assert_int_equal(w.nnotes, 0);
	move_note(&w, EV_NOTE, "3.6.5", "short %d", 42);
	snprintf(want, sizeof want, "%s and %d more", longs, -7);
	move_note(&w, EV_MOVE, "3.6.1", "%s and %d more", longs, -7);
	move_note_own(&w);
	for (i = 0; i < 9; i++)		/* past the first 8 slots */
		move_note(&w, EV_NOTE, "", "n%d", i);
	assert_int_equal(w.nnotes, 11);
	assert_string_equal(w.notes[0].text, "short 42");
	assert_string_equal(w.notes[0].rule, "3.6.5");
	assert_int_equal(w.notes[0].kind, EV_NOTE);
	assert_false(w.notes[0].own);
	assert_int_equal(strlen(w.notes[1].text), strlen(want));
	assert_string_equal(w.notes[1].text, want);
	assert_int_equal(w.notes[1].kind, EV_MOVE);
	assert_true(w.notes[1].own);
	assert_string_equal(w.notes[10].text, "n8");
	assert_false(w.notes[10].own);
	/* 255 characters fit the 256 bytes made at once, 256 do not. */
	move_note(&w, EV_NOTE, "", "%.255s", longs);
	move_note(&w, EV_NOTE, "", "%.256s", longs);
	assert_int_equal(strlen(w.notes[11].text), 255);
	assert_int_equal(strlen(w.notes[12].text), 256);
	assert_memory_equal(w.notes[12].text, longs, 256);
	w.explain = false;
	move_note(&w, EV_NOTE, "", "not kept");
	assert_int_equal(w.nnotes, 13);
	move_walk_free(&w);

	t.n = 0;
	move_text_i(&t, 0);
	move_text_s(&t, " ");
	move_text_i(&t, -305);
	move_text_s(&t, " ");
	move_text_i(&t, INT_MIN);
	move_text_s(&t, " ");
	move_text_i(&t, 1234567890);
	assert_string_equal(t.b, "0 -305 -2147483648 1234567890");
	t.n = sizeof t.b - 3;
	memset(t.b, 'x', t.n);
	move_text_i(&t, 98765);
	assert_int_equal(t.n, sizeof t.b - 1);
	assert_string_equal(t.b + sizeof t.b - 3, "98");
	game_free(g);
	ruleset_free(rs);
}

/*
 * move_walk_free leaves the walk empty: all it owned freed and forgotten
 * (counts 0, pointers NULL), so that freeing it again is harmless.
 */
static void
test_move_walk_free_leaves_it_empty(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "road_column");
	struct move_walk w;

	(void)state;
	order_move(g, 0, 10, 2);
	move_walk_init(g, 0, &w);
	w.explain = true;
	w.order = &g->units[0].order;
	walk_all(g, NULL, &w, -1, NULL);
	assert_true(w.nnotes > 0 && w.npath > 1);
	w.route_face = xcalloc(4, 1);
	w.round.route = xmallocarray(2, sizeof *w.round.route);
	w.round.face = xcalloc(2, 1);
	w.round_known = true;
	w.trail = xmallocarray((size_t)g->cells_max, sizeof *w.trail);
	w.ntrail = 1;
	w.narrow_trail = xmallocarray((size_t)g->cells_max, sizeof *w.trail);
	w.narrow_ntrail = 1;
	move_walk_free(&w);
	assert_null(w.notes);
	assert_null(w.path);
	assert_null(w.route);
	assert_null(w.route_face);
	assert_null(w.round.route);
	assert_null(w.round.face);
	assert_null(w.trail);
	assert_null(w.narrow_trail);
	assert_false(w.round_known);
	assert_int_equal(w.nnotes, 0);
	assert_int_equal(w.capnotes, 0);
	assert_int_equal(w.npath, 0);
	assert_int_equal(w.cappath, 0);
	assert_int_equal(w.nroute, 0);
	assert_int_equal(w.iroute, 0);
	assert_int_equal(w.ntrail, 0);
	assert_int_equal(w.narrow_ntrail, 0);
	move_walk_free(&w);
	game_free(g);
	ruleset_free(rs);
}

/*
 * move_allowance: a Line of Drill 4 with a drum has 3 BD, 12 ticks; with
 * explain it logs the ruleset's reckoning of it, the notes its preview
 * begins with, one event each; without, nothing.
 */
static void
test_move_allowance_logs_its_reckoning(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	struct move_preview p;
	struct order o;
	int n0, i, k;

	(void)state;
	n0 = g->log.n;
	assert_int_equal(move_allowance(g, 0, false), 12);
	assert_int_equal(g->log.n, n0);
	assert_int_equal(move_allowance(g, 0, true), 12);
	k = g->log.n - n0;
	assert_true(k > 0);
	o = move_to(0, 10, 2);
	assert_int_equal(move_preview(g, &o, &p), 0);
	assert_true(p.log.n >= k);
	for (i = 0; i < k; i++) {
		assert_int_equal(g->log.v[n0 + i].unit, 0);
		assert_int_equal(g->log.v[n0 + i].kind, p.log.v[i].kind);
		assert_string_equal(g->log.v[n0 + i].rule, p.log.v[i].rule);
		assert_string_equal(g->log.v[n0 + i].text, p.log.v[i].text);
	}
	move_preview_free(&p);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.7, marshal's reading: a way round decided on the second leg of an
 * order goes into the order before the point sought, and the waypoint
 * already passed stays its first point.  The Column of
 * column_behind_line, ordered by (10, 18) to (10, 0), passes (10, 18) on
 * turn 1 and stands at (10, 16); on turn 2 it looks along its second leg,
 * meets the Line and marches round it: its order is then (10, 18), the
 * points of the way round (on the Line's west flank), and (10, 0).
 */
static void
test_3_6_7_way_round_after_a_waypoint_keeps_it(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = column_behind_line(rs);
	const struct unit *a = &g->units[0];
	struct order o;
	char *cause = NULL;

	(void)state;
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = 0;
	o.general = -1;
	o.npts = 2;
	o.pts[0] = (struct point){ 10, 18 };
	o.pts[1] = (struct point){ 10, 0 };
	assert_int_equal(game_order(g, &o, &cause), 0);
	free(cause);
	game_turn(g);
	assert_int_equal(a->pos.x, 10);
	assert_int_equal(a->pos.y, 16);
	assert_int_equal(a->order.npts, 2);
	game_turn(g);
	assert_int_equal(a->order.kind, ORDER_MOVE);
	assert_true(a->order.npts >= 3);
	assert_int_equal(a->order.pts[0].x, 10);
	assert_int_equal(a->order.pts[0].y, 18);
	assert_true(a->order.pts[1].x < 10);
	assert_int_equal(a->order.pts[a->order.npts - 1].x, 10);
	assert_int_equal(a->order.pts[a->order.npts - 1].y, 0);
	assert_true(a->pos.x < 10);
	game_free(g);
	ruleset_free(rs);
}

/*
 * move_gap is the least gap over every pair of cells, a cell's gap to
 * another being the empty cells between them in ticks (dx - 1 and
 * dy - 1 of them, an octile distance: an orthogonal step STEP_ORTHO, a
 * diagonal one STEP_DIAG), -1 when they overlap.  On 3000 pairs of
 * random blocks of 1 to 12 cells (a fixed seed), the fast move_gap (its
 * row skip, its stop at -1) gives what looking at every pair gives, and
 * the same from either side; cand_gap, given the candidate's box, gives
 * it too or INT_MAX only beyond GAP_FAR, and so it does for a candidate
 * that fills its box (rect, up to 4 x 3 cells), given the box alone.
 */
static void
test_move_gap_is_the_least_over_every_pair(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	struct point a[12], b[12], r[12], alo, ahi, lo, hi;
	struct cand c;
	unsigned long s = 12345;
	int t, i, j, na, nb, dx, dy, gx, gy, cg, want, got, nover = 0;
	int nfar = 0, nr, x, y, nrover = 0, nrnear = 0;

	(void)state;
	for (t = 0; t < 3000; t++) {
		s = s * 6364136223846793005UL + 1442695040888963407UL;
		na = 1 + (int)((s >> 33) % 12);
		nb = 1 + (int)((s >> 45) % 12);
		for (i = 0; i < na + nb; i++) {
			struct point *p = i < na ? &a[i] : &b[i - na];
			int span = t % 3 == 0 ? 6 : 30;

			s = s * 6364136223846793005UL + 1442695040888963407UL;
			p->x = (int)((s >> 33) % (unsigned long)span);
			p->y = (int)((s >> 45) % (unsigned long)span);
		}
		want = INT_MAX;
		for (i = 0; i < na; i++)
			for (j = 0; j < nb; j++) {
				dx = abs(a[i].x - b[j].x);
				dy = abs(a[i].y - b[j].y);
				gx = dx > 0 ? dx - 1 : 0;
				gy = dy > 0 ? dy - 1 : 0;
				cg = dx == 0 && dy == 0 ? -1 :
				    STEP_DIAG * (gx < gy ? gx : gy) +
				    STEP_ORTHO * (gx < gy ? gy - gx : gx - gy);
				if (cg < want)
					want = cg;
			}
		nover += want == -1;
		assert_int_equal(move_gap(a, na, b, nb), want);
		assert_int_equal(move_gap(b, nb, a, na), want);
		memset(&c, 0, sizeof c);
		c.cells = b;
		c.n = nb;
		bbox(b, nb, &c.lo, &c.hi);
		bbox(a, na, &alo, &ahi);
		got = cand_gap(g, &c, a, na, alo, ahi);
		if (want <= GAP_FAR(rs))
			assert_int_equal(got, want);
		else {
			assert_true(got == want || got == INT_MAX);
			nfar += got == INT_MAX;
		}
		/* A block that fills its box (the box of b's first two
		 * cells, at most 12 cells) is measured by its box alone
		 * (rect): the gap move_gap gives over its listed cells. */
		lo.x = b[0].x < b[nb - 1].x ? b[0].x : b[nb - 1].x;
		lo.y = b[0].y < b[nb - 1].y ? b[0].y : b[nb - 1].y;
		hi.x = lo.x + (abs(b[0].x - b[nb - 1].x) % 4);
		hi.y = lo.y + (abs(b[0].y - b[nb - 1].y) % 3);
		for (nr = 0, y = lo.y; y <= hi.y; y++)
			for (x = lo.x; x <= hi.x; x++)
				r[nr++] = (struct point){ x, y };
		want = move_gap(a, na, r, nr);
		memset(&c, 0, sizeof c);
		c.n = nr;
		c.rect = true;
		c.lo = lo;
		c.hi = hi;
		got = cand_gap(g, &c, a, na, alo, ahi);
		if (want <= GAP_FAR(rs))
			assert_int_equal(got, want);
		else
			assert_true(got == want || got == INT_MAX);
		nrover += want == -1;
		nrnear += want >= 0 && want <= GAP_FAR(rs);
	}
	assert_true(nover > 100 && nover < 2900);
	assert_true(nfar > 0);
	assert_true(nrover > 100 && nrnear > 100);
	assert_int_equal(move_gap(a, 0, b, nb), INT_MAX);
	assert_int_equal(move_gap(a, na, b, 0), INT_MAX);
	game_free(g);
	ruleset_free(rs);
}

/* The units of cs, sorted, into out; returns how many. */
static int
cands_units(const struct cands *cs, int *out)
{
	int i, j, t;

	for (i = 0; i < cs->n; i++) {
		out[i] = cs->v[i].unit;
		for (j = i; j > 0 && out[j - 1] > out[j]; j--) {
			t = out[j];
			out[j] = out[j - 1];
			out[j - 1] = t;
		}
	}
	return cs->n;
}

/*
 * A walk reads the cells of its block where they lie (walk_overlap_at,
 * walk_overlap_rank) and finds what walk_overlap finds over the cells
 * listed (game_footprint_at; geom_footprint one rank deep): Lines facing
 * N and E on a lattice of a 30 x 30 map, the walker's block anchored at
 * every cell from 3 off the map to 3 beyond it, in each facing and four
 * formations.  Every answer is met: a unit (the first in the listed
 * order), nothing, and the map's edge.
 */
static void
test_walk_overlap_read_in_place_as_listed(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	static const char *const forms[] = { "line", "column",
	    "manoeuvre_column", "masse" };
	struct move_walk w;
	struct point *cells, p;
	char id[8];
	int i, j, k, f, n, want, got, form, seen[3] = { 0, 0, 0 };

	(void)state;
	for (i = 0, k = 0; i < 3; i++)
		for (j = 0; j < 4; j++, k++) {
			snprintf(id, sizeof id, "f%d", k);
			(void)line_named(g, id, k % 2, (struct point){ 4 + 9 * i,
			    3 + 7 * j }, k % 3 == 0 ? DIR_E : DIR_N);
		}
	move_walk_init(g, 0, &w);
	cells = game_cells_take(g);
	for (k = 0; k < 4; k++) {
		form = ruleset_form(rs, forms[k]);
		for (p.y = -3; p.y < 33; p.y++)
			for (p.x = -3; p.x < 33; p.x++)
				for (f = 0; f < DIR_COUNT; f++) {
					n = game_footprint_at(g, &g->units[0],
					    p, (enum dir)f, form, cells);
					want = walk_overlap(g, &w, cells, n, 0);
					got = walk_overlap_at(g, &w, p,
					    (enum dir)f, form);
					if (got != want)
						fail_msg("%s at [%d, %d] facing "
						    "%d: %d, listed %d",
						    forms[k], p.x, p.y, f, got,
						    want);
					seen[want < 0 ? -want : 0]++;
					n = geom_footprint(p, (enum dir)f,
					    rs->form[form].frontage[ARM_INFANTRY],
					    1, cells, g->cells_max);
					want = walk_overlap(g, &w, cells, n, 0);
					got = walk_overlap_rank(g, &w, p,
					    (enum dir)f,
					    rs->form[form].frontage[ARM_INFANTRY]);
					if (got != want)
						fail_msg("%s rank at [%d, %d] "
						    "facing %d: %d, listed %d",
						    forms[k], p.x, p.y, f, got,
						    want);
				}
	}
	assert_true(seen[0] > 1000 && seen[1] > 1000 && seen[2] > 1000);
	game_cells_give(g, cells);
	move_walk_free(&w);
	game_free(g);
	ruleset_free(rs);
}

/*
 * cands_find through the per-phase index finds the enemies a look at
 * every unit finds (ctx NULL): 40 Lines of both sides at random places
 * (a fixed seed) on a 75 x 53 map (buckets cut short at its east and
 * south edges), each walker asked with what it has left from nothing to
 * a whole turn and more; each candidate's cells are its footprint, its
 * box theirs, its gap not yet known.  Both find some and leave some.
 */
static void
test_cands_find_through_the_index_as_without(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = game_create(rs, map_create(75, 53));
	struct move_ctx *ctx;
	struct move_walk w;
	struct cands a, b;
	unsigned long s = 99;
	int i, k, u, na, nb, ua[64], ub[64], nsome = 0, nleft = 0, nrect = 0;
	static const int left[] = { 0, 4, 12, 40, 90 };
	char id[8];

	(void)state;
	game_add_side(g, "French");
	game_add_side(g, "Allied");
	game_add_general(g, "fr", "General", 0, -1);
	game_add_general(g, "al", "General", 1, -1);
	for (i = 0; i < 40; i++) {
		struct point p;

		do {
			s = s * 6364136223846793005UL +
			    1442695040888963407UL;
			p.x = (int)((s >> 33) % 75);
			p.y = (int)((s >> 45) % 53);
		} while (p.x < 3 || p.x > 71 || p.y > 51 ||
		    game_unit_at(g, p.x, p.y) >= 0 ||
		    game_unit_at(g, p.x - 3, p.y) >= 0 ||
		    game_unit_at(g, p.x + 3, p.y) >= 0 ||
		    game_unit_at(g, p.x, p.y + 1) >= 0);
		snprintf(id, sizeof id, "u%d", i);
		(void)line_named(g, id, i % 2, p, DIR_N);
	}
	ctx = move_ctx_create(g);
	for (u = 0; u < g->nunits; u++)
		for (k = 0; k < (int)(sizeof left / sizeof left[0]); k++) {
			memset(&a, 0, sizeof a);
			memset(&b, 0, sizeof b);
			move_walk_init(g, u, &w);
			w.left = left[k];
			cands_find(g, ctx, &w, &a);
			cands_find(g, NULL, &w, &b);
			na = cands_units(&a, ua);
			nb = cands_units(&b, ub);
			assert_int_equal(na, nb);
			assert_memory_equal(ua, ub, (size_t)na * sizeof *ua);
			for (i = 0; i < a.n; i++) {
				struct point fp[64], lo, hi;
				int j, n = game_footprint(g,
				    &g->units[a.v[i].unit], fp);

				assert_int_equal(a.v[i].n, n);
				lo = hi = fp[0];
				for (j = 1; j < n; j++) {
					lo.x = fp[j].x < lo.x ? fp[j].x : lo.x;
					lo.y = fp[j].y < lo.y ? fp[j].y : lo.y;
					hi.x = fp[j].x > hi.x ? fp[j].x : hi.x;
					hi.y = fp[j].y > hi.y ? fp[j].y : hi.y;
				}
				/* A block square to the grid is not listed:
				 * its footprint's n cells are every cell of
				 * its box (12 of a Line's 6 x 2). */
				if (a.v[i].rect) {
					assert_int_equal(n, 12);
					assert_int_equal((hi.x - lo.x + 1) *
					    (hi.y - lo.y + 1), n);
					nrect++;
				} else
					assert_memory_equal(a.v[i].cells, fp,
					    (size_t)n * sizeof *fp);
				assert_int_equal(a.v[i].lo.x, lo.x);
				assert_int_equal(a.v[i].lo.y, lo.y);
				assert_int_equal(a.v[i].hi.x, hi.x);
				assert_int_equal(a.v[i].hi.y, hi.y);
				assert_int_equal(a.v[i].gap, INT_MAX);
				assert_int_not_equal(g->units[a.v[i].unit].side,
				    g->units[u].side);
			}
			nsome += na > 0;
			nleft += na < 20;
			move_walk_free(&w);
			free(a.v);
			free(a.pts);
			free(b.v);
			free(b.pts);
		}
	assert_true(nsome > 0);
	assert_true(nleft > 0);
	assert_true(nrect > 0);	/* every Line faces N: all square */
	move_ctx_free(ctx);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.6: a Road Column standing on its road trail (its body bent round
 * the corner at [8, 20], as in test_3_6_6_trail_kept_into_the_next_march)
 * whose road ahead is held by a friend (a Road Column at [11, 20] facing
 * N, under no order) does not move this turn (3.6.7: it waits behind
 * it): it keeps its trail, its body still bent where it stood.
 */
static void
test_3_6_6_trail_kept_by_a_column_that_cannot_move(void **state)
{
	static const struct point bend[8] = {
		{ 10, 20 }, { 9, 20 }, { 8, 20 }, { 8, 21 }, { 8, 22 },
		{ 8, 23 }, { 8, 24 }, { 8, 25 }
	};
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "road_column");
	struct unit *u = &g->units[0];
	struct point *cells;
	int i, n;

	(void)state;
	for (i = 8; i < 25; i++)
		map_cell(g->map, i, 20)->road = ROAD_BIG;
	for (i = 20; i < 29; i++)
		map_cell(g->map, 8, i)->road = ROAD_BIG;
	game_occupy(g, 0, false);
	u->facing = DIR_E;
	u->trail = malloc(sizeof bend);
	memcpy(u->trail, bend, sizeof bend);
	u->ntrail = 8;
	u->trail_facing = DIR_E;
	u->trail_form = u->formation;
	game_occupy(g, 0, true);
	(void)friend_at(g, "road_column", 11, 20);
	order_move(g, 0, 14, 20);
	move_unit(g, NULL, 0, -1, NULL, NULL);
	assert_int_equal(u->pos.x, 10);
	assert_int_equal(u->pos.y, 20);
	assert_int_equal(u->halt, HALT_BLOCKED);
	assert_true(unit_on_trail(u));
	cells = game_cells_take(g);
	n = game_footprint(g, u, cells);
	assert_int_equal(n, 8);
	for (i = 0; i < n; i++) {
		assert_int_equal(cells[i].x, bend[i].x);
		assert_int_equal(cells[i].y, bend[i].y);
		assert_int_equal(game_unit_at(g, bend[i].x, bend[i].y), 0);
	}
	game_cells_give(g, cells);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.6: a Road Column whose body runs E along its road from the corner
 * it stands on, [8, 20], marches N up the road 4 cells to [8, 16]: its
 * body follows the road round the corner, [8, 16] to [8, 20] and E to
 * [11, 20] (8 cells, 4 BD), the head's own column of cells not taken for
 * a turn about.
 */
static void
test_3_6_6_column_leaves_a_corner_along_its_road(void **state)
{
	static const struct point bend[8] = {
		{ 8, 20 }, { 9, 20 }, { 10, 20 }, { 11, 20 }, { 12, 20 },
		{ 13, 20 }, { 14, 20 }, { 15, 20 }
	};
	static const struct point after[8] = {
		{ 8, 16 }, { 8, 17 }, { 8, 18 }, { 8, 19 }, { 8, 20 },
		{ 9, 20 }, { 10, 20 }, { 11, 20 }
	};
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "road_column");
	struct unit *u = &g->units[0];
	struct point *cells;
	int i, n;

	(void)state;
	for (i = 8; i < 25; i++)
		map_cell(g->map, i, 20)->road = ROAD_BIG;
	for (i = 5; i <= 20; i++)
		map_cell(g->map, 8, i)->road = ROAD_BIG;
	game_occupy(g, 0, false);
	u->pos = (struct point){ 8, 20 };
	u->facing = DIR_N;
	u->trail = malloc(sizeof bend);
	memcpy(u->trail, bend, sizeof bend);
	u->ntrail = 8;
	u->trail_facing = DIR_N;
	u->trail_form = u->formation;
	game_occupy(g, 0, true);
	order_move(g, 0, 8, 16);
	move_unit(g, NULL, 0, -1, NULL, NULL);
	assert_int_equal(u->halt, HALT_ARRIVED);
	assert_true(unit_on_trail(u));
	cells = game_cells_take(g);
	n = game_footprint(g, u, cells);
	assert_int_equal(n, 8);
	for (i = 0; i < n; i++) {
		assert_int_equal(cells[i].x, after[i].x);
		assert_int_equal(cells[i].y, after[i].y);
	}
	game_cells_give(g, cells);
	game_free(g);
	ruleset_free(rs);
}

/*
 * walk_step: a step whose block would leave the map is refused.  A Line
 * (6 cells wide) facing N at [2, 0], its left end on the map's west edge,
 * ordered to [0, 0] has no step west its block fits (nor a way round on
 * the map): it stays where it is, facing N, blocked, and says why.
 */
static void
test_walk_step_block_would_leave_the_map(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	struct unit *u = &g->units[0];
	int i, n0, said = 0;

	(void)state;
	game_occupy(g, 0, false);
	u->pos = (struct point){ 2, 0 };
	assert_int_equal(game_fits(g, 0, u->pos, DIR_N, u->formation, -1,
	    NULL), 0);
	game_occupy(g, 0, true);
	order_move(g, 0, 0, 0);
	n0 = g->log.n;
	assert_int_equal(move_unit(g, NULL, 0, -1, NULL, NULL), 0);
	assert_int_equal(u->pos.x, 2);
	assert_int_equal(u->pos.y, 0);
	assert_int_equal(u->facing, DIR_N);
	assert_int_equal(u->halt, HALT_BLOCKED);
	for (i = n0; i < g->log.n; i++)
		said += strstr(g->log.v[i].text, "would leave the map") != NULL;
	assert_int_equal(said, 1);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.3, 3.6.7: a turn needs room for the block it turns to.  A Line at
 * [10, 10] facing N, ordered NE to [18, 2], has a friendly Line standing
 * at [8, 8] (under no order) where its turned front would be: it does not
 * turn, stays at [10, 10] facing N, blocked, naming the friend.  The same
 * with the friend listed first (unit 0) and the walker second.
 */
static void
test_3_6_3_no_room_to_turn_past_a_friend(void **state)
{
	struct ruleset *rs = rules();
	int k, a, b, i, n0, said;

	(void)state;
	for (k = 0; k < 2; k++) {
		struct game *g = no_units(rs);

		if (k == 0) {
			a = line_named(g, "a", 0, (struct point){ 10, 10 },
			    DIR_N);
			b = line_named(g, "b", 0, (struct point){ 8, 8 },
			    DIR_N);
		} else {
			b = line_named(g, "b", 0, (struct point){ 8, 8 },
			    DIR_N);
			a = line_named(g, "a", 0, (struct point){ 10, 10 },
			    DIR_N);
		}
		order_move(g, a, 18, 2);
		n0 = g->log.n;
		assert_int_equal(move_unit(g, NULL, a, -1, NULL, NULL), 0);
		assert_int_equal(g->units[a].pos.x, 10);
		assert_int_equal(g->units[a].pos.y, 10);
		assert_int_equal(g->units[a].facing, DIR_N);
		assert_int_equal(g->units[a].halt, HALT_BLOCKED);
		assert_int_equal(g->units[b].pos.x, 8);
		said = 0;
		for (i = n0; i < g->log.n; i++)
			said += strcmp(g->log.v[i].text,
			    "no room to turn to face NE here: b") == 0;
		assert_int_equal(said, 1);
		game_free(g);
	}
	ruleset_free(rs);
}

/*
 * 3.6.3, 3.6.7: a turn made in part needs room for the part too.  A Line
 * (3 BD) marches N from [10, 14] to its waypoint [10, 10] (2 BD), then
 * must face E for [18, 10]: 2 BD, more than the 1 BD left.  The 45
 * degrees to NE that 1 BD pays for would put its front on the friendly
 * Line standing at [8, 8]: it stays at [10, 10] facing N, held by its
 * speed, and says so.  The same with the friend listed first (unit 0).
 */
static void
test_3_6_3_no_room_for_part_of_a_turn_past_a_friend(void **state)
{
	struct ruleset *rs = rules();
	struct order o;
	char *cause = NULL;
	int k, a, b;

	(void)state;
	for (k = 0; k < 2; k++) {
		struct game *g = no_units(rs);

		if (k == 1)
			b = line_named(g, "b", 0, (struct point){ 8, 8 },
			    DIR_N);
		a = line_named(g, "a", 0, (struct point){ 10, 14 }, DIR_N);
		if (k == 0)
			b = line_named(g, "b", 0, (struct point){ 8, 8 },
			    DIR_N);
		memset(&o, 0, sizeof o);
		o.kind = ORDER_MOVE;
		o.unit = a;
		o.general = -1;
		o.npts = 2;
		o.pts[0] = (struct point){ 10, 10 };
		o.pts[1] = (struct point){ 18, 10 };
		assert_int_equal(game_order(g, &o, &cause), 0);
		free(cause);
		assert_int_equal(move_unit(g, NULL, a, -1, NULL, NULL),
		    4 * STEP_ORTHO);
		assert_int_equal(g->units[a].pos.x, 10);
		assert_int_equal(g->units[a].pos.y, 10);
		assert_int_equal(g->units[a].facing, DIR_N);
		assert_int_equal(g->units[a].halt, HALT_SPEED);
		assert_int_equal(g->units[b].pos.x, 8);
		assert_int_equal(count_events(g, a, "3.6.3", "turning to face E "
		    "would cost 2 BD, it has 1 BD left, and turning part of "
		    "the way has no room here: it turns next turn"), 1);
		game_free(g);
	}
	ruleset_free(rs);
}

/*
 * 3.6.3, 3.6.7: the way to a place with room to turn starts with a turn
 * the walk can make.  A Column (Drill 4, drum: 2 BD) at [15, 15] facing
 * W, its body running E of its front, is sent NE to [22, 8]; the friend
 * B, a Column under no order, stands at [16, 18] facing NW.  To face NE
 * costs 3 BD (135 degrees), more than a turn's 2 BD: the walk turns in
 * stages, 45 degrees at a time about the front, and the stages to NW and
 * to N would swing its body onto B.  It looks for a place with room to
 * turn (path_room).  That search asked room only for the block at the
 * end of each turn, and sent it by [18, 12], starting with the turn to
 * NE where it stands: the walk met B in the first stage, asked again,
 * got the same way, and stood at [15, 15] facing W, 0 BD, every turn.
 * Now the first turn of that way must have a stage with room (the
 * furthest the walk can pay for, or the first): it steps W to [14, 15],
 * clear of B, turns NW there on turn 1 (0.5 BD moved), N on turn 2, NE
 * on turn 3, and arrives at [22, 8] facing E on turn 7, never held for
 * want of room.
 */
static void
test_3_6_3_way_to_room_starts_with_a_turn_it_can_make(void **state)
{
	static const struct { int x, y; enum dir f; int moved; } want[] = {
		{ 14, 15, DIR_NW, 2 }, { 14, 13, DIR_N, 4 },
		{ 14, 12, DIR_NE, 2 }, { 16, 10, DIR_NE, 6 },
		{ 18, 8, DIR_NE, 6 }, { 20, 8, DIR_E, 4 }, { 22, 8, DIR_E, 4 },
	};
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "column");
	int a = 0, b, t;

	(void)state;
	game_occupy(g, a, false);
	g->units[a].pos = (struct point){ 15, 15 };
	g->units[a].facing = DIR_W;
	game_occupy(g, a, true);
	b = friend_at(g, "column", 16, 18);
	game_occupy(g, b, false);
	g->units[b].facing = DIR_NW;
	game_occupy(g, b, true);
	assert_occupies(g, a);
	assert_occupies(g, b);
	/* The first stage of the turn to NE has no room where it stands. */
	assert_int_not_equal(game_fits(g, a, g->units[a].pos, DIR_NW,
	    g->units[a].formation, -1, NULL), 0);
	order_move(g, a, 22, 8);
	for (t = 1; t <= 9 && g->units[a].order.kind == ORDER_MOVE; t++) {
		game_turn(g);
		assert_int_equal(g->units[a].pos.x, want[t - 1].x);
		assert_int_equal(g->units[a].pos.y, want[t - 1].y);
		assert_int_equal(g->units[a].facing, want[t - 1].f);
		assert_int_equal(g->units[a].moved, want[t - 1].moved);
		assert_int_equal(g->units[a].cond, COND_FORMED);
		assert_int_equal(g->units[b].pos.x, 16);
		assert_int_equal(g->units[b].pos.y, 18);
	}
	assert_int_equal(t - 1, 7);
	assert_int_equal(g->units[a].order.kind, ORDER_NONE);
	assert_int_equal(count_events(g, a, "3.6.7", "no room to turn"), 0);
	assert_int_equal(count_events(g, a, "3.6.7", "B stands where its "
	    "block would swing to face NW here: it goes by [14, 12] to turn "
	    "where there is room"), 1);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.3: a part of a turn whose block would leave the map has no room
 * either.  one_unit's Line (6 cells wide, 3 BD) marches S from [10, 25]
 * to its waypoint [10, 27] (1 BD), then must face NE for [20, 17]: three
 * 45-degree turns, 3 BD, more than the 2 BD left.  The two it could pay
 * for would face it E, its front running S from row 25 to row 30, off
 * the map (rows 0 to 29); so it makes one, to SE (1 BD), and stands at
 * [10, 27] facing SE, held by its speed, to go on turning next turn.
 */
static void
test_3_6_3_no_room_for_part_of_a_turn_at_the_map_edge(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	const struct unit *a = &g->units[0];
	struct order o;
	char *cause = NULL;

	(void)state;
	game_occupy(g, 0, false);
	g->units[0].pos = (struct point){ 10, 25 };
	g->units[0].facing = DIR_S;
	game_occupy(g, 0, true);
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = 0;
	o.general = -1;
	o.npts = 2;
	o.pts[0] = (struct point){ 10, 27 };
	o.pts[1] = (struct point){ 20, 17 };
	assert_int_equal(game_order(g, &o, &cause), 0);
	free(cause);
	assert_int_not_equal(game_fits(g, 0, o.pts[0], DIR_E, a->formation,
	    0, NULL), 0);
	assert_int_equal(move_unit(g, NULL, 0, -1, NULL, NULL), 2 * rs->ticks);
	assert_int_equal(a->pos.x, 10);
	assert_int_equal(a->pos.y, 27);
	assert_int_equal(a->facing, DIR_SE);
	assert_int_equal(a->halt, HALT_SPEED);
	assert_int_equal(count_events(g, 0, "3.6.3", "A turns its front 45 "
	    "degrees, S to SE: 1 x 1 BD = -1 BD, 1 BD left"), 1);
	assert_int_equal(count_events(g, 0, "3.6.3", "it goes on turning to "
	    "face NE next turn, under the same order"), 1);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.3, issue 12 (decision 1): a Line (3 BD, 12 ticks) marches 4 cells N
 * to its waypoint [10, 16] (8 ticks) and must then turn 90 degrees to face
 * E for [18, 16]: 2 BD, more than the 1 BD (4 ticks) it has left.  It
 * turns the 45 degrees that 1 BD pays for exactly, to face NE, and spends
 * all: it stands at [10, 16] facing NE, halted for its speed, the order
 * still in force.
 */
static void
test_3_6_3_turn_in_part_with_exactly_what_is_left(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	struct unit *u = &g->units[0];
	struct order o;
	char *cause = NULL;

	(void)state;
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = 0;
	o.general = -1;
	o.npts = 2;
	o.pts[0] = (struct point){ 10, 16 };
	o.pts[1] = (struct point){ 18, 16 };
	assert_int_equal(game_order(g, &o, &cause), 0);
	free(cause);
	assert_int_equal(move_unit(g, NULL, 0, -1, NULL, NULL), 12);
	assert_int_equal(u->pos.x, 10);
	assert_int_equal(u->pos.y, 16);
	assert_int_equal(u->facing, DIR_NE);
	assert_int_equal(u->halt, HALT_SPEED);
	assert_int_equal(u->order.kind, ORDER_MOVE);
	game_free(g);
	ruleset_free(rs);
}

/*
 * move_reach of a unit that cannot march (3.6.5: a Mob cannot march
 * under orders until restored; move_begin refuses it) is empty: 0 cells
 * and none given; so is that of a unit index out of range.
 */
static void
test_move_reach_of_a_mob_is_empty(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	struct point *cells = NULL;

	(void)state;
	g->units[0].cond = COND_MOB;
	assert_int_equal(move_reach(g, 0, &cells), 0);
	assert_null(cells);
	assert_int_equal(move_reach(g, 1, &cells), 0);
	assert_null(cells);
	g->units[0].cond = COND_FORMED;
	assert_true(move_reach(g, 0, &cells) > 1);
	assert_non_null(cells);
	free(cells);
	game_free(g);
	ruleset_free(rs);
}

/*
 * move_unit returns the ticks spent: a Mob under a Move order stands
 * (no speed, 3.6.3), spends 0 and stays where it is, its order kept.
 */
static void
test_move_unit_a_unit_that_stands_spends_nothing(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");

	(void)state;
	order_move(g, 0, 10, 10);
	g->units[0].cond = COND_MOB;
	assert_int_equal(move_unit(g, NULL, 0, -1, NULL, NULL), 0);
	assert_int_equal(g->units[0].pos.x, 10);
	assert_int_equal(g->units[0].pos.y, 20);
	assert_int_equal(g->units[0].moved, 0);
	assert_int_equal(g->units[0].order.kind, ORDER_MOVE);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.5 (M18): a river may be stopped in the middle of with any speed
 * left, a quarter BD (1 tick) as well.  one_unit's Manoeuvre Column (3 BD
 * with its drum, 12 ticks, turns free) marches from [10, 20] to [13, 16]
 * (one step N, 0.5 BD, three NE, 2.25 BD: 11 ticks), then N across the
 * river on row 16's north edge (4 BD) with its last tick: it stands in
 * the river at [13, 15] facing N, owing 3.75 BD (15 ticks) for next
 * turn, halted by the obstacle.
 */
static void
test_3_6_5_river_entered_with_one_tick_left(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "manoeuvre_column");
	const struct unit *a = &g->units[0];
	struct order o;
	char *cause = NULL;
	int x, river = ruleset_obst(rs, "river");

	(void)state;
	assert_true(river > 0);
	for (x = 0; x < 30; x++)
		map_edge_set(g->map, x, 16, DIR_N, river, 0);
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = 0;
	o.general = -1;
	o.npts = 2;
	o.pts[0] = (struct point){ 13, 16 };
	o.pts[1] = (struct point){ 13, 5 };
	assert_int_equal(game_order(g, &o, &cause), 0);
	free(cause);
	assert_int_equal(move_unit(g, NULL, 0, -1, NULL, NULL), 3 * rs->ticks);
	assert_int_equal(a->pos.x, 13);
	assert_int_equal(a->pos.y, 15);
	assert_int_equal(a->facing, DIR_N);
	assert_int_equal(a->owed, 15);
	assert_int_equal(a->halt, HALT_OBSTACLE);
	assert_int_equal(count_events(g, 0, "3.6.5", "it may stop in the "
	    "middle of this one: 3.75 BD still to pay next turn"), 1);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.5, M18: the Manoeuvre Column a Line must become to enter a village
 * is not formed where its block would stand across an obstacle.  one_unit
 * A is a Line (6 x 2 cells) at [10, 20] facing N, rows 20 and 21, with a
 * village on rows 0 to 19 and a hedge across the map on the south edge
 * of row 23, behind it.  Sent to [10, 10], its first step would make it
 * a Manoeuvre Column (2 x 8 cells) facing N where it stands, rows 20 to
 * 27, with the hedge between [10, 23] and [10, 24] running through it.
 * It used to change so and march in (to [10, 18] on turn 1).  Now the log
 * (and the Move preview before it) names the hedge and the two cells
 * with M18, and the way round is taken: on turn 1 the Line turns its
 * front 135 degrees where it stands (to SE, all its 3 BD), on turn 2 it
 * faces S and forms its column there, laid back into
 * the village (rows 13 to 20, over no hedge), and faces about in it to
 * face NE; on turn 3 it stands on [10, 11] facing N.  At no turn's end
 * does its block stand across the hedge.  With the hedge on row 27's
 * south edge instead, just behind the column's tail, it changes and goes
 * straight in, to [10, 18] on turn 1.
 */
static void
test_3_6_5_M18_no_manoeuvre_column_across_a_hedge(void **state)
{
	struct ruleset *rs = rules();
	struct game *g;
	const struct unit *a;
	struct move_preview pv;
	struct order o;
	struct point *c;
	int x, y, n, t, i, k, row, hedge = ruleset_obst(rs, "hedge");
	int mc = ruleset_form(rs, "manoeuvre_column");

	(void)state;
	assert_true(hedge > 0 && mc >= 0);
	for (row = 23; row <= 27; row += 4) {
		g = one_unit(rs, "line");
		a = &g->units[0];
		for (y = 0; y <= 19; y++)
			for (x = 0; x < 30; x++)
				map_cell(g->map, x, y)->land =
				    (uint8_t)ruleset_land(rs, "village");
		for (x = 0; x < 30; x++)
			assert_int_equal(map_edge_set(g->map, x, row, DIR_S,
			    hedge, PASS_NONE), 0);
		order_move(g, 0, 10, 10);
		/* The Move preview says why the march does not go in. */
		o = move_to(0, 10, 10);
		assert_int_equal(move_preview(g, &o, &pv), 0);
		for (i = 0, k = 0; i < pv.log.n; i++)
			k += strstr(pv.log.v[i].text, "(M18)") != NULL;
		assert_int_equal(k, row == 23 ? 1 : 0);
		move_preview_free(&pv);
		for (t = 1; t <= (row == 23 ? 3 : 1); t++) {
			game_turn(g);
			c = game_cells_take(g);
			n = game_footprint(g, a, c);
			assert_int_equal(ruleset_obstacle_within(rs, g->map, c,
			    n, NULL, NULL), 0);
			game_cells_give(g, c);
			if (row == 23 && t == 1) {
				assert_int_equal(a->pos.x, 10);
				assert_int_equal(a->pos.y, 20);
				assert_int_equal(a->facing, DIR_SE);
				assert_int_equal(a->formation,
				    ruleset_form(rs, "line"));
				assert_int_equal(count_events(g, 0, "3.6.5", "as "
				    "a Manoeuvre Column here its block would "
				    "stand astride the hedge between [10, 23] "
				    "and [10, 24]: a unit never ends its move on "
				    "an obstacle (M18)"), 1);
			}
		}
		assert_int_equal(a->formation, mc);
		assert_int_equal(a->pos.x, 10);
		assert_int_equal(a->pos.y, row == 23 ? 11 : 18);
		assert_int_equal(a->facing, DIR_N);
		game_free(g);
	}
	ruleset_free(rs);
}

/*
 * M19 in the Move preview: a Column with its drum (2 BD) sent north over
 * a stream (Pe 1: 2 BD to cross) walks to [10, 18] on turn 1 with 1 BD
 * left, too little to cross; on turn 2, fresh, it has exactly the
 * crossing and ends as a Mob on [10, 17].  The forecast says so
 * (mob_turn 2, 3.6.5) and goes no further: a Mob marches on only when
 * restored.  It used to forecast a block from turn 3, and the preview
 * said "blocked from turn 3" with no word of the Mob.
 */
static void
test_M19_forecast_tells_the_crossing_ends_as_a_mob(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "column");
	struct move_forecast_end end;
	struct point *cells = NULL;
	struct order o = move_to(0, 10, 10);
	int x, n = 0, stream = ruleset_obst(rs, "stream");

	(void)state;
	assert_true(stream > 0);
	for (x = 0; x < 30; x++)
		map_edge_set(g->map, x, 18, DIR_N, stream, 0);
	assert_int_equal(move_forecast_end(g, &o, 8, &cells, &n, &end), -1);
	assert_int_equal(end.mob_turn, 2);
	assert_string_equal(end.mob_rule, "3.6.5");
	assert_int_equal(end.turn, 2);
	assert_true(n > 0);
	assert_int_equal(cells[n - 1].x, 10);
	assert_int_equal(cells[n - 1].y, 17);
	free(cells);
	/* The game does as forecast: a Mob on [10, 17] after turn 2. */
	order_move(g, 0, 10, 10);
	game_turn(g);
	assert_int_equal(g->units[0].pos.y, 18);
	assert_int_equal(g->units[0].cond, COND_FORMED);
	game_turn(g);
	assert_int_equal(g->units[0].pos.y, 17);
	assert_int_equal(g->units[0].cond, COND_MOB);
	game_free(g);
	ruleset_free(rs);
}

/* The price of unit 0's step d from where it stands, facing f (notes on). */
static void
step_price(struct game *g, enum dir f, enum dir d, bool explain,
    struct move_price *p)
{
	struct move_walk w;

	move_walk_init(g, 0, &w);
	w.explain = explain;
	w.facing = f;
	g->rs->ops->move_step(g, &w, d, p);
	move_walk_free(&w);
}

/* The price of unit 0's step d facing f with left ticks still to spend;
 * fresh: it has not moved yet this turn (the minimum move holds). */
static void
step_price_walk(struct game *g, enum dir f, enum dir d, int left,
    bool fresh, struct move_price *p)
{
	struct move_walk w;

	move_walk_init(g, 0, &w);
	w.explain = true;
	w.facing = f;
	w.left = left;
	w.fresh = fresh;
	g->rs->ops->move_step(g, &w, d, p);
	move_walk_free(&w);
}

/* The same, for a walk that has moved already (no minimum move). */
static void
step_price_left(struct game *g, enum dir f, enum dir d, int left,
    struct move_price *p)
{
	step_price_walk(g, f, d, left, false, p);
}

/* How many notes of a price contain s. */
static int
count_notes(const struct move_price *p, const char *s)
{
	int i, n = 0;

	for (i = 0; i < p->nnotes; i++)
		n += strstr(p->notes[i].text, s) != NULL;
	return n;
}

/* Whether two prices say the same, note by note. */
static void
assert_same_price(const struct move_price *a, const struct move_price *b,
    const char *what)
{
	int i;

	if (a->verdict != b->verdict || a->halt != b->halt ||
	    a->ticks != b->ticks || a->need != b->need ||
	    a->form != b->form || a->flags != b->flags ||
	    a->passage != b->passage || a->nnotes != b->nnotes)
		fail_msg("%s: verdict %d/%d halt %d/%d ticks %d/%d need %d/%d "
		    "form %d/%d flags %x/%x passage %d/%d notes %d/%d", what,
		    a->verdict, b->verdict, a->halt, b->halt, a->ticks,
		    b->ticks, a->need, b->need, a->form, b->form, a->flags,
		    b->flags, a->passage, b->passage, a->nnotes, b->nnotes);
	for (i = 0; i < a->nnotes; i++) {
		assert_string_equal(a->notes[i].rule, b->notes[i].rule);
		assert_string_equal(a->notes[i].text, b->notes[i].text);
	}
}

/*
 * 3.6.5, 3.6.6: a formation's road flag only lets it keep to a road on
 * ground its formation may not enter, so on a map with no road it
 * changes no step's price.  On 30 x 30 maps of random landscape,
 * contours, defiles and obstacles (fences, hedges, streams, rivers, some
 * with a gate or a bridge), a unit of every arm in every formation it
 * moves in, standing in the corners, along the sides and in the middle,
 * facing every way and stepping every way, pays the same price (verdict,
 * halt, ticks, need, formation, flags, passage and every note) with the
 * flag as without it: move_step reads the ground of a front square to
 * the map the same whether the front may keep to a road or not, at the
 * edges of the map as in the middle.  (Drill 6 with a musician: no
 * formation is too slow ever to cross these obstacles, with the flag's
 * road speed or without.)
 */
static void
test_3_6_5_step_price_the_same_with_the_road_flag_off_the_roads(void **state)
{
	static const int at[] = { 0, 1, 2, 3, 5, 14, 24, 26, 27, 28, 29 };
	static const char *const obst[] = { "fence", "hedge", "stream",
	    "river" };
	struct ruleset *rs = rules();
	unsigned long s = 12345;
	int trial, arm, f, x, y, fa, d, k, compared = 0, never = 0, ok = 0;
	int slanted = 0, changed = 0;
	const int nx = (int)(sizeof at / sizeof at[0]);

	(void)state;
	for (trial = 0; trial < 2; trial++) {
		struct game *g = one_unit(rs, "line");
		struct map *map = g->map;

		unit_attr_set(&g->units[0], ruleset_attr(rs, "drill"), 6);
		game_occupy(g, 0, false);
		for (y = 0; y < map->h; y++)
			for (x = 0; x < map->w; x++) {
				struct cell *c = map_cell(map, x, y);
				unsigned r;

				s = s * 6364136223846793005UL +
				    1442695040888963407UL;
				r = (unsigned)(s >> 33);
				c->land = (uint8_t)(r % 3 == 0 ? r / 3 %
				    (unsigned)rs->nland : 0);
				c->height = (int8_t)(r / 64 % 4 == 0 ? 1 : 0);
				c->flags = r / 256 % 16 == 0 ? CELL_DEFILE : 0;
				for (k = 0; k < 2; k++) {
					unsigned o = r >> (10 + 8 * k);

					if (o % 8 != 0)
						continue;
					map_edge_set(map, x, y,
					    k ? DIR_S : DIR_E,
					    ruleset_obst(rs, obst[o / 8 % 4]),
					    o / 32 % 4 == 1 ? PASS_GATE :
					    o / 32 % 4 == 2 ? PASS_BRIDGE :
					    PASS_NONE);
				}
			}
		for (arm = 0; arm < ARM_COUNT; arm++)
		for (f = 0; f < rs->nform; f++) {
			struct formation_def *fd = &rs->form[f];

			if (!(fd->arms & (1u << arm)) ||
			    (fd->flags & (FORMF_IMMOBILE | FORMF_ROAD)))
				continue;
			g->units[0].arm = (enum arm)arm;
			g->units[0].klass = 0;
			g->units[0].formation = f;
			for (y = 0; y < nx; y++)
			for (x = 0; x < nx; x++)
			for (fa = 0; fa < DIR_COUNT; fa++)
			for (d = 0; d < DIR_COUNT; d++) {
				struct move_price a, b;
				char what[96];

				g->units[0].pos.x = at[x];
				g->units[0].pos.y = at[y];
				step_price(g, (enum dir)fa, (enum dir)d, true,
				    &a);
				fd->flags |= FORMF_ROAD;
				step_price(g, (enum dir)fa, (enum dir)d, true,
				    &b);
				fd->flags &= ~(unsigned)FORMF_ROAD;
				snprintf(what, sizeof what, "%s %s at [%d, %d] "
				    "facing %d stepping %d", arm_name(
				    (enum arm)arm), fd->name, at[x], at[y], fa,
				    d);
				assert_same_price(&a, &b, what);
				compared++;
				never += a.verdict == MOVE_NEVER;
				ok += a.verdict == MOVE_OK;
				changed += a.verdict == MOVE_CHANGE;
				slanted += a.verdict == MOVE_NEVER &&
				    a.halt == HALT_OBSTACLE;
			}
		}
		game_free(g);
	}
	/* Every kind of answer was met on the way. */
	assert_true(compared > 0);
	assert_true(never > 0);
	assert_true(ok > 0);
	assert_true(changed > 0);
	assert_true(slanted > 0);
	ruleset_free(rs);
}

/*
 * Unit 0 made arm, formation, class (by name), Drill and musician, at [10, 20]
 * facing E, with obstacle ob (none if NULL) along the east edges of
 * column 10; the price of its step E across it.
 */
static void
cross_price(struct game *g, enum arm arm, const char *form, const char *klass,
    int drill, bool musician, const char *ob, struct move_price *p)
{
	struct unit *u = &g->units[0];
	int y;

	game_occupy(g, 0, false);
	u->arm = arm;
	u->klass = ruleset_class(g->rs, arm, klass);
	assert_true(u->klass >= 0);
	u->formation = ruleset_form(g->rs, form);
	assert_true(u->formation >= 0);
	u->facing = DIR_E;
	unit_attr_set(u, ruleset_attr(g->rs, "drill"), drill);
	unit_attr_set(u, ruleset_attr(g->rs, "musician"), musician);
	for (y = 0; y < g->map->h; y++)
		map_edge_set(g->map, 10, y, DIR_E, ob != NULL ?
		    ruleset_obst(g->rs, ob) : 0, PASS_NONE);
	game_occupy(g, 0, true);
	step_price(g, DIR_E, DIR_E, true, p);
}

/*
 * M18 reading of 3.6.5: a crossing (1 BD wide + Pr + Pe) dearer than the
 * most the unit could move in any one turn is never made; one no dearer
 * is.  The most is the formation's best speed (3.6.3: an infantry Column
 * 1 BD, an infantry Line Drill - 2 BD (none at Drill 2: not even a
 * fence), a cavalry Line Drill BD, a Road Column its road speed, 3 BD, a
 * limbered battery the road's 3 BD but never more than its Drill in AP),
 * the musician's 1 BD while it keeps him, and with the random speed
 * option the best roll's 0.5 BD (3.6.4).  A fence costs 1 BD, a hedge 2,
 * a wall 3.
 */
static void
test_M18_3_6_5_crossing_dearer_than_the_most_in_a_turn_never_made(void **state)
{
	static const struct {
		enum arm arm;
		const char *form, *klass;
		int drill;
		bool musician, random;
		const char *ob;
		bool crosses;
	} c[] = {
		{ ARM_INFANTRY, "column", "line", 4, false, false,
		    "fence", true },
		{ ARM_INFANTRY, "column", "line", 4, false, false,
		    "hedge", false },
		{ ARM_INFANTRY, "column", "line", 4, true, false,
		    "hedge", true },
		{ ARM_INFANTRY, "column", "line", 4, true, false,
		    "wall", false },
		{ ARM_INFANTRY, "column", "line", 4, false, true,
		    "fence", true },
		{ ARM_INFANTRY, "column", "line", 4, false, true,
		    "hedge", false },
		{ ARM_INFANTRY, "road_column", "line", 4, false, false,
		    "wall", true },
		{ ARM_INFANTRY, "line", "line", 2, false, false,
		    "fence", false },
		{ ARM_INFANTRY, "line", "line", 4, false, false,
		    "wall", false },
		{ ARM_INFANTRY, "line", "line", 5, false, false,
		    "wall", true },
		{ ARM_CAVALRY, "line", "light", 2, false, false,
		    "wall", false },
		{ ARM_CAVALRY, "line", "light", 2, true, false,
		    "wall", true },
		{ ARM_CAVALRY, "line", "light", 3, false, false,
		    "wall", true },
		{ ARM_ARTILLERY, "limbered", "light", 1, true, false,
		    "fence", true },
		{ ARM_ARTILLERY, "limbered", "light", 1, true, false,
		    "hedge", false },
		{ ARM_ARTILLERY, "limbered", "light", 1, true, true,
		    "hedge", false },
		{ ARM_ARTILLERY, "limbered", "light", 2, false, false,
		    "hedge", true },
		{ ARM_ARTILLERY, "limbered", "heavy", 6, false, false,
		    "hedge", true },
	};
	struct ruleset *rs = rules();
	size_t i;

	(void)state;
	for (i = 0; i < sizeof c / sizeof c[0]; i++) {
		struct game *g = one_unit(rs, "line");
		struct move_price p;

		g->opt.random_speed = c[i].random;
		cross_price(g, c[i].arm, c[i].form, c[i].klass, c[i].drill,
		    c[i].musician, c[i].ob, &p);
		if (c[i].crosses) {
			if (p.verdict != MOVE_OK)
				fail_msg("case %zu: verdict %d", i, p.verdict);
			/* 1 BD wide + Pr + Pe, nothing else on open ground */
			assert_int_equal(p.ticks, rs->ticks + rs->obst[
			    ruleset_obst(rs, c[i].ob)].pr + rs->obst[
			    ruleset_obst(rs, c[i].ob)].pe);
		} else {
			if (p.verdict != MOVE_NEVER)
				fail_msg("case %zu: verdict %d", i, p.verdict);
		}
		assert_int_equal(p.halt, HALT_OBSTACLE);
		game_free(g);
	}
	ruleset_free(rs);
}

/*
 * M18: the note of a crossing never made gives its figures: an infantry
 * Column of Drill 4 with no musician, which moves at most 1 BD a turn,
 * before a hedge (Pr 1 + Pe 0 + 1 BD wide = 2 BD); with the random speed
 * option its most is 1.5 BD.
 */
static void
test_M18_3_6_5_crossing_never_made_says_by_how_much(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	struct move_price p;

	(void)state;
	cross_price(g, ARM_INFANTRY, "column", "line", 4, false, "hedge", &p);
	assert_int_equal(p.verdict, MOVE_NEVER);
	assert_int_equal(p.nnotes, 1);
	assert_string_equal(p.notes[0].rule, "3.6.5");
	assert_string_equal(p.notes[0].text, "A can never cross the hedge "
	    "here: 2 BD (Pr 1 + Pe 0 + 1 BD wide) is more than the 1 BD it "
	    "moves at most in a turn in Column");
	g->opt.random_speed = true;
	step_price(g, DIR_E, DIR_E, true, &p);
	assert_int_equal(p.verdict, MOVE_NEVER);
	assert_string_equal(p.notes[0].text, "A can never cross the hedge "
	    "here: 2 BD (Pr 1 + Pe 0 + 1 BD wide) is more than the 1.5 BD it "
	    "moves at most in a turn in Column");
	game_free(g);
	ruleset_free(rs);
}

/*
 * The Move preview marches the friend it waits for on its own copy, and
 * leaves the game's road trail of that friend as it was: A, a Road
 * Column that marched up the road on column 10 on turn 1 to [10, 12],
 * holds its trail, rows 12 to 19; B, behind it on the road, previewed on
 * turn 2, waits for A and has A marched first; A's trail in the game is
 * the same, cell for cell, after, and the game plays its turn on.
 */
static void
test_preview_leaves_the_waited_friend_s_trail_alone(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "road_column");
	struct move_preview p;
	struct point held[64];
	int b, i, n;

	(void)state;
	for (i = 0; i < 30; i++)
		map_cell(g->map, 10, i)->road = ROAD_BIG;
	order_move(g, 0, 10, 0);
	game_turn(g);
	assert_int_equal(g->units[0].pos.y, 12);
	n = g->units[0].ntrail;
	assert_int_equal(n, 8);
	memcpy(held, g->units[0].trail, (size_t)n * sizeof *held);
	for (i = 0; i < n; i++) {
		assert_int_equal(held[i].x, 10);
		assert_int_equal(held[i].y, 12 + i);
	}
	b = friend_named(g, "b", "B", "road_column", 10, 21);
	order_move(g, b, 10, 0);
	assert_int_equal(move_preview(g, &g->units[b].order, &p), 0);
	assert_true(p.log.n >= 1);
	assert_string_equal(p.log.v[0].text, "B waits for A, under a Move "
	    "order of its own and in its way, to move first (marshal's "
	    "reading: 3.6 moves units together)");
	move_preview_free(&p);
	assert_int_equal(g->units[0].ntrail, n);
	for (i = 0; i < n; i++) {
		assert_int_equal(g->units[0].trail[i].x, held[i].x);
		assert_int_equal(g->units[0].trail[i].y, held[i].y);
	}
	game_turn(g);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.3: foot in a formation the ruleset marks immobile does not move and
 * says why: with Line made immobile, A (a Line) sent north stays on
 * [10, 20], halted as blocked, "A cannot move in Line".
 */
static void
test_3_6_3_foot_in_an_immobile_formation_says_it_cannot_move(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");

	(void)state;
	rs->form[ruleset_form(rs, "line")].flags |= FORMF_IMMOBILE;
	order_move(g, 0, 10, 2);
	game_turn(g);
	assert_int_equal(g->units[0].pos.x, 10);
	assert_int_equal(g->units[0].pos.y, 20);
	assert_int_equal(g->units[0].moved, 0);
	assert_int_equal(g->units[0].halt, HALT_BLOCKED);
	assert_int_equal(count_events(g, 0, "3.6.3", "A cannot move in Line"),
	    1);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.4, 3.6.5: the best speed roll counts towards a turn's most however
 * small it is: with the high roll's change made 1 tick (0.25 BD) and the
 * low one's -1, the same Column of Drill 4 before the hedge moves at most
 * 1.25 BD with the random speed option, one tick more than its 1 BD.
 */
static void
test_3_6_4_a_one_tick_speed_roll_adds_to_the_most(void **state)
{
	struct ruleset *rs = rules();
	struct nap_move *m = rs->priv;	/* nap_move(rs), to be changed */
	struct game *g = one_unit(rs, "line");
	struct move_price p;

	(void)state;
	m->low_change = -1;
	m->high_change = 1;
	g->opt.random_speed = true;
	cross_price(g, ARM_INFANTRY, "column", "line", 4, false, "hedge", &p);
	assert_int_equal(p.verdict, MOVE_NEVER);
	assert_int_equal(p.nnotes, 1);
	assert_string_equal(p.notes[0].text, "A can never cross the hedge "
	    "here: 2 BD (Pr 1 + Pe 0 + 1 BD wide) is more than the 1.25 BD it "
	    "moves at most in a turn in Column");
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.5: an obstacle is crossed square on: a diagonal step whose front
 * would pass the end of an obstacle edge is never made, and the unit
 * halts for the obstacle, in the middle of the map as on its edge.
 * 3.6.1: a step off the map is never made, the unit halts as blocked;
 * so is one that would take part of its front off the map.  The notes
 * say why, and are written only when asked for.
 */
static void
test_3_6_5_slant_across_an_obstacle_and_3_6_1_the_edge(void **state)
{
	static const struct point at[] = { { 10, 20 }, { 1, 1 } };
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "column");
	struct unit *u = &g->units[0];
	struct move_price p;
	size_t i;

	(void)state;
	game_occupy(g, 0, false);
	for (i = 0; i < sizeof at / sizeof at[0]; i++) {
		/* a fence on the east edge of the cell NE of the unit: the
		 * step NE passes its south end */
		map_edge_set(g->map, at[i].x, at[i].y - 1, DIR_E,
		    ruleset_obst(rs, "fence"), PASS_NONE);
		u->pos = at[i];
		step_price(g, DIR_NE, DIR_NE, true, &p);
		assert_int_equal(p.verdict, MOVE_NEVER);
		assert_int_equal(p.halt, HALT_OBSTACLE);
		assert_int_equal(p.nnotes, 1);
		assert_string_equal(p.notes[0].rule, "3.6.5");
		assert_string_equal(p.notes[0].text, "an obstacle is crossed "
		    "square on, never at a slant");
		step_price(g, DIR_NE, DIR_NE, false, &p);
		assert_int_equal(p.verdict, MOVE_NEVER);
		assert_int_equal(p.halt, HALT_OBSTACLE);
		assert_int_equal(p.nnotes, 0);
		/* square on, N, it crosses no obstacle */
		step_price(g, DIR_N, DIR_N, true, &p);
		assert_int_equal(p.verdict, MOVE_OK);
		assert_int_equal(p.ticks, STEP_ORTHO);
	}
	u->pos = (struct point){ 15, 0 };
	step_price(g, DIR_N, DIR_N, true, &p);
	assert_int_equal(p.verdict, MOVE_NEVER);
	assert_int_equal(p.halt, HALT_BLOCKED);
	assert_int_equal(p.nnotes, 1);
	assert_string_equal(p.notes[0].rule, "3.6.1");
	assert_string_equal(p.notes[0].text, "the edge of the map");
	step_price(g, DIR_N, DIR_N, false, &p);
	assert_int_equal(p.verdict, MOVE_NEVER);
	assert_int_equal(p.nnotes, 0);
	/* an infantry Column (3 cells wide) at [15, 0] facing N steps W:
	 * its front across the step would stand on [14, -1] to [14, 1],
	 * partly off the map; from [15, 1] it would not */
	step_price(g, DIR_N, DIR_W, true, &p);
	assert_int_equal(p.verdict, MOVE_NEVER);
	assert_int_equal(p.halt, HALT_BLOCKED);
	assert_int_equal(p.nnotes, 1);
	assert_string_equal(p.notes[0].rule, "3.6.1");
	assert_string_equal(p.notes[0].text, "its front would leave the map");
	step_price(g, DIR_N, DIR_W, false, &p);
	assert_int_equal(p.verdict, MOVE_NEVER);
	assert_int_equal(p.halt, HALT_BLOCKED);
	assert_int_equal(p.nnotes, 0);
	u->pos = (struct point){ 15, 1 };
	step_price(g, DIR_N, DIR_W, true, &p);
	assert_int_equal(p.verdict, MOVE_OK);
	assert_int_equal(p.ticks, STEP_ORTHO);
	assert_int_equal(p.nnotes, 0);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.5: a Line (6 cells wide) at [10, 20] facing N whose next step puts
 * its front on a village (at [8, 19]) and a marsh (at [12, 19]), neither
 * of which a Line may enter, changes at once to Manoeuvre Column, which
 * may enter both: the note names both grounds, in the ruleset's order.
 */
static void
test_3_6_5_ground_forbidden_to_the_formation_named_in_full(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	struct move_price p;

	(void)state;
	map_cell(g->map, 8, 19)->land = (uint8_t)ruleset_land(rs, "village");
	map_cell(g->map, 12, 19)->land = (uint8_t)ruleset_land(rs, "marsh");
	step_price(g, DIR_N, DIR_N, true, &p);
	assert_int_equal(p.verdict, MOVE_CHANGE);
	assert_int_equal(p.form, ruleset_form(rs, "manoeuvre_column"));
	assert_int_equal(p.halt, HALT_TERRAIN);
	assert_int_equal(p.nnotes, 1);
	assert_string_equal(p.notes[0].rule, "3.6.5");
	assert_string_equal(p.notes[0].text, "Line may not enter village, "
	    "marsh; it changes to Manoeuvre Column at once: automatic, free, "
	    "no order");
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.6: a bridge is one narrow passage whichever part of a front meets
 * it.  A Line (6 cells wide) at [10, 20] facing E steps E, its front from
 * [11, 18] to [11, 23]: a bridge over a stream on the edge east of
 * [10, 21] is a narrow passage, the same one (the same passage id) when
 * a fence on the edge east of [10, 18] is crossed first as when it is
 * not; and it is the passage a front that meets the bridge with its
 * first cell finds, a Line at [10, 23].
 */
static void
test_3_6_6_a_bridge_is_one_passage_for_every_front(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	struct unit *u = &g->units[0];
	struct move_price p;
	int alone, behind, first;

	(void)state;
	game_occupy(g, 0, false);
	u->facing = DIR_E;
	map_edge_set(g->map, 10, 21, DIR_E, ruleset_obst(rs, "stream"),
	    PASS_BRIDGE);
	step_price(g, DIR_E, DIR_E, true, &p);
	assert_true(p.flags & MPF_NARROW);
	assert_int_equal(p.verdict, MOVE_OK);
	alone = p.passage;
	map_edge_set(g->map, 10, 18, DIR_E, ruleset_obst(rs, "fence"),
	    PASS_NONE);
	step_price(g, DIR_E, DIR_E, true, &p);
	assert_true(p.flags & MPF_NARROW);
	assert_int_equal(p.halt, HALT_OBSTACLE);	/* the fence */
	behind = p.passage;
	assert_int_equal(count_notes(&p, "the bridge ahead is a narrow "
	    "passage: one unit a turn"), 1);
	u->pos = (struct point){ 10, 23 };
	step_price(g, DIR_E, DIR_E, true, &p);
	assert_true(p.flags & MPF_NARROW);
	first = p.passage;
	assert_true(alone >= 0);
	assert_int_equal(behind, alone);
	assert_int_equal(first, alone);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.6, the same across the rows: a Line (6 cells wide) at [10, 20]
 * facing N steps N, its front from [8, 19] to [13, 19]: a bridge over a
 * stream on the edge north of [11, 20] is one narrow passage, the same
 * (the same passage id) when a fence on the edge north of [8, 20], the
 * front's first cell, is crossed first as when it is not, and the one a
 * Line at [13, 20] finds with its first cell.
 */
static void
test_3_6_6_a_bridge_is_one_passage_for_a_front_facing_north(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	struct unit *u = &g->units[0];
	struct move_price p;
	int alone, behind, first;

	(void)state;
	game_occupy(g, 0, false);
	u->facing = DIR_N;
	map_edge_set(g->map, 11, 20, DIR_N, ruleset_obst(rs, "stream"),
	    PASS_BRIDGE);
	step_price(g, DIR_N, DIR_N, true, &p);
	assert_true(p.flags & MPF_NARROW);
	assert_int_equal(p.verdict, MOVE_OK);
	alone = p.passage;
	/* The passage of the edge north of [11, 20]: cell 20 x w + 11, N. */
	assert_int_equal(alone, (20 * g->map->w + 11) * 4 + DIR_N / 2);
	map_edge_set(g->map, 8, 20, DIR_N, ruleset_obst(rs, "fence"),
	    PASS_NONE);
	step_price(g, DIR_N, DIR_N, true, &p);
	assert_true(p.flags & MPF_NARROW);
	assert_int_equal(p.halt, HALT_OBSTACLE);	/* the fence */
	behind = p.passage;
	u->pos = (struct point){ 13, 20 };
	step_price(g, DIR_N, DIR_N, true, &p);
	assert_true(p.flags & MPF_NARROW);
	first = p.passage;
	assert_int_equal(behind, alone);
	assert_int_equal(first, alone);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.6: the bridge of a big road is part of the road, no narrow passage:
 * a Line at [10, 20] crossing a stream by a bridge whose big road runs
 * over it from the cell behind the front to the cell on it, and no
 * farther ([10, 20] to [10, 19] stepping N, [10, 20] to [11, 20] facing
 * and stepping E), crosses with no effect; without the road it is a
 * narrow passage.
 */
static void
test_3_6_6_bridge_of_the_big_road_is_no_narrow_passage(void **state)
{
	static const struct { enum dir d; int ex, ey; enum dir edge;
	    int rx, ry; } c[] = {
		{ DIR_N, 10, 19, DIR_S, 10, 19 },
		{ DIR_E, 10, 20, DIR_E, 11, 20 },
	};
	struct ruleset *rs = rules();
	size_t i;
	int road;

	(void)state;
	for (i = 0; i < sizeof c / sizeof c[0]; i++)
		for (road = 0; road < 2; road++) {
			struct game *g = one_unit(rs, "line");
			struct move_price p;

			map_edge_set(g->map, c[i].ex, c[i].ey, c[i].edge,
			    ruleset_obst(rs, "stream"), PASS_BRIDGE);
			if (road) {
				map_cell(g->map, 10, 20)->road = ROAD_BIG;
				map_cell(g->map, c[i].rx, c[i].ry)->road =
				    ROAD_BIG;
			}
			step_price(g, c[i].d, c[i].d, true, &p);
			assert_int_equal(p.verdict, MOVE_OK);
			assert_int_equal(!(p.flags & MPF_NARROW), road);
			assert_int_equal(count_notes(&p, "crosses the bridge "
			    "of the big road: part of the road, no effect"),
			    road);
			assert_int_equal(count_notes(&p, "the bridge ahead is "
			    "a narrow passage: one unit a turn"), !road);
			game_free(g);
		}
	ruleset_free(rs);
}

/*
 * 3.6.5: new ground is ground the front does not stand on already, read
 * on the cells of the old front that are on the map.  A Line (6 cells
 * wide) at [1, 20] facing N, its front from [-1, 20] to [4, 20] partly
 * off the map (as the route search may ask of a place), steps E: its new
 * front, [2, 18] to [2, 23], is wood but for [2, 20], a cell of the old
 * front too, open ground.  With wood under the rest of the old front on
 * the map it enters no new ground: the step alone, 0.5 BD; with open
 * ground there, it enters wood: Pe 1 more.  The same at the other side:
 * at [27, 20], its front [25, 20] to [30, 20], stepping W to [26, 18] to
 * [26, 23].  (Woods at [0, 21] and at [5, 20], next to the old front's
 * right end, are no cells of any front.)
 */
static void
test_3_6_5_new_ground_read_on_the_old_front_s_cells_on_the_map(void **state)
{
	static const struct { int x, nx; enum dir d; } side[] = {
		{ 1, 2, DIR_E }, { 27, 26, DIR_W }
	};
	struct ruleset *rs = rules();
	int wood = ruleset_land(rs, "wood"), under, x, y;
	size_t k;

	(void)state;
	for (k = 0; k < sizeof side / sizeof side[0]; k++)
	for (under = 0; under < 2; under++) {
		struct game *g = one_unit(rs, "line");
		struct unit *u = &g->units[0];
		struct move_price p;

		game_occupy(g, 0, false);
		u->pos = (struct point){ side[k].x, 20 };
		for (y = 17; y <= 24; y++)
			if (y != 20)
				map_cell(g->map, side[k].nx, y)->land =
				    (uint8_t)wood;
		for (x = side[k].x - 2; x <= side[k].x + 3 && under; x++)
			if (x != side[k].nx && map_inside(g->map, x, 20))
				map_cell(g->map, x, 20)->land = (uint8_t)wood;
		map_cell(g->map, 0, 21)->land = (uint8_t)wood;
		if (map_inside(g->map, side[k].x + 4, 20))
			map_cell(g->map, side[k].x + 4, 20)->land =
			    (uint8_t)wood;
		step_price(g, DIR_N, side[k].d, true, &p);
		assert_int_equal(p.verdict, MOVE_OK);
		if (under) {
			assert_int_equal(p.ticks, STEP_ORTHO);
			assert_int_equal(count_notes(&p, "enters wood"), 0);
		} else {
			assert_int_equal(p.ticks, STEP_ORTHO +
			    rs->land[wood].pe);
			assert_int_equal(p.halt, HALT_TERRAIN);
			assert_int_equal(count_notes(&p, "enters wood"), 1);
		}
		game_free(g);
	}
	ruleset_free(rs);
}

/*
 * 3.6.6: the small road's relief is noted however small it is: with the
 * village's Pe made a quarter BD (1 tick, less than the road's 1 BD), a
 * Manoeuvre Column with 2 BD left stepping along a small road into it
 * has the quarter taken off, Pr 1 + Pe 0.25 - 0.25 = 1 BD besides the
 * step, and the note says so as a road's note, not as open ground's.
 */
static void
test_3_6_6_small_road_relief_of_one_tick_noted(void **state)
{
	struct ruleset *rs = rules();
	struct game *g;
	struct move_price p;
	int x, bd = rs->ticks, village = ruleset_land(rs, "village");

	(void)state;
	assert_true(village >= 0);
	rs->land[village].pe = 1;
	g = one_unit(rs, "manoeuvre_column");
	for (x = 0; x < 30; x++)
		map_cell(g->map, x, 19)->land = (uint8_t)village;
	map_cell(g->map, 10, 19)->road = ROAD_SMALL;
	map_cell(g->map, 10, 20)->road = ROAD_SMALL;
	step_price_left(g, DIR_N, DIR_N, 2 * bd, &p);
	assert_int_equal(p.ticks, STEP_ORTHO + bd);
	assert_int_equal(count_notes(&p, "enters village on a small road (Pr "
	    "1 + Pe 0.25, less 0.25 BD) = -1 BD, 0.5 BD left"), 1);
	assert_int_equal(count_notes(&p, "besides the step"), 0);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.6: a road takes its part off the price of new ground whether or
 * not the step is explained (the walk and the route search ask without
 * notes).  A Manoeuvre Column at [10, 20] facing N steps along a road
 * into a village made Pr 1 + Pe 0.25: on a small road 0.5 BD + 1 BD
 * (the quarter taken off), stopped only by the 1 BD above what is left;
 * on the big road 0.5 BD, the village nothing; with the village's Pr
 * made 0, on the small road 0.5 BD and nothing to stop it (its speed
 * alone, no need).  The same figures with notes as without, and the
 * road flag set each time.
 */
static void
test_3_6_6_road_takes_its_part_off_new_ground_unexplained(void **state)
{
	struct ruleset *rs = rules();
	struct game *g;
	struct move_price p, q;
	int x, k, bd = rs->ticks, village = ruleset_land(rs, "village");
	static const struct {
		int	road, pr, ticks, halt, need;
	} cases[] = {
		{ ROAD_SMALL, 4, STEP_ORTHO + 4, HALT_TERRAIN, 4 },
		{ ROAD_BIG, 4, STEP_ORTHO, HALT_SPEED, -1 },
		{ ROAD_SMALL, 0, STEP_ORTHO, HALT_SPEED, -1 },
	};

	(void)state;
	assert_true(village >= 0);
	assert_int_equal(bd, 4);	/* the cases' figures are in ticks */
	for (k = 0; k < (int)(sizeof cases / sizeof cases[0]); k++) {
		rs->land[village].pe = 1;
		rs->land[village].pr = cases[k].pr;
		g = one_unit(rs, "manoeuvre_column");
		for (x = 0; x < 30; x++)
			map_cell(g->map, x, 19)->land = (uint8_t)village;
		map_cell(g->map, 10, 19)->road = (uint8_t)cases[k].road;
		map_cell(g->map, 10, 20)->road = (uint8_t)cases[k].road;
		step_price(g, DIR_N, DIR_N, false, &p);
		step_price(g, DIR_N, DIR_N, true, &q);
		assert_int_equal(p.verdict, MOVE_OK);
		assert_int_equal(p.ticks, cases[k].ticks);
		assert_int_equal(p.halt, cases[k].halt);
		assert_int_equal(p.need, cases[k].need);
		assert_true(p.flags & MPF_ROAD);
		assert_int_equal(q.ticks, p.ticks);
		assert_int_equal(q.halt, p.halt);
		assert_int_equal(q.need, p.need);
		assert_int_equal(q.flags, p.flags);
		game_free(g);
	}
	ruleset_free(rs);
}

/*
 * 3.6.5, 3.6.6: the notes of a step give what is left after it, never
 * below 0 BD: a Line at [10, 20] facing N with 1.5 BD left steps into a
 * wood (0.5 BD + Pe 1), 0 BD left; a Manoeuvre Column with 1.5 BD left
 * steps along a small road into a village (0.5 BD + Pr 1 + Pe 1 less
 * 1 BD), 0 BD left; with 0.5 BD left a fence (1 BD wide, Pr 0 + Pe 0)
 * costs more than it has: the note gives no figure left (it said "0 BD
 * left", read beside the walk's "it has 0.5 BD left" where the step is
 * not made), and on a minimum move it crosses and ends a Mob; with 1.5
 * BD left it climbs 2 contours (one free, the other 1 BD), 0 BD left.
 */
static void
test_3_6_5_notes_give_what_is_left_never_below_nothing(void **state)
{
	struct ruleset *rs = rules();
	struct game *g;
	struct move_price p;
	int x, bd = rs->ticks;

	(void)state;
	g = one_unit(rs, "line");
	for (x = 0; x < 30; x++)
		map_cell(g->map, x, 19)->land = (uint8_t)ruleset_land(rs,
		    "wood");
	step_price_left(g, DIR_N, DIR_N, STEP_ORTHO + bd, &p);
	assert_int_equal(p.ticks, STEP_ORTHO + bd);
	assert_int_equal(count_notes(&p, "enters wood (Pe 1): -1 BD besides "
	    "the step, 0 BD left"), 1);
	game_free(g);

	g = one_unit(rs, "manoeuvre_column");
	for (x = 0; x < 30; x++)
		map_cell(g->map, x, 19)->land = (uint8_t)ruleset_land(rs,
		    "village");
	map_cell(g->map, 10, 19)->road = ROAD_SMALL;
	map_cell(g->map, 10, 20)->road = ROAD_SMALL;
	step_price_left(g, DIR_N, DIR_N, STEP_ORTHO + bd, &p);
	assert_int_equal(p.ticks, STEP_ORTHO + bd);
	assert_int_equal(count_notes(&p, "enters village on a small road (Pr "
	    "1 + Pe 1, less 1 BD) = -1 BD, 0 BD left"), 1);
	game_free(g);

	g = one_unit(rs, "manoeuvre_column");
	for (x = 0; x < 30; x++)
		map_edge_set(g->map, x, 19, DIR_S, ruleset_obst(rs, "fence"),
		    PASS_NONE);
	step_price_walk(g, DIR_N, DIR_N, STEP_ORTHO, true, &p);
	assert_int_equal(p.ticks, bd);
	assert_true(p.flags & MPF_MOB_AFTER);
	assert_int_equal(count_notes(&p, "crosses the fence (Pr 0 + Pe 0 + "
	    "1 BD wide) = 1 BD; its front is square to it, facing N"), 1);
	assert_int_equal(count_notes(&p, "its speed left is less than the "
	    "crossing: it crosses but ends as a Mob"), 1);
	/* M19: less than the crossing left makes a Mob only on the minimum
	 * move; a unit that has moved already does not cross at all, and
	 * the price says nothing of a Mob. */
	step_price_left(g, DIR_N, DIR_N, STEP_ORTHO, &p);
	assert_int_equal(p.ticks, bd);
	assert_false(p.flags & MPF_MOB_AFTER);
	assert_int_equal(count_notes(&p, "ends as a Mob"), 0);
	game_free(g);

	g = one_unit(rs, "manoeuvre_column");
	for (x = 0; x < 30; x++)
		map_cell(g->map, x, 19)->height = 2;
	step_price_left(g, DIR_N, DIR_N, STEP_ORTHO + bd, &p);
	assert_int_equal(p.ticks, STEP_ORTHO + bd);
	assert_int_equal(count_notes(&p, "crosses 2 contours, 1 free this "
	    "turn: -1 BD, 0 BD left"), 1);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.6: cavalry in Road Column keeps its full road speed (5 BD) only when
 * no friend stands on its way ahead, along the route it has planned and
 * then straight on to the point it seeks.  A Road Column at [20, 20] on a
 * road, ordered to [20, 2] by a planned route bending east, [21, 19] to
 * [24, 16], meets on that route a friendly Line (the first unit of the
 * battle) at [25, 17] (its front [23, 17] to [28, 17]), off the straight
 * ways from the Road Column and from the route's end to [20, 2]: it
 * moves at the crowded 3 BD.  With the Line elsewhere on the map the
 * road ahead is clear.
 */
static void
test_3_6_6_road_column_crowded_by_a_friend_on_its_route(void **state)
{
	static const struct point route[4] = { { 21, 19 }, { 22, 18 },
	    { 23, 17 }, { 24, 16 } };
	struct ruleset *rs = rules();
	int far, y;

	(void)state;
	for (far = 0; far < 2; far++) {
		struct game *g = one_unit(rs, "line");
		struct move_walk w;
		int c;

		game_occupy(g, 0, false);
		g->units[0].pos = far ? (struct point){ 5, 28 } :
		    (struct point){ 25, 17 };
		game_occupy(g, 0, true);
		c = game_add_unit(g, "c", "C", 0, 0);
		g->units[c].arm = ARM_CAVALRY;
		g->units[c].klass = 0;
		unit_attr_set(&g->units[c], ruleset_attr(rs, "drill"), 4);
		unit_attr_set(&g->units[c], ruleset_attr(rs, "musician"),
		    false);
		g->units[c].strength = g->units[c].strength0 = 400;
		g->units[c].formation = ruleset_form(rs, "road_column");
		g->units[c].pos = (struct point){ 20, 20 };
		g->units[c].facing = DIR_N;
		for (y = 20; y < 30; y++)
			map_cell(g->map, 20, y)->road = ROAD_SMALL;
		game_occupy(g, c, true);
		order_move(g, c, 20, 2);
		move_walk_init(g, c, &w);
		w.explain = true;
		w.route = xmallocarray(4, sizeof *w.route);
		memcpy(w.route, route, sizeof route);
		w.nroute = 4;
		assert_int_equal(rs->ops->move_begin(g, &w), 0);
		assert_int_equal(w.allowance, (far ? 5 : 3) * rs->ticks);
		move_walk_free(&w);
		game_free(g);
	}
	ruleset_free(rs);
}

/*
 * 3.6.5: an obstacle may forbid a formation: a limbered battery at
 * [10, 20] facing N never crosses the wall along row 19's south edges
 * (the unit halts for the obstacle, and the note says why); a fence it
 * crosses, 1 BD wide.
 */
static void
test_3_6_5_formation_the_obstacle_forbids_never_crosses(void **state)
{
	struct ruleset *rs = rules();
	int k, x;

	(void)state;
	for (k = 0; k < 2; k++) {
		struct game *g = one_unit(rs, "line");
		struct unit *u = &g->units[0];
		struct move_price p;

		game_occupy(g, 0, false);
		u->arm = ARM_ARTILLERY;
		u->klass = ruleset_class(rs, ARM_ARTILLERY, "light");
		u->formation = ruleset_form(rs, "limbered");
		u->strength = u->strength0 = 6;
		game_occupy(g, 0, true);
		for (x = 0; x < 30; x++)
			map_edge_set(g->map, x, 19, DIR_S, ruleset_obst(rs,
			    k == 0 ? "wall" : "fence"), PASS_NONE);
		step_price(g, DIR_N, DIR_N, true, &p);
		assert_int_equal(p.halt, HALT_OBSTACLE);
		if (k == 0) {
			assert_int_equal(p.verdict, MOVE_NEVER);
			assert_int_equal(p.nnotes, 1);
			assert_string_equal(p.notes[0].rule, "3.6.5");
			assert_string_equal(p.notes[0].text, "Limbered may not "
			    "cross the wall");
		} else {
			assert_int_equal(p.verdict, MOVE_OK);
			assert_int_equal(p.ticks, rs->ticks);
		}
		game_free(g);
	}
	ruleset_free(rs);
}

/*
 * A ruleset's label reads in lower case inside a sentence, whatever its
 * length: an obstacle labelled "W" (one letter) is "the w" in the note of
 * a crossing, as "Fence" is "the fence".
 */
static void
test_3_6_5_label_in_lower_case_inside_a_note(void **state)
{
	struct ruleset *rs = rules();
	int fence = ruleset_obst(rs, "fence"), k, x;

	(void)state;
	for (k = 0; k < 2; k++) {
		struct game *g = one_unit(rs, "line");
		struct move_price p;

		if (k == 1) {
			free(rs->obst[fence].label);
			rs->obst[fence].label = xstrdup("W");
		}
		for (x = 0; x < 30; x++)
			map_edge_set(g->map, x, 19, DIR_S, fence, PASS_NONE);
		step_price_left(g, DIR_N, DIR_N, 3 * rs->ticks, &p);
		assert_int_equal(count_notes(&p, k == 0 ? "crosses the fence "
		    "(Pr 0 + Pe 0 + 1 BD wide) = 1 BD, 2 BD left" : "crosses "
		    "the w (Pr 0 + Pe 0 + 1 BD wide) = 1 BD, 2 BD left"), 1);
		game_free(g);
	}
	ruleset_free(rs);
}

/*
 * 3.6.5, 3.6.6: the ground a unit stands in lowers its speed by its Pe
 * at the start of its move, one less on a small road, not at all on the
 * big road: an infantry Manoeuvre Column of Drill 4 with its drum (2 +
 * 1 = 3 BD) in a dense wood (Pe 2) has 1 BD; on a small road through
 * it, 2 BD; on the big road, its 3 BD.
 */
static void
test_3_6_6_start_in_a_wood_on_a_small_or_the_big_road(void **state)
{
	struct ruleset *rs = rules();
	int road, x, y;

	(void)state;
	for (road = ROAD_NONE; road <= ROAD_BIG; road++) {
		struct game *g = one_unit(rs, "manoeuvre_column");

		for (y = 15; y < 26; y++)
			for (x = 5; x < 16; x++)
				map_cell(g->map, x, y)->land = (uint8_t)
				    ruleset_land(rs, "dense_wood");
		map_cell(g->map, 10, 20)->road = (uint8_t)road;
		assert_int_equal(move_allowance(g, 0, false), (road ==
		    ROAD_NONE ? 1 : road == ROAD_SMALL ? 2 : 3) * rs->ticks);
		game_free(g);
	}
	ruleset_free(rs);
}

/*
 * move_allowance reckons as a walk's start does, a battery's pivot too: a
 * battery of Drill 1 ordered to face E from N has not the AP to pivot,
 * but having spent nothing yet this turn it may pivot 45 degrees all the
 * same (marshal's reading), and the allowance's notes say so, as the
 * preview of the turn does: the same notes, one event each.
 */
static void
test_move_allowance_of_a_battery_pivot_as_the_walk_s_start(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "unlimbered");
	struct unit *u = &g->units[0];
	struct move_preview p;
	int n0, i, k;

	(void)state;
	game_occupy(g, 0, false);
	u->arm = ARM_ARTILLERY;
	u->klass = ruleset_class(rs, ARM_ARTILLERY, "light");
	unit_attr_set(u, ruleset_attr(g->rs, "drill"), 1);
	unit_attr_set(u, ruleset_attr(g->rs, "musician"), false);
	u->strength = u->strength0 = 6;
	u->pos = (struct point){ 10, 18 };
	game_occupy(g, 0, true);
	order_move(g, 0, 11, 18);
	n0 = g->log.n;
	assert_int_equal(move_allowance(g, 0, true), 0);
	k = g->log.n - n0;
	assert_int_equal(count_events(g, 0, "3.6.3", "pivots in place from N "
	    "to NE"), 1);
	assert_int_equal(move_preview(g, &u->order, &p), 0);
	assert_true(p.log.n >= k);
	for (i = 0; i < k; i++) {
		assert_string_equal(g->log.v[n0 + i].rule, p.log.v[i].rule);
		assert_string_equal(g->log.v[n0 + i].text, p.log.v[i].text);
	}
	move_preview_free(&p);
	game_free(g);
	ruleset_free(rs);
}

/*
 * M18 with 3.6.3: a limbered battery's most in a turn is the road's 3 BD
 * and its musician's 1 BD, never more than its Drill in AP: with a hedge
 * made dearer (Pr 3 BD: 1 BD wide + 3 = 4 BD), a light battery of Drill 6
 * with its musician crosses it; without him, or with Drill 3, it never
 * does.
 */
static void
test_M18_3_6_3_battery_s_musician_counts_in_the_most_it_moves(void **state)
{
	static const struct { int drill; bool musician, crosses; } c[] = {
		{ 6, true, true }, { 6, false, false }, { 3, true, false },
	};
	struct ruleset *rs = rules();
	size_t i;

	(void)state;
	rs->obst[ruleset_obst(rs, "hedge")].pr = 3 * rs->ticks;
	for (i = 0; i < sizeof c / sizeof c[0]; i++) {
		struct game *g = one_unit(rs, "line");
		struct move_price p;

		cross_price(g, ARM_ARTILLERY, "limbered", "light", c[i].drill,
		    c[i].musician, "hedge", &p);
		if (p.verdict != (c[i].crosses ? MOVE_OK : MOVE_NEVER))
			fail_msg("case %zu: verdict %d", i, p.verdict);
		game_free(g);
	}
	ruleset_free(rs);
}

/*
 * 3.6.5: new ground is ground the old front does not stand on, whichever
 * landscape comes first in the ruleset: with open ground given a Pr of
 * 1 BD, a Line facing N whose old front stands on wood (its two left
 * cells) and open ground sidesteps E onto a front of wood (its top cell)
 * and open ground: no new ground, the step alone (0.5 BD).  So at
 * [10, 20] and at [1, 20], its front there partly off the map.  From a
 * wood onto that open ground, it pays its Pr.
 */
static void
test_3_6_5_no_new_ground_whatever_the_landscapes_order(void **state)
{
	static const int at[] = { 10, 1 };
	struct ruleset *rs = rules();
	int wood = ruleset_land(rs, "wood"), open = ruleset_land(rs, "open");
	size_t k;

	(void)state;
	assert_int_equal(open, 0);
	rs->land[open].pr = rs->ticks;
	for (k = 0; k < sizeof at / sizeof at[0]; k++) {
		struct game *g = one_unit(rs, "line");
		struct unit *u = &g->units[0];
		struct move_price p;
		int x = at[k];

		game_occupy(g, 0, false);
		u->pos = (struct point){ x, 20 };
		if (x - 2 >= 0)
			map_cell(g->map, x - 2, 20)->land = (uint8_t)wood;
		map_cell(g->map, x - 1, 20)->land = (uint8_t)wood;
		map_cell(g->map, x + 1, 18)->land = (uint8_t)wood;
		step_price(g, DIR_N, DIR_E, true, &p);
		assert_int_equal(p.verdict, MOVE_OK);
		assert_int_equal(p.ticks, STEP_ORTHO);
		game_free(g);
	}
	/* and from a wood onto that open ground it pays its Pr */
	{
		struct game *g = one_unit(rs, "line");
		struct move_price p;
		int x;

		for (x = 8; x <= 13; x++)
			map_cell(g->map, x, 20)->land = (uint8_t)wood;
		step_price(g, DIR_N, DIR_N, true, &p);
		assert_int_equal(p.verdict, MOVE_OK);
		assert_int_equal(p.ticks, STEP_ORTHO + rs->ticks);
		game_free(g);
	}
	ruleset_free(rs);
}

/*
* 3.6.3 (marshal's reading): a block faces about where it stands, its rear
 * rank becoming its front, unless it stands astride an obstacle, which
 * facing about would cross for nothing: an infantry Column at [10, 20]
 * facing N (cells [9, 20] to [11, 23]) faces S about its rear rank with
 * open ground about it, but not with a wall between its front-left cell
 * and the next one; nor does a Road Column there (one cell wide, [10, 20]
 * back to [10, 27]) with a wall between its head and the next cell, nor
 * one facing E (one cell deep, [10, 20] back to [3, 20]) with a wall
 * between its head and the cell behind it, [9, 20], the only wall it can
 * stand astride being one between cells side by side along a row.
 */
static void
test_3_6_3_block_astride_a_wall_does_not_face_about_in_place(void **state)
{
	static const struct {
		const char *form;
		enum dir f;
		int x, y;
		enum dir d;
	} c[] = {
		{ "column", DIR_N, -1, -1, DIR_E },
		{ "column", DIR_N, 9, 20, DIR_E },
		{ "road_column", DIR_N, -1, -1, DIR_S },
		{ "road_column", DIR_N, 10, 20, DIR_S },
		{ "road_column", DIR_E, -1, -1, DIR_E },
		{ "road_column", DIR_E, 9, 20, DIR_E },
	};
	struct ruleset *rs = rules();
	size_t k;

	(void)state;
	for (k = 0; k < sizeof c / sizeof c[0]; k++) {
		struct game *g = one_unit(rs, c[k].form);
		struct move_walk w;
		struct move_price p;

		game_occupy(g, 0, false);
		g->units[0].facing = c[k].f;
		game_occupy(g, 0, true);
		if (c[k].x >= 0)
			map_edge_set(g->map, c[k].x, c[k].y, c[k].d,
			    ruleset_obst(rs, "wall"), PASS_NONE);
		move_walk_init(g, 0, &w);
		w.explain = false;
		rs->ops->move_turn(g, &w, dir_turn(c[k].f, 4), &p);
		if (((p.flags & MPF_ANCHOR) != 0) != (c[k].x < 0))
			fail_msg("case %zu: flags %x", k, p.flags);
		move_walk_free(&w);
		game_free(g);
	}
	ruleset_free(rs);
}

/*
 * 3.6.3 (marshal's reading): a block faces about in place only towards a
 * goal still ahead of its new front: an infantry Column at [10, 20] facing
 * N (rear rank on row 23) ordered to [10, 28] faces S about its rear
 * rank; ordered to [10, 22], within its own length, it does not (it would
 * face about to and fro), and turns about its front as any turn.
 */
static void
test_3_6_3_faces_about_in_place_only_towards_a_goal_ahead(void **state)
{
	static const int goal[] = { 28, 22 };
	struct ruleset *rs = rules();
	size_t k;

	(void)state;
	for (k = 0; k < sizeof goal / sizeof goal[0]; k++) {
		struct game *g = one_unit(rs, "column");
		struct unit *u = &g->units[0];
		struct move_walk w;
		struct move_price p;

		u->order.kind = ORDER_MOVE;
		u->order.unit = 0;
		u->order.npts = 1;
		u->order.pts[0] = (struct point){ 10, goal[k] };
		move_walk_init(g, 0, &w);
		w.explain = false;
		rs->ops->move_turn(g, &w, DIR_S, &p);
		assert_int_equal((p.flags & MPF_ANCHOR) != 0, k == 0);
		if (k == 0) {
			assert_int_equal(p.anchor.x, 10);
			assert_int_equal(p.anchor.y, 23);
		}
		move_walk_free(&w);
		game_free(g);
	}
	ruleset_free(rs);
}

/*
 * 3.6.5, issue 12: a crossing onto new ground stops the unit for the
 * obstacle, and needs the crossing and the ground's Pr + Pe: a Line
 * crossing a fence (1 BD wide) into a wood (Pe 1) halts for the obstacle
 * if short, needing 2 BD.  Two narrow passages out of one cell, a gate
 * north and a gate east of it, are two passages.
 */
static void
test_3_6_5_crossing_into_a_wood_needs_both_and_gates_apart(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	struct move_price p;
	int x, north, east;

	(void)state;
	for (x = 0; x < 30; x++) {
		map_edge_set(g->map, x, 19, DIR_S, ruleset_obst(rs, "fence"),
		    PASS_NONE);
		map_cell(g->map, x, 19)->land = (uint8_t)ruleset_land(rs,
		    "wood");
	}
	step_price(g, DIR_N, DIR_N, true, &p);
	assert_int_equal(p.verdict, MOVE_OK);
	assert_int_equal(p.halt, HALT_OBSTACLE);
	assert_int_equal(p.need, 2 * rs->ticks);
	assert_int_equal(p.ticks, 2 * rs->ticks);
	game_free(g);

	g = one_unit(rs, "road_column");
	map_edge_set(g->map, 10, 19, DIR_S, ruleset_obst(rs, "hedge"),
	    PASS_GATE);
	map_edge_set(g->map, 10, 20, DIR_E, ruleset_obst(rs, "hedge"),
	    PASS_GATE);
	step_price(g, DIR_N, DIR_N, true, &p);
	assert_true(p.flags & MPF_NARROW);
	north = p.passage;
	step_price(g, DIR_E, DIR_E, true, &p);
	assert_true(p.flags & MPF_NARROW);
	east = p.passage;
	assert_true(north >= 0 && east >= 0);
	assert_int_not_equal(north, east);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.6: on a small road the ground slows one less, whatever the ground
 * and whatever the figures: with open ground given a Pe of 1 BD, a Line
 * at [10, 20] facing N on a wood steps N along a small road onto it and
 * pays the step alone; with contours made to cost 2 BD each, a Manoeuvre
 * Column climbing 2 on that road (one free) pays 2 - 1 = 1 BD for the
 * other.
 */
static void
test_3_6_6_small_road_slows_one_less_whatever_the_figures(void **state)
{
	struct ruleset *rs = rules();
	struct nap_move *m = rs->priv;	/* the module's own tables */
	struct game *g;
	struct move_price p;
	int x;

	(void)state;
	rs->land[ruleset_land(rs, "open")].pe = rs->ticks;
	g = one_unit(rs, "line");
	for (x = 5; x < 16; x++)
		map_cell(g->map, x, 20)->land = (uint8_t)ruleset_land(rs,
		    "wood");
	map_cell(g->map, 10, 20)->road = ROAD_SMALL;
	map_cell(g->map, 10, 19)->road = ROAD_SMALL;
	step_price(g, DIR_N, DIR_N, true, &p);
	assert_int_equal(p.verdict, MOVE_OK);
	assert_int_equal(p.ticks, STEP_ORTHO);
	game_free(g);
	rs->land[ruleset_land(rs, "open")].pe = 0;

	m->contour_cost = 2 * rs->ticks;
	g = one_unit(rs, "manoeuvre_column");
	for (x = 0; x < 30; x++)
		map_cell(g->map, x, 19)->height = 2;
	map_cell(g->map, 10, 20)->road = ROAD_SMALL;
	map_cell(g->map, 10, 19)->road = ROAD_SMALL;
	step_price_left(g, DIR_N, DIR_N, 3 * rs->ticks, &p);
	assert_int_equal(p.ticks, STEP_ORTHO + rs->ticks);
	assert_int_equal(count_notes(&p, "crosses 2 contours, 1 free this "
	    "turn (one less on the small road): -1 BD"), 1);
	game_free(g);
	ruleset_free(rs);
}

/* ---- The walk's routes, wheels, passages and waits (core/move-*.c):
 * small open fields built by open_field, each test pinning the cells, the
 * facings and the ticks a player would see. ---- */

/* A 40 x 48 open map with its two sides and their generals and unit A
 * (unit_a) in formation form at p facing N, orders in force at once:
 * room about it on every side, whatever its block. */
static struct game *
open_field(const struct ruleset *rs, const char *form, struct point p)
{
	struct game *g = game_create(rs, map_create(40, 48));
	int u;

	game_add_side(g, "French");
	game_add_side(g, "Allied");
	game_add_general(g, "fr", "General", 0, -1);
	game_add_general(g, "al", "General", 1, -1);
	g->opt.courier_delay = false;
	u = unit_a(g, form);
	game_occupy(g, u, false);
	g->units[u].pos = p;
	game_occupy(g, u, true);
	return g;
}

/* Give unit u a Move order through the n points pts. */
static void
order_points(struct game *g, int u, int n, const struct point *pts)
{
	struct order o;
	char *cause = NULL;
	int i;

	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = u;
	o.general = -1;
	o.npts = n;
	for (i = 0; i < n; i++)
		o.pts[i] = pts[i];
	assert_int_equal(game_order(g, &o, &cause), 0);
	free(cause);
}

/* Lay water on the cells from lo to hi. */
static void
water_on(struct game *g, struct point lo, struct point hi)
{
	int x, y, water = ruleset_land(g->rs, "water");

	for (y = lo.y; y <= hi.y; y++)
		for (x = lo.x; x <= hi.x; x++)
			map_cell(g->map, x, y)->land = (uint8_t)water;
}

/* The preview of unit u's order walks the n cells want, from where it
 * stands, and stops at the last facing f having spent spent ticks. */
static void
preview_walks(const struct game *g, int u, const struct point *want, int n,
    enum dir f, int spent)
{
	struct move_preview p;
	int i;

	assert_int_equal(move_preview(g, &g->units[u].order, &p), 0);
	for (i = 0; i < n && i < p.npath; i++)
		if (p.path[i].x != want[i].x || p.path[i].y != want[i].y)
			break;
	if (i < n || p.npath != n) {
		for (i = 0; i < p.npath; i++)
			fprintf(stderr, "  path %d: [%d, %d]\n", i,
			    p.path[i].x, p.path[i].y);
		fail_msg("the preview walks %d cells, not the %d wanted",
		    p.npath, n);
	}
	assert_int_equal(p.pos.x, want[n - 1].x);
	assert_int_equal(p.pos.y, want[n - 1].y);
	assert_int_equal(p.facing, f);
	assert_int_equal(p.spent, spent);
	move_preview_free(&p);
}

/*
 * 3.6.5, 3.6.1: a Manoeuvre Column (3 BD with its drum, 12 ticks) sent N
 * from [20, 30] by [20, 20] to [20, 2] finds a pond on [20, 22] and
 * [20, 23] across its line.  Turn 1 it marches 6 cells to [20, 24]; turn 2
 * it goes round the pond by the way a search found, NE to [21, 23], N to
 * [21, 22], NW to [20, 21] and N to the waypoint [20, 20], and from there
 * straight on by the line to the next point, one cell more to [20, 19],
 * facing N, all 12 ticks spent (3 + 2 + 3 + 2 + 2).  It arrives on turn 5.
 */
static void
test_3_6_5_round_a_pond_to_a_waypoint_then_straight_on(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = open_field(rs, "manoeuvre_column",
	    (struct point){ 20, 30 });
	struct unit *u = &g->units[0];
	const struct point pts[2] = { { 20, 20 }, { 20, 2 } };
	const struct point turn2[6] = { { 20, 24 }, { 21, 23 }, { 21, 22 },
	    { 20, 21 }, { 20, 20 }, { 20, 19 } };
	const int row[5] = { 24, 19, 13, 7, 2 };
	int t;

	(void)state;
	water_on(g, (struct point){ 20, 22 }, (struct point){ 20, 23 });
	order_points(g, 0, 2, pts);
	for (t = 0; t < 5; t++) {
		if (t == 1)
			preview_walks(g, 0, turn2, 6, DIR_N, 12);
		assert_int_equal(u->halt == HALT_ARRIVED, false);
		(void)move_unit(g, NULL, 0, -1, NULL, NULL);
		assert_int_equal(u->pos.x, 20);
		assert_int_equal(u->pos.y, row[t]);
		assert_int_equal(u->facing, DIR_N);
	}
	assert_int_equal(u->halt, HALT_ARRIVED);
	game_free(g);
	ruleset_free(rs);
}

/* Unit u's lines in the log under rule, in order, are the n texts want
 * (printed when they are not). */
static void
lines_are(const struct game *g, int u, const char *rule,
    const char *const *want, int n)
{
	int i, k = 0, ok = 1;

	for (i = 0; i < g->log.n; i++) {
		if (g->log.v[i].unit != u || strcmp(g->log.v[i].rule, rule) != 0)
			continue;
		if (k >= n || strcmp(g->log.v[i].text, want[k]) != 0)
			ok = 0;
		k++;
	}
	if (ok && k == n)
		return;
	for (i = 0; i < g->log.n; i++)
		if (g->log.v[i].unit == u && strcmp(g->log.v[i].rule, rule) == 0)
			fprintf(stderr, "  log: %s\n", g->log.v[i].text);
	fail_msg("unit %d's %s lines are not the %d wanted", u, rule, n);
}

/*
 * 3.6.5: a way round found, then none, in one walk.  The Manoeuvre
 * Column of horse (6 BD with its trumpet, 24 ticks) sent N from [20, 26]
 * by [20, 20] to [20, 2] goes round the pond on [20, 22] and [20, 23] as
 * above, to the waypoint and on to [20, 18]; there a lake across the
 * whole map on row 17 has no way round: it may not enter it, becomes a
 * Mob and its order is cancelled, having spent 18 ticks (4.5 BD), at
 * [20, 18] facing N, halted by the ground.
 */
static void
test_3_6_5_no_way_round_after_a_way_round_in_one_walk(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = open_field(rs, "manoeuvre_column",
	    (struct point){ 20, 26 });
	struct unit *u = &g->units[0];
	const struct point pts[2] = { { 20, 20 }, { 20, 2 } };

	(void)state;
	u->arm = ARM_CAVALRY;
	water_on(g, (struct point){ 20, 22 }, (struct point){ 20, 23 });
	water_on(g, (struct point){ 0, 17 }, (struct point){ 39, 17 });
	order_points(g, 0, 2, pts);
	assert_int_equal(move_unit(g, NULL, 0, -1, NULL, NULL), 18);
	assert_int_equal(u->pos.x, 20);
	assert_int_equal(u->pos.y, 18);
	assert_int_equal(u->facing, DIR_N);
	assert_int_equal(u->halt, HALT_TERRAIN);
	assert_int_equal(u->cond, COND_MOB);
	assert_int_equal(u->order.kind, ORDER_NONE);
	game_free(g);
	ruleset_free(rs);
}

/*
 * M8, 3.6.3: boxed in by friends, not by the map.  A Line at [20, 20]
 * facing N, sent E to [34, 20], with Lines of its side on [20, 18],
 * [20, 22], [14, 20] and [26, 20]: it finds no way round b, has no room
 * to turn to face E because of b, and stands, blocked.  It does not say
 * that it needs another formation: on the empty map it would have room,
 * so the units about it, not its formation, box it in.
 */
static void
test_M8_3_6_3_boxed_in_by_friends_needs_no_other_formation(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = open_field(rs, "line", (struct point){ 20, 20 });
	const char *const want[3] = {
		"b stands in the way of A and it finds no way round it "
		"towards [34, 20]",
		"no room to turn to face E here: b",
		"A moves 0 BD (spent 0 BD of 3 BD): stops at [20, 20] facing "
		"N, Line: the way is blocked",
	};

	(void)state;
	(void)line_named(g, "b", 0, (struct point){ 20, 18 }, DIR_N);
	(void)line_named(g, "c", 0, (struct point){ 20, 22 }, DIR_N);
	(void)line_named(g, "d", 0, (struct point){ 14, 20 }, DIR_N);
	(void)line_named(g, "e", 0, (struct point){ 26, 20 }, DIR_N);
	order_move(g, 0, 34, 20);
	game_turn(g);
	assert_int_equal(g->units[0].pos.x, 20);
	assert_int_equal(g->units[0].pos.y, 20);
	assert_int_equal(g->units[0].facing, DIR_N);
	assert_int_equal(g->units[0].halt, HALT_BLOCKED);
	lines_are(g, 0, "3.6.7", want, 3);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.7, marshal's reading: a way round a standing friend, found and begun
 * in one turn, is kept to from its next point on.  The Manoeuvre Column
 * (3 BD, 12 ticks) sent N from [20, 30] to [20, 2] with the Line B
 * standing on [20, 27] marches round it by [19, 30], [16, 23] and
 * [20, 19], put into its order on turn 1; it passes the first point that
 * same turn and stops on [16, 27], on [17, 22] on turn 2, [20, 18] on
 * turn 3, then straight on N by 6 cells a turn to arrive on turn 6, never
 * going back to a point it has passed.
 */
static void
test_3_6_7_way_round_begun_the_turn_it_is_found(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = open_field(rs, "manoeuvre_column",
	    (struct point){ 20, 30 });
	struct unit *u = &g->units[0];
	const struct point at[6] = { { 16, 27 }, { 17, 22 }, { 20, 18 },
	    { 20, 12 }, { 20, 6 }, { 20, 2 } };
	const struct point pts[4] = { { 19, 30 }, { 16, 23 }, { 20, 19 },
	    { 20, 2 } };
	const int wp[6] = { 1, 2, 3, 3, 3, 4 };
	int t, i;

	(void)state;
	(void)friend_at(g, "line", 20, 27);
	order_move(g, 0, 20, 2);
	for (t = 0; t < 6; t++) {
		assert_int_equal(u->order.kind, ORDER_MOVE);
		(void)move_unit(g, NULL, 0, -1, NULL, NULL);
		assert_int_equal(u->pos.x, at[t].x);
		assert_int_equal(u->pos.y, at[t].y);
		assert_int_equal(u->waypoint, wp[t]);
		if (t == 0)
			way_round_said(g, 0, &u->order, 3, NULL);
		assert_int_equal(u->order.npts, 4);
		for (i = 0; i < 4; i++) {
			assert_int_equal(u->order.pts[i].x, pts[i].x);
			assert_int_equal(u->order.pts[i].y, pts[i].y);
		}
	}
	assert_int_equal(u->halt, HALT_ARRIVED);
	assert_int_equal(u->order.kind, ORDER_NONE);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.5, issue 12: a crossing whose contours cost more than is left is
 * still made when the crossing and the Pr + Pe of the ground behind it
 * are no more than what is left.  A Line (3 BD, 12 ticks) sent N from
 * [20, 30] meets a fence on the edge from row 27 to row 26, up two
 * contours (one free, the other 1 BD): with 1.5 BD left the crossing
 * (1 BD) is paid for but not the contour; it crosses, spends all and
 * stops formed on [20, 26] facing N, having moved 2 BD.
 */
static void
test_3_6_5_fence_up_a_slope_crossed_with_what_is_left(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = open_field(rs, "line", (struct point){ 20, 30 });
	const struct unit *a = &g->units[0];
	int x, y, fence = ruleset_obst(rs, "fence");
	const char *const want[3] = {
		"crosses the fence (Pr 0 + Pe 0 + 1 BD wide) = 1 BD; its "
		"front is square to it, facing N",
		"crosses 2 contours, 1 free this turn: -1 BD",
		"the crossing and the Pr + Pe of the ground behind it are not "
		"more than the 1.5 BD it has: it crosses and spends all",
	};

	(void)state;
	assert_true(fence > 0);
	for (x = 0; x < 40; x++) {
		map_edge_set(g->map, x, 27, DIR_N, fence, 0);
		for (y = 0; y < 27; y++)
			map_cell(g->map, x, y)->height = 2;
	}
	order_move(g, 0, 20, 2);
	assert_int_equal(move_unit(g, NULL, 0, -1, NULL, NULL), 12);
	assert_int_equal(a->pos.x, 20);
	assert_int_equal(a->pos.y, 26);
	assert_int_equal(a->facing, DIR_N);
	assert_int_equal(a->halt, HALT_SPEED);
	assert_int_equal(a->cond, COND_FORMED);
	assert_int_equal(a->moved, 8);
	lines_are(g, 0, "3.6.5", want, 3);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.5, issue 12: a crossing whose Pr + Pe and width come to nothing
 * needs nothing, and a unit that has spent nothing yet crosses it as any
 * unit crosses what it can pay for, not by the minimum move.  With the
 * obstacles made 0 BD wide, the Line (3 BD) on [20, 30] facing N, sent
 * N, meets at once a fence (Pr 0 + Pe 0) on the edge from row 30 to row
 * 29, up five contours (one free, the others 4 BD): the step costs more
 * than its 3 BD (4.5 BD), yet the crossing needs none of it: it crosses
 * to [20, 29], 0.5 BD moved, spends all and says so as for any crossing
 * paid for, not as a minimum move.
 */
static void
test_3_6_5_crossing_that_needs_nothing_made_fresh(void **state)
{
	struct ruleset *rs = rules();
	struct nap_move *m = rs->priv;	/* nap_move(rs), to be changed */
	struct game *g;
	const struct unit *a;
	int x, y, fence = ruleset_obst(rs, "fence");
	const char *const want[3] = {
		"crosses the fence (Pr 0 + Pe 0 + 0 BD wide) = 0 BD; its "
		"front is square to it, facing N",
		"crosses 5 contours, 1 free this turn: -4 BD",
		"the crossing and the Pr + Pe of the ground behind it are not "
		"more than the 3 BD it has: it crosses and spends all",
	};

	(void)state;
	m->obstacle_width = 0;
	g = open_field(rs, "line", (struct point){ 20, 30 });
	a = &g->units[0];
	assert_true(fence > 0);
	for (x = 0; x < 40; x++) {
		map_edge_set(g->map, x, 30, DIR_N, fence, 0);
		for (y = 0; y < 30; y++)
			map_cell(g->map, x, y)->height = 5;
	}
	order_move(g, 0, 20, 2);
	assert_int_equal(move_unit(g, NULL, 0, -1, NULL, NULL), 12);
	assert_int_equal(a->pos.x, 20);
	assert_int_equal(a->pos.y, 29);
	assert_int_equal(a->halt, HALT_SPEED);
	assert_int_equal(a->cond, COND_FORMED);
	assert_int_equal(a->moved, 2);
	lines_are(g, 0, "3.6.5", want, 3);
	game_free(g);
	ruleset_free(rs);
}

/*
 * A Line of arm on [20, 20] facing N, its front rank touching the enemy
 * Line e on [20, 19] facing S (gap 0), sent N: it takes no step, stays on
 * [20, 20] halted by the enemy, in contact with e, and its 3.6.8 lines
 * are the n of want.
 */
static void
touching_enemy_stays(enum arm arm, const char *const *want, int n)
{
	struct ruleset *rs = rules();
	struct game *g = open_field(rs, "line", (struct point){ 20, 20 });
	struct unit *a = &g->units[0];
	int e;

	a->arm = arm;
	e = line_named(g, "e", 1, (struct point){ 20, 19 }, DIR_S);
	order_move(g, 0, 20, 2);
	assert_int_equal(move_unit(g, NULL, 0, -1, NULL, NULL), 0);
	assert_int_equal(a->pos.x, 20);
	assert_int_equal(a->pos.y, 20);
	assert_int_equal(a->halt, HALT_CONTACT);
	assert_int_equal(a->contact, e);
	lines_are(g, 0, "3.6.8", want, n);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.8: infantry keeps more than 1 BD from the enemy.  Foot touching
 * the enemy (gap 0: it began the walk in melee) takes no step, and its
 * note says it is already nearer than the gap it keeps, not only the
 * rule's 1 BD, which a gap of 0 BD would seem to contradict.
 */
static void
test_3_6_8_infantry_already_nearer_says_so(void **state)
{
	const char *const want[3] = {
		"infantry stops more than 1 BD and less than 2 BD from e: both "
		"are in battle contact",
		"gap to e: 0 BD, already nearer than it keeps; one more step "
		"would leave 0 BD",
		"A moves 0 BD (spent 0 BD of 3 BD): stops at [20, 20] facing N, "
		"Line: the enemy",
	};

	(void)state;
	touching_enemy_stays(ARM_INFANTRY, want, 3);
}

/*
 * 3.6.8: cavalry in Line closes on the enemy until it may charge.  Horse
 * touching the enemy: its next step would overlap e, a gap shown as
 * 0 BD, never below (it keeps no gap, so the note is not "already
 * nearer"), and its move is a charge.
 */
static void
test_3_6_8_cavalry_touching_the_enemy_would_leave_0_bd(void **state)
{
	const char *const want[4] = {
		"cavalry in Line closes on e until it may charge",
		"gap to e: 0 BD; one more step would leave 0 BD",
		"A moves 0 BD (spent 0 BD of 5 BD): stops at [20, 20] facing N, "
		"Line: the enemy",
		"A (cavalry in Line) rides on until it may charge: its move "
		"brings it 0 BD from e, within melee reach, and that is a "
		"charge (3.4)",
	};

	(void)state;
	touching_enemy_stays(ARM_CAVALRY, want, 4);
}

/*
 * The per-phase index stays true when the unit filed first, unit 0 of
 * side 0 in the first bucket (slot 0), leaves that bucket: a Line on
 * [3, 12] facing S sent to [3, 17], across row 16, is filed where it
 * arrives (ctx_check), as before its walk.
 */
static void
test_move_ctx_refiles_unit_0_leaving_the_first_bucket(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = open_field(rs, "line", (struct point){ 3, 12 });
	struct move_ctx *ctx;

	(void)state;
	game_occupy(g, 0, false);
	g->units[0].facing = DIR_S;
	game_occupy(g, 0, true);
	order_move(g, 0, 3, 17);
	ctx = move_ctx_create(g);
	ctx_check(g, ctx);
	(void)move_unit(g, ctx, 0, -1, NULL, NULL);
	assert_int_equal(g->units[0].pos.x, 3);
	assert_int_equal(g->units[0].pos.y, 17);
	ctx_check(g, ctx);
	move_ctx_free(ctx);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.5, issue 12: the reachable area of the minimum move alone, made on
 * the slant.  A Column without drum facing NW at [10, 20] in a wood
 * everywhere has 1 BD - Pe 1 = 0 BD: the area is the cell it stands on
 * and the one NW of it, [9, 19], the first cell of the square the search
 * looks over, and no other.
 */
static void
test_3_6_5_reach_of_a_minimum_move_on_the_slant(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "column");
	struct point *cells = NULL;
	int n, x, y;

	(void)state;
	unit_attr_set(&g->units[0], ruleset_attr(g->rs, "musician"), false);
	game_occupy(g, 0, false);
	g->units[0].facing = DIR_NW;
	game_occupy(g, 0, true);
	for (y = 0; y < g->map->h; y++)
		for (x = 0; x < g->map->w; x++)
			map_cell(g->map, x, y)->land =
			    (uint8_t)ruleset_land(rs, "wood");
	n = move_reach(g, 0, &cells);
	assert_int_equal(n, 2);
	assert_int_equal(cells[0].x, 10);
	assert_int_equal(cells[0].y, 20);
	assert_int_equal(cells[1].x, 9);
	assert_int_equal(cells[1].y, 19);
	free(cells);
	game_free(g);
	ruleset_free(rs);
}

/* move_gap: a block of no cells is beyond any gap (INT_MAX), whichever
 * of the two it is, and its array is not read (NULL here). */
static void
test_move_gap_of_an_empty_block(void **state)
{
	struct point a[1] = { { 3, 4 } };

	(void)state;
	assert_int_equal(move_gap(a, 1, NULL, 0), INT_MAX);
	assert_int_equal(move_gap(NULL, 0, a, 1), INT_MAX);
	assert_int_equal(move_gap(a, 1, a, 1), -1);
}

/*
 * 3.6.7, marshal's reading (3.6 moves units together): a unit that waits
 * for a friend under orders ahead of it resumes its own order after the
 * wait, with the waypoints it has passed.  The Manoeuvre Column A sent
 * from [20, 30] by [20, 26] to [20, 2] passes the waypoint on turn 1 and
 * stops on [20, 24].  Turn 2 the Manoeuvre Column B, its body on rows 14
 * to 21, is sent N too: A waits for it, B marches to [20, 10], and A then
 * marches its 3 BD on N behind it to [20, 18], its waypoint still
 * passed.
 */
static void
test_3_6_7_after_a_wait_the_order_resumes_past_its_waypoint(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = open_field(rs, "manoeuvre_column",
	    (struct point){ 20, 30 });
	const struct unit *a = &g->units[0];
	const struct point pts[2] = { { 20, 26 }, { 20, 2 } };
	int b = friend_at(g, "manoeuvre_column", 20, 14);

	(void)state;
	order_points(g, 0, 2, pts);
	game_turn(g);
	assert_int_equal(a->pos.x, 20);
	assert_int_equal(a->pos.y, 24);
	assert_int_equal(a->waypoint, 1);
	order_move(g, b, 20, 2);
	game_turn(g);
	assert_int_equal(count_events(g, 0, "3.6.7", "A waits for B, under a "
	    "Move order of its own and in its way, to move first"), 1);
	assert_int_equal(g->units[b].pos.x, 20);
	assert_int_equal(g->units[b].pos.y, 10);
	assert_int_equal(a->pos.x, 20);
	assert_int_equal(a->pos.y, 18);
	assert_int_equal(a->facing, DIR_N);
	assert_int_equal(a->waypoint, 1);
	assert_int_equal(a->halt, HALT_SPEED);
	game_free(g);
	ruleset_free(rs);
}

/*
 * M18, 3.6.5, M8: a crossing dearer than the most a unit moves in a turn
 * is never made, and the walk looks along its line for one (with the
 * phase's index, only within the box of where it stands and where the
 * line takes it).  A Line of Drill 2 with its drum (1 BD) marching W from
 * [30, 20] to [2, 20], with a hedge (2 BD to cross) on the west edges of
 * column 25 from row 12 to row 28, sees it 5 cells ahead and turns NW at
 * once for its way round (1 BD, all it has), then steps NW to [29, 19],
 * [28, 18], [27, 17].  The same marching N from [20, 30] to [20, 2]
 * with the hedge on the north edges of row 25: it turns NE and steps to
 * [21, 29], [22, 28], [23, 27].
 */
static void
test_M18_3_6_5_hedge_never_crossed_is_seen_ahead_west_and_north(void **state)
{
	static const struct {
		struct point at, goal, step[3];
		enum dir face, turn;
	} c[2] = {
		{ { 30, 20 }, { 2, 20 }, { { 29, 19 }, { 28, 18 }, { 27, 17 } },
		    DIR_W, DIR_NW },
		{ { 20, 30 }, { 20, 2 }, { { 21, 29 }, { 22, 28 }, { 23, 27 } },
		    DIR_N, DIR_NE },
	};
	struct ruleset *rs = rules();
	int k, t, i;

	(void)state;
	for (k = 0; k < 2; k++) {
		struct game *g = open_field(rs, "line", c[k].at);
		struct unit *a = &g->units[0];
		int hedge = ruleset_obst(rs, "hedge");

		unit_attr_set(a, ruleset_attr(rs, "drill"), 2);
		game_occupy(g, 0, false);
		a->facing = c[k].face;
		game_occupy(g, 0, true);
		for (i = 12; i <= 28; i++)
			if (k == 0)
				map_edge_set(g->map, 25, i, DIR_W, hedge, 0);
			else
				map_edge_set(g->map, i, 25, DIR_N, hedge, 0);
		order_move(g, 0, c[k].goal.x, c[k].goal.y);
		for (t = 0; t < 4; t++) {
			struct move_ctx *ctx = move_ctx_create(g);

			(void)move_unit(g, ctx, 0, -1, NULL, NULL);
			move_ctx_free(ctx);
			assert_int_equal(a->facing, c[k].turn);
			assert_int_equal(a->halt, HALT_SPEED);
			if (t == 0) {
				assert_int_equal(a->pos.x, c[k].at.x);
				assert_int_equal(a->pos.y, c[k].at.y);
			} else {
				assert_int_equal(a->pos.x, c[k].step[t - 1].x);
				assert_int_equal(a->pos.y, c[k].step[t - 1].y);
			}
		}
		game_free(g);
	}
	ruleset_free(rs);
}

/*
 * move_ctx_blocker: the friend a unit waited for, while it has still to
 * move, else -1; unit 0 too.  The Manoeuvre Column B on [20, 24] and A
 * (unit 0) ahead of it (its body on rows 14 to 21), both sent N with
 * units allowed to wait: before any walk B waits for nobody; B's walk
 * meets A, which has yet to march, and waits (MOVE_WAITS, nothing
 * changed); A is then its blocker until A has marched (its 3 BD, to
 * [20, 8]); then none, and B marches its 2 BD (no drum) to [20, 20].
 */
static void
test_move_ctx_blocker_until_the_friend_has_marched(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = open_field(rs, "manoeuvre_column",
	    (struct point){ 20, 14 });
	struct move_ctx *ctx;
	int b = friend_at(g, "manoeuvre_column", 20, 24);

	(void)state;
	order_move(g, 0, 20, 2);
	order_move(g, b, 20, 2);
	ctx = move_ctx_create(g);
	move_ctx_wait(ctx, true);
	assert_int_equal(move_ctx_blocker(ctx, b), -1);
	assert_int_equal(move_unit(g, ctx, b, -1, NULL, NULL), MOVE_WAITS);
	assert_int_equal(g->units[b].pos.y, 24);
	assert_int_equal(move_ctx_blocker(ctx, b), 0);
	assert_int_equal(move_ctx_blocker(ctx, 0), -1);
	(void)move_unit(g, ctx, 0, -1, NULL, NULL);
	assert_int_equal(g->units[0].pos.y, 8);
	assert_int_equal(move_ctx_blocker(ctx, b), -1);
	assert_int_equal(move_unit(g, ctx, b, -1, NULL, NULL), 8);
	assert_int_equal(g->units[b].pos.x, 20);
	assert_int_equal(g->units[b].pos.y, 20);
	move_ctx_free(ctx);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.6: a road trail belongs to the march that made it.  A Road Column
 * facing E on [10, 20], its body bent round the corner at [8, 20] down
 * its road (which runs no further E than [10, 20]), is sent E off the
 * road to [14, 20]: it marches as a block, facing E as before, and
 * where it stops it holds no trail any more: its block is the straight
 * one behind its head, [14, 20] back to [7, 20].
 */
static void
test_3_6_6_trail_dropped_by_a_march_off_the_road(void **state)
{
	static const struct point bend[8] = {
		{ 10, 20 }, { 9, 20 }, { 8, 20 }, { 8, 21 }, { 8, 22 },
		{ 8, 23 }, { 8, 24 }, { 8, 25 }
	};
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "road_column");
	struct unit *u = &g->units[0];
	struct point *cells;
	int i, n;

	(void)state;
	for (i = 8; i <= 10; i++)
		map_cell(g->map, i, 20)->road = ROAD_BIG;
	for (i = 20; i < 29; i++)
		map_cell(g->map, 8, i)->road = ROAD_BIG;
	game_occupy(g, 0, false);
	u->facing = DIR_E;
	u->trail = malloc(sizeof bend);
	memcpy(u->trail, bend, sizeof bend);
	u->ntrail = 8;
	u->trail_facing = DIR_E;
	u->trail_form = u->formation;
	game_occupy(g, 0, true);
	order_move(g, 0, 14, 20);
	(void)move_unit(g, NULL, 0, -1, NULL, NULL);
	assert_int_equal(u->pos.x, 14);
	assert_int_equal(u->pos.y, 20);
	assert_int_equal(u->facing, DIR_E);
	assert_int_equal(u->formation, ruleset_form(rs, "road_column"));
	assert_int_equal(u->ntrail, 0);
	assert_null(u->trail);
	cells = game_cells_take(g);
	n = game_footprint(g, u, cells);
	assert_int_equal(n, 8);
	for (i = 0; i < n; i++) {
		assert_int_equal(cells[i].x, 14 - i);
		assert_int_equal(cells[i].y, 20);
	}
	game_cells_give(g, cells);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.5: the reachable area pays for the ground.  A Column (2 BD with
 * its drum, 8 ticks) facing N at [10, 20], rough ground (Pe 1 BD) from
 * row 18 northwards: it reaches the cell it stands on, [10, 19] and the
 * two beside it on the slant, [9, 19] and [11, 19], and [10, 18], the
 * first rough cell, entered with the 1.5 BD left; no cell beyond (on open
 * ground the same 8 ticks reach [10, 16]).
 */
static void
test_3_6_5_reach_pays_for_rough_ground(void **state)
{
	static const struct point want[5] = {
		{ 10, 20 }, { 10, 19 }, { 9, 19 }, { 11, 19 }, { 10, 18 }
	};
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "column");
	struct point *cells = NULL;
	int n, i, k, x, y;

	(void)state;
	for (y = 0; y <= 18; y++)
		for (x = 0; x < 30; x++)
			map_cell(g->map, x, y)->land =
			    (uint8_t)ruleset_land(rs, "rough");
	n = move_reach(g, 0, &cells);
	assert_int_equal(n, 5);
	for (k = 0; k < 5; k++) {
		for (i = 0; i < n; i++)
			if (cells[i].x == want[k].x && cells[i].y == want[k].y)
				break;
		if (i == n)
			fail_msg("[%d, %d] is not reached", want[k].x,
			    want[k].y);
	}
	free(cells);
	game_free(g);
	ruleset_free(rs);
}

/*
 * move_forecast_end: a forecast stopped by the ground, not the enemy,
 * names no enemy (-1).  The 2 BD Column sent from [10, 20] to [10, 0]
 * with a lake across the map on rows 10 to 12 does not arrive: its last
 * walk, turn 2, halts on [10, 13] at the water's edge for the ground.
 */
static void
test_move_forecast_end_of_a_march_stopped_by_a_lake(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "column");
	struct move_forecast_end end;
	struct point *cells = NULL;
	struct order o = move_of_a(10, 0);
	int x, y, n = 0;

	(void)state;
	for (y = 10; y <= 12; y++)
		for (x = 0; x < 30; x++)
			map_cell(g->map, x, y)->land = ruleset_land(rs,
			    "water");
	assert_int_equal(move_forecast_end(g, &o, 24, &cells, &n, &end), -1);
	assert_int_equal(end.halt, HALT_TERRAIN);
	assert_int_equal(end.contact, -1);
	assert_int_equal(end.turn, 2);
	assert_int_equal(cells[n - 1].x, 10);
	assert_int_equal(cells[n - 1].y, 13);
	free(cells);
	game_free(g);
	ruleset_free(rs);
}

/*
 * move_forecast past a router (3.6.8, 3.9.5): Column A at [10, 20] sent
 * to [10, 5], a routed enemy Column E standing across its way at
 * [10, 14].  The march touches E and halts there, as the movement phase
 * halts it; E is taken or scattered on along its track, so the forecast
 * walks on past its place the next turn and arrives (it used to stop at
 * E for good: "Does not arrive in 24 turns", found at the Côa with a
 * French column sent to the bridge past a routed Allied battalion).  The
 * game itself is untouched: E still routed where it stood.
 */
static void
test_move_forecast_walks_on_past_a_router(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "column");
	struct move_forecast_end end;
	struct point *cells = NULL;
	struct order o = move_of_a(10, 5);
	int e = game_add_unit(g, "e", "E", 1, 1), n = 0, k, t;
	bool past = false;

	(void)state;
	g->units[e].arm = ARM_INFANTRY;
	g->units[e].strength = g->units[e].strength0 = 600;
	g->units[e].formation = ruleset_form(rs, "column");
	g->units[e].pos = (struct point){ 10, 14 };
	g->units[e].facing = DIR_S;
	g->units[e].cond = COND_ROUTED;
	game_occupy(g, e, true);
	t = move_forecast_end(g, &o, 24, &cells, &n, &end);
	/* 15 cells at 2 BD (4 cells) a turn, and the halt at E. */
	assert_int_equal(t, 5);
	assert_int_equal(end.halt, HALT_ARRIVED);
	assert_true(n > 0);
	assert_int_equal(cells[n - 1].x, 10);
	assert_int_equal(cells[n - 1].y, 5);
	for (k = 0; k < n; k++)
		past |= cells[k].y < 14;
	assert_true(past);
	assert_int_equal(g->units[e].cond, COND_ROUTED);
	assert_int_equal(game_unit_at(g, 10, 14), e);
	free(cells);
	game_free(g);
	ruleset_free(rs);
}

/*
 * move_forecast_end of an order it refuses (a unit out of range): it
 * walked none, turn 0, with no halt and no enemy (-1), and no path.
 */
static void
test_move_forecast_end_of_a_refused_order_walked_none(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = one_unit(rs, "line");
	struct move_forecast_end end;
	struct point *cells = NULL;
	struct order o = move_of_a(10, 10);
	int n = 5;

	(void)state;
	o.unit = 1;
	end.turn = 7;
	end.halt = HALT_CONTACT;
	end.contact = 0;
	assert_int_equal(move_forecast_end(g, &o, 3, &cells, &n, &end), -1);
	assert_null(cells);
	assert_int_equal(n, 0);
	assert_int_equal(end.turn, 0);
	assert_int_equal(end.halt, HALT_NONE);
	assert_int_equal(end.contact, -1);
	game_free(g);
	ruleset_free(rs);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_move_lname_lowers_a_first_capital),
		cmocka_unit_test(test_gap_between_blocks),
		cmocka_unit_test(test_gap_overlap_after_a_touch),
		cmocka_unit_test(test_move_gap_is_the_least_over_every_pair),
		cmocka_unit_test(test_cands_find_through_the_index_as_without),
		cmocka_unit_test(test_walk_overlap_read_in_place_as_listed),
		cmocka_unit_test(test_3_6_8_enemy_gap_up_to_twice_the_reach),
		cmocka_unit_test(test_3_6_8_infantry_contact_gap_and_halt),
		cmocka_unit_test(
		    test_3_6_8_contact_with_the_tail_of_a_deep_infantry_block),
		cmocka_unit_test(test_3_6_8_contact_halt_anywhere_on_the_map),
		cmocka_unit_test(test_3_6_8_index_keeps_units_walks_move),
		cmocka_unit_test(test_move_ctx_filled_rows_follow_the_lists),
		cmocka_unit_test(test_move_ctx_filled_up_to_64_buckets_wide),
		cmocka_unit_test(test_3_6_8_index_on_a_map_one_cell_wide),
		cmocka_unit_test(
		    test_3_6_8_contact_with_the_end_of_a_wide_infantry_line),
		cmocka_unit_test(
		    test_3_6_8_index_keeps_the_first_place_when_unit_0_leaves),
		cmocka_unit_test(test_move_route_goes_round_a_wood),
		cmocka_unit_test(test_move_route_form_own_or_none),
		cmocka_unit_test(test_move_route_form_only_units_bar_the_way),
		cmocka_unit_test(test_move_route_form_only_one_it_can_take_here),
		cmocka_unit_test(
		    test_move_route_form_way_for_the_line_alone),
		cmocka_unit_test(test_move_order_to_its_own_cell_arrives),
		cmocka_unit_test(test_move_unit_cancelled_order_keeps_no_route),
		cmocka_unit_test(test_move_plans_refuse_a_unit_out_of_range),
		cmocka_unit_test(test_3_6_5_new_ground_for_exactly_what_is_left),
		cmocka_unit_test(
		    test_3_6_5_a_debt_of_one_tick_is_finished_by_the_minimum_move),
		cmocka_unit_test(test_new_order_owes_nothing),
		cmocka_unit_test(test_walks_give_back_every_cells_buffer),
		cmocka_unit_test(test_move_reach_keeps_the_facing_it_arrives_with),
		cmocka_unit_test(test_kept_way_round_planned_again_when_refused),
		cmocka_unit_test(test_3_6_3_second_leg_planned_facing_the_first_legs_way),
		cmocka_unit_test(test_move_route_leaves_friends_to_the_walk),
		cmocka_unit_test(test_move_route_through_a_screen_ordered_on_after),
		cmocka_unit_test(test_move_route_round_a_friend_that_holds_it_up),
		cmocka_unit_test(test_3_6_7_waits_for_a_friend_whose_order_is_riding),
		cmocka_unit_test(test_M6_3_6_3_no_room_to_limber_names_unit_0),
		cmocka_unit_test(test_M6_3_6_3_battery_unlimbers_when_there_is_room),
		cmocka_unit_test(test_M6_3_6_3_battery_at_the_edge_arrives_limbered),
		cmocka_unit_test(test_3_6_3_column_turns_about_its_front_where_facing_about_has_no_room),
		cmocka_unit_test(test_3_6_8_move_route_keeps_clear_of_contact),
		cmocka_unit_test(test_3_6_8_move_route_to_a_goal_in_contact_is_straight),
		cmocka_unit_test(test_3_6_3_forecast_of_a_pivot_over_two_turns),
		cmocka_unit_test(test_3_6_3_pivot_the_short_way_round),
		cmocka_unit_test(test_3_6_3_battery_already_facing_needs_no_pivot),
		cmocka_unit_test(test_3_6_3_pivot_costs_only_its_ap),
		cmocka_unit_test(test_3_6_3_battery_short_of_ap_pivots_45_degrees_only),
		cmocka_unit_test(test_3_6_5_quarter_bd_ground_is_entered_with_what_is_left),
		cmocka_unit_test(test_3_6_5_quarter_bd_ground_up_a_contour_is_priced),
		cmocka_unit_test(test_3_6_3_battery_pays_a_part_bd_as_a_whole_ap),
		cmocka_unit_test(test_3_6_3_line_below_nothing_counts_0_before_the_drum),
		cmocka_unit_test(test_3_6_3_battery_that_spends_its_ap_limbering_stays),
		cmocka_unit_test(test_3_6_3_pivot_ends_next_turn_with_the_unlimbering),
		cmocka_unit_test(test_path_straight_line),
		cmocka_unit_test(test_M24_3_6_6_column_length_same_on_diagonal),
		cmocka_unit_test(test_3_6_6_trail_forgotten_after_formation_change),
		cmocka_unit_test(test_3_6_6_trail_kept_into_the_next_march),
		cmocka_unit_test(test_3_6_6_trail_kept_by_a_column_that_cannot_move),
		cmocka_unit_test(test_3_6_6_column_leaves_a_corner_along_its_road),
		cmocka_unit_test(test_walk_step_block_would_leave_the_map),
		cmocka_unit_test(test_3_6_5_step_price_the_same_with_the_road_flag_off_the_roads),
		cmocka_unit_test(test_M18_3_6_5_crossing_dearer_than_the_most_in_a_turn_never_made),
		cmocka_unit_test(test_M18_3_6_5_crossing_never_made_says_by_how_much),
		cmocka_unit_test(test_3_6_4_a_one_tick_speed_roll_adds_to_the_most),
		cmocka_unit_test(
		    test_preview_leaves_the_waited_friend_s_trail_alone),
		cmocka_unit_test(
		    test_3_6_3_foot_in_an_immobile_formation_says_it_cannot_move),
		cmocka_unit_test(
		    test_3_6_8_a_friend_formed_in_the_phase_is_gone_round),
		cmocka_unit_test(
		    test_3_6_8_marching_away_from_an_enemy_through_a_friend),
		cmocka_unit_test(test_3_6_5_slant_across_an_obstacle_and_3_6_1_the_edge),
		cmocka_unit_test(test_3_6_5_ground_forbidden_to_the_formation_named_in_full),
		cmocka_unit_test(test_3_6_6_a_bridge_is_one_passage_for_every_front),
		cmocka_unit_test(test_3_6_6_a_bridge_is_one_passage_for_a_front_facing_north),
		cmocka_unit_test(test_3_6_6_bridge_of_the_big_road_is_no_narrow_passage),
		cmocka_unit_test(test_3_6_5_new_ground_read_on_the_old_front_s_cells_on_the_map),
		cmocka_unit_test(test_3_6_5_notes_give_what_is_left_never_below_nothing),
		cmocka_unit_test(test_3_6_6_small_road_relief_of_one_tick_noted),
		cmocka_unit_test(test_3_6_6_road_takes_its_part_off_new_ground_unexplained),
		cmocka_unit_test(test_3_6_6_road_column_crowded_by_a_friend_on_its_route),
		cmocka_unit_test(test_3_6_5_formation_the_obstacle_forbids_never_crosses),
		cmocka_unit_test(test_3_6_5_label_in_lower_case_inside_a_note),
		cmocka_unit_test(test_3_6_6_start_in_a_wood_on_a_small_or_the_big_road),
		cmocka_unit_test(test_move_allowance_of_a_battery_pivot_as_the_walk_s_start),
		cmocka_unit_test(test_M18_3_6_3_battery_s_musician_counts_in_the_most_it_moves),
		cmocka_unit_test(test_3_6_5_no_new_ground_whatever_the_landscapes_order),
		cmocka_unit_test(test_3_6_3_block_astride_a_wall_does_not_face_about_in_place),
		cmocka_unit_test(test_3_6_3_faces_about_in_place_only_towards_a_goal_ahead),
		cmocka_unit_test(test_3_6_5_crossing_into_a_wood_needs_both_and_gates_apart),
		cmocka_unit_test(test_3_6_6_small_road_slows_one_less_whatever_the_figures),
		cmocka_unit_test(test_3_6_3_no_room_to_turn_past_a_friend),
		cmocka_unit_test(
		    test_3_6_3_no_room_for_part_of_a_turn_past_a_friend),
		cmocka_unit_test(
		    test_3_6_3_way_to_room_starts_with_a_turn_it_can_make),
		cmocka_unit_test(
		    test_3_6_3_no_room_for_part_of_a_turn_at_the_map_edge),
		cmocka_unit_test(test_3_6_3_turn_in_part_with_exactly_what_is_left),
		cmocka_unit_test(test_move_reach_of_a_mob_is_empty),
		cmocka_unit_test(test_move_unit_a_unit_that_stands_spends_nothing),
		cmocka_unit_test(test_3_6_5_river_entered_with_one_tick_left),
		cmocka_unit_test(test_3_6_5_M18_no_manoeuvre_column_across_a_hedge),
		cmocka_unit_test(test_M19_forecast_tells_the_crossing_ends_as_a_mob),
		cmocka_unit_test(test_M24_3_6_6_road_trail_keeps_length_on_diagonal),
		cmocka_unit_test(test_M24_3_6_6_road_column_sent_back_countermarches),
		cmocka_unit_test(test_M24_3_6_6_countermarch_keeps_the_bend),
		cmocka_unit_test(test_M24_3_6_6_countermarch_met_at_once_faces_its_new_way),
		cmocka_unit_test(test_path_round_a_lake),
		cmocka_unit_test(test_3_6_7_waiting_unit_keeps_its_way_round),
		cmocka_unit_test(test_3_6_7_index_finds_every_standing_friend_the_line_meets),
		cmocka_unit_test(test_3_6_5_map_finds_every_edge_in_a_box),
		cmocka_unit_test(
		    test_3_6_7_standing_friend_read_by_front_rank_as_whole_block),
		cmocka_unit_test(test_preview_matches_and_changes_nothing),
		cmocka_unit_test(test_preview_refused_is_empty),
		cmocka_unit_test(test_order_of_the_most_points),
		cmocka_unit_test(test_route_of_the_most_points_keeps_the_players),
		cmocka_unit_test(test_forecast_through_a_friend_under_orders),
		cmocka_unit_test(test_move_forecast_plays_up_to_max_turns),
		cmocka_unit_test(test_M27_3_6_6_preview_of_no_room_stays_before_the_bridge),
		cmocka_unit_test(test_M27_3_6_6_no_room_keeps_the_trail_it_held),
		cmocka_unit_test(
		    test_M27_3_6_6_defile_no_room_keeps_the_trail_it_held),
		cmocka_unit_test(test_reach_within_allowance),
		cmocka_unit_test(test_3_6_3_reach_is_every_cell_the_speed_pays_for),
		cmocka_unit_test(test_replay_is_exact),
		cmocka_unit_test(test_3_6_4_change_of_nothing_has_its_sign),
		cmocka_unit_test(test_colonel_while_moving),
		cmocka_unit_test(test_3_6_6_reach_ignores_the_order_s_road_ahead),
		cmocka_unit_test(test_3_6_5_reach_shows_minimum_move),
		cmocka_unit_test(test_3_5_1_restore_reforms_mob_whole_turn),
		cmocka_unit_test(test_3_5_1_restore_refused_near_enemy),
		cmocka_unit_test(
		    test_M8_3_6_3_no_room_to_turn_here_turns_where_there_is_room),
		cmocka_unit_test(
		    test_M8_3_6_3_no_room_to_turn_off_the_map_faces_about),
		cmocka_unit_test(
		    test_M8_3_6_3_column_on_the_top_row_faces_about_and_goes_south),
		cmocka_unit_test(
		    test_M8_3_6_3_face_about_debt_outlives_a_new_order),
		cmocka_unit_test(
		    test_3_6_7_column_right_behind_a_line_faces_about_and_goes_round),
		cmocka_unit_test(test_M8_3_6_3_boxed_in_its_formation_says_so),
		cmocka_unit_test(test_M24_3_6_6_forecast_leaves_the_trail_alone),
		cmocka_unit_test(test_M26_3_6_6_forecast_passes_the_bridge),
		cmocka_unit_test(test_forecast_keeps_the_way_round_across_turns),
		cmocka_unit_test(test_3_6_7_way_round_of_one_point),
		cmocka_unit_test(test_3_6_7_way_round_keeps_to_the_order_s_points),
		cmocka_unit_test(
		    test_3_6_7_way_round_passes_by_a_waypoint_it_cannot_reach),
		cmocka_unit_test(
		    test_3_6_7_waits_for_a_friend_under_orders_ahead),
		cmocka_unit_test(
		    test_3_6_7_stops_short_of_a_friend_that_marched),
		cmocka_unit_test(test_3_6_7_goes_round_a_friend_held_where_it_stands),
		cmocka_unit_test(
		    test_3_6_8_an_enemy_beyond_a_friend_stops_the_unit_behind_it),
		cmocka_unit_test(test_preview_waits_for_a_friend_under_orders),
		cmocka_unit_test(test_preview_of_units_waiting_on_each_other),
		cmocka_unit_test(
		    test_waiting_units_released_after_a_round_that_moved_one),
		cmocka_unit_test(test_preview_waits_for_unit_0_that_arrives),
		cmocka_unit_test(test_3_6_7_way_round_kept_across_turns),
		cmocka_unit_test(test_3_6_7_way_round_before_the_turn),
		cmocka_unit_test(test_3_6_8_friend_held_in_contact_is_gone_round),
		cmocka_unit_test(test_3_6_7_friend_with_a_new_order_after_arriving_marches),
		cmocka_unit_test(test_3_6_7_way_round_kept_when_friend_leaves),
		cmocka_unit_test(
		    test_3_6_7_destination_held_ends_at_the_nearest_free_place),
		cmocka_unit_test(test_3_6_8_forecast_says_it_halts_in_contact),
		cmocka_unit_test(test_move_forecast_reads_no_enemy_order),
		cmocka_unit_test(test_move_preview_is_the_move_without_the_commit),
		cmocka_unit_test(test_move_forecast_is_the_march_played_turn_after_turn),
		cmocka_unit_test(test_route_points_turns_with_the_wheel),
		cmocka_unit_test(test_route_points_are_the_walks_waypoints),
		cmocka_unit_test(test_route_points_never_stop_on_a_wheel),
		cmocka_unit_test(test_move_note_keeps_long_texts_whole),
		cmocka_unit_test(test_move_walk_free_leaves_it_empty),
		cmocka_unit_test(test_3_6_7_way_round_after_a_waypoint_keeps_it),
		cmocka_unit_test(test_move_allowance_logs_its_reckoning),
		cmocka_unit_test(test_move_ctx_files_every_unit_where_it_stands),
		cmocka_unit_test(test_route_points_leg_of_at_most_256_cells),
		cmocka_unit_test(test_move_route_leg_with_no_way_stays_as_drawn),
		/* core/move-*.c: routes, wheels, passages and waits */
		cmocka_unit_test(
		    test_3_6_5_round_a_pond_to_a_waypoint_then_straight_on),
		cmocka_unit_test(
		    test_3_6_5_no_way_round_after_a_way_round_in_one_walk),
		cmocka_unit_test(
		    test_M8_3_6_3_boxed_in_by_friends_needs_no_other_formation),
		cmocka_unit_test(test_3_6_7_way_round_begun_the_turn_it_is_found),
		cmocka_unit_test(
		    test_3_6_5_fence_up_a_slope_crossed_with_what_is_left),
		cmocka_unit_test(test_3_6_5_crossing_that_needs_nothing_made_fresh),
		cmocka_unit_test(
		    test_3_6_8_cavalry_touching_the_enemy_would_leave_0_bd),
		cmocka_unit_test(test_3_6_8_infantry_already_nearer_says_so),
		cmocka_unit_test(
		    test_move_ctx_refiles_unit_0_leaving_the_first_bucket),
		cmocka_unit_test(test_3_6_5_reach_of_a_minimum_move_on_the_slant),
		cmocka_unit_test(test_move_gap_of_an_empty_block),
		cmocka_unit_test(
		    test_3_6_7_after_a_wait_the_order_resumes_past_its_waypoint),
		cmocka_unit_test(
		    test_M18_3_6_5_hedge_never_crossed_is_seen_ahead_west_and_north),
		cmocka_unit_test(
		    test_move_ctx_blocker_until_the_friend_has_marched),
		cmocka_unit_test(test_3_6_6_trail_dropped_by_a_march_off_the_road),
		cmocka_unit_test(test_3_6_5_reach_pays_for_rough_ground),
		cmocka_unit_test(
		    test_move_forecast_end_of_a_march_stopped_by_a_lake),
		cmocka_unit_test(test_move_forecast_walks_on_past_a_router),
		cmocka_unit_test(
		    test_move_forecast_end_of_a_refused_order_walked_none),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
