/*
 * tutorial.h - lessons a scenario teaches step by step.
 *
 * A tutorial scenario carries a list of steps.  Each step tells the player
 * what to do (a title and a text citing the rules), names a goal the game
 * can check from its own state and log, and has a result text to show once
 * the goal is met.  Steps are done strictly in order: only the current
 * step's goal is looked at, and an event goal only counts events logged
 * since that step became current (so an old event never finishes a new
 * step).
 *
 * A goal is a conjunction: every part it names must hold at once.  The
 * parts are the unit's order (in force or riding with an aide), where its
 * anchor stands (near a point or inside a rectangle), its formation, its
 * condition, an event with a given rule (and unit, and text), and "a turn
 * has ended since the step began".
 *
 * The tutorial is read by the scenario loader and owned by the game
 * (game->tutorial, freed by game_free).  The interface calls
 * tutorial_advance after every order and every turn and shows the result
 * of each step it completes; tests do the same through game_order and
 * game_turn.
 *
 * Ownership: a tutorial owns its steps and their strings.
 */
#ifndef MARSHAL_TUTORIAL_H
#define MARSHAL_TUTORIAL_H

#include <stdbool.h>

#include "core/event.h"
#include "core/geom.h"
#include "core/order.h"
#include "core/unit.h"

struct game;

#define TUTORIAL_MAX_STEPS	64

/* The parts a goal may name; a goal holds when all of its parts do. */
enum tutorial_part {
	TGOAL_ORDER	= 1 << 0,	/* unit has an order of this kind */
	TGOAL_AT	= 1 << 1,	/* anchor within `within` of `at` */
	TGOAL_AREA	= 1 << 2,	/* anchor inside [lo, hi] */
	TGOAL_FORMATION	= 1 << 3,	/* unit in this formation */
	TGOAL_COND	= 1 << 4,	/* unit in this condition */
	TGOAL_EVENT	= 1 << 5,	/* an event since the step began */
	TGOAL_TURN	= 1 << 6	/* a turn ended since the step began */
};

struct tutorial_goal {
	unsigned	 parts;		/* enum tutorial_part bits */
	int		 unit;		/* unit index for unit parts, -1 */
	enum order_kind	 order;		/* TGOAL_ORDER; ORDER_NONE: no order
					   in force and none riding */
	struct point	 at;		/* TGOAL_AT */
	int		 within;	/* TGOAL_AT: ticks (octile) */
	struct point	 lo, hi;	/* TGOAL_AREA: corners, inclusive */
	int		 formation;	/* TGOAL_FORMATION: ruleset index */
	enum cond	 cond;		/* TGOAL_COND */
	int		 ev_unit;	/* TGOAL_EVENT: unit index, -1 any */
	char		 ev_rule[EVENT_RULE_MAX]; /* "" any */
	char		*ev_text;	/* owned: text fragment, or NULL */
};

struct tutorial_step {
	char		*title;		/* owned */
	char		*text;		/* owned: what to do, and why */
	char		*result;	/* owned: shown when the goal is met */
	struct tutorial_goal goal;
};

struct tutorial {
	struct tutorial_step *steps;	/* owned */
	int		 nsteps;
	int		 step;		/* current step; nsteps: all done */
	int		 mark;		/* log length when it became current */
	int		 mark_turn;	/* game turn when it became current */
};

/* What tutorial_check finds. */
struct tutorial_status {
	int		 step;		/* the current step, nsteps if finished */
	bool		 done;		/* its goal is met now (true when
					   finished) */
};

/* An empty tutorial. */
struct tutorial *tutorial_create(void);

/* Free a tutorial and its steps (NULL is fine). */
void tutorial_free(struct tutorial *);

/* Append a step (strings copied); its goal is empty, for the caller to
 * fill in.  Returns the step. */
struct tutorial_step *tutorial_add_step(struct tutorial *, const char *title,
    const char *text, const char *result);

/* Begin at step 0, counting events and turns from the game's state now. */
void tutorial_start(struct tutorial *, const struct game *);

/* True if the goal holds in g, counting events from log index since and
 * turns ended after turn since_turn. */
bool tutorial_goal_met(const struct tutorial_goal *, const struct game *,
    int since, int since_turn);

/* The current step and whether its goal is met now.  Changes nothing. */
struct tutorial_status tutorial_check(const struct tutorial *,
    const struct game *);

/*
 * Move past every step whose goal is met, in order.  Returns how many
 * steps were completed by this call (their results are those of steps
 * t->step - n .. t->step - 1).  Each event is used up by the step it
 * finishes: the next step counts events after it.  A step finished
 * without an event goal is seen done now, so the next one counts events
 * from now on; every finished step restarts the count of turns.
 */
int tutorial_advance(struct tutorial *, const struct game *);

/* True once every step is done. */
bool tutorial_finished(const struct tutorial *);

#endif
