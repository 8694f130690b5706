/*
 * test-turn.c - the Napoleonic phases after movement: fire (3.7), melee
 * (3.8), morale, routs and prisoners (3.9) and the end of the battle
 * (3.10), on small games built in C.  Dice come from the game's stream, so
 * each test works out the roll it expects from a copy of that stream.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/move.h"
#include "core/near.h"
#include "io/yread.h"
#include "rules/napoleonic/move.h"
#include "rules/napoleonic/phases.h"
#define TURN_FIXTURE_SHARED
#include "core/know.h"
#include "turn-fixture.h"
#include "util/xalloc.h"

/* --- 3.7 Fire --------------------------------------------------------- */

/* Two lines 1.5 BD apart (gap of 3 empty cells): musketry range. */
static void
test_3_7_3_line_volley_arithmetic(void **state)
{
	struct game *g = field();
	char want[128];
	int a, b, roll, hits;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 600);
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 16,
	    DIR_S, 500);
	/* pips = roll + 1 - 3: often none */
	unit_attr_set(&g->units[b], ruleset_attr(g->rs, "drill"), 1);
	assert_int_equal(nap_gap(g, a, b), 6);
	roll = fixture_dice(g, 1, 6);
	/* 600 men in Line, all fire; pips = roll + 4 - 3. */
	hits = 600 * (roll + 1) * 8 / 1000;
	nap_phase_fire(g);
	assert_int_equal(g->units[b].strength, 500 - hits);
	assert_int_equal(g->units[b].lost_turn, hits);
	assert_int_equal(fixture_count(g, "3.7.3", "600 men in Line, 100% "
	    "fire = 600"), 1);
	assert_int_equal(fixture_count(g, "3.7.5", "b loses"), 1);
	/* 3.7.5: the loss and the strength before and after it */
	snprintf(want, sizeof want, "b loses %d men to the fire of a "
	    "(500 -> %d)", hits, 500 - hits);
	assert_int_equal(fixture_count(g, "3.7.5", want), 1);
	game_free(g);
}

/* 3.7.1: a unit with no men left is no target: the Line fires past the
 * emptied one 1.5 BD ahead at the next enemy, 2 BD off to the north-east. */
static void
test_3_7_1_a_unit_with_no_men_is_no_target(void **state)
{
	struct game *g = field();
	int a, b, c;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 600);
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 16,
	    DIR_S, 500);
	c = fixture_unit(g, "c", 1, ARM_INFANTRY, "line", "line", 26, 15,
	    DIR_S, 500);
	g->units[b].strength = 0;
	assert_int_equal(nap_gap(g, a, b), 6);
	assert_true(nap_gap(g, a, c) > 6);
	assert_true(nap_gap(g, a, c) <= tab()->fire.inf_range);
	nap_phase_fire(g);
	assert_int_equal(fixture_count(g, "3.7.3", "a fires at b"), 0);
	assert_int_equal(fixture_count(g, "3.7.3", "a fires at c"), 1);
	game_free(g);
}

/*
 * 3.7.1: the target is the nearest enemy in range and in front, a router
 * too; the log says why a battery shoots a router when a formed enemy
 * stands farther off in range (found in play at the Côa: the French
 * guns shot the routed 1/95th Rifles, who could not flee, for turns,
 * and the log gave no reason).  A light battery on [20, 30] facing N;
 * the routed r, a Line, 4 BD ahead on [20, 21]; the formed f, a Line,
 * 7 BD off on [24, 15], in range (10 BD) and in its front.  The guns
 * hit r with roundshot (8 guns x pips x 2, Line 100%) and not f.
 */
static void
test_3_7_1_battery_shoots_the_nearest_even_a_router(void **state)
{
	struct game *g = field();
	int guns, r, f, roll, hits;

	(void)state;
	guns = fixture_unit(g, "guns", 0, ARM_ARTILLERY, "light",
	    "unlimbered", 20, 30, DIR_N, 8);
	r = fixture_unit(g, "r", 1, ARM_INFANTRY, "line", "line", 20, 21,
	    DIR_S, 500);
	f = fixture_unit(g, "f", 1, ARM_INFANTRY, "line", "line", 24, 15,
	    DIR_S, 500);
	g->units[r].cond = COND_ROUTED;
	assert_int_equal(nap_gap(g, guns, r), 4 * g->rs->ticks);
	assert_true(nap_gap(g, guns, r) > tab()->fire.canister);
	assert_int_equal(nap_gap(g, guns, f), 7 * g->rs->ticks);
	assert_true(nap_gap(g, guns, f) <=
	    tab()->fire.art_range[g->units[guns].klass]);
	roll = fixture_dice(g, 1, 6);
	hits = 8 * (roll + 4 - 3) * 2;
	nap_phase_fire(g);
	assert_int_equal(g->units[r].strength, 500 - hits);
	assert_int_equal(g->units[f].strength, 500);
	assert_int_equal(fixture_count(g, "3.7.3", "guns fires roundshot at "
	    "the routed r, the nearest enemy in its front (3.7.1), 4 BD "
	    "away"), 1);
	game_free(g);
}

/* 3.7.3: the share of a formation's men that fire is the data's, down
 * to its least: a Line whose share were 1% fires with 6 of its 600. */
static void
test_3_7_3_least_share_still_fires(void **state)
{
	struct game *g = field();
	int a, line, share;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 600);
	fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 16, DIR_S,
	    500);
	line = g->units[a].formation;
	share = tab()->fire.inf_share[line];
	tab()->fire.inf_share[line] = 1;
	nap_phase_fire(g);
	tab()->fire.inf_share[line] = share;
	assert_int_equal(fixture_count(g, "3.7.3", "a fires at b, 1.5 BD "
	    "away: 600 men in Line, 1% fire = 6;"), 1);
	game_free(g);
}

static void
test_3_7_2_out_of_range_no_fire(void **state)
{
	struct game *g = field();
	int a, b;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 600);
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 14,
	    DIR_S, 500);
	assert_int_equal(nap_gap(g, a, b), 10);		/* 2.5 BD */
	nap_phase_fire(g);
	assert_int_equal(g->units[a].strength, 600);
	assert_int_equal(g->units[b].strength, 500);
	assert_int_equal(fixture_count(g, "3.7.3", NULL), 0);
	game_free(g);
}

/*
 * A battery at [40, 20] facing N in the given formation, an Allied Column
 * of 600 in its arc at canister range (front at [40, 15], facing N: its
 * rear is 0.5 BD from the guns, which are behind it, so it does not shoot
 * back); and a French Mob at [20, 20] facing N with an Allied Line of 500
 * in front of it in musket range (1 BD, facing away, N).  Returns the
 * game; *guns, *col, *line.
 */
static struct game *
fire_field(const char *battery, int *guns, int *col, int *line)
{
	struct game *g = field();
	int mob;

	mob = fixture_unit(g, "mob", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 600);
	g->units[mob].cond = COND_MOB;
	*line = fixture_unit(g, "away", 1, ARM_INFANTRY, "line", "line", 20,
	    16, DIR_N, 500);
	*guns = fixture_unit(g, "guns", 0, ARM_ARTILLERY, "light", battery,
	    40, 20, DIR_N, 8);
	*col = fixture_unit(g, "col", 1, ARM_INFANTRY, "line", "column", 40,
	    15, DIR_N, 600);
	unit_attr_set(&g->units[*col], ruleset_attr(g->rs, "drill"), 1);
	assert_int_equal(nap_gap(g, mob, *line), 4);		/* 1 BD */
	assert_int_equal(nap_gap(g, *guns, *col), 2);		/* 0.5 BD */
	assert_true(2 <= tab()->fire.canister);
	return g;
}

/*
 * 3.7.1: a Mob does not fire, nor does a limbered battery, though each has
 * an enemy in its arc and in range; enemies with their backs to them do
 * not shoot either.  The same battery unlimbered on the same spot fires
 * canister: 8 guns x (roll + Drill 4 - 3) pips x 6, on a Column 125%.
 */
static void
test_3_7_1_who_may_fire(void **state)
{
	struct game *g;
	int guns, col, line, roll, hits;

	(void)state;
	g = fire_field("limbered", &guns, &col, &line);
	nap_phase_fire(g);
	assert_int_equal(g->units[col].strength, 600);	/* not the guns */
	assert_int_equal(g->units[line].strength, 500);	/* nor the Mob */
	assert_int_equal(g->units[col].lost_turn, 0);
	assert_int_equal(fixture_count(g, "3.7.3", NULL), 0);
	assert_int_equal(fixture_count(g, "3.7.5", NULL), 0);
	game_free(g);

	g = fire_field("unlimbered", &guns, &col, &line);
	roll = fixture_dice(g, 1, 6);
	hits = 8 * (roll + 1) * 6 * 125 / 100;
	assert_true(hits >= 120);		/* at least 2 pips */
	nap_phase_fire(g);
	assert_int_equal(fixture_count(g, "3.7.3", NULL), 1);
	assert_int_equal(fixture_count(g, "3.7.3", "guns fires canister at "
	    "col"), 1);
	assert_int_equal(g->units[col].strength, 600 - hits);
	assert_int_equal(g->units[line].strength, 500);
	game_free(g);

	/* 3.7.2: a class of guns the data gives no range (0) never fires,
	 * not even at an enemy touching its front. */
	g = field();
	guns = fixture_unit(g, "guns", 0, ARM_ARTILLERY, "light",
	    "unlimbered", 20, 20, DIR_N, 8);
	col = fixture_unit(g, "col", 1, ARM_INFANTRY, "line", "column", 20,
	    16, DIR_N, 600);
	assert_int_equal(nap_gap(g, guns, col), 0);
	tab()->fire.art_range[g->units[guns].klass] = 0;
	nap_phase_fire(g);
	tab()->fire.art_range[g->units[guns].klass] = 10 * g->rs->ticks;
	assert_int_equal(fixture_count(g, "3.7.3", NULL), 0);
	assert_int_equal(g->units[col].strength, 600);
	game_free(g);
}

static void
test_3_7_3_unlimbered_battery_fires_canister(void **state)
{
	struct game *g = field();
	int a, b, roll, hits;

	(void)state;
	a = fixture_unit(g, "guns", 0, ARM_ARTILLERY, "light", "unlimbered",
	    20, 20, DIR_N, 8);
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "column", 20, 16,
	    DIR_S, 600);
	unit_attr_set(&g->units[b], ruleset_attr(g->rs, "drill"), 1);
	assert_true(nap_gap(g, a, b) <= tab()->fire.canister);
	roll = fixture_dice(g, 1, 6);
	/* 8 guns x (roll + 4 - 3) pips x 6 canister, Column 125%. */
	hits = 8 * (roll + 1) * 6 * 125 / 100;
	nap_phase_fire(g);
	assert_int_equal(g->units[b].strength, 600 - hits);
	assert_int_equal(fixture_count(g, "3.7.3", "canister"), 1);
	game_free(g);
}

static void
test_3_7_4_wood_halves_the_hits(void **state)
{
	struct game *g = field();
	char text[128];
	int a, b, roll, base, hits, x, y;

	(void)state;
	for (y = 0; y < 40; y++)
		for (x = 0; x < 60; x++)
			if (y < 18)
				map_cell(g->map, x, y)->land =
				    (uint8_t)ruleset_land(rs, "wood");
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 600);
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "skirmish", 20, 16,
	    DIR_S, 500);
	unit_attr_set(&g->units[b], ruleset_attr(g->rs, "drill"), 1);
	roll = fixture_dice(g, 1, 6);
	/* Skirmishers 40%, in a wood 50%. */
	base = 600 * (roll + 1) * 8 / 1000;
	hits = base * 40 / 100 * 50 / 100;
	nap_phase_fire(g);
	assert_int_equal(g->units[b].strength, 500 - hits);
	/* The whole line, the hits counted in men ("man" for one). */
	snprintf(text, sizeof text, "target in Skirmish Group 40%%, on Wood "
	    "50%%: %d x 40%% x 50%% = %d %s hit", base, hits, hits == 1 ?
	    "man" : "men");
	assert_int_equal(fixture_count(g, "3.7.4", text), 1);
	(void)a;
	game_free(g);
}

/*
 * Both sides fire on the state at the start of the phase: b, hit first
 * (a comes first in the order of battle), still fires with all 600.  Each
 * volley is 600 x (roll + Drill 6 - 3) x 8 / 1000, a's with the first
 * die, b's with the second.
 */
static void
test_3_7_5_fire_is_simultaneous(void **state)
{
	struct game *g = field();
	struct rng r;
	int a, b, ha, hb;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 600);
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 16,
	    DIR_S, 600);
	unit_attr_set(&g->units[a], ruleset_attr(g->rs, "drill"), 6);
	/* pips >= 4 */
	unit_attr_set(&g->units[b], ruleset_attr(g->rs, "drill"), 6);
	r = g->rng;
	ha = 600 * (rng_die(&r, 6) + 3) * 8 / 1000;
	hb = 600 * (rng_die(&r, 6) + 3) * 8 / 1000;
	nap_phase_fire(g);
	assert_int_equal(fixture_count(g, "3.7.3", "600 men in Line"), 2);
	assert_int_equal(g->units[b].strength, 600 - ha);
	assert_int_equal(g->units[a].strength, 600 - hb);
	assert_int_equal(g->units[a].lost_turn, hb);
	assert_int_equal(g->units[b].lost_turn, ha);
	game_free(g);
}

/*
 * 3.7.1: a battery of one gun still fires, and a unit of one man is still
 * a target: 1 gun x (roll + Drill 4 - 3) pips x 6 canister on a Column
 * (125%) is at least 15 men, so the last man falls.
 */
static void
test_3_7_1_one_gun_fires_at_one_man(void **state)
{
	struct game *g = field();
	int a, b;

	(void)state;
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "column", 20, 16,
	    DIR_N, 1);
	a = fixture_unit(g, "guns", 0, ARM_ARTILLERY, "light", "unlimbered",
	    20, 20, DIR_N, 1);
	assert_true(nap_gap(g, a, b) <= tab()->fire.canister);
	nap_phase_fire(g);
	assert_int_equal(fixture_count(g, "3.7.3", "guns fires canister at "
	    "b"), 1);
	assert_int_equal(g->units[b].strength, 0);
	assert_int_equal(g->units[b].lost_turn, 1);
	/* 3.7.5: the loss is put to the unit that fired (not the first) */
	assert_int_equal(fixture_count(g, "3.7.5", "b loses 1 man to the "
	    "fire of guns (1 -> 0)"), 1);
	game_free(g);
}

/* 3.7.1: a formed Line with no men left fires no volley, though an enemy
 * stands 1 BD off its front. */
static void
test_3_7_1_no_men_no_volley(void **state)
{
	struct game *g = field();
	int a, b;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 600);
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 16,
	    DIR_N, 500);
	g->units[a].strength = 0;
	assert_int_equal(nap_gap(g, a, b), 4);
	nap_phase_fire(g);
	assert_int_equal(fixture_count(g, "3.7.3", NULL), 0);
	assert_int_equal(g->units[b].strength, 500);
	game_free(g);
}

/* 3.7.3: a formation the data gives no share of firing men (Manoeuvre
 * Column: not in the share table) fires nothing at an enemy in range. */
static void
test_3_7_3_a_formation_with_no_share_does_not_fire(void **state)
{
	struct game *g = field();
	int a, b;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "manoeuvre_column",
	    20, 20, DIR_N, 600);
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 16,
	    DIR_N, 500);
	assert_int_equal(tab()->fire.inf_share[g->units[a].formation], 0);
	assert_true(nap_gap(g, a, b) <= tab()->fire.inf_range);
	nap_phase_fire(g);
	assert_int_equal(fixture_count(g, "3.7.3", NULL), 0);
	assert_int_equal(g->units[b].strength, 500);
	game_free(g);
}

/* 3.7.1: enemies straight behind or square on the flank, in range, are
 * out of the arc: a Line facing north does not turn its fire on a Line 1
 * BD behind it nor on one 1 BD off its right, in the same rank (each
 * faces away, so none fires). */
static void
test_3_7_1_enemy_behind_or_on_the_flank_is_not_fired_at(void **state)
{
	struct game *g = field();
	int a, b, c;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 600);
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 24,
	    DIR_S, 500);
	c = fixture_unit(g, "c", 1, ARM_INFANTRY, "line", "line", 28, 20,
	    DIR_N, 500);
	assert_int_equal(g->units[c].pos.y, g->units[a].pos.y);
	assert_true(nap_gap(g, a, b) <= tab()->fire.inf_range);
	assert_true(nap_gap(g, a, c) <= tab()->fire.inf_range);
	nap_phase_fire(g);
	assert_int_equal(fixture_count(g, "3.7.3", NULL), 0);
	assert_int_equal(g->units[b].strength, 500);
	assert_int_equal(g->units[c].strength, 500);
	game_free(g);
}

/* 3.7.1: of two enemies as near, in the arc, the first in the order of
 * battle is fired at: two Columns either side of the Line's front. */
static void
test_3_7_1_of_two_as_near_the_first_is_fired_at(void **state)
{
	struct game *g = field();
	int a, b, c;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 600);
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "column", 14, 14,
	    DIR_N, 500);
	c = fixture_unit(g, "c", 1, ARM_INFANTRY, "line", "column", 27, 14,
	    DIR_N, 500);
	assert_int_equal(nap_gap(g, a, b), nap_gap(g, a, c));
	assert_true(nap_gap(g, a, b) <= tab()->fire.inf_range);
	nap_phase_fire(g);
	assert_int_equal(fixture_count(g, "3.7.3", "a fires at b"), 1);
	assert_int_equal(fixture_count(g, "3.7.3", NULL), 1);
	assert_true(g->units[b].strength < 500);
	assert_int_equal(g->units[c].strength, 500);
	game_free(g);
}

