/*
 * commander.c - the computer commander's planner: the picture of the
 * battle from a side's view, and the plan of orders made from it
 * (ai_think), level by level.
 *
 * The commander is one module in several files: view.c (what a side may
 * know), route.c (the ground, and ways round walls), orders.c (turning
 * wishes into orders), this file (the picture and the whole plan),
 * tasks.c (brigades and their tasks), arms.c, arms-cavalry.c and
 * arms-artillery.c (battalions, squadrons, batteries) and control.c
 * (giving the orders through the Move preview).
 * None of them knows a ruleset: what only the ruleset knows comes from
 * its doctrine (ai/doctrine.h) - which formation plays the Line, the
 * march column or the Square, how far muskets, guns and charges reach,
 * how a melee would go.  The words below are the Napoleonic doctrine's;
 * a ruleset without one has no formations by role, guessed reaches and
 * even melees, and its units march on the places and the enemy in the
 * formation they stand in.
 *
 * The planner thinks in bodies of troops, as a divisional commander would:
 *   - infantry under one general is a brigade; each brigade gets a task
 *     (take or hold an objective, or strike the nearest enemy), a point and
 *     a front, and its battalions take frontage slots along a line across
 *     the axis of advance, so the brigade arrives as a line, not a queue
 *     (normal and hard: a slot behind a wall from the goal is drawn in
 *     towards it, on the goal's side of the wall);
 *   - far from the enemy battalions march in Manoeuvre Column (Road
 *     Column stays on its road) and deploy into Line at a distance that
 *     depends on the level, forming Square when horse threatens them;
 *   - one brigade may be kept back as a reserve behind the main effort and
 *     sent in when the line is worn or the last turns come;
 *   - cavalry waits on a wing and rides at routers, Mobs, guns and open
 *     flanks rather than into formed foot;
 *   - batteries go where they have an enemy in range and no friend in the
 *     line of fire, unlimber there and turn to the nearest target; they
 *     wait for an enemy almost in range to come on, but (normal and
 *     hard) not for one who stood last turn beyond a defile from them.
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
 * second battalion behind every place it holds while it leads on the
 * places (an attacker needs every battalion forward), counts a lead only
 * when it would survive losing the most threatened place, presses when
 * stronger, and in the last turns sends its nearest troops onto the
 * places the enemy holds, to contest them.  When the points do not
 * favour it, hard takes its guns in close: a battery within a turn's
 * drive of a spot beyond musketry and a foot charge but inside canister
 * range of enemy foot (3.7.2), with our own foot near to cover it and no
 * enemy horse about, goes there.  Hard crosses ground the enemy's guns
 * sweep in a Skirmish Group while no enemy horse is near (it marches
 * faster than a Column and takes 40% of the hits, 3.6.3, 3.7.4), and
 * while it leads even without the places held from beyond a defile, it
 * brings its units on the far side of the defile back over it (3.6.6:
 * one unit a turn) rather than fight there with the water behind them.
 * Normal and hard deploy a march column that stands within reach of the
 * enemy's guns (the guns' best target); a garrison's march column with
 * no room to deploy as it faces turns to face the enemy first.  A march
 * from beyond a defile back to our own side goes by the crossing, in
 * Road Column once near it, and a unit that gives ground goes on giving
 * it rather than turn about as the odds change a cell at a time.
 *
 * Normal and hard also know which ground their troops can reach without
 * filing through a defile (3.6.6) or entering ground no foot may enter:
 * a place beyond it is fought for only through the enemy who holds it on
 * our side, and a brigade with nothing to take falls on the nearest enemy
 * it can reach.  A place in a defile is held from the nearest cell of our
 * bank within holding distance (3.10.2), and while the points do not
 * favour it the nearest free unit that can get there in the turns left
 * goes to a place nobody holds.  A garrison that stands beyond a defile
 * from our own side of the field, holding a place that can be held from
 * our side (a bridge), goes over and holds it from there.  A garrison
 * within reach of the enemy's guns (each battery's reach by its class)
 * that would hold its place as well from a cell near it beyond their
 * reach, or formed otherwise where it stands, goes there or so forms:
 * only the last turn's positions score, and the men it would lose count
 * to the break.  A march the Move preview shows going
 * nowhere (no room to wheel among friends) is tried again with a first
 * step straight ahead or half right or left; one that still would
 * neither move nor turn the unit is not given (it stands, and is planned
 * again next turn), and one that would end against the map's edge is cut
 * short.  A unit that made no ground last turn under its Move order,
 * held by friends or the ground, is not given a march (planned, cut
 * short, refined by the ruleset, or the one it stands under) that the
 * preview shows holding it where it stands again, facing as it faces:
 * a first step aside on the way there instead, else Stop, so that no
 * unit stands frozen turn after turn under the same order.  A march that
 * made no ground, tried again round one side, goes round the other where
 * the map's edge would leave the block no facing on towards its goal.  A
 * new march that would face a unit about where it stands (3.6.3: a
 * Column's whole move and more) is not given while the march it is under
 * takes it on without one, the way the new goal lies, to a place nearer
 * it; an assault on a new target is given all the same.  The
 * controller gives and checks the orders unit by unit in the
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
 * stands and fires instead, as is one whose first step a unit stands
 * across (the charge would falter where it stands and hold the charger
 * there for the turn).  A wall met within the next turns' march
 * (3.6.5: a wall costs more than a Column or a slow Line has in a turn)
 * is gone round by waypoints found with a bounded search of the ground,
 * as a player would mark the way; and no Formation order is given where
 * the new block has no room (it would hold the unit for nothing).
 * Horse does not ride at foot or guns it cannot reach, and goes for
 * skirmishers and march columns as readily as for guns.  While ahead on
 * the places, a battalion the enemy outnumbers where it stands, and not
 * needed to keep the lead, falls back towards the rear: the break point
 * counts men, not places.  While the points do not favour it (normal
 * and hard), the garrison of a place goes to a place worth more that
 * nobody holds when no unit of ours is nearer to it, and horse with no
 * prey rides for the worthiest place nobody holds that it can reach in
 * the turns left, rather than wait on a wing.  Where the ruleset's doctrine asks for it
 * (guard_flank), a battalion of normal or hard does not end its march
 * with its flank to a formed enemy who could charge it soon (within his
 * charge reach and twice his last march): it turns to face him and
 * stands.  Where the doctrine says so (horse_stand_off), hard horse
 * whose march the enemy halted at arm's length without a charge charges
 * what it would beat within its reach, else rides back out of musketry.
 * Where it says press, hard attacking (the points do not favour it)
 * falls back only as normal does and weighs its charges at normal's
 * mark: the attacker that gives ground to every threat, or waits for
 * better odds, runs out of turns.
 */
