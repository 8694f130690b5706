/*
 * test-load.c - the map, order-of-battle and scenario loaders.
 *
 * The default scenario is loaded and checked against values read off its
 * files by hand; then each malformed file in tests/data/load must be
 * refused with one exact FILE:LINE:COLUMN and message, including
 * characters inside block-scalar grids.  Run under the sanitizer build,
 * the refusals also show that nothing half-loaded leaks.
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
#include "io/load.h"
#include "io/save.h"
#include "io/yread.h"
#include "core/ruleset.h"
#include "util/xalloc.h"

struct loaded {
	struct game	*g;
	struct ruleset	*rs;
};

static const char *
datadir(void)
{
	const char *d = getenv("MARSHAL_DATA");

	return d != NULL ? d : "data";
}

/* A file under the source tree (caller frees). */
static char *
srcpath(const char *rel)
{
	const char *top = getenv("top_srcdir");

	return xasprintf("%s/%s", top != NULL ? top : ".", rel);
}

static struct loaded *
load_or_fail(const char *path)
{
	struct loaded *l = xcalloc(1, sizeof *l);
	struct diags d;

	diags_init(&d);
	l->g = load_scenario(path, datadir(), &l->rs, &d);
	if (l->g == NULL)
		diags_print(&d, stderr);
	assert_non_null(l->g);
	assert_non_null(l->rs);
	assert_int_equal(d.n, 0);
	diags_free(&d);
	return l;
}

static int
setup_default(void **state)
{
	char *path = xasprintf("%s/scenarios/default.yaml", datadir());

	*state = load_or_fail(path);
	free(path);
	return 0;
}

static int
teardown(void **state)
{
	struct loaded *l = *state;

	game_free(l->g);
	ruleset_free(l->rs);
	free(l);
	return 0;
}

static int
unit(const struct game *g, const char *id)
{
	int u = game_find_unit(g, id);

	assert_true(u >= 0);
	return u;
}

static int
general(const struct game *g, const char *id)
{
	int i = game_find_general(g, id);

	assert_true(i >= 0);
	return i;
}

static void
test_default_sides_and_units(void **state)
{
	struct loaded *l = *state;
	int per[2] = { 0, 0 }, u;

	assert_int_equal(l->g->nsides, 2);
	assert_string_equal(l->g->sides[0].name, "French");
	assert_string_equal(l->g->sides[1].name, "Allies");
	for (u = 0; u < l->g->nunits; u++)
		per[l->g->units[u].side]++;
	assert_int_equal(per[0], 11);
	assert_int_equal(per[1], 11);
	assert_string_equal(l->g->title,
	    "The Bridge at Rothenbach, 14 October 1813");
	assert_non_null(l->g->description);
	assert_int_equal(l->g->opt.turn_limit, 10);
	assert_int_equal(l->g->seed, 1813);
	assert_true(l->g->opt.courier_delay);
	assert_false(l->g->opt.random_speed);
}

static void
test_default_deployment(void **state)
{
	struct loaded *l = *state;
	const struct unit *u = &l->g->units[unit(l->g, "1-27L")];
	int i = unit(l->g, "1-27L");

	assert_int_equal(u->pos.x, 26);
	assert_int_equal(u->pos.y, 34);
	assert_int_equal(u->facing, DIR_N);
	assert_int_equal(u->formation, ruleset_form(l->rs, "line"));
	assert_int_equal(u->cond, COND_FORMED);
	assert_int_equal(unit_attr(u, ruleset_attr(l->rs, "drill")), 4);
	assert_int_equal(u->strength, 682);
	assert_true(unit_attr(u, ruleset_attr(l->rs, "musician")));
	/* Line is 6 x 2 cells: x 24..29, y 34..35. */
	assert_int_equal(game_unit_at(l->g, 24, 34), i);
	assert_int_equal(game_unit_at(l->g, 29, 35), i);
	assert_int_equal(game_unit_at(l->g, 30, 34), -1);
	assert_int_equal(game_unit_at(l->g, 26, 36), -1);

	u = &l->g->units[unit(l->g, "F-9R")];
	assert_int_equal(u->facing, DIR_S);
	assert_int_equal(u->formation, ruleset_form(l->rs, "column"));
	assert_int_equal(u->klass, ruleset_class(l->rs, ARM_INFANTRY,
	    "light"));
	u = &l->g->units[unit(l->g, "3-59L")];
	assert_int_equal(u->formation, ruleset_form(l->rs, "road_column"));
	assert_int_equal(u->arm, ARM_INFANTRY);
	u = &l->g->units[unit(l->g, "PB4")];
	assert_int_equal(u->arm, ARM_ARTILLERY);
	assert_int_equal(u->klass, ruleset_class(l->rs, ARM_ARTILLERY,
	    "heavy"));
}

