/*
 * test-ai.c - the computer commander plays as a person would, sees only
 * what its side may see, finishes every bundled battle and repeats
 * itself given the same seed.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "ai/doctrine.h"
#include "ai/think.h"
#include "core/command.h"
#include "core/game.h"
#include "core/geom.h"
#include "core/map.h"
#include "core/move.h"
#include "io/load.h"
#include "rules/horse-and-musket/move.h"
#include "rules/horse-and-musket/turn.h"
#include "core/ruleset.h"
#include "util/diag.h"
#include "util/xalloc.h"

#define MAX_SCEN	64

static const char *
datadir(void)
{
	const char *d = getenv("MARSHAL_DATA");

	return d != NULL ? d : "data";
}

static struct game *
load(const char *path, struct ruleset **rs)
{
	struct diags d;
	struct game *g;

	diags_init(&d);
	g = load_scenario(path, datadir(), rs, &d);
	if (g == NULL)
		diags_print(&d, stderr);
	diags_free(&d);
	assert_non_null(g);
	return g;
}

/* Load bundled scenario name (without .yaml). */
static struct game *
load_named(const char *name, struct ruleset **rs)
{
	char *path = xasprintf("%s/scenarios/%s.yaml", datadir(), name);
	struct game *g = load(path, rs);

	free(path);
	return g;
}

static struct game *
load_default(struct ruleset **rs)
{
	return load_named("default", rs);
}

/* Play turns until g's turn is turn, the computer giving side 0's orders
 * at level lv0 and side 1's at lv1 before each (-1: that side gives
 * none); fails the test if an order is refused. */
static void
play_until(struct game *g, int turn, int lv0, int lv1)
{
	const int lv[2] = { lv0, lv1 };
	int k;

	while (g->turn < turn) {
		for (k = 0; k < 2; k++)
			if (lv[k] >= 0)
				assert_int_equal(ai_orders(g, k,
				    (enum ai_level)lv[k], NULL), 0);
		game_turn(g);
	}
}

/*
 * The Côa as it was deployed before issue 12's re-spacing: the French
 * columns touching each other, 3 wide and 4 deep, the battery in front of
 * the Légion du Midi and two columns pressed against the vineyard wall.
 * The scenario now gives the columns intervals and the brigadiers a place
 * near their men; the tests of the AI's
 * answers to a boxed unit keep this crowded start to have one.  The
 * corps' reserve battery, added to the scenario since, stands apart in
 * the north-east corner, clear of the crowd.
 */
static void
coa_crowded(struct game *g)
{
	static const struct {
		const char	*id;
		int		 x, y;
	} at[] = {
		{ "1-32Lt", 39, 4 }, { "FA-Loison", 41, 11 },
		{ "1-66L", 40, 14 }, { "2-66L", 40, 18 },
		{ "1-82L", 41, 23 }, { "1-26L", 41, 26 },
		{ "LegMidi", 43, 8 }, { "LegHan", 44, 20 },
		{ "3-Hus", 43, 2 }, { "15-Ch", 43, 30 },
		{ "FA-VI", 46, 5 },
	};
	const int n = (int)(sizeof at / sizeof at[0]);
	int i, u[sizeof at / sizeof at[0]];

	for (i = 0; i < n; i++) {
		u[i] = game_find_unit(g, at[i].id);
		assert_true(u[i] >= 0);
		game_occupy(g, u[i], false);
	}
	for (i = 0; i < n; i++) {
		g->units[u[i]].pos = (struct point){ at[i].x, at[i].y };
		g->units[u[i]].facing = DIR_W;
		game_occupy(g, u[i], true);
	}
	/* Simon and Lamotte stood apart from their men, south and north. */
	i = game_find_general(g, "simon");
	assert_true(i >= 0);
	g->generals[i].pos = (struct point){ 45, 26 };
	i = game_find_general(g, "lamotte");
	assert_true(i >= 0);
	g->generals[i].pos = (struct point){ 46, 3 };
}

/* The bundled scenarios, sorted; returns how many. */
static int
scenarios(char **out)
{
	char *dir = xasprintf("%s/scenarios", datadir());
	struct dirent *de;
	DIR *d;
	int n = 0, i, j;

	d = opendir(dir);
	assert_non_null(d);
	while ((de = readdir(d)) != NULL && n < MAX_SCEN) {
		size_t l = strlen(de->d_name);

		if (l > 5 && strcmp(de->d_name + l - 5, ".yaml") == 0)
			out[n++] = xasprintf("%s/%s", dir, de->d_name);
	}
	closedir(d);
	free(dir);
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && strcmp(out[j - 1], out[j]) > 0; j--) {
			char *x = out[j];

			out[j] = out[j - 1];
			out[j - 1] = x;
		}
	return n;
}

/* Order o is for a unit of the side, in its own general's name. */
static void
unit_of_side(const struct game *g, const struct order *o, int side)
{
	assert_true(o->unit >= 0 && o->unit < g->nunits);
	assert_int_equal(g->units[o->unit].side, side);
	assert_int_equal(o->general, g->units[o->unit].general);
}

/*
 * Every order the AI plans is one a player could give: a kind a player
 * has, in the name of the unit's own general, and the game accepts it.
 * Checked over seeds, levels, both sides and whole battles.
 */
static void
test_ai_orders_are_a_players(void **state)
{
	struct ruleset *rs;
	struct game *g;
	struct ai_view v;
	struct ai_plan p;
	char *cause;
	int seed, lvl, side, i, given = 0;

	(void)state;
	for (seed = 1; seed <= 3; seed++)
		for (lvl = 0; lvl < AI_LEVEL_COUNT; lvl++) {
			g = load_default(&rs);
			game_seed(g, (uint64_t)seed);
			while (g->turn <= g->opt.turn_limit && !game_over(g)) {
				for (side = 0; side < g->nsides; side++) {
					ai_view_fill(g, side, &v);
					ai_think(&v, (enum ai_level)lvl, &p);
					for (i = 0; i < p.n; i++) {
						const struct order *o = &p.v[i];

						assert_true(o->kind == ORDER_MOVE ||
						    o->kind == ORDER_STOP ||
						    o->kind == ORDER_FORMATION ||
						    o->kind == ORDER_RESTORE);
						/* A general's own ride
						 * (hard): one of his side. */
						if (o->unit == -1)
							assert_int_equal(
							    g->generals[o->
							    general].side,
							    side);
						else
							unit_of_side(g, o,
							    side);
						if (game_order(g, o, &cause) != 0)
							fail_msg("refused: %s", cause);
						given++;
					}
					ai_plan_free(&p);
					ai_view_free(&v);
				}
				game_turn(g);
			}
			game_free(g);
			ruleset_free(rs);
		}
	/* It did give orders: the loop above was not vacuous. */
	assert_true(given > 100);
}

/*
 * On the Côa, where walled vineyards stand across the French approach,
 * the normal commander marks ways round them (Move orders with
 * waypoints, every point on the map, all accepted) and never orders a
 * formation change for which the new block has no room (3.6.5).
 */
static void
test_ai_goes_round_walls_and_forms_where_there_is_room(void **state)
{
	struct ruleset *rs;
	struct game *g;
	struct ai_view v;
	struct ai_plan p;
	char *cause;
	int seed, side, i, k, ways = 0, forms = 0;

	(void)state;
	for (seed = 1; seed <= 4; seed++) {
		g = load_named("coa-1810", &rs);
		game_seed(g, (uint64_t)seed);
		while (g->turn <= g->opt.turn_limit && !game_over(g)) {
			for (side = 0; side < g->nsides; side++) {
				ai_view_fill(g, side, &v);
				ai_think(&v, AI_NORMAL, &p);
				for (i = 0; i < p.n; i++) {
					const struct order *o = &p.v[i];
					const struct unit *u = &g->units[o->unit];

					if (o->kind == ORDER_MOVE) {
						for (k = 0; k < o->npts; k++)
							assert_true(map_inside(g->map,
							    o->pts[k].x, o->pts[k].y));
						if (o->npts > 1)
							ways++;
					}
					if (o->kind == ORDER_FORMATION) {
						assert_int_equal(game_fits(g,
						    o->unit, u->pos, u->facing,
						    o->formation, -1, NULL), 0);
						forms++;
					}
					if (game_order(g, o, &cause) != 0)
						fail_msg("refused: %s", cause);
				}
				ai_plan_free(&p);
				ai_view_free(&v);
			}
			game_turn(g);
		}
		game_free(g);
		ruleset_free(rs);
	}
	assert_true(ways > 0);
	assert_true(forms > 0);
}

/*
 * The side view holds no enemy orders: changing every enemy order, the
 * enemy's aides in transit and the game's random stream changes neither
 * the view nor the plan made from it.
 */
static void
test_ai_view_has_no_enemy_orders(void **state)
{
	struct ruleset *rs;
	struct game *g;
	struct ai_view a, b;
	struct ai_plan pa, pb;
	struct order o;
	int i, k, side = 0;

	(void)state;
	g = load_default(&rs);
	game_turn(g);
	ai_view_fill(g, side, &a);
	ai_think(&a, AI_HARD, &pa);

	/* Tamper with everything of the enemy's a spy would want. */
	for (i = 0; i < g->nunits; i++) {
		if (g->units[i].side == side)
			continue;
		memset(&o, 0, sizeof o);
		o.kind = ORDER_MOVE;
		o.unit = i;
		o.general = g->units[i].general;
		o.npts = 1;
		o.pts[0].x = g->map->w - 1;
		o.pts[0].y = g->map->h - 1;
		o.issued = o.arrives = g->turn;
		g->units[i].order = o;
		o.arrives = g->turn + 3;
		command_queue(g, &o);
	}
	g->rng.state ^= 0x5555aaaa5555aaaaULL;

	ai_view_fill(g, side, &b);
	ai_think(&b, AI_HARD, &pb);
	assert_int_equal(a.nown, b.nown);
	assert_int_equal(a.nenemy, b.nenemy);
	assert_true(a.nenemy > 0);
	assert_memory_equal(a.own, b.own, sizeof *a.own * (size_t)a.nown);
	assert_memory_equal(a.enemy, b.enemy,
	    sizeof *a.enemy * (size_t)a.nenemy);
	assert_int_equal(pa.n, pb.n);
	for (k = 0; k < pa.n; k++)
		assert_memory_equal(&pa.v[k], &pb.v[k], sizeof pa.v[k]);
	ai_plan_free(&pa);
	ai_plan_free(&pb);
	ai_view_free(&a);
	ai_view_free(&b);
	game_free(g);
	ruleset_free(rs);
}

/* Thinking never draws from the game's random stream. */
static void
test_ai_leaves_the_game_dice_alone(void **state)
{
	struct ruleset *rs;
	struct game *g;
	struct rng before;
	int t, s;

	(void)state;
	g = load_default(&rs);
	game_seed(g, 99);
	for (t = 0; t < 4; t++) {
		before = g->rng;
		for (s = 0; s < g->nsides; s++)
			assert_int_equal(ai_orders(g, s, AI_HARD, NULL), 0);
		assert_memory_equal(&before, &g->rng, sizeof before);
		game_turn(g);
	}
	game_free(g);
	ruleset_free(rs);
}

/*
 * AI against AI finishes every bundled battle with two sides, over 20
 * seeds, the levels mixed, without a refused order.  Battles run to
 * their own turn limit (12 turns when they have none).
 */
static void
test_ai_games_complete_on_every_scenario(void **state)
{
	char *scen[MAX_SCEN];
	struct ruleset *rs;
	struct game *g;
	int n, i, seed, s, limit, played = 0;
	enum ai_level lv[GAME_MAX_SIDES];

	(void)state;
	n = scenarios(scen);
	assert_true(n > 0);
	for (i = 0; i < n; i++) {
		for (seed = 1; seed <= 20; seed++) {
			g = load(scen[i], &rs);
			if (g->nsides != 2) {
				game_free(g);
				ruleset_free(rs);
				break;
			}
			game_seed(g, (uint64_t)seed);
			lv[0] = (enum ai_level)(AI_EASY + seed % 3);
			lv[1] = (enum ai_level)(AI_EASY + (seed / 3) % 3);
			limit = g->opt.turn_limit > 0 ? g->opt.turn_limit :
			    12;
			while (g->turn <= limit && !game_over(g)) {
				for (s = 0; s < g->nsides; s++)
					assert_int_equal(ai_orders(g, s, lv[s],
					    NULL), 0);
				game_turn(g);
			}
			/* Over at the turn limit (3.10.2), or earlier when a
			 * side breaks (3.10.1).  The horse-and-musket turn
			 * does not end a battle yet (HO.10 is to come): its
			 * battles are only played to the limit. */
			if (strcmp(rs->name, "napoleonic") == 0) {
				assert_true(game_over(g));
				if (strcmp(g->result.rule, "3.10.1") == 0)
					assert_true(g->result.turn <= limit);
				else
					assert_int_equal(g->result.turn,
					    limit);
			}
			played++;
			game_free(g);
			ruleset_free(rs);
		}
		free(scen[i]);
	}
	assert_true(played >= 20);
}

/*
 * Play the default battle to its end, normal against passive, the normal
 * commander on side ns; returns the winner (-1 a draw) by the game's own
 * rules (doc/turn.md 3.10): a side that breaks (3.10.1) loses there and
 * then, both in the same turn is a draw, else the objectives at the turn
 * limit decide (3.10.2).  On turn 1, *given is what ai_orders() reports
 * it gave, *ordered how many of its units those orders named and *moved
 * how many of its units stand elsewhere after the turn.
 */
static int
normal_against_passive(uint64_t seed, int ns, int *given, int *ordered,
    int *moved)
{
	struct ruleset *rs;
	struct game *g;
	struct point *start;
	int i, s, n0, winner = -1;
	bool *named;

	g = load_default(&rs);
	game_seed(g, seed);
	start = xcalloc((size_t)g->nunits, sizeof *start);
	named = xcalloc((size_t)g->nunits, sizeof *named);
	for (i = 0; i < g->nunits; i++)
		start[i] = g->units[i].pos;
	*given = *ordered = *moved = 0;
	while (g->turn <= g->opt.turn_limit && !game_over(g)) {
		for (s = 0; s < g->nsides; s++) {
			n0 = g->log.n;
			assert_int_equal(ai_orders(g, s, s == ns ? AI_NORMAL :
			    AI_PASSIVE, s == ns && g->turn == 1 ? given :
			    NULL), 0);
			/* The orders it gave are in the log (3.1.1). */
			for (i = n0; s == ns && g->turn == 1 && i < g->log.n;
			    i++)
				if (g->log.v[i].kind == EV_ORDER &&
				    g->log.v[i].unit >= 0)
					named[g->log.v[i].unit] = true;
		}
		game_turn(g);
		if (g->turn == 2)
			for (i = 0; i < g->nunits; i++) {
				if (g->units[i].side != ns)
					continue;
				*ordered += named[i];
				*moved += g->units[i].pos.x != start[i].x ||
				    g->units[i].pos.y != start[i].y;
			}
		if (g->sides[0].broken || g->sides[1].broken) {
			winner = g->sides[0].broken && g->sides[1].broken ?
			    -1 : g->sides[0].broken ? 1 : 0;
			break;
		}
	}
	if (!g->sides[0].broken && !g->sides[1].broken) {
		assert_true(game_over(g));
		winner = g->result.winner;
	}
	free(named);
	free(start);
	game_free(g);
	ruleset_free(rs);
	return winner;
}

/*
 * What the normal commander does, pinned: on the default battle over
 * seeds 1..20, on odd seeds as the French and on even ones as the Allies
 * (11 units each), against a passive side that only holds its ground.
 * On turn 1 the French give 10 orders, to 10 units, and 8 of their units
 * stand elsewhere after the turn; the Allies, who hold the bridge, give 4
 * to 4 and 2 move, their garrisons staying where no enemy outnumbers
 * them (turn 1's orders do not depend on the seed; 3 moved until the
 * battalions of a standing brigade kept their places instead of every
 * other one stepping back).  Of the 20 battles the normal commander
 * wins 20 (once 19, and all 20 before that: as the French on seed 11 it ended
 * with Rothenbach bridge held by nobody and loses 0 points to 2).  (19 before a block facing a
 * diagonal was counted in fewer cells, issue 12 decision 4; then 12,
 * with a side's break ending the battle (3.10.1): a French Line beside
 * the bridge stood 2 BD off the enemy, out of contact, marched on along
 * his front into the guns while its general's Stop rode a turn with an
 * aide, and broke.  20 again since the AI sends a battalion no further
 * than the edge of contact; 19 when units waited for friends under
 * orders in their way, 3.6.7; 20 again since a way round a standing
 * friend is decided before the turn towards it is paid; 19 since a
 * charge barred at its first step is not made but marches (3.4.2): as
 * the French on seed 3 II/27e Ligne, no longer held behind I/59e on
 * turn 7, stands at the bridge under Stop from turn 8 with a Prussian
 * foot battery 9 BD off, loses 32 to 80 men a turn and breaks the
 * side: a commander weakness, noted.  Since the day is 10 turns and the
 * French battalions a tenth stronger (decision 9), seed 3 as the French
 * is a draw, 2 points to 2: the French hold Rothenbach, not the bridge,
 * at the end of turn 10; seed 11 is won again.  All 20, no draw, since a
 * garrison under the enemy's guns steps out of their reach where it
 * still holds its place and guns go forward rather than wait for an
 * enemy standing beyond a defile.)  The seeds
 * are fixed, so every figure is exact: a deliberate change to the AI that
 * moves one must say so and update it here; a commander that gives no
 * orders, or gives them and then plays no better than standing still,
 * cannot pass.
 */
#define AI_SEEDS	20
static void
test_ai_normal_orders_moves_and_beats_passive(void **state)
{
	/* Per side: orders given on turn 1, units they named, units moved. */
	static const int want[2][3] = { { 10, 10, 8 }, { 4, 4, 2 } };
	int seed, ns, given, ordered, moved, w, wins = 0, draws = 0;

	(void)state;
	for (seed = 1; seed <= AI_SEEDS; seed++) {
		ns = seed % 2 == 1 ? 0 : 1;
		w = normal_against_passive((uint64_t)seed, ns, &given,
		    &ordered, &moved);
		if (given != want[ns][0] || ordered != want[ns][1] ||
		    moved != want[ns][2])
			print_error("seed %d, normal as side %d: %d orders, "
			    "%d units named, %d moved\n", seed, ns, given,
			    ordered, moved);
		assert_int_equal(given, want[ns][0]);
		assert_int_equal(ordered, want[ns][1]);
		assert_int_equal(moved, want[ns][2]);
		wins += w == ns;
		draws += w == -1;
	}
	print_message("normal against passive: %d wins, %d draws\n", wins,
	    draws);
	assert_int_equal(wins, 20);
	assert_int_equal(draws, 0);
}

/* Record every order given in a whole AI-against-AI battle. */
static int
battle_orders(uint64_t seed, struct order **out)
{
	struct ruleset *rs;
	struct game *g;
	struct ai_view v;
	struct ai_plan p;
	char *cause;
	int n = 0, cap = 0, s, i;

	*out = NULL;
	g = load_default(&rs);
	game_seed(g, seed);
	while (g->turn <= g->opt.turn_limit && !game_over(g)) {
		for (s = 0; s < g->nsides; s++) {
			ai_view_fill(g, s, &v);
			ai_think(&v, s == 0 ? AI_NORMAL : AI_HARD, &p);
			for (i = 0; i < p.n; i++) {
				if (n == cap) {
					cap = cap ? cap * 2 : 256;
					*out = xreallocarray(*out, (size_t)cap,
					    sizeof **out);
				}
				(*out)[n] = p.v[i];
				(*out)[n].issued = g->turn;
				n++;
				assert_int_equal(game_order(g, &p.v[i],
				    &cause), 0);
			}
			ai_plan_free(&p);
			ai_view_free(&v);
		}
		game_turn(g);
	}
	game_free(g);
	ruleset_free(rs);
	return n;
}

/* The same seed gives the same orders, turn by turn. */
static void
test_ai_is_deterministic(void **state)
{
	struct order *a, *b, *c;
	int na, nb, nc;

	(void)state;
	na = battle_orders(7, &a);
	nb = battle_orders(7, &b);
	assert_true(na > 0);
	assert_int_equal(na, nb);
	assert_memory_equal(a, b, sizeof *a * (size_t)na);
	/* And the battle does depend on the seed (the test can fail). */
	nc = battle_orders(8, &c);
	assert_true(nc != na || memcmp(a, c, sizeof *a * (size_t)na) != 0);
	free(a);
	free(b);
	free(c);
}

/* Level names parse back; unknown ones are refused. */
static void
test_ai_level_names(void **state)
{
	int l;

	(void)state;
	for (l = 0; l < AI_LEVEL_COUNT; l++)
		assert_int_equal(ai_level_parse(ai_level_name(
		    (enum ai_level)l)), l);
	assert_int_equal(ai_level_parse("grandmaster"), -1);
}

/*
 * Hard takes its guns in close: on the Côa, attacking with the French
 * against a normal Light Division, its batteries fire canister (3.7.3)
 * in some battles, every order it gives being one a player could give.
 */
static void
test_ai_hard_guns_fire_canister(void **state)
{
	struct ruleset *rs;
	struct game *g;
	struct ai_view v;
	struct ai_plan p;
	char *cause;
	int seed, side, i, canister = 0;

	(void)state;
	for (seed = 1; seed <= 8; seed++) {
		g = load_named("coa-1810", &rs);
		game_seed(g, (uint64_t)seed);
		while (g->turn <= g->opt.turn_limit && !g->sides[0].broken &&
		    !g->sides[1].broken) {
			for (side = 0; side < g->nsides; side++) {
				ai_view_fill(g, side, &v);
				ai_think(&v, side == 1 ? AI_HARD : AI_NORMAL,
				    &p);
				for (i = 0; i < p.n; i++) {
					const struct order *o = &p.v[i];

					if (o->unit == -1)
						assert_int_equal(g->generals[
						    o->general].side, side);
					else
						unit_of_side(g, o, side);
					if (game_order(g, o, &cause) != 0)
						fail_msg("refused: %s", cause);
				}
				ai_plan_free(&p);
				ai_view_free(&v);
			}
			game_turn(g);
		}
		for (i = 0; i < g->log.n; i++) {
			const struct event *e = &g->log.v[i];

			if (e->unit >= 0 && g->units[e->unit].side == 1 &&
			    g->units[e->unit].arm == ARM_ARTILLERY &&
			    strcmp(e->rule, "3.7.3") == 0 &&
			    strstr(e->text, "canister") != NULL)
				canister++;
		}
		game_free(g);
		ruleset_free(rs);
	}
	assert_true(canister > 0);
}

