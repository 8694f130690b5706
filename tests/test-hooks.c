/*
 * test-hooks.c - the engine's side of the ruleset interface for movement:
 * it charges every price the ruleset names (a pass through a friend, a
 * formation change on the way) and leaves what a march does to a unit to
 * the ruleset's hooks (move_init, move_upset, move_passed, move_commit).
 * Each test runs one march twice on the real Napoleonic tables: once with
 * the Napoleonic module, once with a copy of its ops changed the way
 * another ruleset would (a price added, a hook left out), and checks the
 * difference is exactly what that change says.
 */
#include "config.h"

#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/game.h"
#include "core/move.h"
#include "core/path.h"
#include "core/ruleset.h"
#include "io/load.h"
#include "rules/napoleonic/move.h"

static struct ruleset *
rules(void)
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

/* Side 0's unit A of arm (class light or line) in formation form at
 * (10, 20) facing north on a 30 x 30 open map, under a Move order to
 * (10, 2); ground land fills row 17 when not NULL. */
static struct game *
march(const struct ruleset *rs, enum arm arm, const char *form,
    const char *land)
{
	struct game *g = game_create(rs, map_create(30, 30));
	struct unit *u;
	int x, a;

	game_add_side(g, "French");
	game_add_side(g, "Allied");
	game_add_general(g, "fr", "General", 0, -1);
	game_add_general(g, "al", "General", 1, -1);
	if (land != NULL)
		for (x = 0; x < 30; x++)
			map_cell(g->map, x, 17)->land = ruleset_land(rs, land);
	a = game_add_unit(g, "a", "A", 0, 0);
	u = &g->units[a];
	u->arm = arm;
	u->klass = ruleset_class(rs, arm, arm == ARM_CAVALRY ? "light" :
	    "line");
	unit_attr_set(u, ruleset_attr(g->rs, "drill"), 4);
	unit_attr_set(u, ruleset_attr(g->rs, "musician"), true);
	u->strength = u->strength0 = 600;
	u->formation = ruleset_form(rs, form);
	u->pos = (struct point){ 10, 20 };
	u->facing = DIR_N;
	u->cond = COND_FORMED;
	game_occupy(g, a, true);
	g->opt.courier_delay = false;
	u->order.kind = ORDER_MOVE;
	u->order.unit = a;
	u->order.pts[0] = (struct point){ 10, 2 };
	u->order.npts = 1;
	return g;
}

/* A standing friend of A in formation form at (10, y). */
static int
friend_at(struct game *g, const char *form, int y)
{
	int f = game_add_unit(g, "b", "B", 0, 0);
	struct unit *u = &g->units[f];

	u->arm = ARM_INFANTRY;
	unit_attr_set(u, ruleset_attr(g->rs, "drill"), 4);
	u->strength = u->strength0 = 600;
	u->formation = ruleset_form(g->rs, form);
	u->pos = (struct point){ 10, y };
	u->facing = DIR_N;
	u->cond = COND_FORMED;
	game_occupy(g, f, true);
	return f;
}

/* The ops under test, a changed copy of the Napoleonic ones. */
static struct ruleset_ops ops;
static const struct ruleset_ops *nap;
static int toll;

static void
pass_with_toll(const struct game *g, const struct move_walk *w, int f,
    enum dir d, bool moving, struct move_price *p)
{
	nap->move_pass(g, w, f, d, moving, p);
	p->ticks += toll;
}

static void
step_with_toll(const struct game *g, const struct move_walk *w, enum dir d,
    struct move_price *p)
{
	nap->move_step(g, w, d, p);
	if (p->verdict == MOVE_CHANGE)
		p->ticks += toll;
}

/* Swap in the changed ops (ops) for a game's ruleset, or back. */
static void
use_ops(struct ruleset *rs, bool changed)
{
	if (changed) {
		nap = rs->ops;
		ops = *nap;
		rs->ops = &ops;
	} else
		rs->ops = nap;
}

/*
 * A light cavalry Column (4 cells deep, 4 BD = 16 ticks) passes a
 * standing Skirmish Group (2 cells deep) 2 cells ahead: right through in
 * 7 cells.  A pass priced 2 ticks is paid once: 16 - 2 leaves 14, just
 * enough, and it ends 7 cells on; priced 4, the 18 ticks the pass needs
 * are more than it has and it stops behind the friend.
 */
static void
test_hooks_pass_price_is_paid_once(void **state)
{
	struct ruleset *rs = rules();
	struct game *g;
	int spent;

	(void)state;
	g = march(rs, ARM_CAVALRY, "column", NULL);
	friend_at(g, "skirmish", 17);
	assert_int_equal(move_unit(g, NULL, 0, -1, NULL, NULL), 16);
	assert_int_equal(g->units[0].moved, 16);
	assert_int_equal(g->units[0].pos.y, 12);
	game_free(g);

	use_ops(rs, true);
	ops.move_pass = pass_with_toll;
	toll = 2;
	g = march(rs, ARM_CAVALRY, "column", NULL);
	friend_at(g, "skirmish", 17);
	spent = move_unit(g, NULL, 0, -1, NULL, NULL);
	assert_int_equal(g->units[0].moved, 14);	/* 7 cells */
	assert_int_equal(spent, 14 + 2);
	assert_int_equal(g->units[0].pos.y, 13);
	game_free(g);

	toll = 4;
	g = march(rs, ARM_CAVALRY, "column", NULL);
	friend_at(g, "skirmish", 17);
	move_unit(g, NULL, 0, -1, NULL, NULL);
	assert_int_equal(g->units[0].pos.y, 19);	/* behind it */
	assert_int_equal(g->units[0].halt, HALT_BLOCKED);
	game_free(g);
	use_ops(rs, false);
	ruleset_free(rs);
}

/* A pass the Napoleonic way going north, refused going any other way,
 * explained (when the walk explains) under the rule "T.1". */