static void
test_default_generals(void **state)
{
	struct loaded *l = *state;
	int vautrin = general(l->g, "vautrin"), castagnet;

	castagnet = general(l->g, "castagnet");
	assert_int_equal(l->g->generals[castagnet].parent, vautrin);
	assert_int_equal(l->g->generals[vautrin].parent, -1);
	assert_int_equal(l->g->sides[0].commander, vautrin);
	assert_int_equal(l->g->generals[general(l->g, "kessel")].parent,
	    general(l->g, "hessling"));
	assert_int_equal(l->g->generals[vautrin].radius, 12 * l->rs->ticks);
	assert_int_equal(l->g->generals[castagnet].pos.x, 30);
	assert_int_equal(l->g->generals[castagnet].pos.y, 37);
	assert_int_equal(l->g->units[unit(l->g, "1-27L")].general, castagnet);
	assert_int_equal(l->g->sides[1].rear.x, 40);
	assert_int_equal(l->g->sides[1].rear.y, 0);
}

static void
test_default_map(void **state)
{
	struct loaded *l = *state;
	const struct map *m = l->g->map;
	int pass, stream = ruleset_obst(l->rs, "stream");

	assert_int_equal(m->w, 80);
	assert_int_equal(m->h, 50);
	assert_int_equal(map_cell(m, 40, 10)->road, ROAD_BIG);
	assert_int_equal(map_cell(m, 20, 20)->road, ROAD_SMALL);
	assert_int_equal(map_cell(m, 0, 49)->road, ROAD_NONE);
	assert_int_equal(map_cell(m, 38, 20)->land,
	    ruleset_land(l->rs, "village"));
	assert_int_equal(map_cell(m, 10, 14)->land,
	    ruleset_land(l->rs, "dense_wood"));
	/* The Galgenberg: three contours at the top, two on its flank. */
	assert_int_equal(map_cell(m, 63, 11)->height, 3);
	assert_int_equal(map_cell(m, 63, 16)->height, 2);
	assert_int_equal(map_cell(m, 52, 11)->height, 1);
	assert_int_equal(map_cell(m, 0, 0)->height, 0);
	/* The stream: the bridge where the big road crosses... */
	assert_true(stream > 0);
	assert_int_equal(map_edge(m, 40, 24, DIR_S, &pass), stream);
	assert_int_equal(pass, PASS_BRIDGE);
	assert_int_equal(map_edge(m, 40, 25, DIR_N, &pass), stream);
	assert_int_equal(pass, PASS_BRIDGE);
	/* ...a plain stream edge on the vertical jog at x = 14... */
	assert_int_equal(map_edge(m, 13, 26, DIR_E, &pass), stream);
	assert_int_equal(pass, PASS_NONE);
	assert_int_equal(map_edge(m, 13, 27, DIR_E, NULL), 0);
	/* ...and no obstacle where there is none. */
	assert_int_equal(map_edge(m, 40, 10, DIR_S, NULL), 0);
	assert_int_equal(map_edge(m, 20, 38, DIR_E, &pass),
	    ruleset_obst(l->rs, "wall"));
	assert_int_equal(pass, PASS_GATE);
	assert_true(map_cell(m, 8, 14)->flags & CELL_DEFILE);
	assert_false(map_cell(m, 8, 16)->flags & CELL_DEFILE);
	assert_int_equal(m->nlabels, 6);
	assert_string_equal(m->labels[0].text, "Rothenbach");
}

static void
test_default_orders(void **state)
{
	struct loaded *l = *state;
	const struct unit *u = &l->g->units[unit(l->g, "3-59L")];

	assert_int_equal(u->order.kind, ORDER_MOVE);
	assert_int_equal(u->order.npts, 3);
	assert_int_equal(u->order.pts[2].x, 40);
	assert_int_equal(u->order.pts[2].y, 27);
	assert_int_equal(u->order.general, general(l->g, "delorme"));
	u = &l->g->units[unit(l->g, "2-5LW")];
	assert_int_equal(u->order.kind, ORDER_FORMATION);
	assert_int_equal(u->order.formation, ruleset_form(l->rs, "line"));
	u = &l->g->units[unit(l->g, "1-27L")];
	assert_int_equal(u->order.kind, ORDER_NONE);
	/* Every standing order is within its general's radius. */
	assert_int_equal(l->g->ntransit, 0);
}

