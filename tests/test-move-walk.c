/*
 * test-move-walk.c - the walk's steps and their explanation (core
 * move-step.c, move-walk.c, move-near.c, move-note.c): a face-about owed
 * over turns, the rule each note and halt cites, road columns' trails,
 * a waiting unit's order key and the cells buffers a walk borrows.  Each
 * test builds one small game on a generated open map (walk_game) with one
 * or two units (walk_unit), under the Napoleonic ruleset from
 * $MARSHAL_DATA, and pins figures a player meets: cells, facings, ticks
 * owed, the rule numbers and figures of the log's lines.
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
#include "core/move.h"
#include "core/move-priv.h"
#include "core/ruleset.h"
#include "io/load.h"
#include "util/xalloc.h"

/* The Napoleonic ruleset from $MARSHAL_DATA (or data/). */
static struct ruleset *
walk_rules(void)
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

/* A w x h open map with two sides and a general each, orders in force at
 * once. */
static struct game *
walk_game(const struct ruleset *rs, int w, int h)
{
	struct game *g = game_create(rs, map_create(w, h));

	game_add_side(g, "French");
	game_add_side(g, "Allied");
	game_add_general(g, "fr", "General", 0, -1);
	game_add_general(g, "al", "General", 1, -1);
	g->opt.courier_delay = false;
	return g;
}

/* Infantry named name of side s, 600 men, drill as given with its drum,
 * formed in form at p facing f; returns its index. */
static int
walk_unit(struct game *g, const char *name, int s, const char *form,
    int drill, struct point p, enum dir f)
{
	int u = game_add_unit(g, name, name, s, s);
	struct unit *un = &g->units[u];

	un->arm = ARM_INFANTRY;
	unit_attr_set(un, ruleset_attr(g->rs, "drill"), drill);
	unit_attr_set(un, ruleset_attr(g->rs, "musician"), true);
	un->strength = un->strength0 = 600;
	un->formation = ruleset_form(g->rs, form);
	un->pos = p;
	un->facing = f;
	un->cond = COND_FORMED;
	game_occupy(g, u, true);
	return u;
}

/* Give unit u a Move order to one point. */
static void
walk_order(struct game *g, int u, int x, int y)
{
	struct order o;
	char *cause = NULL;

	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = u;
	o.general = -1;
	o.npts = 1;
	o.pts[0] = (struct point){ x, y };
	assert_int_equal(game_order(g, &o, &cause), 0);
	free(cause);
}

/* The index of the first event of unit u from index from on whose text
 * holds s, or -1. */
static int
walk_find(const struct game *g, int from, int u, const char *s)
{
	int i;

	for (i = from; i < g->log.n; i++)
		if (g->log.v[i].unit == u && strstr(g->log.v[i].text, s) != NULL)
			return i;
	return -1;
}

/*
 * The ruleset under test: the Napoleonic ops with every price's notes
 * marked by their place, so that a line of the log shows which of the
 * ruleset's notes the engine cited.  Note i of a price keeps its rule
 * with "#i" after it ("3.6.3#0"); the slots past nnotes, which a ruleset
 * need not write, say "unset".  Nothing else is changed: the same
 * prices, verdicts and halts.
 */
static struct ruleset_ops marked_ops;
static const struct ruleset_ops *nap_ops;

static void
mark_notes(struct move_price *p)
{
	char r[sizeof p->notes[0].rule];
	int i;

	for (i = 0; i < MOVE_NOTES_MAX; i++)
		if (i < p->nnotes) {
			snprintf(r, sizeof r, "%s#%d", p->notes[i].rule, i);
			memcpy(p->notes[i].rule, r, sizeof r);
		} else {
			snprintf(p->notes[i].rule, sizeof p->notes[i].rule,
			    "unset");
			snprintf(p->notes[i].text, sizeof p->notes[i].text,
			    "unset");
		}
}

static void
marked_turn(const struct game *g, const struct move_walk *w, enum dir d,
    struct move_price *p)
{
	nap_ops->move_turn(g, w, d, p);
	mark_notes(p);
}

static void
marked_step(const struct game *g, const struct move_walk *w, enum dir d,
    struct move_price *p)
{
	nap_ops->move_step(g, w, d, p);
	mark_notes(p);
}

