/*
 * test-stall.c - the stall finder (issue 12, deliver 2): no unit under a
 * Move order that it could legally carry further ever spends a turn
 * without moving.
 *
 * The sweep crosses every arm and class (the artillery's classes move at
 * different speeds), every formation that arm may take, Drill 1 to 6,
 * with and without a musician, every landscape the unit starts on (where
 * its formation may stand), every landscape next to it, a contour step of
 * 0, 1 or 2 lines between the two, and the eight directions of the order
 * (the unit always faces N, so the direction is also the turn it needs).
 * Each case is a game from bench/gen.c (sides, generals, options) whose
 * map is then painted: the cells level with or behind the unit's block,
 * measured along the order's direction, are the starting ground at height
 * 0; every cell beyond is the next ground at the height of the step.  No
 * road, obstacle or other unit.  The order points 10 BD away in that
 * direction, and the unit walks up to TURNS movement phases (move_unit,
 * the engine's own).
 *
 * A unit-turn counts as a stall when, at its start, the unit could
 * legally carry its order further, and after it the unit's place, facing,
 * formation, condition and the crossing it owes (3.6.5, the river) are all
 * unchanged.  "Could legally carry it
 * further" means all of these hold:
 *   - it still holds the Move order and is formed (a Mob does not march
 *     under orders, 3.6.5);
 *   - its formation has a speed of its own above 0 (3.6.3: a Line of
 *     Drill 2 without drum has none; ground taking all of it away does
 *     not count) - a battery always may, since it limbers first;
 *   - the straight next step towards the goal is one the ruleset allows
 *     in its formation or the one it changes to by itself (move_step
 *     gives MOVE_OK or MOVE_CHANGE: not forbidden ground, not an
 *     impassable obstacle, not beyond the map's edge); when that step is
 *     a diagonal refused only because it passes an obstacle's edge
 *     (M17), a step by either of its sides will do;
 *   - with an obstacle between the grounds, the unit may ever cross it
 *     square on (a crossing dearer than its best turn is never made,
 *     M18): cases where it may not are counted apart and not played;
 *   - the block fits there and turned towards it: on the map and on no
 *     other unit's cells (game_fits).
 *
 * In make check a sample (every SAMPLE-th case, a stride that reaches all
 * values of every dimension) must give 0 stalls.  With --all (make bench)
 * the whole sweep runs and the count and the worst cases are printed
 * beside the target of 0; the exit status is then 0 whatever the count.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "bench/gen.h"
#include "core/game.h"
#include "core/move.h"
#include "io/load.h"
#include "rules/napoleonic/move.h"
#include "core/ruleset.h"

#define MAPW		72
#define MAPH		72
#define TURNS		6
#define SAMPLE		37	/* make check runs every SAMPLE-th case */
#define WORST		12
#define GOAL_BD		10

struct kind {
	enum arm	 arm;
	const char	*klass;
};

static const struct kind kinds[] = {
	{ ARM_INFANTRY, "line" },
	{ ARM_CAVALRY, "light" },
	{ ARM_ARTILLERY, "light" },
	{ ARM_ARTILLERY, "heavy" },
	{ ARM_ARTILLERY, "horse" },
};
#define NKINDS	((int)(sizeof kinds / sizeof kinds[0]))

struct cas {
	int		 kind, form, drill, mus, start, next, step, obst, dir;
	int		 stalls;	/* stalled unit-turns */
	int		 turn;		/* the first one */
	enum halt	 halt;		/* and why it stopped */
};

struct sweep {
	struct ruleset	*rs;
	long		 cases;		/* played */
	long		 impassable;	/* not played: the obstacle may never
					   be crossed by that unit (M18) */
	long		 turns;		/* unit-turns that could go on */
	long		 stalls;
	long		 by_halt[HALT_COUNT];	/* stalls by the halt given */
	struct cas	 worst[WORST];
	int		 nworst;
	bool		 show;		/* print the case's log (--case) */
};

