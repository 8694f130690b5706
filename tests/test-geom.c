/*
 * test-geom.c - directions, the octile metric and block footprints; the
 * quick forms the movement engine uses (geom_rank, the inline
 * dir_between, map_diag_blocked away from the sides, move_gap's pruning)
 * checked against the plain ones.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <cmocka.h>

#include "core/geom.h"
#include "core/map.h"
#include "core/move.h"

static void
test_dir_turn_and_diff(void **state)
{
	(void)state;
	assert_int_equal(dir_turn(DIR_N, 1), DIR_NE);
	assert_int_equal(dir_turn(DIR_N, -1), DIR_NW);
	assert_int_equal(dir_turn(DIR_W, 3), DIR_NE);
	assert_int_equal(dir_diff(DIR_N, DIR_S), 4);
	assert_int_equal(dir_diff(DIR_NW, DIR_NE), 2);
	assert_int_equal(dir_diff(DIR_E, DIR_E), 0);
	assert_int_equal(dir_parse("SW"), DIR_SW);
	assert_int_equal(dir_parse("up"), -1);
}

/* The grid section of the rules: 1/2 BD orthogonal, 3/4 BD diagonal. */
static void
test_octile_distance(void **state)
{
	struct point a = { 0, 0 }, b = { 3, 0 }, c = { 2, 2 }, d = { 3, 1 };

	(void)state;
	assert_int_equal(geom_dist(a, b), 6);	/* 1.5 BD */
	assert_int_equal(geom_dist(a, c), 6);	/* two diagonals: 1.5 BD */
	assert_int_equal(geom_dist(a, d), 7);	/* 1.75 BD */
	assert_int_equal(geom_dist(b, a), geom_dist(a, b));
	assert_int_equal(dir_step_cost(DIR_NE), STEP_DIAG);
	assert_int_equal(dir_step_cost(DIR_S), STEP_ORTHO);
}

static void
test_heading(void **state)
{
	struct point o = { 10, 10 };
	struct point n = { 10, 0 }, ne = { 20, 0 }, e = { 30, 11 };

	(void)state;
	assert_int_equal(geom_heading(o, n), DIR_N);
	assert_int_equal(geom_heading(o, ne), DIR_NE);
	assert_int_equal(geom_heading(o, e), DIR_E);
}

static void
test_footprint_facing_north(void **state)
{
	struct point out[16], a = { 5, 5 };
	int n;

	(void)state;
	/* A line 4 cells wide and 2 deep, front centre at (5, 5). */
	n = geom_footprint(a, DIR_N, 4, 2, out, 16);
	assert_int_equal(n, 8);
	assert_int_equal(out[0].x, 4);	/* left file, front rank */
	assert_int_equal(out[0].y, 5);
	assert_int_equal(out[3].x, 7);	/* right file */
	assert_int_equal(out[4].y, 6);	/* second rank is south */
}

static void
test_footprint_facing_east_column(void **state)
{
	struct point out[16], a = { 10, 3 };
	int n;

	(void)state;
	/* A column 1 wide, 8 long, heading east: its tail stretches west. */
	n = geom_footprint(a, DIR_E, 1, 8, out, 16);
	assert_int_equal(n, 8);
	assert_int_equal(out[0].x, 10);
	assert_int_equal(out[7].x, 3);
	assert_int_equal(out[7].y, 3);
}

/* dir_between as it was: a search of the eight steps. */
static int
dir_between_ref(struct point a, struct point b)
{
	int i;

	for (i = 0; i < DIR_COUNT; i++)
		if (dir_dx[i] == b.x - a.x && dir_dy[i] == b.y - a.y)
			return i;
	return -1;
}

/*
 * geom_covers: a block facing NW at [10, 10], 4 files by 3 ranks (3 by 2
 * cells on the diagonal, geom_span), lies on
 * the diagonal lattice: front [9, 11] [10, 10] [11, 9], rear [10, 12]
 * [11, 11] [12, 10].  [10, 11] lies in the gap between two of its cells
 * (beside [10, 10] along y and [9, 11] along x); so does [10, 9], just
 * before the front, between [10, 10] and [11, 9].  [8, 11], beyond the
 * end of the front, touches one cell only; [13, 13] none.  A block
 * square to the grid covers only its own cells: [12, 10] beside a N
 * block's corner is not under it.
 */
static void
test_covers_gaps_of_a_diagonal_block(void **state)
{
	struct point a = { 10, 10 }, out[16];
	int n;

	(void)state;
	n = geom_footprint(a, DIR_NW, 4, 3, out, 16);	/* 3 x 2 cells */
	assert_int_equal(n, 6);
	assert_true(geom_covers(out, n, (struct point){ 10, 10 }));
	assert_true(geom_covers(out, n, (struct point){ 12, 10 }));
	assert_true(geom_covers(out, n, (struct point){ 10, 11 }));
	assert_true(geom_covers(out, n, (struct point){ 10, 9 }));
	assert_true(geom_covers(out, n, (struct point){ 11, 10 }));
	assert_false(geom_covers(out, n, (struct point){ 8, 11 }));
	assert_false(geom_covers(out, n, (struct point){ 13, 13 }));
	assert_false(geom_covers(out, n, (struct point){ 9, 9 }));
	n = geom_footprint(a, DIR_N, 3, 2, out, 16);
	assert_true(geom_covers(out, n, (struct point){ 11, 11 }));
	assert_false(geom_covers(out, n, (struct point){ 12, 10 }));
	assert_false(geom_covers(out, n, (struct point){ 10, 9 }));
}

