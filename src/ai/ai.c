/*
 * ai.c - the computer commander: a side's view of the battle, a plan of
 * orders made from it, and the controller that gives them.
 *
 * The planner thinks in bodies of troops, as a divisional commander would:
 *   - infantry under one general is a brigade; each brigade gets a task
 *     (take or hold an objective, or strike the nearest enemy), a point and
 *     a front, and its battalions take frontage slots along a line across
 *     the axis of advance, so the brigade arrives as a line, not a queue;
 *   - far from the enemy battalions march in Manoeuvre Column (Road
 *     Column stays on its road) and deploy into Line at a distance that
 *     depends on the level, forming Square when horse threatens them;
 *   - one brigade may be kept back as a reserve behind the main effort and
 *     sent in when the line is worn or the last turns come;
 *   - cavalry waits on a wing and rides at routers, Mobs, guns and open
 *     flanks rather than into formed foot;
 *   - batteries go where they have an enemy in range and no friend in the
 *     line of fire, unlimber there and turn to the nearest target.
 * Every figure it uses about the enemy comes from struct ai_view.
 *
 * What it has learnt from the rules as marshal plays them: a Mob cannot
 * march, so it never passes through friends or crosses an obstacle with
 * exactly its speed left (and the controller checks every Move order with
 * the Move preview, as a player can); infantry halts at contact distance,
 * so battles are fought by musketry and guns, with horse to finish; and
 * only the last turn's positions score, so a side that leads stands fast
 * and garrisons hold the places.
 *
 * Levels: easy deploys late, keeps no line, no garrisons or reserve, does
 * not form square, sends its horse at whatever is nearest, gives no
 * charges, reviews its orders every other turn and does not check them
 * with the preview.  Normal does all of that properly.  Hard also keeps a
 * second battalion behind every place it holds, counts a lead only when it
 * would survive losing the most threatened place, presses when stronger,
 * and in the last turns sends its nearest troops onto the places the enemy
 * holds, to contest them.  When the points do not favour it, hard takes its
 * guns in close: a battery within a turn's drive of a spot beyond musketry
 * and a foot charge but inside canister range of enemy foot (3.7.2), with
 * our own foot near to cover it and no enemy horse about, goes there.
 *
 * Normal and hard also know which ground their troops can reach without
 * filing through a defile (3.6.6) or entering ground no foot may enter:
 * a place beyond it is fought for only through the enemy who holds it on
 * our side, and a brigade with nothing to take falls on the nearest enemy
 * it can reach.  A place in a defile is held from the nearest cell of our
 * bank within holding distance (3.10.2), and while the points do not
 * favour it the nearest free unit that can get there in the turns left
 * goes to a place nobody holds.  A march the Move preview shows going
 * nowhere (no room to wheel among friends) is tried again with a first
 * step straight ahead or half right or left; one that still would
 * neither move nor turn the unit is not given (it stands, and is planned
 * again next turn), and one that would end against the map's edge is cut
 * short.  The controller gives and checks the orders unit by unit in the
 * order the movement phase will march them (the order of battle), each
 * judged with the friends that march before it moved on to where their
 * own preview ends, so a column behind a friend that marches first is
 * not stopped for want of room it will have.  A unit with no speed in
 * its formation (a Line of Drill 2 without a drum) is formed into
 * Manoeuvre Column rather than marched.  A unit with an enemy
 * within its charge reach in front of it charges him (3.4) rather than
 * wait to be charged; a garrison too, and an attacking Column goes in as a Column rather than deploy.  A
 * place the lead on points does not need is given up, its garrison
 * falling back towards the rear when the enemy outnumbers it there.
 * Charges are weighed (normal and hard): the expected melee score from
 * the ruleset's own table (3.8.2: Drill, formation, horse against foot,
 * flank, odds in men; the enemy's Drill, which cannot be seen, judged by
 * our own) must reach the level's mark, and a march whose order would
 * lead onto an enemy within charge reach (3.4.1 reads where the order
 * leads) is not given when that charge is not worth making: the unit
 * stands and fires instead.  A wall met within the next turns' march
 * (3.6.5: a wall costs more than a Column or a slow Line has in a turn)
 * is gone round by waypoints found with a bounded search of the ground,
 * as a player would mark the way; and no Formation order is given where
 * the new block has no room (it would hold the unit for nothing).
 * Horse does not ride at foot or guns it cannot reach, and goes for
 * skirmishers and march columns as readily as for guns.  While ahead on
 * the places, a battalion the enemy outnumbers where it stands, and not
 * needed to keep the lead, falls back towards the rear: the break point
 * counts men, not places.
 */
#include "config.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "ai/doctrine.h"
#include "core/command.h"
#include "core/game.h"
#include "core/geom.h"
#include "core/map.h"
#include "core/move.h"
#include "core/rng.h"
#include "core/ruleset.h"
#include "util/xalloc.h"

static const char *const level_names[AI_LEVEL_COUNT] = {
	"passive", "naive", "easy", "normal", "hard"
};

const char *
ai_level_name(enum ai_level l)
{
	return (unsigned)l < AI_LEVEL_COUNT ? level_names[l] : "?";
}

int
ai_level_parse(const char *s)
{
	int i;

	for (i = 0; i < AI_LEVEL_COUNT; i++)
		if (strcmp(s, level_names[i]) == 0)
			return i;
	return -1;
}

/* --- the side view ------------------------------------------------------- */

void
ai_view_fill(const struct game *g, int side, struct ai_view *v)
{
	const struct unit *u;
	const struct order *t;
	struct ai_own *o;
	struct ai_enemy *e;
	int i, j;

	memset(v, 0, sizeof *v);
	v->rs = g->rs;
	v->map = g->map;
	v->side = side;
	v->turn = g->turn;
	v->turn_limit = g->opt.turn_limit;
	v->seed = g->seed;
	v->break_point = g->break_point;
	for (i = 0; i < g->nsides && i < GAME_MAX_SIDES; i++)
		v->broken[i] = g->sides[i].broken;
	v->rear = g->sides[side].rear;
	v->enemy_rear = g->sides[g->nsides > 1 ? 1 - side : side].rear;

	v->own = xcalloc((size_t)g->nunits + 1, sizeof *v->own);
	v->enemy = xcalloc((size_t)g->nunits + 1, sizeof *v->enemy);
	for (i = 0; i < g->nunits; i++) {
		u = &g->units[i];
		if (u->side == side) {
			o = &v->own[v->nown++];
			o->unit = i;
			o->general = u->general;
			o->arm = u->arm;
			o->klass = u->klass;
			o->drill = u->drill;
			o->strength = u->strength;
			o->strength0 = u->strength0;
			o->formation = u->formation;
			o->cond = u->cond;
			o->pos = u->pos;
			o->facing = u->facing;
			o->order = u->order;
			o->halt = u->halt;
			o->halt_turn = u->halt_turn;
			o->moved = u->moved;
			continue;
		}
		/* An enemy: only what can be seen from across the field. */
		if (unit_gone(u))
			continue;
		e = &v->enemy[v->nenemy++];
		e->unit = i;
		e->arm = u->arm;
		e->formation = u->formation;
		e->cond = u->cond;
		e->pos = u->pos;
		e->facing = u->facing;
		e->strength = u->strength;
	}
	/* Our own aides: the latest order riding to each of our units. */
	for (j = 0; j < g->ntransit; j++) {
		t = &g->transit[j];
		if (t->unit < 0 || t->unit >= g->nunits ||
		    g->units[t->unit].side != side)
			continue;
		for (i = 0; i < v->nown; i++)
			if (v->own[i].unit == t->unit) {
				v->own[i].riding = true;
				v->own[i].next = *t;
				break;
			}
	}

	v->gen = xcalloc((size_t)g->ngenerals + 1, sizeof *v->gen);
	for (i = 0; i < g->ngenerals; i++) {
		if (g->generals[i].side != side)
			continue;
		v->gen[v->ngen].index = i;
		v->gen[v->ngen].parent = g->generals[i].parent;
		v->gen[v->ngen].pos = g->generals[i].pos;
		v->gen[v->ngen].radius = command_radius(g, i);
		v->ngen++;
	}
	v->obj = xcalloc((size_t)g->nobjectives + 1, sizeof *v->obj);
	for (i = 0; i < g->nobjectives; i++) {
		v->obj[i].at = g->objectives[i].at;
		v->obj[i].points = g->objectives[i].points;
	}
	v->nobj = g->nobjectives;
}

void
ai_view_free(struct ai_view *v)
{
	free(v->own);
	free(v->enemy);
	free(v->gen);
	free(v->obj);
	memset(v, 0, sizeof *v);
}

void
ai_plan_free(struct ai_plan *p)
{
	free(p->v);
	memset(p, 0, sizeof *p);
}

/* --- the planner's working state ----------------------------------------- */

/* Enemy units looked at along a march (more than any scenario fields). */
#define AI_MAX_ENEMY_SCAN	256

/* A brigade's task. */
enum task {
	TASK_TAKE,		/* march to a point and hold it against all */
	TASK_RESERVE,		/* wait behind the main effort */
	TASK_STRIKE		/* close with the nearest enemy */
};

struct brigade {
	int		 general;
	int		*units;		/* indices into view->own */
	int		 n;
	struct point	 centre;
	long		 men;
	long		 men0;
	enum task	 task;
	int		 obj;		/* objective index, -1 */
	struct point	 goal;
	enum dir	 front;		/* the way the line faces */
	bool		 stand;		/* hold where each battalion is */
};

struct think {
	const struct ai_view *v;
	enum ai_level	 lvl;
	struct ai_plan	*plan;
	struct rng	 rng;		/* the AI's own: never the game's */

	/* Formations by role, -1 when the ruleset has none. */
	int		 f_line, f_column, f_mc, f_road, f_square;
	int		 f_limbered, f_unlimbered, f_skirmish;

	/* Ranges in ticks (gaps). */
	struct ai_reach	 range;
	int		 enemy_drill;	/* what we take the enemy's to be */
	int		 charge_edge;	/* least score edge worth a charge */
	bool		 charging;	/* the Move being given is a charge */
	int		 searches;	/* ways round sought this turn */

	/* Levels. */
	int		 deploy;	/* deploy into Line inside this gap */
	bool		 slots;		/* keep a line of frontage slots */
	bool		 reserve;	/* hold a brigade back */
	bool		 squares;	/* form square against horse */
	bool		 flanks;	/* cavalry seeks flanks, spares foot */
	int		 charge;	/* 0 never, 1 when favoured, 2 shrewd */

	/* Per own unit. */
	int		*near;		/* nearest active enemy (view index) */
	int		*near_d;	/* its anchor distance, ticks */
	bool		*done;		/* an order decided this turn */
	bool		*garrison;	/* holds an objective */

	struct point	 own_c, enemy_c;
	int		 nactive_enemy;

	struct brigade	*brig;
	int		 nbrig;
	int		 main;		/* brigade of the main effort, -1 */

	/* Objectives as seen now. */
	bool		*ours;
	bool		*theirs;
	int		 pts_ours, pts_theirs;

	/* Cells held by units of either side (view indices + 1; own > 0,
	 * enemy < 0), for placing guns. */
	int		*occ;

	/* Own units across the way of a friend that made no ground last
	 * turn (view indices); NULL when not worked out. */
	bool		*in_way;

	/* Cells our foot can reach without a defile (3.6.6) or ground no
	 * formation may enter; NULL when not worked out. */
	bool		*reach;

	/* Where to stand to hold each objective (3.10.2): the place itself,
	 * or, when it lies in a defile or on ground we cannot reach, the
	 * reachable cell nearest to it within holding distance. */
	struct point	*stand_at;
};

static bool
own_active(const struct ai_own *o)
{
	return o->cond == COND_FORMED || o->cond == COND_MOB;
}

static bool
enemy_active(const struct ai_enemy *e)
{
	return e->cond == COND_FORMED || e->cond == COND_MOB;
}

static int
footprint(const struct ai_view *v, enum arm arm, int form, struct point at,
    enum dir f, struct point *out)
{
	const struct formation_def *fd = &v->rs->form[form];
	int fr = fd->frontage[arm], de = fd->depth[arm];

	if (fr < 1)
		fr = 1;
	if (de < 1)
		de = 1;
	return geom_footprint(at, f, fr, de, out, FOOTPRINT_MAX);
}

/* The gap between an own unit and an enemy unit. */
static int
gap_own_enemy(const struct ai_view *v, const struct ai_own *o,
    const struct ai_enemy *e)
{
	struct point a[FOOTPRINT_MAX], b[FOOTPRINT_MAX];
	int na, nb;

	na = footprint(v, o->arm, o->formation, o->pos, o->facing, a);
	nb = footprint(v, e->arm, e->formation, e->pos, e->facing, b);
	return move_gap(a, na, b, nb);
}

/* The gap between a block and a point. */
static int
gap_point(const struct ai_view *v, enum arm arm, int form, struct point at,
    enum dir f, struct point p)
{
	struct point a[FOOTPRINT_MAX];
	int na;

	na = footprint(v, arm, form, at, f, a);
	return move_gap(a, na, &p, 1);
}

static struct point
clamp(const struct ai_view *v, struct point p)
{
	if (p.x < 0)
		p.x = 0;
	if (p.y < 0)
		p.y = 0;
	if (p.x >= v->map->w)
		p.x = v->map->w - 1;
	if (p.y >= v->map->h)
		p.y = v->map->h - 1;
	return p;
}

/* The direction from a to b; north when they are the same cell. */
static enum dir
heading(struct point a, struct point b)
{
	if (a.x == b.x && a.y == b.y)
		return DIR_N;
	return geom_heading(a, b);
}

