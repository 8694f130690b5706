/*
 * load.h - turn data files into core structures: rulesets, maps, orders
 * of battle and scenarios.
 *
 * Each loader reads YAML through yread (io/yread.h) and walks the tree
 * with the checked doc_* accessors, reporting every problem into a struct
 * diags as FILE:LINE:COLUMN: error: message.  Nothing half-loaded
 * survives: on any error a loader frees what it built and returns NULL.
 * The file formats are described in marshal-scenario(5).
 *
 * load_ruleset lives in load-ruleset.c, load_map_doc in load-map.c and
 * the scenario loaders in load-scenario.c (orders of battle: load-oob.c).
 *
 * Ownership: a returned ruleset is freed with ruleset_free, a map with
 * map_free, a game with game_free.  A game borrows its ruleset: free the
 * game first, then the ruleset.  Trees passed in are borrowed.
 *
 * Running out of memory is one more error, not a crash: each loader runs
 * in a fallible region (util/xalloc.h), and when an allocation fails
 * anywhere inside it, it frees the tree, map, game and ruleset it had
 * begun, records "out of memory while loading" (diags_oom, see
 * util/diag.h) and returns NULL like any refused file; *rs_out is then
 * NULL too.  A player short of memory gets a message and keeps the game
 * already in hand.  Code called by a loader must therefore keep whatever
 * it allocates reachable from the loader's state at every allocation
 * (see xalloc_try).
 */
#ifndef MARSHAL_LOAD_H
#define MARSHAL_LOAD_H

#include "core/game.h"
#include "core/map.h"
#include "core/ruleset.h"
#include "util/diag.h"
#include "util/doc.h"

/*
 * Load a ruleset.  name_or_path is either a bare name ("napoleonic"),
 * read from DATADIR/rulesets/NAME.yaml, or a path (it contains a '/' or
 * ends in ".yaml"), read as given.
 */
struct ruleset *load_ruleset(const char *name_or_path, const char *datadir,
    struct diags *);

/* Build a map from a parsed map document (a file's root or inline map). */
struct map *load_map_doc(const struct ruleset *, const struct doc_node *root,
    struct diags *);

/*
 * Load a scenario file with its ruleset, map and orders of battle.  The
 * ruleset it names is loaded too and handed back in *rs_out (the caller
 * frees it after the game).
 */
struct game *load_scenario(const char *path, const char *datadir,
    struct ruleset **rs_out, struct diags *);

/*
 * The same from a parsed tree.  basedir is the directory relative paths
 * in the scenario are taken from; keys in the NULL-terminated ignore_keys
 * (may be NULL) are skipped rather than refused, for test files that
 * carry their own extra sections.
 */
struct game *load_scenario_doc(const struct doc_node *root,
    const char *basedir, const char *datadir, const char *const *ignore_keys,
    struct ruleset **rs_out, struct diags *);

#endif
