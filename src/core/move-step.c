/*
 * move-step.c - one step of a unit's walk (walk_step): the turn to face
 * it, its price as the ruleset says, room for the block, friends passed
 * through, enemies in reach, narrow passages and road columns, and a
 * turn made in part when the walk cannot pay for all of it.
 */
#include "config.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/move.h"
#include "core/move-priv.h"
#include "core/path.h"
#include "core/ruleset.h"
#include "util/xalloc.h"

/* Whether unit who (or -1) is a friend of the walker that stays where
 * it is: under no Move order, its order done, or held in place this turn
 * (move_holds). */
static bool
standing_friend(const struct game *g, const struct move_walk *w, int who)
{
	const struct unit *fu;

	if (who < 0)
		return false;
	fu = &g->units[who];
	return fu->side == g->units[w->unit].side && !move_marches(g, fu);
}

/* Whether the block turned to face f (priced tp) has room. */
static bool
turn_room(const struct game *g, const struct move_walk *w,
    const struct move_price *tp, enum dir f)
{
	struct point *cells = game_cells_take(g);
	int n, who;

	n = game_footprint_at(g, &g->units[w->unit], (tp->flags & MPF_ANCHOR) ?
	    tp->anchor : w->pos, f, w->form, cells);
	who = walk_overlap(g, w, cells, n, 0);
	game_cells_give(g, cells);
	return who != -2 && (who < 0 || w->passing);
}

/*
 * The turn to face d costs more than the walk has left, and the ruleset
 * makes it where the men stand: the block keeps the cells it stands on
 * (a face-about, MPF_ANCHOR at its rear rank).  A unit that has spent
 * nothing yet this turn makes it now, as one action spread over turns
 * (issue 12, decision 1, as for a battery's pivot): it spends all it has
 * and owes the rest (w->owed), paid first thing next turn before it steps
 * on, as a crossing it stopped in is (3.6.5).  Swung 45 degrees at a time
 * about its front instead, a column at the map's edge or beside another
 * unit may have no room for the part it can pay for, nor anywhere it can
 * reach, and stand for ever.  True when it faced about (the walk ends).
 */
bool
walk_about_here(const struct game *g, const struct move_walk *w, enum dir d,
    bool any_goal, struct move_price *tp)
{
	struct point *now, *then;
	int n, m, i, j;

	if (any_goal) {
		struct move_walk tw = *w;

		tw.order = NULL;
		g->rs->ops->move_turn(g, &tw, d, tp);
	} else
		g->rs->ops->move_turn(g, w, d, tp);
	if (!(tp->flags & MPF_ANCHOR) || w->ntrail > 0)
		return false;
	now = game_cells_take(g);
	then = game_cells_take(g);
	n = game_footprint_at(g, &g->units[w->unit], w->pos, w->facing,
	    w->form, now);
	m = game_footprint_at(g, &g->units[w->unit], tp->anchor, d, w->form,
	    then);
	/* The same cells, in whatever order. */
	for (i = 0; i < n && m == n; i++) {
		for (j = 0; j < m; j++)
			if (now[i].x == then[j].x && now[i].y == then[j].y)
				break;
		if (j == m)
			m = -1;
	}
	game_cells_give(g, then);
	game_cells_give(g, now);
	return m == n && turn_room(g, w, tp, d);
}

static bool
walk_about_owed(const struct game *g, struct move_walk *w, enum dir d,
    bool any_goal)
{
	const struct ruleset *rs = g->rs;
	struct move_price tp;
	char a[32], b[32], c[32];

	if (!walk_about_here(g, w, d, any_goal, &tp) || tp.ticks <= w->left)
		return false;
	ruleset_fmt(rs, tp.ticks, a, sizeof a);
	ruleset_fmt(rs, w->left, b, sizeof b);
	ruleset_fmt(rs, tp.ticks - w->left, c, sizeof c);
	/* The ruleset's first note says where it faces about. */
	if (tp.nnotes > 1 && w->explain)
		move_note(w, EV_NOTE, tp.notes[0].rule, "%s",
		    tp.notes[0].text);
	move_note(w, EV_NOTE, tp.nnotes ? tp.notes[0].rule : "",
	    "%s turns its front %d degrees, %s to %s: it costs %s and it has "
	    "%s, but it has not moved yet this turn, so it faces about now, "
	    "spends all and owes %s, paid next turn before it steps on "
	    "(marshal's reading)", g->units[w->unit].name,
	    45 * dir_diff(w->facing, d), dir_name(w->facing), dir_name(d), a,
	    b, c);
	w->owed = tp.ticks - w->left;
	w->left = 0;
	w->fresh = false;
	w->facing = d;
	w->pos = tp.anchor;
	walk_push(w, tp.anchor);
	w->clear = false;
	w->iroute = w->nroute;		/* planned again from the new front */
	walk_halt(g, w, HALT_SPEED, tp.nnotes ? tp.notes[0].rule : NULL);
	return true;
}

/*
 * The gap from the block where it stands now to candidate c, for the
 * note of a halt.  The gap the walk keeps (c->gap) may be older: a turn
 * that moves the block leaves it as it was before the turn, and a block
 * that began beyond any reach the rules ask for has none (INT_MAX, which
 * a wheel onto an enemy's flank printed as 536870911.75 in).
 */
static int
gap_now(const struct game *g, const struct move_walk *w,
    const struct cand *c)
{
	struct point *cells, lo, hi;
	int n, gap = c->gap;

	/* A column following its road covers its trail, body and head. */
	if (w->ntrail > 0) {
		bbox(w->trail, w->ntrail, &lo, &hi);
		return cand_gap(g, c, w->trail, w->ntrail, lo, hi);
	}
	cells = game_cells_take(g);
	n = game_footprint_at(g, &g->units[w->unit], w->pos, w->facing,
	    w->form, cells);
	if (n > 0) {
		bbox(cells, n, &lo, &hi);
		gap = cand_gap(g, c, cells, n, lo, hi);
	}
	game_cells_give(g, cells);
	return gap;
}

