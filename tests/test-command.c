/*
 * test-command.c - the order system: command radius (3.1.1) and the
 * aides-de-camp who carry orders beyond it (3.2.1 to 3.2.4).
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "core/command.h"
#include "core/know.h"
#include "rules/napoleonic/move.h"
#include "turn-fixture.h"

struct fx {
	struct ruleset	*rs;
	struct game	*g;
	int		 near, far;
};

static int
setup(void **state)
{
	struct fx *f = calloc(1, sizeof *f);

	f->rs = fixture_ruleset();
	if (f->rs == NULL)
		return -1;
	f->g = fixture_game(f->rs, 120, 40);
	f->g->generals[0].pos = (struct point){ 10, 30 };
	/* 4 cells (2 BD) from the general: inside the 8 BD radius. */
	f->near = fixture_unit(f->g, "near", 0, ARM_INFANTRY, "line", "line",
	    14, 30, DIR_N, 600);
	/* 80 cells east: 40 BD, beyond the radius. */
	f->far = fixture_unit(f->g, "far", 0, ARM_INFANTRY, "line", "line",
	    90, 30, DIR_N, 600);
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct fx *f = *state;

	game_free(f->g);
	ruleset_free(f->rs);
	free(f);
	return 0;
}

static struct order
stop_order(int unit, int general)
{
	struct order o;

	memset(&o, 0, sizeof o);
	o.kind = ORDER_STOP;
	o.unit = unit;
	o.general = general;
	return o;
}

static struct order
move_order(int unit, int general, int x, int y)
{
	struct order o = stop_order(unit, general);

	o.kind = ORDER_MOVE;
	o.npts = 1;
	o.pts[0] = (struct point){ x, y };
	return o;
}

/* The numbers come from the data file, in ticks (1 BD = 4 ticks). */
static void
test_3_1_1_radius_and_courier_speed_from_data(void **state)
{
	struct fx *f = *state;

	assert_int_equal(f->rs->command_radius, 8 * 4);
	assert_int_equal(f->rs->courier_speed, 16 * 4);
	assert_int_equal(command_radius(f->g, 0), 32);
	f->g->generals[0].radius = 12 * 4;
	assert_int_equal(command_radius(f->g, 0), 48);
}

static void
test_3_1_1_order_within_radius_in_force_at_once(void **state)
{
	struct fx *f = *state;
	struct order o = move_order(f->near, 0, 14, 10);
	char *cause;

	assert_int_equal(game_order(f->g, &o, &cause), 0);
	assert_int_equal(f->g->units[f->near].order.kind, ORDER_MOVE);
	assert_int_equal(f->g->ntransit, 0);
	assert_int_equal(fixture_count(f->g, "3.1.1", "in force at once"), 1);
}

/* 3.1.1: a formation order is logged with the formation it asks for. */
static void
test_3_1_1_formation_order_names_its_formation(void **state)
{
	struct fx *f = *state;
	struct order o = stop_order(f->near, 0);
	char *cause;

	o.kind = ORDER_FORMATION;
	o.formation = ruleset_form(f->rs, "column");
	assert_int_equal(game_order(f->g, &o, &cause), 0);
	assert_int_equal(f->g->units[f->near].order.formation,
	    ruleset_form(f->rs, "column"));
	assert_int_equal(fixture_count(f->g, "3.1.1", "Durutte gives near a "
	    "formation order (Column): it stands 2 BD from him, within the 8 "
	    "BD command radius, in force at once"), 1);
}

/* 3.1.1: so is an order for the ruleset's first formation, Line. */
static void
test_3_1_1_formation_order_names_the_first_formation(void **state)
{
	struct fx *f = *state;
	struct order o = stop_order(f->near, 0);
	char *cause = NULL;

	o.kind = ORDER_FORMATION;
	o.formation = ruleset_form(f->rs, "line");
	assert_int_equal(o.formation, 0);
	assert_int_equal(game_order(f->g, &o, &cause), 0);
	free(cause);
	assert_int_equal(fixture_count(f->g, "3.1.1", "Durutte gives near a "
	    "formation order (Line): it stands 2 BD from him, within the 8 "
	    "BD command radius, in force at once"), 1);
}

/*
 * 3.2.1 at its slowest: a ruleset whose aides ride a single tick a turn
 * takes a turn a tick; one without aides (speed 0) puts every order in
 * force at once.
 */
static void
test_3_2_1_courier_turns_at_one_tick(void **state)
{
	struct fx *f = *state;
	int speed = f->rs->courier_speed;

	f->rs->courier_speed = 1;
	assert_int_equal(command_ride_turns(f->g, 5), 5);
	assert_int_equal(command_ride_turns(f->g, 1), 1);
	assert_int_equal(command_ride_turns(f->g, 0), 1);
	f->rs->courier_speed = 0;
	assert_int_equal(command_ride_turns(f->g, 5), 0);
	f->rs->courier_speed = speed;
}

/*
 * The radius is a bound that counts: a unit exactly 8 BD (16 cells) from
 * its general gets the order at once; one 8.5 BD away waits for an aide,
 * who rides it in one turn (34 ticks at 64 a turn, rounded up).
 */
static void
test_3_1_1_radius_boundary(void **state)
{
	struct fx *f = *state;
	struct order o;
	char *cause;
	int edge, past;

	edge = fixture_unit(f->g, "edge", 0, ARM_INFANTRY, "line", "line",
	    26, 20, DIR_N, 600);
	past = fixture_unit(f->g, "past", 0, ARM_INFANTRY, "line", "line",
	    27, 10, DIR_N, 600);
	f->g->generals[0].pos = (struct point){ 10, 20 };
	assert_int_equal(geom_dist(f->g->generals[0].pos,
	    f->g->units[edge].pos), 32);
	o = move_order(edge, 0, 26, 5);
	assert_int_equal(game_order(f->g, &o, &cause), 0);
	assert_int_equal(f->g->units[edge].order.kind, ORDER_MOVE);
	assert_int_equal(f->g->units[edge].order.pts[0].y, 5);
	assert_int_equal(f->g->ntransit, 0);
	assert_int_equal(fixture_count(f->g, "3.1.1", "it stands 8 BD from "
	    "him, within the 8 BD command radius"), 1);

	f->g->generals[0].pos = (struct point){ 10, 10 };
	assert_int_equal(geom_dist(f->g->generals[0].pos,
	    f->g->units[past].pos), 34);
	o = move_order(past, 0, 27, 5);
	assert_int_equal(game_order(f->g, &o, &cause), 0);
	assert_int_equal(f->g->units[past].order.kind, ORDER_NONE);
	assert_int_equal(f->g->ntransit, 1);
	assert_int_equal(f->g->transit[0].unit, past);
	assert_int_equal(f->g->transit[0].arrives, 2);
	assert_int_equal(fixture_count(f->g, "3.2.1", "(34 / 64 ticks, "
	    "rounded up): arrives turn 2"), 1);
}

