/*
 * test-command.c - the order system: command radius (3.1.1) and the
 * aides-de-camp who carry orders beyond it (3.2.1 to 3.2.4).
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/command.h"
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
	assert_int_equal(fixture_count(f->g, "3.1.1", "8 BD away, within the "
	    "8 BD command radius"), 1);

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
	    "40 BD away, beyond the 8 BD radius"), 1);
	assert_int_equal(fixture_count(f->g, "3.2.1", "3 turns"), 1);
	assert_int_equal(fixture_count(f->g, "3.2.1", "arrives turn 4"), 1);
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

int
main(void)
{
	const struct CMUnitTest tests[] = {
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
		T(test_3_1_1_radius_and_courier_speed_from_data),
		T(test_3_1_1_order_within_radius_in_force_at_once),
		T(test_3_1_1_scenario_orders_immediate),
		T(test_3_1_1_radius_boundary),
		T(test_3_2_1_ride_turns_round_up),
		T(test_3_2_1_order_beyond_radius_rides_with_aide),
		T(test_3_2_2_couriers_phase_delivers_on_arrival),
		T(test_3_2_2_game_turn_delivers),
		T(test_3_2_3_older_order_dropped),
		T(test_3_2_3_order_lost_when_unit_routs),
		T(test_3_2_4_courier_delay_off),
		T(test_refused_order_not_queued),
#undef T
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
