/*
 * test-attrs.c - a ruleset that declares its own unit attributes: the
 * Napoleonic data with one more, March (1-12, default 4), read from an
 * order of battle into each unit, checked for its range, kept by a turn
 * of play and carried through a save and its reload byte for byte.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "core/game.h"
#include "core/ruleset.h"
#include "io/load.h"
#include "io/save.h"
#include "util/xalloc.h"

static const char march_line[] =
    "  march:    {label: March, min: 1, max: 12, default: 4}\n";

static const char scenario[] =
    "scenario: Attributes\n"
    "ruleset: march.yaml\n"
    "map:\n"
    "  map: Field\n"
    "  legend: {\".\": open}\n"
    "  landscape: |\n"
    "    ..........\n    ..........\n    ..........\n    ..........\n"
    "    ..........\n    ..........\n    ..........\n    ..........\n"
    "    ..........\n    ..........\n"
    "turns: 2\n"
    "sides:\n"
    "  - oob:\n"
    "      oob: First\n"
    "      side: French\n"
    "      general:\n"
    "        id: ga\n"
    "        units:\n"
    "          - {id: a1, arm: infantry, drill: 4, march: MARCH,"
    " strength: 600}\n"
    "          - {id: a2, arm: infantry, drill: 3, musician: true,"
    " strength: 500}\n"
    "    rear: [0, 9]\n"
    "    deploy:\n"
    "      - {unit: a1, at: [4, 8], facing: N, formation: line}\n"
    "      - {unit: a2, at: [4, 5], facing: N, formation: line}\n"
    "  - oob:\n"
    "      oob: Second\n"
    "      side: Allies\n"
    "      general:\n"
    "        id: gb\n"
    "        units:\n"
    "          - {id: b1, arm: infantry, drill: 4, march: 12,"
    " strength: 600}\n"
    "    rear: [0, 0]\n"
    "    deploy:\n"
    "      - {unit: b1, at: [4, 4], facing: S, formation: column}\n";

static const char *
datadir(void)
{
	const char *d = getenv("MARSHAL_DATA");

	return d != NULL ? d : "data";
}

static char *
slurp(const char *path)
{
	FILE *f;
	char *buf;
	long len;

	assert_non_null(f = fopen(path, "rb"));
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	rewind(f);
	buf = xcalloc((size_t)len + 1, 1);
	assert_int_equal(fread(buf, 1, (size_t)len, f), (size_t)len);
	fclose(f);
	return buf;
}

static void
spit(const char *path, const char *text)
{
	FILE *f;

	assert_non_null(f = fopen(path, "wb"));
	assert_int_equal(fputs(text, f) >= 0, 1);
	assert_int_equal(fclose(f), 0);
}

/* s with the first from replaced by to (allocated). */
static char *
edit(const char *s, const char *from, const char *to)
{
	const char *at = strstr(s, from);

	if (at == NULL)
		fail_msg("'%s' not found", from);
	return xasprintf("%.*s%s%s", (int)(at - s), s, to, at + strlen(from));
}

struct fix {
	char	 dir[64];
	char	*rspath;
	char	*scpath;
};

/* A directory holding march.yaml: napoleonic.yaml with March added. */
static int
setup(void **state)
{
	struct fix *f = xcalloc(1, sizeof *f);
	char *nap, *path, *text, *line;

	snprintf(f->dir, sizeof f->dir, "/tmp/marshal-attrs-XXXXXX");
	if (mkdtemp(f->dir) == NULL)
		return -1;
	path = xasprintf("%s/rulesets/napoleonic.yaml", datadir());
	nap = slurp(path);
	free(path);
	line = xasprintf("%s%s", "  musician: {label: Musician, flag: true,"
	    " default: false, report: true}\n", march_line);
	text = edit(nap, "  musician: {label: Musician, flag: true, "
	    "default: false, report: true}\n", line);
	f->rspath = xasprintf("%s/march.yaml", f->dir);
	f->scpath = xasprintf("%s/scenario.yaml", f->dir);
	spit(f->rspath, text);
	free(text);
	free(line);
	free(nap);
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct fix *f = *state;
	char *p;

	unlink(f->rspath);
	unlink(f->scpath);
	p = xasprintf("%s/scenario.save", f->dir);
	unlink(p);
	free(p);
	rmdir(f->dir);
	free(f->rspath);
	free(f->scpath);
	free(f);
	return 0;
}

/* Load the scenario with a1's march given as march. */
static struct game *
load(struct fix *f, const char *march, struct ruleset **rs,
    struct diags *d)
{
	char *text = edit(scenario, "MARCH", march);
	struct game *g;

	spit(f->scpath, text);
	free(text);
	diags_init(d);
	g = load_scenario(f->scpath, datadir(), rs, d);
	if (g == NULL && d->n == 0)
		fail_msg("no game and no message");
	return g;
}