/* 3.7.2: the range is to the tick: a range the data set at the gap fires,
 * one tick short does not; and a battery's range of a single tick
 * reaches an enemy touching its front. */
static void
test_3_7_2_range_to_the_tick(void **state)
{
	struct game *g;
	int a, b, keep = tab()->fire.inf_range, gap, k, art;

	(void)state;
	for (k = 0; k < 2; k++) {
		g = field();
		a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20,
		    20, DIR_N, 600);
		b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20,
		    14, DIR_S, 500);
		gap = nap_gap(g, a, b);
		assert_int_equal(gap, 10);
		tab()->fire.inf_range = gap - k;
		nap_phase_fire(g);
		tab()->fire.inf_range = keep;
		assert_int_equal(fixture_count(g, "3.7.3", "a fires at b"),
		    k == 0 ? 1 : 0);
		game_free(g);
	}
	g = field();
	a = fixture_unit(g, "guns", 0, ARM_ARTILLERY, "light", "unlimbered",
	    20, 20, DIR_N, 8);
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "column", 20, 16,
	    DIR_N, 600);
	assert_int_equal(nap_gap(g, a, b), 0);
	art = tab()->fire.art_range[g->units[a].klass];
	tab()->fire.art_range[g->units[a].klass] = 1;
	nap_phase_fire(g);
	tab()->fire.art_range[g->units[a].klass] = art;
	assert_int_equal(fixture_count(g, "3.7.3", "guns fires canister at "
	    "b"), 1);
	assert_true(g->units[b].strength < 600);
	game_free(g);
}

/* 3.7.2: canister up to the canister gap, to the tick: a battery whose
 * target is exactly that far fires canister (6 a gun and pip), one cell
 * farther roundshot (2). */
static void
test_3_7_2_canister_to_the_tick(void **state)
{
	struct game *g;
	int a, b, y, edge = -1, k;

	(void)state;
	for (y = 18; y >= 0 && edge < 0; y--) {
		g = field();
		a = fixture_unit(g, "guns", 0, ARM_ARTILLERY, "light",
		    "unlimbered", 20, 20, DIR_N, 8);
		b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "column", 20,
		    y, DIR_N, 600);
		if (nap_gap(g, a, b) == tab()->fire.canister)
			edge = y;
		game_free(g);
	}
	assert_true(edge > 0);
	for (k = 0; k < 2; k++) {
		g = field();
		a = fixture_unit(g, "guns", 0, ARM_ARTILLERY, "light",
		    "unlimbered", 20, 20, DIR_N, 8);
		b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "column", 20,
		    edge - k, DIR_N, 600);
		assert_true(nap_gap(g, a, b) <= tab()->fire.art_range[
		    g->units[a].klass]);
		nap_phase_fire(g);
		assert_int_equal(fixture_count(g, "3.7.3", k == 0 ?
		    "guns fires canister at b" : "guns fires roundshot at b"),
		    1);
		assert_int_equal(fixture_count(g, "3.7.3", k == 0 ?
		    "pips x 6 =" : "pips x 2 ="), 1);
		game_free(g);
	}
}

/* 3.7.2: a musket range the data set at nothing still reaches an enemy
 * touching the front (gap 0). */
static void
test_3_7_2_range_of_nothing_reaches_a_touching_enemy(void **state)
{
	struct game *g = field();
	int a, b, keep = tab()->fire.inf_range;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 600);
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 18,
	    DIR_N, 500);
	assert_int_equal(nap_gap(g, a, b), 0);
	tab()->fire.inf_range = 0;
	nap_phase_fire(g);
	tab()->fire.inf_range = keep;
	assert_int_equal(fixture_count(g, "3.7.3", "a fires at b"), 1);
	game_free(g);
}

/* 3.7.3: pips below none count as none: with the data's Drill base at 10
 * a Drill 4 Line rolls at most 6 + 4 - 10 = 0 pips and hits no one (it
 * never gives men back). */
static void
test_3_7_3_no_pips_no_hits(void **state)
{
	struct game *g = field();
	int a, b, keep = tab()->fire.drill_base;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 600);
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 16,
	    DIR_N, 500);
	tab()->fire.drill_base = 10;
	nap_phase_fire(g);
	tab()->fire.drill_base = keep;
	assert_int_equal(fixture_count(g, "3.7.3", "a fires at b"), 1);
	assert_int_equal(fixture_count(g, "3.7.3", " = 0 pips; 600 x 0 x 8 "
	    "/ 1000 = 0 hits"), 1);
	assert_int_equal(g->units[b].strength, 500);
	assert_int_equal(g->units[b].lost_turn, 0);
	(void)a;
	game_free(g);
}

/* --- 3.8 Melee -------------------------------------------------------- */

/*
 * Cavalry (Drill 6, Line +1, horse against foot +2: roll + 9) meets a Mob
 * of skirmishers (Drill 1, Skirmish -2, Mob -2: roll - 3; 500 against 400
 * is no doubling): a win by 7 or more, a rout, every time.  The winner
 * loses 2%, the loser 4% a point.
 */
static void
test_3_8_4_heavy_defeat_routs(void **state)
{
	struct game *g = field();
	struct rng r;
	int a, b, diff;

	(void)state;
	a = fixture_unit(g, "cav", 0, ARM_CAVALRY, "heavy", "line", 20, 20,
	    DIR_N, 400);
	b = fixture_unit(g, "foot", 1, ARM_INFANTRY, "line", "skirmish", 20,
	    19, DIR_S, 500);
	unit_attr_set(&g->units[a], ruleset_attr(g->rs, "drill"), 6);
	unit_attr_set(&g->units[b], ruleset_attr(g->rs, "drill"), 1);
	g->units[b].cond = COND_MOB;
	assert_int_equal(nap_gap(g, a, b), 0);
	r = g->rng;
	diff = rng_die(&r, 6) + 9;
	diff -= rng_die(&r, 6) - 3;
	assert_true(diff >= 7);
	nap_phase_melee(g);
	assert_int_equal(g->units[b].cond, COND_ROUTED);
	assert_true(g->units[b].ntrack > 0);
	assert_int_equal(fixture_count(g, "3.8.2", "horse against foot"), 1);
	assert_int_equal(fixture_count(g, "3.8.3", "cav wins by"), 1);
	assert_int_equal(fixture_count(g, "3.9.2", "beaten in melee"), 1);
	assert_int_equal(g->units[a].strength, 400 - 8);
	assert_int_equal(g->units[b].strength, 500 - 500 * 4 * diff / 100);
	game_free(g);
}

/*
 * 3.8.3: the loser never loses less than the winner.  The melee of
 * test_3_8_4_heavy_defeat_routs with the tables changed to 1% a point for
 * the loser and 20% for the winner: the loser's 1% x 7 to 17 points is
 * raised to the winner's 20%, 100 of its 500 men; the winner loses 20%
 * of 400, 80.
 */
static void
test_3_8_3_loser_loses_at_least_the_winners_share(void **state)
{
	struct game *g = field();
	int a, b, loss = tab()->melee.loss, wl = tab()->melee.winner_loss;

	(void)state;
	a = fixture_unit(g, "cav", 0, ARM_CAVALRY, "heavy", "line", 20, 20,
	    DIR_N, 400);
	b = fixture_unit(g, "foot", 1, ARM_INFANTRY, "line", "skirmish", 20,
	    19, DIR_S, 500);
	unit_attr_set(&g->units[a], ruleset_attr(g->rs, "drill"), 6);
	unit_attr_set(&g->units[b], ruleset_attr(g->rs, "drill"), 1);
	g->units[b].cond = COND_MOB;
	tab()->melee.loss = 1;
	tab()->melee.winner_loss = 20;
	nap_phase_melee(g);
	tab()->melee.loss = loss;
	tab()->melee.winner_loss = wl;
	assert_int_equal(fixture_count(g, "3.8.3", "cav wins by"), 1);
	assert_int_equal(g->units[b].strength, 500 - 100);
	assert_int_equal(g->units[a].strength, 400 - 80);
	game_free(g);
}

/* Two Lines of 600 in contact, each the other's, on a game seeded seed,
 * their melee fought. */
static struct game *
melee_of_lines(uint64_t seed, int *a, int *b)
{
	struct game *g = field();

	game_seed(g, seed);
	*a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 600);
	*b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 19,
	    DIR_S, 600);
	g->units[*a].contact = *b;
	g->units[*b].contact = *a;
	nap_phase_melee(g);
	return g;
}

/*
 * 3.8.4: a melee decided by less than the rout margin ends the contact:
 * the loser, thrown into disorder (a Mob), and the winner are in contact
 * with no one (-1) after it, though they were each other's before.  Two
 * Lines of 600, Drill 4; the seed is the first whose melee ends so.
 */
static void
test_3_8_4_melee_won_short_of_a_rout_ends_the_contact(void **state)
{
	struct game *g;
	int a, b, seed;
	bool found = false;

	(void)state;
	for (seed = 1; seed < 200 && !found; seed++) {
		g = melee_of_lines((uint64_t)seed, &a, &b);
		found = fixture_count(g, "3.8.4", "thrown into disorder") == 1;
		game_free(g);
	}
	assert_true(found);
	g = melee_of_lines((uint64_t)(seed - 1), &a, &b);
	assert_int_equal(fixture_count(g, "3.8.3", " wins by "), 1);
	assert_int_equal((g->units[a].cond == COND_MOB) +
	    (g->units[b].cond == COND_MOB), 1);
	assert_int_equal(g->units[a].contact, -1);
	assert_int_equal(g->units[b].contact, -1);
	assert_int_not_equal(g->units[a].cond, COND_ROUTED);
	assert_int_not_equal(g->units[b].cond, COND_ROUTED);
	game_free(g);
}

/*
 * 3.8.3: a drawn melee costs each side the winner's share, 2%: 12 of
 * either Line's 600 men, and they stay in contact.  The seed is the first
 * whose two dice tie.
 */
static void
test_3_8_3_drawn_melee_both_lose_the_winners_share(void **state)
{
	struct game *g;
	int a, b, seed;
	bool found = false;

	(void)state;
	for (seed = 1; seed < 200 && !found; seed++) {
		g = melee_of_lines((uint64_t)seed, &a, &b);
		found = fixture_count(g, "3.8.3", "a drawn melee") == 1;
		game_free(g);
	}
	assert_true(found);
	g = melee_of_lines((uint64_t)(seed - 1), &a, &b);
	assert_int_equal(tab()->melee.winner_loss, 2);
	assert_int_equal(g->units[a].strength, 588);
	assert_int_equal(g->units[b].strength, 588);
	assert_int_equal(fixture_count(g, "3.8.3", "both lose 2%: a 12 men, "
	    "b 12 men"), 1);
	assert_int_equal(g->units[a].contact, b);
	assert_int_equal(g->units[b].contact, a);
	assert_int_equal(g->units[a].cond, COND_FORMED);
	assert_int_equal(g->units[b].cond, COND_FORMED);
	game_free(g);
}

/*
 * 3.8.2: +1 (odds) per full doubling of the enemy's men: 1,000 foot
 * against 500 have exactly one doubling; 999 against 500 none.
 */
static void
test_3_8_2_odds_from_exactly_double(void **state)
{
	struct game *g;
	int men;

	(void)state;
	for (men = 999; men <= 1000; men++) {
		g = field();
		fixture_unit(g, "big", 0, ARM_INFANTRY, "line", "line", 20, 20,
		    DIR_N, men);
		fixture_unit(g, "small", 1, ARM_INFANTRY, "line", "line", 20,
		    19, DIR_S, 500);
		nap_phase_melee(g);
		assert_int_equal(fixture_count(g, "3.8.2", "meet in melee"), 1);
		assert_int_equal(fixture_count(g, "3.8.2", "+1 (odds)"),
		    men == 1000 ? 1 : 0);
		assert_int_equal(fixture_count(g, "3.8.2", "(odds)"),
		    men == 1000 ? 1 : 0);
		game_free(g);
	}
}

/*
 * 3.8.2: striking the enemy's flank or rear adds 2: a Line charging home
 * on the rear of an enemy Line 0.5 BD ahead of it, both facing north,
 * scores roll + Drill 4 + 2; the enemy roll + Drill 4.  The scores and
 * the losses of 3.8.3 follow from the two dice.
 */
static void
test_3_8_2_flank_or_rear_adds_two(void **state)
{
	struct game *g = field();
	struct rng r;
	char want[160];
	int a, b, ra, rb, sa, sb, diff, pct, la, lb;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 500);
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 17,
	    DIR_N, 500);
	assert_int_equal(nap_gap(g, a, b), 2);
	r = g->rng;
	ra = rng_die(&r, 6);
	rb = rng_die(&r, 6);
	sa = ra + 4 + 2;
	sb = rb + 4;
	nap_phase_melee(g);
	snprintf(want, sizeof want, "a and b meet in melee: a 1d6 = %d + "
	    "Drill 4 +2 (flank or rear) = %d; b 1d6 = %d + Drill 4 = %d", ra,
	    sa, rb, sb);
	assert_int_equal(fixture_count(g, "3.8.2", want), 1);
	diff = sa > sb ? sa - sb : sb - sa;
	pct = 4 * diff > 2 ? 4 * diff : 2;
	la = sa == sb ? 10 : sa > sb ? 10 : 500 * pct / 100;
	lb = sa == sb ? 10 : sa > sb ? 500 * pct / 100 : 10;
	assert_int_equal(g->units[a].strength, 500 - la);
	assert_int_equal(g->units[b].strength, 500 - lb);
	game_free(g);
}

/*
 * 3.8.2: +1 a full doubling of the enemy's men, every doubling counted:
 * 600 against 150 is two doublings (4 to 1), 400 against a single man
 * eight (400 halves eight times before it is less than 2).  Against a
 * unit fire has left with no men there is no odds at all (and no
 * division by its nothing).
 */
static void
test_3_8_2_odds_per_full_doubling(void **state)
{
	static const struct { int big, small; const char *odds; } t[] = {
		{ 600, 150, "+2 (odds)" },
		{ 400, 1, "+8 (odds)" },
		{ 400, 0, NULL },
	};
	struct game *g;
	size_t k;

	(void)state;
	for (k = 0; k < sizeof t / sizeof t[0]; k++) {
		g = field();
		fixture_unit(g, "big", 0, ARM_INFANTRY, "line", "line", 20, 20,
		    DIR_N, t[k].big);
		fixture_unit(g, "small", 1, ARM_INFANTRY, "line", "line", 20,
		    19, DIR_S, t[k].small > 0 ? t[k].small : 100);
		if (t[k].small == 0)
			g->units[1].strength = 0;
		nap_phase_melee(g);
		assert_int_equal(fixture_count(g, "3.8.2", "meet in melee"), 1);
		assert_int_equal(fixture_count(g, "3.8.2", "(odds)"),
		    t[k].odds != NULL ? 1 : 0);
		if (t[k].odds != NULL)
			assert_int_equal(fixture_count(g, "3.8.2", t[k].odds),
			    1);
		game_free(g);
	}
}

/* 3.8.3: a melee won by a single point is no draw: the Drills are set so
 * that a scores one more than b on the dice the game will roll; b loses
 * 4%, a 2%, and b is thrown into disorder. */
static void
test_3_8_3_won_by_one_is_no_draw(void **state)
{
	struct game *g = field();
	struct rng r;
	int a, b, ra, rb;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 500);
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 19,
	    DIR_S, 500);
	r = g->rng;
	ra = rng_die(&r, 6);
	rb = rng_die(&r, 6);
	unit_attr_set(&g->units[a], ruleset_attr(g->rs, "drill"), 4);
	unit_attr_set(&g->units[b], ruleset_attr(g->rs, "drill"),
	    4 + ra - rb - 1);
	nap_phase_melee(g);
	assert_int_equal(fixture_count(g, "3.8.3", "a wins by 1"), 1);
	assert_int_equal(fixture_count(g, "3.8.3", "drawn"), 0);
	assert_int_equal(g->units[a].strength, 490);
	assert_int_equal(g->units[b].strength, 480);
	assert_int_equal(g->units[b].cond, COND_MOB);
	assert_int_equal(g->units[a].cond, COND_FORMED);
	game_free(g);
}

/* 3.8.4: beaten by the rout margin (3) or more, the loser routs; by less,
 * it is thrown into disorder: the Drills are set for a win by 2, then by
 * exactly 3, on the dice the game will roll. */
static void
test_3_8_4_beaten_by_the_margin_routs(void **state)
{
	struct game *g;
	struct rng r;
	int a, b, ra, rb, by;

	(void)state;
	assert_int_equal(tab()->melee.rout_margin, 3);
	for (by = 2; by <= 3; by++) {
		g = field();
		a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20,
		    20, DIR_N, 500);
		b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20,
		    19, DIR_S, 500);
		r = g->rng;
		ra = rng_die(&r, 6);
		rb = rng_die(&r, 6);
		unit_attr_set(&g->units[b], ruleset_attr(g->rs, "drill"),
		    4 + ra - rb - by);
		nap_phase_melee(g);
		assert_int_equal(g->units[a].strength, 490);
		assert_int_equal(g->units[b].strength, 500 - 500 * 4 * by / 100);
		assert_int_equal(g->units[b].cond,
		    by == 3 ? COND_ROUTED : COND_MOB);
		game_free(g);
	}
}

