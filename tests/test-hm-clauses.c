/*
 * test-hm-clauses.c - the horse-and-musket movement clauses (seed 002,
 * H1-H12; doc/horse-and-musket.md), one test each, named after its
 * clause.  Each builds its battle in C on the real data file
 * (data/rulesets/horse-and-musket.yaml), runs the movement phase and
 * checks the figure: ticks spent, cells, facing, formation, and the
 * clause the log explains it under.  4 ticks make an inch; a cell is
 * half an inch, 2 ticks straight and 3 diagonally.
 */
#include "config.h"

#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/game.h"
#include "core/know.h"
#include "core/map.h"
#include "core/move.h"
#include "core/path.h"
#include "core/ruleset.h"
#include "io/load.h"
#include "io/yread.h"
#include "rules/horse-and-musket/move.h"
#include "rules/horse-and-musket/turn.h"
#include "util/xalloc.h"

static struct ruleset *rs;

static int
setup(void **state)
{
	const char *dd = getenv("MARSHAL_DATA");
	struct diags d;

	(void)state;
	diags_init(&d);
	rs = load_ruleset("horse-and-musket", dd != NULL ? dd : "data", &d);
	if (rs == NULL)
		diags_print(&d, stderr);
	diags_free(&d);
	return rs != NULL ? 0 : -1;
}

static int
teardown(void **state)
{
	(void)state;
	ruleset_free(rs);
	return 0;
}

/* An empty battle on open ground w x h cells. */
static struct game *
battle(int w, int h)
{
	struct game *g = game_create(rs, map_create(w, h));

	game_add_side(g, "Americans");
	game_add_side(g, "British");
	game_add_general(g, "am", "General", 0, -1);
	game_add_general(g, "br", "General", 1, -1);
	g->opt.courier_delay = false;
	g->opt.random_speed = false;
	return g;
}

/* A formed unit of side s (under general s), 200 strong: its id and
 * name, arm, class, formation, anchor and facing. */
static int
side_unit_at(struct game *g, int s, const char *id, const char *name,
    enum arm arm, const char *klass, const char *form, int x, int y,
    enum dir f)
{
	int i = game_add_unit(g, id, name, s, s);
	struct unit *u = &g->units[i];

	u->arm = arm;
	u->klass = ruleset_class(rs, arm, klass);
	assert_true(u->klass >= 0);
	u->strength = u->strength0 = 200;
	u->formation = ruleset_form(rs, form);
	assert_true(u->formation >= 0);
	u->pos = (struct point){ x, y };
	u->facing = f;
	u->cond = COND_FORMED;
	game_occupy(g, i, true);
	return i;
}

/* A formed unit of side 0: arm, class, formation, anchor and facing. */
static int
unit_at(struct game *g, const char *id, enum arm arm, const char *klass,
    const char *form, int x, int y, enum dir f)
{
	return side_unit_at(g, 0, id, id, arm, klass, form, x, y, f);
}

/* Give unit i a Move order to (x, y). */
static void
move_to(struct game *g, int i, int x, int y)
{
	struct unit *u = &g->units[i];

	memset(&u->order, 0, sizeof u->order);
	u->order.kind = ORDER_MOVE;
	u->order.unit = i;
	u->order.general = -1;
	u->order.formation = -1;
	u->order.facing = -1;
	u->order.pts[0] = (struct point){ x, y };
	u->order.npts = 1;
	u->order.issued = g->turn;
	u->order.arrives = g->turn;
	u->waypoint = 0;
}

/* H7: give unit i the retire action to (x, y), as a player would. */
static void
retire_to(struct game *g, int i, int x, int y)
{
	struct order o;
	char *cause = NULL;

	memset(&o, 0, sizeof o);
	o.kind = ORDER_ACTION;
	o.unit = i;
	o.general = -1;
	o.action = ruleset_action(rs, "retire");
	assert_int_equal(o.action, HM_ACTION_RETIRE);
	o.formation = -1;
	o.facing = -1;
	o.pts[0] = (struct point){ x, y };
	o.npts = 1;
	if (game_order(g, &o, &cause) != 0)
		fprintf(stderr, "  retire refused: %s\n", cause);
	assert_null(cause);
	assert_int_equal(g->units[i].act.kind, ORDER_ACTION);
}

/* Fill the cells [x0, x1] x [y0, y1] with ground land. */
static void
ground(struct game *g, const char *land, int x0, int y0, int x1, int y1)
{
	int x, y, l = ruleset_land(rs, land);

	assert_true(l >= 0);
	for (y = y0; y <= y1; y++)
		for (x = x0; x <= x1; x++)
			map_cell(g->map, x, y)->land = (uint8_t)l;
}

/* An obstacle on the north edges of row y, x0..x1. */
static void
edge_north(struct game *g, const char *obst, int x0, int x1, int y)
{
	int x, o = ruleset_obst(rs, obst);

	assert_true(o > 0);
	for (x = x0; x <= x1; x++)
		map_edge_set(g->map, x, y, DIR_N, o, 0);
}

/* Run the movement phase once, then start the next turn. */
static void
movement(struct game *g)
{
	int p;

	for (p = 0; p < rs->nphases; p++)
		if (strcmp(rs->phase_keys[p], "movement") == 0)
			break;
	assert_true(p < rs->nphases);
	rs->ops->phase_run(g, p);
	/* Every buffer of cells the phase borrowed is given back. */
	assert_int_equal(g->cells->used, 0);
	if (getenv("HM_DEBUG") != NULL)
		for (p = 0; p < g->log.n; p++)
			fprintf(stderr, "  %d %s %s\n", g->log.v[p].unit,
			    g->log.v[p].rule, g->log.v[p].text);
	g->phase = -1;		/* the turn over: orders are asked again */
	g->turn++;
}

/* Whether the log has an event of unit u under rule with text in it. */
static bool
logged(const struct game *g, int u, const char *rule, const char *text)
{
	int i;

	for (i = 0; i < g->log.n; i++)
		if (g->log.v[i].unit == u &&
		    strcmp(g->log.v[i].rule, rule) == 0 &&
		    strstr(g->log.v[i].text, text) != NULL)
			return true;
	for (i = 0; i < g->log.n; i++)
		fprintf(stderr, "  log: %s %s\n", g->log.v[i].rule,
		    g->log.v[i].text);
	return false;
}

/*
 * Whether the event of unit u under rule with text in it is its own
 * side's alone to read, as hidden orders have it (core/know.h): side 0
 * reads it, side 1 does not.  Fails the test when there is no such event.
 */
static bool
logged_own(const struct game *g, int u, const char *rule, const char *text)
{
	int i;

	for (i = 0; i < g->log.n; i++)
		if (g->log.v[i].unit == u &&
		    strcmp(g->log.v[i].rule, rule) == 0 &&
		    strstr(g->log.v[i].text, text) != NULL) {
			assert_true(know_event(g, &g->log.v[i],
			    g->units[u].side));
			return !know_event(g, &g->log.v[i],
			    1 - g->units[u].side);
		}
	fail_msg("no %s event of %s says \"%s\"", rule, g->units[u].name,
	    text);
	return false;
}

/* The events of unit u under rule. */
static int
count_rule(const struct game *g, int u, const char *rule)
{
	int i, n = 0;

	for (i = 0; i < g->log.n; i++)
		if (g->log.v[i].unit == u &&
		    strcmp(g->log.v[i].rule, rule) == 0)
			n++;
	return n;
}

/* Unit u's closing line says it spent what of its allowance: "5.75 in
 * of 6 in" (u->moved is the ground covered, not the ticks spent). */
static bool
spent(const struct game *g, int u, const char *what)
{
	char want[64];
	int i;

	snprintf(want, sizeof want, "(spent %s)", what);
	for (i = 0; i < g->log.n; i++)
		if (g->log.v[i].unit == u &&
		    strstr(g->log.v[i].text, want) != NULL)
			return true;
	fprintf(stderr, "  %s did not spend %s\n", g->units[u].id, what);
	return false;
}

/* Unit i stands at (x, y) facing f in formation form. */
static void
stands(const struct game *g, int i, int x, int y, enum dir f,
    const char *form)
{
	const struct unit *u = &g->units[i];

	if (u->pos.x != x || u->pos.y != y || u->facing != f)
		fprintf(stderr, "  %s at [%d, %d] facing %s\n", u->id,
		    u->pos.x, u->pos.y, dir_name(u->facing));
	assert_int_equal(u->pos.x, x);
	assert_int_equal(u->pos.y, y);
	assert_int_equal(u->facing, f);
	assert_int_equal(u->formation, ruleset_form(rs, form));
}

/* Run the charges phase once. */
static void
charges(struct game *g)
{
	int p;

	for (p = 0; p < rs->nphases; p++)
		if (strcmp(rs->phase_keys[p], "charges") == 0)
			break;
	assert_true(p < rs->nphases);
	rs->ops->phase_run(g, p);
	assert_int_equal(g->cells->used, 0);
}

/*
 * HO.3.2: a charge that a unit in the way stops short falters, and the
 * charger stays where it stopped.  A Line whose target stands off its
 * front, half right, with a friend on the ground its block would cover
 * once turned that way, falters where it stands: it keeps its facing
 * and its block stays clear of the friend's (it was turned to the
 * target first and left there, across the friend's cells).
 */
static void
test_002_HO3_2_a_charge_blocked_at_once_leaves_the_charger_as_it_stood(
    void **state)
{
	struct game *g = battle(40, 40);
	int c, f1, f2;

	(void)state;
	/* The Line covers [17..24] x [20, 21] facing N, and [18, 18] to
	 * [22, 22] on the diagonal facing NE. */
	c = unit_at(g, "c", ARM_INFANTRY, "close", "line", 20, 20, DIR_N);
	/* A friend on [22, 22] (the turned block's, not the Line's), and
	 * one on [20, 18], across its first step towards the enemy. */
	f1 = unit_at(g, "f1", ARM_INFANTRY, "close", "column", 22, 22, DIR_N);
	f2 = unit_at(g, "f2", ARM_INFANTRY, "close", "column", 20, 18, DIR_S);
	assert_int_equal(game_fits(g, c, g->units[c].pos, DIR_N,
	    g->units[c].formation, c, NULL), 0);
	assert_int_not_equal(game_fits(g, c, g->units[c].pos, DIR_NE,
	    g->units[c].formation, c, NULL), 0);
	/* The enemy, 3 inches off half right, within 45 degrees of the
	 * front. */
	(void)side_unit_at(g, 1, "e", "e", ARM_INFANTRY, "close", "line",
	    26, 14, DIR_SW);
	move_to(g, c, 26, 14);
	charges(g);
	assert_true(logged(g, c, "HO.3.2", "falters after 0 in"));
	stands(g, c, 20, 20, DIR_N, "line");
	assert_int_equal(game_fits(g, c, g->units[c].pos, g->units[c].facing,
	    g->units[c].formation, c, NULL), 0);
	stands(g, f1, 22, 22, DIR_N, "column");
	stands(g, f2, 20, 18, DIR_S, "column");
	game_free(g);
}

/* H1: close-order foot in Line moves 6 inches: 24 ticks, 12 cells. */
static void
test_002_H1_line_close_order_foot_moves_6_inches(void **state)
{
	struct game *g = battle(30, 30);
	int a = unit_at(g, "a", ARM_INFANTRY, "close", "line", 10, 24, DIR_N);
	int b = unit_at(g, "b", ARM_CAVALRY, "light", "column", 22, 22,
	    DIR_N);

	(void)state;
	move_to(g, a, 10, 0);
	move_to(g, b, 22, 0);
	movement(g);
	stands(g, a, 10, 12, DIR_N, "line");
	assert_int_equal(g->units[a].moved, 24);
	assert_true(logged(g, a, "H1", "moves 6 in (24 ticks)"));
	/* Light cavalry in Column: 18 inches, 72 ticks, 36 cells; its
	 * point is 22 cells on and it arrives there. */
	stands(g, b, 22, 0, DIR_N, "column");
	assert_true(logged(g, b, "H1", "moves 18 in (72 ticks)"));
	game_free(g);
}

/* H1 over turns (move_forecast, the order's forecast shown to the
 * player): the close-order Line's 12 cells a turn bring it 24 cells
 * north on turn 2, every cell on its column; one turn of forecast ends
 * 12 cells on, not arrived.  A march held a turn behind a friend (H12)
 * is forecast on past it. */
static void
test_002_H1_forecast_of_a_two_turn_march(void **state)
{
	struct game *g = battle(30, 50);
	int a = unit_at(g, "a", ARM_INFANTRY, "close", "line", 10, 40, DIR_N);
	struct point *cells = NULL;
	int n = 0, i;

	(void)state;
	move_to(g, a, 10, 16);
	assert_int_equal(move_forecast(g, &g->units[a].order, 3, &cells, &n),
	    2);
	assert_int_equal(n, 25);
	for (i = 0; i < n; i++) {
		assert_int_equal(cells[i].x, 10);
		assert_int_equal(cells[i].y, 40 - i);
	}
	free(cells);
	assert_int_equal(move_forecast(g, &g->units[a].order, 1, &cells, &n),
	    -1);
	assert_int_equal(n, 13);
	assert_int_equal(cells[12].y, 28);
	free(cells);
	stands(g, a, 10, 40, DIR_N, "line");	/* the game is untouched */
	game_free(g);

	/* H12's F (test_002_H12_pass_through_friends): blocked behind D on
	 * turn 1 at [30, 22], through it to [30, 16] on turn 2, the 6
	 * cells left to [30, 10] on turn 3.  A halt behind a friend after
	 * gaining ground does not end the forecast. */
	g = battle(40, 52);
	(void)unit_at(g, "d", ARM_INFANTRY, "close", "line", 30, 20, DIR_N);
	a = unit_at(g, "f", ARM_INFANTRY, "close", "line", 30, 26, DIR_N);
	move_to(g, a, 30, 10);
	assert_int_equal(move_forecast(g, &g->units[a].order, 5, &cells, &n),
	    3);
	assert_int_equal(n, 17);
	for (i = 0; i < n; i++) {
		assert_int_equal(cells[i].x, 30);
		assert_int_equal(cells[i].y, 26 - i);
	}
	free(cells);
	game_free(g);
}

/* H2: guns limbered and deployed (deployed guns move, by hand); the
 * grasshopper moves 3 inches deployed (the printed 21 read as a
 * misprint). */
static void
test_002_H2_guns_limbered_and_deployed(void **state)
{
	struct game *g = battle(40, 30);
	int m = unit_at(g, "m", ARM_ARTILLERY, "medium", "limbered", 4, 24,
	    DIR_N);
	int d = unit_at(g, "d", ARM_ARTILLERY, "medium", "deployed", 12, 24,
	    DIR_N);
	int h = unit_at(g, "h", ARM_ARTILLERY, "heavy", "deployed", 20, 24,
	    DIR_N);
	int s = unit_at(g, "s", ARM_ARTILLERY, "grasshopper", "deployed", 28,
	    24, DIR_N);

	(void)state;
	move_to(g, m, 4, 0);
	move_to(g, d, 12, 0);
	move_to(g, h, 20, 0);
	move_to(g, s, 28, 0);
	movement(g);
	stands(g, m, 4, 12, DIR_N, "limbered");		/* 6 in, 24 */
	stands(g, d, 12, 20, DIR_N, "deployed");	/* 2 in, 8 */
	stands(g, h, 20, 22, DIR_N, "deployed");	/* 1 in, 4 */
	stands(g, s, 28, 18, DIR_N, "deployed");	/* 3 in, 12 */
	assert_true(logged(g, m, "H2", "moves 6 in (24 ticks)"));
	assert_true(logged(g, s, "H2", "moves 3 in (12 ticks)"));
	game_free(g);
}

