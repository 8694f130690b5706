/*
 * test-decide.c - the decision protocol (core/decide.h).  The engine's
 * own: each side's orders once a turn, both open at once, the turn played
 * when both are done.  A ruleset's own: here a copy of the Napoleonic ops
 * whose sequencer stops after the movement phase to ask side 1 whether
 * one of its units halts (a Stop order, nothing else), as the
 * horse-and-musket facing phase or a Battlesystem withdrawal will ask.
 * The game refuses what is not asked, a save made while the question is
 * open loads with the question open, and a recording plays the answer
 * back at the point it was given.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/decide.h"
#include "core/game.h"
#include "core/ruleset.h"
#include "io/load.h"
#include "io/replay.h"
#include "io/save.h"
#include "io/yread.h"

static const char *
datadir(void)
{
	const char *d = getenv("MARSHAL_DATA");

	return d != NULL ? d : "data";
}

static char scenario[4096];

static struct game *
battle(struct ruleset **rs)
{
	struct diags d;
	struct game *g;

	snprintf(scenario, sizeof scenario, "%s/scenarios/default.yaml",
	    datadir());
	diags_init(&d);
	g = load_scenario(scenario, datadir(), rs, &d);
	if (g == NULL)
		diags_print(&d, stderr);
	diags_free(&d);
	assert_non_null(g);
	return g;
}

static void
test_decide_engine_asks_each_side_once_a_turn(void **state)
{
	struct ruleset *rs;
	struct game *g = battle(&rs);
	struct decision d[DECIDE_MAX];
	int n;

	(void)state;
	n = game_decisions(g, d, DECIDE_MAX);
	assert_int_equal(n, 2);
	assert_int_equal(d[0].kind, DECIDE_ORDERS);
	assert_int_equal(d[0].side, 0);
	assert_int_equal(d[1].side, 1);
	assert_int_equal(d[0].phase, -1);
	assert_int_equal(d[0].orders, 1u << ORDER_MOVE | 1u << ORDER_STOP |
	    1u << ORDER_FORMATION | 1u << ORDER_RESTORE);
	assert_int_equal(game_decided(g, 0), 0);
	assert_int_equal(g->turn, 1);		/* side 1 still to decide */
	assert_false(game_asks(g, 0));
	assert_true(game_asks(g, 1));
	assert_int_equal(game_decided(g, 0), -1);	/* not asked */
	assert_int_equal(g->decided, 1u);
	assert_int_equal(game_decided(g, 1), 0);
	assert_int_equal(g->turn, 2);		/* the turn was played */
	assert_int_equal(g->decided, 0u);
	assert_int_equal(g->step, 0);
	assert_int_equal(game_decisions(g, d, DECIDE_MAX), 2);
	game_free(g);
	ruleset_free(rs);
}

/* --- a ruleset that asks within the turn ---------------------------------- */

/* Its one action of its own: turn to face a way, where it stands. */
static const struct ruleset_action face_actions[] = {
	{ "face", "Face", ACTION_FACING, "T.1" },
	{ NULL, NULL, 0, NULL }
};

static struct ruleset_ops ops;
static int movement;		/* the phase after which it asks */
static int asked_unit;		/* the unit it asks about */

static int
ask_decisions(const struct game *g, struct decision *out, int max)
{
	int s, n = 0;

	for (s = 0; s < g->nsides && n < max; s++) {
		if (g->decided & (1u << s))
			continue;
		if (g->phase >= 0 && s != 1)
			continue;
		memset(&out[n], 0, sizeof out[n]);
		out[n].side = s;
		out[n].phase = g->phase;
		if (g->phase < 0) {
			out[n].kind = DECIDE_ORDERS;
			out[n].unit = -1;
			out[n].orders = 1u << ORDER_MOVE | 1u << ORDER_STOP;
		} else {
			out[n].kind = DECIDE_REACT;
			out[n].unit = asked_unit;
			out[n].orders = 1u << ORDER_STOP | 1u << ORDER_ACTION;
		}
		n++;
	}
	return n;
}

