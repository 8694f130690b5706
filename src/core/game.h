/*
 * game.h - the game state and the one path by which it changes.
 *
 * A struct game holds a whole battle: the map, the sides and their chain
 * of command, the units, the orders in transit, the turn and phase, the
 * random stream and the event log.  It is a value: two games can exist in
 * one process (tests do this) and nothing here is global.
 *
 * Changes come in as orders (game_order) and as turns (game_turn); results
 * go out as events in game->log.  Interface, AI, batch files and replays
 * all use these two calls.
 *
 * Ownership: the game owns its map, units, generals, sides, orders and
 * log; it borrows the ruleset, which must outlive it.
 */
#ifndef MARSHAL_GAME_H
#define MARSHAL_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "core/cells.h"
#include "core/event.h"
#include "core/geom.h"
#include "core/map.h"
#include "core/order.h"
#include "core/rng.h"
#include "core/unit.h"

struct ruleset;
struct tutorial;

#ifndef RULES_MAX_OPT
#define RULES_MAX_OPT	8	/* as core/ruleset.h */
#endif

#define GAME_MAX_SIDES	2
#define GAME_MAX_UNITS	100000

/* A general, from army commander down to brigadier. */
struct general {
	char		*id;		/* owned */
	char		*name;		/* owned */
	int		 side;
	int		 parent;	/* superior general, -1 for the top */
	struct point	 pos;		/* where the general stands */
	int		 radius;	/* command radius, ticks */
	struct order	 order;		/* his own ride: ORDER_MOVE with unit
					   -1 (core/command.h), or ORDER_NONE */
};

struct side {
	char		*name;		/* owned */
	int		 commander;	/* top general index, -1 if none */
	struct point	 rear;		/* the side's rear / entry point */
	bool		 broken;	/* lost its break point (3.10.1) */
};

/* A place worth holding at the end of the battle (victory conditions). */
struct objective {
	char		*name;		/* owned */
	struct point	 at;
	int		 points;
};

/* Who commands the second side when a person plays the first. */
enum opponent {
	OPPONENT_COMPUTER,	/* the AI commander (the default) */
	OPPONENT_PLAYER,	/* a second person at the keyboard */
	OPPONENT_NONE,		/* nobody: it only follows its standing orders */
	OPPONENT_COUNT
};

/*
 * How the battle ended, set once by the ruleset (game_end) and kept in
 * saves: a finished battle stays finished, and game_turn and game_order
 * refuse to go on with it.
 */
struct game_result {
	bool		 over;
	int		 winner;	/* side index, -1 for a draw */
	int		 points[GAME_MAX_SIDES];
	char		 rule[EVENT_RULE_MAX]; /* the rule that ended it */
	int		 turn;		/* the last turn played */
};

struct game_options {
	bool		 random_speed;	/* 3.6.4: 1d6 speed roll per unit */
	bool		 courier_delay;	/* orders travel with aides */
	int		 turn_limit;	/* 0: none */
	enum opponent	 opponent;	/* the scenario's choice for play */
	/* Who commanded each side in play (enum opponent: the computer, a
	 * person, nobody) and the computer's level (enum ai_level, ai/ai.h),
	 * -1 when not known (a game not yet played, or saved before these
	 * were kept).  Set by whoever plays the game, kept in saves, so a
	 * game resumed gives each side back to its commander. */
	signed char	 commander[GAME_MAX_SIDES];
	signed char	 level;
	bool		 module[RULES_MAX_OPT]; /* the ruleset's own options
					   (ruleset->opt), in its order */
};

/* "computer", "player", "none"; and back (-1 if unknown). */
const char *opponent_name(enum opponent);
int opponent_parse(const char *);

