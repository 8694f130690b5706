/*
 * test-malformed.c - every file in tests/data/malformed must be refused
 * with the expected message at the expected line and column.
 *
 * Each file holds one mistake.  It is loaded the way `marshal check`
 * loads it: read, then by its top-level key as a ruleset, a map (against
 * the Napoleonic ruleset) or a scenario.  The first diagnostic must
 * contain the expected text at exactly the expected position.  The two
 * control files, from which the map and scenario cases were made by one
 * edit each, must load cleanly, so a case fails for its own mistake only.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/game.h"
#include "core/map.h"
#include "io/load.h"
#include "io/yread.h"
#include "core/ruleset.h"
#include "util/xalloc.h"

struct malformed {
	const char	*file;
	int		 line;
	int		 col;
	const char	*msg;
};

static const struct malformed cases[] = {
	{ "map-heights-bad.yaml", 12, 8,
	    "heights: unknown symbol 'x'" },
	{ "map-label-off-map.yaml", 11, 10,
	    "point [12, 1] is off the map" },
	{ "map-obstacle-border.yaml", 11, 26,
	    "obstacle segment [0, 1] to [0, 3] lies on the map" },
	{ "map-obstacle-unknown.yaml", 11, 12,
	    "unknown obstacle 'moat' in ruleset napoleonic" },
	{ "map-ragged-row.yaml", 7, 12,
	    "landscape row 4 has 9 characters, expected 10" },
	{ "map-unknown-key.yaml", 10, 1,
	    "unknown key 'rivers'" },
	{ "map-unknown-landscape.yaml", 2, 26,
	    "unknown landscape 'forest' in ruleset napoleonic" },
	{ "map-unknown-symbol.yaml", 5, 10,
	    "landscape: unknown symbol 'X'" },
	{ "map-wrong-type.yaml", 2, 9,
	    "legend must be a mapping, not a sequence" },
	{ "ruleset-block-unknown.yaml", 11, 12,
	    "unknown value 'sides'" },
	{ "ruleset-cell-not-whole.yaml", 3, 25,
	    "cell 0.3 BD does not make a whole number of ticks" },
	{ "ruleset-footprint-too-big.yaml", 11, 22,
	    "footprint 2048 x 4096 = 8388608 cells is larger than the "
	    "largest map (4194304 cells)" },
	{ "ruleset-forbid-unknown.yaml", 13, 64,
	    "unknown formation 'square'" },
	{ "ruleset-obstacle-none.yaml", 15, 3,
	    "obstacle name 'none' is reserved for edges without" },
	{ "ruleset-pe-fraction.yaml", 13, 27,
	    "0.1 is not a multiple of 1/4" },
	{ "ruleset-unknown-arm.yaml", 8, 3,
	    "unknown arm 'navy'" },
	{ "ruleset-unknown-key.yaml", 2, 1,
	    "unknown key 'colours'" },
	{ "ruleset-unknown-module.yaml", 1, 10,
	    "unknown ruleset 'chess': no module of that name is" },
	{ "ruleset-wrong-type.yaml", 4, 9,
	    "phases must be a sequence, not a scalar" },
	{ "scenario-bad-facing.yaml", 41, 40,
	    "unknown value 'up'" },
	{ "scenario-deployed-twice.yaml", 32, 9,
	    "unit 'a1' is deployed twice" },
	{ "scenario-drill-missing.yaml", 27, 13,
	    "missing key 'drill'" },
	{ "scenario-drill-range.yaml", 27, 54,
	    "value 7 out of range 1..6" },
	{ "scenario-duplicate-unit.yaml", 38, 18,
	    "duplicate unit id 'a1'" },
	{ "scenario-formation-arm.yaml", 41, 54,
	    "b1 cannot form Column: the formation is not for" },
	{ "scenario-not-deployed.yaml", 39, 13,
	    "unit 'b2' is not deployed" },
	{ "scenario-oob-no-general.yaml", 33, 7,
	    "an order of battle has either a general" },
	{ "scenario-reinforcement-turn-1.yaml", 32, 26,
	    "a reinforcement comes on in turn 2 or later" },
	{ "scenario-overlap.yaml", 31, 24,
	    "unit 'a2' overlaps unit 'a1' at [3, 8]" },
	{ "scenario-three-sides.yaml", 19, 3,
	    "sides must be a sequence of exactly 2 sides" },
	{ "scenario-unit-off-map.yaml", 30, 24,
	    "unit 'a1' does not fit on the map: its cell [10, 8]" },
	{ "scenario-unknown-class.yaml", 38, 44,
	    "unknown class 'hussar' of infantry in ruleset" },
	{ "scenario-unknown-formation.yaml", 41, 54,
	    "unknown formation 'phalanx' in ruleset napoleonic" },
	{ "scenario-unknown-ruleset-key.yaml", 18, 1,
	    "unknown key 'weather'" },
	{ "scenario-unknown-unit-order.yaml", 41, 16,
	    "unknown unit 'b9'" },
	{ "scenario-group-enemy-unit.yaml", 33, 32,
	    "unit 'b1' belongs to Allies, not to French" },
	{ "scenario-group-two-points.yaml", 33, 9,
	    "a group move order takes one destination, not 2 points" },
	{ "yaml-alias.yaml", 2, 9,
	    "aliases are not allowed" },
	{ "yaml-anchor.yaml", 1, 6,
	    "anchors are not allowed" },
	{ "yaml-bad-utf8.yaml", 1, 9,
	    "invalid UTF-8: invalid trailing UTF-8 octet" },
	{ "yaml-complex-key.yaml", 2, 3,
	    "mapping keys must be scalars, not a sequence" },
	{ "yaml-control-char.yaml", 2, 17,
	    "control characters are not allowed" },
	{ "yaml-depth-bomb.yaml", 1, 69,
	    "nested more than 64 levels deep" },
	{ "yaml-duplicate-key.yaml", 3, 1,
	    "duplicate key 'map'" },
	{ "yaml-empty.yaml", 1, 1,
	    "empty document" },
	{ "yaml-syntax.yaml", 2, 7,
	    "did not find expected ',' or ']'" },
	{ "yaml-tab-indent.yaml", 3, 1,
	    "tab character in indentation" },
	{ "yaml-tag.yaml", 1, 6,
	    "tags are not allowed" },
	{ "yaml-two-documents.yaml", 2, 1,
	    "a second document: a file holds only one" },
	{ "yaml-unclosed-quote.yaml", 3, 1,
	    "found unexpected end of stream" },
};

#define NCASES	(sizeof cases / sizeof cases[0])

static char *
data_path(const char *file)
{
	const char *top = getenv("top_srcdir");

	return xasprintf("%s/tests/data/malformed/%s", top != NULL ? top :
	    ".", file);
}

static const char *
datadir(void)
{
	const char *d = getenv("MARSHAL_DATA");

	return d != NULL ? d : "data";
}

/* Load one file as check would; 0 if it loaded, -1 with diagnostics. */
static int
load(const char *file, struct diags *d)
{
	struct doc_node *root;
	struct ruleset *rs;
	struct game *g;
	struct map *m;
	char *path = data_path(file), *dir = data_path("");
	int rc = -1;

	diags_init(d);
	root = yread_file(path, d);
	if (root == NULL)
		goto out;
	if (doc_get(root, "scenario") != NULL) {
		g = load_scenario_doc(root, dir, datadir(), NULL, &rs, d);
		if (g != NULL) {
			game_free(g);
			ruleset_free(rs);
			rc = 0;
		}
	} else if (doc_get(root, "map") != NULL) {
		rs = load_ruleset("napoleonic", datadir(), d);
		assert_non_null(rs);
		if ((m = load_map_doc(rs, root, d)) != NULL) {
			map_free(m);
			rc = 0;
		}
		ruleset_free(rs);
	} else if (doc_get(root, "ruleset") != NULL) {
		if ((rs = ruleset_load(root, d)) != NULL) {
			ruleset_free(rs);
			rc = 0;
		}
	} else
		fail_msg("%s: no top-level key to tell its kind", file);
	doc_free(root);
out:
	free(path);
	free(dir);
	return rc;
}

