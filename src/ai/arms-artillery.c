/*
 * arms-artillery.c - orders by arm once the tasks are set, the guns:
 * batteries where they have a target and a clear line of fire, turned to
 * it, closing in while the way is covered (ai_battery).
 */
#include "config.h"

#include <limits.h>
#include <string.h>

#include "ai/think.h"
#include "core/cells.h"
#include "core/geom.h"
#include "core/map.h"
#include "core/move.h"

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
bool
ai_fits(const struct think *t, const struct ai_own *u, int form,
    struct point at, enum dir f)
{
	const struct ai_view *v = t->v;
	struct point *c;
	int n, k, o;

	if (form < 0 || !ai_ground_allows(v, u->arm, form, at, f))
		return false;
	c = cells_take(v->cells);
	n = ai_footprint(v, u->arm, form, at, f, c);
	for (k = 0; k < n; k++) {
		o = t->occ[(size_t)c[k].y * v->map->w + c[k].x];
		if (o != 0 && o != (int)(u - v->own) + 1)
			break;
	}
	cells_give(v->cells, c);
	return k == n;
}

/* The least gap from a block to any active enemy; its index in *who. */
static int
enemy_gap(const struct think *t, enum arm arm, int form, struct point at,
    enum dir f, int *who)
{
	const struct ai_view *v = t->v;
	struct point *a = cells_take(v->cells), *b = cells_take(v->cells);
	int na, nb, j, g, best = INT_MAX;

	*who = -1;
	na = ai_footprint(v, arm, form, at, f, a);
	for (j = 0; j < v->nenemy; j++) {
		const struct ai_enemy *e = &v->enemy[j];

		if (!enemy_active(e) || (best < INT_MAX &&
		    geom_dist(e->pos, at) > best + 16 * STEP_ORTHO))
			continue;
		nb = ai_footprint(v, e->arm, e->formation, e->pos, e->facing, b);
		g = move_gap(a, na, b, nb);
		if (g < best) {
			best = g;
			*who = j;
		}
	}
	cells_give(v->cells, b);
	cells_give(v->cells, a);
	return best;
}

/*
 * The enemy unit own unit u would fire at facing f: the nearest within
 * range and the arc of fire (3.7.1), routed or not, for the rules take
 * the nearest whatever his state; -1 if none.
 */
static int
fire_target(const struct think *t, const struct ai_own *u, enum dir f,
    int range)
{
	const struct ai_view *v = t->v;
	int j, g, best = -1, bg = range + 1;

	for (j = 0; j < v->nenemy; j++) {
		const struct ai_enemy *e = &v->enemy[j];

		if (cond_gone(e->cond) || e->strength <= 0)
			continue;
		if ((e->pos.x != u->pos.x || e->pos.y != u->pos.y) &&
		    dir_diff(f, heading(u->pos, e->pos)) > t->range.arc)
			continue;
		g = ai_gap_own_enemy(v, u, e);
		if (g < bg) {
			bg = g;
			best = j;
		}
	}
	return best;
}

/*
 * Hard: guns in action whose fire would go to routers at long range,
 * beyond three quarters of the guns' reach (the nearest enemy in front,
 * 3.7.1: roundshot at men running away, or penned where they will be
 * taken), while an enemy still in the fight stands in range: the facing,
 * at most 90 degrees off the guns' own (what a pivot turns in a turn),
 * whose nearest target in the arc is one in the fight, the nearest such;
 * -1 when the guns' own facing serves, or none does.
 */
