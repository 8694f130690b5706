/*
 * test-move-walk.c - the walk's steps and their explanation (core
 * move-step.c, move-walk.c, move-near.c, move-note.c): turns and
 * face-abouts owed over turns, the rule each note and halt cites (through
 * a ruleset whose notes are marked by their place), changes of formation
 * the ground forces, road columns' trails, points reached under the block
 * (the horse-and-musket ruleset's wheels) and the cells buffers a walk
 * borrows.  Each test builds one small game on a generated open map
 * (walk_game, walk_game_hm) with one or two units (walk_unit) and pins
 * figures a player meets: cells, facings, ticks owed, and the rule
 * numbers and figures of the log's lines.
 */
#include "config.h"

#include <limits.h>
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

/* A unit of arm named name of side s, 600 men, drill as given with its
 * musician, formed in form at p facing f; returns its index. */
static int
walk_unit_arm(struct game *g, const char *name, int s, enum arm arm,
    const char *form, int drill, struct point p, enum dir f)
{
	int u = game_add_unit(g, name, name, s, s);
	struct unit *un = &g->units[u];

	un->arm = arm;
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

/* Infantry named name of side s (walk_unit_arm). */
static int
walk_unit(struct game *g, const char *name, int s, const char *form,
    int drill, struct point p, enum dir f)
{
	return walk_unit_arm(g, name, s, ARM_INFANTRY, form, drill, p, f);
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
 * The ruleset under test: its own ops with every price's notes
 * marked by their place, so that a line of the log shows which of the
 * ruleset's notes the engine cited.  Note i of a price keeps its rule
 * with "#i" after it ("3.6.3#0"); the slots past nnotes, which a ruleset
 * need not write, say "unset".  Nothing else is changed: the same
 * prices, verdicts and halts.
 */
static struct ruleset_ops marked_ops;
static const struct ruleset_ops *base_ops;

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

/* When set, a turn's price keeps only its first note (the ruleset may
 * give one alone). */
static bool marked_one_turn_note;

static void
marked_turn(const struct game *g, const struct move_walk *w, enum dir d,
    struct move_price *p)
{
	base_ops->move_turn(g, w, d, p);
	if (marked_one_turn_note && p->nnotes > 1)
		p->nnotes = 1;
	mark_notes(p);
}

static void
marked_step(const struct game *g, const struct move_walk *w, enum dir d,
    struct move_price *p)
{
	base_ops->move_step(g, w, d, p);
	mark_notes(p);
}

static int
marked_contact(const struct game *g, const struct move_walk *w, int e,
    struct move_price *p)
{
	int r = base_ops->move_contact(g, w, e, p);

	mark_notes(p);
	return r;
}

/* When on, the passes priced with the walker on cell at: how many, and
 * the walker's facing at the first of them. */
static struct {
	bool		on;
	struct point	at;
	int		n;
	enum dir	facing;
} marked_pass_at;

static void
marked_pass(const struct game *g, const struct move_walk *w, int f,
    enum dir d, bool moving, struct move_price *p)
{
	if (marked_pass_at.on && w->pos.x == marked_pass_at.at.x &&
	    w->pos.y == marked_pass_at.at.y && marked_pass_at.n++ == 0)
		marked_pass_at.facing = w->facing;
	base_ops->move_pass(g, w, f, d, moving, p);
	mark_notes(p);
}

/* Ruleset rs with its prices' notes marked (marked_ops); returns rs. */
static struct ruleset *
walk_mark(struct ruleset *rs)
{
	base_ops = rs->ops;
	marked_ops = *base_ops;
	marked_ops.move_turn = marked_turn;
	marked_ops.move_step = marked_step;
	marked_ops.move_contact = marked_contact;
	marked_ops.move_pass = marked_pass;
	rs->ops = &marked_ops;
	return rs;
}

/* The Napoleonic ruleset with its prices' notes marked. */
static struct ruleset *
walk_rules_marked(void)
{
	return walk_mark(walk_rules());
}

/* Free a ruleset, marked (walk_mark) or not. */
static void
walk_rules_free(struct ruleset *rs)
{
	if (rs->ops == &marked_ops)
		rs->ops = base_ops;
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
 * (0 BD walked, its face-about carrying its front from [10, 2], 2 BD
 * spent, at [10, 5] facing S); all three cite the
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
	assert_true(walk_event_is(g, i + 3, a, "3.6.3#0", "A moves 0 BD, "
	    "its turns carrying it from [10, 2] (spent 2 BD of 2 BD): stops "
	    "at [10, 5] facing S, Column: its speed for the turn is spent"));
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

/*
 * 3.6.3 over turns with a turn priced by one note alone: the same Column
 * faces about and owes 2 BD, and the log goes from its speed straight to
 * the face-about's figures, which cite that note's rule: the note is not
 * written out on its own line (only a second note makes the first one
 * worth a line of its own).
 */
static void
test_3_6_3_face_about_one_note_figures_only(void **state)
{
	struct ruleset *rs = walk_rules_marked();
	struct game *g = walk_game(rs, 30, 30);
	int a, i;

	(void)state;
	marked_one_turn_note = true;
	a = walk_unit(g, "A", 0, "column", 3, (struct point){ 10, 2 }, DIR_N);
	walk_order(g, a, 10, 20);
	game_turn(g);
	marked_one_turn_note = false;
	i = walk_find(g, 0, a, "Column: 1 BD; drum +1 BD = 2 BD");
	assert_true(i >= 0);
	assert_int_equal(walk_find(g, 0, a, "faces about where it stands"),
	    -1);
	assert_true(walk_event_is(g, i + 1, a, "3.6.3#0", "A turns its front "
	    "180 degrees, N to S: it costs 4 BD and it has 2 BD, but it has "
	    "not moved yet this turn, so it faces about now, spends all and "
	    "owes 2 BD, paid next turn before it steps on (marshal's "
	    "reading)"));
	assert_int_equal(g->units[a].owed, 8);
	assert_int_equal(g->units[a].pos.y, 5);
	game_free(g);
	walk_rules_free(rs);
}

/*
 * 3.6.3 over turns, as the preview shows it: the Column (drill 3, drum:
 * 2 BD) on [10, 2] facing N, sent S to [10, 20], faces about where it
 * stands (walk_about_owed).  Its path is its start and the new place of
 * its anchor, [10, 2] then [10, 5] (its rear rank, now its front); it
 * would stop there facing S, spending all its 2 BD (8 ticks) for its
 * speed, and the game is untouched.
 */
static void
test_3_6_3_face_about_preview_path_ends_at_the_new_front(void **state)
{
	struct ruleset *rs = walk_rules();
	struct game *g = walk_game(rs, 30, 30);
	struct move_preview p;
	int a;

	(void)state;
	a = walk_unit(g, "A", 0, "column", 3, (struct point){ 10, 2 }, DIR_N);
	walk_order(g, a, 10, 20);
	assert_int_equal(move_preview(g, &g->units[a].order, &p), 0);
	assert_int_equal(p.npath, 2);
	assert_int_equal(p.path[0].x, 10);
	assert_int_equal(p.path[0].y, 2);
	assert_int_equal(p.path[1].x, 10);
	assert_int_equal(p.path[1].y, 5);
	assert_int_equal(p.pos.y, 5);
	assert_int_equal(p.facing, DIR_S);
	assert_int_equal(p.spent, 8);
	assert_int_equal(p.halt, HALT_SPEED);
	assert_int_equal(g->units[a].pos.y, 2);
	move_preview_free(&p);
	game_free(g);
	ruleset_free(rs);
}

/* Unit u's turn: move it alone, outside the phase (no per-phase index),
 * on turn t. */
static void
walk_turn(struct game *g, int u, int t)
{
	g->turn = t;
	(void)move_unit(g, NULL, u, -1, NULL, NULL);
}

/*
 * 3.6.8: a Line (drill 4, drum: 3 BD) on [10, 20] sent N to [10, 2] meets
 * an enemy Line on [10, 13] facing S.  The contact's price says where
 * infantry stops (more than 1 BD, less than 2 BD), the walk says the gap
 * it keeps (1.5 BD) and the one a step more would leave (1 BD), and the
 * closing line (1.5 BD walked of 3 BD, at [10, 17]) cites the contact
 * price's rule, that of its first note.
 */
static void
test_3_6_8_contact_halt_cites_the_contact_price(void **state)
{
	struct ruleset *rs = walk_rules_marked();
	struct game *g = walk_game(rs, 30, 30);
	int a, e, i;

	(void)state;
	a = walk_unit(g, "A", 0, "line", 4, (struct point){ 10, 20 }, DIR_N);
	e = walk_unit(g, "E", 1, "line", 4, (struct point){ 10, 13 }, DIR_S);
	walk_order(g, a, 10, 2);
	walk_turn(g, a, 1);
	i = walk_find(g, 0, a, "infantry stops more than");
	assert_true(walk_event_is(g, i, a, "3.6.8#0", "infantry stops more "
	    "than 1 BD and less than 2 BD from E: both are in battle "
	    "contact"));
	assert_true(walk_event_is(g, i + 1, a, "3.6.8#0", "gap to E: 1.5 BD; "
	    "one more step would leave 1 BD"));
	assert_true(walk_event_is(g, i + 2, a, "3.6.8#0", "A moves 1.5 BD "
	    "(spent 1.5 BD of 3 BD): stops at [10, 17] facing N, Line: the "
	    "enemy"));
	assert_int_equal(i + 3, g->log.n);
	assert_int_equal(g->units[a].halt, HALT_CONTACT);
	assert_int_equal(g->units[a].contact, e);
	assert_int_equal(g->units[e].contact, a);
	game_free(g);
	walk_rules_free(rs);
}

/*
 * 3.6.5: the river (Pr 1 + Pe 2 + 1 BD wide = 4 BD) is the one obstacle a
 * unit may stop in.  A Line (3 BD) on [10, 20] sent N reaches it after
 * 1.5 BD, steps into it with 1.5 BD left and owes 2 BD (8 ticks): it says
 * so and halts on [10, 17] for the obstacle, both citing the crossing's
 * rule.  Next turn it first pays the 2 BD ("1 BD left") and walks that
 * 1 BD on to [10, 15].
 */
static void
test_3_6_5_river_stopped_in_owes_the_rest(void **state)
{
	struct ruleset *rs = walk_rules_marked();
	struct game *g = walk_game(rs, 30, 30);
	const struct unit *u;
	int a, x, i;

	(void)state;
	a = walk_unit(g, "A", 0, "line", 4, (struct point){ 10, 20 }, DIR_N);
	u = &g->units[a];
	for (x = 0; x < 30; x++)
		map_cell(g->map, x, 17)->edge[EDGE_SOUTH] =
		    (uint8_t)ruleset_obst(rs, "river");
	walk_order(g, a, 10, 2);
	walk_turn(g, a, 1);
	i = walk_find(g, 0, a, "crosses the river");
	assert_true(walk_event_is(g, i, a, "3.6.5#0", "crosses the river "
	    "(Pr 1 + Pe 2 + 1 BD wide) = 4 BD; its front is square "
	    "to it, facing N"));
	assert_true(walk_event_is(g, i + 1, a, "3.6.5#0", "it may stop in the "
	    "middle of this one: 2 BD still to pay next turn"));
	assert_true(walk_event_is(g, i + 2, a, "3.6.5#0", "A moves 1.5 BD "
	    "(spent 3 BD of 3 BD): stops at [10, 17] facing N, Line: the "
	    "obstacle"));
	assert_int_equal(u->owed, 8);
	assert_int_equal(u->halt, HALT_OBSTACLE);
	assert_int_equal(u->pos.y, 17);
	walk_turn(g, a, 2);
	assert_true(walk_find(g, i, a, "finishes the crossing it stopped in: "
	    "-2 BD, 1 BD left") >= 0);
	assert_int_equal(u->owed, 0);
	assert_int_equal(u->pos.x, 10);
	assert_int_equal(u->pos.y, 15);
	game_free(g);
	walk_rules_free(rs);
}

/*
 * 3.6.7: a Line (3 BD) on [10, 20] sent N meets a standing friendly
 * Column on [10, 15]..[10, 18], with no way round it that it would take.
 * On its first turn it steps 0.5 BD to [10, 19] and stops behind it,
 * the pass's rule cited by the way-round line, the "not the speed left"
 * line and the halt.  Next turn it passes through (a Line blocks from
 * that side): both become Mobs and A halts on [10, 13], 3 BD on.
 */
static void
test_3_6_7_friend_not_passed_this_turn_cites_the_pass_price(void **state)
{
	struct ruleset *rs = walk_rules_marked();
	struct game *g = walk_game(rs, 30, 30);
	int a, b, i;

	(void)state;
	a = walk_unit(g, "A", 0, "line", 4, (struct point){ 10, 20 }, DIR_N);
	b = walk_unit(g, "B", 0, "column", 4, (struct point){ 10, 15 }, DIR_N);
	walk_order(g, a, 10, 2);
	walk_turn(g, a, 1);
	i = walk_find(g, 0, a, "B stands in the way");
	assert_true(walk_event_is(g, i, a, "3.6.7#0", "B stands in the way of "
	    "A and it finds no way round it towards [10, 2]"));
	assert_true(walk_event_is(g, i + 1, a, "3.6.7#0", "A has not the speed "
	    "left to pass right through B this turn: it stops behind it"));
	assert_true(walk_event_is(g, i + 2, a, "3.6.7#0", "A moves 0.5 BD "
	    "(spent 0.5 BD of 3 BD): stops at [10, 19] facing N, Line: the way "
	    "is blocked"));
	assert_int_equal(g->units[a].halt, HALT_BLOCKED);
	walk_turn(g, a, 2);
	i = walk_find(g, i, a, "A passes through B");
	assert_true(walk_event_is(g, i, a, "3.6.7#0", "A passes through B "
	    "(Line blocks from that side): both become Mobs"));
	assert_int_equal(g->units[a].pos.y, 13);
	assert_int_equal(g->units[a].moved, 12);
	assert_int_equal(g->units[a].cond, COND_MOB);
	assert_int_equal(g->units[b].cond, COND_MOB);
	game_free(g);
	walk_rules_free(rs);
}

/*
 * 3.6.7 seen ahead (walk_look_ahead, past_friend): a Line (3 BD) on
 * [5, 20] facing NE, sent to [13, 0], marches NE to [13, 12] and then N:
 * the standing Line B on [13, 10], past the bend, lies on its way.  The
 * look ahead prices each step as the line goes (NE, then N), and finds
 * that A could get past B with a whole turn's speed: it is not gone round.
 * A keeps its order of one point and marches straight, 4 diagonal steps
 * (3 ticks each), to [9, 16] facing NE, halted by its speed.
 */
static void
test_3_6_7_friend_past_the_bend_is_seen_as_passed(void **state)
{
	struct ruleset *rs = walk_rules();
	struct game *g = walk_game(rs, 30, 30);
	const struct unit *u;
	int a;

	(void)state;
	a = walk_unit(g, "A", 0, "line", 4, (struct point){ 5, 20 }, DIR_NE);
	(void)walk_unit(g, "B", 0, "line", 4, (struct point){ 13, 10 }, DIR_N);
	u = &g->units[a];
	walk_order(g, a, 13, 0);
	walk_turn(g, a, 1);
	assert_int_equal(walk_find(g, 0, a, "marches round"), -1);
	assert_int_equal(u->order.npts, 1);
	assert_int_equal(u->order.pts[0].x, 13);
	assert_int_equal(u->order.pts[0].y, 0);
	assert_int_equal(u->pos.x, 9);
	assert_int_equal(u->pos.y, 16);
	assert_int_equal(u->facing, DIR_NE);
	assert_int_equal(u->moved, 12);
	assert_int_equal(u->halt, HALT_SPEED);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.7 seen ahead (walk_look_ahead, past_friend), at the edge of the
 * speed: a friend the line would take exactly the walker's whole speed
 * to get past is no reason to go round.  A Line of drill 3 with its drum
 * (2 BD) on [10, 30] facing N is sent to [10, 20], just beyond the
 * standing Skirmish Group B on [10, 22] (rows 22 and 23): the four steps
 * from the first that meets B to the goal cost 4 x 0.5 BD = 2 BD, its
 * whole speed.  It says nothing of B and walks its 2 BD to [10, 26].
 * With 1 BD (no drum) the same 2 BD is more than it has, and it goes
 * round B.  (B stood on the goal itself, rows 20 to 23, as a Column: a
 * place a standing friend holds is now given up for the nearest free one
 * before any pass is priced, 3.6.7.)
 */
static void
test_3_6_7_friend_seen_ahead_passed_with_the_whole_speed(void **state)
{
	struct ruleset *rs = walk_rules();
	struct game *g = walk_game(rs, 30, 40);
	int a, i;

	(void)state;
	a = walk_unit(g, "A", 0, "line", 3, (struct point){ 10, 30 }, DIR_N);
	(void)walk_unit(g, "B", 0, "skirmish", 4, (struct point){ 10, 22 },
	    DIR_N);
	walk_order(g, a, 10, 20);
	walk_turn(g, a, 1);
	assert_int_equal(walk_find(g, 0, a, "stands in the way"), -1);
	assert_int_equal(walk_find(g, 0, a, "where A is sent"), -1);
	i = walk_find(g, 0, a, "A moves");
	assert_true(walk_event_is(g, i, a, "3.6.3", "A moves 2 BD (spent 2 BD "
	    "of 2 BD): stops at [10, 26] facing N, Line: its speed for the "
	    "turn is spent"));
	game_free(g);

	g = walk_game(rs, 30, 40);
	a = walk_unit(g, "A", 0, "line", 3, (struct point){ 10, 30 }, DIR_N);
	unit_attr_set(&g->units[a], ruleset_attr(rs, "musician"), false);
	(void)walk_unit(g, "B", 0, "skirmish", 4, (struct point){ 10, 22 },
	    DIR_N);
	walk_order(g, a, 10, 20);
	walk_turn(g, a, 1);
	i = walk_find(g, 0, a, "stands in the way");
	assert_true(walk_event_is(g, i, a, "3.6.7", "B stands in the way and "
	    "may not be passed this turn: A marches round it, by [17, 23], "
	    "[17, 22] and [11, 19]; its Move order keeps the way round "
	    "(marshal's reading)"));
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.7 seen ahead (walk_look_ahead, past_friend): the walk looks along
 * its line with the facing of each step, and asks the ruleset about a
 * standing friend met there with the walker facing the way it steps.  A
 * Column (drill 4, drum) on [10, 30] facing N, sent to [20, 10], marches
 * N to [10, 20] and then NE; the Line B stands across the NE leg, at
 * [14, 15].  The pass over B is priced from [13, 17] with the walker
 * facing NE, not N as it stood; B stands in the way, and A goes round it
 * by [20, 14].
 */
static void
test_3_6_7_friend_seen_ahead_priced_facing_the_line(void **state)
{
	struct ruleset *rs = walk_rules_marked();
	struct game *g = walk_game(rs, 40, 40);
	int a;

	(void)state;
	a = walk_unit(g, "A", 0, "column", 4, (struct point){ 10, 30 }, DIR_N);
	(void)walk_unit(g, "B", 0, "line", 4, (struct point){ 14, 15 },
	    DIR_N);
	walk_order(g, a, 20, 10);
	marked_pass_at.on = true;
	marked_pass_at.at = (struct point){ 13, 17 };
	marked_pass_at.n = 0;
	walk_turn(g, a, 1);
	marked_pass_at.on = false;
	assert_true(marked_pass_at.n >= 1);
	assert_int_equal(marked_pass_at.facing, DIR_NE);
	assert_true(walk_find(g, 0, a, "B stands in the way and may not be "
	    "passed this turn: A marches round it, by [20, 14]") >= 0);
	game_free(g);
	walk_rules_free(rs);
}

/*
 * 3.6.7 seen ahead, past the friend: a Line (drill 4, drum: 3 BD) on
 * [16, 32] facing NW, sent to [10, 2], would march NW to [10, 26] and
 * then N through the standing Line B on [10, 24]; the steps from the
 * first that meets B to the first clear of it cost 3 BD, its whole
 * speed, so it is not gone round: it keeps its order of one point and
 * walks its 3 BD straight to [12, 28] facing NW.
 */
static void
test_3_6_7_friend_seen_ahead_cleared_with_the_whole_speed(void **state)
{
	struct ruleset *rs = walk_rules();
	struct game *g = walk_game(rs, 40, 40);
	const struct unit *u;
	int a, i;

	(void)state;
	a = walk_unit(g, "A", 0, "line", 4, (struct point){ 16, 32 }, DIR_NW);
	(void)walk_unit(g, "B", 0, "line", 4, (struct point){ 10, 24 }, DIR_N);
	u = &g->units[a];
	walk_order(g, a, 10, 2);
	walk_turn(g, a, 1);
	assert_int_equal(walk_find(g, 0, a, "marches round"), -1);
	assert_int_equal(u->order.npts, 1);
	i = walk_find(g, 0, a, "A moves");
	assert_true(walk_event_is(g, i, a, "3.6.3", "A moves 3 BD (spent 3 BD "
	    "of 3 BD): stops at [12, 28] facing NW, Line: its speed for the "
	    "turn is spent"));
	assert_int_equal(u->pos.x, 12);
	assert_int_equal(u->pos.y, 28);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.5 seen ahead (walk_look_ahead): the look along the line goes as far
 * as the ruleset's longest move (8 BD, 16 cells straight) and no farther.
 * A Line of drill 3 without its drum (1 BD) on [10, 45] facing N, sent to
 * [10, 2], a wall it can never cross along row 25's south edge from x 6 to
 * 14 (20 cells ahead): it does not see the wall, carries no way round and
 * walks its 1 BD straight to [10, 43].  The same wall along row 35's south
 * edge (10 cells ahead) is seen: the unit takes a way round it (the route
 * it carries to next turn), walking its 1 BD all the same.
 */
static void
test_3_6_5_look_ahead_stops_at_the_longest_move(void **state)
{
	struct ruleset *rs = walk_rules();
	const struct unit *u;
	int a, x, k, row[2] = { 25, 35 };

	(void)state;
	for (k = 0; k < 2; k++) {
		struct game *g = walk_game(rs, 30, 50);

		a = walk_unit(g, "A", 0, "line", 3, (struct point){ 10, 45 },
		    DIR_N);
		u = &g->units[a];
		unit_attr_set(&g->units[a], ruleset_attr(rs, "musician"),
		    false);
		for (x = 6; x < 15; x++)
			map_cell(g->map, x, row[k])->edge[EDGE_SOUTH] =
			    (uint8_t)ruleset_obst(rs, "wall");
		walk_order(g, a, 10, 2);
		walk_turn(g, a, 1);
		assert_int_equal(u->moved, 4);
		assert_int_equal(u->halt, HALT_SPEED);
		if (k == 0) {
			assert_int_equal(u->nroute, 0);
			assert_int_equal(u->pos.x, 10);
			assert_int_equal(u->pos.y, 43);
		} else
			assert_true(u->nroute > 0);
		game_free(g);
	}
	ruleset_free(rs);
}

/*
 * 3.6.7: unit a, on turn 1, went round the standing B by p0 and p1
 * (its order keeps them before its goal, the order's last point), the
 * log's line at index i saying so.
 */
static void
assert_gone_round(const struct game *g, int a, int i, struct point p0,
    struct point p1, struct point goal)
{
	const struct order *o = &g->units[a].order;
	char want[200];

	snprintf(want, sizeof want, "B stands in the way and may not be "
	    "passed this turn: A marches round it, by [%d, %d] and [%d, %d]; "
	    "its Move order keeps the way round (marshal's reading)", p0.x,
	    p0.y, p1.x, p1.y);
	assert_true(walk_event_is(g, i, a, "3.6.7", want));
	assert_int_equal(o->npts, 3);
	assert_int_equal(o->pts[0].x, p0.x);
	assert_int_equal(o->pts[0].y, p0.y);
	assert_int_equal(o->pts[1].x, p1.x);
	assert_int_equal(o->pts[1].y, p1.y);
	assert_int_equal(o->pts[2].x, goal.x);
	assert_int_equal(o->pts[2].y, goal.y);
}

/*
 * 3.6.7 seen ahead, the other way: the same Line (3 BD) on [5, 20] facing
 * NE, sent to [13, 0] (NE to [13, 12], then N), and a standing Column B
 * facing E on [13, 12], its length across the line's last leg.  Priced
 * step by step as the line goes, getting past B would cost more than a
 * turn's speed: A goes round it from the start, by [6, 9] and [13, 2]
 * (its order keeps them before [13, 0]), turns N (1 BD) and walks till
 * its speed is spent, on [6, 17] facing N, 7 ticks walked.
 */
static void
test_3_6_7_friend_past_the_bend_too_deep_is_gone_round(void **state)
{
	struct ruleset *rs = walk_rules();
	struct game *g = walk_game(rs, 30, 30);
	const struct unit *u;
	int a;

	(void)state;
	a = walk_unit(g, "A", 0, "line", 4, (struct point){ 5, 20 }, DIR_NE);
	(void)walk_unit(g, "B", 0, "column", 4, (struct point){ 13, 12 },
	    DIR_E);
	u = &g->units[a];
	walk_order(g, a, 13, 0);
	walk_turn(g, a, 1);
	assert_gone_round(g, a, 3, (struct point){ 6, 9 },
	    (struct point){ 13, 2 }, (struct point){ 13, 0 });
	assert_int_equal(u->pos.x, 6);
	assert_int_equal(u->pos.y, 17);
	assert_int_equal(u->facing, DIR_N);
	assert_int_equal(u->moved, 7);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.7 along the goal's row: a Line (3 BD) on [5, 15] facing E, sent E
 * along its row to [25, 15], and a standing Column B facing N on
 * [12, 15], its depth across the way.  A walks 2.5 BD (10 ticks) to
 * [10, 15] facing E, where its next step would enter B; getting past B
 * would cost more than a turn's speed, so it goes round it, by [8, 13]
 * and [21, 11] (its order keeps them before [25, 15]), and turning NW for
 * that way would cost 3 BD with 0.5 BD left: it turns next turn.  (The
 * way round is the first line of the log after its speed: a step met
 * with no note of its own.)
 */
static void
test_3_6_7_friend_on_the_goals_row_is_gone_round(void **state)
{
	struct ruleset *rs = walk_rules();
	struct game *g = walk_game(rs, 30, 30);
	const struct unit *u;
	int a;

	(void)state;
	a = walk_unit(g, "A", 0, "line", 4, (struct point){ 5, 15 }, DIR_E);
	(void)walk_unit(g, "B", 0, "column", 4, (struct point){ 12, 15 },
	    DIR_N);
	u = &g->units[a];
	walk_order(g, a, 25, 15);
	walk_turn(g, a, 1);
	assert_gone_round(g, a, 3, (struct point){ 8, 13 },
	    (struct point){ 21, 11 }, (struct point){ 25, 15 });
	assert_int_equal(u->pos.x, 10);
	assert_int_equal(u->pos.y, 15);
	assert_int_equal(u->facing, DIR_E);
	assert_int_equal(u->moved, 10);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.7, the place sent to held by a standing friend (the probe of a
 * Line sent where a friend has formed skirmishers): Line B (drill 4,
 * drum: 3 BD) on [10, 6] facing S, sent to [10, 11], and Skirmish Group C
 * standing on [15, 11] facing S, its width over 4 of the 12 cells B's
 * line would cover there facing S.  B marches 1.5 BD to [10, 9], where C
 * stops it; there it takes instead the nearest place its line fits facing
 * S, [8, 11] (8 of those cells), marched to by [8, 10]: the note names C
 * and that cell, and its order's last point is it.  It turns NW on turn
 * 2, SW on turn 3, and comes to [8, 11] facing S on turn 4, its order
 * complete (it used to go round C, turning in place for four turns, and
 * came to [10, 11] facing E on turn 6).
 */
static void
test_3_6_7_destination_held_by_friend_takes_nearest_free_place(void **state)
{
	struct ruleset *rs = walk_rules();
	struct game *g = walk_game(rs, 24, 24);
	const struct unit *u;
	int b, t, i;

	(void)state;
	b = walk_unit(g, "B", 0, "line", 4, (struct point){ 10, 6 }, DIR_S);
	(void)walk_unit(g, "C", 0, "skirmish", 5, (struct point){ 15, 11 },
	    DIR_S);
	u = &g->units[b];
	walk_order(g, b, 10, 11);
	i = g->log.n;
	game_turn(g);
	i = walk_find(g, i, b, "C holds part of the place");
	assert_true(walk_event_is(g, i, b, "3.6.7", "C holds part of the "
	    "place B is sent to, [10, 11] facing S: B takes instead the "
	    "nearest free place it can reach, [8, 11] facing S, where its "
	    "Move order ends (marshal's reading)"));
	assert_int_equal(u->order.kind, ORDER_MOVE);
	assert_int_equal(u->order.pts[u->order.npts - 1].x, 8);
	assert_int_equal(u->order.pts[u->order.npts - 1].y, 11);
	assert_int_equal(u->order.pts[u->order.npts - 2].x, 8);
	assert_int_equal(u->order.pts[u->order.npts - 2].y, 10);
	assert_int_equal(u->pos.x, 10);
	assert_int_equal(u->pos.y, 9);
	assert_int_equal(u->facing, DIR_S);
	for (t = 2; t <= 3; t++) {
		game_turn(g);
		assert_int_equal(u->order.kind, ORDER_MOVE);
		assert_int_not_equal(u->halt, HALT_ARRIVED);
	}
	game_turn(g);		/* the fourth */
	assert_int_equal(u->order.kind, ORDER_NONE);
	assert_int_equal(u->halt, HALT_ARRIVED);
	assert_int_equal(u->pos.x, 8);
	assert_int_equal(u->pos.y, 11);
	assert_int_equal(u->facing, DIR_S);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.7, the place sent to held, the walker already standing on part of
 * it (the default battle's lancers behind the chasseurs).  Cavalry
 * Column C (4 x 4 cells) stands on [12, 33] facing N; Column B (4 BD
 * with its trumpet) on [12, 45] facing N is sent to [14, 36], which the
 * straight march reaches facing NE, and C holds part of that place.  B
 * marches 3.5 BD to [12, 38], where C stops it, its block covering 3
 * cells of the place.  The one place covering more, [14, 38] facing NE,
 * is reached only by turning 90, 135, 45 and 135 degrees, far more than
 * a turn's 4 BD: B's order ends where it stands, [12, 38] facing N, on
 * turn 1, and it stays there.  It used to take [14, 38] and turn for
 * four turns to reach it, on turn 5.
 */
static void
test_3_6_7_destination_held_already_on_part_of_it_stays(void **state)
{
	struct ruleset *rs = walk_rules();
	struct game *g = walk_game(rs, 30, 50);
	const struct unit *u;
	int b, i;

	(void)state;
	(void)walk_unit_arm(g, "C", 0, ARM_CAVALRY, "column", 4,
	    (struct point){ 12, 33 }, DIR_N);
	b = walk_unit_arm(g, "B", 0, ARM_CAVALRY, "column", 4,
	    (struct point){ 12, 45 }, DIR_N);
	u = &g->units[b];
	walk_order(g, b, 14, 36);
	i = g->log.n;
	game_turn(g);
	i = walk_find(g, i, b, "C holds part of the place");
	assert_true(walk_event_is(g, i, b, "3.6.7", "C holds part of the "
	    "place B is sent to, [14, 36] facing NE, and B already stands "
	    "on part of it: its Move order ends where it stands, [12, 38] "
	    "(marshal's reading)"));
	assert_int_equal(u->order.kind, ORDER_NONE);
	assert_int_equal(u->halt, HALT_ARRIVED);
	assert_int_equal(u->pos.x, 12);
	assert_int_equal(u->pos.y, 38);
	assert_int_equal(u->facing, DIR_N);
	assert_int_equal(u->moved, 14);
	game_turn(g);
	assert_int_equal(u->pos.x, 12);
	assert_int_equal(u->pos.y, 38);
	assert_int_equal(u->facing, DIR_N);
	assert_int_equal(u->moved, 0);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.7, the place sent to held and no free place near it: a corridor of
 * open ground three cells wide (columns 9 to 11, rows 0 to 17) in water.
 * Column B (3 x 4 cells, drill 4) on [10, 5] facing S is sent to
 * [10, 15]; Column C stands on [10, 15] facing S (rows 12 to 15, the
 * whole place) and Column D on [10, 11] facing S (rows 8 to 11), across
 * the way.  Within 4 cells of the place (the column's length), every
 * place it fits facing S is held by C or D, off the corridor, or beyond
 * them: B marches till D stops it, its front on row 7 ([10, 7] facing
 * S), says that no free place is within its reach, and its order ends.
 * The next turn it stands there.
 */
static void
test_3_6_7_destination_held_with_no_free_place_near_stops_near(void **state)
{
	struct ruleset *rs = walk_rules();
	struct game *g = walk_game(rs, 21, 21);
	const struct unit *u;
	int b, i, x, y;

	(void)state;
	for (y = 0; y < 21; y++)
		for (x = 0; x < 21; x++)
			if (x < 9 || x > 11 || y > 17)
				map_cell(g->map, x, y)->land = (uint8_t)
				    ruleset_land(rs, "water");
	b = walk_unit(g, "B", 0, "column", 4, (struct point){ 10, 5 }, DIR_S);
	(void)walk_unit(g, "C", 0, "column", 4, (struct point){ 10, 15 },
	    DIR_S);
	(void)walk_unit(g, "D", 0, "column", 4, (struct point){ 10, 11 },
	    DIR_S);
	u = &g->units[b];
	walk_order(g, b, 10, 15);
	i = g->log.n;
	game_turn(g);
	i = walk_find(g, i, b, "C holds part of the place");
	assert_true(walk_event_is(g, i, b, "3.6.7", "C holds part of the "
	    "place B is sent to, [10, 15] facing S, and no place its block "
	    "fits within 4 cells of it is free and within its reach: it goes "
	    "as near as it can and its Move order ends there (marshal's "
	    "reading)"));
	assert_int_equal(u->order.kind, ORDER_NONE);
	assert_int_equal(u->pos.x, 10);
	assert_int_equal(u->pos.y, 7);
	assert_int_equal(u->facing, DIR_S);
	game_turn(g);
	assert_int_equal(u->pos.x, 10);
	assert_int_equal(u->pos.y, 7);
	assert_int_equal(u->moved, 0);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.5: a Line may not enter a village.  A Line (3 BD) on [10, 20] sent
 * N meets a row of village on row 17: it changes to Manoeuvre Column at
 * once (free), and the village's Pr + Pe (2 BD) being not more than the
 * 2 BD it has, it goes in and spends all, on [10, 17], 1.5 BD walked.
 * Each line cites the step's rule, that of the price's first note.
 */
static void
test_3_6_5_village_changes_formation_and_goes_in(void **state)
{
	struct ruleset *rs = walk_rules_marked();
	struct game *g = walk_game(rs, 30, 30);
	int a, x, i;

	(void)state;
	a = walk_unit(g, "A", 0, "line", 4, (struct point){ 10, 20 }, DIR_N);
	for (x = 0; x < 30; x++)
		map_cell(g->map, x, 17)->land = ruleset_land(rs, "village");
	walk_order(g, a, 10, 2);
	walk_turn(g, a, 1);
	i = walk_find(g, 0, a, "Line may not enter village");
	assert_true(walk_event_is(g, i, a, "3.6.5#0", "Line may not enter "
	    "village; it changes to Manoeuvre Column at once: automatic, "
	    "free, no order"));
	assert_true(walk_event_is(g, i + 1, a, "3.6.5#0", "enters village "
	    "(Pr 1 + Pe 1): -2 BD besides the step"));
	assert_true(walk_event_is(g, i + 2, a, "3.6.5#0", "Pr + Pe of the new "
	    "ground is not more than the 2 BD it has: it goes in as far as "
	    "that pays and spends all"));
	assert_true(walk_event_is(g, i + 3, a, "3.6.3", "A moves 1.5 BD "
	    "(spent 3 BD of 3 BD): stops at [10, 17] facing N, Manoeuvre "
	    "Column: its speed for the turn is spent"));
	assert_int_equal(g->units[a].formation,
	    ruleset_form(rs, "manoeuvre_column"));
	assert_int_equal(g->units[a].ntrail, 0);
	game_free(g);
	walk_rules_free(rs);
}

/* Unit u's Move order by two points, p then q. */
static void
walk_order2(struct game *g, int u, struct point p, struct point q)
{
	struct order o;
	char *cause = NULL;

	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = u;
	o.general = -1;
	o.npts = 2;
	o.pts[0] = p;
	o.pts[1] = q;
	assert_int_equal(game_order(g, &o, &cause), 0);
	free(cause);
}

/* Set every cell of row y to obstacle ob on its south edge. */
static void
walk_edge_row(struct game *g, int y, const char *ob)
{
	int x;

	for (x = 0; x < g->map->w; x++)
		map_cell(g->map, x, y)->edge[EDGE_SOUTH] =
		    (uint8_t)ruleset_obst(g->rs, ob);
}

/* Lay land on every cell of row y. */
static void
walk_land_row(struct game *g, int y, const char *land)
{
	int x;

	for (x = 0; x < g->map->w; x++)
		map_cell(g->map, x, y)->land = (uint8_t)ruleset_land(g->rs,
		    land);
}

/*
 * 3.6.3, a turn the walk cannot pay for once it has moved (walk_turn_part):
 * a Line (3 BD) on [10, 20] under a Move order by [10, 15] and then W to
 * [2, 15] walks 2.5 BD to [10, 15] and has 0.5 BD left; the turn to face
 * W costs 2 BD (2 x 1 BD), none of which it can pay: it says so, halts for
 * its speed, facing N, citing the turn's rule.  Next turn it pays the
 * whole turn (1 BD left) and steps 1 BD W to [8, 15].
 */
static void
test_3_6_3_turn_after_walking_waits_for_next_turn(void **state)
{
	struct ruleset *rs = walk_rules_marked();
	struct game *g = walk_game(rs, 30, 30);
	const struct unit *u;
	int a, i;

	(void)state;
	a = walk_unit(g, "A", 0, "line", 4, (struct point){ 10, 20 }, DIR_N);
	u = &g->units[a];
	walk_order2(g, a, (struct point){ 10, 15 }, (struct point){ 2, 15 });
	walk_turn(g, a, 1);
	i = walk_find(g, 0, a, "turning to face W");
	assert_true(walk_event_is(g, i, a, "3.6.3#0", "turning to face W "
	    "would cost 2 BD, it has 0.5 BD left: it turns next turn"));
	assert_true(walk_event_is(g, i + 1, a, "3.6.3#0", "A moves 2.5 BD "
	    "(spent 2.5 BD of 3 BD): stops at [10, 15] facing N, Line: its "
	    "speed for the turn is spent"));
	assert_int_equal(u->facing, DIR_N);
	assert_int_equal(u->waypoint, 1);
	walk_turn(g, a, 2);
	i = walk_find(g, i, a, "A turns its front 90 degrees");
	assert_true(walk_event_is(g, i, a, "3.6.3#0", "A turns its front 90 "
	    "degrees, N to W: 2 x 1 BD = -2 BD, 1 BD left"));
	assert_int_equal(u->facing, DIR_W);
	assert_int_equal(u->pos.x, 8);
	assert_int_equal(u->pos.y, 15);
	assert_int_equal(u->moved, 4);
	game_free(g);
	walk_rules_free(rs);
}

/*
 * 3.6.3, a turn made 45 degrees a turn (walk_turn_part): a Line of drill
 * 3 without its drum (1 BD) on [10, 10] facing N, sent to [4, 16] (SW),
 * turns 45 degrees a turn, all it can pay: NW on turn 1, W on turn 2, SW
 * on turn 3, standing on [10, 10].  On turns 1 and 2 it says it goes on
 * turning next turn, and every halt cites the turn's rule.
 */
static void
test_3_6_3_turn_owed_45_degrees_a_turn(void **state)
{
	static const enum dir face[3] = { DIR_NW, DIR_W, DIR_SW };
	static const char *const said[3] = {
		"A turns its front 45 degrees, N to NW: 1 x 1 BD = -1 BD, "
		"0 BD left",
		"A turns its front 45 degrees, NW to W: 1 x 1 BD = -1 BD, "
		"0 BD left",
		"A turns its front 45 degrees, W to SW: 1 x 1 BD = -1 BD, "
		"0 BD left",
	};
	struct ruleset *rs = walk_rules_marked();
	struct game *g = walk_game(rs, 30, 30);
	const struct unit *u;
	int a, t, i = 0;

	(void)state;
	a = walk_unit(g, "A", 0, "line", 3, (struct point){ 10, 10 }, DIR_N);
	u = &g->units[a];
	unit_attr_set(&g->units[a], ruleset_attr(rs, "musician"), false);
	walk_order(g, a, 4, 16);
	for (t = 1; t <= 3; t++) {
		walk_turn(g, a, t);
		i = walk_find(g, i, a, said[t - 1]);
		assert_true(walk_event_is(g, i, a, "3.6.3#0", said[t - 1]));
		if (t < 3)
			assert_true(walk_event_is(g, i + 1, a, "3.6.3#0", "it "
			    "goes on turning to face SW next turn, under the "
			    "same order"));
		assert_int_equal(g->log.v[g->log.n - 1].kind, EV_MOVE);
		assert_string_equal(g->log.v[g->log.n - 1].rule,
		    t < 3 ? "3.6.3#0" : "3.6.3");
		assert_int_equal(u->facing, face[t - 1]);
		assert_int_equal(u->pos.x, 10);
		assert_int_equal(u->pos.y, 10);
		assert_int_equal(u->moved, 0);
		assert_int_equal(u->halt, HALT_SPEED);
		assert_int_equal(u->ntrail, 0);
	}
	game_free(g);
	walk_rules_free(rs);
}

/*
 * 3.6.5, a change of formation with no room: a Line on [10, 18] sent N
 * meets a village on row 17 and would change to Manoeuvre Column where it
 * stands, but the deeper block would overlap a friend's Line on
 * [10, 21]: it says there is no room, and stands on [10, 18] in Line,
 * blocked, citing the step's rule.
 */
static void
test_3_6_5_change_without_room_stands(void **state)
{
	struct ruleset *rs = walk_rules_marked();
	struct game *g = walk_game(rs, 30, 30);
	int a, i;

	(void)state;
	a = walk_unit(g, "A", 0, "line", 4, (struct point){ 10, 18 }, DIR_N);
	(void)walk_unit(g, "B", 0, "line", 4, (struct point){ 10, 21 },
	    DIR_N);
	walk_land_row(g, 17, "village");
	walk_order(g, a, 10, 2);
	walk_turn(g, a, 1);
	i = walk_find(g, 0, a, "Line may not enter village");
	assert_true(walk_event_is(g, i + 1, a, "3.6.5#0", "but there is no "
	    "room for Manoeuvre Column here"));
	assert_true(walk_event_is(g, i + 2, a, "3.6.5#0", "A moves 0 BD "
	    "(spent 0 BD of 3 BD): stops at [10, 18] facing N, Line: the way "
	    "is blocked"));
	assert_int_equal(g->units[a].formation, ruleset_form(rs, "line"));
	assert_int_equal(g->units[a].halt, HALT_BLOCKED);
	game_free(g);
	walk_rules_free(rs);
}

/*
 * 3.6.5, ground no formation may enter: a Line (3 BD) on [10, 20] sent N
 * across a lake filling row 17 walks 1 BD to [10, 18], where it loses its
 * musician and formation (a Mob) and its order is cancelled; the lines
 * cite the step's rule.
 */
static void
test_3_6_5_lake_across_the_way_makes_a_mob(void **state)
{
	struct ruleset *rs = walk_rules_marked();
	struct game *g = walk_game(rs, 30, 30);
	int a, i;

	(void)state;
	a = walk_unit(g, "A", 0, "line", 4, (struct point){ 10, 20 }, DIR_N);
	walk_land_row(g, 17, "water");
	walk_order(g, a, 10, 2);
	walk_turn(g, a, 1);
	i = walk_find(g, 0, a, "may not enter lake");
	assert_true(walk_event_is(g, i, a, "3.6.5#0", "A may not enter lake "
	    "in any formation, not even Manoeuvre Column"));
	assert_true(walk_event_is(g, i + 1, a, "3.6.5#0", "A loses its "
	    "musician and its formation: a Mob; the Move order is "
	    "cancelled"));
	assert_true(walk_event_is(g, i + 2, a, "3.6.5#0", "A moves 1 BD "
	    "(spent 1 BD of 3 BD): stops at [10, 18] facing N, Line (Mob): "
	    "the ground ahead"));
	assert_int_equal(g->units[a].cond, COND_MOB);
	assert_int_equal(g->units[a].order.kind, ORDER_NONE);
	game_free(g);
	walk_rules_free(rs);
}

/*
 * 3.6.5, an obstacle the walk cannot pay for: a Line (3 BD) on [10, 20]
 * sent N meets a wall on row 17's south edge after 1 BD; crossing costs
 * 3 BD and it has 2 BD: it says what the crossing would have cost (the
 * ruleset's note, with its rule), that the step costs 3 BD with 2 BD
 * left, and halts on [10, 18] for the obstacle, formed: the note of M19's
 * Mob is not among them, as it does not cross (it used to be, as if
 * it did).  A hedge there
 * instead (2 BD) is crossed with all its 2 BD: it ends on [10, 17] as a
 * Mob, halted by the obstacle (the crossing's rule).
 */
static void
test_3_6_5_obstacle_too_dear_stops_before_it(void **state)
{
	struct ruleset *rs = walk_rules_marked();
	struct game *g = walk_game(rs, 30, 30);
	int a, i;

	(void)state;
	a = walk_unit(g, "A", 0, "line", 4, (struct point){ 10, 20 }, DIR_N);
	walk_edge_row(g, 17, "wall");
	walk_order(g, a, 10, 2);
	walk_turn(g, a, 1);
	i = walk_find(g, 0, a, "would have: crosses the wall");
	assert_true(walk_event_is(g, i, a, "3.6.5#0", "would have: crosses "
	    "the wall (Pr 1 + Pe 1 + 1 BD wide) = 3 BD; its front "
	    "is square to it, facing N"));
	/* No "would have: ... it crosses but ends as a Mob": with less than
	 * the crossing, having moved, it does not cross (M19). */
	assert_true(walk_event_is(g, i + 1, a, "3.6.5#0", "the next step "
	    "costs 3 BD and it has 2 BD left: it stops here"));
	assert_true(walk_event_is(g, i + 2, a, "3.6.5#0", "A moves 1 BD "
	    "(spent 1 BD of 3 BD): stops at [10, 18] facing N, Line: the "
	    "obstacle"));
	assert_int_equal(g->units[a].cond, COND_FORMED);
	game_free(g);

	g = walk_game(rs, 30, 30);
	a = walk_unit(g, "A", 0, "line", 4, (struct point){ 10, 20 }, DIR_N);
	walk_edge_row(g, 17, "hedge");
	walk_order(g, a, 10, 2);
	walk_turn(g, a, 1);
	i = walk_find(g, 0, a, "crosses the hedge");
	assert_true(walk_event_is(g, i + 1, a, "3.6.5#1", "its speed left is "
	    "exactly the crossing: it crosses but ends as a Mob"));
	assert_true(walk_event_is(g, i + 2, a, "3.6.5#0", "A moves 1.5 BD "
	    "(spent 3 BD of 3 BD): stops at [10, 17] facing N, Line (Mob): "
	    "the obstacle"));
	assert_int_equal(g->units[a].cond, COND_MOB);
	game_free(g);
	walk_rules_free(rs);
}

/*
 * 3.6.8 and 3.9.5: routers stop nobody.  A Line (3 BD) on [10, 20] sent N
 * walks on to the routed enemy Line on [10, 16] and touches it after 1 BD,
 * on [10, 18], halted by the enemy with the touch's rule (3.9.5).
 */
static void
test_3_9_5_touching_routers_halts_with_their_rule(void **state)
{
	struct ruleset *rs = walk_rules_marked();
	struct game *g = walk_game(rs, 30, 30);
	int a, e, i;

	(void)state;
	a = walk_unit(g, "A", 0, "line", 4, (struct point){ 10, 20 }, DIR_N);
	e = walk_unit(g, "E", 1, "line", 4, (struct point){ 10, 16 }, DIR_S);
	g->units[e].cond = COND_ROUTED;
	walk_order(g, a, 10, 2);
	walk_turn(g, a, 1);
	i = walk_find(g, 0, a, "does not stop for the routed E");
	assert_true(walk_event_is(g, i, a, "3.9.5#0", "A does not stop for "
	    "the routed E (3.6.8) and touches it: the routers are captured or "
	    "scattered (3.9.5)"));
	assert_true(walk_event_is(g, i + 1, a, "3.9.5#0", "A moves 1 BD "
	    "(spent 1 BD of 3 BD): stops at [10, 18] facing N, Line: the "
	    "enemy"));
	assert_int_equal(g->units[a].halt, HALT_CONTACT);
	assert_int_equal(g->units[a].pos.y, 18);
	game_free(g);
	walk_rules_free(rs);
}

/*
 * 3.6.6 (trail_after, walk_countermarch): a Road Column on a road along
 * row 20, facing E on [12, 20] with its body back to [5, 20], sent W
 * along the road to [3, 20]: its first step W is onto its own body, so
 * it countermarches (free on its road): its tail [5, 20] is its head,
 * facing W, and it marches 2 cells, 1 BD, to [3, 20], its body
 * [3..10, 20]; every cells buffer the walk borrowed is given back to the
 * game's pool.  (Swung about its old head, it used to walk its whole
 * 4 BD back over itself to [4, 20].)
 */
static void
test_3_6_6_road_column_turns_about_on_its_road(void **state)
{
	struct ruleset *rs = walk_rules_marked();
	struct game *g = walk_game(rs, 30, 30);
	const struct unit *u;
	struct point *cells;
	int a, x, n, i;

	(void)state;
	for (x = 2; x < 28; x++)
		map_cell(g->map, x, 20)->road = ROAD_BIG;
	a = walk_unit(g, "A", 0, "road_column", 4, (struct point){ 12, 20 },
	    DIR_E);
	u = &g->units[a];
	walk_order(g, a, 3, 20);
	walk_turn(g, a, 1);
	assert_int_equal(g->cells->used, 0);
	assert_true(walk_find(g, 0, a, "A countermarches on its road: its "
	    "tail, at [5, 20], is now its head, facing W, the same cells; it "
	    "costs nothing, as any turn on its road") >= 0);
	assert_int_equal(u->pos.x, 3);
	assert_int_equal(u->pos.y, 20);
	assert_int_equal(u->facing, DIR_W);
	assert_int_equal(u->moved, 4);
	cells = game_cells_take(g);
	n = game_footprint(g, u, cells);
	assert_int_equal(n, 8);
	for (i = 0; i < n; i++) {
		assert_int_equal(cells[i].x, 3 + i);
		assert_int_equal(cells[i].y, 20);
		assert_int_equal(game_unit_at(g, 3 + i, 20), a);
	}
	game_cells_give(g, cells);
	assert_int_equal(game_unit_at(g, 11, 20), -1);
	game_free(g);
	walk_rules_free(rs);
}

/*
 * 3.6.5: a change of formation the ground forces, then a step too dear.
 * A Line (3 BD) on [10, 20] sent N walks 2 BD to [10, 16]; the village
 * on row 15 makes it change to Manoeuvre Column (free), and the step in
 * then costs 2.5 BD with 1 BD left, more than Pr + Pe: it stops there in
 * Manoeuvre Column, a straight block (no trail), citing the step's rule.
 */
static void
test_3_6_5_change_then_a_step_too_dear(void **state)
{
	struct ruleset *rs = walk_rules_marked();
	struct game *g = walk_game(rs, 30, 30);
	const struct unit *u;
	int a, i;

	(void)state;
	a = walk_unit(g, "A", 0, "line", 4, (struct point){ 10, 20 }, DIR_N);
	u = &g->units[a];
	walk_land_row(g, 15, "village");
	walk_order(g, a, 10, 2);
	walk_turn(g, a, 1);
	i = walk_find(g, 0, a, "it changes to Manoeuvre Column");
	assert_true(i >= 0);
	i = walk_find(g, i, a, "the next step costs");
	assert_true(walk_event_is(g, i, a, "3.6.5#0", "the next step costs "
	    "2.5 BD and it has 1 BD left: it stops here"));
	assert_int_equal(u->formation, ruleset_form(rs, "manoeuvre_column"));
	assert_int_equal(u->pos.x, 10);
	assert_int_equal(u->pos.y, 16);
	assert_int_equal(u->ntrail, 0);
	assert_null(u->trail);
	assert_int_equal(g->cells->used, 0);
	game_free(g);
	walk_rules_free(rs);
}

/* The horse-and-musket ruleset from $MARSHAL_DATA (or data/). */
static struct ruleset *
walk_rules_hm(void)
{
	const char *dd = getenv("MARSHAL_DATA");
	struct diags d;
	struct ruleset *rs;

	diags_init(&d);
	rs = load_ruleset("horse-and-musket", dd != NULL ? dd : "data", &d);
	if (rs == NULL)
		diags_print(&d, stderr);
	diags_free(&d);
	assert_non_null(rs);
	return rs;
}

/* A 60 x 60 open field under rs (horse-and-musket) with a light cavalry
 * Line of 200 on [20, 40] facing N, unit 0, speeds not drawn at random. */
static struct game *
walk_game_hm(const struct ruleset *rs)
{
	struct game *g = walk_game(rs, 60, 60);
	struct unit *u;
	int a;

	g->opt.random_speed = false;
	a = game_add_unit(g, "a", "A", 0, 0);
	u = &g->units[a];
	u->arm = ARM_CAVALRY;
	u->klass = ruleset_class(rs, ARM_CAVALRY, "light");
	u->strength = u->strength0 = 200;
	u->formation = ruleset_form(rs, "line");
	u->pos = (struct point){ 20, 40 };
	u->facing = DIR_N;
	u->cond = COND_FORMED;
	game_occupy(g, a, true);
	return g;
}

/*
 * Horse-and-musket, HO.4 with H8 and H9 (walk_stands_on_point): a point
 * that lies under the block within the data's arrive_within (1 in: 2
 * cells) of its anchor is reached where the unit stands, not wheeled past.
 * A light cavalry Line on [20, 40] facing N, its block on row 40 from
 * [17, 40] to [23, 40]:
 *   - sent by [22, 40] (2 cells E of the anchor: the bound itself) and
 *     then [22, 41], stands on both: it says so for each, moves 0 in of
 *     15 in and its order is complete, still facing N on [20, 40];
 *   - sent by [22, 40] and then [20, 30], stands on the first and marches
 *     the second leg straight N, 5 in (20 ticks), arriving on [20, 30]
 *     facing N with no wheel.
 */
static void
test_002_HO4_points_under_the_block_are_reached(void **state)
{
	struct ruleset *rs = walk_rules_hm();
	struct game *g = walk_game_hm(rs);
	const struct unit *u = &g->units[0];
	int i;

	(void)state;
	walk_order2(g, 0, (struct point){ 22, 40 }, (struct point){ 22, 41 });
	walk_turn(g, 0, 1);
	i = walk_find(g, 0, 0, "[22, 40] lies under A");
	assert_true(walk_event_is(g, i, 0, "HO.4", "[22, 40] lies under A, "
	    "which would wheel past it to bring its anchor onto it: it is "
	    "there (marshal's reading)"));
	assert_true(walk_event_is(g, i + 1, 0, "HO.4", "[22, 41] lies under "
	    "A, which would wheel past it to bring its anchor onto it: it is "
	    "there (marshal's reading)"));
	assert_true(walk_event_is(g, i + 2, 0, "HO.4", "A moves 0 in (spent "
	    "0 in of 15 in): stops at [20, 40] facing N, Line: it has reached "
	    "its destination"));
	assert_int_equal(u->halt, HALT_ARRIVED);
	assert_int_equal(u->order.kind, ORDER_NONE);
	game_free(g);

	g = walk_game_hm(rs);
	u = &g->units[0];
	walk_order2(g, 0, (struct point){ 22, 40 }, (struct point){ 20, 30 });
	walk_turn(g, 0, 1);
	i = walk_find(g, 0, 0, "[22, 40] lies under A");
	assert_true(i >= 0);
	assert_true(walk_event_is(g, i + 1, 0, "HO.4", "A moves 5 in (spent "
	    "5 in of 15 in): stops at [20, 30] facing N, Line: it has reached "
	    "its destination"));
	assert_int_equal(u->halt, HALT_ARRIVED);
	assert_int_equal(u->moved, 20);
	assert_int_equal(g->cells->used, 0);
	game_free(g);
	ruleset_free(rs);
}

/*
 * Horse-and-musket HO.4 (walk_stands_on_point), then a leg too long to
 * plan (more than the 15 in it moves in a turn, walk_plan_leg): the light
 * cavalry Line on [20, 40] facing N, sent by [22, 40] (under its block)
 * and then [20, 4], 36 cells N.  It stands on the first point and marches
 * the second leg by the line from where it stands, straight N with no
 * wheel: all its 15 in (60 ticks), to [20, 10] facing N, halted by its
 * speed, with the second point still to reach (waypoint 1).
 */
static void
test_002_HO4_point_under_the_block_then_a_long_leg(void **state)
{
	struct ruleset *rs = walk_rules_hm();
	struct game *g = walk_game_hm(rs);
	const struct unit *u = &g->units[0];

	(void)state;
	walk_order2(g, 0, (struct point){ 22, 40 }, (struct point){ 20, 4 });
	walk_turn(g, 0, 1);
	assert_true(walk_find(g, 0, 0, "[22, 40] lies under A") >= 0);
	assert_int_equal(u->pos.x, 20);
	assert_int_equal(u->pos.y, 10);
	assert_int_equal(u->facing, DIR_N);
	assert_int_equal(u->moved, 60);
	assert_int_equal(u->halt, HALT_SPEED);
	assert_int_equal(u->waypoint, 1);
	assert_int_equal(g->cells->used, 0);
	game_free(g);
	ruleset_free(rs);
}

/*
 * Horse-and-musket H12 through the engine: the pass's price decides and
 * its first note's rule is cited.  On a 40 x 52 field, close-order foot
 * Lines d on [30, 20] and k on [10, 20], with f (a Line) and the limbered
 * light gun m each 6 cells behind, both sent N 16 cells.  Turn 1: f has
 * not the 12 + 10 ticks to come clear of d and stops behind it on
 * [30, 22]; m may never pass: it halts behind k on [10, 22] (a unit of
 * this ruleset goes round only a friend that held it up for a turn);
 * f's line and halt cite H12.  Turn 2: f passes through d for 12 ticks
 * (3 in, 3 in left), paid once for all the steps it takes inside d, and
 * ends on [30, 16]; m, held up a whole turn, goes round k by [8, 22] and
 * [11, 15], citing H12, never passing through it, and arrives at
 * [10, 10] in turn 3.  (d is unit 1: the walk's record of
 * a friend passed without disorder, -1 - 1, is not d's index.)
 */
static void
test_002_H12_passes_cite_the_pass_price(void **state)
{
	struct ruleset *rs = walk_mark(walk_rules_hm());
	struct game *g = walk_game(rs, 40, 52);
	int f, m, i;

	(void)state;
	g->opt.random_speed = false;
	(void)walk_unit(g, "k", 0, "line", 4, (struct point){ 10, 20 }, DIR_N);
	(void)walk_unit(g, "d", 0, "line", 4, (struct point){ 30, 20 }, DIR_N);
	f = walk_unit(g, "f", 0, "line", 4, (struct point){ 30, 26 }, DIR_N);
	m = walk_unit(g, "m", 0, "limbered", 4, (struct point){ 10, 26 },
	    DIR_N);
	for (i = 0; i < g->nunits; i++)
		g->units[i].klass = ruleset_class(rs, ARM_INFANTRY, "close");
	g->units[m].arm = ARM_ARTILLERY;
	g->units[m].klass = ruleset_class(rs, ARM_ARTILLERY, "light");
	walk_order(g, f, 30, 10);
	walk_order(g, m, 10, 10);
	walk_turn(g, f, 1);
	walk_turn(g, m, 1);
	i = walk_find(g, 0, f, "has not the speed left");
	assert_true(walk_event_is(g, i, f, "H12#0", "f has not the speed left "
	    "to pass right through d this turn: it stops behind it"));
	assert_true(walk_event_is(g, i + 1, f, "H12#0", "f moves 2 in (spent "
	    "2 in of 6 in): stops at [30, 22] facing N, Line: the way is "
	    "blocked"));
	assert_int_equal(walk_find(g, 0, m, "marches round it"), -1);
	assert_int_equal(g->units[f].pos.y, 22);
	assert_int_equal(g->units[m].pos.x, 10);
	assert_int_equal(g->units[m].pos.y, 22);
	assert_int_equal(g->units[m].halt, HALT_BLOCKED);
	walk_turn(g, f, 2);
	walk_turn(g, m, 2);
	i = walk_find(g, 0, m, "marches round it");
	assert_true(walk_event_is(g, i, m, "H12#0", "k stands in the way and "
	    "may not be passed this turn: m marches round it, by [8, 22] and "
	    "[11, 15]; its Move order keeps the way round (marshal's "
	    "reading)"));
	assert_int_equal(walk_find(g, 0, m, "passes through"), -1);
	i = walk_find(g, 0, f, "passes through d");
	assert_true(walk_event_is(g, i, f, "H12#0", "passes through d: foot, "
	    "-12 ticks (3 in), 3 in left"));
	assert_int_equal(g->units[f].pos.x, 30);
	assert_int_equal(g->units[f].pos.y, 16);
	assert_int_equal(g->units[f].moved, 12);
	walk_turn(g, m, 3);
	assert_int_equal(g->units[m].pos.x, 10);
	assert_int_equal(g->units[m].pos.y, 10);
	assert_int_equal(g->units[m].halt, HALT_ARRIVED);
	assert_int_equal(g->cells->used, 0);
	game_free(g);
	walk_rules_free(rs);
}

/* How many events of unit u have text holding s. */
static int
walk_count(const struct game *g, int u, const char *s)
{
	int i, n = 0;

	for (i = 0; i < g->log.n; i++)
		if (g->log.v[i].unit == u && strstr(g->log.v[i].text, s) != NULL)
			n++;
	return n;
}

/*
 * 3.6.7, a friend passed once however many steps the pass takes: a
 * Skirmish Group (drill 4, drum: 4 BD) on [10, 20] sent N passes through
 * the standing Column B on [10, 15] (rows 15 to 18: four steps inside
 * it), neither blocking.  The pass is priced and said once ("passes
 * through standing B: neither blocks", the pass's rule), B stays formed,
 * and A walks its whole 4 BD to [10, 12].  B is unit 1, so the walk's
 * record of a friend passed without disorder (-1 - 1) is not B's index.
 */
static void
test_3_6_7_friend_passed_once_over_its_depth(void **state)
{
	struct ruleset *rs = walk_rules_marked();
	struct game *g = walk_game(rs, 30, 30);
	int a, b, i;

	(void)state;
	a = walk_unit(g, "A", 0, "skirmish", 4, (struct point){ 10, 20 },
	    DIR_N);
	b = walk_unit(g, "B", 0, "column", 4, (struct point){ 10, 15 }, DIR_N);
	assert_int_equal(b, 1);
	walk_order(g, a, 10, 2);
	walk_turn(g, a, 1);
	assert_int_equal(walk_count(g, a, "passes through"), 1);
	i = walk_find(g, 0, a, "passes through");
	assert_true(walk_event_is(g, i, a, "3.6.7#0", "A passes through "
	    "standing B: neither blocks"));
	assert_true(walk_event_is(g, i + 1, a, "3.6.3", "A moves 4 BD (spent "
	    "4 BD of 4 BD): stops at [10, 12] facing N, Skirmish Group: its "
	    "speed for the turn is spent"));
	assert_int_equal(g->units[a].cond, COND_FORMED);
	assert_int_equal(g->units[b].cond, COND_FORMED);
	game_free(g);
	walk_rules_free(rs);
}

/*
 * 3.6.5 with the minimum move (issue 12): a Column of drill 4 without its
 * drum (1 BD) on [10, 20] sent N, a village on row 19.  Stepping in costs
 * 2.5 BD (the step and Pr 1 + Pe 1), more than its 1 BD and more than the
 * Pr + Pe it could pay: having not moved yet this turn it makes that one
 * step and spends all, to [10, 19], saying so with the step's rule.
 */
static void
test_3_6_5_minimum_move_into_a_village(void **state)
{
	struct ruleset *rs = walk_rules_marked();
	struct game *g = walk_game(rs, 30, 30);
	int a, i;

	(void)state;
	a = walk_unit(g, "A", 0, "column", 4, (struct point){ 10, 20 }, DIR_N);
	unit_attr_set(&g->units[a], ruleset_attr(rs, "musician"), false);
	walk_land_row(g, 19, "village");
	walk_order(g, a, 10, 2);
	walk_turn(g, a, 1);
	i = walk_find(g, 0, a, "enters village");
	assert_true(walk_event_is(g, i, a, "3.6.5#0", "enters village (Pr 1 + "
	    "Pe 1): -2 BD besides the step"));
	assert_true(walk_event_is(g, i + 1, a, "3.6.5#0", "the step costs 2.5 "
	    "BD, more than the 1 BD it has, but it has not moved yet this "
	    "turn: it makes this one step and spends all (minimum move, "
	    "marshal's reading)"));
	assert_true(walk_event_is(g, i + 2, a, "3.6.3", "A moves 0.5 BD "
	    "(spent 1 BD of 1 BD): stops at [10, 19] facing N, Column: its "
	    "speed for the turn is spent"));
	assert_int_equal(g->units[a].pos.y, 19);
	assert_int_equal(g->units[a].moved, 2);
	game_free(g);
	walk_rules_free(rs);
}

/*
 * 3.6.5, an obstacle a unit can never cross: a Line of drill 3 without
 * its drum (1 BD) on [10, 20] sent N, a wall along row 17's south edge
 * from side to side (no way round).  Turn 1 it walks its 1 BD to
 * [10, 18]; turn 2 the wall (3 BD) is more than it moves in a turn: it
 * says so and stands, halted by the obstacle, citing the step's rule.
 */
static void
test_3_6_5_wall_never_crossed_by_a_slow_line(void **state)
{
	struct ruleset *rs = walk_rules_marked();
	struct game *g = walk_game(rs, 30, 30);
	int a, i;

	(void)state;
	a = walk_unit(g, "A", 0, "line", 3, (struct point){ 10, 20 }, DIR_N);
	unit_attr_set(&g->units[a], ruleset_attr(rs, "musician"), false);
	walk_edge_row(g, 17, "wall");
	walk_order(g, a, 10, 2);
	walk_turn(g, a, 1);
	assert_int_equal(g->units[a].pos.y, 18);
	assert_int_equal(g->units[a].moved, 4);
	i = g->log.n;
	walk_turn(g, a, 2);
	i = walk_find(g, i, a, "can never cross");
	assert_true(walk_event_is(g, i, a, "3.6.5#0", "A can never cross the "
	    "wall here: 3 BD (Pr 1 + Pe 1 + 1 BD wide) is more than the 1 BD "
	    "it moves at most in a turn in Line"));
	assert_true(walk_event_is(g, i + 1, a, "3.6.5#0", "A moves 0 BD "
	    "(spent 0 BD of 1 BD): stops at [10, 18] facing N, Line: the "
	    "obstacle"));
	assert_int_equal(g->units[a].halt, HALT_OBSTACLE);
	assert_int_equal(g->units[a].pos.y, 18);
	game_free(g);
	walk_rules_free(rs);
}

/*
 * 3.6.3 and 3.6.7, no room to turn: an enemy Column E (unit 0) on
 * [10, 19] facing S, its block on [9..11, 16..19], stands where a Line on
 * [10, 20] facing N would turn to face W (its turned block [10..11,
 * 17..22]).  The Line is sent W to [2, 20].  With drill 4 (2 BD) it could
 * pay for the whole turn: "no room to turn to face W here: E".  With
 * drill 3 (1 BD) it could pay for 45 degrees only, and that part has no
 * room either: "no room to turn to face NW here: E".  Either way it
 * stands on [10, 20] facing N, blocked, and names the unit in the way.
 */
static void
test_3_6_3_no_room_to_turn_names_the_unit_in_the_way(void **state)
{
	struct ruleset *rs = walk_rules_marked();
	int drill;

	(void)state;
	for (drill = 3; drill <= 4; drill++) {
		struct game *g = walk_game(rs, 30, 30);
		char want[128];
		int a, e, i;

		e = walk_unit(g, "E", 1, "column", 4, (struct point){ 10, 19 },
		    DIR_S);
		assert_int_equal(e, 0);
		a = walk_unit(g, "A", 0, "line", drill,
		    (struct point){ 10, 20 }, DIR_N);
		unit_attr_set(&g->units[a], ruleset_attr(rs, "musician"),
		    false);
		walk_order(g, a, 2, 20);
		walk_turn(g, a, 1);
		snprintf(want, sizeof want, "no room to turn to face %s here: "
		    "E", drill == 4 ? "W" : "NW");
		i = walk_find(g, 0, a, "no room to turn");
		assert_true(walk_event_is(g, i, a, "3.6.7", want));
		snprintf(want, sizeof want, "A moves 0 BD (spent 0 BD of %d "
		    "BD): stops at [10, 20] facing N, Line: the way is "
		    "blocked", drill - 2);
		assert_true(walk_event_is(g, i + 1, a, "3.6.7", want));
		assert_int_equal(g->units[a].facing, DIR_N);
		assert_int_equal(g->units[a].halt, HALT_BLOCKED);
		game_free(g);
	}
	walk_rules_free(rs);
}

/*
 * move_text_i and move_text_bd (the closing line's pieces): whole numbers
 * of either sign, the extremes of int, and ticks as BD; a number that
 * meets the end of the 512-byte line keeps its leading digits and the
 * line stays terminated.
 */
static void
test_move_text_i_writes_signed_decimals(void **state)
{
	struct ruleset *rs = walk_rules();
	struct move_text l;

	(void)state;
	l.n = 0;
	move_text_i(&l, 0);
	move_text_s(&l, " ");
	move_text_i(&l, 42);
	move_text_s(&l, " ");
	move_text_i(&l, -42);
	move_text_s(&l, " ");
	move_text_i(&l, 2147483647);
	move_text_s(&l, " ");
	move_text_i(&l, -2147483647 - 1);
	move_text_s(&l, " ");
	move_text_bd(&l, rs, 10);
	assert_string_equal(l.b, "0 42 -42 2147483647 -2147483648 2.5 BD");
	assert_int_equal(l.n, strlen(l.b));
	l.n = 0;
	memset(l.b, 'x', 509);
	l.n = 509;
	l.b[l.n] = '\0';
	move_text_i(&l, 12345);
	assert_int_equal(l.n, 511);
	assert_int_equal(strlen(l.b), 511);
	assert_int_equal(l.b[509], '1');
	assert_int_equal(l.b[510], '2');
	/* One digit more than the room (two bytes before the terminator's):
	 * cut to the two, not written past the line. */
	l.n = 509;
	l.b[l.n] = '\0';
	move_text_i(&l, 123);
	assert_int_equal(l.n, 511);
	assert_int_equal(strlen(l.b), 511);
	assert_memory_equal(l.b + 508, "x12", 4);
	ruleset_free(rs);
}

/* move_text_i around the bounds of its short way for a cell's
 * coordinate (one to three digits) and of the long way after it. */
static void
test_move_text_i_three_digits_and_more(void **state)
{
	static const int v[] = { 9, 10, 99, 100, 101, 999, 1000, 1001, -1,
	    -999 };
	struct move_text l;
	size_t i;

	(void)state;
	l.n = 0;
	for (i = 0; i < sizeof v / sizeof v[0]; i++) {
		move_text_i(&l, v[i]);
		move_text_s(&l, "|");
	}
	assert_string_equal(l.b, "9|10|99|100|101|999|1000|1001|-1|-999|");
	assert_int_equal(l.n, strlen(l.b));
}

/* A walk's notes become the log's events as they were written: text,
 * length, rule (cut to 15 bytes, or none), kind and own mark, in order,
 * after the log's own events. */
static void
test_move_notes_log_keeps_each_note(void **state)
{
	struct move_walk w;
	struct eventlog log;
	struct move_text t;
	char longer[300], want[310];
	int i;

	(void)state;
	memset(&w, 0, sizeof w);
	w.explain = true;
	eventlog_init(&log);
	eventlog_put(&log, 1, 0, -1, EV_PHASE, "3", "before", 6);
	move_note(&w, EV_NOTE, "3.6.5", "enters %s (Pe %d)", "wood", 1);
	move_note(&w, EV_CONDITION, NULL, "%s", "");
	move_note_own(&w);
	t.n = 0;
	move_text_s(&t, "stops at [");
	move_text_i(&t, 120);
	move_text_s(&t, "]");
	move_note_text(&w, EV_MOVE, "3.6.5, 3.6.7 and 3.9.5", &t);
	memset(longer, 'z', sizeof longer - 1);
	longer[sizeof longer - 1] = '\0';
	move_note(&w, EV_NOTE, "", "%s", longer);
	move_notes_log(&log, 4, 2, 9, &w);
	assert_int_equal(log.n, 5);
	assert_string_equal(log.v[1].text, "enters wood (Pe 1)");
	assert_string_equal(log.v[1].rule, "3.6.5");
	assert_int_equal(log.v[1].kind, EV_NOTE);
	assert_false(log.v[1].own);
	assert_string_equal(log.v[2].text, "");
	assert_string_equal(log.v[2].rule, "");
	assert_int_equal(log.v[2].kind, EV_CONDITION);
	assert_true(log.v[2].own);
	assert_string_equal(log.v[3].text, "stops at [120]");
	assert_string_equal(log.v[3].rule, "3.6.5, 3.6.7 an");
	assert_int_equal(log.v[3].kind, EV_MOVE);
	assert_int_equal(strlen(log.v[4].text), sizeof longer - 1);
	assert_int_equal(log.v[4].turn, 4);
	assert_int_equal(log.v[4].phase, 2);
	assert_int_equal(log.v[4].unit, 9);
	assert_int_equal(log.v[4].general, -1);
	/* Enough notes to move the walk's texts several times: each note
	 * still reads as written. */
	for (i = 0; i < 40; i++)
		move_note(&w, EV_NOTE, "3.6.3", "%d %s", i, i % 2 ? longer :
		    "short");
	move_notes_log(&log, 4, 2, 9, &w);
	assert_int_equal(log.n, 5 + 4 + 40);
	for (i = 0; i < 40; i++) {
		snprintf(want, sizeof want, "%d %s", i, i % 2 ? longer :
		    "short");
		assert_string_equal(log.v[9 + i].text, want);
		assert_string_equal(log.v[9 + i].rule, "3.6.3");
	}
	move_walk_free(&w);
	eventlog_free(&log);
}

/*
 * move_text_bd: a figure is cut to 31 bytes and its terminator (32), as
 * a figure written on its own would be, however much room the line has:
 * at 3 ticks a unit of measure named "leagues", -2147483647 ticks is
 * "-715827882.333333333333333 leagues" (34 bytes), written as its first
 * 31.  A line with less room than that keeps what fits.
 */
static void
test_move_text_bd_cuts_a_figure_to_31_bytes(void **state)
{
	struct ruleset *rs = walk_rules();
	struct move_text l;

	(void)state;
	rs->ticks = 3;
	snprintf(rs->unit, sizeof rs->unit, "leagues");
	l.n = 0;
	move_text_bd(&l, rs, -2147483647);
	assert_string_equal(l.b, "-715827882.333333333333333 leag");
	assert_int_equal(l.n, 31);
	l.n = sizeof l.b - 32;	/* room for 31 bytes and the terminator */
	memset(l.b, 'x', l.n);
	move_text_bd(&l, rs, -2147483647);
	assert_int_equal(l.n, sizeof l.b - 1);
	assert_string_equal(l.b + sizeof l.b - 32,
	    "-715827882.333333333333333 leag");
	ruleset_free(rs);
}

/*
 * 3.6.3, the speed's line cut to a note's length: a Line whose name in the
 * ruleset is 180 letters long makes a line longer than MOVE_NOTE_LEN
 * (192) bytes, before its drum's part and after it; the note keeps its
 * first 191 bytes, the name and ", Drill 4: 4", and no more.
 */
static void
test_3_6_3_speed_line_cut_to_a_note(void **state)
{
	struct ruleset *rs = walk_rules();
	struct game *g = walk_game(rs, 30, 30);
	char name[181], full[512], want[MOVE_NOTE_LEN];
	char *label = rs->form[ruleset_form(rs, "line")].label;
	int a, i;

	(void)state;
	memset(name, 'L', 180);
	name[180] = '\0';
	rs->form[ruleset_form(rs, "line")].label = name;
	a = walk_unit(g, "A", 0, "line", 4, (struct point){ 10, 20 }, DIR_N);
	walk_order(g, a, 10, 2);
	walk_turn(g, a, 1);
	/* The whole line, cut to a note's room by hand (an snprintf into the
	 * note's size would be cut as well, but warned of). */
	snprintf(full, sizeof full, "%s, Drill 4: 4 - 2 = 2 BD; drum +1 BD = "
	    "3 BD", name);
	assert_true(strlen(full) > MOVE_NOTE_LEN - 1);
	memcpy(want, full, MOVE_NOTE_LEN - 1);
	want[MOVE_NOTE_LEN - 1] = '\0';
	i = walk_find(g, 0, a, "LLLL");
	assert_true(i >= 0);
	assert_string_equal(g->log.v[i].rule, "3.6.3");
	assert_string_equal(g->log.v[i].text, want);
	rs->form[ruleset_form(rs, "line")].label = label;
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.7 in the movement phase, a friend where the block would turn: a
 * cavalry Line A (drill 5, no trumpet: 5 BD) at [15, 15] facing N, sent
 * E to [25, 15], must turn to face E, its block swinging north of its
 * front about [15, 15]; the Masse B (drill 2, no drum) at [15, 11] facing
 * N, under a Move order of its own to [15, 2] and after A in the order
 * of battle, stands where A's block would turn: A waits for it.  B steps
 * into the lake on row 10 and stays, a Mob, at [15, 11]; A then finds no
 * room to turn and no way round B, and halts blocked where it stood,
 * 0 BD spent.  (A stood on the lake in this test's first set-up, which
 * a turn onto forbidden ground now refuses.)
 */
static void
test_3_6_7_waits_for_a_friend_where_its_block_would_turn(void **state)
{
	struct ruleset *rs = walk_rules();
	struct game *g = walk_game(rs, 30, 30);
	int a, b, x, i;

	(void)state;
	for (x = 0; x < 30; x++)
		map_cell(g->map, x, 10)->land = ruleset_land(rs, "water");
	a = walk_unit(g, "A", 0, "line", 5, (struct point){ 15, 15 }, DIR_N);
	g->units[a].arm = ARM_CAVALRY;
	unit_attr_set(&g->units[a], ruleset_attr(rs, "musician"), false);
	b = walk_unit(g, "B", 0, "masse", 2, (struct point){ 15, 11 }, DIR_N);
	unit_attr_set(&g->units[b], ruleset_attr(rs, "musician"), false);
	walk_order(g, a, 25, 15);
	walk_order(g, b, 15, 2);
	game_turn(g);
	i = walk_find(g, 0, a, "A waits for B");
	assert_true(walk_event_is(g, i, a, "3.6.7", "A waits for B, under a "
	    "Move order of its own and in its way, to move first (marshal's "
	    "reading: 3.6 moves units together)"));
	assert_true(walk_find(g, 0, b, "B moves") < i);
	assert_int_equal(g->units[b].cond, COND_MOB);
	assert_int_equal(g->units[b].pos.y, 11);
	i = walk_find(g, i, a, "A moves");
	assert_true(walk_event_is(g, i - 1, a, "3.6.7", "no room to turn to "
	    "face E here: B"));
	assert_true(walk_event_is(g, i, a, "3.6.7", "A moves 0 BD (spent 0 BD "
	    "of 5 BD): stops at [15, 15] facing N, Line: the way is blocked"));
	assert_int_equal(g->units[a].halt, HALT_BLOCKED);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.6 over turns, the forecast of a march stopped before a narrow
 * passage with no room beyond: a lake along row 10 but for a defile at
 * x 14 to 18; Column B (drill 5, drum: 2 BD) at [16, 14] facing N, sent
 * to [16, 2], with an enemy Mob (cavalry Column) at [16, 6], just beyond.
 * It halts before the defile on turn 1 ([16, 11], 3 cells on); every
 * later turn its turn to pass comes, but the whole column would not have
 * room beyond, and it stays: the forecast runs its six turns (-1, never
 * arriving) over those four cells, its last halt the passage's.  (Its
 * first set-up stood B on the lake, a front a turn now may not swing
 * onto.)
 */
static void
test_3_6_6_forecast_sent_back_before_the_passage(void **state)
{
	struct ruleset *rs = walk_rules();
	struct game *g = walk_game(rs, 32, 32);
	struct move_forecast_end end;
	struct point *path = NULL;
	int b, e, x, n = 0;

	(void)state;
	for (x = 0; x < 32; x++)
		if (x < 14 || x > 18)
			map_cell(g->map, x, 10)->land = ruleset_land(rs, "water");
		else
			map_cell(g->map, x, 10)->flags |= CELL_DEFILE;
	b = walk_unit(g, "B", 0, "column", 5, (struct point){ 16, 14 },
	    DIR_N);
	e = walk_unit(g, "D", 1, "column", 2, (struct point){ 16, 6 }, DIR_S);
	game_occupy(g, e, false);
	g->units[e].arm = ARM_CAVALRY;	/* a Column of horse: 4 x 4 */
	g->units[e].cond = COND_MOB;
	game_occupy(g, e, true);
	walk_order(g, b, 16, 2);
	assert_int_equal(move_forecast_end(g, &g->units[b].order, 6, &path,
	    &n, &end), -1);
	assert_int_equal(end.turn, 6);
	assert_int_equal(end.halt, HALT_PASSAGE);
	assert_int_equal(n, 4);
	for (x = 0; x < n; x++) {
		assert_int_equal(path[x].x, 16);
		assert_int_equal(path[x].y, 14 - x);
	}
	free(path);
	/* The walk, turn after turn: before the passage on [16, 11]. */
	for (x = 1; x <= 3; x++) {
		g->turn = x;
		(void)move_unit(g, NULL, b, -1, NULL, NULL);
		assert_int_equal(g->units[b].pos.y, 11);
		assert_int_equal(g->units[b].halt, HALT_PASSAGE);
	}
	assert_true(walk_find(g, 0, b, "no room beyond the passage: B does "
	    "not pass and stays before it") >= 0);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.6, the same march turned about: a lake along row 21 but for a
 * defile at x 14 to 18; Column B (drill 5, drum: 2 BD) at [16, 17]
 * facing S, sent to [16, 29], an enemy Mob (cavalry Column) at [16, 25]
 * just beyond.  It halts before the defile on turn 1 ([16, 20]); on
 * turns 2 and 3 it has no room beyond and goes back to where it stood
 * before the passage as it stood there: at [16, 20], still facing S.
 */
static void
test_3_6_6_sent_back_before_the_passage_keeps_its_facing(void **state)
{
	struct ruleset *rs = walk_rules();
	struct game *g = walk_game(rs, 32, 32);
	int b, e, x;

	(void)state;
	for (x = 0; x < 32; x++)
		if (x < 14 || x > 18)
			map_cell(g->map, x, 21)->land = ruleset_land(rs, "water");
		else
			map_cell(g->map, x, 21)->flags |= CELL_DEFILE;
	b = walk_unit(g, "B", 0, "column", 5, (struct point){ 16, 17 },
	    DIR_S);
	e = walk_unit(g, "D", 1, "column", 2, (struct point){ 16, 25 }, DIR_N);
	game_occupy(g, e, false);
	g->units[e].arm = ARM_CAVALRY;	/* a Column of horse: 4 x 4 */
	g->units[e].cond = COND_MOB;
	game_occupy(g, e, true);
	walk_order(g, b, 16, 29);
	for (x = 1; x <= 3; x++) {
		g->turn = x;
		(void)move_unit(g, NULL, b, -1, NULL, NULL);
		assert_int_equal(g->units[b].pos.x, 16);
		assert_int_equal(g->units[b].pos.y, 20);
		assert_int_equal(g->units[b].facing, DIR_S);
		assert_int_equal(g->units[b].halt, HALT_PASSAGE);
	}
	assert_true(walk_find(g, 0, b, "no room beyond the passage: B does "
	    "not pass and stays before it") >= 0);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.7 for a block one cell wide: a Road Column off any road (A, drill
 * 4, drum: 3 BD) at [10, 20] facing N, sent to [10, 2], with a friend's
 * Line standing just ahead at [10, 19], meets it on its first step, finds
 * no way round and has not the speed to pass right through: it stays at
 * [10, 20], 0 BD moved, the friend untouched.
 */
static void
test_3_6_7_road_column_off_the_road_meets_a_friend_ahead(void **state)
{
	struct ruleset *rs = walk_rules();
	struct game *g = walk_game(rs, 30, 30);
	int a, b, i;

	(void)state;
	a = walk_unit(g, "A", 0, "road_column", 4, (struct point){ 10, 20 },
	    DIR_N);
	b = walk_unit(g, "B", 0, "line", 4, (struct point){ 10, 19 }, DIR_N);
	assert_int_equal(rs->form[g->units[a].formation].frontage[
	    ARM_INFANTRY], 1);
	walk_order(g, a, 10, 2);
	(void)move_unit(g, NULL, a, -1, NULL, NULL);
	assert_int_equal(g->units[a].pos.x, 10);
	assert_int_equal(g->units[a].pos.y, 20);
	assert_int_equal(g->units[a].moved, 0);
	assert_int_equal(g->units[a].halt, HALT_BLOCKED);
	i = walk_find(g, 0, a, "A has not the speed left");
	assert_true(walk_event_is(g, i, a, "3.6.7", "A has not the speed left "
	    "to pass right through B this turn: it stops behind it"));
	assert_int_equal(g->units[b].pos.y, 19);
	assert_int_equal(g->units[b].cond, COND_FORMED);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.8 for a Road Column on its road: the gap to an enemy is the least
 * from any cell of the column, body as well as head, also where the body
 * stood clear before.  Every cell of a 32 x 34 map is small road; the
 * Road Column A (drill 5, with its drum) at [10, 30] facing N is sent by
 * [13, 27] and [17, 25] to [7, 22], an enemy Column E at [11, 22] facing
 * S.  Turn 1 takes A to [15, 25]; on turn 2, turned back west along its
 * order, A halts at [16, 24]: its body, on the road it came by, stood
 * 1.5 BD from E before the step (its head 1.75 BD), and one more step
 * would leave 1 BD, nearer than the gap it keeps.
 */
static void
test_3_6_8_road_column_gap_counts_its_body(void **state)
{
	struct ruleset *rs = walk_rules();
	struct game *g = walk_game(rs, 32, 34);
	struct order o;
	char *cause = NULL;
	int a, e, x, y, i;

	(void)state;
	for (y = 0; y < 34; y++)
		for (x = 0; x < 32; x++)
			map_cell(g->map, x, y)->road = ROAD_SMALL;
	a = walk_unit(g, "A", 0, "road_column", 5, (struct point){ 10, 30 },
	    DIR_N);
	e = walk_unit(g, "E", 1, "column", 4, (struct point){ 11, 22 }, DIR_S);
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = a;
	o.general = -1;
	o.npts = 3;
	o.pts[0] = (struct point){ 13, 27 };
	o.pts[1] = (struct point){ 17, 25 };
	o.pts[2] = (struct point){ 7, 22 };
	assert_int_equal(game_order(g, &o, &cause), 0);
	g->turn = 1;
	(void)move_unit(g, NULL, a, -1, NULL, NULL);
	assert_int_equal(g->units[a].pos.x, 15);
	assert_int_equal(g->units[a].pos.y, 25);
	assert_int_not_equal(g->units[a].halt, HALT_CONTACT);
	g->turn = 2;
	(void)move_unit(g, NULL, a, -1, NULL, NULL);
	assert_int_equal(g->units[a].pos.x, 16);
	assert_int_equal(g->units[a].pos.y, 24);
	assert_int_equal(g->units[a].halt, HALT_CONTACT);
	assert_int_equal(g->units[a].contact, e);
	i = walk_find(g, 0, a, "gap to E");
	assert_true(walk_event_is(g, i, a, "3.6.8", "gap to E: 1.5 BD; one "
	    "more step would leave 1 BD"));
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.7, the way round a friend where the block would swing, as the
 * preview says it: the Line E (drill 5, no drum: 3 BD) at [3, 7] facing
 * SE, a wall under it on the south edges of [3, 7] and [4, 7], is sent
 * to [18, 0]; the standing Square D at [4, 10] is where its block would
 * swing to face E.  The walk, which can come clear of D along its way,
 * goes by [7, 2] to turn where there is room rather than round D by
 * other points, and pays its 3 BD turning to face N where it stands.
 */
static void
test_3_6_7_way_round_the_swing_when_it_can_come_clear(void **state)
{
	struct ruleset *rs = walk_rules();
	struct game *g = walk_game(rs, 30, 30);
	struct move_preview p;
	int e, x;

	(void)state;
	for (x = 3; x <= 4; x++)
		map_edge_set(g->map, x, 7, DIR_S, ruleset_obst(rs, "wall"), 0);
	(void)walk_unit(g, "D", 1, "square", 4, (struct point){ 4, 10 },
	    DIR_NE);
	e = walk_unit(g, "E", 1, "line", 5, (struct point){ 3, 7 }, DIR_SE);
	unit_attr_set(&g->units[e], ruleset_attr(rs, "musician"), false);
	walk_order(g, e, 18, 0);
	assert_int_equal(move_preview(g, &g->units[e].order, &p), 0);
	assert_int_equal(p.log.n, 4);
	assert_string_equal(p.log.v[1].text, "D stands where its block would "
	    "swing to face E here: it goes by [7, 2] to turn where there is "
	    "room");
	assert_string_equal(p.log.v[2].text, "E turns its front 135 degrees, "
	    "SE to N: 3 x 1 BD = -3 BD, 0 BD left");
	assert_int_equal(p.pos.x, 3);
	assert_int_equal(p.pos.y, 7);
	assert_int_equal(p.facing, DIR_N);
	move_preview_free(&p);
	game_free(g);
	ruleset_free(rs);
}

/*
 * 3.6.7 over two turns, units that wait on each other while one looks
 * ahead through a friend: the Square B (drill 3, drum: 2 BD) at [16, 1]
 * facing N, sent to [8, 13]; the cavalry Column E (drill 3, trumpet:
 * 4 BD) at [20, 3] facing SW, sent by [5, 4] to [28, 15]; the standing
 * Road Column G at [16, 5] facing NW.  Turn 1: B turns to face E where
 * it stands; E turns W and stops behind G.  Turn 2: B, waiting for E,
 * moves as things stand and stops behind it, having moved nothing; E,
 * having waited for B, passes through G (both become Mobs) and through
 * B, which stands now, held where it is (move_marches): neither blocks
 * and B stays formed.  E halts at [9, 4], 4 BD on, a Mob.  (Before a
 * friend held where it stands counted as standing, B was taken for a
 * moving friend and made a Mob too, though it had not stirred.)
 */
static void
test_3_6_7_waiting_units_pass_through_as_things_stand(void **state)
{
	struct ruleset *rs = walk_rules();
	struct game *g = walk_game(rs, 29, 27);
	struct order o;
	char *cause = NULL;
	int b, e, f, i;

	(void)state;
	b = walk_unit(g, "B", 0, "square", 3, (struct point){ 16, 1 }, DIR_N);
	e = walk_unit(g, "E", 0, "column", 3, (struct point){ 20, 3 },
	    DIR_SW);
	game_occupy(g, e, false);
	g->units[e].arm = ARM_CAVALRY;	/* a Column of horse: 4 x 4 */
	game_occupy(g, e, true);
	f = walk_unit(g, "G", 0, "road_column", 2, (struct point){ 16, 5 },
	    DIR_NW);
	walk_order(g, b, 8, 13);
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = e;
	o.general = -1;
	o.npts = 2;
	o.pts[0] = (struct point){ 5, 4 };
	o.pts[1] = (struct point){ 28, 15 };
	assert_int_equal(game_order(g, &o, &cause), 0);
	game_turn(g);
	assert_int_equal(g->units[e].pos.x, 17);
	assert_int_equal(g->units[e].pos.y, 4);
	game_turn(g);
	i = walk_find(g, 0, e, "E waits for B");
	assert_true(walk_event_is(g, i, e, "3.6.7", "E waits for B, under a "
	    "Move order of its own and in its way, to move first (marshal's "
	    "reading: 3.6 moves units together)"));
	i = walk_find(g, i, e, "E moves");
	assert_true(walk_event_is(g, i, e, "3.6.7", "E moves 4 BD (spent 4 BD "
	    "of 4 BD): stops at [9, 4] facing W, Column (Mob): the way is "
	    "blocked"));
	assert_true(walk_event_is(g, walk_find(g, 0, e, "E passes through "
	    "standing B"), e, "3.6.7", "E passes through standing B: neither "
	    "blocks"));
	assert_int_equal(g->units[b].pos.x, 16);
	assert_int_equal(g->units[b].pos.y, 1);
	assert_int_equal(g->units[b].cond, COND_FORMED);
	assert_int_equal(g->units[e].cond, COND_MOB);
	assert_int_equal(g->units[f].cond, COND_MOB);
	game_free(g);
	ruleset_free(rs);
}

/*
 * move_note: a note longer than its first buffer (256 bytes) is kept
 * whole; a walk that does not explain keeps none; move_note_own marks the
 * last note only, and move_walk_free leaves the walk empty.
 */
static void
test_move_note_keeps_long_notes_whole(void **state)
{
	struct move_walk w;
	char text[301];
	int i;

	(void)state;
	memset(&w, 0, sizeof w);
	for (i = 0; i < 300; i++)
		text[i] = (char)('a' + i % 26);
	text[300] = '\0';
	move_note(&w, EV_NOTE, "3.6.1", "%s", "silent");
	assert_int_equal(w.nnotes, 0);
	move_note_own(&w);
	w.explain = true;
	move_note_own(&w);
	assert_int_equal(w.nnotes, 0);
	move_note(&w, EV_NOTE, "3.6.3", "%s!", text);
	move_note(&w, EV_MOVE, "3.6.5", "%d BD", 3);
	move_note_own(&w);
	assert_int_equal(w.nnotes, 2);
	assert_int_equal(strlen(w.notes[0].text), 301);
	assert_memory_equal(w.notes[0].text, text, 300);
	assert_int_equal(w.notes[0].text[300], '!');
	assert_string_equal(w.notes[0].rule, "3.6.3");
	assert_int_equal(w.notes[0].kind, EV_NOTE);
	assert_false(w.notes[0].own);
	assert_string_equal(w.notes[1].text, "3 BD");
	assert_string_equal(w.notes[1].rule, "3.6.5");
	assert_int_equal(w.notes[1].kind, EV_MOVE);
	assert_true(w.notes[1].own);
	move_walk_free(&w);
	assert_int_equal(w.nnotes, 0);
	assert_null(w.notes);
}

/*
 * 3.6.3 then 3.6.5: a step is priced with what the turn before it
 * leaves.  A Line (3 BD) on [10, 20] facing N, sent W to [2, 20], with a
 * hedge along the east edge of column 9 (right before its turned front):
 * it turns W (2 BD, 1 BD left), and the crossing (2 BD) is priced with
 * that 1 BD: "0 BD left" and it would end as a Mob; it has not the 2 BD,
 * so it stops on [10, 20] facing W, halted by the obstacle.
 */
static void
test_3_6_5_crossing_after_a_turn_is_priced_with_what_is_left(void **state)
{
	struct ruleset *rs = walk_rules_marked();
	struct game *g = walk_game(rs, 30, 30);
	int a, y, i;

	(void)state;
	a = walk_unit(g, "A", 0, "line", 4, (struct point){ 10, 20 }, DIR_N);
	for (y = 0; y < 30; y++)
		map_cell(g->map, 9, y)->edge[EDGE_EAST] =
		    (uint8_t)ruleset_obst(rs, "hedge");
	walk_order(g, a, 2, 20);
	walk_turn(g, a, 1);
	i = walk_find(g, 0, a, "A turns its front 90 degrees");
	assert_true(walk_event_is(g, i, a, "3.6.3#0", "A turns its front 90 "
	    "degrees, N to W: 2 x 1 BD = -2 BD, 1 BD left"));
	assert_true(walk_event_is(g, i + 1, a, "3.6.5#0", "would have: "
	    "crosses the hedge (Pr 1 + Pe 0 + 1 BD wide) = 2 BD; "
	    "its front is square to it, facing W"));
	assert_true(walk_event_is(g, i + 2, a, "3.6.5#1", "would have: its "
	    "speed left is less than the crossing: it crosses but ends as a "
	    "Mob"));
	assert_true(walk_event_is(g, i + 3, a, "3.6.5#0", "the next step "
	    "costs 2 BD and it has 1 BD left: it stops here"));
	assert_true(walk_event_is(g, i + 4, a, "3.6.5#0", "A moves 0 BD "
	    "(spent 2 BD of 3 BD): stops at [10, 20] facing W, Line: the "
	    "obstacle"));
	assert_int_equal(g->units[a].cond, COND_FORMED);
	game_free(g);
	walk_rules_free(rs);
}

/*
 * 3.6.5: a hedge is crossed once, even where its line jogs under the
 * front.  A Line (3 BD, front x 8 to 13) on [10, 20] sent N meets a hedge
 * that runs along the north edge of row 20 for x >= 10 and of row 19 for
 * x <= 9, with the jog between x 9 and 10 in row 19.  Its first step
 * takes x 10 to 13 over it (Pr 1 + Pe 0 + 1 BD wide = 2 BD, 1 BD left);
 * its second takes x 8 and 9 over the same hedge: the same crossing,
 * already paid, so the step costs its 0.5 BD and the Line goes on formed
 * to [10, 17], 3 BD spent.  (It used to pay 2 BD again and stop on
 * [10, 19] with 1 BD unspent: a Skirmish Group paid the Rothe twice in
 * the default battle and ended a Mob.)
 */
static void
test_3_6_5_a_hedge_that_jogs_is_one_crossing(void **state)
{
	struct ruleset *rs = walk_rules_marked();
	struct game *g = walk_game(rs, 30, 30);
	uint8_t hedge = (uint8_t)ruleset_obst(rs, "hedge");
	int a, x, i;

	(void)state;
	a = walk_unit(g, "A", 0, "line", 4, (struct point){ 10, 20 }, DIR_N);
	for (x = 0; x < 30; x++)
		map_cell(g->map, x, x >= 10 ? 19 : 18)->edge[EDGE_SOUTH] = hedge;
	map_cell(g->map, 9, 19)->edge[EDGE_EAST] = hedge;
	walk_order(g, a, 10, 5);
	walk_turn(g, a, 1);
	i = walk_find(g, 0, a, "crosses the hedge");
	assert_true(i >= 0);
	i = walk_find(g, i, a, "one crossing, paid already");
	assert_true(i >= 0);
	assert_true(walk_event_is(g, i, a, "3.6.5#0", "the rest of its front "
	    "comes over the hedge it began to cross: one crossing, paid "
	    "already"));
	assert_int_equal(walk_find(g, i + 1, a, "crosses the hedge"), -1);
	assert_int_equal(g->units[a].pos.x, 10);
	assert_int_equal(g->units[a].pos.y, 17);
	assert_int_equal(g->units[a].cond, COND_FORMED);
	assert_true(walk_find(g, i, a, "A moves 1.5 BD (spent 3 BD of 3 "
	    "BD): stops at [10, 17] facing N, Line") >= 0);
	game_free(g);
	walk_rules_free(rs);
}

/*
 * 3.6.7 then 3.6.8: the look ahead that decides a pass (walk_can_clear)
 * leaves the enemies' gaps as it found them.  A Skirmish Group (4 BD) on
 * [10, 20] sent N passes through the standing Column B on [10, 15]
 * (rows 15 to 18) towards an enemy Line on [10, 9] facing S: it stops
 * for contact on [10, 13], 3.5 BD on, the gap 1.5 BD (one more step
 * would leave 1 BD).
 */
static void
test_3_6_8_contact_after_a_pass_through_a_friend(void **state)
{
	struct ruleset *rs = walk_rules_marked();
	struct game *g = walk_game(rs, 30, 30);
	int a, e, i;

	(void)state;
	a = walk_unit(g, "A", 0, "skirmish", 4, (struct point){ 10, 20 },
	    DIR_N);
	(void)walk_unit(g, "B", 0, "column", 4, (struct point){ 10, 15 },
	    DIR_N);
	e = walk_unit(g, "E", 1, "line", 4, (struct point){ 10, 9 }, DIR_S);
	walk_order(g, a, 10, 2);
	walk_turn(g, a, 1);
	i = walk_find(g, 0, a, "passes through standing B");
	assert_true(i >= 0);
	i = walk_find(g, i, a, "gap to E");
	assert_true(walk_event_is(g, i, a, "3.6.8#0", "gap to E: 1.5 BD; one "
	    "more step would leave 1 BD"));
	assert_true(walk_event_is(g, i + 1, a, "3.6.8#0", "A moves 3.5 BD "
	    "(spent 3.5 BD of 4 BD): stops at [10, 13] facing N, Skirmish "
	    "Group: the enemy"));
	assert_int_equal(g->units[a].halt, HALT_CONTACT);
	assert_int_equal(g->units[a].contact, e);
	assert_int_equal(g->units[a].pos.y, 13);
	game_free(g);
	walk_rules_free(rs);
}

/*
 * 3.6.8: of two enemies a step would bring too close, the walker halts in
 * contact with the nearer.  A Line (front x 8 to 13, row 20) sent N has
 * E, a Line whose front row is 16, 1.5 BD ahead, and F, a Column on
 * rows 16 to 18 from x 16, 1.25 BD off to its right front; one step N
 * would leave 1 BD to each.  It stays on [10, 20] in contact with F, the
 * nearer, whatever the order the two were met in (E was put on the map
 * first: it used to be E, 1.5 BD off).
 */
static void
test_3_6_8_contact_is_with_the_nearest_enemy(void **state)
{
	struct ruleset *rs = walk_rules_marked();
	struct game *g = walk_game(rs, 30, 30);
	int a, e, f, i;

	(void)state;
	a = walk_unit(g, "A", 0, "line", 4, (struct point){ 10, 20 }, DIR_N);
	e = walk_unit(g, "E", 1, "line", 4, (struct point){ 10, 16 }, DIR_S);
	f = walk_unit(g, "F", 1, "column", 4, (struct point){ 16, 17 },
	    DIR_W);
	walk_order(g, a, 10, 5);
	walk_turn(g, a, 1);
	i = walk_find(g, 0, a, "gap to");
	assert_true(walk_event_is(g, i, a, "3.6.8#0", "gap to F: 1.25 BD; one "
	    "more step would leave 1 BD"));
	assert_int_equal(g->units[a].halt, HALT_CONTACT);
	assert_int_equal(g->units[a].contact, f);
	assert_int_not_equal(g->units[a].contact, e);
	assert_int_equal(g->units[a].pos.x, 10);
	assert_int_equal(g->units[a].pos.y, 20);
	game_free(g);
	walk_rules_free(rs);
}

/*
 * 3.6.7: a walk that would end its move inside a second friend beyond the
 * first says so, naming both.  A Skirmish Group (4 BD) on [10, 10] sent S
 * meets B, a Road Column lying across its way on row 12, and beyond it
 * C, a Line facing E whose flank it would walk down for rows 13 to 18:
 * through both it does not come clear this turn, so it stops on
 * [10, 11] behind B, and the log names C as what it could not clear (it
 * used to name B alone, which the player could move and still be held).
 * With c_first, C is filed first (unit 0): the same stop and the same
 * line.
 */
static void
friend_beyond_named(bool c_first)
{
	struct ruleset *rs = walk_rules_marked();
	struct game *g = walk_game(rs, 30, 30);
	int a, i;

	if (c_first)
		assert_int_equal(walk_unit(g, "C", 0, "line", 4,
		    (struct point){ 11, 15 }, DIR_E), 0);
	a = walk_unit(g, "A", 0, "skirmish", 4, (struct point){ 10, 10 },
	    DIR_S);
	(void)walk_unit(g, "B", 0, "road_column", 4, (struct point){ 6, 12 },
	    DIR_W);
	if (!c_first)
		(void)walk_unit(g, "C", 0, "line", 4, (struct point){ 11, 15 },
		    DIR_E);
	walk_order(g, a, 10, 28);
	walk_turn(g, a, 1);
	i = walk_find(g, 0, a, "has not the speed left");
	assert_true(i >= 0);
	assert_true(walk_event_is(g, i, a, "3.6.7#0", "A has not the speed "
	    "left to pass right through B and C beyond it this turn: it stops "
	    "behind B"));
	assert_int_equal(g->units[a].pos.x, 10);
	assert_int_equal(g->units[a].pos.y, 11);
	assert_int_equal(g->units[a].halt, HALT_BLOCKED);
	game_free(g);
	walk_rules_free(rs);
}

static void
test_3_6_7_the_friend_beyond_is_named(void **state)
{
	(void)state;
	friend_beyond_named(false);
}

static void
test_3_6_7_the_friend_beyond_is_named_when_it_is_unit_0(void **state)
{
	(void)state;
	friend_beyond_named(true);
}

/*
 * move_note: notes of every length about the first buffer's size (256
 * bytes), 200 to 400 bytes long, are kept whole, each in a buffer of its
 * own: the text, its length and its terminator, and the walk's count.
 */
static void
test_move_note_keeps_notes_of_every_length(void **state)
{
	struct move_walk w;
	char text[401];
	int len, i;

	(void)state;
	for (i = 0; i < 400; i++)
		text[i] = (char)('A' + i % 26);
	text[400] = '\0';
	memset(&w, 0, sizeof w);
	w.explain = true;
	for (len = 200; len <= 400; len++)
		move_note(&w, EV_NOTE, "3.6.1", "%.*s", len, text);
	assert_int_equal(w.nnotes, 201);
	for (len = 200; len <= 400; len++) {
		assert_int_equal(strlen(w.notes[len - 200].text), len);
		assert_memory_equal(w.notes[len - 200].text, text, len);
	}
	move_walk_free(&w);
	assert_int_equal(w.nnotes, 0);
}

/*
 * move_gap: the gap in ticks between two blocks is that of their nearest
 * cells, 2 ticks (STEP_ORTHO) for each orthogonal cell between them and
 * 1 more (STEP_DIAG - STEP_ORTHO) for each diagonal one, 0 for cells side
 * by side, -1 when they overlap.  The row of a cell far from the other
 * block is skipped only when it cannot do better than the best found:
 * with the far cell first and the near one after it, the near one still
 * gives the gap, whichever side of the other block and on either axis;
 * and a cell inside the other block's box after one side by side still
 * finds the overlap.
 */
static void
test_move_gap_keeps_the_nearest_cell_after_a_far_one(void **state)
{
	const struct point far_near[] = { { 0, 5 }, { 9, 5 } };
	const struct point far_near_right[] = { { 25, 5 }, { 12, 5 } };
	const struct point far_near_y[] = { { 5, 0 }, { 5, 9 } };
	const struct point far_near_below[] = { { 5, 25 }, { 5, 12 } };
	const struct point pair_x[] = { { 10, 5 }, { 11, 5 } };
	const struct point one_x[] = { { 10, 5 } };
	const struct point one_y[] = { { 5, 10 } };
	const struct point pair_y[] = { { 5, 10 }, { 5, 11 } };
	const struct point far_on[] = { { 0, 0 }, { 10, 5 } };
	const struct point diag[] = { { 7, 8 } };
	const struct point gapped_x[] = { { 10, 5 }, { 12, 5 } };
	const struct point beside_then_on_x[] = { { 9, 5 }, { 12, 5 } };
	const struct point gapped_y[] = { { 5, 10 }, { 5, 12 } };
	const struct point beside_then_on_y[] = { { 5, 9 }, { 5, 12 } };

	(void)state;
	/* Ten cells apart: nine between, 18 ticks. */
	assert_int_equal(move_gap(far_near, 1, one_x, 1), 18);
	assert_int_equal(move_gap(far_near, 2, one_x, 1), 0);
	assert_int_equal(move_gap(far_near, 2, pair_x, 2), 0);
	/* From the right of the box: 12 to 11 is side by side. */
	assert_int_equal(move_gap(far_near_right, 1, pair_x, 2), 26);
	assert_int_equal(move_gap(far_near_right, 2, pair_x, 2), 0);
	assert_int_equal(move_gap(far_near_right, 2, one_x, 1), 2);
	assert_int_equal(move_gap(far_near_y, 2, one_y, 1), 0);
	assert_int_equal(move_gap(far_near_y, 2, pair_y, 2), 0);
	assert_int_equal(move_gap(far_near_below, 2, pair_y, 2), 0);
	assert_int_equal(move_gap(far_near_below, 2, one_y, 1), 2);
	assert_int_equal(move_gap(far_on, 2, one_x, 1), -1);
	/* (7, 8) to (10, 5): two cells between across, two down: 2 * 2
	 * + 2 * 1. */
	assert_int_equal(move_gap(diag, 1, one_x, 1), 6);
	assert_int_equal(move_gap(one_x, 1, diag, 1), 6);
	assert_int_equal(move_gap(diag, 0, one_x, 1), INT_MAX);
	/* A cell inside the other block's box is looked at even after a
	 * gap of 0: it may stand on one of its cells (a box with a hole,
	 * as a diagonal block's). */
	assert_int_equal(move_gap(beside_then_on_x, 1, gapped_x, 2), 0);
	assert_int_equal(move_gap(beside_then_on_x, 2, gapped_x, 2), -1);
	assert_int_equal(move_gap(beside_then_on_y, 2, gapped_y, 2), -1);
}

/* The enemies and friends cands_find gives unit u's walk (12 ticks left)
 * without the index (*without) and with ctx's (*with), and the masks of
 * their units' indexes (*mwo, *mw).  The caller frees both (cands_done). */
static void
cands_both(struct game *g, struct move_ctx *ctx, int u, struct cands *with,
    struct cands *without, unsigned *mw, unsigned *mwo)
{
	struct move_walk w;
	int i;

	move_walk_init(g, u, &w);
	w.left = 12;
	memset(with, 0, sizeof *with);
	memset(without, 0, sizeof *without);
	cands_find(g, NULL, &w, without);
	cands_find(g, ctx, &w, with);
	*mw = *mwo = 0;
	for (i = 0; i < without->n; i++)
		*mwo |= 1u << without->v[i].unit;
	for (i = 0; i < with->n; i++)
		*mw |= 1u << with->v[i].unit;
	move_walk_free(&w);
}

/*
 * cands_find with the per-phase index finds the enemies it finds without
 * (ctx NULL: every unit looked at), whichever side the walker is: side 0,
 * side 1, and a side outside those the index keeps a list for (a unit of
 * side 2, which the index files with side 0's, slot_of), whose enemies
 * are the units of both sides.  E0, F0 and W2 of side 0 and E1 of side 1
 * stand within a Column's reach of one another on a 100 x 100 map, in
 * three of the index's buckets; X1 of side 1 stands at (90, 90), beyond
 * any walker's reach.  W2 walks as a unit of side 2 (filed in side 0's
 * lists either way).  The index reads its buckets in its own order, so
 * the units found are compared as a set (a mask of indexes).
 */
static void
test_cands_find_with_the_index_as_without(void **state)
{
	struct ruleset *rs = walk_rules();
	struct game *g = walk_game(rs, 100, 100);
	struct move_ctx *ctx;
	struct cands with, without;
	int e0, f0, e1, w2, k, i, u;
	unsigned want[3], mw, mwo;

	(void)state;
	e0 = walk_unit(g, "E0", 0, "column", 4, (struct point){ 10, 10 },
	    DIR_N);
	f0 = walk_unit(g, "F0", 0, "column", 4, (struct point){ 20, 12 },
	    DIR_N);
	e1 = walk_unit(g, "E1", 1, "column", 4, (struct point){ 14, 20 },
	    DIR_S);
	w2 = walk_unit(g, "W2", 0, "column", 4, (struct point){ 17, 10 },
	    DIR_N);
	(void)walk_unit(g, "X1", 1, "column", 4, (struct point){ 90, 90 },
	    DIR_S);
	want[0] = 1u << e1;
	want[1] = 1u << e0 | 1u << f0 | 1u << w2;
	want[2] = 1u << e0 | 1u << f0 | 1u << e1;
	ctx = move_ctx_create(g);
	for (k = 0; k < 3; k++) {
		u = k == 0 ? e0 : k == 1 ? e1 : w2;
		g->units[w2].side = k == 2 ? 2 : 0;
		cands_both(g, ctx, u, &with, &without, &mw, &mwo);
		for (i = 0; i < with.n; i++) {
			assert_int_equal(with.v[i].n, game_footprint(g,
			    &g->units[with.v[i].unit], with.v[i].cells));
			assert_int_equal(with.v[i].gap, INT_MAX);
		}
		assert_int_equal(mwo, want[k]);
		assert_int_equal(mw, want[k]);
		assert_int_equal(with.n, without.n);
		cands_done(NULL, &with);
		cands_done(NULL, &without);
	}
	move_ctx_free(ctx);
	game_free(g);
	ruleset_free(rs);
}

/*
 * cands_find's radius, exactly: r cells about the walker on each axis,
 * r = w->left / STEP_ORTHO + REACH_CELLS + 2 x move_block_reach.  For
 * the Napoleonic ruleset with 12 ticks left: 6 + 8 (farthest_reach 4 BD,
 * 16 ticks) + 2 x 12 (the deepest block, a cavalry Manoeuvre Column) =
 * 38.  A walker at [50, 50] on a 100 x 100 map, far from the origin so
 * that the distances are not the coordinates: enemies 38 cells off east
 * and south are found, with the index and without; 39 cells off, not.
 */
static void
test_cands_find_radius_is_exact(void **state)
{
	struct ruleset *rs = walk_rules();
	struct game *g = walk_game(rs, 100, 100);
	struct move_ctx *ctx;
	struct cands with, without;
	int u, e[4];
	unsigned want, mw, mwo;

	(void)state;
	assert_int_equal(rs->farthest_reach, 16);
	assert_int_equal(move_block_reach(g), 12);
	u = walk_unit(g, "W", 0, "column", 4, (struct point){ 50, 50 },
	    DIR_N);
	e[0] = walk_unit(g, "E", 1, "column", 4, (struct point){ 88, 50 },
	    DIR_N);
	e[1] = walk_unit(g, "S", 1, "column", 4, (struct point){ 50, 88 },
	    DIR_N);
	e[2] = walk_unit(g, "E1", 1, "column", 4, (struct point){ 89, 60 },
	    DIR_N);
	e[3] = walk_unit(g, "S1", 1, "column", 4, (struct point){ 60, 89 },
	    DIR_N);
	want = 1u << e[0] | 1u << e[1];
	ctx = move_ctx_create(g);
	cands_both(g, ctx, u, &with, &without, &mw, &mwo);
	assert_int_equal(mwo, want);
	assert_int_equal(mw, want);
	cands_done(NULL, &with);
	cands_done(NULL, &without);
	move_ctx_free(ctx);
	game_free(g);
	ruleset_free(rs);
}

/* The Napoleonic ruleset's step with the map's edge left to the engine:
 * a step the ruleset refuses is a plain step of its length. */
static const struct ruleset_ops *edgeless_base;

static void
edgeless_step(const struct game *g, const struct move_walk *w, enum dir d,
    struct move_price *p)
{
	edgeless_base->move_step(g, w, d, p);
	if (p->verdict != MOVE_OK) {
		move_price_init(p);
		p->ticks = dir_step_cost(d);
	}
}

/*
 * The engine's own check of the map's edge (walk_step_in): under a
 * ruleset that prices every step (edgeless_step), a Line of drill 4 (3 BD)
 * on [4, 4] facing NW, sent to the corner [0, 0], steps NW to [3, 3] and
 * [2, 2]; the next step would put its block (three cells across the
 * diagonal) off the map, and no way round reaches the corner: it says so,
 * citing the rule of a blocked walk, and halts on [2, 2], blocked, having
 * walked 6 ticks.
 */
static void
test_walk_block_leaving_the_map_halts_blocked(void **state)
{
	struct ruleset *rs = walk_rules();
	struct ruleset_ops ops = *rs->ops;
	const struct ruleset_ops *keep = rs->ops;
	struct game *g;
	int a, i;

	(void)state;
	edgeless_base = rs->ops;
	ops.move_step = edgeless_step;
	rs->ops = &ops;
	g = walk_game(rs, 30, 30);
	a = walk_unit(g, "A", 0, "line", 4, (struct point){ 4, 4 }, DIR_NW);
	walk_order(g, a, 0, 0);
	walk_turn(g, a, 1);
	i = walk_find(g, 0, a, "the block would leave the map");
	assert_true(walk_event_is(g, i, a, rule_for(g, HALT_BLOCKED),
	    "the block would leave the map"));
	assert_true(walk_event_is(g, i + 1, a, rule_for(g, HALT_BLOCKED),
	    "A moves 1.5 BD (spent 1.5 BD of 3 BD): stops at [2, 2] facing "
	    "NW, Line: the way is blocked"));
	assert_int_equal(g->units[a].halt, HALT_BLOCKED);
	assert_int_equal(g->units[a].pos.x, 2);
	assert_int_equal(g->units[a].pos.y, 2);
	assert_int_equal(g->units[a].moved, 6);
	game_free(g);
	rs->ops = keep;
	ruleset_free(rs);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
		    test_3_6_3_face_about_over_turns_cites_the_first_note),
		cmocka_unit_test(
		    test_3_6_3_face_about_one_note_figures_only),
		cmocka_unit_test(
		    test_3_6_3_face_about_preview_path_ends_at_the_new_front),
		cmocka_unit_test(test_3_6_8_contact_halt_cites_the_contact_price),
		cmocka_unit_test(test_3_6_5_river_stopped_in_owes_the_rest),
		cmocka_unit_test(
		    test_3_6_7_friend_not_passed_this_turn_cites_the_pass_price),
		cmocka_unit_test(
		    test_3_6_5_village_changes_formation_and_goes_in),
		cmocka_unit_test(
		    test_3_6_3_turn_after_walking_waits_for_next_turn),
		cmocka_unit_test(test_3_6_3_turn_owed_45_degrees_a_turn),
		cmocka_unit_test(test_3_6_5_change_without_room_stands),
		cmocka_unit_test(test_3_6_5_lake_across_the_way_makes_a_mob),
		cmocka_unit_test(test_3_6_5_obstacle_too_dear_stops_before_it),
		cmocka_unit_test(
		    test_3_9_5_touching_routers_halts_with_their_rule),
		cmocka_unit_test(test_3_6_6_road_column_turns_about_on_its_road),
		cmocka_unit_test(test_3_6_5_change_then_a_step_too_dear),
		cmocka_unit_test(
		    test_002_HO4_points_under_the_block_are_reached),
		cmocka_unit_test(
		    test_002_HO4_point_under_the_block_then_a_long_leg),
		cmocka_unit_test(test_002_H12_passes_cite_the_pass_price),
		cmocka_unit_test(test_3_6_7_friend_passed_once_over_its_depth),
		cmocka_unit_test(
		    test_3_6_7_friend_past_the_bend_is_seen_as_passed),
		cmocka_unit_test(
		    test_3_6_7_friend_seen_ahead_passed_with_the_whole_speed),
		cmocka_unit_test(
		    test_3_6_7_friend_seen_ahead_priced_facing_the_line),
		cmocka_unit_test(
		    test_3_6_7_friend_seen_ahead_cleared_with_the_whole_speed),
		cmocka_unit_test(
		    test_3_6_7_friend_past_the_bend_too_deep_is_gone_round),
		cmocka_unit_test(test_3_6_7_friend_on_the_goals_row_is_gone_round),
		cmocka_unit_test(
		    test_3_6_7_destination_held_by_friend_takes_nearest_free_place),
		cmocka_unit_test(
		    test_3_6_7_destination_held_with_no_free_place_near_stops_near),
		cmocka_unit_test(
		    test_3_6_7_destination_held_already_on_part_of_it_stays),
		cmocka_unit_test(test_3_6_5_minimum_move_into_a_village),
		cmocka_unit_test(
		    test_3_6_5_look_ahead_stops_at_the_longest_move),
		cmocka_unit_test(test_3_6_5_wall_never_crossed_by_a_slow_line),
		cmocka_unit_test(
		    test_3_6_3_no_room_to_turn_names_the_unit_in_the_way),
		cmocka_unit_test(
		    test_3_6_5_crossing_after_a_turn_is_priced_with_what_is_left),
		cmocka_unit_test(test_3_6_5_a_hedge_that_jogs_is_one_crossing),
		cmocka_unit_test(test_3_6_8_contact_is_with_the_nearest_enemy),
		cmocka_unit_test(test_3_6_7_the_friend_beyond_is_named),
		cmocka_unit_test(
		    test_3_6_7_the_friend_beyond_is_named_when_it_is_unit_0),
		cmocka_unit_test(test_3_6_8_contact_after_a_pass_through_a_friend),
		cmocka_unit_test(test_move_text_i_writes_signed_decimals),
		cmocka_unit_test(test_move_text_i_three_digits_and_more),
		cmocka_unit_test(test_move_notes_log_keeps_each_note),
		cmocka_unit_test(test_move_text_bd_cuts_a_figure_to_31_bytes),
		cmocka_unit_test(test_move_note_keeps_long_notes_whole),
		cmocka_unit_test(test_3_6_3_speed_line_cut_to_a_note),
		cmocka_unit_test(
		    test_3_6_7_waiting_units_pass_through_as_things_stand),
		cmocka_unit_test(
		    test_3_6_7_way_round_the_swing_when_it_can_come_clear),
		cmocka_unit_test(
		    test_3_6_7_road_column_off_the_road_meets_a_friend_ahead),
		cmocka_unit_test(test_3_6_8_road_column_gap_counts_its_body),
		cmocka_unit_test(
		    test_3_6_6_forecast_sent_back_before_the_passage),
		cmocka_unit_test(
		    test_3_6_6_sent_back_before_the_passage_keeps_its_facing),
		cmocka_unit_test(
		    test_3_6_7_waits_for_a_friend_where_its_block_would_turn),
		cmocka_unit_test(test_walk_block_leaving_the_map_halts_blocked),
		cmocka_unit_test(test_move_note_keeps_notes_of_every_length),
		cmocka_unit_test(
		    test_move_gap_keeps_the_nearest_cell_after_a_far_one),
		cmocka_unit_test(test_cands_find_with_the_index_as_without),
		cmocka_unit_test(test_cands_find_radius_is_exact),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
