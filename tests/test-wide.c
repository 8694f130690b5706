/*
 * test-wide.c - blocks larger than the 128 cells marshal once capped a
 * footprint at (issue 15): the Napoleonic ruleset with a Line of 80 x 2
 * cells and a Road Column 130 cells long.  The game sizes its buffers
 * from the ruleset (ruleset_cells_max); every cell of such a block is
 * covered, occupied, measured and saved.  tests/wide.sh plays such a
 * battle end to end through marshal resolve.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>

#include "core/move.h"
#include "core/near.h"
#include "io/save.h"
#include "turn-fixture.h"

#define WIDE	80	/* Line frontage, cells: 160 cells in two ranks */
#define LONG	130	/* Road Column depth, cells */

/* The bundled ruleset, its infantry Line WIDE x 2 and Road Column
 * 1 x LONG. */
static struct ruleset *
wide_ruleset(void)
{
	struct ruleset *rs = fixture_ruleset();

	assert_non_null(rs);
	rs->form[ruleset_form(rs, "line")].frontage[ARM_INFANTRY] = WIDE;
	rs->form[ruleset_form(rs, "road_column")].depth[ARM_INFANTRY] = LONG;
	return rs;
}

static void
test_cells_max_from_the_formations(void **state)
{
	struct ruleset *rs = fixture_ruleset();
	struct game *g;

	(void)state;
	assert_non_null(rs);
	/* The bundled sizes: Road Column cavalry 1 x 12, Manoeuvre
	 * Column cavalry 2 x 12 = 24, the largest. */
	assert_int_equal(ruleset_cells_max(rs), 24);
	ruleset_free(rs);
	rs = wide_ruleset();
	assert_int_equal(ruleset_cells_max(rs), WIDE * 2);
	g = fixture_game(rs, 200, 60);
	assert_int_equal(g->cells_max, WIDE * 2);
	game_free(g);
	ruleset_free(rs);
}

/* A Line of 160 cells: all covered and occupied; a unit meeting it past
 * its 128th cell is refused there; gaps measure the whole block. */
static void
test_wide_line(void **state)
{
	struct ruleset *rs = wide_ruleset();
	struct game *g = fixture_game(rs, 200, 60);
	struct point *a, *b, bad;
	int w, c, e, n, nb, i;

	(void)state;
	w = fixture_unit(g, "wide", 0, ARM_INFANTRY, "line", "line", 100, 30,
	    DIR_N, 3000);
	c = fixture_unit(g, "col", 0, ARM_INFANTRY, "line", "column", 160, 40,
	    DIR_N, 600);
	e = fixture_unit(g, "foe", 1, ARM_INFANTRY, "line", "column", 150, 40,
	    DIR_N, 600);
	a = game_cells_take(g);
	n = game_footprint(g, &g->units[w], a);
	assert_int_equal(n, 2 * WIDE);
	/* Front rank x 61..140 on row 30, rear rank on row 31. */
	assert_int_equal(a[0].x, 61);
	assert_int_equal(a[0].y, 30);
	assert_int_equal(a[n - 1].x, 140);
	assert_int_equal(a[n - 1].y, 31);
	for (i = 0; i < n; i++)
		assert_int_equal(game_unit_at(g, a[i].x, a[i].y), w);
	/* Cell 150 of the block, [131, 31]: the column may not stand on
	 * it, but may stand clear of the block's right end. */
	assert_int_equal(a[150].x, 131);
	assert_int_equal(a[150].y, 31);
	assert_int_equal(game_fits(g, c, (struct point){ 132, 31 }, DIR_N,
	    g->units[c].formation, -1, &bad), -1);
	assert_int_equal(bad.x, 131);
	assert_int_equal(bad.y, 31);
	assert_int_equal(game_fits(g, c, (struct point){ 143, 31 }, DIR_N,
	    g->units[c].formation, -1, NULL), 0);
	/* The gap to an enemy off the rear rank's right end: from the
	 * block's last cells (the first 128 alone stand farther off), as
	 * every pair of cells gives it. */
	b = game_cells_take(g);
	nb = game_footprint(g, &g->units[e], b);
	assert_int_equal(near_unit_gap(g, w, e), move_gap(a, n, b, nb));
	assert_true(move_gap(a, 128, b, nb) > move_gap(a, n, b, nb));
	game_cells_give(g, b);
	game_cells_give(g, a);
	game_free(g);
	ruleset_free(rs);
}