static struct point
offset(struct point p, enum dir d, int steps)
{
	p.x += dir_dx[d] * steps;
	p.y += dir_dy[d] * steps;
	return p;
}

/* True if a formation may stand on every cell of this footprint. */
static bool
ground_allows(const struct ai_view *v, enum arm arm, int form,
    struct point at, enum dir f)
{
	struct point c[FOOTPRINT_MAX];
	const struct cell *cl;
	int n, i;

	n = footprint(v, arm, form, at, f, c);
	for (i = 0; i < n; i++) {
		if (!map_inside(v->map, c[i].x, c[i].y))
			return false;
		cl = map_cell(v->map, c[i].x, c[i].y);
		if (cl->land < v->rs->nland &&
		    (v->rs->land[cl->land].forbid & (1u << form)))
			return false;
	}
	return true;
}

/* --- giving orders ------------------------------------------------------- */

static bool fits(const struct think *, const struct ai_own *, int,
    struct point, enum dir);

/* The order the unit will be obeying once its aides have arrived. */
static const struct order *
intended(const struct ai_own *o)
{
	return o->riding ? &o->next : &o->order;
}

static void
plan_add(struct think *t, const struct order *o)
{
	struct ai_plan *p = t->plan;

	if (p->n == p->cap) {
		p->cap = p->cap ? p->cap * 2 : 64;
		p->v = xreallocarray(p->v, (size_t)p->cap, sizeof *p->v);
	}
	p->v[p->n++] = *o;
}

static void
order_init(struct order *o, const struct ai_own *u, enum order_kind k)
{
	memset(o, 0, sizeof *o);
	o->kind = k;
	o->unit = u->unit;
	o->general = u->general;
	o->formation = -1;
}

/* Stop the unit unless it stands already. */
static void
want_stop(struct think *t, int i)
{
	const struct ai_own *u = &t->v->own[i];
	const struct order *cur = intended(u);
	struct order o;

	t->done[i] = true;
	if (cur->kind != ORDER_MOVE)
		return;
	order_init(&o, u, ORDER_STOP);
	plan_add(t, &o);
}

/* Change formation (the unit stands for the turn) unless it is in it or
 * is already ordered into it. */
static bool
want_form(struct think *t, int i, int form)
{
	const struct ai_own *u = &t->v->own[i];
	const struct order *cur = intended(u);
	struct order o;

	if (form < 0 || u->formation == form)
		return false;
	if ((t->v->rs->form[form].arms & (1u << u->arm)) == 0)
		return false;
	/* No room for the new block where it stands (3.6.5): the order
	 * would hold the unit there for nothing. */
	if (t->occ != NULL && !fits(t, u, form, u->pos, u->facing))
		return false;
	/* Ordered into it before and still not in it: there was no room
	 * for the new block (3.6.5), and the same order would hold the
	 * unit where it is turn after turn. */
	if (t->lvl >= AI_NORMAL && cur->kind == ORDER_FORMATION &&
	    cur->formation == form && cur->issued < t->v->turn - 1)
		return false;
	t->done[i] = true;
	if (cur->kind == ORDER_FORMATION && cur->formation == form)
		return true;
	order_init(&o, u, ORDER_FORMATION);
	o.formation = form;
	plan_add(t, &o);
	return true;
}

/* Projection of p - o on direction d (larger: further along d). */
static int
project(struct point p, struct point o, enum dir d)
{
	return (p.x - o.x) * dir_dx[d] + (p.y - o.y) * dir_dy[d];
}

/* True if an obstacle without a passage lies across the step from p
 * towards d (either edge of a diagonal step). */
static bool
edge_across(const struct ai_view *v, struct point p, enum dir d)
{
	int pass;

	if (!dir_diagonal(d))
		return map_edge(v->map, p.x, p.y, d, &pass) != 0 &&
		    pass == PASS_NONE;
	return (map_edge(v->map, p.x, p.y, dir_turn(d, -1), &pass) != 0 &&
	    pass == PASS_NONE) ||
	    (map_edge(v->map, p.x, p.y, dir_turn(d, 1), &pass) != 0 &&
	    pass == PASS_NONE);
}

/*
 * Walk the straight way from unit i towards dest, at most max steps:
 * returns the steps that are clear, with *friend the own unit whose
 * ground the block would enter next (-1 none) and *edge true if an
 * obstacle is next.
 */
static int
sweep(const struct think *t, int i, struct point dest, int max, int *friend,
    bool *edge)
{
	const struct ai_view *v = t->v;
	const struct ai_own *u = &v->own[i];
	struct point p = u->pos, nx, c[FOOTPRINT_MAX];
	enum dir d;
	int s, n, k, o;

	*friend = -1;
	*edge = false;
	for (s = 0; s < max; s++) {
		if (p.x == dest.x && p.y == dest.y)
			break;
		d = heading(p, dest);
		if (edge_across(v, p, d)) {
			*edge = true;
			return s;
		}
		nx = offset(p, d, 1);
		n = footprint(v, u->arm, u->formation, nx, d, c);
		for (k = 0; k < n; k++) {
			if (!map_inside(v->map, c[k].x, c[k].y))
				continue;
			o = t->occ[(size_t)c[k].y * v->map->w + c[k].x];
			if (o > 0 && o - 1 != i) {
				*friend = o - 1;
				return s;
			}
		}
		p = nx;
	}
	return s;
}

/*
 * Keep a march out of two ways of becoming a Mob: passing through a
 * friend (3.6.7) - go round him - and crossing an obstacle with exactly
 * the speed left (3.6.5) - close up to it this turn and cross next turn
 * with the whole allowance.
 */
static void
steer(const struct think *t, int i, const struct point **via,
    struct point *dest, struct point *detour)
{
	const struct ai_view *v = t->v;
	const struct ai_own *u = &v->own[i];
	struct point to = *via != NULL ? **via : *dest, p;
	int s, fr, w, k;
	bool edge;
	enum dir hd, side;

	s = sweep(t, i, to, 12, &fr, &edge);
	if (edge) {
		if (s == 0)
			return;
		p = u->pos;
		for (k = 0; k < s; k++)
			p = offset(p, heading(p, to), 1);
		*dest = p;
		*via = NULL;
		return;
	}
	if (fr < 0)
		return;
	hd = heading(u->pos, to);
	side = dir_turn(hd, 2);
	if (project(u->pos, v->own[fr].pos, side) < 0)
		side = dir_turn(hd, -2);
	w = (v->rs->form[v->own[fr].formation].frontage[v->own[fr].arm] +
	    v->rs->form[u->formation].frontage[u->arm]) / 2 + 2;
	*detour = clamp(v, offset(v->own[fr].pos, side, w));
	if (geom_dist(*detour, u->pos) <= 2 * STEP_DIAG) {
		/* Beside him already: step past. */
		*detour = clamp(v, offset(*detour, hd, 4));
	}
	*via = detour;
}

/* Halted in battle contact last turn: it goes on only with a new order. */
static bool
in_contact(const struct ai_view *v, const struct ai_own *u)
{
	return u->halt == HALT_CONTACT && u->halt_turn >= v->turn - 1;
}

/* Made no ground last turn for want of a way (not the enemy). */
static bool
stuck(const struct ai_view *v, const struct ai_own *u)
{
	return u->moved == 0 && u->halt_turn == v->turn - 1 &&
	    (u->halt == HALT_TERRAIN || u->halt == HALT_BLOCKED ||
	    u->halt == HALT_OBSTACLE);
}

/* --- ways round walls ----------------------------------------------------- */

/*
 * Whether the front of a block fr cells wide, stepping from anchor p
 * towards d, would cross an obstacle without a passage (3.6.5: a wall
 * costs Pr + Pe + 1 BD on top of the step, more than a Column or a slow
 * Line has in a turn, and exactly what a Manoeuvre Column has, which
 * leaves it a Mob) or leave the map.  One cell of room either side is
 * kept, so that the block clears the end of a wall.
 */
static bool
edge_barred(const struct ai_view *v, int form, struct point p, enum dir d)
{
	const struct obstacle *ob;
	int o, pass;

	if (!map_inside(v->map, p.x, p.y))
		return false;
	o = map_edge(v->map, p.x, p.y, d, &pass);
	if (o <= 0 || o >= v->rs->nobst || pass != PASS_NONE)
		return false;
	ob = &v->rs->obst[o];
	/* Forbidden to the formation, or dearer than a stream or a hedge:
	 * more than a Column or a slow Line can pay in a turn. */
	return (ob->forbid & (1u << form)) != 0 || ob->pr + ob->pe > v->rs->ticks;
}

static bool
step_barred(const struct ai_view *v, int form, int fr, struct point p,
    enum dir d)
{
	struct point q = offset(p, d, 1), c[FOOTPRINT_MAX], prev;
	int n, k;

	if (!map_inside(v->map, q.x, q.y))
		return true;
	n = geom_footprint(q, d, fr + 2, 1, c, FOOTPRINT_MAX);
	for (k = 0; k < n; k++) {
		if (!map_inside(v->map, c[k].x, c[k].y))
			continue;
		prev.x = c[k].x - dir_dx[d];
		prev.y = c[k].y - dir_dy[d];
		if (!map_inside(v->map, prev.x, prev.y))
			continue;
		if (dir_diagonal(d)) {
			enum dir l = dir_turn(d, -1), r = dir_turn(d, 1);

			if (edge_barred(v, form, prev, l) ||
			    edge_barred(v, form, prev, r) ||
			    edge_barred(v, form, offset(prev, l, 1), r) ||
			    edge_barred(v, form, offset(prev, r, 1), l))
				return true;
		} else if (edge_barred(v, form, prev, d))
			return true;
	}
	return false;
}

/* The steps the straight march of a block fr wide from a to b makes
 * before a wall bars it (as step_barred); -1 if it is clear. */
static int
barred_at(const struct ai_view *v, int form, int fr, struct point a,
    struct point b)
{
	enum dir d;
	int s;

	for (s = 0; s < 4 * (v->map->w + v->map->h); s++) {
		if (a.x == b.x && a.y == b.y)
			return -1;
		d = heading(a, b);
		if (step_barred(v, form, fr, a, d))
			return s;
		a = offset(a, d, 1);
	}
	return -1;
}

static bool
straight_clear(const struct ai_view *v, int form, int fr, struct point a,
    struct point b)
{
	return barred_at(v, form, fr, a, b) < 0;
}

/* A binary heap of (cost, cell) for the search below. */
struct heap {
	int64_t		*v;		/* cost << 32 | cell */
	int		 n;
};

static void
heap_push(struct heap *h, int64_t cost, int cell)
{
	int64_t x = cost << 32 | (int64_t)cell, y;
	int i = h->n++, p;

	h->v[i] = x;
	while (i > 0 && h->v[p = (i - 1) / 2] > h->v[i]) {
		y = h->v[p];
		h->v[p] = h->v[i];
		h->v[i] = y;
		i = p;
	}
}

static int64_t
heap_pop(struct heap *h)
{
	int64_t top = h->v[0], y;
	int i = 0, l, r, m;

	h->v[0] = h->v[--h->n];
	for (;;) {
		l = 2 * i + 1;
		r = l + 1;
		m = i;
		if (l < h->n && h->v[l] < h->v[m])
			m = l;
		if (r < h->n && h->v[r] < h->v[m])
			m = r;
		if (m == i)
			break;
		y = h->v[m];
		h->v[m] = h->v[i];
		h->v[i] = y;
		i = m;
	}
	return top;
}

/*
 * Waypoints that lead own unit i round the walls between it and dest, as
 * a player would mark them on the map: a search over anchor cells in a
 * window round both ends where a barred step costs as much as a long
 * detour, then the fewest points between which the march runs straight
 * and clear.  Returns how many were written to pts (at most max; 0 when
 * the straight way is clear or no better way was found).
 */
