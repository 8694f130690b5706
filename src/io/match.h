/*
 * match.h - a battle between two players on one server, kept in a shared
 * directory that every marshal of the server can reach.
 *
 * A public server runs every player's marshal under one account
 * (doc/hosting.md), so one directory (match_root) holds all the games
 * offered and played there, one directory each, named by marshal:
 *
 *     ROOT/ID/match.yaml       the scenario (a bundled one, by name), who
 *                              plays which side, the turn deadline, a
 *                              resignation
 *     ROOT/ID/game.replay      the turns played, as a recording
 *                              (io/replay.h): the one source of the
 *                              battle's state, which every marshal
 *                              replays for itself
 *     ROOT/ID/orders-S.yaml    side S's orders for the turn to play, once
 *                              its player has ended the turn; the same
 *                              order syntax as a recording
 *     ROOT/ID/draft-S.yaml     side S's orders given but not yet sent,
 *                              kept when its player leaves
 *     ROOT/ID/view-S           where side S's player has the cursor and
 *                              which unit is selected, for watchers
 *     ROOT/ID/lock             an flock held while any of these changes
 *     ROOT/ID/side-S.lock      an flock held by the marshal playing side
 *                              S, so a side is played in one place only
 *
 * Every file is written whole to a temporary file and renamed over the
 * old (save_atomic_at), so a marshal killed at any point leaves each file
 * as it was or as it is meant to be.  A turn is played by whichever
 * marshal finds, holding the lock, that every side's orders for it are
 * in (match_settle): it writes the recording with the turn's orders and
 * then removes the orders files.  Killed in between, the next marshal to
 * look finds orders files for a turn the recording has played and
 * removes them; killed before, the next one plays the turn again.  The
 * outcome never depends on who plays it: the turn is the recording's
 * next, its orders given side by side in side order.
 *
 * Nothing a player types reaches a file name: game ids are made here,
 * player names are checked (session_name_ok), and a recording may only
 * name the bundled scenario of its match.yaml.
 *
 * Ownership: a struct match owns its strings and descriptors
 * (match_close); lists from match_list are freed with match_list_free.
 */
#ifndef MARSHAL_MATCH_H
#define MARSHAL_MATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "core/game.h"
#include "core/ruleset.h"
#include "io/replay.h"
#include "io/session.h"
#include "util/diag.h"

#define MATCH_ID_MAX		(SESSION_NAME_MAX + 10)	/* with its NUL */
#define MATCH_MAX_GAMES		64	/* games a list reads */

/* What match.yaml and the directory say of a game. */
struct match_info {
	char	 id[MATCH_ID_MAX];
	char	 scenario[SESSION_NAME_MAX + 1];	/* a bundled name */
	char	 player[GAME_MAX_SIDES][SESSION_NAME_MAX + 1];	/* "": open */
	int	 nsides;
	int	 deadline;	/* minutes for a turn's orders, 0: none */
	time_t	 due;		/* when this turn's orders are due, 0: no
				   deadline */
	int	 resigned;	/* the side that resigned, -1: none */
	int	 played;	/* turns played (the recording's) */
	bool	 over;		/* the battle has ended (or a resignation) */
	bool	 sent[GAME_MAX_SIDES];	/* orders in for the next turn */
};

/* A game opened by a player or a watcher. */
struct match {
	char		*dir;		/* ROOT/ID */
	int		 dirfd;
	int		 side;		/* the side played here, -1: watching */
	int		 sidefd;	/* side-S.lock, held; -1 */
	int		 inofd;		/* match_watch's: the directory's */
	int		 timerfd;	/* the turn's deadline */
	int		 epfd;		/* both, as one descriptor */
	struct match_info info;
};

/*
 * The directory holding the server's games: dir if not NULL (--games),
 * else $MARSHAL_GAMES, else the save directory's games/ (save_dir()).
 * Allocated, or NULL with *cause allocated.  Not created.
 */
char *match_root(const char *dir, char **cause);

