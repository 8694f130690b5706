/*
 * orders.c - turning the planner's wishes into orders: Stop, Formation,
 * Move (steered round friends and walls, and never a charge not worth
 * making) and Restore, each added to the plan once per unit.  How a
 * melee would go is the doctrine's to rate (ai/doctrine.h).
 */
#include "config.h"

#include <limits.h>
#include <string.h>

#include "ai/doctrine.h"
#include "ai/think.h"
#include "core/cells.h"
#include "core/geom.h"
#include "core/move.h"
#include "util/xalloc.h"

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
void
ai_want_stop(struct think *t, int i)
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
bool
ai_want_form(struct think *t, int i, int form)
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
	if (t->occ != NULL && !ai_fits(t, u, form, u->pos, u->facing))
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

/*
 * The melee score own unit i may expect over enemy j, less his, with the
 * dice left out, as the ruleset's doctrine rates it (0: even, when it has
 * none).  The enemy's quality cannot be seen; it is taken to be
 * t->enemy_quality.
 */
static int
melee_edge(const struct think *t, int i, int j)
{
	const struct ai_doctrine *d = t->v->rs->ops->doctrine;

	if (d == NULL || d->melee_edge == NULL)
		return 0;
	return d->melee_edge(t->v->rs, &t->v->own[i], &t->v->enemy[j],
	    t->enemy_quality);
}

/*
 * The enemy a Move order for own unit i to dest would charge (3.4.1), as
 * the charge phase will judge it: the nearest enemy still fighting within
 * the arm's reach and the arc of the front, onto whom the straight march
 * for dest leads.  -1 if none.
 */
