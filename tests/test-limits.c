/*
 * test-limits.c - the bounds on what a file may ask for, each at its
 * value and one past it: a map's width and height (MAP_MAX_SIDE) and a
 * scenario's number of units (GAME_MAX_UNITS).  At the limit the file
 * loads; one past, it is refused with the position of what overflows and
 * a message naming the limit.  (The YAML reader's own limits - file size,
 * depth, scalar length, node count, aliases - are in test-yread.)
 *
 * The unit count takes a scenario of 100,000 deployed battalions (about
 * 10 MB of YAML, a few seconds).
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/map.h"
#include "io/load.h"
#include "io/yread.h"
#include "core/ruleset.h"
#include "util/xalloc.h"

static const char *
datadir(void)
{
	const char *d = getenv("MARSHAL_DATA");

	return d != NULL ? d : "data";
}

/* A growing text buffer. */
struct text {
	char	*s;
	size_t	 len, cap;
};

static void
text_add(struct text *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	assert_true(n >= 0);
	while (t->len + (size_t)n + 1 > t->cap) {
		t->cap = t->cap == 0 ? 4096 : t->cap * 2;
		t->s = xreallocarray(t->s, t->cap, 1);
	}
	va_start(ap, fmt);
	vsnprintf(t->s + t->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	t->len += (size_t)n;
}

/* Rows of w dots, h of them, as a block scalar indented by indent. */
static void
text_grid(struct text *t, int w, int h, int indent)
{
	int y;

	for (y = 0; y < h; y++) {
		text_add(t, "%*s", indent, "");
		while (t->len + (size_t)w + 2 > t->cap) {
			t->cap *= 2;
			t->s = xreallocarray(t->s, t->cap, 1);
		}
		memset(t->s + t->len, '.', (size_t)w);
		t->len += (size_t)w;
		text_add(t, "\n");
	}
}

/*
 * Load a w x h map; returns the map (caller frees) or NULL with the first
 * diagnostic in d.
 */
static struct map *
load_grid(const struct ruleset *rs, int w, int h, struct diags *d)
{
	struct text t = { 0 };
	struct doc_node *root;
	struct map *m = NULL;

	text_add(&t, "map: Plain\nlegend: {\".\": open}\nlandscape: |\n");
	text_grid(&t, w, h, 2);
	root = yread_buffer("limits.yaml", t.s, t.len, d);
	assert_non_null(root);
	m = load_map_doc(rs, root, d);
	doc_free(root);
	free(t.s);
	return m;
}

static struct ruleset *
ruleset(void)
{
	struct diags d;
	struct ruleset *rs;

	diags_init(&d);
	rs = load_ruleset("napoleonic", datadir(), &d);
	if (rs == NULL)
		diags_print(&d, stderr);
	assert_non_null(rs);
	diags_free(&d);
	return rs;
}

/* The one diagnostic says what and where. */
static void
assert_refused(const struct diags *d, int line, int col, const char *text)
{
	assert_true(d->n >= 1);
	if (strstr(d->v[0].msg, text) == NULL)
		fail_msg("expected '%s', got '%s'", text, d->v[0].msg);
	assert_int_equal(d->v[0].line, line);
	assert_int_equal(d->v[0].col, col);
}

static void
test_limit_map_width(void **state)
{
	struct ruleset *rs = ruleset();
	struct diags d;
	struct map *m;

	(void)state;
	diags_init(&d);
	m = load_grid(rs, MAP_MAX_SIDE, 1, &d);
	if (m == NULL)
		diags_print(&d, stderr);
	assert_non_null(m);
	assert_int_equal(m->w, MAP_MAX_SIDE);
	map_free(m);
	diags_free(&d);

	diags_init(&d);
	m = load_grid(rs, MAP_MAX_SIDE + 1, 1, &d);
	assert_null(m);
	/* The landscape key's value, on line 3. */
	assert_refused(&d, 3, 12, "1 to 4096 characters");
	diags_free(&d);
	ruleset_free(rs);
}

/*
 * The largest square map the documented bounds allow (2047 x 2047: its
 * grid, line breaks included, is within the 4 MiB of one scalar) loads;
 * 2048 x 2048 is refused at the grid with the bound named.
 */
static void
test_limit_map_square(void **state)
{
	struct ruleset *rs = ruleset();
	struct text t = { 0 };
	struct doc_node *root;
	struct diags d;
	struct map *m;

	(void)state;
	diags_init(&d);
	m = load_grid(rs, 2047, 2047, &d);
	if (m == NULL)
		diags_print(&d, stderr);
	assert_non_null(m);
	assert_int_equal(m->w * m->h, 2047 * 2047);
	map_free(m);
	diags_free(&d);

	diags_init(&d);
	text_add(&t, "map: Plain\nlegend: {\".\": open}\nlandscape: |\n");
	text_grid(&t, 2048, 2048, 2);
	root = yread_buffer("limits.yaml", t.s, t.len, &d);
	assert_null(root);
	assert_refused(&d, 3, 12, "longer than the limit of 4194304");
	assert_int_equal(MAP_MAX_GRID, 4194304);
	free(t.s);
	diags_free(&d);
	ruleset_free(rs);
}

static void
test_limit_map_height(void **state)
{
	struct ruleset *rs = ruleset();
	struct diags d;
	struct map *m;

	(void)state;
	diags_init(&d);
	m = load_grid(rs, 1, MAP_MAX_SIDE, &d);
	if (m == NULL)
		diags_print(&d, stderr);
	assert_non_null(m);
	assert_int_equal(m->h, MAP_MAX_SIDE);
	map_free(m);
	diags_free(&d);

	diags_init(&d);
	m = load_grid(rs, 1, MAP_MAX_SIDE + 1, &d);
	assert_null(m);
	assert_refused(&d, 3, 12, "1 to 4096 rows");
	diags_free(&d);
	ruleset_free(rs);
}

/* Lines so far: the number of the next line to be written. */
static int
text_line(const struct text *t)
{
	size_t i;
	int n = 1;

	for (i = 0; i < t->len; i++)
		n += t->s[i] == '\n';
	return n;
}

/*
 * A scenario of n battalions in Line (6 x 2 cells) on side 0, packed 200
 * to a row from the top, and one on side 1 at the bottom, whose entry in
 * the order of battle is the last unit read: its line in *last_line.
 */
static void
units_scenario(struct text *t, int n, int *last_line)
{
	int per_row = 200, rows = (n + per_row - 1) / per_row, i;

	text_add(t, "scenario: Limits\nruleset: napoleonic\nturns: 1\n"
	    "map:\n  map: Plain\n  legend: {\".\": open}\n  landscape: |\n");
	text_grid(t, per_row * 6, rows * 2 + 4, 4);
	text_add(t, "sides:\n  - oob:\n      oob: Many\n      side: Blue\n"
	    "      general:\n        id: g\n        units:\n");
	for (i = 0; i < n; i++)
		text_add(t, "          - {id: u%d, arm: infantry, drill: 4, "
		    "strength: 500}\n", i);
	text_add(t, "    rear: [0, 0]\n    deploy:\n");
	for (i = 0; i < n; i++)
		text_add(t, "      - {unit: u%d, at: [%d, %d], facing: N, "
		    "formation: line}\n", i, (i % per_row) * 6 + 2,
		    (i / per_row) * 2 + 1);
	text_add(t, "  - oob:\n      oob: One\n      side: Red\n"
	    "      general:\n        id: h\n        units:\n");
	*last_line = text_line(t);
	text_add(t, "          - {id: r, arm: infantry, drill: 4, "
	    "strength: 500}\n"
	    "    rear: [0, %d]\n    deploy:\n"
	    "      - {unit: r, at: [10, %d], facing: S, formation: line}\n",
	    rows * 2 + 3, rows * 2 + 2);
}

static void
test_limit_units(void **state)
{
	struct text t = { 0 };
	struct ruleset *rs = NULL;
	struct doc_node *root;
	struct diags d;
	struct game *g;
	int last;

	(void)state;
	/* At the limit: GAME_MAX_UNITS in all, one of them on side 1. */
	units_scenario(&t, GAME_MAX_UNITS - 1, &last);
	diags_init(&d);
	root = yread_buffer("units.yaml", t.s, t.len, &d);
	if (root == NULL)
		diags_print(&d, stderr);
	assert_non_null(root);
	g = load_scenario_doc(root, ".", datadir(), NULL, &rs, &d);
	if (g == NULL)
		diags_print(&d, stderr);
	assert_non_null(g);
	assert_int_equal(g->nunits, GAME_MAX_UNITS);
	game_free(g);
	ruleset_free(rs);
	rs = NULL;
	doc_free(root);
	diags_free(&d);
	free(t.s);

	/* One past: the other side's battalion is one too many. */
	memset(&t, 0, sizeof t);
	units_scenario(&t, GAME_MAX_UNITS, &last);
	diags_init(&d);
	root = yread_buffer("units.yaml", t.s, t.len, &d);
	assert_non_null(root);
	g = load_scenario_doc(root, ".", datadir(), NULL, &rs, &d);
	assert_null(g);
	assert_null(rs);
	assert_refused(&d, last, 13, "at most 100000");
	doc_free(root);
	diags_free(&d);
	free(t.s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_limit_map_width),
		cmocka_unit_test(test_limit_map_height),
		cmocka_unit_test(test_limit_map_square),
		cmocka_unit_test(test_limit_units),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