/*
 * H3 (lesson 1, step 1): a close-order Line makes 4 open steps (8
 * ticks) to row 20, then its front enters the rough, 2 x 3/2 = 3 a
 * step: 16 ticks buy 5 steps and 1 is lost, [12, 15], 4.5 inches.
 * Diagonal steps on 2/3 ground cost 4.5, charged 5, 4, 5 (rule 1).
 */
static void
test_002_H3_terrain_share_of_speed(void **state)
{
	struct game *g = battle(40, 40);
	int a = unit_at(g, "a", ARM_INFANTRY, "close", "line", 12, 24, DIR_N);
	int b = unit_at(g, "b", ARM_INFANTRY, "open", "line", 30, 24, DIR_N);

	(void)state;
	ground(g, "rough", 4, 4, 20, 19);
	ground(g, "dense_wood", 24, 8, 35, 19);
	move_to(g, a, 12, 2);
	move_to(g, b, 30, 2);
	movement(g);
	stands(g, a, 12, 15, DIR_N, "line");
	assert_int_equal(g->units[a].moved, 18);	/* 4.5 in on */
	assert_true(spent(g, a, "5.75 in of 6 in"));
	assert_true(logged(g, a, "H3", "2 x 3/2 = 3 ticks"));
	/* Open-order foot keeps 2/3 in dense woods: 4 open steps, then
	 * 28 / 3 = 9 steps, to [30, 11]. */
	stands(g, b, 30, 11, DIR_N, "line");
	assert_true(spent(g, b, "8.75 in of 9 in"));
	assert_true(logged(g, b, "H3", "open-order foot at 2/3 speed"));
	/* Whole in the rough next turn: 8 steps of 3, exactly 24. */
	movement(g);
	stands(g, a, 12, 7, DIR_N, "line");
	assert_int_equal(g->units[a].moved, 16);	/* 4 in: 2/3 of 6 */
	assert_true(spent(g, a, "6 in of 6 in"));
	game_free(g);
}

/* H3 marching east: the ground that slows a step is the ground of the
 * new front rank, east of the old one.  A close-order Line at [12, 20]
 * facing east, rough from column 16 on: 3 open steps of 2 ticks to
 * [15, 20], then its front enters the rough, 3 a step: the 18 ticks left
 * buy 6 steps, [21, 20], 9 steps, 4.5 inches on, the whole 24 spent. */
static void
test_002_H3_terrain_share_marching_east(void **state)
{
	struct game *g = battle(40, 40);
	int a = unit_at(g, "a", ARM_INFANTRY, "close", "line", 12, 20, DIR_E);

	(void)state;
	ground(g, "rough", 16, 0, 39, 39);
	move_to(g, a, 36, 20);
	movement(g);
	stands(g, a, 21, 20, DIR_E, "line");
	assert_int_equal(g->units[a].moved, 18);	/* 4.5 in on */
	assert_true(spent(g, a, "6 in of 6 in"));
	assert_true(logged(g, a, "H3", "2 x 3/2 = 3 ticks"));
	game_free(g);
}

/* HO.4: a marching unit keeps the data's enemy_gap, 1 inch (2 cells),
 * from the enemy.  A close-order Line at [20, 30] facing N is sent
 * through a British Line whose front stands on row 20, facing S: 9 cells
 * between the fronts.  7 steps leave 2 cells, 1 inch, and the 8th would
 * leave half an inch: it stops at [20, 23], 14 ticks on (3.5 in), in
 * contact with the enemy. */
static void
test_002_HO4_march_keeps_an_inch_from_the_enemy(void **state)
{
	struct game *g = battle(40, 40);
	int a = unit_at(g, "a", ARM_INFANTRY, "close", "line", 20, 30, DIR_N);
	int e = unit_at(g, "e", ARM_INFANTRY, "close", "line", 20, 20, DIR_S);
	struct move_walk w;
	struct move_price p;

	(void)state;
	/* The second unit is the enemy's. */
	game_occupy(g, e, false);
	g->units[e].side = 1;
	g->units[e].general = 1;
	game_occupy(g, e, true);
	move_to(g, a, 20, 4);
	movement(g);
	stands(g, a, 20, 23, DIR_N, "line");
	assert_int_equal(g->units[a].moved, 14);	/* 3.5 in on */
	assert_int_equal(g->units[a].halt, HALT_CONTACT);
	assert_true(logged(g, a, "HO.4", "stops short of e: a marching unit "
	    "keeps 1 in from the enemy"));
	assert_true(logged(g, a, "HO.4", "gap to e: 1 in; one more step "
	    "would leave 0.5 in"));
	stands(g, e, 20, 20, DIR_S, "line");
	/* The ruleset's answer to the walk: stop before a step that leaves
	 * 3 ticks or less (1 inch is 4), a halt for contact. */
	move_walk_init(g, a, &w);
	assert_int_equal(rs->ops->move_contact(g, &w, e, &p), 3);
	assert_int_equal(p.halt, HALT_CONTACT);
	move_walk_free(&w);
	game_free(g);
}

/*
 * HO.4: a wheel keeps the inch a step keeps.  A close-order Line at
 * [44, 16] facing S is sent onto a British horse Line at [53, 17] facing
 * N, off its left front.  Its free 45 degrees (H8) bring it to [45, 17]
 * facing SE, 1.25 in (5 ticks) from the horse; the wheel on to face E
 * (H9, 18 ticks) would swing its block to touch the horse's flank, gap 0.
 * It halts before the wheel, apart: no contact, so no melee follows (a
 * Cowpens game had the Virginia militia wheel into the 17th Light
 * Dragoons' flank this way and fight it with nobody charging).
 */
static void
test_002_HO4_wheel_keeps_an_inch_from_the_enemy(void **state)
{
	struct game *g = battle(80, 60);
	int a = unit_at(g, "a", ARM_INFANTRY, "close", "line", 44, 16, DIR_S);
	int e = side_unit_at(g, 1, "e", "e", ARM_CAVALRY, "light", "line", 53,
	    17, DIR_N);

	(void)state;
	move_to(g, a, 53, 17);
	movement(g);
	stands(g, a, 45, 17, DIR_SE, "line");
	assert_int_equal(hm_gap(g, a, e), 5);		/* 1.25 in */
	assert_int_equal(g->units[a].halt, HALT_CONTACT);
	assert_int_equal(g->units[a].contact, -1);
	assert_int_equal(g->units[e].contact, -1);
	assert_true(logged(g, a, "HO.4", "gap to e: 1.25 in; turning to face "
	    "E would bring it into contact"));
	assert_int_equal(count_rule(g, a, "H9"), 0);	/* no wheel made */
	assert_true(spent(g, a, "0.75 in of 6 in"));
	stands(g, e, 53, 17, DIR_N, "line");
	game_free(g);
}

/* H3 rule 1: diagonal steps on 2/3 ground cost 5, 4, 5, 4... */
static void
test_002_H3_diagonal_two_thirds_rounds_up(void **state)
{
	struct game *g = battle(40, 40);
	int a = unit_at(g, "a", ARM_INFANTRY, "close", "line", 12, 24,
	    DIR_NE);

	(void)state;
	ground(g, "rough", 0, 0, 39, 39);
	move_to(g, a, 30, 6);
	movement(g);
	/* 5 + 4 + 5 + 4 + 5 = 23 for 5 steps; the 6th would cost 4 more,
	 * 27: it stops with 1 tick lost. */
	stands(g, a, 17, 19, DIR_NE, "line");
	assert_int_equal(g->units[a].moved, 15);
	assert_true(spent(g, a, "5.75 in of 6 in"));
	assert_true(logged(g, a, "H3", "3 x 3/2 = 5 ticks"));
	assert_true(logged(g, a, "H3", "3 x 3/2 = 4 ticks"));
	game_free(g);
}

/*
 * H4: close-order foot at a wall pays 24 / 2 = 12 ticks in place of the
 * step: 4 steps (8) to the wall, 12 over it, 2 steps (4): [10, 17].  A
 * limbered gun at a stream pays two whole moves: fresh, it steps to the
 * far bank and owes 24.
 */
static void
test_002_H4_obstacle_share_of_the_move(void **state)
{
	struct game *g = battle(40, 40);
	int a = unit_at(g, "a", ARM_INFANTRY, "close", "line", 10, 24, DIR_N);
	int c = unit_at(g, "c", ARM_CAVALRY, "light", "line", 30, 24, DIR_N);
	int m = unit_at(g, "m", ARM_ARTILLERY, "medium", "limbered", 20, 20,
	    DIR_N);

	(void)state;
	edge_north(g, "fence", 0, 14, 20);
	edge_north(g, "fence", 25, 39, 24);
	edge_north(g, "stream", 17, 23, 20);
	move_to(g, a, 10, 0);
	move_to(g, c, 30, 0);
	move_to(g, m, 20, 0);
	movement(g);
	stands(g, a, 10, 17, DIR_N, "line");
	assert_true(logged(g, a, "H4", "6 in x 1/2 = 12 ticks"));
	/* A whole move for horse at a fence: over, and it stops.  Next
	 * turn, one cell short of a second fence, it has moved first and
	 * stops before it. */
	stands(g, c, 30, 23, DIR_N, "line");
	assert_true(spent(g, c, "15 in of 15 in"));
	/* The stream: two moves, one owed. */
	stands(g, m, 20, 19, DIR_N, "limbered");
	assert_int_equal(g->units[m].owed, 24);
	assert_true(logged(g, m, "H4", "6 in x 2 = 48 ticks"));
	edge_north(g, "fence", 25, 39, 22);
	movement(g);
	stands(g, c, 30, 22, DIR_N, "line");
	assert_true(spent(g, c, "0.5 in of 15 in"));
	/* The gun pays its debt, its whole move, and stays. */
	stands(g, m, 20, 19, DIR_N, "limbered");
	assert_int_equal(g->units[m].owed, 0);
	game_free(g);
}

/* H5: a close-order Column forms Line: the farthest base goes 2
 * diagonal steps, 6 ticks, within its Line move of 24; horse 8. */
static void
test_002_H5_formation_change_within_a_line_move(void **state)
{
	struct game *g = battle(40, 40);
	int a = unit_at(g, "a", ARM_INFANTRY, "close", "column", 10, 20,
	    DIR_N);
	int c = unit_at(g, "c", ARM_CAVALRY, "light", "line", 30, 20, DIR_N);

	(void)state;
	g->units[a].order.kind = ORDER_FORMATION;
	g->units[a].order.formation = ruleset_form(rs, "line");
	g->units[c].order.kind = ORDER_FORMATION;
	g->units[c].order.formation = ruleset_form(rs, "column");
	movement(g);
	stands(g, a, 10, 20, DIR_N, "line");
	assert_int_equal(g->units[a].moved, 6);
	assert_true(logged(g, a, "H5", "farthest base goes 1.5 in (6 ticks)"));
	stands(g, c, 30, 20, DIR_N, "column");
	assert_int_equal(g->units[c].moved, 8);
	assert_true(logged(g, c, "H5", "2 in (8 ticks)"));
	game_free(g);
}

/* H5: the Line move is the ground's share of it: horse in a dense wood,
 * where it has no move at all, cannot form Column, and the log names
 * the ground. */
static void
test_002_H5_formation_change_in_difficult_ground(void **state)
{
	struct game *g = battle(40, 40);
	int c = unit_at(g, "c", ARM_CAVALRY, "light", "line", 30, 20, DIR_N);

	(void)state;
	ground(g, "dense_wood", 24, 14, 36, 26);
	g->units[c].order.kind = ORDER_FORMATION;
	g->units[c].order.formation = ruleset_form(rs, "column");
	movement(g);
	stands(g, c, 30, 20, DIR_N, "line");
	assert_true(logged(g, c, "H5", "c cannot form Column here: its "
	    "farthest base would go 2 in, more than its Line move of 0 in in "
	    "Dense woods"));
	/* It names the formation ordered, which the map does not show. */
	assert_true(logged_own(g, c, "H5", "c cannot form Column here"));
	game_free(g);
}

/* H5: the poorest ground under any cell of the block caps the change:
 * with dense woods under one cell of the horse's Line only, whichever
 * cell, it cannot form Column either (its Line move there is 0). */
static void
test_002_H5_one_cell_of_difficult_ground_caps(void **state)
{
	struct game *g = battle(40, 40);
	struct point cells[64];
	int c = unit_at(g, "c", ARM_CAVALRY, "light", "line", 30, 20, DIR_N);
	int n, k, l = ruleset_land(rs, "dense_wood");

	(void)state;
	assert_true(l >= 0);
	assert_true(g->cells_max <= 64);
	n = game_footprint(g, &g->units[c], cells);
	assert_true(n > 1);
	game_free(g);
	for (k = 0; k < n; k++) {
		g = battle(40, 40);
		c = unit_at(g, "c", ARM_CAVALRY, "light", "line", 30, 20,
		    DIR_N);
		map_cell(g->map, cells[k].x, cells[k].y)->land = (uint8_t)l;
		g->units[c].order.kind = ORDER_FORMATION;
		g->units[c].order.formation = ruleset_form(rs, "column");
		movement(g);
		stands(g, c, 30, 20, DIR_N, "line");
		assert_true(logged(g, c, "H5", "c cannot form Column here: its "
		    "farthest base would go 2 in, more than its Line move of 0 "
		    "in in Dense woods"));
		game_free(g);
	}
}

/* H5: the cap is the ground under the block as it stands, not under the
 * block it will form: horse in Column on open ground, dense woods (no
 * move for horse) under every cell its Line would add, forms Line all
 * the same, the farthest base going 2 in of its Line move of 15 in. */
static void
test_002_H5_ground_under_the_block_as_it_stands(void **state)
{
	struct game *g = battle(40, 40);
	struct point col[64], line[64];
	int c = unit_at(g, "c", ARM_CAVALRY, "light", "column", 30, 20,
	    DIR_N);
	int nc, nl, k, j, wood = 0, l = ruleset_land(rs, "dense_wood");

	(void)state;
	assert_true(l >= 0);
	assert_true(g->cells_max <= 64);
	nc = game_footprint(g, &g->units[c], col);
	nl = game_footprint_at(g, &g->units[c], g->units[c].pos, DIR_N,
	    ruleset_form(rs, "line"), line);
	for (k = 0; k < nl; k++) {
		for (j = 0; j < nc; j++)
			if (col[j].x == line[k].x && col[j].y == line[k].y)
				break;
		if (j == nc) {
			map_cell(g->map, line[k].x, line[k].y)->land =
			    (uint8_t)l;
			wood++;
		}
	}
	assert_true(wood > 0);
	g->units[c].order.kind = ORDER_FORMATION;
	g->units[c].order.formation = ruleset_form(rs, "line");
	movement(g);
	stands(g, c, 30, 20, DIR_N, "line");
	assert_int_equal(g->units[c].moved, 8);
	assert_true(logged(g, c, "H5", "the farthest base goes 2 in (8 ticks), "
	    "within its Line move of 15 in"));
	/* It holds its Line's cells, and none of its Column's others. */
	for (k = 0; k < nl; k++)
		assert_int_equal(game_unit_at(g, line[k].x, line[k].y), c);
	for (j = 0; j < nc; j++) {
		for (k = 0; k < nl; k++)
			if (col[j].x == line[k].x && col[j].y == line[k].y)
				break;
		if (k == nl)
			assert_int_equal(game_unit_at(g, col[j].x, col[j].y),
			    -1);
	}
	game_free(g);
}

/* H5: a farthest base going exactly the Line move may still form: horse
 * on rough ground whose share were 2/15 has a Line move there of 60 x 2 /
 * 15 = 8 ticks, just the 8 its change from Column to Line takes; at 1/8
 * (7 ticks) it may not, and the log names the ground, whichever it is
 * (open ground too, the first of the landscape). */