static int
way_round(struct think *t, int i, struct point dest, struct point *pts,
    int max)
{
	const struct ai_view *v = t->v;
	const struct ai_own *u = &v->own[i];
	const struct formation_def *fd = &v->rs->form[u->formation];
	int fr = fd->frontage[u->arm] > 0 ? fd->frontage[u->arm] : 1;
	int x0, y0, x1, y1, w, h, margin = 16, k, d, np = 0, len, cell;
	int *cost, *from, *route, nroute;
	struct heap hp;
	struct point p, q, cur;
	int64_t top;
	bool found = false;

	/* Only a wall met within the next turns' march, and not one the
	 * block stands astride already: the way beyond is planned when
	 * the march gets there. */
	k = barred_at(v, u->formation, fr, u->pos, dest);
	if (k < 1 || k > 10)
		return 0;
	/* A bounded staff: a few searches a turn over a modest window. */
	if (t->searches >= 24 || geom_dist(u->pos, dest) > 48 * STEP_ORTHO)
		return 0;
	t->searches++;
	x0 = (u->pos.x < dest.x ? u->pos.x : dest.x) - margin;
	y0 = (u->pos.y < dest.y ? u->pos.y : dest.y) - margin;
	x1 = (u->pos.x > dest.x ? u->pos.x : dest.x) + margin;
	y1 = (u->pos.y > dest.y ? u->pos.y : dest.y) + margin;
	if (x0 < 0)
		x0 = 0;
	if (y0 < 0)
		y0 = 0;
	if (x1 > v->map->w - 1)
		x1 = v->map->w - 1;
	if (y1 > v->map->h - 1)
		y1 = v->map->h - 1;
	w = x1 - x0 + 1;
	h = y1 - y0 + 1;
	cost = xcalloc((size_t)w * h, sizeof *cost);
	from = xcalloc((size_t)w * h, sizeof *from);
	hp.v = xcalloc((size_t)w * h * 8 + 1, sizeof *hp.v);
	hp.n = 0;
	for (k = 0; k < w * h; k++)
		cost[k] = INT_MAX;
	cell = (u->pos.y - y0) * w + (u->pos.x - x0);
	cost[cell] = 0;
	from[cell] = -1;
	heap_push(&hp, 0, cell);
	while (hp.n > 0) {
		top = heap_pop(&hp);
		cell = (int)(top & 0xffffffff);
		if ((int)(top >> 32) > cost[cell])
			continue;
		p.x = x0 + cell % w;
		p.y = y0 + cell / w;
		if (p.x == dest.x && p.y == dest.y) {
			found = true;
			break;
		}
		for (d = 0; d < DIR_COUNT; d++) {
			int c2, nc;

			q = offset(p, (enum dir)d, 1);
			if (q.x < x0 || q.y < y0 || q.x > x1 || q.y > y1)
				continue;
			c2 = (q.y - y0) * w + (q.x - x0);
			nc = cost[cell] + dir_step_cost((enum dir)d);
			if (step_barred(v, u->formation, fr, p, (enum dir)d))
				nc += 40 * v->rs->ticks;
			if (nc < cost[c2]) {
				cost[c2] = nc;
				from[c2] = cell;
				heap_push(&hp, nc, c2);
			}
		}
	}
	if (found && cost[cell] < 40 * v->rs->ticks) {
		/* The route, start first. */
		for (len = 0, k = cell; k >= 0; k = from[k])
			len++;
		route = xcalloc((size_t)len, sizeof *route);
		for (nroute = len, k = cell; k >= 0; k = from[k])
			route[--nroute] = k;
		nroute = len;
		cur = u->pos;
		k = 0;
		while (np < max) {
			int best = -1, j;

			for (j = nroute - 1; j > k; j--) {
				q.x = x0 + route[j] % w;
				q.y = y0 + route[j] / w;
				if (straight_clear(v, u->formation, fr, cur, q)) {
					best = j;
					break;
				}
			}
			if (best < 0) {
				/* Not even the next cell runs clear: the
				 * block stands astride a wall already. */
				np = 0;
				break;
			}
			if (best >= nroute - 1)
				break;
			cur.x = x0 + route[best] % w;
			cur.y = y0 + route[best] / w;
			pts[np++] = cur;
			k = best;
		}
		free(route);
	}
	free(hp.v);
	free(cost);
	free(from);
	return np;
}

/*
 * The melee score own unit i may expect over enemy j, less his, with the
 * dice left out, as the ruleset's doctrine rates it (0: even, when it has
 * none).  The enemy's Drill cannot be seen; it is taken to be
 * t->enemy_drill.
 */
static int
melee_edge(const struct think *t, int i, int j)
{
	const struct ai_doctrine *d = t->v->rs->ops->doctrine;

	if (d == NULL || d->melee_edge == NULL)
		return 0;
	return d->melee_edge(t->v->rs, &t->v->own[i], &t->v->enemy[j],
	    t->enemy_drill);
}

/*
 * The enemy a Move order for own unit i to dest would charge (3.4.1), as
 * the charge phase will judge it: the nearest enemy still fighting within
 * the arm's reach and the arc of the front, onto whom the straight march
 * for dest leads.  -1 if none.
 */
static int
would_charge(const struct think *t, int i, struct point dest)
{
	const struct ai_view *v = t->v;
	const struct ai_own *u = &v->own[i];
	struct point cells[FOOTPRINT_MAX], cur;
	int j, n, g, best = -1, bg, used;
	enum dir d;

	if ((unsigned)u->arm >= ARM_COUNT || u->cond != COND_FORMED ||
	    t->range.charge[u->arm] <= 0 ||
	    (t->range.charge_forms[u->arm] & (1u << u->formation)) == 0)
		return -1;
	bg = t->range.charge[u->arm] + 1;
	for (j = 0; j < v->nenemy; j++) {
		const struct ai_enemy *e = &v->enemy[j];

		if (!enemy_active(e) ||
		    geom_dist(e->pos, u->pos) > bg + 16 * STEP_ORTHO)
			continue;
		if (dir_diff(u->facing, heading(u->pos, e->pos)) > 1)
			continue;
		g = gap_own_enemy(v, u, e);
		if (g >= bg)
			continue;
		n = footprint(v, e->arm, e->formation, e->pos, e->facing,
		    cells);
		cur = u->pos;
		used = 0;
		while (move_gap(&cur, 1, cells, n) > t->range.melee) {
			if ((cur.x == dest.x && cur.y == dest.y) ||
			    used > g + t->range.charge[u->arm])
				break;
			d = heading(cur, dest);
			cur = offset(cur, d, 1);
			used += dir_step_cost(d);
		}
		if (move_gap(&cur, 1, cells, n) > t->range.melee)
			continue;
		bg = g;
		best = j;
	}
	return best;
}

/*
 * Whether a charge by own unit i on enemy j is worth making: a Mob or a
 * body already shaken is always fair game; otherwise the expected melee
 * edge must reach the level's mark, for a charger beaten by 3 routs
 * (3.8.4) and, hemmed in, is taken.  Never across a wall or stream,
 * where the charge would stop short and falter.
 */
static bool
charge_worth(const struct think *t, int i, int j)
{
	const struct ai_enemy *e = &t->v->enemy[j];
	int fr;
	bool edge;

	if (t->occ != NULL) {
		(void)sweep(t, i, e->pos, 6, &fr, &edge);
		if (edge)
			return false;
	}
	if (e->cond != COND_FORMED)
		return true;
	return melee_edge(t, i, j) >= t->charge_edge;
}

/*
 * March to dest (via an optional waypoint).  A standing Move order to the
 * same place is left alone, except that force gives it again: a unit
 * halted in battle contact goes on only with a new order (3.6.8).
 */
static void
want_move(struct think *t, int i, const struct point *via, struct point dest,
    bool force)
{
	const struct ai_own *u = &t->v->own[i];
	const struct order *cur = intended(u);
	struct order o;
	struct point detour;
	int k;

	t->done[i] = true;
	dest = clamp(t->v, dest);
	/* A march that would carry the unit into a charge it should not
	 * make (3.4.1: the charge phase reads where the order leads): it
	 * stands and fires instead. */
	if (t->lvl >= AI_NORMAL && !t->charging &&
	    (k = would_charge(t, i, dest)) >= 0 && !charge_worth(t, i, k)) {
		want_stop(t, i);
		return;
	}
	if (u->pos.x == dest.x && u->pos.y == dest.y && !force)
		return;
	if (!force && cur->kind == ORDER_MOVE &&
	    geom_dist(cur->pts[cur->npts - 1], dest) <= STEP_DIAG &&
	    !(t->occ != NULL && stuck(t->v, u)) &&
	    !(t->occ != NULL && cur->npts == 1 && u->halt == HALT_OBSTACLE &&
	    u->moved == 0))
		return;
	/* Walls across the way: round them by waypoints, as a player
	 * would mark the march (normal and hard). */
	if (t->occ != NULL && !t->charging && via == NULL &&
	    t->lvl >= AI_NORMAL) {
		struct point wp[ORDER_MAX_POINTS];
		int nw;

		/* Marching round already: keep to the marked way. */
		if (!force && cur->kind == ORDER_MOVE && cur->npts > 1 &&
		    geom_dist(cur->pts[cur->npts - 1], dest) <= STEP_DIAG &&
		    !stuck(t->v, u))
			return;
		nw = way_round(t, i, dest, wp, ORDER_MAX_POINTS - 1);
		if (nw > 0) {
			order_init(&o, u, ORDER_MOVE);
			for (k = 0; k < nw; k++)
				o.pts[o.npts++] = clamp(t->v, wp[k]);
			o.pts[o.npts++] = dest;
			plan_add(t, &o);
			return;
		}
	}
	if (!force && t->occ != NULL && stuck(t->v, u) &&
	    cur->kind == ORDER_MOVE && cur->issued < t->v->turn) {
		/* The same march failed to make ground: try another way,
		 * round one side or the other by turns. */
		enum dir hd = heading(u->pos, dest);

		detour = clamp(t->v, offset(offset(u->pos, dir_turn(hd,
		    (t->v->turn / 2) % 2 ? 2 : -2), 6), hd, 2));
		via = &detour;
		force = true;
	}
	if (!force && t->occ != NULL)
		steer(t, i, &via, &dest, &detour);
	if (!force && cur->kind == ORDER_MOVE &&
	    geom_dist(cur->pts[cur->npts - 1], dest) <= STEP_DIAG)
		return;
	order_init(&o, u, ORDER_MOVE);
	if (via != NULL && geom_dist(*via, u->pos) > 2 * STEP_DIAG &&
	    geom_dist(*via, dest) > 2 * STEP_DIAG)
		o.pts[o.npts++] = clamp(t->v, *via);
	o.pts[o.npts++] = dest;
	plan_add(t, &o);
}

/* A Mob is ordered to re-form (3.6.5: it cannot march as it is). */
static void
want_restore(struct think *t, int i)
{
	const struct ai_own *u = &t->v->own[i];
	struct order o;

	t->done[i] = true;
	if (intended(u)->kind == ORDER_RESTORE)
		return;
	order_init(&o, u, ORDER_RESTORE);
	plan_add(t, &o);
}

/* Turn to face a point without going anywhere (one step towards it). */
static void
want_face(struct think *t, int i, struct point at)
{
	const struct ai_own *u = &t->v->own[i];
	enum dir d;

	if (u->pos.x == at.x && u->pos.y == at.y)
		return;
	d = heading(u->pos, at);
	if (dir_diff(d, u->facing) <= 1)
		return;
	want_move(t, i, NULL, offset(u->pos, d, 1), false);
}

/* --- the picture: who is where ------------------------------------------ */

static void
survey(struct think *t)
{
	const struct ai_view *v = t->v;
	long sx = 0, sy = 0, n = 0, ex = 0, ey = 0, en = 0;
	int i, j, d, best, bd;

	for (j = 0; j < v->nenemy; j++)
		if (enemy_active(&v->enemy[j])) {
			ex += v->enemy[j].pos.x;
			ey += v->enemy[j].pos.y;
			en++;
		}
	t->nactive_enemy = (int)en;
	for (i = 0; i < v->nown; i++) {
		if (!own_active(&v->own[i]))
			continue;
		sx += v->own[i].pos.x;
		sy += v->own[i].pos.y;
		n++;
		best = -1;
		bd = INT_MAX;
		for (j = 0; j < v->nenemy; j++) {
			if (!enemy_active(&v->enemy[j]))
				continue;
			d = geom_dist(v->own[i].pos, v->enemy[j].pos);
			if (d < bd) {
				bd = d;
				best = j;
			}
		}
		t->near[i] = best;
		t->near_d[i] = bd;
	}
	t->own_c = n ? (struct point){ (int)(sx / n), (int)(sy / n) } : v->rear;
	t->enemy_c = en ? (struct point){ (int)(ex / en), (int)(ey / en) } :
	    v->enemy_rear;
}

/* Who holds each objective now, by the rule of 3.10.2 as we see it. */
static void
objectives(struct think *t)
{
	const struct ai_view *v = t->v;
	int k, i;

	t->pts_ours = t->pts_theirs = 0;
	for (k = 0; k < v->nobj; k++) {
		t->ours[k] = t->theirs[k] = false;
		for (i = 0; i < v->nown && !t->ours[k]; i++)
			if (v->own[i].cond == COND_FORMED &&
			    gap_point(v, v->own[i].arm, v->own[i].formation,
			    v->own[i].pos, v->own[i].facing, v->obj[k].at) <=
			    t->range.hold)
				t->ours[k] = true;
		for (i = 0; i < v->nenemy && !t->theirs[k]; i++)
			if (v->enemy[i].cond == COND_FORMED &&
			    gap_point(v, v->enemy[i].arm,
			    v->enemy[i].formation, v->enemy[i].pos,
			    v->enemy[i].facing, v->obj[k].at) <= t->range.hold)
				t->theirs[k] = true;
		if (t->ours[k] && !t->theirs[k])
			t->pts_ours += v->obj[k].points;
		if (t->theirs[k] && !t->ours[k])
			t->pts_theirs += v->obj[k].points;
	}
}

/*
 * The ground our troops can march over from where they stand without
 * filing through a defile (3.6.6: one unit a turn) or entering ground no
 * foot formation may enter: what lies beyond can be fought for only by
 * crossing, and whatever of the enemy stands on our side can be fought
 * at once.
 */
static void
reachable(struct think *t)
{
	const struct ai_view *v = t->v;
	const struct map *m = v->map;
	unsigned foot = 0;
	int *q, nq = 0, i, d, x, y;
	size_t c;

	for (i = 0; i < v->rs->nform && i < RULES_MAX_FORM; i++)
		if (v->rs->form[i].arms & (1u << ARM_INFANTRY))
			foot |= 1u << i;
	t->reach = xcalloc((size_t)m->w * m->h, sizeof *t->reach);
	q = xcalloc((size_t)m->w * m->h + 1, sizeof *q);
	for (i = 0; i < v->nown; i++) {
		const struct ai_own *o = &v->own[i];

		if (!own_active(o) || o->arm == ARM_ARTILLERY ||
		    !map_inside(m, o->pos.x, o->pos.y))
			continue;
		c = (size_t)o->pos.y * m->w + o->pos.x;
		if (!t->reach[c]) {
			t->reach[c] = true;
			q[nq++] = (int)c;
		}
	}
	for (i = 0; i < nq; i++) {
		for (d = 0; d < 8; d += 2) {
			const struct cell *cl;

			x = q[i] % m->w + dir_dx[d];
			y = q[i] / m->w + dir_dy[d];
			if (!map_inside(m, x, y))
				continue;
			c = (size_t)y * m->w + x;
			if (t->reach[c])
				continue;
			cl = map_cell(m, x, y);
			if (cl->flags & CELL_DEFILE)
				continue;
			if (cl->land < v->rs->nland &&
			    (v->rs->land[cl->land].forbid & foot) == foot)
				continue;
			t->reach[c] = true;
			q[nq++] = (int)c;
		}
	}
	free(q);
}