/*
 * 3.8.4 and 3.9.6: a loser the melee leaves with no men is not merely
 * thrown into disorder: whatever the margin, it routs (and, with nobody
 * left, leaves the field).  The melee of test_3_8_4_heavy_defeat_routs
 * with the loser losing 100% a point and a rout margin of 100 no win
 * reaches.
 */
static void
test_3_8_4_loser_left_with_no_men_routs(void **state)
{
	struct game *g = field();
	int a, b, loss = tab()->melee.loss, rm = tab()->melee.rout_margin;

	(void)state;
	a = fixture_unit(g, "cav", 0, ARM_CAVALRY, "heavy", "line", 20, 20,
	    DIR_N, 400);
	b = fixture_unit(g, "foot", 1, ARM_INFANTRY, "line", "skirmish", 20,
	    19, DIR_S, 500);
	unit_attr_set(&g->units[a], ruleset_attr(g->rs, "drill"), 6);
	unit_attr_set(&g->units[b], ruleset_attr(g->rs, "drill"), 1);
	g->units[b].cond = COND_MOB;
	tab()->melee.loss = 100;
	tab()->melee.rout_margin = 100;
	nap_phase_melee(g);
	tab()->melee.loss = loss;
	tab()->melee.rout_margin = rm;
	assert_int_equal(fixture_count(g, "3.8.3", "cav wins by"), 1);
	assert_int_equal(g->units[b].strength, 0);
	assert_int_equal(fixture_count(g, "3.8.4", "thrown into"), 0);
	assert_true(g->units[b].cond != COND_MOB &&
	    g->units[b].cond != COND_FORMED);
	game_free(g);
}

/*
 * 3.8.1: a unit fights its nearest enemy, and of two equally near the
 * first in the order of battle; the other, with no one left to fight,
 * stands out of the melee.
 */
static void
test_3_8_1_equally_near_the_first_listed_is_fought(void **state)
{
	struct game *g = field();
	int a, b, c;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 600);
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 16, 19,
	    DIR_S, 500);
	c = fixture_unit(g, "c", 1, ARM_INFANTRY, "line", "line", 25, 19,
	    DIR_S, 500);
	assert_int_equal(nap_gap(g, a, b), nap_gap(g, a, c));
	assert_true(nap_gap(g, a, b) <= tab()->melee.reach);
	assert_true(nap_gap(g, b, c) > tab()->melee.reach);
	nap_phase_melee(g);
	assert_int_equal(fixture_count(g, "3.8.2", "a and b meet in melee"),
	    1);
	assert_int_equal(fixture_count(g, "3.8.2", NULL), 1);
	assert_int_equal(g->units[c].strength, 500);
	assert_true(g->units[b].strength < 500);
	game_free(g);
}

static void
test_3_8_1_blocks_apart_do_not_fight(void **state)
{
	struct game *g = field();
	int a, b;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 600);
	b = fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 17,
	    DIR_S, 600);
	assert_int_equal(nap_gap(g, a, b), 4);		/* 1 BD > 0.5 BD */
	nap_phase_melee(g);
	assert_int_equal(fixture_count(g, "3.8.2", NULL), 0);
	assert_int_equal(g->units[a].strength, 600);
	game_free(g);
}

/*
 * The square (Drill 4, +4 against horse: roll + 8) meets horse in Line
 * (Drill 4, Line +1, no bonus against a square: roll + 5); neither has
 * twice the other's men.  The figures follow from the two dice: the
 * winner loses 2%, the loser 4% a point (at least 2%), a draw 2% each.
 */
static void
test_3_8_2_square_stands_against_cavalry(void **state)
{
	struct game *g = field();
	struct rng r;
	int a, b, sa, sb, d;

	(void)state;
	a = fixture_unit(g, "cav", 0, ARM_CAVALRY, "heavy", "line", 20, 20,
	    DIR_N, 400);
	b = fixture_unit(g, "sq", 1, ARM_INFANTRY, "line", "square", 20, 18,
	    DIR_S, 500);
	r = g->rng;
	sa = rng_die(&r, 6) + 5;
	sb = rng_die(&r, 6) + 8;
	nap_phase_melee(g);
	assert_int_equal(fixture_count(g, "3.8.2", "+4 (square against "
	    "horse)"), 1);
	assert_int_equal(fixture_count(g, "3.8.2", "horse against foot"), 0);
	d = sa > sb ? sa - sb : sb - sa;
	if (sa == sb) {
		assert_int_equal(g->units[a].strength, 400 - 8);
		assert_int_equal(g->units[b].strength, 500 - 10);
	} else if (sb > sa) {
		assert_int_equal(g->units[b].strength, 500 - 10);
		assert_int_equal(g->units[a].strength,
		    400 - 400 * (4 * d < 2 ? 2 : 4 * d) / 100);
	} else {
		assert_int_equal(g->units[a].strength, 400 - 8);
		assert_int_equal(g->units[b].strength,
		    500 - 500 * (4 * d < 2 ? 2 : 4 * d) / 100);
	}
	game_free(g);
}

/* --- 3.9 Morale, routs and prisoners ---------------------------------- */

/*
 * 3.9.1: losses count toward morale only in the turn they happen: the end
 * of the turn forgets every unit's, the first unit's as the last's; the
 * men are lost all the same.
 */
static void
test_3_9_1_losses_forgotten_at_the_end_of_the_turn(void **state)
{
	struct game *g = field();
	int u;

	(void)state;
	for (u = 0; u < 3; u++) {
		fixture_unit(g, u == 0 ? "a" : u == 1 ? "b" : "c", u % 2,
		    ARM_INFANTRY, "line", "line", 10 + 20 * u, 20, DIR_N, 600);
		g->units[u].strength = 600 - 40 - u;
		g->units[u].lost_turn = 40 + u;
	}
	nap_phase_end(g);
	for (u = 0; u < 3; u++) {
		assert_int_equal(g->units[u].lost_turn, 0);
		assert_int_equal(g->units[u].strength, 600 - 40 - u);
	}
	game_free(g);
}

/*
 * 3.9.3: a router flees along its track and no farther: its rear is the
 * track's end.  An infantry Manoeuvre Column routed at [0, 5] facing N,
 * its rear at [0, 1]: the track is the four cells [0, 4] to [0, 1], and
 * of its 4 BD rout speed it spends 2 BD (four straight steps) and stops
 * there, at its rear, though the cell beyond, [0, 0], is free and its
 * speed would take it on.
 */
static void
test_3_9_3_router_stops_at_the_end_of_its_track(void **state)
{
	struct game *g = field();
	int r;

	(void)state;
	r = fixture_unit(g, "r", 0, ARM_INFANTRY, "line", "manoeuvre_column",
	    0, 5, DIR_N, 500);
	g->sides[0].rear = (struct point){ 0, 1 };
	g->units[r].cond = COND_ROUTED;
	nap_phase_morale(g);
	assert_int_equal(g->units[r].pos.x, 0);
	assert_int_equal(g->units[r].pos.y, 1);
	assert_int_equal(g->units[r].facing, DIR_N);
	assert_int_equal(g->units[r].ntrack, 0);
	assert_int_equal(g->units[r].moved, 4 * STEP_ORTHO);
	assert_int_equal(fixture_count(g, "3.9.3", "r flees 2 BD of its 4 BD "
	    "rout speed along its track, [0, 5] to [0, 1], and reaches its "
	    "rear"), 1);
	game_free(g);
}

static void
test_3_9_1_small_losses_no_test(void **state)
{
	struct game *g = field();
	int a;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 600);
	g->units[a].strength = 600 - 29;
	g->units[a].lost_turn = 29;		/* 4.8%: below 5% */
	nap_phase_morale(g);
	assert_int_equal(fixture_count(g, "3.9.1", NULL), 0);
	g->units[a].strength = 600 - 30;
	g->units[a].lost_turn = 30;		/* 5% */
	nap_phase_morale(g);
	assert_int_equal(fixture_count(g, "3.9.1", "lost 5% this turn"), 1);
	game_free(g);
}

/* Drill 4 + 4, drum +1, 20% lost in all -2: needs 7 or less on 2d6. */
static void
test_3_9_1_test_against_drill(void **state)
{
	struct game *g = field();
	struct rng r;
	int a, roll;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 600);
	unit_attr_set(&g->units[a], ruleset_attr(g->rs, "musician"), true);
	g->units[a].strength = 480;
	g->units[a].lost_turn = 60;
	r = g->rng;
	roll = rng_die(&r, 6);
	roll += rng_die(&r, 6);
	nap_phase_morale(g);
	assert_int_equal(fixture_count(g, "3.9.1", "needs 7 or less"), 1);
	if (roll <= 7)
		assert_int_equal(g->units[a].cond, COND_FORMED);
	else if (roll - 7 >= 3)
		assert_int_equal(g->units[a].cond, COND_ROUTED);
	else
		assert_int_equal(g->units[a].cond, COND_MOB);
	game_free(g);
}

/*
 * 3.9.1, the whole explanation: a Mob with its drum, its general beside
 * it, 480 of 600 left after losing 60 this turn (11%, 20% in all): Drill
 * 4 + 4, +1 (musician), +1 (general near), -2 (Mob), -2 (20% lost in
 * all) = 6; the two dice as rolled, and the verdict from them.
 */
static void
test_3_9_1_explanation_line(void **state)
{
	struct game *g = field();
	struct rng r;
	char want[256];
	int a, r1, r2;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 600);
	unit_attr_set(&g->units[a], ruleset_attr(g->rs, "musician"), true);
	g->units[a].cond = COND_MOB;
	g->units[a].strength = 480;
	g->units[a].lost_turn = 60;
	g->generals[0].pos = (struct point){ 22, 22 };
	r = g->rng;
	r1 = rng_die(&r, 6);
	r2 = rng_die(&r, 6);
	nap_phase_morale(g);
	snprintf(want, sizeof want, "a lost 11%% this turn and tests morale: "
	    "needs 6 or less (Drill 4 + 4 +1 (musician) +1 (general near) -2 "
	    "(Mob) -2 (20%% lost in all)); rolls %d (%d+%d): ", r1 + r2, r1,
	    r2);
	if (r1 + r2 <= 6)
		strcat(want, "holds");
	else
		snprintf(want + strlen(want), sizeof want - strlen(want),
		    "fails by %d", r1 + r2 - 6);
	assert_int_equal(fixture_count(g, "3.9.1", want), 1);
	/* A Mob that fails routs, by any margin (3.9.2). */
	assert_int_equal(g->units[a].cond, r1 + r2 <= 6 ? COND_MOB :
	    COND_ROUTED);
	game_free(g);
}

/* 3.9.1: one full 10% lost in all costs 1: 90 of 600 lost (15%), 40 of
 * them this turn (7%), Drill 4 + 4 - 1 = 7. */
static void
test_3_9_1_one_full_tenth_lost_costs_one(void **state)
{
	struct game *g = field();
	int a;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 600);
	g->units[a].strength = 510;
	g->units[a].lost_turn = 40;
	nap_phase_morale(g);
	assert_int_equal(fixture_count(g, "3.9.1", "a lost 7% this turn and "
	    "tests morale: needs 7 or less (Drill 4 + 4 -1 (15% lost in "
	    "all)); rolls "), 1);
	game_free(g);
}

/*
 * 3.9.1: the shares lost are whole percents, rounded down: 119 men lost
 * this turn of the 480 it had (24.8%) is 24%, and 239 of 600 lost in all
 * (39.8%) is 39%, which costs 3 full tenths: Drill 4 + 4 - 3 = 5.
 */
static void
test_3_9_1_shares_lost_rounded_down(void **state)
{
	struct game *g = field();
	int a;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 600);
	g->units[a].strength = 361;
	g->units[a].lost_turn = 119;
	nap_phase_morale(g);
	assert_int_equal(fixture_count(g, "3.9.1", "a lost 24% this turn and "
	    "tests morale: needs 5 or less (Drill 4 + 4 -3 (39% lost in "
	    "all)); rolls "), 1);
	game_free(g);
}

/*
 * The bounds of the test: a roll equal to what it needs holds; one more
 * fails by 1, a Mob; three more fails by 3, a rout.  Drill 4, drum +1,
 * 20% lost in all -2: it needs base + 3.
 */
static void
test_3_9_1_test_bounds(void **state)
{
	struct game *g;
	int a, roll, k, base0 = tab()->morale.base;
	static const int over[3] = { 0, 1, 3 };
	static const enum cond want[3] = { COND_FORMED, COND_MOB,
	    COND_ROUTED };

	(void)state;
	for (k = 0; k < 3; k++) {
		g = field();
		a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20,
		    20, DIR_N, 600);
		unit_attr_set(&g->units[a],
		    ruleset_attr(g->rs, "musician"), true);
		g->units[a].strength = 480;
		g->units[a].lost_turn = 60;
		roll = fixture_dice(g, 2, 6);
		tab()->morale.base = roll - over[k] - 3;
		nap_phase_morale(g);
		tab()->morale.base = base0;
		assert_int_equal(g->units[a].cond, want[k]);
		assert_int_equal(fixture_count(g, "3.9.1", k == 0 ? "holds" :
		    k == 1 ? "fails by 1" : "fails by 3"), 1);
		/* 3.9.2: failed by less than the margin, a Mob, and the log
		 * says so with the margin */
		assert_int_equal(fixture_count(g, "3.9.2", "a is shaken into a "
		    "Mob (failed by less than 3)"), k == 1);
		game_free(g);
	}
}

/* A unit that fails badly routs; one already a Mob routs on any failure. */
static void
test_3_9_2_failure_routs_or_disorders(void **state)
{
	struct game *g = field();
	int a;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 600);
	tab()->morale.base = -20;		/* cannot pass */
	g->units[a].cond = COND_MOB;
	g->units[a].strength = 500;
	g->units[a].lost_turn = 100;
	nap_phase_morale(g);
	tab()->morale.base = 4;
	assert_int_equal(g->units[a].cond, COND_ROUTED);
	assert_int_equal(fixture_count(g, "3.9.2", "a Mob that fails"), 1);
	game_free(g);
}

/*
 * Unit u's rout track ends at [x, y], each of its cells a step from the
 * one before, the first a step from where u stands.
 */
static void
track_ends_at(const struct unit *u, int x, int y)
{
	struct point prev = u->pos;
	int i;

	assert_true(u->ntrack > 0);
	assert_int_equal(u->track[u->ntrack - 1].x, x);
	assert_int_equal(u->track[u->ntrack - 1].y, y);
	for (i = 0; i < u->ntrack; i++) {
		assert_true(dir_between(prev, u->track[i]) >= 0);
		prev = u->track[i];
	}
}

/* The track runs cell by cell to the side's rear (French rear [30, 39]). */
static void
test_3_9_2_rout_track_leads_to_rear(void **state)
{
	struct game *g = field();
	struct unit *u;
	struct point prev;
	int a, i;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "column", 10, 10,
	    DIR_N, 600);
	nap_rout(g, a, "test");
	u = &g->units[a];
	assert_int_equal(u->cond, COND_ROUTED);
	track_ends_at(u, 30, 39);
	prev = u->pos;
	for (i = 0; i < u->ntrack; i++) {
		assert_true(geom_dist(u->track[i], g->sides[0].rear) <
		    geom_dist(prev, g->sides[0].rear));
		prev = u->track[i];
	}
	game_free(g);
}

/* Fill o with a group Move order of units a and b, given by a, to
 * (x, y). */
static void
pair_order(int a, int b, int x, int y, struct order *o)
{
	memset(o, 0, sizeof *o);
	o->kind = ORDER_MOVE;
	o->unit = a;
	o->general = 0;
	o->formation = -1;
	o->facing = -1;
	o->npts = 1;
	o->pts[0] = (struct point){ x, y };
	o->ngroup = 2;
	o->group[0] = a;
	o->group[1] = b;
}

/* Give the group Move order of pair_order; fails the test if refused. */
static void
pair_to(struct game *g, int a, int b, int x, int y)
{
	struct order o;
	char *cause = NULL;

	pair_order(a, b, x, y, &o);
	if (game_order(g, &o, &cause) != 0)
		fail_msg("group order refused: %s", cause);
}

/* Unit u holds a Move order to (x, y), in force since turn 1, as if
 * given then: no courier, no preview. */
static void
standing_move(struct game *g, int u, int x, int y)
{
	struct order *o = &g->units[u].order;

	o->kind = ORDER_MOVE;
	o->unit = u;
	o->npts = 1;
	o->pts[0] = (struct point){ x, y };
	o->issued = o->arrives = 1;
}

/* Two cavalry Lines side by side (as M9) under one group order north;
 * b stopped in battle contact ago turns before this one (-1: never). */
static struct game *
brigade(int ago, int *a, int *b)
{
	struct game *g = field();

	g->opt.courier_delay = false;
	g->opt.random_speed = false;
	*a = fixture_unit(g, "a", 0, ARM_CAVALRY, "light", "line", 6, 18,
	    DIR_N, 400);
	*b = fixture_unit(g, "b", 0, ARM_CAVALRY, "light", "line", 13, 18,
	    DIR_N, 400);
	if (ago >= 0) {
		/* Held by a limbered battery 2 BD behind it, within
		 * contact_holds_within, which neither fires nor charges. */
		int e = fixture_unit(g, "guns", 1, ARM_ARTILLERY, "foot",
		    "limbered", 13, 22, DIR_N, 6);

		assert_true(nap_gap(g, *b, e) <=
		    nap_move(g->rs)->contact_hold);
		g->units[*b].halt = HALT_CONTACT;
		g->units[*b].halt_turn = g->turn - ago;
	}
	pair_to(g, *a, *b, 10, 10);
	return g;
}