static void
test_002_H5_change_of_exactly_the_line_move(void **state)
{
	struct hm_move *m = rs->priv;	/* writable, to pin a share */
	struct game *g;
	struct hm_share keep;
	int c, l, mv, k;
	const struct hm_share share[3] = { { 2, 15 }, { 1, 8 }, { 1, 8 } };
	static const char *const land[3] = { "rough", "rough", "open" };
	static const char *const why[3] = { NULL, "Line move of 1.75 in in "
	    "Rough ground", "Line move of 1.75 in in Open ground" };

	(void)state;
	for (k = 0; k < 3; k++) {
		l = ruleset_land(rs, land[k]);
		assert_true(l >= 0);
		g = battle(40, 40);
		c = unit_at(g, "c", ARM_CAVALRY, "light", "column", 30, 20,
		    DIR_N);
		mv = hm_mover_of(rs, &g->units[c]);
		ground(g, land[k], 20, 10, 40, 30);
		keep = m->terrain[l][mv];
		m->terrain[l][mv] = share[k];
		g->units[c].order.kind = ORDER_FORMATION;
		g->units[c].order.formation = ruleset_form(rs, "line");
		movement(g);
		m->terrain[l][mv] = keep;
		if (k == 0) {
			stands(g, c, 30, 20, DIR_N, "line");
			assert_int_equal(g->units[c].moved, 8);
		} else {
			stands(g, c, 30, 20, DIR_N, "column");
			assert_true(logged(g, c, "H5", "its farthest base would "
			    "go 2 in, more than its Line move of 1.75 in"));
			assert_true(logged(g, c, "H5", why[k]));
		}
		game_free(g);
	}
}

/* H5, H6: a change with no room for the new block is refused, the unit
 * standing as it was and its move not spent: foot in Column with a friend
 * two cells to its right, where its Line would reach, and guns limbered
 * beside another, each naming the first cell in the way under its own
 * clause. */
static void
test_002_H5_H6_no_room_to_form(void **state)
{
	struct game *g = battle(40, 40);
	int a = unit_at(g, "a", ARM_INFANTRY, "close", "column", 10, 20,
	    DIR_N);
	int m = unit_at(g, "m", ARM_ARTILLERY, "light", "limbered", 30, 20,
	    DIR_N);
	struct point in[64];
	int n, k, j;

	(void)state;
	assert_true(g->cells_max <= 64);
	/* A friend on a cell of a's Line only, and one of m's Deployed. */
	n = game_footprint_at(g, &g->units[a], g->units[a].pos, DIR_N,
	    ruleset_form(rs, "line"), in);
	for (k = 0; k < n && game_unit_at(g, in[k].x, in[k].y) >= 0; k++)
		;
	assert_true(k < n);
	unit_at(g, "f", ARM_INFANTRY, "close", "column", in[k].x, in[k].y,
	    DIR_N);
	n = game_footprint_at(g, &g->units[m], g->units[m].pos, DIR_N,
	    ruleset_form(rs, "deployed"), in);
	for (j = 0; j < n && game_unit_at(g, in[j].x, in[j].y) >= 0; j++)
		;
	assert_true(j < n);
	unit_at(g, "h", ARM_INFANTRY, "close", "column", in[j].x, in[j].y,
	    DIR_N);
	g->units[a].moved = 5;
	g->units[m].moved = 5;
	g->units[a].order.kind = ORDER_FORMATION;
	g->units[a].order.formation = ruleset_form(rs, "line");
	g->units[m].order.kind = ORDER_FORMATION;
	g->units[m].order.formation = ruleset_form(rs, "deployed");
	movement(g);
	stands(g, a, 10, 20, DIR_N, "column");
	stands(g, m, 30, 20, DIR_N, "limbered");
	assert_int_equal(g->units[a].moved, 5);
	assert_int_equal(g->units[m].moved, 5);
	assert_int_equal(count_rule(g, a, "H5"), 1);
	assert_int_equal(count_rule(g, a, "H6"), 0);
	assert_int_equal(count_rule(g, m, "H6"), 1);
	assert_int_equal(count_rule(g, m, "H5"), 0);
	assert_true(logged(g, a, "H5", "a has no room to form Line here"));
	assert_true(logged(g, m, "H6", "m has no room to form Deployed here"));
	/* Either refusal names the formation ordered: the enemy may not
	 * read it (hidden orders). */
	assert_true(logged_own(g, a, "H5", "a has no room to form Line here"));
	assert_true(logged_own(g, m, "H6", "m has no room to form Deployed"));
	game_free(g);
}

/* A Formation order for a formation the ruleset does not have (as a
 * damaged save might hold) changes nothing. */
static void
test_002_H5_formation_the_ruleset_lacks_changes_nothing(void **state)
{
	struct game *g = battle(40, 40);
	int a = unit_at(g, "a", ARM_INFANTRY, "close", "column", 10, 20,
	    DIR_N);
	int m = unit_at(g, "m", ARM_ARTILLERY, "light", "limbered", 30, 20,
	    DIR_N);

	(void)state;
	g->units[a].order.kind = ORDER_FORMATION;
	g->units[a].order.formation = rs->nform;
	g->units[m].order.kind = ORDER_FORMATION;
	g->units[m].order.formation = rs->nform;
	movement(g);
	stands(g, a, 10, 20, DIR_N, "column");
	stands(g, m, 30, 20, DIR_N, "limbered");
	assert_int_equal(count_rule(g, a, "H5"), 0);
	assert_int_equal(count_rule(g, m, "H6"), 0);
	game_free(g);
}

/* H6: limbering or deploying takes the gun's whole move, standing. */
static void
test_002_H6_limbering_takes_the_whole_move(void **state)
{
	struct game *g = battle(40, 40);
	int m = unit_at(g, "m", ARM_ARTILLERY, "light", "deployed", 10, 20,
	    DIR_N);
	int w;
	struct order o;
	char *cause = NULL;

	struct point was[64], now[64];
	int nw, nn, k, j;

	(void)state;
	assert_true(g->cells_max <= 64);
	nw = game_footprint(g, &g->units[m], was);
	g->units[m].moved = 4;		/* what it went last turn */
	g->units[m].order.kind = ORDER_FORMATION;
	g->units[m].order.formation = ruleset_form(rs, "limbered");
	movement(g);
	stands(g, m, 10, 20, DIR_N, "limbered");
	assert_int_equal(g->units[m].moved, 0);
	/* Its cells are the Limbered block's, and the Deployed block's others
	 * are free. */
	nn = game_footprint(g, &g->units[m], now);
	for (k = 0; k < nn; k++)
		assert_int_equal(game_unit_at(g, now[k].x, now[k].y), m);
	for (k = 0; k < nw; k++) {
		for (j = 0; j < nn; j++)
			if (now[j].x == was[k].x && now[j].y == was[k].y)
				break;
		if (j == nn)
			assert_int_equal(game_unit_at(g, was[k].x, was[k].y),
			    -1);
	}
	assert_true(logged(g, m, "H6", "takes the whole move"));
	/* Wagons have no Deployed figure: the order is refused. */
	w = unit_at(g, "w", ARM_ARTILLERY, "wagon", "limbered", 20, 20,
	    DIR_N);
	memset(&o, 0, sizeof o);
	o.kind = ORDER_FORMATION;
	o.unit = w;
	o.general = -1;
	o.formation = ruleset_form(rs, "deployed");
	assert_int_equal(game_order(g, &o, &cause), -1);
	assert_non_null(strstr(cause, "has no Deployed (H2)"));
	free(cause);
	game_free(g);
}

/* H7 (lesson 2, steps 3 and 4): retiring keeps the facing and loses 3
 * inches for foot (24 - 12 = 12: 6 cells) and 6 for horse (60 - 24 =
 * 36: 18 cells). */
static void
test_002_H7_retire_keeping_facing(void **state)
{
	struct game *g = battle(40, 52);
	int c = unit_at(g, "c", ARM_INFANTRY, "close", "line", 20, 20, DIR_E);
	int e = unit_at(g, "e", ARM_CAVALRY, "light", "line", 8, 30, DIR_N);

	(void)state;
	retire_to(g, c, 10, 20);
	retire_to(g, e, 8, 50);
	movement(g);
	stands(g, c, 14, 20, DIR_E, "line");
	assert_int_equal(g->units[c].moved, 12);
	assert_true(logged(g, c, "H7", "6 in - 3 in = 3 in (12 ticks)"));
	stands(g, e, 8, 48, DIR_N, "line");
	assert_int_equal(g->units[e].moved, 36);
	assert_true(logged(g, e, "H7", "15 in - 6 in = 9 in (36 ticks)"));
	game_free(g);
}

/* H7 with H3: a retiring horse Line whose way back runs into dense
 * woods (no ground for the mounted) goes round them still facing N: the
 * way round is searched over cell and facing, and a retiring unit keeps
 * its facing at every step (hm_move_face, which the search asks once a
 * facing and way), so the route sidesteps rather than wheels.  The woods
 * lie 3 rows behind its front [20, 20] (rows 23 to 30, columns 14 to
 * 26, wider than its 8 cells); it goes round their east end and stops
 * at [30, 28] facing N, its block on none of them, having spent 35 of
 * its 36 ticks (9 in, 15 less 6): 8.75 in, no wheel (H9) made. */
static void
test_002_H7_retire_goes_round_keeping_facing(void **state)
{
	struct game *g = battle(60, 60);
	int e = unit_at(g, "e", ARM_CAVALRY, "light", "line", 20, 20, DIR_N);
	struct point *cells;
	int n, k, l = ruleset_land(rs, "dense_wood");

	(void)state;
	ground(g, "dense_wood", 14, 23, 26, 30);
	retire_to(g, e, 20, 45);
	movement(g);
	stands(g, e, 30, 28, DIR_N, "line");
	assert_int_equal(g->units[e].moved, 35);
	assert_true(spent(g, e, "8.75 in of 9 in"));
	assert_int_equal(count_rule(g, e, "H9"), 0);
	cells = game_cells_take(g);
	n = game_footprint(g, &g->units[e], cells);
	assert_int_equal(n, 24);
	for (k = 0; k < n; k++)
		assert_int_not_equal(map_cell(g->map, cells[k].x,
		    cells[k].y)->land, l);
	game_cells_give(g, cells);
	game_free(g);
}

/* Whether the block of unit u at q facing f lies wholly on the map. */
static bool
block_on_map(const struct game *g, const struct unit *u, struct point q,
    enum dir f)
{
	struct point *cells = game_cells_take(g);
	int n = game_footprint_at(g, u, q, f, u->formation, cells), k;

	for (k = 0; k < n; k++)
		if (!map_inside(g->map, cells[k].x, cells[k].y))
			break;
	game_cells_give(g, cells);
	return k == n;
}

/* A walker for pricing as a route search does: silent, planning, with an
 * allowance no route spends, standing at p facing f. */
static void
planner_at(struct move_walk *w, struct point p, enum dir f)
{
	w->explain = false;
	w->planning = true;
	w->left = INT_MAX / 4;
	w->pos = p;
	w->facing = f;
}

/* A heap of (price, state) pairs, each entry carrying its own price. */
struct pq {
	long	*e;
	int	 n;
	int	 cap;
};

static void
pq_push(struct pq *q, int price, int state)
{
	long x = (long)price << 32 | state;
	int k;

	if (q->n == q->cap) {
		q->cap = q->cap ? 2 * q->cap : 1024;
		q->e = xreallocarray(q->e, (size_t)q->cap, sizeof *q->e);
	}
	for (k = q->n++; k > 0 && q->e[(k - 1) / 2] > x; k = (k - 1) / 2)
		q->e[k] = q->e[(k - 1) / 2];
	q->e[k] = x;
}

static long
pq_pop(struct pq *q)
{
	long top = q->e[0], x = q->e[--q->n];
	int k = 0, c;

	for (;;) {
		c = 2 * k + 1;
		if (c >= q->n)
			break;
		if (c + 1 < q->n && q->e[c + 1] < q->e[c])
			c++;
		if (q->e[c] >= x)
			break;
		q->e[k] = q->e[c];
		k = c;
	}
	if (q->n > 0)
		q->e[k] = x;
	return top;
}

/*
 * The cheapest price in ticks of a way for unit u from where it stands
 * to put its anchor on goal, found the long way: every place and facing
 * of the map, every step straight ahead and every turn, as the ruleset
 * prices them for a plan, ground it may not enter a wall and every
 * block on the map (as a way round is searched); -1 when there is none.
 */
static int
cheapest_by_hand(struct game *g, int u, struct point goal)
{
	const struct unit *un = &g->units[u];
	struct move_walk w;
	struct move_price p;
	struct pq q = { NULL, 0, 0 };
	int W = g->map->w, H = g->map->h, *best, st, c, f, t, d, x, y;
	int found = -1;
	long e;
	struct point at, to;

	best = xmallocarray((size_t)W * H * DIR_COUNT, sizeof *best);
	for (st = 0; st < W * H * DIR_COUNT; st++)
		best[st] = INT_MAX;
	move_walk_init(g, u, &w);
	st = (un->pos.y * W + un->pos.x) * DIR_COUNT + (int)un->facing;
	best[st] = 0;
	pq_push(&q, 0, st);
	while (q.n > 0) {
		e = pq_pop(&q);
		c = (int)(e >> 32);
		st = (int)(e & 0xffffffff);
		if (c > best[st])
			continue;
		f = st % DIR_COUNT;
		x = st / DIR_COUNT % W;
		y = st / DIR_COUNT / W;
		if (x == goal.x && y == goal.y) {
			found = c;
			break;
		}
		at = (struct point){ x, y };
		for (t = 0; t < DIR_COUNT; t++) {
			planner_at(&w, at, (enum dir)f);
			if (t == f) {
				/* A step straight ahead, its block on the
				 * map where it leads. */
				to = (struct point){ x + dir_dx[f],
				    y + dir_dy[f] };
				if (!map_inside(g->map, to.x, to.y) ||
				    !block_on_map(g, un, to, (enum dir)f))
					continue;
				rs->ops->move_step(g, &w, (enum dir)f, &p);
				if (p.verdict == MOVE_NEVER ||
				    p.verdict == MOVE_IMPASSABLE ||
				    p.verdict == MOVE_NEED_ORDER)
					continue;
				d = p.verdict == MOVE_CHANGE ?
				    dir_step_cost((enum dir)f) : p.ticks;
			} else {
				/* A turn: every one of this ruleset moves
				 * the block, turned where it stands and where
				 * it is left on the map. */
				rs->ops->move_turn(g, &w, (enum dir)t, &p);
				assert_true(p.flags & MPF_ANCHOR);
				to = p.anchor;
				if (!map_inside(g->map, to.x, to.y) ||
				    !block_on_map(g, un, at, (enum dir)t) ||
				    !block_on_map(g, un, to, (enum dir)t))
					continue;
				d = p.ticks;
			}
			st = (to.y * W + to.x) * DIR_COUNT +
			    (t == f ? f : t);
			if (c + d < best[st]) {
				best[st] = c + d;
				pq_push(&q, c + d, st);
			}
		}
	}
	free(q.e);
	free(best);
	move_walk_free(&w);
	return found;
}

/* The price in ticks of the route r (n cells, faces beside it as
 * path_round gives them) for unit u, each turn and step priced as the
 * ruleset prices them for a plan; each must be one it allows. */
