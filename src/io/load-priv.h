/*
 * load-priv.h - what the parts of the loader share, and nothing more:
 * the limits on names and numbers, the typed readers of load-common.c,
 * the id hash, the state of one scenario load, and the few functions one
 * part calls in another.  Only src/io/load-*.c include it; the public
 * interface is load.h.
 *
 * The parts: load-common.c (readers, paths, id hash), load-map.c (maps),
 * load-oob.c (orders of battle, unit look-ups), load-scenario.c
 * (scenarios: sides, deployment, orders, victory, options),
 * load-tutorial.c (a scenario's tutorial) and load-ruleset.c (rulesets).
 *
 * Every reader returns 0, or -1 with a diagnostic placed at the node at
 * fault (FILE:LINE:COLUMN) in the struct diags it is given.
 */
#ifndef MARSHAL_LOAD_PRIV_H
#define MARSHAL_LOAD_PRIV_H

#include <stdbool.h>
#include <stddef.h>

#include "core/game.h"
#include "core/map.h"
#include "core/ruleset.h"
#include "io/load.h"
#include "util/diag.h"
#include "util/doc.h"

#define LOAD_NAME_MAX	200		/* ids and display names, bytes */
#define LOAD_TEXT_MAX	65536		/* a scenario description */
#define LOAD_MAX_DEPTH	16		/* levels in a chain of command */
#define LOAD_MAX_TURNS	10000
#define LOAD_MAX_MEN	100000		/* men (or guns) in one unit */

/*
 * A hash of ids.  Units and generals are looked up by id once each and
 * again for every deployment and order; hashing keeps a scenario of many
 * thousand units from taking quadratic time.  The id strings are the
 * game's; the table only points at them.
 */
struct idslot {
	const char	*id;		/* borrowed; NULL: empty slot */
	int		 index;
};

struct idtab {
	struct idslot	*v;		/* owned */
	size_t		 cap;		/* a power of two, or 0 */
	size_t		 n;
};

/* What one scenario load is building, and where things were read. */
struct sload {
	struct game	*g;
	const struct ruleset *rs;
	const char	*basedir;
	const char	*datadir;
	struct diags	*d;
	struct pos	*unit_at;	/* where each unit was defined */
	int		 unit_at_cap;
	struct pos	*deployed;	/* its deploy entry (line 0: none) */
	bool		*ordered;	/* given a standing order already */
	bool		*placed;	/* per general: position given */
	struct doc_node **trees;	/* owned: files read on the way */
	int		 ntrees;
	struct idtab	 units;		/* unit ids -> unit index */
	struct idtab	 generals;	/* general ids -> general index */
	/* What load_scenario_doc's region must free on failure. */
	const struct doc_node *root;
	const char *const *ignore;
	struct ruleset	*rs_own;	/* until handed to the caller */
	struct map	*m;		/* until the game owns it */
	char		*path;		/* a part's file being read */
};

/* load-common.c: typed values of a mapping. */

/* A mapping with only the allowed keys. */
int	need_map(const struct doc_node *n, const char *what,
	    const char *const *allowed, struct diags *d);
/* An optional sequence: 0 with *out NULL if absent. */
int	opt_seq(const struct doc_node *map, const char *key,
	    const struct doc_node **out, struct diags *d);
/* A required string value (name or id), at most LOAD_NAME_MAX bytes. */
int	need_str(const struct doc_node *map, const char *key,
	    const char **out, struct diags *d);
/* An optional string value, *out left alone when absent. */
int	opt_str(const struct doc_node *map, const char *key, size_t max,
	    const char **out, struct diags *d);
/* A required integer value in [min, max]. */
int	need_int(const struct doc_node *map, const char *key, long min,
	    long max, long *out, struct diags *d);
/* An optional integer value, *out left alone when absent. */
int	opt_int(const struct doc_node *map, const char *key, long min,
	    long max, long *out, struct diags *d);
/* An optional boolean value, *out left alone when absent. */
int	opt_bool(const struct doc_node *map, const char *key, bool *out,
	    struct diags *d);
/* A required point on map m. */
int	need_point(const struct doc_node *map, const char *key,
	    const struct map *m, struct point *p, struct diags *d);

/* load-common.c: paths (returned strings are the caller's to free). */

/* A path relative to the directory of the file that names it. */
char	*path_join(const char *basedir, const char *rel);
/* The directory part of a path ("." if none). */
char	*path_dir(const char *path);
/* Whether s ends with tail. */
bool	 ends_with(const char *s, const char *tail);

/* load-common.c: the id hash (ids borrowed, the slots owned). */

/* The index stored under id, or -1. */
int	idtab_find(const struct idtab *t, const char *id);
/* Store index under id (not already present), growing at half full. */
void	idtab_add(struct idtab *t, const char *id, int index);

/* load-oob.c */

/* An order of battle: adds its side to s->g; the side's index or -1. */
int	oob_load(struct sload *s, const struct doc_node *n);
/* The unit whose id is the scalar un, which must belong to side; or -1. */
int	side_unit_id(struct sload *s, int side, const struct doc_node *un);
/* The unit named by n's "unit" key, which must belong to side; or -1. */
int	side_unit(struct sload *s, int side, const struct doc_node *n);
/* A formation name the unit's arm may take; its index or -1. */
int	unit_formation(struct sload *s, const struct unit *u,
	    const struct doc_node *n);

/* load-tutorial.c */

/* The scenario's optional tutorial, owned by s->g once begun. */
int	load_tutorial(struct sload *s, const struct doc_node *root);

#endif