struct game {
	const struct ruleset *rs;	/* borrowed */
	struct map	*map;		/* owned */
	char		*title;		/* owned */
	char		*description;	/* owned: scenario text, or NULL */
	struct side	 sides[GAME_MAX_SIDES];
	int		 nsides;
	struct general	*generals;	/* owned */
	int		 ngenerals;
	struct unit	*units;		/* owned */
	int		 nunits;
	int		 units_cap;	/* units allocated (grows by half) */
	struct order	*transit;	/* owned: orders not yet arrived */
	int		 ntransit;
	int		 turn;		/* 1-based */
	int		 phase;		/* ruleset phase index, -1 between */
	unsigned	 decided;	/* sides done with the decisions open
					   now, bit 1 << side (core/decide.h) */
	int		 step;		/* decisions closed this turn (each
					   game_decided); 0 at a turn's start */
	uint64_t	 seed;
	struct rng	 rng;
	struct game_options opt;
	struct eventlog	 log;
	int		*occ;		/* owned: per cell, unit index + 1 */
	int		 cells_max;	/* the most cells a unit covers
					   (ruleset_cells_max, at creation) */
	struct cells_pool *cells;	/* owned: buffers of cells_max points
					   (core/cells.h); not part of the
					   state */
	struct objective *objectives;	/* owned: victory places */
	int		 nobjectives;
	int		 break_point;	/* percent lost that breaks a side, 0 none */
	struct tutorial	*tutorial;	/* owned: lesson steps (core/tutorial.h),
					   or NULL */
	struct game_result result;	/* over once the battle has ended */
	/*
	 * Told of every order game_order accepts, as it was given (a group
	 * order once), after it is in force or queued: a recording of the
	 * game (io/replay.h) listens here.  NULL: nobody.  Not part of the
	 * state: saves and digests never see it.
	 */
	void		(*on_order)(void *, const struct game *,
			    const struct order *);
	void		*on_order_arg;
	/* Told of each order taken back (game_order_undo), after the fact:
	 * the unit.  NULL: nobody.  Not part of the state. */
	void		(*on_undo)(void *, const struct game *, int unit);
	void		*on_undo_arg;
};

/* A new empty game on a map (ownership of the map passes to the game). */
struct game *game_create(const struct ruleset *, struct map *);

/* Free a game and all it owns. */
void game_free(struct game *);

/* Add a side, general or unit; returns its index.  Strings are copied. */
int game_add_side(struct game *, const char *name);
int game_add_general(struct game *, const char *id, const char *name,
    int side, int parent);
int game_add_unit(struct game *, const char *id, const char *name,
    int side, int general);

/* Index of the unit or general with this id, or -1. */
int game_find_unit(const struct game *, const char *id);
int game_find_general(const struct game *, const char *id);

/*
 * The cells a unit would cover at anchor with facing f in formation form
 * (its own arm's frontage and depth).  At the unit's own place, facing
 * and formation, a unit on its road trail (unit_on_trail) covers the
 * trail instead.  Returns the count; out needs g->cells_max points.
 */
int game_footprint_at(const struct game *, const struct unit *,
    struct point anchor, enum dir f, int form, struct point *out);

/* The cells a unit covers now. */
int game_footprint(const struct game *, const struct unit *,
    struct point *out);

/*
 * Borrow a buffer of g->cells_max points, room for any unit's cells,
 * from the game's pool (core/cells.h), and give it back: the buffer
 * taken last is given back first.  Nothing is allocated once the pool
 * holds as many buffers as are ever lent at once.
 */
static inline struct point *
game_cells_take(const struct game *g)
{
	return cells_take(g->cells);
}

static inline void
game_cells_give(const struct game *g, struct point *c)
{
	cells_give(g->cells, c);
}

/*
 * Whether unit u could stand at anchor/f/form: every cell on the map,
 * and no cell held by another unit (ignore: a second unit to disregard,
 * or -1).  Returns -1 and the first offending cell in *bad if not.
 */
int game_fits(const struct game *, int u, struct point anchor, enum dir f,
    int form, int ignore, struct point *bad);

/* Mark or clear a unit's cells in the occupancy grid.  Marking forgets a
 * road trail that is no longer in force (unit_on_trail). */
