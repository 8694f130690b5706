/*
 * arms.c - orders by arm once the tasks are set, the foot: battalions
 * along their brigade's line (deploy, square, charge, halt short of
 * contact).  The squadrons are in arms-cavalry.c, the batteries in
 * arms-artillery.c.
 */
#include "config.h"

#include <limits.h>
#include <string.h>

#include "ai/think.h"
#include "core/cells.h"
#include "core/geom.h"
#include "core/map.h"
#include "core/move.h"

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

/*
 * Whether enemy e could charge own unit u: formed, in a formation of an
 * arm that charges, and within its charge reach of u (and twice its last
 * march too, when march is set: he may close first).  *gap gets the gap.
 */
static bool
may_charge_soon(const struct think *t, const struct ai_own *u,
    const struct ai_enemy *e, bool march, int *gap)
{
	int reach;

	if (e->cond != COND_FORMED || (unsigned)e->arm >= ARM_COUNT ||
	    (reach = t->range.charge[e->arm]) <= 0 ||
	    e->formation < 0 || e->formation >= 32 ||
	    !(t->range.charge_forms[e->arm] & (1u << e->formation)))
		return false;
	if (march)
		reach += 2 * e->moved;
	return geom_dist(e->pos, u->pos) <= reach + 20 * STEP_ORTHO &&
	    (*gap = ai_gap_own_enemy(t->v, u, e)) <= reach;
}

/*
 * Formed enemy foot that could charge the unit next turn: within its
 * charge reach and twice its last march, in a formation that charges (as
 * charge_threat reads a threat).  A square fires with half its men, is
 * hit half as hard again as a Line and meets foot no better than one
 * (the Napoleonic tables: 3.7.3, 3.7.4, 3.8.2), so foot under that
 * threat does not form one against horse: at the Côa the rifles that
 * formed square against the hussars were run down by the French columns
 * beside them (normal against naive there 71% to 74%, bench-ai -n 100).
 */
static bool
foot_threat(const struct think *t, const struct ai_own *u)
{
	const struct ai_view *v = t->v;
	int j, g;

	for (j = 0; j < v->nenemy; j++)
		if (v->enemy[j].arm == ARM_INFANTRY &&
		    may_charge_soon(t, u, &v->enemy[j], true, &g))
			return true;
	return false;
}

/*
 * Within the reach of an enemy battery in action: the longest range any
 * of the ruleset's guns have (a battery's class cannot be told at a
 * distance), from where the battery stands.
 */
bool
ai_under_guns(const struct think *t, const struct ai_own *u)
{
	const struct ai_view *v = t->v;
	int j, k, r = 0;

	for (k = 0; k < RULES_MAX_FORM; k++)
		if (t->range.art_range[k] > r)
			r = t->range.art_range[k];
	for (j = 0; j < v->nenemy; j++) {
		const struct ai_enemy *e = &v->enemy[j];

		if (e->arm != ARM_ARTILLERY || e->cond != COND_FORMED ||
		    (t->f_unlimbered >= 0 && e->formation != t->f_unlimbered))
			continue;
		if (geom_dist(e->pos, u->pos) <= r + 20 * STEP_ORTHO &&
		    ai_gap_own_enemy(v, u, e) <= r)
			return true;
	}
	return false;
}

/*
 * Whether a block of arm in formation form anchored at at facing f stands
 * within reach of an enemy battery in action, each battery's reach that
 * of its class (a gun's weight is plain to see, struct ai_enemy).
 */
bool
ai_block_under_guns(const struct think *t, enum arm arm, int form,
    struct point at, enum dir f)
{
	const struct ai_view *v = t->v;
	struct point *a, *b;
	int j, k, na, nb, r, far = 0;
	bool under = false;