/*
 * Guns that box a friend in make room for him.  On the crowded Côa
 * (coa_crowded) the Légion du Midi's column stands behind Loison's foot
 * battery: marched west to [22, 11], in the Côa, it has not the speed to
 * pass right through the guns (3.6.7), no way round them leads there, and
 * it makes no ground.  (It was marched to the battery's own place; a
 * place a standing friend holds is now given up for the nearest free one,
 * 3.6.7, and the Légion takes one a cell west of where it stands.)  Seeing that, the normal AI limbers the battery (a
 * Formation order, as a player would give), and within a few turns the
 * column is on its way.  (Until a walk went round a friend standing in
 * its way, the march was west to [33, 12]; the Légion now goes round the
 * guns by itself to get there, by [42, 7], [40, 7] and [35, 12], and is
 * boxed in only where no way round leads.)
 */
static void
test_ai_guns_make_room_for_a_boxed_friend(void **state)
{
	struct ruleset *rs;
	struct game *g;
	struct ai_view v;
	struct ai_plan p;
	struct order o;
	struct point start;
	char *cause;
	int legion, guns, limbered, i, turn;
	bool limber = false;

	(void)state;
	g = load_named("coa-1810", &rs);
	coa_crowded(g);
	/* The passive Allies would break on turn 4 (3.10.1) and end the
	 * battle before the turns this test plays: no break point here. */
	g->break_point = 0;
	game_seed(g, 1);
	legion = game_find_unit(g, "LegMidi");
	guns = game_find_unit(g, "FA-Loison");
	limbered = ruleset_form(rs, "limbered");
	assert_true(legion >= 0 && guns >= 0 && limbered >= 0);
	start = g->units[legion].pos;

	/* Marched past the guns from the start (an order held before the
	 * battle), to a point no way reaches. */
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = legion;
	o.general = -1;
	o.pts[o.npts++] = (struct point){ 22, 11 };
	assert_int_equal(game_order(g, &o, &cause), 0);
	game_turn(g);
	assert_int_equal(g->units[legion].pos.x, start.x);
	assert_int_equal(g->units[legion].pos.y, start.y);
	assert_int_equal(g->units[legion].halt, HALT_BLOCKED);

	ai_view_fill(g, 1, &v);
	ai_think(&v, AI_NORMAL, &p);
	for (i = 0; i < p.n; i++)
		if (p.v[i].unit == guns && p.v[i].kind == ORDER_FORMATION &&
		    p.v[i].formation == limbered)
			limber = true;
	ai_plan_free(&p);
	ai_view_free(&v);
	assert_true(limber);

	for (turn = 0; turn < 4; turn++) {
		assert_int_equal(ai_orders(g, 0, AI_PASSIVE, NULL), 0);
		assert_int_equal(ai_orders(g, 1, AI_NORMAL, NULL), 0);
		game_turn(g);
	}
	assert_true(g->units[legion].pos.x != start.x ||
	    g->units[legion].pos.y != start.y);
	game_free(g);
	ruleset_free(rs);
}

/*
 * A garrison that nobody threatens keeps its place.  On the default
 * battle the Allies start holding Galgenberg with III./5. Landwehr and
 * lead on the places, so Galgenberg is not needed for the lead; but no
 * French battalion is near it, and a slow Landwehr Line sent to the rear
 * by an aide (2 turns away) cannot come back when the lead is lost
 * elsewhere.  The normal and hard plans of turn 1 hold it where it is.
 */
static void
test_ai_unthreatened_garrison_stays(void **state)
{
	struct ruleset *rs;
	struct game *g;
	struct ai_view v;
	struct ai_plan p;
	int lw, i, lvl;

	(void)state;
	for (lvl = AI_NORMAL; lvl <= AI_HARD; lvl++) {
		g = load_default(&rs);
		game_seed(g, 1);
		lw = game_find_unit(g, "3-5LW");
		assert_true(lw >= 0);
		ai_view_fill(g, g->units[lw].side, &v);
		ai_think(&v, (enum ai_level)lvl, &p);
		for (i = 0; i < p.n; i++)
			if (p.v[i].unit == lw)
				assert_int_not_equal(p.v[i].kind, ORDER_MOVE);
		ai_plan_free(&p);
		ai_view_free(&v);
		game_free(g);
		ruleset_free(rs);
	}
}

/*
 * A Line that turned in place keeps its formation.  Since a unit with its
 * whole allowance always makes one 45 degree turn (issue 12, decision 1),
 * a slow Line sent off at an angle may spend its turn turning: it moved
 * 0 BD and halted for its speed, but it faces the new way.  The normal
 * AI lets it march on in Line rather than order Manoeuvre Column, which
 * would hold it a turn more; a block with no room to turn among friends
 * is still sent into Manoeuvre Column.  On the default battle every
 * French Line is marched 10 cells west and seen by its commander as
 * having made no ground last turn, for speed and then for want of room.
 */
static void
test_ai_line_that_turned_stays_line(void **state)
{
	struct ruleset *rs;
	struct game *g;
	struct ai_view v;
	struct ai_plan p;
	struct order o;
	char *cause;
	int i, k, mc, line, lvl, h, to_mc[2];
	static const enum halt halts[] = { HALT_SPEED, HALT_BLOCKED };

	(void)state;
	for (lvl = AI_NORMAL; lvl <= AI_HARD; lvl++) {
		for (h = 0; h < 2; h++) {
			g = load_default(&rs);
			game_seed(g, 1);
			mc = ruleset_form(rs, "manoeuvre_column");
			line = ruleset_form(rs, "line");
			assert_true(mc >= 0 && line >= 0);
			for (i = 0; i < g->nunits; i++) {
				if (g->units[i].side != 0 ||
				    g->units[i].formation != line)
					continue;
				memset(&o, 0, sizeof o);
				o.kind = ORDER_MOVE;
				o.unit = i;
				o.general = g->units[i].general;
				o.pts[o.npts++] = (struct point){
				    g->units[i].pos.x - 10,
				    g->units[i].pos.y };
				assert_int_equal(game_order(g, &o, &cause),
				    0);
			}
			ai_view_fill(g, 0, &v);
			for (k = 0; k < v.nown; k++)
				if (v.own[k].formation == line) {
					/* Last turn as the view reports it. */
					v.own[k].moved = 0;
					v.own[k].halt = halts[h];
					v.own[k].halt_turn = v.turn - 1;
				}
			ai_think(&v, (enum ai_level)lvl, &p);
			to_mc[h] = 0;
			for (i = 0; i < p.n; i++)
				if (p.v[i].kind == ORDER_FORMATION &&
				    p.v[i].formation == mc &&
				    g->units[p.v[i].unit].formation == line)
					to_mc[h]++;
			ai_plan_free(&p);
			ai_view_free(&v);
			game_free(g);
			ruleset_free(rs);
		}
		assert_int_equal(to_mc[0], 0);
		assert_true(to_mc[1] > 0);
	}
}

/*
 * A garrison under the enemy's guns steps out of their reach where it
 * still holds its place (3.10.2: a formed unit within 1 BD holds it),
 * looking up to 5 cells about it for a cell whose straight way there
 * its block fits all along.  At the Côa (seed 1, the normal Allies
 * against naive French, as bench-ai plays them) the 52nd, come over the
 * bridge, stands in Road Column at [20, 16] on turn 3, within the 10 BD
 * of Loison's foot battery at [39, 23].  The normal plan of turn 3 moves
 * it 5 cells to [18, 11], beyond the battery's reach (with a look of 3
 * cells no such cell was found, and it stayed under the guns all
 * afternoon, losing some 25 men a turn, the men that broke the Light
 * Division).  At the end of the battle it stands formed at [19, 15]
 * with all its 800 men, and the Allies win with 5 points.  (762 men
 * until routers turned their backs where they stood, below; 767 men
 * before the French had the corps' reserve battery; all 800 before a
 * unit whose place a standing friend holds took the nearest free place
 * instead, 3.6.7: from turn 3 the French columns sent to [30, 11] stand
 * about it rather than circle it, the battle takes another course, and
 * the battery hits the 52nd on turns 15 and 16, 24 and 33 men.  743
 * before a rout track went round ground the router may not enter,
 * 3.9.2: Allied routers cut off on the east bank flee to the bank
 * nearest their rear instead of running into the river where their
 * straight line met it, and the battle takes another course.  800
 * since routers turn their backs where they stand, 3.9.2: the battle
 * takes another course and the battery never hits the 52nd.)
 */
static void
test_ai_garrison_steps_out_of_the_guns_reach(void **state)
{
	struct ruleset *rs;
	struct game *g;
	struct ai_view v;
	struct ai_plan p;
	struct point to = { -1, -1 };
	int u, fa, i;

	(void)state;
	g = load_named("coa-1810", &rs);
	game_seed(g, 1);
	u = game_find_unit(g, "52LI");
	fa = game_find_unit(g, "FA-Loison");
	assert_true(u >= 0 && fa >= 0);
	play_until(g, 3, AI_NORMAL, AI_NAIVE);
	assert_int_equal(g->units[u].pos.x, 20);
	assert_int_equal(g->units[u].pos.y, 16);
	assert_int_equal(g->units[u].formation,
	    ruleset_form(rs, "road_column"));
	assert_int_equal(g->units[fa].pos.x, 39);
	assert_int_equal(g->units[fa].pos.y, 23);
	ai_view_fill(g, 0, &v);
	ai_think(&v, AI_NORMAL, &p);
	for (i = 0; i < p.n; i++)
		if (p.v[i].unit == u && p.v[i].kind == ORDER_MOVE)
			to = p.v[i].pts[p.v[i].npts - 1];
	ai_plan_free(&p);
	ai_view_free(&v);
	assert_int_equal(to.x, 18);
	assert_int_equal(to.y, 11);
	while (!game_over(g) && !g->sides[0].broken && !g->sides[1].broken) {
		assert_int_equal(ai_orders(g, 0, AI_NORMAL, NULL), 0);
		assert_int_equal(ai_orders(g, 1, AI_NAIVE, NULL), 0);
		game_turn(g);
	}
	assert_int_equal(g->units[u].pos.x, 19);
	assert_int_equal(g->units[u].pos.y, 15);
	assert_int_equal(g->units[u].cond, COND_FORMED);
	assert_int_equal(g->units[u].strength, 800);
	/* The Allies held the bridge and the heights to the end. */
	assert_true(game_over(g));
	assert_int_equal(g->result.winner, 0);
	assert_int_equal(g->result.points[0], 5);
	game_free(g);
	ruleset_free(rs);
}

/*
 * Guns do not wait for an enemy who will not come.  At the Côa (seed 1,
 * normal against normal) Loison's foot battery stands in action at
 * [39, 23] with no Allied unit in its reach: the nearest stands within
 * 4 BD beyond it, but on the far bank of the Côa, which only the bridge
 * crosses (3.6.6), and he stood in the last movement.  Until turn 5 the
 * guns hold their place; on turn 5, the Allies' garrison of the bridge
 * standing out of their reach, the normal French send them forward, by
 * way of [37, 23], to [30, 25] on their own bank, and they limber.
 * (They went to [30, 22] until a battery might not unlimber with a wall
 * running through it, 3.6.5, M18; seed 1, pinned before, now brings the
 * Rifles within their reach by turn 4, and seed 3 shows the case.)
 */
static void
test_ai_guns_go_to_an_enemy_standing_beyond_a_defile(void **state)
{
	struct ruleset *rs;
	struct game *g;
	const struct order *o;
	struct point *cells;
	int fa, s, n;

	(void)state;
	g = load_named("coa-1810", &rs);
	game_seed(g, 3);
	fa = game_find_unit(g, "FA-Loison");
	assert_true(fa >= 0);
	while (g->turn < 5) {
		for (s = 0; s < 2; s++)
			assert_int_equal(ai_orders(g, s, AI_NORMAL, NULL), 0);
		assert_int_equal(g->units[fa].order.kind, ORDER_NONE);
		game_turn(g);
	}
	assert_int_equal(g->units[fa].pos.x, 39);
	assert_int_equal(g->units[fa].pos.y, 23);
	for (s = 0; s < 2; s++)
		assert_int_equal(ai_orders(g, s, AI_NORMAL, NULL), 0);
	o = &g->units[fa].order;
	assert_int_equal(o->kind, ORDER_MOVE);
	assert_true(o->npts >= 2);
	assert_int_equal(o->pts[0].x, 37);
	assert_int_equal(o->pts[0].y, 23);
	assert_int_equal(o->pts[o->npts - 1].x, 30);
	assert_int_equal(o->pts[o->npts - 1].y, 25);
	/* In action there facing W, no wall runs through the battery
	 * (3.6.5, M18); at [30, 22], where it went before, one does. */
	cells = game_cells_take(g);
	n = game_footprint_at(g, &g->units[fa], o->pts[o->npts - 1], DIR_W,
	    ruleset_form(rs, "unlimbered"), cells);
	assert_int_equal(ruleset_obstacle_within(rs, g->map, cells, n, NULL,
	    NULL), 0);
	n = game_footprint_at(g, &g->units[fa], (struct point){ 30, 22 },
	    DIR_W, ruleset_form(rs, "unlimbered"), cells);
	assert_int_equal(ruleset_obstacle_within(rs, g->map, cells, n, NULL,
	    NULL), ruleset_obst(rs, "wall"));
	game_cells_give(g, cells);
	game_turn(g);
	assert_int_equal(g->units[fa].formation, ruleset_form(rs, "limbered"));
	game_free(g);
	ruleset_free(rs);
}

/*
 * A unit frozen two turns running is given another order.  At the
 * Cowpens (seed 1, the normal Americans against naive British, as
 * bench-ai plays them) the South Carolina militia (Roebuck) retires on
 * turn 1 and stops at [54, 18] behind Tate's riflemen, without the speed
 * to pass right through them (H12); on turn 2, retiring on to [54, 6], it
 * makes no ground at all, Washington's dragoons now across its way.  On
 * turn 3 the plan retires it again, to [54, 11], and the Move preview
 * of that retire (the ruleset's refinement of the march) shows the
 * militia standing once more where it is, facing south as it is: it
 * would be frozen a second turn running, and a third, as it was until
 * the controller learnt this.  No first step aside makes ground either,
 * so the controller orders it to Stop where it stands, [54, 18], and the
 * march is planned afresh next turn.
 */
static void
test_ai_frozen_twice_is_given_another_order(void **state)
{
	struct ruleset *rs;
	struct game *g;
	struct ai_view v;
	struct ai_plan p;
	struct order o;
	int u, i, planned = 0;

	(void)state;
	memset(&o, 0, sizeof o);
	g = load_named("cowpens-1781", &rs);
	game_seed(g, 1);
	u = game_find_unit(g, "SCM3");
	assert_true(u >= 0);
	assert_int_equal(g->units[u].side, 0);
	play_until(g, 3, AI_NORMAL, AI_NAIVE);
	/* Frozen last turn: under its Move order, 0 moved, held by a
	 * friend. */
	assert_int_equal(g->units[u].pos.x, 54);
	assert_int_equal(g->units[u].pos.y, 18);
	assert_int_equal(g->units[u].facing, DIR_S);
	assert_int_equal(g->units[u].order.kind, ORDER_MOVE);
	assert_int_equal(g->units[u].moved, 0);
	assert_int_equal(g->units[u].halt, HALT_BLOCKED);
	assert_int_equal(g->units[u].halt_turn, 2);
	/* The plan would march it again. */
	ai_view_fill(g, 0, &v);
	ai_think(&v, AI_NORMAL, &p);
	for (i = 0; i < p.n; i++)
		if (p.v[i].unit == u) {
			o = p.v[i];
			planned++;
		}
	ai_plan_free(&p);
	ai_view_free(&v);
	assert_int_equal(planned, 1);
	assert_int_equal(o.kind, ORDER_MOVE);
	assert_int_equal(o.pts[o.npts - 1].x, 54);
	assert_int_equal(o.pts[o.npts - 1].y, 11);
	/* Given: Stop, in force at once (no aide rides to it), where it
	 * stands. */
	assert_int_equal(ai_orders(g, 0, AI_NORMAL, NULL), 0);
	assert_int_equal(g->units[u].order.kind, ORDER_STOP);
	assert_int_equal(g->units[u].order.issued, 3);
	for (i = 0; i < g->ntransit; i++)
		assert_true(g->transit[i].unit != u);
	assert_int_equal(g->units[u].pos.x, 54);
	assert_int_equal(g->units[u].pos.y, 18);
	game_free(g);
	ruleset_free(rs);
}

/*
 * A column boxed in by friends on three sides faces about and goes the
 * other way (3.6.3: a face-about is made where the men stand and needs
 * no room).  At the Côa, hard Allies against normal French, seed 89: on
 * turn 9 the 15e Chasseurs, a Column at [38, 19] facing north, stood
 * behind the 3e Hussards, whose block reaches one file into its way,
 * with I/82e Ligne at its left side, both standing; it has not the
 * speed to pass right through the Hussards (3.6.7).  Every march the
 * plan gave it from then on - north about the Hussards, or south-west
 * and east to its goal - was walked round I/82e by the north and into
 * the Hussards, and it stood there to the end, 13 turns.  The walk as
 * the movement phase makes it (going round standing friends) shows the
 * march holding it again, and no first step ahead or to a side makes
 * ground; a first step to the rear does: it faces about on turn 10, its
 * front centre at [39, 22], and on turn 11 marches south to [39, 24].
 */
static void
test_ai_boxed_column_faces_about_and_marches_out(void **state)
{
	struct ruleset *rs;
	struct game *g;
	int u, h, f, k;
	enum ai_level ctl[2] = { AI_HARD, AI_NORMAL };

	(void)state;
	g = load_named("coa-1810", &rs);
	game_seed(g, 89);
	u = game_find_unit(g, "15-Ch");
	h = game_find_unit(g, "3-Hus");
	f = game_find_unit(g, "1-82L");
	assert_true(u >= 0 && h >= 0 && f >= 0);
	assert_int_equal(g->units[u].side, 1);
	play_until(g, 10, ctl[0], ctl[1]);
	/* Held last turn under its Move order, the Hussards before it
	 * facing it and I/82e at its side. */
	assert_int_equal(g->units[u].pos.x, 38);
	assert_int_equal(g->units[u].pos.y, 19);
	assert_int_equal(g->units[u].facing, DIR_N);
	assert_int_equal(g->units[u].order.kind, ORDER_MOVE);
	assert_int_equal(g->units[u].moved, 0);
	assert_int_equal(g->units[u].halt, HALT_BLOCKED);
	assert_int_equal(g->units[u].halt_turn, 9);
	assert_int_equal(g->units[h].pos.x, 36);
	assert_int_equal(g->units[h].pos.y, 18);
	assert_int_equal(g->units[h].facing, DIR_S);
	assert_int_equal(g->units[f].pos.x, 35);
	assert_int_equal(g->units[f].pos.y, 19);
	for (k = 0; k < 2; k++)
		assert_int_equal(ai_orders(g, k, ctl[k], NULL), 0);
	game_turn(g);
	/* Faced about where it stands: the middle of its old rear rank. */
	assert_int_equal(g->units[u].pos.x, 39);
	assert_int_equal(g->units[u].pos.y, 22);
	assert_int_equal(g->units[u].facing, DIR_S);
	for (k = 0; k < 2; k++)
		assert_int_equal(ai_orders(g, k, ctl[k], NULL), 0);
	game_turn(g);
	/* And out of the knot. */
	assert_int_equal(g->units[u].pos.x, 39);
	assert_int_equal(g->units[u].pos.y, 24);
	assert_int_equal(g->units[u].facing, DIR_S);
	game_free(g);
	ruleset_free(rs);
}

/*
 * A march that made no ground is tried round one side or the other, but
 * not round a side where the map's edge leaves the block no facing on
 * towards its goal (3.6.3: a block swings about its front).  At the Côa,
 * hard Allies against normal French, seed 3: on turn 13 Loison's battery,
 * Limbered at [37, 27] facing north-west, made no ground last turn
 * against the vineyard wall on its way to [30, 25].  The side the turn
 * picks is south: 6 cells that way is off the map, clamped to [35, 31]
 * on its last row, where the battery facing its goal would stand partly
 * off the map; it drove along that row and stood there, unable to turn
 * north-east, to the end.  It is sent round the north side, [35, 21],
 * where it can face its goal.
 */
static void
test_ai_stuck_guns_not_sent_where_they_cannot_turn(void **state)
{
	struct ruleset *rs;
	struct game *g;
	struct ai_view v;
	struct ai_plan p;
	struct order o;
	struct point c[256];
	int u, i, k, n, planned = 0;
	enum ai_level ctl[2] = { AI_HARD, AI_NORMAL };

	(void)state;
	memset(&o, 0, sizeof o);
	g = load_named("coa-1810", &rs);
	game_seed(g, 3);
	u = game_find_unit(g, "FA-Loison");
	assert_true(u >= 0);
	assert_int_equal(g->units[u].side, 1);
	play_until(g, 13, ctl[0], ctl[1]);
	/* Held by the wall last turn under its Move order. */
	assert_int_equal(g->units[u].pos.x, 37);
	assert_int_equal(g->units[u].pos.y, 27);
	assert_int_equal(g->units[u].facing, DIR_NW);
	assert_int_equal(g->units[u].order.kind, ORDER_MOVE);
	assert_int_equal(g->units[u].moved, 0);
	assert_int_equal(g->units[u].halt_turn, 12);
	ai_view_fill(g, 1, &v);
	ai_think(&v, AI_NORMAL, &p);
	for (i = 0; i < p.n; i++)
		if (p.v[i].unit == u) {
			o = p.v[i];
			planned++;
		}
	assert_int_equal(planned, 1);
	assert_int_equal(o.kind, ORDER_MOVE);
	assert_int_equal(o.npts, 2);
	assert_int_equal(o.pts[1].x, 30);
	assert_int_equal(o.pts[1].y, 25);
	/* Round the north side, not along the map's last row. */
	assert_int_equal(o.pts[0].x, 35);
	assert_int_equal(o.pts[0].y, 21);
	for (i = 0; i < v.nown && v.own[i].unit != u; i++)
		;
	assert_true(i < v.nown);
	n = ai_footprint(&v, v.own[i].arm, v.own[i].formation, o.pts[0],
	    geom_heading(o.pts[0], o.pts[1]), c);
	assert_true(n > 0 && n <= 256);
	for (k = 0; k < n; k++)
		assert_true(map_inside(g->map, c[k].x, c[k].y));
	ai_plan_free(&p);
	ai_view_free(&v);
	game_free(g);
	ruleset_free(rs);
}

/*
 * A new march that would face a unit about where it stands (3.6.3: 180
 * degrees cost 4 BD, more than a Column's move) is not given while the
 * march it is under still takes it towards the new goal without one.  At
 * the Côa, normal against normal, seed 1: on turn 3 the Légion du Midi,
 * a Column at [40, 8] facing north-west, sent to [35, 8] (General Simon's
 * brigade falling on the 95th Rifles, the knoll being held), turned
 * north-east to go round the 3e Hussards by [43, 5] and [43, 10].  On
 * turn 4 the Rifles are out of reach and the brigade joins the main
 * effort on the bridge: the Légion's new march, by [35, 9] to [17, 2],
 * faced it about to the south-west at [39, 11], and it stood that turn
 * and the next paying for it.  [35, 8] is nearer [17, 2] than the Légion
 * stands: it keeps its march and goes on north-east to [42, 6].
 */
