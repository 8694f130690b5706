/*
 * order.h - the orders a general gives a unit.
 *
 * Every change a player, the AI, a batch order file or a replay wants made
 * is expressed as a struct order and handed to game_order(); there is no
 * other way to change what a unit does.  An order is a plain value with no
 * pointers, so it can be copied, queued, saved and compared freely.
 */
#ifndef MARSHAL_ORDER_H
#define MARSHAL_ORDER_H

#include <stdbool.h>

#include "core/geom.h"

#define ORDER_MAX_POINTS 8	/* waypoints plus destination */
#define ORDER_GROUP_MAX	8	/* units one group order may name */

enum order_kind {
	ORDER_NONE,		/* no order: the unit stands */
	ORDER_MOVE,		/* march to the destination via waypoints */
	ORDER_STOP,		/* halt where it is */
	ORDER_FORMATION,	/* change to the named formation */
	ORDER_RESTORE,		/* a Mob re-forms */
	ORDER_ACTION,		/* an action of the ruleset's own, answering
				   a decision now (core/decide.h): held in
				   the unit's act, not as its standing
				   order, until the ruleset carries it out */
	ORDER_KIND_COUNT
};

struct order {
	enum order_kind	kind;
	int		unit;		/* unit index */
	int		general;	/* issuing general index, -1: scenario */
	int		formation;	/* ORDER_FORMATION: target formation;
					   ORDER_ACTION: its formation, if it
					   takes one */
	int		action;		/* ORDER_ACTION: index in the ruleset's
					   actions (ruleset_ops.actions) */
	int		facing;		/* ORDER_ACTION: a facing (enum dir),
					   if it takes one */
	int		npts;		/* ORDER_MOVE: waypoints + destination */
	struct point	pts[ORDER_MAX_POINTS];
	int		issued;		/* turn it was given */
	int		arrives;	/* turn it takes effect */
	/*
	 * A group order (ORDER_MOVE only): the units it was given to at
	 * once, unit among them; ngroup 0 for an order to one unit.  It is
	 * given with one point, to: where the group's centre should go.
	 * Each unit of the group then holds its own copy whose one point
	 * is its own place (to shifted by the unit's offset from the
	 * group's centre), so the movement phase can find its partners and
	 * a unit that cannot keep in line still knows where to go (3.6.3).
	 */
	int		ngroup;
	int		group[ORDER_GROUP_MAX];
	struct point	to;
};

/* "move", "stop", "formation", "restore", "action" ("none" for
 * ORDER_NONE). */
const char *order_kind_name(enum order_kind);

/* Parse an order kind name; -1 if unknown. */
int order_kind_parse(const char *);

/* Whether two orders are copies of one group order (same group, turn
 * given, destination); false for orders to one unit. */
bool order_same_group(const struct order *, const struct order *);

#endif