/* 3.6.3: units wheel and march as one line only out of battle contact:
 * a member held in contact this turn or the last marches alone, and so
 * does the whole group; one held two turns ago, or never, marches with
 * the line. */
static void
test_3_6_3_group_member_in_contact_marches_alone(void **state)
{
	struct game *g;
	int a, b, ago;
	bool alone;

	(void)state;
	for (ago = -1; ago <= 2; ago++) {
		alone = ago == 0 || ago == 1;
		g = brigade(ago, &a, &b);
		game_turn(g);
		if (fixture_count(g, "3.6.3", "do not stand in one line") !=
		    (alone ? 2 : 0) || fixture_count(g, "3.6.3", "marches "
		    "straight on with its line of 2 units") != (alone ? 0 : 2))
			fail_msg("held in contact %d turns before: the group "
			    "should march %s", ago, alone ? "alone" :
			    "as one line");
		game_free(g);
	}
}

/* 3.6.3: a line that marches straight on has no wheel left part-paid:
 * what its units had paid towards one (a wheel to the right left off
 * last turn) is forgotten, the first unit's as the other's. */
static void
test_3_6_3_line_marching_straight_forgets_a_wheel_part_paid(void **state)
{
	struct game *g;
	int a, b;

	(void)state;
	g = brigade(-1, &a, &b);
	assert_int_equal(a, 0);
	g->units[a].wheeled = g->units[b].wheeled = g->rs->ticks;
	game_turn(g);
	assert_int_equal(fixture_count(g, "3.6.3", "marches straight on with "
	    "its line of 2 units"), 2);
	assert_int_equal(g->units[a].wheeled, 0);
	assert_int_equal(g->units[b].wheeled, 0);
	game_free(g);
}

/* 3.6.3: a line whose front is level with its destination stops there,
 * arrived, and none of its units is left in contact with an enemy it
 * was in contact with before (one now far off). */
static void
test_3_6_3_line_arrived_ends_its_units_contacts(void **state)
{
	struct game *g;
	int a, b, e;

	(void)state;
	g = brigade(-1, &a, &b);
	e = fixture_unit(g, "e", 1, ARM_INFANTRY, "line", "line", 50, 5,
	    DIR_S, 500);
	g->units[a].contact = g->units[b].contact = e;
	pair_to(g, a, b, 10, 18);
	game_turn(g);
	assert_int_equal(fixture_count(g, "3.6.3", "a moves 0 BD with its "
	    "line: stops at [6, 18] facing N, Line: its front is level with "
	    "the destination"), 1);
	assert_int_equal(g->units[a].halt, HALT_ARRIVED);
	assert_int_equal(g->units[b].halt, HALT_ARRIVED);
	assert_int_equal(g->units[a].halt_turn, g->turn - 1);
	assert_int_equal(g->units[a].contact, -1);
	assert_int_equal(g->units[b].contact, -1);
	game_free(g);
}

/* 3.6.3: a line wheeling left keeps the open ground between its units as
 * one wheeling right does (M9-brigade-wheel-keeps-an-open-gap): the two
 * cavalry Lines of brigade() (Drill 6), one open cell between them, sent
 * north-west wheel about their left flank, and facing NW their fronts
 * stand one diagonal cell (3 ticks) apart, as the open half BD becomes. */
static void
test_3_6_3_line_wheeling_left_keeps_its_open_gap(void **state)
{
	struct game *g;
	struct point ca[64], cb[64];
	int a, b, na, nb;

	(void)state;
	g = brigade(-1, &a, &b);
	unit_attr_set(&g->units[a], ruleset_attr(g->rs, "drill"), 6);
	unit_attr_set(&g->units[b], ruleset_attr(g->rs, "drill"), 6);
	pair_to(g, a, b, 0, 8);
	game_turn(g);
	assert_int_equal(fixture_count(g, "3.6.3", "wheels left with its "
	    "line of 2 units about the left flank [4, 18] to face NW"), 2);
	assert_int_equal(g->units[a].facing, DIR_NW);
	assert_int_equal(g->units[b].facing, DIR_NW);
	na = game_footprint(g, &g->units[a], ca);
	nb = game_footprint(g, &g->units[b], cb);
	assert_int_equal(move_gap(ca, na, cb, nb), STEP_DIAG);
	/* every buffer of cells the turn took is given back */
	assert_int_equal(g->cells->used, 0);
	game_free(g);
}

/* 3.6.3: a line that has wheeled a stage holds its new ground: the two
 * cavalry Lines of brigade() at Drill 5, sent west to [0, 18], wheel left
 * one stage to face NW (a ends at [5, 17]) and pay 1 tick towards the
 * next, so neither walks after it; each stands on every cell of its new
 * block in the map's occupancy grid (a, unit 0, as b): no other unit may
 * march through them there. */
static void
test_3_6_3_wheeled_line_holds_its_new_cells(void **state)
{
	struct game *g;
	struct point c[64];
	int a, b, i, j, n, who[2];

	(void)state;
	g = brigade(-1, &a, &b);
	assert_int_equal(a, 0);
	unit_attr_set(&g->units[a], ruleset_attr(g->rs, "drill"), 5);
	unit_attr_set(&g->units[b], ruleset_attr(g->rs, "drill"), 5);
	pair_to(g, a, b, 0, 18);
	game_turn(g);
	/* One stage made, the next begun: neither walks after it. */
	assert_int_equal(g->units[a].pos.x, 5);
	assert_int_equal(g->units[a].pos.y, 17);
	assert_int_equal(g->units[a].halt, HALT_SPEED);
	assert_int_equal(g->units[a].wheeled, -1);
	who[0] = a;
	who[1] = b;
	for (j = 0; j < 2; j++) {
		assert_int_equal(g->units[who[j]].facing, DIR_NW);
		n = game_footprint(g, &g->units[who[j]], c);
		assert_true(n > 0);
		for (i = 0; i < n; i++)
			assert_int_equal(game_unit_at(g, c[i].x, c[i].y),
			    who[j]);
	}
	game_free(g);
}

/*
 * 3.6.3: members whose fronts overlap are no line: cavalry Lines a at
 * [6, 18] and b at [11, 18], their blocks sharing a file (6 cells wide,
 * 5 apart where brigade()'s stand 7), sent west to [0, 18] as a group.
 * The line would pay towards a wheel about its flank; two units that
 * are not one each turn alone, and neither holds any of a line's wheel
 * paid (wheeled 0) nor logs a line's wheel.
 */
static void
test_3_6_3_overlapping_members_are_no_line(void **state)
{
	struct game *g = field();
	struct point ca[64], cb[64];
	int a, b, na, nb, i, j, shared = 0;

	(void)state;
	g->opt.courier_delay = false;
	g->opt.random_speed = false;
	a = fixture_unit(g, "a", 0, ARM_CAVALRY, "light", "line", 6, 18,
	    DIR_N, 400);
	b = fixture_unit(g, "b", 0, ARM_CAVALRY, "light", "line", 11, 18,
	    DIR_N, 400);
	na = game_footprint(g, &g->units[a], ca);
	nb = game_footprint(g, &g->units[b], cb);
	for (i = 0; i < na; i++)
		for (j = 0; j < nb; j++)
			shared += ca[i].x == cb[j].x && ca[i].y == cb[j].y;
	assert_int_equal(shared, 2);	/* one file of two ranks */
	pair_to(g, a, b, 0, 18);
	game_turn(g);
	assert_int_equal(g->units[a].wheeled, 0);
	assert_int_equal(g->units[b].wheeled, 0);
	assert_int_equal(fixture_count(g, "3.6.3", "with its line of 2 "
	    "units"), 0);
	game_free(g);
}

/*
 * 3.6.3: a group's forecast (the Move preview of a group order) moves a
 * member that waits for another member as the turn does: two Columns in
 * file, r behind f (r filed first, so the phase reaches it first and it
 * must wait for f to move off), sent north together.  The forecast's
 * first stop for r is where the turn then puts it, and r has moved.
 */
static void
test_3_6_3_group_forecast_moves_a_member_that_waits(void **state)
{
	struct move_group_forecast fc;
	struct game *g = field();
	struct order o;
	struct point from;
	char *cause = NULL;
	int r, f;

	(void)state;
	g->opt.courier_delay = false;
	g->opt.random_speed = false;
	r = fixture_unit(g, "r", 0, ARM_INFANTRY, "line", "column", 10, 24,
	    DIR_N, 600);
	f = fixture_unit(g, "f", 0, ARM_INFANTRY, "line", "column", 10, 20,
	    DIR_N, 600);
	pair_order(r, f, 10, 4, &o);
	assert_int_equal(move_group_forecast(g, &o, r, 1, &fc), 0);
	assert_int_equal(fc.nstops, 1);
	if (game_order(g, &o, &cause) != 0)
		fail_msg("group order refused: %s", cause);
	from = g->units[r].pos;
	game_turn(g);
	assert_true(g->units[r].pos.y < from.y);
	assert_int_equal(fc.stops[0].x, g->units[r].pos.x);
	assert_int_equal(fc.stops[0].y, g->units[r].pos.y);
	move_group_forecast_free(&fc);
	game_free(g);
}

/*
 * 3.6.7: a group's forecast (the Move preview of a group order) marches
 * a friend under a Move order of its own that stands in a member's way
 * first, as the turn does.  Columns a and b, side by side on row 24 and
 * sent north together, each stand behind a friend (fa, fb: later in the
 * order of battle, so the phase reaches a and b first and they wait)
 * that is sent north on its own.  The turn moves both friends 2 cells
 * and the pair after them, to row 22.  The forecast said the pair stood
 * blocked on row 24, turn after turn.
 */
static void
test_3_6_7_group_forecast_marches_friends_in_its_way(void **state)
{
	struct move_group_forecast fc, fb1;
	struct game *g = field();
	struct order o;
	int a, b, fa, fb, t;

	(void)state;
	g->opt.courier_delay = false;
	g->opt.random_speed = false;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "column", 10, 24,
	    DIR_N, 600);
	b = fixture_unit(g, "b", 0, ARM_INFANTRY, "line", "column", 13, 24,
	    DIR_N, 600);
	fa = fixture_unit(g, "fa", 0, ARM_INFANTRY, "line", "column", 10, 20,
	    DIR_N, 600);
	fb = fixture_unit(g, "fb", 0, ARM_INFANTRY, "line", "column", 13, 20,
	    DIR_N, 600);
	standing_move(g, fa, 10, 4);
	standing_move(g, fb, 13, 4);
	pair_order(a, b, 11, 8, &o);
	assert_int_equal(move_group_forecast(g, &o, a, 2, &fc), 0);
	assert_int_equal(move_group_forecast(g, &o, b, 1, &fb1), 0);
	assert_int_equal(fc.nstops, 2);
	pair_to(g, a, b, 11, 8);
	for (t = 0; t < 2; t++) {
		game_turn(g);
		assert_int_equal(g->units[a].pos.y, 22 - 2 * t);
		assert_int_equal(fc.stops[t].x, g->units[a].pos.x);
		assert_int_equal(fc.stops[t].y, g->units[a].pos.y);
		if (t == 0) {
			assert_int_equal(fb1.stops[0].x, g->units[b].pos.x);
			assert_int_equal(fb1.stops[0].y, g->units[b].pos.y);
		}
	}
	assert_int_not_equal(fc.halt, HALT_BLOCKED);
	move_group_forecast_free(&fc);
	move_group_forecast_free(&fb1);
	game_free(g);
}

/* 3.6.3: a group order that only one of its units still holds (the
 * other was given a Stop order since) is no line: that unit, the first
 * of the battle here, marches alone to its own place, and the 8 ticks it
 * had paid towards the line's wheel are let go (0 left). */
static void
test_3_6_3_group_order_left_to_one_unit_marches_alone(void **state)
{
	struct game *g;
	struct order o;
	char *cause = NULL;
	int a, b;

	(void)state;
	g = brigade(-1, &a, &b);
	assert_int_equal(a, 0);
	memset(&o, 0, sizeof o);
	o.kind = ORDER_STOP;
	o.unit = b;
	o.general = 0;
	o.formation = -1;
	o.facing = -1;
	if (game_order(g, &o, &cause) != 0)
		fail_msg("stop order refused: %s", cause);
	g->units[a].wheeled = 8;
	game_turn(g);
	assert_int_equal(g->units[a].wheeled, 0);
	assert_int_equal(fixture_count(g, "3.6.3", "a: the units of its group "
	    "order do not stand in one line, so they do not wheel as one: it "
	    "marches alone to its own place"), 1);
	assert_int_equal(fixture_count(g, "3.6.3", "do not stand in one "
	    "line"), 1);
	assert_int_equal(fixture_count(g, "3.6.3", "with its line of 2 "
	    "units"), 0);
	game_free(g);
}

/* 3.6.3: a limbered battery (2 cells wide) that reaches its point with
 * the AP to unlimber, but with a friend beside the point where the
 * unlimbered block (4 cells wide) would stand, stays limbered there, and
 * the log names the friend and its cell in the way. */
static void
test_3_6_3_battery_with_no_room_to_unlimber_names_the_friend(void **state)
{
	struct game *g = field();
	struct order *o;
	int gun, f;

	(void)state;
	gun = fixture_unit(g, "gun", 0, ARM_ARTILLERY, "light", "limbered",
	    20, 26, DIR_N, 8);
	f = fixture_unit(g, "f", 0, ARM_INFANTRY, "line", "column", 23, 22,
	    DIR_N, 600);
	o = &g->units[gun].order;
	o->kind = ORDER_MOVE;
	o->unit = gun;
	o->general = -1;
	o->npts = 1;
	o->pts[0] = (struct point){ 20, 24 };
	o->issued = o->arrives = 1;
	nap_phase_movement(g);
	assert_int_equal(fixture_count(g, "3.6.3", "gun has no room to "
	    "unlimber here: f stands at [22, 24]"), 1);
	assert_int_equal(g->units[gun].pos.y, 24);
	assert_int_equal(g->units[gun].formation, ruleset_form(g->rs,
	    "limbered"));
	assert_int_equal(g->units[f].pos.x, 23);
	game_free(g);
}

/* The events whose text holds s, each checked to be side 0's to read
 * and not side 1's (core/know.h); how many. */
static int
own_side_reads(const struct game *g, const char *s)
{
	int i, n = 0;

	for (i = 0; i < g->log.n; i++) {
		if (strstr(g->log.v[i].text, s) == NULL)
			continue;
		assert_true(know_event(g, &g->log.v[i], 0));
		assert_false(know_event(g, &g->log.v[i], 1));
		n++;
	}
	return n;
}

/* Give unit a a Formation order into form, in force this turn. */
static void
form_order(struct game *g, int a, int form)
{
	g->units[a].order.kind = ORDER_FORMATION;
	g->units[a].order.unit = a;
	g->units[a].order.general = -1;
	g->units[a].order.formation = form;
	g->units[a].order.issued = g->units[a].order.arrives = g->turn;
}

/*
 * 3.6.5 and 3.5.1, hidden orders: a Formation order refused for want of
 * room names the formation asked for, and a Restore order given to a unit
 * that is no Mob tells that it was given; the map shows neither (the
 * units stay as they were), so only their own side reads the notes.  A
 * Column on [20, 20] facing N ordered into Line, a friend's Column on
 * [23, 20] where the Line's files would stand: it stays a Column on
 * [20, 20].  The same friend, formed, ordered to Restore: it stays formed.
 */
static void
test_3_6_5_formation_refused_is_its_own_sides_to_read(void **state)
{
	struct game *g = field();
	int a, f;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "column", 20, 20,
	    DIR_N, 600);
	f = fixture_unit(g, "f", 0, ARM_INFANTRY, "line", "column", 23, 20,
	    DIR_N, 600);
	assert_true(game_fits(g, a, g->units[a].pos, DIR_N,
	    ruleset_form(g->rs, "line"), -1, NULL) != 0);
	form_order(g, a, ruleset_form(g->rs, "line"));
	g->units[f].order.kind = ORDER_RESTORE;
	g->units[f].order.unit = f;
	g->units[f].order.general = -1;
	g->units[f].order.issued = g->units[f].order.arrives = g->turn;
	nap_phase_formation(g);
	assert_int_equal(g->units[a].formation, ruleset_form(g->rs, "column"));
	assert_int_equal(g->units[a].pos.x, 20);
	assert_int_equal(g->units[f].cond, COND_FORMED);
	assert_int_equal(fixture_count(g, "3.6.5", "a has no room to form "
	    "Line here"), 1);
	assert_int_equal(fixture_count(g, "3.5.1", "f is not a Mob"), 1);
	assert_int_equal(own_side_reads(g, "no room to form") +
	    own_side_reads(g, "is not a Mob"), 2);
	game_free(g);
}

/*
 * The first cell of block to of n cells, not one of the m cells of
 * block from, whose east neighbour is also in to and not in from: where
 * a wall would run through to's files but not from's; -1 if none.
 */
static int
file_edge_beyond(const struct point *to, int n, const struct point *from,
    int m)
{
	int i, j, k;

	for (i = 0; i < n; i++) {
		for (j = 0; j < n; j++)
			if (to[j].x == to[i].x + 1 && to[j].y == to[i].y)
				break;
		if (j == n)
			continue;
		for (k = 0; k < m; k++)
			if ((from[k].x == to[i].x || from[k].x == to[j].x) &&
			    from[k].y == to[i].y)
				break;
		if (k == m)
			return i;
	}
	return -1;
}