/* True if p lies on ground we can reach (everything when not known). */
static bool
reaches(const struct think *t, struct point p)
{
	if (t->reach == NULL || !map_inside(t->v->map, p.x, p.y))
		return true;
	return t->reach[(size_t)p.y * t->v->map->w + p.x];
}

/*
 * Where our troops may stand to hold objective k: a formed unit within
 * holding distance holds it (3.10.2), so a place on a bridge or across
 * water is held as well from the nearest cell of our bank within that
 * distance.  The place itself when we can reach it or no such cell is.
 */
static struct point
stand_point(const struct think *t, int k)
{
	const struct ai_view *v = t->v;
	struct point at = v->obj[k].at, best = at, c;
	int r, dx, dy, d, bd = INT_MAX;

	if (t->reach == NULL || reaches(t, at))
		return at;
	r = t->range.hold / STEP_ORTHO;
	for (dy = -r; dy <= r; dy++)
		for (dx = -r; dx <= r; dx++) {
			c.x = at.x + dx;
			c.y = at.y + dy;
			if (!map_inside(v->map, c.x, c.y) || !reaches(t, c))
				continue;
			d = geom_dist(c, at);
			if (d <= t->range.hold && d < bd) {
				bd = d;
				best = c;
			}
		}
	return best;
}

/*
 * Mark the own units that stand across the way of a friend that made no
 * ground last turn: the first stretch of the friend's march runs into
 * them.  One sweep per stuck friend, for every battery to read.
 */
static void
in_the_way(struct think *t)
{
	const struct ai_view *v = t->v;
	const struct order *o;
	int j, fr;
	bool edge;

	t->in_way = xcalloc((size_t)v->nown + 1, sizeof *t->in_way);
	for (j = 0; j < v->nown; j++) {
		if (!own_active(&v->own[j]) ||
		    v->own[j].cond != COND_FORMED || !stuck(v, &v->own[j]))
			continue;
		o = intended(&v->own[j]);
		if (o->kind != ORDER_MOVE || o->npts < 1)
			continue;
		(void)sweep(t, j, o->pts[0], 6, &fr, &edge);
		if (fr >= 0)
			t->in_way[fr] = true;
	}
}

/* --- brigades and their tasks ------------------------------------------- */

static void
brigades(struct think *t)
{
	const struct ai_view *v = t->v;
	struct brigade *b;
	int i, k;

	t->brig = xcalloc((size_t)v->nown + 1, sizeof *t->brig);
	t->nbrig = 0;
	for (i = 0; i < v->nown; i++) {
		if (v->own[i].arm != ARM_INFANTRY ||
		    !own_active(&v->own[i]) || t->done[i])
			continue;
		for (k = 0; k < t->nbrig; k++)
			if (t->brig[k].general == v->own[i].general)
				break;
		if (k == t->nbrig) {
			t->brig[k].general = v->own[i].general;
			t->brig[k].units = xcalloc((size_t)v->nown,
			    sizeof *t->brig[k].units);
			t->brig[k].obj = -1;
			t->nbrig++;
		}
		b = &t->brig[k];
		b->units[b->n++] = i;
	}
	for (k = 0; k < t->nbrig; k++) {
		long sx = 0, sy = 0;

		b = &t->brig[k];
		for (i = 0; i < b->n; i++) {
			const struct ai_own *o = &v->own[b->units[i]];

			sx += o->pos.x;
			sy += o->pos.y;
			b->men += o->cond == COND_FORMED ? o->strength : 0;
			b->men0 += o->strength0;
		}
		b->centre.x = (int)(sx / b->n);
		b->centre.y = (int)(sy / b->n);
	}
}

/* Turns left to play, counting this one. */
static int
turns_left(const struct ai_view *v)
{
	if (v->turn_limit <= 0)
		return 1000;
	return v->turn_limit - v->turn + 1;
}

/* Percent of the side's men lost (for the break point). */
static int
own_losses(const struct ai_view *v)
{
	long s0 = 0, s = 0;
	int i;

	for (i = 0; i < v->nown; i++) {
		if (v->own[i].arm == ARM_ARTILLERY)
			continue;
		s0 += v->own[i].strength0;
		if (own_active(&v->own[i]))
			s += v->own[i].strength;
	}
	return s0 > 0 ? (int)((s0 - s) * 100 / s0) : 0;
}

/* The formation to fight in on this spot: Line, else Column. */
static int
fighting_form(const struct think *t, const struct ai_own *u, struct point at,
    enum dir f)
{
	if (t->f_line >= 0 && ground_allows(t->v, u->arm, t->f_line, at, f))
		return t->f_line;
	if (t->f_column >= 0)
		return t->f_column;
	return u->formation;
}

/*
 * Charge the nearest enemy within the arm's charge reach in front of the
 * unit (3.4.1: a formed unit in Line, Column or Masse under a Move order
 * that leads onto him).  Being charged first costs the defender his own
 * charge, and the target tests before the blow (3.4.3), so a body that
 * stands still at arm's length is at the mercy of one that moves.  True
 * if the order was given.
 */
static bool
counter_charge(struct think *t, int i)
{
	const struct ai_view *v = t->v;
	const struct ai_own *u = &v->own[i];
	int j, best = -1, bd = INT_MAX, g, reach;

	if (t->lvl < AI_NORMAL || u->cond != COND_FORMED ||
	    (unsigned)u->arm >= ARM_COUNT)
		return false;
	reach = t->range.charge[u->arm];
	if (reach <= 0 || (t->range.charge_forms[u->arm] & (1u << u->formation)) == 0)
		return false;
	for (j = 0; j < v->nenemy; j++) {
		const struct ai_enemy *e = &v->enemy[j];

		if (!enemy_active(e) ||
		    geom_dist(e->pos, u->pos) > reach + 16 * STEP_ORTHO)
			continue;
		if (u->arm == ARM_CAVALRY && e->formation == t->f_square)
			continue;
		if (dir_diff(heading(u->pos, e->pos), u->facing) > 1)
			continue;
		g = gap_own_enemy(v, u, e);
		if (g <= reach && g < bd) {
			bd = g;
			best = j;
		}
	}
	if (best < 0 || !charge_worth(t, i, best))
		return false;
	t->charging = true;
	want_move(t, i, NULL, v->enemy[best].pos, true);
	t->charging = false;
	return true;
}

/*
 * Outnumbered where it stands: the enemy's men within 6 BD of the unit
 * (a battery counted as a battalion) more than half as many again as
 * ours there (hard: more than half as many).
 */
static bool
outnumbered(const struct think *t, const struct ai_own *u)
{
	const struct ai_view *v = t->v;
	long theirs = 0, ours = 0;
	int j, r = 6 * v->rs->ticks;

	for (j = 0; j < v->nenemy; j++) {
		const struct ai_enemy *e = &v->enemy[j];

		if (e->cond != COND_FORMED || geom_dist(e->pos, u->pos) > r)
			continue;
		theirs += e->arm == ARM_ARTILLERY ? 500 : e->strength;
	}
	for (j = 0; j < v->nown; j++) {
		const struct ai_own *o = &v->own[j];

		if (o->cond != COND_FORMED || geom_dist(o->pos, u->pos) > r)
			continue;
		ours += o->arm == ARM_ARTILLERY ? 500 : o->strength;
	}
	/* Hard is the more careful with its men. */
	if (t->lvl >= AI_HARD)
		return theirs * 2 > ours;
	return theirs * 2 > ours * 3;
}

/*
 * Hold what we have: the formed unit nearest each objective we hold stays
 * on it, whatever its brigade does; a march column there deploys.
 */
static void
garrisons(struct think *t)
{
	const struct ai_view *v = t->v;
	int k, i, best, bd, g;

	for (k = 0; k < v->nobj; k++) {
		if (!t->ours[k])
			continue;
		best = -1;
		bd = INT_MAX;
		for (i = 0; i < v->nown; i++) {
			const struct ai_own *o = &v->own[i];

			if (o->cond != COND_FORMED || t->done[i] ||
			    o->arm == ARM_ARTILLERY)
				continue;
			g = gap_point(v, o->arm, o->formation, o->pos,
			    o->facing, v->obj[k].at);
			/* Foot before horse: it can stand in a village. */
			if (o->arm == ARM_CAVALRY)
				g += 2;
			if (g <= t->range.hold + 2 && g < bd) {
				bd = g;
				best = i;
			}
		}
		if (best < 0)
			continue;
		/* A place the lead does not need, where the enemy
		 * outnumbers its garrison: fall back from it rather than lose
		 * it and the men with it (the break point counts men, not
		 * places).  Unthreatened, it stays: a slow battalion sent
		 * away by an aide cannot come back in time when the lead is
		 * lost elsewhere. */
		if (t->pts_ours - v->obj[k].points > t->pts_theirs &&
		    v->own[best].arm == ARM_INFANTRY &&
		    outnumbered(t, &v->own[best])) {
			want_move(t, best, NULL, v->rear, false);
			continue;
		}
		t->garrison[best] = true;
		if (counter_charge(t, best))
			continue;
		if (v->own[best].arm == ARM_INFANTRY &&
		    (v->own[best].formation == t->f_mc ||
		    v->own[best].formation == t->f_road) &&
		    t->near[best] >= 0 && t->near_d[best] <= t->deploy +
		    8 * v->rs->ticks &&
		    want_form(t, best, fighting_form(t, &v->own[best],
		    v->own[best].pos, v->own[best].facing)))
			continue;
		want_stop(t, best);
	}
}

/*
 * Hard: a second battalion stands close behind each place we hold, so
 * that one unit routed or shaken does not lose it.
 */
static void
supports(struct think *t)
{
	const struct ai_view *v = t->v;
	int k, i, best, bd, d;
	struct point at;

	for (k = 0; k < v->nobj; k++) {
		if (!t->ours[k])
			continue;
		at = clamp(v, offset(v->obj[k].at, heading(t->enemy_c,
		    v->obj[k].at), 3));
		best = -1;
		bd = 12 * v->rs->ticks;
		for (i = 0; i < v->nown; i++) {
			const struct ai_own *o = &v->own[i];

			if (t->done[i] || o->cond != COND_FORMED ||
			    o->arm != ARM_INFANTRY)
				continue;
			d = geom_dist(o->pos, at);
			if (d < bd) {
				bd = d;
				best = i;
			}
		}
		if (best < 0)
			continue;
		if (geom_dist(v->own[best].pos, at) <= 2 * STEP_DIAG)
			want_stop(t, best);
		else
			want_move(t, best, NULL, at, false);
	}
}

/* The enemy's formed unit nearest objective k, -1 if none. */
static int
holder(const struct think *t, int k)
{
	const struct ai_view *v = t->v;
	int j, best = -1, bd = INT_MAX, d;

	for (j = 0; j < v->nenemy; j++) {
		if (v->enemy[j].cond != COND_FORMED)
			continue;
		d = geom_dist(v->enemy[j].pos, v->obj[k].at);
		if (d < bd) {
			bd = d;
			best = j;
		}
	}
	return best;
}

/* The objective we hold that the enemy is nearest to, -1 if none. */
static int
threatened(const struct think *t)
{
	const struct ai_view *v = t->v;
	int k, j, best = -1, bd = INT_MAX, d;

	for (k = 0; k < v->nobj; k++) {
		if (!t->ours[k])
			continue;
		for (j = 0; j < v->nenemy; j++) {
			if (v->enemy[j].cond != COND_FORMED)
				continue;
			d = geom_dist(v->enemy[j].pos, v->obj[k].at) * 4 /
			    (v->obj[k].points + 3);
			if (d < bd) {
				bd = d;
				best = k;
			}
		}
	}
	return best;
}

/*
 * The enemy unit a free brigade at c should fall on: formed or shaken,
 * on ground we can reach, nearest first and the shaken or weak before
 * the whole; -1 if none.
 */
static int
strike_target(const struct think *t, struct point c)
{
	const struct ai_view *v = t->v;
	int j, best = -1, bs = INT_MAX, s;

	if (t->reach == NULL)
		return -1;
	for (j = 0; j < v->nenemy; j++) {
		const struct ai_enemy *e = &v->enemy[j];

		if (!enemy_active(e) || !reaches(t, e->pos))
			continue;
		s = geom_dist(c, e->pos);
		if (e->cond == COND_MOB)
			s /= 2;
		s += e->strength / 50;
		if (s < bs) {
			bs = s;
			best = j;
		}
	}
	return best;
}

/*
 * Give each brigade a task.  While we lead on the objectives (normal and
 * hard) the brigades stand fast where they are: only the last turn's
 * positions count, and every step forward brings them under the enemy's
 * guns; the garrisons hold the places.  Otherwise they go for the places
 * we do not hold, worth most first, the nearest free brigade to each.  A
 * reserve is kept back (three brigades or more) until the line is worn or
 * time runs short; brigades left over join the main effort.
 */
