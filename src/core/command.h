/*
 * command.h - the chain of command: command radius and aides-de-camp.
 *
 * An order travels from the general who gives it to the unit that obeys
 * it.  Inside the general's command radius it is heard at once (3.1.1);
 * outside it an aide-de-camp carries it at the ruleset's courier speed and
 * it takes effect on the turn the aide arrives (3.2.1), delivered by the
 * couriers phase (3.2.2).  Orders still riding live in game->transit.
 *
 * An order with general -1 comes from the scenario or the umpire: it is
 * already in the unit's hands and is in force at once.  Players and the AI
 * name the giving general (by default the unit's own, unit->general).
 *
 * A general rides himself under his own Move order (unit -1, general the
 * rider): it is in force at once, and in the movement phase he rides up
 * to the ruleset's general speed straight towards his next point, over
 * any ground (3.1.2, marshal's own rule: the rulebook moves generals but
 * gives no figure).  A Stop halts him.
 *
 * The numbers (default radius, courier speed, general speed) are the
 * ruleset's
 * (rs->command_radius, rs->courier_speed); a ruleset with courier speed 0
 * and the scenario option courier_delay: false both make every order
 * immediate.
 */
#ifndef MARSHAL_COMMAND_H
#define MARSHAL_COMMAND_H

struct game;
struct order;
struct point;

/* Command radius of general i in ticks: its own, else the ruleset's. */
int command_radius(const struct game *, int general);

/* Turns an aide needs to ride dist ticks (at least 1); 0 if no couriers. */
int command_ride_turns(const struct game *, int dist);

/* How an order reaches its unit (command_plan). */
enum command_way {
	COMMAND_SCENARIO,	/* general -1: in the unit's hands already */
	COMMAND_RADIUS,		/* within the command radius: at once */
	COMMAND_NO_DELAY,	/* beyond it, but no courier delays: at once */
	COMMAND_AIDE,		/* an aide rides with it */
	COMMAND_WAY_COUNT
};

/*
 * How an order given now would reach its unit, and when: the way, and
 * in *arrives the turn it takes effect (g->turn when at once); *dist
 * and *radius (may be NULL) the general's distance and radius in ticks.
 * The one decision command_order and the interface's preview share.
 */
enum command_way command_plan(const struct game *, const struct order *,
    int *arrives, int *dist, int *radius);

/*
 * Hand a checked and stamped order to the chain of command: put it in
 * force at once or queue it in game->transit with its arrival turn.
 * Logs the decision with its arithmetic.
 */
void command_order(struct game *, const struct order *);

/*
 * Take back every order given to unit u this turn: its standing order
 * becomes the one it held before the first of them, and any aide sent
 * with one of them this turn is called back.  Logs it.  Returns 0, or -1
 * when no order was given to u this turn (nothing changes).
 */
int command_undo(struct game *, int u);

/*
 * Log the orders that stand, for a game resumed from a save (saves hold
 * no log): one EV_ORDER event for each unit's order in force and one for
 * each aide riding, so that a side finds its orders in the log again.
 */
void command_recall(struct game *);

/*
 * The couriers phase: deliver every order in transit whose arrival turn
 * has come, in the order given; an order older than the one in force is
 * dropped.  Logs each delivery.
 */
void command_deliver(struct game *);

/*
 * Where general gen would be at the end of this turn's ride under o (his
 * Move order): *stop, and the number of o's points reached in *passed
 * (may be NULL).  Returns the ticks ridden.
 */
int command_ride_stop(const struct game *, int gen, const struct order *o,
    struct point *stop, int *passed);

/* The generals' ride (3.1.2): each general under a Move order rides on;
 * logs each ride. */
void command_ride(struct game *);

/* Append an order to game->transit (saves restore transit with this). */
void command_queue(struct game *, const struct order *);

#endif
