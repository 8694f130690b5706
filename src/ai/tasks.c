/*
 * tasks.c - bodies of troops and what each is for: infantry gathered by
 * general into brigades, garrisons and supports for the places held, the
 * task of each brigade (take, hold in reserve, strike), and the places
 * contested or left empty in the last turns.
 */
#include "config.h"

#include <limits.h>
#include <stdlib.h>

#include "ai/think.h"
#include "core/geom.h"
#include "core/map.h"
#include "util/xalloc.h"

/* How far, in cells, a garrison looks about it for a cell beyond the
 * enemy guns' reach from which it still holds its place. */
#define GARRISON_STEP	5

/* --- brigades and their tasks ------------------------------------------- */

/* Gather the infantry into brigades, one for each general, with the men
 * and the centre of each. */
void
ai_brigades(struct think *t)
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
int
ai_turns_left(const struct ai_view *v)
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
int
ai_fighting_form(const struct think *t, const struct ai_own *u, struct point at,
    enum dir f)
{
	if (t->f_line >= 0 && ai_ground_allows(t->v, u->arm, t->f_line, at, f))
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
bool
ai_counter_charge(struct think *t, int i)
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
		g = ai_gap_own_enemy(v, u, e);
		if (g <= reach && g < bd) {
			bd = g;
			best = j;
		}
	}
	if (best < 0 || !ai_charge_worth(t, i, best))
		return false;
	t->charging = true;
	ai_want_move(t, i, NULL, v->enemy[best].pos, true);
	t->charging = false;
	return true;
}

/*
 * Outnumbered where it stands: the enemy's men within 6 BD of the unit
 * (a battery counted as a battalion) more than half as many again as
 * ours there (hard: more than half as many).
 */
bool
ai_outnumbered(const struct think *t, const struct ai_own *u)
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
 * Whether unit u, not needed to keep the lead, should give ground: the
 * enemy outnumbers it where it stands, or (normal and hard) it is giving
 * ground already.
 */
bool
ai_give_ground(const struct think *t, const struct ai_own *u)
{
	const struct ai_view *v = t->v;
	const struct order *o = intended(u);

	if (ai_outnumbered(t, u))
		return true;
	/* Going already: it goes on, rather than turn about on the way as
	 * the odds change a cell at a time. */
	return t->lvl >= AI_NORMAL && o->kind == ORDER_MOVE && o->npts > 0 &&
	    o->pts[o->npts - 1].x == v->rear.x &&
	    o->pts[o->npts - 1].y == v->rear.y && !in_contact(v, u);
}

/*
 * Whether unit i, the garrison of objective k, stands beyond a defile
 * from our own side of the field while the place can be held from our
 * side (its stand point lies there): a bridge held from the far bank.
 * Not while it is in battle contact (it would turn its back on the
 * enemy, 3.6.8).
 */
static bool
far_garrison(const struct think *t, int i, int k)
{
	const struct ai_own *u = &t->v->own[i];

	return t->lvl >= AI_NORMAL && t->home != NULL &&
	    !ai_at_home(t, u->pos) && ai_at_home(t, t->stand_at[k]) &&
	    !in_contact(t->v, u);
}

/*
 * Whether unit i, the garrison of objective k, goes instead to a place
 * worth more that nobody holds, and if so sends it: only the last turn's
 * positions score (3.10.2), so while the points do not favour us a place
 * of 1 point held is worth less than one of 3 taken.  It goes when it is
 * the formed unit of ours nearest to where that place is held from (of
 * those that made ground last turn or were not asked to), can
 * be there in the turns left (3 BD a turn), is not in battle contact and
 * the place lies on ground it can reach; the worthiest such place first.
 * (At the Côa the knoll's garrison stood by while a routed battalion lay
 * across the only cell of the east bank that holds the bridge, and the
 * brigades sent there were held behind it; the garrison, nearest, goes
 * and its touch takes or scatters the routers, 3.9.5.)
 */