static void
test_default_victory(void **state)
{
	struct loaded *l = *state;

	assert_int_equal(l->g->nobjectives, 3);
	assert_string_equal(l->g->objectives[0].name, "Rothenbach bridge");
	assert_int_equal(l->g->objectives[0].at.x, 40);
	assert_int_equal(l->g->objectives[0].at.y, 24);
	assert_int_equal(l->g->objectives[0].points, 5);
	assert_int_equal(l->g->break_point, 40);
	/* Solo play: the computer commands the second side by default. */
	assert_int_equal(l->g->opt.opponent, OPPONENT_COMPUTER);
}

/* The first tutorial: one battalion under a Move order. */
static void
test_tutorial_move(void **state)
{
	char *path = xasprintf("%s/scenarios/tutorial-01-move.yaml",
	    datadir());
	struct loaded *l = load_or_fail(path);
	const struct unit *u = &l->g->units[unit(l->g, "1-4L")];

	(void)state;
	assert_int_equal(u->order.kind, ORDER_MOVE);
	assert_int_equal(u->order.pts[0].x, 14);
	assert_int_equal(u->order.pts[0].y, 4);
	/* A general with no position stands with his first unit. */
	assert_int_equal(l->g->generals[u->general].pos.x, 14);
	assert_int_equal(l->g->generals[u->general].pos.y, 14);
	/* Tutorials leave the other side to its standing orders. */
	assert_int_equal(l->g->opt.opponent, OPPONENT_NONE);
	free(path);
	*state = l;
	teardown(state);
}

/* Each malformed file, refused at one exact place. */
struct bad {
	const char	*file;
	int		 line;
	int		 col;
	const char	*contains;
};

static const struct bad bad_files[] = {
	{ "off-map.yaml", 32, 23, "unit 'a' does not fit on the map" },
	{ "overlap.yaml", 33, 23, "unit 'b' overlaps unit 'a' at [1, 4]" },
	{ "bad-symbol.yaml", 13, 12, "landscape: unknown symbol 'X'" },
	{ "bad-height.yaml", 20, 19, "heights: unknown symbol 'x'" },
	{ "unknown-unit-order.yaml", 35, 16, "unknown unit 'zz'" },
	{ "unknown-formation.yaml", 32, 53, "unknown formation 'wedge'" },
	{ "short-row.yaml", 11, 16, "landscape row 2 has 11 characters, "
	    "expected 12" },
	{ "border-obstacle.yaml", 20, 22, "lies on the map border" },
	{ "duplicate-id.yaml", 29, 18, "duplicate unit id 'a'" },
	{ "not-deployed.yaml", 29, 13, "unit 'b' is not deployed" },
	{ "deployed-twice.yaml", 34, 9, "unit 'a' is deployed twice" },
	{ "bridge-no-obstacle.yaml", 22, 7, "no obstacle on the E side of "
	    "cell [2, 2]" },
	{ "bad-opponent.yaml", 22, 13, "unknown value 'robot' (expected "
	    "one of: computer, player, none)" },
};

static void
test_malformed_files(void **state)
{
	struct ruleset *rs;
	struct game *g;
	struct diags d;
	size_t i, n, k;
	char *path;

	(void)state;
	for (i = 0; i < sizeof bad_files / sizeof bad_files[0]; i++) {
		const struct bad *b = &bad_files[i];
		char *rel = xasprintf("tests/data/load/%s", b->file);

		path = srcpath(rel);
		free(rel);
		diags_init(&d);
		rs = (struct ruleset *)&d;	/* must be reset to NULL */
		g = load_scenario(path, datadir(), &rs, &d);
		if (d.n != 1 || d.v[0].line != b->line ||
		    d.v[0].col != b->col ||
		    strstr(d.v[0].msg, b->contains) == NULL) {
			fprintf(stderr, "%s: expected %d:%d: %s; got:\n",
			    b->file, b->line, b->col, b->contains);
			diags_print(&d, stderr);
		}
		assert_null(g);
		assert_null(rs);
		assert_int_equal(d.n, 1);
		n = strlen(d.v[0].file);
		k = strlen(b->file);
		assert_true(n >= k);
		assert_string_equal(d.v[0].file + n - k, b->file);
		assert_int_equal(d.v[0].line, b->line);
		assert_int_equal(d.v[0].col, b->col);
		assert_non_null(strstr(d.v[0].msg, b->contains));
		diags_free(&d);
		free(path);
	}
}