static int
route_price(struct game *g, int u, const struct point *r,
    const unsigned char *faces, int n)
{
	struct move_walk w;
	struct move_price p;
	struct point at = g->units[u].pos;
	enum dir f = g->units[u].facing;
	int k, sum = 0;

	move_walk_init(g, u, &w);
	for (k = 0; k < n; k++) {
		planner_at(&w, at, f);
		if (faces[k] != 0) {
			rs->ops->move_turn(g, &w, (enum dir)(faces[k] - 1),
			    &p);
			assert_int_equal(p.anchor.x, r[k].x);
			assert_int_equal(p.anchor.y, r[k].y);
			f = (enum dir)(faces[k] - 1);
		} else {
			assert_int_equal(dir_between(at, r[k]), (int)f);
			rs->ops->move_step(g, &w, f, &p);
			assert_true(p.verdict == MOVE_OK);
		}
		sum += p.ticks;
		at = r[k];
	}
	move_walk_free(&w);
	return sum;
}

/* H8, H9: a Line at the top of an open field, [37, 2] facing NE, sent
 * to [43, 0] on the map's first row: the straight line runs off the map
 * (H1), and the way round is a long one, wheels and steps that keep the
 * block on the map.  The search finds it within its budget, reaching
 * the point, and at the price of the cheapest way the rules allow, as
 * a search of every place and facing of the map finds it: 161 ticks
 * (40.25 in) of wheels (H9) and steps.  (Before the search counted the
 * turn a unit needs in its estimate, it spent its budget of cells short
 * of the point and found no way round.) */
static void
test_002_H8_H9_way_round_at_the_map_edge_is_the_cheapest(void **state)
{
	struct game *g = battle(52, 40);
	int i = unit_at(g, "md", ARM_INFANTRY, "close", "line", 37, 2,
	    DIR_NE);
	struct point goal = { 43, 0 }, *r = NULL;
	unsigned char *faces = NULL;
	struct move_walk w;
	int n, cheapest;

	(void)state;
	move_to(g, i, goal.x, goal.y);
	cheapest = cheapest_by_hand(g, i, goal);
	assert_int_equal(cheapest, 161);
	move_walk_init(g, i, &w);
	n = path_round(g, &w, goal, PATH_BUDGET, &r, &faces);
	assert_true(n > 0);
	assert_int_equal(r[n - 1].x, goal.x);
	assert_int_equal(r[n - 1].y, goal.y);
	assert_int_equal(route_price(g, i, r, faces, n), cheapest);
	free(r);
	free(faces);
	move_walk_free(&w);
	game_free(g);
}

/* H12 (marshal's own), the places tried in stead of one a friend holds:
 * a horse Column in the field's north-west corner, boxed in by the
 * map's edges and by foot Lines that stand to its south and east.  Its
 * first search for a way to a place beyond them sees every place and
 * facing it can reach and ends; what it reached (path_reach) holds its
 * own cell and none beyond the Lines, and from then on every goal is
 * answered as a search answers it, those beyond at once: the same
 * routes, some goals reached and some not. */
static void
test_002_H12_places_out_of_reach_are_known_without_a_search(void **state)
{
	struct game *g = battle(40, 40);
	int c = unit_at(g, "c", ARM_CAVALRY, "light", "column", 6, 3, DIR_N);
	int f = unit_at(g, "f1", ARM_INFANTRY, "close", "line", 17, 4,
	    DIR_W);
	struct path_reach reach = { 0 };
	struct point goal, *r1, *r2;
	unsigned char *w1, *w2;
	struct move_walk w;
	int x, y, n1, n2, in = 0, out = 0;

	(void)state;
	unit_at(g, "f2", ARM_INFANTRY, "close", "line", 17, 12, DIR_W);
	unit_at(g, "f3", ARM_INFANTRY, "close", "line", 4, 14, DIR_N);
	unit_at(g, "f4", ARM_INFANTRY, "close", "line", 12, 14, DIR_N);
	move_walk_init(g, c, &w);
	n1 = path_detour(g, &w, (struct point){ 30, 30 }, 4 * PATH_BUDGET,
	    f, &r1, &w1, &reach);
	assert_int_equal(n1, 0);
	assert_true(reach.known);
	assert_true(path_reach_has(&reach, g->units[c].pos));
	assert_false(path_reach_has(&reach, (struct point){ 30, 30 }));
	assert_false(path_reach_has(&reach, (struct point){ 6, 20 }));
	assert_false(path_reach_has(&reach, (struct point){ 22, 3 }));
	for (y = 0; y <= 20; y++)
		for (x = 0; x <= 25; x++) {
			goal = (struct point){ x, y };
			n1 = path_detour(g, &w, goal, 4 * PATH_BUDGET, f, &r1,
			    &w1, &reach);
			n2 = path_detour(g, &w, goal, 4 * PATH_BUDGET, f, &r2,
			    &w2, NULL);
			assert_int_equal(n1, n2);
			if (n2 > 0) {
				assert_memory_equal(r1, r2,
				    (size_t)n2 * sizeof *r2);
				in++;
			} else if (!path_reach_has(&reach, goal))
				out++;
			free(r1);
			free(w1);
			free(r2);
			free(w2);
		}
	assert_true(in > 10);
	assert_true(out > 100);
	path_reach_free(&reach);
	assert_false(reach.known);
	move_walk_free(&w);
	game_free(g);
}

/* H7, the preview of a retire (move_action_scratch): the scratch copy's
 * unit holds the retire given this turn and walks a Move to its point;
 * the preview on it stops where the movement phase then puts the unit,
 * facing kept: 6 cells back, [14, 20] facing E, 12 ticks (as in
 * test_002_H7_retire_keeping_facing).  The game itself is untouched
 * until the order is given; an action with no march (rein in), one for
 * a unit the game has not and an order that is no action give no
 * scratch copy. */
static void
test_002_H7_preview_of_a_retire_is_its_march(void **state)
{
	struct game *g = battle(40, 52), tmp;
	int c = unit_at(g, "c", ARM_INFANTRY, "close", "line", 20, 20, DIR_E);
	struct move_preview pv;
	struct order act, mv;
	char *cause = NULL;

	(void)state;
	memset(&act, 0, sizeof act);
	act.kind = ORDER_ACTION;
	act.unit = c;
	act.general = -1;
	act.action = ruleset_action(g->rs, "retire");
	act.formation = -1;
	act.facing = -1;
	act.npts = 1;
	act.pts[0] = (struct point){ 10, 20 };
	assert_int_equal(move_action_scratch(g, &act, &tmp, &mv), 0);
	assert_int_equal(mv.kind, ORDER_MOVE);
	assert_int_equal(mv.unit, c);
	assert_int_equal(mv.npts, 1);
	assert_int_equal(mv.pts[0].x, 10);
	assert_int_equal(mv.pts[0].y, 20);
	assert_int_equal(tmp.units[c].act.kind, ORDER_ACTION);
	assert_int_equal(tmp.units[c].order.kind, ORDER_MOVE);
	assert_true(tmp.units != g->units);
	assert_int_equal(g->units[c].act.kind, ORDER_NONE);
	assert_int_equal(move_preview(&tmp, &mv, &pv), 0);
	assert_int_equal(pv.pos.x, 14);
	assert_int_equal(pv.pos.y, 20);
	assert_int_equal(pv.facing, DIR_E);
	assert_int_equal(pv.spent, 12);
	move_preview_free(&pv);
	move_scratch_free(&tmp);
	assert_null(tmp.units);
	assert_int_equal(game_order(g, &act, &cause), 0);
	movement(g);
	stands(g, c, 14, 20, DIR_E, "line");
	act.unit = g->nunits;			/* no such unit */
	assert_int_equal(move_action_scratch(g, &act, &tmp, &mv), -1);
	act.unit = c;
	act.action = ruleset_action(g->rs, "rein");
	act.npts = 0;
	assert_int_equal(move_action_scratch(g, &act, &tmp, &mv), -1);
	mv.kind = ORDER_STOP;
	act.kind = ORDER_MOVE;
	assert_int_equal(move_action_scratch(g, &act, &tmp, &mv), -1);
	assert_int_equal(mv.kind, ORDER_NONE);
	game_free(g);
}

/* H7: a heavy gun deployed moves 1 inch and retiring costs guns 1 inch:
 * nothing is left, it cannot retire and stays where it stands, its
 * closing line under H7. */
static void
test_002_H7_nothing_left_to_retire(void **state)
{
	struct game *g = battle(40, 40);
	int c = unit_at(g, "c", ARM_ARTILLERY, "heavy", "deployed", 20, 20,
	    DIR_N);
	int i, closing = -1;

	(void)state;
	retire_to(g, c, 20, 30);
	movement(g);
	assert_int_equal(g->units[c].pos.x, 20);
	assert_int_equal(g->units[c].pos.y, 20);
	assert_int_equal(g->units[c].moved, 0);
	assert_true(logged(g, c, "H7", "retiring keeping its facing costs 1 in "
	    "of its 1 in: nothing is left, it cannot retire"));
	for (i = 0; i < g->log.n; i++)
		if (g->log.v[i].unit == c && g->log.v[i].kind == EV_MOVE)
			closing = i;
	assert_true(closing >= 0);
	assert_string_equal(g->log.v[closing].rule, "H7");
	game_free(g);
}

/* H7: retiring is a Move order marked retire, so it stands until the
 * unit arrives or a later order replaces it: unmarked, the new Move
 * order faces the way it steps again. */
static void
test_002_H7_a_later_order_ends_the_retire(void **state)
{
	struct game *g = battle(60, 40);
	int c = unit_at(g, "c", ARM_INFANTRY, "close", "line", 30, 20, DIR_E);
	int d = unit_at(g, "d", ARM_INFANTRY, "close", "line", 30, 30, DIR_E);

	(void)state;
	retire_to(g, c, 10, 20);
	retire_to(g, d, 10, 30);
	movement(g);
	stands(g, c, 24, 20, DIR_E, "line");
	stands(g, d, 24, 30, DIR_E, "line");
	/* Turn 2: c is sent on east, unmarked; d keeps its retire. */
	move_to(g, c, 50, 20);
	movement(g);
	stands(g, c, 36, 20, DIR_E, "line");
	assert_int_equal(g->units[c].moved, 24);
	stands(g, d, 18, 30, DIR_E, "line");
	assert_int_equal(g->units[d].moved, 12);
	game_free(g);
}

/* H7: a later order carried out outside the movement has replaced the
 * retire all the same.  c, retiring west, is sent in turn 2 onto an
 * enemy Line 4 inches off its front, within its 6-inch charge reach: it
 * charges him in the charges phase and closes (HO.3.2), its Move order
 * done there.  In the movement it stays where the charge left it, in
 * contact for the melee, instead of walking back to the old retire's
 * point (as it did: the retire came back in force once the later order
 * was done, and the charger left before the melee). */
static void
test_002_H7_a_charge_made_ends_the_retire(void **state)
{
	struct game *g = battle(60, 40);
	int c = unit_at(g, "c", ARM_INFANTRY, "close", "line", 30, 20, DIR_E);
	int e = unit_at(g, "e", ARM_INFANTRY, "close", "line", 34, 20, DIR_W);
	struct point at;

	(void)state;
	game_occupy(g, e, false);
	g->units[e].side = 1;
	g->units[e].general = 1;
	game_occupy(g, e, true);
	retire_to(g, c, 10, 20);
	movement(g);
	stands(g, c, 24, 20, DIR_E, "line");
	/* Turn 2: onto the enemy, who stands 10 cells off. */
	move_to(g, c, 34, 20);
	charges(g);
	assert_true(logged(g, c, "HO.3.2", "c charges e"));
	at = g->units[c].pos;
	assert_true(at.x > 24);
	movement(g);
	stands(g, c, at.x, at.y, DIR_E, "line");
	game_free(g);
}

/* H7: retiring is a Move order marked retire.  The unit's standing order,
 * as the player sees it and a save keeps it, is a Move to the retire
 * point from the general who gave the retire, with no formation or facing
 * of its own, issued when the retire was and arrived the turn it began;
 * the same order stands the next turn (it arrived then, not again), and
 * once the unit arrives it retires no more.  Nothing of the order it held
 * before is left: not its group, nor how far along its points it was. */
static void
test_002_H7_the_retire_is_a_standing_move_order(void **state)
{
	struct game *g = battle(60, 40);
	int f = unit_at(g, "f", ARM_INFANTRY, "close", "line", 30, 30, DIR_E);
	int c = unit_at(g, "c", ARM_INFANTRY, "close", "line", 30, 20, DIR_E);
	const struct order *o = &g->units[c].order;
	int issued;

	(void)state;
	g->turn = 3;
	/* It was marching with f under a group order of two points, the
	 * first of them reached. */
	move_to(g, c, 50, 20);
	g->units[c].order.pts[1] = (struct point){ 50, 10 };
	g->units[c].order.npts = 2;
	g->units[c].order.ngroup = 2;
	g->units[c].order.group[0] = c;
	g->units[c].order.group[1] = f;
	g->units[c].waypoint = 1;
	retire_to(g, c, 16, 20);
	g->units[c].act.general = 1;
	issued = g->units[c].act.issued;
	assert_int_equal(issued, 3);
	movement(g);
	stands(g, c, 24, 20, DIR_E, "line");
	assert_int_equal(o->kind, ORDER_MOVE);
	assert_int_equal(o->unit, c);
	assert_int_equal(o->general, 1);
	assert_int_equal(o->ngroup, 0);
	assert_int_equal(o->formation, -1);
	assert_int_equal(o->facing, -1);
	assert_int_equal(o->npts, 1);
	assert_int_equal(o->pts[0].x, 16);
	assert_int_equal(o->pts[0].y, 20);
	assert_int_equal(o->issued, issued);
	assert_int_equal(o->arrives, 3);
	assert_true(hm_retiring(g, c));
	movement(g);		/* turn 4: 6 cells on, to 18 */
	stands(g, c, 18, 20, DIR_E, "line");
	assert_int_equal(o->arrives, 3);
	assert_int_equal(o->issued, issued);
	assert_true(hm_retiring(g, c));
	movement(g);		/* turn 5: arrives at 16 */
	stands(g, c, 16, 20, DIR_E, "line");
	assert_false(hm_retiring(g, c));
	game_free(g);
}

/* HO.4: a unit with no order this turn moves nothing: what it went the
 * turn before is not counted again. */
static void
test_002_HO4_a_unit_without_orders_has_moved_nothing(void **state)
{
	struct game *g = battle(40, 40);
	int a = unit_at(g, "a", ARM_INFANTRY, "close", "line", 10, 20, DIR_N);

	(void)state;
	g->units[a].moved = 9;
	movement(g);
	stands(g, a, 10, 20, DIR_N, "line");
	assert_int_equal(g->units[a].moved, 0);
	game_free(g);
}

/* H7 for a Column: it retires as a Column, keeping its facing too:
 * close-order foot in Column moves 9 inches, less 3 retiring = 6 inches,
 * 24 ticks, 12 cells back west. */
static void
test_002_H7_retire_in_column_stays_a_column(void **state)
{
	struct game *g = battle(40, 52);
	int c = unit_at(g, "c", ARM_INFANTRY, "close", "column", 30, 20,
	    DIR_E);

	(void)state;
	retire_to(g, c, 10, 20);
	movement(g);
	stands(g, c, 18, 20, DIR_E, "column");
	assert_int_equal(g->units[c].moved, 24);
	assert_true(logged(g, c, "H7", "9 in - 3 in = 6 in (24 ticks)"));
	game_free(g);
}

/* H8: the first 45 degrees are free (a Line sent NE makes 8 diagonal
 * steps of 3); sent behind it, wheels of 54 are more than its 24: it
 * turns about in place for its whole move. */