/* Whether the formation moves at all by 3.6.3 (before ground). */
static bool
has_speed(const struct ruleset *rs, const struct unit *u)
{
	const struct nap_move *m = nap_move(rs);
	const struct nap_speed *sp = &m->speed[u->arm][u->formation];
	int s;

	if (u->arm == ARM_ARTILLERY)
		return true;
	if (!sp->set)
		return false;
	s = sp->mul * nap_drill(rs, u) * rs->ticks + sp->add;
	if (s < 0)
		s = 0;
	if (nap_musician(rs, u))
		s += m->musician;
	return s > 0;
}

/* Is the step from where u stands towards d one it may take (see the
 * top)? */
static bool
step_ok(const struct game *g, int u, enum dir d, bool *slant)
{
	const struct unit *un = &g->units[u];
	struct point next = { un->pos.x + dir_dx[d], un->pos.y + dir_dy[d] };
	struct move_walk w;
	struct move_price p;
	int form;

	move_walk_init(g, u, &w);
	w.explain = false;
	w.preview = true;
	w.left = w.allowance = 100 * g->rs->ticks;
	g->rs->ops->move_step(g, &w, d, &p);
	move_walk_free(&w);
	if (slant != NULL)
		*slant = p.verdict == MOVE_NEVER && p.halt == HALT_OBSTACLE &&
		    dir_diagonal(d);
	if (p.verdict != MOVE_OK && p.verdict != MOVE_CHANGE)
		return false;
	form = p.verdict == MOVE_CHANGE ? p.form : un->formation;
	return game_fits(g, u, next, d, form, -1, NULL) == 0 &&
	    game_fits(g, u, un->pos, d, un->formation, -1, NULL) == 0;
}

/*
 * Whether the unit may ever cross the obstacle laid between the two
 * grounds, square on (across the boundary paint draws).  The first
 * obstacle edge met walking from the anchor is priced as the unit would
 * meet it.
 */
static bool
crossable(const struct game *g, int u, enum dir d)
{
	const struct unit *un = &g->units[u];
	enum dir e[1];
	struct move_walk w;
	struct move_price p;
	struct point q;
	int i, k, n = 0;
	bool ok = false;

	e[n++] = dir_diagonal(d) ? dir_turn(d, -1) : d;
	for (i = 0; i < n && !ok; i++) {
		q = un->pos;
		for (k = 0; k < MAPW + MAPH; k++) {
			if (!map_inside(g->map, q.x + dir_dx[e[i]],
			    q.y + dir_dy[e[i]]))
				break;
			if (map_edge(g->map, q.x, q.y, e[i], NULL) > 0)
				break;
			q.x += dir_dx[e[i]];
			q.y += dir_dy[e[i]];
		}
		move_walk_init(g, u, &w);
		w.explain = false;
		w.preview = true;
		w.pos = q;
		w.facing = e[i];
		w.left = w.allowance = 100 * g->rs->ticks;
		/* unlimbered guns limber up to march (3.6.3) */
		if (g->rs->form[w.form].flags & FORMF_IMMOBILE)
			w.form = nap_move(g->rs)->limbered;
		g->rs->ops->move_step(g, &w, e[i], &p);
		if (p.verdict == MOVE_CHANGE) {
			/* priced again in the formation it changes to */
			w.form = p.form;
			g->rs->ops->move_step(g, &w, e[i], &p);
		}
		move_walk_free(&w);
		ok = p.verdict == MOVE_OK;
	}
	return ok;
}

/* Could unit u legally carry its order a step further (see the top)? */
static bool
could_go_on(const struct game *g, int u)
{
	const struct unit *un = &g->units[u];
	struct point goal;
	enum dir d;
	bool slant;

	if (un->order.kind != ORDER_MOVE || un->cond != COND_FORMED ||
	    !has_speed(g->rs, un))
		return false;
	goal = un->order.pts[un->order.npts - 1];
	if (goal.x == un->pos.x && goal.y == un->pos.y)
		return false;
	d = geom_heading(un->pos, goal);
	if (step_ok(g, u, d, &slant))
		return true;
	/* A diagonal past an obstacle's edge is refused (M17): the unit
	 * may still go on square to it, by either of the diagonal's
	 * sides. */
	return slant && (step_ok(g, u, dir_turn(d, 1), NULL) ||
	    step_ok(g, u, dir_turn(d, -1), NULL));
}