	for (k = 0; k < RULES_MAX_FORM; k++)
		if (t->range.art_range[k] > far)
			far = t->range.art_range[k];
	a = cells_take(v->cells);
	b = cells_take(v->cells);
	na = ai_footprint(v, arm, form, at, f, a);
	for (j = 0; j < v->nenemy && !under; j++) {
		const struct ai_enemy *e = &v->enemy[j];

		if (e->arm != ARM_ARTILLERY || e->cond != COND_FORMED ||
		    (t->f_unlimbered >= 0 && e->formation != t->f_unlimbered))
			continue;
		r = e->klass >= 0 && e->klass < RULES_MAX_FORM &&
		    t->range.art_range[e->klass] > 0 ?
		    t->range.art_range[e->klass] : far;
		if (geom_dist(e->pos, at) > r + 20 * STEP_ORTHO)
			continue;
		nb = ai_footprint(v, e->arm, e->formation, e->pos, e->facing,
		    b);
		if (move_gap(a, na, b, nb) <= r)
			under = true;
	}
	cells_give(v->cells, b);
	cells_give(v->cells, a);
	return under;
}

/* Formed enemy horse within r of the unit. */
static bool
horse_near(const struct think *t, const struct ai_own *u, int r)
{
	const struct ai_view *v = t->v;
	int j;

	for (j = 0; j < v->nenemy; j++)
		if (v->enemy[j].arm == ARM_CAVALRY &&
		    v->enemy[j].cond == COND_FORMED &&
		    geom_dist(v->enemy[j].pos, u->pos) <= r)
			return true;
	return false;
}

/* Enemy units near an own unit: gaps within r; strongest of them.
 * *weak: one of them is a Mob or guns (unless the doctrine judges guns
 * by the melee edge like any other unit, judge_guns), charged at once. */