static bool
better_place(struct think *t, int i, int k)
{
	const struct ai_view *v = t->v;
	const struct ai_own *u = &v->own[i];
	int k2, j, best = -1, d, tl = ai_turns_left(v);

	if (t->lvl < AI_NORMAL || t->pts_ours > t->pts_theirs ||
	    t->stand_at == NULL || in_contact(v, u))
		return false;
	for (k2 = 0; k2 < v->nobj; k2++) {
		if (t->ours[k2] || t->theirs[k2] ||
		    v->obj[k2].points <= v->obj[k].points ||
		    !ai_reaches(t, t->stand_at[k2]) ||
		    (best >= 0 && v->obj[k2].points <= v->obj[best].points))
			continue;
		d = geom_dist(u->pos, t->stand_at[k2]);
		if (d > tl * 3 * v->rs->ticks)
			continue;
		for (j = 0; j < v->nown; j++)
			if (j != i && v->own[j].cond == COND_FORMED &&
			    v->own[j].arm != ARM_ARTILLERY &&
			    !stuck(v, &v->own[j]) &&
			    geom_dist(v->own[j].pos, t->stand_at[k2]) < d)
				break;
		if (j == v->nown)
			best = k2;
	}
	if (best < 0)
		return false;
	ai_want_move(t, i, NULL, t->stand_at[best], false);
	return true;
}

/*
 * A garrison of foot under the enemy's guns with no enemy foot or horse
 * that could close with it soon (within its deploying distance and 4 BD
 * more, on ground our foot reaches without a defile) holds its place in
 * open order, where the guns hit 40% of what they would hit in Line and
 * a third of what they hit in Column (3.7.4); with such an enemy near, a
 * garrison in open order forms to fight again.  True if its order was
 * decided.  At the Côa the 52nd held the bridge in Column under the
 * French battery across the river, losing 36 to 84 men a turn, and the
 * Light Division broke on the men it lost there.
 */
static bool
open_order_garrison(struct think *t, int i)
{
	const struct ai_view *v = t->v;
	const struct ai_own *u = &v->own[i];
	int j, near = t->deploy + 8 * v->rs->ticks;
	bool threat = false;

	if (u->arm != ARM_INFANTRY || t->f_skirmish < 0 || t->reach == NULL)
		return false;
	for (j = 0; j < v->nenemy && !threat; j++) {
		const struct ai_enemy *e = &v->enemy[j];

		if (e->arm == ARM_ARTILLERY || e->cond != COND_FORMED)
			continue;
		if (geom_dist(e->pos, u->pos) <= near && ai_reaches(t, e->pos))
			threat = true;
	}
	if (threat) {
		if (u->formation != t->f_skirmish)
			return false;
		return ai_want_form(t, i, ai_fighting_form(t, u, u->pos,
		    u->facing));
	}
	if (u->formation == t->f_skirmish) {
		ai_want_stop(t, i);
		return true;
	}
	if (!ai_under_guns(t, u))
		return false;
	return ai_want_form(t, i, t->f_skirmish);
}

/* Whether unit u's block fits, facing f, at every cell of the straight
 * way from where it stands to c, c included: no unit stands between
 * (a friend in the way would hold it short, under the guns still). */
static bool
clear_way(const struct think *t, const struct ai_own *u, struct point c,
    enum dir f)
{
	struct point p = u->pos;

	while (p.x != c.x || p.y != c.y) {
		p.x += c.x > p.x ? 1 : c.x < p.x ? -1 : 0;
		p.y += c.y > p.y ? 1 : c.y < p.y ? -1 : 0;
		if (!ai_fits(t, u, u->formation, p, f))
			return false;
	}
	return true;
}

/*
 * A garrison within reach of the enemy's guns in action (each battery's
 * reach by its class) that would hold its place as well beyond their
 * reach: formed otherwise where it stands (Column, Line or open order),
 * or up to GARRISON_STEP cells off in its own formation, on its own side
 * of any defile, where its block fits as it would face marching there
 * and at every cell of the straight way there (normal and hard).  Only
 * the last turn's positions score (3.10.2), and a garrison that stands
 * in the guns' reach all afternoon loses men every turn to no purpose:
 * at the Côa the 52nd, holding the bridge from the west bank at
 * [20, 16], lost some 25 men a turn to Loison's foot battery, and those
 * men decided the Light Division's break against naive French; from
 * [18, 11], 5 cells off, it holds the bridge beyond the battery's 10 BD.
 * The way must be clear, or a friend standing on it holds the garrison
 * short, still under the guns.  (The guns go forward for it in turn:
 * waits_in_vain in arms-artillery.c.)  True if its order was decided.
 */