static void
pass_northwards(const struct game *g, const struct move_walk *w, int f,
    enum dir d, bool moving, struct move_price *p)
{
	nap->move_pass(g, w, f, d, moving, p);
	if (d == DIR_N)
		return;
	move_price_init(p);
	p->verdict = MOVE_NEVER;
	p->halt = HALT_BLOCKED;
	if (w->explain) {
		strcpy(p->notes[0].rule, "T.1");
		strcpy(p->notes[0].text, "passes through friends only going "
		    "north");
		p->nnotes = 1;
	}
}

/* The Napoleonic start of a walk with 200 ticks (50 BD) more. */
static int
begin_far(const struct game *g, struct move_walk *w)
{
	int r = nap->move_begin(g, w);

	w->left += 200;
	w->allowance += 200;
	return r;
}

/* Unit u's log lines citing rule with text, in the game's log. */
static int
cites(const struct game *g, int u, const char *rule, const char *text)
{
	int i, n = 0;

	for (i = 0; i < g->log.n; i++)
		if (g->log.v[i].unit == u &&
		    strcmp(g->log.v[i].rule, rule) == 0 &&
		    strstr(g->log.v[i].text, text) != NULL)
			n++;
	return n;
}

/*
 * A friend met again in one walk cites the rule its pass does, as when
 * first met.  Under a ruleset whose passes go north only (T.1) and whose
 * walks have 50 BD more: the cavalry Column A at (10, 20) facing N,
 * sent by (10, 6) to (10, 27), in a gap of open ground x 7 to 13 between
 * water from row 8 to 25, passes through the Skirmish Group B at
 * (10, 17), faces about at (10, 6) and meets B again going south: it
 * finds no way round it (the search's note cites 3.6.7, the engine's
 * rule for a blocked way), and the refusal ("passes through friends
 * only going north") and the halt at (11, 16) facing S cite T.1, the
 * pass's rule, not 3.6.7.  Met first going south (A at (10, 6) facing
 * S, sent to (10, 27)), B is refused the same: the search under 3.6.7,
 * the refusal and the halt, at (10, 16), under T.1.
 */
static void
test_hooks_friend_met_again_cites_the_pass_rule(void **state)
{
	struct ruleset *rs = rules();
	struct game *g;
	int pass, x, y;

	(void)state;
	use_ops(rs, true);
	ops.move_pass = pass_northwards;
	ops.move_begin = begin_far;
	for (pass = 0; pass < 2; pass++) {
		g = march(rs, ARM_CAVALRY, "column", NULL);
		friend_at(g, "skirmish", 17);
		for (y = 8; y <= 25; y++)
			for (x = 0; x < 30; x++)
				if (x < 7 || x > 13)
					map_cell(g->map, x, y)->land =
					    (uint8_t)ruleset_land(rs, "water");
		if (pass == 0) {
			g->units[0].order.pts[0] = (struct point){ 10, 6 };
			g->units[0].order.pts[1] = (struct point){ 10, 27 };
			g->units[0].order.npts = 2;
		} else {
			game_occupy(g, 0, false);
			g->units[0].pos = (struct point){ 10, 6 };
			g->units[0].facing = DIR_S;
			game_occupy(g, 0, true);
			g->units[0].order.pts[0] = (struct point){ 10, 27 };
		}
		move_unit(g, NULL, 0, -1, NULL, NULL);
		assert_int_equal(cites(g, 0, "3.6.7", "A passes through "
		    "standing B: neither blocks"), pass == 0);
		assert_int_equal(cites(g, 0, "3.6.7", "B stands in the way of "
		    "A and it finds no way round it towards [10, 27]"), 1);
		assert_int_equal(cites(g, 0, "T.1", "passes through friends "
		    "only going north"), 1);
		assert_int_equal(cites(g, 0, "T.1", "the way is blocked"), 1);
		assert_int_equal(cites(g, 0, "3.6.7", "the way is blocked"), 0);
		assert_int_equal(g->units[0].halt, HALT_BLOCKED);
		assert_int_equal(g->units[0].pos.x, pass == 0 ? 11 : 10);
		assert_int_equal(g->units[0].pos.y, 16);
		assert_int_equal(g->units[0].facing, DIR_S);
		game_free(g);
	}
	use_ops(rs, false);
	ruleset_free(rs);
}

/*
 * A Line (3 BD = 12 ticks) meets a village, which a Line may not enter,
 * after 2 cells: the Napoleonic rules change it to Manoeuvre Column for
 * nothing (3.6.5).  A change priced 2 ticks is paid: what it spends is
 * what it walked plus 2.  Priced 10, more than the 8 it has left, the
 * change is not made and it stops in Line.
 */
static void
test_hooks_change_price_is_paid(void **state)
{
	struct ruleset *rs = rules();
	struct game *g;
	int mc = ruleset_form(rs, "manoeuvre_column"), spent;

	(void)state;
	g = march(rs, ARM_INFANTRY, "line", "village");
	assert_int_equal(move_unit(g, NULL, 0, -1, NULL, NULL), 12);
	assert_int_equal(g->units[0].formation, mc);
	assert_int_equal(g->units[0].pos.y, 17);	/* in the village */
	game_free(g);

	use_ops(rs, true);
	ops.move_step = step_with_toll;
	toll = 2;
	g = march(rs, ARM_INFANTRY, "line", "village");
	spent = move_unit(g, NULL, 0, -1, NULL, NULL);
	assert_int_equal(g->units[0].formation, mc);
	assert_int_equal(g->units[0].moved, 4);
	assert_int_equal(spent, 4 + 2);
	game_free(g);

	toll = 10;
	g = march(rs, ARM_INFANTRY, "line", "village");
	spent = move_unit(g, NULL, 0, -1, NULL, NULL);
	assert_int_equal(g->units[0].formation, ruleset_form(rs, "line"));
	assert_int_equal(g->units[0].pos.y, 18);
	assert_int_equal(g->units[0].halt, HALT_SPEED);
	assert_int_equal(spent, 4);
	game_free(g);
	use_ops(rs, false);
	ruleset_free(rs);
}

