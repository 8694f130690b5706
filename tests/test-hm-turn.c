/*
 * test-hm-turn.c - the horse-and-musket turn after movement: marshal's
 * own rules HO.2 to HO.10 and the seed's H13 and H15, on small games built
 * in C on the real ruleset from $MARSHAL_DATA.  Dice come from the game's
 * stream, so each test works out the rolls it expects from a copy of that
 * stream.  Every unit here has the data file's Drill of its arm (4).
 * The computer's doctrine for the ruleset (doctrine.c) is tested here
 * too, on the same figures: its reaches, its judgement of a melee and
 * the march it makes retiring.
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

#include "ai/ai.h"
#include "ai/doctrine.h"
#include "core/decide.h"
#include "core/game.h"
#include "core/geom.h"
#include "core/know.h"
#include "core/move.h"
#include "core/near.h"
#include "core/rng.h"
#include "core/ruleset.h"
#include "io/load.h"
#include "io/replay.h"
#include "io/save.h"
#include "io/yread.h"
#include "util/xalloc.h"
#include "rules/horse-and-musket/hm.h"
#include "rules/horse-and-musket/move.h"
#include "rules/horse-and-musket/turn.h"

static struct ruleset *rs;

static int
setup(void **state)
{
	struct diags d;
	const char *dir = getenv("MARSHAL_DATA");

	(void)state;
	diags_init(&d);
	rs = load_ruleset("horse-and-musket", dir != NULL ? dir : "data", &d);
	if (rs == NULL)
		diags_print(&d, stderr);
	diags_free(&d);
	return rs == NULL ? -1 : 0;
}

static int
teardown(void **state)
{
	(void)state;
	ruleset_free(rs);
	return 0;
}

/* A 60 x 40 open field, the generals far off in the corners, seed 5. */
static struct game *
field(void)
{
	struct game *g = game_create(rs, map_create(60, 40));

	game_add_side(g, "Americans");
	game_add_side(g, "British");
	game_add_general(g, "am", "Morgan", 0, -1);
	game_add_general(g, "br", "Tarleton", 1, -1);
	g->sides[0].rear = (struct point){ 30, 39 };
	g->sides[1].rear = (struct point){ 30, 0 };
	g->generals[0].pos = (struct point){ 59, 39 };
	g->generals[1].pos = (struct point){ 0, 0 };
	game_seed(g, 5);
	return g;
}

/* Deploy a unit; returns its index. */
static int
unit(struct game *g, const char *id, int side, enum arm arm,
    const char *klass, const char *form, int x, int y, enum dir facing,
    int men)
{
	int u = game_add_unit(g, id, id, side, side);
	struct unit *un = &g->units[u];

	un->arm = arm;
	un->klass = ruleset_class(rs, arm, klass);
	un->strength = un->strength0 = men;
	un->formation = ruleset_form(rs, form);
	un->pos = (struct point){ x, y };
	un->facing = facing;
	un->cond = COND_FORMED;
	un->contact = -1;
	unit_attr_set(un, HM_ATTR_DRILL, 4);
	assert_true(un->klass >= 0);
	assert_true(un->formation >= 0);
	game_occupy(g, u, true);
	return u;
}

/* The next n single rolls of an s-sided die the game will make. */
static void
dice(const struct game *g, int n, int s, int *out)
{
	struct rng r = g->rng;
	int i;

	for (i = 0; i < n; i++)
		out[i] = rng_die(&r, s);
}

/* Events with this rule whose text contains s. */
static int
count(const struct game *g, const char *rule, const char *s)
{
	int i, n = 0;

	for (i = 0; i < g->log.n; i++)
		if (strcmp(g->log.v[i].rule, rule) == 0 &&
		    (s == NULL || strstr(g->log.v[i].text, s) != NULL))
			n++;
	return n;
}

/* Events of rule logged under unit u that are done to or with unit o as
 * well (event_other: o's "why" reads them). */
static int
count_with(const struct game *g, const char *rule, int u, int o)
{
	int i, n = 0;

	for (i = 0; i < g->log.n; i++)
		if (strcmp(g->log.v[i].rule, rule) == 0 &&
		    g->log.v[i].unit == u && g->log.v[i].other == o)
			n++;
	return n;
}

/* The centre cell of u's block (the mean of its cells, rounded down). */
static struct point
centre(const struct game *g, int u)
{
	struct point *cells = game_cells_take(g);
	int i, n = game_footprint(g, &g->units[u], cells), sx = 0, sy = 0;

	for (i = 0; i < n; i++) {
		sx += cells[i].x;
		sy += cells[i].y;
	}
	game_cells_give(g, cells);
	return (struct point){ sx / n, sy / n };
}

/*
 * HO.3.2: seed g (from seed 1 up) so that the charges phase's first
 * initiative roll (one die for each of the two sides, the first side
 * first) goes to side s without a tie; returns the seed.
 */
static unsigned
initiative_to(struct game *g, int s)
{
	unsigned seed;
	int r[2];

	for (seed = 1; ; seed++) {
		game_seed(g, seed);
		dice(g, 2, hm_turn(rs)->initiative, r);
		if (r[s] > r[1 - s])
			return seed;
	}
}

static void
move_order(struct game *g, int u, int x, int y)
{
	g->units[u].order.kind = ORDER_MOVE;
	g->units[u].order.unit = u;
	g->units[u].order.npts = 1;
	g->units[u].order.pts[0] = (struct point){ x, y };
}

/* --- HO.6 Fire ---------------------------------------------------------- */

/* Two close-order Lines 2 inches apart: short range, 2 dice each on 4+. */
static void
test_HO_6_2_musket_short_range_two_dice(void **state)
{
	struct game *g = field();
	char text[128];
	int a, b, r[4], ha, hb, i;

	(void)state;
	a = unit(g, "a", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	b = unit(g, "b", 1, ARM_INFANTRY, "close", "line", 20, 15, DIR_S, 150);
	assert_int_equal(hm_gap(g, a, b), 8);		/* 2 inches */
	dice(g, 4, 6, r);
	for (i = ha = hb = 0; i < 2; i++) {
		ha += r[i] >= 4;
		hb += r[2 + i] >= 4;
	}
	hm_phase_fire(g);
	/* A hit is a tenth of the first strength: 20 and 15 men. */
	assert_int_equal(g->units[b].strength, 150 - 15 * ha);
	assert_int_equal(g->units[a].strength, 200 - 20 * hb);
	assert_int_equal(count(g, "HO.6.2", "short range): 2 bases x 1 = "
	    "2d6, 4+ to hit"), 2);
	/* HO.6.3: each hit taken, its men and the hits in all, counted */
	snprintf(text, sizeof text, "b takes %d hit%s from a: %d men lost (a "
	    "hit is 15), %d left, %d hit%s in all", ha, ha == 1 ? "" : "s",
	    15 * ha, 150 - 15 * ha, ha, ha == 1 ? "" : "s");
	assert_int_equal(count(g, "HO.6.3", text), ha > 0 ? 1 : 0);
	snprintf(text, sizeof text, "a takes %d hit%s from b: %d men lost (a "
	    "hit is 20), %d left, %d hit%s in all", hb, hb == 1 ? "" : "s",
	    20 * hb, 200 - 20 * hb, hb, hb == 1 ? "" : "s");
	assert_int_equal(count(g, "HO.6.3", text), hb > 0 ? 1 : 0);
	assert_true(ha + hb > 0);	/* this seed's dice hit */
	/* Each shot and each hit taken is the target's event too. */
	assert_int_equal(count_with(g, "HO.6.2", a, b), 1);
	assert_int_equal(count_with(g, "HO.6.2", b, a), 1);
	assert_int_equal(count_with(g, "HO.6.3", b, a), ha > 0 ? 1 : 0);
	assert_int_equal(count_with(g, "HO.6.3", a, b), hb > 0 ? 1 : 0);
	game_free(g);
}

/* Open-order foot at musket long range: 5+ becomes 6+ against it. */
static void
test_HO_6_3_open_order_long_range(void **state)
{
	struct game *g = field();
	int a, b, r[4], ha, hb, i;

	(void)state;
	a = unit(g, "a", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	b = unit(g, "b", 1, ARM_INFANTRY, "open", "line", 20, 11, DIR_S, 100);
	assert_int_equal(hm_gap(g, a, b), 16);		/* 4 inches */
	dice(g, 4, 6, r);
	for (i = ha = hb = 0; i < 2; i++) {
		ha += r[i] >= 6;
		hb += r[2 + i] >= 5;
	}
	hm_phase_fire(g);
	assert_int_equal(g->units[b].strength, 100 - 10 * ha);
	assert_int_equal(g->units[a].strength, 200 - 20 * hb);
	assert_int_equal(count(g, "HO.6.2", "6+ to hit -1 (open order)"), 1);
	game_free(g);
}

/*
 * HO.6.3, all three modifiers at once: Disordered close-order foot at
 * open-order foot in open woods, 2 inches off (short range): 4+ less -1
 * (cover), -1 (open order), -1 (Disordered) is 7+, so only a 6 (which
 * always hits) hits; the line gives each modifier in turn.  The seed is
 * the first whose dice roll a 6.
 */
static void
test_HO_6_3_three_modifiers_need_seven(void **state)
{
	struct game *g = field();
	char want[200];
	int a, b, r[2], h, s, x, y, wood = ruleset_land(rs, "open_wood");

	(void)state;
	for (y = 10; y <= 16; y++)
		for (x = 10; x <= 30; x++)
			map_cell(g->map, x, y)->land = (uint8_t)wood;
	a = unit(g, "a", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	b = unit(g, "b", 1, ARM_INFANTRY, "open", "line", 20, 14, DIR_N, 100);
	g->units[a].cond = COND_MOB;
	assert_int_equal(hm_gap(g, a, b), 8);
	/* A seed whose dice roll a 6: 7+ is past the die, but a 6 always
	 * hits (fire: always). */
	for (s = 1; s < 200; s++) {
		game_seed(g, (uint64_t)s);
		dice(g, 2, 6, r);
		if (r[0] == 6 || r[1] == 6)
			break;
	}
	assert_true(s < 200);
	h = (r[0] == 6) + (r[1] == 6);
	hm_phase_fire(g);
	snprintf(want, sizeof want, "a fires musket at b, 2 in away (short "
	    "range): 2 bases x 1 = 2d6, 7+ to hit -1 (cover) -1 (open order) "
	    "-1 (Disordered): rolls %d %d, %d hit%s", r[0], r[1], h,
	    h == 1 ? "" : "s");
	assert_int_equal(count(g, "HO.6.2", want), 1);
	assert_int_equal(g->units[b].strength, 100 - 10 * h);
	game_free(g);
}

/* HO.6.1: the nearest enemy in arc and range is the target though it
 * comes later in the order of units than a farther one. */
static void
test_HO_6_1_the_nearest_though_later(void **state)
{
	struct game *g = field();
	int a, l, rr;

	(void)state;
	a = unit(g, "a", 0, ARM_INFANTRY, "close", "column", 20, 20, DIR_N,
	    200);
	l = unit(g, "l", 1, ARM_CAVALRY, "light", "column", 16, 10, DIR_S, 60);
	rr = unit(g, "r", 1, ARM_CAVALRY, "light", "column", 24, 12, DIR_S,
	    60);
	assert_true(l < rr);
	assert_true(hm_gap(g, a, rr) < hm_gap(g, a, l));
	assert_true(hm_gap(g, a, l) <= hm_fire_range(g, a));
	assert_true(hm_in_arc(g, a, l, 1));
	HM_MARKS(&g->units[l]) = HM_FIRED;	/* they hold their fire */
	HM_MARKS(&g->units[rr]) = HM_FIRED;
	hm_phase_fire(g);
	assert_int_equal(count(g, "HO.6.2", "a fires musket at r,"), 1);
	assert_int_equal(count(g, "HO.6.2", "at l,"), 0);
	game_free(g);
}

/*
 * HO.6.1: two enemies at the same gap in the firer's arc: it fires at the
 * first in the order of units; and a unit that rolled no hit has fired
 * all the same (it may not fire again this turn).
 */
static void
test_HO_6_1_first_of_the_nearest(void **state)
{
	struct game *g = field();
	int a, l, rr, r[2], s;

	(void)state;
	a = unit(g, "a", 0, ARM_INFANTRY, "close", "column", 20, 20, DIR_N,
	    200);
	l = unit(g, "l", 1, ARM_CAVALRY, "light", "column", 16, 12, DIR_S, 60);
	rr = unit(g, "r", 1, ARM_CAVALRY, "light", "column", 26, 12, DIR_S,
	    60);
	assert_int_equal(hm_gap(g, a, l), hm_gap(g, a, rr));
	assert_true(hm_gap(g, a, l) <= hm_fire_range(g, a));
	/* A seed whose two dice miss at long range (5+). */
	for (s = 1; s < 200; s++) {
		game_seed(g, (uint64_t)s);
		dice(g, 1, 6, r);
		if (r[0] < 5)
			break;
	}
	assert_true(s < 200);
	HM_MARKS(&g->units[l]) = HM_FIRED;	/* they hold their fire */
	HM_MARKS(&g->units[rr]) = HM_FIRED;
	hm_phase_fire(g);
	assert_int_equal(count(g, "HO.6.2", "a fires musket at l,"), 1);
	assert_int_equal(count(g, "HO.6.2", "at r,"), 0);
	assert_int_equal(count(g, "HO.6.2", ": rolls"), 1);
	assert_int_equal(count(g, "HO.6.2", "0 hits"), 1);
	assert_true(HM_MARKS(&g->units[a]) & HM_FIRED);
	assert_int_equal(hm_fire_now(g, a, l), 0);
	assert_int_equal(count(g, "HO.6.2", ": rolls"), 1);
	game_free(g);
}

/*
 * HO.6.1: foot held in melee from an earlier turn (contact e, the
 * battle's first unit, neither charging nor charged this turn) does not
 * fire; charged this turn it fires, and at its charger, though another
 * enemy stands nearer its front: foot u charged in its west flank by
 * horse c fires at c, not at f 2 in before it.
 */
static void
test_HO_6_1_in_melee_fires_at_its_charger_only(void **state)
{
	struct game *g = field();
	int u, e, c;

	(void)state;
	e = unit(g, "e", 1, ARM_CAVALRY, "light", "column", 16, 20, DIR_E, 80);
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	assert_int_equal(e, 0);
	g->units[u].contact = e;
	g->units[e].contact = u;
	assert_false(hm_may_fire(g, u));
	game_free(g);

	g = field();
	c = unit(g, "c", 1, ARM_CAVALRY, "light", "column", 16, 20, DIR_E, 80);
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	unit(g, "f", 1, ARM_INFANTRY, "close", "line", 20, 15, DIR_S, 200);
	g->units[u].contact = c;
	g->units[c].contact = u;
	HM_MARKS(&g->units[c]) = HM_CHARGER | HM_FIRED;
	HM_MARKS(&g->units[u]) = HM_CHARGED;
	assert_true(hm_may_fire(g, u));
	hm_phase_fire(g);
	assert_int_equal(count(g, "HO.6.2", "u fires musket at c,"), 1);
	assert_int_equal(count(g, "HO.6.2", "at f,"), 0);
	game_free(g);
}

/* HO.6.2: a gun deployed this turn fires next turn, whatever else the log
 * holds: here its deploying is the log's first line. */
static void
test_HO_6_2_gun_deployed_this_turn_holds_fire(void **state)
{
	struct game *g = field();
	int u = unit(g, "g", 0, ARM_ARTILLERY, "light", "deployed", 20, 20,
	    DIR_N, 12);

	(void)state;
	assert_int_equal(g->log.n, 0);
	assert_true(hm_may_fire(g, u));
	game_log(g, u, EV_FORMATION, "H2", "g deploys");
	assert_false(hm_may_fire(g, u));
	g->turn++;
	assert_true(hm_may_fire(g, u));
	game_free(g);
}

/* Close-order foot in open woods at musket long range (4 inches): cover
 * makes the firer's 5+ a 6+ (-1, HO.6.3); its own fire back, at a Line
 * in the open, hits on 5+. */
static void
test_HO_6_3_cover_long_range(void **state)
{
	struct game *g = field();
	int a, b, r[4], ha, hb, i, x, y, wood = ruleset_land(rs, "open_wood");

	(void)state;
	assert_true(wood >= 0);
	for (y = 6; y <= 13; y++)
		for (x = 10; x <= 30; x++)
			map_cell(g->map, x, y)->land = (uint8_t)wood;
	a = unit(g, "a", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	b = unit(g, "b", 1, ARM_INFANTRY, "close", "line", 20, 11, DIR_S, 100);
	assert_int_equal(hm_gap(g, a, b), 16);		/* 4 inches */
	dice(g, 4, 6, r);
	for (i = ha = hb = 0; i < 2; i++) {
		ha += r[i] >= 6;
		hb += r[2 + i] >= 5;
	}
	hm_phase_fire(g);
	assert_int_equal(g->units[b].strength, 100 - 10 * ha);
	assert_int_equal(g->units[a].strength, 200 - 20 * hb);
	assert_int_equal(count(g, "HO.6.2", "6+ to hit -1 (cover)"), 1);
	game_free(g);
}

/* HO.6.3: a fence on the side of a unit's block that faces its enemy
 * (behind: [fence]) is across the line of fire; on the far side it is
 * not, nor on either flank side.  An enemy due N, S, E or W of the
 * block's centre (a Column N or S, its centre on the same column of
 * cells; a Line E or W, on the same rows). */
static void
test_HO_6_3_behind_a_fence_on_the_enemys_side(void **state)
{
	static const enum dir ds[] = { DIR_N, DIR_S, DIR_E, DIR_W };
	struct game *g;
	struct point *cells, c;
	int fence = ruleset_obst(rs, "fence"), i, j, k, n, u, e, near;
	enum dir d;

	(void)state;
	assert_true(fence > 0);
	for (i = 0; i < 4; i++)
		for (near = 0; near < 4; near++) {
			g = field();
			u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20,
			    20, DIR_N, 200);
			c = centre(g, u);
			/* due E or W a Line like u's, on u's rows */
			if (i < 2)
				e = unit(g, "e", 1, ARM_INFANTRY, "close",
				    "column", c.x + 12 * dir_dx[ds[i]], c.y +
				    12 * dir_dy[ds[i]], DIR_N, 200);
			else
				e = unit(g, "e", 1, ARM_INFANTRY, "close",
				    "line", 20 + 12 * dir_dx[ds[i]], 20, DIR_N,
				    200);
			cells = game_cells_take(g);
			n = game_footprint(g, &g->units[u], cells);
			/* on the block's outer edge on that side only */
			/* near 0 the far side, 1 the near, 2 and 3 the
			 * flanks */
			d = near == 1 ? ds[i] : dir_turn(ds[i], near == 0 ? 4 :
			    near == 2 ? 2 : 6);
			for (k = 0; k < n; k++) {
				for (j = 0; j < n; j++)
					if (cells[j].x == cells[k].x +
					    dir_dx[d] && cells[j].y ==
					    cells[k].y + dir_dy[d])
						break;
				if (j == n)
					map_edge_set(g->map, cells[k].x,
					    cells[k].y, d, fence, 0);
			}
			game_cells_give(g, cells);
			if (hm_behind(g, u, e) != (near == 1))
				fail_msg("enemy to the %s, fence on the %s "
				    "side: behind %d", dir_name(ds[i]),
				    dir_name(d), near != 1);
			game_free(g);
		}
}

/* HO.6.1: musket range is 6 inches and a Line exactly 6 inches off is
 * within it: each Line fires at long range, 2 bases, 5+ to hit, and the
 * log gives the dice as rolled. */
static void
test_HO_6_1_musket_reaches_exactly_6_inches(void **state)
{
	struct game *g = field();
	char text[160];
	int a, b, r[4], ha, hb, i;

	(void)state;
	a = unit(g, "a", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	b = unit(g, "b", 1, ARM_INFANTRY, "close", "line", 20, 7, DIR_S, 100);
	assert_int_equal(hm_gap(g, a, b), 24);		/* 6 inches */
	dice(g, 4, 6, r);
	for (i = ha = hb = 0; i < 2; i++) {
		ha += r[i] >= 5;
		hb += r[2 + i] >= 5;
	}
	hm_phase_fire(g);
	snprintf(text, sizeof text, "a fires musket at b, 6 in away (long "
	    "range): 2 bases x 1 = 2d6, 5+ to hit: rolls %d %d, %d hit%s",
	    r[0], r[1], ha, ha == 1 ? "" : "s");
	assert_int_equal(count(g, "HO.6.2", text), 1);
	snprintf(text, sizeof text, "b fires musket at a, 6 in away (long "
	    "range): 2 bases x 1 = 2d6, 5+ to hit: rolls %d %d, %d hit%s",
	    r[2], r[3], hb, hb == 1 ? "" : "s");
	assert_int_equal(count(g, "HO.6.2", text), 1);
	assert_int_equal(g->units[b].strength, 100 - 10 * ha);
	assert_int_equal(g->units[a].strength, 200 - 20 * hb);
	game_free(g);
}

/* HO.6.3: a deployed gun is a hard target, -1 to the die: a Line's
 * musket at long range (4 inches) needs 6+ against it, not 5+; each
 * modifier is logged after the one before. */
static void
test_HO_6_3_deployed_gun_is_a_hard_target(void **state)
{
	struct game *g = field();
	int a, gun, r[2], h, x, y, wood = ruleset_land(rs, "open_wood");

	(void)state;
	a = unit(g, "a", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	gun = unit(g, "g", 1, ARM_ARTILLERY, "light", "deployed", 20, 11,
	    DIR_S, 20);
	assert_int_equal(hm_gap(g, a, gun), 16);	/* 4 inches */
	dice(g, 2, 6, r);
	h = (r[0] >= 6) + (r[1] >= 6);
	hm_phase_fire(g);
	assert_int_equal(count(g, "HO.6.2", "a fires musket at g, 4 in away "
	    "(long range): 2 bases x 1 = 2d6, 6+ to hit -1 (deployed gun)"),
	    1);
	assert_int_equal(g->units[gun].strength, 20 - 2 * h);
	game_free(g);

	/* In open woods as well, both count: -1 (cover) -1 (deployed gun),
	 * 7+ to hit, so only a 6 (which always hits) does. */
	g = field();
	for (y = 6; y <= 13; y++)
		for (x = 10; x <= 30; x++)
			map_cell(g->map, x, y)->land = (uint8_t)wood;
	a = unit(g, "a", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	gun = unit(g, "g", 1, ARM_ARTILLERY, "light", "deployed", 20, 11,
	    DIR_S, 20);
	dice(g, 2, 6, r);
	h = (r[0] == 6) + (r[1] == 6);
	hm_phase_fire(g);
	assert_int_equal(count(g, "HO.6.2", "a fires musket at g, 4 in away "
	    "(long range): 2 bases x 1 = 2d6, 7+ to hit -1 (cover) -1 "
	    "(deployed gun)"), 1);
	assert_int_equal(g->units[gun].strength, 20 - 2 * h);
	game_free(g);
}

/* Beyond musket range (6 in) nobody fires; a limbered gun never does. */
static void
test_HO_6_1_out_of_range_and_limbered(void **state)
{
	struct game *g = field();

	(void)state;
	unit(g, "a", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	unit(g, "b", 1, ARM_INFANTRY, "close", "line", 20, 4, DIR_S, 200);
	unit(g, "g", 1, ARM_ARTILLERY, "light", "limbered", 40, 12, DIR_S, 20);
	hm_phase_fire(g);
	assert_int_equal(count(g, "HO.6.2", NULL), 0);
	assert_int_equal(g->units[0].strength, 200);
	game_free(g);
}

/* Canister: a deployed light gun 5 inches off rolls 2 dice on 4+. */
static void
test_HO_6_2_gun_canister(void **state)
{
	struct game *g = field();
	int gun, b, r[2], h;

	(void)state;
	gun = unit(g, "g", 0, ARM_ARTILLERY, "light", "deployed", 20, 30,
	    DIR_N, 20);
	b = unit(g, "b", 1, ARM_CAVALRY, "light", "column", 20, 19, DIR_S,
	    100);
	assert_int_equal(hm_gap(g, gun, b), 20);	/* 5 inches */
	dice(g, 2, 6, r);
	h = (r[0] >= 4) + (r[1] >= 4);
	hm_phase_fire(g);
	assert_int_equal(g->units[b].strength, 100 - 10 * h);
	assert_int_equal(count(g, "HO.6.2", "1 base x 2 = 2d6, 4+"), 1);
	game_free(g);
}

/* --- HO.3 Charges ------------------------------------------------------- */

/* Cavalry in Line 10 inches from foot, within its 15: it closes. */
static void
test_HO_3_2_charge_closes_to_contact(void **state)
{
	struct game *g = field();
	int c, t;

	(void)state;
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 30, DIR_N, 80);
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 9, DIR_S, 200);
	assert_int_equal(hm_gap(g, c, t), 40);		/* 10 inches */
	move_order(g, c, 20, 9);
	hm_phase_charges(g);
	assert_int_equal(hm_gap(g, c, t), 0);
	assert_int_equal(g->units[c].pos.y, 10);
	assert_int_equal(g->units[c].contact, t);
	assert_int_equal(g->units[t].contact, c);
	assert_true(HM_MARKS(&g->units[c]) & HM_CHARGER);
	assert_int_equal(g->units[c].order.kind, ORDER_NONE);	/* spent */
	assert_int_equal(count(g, "HO.3.2", "10 in of its 15 in reach"), 1);
	game_free(g);
}

/*
 * HO.3.2: neither a charger nor its target marches in the movement
 * phase.  Horse c in Line 10 inches from foot t charges it and closes to
 * contact; t holds a Move order 20 rows south (away from c: it would
 * have walked out of the contact, and out of the melee, as the North
 * Carolina riflemen did at the Cowpens under a retire).  After the
 * movement phase both stand where the charge left them, still in
 * contact, t's order kept for next turn, and the log says why t stood.
 */
static void
test_HO_3_2_target_does_not_march(void **state)
{
	struct game *g = field();
	int c, t;

	(void)state;
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 30, DIR_N, 80);
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 9, DIR_S, 200);
	move_order(g, t, 20, 1);
	move_order(g, c, 20, 9);
	hm_phase_charges(g);
	assert_int_equal(g->units[c].pos.y, 10);
	assert_int_equal(g->units[t].contact, c);
	assert_true(HM_MARKS(&g->units[t]) & HM_CHARGED);
	hm_phase_movement(g);
	assert_int_equal(g->units[t].pos.x, 20);
	assert_int_equal(g->units[t].pos.y, 9);
	assert_int_equal(g->units[t].moved, 0);
	assert_int_equal(g->units[c].pos.y, 10);
	assert_int_equal(hm_gap(g, c, t), 0);
	assert_int_equal(g->units[t].order.kind, ORDER_MOVE);
	assert_int_equal(count(g, "HO.3.2", "t does not march: charged this "
	    "turn, it stands"), 1);
	game_free(g);
}

/*
 * HO.3.1, H7: a unit told to retire does not charge.  Foot a in Line,
 * its standing Move order (issued turn 1) leading onto foot t 2.5 inches
 * off its front, within its 6-inch reach, is told on turn 2 to retire
 * (H7) 10 rows behind it.  The retire is its order now: the charges
 * phase leaves it where it stands, no contact, and charges nobody (it
 * used to read the old Move and charge t, as the Augusta County
 * riflemen charged the Legion's vedette they were falling back from).
 * The movement phase then walks the retire.
 */
static void
test_HO_3_1_retiring_unit_does_not_charge(void **state)
{
	struct game *g = field();
	int a, t;

	(void)state;
	a = unit(g, "a", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 14, DIR_S, 200);
	assert_int_equal(hm_gap(g, a, t), 10);		/* 2.5 inches */
	move_order(g, a, 20, 14);
	g->units[a].order.issued = 1;
	memset(&g->units[a].act, 0, sizeof g->units[a].act);
	g->units[a].act.kind = ORDER_ACTION;
	g->units[a].act.action = HM_ACTION_RETIRE;
	g->units[a].act.unit = a;
	g->units[a].act.npts = 1;
	g->units[a].act.pts[0] = (struct point){ 20, 30 };
	g->units[a].act.issued = 2;
	assert_true(hm_retiring(g, a));
	hm_phase_charges(g);
	assert_int_equal(g->units[a].pos.y, 20);
	assert_int_equal(g->units[a].contact, -1);
	assert_int_equal(g->units[t].contact, -1);
	assert_false(HM_MARKS(&g->units[a]) & HM_CHARGER);
	assert_int_equal(count(g, "HO.3.2", "charges"), 0);
	hm_phase_movement(g);
	assert_true(g->units[a].pos.y > 20);
	game_free(g);
}

/*
 * HO.3.1, H8, H9: horse sent at an enemy it cannot charge yet (not in its
 * front arc) marches at him.  Its order's point is the enemy's anchor,
 * under his block, so no leg plan ends there; it used to take that for a
 * point wheels only circle and turn in place for its whole move (H8,
 * marshal's reading: "no wheels bring it onto its point"), standing a
 * turn where it stood.  Column c faces W at [20, 12], t at [30, 30], 18
 * rows and 10 columns off to the SSE: it turns SW free, wheels on to SE
 * (22 ticks) and marches until it stops 1.25 inches short of t (HO.4)
 * at [28, 26], facing SE, to charge him next turn.
 */
static void
test_HO_3_1_assault_behind_the_flank_marches(void **state)
{
	struct game *g = field();
	int c, t;

	(void)state;
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "column", 20, 12, DIR_W,
	    45);
	t = unit(g, "t", 1, ARM_CAVALRY, "light", "column", 30, 30, DIR_N,
	    100);
	move_order(g, c, 30, 30);
	hm_phase_charges(g);
	assert_int_equal(g->units[c].contact, -1);
	hm_phase_movement(g);
	assert_int_equal(count(g, "H8", "the whole move"), 0);
	assert_int_equal(g->units[c].pos.x, 28);
	assert_int_equal(g->units[c].pos.y, 26);
	assert_int_equal(g->units[c].facing, DIR_SE);
	assert_int_equal(hm_gap(g, c, t), 5);	/* 1.25 inches */
	assert_int_equal(g->units[c].halt, HALT_CONTACT);
	game_free(g);
}

/*
 * HO.3.2, H3: a charge pays for the ground it crosses, step by step:
 * horse c 13.5 inches (54 ticks) from foot t, the first 10 rows open
 * ground (2 ticks a straight step), the rest rough (2/3 for horse: 3
 * ticks).  Its 15 inches (60 ticks) take it the 10 open rows (20 ticks)
 * and 13 rough ones (39), 23 of the 27, where it stops, its reach spent
 * but for a tick, not in contact.
 */
static void
test_HO_3_2_charge_pays_for_the_ground(void **state)
{
	struct game *g = field();
	int c, t, x, y, rough = ruleset_land(rs, "rough");

	(void)state;
	for (y = 0; y <= 19; y++)
		for (x = 0; x < 60; x++)
			map_cell(g->map, x, y)->land = (uint8_t)rough;
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 30, DIR_N, 80);
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 2, DIR_S, 200);
	assert_int_equal(hm_gap(g, c, t), 54);
	move_order(g, c, 20, 2);
	hm_phase_charges(g);
	assert_int_equal(g->units[c].pos.x, 20);
	assert_int_equal(g->units[c].pos.y, 7);
	assert_int_equal(hm_gap(g, c, t), 8);
	assert_int_equal(g->units[c].contact, -1);
	assert_int_equal(count(g, "HO.3.2", "14.75 in of its 15 in reach"), 1);
	game_free(g);
}

/*
 * HO.3.1: a Move order charges the enemy its last point lies on (his
 * block or touching it), in reach and arc: horse c and foot t (the
 * battle's first unit) 5 in apart.  A route through a waypoint charges
 * by its last point, not its first; another kind of order, or a point
 * clear of him, charges nobody (-1); nor does horse held in melee (its
 * contact t).
 */
static void
test_HO_3_1_what_an_order_charges(void **state)
{
	struct game *g = field();
	struct order o;
	int c, t;

	(void)state;
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 20, DIR_S, 200);
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 30, DIR_N, 80);
	assert_int_equal(t, 0);
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = c;
	o.npts = 1;
	o.pts[0] = g->units[t].pos;
	assert_int_equal(hm_order_charges(g, c, &o), t);
	o.npts = 2;
	o.pts[0] = (struct point){ 24, 28 };
	o.pts[1] = g->units[t].pos;
	assert_int_equal(hm_order_charges(g, c, &o), t);
	o.pts[0] = g->units[t].pos;
	o.pts[1] = (struct point){ 24, 28 };
	assert_int_equal(hm_order_charges(g, c, &o), -1);
	o.npts = 1;
	o.pts[0] = (struct point){ 20, 24 };		/* 2 rows short */
	assert_int_equal(hm_order_charges(g, c, &o), -1);
	o.pts[0] = g->units[t].pos;
	o.kind = ORDER_STOP;
	assert_int_equal(hm_order_charges(g, c, &o), -1);
	o.kind = ORDER_MOVE;
	g->units[c].contact = t;
	assert_int_equal(hm_order_charges(g, c, &o), -1);
	game_free(g);
}

/* Close-order foot 8 inches off is beyond its 6-inch reach. */
static void
test_HO_3_1_beyond_reach(void **state)
{
	struct game *g = field();
	int c, t;

	(void)state;
	c = unit(g, "c", 0, ARM_INFANTRY, "close", "line", 20, 30, DIR_N, 200);
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 13, DIR_S, 200);
	assert_int_equal(hm_gap(g, c, t), 32);
	move_order(g, c, 20, 13);
	hm_phase_charges(g);
	assert_int_equal(g->units[c].pos.y, 30);
	assert_int_equal(g->units[c].contact, -1);
	assert_int_equal(count(g, "HO.3.1", "beyond its charge reach of "
	    "6 in"), 1);
	game_free(g);
}

/*
 * HO.3.1, read by the other side: a charge held back says whom the unit
 * was sent to charge, an order its side alone may read (hidden orders,
 * marshal's own).  At the Cowpens the Americans read that the British
 * Legion's reserve dragoons "cannot charge North Carolina riflemen: it is
 * not in its front arc".  Close-order foot 8 inches from t (beyond its 6)
 * and horse with t 4 inches behind it (out of its front arc) both stand,
 * and each note is marked as their side's own.
 */
static void
test_HO_3_1_a_charge_held_back_is_its_own_sides_to_read(void **state)
{
	struct game *g;
	int c, t, i, k, n;

	(void)state;
	for (k = 0; k < 2; k++) {
		g = field();
		if (k == 0) {
			c = unit(g, "c", 0, ARM_INFANTRY, "close", "line", 20,
			    30, DIR_N, 200);
			t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20,
			    13, DIR_S, 200);
		} else {
			c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20,
			    30, DIR_N, 100);
			t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20,
			    38, DIR_N, 200);
		}
		move_order(g, c, g->units[t].pos.x, g->units[t].pos.y);
		hm_phase_charges(g);
		assert_int_equal(g->units[c].pos.y, 30);
		assert_int_equal(g->units[c].contact, -1);
		n = 0;
		for (i = 0; i < g->log.n; i++)
			if (strcmp(g->log.v[i].rule, "HO.3.1") == 0 &&
			    strstr(g->log.v[i].text, "c cannot charge t") !=
			    NULL) {
				n++;
				assert_true(know_event(g, &g->log.v[i], 0));
				assert_false(know_event(g, &g->log.v[i], 1));
			}
		assert_int_equal(n, 1);
		game_free(g);
	}
}

/* The Move preview's forecast (ruleset op charge_forecast): horse 10
 * inches from foot, within its 15, charges this turn, before anyone
 * marches, over the gap the charges phase then closes; no test comes
 * before contact, and the melee's scores before the dice are said. */
static void
test_HO_3_1_forecast_charges_this_turn(void **state)
{
	struct game *g = field();
	struct charge_forecast f;
	int c, t;

	(void)state;
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 30, DIR_N, 80);
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 9, DIR_S, 200);
	move_order(g, c, 20, 9);
	assert_int_equal(hm_charge_forecast(g, &g->units[c].order,
	    g->units[c].pos, DIR_N, HALT_ARRIVED, &f), 0);
	assert_int_equal(f.target, t);
	assert_int_equal(f.when, CHARGE_NOW);
	assert_int_equal(f.gap, 40);			/* 10 inches */
	assert_false(f.test);
	assert_false(f.falters);
	/* Nothing stops it short, so there is nothing to say why. */
	assert_string_equal(f.falter_why, "");
	/* HO.7 before the dice: Drill 4 +1 charged +1 horse on the front,
	 * against the foot's Drill 4. */
	assert_string_equal(f.expl, "the melee before the dice, 6 against 4 "
	    "(HO.7: each adds 1d6)");
	/* The forecast walked the charge out and put it back. */
	assert_int_equal(g->units[c].pos.y, 30);
	assert_int_equal(g->units[c].facing, DIR_N);
	assert_int_equal(game_unit_at(g, 20, 30), c);
	hm_phase_charges(g);
	assert_int_equal(g->units[c].contact, t);
	game_free(g);
}

/* HO.3.1: an Assault on t's anchor charges t, the enemy standing on that
 * cell, not r, an earlier unit of the battle whose block only touches the
 * cell (a router whose front rank, row 21, stands against t's on row
 * 20). */
static void
test_HO_3_1_assault_charges_the_unit_under_the_point(void **state)
{
	struct game *g = field();
	struct charge_forecast f;
	struct point *cells;
	int c, r, t, n;

	(void)state;
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 34, DIR_N, 80);
	r = unit(g, "r", 1, ARM_INFANTRY, "close", "line", 20, 21, DIR_N, 200);
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 20, DIR_S, 200);
	g->units[r].cond = COND_ROUTED;
	assert_true(r < t);
	assert_int_equal(game_unit_at(g, 20, 20), t);
	cells = game_cells_take(g);
	n = game_footprint(g, &g->units[r], cells);
	assert_int_equal(near_block_gap(cells, n, &(struct point){ 20, 20 },
	    1), 0);
	game_cells_give(g, cells);
	move_order(g, c, 20, 20);
	(void)hm_charge_forecast(g, &g->units[c].order, g->units[c].pos,
	    DIR_N, HALT_ARRIVED, &f);
	assert_int_equal(f.target, t);
	game_free(g);
}

/* A friend standing between the charger and its target: the forecast
 * says the charge falters (HO.3.2), as the charges phase then has it. */
static void
test_HO_3_2_forecast_says_the_charge_falters(void **state)
{
	struct game *g = field();
	struct charge_forecast f;
	int c, t;

	(void)state;
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 30, DIR_N, 80);
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 9, DIR_S, 200);
	unit(g, "f", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	move_order(g, c, 20, 9);
	assert_int_equal(hm_charge_forecast(g, &g->units[c].order,
	    g->units[c].pos, DIR_N, HALT_ARRIVED, &f), 0);
	assert_int_equal(f.target, t);
	assert_int_equal(f.when, CHARGE_NOW);
	assert_true(f.falters);
	/* It says what stops it: the friend, by name. */
	assert_string_equal(f.falter_why, "f stands in the way");
	assert_int_equal(g->units[c].pos.y, 30);
	hm_phase_charges(g);
	assert_int_equal(g->units[c].contact, -1);
	assert_true(g->units[c].pos.y > 20);
	/* The Line's front stops on row 22, against f's rear rank (row 21):
	 * 8 cells, 4 in of its 15. */
	assert_int_equal(g->units[c].pos.y, 22);
	assert_int_equal(count(g, "HO.3.2", "c charges t but falters after 4 "
	    "in of its 15 in reach, [20, 30] to [20, 22]: f stands in the "
	    "way; no melee"), 1);
	game_free(g);
}

/*
 * H15, HO.3.2: horse charging again rides through the unit it has just
 * routed, which stands in contact in front of it until the morale phase
 * (it is what the horse broke through).  c's Line front on row 30 touches
 * r's rear on row 29; t's front stands on row 22, 7 cells (3.5 in) off,
 * within half c's 15 in: c closes to row 23, through r's rows, and the
 * melee is fought.  (Before, the router stopped it after 0 in, so a
 * second charge could hardly ever be made.)
 */
static void
test_002_H15_second_charge_rides_through_the_router(void **state)
{
	struct game *g = field();
	int c, r, t;

	(void)state;
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 30, DIR_N, 80);
	r = unit(g, "r", 1, ARM_INFANTRY, "close", "line", 20, 28, DIR_N, 200);
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 22, DIR_S, 200);
	g->units[r].cond = COND_ROUTED;
	assert_int_equal(hm_gap(g, c, r), 0);
	assert_int_equal(hm_gap(g, c, t), 14);
	HM_MARKS(&g->units[c]) = HM_BROKE;
	move_order(g, c, 20, 5);
	hm_phase_breakthrough(g);
	assert_int_equal(count(g, "H15", "c charges t: 3.5 in of its 7.5 in "
	    "reach, [20, 30] to [20, 23], in contact"), 1);
	assert_int_equal(g->units[c].pos.x, 20);
	assert_int_equal(g->units[c].pos.y, 23);
	assert_int_equal(count_with(g, "HO.7", t, c) + count_with(g, "HO.7",
	    c, t), 1);
	/* r is still where it stood, c clear of it. */
	assert_int_equal(g->units[r].pos.y, 28);
	assert_int_equal(game_fits(g, c, g->units[c].pos, g->units[c].facing,
	    g->units[c].formation, -1, NULL), 0);
	game_free(g);
}

/*
 * H15: the horse rides through the router but may not stop on it: with
 * the target a cell behind the router, contact would put c's block on
 * r's rear rank, so the charge falters where c last stood clear (here
 * where it stood), and the log names r.
 */
static void
test_002_H15_second_charge_may_not_stop_on_the_router(void **state)
{
	struct game *g = field();
	int c, r, t;

	(void)state;
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 30, DIR_N, 80);
	r = unit(g, "r", 1, ARM_INFANTRY, "close", "line", 20, 28, DIR_N, 200);
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 26, DIR_S, 200);
	g->units[r].cond = COND_ROUTED;
	assert_int_equal(hm_gap(g, c, r), 0);
	assert_true(hm_gap(g, r, t) > 0);
	HM_MARKS(&g->units[c]) = HM_BROKE;
	move_order(g, c, 20, 5);
	hm_phase_breakthrough(g);
	assert_int_equal(count(g, "H15", "c charges t but falters after 0 in "
	    "of its 7.5 in reach, [20, 30] to [20, 30]: r stands in the way; "
	    "no melee"), 1);
	assert_int_equal(g->units[c].pos.y, 30);
	assert_int_equal(g->units[c].contact, -1);
	assert_int_equal(count(g, "HO.7", NULL), 0);
	game_free(g);
}

/*
 * H15: the horse rides into the router's ranks, and a friend f a row
 * past them stops it there (c's front would come onto f's row 26 from
 * row 27); it may not stop on the router, so it falters where it stood,
 * after 0 in, and the log names f, what stopped it, not the router it
 * was riding through.
 */
static void
test_002_H15_second_charge_stopped_by_a_friend_names_the_friend(void **state)
{
	struct game *g = field();
	int c, r, t;

	(void)state;
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 30, DIR_N, 80);
	r = unit(g, "r", 1, ARM_INFANTRY, "close", "line", 20, 28, DIR_N, 200);
	unit(g, "f", 0, ARM_INFANTRY, "close", "line", 20, 25, DIR_N, 200);
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 20, DIR_S, 200);
	g->units[r].cond = COND_ROUTED;
	assert_int_equal(hm_gap(g, c, r), 0);
	HM_MARKS(&g->units[c]) = HM_BROKE;
	move_order(g, c, 20, 5);
	hm_phase_breakthrough(g);
	assert_int_equal(count(g, "H15", "c charges t but falters after 0 in "
	    "of its 7.5 in reach, [20, 30] to [20, 30]: f stands in the way; "
	    "no melee"), 1);
	assert_int_equal(count(g, "H15", "r stands in the way"), 0);
	assert_int_equal(g->units[c].pos.y, 30);
	assert_int_equal(g->units[c].contact, -1);
	assert_int_equal(count(g, "HO.7", NULL), 0);
	(void)t;
	game_free(g);
}

/* The same with the target the first unit of the battle (index 0): the
 * forecast still walks the charge out and says it falters. */
static void
test_HO_3_2_forecast_falters_against_the_first_unit(void **state)
{
	struct game *g = field();
	struct charge_forecast f;
	int c, t;

	(void)state;
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 9, DIR_S, 200);
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 30, DIR_N, 80);
	unit(g, "f", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	assert_int_equal(t, 0);
	move_order(g, c, 20, 9);
	assert_int_equal(hm_charge_forecast(g, &g->units[c].order,
	    g->units[c].pos, DIR_N, HALT_ARRIVED, &f), 0);
	assert_int_equal(f.target, 0);
	assert_int_equal(f.when, CHARGE_NOW);
	assert_true(f.falters);
	assert_true(hm_charge_falters(g, c, &g->units[c].order));
	game_free(g);
}

/* HO.3.1: of two enemies the order's last point touches, the first in
 * the order of units is charged, wherever each stands: a, the first,
 * stands east of the point (its anchor 16 cells or more along, where
 * the phase files it after b), b west of it. */
static void
test_HO_3_1_first_in_the_order_whatever_its_place(void **state)
{
	struct game *g = field();
	int c, a, b;

	(void)state;
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 16, 30, DIR_N, 80);
	a = unit(g, "a", 1, ARM_INFANTRY, "close", "line", 20, 19, DIR_S, 200);
	b = unit(g, "b", 1, ARM_INFANTRY, "close", "line", 12, 22, DIR_S, 200);
	assert_true(a < b);
	move_order(g, c, 16, 20);
	assert_int_equal(hm_order_charges(g, c, &g->units[c].order), a);
	hm_phase_charges(g);
	assert_int_equal(g->units[c].contact, a);
	assert_int_equal(count(g, "HO.3.2", "c charges a: "), 1);
	assert_int_equal(count(g, "HO.3.2", "c charges b"), 0);
	game_free(g);
}

/* HO.3.1: a unit held in melee is refused a charge's forecast, though
 * the unit that holds it is the first of the battle. */
static void
test_HO_3_1_forecast_refused_held_by_the_first_unit(void **state)
{
	struct game *g = field();
	struct charge_forecast f;
	int c, t;

	(void)state;
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 19, DIR_S, 200);
	c = unit(g, "c", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	assert_int_equal(t, 0);
	g->units[c].contact = t;
	g->units[t].contact = c;
	move_order(g, c, 20, 5);
	assert_int_equal(hm_charge_forecast(g, &g->units[c].order,
	    g->units[c].pos, DIR_N, HALT_ARRIVED, &f), -1);
	assert_int_equal(f.target, -1);
	assert_string_equal(f.refused, "c is held in melee (HO.3.1)");
	game_free(g);
}

/* HO.3.1 forecast from where a march stops: a close-order Line's charge
 * reach is its 6 in (24 ticks); from a stop exactly 24 ticks short of
 * the enemy it charges next turn, from one 26 short it does not. */
static void
test_HO_3_1_forecast_next_turn_at_exactly_the_reach(void **state)
{
	struct game *g = field();
	struct charge_forecast f;
	int c, t;

	(void)state;
	c = unit(g, "c", 0, ARM_INFANTRY, "close", "line", 20, 35, DIR_N, 200);
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 16, DIR_S, 200);
	assert_int_equal(hm_speed(g, c), 24);
	assert_int_equal(hm_gap(g, c, t), 36);
	move_order(g, c, 20, 16);
	assert_int_equal(hm_charge_forecast(g, &g->units[c].order,
	    (struct point){ 20, 29 }, DIR_N, HALT_CONTACT, &f), 0);
	assert_int_equal(f.target, t);
	assert_int_equal(f.when, CHARGE_NEXT);
	assert_int_equal(f.gap, 24);
	/* The melee as it would stand: Drill 4 + 1 (charged) against 4. */
	assert_string_equal(f.expl, "the melee before the dice, 5 against 4 "
	    "(HO.7: each adds 1d6)");
	assert_int_equal(hm_charge_forecast(g, &g->units[c].order,
	    (struct point){ 20, 30 }, DIR_N, HALT_CONTACT, &f), 0);
	assert_int_equal(f.target, -1);
	assert_int_equal(f.gap, 26);
	game_free(g);
}

/* Close-order foot 6.5 inches off, beyond its 6-inch reach, does not
 * charge this turn: its march stops 1 inch short (HO.4) and the forecast
 * is next turn's charge from there, over that inch; the next charges
 * phase makes it.  A Move order that leads onto no enemy forecasts no
 * charge, and guns and a Disordered unit are refused. */
static void
test_HO_3_1_forecast_charges_next_turn_from_the_march(void **state)
{
	struct game *g = field();
	struct charge_forecast f;
	struct move_preview pv;
	struct order o;
	int c, t, gun;

	(void)state;
	c = unit(g, "c", 0, ARM_INFANTRY, "close", "line", 20, 30, DIR_N, 200);
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 16, DIR_S, 200);
	gun = unit(g, "g", 0, ARM_ARTILLERY, "light", "deployed", 40, 30,
	    DIR_N, 20);
	assert_int_equal(hm_gap(g, c, t), 26);
	move_order(g, c, 20, 16);
	assert_int_equal(move_preview(g, &g->units[c].order, &pv), 0);
	assert_int_equal(pv.halt, HALT_CONTACT);
	assert_int_equal(hm_charge_forecast(g, &g->units[c].order, pv.pos,
	    pv.facing, pv.halt, &f), 0);
	assert_int_equal(f.target, t);
	assert_int_equal(f.when, CHARGE_NEXT);
	assert_int_equal(f.gap, 4);			/* 1 inch (HO.4) */
	/* The turn as forecast: no charge now, the march, then the
	 * charge from where it stopped. */
	hm_phase_charges(g);
	assert_int_equal(g->units[c].contact, -1);
	hm_phase_movement(g);
	assert_int_equal(g->units[c].pos.x, pv.pos.x);
	assert_int_equal(g->units[c].pos.y, pv.pos.y);
	assert_int_equal(hm_gap(g, c, t), 4);
	move_preview_free(&pv);
	hm_phase_charges(g);
	assert_int_equal(hm_gap(g, c, t), 0);
	assert_true(HM_MARKS(&g->units[c]) & HM_CHARGER);
	assert_int_equal(g->units[c].contact, t);
	/* An order onto open ground charges nobody. */
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = gun;
	o.npts = 1;
	o.pts[0] = (struct point){ 40, 20 };
	assert_int_equal(hm_charge_forecast(g, &o, g->units[gun].pos, DIR_N,
	    HALT_ARRIVED, &f), -1);
	assert_non_null(strstr(f.refused, "never charges"));
	o.unit = c;
	g->units[c].contact = -1;
	g->units[c].cond = COND_MOB;	/* Disordered */
	assert_int_equal(hm_charge_forecast(g, &o, g->units[c].pos, DIR_N,
	    HALT_ARRIVED, &f), -1);
	assert_non_null(strstr(f.refused, "not formed"));
	g->units[c].cond = COND_FORMED;
	assert_int_equal(hm_charge_forecast(g, &o, g->units[c].pos, DIR_N,
	    HALT_ARRIVED, &f), 0);
	assert_int_equal(f.target, -1);
	game_free(g);
}

/*
 * HO.3.1: the targets are those of the orders as the units stood when the
 * charges phase began.  Foot a, first in the order of battle, charges the
 * gun b 2 inches south of it; Line c, 5 inches east of a and facing it,
 * was ordered onto a's anchor.  a has moved when c's turn comes, and its
 * block no longer covers that point; c still charges a where it now
 * stands (gap 0, a charger), where it used to march on to the empty
 * point (its assault lost).  Both sides charge: the seed gives the first
 * side the initiative (HO.3.2), so a closes first.
 */
static void
test_HO_3_1_target_fixed_when_the_phase_begins(void **state)
{
	struct game *g = field();
	int a, b, c;

	(void)state;
	a = unit(g, "a", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_S, 200);
	b = unit(g, "b", 1, ARM_ARTILLERY, "light", "deployed", 20, 26,
	    DIR_N, 20);
	c = unit(g, "c", 1, ARM_INFANTRY, "close", "line", 34, 21, DIR_W, 200);
	move_order(g, a, 20, 26);
	move_order(g, c, 20, 20);
	assert_true(hm_gap(g, c, a) <= 24);		/* within 6 in */
	(void)initiative_to(g, 0);
	hm_phase_charges(g);
	assert_int_equal(hm_gap(g, a, b), 0);
	assert_true(g->units[a].pos.y > 20);		/* a has moved */
	assert_int_equal(hm_gap(g, c, a), 0);
	assert_true(HM_MARKS(&g->units[c]) & HM_CHARGER);
	assert_int_equal(count(g, "HO.3.2", "c charges a"), 1);
	game_free(g);
}

/*
 * HO.3.2: the side with the initiative closes first, whichever side the
 * order of battle lists first.  Foot x (the first side, first in the
 * order of battle) is ordered onto foot y, 2.5 inches south of it; y,
 * facing east, onto foot z of x's side to its east (x is not in y's
 * front arc: no charges that meet).  With the initiative to the second
 * side, y closes on z first and x then charges y where it now stands;
 * with it to the first side, x closes on y first, and y, charged, does
 * not charge at all.  The log gives both dice and the winner.
 */
static void
test_HO_3_2_initiative_decides_who_closes_first(void **state)
{
	struct game *g;
	char text[128];
	int x, y, z, s, r[2];

	(void)state;
	for (s = 1; s >= 0; s--) {
		g = field();
		x = unit(g, "x", 0, ARM_INFANTRY, "close", "line", 20, 20,
		    DIR_S, 200);
		y = unit(g, "y", 1, ARM_INFANTRY, "close", "line", 20, 29,
		    DIR_E, 200);
		z = unit(g, "z", 0, ARM_INFANTRY, "close", "line", 28, 29,
		    DIR_W, 200);
		move_order(g, x, 20, 29);
		move_order(g, y, 28, 29);
		assert_int_equal(hm_gap(g, x, y), 10);	/* 2.5 in */
		assert_true(hm_gap(g, y, z) > 0 && hm_gap(g, y, z) <= 24);
		assert_false(hm_in_arc(g, y, x, hm_turn(rs)->charge_arc));
		(void)initiative_to(g, s);
		dice(g, 2, hm_turn(rs)->initiative, r);
		hm_phase_charges(g);
		snprintf(text, sizeof text, "Initiative: Americans %d, "
		    "British %d: the %s charge first", r[0], r[1],
		    s == 0 ? "Americans" : "British");
		assert_int_equal(count(g, "HO.3.2", text), 1);
		assert_int_equal(hm_gap(g, x, y), 0);
		assert_true(HM_MARKS(&g->units[x]) & HM_CHARGER);
		if (s == 1) {
			/* y went first: it stands against z, x on it. */
			assert_int_equal(hm_gap(g, y, z), 0);
			assert_true(HM_MARKS(&g->units[y]) & HM_CHARGER);
			assert_int_equal(g->units[y].contact, z);
			assert_int_equal(g->units[x].contact, y);
			assert_int_equal(count(g, "HO.3.2", "y charges z: 3.5 "
			    "in of its 6 in reach, [20, 29] to [27, 29], in "
			    "contact"), 1);
			/* x charges y where it now stands, diagonally. */
			assert_int_equal(count(g, "HO.3.2", "x charges y: 3.75 "
			    "in of its 6 in reach, [20, 20] to [25, 25], in "
			    "contact"), 1);
		} else {
			/* x went first: y, charged, stands and charges
			 * nobody. */
			assert_int_equal(g->units[y].pos.x, 20);
			assert_int_equal(g->units[y].pos.y, 29);
			assert_int_equal(g->units[y].contact, x);
			assert_false(HM_MARKS(&g->units[y]) & HM_CHARGER);
			assert_int_equal(count(g, "HO.3.2", "y charges"), 0);
			assert_int_equal(count(g, "HO.3.2", "x charges y: 2.5 "
			    "in of its 6 in reach, [20, 20] to [20, 25], in "
			    "contact"), 1);
			assert_true(hm_gap(g, y, z) > 0);
		}
		game_free(g);
	}
}

/*
 * HO.3.2: every charger closes, however many one side has: x and w of
 * the first side charge the standing y and v of the second, the first
 * in the order of battle then the next, each 4 in (16 ticks) to
 * contact, from row 20 to row 28.  The second side has no charger: none
 * is rolled for.
 */
static void
test_HO_3_2_second_charger_closes_too(void **state)
{
	struct game *g = field();
	int x, y, w, v;

	(void)state;
	x = unit(g, "x", 0, ARM_INFANTRY, "close", "line", 10, 20, DIR_S,
	    200);
	y = unit(g, "y", 1, ARM_INFANTRY, "close", "line", 10, 29, DIR_N,
	    200);
	w = unit(g, "w", 0, ARM_INFANTRY, "close", "line", 40, 20, DIR_S,
	    200);
	v = unit(g, "v", 1, ARM_INFANTRY, "close", "line", 40, 29, DIR_N,
	    200);
	move_order(g, x, 10, 29);
	move_order(g, w, 40, 29);
	assert_int_equal(hm_gap(g, x, y), 16);	/* 4 in */
	assert_int_equal(hm_gap(g, w, v), 16);
	hm_phase_charges(g);
	assert_int_equal(count(g, "HO.3.2", "Initiative"), 0);
	assert_int_equal(count(g, "HO.3.2", "x charges y: 4 in of its 6 in "
	    "reach, [10, 20] to [10, 28], in contact"), 1);
	assert_int_equal(count(g, "HO.3.2", "w charges v: 4 in of its 6 in "
	    "reach, [40, 20] to [40, 28], in contact"), 1);
	assert_int_equal(hm_gap(g, w, v), 0);
	assert_int_equal(g->units[w].pos.y, 28);
	assert_int_equal(g->units[w].contact, v);
	game_free(g);
}

/*
 * HO.3.2: a tie for the initiative is rolled again.  Horse a (the first
 * side) and horse b (the second) each charge a foot unit of the other
 * side, far apart.  The seed is the first from 1 whose first two dice
 * tie and next two do not: the log gives the tie, then the second roll
 * and its winner, whose charger closes first (its event comes first).
 */
static void
test_HO_3_2_initiative_tie_rolled_again(void **state)
{
	struct game *g = field();
	char text[128];
	unsigned seed;
	int a, b, ta, tb, r[4], won, i, ia = -1, ib = -1;

	(void)state;
	a = unit(g, "a", 0, ARM_CAVALRY, "light", "line", 10, 30, DIR_N, 80);
	tb = unit(g, "tb", 1, ARM_INFANTRY, "close", "line", 10, 20, DIR_S,
	    200);
	b = unit(g, "b", 1, ARM_CAVALRY, "light", "line", 45, 10, DIR_S, 80);
	ta = unit(g, "ta", 0, ARM_INFANTRY, "close", "line", 45, 20, DIR_N,
	    200);
	move_order(g, a, 10, 20);
	move_order(g, b, 45, 20);
	for (seed = 1; ; seed++) {
		game_seed(g, seed);
		dice(g, 4, hm_turn(rs)->initiative, r);
		if (r[0] == r[1] && r[2] != r[3])
			break;
	}
	won = r[2] > r[3] ? 0 : 1;
	hm_phase_charges(g);
	snprintf(text, sizeof text, "Initiative: Americans %d, British %d: a "
	    "tie, rolled again", r[0], r[1]);
	assert_int_equal(count(g, "HO.3.2", text), 1);
	snprintf(text, sizeof text, "Initiative: Americans %d, British %d: "
	    "the %s charge first", r[2], r[3], won == 0 ? "Americans" :
	    "British");
	assert_int_equal(count(g, "HO.3.2", text), 1);
	assert_int_equal(hm_gap(g, a, tb), 0);
	assert_int_equal(hm_gap(g, b, ta), 0);
	for (i = 0; i < g->log.n; i++) {
		if (strstr(g->log.v[i].text, "a charges tb") != NULL)
			ia = i;
		if (strstr(g->log.v[i].text, "b charges ta") != NULL)
			ib = i;
	}
	assert_true(ia >= 0 && ib >= 0);
	assert_true(won == 0 ? ia < ib : ib < ia);
	game_free(g);
}

/*
 * HO.3.2: one side's chargers alone roll no initiative: horse c charges
 * foot t, nobody charges it; the stream of dice is where it was and the
 * log has no initiative.
 */
static void
test_HO_3_2_one_side_rolls_no_initiative(void **state)
{
	struct game *g = field();
	int c, t, r[2], q[2];

	(void)state;
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 30, DIR_N, 80);
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 9, DIR_S, 200);
	move_order(g, c, 20, 9);
	dice(g, 2, 6, r);
	hm_phase_charges(g);
	dice(g, 2, 6, q);
	assert_int_equal(hm_gap(g, c, t), 0);
	assert_int_equal(q[0], r[0]);
	assert_int_equal(q[1], r[1]);
	assert_int_equal(count(g, "HO.3.2", "Initiative"), 0);
	game_free(g);
}

/*
 * HO.3.2: two units charging each other meet halfway.  Foot a (the
 * first side) at row 20 facing north, foot b at row 12 facing south, each
 * ordered onto the other: 7 rows between, a gap of 14 ticks (3.5 in),
 * within both 6-inch reaches.  The side with the initiative closes half
 * the gap first (7 ticks: three straight steps, 6), the other the rest
 * (four steps): a to row 17 and b to row 16 when a's side has it, b to
 * row 15 and a to row 16 when b's has.  Both are chargers and charged,
 * in contact with each other, their orders spent; in the melee both
 * count +1 for the charge (the attacker's alone used to).  The log gives
 * the initiative once: each side's one roll and who charges first.
 */
static void
test_HO_3_2_charges_meet_halfway(void **state)
{
	struct game *g;
	char text[160];
	int a, b, s, r[2], ir[2];

	(void)state;
	for (s = 0; s < 2; s++) {
		g = field();
		a = unit(g, "a", 0, ARM_INFANTRY, "close", "line", 20, 20,
		    DIR_N, 200);
		b = unit(g, "b", 1, ARM_INFANTRY, "close", "line", 20, 12,
		    DIR_S, 200);
		move_order(g, a, 20, 12);
		move_order(g, b, 20, 20);
		assert_int_equal(hm_gap(g, a, b), 14);
		(void)initiative_to(g, s);
		dice(g, 2, hm_turn(rs)->initiative, ir);
		hm_phase_charges(g);
		/* One roll each, in the order of the sides, no tie. */
		snprintf(text, sizeof text, "Initiative: Americans %d, British "
		    "%d: the %s charge first", ir[0], ir[1], s == 0 ?
		    "Americans" : "British");
		assert_int_equal(count(g, "HO.3.2", "Initiative"), 1);
		assert_int_equal(count(g, "HO.3.2", text), 1);
		assert_int_equal(hm_gap(g, a, b), 0);
		assert_int_equal(g->units[a].pos.x, 20);
		assert_int_equal(g->units[b].pos.x, 20);
		assert_int_equal(g->units[a].pos.y, s == 0 ? 17 : 16);
		assert_int_equal(g->units[b].pos.y, s == 0 ? 16 : 15);
		/* What each walked, 1.5 in (6 ticks) and 2 in (8). */
		assert_int_equal(g->units[s == 0 ? a : b].moved, 6);
		assert_int_equal(g->units[s == 0 ? b : a].moved, 8);
		assert_int_equal(g->units[a].contact, b);
		assert_int_equal(g->units[b].contact, a);
		assert_true(HM_MARKS(&g->units[a]) & HM_CHARGER);
		assert_true(HM_MARKS(&g->units[b]) & HM_CHARGER);
		assert_true(HM_MARKS(&g->units[a]) & HM_MET);
		assert_true(HM_MARKS(&g->units[b]) & HM_MET);
		assert_int_equal(g->units[a].order.kind, ORDER_NONE);
		assert_int_equal(g->units[b].order.kind, ORDER_NONE);
		snprintf(text, sizeof text, "%s charge each other and meet: "
		    "%s [20, %d] to [20, %d] (%s), %s [20, %d] to [20, %d] "
		    "(%s), in contact", s == 0 ? "a and b" : "b and a",
		    s == 0 ? "a" : "b", s == 0 ? 20 : 12, s == 0 ? 17 : 15,
		    "1.5 in", s == 0 ? "b" : "a", s == 0 ? 12 : 20, 16,
		    "2 in");
		assert_int_equal(count(g, "HO.3.2", text), 1);
		/* HO.7: a (first in the order) rolls first; both +1. */
		dice(g, 2, hm_turn(rs)->m_die, r);
		hm_phase_melee(g);
		snprintf(text, sizeof text, "a %d + Drill 4 +1 (charged) = "
		    "%d, b %d + Drill 4 +1 (charged) = %d", r[0], r[0] + 5,
		    r[1], r[1] + 5);
		assert_int_equal(count(g, "HO.7", text), 1);
		game_free(g);
	}
}

/*
 * HO.3.2: two charges meet when the gap between them is no more than
 * either charger's move, its end included.  Close-order foot in Line, a
 * and b, face each other 6 inches apart (24 ticks), exactly the move of
 * each (H1: 6 inches): they meet halfway, a (with the initiative) 3
 * inches, b the other 3.
 */
static void
test_HO_3_2_charges_meet_at_exactly_their_move(void **state)
{
	struct game *g = field();
	int a, b;

	(void)state;
	a = unit(g, "a", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	b = unit(g, "b", 1, ARM_INFANTRY, "close", "line", 20, 7, DIR_S, 200);
	move_order(g, a, 20, 7);
	move_order(g, b, 20, 20);
	assert_int_equal(hm_gap(g, a, b), 24);
	assert_int_equal(hm_speed(g, a), 24);
	assert_int_equal(hm_speed(g, b), 24);
	(void)initiative_to(g, 0);
	hm_phase_charges(g);
	assert_int_equal(count(g, "HO.3.2", "a and b charge each other and "
	    "meet: a [20, 20] to [20, 14] (3 in), b [20, 7] to [20, 13] "
	    "(3 in), in contact"), 1);
	assert_int_equal(g->units[a].moved, 12);
	assert_int_equal(g->units[b].moved, 12);
	assert_int_equal(g->units[a].contact, b);
	assert_int_equal(g->units[b].contact, a);
	game_free(g);
}

/*
 * HO.3.2: the initiative is rolled again on a tie, at most a hundred
 * times; then the first of the tied sides goes first.  With an
 * initiative die of one side every roll ties: the log gives the hundred
 * ties, and the first side's charger, x (as in
 * test_HO_3_2_initiative_decides_who_closes_first), closes on y first,
 * so y, charged, charges nobody.
 */
static void
test_HO_3_2_hundred_ties_go_to_the_first_side(void **state)
{
	struct hm_turn *t = rs->phases_priv;	/* hm_turn(rs), to be changed */
	int die = t->initiative, x, y, z;
	struct game *g = field();

	(void)state;
	x = unit(g, "x", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_S, 200);
	y = unit(g, "y", 1, ARM_INFANTRY, "close", "line", 20, 29, DIR_E, 200);
	z = unit(g, "z", 0, ARM_INFANTRY, "close", "line", 28, 29, DIR_W, 200);
	move_order(g, x, 20, 29);
	move_order(g, y, 28, 29);
	t->initiative = 1;
	hm_phase_charges(g);
	t->initiative = die;
	assert_int_equal(count(g, "HO.3.2", "Initiative: Americans 1, "
	    "British 1: a tie, rolled again"), 100);
	assert_int_equal(count(g, "HO.3.2", "charge first"), 0);
	assert_int_equal(g->units[x].contact, y);
	assert_int_equal(g->units[y].pos.x, 20);
	assert_int_equal(g->units[y].pos.y, 29);
	assert_false(HM_MARKS(&g->units[y]) & HM_CHARGER);
	assert_int_equal(count(g, "HO.3.2", "y charges"), 0);
	(void)z;
	game_free(g);
}

/* The scenario at path (freed here), loaded with the data directory's
 * rulesets into *rsp; its errors are printed and fail the test. */
static struct game *
loaded(char *path, struct ruleset **rsp)
{
	const char *dir = getenv("MARSHAL_DATA");
	struct diags dg;
	struct game *g;

	diags_init(&dg);
	g = load_scenario(path, dir != NULL ? dir : "data", rsp, &dg);
	if (g == NULL)
		diags_print(&dg, stderr);
	diags_free(&dg);
	free(path);
	assert_non_null(g);
	return g;
}

/* Cowpens from the data directory. */
static struct game *
cowpens(struct ruleset **rsp)
{
	const char *dir = getenv("MARSHAL_DATA");

	return loaded(xasprintf("%s/scenarios/cowpens-1781.yaml",
	    dir != NULL ? dir : "data"), rsp);
}

/* The test scenario tests/scenarios/hm/name.yaml of the source tree. */
static struct game *
hm_scenario(const char *name, struct ruleset **rsp)
{
	const char *src = getenv("top_srcdir");

	return loaded(xasprintf("%s/tests/scenarios/hm/%s.yaml",
	    src != NULL ? src : ".", name), rsp);
}

/* March unit u by the order the Move preview offers for [x, y]
 * (move_route), turn by turn; the turn it arrives, or 0 within max. */
static int
march_routed(struct game *g, int u, int x, int y, int max)
{
	struct order o, r;
	int t;

	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = u;
	o.general = g->units[u].general;
	o.npts = 1;
	o.pts[0] = (struct point){ x, y };
	assert_int_equal(move_route(g, &o, &r), 0);
	g->units[u].order = r;
	for (t = 1; t <= max; t++) {
		g->turn = t;
		(void)move_unit(g, NULL, u, -1, NULL, NULL);
		if (g->units[u].halt == HALT_ARRIVED)
			return t;
	}
	return 0;
}

/*
 * H12, marshal's reading (tests/scenarios/hm/H12-friend-holds-the-
 * place.yaml): light cavalry in Column on [22, 28] facing N behind a
 * standing foot Line on [18, 26], sent six cells on to [22, 22], where
 * its block would still cover a cell of the Line.  The Line holds part
 * of that place: in turn 1 the Column takes the nearest free place,
 * [22, 20] facing N, passing through the Line (6 in) on the straight way
 * there, 10 in of its 18 in (4 in walked).  Played at the Cowpens (the Legion's left
 * reserve behind the 7th Foot) it waited all of turn 1 ("has not the
 * speed left to pass right through" the Line, with 18 in to spend),
 * then went round the Line's end wheeling (to [26, 17] facing W in turn
 * 2) and came back to stand on [23, 22] facing SW in turn 3.
 */
static void
test_002_H12_friend_holding_the_place_is_passed_at_once(void **state)
{
	struct ruleset *rs1 = NULL;
	struct game *g;
	int lc, f7;

	(void)state;
	g = hm_scenario("H12-friend-holds-the-place", &rs1);
	lc = game_find_unit(g, "LC");
	f7 = game_find_unit(g, "F7");
	assert_true(lc >= 0 && f7 >= 0);
	game_turn(g);
	assert_int_equal(count(g, "H12", "Fusiliers holds part of the place "
	    "Legion dragoons is sent to, [22, 22] facing N: Legion dragoons "
	    "takes instead the nearest free place it can reach, [22, 20] "
	    "facing N"), 1);
	assert_int_equal(count(g, "H12", "has not the speed left"), 0);
	assert_int_equal(count(g, "H12", "passes through Fusiliers: "
	    "mounted, -24 ticks (6 in), 12 in left"), 1);
	assert_int_equal(g->units[lc].pos.x, 22);
	assert_int_equal(g->units[lc].pos.y, 20);
	assert_int_equal(g->units[lc].facing, DIR_N);
	assert_int_equal(g->units[lc].halt, HALT_ARRIVED);
	/* 4 in walked; 10 in spent with the pass. */
	assert_int_equal(g->units[lc].moved, 16);
	/* The Line stood where it was. */
	assert_int_equal(g->units[f7].pos.x, 18);
	assert_int_equal(g->units[f7].pos.y, 26);
	assert_int_equal(g->units[f7].facing, DIR_N);
	game_free(g);
	ruleset_free(rs1);
}

/*
 * H8, H9: every turn moves the block's anchor (about its centre, or a
 * wheel), and the route search plans such a turn as an edge of its own
 * onto the anchor it leaves.  The offered route and the walk along it
 * take that cell as the turn, not as a step onto it: at Cowpens the
 * Legion dragoons, a Line facing north at [18, 46], sent north-west to
 * [10, 30], turn there and arrive in their first turn (the route's wheel
 * to [18, 44] was a point of the order, and the walk stepped back south
 * onto it: no room to face south, frozen at [18, 43] for good); the 17th
 * Light Dragoons, sent over the stream to [70, 30], arrive in turn 3,
 * their turns drawn in the preview where they are made.
 */
static void
test_002_H9_routes_turn_where_the_search_turned(void **state)
{
	struct ruleset *crs = NULL;
	struct game *g = cowpens(&crs);
	int dl = game_find_unit(g, "DL"), dr = game_find_unit(g, "DR"), i;
	static const struct point dlpath[] = { { 18, 46 }, { 18, 45 },
	    { 18, 44 }, { 18, 43 }, { 18, 44 }, { 17, 43 }, { 16, 42 },
	    { 15, 41 }, { 14, 40 }, { 13, 39 }, { 10, 35 }, { 10, 34 },
	    { 10, 33 }, { 10, 32 }, { 10, 31 }, { 10, 30 } };
	static const struct point path[] = { { 68, 39 }, { 68, 38 },
	    { 68, 37 }, { 68, 36 }, { 68, 35 }, { 68, 34 }, { 68, 33 },
	    { 68, 32 }, { 68, 33 }, { 70, 29 }, { 70, 30 } };
	struct move_preview pv;
	struct order o, r;

	(void)state;
	assert_true(dl >= 0 && dr >= 0);
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = dl;
	o.npts = 1;
	o.pts[0] = (struct point){ 10, 30 };
	assert_int_equal(move_route(g, &o, &r), 0);
	for (i = 0; i < r.npts; i++)
		assert_false(r.pts[i].x == 18 && r.pts[i].y == 44);
	/* The preview draws each turn's new anchor: back to [18, 44] as the
	 * Line turns north-west about its centre, [10, 35] as it turns
	 * north again. */
	assert_int_equal(move_preview(g, &r, &pv), 0);
	assert_int_equal(pv.npath, (int)(sizeof dlpath / sizeof dlpath[0]));
	for (i = 0; i < pv.npath; i++) {
		assert_int_equal(pv.path[i].x, dlpath[i].x);
		assert_int_equal(pv.path[i].y, dlpath[i].y);
	}
	move_preview_free(&pv);
	assert_int_equal(march_routed(g, dl, 10, 30, 4), 1);
	assert_int_equal(g->units[dl].pos.x, 10);
	assert_int_equal(g->units[dl].pos.y, 30);
	/* Two turns to the stream and over it; the third turn's preview
	 * draws the turns where the walk makes them (north through the
	 * open wood, the turns' new anchors [68, 33] and [70, 29]), and the
	 * game walks it so, to face north-east at [70, 30]. */
	assert_int_equal(march_routed(g, dr, 70, 30, 2), 0);
	g->turn = 3;
	assert_int_equal(move_preview(g, &g->units[dr].order, &pv), 0);
	assert_int_equal(pv.npath, (int)(sizeof path / sizeof path[0]));
	for (i = 0; i < pv.npath; i++) {
		assert_int_equal(pv.path[i].x, path[i].x);
		assert_int_equal(pv.path[i].y, path[i].y);
	}
	assert_int_equal(pv.facing, DIR_NE);
	move_preview_free(&pv);
	(void)move_unit(g, NULL, dr, -1, NULL, NULL);
	assert_int_equal(g->units[dr].halt, HALT_ARRIVED);
	assert_int_equal(g->units[dr].pos.x, 70);
	assert_int_equal(g->units[dr].pos.y, 30);
	assert_int_equal(g->units[dr].facing, DIR_NE);
	game_free(g);
	ruleset_free(crs);
}

/*
 * The Move preview of a unit's own standing order walks it as the game
 * will: resumed, with its waypoint and the way it carried from the last
 * turn (move_unit), not afresh.  At Cowpens the Light infantry sent back
 * to [58, 58] stops in its first turn at [58, 44], the way it found kept
 * for the next; the preview of that order used to keep it there (turning
 * in place for its whole move), the game takes it to [66, 43].  The
 * computer vets the orders it keeps with this preview.
 */
static void
test_002_H1_preview_of_a_standing_order_resumes_it(void **state)
{
	struct ruleset *crs = NULL;
	struct game *g = cowpens(&crs);
	int li = game_find_unit(g, "LI");
	struct move_preview pv;
	struct order o;

	(void)state;
	assert_true(li >= 0);
	/* The order by [55, 53], the way round the friends about it that
	 * the route offered when it still went round friends. */
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = li;
	o.general = g->units[li].general;
	o.npts = 2;
	o.pts[0] = (struct point){ 55, 53 };
	o.pts[1] = (struct point){ 58, 58 };
	g->units[li].order = o;
	g->turn = 1;
	(void)move_unit(g, NULL, li, -1, NULL, NULL);
	assert_int_equal(g->units[li].halt, HALT_CONTACT);
	assert_int_equal(g->units[li].pos.x, 58);
	assert_int_equal(g->units[li].pos.y, 44);
	assert_true(g->units[li].nroute > 0);
	g->turn = 2;
	assert_int_equal(move_preview(g, &g->units[li].order, &pv), 0);
	(void)move_unit(g, NULL, li, -1, NULL, NULL);
	assert_int_equal(g->units[li].pos.x, 66);
	assert_int_equal(g->units[li].pos.y, 43);
	assert_int_equal(pv.pos.x, g->units[li].pos.x);
	assert_int_equal(pv.pos.y, g->units[li].pos.y);
	assert_int_equal(pv.facing, g->units[li].facing);
	move_preview_free(&pv);
	game_free(g);
	ruleset_free(crs);
}

/* A charge that a friend in the way stops short falters, and the
 * charger has made its move: it stops there (HO.3.2), it does not march
 * again in the movement phase. */
static void
test_HO_3_2_faltered_charger_stops(void **state)
{
	struct game *g = field();
	int c, t, f;
	struct point at;

	(void)state;
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 30, DIR_N, 80);
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 9, DIR_S, 200);
	f = unit(g, "f", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	move_order(g, c, 20, 9);
	hm_phase_charges(g);
	assert_int_equal(count(g, "HO.3.2", "falters"), 1);
	assert_int_equal(g->units[c].contact, -1);
	assert_true(hm_gap(g, c, t) > 0);
	at = g->units[c].pos;
	assert_true(at.y > 20);
	hm_phase_movement(g);
	assert_int_equal(g->units[c].pos.x, at.x);
	assert_int_equal(g->units[c].pos.y, at.y);
	assert_int_equal(g->units[c].order.kind, ORDER_NONE);
	assert_int_equal(g->units[f].pos.y, 20);
	game_free(g);
}

/* The field, seed s, a charger c in contact with foot t, two Lines of
 * foot at short range behind c firing into it. */
static struct game *
shaken_charge(uint64_t s, int *c, int *t)
{
	struct game *g = field();

	game_seed(g, s);
	*c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 20, DIR_N, 80);
	*t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 19, DIR_S, 200);
	unit(g, "f1", 1, ARM_INFANTRY, "close", "line", 18, 25, DIR_N, 200);
	unit(g, "f2", 1, ARM_INFANTRY, "close", "line", 24, 25, DIR_N, 200);
	g->units[*c].contact = *t;
	g->units[*t].contact = *c;
	HM_MARKS(&g->units[*c]) = HM_CHARGER;
	HM_MARKS(&g->units[*t]) = HM_CHARGED;
	return g;
}

/* HO.6.4: a charger that takes 2 hits (shaken) in the fire phase tests
 * at once: 2d6 <= Drill 4 + 4 - 1 (per 2 hits in all) = 7.  Seed 11
 * rolls 8, failing by 1, less than the rout margin 3: it halts
 * Disordered, out of contact on both sides, and falls back 1 inch
 * keeping its facing. */
static void
test_HO_6_4_shaken_charger_halts(void **state)
{
	int c, t;
	struct game *g = shaken_charge(11, &c, &t);

	(void)state;
	hm_phase_fire(g);
	assert_int_equal(hm_hits_turn(g, c), 2);
	assert_int_equal(count(g, "HO.6.4", "c tests morale (a charger with "
	    "2 hits): needs 7 or less (Drill 4 + 4 -1 (2 hits in all)); "
	    "rolls 8 (3+5): fails by 1"), 1);
	assert_int_equal(count(g, "HO.6.4", "c halts Disordered and fights "
	    "no melee"), 1);
	assert_int_equal(g->units[c].cond, COND_MOB);
	assert_int_equal(g->units[c].contact, -1);
	assert_int_equal(g->units[t].contact, -1);
	assert_int_equal(g->units[c].pos.y, 22);
	assert_int_equal(g->units[c].facing, DIR_N);
	assert_int_equal(count(g, "HO.6.4", "c falls back 1 in keeping its "
	    "facing, [20, 20] to [20, 22]"), 1);
	game_free(g);
}

/* HO.6.4, as marshal reads it: a charger's test fails as HO.9.2 says,
 * so failing by 3 or more (the data's rout_margin) routs it, where
 * failing by 1 or 2 halts it (above).  Seed 188: each side's 2 hits;
 * the charger needs 7 or less and rolls 10, failing by 3, exactly the
 * margin: it routs, and neither halts Disordered nor falls back. */
static void
test_HO_6_4_shaken_charger_failing_by_3_routs(void **state)
{
	int c, t;
	struct game *g = shaken_charge(188, &c, &t);

	(void)state;
	hm_phase_fire(g);
	assert_int_equal(hm_hits_turn(g, c), 2);
	assert_int_equal(count(g, "HO.6.4", "c tests morale (a charger with "
	    "2 hits): needs 7 or less (Drill 4 + 4 -1 (2 hits in all)); "
	    "rolls 10 (6+4): fails by 3"), 1);
	assert_int_equal(count(g, "HO.9.2", "c routs (failed by 3)"), 1);
	assert_int_equal(count(g, "HO.6.4", "halts Disordered"), 0);
	assert_int_equal(count(g, "HO.6.4", "falls back"), 0);
	assert_int_equal(g->units[c].cond, COND_ROUTED);
	assert_int_equal(g->units[c].pos.x, 20);
	assert_int_equal(g->units[c].pos.y, 20);
	game_free(g);
}

/* HO.6.4 with the charged foot the first unit of the battle: when the
 * shaken charger halts Disordered, the foot (unit 0) is let out of
 * contact too.  The seed is the first (of the same battle, the units in
 * that order) whose fire leaves the charger halted. */
static void
test_HO_6_4_halted_charger_frees_the_first_unit(void **state)
{
	struct game *g = NULL;
	uint64_t s;
	int c = -1, t = -1;

	(void)state;
	for (s = 1; s < 400; s++) {
		g = field();
		game_seed(g, s);
		t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 19,
		    DIR_S, 200);
		c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 20,
		    DIR_N, 80);
		unit(g, "f1", 1, ARM_INFANTRY, "close", "line", 18, 25, DIR_N,
		    200);
		unit(g, "f2", 1, ARM_INFANTRY, "close", "line", 24, 25, DIR_N,
		    200);
		g->units[c].contact = t;
		g->units[t].contact = c;
		HM_MARKS(&g->units[c]) = HM_CHARGER;
		HM_MARKS(&g->units[t]) = HM_CHARGED;
		hm_phase_fire(g);
		if (count(g, "HO.6.4", "c halts Disordered") == 1)
			break;
		game_free(g);
	}
	assert_true(s < 400);
	assert_int_equal(t, 0);
	assert_int_equal(g->units[c].cond, COND_MOB);
	assert_int_equal(g->units[c].contact, -1);
	assert_int_equal(g->units[t].contact, -1);
	game_free(g);
}

/* HO.6.4: a halted charger with a friend close behind it cannot fall
 * back (the log says so, not "falls back 0 in") and still touches the foot it charged; it fights no melee all
 * the same (HO.7 passes it over), so the foot takes no melee hits and
 * the horse cannot break through (H15).  The friend b stands 1 cell
 * behind c's block; the seed is the first that halts c. */
static void
test_HO_6_4_halted_charger_blocked_behind_fights_no_melee(void **state)
{
	struct game *g = NULL;
	uint64_t s;
	int c = -1, t = -1, hits_t = 0;

	(void)state;
	for (s = 1; s < 400; s++) {
		g = shaken_charge(s, &c, &t);
		unit(g, "b", 0, ARM_INFANTRY, "close", "line", 20, 22, DIR_N,
		    200);
		hm_phase_fire(g);
		if (count(g, "HO.6.4", "c halts Disordered") == 1)
			break;
		game_free(g);
	}
	assert_true(s < 400);
	assert_int_equal(count(g, "HO.6.4", "c cannot fall back: b stands "
	    "behind it at [20, 22]; it stays at [20, 20]"), 1);
	assert_int_equal(g->units[c].pos.y, 20);
	assert_int_equal(hm_gap(g, c, t), 0);
	hits_t = hm_hits_taken(g, t);
	hm_phase_melee(g);
	assert_int_equal(count(g, "HO.7", NULL), 0);
	assert_int_equal(hm_hits_taken(g, t), hits_t);
	assert_int_equal(g->units[c].pos.y, 20);
	assert_false(HM_MARKS(&g->units[c]) & HM_BROKE);
	game_free(g);
}

/* --- HO.7 Melee --------------------------------------------------------- */

/* Horse that charged foot from the front: d6 + 4 + 1 + 1 against d6 + 4. */
static void
test_HO_7_horse_against_foot(void **state)
{
	struct game *g = field();
	int c, t, r[2], diff;

	(void)state;
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 20, DIR_N, 80);
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 19, DIR_S, 200);
	assert_int_equal(hm_gap(g, c, t), 0);
	g->units[c].contact = t;
	g->units[t].contact = c;
	HM_MARKS(&g->units[c]) = HM_CHARGER;
	HM_MARKS(&g->units[t]) = HM_CHARGED;
	dice(g, 2, 6, r);
	diff = (r[0] + 6) - (r[1] + 4);
	hm_phase_melee(g);
	if (diff == 0) {
		assert_int_equal(g->units[t].strength, 180);
		assert_int_equal(g->units[c].strength, 72);
		assert_int_equal(g->units[c].contact, t);
	} else if (diff > 0) {
		assert_int_equal(g->units[t].strength, 200 - 20 * diff);
		assert_int_equal(g->units[t].cond, diff >= 3 ? COND_ROUTED :
		    COND_MOB);
		assert_int_equal(!!(HM_MARKS(&g->units[c]) & HM_BROKE), diff >= 3);
	} else {
		assert_int_equal(g->units[c].strength, 80 - 8 * -diff);
		assert_int_equal(g->units[c].cond, -diff >= 3 ? COND_ROUTED :
		    COND_MOB);
	}
	assert_int_equal(count(g, "HO.7", "+1 (charged) +1 (horse on the "
	    "front)"), 1);
	game_free(g);
}

/* HO.7: foot beaten by 1 or 2 with 1 man left in the ranks is
 * Disordered and falls back, it does not rout; beaten by as much with no
 * man left, it is dispersed at once (HO.9.4: no rout, no fall back).  The
 * seed is the first whose dice give the horse a win by 1 or 2. */
static void
test_HO_7_loser_left_with_one_man_is_disordered(void **state)
{
	struct game *g;
	int c, t, r[2], seed, diff = 0, left;
	char want[256];

	(void)state;
	for (seed = 1; seed < 200; seed++) {
		g = field();
		game_seed(g, (uint64_t)seed);
		dice(g, 2, 6, r);
		game_free(g);
		diff = (r[0] + 6) - (r[1] + 4);
		if (diff == 1 || diff == 2)
			break;
	}
	assert_true(seed < 200);
	for (left = 1; left >= 0; left--) {
		g = field();
		game_seed(g, (uint64_t)seed);
		c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 20,
		    DIR_N, 80);
		t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 19,
		    DIR_S, 200);
		/* 20 men a hit (200 / 10): diff hits leave exactly `left'. */
		g->units[t].strength = 20 * diff + left;
		HM_MARKS(&g->units[c]) = HM_CHARGER;
		HM_MARKS(&g->units[t]) = HM_CHARGED;
		hm_fight(g, c, t);
		assert_int_equal(g->units[t].strength, left);
		assert_int_equal(g->units[c].strength, 80);
		assert_int_equal(g->units[c].contact, -1);
		assert_int_equal(g->units[t].contact, -1);
		snprintf(want, sizeof want, "t loses by %d, %d %s (%d men)%s",
		    diff, diff, diff == 1 ? "hit" : "hits", 20 * diff,
		    left > 0 ? ": Disordered" : ", its last");
		assert_int_equal(count(g, "HO.7", want), 1);
		if (left > 0) {
			assert_int_equal(g->units[t].cond, COND_MOB);
			assert_int_not_equal(g->units[t].pos.y, 19);
		} else {
			/* gone, not routed: no flight to run */
			assert_int_equal(g->units[t].cond, COND_DISPERSED);
			assert_int_equal(count(g, "HO.7", "t routs ("), 0);
			assert_int_equal(count(g, "HO.9.4", "t has taken 10 "
			    "hits and is dispersed"), 1);
			assert_int_equal(g->units[t].pos.y, 19);
		}
		game_free(g);
	}
}

/* HO.7: beaten by exactly the rout margin (3), formed foot routs: 3 hits
 * (60 men of 200) and the rout, not Disordered.  The seed is the first
 * whose dice give the horse a win by 3. */
static void
test_HO_7_loser_by_the_margin_routs(void **state)
{
	struct game *g;
	int c, t, r[2], seed;

	(void)state;
	assert_int_equal(hm_turn(rs)->m_rout_margin, 3);
	for (seed = 1; seed < 200; seed++) {
		g = field();
		game_seed(g, (uint64_t)seed);
		dice(g, 2, 6, r);
		game_free(g);
		if ((r[0] + 6) - (r[1] + 4) == 3)
			break;
	}
	assert_true(seed < 200);
	g = field();
	game_seed(g, (uint64_t)seed);
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 20, DIR_N, 80);
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 19, DIR_S, 200);
	HM_MARKS(&g->units[c]) = HM_CHARGER;
	HM_MARKS(&g->units[t]) = HM_CHARGED;
	hm_fight(g, c, t);
	assert_int_equal(g->units[t].strength, 140);
	assert_int_equal(g->units[t].cond, COND_ROUTED);
	assert_int_equal(count(g, "HO.7", "t loses by 3, 3 hits (60 men), "
	    "and routs"), 1);
	/* The loser's event is the winner's too (its why view). */
	assert_int_equal(count_with(g, "HO.7", t, c), 1);
	game_free(g);
	/* The same with 1 man left in the ranks: he routs too. */
	g = field();
	game_seed(g, (uint64_t)seed);
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 20, DIR_N, 80);
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 19, DIR_S, 200);
	g->units[t].strength = 61;
	HM_MARKS(&g->units[c]) = HM_CHARGER;
	HM_MARKS(&g->units[t]) = HM_CHARGED;
	hm_fight(g, c, t);
	assert_int_equal(g->units[t].strength, 1);
	assert_int_equal(g->units[t].cond, COND_ROUTED);
	assert_int_equal(count(g, "HO.7", "t routs (lost a melee by 3): it "
	    "will flee toward its rear at [30, 0]"), 1);
	game_free(g);
}

/*
 * HO.7, HO.9.4, H15: horse that beats a unit down to its last man breaks
 * through, and the beaten unit is dispersed there and then: it is no
 * target for the second charge and fights nobody with no men.  (A
 * Cowpens game had the 17th Light Dragoons lose by 6 with 25 men left,
 * stand formed with none, take Washington's second charge and win it.)
 * Light horse in Line, 5 men a hit (50 strong), 25 left: 5 hits take
 * the rest.  The seed is the first whose dice give c a win by 5 or more.
 */
static void
test_HO_9_4_beaten_to_the_last_man_is_dispersed_at_once(void **state)
{
	struct game *g;
	int c, t, r[2], seed, diff = 0, tg[4];

	(void)state;
	for (seed = 1; seed < 400; seed++) {
		g = field();
		game_seed(g, (uint64_t)seed);
		dice(g, 2, 6, r);
		game_free(g);
		diff = (r[0] + 4 + 1) - (r[1] + 4);
		if (diff >= 5)
			break;
	}
	assert_true(seed < 400);
	g = field();
	game_seed(g, (uint64_t)seed);
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "column", 20, 24, DIR_N, 80);
	t = unit(g, "t", 1, ARM_CAVALRY, "light", "line", 20, 23, DIR_S, 50);
	g->units[t].strength = 25;
	assert_int_equal(hm_gap(g, c, t), 0);
	assert_int_equal(hm_hits_taken(g, t), 5);
	HM_MARKS(&g->units[c]) = HM_CHARGER;
	HM_MARKS(&g->units[t]) = HM_CHARGED;
	hm_fight(g, c, t);
	assert_int_equal(g->units[t].strength, 0);
	assert_int_equal(g->units[t].cond, COND_DISPERSED);
	assert_int_equal(count(g, "HO.7", "(25 men), its last"), 1);
	assert_int_equal(count(g, "HO.7", "routs"), 0);
	assert_int_equal(count(g, "HO.9.4", "t has taken 10 hits and is "
	    "dispersed"), 1);
	/* It broke through, and t is no target: nothing in reach. */
	assert_true(HM_MARKS(&g->units[c]) & HM_BROKE);
	assert_int_equal(hm_second_targets(g, c, tg, 4), 0);
	assert_false(hm_second_asks(g, c));
	hm_phase_breakthrough(g);
	assert_int_equal(count(g, "H15", "charges t"), 0);
	assert_int_equal(count(g, "HO.7", NULL), 1);	/* no second melee */
	assert_int_equal(g->units[c].strength, 80);
	/* The morale phase finds nobody left to disperse. */
	hm_phase_morale(g);
	assert_int_equal(count(g, "HO.9.4", NULL), 1);
	game_free(g);
}

/*
 * HO.6.3, HO.9.4: horse shot to its last man by the target of its second
 * charge is dispersed at once and charges no further: c, 80 strong (8
 * men a hit), left with exactly the men t's volley takes (seed 5's two
 * dice hit, as in test_002_H15_target_fire_hits_and_fires_once).
 */
static void
test_HO_9_4_shot_to_the_last_man_is_dispersed_at_once(void **state)
{
	struct game *g = field();
	int c, t, r[2], h;

	(void)state;
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 30, DIR_N, 80);
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 19, DIR_S, 200);
	HM_MARKS(&g->units[c]) = HM_BROKE;
	move_order(g, c, 20, 5);
	dice(g, 2, 6, r);
	h = (r[0] >= 4) + (r[1] >= 4);
	assert_true(h > 0);
	g->units[c].strength = 8 * h;
	hm_phase_breakthrough(g);
	assert_int_equal(g->units[c].strength, 0);
	assert_int_equal(g->units[c].cond, COND_DISPERSED);
	assert_int_equal(count(g, "HO.9.4", "c has taken 10 hits and is "
	    "dispersed"), 1);
	assert_int_equal(count(g, "HO.7", NULL), 0);
	assert_int_equal(g->units[t].strength, 200);
	game_free(g);
}

/* HO.7: a tie, horse d6 + 4 + 1 + 1 against foot d6 + 4 on equal totals:
 * 1 hit each and the two stay in contact, each the other's, to fight again
 * next turn, and neither marches off under a Move order then.  The seed
 * is the first whose dice tie. */
static void
test_HO_7_a_tie_keeps_them_in_contact_and_neither_marches_off(void **state)
{
	struct game *g;
	int c, t, r[2], seed, i;

	(void)state;
	for (seed = 1; seed < 200; seed++) {
		g = field();
		game_seed(g, (uint64_t)seed);
		dice(g, 2, 6, r);
		game_free(g);
		if (r[0] + 6 == r[1] + 4)
			break;
	}
	assert_true(seed < 200);
	g = field();
	game_seed(g, (uint64_t)seed);
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 20, DIR_N, 80);
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 19, DIR_S, 200);
	HM_MARKS(&g->units[c]) = HM_CHARGER;
	HM_MARKS(&g->units[t]) = HM_CHARGED;
	hm_fight(g, c, t);
	assert_int_equal(g->units[c].strength, 72);
	assert_int_equal(g->units[t].strength, 180);
	assert_int_equal(g->units[c].contact, t);
	assert_int_equal(g->units[t].contact, c);
	assert_int_equal(g->units[c].cond, COND_FORMED);
	assert_int_equal(g->units[t].cond, COND_FORMED);
	assert_int_equal(count(g, "HO.7", "a tie, 1 hit each; they fight "
	    "again next turn"), 1);
	/* Next turn neither marches away under a Move order: both stand on
	 * their cells, still each other's, to fight again. */
	g->turn++;
	HM_MARKS(&g->units[c]) = HM_MARKS(&g->units[t]) = 0;
	move_order(g, c, 20, 30);
	move_order(g, t, 20, 5);
	hm_phase_movement(g);
	assert_int_equal(g->units[c].pos.x, 20);
	assert_int_equal(g->units[c].pos.y, 20);
	assert_int_equal(g->units[t].pos.x, 20);
	assert_int_equal(g->units[t].pos.y, 19);
	assert_int_equal(g->units[c].moved, 0);
	assert_int_equal(g->units[t].moved, 0);
	assert_int_equal(g->units[c].contact, t);
	assert_int_equal(g->units[t].contact, c);
	/* The tie, then c held: both read in t's why view too. */
	assert_int_equal(count_with(g, "HO.7", c, t), 2);
	assert_int_equal(count_with(g, "HO.7", t, c), 1);
	assert_int_equal(count(g, "HO.7", "t does not march: it is locked in "
	    "melee with c since a tie"), 1);
	/* It tells that t held an order to march: the other side does not
	 * read it. */
	for (i = 0; i < g->log.n; i++)
		if (g->log.v[i].unit == t &&
		    strstr(g->log.v[i].text, "does not march") != NULL) {
			assert_false(know_event(g, &g->log.v[i],
			    g->units[c].side));
			assert_true(know_event(g, &g->log.v[i],
			    g->units[t].side));
		}
	game_free(g);
}

/* Horse that charged Disordered foot: d6 + 4 + 1 (charged) + 2 (horse on
 * Disordered foot) against d6 + 4 - 1 (Disordered); the foot, beaten
 * while Disordered, routs whatever the margin, and the horse has broken
 * through (H15). */
static void
test_HO_7_horse_against_disordered_foot(void **state)
{
	struct game *g = field();
	int c, t, r[2], diff;
	char want[256];

	(void)state;
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 20, DIR_N, 80);
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 19, DIR_S, 200);
	g->units[t].cond = COND_MOB;
	g->units[c].contact = t;
	g->units[t].contact = c;
	HM_MARKS(&g->units[c]) = HM_CHARGER;
	HM_MARKS(&g->units[t]) = HM_CHARGED;
	dice(g, 2, 6, r);
	diff = (r[0] + 7) - (r[1] + 3);
	assert_true(diff > 0);		/* seed 5: the horse wins */
	hm_phase_melee(g);
	snprintf(want, sizeof want, "c %d + Drill 4 +1 (charged) +2 (horse on "
	    "Disordered foot) = %d, t %d + Drill 4 -1 (Disordered) = %d: t "
	    "loses by %d, %d hits (%d men), and routs", r[0], r[0] + 7, r[1],
	    r[1] + 3, diff, diff, 20 * diff);
	assert_int_equal(count(g, "HO.7", want), 1);
	assert_int_equal(g->units[t].strength, 200 - 20 * diff);
	assert_int_equal(g->units[t].cond, COND_ROUTED);
	assert_true(HM_MARKS(&g->units[c]) & HM_BROKE);
	assert_int_equal(count(g, "H15", "c has broken through and may "
	    "charge again"), 1);
	game_free(g);
}

/* HO.7: horse that charged foot in the flank (its block beside the foot's
 * line, off its front) scores +1 charged, +2 horse on a flank and +2 flank
 * or rear; the foot, in a wood, +1 defended.  Neither had a contact: the
 * melee phase finds the two touching (the foot first in the order of
 * units), and the one that charged rolls first.  The foot is marked
 * flanked, the horse not.  The seed is the first whose dice leave the
 * foot beaten by 2: Disordered, it falls back 3 inches to the north.
 * 10 strong, the foot loses 2 men, not 40: "2 men". */
static void
test_HO_7_flank_and_defended(void **state)
{
	struct game *g;
	int c, t, r[2], seed, wood = ruleset_land(rs, "open_wood");
	char want[256];

	(void)state;
	assert_true(wood >= 0);
	for (seed = 1; seed < 200; seed++) {
		g = field();
		game_seed(g, (uint64_t)seed);
		dice(g, 2, 6, r);
		game_free(g);
		if ((r[0] + 9) - (r[1] + 5) == 2)
			break;
	}
	assert_true(seed < 200);
	g = field();
	game_seed(g, (uint64_t)seed);
	map_cell(g->map, 20, 19)->land = (uint8_t)wood;
	/* t covers x 16 to 23, y 18 and 19; c, facing W, x 24 to 26, y 15
	 * to 22: beside t's east end, touching it. */
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 19, DIR_S, 200);
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 24, 19, DIR_W, 80);
	assert_int_equal(hm_gap(g, c, t), 0);
	assert_true(hm_off_front(g, c, t));
	assert_false(hm_off_front(g, t, c));
	HM_MARKS(&g->units[c]) = HM_CHARGER;
	HM_MARKS(&g->units[t]) = HM_CHARGED;
	hm_phase_melee(g);
	snprintf(want, sizeof want, "c %d + Drill 4 +1 (charged) +2 (horse on "
	    "a flank) +2 (flank or rear) = %d, t %d + Drill 4 +1 (defended) = "
	    "%d: t loses by 2, 2 hits (40 men): Disordered", r[0], r[0] + 9,
	    r[1], r[1] + 5);
	assert_int_equal(count(g, "HO.7", want), 1);
	assert_true(HM_MARKS(&g->units[t]) & HM_FLANKED);
	assert_false(HM_MARKS(&g->units[c]) & HM_FLANKED);
	assert_int_equal(g->units[t].strength, 160);
	assert_int_equal(g->units[c].strength, 80);
	assert_int_equal(g->units[t].cond, COND_MOB);
	assert_int_equal(g->units[t].contact, -1);
	assert_int_equal(g->units[c].contact, -1);
	/* 3 inches are 6 cells straight back (north), facing kept. */
	assert_int_equal(g->units[t].pos.x, 20);
	assert_int_equal(g->units[t].pos.y, 13);
	assert_int_equal(g->units[t].facing, DIR_S);
	assert_int_equal(count(g, "HO.7", "t falls back 3 in keeping its "
	    "facing, [20, 19] to [20, 13]"), 1);
	game_free(g);
	/* The same melee with t 10 strong: its 2 hits are 2 men. */
	g = field();
	game_seed(g, (uint64_t)seed);
	map_cell(g->map, 20, 19)->land = (uint8_t)wood;
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 19, DIR_S, 10);
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 24, 19, DIR_W, 80);
	HM_MARKS(&g->units[c]) = HM_CHARGER;
	HM_MARKS(&g->units[t]) = HM_CHARGED;
	hm_phase_melee(g);
	snprintf(want, sizeof want, "t loses by 2, 2 hits (2 men): "
	    "Disordered");
	assert_int_equal(count(g, "HO.7", want), 1);
	assert_int_equal(g->units[t].strength, 8);
	game_free(g);
}

/* --- HO.9 Morale, routs and prisoners ----------------------------------- */

/* HO.9.2: formed, a unit that fails its test by exactly the rout margin
 * (3) routs, "failed by 3"; by 2 it is Disordered and falls back.  Two
 * hits this turn: 2d6 <= Drill 4 + 4 - 1 (2 hits in all) = 7.  The
 * seeds are the first whose dice roll 10 and 9. */
static void
test_HO_9_2_fails_by_the_rout_margin_routs(void **state)
{
	struct game *g;
	char want[200];
	int u, r[2], s, by;

	(void)state;
	for (by = 3; by >= 2; by--) {
		for (s = 1; s < 400; s++) {
			g = field();
			game_seed(g, (uint64_t)s);
			dice(g, 2, 6, r);
			game_free(g);
			if (r[0] + r[1] == 7 + by)
				break;
		}
		assert_true(s < 400);
		g = field();
		game_seed(g, (uint64_t)s);
		u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 3,
		    DIR_N, 200);
		hm_hit(g, u, 2);
		hm_phase_morale(g);
		snprintf(want, sizeof want, "u tests morale (2 hits this turn): "
		    "needs 7 or less (Drill 4 + 4 -1 (2 hits in all)); rolls %d "
		    "(%d+%d): fails by %d", 7 + by, r[0], r[1], by);
		assert_int_equal(count(g, "HO.9.1", want), 1);
		if (by == 3) {
			assert_int_equal(g->units[u].cond, COND_ROUTED);
			assert_int_equal(count(g, "HO.9.2", "u routs (failed by "
			    "3): it will flee toward its rear"), 1);
		} else {
			assert_int_equal(g->units[u].cond, COND_MOB);
			assert_int_equal(count(g, "HO.9.2", "u routs"), 0);
			assert_int_equal(count(g, "HO.9.2", "u falls back 3 in "
			    "keeping its facing, [20, 3] to [20, 9]"), 1);
		}
		game_free(g);
	}
}

/* HO.9.3: a router whose way to the rear runs at once into an enemy's
 * block (the enemy touches its back) has no place to stop short of him:
 * it stays where it stood, facing as it did, 0 in fled, its track whole. */
static void
test_HO_9_3_flight_blocked_at_once_stays(void **state)
{
	struct game *g = field();
	int u, e;

	(void)state;
	g->sides[0].rear = (struct point){ 20, 39 };
	/* u faces south, its block on rows 9 and 10; e's on 11 and 12. */
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 10, DIR_S, 200);
	e = unit(g, "e", 1, ARM_INFANTRY, "close", "line", 20, 11, DIR_N, 200);
	assert_int_equal(hm_gap(g, u, e), 0);
	hm_rout(g, u, "HO.9.2", "test");
	hm_phase_morale(g);
	assert_int_equal(g->units[u].cond, COND_ROUTED);
	assert_int_equal(g->units[u].pos.x, 20);
	assert_int_equal(g->units[u].pos.y, 10);
	assert_int_equal(g->units[u].facing, DIR_S);
	assert_int_equal(g->units[u].moved, 0);
	assert_int_equal(count(g, "HO.9.3", "u flees 0 in of its 12 in Rout "
	    "move, [20, 10] to [20, 10]"), 1);
	/* Its whole track is kept, 29 cells from [20, 11] down to its rear
	 * on row 39: no step of it was taken. */
	assert_int_equal(g->units[u].ntrack, 29);
	assert_int_equal(g->units[u].track[0].x, 20);
	assert_int_equal(g->units[u].track[0].y, 11);
	game_free(g);
}

/* Two hits this turn: 2d6 against Drill 4 + 4 - 1 (2 hits in all) = 7. */
static void
test_HO_9_1_two_hits_test(void **state)
{
	struct game *g = field();
	int u, r[2], roll;

	(void)state;
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	hm_hit(g, u, 2);
	assert_int_equal(g->units[u].strength, 160);
	assert_int_equal(hm_hits_turn(g, u), 2);
	dice(g, 2, 6, r);
	roll = r[0] + r[1];
	hm_phase_morale(g);
	assert_int_equal(count(g, "HO.9.1", "needs 7 or less"), 1);
	assert_int_equal(g->units[u].cond, roll <= 7 ? COND_FORMED :
	    roll - 7 >= 3 ? COND_ROUTED : COND_MOB);
	game_free(g);
}

/* HO.9.1 for a unit charged in a flank that has taken no hit: 2d6 <=
 * Drill 4 + 4 = 8, nothing taken off for hits (none in all). */
static void
test_HO_9_1_flanked_without_hits_needs_8(void **state)
{
	struct game *g = field();
	int u, r[2], roll;
	char want[160];

	(void)state;
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	HM_MARKS(&g->units[u]) |= HM_FLANKED;
	dice(g, 2, 6, r);
	roll = r[0] + r[1];
	hm_phase_morale(g);
	snprintf(want, sizeof want, "u tests morale (charged in a flank or the "
	    "rear): needs 8 or less (Drill 4 + 4); rolls %d (%d+%d)", roll,
	    r[0], r[1]);
	assert_int_equal(count(g, "HO.9.1", want), 1);
	assert_int_equal(g->units[u].cond, roll <= 8 ? COND_FORMED :
	    roll - 8 >= 3 ? COND_ROUTED : COND_MOB);
	game_free(g);
}

/*
 * HO.9.1, HO.9.2, every modifier at once: Disordered foot with 4 hits this
 * turn and its general near needs Drill 4 + 4 - 2 (4 hits) - 1
 * (Disordered) + 1 (general) = 6 or less on 2d6; failing at all while
 * Disordered, it routs (a seed whose roll is 7 or more).
 */
static void
test_HO_9_2_disordered_fails_and_routs(void **state)
{
	struct game *g;
	char want[200];
	int u, r[2], s;

	(void)state;
	for (s = 1; s < 200; s++) {
		g = field();
		game_seed(g, (uint64_t)s);
		dice(g, 2, 6, r);
		if (r[0] + r[1] >= 7 && r[0] + r[1] - 6 < 3)
			break;
		game_free(g);
	}
	assert_true(s < 200);
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 3, DIR_N, 200);
	g->units[u].cond = COND_MOB;
	g->generals[0].pos = centre(g, u);
	hm_hit(g, u, 4);
	hm_phase_morale(g);
	snprintf(want, sizeof want, "u tests morale (4 hits this turn): needs "
	    "6 or less (Drill 4 + 4 -2 (4 hits in all) -1 (Disordered) +1 "
	    "(Morgan near)); rolls %d (%d+%d): fails by %d", r[0] + r[1],
	    r[0], r[1], r[0] + r[1] - 6);
	assert_int_equal(count(g, "HO.9.1", want), 1);
	assert_int_equal(g->units[u].cond, COND_ROUTED);
	game_free(g);
}

/* HO.9.1: a general within 6 inches (24 ticks) of the unit's centre is
 * near, one a tick farther is not. */
static void
test_HO_9_1_general_at_the_reach(void **state)
{
	struct game *g = field();
	struct point c;
	int u;

	(void)state;
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	c = centre(g, u);
	assert_int_equal(hm_turn(rs)->general_reach, 24);
	g->generals[0].pos = (struct point){ c.x, c.y + 12 };	/* 24 */
	assert_int_equal(geom_dist(g->generals[0].pos, c), 24);
	assert_int_equal(hm_general_near(g, u), 0);
	g->generals[0].pos = (struct point){ c.x + 1, c.y + 12 };	/* 25 */
	assert_int_equal(geom_dist(g->generals[0].pos, c), 25);
	assert_int_equal(hm_general_near(g, u), -1);
	game_free(g);
}

/* HO.9.1 with its own general at the centre of its block: Drill 4 + 4,
 * -1 for its 2 hits, +1 for the general near = 8 or less, the general
 * named; the enemy's general, as near, counts for nothing. */
static void
test_HO_9_1_general_near_adds_one(void **state)
{
	struct game *g = field();
	int u, r[2], roll;

	(void)state;
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	g->generals[0].pos = centre(g, u);
	hm_hit(g, u, 2);
	dice(g, 2, 6, r);
	roll = r[0] + r[1];
	hm_phase_morale(g);
	assert_int_equal(count(g, "HO.9.1", "needs 8 or less (Drill 4 + 4 -1 "
	    "(2 hits in all) +1 (Morgan near))"), 1);
	assert_int_equal(g->units[u].cond, roll <= 8 ? COND_FORMED :
	    roll - 8 >= 3 ? COND_ROUTED : COND_MOB);
	game_free(g);
	g = field();
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	g->generals[1].pos = centre(g, u);
	hm_hit(g, u, 2);
	hm_phase_morale(g);
	assert_int_equal(count(g, "HO.9.1", "needs 7 or less"), 1);
	assert_int_equal(count(g, "HO.9.1", "Tarleton"), 0);
	game_free(g);
	/* Two of its own within reach: the nearer is the one named. */
	g = field();
	game_add_general(g, "am2", "Pickens", 0, -1);
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	g->generals[0].pos = centre(g, u);
	g->generals[2].pos = centre(g, u);
	g->generals[2].pos.x += 2;
	assert_true(geom_dist(g->generals[2].pos, centre(g, u)) <=
	    hm_turn(rs)->general_reach);
	hm_hit(g, u, 2);
	hm_phase_morale(g);
	assert_int_equal(count(g, "HO.9.1", "+1 (Morgan near)"), 1);
	assert_int_equal(count(g, "HO.9.1", "Pickens"), 0);
	game_free(g);
}

/* HO.9.2's set-up: a field on the first seed whose morale dice fail a
 * Drill 4 unit with 2 hits by 1 or 2 (needs 7, rolls 8 or 9), enemy e
 * (unit 0) at [20, 15] facing S, u at [20, 16] facing N, both in Line,
 * in melee contact; u's index in *u. */
static struct game *
disordering_melee(int *u)
{
	struct game *g;
	int e, r[2] = { 0, 0 }, s;

	for (s = 1; s < 200; s++) {
		g = field();
		game_seed(g, (uint64_t)s);
		dice(g, 2, 6, r);
		game_free(g);
		if (r[0] + r[1] - 7 >= 1 && r[0] + r[1] - 7 <= 2)
			break;
	}
	assert_true(s < 200);
	g = field();
	game_seed(g, (uint64_t)s);
	e = unit(g, "e", 1, ARM_INFANTRY, "close", "line", 20, 15, DIR_S, 200);
	*u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 16, DIR_N,
	    200);
	assert_int_equal(e, 0);
	g->units[e].contact = *u;
	g->units[*u].contact = e;
	return g;
}

/* HO.9.2: a unit in melee contact with the enemy's first unit fails its
 * test by less than 3 (the first seed whose dice say so): it is
 * Disordered, out of contact on both sides, and falls back the data's
 * 3 inches (6 cells) keeping its facing. */
static void
test_HO_9_2_disordered_leaves_contact(void **state)
{
	struct game *g;
	int e = 0, u;

	(void)state;
	g = disordering_melee(&u);
	hm_hit(g, u, 2);
	hm_phase_morale(g);
	assert_int_equal(count(g, "HO.9.1", "needs 7 or less"), 1);
	assert_int_equal(count(g, "HO.9.2", "u is Disordered"), 1);
	assert_int_equal(g->units[u].cond, COND_MOB);
	assert_int_equal(g->units[u].contact, -1);
	assert_int_equal(g->units[e].contact, -1);
	assert_int_equal(count(g, "HO.9.2", "u falls back 3 in keeping its "
	    "facing, [20, 16] to [20, 22]"), 1);
	assert_int_equal(g->units[u].pos.y, 22);
	assert_int_equal(g->units[u].facing, DIR_N);
	game_free(g);
}

/* HO.9.2: the same fall back with a friend standing one free row behind
 * the Line (2 cells deep): the unit falls back as far as the friend lets
 * it, half an inch to [20, 17] of its 3 inches, and the log names the
 * friend that stopped it; before, it gave the distance with no reason
 * (in play: "falls back 0 in ... [28, 41] to [28, 41]"). */
static void
test_HO_9_2_fall_back_stopped_by_a_friend(void **state)
{
	struct game *g;
	int u, f;

	(void)state;
	g = disordering_melee(&u);
	f = unit(g, "f", 0, ARM_INFANTRY, "close", "line", 20, 19, DIR_N, 200);
	hm_hit(g, u, 2);
	hm_phase_morale(g);
	assert_int_equal(count(g, "HO.9.2", "u is Disordered"), 1);
	assert_int_equal(count(g, "HO.9.2", "u falls back 0.5 in keeping its "
	    "facing, [20, 16] to [20, 17]: f stands behind it at [20, 19]"),
	    1);
	assert_int_equal(g->units[u].pos.x, 20);
	assert_int_equal(g->units[u].pos.y, 17);
	assert_int_equal(g->units[f].pos.y, 19);
	game_free(g);
}

/* HO.9.2: a unit that routs out of a melee leaves no enemy in contact
 * with it (contact -1, the field's "none"), and so does a unit taken off
 * the field (hm_remove: here captured); a contact between two other
 * units stands.  The enemy freed is the first unit of the battle. */
static void
test_HO_9_2_router_leaves_no_one_in_contact(void **state)
{
	struct game *g;
	int c, t, d, e, k;

	(void)state;
	for (k = 0; k < 2; k++) {
		g = field();
		c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 20,
		    DIR_N, 80);
		t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 19,
		    DIR_S, 200);
		d = unit(g, "d", 0, ARM_CAVALRY, "light", "line", 40, 20,
		    DIR_N, 80);
		e = unit(g, "e", 1, ARM_INFANTRY, "close", "line", 40, 19,
		    DIR_S, 200);
		assert_int_equal(c, 0);
		g->units[c].contact = t;
		g->units[t].contact = c;
		g->units[d].contact = e;
		g->units[e].contact = d;
		if (k == 0) {
			hm_rout(g, t, "HO.9.2", "test");
			assert_int_equal(g->units[t].cond, COND_ROUTED);
		} else {
			hm_remove(g, t, COND_CAPTURED);
			assert_int_equal(g->units[t].cond, COND_CAPTURED);
		}
		assert_int_equal(g->units[t].contact, -1);
		assert_int_equal(g->units[c].contact, -1);
		assert_int_equal(g->units[d].contact, e);
		assert_int_equal(g->units[e].contact, d);
		game_free(g);
	}
}

/* HO.9.3: a router turns to run, and each step is priced for the rank
 * that leads it: a Line facing N flees S, so its first step's front is
 * the rank facing S at [20, 11], which here alone stands on rough ground
 * (2/3: 3 ticks, the cells of the rank facing N left clear).  3 + 22 x 2
 * = 47 of its 48 ticks: 23 cells, to [20, 33]. */
static void
test_HO_9_3_flight_priced_for_the_rank_that_leads(void **state)
{
	struct game *g = field();
	struct point r0, st, rn, sn;
	int u, i, j, n, fr, rough = ruleset_land(rs, "rough");
	bool theirs;

	(void)state;
	assert_true(rough >= 0);
	g->sides[0].rear = (struct point){ 20, 39 };
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 10, DIR_N, 200);
	fr = rs->form[g->units[u].formation].frontage[ARM_INFANTRY];
	n = geom_rank((struct point){ 20, 11 }, DIR_S, fr, &r0, &st);
	(void)geom_rank((struct point){ 20, 11 }, DIR_N, fr, &rn, &sn);
	for (i = 0; i < n; i++) {
		theirs = false;
		for (j = 0; j < n; j++)
			if (rn.x + j * sn.x == r0.x + i * st.x &&
			    rn.y + j * sn.y == r0.y + i * st.y)
				theirs = true;
		if (!theirs)
			map_cell(g->map, r0.x + i * st.x, r0.y + i * st.y)->land =
			    (uint8_t)rough;
	}
	hm_rout(g, u, "HO.9.2", "test");
	hm_phase_morale(g);
	assert_int_equal(g->units[u].pos.x, 20);
	assert_int_equal(g->units[u].pos.y, 33);
	assert_int_equal(g->units[u].facing, DIR_S);
	assert_int_equal(count(g, "HO.9.3", "u flees 11.75 in of its 12 in "
	    "Rout move, [20, 10] to [20, 33]"), 1);
	game_free(g);
}

/* A close-order router flees its 12-inch Rout move: 24 cells south. */
static void
test_HO_9_3_flight_at_rout_figure(void **state)
{
	struct game *g = field();
	int u;

	(void)state;
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 30, 5, DIR_N, 200);
	hm_rout(g, u, "HO.9.2", "test");
	hm_phase_morale(g);
	assert_int_equal(g->units[u].pos.x, 30);
	assert_int_equal(g->units[u].pos.y, 29);
	assert_int_equal(g->units[u].moved, 48);
	assert_int_equal(count(g, "HO.9.3", "flees 12 in of its 12 in"), 1);
	/* The ground it fled from is free; the ground it stands on, its. */
	assert_int_equal(game_unit_at(g, 30, 5), -1);
	assert_int_equal(game_unit_at(g, 30, 6), -1);
	assert_int_equal(game_unit_at(g, 30, 29), u);
	game_free(g);
}

/* Each arm flees at its own class's Rout figure (the data's movement
 * tables): a routed light gun's crew 12 inches, 48 ticks, 24 cells
 * straight south to its rear at [30, 39]: [30, 29]; light horse 21
 * inches, 84 ticks, enough to take it from [40, 2] (37 rows from its
 * rear edge, 10 of them slanting: 84 ticks to the edge row) off the
 * field. */
static void
test_HO_9_3_guns_and_horse_flee_at_their_rout_figures(void **state)
{
	struct game *g = field();
	int gun, horse;

	(void)state;
	gun = unit(g, "gun", 0, ARM_ARTILLERY, "light", "limbered", 30, 5,
	    DIR_N, 20);
	horse = unit(g, "horse", 0, ARM_CAVALRY, "light", "line", 40, 2,
	    DIR_N, 200);
	hm_rout(g, gun, "HO.9.2", "test");
	hm_rout(g, horse, "HO.9.2", "test");
	hm_phase_morale(g);
	assert_int_equal(g->units[gun].moved, 48);
	assert_int_equal(g->units[gun].pos.y, 29);
	assert_int_equal(count(g, "HO.9.3", "gun flees 12 in of its 12 in"),
	    1);
	assert_int_equal(count(g, "HO.9.3", "off the field at its edge"), 1);
	assert_int_equal(g->units[horse].cond, COND_DISPERSED);
	game_free(g);
}

/* The British flee north, to their rear at [30, 0]: the same 12 inches,
 * 24 cells, the other way. */
static void
test_HO_9_3_flight_to_the_north(void **state)
{
	struct game *g = field();
	int u;

	(void)state;
	u = unit(g, "u", 1, ARM_INFANTRY, "close", "line", 30, 34, DIR_S, 200);
	hm_rout(g, u, "HO.9.2", "test");
	hm_phase_morale(g);
	assert_int_equal(g->units[u].pos.x, 30);
	assert_int_equal(g->units[u].pos.y, 10);
	assert_int_equal(g->units[u].moved, 48);
	assert_int_equal(count(g, "HO.9.3", "flees 12 in of its 12 in"), 1);
	game_free(g);
}

/* A friend in the way is run through (a crowd in flight is no block),
 * and the router ends its 12 inches where it stands alone: the same cell
 * as with nobody in the way, the friend untouched. */
static void
test_HO_9_3_flight_runs_through_friends(void **state)
{
	struct game *g = field();
	int u, f;

	(void)state;
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 30, 5, DIR_N, 200);
	f = unit(g, "f", 0, ARM_INFANTRY, "close", "line", 30, 15, DIR_N, 200);
	hm_rout(g, u, "HO.9.2", "test");
	hm_phase_morale(g);
	assert_int_equal(g->units[u].pos.x, 30);
	assert_int_equal(g->units[u].pos.y, 29);
	assert_int_equal(g->units[u].moved, 48);
	assert_int_equal(g->units[f].pos.y, 15);
	assert_int_equal(g->units[f].cond, COND_FORMED);
	game_free(g);
}

/* A router whose block reaches the map's edge runs off the field: lost
 * to its side, however far its Rout figure would have taken it. */
static void
test_HO_9_3_flight_off_the_edge(void **state)
{
	struct game *g = field();
	int u;

	(void)state;
	g->sides[0].rear = (struct point){ 59, 39 };	/* the corner */
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 54, 34, DIR_NW,
	    200);
	hm_rout(g, u, "HO.9.2", "test");
	hm_phase_morale(g);
	assert_int_equal(g->units[u].cond, COND_DISPERSED);
	assert_int_equal(count(g, "HO.9.3", "off the field at its edge"), 1);
	game_free(g);
}

/* A router touching a formed enemy surrenders. */
static void
test_HO_9_4_router_taken(void **state)
{
	struct game *g = field();
	int u;

	(void)state;
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 38, DIR_S, 200);
	unit(g, "e", 1, ARM_INFANTRY, "close", "line", 20, 36, DIR_S, 200);
	assert_int_equal(hm_gap(g, u, 1), 0);
	g->units[u].cond = COND_ROUTED;		/* at its rear: no track */
	g->sides[0].rear = g->units[u].pos;
	hm_phase_morale(g);
	assert_int_equal(g->units[u].cond, COND_CAPTURED);
	game_free(g);
}

/* HO.9.4: u (200 men), touching e, routs at its rear (no track): the
 * morale phase has e take it, its men surrendering. */
static void
router_taken_by_e(struct game *g, int u, int e)
{
	assert_int_equal(hm_gap(g, u, e), 0);
	g->units[u].cond = COND_ROUTED;
	g->sides[0].rear = g->units[u].pos;
	hm_phase_morale(g);
	assert_int_equal(g->units[u].cond, COND_CAPTURED);
	assert_int_equal(count(g, "HO.9.4", "e reaches the routed u: 200 men "
	    "surrender"), 1);
}

/* HO.9.4: the enemy that reaches the router may be the battle's first
 * unit: e (unit 0) touching routed u takes it, its men surrendering. */
static void
test_HO_9_4_router_taken_by_the_first_unit(void **state)
{
	struct game *g = field();
	int u, e;

	(void)state;
	e = unit(g, "e", 1, ARM_INFANTRY, "close", "line", 20, 36, DIR_S, 200);
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 38, DIR_S, 200);
	assert_int_equal(e, 0);
	router_taken_by_e(g, u, e);
	game_free(g);
}

/* HO.9.4 with the order of battle full to its first allocation (16
 * units): the router, the last unit, is taken by the formed enemy
 * touching it, and no unit past the last is looked at. */
static void
test_HO_9_4_router_taken_as_the_sixteenth_unit(void **state)
{
	struct game *g = field();
	char id[8];
	int u, e, i;

	(void)state;
	e = unit(g, "e", 1, ARM_INFANTRY, "close", "line", 20, 36, DIR_S, 200);
	for (i = 0; i < 14; i++) {
		snprintf(id, sizeof id, "f%d", i);
		(void)unit(g, id, 0, ARM_INFANTRY, "close", "column",
		    2 + 4 * (i % 7), 5 + 6 * (i / 7), DIR_N, 200);
	}
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 38, DIR_S, 200);
	assert_int_equal(g->nunits, 16);
	assert_int_equal(u, 15);
	router_taken_by_e(g, u, e);
	game_free(g);
}

/* The dice as the log writes them, cut to the room given: four dice
 * into 4 bytes keep the first two rolls and their sign ("a+b"), the
 * terminator in the fourth byte, and nothing written past it; the sum is
 * all four's. */
static void
test_hm_roll_cuts_the_dice_to_the_room(void **state)
{
	struct game *g = field();
	char buf[16], want[8];
	int r[4];

	(void)state;
	dice(g, 4, 6, r);
	memset(buf, '#', sizeof buf);
	assert_int_equal(hm_roll(g, 4, 6, buf, 4), r[0] + r[1] + r[2] + r[3]);
	snprintf(want, sizeof want, "%d+%d", r[0], r[1]);
	assert_string_equal(buf, want);
	assert_int_equal(buf[4], '#');
	game_free(g);
}

/* Ten hits: dispersed. */
static void
test_HO_9_4_ten_hits_dispersed(void **state)
{
	struct game *g = field();
	int u;

	(void)state;
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 205);
	move_order(g, u, 20, 5);
	assert_int_equal(hm_hit(g, u, 10), 205);	/* the tenth takes
							   the rest */
	hm_phase_morale(g);
	assert_int_equal(g->units[u].cond, COND_DISPERSED);
	/* gone from the field: its order with it */
	assert_int_equal(g->units[u].order.kind, ORDER_NONE);
	assert_int_equal(count(g, "HO.9.4", "10 hits and is dispersed"), 1);
	game_free(g);
	/* One man left in the ranks: not dispersed. */
	g = field();
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	g->units[u].strength = 1;
	hm_phase_morale(g);
	assert_int_not_equal(g->units[u].cond, COND_DISPERSED);
	assert_int_equal(count(g, "HO.9.4", NULL), 0);
	game_free(g);
}

/* A Disordered unit under a Restore order with no enemy near re-forms. */
static void
test_HO_9_3_restore(void **state)
{
	struct game *g = field();
	int u;

	(void)state;
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	g->units[u].cond = COND_MOB;
	g->units[u].order.kind = ORDER_RESTORE;
	hm_phase_rally(g);
	assert_int_equal(g->units[u].cond, COND_FORMED);
	game_free(g);
}

/*
 * HO.9.3: a Restore order re-forms unless an enemy is within 3 inches
 * (12 ticks): with e, the battle's first unit, 10 ticks off u stays
 * Disordered, saying who and how far; with e 14 ticks off it re-forms
 * (spending its move, the order done).
 */
static void
test_HO_9_3_restore_blocked_by_a_near_enemy(void **state)
{
	struct game *g;
	int u, e, k;

	(void)state;
	for (k = 0; k < 2; k++) {
		g = field();
		e = unit(g, "e", 1, ARM_INFANTRY, "close", "line", 20,
		    k == 0 ? 14 : 12, DIR_S, 200);
		u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 20,
		    DIR_N, 200);
		assert_int_equal(e, 0);
		assert_int_equal(hm_gap(g, u, e), k == 0 ? 10 : 14);
		g->units[u].cond = COND_MOB;
		g->units[u].order.kind = ORDER_RESTORE;
		hm_phase_rally(g);
		if (k == 0) {
			assert_int_equal(g->units[u].cond, COND_MOB);
			assert_int_equal(count(g, "HO.9.3", "u cannot re-form: e "
			    "is 2.5 in away"), 1);
		} else {
			assert_int_equal(g->units[u].cond, COND_FORMED);
			assert_int_equal(g->units[u].order.kind, ORDER_NONE);
			assert_int_equal(count(g, "HO.9.3", "u spends its move "
			    "re-forming: formed again"), 1);
		}
		game_free(g);
	}
}

/* --- HO.2 Rally --------------------------------------------------------- */

/*
 * HO.2: a rally that passes leaves the unit Disordered, its flight and
 * its order done, facing the nearest enemy: a seed whose 2d6 is 6 or
 * less (Drill 4 + 2).
 */
static void
test_HO_2_rally_passes(void **state)
{
	struct game *g;
	int u, r[2], s;

	(void)state;
	for (s = 1; s < 200; s++) {
		g = field();
		game_seed(g, (uint64_t)s);
		dice(g, 2, 6, r);
		game_free(g);
		if (r[0] + r[1] <= 6)
			break;
	}
	assert_true(s < 200);
	g = field();
	game_seed(g, (uint64_t)s);
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 10, DIR_N, 200);
	unit(g, "e", 1, ARM_INFANTRY, "close", "line", 50, 38, DIR_N, 200);
	hm_rout(g, u, "HO.9.2", "test");
	assert_true(g->units[u].ntrack > 0);
	hm_phase_rally(g);
	assert_int_equal(g->units[u].cond, COND_MOB);
	assert_int_equal(g->units[u].ntrack, 0);
	assert_int_equal(g->units[u].order.kind, ORDER_NONE);
	assert_int_equal(g->units[u].facing, DIR_SE);
	assert_int_equal(count(g, "HO.2", "it rallies, Disordered, facing SE"),
	    1);
	/* The occupancy grid holds it on its block facing SE, and on no
	 * cell of the block it had facing N. */
	{
		struct point c[256];
		int i, n = game_footprint(g, &g->units[u], c), held = 0;

		assert_true(n > 0 && n <= 256);
		for (i = 0; i < n; i++)
			assert_int_equal(game_unit_at(g, c[i].x, c[i].y), u);
		for (i = 0; i < g->map->w * g->map->h; i++)
			if (g->occ[i] == u + 1)
				held++;
		assert_int_equal(held, n);
	}
	game_free(g);
}

/* H11 in the morale phase: a routed wagon stays where it is. */
static void
test_002_H11_routed_wagon_stays(void **state)
{
	struct game *g = field();
	int w;

	(void)state;
	w = unit(g, "w", 0, ARM_ARTILLERY, "wagon", "limbered", 20, 10, DIR_N,
	    20);
	hm_rout(g, w, "HO.9.2", "test");
	hm_phase_morale(g);
	assert_int_equal(g->units[w].cond, COND_ROUTED);
	assert_int_equal(g->units[w].pos.x, 20);
	assert_int_equal(g->units[w].pos.y, 10);
	assert_int_equal(count(g, "HO.9.3", "flees"), 0);
	game_free(g);
}

/* HO.2: a general within reach adds 1 to the rally: 2d6 <= Drill 4 + 2
 * + 1 = 7, the general named in the test; a unit that rallies faces
 * the nearest enemy (here due south of it). */
static void
test_HO_2_rally_general_near_adds_one(void **state)
{
	struct game *g = field();
	char text[200];
	int u, r[2];

	(void)state;
	unit(g, "e", 1, ARM_INFANTRY, "close", "line", 20, 38, DIR_N, 200);
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 10, DIR_N, 200);
	g->generals[0].pos = centre(g, u);
	hm_rout(g, u, "HO.9.2", "test");
	dice(g, 2, 6, r);
	hm_phase_rally(g);
	snprintf(text, sizeof text, "u tries to rally: needs 7 or less "
	    "(Drill 4 + 2 +1 (Morgan near)); rolls %d (%d+%d): %s",
	    r[0] + r[1], r[0], r[1], r[0] + r[1] <= 7 ? "it rallies, "
	    "Disordered, facing S" : "it flees on");
	assert_int_equal(count(g, "HO.2", text), 1);
	assert_int_equal(g->units[u].cond, r[0] + r[1] <= 7 ? COND_MOB :
	    COND_ROUTED);
	assert_int_equal(g->units[u].facing, r[0] + r[1] <= 7 ? DIR_S :
	    DIR_N);
	game_free(g);
}

/* HO.2: of two formed enemies as near (the same gap, one each side of
 * the router), the first in the order of units is the one named. */
static void
test_HO_2_of_two_enemies_as_near_the_first_named(void **state)
{
	struct game *g = field();
	int u, a, b;

	(void)state;
	a = unit(g, "a", 1, ARM_INFANTRY, "close", "line", 20, 4, DIR_S, 200);
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 10, DIR_N, 200);
	b = unit(g, "b", 1, ARM_INFANTRY, "close", "line", 20, 17, DIR_N, 200);
	assert_int_equal(hm_gap(g, u, a), hm_gap(g, u, b));
	hm_rout(g, u, "HO.9.2", "test");
	hm_phase_rally(g);
	assert_int_equal(count(g, "HO.2", "u cannot rally: a is"), 1);
	assert_int_equal(count(g, "HO.2", "u cannot rally: b is"), 0);
	game_free(g);
	/* The same with the two the other way about in the order. */
	g = field();
	b = unit(g, "b", 1, ARM_INFANTRY, "close", "line", 20, 17, DIR_N, 200);
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 10, DIR_N, 200);
	a = unit(g, "a", 1, ARM_INFANTRY, "close", "line", 20, 4, DIR_S, 200);
	assert_int_equal(hm_gap(g, u, a), hm_gap(g, u, b));
	hm_rout(g, u, "HO.9.2", "test");
	hm_phase_rally(g);
	assert_int_equal(count(g, "HO.2", "u cannot rally: b is"), 1);
	game_free(g);
}

/* HO.2: a roll of exactly the target rallies: 2d6 = 6 against Drill 4
 * + 2.  The seed is the first whose dice make 6. */
static void
test_HO_2_rally_on_exactly_the_target(void **state)
{
	struct game *g;
	char text[160];
	int u, r[2], s;

	(void)state;
	for (s = 1; s < 400; s++) {
		g = field();
		game_seed(g, (uint64_t)s);
		dice(g, 2, 6, r);
		game_free(g);
		if (r[0] + r[1] == 6)
			break;
	}
	assert_true(s < 400);
	g = field();
	game_seed(g, (uint64_t)s);
	unit(g, "e", 1, ARM_INFANTRY, "close", "line", 50, 38, DIR_N, 200);
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 10, DIR_N, 200);
	hm_rout(g, u, "HO.9.2", "test");
	hm_phase_rally(g);
	snprintf(text, sizeof text, "u tries to rally: needs 6 or less "
	    "(Drill 4 + 2); rolls 6 (%d+%d): it rallies, Disordered", r[0],
	    r[1]);
	assert_int_equal(count(g, "HO.2", text), 1);
	assert_int_equal(g->units[u].cond, COND_MOB);
	game_free(g);
}

/* No formed enemy within 12 inches: 2d6 <= Drill 4 + 2 = 6. */
static void
test_HO_2_rally_test(void **state)
{
	struct game *g = field();
	int u, r[2];

	(void)state;
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 10, DIR_N, 200);
	unit(g, "e", 1, ARM_INFANTRY, "close", "line", 50, 38, DIR_N, 200);
	hm_rout(g, u, "HO.9.2", "test");
	dice(g, 2, 6, r);
	hm_phase_rally(g);
	assert_int_equal(count(g, "HO.2", "needs 6 or less"), 1);
	assert_int_equal(g->units[u].cond, r[0] + r[1] <= 6 ? COND_MOB :
	    COND_ROUTED);
	game_free(g);
}

/* The turn runs the rally phase by its key, the first the module runs
 * (after the orders): the same rally test, 2d6 <= Drill 4 + 2 = 6, the
 * game standing in that phase. */
static void
test_HO_2_rally_phase_run_by_its_key(void **state)
{
	struct game *g = field();
	int u, r[2], p;

	(void)state;
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 10, DIR_N, 200);
	unit(g, "e", 1, ARM_INFANTRY, "close", "line", 50, 38, DIR_N, 200);
	hm_rout(g, u, "HO.9.2", "test");
	for (p = 0; p < rs->nphases; p++)
		if (strcmp(rs->phase_keys[p], "rally") == 0)
			break;
	assert_true(p < rs->nphases);
	dice(g, 2, 6, r);
	rs->ops->phase_run(g, p);
	assert_int_equal(g->phase, p);
	assert_int_equal(count(g, "HO.2", "needs 6 or less"), 1);
	assert_int_equal(g->units[u].cond, r[0] + r[1] <= 6 ? COND_MOB :
	    COND_ROUTED);
	game_free(g);
}

/* HO.2: the first unit of the battle is an enemy like any other: a
 * formed enemy (unit 0) within 12 inches forbids the rally test; away
 * from it the log gives the whole test: the target and why (Drill 4 + 2),
 * the roll and its dice. */
static void
test_HO_2_rally_by_the_first_unit_and_the_test_explained(void **state)
{
	struct game *g = field();
	char text[128];
	int u, r[2];

	(void)state;
	unit(g, "e", 1, ARM_INFANTRY, "close", "line", 20, 30, DIR_N, 200);
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 10, DIR_N, 200);
	hm_rout(g, u, "HO.9.2", "test");
	hm_phase_rally(g);
	assert_int_equal(g->units[u].cond, COND_ROUTED);
	assert_int_equal(count(g, "HO.2", "u cannot rally: e is"), 1);
	game_free(g);

	g = field();
	unit(g, "e", 1, ARM_INFANTRY, "close", "line", 50, 38, DIR_N, 200);
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 10, DIR_N, 200);
	hm_rout(g, u, "HO.9.2", "test");
	dice(g, 2, 6, r);
	hm_phase_rally(g);
	snprintf(text, sizeof text, "u tries to rally: needs 6 or less "
	    "(Drill 4 + 2); rolls %d (%d+%d)", r[0] + r[1], r[0], r[1]);
	assert_int_equal(count(g, "HO.2", text), 1);
	assert_int_equal(g->units[u].cond, r[0] + r[1] <= 6 ? COND_MOB :
	    COND_ROUTED);
	game_free(g);
}

/* A formed enemy within 12 inches: no test at all. */
static void
test_HO_2_enemy_near_no_rally(void **state)
{
	struct game *g = field();
	int u;

	(void)state;
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 10, DIR_N, 200);
	unit(g, "e", 1, ARM_INFANTRY, "close", "line", 20, 30, DIR_N, 200);
	hm_rout(g, u, "HO.9.2", "test");
	hm_phase_rally(g);
	assert_int_equal(g->units[u].cond, COND_ROUTED);
	assert_int_equal(count(g, "HO.2", "cannot rally"), 1);
	game_free(g);
}

/* HO.2: "within" the rally gap counts its edge: a formed enemy exactly
 * the rally gap (12 inches) away still forbids the test, and the log gives
 * that gap; one cell farther, the routed unit tests. */
static void
test_HO_2_enemy_at_the_rally_gap_no_rally(void **state)
{
	const int want = hm_turn(rs)->rally_gap;
	struct game *g;
	char text[80], at[32];
	int u, e, y, edge = -1;

	(void)state;
	for (y = 11; y >= 0 && edge < 0; y--) {
		g = field();
		u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 36,
		    DIR_N, 200);
		e = unit(g, "e", 1, ARM_INFANTRY, "close", "line", 20, y,
		    DIR_S, 200);
		if (hm_gap(g, u, e) == want)
			edge = y;
		game_free(g);
	}
	assert_true(edge > 0);		/* the edge is on this field */
	g = field();
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 36, DIR_N, 200);
	unit(g, "e", 1, ARM_INFANTRY, "close", "line", 20, edge, DIR_S, 200);
	hm_rout(g, u, "HO.9.2", "test");
	hm_phase_rally(g);
	assert_int_equal(g->units[u].cond, COND_ROUTED);
	ruleset_fmt(rs, want, at, sizeof at);
	snprintf(text, sizeof text, "u cannot rally: e is %s away", at);
	assert_int_equal(count(g, "HO.2", text), 1);
	game_free(g);
	g = field();
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 36, DIR_N, 200);
	e = unit(g, "e", 1, ARM_INFANTRY, "close", "line", 20, edge - 1,
	    DIR_S, 200);
	assert_true(hm_gap(g, u, e) > want);
	hm_rout(g, u, "HO.9.2", "test");
	hm_phase_rally(g);
	assert_int_equal(count(g, "HO.2", "cannot rally"), 0);
	assert_int_equal(count(g, "HO.2", "needs 6 or less"), 1);
	game_free(g);
}

/* --- HO.10 The end ------------------------------------------------------ */

/* Every event under rule is the battle's, of no unit (the log and the
 * screens group events by their unit): at least one of them. */
static void
battle_wide(const struct game *g, const char *rule)
{
	int i, n = 0;

	for (i = 0; i < g->log.n; i++)
		if (strcmp(g->log.v[i].rule, rule) == 0) {
			assert_int_equal(g->log.v[i].unit, -1);
			n++;
		}
	assert_true(n > 0);
}

/* A side with 40% routed breaks, and the other side wins at once; the log
 * says so. */
static void
test_HO_10_break_point_ends(void **state)
{
	struct game *g = field();
	char text[96];
	int u;

	(void)state;
	unit(g, "a", 0, ARM_INFANTRY, "close", "line", 10, 30, DIR_N, 200);
	unit(g, "b", 1, ARM_INFANTRY, "close", "line", 10, 5, DIR_S, 300);
	u = unit(g, "c", 1, ARM_INFANTRY, "close", "line", 40, 5, DIR_S, 200);
	g->break_point = 40;
	g->units[u].cond = COND_ROUTED;
	hm_phase_end(g);
	assert_true(g->sides[1].broken);
	assert_true(game_over(g));
	assert_int_equal(g->result.winner, 0);
	assert_string_equal(g->result.rule, "HO.10");
	snprintf(text, sizeof text, "the battle is over after turn %d: the "
	    "British have broken and the Americans win", g->turn);
	assert_int_equal(count(g, "HO.10", text), 1);
	/* no objectives on this field: no points to either side */
	assert_int_equal(g->result.points[0], 0);
	assert_int_equal(g->result.points[1], 0);
	game_free(g);
}

/* HO.10: a side of a single man, routed, has lost all it had and breaks,
 * and the other wins, with the points of the rise it holds; a side with
 * no men at all has nothing to lose and does not (the battle goes on). */
static void
test_HO_10_break_point_of_one_man_and_of_none(void **state)
{
	struct game *g = field();
	int u;

	(void)state;
	g->objectives = calloc(1, sizeof *g->objectives);
	g->objectives[0].name = strdup("the rise");
	g->objectives[0].at = (struct point){ 10, 29 };
	g->objectives[0].points = 3;
	g->nobjectives = 1;
	unit(g, "a", 0, ARM_INFANTRY, "close", "line", 10, 30, DIR_N, 200);
	u = unit(g, "b", 1, ARM_INFANTRY, "close", "line", 10, 5, DIR_S, 1);
	g->break_point = 40;
	g->units[u].cond = COND_ROUTED;
	g->units[0].lost_turn = 5;
	hm_phase_end(g);
	assert_true(g->sides[1].broken);
	assert_false(g->sides[0].broken);
	assert_int_equal(g->result.winner, 0);
	/* the points of the objectives count when a side breaks */
	assert_int_equal(g->result.points[0], 3);
	assert_int_equal(g->result.points[1], 0);
	battle_wide(g, "HO.10");
	/* losses count toward morale in their own turn only */
	assert_int_equal(g->units[0].lost_turn, 0);
	game_free(g);
	g = field();
	unit(g, "a", 0, ARM_INFANTRY, "close", "line", 10, 30, DIR_N, 200);
	g->break_point = 40;
	hm_phase_end(g);
	assert_false(g->sides[0].broken);
	assert_false(g->sides[1].broken);
	assert_false(game_over(g));
	game_free(g);
}

/* HO.10: a break point of 1%: the British, 200 men, with a unit of 2
 * routed have lost 1% and break; the Americans, nothing lost, do not. */
static void
test_HO_10_break_point_of_one_per_cent(void **state)
{
	struct game *g = field();
	int u;

	(void)state;
	unit(g, "a", 0, ARM_INFANTRY, "close", "line", 10, 30, DIR_N, 200);
	unit(g, "b", 1, ARM_INFANTRY, "close", "line", 10, 5, DIR_S, 198);
	u = unit(g, "c", 1, ARM_INFANTRY, "close", "line", 40, 5, DIR_S, 2);
	g->break_point = 1;
	g->units[u].cond = COND_ROUTED;
	hm_phase_end(g);
	assert_true(g->sides[1].broken);
	assert_false(g->sides[0].broken);
	assert_int_equal(count(g, "HO.10", "the British break: 2 of 200 men "
	    "lost, routed, taken or dispersed (1%, break point 1%)"), 1);
	game_free(g);
}

/* HO.10: the share lost is whole per cent of the side's first strength,
 * rounded down: 398 of 1000 men is 39%, short of a 40% break point; 400
 * is 40%, and the side breaks. */
static void
test_HO_10_break_point_in_whole_per_cent(void **state)
{
	struct game *g;
	int u, lost;

	(void)state;
	for (lost = 398; lost <= 400; lost += 2) {
		g = field();
		unit(g, "a", 0, ARM_INFANTRY, "close", "line", 10, 30, DIR_N,
		    200);
		unit(g, "b", 1, ARM_INFANTRY, "close", "line", 10, 5, DIR_S,
		    600);
		u = unit(g, "c", 1, ARM_INFANTRY, "close", "line", 40, 5,
		    DIR_S, 400);
		g->units[u].strength = 400 - lost;
		g->break_point = 40;
		hm_phase_end(g);
		assert_int_equal(g->sides[1].broken, lost >= 400);
		assert_int_equal(count(g, "HO.10", "the British break: 400 of "
		    "1000 men lost, routed, taken or dispersed (40%, break "
		    "point 40%)"), lost >= 400 ? 1 : 0);
		game_free(g);
	}
}

/* HO.10: both sides past the break point in the same turn: the battle
 * ends at once on the objectives' points, here none to either, a draw. */
static void
test_HO_10_both_sides_break(void **state)
{
	struct game *g = field();
	int a, b;

	(void)state;
	a = unit(g, "a", 0, ARM_INFANTRY, "close", "line", 10, 30, DIR_N, 200);
	unit(g, "c", 0, ARM_INFANTRY, "close", "line", 40, 30, DIR_N, 200);
	b = unit(g, "b", 1, ARM_INFANTRY, "close", "line", 10, 5, DIR_S, 200);
	unit(g, "d", 1, ARM_INFANTRY, "close", "line", 40, 5, DIR_S, 200);
	g->break_point = 40;
	g->units[a].cond = COND_ROUTED;
	g->units[b].cond = COND_ROUTED;
	hm_phase_end(g);
	assert_true(g->sides[0].broken);
	assert_true(g->sides[1].broken);
	assert_true(game_over(g));
	assert_int_equal(g->result.winner, -1);
	assert_int_equal(g->result.points[0], 0);
	assert_int_equal(g->result.points[1], 0);
	assert_int_equal(count(g, "HO.10", "both sides have broken"), 1);
	game_free(g);
}

/* The objective goes to the side with the closer formed unit within 2 in;
 * at the turn limit it decides. */
static void
test_HO_10_objective_turn_limit(void **state)
{
	struct game *g = field();

	(void)state;
	g->objectives = calloc(1, sizeof *g->objectives);
	g->objectives[0].name = strdup("the rise");
	g->objectives[0].at = (struct point){ 20, 20 };
	g->objectives[0].points = 3;
	g->nobjectives = 1;
	unit(g, "a", 0, ARM_INFANTRY, "close", "line", 20, 26, DIR_N, 200);
	assert_int_equal(hm_objective_holder(g, 0), -1);	/* 2.5 in */
	unit(g, "b", 1, ARM_INFANTRY, "close", "line", 20, 18, DIR_S, 200);
	assert_int_equal(hm_objective_holder(g, 0), 1);
	g->opt.turn_limit = 1;
	hm_phase_end(g);
	assert_true(game_over(g));
	assert_int_equal(g->result.winner, 1);
	assert_int_equal(g->result.points[1], 3);
	assert_int_equal(count(g, "HO.10", "the British hold the rise: 3 "
	    "points"), 1);
	assert_int_equal(count(g, "HO.10", "the turn limit: 0 points to 3, the "
	    "British win"), 1);
	game_free(g);
}

/* The same at the turn limit with the rise held by the first side: the
 * Americans' Line 1 in off it, the British 5 in off: 3 points to 0, the
 * Americans win.  A Line standing on the rise, of either side, holds it
 * as well. */
static void
test_HO_10_objective_turn_limit_first_side_wins(void **state)
{
	struct game *g = field();

	(void)state;
	g->objectives = calloc(1, sizeof *g->objectives);
	g->objectives[0].name = strdup("the rise");
	g->objectives[0].at = (struct point){ 20, 20 };
	g->objectives[0].points = 3;
	g->nobjectives = 1;
	unit(g, "a", 0, ARM_INFANTRY, "close", "line", 20, 22, DIR_N, 200);
	unit(g, "b", 1, ARM_INFANTRY, "close", "line", 20, 10, DIR_S, 200);
	assert_int_equal(hm_objective_holder(g, 0), 0);
	g->opt.turn_limit = 1;
	hm_phase_end(g);
	assert_true(game_over(g));
	assert_int_equal(g->result.winner, 0);
	assert_int_equal(g->result.points[0], 3);
	assert_int_equal(g->result.points[1], 0);
	assert_int_equal(count(g, "HO.10", "the turn limit: 3 points to 0, the "
	    "Americans win"), 1);
	game_free(g);

	/* Standing on the rise itself, no gap at all, holds it too. */
	g = field();
	g->objectives = calloc(1, sizeof *g->objectives);
	g->objectives[0].name = strdup("the rise");
	g->objectives[0].at = (struct point){ 20, 20 };
	g->objectives[0].points = 3;
	g->nobjectives = 1;
	unit(g, "a", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	unit(g, "b", 1, ARM_INFANTRY, "close", "line", 20, 10, DIR_S, 200);
	assert_int_equal(hm_objective_holder(g, 0), 0);
	game_free(g);
	g = field();
	g->objectives = calloc(1, sizeof *g->objectives);
	g->objectives[0].name = strdup("the rise");
	g->objectives[0].at = (struct point){ 20, 20 };
	g->objectives[0].points = 3;
	g->nobjectives = 1;
	unit(g, "a", 0, ARM_INFANTRY, "close", "line", 20, 30, DIR_N, 200);
	unit(g, "b", 1, ARM_INFANTRY, "close", "line", 20, 20, DIR_S, 200);
	assert_int_equal(hm_objective_holder(g, 0), 1);
	game_free(g);
}

/* The field with "the rise" (3 points) at [20, 20], a Line of each side
 * facing it, side 0's at row ya, side 1's at row 18. */
static struct game *
rise(int ya)
{
	struct game *g = field();

	g->objectives = calloc(1, sizeof *g->objectives);
	g->objectives[0].name = strdup("the rise");
	g->objectives[0].at = (struct point){ 20, 20 };
	g->objectives[0].points = 3;
	g->nobjectives = 1;
	unit(g, "a", 0, ARM_INFANTRY, "close", "line", 20, ya, DIR_N, 200);
	unit(g, "b", 1, ARM_INFANTRY, "close", "line", 20, 18, DIR_S, 200);
	return g;
}

/* The gap from unit u's block to the objective's cell, as HO.10 measures
 * it (0 for a block over it). */
static int
objective_gap(const struct game *g, int u)
{
	struct point *cells = game_cells_take(g);
	int n = game_footprint(g, &g->units[u], cells);
	int gap = near_block_gap(cells, n, &g->objectives[0].at, 1);

	game_cells_give(g, cells);
	return gap < 0 ? 0 : gap;
}

/*
 * HO.10: a formed unit holds an objective up to the hold distance (2 in,
 * 8 ticks) to the tick: a Line of side 0 alone south of the rise holds it
 * at exactly that gap, not a cell farther.  And a side's nearest unit is
 * its distance, whichever comes first: side 0's Line over the rise (0)
 * holds it against side 1's Column nearer than side 0's second unit.
 */
static void
test_HO_10_hold_to_the_tick_and_by_the_nearest(void **state)
{
	struct game *g;
	int y, a, a2, b, edge = -1, hold = hm_turn(rs)->hold;

	(void)state;
	assert_int_equal(hold, 8);
	for (y = 21; y < 36 && edge < 0; y++) {
		g = rise(y);
		game_occupy(g, 1, false);
		g->units[1].cond = COND_ROUTED;		/* b counts not */
		if (objective_gap(g, 0) == hold)
			edge = y;
		game_free(g);
	}
	assert_true(edge > 0);
	for (y = edge; y <= edge + 1; y++) {
		g = rise(y);
		game_occupy(g, 1, false);
		g->units[1].cond = COND_ROUTED;
		assert_int_equal(hm_objective_holder(g, 0), y == edge ? 0 : -1);
		game_free(g);
	}
	g = field();
	g->objectives = calloc(1, sizeof *g->objectives);
	g->objectives[0].name = strdup("the rise");
	g->objectives[0].at = (struct point){ 20, 20 };
	g->objectives[0].points = 3;
	g->nobjectives = 1;
	a = unit(g, "a", 0, ARM_INFANTRY, "close", "line", 16, 20, DIR_N, 200);
	a2 = unit(g, "a2", 0, ARM_INFANTRY, "close", "column", 20, 25, DIR_N,
	    200);
	b = unit(g, "b", 1, ARM_INFANTRY, "close", "column", 19, 14, DIR_N,
	    200);
	assert_int_equal(objective_gap(g, a), 0);
	assert_true(objective_gap(g, b) > 0);
	assert_true(objective_gap(g, b) < objective_gap(g, a2));
	assert_true(objective_gap(g, a2) <= hold);
	assert_int_equal(hm_objective_holder(g, 0), 0);
	/* At the turn limit: 1 point (not "points") to side 0. */
	g->objectives[0].points = 1;
	g->opt.turn_limit = 1;
	hm_phase_end(g);
	assert_int_equal(g->result.points[0], 1);
	assert_int_equal(g->result.points[1], 0);
	assert_int_equal(count(g, "HO.10", "the Americans hold the rise: 1 "
	    "point"), 1);
	assert_int_equal(count(g, "HO.10", "rise: 1 points"), 0);
	battle_wide(g, "HO.10");
	game_free(g);
}

/* HO.10: formed units of both sides as close to an objective: it is
 * contested, no points to either, and the battle a draw at the turn
 * limit; otherwise the nearer side holds it. */
static void
test_HO_10_objective_contested(void **state)
{
	struct game *g = rise(22);

	(void)state;
	assert_int_equal(hm_objective_holder(g, 0), -2);
	g->opt.turn_limit = 1;
	hm_phase_end(g);
	assert_int_equal(g->cells->used, 0);	/* its buffers given back */
	assert_true(game_over(g));
	assert_int_equal(g->result.winner, -1);
	assert_int_equal(g->result.points[0], 0);
	assert_int_equal(g->result.points[1], 0);
	assert_int_equal(count(g, "HO.10", "the rise is contested: no points"),
	    1);
	battle_wide(g, "HO.10");
	game_free(g);
	g = rise(21);		/* the Americans a cell nearer */
	assert_int_equal(hm_objective_holder(g, 0), 0);
	game_free(g);
	g = rise(23);		/* the British nearer */
	assert_int_equal(hm_objective_holder(g, 0), 1);
	g->opt.turn_limit = 1;	/* and they win on its points */
	hm_phase_end(g);
	assert_int_equal(g->result.winner, 1);
	assert_int_equal(g->result.points[0], 0);
	assert_int_equal(g->result.points[1], 3);
	assert_int_equal(count(g, "HO.10", "the turn limit: 0 points to 3, "
	    "the British win"), 1);
	game_free(g);
	/* The Americans' block over it, the British touching it: both as
	 * close as can be (a block over the point counts as 0). */
	g = field();
	g->objectives = calloc(1, sizeof *g->objectives);
	g->objectives[0].name = strdup("the rise");
	g->objectives[0].at = (struct point){ 20, 20 };
	g->objectives[0].points = 3;
	g->nobjectives = 1;
	unit(g, "a", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	unit(g, "b", 1, ARM_INFANTRY, "close", "line", 20, 19, DIR_S, 200);
	assert_int_equal(hm_objective_holder(g, 0), -2);
	game_free(g);
}

/* Routed, taken and dispersed men do not count as standing. */
static void
test_HO_10_side_strength(void **state)
{
	struct game *g = field();
	long start, now;
	int u;

	(void)state;
	unit(g, "a", 0, ARM_INFANTRY, "close", "line", 10, 30, DIR_N, 200);
	u = unit(g, "b", 0, ARM_CAVALRY, "light", "line", 40, 30, DIR_N, 80);
	hm_hit(g, 0, 3);
	g->units[u].cond = COND_ROUTED;
	hm_side_strength(g, 0, &start, &now);
	assert_int_equal(start, 280);
	assert_int_equal(now, 140);
	game_free(g);
}

/* --- H13 Facing after movement ------------------------------------------ */

/* An enemy 4 inches to the east, none in front: the Line faces east,
 * rotated about its centre. */
static void
test_002_H13_turns_to_enemy_in_range(void **state)
{
	struct game *g = field();
	int u;
	struct point c;

	(void)state;
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	unit(g, "e", 1, ARM_INFANTRY, "close", "column", 34, 22, DIR_W, 200);
	c = centre(g, u);
	hm_phase_facing(g);
	assert_int_equal(g->units[u].facing, DIR_E);
	/* The 8 x 2 block turns about its centre to 2 x 8 facing E. */
	assert_int_equal(centre(g, u).x, c.x);
	assert_int_equal(centre(g, u).y, c.y);
	assert_int_equal(g->units[u].pos.x, 21);
	assert_int_equal(g->units[u].pos.y, 20);
	assert_int_equal(count(g, "H13", "from N to E about its centre"), 1);
	game_free(g);
}

/*
 * H13 on the units as they stand: u turns first (the order of units) to
 * face e on its east, its 8 x 2 Line becoming 2 x 8 about its centre, and
 * so comes within b's musket (6 in, 24 ticks), b's Line standing 26
 * ticks north of it and facing away: b then turns about to face u, 20
 * ticks off now, whom it could not reach before u turned.
 */
static void
test_002_H13_turns_to_an_enemy_who_turned_into_range(void **state)
{
	struct game *g = field();
	int u, b;

	(void)state;
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	unit(g, "e", 1, ARM_INFANTRY, "close", "column", 34, 22, DIR_W, 200);
	b = unit(g, "b", 1, ARM_INFANTRY, "close", "line", 20, 5, DIR_N, 200);
	assert_int_equal(hm_fire_range(g, b), 24);
	assert_int_equal(hm_gap(g, u, b), 26);
	hm_phase_facing(g);
	assert_int_equal(g->units[u].facing, DIR_E);
	assert_int_equal(hm_gap(g, u, b), 20);
	assert_int_equal(g->units[b].facing, DIR_S);
	assert_int_equal(g->units[b].pos.x, 21);
	assert_int_equal(g->units[b].pos.y, 6);
	assert_int_equal(count(g, "H13", "b turns 4 x 45 degrees from N to "
	    "S about its centre to face u"), 1);
	game_free(g);
}

/*
 * H13: a unit charged in flank or rear turns to face its charger; of two
 * chargers, the nearer, whatever their order of units: u's Line is
 * charged by horse on each flank, e (the first unit) 1 cell off its east
 * end and w touching its west end: it turns west, about its centre.
 * With w gone, it turns east to e, the first unit of the battle.
 */
static void
test_002_H13_turns_to_the_nearer_charger(void **state)
{
	struct game *g;
	int u, e, w = -1, k;

	(void)state;
	for (k = 0; k < 2; k++) {
		g = field();
		e = unit(g, "e", 1, ARM_CAVALRY, "light", "column", 26, 20,
		    DIR_W, 80);
		if (k == 0)
			w = unit(g, "w", 1, ARM_CAVALRY, "light", "column", 16,
			    20, DIR_E, 80);
		u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 20,
		    DIR_N, 200);
		assert_int_equal(e, 0);
		assert_int_equal(hm_gap(g, u, e), 2);
		HM_MARKS(&g->units[e]) = HM_CHARGER;
		g->units[e].contact = u;
		g->units[u].contact = e;
		if (k == 0) {
			assert_int_equal(hm_gap(g, u, w), 0);
			HM_MARKS(&g->units[w]) = HM_CHARGER;
			g->units[w].contact = u;
			g->units[u].contact = w;
		}
		hm_phase_facing(g);
		assert_int_equal(g->units[u].facing, k == 0 ? DIR_W : DIR_E);
		assert_int_equal(count(g, "H13", k == 0 ? "to face w (its "
		    "charger)" : "to face e (its charger)"), 1);
		game_free(g);
	}
}

/*
 * H13: the unit charged is the battle's first: u (unit 0) charged in its
 * west flank by horse w turns to face it.
 */
static void
test_002_H13_the_first_unit_turns_to_its_charger(void **state)
{
	struct game *g = field();
	int u, w;

	(void)state;
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	w = unit(g, "w", 1, ARM_CAVALRY, "light", "column", 16, 20, DIR_E, 80);
	assert_int_equal(u, 0);
	assert_int_equal(hm_gap(g, u, w), 0);
	HM_MARKS(&g->units[w]) = HM_CHARGER;
	g->units[w].contact = u;
	g->units[u].contact = w;
	hm_phase_facing(g);
	assert_int_equal(g->units[u].facing, DIR_W);
	assert_int_equal(count(g, "H13", "to face w (its charger)"), 1);
	game_free(g);
}

/*
 * H13: two chargers at the same gap: the unit turns to the first in the
 * order of units (e, east, touching as w does west).
 */
static void
test_002_H13_of_two_chargers_as_near_the_first(void **state)
{
	struct game *g = field();
	int u, e, w;

	(void)state;
	e = unit(g, "e", 1, ARM_CAVALRY, "light", "column", 25, 20, DIR_W, 80);
	w = unit(g, "w", 1, ARM_CAVALRY, "light", "column", 16, 20, DIR_E, 80);
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	assert_int_equal(hm_gap(g, u, e), 0);
	assert_int_equal(hm_gap(g, u, w), 0);
	HM_MARKS(&g->units[e]) = HM_CHARGER;
	HM_MARKS(&g->units[w]) = HM_CHARGER;
	g->units[e].contact = u;
	g->units[w].contact = u;
	g->units[u].contact = w;
	hm_phase_facing(g);
	assert_int_equal(g->units[u].facing, DIR_E);
	game_free(g);
}

/*
 * H13: a unit held in melee does not turn: horse u in Line (its carbine
 * reaching 2 in) has for contact e, the battle's first unit, touching its
 * west end (no charger: the melee goes on).  Out of that melee, u would
 * turn to face e, the nearest enemy in range and off its front.
 */
static void
test_002_H13_held_in_melee_no_turn(void **state)
{
	struct game *g;
	int u, e, k;

	(void)state;
	for (k = 0; k < 2; k++) {
		g = field();
		e = unit(g, "e", 1, ARM_CAVALRY, "light", "column", 16, 20,
		    DIR_E, 80);
		u = unit(g, "u", 0, ARM_CAVALRY, "light", "line", 20, 20,
		    DIR_N, 80);
		assert_int_equal(e, 0);
		assert_int_equal(hm_gap(g, u, e), 0);
		if (k == 0) {
			g->units[u].contact = e;
			g->units[e].contact = u;
		}
		hm_phase_facing(g);
		assert_int_equal(g->units[u].facing, k == 0 ? DIR_N : DIR_W);
		game_free(g);
	}
}

/*
 * H13: a unit that would turn where its block has no room stays as it
 * is, saying why: u's Line would turn to face e on its east, but friend
 * b stands where its turned block would reach.
 */
static void
test_002_H13_no_room_to_turn(void **state)
{
	struct game *g = field();
	int u;

	(void)state;
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	unit(g, "e", 1, ARM_INFANTRY, "close", "column", 34, 22, DIR_W, 200);
	unit(g, "b", 0, ARM_INFANTRY, "close", "line", 18, 16, DIR_N, 200);
	hm_phase_facing(g);
	assert_int_equal(g->units[u].facing, DIR_N);
	assert_int_equal(g->units[u].pos.x, 20);
	assert_int_equal(g->units[u].pos.y, 20);
	assert_int_equal(count(g, "H13", "u cannot turn to face e: it would "
	    "leave the map or meet a unit"), 1);
	game_free(g);
}

/* Unit u holds the n cells given and no other cell of the map. */
static void
held(const struct game *g, int u, const struct point *cells, int n)
{
	int x, y, i, in;

	for (y = 0; y < g->map->h; y++)
		for (x = 0; x < g->map->w; x++) {
			for (in = 0, i = 0; i < n; i++)
				if (cells[i].x == x && cells[i].y == y)
					in = 1;
			assert_int_equal(game_unit_at(g, x, y) == u, in);
		}
}

/*
 * H13: the turned block may not straddle an obstacle nor stand on ground
 * its formation may not enter, whichever of its cells it is.  u's Line
 * would turn to face e on its east (test_002_H13_turns_to_enemy_in_range),
 * its block becoming 2 x 8 at [21, 20]: a fence on any edge between two
 * cells of that block, or ground forbidden to a Line under any one of
 * them (the data forbids none: the test forbids rough ground), keeps it
 * facing north, saying why; a fence along the block's rim does not: it
 * turns and stands behind it.
 */
static void
test_002_H13_no_turn_across_an_obstacle_or_onto_forbidden_ground(
    void **state)
{
	static const enum dir four[4] = { DIR_N, DIR_E, DIR_S, DIR_W };
	struct point cells[64];
	struct game *g;
	int fence = ruleset_obst(rs, "fence");
	int rough = ruleset_land(rs, "rough"), line = ruleset_form(rs, "line");
	int i, j, k, n, u, edges = 0, rim = 0;
	uint32_t keep;

	(void)state;
	assert_true(fence > 0 && rough >= 0 && line >= 0);
	g = field();
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	assert_true(g->cells_max <= 64);
	n = game_footprint_at(g, &g->units[u], (struct point){ 21, 20 },
	    DIR_E, line, cells);
	game_free(g);
	for (k = 0; k < n; k++) {
		for (j = 0; j < 4; j++) {
			struct point o = { cells[k].x + dir_dx[four[j]],
			    cells[k].y + dir_dy[four[j]] };

			for (i = 0; i < n; i++)
				if (cells[i].x == o.x && cells[i].y == o.y)
					break;
			g = field();
			u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20,
			    20, DIR_N, 200);
			unit(g, "e", 1, ARM_INFANTRY, "close", "column", 34, 22,
			    DIR_W, 200);
			map_edge_set(g->map, cells[k].x, cells[k].y, four[j],
			    fence, 0);
			hm_phase_facing(g);
			/* every buffer of cells borrowed is given back */
			assert_int_equal(g->cells->used, 0);
			if (i == n) {
				/* on the block's rim: it stands behind it */
				assert_int_equal(g->units[u].facing, DIR_E);
				assert_int_equal(g->units[u].pos.x, 21);
				assert_int_equal(count(g, "H13", "u turns 2 x "
				    "45 degrees from N to E"), 1);
				held(g, u, cells, n);
				rim++;
			} else {
				assert_int_equal(g->units[u].facing, DIR_N);
				assert_int_equal(g->units[u].pos.x, 20);
				assert_int_equal(count(g, "H13", "u cannot "
				    "turn to face e: it would straddle an "
				    "obstacle"), 1);
				edges++;
			}
			game_free(g);
		}
		g = field();
		u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 20,
		    DIR_N, 200);
		unit(g, "e", 1, ARM_INFANTRY, "close", "column", 34, 22,
		    DIR_W, 200);
		map_cell(g->map, cells[k].x, cells[k].y)->land = (uint8_t)rough;
		keep = rs->land[rough].forbid;
		rs->land[rough].forbid |= 1u << line;
		hm_phase_facing(g);
		rs->land[rough].forbid = keep;
		assert_int_equal(g->units[u].facing, DIR_N);
		assert_int_equal(count(g, "H13", "u cannot turn to face e: its "
		    "formation may not stand on that ground"), 1);
		game_free(g);
	}
	/* 2 x 8 cells: 8 edges across and 2 x 7 along, each met twice;
	 * 2 x 8 + 2 x 2 on the rim. */
	assert_int_equal(edges, 2 * (8 + 14));
	assert_int_equal(rim, 20);
}

/*
 * H13: of two enemies in range off its front at the same gap, the unit
 * turns to the first in the order of units: e on its east, w on its
 * west, each 2 ticks off its Line's end.
 */
static void
test_002_H13_of_two_enemies_as_near_the_first(void **state)
{
	struct game *g = field();
	int u, e, w;

	(void)state;
	e = unit(g, "e", 1, ARM_CAVALRY, "light", "column", 26, 20, DIR_W, 80);
	w = unit(g, "w", 1, ARM_CAVALRY, "light", "column", 15, 20, DIR_E, 80);
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	assert_int_equal(hm_gap(g, u, e), 2);
	assert_int_equal(hm_gap(g, u, w), 2);
	hm_phase_facing(g);
	assert_int_equal(g->units[u].facing, DIR_E);
	assert_int_equal(count(g, "H13", "to face e (the nearest enemy in "
	    "range)"), 1);
	game_free(g);
}

/* Enemy horse in its arc within its charge reach: no turn. */
static void
test_002_H13_no_turn_under_threat(void **state)
{
	struct game *g = field();
	int u;

	(void)state;
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	unit(g, "e", 1, ARM_INFANTRY, "close", "column", 34, 22, DIR_W, 200);
	unit(g, "h", 1, ARM_CAVALRY, "light", "column", 20, 4, DIR_S, 100);
	hm_phase_facing(g);
	assert_int_equal(g->units[u].facing, DIR_N);
	assert_int_equal(count(g, "H13", "may not turn"), 1);
	game_free(g);
}

/*
 * H13 at the edges of its reaches: u's Line turns to an enemy Column on
 * its east at exactly its musket range (hm_fire_range), not one cell
 * farther; and an enemy in its arc at exactly that enemy's charge reach
 * (hm_speed) forbids the turn, one cell farther does not.  The enemy in
 * the arc is the first unit of the battle.
 */
static void
test_002_H13_at_the_edge_of_range_and_of_charge_reach(void **state)
{
	struct game *g;
	int u, e, h, x, y, gap, edge = -1;

	(void)state;
	for (x = 30; x < 59 && edge < 0; x++) {
		g = field();
		u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 20,
		    DIR_N, 200);
		e = unit(g, "e", 1, ARM_INFANTRY, "close", "column", x, 22,
		    DIR_W, 200);
		gap = hm_gap(g, u, e);
		if (gap == hm_fire_range(g, u))
			edge = x;
		game_free(g);
	}
	assert_true(edge > 0);
	for (x = edge; x <= edge + 1; x++) {
		g = field();
		u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 20,
		    DIR_N, 200);
		unit(g, "e", 1, ARM_INFANTRY, "close", "column", x, 22, DIR_W,
		    200);
		hm_phase_facing(g);
		assert_int_equal(g->units[u].facing, x == edge ? DIR_E : DIR_N);
		game_free(g);
	}
	edge = -1;
	for (y = 18; y >= 0 && edge < 0; y--) {
		g = field();
		h = unit(g, "h", 1, ARM_INFANTRY, "close", "column", 20, y,
		    DIR_S, 200);
		u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 20,
		    DIR_N, 200);
		if (hm_gap(g, u, h) == hm_speed(g, h))
			edge = y;
		game_free(g);
	}
	assert_true(edge > 0);
	for (y = edge; y >= edge - 1; y--) {
		g = field();
		h = unit(g, "h", 1, ARM_INFANTRY, "close", "column", 20, y,
		    DIR_S, 200);
		u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 20,
		    DIR_N, 200);
		unit(g, "e", 1, ARM_INFANTRY, "close", "column", 34, 22, DIR_W,
		    200);
		assert_int_equal(h, 0);
		hm_phase_facing(g);
		assert_int_equal(g->units[u].facing,
		    y == edge ? DIR_N : DIR_E);
		assert_int_equal(count(g, "H13", "u may not turn to e: h stands "
		    "in its arc within charge reach"), y == edge ? 1 : 0);
		game_free(g);
	}
}

/*
 * H13: horse far off in the arc, within its long charge reach, forbids
 * the turn: light horse in Column (18 in, 72 ticks) 15 inches (60 ticks)
 * off the front of u's Line, farther than any block is long.
 */
static void
test_002_H13_far_horse_in_charge_reach_forbids_the_turn(void **state)
{
	struct game *g = field();
	int u, h;

	(void)state;
	h = unit(g, "h", 1, ARM_CAVALRY, "light", "column", 20, 7, DIR_S, 100);
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 38, DIR_N, 200);
	unit(g, "e", 1, ARM_INFANTRY, "close", "column", 34, 40 - 4, DIR_W,
	    200);
	assert_int_equal(hm_gap(g, u, h), 60);
	assert_int_equal(hm_speed(g, h), 72);
	assert_true(60 > STEP_ORTHO * (g->cells_max + 2));
	hm_phase_facing(g);
	assert_int_equal(g->units[u].facing, DIR_N);
	assert_int_equal(count(g, "H13", "u may not turn to e: h stands in its "
	    "arc within charge reach"), 1);
	game_free(g);
}

/* --- H15 Second cavalry charge ------------------------------------------ */

/* Horse that broke through charges the nearest enemy within half its
 * 15-inch move; the target fires first if it has not. */
static void
test_002_H15_second_charge(void **state)
{
	struct game *g = field();
	int c, t;

	(void)state;
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 30, DIR_N, 80);
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 19, DIR_S, 200);
	assert_int_equal(hm_gap(g, c, t), 20);		/* 5 in <= 7.5 */
	HM_MARKS(&g->units[c]) = HM_BROKE;
	move_order(g, c, 20, 5);
	hm_phase_breakthrough(g);
	assert_int_equal(count(g, "H15", "charges t: 5 in of its 7.5 in "
	    "reach"), 1);
	/* It made its move: it halted in contact with t. */
	assert_int_equal(g->units[c].halt, HALT_CONTACT);
	assert_true(HM_MARKS(&g->units[t]) & HM_SECOND);
	assert_int_equal(count(g, "HO.6.2", "t fires musket at c"), 1);
	assert_int_equal(count(g, "HO.7", "+1 (charged)"), 1);
	game_free(g);
}

/*
 * HO.6.3 at a second charge (hm_fire_now): the target fires once a turn,
 * hits or not: a volley of no hit (a seed whose two dice miss at short
 * range, 4+) still counts, and it does not fire again; out of range it
 * does not fire at all and may fire later.
 */
static void
test_002_H15_target_fires_once_even_missing(void **state)
{
	struct game *g;
	int c, t, r[2], s;

	(void)state;
	for (s = 1; s < 200; s++) {
		g = field();
		game_seed(g, (uint64_t)s);
		dice(g, 2, 6, r);
		game_free(g);
		if (r[0] < 4 && r[1] < 4)
			break;
	}
	assert_true(s < 200);
	g = field();
	game_seed(g, (uint64_t)s);
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 24, DIR_N, 80);
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 19, DIR_S, 200);
	assert_int_equal(hm_gap(g, c, t), 8);		/* 2 in: short */
	assert_int_equal(hm_fire_now(g, t, c), 0);
	assert_int_equal(count(g, "HO.6.2", "t fires musket at c"), 1);
	assert_int_equal(count(g, "HO.6.2", "0 hits"), 1);
	assert_true(HM_MARKS(&g->units[t]) & HM_FIRED);
	assert_int_equal(hm_fire_now(g, t, c), 0);
	assert_int_equal(count(g, "HO.6.2", "t fires musket at c"), 1);
	game_free(g);

	g = field();
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 36, DIR_N, 80);
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 19, DIR_S, 200);
	assert_true(hm_gap(g, c, t) > hm_fire_range(g, t));
	assert_int_equal(hm_fire_now(g, t, c), 0);
	assert_int_equal(count(g, "HO.6.2", "fires"), 0);
	assert_false(HM_MARKS(&g->units[t]) & HM_FIRED);
	game_free(g);
}

/* H15, HO.6.3: the target's fire at the second charge hits: the dice as
 * logged (the stream's first two, short range, 4+) and each hit taken
 * by the charger (a hit is 8 of its 80 men).  A target that fired in
 * the fire phase this turn does not fire again. */
static void
test_002_H15_target_fire_hits_and_fires_once(void **state)
{
	struct game *g = field();
	char text[160];
	int c, t, r[2], h;

	(void)state;
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 30, DIR_N, 80);
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 19, DIR_S, 200);
	assert_int_equal(hm_gap(g, c, t), 20);		/* 5 in */
	HM_MARKS(&g->units[c]) = HM_BROKE;
	move_order(g, c, 20, 5);
	dice(g, 2, 6, r);
	h = (r[0] >= 4) + (r[1] >= 4);
	hm_phase_breakthrough(g);
	snprintf(text, sizeof text, "4+ to hit: rolls %d %d, %d hit%s", r[0],
	    r[1], h, h == 1 ? "" : "s");
	assert_int_equal(count(g, "HO.6.2", text), 1);
	snprintf(text, sizeof text, "c takes %d hit%s from t: %d men lost", h,
	    h == 1 ? "" : "s", 8 * h);
	assert_int_equal(count(g, "HO.6.3", text), h > 0 ? 1 : 0);
	assert_true(h > 0);		/* this seed's dice hit */
	game_free(g);

	/* t fires at c (5 inches) in the fire phase, then not again. */
	g = field();
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 30, DIR_N, 80);
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 19, DIR_S, 200);
	assert_int_equal(hm_gap(g, c, t), 20);		/* 5 in */
	HM_MARKS(&g->units[c]) = HM_BROKE;
	move_order(g, c, 20, 5);
	hm_phase_fire(g);
	assert_int_equal(count(g, "HO.6.2", "t fires musket at c"), 1);
	HM_MARKS(&g->units[c]) |= HM_BROKE;
	hm_phase_breakthrough(g);
	assert_int_equal(count(g, "H15", "charges t"), 1);
	assert_int_equal(count(g, "HO.6.2", "t fires musket at c"), 1);
	game_free(g);
}

/* Under a Stop order it reins in and does not fire next turn. */
static void
test_002_H15_rein_in(void **state)
{
	struct game *g = field();
	int c;

	(void)state;
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 30, DIR_N, 80);
	unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 27, DIR_S, 200);
	HM_MARKS(&g->units[c]) = HM_BROKE;
	g->units[c].order.kind = ORDER_STOP;
	hm_phase_breakthrough(g);
	assert_int_equal(count(g, "H15", "reins in"), 1);
	hm_phase_end(g);
	assert_false(hm_may_fire(g, c));
	g->turn++;
	hm_phase_end(g);
	assert_true(hm_may_fire(g, c));
	game_free(g);
}

/* The index of the breakthrough phase in the ruleset's turn (H15), a
 * phase before the turn's last. */
static int
breakthrough_phase(void)
{
	int p;

	for (p = 0; p < rs->nphases; p++)
		if (strcmp(rs->phase_keys[p], "breakthrough") == 0)
			break;
	assert_true(p + 1 < rs->nphases);
	return p;
}

/* Horse c has charged and broken through (H15): g stands in the
 * breakthrough phase. */
static void
broke_through(struct game *g, int c)
{
	g->phase = breakthrough_phase();
	HM_MARKS(&g->units[c]) = HM_CHARGER | HM_BROKE;
}

/*
 * H15 as a decision (core/decide.h): the turn stopped in the
 * breakthrough phase with horse c broken through, foot n 5 inches ahead
 * and foot f further off to its front right, both within its 7.5-inch
 * reach.  Built the same each time, for the answers to be compared.
 */
static struct game *
broken_through(int *c, int *n, int *f)
{
	struct game *g = field();

	*c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 30, DIR_N, 80);
	*n = unit(g, "n", 1, ARM_INFANTRY, "close", "line", 20, 19, DIR_S,
	    200);
	*f = unit(g, "f", 1, ARM_INFANTRY, "close", "line", 30, 20, DIR_SW,
	    200);
	move_order(g, *c, 20, 5);
	broke_through(g, *c);
	return g;
}

/* H15: the enemies in reach of a second charge come nearest first
 * whatever their order of battle (the farther f is deployed before the
 * nearer n), and no more than max are written. */
static void
test_H15_second_targets_nearest_first_at_most_max(void **state)
{
	struct game *g = field();
	int c, n, f, tg[3];

	(void)state;
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 30, DIR_N, 80);
	f = unit(g, "f", 1, ARM_INFANTRY, "close", "line", 30, 20, DIR_SW,
	    200);
	n = unit(g, "n", 1, ARM_INFANTRY, "close", "line", 20, 19, DIR_S,
	    200);
	assert_true(f < n);
	assert_int_equal(hm_gap(g, c, n), 20);
	assert_true(hm_gap(g, c, f) > 20);
	assert_true(hm_gap(g, c, f) <= hm_second_reach(g, c));
	tg[0] = tg[1] = tg[2] = -7;
	assert_int_equal(hm_second_targets(g, c, tg, 2), 2);
	assert_int_equal(tg[0], n);
	assert_int_equal(tg[1], f);
	assert_int_equal(tg[2], -7);
	/* Room for one: the nearest, and nothing past it. */
	tg[0] = tg[1] = tg[2] = -7;
	assert_int_equal(hm_second_targets(g, c, tg, 1), 1);
	assert_int_equal(tg[0], n);
	assert_int_equal(tg[1], -7);
	game_free(g);
}

/* H15: two enemies at the same gap from horse c, to its left and right
 * front, are offered in their order of battle: the one deployed first
 * (r, on the right) before the other (l). */
static void
test_H15_second_targets_equal_gaps_in_order_of_battle(void **state)
{
	struct game *g = field();
	int c, r, l, tg[2];

	(void)state;
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 30, DIR_N, 80);
	r = unit(g, "r", 1, ARM_INFANTRY, "close", "line", 24, 22, DIR_S,
	    200);
	l = unit(g, "l", 1, ARM_INFANTRY, "close", "line", 16, 22, DIR_S,
	    200);
	assert_int_equal(hm_gap(g, c, r), hm_gap(g, c, l));
	assert_int_equal(hm_second_targets(g, c, tg, 2), 2);
	assert_int_equal(tg[0], r);
	assert_int_equal(tg[1], l);
	game_free(g);
}

/*
 * H15: however many enemies are in reach, at most HM_TARGETS_MAX (16) are
 * offered, the nearest first, whatever room the caller gives: 30 guns
 * deployed before horse c, 18 of them in its reach (half its 15 in) and
 * its arc; the two left out are no nearer than the last offered.
 */
static void
test_H15_second_targets_at_most_sixteen(void **state)
{
	struct game *g = field();
	int c, x, y, n = 0, in = 0, tg[HM_TARGETS_MAX + 4], i, reach;
	bool offered[64];
	char id[8];

	(void)state;
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 26, 36, DIR_N, 80);
	for (y = 31; y >= 15 && n < 30; y -= 4)
		for (x = 9; x <= 44 && n < 30; x += 5) {
			snprintf(id, sizeof id, "g%d", n);
			unit(g, id, 1, ARM_ARTILLERY, "light", "deployed", x, y,
			    DIR_S, 12);
			n++;
		}
	reach = hm_second_reach(g, c);
	assert_int_equal(reach, 30);
	for (i = 1; i < g->nunits; i++)
		in += hm_in_arc(g, c, i, hm_turn(rs)->charge_arc) &&
		    hm_gap(g, c, i) <= reach;
	assert_int_equal(in, 18);
	for (i = 0; i < HM_TARGETS_MAX + 4; i++)
		tg[i] = -7;
	assert_int_equal(hm_second_targets(g, c, tg, HM_TARGETS_MAX + 4),
	    HM_TARGETS_MAX);
	memset(offered, 0, sizeof offered);
	for (i = 0; i < HM_TARGETS_MAX; i++) {
		assert_true(tg[i] > 0 && tg[i] < g->nunits);
		assert_true(hm_gap(g, c, tg[i]) <= reach);
		if (i > 0)
			assert_true(hm_gap(g, c, tg[i - 1]) <=
			    hm_gap(g, c, tg[i]));
		offered[tg[i]] = true;
	}
	for (i = HM_TARGETS_MAX; i < HM_TARGETS_MAX + 4; i++)
		assert_int_equal(tg[i], -7);
	for (i = 1; i < g->nunits; i++)
		if (!offered[i] && hm_in_arc(g, c, i,
		    hm_turn(rs)->charge_arc) && hm_gap(g, c, i) <= reach)
			assert_true(hm_gap(g, c, i) >= hm_gap(g, c,
			    tg[HM_TARGETS_MAX - 1]));
	game_free(g);
}

/* H15: horse that broke through with no enemy left in reach is asked
 * nothing: both enemies moved far off, 0 targets, no decision open. */
static void
test_002_H15_no_enemy_in_reach_asks_nothing(void **state)
{
	struct game *g;
	struct decision d[DECIDE_MAX];
	int c, n, f, tg[HM_TARGETS_MAX];

	(void)state;
	g = broken_through(&c, &n, &f);
	game_occupy(g, n, false);
	g->units[n].pos = (struct point){ 55, 38 };
	game_occupy(g, n, true);
	game_occupy(g, f, false);
	g->units[f].pos = (struct point){ 45, 38 };
	game_occupy(g, f, true);
	assert_int_equal(hm_second_targets(g, c, tg, HM_TARGETS_MAX), 0);
	assert_false(hm_second_asks(g, c));
	assert_int_equal(game_decisions(g, d, DECIDE_MAX), 0);
	game_free(g);
}

/* The same results in a and b: their events but the phases' headings,
 * in order, and their units. */
static void
same_results(const struct game *a, const struct game *b)
{
	int i = 0, j = 0;

	for (;;) {
		while (i < a->log.n && a->log.v[i].kind == EV_PHASE)
			i++;
		while (j < b->log.n && b->log.v[j].kind == EV_PHASE)
			j++;
		if (i >= a->log.n || j >= b->log.n)
			break;
		assert_string_equal(a->log.v[i].text, b->log.v[j].text);
		i++;
		j++;
	}
	assert_int_equal(i, a->log.n);
	assert_int_equal(j, b->log.n);
	for (i = 0; i < a->nunits; i++) {
		assert_int_equal(a->units[i].pos.x, b->units[i].pos.x);
		assert_int_equal(a->units[i].pos.y, b->units[i].pos.y);
		assert_int_equal(a->units[i].strength, b->units[i].strength);
		assert_int_equal(a->units[i].cond, b->units[i].cond);
		assert_int_equal(HM_MARKS(&a->units[i]),
		    HM_MARKS(&b->units[i]));
	}
}

/* An answer for unit u: the action a (HM_ACTION_*), at cell at. */
static int
answer(struct game *g, int u, int a, struct point at, char **cause)
{
	struct order o;

	memset(&o, 0, sizeof o);
	o.kind = ORDER_ACTION;
	o.unit = u;
	o.general = g->units[u].general;
	o.action = a;
	o.facing = -1;
	o.formation = -1;
	o.npts = a == HM_ACTION_REIN ? 0 : 1;
	o.pts[0] = at;
	return game_order(g, &o, cause);
}

/* H15: the first unit of the battle may be charged again like any other:
 * the nearer foot n, unit 0, chosen at its anchor, is charged. */
static void
test_002_H15_charge_again_at_the_first_unit(void **state)
{
	struct game *g = field();
	char *cause = NULL;
	int c, n, f;

	(void)state;
	n = unit(g, "n", 1, ARM_INFANTRY, "close", "line", 20, 19, DIR_S, 200);
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 30, DIR_N, 80);
	f = unit(g, "f", 1, ARM_INFANTRY, "close", "line", 30, 20, DIR_SW, 200);
	assert_int_equal(n, 0);
	move_order(g, c, 20, 5);
	broke_through(g, c);
	assert_int_equal(hm_second_target_at(g, c, g->units[n].pos), n);
	assert_int_equal(hm_second_target_at(g, c, g->units[f].pos), f);
	assert_int_equal(answer(g, c, HM_ACTION_CHARGE, g->units[n].pos,
	    &cause), 0);
	assert_null(cause);
	assert_int_equal(game_decided(g, 0), 0);
	assert_int_equal(count(g, "H15", "c charges n: "), 1);
	assert_int_equal(count(g, "H15", "charges f"), 0);
	game_free(g);
}

/* H15: an answer is acted on once: reining in, or charging again, the
 * unit's answer is spent at once (its action cleared), and the mark of
 * the breakthrough with it. */
static void
test_002_H15_the_answer_is_spent(void **state)
{
	struct game *g;
	char *cause = NULL;
	int c, n, f, k;

	(void)state;
	for (k = 0; k < 2; k++) {
		g = broken_through(&c, &n, &f);
		assert_int_equal(answer(g, c, k == 0 ? HM_ACTION_REIN :
		    HM_ACTION_CHARGE, g->units[f].pos, &cause), 0);
		assert_null(cause);
		assert_int_equal(g->units[c].act.kind, ORDER_ACTION);
		hm_second_charge(g, c);
		assert_int_equal(g->units[c].act.kind, ORDER_NONE);
		assert_false(HM_MARKS(&g->units[c]) & HM_BROKE);
		assert_int_equal(!!(HM_MARKS(&g->units[c]) & HM_REINED),
		    k == 0);
		assert_int_equal(count(g, "H15", "c charges f: "), k);
		game_free(g);
	}
}

/* H15 asks the side that owns the horse, whichever it is: the same
 * breakthrough with the sides the other way round (the horse side 1's)
 * is asked of side 1, the unit and the rule the same. */
static void
test_H15_second_charge_asks_the_horses_own_side(void **state)
{
	struct game *g = field();
	struct decision d[DECIDE_MAX];
	int c;

	(void)state;
	c = unit(g, "c", 1, ARM_CAVALRY, "light", "line", 20, 30, DIR_N, 80);
	(void)unit(g, "n", 0, ARM_INFANTRY, "close", "line", 20, 19, DIR_S,
	    200);
	move_order(g, c, 20, 5);
	broke_through(g, c);
	assert_int_equal(game_decisions(g, d, DECIDE_MAX), 1);
	assert_int_equal(d[0].kind, DECIDE_REACT);
	assert_int_equal(d[0].side, 1);
	assert_int_equal(d[0].unit, c);
	assert_string_equal(d[0].rule, "H15");
	game_free(g);
}

/* The side that owns the horse is asked (side, unit, rule); it may
 * answer only that, for that unit; reining in leaves the unit where it
 * stood, facing as it stood, with no charge; a charge goes at the enemy
 * chosen, not the nearest; no answer is the standing order's. */
static void
test_002_H15_second_charge_is_asked(void **state)
{
	struct game *g, *h;
	struct decision d[DECIDE_MAX];
	struct order o;
	struct point at = { 0, 0 };
	char *cause = NULL;
	int c, n, f, tg[HM_TARGETS_MAX];

	(void)state;
	g = broken_through(&c, &n, &f);
	assert_int_equal(hm_second_targets(g, c, tg, HM_TARGETS_MAX), 2);
	assert_int_equal(tg[0], n);		/* the nearest first */
	assert_int_equal(tg[1], f);
	assert_int_equal(game_decisions(g, d, DECIDE_MAX), 1);
	assert_int_equal(d[0].kind, DECIDE_REACT);
	assert_int_equal(d[0].side, 0);
	assert_int_equal(d[0].unit, c);
	assert_string_equal(d[0].rule, "H15");
	assert_int_equal(d[0].orders, 1u << ORDER_ACTION);
	/* Asked in the phase the game stands in (the breakthrough, not
	 * the first), the two enemies in reach counted. */
	assert_true(g->phase > 0);
	assert_int_equal(d[0].phase, g->phase);
	assert_string_equal(d[0].what, "c broke through (2 enemies in reach). "
	    "Charge again?");
	assert_false(game_asks(g, 1));
	/* Nothing else is asked: a Move, the other side, a charge at a cell
	 * with no enemy in reach, a retire. */
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = c;
	o.general = 0;
	o.npts = 1;
	o.pts[0] = (struct point){ 20, 5 };
	assert_int_equal(game_order(g, &o, &cause), -1);
	assert_non_null(strstr(cause, "is asked now"));
	free(cause);
	assert_int_equal(answer(g, n, HM_ACTION_REIN, at, &cause), -1);
	free(cause);
	assert_int_equal(answer(g, c, HM_ACTION_CHARGE,
	    (struct point){ 5, 5 }, &cause), -1);
	assert_non_null(strstr(cause, "(H15)"));
	free(cause);
	assert_int_equal(answer(g, c, HM_ACTION_RETIRE,
	    (struct point){ 20, 35 }, &cause), -1);
	assert_non_null(strstr(cause, "(H7)"));
	free(cause);
	assert_int_equal(game_decided(g, 1), -1);	/* not asked */

	/* Rein in: where it stood, as it stood, no charge; it does not fire
	 * next turn. */
	assert_int_equal(answer(g, c, HM_ACTION_REIN, at, &cause), 0);
	assert_int_equal(game_decided(g, 0), 0);
	assert_int_equal(g->turn, 2);
	assert_int_equal(g->phase, -1);
	assert_int_equal(g->units[c].pos.x, 20);
	assert_int_equal(g->units[c].pos.y, 30);
	assert_int_equal(g->units[c].facing, DIR_N);
	assert_int_equal(HM_MARKS(&g->units[c]), HM_NOFIRE);
	assert_int_equal(HM_MARKS(&g->units[n]), 0);
	assert_int_equal(g->units[c].act.kind, ORDER_NONE);
	assert_int_equal(count(g, "H15", "c reins in as its side chose"), 1);
	assert_int_equal(count(g, "H15", "charges"), 0);
	assert_int_equal(game_decisions(g, d, DECIDE_MAX), 2);	/* orders */
	/* Each side's orders, asked of no unit. */
	assert_int_equal(d[0].kind, DECIDE_ORDERS);
	assert_int_equal(d[0].unit, -1);
	assert_int_equal(d[1].unit, -1);
	game_free(g);

	/* Charge f, the farther: at it, in contact, and the melee with it. */
	g = broken_through(&c, &n, &f);
	at = g->units[f].pos;
	assert_int_equal(answer(g, c, HM_ACTION_CHARGE, at, &cause), 0);
	assert_int_equal(g->units[c].act.kind, ORDER_ACTION);
	assert_int_equal(count(g, "H15", "c: Charge again, to"), 1);
	assert_int_equal(game_decided(g, 0), 0);
	assert_int_equal(g->turn, 2);
	assert_int_equal(count(g, "H15", "c charges f: "), 1);
	assert_int_equal(count(g, "H15", "in contact"), 1);
	assert_int_equal(count(g, "H15", "charges n"), 0);
	assert_int_equal(count(g, "HO.7", ", f "), 1);
	assert_true(g->units[c].pos.x > 20);	/* went off to the right */
	game_free(g);

	/* No answer: the standing Move order charges the nearest, as the
	 * phases played alone do (game_phase asks nothing): the same log,
	 * the same game. */
	g = broken_through(&c, &n, &f);
	assert_int_equal(game_decided(g, 0), 0);
	assert_int_equal(count(g, "H15", "c charges n: "), 1);
	assert_int_equal(count(g, "H15", "charges f"), 0);
	h = broken_through(&c, &n, &f);
	h->phase--;
	while (h->phase >= 0)
		assert_true(game_phase(h) >= 0);
	assert_int_equal(h->turn, 2);
	same_results(g, h);
	game_free(h);
	game_free(g);
}

/* The computer commander answers as the standing order would (the
 * doctrine's answer, through the interface's controller too): under a
 * Move order a charge at the nearest, under a Stop order reining in. */
static void
test_002_H15_computer_answers(void **state)
{
	enum ai_level lvl = AI_NORMAL;
	struct decision d[DECIDE_MAX];
	struct game *g;
	int c, n, f;

	(void)state;
	g = broken_through(&c, &n, &f);
	assert_int_equal(game_decisions(g, d, DECIDE_MAX), 1);
	assert_int_equal(ai_answer(g, &d[0], lvl), 0);
	assert_int_equal(g->units[c].act.kind, ORDER_ACTION);
	assert_int_equal(g->units[c].act.action, HM_ACTION_CHARGE);
	assert_int_equal(game_decided(g, 0), 0);
	assert_int_equal(count(g, "H15", "c charges n: "), 1);
	game_free(g);

	g = broken_through(&c, &n, &f);
	g->units[c].order.kind = ORDER_STOP;
	ai_controller(g, 0, &lvl);
	assert_int_equal(g->units[c].act.action, HM_ACTION_REIN);
	assert_int_equal(game_decided(g, 0), 0);
	assert_int_equal(count(g, "H15", "c reins in as its side chose"), 1);
	assert_int_equal(g->units[c].pos.y, 30);
	game_free(g);
}

/*
 * H15 in the doctrine: the computer's answer is the order a player would
 * give, for the horse that broke through (here not the first unit, and
 * under a general of its own): a Charge again at the nearest enemy's
 * place, one point, no facing and no formation, from the horse's
 * general; the game takes it, and plays the turn on once the side is
 * done.  Asked of a unit
 * that is not there, or under another rule, it gives nothing.
 */
static void
test_002_H15_doctrine_answer_is_the_players_order(void **state)
{
	struct game *g = field();
	struct decision d[DECIDE_MAX], x;
	int c, n, aide;

	(void)state;
	unit(g, "z", 1, ARM_INFANTRY, "close", "line", 50, 2, DIR_S, 200);
	aide = game_add_general(g, "ho", "Howard", 0, 0);
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 30, DIR_N, 80);
	g->units[c].general = aide;
	n = unit(g, "n", 1, ARM_INFANTRY, "close", "line", 20, 19, DIR_S, 200);
	unit(g, "f", 1, ARM_INFANTRY, "close", "line", 30, 20, DIR_SW, 200);
	move_order(g, c, 20, 5);
	broke_through(g, c);
	assert_int_equal(game_decisions(g, d, DECIDE_MAX), 1);
	assert_int_equal(d[0].unit, c);

	/* Not for it: nothing given, the question still open. */
	x = d[0];
	snprintf(x.rule, sizeof x.rule, "H14");
	assert_int_equal(hm_doctrine.answer(g, &x, AI_NORMAL), 0);
	x = d[0];
	x.kind = DECIDE_ACTIVATE;
	assert_int_equal(hm_doctrine.answer(g, &x, AI_NORMAL), 0);
	x = d[0];
	x.unit = g->nunits;
	assert_int_equal(hm_doctrine.answer(g, &x, AI_NORMAL), 0);
	x.unit = -1;
	assert_int_equal(hm_doctrine.answer(g, &x, AI_NORMAL), 0);
	assert_int_equal(g->turn, 1);
	assert_int_equal(g->phase, breakthrough_phase());
	assert_int_equal(g->units[c].act.kind, ORDER_NONE);

	assert_int_equal(hm_doctrine.answer(g, &d[0], AI_HARD), 0);
	assert_int_equal(g->units[c].act.kind, ORDER_ACTION);
	assert_int_equal(g->units[c].act.action, HM_ACTION_CHARGE);
	assert_int_equal(g->units[c].act.unit, c);
	assert_int_equal(g->units[c].act.general, aide);
	assert_int_equal(g->units[c].act.facing, -1);
	assert_int_equal(g->units[c].act.formation, -1);
	assert_int_equal(g->units[c].act.npts, 1);
	assert_int_equal(g->units[c].act.pts[0].x, g->units[n].pos.x);
	assert_int_equal(g->units[c].act.pts[0].y, g->units[n].pos.y);
	assert_int_equal(game_decided(g, 0), 0);	/* the side is done */
	assert_int_equal(g->turn, 2);
	assert_int_equal(count(g, "H15", "c charges n: "), 1);
	game_free(g);
}

/*
 * H15 in the turn's flow: once both sides have given their orders the
 * turn is played phase by phase, and it stops at the breakthrough phase
 * when horse has broken through, for its side to answer: here horse c,
 * the battle's first unit, in melee with Disordered foot t, foot n in
 * its reach beyond.  The first seed (of 200) whose dice see c break
 * through: the game stands in that phase, in turn 1, asking side 0.
 */
static void
test_002_H15_the_turn_stops_for_the_question(void **state)
{
	struct decision d[DECIDE_MAX];
	struct game *g = NULL;
	int c, t, s, p = breakthrough_phase();

	(void)state;
	for (s = 1; s < 200; s++) {
		g = field();
		game_seed(g, (uint64_t)s);
		c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 20, DIR_N,
		    80);
		t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 19,
		    DIR_S, 200);
		unit(g, "n", 1, ARM_INFANTRY, "close", "line", 20, 10, DIR_S,
		    200);
		assert_int_equal(c, 0);
		g->units[t].cond = COND_MOB;
		g->units[c].contact = t;
		g->units[t].contact = c;
		HM_MARKS(&g->units[c]) = HM_CHARGER;
		HM_MARKS(&g->units[t]) = HM_CHARGED;
		assert_int_equal(game_decided(g, 0), 0);
		assert_int_equal(game_decided(g, 1), 0);
		if (count(g, "H15", "c has broken through") > 0)
			break;
		game_free(g);
		g = NULL;
	}
	if (g == NULL)
		fail_msg("no seed of 200 saw the horse break through");
	assert_int_equal(g->turn, 1);
	assert_int_equal(g->phase, p);
	assert_true(game_asks(g, 0));
	assert_int_equal(game_decisions(g, d, DECIDE_MAX), 1);
	assert_int_equal(d[0].unit, 0);
	assert_string_equal(d[0].rule, "H15");
	game_free(g);
}

/* g saved, and the save laid over a fresh copy of the broken-through
 * game. */
static struct game *
reloaded(const struct game *g)
{
	struct diags d;
	struct doc_node *root;
	struct game *h;
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;
	int c, n, f;

	fp = open_memstream(&buf, &len);
	save_write(g, "h15.yaml", fp);
	fclose(fp);

	h = broken_through(&c, &n, &f);
	h->phase = -1;			/* all of it from the save */
	HM_MARKS(&h->units[c]) = 0;
	diags_init(&d);
	root = yread_buffer("h15.save", buf, len, &d);
	assert_non_null(root);
	if (save_apply(h, root, &d) != 0)
		diags_print(&d, stderr);
	assert_int_equal(d.n, 0);
	diags_free(&d);
	doc_free(root);
	free(buf);
	return h;
}

/* Saved while the question is open (answered or not), loaded again, it
 * is the same question and the same turn after the same answer. */
static void
test_002_H15_save_at_the_question(void **state)
{
	struct game *g, *h;
	struct decision d[DECIDE_MAX], e[DECIDE_MAX];
	char *cause = NULL;
	int c, n, f;

	(void)state;
	g = broken_through(&c, &n, &f);
	h = reloaded(g);
	assert_int_equal(save_digest(h), save_digest(g));
	assert_int_equal(game_decisions(h, e, DECIDE_MAX), 1);
	assert_int_equal(game_decisions(g, d, DECIDE_MAX), 1);
	assert_int_equal(e[0].unit, d[0].unit);
	assert_int_equal(e[0].side, d[0].side);
	assert_string_equal(e[0].rule, d[0].rule);
	game_free(h);

	/* The answer given, the question not yet closed. */
	assert_int_equal(answer(g, c, HM_ACTION_CHARGE, g->units[f].pos,
	    &cause), 0);
	h = reloaded(g);
	assert_int_equal(save_digest(h), save_digest(g));
	assert_int_equal(h->units[c].act.action, HM_ACTION_CHARGE);
	assert_int_equal(game_decided(h, 0), 0);
	assert_int_equal(game_decided(g, 0), 0);
	assert_int_equal(h->turn, 2);
	assert_int_equal(save_digest(h), save_digest(g));
	assert_int_equal(count(h, "H15", "c charges f: "), 1);
	game_free(h);
	game_free(g);
}

static void
record(void *arg, const struct game *g, const struct order *o)
{
	replay_add(arg, g, o);
}

static char h15_scenario[4096];

/*
 * Recording text (len bytes, named name in errors) read and played to its
 * end on a new game, returned; the recording in *rp and the game's
 * ruleset in *rsp, both the caller's to free.
 */
static struct game *
replay_played(const char *name, const char *text, size_t len,
    struct replay **rp, struct ruleset **rsp)
{
	const char *dir = getenv("MARSHAL_DATA");
	struct diags dg;
	struct game *g;

	diags_init(&dg);
	*rp = replay_read_text(name, text, len, &dg);
	if (*rp == NULL)
		diags_print(&dg, stderr);
	assert_non_null(*rp);
	g = replay_start(*rp, dir != NULL ? dir : "data", rsp, &dg);
	if (g == NULL)
		diags_print(&dg, stderr);
	assert_non_null(g);
	assert_int_equal(replay_play(*rp, g, &dg), 0);
	diags_free(&dg);
	return g;
}

/*
 * The same through a whole battle (tests/scenarios/hm/H15-second-
 * charge.yaml, seed 1): both sides' orders, the turn runs to the
 * dragoons' breakthrough and asks the Americans; they charge the Legion's
 * right company, not the nearer left one.  A recording keeps the answer
 * at its step and plays it back there to the same game.
 */
static void
test_002_H15_replay_keeps_the_answer(void **state)
{
	const char *dir = getenv("MARSHAL_DATA"), *src = getenv("top_srcdir");
	struct ruleset *rs1 = NULL, *rs2 = NULL;
	struct game *g, *h;
	struct decision d[DECIDE_MAX];
	struct replay *rec, *back;
	struct diags dg;
	char *text = NULL, *cause = NULL;
	size_t len = 0;
	FILE *fp;
	int u, lga, lgb, tg[HM_TARGETS_MAX];

	(void)state;
	snprintf(h15_scenario, sizeof h15_scenario,
	    "%s/tests/scenarios/hm/H15-second-charge.yaml",
	    src != NULL ? src : ".");
	diags_init(&dg);
	g = load_scenario(h15_scenario, dir != NULL ? dir : "data", &rs1,
	    &dg);
	if (g == NULL)
		diags_print(&dg, stderr);
	assert_non_null(g);
	rec = replay_record(g, h15_scenario);
	g->on_order = record;
	g->on_order_arg = rec;
	assert_int_equal(game_decided(g, 0), 0);
	assert_int_equal(game_decided(g, 1), 0);
	assert_int_equal(g->turn, 1);		/* stopped within it */
	assert_int_equal(game_decisions(g, d, DECIDE_MAX), 1);
	u = game_find_unit(g, "3LD");
	lga = game_find_unit(g, "LGA");
	lgb = game_find_unit(g, "LGB");
	assert_int_equal(d[0].kind, DECIDE_REACT);
	assert_int_equal(d[0].side, 0);
	assert_int_equal(d[0].unit, u);
	assert_string_equal(d[0].rule, "H15");
	assert_int_equal(g->step, 2);
	assert_int_equal(hm_second_targets(g, u, tg, HM_TARGETS_MAX), 2);
	assert_int_equal(tg[0], lga);
	assert_int_equal(tg[1], lgb);
	assert_int_equal(answer(g, u, HM_ACTION_CHARGE, g->units[lgb].pos,
	    &cause), 0);
	assert_int_equal(game_decided(g, 0), 0);
	assert_int_equal(g->turn, 2);
	assert_int_equal(count(g, "H15", "charges Legion foot (right)"), 1);
	assert_int_equal(count(g, "H15", "charges Legion foot (left)"), 0);
	g->on_order = NULL;

	rec->turns = 1;
	fp = open_memstream(&text, &len);
	replay_write(rec, fp);
	fclose(fp);
	assert_non_null(strstr(text, "step: 2"));
	assert_non_null(strstr(text, "action: \"charge\""));
	diags_free(&dg);
	h = replay_played("h15.replay", text, len, &back, &rs2);
	assert_int_equal(h->turn, 2);
	assert_int_equal(save_digest(h), save_digest(g));
	assert_int_equal(count(h, "H15", "charges Legion foot (right)"), 1);
	game_free(h);
	ruleset_free(rs2);
	replay_free(back);
	replay_free(rec);
	free(text);
	game_free(g);
	ruleset_free(rs1);
}

/*
 * HO.4, arriving (marshal's reading): horse in Line on [20, 20] facing
 * NW is sent one cell on, to [20, 19], which lies in a gap of its block
 * (beside [21, 19] along x and [20, 20] along y: geom_covers).  Its turn
 * to N has no room (a friend's Line on [22, 16] and Column on [16, 18]
 * stand where the block would swing).  It is there: it stays on
 * [20, 20], arrived, rather than riding off to find room to turn (it
 * went off north-east, by [28, 12] in a larger field).
 */
static void
test_HO_4_no_room_to_turn_on_its_point_is_there(void **state)
{
	struct game *g = field();
	int c;

	(void)state;
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 20, DIR_NW, 100);
	(void)unit(g, "f", 0, ARM_INFANTRY, "close", "line", 22, 16, DIR_N,
	    200);
	(void)unit(g, "k", 0, ARM_INFANTRY, "close", "column", 16, 18, DIR_N,
	    200);
	move_order(g, c, 20, 19);
	hm_phase_movement(g);
	assert_int_equal(g->units[c].pos.x, 20);
	assert_int_equal(g->units[c].pos.y, 20);
	assert_int_equal(g->units[c].facing, DIR_NW);
	assert_int_equal(g->units[c].halt, HALT_ARRIVED);
	assert_int_equal(count(g, "HO.4", "[20, 19] lies under c"), 1);
	/* The note says why it went no further: no room, not a wheel. */
	assert_int_equal(count(g, "HO.4", "has no room to turn"), 1);
	assert_int_equal(count(g, "HO.4", "would wheel past it"), 0);
	game_free(g);
}

/*
 * HO.4, the gap named when a march halts short of an enemy is the gap
 * from where the block stands.  At the Cowpens, seed 1781, turn 2 (the
 * orders of a game played against the computer, as recorded): the British
 * Legion's reserve dragoons (LC1), in Column on [39, 39] facing NE, turn
 * to N (free, H8) and wheel 135 degrees to SW (H9), a wheel that brings
 * the block onto [31, 35], 0.5 in from the North Carolina riflemen; the
 * next step would leave 0.5 in, nearer than the 1 in a march keeps, and
 * it halts.  The note read "gap to North Carolina riflemen (McDowell):
 * 536870911.75 in": the gap kept from before the wheel, when the riflemen
 * stood beyond any reach the rules ask for (INT_MAX ticks).
 */
static void
test_HO_4_the_gap_at_a_halt_after_a_wheel_is_the_blocks_own(void **state)
{
	const char *src = getenv("top_srcdir");
	char *text = xasprintf(
	    "marshal-replay: 1\n"
	    "scenario: \"%s/data/scenarios/cowpens-1781.yaml\"\n"
	    "seed: \"0x00000000000006f5\"\n"
	    "turns: 2\n"
	    "orders:\n"
	    "  - {turn: 1, step: 1, unit: LI, move: [[58, 45]]}\n"
	    "  - {turn: 1, step: 1, unit: LGI, move: [[44, 45]]}\n"
	    "  - {turn: 1, step: 1, unit: 7F, move: [[30, 45]]}\n"
	    "  - {turn: 1, step: 1, unit: DR, move: [[58, 36]]}\n"
	    "  - {turn: 1, step: 1, unit: DL, move: [[28, 40]]}\n"
	    "  - {turn: 1, step: 1, unit: \"71\", move: [[27, 42]]}\n"
	    "  - {turn: 1, step: 1, unit: LC1, move: [[38, 38]]}\n"
	    "  - {turn: 1, step: 1, unit: LC2, action: retire, at: [52, 54]}\n"
	    "  - {turn: 2, unit: NCR, action: retire, at: [28, 30]}\n"
	    "  - {turn: 2, unit: GAR, action: retire, at: [52, 31]}\n"
	    "  - {turn: 2, step: 1, unit: LI, action: retire, at: [62, 49]}\n"
	    "  - {turn: 2, step: 1, unit: LGI, move: [[52, 34]]}\n"
	    "  - {turn: 2, step: 1, unit: 7F, move: [[28, 40]]}\n"
	    "  - {turn: 2, step: 1, unit: DR, move: [[60, 34], [54, 34]]}\n"
	    "  - {turn: 2, step: 1, unit: DL, action: retire, at: [10, 56]}\n"
	    "  - {turn: 2, step: 1, unit: \"71\", action: retire, "
	    "at: [21, 46]}\n"
	    "  - {turn: 2, step: 1, unit: LC1, move: [[28, 40]]}\n"
	    "  - {turn: 2, step: 1, unit: LC2, move: [[57, 45]]}\n",
	    src != NULL ? src : ".");
	struct ruleset *rs1 = NULL;
	struct replay *rp;
	struct game *g;
	int lc, i;

	(void)state;
	g = replay_played("lc1.replay", text, strlen(text), &rp, &rs1);
	lc = game_find_unit(g, "LC1");
	assert_true(lc >= 0);
	assert_int_equal(g->units[lc].halt, HALT_CONTACT);
	for (i = 0; i < g->log.n; i++)
		if (g->log.v[i].turn == 2 && g->log.v[i].unit == lc &&
		    strstr(g->log.v[i].text, "moves 0 in, its turns carrying "
		    "it from [39, 39] (spent 8.25 in of 18 in): stops at "
		    "[31, 35] facing SW") != NULL)
			break;
	assert_true(i < g->log.n);
	assert_int_equal(count(g, "HO.4", "gap to North Carolina riflemen "
	    "(McDowell): 0.5 in, already nearer than it keeps; one more "
	    "step would leave 0.5 in"), 1);
	assert_int_equal(count(g, "HO.4", "536870911"), 0);
	game_free(g);
	replay_free(rp);
	ruleset_free(rs1);
	free(text);
}

/*
 * HO.4, arriving on a point under the block, read by the other side: the
 * note names the point c was sent to, [20, 19], an order of side 0 that
 * side 1 may not learn (hidden orders, marshal's own).  Side 0 reads it;
 * side 1 does not (at the Cowpens the Americans read where the British
 * Legion's reserve dragoons were sent, [38, 38], on turn 1).
 */
static void
test_HO_4_the_point_under_the_block_is_its_own_sides_to_read(void **state)
{
	struct game *g = field();
	int c, i, n = 0;

	(void)state;
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 20, DIR_NW, 100);
	(void)unit(g, "f", 0, ARM_INFANTRY, "close", "line", 22, 16, DIR_N,
	    200);
	(void)unit(g, "k", 0, ARM_INFANTRY, "close", "column", 16, 18, DIR_N,
	    200);
	(void)unit(g, "e", 1, ARM_INFANTRY, "close", "line", 40, 40, DIR_N,
	    200);
	move_order(g, c, 20, 19);
	hm_phase_movement(g);
	assert_int_equal(g->units[c].pos.x, 20);
	assert_int_equal(g->units[c].pos.y, 20);
	for (i = 0; i < g->log.n; i++)
		if (strstr(g->log.v[i].text, "[20, 19] lies under c") !=
		    NULL) {
			n++;
			assert_true(know_event(g, &g->log.v[i], 0));
			assert_false(know_event(g, &g->log.v[i], 1));
		}
	assert_int_equal(n, 1);
	game_free(g);
}

/*
 * H12 (tests/scenarios/hm/H12-column-passes-through-a-line.yaml): light
 * cavalry in Column on [18, 30] facing NE, sent to [24, 20] then
 * [20, 4], meets light infantry in Line on [22, 26] facing NW.  Turn 1
 * it passes through the Line (6 in), [24, 20] lies under its block on
 * the way (a point in a gap between two cells of a block on a diagonal
 * counts: geom_covers), and it ends on [23, 8] facing N, its 18 in
 * spent; turn 2 it arrives on [19, 5] facing NW with [20, 4] under its
 * block.  When that gap did not count, the leg to [24, 20] ran out of
 * search and led the Column along the Line's length, where it halted
 * behind it in turn 1 and went round it in turn 2 (the way round a
 * friend that can never be passed is pinned by test_002_H12_pass_
 * through_friends, with a gun).
 */
static void
test_002_H12_column_passes_through_a_line_on_its_way(void **state)
{
	struct ruleset *rs1 = NULL;
	struct game *g;
	int lc, li;

	(void)state;
	g = hm_scenario("H12-column-passes-through-a-line", &rs1);
	lc = game_find_unit(g, "LC");
	li = game_find_unit(g, "LI");
	assert_true(lc >= 0 && li >= 0);
	game_turn(g);
	assert_int_equal(count(g, "H12", "passes through Light infantry: "
	    "mounted, -24 ticks (6 in), 11.25 in left"), 1);
	assert_int_equal(count(g, "HO.4", "[24, 20] lies under Legion "
	    "dragoons"), 1);
	assert_int_equal(count(g, "H12", "marches round it"), 0);
	assert_int_equal(g->units[lc].pos.x, 23);
	assert_int_equal(g->units[lc].pos.y, 8);
	assert_int_equal(g->units[lc].facing, DIR_N);
	assert_int_equal(g->units[lc].halt, HALT_SPEED);
	assert_int_equal(g->units[lc].moved, 48);	/* 12 in */
	game_turn(g);
	assert_int_equal(g->units[lc].pos.x, 19);
	assert_int_equal(g->units[lc].pos.y, 5);
	assert_int_equal(g->units[lc].facing, DIR_NW);
	assert_int_equal(g->units[lc].halt, HALT_ARRIVED);
	/* The Line stood where it was throughout. */
	assert_int_equal(g->units[li].pos.x, 22);
	assert_int_equal(g->units[li].pos.y, 26);
	assert_int_equal(g->units[li].facing, DIR_NW);
	game_free(g);
	ruleset_free(rs1);
}

/* --- The whole turn ------------------------------------------------------ */

/* A small battle: horse charges foot, lines exchange fire. */
static struct game *
battle(void)
{
	struct game *g = field();

	unit(g, "c", 0, ARM_CAVALRY, "light", "line", 15, 30, DIR_N, 80);
	unit(g, "a", 0, ARM_INFANTRY, "close", "line", 35, 24, DIR_N, 200);
	unit(g, "r", 0, ARM_INFANTRY, "rifle", "line", 50, 24, DIR_N, 100);
	unit(g, "t", 1, ARM_INFANTRY, "close", "line", 15, 12, DIR_S, 200);
	unit(g, "b", 1, ARM_INFANTRY, "close", "line", 35, 18, DIR_S, 150);
	unit(g, "g", 1, ARM_ARTILLERY, "grasshopper", "deployed", 50, 6,
	    DIR_S, 12);
	move_order(g, 0, 15, 12);
	g->break_point = 60;
	g->opt.turn_limit = 6;
	return g;
}

/* HO.1: the turn runs its phases in the data's order to the end. */
static void
test_HO_1_whole_turns(void **state)
{
	struct game *g = battle();
	int i;

	(void)state;
	for (i = 0; i < 6 && !game_over(g); i++)
		game_turn(g);
	if (getenv("HM_DUMP") != NULL)
		for (i = 0; i < g->log.n; i++) {
			char line[512];

			ruleset_event_format(rs, &g->log.v[i], line,
			    sizeof line);
			fprintf(stderr, "%d %s\n", g->log.v[i].turn, line);
		}
	assert_true(game_over(g));
	assert_true(count(g, "HO.3.2", "charges t") == 1);
	assert_true(count(g, "HO.6.2", NULL) > 0);
	assert_true(count(g, "HO.10", NULL) > 0);
	game_free(g);
}

/* A turn played a phase at a time reaches the state of a whole turn. */
static void
test_HO_1_phase_by_phase(void **state)
{
	struct game *a = battle(), *b = battle();
	int i, t;

	(void)state;
	for (t = 0; t < 3; t++) {
		game_turn(a);
		do
			i = game_phase(b);
		while (i >= 0 && b->phase >= 0);
	}
	assert_int_equal(a->turn, b->turn);
	assert_int_equal(a->log.n, b->log.n);
	for (i = 0; i < a->nunits; i++) {
		assert_int_equal(a->units[i].strength, b->units[i].strength);
		assert_int_equal(a->units[i].cond, b->units[i].cond);
		assert_int_equal(a->units[i].pos.x, b->units[i].pos.x);
		assert_int_equal(a->units[i].pos.y, b->units[i].pos.y);
	}
	game_free(a);
	game_free(b);
}

/*
 * HO.1, H15: the sides give orders before the turn, and within it only
 * the horse asked may charge again or rein in: once the turn's first
 * phase has run nothing is asked, and a Charge again or a rein in for a
 * unit not asked is refused, saying why.
 */
static void
test_HO_1_nothing_asked_within_the_turn(void **state)
{
	struct game *g = battle();
	struct decision d[DECIDE_MAX];
	struct point at = { 15, 12 };
	char *cause = NULL;

	(void)state;
	assert_int_equal(game_decisions(g, d, DECIDE_MAX), 2);
	assert_int_equal(answer(g, 1, HM_ACTION_CHARGE, at, &cause), -1);
	assert_non_null(cause);
	assert_string_equal(cause, "a is not asked whether to charge again "
	    "(H15: only horse that broke through, after the melee)");
	free(cause);
	cause = NULL;
	assert_int_equal(answer(g, 0, HM_ACTION_REIN, at, &cause), -1);
	assert_non_null(cause);
	assert_non_null(strstr(cause, "c is not asked whether to charge "
	    "again"));
	free(cause);
	assert_true(game_phase(g) >= 0);
	assert_int_equal(g->phase, 0);
	assert_int_equal(game_decisions(g, d, DECIDE_MAX), 0);
	game_free(g);
}

/*
 * HO.1: each side gives its orders once a turn; when both are done the
 * turn is played, and the next turn asks both again.  Room for one
 * answer is filled with one question.
 */
static void
test_HO_1_orders_asked_every_turn(void **state)
{
	struct game *g = battle();
	struct decision d[DECIDE_MAX];

	(void)state;
	assert_int_equal(game_decisions(g, d, 1), 1);
	assert_int_equal(d[0].side, 0);
	assert_string_equal(d[0].rule, "HO.1");
	assert_int_equal(game_decisions(g, d, DECIDE_MAX), 2);
	assert_int_equal(game_decided(g, 0), 0);
	assert_int_equal(game_decisions(g, d, DECIDE_MAX), 1);
	assert_int_equal(d[0].side, 1);
	assert_int_equal(game_decided(g, 1), 0);
	assert_int_equal(g->turn, 2);
	assert_int_equal(game_decisions(g, d, DECIDE_MAX), 2);
	assert_int_equal(d[0].side, 0);
	assert_int_equal(d[1].side, 1);
	assert_int_equal(d[0].kind, DECIDE_ORDERS);
	assert_int_equal(d[0].phase, -1);
	game_free(g);
}

/* --- The data ------------------------------------------------------------ */

/* The horse-and-musket ruleset file's text, read whole (caller frees). */
static char *
hm_data_text(void)
{
	const char *dir = getenv("MARSHAL_DATA");
	char *path, *text;
	FILE *f;
	long len;

	path = xasprintf("%s/rulesets/horse-and-musket.yaml", dir != NULL ?
	    dir : "data");
	assert_non_null(f = fopen(path, "r"));
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	rewind(f);
	text = xcalloc(1, (size_t)len + 1);
	assert_int_equal(fread(text, 1, (size_t)len, f), (size_t)len);
	fclose(f);
	free(path);
	return text;
}

/* The ruleset's data with from replaced by to: refused, with a message
 * containing want on the line of the change. */
static void
refused(const char *from, const char *to, const char *want)
{
	char *text, *bad, *p;
	struct doc_node *root;
	struct diags d;
	int i, line = 1;

	diags_init(&d);
	text = hm_data_text();
	assert_non_null(p = strstr(text, from));
	for (i = 0; text + i < p; i++)
		line += text[i] == '\n';
	bad = xasprintf("%.*s%s%s", (int)(p - text), text, to,
	    p + strlen(from));
	root = yread_buffer("horse-and-musket.yaml", bad, strlen(bad), &d);
	assert_non_null(root);
	assert_null(ruleset_load(root, &d));
	assert_true(d.n >= 1);
	if (strstr(d.v[0].msg, want) == NULL)
		fprintf(stderr, "got: %s\n", d.v[0].msg);
	assert_non_null(strstr(d.v[0].msg, want));
	assert_int_equal(d.v[0].line, line);
	doc_free(root);
	free(bad);
	free(text);
	diags_free(&d);
}

/* The ruleset's data with from1 replaced by to1 and from2 by to2: refused,
 * the first message containing want. */
static void
refused2(const char *from1, const char *to1, const char *from2,
    const char *to2, const char *want)
{
	char *text, *one, *two, *p;
	struct doc_node *root;
	struct diags d;

	diags_init(&d);
	text = hm_data_text();
	assert_non_null(p = strstr(text, from1));
	one = xasprintf("%.*s%s%s", (int)(p - text), text, to1,
	    p + strlen(from1));
	assert_non_null(p = strstr(one, from2));
	two = xasprintf("%.*s%s%s", (int)(p - one), one, to2,
	    p + strlen(from2));
	root = yread_buffer("horse-and-musket.yaml", two, strlen(two), &d);
	assert_non_null(root);
	assert_null(ruleset_load(root, &d));
	assert_true(d.n >= 1);
	if (strstr(d.v[0].msg, want) == NULL)
		fprintf(stderr, "got: %s\n", d.v[0].msg);
	assert_non_null(strstr(d.v[0].msg, want));
	doc_free(root);
	free(two);
	free(one);
	free(text);
	diags_free(&d);
}

/* The first message, its file, line and column: exactly want. */
static void
refused_exactly(const char *from, const char *to, int col, const char *want)
{
	char *text, *bad, *p;
	struct doc_node *root;
	struct diags d;
	int i, line = 1;

	diags_init(&d);
	text = hm_data_text();
	assert_non_null(p = strstr(text, from));
	for (i = 0; text + i < p; i++)
		line += text[i] == '\n';
	bad = xasprintf("%.*s%s%s", (int)(p - text), text, to,
	    p + strlen(from));
	root = yread_buffer("horse-and-musket.yaml", bad, strlen(bad), &d);
	assert_non_null(root);
	assert_null(ruleset_load(root, &d));
	assert_int_equal(d.n, 1);
	assert_string_equal(d.v[0].file, "horse-and-musket.yaml");
	assert_int_equal(d.v[0].line, line);
	assert_int_equal(d.v[0].col, col);
	assert_string_equal(d.v[0].msg, want);
	doc_free(root);
	free(bad);
	free(text);
	diags_free(&d);
}

/* The horse-and-musket module keeps the drill and the marks of the turn
 * in the first two slots of a unit's values: a file that declares
 * another attribute before drill is refused, with one message saying so,
 * given where the file's top mapping begins. */
static void
test_HO_data_drill_and_marks_declared_first(void **state)
{
	char *text, *bad, *p;
	struct doc_node *root;
	struct diags d;

	(void)state;
	diags_init(&d);
	text = hm_data_text();
	assert_non_null(p = strstr(text, "attributes:\n  drill:"));
	p += strlen("attributes:\n");
	bad = xasprintf("%.*s  zeal: {label: Zeal, min: 1, max: 6}\n%s",
	    (int)(p - text), text, p);
	root = yread_buffer("horse-and-musket.yaml", bad, strlen(bad), &d);
	assert_non_null(root);
	assert_null(ruleset_load(root, &d));
	assert_int_equal(d.n, 1);
	assert_string_equal(d.v[0].msg, "the horse-and-musket rules need the "
	    "attribute drill and then the state marks, declared first");
	assert_int_equal(d.v[0].line, root->pos.line);
	doc_free(root);
	free(bad);
	free(text);
	diags_free(&d);
}

/* The doctrine's worn mark: a battalion with fewer than 90% of the men
 * it began with falls back out of reach at normal and hard (what it
 * does is tested in test-ai, on the Cowpens, a program the mutation run
 * leaves out; here the mark itself). */
static void
test_doctrine_worn_mark_is_90_percent(void **state)
{
	(void)state;
	assert_non_null(rs->ops->doctrine);
	assert_int_equal(rs->ops->doctrine->worn, 90);
}

/* H5: a ruleset without the formation a change of formation is capped
 * at (movement's formation_change_cap) is refused, with the one
 * complaint, at its movement section. */
static void
test_H5_formation_change_cap_missing_refused(void **state)
{
	const char *cap = "  formation_change_cap: line\n";
	char *text, *bad, *p;
	struct doc_node *root;
	struct ruleset *set;
	struct diags d;

	(void)state;
	text = hm_data_text();
	assert_non_null(p = strstr(text, cap));
	bad = xasprintf("%.*s%s", (int)(p - text), text, p + strlen(cap));
	diags_init(&d);
	root = yread_buffer("horse-and-musket.yaml", bad, strlen(bad), &d);
	assert_non_null(root);
	set = ruleset_load(root, &d);
	assert_null(set);
	assert_int_equal(d.n, 1);
	assert_string_equal(d.v[0].msg, "missing key 'formation_change_cap'");
	doc_free(root);
	diags_free(&d);
	free(bad);
	free(text);
}

/*
 * H11: a class is found in the list of those immobile when routed
 * whatever its place among the classes, the first (index 0) included:
 * with the guns' classes listed first and the wagon first of them, the
 * ruleset loads, without a complaint, and a wagon of class 0 that routs
 * stands where it is, [20, 10], and says so.
 */
static void
test_H11_immobile_when_routed_names_class_0(void **state)
{
	const char *from = "  infantry: [close, open, rifle]\n"
	    "  cavalry: [light]\n"
	    "  artillery: [light, medium, heavy, galloper, grasshopper, wagon]\n";
	const char *to = "  artillery: [wagon, light, medium, heavy, galloper, "
	    "grasshopper]\n"
	    "  infantry: [close, open, rifle]\n"
	    "  cavalry: [light]\n";
	char *text, *bad, *p;
	struct doc_node *root;
	struct ruleset *set;
	struct game *g;
	struct diags d;
	int w;

	(void)state;
	text = hm_data_text();
	assert_non_null(p = strstr(text, from));
	bad = xasprintf("%.*s%s%s", (int)(p - text), text, to,
	    p + strlen(from));
	diags_init(&d);
	root = yread_buffer("horse-and-musket.yaml", bad, strlen(bad), &d);
	assert_non_null(root);
	set = ruleset_load(root, &d);
	if (set == NULL)
		diags_print(&d, stderr);
	assert_non_null(set);
	assert_int_equal(d.n, 0);
	assert_int_equal(ruleset_class(set, ARM_ARTILLERY, "wagon"), 0);
	/* A routed wagon of class 0 stands where it is (H11). */
	g = game_create(set, map_create(60, 40));
	game_add_side(g, "Americans");
	game_add_side(g, "British");
	game_add_general(g, "am", "Morgan", 0, -1);
	game_add_general(g, "br", "Tarleton", 1, -1);
	g->sides[0].rear = (struct point){ 30, 39 };
	g->sides[1].rear = (struct point){ 30, 0 };
	game_seed(g, 5);
	w = game_add_unit(g, "w", "w", 0, 0);
	g->units[w].arm = ARM_ARTILLERY;
	g->units[w].klass = 0;
	g->units[w].strength = g->units[w].strength0 = 20;
	g->units[w].formation = ruleset_form(set, "limbered");
	g->units[w].pos = (struct point){ 20, 10 };
	g->units[w].facing = DIR_N;
	g->units[w].cond = COND_FORMED;
	g->units[w].contact = -1;
	unit_attr_set(&g->units[w], HM_ATTR_DRILL, 4);
	game_occupy(g, w, true);
	hm_rout(g, w, "HO.9.2", "test");
	hm_phase_morale(g);
	assert_int_equal(g->units[w].cond, COND_ROUTED);
	assert_int_equal(g->units[w].pos.x, 20);
	assert_int_equal(g->units[w].pos.y, 10);
	assert_int_equal(count(g, "H11", "a routed wagon stands where it is "
	    "for the rest of the battle"), 1);
	assert_int_equal(count(g, "HO.9.3", "flees"), 0);
	game_free(g);
	ruleset_free(set);
	doc_free(root);
	diags_free(&d);
	free(bad);
	free(text);
}

/* HO.6: a weapon of the fire table is a map of its figures: one written
 * as a bare number is refused where it stands, and the ruleset with it,
 * with the one complaint. */
static void
test_HO_6_weapon_not_a_map_refused(void **state)
{
	const char *from = "    heavy:   {short: 6, long: 40, short_dice: 2, "
	    "dice: 1}\n";
	char *text, *bad, *p;
	struct doc_node *root;
	struct ruleset *set;
	struct diags d;
	int line = 1;

	(void)state;
	text = hm_data_text();
	assert_non_null(p = strstr(text, from));
	for (const char *q = text; q < p; q++)
		line += *q == '\n';
	bad = xasprintf("%.*s    heavy:   6\n%s", (int)(p - text), text,
	    p + strlen(from));
	diags_init(&d);
	root = yread_buffer("horse-and-musket.yaml", bad, strlen(bad), &d);
	assert_non_null(root);
	set = ruleset_load(root, &d);
	assert_null(set);
	assert_int_equal(d.n, 1);
	assert_string_equal(d.v[0].msg, "heavy must be a mapping, not a "
	    "scalar");
	assert_int_equal(d.v[0].line, line);
	assert_int_equal(d.v[0].col, (int)strlen("    heavy:   ") + 1);
	doc_free(root);
	diags_free(&d);
	free(bad);
	free(text);
}

/* HO.6: the fire table holds 16 weapons.  The file's six and ten more
 * load; eleven more, 17, are refused at the 17th, "weapons: more than
 * 16", rather than the 17th left out and a class armed with it refused
 * for a weapon that is not there. */
static void
test_HO_6_more_than_16_weapons_refused(void **state)
{
	const char *from = "    heavy:   {short: 6, long: 40, short_dice: 2, "
	    "dice: 1}\n";
	char *text, *bad, *more, *p;
	struct doc_node *root;
	struct ruleset *set;
	struct diags d;
	int extra, i, line;

	(void)state;
	text = hm_data_text();
	assert_non_null(p = strstr(text, from));
	p += strlen(from);
	for (extra = 10; extra <= 11; extra++) {
		more = xstrdup("");
		for (i = 0; i < extra; i++) {
			char *m = xasprintf("%s    w%d: {short: 1, dice: 1}\n",
			    more, i);

			free(more);
			more = m;
		}
		bad = xasprintf("%.*s%s%s", (int)(p - text), text, more, p);
		diags_init(&d);
		root = yread_buffer("horse-and-musket.yaml", bad, strlen(bad),
		    &d);
		assert_non_null(root);
		set = ruleset_load(root, &d);
		if (extra == 10) {
			assert_non_null(set);
			assert_int_equal(hm_turn(set)->nweapons, 16);
			ruleset_free(set);
		} else {
			assert_null(set);
			assert_int_equal(d.n, 1);
			assert_string_equal(d.v[0].msg,
			    "weapons: more than 16");
			/* The 17th: the 11th line added, after the 6th. */
			for (i = 0, line = 1; text + i < p; i++)
				line += text[i] == '\n';
			assert_int_equal(d.v[0].line, line + 10);
		}
		doc_free(root);
		diags_free(&d);
		free(bad);
		free(more);
	}
	free(text);
}

/* HO.6, HO.7, HO.1: an arm the game does not know, a melee modifier
 * past its range -20..20, a courier speed below nothing, an obstacle
 * the ruleset does not have: each refused
 * with its file, line and column, and the message says what and why. */
static void
test_HO_7_data_refused_exactly(void **state)
{
	(void)state;
	refused_exactly("open_order: {infantry: [open, rifle]}",
	    "open_order: {navy: [open, rifle]}", 16,
	    "open_order: no arm 'navy'");
	refused_exactly("disordered: -1\n  open_order: -1",
	    "disordered: 21\n  open_order: -1", 15,
	    "value 21 out of range -20..20");
	refused_exactly("open_order: -1\n  weak:", "open_order: 21\n  weak:",
	    15, "value 21 out of range -20..20");
	refused_exactly("courier_speed: 0", "courier_speed: -1", 18,
	    "value -1 out of range 0..250000");
	/* HO.6's cover behind an obstacle the ruleset has not. */
	refused_exactly("behind: [fence]", "behind: [moat]", 12,
	    "behind: no obstacle 'moat' in this ruleset");
	/* HO.6.2's bases a formation fires with, not a mapping. */
	refused_exactly("bases: {line: 2, column: 1, deployed: 1}",
	    "bases: 2", 10, "bases must be a mapping, not a scalar");
}

/*
 * The data file's text with the value after `key' (searched for after
 * `anchor') replaced by `value': refused with exactly one message, at the
 * value's line and column, want.
 */
static void
refused_at(const char *anchor, const char *key, const char *value,
    const char *want)
{
	char *text, *bad, *p, *q;
	struct doc_node *root;
	struct diags d;
	int i, line = 1, col = 1;

	diags_init(&d);
	text = hm_data_text();
	assert_non_null(p = strstr(text, anchor));
	assert_non_null(p = strstr(p, key));
	p += strlen(key);
	q = p + strcspn(p, " ,}\n#");
	for (i = 0; text + i < p; i++) {
		col = text[i] == '\n' ? 1 : col + 1;
		line += text[i] == '\n';
	}
	bad = xasprintf("%.*s%s%s", (int)(p - text), text, value, q);
	root = yread_buffer("horse-and-musket.yaml", bad, strlen(bad), &d);
	assert_non_null(root);
	assert_null(ruleset_load(root, &d));
	if (d.n != 1 || strcmp(d.v[0].msg, want) != 0)
		fprintf(stderr, "%s%s: got %d, %s\n", key, value, d.n,
		    d.n > 0 ? d.v[0].msg : "");
	assert_int_equal(d.n, 1);
	assert_int_equal(d.v[0].line, line);
	assert_int_equal(d.v[0].col, col);
	assert_string_equal(d.v[0].msg, want);
	doc_free(root);
	free(bad);
	free(text);
	diags_free(&d);
}

/* The same, the message "value VALUE out of range RANGE". */
static void
out_of_range(const char *anchor, const char *key, const char *value,
    const char *range)
{
	char *want = xasprintf("value %s out of range %s", value, range);

	refused_at(anchor, key, value, want);
	free(want);
}

/* HO.3, HO.6, HO.7, HO.9, HO.2, HO.10: each whole number and distance of
 * the turn's tables is refused past its bounds, where it stands, the
 * message giving them. */
static void
test_HO_data_bounds_refused(void **state)
{
	static const struct {
		const char *anchor, *key, *value, *range;
	} v[] = {
		{ "\ncharge:", "\n  arc: ", "5", "0..4" },
		{ "\nfire:", "\n  die: ", "1", "2..100" },
		{ "\nfire:", "\n  arc: ", "-1", "0..4" },
		{ "\nfire:", "\n  short_hits: ", "101", "1..100" },
		{ "\nfire:", "\n  long_hits: ", "0", "1..100" },
		{ "\nfire:", "\n  always: ", "101", "1..100" },
		{ "\nfire:", "\n  never: ", "-1", "0..100" },
		{ "\nfire:", "musket:  {short: ", "-1", "0..250000" },
		{ "\nfire:", "musket:  {short: 3, long: ", "-1", "0..250000" },
		{ "\nfire:", "musket:  {short: 3, long: 6, dice: ", "21",
		    "0..20" },
		{ "\nfire:", "light:   {short: 6, long: 24, short_dice: ", "-1",
		    "0..20" },
		{ "\nfire:", "bases: {line: ", "21", "0..20" },
		{ "\nfire:", "\n  cover_mod: ", "-21", "-20..20" },
		{ "\nfire:", "\n  hard: ", "21", "-20..20" },
		{ "\nfire:", "\n  disordered: ", "-21", "-20..20" },
		{ "\nfire:", "\n  hits_per_unit: ", "1001", "1..1000" },
		{ "\nfire:", "\n  shaken: ", "0", "1..1000" },
		{ "\nmelee:", "\n  die: ", "101", "2..100" },
		{ "\nmelee:", "\n  charged: ", "-21", "-20..20" },
		{ "\nmelee:", "\n  horse_front: ", "21", "-20..20" },
		{ "\nmelee:", "\n  horse_flank_or_disordered: ", "-21",
		    "-20..20" },
		{ "\nmelee:", "\n  flank: ", "21", "-20..20" },
		{ "\nmelee:", "\n  defended: ", "-21", "-20..20" },
		{ "\nmelee:", "\n  disordered: ", "-21", "-20..20" },
		{ "\nmelee:", "\n  open_order: ", "-21", "-20..20" },
		{ "\nmelee:", "\n  weak: ", "21", "-20..20" },
		{ "\nmelee:", "\n  rout_margin: ", "0", "1..100" },
		{ "\nmelee:", "\n  fall_back: ", "-1", "0..250000" },
		{ "\nmorale:", "\n  die: ", "1", "2..100" },
		{ "\nmorale:", "\n  dice: ", "11", "1..10" },
		{ "\nmorale:", "\n  base: ", "51", "-50..50" },
		{ "\nmorale:", "\n  per_hits: ", "0", "1..100" },
		{ "\nmorale:", "\n  disordered: ", "21", "-20..20" },
		{ "\nmorale:", "\n  general: ", "-21", "-20..20" },
		{ "\nmorale:", "\n  general_reach: ", "-1", "0..250000" },
		{ "\nmorale:", "\n  rout_margin: ", "101", "1..100" },
		{ "\nmorale:", "\n  restore_enemy_gap: ", "-1", "0..250000" },
		{ "\nmorale:", "\n  track: ", "100001", "1..100000" },
		{ "\nrally:", "\n  base: ", "-51", "-50..50" },
		{ "\nrally:", "\n  enemy_gap: ", "-1", "0..250000" },
		{ "\nvictory:", "\n  hold: ", "-1", "0..250000" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof v / sizeof v[0]; i++)
		out_of_range(v[i].anchor, v[i].key, v[i].value, v[i].range);
}

/* The ruleset's data with from replaced by to, loaded (it must load). */
static struct ruleset *
edited(const char *from, const char *to)
{
	char *text, *bad, *p;
	struct doc_node *root;
	struct ruleset *set;
	struct diags d;

	diags_init(&d);
	text = hm_data_text();
	assert_non_null(p = strstr(text, from));
	bad = xasprintf("%.*s%s%s", (int)(p - text), text, to,
	    p + strlen(from));
	root = yread_buffer("horse-and-musket.yaml", bad, strlen(bad), &d);
	assert_non_null(root);
	set = ruleset_load(root, &d);
	if (set == NULL)
		diags_print(&d, stderr);
	assert_non_null(set);
	assert_int_equal(d.n, 0);
	doc_free(root);
	free(bad);
	free(text);
	diags_free(&d);
	return set;
}

/* The rules reference of a ruleset, collected line by line. */
static void
collect_line(void *arg, int indent, const char *text)
{
	char *buf = arg;
	size_t n = strlen(buf);

	snprintf(buf + n, 8192 - n, "%*s%s\n", indent, "", text);
}

/*
 * H4 without its buildings rows: a crossing table that names neither
 * entering nor leaving buildings prices both at a share of 0 (nothing
 * beyond the step) for every mover, and the rules reference says so.
 */
static void
test_h4_buildings_rows_left_out_cost_nothing(void **state)
{
	struct ruleset *set;
	const struct hm_move *m;
	char *buf = xcalloc(8192, 1);
	int k;

	(void)state;
	set = edited("    enter_buildings:  {co_foot: \"1/2\", oo_foot: "
	    "\"1/2\", mounted: none, wheeled: none}\n    leave_buildings:  "
	    "{co_foot: \"1\",   oo_foot: \"1/2\", mounted: none, wheeled: "
	    "none}\n", "");
	m = hm_move(set);
	for (k = 0; k < HM_MOVER_COUNT; k++) {
		assert_int_equal(m->enter_b[k].num, 0);
		assert_int_equal(m->enter_b[k].den, 1);
		assert_int_equal(m->leave_b[k].num, 0);
		assert_int_equal(m->leave_b[k].den, 1);
	}
	set->ops->describe(set, collect_line, buf);
	assert_non_null(strstr(buf, "  entering buildings: 0, 0, 0, 0\n"
	    "  leaving buildings: 0, 0, 0, 0\n"));
	free(buf);
	ruleset_free(set);
}

/* A block's centre (hm_cells_centre): the mean cell rounded down, the
 * one cell of a one-cell block, and the point given when there are no
 * cells. */
static void
test_cells_centre_of_one_cell_and_of_none(void **state)
{
	struct point v[3] = { { 7, 9 }, { 8, 9 }, { 10, 12 } }, c;

	(void)state;
	c = hm_cells_centre(v, 3, (struct point){ 0, 0 });
	assert_int_equal(c.x, 8);
	assert_int_equal(c.y, 10);
	c = hm_cells_centre(v, 1, (struct point){ 0, 0 });
	assert_int_equal(c.x, 7);
	assert_int_equal(c.y, 9);
	c = hm_cells_centre(v, 0, (struct point){ 3, 4 });
	assert_int_equal(c.x, 3);
	assert_int_equal(c.y, 4);
}

/* H1: the turn keeps the speeds the movement section gives up to the
 * most it allows, 1000 in: close-order foot routing at 1000 in runs
 * 1000 x 4 = 4000 ticks (the figure the rout phase reads), in a Column
 * at 9 in, 36 ticks, as before. */
static void
test_002_H1_speed_of_1000_in_kept(void **state)
{
	struct ruleset *set = edited("close: {line: 6, column: 9, rout: 12}",
	    "close: {line: 6, column: 9, rout: 1000}");
	int k = ruleset_class(set, ARM_INFANTRY, "close");

	(void)state;
	assert_true(k >= 0);
	assert_int_equal(set->ticks, 4);
	assert_int_equal(hm_turn(set)->rout[k], 4000);
	assert_int_equal(hm_turn(set)->speed[k][ruleset_form(set, "column")],
	    36);
	ruleset_free(set);
}

/* H1 with the artillery classes listed first, the light gun the
 * ruleset's class 0: the guns table still gives it its 9 in limbered
 * (36 ticks), 3 in deployed (12) and 12 in routing (48). */
static void
test_002_H1_guns_speed_of_class_0(void **state)
{
	struct ruleset *set = edited("classes:\n  infantry: [close, open, "
	    "rifle]\n  cavalry: [light]\n  artillery: [light, medium, heavy, "
	    "galloper, grasshopper, wagon]\n", "classes:\n  artillery: "
	    "[light, medium, heavy, galloper, grasshopper, wagon]\n  "
	    "infantry: [close, open, rifle]\n  cavalry: [light]\n");
	int k = ruleset_class(set, ARM_ARTILLERY, "light");

	(void)state;
	assert_int_equal(k, 0);
	assert_int_equal(set->ticks, 4);
	assert_int_equal(hm_turn(set)->speed[k][ruleset_form(set, "limbered")],
	    36);
	assert_int_equal(hm_turn(set)->speed[k][ruleset_form(set, "deployed")],
	    12);
	assert_int_equal(hm_turn(set)->rout[k], 48);
	ruleset_free(set);
}

/* H13 with a fire arc of 0 (the data's `fire: arc`): an enemy half right
 * within musket range (a gun, 22 ticks off: guns do not charge, so it
 * forbids no turn) is out of the arc, and the Line turns the one step
 * (45 degrees) to face it, NE, keeping its centre. */
static void
test_002_H13_a_turn_of_one_step(void **state)
{
	struct ruleset *set = edited("die: 6\n  arc: 1\n  short_hits: 4",
	    "die: 6\n  arc: 0\n  short_hits: 4"), *was = rs;
	struct game *g;
	int u;
	struct point c;

	(void)state;
	assert_int_equal(hm_turn(set)->fire_arc, 0);
	rs = set;
	g = field();
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	unit(g, "e", 1, ARM_ARTILLERY, "light", "deployed", 30, 10, DIR_SW,
	    60);
	assert_int_equal(hm_gap(g, u, 1), 22);
	assert_false(hm_in_arc(g, u, 1, 0));
	assert_true(hm_in_arc(g, u, 1, 1));
	c = centre(g, u);
	hm_phase_facing(g);
	assert_int_equal(g->units[u].facing, DIR_NE);
	assert_int_equal(centre(g, u).x, c.x);
	assert_int_equal(centre(g, u).y, c.y);
	assert_int_equal(count(g, "H13", "u turns 1 x 45 degrees from N to NE "
	    "about its centre to face e (the nearest enemy in range), anchor "
	    "[20, 20]"), 1);
	game_free(g);
	rs = was;
	ruleset_free(set);
}

/* H14 with the data's bonus at 0 and at a quarter inch (1 tick): no
 * bonus is no word of one, the Column marching its 36 ticks (18 cells);
 * a bonus of 1 tick is added like any other, 37 ticks, the last tick
 * spare (18 cells). */
static void
test_002_H14_road_bonus_of_nothing_and_of_a_tick(void **state)
{
	static const char *const bonus[] = { "bonus: 0\n", "bonus: 0.25\n" };
	struct ruleset *set, *was = rs;
	struct game *g;
	int k, u, p, y;

	(void)state;
	for (k = 0; k < 2; k++) {
		set = edited("bonus: 3\n", bonus[k]);
		assert_int_equal(hm_move(set)->road_bonus, k);
		rs = set;
		g = field();
		u = unit(g, "u", 0, ARM_INFANTRY, "close", "column", 10, 36,
		    DIR_N, 200);
		for (y = 0; y < 40; y++)
			map_cell(g->map, 10, y)->road = ROAD_SMALL;
		g->opt.module[ruleset_option(rs, "road_bonus")] = true;
		move_order(g, u, 10, 0);
		for (p = 0; p < rs->nphases; p++)
			if (strcmp(rs->phase_keys[p], "movement") == 0)
				break;
		assert_true(p < rs->nphases);
		rs->ops->phase_run(g, p);
		assert_int_equal(g->units[u].pos.y, 18);
		if (k == 0)
			assert_int_equal(count(g, "H14", NULL), 0);
		else
			assert_int_equal(count(g, "H14", "+0.25 in, 36 + 1 = "
			    "37 ticks"), 1);
		game_free(g);
		rs = was;
		ruleset_free(set);
	}
}

/* HO.6.2: a volley's dice are logged one by one, as many as fit in 95
 * characters (the rest cut): a Line of 20 bases (the data's bases
 * edited) with a musket of 3 dice at short range (edited too) rolls 20 x
 * 3 = 60d6, whose 60 figures and 59 spaces (119 characters) are cut to
 * the first 95, the first 48 rolls; every die of the 60 counts in the
 * hits, as its line and the hits taken say. */
static void
test_HO_6_2_volley_dice_cut_to_the_line(void **state)
{
	const char *bases = "bases: {line: 2,", *musket = "musket:  {short: "
	    "3, long: 6, dice: 1}";
	struct ruleset *was = rs;
	struct doc_node *root;
	struct game *g;
	struct diags d;
	char *text, *one, *two, *p, want[256], rolls[128];
	int a, b, r[60], i, h = 0;
	size_t k = 0;

	(void)state;
	text = hm_data_text();
	assert_non_null(p = strstr(text, bases));
	one = xasprintf("%.*sbases: {line: 20,%s", (int)(p - text), text,
	    p + strlen(bases));
	assert_non_null(p = strstr(one, musket));
	two = xasprintf("%.*smusket:  {short: 3, long: 6, short_dice: 3, "
	    "dice: 1}%s", (int)(p - one), one, p + strlen(musket));
	diags_init(&d);
	root = yread_buffer("horse-and-musket.yaml", two, strlen(two), &d);
	assert_non_null(root);
	rs = ruleset_load(root, &d);
	assert_non_null(rs);
	assert_int_equal(d.n, 0);
	g = field();
	a = unit(g, "a", 0, ARM_INFANTRY, "close", "line", 20, 16, DIR_N, 200);
	b = unit(g, "b", 1, ARM_INFANTRY, "close", "line", 20, 11, DIR_S, 500);
	assert_int_equal(hm_gap(g, a, b), 8);		/* 2 inches: short */
	dice(g, 60, 6, r);
	for (i = 0; i < 60; i++) {
		h += r[i] >= 4;
		k += (size_t)snprintf(rolls + k, sizeof rolls - k, "%s%d",
		    i ? " " : "", r[i]);
	}
	assert_int_equal(k, 119);
	rolls[95] = '\0';
	hm_phase_fire(g);
	snprintf(want, sizeof want, "a fires musket at b, 2 in away (short "
	    "range): 20 bases x 3 = 60d6, 4+ to hit: rolls %s, %d hit%s",
	    rolls, h, h == 1 ? "" : "s");
	assert_int_equal(count(g, "HO.6.2", want), 1);
	snprintf(want, sizeof want, "b takes %d hits from a", h);
	assert_int_equal(count(g, "HO.6.3", want), 1);
	game_free(g);
	ruleset_free(rs);
	rs = was;
	doc_free(root);
	diags_free(&d);
	free(two);
	free(one);
	free(text);
}

/* HO.6.2 with a weapon of no dice at long range (the data's musket
 * given `dice: 0`, 1 at short range): a Line at long range fires 2 bases
 * x 0 = 0d6, rolls nothing and hits nothing, and its line says so, though
 * another fired before it at short range and rolled. */
static void
test_HO_6_2_no_dice_at_long_range(void **state)
{
	struct ruleset *set = edited("musket:  {short: 3, long: 6, dice: 1}",
	    "musket:  {short: 3, long: 6, short_dice: 1, dice: 0}"), *was = rs;
	struct game *g;
	char want[160];
	int n, a, b, r[2];

	(void)state;
	rs = set;
	g = field();
	n = unit(g, "n", 0, ARM_INFANTRY, "close", "line", 20, 16, DIR_N, 200);
	a = unit(g, "a", 0, ARM_INFANTRY, "close", "line", 32, 17, DIR_N, 200);
	b = unit(g, "b", 1, ARM_INFANTRY, "close", "line", 20, 11, DIR_S, 150);
	assert_int_equal(hm_gap(g, n, b), 8);		/* 2 inches: short */
	assert_int_equal(hm_gap(g, a, b), 15);		/* 3.75 in: long */
	HM_MARKS(&g->units[b]) = HM_FIRED;		/* b holds its fire */
	dice(g, 2, 6, r);
	hm_phase_fire(g);
	snprintf(want, sizeof want, "n fires musket at b, 2 in away (short "
	    "range): 2 bases x 1 = 2d6, 4+ to hit: rolls %d %d", r[0], r[1]);
	assert_int_equal(count(g, "HO.6.2", want), 1);
	assert_int_equal(count(g, "HO.6.2", "a fires musket at b, 3.75 in away "
	    "(long range): 2 bases x 0 = 0d6, 5+ to hit: rolls nothing, 0 hits"), 1);
	assert_int_equal(g->units[b].strength, 150 - 15 * ((r[0] >= 4) +
	    (r[1] >= 4)));
	game_free(g);
	rs = was;
	ruleset_free(set);
}

/*
 * HO.6.3 and HO.7 in the singular: a gun of 12 men (a hit is 1 man)
 * taking one hit loses "1 man", and a melee lost by 1 is "1 hit".  The
 * seed is the first whose two dice give the Line at 2 inches (4+ to hit,
 * +1 against a deployed gun) exactly one hit.
 */
static void
test_HO_6_3_one_hit_one_man(void **state)
{
	struct game *g;
	int seed, n, b, r[2];

	(void)state;
	for (seed = 1; seed < 200; seed++) {
		g = field();
		game_seed(g, (uint64_t)seed);
		dice(g, 2, 6, r);
		game_free(g);
		if ((r[0] >= 5) + (r[1] >= 5) == 1)
			break;
	}
	assert_true(seed < 200);
	g = field();
	game_seed(g, (uint64_t)seed);
	n = unit(g, "n", 0, ARM_INFANTRY, "close", "line", 20, 16, DIR_N, 200);
	b = unit(g, "b", 1, ARM_ARTILLERY, "light", "deployed", 20, 11, DIR_S,
	    12);
	assert_int_equal(hm_gap(g, n, b), 8);		/* 2 inches: short */
	HM_MARKS(&g->units[b]) = HM_FIRED;		/* b holds its fire */
	hm_phase_fire(g);
	assert_int_equal(g->units[b].strength, 11);
	assert_int_equal(count(g, "HO.6.3", "b takes 1 hit from n: 1 man "
	    "lost (a hit is 1), 11 left, 1 hit in all"), 1);
	game_free(g);
}

/*
 * HO.7 with close order weak by its class (weak_classes given close):
 * foot against foot, each -2 (rifles), the charger +1 (charged).
 */
static void
test_HO_7_weak_by_the_first_class(void **state)
{
	struct ruleset *set = edited("weak_classes: {infantry: [rifle]}",
	    "weak_classes: {infantry: [close, rifle]}"), *was = rs;
	struct game *g;
	char want[200];
	int c, t, r[2];

	(void)state;
	rs = set;
	g = field();
	c = unit(g, "c", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 19, DIR_S, 200);
	assert_int_equal(g->units[c].klass, 0);
	g->units[c].contact = t;
	g->units[t].contact = c;
	HM_MARKS(&g->units[c]) = HM_CHARGER;
	HM_MARKS(&g->units[t]) = HM_CHARGED;
	dice(g, 2, 6, r);
	hm_phase_melee(g);
	snprintf(want, sizeof want, "c %d + Drill 4 +1 (charged) -2 (rifles) "
	    "= %d, t %d + Drill 4 -2 (rifles) = %d", r[0], r[0] + 3, r[1],
	    r[1] + 2);
	assert_int_equal(count(g, "HO.7", want), 1);
	game_free(g);
	rs = was;
	ruleset_free(set);
}

/*
 * HO.7: the melees are fought in the order of units, the first unit's
 * first: a (unit 0) against d (unit 3), then b against c; the dice are
 * rolled in that order.
 */
static void
test_HO_7_melees_in_the_order_of_units(void **state)
{
	struct game *g = field();
	char want[160];
	int a, b, c, d, r[4];

	(void)state;
	a = unit(g, "a", 0, ARM_INFANTRY, "close", "line", 10, 20, DIR_N, 200);
	b = unit(g, "b", 0, ARM_INFANTRY, "close", "line", 40, 20, DIR_N, 200);
	c = unit(g, "c", 1, ARM_INFANTRY, "close", "line", 40, 19, DIR_S, 200);
	d = unit(g, "d", 1, ARM_INFANTRY, "close", "line", 10, 19, DIR_S, 200);
	g->units[a].contact = d;
	g->units[d].contact = a;
	g->units[b].contact = c;
	g->units[c].contact = b;
	HM_MARKS(&g->units[a]) = HM_CHARGER;
	HM_MARKS(&g->units[b]) = HM_CHARGER;
	dice(g, 4, 6, r);
	assert_true(r[0] != r[2] || r[1] != r[3]);	/* seed 5 */
	hm_phase_melee(g);
	snprintf(want, sizeof want, "a %d + Drill 4 +1 (charged) = %d, d %d + "
	    "Drill 4 = %d", r[0], r[0] + 5, r[1], r[1] + 4);
	assert_int_equal(count(g, "HO.7", want), 1);
	snprintf(want, sizeof want, "b %d + Drill 4 +1 (charged) = %d, c %d + "
	    "Drill 4 = %d", r[2], r[2] + 5, r[3], r[3] + 4);
	assert_int_equal(count(g, "HO.7", want), 1);
	game_free(g);
}

/*
 * HO.9.3: a router that reaches its rear with move to spare runs on off
 * the field: the rear of the Americans set at [30, 30], u flees the 10
 * cells (5 in) from [30, 20] to it and on, lost to its side.
 */
static void
test_HO_9_3_flight_reaches_the_rear(void **state)
{
	struct game *g = field();
	int u;

	(void)state;
	g->sides[0].rear = (struct point){ 30, 30 };
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 30, 20, DIR_N, 200);
	hm_rout(g, u, "HO.9.2", "test");
	hm_phase_morale(g);
	assert_int_equal(g->units[u].cond, COND_DISPERSED);
	assert_int_equal(g->units[u].moved, 20);
	assert_int_equal(count(g, "HO.9.3", "u flees 5 in of its 12 in Rout "
	    "move to [30, 30] and on off the field: lost to its side"), 1);
	game_free(g);
}

/*
 * HO.9.3: the router must end where it stands alone: with a friend's
 * Line across the last cells of its 12 inches it stops short of him, and
 * what it spent is the way to there (44 ticks, 11 in), not the steps
 * it took over him.
 */
static void
test_HO_9_3_flight_ends_short_of_a_friend(void **state)
{
	struct game *g = field();
	int u, f;

	(void)state;
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 30, 5, DIR_N, 200);
	f = unit(g, "f", 0, ARM_INFANTRY, "close", "line", 30, 28, DIR_N, 200);
	hm_rout(g, u, "HO.9.2", "test");
	hm_phase_morale(g);
	assert_int_equal(g->units[u].cond, COND_ROUTED);
	assert_int_equal(g->units[u].pos.x, 30);
	assert_int_equal(g->units[u].pos.y, 27);
	assert_int_equal(g->units[u].moved, 44);
	assert_int_equal(count(g, "HO.9.3", "u flees 11 in of its 12 in Rout "
	    "move, [30, 5] to [30, 27]"), 1);
	assert_int_equal(g->units[f].pos.y, 28);
	game_free(g);
}

/*
 * HO.9.3: stopping short of a friend, the router also faces as it did
 * on the step that took it to where it ends.  Fleeing from [20, 5] to a
 * rear at [36, 39] its track mixes south-east and south steps; with a
 * friend's Line at [27, 22] the last place it stands alone is [28, 20],
 * reached by a step south (38 ticks, 9.5 in), though the last step it
 * took over the friend, to [30, 24], went south-east.
 */
static void
test_HO_9_3_flight_ends_short_of_a_friend_facing_its_step(void **state)
{
	struct game *g = field();
	int u, f;

	(void)state;
	g->sides[0].rear = (struct point){ 36, 39 };
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 5, DIR_N, 200);
	f = unit(g, "f", 0, ARM_INFANTRY, "close", "line", 27, 22, DIR_N, 200);
	hm_rout(g, u, "HO.9.2", "test");
	hm_phase_morale(g);
	assert_int_equal(g->units[u].cond, COND_ROUTED);
	assert_int_equal(g->units[u].pos.x, 28);
	assert_int_equal(g->units[u].pos.y, 20);
	assert_int_equal(g->units[u].facing, DIR_S);
	assert_int_equal(g->units[u].moved, 38);
	assert_int_equal(count(g, "HO.9.3", "u flees 9.5 in of its 12 in Rout "
	    "move, [20, 5] to [28, 20]"), 1);
	assert_int_equal(game_unit_at(g, 28, 20), u);
	assert_int_equal(g->units[f].pos.y, 22);
	game_free(g);
}

/*
 * HO.9.3 with an obstacle the crossing table leaves out (H4: crossed for
 * nothing): the router steps over the stream for no ticks and flees on,
 * 25 cells in its 12 inches.
 */
static void
test_HO_9_3_flight_over_a_free_crossing(void **state)
{
	static const char row[] = "    stream:           {co_foot: \"1/2\", "
	    "oo_foot: \"1/2\", mounted: \"1\", wheeled: \"2\"}\n";
	struct ruleset *set = edited(row, ""), *was = rs;
	struct game *g;
	int u, x;

	(void)state;
	rs = set;
	g = field();
	u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 30, 5, DIR_N, 200);
	for (x = 10; x < 50; x++)
		map_edge_set(g->map, x, 12, DIR_N, ruleset_obst(rs, "stream"),
		    0);
	hm_rout(g, u, "HO.9.2", "test");
	hm_phase_morale(g);
	assert_int_equal(g->units[u].cond, COND_ROUTED);
	assert_int_equal(g->units[u].pos.y, 30);
	assert_int_equal(g->units[u].moved, 48);
	game_free(g);
	rs = was;
	ruleset_free(set);
}

/* H1, H2, H7, H9, H12, H13, H14, HO.4: each distance and whole number of
 * the movement table is refused past its bounds, where it stands. */
static void
test_002_H1_data_bounds_refused(void **state)
{
	static const struct {
		const char *anchor, *key, *value, *range;
	} v[] = {
		{ "\nmovement:", "close: {line: ", "-1", "0..1000" },
		{ "\nmovement:", "close: {line: 6, column: 9, rout: ", "1001",
		    "0..1000" },
		{ "\n  guns:", "light:       {limbered: ", "-1", "0..1000" },
		{ "\nmovement:", "retire: {infantry: ", "-1", "0..1000" },
		{ "\nmovement:", "pass_through: {infantry: 3, cavalry: ", "1001",
		    "0..1000" },
		{ "\nmovement:", "road_bonus:\n    bonus: ", "-1", "0..1000" },
		{ "\nmovement:", "enemy_clear: ", "-1", "0..1000" },
		{ "\nmovement:", "free_turn_steps: ", "5", "0..4" },
		{ "\nmovement:", "free_turn_steps: ", "-1", "0..4" },
		{ "\nmovement:", "turn_max_steps: ", "0", "1..4" },
		{ "\nmovement:", "turn_max_steps: ", "5", "1..4" },
		{ "\nmovement:", "wheel_diameter: ", "-1", "0..1000" },
		{ "\nmovement:", "enemy_gap: ", "1001", "0..1000" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof v / sizeof v[0]; i++)
		out_of_range(v[i].anchor, v[i].key, v[i].value, v[i].range);
}

/*
 * H1-H4, H10-H14: each table of the movement rules refuses what it cannot
 * read, where it stands and saying what: an unknown class, formation,
 * landscape, obstacle or mover, a table that is not one, a flag that is
 * not true or false.
 */
static void
test_002_H1_movement_data_refused(void **state)
{
	static const struct {
		const char *from, *to, *want;
	} v[] = {
		{ "      close: {line: 6,", "      foot: {line: 6,",
		    "unknown infantry class 'foot'" },
		{ "      close: {line: 6,", "      close: {lines: 6,",
		    "unknown formation 'lines'" },
		{ "      close: {line: 6,", "      close: {line: six,",
		    "expected a number, found 'six'" },
		{ "      close: {line: 6, column: 9, rout: 12}",
		    "      close: 6", "speeds of a class" },
		{ "    light:       {limbered: 9,", "    light:       {limbered: "
		    "x,", "expected a number, found 'x'" },
		{ "    heavy:       {limbered: 3,", "    howitzer:    {limbered: "
		    "3,", "unknown artillery class 'howitzer'" },
		{ "immobile_when_routed: [wagon]",
		    "immobile_when_routed: [cart]",
		    "unknown artillery class 'cart'" },
		{ "immobile_when_routed: [wagon]", "immobile_when_routed: wagon",
		    "immobile_when_routed" },
		{ "infantry: {close: co_foot,", "infantry: {foot: co_foot,",
		    "unknown class 'foot'" },
		{ "infantry: {close: co_foot,", "infantry: {close: feet,",
		    "unknown value 'feet'" },
		{ "    cavalry: {light: mounted}", "    cavalry: mounted",
		    "movers of an arm" },
		{ "crew_mover: oo_foot", "crew_mover: feet",
		    "unknown value 'feet'" },
		{ "    rough:        {co_foot:", "    marsh:        {co_foot:",
		    "unknown landscape 'marsh'" },
		{ "    fence:            {co_foot:", "    hedge:            "
		    "{co_foot:", "unknown obstacle 'hedge'" },
		{ "    enter_buildings:  {co_foot: \"1/2\"",
		    "    enter_buildings:  {co_foot: \"x\"", "'x' is not a share" },
		{ "    leave_buildings:  {co_foot: \"1\"",
		    "    leave_buildings:  {co_foot: \"y\"", "'y' is not a share" },
		{ "guns_enter_buildings: false", "guns_enter_buildings: maybe",
		    "expected true or false, found 'maybe'" },
		{ "formation_change_cap: line", "formation_change_cap: square",
		    "formation_change_cap must name a formation" },
		{ "limber_takes_move: true", "limber_takes_move: often",
		    "expected true or false, found 'often'" },
		{ "retire: {infantry: 3,", "retire: {infantry: x,",
		    "expected a number, found 'x'" },
		{ "retire: {infantry: 3, cavalry: 6, artillery: 1}",
		    "retire: 3", "a figure per arm" },
		{ "pass_through: {infantry: 3,", "pass_through: {infantry: x,",
		    "expected a number, found 'x'" },
		{ "wheel_diameter: 3", "wheel_diameter: x",
		    "expected a number, found 'x'" },
		{ "  enemy_gap: 1\n", "  enemy_gap: x\n",
		    "expected a number, found 'x'" },
		{ "    formations: [column, limbered]",
		    "    formations: [column, square]", "unknown formation" },
		{ "    bonus: 3", "    bonus: x", "expected a number, found 'x'" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof v / sizeof v[0]; i++)
		refused(v[i].from, v[i].to, v[i].want);
}

/*
 * The movement tables hold 32 classes (HM_MAX_CLASS): a ruleset of more
 * is refused (hm_turn_load), and the movement loader, which reads first,
 * refuses a class past the 32nd where it is named - x23, the 33rd class
 * here (3 of foot, 1 of horse, 6 guns, then x1 to x30) - in the speeds
 * of guns, the movers and the immobile.
 */
static void
test_002_H1_more_classes_than_the_tables_hold(void **state)
{
	static const char classes[] = "artillery: [light, medium, heavy, "
	    "galloper, grasshopper, wagon]\n";
	char more[800];
	size_t n;
	int i;

	(void)state;
	n = (size_t)snprintf(more, sizeof more, "artillery: [light, medium, "
	    "heavy, galloper, grasshopper, wagon");
	for (i = 1; i <= 30; i++)
		n += (size_t)snprintf(more + n, sizeof more - n, ", x%d", i);
	snprintf(more + n, sizeof more - n, "]\n");
	refused2(classes, more, "    wagon:       {limbered: 6, rout: 0}\n",
	    "    wagon:       {limbered: 6, rout: 0}\n"
	    "    x23:         {limbered: 6, rout: 0}\n",
	    "unknown artillery class 'x23'");
	refused2(classes, more, "galloper: wheeled, grasshopper: co_foot,",
	    "galloper: wheeled, x23: wheeled, grasshopper: co_foot,",
	    "unknown class 'x23'");
	refused2(classes, more, "immobile_when_routed: [wagon]",
	    "immobile_when_routed: [wagon, x23]",
	    "unknown artillery class 'x23'");
	refused2(classes, more, "immobile_when_routed: [wagon]",
	    "immobile_when_routed: [wagon]", "more than 32 classes");
}

/*
 * H3, H4: a share is "none", a whole number or a fraction, each part 1 to
 * 12; anything else is refused where it stands.  1/12 and 12 load.
 */
static void
test_002_H3_share_refused(void **state)
{
	static const char *const bad[] = { "\"0\"", "\"13\"", "\"1/13\"",
	    "\"1/0\"", "\"0/3\"", "\"-1\"", "\"half\"", "\"2/3/4\"" };
	static const char *const key = "\n    rough:        {co_foot: ";
	struct ruleset *set;
	char *want, word[16];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(word, sizeof word, "%.*s", (int)strlen(bad[i]) - 2,
		    bad[i] + 1);
		want = xasprintf("'%s' is not a share (a fraction such as "
		    "\"2/3\", a whole number, or none)", word);
		refused_at("\n  terrain:", key, bad[i], want);
		free(want);
	}
	refused_at("\n  terrain:", key, "[1]", "a share must be a fraction "
	    "(\"2/3\"), a whole number or none");
	set = edited("rough:        {co_foot: \"2/3\"",
	    "rough:        {co_foot: \"1/12\"");
	assert_int_equal(hm_move(set)->terrain[ruleset_land(set,
	    "rough")][HM_CO_FOOT].num, 1);
	assert_int_equal(hm_move(set)->terrain[ruleset_land(set,
	    "rough")][HM_CO_FOOT].den, 12);
	ruleset_free(set);
	set = edited("rough:        {co_foot: \"2/3\"",
	    "rough:        {co_foot: \"12\"");
	assert_int_equal(hm_move(set)->terrain[ruleset_land(set,
	    "rough")][HM_CO_FOOT].num, 12);
	assert_int_equal(hm_move(set)->terrain[ruleset_land(set,
	    "rough")][HM_CO_FOOT].den, 1);
	ruleset_free(set);
}

/* The first formation and the first class are named like any other:
 * H14's road formations may list Line, and close-order foot may be
 * made open order (HO.6.3), each as the data says. */
static void
test_HO_6_3_data_first_names(void **state)
{
	struct ruleset *set;
	struct game *g;
	int u;

	(void)state;
	assert_int_equal(ruleset_form(rs, "line"), 0);
	assert_int_equal(hm_move(rs)->road_forms & 1u, 0);
	set = edited("formations: [column, limbered]",
	    "formations: [line, column, limbered]");
	assert_int_equal(hm_move(set)->road_forms,
	    hm_move(rs)->road_forms | 1u << ruleset_form(set, "line"));
	ruleset_free(set);

	set = edited("open_order: {infantry: [open, rifle]}",
	    "open_order: {infantry: [close, open, rifle]}");
	g = game_create(set, map_create(20, 20));
	game_add_side(g, "Americans");
	game_add_side(g, "British");
	u = game_add_unit(g, "u", "u", 0, 0);
	g->units[u].arm = ARM_INFANTRY;
	g->units[u].klass = ruleset_class(set, ARM_INFANTRY, "close");
	assert_int_equal(g->units[u].klass, 0);
	assert_true(hm_open_order(g, u));
	g->units[u].klass = ruleset_class(set, ARM_CAVALRY, "light");
	g->units[u].arm = ARM_CAVALRY;
	assert_false(hm_open_order(g, u));
	game_free(g);
	ruleset_free(set);
	/* As shipped, close order is not open. */
	g = field();
	u = unit(g, "c", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	assert_false(hm_open_order(g, u));
	u = unit(g, "o", 0, ARM_INFANTRY, "open", "line", 20, 10, DIR_N, 200);
	assert_true(hm_open_order(g, u));
	game_free(g);
}

/* Every number is the data's: a bad one is refused where it stands. */
static void
test_HO_6_data_refused(void **state)
{
	struct ruleset *set;

	(void)state;
	/* H15's share of the H1 move: a fraction of whole numbers 0 to
	 * 100, the denominator at least 1. */
	refused("second_charge_reach: \"1/2\"",
	    "second_charge_reach: \"101/2\"", "'101/2' is not a share");
	refused("second_charge_reach: \"1/2\"",
	    "second_charge_reach: \"1/101\"", "'1/101' is not a share");
	refused("second_charge_reach: \"1/2\"",
	    "second_charge_reach: \"1/0\"", "'1/0' is not a share");
	refused("second_charge_reach: \"1/2\"",
	    "second_charge_reach: \"-1/2\"", "'-1/2' is not a share");
	refused("second_charge_reach: \"1/2\"",
	    "second_charge_reach: [1, 2]", "a share");
	set = edited("second_charge_reach: \"1/2\"",
	    "second_charge_reach: \"0\"");
	assert_int_equal(hm_turn(set)->second_num, 0);
	assert_int_equal(hm_turn(set)->second_den, 1);
	ruleset_free(set);
	set = edited("second_charge_reach: \"1/2\"",
	    "second_charge_reach: \"100/100\"");
	assert_int_equal(hm_turn(set)->second_num, 100);
	assert_int_equal(hm_turn(set)->second_den, 100);
	ruleset_free(set);
	/* A class list gives each arm a sequence of its classes. */
	refused("open_order: {infantry: [open, rifle]}",
	    "open_order: {infantry: open}", "open_order");
	refused("weak_classes: {infantry: [rifle]}",
	    "weak_classes: {infantry: [musket]}", "weak_classes: no class "
	    "'musket' of infantry");
	/* weapon: each key an arm, each class of it one of the arm's with
	 * a weapon of the list. */
	refused("infantry: {close: musket, open: musket,",
	    "infantry2: {close: musket, open: musket,",
	    "weapon: no arm 'infantry2'");
	refused("cavalry: {light: carbine}", "cavalry: {light: lance}",
	    "weapon: no class 'light' or no such weapon");
	refused("cavalry: {light: carbine}", "cavalry: {heavy: carbine}",
	    "weapon: no class 'heavy' or no such weapon");
	/* A class given no weapon fires none: close order without its
	 * musket. */
	set = edited("infantry: {close: musket, open: musket,",
	    "infantry: {open: musket,");
	assert_int_equal(hm_turn(set)->weapon[ruleset_class(set, ARM_INFANTRY,
	    "close")], -1);
	assert_int_equal(hm_turn(set)->weapon[ruleset_class(set, ARM_INFANTRY,
	    "open")], 0);
	ruleset_free(set);
	refused("cover: [open_wood", "cover: [orchard", "orchard");
	refused("carbine: {short: 2,", "carbine: {short: 2.1,", "2.1");
	refused("weak_arms: [artillery]", "weak_arms: [navy]", "navy");
	refused("second_charge_reach: \"1/2\"",
	    "second_charge_reach: \"half\"", "half");
}

/* --- The rules reference -------------------------------------------------- */

static void
collect(void *arg, int indent, const char *text)
{
	char *buf = arg;

	(void)indent;
	strncat(buf, text, 8000 - strlen(buf) - 2);
	strcat(buf, "\n");
}

static void
test_HO_6_describe_from_data(void **state)
{
	char buf[8000] = "";

	(void)state;
	rs->ops->describe(rs, collect, buf);
	assert_non_null(strstr(buf, "musket: short to 3 in, 1 die a base on "
	    "4+; long to 6 in, 1 a base on 5+ (HO.6.2*)"));
	assert_non_null(strstr(buf, "(H15)"));
	/* HO.9.3: the gap of the data's restore_enemy_gap, 3 inches. */
	assert_non_null(strstr(buf, "\na Restore order re-forms unless an "
	    "enemy is within 3 in (HO.9.3"));
}

/* A line of the rules reference: its indent and text. */
struct ref_line {
	int		 indent;
	const char	*text;
};

/* The reference's lines as collected, in order. */
struct ref_got {
	int		 n;
	int		 indent[100];
	char		*text[100];
};

static void
collect_lines(void *arg, int indent, const char *text)
{
	struct ref_got *v = arg;

	assert_true(v->n < 100);
	v->indent[v->n] = indent;
	v->text[v->n++] = xstrdup(text);
}

/*
 * H1-H4, H7-H9, H11, H12, H15, HO.2-HO.10: the rules reference, line by
 * line, every figure the data's (marshal's own rules marked *): each
 * class's moves and rout, each ground's and obstacle's share by mover,
 * the retire, the free turn and the wheel, passing through, and the turn
 * after movement.
 */
static void
test_hm_describe_every_line(void **state)
{
	static const struct ref_line want[] = {
		{ 0, "Movement (H1, H2): maximum move by class and formation" },
		{ 2, "infantry close: Line 6 in Column 9 in, Rout 12 in" },
		{ 2, "infantry open: Line 9 in Column 12 in, Rout 15 in" },
		{ 2, "infantry rifle: Line 9 in Column 12 in, Rout 15 in" },
		{ 2, "cavalry light: Line 15 in Column 18 in, Rout 21 in" },
		{ 2, "artillery light: Limbered 9 in Deployed 3 in, Rout 12 in" },
		{ 2, "artillery medium: Limbered 6 in Deployed 2 in, Rout 12 in" },
		{ 2, "artillery heavy: Limbered 3 in Deployed 1 in, Rout 12 in" },
		{ 2, "artillery galloper: Limbered 12 in Deployed 3 in, Rout 12 "
		    "in" },
		{ 2, "artillery grasshopper: Limbered 12 in Deployed 3 in, Rout "
		    "12 in" },
		{ 2, "artillery wagon: Limbered 6 in, Rout 0 in (routed: "
		    "immobile, H11)" },
		{ 0, "" },
		{ 0, "Ground (H3): share of speed kept, for close-order foot, "
		    "open-order foot, mounted, wheeled" },
		{ 2, "Open ground: 1, 1, 1, 1" },
		{ 2, "Rough ground: 2/3, 1, 2/3, 1/3" },
		{ 2, "Gentle slope: 2/3, 1, 2/3, 1/3" },
		{ 2, "Steep slope: 1/3, 2/3, 1/3, none" },
		{ 2, "Open woods: 2/3, 1, 2/3, 2/3" },
		{ 2, "Dense woods: 1/3, 2/3, none, none" },
		{ 2, "Buildings: 1, 1, none, none" },
		{ 0, "" },
		{ 0, "Obstacles (H4): share of the whole move a crossing costs, "
		    "in the same order" },
		{ 2, "Fence or wall: 1/2, 1/2, 1, 1" },
		{ 2, "Stream: 1/2, 1/2, 1, 2" },
		{ 2, "entering buildings: 1/2, 1/2, none, none" },
		{ 2, "leaving buildings: 1, 1/2, none, none" },
		{ 0, "" },
		{ 0, "Retiring keeping facing (H7): foot -3 in, horse -6 in "
		    "from the maximum" },
		{ 0, "Turning (H8, H9): 1 x 45 degrees free a move; each "
		    "further 45 a wheel on a 3 in circle" },
		{ 0, "Passing through a friend (H12): foot 3 in, horse 6 in; "
		    "guns and wagons never" },
		{ 0, "" },
		{ 0, "Rally (HO.2*)" },
		{ 2, "a routed unit with no formed enemy within 12 in rallies "
		    "on 2d6 <= Drill + 2, +1 with a general within 6 in (HO.2*)" },
		{ 0, "" },
		{ 0, "Charges (HO.3*)" },
		{ 2, "formed foot and horse charge an enemy within 1 x 45 "
		    "degrees of their front, within their H1 move (HO.3.1*)" },
		{ 2, "two units charging each other meet halfway first; then "
		    "chargers close one from each side in turn, the side "
		    "rolling higher on 1d6 (ties again) first (HO.3.2*)" },
		{ 2, "horse that broke through charges again within 1/2 of its "
		    "H1 move, unless under a Stop order; it rides through "
		    "a router but may not stop on it (H15)" },
		{ 0, "" },
		{ 0, "Fire (HO.6*)" },
		{ 2, "musket: short to 3 in, 1 die a base on 4+; long to 6 in, "
		    "1 a base on 5+ (HO.6.2*)" },
		{ 2, "rifle: short to 4 in, 1 die a base on 4+; long to 12 in, "
		    "1 a base on 5+ (HO.6.2*)" },
		{ 2, "carbine: to 2 in, 1 die a base on 4+ (HO.6.2*)" },
		{ 2, "light: short to 6 in, 2 dice a base on 4+; long to 24 in, "
		    "1 a base on 5+ (HO.6.2*)" },
		{ 2, "medium: short to 6 in, 2 dice a base on 4+; long to 32 "
		    "in, 1 a base on 5+ (HO.6.2*)" },
		{ 2, "heavy: short to 6 in, 2 dice a base on 4+; long to 40 in, "
		    "1 a base on 5+ (HO.6.2*)" },
		{ 2, "-1 to the die: cover or behind an obstacle (-1), open "
		    "order or a deployed gun (-1), firer Disordered (-1); a 6 "
		    "always hits, a 1 never (HO.6.3*)" },
		{ 2, "a hit is 1/10 of a unit's first strength; 2 hits in a "
		    "turn call for a test (HO.6.4*)" },
		{ 2, "a charger tests at once: failing by 3 or more, or while "
		    "Disordered, it routs (HO.9.2); else it halts Disordered, "
		    "falls back 3 in and fights no melee (HO.6.4*)" },
		{ 0, "" },
		{ 0, "Melee (HO.7*)" },
		{ 2, "1d6 + Drill: charged +1, horse +1 from the front or +2 on "
		    "a flank or Disordered foot, flank or rear +2, defended "
		    "+1, Disordered -1, open order -1, rifles and guns -2 "
		    "(HO.7*)" },
		{ 2, "the lower takes the difference in hits; losing by 3 or "
		    "more, or while Disordered, routs; else it falls back 3 in "
		    "(HO.7*)" },
		{ 2, "a tie: 1 hit each; the two stay locked, neither marches, "
		    "and they fight again next turn (HO.7*)" },
		{ 0, "" },
		{ 0, "Morale, routs and prisoners (HO.9*)" },
		{ 2, "passes on 2d6 <= Drill + 4, -1 per 2 hits in all, "
		    "Disordered -1, general within 6 in +1 (HO.9.1*)" },
		{ 2, "failing by 3 or more, or while Disordered, routs; else "
		    "Disordered (HO.9.2*)" },
		{ 2, "a Restore order re-forms unless an enemy is within 3 in "
		    "(HO.9.3*)" },
		{ 2, "a unit of 10 hits is dispersed (HO.9.4*)" },
		{ 0, "" },
		{ 0, "The end (HO.10*)" },
		{ 2, "an objective is held by a side with a formed unit within "
		    "2 in and no formed enemy as close; a side's break ends "
		    "the battle (HO.10*)" },
	};
	struct ref_got got;
	int i, n = (int)(sizeof want / sizeof want[0]);

	(void)state;
	memset(&got, 0, sizeof got);
	rs->ops->describe(rs, collect_lines, &got);
	for (i = 0; i < n && i < got.n; i++) {
		assert_string_equal(got.text[i], want[i].text);
		assert_int_equal(got.indent[i], want[i].indent);
	}
	assert_int_equal(got.n, n);
	for (i = 0; i < got.n; i++)
		free(got.text[i]);
}

/* H2 in the reference: a speed of 0 is a speed (a wagon that cannot
 * move limbered), shown as 0 in; a speed left out is not shown. */
static void
test_002_H2_describe_a_speed_of_nothing(void **state)
{
	struct ruleset *set = edited("wagon:       {limbered: 6, rout: 0}",
	    "wagon:       {limbered: 0, rout: 0}");
	char buf[8000] = "";

	(void)state;
	set->ops->describe(set, collect, buf);
	assert_non_null(strstr(buf, "\nartillery wagon: Limbered 0 in, Rout 0 "
	    "in (routed: immobile, H11)\n"));
	ruleset_free(set);
}

/* HO.10 in the reference when a side's break does not end the battle. */
static void
test_HO_10_describe_without_break_ends(void **state)
{
	struct ruleset *set = edited("break_ends: true", "break_ends: false");
	char buf[8000] = "";

	(void)state;
	set->ops->describe(set, collect, buf);
	assert_non_null(strstr(buf, "\nan objective is held by a side with a "
	    "formed unit within 2 in and no formed enemy as close; the battle "
	    "runs to its turn limit (HO.10*)\n"));
	ruleset_free(set);
}

/*
 * H4 with an obstacle the crossing table leaves out (the stream's row
 * taken out of the data): it is crossed for a share of 0 of the move, in
 * place of the step's distance, so the step over it costs nothing; the
 * rules reference gives its row as 0.  Close-order foot in Line, 6 in
 * (24 ticks) a move, marching north over a stream 2 cells ahead: as
 * shipped the crossing costs 1/2 of the move (12 ticks) and it ends 7
 * cells on; with the row left out, 13 cells on (12 steps paid, the
 * crossing free).
 */
static void
test_002_H4_obstacle_missing_from_the_crossing_table(void **state)
{
	static const char row[] = "    stream:           {co_foot: \"1/2\", "
	    "oo_foot: \"1/2\", mounted: \"1\", wheeled: \"2\"}\n";
	struct ruleset *set = edited(row, ""), *was = rs;
	struct game *g;
	char buf[8000] = "";
	int u, x, y0, k;

	(void)state;
	set->ops->describe(set, collect, buf);
	assert_non_null(strstr(buf, "\nStream: 0, 0, 0, 0\n"));
	for (k = 0; k < 2; k++) {
		rs = k == 0 ? was : set;
		g = field();
		u = unit(g, "u", 0, ARM_INFANTRY, "close", "line", 20, 30,
		    DIR_N, 200);
		for (x = 10; x < 40; x++)
			map_edge_set(g->map, x, 28, DIR_N,
			    ruleset_obst(rs, "stream"), 0);
		move_order(g, u, 20, 2);
		g->opt.courier_delay = false;
		g->opt.random_speed = false;
		y0 = g->units[u].pos.y;
		for (x = 0; x < rs->nphases; x++)
			if (strcmp(rs->phase_keys[x], "movement") == 0)
				rs->ops->phase_run(g, x);
		assert_int_equal(y0 - g->units[u].pos.y, k == 0 ? 7 : 13);
		game_free(g);
	}
	rs = was;
	ruleset_free(set);
}

/*
 * The turn's phases, in the ruleset's order: the log opens each with
 * "turn T, phase K: NAME", K counted from 1 and NAME the data's, once
 * each and in order (turns 1 and 2 of a field with a Line a side).
 */
static void
test_HO_phases_logged_in_order(void **state)
{
	struct game *g = field();
	char want[160];
	int i, k = 0, t;

	(void)state;
	unit(g, "a", 0, ARM_INFANTRY, "close", "line", 20, 30, DIR_N, 200);
	unit(g, "b", 1, ARM_INFANTRY, "close", "line", 20, 5, DIR_S, 200);
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

/* --- The computer's doctrine (doctrine.c) -------------------------------- */

/*
 * The doctrine's roles name the data file's formations: Line fights,
 * Column serves for the attack, the march and the road, guns limber and
 * deploy; the ruleset has no Square and no Skirmish order, and a role
 * out of the table has none.
 */
static void
test_hm_doctrine_form(void **state)
{
	(void)state;
	assert_int_equal(hm_doctrine.form(rs, AI_ROLE_LINE),
	    ruleset_form(rs, "line"));
	assert_int_equal(hm_doctrine.form(rs, AI_ROLE_COLUMN),
	    ruleset_form(rs, "column"));
	assert_int_equal(hm_doctrine.form(rs, AI_ROLE_MARCH),
	    ruleset_form(rs, "column"));
	assert_int_equal(hm_doctrine.form(rs, AI_ROLE_ROAD),
	    ruleset_form(rs, "column"));
	assert_int_equal(hm_doctrine.form(rs, AI_ROLE_LIMBERED),
	    ruleset_form(rs, "limbered"));
	assert_int_equal(hm_doctrine.form(rs, AI_ROLE_UNLIMBERED),
	    ruleset_form(rs, "deployed"));
	assert_true(ruleset_form(rs, "line") >= 0);
	assert_true(ruleset_form(rs, "deployed") >= 0);
	assert_int_equal(hm_doctrine.form(rs, AI_ROLE_SQUARE), -1);
	assert_int_equal(hm_doctrine.form(rs, AI_ROLE_SKIRMISH), -1);
	assert_int_equal(hm_doctrine.form(rs, AI_ROLE_COUNT), -1);
}

/* The doctrine's reach for ruleset set, over the commander's guesses (-5
 * everywhere: what stays -5 the doctrine left alone). */
static void
reach_of(const struct ruleset *set, struct ai_reach *r)
{
	int k;

	memset(r, 0, sizeof *r);
	r->musket = r->hold = r->canister = r->melee = r->arc = -5;
	for (k = 0; k < RULES_MAX_FORM; k++)
		r->art_range[k] = -5;
	for (k = 0; k < ARM_COUNT; k++) {
		r->charge[k] = -5;
		r->charge_forms[k] = 0xffu;
	}
	hm_doctrine.reach(set, r);
}

/*
 * HO.6.2, HO.3.1, HO.10 as the commander reads them, in ticks (4 an
 * inch): the musket reaches 6 in (the first foot class, close order);
 * guns by class, light 24 in, medium 32, heavy 40, canister 6; a wagon
 * fires nothing and keeps the commander's own guess; a place is held
 * within 2 in; the charge reaches the H1 Line move, foot 6 in, horse
 * 15 in, guns never, and foot and horse charge in Line or Column.
 */
static void
test_HO_6_2_doctrine_reach(void **state)
{
	struct ai_reach r;
	int line = ruleset_form(rs, "line"), col = ruleset_form(rs, "column");

	(void)state;
	reach_of(rs, &r);
	assert_int_equal(r.musket, 24);
	assert_int_equal(r.canister, 24);
	assert_int_equal(r.hold, 8);
	assert_int_equal(r.art_range[ruleset_class(rs, ARM_ARTILLERY,
	    "light")], 96);
	assert_int_equal(r.art_range[ruleset_class(rs, ARM_ARTILLERY,
	    "medium")], 128);
	assert_int_equal(r.art_range[ruleset_class(rs, ARM_ARTILLERY,
	    "heavy")], 160);
	assert_int_equal(r.art_range[ruleset_class(rs, ARM_ARTILLERY,
	    "galloper")], 96);
	assert_int_equal(r.art_range[ruleset_class(rs, ARM_ARTILLERY,
	    "grasshopper")], 96);
	assert_int_equal(r.art_range[ruleset_class(rs, ARM_ARTILLERY,
	    "wagon")], -5);
	assert_int_equal(r.art_range[ruleset_class(rs, ARM_INFANTRY,
	    "rifle")], -5);
	assert_int_equal(r.art_range[ruleset_class(rs, ARM_CAVALRY,
	    "light")], -5);
	assert_int_equal(r.charge[ARM_INFANTRY], 24);
	assert_int_equal(r.charge[ARM_CAVALRY], 60);
	assert_int_equal(r.charge[ARM_ARTILLERY], 0);
	assert_int_equal(r.charge_forms[ARM_INFANTRY],
	    (1u << line) | (1u << col));
	assert_int_equal(r.charge_forms[ARM_CAVALRY],
	    (1u << line) | (1u << col));
	assert_int_equal(r.charge_forms[ARM_ARTILLERY], 0);
	assert_int_equal(r.melee, 0);
	assert_int_equal(r.arc, -5);		/* not the doctrine's to say */
}

/*
 * The doctrine's reaches follow the data: the musket is the first foot
 * class's weapon (close order given rifles: 12 in); a weapon or gun with
 * no long range, or a hold of 0, leaves the commander's guess, one of a
 * quarter inch is 1 tick; canister is the last gun class's short range
 * that has one (the grasshopper's, a light gun's); guns may be the first
 * classes of the ruleset.
 */
static void
test_HO_6_2_doctrine_reach_follows_the_data(void **state)
{
	static const char classes[] = "classes:\n  infantry: [close, open, "
	    "rifle]\n  cavalry: [light]\n  artillery: [light, medium, heavy, "
	    "galloper, grasshopper, wagon]\n";
	static const char guns_first[] = "classes:\n  artillery: [light, "
	    "medium, heavy, galloper, grasshopper, wagon]\n  infantry: [close, "
	    "open, rifle]\n  cavalry: [light]\n";
	struct ruleset *set;
	struct ai_reach r;

	(void)state;
	set = edited("infantry: {close: musket, open: musket,",
	    "infantry: {close: rifle, open: musket,");
	reach_of(set, &r);
	assert_int_equal(r.musket, 48);
	ruleset_free(set);

	set = edited("musket:  {short: 3, long: 6, dice: 1}",
	    "musket:  {short: 3, dice: 1}");
	reach_of(set, &r);
	assert_int_equal(r.musket, -5);
	ruleset_free(set);
	set = edited("musket:  {short: 3, long: 6, dice: 1}",
	    "musket:  {short: 3, long: 0.25, dice: 1}");
	reach_of(set, &r);
	assert_int_equal(r.musket, 1);
	ruleset_free(set);

	set = edited("light:   {short: 6, long: 24, short_dice: 2, dice: 1}",
	    "light:   {short: 0, short_dice: 2, dice: 1}");
	reach_of(set, &r);
	assert_int_equal(r.art_range[ruleset_class(set, ARM_ARTILLERY,
	    "light")], -5);
	assert_int_equal(r.art_range[ruleset_class(set, ARM_ARTILLERY,
	    "heavy")], 160);
	assert_int_equal(r.canister, 24);	/* the heavy's */
	ruleset_free(set);
	set = edited("light:   {short: 6, long: 24, short_dice: 2, dice: 1}",
	    "light:   {short: 0.25, long: 0.25, short_dice: 2, dice: 1}");
	reach_of(set, &r);
	assert_int_equal(r.art_range[ruleset_class(set, ARM_ARTILLERY,
	    "light")], 1);
	assert_int_equal(r.canister, 1);	/* the grasshopper's */
	ruleset_free(set);

	set = edited("hold: 2 ", "hold: 0 ");
	reach_of(set, &r);
	assert_int_equal(r.hold, -5);
	ruleset_free(set);
	set = edited("hold: 2 ", "hold: 0.25 ");
	reach_of(set, &r);
	assert_int_equal(r.hold, 1);
	ruleset_free(set);

	set = edited(classes, guns_first);
	assert_int_equal(ruleset_class(set, ARM_ARTILLERY, "light"), 0);
	reach_of(set, &r);
	assert_int_equal(r.art_range[0], 96);
	assert_int_equal(r.musket, 24);
	assert_int_equal(r.charge[ARM_INFANTRY], 24);
	ruleset_free(set);
}

/* A unit's quality to the commander is its Drill. */
static void
test_hm_doctrine_quality_is_drill(void **state)
{
	struct game *g = field();
	int a = unit(g, "a", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N,
	    200);

	(void)state;
	assert_int_equal(hm_doctrine.quality(rs, &g->units[a]), 4);
	unit_attr_set(&g->units[a], HM_ATTR_DRILL, 6);
	assert_int_equal(hm_doctrine.quality(rs, &g->units[a]), 6);
	game_free(g);
}

/* The commander's own unit of arm and class at (x, y), quality 4. */
static struct ai_own
own(enum arm arm, const char *klass, const char *form, int x, int y,
    enum dir f)
{
	struct ai_own u;

	memset(&u, 0, sizeof u);
	u.unit = 0;
	u.arm = arm;
	u.klass = ruleset_class(rs, arm, klass);
	u.quality = 4;
	u.strength = u.strength0 = 200;
	u.formation = ruleset_form(rs, form);
	u.cond = COND_FORMED;
	u.pos = (struct point){ x, y };
	u.facing = f;
	assert_true(u.klass >= 0);
	assert_true(u.formation >= 0);
	return u;
}

/* An enemy as the commander sees him. */
static struct ai_enemy
foe(enum arm arm, const char *klass, const char *form, int x, int y,
    enum dir f)
{
	struct ai_enemy e;

	memset(&e, 0, sizeof e);
	e.unit = 1;
	e.arm = arm;
	e.klass = ruleset_class(rs, arm, klass);
	e.formation = ruleset_form(rs, form);
	e.cond = COND_FORMED;
	e.pos = (struct point){ x, y };
	e.facing = f;
	e.strength = 200;
	assert_true(e.klass >= 0);
	return e;
}

/*
 * HO.7 with the dice left out, both of quality 4: the charger +1; horse
 * on foot or guns +1 from the front, +2 on a flank or on Disordered foot;
 * a flank +2; Disordered -1; open order -1; the weak -2 (rifles by their
 * class, guns by their arm).  The enemy at (20, 19) faces south: a
 * charger south of him (or south-east, one step off) meets his front, one
 * east of him his flank.
 */
static void
test_HO_7_doctrine_melee_edge(void **state)
{
	struct ai_own u;
	struct ai_enemy e;

	(void)state;
	/* Foot on foot, front: 4 + 1 - 4. */
	u = own(ARM_INFANTRY, "close", "line", 20, 20, DIR_N);
	e = foe(ARM_INFANTRY, "close", "line", 20, 19, DIR_S);
	assert_int_equal(hm_doctrine.melee_edge(rs, &u, &e, 4), 1);
	assert_int_equal(hm_doctrine.melee_edge(rs, &u, &e, 2), 3);
	u.pos = (struct point){ 21, 20 };	/* south-east: still his front */
	assert_int_equal(hm_doctrine.melee_edge(rs, &u, &e, 4), 1);
	u.pos = (struct point){ 22, 19 };	/* east: his flank, +2 */
	assert_int_equal(hm_doctrine.melee_edge(rs, &u, &e, 4), 3);
	u.pos = e.pos;				/* on him: no flank */
	assert_int_equal(hm_doctrine.melee_edge(rs, &u, &e, 4), 1);

	/* Horse on foot: front +1; flank +2 +2; Disordered foot +2, and he
	 * -1. */
	u = own(ARM_CAVALRY, "light", "line", 20, 20, DIR_N);
	assert_int_equal(hm_doctrine.melee_edge(rs, &u, &e, 4), 2);
	u.pos = (struct point){ 22, 19 };
	assert_int_equal(hm_doctrine.melee_edge(rs, &u, &e, 4), 5);
	u.pos = (struct point){ 20, 20 };
	e.cond = COND_MOB;
	assert_int_equal(hm_doctrine.melee_edge(rs, &u, &e, 4), 4);
	/* Horse on horse: no horse bonus; a flank +2; his disorder -1. */
	e = foe(ARM_CAVALRY, "light", "line", 20, 19, DIR_S);
	assert_int_equal(hm_doctrine.melee_edge(rs, &u, &e, 4), 1);
	e.cond = COND_MOB;
	assert_int_equal(hm_doctrine.melee_edge(rs, &u, &e, 4), 2);
	e.cond = COND_FORMED;
	u.pos = (struct point){ 22, 19 };
	assert_int_equal(hm_doctrine.melee_edge(rs, &u, &e, 4), 3);
	/* Horse on Disordered guns in front: +1 only (not foot), he -1 and
	 * -2 weak: 4 + 1 + 1 - (4 - 1 - 2). */
	u.pos = (struct point){ 20, 20 };
	e = foe(ARM_ARTILLERY, "light", "deployed", 20, 19, DIR_S);
	e.cond = COND_MOB;
	assert_int_equal(hm_doctrine.melee_edge(rs, &u, &e, 4), 5);

	/* Own Disordered foot: -1. */
	u = own(ARM_INFANTRY, "close", "line", 20, 20, DIR_N);
	u.cond = COND_MOB;
	e = foe(ARM_INFANTRY, "close", "line", 20, 19, DIR_S);
	assert_int_equal(hm_doctrine.melee_edge(rs, &u, &e, 4), 0);
	/* Open order, own -1 or his -1. */
	u = own(ARM_INFANTRY, "open", "line", 20, 20, DIR_N);
	assert_int_equal(hm_doctrine.melee_edge(rs, &u, &e, 4), 0);
	u = own(ARM_INFANTRY, "close", "line", 20, 20, DIR_N);
	e = foe(ARM_INFANTRY, "open", "line", 20, 19, DIR_S);
	assert_int_equal(hm_doctrine.melee_edge(rs, &u, &e, 4), 2);
	/* Rifles: open order and weak, -3 on either side. */
	e = foe(ARM_INFANTRY, "rifle", "line", 20, 19, DIR_S);
	assert_int_equal(hm_doctrine.melee_edge(rs, &u, &e, 4), 4);
	u = own(ARM_INFANTRY, "rifle", "line", 20, 20, DIR_N);
	e = foe(ARM_INFANTRY, "close", "line", 20, 19, DIR_S);
	assert_int_equal(hm_doctrine.melee_edge(rs, &u, &e, 4), -2);
	/* Guns are weak by their arm, on either side. */
	u = own(ARM_INFANTRY, "close", "line", 20, 20, DIR_N);
	e = foe(ARM_ARTILLERY, "heavy", "deployed", 20, 19, DIR_S);
	assert_int_equal(hm_doctrine.melee_edge(rs, &u, &e, 4), 3);
	u = own(ARM_ARTILLERY, "heavy", "deployed", 20, 20, DIR_N);
	e = foe(ARM_INFANTRY, "close", "line", 20, 19, DIR_S);
	assert_int_equal(hm_doctrine.melee_edge(rs, &u, &e, 4), -1);
	/* A class unknown: only the arm counts. */
	u = own(ARM_INFANTRY, "rifle", "line", 20, 20, DIR_N);
	u.klass = -1;
	assert_int_equal(hm_doctrine.melee_edge(rs, &u, &e, 4), 1);
	e.klass = -1;
	u = own(ARM_ARTILLERY, "heavy", "deployed", 20, 20, DIR_N);
	u.klass = -1;
	assert_int_equal(hm_doctrine.melee_edge(rs, &u, &e, 4), -1);
}

/* HO.7 in the doctrine with close order weak too (weak_classes given
 * close), or open order: close-order foot on open-order foot, 4 + 1 - 2
 * against 4 - 1; as open order, on close order, 4 + 1 - 1 against 4 - 1. */
static void
test_HO_7_doctrine_the_first_class_weak_or_open(void **state)
{
	struct ruleset *set = edited("weak_classes: {infantry: [rifle]}",
	    "weak_classes: {infantry: [close, rifle]}");
	struct ai_own u = own(ARM_INFANTRY, "close", "line", 20, 20, DIR_N);
	struct ai_enemy e = foe(ARM_INFANTRY, "open", "line", 20, 19, DIR_S);

	(void)state;
	assert_int_equal(u.klass, 0);
	assert_int_equal(hm_doctrine.melee_edge(set, &u, &e, 4), 0);
	assert_int_equal(hm_doctrine.melee_edge(rs, &u, &e, 4), 2);
	ruleset_free(set);
	set = edited("open_order: {infantry: [open, rifle]}",
	    "open_order: {infantry: [close, open, rifle]}");
	e = foe(ARM_INFANTRY, "close", "line", 20, 19, DIR_S);
	assert_int_equal(hm_doctrine.melee_edge(set, &u, &e, 4), 1);
	e.cond = COND_MOB;
	assert_int_equal(hm_doctrine.melee_edge(set, &u, &e, 4), 2);
	u.cond = COND_MOB;
	assert_int_equal(hm_doctrine.melee_edge(set, &u, &e, 4), 1);
	ruleset_free(set);
}

/* The doctrine's refinement of order o for u, the n enemies es in view. */
static void
refine(struct game *g, const struct ai_own *u, struct ai_enemy *es, int n,
    struct order *o, enum ai_level lvl)
{
	struct ai_view v;

	memset(&v, 0, sizeof v);
	v.rs = rs;
	v.map = g->map;
	v.enemy = es;
	v.nenemy = n;
	hm_doctrine.refine(g, &v, u, o, lvl);
}

/* The doctrine's refine of a Move order o for own unit u, the enemy of
 * the view being the n of es. */
static struct order
refined(struct game *g, const struct ai_own *u, struct ai_enemy *es, int n,
    int x, int y, enum ai_level lvl)
{
	struct order o;

	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = u->unit;
	o.general = -1;
	o.formation = -1;
	o.facing = -1;
	o.npts = 1;
	o.pts[0] = (struct point){ x, y };
	refine(g, u, es, n, &o, lvl);
	return o;
}

/* A Move order for unit u through the n points pts. */
static struct order
move_through(int u, const struct point *pts, int n)
{
	struct order o;

	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = u;
	o.general = -1;
	o.formation = -1;
	o.facing = -1;
	o.npts = n;
	memcpy(o.pts, pts, (size_t)n * sizeof *pts);
	return o;
}

/* Whether o is the retire action to (x, y). */
static bool
retires_to(const struct order *o, int x, int y)
{
	return o->kind == ORDER_ACTION && o->action == HM_ACTION_RETIRE &&
	    o->npts == 1 && o->pts[0].x == x && o->pts[0].y == y &&
	    o->formation == -1 && o->facing == -1;
}

/* Whether o is still the Move order to (x, y). */
static bool
moves_to(const struct order *o, int x, int y)
{
	return o->kind == ORDER_MOVE && o->npts == 1 && o->pts[0].x == x &&
	    o->pts[0].y == y;
}

/*
 * H7, H8, H9 in the doctrine: close-order foot in Line facing north moves
 * 6 in (24 ticks), retires 6 - 3 = 3 in (12); a 45-degree stage of its
 * wheel costs pi x (3/2 + 4) in / 4 = 4.5 in (18 ticks), so a march
 * behind it (4 stages, 3 to pay) leaves nothing of the move: it retires,
 * up to twice its retire (24 ticks, 12 cells) away; beyond, with no
 * enemy near, it turns once and marches; a route behind it retires to
 * its first point, that point alone.  A march 45 degrees off its
 * front is no turn; one to its right (90 degrees) pays no stage beyond
 * the free one and still retires when short.  A Column (move 9 in,
 * retire 6 in, a stage 2.75 in) sent to its right keeps 9 - 2.75 in
 * turning, more than the 6 in of a retire, and marches; sent 135
 * degrees off it retires.
 */
static void
test_002_H7_doctrine_retires_rather_than_turn(void **state)
{
	static const struct point route[2] = { { 30, 25 }, { 36, 27 } };
	struct game *g = field();
	struct ai_own u;
	struct ai_view v;
	struct order o;

	(void)state;
	u = own(ARM_INFANTRY, "close", "line", 30, 20, DIR_N);
	u.unit = unit(g, "a", 0, ARM_INFANTRY, "close", "line", 30, 20, DIR_N,
	    200);
	o = refined(g, &u, NULL, 0, 30, 25, AI_NORMAL);
	assert_true(retires_to(&o, 30, 25));
	o = refined(g, &u, NULL, 0, 30, 32, AI_NORMAL);	/* 24 ticks */
	assert_true(retires_to(&o, 30, 32));
	o = refined(g, &u, NULL, 0, 30, 33, AI_NORMAL);	/* 26 ticks */
	assert_true(moves_to(&o, 30, 33));
	o = refined(g, &u, NULL, 0, 35, 15, AI_NORMAL);	/* 45 degrees */
	assert_true(moves_to(&o, 35, 15));
	o = refined(g, &u, NULL, 0, 36, 20, AI_NORMAL);	/* 90 degrees */
	assert_true(retires_to(&o, 36, 20));
	o = refined(g, &u, NULL, 0, 30, 20, AI_NORMAL);	/* where it is */
	assert_true(moves_to(&o, 30, 20));
	/* Hard, with no charge in the order, the same. */
	o = refined(g, &u, NULL, 0, 30, 25, AI_HARD);
	assert_true(retires_to(&o, 30, 25));
	/* A route behind it: the retire goes to its first point. */
	memset(&v, 0, sizeof v);
	v.rs = rs;
	o = move_through(u.unit, route, 2);
	hm_doctrine.refine(g, &v, &u, &o, AI_NORMAL);
	assert_true(retires_to(&o, 30, 25));
	/* What else the Move carried (a formation, a facing, an action,
	 * none of them a Move's) is not the retire's. */
	o = move_through(u.unit, route, 1);
	o.formation = ruleset_form(rs, "column");
	o.facing = DIR_S;
	o.action = HM_ACTION_CHARGE;
	hm_doctrine.refine(g, &v, &u, &o, AI_NORMAL);
	assert_true(retires_to(&o, 30, 25));

	u = own(ARM_INFANTRY, "close", "column", 30, 20, DIR_N);
	o = refined(g, &u, NULL, 0, 34, 20, AI_NORMAL);	/* 90 degrees */
	assert_true(moves_to(&o, 34, 20));
	o = refined(g, &u, NULL, 0, 34, 24, AI_NORMAL);	/* 135 degrees */
	assert_true(retires_to(&o, 34, 24));

	/* Routed, or in no formation, or marching as a group: left be. */
	u = own(ARM_INFANTRY, "close", "line", 30, 20, DIR_N);
	u.cond = COND_ROUTED;
	o = refined(g, &u, NULL, 0, 30, 25, AI_NORMAL);
	assert_true(moves_to(&o, 30, 25));
	u.cond = COND_FORMED;
	u.formation = -1;
	o = refined(g, &u, NULL, 0, 30, 25, AI_NORMAL);
	assert_true(moves_to(&o, 30, 25));
	u.formation = rs->nform;
	o = refined(g, &u, NULL, 0, 30, 25, AI_NORMAL);
	assert_true(moves_to(&o, 30, 25));
	game_free(g);
}

/*
 * H7 in the doctrine, the least move that retires: what is kept of the
 * maximum move (a) and of the retire (r = a - the H7 loss) must each be
 * at least 1 tick.  Close-order foot in Line facing north (a 24 ticks)
 * with a loss of 23 ticks retires 1 tick: sent 1 cell behind it (2 ticks,
 * twice its retire) it retires there; with a loss of 24 (r 0) it keeps
 * its Move.  With a maximum move of 1 tick and no loss (a = r = 1) it
 * retires too.
 */
static void
test_002_H7_doctrine_retires_with_one_tick(void **state)
{
	struct hm_move *m = rs->priv;	/* hm_move(rs), to be changed */
	struct game *g = field();
	struct ai_own u;
	struct order o;
	int loss = m->retire[ARM_INFANTRY], speed;

	(void)state;
	u = own(ARM_INFANTRY, "close", "line", 30, 20, DIR_N);
	u.unit = unit(g, "a", 0, ARM_INFANTRY, "close", "line", 30, 20, DIR_N,
	    200);
	speed = m->speed[u.klass][u.formation];
	assert_int_equal(speed, 24);
	m->retire[ARM_INFANTRY] = 23;
	o = refined(g, &u, NULL, 0, 30, 21, AI_NORMAL);
	assert_true(retires_to(&o, 30, 21));
	m->retire[ARM_INFANTRY] = 24;
	o = refined(g, &u, NULL, 0, 30, 21, AI_NORMAL);
	assert_true(moves_to(&o, 30, 21));
	m->retire[ARM_INFANTRY] = 0;
	m->speed[u.klass][u.formation] = 1;
	o = refined(g, &u, NULL, 0, 30, 21, AI_NORMAL);
	assert_true(retires_to(&o, 30, 21));
	m->speed[u.klass][u.formation] = speed;
	m->retire[ARM_INFANTRY] = loss;
	game_free(g);
}

/*
 * A whole turn (turn_run) ends between turns: no phase running (-1), the
 * turn counted on, so that the next phase played alone is the new
 * turn's first (phase 0, turn 2 still).
 */
static void
test_002_whole_turn_ends_between_turns(void **state)
{
	struct game *g = field();

	(void)state;
	assert_int_equal(g->turn, 1);
	game_turn(g);
	assert_int_equal(g->phase, -1);
	assert_int_equal(g->turn, 2);
	assert_int_equal(game_phase(g), 0);
	assert_int_equal(g->phase, 0);
	assert_int_equal(g->turn, 2);
	game_free(g);
}

/*
 * HO.3.1 in the charge forecast: light horse in Line at (20, 25) facing
 * N, sent onto the enemy foot at (20, 19), unit 0, within its reach and
 * in its front arc (10 ticks, rows 20 to 24, between the blocks),
 * charges it in the coming charges phase (CHARGE_NOW), whatever the
 * target's index.
 */
static void
test_002_HO3_forecast_charges_unit_0_now(void **state)
{
	struct game *g = field();
	struct charge_forecast f;
	int n, c;

	(void)state;
	n = unit(g, "n", 1, ARM_INFANTRY, "close", "line", 20, 19, DIR_S, 200);
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 25, DIR_N, 80);
	assert_int_equal(n, 0);
	move_order(g, c, 20, 19);
	assert_int_equal(rs->ops->charge_forecast(g, &g->units[c].order,
	    g->units[c].pos, g->units[c].facing, HALT_ARRIVED, &f), 0);
	assert_int_equal(f.target, 0);
	assert_int_equal(f.when, CHARGE_NOW);
	assert_int_equal(f.gap, 10);	/* rows 20 to 24 between */
	game_free(g);
}

/*
 * HO.4 with no gap kept from the enemy (enemy_gap 0, a figure the data
 * may give): a marching unit is not stopped short of him, and his block
 * itself bars the way: foot a at (20, 30) facing N, sent to (20, 10),
 * meets the enemy foot e at (20, 25) facing S (his block rows 24 and 25),
 * says that e is in the way, and halts blocked at (20, 26), touching
 * him, 2 in on.
 */
static void
test_002_HO4_no_enemy_gap_the_enemy_is_in_the_way(void **state)
{
	struct hm_move *m = rs->priv;	/* hm_move(rs), to be changed */
	struct game *g = field();
	int gap = m->enemy_gap, a;

	(void)state;
	m->enemy_gap = 0;
	a = unit(g, "a", 0, ARM_INFANTRY, "close", "line", 20, 30, DIR_N, 200);
	(void)unit(g, "e", 1, ARM_INFANTRY, "close", "line", 20, 25, DIR_S,
	    200);
	move_order(g, a, 20, 10);
	(void)move_unit(g, NULL, a, -1, NULL, NULL);
	m->enemy_gap = gap;
	assert_int_equal(count(g, "HO.4", "e is in the way"), 1);
	assert_int_equal(count(g, "HO.4", "a moves 2 in (spent 2 in of 6 in): "
	    "stops at [20, 26] facing N, Line: the way is blocked"), 1);
	assert_int_equal(g->units[a].halt, HALT_BLOCKED);
	assert_int_equal(g->units[a].pos.x, 20);
	assert_int_equal(g->units[a].pos.y, 26);
	game_free(g);
}

/*
 * H8, H9 in the preview: a wheel the move cannot finish ends on the
 * wheel's new anchor, which the path records.  Close-order foot in
 * Column (9 in) at (12, 11) facing NE, sent by (4, 15) to (7, 21), turns
 * N free (H8), then wheels left twice on its 3 in circle (2.75 in a
 * stage) and has 0.75 in left: it stops at (4, 8) facing SW, to go on
 * turning next turn.  The path: (12, 11), the first wheel's anchor
 * (10, 8), the second's (4, 8).
 */
static void
test_002_H9_preview_path_keeps_the_wheels_anchors(void **state)
{
	static const struct point route[2] = { { 4, 15 }, { 7, 21 } };
	struct game *g = field();
	struct move_preview p;
	struct order o;
	int a;

	(void)state;
	a = unit(g, "a", 0, ARM_INFANTRY, "close", "column", 12, 11, DIR_NE,
	    200);
	o = move_through(a, route, 2);
	assert_int_equal(move_preview(g, &o, &p), 0);
	assert_int_equal(p.pos.x, 4);
	assert_int_equal(p.pos.y, 8);
	assert_int_equal(p.facing, DIR_SW);
	assert_int_equal(p.spent, 33);
	assert_int_equal(p.npath, 3);
	assert_int_equal(p.path[0].x, 12);
	assert_int_equal(p.path[0].y, 11);
	assert_int_equal(p.path[1].x, 10);
	assert_int_equal(p.path[1].y, 8);
	assert_int_equal(p.path[2].x, 4);
	assert_int_equal(p.path[2].y, 8);
	move_preview_free(&p);
	game_free(g);
}

/*
 * H12, the rule a halt behind a friend cites when the friend is one the
 * walk has paid to pass already: open-order foot F in Line (9 in) at
 * (16, 21) facing N, sent by (6, 4) to (21, 1), with the Columns B at
 * (17, 11) (sent by (8, 7) to (7, 17)) and C at (3, 8), both facing W,
 * and a fence under (16, 11) to (18, 11).  On turn 2 F passes into C
 * (H12: 3 in), turns W within it and has not the speed left to pass
 * right through it: that line and the halt cite H12, the pass's rule,
 * as when it first meets a friend, and no line of F's cites none.  (B
 * was sent to (8, 10), where C holds part of its place: it went round C
 * and came to (7, 17), out of F's way; it now gives that place up and
 * would stand in F's way, 3.6.7, so it is sent on to (7, 17).)
 */
static void
test_002_H12_halt_behind_a_friend_passed_cites_h12(void **state)
{
	struct game *g = game_create(rs, map_create(27, 31));
	char *cause = NULL;
	struct order o;
	int b, c, f, i, t;

	(void)state;
	game_add_side(g, "Americans");
	game_add_side(g, "British");
	game_add_general(g, "am", "Morgan", 0, -1);
	game_add_general(g, "br", "Tarleton", 1, -1);
	g->opt.courier_delay = false;
	for (i = 16; i <= 18; i++)
		map_edge_set(g->map, i, 11, DIR_S, ruleset_obst(rs, "fence"),
		    0);
	b = unit(g, "b", 0, ARM_INFANTRY, "open", "column", 17, 11, DIR_W,
	    356);
	c = unit(g, "c", 0, ARM_INFANTRY, "open", "column", 3, 8, DIR_W, 781);
	f = unit(g, "F", 0, ARM_INFANTRY, "open", "line", 16, 21, DIR_N, 312);
	unit_attr_set(&g->units[c], HM_ATTR_DRILL, 3);
	unit_attr_set(&g->units[f], HM_ATTR_DRILL, 3);
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.general = -1;
	o.npts = 2;
	o.unit = b;
	o.pts[0] = (struct point){ 8, 7 };
	o.pts[1] = (struct point){ 7, 17 };
	assert_int_equal(game_order(g, &o, &cause), 0);
	o.unit = f;
	o.pts[0] = (struct point){ 6, 4 };
	o.pts[1] = (struct point){ 21, 1 };
	assert_int_equal(game_order(g, &o, &cause), 0);
	for (t = 0; t < 2; t++)
		game_turn(g);
	assert_int_equal(count(g, "H12", "passes through c: foot, -12 ticks "
	    "(3 in), 3 in left"), 1);
	assert_int_equal(count(g, "H12", "F has not the speed left to pass "
	    "right through c this turn: it stops behind it"), 1);
	assert_int_equal(count(g, "H12", "F moves 4.25 in (spent 7.25 in of "
	    "9 in): stops at [7, 4] facing W, Line: the way is blocked"), 1);
	for (i = 0; i < g->log.n; i++)
		if (g->log.v[i].unit == f)
			assert_string_not_equal(g->log.v[i].rule, "");
	game_free(g);
}

/*
 * H9 in the doctrine: the stage of a wheel is pi x radius / 4, the
 * radius half the data's wheel diameter and the frontage.  Open-order
 * foot in Column (4 cells) sent 90 degrees to its right: with a 3 in
 * wheel a stage is 11 ticks, turning leaves 48 - 11 = 37, more than the
 * 36 of a retire, and it marches; with a 4 in wheel a stage is 13
 * ticks, turning leaves 35, and it retires.
 */
static void
test_002_H9_doctrine_wheel_from_the_data(void **state)
{
	struct ruleset *set = edited("wheel_diameter: 3", "wheel_diameter: 4");
	struct ruleset *was = rs;
	struct game *g;
	struct ai_own u;
	struct order o;

	(void)state;
	u = own(ARM_INFANTRY, "open", "column", 30, 20, DIR_N);
	g = field();
	o = refined(g, &u, NULL, 0, 40, 20, AI_NORMAL);
	assert_true(moves_to(&o, 40, 20));
	game_free(g);
	rs = set;
	g = field();
	o = refined(g, &u, NULL, 0, 40, 20, AI_NORMAL);
	assert_true(retires_to(&o, 40, 20));
	game_free(g);
	rs = was;
	ruleset_free(set);

	/* A retire of 2.75 in for foot: the 37 ticks left turning once
	 * (3 in wheel) are no more than the 37 of a retire, and it
	 * retires. */
	set = edited("retire: {infantry: 3,", "retire: {infantry: 2.75,");
	rs = set;
	g = field();
	o = refined(g, &u, NULL, 0, 40, 20, AI_NORMAL);
	assert_true(retires_to(&o, 40, 20));
	game_free(g);
	rs = was;
	ruleset_free(set);
}

/*
 * H13 in the doctrine: with an enemy within reach of the unit's fire
 * once it has marched (the musket's 6 in, its 6 in move and 4 in more:
 * 64 ticks), the facing would be turned back to him, so even a long
 * march behind is made retiring; one 66 ticks off, routed or gone, does
 * not count.  Rifles reach 12 in and move 9 (100 ticks); they retire
 * 9 - 3 = 6 in, so a march of 13 in behind them is made turning with no
 * enemy near.  H7: the retire reaches two turns of retiring at most, on
 * the line to the march's point: close-order foot in Line retires
 * 6 - 3 = 3 in (12 ticks) a turn, so its march of 20 cells (40 ticks)
 * behind is a retire of 24 ticks, 12 cells, to [5, 22]; the rifles' 13
 * in (52 ticks) one of 48, to [5, 34].
 */
static void
test_002_H13_doctrine_retires_near_the_enemy(void **state)
{
	struct game *g = field();
	struct ai_own u;
	struct ai_enemy e[2];
	struct order o;

	(void)state;
	u = own(ARM_INFANTRY, "close", "line", 5, 10, DIR_N);
	e[0] = foe(ARM_INFANTRY, "close", "line", 37, 10, DIR_W);  /* 64 */
	o = refined(g, &u, e, 1, 5, 30, AI_NORMAL);
	assert_true(retires_to(&o, 5, 22));
	assert_int_equal(geom_dist(u.pos, o.pts[0]), 2 * (24 - 12));
	e[0].pos.x = 38;					/* 66 */
	o = refined(g, &u, e, 1, 5, 30, AI_NORMAL);
	assert_true(moves_to(&o, 5, 30));
	e[1] = foe(ARM_INFANTRY, "close", "line", 30, 10, DIR_W);
	e[1].cond = COND_ROUTED;
	o = refined(g, &u, e, 2, 5, 30, AI_NORMAL);
	assert_true(moves_to(&o, 5, 30));
	e[1].cond = COND_DISPERSED;
	o = refined(g, &u, e, 2, 5, 30, AI_NORMAL);
	assert_true(moves_to(&o, 5, 30));
	e[1].cond = COND_MOB;			/* Disordered still fights */
	o = refined(g, &u, e, 2, 5, 30, AI_NORMAL);
	assert_true(retires_to(&o, 5, 22));

	u = own(ARM_INFANTRY, "rifle", "line", 5, 10, DIR_N);
	e[0].pos.x = 5 + 50;					/* 100 */
	o = refined(g, &u, e, 1, 5, 36, AI_NORMAL);
	assert_true(retires_to(&o, 5, 34));
	assert_int_equal(geom_dist(u.pos, o.pts[0]), 2 * (36 - 12));
	e[0].pos.x = 5 + 51;					/* 102 */
	o = refined(g, &u, e, 1, 5, 36, AI_NORMAL);
	assert_true(moves_to(&o, 5, 36));

	/* Horse's carbine has no long range: 6 in is taken for it, with its
	 * 15 in move, 100 ticks; its retire is 9 in, so a march of 20 in
	 * behind it is made turning with no enemy near.  Near him, the
	 * march's point lies off the field's 40 rows: the retire goes to
	 * the last row where the Line's 3 ranks stand on the map, row 37. */
	u = own(ARM_CAVALRY, "light", "line", 5, 10, DIR_N);
	e[0].pos.x = 5 + 50;					/* 100 */
	o = refined(g, &u, e, 1, 5, 50, AI_NORMAL);
	assert_true(retires_to(&o, 5, 37));
	e[0].pos.x = 5 + 51;					/* 102 */
	o = refined(g, &u, e, 1, 5, 50, AI_NORMAL);
	assert_true(moves_to(&o, 5, 50));

	/* A heavy gun deployed moves 1 in and retires 1 in less: nothing
	 * left to retire, so it turns, enemy near or not. */
	u = own(ARM_ARTILLERY, "heavy", "deployed", 5, 10, DIR_N);
	e[0].pos.x = 5 + 20;
	o = refined(g, &u, e, 1, 5, 12, AI_NORMAL);
	assert_true(moves_to(&o, 5, 12));
	game_free(g);
}

/*
 * H7 in the doctrine: a retire falls back, away from the enemy.  Horse
 * in Line at [20, 20] facing N with enemy horse 10 cells behind it at
 * [20, 30], within reach: a Move onto him (an assault) used to be made
 * a retire to [20, 30], onto his block (at the Cowpens the 17th Light
 * Dragoons, facing away from Washington's, retired onto them); a Move to
 * [20, 26], 4 cells short of him, a retire 6 cells towards him.  Both
 * stay Moves, the unit wheeling to face the way it goes.  A Move to
 * [12, 20], 8 cells to its left, square to him, no nearer him, is a
 * retire there.
 */
static void
test_002_H7_doctrine_retires_only_away_from_the_enemy(void **state)
{
	struct game *g = field();
	struct ai_own u;
	struct ai_enemy e[1];
	struct order o;

	(void)state;
	u = own(ARM_CAVALRY, "light", "line", 20, 20, DIR_N);
	e[0] = foe(ARM_CAVALRY, "light", "line", 20, 30, DIR_N);
	o = refined(g, &u, e, 1, 20, 30, AI_NORMAL);
	assert_true(moves_to(&o, 20, 30));
	o = refined(g, &u, e, 1, 20, 26, AI_NORMAL);
	assert_true(moves_to(&o, 20, 26));
	assert_true(geom_dist(o.pts[0], e[0].pos) < geom_dist(u.pos,
	    e[0].pos));
	o = refined(g, &u, e, 1, 12, 20, AI_NORMAL);
	assert_true(retires_to(&o, 12, 20));
	assert_true(geom_dist(o.pts[0], e[0].pos) >= geom_dist(u.pos,
	    e[0].pos));
	game_free(g);
}

/*
 * H7 in the doctrine: a retire keeps the facing, so the block stands at
 * its point facing as it does, and that block must lie on the map.
 * Horse in Line (3 ranks) at [5, 30] facing N, enemy foot 10 cells in
 * front of it: a march to [5, 39], on the field's last row, used to be a
 * retire there, the Line's rear ranks off the map; it retires to
 * [5, 37], the last row where its 3 ranks stand on the map.  Foot in
 * Line (2 ranks) already on rows 38 and 39 has nowhere behind it: it
 * stands (a Stop) and fires rather than turn its back to him.
 */
static void
test_002_H7_doctrine_retire_stays_on_the_map(void **state)
{
	struct game *g = field();
	struct ai_own u;
	struct ai_enemy e[1];
	struct order o;

	(void)state;
	assert_int_equal(g->map->h, 40);
	u = own(ARM_CAVALRY, "light", "line", 5, 30, DIR_N);
	e[0] = foe(ARM_INFANTRY, "close", "line", 5, 20, DIR_S);
	o = refined(g, &u, e, 1, 5, 39, AI_NORMAL);
	assert_true(retires_to(&o, 5, 37));
	u = own(ARM_INFANTRY, "close", "line", 5, 38, DIR_N);
	e[0].pos.y = 28;
	o = refined(g, &u, e, 1, 5, 39, AI_NORMAL);
	assert_int_equal(o.kind, ORDER_STOP);
	assert_int_equal(o.npts, 0);
	game_free(g);
}

/*
 * H7 in the doctrine: the march a unit holds, given again, is retired
 * towards the point it heads for, not back to one it has passed.  Foot c
 * in Line at [20, 20] facing N, enemy foot 10 cells in front of it,
 * holds a Move by [26, 21] (passed: its next point is the second) to
 * [20, 26]: the retire goes to [20, 26], 6 cells behind it (12 ticks,
 * one turn's retire of 6 - 3 in), where it used to go back to
 * [26, 21].
 */
static void
test_002_H7_doctrine_retire_not_back_to_a_passed_point(void **state)
{
	struct game *g = field();
	const struct point via[2] = { { 26, 21 }, { 20, 26 } };
	struct ai_own u;
	struct ai_enemy e[1];
	struct order o;
	int c;

	(void)state;
	c = unit(g, "c", 0, ARM_INFANTRY, "close", "line", 20, 20, DIR_N, 200);
	u = own(ARM_INFANTRY, "close", "line", 20, 20, DIR_N);
	u.unit = c;
	e[0] = foe(ARM_INFANTRY, "close", "line", 20, 10, DIR_S);
	g->units[c].order = move_through(c, via, 2);
	g->units[c].waypoint = 1;
	o = move_through(c, via, 2);
	refine(g, &u, e, 1, &o, AI_NORMAL);
	assert_true(retires_to(&o, 20, 26));
	assert_int_equal(geom_dist(u.pos, o.pts[0]), 24 - 12);
	/* Arrived: nothing to retire to. */
	g->units[c].waypoint = 2;
	o = move_through(c, via, 2);
	refine(g, &u, e, 1, &o, AI_NORMAL);
	assert_int_equal(o.kind, ORDER_MOVE);
	assert_int_equal(o.npts, 2);
	game_free(g);
}

/*
 * HO.4 in the doctrine: a march stops short of an enemy in its way, so a
 * Move whose waypoint lies under an enemy's block would end at him.  Foot
 * in Line at [20, 20] facing N sent by [30, 10], where an enemy Line
 * stands, to [20, 5]: the waypoint is left out and the Move goes
 * straight to [20, 5].  Sent onto him (his cell its last point, an
 * assault), the order stays as it is.
 */
static void
test_002_HO_4_doctrine_no_waypoint_under_the_enemy(void **state)
{
	struct game *g = field();
	const struct point via[2] = { { 30, 10 }, { 20, 5 } };
	const struct point onto[2] = { { 20, 12 }, { 30, 10 } };
	struct ai_own u;
	struct ai_enemy e[1];
	struct order o;

	(void)state;
	u = own(ARM_INFANTRY, "close", "line", 20, 20, DIR_N);
	e[0] = foe(ARM_INFANTRY, "close", "line", 30, 10, DIR_S);
	o = move_through(0, via, 2);
	refine(g, &u, e, 1, &o, AI_NORMAL);
	assert_true(moves_to(&o, 20, 5));
	o = move_through(0, onto, 2);
	refine(g, &u, e, 1, &o, AI_NORMAL);
	assert_int_equal(o.kind, ORDER_MOVE);
	assert_int_equal(o.npts, 2);
	assert_int_equal(o.pts[1].x, 30);
	assert_int_equal(o.pts[1].y, 10);
	game_free(g);
}

/*
 * HO.3.1, HO.3.2 in the doctrine (normal and hard): horse c in Line at
 * [20, 30] ordered onto foot t at [20, 20], 5 in off, with its own foot f
 * across its first step at [20, 27]: the charge would falter.  Hard
 * makes it a march to the route's last waypoint that is no such charge; with none,
 * to the cell nearest t, nearer him than c stands (never a point
 * behind c), that is no charge and has room for it: all such lie within
 * t's musket (6 in, 24 ticks), and the nearest him is [20, 22], 2 cells
 * (4 ticks) before his front, 8 cells (16 ticks) ahead of c, through f
 * (H12); normal the same.  It used to be [19, 32], the nearest t beyond
 * his musket, 1.25 in behind c: the charge made a retire away from the
 * fight.  Easy leaves the order be, and so does hard where nothing is
 * in the way.
 */
static void
test_HO_3_2_doctrine_march_not_falter(void **state)
{
	struct game *g = field();
	const struct point at_t = { 20, 20 };
	const struct point via[2] = { { 30, 30 }, { 20, 20 } };
	struct ai_own u;
	struct ai_view v;
	struct order o, w;
	int c, t, f;

	(void)state;
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 30, DIR_N, 80);
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 20, DIR_S, 200);
	f = unit(g, "f", 0, ARM_INFANTRY, "close", "line", 20, 27, DIR_N, 200);
	u = own(ARM_CAVALRY, "light", "line", 20, 30, DIR_N);
	u.unit = c;
	memset(&v, 0, sizeof v);
	v.rs = rs;
	v.map = g->map;
	o = move_through(c, &at_t, 1);
	assert_int_equal(hm_order_charges(g, c, &o), t);
	assert_true(hm_charge_falters(g, c, &o));
	assert_int_equal(hm_fire_range(g, t), 24);

	w = o;
	hm_doctrine.refine(g, &v, &u, &w, AI_HARD);
	assert_true(moves_to(&w, 20, 22));
	assert_int_equal(geom_dist(w.pts[0], at_t), 4);
	assert_true(geom_dist(w.pts[0], at_t) < geom_dist(u.pos, at_t));
	w = o;
	hm_doctrine.refine(g, &v, &u, &w, AI_NORMAL);
	assert_true(moves_to(&w, 20, 22));
	w = o;
	hm_doctrine.refine(g, &v, &u, &w, AI_EASY);
	assert_true(moves_to(&w, 20, 20));

	/* By a waypoint east of c: to the waypoint, a march (a turn to the
	 * right leaves horse 15 - 4.5 in, more than its 9 in retire). */
	o = move_through(c, via, 2);
	assert_true(hm_charge_falters(g, c, &o));
	hm_doctrine.refine(g, &v, &u, &o, AI_HARD);
	assert_true(moves_to(&o, 30, 30));

	/* f gone from the way: the charge stands. */
	game_occupy(g, f, false);
	g->units[f].pos = (struct point){ 50, 35 };
	game_occupy(g, f, true);
	o = move_through(c, &at_t, 1);
	assert_false(hm_charge_falters(g, c, &o));
	hm_doctrine.refine(g, &v, &u, &o, AI_HARD);
	assert_true(moves_to(&o, 20, 20));
	game_free(g);
}

/*
 * HO.3.2 in the doctrine, the ring's far edge: the march short of t may
 * end as far as FALTER_RING (6 cells) beyond his fire's reach from him,
 * that edge included.  Horse c in Line at [40, 20] facing W ordered onto
 * foot t at [20, 20] (musket, 24 ticks: a ring of 6 + 12 = 18 cells),
 * every cell west of column 38 held by its own side (the occupancy grid
 * filled with friend f's number, as a crowd of friends would hold it),
 * so its charge falters and the only places it may stand lie on column
 * 38, the ring's east edge: hard makes the order a march to [38, 20],
 * 36 ticks from t, beyond his fire.
 */
static void
test_HO_3_2_doctrine_march_not_falter_to_the_rings_edge(void **state)
{
	struct game *g = field();
	const struct point at_t = { 20, 20 };
	struct ai_own u;
	struct ai_view v;
	struct order o;
	int c, t, f, x, y;

	(void)state;
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 40, 20, DIR_W, 80);
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 20, DIR_E, 200);
	f = unit(g, "f", 0, ARM_INFANTRY, "close", "line", 50, 35, DIR_N, 200);
	for (y = 0; y < g->map->h; y++)
		for (x = 0; x < 38; x++)
			if (game_unit_at(g, x, y) < 0)
				g->occ[y * g->map->w + x] = f + 1;
	u = own(ARM_CAVALRY, "light", "line", 40, 20, DIR_W);
	u.unit = c;
	memset(&v, 0, sizeof v);
	v.rs = rs;
	v.map = g->map;
	o = move_through(c, &at_t, 1);
	assert_int_equal(hm_order_charges(g, c, &o), t);
	assert_true(hm_charge_falters(g, c, &o));
	assert_int_equal(hm_fire_range(g, t), 24);
	hm_doctrine.refine(g, &v, &u, &o, AI_HARD);
	assert_true(moves_to(&o, 38, 20));
	assert_int_equal(geom_dist(o.pts[0], at_t), 36);
	game_free(g);
}

/*
 * The doctrine's evade_horse_arc, 45 degrees either side of the horse's
 * front (HO.3.1: a charge's target lies in its front arc): at Cowpens the
 * Augusta County riflemen (VAR, [53, 16]) with Ogilvie's dragoons (DL)
 * put 11 cells east of them, at [64, 16], facing north: the riflemen lie
 * 90 degrees off the horse's front, outside the arc, so normal, which
 * fears only horse that could charge at once, does not fall back west
 * from it; hard, which fears it wherever it faces, does (as test-ai has
 * it, the same place and figures, here among the doctrine's tests).
 */
static void
test_HO_3_1_doctrine_fears_no_horse_facing_away(void **state)
{
	struct ruleset *crs;
	struct game *g = cowpens(&crs);
	struct ai_view v;
	struct ai_plan p;
	int dl, var, i, n;

	(void)state;
	assert_int_equal(crs->ops->doctrine->evade_horse_arc, 1);
	dl = game_find_unit(g, "DL");
	var = game_find_unit(g, "VAR");
	assert_true(dl >= 0 && var >= 0);
	assert_int_equal(g->units[var].pos.x, 53);
	assert_int_equal(g->units[var].pos.y, 16);
	game_occupy(g, dl, false);
	g->units[dl].pos = (struct point){ 64, 16 };
	g->units[dl].facing = DIR_N;
	assert_int_equal(game_fits(g, dl, g->units[dl].pos, DIR_N,
	    g->units[dl].formation, -1, NULL), 0);
	game_occupy(g, dl, true);
	ai_view_fill(g, g->units[var].side, &v);
	ai_think(&v, AI_NORMAL, &p);
	for (i = 0; i < p.n; i++)
		if (p.v[i].unit == var && p.v[i].kind == ORDER_MOVE)
			assert_true(p.v[i].pts[p.v[i].npts - 1].x >= 53);
	ai_plan_free(&p);
	/* Hard judges horse by its charge wherever it faces: it falls
	 * back west, by a Move order (the fall back normal would give). */
	ai_think(&v, AI_HARD, &p);
	for (i = 0, n = 0; i < p.n; i++)
		if (p.v[i].unit == var) {
			assert_int_equal(p.v[i].kind, ORDER_MOVE);
			assert_true(p.v[i].pts[p.v[i].npts - 1].x < 53);
			n++;
		}
	assert_int_equal(n, 1);
	ai_plan_free(&p);
	ai_view_free(&v);
	game_free(g);
	ruleset_free(crs);
}

/*
 * The same with t in rifles (12 in, 48 ticks): every point short of t
 * that c may march to (no farther from c than t is) lies within the
 * rifles' fire.  With c 5 in off, the nearest t is 8 cells ahead, a
 * march kept at normal and hard; with c nearer t, at [20, 25], its own
 * foot at [20, 23], the nearest t is a hop of under FALTER_HOP (4 cells)
 * that leaves c under fire and costs its turn in wheeling, and the order
 * is left as given, the charge that falters.
 */
static void
test_HO_3_2_doctrine_no_hop_under_fire(void **state)
{
	struct game *g = field();
	const struct point at_t = { 20, 20 };
	struct ai_own u;
	struct ai_view v;
	struct order o, w;
	int c, t, f, lvl;

	(void)state;
	c = unit(g, "c", 0, ARM_CAVALRY, "light", "line", 20, 30, DIR_N, 80);
	t = unit(g, "t", 1, ARM_INFANTRY, "rifle", "line", 20, 20, DIR_S, 100);
	f = unit(g, "f", 0, ARM_INFANTRY, "close", "line", 20, 27, DIR_N, 200);
	u = own(ARM_CAVALRY, "light", "line", 20, 30, DIR_N);
	u.unit = c;
	memset(&v, 0, sizeof v);
	v.rs = rs;
	v.map = g->map;
	assert_int_equal(hm_fire_range(g, t), 48);
	o = move_through(c, &at_t, 1);
	assert_true(hm_charge_falters(g, c, &o));
	for (lvl = AI_NORMAL; lvl <= AI_HARD; lvl++) {
		w = o;
		hm_doctrine.refine(g, &v, &u, &w, (enum ai_level)lvl);
		assert_int_equal(w.kind, ORDER_MOVE);
		assert_int_equal(w.npts, 1);
		assert_false(w.pts[0].x == at_t.x && w.pts[0].y == at_t.y);
		assert_true(geom_dist(w.pts[0], u.pos) >= 4 * STEP_ORTHO);
	}

	game_occupy(g, f, false);
	g->units[f].pos = (struct point){ 20, 23 };
	game_occupy(g, f, true);
	game_occupy(g, c, false);
	g->units[c].pos = (struct point){ 20, 25 };
	game_occupy(g, c, true);
	u.pos = g->units[c].pos;
	o = move_through(c, &at_t, 1);
	assert_int_equal(hm_order_charges(g, c, &o), t);
	assert_true(hm_charge_falters(g, c, &o));
	for (lvl = AI_NORMAL; lvl <= AI_HARD; lvl++) {
		w = o;
		hm_doctrine.refine(g, &v, &u, &w, (enum ai_level)lvl);
		assert_true(moves_to(&w, 20, 20));
	}
	game_free(g);
}

/*
 * HO.4: a march keeps 1 inch from the enemy and stops short of him, and
 * short of him is not in contact (move_contact's MPF_APART): foot a in
 * Line on [20, 30] facing N, sent to [20, 10] with the enemy foot t on
 * [20, 16] facing S, halts for the enemy on [20, 19], 1 inch (4 ticks)
 * from him, with neither in contact with the other (-1, the engine's
 * "none").
 */
static void
test_HO_4_march_stops_short_in_contact_with_none(void **state)
{
	struct game *g = field();
	int a, t;

	(void)state;
	a = unit(g, "a", 0, ARM_INFANTRY, "close", "line", 20, 30, DIR_N, 200);
	t = unit(g, "t", 1, ARM_INFANTRY, "close", "line", 20, 16, DIR_S, 200);
	move_order(g, a, 20, 10);
	(void)move_unit(g, NULL, a, -1, NULL, NULL);
	assert_int_equal(g->units[a].pos.x, 20);
	assert_int_equal(g->units[a].pos.y, 19);
	assert_int_equal(hm_gap(g, a, t), 4);	/* 1 inch */
	assert_int_equal(g->units[a].halt, HALT_CONTACT);
	assert_int_equal(g->units[a].contact, -1);
	assert_int_equal(g->units[t].contact, -1);
	game_free(g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_HO_phases_logged_in_order),
		cmocka_unit_test(test_HO_6_2_musket_short_range_two_dice),
		cmocka_unit_test(test_HO_6_3_three_modifiers_need_seven),
		cmocka_unit_test(test_HO_6_1_first_of_the_nearest),
		cmocka_unit_test(test_HO_6_2_gun_deployed_this_turn_holds_fire),
		cmocka_unit_test(test_HO_6_1_in_melee_fires_at_its_charger_only),
		cmocka_unit_test(test_HO_6_3_open_order_long_range),
		cmocka_unit_test(test_HO_6_3_cover_long_range),
		cmocka_unit_test(test_HO_6_3_behind_a_fence_on_the_enemys_side),
		cmocka_unit_test(test_HO_6_1_out_of_range_and_limbered),
		cmocka_unit_test(test_HO_6_1_musket_reaches_exactly_6_inches),
		cmocka_unit_test(test_HO_6_3_deployed_gun_is_a_hard_target),
		cmocka_unit_test(test_HO_6_2_gun_canister),
		cmocka_unit_test(test_HO_3_2_charge_closes_to_contact),
		cmocka_unit_test(test_HO_3_2_target_does_not_march),
		cmocka_unit_test(test_HO_4_march_stops_short_in_contact_with_none),
		cmocka_unit_test(test_HO_3_1_retiring_unit_does_not_charge),
		cmocka_unit_test(test_HO_3_1_assault_behind_the_flank_marches),
		cmocka_unit_test(test_HO_3_2_charge_pays_for_the_ground),
		cmocka_unit_test(test_HO_3_1_beyond_reach),
		cmocka_unit_test(test_HO_3_1_a_charge_held_back_is_its_own_sides_to_read),
		cmocka_unit_test(test_HO_3_1_target_fixed_when_the_phase_begins),
		cmocka_unit_test(test_HO_3_2_initiative_decides_who_closes_first),
		cmocka_unit_test(test_HO_3_2_second_charger_closes_too),
		cmocka_unit_test(test_HO_3_2_initiative_tie_rolled_again),
		cmocka_unit_test(test_HO_3_2_one_side_rolls_no_initiative),
		cmocka_unit_test(test_HO_3_2_charges_meet_halfway),
		cmocka_unit_test(test_HO_3_2_charges_meet_at_exactly_their_move),
		cmocka_unit_test(test_HO_3_2_hundred_ties_go_to_the_first_side),
		cmocka_unit_test(test_002_H9_routes_turn_where_the_search_turned),
		cmocka_unit_test(test_002_H12_friend_holding_the_place_is_passed_at_once),
		cmocka_unit_test(
		    test_002_H1_preview_of_a_standing_order_resumes_it),
		cmocka_unit_test(test_HO_3_1_forecast_charges_this_turn),
		cmocka_unit_test(test_HO_3_1_assault_charges_the_unit_under_the_point),
		cmocka_unit_test(test_HO_3_2_forecast_says_the_charge_falters),
		cmocka_unit_test(test_HO_3_2_forecast_falters_against_the_first_unit),
		cmocka_unit_test(
		    test_HO_3_1_forecast_charges_next_turn_from_the_march),
		cmocka_unit_test(
		    test_HO_3_1_forecast_next_turn_at_exactly_the_reach),
		cmocka_unit_test(
		    test_HO_3_1_forecast_refused_held_by_the_first_unit),
		cmocka_unit_test(
		    test_HO_3_1_first_in_the_order_whatever_its_place),
		cmocka_unit_test(test_HO_3_1_what_an_order_charges),
		cmocka_unit_test(test_HO_3_2_faltered_charger_stops),
		cmocka_unit_test(test_HO_6_4_shaken_charger_halts),
		cmocka_unit_test(test_HO_6_4_halted_charger_frees_the_first_unit),
		cmocka_unit_test(test_HO_6_4_halted_charger_blocked_behind_fights_no_melee),
		cmocka_unit_test(test_HO_6_4_shaken_charger_failing_by_3_routs),
		cmocka_unit_test(test_HO_7_horse_against_foot),
		cmocka_unit_test(
		    test_HO_7_a_tie_keeps_them_in_contact_and_neither_marches_off),
		cmocka_unit_test(test_HO_7_loser_left_with_one_man_is_disordered),
		cmocka_unit_test(test_HO_9_4_beaten_to_the_last_man_is_dispersed_at_once),
		cmocka_unit_test(test_HO_9_4_shot_to_the_last_man_is_dispersed_at_once),
		cmocka_unit_test(test_HO_7_loser_by_the_margin_routs),
		cmocka_unit_test(test_HO_7_horse_against_disordered_foot),
		cmocka_unit_test(test_HO_7_flank_and_defended),
		cmocka_unit_test(test_HO_9_2_fails_by_the_rout_margin_routs),
		cmocka_unit_test(test_HO_9_3_flight_blocked_at_once_stays),
		cmocka_unit_test(test_HO_9_1_two_hits_test),
		cmocka_unit_test(test_HO_9_1_general_near_adds_one),
		cmocka_unit_test(test_HO_9_1_general_at_the_reach),
		cmocka_unit_test(test_HO_9_2_disordered_fails_and_routs),
		cmocka_unit_test(test_HO_9_1_flanked_without_hits_needs_8),
		cmocka_unit_test(test_HO_9_2_disordered_leaves_contact),
		cmocka_unit_test(test_HO_9_2_fall_back_stopped_by_a_friend),
		cmocka_unit_test(test_HO_9_2_router_leaves_no_one_in_contact),
		cmocka_unit_test(test_HO_9_3_flight_at_rout_figure),
		cmocka_unit_test(test_HO_9_3_flight_priced_for_the_rank_that_leads),
		cmocka_unit_test(test_HO_9_3_guns_and_horse_flee_at_their_rout_figures),
		cmocka_unit_test(test_HO_9_3_flight_to_the_north),
		cmocka_unit_test(test_HO_9_3_flight_runs_through_friends),
		cmocka_unit_test(test_HO_9_3_flight_off_the_edge),
		cmocka_unit_test(test_HO_9_3_flight_reaches_the_rear),
		cmocka_unit_test(test_HO_9_3_flight_ends_short_of_a_friend),
		cmocka_unit_test(test_HO_9_3_flight_ends_short_of_a_friend_facing_its_step),
		cmocka_unit_test(test_HO_9_3_flight_over_a_free_crossing),
		cmocka_unit_test(test_HO_9_4_router_taken),
		cmocka_unit_test(test_HO_9_4_router_taken_by_the_first_unit),
		cmocka_unit_test(test_HO_9_4_router_taken_as_the_sixteenth_unit),
		cmocka_unit_test(test_hm_roll_cuts_the_dice_to_the_room),
		cmocka_unit_test(test_HO_9_4_ten_hits_dispersed),
		cmocka_unit_test(test_HO_9_3_restore),
		cmocka_unit_test(test_HO_9_3_restore_blocked_by_a_near_enemy),
		cmocka_unit_test(test_HO_2_rally_test),
		cmocka_unit_test(test_HO_2_rally_on_exactly_the_target),
		cmocka_unit_test(test_HO_2_rally_general_near_adds_one),
		cmocka_unit_test(test_HO_2_of_two_enemies_as_near_the_first_named),
		cmocka_unit_test(test_HO_2_rally_passes),
		cmocka_unit_test(test_002_H11_routed_wagon_stays),
		cmocka_unit_test(test_HO_2_rally_phase_run_by_its_key),
		cmocka_unit_test(test_HO_2_enemy_near_no_rally),
		cmocka_unit_test(
		    test_HO_2_rally_by_the_first_unit_and_the_test_explained),
		cmocka_unit_test(test_HO_2_enemy_at_the_rally_gap_no_rally),
		cmocka_unit_test(test_HO_10_break_point_ends),
		cmocka_unit_test(test_HO_10_break_point_of_one_man_and_of_none),
		cmocka_unit_test(test_HO_10_break_point_in_whole_per_cent),
		cmocka_unit_test(test_HO_10_break_point_of_one_per_cent),
		cmocka_unit_test(test_HO_10_both_sides_break),
		cmocka_unit_test(test_HO_10_objective_turn_limit),
		cmocka_unit_test(test_HO_10_objective_turn_limit_first_side_wins),
		cmocka_unit_test(test_HO_10_side_strength),
		cmocka_unit_test(test_HO_10_objective_contested),
		cmocka_unit_test(test_HO_10_hold_to_the_tick_and_by_the_nearest),
		cmocka_unit_test(test_002_H13_turns_to_enemy_in_range),
		cmocka_unit_test(test_002_H13_no_turn_under_threat),
		cmocka_unit_test(
		    test_002_H13_far_horse_in_charge_reach_forbids_the_turn),
		cmocka_unit_test(
		    test_002_H13_at_the_edge_of_range_and_of_charge_reach),
		cmocka_unit_test(test_002_H13_turns_to_the_nearer_charger),
		cmocka_unit_test(test_002_H13_of_two_chargers_as_near_the_first),
		cmocka_unit_test(test_002_H13_the_first_unit_turns_to_its_charger),
		cmocka_unit_test(test_002_H13_of_two_enemies_as_near_the_first),
		cmocka_unit_test(test_002_H13_held_in_melee_no_turn),
		cmocka_unit_test(test_002_H13_no_room_to_turn),
		cmocka_unit_test(
		    test_002_H13_no_turn_across_an_obstacle_or_onto_forbidden_ground),
		cmocka_unit_test(test_002_H13_turns_to_an_enemy_who_turned_into_range),
		cmocka_unit_test(test_002_H15_second_charge),
		cmocka_unit_test(test_002_H15_second_charge_rides_through_the_router),
		cmocka_unit_test(test_002_H15_second_charge_may_not_stop_on_the_router),
		cmocka_unit_test(test_002_H15_second_charge_stopped_by_a_friend_names_the_friend),
		cmocka_unit_test(test_002_H15_target_fire_hits_and_fires_once),
		cmocka_unit_test(test_002_H15_target_fires_once_even_missing),
		cmocka_unit_test(test_002_H15_rein_in),
		cmocka_unit_test(test_H15_second_targets_nearest_first_at_most_max),
		cmocka_unit_test(
		    test_H15_second_targets_equal_gaps_in_order_of_battle),
		cmocka_unit_test(test_H15_second_targets_at_most_sixteen),
		cmocka_unit_test(test_002_H15_second_charge_is_asked),
		cmocka_unit_test(
		    test_H15_second_charge_asks_the_horses_own_side),
		cmocka_unit_test(test_HO_6_1_the_nearest_though_later),
		cmocka_unit_test(test_002_H15_the_answer_is_spent),
		cmocka_unit_test(test_002_H15_charge_again_at_the_first_unit),
		cmocka_unit_test(test_002_H15_no_enemy_in_reach_asks_nothing),
		cmocka_unit_test(test_002_H15_save_at_the_question),
		cmocka_unit_test(test_002_H15_computer_answers),
		cmocka_unit_test(test_002_H15_doctrine_answer_is_the_players_order),
		cmocka_unit_test(test_002_H15_the_turn_stops_for_the_question),
		cmocka_unit_test(test_002_H15_replay_keeps_the_answer),
		cmocka_unit_test(
		    test_002_H12_column_passes_through_a_line_on_its_way),
		cmocka_unit_test(test_HO_4_no_room_to_turn_on_its_point_is_there),
		cmocka_unit_test(test_HO_4_the_point_under_the_block_is_its_own_sides_to_read),
		cmocka_unit_test(test_HO_4_the_gap_at_a_halt_after_a_wheel_is_the_blocks_own),
		cmocka_unit_test(test_HO_1_whole_turns),
		cmocka_unit_test(test_HO_1_phase_by_phase),
		cmocka_unit_test(test_HO_1_nothing_asked_within_the_turn),
		cmocka_unit_test(test_HO_1_orders_asked_every_turn),
		cmocka_unit_test(test_HO_6_describe_from_data),
		cmocka_unit_test(test_hm_describe_every_line),
		cmocka_unit_test(test_HO_10_describe_without_break_ends),
		cmocka_unit_test(test_HO_data_drill_and_marks_declared_first),
		cmocka_unit_test(test_HO_6_more_than_16_weapons_refused),
		cmocka_unit_test(test_HO_6_weapon_not_a_map_refused),
		cmocka_unit_test(test_H11_immobile_when_routed_names_class_0),
		cmocka_unit_test(test_H5_formation_change_cap_missing_refused),
		cmocka_unit_test(test_doctrine_worn_mark_is_90_percent),
		cmocka_unit_test(test_002_H2_describe_a_speed_of_nothing),
		cmocka_unit_test(test_002_H4_obstacle_missing_from_the_crossing_table),
		cmocka_unit_test(test_HO_6_data_refused),
		cmocka_unit_test(test_HO_7_data_refused_exactly),
		cmocka_unit_test(test_HO_data_bounds_refused),
		cmocka_unit_test(test_002_H1_data_bounds_refused),
		cmocka_unit_test(test_002_H3_share_refused),
		cmocka_unit_test(test_002_H1_movement_data_refused),
		cmocka_unit_test(test_002_H1_more_classes_than_the_tables_hold),
		cmocka_unit_test(test_HO_7_weak_by_the_first_class),
		cmocka_unit_test(test_HO_6_2_no_dice_at_long_range),
		cmocka_unit_test(test_HO_6_2_volley_dice_cut_to_the_line),
		cmocka_unit_test(test_HO_6_3_one_hit_one_man),
		cmocka_unit_test(test_002_H1_speed_of_1000_in_kept),
		cmocka_unit_test(test_002_H1_guns_speed_of_class_0),
		cmocka_unit_test(test_h4_buildings_rows_left_out_cost_nothing),
		cmocka_unit_test(test_cells_centre_of_one_cell_and_of_none),
		cmocka_unit_test(test_002_H13_a_turn_of_one_step),
		cmocka_unit_test(test_002_H14_road_bonus_of_nothing_and_of_a_tick),
		cmocka_unit_test(test_HO_7_melees_in_the_order_of_units),
		cmocka_unit_test(test_HO_6_3_data_first_names),
		cmocka_unit_test(test_hm_doctrine_form),
		cmocka_unit_test(test_HO_6_2_doctrine_reach),
		cmocka_unit_test(test_HO_6_2_doctrine_reach_follows_the_data),
		cmocka_unit_test(test_HO_7_doctrine_the_first_class_weak_or_open),
		cmocka_unit_test(test_hm_doctrine_quality_is_drill),
		cmocka_unit_test(test_HO_7_doctrine_melee_edge),
		cmocka_unit_test(test_002_H7_doctrine_retires_rather_than_turn),
		cmocka_unit_test(test_002_H7_doctrine_retires_with_one_tick),
		cmocka_unit_test(test_002_whole_turn_ends_between_turns),
		cmocka_unit_test(test_002_HO3_forecast_charges_unit_0_now),
		cmocka_unit_test(
		    test_002_HO4_no_enemy_gap_the_enemy_is_in_the_way),
		cmocka_unit_test(
		    test_002_H9_preview_path_keeps_the_wheels_anchors),
		cmocka_unit_test(
		    test_002_H12_halt_behind_a_friend_passed_cites_h12),
		cmocka_unit_test(test_002_H13_doctrine_retires_near_the_enemy),
		cmocka_unit_test(
		    test_002_H7_doctrine_retires_only_away_from_the_enemy),
		cmocka_unit_test(test_002_H7_doctrine_retire_stays_on_the_map),
		cmocka_unit_test(
		    test_002_H7_doctrine_retire_not_back_to_a_passed_point),
		cmocka_unit_test(
		    test_002_HO_4_doctrine_no_waypoint_under_the_enemy),
		cmocka_unit_test(test_002_H9_doctrine_wheel_from_the_data),
		cmocka_unit_test(test_HO_3_2_doctrine_march_not_falter),
		cmocka_unit_test(
		    test_HO_3_2_doctrine_march_not_falter_to_the_rings_edge),
		cmocka_unit_test(test_HO_3_1_doctrine_fears_no_horse_facing_away),
		cmocka_unit_test(test_HO_3_2_doctrine_no_hop_under_fire),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