static void
test_002_H8_turn_over_45_takes_whole_move(void **state)
{
	struct game *g = battle(40, 40);
	int a = unit_at(g, "a", ARM_INFANTRY, "close", "line", 10, 20, DIR_N);
	int b = unit_at(g, "b", ARM_INFANTRY, "close", "line", 30, 14, DIR_N);

	(void)state;
	move_to(g, a, 20, 10);
	move_to(g, b, 30, 38);
	movement(g);
	stands(g, a, 18, 12, DIR_NE, "line");
	assert_true(spent(g, a, "6 in of 6 in"));
	assert_true(logged(g, a, "H8", "turns from N to NE about its centre: "
	    "the first 45 degrees of its move are free"));
	/* The free 45 degrees are the whole turn: no wheel is noted. */
	assert_int_equal(count_rule(g, a, "H9"), 0);
	/* About its centre, 8 x 2 cells: the anchor stays at [30, 14],
	 * and the turn is the whole move (no step after it). */
	stands(g, b, 30, 14, DIR_S, "line");
	assert_true(spent(g, b, "6 in of 6 in"));
	assert_true(logged(g, b, "H8", "wheeling would cost 54 ticks"));
	assert_true(logged(g, b, "H1", "b moves 0 in (spent 6 in of 6 in): "
	    "stops at [30, 14] facing S"));
	game_free(g);

	/* A cavalry Line (60) sent behind it wheels round instead: 45
	 * free and 3 x 18 = 54, keeping 6 ticks for the march: right,
	 * about a centre 1.5 in beyond its right flank, to [41, 22] (the
	 * point is too far for the leg to be planned, walk_plan_leg). */
	g = battle(60, 60);
	b = unit_at(g, "c", ARM_CAVALRY, "light", "line", 30, 14, DIR_N);
	move_to(g, b, 30, 58);
	movement(g);
	stands(g, b, 41, 22, DIR_S, "line");
	assert_true(logged(g, b, "H9", "wheels right 135 degrees to S"));
	assert_true(logged(g, b, "H9", "18 ticks (4.5 in) a stage, 54 ticks, "
	    "1.5 in left"));
	assert_true(spent(g, b, "15 in of 15 in"));
	game_free(g);
}

/* H3, H10: the terrain column a unit crosses ground by, from the data: a
 * gun on wheels, its crew when routed (as open-order foot); the
 * grasshopper carried by its men (close-order foot), routed or not. */
static void
test_002_H10_movers(void **state)
{
	struct unit u = { 0 };

	(void)state;
	u.arm = ARM_ARTILLERY;
	u.cond = COND_FORMED;
	u.klass = ruleset_class(rs, ARM_ARTILLERY, "light");
	assert_int_equal(hm_mover_of(rs, &u), HM_WHEELED);
	u.cond = COND_ROUTED;
	assert_int_equal(hm_mover_of(rs, &u), HM_OO_FOOT);
	u.klass = ruleset_class(rs, ARM_ARTILLERY, "grasshopper");
	assert_int_equal(hm_mover_of(rs, &u), HM_CO_FOOT);
	u.cond = COND_FORMED;
	assert_int_equal(hm_mover_of(rs, &u), HM_CO_FOOT);
	u.arm = ARM_INFANTRY;
	u.cond = COND_ROUTED;
	u.klass = ruleset_class(rs, ARM_INFANTRY, "rifle");
	assert_int_equal(hm_mover_of(rs, &u), HM_OO_FOOT);
}

/* H8, H9 to the left: a Line sent NW turns its free 45 degrees N to NW;
 * a cavalry Line sent behind it on the left (SW, 135 degrees) turns 45
 * free and wheels left twice, 2 x 18 = 36 ticks. */
static void
test_002_H8_H9_turns_to_the_left(void **state)
{
	struct game *g = battle(40, 40);
	int a = unit_at(g, "a", ARM_INFANTRY, "close", "line", 30, 20, DIR_N);

	(void)state;
	move_to(g, a, 20, 10);
	movement(g);
	stands(g, a, 22, 12, DIR_NW, "line");
	assert_true(logged(g, a, "H8", "turns from N to NW about its centre: "
	    "the first 45 degrees of its move are free"));
	game_free(g);

	g = battle(60, 60);
	a = unit_at(g, "c", ARM_CAVALRY, "light", "line", 40, 14, DIR_N);
	move_to(g, a, 10, 44);
	movement(g);
	stands(g, a, 24, 23, DIR_SW, "line");
	assert_true(logged(g, a, "H8", "turns from N to NW about its centre"));
	assert_true(logged(g, a, "H9", "wheels left 90 degrees to SW on a 3 "
	    "in circle: the outer base runs pi x 5.5 in / 4 = 18 ticks (4.5 "
	    "in) a stage, 36 ticks, 6 in left"));
	assert_true(spent(g, a, "15 in of 15 in"));
	game_free(g);
}

/*
 * H9: a stage is pi / 4 of the outer base's circle, rounded up to a tick,
 * for any circle the data gives: with a wheel circle of 3.5 in (14
 * ticks) the cavalry Line of test_002_H8_H9_turns_to_the_left runs on
 * 1.75 + 4 = 5.75 in, pi x 5.75 / 4 = 4.52 in, 19 ticks a stage (18.06
 * before rounding up), 38 ticks for its two, and stops on [25, 22].
 */
static void
test_002_H9_stage_rounded_up_on_a_wider_circle(void **state)
{
	struct hm_move *m = rs->priv;	/* hm_move(rs), to be changed */
	int wd = m->wheel_diameter;
	struct game *g = battle(60, 60);
	int a = unit_at(g, "c", ARM_CAVALRY, "light", "line", 40, 14, DIR_N);

	(void)state;
	m->wheel_diameter = 14;
	move_to(g, a, 10, 44);
	movement(g);
	m->wheel_diameter = wd;
	stands(g, a, 25, 22, DIR_SW, "line");
	assert_true(logged(g, a, "H9", "wheels left 90 degrees to SW on a 3.5 "
	    "in circle: the outer base runs pi x 5.75 in / 4 = 19 ticks (4.75 "
	    "in) a stage, 38 ticks, 5.5 in left"));
	assert_true(spent(g, a, "14.75 in of 15 in"));
	game_free(g);
}

/* H9: a close-order Line sent east turns 45 free and wheels 45 on the
 * 3-inch circle: pi x 5.5 / 4 = 4.32 inches, 18 ticks; 6 are left. */
static void
test_002_H9_wheel_on_a_3_inch_circle(void **state)
{
	struct game *g = battle(40, 40);
	int a = unit_at(g, "a", ARM_INFANTRY, "close", "line", 10, 20, DIR_N);
	int c = unit_at(g, "c", ARM_INFANTRY, "close", "column", 10, 34,
	    DIR_N);

	(void)state;
	move_to(g, a, 36, 20);
	move_to(g, c, 36, 34);
	movement(g);
	/* Then 6 ticks: 3 cells east. */
	stands(g, a, 17, 17, DIR_E, "line");
	assert_true(spent(g, a, "6 in of 6 in"));
	assert_true(logged(g, a, "H9", "pi x 5.5 in / 4 = 18 ticks"));
	/* A Column's stage is pi x 3.5 / 4 = 2.75 inches, 11 ticks. */
	assert_int_equal(g->units[c].facing, DIR_E);
	assert_true(logged(g, c, "H9", "pi x 3.5 in / 4 = 11 ticks"));
	assert_true(spent(g, c, "8.75 in of 9 in"));
	game_free(g);
}

/*
 * H8, H9: only the move's first turn is free; a later turn wheels on the
 * 3-inch circle about a centre beyond the inner front corner (H9), which
 * moves the anchor.  A cavalry Line at [20, 40] sent to [50, 30] turns
 * N to NE free, marches NE, wheels right 45 degrees to E (18 ticks) and
 * marches east: 59 of its 60 ticks, to [39, 27].  To the left, from
 * [40, 40] to [10, 30]: [21, 28] facing W.  A foot Column (9 in, a stage
 * of 11 ticks) from [40, 40] to [10, 36]: [26, 35] facing W, 35 of 36.
 */
static void
test_002_H9_a_later_turn_wheels(void **state)
{
	struct game *g = battle(60, 60);
	int a = unit_at(g, "a", ARM_CAVALRY, "light", "line", 20, 40, DIR_N);

	(void)state;
	move_to(g, a, 50, 30);
	movement(g);
	stands(g, a, 39, 27, DIR_E, "line");
	assert_true(logged(g, a, "H8", "turns from N to NE about its centre"));
	assert_true(logged(g, a, "H9", "wheels right 45 degrees to E on a 3 "
	    "in circle"));
	/* The later turn has no free 45 degrees, and no word of any. */
	assert_int_equal(count_rule(g, a, "H8"), 1);
	assert_true(spent(g, a, "14.75 in of 15 in"));
	game_free(g);

	g = battle(60, 60);
	a = unit_at(g, "a", ARM_CAVALRY, "light", "line", 40, 40, DIR_N);
	move_to(g, a, 10, 30);
	movement(g);
	stands(g, a, 21, 28, DIR_W, "line");
	assert_true(logged(g, a, "H9", "wheels left 45 degrees to W on a 3 in "
	    "circle"));
	assert_true(spent(g, a, "14.75 in of 15 in"));
	game_free(g);

	g = battle(60, 60);
	a = unit_at(g, "a", ARM_INFANTRY, "close", "column", 40, 40, DIR_N);
	move_to(g, a, 10, 36);
	movement(g);
	stands(g, a, 26, 35, DIR_W, "column");
	assert_true(logged(g, a, "H9", "pi x 3.5 in / 4 = 11 ticks (2.75 in) "
	    "a stage, 11 ticks"));
	assert_true(spent(g, a, "8.75 in of 9 in"));
	game_free(g);
}

/*
 * H8, H9: a wheel that costs exactly what is left is made.  The cavalry
 * Line of test_002_H9_a_later_turn_wheels sent from [20, 40] to [37, 35]
 * turns N to NE free and marches; its leg's plan ends with a wheel right
 * to SE that costs its last 18 ticks (4.5 in) and brings it onto the
 * point: it arrives there facing SE, all 60 ticks spent, not short of
 * the wheel.
 */
static void
test_002_H9_a_wheel_with_exactly_what_is_left(void **state)
{
	struct game *g = battle(60, 60);
	int a = unit_at(g, "a", ARM_CAVALRY, "light", "line", 20, 40, DIR_N);

	(void)state;
	move_to(g, a, 37, 35);
	movement(g);
	assert_int_equal(g->units[a].halt, HALT_ARRIVED);
	stands(g, a, 37, 35, DIR_SE, "line");
	assert_true(logged(g, a, "H8", "turns from N to NE about its centre"));
	assert_true(logged(g, a, "H9", "wheels right 45 degrees to SE on a 3 "
	    "in circle: the outer base runs pi x 5.5 in / 4 = 18 ticks (4.5 "
	    "in) a stage, 18 ticks, 0 in left"));
	assert_true(spent(g, a, "15 in of 15 in"));
	game_free(g);
}

/*
 * H8, H9 in play: a unit sent anywhere on open ground gets there.  The
 * line to a point, facing each step's way, wheeled past it and back for
 * ever: a cavalry Line at [20, 40] facing N sent to [30, 24] stood at
 * [32, 21] and [22, 26] turn about, and 145 of the 324 points of the
 * grid below were never reached, 311 of them by a Column.  Where the
 * line needs a wheel the leg is planned (walk_plan_leg), to stand on the
 * point within the data's arrive_within (1 in) of its anchor.  From
 * [20, 40] facing N, on a 60 x 60 field, to every third cell from [4, 4]
 * to [55, 55]: every point is reached within 6 turns, by a cavalry Line,
 * a foot Line and a Column; where the anchor is not on the point, the
 * point lies under the block within 2 cells each way of it (on a cell of
 * the block, or in a gap between two of its cells that touch at a
 * corner, as a block on a diagonal leaves: geom_covers).  How many
 * arrive so, measured: 174, 11 and 306 (a Column's turns about its
 * centre move its anchor 3 cells).
 */
static void
test_002_H8_H9_every_point_on_open_ground_is_reached(void **state)
{
	static const struct { enum arm arm; const char *klass, *form;
	    int near; } who[] = {
		{ ARM_CAVALRY, "light", "line", 174 },
		{ ARM_INFANTRY, "close", "line", 11 },
		{ ARM_INFANTRY, "close", "column", 306 },
	};
	struct game *g;
	struct point *c = NULL;
	size_t i;
	int x, y, k, a, n, j, missed, points, near;

	(void)state;
	for (i = 0; i < sizeof who / sizeof who[0]; i++) {
		missed = 0;
		points = 0;
		near = 0;
		for (x = 4; x < 57; x += 3)
			for (y = 4; y < 57; y += 3) {
				g = battle(60, 60);
				a = unit_at(g, "a", who[i].arm, who[i].klass,
				    who[i].form, 20, 40, DIR_N);
				move_to(g, a, x, y);
				for (k = 0; k < 6; k++) {
					movement(g);
					if (g->units[a].halt == HALT_ARRIVED)
						break;
				}
				if (g->units[a].halt != HALT_ARRIVED)
					missed++;
				else if (g->units[a].pos.x != x ||
				    g->units[a].pos.y != y) {
					/* Arrived off its anchor: the point
					 * lies under the block, within 1 in
					 * (2 cells) each way of the anchor. */
					near++;
					assert_true(abs(g->units[a].pos.x -
					    x) <= 2);
					assert_true(abs(g->units[a].pos.y -
					    y) <= 2);
					c = game_cells_take(g);
					n = game_footprint(g, &g->units[a], c);
					j = geom_covers(c, n,
					    (struct point){ x, y });
					game_cells_give(g, c);
					assert_true(j);
				}
				points++;
				game_free(g);
			}
		print_message("%s %s: %d of %d points not reached in 6 "
		    "turns, %d reached standing on them off the anchor\n",
		    who[i].form, who[i].arm == ARM_CAVALRY ? "of horse" :
		    "of foot", missed, points, near);
		assert_int_equal(points, 324);
		assert_int_equal(missed, 0);
		assert_int_equal(near, who[i].near);
	}
}

/*
 * H8 (marshal's reading): where no plan of wheels brings a unit onto its
 * point, a unit that has spent nothing turns in place to face its way,
 * for its whole move, and marches next turn.  A cavalry Line at [30, 30]
 * facing NE sent to [27, 29], behind its left flank, wheeled round past
 * it to [20, 25] facing SW, and back to [30, 30] facing NE, turn after
 * turn.  Now it turns NE to NW in place on turn 1 (the whole move, at
 * [30, 30]) and arrives on turn 2 facing W.  From each diagonal facing
 * to every point within 4 cells (80 points each), every point is
 * reached within 6 turns (36 were never reached before); the orthogonal
 * facings still miss 2 points each, at the front corners (the notes of
 * issue 15 say so).
 */
static void
test_002_H8_turns_in_place_where_no_wheels_reach_the_point(void **state)
{
	static const enum dir diag[] = { DIR_NE, DIR_SE, DIR_SW, DIR_NW };
	struct game *g = battle(60, 60);
	int a = unit_at(g, "a", ARM_CAVALRY, "light", "line", 30, 30, DIR_NE);
	int dx, dy, k, i, missed = 0;

	(void)state;
	move_to(g, a, 27, 29);
	movement(g);
	stands(g, a, 30, 30, DIR_NW, "line");
	assert_true(logged(g, a, "H8", "turns from NE to NW about its "
	    "centre, the whole move: no wheels bring it onto its point"));
	assert_true(spent(g, a, "15 in of 15 in"));
	movement(g);
	assert_int_equal(g->units[a].halt, HALT_ARRIVED);
	stands(g, a, 27, 29, DIR_W, "line");
	game_free(g);
	for (i = 0; i < 4; i++)
		for (dx = -4; dx <= 4; dx++)
			for (dy = -4; dy <= 4; dy++) {
				if (dx == 0 && dy == 0)
					continue;
				g = battle(60, 60);
				a = unit_at(g, "a", ARM_CAVALRY, "light",
				    "line", 30, 30, diag[i]);
				move_to(g, a, 30 + dx, 30 + dy);
				for (k = 0; k < 6; k++) {
					movement(g);
					if (g->units[a].halt == HALT_ARRIVED)
						break;
				}
				missed += g->units[a].halt != HALT_ARRIVED;
				game_free(g);
			}
	assert_int_equal(missed, 0);
}