/*
 * The block turned to face f (priced tp) sweeps new ground as a step
 * does, a wheel most of all.  Where the ruleset's halt short of an enemy
 * keeps the two apart (ops->move_contact with MPF_APART: a ruleset whose
 * units halt an inch off), touching being a melee that only a charge may
 * bring, a march may not turn into contact: when the turn would bring the
 * block up against an enemy (gap 0), the walk halts before turning,
 * short of the nearest such enemy as it stands, and SR_STOP is returned.
 * A turn that only comes within the inch is let be (marshal's reading):
 * a unit halted an inch off an enemy must still be able to turn its free
 * 45 degrees to march away, and its next step is held to the inch as
 * ever.  Else SR_MOVED is returned, the turn left to the caller.  (A
 * halt that is itself battle contact, the Napoleonic 3.6.8, is not asked
 * here.)
 */
static enum step_res
turn_keeps_gap(const struct game *g, struct move_walk *w, struct cands *cs,
    const struct move_price *tp, enum dir f)
{
	const struct ruleset *rs = g->rs;
	struct point *cells, lo, hi;
	struct move_price cp;
	int i, n, gap, best = -1;
	char a[32];

	if (cs == NULL || cs->n == 0 || rs->ops->move_contact == NULL)
		return SR_MOVED;
	cells = game_cells_take(g);
	n = game_footprint_at(g, &g->units[w->unit], (tp->flags & MPF_ANCHOR) ?
	    tp->anchor : w->pos, f, w->form, cells);
	if (n > 0)
		bbox(cells, n, &lo, &hi);
	for (i = 0; i < cs->n && n > 0; i++) {
		struct cand *c = &cs->v[i];

		/* The gaps the walk keeps (c->gap) stay those of the block
		 * before the turn: the next step is held to them, which
		 * never lets it nearer than the ruleset asks. */
		gap = cand_gap(g, c, cells, n, lo, hi);
		if (gap > 0 || gap >= c->gap)
			continue;
		if (rs->ops->move_contact(g, w, c->unit, &cp) < 0 ||
		    !(cp.flags & MPF_APART))
			continue;
		if (best < 0 || c->gap < cs->v[best].gap)
			best = i;
	}
	game_cells_give(g, cells);
	if (best < 0)
		return SR_MOVED;
	(void)rs->ops->move_contact(g, w, cs->v[best].unit, &cp);
	ruleset_fmt(rs, cs->v[best].gap, a, sizeof a);
	move_note_price(w, &cp);
	move_note(w, EV_NOTE, cp.nnotes ? cp.notes[0].rule : "", "gap to %s: "
	    "%s; turning to face %s would bring it into contact",
	    g->units[cs->v[best].unit].name, a, dir_name(f));
	w->contact = cs->v[best].unit;
	w->contact_apart = (cp.flags & MPF_APART) != 0;
	walk_halt(g, w, HALT_CONTACT, cp.nnotes ? cp.notes[0].rule : NULL);
	return SR_STOP;
}

/*
 * The turn to face d costs more than the walk has left.  It turns as
 * many 45 degrees as it can pay for and has room for, and a unit that has
 * spent nothing yet this turn always makes one (issue 12, decision 1: it
 * then spends all).  The rest of the turn waits for next turn, under the
 * same order; so does the whole turn when no part of it it can pay for
 * has room (a full turn needs room for its end alone).
 */
static enum step_res
walk_turn_part(const struct game *g, struct move_walk *w, struct cands *cs,
    enum dir d)
{
	const struct ruleset *rs = g->rs;
	struct move_price tp;
	struct point *cells;
	int k = dir_diff(w->facing, d), cw, j, n, who, pay;
	enum dir f = w->facing;
	bool roomless = false;
	char a[32], b[32];

	cw = (((int)d - (int)w->facing) % 8 + 8) % 8;
	if (w->fresh && walk_about_owed(g, w, d, false))
		return SR_STOP;
	for (j = k - 1; j >= 1; j--) {
		f = dir_turn(w->facing, cw <= 4 ? j : -j);
		rs->ops->move_turn(g, w, f, &tp);
		if (tp.ticks <= w->left && turn_room(g, w, &tp, f))
			break;
		if (tp.ticks <= w->left)
			roomless = true;
	}
	if (j < 1 && w->fresh) {
		j = 1;
		f = dir_turn(w->facing, cw <= 4 ? 1 : -1);
		rs->ops->move_turn(g, w, f, &tp);
	}
	if (j < 1 && walk_more(g, w))
		return SR_AGAIN;
	if (j < 1) {
		rs->ops->move_turn(g, w, d, &tp);
		ruleset_fmt(rs, tp.ticks, a, sizeof a);
		ruleset_fmt(rs, w->left, b, sizeof b);
		move_note(w, EV_NOTE, tp.nnotes ? tp.notes[0].rule : "",
		    "turning to face %s would cost %s, it has %s left%s: it "
		    "turns next turn", dir_name(d), a, b, roomless ? ", and "
		    "turning part of the way has no room here" : "");
		move_note_own(w);	/* where its order leads (know.h) */
		walk_halt(g, w, HALT_SPEED, tp.nnotes ? tp.notes[0].rule :
		    NULL);
		return SR_STOP;
	}
	cells = game_cells_take(g);
	n = game_footprint_at(g, &g->units[w->unit], (tp.flags & MPF_ANCHOR) ?
	    tp.anchor : w->pos, f, w->form, cells);
	who = walk_overlap(g, w, cells, n, 0);
	game_cells_give(g, cells);
	if ((who == -2 || (who >= 0 && !w->passing)) &&
	    walk_room(g, w, f, who))
		return SR_AGAIN;
	/* A friend that stands where the turn needs room: round it. */
	if (!w->passing && standing_friend(g, w, who) && walk_detour(g, w,
	    who, rule_for(g, HALT_BLOCKED)))
		return SR_AGAIN;
	if (who == -2 || (who >= 0 && !w->passing)) {
		move_note(w, EV_NOTE, rule_for(g, HALT_BLOCKED),
		    "no room to turn to face %s here%s%s", dir_name(f),
		    who >= 0 ? ": " : "", who >= 0 ? g->units[who].name : "");
		walk_halt(g, w, HALT_BLOCKED, NULL);
		return SR_STOP;
	}
	if (turn_keeps_gap(g, w, cs, &tp, f) == SR_STOP)
		return SR_STOP;
	pay = tp.ticks < w->left ? tp.ticks : w->left;
	ruleset_fmt(rs, tp.ticks, a, sizeof a);
	ruleset_fmt(rs, w->left, b, sizeof b);
	if (tp.ticks > w->left)
		move_note(w, EV_NOTE, tp.nnotes ? tp.notes[0].rule : "",
		    "%s turns its front 45 degrees, %s to %s: it costs %s and "
		    "it has %s, but it has not moved yet this turn, so it "
		    "makes this turn and spends all (marshal's reading)",
		    g->units[w->unit].name, dir_name(w->facing), dir_name(f),
		    a, b);
	else
		move_note_price(w, &tp);
	/* Where it will face next turn tells where its order leads: its
	 * side's to read only (know.h). */
	if (f != d) {
		move_note(w, EV_NOTE, tp.nnotes ? tp.notes[0].rule : "",
		    "it goes on turning to face %s next turn, under the same "
		    "order", dir_name(d));
		move_note_own(w);
	}
	w->facing = f;
	if (tp.flags & MPF_ANCHOR) {
		w->pos = tp.anchor;
		walk_push(w, tp.anchor);
	}
	w->ntrail = 0;			/* the block swung about its head */
	w->left -= pay;
	/* The walk ends here: no step reads fresh or clear after it. */
	walk_halt(g, w, HALT_SPEED, tp.nnotes ? tp.notes[0].rule : NULL);
	return SR_STOP;
}