static int
close_enemies(const struct think *t, const struct ai_own *u, int r,
    long *men, bool *weak)
{
	const struct ai_view *v = t->v;
	const struct ai_doctrine *d = v->rs->ops->doctrine;
	int j, n = 0;

	*men = 0;
	*weak = false;
	for (j = 0; j < v->nenemy; j++) {
		const struct ai_enemy *e = &v->enemy[j];

		if (!enemy_active(e) ||
		    geom_dist(e->pos, u->pos) > r + 16 * STEP_ORTHO)
			continue;
		if (ai_gap_own_enemy(v, u, e) > r)
			continue;
		n++;
		*men += e->arm == ARM_ARTILLERY ? e->strength * 20 :
		    e->strength;
		if (e->cond == COND_MOB || (e->arm == ARM_ARTILLERY &&
		    (d == NULL || !d->judge_guns)))
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
	int n, k, tl = ai_turns_left(v);

	if (t->charge == 0 || u->cond != COND_FORMED)
		return false;
	n = close_enemies(t, u, 2 * v->rs->ticks, &men, &weak);
	if (n == 0 || t->near[i] < 0)
		return false;
	/* Not across a stream or a wall: the charge would stop on it. */
	if (t->occ != NULL) {
		int fr;
		bool edge;

		(void)ai_sweep(t, i, v->enemy[t->near[i]].pos, 6, &fr, &edge);
		if (edge)
			return false;
	}
	if (weak)
		return true;
	/* The one the charge would strike must be worth it, unless the
	 * last turns leave nothing else. */
	k = ai_would_charge(t, i, v->enemy[t->near[i]].pos);
	if (k >= 0 && !ai_charge_worth(t, i, k) && tl > 2)
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

/*
 * A formed enemy that could charge unit u soon - one whose arm and
 * formation charge (3.4.1), within his charge reach and twice as far as
 * he marched last turn (seen marching, he may march as far again in this
 * movement, and an order given now may ride a turn with an aide before
 * it is in force, 3.2.2, so the facing must serve a turn further; one
 * who stood threatens only within his reach) - and who stands off the
 * front u would have marching to `to` (90 degrees or more: the flank of
 * 3.4.3 and 3.8.2); its index, or -1.  (Once as far as he marched won
 * normal 20 of 50 games as the French against naive Allies on the
 * default battle, bench-ai -n 100; twice, 28; the passive, hard and
 * normal-against-normal figures hold either way.)
 * A battalion that ended its march so would meet his charge with its
 * flank: it turns to face him and stands instead (normal and hard).
 */
static int
flank_threat(const struct think *t, const struct ai_own *u, struct point to)
{
	enum dir h = heading(u->pos, to);
	const struct ai_view *v = t->v;
	int j, best = -1, bd = INT_MAX, gap, reach;

	for (j = 0; j < v->nenemy; j++) {
		const struct ai_enemy *e = &v->enemy[j];

		if (!enemy_active(e) || e->cond != COND_FORMED ||
		    (unsigned)e->arm >= ARM_COUNT ||
		    (reach = t->range.charge[e->arm]) <= 0 ||
		    e->formation < 0 || e->formation >= 32 ||
		    !(t->range.charge_forms[e->arm] &
		    (1u << e->formation)))
			continue;
		reach += 2 * e->moved;
		if (geom_dist(e->pos, u->pos) > reach + 20 * STEP_ORTHO ||
		    (gap = ai_gap_own_enemy(v, u, e)) > reach)
			continue;
		if (dir_diff(h, heading(u->pos, e->pos)) < 2)
			continue;
		if (gap < bd) {
			bd = gap;
			best = j;
		}
	}
	return best;
}

/* The cell where unit i, marching straight for dest, would first come
 * within 2 BD of a formed enemy it does not already stand that near: a
 * battalion sent there halts at the edge of contact (3.6.8) instead of
 * filing past the enemy's front into his guns.  dest when the way is
 * clear. */
static struct point
short_of_contact_in(const struct think *t, int i, struct point dest,
    struct point *a, struct point *b)
{
	const struct ai_view *v = t->v;
	const struct ai_own *u = &v->own[i];
	struct point c = u->pos;
	enum dir f = heading(u->pos, dest);
	int near = 2 * v->rs->ticks, k, na, nb, steps;
	bool skip[AI_MAX_ENEMY_SCAN];

	for (k = 0; k < v->nenemy && k < AI_MAX_ENEMY_SCAN; k++)
		skip[k] = !enemy_active(&v->enemy[k]) ||
		    ai_gap_own_enemy(v, u, &v->enemy[k]) <= near;
	for (steps = 0; steps < 4 * v->map->w &&
	    (c.x != dest.x || c.y != dest.y); steps++) {
		c = offset(c, heading(c, dest), 1);
		na = ai_footprint(v, u->arm, u->formation, c, f, a);
		for (k = 0; k < v->nenemy && k < AI_MAX_ENEMY_SCAN; k++) {
			const struct ai_enemy *e = &v->enemy[k];

			if (skip[k])
				continue;
			nb = ai_footprint(v, e->arm, e->formation, e->pos,
			    e->facing, b);
			if (move_gap(a, na, b, nb) <= near)
				return c;
		}
	}
	return dest;
}

/* short_of_contact_in, with its two buffers of cells from the pool. */
static struct point
short_of_contact(const struct think *t, int i, struct point dest)
{
	struct point *a = cells_take(t->v->cells), *b = cells_take(t->v->cells);
	struct point c = short_of_contact_in(t, i, dest, a, b);

	cells_give(t->v->cells, b);
	cells_give(t->v->cells, a);
	return c;
}

/*
 * The melee edge enemy e would have charging own unit u, as the doctrine
 * reckons it with the parts swapped: his quality, which cannot be seen,
 * taken to be t->enemy_quality; u's own is known.
 */
static int
edge_against(const struct think *t, const struct ai_own *u,
    const struct ai_enemy *e)
{
	const struct ai_doctrine *d = t->v->rs->ops->doctrine;
	struct ai_own him;
	struct ai_enemy us;

	memset(&him, 0, sizeof him);
	memset(&us, 0, sizeof us);
	him.unit = e->unit;
	him.general = -1;
	him.arm = e->arm;
	him.klass = e->klass;
	him.quality = t->enemy_quality;
	him.strength = e->strength;
	him.strength0 = e->strength;
	him.formation = e->formation;
	him.cond = e->cond;
	him.pos = e->pos;
	him.facing = e->facing;
	us.unit = u->unit;
	us.arm = u->arm;
	us.klass = u->klass;
	us.formation = u->formation;
	us.cond = u->cond;
	us.pos = u->pos;
	us.facing = u->facing;
	us.strength = u->strength;
	us.moved = u->moved;
	return d->melee_edge(t->v->rs, &him, &us, u->quality);
}

/*
 * Hard, where the doctrine says so (evade): the nearest formed enemy who
 * could charge unit i soon - within his charge reach and twice his last
 * march, as flank_threat reads it - and whom i would lose to in melee by
 * the doctrine's reckoning: its edge charging him at most evade_edge, or,
 * for horse where the doctrine names evade_horse_edge, his edge charging
 * i at least that (horse strikes foot harder than foot strikes horse,
 * HO.7, and it is his charge that threatens); -1 if none.  *gap is set
 * to the gap to him.  horse_only (the doctrine's evade_horse_normal):
 * only horse, and only horse that could charge i in the next charges
 * phase - within his reach as he stands and evade_horse_arc of his
 * front - is feared.
 */
static int
charge_threat(const struct think *t, int i, int *gap, bool horse_only)
{
	const struct ai_view *v = t->v;
	const struct ai_own *u = &v->own[i];
	const struct ai_doctrine *d = v->rs->ops->doctrine;
	int j, best = -1, bg = INT_MAX, g;

	for (j = 0; j < v->nenemy; j++) {
		const struct ai_enemy *e = &v->enemy[j];

		if (horse_only && (e->arm != ARM_CAVALRY ||
		    dir_diff(e->facing, heading(e->pos, u->pos)) >
		    d->evade_horse_arc))
			continue;
		if (!may_charge_soon(t, u, e, !horse_only, &g))
			continue;
		if (e->arm == ARM_CAVALRY && d->evade_horse_edge > 0) {
			if (edge_against(t, u, e) < d->evade_horse_edge)
				continue;
		} else if (d->melee_edge(v->rs, u, e, t->enemy_quality) >
		    d->evade_edge)
			continue;
		if (g < bg) {
			bg = g;
			best = j;
		}
	}
	*gap = bg;
	return best;
}

/*
 * Normal and hard, where the doctrine says so (worn): battalion i, worn
 * below the doctrine's share of its men, falls back straight away from
 * the nearest enemy while it stands within his reach - the longer of our
 * musketry and his charge - out of it and 2 cells more.  At the Cowpens
 * a routed unit's men all count to its side's break (HO.10), and a worn
 * battalion left in the fire failed its next test and routed; kept back,
 * the men it has left are not lost (normal against naive 65.5% to 69%
 * over seeds 1-200, bench-ai, the other figures unchanged).  True if
 * its order was given.
 */
static bool
worn_falls_back(struct think *t, int i)
{
	const struct ai_view *v = t->v;
	const struct ai_own *u = &v->own[i];
	const struct ai_enemy *e;
	struct point to;
	int r = t->range.musket, g;

	if (t->near[i] < 0)
		return false;
	e = &v->enemy[t->near[i]];
	if ((unsigned)e->arm < ARM_COUNT && t->range.charge[e->arm] > r)
		r = t->range.charge[e->arm];
	if ((g = ai_gap_own_enemy(v, u, e)) > r)
		return false;
	to = away_from(v, &t->range, u, e, r, g);
	if (to.x == u->pos.x && to.y == u->pos.y)
		return false;
	ai_want_move(t, i, NULL, to, false);
	return true;
}

/*
 * Raw battalion i (the doctrine's raw) within the musketry or the charge
 * reach of the nearest enemy, whichever is the longer: it holds its
 * ground there and fires, facing as it stands.  True if its order was
 * decided.
 */
static bool
raw_holds(struct think *t, int i)
{
	const struct ai_view *v = t->v;
	const struct ai_own *u = &v->own[i];
	const struct ai_enemy *e;
	int r = t->range.musket;

	if (t->near[i] < 0)
		return false;
	e = &v->enemy[t->near[i]];
	if ((unsigned)e->arm < ARM_COUNT && t->range.charge[e->arm] > r)
		r = t->range.charge[e->arm];
	if (ai_gap_own_enemy(v, u, e) > r)
		return false;
	if (!t->done[i])
		ai_want_stop(t, i);
	return true;
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
	const struct ai_doctrine *d = v->rs->ops->doctrine;
	int form, far, k;
	bool contact, horse_only, careful;

	if (u->cond == COND_MOB) {
		ai_want_restore(t, i);
		return;
	}
	if (u->cond != COND_FORMED)
		return;
	if (t->near[i] >= 0 && gap < 12 * v->rs->ticks)
		gap = ai_gap_own_enemy(v, u, &v->enemy[t->near[i]]);

	/* Square against horse, where the ground allows one and no formed
	 * foot could charge the square. */
	if (t->squares && t->f_square >= 0 && horse_threat(t, u) &&
	    !foot_threat(t, u) &&
	    ai_ground_allows(v, u->arm, t->f_square, u->pos, u->facing)) {
		ai_want_form(t, i, t->f_square);
		return;
	}
	if (u->formation == t->f_square && t->f_square >= 0) {
		form = ai_fighting_form(t, u, u->pos, u->facing);
		if (ai_want_form(t, i, form))
			return;
	}

	contact = in_contact(v, u);
	/* Raw foot within the enemy's reach holds and fires (normal and
	 * hard): sent on, into a charge or a march up to him, it would be
	 * the first of the line under his fire, and green troops fail the
	 * test that fire brings (at the Cowpens the 7th Foot, Drill 2,
	 * charging the North Carolina riflemen on the first turn was the
	 * battalion normal lost first to the naive baseline). */
	if (d != NULL && d->raw != NULL && t->lvl >= AI_NORMAL && !contact &&
	    d->raw(v->rs, u) && raw_holds(t, i))
		return;
	if (d != NULL && d->worn > 0 && t->lvl >= AI_NORMAL && !contact &&
	    (long)u->strength * 100 < (long)u->strength0 * d->worn &&
	    worn_falls_back(t, i))
		return;
	/* Hard, where the doctrine says so: foot that would lose a melee to
	 * an enemy who could charge it soon falls back out of his reach
	 * (as the skirmishers and militia of the day fired and fell back),
	 * rather than stand to be ridden or run down.  Normal: the foot the
	 * doctrine names (evade_normal), and from horse about to charge it
	 * the foot it names so (evade_horse_normal).  Hard pressing an
	 * attack (t->press) falls back as normal does. */
	careful = t->lvl >= AI_HARD && !t->press;
	horse_only = !careful && t->lvl >= AI_NORMAL && d != NULL &&
	    (d->evade_normal == NULL || !d->evade_normal(v->rs, u)) &&
	    d->evade_horse_normal != NULL && d->evade_horse_normal(v->rs, u);
	if (d != NULL && d->evade && d->melee_edge != NULL && !contact &&
	    (careful || (t->lvl >= AI_NORMAL &&
	    ((d->evade_normal != NULL && d->evade_normal(v->rs, u)) ||
	    horse_only)))) {
		int eg, j = charge_threat(t, i, &eg, horse_only);

		if (j >= 0) {
			const struct ai_enemy *e = &v->enemy[j];
			int r = t->range.charge[e->arm] + 2 * e->moved;
			struct point to = clamp(v, offset(u->pos,
			    heading(e->pos, u->pos), (r - eg) / STEP_ORTHO +
			    2));

			if (to.x != u->pos.x || to.y != u->pos.y) {
				ai_want_move(t, i, NULL, to, false);
				return;
			}
		}
	}
	/* Where the doctrine says so, an enemy it would clearly beat within
	 * its charge reach in front is charged at once, not waited for at
	 * the edge of contact (normal and hard; not while standing fast).
	 * The mark is the doctrine's plus the level's own margin for a
	 * charge (hard: 1), so hard is the choosier; normal's may be set
	 * lower (reach_charge_normal). */
	if (d != NULL && d->reach_charge_edge > 0 && !b->stand &&
	    !contact && gap > 2 * v->rs->ticks) {
		int mark = t->charge_edge;
		bool charged;

		t->charge_edge = (t->lvl == AI_NORMAL &&
		    d->reach_charge_normal > 0 ? d->reach_charge_normal :
		    d->reach_charge_edge) + mark;
		charged = ai_counter_charge(t, i);
		t->charge_edge = mark;
		if (charged)
			return;
	}
	if (gap <= t->deploy || contact) {
		/* Deploy to fight where it stands, if not in a fighting
		 * formation: Skirmishers, Line and Column fight as they are. */
		if (u->formation != t->f_line && u->formation != t->f_column &&
		    u->formation != t->f_skirmish) {
			form = ai_fighting_form(t, u, u->pos, u->facing);
			/* Where the place to fight is a village or a wood,
			 * Column: a Line could not go in (3.6.5). */
			if (form == t->f_line && t->f_column >= 0 &&
			    !ai_ground_allows(v, u->arm, t->f_line, slot,
			    heading(u->pos, slot)))
				form = t->f_column;
			if (ai_want_form(t, i, form))
				return;
		}
		/* A Skirmish Group held in battle contact closes its ranks:
		 * in Line every man fires and a charge meets no open order
		 * (3.7.3, 3.8.2).  At the Côa the rifles left in their
		 * Group were caught by the French columns (normal against
		 * naive there 74% to 78%, bench-ai -n 100). */
		if (contact && u->formation == t->f_skirmish &&
		    t->f_line >= 0 && ai_ground_allows(v, u->arm, t->f_line,
		    u->pos, u->facing) && ai_want_form(t, i, t->f_line))
			return;
		/* A Column with the enemy in reach goes in as it is: it
		 * strikes harder than a Line (3.8.2). */
		if (u->formation == t->f_column && !b->stand &&
		    ai_counter_charge(t, i))
			return;
		/* Within musketry a Column fires with a quarter of its men:
		 * form Line where the ground allows. */
		if (u->formation == t->f_column && t->f_line >= 0 &&
		    (contact || gap <= t->range.musket + v->rs->ticks) &&
		    ai_ground_allows(v, u->arm, t->f_line, u->pos, u->facing) &&
		    ai_want_form(t, i, t->f_line))
			return;
		if (contact || gap <= 2 * v->rs->ticks) {
			if (ai_counter_charge(t, i))
				return;
			if (should_charge(t, i)) {
				const struct ai_enemy *e = &v->enemy[t->near[i]];

				t->charging = true;
				ai_want_move(t, i, NULL, e->pos, contact);
				t->charging = false;
				return;
			}
			/* Halted in contact but beyond musket range (the
			 * enemy gave ground): close up so the line can fire. */
			if (t->lvl >= AI_NORMAL && t->near[i] >= 0 &&
			    gap > t->range.musket) {
				ai_want_move(t, i, NULL,
				    v->enemy[t->near[i]].pos, true);
				return;
			}
			/* Hold the firing line; face the nearest enemy. */
			if (t->near[i] >= 0)
				ai_want_face(t, i, v->enemy[t->near[i]].pos);
			if (!t->done[i])
				ai_want_stop(t, i);
			return;
		}
	} else {
		far = geom_dist(u->pos, slot);
		/* Hard: across ground the enemy's guns sweep, in open
		 * order: a Skirmish Group is quicker than a Column and
		 * takes fewer of the hits (3.6.3, 3.7.4), while no horse is
		 * near enough to ride it down. */
		if (t->lvl >= AI_HARD && t->f_skirmish >= 0 &&
		    u->formation != t->f_skirmish && u->formation != t->f_road &&
		    far > 4 * v->rs->ticks && ai_under_guns(t, u) &&
		    !horse_near(t, u, 12 * v->rs->ticks) &&
		    ai_want_form(t, i, t->f_skirmish))
			return;
		/* March: Manoeuvre Column for long ways, unless on a road in
		 * Road Column or already in a quick enough Line. */
		if (far > 10 * v->rs->ticks && gap > t->deploy +
		    4 * v->rs->ticks && t->f_mc >= 0 &&
		    u->formation == t->f_column) {
			if (ai_want_form(t, i, t->f_mc))
				return;
		}
	}
	if (geom_dist(u->pos, slot) <= STEP_DIAG) {
		/* In place: face the front and stand. */
		if (u->formation == t->f_mc || u->formation == t->f_road) {
			form = ai_fighting_form(t, u, u->pos, b->front);
			/* A march column is the guns' best target (3.7.4):
			 * deploy where they reach (normal and hard). */
			if ((gap <= t->deploy + 8 * v->rs->ticks ||
			    (t->lvl >= AI_NORMAL && ai_under_guns(t, u))) &&
			    (ai_want_form(t, i, form) ||
			    ai_want_form(t, i, t->f_column)))
				return;
		}
		ai_want_face(t, i, offset(u->pos, b->front, 4));
		if (!t->done[i])
			ai_want_stop(t, i);
		return;
	}
	/* Halted at ground its formation may not enter: Road Column, one
	 * file wide, goes where only a road or a bridge leads (3.6.6). */
	if (!contact && stuck(v, u) && u->halt == HALT_TERRAIN &&
	    intended(u)->kind == ORDER_MOVE && t->f_road >= 0 &&
	    u->formation != t->f_road &&
	    (v->rs->form[t->f_road].arms & (1u << u->arm)) &&
	    ai_ground_allows(v, u->arm, t->f_road, u->pos, u->facing) &&
	    ai_want_form(t, i, t->f_road))
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
	    ai_ground_allows(v, u->arm, t->f_mc, u->pos, u->facing) &&
	    ai_want_form(t, i, t->f_mc))
		return;
	if (t->lvl >= AI_NORMAL && !contact && d != NULL && d->guard_flank &&
	    (k = flank_threat(t, u, slot)) >= 0) {
		ai_want_face(t, i, v->enemy[k].pos);
		if (!t->done[i])
			ai_want_stop(t, i);
		return;
	}
	if (t->lvl >= AI_NORMAL && !contact)
		slot = short_of_contact(t, i, slot);
	ai_want_move(t, i, NULL, slot, false);
}

/*
 * Slot p of unit i, moved straight towards the brigade's goal until no
 * wall lies between them (3.6.5: a wall costs more than a Column has in
 * a turn).  The brigade's line is laid across the goal whatever the
 * ground; at the Côa the Légion Hanovrienne's place fell inside the
 * walled vineyard south of the knoll, reached only round the wall's far
 * end, and the battalion spent the afternoon on that march or boxed in
 * beside the battery (the normal French won 44 of 50 against an Allied
 * side that gave no orders; with the slot drawn in, 46, bench-ai -n 100).
 */
static struct point
this_side_of_walls(const struct think *t, int i, struct point p,
    struct point goal)
{
	const struct ai_view *v = t->v;
	int form = t->f_column >= 0 ? t->f_column : v->own[i].formation;
	int fr = v->rs->form[form].frontage[v->own[i].arm], k;

	for (k = 0; k < 32 && (p.x != goal.x || p.y != goal.y) &&
	    !ai_straight_clear(v, form, fr, goal, p); k++)
		p = offset(p, heading(p, goal), 1);
	return p;
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

/* Orders for the battalions of brigade b, each to its slot along the
 * brigade's line. */
void
ai_brigade_orders(struct think *t, struct brigade *b)
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
		if (b->stand && ai_give_ground(t, &v->own[b->units[k]]))
			slot = v->rear;
		/* En echiquier: every other battalion a little back, so the
		 * brigade marches as a chequer rather than wheeling as one
		 * line (3.6.3), and a second rank covers the gaps.  Only on
		 * the march: a brigade standing fast stays where it stands,
		 * or every other battalion would step back 3 cells from its
		 * place every turn, to the map's edge. */
		if (t->slots && n >= 3 && k % 2 == 1 && !b->stand)
			slot = offset(slot, dir_turn(b->front, 4), 3);
		/* Not behind a wall from the goal (normal and hard): a
		 * slot in a walled vineyard beside it sends the battalion
		 * the long way round, or boxes it in there. */
		if (t->slots && !b->stand && t->lvl >= AI_NORMAL)
			slot = this_side_of_walls(t, b->units[k],
			    clamp(v, slot), clamp(v, goal));
		battalion(t, b, b->units[k], clamp(v, slot));
	}
}