static void
tasks(struct think *t)
{
	const struct ai_view *v = t->v;
	int *order = NULL, k, j, q, best, bd, d, nfree, nwant, tl;
	bool *taken, lead;
	struct brigade *b;

	t->main = -1;
	if (t->nbrig == 0)
		return;
	taken = xcalloc((size_t)t->nbrig, sizeof *taken);
	nfree = t->nbrig;
	tl = turns_left(v);
	lead = t->lvl >= AI_NORMAL && t->pts_ours > t->pts_theirs;

	/* Objectives to take, by worth, nearer to us first among equals. */
	order = xcalloc((size_t)v->nobj + 1, sizeof *order);
	nwant = 0;
	for (k = 0; k < v->nobj; k++)
		if ((!t->ours[k] || t->theirs[k]) && (reaches(t, t->stand_at[k]) ||
		    (t->theirs[k] && (q = holder(t, k)) >= 0 &&
		    reaches(t, v->enemy[q].pos))))
			order[nwant++] = k;
	/* Nothing this side of a defile to fight for: then the places
	 * beyond it, crossing as best we can. */
	if (nwant == 0 && strike_target(t, t->own_c) < 0)
		for (k = 0; k < v->nobj; k++)
			if (!t->ours[k] || t->theirs[k])
				order[nwant++] = k;
	for (k = 1; k < nwant; k++)
		for (j = k; j > 0; j--) {
			const struct ai_objective *a = &v->obj[order[j - 1]];
			const struct ai_objective *c = &v->obj[order[j]];

			if (c->points * 1000 - geom_dist(c->at, t->own_c) >
			    a->points * 1000 - geom_dist(a->at, t->own_c)) {
				int x = order[j];

				order[j] = order[j - 1];
				order[j - 1] = x;
			} else
				break;
		}

	/* The reserve: the brigade furthest from the enemy. */
	if (t->reserve && t->nbrig >= 3 && tl > 4 && own_losses(v) < 20) {
		best = -1;
		bd = -1;
		for (k = 0; k < t->nbrig; k++) {
			d = geom_dist(t->brig[k].centre, t->enemy_c);
			if (d > bd) {
				bd = d;
				best = k;
			}
		}
		t->brig[best].task = TASK_RESERVE;
		taken[best] = true;
		nfree--;
	}

	if (lead && (k = threatened(t)) >= 0) {
		/* Ahead on points: stand fast where we are; every move
		 * forward only brings us under the enemy's guns. */
		for (q = 0; q < t->nbrig; q++) {
			if (taken[q])
				continue;
			b = &t->brig[q];
			b->task = TASK_TAKE;
			b->obj = -1;
			b->goal = b->centre;
			b->stand = true;
			taken[q] = true;
			if (t->main < 0)
				t->main = q;
		}
		nfree = 0;
	}

	for (j = 0; j < nwant && nfree > 0; j++) {
		k = order[j];
		best = -1;
		bd = INT_MAX;
		for (q = 0; q < t->nbrig; q++) {
			if (taken[q])
				continue;
			d = geom_dist(t->brig[q].centre, v->obj[k].at);
			if (d < bd) {
				bd = d;
				best = q;
			}
		}
		if (best < 0)
			break;
		t->brig[best].task = TASK_TAKE;
		t->brig[best].obj = k;
		t->brig[best].goal = t->stand_at[k];
		/* Held by the enemy: go for the holder, not for the point,
		 * which may lie beyond him or across water. */
		if (t->theirs[k] && (q = holder(t, k)) >= 0)
			t->brig[best].goal = v->enemy[q].pos;
		taken[best] = true;
		nfree--;
		if (t->main < 0)
			t->main = best;
	}
	/* Brigades left over: the main effort, else the nearest enemy. */
	for (k = 0; k < t->nbrig; k++) {
		if (taken[k])
			continue;
		b = &t->brig[k];
		if (!lead &&
		    (q = strike_target(t, b->centre)) >= 0) {
			/* Local superiority: fall on the nearest enemy we
			 * can reach rather than queue behind the main
			 * effort. */
			b->task = TASK_TAKE;
			b->obj = -1;
			b->goal = v->enemy[q].pos;
		} else if (t->main >= 0 && t->slots) {
			b->task = TASK_TAKE;
			b->obj = t->brig[t->main].obj;
			b->goal = offset(t->brig[t->main].goal,
			    heading(t->enemy_c, t->brig[t->main].goal),
			    4);
		} else if (lead || v->nobj > 0) {
			/* Nothing to take: hold where it stands. */
			b->task = TASK_TAKE;
			b->obj = -1;
			b->goal = b->centre;
		} else {
			b->task = TASK_STRIKE;
			b->goal = t->enemy_c;
		}
	}
	for (k = 0; k < t->nbrig; k++) {
		b = &t->brig[k];
		if (b->task == TASK_RESERVE) {
			struct point g = t->main >= 0 ?
			    t->brig[t->main].goal : t->own_c;
			enum dir back = heading(t->enemy_c, g);

			if (g.x == t->enemy_c.x && g.y == t->enemy_c.y)
				back = heading(t->enemy_c, t->own_c);
			b->goal = clamp(v, offset(g, back, 12));
		}
		b->goal = clamp(v, b->goal);
		if (b->goal.x == t->enemy_c.x && b->goal.y == t->enemy_c.y)
			b->front = heading(b->centre.x == b->goal.x &&
			    b->centre.y == b->goal.y ? t->own_c : b->centre,
			    t->enemy_c);
		else
			b->front = heading(b->goal, t->enemy_c);
	}
	free(order);
	free(taken);
}

/* --- infantry ------------------------------------------------------------ */

/* Formed enemy horse that could reach the unit next turn. */
static bool
horse_threat(const struct think *t, const struct ai_own *u)
{
	const struct ai_view *v = t->v;
	int j;

	for (j = 0; j < v->nenemy; j++) {
		const struct ai_enemy *e = &v->enemy[j];

		if (e->arm != ARM_CAVALRY || e->cond != COND_FORMED)
			continue;
		if (geom_dist(e->pos, u->pos) <= 6 * v->rs->ticks)
			return true;
	}
	return false;
}

/* Enemy units near an own unit: gaps within r; strongest of them. */
static int
close_enemies(const struct think *t, const struct ai_own *u, int r,
    long *men, bool *weak)
{
	const struct ai_view *v = t->v;
	int j, n = 0;

	*men = 0;
	*weak = false;
	for (j = 0; j < v->nenemy; j++) {
		const struct ai_enemy *e = &v->enemy[j];

		if (!enemy_active(e) ||
		    geom_dist(e->pos, u->pos) > r + 16 * STEP_ORTHO)
			continue;
		if (gap_own_enemy(v, u, e) > r)
			continue;
		n++;
		*men += e->arm == ARM_ARTILLERY ? e->strength * 20 :
		    e->strength;
		if (e->cond == COND_MOB || e->arm == ARM_ARTILLERY)
			*weak = true;
	}
	return n;
}

/* Whether a battalion in contact should go in with the bayonet. */
static bool
should_charge(const struct think *t, int i)
{
	const struct ai_view *v = t->v;
	const struct ai_own *u = &v->own[i];
	long men, ours;
	bool weak;
	int n, k, tl = turns_left(v);

	if (t->charge == 0 || u->cond != COND_FORMED)
		return false;
	n = close_enemies(t, u, 2 * v->rs->ticks, &men, &weak);
	if (n == 0 || t->near[i] < 0)
		return false;
	/* Not across a stream or a wall: the charge would stop on it. */
	if (t->occ != NULL) {
		int fr;
		bool edge;

		(void)sweep(t, i, v->enemy[t->near[i]].pos, 6, &fr, &edge);
		if (edge)
			return false;
	}
	if (weak)
		return true;
	/* The one the charge would strike must be worth it, unless the
	 * last turns leave nothing else. */
	k = would_charge(t, i, v->enemy[t->near[i]].pos);
	if (k >= 0 && !charge_worth(t, i, k) && tl > 2)
		return false;
	/* Our men close to the same enemies. */
	ours = 0;
	for (k = 0; k < v->nown; k++) {
		const struct ai_own *o = &v->own[k];

		if (o->cond != COND_FORMED || o->arm == ARM_ARTILLERY)
			continue;
		if (geom_dist(o->pos, u->pos) <= 6 * v->rs->ticks)
			ours += o->strength;
	}
	if (t->charge == 1)
		return ours >= men * 3 / 2 || tl <= 2;
	/* Shrewd: press when stronger, or late when the points need it. */
	return ours >= men * 5 / 4 || (tl <= 3 && t->pts_ours <= t->pts_theirs);
}

/* The cell where unit i, marching straight for dest, would first come
 * within 2 BD of a formed enemy it does not already stand that near: a
 * battalion sent there halts at the edge of contact (3.6.8) instead of
 * filing past the enemy's front into his guns.  dest when the way is
 * clear. */
static struct point
short_of_contact(const struct think *t, int i, struct point dest)
{
	const struct ai_view *v = t->v;
	const struct ai_own *u = &v->own[i];
	struct point a[FOOTPRINT_MAX], b[FOOTPRINT_MAX], c = u->pos;
	enum dir f = heading(u->pos, dest);
	int near = 2 * v->rs->ticks, k, na, nb, steps;
	bool skip[AI_MAX_ENEMY_SCAN];

	for (k = 0; k < v->nenemy && k < AI_MAX_ENEMY_SCAN; k++)
		skip[k] = !enemy_active(&v->enemy[k]) ||
		    gap_own_enemy(v, u, &v->enemy[k]) <= near;
	for (steps = 0; steps < 4 * v->map->w &&
	    (c.x != dest.x || c.y != dest.y); steps++) {
		c = offset(c, heading(c, dest), 1);
		na = footprint(v, u->arm, u->formation, c, f, a);
		for (k = 0; k < v->nenemy && k < AI_MAX_ENEMY_SCAN; k++) {
			const struct ai_enemy *e = &v->enemy[k];

			if (skip[k])
				continue;
			nb = footprint(v, e->arm, e->formation, e->pos,
			    e->facing, b);
			if (move_gap(a, na, b, nb) <= near)
				return c;
		}
	}
	return dest;
}

/*
 * One battalion of a brigade, given its slot: the point its front centre
 * should reach and the way the line faces.
 */
static void
battalion(struct think *t, const struct brigade *b, int i, struct point slot)
{
	const struct ai_view *v = t->v;
	const struct ai_own *u = &v->own[i];
	int gap = t->near[i] >= 0 ? t->near_d[i] : INT_MAX;
	int form, far;
	bool contact;

	if (u->cond == COND_MOB) {
		want_restore(t, i);
		return;
	}
	if (u->cond != COND_FORMED)
		return;
	if (t->near[i] >= 0 && gap < 12 * v->rs->ticks)
		gap = gap_own_enemy(v, u, &v->enemy[t->near[i]]);

	/* Square against horse, where the ground allows one. */
	if (t->squares && t->f_square >= 0 && horse_threat(t, u) &&
	    ground_allows(v, u->arm, t->f_square, u->pos, u->facing)) {
		want_form(t, i, t->f_square);
		return;
	}
	if (u->formation == t->f_square && t->f_square >= 0) {
		form = fighting_form(t, u, u->pos, u->facing);
		if (want_form(t, i, form))
			return;
	}

	contact = in_contact(v, u);
	if (gap <= t->deploy || contact) {
		/* Deploy to fight where it stands, if not in a fighting
		 * formation: Skirmishers, Line and Column fight as they are. */
		if (u->formation != t->f_line && u->formation != t->f_column &&
		    u->formation != t->f_skirmish) {
			form = fighting_form(t, u, u->pos, u->facing);
			/* Where the place to fight is a village or a wood,
			 * Column: a Line could not go in (3.6.5). */
			if (form == t->f_line && t->f_column >= 0 &&
			    !ground_allows(v, u->arm, t->f_line, slot,
			    heading(u->pos, slot)))
				form = t->f_column;
			if (want_form(t, i, form))
				return;
		}
		/* A Column with the enemy in reach goes in as it is: it
		 * strikes harder than a Line (3.8.2). */
		if (u->formation == t->f_column && !b->stand &&
		    counter_charge(t, i))
			return;
		/* Within musketry a Column fires with a quarter of its men:
		 * form Line where the ground allows. */
		if (u->formation == t->f_column && t->f_line >= 0 &&
		    (contact || gap <= t->range.musket + v->rs->ticks) &&
		    ground_allows(v, u->arm, t->f_line, u->pos, u->facing) &&
		    want_form(t, i, t->f_line))
			return;
		if (contact || gap <= 2 * v->rs->ticks) {
			if (counter_charge(t, i))
				return;
			if (should_charge(t, i)) {
				const struct ai_enemy *e = &v->enemy[t->near[i]];

				t->charging = true;
				want_move(t, i, NULL, e->pos, contact);
				t->charging = false;
				return;
			}
			/* Halted in contact but beyond musket range (the
			 * enemy gave ground): close up so the line can fire. */
			if (t->lvl >= AI_NORMAL && t->near[i] >= 0 &&
			    gap > t->range.musket) {
				want_move(t, i, NULL,
				    v->enemy[t->near[i]].pos, true);
				return;
			}
			/* Hold the firing line; face the nearest enemy. */
			if (t->near[i] >= 0)
				want_face(t, i, v->enemy[t->near[i]].pos);
			if (!t->done[i])
				want_stop(t, i);
			return;
		}
	} else {
		/* March: Manoeuvre Column for long ways, unless on a road in
		 * Road Column or already in a quick enough Line. */
		far = geom_dist(u->pos, slot);
		if (far > 10 * v->rs->ticks && gap > t->deploy +
		    4 * v->rs->ticks && t->f_mc >= 0 &&
		    u->formation == t->f_column) {
			if (want_form(t, i, t->f_mc))
				return;
		}
	}
	if (geom_dist(u->pos, slot) <= STEP_DIAG) {
		/* In place: face the front and stand. */
		if (u->formation == t->f_mc || u->formation == t->f_road) {
			form = fighting_form(t, u, u->pos, b->front);
			if (gap <= t->deploy + 8 * v->rs->ticks &&
			    want_form(t, i, form))
				return;
		}
		want_face(t, i, offset(u->pos, b->front, 4));
		if (!t->done[i])
			want_stop(t, i);
		return;
	}
	/* Halted at ground its formation may not enter: Road Column, one
	 * file wide, goes where only a road or a bridge leads (3.6.6). */
	if (!contact && stuck(v, u) && u->halt == HALT_TERRAIN &&
	    intended(u)->kind == ORDER_MOVE && t->f_road >= 0 &&
	    u->formation != t->f_road &&
	    (v->rs->form[t->f_road].arms & (1u << u->arm)) &&
	    ground_allows(v, u->arm, t->f_road, u->pos, u->facing) &&
	    want_form(t, i, t->f_road))
		return;
	/* A block with no room to turn among friends made no ground:
	 * Manoeuvre Column turns for nothing (3.6.3) where it fits.  A unit
	 * that spent its allowance turning (moved 0, halted for speed) did
	 * turn - a unit with its whole allowance always makes one 45 degree
	 * turn (issue 12, decision 1) - and goes on as it is. */
	if (!contact && gap > 2 * v->rs->ticks && t->f_mc >= 0 &&
	    u->moved == 0 && u->halt == HALT_BLOCKED &&
	    u->halt_turn == v->turn - 1 &&
	    intended(u)->kind == ORDER_MOVE &&
	    !(v->rs->form[u->formation].flags & FORMF_FREE_TURN) &&
	    ground_allows(v, u->arm, t->f_mc, u->pos, u->facing) &&
	    want_form(t, i, t->f_mc))
		return;
	if (t->lvl >= AI_NORMAL && !contact)
		slot = short_of_contact(t, i, slot);
	want_move(t, i, NULL, slot, false);
}