/* H10: the grasshopper crosses ground as close-order foot (1/3 in dense
 * woods: 48 / 6 = 8 steps limbered), where a light gun may not go. */
static void
test_002_H10_grasshopper_in_terrain(void **state)
{
	struct game *g = battle(40, 40);
	int s = unit_at(g, "s", ARM_ARTILLERY, "grasshopper", "limbered", 10,
	    30, DIR_N);
	int l = unit_at(g, "l", ARM_ARTILLERY, "light", "limbered", 30, 30,
	    DIR_N);

	(void)state;
	ground(g, "dense_wood", 0, 0, 39, 39);
	move_to(g, s, 10, 0);
	move_to(g, l, 30, 0);
	movement(g);
	stands(g, s, 10, 22, DIR_N, "limbered");
	assert_true(spent(g, s, "12 in of 12 in"));
	/* A gun's first note names its class and "gun". */
	assert_true(logged(g, s, "H2", "grasshopper gun in Limbered moves 12 "
	    "in (48 ticks)"));
	assert_true(logged(g, s, "H3", "close-order foot at 1/3 speed"));
	stands(g, l, 30, 30, DIR_N, "limbered");
	assert_true(logged(g, l, "H3", "wheeled may not enter Dense woods"));
	game_free(g);
}

/*
 * H10 with marshal's own guns_enter_buildings: false (the data file):
 * foot enters buildings, but a grasshopper, guns that move as
 * close-order foot, stops at their edge all the same.  Both start 2
 * cells south of the buildings (row 27 and north).  Close-order foot in
 * Column has 9 inches, 36 ticks: 2 open cells (4 ticks), the step in
 * costs half its move (H4, enter_buildings 1/2: 18 ticks), and the 14
 * ticks left are 7 cells inside at full speed (H3, buildings 1): it
 * ends at [10, 20].
 */
static void
test_002_H10_guns_stop_at_buildings_foot_goes_in(void **state)
{
	struct game *g = battle(40, 40);
	int f = unit_at(g, "f", ARM_INFANTRY, "close", "column", 10, 30,
	    DIR_N);
	int s = unit_at(g, "s", ARM_ARTILLERY, "grasshopper", "limbered", 30,
	    30, DIR_N);

	(void)state;
	ground(g, "buildings", 0, 0, 39, 27);
	move_to(g, f, 10, 0);
	move_to(g, s, 30, 0);
	movement(g);
	stands(g, f, 10, 20, DIR_N, "column");
	assert_true(spent(g, f, "9 in of 9 in"));
	assert_true(logged(g, f, "H4", "entering buildings: close-order foot "
	    "crosses for 1/2 of its move, 9 in x 1/2 = 18 ticks (4.5 in)"));
	stands(g, s, 30, 28, DIR_N, "limbered");	/* at the edge */
	assert_true(logged(g, s, "H3", "close-order foot may not enter "
	    "Buildings: it stops at the edge"));
	game_free(g);
}

/* The data file with Buildings moved to the head of the landscape, the
 * ground a map is made of before any cell is set (land 0). */
static struct ruleset *
buildings_first(void)
{
	const char *dir = getenv("MARSHAL_DATA");
	char *path, *text, *moved, *head, *b, *e;
	struct doc_node *root;
	struct ruleset *set;
	struct diags d;
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
	assert_non_null(head = strstr(text, "\nlandscape:\n"));
	head += strlen("\nlandscape:\n");
	assert_non_null(b = strstr(head, "  buildings:\n    label: Buildings"));
	assert_non_null(e = strstr(b, "\n\n"));
	e++;
	moved = xasprintf("%.*s%.*s%.*s%s", (int)(head - text), text,
	    (int)(e - b), b, (int)(b - head), head, e);
	diags_init(&d);
	root = yread_buffer("horse-and-musket.yaml", moved, strlen(moved), &d);
	assert_non_null(root);
	set = ruleset_load(root, &d);
	if (set == NULL)
		diags_print(&d, stderr);
	assert_non_null(set);
	diags_free(&d);
	doc_free(root);
	free(moved);
	free(text);
	free(path);
	return set;
}

/*
 * H4 when Buildings are the first ground of the landscape (land 0): the
 * step into them costs half the move all the same.  The foot of
 * test_002_H10_guns_stop_at_buildings_foot_goes_in, on open ground from
 * row 28 south, buildings north of it: it ends at [10, 20], 9 inches
 * spent, 18 ticks of them entering the buildings.
 */
static void
test_002_H4_buildings_the_first_ground(void **state)
{
	struct ruleset *was = rs;
	struct game *g;
	int f;

	(void)state;
	rs = buildings_first();
	assert_int_equal(ruleset_land(rs, "buildings"), 0);
	g = battle(40, 40);
	f = unit_at(g, "f", ARM_INFANTRY, "close", "column", 10, 30, DIR_N);
	ground(g, "open", 0, 28, 39, 39);
	move_to(g, f, 10, 0);
	movement(g);
	stands(g, f, 10, 20, DIR_N, "column");
	assert_true(spent(g, f, "9 in of 9 in"));
	assert_true(logged(g, f, "H4", "entering buildings: close-order foot "
	    "crosses for 1/2 of its move, 9 in x 1/2 = 18 ticks (4.5 in)"));
	game_free(g);
	ruleset_free(rs);
	rs = was;
}

/* H11: a routed wagon stays where it is: no allowance at all, where a
 * routed crew runs at its Rout figure (the flight itself is the rout
 * phase's, HO.9.3). */
static void
test_002_H11_routed_wagon_immobile(void **state)
{
	struct game *g = battle(40, 40);
	int w = unit_at(g, "w", ARM_ARTILLERY, "wagon", "limbered", 10, 20,
	    DIR_N);
	int m = unit_at(g, "m", ARM_ARTILLERY, "medium", "limbered", 20, 20,
	    DIR_N);

	(void)state;
	g->units[w].cond = COND_ROUTED;
	g->units[m].cond = COND_ROUTED;
	assert_int_equal(rs->ops->allowance(g, w, true), 0);
	assert_true(logged(g, w, "H11", "stays where it is"));
	assert_int_equal(rs->ops->allowance(g, m, true), 48);
	assert_true(logged(g, m, "H2", "Rout figure: 12 in (48 ticks)"));
	game_free(g);
}

/* H12 (lesson 2, step 2): F passes through D for 12 ticks; in turn 1
 * it has not the 12 + 10 to come clear and halts behind D (a whole
 * turn's speed would: it waits); in turn 2 it clears D and ends at
 * [30, 16].  Guns may not pass: the gun M, which could never get past K,
 * halts behind it in turn 1 and in turn 2 goes round it by [8, 22] and
 * [11, 15], ending on [12, 13], instead of waiting for ever. */
static void
test_002_H12_pass_through_friends(void **state)
{
	struct game *g = battle(40, 52);
	int d = unit_at(g, "d", ARM_INFANTRY, "close", "line", 30, 20, DIR_N);
	int f = unit_at(g, "f", ARM_INFANTRY, "close", "line", 30, 26, DIR_N);
	int k = unit_at(g, "k", ARM_INFANTRY, "close", "line", 10, 20, DIR_N);
	int m = unit_at(g, "m", ARM_ARTILLERY, "light", "limbered", 10, 26,
	    DIR_N);
	struct move_walk w;
	struct move_price p;

	(void)state;
	(void)d;
	move_to(g, f, 30, 10);
	move_to(g, m, 10, 10);
	movement(g);
	stands(g, f, 30, 22, DIR_N, "line");
	assert_int_equal(g->units[f].moved, 8);
	/* The pass is refused outright: M halts behind K, and goes round
	 * it the turn after, K having held it up for a whole turn. */
	move_walk_init(g, m, &w);
	rs->ops->move_pass(g, &w, k, DIR_N, false, &p);
	assert_int_equal(p.verdict, MOVE_NEVER);
	move_walk_free(&w);
	stands(g, m, 10, 22, DIR_N, "limbered");
	assert_true(logged(g, m, "H12", "may not pass through"));
	assert_false(logged(g, m, "H12", "marches round it"));
	movement(g);
	stands(g, f, 30, 16, DIR_N, "line");
	assert_true(logged(g, m, "H12", "k stands in the way and may not be "
	    "passed this turn: m marches round it, by [8, 22] and [11, 15]"));
	stands(g, m, 12, 13, DIR_N, "limbered");
	assert_true(logged(g, f, "H12", "passes through d: foot, -12 ticks (3 "
	    "in), 3 in left"));
	game_free(g);

	/* Horse pays 6 inches; routers pass for nothing. */
	g = battle(60, 60);
	d = unit_at(g, "d", ARM_INFANTRY, "close", "line", 20, 20, DIR_N);
	f = unit_at(g, "h", ARM_CAVALRY, "light", "line", 20, 26, DIR_N);
	k = unit_at(g, "d2", ARM_INFANTRY, "close", "line", 40, 20, DIR_N);
	m = unit_at(g, "r", ARM_INFANTRY, "close", "line", 40, 26, DIR_N);
	g->units[m].cond = COND_ROUTED;
	move_to(g, f, 20, 0);
	movement(g);
	assert_true(logged(g, f, "H12", "passes through d: mounted, -24 ticks "
	    "(6 in), 7 in left"));
	/* Horse's first note names its class and "cavalry". */
	assert_true(logged(g, f, "H1", "light cavalry in Line moves 15 in (60 "
	    "ticks)"));
	/* 60 - 24 = 36 ticks of steps: 18 cells, to [20, 8]. */
	stands(g, f, 20, 8, DIR_N, "line");
	/* Routers flee in the rout phase (HO.9.3); the price the walk
	 * asks is nothing. */
	move_walk_init(g, m, &w);
	w.explain = true;
	rs->ops->move_pass(g, &w, k, DIR_N, false, &p);
	assert_int_equal(p.verdict, MOVE_OK);
	assert_int_equal(p.ticks, 0);
	assert_non_null(strstr(p.notes[0].text, "flees through d2 for "
	    "nothing"));
	move_walk_free(&w);
	game_free(g);
}

/* A road of cells down column x, rows y0..y1. */
static void
road_down(struct game *g, int x, int y0, int y1)
{
	int y;

	for (y = y0; y <= y1; y++)
		map_cell(g->map, x, y)->road = ROAD_SMALL;
}

/* H14: with the option, a close-order Column whose whole move is on the
 * road, more than 24 inches from the enemy, adds 3 inches: 36 + 12 = 48
 * ticks, 24 cells.  Without the option, or with an enemy near (the
 * battle's first unit or a later one), 36. */
static void
test_002_H14_road_bonus_for_columns(void **state)
{
	struct game *g = battle(40, 100);
	int a = unit_at(g, "a", ARM_INFANTRY, "close", "column", 10, 96,
	    DIR_N);
	int l = unit_at(g, "l", ARM_INFANTRY, "close", "line", 30, 96, DIR_N);
	int b;

	(void)state;
	road_down(g, 10, 0, 99);
	road_down(g, 30, 0, 99);
	g->opt.module[ruleset_option(g->rs, "road_bonus")] = true;
	move_to(g, a, 10, 0);
	move_to(g, l, 30, 0);
	movement(g);
	stands(g, a, 10, 72, DIR_N, "column");
	assert_true(logged(g, a, "H14", "+3 in, 36 + 12 = 48 ticks"));
	assert_true(spent(g, a, "12 in of 12 in"));
	/* A Line earns no bonus. */
	stands(g, l, 30, 84, DIR_N, "line");
	game_free(g);

	/* An enemy within 24 inches (96 ticks) of the march: no bonus.
	 * The enemy F, first in the order of battle, stands far off (more
	 * than 36 in): the one named is E. */
	g = battle(40, 100);
	b = unit_at(g, "b", ARM_INFANTRY, "close", "column", 10, 96, DIR_N);
	(void)side_unit_at(g, 1, "f", "F", ARM_INFANTRY, "close", "line",
	    35, 2, DIR_S);
	(void)side_unit_at(g, 1, "e", "E", ARM_INFANTRY, "close", "line",
	    30, 30, DIR_S);
	road_down(g, 10, 0, 99);
	g->opt.module[ruleset_option(g->rs, "road_bonus")] = true;
	move_to(g, b, 10, 0);
	movement(g);
	stands(g, b, 10, 78, DIR_N, "column");
	assert_true(spent(g, b, "9 in of 9 in"));
	assert_true(logged(g, b, "H14", "no road bonus: b would come within "
	    "24 in of E"));
	game_free(g);

	/* The same with E the first unit of the battle (unit 0). */
	g = battle(40, 100);
	(void)side_unit_at(g, 1, "e", "E", ARM_INFANTRY, "close", "line",
	    30, 30, DIR_S);
	b = unit_at(g, "b", ARM_INFANTRY, "close", "column", 10, 96, DIR_N);
	road_down(g, 10, 0, 99);
	g->opt.module[ruleset_option(g->rs, "road_bonus")] = true;
	move_to(g, b, 10, 0);
	movement(g);
	stands(g, b, 10, 78, DIR_N, "column");
	assert_true(logged(g, b, "H14", "no road bonus: b would come within "
	    "24 in of E"));
	game_free(g);

	/* The option off: no bonus, no word of it. */
	g = battle(40, 100);
	b = unit_at(g, "b", ARM_INFANTRY, "close", "column", 10, 96, DIR_N);
	road_down(g, 10, 0, 99);
	move_to(g, b, 10, 0);
	movement(g);
	stands(g, b, 10, 78, DIR_N, "column");
	game_free(g);
}

/*
 * H14 along an order of two points: the bonus looks along the road past
 * the first point to the next, and the Column earns it as with one
 * point (48 ticks, 24 cells: [10, 72]).  An order whose last point the
 * march reaches before the bonus's ground is covered (it arrives) earns
 * none and says nothing of it.
 */
static void
test_002_H14_road_bonus_past_a_waypoint(void **state)
{
	struct game *g;
	int a;

	(void)state;
	g = battle(40, 100);
	a = unit_at(g, "a", ARM_INFANTRY, "close", "column", 10, 96, DIR_N);
	road_down(g, 10, 0, 99);
	g->opt.module[ruleset_option(g->rs, "road_bonus")] = true;
	move_to(g, a, 10, 86);
	g->units[a].order.pts[1] = (struct point){ 10, 0 };
	g->units[a].order.npts = 2;
	movement(g);
	stands(g, a, 10, 72, DIR_N, "column");
	assert_true(logged(g, a, "H14", "+3 in, 36 + 12 = 48 ticks"));
	game_free(g);

	/* The last point 20 cells (40 ticks) up the road: short of 48. */
	g = battle(40, 100);
	a = unit_at(g, "a", ARM_INFANTRY, "close", "column", 10, 96, DIR_N);
	road_down(g, 10, 0, 99);
	g->opt.module[ruleset_option(g->rs, "road_bonus")] = true;
	move_to(g, a, 10, 86);
	g->units[a].order.pts[1] = (struct point){ 10, 76 };
	g->units[a].order.npts = 2;
	movement(g);
	stands(g, a, 10, 78, DIR_N, "column");
	assert_true(spent(g, a, "9 in of 9 in"));
	assert_int_equal(count_rule(g, a, "H14"), 0);
	game_free(g);
}

/*
 * H14 on a diagonal road: a diagonal step costs 3 ticks, so the 48 ticks
 * of a Column's move with the bonus are 16 steps, and a road of exactly
 * 16 diagonal steps earns it (the step after, off the road, is not
 * asked): from [10, 96] to [26, 80].  One step short, it would leave the
 * road: no bonus, 12 steps of 36 ticks to [22, 84].  The road's length is
 * counted from nothing: 47 ticks of road are one short of 48.
 */