static void
test_dir_between_table(void **state)
{
	struct point a = { 7, -3 }, b;

	(void)state;
	for (b.y = a.y - 3; b.y <= a.y + 3; b.y++)
		for (b.x = a.x - 3; b.x <= a.x + 3; b.x++)
			assert_int_equal(dir_between(a, b),
			    dir_between_ref(a, b));
}

/* geom_rank gives the front rank of geom_footprint, in its order. */
static void
test_rank_is_front_rank(void **state)
{
	struct point out[64], a = { 20, 30 }, first, step;
	int f, fr, n, i;

	(void)state;
	for (f = 0; f < DIR_COUNT; f++)
		for (fr = 0; fr <= 40; fr++) {
			n = geom_footprint(a, (enum dir)f, fr, 1, out, 64);
			assert_int_equal(geom_rank(a, (enum dir)f, fr, &first,
			    &step), n);
			for (i = 0; i < n; i++) {
				assert_int_equal(first.x + i * step.x,
				    out[i].x);
				assert_int_equal(first.y + i * step.y,
				    out[i].y);
			}
		}
}

/* map_diag_blocked against its definition: any of the four edges that
 * meet at the corner passed, each 0 when off the map (map_edge). */
static void
test_diag_blocked_everywhere(void **state)
{
	struct map *m = map_create(7, 6);
	unsigned r = 12345;
	int x, y, k, dx, dy, ex, sy;
	enum dir d;
	bool ref;

	(void)state;
	for (y = 0; y < m->h; y++)
		for (x = 0; x < m->w; x++) {
			r = r * 1103515245u + 12345u;
			if ((r >> 16) % 5 == 0)
				map_edge_set(m, x, y, DIR_E, 1, PASS_NONE);
			r = r * 1103515245u + 12345u;
			if ((r >> 16) % 5 == 0)
				map_edge_set(m, x, y, DIR_S, 1, PASS_NONE);
		}
	for (y = -1; y <= m->h; y++)
		for (x = -1; x <= m->w; x++)
			for (k = 0; k < 4; k++) {
				d = (enum dir)(2 * k + 1);
				dx = dir_dx[d];
				dy = dir_dy[d];
				ex = dx > 0 ? x : x - 1;
				sy = dy > 0 ? y : y - 1;
				ref = map_edge(m, ex, y, DIR_E, NULL) != 0 ||
				    map_edge(m, ex, y + dy, DIR_E, NULL) != 0 ||
				    map_edge(m, x, sy, DIR_S, NULL) != 0 ||
				    map_edge(m, x + dx, sy, DIR_S, NULL) != 0;
				assert_int_equal(map_diag_blocked(m, x, y, d),
				    ref);
			}
	map_free(m);
}

/* move_gap against every pair of cells. */
static void
test_move_gap_pairs(void **state)
{
	struct point a[12], b[12];
	unsigned r = 99;
	int t, i, j, na, nb, dx, dy, gx, gy, gap, best;

	(void)state;
	for (t = 0; t < 2000; t++) {
		r = r * 1103515245u + 12345u;
		na = 1 + (int)((r >> 16) % 12);
		r = r * 1103515245u + 12345u;
		nb = 1 + (int)((r >> 16) % 12);
		for (i = 0; i < na + nb; i++) {
			struct point *c = i < na ? &a[i] : &b[i - na];

			r = r * 1103515245u + 12345u;
			c->x = (int)((r >> 16) % 15);
			r = r * 1103515245u + 12345u;
			c->y = (int)((r >> 16) % 15);
		}
		best = INT_MAX;
		for (i = 0; i < na; i++)
			for (j = 0; j < nb; j++) {
				dx = abs(a[i].x - b[j].x);
				dy = abs(a[i].y - b[j].y);
				gx = dx > 0 ? dx - 1 : 0;
				gy = dy > 0 ? dy - 1 : 0;
				gap = dx == 0 && dy == 0 ? -1 : gx > gy ?
				    2 * gx + gy : 2 * gy + gx;
				if (gap < best)
					best = gap;
			}
		assert_int_equal(move_gap(a, na, b, nb), best);
	}
	assert_int_equal(move_gap(a, 0, b, 3), INT_MAX);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dir_turn_and_diff),
		cmocka_unit_test(test_covers_gaps_of_a_diagonal_block),
		cmocka_unit_test(test_octile_distance),
		cmocka_unit_test(test_heading),
		cmocka_unit_test(test_footprint_facing_north),
		cmocka_unit_test(test_footprint_facing_east_column),
		cmocka_unit_test(test_dir_between_table),
		cmocka_unit_test(test_rank_is_front_rank),
		cmocka_unit_test(test_diag_blocked_everywhere),
		cmocka_unit_test(test_move_gap_pairs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