/*
 * A Column walks into a lake no formation may enter.  The Napoleonic
 * module's move_upset makes it a Mob without its musician and cancels
 * its Move order (3.6.5); a ruleset without the hook only halts it there,
 * formed, musician and order kept.  Both stop at the same cell.
 */
static void
test_hooks_upset_is_the_rulesets(void **state)
{
	struct ruleset *rs = rules();
	struct game *g;

	(void)state;
	g = march(rs, ARM_INFANTRY, "column", "water");
	move_unit(g, NULL, 0, -1, NULL, NULL);
	assert_int_equal(g->units[0].pos.y, 18);
	assert_int_equal(g->units[0].cond, COND_MOB);
	assert_false(unit_attr(&g->units[0], ruleset_attr(g->rs, "musician")));
	assert_int_equal(g->units[0].order.kind, ORDER_NONE);
	game_free(g);

	use_ops(rs, true);
	ops.move_upset = NULL;
	g = march(rs, ARM_INFANTRY, "column", "water");
	move_unit(g, NULL, 0, -1, NULL, NULL);
	assert_int_equal(g->units[0].pos.y, 18);
	assert_int_equal(g->units[0].halt, HALT_TERRAIN);
	assert_int_equal(g->units[0].cond, COND_FORMED);
	assert_true(unit_attr(&g->units[0], ruleset_attr(g->rs, "musician")));
	assert_int_equal(g->units[0].order.kind, ORDER_MOVE);
	game_free(g);
	use_ops(rs, false);
	ruleset_free(rs);
}

/*
 * A battery's action points are the module's: with its move_commit the
 * Napoleonic module records what an unlimbered battery spent to limber
 * and march (3.6.3: limber_ap); a ruleset without one leaves the unit's
 * record alone, though the battery limbers and marches the same.
 */
static void
test_hooks_commit_keeps_the_modules_state(void **state)
{
	struct ruleset *rs = rules();
	struct game *g;

	(void)state;
	g = march(rs, ARM_ARTILLERY, "unlimbered", NULL);
	g->units[0].klass = ruleset_class(rs, ARM_ARTILLERY, "light");
	move_unit(g, NULL, 0, -1, NULL, NULL);
	assert_true(g->units[0].moved > 0);
	assert_int_equal(nap_ap_used(rs, &g->units[0]),
	    nap_move(rs)->limber_ap);
	game_free(g);

	use_ops(rs, true);
	ops.move_commit = NULL;
	g = march(rs, ARM_ARTILLERY, "unlimbered", NULL);
	g->units[0].klass = ruleset_class(rs, ARM_ARTILLERY, "light");
	move_unit(g, NULL, 0, -1, NULL, NULL);
	assert_true(g->units[0].moved > 0);
	assert_int_equal(nap_ap_used(rs, &g->units[0]), 0);
	game_free(g);
	use_ops(rs, false);
	ruleset_free(rs);
}

/* A unit that never turns: it steps any way keeping its front. */
static enum dir
face_kept(const struct game *g, const struct move_walk *w, enum dir d)
{
	(void)g;
	(void)d;
	return w->facing;
}

/* A turn that moves the block 2 cells north and costs all that is left. */
static void
turn_wheels(const struct game *g, const struct move_walk *w, enum dir d,
    struct move_price *p)
{
	nap->move_turn(g, w, d, p);
	p->ticks = w->left;
	p->flags |= MPF_ANCHOR;
	p->anchor = (struct point){ w->pos.x, w->pos.y - 2 };
}

/* A turn that wheels the block 2 cells on towards its new front, for 4
 * ticks. */
static void
turn_wheels_on(const struct game *g, const struct move_walk *w, enum dir d,
    struct move_price *p)
{
	nap->move_turn(g, w, d, p);
	p->ticks = 4;
	p->flags |= MPF_ANCHOR;
	p->anchor = (struct point){ w->pos.x + 2 * dir_dx[d],
	    w->pos.y + 2 * dir_dy[d] };
}

/* A second march, once a walk (mod[7], which the Napoleonic module does
 * not use): 8 ticks more. */
static bool
march_twice(const struct game *g, struct move_walk *w)
{
	(void)g;
	if (w->mod[7])
		return false;
	w->mod[7] = 1;
	w->left += 8;
	w->allowance += 8;
	return true;
}

/* A front kept on a step to either side (90 degrees off it); any other
 * step faces its own way. */
static enum dir
face_kept_aside(const struct game *g, const struct move_walk *w, enum dir d)
{
	(void)g;
	return dir_diff(w->facing, d) == 2 ? w->facing : d;
}

/* An obstacle crossed only facing the way of the step: one crossed
 * keeping another front is never made. */
static void
step_square_only(const struct game *g, const struct move_walk *w,
    enum dir d, struct move_price *p)
{
	nap->move_step(g, w, d, p);
	if (!dir_diagonal(d) && map_edge(g->map, w->pos.x, w->pos.y, d,
	    NULL) > 0 && w->facing != d) {
		p->verdict = MOVE_NEVER;
		p->halt = HALT_OBSTACLE;
	}
}

/*
 * move_face in the look along the line before a march: each step is
 * priced facing as the walk before it left the unit, step after step.
 * A Column facing E at [10, 5] is sent to [13, 25]: three steps SE, then
 * south.  The ruleset here keeps the front on a step 90 degrees off it
 * (face_kept_aside) and crosses an obstacle only facing the step's way
 * (step_square_only); a fence on the south edges of [12, 9] to [14, 9]
 * lies across the line's fifth step.  Facing SE after the slanting steps
 * and S after the first step south, the unit crosses it square: no way
 * round is planned, and the march starts down the line: turned SE (1 BD)
 * it steps to [11, 6] (0.75 BD) of its 2 BD a turn.  Priced from the facing it started with
 * (E, kept on a step south), that fifth step would be refused and the
 * walk sent round the fence.
 */