/*
 * 3.6.5, M18: a unit never stops on an obstacle, so it may not change
 * into a formation whose block would stand across one.  A Column on
 * [20, 20] facing N, ordered into Line, with a wall on the edge between
 * two cells of the Line's front that the Column does not cover: it stays
 * a Column, the log (its own side's) names the wall and the two cells,
 * and the order's check gives the same reason.  A river of Pe 2, which a
 * unit may stop on, in the same place bars nothing: it forms Line.
 */
static void
test_3_6_5_M18_no_formation_across_a_wall(void **state)
{
	struct game *g = field();
	struct point *line, *col;
	int a, nl, nc, i, river = ruleset_obst(rs, "river");
	int wall = ruleset_obst(rs, "wall"), fl = ruleset_form(rs, "line");
	char want[200], *cause = NULL;
	struct point c;

	(void)state;
	assert_true(wall > 0 && river > 0 && rs->obst[river].may_end_on);
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "column", 20, 20,
	    DIR_N, 600);
	line = game_cells_take(g);
	col = game_cells_take(g);
	nl = game_footprint_at(g, &g->units[a], g->units[a].pos, DIR_N, fl,
	    line);
	nc = game_footprint(g, &g->units[a], col);
	i = file_edge_beyond(line, nl, col, nc);
	assert_true(i >= 0);
	c = line[i];
	game_cells_give(g, col);
	game_cells_give(g, line);
	assert_int_equal(map_edge_set(g->map, c.x, c.y, DIR_E, wall,
	    PASS_NONE), 0);
	assert_int_equal(game_fits(g, a, g->units[a].pos, DIR_N, fl, -1,
	    NULL), 0);
	assert_int_equal(nap_form_check(g, a, fl, &cause), -1);
	snprintf(want, sizeof want, "the wall between [%d, %d] and [%d, %d] "
	    "would run through it", c.x, c.y, c.x + 1, c.y);
	assert_string_equal(cause, want);
	free(cause);
	form_order(g, a, fl);
	nap_phase_formation(g);
	assert_int_equal(g->units[a].formation, ruleset_form(rs, "column"));
	snprintf(want, sizeof want, "a may not form Line here: its block "
	    "would stand across the wall between [%d, %d] and [%d, %d], and "
	    "a unit never stops on an obstacle", c.x, c.y, c.x + 1, c.y);
	assert_int_equal(fixture_count(g, "3.6.5", want), 1);
	assert_int_equal(own_side_reads(g, "may not form"), 1);
	/* The river a unit may stop on, in the wall's place. */
	assert_int_equal(map_edge_set(g->map, c.x, c.y, DIR_E, river,
	    PASS_NONE), 0);
	nap_phase_formation(g);
	assert_int_equal(g->units[a].formation, fl);
	game_free(g);
}

/* 3.6.3: a battery that must limber to move, with a friend too close
 * behind for its limbered block, stays unlimbered where it is, and the
 * log names the friend in the way (a player must move it). */
static void
test_3_6_3_battery_with_no_room_to_limber_stays(void **state)
{
	struct game *g = field();
	struct order *o;
	int gun, f;

	(void)state;
	gun = fixture_unit(g, "gun", 0, ARM_ARTILLERY, "light", "unlimbered",
	    20, 20, DIR_N, 8);
	f = fixture_unit(g, "f", 0, ARM_INFANTRY, "line", "line", 20, 23,
	    DIR_N, 600);
	assert_int_equal(nap_gap(g, gun, f), 2);
	assert_true(game_fits(g, gun, g->units[gun].pos, DIR_N,
	    ruleset_form(g->rs, "limbered"), -1, NULL) != 0);
	o = &g->units[gun].order;
	o->kind = ORDER_MOVE;
	o->unit = gun;
	o->general = -1;
	o->npts = 1;
	o->pts[0] = (struct point){ 20, 10 };
	o->issued = o->arrives = 1;
	nap_phase_movement(g);
	assert_int_equal(fixture_count(g, "3.6.3", "gun has no room to limber "
	    "up: f stands at [20, 23]"), 1);
	assert_int_equal(g->units[gun].halt, HALT_BLOCKED);
	assert_int_equal(g->units[gun].formation, ruleset_form(g->rs,
	    "unlimbered"));
	assert_int_equal(g->units[gun].pos.y, 20);
	assert_int_equal(g->units[gun].moved, 0);
	game_free(g);
}

/* 3.6.2: a unit that marched last turn and now holds a Stop order stops,
 * and the log says it was moving; the turn after, standing, it just
 * holds the order. */
static void
test_3_6_2_stop_order_after_a_march_stops_the_unit(void **state)
{
	struct game *g = field();
	struct order o;
	char *cause = NULL;
	int a;

	(void)state;
	g->opt.courier_delay = false;
	g->opt.random_speed = false;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "column", 20, 30,
	    DIR_N, 600);
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = a;
	o.general = 0;
	o.formation = -1;
	o.facing = -1;
	o.npts = 1;
	o.pts[0] = (struct point){ 20, 10 };
	if (game_order(g, &o, &cause) != 0)
		fail_msg("move order refused: %s", cause);
	game_turn(g);
	assert_int_equal(g->units[a].pos.y, 28);
	o.kind = ORDER_STOP;
	o.npts = 0;
	if (game_order(g, &o, &cause) != 0)
		fail_msg("stop order refused: %s", cause);
	game_turn(g);
	assert_int_equal(g->units[a].pos.y, 28);
	assert_int_equal(g->units[a].moved, 0);
	assert_int_equal(fixture_count(g, "3.6.2", "a does not move: it holds "
	    "a stop order (it was moving: it stops)"), 1);
	game_turn(g);
	assert_int_equal(fixture_count(g, "3.6.2", "a does not move: it holds "
	    "a stop order"), 2);
	assert_int_equal(fixture_count(g, "3.6.2", "(it was moving: it "
	    "stops)"), 1);
	game_free(g);
}

/* Infantry flees 4 BD (16 ticks) a turn along its track. */
static void
test_3_9_3_routers_flee_at_rout_speed(void **state)
{
	struct game *g = field();
	struct point start;
	int a, n0;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "column", 30, 5,
	    DIR_N, 600);
	nap_rout(g, a, "test");
	start = g->units[a].pos;
	n0 = g->units[a].ntrack;
	nap_phase_morale(g);
	assert_int_equal(g->units[a].pos.x, 30);
	assert_int_equal(g->units[a].pos.y, start.y + 8);	/* 8 x 2 ticks */
	assert_int_equal(g->units[a].moved, 16);
	assert_int_equal(g->units[a].ntrack, n0 - 8);
	assert_int_equal(game_unit_at(g, 30, start.y + 8), a);
	assert_int_equal(game_unit_at(g, 30, start.y), -1);
	assert_int_equal(fixture_count(g, "3.9.3", "flees 4 BD"), 1);
	game_free(g);
}

/* The last row of u's block (its greatest y). */
static int
back_row(const struct game *g, int u)
{
	struct point *cells = game_cells_take(g);
	int i, n = game_footprint(g, &g->units[u], cells), y = -1;

	for (i = 0; i < n; i++)
		if (cells[i].y > y)
			y = cells[i].y;
	game_cells_give(g, cells);
	return y;
}

/*
 * 3.9.2 (marshal's reading, as 3.6.3's face-about): a router whose rear
 * lies behind it turns its back where it stands, its block on the same
 * cells, and flees from there.  A Road Column of the second side (its
 * rear at the top of the field) facing S at [30, 20], an enemy Line
 * touching its front, routs: its front centre becomes its old rear rank,
 * [30, 20 - depth + 1] facing N, and it flees 8 cells north of that.  It
 * used to swing its whole length about its front centre, onto the Line
 * it fled from: "cannot flee: its track is blocked", and it stood to be
 * taken.
 */
static void
test_3_9_2_router_turns_its_back_where_it_stands(void **state)
{
	struct game *g = field();
	struct point *cells = game_cells_take(g);
	int a, n, i, top = 1 << 20, bottom = -1;

	(void)state;
	a = fixture_unit(g, "a", 1, ARM_INFANTRY, "line", "road_column", 30,
	    20, DIR_S, 600);
	fixture_unit(g, "e", 0, ARM_INFANTRY, "line", "line", 30, 22, DIR_N,
	    600);
	n = game_footprint(g, &g->units[a], cells);
	for (i = 0; i < n; i++) {
		top = cells[i].y < top ? cells[i].y : top;
		bottom = cells[i].y > bottom ? cells[i].y : bottom;
	}
	game_cells_give(g, cells);
	assert_int_equal(bottom, 20);
	assert_true(top < 20);
	nap_rout(g, a, "test");
	assert_int_equal(g->units[a].pos.x, 30);
	assert_int_equal(g->units[a].pos.y, top);
	assert_int_equal(g->units[a].facing, DIR_N);
	assert_int_equal(back_row(g, a), 20);
	nap_phase_morale(g);
	assert_int_equal(g->units[a].cond, COND_ROUTED);
	assert_int_equal(g->units[a].pos.y, top - 8);
	assert_int_equal(back_row(g, a), 20 - 8);
	assert_int_equal(fixture_count(g, "3.9.3", "cannot flee"), 0);
	game_free(g);
}

/* 3.9.3: a router whose first step is blocked by a friend stays where
 * it is, moves nothing, keeps its whole track and the log says where the
 * track is blocked and by whom (the player can clear the way). */
static void
test_3_9_3_router_with_its_track_blocked_stays(void **state)
{
	struct game *g = field();
	struct point start, at;
	char text[128];
	int a, f, n0;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "column", 30, 5,
	    DIR_N, 600);
	nap_rout(g, a, "test");
	start = g->units[a].pos;
	n0 = g->units[a].ntrack;
	assert_true(n0 > 0);
	at = g->units[a].track[0];
	/* Fleeing south, the column turns its back where it stands (3.9.2):
	 * its front centre is now [30, 8], and its first step would put its
	 * block on rows 6 to 9.  A friend's Line on rows 9 and 10 is in the
	 * way. */
	assert_int_equal(start.y, 8);
	assert_int_equal(at.x, 30);
	assert_int_equal(at.y, 9);
	f = fixture_unit(g, "f", 0, ARM_INFANTRY, "line", "line", 30, 9,
	    DIR_N, 600);
	assert_int_equal(back_row(g, f), 10);
	nap_phase_morale(g);
	assert_int_equal(g->units[a].pos.x, start.x);
	assert_int_equal(g->units[a].pos.y, start.y);
	assert_int_equal(g->units[a].moved, 0);
	assert_int_equal(g->units[a].ntrack, n0);
	snprintf(text, sizeof text, "a cannot flee: its track is blocked at "
	    "[%d, %d], where f stands in the way of its block", at.x, at.y);
	assert_int_equal(fixture_count(g, "3.9.3", text), 1);
	game_free(g);
}

/*
 * 3.9.3: a router stopped partway along its track, short of its rout
 * speed, by a friend in the way: the log says where and by whom, as it
 * does when the first step is blocked (found at the Côa: II/66e Ligne
 * "flees 0.5 BD of its 4 BD" with no word of the battery across its
 * track).  The Line at [30, 5] (rows 5 and 6) turns its back where it
 * stands (3.9.2: its front centre, for six files, now [31, 6]) and flees
 * south: its first step to [31, 7] is free; a friend's Line at [30, 8]
 * facing north (rows 8 and 9) holds the block's next place, so it stops
 * at [31, 7] after 0.5 BD of its 4 BD.
 */
static void
test_3_9_3_router_stopped_partway_says_by_whom(void **state)
{
	struct game *g = field();
	int a, f;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 30, 5,
	    DIR_N, 600);
	nap_rout(g, a, "test");
	assert_true(g->units[a].ntrack > 1);
	assert_int_equal(g->units[a].track[1].x, 31);
	assert_int_equal(g->units[a].track[1].y, 8);
	f = fixture_unit(g, "f", 0, ARM_INFANTRY, "line", "line", 30, 8,
	    DIR_N, 600);
	assert_int_equal(back_row(g, f), 9);
	nap_phase_morale(g);
	assert_int_equal(g->units[a].pos.x, 31);
	assert_int_equal(g->units[a].pos.y, 7);
	assert_int_equal(g->units[a].moved, 2);
	assert_int_equal(g->units[a].track[0].y, 8);
	assert_int_equal(fixture_count(g, "3.9.3", "a flees 0.5 BD of its "
	    "4 BD rout speed along its track, [31, 6] to [31, 7]: there its "
	    "track is blocked at [31, 8], where f stands in the way of its "
	    "block"), 1);
	game_free(g);
}

/*
 * 3.9.5: the track counts as blocked only where the router's block would
 * stand after its next step.  The Line at [30, 5] (rows 5 and 6) turns
 * its back where it stands (3.9.2: its front centre, for six files, now
 * [31, 6]) and flees south, its first step to [31, 7] (rows 7 and 6); a
 * friend's Line at [30, 8] facing north (rows 8 and 9) stands just
 * beyond that step and blocks the one after it.  An enemy reaching the
 * router rolls 1d6 with no +2 for a blocked track.
 */
static void
test_3_9_5_track_blocked_only_at_its_next_cell(void **state)
{
	struct game *g = field();
	char want[160];
	int a, c, f, roll;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 30, 5,
	    DIR_N, 600);
	assert_int_equal(back_row(g, a), 6);
	nap_rout(g, a, "test");
	assert_true(g->units[a].ntrack > 1);
	assert_int_equal(g->units[a].track[0].x, 31);
	assert_int_equal(g->units[a].track[0].y, 7);
	assert_int_equal(g->units[a].track[1].y, 8);
	f = fixture_unit(g, "f", 0, ARM_INFANTRY, "line", "line", 30, 8,
	    DIR_N, 600);
	assert_int_equal(back_row(g, f), 9);
	c = fixture_unit(g, "c", 1, ARM_INFANTRY, "line", "line", 50, 30,
	    DIR_W, 400);
	roll = fixture_dice(g, 1, 6);
	tab()->morale.capture = 100;		/* no roll captures */
	nap_rout_touch(g, c, a);
	tab()->morale.capture = 4;
	snprintf(want, sizeof want, "c reaches the routed a: 1d6 = %d = %d, "
	    "less than 100", roll, roll);
	assert_int_equal(fixture_count(g, "3.9.5", want), 1);
	assert_int_equal(fixture_count(g, "3.9.5", "track blocked"), 0);
	game_free(g);
}

/*
 * 3.9.3, marshal's reading: routers do not flee into ground none of
 * their arm's formations may enter (3.6.5: a lake, the river at the
 * Côa).  The column at [30, 5] (rows 5 to 8) turns its back where it
 * stands, its front centre now [30, 8], and flees south; water (a lake)
 * covers row 13 from edge to edge, so no way it may take leads to its
 * rear at [30, 39] (3.9.2): its track runs to the cell it can reach
 * nearest its rear, [30, 12] (its block, the anchor at its southern
 * front, stops short of row 13), 4 steps.  It flees them, 2 BD of its 4 BD, and the
 * next turn it cannot flee at all, the log saying why.  A formed enemy
 * that reaches it rolls for the catch with the +2 of a blocked track
 * (3.9.5).  Before, it waded into the lake and stood in it; later its
 * track ran on into the lake, which the log named as what stopped it.
 */
static void
test_3_9_3_routers_stop_at_ground_they_may_not_enter(void **state)
{
	struct game *g = field();
	char want[160];
	int a, c, x, roll;

	(void)state;
	assert_true(ruleset_land(rs, "water") >= 0);
	for (x = 0; x < 60; x++)
		map_cell(g->map, x, 13)->land = (uint8_t)ruleset_land(rs,
		    "water");
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "column", 30, 5,
	    DIR_N, 600);
	nap_rout(g, a, "test");
	assert_int_equal(g->units[a].ntrack, 4);
	assert_int_equal(fixture_count(g, "3.9.2", "a routs (test): no way it "
	    "may take leads to its rear at [30, 39], so it will flee as near "
	    "to it as it can, a track of 4 cells to [30, 12]"), 1);
	nap_phase_morale(g);
	assert_int_equal(g->units[a].pos.x, 30);
	assert_int_equal(g->units[a].pos.y, 12);
	assert_int_equal(g->units[a].moved, 8);
	assert_int_equal(fixture_count(g, "3.9.3", "a flees 2 BD of its 4 BD "
	    "rout speed along its track, [30, 8] to [30, 12], as near its "
	    "rear as any way it may take leads (3.9.2)"), 1);
	assert_int_equal(g->units[a].ntrack, 0);
	nap_phase_morale(g);
	assert_int_equal(g->units[a].pos.y, 12);
	assert_int_equal(g->units[a].moved, 0);
	assert_int_equal(fixture_count(g, "3.9.3", "a cannot flee: no way it "
	    "may take leads from [30, 12] to its rear at [30, 39] (3.9.2)"),
	    1);
	/* An enemy reaching them finds their track blocked. */
	c = fixture_unit(g, "c", 1, ARM_INFANTRY, "line", "line", 36, 12,
	    DIR_W, 400);
	roll = fixture_dice(g, 1, 6);
	tab()->morale.capture = 100;
	nap_rout_touch(g, c, a);
	tab()->morale.capture = 4;
	snprintf(want, sizeof want, "c reaches the routed a: 1d6 = %d +2 "
	    "(track blocked) = %d, less than 100", roll, roll + 2);
	assert_int_equal(fixture_count(g, "3.9.5", want), 1);
	game_free(g);
}