/* Units of the brigade sorted along the line (left to right). */
static void
sort_along(const struct ai_view *v, int *ix, int n, struct point o,
    enum dir right)
{
	int a, b2, x;

	for (a = 1; a < n; a++)
		for (b2 = a; b2 > 0; b2--) {
			if (project(v->own[ix[b2]].pos, o, right) <
			    project(v->own[ix[b2 - 1]].pos, o, right) ||
			    (project(v->own[ix[b2]].pos, o, right) ==
			    project(v->own[ix[b2 - 1]].pos, o, right) &&
			    ix[b2] < ix[b2 - 1])) {
				x = ix[b2];
				ix[b2] = ix[b2 - 1];
				ix[b2 - 1] = x;
			} else
				break;
		}
}

static void
brigade_orders(struct think *t, struct brigade *b)
{
	const struct ai_view *v = t->v;
	enum dir right = dir_turn(b->front, 2);
	int spacing, k, off, n = b->n;
	struct point slot, goal = b->goal;

	/* A line: frontage of a Line plus a cell between battalions; along
	 * a diagonal a step covers more ground. */
	spacing = (t->f_line >= 0 ? v->rs->form[t->f_line].frontage[ARM_INFANTRY]
	    : 4) + 1;
	if (dir_diagonal(right))
		spacing = (spacing * 2 + 2) / 3;

	/* The line forms across the goal; where the enemy holds it the
	 * movement rules stop each battalion at contact distance (3.6.8)
	 * and the fight decides the rest. */
	sort_along(v, b->units, n, goal, right);
	for (k = 0; k < n; k++) {
		if (t->done[b->units[k]])
			continue;
		if (t->slots)
			off = (2 * k - (n - 1)) * spacing / 2;
		else
			off = 0;
		slot = offset(goal, right, off);
		if (b->stand)
			slot = v->own[b->units[k]].pos;
		/* Ahead and standing fast: a battalion the enemy outnumbers
		 * goes back towards the rear, out of harm's way. */
		if (b->stand && outnumbered(t, &v->own[b->units[k]]))
			slot = v->rear;
		/* En echiquier: every other battalion a little back, so the
		 * brigade marches as a chequer rather than wheeling as one
		 * line (3.6.3), and a second rank covers the gaps. */
		if (t->slots && n >= 3 && k % 2 == 1)
			slot = offset(slot, dir_turn(b->front, 4), 3);
		battalion(t, b, b->units[k], clamp(v, slot));
	}
}

/* --- cavalry ------------------------------------------------------------- */

static void
squadron(struct think *t, int i)
{
	const struct ai_view *v = t->v;
	const struct ai_own *u = &v->own[i];
	int j, best = -1, bs = INT_MAX, d, score, reach = 20 * v->rs->ticks;
	struct point wing, via, dest;
	enum dir side;

	if (u->cond == COND_MOB) {
		want_restore(t, i);
		return;
	}
	if (u->cond != COND_FORMED)
		return;
	for (j = 0; j < v->nenemy; j++) {
		const struct ai_enemy *e = &v->enemy[j];

		if (cond_gone(e->cond))
			continue;
		d = geom_dist(u->pos, e->pos);
		if (d > reach)
			continue;
		/* Not across a defile: the horse would stand at the water
		 * under the enemy's guns. */
		if (!reaches(t, e->pos))
			continue;
		if (!t->flanks) {
			score = d;	/* the nearest, whatever it is */
		} else if (e->cond == COND_ROUTED)
			score = d / 3;
		else if (e->cond == COND_MOB)
			score = d / 2;
		else if (e->arm == ARM_ARTILLERY)
			score = d * 2 / 3;
		else if (e->formation == t->f_square)
			continue;
		else if (e->arm == ARM_INFANTRY && (e->formation ==
		    t->f_skirmish || e->formation == t->f_road ||
		    e->formation == t->f_mc))
			/* Foot that cannot stand against horse. */
			score = d / 2;
		else if (e->arm == ARM_INFANTRY) {
			/* Formed foot only from a flank, and only when
			 * our own foot holds it in front. */
			bool held = false;

			for (int k = 0; k < v->nown && !held; k++)
				if (v->own[k].arm == ARM_INFANTRY &&
				    v->own[k].cond == COND_FORMED &&
				    geom_dist(v->own[k].pos, e->pos) <=
				    3 * v->rs->ticks)
					held = true;
			if (!held)
				continue;
			score = d + 4 * v->rs->ticks;
		} else
			score = d + 2 * v->rs->ticks;
		if (score < bs) {
			bs = score;
			best = j;
		}
	}
	if (best >= 0) {
		const struct ai_enemy *e = &v->enemy[best];

		if (e->cond == COND_ROUTED || !t->flanks ||
		    e->arm != ARM_INFANTRY || e->formation == t->f_skirmish ||
		    e->formation == t->f_road || e->formation == t->f_mc) {
			want_move(t, i, NULL, e->pos, in_contact(v, u));
			return;
		}
		/* Round to the flank nearer to us, then in. */
		side = dir_turn(e->facing, 2);
		if (geom_dist(offset(e->pos, side, 6), u->pos) >
		    geom_dist(offset(e->pos, dir_turn(e->facing, -2), 6),
		    u->pos))
			side = dir_turn(e->facing, -2);
		via = offset(e->pos, side, 8);
		dest = offset(e->pos, side, 2);
		want_move(t, i, &via, dest, in_contact(v, u));
		return;
	}
	/* No prey: wait on the wing of the main effort, out of musketry. */
	if (t->main >= 0) {
		const struct brigade *b = &t->brig[t->main];
		enum dir r = dir_turn(b->front, 2);
		int w = (b->n + 1) * 4 + 8;

		wing = offset(b->goal, r, w);
		if (geom_dist(u->pos, offset(b->goal, dir_turn(r, 4), w)) <
		    geom_dist(u->pos, wing))
			wing = offset(b->goal, dir_turn(r, 4), w);
		wing = offset(wing, dir_turn(b->front, 4), 8);
	} else
		wing = offset(t->own_c, heading(t->own_c, t->enemy_c), 4);
	if (geom_dist(u->pos, wing) <= 2 * STEP_DIAG) {
		want_stop(t, i);
		return;
	}
	want_move(t, i, NULL, wing, false);
}

/* --- artillery ----------------------------------------------------------- */

/* Whether own units stand on the straight line from a to b (masking). */
static bool
masked(const struct think *t, struct point a, struct point b)
{
	const struct ai_view *v = t->v;
	int n = geom_dist(a, b) / STEP_ORTHO, s, x, y, c;

	for (s = 2; s < n - 1; s++) {
		x = a.x + (b.x - a.x) * s / n;
		y = a.y + (b.y - a.y) * s / n;
		if (!map_inside(v->map, x, y))
			continue;
		c = t->occ[(size_t)y * v->map->w + x];
		if (c > 0)
			return true;
	}
	return false;
}

/* True if the block fits on empty cells that its formation may stand on. */
static bool
fits(const struct think *t, const struct ai_own *u, int form,
    struct point at, enum dir f)
{
	const struct ai_view *v = t->v;
	struct point c[FOOTPRINT_MAX];
	int n, k, o;

	if (!ground_allows(v, u->arm, form, at, f))
		return false;
	n = footprint(v, u->arm, form, at, f, c);
	for (k = 0; k < n; k++) {
		o = t->occ[(size_t)c[k].y * v->map->w + c[k].x];
		if (o != 0 && o != (int)(u - v->own) + 1)
			return false;
	}
	return true;
}

/* The least gap from a block to any active enemy; its index in *who. */
static int
enemy_gap(const struct think *t, enum arm arm, int form, struct point at,
    enum dir f, int *who)
{
	const struct ai_view *v = t->v;
	struct point a[FOOTPRINT_MAX], b[FOOTPRINT_MAX];
	int na, nb, j, g, best = INT_MAX;

	*who = -1;
	na = footprint(v, arm, form, at, f, a);
	for (j = 0; j < v->nenemy; j++) {
		const struct ai_enemy *e = &v->enemy[j];

		if (!enemy_active(e) || (best < INT_MAX &&
		    geom_dist(e->pos, at) > best + 16 * STEP_ORTHO))
			continue;
		nb = footprint(v, e->arm, e->formation, e->pos, e->facing, b);
		g = move_gap(a, na, b, nb);
		if (g < best) {
			best = g;
			*who = j;
		}
	}
	return best;
}

/* Our formed foot stands near enough to p to cover guns there. */
static bool
covered(const struct think *t, struct point p)
{
	const struct ai_view *v = t->v;
	int i;

	for (i = 0; i < v->nown; i++)
		if (v->own[i].arm == ARM_INFANTRY &&
		    v->own[i].cond == COND_FORMED &&
		    geom_dist(v->own[i].pos, p) <= 5 * v->rs->ticks)
			return true;
	return false;
}

/*
 * Hard: guns go in close.  Canister (3.7.2, 3.7.3) hits three times as
 * hard as roundshot and reaches further than a musket or a foot charge
 * (3.4.1), so a battery standing between the two from formed enemy foot
 * fires canister and cannot be answered by musketry.  It goes only where
 * our own foot stands near enough to cover it and no enemy horse is
 * about, and no further than a few turns' drive.  True if the battery's
 * order was decided.
 */
static bool
battery_close(struct think *t, int i)
{
	const struct ai_view *v = t->v;
	const struct ai_own *u = &v->own[i];
	int ticks = v->rs->ticks, lo, hi, j, k, s, g, who, d, bd;
	struct point to, c, best = u->pos;
	enum dir f;
	bool found = false;

	if (t->lvl < AI_HARD || t->f_unlimbered < 0 ||
	    t->pts_ours > t->pts_theirs)
		return false;
	lo = t->range.musket > t->range.charge[ARM_INFANTRY] ? t->range.musket :
	    t->range.charge[ARM_INFANTRY];
	lo += ticks / 2;
	hi = t->range.canister;
	/* No further than one turn's drive: guns on the road do not fire. */
	bd = 3 * ticks + 1;
	if (lo > hi)
		return false;
	for (j = 0; j < v->nenemy; j++) {
		const struct ai_enemy *e = &v->enemy[j];

		if (e->arm == ARM_CAVALRY && e->cond == COND_FORMED &&
		    geom_dist(e->pos, u->pos) <= 12 * ticks)
			return false;
	}
	/* In action within canister and out of musketry: keep firing. */
	if (u->formation == t->f_unlimbered) {
		g = enemy_gap(t, u->arm, u->formation, u->pos, u->facing, &who);
		if (who >= 0 && g <= hi && g >= lo &&
		    dir_diff(heading(u->pos, v->enemy[who].pos), u->facing) <=
		    1) {
			t->done[i] = true;
			return true;
		}
	}
	for (j = 0; j < v->nenemy; j++) {
		const struct ai_enemy *e = &v->enemy[j];

		if (e->arm != ARM_INFANTRY || !enemy_active(e) ||
		    geom_dist(e->pos, u->pos) > 10 * ticks)
			continue;
		to = e->pos;
		for (s = 0; s < 8; s++) {
			f = (enum dir)s;
			for (k = 3; k <= 9; k++) {
				c = offset(to, f, k);
				if (!map_inside(v->map, c.x, c.y))
					break;
				d = geom_dist(c, u->pos);
				if (d >= bd)
					continue;
				if (!fits(t, u, t->f_unlimbered, c,
				    heading(c, to)))
					continue;
				g = enemy_gap(t, u->arm, t->f_unlimbered, c,
				    heading(c, to), &who);
				if (g < lo)
					continue;
				if (g > hi)
					break;
				if (who != j || masked(t, c, to) ||
				    !covered(t, c))
					continue;
				bd = d;
				best = c;
				found = true;
			}
		}
	}
	if (!found)
		return false;
	if (geom_dist(best, u->pos) <= STEP_DIAG) {
		if (u->formation != t->f_unlimbered)
			want_form(t, i, t->f_unlimbered);
		t->done[i] = true;
		return true;
	}
	want_move(t, i, NULL, best, false);
	return true;
}

