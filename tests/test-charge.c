/*
 * test-charge.c - the Napoleonic charge phase (3.4), the rally phase
 * (3.3) and the hook of 3.6.8 (M34) on the charge record, on small games
 * built in C.  Dice come from the game's stream, so a test that needs a
 * given outcome works out the roll from a copy of that stream.
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

#include "ai/ai.h"
#include "ai/doctrine.h"
#include "core/command.h"
#include "core/geom.h"
#include "core/move.h"

#include "io/yread.h"
#include "rules/napoleonic/move.h"
#include "rules/napoleonic/napoleonic.h"
#include "rules/napoleonic/phases.h"
#define TURN_FIXTURE_SHARED
#include "turn-fixture.h"
#include "util/xalloc.h"

static void
order_to(struct game *g, int u, int x, int y)
{
	struct order *o = &g->units[u].order;

	o->kind = ORDER_MOVE;
	o->unit = u;
	o->general = -1;
	o->npts = 1;
	o->pts[0] = (struct point){ x, y };
	o->issued = o->arrives = 1;
}

/*
 * 3.6.7: the occupancy grid reads each unit on the field (routers too)
 * on exactly the cells of its block and every other cell as empty: a
 * unit that charged or fell back left nothing of itself where it stood.
 */
static void
assert_occupancy_exact(const struct game *g)
{
	struct point *cells = game_cells_take(g);
	int x, y, u, i, n, owner;

	for (y = 0; y < g->map->h; y++)
		for (x = 0; x < g->map->w; x++) {
			owner = -1;
			for (u = 0; u < g->nunits && owner < 0; u++) {
				if (cond_gone(g->units[u].cond))
					continue;
				n = game_footprint(g, &g->units[u], cells);
				for (i = 0; i < n; i++)
					if (cells[i].x == x && cells[i].y == y)
						owner = u;
			}
			assert_int_equal(game_unit_at(g, x, y), owner);
		}
	game_cells_give(g, cells);
}

/* French Line at [20, 20] marching north, Allied Line 1.5 BD ahead. */
static struct game *
lines(int *a, int *b)
{
	struct game *g = field();

	*a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 600);
	*b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 16,
	    DIR_S, 500);
	order_to(g, *a, 20, 10);
	return g;
}

/* --- 3.4 Charges --------------------------------------------------------- */

/* 3.4.1, 3.4.2: a Line marching through the enemy within 2 BD charges and
 * closes to melee reach; the target tests (3.4.3). */
static void
test_3_4_1_line_charges_and_closes_to_melee_reach(void **state)
{
	int a, b;
	struct game *g = lines(&a, &b);

	(void)state;
	assert_int_equal(nap_gap(g, a, b), 6);
	nap_phase_charges(g);
	assert_int_equal(fixture_count(g, "3.4.1", "a (infantry in Line) "
	    "charges b, 1.5 BD away (within its 2 BD charge reach)"), 1);
	/* Its front from row 20 to row 18: b's front is on row 16, so one
	 * empty row (17) is left between them, 0.5 BD, the melee reach. */
	assert_int_equal(g->units[a].pos.x, 20);
	assert_int_equal(g->units[a].pos.y, 18);
	assert_int_equal(g->units[a].facing, DIR_N);
	assert_int_equal(g->units[a].moved, 2 * STEP_ORTHO);	/* 1 BD */
	assert_int_equal(nap_gap(g, a, b), 2);
	assert_int_equal(tab()->melee.reach, 2);
	assert_int_equal(g->units[b].pos.y, 16);
	assert_int_equal(fixture_count(g, "3.4.2", "closes from [20, 20] to "
	    "[20, 18], 0.5 BD from b"), 1);
	assert_int_equal(fixture_count(g, "3.4.3", "b is charged and tests"),
	    1);
	assert_int_equal(g->units[a].charged, g->turn);
	assert_int_equal(g->units[b].charged, g->turn);
	assert_int_equal(g->units[a].contact, b);
	/* 3.4.2: both hold where they are for the movement phase. */
	assert_int_equal(g->units[b].halt, HALT_CONTACT);
	assert_int_equal(g->units[b].halt_turn, g->turn);
	/* It left free the cells it stood on. */
	assert_occupancy_exact(g);
	game_free(g);
}

/* 3.4.3, the whole line: b, Drill 4 + 4, no modifier, tests against the
 * Line charging it: the two dice as rolled, and the verdict from them. */
static void
test_3_4_3_stand_test_line_with_its_dice(void **state)
{
	int a, b, d1, d2;
	struct game *g = lines(&a, &b);
	struct rng rr;
	char want[192];

	(void)state;
	rr = g->rng;
	d1 = rng_die(&rr, 6);
	d2 = rng_die(&rr, 6);
	nap_phase_charges(g);
	snprintf(want, sizeof want, "b is charged and tests: needs 8 or less "
	    "(Drill 4 + 4); rolls %d (%d+%d): ", d1 + d2, d1, d2);
	if (d1 + d2 <= 8)
		strcat(want, "it stands");
	else
		snprintf(want + strlen(want), sizeof want - strlen(want),
		    "fails by %d", d1 + d2 - 8);
	assert_int_equal(fixture_count(g, "3.4.3", want), 1);
	game_free(g);
}

/* 3.4.1: a friend close behind the charger is no target and hides none:
 * the Line still charges the enemy 1.5 BD ahead, whatever the order of
 * the units (the friend comes between the two in it). */
static void
test_3_4_1_charges_past_a_friend_close_behind(void **state)
{
	struct game *g = field();
	int a, f, b;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 600);
	f = fixture_unit(g, "f", 0, ARM_INFANTRY, "line", "line", 20, 23,
	    DIR_N, 600);
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 16,
	    DIR_S, 500);
	assert_true(a < f && f < b);
	assert_true(nap_gap(g, a, f) <= tab()->charge.reach[ARM_INFANTRY]);
	order_to(g, a, 20, 10);
	assert_int_equal(nap_gap(g, a, b), 6);
	nap_phase_charges(g);
	assert_int_equal(fixture_count(g, "3.4.1", "a (infantry in Line) "
	    "charges b, 1.5 BD away"), 1);
	assert_int_equal(g->units[a].pos.y, 18);
	assert_int_equal(g->units[a].contact, b);
	assert_int_equal(g->units[b].charged, g->turn);
	assert_int_equal(g->units[f].pos.y, 23);
	game_free(g);
}

/* 3.4.1: a charger that has closed is a target where it now stands for
 * the units after it in the phase, even the first unit of the battle
 * (index 0): horse a closes 3.5 BD onto b, and Line c, 2 BD from where a
 * stands then and far from where it began, charges it. */
static void
test_3_4_1_charger_closed_is_a_target_where_it_stands(void **state)
{
	struct game *g = field();
	int a, b, c;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_CAVALRY, "light", "line", 20, 24,
	    DIR_N, 400);
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 16,
	    DIR_S, 500);
	c = fixture_unit(g, "c", 1, ARM_INFANTRY, "line", "line", 28, 18,
	    DIR_W, 500);
	assert_int_equal(a, 0);
	order_to(g, a, 20, 8);
	order_to(g, c, 4, 18);
	/* c's 2 BD reach does not take in a where it begins. */
	assert_int_equal(nap_gap(g, a, c), 11);
	nap_phase_charges(g);
	assert_int_equal(fixture_count(g, "3.4.2", "a closes from [20, 24] to "
	    "[20, 18]"), 1);
	/* c's charge from its flank routs it: it turns its back where it
	 * stands (3.9.2), its front centre now its old rear rank's. */
	assert_int_equal(g->units[a].pos.x, 21);
	assert_int_equal(g->units[a].pos.y, 19);
	assert_int_equal(g->units[a].facing, DIR_S);
	assert_int_equal(g->units[b].charged, g->turn);	/* a's charge */
	assert_int_equal(fixture_count(g, "3.4.1", "c (infantry in Line) "
	    "charges a, 2 BD away"), 1);
	assert_int_equal(g->units[c].pos.x, 25);
	assert_int_equal(g->units[c].pos.y, 18);
	assert_int_equal(nap_gap(g, a, c), 2);
	assert_int_equal(g->units[c].contact, a);
	assert_int_equal(g->units[a].charged, g->turn);
	game_free(g);
}

/*
 * 3.4.1: the charge reach is the gap from which an arm charges: foot with
 * no reach at all never charges, even an enemy its Line touches, in a
 * formation the table lets charge; with the least reach there is (one
 * tick, 0.25 BD) it charges that enemy.  The same in the preview of its
 * order (3.4.5).
 */
static void
test_3_4_1_no_reach_no_charge_the_least_reach_charges(void **state)
{
	int reach = tab()->charge.reach[ARM_INFANTRY], k;

	(void)state;
	for (k = 0; k < 2; k++) {
		struct game *g = field();
		struct charge_forecast f;
		int a, b;

		a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20,
		    18, DIR_N, 600);
		b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20,
		    17, DIR_S, 500);
		order_to(g, a, 20, 10);
		assert_int_equal(nap_gap(g, a, b), 0);
		tab()->charge.reach[ARM_INFANTRY] = k;
		nap_charge_forecast(g, &g->units[a].order, g->units[a].pos,
		    DIR_N, HALT_ARRIVED, &f);
		nap_phase_charges(g);
		tab()->charge.reach[ARM_INFANTRY] = reach;
		if (k == 0) {
			assert_int_equal(f.target, -1);
			assert_int_equal(fixture_count(g, "3.4.1", NULL), 0);
			assert_int_not_equal(g->units[a].charged, g->turn);
			assert_int_equal(g->units[a].contact, -1);
		} else {
			assert_int_equal(f.target, b);
			assert_int_equal(fixture_count(g, "3.4.1", "a (infantry "
			    "in Line) charges b, 0 BD away (within its 0.25 BD "
			    "charge reach)"), 1);
			assert_int_equal(g->units[a].charged, g->turn);
			assert_int_equal(g->units[a].contact, b);
		}
		game_free(g);
	}
}

/* 3.4.2: a charger already within melee reach does not move: it stays
 * where it stands, in contact, and the log says they fight in the melee
 * phase; the target tests (3.4.3). */