/* Paint the map for a case; false if the unit may not stand there. */
static bool
paint(struct game *g, int u, const struct cas *c)
{
	struct point *fp = game_cells_take(g);
	const struct unit *un = &g->units[u];
	int i, n, x, y, pr, pmax = -1000000, dx = dir_dx[c->dir],
	    dy = dir_dy[c->dir];
	struct cell *cl;
	enum dir nd;

	/* With an obstacle on a diagonal order the boundary is straight
	 * (the side of the diagonal to its left), so the unit meets the
	 * obstacle on a slant (M17), as on a real map; without one the
	 * boundary runs across the diagonal, in steps. */
	if (c->obst > 0 && dir_diagonal((enum dir)c->dir)) {
		nd = dir_turn((enum dir)c->dir, -1);
		dx = dir_dx[nd];
		dy = dir_dy[nd];
	}
	n = game_footprint_at(g, un, un->pos, un->facing, un->formation, fp);
	for (i = 0; i < n; i++) {
		pr = (fp[i].x - un->pos.x) * dx + (fp[i].y - un->pos.y) * dy;
		if (pr > pmax)
			pmax = pr;
	}
	game_cells_give(g, fp);
	for (y = 0; y < g->map->h; y++)
		for (x = 0; x < g->map->w; x++) {
			cl = map_cell(g->map, x, y);
			pr = (x - un->pos.x) * dx + (y - un->pos.y) * dy;
			cl->land = (uint8_t)(pr <= pmax ? c->start : c->next);
			cl->height = (int8_t)(pr <= pmax ? 0 : c->step);
			cl->road = ROAD_NONE;
			cl->flags = 0;
			cl->edge[0] = cl->edge[1] = 0;
			cl->pass[0] = cl->pass[1] = 0;
		}
	/* The obstacle, if any, on every edge between the two grounds. */
	for (y = 0; c->obst > 0 && y < g->map->h; y++)
		for (x = 0; x < g->map->w; x++) {
			int here = (x - un->pos.x) * dx + (y - un->pos.y) * dy;

			pr = (x + 1 - un->pos.x) * dx + (y - un->pos.y) * dy;
			if (x + 1 < g->map->w && (here <= pmax) != (pr <= pmax))
				(void)map_edge_set(g->map, x, y, DIR_E, c->obst,
				    PASS_NONE);
			pr = (x - un->pos.x) * dx + (y + 1 - un->pos.y) * dy;
			if (y + 1 < g->map->h && (here <= pmax) != (pr <= pmax))
				(void)map_edge_set(g->map, x, y, DIR_S, c->obst,
				    PASS_NONE);
		}
	return (g->rs->land[c->start].forbid & (1u << un->formation)) == 0;
}

/* Keep the WORST cases with the most stalled turns. */
static void
keep_worst(struct sweep *s, const struct cas *c)
{
	int i, low = 0;

	if (s->nworst < WORST) {
		s->worst[s->nworst++] = *c;
		return;
	}
	for (i = 1; i < WORST; i++)
		if (s->worst[i].stalls < s->worst[low].stalls)
			low = i;
	if (c->stalls > s->worst[low].stalls)
		s->worst[low] = *c;
}

