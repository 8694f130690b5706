/*
 * session.h - the save slot of a game being played: where it is saved,
 * the lock that keeps one marshal per save, and the clean-up after a
 * marshal that was killed.
 *
 * A slot is a name (made from the scenario's file name, only letters,
 * digits, '-', '_' and '.') in a save directory (save_dir() in io/save.h,
 * or a per-player directory under it on a public server).  It owns two
 * files there:
 *
 *     NAME.save     the game, rewritten atomically (save_atomic) at every
 *                   end of turn, on quitting and on a hangup
 *     NAME.replay   the game's recording (io/replay.h): the orders given
 *                   so far, rewritten with the save; it goes when the
 *                   save goes
 *     NAME.lock     held open with an exclusive flock by the marshal
 *                   playing it (its pid written inside, for messages)
 *
 * The kernel releases the flock when its marshal exits, crashes or is
 * killed, so a lock file left behind locks nobody out, whatever pid it
 * names.  Temporary files a killed save left behind
 * (NAME.save.tmp.XXXXXX) are removed when the slot is opened: the lock
 * makes sure no other marshal is writing them.
 *
 * Ownership: session_open fills a struct session whose strings it owns;
 * session_close releases the lock and frees them.
 */
#ifndef MARSHAL_SESSION_H
#define MARSHAL_SESSION_H

#include <stdbool.h>
#include <stddef.h>

#include "core/game.h"
#include "io/replay.h"
#include "core/ruleset.h"
#include "util/diag.h"

#define SESSION_NAME_MAX	64	/* bytes in a slot name */
#define SESSION_MAX_BAD		4	/* damaged saves kept set aside */

struct session {
	char	*dir;		/* the save directory */
	char	*name;		/* the slot's name */
	char	*save;		/* dir/name.save */
	char	*lock;		/* dir/name.lock */
	char	*replay;	/* dir/name.replay */
	int	 lockfd;	/* its open descriptor, holding the flock */
	int	 dirfd;		/* the directory, open: every file of the
				   slot is reached through it */
	int	 swept;		/* temporary files removed on opening */
};

/*
 * The slot name for a scenario path or name: its last component without
 * ".yaml", every byte outside [A-Za-z0-9._-] made '_', a leading '.' made
 * '_', at most SESSION_NAME_MAX bytes; "game" if nothing is left.
 * Allocated; the caller frees.
 */
char *session_name(const char *scenario);

/* Whether s is already a clean slot or player name (as session_name
 * would leave it, and not empty). */
bool session_name_ok(const char *s);

/*
 * Create dir if need be (mode 0700, parents too), open it, take the
 * slot's lock and sweep its temporary files.  max_saves > 0 refuses a new
 * slot when the directory already holds that many saves.  strict (a
 * public server) refuses a directory or parent that is a symbolic link.
 * The slot's files are reached through the open directory and never
 * through a symbolic link.  0, or -1 with *cause allocated (the slot is in
 * use by a running marshal, the directory cannot be made, ...) and
 * nothing held.
 */
int session_open(struct session *, const char *dir, const char *name,
    int max_saves, bool strict, char **cause);

/* Release the lock and free the strings. */
void session_close(struct session *);

/*
 * What the slot's files are made and read with, for other shared files
 * (io/match.h).  session_mkdir: mkdir -p, mode 0700 for what is made.
 * session_opendir: open a directory (strict: neither it nor its parent a
 * symbolic link); the descriptor, or -1 with *cause allocated.
 * session_read_at: read the regular file name in dirfd whole, never
 * through a symbolic link, never waiting on a FIFO, within yread's size
 * bound; 0 with *buf allocated (the caller frees), or -1 with errno set.
 */
int session_mkdir(const char *dir, char **cause);
int session_opendir(const char *dir, bool strict, char **cause);
int session_read_at(int dirfd, const char *name, char **buf, size_t *len);

/* Whether the slot has a save. */
bool session_has_save(const struct session *);

/*
 * Save the game to the slot atomically.  scenario as for save_file;
 * max_bytes > 0 refuses a save that would be larger.  0, or -1 with
 * *cause allocated and the previous save whole.
 */
int session_save(const struct session *, const struct game *,
    const char *scenario, size_t max_bytes, char **cause);

/*
 * Load the slot's save (io/save.h, save_load_text): bundled refuses a save
 * naming anything but a bundled scenario.  *scenario (if not NULL) gets
 * the scenario's path, allocated.  NULL with diagnostics.
 */
struct game *session_load(const struct session *, const char *datadir,
    bool bundled, struct ruleset **rs_out, char **scenario,
    struct diags *);

/* Remove the slot's save and its recording (the battle is over). */
void session_forget(const struct session *);

/* Remove the slot's recording only (it no longer matches the save). */
void session_forget_record(const struct session *);

/*
 * Keep the recording of a finished battle after its save is gone: it
 * becomes NAME-last.replay in the save directory (replacing the one kept
 * from the slot's battle before).  Returns that path (allocated), or NULL
 * if there is no recording to keep.
 */
char *session_keep_record(const struct session *);

/* Write the recording r as the slot's NAME.replay, atomically.  0, or
 * -1 with *cause allocated and the previous recording whole. */
int session_record(const struct session *, const struct replay *,
    char **cause);

/* Read the slot's recording; NULL with diagnostics.  The caller frees
 * it (replay_free). */
struct replay *session_load_record(const struct session *, struct diags *);

/*
 * Set a save that could not be loaded aside as NAME.save.bad, so that a
 * new game does not overwrite the evidence; older ones move to
 * NAME.save.bad.2 ... up to SESSION_MAX_BAD kept.
 */
void session_set_aside(const struct session *);

/*
 * The slot name of the most recently written save in dir, allocated, or
 * NULL if there is none.
 */
char *session_latest(const char *dir);

/* How many saves dir holds (0 if it does not exist). */
int session_count(const char *dir);

#endif
