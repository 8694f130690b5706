/*
 * turn-fixture.h - small games built in C for the tests of the turn after
 * movement (couriers, fire, melee, morale, saves): the real Napoleonic
 * ruleset from $MARSHAL_DATA, an open map and two sides with a general
 * each.  Header-only so each test program stays one file.
 */
#ifndef MARSHAL_TURN_FIXTURE_H
#define MARSHAL_TURN_FIXTURE_H

#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/rng.h"
#include "io/load.h"
#include "io/yread.h"
#include "util/xalloc.h"
#include "rules/napoleonic/phases.h"
#include "core/ruleset.h"

static inline struct ruleset *
fixture_ruleset(void)
{
	struct diags d;
	struct ruleset *set;
	const char *dir = getenv("MARSHAL_DATA");

	diags_init(&d);
	set = load_ruleset("napoleonic", dir != NULL ? dir : "data", &d);
	if (set == NULL)
		diags_print(&d, stderr);
	diags_free(&d);
	return set;
}

/* Two sides on a w x h open map; general i of side i stands at gpos[i]. */
static inline struct game *
fixture_game(const struct ruleset *set, int w, int h)
{
	struct game *g = game_create(set, map_create(w, h));

	game_add_side(g, "French");
	game_add_side(g, "Allies");
	game_add_general(g, "fr", "Durutte", 0, -1);
	game_add_general(g, "al", "Bylandt", 1, -1);
	g->sides[0].rear = (struct point){ w / 2, h - 1 };
	g->sides[1].rear = (struct point){ w / 2, 0 };
	return g;
}

/* Deploy a unit; returns its index. */
static inline int
fixture_unit(struct game *g, const char *id, int side, enum arm arm,
    const char *klass, const char *form, int x, int y, enum dir facing,
    int strength)
{
	int u = game_add_unit(g, id, id, side, side);
	struct unit *un = &g->units[u];

	un->arm = arm;
	un->klass = ruleset_class(g->rs, arm, klass);
	unit_attr_set(un, ruleset_attr(g->rs, "drill"), 4);
	un->strength = un->strength0 = strength;
	un->formation = ruleset_form(g->rs, form);
	un->pos = (struct point){ x, y };
	un->facing = facing;
	un->cond = COND_FORMED;
	game_occupy(g, u, true);
	return u;
}

/*
 * The number of events with this rule whose text contains s.  Every
 * event in the log names a unit of the game or none (-1): the screen and
 * the reports look it up.
 */
static inline int
fixture_count(const struct game *g, const char *rule, const char *s)
{
	int i, n = 0;

	for (i = 0; i < g->log.n; i++)
		assert_in_range(g->log.v[i].unit + 1, 0, g->nunits);
	for (i = 0; i < g->log.n; i++)
		if (strcmp(g->log.v[i].rule, rule) == 0 &&
		    (s == NULL || strstr(g->log.v[i].text, s) != NULL))
			n++;
	return n;
}

#ifdef TURN_FIXTURE_SHARED
/*
 * For a program whose tests all share one ruleset: it defines
 * TURN_FIXTURE_SHARED before including this file and runs its group with
 * fixture_setup and fixture_teardown.
 */
static struct ruleset *rs;

/* cmocka group set-up and tear-down: load and free the shared ruleset. */
static inline int
fixture_setup(void **state)
{
	(void)state;
	rs = fixture_ruleset();
	return rs == NULL ? -1 : 0;
}

static inline int
fixture_teardown(void **state)
{
	(void)state;
	ruleset_free(rs);
	return 0;
}

/* The phase tables, writable so a test can pin a threshold. */
static inline struct nap_phases *
tab(void)
{
	return rs->phases_priv;
}

/* The sum of the next n rolls of an s-sided die the game will make. */
static inline int
fixture_dice(const struct game *g, int n, int s)
{
	struct rng r = g->rng;
	int i, t = 0;

	for (i = 0; i < n; i++)
		t += rng_die(&r, s);
	return t;
}

/* A 60 x 40 field, the generals in far corners (out of command radius of
 * the middle), seed 3. */
static inline struct game *
field(void)
{
	struct game *g = fixture_game(rs, 60, 40);

	g->generals[0].pos = (struct point){ 59, 39 };
	g->generals[1].pos = (struct point){ 0, 0 };
	game_seed(g, 3);
	return g;
}
/*
 * Load the ruleset with the first from in its data file replaced by to:
 * it must be refused with one diagnostic containing want.  Returns that
 * diagnostic's line.
 */
static inline int
fixture_refused(const char *from, const char *to, const char *want)
{
	const char *dir = getenv("MARSHAL_DATA");
	char *path, *text, *bad, *p;
	struct doc_node *root;
	struct diags d;
	FILE *f;
	long len;
	int line;

	diags_init(&d);
	path = xasprintf("%s/rulesets/napoleonic.yaml", dir != NULL ? dir :
	    "data");
	f = fopen(path, "r");
	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	rewind(f);
	text = xcalloc(1, (size_t)len + 1);
	assert_int_equal(fread(text, 1, (size_t)len, f), (size_t)len);
	fclose(f);
	p = strstr(text, from);
	assert_non_null(p);
	bad = xasprintf("%.*s%s%s", (int)(p - text), text, to,
	    p + strlen(from));
	root = yread_buffer("napoleonic.yaml", bad, strlen(bad), &d);
	assert_non_null(root);
	assert_null(ruleset_load(root, &d));
	assert_int_equal(d.n, 1);
	if (strstr(d.v[0].msg, want) == NULL)
		fprintf(stderr, "got: %s\n", d.v[0].msg);
	assert_non_null(strstr(d.v[0].msg, want));
	line = d.v[0].line;
	doc_free(root);
	free(bad);
	free(text);
	free(path);
	diags_free(&d);
	return line;
}
#endif

#endif