static void
test_hooks_look_ahead_faces_as_the_walk_left_it(void **state)
{
	struct ruleset *rs = rules();
	struct game *g;
	int i;

	(void)state;
	use_ops(rs, true);
	ops.move_face = face_kept_aside;
	ops.move_step = step_square_only;
	g = march(rs, ARM_INFANTRY, "column", NULL);
	game_occupy(g, 0, false);
	g->units[0].pos = (struct point){ 10, 5 };
	g->units[0].facing = DIR_E;
	game_occupy(g, 0, true);
	g->units[0].order.pts[0] = (struct point){ 13, 25 };
	for (i = 12; i <= 14; i++)
		map_edge_set(g->map, i, 9, DIR_S, ruleset_obst(rs, "fence"),
		    PASS_NONE);
	/* 1 BD to turn E to SE, 0.75 BD for the step: 1.75 BD spent. */
	assert_int_equal(move_unit(g, NULL, 0, -1, NULL, NULL), 7);
	assert_int_equal(g->units[0].moved, 3);
	assert_int_equal(g->units[0].pos.x, 11);
	assert_int_equal(g->units[0].pos.y, 6);
	assert_int_equal(g->units[0].facing, DIR_SE);
	for (i = 0; i < g->log.n; i++)
		assert_null(strstr(g->log.v[i].text, "round"));
	game_free(g);
	use_ops(rs, false);
	ruleset_free(rs);
}


/*
 * move_face: a Line (3 BD = 12 ticks) facing north sent 6 cells south.
 * The Napoleonic module turns it about first, which costs more than it
 * has, so it spends the turn turning (where it stands: its front centre
 * on its rear rank, row 21, facing S, 1 BD owed); a ruleset that keeps
 * its front steps back all 6 cells, still facing north.
 */
static void
test_hooks_face_is_kept_while_stepping(void **state)
{
	struct ruleset *rs = rules();
	struct game *g;

	(void)state;
	g = march(rs, ARM_INFANTRY, "line", NULL);
	g->units[0].order.pts[0] = (struct point){ 10, 26 };
	move_unit(g, NULL, 0, -1, NULL, NULL);
	assert_int_equal(g->units[0].moved, 0);		/* turning */
	assert_int_equal(g->units[0].pos.y, 21);
	assert_int_equal(g->units[0].facing, DIR_S);
	assert_int_equal(g->units[0].owed, 4);
	game_free(g);

	use_ops(rs, true);
	ops.move_face = face_kept;
	g = march(rs, ARM_INFANTRY, "line", NULL);
	g->units[0].order.pts[0] = (struct point){ 10, 26 };
	assert_int_equal(move_unit(g, NULL, 0, -1, NULL, NULL), 12);
	assert_int_equal(g->units[0].moved, 12);	/* 6 cells back */
	assert_int_equal(g->units[0].pos.x, 10);
	assert_int_equal(g->units[0].pos.y, 26);
	assert_int_equal(g->units[0].facing, DIR_N);
	assert_int_equal(g->units[0].halt, HALT_ARRIVED);
	game_free(g);
	use_ops(rs, false);
	ruleset_free(rs);
}

/*
 * MPF_ANCHOR: a turn priced as moving the block (a wheel) leaves it
 * anchored where the price says, facing the new way: here 2 cells north
 * of where it stood, facing east, all its ticks spent on the wheel.
 */
static void
test_hooks_turn_may_move_the_block(void **state)
{
	struct ruleset *rs = rules();
	struct game *g;

	(void)state;
	use_ops(rs, true);
	ops.move_turn = turn_wheels;
	rs->plan_turn_stays = false;	/* it wheels when planning too */
	g = march(rs, ARM_INFANTRY, "line", NULL);
	g->units[0].order.pts[0] = (struct point){ 20, 20 };
	assert_int_equal(move_unit(g, NULL, 0, -1, NULL, NULL), 12);
	assert_int_equal(g->units[0].pos.x, 10);
	assert_int_equal(g->units[0].pos.y, 18);
	assert_int_equal(g->units[0].facing, DIR_E);
	assert_int_equal(g->units[0].halt, HALT_SPEED);
	game_free(g);
	use_ops(rs, false);
	ruleset_free(rs);
}

/*
 * Route planning prices a wheel where it leaves the block: a Line facing
 * north sent 4 cells east plans the wheel as an edge of its own, from
 * [10, 20] straight to the anchor [12, 20] (no step goes 2 cells), then
 * steps on to [14, 20].
 */
static void
test_hooks_wheel_is_planned_where_it_leaves_the_block(void **state)
{
	struct ruleset *rs = rules();
	struct game *g;
	struct move_walk w;
	struct point *route = NULL;
	bool complete;
	int n;

	(void)state;
	use_ops(rs, true);
	ops.move_turn = turn_wheels_on;
	/* Its turns move the block when planning too: the ruleset may no
	 * longer say they stay (plan_turn_stays, ruleset.h). */
	rs->plan_turn_stays = false;
	g = march(rs, ARM_INFANTRY, "line", NULL);
	move_walk_init(g, 0, &w);
	n = path_cheapest(g, &w, (struct point){ 14, 20 }, 4096, false, &route,
	    NULL, &complete);
	assert_true(complete);
	assert_int_equal(n, 3);
	assert_int_equal(route[0].x, 12);
	assert_int_equal(route[0].y, 20);
	assert_int_equal(route[2].x, 14);
	assert_int_equal(route[2].y, 20);
	free(route);
	move_walk_free(&w);
	game_free(g);
	use_ops(rs, false);
	ruleset_free(rs);
}

/*
 * move_spent: a Column of 2 BD (8 ticks) marches 4 cells; a ruleset that
 * gives a spent walk a second march of 8 ticks once sees it march 8
 * cells, spending 16.
 */
