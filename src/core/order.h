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

#include "core/geom.h"

#define ORDER_MAX_POINTS 8	/* waypoints plus destination */

enum order_kind {
	ORDER_NONE,		/* no order: the unit stands */
	ORDER_MOVE,		/* march to the destination via waypoints */
	ORDER_STOP,		/* halt where it is */
	ORDER_FORMATION,	/* change to the named formation */
	ORDER_RESTORE,		/* a Mob re-forms */
	ORDER_KIND_COUNT
};

struct order {
	enum order_kind	kind;
	int		unit;		/* unit index */
	int		general;	/* issuing general index, -1: scenario */
	int		formation;	/* ORDER_FORMATION: target formation */
	int		npts;		/* ORDER_MOVE: waypoints + destination */
	struct point	pts[ORDER_MAX_POINTS];
	int		issued;		/* turn it was given */
	int		arrives;	/* turn it takes effect */
};

/* "move", "stop", "formation", "restore" ("none" for ORDER_NONE). */
const char *order_kind_name(enum order_kind);

/* Parse an order kind name; -1 if unknown. */
int order_kind_parse(const char *);

#endif