static void
battery(struct think *t, int i)
{
	const struct ai_view *v = t->v;
	const struct ai_own *u = &v->own[i];
	int range = t->range.art_range[u->klass], j, best = -1, bd = INT_MAX, g;
	int want, s, k;
	struct point to, c;
	enum dir d, r;

	if (u->cond == COND_MOB) {
		want_restore(t, i);
		return;
	}
	if (u->cond != COND_FORMED || t->near[i] < 0)
		return;
	/* Guns that box in a friend limber up to make room; limbered, they
	 * go on to a new position below. */
	if (u->formation == t->f_unlimbered && t->f_limbered >= 0 &&
	    t->in_way != NULL && t->in_way[i] &&
	    want_form(t, i, t->f_limbered)) {
		t->done[i] = true;
		return;
	}
	if (battery_close(t, i))
		return;
	/* The nearest formed enemy by gap. */
	for (j = 0; j < v->nenemy; j++) {
		const struct ai_enemy *e = &v->enemy[j];

		if (!enemy_active(e) ||
		    geom_dist(e->pos, u->pos) > range + 20 * STEP_ORTHO)
			continue;
		g = gap_own_enemy(v, u, e);
		if (g < bd) {
			bd = g;
			best = j;
		}
	}
	if (u->formation == t->f_unlimbered) {
		if (best >= 0 && bd <= range) {
			/* In action: keep firing; turn to the target if it
			 * has left the arc (a short Move pivots the guns). */
			d = heading(u->pos, v->enemy[best].pos);
			if (dir_diff(d, u->facing) > 1 &&
			    t->lvl >= AI_NORMAL)
				want_move(t, i, NULL, offset(u->pos, d, 1),
				    false);
			else
				t->done[i] = true;
			return;
		}
		/* Nothing in range: limber and go forward - unless the
		 * enemy is almost in range, when moving would cost more
		 * turns of fire than waiting for him. */
		if (t->lvl == AI_EASY || (best >= 0 &&
		    bd <= range + 4 * v->rs->ticks)) {
			t->done[i] = true;
			return;
		}
	}
	/* Limbered with a target in range, far enough from musketry, and
	 * room to unlimber: go into action here. */
	if (u->formation != t->f_unlimbered && best >= 0 &&
	    bd <= range * 2 / 3 && bd > t->range.musket + 2 * v->rs->ticks &&
	    fits(t, u, t->f_unlimbered, u->pos, u->facing)) {
		want_form(t, i, t->f_unlimbered);
		t->done[i] = true;
		return;
	}
	/* Choose a gun position: short of the nearest enemy by most of the
	 * range, with a clear field of fire. */
	j = t->near[i];
	to = v->enemy[j].pos;
	d = heading(to, u->pos);
	want = (range * 2 / 3) / STEP_ORTHO;
	if (want < 4)
		want = 4;
	r = dir_turn(d, 2);
	/* A clear line of fire first (normal and hard), then any place. */
	for (s = 0; s < 18; s++) {
		k = (s % 9 + 1) / 2 * (s % 2 ? 1 : -1) * 3;
		c = clamp(v, offset(offset(to, d, want), r, k));
		if (!fits(t, u, t->f_unlimbered, c, heading(c, to)))
			continue;
		if (s < 9 && t->lvl >= AI_NORMAL && masked(t, c, to))
			continue;
		if (geom_dist(c, u->pos) <= STEP_DIAG) {
			t->done[i] = true;
			if (u->formation != t->f_unlimbered)
				want_form(t, i, t->f_unlimbered);
			return;
		}
		want_move(t, i, NULL, c, false);
		return;
	}
	/* No good place: stand. */
	t->done[i] = true;
}

/*
 * A place nobody holds, while the points do not favour us: the nearest
 * free unit that can be there in the turns left (foot at 3 BD a turn,
 * horse at 6) goes to stand within holding distance of it (3.10.2), worth
 * most first, unless one of ours is on its way there already.  A unit
 * that made no ground last turn for want of a way is not sent.
 */
static void
empty_places(struct think *t)
{
	const struct ai_view *v = t->v;
	int tl = turns_left(v), k, j, i, best, bd, d, pace;
	bool *seen, going;

	if (t->pts_ours > t->pts_theirs)
		return;
	seen = xcalloc((size_t)v->nobj + 1, sizeof *seen);
	for (j = 0; j < v->nobj; j++) {
		k = -1;
		for (i = 0; i < v->nobj; i++)
			if (!seen[i] && !t->theirs[i] && !t->ours[i] &&
			    (k < 0 || v->obj[i].points > v->obj[k].points))
				k = i;
		if (k < 0)
			break;
		seen[k] = true;
		if (!reaches(t, t->stand_at[k]))
			continue;
		going = false;
		best = -1;
		bd = INT_MAX;
		for (i = 0; i < v->nown && !going; i++) {
			const struct ai_own *o = &v->own[i];
			const struct order *w = intended(o);

			if (o->cond != COND_FORMED || !own_active(o))
				continue;
			if (w->kind == ORDER_MOVE && w->npts > 0 &&
			    geom_dist(w->pts[w->npts - 1], t->stand_at[k]) <=
			    t->range.hold && !stuck(v, o)) {
				going = true;
				break;
			}
			if (t->done[i] || o->arm == ARM_ARTILLERY ||
			    t->garrison[i] || in_contact(v, o) || stuck(v, o))
				continue;
			pace = (o->arm == ARM_CAVALRY ? 6 : 3) * v->rs->ticks;
			d = geom_dist(o->pos, t->stand_at[k]);
			if (d > tl * pace)
				continue;
			d = d * 6 / pace;
			if (d < bd) {
				bd = d;
				best = i;
			}
		}
		if (!going && best >= 0)
			want_move(t, best, NULL, t->stand_at[k], false);
	}
	free(seen);
}

/*
 * Only the last turn's positions count (3.10.2).  Hard, when the points
 * do not favour it in the last turns, sends the units nearest each place
 * the enemy holds to stand on it as well: a contested place scores for
 * nobody.  Horse goes first, as it may close right up to the enemy.
 */
static void
last_turns(struct think *t)
{
	const struct ai_view *v = t->v;
	int tl = turns_left(v), k, j, i, best, bd, d, sent;

	if (tl > 3 || t->pts_ours > t->pts_theirs)
		return;
	for (j = 0; j < v->nobj; j++) {
		/* Worth most first. */
		k = -1;
		for (i = 0; i < v->nobj; i++)
			if (t->theirs[i] && !t->ours[i] && (k < 0 ||
			    v->obj[i].points > v->obj[k].points))
				k = i;
		if (k < 0)
			break;
		t->theirs[k] = false;	/* taken care of */
		for (sent = 0; sent < 2; sent++) {
			best = -1;
			bd = INT_MAX;
			for (i = 0; i < v->nown; i++) {
				const struct ai_own *o = &v->own[i];

				if (t->done[i] || o->cond != COND_FORMED ||
				    o->arm == ARM_ARTILLERY)
					continue;
				d = geom_dist(o->pos, v->obj[k].at);
				if (o->arm == ARM_CAVALRY)
					d /= 2;
				if (d > tl * 6 * v->rs->ticks)
					continue;
				if (d < bd) {
					bd = d;
					best = i;
				}
			}
			if (best < 0)
				break;
			want_move(t, best, NULL, t->stand_at[k],
			    in_contact(v, &v->own[best]));
		}
	}
}

/* --- the baselines ------------------------------------------------------- */

static void
think_passive(struct think *t)
{
	int i;

	for (i = 0; i < t->v->nown; i++)
		if (t->v->own[i].cond == COND_FORMED)
			want_stop(t, i);
}

static void
think_naive(struct think *t)
{
	const struct ai_view *v = t->v;
	int i;

	for (i = 0; i < v->nown; i++) {
		if (v->own[i].cond != COND_FORMED || t->near[i] < 0)
			continue;
		want_move(t, i, NULL, v->enemy[t->near[i]].pos,
		    in_contact(v, &v->own[i]));
	}
}

/* --- the whole plan ------------------------------------------------------ */

static void
levels(struct think *t)
{
	int ticks = t->v->rs->ticks;

	switch (t->lvl) {
	case AI_EASY:
		t->deploy = 3 * ticks;
		t->slots = false;
		t->reserve = false;
		t->squares = false;
		t->flanks = false;
		t->charge = 0;
		break;
	case AI_HARD:
		t->deploy = 6 * ticks;
		t->slots = true;
		t->reserve = true;
		t->squares = true;
		t->flanks = true;
		t->charge = 2;
		t->charge_edge = 1;
		break;
	default:
		t->deploy = 6 * ticks;
		t->slots = true;
		t->reserve = true;
		t->squares = true;
		t->flanks = true;
		t->charge = 1;
		t->charge_edge = 0;
		break;
	}
}

static void
ranges(struct think *t)
{
	const struct ruleset *rs = t->v->rs;
	const struct ai_doctrine *d = rs->ops->doctrine;
	struct ai_reach *r = &t->range;
	int k;

	/* Guesses in the ruleset's own unit, for what its doctrine does not
	 * say. */
	r->musket = 2 * rs->ticks;
	r->hold = rs->ticks;
	r->canister = 3 * rs->ticks;
	r->melee = rs->ticks / 2;
	for (k = 0; k < RULES_MAX_FORM; k++)
		r->art_range[k] = 10 * rs->ticks;
	memset(r->charge, 0, sizeof r->charge);
	memset(r->charge_forms, 0, sizeof r->charge_forms);
	if (d != NULL && d->reach != NULL)
		d->reach(rs, r);
}

/* The formation that plays role r, from the ruleset's doctrine; -1 when
 * it has none. */
static int
role_form(const struct ruleset *rs, enum ai_role r)
{
	const struct ai_doctrine *d = rs->ops->doctrine;

	return d != NULL && d->form != NULL ? d->form(rs, r) : -1;
}

void
ai_think(const struct ai_view *v, enum ai_level lvl, struct ai_plan *plan)
{
	struct think t;
	int i, k, n;
	struct point c[FOOTPRINT_MAX];

	memset(plan, 0, sizeof *plan);
	memset(&t, 0, sizeof t);
	t.v = v;
	t.lvl = lvl;
	t.plan = plan;
	rng_seed(&t.rng, v->seed * 0x9e3779b97f4a7c15ULL +
	    (uint64_t)v->side * 0x632be59bd9b4e019ULL + (uint64_t)v->turn);
	t.f_line = role_form(v->rs, AI_ROLE_LINE);
	t.f_column = role_form(v->rs, AI_ROLE_COLUMN);
	t.f_mc = role_form(v->rs, AI_ROLE_MARCH);
	t.f_road = role_form(v->rs, AI_ROLE_ROAD);
	t.f_square = role_form(v->rs, AI_ROLE_SQUARE);
	t.f_limbered = role_form(v->rs, AI_ROLE_LIMBERED);
	t.f_unlimbered = role_form(v->rs, AI_ROLE_UNLIMBERED);
	t.f_skirmish = role_form(v->rs, AI_ROLE_SKIRMISH);
	ranges(&t);
	levels(&t);
	t.near = xcalloc((size_t)v->nown + 1, sizeof *t.near);
	t.near_d = xcalloc((size_t)v->nown + 1, sizeof *t.near_d);
	t.done = xcalloc((size_t)v->nown + 1, sizeof *t.done);
	t.garrison = xcalloc((size_t)v->nown + 1, sizeof *t.garrison);
	t.ours = xcalloc((size_t)v->nobj + 1, sizeof *t.ours);
	t.theirs = xcalloc((size_t)v->nobj + 1, sizeof *t.theirs);
	for (i = 0; i < v->nown; i++)
		t.near[i] = -1;
	survey(&t);
	/* The enemy's Drill is not to be seen: judge him by our own. */
	for (i = 0, k = 0, n = 0; i < v->nown; i++, n++)
		k += v->own[i].drill;
	t.enemy_drill = n > 0 ? (k + n / 2) / n : 4;

	if (lvl == AI_PASSIVE) {
		think_passive(&t);
		goto out;
	}
	if (t.nactive_enemy == 0)
		goto out;
	if (lvl == AI_NAIVE) {
		think_naive(&t);
		goto out;
	}
	/* Easy: a slow staff that reviews its orders every other turn. */
	if (lvl == AI_EASY && v->turn % 2 == 0)
		goto out;

	t.occ = xcalloc((size_t)v->map->w * v->map->h, sizeof *t.occ);
	for (i = 0; i < v->nown; i++) {
		if (cond_gone(v->own[i].cond))
			continue;
		n = footprint(v, v->own[i].arm, v->own[i].formation,
		    v->own[i].pos, v->own[i].facing, c);
		for (k = 0; k < n; k++)
			if (map_inside(v->map, c[k].x, c[k].y))
				t.occ[(size_t)c[k].y * v->map->w + c[k].x] =
				    i + 1;
	}
	for (i = 0; i < v->nenemy; i++) {
		n = footprint(v, v->enemy[i].arm, v->enemy[i].formation,
		    v->enemy[i].pos, v->enemy[i].facing, c);
		for (k = 0; k < n; k++)
			if (map_inside(v->map, c[k].x, c[k].y))
				t.occ[(size_t)c[k].y * v->map->w + c[k].x] =
				    -(i + 1);
	}
	objectives(&t);
	if (lvl >= AI_NORMAL)
		in_the_way(&t);
	if (lvl >= AI_NORMAL)
		reachable(&t);
	t.stand_at = xcalloc((size_t)v->nobj + 1, sizeof *t.stand_at);
	for (i = 0; i < v->nobj; i++)
		t.stand_at[i] = stand_point(&t, i);
	if (lvl >= AI_NORMAL)
		garrisons(&t);
	if (lvl >= AI_HARD)
		supports(&t);
	brigades(&t);
	tasks(&t);

	if (lvl >= AI_HARD)
		last_turns(&t);
	if (lvl >= AI_NORMAL)
		empty_places(&t);
	for (k = 0; k < t.nbrig; k++)
		brigade_orders(&t, &t.brig[k]);
	for (i = 0; i < v->nown; i++) {
		if (t.done[i])
			continue;
		if (v->own[i].arm == ARM_CAVALRY)
			squadron(&t, i);
		else if (v->own[i].arm == ARM_ARTILLERY)
			battery(&t, i);
	}
	for (k = 0; k < t.nbrig; k++)
		free(t.brig[k].units);
	free(t.brig);
	free(t.occ);
	free(t.reach);
	free(t.in_way);
out:
	free(t.near);
	free(t.near_d);
	free(t.done);
	free(t.garrison);
	free(t.stand_at);
	free(t.ours);
	free(t.theirs);
}