static void
test_hooks_spent_may_march_again(void **state)
{
	struct ruleset *rs = rules();
	struct game *g;
	int plain;

	(void)state;
	g = march(rs, ARM_INFANTRY, "column", NULL);
	assert_int_equal(move_unit(g, NULL, 0, -1, NULL, NULL), 8);
	plain = g->units[0].moved;
	assert_int_equal(plain, 8);
	assert_int_equal(g->units[0].pos.y, 16);
	game_free(g);
	use_ops(rs, true);
	ops.move_spent = march_twice;
	g = march(rs, ARM_INFANTRY, "column", NULL);
	assert_int_equal(move_unit(g, NULL, 0, -1, NULL, NULL), 16);
	assert_int_equal(g->units[0].moved, plain + 8);
	assert_int_equal(g->units[0].pos.y, 12);
	game_free(g);
	use_ops(rs, false);
	ruleset_free(rs);
}

/* A ruleset that says yes to a spent walk but gives it nothing more. */
static bool
march_none(const struct game *g, struct move_walk *w)
{
	(void)g;
	(void)w;
	return true;
}

/*
 * move_spent that answers true without adding to w->left gives the walk
 * nothing: the Column of 2 BD marches its 4 cells and halts for speed,
 * as with no move_spent at all.
 */
static void
test_hooks_spent_giving_nothing_halts(void **state)
{
	struct ruleset *rs = rules();
	struct game *g;

	(void)state;
	use_ops(rs, true);
	ops.move_spent = march_none;
	g = march(rs, ARM_INFANTRY, "column", NULL);
	assert_int_equal(move_unit(g, NULL, 0, -1, NULL, NULL), 8);
	assert_int_equal(g->units[0].moved, 8);
	assert_int_equal(g->units[0].pos.x, 10);
	assert_int_equal(g->units[0].pos.y, 16);
	assert_int_equal(g->units[0].halt, HALT_SPEED);
	game_free(g);
	use_ops(rs, false);
	ruleset_free(rs);
}

/*
 * move_spent is asked for a turn only when no part of it can be paid: a
 * Line facing north sent south with its allowance capped at 4 ticks (one
 * 45 degrees, 1 BD) turns that one part, to face north-east, and stops
 * where it stood, the second march of 8 left unasked (with it, 12 ticks
 * would pay three parts).  Capped at 2 ticks, no part can be paid: the second march is
 * asked for, and with 10 ticks it turns two parts (8), to face east.
 */
static void
test_hooks_spent_asked_only_when_no_turn_part_pays(void **state)
{
	struct ruleset *rs = rules();
	struct game *g;

	(void)state;
	use_ops(rs, true);
	ops.move_spent = march_twice;
	g = march(rs, ARM_INFANTRY, "line", NULL);
	g->units[0].order.pts[0] = (struct point){ 10, 26 };
	move_unit(g, NULL, 0, 4, NULL, NULL);
	assert_int_equal(g->units[0].pos.x, 10);
	assert_int_equal(g->units[0].pos.y, 20);
	assert_int_equal(g->units[0].facing, DIR_NE);
	assert_int_equal(g->units[0].halt, HALT_SPEED);
	game_free(g);
	g = march(rs, ARM_INFANTRY, "line", NULL);
	g->units[0].order.pts[0] = (struct point){ 10, 26 };
	move_unit(g, NULL, 0, 2, NULL, NULL);
	assert_int_equal(g->units[0].pos.y, 20);
	assert_int_equal(g->units[0].facing, DIR_E);
	assert_int_equal(g->units[0].halt, HALT_SPEED);
	game_free(g);
	use_ops(rs, false);
	ruleset_free(rs);
}

/* A ruleset that gives every spent walk another march of `more` ticks,
 * for ever, and counts how often it was asked. */
static int asked, more;

static bool
march_ever(const struct game *g, struct move_walk *w)
{
	(void)g;
	asked++;
	w->left += more;
	w->allowance += more;
	return true;
}

/* A Column of side 0 without a musician (1 BD, 4 ticks: 2 cells) at
 * (10, 10030) facing north on a map 10,040 cells long, under a Move
 * order to (10, 2), marched once under march_ever's marches of m ticks;
 * it returns the ticks move_unit says were spent, and fills where the
 * unit stands, what it walked and its halt. */
struct walked {
	struct point	pos;
	int		moved;
	enum halt	halt;
};

static int
march_long(struct ruleset *rs, int m, struct walked *out)
{
	struct game *g = game_create(rs, map_create(30, 10040));
	struct unit *u;
	int a, spent;

	game_add_side(g, "French");
	game_add_side(g, "Allied");
	game_add_general(g, "fr", "General", 0, -1);
	game_add_general(g, "al", "General", 1, -1);
	g->opt.courier_delay = false;
	a = game_add_unit(g, "a", "A", 0, 0);
	u = &g->units[a];
	u->arm = ARM_INFANTRY;
	u->klass = ruleset_class(rs, ARM_INFANTRY, "line");
	unit_attr_set(u, ruleset_attr(rs, "drill"), 4);
	u->strength = u->strength0 = 600;
	u->formation = ruleset_form(rs, "column");
	u->pos = (struct point){ 10, 10030 };
	u->facing = DIR_N;
	u->cond = COND_FORMED;
	game_occupy(g, a, true);
	u->order.kind = ORDER_MOVE;
	u->order.unit = a;
	u->order.pts[0] = (struct point){ 10, 2 };
	u->order.npts = 1;
	asked = 0;
	more = m;
	spent = move_unit(g, NULL, a, -1, NULL, NULL);
	out->pos = g->units[a].pos;
	out->moved = g->units[a].moved;
	out->halt = g->units[a].halt;
	game_free(g);
	return spent;
}

/*
 * A walk ends after 10,000 steps, whatever the ruleset gives it: the
 * Column of march_long under a ruleset that gives a spent walk a fresh
 * march every time it is asked.  With 8 ticks a march (4 cells) it walks
 * 2 cells, then 4 a march: its 10,000th step, 20,000 ticks, leaves 4 of
 * the 2,500th march unwalked, and it stops for speed at (10, 30), 10,000
 * cells on, not at its point.  With 4 ticks a march (2 cells) its
 * 10,000th step spends the 4,999th march to the last tick: no march is
 * asked for after it (asked, the walk would not take a step more).
 */