static void
test_3_4_2_charger_already_within_melee_reach_stays(void **state)
{
	struct game *g = field();
	int a, b;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 18,
	    DIR_N, 600);
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 16,
	    DIR_S, 500);
	order_to(g, a, 20, 10);
	assert_int_equal(nap_gap(g, a, b), 2);
	nap_phase_charges(g);
	assert_int_equal(fixture_count(g, "3.4.1", "a (infantry in Line) "
	    "charges b, 0.5 BD away"), 1);
	assert_int_equal(g->units[a].pos.y, 18);
	assert_int_equal(g->units[a].moved, 0);
	assert_int_equal(g->units[a].contact, b);
	assert_int_equal(g->units[b].contact, a);
	assert_int_equal(fixture_count(g, "3.4.2", "a is already within "
	    "melee reach of b (0.5 BD)"), 1);
	assert_int_equal(fixture_count(g, "3.4.2", "closes"), 0);
	assert_int_equal(fixture_count(g, "3.4.3", "b is charged and tests"),
	    1);
	game_free(g);
}

/* 3.4.1: a target exactly 45 degrees off the front (the arc) is charged,
 * and the preview foresees it: Line a at [20, 20] facing N, the enemy's
 * Line at [25, 15], north-east, 2 BD away. */
static void
test_3_4_1_target_at_the_edge_of_the_arc_is_charged(void **state)
{
	struct charge_forecast f;
	struct game *g = field();
	int a, b;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 600);
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 25, 15,
	    DIR_SW, 500);
	order_to(g, a, 25, 15);
	assert_int_equal(geom_heading(g->units[a].pos, g->units[b].pos),
	    DIR_NE);
	assert_int_equal(tab()->charge.arc, 1);
	assert_int_equal(nap_gap(g, a, b), 8);
	assert_int_equal(nap_charge_forecast(g, &g->units[a].order,
	    g->units[a].pos, g->units[a].facing, HALT_ARRIVED, &f), 0);
	assert_int_equal(f.target, b);
	assert_int_equal(f.when, CHARGE_NOW);
	nap_phase_charges(g);
	assert_int_equal(fixture_count(g, "3.4.1", "a (infantry in Line) "
	    "charges b, 2 BD away"), 1);
	assert_int_equal(g->units[b].charged, g->turn);
	game_free(g);
}

/* 3.4.5: a unit that may charge but has no Move order is not refused: the
 * forecast (as the Assault key asks it, with no order yet) answers 0 with
 * no target and no reason, and only a unit that cannot charge at all gets
 * -1 (infantry in Skirmish order: 3.4.1). */
static void
test_3_4_5_forecast_without_a_move_order_is_no_refusal(void **state)
{
	struct charge_forecast f;
	struct order o;
	struct game *g = field();
	int a;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 600);
	(void)fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 14,
	    DIR_S, 500);
	memset(&o, 0, sizeof o);
	o.kind = ORDER_NONE;
	o.unit = a;
	assert_int_equal(nap_charge_forecast(g, &o, g->units[a].pos,
	    g->units[a].facing, HALT_ARRIVED, &f), 0);
	assert_int_equal(f.target, -1);
	assert_string_equal(f.refused, "");
	g->units[a].formation = ruleset_form(g->rs, "skirmish");
	assert_int_equal(nap_charge_forecast(g, &o, g->units[a].pos,
	    g->units[a].facing, HALT_ARRIVED, &f), -1);
	assert_string_not_equal(f.refused, "");
	game_free(g);
}

/* 3.4.2 (marshal's reading): a charge whose first step is barred (a
 * friend close in front) is not made: no 3.4.1 charge, nothing held, the
 * target not charged, the log naming the friend and its cell; the preview
 * foresees no charge, this turn nor next from where it stands, and the
 * movement phase marches the unit on its order instead of holding it
 * where it stands. */
static void
test_3_4_2_charge_barred_at_once_is_not_made(void **state)
{
	struct charge_forecast fc;
	int a, b, f;
	struct game *g = lines(&a, &b);

	(void)state;
	f = fixture_unit(g, "f", 0, ARM_INFANTRY, "line", "line", 20, 18,
	    DIR_N, 600);
	assert_int_equal(nap_gap(g, a, f), 0);
	assert_int_equal(nap_gap(g, a, b), 6);
	assert_int_equal(nap_charge_forecast(g, &g->units[a].order,
	    g->units[a].pos, g->units[a].facing, HALT_SPEED, &fc), 0);
	/* Neither now nor next turn from where it stands, f still there. */
	assert_int_equal(fc.target, -1);
	nap_phase_charges(g);
	assert_int_equal(fixture_count(g, "3.4.1", NULL), 0);
	assert_int_equal(fixture_count(g, "3.4.2", "a does not charge b, 1.5 "
	    "BD away: it could not take a step toward it from [20, 20] (f "
	    "stands in its way at [20, 18]); it marches on its order "
	    "instead"), 1);
	assert_int_equal(g->units[a].pos.y, 20);
	assert_int_equal(g->units[a].moved, 0);
	assert_int_not_equal(g->units[a].charged, g->turn);
	assert_int_not_equal(g->units[b].charged, g->turn);
	assert_int_not_equal(g->units[a].halt, HALT_CONTACT);
	assert_int_equal(g->units[a].contact, -1);
	assert_occupancy_exact(g);
	game_free(g);
}

/* 3.4.2 (marshal's reading), as at the Côa's vineyard: horse whose
 * charge is barred at once by a friend's Line is not held where it
 * stands for the turn; the movement phase marches it on its order (here
 * through the friend, 3.6.7, 3 BD to [22, 19]). */
static void
test_3_4_2_barred_horse_marches_on_its_order(void **state)
{
	struct game *g = field();
	int a, b, f;

	(void)state;
	a = fixture_unit(g, "hus", 0, ARM_CAVALRY, "light", "line", 20, 24,
	    DIR_N, 400);
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 26, 15,
	    DIR_S, 500);
	f = fixture_unit(g, "f", 0, ARM_INFANTRY, "line", "line", 20, 22,
	    DIR_N, 600);
	order_to(g, a, 26, 15);
	assert_int_equal(nap_gap(g, a, b), tab()->charge.reach[ARM_CAVALRY]);
	assert_int_equal(nap_gap(g, a, f), 0);
	nap_phase_charges(g);
	assert_int_equal(fixture_count(g, "3.4.2", "hus does not charge b, 4 "
	    "BD away: it could not take a step toward it from [20, 24] (f "
	    "stands in its way at [20, 22])"), 1);
	assert_int_not_equal(g->units[a].charged, g->turn);
	nap_phase_movement(g);
	assert_int_equal(g->units[a].moved, 12);
	assert_int_equal(g->units[a].pos.x, 22);
	assert_int_equal(g->units[a].pos.y, 19);
	assert_int_equal(g->units[a].facing, DIR_NE);
	game_free(g);
}

/* 3.4.2 in the preview (3.4.5): a charge made at a slant may spend its
 * reach before it closes, its slanting steps (3 ticks each) costing more
 * than they take off the gap.  Horse in Column at [30, 30] facing N, sent
 * onto foot in Line at [36, 21] 4 BD away (16 ticks, the horse's whole
 * reach), would stop short of melee reach with its 4 BD spent: the
 * preview says the charge falters so, with the figure, and no test. */
static void
test_3_4_2_forecast_falters_with_its_charge_reach_spent(void **state)
{
	struct charge_forecast fc;
	struct game *g = field();
	int a, b;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_CAVALRY, "light", "column", 30, 30,
	    DIR_N, 600);
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 36, 21,
	    DIR_S, 500);
	order_to(g, a, 36, 21);
	assert_int_equal(nap_gap(g, a, b), 16);
	assert_int_equal(tab()->charge.reach[ARM_CAVALRY], 16);
	assert_int_equal(nap_charge_forecast(g, &g->units[a].order,
	    g->units[a].pos, DIR_N, HALT_ARRIVED, &fc), 0);
	assert_int_equal(fc.target, b);
	assert_true(fc.falters);
	assert_false(fc.test);
	assert_string_equal(fc.falter_why, "its 4 BD charge reach is spent");
	game_free(g);
}

/* 3.4.2: a charge that takes its first step and is then stopped by a
 * friend falters where it stopped, and says who stood in its way. */
static void
test_3_4_2_charge_falters_at_a_friend(void **state)
{
	struct charge_forecast fc;
	int a, b, f;
	struct game *g = lines(&a, &b);

	(void)state;
	f = fixture_unit(g, "f", 0, ARM_INFANTRY, "line", "line", 20, 17,
	    DIR_N, 600);
	assert_int_equal(nap_gap(g, a, f), 2);
	/* The preview foresees it: the charge, stopped short by f. */
	assert_int_equal(nap_charge_forecast(g, &g->units[a].order,
	    g->units[a].pos, g->units[a].facing, HALT_SPEED, &fc), 0);
	assert_int_equal(fc.target, b);
	assert_true(fc.falters);
	assert_string_equal(fc.falter_why, "f stands in its way");
	nap_phase_charges(g);
	assert_int_equal(fixture_count(g, "3.4.1", "a (infantry in Line) "
	    "charges b"), 1);
	assert_int_equal(fixture_count(g, "3.4.2", "a's charge falters: it "
	    "closes from [20, 20] to [20, 19] but stands 1 BD from b, beyond "
	    "melee reach: f stands in its way"), 1);
	assert_int_equal(g->units[a].pos.y, 19);
	assert_int_equal(g->units[a].halt, HALT_CONTACT);
	assert_int_equal(g->units[a].contact, -1);
	assert_occupancy_exact(g);
	game_free(g);
}

/*
 * A river no formation may enter (the Côa's water), columns 30 and 31 of
 * the field; horse in Column at [36, 20] facing W with a Move order onto
 * foot in Line at [27, 20] on the far bank, facing E.  The gap, x = 28 to
 * 35, is 8 cells: 4 BD, the horse's charge reach.
 */
static struct game *
across_the_river(int x, int *a, int *b)
{
	struct game *g = field();
	int y, water = ruleset_land(rs, "water");

	assert_true(water >= 0);
	for (y = 0; y < g->map->h; y++) {
		map_cell(g->map, 30, y)->land = (uint8_t)water;
		map_cell(g->map, 31, y)->land = (uint8_t)water;
	}
	*a = fixture_unit(g, "hus", 0, ARM_CAVALRY, "light", "column", x, 20,
	    DIR_W, 400);
	*b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 27, 20,
	    DIR_E, 500);
	order_to(g, *a, 27, 20);
	return g;
}

/* Whether any cell of unit u's block lies on ground its formation may
 * not enter. */