/*
 * The route's next cell is where a turn to face f leaves the block (a
 * wheel the search planned, route_face): the walk makes that turn, paid
 * when it is made, and keeps to the route from there.  A turn that no
 * longer leaves it there (the walk is not where the search had it), or
 * that has no room now, drops the route: the walk goes on by the line to
 * its goal, and meets what it meets under the rules.
 */
static enum step_res
walk_wheel(const struct game *g, struct move_walk *w, struct cands *cs,
    enum dir f, struct point at)
{
	struct move_price tp;

	/* A face-about planned to begin a way round a friend
	 * (walk_detour): its first point may lie beside the block, so the
	 * ruleset is not asked whether the goal is ahead of the new
	 * front. */
	if (f == dir_turn(w->facing, 4) && walk_about_here(g, w, f, true,
	    &tp) && tp.anchor.x == at.x && tp.anchor.y == at.y) {
		if (tp.ticks > w->left && w->fresh &&
		    walk_about_owed(g, w, f, true))
			return SR_STOP;
		if (tp.ticks > w->left) {
			walk_halt(g, w, HALT_SPEED, tp.nnotes ?
			    tp.notes[0].rule : NULL);
			return SR_STOP;
		}
	} else
		g->rs->ops->move_turn(g, w, f, &tp);
	if (!(tp.flags & MPF_ANCHOR) || tp.anchor.x != at.x ||
	    tp.anchor.y != at.y || !turn_room(g, w, &tp, f)) {
		w->iroute = w->nroute;
		return SR_AGAIN;
	}
	if (tp.ticks > w->left)
		return walk_turn_part(g, w, cs, f);
	if (turn_keeps_gap(g, w, cs, &tp, f) == SR_STOP)
		return SR_STOP;
	move_note_price(w, &tp);
	w->facing = f;
	w->left -= tp.ticks;
	if (tp.ticks > 0)
		w->fresh = false;
	w->pos = tp.anchor;
	w->ntrail = 0;
	w->clear = false;
	walk_push(w, tp.anchor);
	w->iroute++;
	return SR_AGAIN;
}

/*
 * The line's next step needs a wheel (a paid turn that moves the block),
 * or a turn it has no room for, and the point sought already lies under
 * the unit: it stands on it, and the point counts as reached rather than
 * wheeled past or sought again from elsewhere (marshal's reading where
 * turns move the block, ops->move_face).  WHY says which of the two, as
 * the log tells it.  The note names the point, one of the order's: only
 * the unit's side reads it (hidden orders).  True when the point was
 * reached; past the order's last, the walk halts, arrived.
 */
static bool
walk_stands_on_point(const struct game *g, struct move_walk *w,
    struct point *cells, const char *why)
{
	struct point goal;
	int n;

	if (g->rs->ops->move_face == NULL || !walk_goal(w, &goal) ||
	    abs(w->pos.x - goal.x) > g->rs->arrive_near ||
	    abs(w->pos.y - goal.y) > g->rs->arrive_near)
		return false;
	n = game_footprint_at(g, &g->units[w->unit], w->pos, w->facing,
	    w->form, cells);
	if (!geom_covers(cells, n, goal))
		return false;
	move_note(w, EV_NOTE, rule_for(g, HALT_ARRIVED), "[%d, %d] lies "
	    "under %s, which %s to bring its anchor onto it: it is there "
	    "(marshal's reading)", goal.x, goal.y, g->units[w->unit].name,
	    why);
	move_note_own(w);	/* it names the point: the order's */
	w->waypoint++;
	w->iroute = w->nroute;
	if (w->waypoint >= w->order->npts) {
		w->arrived = true;
		walk_halt(g, w, HALT_ARRIVED, NULL);
	}
	return true;
}

/*
 * The pass through friend who, priced quietly because the walk has met
 * that friend already, priced once more with its notes when the walk
 * explains and stops for it: the refusal and the halt then say why and
 * cite the pass's rule, as when the friend was first met (H12 in horse
 * and musket, not HO.4, the rule of a halt with no rule of its own).
 */
static void
pass_explained(const struct game *g, const struct move_walk *w, int who,
    enum dir d, bool moving, struct move_price *pp)
{
	if (pp->nnotes == 0 && w->explain)
		g->rs->ops->move_pass(g, w, who, d, moving, pp);
}