/* --- the controller ------------------------------------------------------ */

/*
 * A march that would make no ground at all - no room to wheel among
 * friends, or a friend across the way - is tried, with the Move preview,
 * by a first step of 3 or 6 cells straight ahead or turned up to 135
 * degrees either way (a wheel needs room a step forward does not) and
 * then on to the same place; the try that ends nearest the place, formed,
 * is taken.  True if one was.
 */
static bool
unjam(const struct game *g, struct order *o)
{
	const struct unit *u = &g->units[o->unit];
	struct point dest = o->pts[o->npts - 1], via;
	struct move_preview p;
	struct order t, best;
	int k, j, bd = geom_dist(u->pos, dest), d;
	static const int turn[] = { 0, -1, 1, -2, 2, -3, 3 };
	static const int reach[] = { 3, 6 };
	const int nturn = (int)(sizeof turn / sizeof turn[0]);
	const int nreach = (int)(sizeof reach / sizeof reach[0]);
	bool found = false;
	struct ai_view gv;

	/* The ground alone, for the wall test. */
	memset(&gv, 0, sizeof gv);
	gv.rs = g->rs;
	gv.map = g->map;

	for (k = 0; k < nturn * nreach; k++) {
		enum dir f = dir_turn(u->facing, turn[k % nturn]);
		int r = reach[k / nturn];

		via.x = u->pos.x + dir_dx[f] * r;
		via.y = u->pos.y + dir_dy[f] * r;
		if (!map_inside(g->map, via.x, via.y))
			continue;
		/* The first step, then on to the place - by the marked way
		 * when a wall bars the straight one. */
		t = *o;
		t.npts = 0;
		t.pts[t.npts++] = via;
		if (o->npts > 1 && !straight_clear(&gv, u->formation,
		    g->rs->form[u->formation].frontage[u->arm], via, dest))
			for (j = 0; j < o->npts - 1 &&
			    t.npts < ORDER_MAX_POINTS - 1; j++)
				t.pts[t.npts++] = o->pts[j];
		t.pts[t.npts++] = dest;
		if (move_preview(g, &t, &p) != 0)
			continue;
		d = geom_dist(p.pos, dest);
		if (p.cond == COND_FORMED && d < bd &&
		    (p.pos.x != u->pos.x || p.pos.y != u->pos.y)) {
			bd = d;
			best = t;
			found = true;
		}
		move_preview_free(&p);
	}
	if (found)
		*o = best;
	return found;
}

/* Within two cells of the map's edge. */
static bool
near_edge(const struct map *m, struct point p)
{
	return p.x < 2 || p.y < 2 || p.x >= m->w - 2 || p.y >= m->h - 2;
}

/*
 * A march the preview shows making no ground and no turn at all - no room
 * to turn, or ground the formation cannot enter - for a formed unit its
 * general can reach without an aide (3.1.1).
 */
static bool
futile(const struct game *g, const struct order *o,
    const struct move_preview *pv)
{
	const struct unit *u = &g->units[o->unit];

	if (u->cond != COND_FORMED || o->general < 0 ||
	    o->general >= g->ngenerals)
		return false;
	if (pv->pos.x != u->pos.x || pv->pos.y != u->pos.y ||
	    pv->facing != u->facing || pv->form != u->formation)
		return false;
	if (pv->halt != HALT_BLOCKED && pv->halt != HALT_TERRAIN)
		return false;
	return geom_dist(g->generals[o->general].pos, u->pos) <=
	    command_radius(g, o->general);
}

/* Unit o->unit, formed, could stand in Manoeuvre Column where it is
 * (it is not in it already): the way out of a formation with no speed. */
static bool
no_speed(const struct game *g, const struct order *o)
{
	const struct unit *u = &g->units[o->unit];
	int mc = role_form(g->rs, AI_ROLE_MARCH);

	return mc >= 0 && u->cond == COND_FORMED && u->formation != mc &&
	    (g->rs->form[mc].arms & (1u << u->arm)) &&
	    game_fits(g, o->unit, u->pos, u->facing, mc, -1, NULL) == 0;
}

/*
 * The staff check a player makes with the Move preview: walk the order
 * through the movement rules (move_preview: the ground, the unit, its
 * friends and where the enemy stands; no dice) and, if the unit would end
 * the turn a Mob - passing through a friend (3.6.7) or crossing with
 * exactly the speed left (3.6.5) - halt it a few cells short instead.
 */
static void
vet(const struct game *g, struct order *o)
{
	struct move_preview pv, p2;
	struct order orig = *o, t;
	int k, tries;

	if (o->kind != ORDER_MOVE || move_preview(g, o, &pv) != 0)
		return;
	/* No speed at all in its formation (3.6.3: a Line of Drill 2
	 * without a drum has Drill - 2 = 0 BD): it cannot march in it,
	 * not even turn.  Form Manoeuvre Column first where the block has
	 * room; the march is planned again next turn. */
	if (pv.allowance == 0 && no_speed(g, o)) {
		o->kind = ORDER_FORMATION;
		o->formation = role_form(g->rs, AI_ROLE_MARCH);
		o->npts = 0;
		move_preview_free(&pv);
		return;
	}
	/* Going nowhere: try a first step that needs no wheel. */
	if (pv.pos.x == g->units[o->unit].pos.x &&
	    pv.pos.y == g->units[o->unit].pos.y &&
	    (pv.halt == HALT_BLOCKED || pv.halt == HALT_TERRAIN) &&
	    g->units[o->unit].cond == COND_FORMED && unjam(g, o)) {
		move_preview_free(&pv);
		if (move_preview(g, o, &pv) != 0)
			return;
	}
	/* Still going nowhere, not even turning, and no way found: a
	 * march that cannot start is not ordered.  The unit stands this
	 * turn and the plan is made again next turn, when the way may be
	 * clear.  Only where the order is in force at once: a Stop sent
	 * by an aide would arrive after the way had opened. */
	if (futile(g, o, &pv)) {
		o->kind = ORDER_STOP;
		o->npts = 0;
		move_preview_free(&pv);
		return;
	}
	/* A march that would end against the map's edge leaves the block
	 * no room to wheel away again: stop it where the way is still
	 * clear of the edge (a unit that stands by the edge already may
	 * march along it to get away). */
	if (pv.cond == COND_FORMED && g->units[o->unit].cond == COND_FORMED &&
	    near_edge(g->map, pv.pos) &&
	    !near_edge(g->map, g->units[o->unit].pos) &&
	    !near_edge(g->map, orig.pts[orig.npts - 1])) {
		for (k = pv.npath - 2; k >= 1; k--)
			if (!near_edge(g->map, pv.path[k]))
				break;
		if (k >= 1) {
			o->npts = 1;
			o->pts[0] = pv.path[k];
		} else {
			o->kind = ORDER_STOP;
			o->npts = 0;
		}
		move_preview_free(&pv);
		return;
	}
	if (pv.cond == COND_MOB && g->units[o->unit].cond == COND_FORMED) {
		/* Unless something short of it is safe, stand instead. */
		o->kind = ORDER_STOP;
		o->npts = 0;
		for (k = pv.npath - 2, tries = 0; k >= 1 && tries < 4;
		    k--, tries++) {
			t = orig;
			t.npts = 1;
			t.pts[0] = pv.path[k];
			if (move_preview(g, &t, &p2) != 0)
				continue;
			if (p2.cond == COND_FORMED) {
				move_preview_free(&p2);
				*o = t;
				break;
			}
			move_preview_free(&p2);
		}
	}
	move_preview_free(&pv);
}

/*
 * Where a friend's march of this turn would leave it, put it there for the
 * Move preview of the units that march after it.  The movement phase moves
 * the units one after another, in the order of battle (3.6), so a column
 * whose way is blocked by a friend that marches first finds room when its
 * turn comes; judged against the friend where it stands now, the march
 * would look futile and the unit would be stopped for nothing.  Only a
 * march in force now whose preview ends formed is moved; saved holds the
 * unit's place to put back (shadow_undo).
 */
struct shadow {
	int		 unit;
	struct point	 pos;
	enum dir	 facing;
	int		 form;
};

static bool
shadow_march(struct game *g, int ui, struct shadow *saved)
{
	struct unit *u = &g->units[ui];
	struct move_preview pv;
	bool moved;

	if (u->cond != COND_FORMED || u->order.kind != ORDER_MOVE ||
	    (u->halt == HALT_CONTACT && u->order.issued <= u->halt_turn &&
	    u->halt_turn >= g->turn - 1) ||
	    move_preview(g, &u->order, &pv) != 0)
		return false;
	moved = pv.cond == COND_FORMED && (pv.pos.x != u->pos.x ||
	    pv.pos.y != u->pos.y || pv.facing != u->facing ||
	    pv.form != u->formation);
	if (moved) {
		saved->unit = ui;
		saved->pos = u->pos;
		saved->facing = u->facing;
		saved->form = u->formation;
		game_occupy(g, ui, false);
		u->pos = pv.pos;
		u->facing = pv.facing;
		u->formation = pv.form;
		game_occupy(g, ui, true);
	}
	move_preview_free(&pv);
	return moved;
}

/* Give unit ui's orders of the plan, vetted, and its standing march
 * vetted again; returns the number refused, counts those accepted. */
static int
give_unit(struct game *g, struct ai_plan *p, const struct ai_own *own,
    enum ai_level lvl, int *ok)
{
	const struct unit *u = &g->units[own->unit];
	struct order o;
	char *cause;
	int k, bad = 0;
	bool planned = false;

	for (k = 0; k < p->n; k++) {
		if (p->v[k].unit != own->unit)
			continue;
		planned = true;
		if (lvl >= AI_NORMAL)
			vet(g, &p->v[k]);
		if (game_order(g, &p->v[k], &cause) != 0) {
			bad++;
			free(cause);
		} else
			(*ok)++;
	}
	/* Standing marches too: the ground ahead changes as they go. */
	if (planned || lvl < AI_NORMAL || u->cond != COND_FORMED ||
	    u->order.kind != ORDER_MOVE || own->riding)
		return bad;
	o = u->order;
	o.general = u->general;
	vet(g, &o);
	if (memcmp(&o.pts, &u->order.pts, sizeof o.pts) == 0 &&
	    o.kind == u->order.kind && o.npts == u->order.npts)
		return bad;
	if (game_order(g, &o, &cause) != 0) {
		bad++;
		free(cause);
	} else
		(*ok)++;
	return bad;
}

int
ai_orders(struct game *g, int side, enum ai_level lvl, int *given)
{
	struct ai_view v;
	struct ai_plan p;
	struct shadow *sh = NULL;
	int *occ = NULL;
	size_t cells = (size_t)g->map->w * (size_t)g->map->h;
	int i, k, nsh = 0, bad = 0, ok = 0;
	char *cause;

	if (side < 0 || side >= g->nsides)
		return 0;
	ai_view_fill(g, side, &v);
	ai_think(&v, lvl, &p);
	if (lvl >= AI_NORMAL) {
		/* Unit by unit in the order they will march, each judged
		 * with the friends that march before it moved on. */
		sh = xcalloc((size_t)v.nown + 1, sizeof *sh);
		occ = xmallocarray(cells, sizeof *occ);
		memcpy(occ, g->occ, cells * sizeof *occ);
		for (i = 0; i < v.nown; i++) {
			bad += give_unit(g, &p, &v.own[i], lvl, &ok);
			if (shadow_march(g, v.own[i].unit, &sh[nsh]))
				nsh++;
		}
		/* Everyone back where he stands. */
		for (k = nsh - 1; k >= 0; k--) {
			struct unit *u = &g->units[sh[k].unit];

			u->pos = sh[k].pos;
			u->facing = sh[k].facing;
			u->formation = sh[k].form;
		}
		memcpy(g->occ, occ, cells * sizeof *occ);
		free(occ);
		free(sh);
	} else
		for (i = 0; i < p.n; i++) {
			if (game_order(g, &p.v[i], &cause) != 0) {
				bad++;
				free(cause);
			} else
				ok++;
		}
	ai_plan_free(&p);
	ai_view_free(&v);
	if (given != NULL)
		*given = ok;
	return bad;
}

void
ai_controller(struct game *g, int side, void *arg)
{
	enum ai_level lvl = arg != NULL ? *(enum ai_level *)arg : AI_NORMAL;

	ai_orders(g, side, lvl, NULL);
}
