/*
 * test-near.c - the neighbour snapshot (core/near.h): a query finds every
 * unit within range that a look at every pair finds, on random layouts
 * with a fixed seed, at bucket borders, with blocks facing every way and
 * blocks larger than a bucket; and the fast gap is move_gap's gap.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/move.h"
#include "core/near.h"
#include "turn-fixture.h"

/* The tests' own random stream, so layouts never change under them. */
static uint64_t seed_state;

static int
rnd(int n)
{
	seed_state = seed_state * 6364136223846793005ULL +
	    1442695040888963407ULL;
	return (int)((seed_state >> 33) % (uint64_t)n);
}

static const int ranges[] = { -1, 0, 1, 2, 3, 4, 5, 7, 8, 20, 33, 56 };
#define NRANGES ((int)(sizeof ranges / sizeof ranges[0]))

/* The gap as the phases measured it before: every pair of cells. */
static int
brute_gap(const struct game *g, int a, int b)
{
	struct point *ca = game_cells_take(g), *cb = game_cells_take(g);
	int na, nb, gap;

	na = game_footprint(g, &g->units[a], ca);
	nb = game_footprint(g, &g->units[b], cb);
	gap = move_gap(ca, na, cb, nb);
	game_cells_give(g, cb);
	game_cells_give(g, ca);
	return gap;
}

/*
 * The ruleset with two extra-large blocks: formation 0 made 20 x 6 cells
 * for infantry (120) and 15 x 10 for cavalry (150, more than the 128
 * cells marshal once capped a block at: measured whole).
 */
static struct ruleset *
big_ruleset(void)
{
	struct ruleset *rs = fixture_ruleset();

	assert_non_null(rs);
	rs->form[0].frontage[ARM_INFANTRY] = 20;
	rs->form[0].depth[ARM_INFANTRY] = 6;
	rs->form[0].frontage[ARM_CAVALRY] = 15;
	rs->form[0].depth[ARM_CAVALRY] = 10;
	return rs;
}

static void
random_unit(struct game *g, int w, int h)
{
	int u = game_add_unit(g, "u", "u", rnd(2), -1);
	struct unit *un = &g->units[u];

	un->arm = (enum arm)rnd(ARM_COUNT);
	un->formation = rnd(g->rs->nform);
	un->facing = (enum dir)rnd(DIR_COUNT);
	/* Some blocks hang over the edge of the map. */
	un->pos.x = rnd(w + 8) - 4;
	un->pos.y = rnd(h + 8) - 4;
	un->strength = un->strength0 = 100;
	un->cond = COND_FORMED;
}

/* Every unit within range (brute force) is in the query's answer, which
 * is ascending and holds no unit twice nor the unit itself. */
static void
check_layout(struct game *g, int side)
{
	struct near *nr = near_create(g, side);
	const int *found;
	int u, v, r, n, k, gap;

	for (u = 0; u < g->nunits; u++)
		for (r = 0; r < NRANGES; r++) {
			n = near_query(nr, u, ranges[r], &found);
			for (k = 0; k < n; k++) {
				assert_int_not_equal(found[k], u);
				if (k > 0)
					assert_true(found[k - 1] < found[k]);
			}
			for (v = 0, k = 0; v < g->nunits; v++) {
				if (v == u)
					continue;
				gap = brute_gap(g, u, v);
				while (k < n && found[k] < v)
					k++;
				if (gap <= ranges[r]) {
					if (k >= n || found[k] != v)
						fail_msg("unit %d misses %d at "
						    "gap %d, range %d (bucket "
						    "%d)", u, v, gap,
						    ranges[r], side);
				}
			}
		}
	near_free(nr);
}

static void
test_query_finds_all_within_range_random(void **state)
{
	struct ruleset *rs = big_ruleset();
	struct game *g;
	int layout, i, sides[] = { 1, 4, 7, 16, 64 };

	(void)state;
	seed_state = 20261122;
	for (layout = 0; layout < 10; layout++) {
		g = fixture_game(rs, 60 + rnd(60), 60 + rnd(60));
		for (i = 0; i < 120; i++)
			random_unit(g, g->map->w, g->map->h);
		check_layout(g, sides[layout % 5]);
		game_free(g);
	}
	ruleset_free(rs);
}

/* Crowded: many blocks on a small map, large ones among them. */
static void
test_query_finds_all_when_crowded(void **state)
{
	struct ruleset *rs = big_ruleset();
	struct game *g;
	int i;

	(void)state;
	seed_state = 7;
	g = fixture_game(rs, 40, 40);
	for (i = 0; i < 200; i++)
		random_unit(g, 40, 40);
	check_layout(g, 8);
	game_free(g);
	ruleset_free(rs);
}