/* The ride in whole turns, rounded up (3.2.1): 16 BD = 64 ticks a turn. */
static void
test_3_2_1_ride_turns_round_up(void **state)
{
	struct fx *f = *state;

	assert_int_equal(command_ride_turns(f->g, 0), 1);
	assert_int_equal(command_ride_turns(f->g, 1), 1);
	assert_int_equal(command_ride_turns(f->g, 64), 1);
	assert_int_equal(command_ride_turns(f->g, 65), 2);
	assert_int_equal(command_ride_turns(f->g, 128), 2);
	assert_int_equal(command_ride_turns(f->g, 129), 3);
}

/* 40 BD at 16 BD a turn: 2.5, rounded up to 3 turns. */
static void
test_3_2_1_order_beyond_radius_rides_with_aide(void **state)
{
	struct fx *f = *state;
	struct order o = move_order(f->far, 0, 90, 10);
	char *cause;

	assert_int_equal(game_order(f->g, &o, &cause), 0);
	assert_int_equal(f->g->units[f->far].order.kind, ORDER_NONE);
	assert_int_equal(f->g->ntransit, 1);
	assert_int_equal(f->g->transit[0].arrives, 4);
	assert_int_equal(fixture_count(f->g, "3.2.1",
	    "it stands 40 BD from him, beyond the 8 BD radius"), 1);
	assert_int_equal(fixture_count(f->g, "3.2.1", "3 turns"), 1);
	assert_int_equal(fixture_count(f->g, "3.2.1", "arrives turn 4"), 1);
}

/*
 * A ruleset without aides (courier_speed 0) puts every order in force at
 * once, however far the general, and cites it under its own number for
 * orders (cite: order), never the Napoleonic 3.2.x.
 */
static void
test_ruleset_without_aides_orders_at_once(void **state)
{
	struct fx *f = *state;
	struct order o = move_order(f->far, 0, 90, 10);
	char *cause;

	f->rs->courier_speed = 0;
	free(f->rs->cites[RULESET_TOPIC_ORDER]);
	f->rs->cites[RULESET_TOPIC_ORDER] = strdup("X.1");
	assert_int_equal(game_order(f->g, &o, &cause), 0);
	assert_int_equal(f->g->units[f->far].order.kind, ORDER_MOVE);
	assert_int_equal(f->g->ntransit, 0);
	assert_string_equal(f->g->log.v[f->g->log.n - 1].rule, "X.1");
	assert_non_null(strstr(f->g->log.v[f->g->log.n - 1].text,
	    "in force at once"));
	assert_null(strstr(f->g->log.v[f->g->log.n - 1].text, "radius"));
}

static void
test_3_2_2_couriers_phase_delivers_on_arrival(void **state)
{
	struct fx *f = *state;
	struct order o = move_order(f->far, 0, 90, 10);
	char *cause;

	assert_int_equal(game_order(f->g, &o, &cause), 0);
	f->g->turn = 3;
	command_deliver(f->g);
	assert_int_equal(f->g->units[f->far].order.kind, ORDER_NONE);
	assert_int_equal(f->g->ntransit, 1);
	f->g->turn = 4;
	command_deliver(f->g);
	assert_int_equal(f->g->units[f->far].order.kind, ORDER_MOVE);
	assert_int_equal(f->g->units[f->far].order.issued, 1);
	assert_int_equal(f->g->ntransit, 0);
	assert_int_equal(fixture_count(f->g, "3.2.2", "(delay 3 turns)"), 1);
	/* The aide is the first general's, Durutte's (general 0). */
	assert_int_equal(fixture_count(f->g, "3.2.2", "the aide from Durutte "
	    "reaches far: the move order given turn 1 is in force"), 1);
}

/* The whole turn: the ruleset's sequencer runs the couriers phase. */
static void
test_3_2_2_game_turn_delivers(void **state)
{
	struct fx *f = *state;
	struct order o = stop_order(f->far, 0);
	char *cause;
	int t;

	assert_int_equal(game_order(f->g, &o, &cause), 0);
	for (t = 1; t <= 3; t++) {
		assert_int_equal(f->g->units[f->far].order.kind, ORDER_NONE);
		game_turn(f->g);
	}
	/* Turn 4's couriers phase has not run yet: the order waits. */
	assert_int_equal(f->g->turn, 4);
	assert_int_equal(f->g->ntransit, 1);
	game_turn(f->g);
	assert_int_equal(f->g->units[f->far].order.kind, ORDER_STOP);
	assert_int_equal(f->g->ntransit, 0);
}

/*
 * An enemy that holds the far unit in battle contact (3.6.8): a limbered
 * battery 2 BD behind it, within contact_holds_within (3 BD), that
 * neither fires nor charges.  Returns its index.
 */
static int
holding_enemy(struct fx *f)
{
	int e = fixture_unit(f->g, "guns", 1, ARM_ARTILLERY, "foot",
	    "limbered", 90, 34, DIR_N, 6);

	assert_true(nap_gap(f->g, f->far, e) <=
	    nap_move(f->g->rs)->contact_hold);
	return e;
}

/*
 * 3.6.8: a unit that stopped in battle contact stays there until orders
 * are received.  "Received" is the order's arrival: one carried by an aide
 * is given in turn 1 and reaches the far unit in turn 4, three turns
 * after the halt it must end.  The unit, halted in contact in turn 0
 * under its old Move order, stays through turns 1 to 3 and marches on to
 * [90, 20] in turn 4, when the new order arrives (it used to stay for ever: the
 * order was given before the halts it had to end, which go on every
 * turn it stays).
 */
