/*
 * napoleonic/upset.c - what a march does to a Napoleonic unit beyond
 * where it ends: the state the module keeps in a walk (its musician, a
 * battery's action points) and the disorder the rules of 3.6 inflict.
 * In these rules disorder always means the same thing: the unit loses
 * its formation and becomes a Mob (ground no formation may enter also
 * costs it its musician and its Move order, 3.6.5).
 */
#include "config.h"

#include "core/game.h"
#include "core/move.h"
#include "core/ruleset.h"
#include "rules/napoleonic/move.h"

/* What the walk carries of the unit: its musician. */
void
nap_move_init(const struct game *g, struct move_walk *w)
{
	NAP_MUSICIAN(w) = nap_musician(g->rs, &g->units[w->unit]);
}

/* The Mob and its explanation, by cause (3.6.5, 3.6.6, 3.6.7). */
void
nap_move_upset(const struct game *g, struct move_walk *w,
    enum move_upset cause, const struct move_price *p)
{
	const char *name = g->units[w->unit].name;

	switch (cause) {
	case MOVE_UPSET_IMPASSABLE:
		move_note(w, EV_CONDITION, p != NULL && p->nnotes > 0 ?
		    p->notes[0].rule : "", "%s loses its "
		    "musician and its formation: a Mob; the Move order is "
		    "cancelled", name);
		NAP_MUSICIAN(w) = 0;
		w->cancel = true;
		break;
	case MOVE_UPSET_STEP:
		break;
	case MOVE_UPSET_PASS:
		move_note(w, EV_CONDITION, nap_move_rule(HALT_BLOCKED),
		    "%s comes through as a Mob and halts", name);
		break;
	case MOVE_UPSET_PASSAGE_SHORT:
		move_note(w, EV_CONDITION, nap_move_rule(HALT_PASSAGE),
		    "less room beyond the passage than the whole column "
		    "needs: %s ends as a Mob", name);
		break;
	case MOVE_UPSET_PASSAGE_INSIDE:
		move_note(w, EV_CONDITION, nap_move_rule(HALT_PASSAGE),
		    "%s ends inside the passage: a Mob", name);
		break;
	}
	w->cond = COND_MOB;
}

/* 3.6.7: a formed friend passed through in disorder becomes a Mob. */
void
nap_move_passed(struct game *g, int f, int by)
{
	struct unit *u = &g->units[f];

	if (u->cond != COND_FORMED)
		return;
	u->cond = COND_MOB;
	game_log(g, f, EV_CONDITION, nap_move_rule(HALT_BLOCKED), "%s is "
	    "passed through by %s and becomes a Mob", u->name,
	    g->units[by].name);
}

/* Keep the musician, and a battery's action points spent (3.6.3). */
void
nap_move_commit(struct game *g, int ui, const struct move_walk *w)
{
	struct unit *u = &g->units[ui];

	nap_musician_set(g->rs, u, NAP_MUSICIAN(w) != 0);
	if (u->arm == ARM_ARTILLERY)
		nap_ap_used_set(g->rs, u, nap_drill(g->rs, u) - NAP_AP(w));
}