/*
 * 3.9.2, marshal's reading: a rout track goes round ground the router
 * may not enter when a way round exists.  A lake like the test above's,
 * on row 10, ends at column 35, leaving columns 36 to 59 dry.  The
 * column at [30, 5], routed, gets a track that ends at its rear,
 * [30, 39], and on which its block never stands on the lake, and in the
 * morale phase it flees its 4 BD (16 ticks, as far as whole steps go)
 * toward the lake's end, where before it stopped at the lake after 2 BD.
 */
static void
test_3_9_2_rout_track_goes_round_the_lake(void **state)
{
	struct game *g = field();
	struct unit *u;
	struct point prev, *cells = game_cells_take(g);
	int a, x, i, k, n, water = ruleset_land(rs, "water");

	(void)state;
	for (x = 0; x <= 35; x++)
		map_cell(g->map, x, 10)->land = (uint8_t)water;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "column", 30, 5,
	    DIR_N, 600);
	nap_rout(g, a, "test");
	u = &g->units[a];
	track_ends_at(u, 30, 39);
	prev = u->pos;
	for (i = 0; i < u->ntrack; i++) {
		n = game_footprint_at(g, u, u->track[i],
		    (enum dir)dir_between(prev, u->track[i]), u->formation,
		    cells);
		for (k = 0; k < n; k++)
			assert_int_not_equal(map_cell(g->map, cells[k].x,
			    cells[k].y)->land, water);
		prev = u->track[i];
	}
	game_cells_give(g, cells);
	assert_int_equal(fixture_count(g, "3.9.2", "a track of"), 1);
	nap_phase_morale(g);
	/* Its steps cost 2 ticks or 3 (diagonal): it stops only when the
	 * next costs more than is left, so at 14 ticks or more. */
	assert_in_range(g->units[a].moved, 14, 16);
	assert_int_equal(fixture_count(g, "3.9.3", "where it may not go"), 0);
	game_free(g);
}

/*
 * 3.9.2, marshal's reading: nor does a rout track cross an obstacle
 * that none of the router's arm's formations may cross.  A wall runs
 * along the south side of row 9 from column 0 to 35, and here (a
 * ruleset changed for the test) no formation may cross a wall.  The
 * column at [30, 5], routed, gets a track that ends at its rear,
 * [30, 39], and passes from row 9 to row 10 only past the wall's end,
 * from or onto column 36 or beyond (a slanting step may pass its end's
 * corner, 3.6.5); straight, it crossed at column 30.
 */
static void
test_3_9_2_rout_track_goes_round_a_wall(void **state)
{
	struct game *g = field();
	int wall = ruleset_obst(rs, "wall"), a, x, i;
	uint32_t was;
	struct unit *u;
	struct point prev;

	(void)state;
	assert_true(wall > 0);
	was = rs->obst[wall].forbid;
	for (x = 0; x <= 35; x++)
		assert_int_equal(map_edge_set(g->map, x, 9, DIR_S, wall,
		    PASS_NONE), 0);
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "column", 30, 5,
	    DIR_N, 600);
	rs->obst[wall].forbid = ~0u;
	nap_rout(g, a, "test");
	rs->obst[wall].forbid = was;
	u = &g->units[a];
	track_ends_at(u, 30, 39);
	prev = u->pos;
	for (i = 0; i < u->ntrack; i++) {
		/* Straight down, east of the wall; slanting, past its
		 * end's corner at the least. */
		if (prev.y <= 9 && u->track[i].y >= 10)
			assert_true(prev.x >= 36 || u->track[i].x >= 36);
		prev = u->track[i];
	}
	game_free(g);
}

/*
 * 3.9.3 with a ruleset whose first landscape (index 0, the map's open
 * ground) bars every formation: the column at [30, 5], routed, turned
 * its back where it stands (its front centre [30, 8], 3.9.2), cannot
 * flee onto its track's first cell [30, 9].  Its block there stands on
 * open ground but for a lake on [30, 9] itself; the log names the first
 * ground found that bars it (Open ground), not the lake read after it.
 */
static void
test_3_9_3_router_barred_by_land_0(void **state)
{
	struct game *g = field();
	uint32_t was = rs->land[0].forbid;
	int a;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "column", 30, 5,
	    DIR_N, 600);
	nap_rout(g, a, "test");
	assert_true(g->units[a].ntrack > 0);
	assert_int_equal(g->units[a].pos.y, 8);
	assert_int_equal(g->units[a].track[0].x, 30);
	assert_int_equal(g->units[a].track[0].y, 9);
	map_cell(g->map, 30, 9)->land = (uint8_t)ruleset_land(rs, "water");
	rs->land[0].forbid = ~0u;
	nap_phase_morale(g);
	rs->land[0].forbid = was;
	assert_int_equal(g->units[a].pos.y, 8);
	assert_int_equal(g->units[a].moved, 0);
	assert_int_equal(fixture_count(g, "3.9.3", "a cannot flee: its track "
	    "runs into Open ground at [30, 9], where it may not go (3.6.5)"),
	    1);
	game_free(g);
}

/* 3.9.3: a router one cell short of its rear flees that cell and
 * reaches it; the turn after, at its rear with no track left, it stays. */
static void
test_3_9_3_router_one_cell_from_its_rear(void **state)
{
	struct game *g = field();
	int a;

	(void)state;
	/* French rear at [30, 39]. */
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "column", 30, 38,
	    DIR_S, 600);
	nap_rout(g, a, "test");
	assert_int_equal(g->units[a].ntrack, 1);
	nap_phase_morale(g);
	assert_int_equal(g->units[a].pos.x, 30);
	assert_int_equal(g->units[a].pos.y, 39);
	assert_int_equal(g->units[a].moved, 2);
	assert_int_equal(g->units[a].ntrack, 0);
	assert_int_equal(fixture_count(g, "3.9.3", "a flees 0.5 BD of its "
	    "4 BD rout speed along its track, [30, 38] to [30, 39], and "
	    "reaches its rear"), 1);
	nap_phase_morale(g);
	assert_int_equal(g->units[a].pos.y, 39);
	assert_int_equal(fixture_count(g, "3.9.3", "a has fled to its rear "
	    "and stays there, routed"), 1);
	game_free(g);
}

/* 3.9.3: a router whose track, one cell to its rear, is held by a friend
 * cannot flee: it stays, and the log names the cell and the friend. */
static void
test_3_9_3_router_one_cell_from_its_rear_blocked(void **state)
{
	struct game *g = field();
	int a;

	(void)state;
	g->sides[0].rear = (struct point){ 30, 21 };
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "column", 30, 20,
	    DIR_S, 600);
	fixture_unit(g, "f", 0, ARM_INFANTRY, "line", "line", 30, 21, DIR_N,
	    600);
	nap_rout(g, a, "test");
	assert_int_equal(g->units[a].ntrack, 1);
	nap_phase_morale(g);
	assert_int_equal(g->units[a].pos.x, 30);
	assert_int_equal(g->units[a].pos.y, 20);
	assert_int_equal(g->units[a].moved, 0);
	assert_int_equal(g->units[a].ntrack, 1);
	assert_int_equal(fixture_count(g, "3.9.3", "a cannot flee: its track "
	    "is blocked at [30, 21], where f stands in the way of its "
	    "block"), 1);
	assert_int_equal(fixture_count(g, "3.9.3", "a flees"), 0);
	game_free(g);
}

/*
 * 3.9.3: a router whose block would leave the map on its track's first
 * cell, with no unit to blame, cannot flee, and the log names that cell.
 * The column at [59, 10] facing E (3 files wide, on columns 56 to 59),
 * its rear at [59, 39], flees south down the map's east edge: facing S
 * on [59, 11], its files would stand on columns 58 to 60, one off the
 * map.  It stays, and the log says its track is blocked at [59, 11].
 */
static void
test_3_9_3_router_blocked_by_the_map_edge_names_the_cell(void **state)
{
	struct game *g = field();
	int a;

	(void)state;
	g->sides[0].rear = (struct point){ 59, 39 };
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "column", 59, 10,
	    DIR_E, 600);
	nap_rout(g, a, "test");
	assert_true(g->units[a].ntrack > 1);
	assert_int_equal(g->units[a].track[0].x, 59);
	assert_int_equal(g->units[a].track[0].y, 11);
	nap_phase_morale(g);
	assert_int_equal(g->units[a].pos.x, 59);
	assert_int_equal(g->units[a].pos.y, 10);
	assert_int_equal(g->units[a].moved, 0);
	assert_int_equal(fixture_count(g, "3.9.3", "a cannot flee: its track "
	    "is blocked at [59, 11]"), 1);
	assert_int_equal(fixture_count(g, "3.9.3", "stands in the way"), 0);
	game_free(g);
}

/* A group order of the n units named ids, the line's centre to (x, y). */
static void
group_to(struct game *g, const char *const *ids, int n, int x, int y)
{
	struct order o;
	char *cause = NULL;
	int i;

	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = game_find_unit(g, ids[0]);
	o.general = 0;
	o.npts = 1;
	o.pts[0] = (struct point){ x, y };
	o.ngroup = n;
	for (i = 0; i < n; i++)
		o.group[i] = game_find_unit(g, ids[i]);
	assert_int_equal(game_order(g, &o, &cause), 0);
	free(cause);
}

/*
 * 3.6.3: two group orders in one turn, each line on its own: three
 * Lines (wa, wb, wc) wheel towards [30, 10], north-east, and pay 1 BD
 * (4 ticks) towards the stage each; two more (wd, we), filed after them,
 * march straight north, 2 BD to row 20.  The second line, which does
 * not wheel, leaves the first one's payments alone: each of wa, wb and
 * wc has 4 ticks paid after the turn, still on row 24, wd and we none.
 */
static void
test_3_6_3_a_straight_line_leaves_anothers_wheel_alone(void **state)
{
	static const char *const one[3] = { "wa", "wb", "wc" };
	static const char *const two[2] = { "wd", "we" };
	struct game *g = fixture_game(rs, 80, 30);
	int i;

	(void)state;
	g->opt.courier_delay = false;
	g->generals[0].pos = (struct point){ 30, 27 };
	g->generals[1].pos = (struct point){ 40, 0 };
	for (i = 0; i < 3; i++)
		fixture_unit(g, one[i], 0, ARM_INFANTRY, "line", "line",
		    10 + 6 * i, 24, DIR_N, 600);
	for (i = 0; i < 2; i++)
		fixture_unit(g, two[i], 0, ARM_INFANTRY, "line", "line",
		    50 + 6 * i, 24, DIR_N, 600);
	game_seed(g, 9);
	group_to(g, one, 3, 30, 10);
	group_to(g, two, 2, 53, 5);
	game_turn(g);
	for (i = 0; i < 3; i++) {
		assert_int_equal(g->units[i].wheeled, 4);
		assert_int_equal(g->units[i].pos.y, 24);
	}
	for (i = 3; i < 5; i++) {
		assert_int_equal(g->units[i].wheeled, 0);
		assert_int_equal(g->units[i].pos.y, 20);
	}
	game_free(g);
}

/*
 * 3.6.3: a group's line wheels only onto cells no other unit holds, unit
 * 0 as any other: wa and wb (Lines on row 24) wheel right about [19, 24]
 * towards [30, 10], but z, a Column of their side filed first (unit 0) at
 * [11, 16], holds cell [12, 17] of wa's place facing north-east: the
 * line does not wheel, both stay on row 24 facing north, nothing paid,
 * and the stop names z and the cell.
 */
static void
test_3_6_3_a_wheel_stops_short_of_unit_0(void **state)
{
	static const char *const one[2] = { "wa", "wb" };
	struct game *g = fixture_game(rs, 80, 30);
	int i;

	(void)state;
	g->opt.courier_delay = false;
	g->generals[0].pos = (struct point){ 30, 27 };
	g->generals[1].pos = (struct point){ 40, 0 };
	fixture_unit(g, "z", 0, ARM_INFANTRY, "line", "column", 11, 16, DIR_N,
	    600);
	for (i = 0; i < 2; i++)
		fixture_unit(g, one[i], 0, ARM_INFANTRY, "line", "line",
		    10 + 6 * i, 24, DIR_N, 600);
	game_seed(g, 9);
	group_to(g, one, 2, 30, 10);
	game_turn(g);
	for (i = 1; i < 3; i++) {
		assert_int_equal(g->units[i].pos.x, 4 + 6 * i);
		assert_int_equal(g->units[i].pos.y, 24);
		assert_int_equal(g->units[i].facing, DIR_N);
		assert_int_equal(g->units[i].wheeled, 0);
	}
	assert_int_equal(fixture_count(g, "3.6.3", "the line cannot wheel on "
	    "to face NE: wa has no room: z stands on cell [12, 17]"), 2);
	game_free(g);
}

/*
 * 3.6.3: what a line had paid towards a stage is lost when the stage is
 * found blocked: the line of test_3_6_3_a_wheel_stops_short_of_unit_0,
 * its units having paid 1 BD towards the right wheel last turn, does not
 * wheel either, and is left with nothing paid (wheeled 0), not the 1 BD.
 */
static void
test_3_6_3_a_blocked_wheel_keeps_nothing_paid(void **state)
{
	static const char *const one[2] = { "wa", "wb" };
	struct game *g = fixture_game(rs, 80, 30);
	int i;

	(void)state;
	g->opt.courier_delay = false;
	g->generals[0].pos = (struct point){ 30, 27 };
	g->generals[1].pos = (struct point){ 40, 0 };
	fixture_unit(g, "z", 0, ARM_INFANTRY, "line", "column", 11, 16, DIR_N,
	    600);
	for (i = 0; i < 2; i++)
		fixture_unit(g, one[i], 0, ARM_INFANTRY, "line", "line",
		    10 + 6 * i, 24, DIR_N, 600);
	game_seed(g, 9);
	group_to(g, one, 2, 30, 10);
	for (i = 1; i < 3; i++)
		g->units[i].wheeled = g->rs->ticks;
	game_turn(g);
	for (i = 1; i < 3; i++) {
		assert_int_equal(g->units[i].pos.y, 24);
		assert_int_equal(g->units[i].facing, DIR_N);
		assert_int_equal(g->units[i].wheeled, 0);
	}
	assert_int_equal(fixture_count(g, "3.6.3", "the line cannot wheel on "
	    "to face NE: wa has no room: z stands on cell [12, 17]"), 2);
	assert_int_equal(fixture_count(g, "3.6.3", "paid towards the next "
	    "stage"), 0);
	game_free(g);
}

/* 3.6.2: a unit under no order does not move, and what it moved the turn
 * before is no longer its move. */
static void
test_3_6_2_unit_under_no_order_has_moved_nothing(void **state)
{
	struct game *g = field();
	int a;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 30, 20,
	    DIR_N, 600);
	g->units[a].moved = 8;
	g->units[a].order.kind = ORDER_NONE;
	nap_phase_movement(g);
	assert_int_equal(g->units[a].moved, 0);
	assert_int_equal(g->units[a].pos.x, 30);
	assert_int_equal(g->units[a].pos.y, 20);
	game_free(g);
}

/* 3.6.8: a unit halted in battle contact last turn, its Move order older
 * than the halt, stays in contact this turn: it does not move, has moved
 * nothing this turn, is held this turn, and the log says why, naming the
 * nearest enemy that holds it and its gap: f's Line (rows 14 and 13)
 * stands 2.5 BD ahead of a's (rows 20 and 21), e's (rows 25 and 26)
 * 1.5 BD behind it; e is named though f comes first in the order of
 * battle.  Both are within the 3 BD the hold reaches (marshal's reading),
 * beyond the 2 BD of the march's contact. */
static void
test_3_6_8_unit_in_contact_stays_until_a_new_order(void **state)
{
	struct game *g = field();
	int a;

	(void)state;
	g->turn = 3;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 30, 20,
	    DIR_N, 600);
	fixture_unit(g, "f", 1, ARM_INFANTRY, "line", "line", 30, 14, DIR_S,
	    600);
	fixture_unit(g, "e", 1, ARM_INFANTRY, "line", "line", 30, 25, DIR_N,
	    600);
	standing_move(g, a, 30, 5);
	g->units[a].halt = HALT_CONTACT;
	g->units[a].halt_turn = 2;
	g->units[a].moved = 8;
	nap_phase_movement(g);
	assert_int_equal(g->units[a].pos.y, 20);
	assert_int_equal(g->units[a].moved, 0);
	assert_int_equal(g->units[a].halt_turn, 3);
	assert_int_equal(fixture_count(g, "3.6.8", "a stays in battle "
	    "contact with e, 1.5 BD away (within 3 BD, marshal's reading): "
	    "it moves on only with a new order"), 1);
	game_free(g);
}

/*
 * Hidden orders (3.6.7, marshal's reading: 3.6 moves units together): a
 * unit that waits for a friend in its way to move first says that the
 * friend holds a Move order of its own.  Only their own side reads that:
 * in the default battle the Allies read, on turn 1, "2/3e Artillerie à
 * cheval waits for III/59e Ligne, under a Move order of its own", an
 * enemy's order they could not see on the map.  Column a on [20, 30]
 * facing N, sent to [20, 10], meets column b on [20, 26], sent to
 * [20, 16] and later in the order of battle: a waits for it.
 */
static void
test_3_6_7_waiting_for_a_friend_is_its_own_sides_to_read(void **state)
{
	struct game *g = field();
	int a, b;

	(void)state;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "column", 20, 30,
	    DIR_N, 600);
	b = fixture_unit(g, "b", 0, ARM_INFANTRY, "line", "column", 20, 26,
	    DIR_N, 600);
	standing_move(g, a, 20, 10);
	standing_move(g, b, 20, 16);
	nap_phase_movement(g);
	assert_int_equal(own_side_reads(g, "a waits for b, under a Move "
	    "order of its own"), 1);
	game_free(g);
}