static void
test_3_6_8_contact_ends_with_an_order_carried_by_an_aide(void **state)
{
	struct fx *f = *state;
	struct unit *u = &f->g->units[f->far];
	struct order o = move_order(f->far, 0, 90, 20);
	char *cause;
	int t;

	(void)holding_enemy(f);
	u->order = move_order(f->far, 0, 90, 10);	/* the old march */
	u->order.issued = u->order.arrives = 0;
	u->halt = HALT_CONTACT;
	u->halt_turn = 0;
	assert_int_equal(game_order(f->g, &o, &cause), 0);
	assert_int_equal(f->g->transit[0].arrives, 4);
	for (t = 1; t <= 3; t++) {
		game_turn(f->g);
		assert_int_equal(u->pos.x, 90);
		assert_int_equal(u->pos.y, 30);
		assert_int_equal(u->halt, HALT_CONTACT);
	}
	assert_int_equal(fixture_count(f->g, "3.6.8", "stays in battle "
	    "contact"), 3);
	game_turn(f->g);			/* turn 4: the aide is there */
	assert_int_equal(u->order.kind, ORDER_MOVE);
	assert_int_equal(u->order.pts[0].y, 20);
	assert_int_equal(u->pos.x, 90);
	assert_int_equal(u->pos.y, 26);		/* Line, Drill 4: 2 BD */
	assert_int_equal(fixture_count(f->g, "3.6.8", "stays in battle "
	    "contact"), 3);
}

/*
 * 3.6.8 (marshal's reading, contact_holds_within): a unit halted in
 * battle contact under its Move order stays only while an enemy still
 * fighting stands within 3 BD of it.  The far unit, halted in contact
 * last turn with no new order: with the limbered battery 2 BD behind it,
 * it stays at [90, 30]; with the battery routed, or gone, the contact is
 * over, the log says so with the gap, and it marches 2 BD to [90, 26] on
 * the order it holds (it used to stand there for good, waiting for a new
 * order, after the enemy it met had fled).
 */
static void
test_3_6_8_contact_ends_when_no_enemy_is_near(void **state)
{
	struct fx *f = *state;
	struct unit *u = &f->g->units[f->far];
	int e = holding_enemy(f), k;

	for (k = 0; k < 3; k++) {
		game_occupy(f->g, f->far, false);
		u->pos = (struct point){ 90, 30 };
		game_occupy(f->g, f->far, true);
		u->order = move_order(f->far, 0, 90, 10);
		u->order.issued = u->order.arrives = 1;
		u->halt = HALT_CONTACT;
		u->halt_turn = 1;
		f->g->turn = 2;
		if (k == 1)
			f->g->units[e].cond = COND_ROUTED;
		if (k == 2) {
			game_occupy(f->g, e, false);
			f->g->units[e].pos = (struct point){ 104, 30 };
			f->g->units[e].cond = COND_FORMED;
			game_occupy(f->g, e, true);
			assert_true(nap_gap(f->g, f->far, e) >
			    nap_move(f->g->rs)->contact_hold);
		}
		eventlog_free(&f->g->log);
		eventlog_init(&f->g->log);
		nap_phase_movement(f->g);
		assert_int_equal(u->pos.x, 90);
		assert_int_equal(u->pos.y, k == 0 ? 30 : 26);
		assert_int_equal(fixture_count(f->g, "3.6.8", "far is no "
		    "longer in battle contact: no enemy still fighting stands "
		    "within 3 BD of it (marshal's reading); it marches on its "
		    "order"), k == 0 ? 0 : 1);
		assert_int_equal(fixture_count(f->g, "3.6.8", "stays in "
		    "battle contact"), k == 0 ? 1 : 0);
	}
}

/*
 * 3.6.8 with a charge (marshal's reading): an order that reaches a unit
 * in the turn a charge pins it (3.4: it stands to receive the charge and
 * does not march) is received all the same.  The far unit, in contact
 * since turn 1, gets a new Move order to [90, 20] in turn 3, is charged
 * in turn 3 and stays, saying so; in turn 4 it marches 2 BD to [90, 26]
 * on that order with no other given.  (It used to stay for ever: the
 * charge renewed the halt in the very turn the order arrived.)  Charged
 * again in turn 4, it would stay: that halt is newer than the order.
 */
static void
test_3_6_8_order_received_as_a_charge_pins_moves_on_next_turn(void **state)
{
	struct fx *f = *state;
	struct unit *u = &f->g->units[f->far];
	int i;

	(void)holding_enemy(f);
	u->order = move_order(f->far, 0, 90, 20);
	u->order.issued = u->order.arrives = 3;
	u->halt = HALT_CONTACT;
	u->halt_turn = u->charged = f->g->turn = 3;
	nap_phase_movement(f->g);
	assert_int_equal(u->pos.x, 90);
	assert_int_equal(u->pos.y, 30);
	assert_int_equal(u->halt, HALT_CONTACT);
	assert_int_equal(fixture_count(f->g, "3.6.8", "a charge (3.4) met it "
	    "as its new order reached it"), 1);
	/* That a new order reached it, and that it will march on it, its
	 * own side reads; the enemy does not (know.h).  Found at the Coa:
	 * the French read that the 1/95th had a new order. */
	for (i = 0; i < f->g->log.n; i++)
		if (strstr(f->g->log.v[i].text, "met it as its new order") !=
		    NULL) {
			assert_true(know_event(f->g, &f->g->log.v[i], u->side));
			assert_false(know_event(f->g, &f->g->log.v[i],
			    1 - u->side));
		}
	f->g->turn = 4;
	nap_phase_movement(f->g);
	assert_int_equal(u->pos.x, 90);
	assert_int_equal(u->pos.y, 26);		/* Line, Drill 4: 2 BD */
	/* A newer charge, in turn 5, pins it again in turn 6. */
	u->halt = HALT_CONTACT;
	u->halt_turn = u->charged = 5;
	f->g->turn = 6;
	nap_phase_movement(f->g);
	assert_int_equal(u->pos.y, 26);
	assert_int_equal(fixture_count(f->g, "3.6.8", "moves on only with a "
	    "new order"), 1);
}