static void
test_hooks_spent_for_ever_stops_after_10000_steps(void **state)
{
	struct ruleset *rs = rules();
	struct walked u;

	(void)state;
	use_ops(rs, true);
	ops.move_spent = march_ever;
	assert_int_equal(march_long(rs, 8, &u), 20000);
	assert_int_equal(asked, 2500);
	assert_int_equal(u.moved, 20000);
	assert_int_equal(u.pos.x, 10);
	assert_int_equal(u.pos.y, 30);
	assert_int_equal(u.halt, HALT_SPEED);
	assert_int_equal(march_long(rs, 4, &u), 20000);
	assert_int_equal(asked, 4999);
	assert_int_equal(u.pos.x, 10);
	assert_int_equal(u.pos.y, 30);
	assert_int_equal(u.halt, HALT_SPEED);
	use_ops(rs, false);
	ruleset_free(rs);
}

/* A ruleset that refuses every walk at its start, naming no halt. */
static int
begin_refuses(const struct game *g, struct move_walk *w)
{
	(void)g;
	(void)w;
	return -1;
}

/*
 * move_begin refusing the walk without saying why: the unit stands where
 * it is, spends nothing, and halts blocked (the engine's default).
 */
static void
test_hooks_begin_refused_halts_blocked(void **state)
{
	struct ruleset *rs = rules();
	struct game *g;

	(void)state;
	use_ops(rs, true);
	ops.move_begin = begin_refuses;
	g = march(rs, ARM_INFANTRY, "line", NULL);
	assert_int_equal(move_unit(g, NULL, 0, -1, NULL, NULL), 0);
	assert_int_equal(g->units[0].pos.x, 10);
	assert_int_equal(g->units[0].pos.y, 20);
	assert_int_equal(g->units[0].moved, 0);
	assert_int_equal(g->units[0].halt, HALT_BLOCKED);
	assert_int_equal(g->units[0].order.kind, ORDER_MOVE);
	game_free(g);
	use_ops(rs, false);
	ruleset_free(rs);
}

/* The units move_routed was last asked about (-1: not asked). */
static int routed_by = -1, routed_unit = -1;

static void
routed_seen(struct game *g, int unit, int r)
{
	(void)g;
	routed_by = unit;
	routed_unit = r;
}

/*
 * A walk that touches a routed enemy hands it to the ruleset
 * (move_routed), whichever unit it is: here the first of the battle,
 * unit 0, a routed Line (rows 17 and 18) across the way of a Column
 * marching N from row 20: its first step, to row 19, would touch it, and
 * it halts where it stands.
 */
static void
test_hooks_routed_unit_0_is_handed_to_the_ruleset(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = game_create(rs, map_create(30, 30));
	struct unit *u;
	int e, a;

	(void)state;
	use_ops(rs, true);
	ops.move_routed = routed_seen;
	game_add_side(g, "French");
	game_add_side(g, "Allied");
	game_add_general(g, "fr", "General", 0, -1);
	game_add_general(g, "al", "General", 1, -1);
	g->opt.courier_delay = false;
	e = game_add_unit(g, "e", "E", 1, 1);
	u = &g->units[e];
	u->arm = ARM_INFANTRY;
	u->strength = u->strength0 = 600;
	u->formation = ruleset_form(rs, "line");
	u->pos = (struct point){ 10, 18 };
	u->facing = DIR_S;
	u->cond = COND_ROUTED;
	game_occupy(g, e, true);
	a = friend_at(g, "column", 20);
	g->units[a].order.kind = ORDER_MOVE;
	g->units[a].order.unit = a;
	g->units[a].order.npts = 1;
	g->units[a].order.pts[0] = (struct point){ 10, 2 };
	assert_int_equal(e, 0);
	routed_by = routed_unit = -1;
	move_unit(g, NULL, a, -1, NULL, NULL);
	assert_int_equal(g->units[a].pos.y, 20);
	assert_int_equal(g->units[a].halt, HALT_CONTACT);
	assert_int_equal(routed_by, a);
	assert_int_equal(routed_unit, 0);
	game_free(g);
	use_ops(rs, false);
	ruleset_free(rs);
}

/* The units move_contacted was last asked about (-1: not asked). */
static int contacted_by = -1, contacted_unit = -1;

static void
contacted_seen(struct game *g, int unit, int e)
{
	(void)g;
	contacted_by = unit;
	contacted_unit = e;
}

/*
 * A walk that ends in contact hands the contact to the ruleset
 * (move_contacted), whichever enemy it is: here unit 0, a formed Line
 * on rows 15 and 16 across the way of a Column on row 20 marching N: its
 * step to row 19 would leave only 1 BD (rows 17 and 18), so it halts
 * where it stands.
 */
static void
test_hooks_contact_with_unit_0_is_handed_to_the_ruleset(void **state)
{
	struct ruleset *rs = rules();
	struct game *g = game_create(rs, map_create(30, 30));
	struct unit *u;
	int e, a;

	(void)state;
	use_ops(rs, true);
	ops.move_contacted = contacted_seen;
	game_add_side(g, "French");
	game_add_side(g, "Allied");
	game_add_general(g, "fr", "General", 0, -1);
	game_add_general(g, "al", "General", 1, -1);
	g->opt.courier_delay = false;
	e = game_add_unit(g, "e", "E", 1, 1);
	u = &g->units[e];
	u->arm = ARM_INFANTRY;
	u->strength = u->strength0 = 600;
	u->formation = ruleset_form(rs, "line");
	u->pos = (struct point){ 10, 16 };
	u->facing = DIR_S;
	u->cond = COND_FORMED;
	game_occupy(g, e, true);
	a = friend_at(g, "column", 20);
	g->units[a].order.kind = ORDER_MOVE;
	g->units[a].order.unit = a;
	g->units[a].order.npts = 1;
	g->units[a].order.pts[0] = (struct point){ 10, 2 };
	assert_int_equal(e, 0);
	contacted_by = contacted_unit = -1;
	move_unit(g, NULL, a, -1, NULL, NULL);
	assert_int_equal(g->units[a].pos.y, 20);
	assert_int_equal(g->units[a].halt, HALT_CONTACT);
	assert_int_equal(g->units[a].contact, 0);
	assert_int_equal(contacted_by, a);
	assert_int_equal(contacted_unit, 0);
	game_free(g);
	use_ops(rs, false);
	ruleset_free(rs);
}