static void
test_controls_load(void **state)
{
	struct diags d;

	(void)state;
	assert_int_equal(load("control-map.yaml", &d), 0);
	assert_int_equal(d.n, 0);
	diags_free(&d);
	assert_int_equal(load("control-scenario.yaml", &d), 0);
	assert_int_equal(d.n, 0);
	diags_free(&d);
}

static void
test_malformed_table(void **state)
{
	struct diags d;
	char *want;
	size_t i;
	int bad = 0;

	(void)state;
	assert_true(NCASES >= 30);
	for (i = 0; i < NCASES; i++) {
		if (load(cases[i].file, &d) == 0) {
			print_error("%s: loaded, but should not\n",
			    cases[i].file);
			bad++;
		} else if (d.n < 1 || strstr(d.v[0].file, cases[i].file) ==
		    NULL || d.v[0].line != cases[i].line ||
		    d.v[0].col != cases[i].col ||
		    strstr(d.v[0].msg, cases[i].msg) == NULL) {
			want = d.n > 0 ? diag_format(&d.v[0]) :
			    xstrdup("(no diagnostic)");
			print_error("%s: expected %d:%d '%s', got %s\n",
			    cases[i].file, cases[i].line, cases[i].col,
			    cases[i].msg, want);
			free(want);
			bad++;
		}
		diags_free(&d);
	}
	assert_int_equal(bad, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_controls_load),
		cmocka_unit_test(test_malformed_table),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
