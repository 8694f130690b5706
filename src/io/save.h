/*
 * save.h - saved games: the whole state of a battle as a YAML file, and
 * the canonical state dump that saves, replays and tests compare.
 *
 * A save names the scenario it came from and holds everything that
 * changes during play: the turn and phase, the seed and the random
 * stream's state, the options, where every general stands, every unit's
 * whole state (strength, formation, condition, place, facing, order in
 * force, movement bookkeeping, route, rout track) and the orders still
 * riding with aides.  Loading reads the scenario again (map, order of
 * battle) and lays the saved state over it, so that playing on from a
 * save gives exactly the game one would have had without stopping.
 *
 * The body of a save (everything after its three header keys) is the
 * canonical state dump: two games are in the same state exactly when their
 * dumps are byte for byte the same, and save_digest hashes it.
 *
 * Writes are atomic: a temporary file in the same directory, flushed and
 * synced, then renamed over the old save, so a failure part way leaves the
 * previous save whole.
 */
#ifndef MARSHAL_SAVE_H
#define MARSHAL_SAVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/game.h"
#include "core/ruleset.h"
#include "util/diag.h"
#include "util/doc.h"

#define SAVE_FORMAT	1	/* the version this marshal writes and reads */

/* Write the canonical state dump of a game. */
void save_dump(const struct game *, FILE *);

/* A 64-bit FNV-1a digest of the canonical state dump. */
uint64_t save_digest(const struct game *);

/* Write a whole save (header naming the scenario, then the dump). */
void save_write(const struct game *, const char *scenario, FILE *);

/*
 * The whole save of g as text in a new buffer (*buf, caller frees), the
 * scenario path made absolute.  -1 with *cause (caller frees) if the
 * scenario path cannot be resolved.
 */
int save_render(const struct game *, const char *scenario, char **buf,
    size_t *len, char **cause);

/*
 * Save atomically to path.  scenario is the scenario file's path; it is
 * stored absolute so the save can be loaded from anywhere.  Returns 0, or
 * -1 with *cause allocated (caller frees) and any old file untouched.
 */
int save_file(const struct game *, const char *scenario, const char *path,
    char **cause);

/*
 * Write len bytes to path atomically: a temporary file in the same
 * directory, written, flushed and synced, then renamed over path.  0, or
 * -1 with *cause allocated and path as it was.
 */
int save_atomic(const char *path, const char *buf, size_t len,
    char **cause);

/*
 * save_atomic inside the open directory dirfd: name is the file's name
 * there, path only for messages.  The temporary file is created with
 * O_EXCL and nothing is followed through a symbolic link.
 */
int save_atomic_at(int dirfd, const char *name, const char *path,
    const char *buf, size_t len, char **cause);

/*
 * The default directory for saves: $XDG_DATA_HOME/marshal, or
 * ~/.local/share/marshal.  Allocated (caller frees); NULL if neither
 * XDG_DATA_HOME nor HOME is set.  The directory is not created.
 */
char *save_dir(void);

/*
 * Lay a parsed save's state over g, a game freshly loaded from the same
 * scenario.  Everything is checked before anything changes: on error,
 * running out of memory included, returns -1 with diagnostics and g is as
 * it was.
 */
int save_apply(struct game *, const struct doc_node *root, struct diags *);

/*
 * Load a saved game: read the save, load the scenario it names (relative
 * paths are taken from the save's directory) and apply the state.  The
 * ruleset is handed back in *rs_out (freed by the caller after the game).
 * A damaged or foreign file is refused with diagnostics and NULL, and so
 * is a load that runs out of memory (io/load.h).
 */
struct game *save_load(const char *path, const char *datadir,
    struct ruleset **rs_out, struct diags *);

/*
 * save_load of a save already read (len bytes of text, name for
 * positions).  bundled: the save may only name a bundled scenario
 * (DATADIR/scenarios/NAME.yaml); another is refused at the save's
 * scenario line without being opened.  *scenario (if not NULL) gets the
 * scenario's path (allocated) when the load succeeds.
 */
struct game *save_load_text(const char *name, const char *text, size_t len,
    const char *datadir, bool bundled, struct ruleset **rs_out,
    char **scenario, struct diags *);

#endif