/*
 * Whether the walk, short of speed to come clear of the friends ahead
 * this turn, would come clear with a whole turn's speed from where it
 * stands: then it waits behind them and passes next turn (H12's
 * lesson: a Line that has marched a little first halts, and passes
 * through the next turn), rather than go round.  Only a pass it could
 * never make with a whole turn (a Column that would march along the
 * length of a Line, a gun that may pass nobody) is gone round.  Asked
 * only where the ruleset turns units itself (move_face), whose units
 * went round no friend before: the other rulesets' walks are as they
 * were, going round what they cannot pass with the speed they have left.
 */
static bool
walk_clears_next_turn(const struct game *g, struct move_ctx *ctx,
    const struct move_walk *w, struct cands *cs)
{
	struct move_walk t;

	if (g->rs->ops->move_face == NULL || w->left >= w->allowance)
		return false;
	t = *w;		/* walk_can_clear copies what its trial changes */
	t.left = t.allowance;
	return walk_can_clear(g, ctx, &t, cs, NULL, NULL);
}

/*
 * The step to next, made facing f in direction d, would meet a friend
 * that stays where it is and may not be passed this turn: the walk goes
 * round it (walk_detour) before it pays the turn to face f, rather than
 * turn for a step it cannot take and then turn back for the way round.
 * The test is the one the step itself makes when it meets the friend:
 * the pass refused (3.6.7), or no speed to come clear of it
 * (walk_can_clear, which makes the turn first as the walk would).  True
 * when a way round was taken.
 */
static bool
walk_round_first(const struct game *g, struct move_ctx *ctx,
    struct move_walk *w, struct cands *cs, struct point next, enum dir d,
    enum dir f, struct point *cells)
{
	struct move_price pp;
	bool explain = w->explain;
	int n, who, enemy;

	if (w->passing || !walk_may_detour(g, w))
		return false;
	n = game_footprint_at(g, &g->units[w->unit], next, f, w->form, cells);
	who = walk_overlap(g, w, cells, n, 0);
	if (!standing_friend(g, w, who) || walk_detour_waits(g, w))
		return false;
	w->explain = false;
	g->rs->ops->move_pass(g, w, who, d, false, &pp);
	w->explain = explain;
	/* Held inside the friend by an enemy beyond, a way round it would
	 * meet the same enemy: the step says so and stops. */
	if (pp.verdict != MOVE_NEVER && (walk_can_clear(g, ctx, w, cs, NULL,
	    &enemy) || enemy >= 0 || walk_clears_next_turn(g, ctx, w, cs)))
		return false;
	return walk_detour(g, w, who, rule_for(g, HALT_BLOCKED));
}

/*
 * Whether the turn priced tp, to face f, leaves unit w's block on the
 * cells it stands on: a face-about made where the men stand (3.6.3,
 * marshal's reading), its anchor moved to the old rear rank.  Such a
 * turn meets no friend, and the step after it starts from the new
 * anchor: a friend beside the block seen from the old anchor, as
 * walk_round_first looks, is none of its business.  At the Côa the 15e
 * Chasseurs, a Column facing north with the 3e Hussards before it, sent
 * south, was sent round I/82e Ligne at its side instead, by the north
 * and into the Hussards, and stood there turn after turn.
 */
static bool
turn_keeps_cells(const struct game *g, const struct move_walk *w,
    const struct move_price *tp, enum dir f)
{
	const struct unit *u = &g->units[w->unit];
	struct point *a, *b;
	int na, nb, i, j;
	bool keeps = true;

	if (!(tp->flags & MPF_ANCHOR))
		return false;
	a = game_cells_take(g);
	b = game_cells_take(g);
	na = game_footprint_at(g, u, w->pos, w->facing, w->form, a);
	nb = game_footprint_at(g, u, tp->anchor, f, w->form, b);
	for (i = 0; keeps && i < nb; i++) {
		for (j = 0; j < na && (a[j].x != b[i].x || a[j].y != b[i].y);
		    j++)
			;
		keeps = j < na;
	}
	game_cells_give(g, b);
	game_cells_give(g, a);
	return keeps && nb > 0;
}

/* walk_step's work, in cells (g->cells_max points); a column following
 * its road takes a second buffer for its trail into *trp, which the
 * caller gives back. */
static enum step_res
walk_step_in(const struct game *g, struct move_ctx *ctx, struct move_walk *w,
    struct cands *cs, struct point *cells, struct point **trp)
{
	const struct ruleset_ops *ops = g->rs->ops;
	const struct ruleset *rs = g->rs;
	struct point next = w->route[w->iroute], lo, hi;
	struct move_price tp, sp, cp;
	enum dir d = (enum dir)dir_between(w->pos, next);
	enum dir f = walk_face(g, w, d);	/* the facing it steps with */
	struct point *tr = NULL;
	int n, who, i, t, gap, pay, turn_ticks = 0, ntr = 0;
	int best, best_after = 0, best_keep = 0, now;
	bool sp_noted = false;
	char a[32], b[32];

	if (w->route_face != NULL && w->route_face[w->iroute] != 0)
		return walk_wheel(g, w, cs, (enum dir)(w->route_face[
		    w->iroute] - 1), next);