static void
test_002_H14_road_bonus_on_a_diagonal_road(void **state)
{
	struct game *g;
	int a, i, len;

	(void)state;
	for (len = 16; len >= 15; len--) {
		g = battle(60, 100);
		a = unit_at(g, "a", ARM_INFANTRY, "close", "column", 10, 96,
		    DIR_NE);
		for (i = 0; i <= len; i++)
			map_cell(g->map, 10 + i, 96 - i)->road = ROAD_SMALL;
		g->opt.module[ruleset_option(g->rs, "road_bonus")] = true;
		move_to(g, a, 40, 66);
		movement(g);
		if (len == 16) {
			stands(g, a, 26, 80, DIR_NE, "column");
			assert_true(logged(g, a, "H14", "+3 in, 36 + 12 = 48 "
			    "ticks"));
			assert_true(spent(g, a, "12 in of 12 in"));
		} else {
			stands(g, a, 22, 84, DIR_NE, "column");
			assert_true(logged(g, a, "H14", "no road bonus: its "
			    "move leaves the road at [26, 80]"));
			assert_true(spent(g, a, "9 in of 9 in"));
		}
		game_free(g);
	}
	/* 15 diagonal road steps to a waypoint, then one straight, then
	 * no more road: 45 + 2 = 47 ticks of road, short of 48 by one
	 * tick, and the next step leaves it.  No bonus: 12 steps. */
	g = battle(60, 100);
	a = unit_at(g, "a", ARM_INFANTRY, "close", "column", 10, 96, DIR_NE);
	for (i = 0; i <= 15; i++)
		map_cell(g->map, 10 + i, 96 - i)->road = ROAD_SMALL;
	map_cell(g->map, 25, 80)->road = ROAD_SMALL;
	g->opt.module[ruleset_option(g->rs, "road_bonus")] = true;
	move_to(g, a, 25, 81);
	g->units[a].order.pts[1] = (struct point){ 25, 0 };
	g->units[a].order.npts = 2;
	movement(g);
	stands(g, a, 22, 84, DIR_NE, "column");
	assert_true(logged(g, a, "H14", "no road bonus: its move leaves the "
	    "road at [25, 79]"));
	assert_true(spent(g, a, "9 in of 9 in"));
	game_free(g);
}

/*
 * H4 and H1 on every edge about a step's new front: a Line of close
 * order foot (8 files) facing each of the 8 directions steps in each of
 * them (straight on, aside, back: the front rank is the one facing its
 * facing), from the middle of the field and from beside each of its sides
 * and corners, where its rank may lie partly off the map, with a fence
 * put on each east and south edge about the new rank in turn.  The step
 * is refused, and says why, when its anchor or a cell of its new rank
 * leaves the map ("the edge of the map", "its front would leave the
 * map") or a diagonal step passes a fence's end ("never at a slant"),
 * and is otherwise priced as the rank's cells and the edges they cross
 * say (map_diag_blocked, map_edge): a fence crossed square on costs half
 * the move (12 ticks of 24), open ground the step's 2 or 3 ticks.  Each
 * cell about it is made rough ground (2/3) in turn too: a rank with a
 * cell on it pays 3 ticks a straight step, 5 a first diagonal one.
 */
static void
test_002_H4_every_edge_about_the_front(void **state)
{
	static const struct point at[] = {
		{ 20, 20 }, { 0, 20 }, { 1, 20 }, { 2, 20 }, { 3, 20 },
		{ 4, 20 }, { 5, 20 }, { 39, 20 }, { 38, 20 }, { 37, 20 },
		{ 36, 20 }, { 35, 20 }, { 34, 20 }, { 20, 0 }, { 20, 1 },
		{ 20, 2 }, { 20, 3 }, { 20, 4 }, { 20, 5 }, { 20, 39 },
		{ 20, 38 }, { 20, 37 }, { 20, 36 }, { 20, 35 }, { 20, 34 },
		{ 1, 1 }, { 38, 38 }, { 2, 37 }, { 37, 2 }
	};
	struct game *g = battle(40, 40);
	int fence = ruleset_obst(rs, "fence"), u, i, k, x, y, e, n, fr, dd;
	int rough = ruleset_land(rs, "rough"), open = map_cell(g->map, 0,
	    0)->land;
	int ff, side, price;
	struct point to, r0, rst, c, b;
	struct move_walk w;
	struct move_price p;
	bool gone, off, slant, cross, onrough;
	const char *why;
	char crossing[128], rough_note[2][128];
	enum dir d, f;

	(void)state;
	assert_true(fence > 0);
	snprintf(crossing, sizeof crossing, "%s: close-order foot crosses "
	    "for 1/2 of its move, 6 in x 1/2 = 12 ticks (3 in)",
	    rs->obst[fence].label);
	assert_true(rough >= 0);
	snprintf(rough_note[0], sizeof rough_note[0], "%s: close-order foot "
	    "at 2/3 speed, the step costs 2 x 3/2 = 3 ticks (0.75 in), 5.25 "
	    "in left", rs->land[rough].label);
	snprintf(rough_note[1], sizeof rough_note[1], "%s: close-order foot "
	    "at 2/3 speed, the step costs 3 x 3/2 = 5 ticks (1.25 in), 4.75 "
	    "in left", rs->land[rough].label);
	u = unit_at(g, "a", ARM_INFANTRY, "close", "line", 20, 20, DIR_N);
	fr = rs->form[g->units[u].formation].frontage[ARM_INFANTRY];
	assert_int_equal(fr, 8);
	assert_int_equal(hm_max_move(rs, &g->units[u], g->units[u].formation,
	    COND_FORMED), 24);
	for (i = 0; i < (int)(sizeof at / sizeof at[0]); i++)
	for (ff = 0; ff < 8; ff++)
	for (dd = 0; dd < 8; dd++) {
		d = (enum dir)dd;
		f = (enum dir)ff;
		to = (struct point){ at[i].x + dir_dx[d], at[i].y + dir_dy[d] };
		gone = !map_inside(g->map, to.x, to.y);
		n = geom_rank(to, f, fr, &r0, &rst);
		side = n + 4;
		/* Each east and south edge within 2 cells of the new rank's
		 * box, and none (k = -1). */
		for (k = -1; k < 3 * side * side; k++) {
			e = k < 0 ? 0 : k % 3;
			x = k < 0 ? 0 : (k / 3) % side;
			y = k < 0 ? 0 : (k / 3) / side;
			c.x = (rst.x < 0 ? r0.x + (n - 1) * rst.x : r0.x) - 2 + x;
			c.y = (rst.y < 0 ? r0.y + (n - 1) * rst.y : r0.y) - 2 + y;
			if (k >= 0 && (gone || !map_inside(g->map, c.x, c.y)))
				continue;
			if (k >= 0 && e < 2)
				map_edge_set(g->map, c.x, c.y, e ? DIR_S : DIR_E,
				    fence, 0);
			else if (k >= 0)
				map_cell(g->map, c.x, c.y)->land = (uint8_t)rough;
			/* What the rank's cells and edges say: the first
			 * cell, from the rank's left, that leaves the map
			 * or passes a fence's end refuses the step (the
			 * anchor's own corner first). */
			off = cross = onrough = false;
			slant = !gone && dir_diagonal(d) &&
			    map_diag_blocked(g->map, at[i].x, at[i].y, d);
			for (x = 0; x < n && !gone && !off && !slant; x++) {
				b.x = r0.x + x * rst.x;
				b.y = r0.y + x * rst.y;
				if (!map_inside(g->map, b.x, b.y)) {
					off = true;
					break;
				}
				if (map_cell(g->map, b.x, b.y)->land == rough)
					onrough = true;
				if (dir_diagonal(d))
					slant = map_diag_blocked(g->map,
					    b.x - dir_dx[d], b.y - dir_dy[d], d);
				else if (map_edge(g->map, b.x - dir_dx[d],
				    b.y - dir_dy[d], d, NULL) > 0)
					cross = true;
			}
			g->units[u].pos = at[i];
			g->units[u].facing = f;
			move_walk_init(g, u, &w);
			w.allowance = w.left = 24;
			w.fresh = true;
			w.explain = true;
			hm_move_step(g, &w, d, &p);
			move_walk_free(&w);
			why = gone ? "the edge of the map" : slant ? "an "
			    "obstacle is crossed square on, never at a slant" :
			    off ? "its front would leave the map" : cross ?
			    crossing : NULL;
			/* Rough ground, 2/3: 2 x 3/2 = 3 ticks straight, 3 x
			 * 3/2 = 4.5 diagonally, the walk's first diagonal
			 * step rounding up to 5. */
			price = cross ? 12 : onrough ? (dir_diagonal(d) ? 5 :
			    3) : dir_step_cost(d);
			if (why == NULL && onrough)
				why = rough_note[dir_diagonal(d)];
			if ((gone || off || slant) != (p.verdict == MOVE_NEVER) ||
			    (p.verdict == MOVE_OK && p.ticks != price))
				fprintf(stderr, "  [%d, %d] facing %s steps %s, "
				    "fence %s of [%d, %d]: %d ticks\n", at[i].x,
				    at[i].y, dir_name(f), dir_name(d), e ? "S" :
				    "E", c.x, c.y, p.ticks);
			if (gone || off || slant) {
				assert_int_equal(p.verdict, MOVE_NEVER);
				assert_int_equal(p.halt, slant ? HALT_OBSTACLE :
				    HALT_BLOCKED);
			} else {
				assert_int_equal(p.verdict, MOVE_OK);
				assert_int_equal(p.ticks, price);
				assert_int_equal(p.halt, cross ? HALT_OBSTACLE :
				    onrough ? HALT_TERRAIN : HALT_SPEED);
			}
			assert_int_equal(p.nnotes, why != NULL ? 1 : 0);
			if (why != NULL)
				assert_string_equal(p.notes[0].text, why);
			if (k >= 0 && e < 2)
				map_edge_set(g->map, c.x, c.y, e ? DIR_S : DIR_E,
				    0, 0);
			else if (k >= 0)
				map_cell(g->map, c.x, c.y)->land = (uint8_t)open;
		}
	}
	/* With 2 ticks left, a straight step on rough ground (3) is short:
	 * its note says so. */
	g->units[u].pos = (struct point){ 20, 20 };
	g->units[u].facing = DIR_N;
	map_cell(g->map, 20, 19)->land = (uint8_t)rough;
	move_walk_init(g, u, &w);
	w.allowance = 24;
	w.left = 2;
	w.fresh = true;
	w.explain = true;
	hm_move_step(g, &w, DIR_N, &p);
	move_walk_free(&w);
	assert_int_equal(p.ticks, 3);
	assert_int_equal(p.nnotes, 1);
	snprintf(crossing, sizeof crossing, "%s: close-order foot at 2/3 "
	    "speed, the step costs 2 x 3/2 = 3 ticks (0.75 in), not enough "
	    "left", rs->land[rough].label);
	assert_string_equal(p.notes[0].text, crossing);
	game_free(g);
}

/*
 * H3's note writes a share as the data gives it: a share of 1/2 keeps its
 * denominator ("at 1/2 speed", a straight step 2 x 2/1 = 4 ticks), a whole
 * share of 2 is written bare ("at 2 speed", the step 2 x 1/2 = 1 tick).
 */
static void
test_h3_note_writes_half_and_whole_shares(void **state)
{
	struct hm_move *m = rs->priv;	/* hm_move(rs), to be changed */
	int rough = ruleset_land(rs, "rough"), u, k, x;
	static const struct hm_share share[2] = { { 1, 2 }, { 2, 1 } };
	static const int ticks[2] = { 4, 1 };
	struct hm_share keep;
	struct game *g = battle(40, 40);
	struct move_walk w;
	struct move_price p;
	char want[2][128];

	(void)state;
	assert_true(rough >= 0);
	snprintf(want[0], sizeof want[0], "%s: close-order foot at 1/2 "
	    "speed, the step costs 2 x 2/1 = 4 ticks (1 in), 5 in left",
	    rs->land[rough].label);
	snprintf(want[1], sizeof want[1], "%s: close-order foot at 2 "
	    "speed, the step costs 2 x 1/2 = 1 ticks (0.25 in), 5.75 in "
	    "left", rs->land[rough].label);
	keep = m->terrain[rough][HM_CO_FOOT];
	u = unit_at(g, "a", ARM_INFANTRY, "close", "line", 20, 20, DIR_N);
	for (k = 0; k < 2; k++) {
		m->terrain[rough][HM_CO_FOOT] = share[k];
		for (x = 10; x < 30; x++)
			map_cell(g->map, x, 19)->land = (uint8_t)rough;
		move_walk_init(g, u, &w);
		w.allowance = w.left = 24;
		w.fresh = true;
		w.explain = true;
		hm_move_step(g, &w, DIR_N, &p);
		move_walk_free(&w);
		assert_int_equal(p.verdict, MOVE_OK);
		assert_int_equal(p.ticks, ticks[k]);
		assert_int_equal(p.nnotes, 1);
		assert_string_equal(p.notes[0].text, want[k]);
	}
	m->terrain[rough][HM_CO_FOOT] = keep;
	game_free(g);
}

/*
 * H3, as the step's price says it to the walk: on rough ground (2/3) a
 * close-order Column's straight step from road to road costs its 2 ticks
 * and is marked as following the road (MPF_ROAD); the same step off the
 * road costs 3 and is not.  A wheeled gun's step into dense woods is
 * refused, the walk halting on the ground (HALT_TERRAIN).
 */
static void
test_002_H3_road_step_marked_refused_halts(void **state)
{
	struct game *g = battle(40, 40);
	int a = unit_at(g, "a", ARM_INFANTRY, "close", "column", 10, 30,
	    DIR_N);
	int l = unit_at(g, "l", ARM_ARTILLERY, "light", "limbered", 30, 30,
	    DIR_N);
	struct move_walk w;
	struct move_price p;
	int k;

	(void)state;
	ground(g, "rough", 0, 0, 19, 39);
	ground(g, "dense_wood", 20, 0, 39, 28);
	road_down(g, 10, 20, 39);
	for (k = 0; k < 2; k++) {
		g->units[a].pos = (struct point){ k == 0 ? 10 : 5, 30 };
		move_walk_init(g, a, &w);
		w.allowance = w.left = 36;
		w.fresh = true;
		hm_move_step(g, &w, DIR_N, &p);
		move_walk_free(&w);
		assert_int_equal(p.verdict, MOVE_OK);
		assert_int_equal(p.ticks, k == 0 ? 2 : 3);
		assert_int_equal(!!(p.flags & MPF_ROAD), k == 0);
	}
	move_walk_init(g, l, &w);
	w.allowance = w.left = 48;
	w.fresh = true;
	w.pos = (struct point){ 30, 29 };
	hm_move_step(g, &w, DIR_N, &p);
	move_walk_free(&w);
	assert_int_equal(p.verdict, MOVE_IMPASSABLE);
	assert_int_equal(p.halt, HALT_TERRAIN);
	game_free(g);
}

/*
 * H3 along a road: a step from a road cell to a road cell costs its
 * distance whatever the ground; off the road the ground's share counts
 * again.  A close-order Column (9 in, 36 ticks) on a road through rough
 * ground (2/3: 3 ticks a straight step) marches the 10 road cells for
 * 20 ticks, then 5 rough cells for 15: [10, 81], 1 tick to spare.  With
 * H14's option on, no bonus: its move leaves the road at [10, 85].
 */
