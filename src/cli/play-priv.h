/*
 * play-priv.h - what the parts of `marshal play` share: the state of the
 * game being played and saved (struct play), the list of bundled battles
 * (struct catalog), the terminating signal caught, and the functions one
 * part calls in another.  Only src/cli/play*.c include it; the public
 * interface is cli.h (cli_play, cli_start).
 *
 * The parts: play.c (options, controllers and the game loop), play-slot.c
 * (the save slot: saving, resuming, the recording, signals and the
 * questions asked before the game is on screen) and play-list.c (the list
 * of battles behind N and on the first screen).
 */
#ifndef MARSHAL_PLAY_PRIV_H
#define MARSHAL_PLAY_PRIV_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/game.h"
#include "core/ruleset.h"
#include "io/replay.h"
#include "io/session.h"
#include "ui/options.h"
#include "ui/ui.h"

#define RESTRICTED_MAX_SAVES	8		/* saves per player */
#define RESTRICTED_MAX_BYTES	(1024 * 1024)	/* bytes in one save */
#define STR_(x)			#x
#define STR(x)			STR_(x)

/* What the turn hook needs to save. */
struct play {
	struct session	 ses;
	bool		 saving;	/* ses is open */
	char		*scenario;	/* the game's scenario file */
	size_t		 max_bytes;
	struct replay	*rec;		/* the game's recording, or NULL:
					   not recorded (io/replay.h) */
	/* Said if memory runs out in play (xalloc_set_fail_stop): where
	 * the last save is.  Kept up to date, as nothing may be allocated
	 * then. */
	char		 notice[512];
};

/*
 * The bundled scenarios, for the list behind N (and the first screen of a
 * bare `marshal`): battles first, the default one leading, then the
 * tutorials, each by its file name.  A file that does not read is left
 * out; `marshal check` is the place to hear why.
 */
struct catalog {
	struct ui_choice v[UI_PICK_MAX];
	char		*own[3 * UI_PICK_MAX];	/* the strings v points to */
	int		 n;
	int		 nown;
};

/* play-slot.c */

/* The last terminating signal caught (signals_catch), or 0. */
extern volatile sig_atomic_t play_signal;

/* The notice for running out of memory, after a save of turn (0: none). */
void	notice_set(struct play *p, int turn);
/* Catch the terminating signals into play_signal (again after the
 * interface has shown a recording). */
void	signals_catch(void);
/* Whether path is a regular file. */
bool	is_file(const char *path);
/* The directory saves go to (allocated), or NULL with *cause allocated. */
char	*play_dir(char **cause);
/* The scenario a save names (allocated; saves store it absolute), or
 * NULL. */
char	*save_scenario(const char *path);
/* Ask before the game is on screen: the key of the answer (one of keys),
 * def for Enter, 'q' if input ends or a signal arrives. */
int	 ask(const char *question, const char *keys, int def);
/* The turn hook (ui_set_turn_hook): save to the slot, and the recording
 * with it; 0, or -1 with *cause allocated. */
int	 autosave(struct game *g, void *arg, char **cause);
/* Whether path is a marshal save (its top-level key says so). */
bool	 is_save(const char *path);
/* The player asked for a save (ui_set_saver): to the slot (path NULL) or
 * to a file; 0 with *where allocated, or -1 with *cause allocated. */
int	 save_request(struct game *g, void *arg, const char *path,
	    char **where, char **cause);
/* Whether dir, or its nearest existing parent, may be written by us. */
bool	 dir_writable(const char *dir);
/* Open the save slot name in dir; 0, or -1 with *cause allocated. */
int	 open_slot(struct play *p, const char *dir, const char *name,
	    char **cause);
/* Offer to resume the slot's save: the game to resume, or NULL for a new
 * game (*quit set if the player left). */
struct game *offer_resume(struct play *p, struct ruleset **rs, char **scen,
	    bool *quit, const struct keymap *keys);
/* Whether a save file named on the command line may take the slot
 * (asking if the slot holds another battle). */
bool	 replace_slot(struct play *p, const char *savefile);
/* Offer to play without saving; true if the player accepts. */
bool	 unsaved_ok(const char *dir);
/* A recording's ear on the game (game.h on_order). */
void	 record_order(void *arg, const struct game *g,
	    const struct order *o);
/* The recording's ear on orders taken back (game.h on_undo). */
void	 record_undo(void *arg, const struct game *g, int unit);
/* The recording of the game about to be played, or NULL: not recorded. */
struct replay *record_open(struct play *p, const struct game *g,
	    bool fresh);
/* A game resumed at the start of a turn: the last turn's events, played
 * again from its recording, put before its log, if they lead to the very
 * state saved.  The count put (0: none, the log starts at the resume). */
int	 record_last_turn(const struct play *p, struct game *g);

/* pbem.c */

/* What marshal play --pbem was given besides its file. */
struct pbem_args {
	const char	*side;		/* --side, or NULL: the first */
	const char	*out;		/* --out, or NULL: the save directory */
	const char	*orders;	/* --orders, or NULL: the interface */
	bool		 have_seed;	/* --seed */
	uint64_t	 seed;
};

/* marshal play --pbem: start a game from a scenario, or play the
 * opponent's turn file (arg).  The exit status. */
int	 play_pbem(const struct pbem_args *a, const struct options *opts,
	    const char *arg);

/* play-list.c */

/* Read the bundled scenarios of datadir into cat (what does not read is
 * left out). */
void	catalog_load(struct catalog *cat, const char *datadir);
/* Free the strings cat holds; it is empty again. */
void	catalog_free(struct catalog *cat);
/* Copy cat into v, each battle marked if it cannot be played now. */
void	choices_mark(struct ui_choice *v, const struct catalog *cat,
	    const struct play *p);

/* play-match.c */

/* The shared games' directory given on the command line, or NULL. */
extern const char *match_games_opt;
/* The name this player goes by: --player, else the account's. */
const char *match_player(void);
/* The shared games as entries of the list (see play-match.c); how many
 * were put in v. */
int	 match_choices(const struct catalog *cat, struct ui_choice *v,
	    int room, char **own, int *nown, int maxown);
/*
 * The list of battles of a game played here: the bundled ones (marked
 * as choices_mark does) and the shared games first, given to ui and
 * rebuilt whenever a shared game changes (the ui's wake).  listing_close
 * frees its strings and descriptor; ui must not draw the list after.
 */
struct listing {
	struct ui_choice v[UI_PICK_MAX];
	char		*own[3 * UI_PICK_MAX];
	int		 nown;
	int		 n;
	int		 fd;		/* match_list_watch, or -1 */
	char		*root;		/* the shared games' directory */
	const struct catalog *cat;
	const struct play *p;
};
void	 listing_open(struct listing *, struct ui *, const struct catalog *,
	    const struct play *);
void	 listing_close(struct listing *);
/* Offer, join, play on or watch a shared game; the exit status. */
int	 match_run(const char *what, int offer_side, int deadline,
	    const uint64_t *seed, const struct options *opts);

#endif