/*
 * Two single-file blocks set exactly range ticks apart, straight across
 * and slantwise, astride a bucket border: the query at that range finds
 * the other, whatever the range.
 */
static void
test_query_at_range_boundary(void **state)
{
	struct ruleset *rs = fixture_ruleset();
	struct game *g;
	struct near *nr;
	const int *found;
	int col, a, b, gx, gy, gap, n, side = 16, ax, wide;

	(void)state;
	assert_non_null(rs);
	col = ruleset_form(rs, "column");
	assert_true(col >= 0);
	wide = rs->form[col].frontage[ARM_INFANTRY];
	for (ax = side - 3; ax <= side; ax++)
		for (gx = 0; gx <= 30; gx += 3)
			for (gy = 0; gy <= 12; gy += 4) {
				g = fixture_game(rs, 120, 120);
				a = fixture_unit(g, "a", 0, ARM_INFANTRY,
				    "line", "column", ax, side * 2 + 2 - gy,
				    DIR_N, 600);
				b = fixture_unit(g, "b", 1, ARM_INFANTRY,
				    "line", "column", ax, 100, DIR_N, 600);
				/* gx empty cells between the two blocks
				 * across (facing north, files run along
				 * x); b's front gy cells south of a's. */
				g->units[b].pos.x = ax + wide + gx;
				g->units[b].pos.y = side * 2 + 2;
				gap = brute_gap(g, a, b);
				assert_true(gap >= 0);
				nr = near_create(g, side);
				n = near_query(nr, a, gap, &found);
				assert_true(n >= 1);
				assert_int_equal(found[0], b);
				assert_int_equal(near_gap(nr, g, a, b), gap);
				/* One tick short, b is out of range. */
				n = near_query(nr, a, gap - 1, &found);
				assert_int_equal(n, 0);
				near_free(nr);
				game_free(g);
			}
	ruleset_free(rs);
}

/* The fast gap is move_gap's gap, for blocks facing every way. */
static void
test_gap_same_as_every_pair(void **state)
{
	struct ruleset *rs = big_ruleset();
	struct game *g;
	struct near *nr;
	int i, a, b, gap;

	(void)state;
	seed_state = 42;
	g = fixture_game(rs, 50, 50);
	for (i = 0; i < 150; i++)
		random_unit(g, 50, 50);
	nr = near_create(g, 0);
	for (a = 0; a < g->nunits; a++)
		for (b = 0; b < g->nunits; b++) {
			gap = brute_gap(g, a, b);
			assert_int_equal(near_unit_gap(g, a, b), gap);
			assert_int_equal(near_gap(nr, g, a, b), gap);
			assert_true(near_box_gap(near_box(nr, a),
			    near_box(nr, b)) <= gap);
		}
	near_free(nr);
	game_free(g);
	ruleset_free(rs);
}

/* Loose cells: holes, repeats and single cells are measured cell by cell. */
static void
test_block_gap_loose_cells(void **state)
{
	struct point a[16], b[16];
	int t, na, nb, i;

	(void)state;
	seed_state = 99;
	for (t = 0; t < 2000; t++) {
		na = 1 + rnd(12);
		nb = 1 + rnd(12);
		for (i = 0; i < na; i++)
			a[i] = (struct point){ rnd(6), rnd(6) };
		for (i = 0; i < nb; i++)
			b[i] = (struct point){ rnd(6) + rnd(10), rnd(6) };
		assert_int_equal(near_block_gap(a, na, b, nb),
		    move_gap(a, na, b, nb));
	}
	/* A 2 x 2 box given as three cells and a repeat is not full: the
	 * missing corner would touch (2, 2), the cells do not. */
	a[0] = (struct point){ 0, 0 };
	a[1] = (struct point){ 1, 0 };
	a[2] = (struct point){ 0, 1 };
	a[3] = (struct point){ 0, 0 };
	b[0] = (struct point){ 2, 2 };
	assert_int_equal(near_block_gap(a, 4, b, 1), move_gap(a, 4, b, 1));
	assert_int_equal(near_block_gap(a, 4, b, 1), 2);
	b[0] = (struct point){ 1, 1 };
	assert_int_equal(near_block_gap(a, 4, b, 1), 0);
	assert_int_equal(near_block_gap(a, 3, a, 3), -1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_query_finds_all_within_range_random),
		cmocka_unit_test(test_query_finds_all_when_crowded),
		cmocka_unit_test(test_query_at_range_boundary),
		cmocka_unit_test(test_gap_same_as_every_pair),
		cmocka_unit_test(test_block_gap_loose_cells),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