/* An aide who arrives after a newer order was given finds it stale. */
static void
test_3_2_3_older_order_dropped(void **state)
{
	struct fx *f = *state;
	struct order o = move_order(f->far, 0, 90, 10);
	char *cause;

	assert_int_equal(game_order(f->g, &o, &cause), 0);
	/* Turn 2: the general rides over and gives a stop order in person. */
	f->g->turn = 2;
	f->g->generals[0].pos = (struct point){ 88, 32 };
	o = stop_order(f->far, 0);
	assert_int_equal(game_order(f->g, &o, &cause), 0);
	assert_int_equal(f->g->units[f->far].order.kind, ORDER_STOP);
	f->g->turn = 4;
	command_deliver(f->g);
	assert_int_equal(f->g->units[f->far].order.kind, ORDER_STOP);
	assert_int_equal(f->g->ntransit, 0);
	assert_int_equal(fixture_count(f->g, "3.2.3", "dropped"), 1);
}

static void
test_3_2_3_order_lost_when_unit_routs(void **state)
{
	struct fx *f = *state;
	struct order o = stop_order(f->far, 0);
	char *cause;

	assert_int_equal(game_order(f->g, &o, &cause), 0);
	f->g->units[f->far].cond = COND_ROUTED;
	f->g->turn = 4;
	command_deliver(f->g);
	assert_int_equal(f->g->units[f->far].order.kind, ORDER_NONE);
	assert_int_equal(f->g->ntransit, 0);
	assert_int_equal(fixture_count(f->g, "3.2.3", "is lost"), 1);
}

static void
test_3_2_4_courier_delay_off(void **state)
{
	struct fx *f = *state;
	struct order o = move_order(f->far, 0, 90, 10);
	char *cause;

	f->g->opt.courier_delay = false;
	assert_int_equal(game_order(f->g, &o, &cause), 0);
	assert_int_equal(f->g->units[f->far].order.kind, ORDER_MOVE);
	assert_int_equal(f->g->ntransit, 0);
	assert_int_equal(fixture_count(f->g, "3.2.4", "courier delays are off"),
	    1);
}

/* Standing orders from the scenario (general -1) are already given. */
static void
test_3_1_1_scenario_orders_immediate(void **state)
{
	struct fx *f = *state;
	struct order o = stop_order(f->far, -1);
	char *cause;

	assert_int_equal(game_order(f->g, &o, &cause), 0);
	assert_int_equal(f->g->units[f->far].order.kind, ORDER_STOP);
	assert_int_equal(f->g->ntransit, 0);
}

/*
 * 3.1.1: a scenario's standing order (no general) is in force at once,
 * this turn, and no distance nor radius comes into it: command_plan
 * gives 0 for both.
 */
static void
test_3_1_1_scenario_order_plan_has_no_distance(void **state)
{
	struct fx *f = *state;
	struct order o = stop_order(f->far, -1);
	int arrives = -1, dist = -1, radius = -1;

	assert_int_equal(command_plan(f->g, &o, &arrives, &dist, &radius),
	    COMMAND_SCENARIO);
	assert_int_equal(arrives, f->g->turn);
	assert_int_equal(dist, 0);
	assert_int_equal(radius, 0);
}

/* A refused order changes nothing and queues nothing. */
static void
test_refused_order_not_queued(void **state)
{
	struct fx *f = *state;
	struct order o = move_order(f->far, 0, 500, 10);
	char *cause = NULL;
	int logged = f->g->log.n;

	assert_int_equal(game_order(f->g, &o, &cause), -1);
	assert_non_null(cause);
	free(cause);
	assert_int_equal(f->g->ntransit, 0);
	assert_int_equal(f->g->units[f->far].order.kind, ORDER_NONE);
	assert_int_equal(f->g->log.n, logged);
}

/* Whether viewer reads an event of the log holding text. */
static bool
reads(const struct game *g, int viewer, const char *text)
{
	int i;

	for (i = 0; i < g->log.n; i++)
		if (strstr(g->log.v[i].text, text) != NULL &&
		    know_event(g, &g->log.v[i], viewer))
			return true;
	return false;
}

/*
 * Issue 13: each side reads its own orders (given, riding, the
 * destination its colonel marches to) and never the enemy's; what the
 * enemy's units did stays readable to both.
 */