static int
battery_facing(const struct think *t, const struct ai_own *u, int range)
{
	const struct ai_view *v = t->v;
	int f, j, best = -1, bg = INT_MAX, g;

	j = fire_target(t, u, u->facing, range);
	if (j < 0 || enemy_active(&v->enemy[j]) ||
	    ai_gap_own_enemy(v, u, &v->enemy[j]) <= range * 3 / 4)
		return -1;
	for (f = 0; f < 8; f++) {
		if ((enum dir)f == u->facing ||
		    dir_diff((enum dir)f, u->facing) > 2 ||
		    (j = fire_target(t, u, (enum dir)f, range)) < 0 ||
		    !enemy_active(&v->enemy[j]))
			continue;
		g = ai_gap_own_enemy(v, u, &v->enemy[j]);
		if (g < bg) {
			bg = g;
			best = f;
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
				if (!ai_fits(t, u, t->f_unlimbered, c,
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
			ai_want_form(t, i, t->f_unlimbered);
		t->done[i] = true;
		return true;
	}
	ai_want_move(t, i, NULL, best, false);
	return true;
}

/*
 * Whether battery u waits in vain for enemy e to come into its range
 * (normal and hard): he stands beyond a defile from our side of the
 * field while the guns stand on it, and he stood in the last movement
 * (none yet on the first turn).  He can come over only through the
 * defile, one unit a turn (3.6.6), and a garrison holding a place from
 * the far bank does not come at all: the guns go forward to bring him
 * into range.  At the Côa, the Light Division's garrison of the bridge
 * stepping back out of Loison's reach (ai_garrisons), the French guns
 * waited all afternoon a cell out of range.
 */
static bool
waits_in_vain(const struct think *t, const struct ai_own *u,
    const struct ai_enemy *e)
{
	return t->lvl >= AI_NORMAL && t->v->turn > 1 && e->moved == 0 &&
	    ai_at_home(t, u->pos) && !ai_at_home(t, e->pos);
}

/* Orders for battery i. */
void
ai_battery(struct think *t, int i)
{
	const struct ai_view *v = t->v;
	const struct ai_own *u = &v->own[i];
	int range = t->range.art_range[u->klass], j, best = -1, bd = INT_MAX, g;
	int want, s, k, fire;
	struct point to, c;
	enum dir d, r;

	if (u->cond == COND_MOB) {
		ai_want_restore(t, i);
		return;
	}
	if (u->cond != COND_FORMED || t->near[i] < 0)
		return;
	/* The formation the guns fire in: where the doctrine names none,
	 * the one they stand in, and they fire as they are. */
	fire = t->f_unlimbered >= 0 ? t->f_unlimbered : u->formation;
	/* Guns that box in a friend limber up to make room; limbered, they
	 * go on to a new position below. */
	if (u->formation == fire && t->f_limbered >= 0 &&
	    t->in_way != NULL && t->in_way[i] &&
	    ai_want_form(t, i, t->f_limbered)) {
		t->done[i] = true;
		return;
	}
	/* Hard: in action, off routers and onto an enemy in the fight
	 * (before anything else: close in, the guns fire as they face). */
	if (t->lvl >= AI_HARD && u->formation == fire &&
	    (k = battery_facing(t, u, range)) >= 0) {
		ai_want_move(t, i, NULL, offset(u->pos, (enum dir)k, 1), true);
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
		g = ai_gap_own_enemy(v, u, e);
		if (g < bd) {
			bd = g;
			best = j;
		}
	}
	if (u->formation == fire) {
		if (best >= 0 && bd <= range) {
			/* In action: keep firing; turn to the target if it
			 * has left the arc (a short Move pivots the guns). */
			d = heading(u->pos, v->enemy[best].pos);
			if (dir_diff(d, u->facing) > 1 &&
			    t->lvl >= AI_NORMAL)
				ai_want_move(t, i, NULL, offset(u->pos, d, 1),
				    false);
			else
				t->done[i] = true;
			return;
		}
		/* Nothing in range: limber and go forward - unless the
		 * enemy is almost in range, when moving would cost more
		 * turns of fire than waiting for him (but not for one who
		 * will not come, waits_in_vain). */
		if (t->lvl == AI_EASY || (best >= 0 &&
		    bd <= range + 4 * v->rs->ticks &&
		    !waits_in_vain(t, u, &v->enemy[best]))) {
			t->done[i] = true;
			return;
		}
	}
	/* Limbered with a target in range, far enough from musketry, and
	 * room to unlimber: go into action here. */
	if (u->formation != fire && best >= 0 &&
	    bd <= range * 2 / 3 && bd > t->range.musket + 2 * v->rs->ticks &&
	    ai_fits(t, u, fire, u->pos, u->facing)) {
		ai_want_form(t, i, fire);
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
		if (!ai_fits(t, u, fire, c, heading(c, to)))
			continue;
		if (s < 9 && t->lvl >= AI_NORMAL && masked(t, c, to))
			continue;
		if (geom_dist(c, u->pos) <= STEP_DIAG) {
			t->done[i] = true;
			if (u->formation != fire)
				ai_want_form(t, i, fire);
			return;
		}
		ai_want_move(t, i, NULL, c, false);
		return;
	}
	/* No good place: stand. */
	t->done[i] = true;
}