static void
test_ai_keeps_a_march_rather_than_face_about(void **state)
{
	struct ruleset *rs;
	struct game *g;
	int u, k;

	(void)state;
	g = load_named("coa-1810", &rs);
	game_seed(g, 1);
	u = game_find_unit(g, "LegMidi");
	assert_true(u >= 0);
	assert_int_equal(g->units[u].side, 1);
	play_until(g, 4, AI_NORMAL, AI_NORMAL);
	assert_int_equal(g->units[u].pos.x, 40);
	assert_int_equal(g->units[u].pos.y, 8);
	assert_int_equal(g->units[u].facing, DIR_NE);
	assert_int_equal(g->units[u].order.kind, ORDER_MOVE);
	assert_int_equal(g->units[u].order.issued, 3);
	for (k = 0; k < 2; k++)
		assert_int_equal(ai_orders(g, k, AI_NORMAL, NULL), 0);
	/* The march of turn 3 stands, its goal [35, 8]. */
	assert_int_equal(g->units[u].order.kind, ORDER_MOVE);
	assert_int_equal(g->units[u].order.issued, 3);
	assert_int_equal(g->units[u].order.pts[g->units[u].order.npts - 1].x,
	    35);
	assert_int_equal(g->units[u].order.pts[g->units[u].order.npts - 1].y,
	    8);
	game_turn(g);
	/* On round the Hussards, not faced about at [39, 11]. */
	assert_int_equal(g->units[u].pos.x, 42);
	assert_int_equal(g->units[u].pos.y, 6);
	assert_int_equal(g->units[u].facing, DIR_NE);
	game_free(g);
	ruleset_free(rs);
}

/*
 * A march that cannot start is not ordered.  On the crowded Côa
 * (coa_crowded) with the Allies giving no orders, by turn 6 the normal
 * French have I/26e Ligne in Column at [37, 25] facing north, I/82e
 * Ligne right ahead of it: the plan marches it to [32, 20], but the Move
 * preview shows that it finds no way round I/82e and has not the speed
 * to pass right through it (3.6.7), and would stand where it is, facing
 * as it is.  (Until the way to a place with room to turn began with a
 * turn the walk can make, 3.6.3, this was turn 3, I/26e at [37, 26]
 * facing west, with no room to turn there: the way it was sent to find
 * room began with a turn whose first stage swung onto a friend; it now
 * turns north-west and marches.  Until a brigade's line was kept on its
 * goal's side of the walls this was turn 10, I/26e at [37, 23] with I/82e
 * Ligne right ahead of it and not the speed to pass right through it,
 * 3.6.7.  Until
 * issue 12 gave a unit with no room to turn a way on, this was I/82e
 * Ligne at turn 9, hemmed in by the vineyard walls with no room to turn;
 * it now finds a place to turn.  Until a walk went round a friend
 * standing in its way, this was turn 7, I/26e at [37, 26].)  Its general
 * is near, so the
 * controller gives it a Stop order instead, and the march is planned
 * again next turn.
 */
static void
test_ai_no_march_that_cannot_start(void **state)
{
	struct ruleset *rs;
	struct game *g;
	struct ai_view v;
	struct ai_plan p;
	struct move_preview pv;
	struct order o;
	int u, i, planned = 0;

	(void)state;
	g = load_named("coa-1810", &rs);
	coa_crowded(g);
	game_seed(g, 1);
	u = game_find_unit(g, "1-26L");
	assert_true(u >= 0);
	play_until(g, 6, -1, AI_NORMAL);
	assert_int_equal(g->units[u].pos.x, 37);
	assert_int_equal(g->units[u].pos.y, 25);
	/* The plan wants it to march; the march would go nowhere. */
	ai_view_fill(g, 1, &v);
	ai_think(&v, AI_NORMAL, &p);
	for (i = 0; i < p.n; i++)
		if (p.v[i].unit == u && p.v[i].kind == ORDER_MOVE) {
			o = p.v[i];
			planned++;
		}
	ai_plan_free(&p);
	ai_view_free(&v);
	assert_int_equal(planned, 1);
	assert_int_equal(move_preview(g, &o, &pv), 0);
	assert_int_equal(pv.pos.x, g->units[u].pos.x);
	assert_int_equal(pv.pos.y, g->units[u].pos.y);
	assert_int_equal(pv.facing, g->units[u].facing);
	assert_int_equal(pv.halt, HALT_BLOCKED);
	move_preview_free(&pv);

	assert_int_equal(ai_orders(g, 1, AI_NORMAL, NULL), 0);
	assert_int_equal(g->units[u].order.kind, ORDER_STOP);
	game_free(g);
	ruleset_free(rs);
}

/*
 * A column boxed in by a friend that marches before it is not stopped
 * (issue 12: units move one after another, in the order of battle).  On
 * the crowded Côa (coa_crowded) the Légion Hanovrienne stands behind
 * II/66e Ligne, which comes before it in the order of battle.  Turn 1's
 * plan marches both west; judged against II/66e where it stands, the
 * Légion's march would go nowhere, not even turn.  The Move preview
 * marches II/66e, under a Move order, first (it waits for it, as the
 * movement phase does: 3.6.7, marshal's reading), so the Légion's
 * preview makes ground west; the controller gives it its Move order, and
 * it makes ground in the turn.
 */
static void
test_ai_column_follows_a_friend_that_marches_first(void **state)
{
	struct ruleset *rs;
	struct game *g;
	struct ai_view v;
	struct ai_plan p;
	struct move_preview pv;
	struct order o;
	struct point start;
	int u, front, i, planned = 0;

	(void)state;
	g = load_named("coa-1810", &rs);
	coa_crowded(g);
	game_seed(g, 1);
	u = game_find_unit(g, "LegHan");
	front = game_find_unit(g, "2-66L");
	assert_true(u >= 0 && front >= 0 && front < u);
	start = g->units[u].pos;

	ai_view_fill(g, 1, &v);
	ai_think(&v, AI_NORMAL, &p);
	for (i = 0; i < p.n; i++)
		if (p.v[i].unit == u && p.v[i].kind == ORDER_MOVE) {
			o = p.v[i];
			planned++;
		}
	ai_plan_free(&p);
	ai_view_free(&v);
	assert_int_equal(planned, 1);
	assert_int_equal(move_preview(g, &o, &pv), 0);
	assert_true(pv.pos.x < start.x);
	assert_true(pv.log.n > 0);
	assert_non_null(strstr(pv.log.v[0].text, "waits for II/66e Ligne"));
	move_preview_free(&pv);

	assert_int_equal(ai_orders(g, 1, AI_NORMAL, NULL), 0);
	assert_int_equal(g->units[u].order.kind, ORDER_MOVE);
	/* The controller put everyone back where he stands. */
	assert_int_equal(g->units[front].pos.x, 40);
	assert_int_equal(g->units[front].pos.y, 18);
	assert_int_equal(game_unit_at(g, 40, 18), front);
	game_turn(g);
	assert_true(g->units[u].pos.x < start.x);
	game_free(g);
	ruleset_free(rs);
}

/*
 * A unit with no speed in its formation is not marched in it (3.6.3: a
 * Line's speed is Drill - 2, so a Landwehr battalion of Drill 2 without a
 * drum has 0 BD in Line).  On the default battle, seeds 1 to 6, with the
 * normal commander on both sides, no formed unit enters a movement phase
 * under a Move order whose preview gives it an allowance of 0: the
 * controller forms such a unit into Manoeuvre Column first.  (Before it
 * did, 13 unit-turns in these battles began so.)
 */
static void
test_ai_no_march_without_speed(void **state)
{
	struct ruleset *rs;
	struct game *g;
	struct move_preview pv;
	int seed, s, i, still = 0, marches = 0;

	(void)state;
	for (seed = 1; seed <= 6; seed++) {
		g = load_default(&rs);
		game_seed(g, (uint64_t)seed);
		while (!game_over(g)) {
			for (s = 0; s < g->nsides; s++)
				assert_int_equal(ai_orders(g, s, AI_NORMAL,
				    NULL), 0);
			for (i = 0; i < g->nunits; i++) {
				/* Unlimbered guns do not march at all. */
				if (g->units[i].cond != COND_FORMED ||
				    (rs->form[g->units[i].formation].flags &
				    FORMF_IMMOBILE) ||
				    g->units[i].order.kind != ORDER_MOVE ||
				    move_preview(g, &g->units[i].order,
				    &pv) != 0)
					continue;
				marches++;
				still += pv.allowance == 0;
				move_preview_free(&pv);
			}
			game_turn(g);
		}
		game_free(g);
		ruleset_free(rs);
	}
	assert_true(marches > 100);
	assert_int_equal(still, 0);
}

/*
 * Normal beats a side that only stands (issue 12, deliver 5: 90% or
 * more).  On the default battle, seeds 1 to 40, normal takes the French
 * on odd seeds and the Allies on even ones against the passive baseline;
 * a side that breaks (3.10.1) loses, else the objectives decide (3.10.2).
 * Normal won at least 38 of the 40 before decision 4 of issue 12 (a
 * block facing a diagonal is narrower in cells); then 28, and 26 once a
 * side's break ended the battle (3.10.1): all 20 Allied games but only
 * 6 to 8 of the 20 French ones, where a Line beside the bridge stood
 * 2 BD off the enemy, out of contact, and marched on into the guns.
 * Since the AI sends a battalion no further than the edge of contact
 * (the first cell within 2 BD of a formed enemy) it won all 40.  Since a
 * unit with no room to turn takes a way on that turns where there is room
 * (issue 12), the games go otherwise from the first turn, and 38: as the
 * French, seeds 21 and 25 end with Rothenbach bridge held by nobody and
 * the Allies' Galgenberg deciding (over seeds 1 to 100, 96 where it was
 * 100).  Since a walk goes round a friend standing in its way (3.6.7,
 * the way round kept in its Move order), 39 (over seeds 1 to 100, 97).
 * Since the battalions of a standing brigade keep their places instead
 * of every other one stepping back, 38: as the French, seeds 11 and 25
 * end 0 points to 2, the bridge held by nobody (over
 * seeds 1 to 100, 96; the bridge's 5 points, for the balance, change
 * neither).  Since a garrison goes to a worthier place nobody holds when
 * it is the nearest, horse with no prey rides for such a place and no
 * charge is given whose first step is barred, 39: seed 25 is won 5
 * points to 2, the bridge taken; seed 11 still ends 0 to 2.  Since a
 * unit waits for a friend under orders in its way to march first, and
 * stops short of one that has (3.6.7, marshal's reading), with the Move
 * preview waiting too, 38 (over seeds 1 to 100, 98).  Since a walk
 * decides its way round a standing friend before it pays the turn
 * towards it, 39 (over seeds 1 to 100, 98).  Since a charge barred at
 * its first step is not made (3.4.2), 38: seed 3 as well (the bridge's
 * garrison under the guns; over seeds 1 to 100, 98).  Since a unit
 * frozen last turn is not given the march that would hold it so again
 * (another order: a first step aside, else Stop), 39 (over seeds 1 to
 * 100, 99).  Since a garrison under the enemy's guns steps out of their
 * reach where it still holds its place and guns go forward rather than
 * wait for an enemy standing beyond a defile, 40 (over seeds 1 to 100,
 * 100).  Since a unit whose place a standing friend holds takes the
 * nearest free place instead (3.6.7), 39: seed 21, the normal French
 * break on turn 11 though 7 points to 2 ahead.  Since the Manoeuvre
 * Column a unit must take at a village's edge is not formed across an
 * obstacle behind it (M18), 40: seed 21 goes otherwise (over seeds 1 to
 * 100, 99).  Since routers turn their backs where they stand (3.9.2),
 * 39: seed 21 again, the normal French break on turn 10, 7 points to 2
 * ahead.  The figure is exact, the seeds being fixed.
 */
static void
test_ai_normal_beats_passive_on_default(void **state)
{
	struct ruleset *rs;
	struct game *g;
	enum ai_level ctl[2];
	int seed, s, me, won = 0, winner;

	(void)state;
	for (seed = 1; seed <= 40; seed++) {
		g = load_default(&rs);
		game_seed(g, (uint64_t)seed);
		me = seed % 2 ? 0 : 1;
		ctl[me] = AI_NORMAL;
		ctl[1 - me] = AI_PASSIVE;
		while (!game_over(g) && !g->sides[0].broken &&
		    !g->sides[1].broken) {
			for (s = 0; s < 2; s++)
				assert_int_equal(ai_orders(g, s, ctl[s], NULL),
				    0);
			game_turn(g);
		}
		if (g->sides[0].broken != g->sides[1].broken)
			winner = g->sides[0].broken ? 1 : 0;
		else
			winner = g->result.over ? g->result.winner : -1;
		won += winner == me;
		game_free(g);
		ruleset_free(rs);
	}
	print_message("normal against passive on default: %d of 40\n", won);
	assert_int_equal(won, 39);
}

/*
 * A battalion is sent to the edge of contact, not past the enemy's front.
 * On the default battle (seed 1, the normal French against Allies that
 * give no orders) II/27e Ligne's place is east of the bridge at
 * [48, 25], a march that files along the front of the Füsiliere in
 * Rothenbach.  A Line facing north-east is narrower in cells than one
 * facing north (issue 12, decision 4): it came to stand 2 BD off them,
 * out of contact (3.6.8), marched on into the Prussian guns while its
 * general's Stop rode a turn with an aide, and broke.  The normal plan of
 * turn 1 sends it to [40, 28], the first cell on its way within 2 BD of
 * the Füsiliere, and on turn 4 it stands there, formed.
 */
static void
test_ai_halts_at_the_edge_of_contact(void **state)
{
	struct ruleset *rs;
	struct game *g;
	struct ai_view v;
	struct ai_plan p;
	struct point at = { -1, -1 };
	int u, i;

	(void)state;
	g = load_default(&rs);
	game_seed(g, 1);
	u = game_find_unit(g, "2-27L");
	assert_true(u >= 0);
	assert_int_equal(g->units[u].side, 0);
	ai_view_fill(g, 0, &v);
	ai_think(&v, AI_NORMAL, &p);
	for (i = 0; i < p.n; i++)
		if (p.v[i].unit == u && p.v[i].kind == ORDER_MOVE)
			at = p.v[i].pts[p.v[i].npts - 1];
	ai_plan_free(&p);
	ai_view_free(&v);
	assert_int_equal(at.x, 40);
	assert_int_equal(at.y, 28);
	play_until(g, 4, AI_NORMAL, AI_PASSIVE);
	assert_int_equal(g->units[u].cond, COND_FORMED);
	assert_int_equal(g->units[u].pos.x, 40);
	assert_int_equal(g->units[u].pos.y, 28);
	game_free(g);
	ruleset_free(rs);
}

/*
 * A place on a bridge is held from the near bank (3.10.2: a formed unit
 * within holding distance holds it).  On the Côa the bridge is a defile
 * (3.6.6) that no French brigade can stand on; with the Allies giving no
 * orders the Light Division's last battalion crosses and leaves it
 * empty.  By turn 4 the normal French plan sends a unit to a cell of the
 * east bank within holding distance of the bridge, not onto the bridge.
 */
static void
test_ai_holds_a_bridge_from_the_bank(void **state)
{
	struct ruleset *rs;
	struct game *g;
	struct ai_view v;
	struct ai_plan p;
	struct point bridge = { -1, -1 }, at;
	int i, k, sent = 0, hold;

	(void)state;
	g = load_named("coa-1810", &rs);
	/* The passive Allies would break by turn 2 (3.10.1) and end the
	 * battle before the French reach the river: no break point here,
	 * so the bridge stands empty at turn 4 as it is meant to. */
	g->break_point = 0;
	game_seed(g, 1);
	for (k = 0; k < g->nobjectives; k++)
		if (map_cell(g->map, g->objectives[k].at.x,
		    g->objectives[k].at.y)->flags & CELL_DEFILE)
			bridge = g->objectives[k].at;
	assert_true(bridge.x >= 0);
	play_until(g, 4, -1, AI_NORMAL);
	hold = g->rs->ticks;	/* the scenario holds within 1 BD */
	ai_view_fill(g, 1, &v);
	ai_think(&v, AI_NORMAL, &p);
	for (i = 0; i < p.n; i++) {
		if (p.v[i].kind != ORDER_MOVE)
			continue;
		at = p.v[i].pts[p.v[i].npts - 1];
		if (geom_dist(at, bridge) <= hold) {
			assert_false(map_cell(g->map, at.x, at.y)->flags &
			    CELL_DEFILE);
			assert_true(at.x > bridge.x);	/* the east bank */
			sent++;
		}
	}
	ai_plan_free(&p);
	ai_view_free(&v);
	assert_true(sent > 0);
	game_free(g);
	ruleset_free(rs);
}

/*
 * Play scenario name to its end with level a on side me and level b on
 * the other; returns the winner by the game's own rules (3.10.1, 3.10.2),
 * -1 a draw.
 */
static int
play_levels(const char *name, uint64_t seed, int me, enum ai_level a,
    enum ai_level b)
{
	struct ruleset *rs;
	struct game *g;
	enum ai_level ctl[2];
	int s, w;

	g = load_named(name, &rs);
	game_seed(g, seed);
	ctl[me] = a;
	ctl[1 - me] = b;
	while (!game_over(g) && !g->sides[0].broken && !g->sides[1].broken) {
		for (s = 0; s < 2; s++)
			assert_int_equal(ai_orders(g, s, ctl[s], NULL), 0);
		game_turn(g);
	}
	if (g->sides[0].broken != g->sides[1].broken)
		w = g->sides[0].broken ? 1 : 0;
	else
		w = g->result.over ? g->result.winner : -1;
	game_free(g);
	ruleset_free(rs);
	return w;
}