/* The good file the malformed ones are edits of does load. */
static void
test_good_file(void **state)
{
	char *path = srcpath("tests/data/load/good.yaml");
	struct loaded *l = load_or_fail(path);

	assert_int_equal(l->g->nunits, 3);
	assert_int_equal(l->g->map->w, 12);
	assert_int_equal(l->g->map->h, 8);
	/* Generals not placed stand with their first unit. */
	assert_int_equal(l->g->generals[general(l->g, "ga")].pos.x, 2);
	assert_int_equal(l->g->generals[general(l->g, "ga")].pos.y, 4);
	assert_int_equal(l->g->generals[general(l->g, "gr")].pos.x, 9);
	free(path);
	*state = l;
	teardown(state);
}

/*
 * A side with no generals: its units answer to nobody (general -1) and
 * an order reaches them at once.  A reinforcement is off the field (no
 * cells, takes no orders) until its turn, then comes on formed where the
 * scenario sends it; a save made while it is away keeps it away.
 */
static void
test_reinforcements_and_no_generals(void **state)
{
	char *path = srcpath("tests/data/load/reinforcements.yaml"), *cause;
	struct loaded *l = load_or_fail(path);
	struct game *g = l->g, *h;
	struct ruleset *rs2;
	struct order o;
	struct diags d;
	char *buf;
	size_t len;
	int r = unit(g, "r"), r2 = unit(g, "r2");

	assert_int_equal(g->units[r].general, -1);
	assert_int_equal(g->sides[1].commander, -1);
	memset(&o, 0, sizeof o);
	o.kind = ORDER_STOP;
	o.unit = r;
	o.general = -1;
	assert_int_equal(game_order(g, &o, &cause), 0);
	assert_int_equal(g->units[r].order.kind, ORDER_STOP);	/* at once */

	assert_int_equal(g->units[r2].cond, COND_AWAY);
	assert_int_equal(g->units[r2].arrives, 3);
	assert_int_equal(game_unit_at(g, 10, 3), -1);
	o.unit = r2;
	assert_int_equal(game_order(g, &o, &cause), -1);	/* not here */
	free(cause);

	assert_int_equal(save_render(g, path, &buf, &len, &cause), 0);
	assert_non_null(strstr(buf, "arrives: 3"));
	diags_init(&d);
	h = save_load_text("away.save", buf, len, datadir(), false, &rs2,
	    NULL, &d);
	if (h == NULL)
		diags_print(&d, stderr);
	diags_free(&d);
	assert_non_null(h);
	assert_int_equal(h->units[r2].cond, COND_AWAY);
	assert_int_equal(save_digest(h), save_digest(g));
	game_free(h);
	ruleset_free(rs2);
	free(buf);

	game_turn(g);
	assert_int_equal(g->turn, 2);
	assert_int_equal(g->units[r2].cond, COND_AWAY);
	game_turn(g);
	assert_int_equal(g->turn, 3);
	assert_int_equal(g->units[r2].cond, COND_FORMED);
	assert_int_equal(g->units[r2].arrives, 0);
	assert_int_equal(game_unit_at(g, 10, 3), r2);
	assert_string_equal(g->log.v[g->log.n - 1].text, "r2 comes on at "
	    "[10, 3] facing S, Column");
	free(path);
	*state = l;
	teardown(state);
}

/* A reinforcement whose ground is taken waits a turn, and comes on the
 * turn after it is free. */
