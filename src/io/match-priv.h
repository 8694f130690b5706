/*
 * match-priv.h - what the parts of io/match (match.c, match-turn.c,
 * match-watch.c) share: the files of a game's directory and how they are
 * read and written.  Only those files include it.
 */
#ifndef MARSHAL_MATCH_PRIV_H
#define MARSHAL_MATCH_PRIV_H

#include <stddef.h>

#include "io/match.h"
#include "io/replay.h"
#include "util/diag.h"

#define META		"match.yaml"	/* who plays what, the deadline */
#define RECORD		"game.replay"	/* the turns played */
#define LOCKFILE	"lock"		/* held while a file changes */

/* The file of side s, as "orders-0.yaml" (kind "orders", ext ".yaml"). */
void	match_side_file(char *buf, size_t len, const char *kind, int s,
	    const char *ext);
/* An flock on the game's lock file, waited for: the descriptor, or -1. */
int	match_lock(int dirfd);
/* Write name in dirfd whole, atomically; 0, or -1 with *cause. */
int	match_put(int dirfd, const char *dir, const char *name,
	    const char *buf, size_t len, char **cause);
/* match.yaml from info; 0, or -1 with *cause. */
int	match_meta_write(int dirfd, const char *dir,
	    const struct match_info *in, char **cause);
/* match.yaml into info; 0, or -1 with d. */
int	match_meta_read(int dirfd, const char *dir, struct match_info *in,
	    struct diags *d);
/* A recording in dirfd (file), parsed; NULL (with d, unless it is
 * missing). */
struct replay *match_record_read(int dirfd, const char *dir,
	    const char *file, struct diags *d);
/* A recording's text (allocated), or NULL. */
char	*match_record_text(const struct replay *r, size_t *len);
/* Everything the directory says of game id into in; 0 or -1. */
int	match_info_read(int dirfd, const char *dir, const char *id,
	    struct match_info *in);

#endif