/*
 * A ruleset with no movement of its own (no move_begin, no move_step):
 * a unit under a Move order stands where it is, spends nothing and halts
 * blocked under the ruleset's rule for a blocked way, and it can reach no
 * cell (move_reach gives none).
 */
static void
test_hooks_no_movement_stands_blocked(void **state)
{
	struct ruleset *rs = rules();
	struct game *g;
	struct point none, *cells = &none;	/* move_reach sets it */

	(void)state;
	use_ops(rs, true);
	ops.move_begin = NULL;
	ops.move_step = NULL;
	g = march(rs, ARM_INFANTRY, "column", NULL);
	assert_int_equal(move_unit(g, NULL, 0, -1, NULL, NULL), 0);
	assert_int_equal(g->units[0].moved, 0);
	assert_int_equal(g->units[0].pos.x, 10);
	assert_int_equal(g->units[0].pos.y, 20);
	assert_int_equal(g->units[0].facing, DIR_N);
	assert_int_equal(g->units[0].halt, HALT_BLOCKED);
	assert_int_equal(move_reach(g, 0, &cells), 0);
	assert_null(cells);
	game_free(g);
	use_ops(rs, false);
	ruleset_free(rs);
}

/*
 * The least the Napoleonic module charges for a step it allows, which
 * the route search counts on (ruleset least_step): every arm in every
 * formation it may move in, stepping every way from open ground onto
 * every landscape, over every obstacle, on every road and up or down
 * contours, is charged no less.
 */
static void
test_hooks_least_step_holds(void **state)
{
	struct ruleset *rs = rules();
	struct move_walk w;
	struct move_price p;
	struct point cells[64];
	int arm, f, l, ob, road, hill, d, x, y, n, i, u, priced = 0;

	(void)state;
	assert_true(rs->least_step[0] > 0);
	assert_true(rs->least_step[1] > 0);
	for (arm = 0; arm < ARM_COUNT; arm++)
	for (f = 0; f < rs->nform; f++) {
		if (!(rs->form[f].arms & (1u << arm)) ||
		    (rs->form[f].flags & FORMF_IMMOBILE))
			continue;
		for (l = 0; l < rs->nland; l++)
		for (ob = 0; ob < rs->nobst; ob++)
		for (road = ROAD_NONE; road <= ROAD_BIG; road++)
		for (hill = 0; hill < 2; hill++) {
			struct game *g = march(rs, (enum arm)arm,
			    rs->form[f].name, NULL);

			u = 0;
			g->units[u].arm = arm;
			g->units[u].klass = 0;
			game_occupy(g, u, false);
			g->units[u].pos = (struct point){ 15, 15 };
			n = game_footprint(g, &g->units[u], cells);
			for (y = 0; y < 30; y++)
				for (x = 0; x < 30; x++) {
					struct cell *c = map_cell(g->map, x, y);

					c->land = (uint8_t)l;
					c->road = (uint8_t)road;
					c->height = (int8_t)(hill ? (x + y) % 3 :
					    0);
					if (ob > 0 && x < 29)
						map_edge_set(g->map, x, y,
						    DIR_E, ob, PASS_NONE);
					if (ob > 0 && y < 29)
						map_edge_set(g->map, x, y,
						    DIR_S, ob, PASS_NONE);
				}
			for (i = 0; i < n; i++)
				map_cell(g->map, cells[i].x, cells[i].y)->land =
				    0;
			game_occupy(g, u, true);
			for (d = 0; d < DIR_COUNT; d++) {
				move_walk_init(g, u, &w);
				w.explain = false;
				w.facing = (enum dir)d;
				rs->ops->move_step(g, &w, (enum dir)d, &p);
				if (p.verdict == MOVE_OK) {
					priced++;
					assert_true(p.ticks >= rs->least_step[
					    dir_diagonal((enum dir)d) ? 1 : 0]);
				}
				move_walk_free(&w);
			}
			game_free(g);
		}
	}
	assert_true(priced > 0);
	ruleset_free(rs);
}

/*
 * The Napoleonic module says its turns never move the block in a route
 * search (ruleset plan_turn_stays), which the search counts on: every
 * arm in every formation it may move in, facing any way and turning to
 * any other, priced for planning, stays where it stands.  Facing about
 * in the walk itself does move a deep block (its rear rank becomes its
 * front): the same turn priced for the walk says so.
 */
static void
test_hooks_plan_turn_stays(void **state)
{
	struct ruleset *rs = rules();
	struct move_walk w;
	struct move_price p;
	int arm, f, from, to, priced = 0, walk_moves = 0;

	(void)state;
	assert_true(rs->plan_turn_stays);
	for (arm = 0; arm < ARM_COUNT; arm++)
	for (f = 0; f < rs->nform; f++) {
		struct game *g;

		if (!(rs->form[f].arms & (1u << arm)) ||
		    (rs->form[f].flags & FORMF_IMMOBILE))
			continue;
		g = march(rs, (enum arm)arm, rs->form[f].name, NULL);
		g->units[0].klass = 0;
		for (from = 0; from < DIR_COUNT; from++)
			for (to = 0; to < DIR_COUNT; to++) {
				move_walk_init(g, 0, &w);
				w.explain = false;
				w.facing = (enum dir)from;
				w.planning = true;
				rs->ops->move_turn(g, &w, (enum dir)to, &p);
				assert_false(p.flags & MPF_ANCHOR);
				priced++;
				w.planning = false;
				rs->ops->move_turn(g, &w, (enum dir)to, &p);
				if (p.flags & MPF_ANCHOR)
					walk_moves++;
				move_walk_free(&w);
			}
		game_free(g);
	}
	assert_true(priced > 0);
	assert_true(walk_moves > 0);
	ruleset_free(rs);
}