static void
test_reinforcement_waits_for_room(void **state)
{
	char *path = srcpath("tests/data/load/reinforcements.yaml");
	struct loaded *l = load_or_fail(path);
	struct game *g = l->g;
	int a = unit(g, "a"), r2 = unit(g, "r2");

	game_occupy(g, a, false);
	g->units[a].pos = (struct point){ 10, 3 };
	g->units[a].facing = DIR_S;
	game_occupy(g, a, true);
	game_turn(g);
	game_turn(g);
	assert_int_equal(g->turn, 3);
	assert_int_equal(g->units[r2].cond, COND_AWAY);
	assert_non_null(strstr(g->log.v[g->log.n - 1].text,
	    "tries again next turn"));
	game_occupy(g, a, false);
	g->units[a].pos = (struct point){ 2, 3 };
	g->units[a].facing = DIR_N;
	game_occupy(g, a, true);
	game_turn(g);
	assert_int_equal(g->units[r2].cond, COND_FORMED);
	assert_int_equal(game_unit_at(g, 10, 3), r2);
	free(path);
	*state = l;
	teardown(state);
}

/*
 * A ruleset's own option (the horse-and-musket road_bonus, H14): off by
 * its default, on where the scenario's options turn it on, kept by a
 * save only when not the default.
 */
static void
test_ruleset_option_in_scenario(void **state)
{
	char *path = srcpath("tests/data/load/hm-options.yaml"), *buf, *cause;
	struct loaded *l = load_or_fail(path);
	size_t len;
	int k = ruleset_option(l->rs, "road_bonus");

	assert_true(k >= 0);
	assert_false(l->rs->opt[k].def);
	assert_true(l->g->opt.module[k]);
	assert_int_equal(save_render(l->g, path, &buf, &len, &cause), 0);
	assert_non_null(strstr(buf, "road_bonus: true"));
	free(buf);
	l->g->opt.module[k] = false;
	assert_int_equal(save_render(l->g, path, &buf, &len, &cause), 0);
	assert_null(strstr(buf, "road_bonus"));
	free(buf);
	free(path);
	*state = l;
	teardown(state);
}

static const char buffer_scenario[] =
    "scenario: From a buffer\n"
    "ruleset: napoleonic\n"
    "map:\n"
    "  legend: {\".\": open}\n"
    "  landscape: |\n"
    "    ......\n"
    "    ......\n"
    "  roads: |\n"
    "    ..=...\n"
    "    ..=*..\n"
    "sides:\n"
    "  - oob: {oob: A, side: A, general: {id: ga}}\n"
    "    rear: [0, 0]\n"
    "  - oob: {oob: B, side: B, general: {id: gb}}\n"
    "    rear: [5, 1]\n"
    "expect: {turns: 1}\n";

/*
 * From a buffer there is no file to read the grid's indentation back
 * from: the loader assumes two spaces more than the key, the common
 * style, and still names the right line.
 */
static void
test_grid_position_from_buffer(void **state)
{
	static const char *const ignore[] = { "expect", NULL };
	struct doc_node *root;
	struct ruleset *rs;
	struct diags d;

	(void)state;
	diags_init(&d);
	root = yread_buffer("(buffer)", buffer_scenario,
	    sizeof buffer_scenario - 1, &d);
	assert_non_null(root);
	assert_null(load_scenario_doc(root, ".", datadir(), ignore, &rs, &d));
	assert_null(rs);
	assert_int_equal(d.n, 1);
	assert_string_equal(d.v[0].file, "(buffer)");
	assert_int_equal(d.v[0].line, 10);
	assert_int_equal(d.v[0].col, 8);
	assert_non_null(strstr(d.v[0].msg, "roads: unknown symbol '*'"));
	diags_free(&d);
	doc_free(root);
}

/* Extra top-level keys are refused unless the caller names them. */
static void
test_ignore_keys(void **state)
{
	static const char *const ignore[] = { "expect", NULL };
	char *text = xstrdup(buffer_scenario);
	struct doc_node *root;
	struct ruleset *rs;
	struct game *g;
	struct diags d;

	(void)state;
	*strchr(text, '*') = '.';
	diags_init(&d);
	root = yread_buffer("(buffer)", text, strlen(text), &d);
	assert_non_null(root);
	g = load_scenario_doc(root, ".", datadir(), ignore, &rs, &d);
	assert_non_null(g);
	assert_int_equal(d.n, 0);
	assert_int_equal(map_cell(g->map, 2, 1)->road, ROAD_BIG);
	game_free(g);
	ruleset_free(rs);
	assert_null(load_scenario_doc(root, ".", datadir(), NULL, &rs, &d));
	assert_int_equal(d.n, 1);
	assert_int_equal(d.v[0].line, 16);
	assert_non_null(strstr(d.v[0].msg, "unknown key 'expect'"));
	diags_free(&d);
	doc_free(root);
	free(text);
}