int
ai_would_charge(const struct think *t, int i, struct point dest)
{
	const struct ai_view *v = t->v;
	const struct ai_own *u = &v->own[i];
	struct point *cells, cur;
	int j, n, g, best = -1, bg, used;
	enum dir d;

	if ((unsigned)u->arm >= ARM_COUNT || u->cond != COND_FORMED ||
	    t->range.charge[u->arm] <= 0 ||
	    (t->range.charge_forms[u->arm] & (1u << u->formation)) == 0)
		return -1;
	bg = t->range.charge[u->arm] + 1;
	cells = cells_take(v->cells);
	for (j = 0; j < v->nenemy; j++) {
		const struct ai_enemy *e = &v->enemy[j];

		if (!enemy_active(e) ||
		    geom_dist(e->pos, u->pos) > bg + 16 * STEP_ORTHO)
			continue;
		if (dir_diff(u->facing, heading(u->pos, e->pos)) > 1)
			continue;
		g = ai_gap_own_enemy(v, u, e);
		if (g >= bg)
			continue;
		n = ai_footprint(v, e->arm, e->formation, e->pos, e->facing,
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
	cells_give(v->cells, cells);
	return best;
}

/*
 * Whether own unit i's charge on enemy j can set off, as the charge phase
 * walks it (3.4.2): a cell at a time straight for where he stands, the
 * block keeping its facing, each step taken only where the block fits
 * inside the map clear of every other unit, friend or enemy.  A charge
 * whose first step is barred is not made (3.4.2): the charger marches on
 * its order instead, into or round the unit in its way, and no melee
 * comes of it this turn.  True when he is within melee reach already, when not known
 * (no picture of the field), and where the ruleset's doctrine does not
 * say its charges walk so (charge_steps).  A charge that sets off and
 * stops short still brings the charger closer: it is left to be weighed
 * as before (barring those too lost the French 2 more games in 50
 * against a passive Allied side at the Côa, bench-ai -n 100).
 */
bool
ai_charge_starts(const struct think *t, int i, int j)
{
	const struct ai_view *v = t->v;
	const struct ai_own *u = &v->own[i];
	const struct ai_enemy *e = &v->enemy[j];
	struct point *a, *b, nx;
	int na, nb, k, o;
	bool fits = true;

	if (t->occ == NULL || v->rs->ops->doctrine == NULL ||
	    !v->rs->ops->doctrine->charge_steps ||
	    (u->pos.x == e->pos.x && u->pos.y == e->pos.y))
		return true;
	a = cells_take(v->cells);
	b = cells_take(v->cells);
	nb = ai_footprint(v, e->arm, e->formation, e->pos, e->facing, b);
	na = ai_footprint(v, u->arm, u->formation, u->pos, u->facing, a);
	if (move_gap(a, na, b, nb) > t->range.melee) {
		nx = offset(u->pos, heading(u->pos, e->pos), 1);
		na = ai_footprint(v, u->arm, u->formation, nx, u->facing, a);
		for (k = 0; k < na && fits; k++) {
			if (!map_inside(v->map, a[k].x, a[k].y)) {
				fits = false;
				break;
			}
			o = t->occ[(size_t)a[k].y * v->map->w + a[k].x];
			if (o != 0 && o != i + 1)
				fits = false;
		}
	}
	cells_give(v->cells, b);
	cells_give(v->cells, a);
	return fits;
}

/*
 * Whether a charge by own unit i on enemy j is worth making: a Mob or a
 * body already shaken is always fair game; otherwise the expected melee
 * edge must reach the level's mark, for a charger beaten by 3 routs
 * (3.8.4) and, hemmed in, is taken.  Never across a wall or stream,
 * where the charge would stop short and falter, nor (normal and hard)
 * where a unit stands across its first step (ai_charge_starts).
 */
bool
ai_charge_worth(const struct think *t, int i, int j)
{
	const struct ai_enemy *e = &t->v->enemy[j];
	int fr;
	bool edge;

	if (t->occ != NULL) {
		(void)ai_sweep(t, i, e->pos, 6, &fr, &edge);
		if (edge)
			return false;
		if (t->lvl >= AI_NORMAL && !ai_charge_starts(t, i, j))
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
void
ai_want_move(struct think *t, int i, const struct point *via, struct point dest,
    bool force)
{
	const struct ai_own *u = &t->v->own[i];
	const struct order *cur = intended(u);
	struct order o;
	struct point detour, cross, over;
	int k;

	t->done[i] = true;
	dest = clamp(t->v, dest);
	/* A march that would carry the unit into a charge it should not
	 * make (3.4.1: the charge phase reads where the order leads): it
	 * stands and fires instead. */
	if (t->lvl >= AI_NORMAL && !t->charging &&
	    (k = ai_would_charge(t, i, dest)) >= 0 && !ai_charge_worth(t, i, k)) {
		ai_want_stop(t, i);
		return;
	}
	if (u->pos.x == dest.x && u->pos.y == dest.y && !force)
		return;
	/* From beyond a defile back to our own side (normal and hard): by
	 * the crossing, in the column that passes it (3.6.6) once near it;
	 * a straight march would end at the water. */
	if (t->lvl >= AI_NORMAL && via == NULL && !t->charging &&
	    !ai_at_home(t, u->pos) && ai_at_home(t, dest) &&
	    ai_crossing(t, u->pos, &cross, &over)) {
		if (t->f_road >= 0 && u->formation != t->f_road &&
		    (t->v->rs->form[t->f_road].arms & (1u << u->arm)) &&
		    geom_dist(u->pos, cross) <= 8 * STEP_ORTHO &&
		    ai_ground_allows(t->v, u->arm, t->f_road, u->pos,
		    u->facing) && ai_want_form(t, i, t->f_road))
			return;
		t->done[i] = true;
		if (!force && cur->kind == ORDER_MOVE && cur->npts >= 2 &&
		    geom_dist(cur->pts[cur->npts - 1], dest) <= STEP_DIAG &&
		    !stuck(t->v, u))
			return;
		order_init(&o, u, ORDER_MOVE);
		if (geom_dist(u->pos, cross) > STEP_DIAG)
			o.pts[o.npts++] = cross;
		o.pts[o.npts++] = over;
		o.pts[o.npts++] = dest;
		plan_add(t, &o);
		return;
	}
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
		nw = ai_way_round(t, i, dest, wp, ORDER_MAX_POINTS - 1);
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
		 * round one side or the other by turns.  Not to a side
		 * where the map's edge would leave the block no facing on
		 * towards its goal (doctrine steer_off_edge): the other
		 * one, when that has it.  At the Côa Loison's battery,
		 * held by the vineyard wall, was sent 6 cells south onto
		 * the map's last row, drove along it and never turned
		 * north again. */
		enum dir hd = heading(u->pos, dest);
		int side = (t->v->turn / 2) % 2 ? 2 : -2;

		detour = clamp(t->v, offset(offset(u->pos, dir_turn(hd, side),
		    6), hd, 2));
		if (t->v->rs->ops->doctrine != NULL &&
		    t->v->rs->ops->doctrine->steer_off_edge &&
		    !ai_faces_on_map(t->v, u, detour, dest)) {
			cross = clamp(t->v, offset(offset(u->pos, dir_turn(hd,
			    -side), 6), hd, 2));
			if (ai_faces_on_map(t->v, u, cross, dest))
				detour = cross;
		}
		via = &detour;
		force = true;
	}
	if (!force && t->occ != NULL)
		ai_steer(t, i, &via, &dest, &detour);
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

/*
 * The nearest enemy still fighting (formed or a Mob) whose gap to own
 * unit u is at most r; -1 if none.  *gap is set to his gap.
 */
static int
enemy_within(const struct ai_view *v, const struct ai_own *u, int r,
    int *gap)
{
	int j, g, best = -1;

	*gap = INT_MAX;
	for (j = 0; j < v->nenemy; j++) {
		const struct ai_enemy *e = &v->enemy[j];

		if (!enemy_active(e) ||
		    geom_dist(e->pos, u->pos) > r + 16 * STEP_ORTHO)
			continue;
		if ((g = ai_gap_own_enemy(v, u, e)) <= r && g < *gap) {
			*gap = g;
			best = j;
		}
	}
	return best;
}

/*
 * A Mob is ordered to re-form (3.6.5: it cannot march as it is).  Where
 * the rules let it re-form only with no enemy near (the doctrine's
 * restore gap, HO.9.3) and one stands that near, a Restore order would
 * spend the turn in vain, and the Mob would be caught as it stands (a
 * Disordered unit that loses a melee or fails a test routs, HO.7, HO.9.2):
 * at normal and hard it falls back straight away from him instead, out
 * of the gap and of his charge reach where its move allows, to re-form
 * next turn.
 */
void
ai_want_restore(struct think *t, int i)
{
	const struct ai_view *v = t->v;
	const struct ai_own *u = &v->own[i];
	struct order o;
	int j, gap;

	t->done[i] = true;
	if (t->lvl >= AI_NORMAL && t->range.restore > 0 &&
	    (j = enemy_within(v, u, t->range.restore, &gap)) >= 0) {
		ai_want_move(t, i, NULL, away_from(v, &t->range, u,
		    &v->enemy[j], t->range.restore, gap), true);
		return;
	}
	if (intended(u)->kind == ORDER_RESTORE)
		return;
	order_init(&o, u, ORDER_RESTORE);
	plan_add(t, &o);
}

/* Turn to face a point without going anywhere (one step towards it). */
void
ai_want_face(struct think *t, int i, struct point at)
{
	const struct ai_own *u = &t->v->own[i];
	enum dir d;

	if (u->pos.x == at.x && u->pos.y == at.y)
		return;
	d = heading(u->pos, at);
	if (dir_diff(d, u->facing) <= 1)
		return;
	ai_want_move(t, i, NULL, offset(u->pos, d, 1), false);
}

/*
 * Hard: each general rides after his men.  An order is in force at once
 * only within its general's command radius (3.1.1); beyond it an aide
 * carries it a turn or more (3.2.1), and a unit halted in battle contact
 * goes on only with an order newer than its halt (3.6.8), which an order
 * still riding never is.  A general left where he began, while his
 * battalions march away from him, commands them by aides alone: so when
 * one of his units stands beyond three quarters of his radius, he rides
 * for the middle of them, held back towards our rear until no enemy in
 * the fight stands within four blocks of where he stops.
 */
void
ai_ride_generals(struct think *t)
{
	const struct ai_view *v = t->v;
	struct order o;
	struct point at;
	long sx, sy;
	int k, i, j, n, far, d, near, steps;

	/* Generals who do not ride, or orders that need no aide. */
	if (v->rs->general_speed <= 0 || v->rs->courier_speed <= 0)
		return;
	for (k = 0; k < v->ngen; k++) {
		const struct ai_general *gen = &v->gen[k];

		sx = sy = 0;
		n = far = 0;
		for (i = 0; i < v->nown; i++) {
			if (v->own[i].general != gen->index ||
			    !own_active(&v->own[i]))
				continue;
			sx += v->own[i].pos.x;
			sy += v->own[i].pos.y;
			n++;
			d = geom_dist(gen->pos, v->own[i].pos);
			if (d > far)
				far = d;
		}
		if (n == 0 || far <= gen->radius * 3 / 4)
			continue;
		at = (struct point){ (int)(sx / n), (int)(sy / n) };
		for (steps = 0; steps < 24; steps++) {
			near = INT_MAX;
			for (j = 0; j < v->nenemy; j++)
				if (enemy_active(&v->enemy[j]) &&
				    (d = geom_dist(at, v->enemy[j].pos)) < near)
					near = d;
			if (near > 4 * v->rs->ticks ||
			    (at.x == v->rear.x && at.y == v->rear.y))
				break;
			at = offset(at, heading(at, v->rear), 1);
		}
		at = clamp(v, at);
		if (geom_dist(gen->pos, at) <= STEP_DIAG)
			continue;
		memset(&o, 0, sizeof o);
		o.kind = ORDER_MOVE;
		o.unit = -1;
		o.general = gen->index;
		o.formation = -1;
		o.pts[o.npts++] = at;
		plan_add(t, &o);
	}
}