static int
unit(const struct game *g, const char *id)
{
	int i;

	for (i = 0; i < g->nunits; i++)
		if (strcmp(g->units[i].id, id) == 0)
			return i;
	fail_msg("no unit %s", id);
	return -1;
}

static void
test_table(void **state)
{
	struct fix *f = *state;
	struct ruleset *rs;
	struct game *g;
	struct diags d;
	int m;

	g = load(f, "7", &rs, &d);
	if (g == NULL)
		diags_print(&d, stderr);
	assert_non_null(g);
	diags_free(&d);
	/* Attributes in the file's order, then the state. */
	assert_int_equal(rs->nattr, 4);
	assert_int_equal(ruleset_attr(rs, "drill"), 0);
	assert_int_equal(ruleset_attr(rs, "musician"), 1);
	assert_int_equal(m = ruleset_attr(rs, "march"), 2);
	assert_int_equal(ruleset_attr(rs, "ap_used"), 3);
	assert_string_equal(rs->attr[m].label, "March");
	assert_int_equal(rs->attr[m].def, 4);
	assert_false(rs->attr[m].required);
	assert_int_equal(unit_attr(&g->units[unit(g, "a1")], m), 7);
	assert_int_equal(unit_attr(&g->units[unit(g, "a2")], m), 4);
	assert_int_equal(unit_attr(&g->units[unit(g, "b1")], m), 12);
	assert_int_equal(unit_attr(&g->units[unit(g, "a2")], 0), 3);
	assert_int_equal(unit_attr(&g->units[unit(g, "a2")], 1), 1);
	assert_int_equal(unit_attr(&g->units[unit(g, "a1")], 1), 0);
	game_free(g);
	ruleset_free(rs);
}

static void
test_out_of_range(void **state)
{
	struct fix *f = *state;
	struct ruleset *rs = NULL;
	struct diags d;

	assert_null(load(f, "13", &rs, &d));
	assert_true(d.n >= 1);
	assert_non_null(strstr(d.v[0].file, "scenario.yaml"));
	assert_int_equal(d.v[0].line, 25);
	assert_int_equal(d.v[0].col, 54);
	assert_string_equal(d.v[0].msg, "value 13 out of range 1..12");
	diags_free(&d);
}

/* A save of the game after a turn, reloaded and saved again, is the
 * same text, March and all. */
static void
test_save_round_trip(void **state)
{
	struct fix *f = *state;
	struct ruleset *rs, *rs2;
	struct game *g, *g2;
	struct diags d;
	char *buf, *buf2, *cause = NULL;
	size_t len, len2;

	g = load(f, "9", &rs, &d);
	assert_non_null(g);
	diags_free(&d);
	game_turn(g);
	assert_int_equal(save_render(g, f->scpath, &buf, &len, &cause), 0);
	assert_non_null(strstr(buf, "    drill: 4\n    musician: false\n"
	    "    march: 9\n"));
	assert_non_null(strstr(buf, "    ap_used: 0\n"));
	diags_init(&d);
	g2 = save_load_text("scenario.save", buf, len, datadir(), false, &rs2,
	    NULL, &d);
	if (g2 == NULL)
		diags_print(&d, stderr);
	assert_non_null(g2);
	diags_free(&d);
	assert_int_equal(unit_attr(&g2->units[unit(g2, "a1")],
	    ruleset_attr(rs2, "march")), 9);
	assert_int_equal(save_render(g2, f->scpath, &buf2, &len2, &cause), 0);
	assert_int_equal(len2, len);
	assert_string_equal(buf2, buf);
	free(buf);
	free(buf2);
	game_free(g2);
	ruleset_free(rs2);
	game_free(g);
	ruleset_free(rs);
}

/* Only a state value may be internal: an attribute is given in orders
 * of battle and shown, and is refused at the key that says otherwise. */
static void
test_internal_only_for_state(void **state)
{
	struct fix *f = *state;
	struct ruleset *rs = NULL;
	struct diags d;
	char *text, *bad;

	text = slurp(f->rspath);
	bad = edit(text, "default: 4}", "default: 4, internal: true}");
	spit(f->rspath, bad);
	assert_null(load(f, "7", &rs, &d));
	assert_null(rs);
	assert_true(d.n >= 1);
	assert_non_null(strstr(d.v[0].file, "march.yaml"));
	assert_non_null(strstr(d.v[0].msg, "only a state value can be "
	    "internal"));
	diags_free(&d);
	spit(f->rspath, text);
	free(bad);
	free(text);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_out_of_range),
		cmocka_unit_test(test_save_round_trip),
		cmocka_unit_test(test_internal_only_for_state),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