/*
 * Hard beats normal on each side apart (issue 12, item 5: more than half
 * its games as the first side and as the second).  Over seeds 1 to 40 of
 * each Napoleonic battle, hard takes side 0 on odd seeds and side 1 on
 * even ones against normal; then normal plays the same seats against
 * normal.  The seeds are fixed, so every figure is exact: a change to
 * the AI that moves one must say so and pin it again here.  Hard wins,
 * by side: default (French, Allies) 14 and 16 of 20, the Coa (Allies,
 * French) 20 and 9 of 20; normal in the same seats 14 and 9, 18 and 2.
 * Hard does at least as well as normal in every seat; as the French at
 * the Coa it won less than half until the Coa's afternoon was 21 turns
 * (the > 50% target is bench-ai's, which
 * prints it per side).  (Pinned again when a unit faced about where it stands,
 * 3.6.3, and a garrison beyond a defile learnt to hold the place from
 * its own bank: default 9 and 17 before, normal 11 and 9; the Coa 19 and
 * 10, normal 11 and 7.)  (Pinned again
 * when a walk went round a friend standing in its way, 3.6.7: default 10
 * and 16 before, normal 7 and 13; the Coa 20 and 9, normal 11 and 6.)  (Pinned again when a battalion
 * learnt not to end its march with its flank to an enemy who could
 * charge it soon: default 11 and 16 before, normal 6 and 12.)  (Pinned again when units with no room to turn
 * were given a way on, issue 12: 14 and 20, 19 and 13 before, normal
 * 12 and 10, 5 and 13.)  (Before hard crossed
 * the guns' ground in open order and fell back over the Coa bridge it
 * won 2 of 10 as the French on the default battle and 3 of 10 at the
 * Coa, bench-ai -n 20.)  (Pinned again when the battalions of a
 * standing brigade kept their places instead of every other one stepping
 * back, and the Rothenbach bridge was raised from 3 points to 5 for the
 * balance: default 7 and 17 before, normal 7 and 11; the Coa unchanged.
 * With the AI's change alone, the bridge still at 3, they were 3 and 17,
 * normal 2 and 19.)  (Pinned again when hard's generals rode after their
 * men, so that its orders are in force at once within their radius:
 * default 10 and 12 before, the Coa 20 and 2; with that alone they were
 * 17 and 18, 20 and 5.)  (Pinned again when hard's guns in action turned
 * from routers at long range to an enemy in the fight: default 17 and 18
 * before, the Coa 20 and 5.)
 * (Pinned again when a unit halted in contact moved on with an order
 * that reached it after the halt, carried by an aide or not (3.6.8):
 * normal on the default battle 14 and 9, was 15 and 10; hard is now at
 * least level with normal in every seat again.)
 * (A column facing about that checks its waypoint along the facing it
 * turns to, merged with these, moves none of the figures above; without
 * the generals' rides and the guns' turn it had moved default 10 to 11
 * and the Coa 20 to 19.)
 * (Pinned again when a brigade's line was kept on its goal's side of the
 * walls: normal at the Coa 17 and 2, was 18 and 2; hard unchanged.)
 * (Pinned again when an order that reached a unit in the turn a charge
 * pinned it moved it on the next turn (3.6.8), with the above: normal
 * French on the default battle 12, was 14; nothing else moved.)
 * (Pinned again when a garrison under the enemy's guns with no enemy
 * near held its place in open order: default hard French 13, was 14,
 * normal French 11, was 12; the Coa hard French 8, was 9, normal Allies
 * 19, was 17, normal French 0, was 2: the 52nd at the Coa bridge no
 * longer stands in Column under Loison's battery.)
 * (Pinned again when the Coa's afternoon went from 12 turns to 20 and
 * its break point from 48% to 46%: the Coa hard 19 and 15, was 20 and
 * 8; normal 11 and 4, was 19 and 0.  Again when the 3e Hussards started
 * two cells off the map's edge, the afternoon 21 turns and the break
 * point 48% again: hard 15 and 10, normal 11 and 9.)
 * (Pinned again when the commander judged a square against horse as the
 * melee counts it, 3.8.2, the square's own +4: normal on the default
 * battle 13 and 10, was 12 and 9; hard and the Coa unchanged.  Merged
 * with the garrison and the Coa's afternoon above: default normal 11 and
 * 10, the rest as above.)
 * (Pinned again when a unit waited for a friend under orders in its way
 * to march first and stopped short of one that had (3.6.7, marshal's
 * reading), the Move preview waiting too and the commander no longer
 * moving its friends about itself to judge a march, units that wait on
 * each other moving under the rules as they stand: default hard 18 and
 * 17, was 13 and 15, normal 7 and 10, was 11 and 10; the Coa hard 17 and
 * 11, was 15 and 10, normal 8 and 7, was 11 and 10.  bench-ai -n 100
 * over seeds 1 to 100: default hard 42 and 44 of 50, normal French 47%;
 * the Coa hard 41 and 28 of 50, normal Allies 51%.)
 * (Pinned again when a walk decided its way round a standing friend
 * before paying the turn towards it, not after (3.6.7): default hard 18
 * and 16, normal 8 and 12; the Coa hard 17 and 10, normal 10 and 7.
 * bench-ai -n 100: default hard 43 and 43 of 50, normal French 48%; the
 * Coa hard 42 and 26 of 50, normal Allies 52%.)
 * (Pinned again when a friend held in battle contact under its Move
 * order (3.6.8) was met as one that stands, gone round rather than
 * waited for: default normal 7 and 12; the Coa hard 17 and 11.
 * bench-ai -n 100: default hard 43 and 43, normal French 47%; the Coa
 * hard 42 and 27, normal Allies 53%.)
 * (Pinned again when routers stopped at ground they may not enter
 * (3.9.3), a friend with a new order after arriving marched (3.6.7),
 * horse sought prey on its own side of a defile only, hard fell back
 * over one only while no enemy stood within twice the longest charge
 * reach, and a march sent round a friend kept off the side the map's
 * edge would box it in: default hard 18 and 14, normal 7 and 12; the
 * Coa hard 14 and 13, normal 10 and 9.  bench-ai -n 100: default hard
 * 43 and 41 of 50, normal French 47%; the Coa hard 39 and 29 of 50,
 * normal Allies 48%.)
 * (Pinned again when a face-about too dear for one turn was made where
 * the men stand, its rest owed (3.6.3, issue 12): default hard 17 and
 * 16, normal 5 and 11; the Coa hard 16 and 10, normal 9 and 8.
 * bench-ai -n 100: default hard 41 and 42 of 50, normal French 45%; the
 * Coa hard 42 and 26 of 50, normal Allies 53%.)
 * (Pinned again when both the above came together: default hard 17 and
 * 14, normal 5 and 11; the Coa hard 16 and 13, normal 10 and 11.)
 * (Pinned again when a charge barred at its first step was not made
 * (3.4.2), foot that formed foot could charge no longer formed square
 * against horse, a Skirmish Group held in a melee formed Line, and the
 * Coa got 22 turns: the Coa hard 15 and 15, normal 12 and 8; the
 * default unchanged.  bench-ai -n 100: the Coa hard 40 and 43 of 50,
 * normal Allies 62%.)
 * (Pinned again when a unit held in battle contact with no enemy left
 * within contact_holds_within marched on its order (3.6.8): default hard
 * 16 and 13, normal 5 and 11; the Coa hard 16 and 15, normal 13 and 7.
 * bench-ai -n 100: default hard 40 and 38 of 50, normal French 45%; the
 * Coa hard 41 and 43, normal Allies 64%.)
 * (Pinned again when a walk waited behind a friend an aide was bringing
 * a Move order to, rather than go round it for good (3.6.7): default
 * hard 16 and 14, normal 5 and 11; the Coa unchanged.  bench-ai -n 100:
 * default hard 40 and 39 of 50, normal French 46%; the Coa unchanged.)
 * (Pinned again when a stream whose line jogs was crossed once, 3.6.5,
 * and the default battle rebalanced, 10 turns and the French a tenth
 * stronger: default hard 16 and 19, normal 9 and 11; the Coa unchanged.
 * bench-ai -n 100: default hard 44 and 48 of 50, normal French 52%.)
 * (Pinned again when a friend that walked and moved nothing, held where
 * it stands, counted as standing for the rest of the turn, its way
 * planned round and met as such (3.6.7): the Coa hard 15 and 15, normal
 * 12 and 6; default unchanged.  bench-ai -n 100: the Coa hard 41 and 40
 * of 50, normal Allies 61%.)
 * (Pinned again when a column whose block, faced about, had no room
 * turned about its front as the route search plans it, rather than
 * stand for good (3.6.3): default hard 15 and 19, normal unchanged; the
 * Coa hard 17 and 15, normal unchanged.  bench-ai -n 100: default hard
 * 43 and 48 of 50, normal French 52%; the Coa hard 44 and 43 of 50,
 * normal Allies 64%.)
 * (Both together: default hard 15 and 19, normal 9 and 11; the Coa hard
 * 16 and 16, normal 12 and 6.  bench-ai -n 100: default hard 43 and 48
 * of 50, normal French 52%; the Coa hard 43 and 42 of 50, normal Allies
 * 62%.)
 * (Pinned again when a unit held inside a friend by an enemy close
 * beyond stopped behind the friend rather than face about to go round
 * it (3.6.7, 3.6.8): default hard 16 and 19; the Coa unchanged.
 * bench-ai -n 100: default hard 44 and 48 of 50, normal French 52%.)
 * (Pinned again when a turn's front may no longer swing onto ground the
 * formation may not enter (3.6.5): the Coa hard 16 and 15.)
 * (Pinned again when a charge closed only over ground its formation may
 * enter, no longer riding into the Coa's river (3.4.2): alone, the Coa
 * hard 17 and 16, normal 12 and 5; with the turn's front, 17 and 15,
 * normal 12 and 5.)
 * (Pinned again when a change of formation, ordered or by itself (M34),
 * was refused on ground that forbids the new formation (3.6.5): alone,
 * default normal 8 and 11; with the two above, default normal 8 and
 * 11, the Coa hard 17 and 15, normal 12 and 5.)
 * (Pinned again when a unit frozen last turn, whose march the preview
 * showed holding it where it stands again, was given another order (a
 * first step aside, else Stop): the Coa normal French 5, was 6; the rest
 * unchanged (alone); with the three above, the Coa normal 12 and 4.
 * bench-ai -n 100, frozen unit-turns: the Coa 75 to 26, the Cowpens 68
 * to 1, default 10 to 5.)
 * (Pinned again when a garrison under the enemy's guns stepped to a cell
 * beyond their reach, up to 5 cells off by a clear straight way, that
 * still holds its place, and guns went forward rather than wait for an
 * enemy standing beyond a defile: default unchanged; the Coa hard 16
 * and 4, was 17 and 15, normal 16 and 3, was 12 and 4.  bench-ai -n 100
 * -T 0: the Coa hard 32 and 15 of 50 (Allies, French), normal vs normal
 * Allies 74%; default hard 44 and 43.)
 * (Pinned again when the Coa's French were given the corps' reserve
 * battery, in action at [41, 27] from the start (decision 9: the
 * scenario rebalanced, not the commander): the Coa hard 11 and 15,
 * normal 13 and 9.  On these 20 seeds the hard Allies win 2 fewer than
 * the normal, so that seat is no longer asserted ahead; bench-ai -n 100
 * -T 0: hard beats normal in 33 of 50 as the Allies and 36 of 50 as the
 * French, normal vs normal Allies 57%.)
 * (Pinned again when a unit whose place a standing friend holds took the
 * nearest free place instead of going round the friend (3.6.7): default
 * hard 15 and 19, was 16 and 19, normal unchanged; the Coa hard 12 and
 * 15, was 11 and 15, normal unchanged.  bench-ai -n 100 -T 0 on default:
 * hard beats normal in 43 of 50 as the French (was 44) and 43 of 50 as
 * the Allies.)
 * (Pinned again when a Move order leading away from an enemy within
 * melee reach, or a unit standing on its destination, no longer made a
 * charge (3.4.1): default unchanged; the Coa normal 13 and 8, was 13 and
 * 9, hard unchanged.)
 * (Pinned again when a rout track went round ground the router may not
 * enter, 3.9.2, the Allied routers cut off on the east bank of the Coa
 * fleeing to the bank nearest their rear: default unchanged; the Coa
 * hard 13 and 13, was 12 and 15, normal 10 and 12, was 13 and 8; hard
 * is now ahead in both seats.  Pinned again when no unit might form
 * across an obstacle, 3.6.5, M18: default hard 17 and 19, was 15 and
 * 19, normal 7 and 11, was 8 and 11; the Coa hard 14 and 14, was 13
 * and 13, normal 9 and 14, was 10 and 12: hard still ahead or level in
 * every seat.)
 * (Pinned again when the way a walk takes to find room to turn no
 * longer began with a turn whose stages have no room, 3.6.3 (path_room,
 * staged_room): default hard 16 and 19, was 17 and 19, normal 8 and 10,
 * was 7 and 11, hard still ahead in both seats; the Coa hard 13 and 12,
 * was 14 and 14, normal 10 and 14, was 9 and 14.  On these 20 seeds the
 * hard French now win two games fewer than the normal French, 12 to 14,
 * so that seat is no longer asserted ahead, as the Allies' was not once
 * before; over more seeds hard is well ahead there: bench-ai -n 100 -T 0
 * -s coa, hard beats normal in 35 of 50 as the French (was 37) and 34 of
 * 50 as the Allies (was 35); normal vs normal Allies 39%, French 61%.)
 * (Pinned again when a march that made no ground was no longer sent
 * round a side where the map's edge leaves its block no facing on: the
 * Coa hard 13 and 13, was 13 and 12, normal 8 and 14, was 10 and 14;
 * and when a unit kept to its march rather than face about for a new
 * one: default hard 17 and 19, was 16 and 19, normal unchanged; the Coa
 * normal 7 and 13, was 8 and 14, hard unchanged.  Hard ahead as the
 * Allies at the Coa (13 to 7) and level as the French (13 to 13), so
 * the French seat is asserted again.)
 * (Pinned again when a face-about made where the men stand was no
 * longer sent round a friend at the block's side, 3.6.3: the Coa normal
 * 8 and 13, was 7 and 13, hard and the default unchanged; hard still
 * ahead as the Allies, 13 to 8, and level as the French.  Pinned again
 * when a unit boxed in by friends was faced about and sent the other
 * way, and a unit held last turn was judged by the walk the movement
 * phase makes rather than the march as ordered: default normal 9 and
 * 10, was 8 and 10; the Coa hard 12 and 13, was 13 and 13, normal 7 and
 * 13, was 8 and 13.  Hard still ahead or level in every seat: 17 to 9
 * and 19 to 10 on the default, 12 to 7 and 13 to 13 at the Coa.)
 * (Pinned again when the Manoeuvre Column a unit must take at a
 * village's edge was no longer formed across an obstacle behind it,
 * 3.6.5, M18: default hard 11 and 19, was 17 and 19, normal 11 and 11,
 * was 9 and 10 (8 and 10 on a tree without the face-about changes
 * above; the Coa as they left it); hard level with normal as the French (11 to 11) and
 * ahead as the Allies.  Over more seeds hard stays ahead in both seats:
 * bench-ai -n 100 -T 0 -s default, hard beats normal in 35 of 50 as the
 * French (was 44) and 43 of 50 as the Allies (was 43).  Some French
 * battalions that formed their column across a hedge at a village's
 * edge now go round or stop short, and the hard French lose most by
 * it.)  (Pinned again when routers turned their backs where they stood
 * and fled, 3.9.2, rather than swing their length onto the enemy and
 * stand to be taken: default hard 15 and 17, was 11 and 19, normal 9
 * and 10, was 11 and 11; the Coa hard 12 and 16, was 12 and 13, normal
 * 7 and 15, was 7 and 13.  Hard ahead in every seat again.)
 */
static void
test_ai_hard_beats_normal_on_each_side(void **state)
{
	static const struct {
		const char	*name;
		int		 hard[2], normal[2];
		bool		 ahead[2];	/* hard >= normal in the seat */
	} want[] = {
		{ "default", { 15, 17 }, { 9, 10 }, { true, true } },
		{ "coa-1810", { 12, 16 }, { 7, 15 }, { true, true } },
	};
	int k, seed, me, hard[2], normal[2];

	(void)state;
	for (k = 0; k < (int)(sizeof want / sizeof want[0]); k++) {
		hard[0] = hard[1] = normal[0] = normal[1] = 0;
		for (seed = 1; seed <= 40; seed++) {
			me = seed % 2 ? 0 : 1;
			hard[me] += play_levels(want[k].name, (uint64_t)seed,
			    me, AI_HARD, AI_NORMAL) == me;
			normal[me] += play_levels(want[k].name,
			    (uint64_t)seed, me, AI_NORMAL, AI_NORMAL) == me;
		}
		print_message("%s: hard wins %d and %d of 20 by side, normal "
		    "%d and %d\n", want[k].name, hard[0], hard[1], normal[0],
		    normal[1]);
		for (me = 0; me < 2; me++) {
			if (want[k].ahead[me])
				assert_true(hard[me] >= normal[me]);
			assert_int_equal(hard[me], want[k].hard[me]);
			assert_int_equal(normal[me], want[k].normal[me]);
		}
	}
}

/*
 * Hard crosses ground the enemy's guns sweep in a Skirmish Group (3.6.3:
 * 3 BD a turn against a Column's 1; 3.7.4: 40% of the hits); normal
 * marches in column.  On the default battle, seed 1, the French commander
 * against normal Allies orders battalions into Skirmish order (orders in
 * force at once) in the first three turns: 1 at hard, none at normal.
 * (2 at hard before its generals rode after their men: the orders of
 * turns 1-3 reach other battalions now, and the battle goes otherwise.)
 */
static void
test_ai_hard_crosses_the_guns_ground_in_open_order(void **state)
{
	static const enum ai_level lv[] = { AI_NORMAL, AI_HARD };
	struct ruleset *rs;
	struct game *g;
	int k, s, i, skirm[2], f;

	(void)state;
	for (k = 0; k < 2; k++) {
		g = load_default(&rs);
		game_seed(g, 1);
		f = ruleset_form(rs, "skirmish");
		assert_true(f >= 0);
		skirm[k] = 0;
		while (g->turn <= 3) {
			for (s = 0; s < 2; s++) {
				assert_int_equal(ai_orders(g, s, s == 0 ?
				    lv[k] : AI_NORMAL, NULL), 0);
				for (i = 0; s == 0 && i < g->nunits; i++)
					if (g->units[i].side == 0 &&
					    g->units[i].arm == ARM_INFANTRY &&
					    g->units[i].order_turn == g->turn &&
					    g->units[i].order.kind ==
					    ORDER_FORMATION &&
					    g->units[i].order.formation == f)
						skirm[k]++;
			}
			game_turn(g);
		}
		game_free(g);
		ruleset_free(rs);
	}
	print_message("Skirmish orders in turns 1-3: normal %d, hard %d\n",
	    skirm[0], skirm[1]);
	assert_int_equal(skirm[0], 0);
	assert_int_equal(skirm[1], 1);
}

/*
 * Hard brings its units back over a defile while it leads without the
 * far bank (3.6.6), while the way is open: no enemy within twice the
 * longest charge reach (3.4.1) of the unit.  At the Coa, turn 1, the
 * Allies lead on the places; the 95th Rifles stands east of the bridge
 * in Skirmish order, holding no place.  With the French battalions 2 BD
 * off, hard keeps it fighting where it stands, as normal does: sent to
 * the bridge it would wait its turn at the water in march column under
 * their muskets, and a rout there ends at the bank (3.9.3) in capture
 * (3.9.5).  With every French unit gone but Loison's battery, put far
 * off in the north-east corner, the hard plan marches it through the
 * bridge to the west bank; the normal plan still keeps it east of the
 * river.  (Until routers stopped at the river's edge, hard marched it
 * over with the French at 2 BD.  Until garrisons beyond a defile held
 * the place from their own bank, this was pinned on the 52nd, the
 * bridge's garrison, which normal now marches over as well:
 * test_ai_garrison_holds_a_bridge_from_its_own_bank.)
 */
static void place_in(struct game *, const char *, int, int, enum dir,
    const char *);

static void
test_ai_hard_falls_back_over_the_bridge(void **state)
{
	static const enum ai_level lv[] = { AI_NORMAL, AI_HARD };
	struct ruleset *rs;
	struct game *g;
	struct ai_view v;
	struct ai_plan p;
	struct point at;
	int k, i, j, u, fa, alone, over[2][2];
	bool bridge;

	(void)state;
	for (alone = 0; alone < 2; alone++)
		for (k = 0; k < 2; k++) {
			g = load_named("coa-1810", &rs);
			game_seed(g, 1);
			u = game_find_unit(g, "95R");
			fa = game_find_unit(g, "FA-Loison");
			assert_true(u >= 0 && fa >= 0);
			/* east of the river */
			assert_true(g->units[u].pos.x > 22);
			for (i = 0; alone && i < g->nunits; i++) {
				if (g->units[i].side == g->units[u].side ||
				    i == fa)
					continue;
				game_occupy(g, i, false);
				g->units[i].cond = COND_CAPTURED;
			}
			if (alone)
				place_in(g, "FA-Loison", 44, 2, DIR_W,
				    "limbered");
			ai_view_fill(g, g->units[u].side, &v);
			ai_think(&v, lv[k], &p);
			over[alone][k] = 0;
			for (i = 0; i < p.n; i++) {
				if (p.v[i].unit != u ||
				    p.v[i].kind != ORDER_MOVE)
					continue;
				bridge = false;
				for (j = 0; j < p.v[i].npts; j++) {
					at = p.v[i].pts[j];
					bridge |= (map_cell(g->map, at.x,
					    at.y)->flags & CELL_DEFILE) != 0;
				}
				at = p.v[i].pts[p.v[i].npts - 1];
				over[alone][k] += bridge && at.x < 21;
			}
			ai_plan_free(&p);
			ai_view_free(&v);
			game_free(g);
			ruleset_free(rs);
		}
	assert_int_equal(over[0][0], 0);
	assert_int_equal(over[0][1], 0);
	assert_int_equal(over[1][0], 0);
	assert_int_equal(over[1][1], 1);
}

/* Put unit u at [x, y], facing f, in condition c. */
static void
place(struct game *g, int u, int x, int y, enum dir f, enum cond c)
{
	game_occupy(g, u, false);
	g->units[u].pos = (struct point){ x, y };
	g->units[u].facing = f;
	g->units[u].cond = c;
	game_occupy(g, u, true);
}

/*
 * Hard guns turn from routers at long range to an enemy in the fight.
 * Fire goes to the nearest enemy in the arc, routed or not (3.7.1).  At
 * the Coa, turn 1, put Loison's battery in action at [41, 16] facing W,
 * the routed 43rd NW of it at [26, 5], beyond three quarters of the
 * guns' 10 BD, the formed 52nd SW at [28, 29], a little further but in
 * range, and the Rifles out of the way: facing W the guns would fire on
 * the routers.  The hard plan pivots them S, by a Move of one cell to
 * [41, 17], where the 52nd is the nearest in the arc and the routers are
 * out of it (SW would serve as well; S is the first found); the normal
 * plan leaves them as they face.
 */
static void
test_ai_hard_guns_turn_from_routers(void **state)
{
	static const enum ai_level lv[] = { AI_NORMAL, AI_HARD };
	struct ruleset *rs;
	struct game *g;
	struct ai_view v;
	struct ai_plan p;
	int k, i, gun, pivot[2];

	(void)state;
	for (k = 0; k < 2; k++) {
		g = load_named("coa-1810", &rs);
		game_seed(g, 1);
		gun = game_find_unit(g, "FA-Loison");
		assert_true(gun >= 0);
		place(g, gun, 41, 16, DIR_W, COND_FORMED);
		place(g, game_find_unit(g, "43LI"), 26, 5, DIR_W,
		    COND_ROUTED);
		place(g, game_find_unit(g, "52LI"), 28, 29, DIR_E,
		    COND_FORMED);
		place(g, game_find_unit(g, "95R"), 5, 5, DIR_E,
		    COND_FORMED);
		ai_view_fill(g, 1, &v);
		ai_think(&v, lv[k], &p);
		pivot[k] = 0;
		for (i = 0; i < p.n; i++)
		for (i = 0; i < p.n; i++)
			if (p.v[i].unit == gun && p.v[i].kind == ORDER_MOVE &&
			    p.v[i].npts == 1 && p.v[i].pts[0].x == 41 &&
			    p.v[i].pts[0].y == 17)
				pivot[k]++;
		ai_plan_free(&p);
		ai_view_free(&v);
		game_free(g);
		ruleset_free(rs);
	}
	assert_int_equal(pivot[0], 0);
	assert_int_equal(pivot[1], 1);
}

/*
 * Hard: a general rides after his men, so his orders reach them within
 * his command radius, in force at once (3.1.1), not by aides a turn late
 * (3.2.1), which can never move on a unit halted in battle contact
 * (3.6.8).  At the Coa, turn 1, General Ferey stands at [43, 15] while
 * the I/32e Leger skirmishes at [39, 4], beyond three quarters of his
 * 8 BD radius: the hard plan of the French orders him to ride for the
 * middle of his four battalions, [39, 12]; the normal plan gives him no
 * order (he stayed where he began all the battle, before).
 */
static void
test_ai_hard_general_rides_after_his_men(void **state)
{
	static const enum ai_level lv[] = { AI_NORMAL, AI_HARD };
	struct ruleset *rs;
	struct game *g;
	struct ai_view v;
	struct ai_plan p;
	int k, i, gen, rides[2];
	struct point to = { -1, -1 };

	(void)state;
	for (k = 0; k < 2; k++) {
		g = load_named("coa-1810", &rs);
		game_seed(g, 1);
		gen = game_find_general(g, "ferey");
		assert_true(gen >= 0);
		assert_int_equal(g->generals[gen].pos.x, 43);
		assert_int_equal(g->generals[gen].pos.y, 15);
		ai_view_fill(g, 1, &v);
		ai_think(&v, lv[k], &p);
		rides[k] = 0;
		for (i = 0; i < p.n; i++) {
			if (p.v[i].unit != -1 || p.v[i].general != gen)
				continue;
			assert_int_equal(p.v[i].kind, ORDER_MOVE);
			rides[k]++;
			to = p.v[i].pts[p.v[i].npts - 1];
		}
		ai_plan_free(&p);
		ai_view_free(&v);
		game_free(g);
		ruleset_free(rs);
	}
	assert_int_equal(rides[0], 0);
	assert_int_equal(rides[1], 1);
	assert_int_equal(to.x, 39);
	assert_int_equal(to.y, 12);
}

/*
 * A garrison beyond a defile holds the place from our own bank (normal
 * and hard).  At the Coa, turn 1, the 52nd stands east of the bridge in
 * Road Column, within holding distance of it, under the scenario's order
 * to cross.  The normal plan of the Allies marches it over the bridge to
 * a cell of the west bank within holding distance of the bridge (3.10.2)
 * and gives it no Formation order: it does not deploy where it stands
 * with the river at its back (before, it formed Line there, and normal
 * won 21 of 50 games as the Allies against the naive French, bench-ai
 * -n 100).
 */