/* The map file loads on its own through load_map_doc. */
static void
test_map_doc(void **state)
{
	char *path = xasprintf("%s/maps/default.yaml", datadir());
	struct doc_node *root;
	struct ruleset *rs;
	struct map *m;
	struct diags d;

	(void)state;
	diags_init(&d);
	rs = load_ruleset("napoleonic", datadir(), &d);
	assert_non_null(rs);
	root = yread_file(path, &d);
	assert_non_null(root);
	m = load_map_doc(rs, root, &d);
	assert_non_null(m);
	assert_string_equal(m->name, "Rothenbach and the Rothe valley");
	assert_int_equal(map_contours(m, (struct point){ 63, 16 },
	    (struct point){ 63, 17 }), 0);
	assert_int_equal(map_cell(m, 32, 41)->height, 1);
	map_free(m);
	doc_free(root);
	ruleset_free(rs);
	diags_free(&d);
	free(path);
}

/*
 * The log names units by name, so two units of a battle with the same
 * name make its lines ambiguous: the Cowpens had two "Royal Artillery,
 * 3-pounder" and two "British Legion dragoons (reserve)".  Every bundled
 * scenario names each unit once; the Cowpens' four by where they stand.
 */
static void
test_bundled_scenarios_name_each_unit_once(void **state)
{
	static const char *const files[] = {
		"default.yaml", "coa-1810.yaml", "cowpens-1781.yaml",
	};
	static const struct { const char *id, *name; } cowpens[] = {
		{ "G1", "Royal Artillery, right 3-pounder" },
		{ "G2", "Royal Artillery, left 3-pounder" },
		{ "LC1", "British Legion dragoons (reserve, left)" },
		{ "LC2", "British Legion dragoons (reserve, right)" },
	};
	struct ruleset *rs;
	struct game *g;
	struct diags d;
	char *path;
	size_t k;
	int i, j, u;

	(void)state;
	for (k = 0; k < sizeof files / sizeof files[0]; k++) {
		path = xasprintf("%s/scenarios/%s", datadir(), files[k]);
		rs = NULL;
		diags_init(&d);
		g = load_scenario(path, datadir(), &rs, &d);
		if (g == NULL)
			diags_print(&d, stderr);
		assert_non_null(g);
		assert_true(g->nunits > 1);
		for (i = 0; i < g->nunits; i++)
			for (j = i + 1; j < g->nunits; j++)
				if (strcmp(g->units[i].name,
				    g->units[j].name) == 0)
					fail_msg("%s: %s and %s are both "
					    "'%s'", files[k], g->units[i].id,
					    g->units[j].id, g->units[i].name);
		if (strcmp(files[k], "cowpens-1781.yaml") == 0)
			for (i = 0; i < (int)(sizeof cowpens /
			    sizeof cowpens[0]); i++) {
				u = game_find_unit(g, cowpens[i].id);
				assert_true(u >= 0);
				assert_string_equal(g->units[u].name,
				    cowpens[i].name);
			}
		game_free(g);
		ruleset_free(rs);
		diags_free(&d);
		free(path);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_default_sides_and_units,
		    setup_default, teardown),
		cmocka_unit_test_setup_teardown(test_default_deployment,
		    setup_default, teardown),
		cmocka_unit_test_setup_teardown(test_default_generals,
		    setup_default, teardown),
		cmocka_unit_test_setup_teardown(test_default_map,
		    setup_default, teardown),
		cmocka_unit_test_setup_teardown(test_default_orders,
		    setup_default, teardown),
		cmocka_unit_test_setup_teardown(test_default_victory,
		    setup_default, teardown),
		cmocka_unit_test(test_tutorial_move),
		cmocka_unit_test(test_malformed_files),
		cmocka_unit_test(test_good_file),
		cmocka_unit_test(test_reinforcements_and_no_generals),
		cmocka_unit_test(test_reinforcement_waits_for_room),
		cmocka_unit_test(test_ruleset_option_in_scenario),
		cmocka_unit_test(test_grid_position_from_buffer),
		cmocka_unit_test(test_ignore_keys),
		cmocka_unit_test(test_map_doc),
		cmocka_unit_test(test_bundled_scenarios_name_each_unit_once),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
