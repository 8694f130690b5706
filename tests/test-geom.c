/*
 * test-geom.c - directions, the octile metric and block footprints.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/geom.h"

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

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dir_turn_and_diff),
		cmocka_unit_test(test_octile_distance),
		cmocka_unit_test(test_heading),
		cmocka_unit_test(test_footprint_facing_north),
		cmocka_unit_test(test_footprint_facing_east_column),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