/* Play one case; false if it cannot be set up (the unit may not stand). */
static bool
play_case(struct sweep *s, struct cas *c)
{
	const struct ruleset *rs = s->rs;
	const struct kind *k = &kinds[c->kind];
	struct game *g = bench_game_create(rs, MAPW, MAPH, 0, 1);
	struct order o;
	struct unit *un;
	struct point pos;
	enum dir facing;
	char *cause = NULL;
	int u, t, form, dist, owed;
	enum cond cond;
	bool ok = false;

	assert_non_null(g);
	g->opt.random_speed = false;
	u = game_add_unit(g, "a", "A", 0, 0);
	assert_true(u >= 0);
	un = &g->units[u];
	un->arm = k->arm;
	un->klass = ruleset_class(rs, k->arm, k->klass);
	unit_attr_set(un, ruleset_attr(g->rs, "drill"), c->drill);
	unit_attr_set(un, ruleset_attr(g->rs, "musician"), c->mus != 0);
	un->strength = un->strength0 = k->arm == ARM_ARTILLERY ? 6 : 600;
	un->formation = c->form;
	un->pos = (struct point){ MAPW / 2, MAPH / 2 };
	un->facing = DIR_N;
	un->cond = COND_FORMED;
	if (!paint(g, u, c))
		goto out;
	game_occupy(g, u, true);
	if (c->obst > 0 && !crossable(g, u, (enum dir)c->dir)) {
		s->impassable++;
		goto out;
	}
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = u;
	o.general = -1;
	o.npts = 1;
	/* 10 BD: orthogonal steps are 0.5 BD, diagonal ones 0.75 BD. */
	dist = GOAL_BD * rs->ticks / dir_step_cost((enum dir)c->dir);
	o.pts[0].x = un->pos.x + dir_dx[c->dir] * dist;
	o.pts[0].y = un->pos.y + dir_dy[c->dir] * dist;
	if (game_order(g, &o, &cause) != 0) {
		print_error("order refused: %s\n", cause);
		free(cause);
		fail();
	}
	ok = true;
	s->cases++;
	for (t = 0; t < TURNS; t++) {
		bool could = could_go_on(g, u);

		un = &g->units[u];
		pos = un->pos;
		facing = un->facing;
		form = un->formation;
		cond = un->cond;
		owed = un->owed;
		if (un->order.kind != ORDER_MOVE)
			break;
		g->turn++;
		(void)move_unit(g, NULL, u, -1, NULL, NULL);
		un = &g->units[u];
		if (!could)
			continue;
		s->turns++;
		if (un->pos.x == pos.x && un->pos.y == pos.y &&
		    un->facing == facing && un->formation == form &&
		    un->cond == cond && un->owed == owed) {
			if (c->stalls++ == 0) {
				c->turn = t + 1;
				c->halt = un->halt;
			}
			s->stalls++;
			if (un->halt >= 0 && un->halt < HALT_COUNT)
				s->by_halt[un->halt]++;
		}
	}
	if (c->stalls > 0)
		keep_worst(s, c);
	if (s->show)
		for (t = 0; t < g->log.n; t++)
			printf("turn %d: %s %s\n", g->log.v[t].turn,
			    g->log.v[t].rule, g->log.v[t].text);
out:
	game_free(g);
	return ok;
}

/* Run the sweep, every sample-th case. */
static void
sweep_run(struct sweep *s, long sample)
{
	const struct ruleset *rs = s->rs;
	const struct nap_move *m = nap_move(rs);
	struct cas c;
	long idx = 0;

	for (c.kind = 0; c.kind < NKINDS; c.kind++)
	for (c.form = 0; c.form < rs->nform; c.form++) {
		enum arm a = kinds[c.kind].arm;

		if (a == ARM_ARTILLERY ? c.form != m->limbered &&
		    c.form != m->unlimbered : !m->speed[a][c.form].set)
			continue;
		for (c.drill = 1; c.drill <= 6; c.drill++)
		for (c.mus = 0; c.mus < 2; c.mus++)
		for (c.start = 0; c.start < rs->nland; c.start++)
		for (c.next = 0; c.next < rs->nland; c.next++)
		for (c.step = 0; c.step < 3; c.step++)
		for (c.obst = 0; c.obst < rs->nobst; c.obst++)
		for (c.dir = 0; c.dir < 8; c.dir++) {
			if (idx++ % sample != 0)
				continue;
			c.stalls = 0;
			c.turn = 0;
			c.halt = HALT_NONE;
			(void)play_case(s, &c);
		}
	}
}

