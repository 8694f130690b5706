/*
 * test-tutorial.c - every tutorial scenario played through, step by step.
 *
 * Each lesson in data/scenarios/tutorial-NN-*.yaml and
 * tutorial-hm-NN-*.yaml (the horse-and-musket ones) is loaded; its first
 * step must not be done at the start.  Then, for each step, the orders and
 * turns a player would give are applied through game_order() and
 * game_turn() (the one path the interface uses too), and the step must
 * become done - not before its last action, and not by skipping the step
 * before it.  A small script language keeps the lessons readable:
 *
 *     "move UNIT x,y [x,y ...]"   a Move order from the unit's general
 *     "stop UNIT"                 a Stop order
 *     "form UNIT FORMATION"       a Formation order
 *     "restore UNIT"              a Restore order
 *     "retire UNIT x,y"           the ruleset's retire action (H7)
 *     "turn [N]"                  play N whole turns (default 1)
 *
 * A step with no actions (ACT(NULL)) must be done by the same action
 * that finished the step before it.
 *
 * The tutorial goals themselves (order, place, formation, condition,
 * event, turn) are also tested on a small scenario built here.
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
#include "core/move.h"
#include "core/tutorial.h"
#include "io/load.h"
#include "io/yread.h"
#include "core/ruleset.h"
#include "util/xalloc.h"

#define MAX_STEPS	8

struct lesson {
	const char	*file;
	/* one NULL-terminated list of actions per step */
	const char *const *steps[MAX_STEPS];
};

#define ACT(...)	((const char *const[]){ __VA_ARGS__, NULL })

static const struct lesson lessons[] = {
	{ "tutorial-01-move.yaml", {
		ACT("turn"),
		ACT("move 2-4L 8,4"),
		ACT("turn 3"),
	} },
	{ "tutorial-02-stop.yaml", {
		ACT("turn"),
		ACT("stop 1-9Lt"),
		ACT("turn"),
		ACT("move 1-9Lt 8,1", "turn"),
	} },
	{ "tutorial-03-formation.yaml", {
		ACT("form 1-9Lt line"),
		ACT("turn"),
		ACT("move 1-9Lt 7,4", "turn"),
		ACT("form 2-9Lt manoeuvre_column", "turn",
		    "move 2-9Lt 17,2", "turn"),
	} },
	{ "tutorial-04-landscape.yaml", {
		ACT("move 1-46L 12,3"),
		ACT("turn"),
		ACT("turn 3"),
	} },
	{ "tutorial-05-roads.yaml", {
		ACT("move 1-63L 6,1", "turn"),
		ACT("move 2-63L 18,1", "turn"),
		ACT("move 3-63L 27,1", "turn"),
	} },
	{ "tutorial-06-passage.yaml", {
		ACT("move 1-63L 8,1", "turn"),
		ACT("turn"),
		ACT("move 2-63L 18,1", "turn"),
	} },
	{ "tutorial-07-friends.yaml", {
		ACT("move 2-4Lt 7,3", "turn"),
		ACT("move 2-18L 15,8 15,3", "turn"),	/* w at [15, 8] */
		ACT(NULL),
	} },
	{ "tutorial-08-contact.yaml", {
		ACT("move 3-Ch 19,2", "turn"),
		ACT("move 1-24Lt 10,2", "turn 2"),
		ACT("form 1-24Lt column", "turn"),
		ACT("move 1-24Lt 13,4"),
		ACT("turn"),
	} },
	{ "tutorial-09-rout.yaml", {
		ACT("turn"),
		ACT("move 8-Hus 12,2", "turn 2"),
		ACT(NULL),
	} },
	{ "tutorial-10-command.yaml", {
		ACT("move 1-26Lt 7,6"),
		ACT("move 2-26Lt 34,16"),
		ACT("turn 3"),
	} },
	{ "tutorial-hm-01-ground.yaml", {
		ACT("move VAR 30,2", "turn"),
		ACT("move MD 12,2", "turn"),
		ACT("turn"),
		ACT("move MD 17,2", "turn"),
		ACT("move MD 23,8", "turn"),
		ACT("move MD 18,2", "turn"),
	} },
	{ "tutorial-hm-02-wheel.yaml", {
		ACT("move MD 24,20", "turn"),
		ACT("move VAM 30,10", "turn"),
		ACT("turn"),
		ACT("retire MD 18,20", "turn"),
		ACT("retire 3LD 8,49", "turn"),
	} },
};