static void
ask_decided(struct game *g, int s)
{
	g->decided |= 1u << s;
	if (g->phase < 0) {
		if (g->decided != 3u)
			return;
		g->decided = 0;
		while (g->phase < movement && game_phase(g) >= 0)
			;
		return;
	}
	g->decided = 0;
	/* The answer: a unit told to face turns where it stands. */
	for (s = 0; s < g->nunits; s++)
		if (g->units[s].act.kind == ORDER_ACTION) {
			game_occupy(g, s, false);
			g->units[s].facing = (enum dir)g->units[s].act.facing;
			game_occupy(g, s, true);
			g->units[s].act.kind = ORDER_NONE;
		}
	while (g->phase >= 0 && game_phase(g) >= 0)
		;
}

static void
asking(struct ruleset *rs)
{
	ops = *rs->ops;
	ops.decisions = ask_decisions;
	ops.decided = ask_decided;
	ops.actions = face_actions;
	rs->ops = &ops;
	for (movement = 0; movement < rs->nphases; movement++)
		if (strcmp(rs->phase_keys[movement], "movement") == 0)
			break;
	assert_true(movement < rs->nphases);
}

/* A Move order for unit u to (x, y) from its own general. */
static struct order
move_to(const struct game *g, int u, int x, int y)
{
	struct order o;

	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = u;
	o.general = g->units[u].general;
	o.npts = 1;
	o.pts[0] = (struct point){ x, y };
	return o;
}

static void
record(void *arg, const struct game *g, const struct order *o)
{
	replay_add(arg, g, o);
}