static void
test_orders_hidden_from_the_enemy(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	int al = fixture_unit(g, "al1", 1, ARM_INFANTRY, "line", "line",
	    60, 10, DIR_S, 500);
	struct order o;
	char *cause = NULL;
	int i, n;

	g->generals[1].pos = (struct point){ 60, 8 };
	o = move_order(f->near, 0, 14, 20);
	assert_int_equal(game_order(g, &o, &cause), 0);
	o = move_order(f->far, 0, 90, 20);	/* rides with an aide */
	assert_int_equal(game_order(g, &o, &cause), 0);
	o = move_order(al, 1, 60, 18);
	assert_int_equal(game_order(g, &o, &cause), 0);
	/* The French read their orders and not the Allied one. */
	assert_true(reads(g, 0, "to [14, 20]"));
	assert_true(reads(g, 0, "to [90, 20]"));
	assert_false(reads(g, 0, "to [60, 18]"));
	assert_true(reads(g, 1, "to [60, 18]"));
	assert_false(reads(g, 1, "to [14, 20]"));
	assert_false(reads(g, 1, "to [90, 20]"));
	/* At a hand-over neither; the umpire both. */
	assert_false(reads(g, KNOW_NONE, "to [14, 20]"));
	assert_false(reads(g, KNOW_NONE, "to [60, 18]"));
	assert_true(reads(g, KNOW_ALL, "to [60, 18]"));
	assert_true(know_orders(g, f->near, 0));
	assert_false(know_orders(g, f->near, 1));
	assert_false(know_orders(g, al, KNOW_NONE));
	/* The turn: the colonel's line names the destination, the move's
	 * result does not; the Allies read where the French went, never
	 * where they were told to go. */
	game_turn(g);
	assert_true(reads(g, 0, "towards [14, 20]"));
	assert_false(reads(g, 1, "towards [14, 20]"));
	assert_true(reads(g, 1, "towards [60, 18]"));
	assert_false(reads(g, 0, "towards [60, 18]"));
	assert_true(reads(g, 1, "near moves"));
	assert_true(reads(g, 0, "al1 moves"));
	/* Its closing line: the Allies read where it stopped, not that its
	 * speed is spent (that it marches on): the text ends at its
	 * formation, under the rule of a halt for speed. */
	for (i = 0, n = 0; i < g->log.n; i++) {
		const struct event *e = &g->log.v[i], *v;
		struct event pe;
		char pb[256], want[256];

		if (e->unit != f->near || e->kind != EV_MOVE ||
		    strstr(e->text, "stops at") == NULL)
			continue;
		n++;
		snprintf(want, sizeof want, "stops at [%d, %d] facing %s, %s",
		    g->units[f->near].pos.x, g->units[f->near].pos.y,
		    dir_name(g->units[f->near].facing),
		    g->rs->form[g->units[f->near].formation].label);
		assert_int_equal(g->units[f->near].halt, HALT_SPEED);
		assert_non_null(strstr(e->text, want));
		assert_non_null(strstr(e->text, ": its speed for the turn is "
		    "spent"));
		assert_ptr_equal(know_view(g, e, 0, &pe, pb, sizeof pb), e);
		assert_ptr_equal(know_view(g, e, KNOW_ALL, &pe, pb,
		    sizeof pb), e);
		v = know_view(g, e, 1, &pe, pb, sizeof pb);
		assert_ptr_equal(v, &pe);
		assert_string_equal(v->text + strlen(v->text) - strlen(want),
		    want);
		assert_int_equal(strncmp(v->text, e->text, strlen(v->text)),
		    0);
		assert_string_equal(v->rule, "3.6.3");
		v = know_view(g, e, KNOW_NONE, &pe, pb, sizeof pb);
		assert_string_equal(v->text + strlen(v->text) - strlen(want),
		    want);
	}
	assert_int_equal(n, 1);
	free(cause);
}

/*
 * U takes back this turn's orders: the near unit, which stood with a Stop
 * order at the start of the turn, is given two Move orders and returns to
 * the Stop with its points; the far unit's aide, sent this turn, is
 * called back while one sent the turn before rides on.  A unit given
 * nothing this turn has nothing to take back; the next turn the orders
 * given stand.  The Allies never read the taking back.
 */
static void
test_order_undo_restores_the_turns_start(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct order o, before;
	char *cause = NULL;

	/* Turn 1: a Stop for near, an aide for far. */
	o = stop_order(f->near, 0);
	assert_int_equal(game_order(g, &o, &cause), 0);
	o = move_order(f->far, 0, 90, 10);
	assert_int_equal(game_order(g, &o, &cause), 0);
	assert_int_equal(g->ntransit, 1);
	/* Turn 2 (the couriers have not arrived yet). */
	g->turn = 2;
	before = g->units[f->near].order;
	assert_int_equal(before.kind, ORDER_STOP);
	assert_int_equal(game_order_undo(g, f->near, &cause), -1);
	assert_non_null(cause);
	free(cause);
	cause = NULL;
	o = move_order(f->near, 0, 14, 10);
	assert_int_equal(game_order(g, &o, &cause), 0);
	o = move_order(f->near, 0, 20, 12);
	assert_int_equal(game_order(g, &o, &cause), 0);
	assert_int_equal(g->units[f->near].order.kind, ORDER_MOVE);
	o = move_order(f->far, 0, 80, 5);	/* a second aide */
	assert_int_equal(game_order(g, &o, &cause), 0);
	assert_int_equal(g->ntransit, 2);
	/* Taken back: the Stop of turn 1, as it was. */
	assert_int_equal(game_order_undo(g, f->near, &cause), 0);
	assert_int_equal(g->units[f->near].order.kind, ORDER_STOP);
	assert_int_equal(g->units[f->near].order.issued, before.issued);
	assert_memory_equal(&g->units[f->near].order, &before, sizeof before);
	/* The aide of this turn called back, the one of turn 1 rides on. */
	assert_int_equal(game_order_undo(g, f->far, &cause), 0);
	assert_int_equal(g->ntransit, 1);
	assert_int_equal(g->transit[0].issued, 1);
	assert_int_equal(g->transit[0].pts[0].x, 90);
	assert_int_equal(g->units[f->far].order.kind, ORDER_NONE);
	/* Twice is nothing more. */
	assert_int_equal(game_order_undo(g, f->near, &cause), -1);
	free(cause);
	cause = NULL;
	assert_true(reads(g, 0, "taken back"));
	assert_false(reads(g, 1, "taken back"));
	/* Orders given this turn and not taken back stand next turn. */
	o = move_order(f->near, 0, 14, 10);
	assert_int_equal(game_order(g, &o, &cause), 0);
	g->turn = 3;
	assert_int_equal(game_order_undo(g, f->near, &cause), -1);
	assert_int_equal(g->units[f->near].order.kind, ORDER_MOVE);
	free(cause);
}

/*
 * 3.4.5 (marshal's own): a Move onto an enemy unit's anchor is given as an
 * assault on it, whichever unit of the battle it is: here on the first,
 * near (unit 0), at [14, 30].
 */
static void
test_3_4_5_move_onto_unit_0_is_an_assault(void **state)
{
	struct fx *f = *state;
	int foe = fixture_unit(f->g, "foe", 1, ARM_INFANTRY, "line", "line",
	    14, 22, DIR_S, 600);
	struct order o = move_order(foe, -1, 14, 30);
	char *cause = NULL;

	assert_int_equal(f->near, 0);
	assert_int_equal(game_order(f->g, &o, &cause), 0);
	assert_true(reads(f->g, 1, "an assault on near, a move order onto it "
	    "at [14, 30]"));
	assert_false(reads(f->g, 1, "a move order to [14, 30]"));
}

/*
 * Taking back an order given in the battle's first turn leaves the unit
 * with no order, and, that turn's order gone, a second taking back has
 * nothing to restore: refused, the unit still without an order.
 */