/*
 * Offer a new game of the bundled scenario name (path: its file, already
 * found) to another player: player takes side, the other side is open.
 * seed: the game's random stream.  The game id is written to id.  0, or
 * -1 with *cause allocated and nothing left behind.
 */
int match_offer(const char *root, const char *name, const char *path,
    const char *datadir, int side, const char *player, int deadline,
    const uint64_t *seed, char id[MATCH_ID_MAX], char **cause);

/*
 * The games under root, newest first, at most MATCH_MAX_GAMES: *out
 * allocated (match_list_free).  A directory that does not read as a game
 * is left out.  Returns how many.
 */
int match_list(const char *root, struct match_info **out);
void match_list_free(struct match_info *);

/*
 * Open game id under root.  side >= 0: to play it (the side's lock is
 * taken; refused if another marshal plays it); -1: to watch.  0, or -1
 * with *cause allocated.
 */
int match_open(struct match *, const char *root, const char *id, int side,
    char **cause);
void match_close(struct match *);

/* Read match.yaml and the directory again into m->info.  0 or -1. */
int match_refresh(struct match *);

/*
 * Take the open side of game id for player; *side is the side taken (or,
 * if player already plays a side there, that side).  0, or -1 with
 * *cause allocated.
 */
int match_join(const char *root, const char *id, const char *player,
    int *side, char **cause);

/* Side s resigns: the battle is over.  0, or -1 with *cause allocated. */
int match_resign(struct match *, int side, char **cause);

/*
 * The game as the recording has it: replayed from its scenario (path, the
 * bundled file match.yaml names) to the turn it stands at, its digest
 * checked.  *rs_out: the ruleset (the caller frees it after the game).
 * NULL with diagnostics.
 */
struct game *match_game(struct match *, const char *path,
    const char *datadir, struct ruleset **rs_out, struct replay **rec_out,
    struct diags *);

/*
 * Side s's orders for the turn g stands at: r holds them (the orders
 * given this turn, as replay_add recorded them).  draft: kept for the
 * player's return, not sent.  0, or -1 with *cause allocated.
 */
int match_send(struct match *, const struct game *g, int s,
    const struct replay *r, bool draft, char **cause);

/*
 * The draft side s left, as a recording whose orders are the turn g
 * stands at's; NULL if there is none (or it is of another turn).
 */
struct replay *match_draft(struct match *, const struct game *g, int s);

/*
 * Play the next turn if every side's orders are in (or, with the deadline
 * passed, those that are: the others keep their standing orders).  Holds
 * the lock.  1: a turn was played here; 0: nothing to do; -1 with *cause
 * allocated.
 */
int match_settle(struct match *, const char *path, const char *datadir,
    time_t now, char **cause);

/*
 * Where side s's player is (for watchers): the cursor and the selected
 * unit (-1: none).  match_view_put writes it (best effort), match_view_get
 * reads it: 0, or -1 if there is none.
 */
void match_view_put(struct match *, int s, int x, int y, int unit);
int match_view_get(struct match *, int s, int *x, int *y, int *unit);

/*
 * A descriptor that becomes readable when a file of the game changes
 * (inotify) or the turn's deadline passes (match_watch_due arms it from
 * info.due), for the interface's wait; -1 if none can be had.  It
 * belongs to m (match_close).  match_watch_drain empties it without
 * blocking.
 */
int match_watch(struct match *);
void match_watch_due(struct match *);

#define MATCH_SEEN_GAME	1	/* the game: its recording, orders, players */
#define MATCH_SEEN_VIEW	2	/* a player's cursor (view-S) */
#define MATCH_SEEN_TIME	4	/* the deadline passed */
/* Empty the descriptor; what was seen, as MATCH_SEEN_ bits. */
int match_watch_drain(struct match *);

/*
 * For the list of games: a descriptor (the caller closes it) readable
 * when a game under root is offered, joined, played, ended or removed
 * (root is made if need be); -1 if none can be had.  match_list_changed
 * empties it without blocking and says whether the list may have
 * changed (a cursor moved or a lock taken is nothing).
 */
int match_list_watch(const char *root);
bool match_list_changed(int fd, const char *root);

#endif
