/*
 * replay.h - recorded battles: a scenario, a seed and every order with the
 * turn it was given, plus the digest of the state they lead to.
 *
 *     marshal-replay: 1
 *     scenario: ../../data/scenarios/x.yaml   # a path, or an inline scenario
 *     seed: 7                                 # optional: the scenario's own
 *     turns: 6                                # whole turns to play
 *     orders:
 *       - {turn: 1, unit: 1-8L, general: pegot, move: [[12, 6]]}
 *       - {turn: 2, unit: 2-8L, formation: column}    # general: the unit's own
 *       - {turn: 3, unit: 3-8L, stop: true}
 *       - {turn: 3, general: pegot, move: [[20, 9]]}   # he rides (3.1.2)
 *       - {turn: 4, unit: 1-8L, group: [1-8L, 2-8L], move: [[20, 6]]}
 *     digest: "0x0123456789abcdef"            # of the final state (save.h)
 *
 * Playing a replay gives each turn's orders through game_order, in file
 * order, then plays the turn; the same path as the interface and the AI,
 * so a replay that verifies shows the whole game is deterministic.
 *
 * Ownership: replay_read returns a replay the caller frees (replay_free);
 * it keeps the parsed tree, which an inline scenario points into.
 * replay_read and replay_start free what they built and return NULL when
 * memory runs out, like the loaders (io/load.h).
 */
#ifndef MARSHAL_REPLAY_H
#define MARSHAL_REPLAY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "core/game.h"
#include "core/ruleset.h"
#include "util/diag.h"
#include "util/doc.h"

#define REPLAY_FORMAT	1

struct replay_order {
	int		 turn;
	int		 step;		/* decisions closed in the turn before
					   it was given (game->step); 0 under
					   the engine's own protocol */
	const struct doc_node *node;	/* borrowed: for positions */
	char		*unit;		/* owned: unit id, NULL: the general's
					   own ride or halt */
	char		*general;	/* owned: general id, NULL: the unit's */
	enum order_kind	 kind;
	char		*formation;	/* owned: ORDER_FORMATION's name, or
					   an action's formation */
	char		*action;	/* owned: ORDER_ACTION's name */
	int		 facing;	/* an action's facing, -1: none */
	int		 npts;
	struct point	 pts[ORDER_MAX_POINTS];
	int		 ngroup;	/* a group order's units, 0: none */
	char		*group[ORDER_GROUP_MAX]; /* owned: their ids */
};

struct replay {
	char		*path;		/* owned: the file read, or NULL */
	struct doc_node	*root;		/* owned: the parsed file, or NULL */
	char		*scenario;	/* owned: scenario path as written */
	const struct doc_node *inline_scenario; /* borrowed from root */
	uint64_t	 seed;
	bool		 seeded;	/* false: the scenario's seed */
	int		 turns;
	struct replay_order *v;		/* owned */
	int		 n;
	uint64_t	 digest;
	bool		 has_digest;
};

/* Read and check a replay file; NULL with diagnostics on any problem. */
struct replay *replay_read(const char *path, struct diags *);

/* The same from a text in memory; name is for messages (and, as the
 * replay's path, where a relative scenario is found from). */
struct replay *replay_read_text(const char *name, const char *buf,
    size_t len, struct diags *);

/* Free a replay. */
void replay_free(struct replay *);

/*
 * Load the replay's scenario and seed it.  The ruleset is handed back in
 * *rs_out (freed by the caller after the game).  NULL with diagnostics.
 */
struct game *replay_start(const struct replay *, const char *datadir,
    struct ruleset **rs_out, struct diags *);

/*
 * Play the whole replay on a game from replay_start: each turn's orders,
 * then the turn; at the end, orders recorded for the turn after the last
 * played (a game saved part way through a turn) are given, and that turn
 * is not played.  A refused order is reported with its position and
 * stops the replay (-1).
 */
int replay_play(const struct replay *, struct game *, struct diags *);

/* Give the orders recorded for the game's current turn, in file order
 * (replay_play, one turn at a time).  0, or -1 as replay_play. */
int replay_give(const struct replay *, struct game *, struct diags *);

/*
 * Play the turn g stands at through the decision protocol
 * (core/decide.h): at each point where decisions are open, the orders
 * recorded for it (replay_give), then the first side asked is done,
 * until the turn has been played.  Under the engine's own protocol every
 * order of the turn is given at its first point.  given0: the orders of
 * the point g stands at are given already.  0, or -1 as replay_play.
 */
int replay_play_turn(const struct replay *, struct game *, bool given0,
    struct diags *);

/*
 * Start a recording of a game about to be played from scenario (a path):
 * the seed is the game's.  Add each order as it is given (replay_add),
 * set turns and digest at the end, then write it (replay_write).
 */
struct replay *replay_record(const struct game *, const char *scenario);
void replay_add(struct replay *, const struct game *, const struct order *);
void replay_write(const struct replay *, FILE *);

/* Forget the orders recorded for unit (its id) in turn: they were taken
 * back (game_order_undo) before the turn was played. */
void replay_drop(struct replay *, int turn, const char *unit);

/*
 * Set the digest line of the replay file at path to digest (replacing a
 * top-level `digest:` line or appending one), atomically.  The rest of the
 * file, comments included, is kept.  0, or -1 with *cause allocated.
 */
int replay_set_digest(const char *path, uint64_t digest, char **cause);

#endif