static void
test_order_undo_in_the_first_turn_once_only(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct order o;
	char *cause = NULL;

	assert_int_equal(g->turn, 1);
	o = move_order(f->near, 0, 14, 10);
	assert_int_equal(game_order(g, &o, &cause), 0);
	assert_int_equal(g->units[f->near].order.kind, ORDER_MOVE);
	assert_int_equal(game_order_undo(g, f->near, &cause), 0);
	assert_null(cause);
	assert_int_equal(g->units[f->near].order.kind, ORDER_NONE);
	assert_true(reads(g, 0, "it holds no order: it stands again"));
	assert_int_equal(game_order_undo(g, f->near, &cause), -1);
	assert_non_null(cause);
	free(cause);
	assert_int_equal(g->units[f->near].order.kind, ORDER_NONE);
}

/*
 * The line of a taking back names the order restored: the Move of turn 1
 * to [14, 10], not the [20, 12] of turn 2 taken back.
 */
static void
test_order_undo_names_the_order_restored(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct order o;
	char *cause = NULL;

	o = move_order(f->near, 0, 14, 10);
	assert_int_equal(game_order(g, &o, &cause), 0);
	g->turn = 2;
	o = move_order(f->near, 0, 20, 12);
	assert_int_equal(game_order(g, &o, &cause), 0);
	assert_int_equal(game_order_undo(g, f->near, &cause), 0);
	assert_int_equal(g->units[f->near].order.pts[0].x, 14);
	assert_int_equal(g->units[f->near].order.pts[0].y, 10);
	assert_true(reads(g, 0, "it holds a move order to [14, 10] again"));
	assert_false(reads(g, 0, "it holds no order"));
}

/*
 * Taking back an order restores how far the unit had come along the
 * order it held: near, on turn 2 past the first of its two points
 * (waypoint 1), is given a new order and takes it back: it holds the two
 * points again, the first behind it.
 */
static void
test_order_undo_restores_the_waypoint(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct order o;
	char *cause = NULL;

	o = move_order(f->near, 0, 14, 20);
	o.npts = 2;
	o.pts[1] = (struct point){ 14, 10 };
	assert_int_equal(game_order(g, &o, &cause), 0);
	g->turn = 2;
	g->units[f->near].waypoint = 1;
	o = move_order(f->near, 0, 20, 12);
	assert_int_equal(game_order(g, &o, &cause), 0);
	assert_int_equal(game_order_undo(g, f->near, &cause), 0);
	assert_int_equal(g->units[f->near].order.npts, 2);
	assert_int_equal(g->units[f->near].waypoint, 1);
}

/*
 * 3.6.2: a unit holding a Stop or Formation order stands; the line that
 * says which order it holds is its side's to read, not the enemy's (who
 * sees it stand on the map).
 */
static void
test_3_6_2_held_order_hidden_from_the_enemy(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	int al = fixture_unit(g, "al1", 1, ARM_INFANTRY, "line", "line",
	    60, 10, DIR_S, 500);
	struct order o;
	char *cause = NULL;

	g->generals[1].pos = (struct point){ 60, 8 };
	o = stop_order(f->near, 0);
	assert_int_equal(game_order(g, &o, &cause), 0);
	o = stop_order(al, 1);
	assert_int_equal(game_order(g, &o, &cause), 0);
	game_turn(g);
	assert_int_equal(g->units[f->near].pos.y, 30);
	assert_true(reads(g, 0, "near does not move: it holds a stop order"));
	assert_false(reads(g, 1, "near does not move"));
	assert_true(reads(g, 1, "al1 does not move: it holds a stop order"));
	assert_false(reads(g, 0, "al1 does not move"));
	assert_true(reads(g, KNOW_ALL, "al1 does not move"));
	free(cause);
}

/* A general's own Move order (unit -1). */
static struct order
ride_order(int general, int x, int y)
{
	struct order o = move_order(-1, general, x, y);

	return o;
}

/*
 * 3.1.2 (marshal's own rule): a general rides 12 BD (48 ticks) a turn
 * straight towards his point: 24 orthogonal steps of 2 ticks, or 16
 * diagonal steps of 3; the ride goes on next turn and ends at the point.
 */
static void
test_3_1_2_general_rides_12_bd_a_turn(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct order o = ride_order(0, 10, 0);
	char *cause = NULL;

	assert_int_equal(f->rs->general_speed, 12 * 4);
	assert_int_equal(game_order(g, &o, &cause), 0);
	assert_int_equal(g->generals[0].order.kind, ORDER_MOVE);
	assert_int_equal(fixture_count(g, "3.1.2", "in force at once"), 1);
	/* The order says the general's speed from the data: 12 BD a turn. */
	assert_int_equal(fixture_count(g, "3.1.2", "in force at once "
	    "(marshal's own rule: up to 12 BD a turn)"), 1);
	/* In force at once: no aide, no unit's order changed. */
	assert_int_equal(g->ntransit, 0);
	game_turn(g);
	assert_int_equal(g->generals[0].pos.x, 10);
	assert_int_equal(g->generals[0].pos.y, 30 - 24);
	assert_int_equal(fixture_count(g, "3.1.2", "rides 12 BD from "
	    "[10, 30] to [10, 6]"), 1);
	assert_int_equal(g->generals[0].order.kind, ORDER_MOVE);
	game_turn(g);
	assert_int_equal(g->generals[0].pos.y, 0);
	assert_int_equal(g->generals[0].order.kind, ORDER_NONE);
	assert_int_equal(fixture_count(g, "3.1.2", "ride is complete"), 1);
	/* Diagonally: 16 steps of 3 ticks. */
	o = ride_order(0, 40, 30);
	assert_int_equal(game_order(g, &o, &cause), 0);
	game_turn(g);
	assert_int_equal(g->generals[0].pos.x, 10 + 16);
	assert_int_equal(g->generals[0].pos.y, 16);
	/* A Stop halts him where he stands. */
	o = stop_order(-1, 0);
	assert_int_equal(game_order(g, &o, &cause), 0);
	assert_int_equal(fixture_count(g, "3.1.2", "halts where he stands, "
	    "[26, 16]"), 1);
	game_turn(g);
	assert_int_equal(g->generals[0].pos.x, 26);
	assert_int_equal(g->generals[0].pos.y, 16);
}