static bool
on_forbidden_ground(const struct game *g, int u)
{
	const struct unit *un = &g->units[u];
	struct point *cells = game_cells_take(g);
	int i, n, l;
	bool bad = false;

	n = game_footprint(g, un, cells);
	for (i = 0; i < n; i++) {
		l = map_cell(g->map, cells[i].x, cells[i].y)->land;
		if (g->rs->land[l].forbid & (1u << un->formation))
			bad = true;
	}
	game_cells_give(g, cells);
	return bad;
}

/* 3.4.2 (marshal's reading): a charge closes only over ground its
 * formation may enter.  The horse steps from [36, 20] to [32, 20], its
 * block x = 32 to 35 on the near bank: the next step would put it in the
 * river, so it falters there, 2 BD (x = 28 to 31) from the foot, and the
 * foot takes no test.  Before, it rode into the river to melee reach. */
static void
test_3_4_2_charge_falters_at_ground_it_may_not_enter(void **state)
{
	struct charge_forecast fc;
	int a, b;
	struct game *g = across_the_river(36, &a, &b);

	(void)state;
	assert_int_equal(nap_gap(g, a, b), tab()->charge.reach[ARM_CAVALRY]);
	/* The Move preview says the charge comes this turn and falters at
	 * the river, with no test (3.4.5). */
	assert_int_equal(nap_charge_forecast(g, &g->units[a].order,
	    g->units[a].pos, g->units[a].facing, HALT_SPEED, &fc), 0);
	assert_int_equal(fc.target, b);
	assert_int_equal(fc.when, CHARGE_NOW);
	assert_true(fc.falters);
	assert_false(fc.test);
	assert_non_null(strstr(fc.falter_why, "Lake at [31, "));
	nap_phase_charges(g);
	assert_int_equal(fixture_count(g, "3.4.1", "hus (cavalry in Column) "
	    "charges b, 4 BD away"), 1);
	assert_int_equal(g->units[a].pos.x, 32);
	assert_int_equal(g->units[a].pos.y, 20);
	assert_int_equal(g->units[a].facing, DIR_W);
	assert_int_equal(g->units[a].moved, 4 * STEP_ORTHO);	/* 2 BD */
	assert_int_equal(nap_gap(g, a, b), 8);			/* 2 BD */
	assert_false(on_forbidden_ground(g, a));
	assert_int_equal(fixture_count(g, "3.4.2", "hus's charge falters: it "
	    "closes from [36, 20] to [32, 20] but stands 2 BD from b, beyond "
	    "melee reach: Lake at [31, "), 1);
	assert_int_equal(fixture_count(g, "3.4.2", "where it may not go "
	    "(3.6.5), is in its way"), 1);
	assert_int_equal(fixture_count(g, "3.4.3", NULL), 0);
	assert_int_equal(g->units[a].contact, -1);
	assert_int_not_equal(g->units[b].halt, HALT_CONTACT);
	assert_occupancy_exact(g);
	game_free(g);
}

/* 3.4.2: horse on the bank itself, [32, 20], 2 BD from the foot: its
 * first step would be into the river, so the charge is not made and
 * neither unit counts as charged. */
static void
test_3_4_2_charge_into_ground_it_may_not_enter_is_not_made(void **state)
{
	struct charge_forecast fc;
	int a, b;
	struct game *g = across_the_river(32, &a, &b);

	(void)state;
	assert_int_equal(nap_gap(g, a, b), 8);
	assert_int_equal(nap_charge_forecast(g, &g->units[a].order,
	    g->units[a].pos, g->units[a].facing, HALT_SPEED, &fc), 0);
	assert_int_equal(fc.target, -1);
	nap_phase_charges(g);
	assert_int_equal(fixture_count(g, "3.4.1", NULL), 0);
	assert_int_equal(fixture_count(g, "3.4.2", "hus does not charge b, 2 "
	    "BD away: it could not take a step toward it from [32, 20] (Lake "
	    "at [31, "), 1);
	assert_int_equal(g->units[a].pos.x, 32);
	assert_int_equal(g->units[a].moved, 0);
	assert_int_not_equal(g->units[a].charged, g->turn);
	assert_int_not_equal(g->units[b].charged, g->turn);
	assert_occupancy_exact(g);
	game_free(g);
}

/* 3.4.1: with sixteen units on the field (as many as the game's first
 * table of units holds), the last of them charges like any other. */
static void
test_3_4_1_the_last_of_sixteen_units_charges(void **state)
{
	struct game *g = field();
	char id[8];
	int k, a, b;

	(void)state;
	for (k = 0; k < 14; k++) {
		snprintf(id, sizeof id, "u%d", k);
		fixture_unit(g, id, k % 2, ARM_INFANTRY, "line", "column",
		    4 + 3 * k, k % 2 ? 2 : 37, k % 2 ? DIR_S : DIR_N, 500);
	}
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 16,
	    DIR_S, 500);
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 600);
	assert_int_equal(g->nunits, 16);
	assert_int_equal(a, 15);
	order_to(g, a, 20, 10);
	nap_phase_charges(g);
	assert_int_equal(fixture_count(g, "3.4.1", "a (infantry in Line) "
	    "charges b, 1.5 BD away"), 1);
	assert_int_equal(fixture_count(g, "3.4.1", NULL), 1);
	assert_int_equal(g->units[a].pos.y, 18);
	assert_int_equal(g->units[b].charged, g->turn);
	game_free(g);
}

/* 3.4.1: a Move order leading elsewhere is no charge. */
static void
test_3_4_1_no_charge_when_the_order_leads_elsewhere(void **state)
{
	int a, b;
	struct game *g = lines(&a, &b);

	(void)state;
	order_to(g, a, 50, 20);
	nap_phase_charges(g);
	assert_int_equal(fixture_count(g, "3.4.1", NULL), 0);
	assert_int_equal(g->units[a].pos.y, 20);
	game_free(g);
}

/*
 * 3.4.1: a Move order leading away from an enemy the unit stands within
 * melee reach of is a withdrawal, not a charge (marshal's reading: the
 * march must lead onto the enemy).  Column a at [20, 18] facing N, 0.5 BD
 * from Line b, is sent south to [20, 26]: no charge, no test, no contact,
 * and in the movement phase it faces about where it stands (3.6.3, M8):
 * its rear rank, [20, 21] (the column is 4 ranks deep), becomes its
 * front, facing S, and the 180-degree turn spends its 1 BD.  Charging,
 * it would have held at [20, 18] facing N.  Sent north onto b instead,
 * from the same cell, it charges: 0.5 BD.
 */
static void
test_3_4_1_moving_away_from_contact_is_no_charge(void **state)
{
	int k;

	(void)state;
	for (k = 0; k < 2; k++) {
		struct game *g = field();
		int a, b;

		a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "column", 20,
		    18, DIR_N, 600);
		b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20,
		    16, DIR_S, 500);
		order_to(g, a, 20, k == 0 ? 26 : 10);
		assert_int_equal(nap_gap(g, a, b), tab()->melee.reach);
		nap_phase_charges(g);
		if (k == 0) {
			assert_int_equal(fixture_count(g, "3.4.1", NULL), 0);
			assert_int_not_equal(g->units[a].charged, g->turn);
			assert_int_not_equal(g->units[b].charged, g->turn);
			assert_int_equal(g->units[a].contact, -1);
			nap_phase_movement(g);
			assert_int_equal(g->units[a].pos.x, 20);
			assert_int_equal(g->units[a].pos.y, 21);
			assert_int_equal(g->units[a].facing, DIR_S);
			assert_int_equal(g->units[a].halt, HALT_SPEED);
		} else {
			assert_int_equal(fixture_count(g, "3.4.1", "a (infantry "
			    "in Column) charges b, 0.5 BD away"), 1);
			assert_int_equal(g->units[a].pos.y, 18);
			assert_int_equal(g->units[a].contact, b);
			assert_int_equal(nap_gap(g, a, b), 2);
		}
		game_free(g);
	}
}

/* 3.4.1: infantry charges from 2 BD, not from beyond; a Mob never. */
static void
test_3_4_1_no_charge_beyond_reach_or_as_mob(void **state)
{
	struct game *g = field();
	int a, b;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 600);
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 14,
	    DIR_S, 500);
	order_to(g, a, 20, 5);
	/* 2.5 BD (rows 15 to 19 empty): beyond the 2 BD reach of foot. */
	assert_int_equal(nap_gap(g, a, b), 10);
	assert_int_equal(tab()->charge.reach[ARM_INFANTRY], 8);
	nap_phase_charges(g);
	assert_int_equal(fixture_count(g, "3.4.1", NULL), 0);
	assert_int_equal(g->units[a].pos.y, 20);
	assert_int_equal(g->units[b].charged, 0);
	game_free(g);

	/* At exactly 2 BD it charges. */
	g = field();
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 600);
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 15,
	    DIR_S, 500);
	order_to(g, a, 20, 5);
	assert_int_equal(nap_gap(g, a, b), 8);
	nap_phase_charges(g);
	assert_int_equal(fixture_count(g, "3.4.1", "a (infantry in Line) "
	    "charges b, 2 BD away"), 1);
	assert_int_equal(g->units[b].charged, g->turn);
	game_free(g);

	g = lines(&a, &b);
	g->units[a].cond = COND_MOB;
	nap_phase_charges(g);
	assert_int_equal(fixture_count(g, "3.4.1", NULL), 0);
	assert_int_equal(g->units[a].pos.y, 20);
	assert_int_equal(g->units[b].charged, 0);
	game_free(g);
}

/* 3.4.3: the target's test: passing stands, failing by less than 3 is a
 * Mob, failing by 3 or more routs. */
static void
test_3_4_3_target_stands_wavers_or_routs(void **state)
{
	int a, b, roll;
	struct game *g;

	(void)state;
	g = lines(&a, &b);
	roll = fixture_dice(g, 2, 6);
	tab()->charge.base = roll - 4;		/* Drill 4: needs exactly roll */
	nap_phase_charges(g);
	assert_int_equal(g->units[b].cond, COND_FORMED);
	assert_int_equal(fixture_count(g, "3.4.3", "it stands"), 1);
	game_free(g);

	g = lines(&a, &b);
	roll = fixture_dice(g, 2, 6);
	tab()->charge.base = roll - 4 - 1;	/* fails by 1 */
	nap_phase_charges(g);
	assert_int_equal(g->units[b].cond, COND_MOB);
	assert_int_equal(fixture_count(g, "3.4.3", "fails by 1"), 1);
	assert_int_equal(fixture_count(g, "3.4.3", "wavers at the charge"),
	    1);
	game_free(g);

	g = lines(&a, &b);
	roll = fixture_dice(g, 2, 6);
	tab()->charge.base = roll - 4 - 3;	/* fails by 3 */
	nap_phase_charges(g);
	assert_int_equal(g->units[b].cond, COND_ROUTED);
	assert_int_equal(fixture_count(g, "3.9.2", "failed by 3 against a "
	    "charge"), 1);
	game_free(g);
	tab()->charge.base = 4;
}