void game_occupy(struct game *, int u, bool on);

/* The unit occupying a cell (index), or -1. */
int game_unit_at(const struct game *, int x, int y);

/*
 * Give an order: the one path by which anything is commanded.  An order
 * with unit -1 is general o->general's own: a Move sends him riding, a
 * Stop halts him (core/command.h).  The order
 * is checked (unit, kind, points, formation, then the ruleset's own
 * checks); if acceptable it is stamped with the turn, queued for its
 * courier or put in force at once, and an EV_ORDER event is logged.
 * A group order (o->ngroup > 0, order.h) is checked for every member and
 * then delivered to each as its own copy; if any member refuses it, no
 * member gets it.
 * Returns 0, or -1 with *cause set to an allocated message (caller frees)
 * and nothing changed.
 */
int game_order(struct game *, const struct order *, char **cause);

/*
 * The place game_order gives member of group order o (o->ngroup > 0, its
 * one point where the centre should go): that point shifted by the
 * member's offset from the mean of the members' anchors, kept on the
 * map.  For a preview of what the member will be told.
 */
struct point game_group_place(const struct game *, const struct order *o,
    int member);

/*
 * The copy of group order o that game_order gives member: its own place
 * (game_group_place) as its one point, the centre's point kept in to,
 * issued this turn.  For a preview that plays the order as given.
 */
void game_group_member(const struct game *, const struct order *o,
    int member, struct order *out);

/*
 * Take back the orders given to unit u this turn, before the turn is
 * played: it holds the order it held when its side began this turn's
 * orders, and an aide sent this turn with one is called back
 * (core/command.h).  An EV_ORDER event says so.  Returns 0, or -1 with
 * *cause set to an allocated message (caller frees) and nothing changed.
 */
int game_order_undo(struct game *, int u, char **cause);

/*
 * Play one whole turn through the ruleset's sequencer.  Once the battle
 * is over (game_over) it does nothing: no turn is played past the end.
 * Players go through the decision protocol (core/decide.h), which calls
 * this when both sides are done under the engine's own protocol; tests
 * and benchmarks may call it directly.
 */
void game_turn(struct game *);

/*
 * Play the next phase of the turn only: the first after the turn's
 * orders (g->phase -1), else the one after g->phase, which is left at
 * the phase played; after the last the turn ends as game_turn ends it.
 * Phase by phase a turn reaches exactly the state game_turn does.
 * Returns the phase played, or -1 if none: the battle was over before
 * the turn began, or the ruleset plays whole turns only.
 */
int game_phase(struct game *);

/*
 * The ruleset ends the battle in the turn being played: winner is a side
 * or -1 for a draw, points one per side (NULL: none), rule the rule that
 * decides.  The turn in g->turn is recorded as the last.  A second call
 * changes nothing.
 */
void game_end(struct game *, int winner, const int *points,
    const char *rule);

/* Whether the battle has ended. */
bool game_over(const struct game *);

/* Seed the game's random stream. */
void game_seed(struct game *, uint64_t seed);

/*
 * Lay unit u's rout track: from its anchor straight for its side's rear,
 * one cell at a time along the nearest of the eight directions, until
 * the rear, the map's edge or max cells (the ruleset's longest track).
 * The unit owns the track (unit.h).
 */
void game_track(struct game *, int u, int max);

/* Log an event for the current turn and phase. */
#define game_log(g, unit, kind, rule, ...) \
	eventlog_add(&(g)->log, (g)->turn, (g)->phase, (unit), (kind), \
	    (rule), __VA_ARGS__)

/* Log an event of unit that is done to or with unit other as well (the
 * target of its charge or fire, its foe in a melee): both units' "why"
 * read it (event_other). */
#define game_log_with(g, unit, other, kind, rule, ...) \
	event_other(&(g)->log, game_log((g), (unit), (kind), (rule), \
	    __VA_ARGS__), (other))

#endif