/*
 * 3.1.2: where a general's ride would end this turn, and the ticks it
 * takes (command_ride_stop, the preview of the map): from [10, 30], 4
 * cells N is 8 ticks, ending on the point (1 point reached); 40 cells N
 * is the whole 48, ending 24 cells on, at [10, 6] (none reached).
 */
static void
test_3_1_2_ride_stop_and_ticks(void **state)
{
	struct fx *f = *state;
	struct order o = ride_order(0, 10, 26);
	struct point stop;
	int passed = -1;

	assert_int_equal(command_ride_stop(f->g, 0, &o, &stop, &passed), 8);
	assert_int_equal(stop.x, 10);
	assert_int_equal(stop.y, 26);
	assert_int_equal(passed, 1);
	o = ride_order(0, 10, 0);
	assert_int_equal(command_ride_stop(f->g, 0, &o, &stop, &passed), 48);
	assert_int_equal(stop.x, 10);
	assert_int_equal(stop.y, 6);
	assert_int_equal(passed, 0);
}

/* A general's ride is his side's secret; that he rode is not. */
static void
test_3_1_2_general_order_hidden_from_the_enemy(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	struct order o = ride_order(1, 70, 8);
	char *cause = NULL;

	g->generals[1].pos = (struct point){ 100, 8 };
	assert_int_equal(game_order(g, &o, &cause), 0);
	assert_true(reads(g, 1, "rides for [70, 8]"));
	assert_false(reads(g, 0, "rides for [70, 8]"));
	assert_false(reads(g, KNOW_NONE, "rides for [70, 8]"));
	game_turn(g);
	assert_true(reads(g, 0, "rides 12 BD from [100, 8] to [76, 8]"));
	/* Refused: off the map, another kind, no such general. */
	o = ride_order(1, 500, 8);
	assert_int_equal(game_order(g, &o, &cause), -1);
	free(cause);
	o = ride_order(1, 70, 8);
	o.kind = ORDER_FORMATION;
	assert_int_equal(game_order(g, &o, &cause), -1);
	free(cause);
	o = ride_order(7, 70, 8);
	assert_int_equal(game_order(g, &o, &cause), -1);
	free(cause);
}

/* Move order o of unit a (general 0) to (x, y), given to the group of a
 * and b (3.6.3). */
static struct order
group_of_two(int a, int b, int x, int y)
{
	struct order o = move_order(a, 0, x, y);

	o.ngroup = 2;
	o.group[0] = a;
	o.group[1] = b;
	return o;
}

/* Lines ga and gb of side 0, side by side on row 30 facing N (600 men). */
static int
line_ga(struct game *g)
{
	return fixture_unit(g, "ga", 0, ARM_INFANTRY, "line", "line", 40, 30,
	    DIR_N, 600);
}

static int
line_gb(struct game *g)
{
	return fixture_unit(g, "gb", 0, ARM_INFANTRY, "line", "line", 46, 30,
	    DIR_N, 600);
}

/*
 * A group order reaches every member, each with its own place (the
 * destination shifted by its offset from the group's centre): near
 * within the radius holds it at once, far gets an aide.
 */
static void
test_3_6_3_group_order_gives_each_its_own_place(void **state)
{
	struct fx *f = *state;
	struct order o = group_of_two(f->near, f->far, 52, 10);
	char *cause = NULL;

	assert_int_equal(game_order(f->g, &o, &cause), 0);
	/* Centre [52, 30]: near is 38 cells west of it, far 38 east. */
	assert_int_equal(f->g->units[f->near].order.kind, ORDER_MOVE);
	assert_int_equal(f->g->units[f->near].order.pts[0].x, 14);
	assert_int_equal(f->g->units[f->near].order.pts[0].y, 10);
	assert_int_equal(f->g->units[f->near].order.to.x, 52);
	assert_int_equal(f->g->units[f->near].order.ngroup, 2);
	assert_int_equal(f->g->ntransit, 1);
	assert_int_equal(f->g->transit[0].unit, f->far);
	assert_int_equal(f->g->transit[0].pts[0].x, 90);
	assert_true(order_same_group(&f->g->transit[0],
	    &f->g->units[f->near].order));
}

/*
 * 3.6.3: an order to a group of two is given as a group order, the line
 * naming its 2 units, the group's centre and the unit's own place.
 */
static void
test_3_6_3_group_order_of_two_named_as_such(void **state)
{
	struct fx *f = *state;
	struct order o = group_of_two(f->near, f->far, 52, 10);
	char *cause = NULL;

	assert_int_equal(game_order(f->g, &o, &cause), 0);
	assert_true(reads(f->g, 0, "a group move order (2 units, centre to "
	    "[52, 10]; its own place [14, 10])"));
	assert_false(reads(f->g, 0, "a move order to [14, 10]"));
}

/* A bad group order is refused with its reason and reaches nobody. */
static void
test_3_6_3_bad_group_order_reaches_nobody(void **state)
{
	struct fx *f = *state;
	struct order o;
	char *cause = NULL;
	int enemy = fixture_unit(f->g, "foe", 1, ARM_INFANTRY, "line",
	    "line", 30, 5, DIR_S, 600);
	static const char *const want[] = { "same side", "named twice",
	    "one destination", "not in its own group", "2 to 8 units" };
	int i;

	for (i = 0; i < 5; i++) {
		o = move_order(f->near, 0, 52, 10);
		o.ngroup = 2;
		o.group[0] = f->near;
		o.group[1] = i == 0 ? enemy : i == 1 ? f->near : f->far;
		if (i == 2) {
			o.npts = 2;
			o.pts[1] = (struct point){ 60, 10 };
		}
		if (i == 3)
			o.unit = enemy;
		if (i == 4)
			o.ngroup = 9;
		assert_int_equal(game_order(f->g, &o, &cause), -1);
		assert_non_null(cause);
		if (strstr(cause, want[i]) == NULL)
			fail_msg("case %d: \"%s\" does not say \"%s\"", i,
			    cause, want[i]);
		free(cause);
		cause = NULL;
		assert_int_equal(f->g->units[f->near].order.kind, ORDER_NONE);
		assert_int_equal(f->g->ntransit, 0);
	}
}