static bool
garrison_out_of_guns(struct think *t, int i, int k)
{
	const struct ai_view *v = t->v;
	const struct ai_own *u = &v->own[i];
	const int forms[] = { t->f_column, t->f_line, t->f_skirmish };
	struct point c, best = u->pos;
	int dx, dy, d, bd = INT_MAX, r = GARRISON_STEP, n;
	enum dir f;

	if (t->lvl < AI_NORMAL || t->occ == NULL ||
	    !ai_block_under_guns(t, u->arm, u->formation, u->pos, u->facing))
		return false;
	for (n = 0; n < (int)(sizeof forms / sizeof forms[0]); n++)
		if (forms[n] >= 0 && forms[n] != u->formation &&
		    (v->rs->form[forms[n]].arms & (1u << u->arm)) &&
		    ai_fits(t, u, forms[n], u->pos, u->facing) &&
		    ai_gap_point(v, u->arm, forms[n], u->pos, u->facing,
		    v->obj[k].at) <= t->range.hold &&
		    !ai_block_under_guns(t, u->arm, forms[n], u->pos,
		    u->facing))
			return ai_want_form(t, i, forms[n]);
	for (dy = -r; dy <= r; dy++)
		for (dx = -r; dx <= r; dx++) {
			c = (struct point){ u->pos.x + dx, u->pos.y + dy };
			if ((dx == 0 && dy == 0) ||
			    !map_inside(v->map, c.x, c.y) ||
			    ai_at_home(t, c) != ai_at_home(t, u->pos) ||
			    (d = geom_dist(u->pos, c)) >= bd)
				continue;
			f = heading(u->pos, c);
			if (!clear_way(t, u, c, f) ||
			    ai_gap_point(v, u->arm, u->formation, c, f,
			    v->obj[k].at) > t->range.hold ||
			    ai_block_under_guns(t, u->arm, u->formation, c, f))
				continue;
			bd = d;
			best = c;
		}
	if (bd == INT_MAX)
		return false;
	ai_want_move(t, i, NULL, best, false);
	return true;
}

/*
 * Hold what we have: the formed unit nearest each objective we hold stays
 * on it, whatever its brigade does; a march column there deploys.  A
 * garrison on the far side of a defile from the rest of the field goes
 * over it and holds the place from our own side (far_garrison).
 */
void
ai_garrisons(struct think *t)
{
	const struct ai_view *v = t->v;
	const struct ai_own *u;
	int k, i, best, bd, g;
	bool deploy;

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
			g = ai_gap_point(v, o->arm, o->formation, o->pos,
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
		    ai_give_ground(t, &v->own[best])) {
			ai_want_move(t, best, NULL, v->rear, false);
			continue;
		}
		/* A place worth more that nobody holds, while the points do
		 * not favour us: the garrison goes to it when nobody of ours
		 * is nearer (normal and hard). */
		if (better_place(t, best, k))
			continue;
		t->garrison[best] = true;
		u = &v->own[best];
		/* A place in a defile (a bridge) held from its far bank:
		 * the garrison goes over and holds it from our own bank
		 * (normal and hard), rather than stand with the defile at
		 * its back, where a rout ends in capture (3.6.6, 3.9.5). */
		if (far_garrison(t, best, k)) {
			ai_want_move(t, best, NULL, t->stand_at[k], false);
			continue;
		}
		if (ai_counter_charge(t, best))
			continue;
		if (garrison_out_of_guns(t, best, k))
			continue;
		if (t->lvl >= AI_NORMAL && open_order_garrison(t, best))
			continue;
		deploy = u->arm == ARM_INFANTRY && (u->formation == t->f_mc ||
		    u->formation == t->f_road) && t->near[best] >= 0 &&
		    (t->near_d[best] <= t->deploy + 8 * v->rs->ticks ||
		    ai_under_guns(t, u));
		if (deploy && (ai_want_form(t, best, ai_fighting_form(t, u,
		    u->pos, u->facing)) || ai_want_form(t, best, t->f_column)))
			continue;
		/* A march column to deploy with no room to deploy as it
		 * faces: it turns to face the enemy first. */
		if (deploy) {
			ai_want_face(t, best, v->enemy[t->near[best]].pos);
			if (t->done[best])
				continue;
		}
		ai_want_stop(t, best);
	}
}

/*
 * Hard: a second battalion stands close behind each place we hold, so
 * that one unit routed or shaken does not lose it - unless the doctrine
 * says the side has none to spare (no_supports).
 */