static void
test_002_H3_along_a_road(void **state)
{
	struct game *g;
	int a, k;

	(void)state;
	for (k = 0; k < 2; k++) {
		g = battle(40, 100);
		a = unit_at(g, "a", ARM_INFANTRY, "close", "column", 10, 96,
		    DIR_N);
		ground(g, "rough", 0, 0, 39, 99);
		road_down(g, 10, 86, 99);
		if (k == 1)
			g->opt.module[ruleset_option(g->rs, "road_bonus")] =
			    true;
		move_to(g, a, 10, 0);
		movement(g);
		stands(g, a, 10, 81, DIR_N, "column");
		assert_true(spent(g, a, "8.75 in of 9 in"));
		if (k == 1)
			assert_true(logged(g, a, "H14", "no road bonus: its "
			    "move leaves the road at [10, 85]"));
		game_free(g);
	}
}

/*
 * H14, read by the other side: "no road bonus: its move leaves the road
 * at [10, 85]" names the next cell of the way the column is sent, a part
 * of its order, which only its own side reads (hidden orders, marshal's
 * own).  The column of test_002_H3_along_a_road with H14's option on:
 * it stands on [10, 81], and the note is marked as its own side's.
 */
static void
test_H14_the_road_it_leaves_is_its_own_sides_to_read(void **state)
{
	struct game *g = battle(40, 100);
	int a, i, n = 0;

	(void)state;
	a = unit_at(g, "a", ARM_INFANTRY, "close", "column", 10, 96, DIR_N);
	ground(g, "rough", 0, 0, 39, 99);
	road_down(g, 10, 86, 99);
	g->opt.module[ruleset_option(g->rs, "road_bonus")] = true;
	move_to(g, a, 10, 0);
	movement(g);
	stands(g, a, 10, 81, DIR_N, "column");
	for (i = 0; i < g->log.n; i++)
		if (g->log.v[i].unit == a && strstr(g->log.v[i].text,
		    "leaves the road at [10, 85]") != NULL) {
			n++;
			assert_true(g->log.v[i].own);
		}
	assert_int_equal(n, 1);
	game_free(g);
}

/*
 * H4: where a step's front crosses two obstacles at once, the dearer
 * share counts, whichever edge comes first: a limbered gun (2 cells of
 * front) stepping over a fence (1 move for wheels) and a stream (2
 * moves) side by side pays the stream's 2, the stream on either side.
 */
static void
test_002_H4_the_dearer_obstacle_counts(void **state)
{
	struct game *g;
	int a, k, o[2];

	(void)state;
	for (k = 0; k < 2; k++) {
		g = battle(40, 40);
		a = unit_at(g, "a", ARM_ARTILLERY, "light", "limbered", 20, 20,
		    DIR_N);
		o[k] = ruleset_obst(rs, "stream");
		o[1 - k] = ruleset_obst(rs, "fence");
		map_edge_set(g->map, 20, 20, DIR_N, o[0], 0);
		map_edge_set(g->map, 21, 20, DIR_N, o[1], 0);
		move_to(g, a, 20, 10);
		movement(g);
		assert_true(logged(g, a, "H4", "Stream: wheeled crosses for 2 of "
		    "its move"));
		game_free(g);
	}
}

/* The rules reference, collected. */
static char described[8192];

static void
describe_line(void *arg, int indent, const char *text)
{
	size_t n = strlen(described);

	(void)arg;
	snprintf(described + n, sizeof described - n, "%*s%s\n", indent, "",
	    text);
}

/* The rules reference shows the movement tables from the data. */
static void
test_002_describe_reads_the_tables(void **state)
{
	(void)state;
	described[0] = '\0';
	rs->ops->describe(rs, describe_line, NULL);
	assert_non_null(strstr(described, "infantry close: Line 6 in Column "
	    "9 in, Rout 12 in"));
	assert_non_null(strstr(described, "artillery wagon: Limbered 6 in, "
	    "Rout 0 in (routed: immobile, H11)"));
	assert_non_null(strstr(described, "Rough ground: 2/3, 1, 2/3, 1/3"));
	assert_non_null(strstr(described, "Stream: 1/2, 1/2, 1, 2"));
	assert_non_null(strstr(described, "leaving buildings: 1, 1/2, none, "
	    "none"));
}

/*
 * The rules reference's buildings lines follow the buildings ground,
 * whatever its place in the landscape table: at index 0 (here the open
 * ground's, standing in for it) they are written, with none (-1) they
 * are not.
 */
static void
test_002_describe_buildings_at_any_index(void **state)
{
	struct hm_move *m = rs->priv;	/* hm_move(rs), to be changed */
	int b = m->buildings;

	(void)state;
	assert_true(b > 0);
	m->buildings = 0;
	described[0] = '\0';
	rs->ops->describe(rs, describe_line, NULL);
	assert_non_null(strstr(described, "  entering buildings: 1/2, 1/2, "
	    "none, none\n  leaving buildings: 1, 1/2, none, none\n"));
	m->buildings = -1;
	described[0] = '\0';
	rs->ops->describe(rs, describe_line, NULL);
	assert_null(strstr(described, "buildings:"));
	m->buildings = b;
}

/*
 * The whole rules reference, each figure the data file's: the H1, H2
 * maximum moves by class and formation with their Rout moves (the wagon
 * immobile routed, H11), the H3 shares of speed by ground and mover, the
 * H4 crossing shares and the buildings, H7 retiring (-3 and -6 inches),
 * H8, H9 turning (one 45 free, a 3-inch wheel), H12 passing (3 and 6
 * inches), then the turn's sections (HO.2 to HO.10) as the data sets
 * them: rally within 12 inches on Drill + 2, muskets 3 and 6 inches,
 * rifles 4 and 12, guns 6 and 24, 32, 40, a hit a tenth, melee and
 * morale modifiers, objectives held within 2 inches.
 */
static void
test_002_describe_whole(void **state)
{
	static const char want[] =
	    "Movement (H1, H2): maximum move by class and formation\n"
	    "  infantry close: Line 6 in Column 9 in, Rout 12 in\n"
	    "  infantry open: Line 9 in Column 12 in, Rout 15 in\n"
	    "  infantry rifle: Line 9 in Column 12 in, Rout 15 in\n"
	    "  cavalry light: Line 15 in Column 18 in, Rout 21 in\n"
	    "  artillery light: Limbered 9 in Deployed 3 in, Rout 12 in\n"
	    "  artillery medium: Limbered 6 in Deployed 2 in, Rout 12 in\n"
	    "  artillery heavy: Limbered 3 in Deployed 1 in, Rout 12 in\n"
	    "  artillery galloper: Limbered 12 in Deployed 3 in, Rout 12 in\n"
	    "  artillery grasshopper: Limbered 12 in Deployed 3 in, Rout 12 in\n"
	    "  artillery wagon: Limbered 6 in, Rout 0 in (routed: immobile, H11)\n"
	    "\n"
	    "Ground (H3): share of speed kept, for close-order foot, open-order foot, mounted, wheeled\n"
	    "  Open ground: 1, 1, 1, 1\n"
	    "  Rough ground: 2/3, 1, 2/3, 1/3\n"
	    "  Gentle slope: 2/3, 1, 2/3, 1/3\n"
	    "  Steep slope: 1/3, 2/3, 1/3, none\n"
	    "  Open woods: 2/3, 1, 2/3, 2/3\n"
	    "  Dense woods: 1/3, 2/3, none, none\n"
	    "  Buildings: 1, 1, none, none\n"
	    "\n"
	    "Obstacles (H4): share of the whole move a crossing costs, in the same order\n"
	    "  Fence or wall: 1/2, 1/2, 1, 1\n"
	    "  Stream: 1/2, 1/2, 1, 2\n"
	    "  entering buildings: 1/2, 1/2, none, none\n"
	    "  leaving buildings: 1, 1/2, none, none\n"
	    "\n"
	    "Retiring keeping facing (H7): foot -3 in, horse -6 in from the maximum\n"
	    "Turning (H8, H9): 1 x 45 degrees free a move; each further 45 a wheel on a 3 in circle\n"
	    "Passing through a friend (H12): foot 3 in, horse 6 in; guns and wagons never\n"
	    "\n"
	    "Rally (HO.2*)\n"
	    "  a routed unit with no formed enemy within 12 in rallies on 2d6 <= Drill + 2, +1 with a general within 6 in (HO.2*)\n"
	    "\n"
	    "Charges (HO.3*)\n"
	    "  formed foot and horse charge an enemy within 1 x 45 degrees of their front, within their H1 move (HO.3.1*)\n"
	    "  two units charging each other meet halfway first; then chargers close one from each side in turn, the side rolling higher on 1d6 (ties again) first (HO.3.2*)\n"
	    "  horse that broke through charges again within 1/2 of its H1 move, unless under a Stop order; it rides through a router but may not stop on it (H15)\n"
	    "\n"
	    "Fire (HO.6*)\n"
	    "  musket: short to 3 in, 1 die a base on 4+; long to 6 in, 1 a base on 5+ (HO.6.2*)\n"
	    "  rifle: short to 4 in, 1 die a base on 4+; long to 12 in, 1 a base on 5+ (HO.6.2*)\n"
	    "  carbine: to 2 in, 1 die a base on 4+ (HO.6.2*)\n"
	    "  light: short to 6 in, 2 dice a base on 4+; long to 24 in, 1 a base on 5+ (HO.6.2*)\n"
	    "  medium: short to 6 in, 2 dice a base on 4+; long to 32 in, 1 a base on 5+ (HO.6.2*)\n"
	    "  heavy: short to 6 in, 2 dice a base on 4+; long to 40 in, 1 a base on 5+ (HO.6.2*)\n"
	    "  -1 to the die: cover or behind an obstacle (-1), open order or a deployed gun (-1), firer Disordered (-1); a 6 always hits, a 1 never (HO.6.3*)\n"
	    "  a hit is 1/10 of a unit's first strength; 2 hits in a turn call for a test (HO.6.4*)\n"
	    "  a charger tests at once: failing by 3 or more, or while Disordered, it routs (HO.9.2); else it halts Disordered, falls back 3 in and fights no melee (HO.6.4*)\n"
	    "\n"
	    "Melee (HO.7*)\n"
	    "  1d6 + Drill: charged +1, horse +1 from the front or +2 on a flank or Disordered foot, flank or rear +2, defended +1, Disordered -1, open order -1, rifles and guns -2 (HO.7*)\n"
	    "  the lower takes the difference in hits; losing by 3 or more, or while Disordered, routs; else it falls back 3 in (HO.7*)\n"
	    "  a tie: 1 hit each; the two stay locked, neither marches, and they fight again next turn (HO.7*)\n"
	    "\n"
	    "Morale, routs and prisoners (HO.9*)\n"
	    "  passes on 2d6 <= Drill + 4, -1 per 2 hits in all, Disordered -1, general within 6 in +1 (HO.9.1*)\n"
	    "  failing by 3 or more, or while Disordered, routs; else Disordered (HO.9.2*)\n"
	    "  a Restore order re-forms unless an enemy is within 3 in (HO.9.3*)\n"
	    "  a unit of 10 hits is dispersed (HO.9.4*)\n"
	    "\n"
	    "The end (HO.10*)\n"
	    "  an objective is held by a side with a formed unit within 2 in and no formed enemy as close; a side's break ends the battle (HO.10*)\n";

	(void)state;
	described[0] = '\0';
	rs->ops->describe(rs, describe_line, NULL);
	if (strcmp(described, want) != 0)
		fprintf(stderr, "%s", described);
	assert_string_equal(described, want);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_002_H1_line_close_order_foot_moves_6_inches),
		cmocka_unit_test(test_002_H1_forecast_of_a_two_turn_march),
		cmocka_unit_test(test_002_H2_guns_limbered_and_deployed),
		cmocka_unit_test(test_002_H3_terrain_share_of_speed),
		cmocka_unit_test(test_002_H3_diagonal_two_thirds_rounds_up),
		cmocka_unit_test(test_002_H3_terrain_share_marching_east),
		cmocka_unit_test(test_002_HO4_march_keeps_an_inch_from_the_enemy),
		cmocka_unit_test(test_002_HO4_wheel_keeps_an_inch_from_the_enemy),
		cmocka_unit_test(test_002_H4_obstacle_share_of_the_move),
		cmocka_unit_test(test_002_H5_formation_change_within_a_line_move),
		cmocka_unit_test(test_002_H5_formation_change_in_difficult_ground),
		cmocka_unit_test(test_002_H5_one_cell_of_difficult_ground_caps),
		cmocka_unit_test(test_002_H5_ground_under_the_block_as_it_stands),
		cmocka_unit_test(test_002_H5_change_of_exactly_the_line_move),
		cmocka_unit_test(test_002_H5_H6_no_room_to_form),
		cmocka_unit_test(test_002_H5_formation_the_ruleset_lacks_changes_nothing),
		cmocka_unit_test(test_002_H6_limbering_takes_the_whole_move),
		cmocka_unit_test(test_002_H7_retire_keeping_facing),
		cmocka_unit_test(test_002_H7_retire_goes_round_keeping_facing),
		cmocka_unit_test(
		    test_002_H8_H9_way_round_at_the_map_edge_is_the_cheapest),
		cmocka_unit_test(
		    test_002_H12_places_out_of_reach_are_known_without_a_search),
		cmocka_unit_test(test_002_H7_preview_of_a_retire_is_its_march),
		cmocka_unit_test(test_002_H7_nothing_left_to_retire),
		cmocka_unit_test(test_002_H7_a_later_order_ends_the_retire),
		cmocka_unit_test(test_002_H7_a_charge_made_ends_the_retire),
		cmocka_unit_test(test_002_H7_retire_in_column_stays_a_column),
		cmocka_unit_test(test_002_H7_the_retire_is_a_standing_move_order),
		cmocka_unit_test(test_002_HO4_a_unit_without_orders_has_moved_nothing),
		cmocka_unit_test(test_002_H8_turn_over_45_takes_whole_move),
		cmocka_unit_test(test_002_H8_H9_turns_to_the_left),
		cmocka_unit_test(test_002_H9_stage_rounded_up_on_a_wider_circle),
		cmocka_unit_test(test_002_H10_movers),
		cmocka_unit_test(test_002_H9_wheel_on_a_3_inch_circle),
		cmocka_unit_test(test_002_H9_a_later_turn_wheels),
		cmocka_unit_test(test_002_H9_a_wheel_with_exactly_what_is_left),
		cmocka_unit_test(test_002_H8_H9_every_point_on_open_ground_is_reached),
		cmocka_unit_test(test_002_H8_turns_in_place_where_no_wheels_reach_the_point),
		cmocka_unit_test(test_002_H10_grasshopper_in_terrain),
		cmocka_unit_test(test_002_H10_guns_stop_at_buildings_foot_goes_in),
		cmocka_unit_test(test_002_H4_buildings_the_first_ground),
		cmocka_unit_test(test_002_H11_routed_wagon_immobile),
		cmocka_unit_test(test_002_H12_pass_through_friends),
		cmocka_unit_test(test_002_H14_road_bonus_for_columns),
		cmocka_unit_test(test_002_H14_road_bonus_past_a_waypoint),
		cmocka_unit_test(test_002_H14_road_bonus_on_a_diagonal_road),
		cmocka_unit_test(test_002_H3_along_a_road),
		cmocka_unit_test(test_H14_the_road_it_leaves_is_its_own_sides_to_read),
		cmocka_unit_test(
		    test_002_H3_road_step_marked_refused_halts),
		cmocka_unit_test(test_002_H4_the_dearer_obstacle_counts),
		cmocka_unit_test(test_002_H4_every_edge_about_the_front),
		cmocka_unit_test(
		    test_002_HO3_2_a_charge_blocked_at_once_leaves_the_charger_as_it_stood),
		cmocka_unit_test(test_002_describe_reads_the_tables),
		cmocka_unit_test(test_002_describe_buildings_at_any_index),
		cmocka_unit_test(test_h3_note_writes_half_and_whole_shares),
		cmocka_unit_test(test_002_describe_whole),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