/*
 * A line marching on under a group order (3.6.3): the note of its shared
 * pace names the group's goal, which only its side reads; the enemy reads
 * that it moved.
 */
static void
test_group_march_goal_hidden_from_the_enemy(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	int a = line_ga(g), b = line_gb(g);
	struct order o = group_of_two(a, b, 43, 10);
	char *cause = NULL;
	int i, seen = 0;

	g->generals[0].pos = (struct point){ 43, 32 };
	assert_int_equal(game_order(g, &o, &cause), 0);
	game_turn(g);
	for (i = 0; i < g->log.n; i++)
		if (strstr(g->log.v[i].text, "marches straight on") != NULL) {
			seen++;
			assert_true(know_event(g, &g->log.v[i], 0));
			assert_false(know_event(g, &g->log.v[i], 1));
		}
	assert_true(seen > 0);
	assert_true(reads(g, 1, "ga moves"));
}

/*
 * 3.6.3: a Column (Drill 4, no drum: 1 BD) at [20, 36] facing N, sent to
 * [30, 36] due E, turns 45 degrees to face NE, all it has, and goes on
 * turning to face E next turn: that note tells where its order leads, so
 * only its side reads it; the enemy reads the turn it made.
 */
static void
test_3_6_3_turn_to_come_hidden_from_the_enemy(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	int c = fixture_unit(g, "col", 0, ARM_INFANTRY, "line", "column", 20,
	    36, DIR_N, 600);
	struct order o = move_order(c, 0, 30, 36);
	char *cause = NULL;

	assert_int_equal(game_order(g, &o, &cause), 0);
	game_turn(g);
	assert_int_equal(g->units[c].facing, DIR_NE);
	assert_int_equal(g->units[c].pos.x, 20);
	assert_int_equal(g->units[c].pos.y, 36);
	assert_true(reads(g, 0, "it goes on turning to face E next turn"));
	assert_false(reads(g, 1, "it goes on turning to face E next turn"));
	assert_true(reads(g, 1, "col turns its front 45 degrees, N to NE"));
}

/*
 * 3.6.3, a line of units wheeling (marshal's reading): ga and gb, Lines
 * side by side on row 30 facing N, sent as a group to [35, 26] behind
 * their left, wheel left about [38, 30] to face NW, paying for the
 * 45-degree stage over turns 1 to 3.  On turn 4 the stage is made: the
 * front's centre has moved and the destination is no longer NW of it,
 * so the line stops there (ga on [39, 29], gb on [43, 25], both facing
 * NW, halted for its speed) to wheel again next turn rather than march
 * on NW.
 */
static void
test_3_6_3_group_wheel_stops_goal_aside(void **state)
{
	struct fx *f = *state;
	struct game *g = f->g;
	int a = line_ga(g), b = line_gb(g);
	struct order o = group_of_two(a, b, 35, 26);
	char *cause = NULL;
	int t;

	g->generals[0].pos = (struct point){ 43, 32 };
	assert_int_equal(game_order(g, &o, &cause), 0);
	for (t = 1; t <= 4; t++)
		game_turn(g);
	assert_int_equal(g->units[a].pos.x, 39);
	assert_int_equal(g->units[a].pos.y, 29);
	assert_int_equal(g->units[b].pos.x, 43);
	assert_int_equal(g->units[b].pos.y, 25);
	assert_int_equal(g->units[a].facing, DIR_NW);
	assert_int_equal(g->units[b].facing, DIR_NW);
	assert_int_equal(g->units[a].halt, HALT_SPEED);
	assert_true(reads(g, 0, "gb moves 0.25 BD with its line: stops at "
	    "[43, 25] facing NW, Line: the wheel moved the front's centre, "
	    "and the destination is no longer straight ahead: it wheels "
	    "again next turn"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
		T(test_3_1_1_radius_and_courier_speed_from_data),
		T(test_3_1_1_order_within_radius_in_force_at_once),
		T(test_3_1_1_scenario_orders_immediate),
		T(test_3_1_1_scenario_order_plan_has_no_distance),
		T(test_3_4_5_move_onto_unit_0_is_an_assault),
		T(test_3_1_1_radius_boundary),
		T(test_3_2_1_ride_turns_round_up),
		T(test_3_2_1_courier_turns_at_one_tick),
		T(test_3_1_1_formation_order_names_its_formation),
		T(test_3_1_1_formation_order_names_the_first_formation),
		T(test_3_2_1_order_beyond_radius_rides_with_aide),
		T(test_ruleset_without_aides_orders_at_once),
		T(test_3_2_2_couriers_phase_delivers_on_arrival),
		T(test_3_2_2_game_turn_delivers),
		T(test_3_6_8_contact_ends_with_an_order_carried_by_an_aide),
		T(test_3_6_8_contact_ends_when_no_enemy_is_near),
		T(test_3_6_8_order_received_as_a_charge_pins_moves_on_next_turn),
		T(test_3_2_3_older_order_dropped),
		T(test_3_2_3_order_lost_when_unit_routs),
		T(test_3_2_4_courier_delay_off),
		T(test_refused_order_not_queued),
		T(test_orders_hidden_from_the_enemy),
		T(test_order_undo_restores_the_turns_start),
		T(test_order_undo_in_the_first_turn_once_only),
		T(test_order_undo_names_the_order_restored),
		T(test_order_undo_restores_the_waypoint),
		T(test_3_6_3_turn_to_come_hidden_from_the_enemy),
		T(test_group_march_goal_hidden_from_the_enemy),
		T(test_3_6_3_group_wheel_stops_goal_aside),
		T(test_3_6_2_held_order_hidden_from_the_enemy),
		T(test_3_1_2_general_rides_12_bd_a_turn),
		T(test_3_1_2_ride_stop_and_ticks),
		T(test_3_1_2_general_order_hidden_from_the_enemy),
		T(test_3_6_3_group_order_gives_each_its_own_place),
		T(test_3_6_3_bad_group_order_reaches_nobody),
		T(test_3_6_3_group_order_of_two_named_as_such),
#undef T
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
