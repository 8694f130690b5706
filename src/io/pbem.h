/*
 * pbem.h - play by email: the turn files two players send each other,
 * and the PBEM game each keeps, for a two-sided battle whose turn is one
 * set of orders per side (the engine's own decision protocol).
 *
 * The side that starts the game (the first side unless it chose another)
 * commits, the other replies in the clear, so that neither learns the
 * other's orders before its own are fixed:
 *
 *   A, turn T:  a commitment H(game, T, side, orders, nonce) to its
 *               orders, and from turn 2 the reveal of turn T-1's orders
 *               and nonce; the digest of the state at the start of T
 *   B, turn T:  its orders for T in the clear (it has seen only A's
 *               commitment); the digest of the state at the start of T
 *
 * A plays turn T on B's file, gives its orders for T+1 and sends
 * reveal(T) + commit(T+1); B checks the reveal against the commitment,
 * plays turn T and compares the digest the file carries with its own.
 * H is BLAKE2b (libsodium's crypto_generichash), the nonce 32 random bytes
 * (randombytes_buf), so the commitment neither shows the orders nor lets
 * A change them once B's are known.  A final file after the last turn
 * reveals without committing.
 *
 * Orders are the replay format's (io/replay.h): a whole replay text whose
 * orders are the turn's, given through game_order as the keyboard gives
 * them.  Every file ends in a check line, the BLAKE2b hash of all bytes
 * before it: a file damaged on the way (or changed by hand) is refused.
 * It is no signature - anyone can compute it - and does not need to be:
 * what binds A is the commitment, what binds both is the digest.
 *
 * A turn file:
 *
 *     marshal-pbem: 1
 *     game: "32 hexadecimal digits"   # made at random by A
 *     scenario: "coa-1810"            # a bundled name, or a path
 *     seed: "0x..."                   # the game's random stream
 *     side: 0                         # the side that sends it
 *     turn: 3
 *     digest: "0x..."                 # the state at the start of turn
 *     reveal-turn: 2                  # A from turn 2: the last orders
 *     reveal-nonce: "64 hexadecimal digits"
 *     reveal: |
 *       marshal-replay: 1 ...
 *     commit: "64 hexadecimal digits" # A, unless the battle is over
 *     orders: |                       # B
 *       marshal-replay: 1 ...
 *     check: "64 hexadecimal digits"
 *
 * The PBEM game a player keeps (pbem_game) is the game's recording so far
 * (a replay text of the turns both sides have played, with the digest
 * they lead to), the turn whose orders are out, this side's orders for it
 * and the nonce (A), or A's commitment to them (B).  The state is rebuilt
 * from the recording (pbem_start), and checked against its digest.
 *
 * Ownership: pbem_turn_read and pbem_game_read return structures the
 * caller frees (pbem_turn_free, pbem_game_free); their strings are owned.
 * Render functions return allocated text.  Nothing here uses curses.
 */
#ifndef MARSHAL_PBEM_H
#define MARSHAL_PBEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/game.h"
#include "core/ruleset.h"
#include "io/replay.h"
#include "util/diag.h"
#include "util/doc.h"

#define PBEM_FORMAT	1
#define PBEM_ID_LEN	32	/* hexadecimal digits of a game id */
#define PBEM_HASH	32	/* bytes of a commitment, a nonce, a check */

/* One turn file, as sent. */
struct pbem_turn {
	char		 game[PBEM_ID_LEN + 1];
	char		*scenario;	/* owned */
	uint64_t	 seed;
	int		 side;
	int		 turn;
	uint64_t	 digest;	/* the state at the start of turn */
	bool		 has_commit;
	unsigned char	 commit[PBEM_HASH];
	bool		 has_reveal;
	int		 reveal_turn;
	unsigned char	 nonce[PBEM_HASH];
	char		*reveal;	/* owned: the orders revealed */
	char		*orders;	/* owned: the orders in the clear, or
					   NULL */
	/* Where things are in the file read (for messages); line 0 when
	 * the structure was not read from a file. */
	struct pos	 at_game, at_side, at_turn, at_digest, at_reveal,
			 at_orders, at_scenario;
	struct doc_node	*root;		/* owned: the parsed file, or NULL */
};