/*
 * The horse-and-musket module says a turn priced for a route search is
 * the same wherever the block stands (ruleset plan_turn_anywhere), which
 * lets the search price each turn once: every arm in every formation it
 * may move in, fresh or not, facing any way and turning to any other,
 * is priced the same at two places, its anchor as far from each.
 */
static void
test_hooks_hm_turn_anywhere(void **state)
{
	const char *dd = getenv("MARSHAL_DATA");
	struct ruleset *hm;
	struct move_walk w;
	struct move_price p, q;
	struct diags d;
	struct point at[2] = { { 10, 10 }, { 25, 27 } };
	int arm, f, from, to, fresh, priced = 0, anchored = 0;

	(void)state;
	diags_init(&d);
	hm = load_ruleset("horse-and-musket", dd != NULL ? dd : "data", &d);
	if (hm == NULL)
		diags_print(&d, stderr);
	diags_free(&d);
	assert_non_null(hm);
	assert_true(hm->plan_turn_anywhere);
	for (arm = 0; arm < ARM_COUNT; arm++)
	for (f = 0; f < hm->nform; f++) {
		struct game *g;
		struct unit *u;
		int a;

		if (!(hm->form[f].arms & (1u << arm)) ||
		    (hm->form[f].flags & FORMF_IMMOBILE))
			continue;
		g = game_create(hm, map_create(40, 40));
		game_add_side(g, "Americans");
		game_add_side(g, "British");
		game_add_general(g, "am", "General", 0, -1);
		game_add_general(g, "br", "General", 1, -1);
		a = game_add_unit(g, "a", "A", 0, 0);
		u = &g->units[a];
		u->arm = (enum arm)arm;
		u->klass = 0;
		u->strength = u->strength0 = 400;
		u->formation = f;
		u->facing = DIR_N;
		u->cond = COND_FORMED;
		for (fresh = 0; fresh < 2; fresh++)
		for (from = 0; from < DIR_COUNT; from++)
		for (to = 0; to < DIR_COUNT; to++) {
			u->pos = at[0];
			move_walk_init(g, a, &w);
			w.explain = false;
			w.planning = true;
			w.left = INT_MAX / 4;
			w.fresh = fresh != 0;
			w.facing = (enum dir)from;
			hm->ops->move_turn(g, &w, (enum dir)to, &p);
			w.pos = at[1];
			hm->ops->move_turn(g, &w, (enum dir)to, &q);
			assert_int_equal(p.ticks, q.ticks);
			assert_int_equal(p.flags, q.flags);
			if (p.flags & MPF_ANCHOR) {
				assert_int_equal(p.anchor.x - at[0].x,
				    q.anchor.x - at[1].x);
				assert_int_equal(p.anchor.y - at[0].y,
				    q.anchor.y - at[1].y);
				anchored++;
			}
			priced++;
			move_walk_free(&w);
		}
		game_free(g);
	}
	assert_true(priced > 0);
	assert_true(anchored > 0);
	ruleset_free(hm);
}

/*
 * A formation change on the way dearer than what is left is not made,
 * and the walk says what it would cost: the Line of
 * test_hooks_change_price_is_paid, the change into Manoeuvre Column at
 * the village priced 10 ticks (2.5 BD), with 2 BD left after its 2
 * cells, stops on [10, 18] in Line and says "the change costs 2.5 BD and
 * it has 2 BD left: it stops here", once.
 */
static void
test_hooks_change_dearer_than_left_says_its_price(void **state)
{
	struct ruleset *rs = rules();
	struct game *g;
	int i, n = 0;

	(void)state;
	use_ops(rs, true);
	ops.move_step = step_with_toll;
	toll = 10;
	g = march(rs, ARM_INFANTRY, "line", "village");
	(void)move_unit(g, NULL, 0, -1, NULL, NULL);
	assert_int_equal(g->units[0].pos.y, 18);
	assert_int_equal(g->units[0].formation, ruleset_form(rs, "line"));
	for (i = 0; i < g->log.n; i++)
		if (g->log.v[i].unit == 0 && strcmp(g->log.v[i].text,
		    "the change costs 2.5 BD and it has 2 BD left: it stops "
		    "here") == 0)
			n++;
	assert_int_equal(n, 1);
	game_free(g);
	use_ops(rs, false);
	ruleset_free(rs);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hooks_pass_price_is_paid_once),
		cmocka_unit_test(
		    test_hooks_friend_met_again_cites_the_pass_rule),
		cmocka_unit_test(test_hooks_change_price_is_paid),
		cmocka_unit_test(test_hooks_upset_is_the_rulesets),
		cmocka_unit_test(test_hooks_commit_keeps_the_modules_state),
		cmocka_unit_test(test_hooks_look_ahead_faces_as_the_walk_left_it),
		cmocka_unit_test(test_hooks_face_is_kept_while_stepping),
		cmocka_unit_test(test_hooks_turn_may_move_the_block),
		cmocka_unit_test(test_hooks_spent_may_march_again),
		cmocka_unit_test(test_hooks_spent_giving_nothing_halts),
		cmocka_unit_test(
		    test_hooks_spent_asked_only_when_no_turn_part_pays),
		cmocka_unit_test(
		    test_hooks_spent_for_ever_stops_after_10000_steps),
		cmocka_unit_test(test_hooks_no_movement_stands_blocked),
		cmocka_unit_test(test_hooks_begin_refused_halts_blocked),
		cmocka_unit_test(test_hooks_routed_unit_0_is_handed_to_the_ruleset),
		cmocka_unit_test(
		    test_hooks_contact_with_unit_0_is_handed_to_the_ruleset),
		cmocka_unit_test(
		    test_hooks_wheel_is_planned_where_it_leaves_the_block),
		cmocka_unit_test(test_hooks_least_step_holds),
		cmocka_unit_test(test_hooks_plan_turn_stays),
		cmocka_unit_test(test_hooks_hm_turn_anywhere),
		cmocka_unit_test(
		    test_hooks_change_dearer_than_left_says_its_price),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
