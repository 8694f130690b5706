/*
 * arms-cavalry.c - orders by arm once the tasks are set, the horse:
 * squadrons on a wing riding at what they can beat, standing off what
 * they cannot, or riding for a place nobody holds (ai_squadron).
 */
#include "config.h"

#include <limits.h>
#include <string.h>

#include "ai/think.h"
#include "core/cells.h"
#include "core/geom.h"
#include "core/map.h"
#include "core/move.h"

/*
 * The place squadron i with no prey rides for while the points do not
 * favour us (normal and hard): the worthiest that nobody holds, where
 * we can stand on ground we reach, within the horse's march of 6 BD a
 * turn in the turns left; -1 if none.  A formed unit of any arm holds a
 * place (3.10.2), and the horse is the quickest there: at the Côa the
 * hussars waited on a wing at the map's edge for the rest of the
 * afternoon while the bridge, its defenders routed, lay open and the
 * columns of foot sent to it were held in the vineyards.
 */
static int
open_place(const struct think *t, int i)
{
	const struct ai_view *v = t->v;
	const struct ai_own *u = &v->own[i];
	int k, best = -1, tl = ai_turns_left(v);

	if (t->lvl < AI_NORMAL || t->stand_at == NULL ||
	    t->pts_ours > t->pts_theirs)
		return -1;
	for (k = 0; k < v->nobj; k++) {
		if (t->ours[k] || t->theirs[k] ||
		    !ai_reaches(t, t->stand_at[k]) ||
		    geom_dist(u->pos, t->stand_at[k]) > tl * 6 * v->rs->ticks)
			continue;
		if (best < 0 || v->obj[k].points > v->obj[best].points)
			best = k;
	}
	return best;
}

/*
 * Hard, where the doctrine says so (horse_stand_off): squadron
 * i, whose march the enemy halted last turn at arm's length without a
 * charge (HO.4: a march stops 1 inch short of him; it moved nothing), is
 * standing in his musketry.  It charges an enemy within its reach in
 * front that it would beat by the doctrine's mark and the level's margin
 * (ai_counter_charge), else it rides straight back from the nearest enemy
 * out of musket range and 2 inches more, to come on again from there.
 * True if its order was decided.
 */
static bool
stand_off(struct think *t, int i)
{
	const struct ai_view *v = t->v;
	const struct ai_own *u = &v->own[i];
	const struct ai_doctrine *d = v->rs->ops->doctrine;
	int mark = t->charge_edge, cells;
	bool charged;

	if (t->lvl < AI_HARD || d == NULL || !d->horse_stand_off ||
	    u->halt != HALT_CONTACT || u->halt_turn != v->turn - 1 ||
	    u->moved != 0 || t->near[i] < 0)
		return false;
	t->charge_edge = d->reach_charge_edge + mark;
	charged = ai_counter_charge(t, i);
	t->charge_edge = mark;
	if (charged)
		return true;
	cells = (t->range.musket + 2 * v->rs->ticks) / STEP_ORTHO;
	ai_want_move(t, i, NULL, clamp(v, offset(u->pos,
	    heading(v->enemy[t->near[i]].pos, u->pos), cells)), false);
	return true;
}

/*
 * p, or the first point from p towards toward where squadron u's block,
 * in the formation it stands in, has room on the map and on ground it may
 * enter to turn to every facing (the units about it aside); toward
 * itself when there is none on the way.  A wing or a ride back reckoned
 * past the map's edge and brought inside it stands the horse against the
 * edge, where a Column that arrives facing the edge has no room to turn
 * away from it (3.6.3: the block swings about its front): at the Côa the
 * French horse, sent to a wing 28 cells from the bridge, sat boxed in a
 * corner of the map for the rest of the afternoon.
 */
static struct point
room_to_turn(const struct think *t, const struct ai_own *u, struct point p,
    struct point toward)
{
	const struct ai_view *v = t->v;
	int d, k;

	p = clamp(v, p);
	toward = clamp(v, toward);
	for (k = 0; k < v->map->w + v->map->h; k++) {
		for (d = 0; d < DIR_COUNT; d++)
			if (!ai_ground_allows(v, u->arm, u->formation, p,
			    (enum dir)d))
				break;
		if (d == DIR_COUNT || (p.x == toward.x && p.y == toward.y))
			return p;
		p = offset(p, heading(p, toward), 1);
	}
	return toward;
}

/* Orders for squadron i. */
void
ai_squadron(struct think *t, int i)
{
	const struct ai_view *v = t->v;
	const struct ai_own *u = &v->own[i];
	const struct ai_doctrine *doc = v->rs->ops->doctrine;
	int j, best = -1, bs = INT_MAX, d, score, reach = 20 * v->rs->ticks;
	bool front = false, fr;
	struct point wing, via, dest;
	enum dir side;

	if (u->cond == COND_MOB) {
		ai_want_restore(t, i);
		return;
	}
	if (u->cond != COND_FORMED || stand_off(t, i))
		return;
	for (j = 0; j < v->nenemy; j++) {
		const struct ai_enemy *e = &v->enemy[j];

		if (cond_gone(e->cond))
			continue;
		d = geom_dist(u->pos, e->pos);
		if (d > reach)
			continue;
		/* Not across a defile: the horse would stand at the water
		 * under the enemy's guns.  The ground our troops reach is
		 * the whole army's: once a battalion of ours is over, the
		 * far bank is in it, so where the doctrine says so the
		 * squadron's own side of the defiles is read too (our
		 * rear's side or the far one). */
		if (!ai_reaches(t, e->pos) || (doc != NULL &&
		    doc->horse_own_bank &&
		    ai_at_home(t, e->pos) != ai_at_home(t, u->pos)))
			continue;
		fr = false;
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
		else if (e->arm == ARM_INFANTRY && doc != NULL &&
		    doc->horse_front_edge > 0 && doc->melee_edge != NULL &&
		    doc->melee_edge(v->rs, u, e, t->enemy_quality) >=
		    doc->horse_front_edge) {
			/* Foot the doctrine says we would beat from the
			 * front (rifles, open order): straight at it. */
			score = d / 2;
			fr = true;
		} else if (e->arm == ARM_INFANTRY) {
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
			front = fr;
		}
	}
	if (best >= 0) {
		const struct ai_enemy *e = &v->enemy[best];

		if (e->cond == COND_ROUTED || !t->flanks || front ||
		    e->arm != ARM_INFANTRY || e->formation == t->f_skirmish ||
		    e->formation == t->f_road || e->formation == t->f_mc) {
			ai_want_move(t, i, NULL, e->pos, in_contact(v, u));
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
		ai_want_move(t, i, &via, dest, in_contact(v, u));
		return;
	}
	/* No prey, and the points do not favour us: ride for a place
	 * nobody holds (normal and hard). */
	if ((j = open_place(t, i)) >= 0) {
		if (geom_dist(u->pos, t->stand_at[j]) <= STEP_DIAG)
			ai_want_stop(t, i);
		else
			ai_want_move(t, i, NULL, t->stand_at[j], false);
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
		if (t->lvl >= AI_NORMAL)
			wing = room_to_turn(t, u, wing, b->goal);
	} else
		wing = offset(t->own_c, heading(t->own_c, t->enemy_c), 4);
	if (geom_dist(u->pos, wing) <= 2 * STEP_DIAG) {
		ai_want_stop(t, i);
		return;
	}
	ai_want_move(t, i, NULL, wing, false);
}