#include "config.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "ai/doctrine.h"
#include "ai/think.h"
#include "core/cells.h"
#include "core/geom.h"
#include "core/map.h"
#include "core/rng.h"
#include "util/xalloc.h"

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
			    ai_gap_point(v, v->own[i].arm, v->own[i].formation,
			    v->own[i].pos, v->own[i].facing, v->obj[k].at) <=
			    t->range.hold)
				t->ours[k] = true;
		for (i = 0; i < v->nenemy && !t->theirs[k]; i++)
			if (v->enemy[i].cond == COND_FORMED &&
			    ai_gap_point(v, v->enemy[i].arm,
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
 * Flood the cells a foot unit can march to from the cells marked in r
 * without filing through a defile (3.6.6: one unit a turn) or entering
 * ground no foot formation may enter.
 */
static void
flood(const struct ai_view *v, bool *r)
{
	const struct map *m = v->map;
	unsigned foot = 0;
	int *q, nq = 0, i, d, x, y;
	size_t c, n = (size_t)m->w * m->h;

	for (i = 0; i < v->rs->nform && i < RULES_MAX_FORM; i++)
		if (v->rs->form[i].arms & (1u << ARM_INFANTRY))
			foot |= 1u << i;
	q = xcalloc(n + 1, sizeof *q);
	for (c = 0; c < n; c++)
		if (r[c])
			q[nq++] = (int)c;
	for (i = 0; i < nq; i++) {
		for (d = 0; d < 8; d += 2) {
			const struct cell *cl;

			x = q[i] % m->w + dir_dx[d];
			y = q[i] / m->w + dir_dy[d];
			if (!map_inside(m, x, y))
				continue;
			c = (size_t)y * m->w + x;
			if (r[c])
				continue;
			cl = map_cell(m, x, y);
			if (cl->flags & CELL_DEFILE)
				continue;
			if (cl->land < v->rs->nland &&
			    (v->rs->land[cl->land].forbid & foot) == foot)
				continue;
			r[c] = true;
			q[nq++] = (int)c;
		}
	}
	free(q);
}

/*
 * The ground our troops can march over from where they stand without
 * filing through a defile or entering ground no foot formation may
 * enter: what lies beyond can be fought for only by crossing, and
 * whatever of the enemy stands on our side can be fought at once.  And
 * our own side of the field: the ground so reached from our rear, which
 * a unit beyond a defile from it must cross again to come back to.
 */
static void
reachable(struct think *t)
{
	const struct ai_view *v = t->v;
	const struct map *m = v->map;
	int i;

	t->reach = xcalloc((size_t)m->w * m->h, sizeof *t->reach);
	for (i = 0; i < v->nown; i++) {
		const struct ai_own *o = &v->own[i];

		if (!own_active(o) || o->arm == ARM_ARTILLERY ||
		    !map_inside(m, o->pos.x, o->pos.y))
			continue;
		t->reach[(size_t)o->pos.y * m->w + o->pos.x] = true;
	}
	flood(v, t->reach);
	if (!map_inside(m, v->rear.x, v->rear.y))
		return;
	t->home = xcalloc((size_t)m->w * m->h, sizeof *t->home);
	t->home[(size_t)v->rear.y * m->w + v->rear.x] = true;
	flood(v, t->home);
}

/* True if p lies on our own side of every defile (true when not known). */
bool
ai_at_home(const struct think *t, struct point p)
{
	if (t->home == NULL || !map_inside(t->v->map, p.x, p.y))
		return true;
	return t->home[(size_t)p.y * t->v->map->w + p.x];
}

/*
 * The crossing nearest p back to our own side of the field: a defile
 * cell (3.6.6) in *at with a cell of our own side next to it in *over;
 * false if there is none.  The crossings are found once a turn.
 */
bool
ai_crossing(struct think *t, struct point p, struct point *at,
    struct point *over)
{
	const struct map *m = t->v->map;
	struct point c, n;
	int x, y, j, d, best = -1, bd = INT_MAX;
	enum dir k;

	if (t->home == NULL)
		return false;
	if (t->ncross < 0) {
		t->ncross = 0;
		for (y = 0; y < m->h; y++)
			for (x = 0; x < m->w; x++) {
				if (!(map_cell(m, x, y)->flags & CELL_DEFILE))
					continue;
				c = (struct point){ x, y };
				for (k = 0; k < 8; k += 2) {
					n = offset(c, k, 1);
					if (!map_inside(m, n.x, n.y) ||
					    (map_cell(m, n.x, n.y)->flags &
					    CELL_DEFILE) || !ai_at_home(t, n))
						continue;
					t->cross = xreallocarray(t->cross,
					    (size_t)t->ncross + 1,
					    sizeof *t->cross);
					t->cross[t->ncross++] =
					    (struct crossing){ c, n };
					break;
				}
			}
	}
	for (j = 0; j < t->ncross; j++)
		if ((d = geom_dist(p, t->cross[j].at)) < bd) {
			bd = d;
			best = j;
		}
	if (best < 0)
		return false;
	*at = t->cross[best].at;
	*over = t->cross[best].over;
	return true;
}

/* True if p lies on ground we can reach (everything when not known). */
bool
ai_reaches(const struct think *t, struct point p)
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

	if (t->reach == NULL || ai_reaches(t, at))
		return at;
	r = t->range.hold / STEP_ORTHO;
	for (dy = -r; dy <= r; dy++)
		for (dx = -r; dx <= r; dx++) {
			c.x = at.x + dx;
			c.y = at.y + dy;
			if (!map_inside(v->map, c.x, c.y) || !ai_reaches(t, c))
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
		(void)ai_sweep(t, j, o->pts[0], 6, &fr, &edge);
		if (fr >= 0)
			t->in_way[fr] = true;
	}
}

/* --- the baselines ------------------------------------------------------- */

static void
think_passive(struct think *t)
{
	int i;

	for (i = 0; i < t->v->nown; i++)
		if (t->v->own[i].cond == COND_FORMED)
			ai_want_stop(t, i);
}

static void
think_naive(struct think *t)
{
	const struct ai_view *v = t->v;
	int i;

	for (i = 0; i < v->nown; i++) {
		if (v->own[i].cond != COND_FORMED || t->near[i] < 0)
			continue;
		ai_want_move(t, i, NULL, v->enemy[t->near[i]].pos,
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
	r->arc = 1;
	r->restore = 0;
	for (k = 0; k < RULES_MAX_FORM; k++)
		r->art_range[k] = 10 * rs->ticks;
	memset(r->charge, 0, sizeof r->charge);
	memset(r->charge_forms, 0, sizeof r->charge_forms);
	if (d != NULL && d->reach != NULL)
		d->reach(rs, r);
}

/* The formation that plays role r, from the ruleset's doctrine; -1 when
 * it has none. */
int
ai_role_form(const struct ruleset *rs, enum ai_role r)
{
	const struct ai_doctrine *d = rs->ops->doctrine;

	return d != NULL && d->form != NULL ? d->form(rs, r) : -1;
}

void
ai_think(const struct ai_view *v, enum ai_level lvl, struct ai_plan *plan)
{
	struct think t;
	int i, k, n;
	struct point *c;

	memset(plan, 0, sizeof *plan);
	memset(&t, 0, sizeof t);
	t.v = v;
	t.lvl = lvl;
	t.plan = plan;
	rng_seed(&t.rng, v->seed * 0x9e3779b97f4a7c15ULL +
	    (uint64_t)v->side * 0x632be59bd9b4e019ULL + (uint64_t)v->turn);
	t.f_line = ai_role_form(v->rs, AI_ROLE_LINE);
	t.f_column = ai_role_form(v->rs, AI_ROLE_COLUMN);
	t.f_mc = ai_role_form(v->rs, AI_ROLE_MARCH);
	t.f_road = ai_role_form(v->rs, AI_ROLE_ROAD);
	t.f_square = ai_role_form(v->rs, AI_ROLE_SQUARE);
	t.f_limbered = ai_role_form(v->rs, AI_ROLE_LIMBERED);
	t.f_unlimbered = ai_role_form(v->rs, AI_ROLE_UNLIMBERED);
	t.f_skirmish = ai_role_form(v->rs, AI_ROLE_SKIRMISH);
	ranges(&t);
	levels(&t);
	t.ncross = -1;
	t.near = xcalloc((size_t)v->nown + 1, sizeof *t.near);
	t.near_d = xcalloc((size_t)v->nown + 1, sizeof *t.near_d);
	t.done = xcalloc((size_t)v->nown + 1, sizeof *t.done);
	t.garrison = xcalloc((size_t)v->nown + 1, sizeof *t.garrison);
	t.ours = xcalloc((size_t)v->nobj + 1, sizeof *t.ours);
	t.theirs = xcalloc((size_t)v->nobj + 1, sizeof *t.theirs);
	for (i = 0; i < v->nown; i++)
		t.near[i] = -1;
	survey(&t);
	/* The enemy's quality is not to be seen: judge him by our own. */
	for (i = 0, k = 0, n = 0; i < v->nown; i++, n++)
		k += v->own[i].quality;
	t.enemy_quality = n > 0 ? (k + n / 2) / n :
	    v->rs->ops->doctrine != NULL ?
	    v->rs->ops->doctrine->quality_unknown : 0;

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
	c = cells_take(v->cells);
	for (i = 0; i < v->nown; i++) {
		if (cond_gone(v->own[i].cond))
			continue;
		n = ai_footprint(v, v->own[i].arm, v->own[i].formation,
		    v->own[i].pos, v->own[i].facing, c);
		for (k = 0; k < n; k++)
			if (map_inside(v->map, c[k].x, c[k].y))
				t.occ[(size_t)c[k].y * v->map->w + c[k].x] =
				    i + 1;
	}
	for (i = 0; i < v->nenemy; i++) {
		n = ai_footprint(v, v->enemy[i].arm, v->enemy[i].formation,
		    v->enemy[i].pos, v->enemy[i].facing, c);
		for (k = 0; k < n; k++)
			if (map_inside(v->map, c[k].x, c[k].y))
				t.occ[(size_t)c[k].y * v->map->w + c[k].x] =
				    -(i + 1);
	}
	cells_give(v->cells, c);
	objectives(&t);
	if (lvl >= AI_NORMAL)
		in_the_way(&t);
	if (lvl >= AI_NORMAL)
		reachable(&t);
	t.stand_at = xcalloc((size_t)v->nobj + 1, sizeof *t.stand_at);
	for (i = 0; i < v->nobj; i++)
		t.stand_at[i] = stand_point(&t, i);
	if (lvl >= AI_HARD && v->rs->ops->doctrine != NULL &&
	    v->rs->ops->doctrine->press && t.pts_ours < t.pts_theirs) {
		/* Attacking (the doctrine's press): normal's mark for a
		 * charge, and (arms.c) normal's fall-back. */
		t.press = true;
		t.charge_edge = 0;
	}
	if (lvl >= AI_HARD)
		ai_fall_back(&t);
	if (lvl >= AI_NORMAL)
		ai_garrisons(&t);
	if (lvl >= AI_HARD)
		ai_supports(&t);
	ai_brigades(&t);
	ai_tasks(&t);

	if (lvl >= AI_HARD)
		ai_last_turns(&t);
	if (lvl >= AI_HARD)
		ai_ride_generals(&t);
	if (lvl >= AI_NORMAL)
		ai_empty_places(&t);
	for (k = 0; k < t.nbrig; k++)
		ai_brigade_orders(&t, &t.brig[k]);
	for (i = 0; i < v->nown; i++) {
		if (t.done[i])
			continue;
		if (v->own[i].arm == ARM_CAVALRY)
			ai_squadron(&t, i);
		else if (v->own[i].arm == ARM_ARTILLERY)
			ai_battery(&t, i);
	}
	for (k = 0; k < t.nbrig; k++)
		free(t.brig[k].units);
	free(t.brig);
	free(t.occ);
	free(t.reach);
	free(t.home);
	free(t.cross);
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