/* 3.4.3: the target's own general within command radius adds 1 (charge
 * table's general); the first general of the battle (index 0) counts
 * like any other. */
static void
test_3_4_3_general_near_the_first_side_target(void **state)
{
	struct game *g = field();
	int a, b, roll;

	(void)state;
	a = fixture_unit(g, "a", 1, ARM_INFANTRY, "line", "line", 20, 16,
	    DIR_S, 600);
	b = fixture_unit(g, "b", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 500);
	assert_int_equal(g->units[b].general, 0);
	order_to(g, a, 20, 30);
	g->generals[0].pos = (struct point){ 22, 23 };
	roll = fixture_dice(g, 2, 6);
	/* Drill 4 + base + 1 (general near) is exactly the roll: it stands;
	 * without the general it would fail by 1 and waver. */
	tab()->charge.base = roll - 4 - 1;
	nap_phase_charges(g);
	tab()->charge.base = 4;
	assert_int_equal(g->units[b].charged, g->turn);
	assert_int_equal(g->units[b].cond, COND_FORMED);
	assert_int_equal(fixture_count(g, "3.4.3", "+1 (general near)"), 1);
	game_free(g);

	/* Out of his command radius, the same roll fails by 1: a Mob. */
	g = field();
	a = fixture_unit(g, "a", 1, ARM_INFANTRY, "line", "line", 20, 16,
	    DIR_S, 600);
	b = fixture_unit(g, "b", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 500);
	order_to(g, a, 20, 30);
	roll = fixture_dice(g, 2, 6);
	tab()->charge.base = roll - 4 - 1;
	nap_phase_charges(g);
	tab()->charge.base = 4;
	assert_int_equal(g->units[b].cond, COND_MOB);
	assert_int_equal(fixture_count(g, "3.4.3", "fails by 1"), 1);
	game_free(g);
}

/*
 * 3.4.3 at the edge of the command radius (8 BD, 32 ticks, from the
 * data): b's general 16 cells south of it, [20, 36], is exactly 8 BD
 * away and adds his 1, so the roll b needs is met and it stands; at
 * [20, 37], 8.5 BD, he adds nothing and the same roll fails by 1.
 */
static void
test_3_4_3_general_at_exactly_the_command_radius(void **state)
{
	struct game *g;
	int a, b, y, roll;

	(void)state;
	for (y = 36; y <= 37; y++) {
		g = field();
		a = fixture_unit(g, "a", 1, ARM_INFANTRY, "line", "line", 20,
		    16, DIR_S, 600);
		b = fixture_unit(g, "b", 0, ARM_INFANTRY, "line", "line", 20,
		    20, DIR_N, 500);
		assert_int_equal(g->units[b].general, 0);
		assert_int_equal(command_radius(g, 0), 32);
		order_to(g, a, 20, 30);
		g->generals[0].pos = (struct point){ 20, y };
		assert_int_equal(geom_dist(g->generals[0].pos,
		    g->units[b].pos), y == 36 ? 32 : 34);
		roll = fixture_dice(g, 2, 6);
		tab()->charge.base = roll - 4 - 1;
		nap_phase_charges(g);
		tab()->charge.base = 4;
		assert_int_equal(fixture_count(g, "3.4.3",
		    "+1 (general near)"), y == 36 ? 1 : 0);
		assert_int_equal(g->units[b].cond, y == 36 ? COND_FORMED :
		    COND_MOB);
		game_free(g);
	}
}

/* 3.4.3: foot charged by horse tests at -2, and the arithmetic shows it. */
static void
test_3_4_3_horse_against_foot(void **state)
{
	struct game *g = field();
	int a, b, roll;

	(void)state;
	a = fixture_unit(g, "hus", 0, ARM_CAVALRY, "light", "line", 20, 22,
	    DIR_N, 400);
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 16,
	    DIR_S, 500);
	order_to(g, a, 20, 8);
	roll = fixture_dice(g, 2, 6);
	nap_phase_charges(g);
	assert_int_equal(fixture_count(g, "3.4.1", "hus (cavalry in Line) "
	    "charges b, 2.5 BD away (within its 4 BD charge reach)"), 1);
	/* From row 22 to row 18, 0.5 BD short of b as foot would close. */
	assert_int_equal(g->units[a].pos.y, 18);
	assert_int_equal(nap_gap(g, a, b), 2);
	assert_int_equal(fixture_count(g, "3.4.3", "needs 6 or less (Drill "
	    "4 + 4 -2 (charged by horse))"), 1);
	if (roll <= 6)
		assert_int_equal(g->units[b].cond, COND_FORMED);
	else if (roll - 6 < 3)
		assert_int_equal(g->units[b].cond, COND_MOB);
	else
		assert_int_equal(g->units[b].cond, COND_ROUTED);
	game_free(g);
}

/*
 * 3.4.3: charged in the flank or rear, the target needs 2 less: foot
 * charging the back of a Line that faces away needs Drill 4 + 4 - 2 = 6
 * or less to stand.  The charger holds where the charge left it: the
 * movement phase after it marches it no farther on its order.
 */
static void
test_3_4_3_charged_in_the_rear(void **state)
{
	struct game *g = field();
	int a, b, roll;
	struct point at;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 22,
	    DIR_N, 500);
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 16,
	    DIR_N, 500);
	order_to(g, a, 20, 8);
	roll = fixture_dice(g, 2, 6);
	nap_phase_charges(g);
	assert_int_equal(fixture_count(g, "3.4.1", "a (infantry in Line) "
	    "charges b"), 1);
	assert_int_equal(fixture_count(g, "3.4.3", "needs 6 or less (Drill "
	    "4 + 4 -2 (flank or rear))"), 1);
	if (roll <= 6)
		assert_int_equal(g->units[b].cond, COND_FORMED);
	else if (roll - 6 < 3)
		assert_int_equal(g->units[b].cond, COND_MOB);
	else
		assert_int_equal(g->units[b].cond, COND_ROUTED);
	/* why it stands, as the player is told */
	assert_int_equal(g->units[a].halt, HALT_CONTACT);
	assert_int_equal(g->units[a].halt_turn, g->turn);
	at = g->units[a].pos;
	nap_phase_movement(g);
	assert_int_equal(g->units[a].pos.x, at.x);
	assert_int_equal(g->units[a].pos.y, at.y);
	game_free(g);
}

/* 3.4.4: a square charged by horse stands without a test; the horse
 * falls back 1 BD and does not reach melee.  It has charged this turn,
 * not marched: what it walked last turn (8 ticks) is not left on it,
 * moved is 0. */
static void
test_3_4_4_square_stands_and_horse_falls_back(void **state)
{
	struct game *g = field();
	int a, b;

	(void)state;
	a = fixture_unit(g, "hus", 0, ARM_CAVALRY, "light", "line", 20, 22,
	    DIR_N, 400);
	b = fixture_unit(g, "sq", 1, ARM_INFANTRY, "line", "square", 20, 16,
	    DIR_S, 500);
	order_to(g, a, 20, 8);
	g->units[a].moved = 8;
	nap_phase_charges(g);
	assert_int_equal(g->units[a].moved, 0);
	assert_int_equal(g->units[a].halt, HALT_CONTACT);
	assert_int_equal(fixture_count(g, "3.4.4", "the square stands "
	    "without a test and the horse falls back 1 BD to [20, 24]"), 1);
	assert_int_equal(fixture_count(g, "3.4.3", NULL), 0);
	assert_int_equal(g->units[a].pos.y, 24);
	assert_int_equal(g->units[b].cond, COND_FORMED);
	assert_true(nap_gap(g, a, b) > tab()->melee.reach);
	assert_occupancy_exact(g);
	game_free(g);
}

/* 3.6.8 with 3.4: hussars in Line march on foot 2 BD ahead, past the
 * charges phase (the movement phase alone is played): the move closes to
 * melee reach, and that contact is a charge, so the foot tests (3.4.3)
 * in the movement phase, before any melee. */
static void
test_3_6_8_cavalry_contact_in_movement_is_a_charge(void **state)
{
	struct game *g = field();
	int a, b, roll;

	(void)state;
	a = fixture_unit(g, "hus", 0, ARM_CAVALRY, "light", "line", 20, 21,
	    DIR_N, 400);
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 16,
	    DIR_S, 500);
	order_to(g, a, 20, 8);
	assert_int_equal(nap_gap(g, a, b), 8);		/* 2 BD */
	roll = fixture_dice(g, 2, 6);
	/* Drill 4 + base - 2 (charged by horse): fails by exactly 3. */
	tab()->charge.base = roll - 4 + 2 - 3;
	nap_phase_movement(g);
	tab()->charge.base = 4;
	/* Closed to melee reach straight ahead: 1 cell of gap, 0.5 BD. */
	assert_int_equal(g->units[a].pos.x, 20);
	assert_int_equal(nap_gap(g, a, b), tab()->melee.reach);
	assert_int_equal(fixture_count(g, "3.6.8", "hus (cavalry in Line) "
	    "rides on until it may charge: its move brings it 0.5 BD from b"),
	    1);
	assert_int_equal(g->units[a].charged, g->turn);
	assert_int_equal(g->units[b].charged, g->turn);
	assert_int_equal(fixture_count(g, "3.4.3", "b is charged and tests"),
	    1);
	assert_int_equal(g->units[b].cond, COND_ROUTED);
	game_free(g);
}

/* 3.6.8 with 3.4.3: the same charge met by foot that stands (a base no
 * roll can fail): the foot is held where it is, in contact with the horse
 * this turn, formed and not routed. */