static int
marked_contact(const struct game *g, const struct move_walk *w, int e,
    struct move_price *p)
{
	int r = nap_ops->move_contact(g, w, e, p);

	mark_notes(p);
	return r;
}

static void
marked_pass(const struct game *g, const struct move_walk *w, int f,
    enum dir d, bool moving, struct move_price *p)
{
	nap_ops->move_pass(g, w, f, d, moving, p);
	mark_notes(p);
}

/* The Napoleonic ruleset with its prices' notes marked (marked_ops). */
static struct ruleset *
walk_rules_marked(void)
{
	struct ruleset *rs = walk_rules();

	nap_ops = rs->ops;
	marked_ops = *nap_ops;
	marked_ops.move_turn = marked_turn;
	marked_ops.move_step = marked_step;
	marked_ops.move_contact = marked_contact;
	marked_ops.move_pass = marked_pass;
	rs->ops = &marked_ops;
	return rs;
}

/* Free a ruleset from walk_rules_marked. */
static void
walk_rules_free(struct ruleset *rs)
{
	if (rs->ops == &marked_ops)
		rs->ops = nap_ops;
	ruleset_free(rs);
}

/* Whether event i is unit u's, cites rule and has exactly text s. */
static bool
walk_event_is(const struct game *g, int i, int u, const char *rule,
    const char *s)
{
	return i >= 0 && i < g->log.n && g->log.v[i].unit == u &&
	    strcmp(g->log.v[i].rule, rule) == 0 &&
	    strcmp(g->log.v[i].text, s) == 0;
}

/*
 * 3.6.3 over turns (walk_about_owed): a Column (drill 3, drum: 2 BD) on
 * [10, 2] facing N, its body on rows 2 to 5, sent S to [10, 20], faces
 * about where it stands on turn 1 and owes what it cannot pay.  The log
 * of turn 1, in order: its speed (2 BD), the ruleset's first note of the
 * turn (where it faces about: front centre [10, 5]), the face-about's
 * figures (180 degrees, 4 BD, 2 BD, owes 2 BD), and the closing line
 * (0 BD walked, 2 BD spent, at [10, 5] facing S); all three cite the
 * rule of the ruleset's first note.  The unit stands there owing 8
 * ticks, its trail none; on turn 2 it pays them and is still there.
 */
static void
test_3_6_3_face_about_over_turns_cites_the_first_note(void **state)
{
	struct ruleset *rs = walk_rules_marked();
	struct game *g = walk_game(rs, 30, 30);
	const struct unit *u;
	int a, i;

	(void)state;
	a = walk_unit(g, "A", 0, "column", 3, (struct point){ 10, 2 }, DIR_N);
	u = &g->units[a];
	walk_order(g, a, 10, 20);
	game_turn(g);
	i = walk_find(g, 0, a, "Column: 1 BD; drum +1 BD = 2 BD");
	assert_true(i >= 0);
	assert_true(walk_event_is(g, i + 1, a, "3.6.3#0", "A faces about "
	    "where it stands: its rear rank is now its front, its front "
	    "centre at [10, 5] (marshal's reading)"));
	assert_true(walk_event_is(g, i + 2, a, "3.6.3#0", "A turns its front "
	    "180 degrees, N to S: it costs 4 BD and it has 2 BD, but it has "
	    "not moved yet this turn, so it faces about now, spends all and "
	    "owes 2 BD, paid next turn before it steps on (marshal's "
	    "reading)"));
	assert_true(walk_event_is(g, i + 3, a, "3.6.3#0", "A moves 0 BD "
	    "(spent 2 BD of 2 BD): stops at [10, 5] facing S, Column: its "
	    "speed for the turn is spent"));
	assert_int_equal(u->pos.x, 10);
	assert_int_equal(u->pos.y, 5);
	assert_int_equal(u->facing, DIR_S);
	assert_int_equal(u->owed, 8);
	assert_int_equal(u->halt, HALT_SPEED);
	assert_int_equal(u->ntrail, 0);
	game_turn(g);
	assert_int_equal(u->owed, 0);
	assert_int_equal(u->pos.y, 5);
	assert_int_equal(u->moved, 0);
	game_free(g);
	walk_rules_free(rs);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
		    test_3_6_3_face_about_over_turns_cites_the_first_note),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