static void
test_ai_garrison_holds_a_bridge_from_its_own_bank(void **state)
{
	struct ruleset *rs;
	struct game *g;
	struct ai_view v;
	struct ai_plan p;
	struct point at, bridge = { 21, 16 };
	int i, j, u, over = 0, forms = 0;
	bool defile;

	(void)state;
	g = load_named("coa-1810", &rs);
	game_seed(g, 1);
	assert_true(map_cell(g->map, bridge.x, bridge.y)->flags & CELL_DEFILE);
	u = game_find_unit(g, "52LI");
	assert_true(u >= 0);
	assert_true(g->units[u].pos.x > 22);	/* east of the river */
	ai_view_fill(g, 0, &v);
	ai_think(&v, AI_NORMAL, &p);
	for (i = 0; i < p.n; i++) {
		if (p.v[i].unit != u)
			continue;
		forms += p.v[i].kind == ORDER_FORMATION;
		if (p.v[i].kind != ORDER_MOVE)
			continue;
		defile = false;
		for (j = 0; j < p.v[i].npts; j++) {
			at = p.v[i].pts[j];
			defile |= (map_cell(g->map, at.x, at.y)->flags &
			    CELL_DEFILE) != 0;
		}
		at = p.v[i].pts[p.v[i].npts - 1];
		if (defile && at.x < bridge.x &&
		    geom_dist(at, bridge) <= g->rs->ticks)
			over++;
	}
	ai_plan_free(&p);
	ai_view_free(&v);
	game_free(g);
	ruleset_free(rs);
	assert_int_equal(over, 1);
	assert_int_equal(forms, 0);
}

/* The distance from p to the nearest enemy unit or objective of the view. */
static int
nearest_aim(const struct ai_view *v, struct point p)
{
	int i, d, best = -1;

	for (i = 0; i < v->nenemy; i++) {
		d = geom_dist(p, v->enemy[i].pos);
		if (best < 0 || d < best)
			best = d;
	}
	for (i = 0; i < v->nobj; i++) {
		d = geom_dist(p, v->obj[i].at);
		if (best < 0 || d < best)
			best = d;
	}
	return best;
}

/*
 * A ruleset with no doctrine for the commander (ruleset_ops.doctrine
 * NULL: no formations by role, no reaches, no melee rating) still gets
 * orders at every level: the default battle under the Napoleonic rules
 * with the doctrine taken away.  Every order is one the game accepts,
 * the first turn's plan marches at least one unit nearer the enemy or a
 * place, and ten turns go by without a crash.
 */
static void
test_ai_plays_a_ruleset_without_doctrine(void **state)
{
	static const enum ai_level lv[] = { AI_NAIVE, AI_EASY, AI_NORMAL,
	    AI_HARD };
	const struct ruleset_ops *ops;
	struct ruleset_ops bare;
	struct ruleset *rs;
	struct game *g;
	struct ai_view v;
	struct ai_plan p;
	int k, i, s, j, toward, given, moves;

	(void)state;
	for (k = 0; k < (int)(sizeof lv / sizeof lv[0]); k++) {
		g = load_default(&rs);
		ops = rs->ops;
		bare = *ops;
		bare.doctrine = NULL;
		rs->ops = &bare;
		game_seed(g, 7);

		/* The first turn's plan: a march toward the enemy or a place. */
		ai_view_fill(g, 0, &v);
		ai_think(&v, lv[k], &p);
		toward = 0;
		for (i = 0; i < p.n; i++) {
			struct point to;

			if (p.v[i].kind != ORDER_MOVE)
				continue;
			assert_true(p.v[i].npts > 0);
			to = p.v[i].pts[p.v[i].npts - 1];
			for (j = 0; j < v.nown; j++)
				if (v.own[j].unit == p.v[i].unit &&
				    nearest_aim(&v, to) <
				    nearest_aim(&v, v.own[j].pos))
					toward++;
		}
		ai_plan_free(&p);
		ai_view_free(&v);
		assert_true(toward > 0);

		/* Ten turns, both sides, every order accepted. */
		moves = 0;
		while (g->turn <= 10 && !game_over(g)) {
			for (s = 0; s < 2; s++) {
				assert_int_equal(ai_orders(g, s, lv[k],
				    &given), 0);
				moves += given;
			}
			game_turn(g);
		}
		assert_true(moves > 0);
		rs->ops = ops;
		game_free(g);
		ruleset_free(rs);
	}
}

/*
 * The horse-and-musket doctrine reads its reaches from the ruleset's
 * data (HO.6.2 musket and gun ranges, HO.10 hold, HO.3.1 charge reach as
 * the H1 Line move) and names its formations by role, with no Square or
 * Skirmish; it rates horse striking a flank above horse striking a front
 * (HO.7).  Then the commander plays the Cowpens for four turns at every
 * level, both sides, and the game refuses none of its orders.
 */
static void
test_ai_plays_the_cowpens_at_every_level(void **state)
{
	const struct ai_doctrine *doc;
	struct ai_reach r;
	struct ai_own u;
	struct ai_enemy e;
	struct ruleset *rs;
	struct game *g;
	int lvl, s, gh, front, flank;

	(void)state;
	g = load_named("cowpens-1781", &rs);
	doc = rs->ops->doctrine;
	assert_non_null(doc);
	assert_int_equal(doc->form(rs, AI_ROLE_LINE), ruleset_form(rs, "line"));
	assert_int_equal(doc->form(rs, AI_ROLE_MARCH),
	    ruleset_form(rs, "column"));
	assert_int_equal(doc->form(rs, AI_ROLE_UNLIMBERED),
	    ruleset_form(rs, "deployed"));
	assert_int_equal(doc->form(rs, AI_ROLE_SQUARE), -1);
	assert_int_equal(doc->form(rs, AI_ROLE_SKIRMISH), -1);
	memset(&r, 0, sizeof r);
	doc->reach(rs, &r);
	gh = ruleset_class(rs, ARM_ARTILLERY, "grasshopper");
	assert_true(gh >= 0);
	assert_int_equal(r.musket, 6 * rs->ticks);
	assert_int_equal(r.art_range[gh], 24 * rs->ticks);
	assert_int_equal(r.canister, 6 * rs->ticks);
	assert_int_equal(r.hold, 2 * rs->ticks);
	assert_int_equal(r.charge[ARM_INFANTRY], 6 * rs->ticks);
	assert_int_equal(r.charge[ARM_CAVALRY], 15 * rs->ticks);
	assert_int_equal(r.charge[ARM_ARTILLERY], 0);
	assert_true(r.charge_forms[ARM_CAVALRY] &
	    (1u << ruleset_form(rs, "line")));
	/* Horse at [10, 10] against foot facing it, then facing away. */
	memset(&u, 0, sizeof u);
	memset(&e, 0, sizeof e);
	u.arm = ARM_CAVALRY;
	u.klass = ruleset_class(rs, ARM_CAVALRY, "light");
	u.quality = 4;
	u.cond = COND_FORMED;
	u.pos = (struct point){ 10, 10 };
	e.arm = ARM_INFANTRY;
	e.klass = ruleset_class(rs, ARM_INFANTRY, "close");
	e.cond = COND_FORMED;
	e.pos = (struct point){ 10, 14 };
	e.facing = DIR_N;
	front = doc->melee_edge(rs, &u, &e, 4);
	e.facing = DIR_S;
	flank = doc->melee_edge(rs, &u, &e, 4);
	assert_true(front > 0);
	assert_true(flank > front);
	/* Riflemen, seen for what they are: open order (-1) and rifles
	 * (-2) in melee (HO.7). */
	e.facing = DIR_N;
	e.klass = ruleset_class(rs, ARM_INFANTRY, "rifle");
	assert_true(e.klass >= 0);
	assert_int_equal(doc->melee_edge(rs, &u, &e, 4), front + 3);
	game_free(g);
	ruleset_free(rs);

	for (lvl = 0; lvl < AI_LEVEL_COUNT; lvl++) {
		g = load_named("cowpens-1781", &rs);
		game_seed(g, (uint64_t)(lvl + 1));
		while (g->turn <= 4 && !game_over(g)) {
			for (s = 0; s < g->nsides; s++)
				assert_int_equal(ai_orders(g, s,
				    (enum ai_level)lvl, NULL), 0);
			game_turn(g);
		}
		assert_true(g->turn > 4 || game_over(g));
		game_free(g);
		ruleset_free(rs);
	}
}

/* Own unit id's place in view v, or -1. */
static int
own_index(const struct game *g, const struct ai_view *v, const char *id)
{
	int i;

	for (i = 0; i < v->nown; i++)
		if (strcmp(g->units[v->own[i].unit].id, id) == 0)
			return i;
	return -1;
}

/*
 * H7, H8, H13 in the horse-and-musket doctrine: militia in Line facing
 * the British within rifle range, sent back behind its front, is given
 * the march retiring, keeping its facing (a turn about would take its
 * whole move and H13 would turn it back to the enemy); sent on towards
 * the enemy it marches as ordered.  Given, the order retires the unit to
 * its point, 4 inches back (within its 36 - 12 = 24 ticks, H7), still
 * facing south.
 */
static void
test_002_H7_ai_retires_keeping_facing(void **state)
{
	const struct ai_doctrine *doc;
	struct ai_view v;
	struct order o, t;
	struct ruleset *rs;
	struct game *g;
	char *cause = NULL;
	int k, u;

	(void)state;
	g = load_named("cowpens-1781", &rs);
	doc = rs->ops->doctrine;
	assert_non_null(doc->refine);
	ai_view_fill(g, 0, &v);
	k = own_index(g, &v, "SCM2");
	assert_true(k >= 0);
	u = v.own[k].unit;
	assert_int_equal(g->units[u].facing, DIR_S);
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = u;
	o.general = g->units[u].general;
	o.formation = -1;
	o.facing = -1;
	o.npts = 1;
	o.pts[0] = (struct point){ 40, 20 };
	doc->refine(g, &v, &v.own[k], &o, AI_NORMAL);
	assert_int_equal(o.kind, ORDER_ACTION);
	assert_int_equal(o.action, ruleset_action(rs, "retire"));
	assert_int_equal(o.npts, 1);
	assert_int_equal(o.pts[0].x, 40);
	assert_int_equal(o.pts[0].y, 20);
	/* Towards the enemy: left as it is. */
	memcpy(&t, &o, sizeof t);
	t.kind = ORDER_MOVE;
	t.pts[0] = (struct point){ 40, 34 };
	doc->refine(g, &v, &v.own[k], &t, AI_NORMAL);
	assert_int_equal(t.kind, ORDER_MOVE);
	ai_view_free(&v);
	/* The order as refined is one the game takes, and the movement
	 * phase retires the unit to its point keeping its facing. */
	assert_int_equal(game_order(g, &o, &cause), 0);
	assert_null(cause);
	game_turn(g);
	assert_int_equal(g->units[u].pos.x, 40);
	assert_int_equal(g->units[u].pos.y, 20);
	assert_int_equal(g->units[u].facing, DIR_S);
	game_free(g);
	ruleset_free(rs);
}

/*
 * HO.6.4 in the horse-and-musket doctrine (raw): a charger shot twice
 * tests at once, on Drill + 4 - 1 or less (HO.9.1).  The 7th Foot (Drill
 * 2) passes on 5 or less, 10 rolls of 36: raw; the Legion infantry
 * (Drill 3) on 6 or less, 15 of 36: not.  On the Cowpens' first turn,
 * with the North Carolina riflemen 3 inches in front of it (inside its
 * 6-inch charge reach), normal gives the 7th no Move order: after the
 * turn it stands on its cell, [30, 46], in Line facing north, where
 * before it charged the riflemen and ended in contact with them at
 * [28, 41].  The Legion infantry still goes at the Georgia riflemen.
 */
static void
test_HO_6_4_ai_raw_battalion_holds_its_ground(void **state)
{
	const struct ai_doctrine *doc;
	struct ai_view v;
	struct ai_plan p;
	struct ruleset *rs;
	struct game *g;
	struct point at, gar;
	int k7, kl, f7, lgi, i, form, lgi_orders = 0;
	enum dir facing;

	(void)state;
	g = load_named("cowpens-1781", &rs);
	doc = rs->ops->doctrine;
	assert_non_null(doc->raw);
	f7 = game_find_unit(g, "7F");
	lgi = game_find_unit(g, "LGI");
	assert_true(f7 >= 0 && lgi >= 0);
	gar = g->units[game_find_unit(g, "GAR")].pos;
	at = g->units[f7].pos;
	facing = g->units[f7].facing;
	form = g->units[f7].formation;
	assert_int_equal(at.x, 30);
	assert_int_equal(at.y, 46);
	ai_view_fill(g, g->units[f7].side, &v);
	k7 = own_index(g, &v, "7F");
	kl = own_index(g, &v, "LGI");
	assert_true(k7 >= 0 && kl >= 0);
	assert_int_equal(v.own[k7].quality, 2);
	assert_int_equal(v.own[kl].quality, 3);
	assert_true(doc->raw(rs, &v.own[k7]));
	assert_false(doc->raw(rs, &v.own[kl]));
	ai_think(&v, AI_NORMAL, &p);
	for (i = 0; i < p.n; i++) {
		const struct order *o = &p.v[i];

		assert_false(o->unit == f7 && (o->kind == ORDER_MOVE ||
		    o->kind == ORDER_ACTION));
		if (o->unit != lgi)
			continue;
		lgi_orders++;
		assert_int_equal(o->kind, ORDER_MOVE);
		assert_int_equal(o->pts[o->npts - 1].x, gar.x);
		assert_int_equal(o->pts[o->npts - 1].y, gar.y);
	}
	assert_int_equal(lgi_orders, 1);
	ai_plan_free(&p);
	ai_view_free(&v);
	/* Played: the British at normal, the Americans standing. */
	assert_int_equal(ai_orders(g, g->units[f7].side, AI_NORMAL, NULL), 0);
	game_turn(g);
	assert_int_equal(g->units[f7].pos.x, 30);
	assert_int_equal(g->units[f7].pos.y, 46);
	assert_int_equal(g->units[f7].facing, facing);
	assert_int_equal(g->units[f7].formation, form);
	game_free(g);
	ruleset_free(rs);
}

/*
 * HO.6.4 (raw) by the doctrine's own count, with the ruleset's morale
 * dice changed in memory: foot is raw when it would pass the shot
 * charger's test (HO.9.1: the dice's total at most Drill + base, less
 * one per per_hits hits) on fewer than one roll in three.  One
 * four-sided die, base -1, no hits counted (per_hits 0): the 7th (Drill
 * 2) passes on a 1 only, 1 roll of 4, raw; the Legion infantry (Drill 3)
 * on 1 or 2, 2 of 4, not raw.  Every total is counted, the highest
 * included (1 of 3 would not be fewer than one in three).  With per_hits
 * 1 and the shaken figure's 2 hits the Legion's need falls to 0: raw.
 */
static void
test_HO_6_4_ai_raw_by_the_dice_figures(void **state)
{
	const struct ai_doctrine *doc;
	struct hm_turn *t;
	struct ai_view v;
	struct ruleset *rs;
	struct game *g;
	int k7, kl;

	(void)state;
	g = load_named("cowpens-1781", &rs);
	doc = rs->ops->doctrine;
	t = rs->phases_priv;
	assert_non_null(doc->raw);
	assert_ptr_equal(t, hm_turn(rs));
	ai_view_fill(g, g->units[game_find_unit(g, "7F")].side, &v);
	k7 = own_index(g, &v, "7F");
	kl = own_index(g, &v, "LGI");
	assert_true(k7 >= 0 && kl >= 0);
	assert_int_equal(v.own[k7].quality, 2);
	assert_int_equal(v.own[kl].quality, 3);
	t->dice = 1;
	t->mo_die = 4;
	t->base = -1;
	t->per_hits = 0;
	t->shaken = 2;
	assert_true(doc->raw(rs, &v.own[k7]));
	assert_false(doc->raw(rs, &v.own[kl]));
	t->per_hits = 1;
	assert_true(doc->raw(rs, &v.own[kl]));
	/* Drill 3 against base 0 and per_hits 2 (need 2, 2 of 4): not. */
	t->base = 0;
	t->per_hits = 2;
	assert_false(doc->raw(rs, &v.own[kl]));
	ai_view_free(&v);
	game_free(g);
	ruleset_free(rs);
}

/*
 * HO.6.4 (raw): the raw battalion holds within the longer of the
 * musket's reach and the nearest enemy's charge reach, that gap
 * included, and marches on beyond it.  At the Cowpens the 7th Foot is
 * put in Line facing north on open ground in the west, at [12, 46], and
 * the Americans' first unit (the view's enemy 0) straight in front of
 * it facing south, every other American taken off the field: at the
 * cell where the gap between the blocks is exactly the reach (the
 * dragoons' 15-inch charge, 60 ticks, at [12, 15]), normal gives the 7th
 * no Move order; a cell further, it does.
 */
static void
test_HO_6_4_ai_raw_battalion_holds_at_its_reach(void **state)
{
	const struct ai_doctrine *doc;
	struct ai_reach reach;
	struct ai_view v;
	struct ai_plan p;
	struct ruleset *rs;
	struct game *g;
	int f7, e0, k7, r, y, gap, i, at = -1, moves;

	(void)state;
	g = load_named("cowpens-1781", &rs);
	doc = rs->ops->doctrine;
	f7 = game_find_unit(g, "7F");
	assert_true(f7 >= 0);
	ai_view_fill(g, g->units[f7].side, &v);
	e0 = v.enemy[0].unit;
	ai_view_free(&v);
	memset(&reach, 0, sizeof reach);
	doc->reach(rs, &reach);
	r = reach.musket;
	if (reach.charge[g->units[e0].arm] > r)
		r = reach.charge[g->units[e0].arm];
	for (i = 0; i < g->nunits; i++)
		if (i != e0 && g->units[i].side == g->units[e0].side) {
			game_occupy(g, i, false);
			g->units[i].cond = COND_DISPERSED;
		}
	place(g, f7, 12, 46, DIR_N, COND_FORMED);
	/* The cell where the gap is the reach, marching the enemy off. */
	for (y = 44; y >= 2 && at < 0; y--) {
		place(g, e0, 12, y, DIR_S, COND_FORMED);
		ai_view_fill(g, g->units[f7].side, &v);
		k7 = own_index(g, &v, "7F");
		assert_int_equal(v.nenemy, 1);
		gap = ai_gap_own_enemy(&v, &v.own[k7], &v.enemy[0]);
		ai_view_free(&v);
		if (gap == r)
			at = y;
	}
	print_message("enemy 0 %s, reach %d ticks, at [12, %d]\n",
	    g->units[e0].id, r, at);
	assert_int_equal(r, 60);
	assert_int_equal(at, 15);
	for (y = at; y >= at - 1; y--) {
		place(g, e0, 12, y, DIR_S, COND_FORMED);
		ai_view_fill(g, g->units[f7].side, &v);
		ai_think(&v, AI_NORMAL, &p);
		for (i = moves = 0; i < p.n; i++)
			moves += p.v[i].unit == f7 &&
			    (p.v[i].kind == ORDER_MOVE ||
			    p.v[i].kind == ORDER_ACTION);
		print_message("enemy at [12, %d]: %d orders to move\n", y,
		    moves);
		assert_int_equal(moves, y == at ? 0 : 1);
		ai_plan_free(&p);
		ai_view_free(&v);
	}
	game_free(g);
	ruleset_free(rs);
}

/*
 * Horse at foot it would beat from the front (the horse-and-musket
 * doctrine's horse_front_edge; HO.7: horse +1 on foot from the front,
 * rifles -2, open order -1): at the Cowpens' first turn Ogilvie's
 * dragoons, with the North Carolina riflemen in front of them and no
 * British foot yet at the riflemen, are sent straight at the riflemen,
 * not round to a wing of the field.
 */
static void
test_ai_horse_rides_at_rifles_it_would_beat(void **state)
{
	const struct ai_doctrine *doc;
	struct ai_view v;
	struct ai_plan p;
	struct ruleset *rs;
	struct game *g;
	struct point at;
	int dl, ncr, i, found = 0;

	(void)state;
	g = load_named("cowpens-1781", &rs);
	doc = rs->ops->doctrine;
	assert_true(doc->horse_front_edge > 0);
	dl = game_find_unit(g, "DL");
	ncr = game_find_unit(g, "NCR");
	assert_true(dl >= 0 && ncr >= 0);
	at = g->units[ncr].pos;
	ai_view_fill(g, g->units[dl].side, &v);
	ai_think(&v, AI_NORMAL, &p);
	for (i = 0; i < p.n; i++) {
		const struct order *o = &p.v[i];

		if (o->unit != dl)
			continue;
		found++;
		assert_int_equal(o->kind, ORDER_MOVE);
		assert_true(o->npts >= 1);
		assert_int_equal(o->pts[o->npts - 1].x, at.x);
		assert_int_equal(o->pts[o->npts - 1].y, at.y);
	}
	assert_int_equal(found, 1);
	ai_plan_free(&p);
	ai_view_free(&v);
	game_free(g);
	ruleset_free(rs);
}

/*
 * The same first turn with the Augusta County riflemen (VAR: open order,
 * muskets, not rifles) standing where the North Carolina riflemen stood
 * and those gone: Ogilvie's edge on them from the front is 4 + 1 + 1 -
 * (4 - 1) = 3 (HO.7: charged, horse on the front; open order -1), short
 * of the doctrine's horse_front_edge of 4, so the dragoons are not sent
 * straight at them.  (The mark was 3, and they were: with charges that
 * meet and the initiative, HO.3.2, 4 did better for normal and hard,
 * doc/horse-and-musket.md 5.3.)
 */
static void
test_ai_horse_does_not_ride_at_open_foot_at_edge_three(void **state)
{
	struct ai_view v;
	struct ai_plan p;
	struct ruleset *rs;
	struct game *g;
	struct point at;
	int dl, ncr, var, i, found = 0;

	(void)state;
	g = load_named("cowpens-1781", &rs);
	assert_int_equal(rs->ops->doctrine->horse_front_edge, 4);
	dl = game_find_unit(g, "DL");
	ncr = game_find_unit(g, "NCR");
	var = game_find_unit(g, "VAR");
	assert_true(dl >= 0 && ncr >= 0 && var >= 0);
	at = g->units[ncr].pos;
	game_occupy(g, ncr, false);
	g->units[ncr].cond = COND_DISPERSED;
	game_occupy(g, var, false);
	g->units[var].pos = at;
	g->units[var].facing = g->units[ncr].facing;
	g->units[var].formation = g->units[ncr].formation;
	game_occupy(g, var, true);
	ai_view_fill(g, g->units[dl].side, &v);
	ai_think(&v, AI_NORMAL, &p);
	for (i = 0; i < p.n; i++) {
		const struct order *o = &p.v[i];

		if (o->unit != dl)
			continue;
		found++;
		assert_false(o->kind == ORDER_MOVE && o->npts >= 1 &&
		    o->pts[o->npts - 1].x == at.x &&
		    o->pts[o->npts - 1].y == at.y);
	}
	assert_int_equal(found, 1);
	ai_plan_free(&p);
	ai_view_free(&v);
	game_free(g);
	ruleset_free(rs);
}

/*
 * The horse-and-musket doctrine's reach_charge_edge (HO.3.1, HO.7: a
 * charger +1, rifles -2, open order -1): the British Legion infantry in
 * Line at the Cowpens, with the Georgia riflemen standing 4 inches in
 * front of it - within its 6-inch charge reach, beyond the edge of
 * contact - is ordered onto them (a charge), not to a halt short of
 * them to wait for theirs.
 */