static void
test_3_6_8_charged_foot_that_stands_is_held_in_contact(void **state)
{
	struct game *g = field();
	int a, b;

	(void)state;
	a = fixture_unit(g, "hus", 0, ARM_CAVALRY, "light", "line", 20, 21,
	    DIR_N, 400);
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 16,
	    DIR_S, 500);
	order_to(g, a, 20, 8);
	tab()->charge.base = 50;
	nap_phase_movement(g);
	tab()->charge.base = 4;
	assert_int_equal(g->units[b].charged, g->turn);
	assert_int_equal(fixture_count(g, "3.4.3", "b is charged and tests"),
	    1);
	assert_int_equal(g->units[b].cond, COND_FORMED);
	assert_int_equal(g->units[b].halt, HALT_CONTACT);
	assert_int_equal(g->units[b].halt_turn, g->turn);
	assert_int_equal(g->units[b].pos.x, 20);
	assert_int_equal(g->units[b].pos.y, 16);
	game_free(g);
}

/* 3.6.8 with 3.4.4: horse whose move meets a formed square falls back
 * 1 BD from where its move ended, and no melee follows. */
static void
test_3_6_8_cavalry_contact_with_a_square_falls_back(void **state)
{
	struct game *g = field();
	int a, b, y;

	(void)state;
	a = fixture_unit(g, "hus", 0, ARM_CAVALRY, "light", "line", 20, 21,
	    DIR_N, 400);
	b = fixture_unit(g, "sq", 1, ARM_INFANTRY, "line", "square", 20, 16,
	    DIR_S, 500);
	order_to(g, a, 20, 8);
	nap_phase_movement(g);
	assert_int_equal(fixture_count(g, "3.4.3", NULL), 0);
	assert_int_equal(fixture_count(g, "3.4.4", "the square stands "
	    "without a test and the horse falls back 1 BD"), 1);
	/* The square's front row is 16 + its depth; the horse was at reach
	 * from it and is now 1 BD (2 cells) further back. */
	y = g->units[a].pos.y;
	assert_int_equal(nap_gap(g, a, b), tab()->melee.reach +
	    tab()->charge.recoil);
	assert_int_equal(g->units[a].contact, -1);
	assert_int_equal(g->units[b].contact, -1);
	assert_int_equal(g->units[b].cond, COND_FORMED);
	assert_true(y > 16);
	game_free(g);
}

/* 3.6.8: cavalry in Manoeuvre Column stops short and infantry stops at
 * more than 1 BD: neither contact is a charge. */
static void
test_3_6_8_stopping_short_is_no_charge(void **state)
{
	struct game *g;
	int a, b, k;

	(void)state;
	for (k = 0; k < 2; k++) {
		g = field();
		if (k == 0)
			a = fixture_unit(g, "hus", 0, ARM_CAVALRY, "light",
			    "manoeuvre_column", 20, 24, DIR_N, 400);
		else
			a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line",
			    "line", 20, 21, DIR_N, 600);
		b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20,
		    16, DIR_S, 500);
		order_to(g, a, 20, 8);
		nap_phase_movement(g);
		assert_true(nap_gap(g, a, b) > tab()->melee.reach);
		assert_int_equal(fixture_count(g, "3.4.3", NULL), 0);
		assert_int_not_equal(g->units[a].charged, g->turn);
		assert_int_equal(g->units[b].cond, COND_FORMED);
		game_free(g);
	}
}

/* M34 (3.6.8): a unit stopped in contact deploys by itself only if it was
 * not charged this turn; the charge record says whether it was. */
static void
test_M34_3_6_8_charged_unit_does_not_deploy(void **state)
{
	struct game *g;
	int u, k, line = ruleset_form(rs, "line");
	int mc = ruleset_form(rs, "manoeuvre_column");

	(void)state;
	for (k = 0; k < 2; k++) {
		g = field();
		u = fixture_unit(g, "mc", 0, ARM_INFANTRY, "line",
		    "manoeuvre_column", 20, 20, DIR_N, 600);
		g->turn = 2;
		g->units[u].halt = HALT_CONTACT;
		g->units[u].halt_turn = 1;
		g->units[u].order.issued = 1;
		if (k == 1)
			g->units[u].charged = 2;
		nap_phase_movement(g);
		assert_int_equal(g->units[u].pos.x, 20);
		assert_int_equal(g->units[u].pos.y, 20);
		if (k == 0) {
			assert_int_equal(g->units[u].formation, line);
			assert_int_equal(fixture_count(g, "3.6.8", "was not "
			    "charged (3.4)"), 1);
		} else {
			assert_int_equal(g->units[u].formation, mc);
			assert_int_equal(fixture_count(g, "3.6.8", "forms"),
			    0);
		}
		game_free(g);
	}
}

/* --- 3.3 Rally ----------------------------------------------------------- */

/* A routed French Line standing at its rear [30, 39]. */
static struct game *
router_at_rear(int *r)
{
	struct game *g = field();

	*r = fixture_unit(g, "r", 0, ARM_INFANTRY, "line", "column", 30, 38,
	    DIR_S, 500);
	g->sides[0].rear = (struct point){ 30, 38 };
	g->units[*r].cond = COND_ROUTED;
	return g;
}

/* 3.3.2, the whole line: a router at its rear, Drill 4 + 2, no losses:
 * needs 6 or less; the two dice as rolled, and the verdict from them. */
static void
test_3_3_2_rally_line_with_its_dice(void **state)
{
	struct game *g;
	struct rng rr;
	char want[192];
	int r, d1, d2;

	(void)state;
	g = router_at_rear(&r);
	rr = g->rng;
	d1 = rng_die(&rr, 6);
	d2 = rng_die(&rr, 6);
	nap_phase_rally(g);
	snprintf(want, sizeof want, "r tries to rally: needs 6 or less (Drill "
	    "4 + 2); rolls %d (%d+%d): %s", d1 + d2, d1, d2, d1 + d2 <= 6 ?
	    "it rallies, a Mob until a Restore order re-forms it (3.5.1)" :
	    "it stays routed");
	assert_int_equal(fixture_count(g, "3.3.2", want), 1);
	assert_int_equal(g->units[r].cond, d1 + d2 <= 6 ? COND_MOB :
	    COND_ROUTED);
	game_free(g);
}

/* 3.3.2: a router that rallies is a Mob in contact with nobody, though it
 * was still marked in contact with an enemy far off (as a saved game may
 * hold it): the seed is chosen so that the two dice make 6 or less. */
static void
test_3_3_2_rallied_unit_is_in_contact_with_nobody(void **state)
{
	struct game *g;
	struct rng rr;
	unsigned seed;
	int r, e, d1, d2;

	(void)state;
	g = router_at_rear(&r);
	e = fixture_unit(g, "e", 1, ARM_INFANTRY, "line", "line", 10, 5,
	    DIR_S, 500);
	assert_true(nap_gap(g, r, e) > tab()->rally.enemy_gap);
	g->units[r].contact = e;
	for (seed = 1; ; seed++) {
		game_seed(g, seed);
		rr = g->rng;
		d1 = rng_die(&rr, 6);
		d2 = rng_die(&rr, 6);
		if (d1 + d2 <= 6)
			break;
	}
	nap_phase_rally(g);
	assert_int_equal(fixture_count(g, "3.3.2", "r tries to rally: needs 6 "
	    "or less"), 1);
	assert_int_equal(g->units[r].cond, COND_MOB);
	assert_int_equal(g->units[r].contact, -1);
	game_free(g);
}

/* 3.3.1: an enemy within 4 BD keeps routers from rallying. */
static void
test_3_3_1_no_rally_with_enemy_near(void **state)
{
	int r, e;
	struct game *g = router_at_rear(&r);

	(void)state;
	e = fixture_unit(g, "e", 1, ARM_CAVALRY, "light", "line", 30, 32,
	    DIR_S, 300);
	assert_true(nap_gap(g, r, e) <= tab()->rally.enemy_gap);
	nap_phase_rally(g);
	assert_int_equal(g->units[r].cond, COND_ROUTED);
	assert_int_equal(fixture_count(g, "3.3.1", "r cannot rally: e is"),
	    1);
	assert_int_equal(fixture_count(g, "3.3.2", NULL), 0);
	game_free(g);
}

/* 3.3.1: an enemy exactly 4 BD off (the enemy_gap) still keeps a router
 * from rallying; 0.5 BD farther, it no longer does (a general near). */
static void
test_3_3_1_enemy_at_exactly_the_gap_prevents_the_rally(void **state)
{
	struct game *g;
	int r, e, k;

	(void)state;
	for (k = 0; k < 2; k++) {
		g = field();
		r = fixture_unit(g, "r", 0, ARM_INFANTRY, "line", "column", 30,
		    20, DIR_S, 500);
		g->units[r].cond = COND_ROUTED;
		g->generals[0].pos = (struct point){ 30, 22 };
		e = fixture_unit(g, "e", 1, ARM_INFANTRY, "line", "column",
		    41 + k, 20, DIR_S, 500);
		assert_int_equal(nap_gap(g, r, e), 16 + 2 * k);
		assert_int_equal(tab()->rally.enemy_gap, 16);
		nap_phase_rally(g);
		assert_int_equal(fixture_count(g, "3.3.1", "r cannot rally: e "
		    "is 4 BD away, within 4 BD"), k == 0);
		assert_int_equal(fixture_count(g, "3.3.2", "r tries to rally"),
		    k == 1);
		game_free(g);
	}
}

/* 3.3.1: a general exactly 4 BD off (general_reach, 16 ticks) lets a
 * router away from its rear try to rally; one a quarter BD farther (three
 * diagonal and four straight steps, 17 ticks) does not. */
static void
test_3_3_1_general_at_exactly_the_reach(void **state)
{
	struct game *g;
	int r, k;
	static const struct point at[2] = { { 38, 20 }, { 37, 23 } };

	(void)state;
	for (k = 0; k < 2; k++) {
		g = field();
		r = fixture_unit(g, "r", 0, ARM_INFANTRY, "line", "column", 30,
		    20, DIR_S, 500);
		g->units[r].cond = COND_ROUTED;
		g->generals[0].pos = at[k];
		assert_int_equal(geom_dist(g->units[r].pos, at[k]), 16 + k);
		assert_int_equal(tab()->rally.general_reach, 16);
		nap_phase_rally(g);
		assert_int_equal(fixture_count(g, "3.3.2", "r tries to rally"),
		    k == 0);
		assert_int_equal(fixture_count(g, "3.3.1", "r cannot rally yet"),
		    k == 1);
		game_free(g);
	}
}

/* 3.3.1, 3.3.2: of two generals of its side equally near, the router
 * names the first in the order of battle; of two enemies equally near,
 * likewise. */