static void
sweep_print(const struct sweep *s, FILE *f)
{
	const struct ruleset *rs = s->rs;
	int i;

	fprintf(f, "stall finder: %ld cases (%ld more with an obstacle that "
	    "unit may never cross), %ld unit-turns that could go on, %ld "
	    "stalled (target 0: %s)\n", s->cases, s->impassable, s->turns,
	    s->stalls, s->stalls == 0 ? "PASS" : "MISS");
	for (i = 0; i < HALT_COUNT; i++)
		if (s->by_halt[i] > 0)
			fprintf(f, "  halted for %s: %ld\n",
			    halt_name((enum halt)i), s->by_halt[i]);
	if (s->nworst > 0)
		fprintf(f, "  worst cases (most stalled turns of %d):\n",
		    TURNS);
	for (i = 0; i < s->nworst; i++) {
		const struct cas *c = &s->worst[i];

		fprintf(f, "    %s %s, %s, Drill %d%s; %s -> %s, %d contour%s, "
		    "%s%s, order %s: %d stalled turn%s, first turn %d (%s)\n",
		    arm_name(kinds[c->kind].arm), kinds[c->kind].klass,
		    rs->form[c->form].label, c->drill, c->mus ? ", musician" :
		    "", rs->land[c->start].label, rs->land[c->next].label,
		    c->step, c->step == 1 ? "" : "s", c->obst > 0 ?
		    rs->obst[c->obst].label : "no obstacle", c->obst > 0 ?
		    " between" : "", dir_name((enum dir)c->dir),
		    c->stalls, c->stalls == 1 ? "" : "s", c->turn,
		    halt_name(c->halt));
	}
}

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
	return rs;
}

/* Issue 12: a sample of the sweep finds no unit frozen under its order. */
static void
test_3_6_no_unit_stalls_under_a_move_order(void **state)
{
	struct sweep s;

	(void)state;
	memset(&s, 0, sizeof s);
	s.rs = rules();
	assert_non_null(s.rs);
	sweep_run(&s, SAMPLE);
	if (s.stalls != 0)
		sweep_print(&s, stderr);
	assert_true(s.cases > 1000);
	assert_true(s.turns > 0);
	assert_int_equal(s.stalls, 0);
	ruleset_free(s.rs);
}

int
main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_3_6_no_unit_stalls_under_a_move_order),
	};
	struct sweep s;

	if (argc == 11 && strcmp(argv[1], "--case") == 0) {
		/* One case, by its indices, with its log. */
		struct cas c;

		memset(&s, 0, sizeof s);
		memset(&c, 0, sizeof c);
		if ((s.rs = rules()) == NULL)
			return 1;
		s.show = true;
		c.kind = atoi(argv[2]);
		c.form = ruleset_form(s.rs, argv[3]);
		c.drill = atoi(argv[4]);
		c.mus = atoi(argv[5]);
		c.start = ruleset_land(s.rs, argv[6]);
		c.next = ruleset_land(s.rs, argv[7]);
		c.step = atoi(argv[8]);
		c.obst = strcmp(argv[9], "none") == 0 ? 0 :
		    ruleset_obst(s.rs, argv[9]);
		c.dir = dir_parse(argv[10]);
		if (c.kind < 0 || c.kind >= NKINDS || c.form < 0 ||
		    c.start < 0 || c.next < 0 || c.obst < 0 || c.dir < 0)
			return 2;
		if (!play_case(&s, &c))
			printf("the unit may not stand there\n");
		sweep_print(&s, stdout);
		ruleset_free(s.rs);
		return 0;
	}
	if (argc > 1 && strcmp(argv[1], "--all") == 0) {
		memset(&s, 0, sizeof s);
		if ((s.rs = rules()) == NULL)
			return 1;
		sweep_run(&s, 1);
		sweep_print(&s, stdout);
		ruleset_free(s.rs);
		return 0;
	}
	return cmocka_run_group_tests(tests, NULL, NULL);
}