static const char *
datadir(void)
{
	const char *d = getenv("MARSHAL_DATA");

	return d != NULL ? d : "data";
}

/* Print the log, for a lesson that does not go as scripted. */
static void
dump_log(const struct game *g)
{
	char buf[1024];
	int i;

	for (i = 0; i < g->log.n; i++) {
		event_format(&g->log.v[i], buf, sizeof buf);
		fprintf(stderr, "  turn %d, %s: %s\n", g->log.v[i].turn,
		    g->log.v[i].unit >= 0 ? g->units[g->log.v[i].unit].id :
		    "-", buf);
	}
}

static int
unit_or_fail(const struct game *g, const char *id)
{
	int u = game_find_unit(g, id);

	if (u < 0)
		fail_msg("no unit '%s'", id);
	return u;
}

/* Whether a Move order to one point is given as the interface gives it:
 * with the route its preview shows (move_route), not as written. */
static bool routed;

/* Apply one scripted action; the tutorial is advanced after it. */
static void
act(struct game *g, const char *line)
{
	char verb[16], id[64], arg[64], *cause = NULL;
	const char *p;
	struct order o;
	int n = 0, k;

	memset(&o, 0, sizeof o);
	o.formation = -1;
	if (sscanf(line, "%15s %n", verb, &n) != 1)
		fail_msg("bad action '%s'", line);
	p = line + n;
	if (strcmp(verb, "turn") == 0) {
		k = 1;
		if (*p != '\0')
			k = atoi(p);
		while (k-- > 0)
			game_turn(g);
		return;
	}
	if (sscanf(p, "%63s %n", id, &n) != 1)
		fail_msg("no unit in '%s'", line);
	p += n;
	o.unit = unit_or_fail(g, id);
	o.general = g->units[o.unit].general;
	if (strcmp(verb, "move") == 0 || strcmp(verb, "retire") == 0) {
		o.kind = ORDER_MOVE;
		if (strcmp(verb, "retire") == 0) {
			o.kind = ORDER_ACTION;
			o.facing = -1;
			if ((o.action = ruleset_action(g->rs, "retire")) < 0)
				fail_msg("no retire action in '%s'", line);
		}
		while (o.npts < ORDER_MAX_POINTS && sscanf(p, "%d,%d %n",
		    &o.pts[o.npts].x, &o.pts[o.npts].y, &n) == 2) {
			o.npts++;
			p += n;
		}
	} else if (strcmp(verb, "stop") == 0)
		o.kind = ORDER_STOP;
	else if (strcmp(verb, "restore") == 0)
		o.kind = ORDER_RESTORE;
	else if (strcmp(verb, "form") == 0) {
		o.kind = ORDER_FORMATION;
		if (sscanf(p, "%63s", arg) != 1 ||
		    (o.formation = ruleset_form(g->rs, arg)) < 0)
			fail_msg("bad formation in '%s'", line);
	} else
		fail_msg("unknown action '%s'", line);
	if (routed && o.kind == ORDER_MOVE && o.npts == 1) {
		struct order r;

		assert_int_equal(move_route(g, &o, &r), 0);
		o = r;
	}
	if (game_order(g, &o, &cause) != 0) {
		fprintf(stderr, "order '%s' refused: %s\n", line, cause);
		free(cause);
		fail();
	}
}

