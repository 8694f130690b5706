/*
 * know.h - what each side may know of the battle (issue 13).
 *
 * A side sees its own orders, the enemy's units and what they did; it
 * never sees the enemy's orders: their kinds before they are carried
 * out, their destinations, the colonels riding in front of a unit under
 * a Move order, the aides carrying them.  Every view of the game that a
 * player reads (the interface's map, panel and log, a replay's log for one
 * side) asks these functions; nothing else decides it.
 *
 * A viewer is a side index, KNOW_ALL (an umpire, or nobody at the
 * keyboard: everything) or KNOW_NONE (a hot-seat hand-over, where either
 * player may be looking: only what both sides may know).
 *
 * An event tells the unit's orders when it is an EV_ORDER event or is
 * marked own (struct event): a movement note that names the destination
 * or says the order is done or goes on.  A move's closing line says both
 * what the unit did and, at its end, why it halted: when that end is the
 * order's business (it arrived; its speed was spent, so it marches on),
 * the other side reads the line without it (know_view).  The rest -
 * where a unit went, whom it fired at, how it formed, the ground or the
 * enemy that stopped it - is what the unit did, and both sides read it.
 */
#ifndef MARSHAL_KNOW_H
#define MARSHAL_KNOW_H

#include <stdbool.h>
#include <stddef.h>

#include "core/unit.h"

struct event;
struct game;

#define KNOW_ALL	(-1)	/* the umpire: everything */
#define KNOW_NONE	(-2)	/* a hand-over: only what both sides see */

/* Whether viewer may know the orders of unit (in force or riding). */
bool know_orders(const struct game *, int unit, int viewer);

/* Whether viewer may know the orders of general (its Move, its radius). */
bool know_general(const struct game *, int general, int viewer);

/* Whether a halt's reason tells the unit's orders: it arrived, or its
 * speed was spent and it marches on.  The other side reads neither (a
 * move's closing line is cut before it, the panel leaves it out). */
bool know_halt_tells_orders(enum halt);

/* Whether viewer may read event e of g's log. */
bool know_event(const struct game *, const struct event *e, int viewer);

/* The event as viewer may read it: NULL if it may not read it at all;
 * e itself if it reads the whole; else (a move's closing line whose end
 * says whether the order is done or goes on, struct event's pub) a copy
 * made in *tmp whose text, written in buf of size len, stops before that
 * end and cites the rule of what the unit did.  The copy borrows buf. */
const struct event *know_view(const struct game *, const struct event *e,
    int viewer, struct event *tmp, char *buf, size_t len);

/* Parse a viewer: a side's index or name (case ignored), "all"; -3 if no
 * side of g has that name. */
int know_parse(const struct game *, const char *);

#endif