static void
test_decide_ruleset_asks_within_the_turn(void **state)
{
	struct ruleset *rs, *rs2, *rs3;
	struct game *g = battle(&rs), *h, *h2;
	struct decision d[DECIDE_MAX];
	struct replay *rec, *back;
	struct order o;
	struct diags dg;
	struct doc_node *root;
	char *cause = NULL, *text = NULL, *buf = NULL;
	size_t len = 0, blen;
	FILE *f;
	uint64_t digest;
	int a, b;

	(void)state;
	asking(rs);
	rec = replay_record(g, scenario);
	g->on_order = record;
	g->on_order_arg = rec;
	/* Side 1's unit a marches; side 0's b too. */
	for (a = 0; g->units[a].side != 1; a++)
		;
	for (b = 0; g->units[b].side != 0; b++)
		;
	asked_unit = a;
	o = move_to(g, a, g->units[a].pos.x, g->units[a].pos.y + 6);
	assert_int_equal(game_order(g, &o, &cause), 0);
	o = move_to(g, b, g->units[b].pos.x, g->units[b].pos.y - 6);
	assert_int_equal(game_order(g, &o, &cause), 0);
	/* Formation orders are not asked for by this ruleset. */
	o.kind = ORDER_FORMATION;
	o.npts = 0;
	o.formation = g->units[b].formation;
	assert_int_equal(game_order(g, &o, &cause), -1);
	assert_non_null(strstr(cause, "is asked now"));
	free(cause);
	cause = NULL;
	assert_int_equal(game_decided(g, 0), 0);
	assert_int_equal(game_decided(g, 1), 0);

	/* After movement, within turn 1: only side 1, only unit a, only a
	 * Stop. */
	assert_int_equal(g->turn, 1);
	assert_int_equal(g->phase, movement);
	assert_int_equal(game_decisions(g, d, DECIDE_MAX), 1);
	assert_int_equal(d[0].kind, DECIDE_REACT);
	assert_int_equal(d[0].side, 1);
	assert_int_equal(d[0].unit, a);
	assert_int_equal(g->step, 2);
	o = move_to(g, a, 0, 0);
	assert_int_equal(game_order(g, &o, &cause), -1);	/* not a Move */
	free(cause);
	cause = NULL;
	o.kind = ORDER_STOP;
	o.npts = 0;
	o.unit = b;
	o.general = g->units[b].general;
	assert_int_equal(game_order(g, &o, &cause), -1);	/* not side 0 */
	free(cause);
	cause = NULL;
	/* Nor a general's own ride, of either side. */
	o = move_to(g, a, 0, 0);
	o.unit = -1;
	o.general = g->units[a].general;
	assert_int_equal(game_order(g, &o, &cause), -1);
	assert_non_null(strstr(cause, "is asked now"));
	free(cause);
	cause = NULL;
	o.kind = ORDER_STOP;
	o.npts = 0;
	o.unit = a;
	o.general = g->units[a].general;
	assert_int_equal(game_order(g, &o, &cause), 0);
	assert_int_equal(g->units[a].order.kind, ORDER_STOP);
	/* The ruleset's own action, with its facing; held apart from the
	 * standing order until the ruleset acts on it. */
	o.kind = ORDER_ACTION;
	o.action = 0;
	o.facing = -1;
	assert_int_equal(game_order(g, &o, &cause), -1);	/* no facing */
	assert_non_null(strstr(cause, "Face takes a facing"));
	free(cause);
	cause = NULL;
	o.facing = DIR_SE;
	assert_int_equal(game_order(g, &o, &cause), 0);
	assert_int_equal(g->units[a].act.kind, ORDER_ACTION);
	assert_int_equal(g->units[a].order.kind, ORDER_STOP);
	assert_string_equal(g->log.v[g->log.n - 1].rule, "T.1");

	/* Saved with the question answered but not closed, it loads the
	 * same: the same phase, step and decisions. */
	assert_int_equal(save_render(g, scenario, &buf, &blen, &cause), 0);
	h = battle(&rs2);
	rs2->ops = &ops;	/* the save names the action: the ops know it */
	diags_init(&dg);
	root = yread_buffer("mid-turn.save", buf, blen, &dg);
	assert_non_null(root);
	if (save_apply(h, root, &dg) != 0)
		diags_print(&dg, stderr);
	assert_int_equal(dg.n, 0);
	diags_free(&dg);
	doc_free(root);
	assert_int_equal(h->phase, movement);
	assert_int_equal(h->step, 2);
	assert_int_equal(save_digest(h), save_digest(g));
	assert_int_equal(game_decisions(h, d, DECIDE_MAX), 1);
	assert_int_equal(d[0].unit, a);
	assert_int_equal(h->units[a].act.kind, ORDER_ACTION);
	assert_int_equal(h->units[a].act.facing, DIR_SE);
	assert_int_equal(h->units[a].act.unit, a);
	assert_int_equal(h->units[a].act.unit, g->units[a].act.unit);
	assert_int_equal(game_decided(h, 1), 0);

	assert_int_equal(game_decided(g, 1), 0);
	assert_int_equal(g->units[a].act.kind, ORDER_NONE);
	assert_int_equal(g->turn, 2);
	assert_int_equal(g->phase, -1);
	assert_int_equal(g->step, 0);
	assert_int_equal(save_digest(h), save_digest(g));
	digest = save_digest(g);
	/* A save with no answer pending, laid over a game that holds one,
	 * leaves none. */
	free(buf);
	assert_int_equal(save_render(g, scenario, &buf, &blen, &cause), 0);
	assert_null(strstr(buf, "act:"));
	h2 = battle(&rs3);
	rs3->ops = &ops;
	h2->units[a].act.kind = ORDER_ACTION;
	h2->units[a].act.unit = a;
	h2->units[a].act.facing = DIR_SE;
	diags_init(&dg);
	root = yread_buffer("after.save", buf, blen, &dg);
	assert_non_null(root);
	assert_int_equal(save_apply(h2, root, &dg), 0);
	assert_int_equal(dg.n, 0);
	diags_free(&dg);
	doc_free(root);
	assert_int_equal(h2->units[a].act.kind, ORDER_NONE);
	assert_int_equal(save_digest(h2), digest);
	game_free(h2);
	ruleset_free(rs3);
	game_free(h);
	ruleset_free(rs2);
	free(buf);

	/* The recording keeps the answer's point (step 2) and plays it back
	 * there. */
	rec->turns = 1;
	f = open_memstream(&text, &len);
	replay_write(rec, f);
	fclose(f);
	assert_non_null(strstr(text, "step: 2"));
	assert_non_null(strstr(text, "action: \"face\", facing: SE}"));
	diags_init(&dg);
	back = replay_read_text("decide.replay", text, len, &dg);
	if (back == NULL)
		diags_print(&dg, stderr);
	assert_non_null(back);
	h = replay_start(back, datadir(), &rs2, &dg);
	assert_non_null(h);
	rs2->ops = &ops;
	assert_int_equal(replay_play(back, h, &dg), 0);
	diags_free(&dg);
	assert_int_equal(h->turn, 2);
	assert_int_equal(h->units[a].order.kind, ORDER_STOP);
	assert_int_equal(save_digest(h), digest);
	game_free(h);
	ruleset_free(rs2);
	replay_free(back);
	replay_free(rec);
	free(text);
	g->on_order = NULL;
	game_free(g);
	ruleset_free(rs);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_decide_engine_asks_each_side_once_a_turn),
		cmocka_unit_test(test_decide_ruleset_asks_within_the_turn),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