static void
play_lesson(const struct lesson *l)
{
	char *path = xasprintf("%s/scenarios/%s", datadir(), l->file);
	struct ruleset *rs = NULL;
	struct tutorial *t;
	struct game *g;
	struct diags d;
	int i, j, nsteps = 0;

	diags_init(&d);
	g = load_scenario(path, datadir(), &rs, &d);
	if (g == NULL)
		diags_print(&d, stderr);
	assert_non_null(g);
	t = g->tutorial;
	assert_non_null(t);
	while (nsteps < MAX_STEPS && l->steps[nsteps] != NULL)
		nsteps++;
	assert_int_equal(t->nsteps, nsteps);
	/* Nothing is done before the player does anything. */
	assert_false(tutorial_check(t, g).done);
	assert_int_equal(tutorial_advance(t, g), 0);
	for (i = 0; i < nsteps; i++) {
		/* An empty list: done by the same action as the step before
		 * (a result that follows from it, told separately). */
		if (l->steps[i][0] == NULL) {
			assert_true(t->step > i);
			continue;
		}
		if (t->step != i) {
			fprintf(stderr, "%s: at step %d (%s), expected step "
			    "%d\n", l->file, t->step + 1, t->step < t->nsteps ?
			    t->steps[t->step].title : "finished", i + 1);
			dump_log(g);
		}
		assert_int_equal(t->step, i);
		for (j = 0; l->steps[i][j] != NULL; j++) {
			/* The step is not done before its last action. */
			assert_int_equal(t->step, i);
			act(g, l->steps[i][j]);
			tutorial_advance(t, g);
		}
		if (t->step <= i) {
			fprintf(stderr, "%s: step %d (%s) not done\n",
			    l->file, i + 1, t->steps[i].title);
			dump_log(g);
		}
		assert_true(t->step > i);
	}
	assert_true(tutorial_finished(t));
	assert_true(tutorial_check(t, g).done);
	/* TUTORIAL_LOG=1 shows each lesson's log, to check its texts. */
	if (getenv("TUTORIAL_LOG") != NULL)
		dump_log(g);
	game_free(g);
	ruleset_free(rs);
	diags_free(&d);
	free(path);
}

static void
test_lessons(void **state)
{
	size_t i;

	(void)state;
	routed = false;
	for (i = 0; i < sizeof lessons / sizeof lessons[0]; i++) {
		print_message("%s\n", lessons[i].file);
		play_lesson(&lessons[i]);
	}
}

/*
 * The same lessons with each Move order given as a player gives it with
 * m and Enter: the order keeps the route its preview showed
 * (move_route).  A lesson must come out as its text says that way too:
 * a route no quicker than the plain march must not replace it (the
 * horse-and-musket lessons' wheel and about face were lost so).
 */
static void
test_lessons_as_the_interface_orders(void **state)
{
	size_t i;

	(void)state;
	routed = true;
	for (i = 0; i < sizeof lessons / sizeof lessons[0]; i++) {
		print_message("%s (routed)\n", lessons[i].file);
		play_lesson(&lessons[i]);
	}
	routed = false;
}

/* The bundled lesson file (its name in data/scenarios) loaded and every
 * step of its script (lessons[]) carried out: the game as the lesson
 * leaves it, its ruleset in *rs.  Caller frees both. */
static struct game *
lesson_played(const char *file, struct ruleset **rs)
{
	char *path = xasprintf("%s/scenarios/%s", datadir(), file);
	struct game *g;
	struct diags d;
	size_t i;
	int j;

	diags_init(&d);
	g = load_scenario(path, datadir(), rs, &d);
	if (g == NULL)
		diags_print(&d, stderr);
	diags_free(&d);
	free(path);
	assert_non_null(g);
	for (i = 0; i < sizeof lessons / sizeof lessons[0]; i++)
		if (strcmp(lessons[i].file, file) == 0)
			break;
	assert_true(i < sizeof lessons / sizeof lessons[0]);
	for (j = 0; j < MAX_STEPS && lessons[i].steps[j] != NULL; j++) {
		const char *const *a;

		for (a = lessons[i].steps[j]; *a != NULL; a++)
			act(g, *a);
	}
	return g;
}

/*
 * H7: the second horse-and-musket lesson ends with the dragoons' Retire
 * order "standing for next turn": its point must be one their block can
 * stand on.  A cavalry Line is 3 cells deep, so on the lesson's 52 rows
 * its anchor may go no lower than row 49; sent to [8, 50] they halted at
 * [8, 49] for good, the block leaving the map a row further.  One turn
 * after the lesson they stand on the point their order names, done.
 */
static void
test_H7_lesson_2_dragoons_reach_their_retire_point(void **state)
{
	struct ruleset *rs = NULL;
	struct game *g = lesson_played("tutorial-hm-02-wheel.yaml", &rs);
	struct point to;
	int u;

	(void)state;
	u = unit_or_fail(g, "3LD");
	assert_int_equal(g->units[u].pos.x, 8);
	assert_int_equal(g->units[u].pos.y, 48);
	assert_int_equal(g->units[u].order.kind, ORDER_MOVE);
	to = g->units[u].order.pts[g->units[u].order.npts - 1];
	assert_int_equal(to.x, 8);
	assert_int_equal(to.y, 49);
	game_turn(g);
	assert_int_equal(g->units[u].pos.x, to.x);
	assert_int_equal(g->units[u].pos.y, to.y);
	assert_int_equal(g->units[u].facing, DIR_N);
	assert_int_equal(g->units[u].order.kind, ORDER_NONE);
	game_free(g);
	ruleset_free(rs);
}