static void
test_ai_foot_charges_rifles_in_reach(void **state)
{
	struct ai_view v;
	struct ai_plan p;
	struct ruleset *rs;
	struct game *g;
	int lgi, gar, i, found = 0;

	(void)state;
	g = load_named("cowpens-1781", &rs);
	assert_true(rs->ops->doctrine->reach_charge_edge > 0);
	lgi = game_find_unit(g, "LGI");
	gar = game_find_unit(g, "GAR");
	assert_true(lgi >= 0 && gar >= 0);
	game_occupy(g, gar, false);
	g->units[gar].pos = (struct point){ 44, 38 };
	game_occupy(g, gar, true);
	ai_view_fill(g, g->units[lgi].side, &v);
	ai_think(&v, AI_NORMAL, &p);
	for (i = 0; i < p.n; i++) {
		const struct order *o = &p.v[i];

		if (o->unit != lgi)
			continue;
		found++;
		assert_int_equal(o->kind, ORDER_MOVE);
		assert_int_equal(o->pts[o->npts - 1].x, 44);
		assert_int_equal(o->pts[o->npts - 1].y, 38);
	}
	assert_int_equal(found, 1);
	ai_plan_free(&p);
	/* Hard adds its own margin for a charge to the doctrine's mark, but
	 * not while it presses an attack (the doctrine's press: the British
	 * hold no place here, 0 points to 5): at the doctrine's mark of 3 it
	 * goes in on these odds as normal does.  (It was ordered, but not
	 * onto them, at a mark of 4; the test below keeps hard the choosier
	 * at an edge of 2.) */
	assert_true(rs->ops->doctrine->press);
	ai_think(&v, AI_HARD, &p);
	for (i = 0, found = 0; i < p.n; i++) {
		const struct order *o = &p.v[i];

		if (o->unit != lgi)
			continue;
		found++;
		assert_int_equal(o->kind, ORDER_MOVE);
		assert_int_equal(o->pts[o->npts - 1].x, 44);
		assert_int_equal(o->pts[o->npts - 1].y, 38);
	}
	assert_int_equal(found, 1);
	ai_plan_free(&p);
	ai_view_free(&v);
	game_free(g);
	ruleset_free(rs);
}

/*
 * The horse-and-musket doctrine's reach_charge_normal (2, under its
 * reach_charge_edge of 3): as in the test above, the British Legion
 * infantry in Line at the Cowpens with the Georgia riflemen 4 inches in
 * front of it, within its 6-inch charge reach, but every other British
 * unit's Drill raised to 5, so that the enemy's, which cannot be seen,
 * is taken to be the side's mean, 4.8 (nine units of 5, one of 3),
 * rounded: 5.  The Legion's edge charging them is 3 + 1 - (5 - 3) = 2
 * by the commander's reckoning (HO.7: rifles -2, open order -1).  (The
 * test lowered the Legion's own Drill to 2 before; a Drill 2 battalion
 * is now raw and holds, test_HO_6_4_ai_raw_battalion_holds_its_ground.)
 * Normal, whose mark is 2, is ordered
 * onto them (a charge, HO.3.1); hard, whose mark is the doctrine's 3
 * (its own margin of 1 left out while it presses the attack, as the
 * British do here), is not.  (Normal's mark was 3: it waited to
 * be charged.  Once charges that meet count both sides' +1 and the side
 * with the initiative closes first, HO.3.2, going in at 2 is what beats
 * the naive baseline: doc/horse-and-musket.md 5.3.)
 */
static void
test_ai_normal_foot_charges_rifles_at_edge_two(void **state)
{
	struct ai_view v;
	struct ai_plan p;
	struct ruleset *rs;
	struct game *g;
	int lgi, gar, i, lvl, found, onto;

	(void)state;
	g = load_named("cowpens-1781", &rs);
	assert_int_equal(rs->ops->doctrine->reach_charge_normal, 2);
	assert_int_equal(rs->ops->doctrine->reach_charge_edge, 3);
	lgi = game_find_unit(g, "LGI");
	gar = game_find_unit(g, "GAR");
	assert_true(lgi >= 0 && gar >= 0);
	assert_int_equal(unit_attr(&g->units[lgi], HM_ATTR_DRILL), 3);
	for (i = 0; i < g->nunits; i++)
		if (i != lgi && g->units[i].side == g->units[lgi].side)
			unit_attr_set(&g->units[i], HM_ATTR_DRILL, 5);
	game_occupy(g, gar, false);
	g->units[gar].pos = (struct point){ 44, 38 };
	game_occupy(g, gar, true);
	ai_view_fill(g, g->units[lgi].side, &v);
	for (lvl = AI_NORMAL; lvl <= AI_HARD; lvl++) {
		ai_think(&v, (enum ai_level)lvl, &p);
		for (i = 0, found = 0, onto = 0; i < p.n; i++) {
			const struct order *o = &p.v[i];

			if (o->unit != lgi)
				continue;
			found++;
			onto += o->kind == ORDER_MOVE &&
			    o->pts[o->npts - 1].x == 44 &&
			    o->pts[o->npts - 1].y == 38;
		}
		assert_int_equal(found, 1);
		assert_int_equal(onto, lvl == AI_NORMAL ? 1 : 0);
		ai_plan_free(&p);
	}
	ai_view_free(&v);
	game_free(g);
	ruleset_free(rs);
}

/*
 * The horse-and-musket doctrine's evade (hard only): South Carolina
 * militia (Drill 2, rifles, open order: a melee it would lose to any
 * formed foot, HO.7) with the British Legion infantry in Line 4 inches
 * off its front - within the Legion's 6-inch charge reach (HO.3.1) - is
 * sent at hard just out of that reach, a few inches north, still in
 * rifle range.  Normal falls back north too, from the Legion's reserve
 * horse rather than its foot: the horse stands 20 rows off in Column,
 * facing north, within its 15-inch charge reach and its front, and open
 * order falls back at normal from such horse (evade_horse_normal), to a
 * point short of the rear.  (Before, normal, outnumbered there, gave
 * ground all the way to the rear.)
 */
static void
test_ai_hard_militia_falls_back_out_of_charge_reach(void **state)
{
	struct ai_view v;
	struct ai_plan p;
	struct ruleset *rs;
	struct game *g;
	struct point to;
	int lgi, scm, i, lvl, n;

	(void)state;
	g = load_named("cowpens-1781", &rs);
	assert_true(rs->ops->doctrine->evade);
	lgi = game_find_unit(g, "LGI");
	scm = game_find_unit(g, "SCM2");
	assert_true(lgi >= 0 && scm >= 0);
	assert_int_equal(g->units[scm].pos.y, 28);
	game_occupy(g, lgi, false);
	g->units[lgi].pos = (struct point){ 40, 36 };
	game_occupy(g, lgi, true);
	ai_view_fill(g, g->units[scm].side, &v);
	for (lvl = AI_NORMAL; lvl <= AI_HARD; lvl++) {
		ai_think(&v, (enum ai_level)lvl, &p);
		n = 0;
		to = (struct point){ -1, -1 };
		for (i = 0; i < p.n; i++)
			if (p.v[i].unit == scm) {
				n++;
				assert_int_equal(p.v[i].kind, ORDER_MOVE);
				to = p.v[i].pts[p.v[i].npts - 1];
			}
		assert_int_equal(n, 1);
		if (lvl == AI_HARD) {
			/* North of where it stood, by less than the 6-inch
			 * reach (12 cells). */
			assert_true(to.y < 28 && to.y >= 28 - 12);
		} else {
			assert_true(to.y < 28 && to.y > v.rear.y);
			assert_int_equal(to.x, 40);
		}
		ai_plan_free(&p);
	}
	ai_view_free(&v);
	game_free(g);
	ruleset_free(rs);
}

/*
 * The horse-and-musket doctrine's evade at normal (evade_normal): the
 * British Legion infantry (close order, Drill 3) with Washington's
 * dragoons in Column 5 inches off its front, within their 18-inch charge
 * reach (HO.3.1) - horse that would beat it from the front, HO.7 - is
 * sent south, away from them and out of their reach, at normal as at
 * hard.  The Light infantry companies beside it (open order), 7 inches
 * off the dragoons and within their front (45 degrees either side of
 * south), are sent back too at normal (evade_horse_normal): south, away
 * from them.  (Before, open-order foot stood there at normal.)
 */
static void
test_ai_normal_line_falls_back_from_horse(void **state)
{
	struct ai_view v;
	struct ai_plan p;
	struct ruleset *rs;
	struct game *g;
	struct point to;
	int lgi, li, ld, i, lvl, n;

	(void)state;
	g = load_named("cowpens-1781", &rs);
	assert_non_null(rs->ops->doctrine->evade_normal);
	lgi = game_find_unit(g, "LGI");
	li = game_find_unit(g, "LI");
	ld = game_find_unit(g, "3LD");
	assert_true(lgi >= 0 && li >= 0 && ld >= 0);
	assert_int_equal(g->units[lgi].pos.y, 46);
	game_occupy(g, ld, false);
	g->units[ld].pos = (struct point){ 44, 36 };
	game_occupy(g, ld, true);
	ai_view_fill(g, g->units[lgi].side, &v);
	for (lvl = AI_NORMAL; lvl <= AI_HARD; lvl++) {
		ai_think(&v, (enum ai_level)lvl, &p);
		n = 0;
		to = (struct point){ -1, -1 };
		for (i = 0; i < p.n; i++)
			if (p.v[i].unit == lgi) {
				n++;
				assert_int_equal(p.v[i].kind, ORDER_MOVE);
				to = p.v[i].pts[p.v[i].npts - 1];
			}
		assert_int_equal(n, 1);
		/* South, away from the dragoons at row 36. */
		assert_true(to.y > 46);
		if (lvl == AI_NORMAL) {
			n = 0;
			for (i = 0; i < p.n; i++)
				if (p.v[i].unit == li) {
					n++;
					assert_int_equal(p.v[i].kind,
					    ORDER_MOVE);
					assert_true(p.v[i].pts[p.v[i].npts -
					    1].y > 46);
				}
			assert_int_equal(n, 1);
		}
		ai_plan_free(&p);
	}
	ai_view_free(&v);
	game_free(g);
	ruleset_free(rs);
}

/*
 * The horse-and-musket doctrine's press: hard attacking falls back only
 * as normal does.  At the Cowpens' start the British hold no place (the
 * Americans hold both, 5 points to 0).  Washington's dragoons in Column
 * 16 rows north of the Light infantry companies (8 inches, within their
 * 18-inch charge reach, HO.3.1), facing east, so that the companies lie
 * 90 degrees off their front: by the doctrine's reckoning the horse
 * would beat the open-order companies by 3 (HO.7), and hard, careful,
 * sent them south out of its reach, a whole turn of the attack lost,
 * while normal, which falls back only from horse that could charge it
 * at once (its front within 45 degrees), went on.  Now hard attacking
 * goes on too: the companies' order takes them no further south than
 * row 46, where they stand.
 */
static void
test_ai_hard_attacker_does_not_fall_back_from_horse_off_its_front(
    void **state)
{
	struct ai_view v;
	struct ai_plan p;
	struct ruleset *rs;
	struct game *g;
	int li, ld, i, lvl, n, south;

	(void)state;
	g = load_named("cowpens-1781", &rs);
	assert_true(rs->ops->doctrine->press);
	li = game_find_unit(g, "LI");
	ld = game_find_unit(g, "3LD");
	assert_true(li >= 0 && ld >= 0);
	assert_int_equal(g->units[li].pos.x, 58);
	assert_int_equal(g->units[li].pos.y, 46);
	game_occupy(g, ld, false);
	g->units[ld].pos = (struct point){ 58, 30 };
	g->units[ld].facing = DIR_E;
	game_occupy(g, ld, true);
	ai_view_fill(g, g->units[li].side, &v);
	for (lvl = AI_NORMAL; lvl <= AI_HARD; lvl++) {
		ai_think(&v, (enum ai_level)lvl, &p);
		n = 0;
		south = 0;
		for (i = 0; i < p.n; i++)
			if (p.v[i].unit == li) {
				n++;
				if (p.v[i].npts > 0 &&
				    p.v[i].pts[p.v[i].npts - 1].y > 46)
					south++;
			}
		assert_true(n <= 1);
		assert_int_equal(south, 0);
		ai_plan_free(&p);
	}
	ai_view_free(&v);
	game_free(g);
	ruleset_free(rs);
}

/* A Move order for unit u of g to point to, from its own general. */
static struct order
move_to(const struct game *g, int u, struct point to)
{
	struct order o;

	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = u;
	o.general = g->units[u].general;
	o.formation = -1;
	o.facing = -1;
	o.npts = 1;
	o.pts[0] = to;
	return o;
}

/*
 * HO.3.1, HO.3.2 in the horse-and-musket doctrine's refine: at the
 * Cowpens' start the reserve of the Legion's horse (LC1, in Column
 * behind the 7th Foot) ordered onto the North Carolina riflemen at
 * [28, 40], within its 18-inch reach, charges straight at them in the
 * charges phase, before the 7th marches on, and falters where it stands:
 * the turn leaves it at [32, 48].  Refined at normal and hard (easy
 * leaves the charge as given), the order is a march to
 * [33, 40], the nearest point short of the riflemen that is no charge and
 * has room for the horse; the 7th marches first (the order of battle) and
 * the horse gets forward.
 */
static void
test_ai_horse_marches_rather_than_falter(void **state)
{
	const struct ai_doctrine *doc;
	struct ai_view v;
	struct order o, t;
	struct ruleset *rs;
	struct game *g;
	struct point at, from;
	char *cause = NULL;
	int k, lc, ncr, f7, lvl;

	(void)state;
	/* As given: the charge falters before its first step. */
	g = load_named("cowpens-1781", &rs);
	lc = game_find_unit(g, "LC1");
	ncr = game_find_unit(g, "NCR");
	f7 = game_find_unit(g, "7F");
	assert_true(lc >= 0 && ncr >= 0 && f7 >= 0 && f7 < lc);
	from = g->units[lc].pos;
	at = g->units[ncr].pos;
	assert_int_equal(from.x, 32);
	assert_int_equal(from.y, 48);
	o = move_to(g, lc, at);
	assert_int_equal(game_order(g, &o, &cause), 0);
	t = move_to(g, f7, (struct point){ 30, 36 });
	assert_int_equal(game_order(g, &t, &cause), 0);
	game_turn(g);
	assert_int_equal(g->units[lc].pos.x, 32);
	assert_int_equal(g->units[lc].pos.y, 48);
	game_free(g);
	ruleset_free(rs);
	/* Refined: a march short of the riflemen. */
	g = load_named("cowpens-1781", &rs);
	doc = rs->ops->doctrine;
	ai_view_fill(g, g->units[lc].side, &v);
	for (k = 0; k < v.nown && v.own[k].unit != lc; k++)
		;
	assert_true(k < v.nown);
	/* Easy leaves it as given; normal and hard refine it alike. */
	o = move_to(g, lc, at);
	doc->refine(g, &v, &v.own[k], &o, AI_EASY);
	assert_int_equal(o.kind, ORDER_MOVE);
	assert_int_equal(o.pts[0].x, at.x);
	assert_int_equal(o.pts[0].y, at.y);
	for (lvl = AI_NORMAL; lvl <= AI_HARD; lvl++) {
		o = move_to(g, lc, at);
		doc->refine(g, &v, &v.own[k], &o, (enum ai_level)lvl);
		assert_int_equal(o.kind, ORDER_MOVE);
		assert_int_equal(o.npts, 1);
		assert_false(o.pts[0].x == at.x && o.pts[0].y == at.y);
		assert_int_equal(o.pts[0].x, 33);
		assert_int_equal(o.pts[0].y, 40);
	}
	/* The game is left as it was by the trial. */
	assert_int_equal(g->units[lc].pos.x, 32);
	assert_int_equal(g->units[lc].pos.y, 48);
	ai_view_free(&v);
	assert_int_equal(game_order(g, &o, &cause), 0);
	assert_null(cause);
	/* The 7th marches on first (the order of battle), and the horse
	 * gets forward. */
	t = move_to(g, f7, (struct point){ 30, 36 });
	assert_int_equal(game_order(g, &t, &cause), 0);
	game_turn(g);
	assert_true(g->units[lc].pos.y < 48);
	game_free(g);
	ruleset_free(rs);
}

/*
 * HO.3.2, H7 in the horse-and-musket doctrine's refine: at the Cowpens'
 * start the 71st (Column facing N at [22, 50], the reserve behind the
 * 7th) sent to assault the North Carolina riflemen at [28, 40] would
 * falter on the friends in its way, and the march short of them it is
 * given instead must lie nearer them than the 71st stands (26 ticks):
 * the point nearest them beyond their rifles' reach lay behind it, and
 * it was ordered to retire to [15, 58], its Column's tail off the
 * map's south edge, on turn 1.  Now it is no retire: all the points
 * nearer them lie within their rifles' reach, and the march goes to the
 * nearest them, [28, 42], 2 cells (4 ticks) before their front, on the
 * map; the next turn's charge is made from there.
 */
static void
test_ai_hm_falter_march_is_not_to_the_rear(void **state)
{
	const struct ai_doctrine *doc;
	struct ai_view v;
	struct order o;
	struct ruleset *rs;
	struct game *g;
	struct point at, from;
	int k, hl, ncr, lvl;

	(void)state;
	g = load_named("cowpens-1781", &rs);
	doc = rs->ops->doctrine;
	hl = game_find_unit(g, "71");
	ncr = game_find_unit(g, "NCR");
	assert_true(hl >= 0 && ncr >= 0);
	from = g->units[hl].pos;
	at = g->units[ncr].pos;
	assert_int_equal(from.x, 22);
	assert_int_equal(from.y, 50);
	assert_int_equal(geom_dist(from, at), 26);
	o = move_to(g, hl, at);
	assert_true(hm_charge_falters(g, hl, &o));
	ai_view_fill(g, g->units[hl].side, &v);
	for (k = 0; k < v.nown && v.own[k].unit != hl; k++)
		;
	assert_true(k < v.nown);
	for (lvl = AI_NORMAL; lvl <= AI_HARD; lvl++) {
		o = move_to(g, hl, at);
		doc->refine(g, &v, &v.own[k], &o, (enum ai_level)lvl);
		assert_int_equal(o.kind, ORDER_MOVE);
		assert_int_equal(o.npts, 1);
		assert_true(map_inside(g->map, o.pts[0].x, o.pts[0].y));
		assert_true(geom_dist(o.pts[0], at) < geom_dist(from, at));
		assert_int_equal(o.pts[0].x, 28);
		assert_int_equal(o.pts[0].y, 42);
		assert_int_equal(geom_dist(o.pts[0], at), 4);
	}
	ai_view_free(&v);
	game_free(g);
	ruleset_free(rs);
}

/*
 * The horse-and-musket doctrine's refine leaves a march of horse into
 * musketry as given, at hard as at normal: at the Cowpens, with only the
 * Virginia militia (muskets, in Line on Howard's rise at [44, 16]) and
 * the Legion's reserve horse (LC2, at [42, 48], out of the militia's
 * fire) left on the field, a march for the horse to [44, 24], 8 cells
 * before the militia's front and no charge, ends within their musketry,
 * and the turn leaves the horse there.  Hard used to cut such a march
 * at the last point out of the fire (or have the horse stand); once
 * chargers closed by initiative (HO.3.2) that halt lost hard more games
 * than it saved (hard as the British 20 of 50 against normal with it,
 * 27 without, bench-ai -n 100; doc/horse-and-musket.md 5.3).
 */
static void
test_ai_horse_rides_on_into_musketry(void **state)
{
	const struct ai_doctrine *doc;
	const struct point dest = { 44, 24 };
	struct ai_view v;
	struct order o;
	struct ruleset *rs;
	struct game *g;
	char *cause = NULL;
	int lc, vam, k, lvl, range;

	(void)state;
	for (lvl = AI_NORMAL; lvl <= AI_HARD; lvl++) {
		g = load_named("cowpens-1781", &rs);
		doc = rs->ops->doctrine;
		lc = game_find_unit(g, "LC2");
		vam = game_find_unit(g, "VAM");
		assert_true(lc >= 0 && vam >= 0);
		assert_int_equal(g->units[lc].pos.x, 42);
		assert_int_equal(g->units[lc].pos.y, 48);
		for (k = 0; k < g->nunits; k++)
			if (k != lc && k != vam) {
				game_occupy(g, k, false);
				g->units[k].cond = COND_DISPERSED;
			}
		range = hm_fire_range(g, vam);
		assert_true(range > 0);
		/* Out of the militia's fire where it stands, under it at
		 * the march's end. */
		assert_true(geom_dist(g->units[lc].pos, g->units[vam].pos) >
		    range);
		assert_true(geom_dist(dest, g->units[vam].pos) <= range);
		ai_view_fill(g, g->units[lc].side, &v);
		for (k = 0; k < v.nown && v.own[k].unit != lc; k++)
			;
		assert_true(k < v.nown);
		o = move_to(g, lc, dest);
		doc->refine(g, &v, &v.own[k], &o, (enum ai_level)lvl);
		ai_view_free(&v);
		assert_int_equal(o.kind, ORDER_MOVE);
		assert_int_equal(o.npts, 1);
		assert_int_equal(o.pts[0].x, dest.x);
		assert_int_equal(o.pts[0].y, dest.y);
		assert_int_equal(game_order(g, &o, &cause), 0);
		assert_null(cause);
		game_turn(g);
		assert_true(g->units[lc].pos.y < 48);
		assert_true(geom_dist(g->units[lc].pos, g->units[vam].pos) <=
		    range);
		game_free(g);
		ruleset_free(rs);
	}
}

/*
 * The horse-and-musket doctrine's judge_guns (HO.7: guns -2 in melee,
 * and rifles -2, open order -1): at the Cowpens' start the Georgia
 * riflemen stand half an inch from a grasshopper gun, here the only
 * British unit left on the field.  Hard, whose margin for a charge the
 * riflemen's edge on the gun does not reach, is not sent in at the gun
 * (as it was while a battalion in contact always went in at guns).
 */