/* Cavalry next to routers: surrender when the roll allows it... */
static void
test_3_9_5_capture_by_cavalry(void **state)
{
	struct game *g = field();
	int a, r;

	(void)state;
	a = fixture_unit(g, "cav", 0, ARM_CAVALRY, "light", "line", 20, 30,
	    DIR_N, 400);
	r = fixture_unit(g, "run", 1, ARM_INFANTRY, "line", "line", 20, 28,
	    DIR_S, 500);
	g->units[r].cond = COND_ROUTED;
	tab()->morale.capture = 1;		/* any roll */
	nap_rout_touch(g, a, r);
	tab()->morale.capture = 4;
	assert_int_equal(g->units[r].cond, COND_CAPTURED);
	assert_int_equal(game_unit_at(g, 20, 28), -1);	/* off the field */
	assert_int_equal(fixture_count(g, "3.9.5", "+2 (cavalry)"), 1);
	assert_int_equal(fixture_count(g, "3.9.5", "500 men surrender"), 1);
	game_free(g);
}

/* ...else they scatter, lose 20% and flee on. */
static void
test_3_9_5_scatter_loses_men(void **state)
{
	struct game *g = field();
	int a, r;

	(void)state;
	a = fixture_unit(g, "inf", 0, ARM_INFANTRY, "line", "line", 20, 30,
	    DIR_N, 400);
	r = fixture_unit(g, "run", 1, ARM_INFANTRY, "line", "line", 20, 28,
	    DIR_S, 500);
	g->units[r].cond = COND_ROUTED;
	tab()->morale.capture = 100;		/* no roll */
	nap_rout_touch(g, a, r);
	tab()->morale.capture = 4;
	assert_int_equal(g->units[r].cond, COND_ROUTED);
	assert_int_equal(g->units[r].strength, 400);
	assert_int_equal(fixture_count(g, "3.9.5", "scatter"), 1);
	game_free(g);
}

/*
 * 3.9.5, the whole line: horse reaching routers whose track it blocks
 * itself rolls 1d6 +2 (cavalry) +2 (track blocked); against a capture
 * figure of 100 they scatter, losing 20% of 500 = 100 men.
 */
static void
test_3_9_5_explanation_line(void **state)
{
	struct game *g = field();
	char want[256];
	int c, r, roll;

	(void)state;
	c = fixture_unit(g, "cav", 1, ARM_CAVALRY, "light", "line", 30, 36,
	    DIR_N, 400);
	r = fixture_unit(g, "run", 0, ARM_INFANTRY, "line", "line", 30, 35,
	    DIR_S, 500);
	g->units[r].cond = COND_ROUTED;
	game_track(g, r, 400);
	roll = fixture_dice(g, 1, 6);
	tab()->morale.capture = 100;
	nap_rout_touch(g, c, r);
	tab()->morale.capture = 4;
	snprintf(want, sizeof want, "cav reaches the routed run: 1d6 = %d +2 "
	    "(cavalry) +2 (track blocked) = %d, less than 100: they scatter "
	    "and flee on, losing 20%% = 100 men (400 left)", roll, roll + 4);
	assert_int_equal(fixture_count(g, "3.9.5", want), 1);
	assert_int_equal(g->units[r].strength, 400);
	game_free(g);
}

/*
 * 3.9.5 with the routers' way open: foot reaching them rolls 1d6 with no
 * modifier at all (not mounted, track not blocked); against a capture
 * figure of 100 they scatter, losing 20% of 500 = 100 men.  The routers
 * are the Allies, their rear to the north, and nothing stands on their
 * track.
 */
static void
test_3_9_5_open_track_no_modifier(void **state)
{
	struct game *g = field();
	char want[256];
	int c, r, roll;

	(void)state;
	c = fixture_unit(g, "inf", 0, ARM_INFANTRY, "line", "line", 30, 24,
	    DIR_N, 400);
	r = fixture_unit(g, "run", 1, ARM_INFANTRY, "line", "line", 30, 22,
	    DIR_N, 500);
	g->units[r].cond = COND_ROUTED;
	game_track(g, r, 400);
	assert_true(g->units[r].ntrack > 0);
	roll = fixture_dice(g, 1, 6);
	tab()->morale.capture = 100;
	nap_rout_touch(g, c, r);
	tab()->morale.capture = 4;
	snprintf(want, sizeof want, "inf reaches the routed run: 1d6 = %d = "
	    "%d, less than 100: they scatter and flee on, losing 20%% = 100 "
	    "men (400 left)", roll, roll);
	assert_int_equal(fixture_count(g, "3.9.5", want), 1);
	assert_int_equal(g->units[r].strength, 400);
	game_free(g);
}

/* A router held where it stands (column a at [30, 5], turned about
 * where it stands, its first step south blocked by the friend f) and a
 * formed enemy column e at (x, y) facing f. */
static struct game *
held_router(int x, int y, enum dir f, int *a, int *e)
{
	struct game *g = field();

	*a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "column", 30, 5,
	    DIR_N, 600);
	nap_rout(g, *a, "test");
	fixture_unit(g, "f", 0, ARM_INFANTRY, "line", "line", 30, 9, DIR_N,
	    600);
	*e = fixture_unit(g, "e", 1, ARM_INFANTRY, "line", "column", x, y, f,
	    600);
	return g;
}

/* 3.9.5: a formed enemy catches routers within touch (0.5 BD, 2 ticks)
 * and not beyond: an enemy column standing square or facing half right,
 * at any place east of the router 3 ticks off (a diagonal cell between,
 * or a corner) does not; one exactly at the touch does. */
static void
test_3_9_5_touch_is_the_limit_of_the_catch(void **state)
{
	static const enum dir fs[] = { DIR_N, DIR_NE };
	const int touch = tab()->morale.touch;
	struct game *g;
	int a, e, x, y, gap, i, far, near;

	(void)state;
	assert_int_equal(touch, 2);
	for (i = 0; i < 2; i++) {
		far = near = 0;
		for (y = 0; y < 16; y++)
			for (x = 31; x < 45; x++) {
				g = held_router(x, y, fs[i], &a, &e);
				gap = near_unit_gap(g, a, e);
				if (gap != touch + 1 && (gap != touch ||
				    near > 0)) {
					game_free(g);
					continue;
				}
				nap_phase_morale(g);
				assert_int_equal(fixture_count(g, "3.9.3",
				    "a cannot flee"), 1);
				if (fixture_count(g, "3.9.5", "reaches the "
				    "routed") != (gap == touch))
					fail_msg("e facing %s at [%d, %d], %d "
					    "ticks off", dir_name(fs[i]), x, y,
					    gap);
				if (gap == touch)
					near++;
				else
					far++;
				game_free(g);
			}
		assert_int_equal(near, 1);
		assert_true(far > 0);
	}
}

/* The morale phase finds routers touched by formed enemies itself. */
static void
test_3_9_5_morale_phase_catches_routers(void **state)
{
	struct game *g = field();
	int r, roll;

	(void)state;
	/* French routers whose rear is behind the Allied line: blocked. */
	fixture_unit(g, "wall", 1, ARM_INFANTRY, "line", "line", 30, 36,
	    DIR_N, 600);
	r = fixture_unit(g, "run", 0, ARM_INFANTRY, "line", "line", 30, 33,
	    DIR_S, 500);
	g->units[r].cond = COND_ROUTED;
	/* The capture roll is the phase's first die: 1d6 + 2 (its track is
	 * blocked by the wall), 4 or more to take them. */
	roll = fixture_dice(g, 1, 6);
	nap_phase_morale(g);
	/* It flees first, as far as the wall lets it: its front from row
	 * 33 to row 35, against the wall's front rank on row 36. */
	assert_int_equal(fixture_count(g, "3.9.3", "flees 1 BD of its 4 BD "
	    "rout speed along its track, [30, 33] to [30, 35]"), 1);
	assert_int_equal(g->units[r].pos.x, 30);
	assert_int_equal(g->units[r].pos.y, 35);
	assert_int_equal(fixture_count(g, "3.9.5", "reaches the routed"), 1);
	assert_int_equal(fixture_count(g, "3.9.5", "+2 (track blocked)"), 1);
	if (roll + 2 >= 4) {
		assert_int_equal(g->units[r].cond, COND_CAPTURED);
		assert_int_equal(g->units[r].strength, 500);
		assert_int_equal(fixture_count(g, "3.9.5", "500 men surrender"),
		    1);
	} else {
		assert_int_equal(g->units[r].strength, 400);
		assert_int_equal(fixture_count(g, "3.9.5", "losing 20% = 100 "
		    "men"), 1);
	}
	game_free(g);
}

/*
 * 3.9.6: units worn down to nothing leave the field at the start of the
 * morale phase, routed or not: their cells are free, the routers among
 * them do not flee, and units with men left stay.
 */
/* 3.9.6: the contact of every unit with one that disperses ends, the
 * first unit of the battle's as any other's. */
static void
test_3_9_6_contact_with_a_dispersed_unit_ends(void **state)
{
	struct game *g = field();
	int e, a;

	(void)state;
	e = fixture_unit(g, "e", 1, ARM_INFANTRY, "line", "line", 20, 16,
	    DIR_S, 500);
	a = fixture_unit(g, "empty", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 600);
	assert_int_equal(e, 0);
	g->units[a].strength = 0;
	g->units[a].contact = e;
	g->units[e].contact = a;
	nap_phase_morale(g);
	assert_int_equal(g->units[a].cond, COND_DISPERSED);
	assert_int_equal(g->units[a].contact, -1);
	assert_int_equal(g->units[e].contact, -1);
	assert_int_equal(g->units[e].cond, COND_FORMED);
	game_free(g);
}

static void
test_3_9_6_empty_units_disperse_and_free_their_cells(void **state)
{
	struct game *g = field();
	struct order o;
	char *cause = NULL;
	int a, r, b, e, p, q;

	(void)state;
	a = fixture_unit(g, "empty", 0, ARM_INFANTRY, "line", "line", 20, 20,
	    DIR_N, 600);
	r = fixture_unit(g, "run", 1, ARM_INFANTRY, "line", "column", 40, 20,
	    DIR_S, 500);
	b = fixture_unit(g, "few", 0, ARM_INFANTRY, "line", "line", 50, 30,
	    DIR_N, 600);
	g->units[a].strength = 0;
	g->units[r].strength = 0;
	g->units[b].strength = 1;
	nap_rout(g, r, "test");
	g->units[a].order.kind = ORDER_MOVE;
	g->units[a].order.unit = a;
	g->units[a].order.npts = 1;
	g->units[a].order.pts[0] = (struct point){ 20, 10 };
	/* The empty unit had planned a route, and an enemy is in contact
	 * with it; two others are in contact with each other. */
	g->units[a].route = xcalloc(2, sizeof *g->units[a].route);
	g->units[a].nroute = 2;
	e = fixture_unit(g, "e", 1, ARM_INFANTRY, "line", "line", 20, 16,
	    DIR_S, 500);
	p = fixture_unit(g, "p", 0, ARM_INFANTRY, "line", "line", 10, 35,
	    DIR_N, 600);
	q = fixture_unit(g, "q", 1, ARM_INFANTRY, "line", "line", 10, 33,
	    DIR_S, 500);
	g->units[a].contact = e;
	g->units[e].contact = a;
	g->units[p].contact = q;
	g->units[q].contact = p;
	nap_phase_morale(g);
	assert_int_equal(g->units[a].cond, COND_DISPERSED);
	assert_int_equal(g->units[a].contact, -1);
	assert_int_equal(g->units[e].contact, -1);
	assert_int_equal(g->units[p].contact, q);
	assert_int_equal(g->units[q].contact, p);
	assert_null(g->units[a].route);
	assert_int_equal(g->units[a].nroute, 0);
	assert_int_equal(g->units[a].order.kind, ORDER_NONE);	/* no order */
	assert_int_equal(g->units[r].cond, COND_DISPERSED);
	assert_true(unit_gone(&g->units[a]) && !unit_active(&g->units[a]));
	assert_int_equal(g->units[b].cond, COND_FORMED);
	assert_int_equal(game_unit_at(g, 20, 20), -1);
	assert_int_equal(game_unit_at(g, 40, 20), -1);
	assert_int_equal(game_unit_at(g, 50, 30), b);
	assert_int_equal(g->units[r].ntrack, 0);
	assert_int_equal(fixture_count(g, "3.9.3", NULL), 0);	/* no flight */
	assert_int_equal(fixture_count(g, "3.9.6", "empty is down to 0 men "
	    "of 600, 0 or fewer: it disperses"), 1);
	assert_int_equal(fixture_count(g, "3.9.6", NULL), 2);
	memset(&o, 0, sizeof o);
	o.unit = a;
	o.general = -1;
	o.kind = ORDER_STOP;
	assert_int_equal(game_order(g, &o, &cause), -1);
	assert_non_null(strstr(cause, "dispersed"));
	free(cause);
	game_free(g);
}

/* 3.9.6: with sixteen units on the field (as many as the game's first
 * table of units holds), the last of them, emptied, disperses like any
 * other and the fifteen others stay. */
static void
test_3_9_6_the_last_of_sixteen_units_disperses(void **state)
{
	struct game *g = field();
	char id[8];
	int k, u = -1;

	(void)state;
	for (k = 0; k < 16; k++) {
		snprintf(id, sizeof id, "u%d", k);
		u = fixture_unit(g, id, k % 2, ARM_INFANTRY, "line", "column",
		    4 + 3 * k, k % 2 ? 5 : 35, k % 2 ? DIR_S : DIR_N, 500);
	}
	assert_int_equal(g->nunits, 16);
	g->units[u].strength = 0;
	nap_phase_morale(g);
	assert_int_equal(g->units[u].cond, COND_DISPERSED);
	assert_int_equal(fixture_count(g, "3.9.6", NULL), 1);
	for (k = 0; k < 15; k++)
		assert_int_equal(g->units[k].cond, COND_FORMED);
	game_free(g);
}

/* A dispersed unit is lost for the break point, as prisoners are; and a
 * router scattered down to the number disperses at once. */
static void
test_3_9_6_dispersed_count_lost_for_break_point(void **state)
{
	struct game *g = field();
	int a, b, c, r;

	(void)state;
	g->break_point = 50;
	tab()->morale.disperse_at = 20;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 10, 20,
	    DIR_N, 600);
	b = fixture_unit(g, "b", 0, ARM_INFANTRY, "line", "line", 30, 20,
	    DIR_N, 600);
	g->units[a].strength = 15;	/* 585 of 1200 lost: 48% */
	nap_phase_end(g);
	assert_false(g->sides[0].broken);
	nap_phase_morale(g);
	nap_phase_end(g);		/* 600 of 1200: 50% */
	assert_int_equal(g->units[a].cond, COND_DISPERSED);
	assert_int_equal(g->units[b].cond, COND_FORMED);
	assert_true(g->sides[0].broken);
	assert_int_equal(fixture_count(g, "3.10.1", "600 of 1200"), 1);
	c = fixture_unit(g, "c", 0, ARM_INFANTRY, "line", "line", 20, 40,
	    DIR_N, 400);
	r = fixture_unit(g, "r", 1, ARM_INFANTRY, "line", "line", 20, 38,
	    DIR_S, 25);
	g->units[r].cond = COND_ROUTED;
	tab()->morale.capture = 100;		/* they scatter: 25 - 5 = 20 */
	nap_rout_touch(g, c, r);
	tab()->morale.capture = 4;
	tab()->morale.disperse_at = 0;
	assert_int_equal(g->units[r].strength, 20);
	assert_int_equal(g->units[r].cond, COND_DISPERSED);
	assert_int_equal(game_unit_at(g, 20, 38), -1);
	game_free(g);
}

/* --- 3.10 The end of the battle --------------------------------------- */

static void
test_3_10_1_side_breaks_at_break_point(void **state)
{
	struct game *g = field();
	int a, b;

	(void)state;
	g->break_point = 50;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 10, 20,
	    DIR_N, 600);
	b = fixture_unit(g, "b", 0, ARM_INFANTRY, "line", "line", 30, 20,
	    DIR_N, 600);
	fixture_unit(g, "c", 1, ARM_INFANTRY, "line", "line", 30, 5,
	    DIR_S, 600);
	g->units[a].cond = COND_ROUTED;		/* 600 of 1200 */
	g->units[b].strength = 599;
	nap_phase_end(g);
	assert_true(g->sides[0].broken);
	assert_false(g->sides[1].broken);
	assert_int_equal(fixture_count(g, "3.10.1", "601 of 1200"), 1);
	/* The break ends the battle that turn: the other side wins, with
	 * the points held counted (none here). */
	assert_true(game_over(g));
	assert_int_equal(g->result.winner, 1);
	assert_string_equal(g->result.rule, "3.10.1");
	assert_int_equal(g->result.turn, g->turn);
	assert_int_equal(fixture_count(g, "3.10.1", "the battle is over "
	    "after turn 1: the French have broken and the Allies win"), 1);
	nap_phase_end(g);			/* announced once */
	assert_int_equal(fixture_count(g, "3.10.1", NULL), 2);
	game_free(g);
}

/* 3.10.1: both sides broken in one turn: the points decide; a ruleset
 * that does not end the battle at a break goes on to the turn limit. */