/*
 * H8: the first horse-and-musket lesson ends with the Continentals'
 * about face, their Move order standing for the next turn.  Its point
 * must be one a Line can reach and stand on: sent to [12, 2] they
 * wandered at the map's edge, their block having no room there to face
 * W, for the rest of the battle.  Sent straight behind them to [18, 2],
 * they march the next turn (turn 7 of 8) and arrive, 4.5 of their 6
 * inches spent, still facing NW.
 */
static void
test_H8_lesson_1_continentals_reach_their_last_point(void **state)
{
	struct ruleset *rs = NULL;
	struct game *g = lesson_played("tutorial-hm-01-ground.yaml", &rs);
	struct point to;
	int u;

	(void)state;
	u = unit_or_fail(g, "MD");
	assert_int_equal(g->units[u].pos.x, 22);
	assert_int_equal(g->units[u].pos.y, 6);
	assert_int_equal(g->units[u].facing, DIR_NW);
	assert_int_equal(g->units[u].order.kind, ORDER_MOVE);
	to = g->units[u].order.pts[g->units[u].order.npts - 1];
	assert_int_equal(to.x, 18);
	assert_int_equal(to.y, 2);
	/* The lesson took six turns: the march is turn 7 of the 8. */
	assert_int_equal(g->turn, 7);
	assert_int_equal(g->opt.turn_limit, 8);
	game_turn(g);
	assert_int_equal(g->units[u].pos.x, 18);
	assert_int_equal(g->units[u].pos.y, 2);
	assert_int_equal(g->units[u].facing, DIR_NW);
	assert_int_equal(g->units[u].order.kind, ORDER_NONE);
	game_free(g);
	ruleset_free(rs);
}

/* A small scenario for the goals themselves. */
static const char small[] =
    "scenario: goals\n"
    "ruleset: napoleonic\n"
    "map:\n"
    "  legend: {\".\": open}\n"
    "  landscape: |\n"
    "    ....................\n"
    "    ....................\n"
    "    ....................\n"
    "    ....................\n"
    "    ....................\n"
    "    ....................\n"
    "    ....................\n"
    "    ....................\n"
    "    ....................\n"
    "    ....................\n"
    "    ....................\n"
    "    ....................\n"
    "    ....................\n"
    "    ....................\n"
    "    ....................\n"
    "    ....................\n"
    "sides:\n"
    "  - oob: {oob: A, side: A, general: {id: ga, units: [\n"
    "      {id: a, arm: infantry, drill: 4, musician: true, strength: 500}]}}\n"
    "    rear: [10, 15]\n"
    "    deploy: [{unit: a, at: [10, 10], facing: N, formation: column}]\n"
    "  - oob: {oob: B, side: B, general: {id: gb, units: [\n"
    "      {id: b, arm: infantry, drill: 4, strength: 500}]}}\n"
    "    rear: [0, 0]\n"
    "    deploy: [{unit: b, at: [1, 12], facing: N, formation: column}]\n"
    "tutorial:\n"
    "  - title: Order\n"
    "    text: Give a a move order.\n"
    "    goal: {unit: a, order: move}\n"
    "    result: Given.\n"
    "  - title: Turn\n"
    "    text: End the turn.\n"
    "    goal: {turn_ended: true, event: {unit: a, rule: \"3.6.1\"}}\n"
    "    result: Marched.\n"
    "  - title: Place\n"
    "    text: Reach the line.\n"
    "    goal: {unit: a, at: [10, 4], within: 0.5, formation: column,\n"
    "           condition: formed}\n"
    "    result: There.\n"
    "  - title: Area and order none\n"
    "    text: Arrive.\n"
    "    goal: {unit: a, in_area: [[12, 5], [8, 0]], order: none}\n"
    "    result: Arrived.\n"
    "  - title: Another turn\n"
    "    text: End one more turn.\n"
    "    goal: {turn_ended: true}\n"
    "    result: Done.\n";

static struct game *
load_small(const char *text, struct ruleset **rs, struct diags *d)
{
	struct doc_node *root;
	struct game *g;

	root = yread_buffer("small.yaml", text, strlen(text), d);
	assert_non_null(root);
	g = load_scenario_doc(root, ".", datadir(), NULL, rs, d);
	doc_free(root);
	return g;
}