static void
test_ai_hard_rifles_do_not_charge_guns_at_poor_odds(void **state)
{
	struct ai_view v;
	struct ai_plan p;
	struct ruleset *rs;
	struct game *g;
	struct point gun;
	int gar, g1, i, found = 0;

	(void)state;
	g = load_named("cowpens-1781", &rs);
	assert_true(rs->ops->doctrine->judge_guns);
	gar = game_find_unit(g, "GAR");
	g1 = game_find_unit(g, "G1");
	assert_true(gar >= 0 && g1 >= 0);
	gun = g->units[g1].pos;
	/* The gun alone on the field, so that no other enemy's threat or
	 * charge decides the riflemen's order. */
	for (i = 0; i < g->nunits; i++)
		if (g->units[i].side != g->units[gar].side && i != g1) {
			game_occupy(g, i, false);
			g->units[i].cond = COND_DISPERSED;
		}
	ai_view_fill(g, g->units[gar].side, &v);
	ai_think(&v, AI_HARD, &p);
	for (i = 0; i < p.n; i++) {
		const struct order *o = &p.v[i];

		if (o->unit != gar)
			continue;
		found++;
		assert_false(o->kind == ORDER_MOVE &&
		    o->pts[o->npts - 1].x == gun.x &&
		    o->pts[o->npts - 1].y == gun.y);
	}
	/* It stands where it is, its rifles on the gun: no order. */
	assert_int_equal(found, 0);
	ai_plan_free(&p);
	ai_view_free(&v);
	game_free(g);
	ruleset_free(rs);
}

/*
 * The same refine with the riflemen beyond their fire's reach of the
 * horse: the Georgia riflemen moved to [46, 20], 14 inches north of the
 * Legion's other reserve (LC2, in Column behind the Legion infantry),
 * within its 18-inch reach but beyond its own rifles' 12 inches (the
 * data's rifle: long 12, in ticks 48).  Ordered onto them, the horse
 * would charge and falter on the infantry; refined at normal or hard, it
 * marches to the nearest point short of them beyond their rifles,
 * [39, 41].
 */
static void
test_ai_horse_waits_beyond_the_rifles(void **state)
{
	const struct ai_doctrine *doc;
	struct ai_view v;
	struct order o;
	struct ruleset *rs;
	struct game *g;
	struct point at = { 46, 20 };
	int k, lc, gar, lvl;

	(void)state;
	g = load_named("cowpens-1781", &rs);
	doc = rs->ops->doctrine;
	lc = game_find_unit(g, "LC2");
	gar = game_find_unit(g, "GAR");
	assert_true(lc >= 0 && gar >= 0);
	game_occupy(g, gar, false);
	g->units[gar].pos = at;
	assert_int_equal(game_fits(g, gar, at, g->units[gar].facing,
	    g->units[gar].formation, -1, NULL), 0);
	game_occupy(g, gar, true);
	ai_view_fill(g, g->units[lc].side, &v);
	for (k = 0; k < v.nown && v.own[k].unit != lc; k++)
		;
	assert_true(k < v.nown);
	/* Easy leaves it as given; normal and hard refine it alike. */
	o = move_to(g, lc, at);
	doc->refine(g, &v, &v.own[k], &o, AI_EASY);
	assert_int_equal(o.kind, ORDER_MOVE);
	assert_int_equal(o.pts[0].x, at.x);
	assert_int_equal(o.pts[0].y, at.y);
	for (lvl = AI_NORMAL; lvl <= AI_HARD; lvl++) {
		o = move_to(g, lc, at);
		doc->refine(g, &v, &v.own[k], &o, (enum ai_level)lvl);
		assert_int_equal(o.kind, ORDER_MOVE);
		assert_int_equal(o.npts, 1);
		assert_true(geom_dist(o.pts[0], at) > 48);
		assert_int_equal(o.pts[0].x, 39);
		assert_int_equal(o.pts[0].y, 41);
	}
	ai_view_free(&v);
	game_free(g);
	ruleset_free(rs);
}

/* Unit id of game g placed at (x, y) facing f in formation form (by
 * name). */
static void
place_in(struct game *g, const char *id, int x, int y, enum dir f,
    const char *form)
{
	int u = game_find_unit(g, id), k = ruleset_form(g->rs, form);

	assert_true(u >= 0 && k >= 0);
	game_occupy(g, u, false);
	g->units[u].pos = (struct point){ x, y };
	g->units[u].facing = f;
	g->units[u].formation = k;
	game_occupy(g, u, true);
}

/* The Move orders of the plan for unit u that end within d of at. */
static int
moves_near(const struct ai_plan *p, int u, struct point at, int d)
{
	int i, n = 0;

	for (i = 0; i < p->n; i++)
		if (p->v[i].unit == u && p->v[i].kind == ORDER_MOVE &&
		    geom_dist(p->v[i].pts[p->v[i].npts - 1], at) <= d)
			n++;
	return n;
}

/*
 * 3.4.2, 3.6.8 under the Napoleonic doctrine's charge_steps: at the Côa
 * after the first turn of seed 6 the 3e Hussards stand at [37, 2] in
 * Column facing west, the 1/95th Rifles 4 BD off at [30, 11], within the
 * horse's charge reach, and I/32e Léger in Skirmish Group at [35, 4],
 * across the horse's first step towards them.  Ordered onto the rifles,
 * the horse's charge is not made: it could not take its first step
 * (3.4.2; until that reading it was held there in battle contact, turn
 * after turn, all that afternoon), and it marches on its order instead,
 * which takes it no nearer.  The normal plan gives it no march onto
 * them; with the doctrine's charge_steps taken away it did.
 */
static void
test_ai_no_charge_whose_first_step_is_barred(void **state)
{
	const struct ruleset_ops *ops;
	struct ruleset_ops plain;
	struct ai_doctrine doc;
	struct ruleset *rs;
	struct game *g;
	struct ai_view v;
	struct ai_plan p;
	struct order o;
	struct point rifles = { 30, 11 };
	char *cause = NULL;
	int hus, r, k, pass;

	(void)state;
	for (pass = 0; pass < 3; pass++) {
		g = load_named("coa-1810", &rs);
		game_seed(g, 6);
		place_in(g, "3-Hus", 37, 2, DIR_W, "column");
		place_in(g, "1-32Lt", 35, 4, DIR_W, "skirmish");
		/* Lamotte rides with his horse: his orders are in force at
		 * once (3.1.1). */
		k = game_find_general(g, "lamotte");
		assert_true(k >= 0);
		g->generals[k].pos = (struct point){ 40, 3 };
		hus = game_find_unit(g, "3-Hus");
		r = game_find_unit(g, "95R");
		assert_true(r >= 0);
		assert_int_equal(g->units[r].pos.x, rifles.x);
		assert_int_equal(g->units[r].pos.y, rifles.y);
		if (pass == 0) {
			/* As the old plan gave it: the charge is not made
			 * (3.4.2) and the horse marches on its order instead,
			 * 3.5 BD west to [30, 2], no nearer the rifles. */
			o = move_to(g, hus, rifles);
			assert_int_equal(game_order(g, &o, &cause), 0);
			assert_null(cause);
			game_turn(g);
			assert_int_not_equal(g->units[hus].charged, 1);
			assert_int_equal(g->units[hus].pos.x, 30);
			assert_int_equal(g->units[hus].pos.y, 2);
			assert_int_equal(g->units[hus].halt, HALT_SPEED);
			assert_int_equal(g->units[hus].moved, 14);
		} else {
			ops = rs->ops;
			plain = *ops;
			doc = *ops->doctrine;
			doc.charge_steps = pass == 1;
			plain.doctrine = &doc;
			rs->ops = &plain;
			ai_view_fill(g, g->units[hus].side, &v);
			ai_think(&v, AI_NORMAL, &p);
			/* With charge_steps, no march onto the rifles;
			 * without it, the old one. */
			assert_int_equal(moves_near(&p, hus, rifles, 0),
			    pass == 1 ? 0 : 1);
			ai_plan_free(&p);
			ai_view_free(&v);
			rs->ops = ops;
		}
		game_free(g);
		ruleset_free(rs);
	}
}

/*
 * The Côa after its first turns, the east bank cleared: the 43rd, the
 * 52nd and the Rifles taken, the bridge held by nobody, the Allies
 * holding the west bank heights (2 points) against the French knoll (1).
 * II/66e Ligne, in Column at [33, 15], holds the knoll and is the French
 * unit nearest to [23, 16], the one cell of the east bank within holding
 * distance of the bridge (3 points).
 */
static struct game *
coa_bank_cleared(struct ruleset **rs)
{
	static const char *const gone[] = { "43LI", "52LI", "95R" };
	struct game *g = load_named("coa-1810", rs);
	int k, u;

	game_seed(g, 8);
	for (k = 0; k < 3; k++) {
		u = game_find_unit(g, gone[k]);
		assert_true(u >= 0);
		game_occupy(g, u, false);
		g->units[u].cond = COND_CAPTURED;
	}
	place_in(g, "2-66L", 33, 15, DIR_W, "column");
	g->turn = 6;
	return g;
}

/*
 * While the points do not favour it, the garrison of a place goes to a
 * place worth more that nobody holds when no unit of ours is nearer: at
 * the cleared Côa (coa_bank_cleared) II/66e Ligne, holding the knoll
 * (1 point), is sent to [23, 16] to hold the bridge (3), where it had
 * stood on the knoll while the brigades sent to the bridge were held in
 * the vineyards.  With the knoll worth as much as the bridge it stays.
 */
static void
test_ai_garrison_goes_to_a_worthier_place(void **state)
{
	struct ruleset *rs;
	struct game *g;
	struct ai_view v;
	struct ai_plan p;
	struct point stand = { 23, 16 };
	int u, k, knoll = -1, pass;

	(void)state;
	for (pass = 0; pass < 2; pass++) {
		g = coa_bank_cleared(&rs);
		for (k = 0; k < g->nobjectives; k++)
			if (g->objectives[k].at.x == 34 &&
			    g->objectives[k].at.y == 19)
				knoll = k;
		assert_true(knoll >= 0);
		if (pass == 1)
			g->objectives[knoll].points = 3;
		u = game_find_unit(g, "2-66L");
		ai_view_fill(g, g->units[u].side, &v);
		ai_think(&v, AI_NORMAL, &p);
		assert_int_equal(moves_near(&p, u, stand, 0),
		    pass == 0 ? 1 : 0);
		ai_plan_free(&p);
		ai_view_free(&v);
		game_free(g);
		ruleset_free(rs);
	}
}

/*
 * Horse with no prey, while the points do not favour it, rides for the
 * worthiest place nobody holds that it can reach in the turns left
 * rather than wait on a wing: at the cleared Côa (coa_bank_cleared),
 * with nothing of the Allies left on the east bank, both French regiments
 * of horse are sent to [23, 16], from where the bridge is held.  Once
 * the French lead on the places (the heights given to them) they are
 * not.
 */
static void
test_ai_idle_horse_rides_for_an_open_place(void **state)
{
	struct ruleset *rs;
	struct game *g;
	struct ai_view v;
	struct ai_plan p;
	struct point stand = { 23, 16 };
	int hus, ch, pass, k;

	(void)state;
	for (pass = 0; pass < 2; pass++) {
		g = coa_bank_cleared(&rs);
		if (pass == 1)
			for (k = 0; k < g->nobjectives; k++)
				if (g->objectives[k].at.x == 12 &&
				    g->objectives[k].at.y == 18)
					g->objectives[k].points = 0;
		hus = game_find_unit(g, "3-Hus");
		ch = game_find_unit(g, "15-Ch");
		assert_true(hus >= 0 && ch >= 0);
		ai_view_fill(g, g->units[hus].side, &v);
		ai_think(&v, AI_NORMAL, &p);
		assert_int_equal(moves_near(&p, hus, stand, 0) +
		    moves_near(&p, ch, stand, 0), pass == 0 ? 2 : 0);
		ai_plan_free(&p);
		ai_view_free(&v);
		game_free(g);
		ruleset_free(rs);
	}
}

/*
 * A brigade's line is not laid behind a wall from its goal: at the Côa's
 * start the normal French plan forms Simon's brigade across the knoll,
 * and the Légion Hanovrienne's place at the line's southern end fell at
 * [33, 26], inside the vineyard walled on its north (y 21) and east
 * (x 37) sides, reached only round the wall's far end; the Légion
 * marched there by way of [37, 30] or stood boxed in beside the battery.
 * Its march now ends on the goal's side of the wall, north of it.
 */
static void
test_ai_brigade_line_not_behind_a_wall(void **state)
{
	struct ruleset *rs;
	struct game *g;
	struct ai_view v;
	struct ai_plan p;
	struct point to;
	int u, i, moves = 0;

	(void)state;
	g = load_named("coa-1810", &rs);
	game_seed(g, 56);
	u = game_find_unit(g, "LegHan");
	assert_true(u >= 0);
	ai_view_fill(g, g->units[u].side, &v);
	ai_think(&v, AI_NORMAL, &p);
	for (i = 0; i < p.n; i++) {
		if (p.v[i].unit != u || p.v[i].kind != ORDER_MOVE)
			continue;
		moves++;
		to = p.v[i].pts[p.v[i].npts - 1];
		/* Not in the walled vineyard south of the knoll. */
		assert_false(to.x >= 28 && to.x <= 36 && to.y >= 22 &&
		    to.y <= 28);
		assert_true(to.y <= 21);
	}
	assert_int_equal(moves, 1);
	ai_plan_free(&p);
	ai_view_free(&v);
	game_free(g);
	ruleset_free(rs);
}

/* The order plan p gives unit u (a single one), in *o; how many it gives. */
static int
order_of(const struct ai_plan *p, int u, struct order *o)
{
	int i, n = 0;

	for (i = 0; i < p->n; i++)
		if (p->v[i].unit == u) {
			*o = p->v[i];
			n++;
		}
	return n;
}

/*
 * Whether the normal commander of unit u's side orders u into formation
 * form (its one order this turn is that Formation order).
 */
static bool
normal_forms(struct game *g, int u, int form)
{
	struct ai_view v;
	struct ai_plan p;
	struct order o;
	int n;

	ai_view_fill(g, g->units[u].side, &v);
	ai_think(&v, AI_NORMAL, &p);
	memset(&o, 0, sizeof o);
	n = order_of(&p, u, &o);
	ai_plan_free(&p);
	ai_view_free(&v);
	return n == 1 && o.kind == ORDER_FORMATION && o.formation == form;
}

/*
 * Square against horse, but not with formed foot at hand (normal): at the
 * Côa the 1/95th Rifles in Line at [30, 11] facing east, the 3e Hussards
 * in Column 5 cells off at [35, 9], within a turn's ride.  With the
 * French foot where it starts (I/66e Ligne 9 cells off at [39, 11],
 * beyond a charge and a march), the rifles form square (3.4.4: horse
 * falls back from one).  With I/66e in Column 4 cells off at [34, 11],
 * within its 2 BD charge reach, they do not: a square fires with half
 * its men, is hit harder than a Line and meets foot no better (3.7.3,
 * 3.7.4, 3.8.2), and at the Côa the rifles that formed one against the
 * hussars were run down by the column beside them.
 */
static void
test_ai_no_square_against_horse_with_foot_at_hand(void **state)
{
	struct ruleset *rs;
	struct game *g;
	int pass;

	(void)state;
	for (pass = 0; pass < 2; pass++) {
		g = load_named("coa-1810", &rs);
		place_in(g, "95R", 30, 11, DIR_E, "line");
		place_in(g, "3-Hus", 35, 9, DIR_W, "column");
		if (pass == 1)
			place_in(g, "1-66L", 34, 11, DIR_W, "column");
		assert_int_equal(normal_forms(g, game_find_unit(g, "95R"),
		    ruleset_form(rs, "square")), pass == 0);
		game_free(g);
		ruleset_free(rs);
	}
}

/*
 * A Skirmish Group held in battle contact forms Line (normal): at the
 * Côa the 1/95th Rifles in their Group at [30, 11] facing east, I/66e
 * Ligne in Column 3 cells off at [33, 11].  Halted there by the contact
 * last turn (3.6.8), the rifles are ordered into Line, where every man
 * fires (3.7.3: 100% against the Group's 40%) and a charge meets no open
 * order (3.8.2: 0 against -2); not halted by it, they are not.
 */
static void
test_ai_skirmishers_in_contact_form_line(void **state)
{
	struct ruleset *rs;
	struct game *g;
	int r, pass;

	(void)state;
	for (pass = 0; pass < 2; pass++) {
		g = load_named("coa-1810", &rs);
		place_in(g, "95R", 30, 11, DIR_E, "skirmish");
		place_in(g, "1-66L", 33, 11, DIR_W, "column");
		r = game_find_unit(g, "95R");
		if (pass == 1) {
			g->units[r].halt = HALT_CONTACT;
			g->units[r].halt_turn = g->turn;
		}
		assert_int_equal(normal_forms(g, r, ruleset_form(rs, "line")),
		    pass == 1);
		game_free(g);
		ruleset_free(rs);
	}
}

/*
 * The horse-and-musket doctrine's no_supports: at the Cowpens' start
 * the Americans hold both places (5 points to none), and hard, as its
 * plan was, sent the nearest battalion behind each: the Maryland
 * Continentals (MD, at [35, 16]) to [40, 13] behind Howard's rise, and
 * the Delaware and Virginia Continentals (DEVA, at [26, 16]) 16 rows
 * back to [34, 0] on the Broad River road - two of the three battalions
 * of Howard's line taken out of it.  With the doctrine's no_supports
 * (the ruleset's own) neither is sent there; the same doctrine without
 * it (a copy) sends both, as the Napoleonic doctrine still does.
 */
static void
test_ai_hard_sends_no_supports_at_the_cowpens(void **state)
{
	const struct ruleset_ops *ops0;
	struct ruleset_ops ops;
	struct ai_doctrine doc;
	struct ai_view v;
	struct ai_plan p;
	struct ruleset *rs;
	struct game *g;
	struct order o;
	int md, deva, pass, n;

	(void)state;
	for (pass = 0; pass < 2; pass++) {
		g = load_named("cowpens-1781", &rs);
		assert_true(rs->ops->doctrine->no_supports);
		ops0 = rs->ops;
		if (pass == 1) {
			ops = *rs->ops;
			doc = *ops.doctrine;
			doc.no_supports = false;
			ops.doctrine = &doc;
			rs->ops = &ops;
		}
		md = game_find_unit(g, "MD");
		deva = game_find_unit(g, "DEVA");
		assert_true(md >= 0 && deva >= 0);
		assert_int_equal(g->units[md].pos.x, 35);
		assert_int_equal(g->units[md].pos.y, 16);
		assert_int_equal(g->units[deva].pos.x, 26);
		assert_int_equal(g->units[deva].pos.y, 16);
		ai_view_fill(g, g->units[md].side, &v);
		ai_think(&v, AI_HARD, &p);
		memset(&o, 0, sizeof o);
		n = order_of(&p, md, &o);
		if (pass == 1) {
			assert_int_equal(n, 1);
			assert_int_equal(o.pts[o.npts - 1].x, 40);
			assert_int_equal(o.pts[o.npts - 1].y, 13);
		} else
			assert_false(n == 1 && o.npts > 0 &&
			    o.pts[o.npts - 1].x == 40 &&
			    o.pts[o.npts - 1].y == 13);
		memset(&o, 0, sizeof o);
		n = order_of(&p, deva, &o);
		if (pass == 1) {
			assert_int_equal(n, 1);
			assert_int_equal(o.pts[o.npts - 1].x, 34);
			assert_int_equal(o.pts[o.npts - 1].y, 0);
		} else
			assert_false(n == 1 && o.npts > 0 &&
			    o.pts[o.npts - 1].y < 10);
		ai_plan_free(&p);
		ai_view_free(&v);
		rs->ops = ops0;
		game_free(g);
		ruleset_free(rs);
	}
}

/*
 * HO.9.3 in the commander (the doctrine's restore gap): South Carolina
 * militia (Thomas, Hayes), Disordered, with the British Legion infantry
 * in Line 1 inch off its front - within the 3 inches in which a
 * Disordered unit cannot re-form - is not ordered to re-form where it
 * stands, a turn spent in vain, at normal or hard: it falls back north,
 * away from the Legion (a Move or, keeping its facing, a retire, H7),
 * beyond the 3 inches.  With the Legion back in its place at the start,
 * 18 rows off, the same militia is ordered to re-form (Restore).
 */
static void
test_ai_disordered_falls_back_to_re_form(void **state)
{
	const struct hm_turn *t;
	struct ai_view v;
	struct ai_plan p;
	struct ruleset *rs;
	struct game *g;
	struct order o;
	int lgi, scm, lvl, pass;

	(void)state;
	for (pass = 0; pass < 2; pass++) {
		g = load_named("cowpens-1781", &rs);
		t = hm_turn(rs);
		lgi = game_find_unit(g, "LGI");
		scm = game_find_unit(g, "SCM2");
		assert_true(lgi >= 0 && scm >= 0);
		assert_int_equal(g->units[scm].pos.y, 28);
		g->units[scm].cond = COND_MOB;
		if (pass == 0) {
			game_occupy(g, lgi, false);
			g->units[lgi].pos = (struct point){ 40, 31 };
			game_occupy(g, lgi, true);
			assert_true(hm_gap(g, scm, lgi) < t->restore_gap);
		}
		ai_view_fill(g, g->units[scm].side, &v);
		for (lvl = AI_NORMAL; lvl <= AI_HARD; lvl++) {
			ai_think(&v, (enum ai_level)lvl, &p);
			memset(&o, 0, sizeof o);
			assert_int_equal(order_of(&p, scm, &o), 1);
			if (pass == 1)
				assert_int_equal(o.kind, ORDER_RESTORE);
			else {
				assert_true(o.kind == ORDER_MOVE ||
				    (o.kind == ORDER_ACTION &&
				    o.action == HM_ACTION_RETIRE));
				assert_true(o.npts >= 1);
				/* North, beyond the 3 inches (6 cells). */
				assert_true(o.pts[o.npts - 1].y <= 28 - 6);
			}
			ai_plan_free(&p);
		}
		ai_view_free(&v);
		game_free(g);
		ruleset_free(rs);
	}
}

/*
 * The horse-and-musket doctrine's worn mark (90% of the men a battalion
 * began with; it was 80% until charges closed by initiative, HO.3.2,
 * doc/horse-and-musket.md 5.3): the Maryland Continentals (close order, Drill 5) on
 * Howard's rise with the British Legion infantry in Line 4 inches off
 * their front, within the Legion's 6-inch charge reach - a melee the
 * Continentals would win, so nothing sends them back whole - stand
 * their ground at normal while they have all their men.  Down to 150 of
 * 170 (88%, above the old mark), they fall back straight north, away from the Legion, to
 * [35, 9]: out of its reach and 2 cells more.  (Hard uses the same mark;
 * here its own plan already sends them to the crest of the rise.)
 */