static void
test_3_10_1_both_break_points_decide(void **state)
{
	struct game *g = field();
	int a, c;

	(void)state;
	g->break_point = 50;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 10, 20,
	    DIR_N, 600);
	c = fixture_unit(g, "c", 1, ARM_INFANTRY, "line", "line", 30, 5,
	    DIR_S, 600);
	g->units[a].cond = COND_ROUTED;
	g->units[c].cond = COND_ROUTED;
	nap_phase_end(g);
	assert_true(game_over(g));
	assert_int_equal(g->result.winner, -1);
	assert_string_equal(g->result.rule, "3.10.1");
	assert_int_equal(fixture_count(g, "3.10.1", "both sides have "
	    "broken"), 1);
	game_free(g);

	g = field();
	g->break_point = 50;
	a = fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 10, 20,
	    DIR_N, 600);
	fixture_unit(g, "c", 1, ARM_INFANTRY, "line", "line", 30, 5, DIR_S,
	    600);
	g->units[a].cond = COND_ROUTED;
	tab()->victory.break_ends = false;
	nap_phase_end(g);
	tab()->victory.break_ends = true;
	assert_true(g->sides[0].broken);
	assert_false(game_over(g));
	game_free(g);
}

static void
test_3_10_2_objectives_at_turn_limit(void **state)
{
	struct game *g = field();
	int k;

	(void)state;
	g->opt.turn_limit = 1;
	g->nobjectives = 2;
	g->objectives = calloc(2, sizeof *g->objectives);
	g->objectives[0] = (struct objective){ strdup("Bridge"), { 20, 10 },
	    3 };
	g->objectives[1] = (struct objective){ strdup("Mill"), { 50, 30 },
	    1 };
	fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 11, DIR_N,
	    600);
	fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 50, 28, DIR_S,
	    600);
	nap_phase_end(g);
	assert_int_equal(fixture_count(g, "3.10.2", "the French hold Bridge"),
	    1);
	assert_int_equal(fixture_count(g, "3.10.2", "French 3 points, "
	    "Allies 1 point: the French win"), 1);
	/* The battle's result is no unit's event. */
	for (k = 0; k < g->log.n; k++)
		if (strcmp(g->log.v[k].rule, "3.10.2") == 0)
			assert_int_equal(g->log.v[k].unit, -1);
	game_free(g);
}

/*
 * 3.10.2: an objective with formed units of both sides within 1 BD is
 * contested, one with none held by nobody: neither scores.  French Line
 * at [20, 11] and Allied Line at [20, 9], both 0.25 BD from the Bridge at
 * [20, 10]; nobody near the Mill.
 */
static void
test_3_10_2_objective_contested_or_held_by_nobody(void **state)
{
	struct game *g = field();

	(void)state;
	g->opt.turn_limit = 1;
	g->nobjectives = 2;
	g->objectives = calloc(2, sizeof *g->objectives);
	g->objectives[0] = (struct objective){ strdup("Bridge"), { 20, 10 },
	    3 };
	g->objectives[1] = (struct objective){ strdup("Mill"), { 50, 30 },
	    1 };
	fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 11, DIR_N,
	    600);
	fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 9, DIR_S,
	    600);
	nap_phase_end(g);
	assert_int_equal(nap_objective_holder(g, 0), -2);
	assert_int_equal(nap_objective_holder(g, 1), -1);
	assert_int_equal(fixture_count(g, "3.10.2", "Bridge is contested: no "
	    "points"), 1);
	assert_int_equal(fixture_count(g, "3.10.2", "Mill is held by nobody: "
	    "no points"), 1);
	assert_int_equal(fixture_count(g, "3.10.2", "French 0 points, Allies "
	    "0 points"), 1);
	game_free(g);
}

/*
 * 3.10.2: the points decide for either side, and equal points that are
 * not nothing are a draw.  The Allies hold the Bridge (3 points) with a
 * formed unit within 1 BD, the French the Mill (1): French 1, Allies 3,
 * the Allies win.  With both objectives worth 2, French 2, Allies 2: a
 * draw.
 */
static void
test_3_10_2_objectives_either_side_wins_or_draws(void **state)
{
	struct game *g;
	int round, k;

	(void)state;
	for (round = 0; round < 3; round++) {
		g = field();
		g->opt.turn_limit = 1;
		g->nobjectives = 2;
		g->objectives = calloc(2, sizeof *g->objectives);
		g->objectives[0] = (struct objective){ strdup("Bridge"),
		    { 20, 10 }, round == 0 ? 3 : round == 1 ? 2 : 1 };
		g->objectives[1] = (struct objective){ strdup("Mill"),
		    { 50, 30 }, round == 0 ? 1 : round == 1 ? 2 : 1 };
		fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 11,
		    DIR_N, 600);
		fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 50, 28,
		    DIR_S, 600);
		nap_phase_end(g);
		assert_true(game_over(g));
		assert_string_equal(g->result.rule, "3.10.2");
		if (round == 0) {
			assert_int_equal(g->result.winner, 1);
			assert_int_equal(fixture_count(g, "3.10.2", "turn limit "
			    "1: French 1 point, Allies 3 points: the Allies win"), 1);
		} else if (round == 1) {
			assert_int_equal(g->result.winner, -1);
			assert_int_equal(fixture_count(g, "3.10.2", "turn limit "
			    "1: French 2 points, Allies 2 points: a draw"), 1);
		} else {
			/* one point each: "point", both times */
			assert_int_equal(g->result.winner, -1);
			assert_int_equal(fixture_count(g, "3.10.2", "turn limit "
			    "1: French 1 point, Allies 1 point: a draw"), 1);
		}
		for (k = 0; k < g->log.n; k++)
			if (strcmp(g->log.v[k].rule, "3.10.2") == 0)
				assert_int_equal(g->log.v[k].unit, -1);
		game_free(g);
	}
}

/*
 * 3.10.1: both sides broken in one turn, the points decide as at the turn
 * limit (3.10.2): the Allies hold the Bridge (3), the French the Mill
 * (1), so the Allies win; with 2 points each it is a draw; with the
 * Bridge worth 1 and the Mill 3, the French win; with 1 point each, a
 * draw again.
 */
static void
test_3_10_1_both_broken_either_side_wins_on_points(void **state)
{
	struct game *g;
	int round;

	(void)state;
	for (round = 0; round < 4; round++) {
		g = field();
		g->break_point = 50;
		g->nobjectives = 2;
		g->objectives = calloc(2, sizeof *g->objectives);
		g->objectives[0] = (struct objective){ strdup("Bridge"),
		    { 20, 10 }, round == 0 ? 3 : round == 1 ? 2 : 1 };
		g->objectives[1] = (struct objective){ strdup("Mill"),
		    { 50, 30 }, round == 0 ? 1 : round == 1 ? 2 :
		    round == 2 ? 3 : 1 };
		fixture_unit(g, "c", 1, ARM_INFANTRY, "line", "line", 20, 11,
		    DIR_N, 600);
		fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 50, 28,
		    DIR_S, 600);
		/* broken by their routed men, holding all the same */
		fixture_unit(g, "r0", 0, ARM_INFANTRY, "line", "line", 5, 5,
		    DIR_N, 1300);
		fixture_unit(g, "r1", 1, ARM_INFANTRY, "line", "line", 70, 5,
		    DIR_N, 1300);
		g->units[2].cond = COND_ROUTED;
		g->units[3].cond = COND_ROUTED;
		nap_phase_end(g);
		assert_true(game_over(g));
		assert_string_equal(g->result.rule, "3.10.1");
		if (round == 0) {
			assert_int_equal(g->result.winner, 1);
			assert_int_equal(fixture_count(g, "3.10.1", "both sides "
			    "have broken; French 1 point, Allies 3 points: the "
			    "Allies win"), 1);
		} else if (round == 1) {
			assert_int_equal(g->result.winner, -1);
			assert_int_equal(fixture_count(g, "3.10.1", "both sides "
			    "have broken; French 2 points, Allies 2 points: a "
			    "draw"),
			    1);
		} else if (round == 2) {
			assert_int_equal(g->result.winner, 0);
			assert_int_equal(fixture_count(g, "3.10.1", "both sides "
			    "have broken; French 3 points, Allies 1 point: the "
			    "French win"), 1);
		} else {
			assert_int_equal(g->result.winner, -1);
			assert_int_equal(fixture_count(g, "3.10.1", "both sides "
			    "have broken; French 1 point, Allies 1 point: a "
			    "draw"), 1);
		}
		game_free(g);
	}
}

/* The sections are checked like every other table: names, positions. */
static void
test_phase_tables_refuse_unknown_names(void **state)
{
	(void)state;
	assert_true(fixture_refused("cover: {wood: 50", "cover: {woods: 50",
	    "no landscape 'woods'") > 200);
}

/*
 * The turn's phases, in the ruleset's order: the log opens each with
 * "turn T, phase K: NAME", K counted from 1 and NAME the data's, once
 * each and in order (turns 1 and 2 of a field with a line a side).
 */
static void
test_phases_logged_in_order(void **state)
{
	struct game *g = field();
	char want[160];
	int i, k = 0, t;

	(void)state;
	fixture_unit(g, "a", 0, ARM_INFANTRY, "line", "line", 20, 30, DIR_N,
	    600);
	fixture_unit(g, "b", 1, ARM_INFANTRY, "line", "line", 20, 5, DIR_S,
	    600);
	for (t = 1; t <= 2; t++)
		game_turn(g);
	for (i = 0; i < g->log.n; i++) {
		if (g->log.v[i].kind != EV_PHASE)
			continue;
		assert_true(k < 2 * rs->nphases);
		snprintf(want, sizeof want, "turn %d, phase %d: %s",
		    1 + k / rs->nphases, 1 + k % rs->nphases,
		    rs->phases[k % rs->nphases]);
		assert_string_equal(g->log.v[i].text, want);
		assert_int_equal(g->log.v[i].unit, -1);	/* no unit's */
		k++;
	}
	assert_int_equal(k, 2 * rs->nphases);
	game_free(g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_phases_logged_in_order),
		cmocka_unit_test(test_3_7_1_who_may_fire),
		cmocka_unit_test(test_3_7_3_least_share_still_fires),
		cmocka_unit_test(test_3_7_2_out_of_range_no_fire),
		cmocka_unit_test(test_3_7_3_line_volley_arithmetic),
		cmocka_unit_test(test_3_7_1_a_unit_with_no_men_is_no_target),
		cmocka_unit_test(test_3_7_1_battery_shoots_the_nearest_even_a_router),
		cmocka_unit_test(test_3_7_3_unlimbered_battery_fires_canister),
		cmocka_unit_test(test_3_7_4_wood_halves_the_hits),
		cmocka_unit_test(test_3_7_5_fire_is_simultaneous),
		cmocka_unit_test(test_3_7_1_one_gun_fires_at_one_man),
		cmocka_unit_test(test_3_7_1_no_men_no_volley),
		cmocka_unit_test(test_3_7_3_a_formation_with_no_share_does_not_fire),
		cmocka_unit_test(test_3_7_1_enemy_behind_or_on_the_flank_is_not_fired_at),
		cmocka_unit_test(test_3_7_1_of_two_as_near_the_first_is_fired_at),
		cmocka_unit_test(test_3_7_2_range_to_the_tick),
		cmocka_unit_test(test_3_7_3_no_pips_no_hits),
		cmocka_unit_test(test_3_7_2_canister_to_the_tick),
		cmocka_unit_test(
		    test_3_7_2_range_of_nothing_reaches_a_touching_enemy),
		cmocka_unit_test(test_3_8_1_blocks_apart_do_not_fight),
		cmocka_unit_test(test_3_8_1_equally_near_the_first_listed_is_fought),
		cmocka_unit_test(test_3_8_2_square_stands_against_cavalry),
		cmocka_unit_test(test_3_8_3_drawn_melee_both_lose_the_winners_share),
		cmocka_unit_test(test_3_8_2_odds_from_exactly_double),
		cmocka_unit_test(test_3_8_2_flank_or_rear_adds_two),
		cmocka_unit_test(test_3_8_2_odds_per_full_doubling),
		cmocka_unit_test(test_3_8_3_won_by_one_is_no_draw),
		cmocka_unit_test(test_3_8_4_beaten_by_the_margin_routs),
		cmocka_unit_test(test_3_8_4_heavy_defeat_routs),
		cmocka_unit_test(test_3_8_4_loser_left_with_no_men_routs),
		cmocka_unit_test(test_3_8_3_loser_loses_at_least_the_winners_share),
		cmocka_unit_test(test_3_8_4_melee_won_short_of_a_rout_ends_the_contact),
		cmocka_unit_test(test_3_9_1_small_losses_no_test),
		cmocka_unit_test(test_3_9_3_router_stops_at_the_end_of_its_track),
		cmocka_unit_test(test_3_9_1_losses_forgotten_at_the_end_of_the_turn),
		cmocka_unit_test(test_3_9_1_test_against_drill),
		cmocka_unit_test(test_3_9_1_explanation_line),
		cmocka_unit_test(test_3_9_1_one_full_tenth_lost_costs_one),
		cmocka_unit_test(test_3_9_1_shares_lost_rounded_down),
		cmocka_unit_test(test_3_9_1_test_bounds),
		cmocka_unit_test(test_3_9_2_failure_routs_or_disorders),
		cmocka_unit_test(test_3_9_2_rout_track_leads_to_rear),
		cmocka_unit_test(test_3_6_3_group_member_in_contact_marches_alone),
		cmocka_unit_test(test_3_6_3_line_wheeling_left_keeps_its_open_gap),
		cmocka_unit_test(test_3_6_3_wheeled_line_holds_its_new_cells),
		cmocka_unit_test(test_3_6_3_group_forecast_moves_a_member_that_waits),
		cmocka_unit_test(test_3_6_7_group_forecast_marches_friends_in_its_way),
		cmocka_unit_test(test_3_6_3_overlapping_members_are_no_line),
		cmocka_unit_test(test_3_6_3_line_arrived_ends_its_units_contacts),
		cmocka_unit_test(test_3_6_3_line_marching_straight_forgets_a_wheel_part_paid),
		cmocka_unit_test(test_3_6_3_group_order_left_to_one_unit_marches_alone),
		cmocka_unit_test(test_3_6_3_battery_with_no_room_to_limber_stays),
		cmocka_unit_test(
		    test_3_6_5_formation_refused_is_its_own_sides_to_read),
		cmocka_unit_test(test_3_6_5_M18_no_formation_across_a_wall),
		cmocka_unit_test(test_3_6_3_battery_with_no_room_to_unlimber_names_the_friend),
		cmocka_unit_test(test_3_6_2_stop_order_after_a_march_stops_the_unit),
		cmocka_unit_test(test_3_9_3_routers_flee_at_rout_speed),
		cmocka_unit_test(test_3_9_2_router_turns_its_back_where_it_stands),
		cmocka_unit_test(test_3_9_3_routers_stop_at_ground_they_may_not_enter),
		cmocka_unit_test(test_3_9_2_rout_track_goes_round_the_lake),
		cmocka_unit_test(test_3_9_2_rout_track_goes_round_a_wall),
		cmocka_unit_test(test_3_9_3_router_with_its_track_blocked_stays),
		cmocka_unit_test(test_3_9_3_router_stopped_partway_says_by_whom),
		cmocka_unit_test(test_3_9_5_track_blocked_only_at_its_next_cell),
		cmocka_unit_test(test_3_9_3_router_barred_by_land_0),
		cmocka_unit_test(test_3_9_3_router_one_cell_from_its_rear),
		cmocka_unit_test(test_3_9_3_router_one_cell_from_its_rear_blocked),
		cmocka_unit_test(
		    test_3_6_3_a_straight_line_leaves_anothers_wheel_alone),
		cmocka_unit_test(
		    test_3_9_3_router_blocked_by_the_map_edge_names_the_cell),
		cmocka_unit_test(test_3_6_3_a_wheel_stops_short_of_unit_0),
		cmocka_unit_test(test_3_6_3_a_blocked_wheel_keeps_nothing_paid),
		cmocka_unit_test(test_3_6_2_unit_under_no_order_has_moved_nothing),
		cmocka_unit_test(test_3_6_8_unit_in_contact_stays_until_a_new_order),
		cmocka_unit_test(test_3_6_7_waiting_for_a_friend_is_its_own_sides_to_read),
		cmocka_unit_test(test_3_9_5_capture_by_cavalry),
		cmocka_unit_test(test_3_9_5_scatter_loses_men),
		cmocka_unit_test(test_3_9_5_explanation_line),
		cmocka_unit_test(test_3_9_5_open_track_no_modifier),
		cmocka_unit_test(test_3_9_5_morale_phase_catches_routers),
		cmocka_unit_test(test_3_9_5_touch_is_the_limit_of_the_catch),
		cmocka_unit_test(test_3_9_6_empty_units_disperse_and_free_their_cells),
		cmocka_unit_test(test_3_9_6_contact_with_a_dispersed_unit_ends),
		cmocka_unit_test(test_3_9_6_dispersed_count_lost_for_break_point),
		cmocka_unit_test(test_3_9_6_the_last_of_sixteen_units_disperses),
		cmocka_unit_test(test_3_10_1_side_breaks_at_break_point),
		cmocka_unit_test(test_3_10_1_both_break_points_decide),
		cmocka_unit_test(test_3_10_2_objectives_at_turn_limit),
		cmocka_unit_test(test_3_10_2_objective_contested_or_held_by_nobody),
		cmocka_unit_test(test_3_10_2_objectives_either_side_wins_or_draws),
		cmocka_unit_test(test_3_10_1_both_broken_either_side_wins_on_points),
		cmocka_unit_test(test_phase_tables_refuse_unknown_names),
	};

	return cmocka_run_group_tests(tests, fixture_setup, fixture_teardown);
}
