/*
 * summary.h - the battle's state at a glance: for each side its losses,
 * the units routed, captured and dispersed, how near it stands to its
 * break point (3.10.1) and the points it holds; for each objective who
 * holds it (3.10.2).
 *
 * The figures are read from the game and from the ruleset's own answers
 * (objective_holder, side_strength), the same the end-of-turn checks use,
 * so the page a player reads between turns and the result agree.  Nothing
 * here draws: the interface lays the figures out, tests read them.
 *
 * Ownership: summary_make fills a summary that owns its objectives array;
 * summary_free frees it.
 */
#ifndef MARSHAL_SUMMARY_H
#define MARSHAL_SUMMARY_H

#include <stdbool.h>

#include "core/game.h"

struct summary_side {
	int		 units;		/* units at the start */
	int		 formed;	/* in good order now */
	int		 mob;		/* formation lost */
	int		 routed;
	int		 captured;
	int		 dispersed;
	int		 away;		/* reinforcements not yet come */
	long		 men0, men;	/* men (not guns): at the start, now */
	long		 guns0, guns;
	long		 lost_men;	/* men fallen (casualties), all units */
	long		 lost_guns;
	/* 3.10.1 as the ruleset counts it: what the side started with and
	 * has still under command; pct lost of it (-1: not counted). */
	long		 brk_start, brk_now;
	int		 brk_pct;
	bool		 broken;
	int		 points;	/* held now, or the result once over */
};

struct summary_obj {
	int		 holder;	/* side, -1 nobody, -2 contested,
					   -3 the ruleset does not say */
	int		 points;
};

struct summary {
	int		 turn;		/* the last turn played, 0: none */
	bool		 over;
	int		 winner;	/* once over: side, -1 a draw */
	int		 break_point;	/* percent, 0: none */
	int		 nsides;
	struct summary_side side[GAME_MAX_SIDES];
	struct summary_obj *obj;	/* owned: one per objective */
	int		 nobj;
};

/* Fill s with the standing of g now. */
void summary_make(const struct game *, struct summary *s);

/* Free what a summary owns. */
void summary_free(struct summary *);

#endif