static void
test_3_3_1_equally_near_the_first_listed_counts(void **state)
{
	struct game *g = field();
	int r, e1, e2;

	(void)state;
	r = fixture_unit(g, "r", 0, ARM_INFANTRY, "line", "column", 30, 20,
	    DIR_S, 500);
	g->units[r].cond = COND_ROUTED;
	game_add_general(g, "fr2", "Lannes", 0, -1);
	g->generals[0].pos = (struct point){ 32, 20 };
	g->generals[2].pos = (struct point){ 28, 20 };
	assert_int_equal(g->generals[2].side, 0);
	nap_phase_rally(g);
	assert_int_equal(fixture_count(g, "3.3.2", "+1 (Durutte near)"), 1);
	assert_int_equal(fixture_count(g, "3.3.2", "Lannes"), 0);
	game_free(g);

	g = field();
	r = fixture_unit(g, "r", 0, ARM_INFANTRY, "line", "column", 30, 20,
	    DIR_S, 500);
	g->units[r].cond = COND_ROUTED;
	e1 = fixture_unit(g, "e1", 1, ARM_INFANTRY, "line", "column", 24, 20,
	    DIR_S, 500);
	e2 = fixture_unit(g, "e2", 1, ARM_INFANTRY, "line", "column", 36, 20,
	    DIR_S, 500);
	assert_int_equal(nap_gap(g, r, e1), nap_gap(g, r, e2));
	assert_true(nap_gap(g, r, e1) <= tab()->rally.enemy_gap);
	nap_phase_rally(g);
	assert_int_equal(fixture_count(g, "3.3.1", "r cannot rally: e1 is"),
	    1);
	assert_int_equal(fixture_count(g, "3.3.1", "e2"), 0);
	game_free(g);
}

/* 3.3.1: away from its rear and from every general, no test. */
static void
test_3_3_1_no_rally_far_from_rear_and_generals(void **state)
{
	struct game *g = field();
	int r;

	(void)state;
	r = fixture_unit(g, "r", 0, ARM_INFANTRY, "line", "column", 30, 20,
	    DIR_S, 500);
	g->units[r].cond = COND_ROUTED;
	nap_phase_rally(g);
	assert_int_equal(g->units[r].cond, COND_ROUTED);
	assert_int_equal(fixture_count(g, "3.3.1", "neither at its rear nor "
	    "within 4 BD of a general"), 1);
	assert_int_equal(fixture_count(g, "3.3.2", NULL), 0);
	game_free(g);
}

/* 3.3.1: a router that has run its rout track to the end has reached
 * its rear, wherever that is: it takes the test (3.3.2). */
static void
test_3_3_1_rally_at_the_end_of_the_track(void **state)
{
	struct game *g = field();
	int r;

	(void)state;
	r = fixture_unit(g, "r", 0, ARM_INFANTRY, "line", "column", 30, 20,
	    DIR_S, 500);
	g->units[r].cond = COND_ROUTED;
	g->units[r].track = xcalloc(1, sizeof *g->units[r].track);
	g->units[r].ntrack = 0;
	assert_false(g->units[r].pos.x == g->sides[0].rear.x &&
	    g->units[r].pos.y == g->sides[0].rear.y);
	nap_phase_rally(g);
	assert_int_equal(fixture_count(g, "3.3.1", NULL), 0);
	assert_int_equal(fixture_count(g, "3.3.2", "needs 6 or less (Drill 4 "
	    "+ 2)"), 1);
	game_free(g);
}

/* 3.3.2: the test at the rear: success leaves a Mob with no track, no
 * order; failure keeps it routed. */
static void
test_3_3_2_rally_test_at_the_rear(void **state)
{
	int r, roll;
	struct game *g;

	(void)state;
	g = router_at_rear(&r);
	roll = fixture_dice(g, 2, 6);
	tab()->rally.base = roll - 4;		/* needs exactly the roll */
	nap_phase_rally(g);
	assert_int_equal(g->units[r].cond, COND_MOB);
	assert_null(g->units[r].track);
	assert_int_equal(g->units[r].ntrack, 0);
	assert_int_equal(g->units[r].order.kind, ORDER_NONE);
	assert_int_equal(fixture_count(g, "3.3.2", "it rallies, a Mob"), 1);
	game_free(g);

	g = router_at_rear(&r);
	roll = fixture_dice(g, 2, 6);
	tab()->rally.base = roll - 4 - 1;
	nap_phase_rally(g);
	assert_int_equal(g->units[r].cond, COND_ROUTED);
	assert_int_equal(fixture_count(g, "3.3.2", "it stays routed"), 1);
	game_free(g);
	tab()->rally.base = 2;
}

/* 3.3.2: a general near adds 1, losses take 1 per full 10%, a drum 1. */
static void
test_3_3_2_rally_arithmetic_near_a_general(void **state)
{
	struct game *g = field();
	int r;

	(void)state;
	r = fixture_unit(g, "r", 0, ARM_INFANTRY, "line", "column", 30, 20,
	    DIR_S, 500);
	g->units[r].cond = COND_ROUTED;
	g->units[r].strength0 = 800;		/* 37% lost in all */
	unit_attr_set(&g->units[r], ruleset_attr(g->rs, "musician"), true);
	g->generals[0].pos = (struct point){ 32, 22 };
	nap_phase_rally(g);
	assert_int_equal(fixture_count(g, "3.3.2", "needs 5 or less (Drill 4 "
	    "+ 2 +1 (musician) +1 (Durutte near) -3 (37% lost in all))"), 1);
	game_free(g);
}

/* 3.3.2: the share lost in all is a whole percent, rounded down: 239 of
 * 600 (39.8%) is 39%, three full tenths, not four. */
static void
test_3_3_2_share_lost_rounded_down(void **state)
{
	struct game *g = field();
	int r;

	(void)state;
	r = fixture_unit(g, "r", 0, ARM_INFANTRY, "line", "column", 30, 20,
	    DIR_S, 361);
	g->units[r].cond = COND_ROUTED;
	g->units[r].strength0 = 600;
	g->generals[0].pos = (struct point){ 32, 22 };
	nap_phase_rally(g);
	assert_int_equal(fixture_count(g, "3.3.2", "needs 4 or less (Drill 4 "
	    "+ 2 +1 (Durutte near) -3 (39% lost in all))"), 1);
	game_free(g);
}

/* 3.3.2: a router that rallies away from its rear, near a general,
 * gives up its rout track: a Mob with no track left, no order. */
static void
test_3_3_2_rallied_unit_keeps_no_rout_track(void **state)
{
	struct game *g = field();
	int r;

	(void)state;
	r = fixture_unit(g, "r", 0, ARM_INFANTRY, "line", "column", 30, 20,
	    DIR_S, 500);
	nap_rout(g, r, "test");
	assert_true(g->units[r].ntrack > 0);
	g->generals[0].pos = (struct point){ 32, 22 };
	tab()->rally.base = 20;			/* it rallies */
	nap_phase_rally(g);
	tab()->rally.base = 2;
	assert_int_equal(fixture_count(g, "3.3.2", "it rallies, a Mob"), 1);
	assert_int_equal(g->units[r].cond, COND_MOB);
	assert_null(g->units[r].track);
	assert_int_equal(g->units[r].ntrack, 0);
	assert_int_equal(g->units[r].order.kind, ORDER_NONE);
	game_free(g);
}

/* 3.4: the phase runs in a whole turn; a target that stands does not
 * march away from the charge, and the melee follows. */
static void
test_3_4_phases_in_the_turn(void **state)
{
	int a, b;
	struct game *g = lines(&a, &b);

	(void)state;
	order_to(g, b, 20, 2);			/* b would march off north */
	tab()->charge.base = 20;		/* and b stands */
	game_turn(g);
	tab()->charge.base = 4;
	assert_int_equal(g->units[b].pos.y, 16);
	assert_int_equal(fixture_count(g, "3.6.8", "b stays in battle "
	    "contact"), 1);
	assert_int_equal(fixture_count(g, "3.4.1", "charges b"), 1);
	assert_int_equal(fixture_count(g, "3.8.2", "meet in melee"), 1);
	game_free(g);
}

/* The charge and rally numbers are data: bad names are refused. */
static void
test_3_4_charge_and_rally_tables_refuse_bad_entries(void **state)
{
	(void)state;
	fixture_refused("infantry: [line, column, masse]",
	    "infantry: [line, colum, masse]", "no formation 'colum'");
	fixture_refused("  recoil: 1 ", "  recoyl: 1 ", "recoyl");
	fixture_refused("  general_reach: 4", "  general_reach: x",
	    "expected a number, found 'x'");
	/* 3.4.1 needs both tables: the charge reach and the formations. */
	fixture_refused("  reach: {infantry: 2, cavalry: 4} ", "  reach: 2 ",
	    "reach must be a mapping, not a scalar");
}

/* --- 3.4.5 Assault (marshal's own) --------------------------------------- */

/* A Move order onto unit t's anchor for unit u, through game_order. */
static int
assault(struct game *g, int u, int t)
{
	struct order o;
	char *cause = NULL;
	int rc;

	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = u;
	o.general = -1;
	o.npts = 1;
	o.pts[0] = g->units[t].pos;
	rc = game_order(g, &o, &cause);
	free(cause);
	return rc;
}

/* French Column at [20, 30] facing north, the Allied Line 2.5 BD ahead
 * at [20, 24]: beyond the 2 BD reach of foot. */
static struct game *
far_column(int *a, int *b)
{
	struct game *g = field();

	*a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "column", 20, 30,
	    DIR_N, 600);
	*b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 24,
	    DIR_S, 500);
	return g;
}

/* 3.4.5: an assault from beyond reach marches on and charges in the
 * next turn's charges phase; the target tests (3.4.3) with the dice the
 * stream gives. */