static void
test_goals(void **state)
{
	struct ruleset *rs;
	struct game *g;
	struct diags d;
	struct tutorial *t;

	(void)state;
	diags_init(&d);
	g = load_small(small, &rs, &d);
	if (g == NULL)
		diags_print(&d, stderr);
	assert_non_null(g);
	t = g->tutorial;
	assert_int_equal(t->nsteps, 5);
	assert_string_equal(t->steps[0].title, "Order");
	assert_int_equal(t->steps[2].goal.within, 2);	/* 1/2 BD = 2 ticks */
	assert_int_equal(t->steps[3].goal.lo.x, 8);	/* corners sorted */
	assert_int_equal(t->steps[3].goal.hi.x, 12);

	/* A turn without the order finishes nothing: steps go in order. */
	game_turn(g);
	assert_int_equal(tutorial_advance(t, g), 0);
	assert_int_equal(tutorial_check(t, g).step, 0);
	assert_false(tutorial_check(t, g).done);

	act(g, "move a 10,4");
	assert_true(tutorial_check(t, g).done);
	assert_int_equal(tutorial_advance(t, g), 1);
	/* The 3.6.1 events of the turn before the order do not count. */
	assert_false(tutorial_check(t, g).done);
	act(g, "turn");
	/* The march, then (not yet) the place: one step only. */
	assert_int_equal(tutorial_advance(t, g), 1);
	assert_int_equal(t->step, 2);
	act(g, "turn 2");
	/* At [10, 4] with no order left: two steps at once. */
	assert_int_equal(g->units[0].pos.y, 4);
	assert_int_equal(tutorial_advance(t, g), 2);
	/* turn_ended counts from the step's start, not the game's. */
	assert_int_equal(t->step, 4);
	assert_false(tutorial_check(t, g).done);
	act(g, "turn");
	assert_int_equal(tutorial_advance(t, g), 1);
	assert_true(tutorial_finished(t));
	game_free(g);
	ruleset_free(rs);
	diags_free(&d);
}

/* All diagnostics as one string (caller frees). */
static char *
diags_text(const struct diags *d)
{
	char *all = xstrdup(""), *one, *next;
	int i;

	for (i = 0; i < d->n; i++) {
		one = diag_format(&d->v[i]);
		next = xasprintf("%s%s\n", all, one);
		free(one);
		free(all);
		all = next;
	}
	return all;
}

/* Malformed tutorial entries are refused at their position. */
static void
test_refused(void **state)
{
	static const struct {
		const char	*goal;
		const char	*want;
	} bad[] = {
		{ "{order: move}", "order needs unit" },
		{ "{unit: a}", "a goal needs something to check" },
		{ "{unit: zz, order: move}", "unknown unit 'zz'" },
		{ "{unit: a, within: 1}", "within needs at" },
		{ "{unit: a, formation: screen}", "cannot form Screen" },
		{ "{unit: a, order: march}", "march" },
		{ "{unit: a, in_area: [[1, 1]]}", "in_area needs two points" },
		{ "{turn_ended: false}", "leave turn_ended out" },
		{ "{event: {}}", "an event goal needs" },
		{ "{unit: a, colour: red}", "colour" },
	};
	const char *head;
	char *text, *s;
	struct ruleset *rs;
	struct game *g;
	struct diags d;
	size_t i;

	(void)state;
	head = strstr(small, "tutorial:\n");
	assert_non_null(head);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		text = xasprintf("%.*stutorial:\n  - title: T\n    text: x\n"
		    "    goal: %s\n    result: y\n", (int)(head - small),
		    small, bad[i].goal);
		diags_init(&d);
		g = load_small(text, &rs, &d);
		assert_null(g);
		assert_null(rs);
		s = diags_text(&d);
		if (strstr(s, bad[i].want) == NULL || strstr(s, "small.yaml:")
		    == NULL)
			fail_msg("goal %s: got '%s', want '%s'", bad[i].goal,
			    s, bad[i].want);
		free(s);
		diags_free(&d);
		free(text);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_goals),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_lessons),
		cmocka_unit_test(test_lessons_as_the_interface_orders),
		cmocka_unit_test(test_H7_lesson_2_dragoons_reach_their_retire_point),
		cmocka_unit_test(test_H8_lesson_1_continentals_reach_their_last_point),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