/* One side's PBEM game, kept between turns. */
struct pbem_game {
	char		 game[PBEM_ID_LEN + 1];
	char		*scenario;	/* owned: as in the turn files */
	uint64_t	 seed;
	int		 side;		/* the side played here */
	int		 committer;	/* the side that commits (A) */
	int		 turn;		/* the turn whose orders are out */
	uint64_t	 digest;	/* the state at the start of turn */
	char		*history;	/* owned: replay text of turns played */
	char		*mine;		/* owned: this side's orders for turn */
	unsigned char	 nonce[PBEM_HASH];	/* A: for mine */
	bool		 has_commit;	/* B: A's commitment for turn */
	unsigned char	 commit[PBEM_HASH];
	bool		 over;		/* the battle has ended */
	struct doc_node	*root;		/* owned: the parsed file, or NULL */
};

/* Start libsodium (once); 0, or -1 if it cannot be used. */
int pbem_init(void);

/* A new game id: PBEM_ID_LEN hexadecimal digits of random bytes. */
void pbem_new_id(char id[PBEM_ID_LEN + 1]);

/* PBEM_HASH random bytes. */
void pbem_new_nonce(unsigned char nonce[PBEM_HASH]);

/* The commitment to orders: BLAKE2b over the game id, turn, side, nonce
 * and orders text. */
void pbem_commit(const char *game, int turn, int side, const char *orders,
    const unsigned char nonce[PBEM_HASH], unsigned char out[PBEM_HASH]);

/*
 * The text of a turn file (allocated, *len its length), ending in its
 * check line; side_name and turn go in the comment at its top.
 */
char *pbem_turn_render(const struct pbem_turn *, const char *side_name,
    size_t *len);

/*
 * Read a turn file from len bytes of text (name for positions): its
 * check line first, then its keys.  NULL with diagnostics.
 */
struct pbem_turn *pbem_turn_read(const char *name, const char *text,
    size_t len, struct diags *);

void pbem_turn_free(struct pbem_turn *);

/* The text of a PBEM game, ending in its check line (allocated). */
char *pbem_game_render(const struct pbem_game *, size_t *len);

/* Read a PBEM game as pbem_turn_read reads a turn file. */
struct pbem_game *pbem_game_read(const char *name, const char *text,
    size_t len, struct diags *);

void pbem_game_free(struct pbem_game *);

/*
 * Whether turn file t is the one game pg waits for: the same game, the
 * other side, the right turn, the reveal matching the commitment kept
 * (B) and the digest agreeing where it can be compared before playing.
 * 0, or -1 with the reason at the file's position.
 */
int pbem_check(const struct pbem_game *pg, const struct pbem_turn *t,
    struct diags *);

/*
 * The game pg stands at: scenario (the path of pg->scenario here) loaded
 * and seeded, its recording played, the digest checked.  *hist gets the
 * recording (to go on recording in), *rs the ruleset; both freed by the
 * caller after the game.  NULL with diagnostics (name for positions).
 */
struct game *pbem_start(const struct pbem_game *pg, const char *name,
    const char *scenario, const char *datadir, struct replay **hist,
    struct ruleset **rs, struct diags *);

/*
 * Whether g can be played by email: two sides, one set of orders each a
 * turn.  0, or -1 with *cause allocated.
 */
int pbem_playable(const struct game *g, char **cause);

/*
 * Parse orders text (at, the position of its first line in the file it
 * came from, for messages) and check it holds only side's orders for
 * turn.  The replay is returned (caller frees), or NULL with diagnostics.
 */
struct replay *pbem_orders(const char *text, struct pos at,
    const struct game *g, int side, int turn, struct diags *);

/*
 * The check of pbem_orders on a replay already read: every order of turn
 * is for side's own units and generals; with others, orders of other
 * turns are passed over (a player's file of orders for many turns),
 * else they are refused too.  0, or -1 with diagnostics.
 */
int pbem_orders_check(const struct replay *r, const struct game *g, int side,
    int turn, bool others, struct diags *);

/*
 * Play the turn g stands at with both sides' orders (the first side's
 * first), recording them into hist, whose turns and digest then say the
 * state reached.  0, or -1 with diagnostics (an order refused): g is then
 * part way and must be dropped.
 */
int pbem_play(struct game *g, struct replay *hist,
    struct replay *const orders[2], struct diags *);

/* Render a replay (its orders text) into a new string. */
char *pbem_replay_text(const struct replay *);

#endif