static void
test_3_4_5_assault_marches_then_charges_next_turn(void **state)
{
	struct charge_forecast f;
	struct move_preview pv;
	char want[128];
	int a, b, roll, needs;
	struct game *g = far_column(&a, &b);

	(void)state;
	assert_int_equal(assault(g, a, b), 0);
	assert_int_equal(fixture_count(g, "3.1.1", "an assault on b, a move "
	    "order onto it at [20, 24]"), 1);
	/* The preview: it stops in contact and charges next turn. */
	assert_int_equal(move_preview(g, &g->units[a].order, &pv), 0);
	assert_int_equal(nap_charge_forecast(g, &g->units[a].order, pv.pos,
	    pv.facing, pv.halt, &f), 0);
	/* 1 BD this turn, to 1.5 BD from b: within reach next turn. */
	assert_int_equal(pv.pos.x, 20);
	assert_int_equal(pv.pos.y, 28);
	assert_int_equal(pv.spent, 4);
	assert_int_equal(f.target, b);
	assert_int_equal(f.when, CHARGE_NEXT);
	assert_int_equal(f.gap, 6);
	/* b tests before contact (3.4.3), at Drill 4 + 4, no musician, no
	 * general near. */
	assert_true(f.test);
	assert_false(f.square);
	assert_int_equal(f.needs, 8);
	assert_string_equal(f.expl, "Drill 4 + 4");
	move_preview_free(&pv);
	/* Turn 1: no charge yet; it stops where the preview said. */
	game_turn(g);
	assert_int_equal(fixture_count(g, "3.4.1", NULL), 0);
	assert_int_equal(g->units[a].pos.x, 20);
	assert_int_equal(g->units[a].pos.y, 28);
	assert_int_equal(nap_gap(g, a, b), 6);
	/* Turn 2, up to the charges: a closes to melee reach and b tests
	 * on the next two dice of the stream. */
	roll = fixture_dice(g, 2, 6);
	needs = 8;
	g->phase = 0;
	nap_phase_couriers(g);
	nap_phase_rally(g);
	nap_phase_charges(g);
	assert_int_equal(fixture_count(g, "3.4.1", "a (infantry in Column) "
	    "charges b"), 1);
	assert_int_equal(g->units[a].pos.x, 20);
	assert_int_equal(g->units[a].pos.y, 26);
	assert_int_equal(nap_gap(g, a, b), 2);
	assert_int_equal(g->units[b].charged, g->turn);
	assert_int_equal(fixture_count(g, "3.4.2", "a closes from [20, 28] "
	    "to [20, 26], 0.5 BD from b"), 1);
	snprintf(want, sizeof want, "b is charged and tests: needs 8 or less "
	    "(Drill 4 + 4); rolls %d", roll);
	assert_int_equal(fixture_count(g, "3.4.3", want), 1);
	if (roll <= needs)
		assert_int_equal(g->units[b].cond, COND_FORMED);
	else if (roll - needs < 3)
		assert_int_equal(g->units[b].cond, COND_MOB);
	else
		assert_int_equal(g->units[b].cond, COND_ROUTED);
	game_free(g);
}

/* 3.4.5: within reach the assault charges in the coming charges phase,
 * and the preview says so; the test it names is the one taken. */
static void
test_3_4_5_assault_within_reach_charges_this_turn(void **state)
{
	struct charge_forecast f;
	int a, b, roll;
	struct game *g = lines(&a, &b);

	(void)state;
	g->units[b].cond = COND_MOB;
	assert_int_equal(assault(g, a, b), 0);
	assert_int_equal(nap_charge_forecast(g, &g->units[a].order,
	    g->units[a].pos, g->units[a].facing, HALT_ARRIVED, &f), 0);
	assert_int_equal(f.target, b);
	assert_int_equal(f.when, CHARGE_NOW);
	assert_int_equal(f.gap, 6);
	assert_int_equal(f.needs, 6);
	assert_string_equal(f.expl, "Drill 4 + 4 -2 (Mob)");
	roll = fixture_dice(g, 2, 6);
	nap_phase_charges(g);
	assert_int_equal(g->units[a].pos.y, 18);
	assert_int_equal(fixture_count(g, "3.4.3", "needs 6 or less (Drill 4 "
	    "+ 4 -2 (Mob))"), 1);
	/* A Mob that fails routs (3.4.3). */
	assert_int_equal(g->units[b].cond, roll <= 6 ? COND_MOB :
	    COND_ROUTED);
	game_free(g);
}

/* 3.4.5 as test_3_4_5_assault_marches_then_charges_next_turn, the target
 * the first unit of the battle (unit 0): the preview foresees the charge
 * of the next turn on it just the same. */
static void
test_3_4_5_assault_next_turn_on_the_first_unit(void **state)
{
	struct charge_forecast f;
	struct move_preview pv;
	struct game *g = field();
	int a, b;

	(void)state;
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 24,
	    DIR_S, 500);
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "column", 20, 30,
	    DIR_N, 600);
	assert_int_equal(b, 0);
	assert_int_equal(assault(g, a, b), 0);
	assert_int_equal(move_preview(g, &g->units[a].order, &pv), 0);
	assert_int_equal(nap_charge_forecast(g, &g->units[a].order, pv.pos,
	    pv.facing, pv.halt, &f), 0);
	assert_int_equal(pv.pos.y, 28);
	assert_int_equal(f.target, b);
	assert_int_equal(f.when, CHARGE_NEXT);
	assert_int_equal(f.gap, 6);
	move_preview_free(&pv);
	game_free(g);
}

/* 3.4.5 as test_3_4_5_assault_within_reach_charges_this_turn, the target
 * the first unit of the battle (unit 0): the same charge, from 1.5 BD,
 * needing 6 or less (Drill 4 + 4 -2 for a Mob). */
static void
test_3_4_5_assault_on_the_first_unit_of_the_battle(void **state)
{
	struct charge_forecast f;
	struct game *g = field();
	int a, b;

	(void)state;
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 16,
	    DIR_S, 500);
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 600);
	assert_int_equal(b, 0);
	g->units[b].cond = COND_MOB;
	assert_int_equal(assault(g, a, b), 0);
	assert_int_equal(nap_charge_forecast(g, &g->units[a].order,
	    g->units[a].pos, g->units[a].facing, HALT_ARRIVED, &f), 0);
	assert_int_equal(f.target, b);
	assert_int_equal(f.when, CHARGE_NOW);
	assert_int_equal(f.gap, 6);
	assert_int_equal(f.needs, 6);
	nap_phase_charges(g);
	assert_int_equal(g->units[a].pos.y, 18);
	assert_int_equal(fixture_count(g, "3.4.3", "needs 6 or less (Drill 4 "
	    "+ 4 -2 (Mob))"), 1);
	game_free(g);
}

/* 3.4.5: guns, a Mob and a Square never assault; an order that leads
 * elsewhere foresees no charge. */
static void
test_3_4_5_assault_refused(void **state)
{
	struct charge_forecast f;
	struct order o;
	int a, b, gun;
	struct game *g = lines(&a, &b);

	(void)state;
	gun = fixture_unit(g, "gun", 0, ARM_ARTILLERY, "foot", "unlimbered",
	    30, 20, DIR_N, 8);
	memset(&o, 0, sizeof o);
	o.kind = ORDER_NONE;
	o.unit = gun;
	assert_int_equal(nap_charge_forecast(g, &o, g->units[gun].pos, DIR_N,
	    HALT_ARRIVED, &f), -1);
	assert_string_equal(f.refused, "gun never charges (3.4.1: artillery "
	    "has no charge reach)");
	o.unit = a;
	g->units[a].cond = COND_MOB;
	assert_int_equal(nap_charge_forecast(g, &o, g->units[a].pos, DIR_N,
	    HALT_ARRIVED, &f), -1);
	assert_string_equal(f.refused, "a is not formed: only a formed unit "
	    "charges (3.4.1)");
	g->units[a].cond = COND_FORMED;
	g->units[a].formation = tab()->melee.square;
	assert_int_equal(nap_charge_forecast(g, &o, g->units[a].pos, DIR_N,
	    HALT_ARRIVED, &f), -1);
	assert_string_equal(f.refused, "a is in Square, a formation that does "
	    "not charge (3.4.1)");
	g->units[a].formation = ruleset_form(g->rs, "line");
	/* A Move order that leads away: no charge foreseen. */
	order_to(g, a, 50, 20);
	assert_int_equal(nap_charge_forecast(g, &g->units[a].order,
	    g->units[a].pos, DIR_N, HALT_ARRIVED, &f), 0);
	assert_int_equal(f.target, -1);
	/* The Line may charge: the refusal of the call before is gone. */
	assert_string_equal(f.refused, "");
	game_free(g);
}

/* 3.4.5 with 3.4.4: the preview of horse assaulting a formed Square says
 * the square stands without a test; the charge bears it out, the horse
 * falling back 1 BD. */
static void
test_3_4_5_horse_assault_on_a_square_foreseen(void **state)
{
	struct charge_forecast f;
	struct game *g = field();
	int a, b;

	(void)state;
	a = fixture_unit(g, "hus", 0, ARM_CAVALRY, "light", "line", 20, 22,
	    DIR_N, 400);
	b = fixture_unit(g, "sq", 1, ARM_INFANTRY, "line", "square", 20, 16,
	    DIR_S, 500);
	assert_int_equal(assault(g, a, b), 0);
	assert_int_equal(nap_charge_forecast(g, &g->units[a].order,
	    g->units[a].pos, g->units[a].facing, HALT_ARRIVED, &f), 0);
	assert_int_equal(f.target, b);
	assert_int_equal(f.when, CHARGE_NOW);
	assert_true(f.square);
	/* Formed foot, not a square: no fall back foreseen. */
	g->units[b].formation = ruleset_form(g->rs, "line");
	assert_int_equal(nap_charge_forecast(g, &g->units[a].order,
	    g->units[a].pos, g->units[a].facing, HALT_ARRIVED, &f), 0);
	assert_int_equal(f.target, b);
	assert_false(f.square);
	g->units[b].formation = tab()->melee.square;
	nap_phase_charges(g);
	assert_int_equal(g->units[a].pos.y, 24);
	assert_int_equal(g->units[b].cond, COND_FORMED);
	game_free(g);
}

/* 3.4.5: horse beyond its 4 BD reach marches 3 BD in Column and
 * charges from there next turn; foot charged by horse tests at -2. */