	/* The step, priced as if already turned; a turn that squares the
	 * front to an obstacle is part of the crossing (MPF_SQUARE). */
	if (f != w->facing) {
		ops->move_turn(g, w, f, &tp);
		turn_ticks = tp.ticks;
		/* A paid turn that moves the block: a wheel.  With the
		 * point sought already under the unit it is there
		 * (walk_stands_on_point); else, on the line, the leg's plan
		 * makes its turns where the line would wheel past the
		 * point (walk_plan_leg).  A fresh unit's turn in place for
		 * its whole move is made as it comes. */
		if ((tp.flags & MPF_ANCHOR) && tp.ticks > 0 &&
		    !(w->fresh && tp.ticks == w->left) &&
		    (tp.anchor.x != w->pos.x || tp.anchor.y != w->pos.y) &&
		    (walk_stands_on_point(g, w, cells,
		    "would wheel past it") ||
		    walk_plan_leg(g, w)))
			return w->halt == HALT_NONE ? SR_AGAIN : SR_STOP;
		/* The leg had no plan: the turn is made in place. */
		if (w->in_place) {
			ops->move_turn(g, w, f, &tp);
			turn_ticks = tp.ticks;
		}
	}
	{
		/* Priced with what the turn leaves: the walk's own left for
		 * the while, not a copy of the whole walk at every step. */
		int left = w->left;

		w->left = left - turn_ticks;
		ops->move_step(g, w, d, &sp);
		w->left = left;
		if ((sp.flags & MPF_SQUARE) && turn_ticks > 0) {
			turn_ticks = 0;
			tp.nnotes = 0;
			tp.ticks = 0;
			ops->move_step(g, w, d, &sp);
		}
	}
	switch (sp.verdict) {
	case MOVE_OK:
		break;
	case MOVE_CHANGE:
		n = game_footprint_at(g, &g->units[w->unit], w->pos, w->facing,
		    sp.form, cells);
		who = walk_overlap(g, w, cells, n, 0);
		move_note_price(w, &sp);
		if (who != -1) {
			move_note(w, EV_NOTE, sp.nnotes ? sp.notes[0].rule :
			    "", "but there is no room for %s here",
			    rs->form[sp.form].label);
			walk_halt(g, w, HALT_BLOCKED, sp.nnotes ?
			    sp.notes[0].rule : NULL);
			return SR_STOP;
		}
		if (sp.ticks > w->left && !w->fresh) {
			ruleset_fmt(rs, sp.ticks, a, sizeof a);
			ruleset_fmt(rs, w->left, b, sizeof b);
			move_note(w, EV_NOTE, sp.nnotes ? sp.notes[0].rule :
			    "", "the change costs %s and it has %s left: it "
			    "stops here", a, b);
			walk_halt(g, w, HALT_SPEED, sp.nnotes ?
			    sp.notes[0].rule : NULL);
			return SR_STOP;
		}
		/* The change's price; a unit that has not moved yet this
		 * turn may always make it, spending all. */
		if (sp.ticks > 0) {
			w->left -= sp.ticks < w->left ? sp.ticks : w->left;
			w->fresh = false;
		}
		w->form = sp.form;
		w->ntrail = 0;
		return SR_AGAIN;
	case MOVE_IMPASSABLE:
		if (walk_round(g, w))
			return SR_AGAIN;
		move_note_price(w, &sp);
		walk_upset(g, w, MOVE_UPSET_IMPASSABLE, &sp);
		walk_halt(g, w, sp.halt, sp.nnotes ? sp.notes[0].rule : NULL);
		return SR_STOP;
	case MOVE_NEED_ORDER:
	case MOVE_NEVER:
	default:
		if (walk_round(g, w)) {
			if (sp.flags & MPF_SAY_ROUND)
				move_note_price(w, &sp);
			return SR_AGAIN;
		}
		move_note_price(w, &sp);
		walk_halt(g, w, sp.halt, sp.nnotes ? sp.notes[0].rule : NULL);
		return SR_STOP;
	}
	/*
	 * A column on its road follows it (3.6.6): its body goes where its
	 * head has been, so it never swings as a block; only a unit on the
	 * road cells it enters can stop it (3.6.7).
	 */
	if (walk_follows_road(g, w, &sp)) {
		*trp = tr = game_cells_take(g);
		ntr = trail_after(g, w, next, tr);
		/* Sent back the way it came: its tail leads. */
		if (ntr == 0 && f == d && dir_diff(w->facing, d) == 4 &&
		    walk_countermarch(g, w, next, &tp))
			return SR_AGAIN;
	}
	/* Turning the front: paid when it is made (issue 12, decision 1). */
	if (f != w->facing) {
		if (ntr == 0 && !turn_keeps_cells(g, w, &tp, f) &&
		    walk_round_first(g, ctx, w, cs, next, d, f, cells))
			return SR_AGAIN;
		if (turn_ticks > w->left && !w->narrow)
			return walk_turn_part(g, w, cs, f);
		/* Following the road, the turn moves no cell: no room is
		 * needed for it. */
		n = ntr > 0 ? 0 : game_footprint_at(g, &g->units[w->unit],
		    (tp.flags & MPF_ANCHOR) ? tp.anchor : w->pos, f, w->form,
		    cells);
		who = walk_overlap(g, w, cells, n, 0);
		/* No room for the turn, with the point sought already under
		 * the unit: it is there, rather than seeking room to turn
		 * elsewhere (walk_stands_on_point). */
		if ((who == -2 || (who >= 0 && !w->passing)) &&
		    walk_stands_on_point(g, w, cells,
		    "has no room to turn"))
			return w->halt == HALT_NONE ? SR_AGAIN : SR_STOP;
		if ((who == -2 || (who >= 0 && !w->passing)) &&
		    walk_room(g, w, f, who))
			return SR_AGAIN;
		/* A friend under orders that has yet to move stands where
		 * the block would turn: wait for it to go (move_ctx_wait). */
		if (who >= 0 && !w->passing &&
		    walk_wait_for(g, ctx, w, who) == WAIT_NOW) {
			walk_halt(g, w, HALT_BLOCKED, NULL);
			return SR_STOP;
		}
		if (!w->passing && standing_friend(g, w, who) &&
		    walk_detour(g, w, who, rule_for(g, HALT_BLOCKED)))
			return SR_AGAIN;
		if (who == -2 || (who >= 0 && !w->passing)) {
			move_note(w, EV_NOTE, rule_for(g, HALT_BLOCKED),
			    "no room to turn to face %s here%s%s", dir_name(f),
			    who >= 0 ? ": " : "",
			    who >= 0 ? g->units[who].name : "");
			walk_halt(g, w, HALT_BLOCKED, NULL);
			return SR_STOP;
		}
		if (ntr == 0 && turn_keeps_gap(g, w, cs, &tp, f) == SR_STOP)
			return SR_STOP;
		if (turn_ticks > w->left)
			turn_ticks = w->left;
		move_note_price(w, &tp);
		w->facing = f;
		w->left -= turn_ticks;
		if (turn_ticks > 0)
			w->fresh = false;
		if (tp.flags & MPF_ANCHOR) {
			/* A wheel: the block stands somewhere else now, so
			 * the way on is planned again from there. */
			w->pos = tp.anchor;
			w->ntrail = 0;
			w->clear = false;
			walk_push(w, tp.anchor);
			w->iroute = w->nroute;
			return SR_AGAIN;
		}
	}
	/* A narrow passage: one unit a turn, after a halt before it. */
	if ((sp.flags & MPF_NARROW) && !w->narrow) {
		const struct unit *u = &g->units[w->unit];
		bool waited = u->halt == HALT_PASSAGE &&
		    u->halt_turn == w->turn - 1 && w->npath <= 1;

		if (!waited) {
			move_note_price(w, &sp);
			move_note(w, EV_NOTE, rule_for(g, HALT_PASSAGE),
			    "halts before the narrow passage: one unit passes "
			    "a turn; it goes through next turn, no order "
			    "needed");
			move_note_own(w);	/* that its order goes on */
			walk_halt(g, w, HALT_PASSAGE, NULL);
			return SR_STOP;
		}
		if (ctx_used(ctx, sp.passage)) {
			move_note(w, EV_NOTE, rule_for(g, HALT_PASSAGE),
			    "another unit has gone through the passage this "
			    "turn: it waits");
			walk_halt(g, w, HALT_PASSAGE, NULL);
			return SR_STOP;
		}
		if (!w->scratch)
			ctx_use(ctx, sp.passage);
		w->narrow = true;
		w->narrow_steps = 0;
		w->narrow_out = 0;
		w->narrow_over = false;
		w->narrow_pos = w->pos;
		w->narrow_facing = w->facing;
		w->narrow_npath = w->npath;
		w->narrow_walked = w->walked;
		w->narrow_left = w->left;
		free(w->narrow_trail);
		w->narrow_trail = trail_dup(g, w->trail, w->ntrail);
		w->narrow_ntrail = w->ntrail;
		/* The passage first ("the bridge ahead..."), then its use. */
		move_note_price(w, &sp);
		sp_noted = true;
		move_note(w, EV_NOTE, rule_for(g, HALT_PASSAGE), "goes "
		    "through the narrow passage (its turn to pass): the whole "
		    "column passes this turn, whatever its speed");
	}
	pay = sp.ticks;
	if (pay > w->left && !w->narrow && !(sp.flags & MPF_MAY_END_ON) &&
	    (w->fresh || (sp.need >= 0 && sp.need <= w->left))) {
		/*
		 * 3.6.5 as issue 12 reads it: new ground stops the unit only
		 * when its Pr + Pe is more than what is left, and a unit that
		 * has spent nothing yet this turn always makes the step its
		 * formation may take (the minimum move).  Either way it
		 * spends all it has.
		 */
		ruleset_fmt(rs, pay, a, sizeof a);
		ruleset_fmt(rs, w->left, b, sizeof b);
		move_note_price(w, &sp);
		sp_noted = true;
		if (w->fresh && !(sp.need >= 0 && sp.need <= w->left))
			move_note(w, EV_NOTE, sp.nnotes ? sp.notes[0].rule :
			    rule_for(g, sp.halt), "the step costs %s, more "
			    "than the %s it has, but it has not moved yet this "
			    "turn: it makes this one step and spends all "
			    "(minimum move, marshal's reading)", a, b);
		else if (sp.halt == HALT_OBSTACLE)
			move_note(w, EV_NOTE, sp.nnotes ? sp.notes[0].rule :
			    rule_for(g, sp.halt), "the crossing and the Pr + Pe "
			    "of the ground behind it are not more than the %s "
			    "it has: it crosses and spends all", b);
		else
			move_note(w, EV_NOTE, sp.nnotes ? sp.notes[0].rule :
			    rule_for(g, sp.halt), "Pr + Pe of the new ground is "
			    "not more than the %s it has: it goes in as far as "
			    "that pays and spends all", b);
		pay = w->left;
	} else if (pay > w->left && w->narrow) {
		/* 3.6.6: once through the mouth the column passes whole. */
		if (!w->narrow_over)
			move_note(w, EV_NOTE, rule_for(g, HALT_PASSAGE), "its "
			    "speed is spent inside the passage: it goes on "
			    "until the column is through");
		w->narrow_over = true;
		pay = w->left;
	} else if (pay > w->left) {
		if ((sp.flags & MPF_MAY_END_ON) && (w->left > 0 ||
		    w->fresh)) {
			move_note_price(w, &sp);
			ruleset_fmt(rs, pay - w->left, a, sizeof a);
			move_note(w, EV_NOTE, sp.nnotes ? sp.notes[0].rule : "",
			    "it may stop in the middle of this one: %s still to "
			    "pay next turn", a);
			w->owed = pay - w->left;
			pay = w->left;
			walk_halt(g, w, sp.halt, sp.nnotes ? sp.notes[0].rule :
			    NULL);
		} else {
			if (walk_more(g, w))
				return SR_AGAIN;
			ruleset_fmt(rs, pay, a, sizeof a);
			ruleset_fmt(rs, w->left, b, sizeof b);
			for (i = 0; i < sp.nnotes; i++)
				move_note(w, EV_NOTE, sp.notes[i].rule,
				    "would have: %s", sp.notes[i].text);
			move_note(w, EV_NOTE, sp.nnotes ? sp.notes[0].rule :
			    rule_for(g, sp.halt), "the next step costs %s and "
			    "it has %s left: it stops here", a, b);
			walk_halt(g, w, sp.halt, sp.nnotes ? sp.notes[0].rule :
			    NULL);
			return SR_STOP;
		}
	}
	/*
	 * The whole block at the new place.  A block stepping straight ahead
	 * from a place known clear covers new ground only with its new front
	 * rank (the ranks behind move onto cells it held), so only that rank
	 * is looked at; through friends or near enemies the whole block is.
	 */
	if (ntr > 0) {
		/* Following the road, only the head is on new ground when
		 * the body stood clear. */
		n = w->clear && !w->passing && cs->n == 0 &&
		    w->clear_form == w->form && w->clear_pos.x == w->pos.x &&
		    w->clear_pos.y == w->pos.y ? 1 : ntr;
		memcpy(cells, tr, (size_t)n * sizeof *cells);
		who = walk_overlap(g, w, cells, n, 0);
	} else if (w->clear && !w->passing && cs->n == 0 && d == w->facing &&
	    w->clear_facing == d && w->clear_form == w->form &&
	    w->clear_pos.x == w->pos.x && w->clear_pos.y == w->pos.y) {
		/* No enemy near to measure the cells against: the rank is
		 * read where it lies, not listed. */
		n = 0;
		who = walk_overlap_rank(g, w, next, d,
		    rs->form[w->form].frontage[g->units[w->unit].arm]);
	} else if (cs->n == 0) {
		n = 0;
		who = walk_overlap_at(g, w, next, f, w->form);
	} else {
		n = game_footprint_at(g, &g->units[w->unit], next, f, w->form,
		    cells);
		who = walk_overlap(g, w, cells, n, 0);
	}
	if (who == -2 && walk_round(g, w))
		return SR_AGAIN;
	if (who == -2) {
		move_note(w, EV_NOTE, rule_for(g, HALT_BLOCKED), "the block "
		    "would leave the map");
		walk_halt(g, w, HALT_BLOCKED, NULL);
		return SR_STOP;
	}
	/* Enemies: keep the gap the ruleset asks.  Of several the step
	 * would bring too close, the nearest now is the one it halts in
	 * contact with (3.6.8; equally near: the first met). */
	if (cs->n > 0)
		bbox(cells, n, &lo, &hi);
	best = -1;
	for (i = 0; i < cs->n; i++) {
		struct cand *c = &cs->v[i];
		const struct unit *eu = &g->units[c->unit];

		gap = cand_gap(g, c, cells, n, lo, hi);
		if (gap > GAP_FAR(g->rs) || gap >= c->gap) {
			c->gap = gap;
			continue;
		}
		t = ops->move_contact(g, w, c->unit, &cp);
		if (t < 0) {
			/* It stops nobody (routers); touching it is the
			 * ruleset's business (move_routed). */
			if (best < 0 && gap <= 0 &&
			    eu->cond == COND_ROUTED) {
				move_note_price(w, &cp);
				w->touched_routed = c->unit;
				walk_halt(g, w, HALT_CONTACT, cp.nnotes ?
				    cp.notes[0].rule : NULL);
				return SR_STOP;
			}
			c->gap = gap;
			continue;
		}
		if (gap <= t) {
			if (best < 0 || c->gap < cs->v[best].gap) {
				best = i;
				best_after = gap;
				best_keep = t;
			}
			continue;	/* its gap stays the one it had */
		}
		c->gap = gap;
	}
	if (best >= 0) {
		const struct cand *c = &cs->v[best];

		(void)ops->move_contact(g, w, c->unit, &cp);
		now = gap_now(g, w, c);
		ruleset_fmt(rs, now, a, sizeof a);
		move_note_price(w, &cp);
		ruleset_fmt(rs, best_after < 0 ? 0 : best_after, b, sizeof b);
		/* Already nearer than the gap the ruleset keeps (it began
		 * the walk so: in melee, or charged to it): it takes no step
		 * nearer, which the price's note alone would not say. */
		if (now < best_keep)
			move_note(w, EV_NOTE, cp.nnotes ? cp.notes[0].rule :
			    "", "gap to %s: %s, already nearer than it keeps; "
			    "one more step would leave %s",
			    g->units[c->unit].name, a, b);
		else
			move_note(w, EV_NOTE, cp.nnotes ? cp.notes[0].rule :
			    "", "gap to %s: %s; one more step would leave %s",
			    g->units[c->unit].name, a, b);
		w->contact = c->unit;
		w->contact_apart = (cp.flags & MPF_APART) != 0;
		walk_halt(g, w, HALT_CONTACT, cp.nnotes ? cp.notes[0].rule :
		    NULL);
		return SR_STOP;
	}
	/* Friends in the way (3.6.7). */
	if (who >= 0) {
		const struct unit *fu = &g->units[who];
		struct move_price pp;
		bool explain, moving, stays = false;
		enum walk_wait wait;
		int clear = -1;	/* walk_can_clear's answer, once asked */
		int enemy = -1;	/* and the enemy that would halt it inside */
		int inside = -1;	/* and the friend it would end in */
		int k;

		if (fu->side != g->units[w->unit].side) {
			move_note(w, EV_NOTE, rule_for(g, HALT_BLOCKED),
			    "%s is in the way", fu->name);
			walk_halt(g, w, HALT_BLOCKED, NULL);
			return SR_STOP;
		}
		/* A friend already being passed was explained when first
		 * met: price the pass again without its notes. */
		for (k = 0; k < w->nmobbed; k++)
			if (w->mobbed[k] == who || w->mobbed[k] == -1 - who)
				break;
		explain = w->explain;
		if (k < w->nmobbed)
			w->explain = false;
		moving = move_marches(g, fu);
		/* A friend that marches later this phase: wait for it to
		 * go (move_ctx_wait) rather than meet it where it stood. */
		wait = moving ? walk_wait_for(g, ctx, w, who) : WAIT_NONE;
		if (wait == WAIT_NOW) {
			w->explain = explain;
			walk_halt(g, w, HALT_BLOCKED, NULL);
			return SR_STOP;
		}
		ops->move_pass(g, w, who, d, moving, &pp);
		w->explain = explain;
		/* One that has marched already this turn: it stops short
		 * of it (it follows it, or they meet), rather than go
		 * through it and throw both into disorder (marshal's
		 * reading). */
		if (wait == WAIT_BEHIND && !w->passing &&
		    (pp.verdict == MOVE_NEVER || (pp.flags & MPF_DISORDER))) {
			move_note(w, EV_NOTE, rule_for(g, HALT_BLOCKED), "%s "
			    "has marched already this turn: %s stops short "
			    "of it rather than pass through it in disorder "
			    "(marshal's reading)", fu->name,
			    g->units[w->unit].name);
			walk_halt(g, w, HALT_BLOCKED, NULL);
			return SR_STOP;
		}
		/* A friend that stays where it is and may not be passed
		 * this turn is gone round, the way round kept in the order
		 * (walk_detour). */
		if (!moving && !w->passing && (pp.verdict == MOVE_NEVER ||
		    !(clear = walk_can_clear(g, ctx, w, cs, &inside,
		    &enemy)))) {
			if (enemy < 0 && (pp.verdict == MOVE_NEVER ||
			    !walk_clears_next_turn(g, ctx, w, cs)) &&
			    walk_detour(g, w, who, pp.nnotes ?
			    pp.notes[0].rule : rule_for(g, HALT_BLOCKED)))
				return SR_AGAIN;
			stays = true;
		}
		if (pp.verdict == MOVE_NEVER) {
			pass_explained(g, w, who, d, moving, &pp);
			move_note_price(w, &pp);
			walk_halt(g, w, HALT_BLOCKED, pp.nnotes ?
			    pp.notes[0].rule : NULL);
			return SR_STOP;
		}
		if (!w->passing) {
			if (stays || !(clear >= 0 ? clear :
			    walk_can_clear(g, ctx, w, cs, &inside, &enemy))) {
				pass_explained(g, w, who, d, moving, &pp);
				/* Said of the friend it would end in, when
				 * that is another one beyond: clearing the
				 * first would not let it on. */
				if (enemy >= 0)
					move_note(w, EV_NOTE, rule_for(g,
					    HALT_CONTACT), "%s would halt "
					    "for %s before it is clear of %s "
					    "this turn: it stops behind %s",
					    g->units[w->unit].name,
					    g->units[enemy].name, fu->name,
					    fu->name);
				else if (inside >= 0 && inside != who)
					move_note(w, EV_NOTE, pp.nnotes ?
					    pp.notes[0].rule : "", "%s has not "
					    "the speed left to pass right "
					    "through %s and %s beyond it this "
					    "turn: it stops behind %s",
					    g->units[w->unit].name, fu->name,
					    g->units[inside].name, fu->name);
				else
					move_note(w, EV_NOTE, pp.nnotes ?
					    pp.notes[0].rule : "", "%s has not "
					    "the speed left to pass right "
					    "through %s this turn: it stops "
					    "behind it", g->units[w->unit].name,
					    fu->name);
				walk_halt(g, w, HALT_BLOCKED, pp.nnotes ?
				    pp.notes[0].rule : NULL);
				return SR_STOP;
			}
			w->passing = true;
		}
		for (k = 0; k < w->nmobbed; k++)
			if (w->mobbed[k] == who || w->mobbed[k] == -1 - who)
				break;
		if (k == w->nmobbed) {
			/* What the pass costs, paid once per friend. */
			if (pp.ticks > 0 && pay + pp.ticks > w->left) {
				move_note_price(w, &pp);
				ruleset_fmt(rs, pay + pp.ticks, a, sizeof a);
				ruleset_fmt(rs, w->left, b, sizeof b);
				move_note(w, EV_NOTE, pp.nnotes ?
				    pp.notes[0].rule : "", "the step and the "
				    "pass through %s cost %s, more than the %s "
				    "it has: it stops behind it", fu->name, a,
				    b);
				walk_halt(g, w, HALT_BLOCKED, pp.nnotes ?
				    pp.notes[0].rule : NULL);
				return SR_STOP;
			}
			w->left -= pp.ticks;
			move_note_price(w, &pp);
			if ((pp.flags & MPF_DISORDER) &&
			    w->nmobbed < MOVE_MOBBED_MAX) {
				w->mobbed[w->nmobbed++] = who;
				w->disorder = true;
			} else if (w->nmobbed < MOVE_MOBBED_MAX)
				w->mobbed[w->nmobbed++] = -1 - who;
		}
	}
	/* Take the step. */
	if (sp.ticks > 0 && pay == sp.ticks && !sp_noted)
		move_note_price(w, &sp);
	w->contours += map_contours(g->map, w->pos, next);
	w->clear = who == -1;
	w->clear_pos = next;
	w->clear_facing = f;
	w->clear_form = w->form;
	w->pos = next;
	w->facing = f;
	if (ntr > 0) {
		if (w->trail == NULL)
			w->trail = xmallocarray((size_t)g->cells_max,
			    sizeof *w->trail);
		memcpy(w->trail, tr, (size_t)ntr * sizeof *w->trail);
	}
	w->ntrail = ntr;
	w->left -= pay;
	w->fresh = false;
	w->walked += dir_step_cost(d);
	w->iroute++;
	walk_push(w, next);
	if (w->narrow) {
		w->narrow_steps++;
		if (!map_inside(g->map, next.x, next.y) ||
		    !(map_cell(g->map, next.x, next.y)->flags & CELL_DEFILE))
			w->narrow_out++;
	}
	if (sp.flags & MPF_MOB_AFTER) {
		walk_upset(g, w, MOVE_UPSET_STEP, &sp);
		walk_halt(g, w, HALT_OBSTACLE, sp.nnotes ? sp.notes[0].rule :
		    NULL);
		return SR_STOP;
	}
	if (w->owed > 0)
		return SR_STOP;
	if (who < 0 && w->passing) {
		w->passing = false;
		if (w->disorder) {
			walk_upset(g, w, MOVE_UPSET_PASS, NULL);
			walk_halt(g, w, HALT_BLOCKED, rule_for(g,
			    HALT_BLOCKED));
			return SR_STOP;
		}
	}
	return SR_MOVED;
}

/* One step of the walk (walk_step_in), with the buffers of cells it
 * works in borrowed from the game's pool: one for the block, one more for
 * a column's trail when it follows its road. */
enum step_res
walk_step(const struct game *g, struct move_ctx *ctx, struct move_walk *w,
    struct cands *cs)
{
	struct point *cells = game_cells_take(g), *tr = NULL;
	enum step_res r;

	r = walk_step_in(g, ctx, w, cs, cells, &tr);
	if (tr != NULL)
		game_cells_give(g, tr);
	game_cells_give(g, cells);
	return r;
}