/* The Line marches: a whole turn moves all 160 cells, none left behind
 * in the occupancy grid. */
static void
test_wide_line_marches(void **state)
{
	struct ruleset *rs = wide_ruleset();
	struct game *g = fixture_game(rs, 200, 60);
	struct order o;
	struct point *a;
	char *cause = NULL;
	int w, n, i, x;

	(void)state;
	g->opt.courier_delay = false;
	w = fixture_unit(g, "wide", 0, ARM_INFANTRY, "line", "line", 100, 40,
	    DIR_N, 3000);
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = w;
	o.general = 0;
	o.npts = 1;
	o.pts[0] = (struct point){ 100, 37 };
	assert_int_equal(game_order(g, &o, &cause), 0);
	game_turn(g);
	assert_int_equal(g->units[w].pos.x, 100);
	assert_int_equal(g->units[w].pos.y, 37);
	a = game_cells_take(g);
	n = game_footprint(g, &g->units[w], a);
	assert_int_equal(n, 2 * WIDE);
	for (i = 0; i < n; i++)
		assert_int_equal(game_unit_at(g, a[i].x, a[i].y), w);
	for (x = 0; x < 200; x++) {
		assert_int_equal(game_unit_at(g, x, 40), -1);
		assert_int_equal(game_unit_at(g, x, 41), -1);
	}
	game_cells_give(g, a);
	game_free(g);
	ruleset_free(rs);
}

/* A Road Column 130 cells long round a bend: its trail is occupied,
 * saved and read back whole. */
static void
test_long_trail_saved(void **state)
{
	struct ruleset *rs = wide_ruleset();
	struct game *g = fixture_game(rs, 200, 60), *h;
	struct unit *u;
	struct doc_node *root;
	struct diags d;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;
	int l, i;

	(void)state;
	diags_init(&d);
	l = fixture_unit(g, "long", 0, ARM_INFANTRY, "line", "line", 100, 50,
	    DIR_N, 3000);
	game_occupy(g, l, false);
	u = &g->units[l];
	u->formation = ruleset_form(rs, "road_column");
	u->facing = DIR_S;
	u->pos = (struct point){ 150, 20 };
	/* Head [150, 20] up to [150, 5], then west along row 5. */
	u->trail = calloc(LONG, sizeof *u->trail);
	for (i = 0; i < LONG; i++)
		u->trail[i] = i <= 15 ? (struct point){ 150, 20 - i } :
		    (struct point){ 150 - (i - 15), 5 };
	u->ntrail = LONG;
	u->trail_facing = u->facing;
	u->trail_form = u->formation;
	game_occupy(g, l, true);
	assert_int_equal(game_unit_at(g, 36, 5), l);	/* the tail */
	assert_int_equal(game_unit_at(g, 35, 5), -1);
	f = open_memstream(&buf, &len);
	save_write(g, "wide.yaml", f);
	fclose(f);

	h = fixture_game(rs, 200, 60);
	(void)fixture_unit(h, "long", 0, ARM_INFANTRY, "line", "line", 100,
	    50, DIR_N, 3000);
	root = yread_buffer("save", buf, strlen(buf), &d);
	assert_non_null(root);
	assert_int_equal(save_apply(h, root, &d), 0);
	diags_print(&d, stderr);
	doc_free(root);
	assert_true(unit_on_trail(&h->units[l]));
	assert_int_equal(h->units[l].ntrail, LONG);
	for (i = 0; i < LONG; i++) {
		assert_int_equal(h->units[l].trail[i].x, u->trail[i].x);
		assert_int_equal(h->units[l].trail[i].y, u->trail[i].y);
	}
	assert_int_equal(game_unit_at(h, 36, 5), l);
	assert_int_equal(game_unit_at(h, 150, 20), l);
	free(buf);
	diags_free(&d);
	game_free(h);
	game_free(g);
	ruleset_free(rs);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cells_max_from_the_formations),
		cmocka_unit_test(test_wide_line),
		cmocka_unit_test(test_wide_line_marches),
		cmocka_unit_test(test_long_trail_saved),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