static void
test_3_4_5_cavalry_assault_charges_next_turn(void **state)
{
	struct charge_forecast f;
	struct move_preview pv;
	struct game *g = field();
	int a, b;

	(void)state;
	a = fixture_unit(g, "hus", 0, ARM_CAVALRY, "light", "column", 20, 36,
	    DIR_N, 400);
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 24,
	    DIR_S, 500);
	/* 5.5 BD: beyond the 4 BD reach of horse. */
	assert_int_equal(nap_gap(g, a, b), 22);
	assert_int_equal(assault(g, a, b), 0);
	assert_int_equal(move_preview(g, &g->units[a].order, &pv), 0);
	assert_int_equal(nap_charge_forecast(g, &g->units[a].order, pv.pos,
	    pv.facing, pv.halt, &f), 0);
	assert_int_equal(pv.pos.y, 30);
	assert_int_equal(f.target, b);
	assert_int_equal(f.when, CHARGE_NEXT);
	assert_int_equal(f.gap, 10);
	assert_false(f.square);
	assert_int_equal(f.needs, 6);
	assert_string_equal(f.expl, "Drill 4 + 4 -2 (charged by horse)");
	move_preview_free(&pv);
	game_turn(g);
	assert_int_equal(fixture_count(g, "3.4.1", NULL), 0);
	assert_int_equal(g->units[a].pos.y, 30);
	nap_phase_charges(g);
	assert_int_equal(fixture_count(g, "3.4.1", "hus (cavalry in Column) "
	    "charges b, 2.5 BD away (within its 4 BD charge reach)"), 1);
	assert_int_equal(nap_gap(g, a, b), 2);
	assert_int_equal(fixture_count(g, "3.4.3", "b is charged and tests: "
	    "needs 6 or less (Drill 4 + 4 -2 (charged by horse))"), 1);
	game_free(g);
}

/* 3.4.5: horse whose speed runs out within melee reach has not charged
 * (only a contact halt is a charge, 3.6.8): the preview says melee with
 * no test, and the turn bears it out. */
static void
test_3_4_5_horse_spent_at_melee_reach_is_no_charge(void **state)
{
	struct charge_forecast f;
	struct move_preview pv;
	struct game *g = field();
	int a, b;

	(void)state;
	a = fixture_unit(g, "hus", 0, ARM_CAVALRY, "light", "column", 20, 36,
	    DIR_N, 400);
	/* 4 BD this turn */
	unit_attr_set(&g->units[a], ruleset_attr(g->rs, "musician"), true);
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 26,
	    DIR_S, 500);
	assert_int_equal(nap_gap(g, a, b), 18);	/* 4.5 BD: beyond reach */
	assert_int_equal(assault(g, a, b), 0);
	assert_int_equal(move_preview(g, &g->units[a].order, &pv), 0);
	assert_int_equal(nap_charge_forecast(g, &g->units[a].order, pv.pos,
	    pv.facing, pv.halt, &f), 0);
	assert_int_equal(pv.halt, HALT_SPEED);
	assert_int_equal(pv.pos.y, 28);
	assert_int_equal(f.target, b);
	assert_int_equal(f.when, CHARGE_MELEE);
	assert_int_equal(f.gap, 2);
	move_preview_free(&pv);
	game_turn(g);
	assert_int_equal(g->units[a].pos.y, 28);
	assert_int_equal(fixture_count(g, "3.4.3", NULL), 0);
	assert_int_equal(fixture_count(g, "3.8.2", "hus and b meet in "
	    "melee"), 1);
	game_free(g);
}

/* 3.4.5: the same forecast when the foot is the first unit of the battle:
 * the horse spent at melee reach meets it in melee, no charge. */
static void
test_3_4_5_horse_spent_at_melee_reach_of_the_first_unit(void **state)
{
	struct charge_forecast f;
	struct move_preview pv;
	struct game *g = field();
	int a, b;

	(void)state;
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 26,
	    DIR_S, 500);
	a = fixture_unit(g, "hus", 0, ARM_CAVALRY, "light", "column", 20, 36,
	    DIR_N, 400);
	unit_attr_set(&g->units[a], ruleset_attr(g->rs, "musician"), true);
	assert_int_equal(b, 0);
	assert_int_equal(assault(g, a, b), 0);
	assert_int_equal(move_preview(g, &g->units[a].order, &pv), 0);
	assert_int_equal(nap_charge_forecast(g, &g->units[a].order, pv.pos,
	    pv.facing, pv.halt, &f), 0);
	assert_int_equal(pv.pos.y, 28);
	assert_int_equal(f.target, b);
	assert_int_equal(f.when, CHARGE_MELEE);
	assert_int_equal(f.gap, 2);
	/* every buffer of cells the forecast took is given back */
	assert_int_equal(g->cells->used, 0);
	move_preview_free(&pv);
	game_free(g);
}

/*
 * 3.8.2 in the commander's reckoning (the doctrine's melee edge, dice
 * left out): two like Lines of foot, same Drill and men; the enemy e
 * faces N at [10, 10].  From its front ([10, 6]) the edge is even (0);
 * from its flank on its own row ([14, 10], 90 degrees off its front) or
 * from its rear ([10, 14]) it is the flank's +2.
 */
static void
test_3_8_2_doctrine_counts_a_flank_on_the_enemys_row(void **state)
{
	struct ai_own u;
	struct ai_enemy e;
	int line = ruleset_form(rs, "line");

	(void)state;
	memset(&u, 0, sizeof u);
	memset(&e, 0, sizeof e);
	u.arm = e.arm = ARM_INFANTRY;
	u.formation = e.formation = line;
	u.cond = e.cond = COND_FORMED;
	u.quality = 4;
	u.strength = e.strength = 600;
	e.pos = (struct point){ 10, 10 };
	e.facing = DIR_N;
	u.pos = (struct point){ 10, 6 };
	assert_int_equal(napoleonic_doctrine.melee_edge(rs, &u, &e, 4), 0);
	u.pos = (struct point){ 14, 10 };
	assert_int_equal(napoleonic_doctrine.melee_edge(rs, &u, &e, 4), 2);
	u.pos = (struct point){ 10, 14 };
	assert_int_equal(napoleonic_doctrine.melee_edge(rs, &u, &e, 4), 2);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_3_4_1_line_charges_and_closes_to_melee_reach),
		cmocka_unit_test(test_3_4_3_stand_test_line_with_its_dice),
		cmocka_unit_test(test_3_4_1_charges_past_a_friend_close_behind),
		cmocka_unit_test(test_3_4_1_moving_away_from_contact_is_no_charge),
		cmocka_unit_test(test_3_4_1_charger_closed_is_a_target_where_it_stands),
		cmocka_unit_test(test_3_4_2_charger_already_within_melee_reach_stays),
		cmocka_unit_test(test_3_4_1_no_reach_no_charge_the_least_reach_charges),
		cmocka_unit_test(test_3_4_1_target_at_the_edge_of_the_arc_is_charged),
		cmocka_unit_test(test_3_4_5_forecast_without_a_move_order_is_no_refusal),
		cmocka_unit_test(test_3_4_2_charge_barred_at_once_is_not_made),
		cmocka_unit_test(test_3_4_2_barred_horse_marches_on_its_order),
		cmocka_unit_test(
		    test_3_4_2_forecast_falters_with_its_charge_reach_spent),
		cmocka_unit_test(test_3_4_2_charge_falters_at_a_friend),
		cmocka_unit_test(
		    test_3_4_2_charge_falters_at_ground_it_may_not_enter),
		cmocka_unit_test(
		    test_3_4_2_charge_into_ground_it_may_not_enter_is_not_made),
		cmocka_unit_test(test_3_4_1_the_last_of_sixteen_units_charges),
		cmocka_unit_test(test_3_4_1_no_charge_when_the_order_leads_elsewhere),
		cmocka_unit_test(test_3_4_1_no_charge_beyond_reach_or_as_mob),
		cmocka_unit_test(test_3_4_3_target_stands_wavers_or_routs),
		cmocka_unit_test(test_3_4_3_general_near_the_first_side_target),
		cmocka_unit_test(test_3_4_3_general_at_exactly_the_command_radius),
		cmocka_unit_test(test_3_4_3_horse_against_foot),
		cmocka_unit_test(test_3_4_3_charged_in_the_rear),
		cmocka_unit_test(test_3_4_4_square_stands_and_horse_falls_back),
		cmocka_unit_test(test_3_6_8_cavalry_contact_in_movement_is_a_charge),
		cmocka_unit_test(test_3_6_8_charged_foot_that_stands_is_held_in_contact),
		cmocka_unit_test(test_3_6_8_cavalry_contact_with_a_square_falls_back),
		cmocka_unit_test(test_3_6_8_stopping_short_is_no_charge),
		cmocka_unit_test(test_M34_3_6_8_charged_unit_does_not_deploy),
		cmocka_unit_test(test_3_3_1_no_rally_with_enemy_near),
		cmocka_unit_test(test_3_3_1_no_rally_far_from_rear_and_generals),
		cmocka_unit_test(test_3_3_1_equally_near_the_first_listed_counts),
		cmocka_unit_test(test_3_3_1_general_at_exactly_the_reach),
		cmocka_unit_test(test_3_3_1_enemy_at_exactly_the_gap_prevents_the_rally),
		cmocka_unit_test(test_3_3_1_rally_at_the_end_of_the_track),
		cmocka_unit_test(test_3_3_2_rally_test_at_the_rear),
		cmocka_unit_test(test_3_3_2_rally_arithmetic_near_a_general),
		cmocka_unit_test(test_3_3_2_share_lost_rounded_down),
		cmocka_unit_test(test_3_3_2_rally_line_with_its_dice),
		cmocka_unit_test(test_3_3_2_rallied_unit_is_in_contact_with_nobody),
		cmocka_unit_test(test_3_3_2_rallied_unit_keeps_no_rout_track),
		cmocka_unit_test(test_3_4_phases_in_the_turn),
		cmocka_unit_test(test_3_4_charge_and_rally_tables_refuse_bad_entries),
		cmocka_unit_test(test_3_4_5_assault_marches_then_charges_next_turn),
		cmocka_unit_test(test_3_4_5_assault_within_reach_charges_this_turn),
		cmocka_unit_test(test_3_4_5_assault_on_the_first_unit_of_the_battle),
		cmocka_unit_test(test_3_4_5_assault_next_turn_on_the_first_unit),
		cmocka_unit_test(test_3_4_5_assault_refused),
		cmocka_unit_test(test_3_4_5_horse_assault_on_a_square_foreseen),
		cmocka_unit_test(test_3_4_5_cavalry_assault_charges_next_turn),
		cmocka_unit_test(test_3_4_5_horse_spent_at_melee_reach_is_no_charge),
		cmocka_unit_test(test_3_4_5_horse_spent_at_melee_reach_of_the_first_unit),
		cmocka_unit_test(
		    test_3_8_2_doctrine_counts_a_flank_on_the_enemys_row),
	};
	int rc;

	if ((rs = fixture_ruleset()) == NULL)
		return 1;
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	ruleset_free(rs);
	return rc;
}
