/*
 * unit.h - a unit on the battlefield: battalion, regiment or battery.
 *
 * A unit is a block of stands: its formation (an index into the ruleset's
 * formation table) gives its frontage and depth in cells, and with its
 * front-centre anchor and facing that fixes its footprint on the grid.
 * The unit holds one standing order (struct order), the one in force; orders
 * still travelling with an aide are held by the game.
 *
 * Ownership: id and name strings, the route, the rout track and the
 * road trail are owned by the unit; unit_clear frees them.
 */
#ifndef MARSHAL_UNIT_H
#define MARSHAL_UNIT_H

#include <stdbool.h>

#include "core/geom.h"
#include "core/order.h"

/* Most per-unit numbers a ruleset may declare (core/ruleset.h). */
#define UNIT_ATTR_MAX	8

enum arm {
	ARM_INFANTRY,
	ARM_CAVALRY,
	ARM_ARTILLERY,
	ARM_COUNT
};

enum cond {
	COND_FORMED,		/* in good order */
	COND_MOB,		/* formation lost: a Mob */
	COND_ROUTED,		/* fleeing along its rout track */
	COND_CAPTURED,		/* taken as prisoners (POWs) */
	COND_DISPERSED,		/* too few left to stand: gone (3.9.6) */
	COND_AWAY,		/* not yet on the field: a reinforcement
				   due on turn arrives */
	COND_COUNT
};

/* Why a unit stopped short of its destination in the last movement. */
enum halt {
	HALT_NONE,
	HALT_SPEED,		/* used its whole allowance */
	HALT_TERRAIN,		/* could not pay to enter landscape */
	HALT_OBSTACLE,		/* could not cross an obstacle this turn */
	HALT_PASSAGE,		/* waiting before a narrow passage */
	HALT_CONTACT,		/* stopped by the enemy (battle contact) */
	HALT_BLOCKED,		/* no room: units or impassable ground */
	HALT_ARRIVED,		/* reached its destination */
	HALT_COUNT
};

/*
 * The fields are laid out for the movement phase, which reads every unit's
 * place, condition, halt and order kind many times a phase (whether a
 * friend stays where it is, who stands near a walk): those lie together
 * at the front, with the standing order's kind right after them; the
 * copies kept for taking orders back, read only then, lie at the end.
 */
struct unit {
	char		*id;		/* owned: short key from the file */
	char		*name;		/* owned: display name */
	int		 side;		/* index into game->sides */
	int		 general;	/* index into game->generals */
	enum arm	 arm;
	int		 klass;		/* ruleset class of the arm, e.g. horse */
	int		 formation;	/* ruleset formation index */
	enum cond	 cond;
	struct point	 pos;		/* front-centre anchor */
	enum dir	 facing;
	int		 arrives;	/* COND_AWAY: the turn it is due; it
					   comes on at pos, facing, formation
					   (game.c), 0 otherwise */

	/* Movement bookkeeping, written by the movement phase. */
	int		 moved;		/* ticks moved in the last movement */
	enum halt	 halt;		/* why it stopped last time */
	int		 halt_turn;	/* turn of that halt */
	int		 charged;	/* turn it was last charged (3.4), 0:
					   never; read only within that turn */
	int		 contact;	/* enemy unit index in battle contact, -1 */
	int		 owed;		/* ticks still owed to finish crossing a
					   river it stopped on (3.6.5; halt
					   HALT_OBSTACLE), or a face-about it
					   made before it could pay for all of
					   it (3.6.3; halt HALT_SPEED) */
	int		 waypoint;	/* next point of the Move order */
	int		 wheeled;	/* ticks of a group wheel's 45-degree
					   stage its line has paid so far
					   (3.6.3), negative for a wheel to
					   the left; 0 when not wheeling */

	struct order	 order;		/* the standing order in force */

	int		 attr[UNIT_ATTR_MAX];	/* the ruleset's attributes and
					   state (struct attr_def), by
					   index: read with unit_attr */
	int		 strength;	/* men (or guns) now */
	int		 strength0;	/* at the start */

	/* The planned route (core/move-walk.c), reused across turns while the
	 * order is the same and the way is clear. */
	struct point	*route;		/* owned: anchor cells ahead */
	int		 nroute;
	unsigned	 route_key;	/* which order it was planned for */

	/* Combat bookkeeping, written by fire and melee, read by morale
	 * (charged is with the movement's, above). */
	int		 lost_turn;	/* men lost this turn */

	/* Rout track: the cells a routed unit will flee along. */
	struct point	*track;		/* owned */
	int		 ntrack;

	/* A Road Column that has followed its road (3.6.6): the cells of
	 * its body, head (pos) first, the cells its head passed over, as
	 * many as its length in ticks holds.  In force only while pos,
	 * facing and formation are still those it was made for (see
	 * unit_on_trail); otherwise the unit covers its straight block. */
	struct point	*trail;		/* owned */
	int		 ntrail;
	enum dir	 trail_facing;
	int		 trail_form;

	struct order	 act;		/* an action given to answer a
					   decision (ORDER_ACTION), not yet
					   carried out; ORDER_NONE: none */
	/* What stood before the first order given to it this turn, so that
	 * the player can take this turn's orders back (game_order_undo):
	 * order_turn is that turn, 0 when nothing was given. */
	struct order	 order_before;
	int		 order_turn;
	int		 wheeled_before;
	int		 waypoint_before;
};

/* Names for messages and files: "infantry", "formed", "contact"... */
const char *arm_name(enum arm);
int arm_parse(const char *);
const char *cond_name(enum cond);
const char *halt_name(enum halt);

/* Attribute or state value idx of the unit (ruleset_attr gives the
 * index); 0 when idx is -1, the ruleset declaring no such value. */
int unit_attr(const struct unit *, int idx);

/* Set attribute or state value idx; nothing when idx is -1. */
void unit_attr_set(struct unit *, int idx, int v);

/* Free the unit's owned strings, track and route; the struct itself is
 * not freed. */
void unit_clear(struct unit *);

/* True if the unit's trail is in force: it covers trail[], not its
 * straight block. */
bool unit_on_trail(const struct unit *);

/* Forget the unit's trail (it covers its straight block again). */
void unit_trail_clear(struct unit *);

/* True if the unit is still on the field and under command. */
bool unit_active(const struct unit *);

/* True if a unit in this condition is off the field: it has left it for
 * good (captured or dispersed: it counts as lost) or is not on it yet
 * (away).  It holds no cells and is not drawn. */
bool cond_gone(enum cond);

/* cond_gone of the unit's condition. */
bool unit_gone(const struct unit *);

#endif
