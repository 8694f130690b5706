/*
 * doc.h - a parsed document: a tree of mappings, sequences and scalars,
 * each node carrying the position it was read from.
 *
 * The YAML reader (src/io/yread.c) builds these trees; everything that
 * reads files (map, order of battle, scenario, ruleset data, saves) walks
 * them with the accessors below, which report problems with positions into
 * a struct diags.  Nothing here knows YAML, so rules modules may read their
 * own data tables without including <yaml.h>.
 *
 * Ownership: a tree is owned by its root; doc_free(root) frees everything,
 * including the file name string shared by all nodes.  Accessors return
 * borrowed pointers into the tree.
 */
#ifndef MARSHAL_DOC_H
#define MARSHAL_DOC_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"

enum doc_kind {
	DOC_SCALAR,
	DOC_MAP,
	DOC_SEQ
};

struct doc_node {
	enum doc_kind	  kind;
	struct pos	  pos;		/* file name owned by the root */
	char		 *str;		/* DOC_SCALAR: owned, NUL-terminated */
	size_t		  len;		/* DOC_SCALAR: length of str */
	bool		  quoted;	/* DOC_SCALAR: was written in quotes */
	/* DOC_MAP: keys[i] -> items[i]; DOC_SEQ: items[i] */
	struct doc_node **keys;		/* owned; keys are scalars */
	struct doc_node **items;	/* owned */
	int		  n;
	int		  cap;
	char		 *file;		/* root only: owned file name */
};

/* Create a node of the given kind at a position (file name borrowed). */
struct doc_node *doc_new(enum doc_kind, struct pos);

/* Append item to a sequence, or key/value to a mapping (ownership moves). */
void doc_append(struct doc_node *parent, struct doc_node *key,
    struct doc_node *item);

/* Free a node and everything under it. */
void doc_free(struct doc_node *);

/* Mapping lookup by key; NULL if absent or if n is not a mapping. */
struct doc_node *doc_get(const struct doc_node *n, const char *key);

/* Kind name for messages: "a mapping", "a sequence", "a scalar". */
const char *doc_kind_name(enum doc_kind);

/*
 * Checked accessors.  Each returns 0 on success or -1 after adding a
 * diagnostic at the node's position; on failure *out is left unchanged.
 */

/* The node must be of this kind (what names the thing, for the message). */
int doc_expect(const struct doc_node *, enum doc_kind, const char *what,
    struct diags *);

/* Every key of mapping n must be in the NULL-terminated list allowed. */
int doc_check_keys(const struct doc_node *n, const char *const *allowed,
    struct diags *);

/* A required key: returns the node, or NULL with "missing key" reported. */
struct doc_node *doc_need(const struct doc_node *map, const char *key,
    struct diags *);

/* An integer scalar within [min, max]. */
int doc_int(const struct doc_node *, long min, long max, long *out,
    struct diags *);

/* The integer at a required key of a mapping, within [min, max]. */
int doc_need_int(const struct doc_node *map, const char *key, int min,
    int max, int *out, struct diags *);

/*
 * A decimal number of units converted to fixed point: "2.5" with scale 4
 * gives 10.  The value must be an exact multiple of 1/scale and lie in
 * [min, max] (both in fixed-point units).
 */
int doc_fixed(const struct doc_node *, int scale, long min, long max,
    long *out, struct diags *);

/* A boolean: true/false/yes/no. */
int doc_bool(const struct doc_node *, bool *out, struct diags *);

/* A non-empty string scalar of at most maxlen bytes; *out is borrowed. */
int doc_str(const struct doc_node *, size_t maxlen, const char **out,
    struct diags *);

/* One of the NULL-terminated names; *out is its index. */
int doc_enum(const struct doc_node *, const char *const *names, int *out,
    struct diags *);

/* A two-element sequence of integers [x, y] within [0,w) x [0,h). */
int doc_point(const struct doc_node *, int w, int h, int *x, int *y,
    struct diags *);

#endif