void
ai_supports(struct think *t)
{
	const struct ai_view *v = t->v;
	const struct ai_doctrine *doc = v->rs->ops->doctrine;
	int k, i, best, bd, d;
	struct point at;

	if (t->pts_ours <= t->pts_theirs || (doc != NULL && doc->no_supports))
		return;
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
			ai_want_stop(t, best);
		else
			ai_want_move(t, best, NULL, at, false);
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

		if (!enemy_active(e) || !ai_reaches(t, e->pos))
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
void
ai_tasks(struct think *t)
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
	tl = ai_turns_left(v);
	lead = t->lvl >= AI_NORMAL && t->pts_ours > t->pts_theirs;

	/* Objectives to take, by worth, nearer to us first among equals. */
	order = xcalloc((size_t)v->nobj + 1, sizeof *order);
	nwant = 0;
	for (k = 0; k < v->nobj; k++)
		if ((!t->ours[k] || t->theirs[k]) && (ai_reaches(t, t->stand_at[k]) ||
		    (t->theirs[k] && (q = holder(t, k)) >= 0 &&
		    ai_reaches(t, v->enemy[q].pos))))
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

/*
 * A place nobody holds, while the points do not favour us: the nearest
 * free unit that can be there in the turns left (foot at 3 BD a turn,
 * horse at 6) goes to stand within holding distance of it (3.10.2), worth
 * most first, unless one of ours is on its way there already.  A unit
 * that made no ground last turn for want of a way is not sent.
 */
void
ai_empty_places(struct think *t)
{
	const struct ai_view *v = t->v;
	int tl = ai_turns_left(v), k, j, i, best, bd, d, pace;
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
		if (!ai_reaches(t, t->stand_at[k]))
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
			ai_want_move(t, best, NULL, t->stand_at[k], false);
	}
	free(seen);
}

/*
 * Only the last turn's positions count (3.10.2).  Hard, when the points
 * do not favour it in the last turns, sends the units nearest each place
 * the enemy holds to stand on it as well: a contested place scores for
 * nobody.  Horse goes first, as it may close right up to the enemy.
 */
void
ai_last_turns(struct think *t)
{
	const struct ai_view *v = t->v;
	int tl = ai_turns_left(v), k, j, i, best, bd, d, sent;

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
			ai_want_move(t, best, NULL, t->stand_at[k],
			    in_contact(v, &v->own[best]));
		}
	}
}

/*
 * Hard, while we lead on the places even without those held from beyond
 * a defile: a unit on the far side of a defile from our rear comes back
 * over it while the way is open.  The defile passes one unit a turn
 * (3.6.6), and a unit caught on the far bank fights with its back to the
 * water, where a rout ends in capture (3.9.5) and every man lost counts
 * against the break point (3.10.1); the lead is kept from our own side.
 * A unit near the crossing takes the march column that passes it, and
 * marches through it to a few cells beyond, room for the whole column.
 * The way is open while no enemy stands within twice the longest charge
 * reach (3.4.1) of the unit: one engaged would turn its flank to him and
 * wait its turn at the water in march column, and a rout there ends at
 * the bank (3.9.3), in capture.  It fights where it stands instead.  (At
 * the Côa the Light Division's battalions, sent to the bridge under the
 * French columns' muskets, were routed in the queue and taken at the
 * bank: hard won 7 of 20 as the Allies against normal, 16 with engaged
 * units left to fight, bench-ai -n 40.)
 */
void
ai_fall_back(struct think *t)
{
	const struct ai_view *v = t->v;
	struct point at, over, dest;
	int i, k, lost = 0, clear = 0;

	if (t->home == NULL || t->pts_ours <= t->pts_theirs)
		return;
	for (k = 0; k < v->nobj; k++)
		if (t->ours[k] && !t->theirs[k] &&
		    !ai_at_home(t, t->stand_at[k]))
			lost += v->obj[k].points;
	if (t->pts_ours - lost <= t->pts_theirs + lost)
		return;
	for (k = 0; k < ARM_COUNT; k++)
		if (t->range.charge[k] > clear)
			clear = t->range.charge[k];
	clear *= 2;
	for (i = 0; i < v->nown; i++) {
		const struct ai_own *u = &v->own[i];

		if (t->done[i] || u->cond != COND_FORMED ||
		    ai_at_home(t, u->pos) || t->near[i] < 0 ||
		    t->near_d[i] <= clear ||
		    !ai_crossing(t, u->pos, &at, &over))
			continue;
		/* Far enough beyond for the whole column to clear it. */
		for (k = 10; k > 0; k--) {
			dest = offset(over, heading(at, over), k);
			if (map_inside(v->map, dest.x, dest.y) &&
			    ai_at_home(t, dest))
				break;
		}
		if (k == 0)
			dest = over;
		ai_want_move(t, i, NULL, dest, false);
	}
}