static void
test_ai_worn_battalion_falls_back(void **state)
{
	struct ai_view v;
	struct ai_plan p;
	struct ruleset *rs;
	struct game *g;
	struct order o;
	int lgi, md, pass, n;

	(void)state;
	for (pass = 0; pass < 2; pass++) {
		g = load_named("cowpens-1781", &rs);
		assert_int_equal(rs->ops->doctrine->worn, 90);
		lgi = game_find_unit(g, "LGI");
		md = game_find_unit(g, "MD");
		assert_true(lgi >= 0 && md >= 0);
		assert_int_equal(g->units[md].pos.x, 35);
		assert_int_equal(g->units[md].pos.y, 16);
		assert_int_equal(g->units[md].strength, 170);
		game_occupy(g, lgi, false);
		g->units[lgi].pos = (struct point){ 35, 24 };
		game_occupy(g, lgi, true);
		if (pass == 1)
			g->units[md].strength = 150;
		ai_view_fill(g, g->units[md].side, &v);
		ai_think(&v, AI_NORMAL, &p);
		memset(&o, 0, sizeof o);
		n = order_of(&p, md, &o);
		if (pass == 0)
			assert_int_equal(n, 0);
		else {
			assert_int_equal(n, 1);
			assert_true(o.kind == ORDER_MOVE ||
			    (o.kind == ORDER_ACTION &&
			    o.action == HM_ACTION_RETIRE));
			assert_int_equal(o.npts, 1);
			assert_int_equal(o.pts[0].x, 35);
			assert_int_equal(o.pts[0].y, 9);
		}
		ai_plan_free(&p);
		ai_view_free(&v);
		game_free(g);
		ruleset_free(rs);
	}
}

/*
 * The horse-and-musket doctrine's horse_stand_off (hard): Ogilvie's
 * dragoons in Line facing north at [26, 21], 2 inches off the front of
 * the Delaware and Virginia Continentals (Drill 5, close order: the
 * horse's edge on them, HO.7, is short of hard's mark), their march
 * halted by them last turn without a charge (HO.4) and nothing moved.
 * Hard does not leave them there in the Continentals' musketry: they
 * ride straight back from them, out of musket range and 2 inches more
 * (16 cells, to [26, 37]).
 * Normal follows its prey as before.  Put in front of South Carolina
 * militia instead (rifles, open order: an edge hard takes), the halted
 * horse charges the militia rather than ride away.
 */
static void
test_ai_hard_horse_halted_at_the_enemy_rides_back(void **state)
{
	struct ai_view v;
	struct ai_plan p;
	struct ruleset *rs;
	struct game *g;
	struct order o = { 0 };
	int dl, deva, scm, k;

	(void)state;
	g = load_named("cowpens-1781", &rs);
	assert_true(rs->ops->doctrine->horse_stand_off);
	dl = game_find_unit(g, "DL");
	deva = game_find_unit(g, "DEVA");
	scm = game_find_unit(g, "SCM2");
	assert_true(dl >= 0 && deva >= 0 && scm >= 0);
	assert_int_equal(g->units[deva].pos.x, 26);
	assert_int_equal(g->units[deva].pos.y, 16);
	game_occupy(g, dl, false);
	g->units[dl].pos = (struct point){ 26, 21 };
	g->units[dl].facing = DIR_N;
	assert_int_equal(game_fits(g, dl, g->units[dl].pos, DIR_N,
	    g->units[dl].formation, -1, NULL), 0);
	game_occupy(g, dl, true);
	g->units[dl].halt = HALT_CONTACT;
	g->units[dl].halt_turn = g->turn - 1;
	g->units[dl].moved = 0;
	ai_view_fill(g, g->units[dl].side, &v);
	ai_think(&v, AI_HARD, &p);
	assert_int_equal(order_of(&p, dl, &o), 1);
	assert_int_equal(o.kind, ORDER_MOVE);
	assert_int_equal(o.pts[o.npts - 1].x, 26);
	assert_int_equal(o.pts[o.npts - 1].y, 37);
	ai_plan_free(&p);
	ai_think(&v, AI_NORMAL, &p);
	for (k = 0; k < p.n; k++)
		if (p.v[k].unit == dl && p.v[k].kind == ORDER_MOVE)
			assert_false(p.v[k].pts[p.v[k].npts - 1].x == 26 &&
			    p.v[k].pts[p.v[k].npts - 1].y == 37);
	ai_plan_free(&p);
	ai_view_free(&v);
	/* Halted 2 inches off the militia's front: it charges them. */
	game_occupy(g, dl, false);
	g->units[dl].pos = (struct point){ 40, 32 };
	assert_int_equal(game_fits(g, dl, g->units[dl].pos, DIR_N,
	    g->units[dl].formation, -1, NULL), 0);
	game_occupy(g, dl, true);
	ai_view_fill(g, g->units[dl].side, &v);
	ai_think(&v, AI_HARD, &p);
	assert_int_equal(order_of(&p, dl, &o), 1);
	assert_int_equal(o.kind, ORDER_MOVE);
	assert_int_equal(o.pts[o.npts - 1].x, g->units[scm].pos.x);
	assert_int_equal(o.pts[o.npts - 1].y, g->units[scm].pos.y);
	ai_plan_free(&p);
	ai_view_free(&v);
	game_free(g);
	ruleset_free(rs);
}

/*
 * The horse-and-musket doctrine's evade_horse_edge (hard): Augusta County
 * riflemen (open order, Drill 4, facing south on Howard's left at
 * [53, 16]) with Ogilvie's dragoons in Line 5 inches off their left flank
 * at [64, 16], facing them, well within the horse's charge reach.  By its
 * own charge on the horse (HO.7: open order -1, no horse bonus) the
 * battalion would not lose, and the evade as first written left it
 * standing; by the horse's charge on it (+1 charged, +2 horse on a
 * flank, +2 striking a flank) it would, and hard falls back away from the
 * horse, west along its line.  Normal falls back so too: the horse faces
 * the riflemen, so it could charge them next turn (evade_horse_normal;
 * before, normal stood).
 */
static void
test_ai_hard_foot_falls_back_from_horse_on_its_flank(void **state)
{
	struct ai_view v;
	struct ai_plan p;
	struct ruleset *rs;
	struct game *g;
	struct order o = { 0 };
	int dl, var;

	(void)state;
	g = load_named("cowpens-1781", &rs);
	assert_true(rs->ops->doctrine->evade);
	assert_true(rs->ops->doctrine->evade_horse_edge > 0);
	dl = game_find_unit(g, "DL");
	var = game_find_unit(g, "VAR");
	assert_true(dl >= 0 && var >= 0);
	assert_int_equal(g->units[var].pos.x, 53);
	assert_int_equal(g->units[var].pos.y, 16);
	assert_int_equal(g->units[var].facing, DIR_S);
	game_occupy(g, dl, false);
	g->units[dl].pos = (struct point){ 64, 16 };
	g->units[dl].facing = DIR_W;
	assert_int_equal(game_fits(g, dl, g->units[dl].pos, DIR_W,
	    g->units[dl].formation, -1, NULL), 0);
	game_occupy(g, dl, true);
	ai_view_fill(g, g->units[var].side, &v);
	ai_think(&v, AI_HARD, &p);
	assert_int_equal(order_of(&p, var, &o), 1);
	assert_int_equal(o.kind, ORDER_MOVE);
	assert_true(o.pts[o.npts - 1].x < 53 - 12);
	assert_int_equal(o.pts[o.npts - 1].y, 16);
	ai_plan_free(&p);
	ai_think(&v, AI_NORMAL, &p);
	assert_int_equal(order_of(&p, var, &o), 1);
	assert_int_equal(o.kind, ORDER_MOVE);
	assert_true(o.pts[o.npts - 1].x < 53 - 12);
	assert_int_equal(o.pts[o.npts - 1].y, 16);
	ai_plan_free(&p);
	ai_view_free(&v);
	game_free(g);
	ruleset_free(rs);
}

/*
 * The horse-and-musket doctrine's evade_horse_normal and its arc: the
 * same Augusta County riflemen with Ogilvie's dragoons 5 inches off
 * their left flank, but facing north, the riflemen off their left hand
 * (90 degrees from their front, beyond evade_horse_arc): the horse
 * cannot charge them in the next charges phase (HO.3.1: the target in
 * the front arc) without turning first.  Normal does not fall back (it
 * goes for the horse's open flank instead); hard, which judges the horse by its charge wherever it faces, falls
 * back west as before.
 */
static void
test_ai_normal_rifles_hold_off_horse_facing_away(void **state)
{
	struct ai_view v;
	struct ai_plan p;
	struct ruleset *rs;
	struct game *g;
	struct order o = { 0 };
	int dl, var;

	(void)state;
	g = load_named("cowpens-1781", &rs);
	assert_non_null(rs->ops->doctrine->evade_horse_normal);
	assert_int_equal(rs->ops->doctrine->evade_horse_arc, 1);
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
	/* It does not fall back: no Move order west, away from the horse
	 * (here it goes for his flank, a Move onto him). */
	if (order_of(&p, var, &o) == 1 && o.kind == ORDER_MOVE)
		assert_true(o.pts[o.npts - 1].x >= 53);
	ai_plan_free(&p);
	ai_think(&v, AI_HARD, &p);
	assert_int_equal(order_of(&p, var, &o), 1);
	assert_int_equal(o.kind, ORDER_MOVE);
	assert_true(o.pts[o.npts - 1].x < 53);
	ai_plan_free(&p);
	ai_view_free(&v);
	game_free(g);
	ruleset_free(rs);
}

/*
 * Idle horse waits on the wing of the main effort where its block has
 * room to turn, not on the map's edge.  At the Côa the French wing is
 * reckoned 28 cells north or south of the bridge, past the map's edge;
 * brought back onto the map it lay in a corner, and the 15e Chasseurs,
 * a Column 4 cells deep, rode down the eastern edge to [46, 31] facing
 * south and stood there boxed, no room to turn west anywhere it could
 * reach in its formation (3.6.3, 3.6.7), for the rest of the afternoon.
 * Normal against normal, seeds 1 to 10: the turns in which a unit of
 * the French side stood so boxed, as its walk says ("it needs another
 * formation"), and where the 15e Chasseurs ends seed 3.  Before: 10
 * boxed turns, the Chasseurs at [46, 31] (the afternoon 12 turns, the
 * hussars starting on the map's second row); with the scenario as it
 * was then, 2 boxed turns without the wing kept off the edge, 0 with
 * it.  Since the corps' reserve battery stands in action at [41, 27],
 * 1: on seed 7, turn 14, the 3e Hussards, riding down the eastern edge
 * towards [44, 28], stand boxed at [46, 26] facing south (a weakness
 * of the commander, noted; they are given Stop the next turn).  Since a
 * unit whose place a standing friend holds takes the nearest free place
 * instead (3.6.7), 0.
 */
static void
test_ai_idle_horse_keeps_room_to_turn(void **state)
{
	struct ruleset *rs;
	struct game *g;
	int seed, s, i, boxed = 0, french;
	struct point end = { -1, -1 };

	(void)state;
	for (seed = 1; seed <= 10; seed++) {
		g = load_named("coa-1810", &rs);
		game_seed(g, (uint64_t)seed);
		french = g->units[game_find_unit(g, "15-Ch")].side;
		while (!game_over(g) && !g->sides[0].broken &&
		    !g->sides[1].broken) {
			for (s = 0; s < 2; s++)
				assert_int_equal(ai_orders(g, s, AI_NORMAL,
				    NULL), 0);
			game_turn(g);
		}
		for (i = 0; i < g->log.n; i++)
			boxed += g->log.v[i].unit >= 0 &&
			    g->units[g->log.v[i].unit].side == french &&
			    g->log.v[i].text != NULL &&
			    strstr(g->log.v[i].text,
			    "it needs another formation") != NULL;
		if (seed == 3)
			end = g->units[game_find_unit(g, "15-Ch")].pos;
		game_free(g);
		ruleset_free(rs);
	}
	print_message("French units boxed in %d turns; the 15e Chasseurs "
	    "ends seed 3 at [%d, %d]\n", boxed, end.x, end.y);
	assert_int_equal(boxed, 0);
	assert_false(end.x == 46 && end.y == 31);
}

/*
 * A garrison of foot under the enemy's guns, with no enemy foot or horse
 * that could close with it soon, holds its place in open order (3.7.4:
 * the guns hit 40% of what they hit in Line, a Skirmish Group against a
 * Column's 125%).  At the Côa, turn 4, the 43rd and the Rifles gone, the
 * 52nd holds the bridge from the west bank in Road Column at [19, 16],
 * and Loison's battery is in action across the river at [30, 16]: the
 * normal Allied plan orders the 52nd into a Skirmish Group.  With a
 * French battalion over the river at [14, 12] it does not; and standing
 * in open order with that battalion near, it forms to fight again
 * (Line).  Before, it stood in its column under the guns, losing 36 to
 * 84 men a turn.
 */
static void
test_ai_garrison_under_guns_in_open_order(void **state)
{
	static const char *const gone[] = { "43LI", "95R" };
	struct ruleset *rs;
	struct game *g;
	struct ai_view v;
	struct ai_plan p;
	struct order o;
	int pass, k, u, want[3];

	(void)state;
	for (pass = 0; pass < 3; pass++) {
		g = load_named("coa-1810", &rs);
		game_seed(g, 1);
		for (k = 0; k < 2; k++) {
			u = game_find_unit(g, gone[k]);
			assert_true(u >= 0);
			game_occupy(g, u, false);
			g->units[u].cond = COND_CAPTURED;
		}
		place_in(g, "52LI", 19, 16, DIR_E, pass == 2 ? "skirmish" :
		    "road_column");
		place_in(g, "FA-Loison", 30, 16, DIR_W, "unlimbered");
		if (pass > 0)
			place_in(g, "1-66L", 14, 12, DIR_S, "column");
		g->turn = 4;
		u = game_find_unit(g, "52LI");
		ai_view_fill(g, g->units[u].side, &v);
		ai_think(&v, AI_NORMAL, &p);
		want[pass] = order_of(&p, u, &o) == 1 &&
		    o.kind == ORDER_FORMATION ? o.formation : -1;
		ai_plan_free(&p);
		ai_view_free(&v);
		game_free(g);
		if (pass < 2)
			ruleset_free(rs);
	}
	assert_int_equal(want[0], ruleset_form(rs, "skirmish"));
	assert_int_not_equal(want[1], ruleset_form(rs, "skirmish"));
	assert_int_equal(want[2], ruleset_form(rs, "line"));
	ruleset_free(rs);
}

/*
 * A march sent round a friend in its way is not sent round the side
 * where the map's edge would leave its block no facing back towards its
 * goal (the doctrine's steer_off_edge).  At the Coa, turn 1 (seed 2),
 * the 15e Chasseurs, a Column 4 cells deep at [44, 24] facing W, ride
 * for the Rifles at [30, 11] with Loison's battery across the way: sent
 * round its north-east side, at [45, 17], the block on the map's last
 * columns could face only along the edge or off it, never west again,
 * and the horse rode along the edge into the corner and stood there,
 * boxed (3.6.3: the block swings about its front).  Now no point of its
 * order lies where its block could not face its next point.
 */
static void
test_ai_horse_not_sent_round_a_friend_along_the_edge(void **state)
{
	struct ruleset *rs;
	struct game *g;
	struct ai_view v;
	struct ai_plan p;
	struct order o;
	struct point *c;
	int u, k, j, n, d;

	(void)state;
	g = load_named("coa-1810", &rs);
	game_seed(g, 2);
	u = game_find_unit(g, "15-Ch");
	assert_true(u >= 0);
	assert_int_equal(g->units[u].pos.x, 44);
	assert_int_equal(g->units[u].pos.y, 24);
	ai_view_fill(g, g->units[u].side, &v);
	ai_think(&v, AI_NORMAL, &p);
	assert_int_equal(order_of(&p, u, &o), 1);
	assert_int_equal(o.kind, ORDER_MOVE);
	assert_true(o.npts >= 2);	/* round the battery */
	c = game_cells_take(g);
	for (k = 0; k + 1 < o.npts; k++) {
		d = geom_heading(o.pts[k], o.pts[k + 1]);
		n = game_footprint_at(g, &g->units[u], o.pts[k], (enum dir)d,
		    g->units[u].formation, c);
		for (j = 0; j < n; j++)
			assert_true(map_inside(g->map, c[j].x, c[j].y));
	}
	game_cells_give(g, c);
	ai_plan_free(&p);
	ai_view_free(&v);
	game_free(g);
	ruleset_free(rs);
}

/*
 * Horse does not ride at prey across a defile (3.6.6: at the Côa only a
 * Road Column passes the bridge, one unit a turn): it would stand at the
 * water under the enemy's muskets.  The ground the commander reckons its
 * troops reach is the whole army's, and the Allies start with the 43rd
 * and the Rifles on the east bank, so the east bank was in it: the 1st
 * Hussars KGL, on the west bank, were ordered to charge I/32e Léger on
 * the east bank (seed 2, turn 1).  The squadron's own side of the
 * defiles is read too: over seeds 1 to 6 no Move order of the KGL
 * hussars leads over the river (the water is at x 21 and 22).
 */
static void
test_ai_horse_does_not_ride_at_prey_over_the_river(void **state)
{
	struct ruleset *rs;
	struct game *g;
	struct ai_view v;
	struct ai_plan p;
	struct order o;
	int seed, u, moves = 0;

	(void)state;
	for (seed = 1; seed <= 6; seed++) {
		g = load_named("coa-1810", &rs);
		game_seed(g, (uint64_t)seed);
		u = game_find_unit(g, "1HusKGL");
		assert_true(u >= 0);
		assert_true(g->units[u].pos.x < 21);
		ai_view_fill(g, g->units[u].side, &v);
		ai_think(&v, AI_NORMAL, &p);
		if (order_of(&p, u, &o) == 1 && o.kind == ORDER_MOVE) {
			moves++;
			assert_true(o.pts[o.npts - 1].x < 21);
		}
		ai_plan_free(&p);
		ai_view_free(&v);
		game_free(g);
		ruleset_free(rs);
	}
	print_message("1st Hussars KGL: %d Move orders, none over the "
	    "river\n", moves);
	assert_true(moves > 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ai_level_names),
		cmocka_unit_test(test_ai_orders_are_a_players),
		cmocka_unit_test(
		    test_ai_goes_round_walls_and_forms_where_there_is_room),
		cmocka_unit_test(test_ai_view_has_no_enemy_orders),
		cmocka_unit_test(test_ai_leaves_the_game_dice_alone),
		cmocka_unit_test(test_ai_is_deterministic),
		cmocka_unit_test(test_ai_normal_orders_moves_and_beats_passive),
		cmocka_unit_test(test_ai_hard_guns_fire_canister),
		cmocka_unit_test(test_ai_guns_make_room_for_a_boxed_friend),
		cmocka_unit_test(test_ai_column_follows_a_friend_that_marches_first),
		cmocka_unit_test(test_ai_no_march_without_speed),
		cmocka_unit_test(test_ai_unthreatened_garrison_stays),
		cmocka_unit_test(test_ai_line_that_turned_stays_line),
		cmocka_unit_test(test_ai_no_march_that_cannot_start),
		cmocka_unit_test(test_ai_frozen_twice_is_given_another_order),
		cmocka_unit_test(test_ai_boxed_column_faces_about_and_marches_out),
		cmocka_unit_test(test_ai_stuck_guns_not_sent_where_they_cannot_turn),
		cmocka_unit_test(test_ai_keeps_a_march_rather_than_face_about),
		cmocka_unit_test(test_ai_garrison_steps_out_of_the_guns_reach),
		cmocka_unit_test(test_ai_guns_go_to_an_enemy_standing_beyond_a_defile),
		cmocka_unit_test(test_ai_normal_beats_passive_on_default),
		cmocka_unit_test(test_ai_halts_at_the_edge_of_contact),
		cmocka_unit_test(test_ai_holds_a_bridge_from_the_bank),
		cmocka_unit_test(test_ai_hard_beats_normal_on_each_side),
		cmocka_unit_test(test_ai_hard_crosses_the_guns_ground_in_open_order),
		cmocka_unit_test(test_ai_hard_falls_back_over_the_bridge),
		cmocka_unit_test(test_ai_garrison_holds_a_bridge_from_its_own_bank),
		cmocka_unit_test(test_ai_plays_a_ruleset_without_doctrine),
		cmocka_unit_test(test_ai_plays_the_cowpens_at_every_level),
		cmocka_unit_test(test_ai_horse_marches_rather_than_falter),
		cmocka_unit_test(test_ai_hm_falter_march_is_not_to_the_rear),
		cmocka_unit_test(test_ai_horse_rides_on_into_musketry),
		cmocka_unit_test(test_ai_hard_sends_no_supports_at_the_cowpens),
		cmocka_unit_test(test_ai_horse_waits_beyond_the_rifles),
		cmocka_unit_test(test_ai_hard_rifles_do_not_charge_guns_at_poor_odds),
		cmocka_unit_test(test_002_H7_ai_retires_keeping_facing),
		cmocka_unit_test(test_ai_horse_rides_at_rifles_it_would_beat),
		cmocka_unit_test(test_HO_6_4_ai_raw_battalion_holds_its_ground),
		cmocka_unit_test(test_HO_6_4_ai_raw_by_the_dice_figures),
		cmocka_unit_test(test_HO_6_4_ai_raw_battalion_holds_at_its_reach),
		cmocka_unit_test(test_ai_horse_does_not_ride_at_open_foot_at_edge_three),
		cmocka_unit_test(test_ai_foot_charges_rifles_in_reach),
		cmocka_unit_test(test_ai_normal_foot_charges_rifles_at_edge_two),
		cmocka_unit_test(test_ai_hard_militia_falls_back_out_of_charge_reach),
		cmocka_unit_test(test_ai_normal_line_falls_back_from_horse),
		cmocka_unit_test(
		    test_ai_hard_attacker_does_not_fall_back_from_horse_off_its_front),
		cmocka_unit_test(test_ai_hard_horse_halted_at_the_enemy_rides_back),
		cmocka_unit_test(test_ai_disordered_falls_back_to_re_form),
		cmocka_unit_test(test_ai_worn_battalion_falls_back),
		cmocka_unit_test(test_ai_hard_foot_falls_back_from_horse_on_its_flank),
		cmocka_unit_test(test_ai_normal_rifles_hold_off_horse_facing_away),
		cmocka_unit_test(test_ai_hard_general_rides_after_his_men),
		cmocka_unit_test(test_ai_hard_guns_turn_from_routers),
		cmocka_unit_test(test_ai_no_charge_whose_first_step_is_barred),
		cmocka_unit_test(test_ai_no_square_against_horse_with_foot_at_hand),
		cmocka_unit_test(test_ai_skirmishers_in_contact_form_line),
		cmocka_unit_test(test_ai_garrison_goes_to_a_worthier_place),
		cmocka_unit_test(test_ai_idle_horse_rides_for_an_open_place),
		cmocka_unit_test(test_ai_idle_horse_keeps_room_to_turn),
		cmocka_unit_test(
		    test_ai_horse_does_not_ride_at_prey_over_the_river),
		cmocka_unit_test(
		    test_ai_horse_not_sent_round_a_friend_along_the_edge),
		cmocka_unit_test(test_ai_garrison_under_guns_in_open_order),
		cmocka_unit_test(test_ai_brigade_line_not_behind_a_wall),
		cmocka_unit_test(test_ai_games_complete_on_every_scenario),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
