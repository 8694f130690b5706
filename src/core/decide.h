/*
 * decide.h - who must decide what next: the protocol between a ruleset's
 * sequencer and whoever plays a side (a person at the keyboard, the
 * computer commander, a recording, a batch run, a remote player).
 *
 * The game is always either over or waiting for one or more decisions.
 * A decision names a side, what it is asked for (its orders for the
 * turn, the next unit to act, an answer for one unit), the kinds of order
 * it may give, and the rule that asks.  The side gives any number of the
 * orders asked (game_order, the one path for every change), then says it
 * is done (game_decided).  When no decision is open any more the
 * sequencer runs on, phase by phase, until it needs the next one: the
 * rest of the turn, or only up to a point within it.
 *
 * A ruleset that leaves the protocol to the engine (ops->decisions NULL)
 * asks each side once a turn for its orders, Move, Stop, Formation or
 * Restore, both at once, and plays the whole turn when both are done: the
 * Napoleonic turn.  Others answer ops->decisions from the game's state
 * and run on in ops->decided; every decision they ask mid-turn is part of
 * the state (g->phase, g->decided) and so of saves.
 *
 * Ownership: decisions are plain values written into the caller's array.
 */
#ifndef MARSHAL_DECIDE_H
#define MARSHAL_DECIDE_H

#include <stdbool.h>

#include "core/event.h"

struct game;

#define DECIDE_MAX	4	/* decisions open at once, at most */

enum decide_kind {
	DECIDE_ORDERS,		/* orders for the side's units, any number */
	DECIDE_ACTIVATE,	/* the next of its units to act, and its
				   orders (unit -1: any of the side's) */
	DECIDE_REACT		/* an answer for one unit, now: one of the
				   orders asked, or none */
};

struct decision {
	enum decide_kind kind;
	int		 side;
	int		 unit;		/* ACTIVATE, REACT: the unit; -1 any */
	unsigned	 orders;	/* bit 1 << kind for each order kind it
					   may give (enum order_kind) */
	int		 phase;		/* the phase it is asked in, -1 before
					   the turn's first */
	char		 rule[EVENT_RULE_MAX];	/* the rule that asks it */
	char		 what[120];	/* what is asked, for the screen */
};

/* "orders", "activate", "react". */
const char *decide_kind_name(enum decide_kind);

/*
 * The decisions open now, at most max of them into out; returns how many
 * (0 once the battle is over).  Reads g only.
 */
int game_decisions(const struct game *, struct decision *out, int max);

/* Whether side s has a decision open now. */
bool game_asks(const struct game *, int s);

/*
 * Side s is done with what it was asked.  When no decision is open any
 * more, the sequencer runs on to the next point where one is (for the
 * engine's own protocol: the whole turn).  g->step counts the calls
 * within a turn, so a recording can tell at which decision an order was
 * given.  Returns 0, or -1 if side s had nothing open (nothing changes).
 */
int game_decided(struct game *, int s);

#endif
