/*
 * options.h - the player's options file (issue 13): keys, symbols,
 * colour and the computer's default level.
 *
 * The file is $XDG_CONFIG_HOME/marshal/options.yaml (by default
 * ~/.config/marshal/options.yaml), read by the same bounded YAML reader
 * as every other marshal file:
 *
 *   marshal-options: 1        # the kind of file and its format
 *   symbols: ascii            # or unicode (where the locale is UTF-8)
 *   colour: false             # or true, even with NO_COLOR set
 *   level: hard               # the computer: easy, normal or hard
 *   keys:                     # action: key, or [key, key, ...]
 *     end-turn: E
 *     north: [Up, w, 8]
 *
 * Every entry is optional but the first.  An action named under keys
 * gets exactly the keys listed (keymap.h).  A problem anywhere - an
 * unknown entry or action, a bad value, a key bound to two actions in
 * one mode - is reported at its FILE:LINE:COLUMN and the whole file is
 * set aside: nothing of it is used.
 *
 * Ownership: options_free frees the keymap an options value holds.
 */
#ifndef MARSHAL_OPTIONS_H
#define MARSHAL_OPTIONS_H

#include <stdbool.h>

#include "util/diag.h"
#include "util/doc.h"

#define OPTIONS_FORMAT	1	/* the value of marshal-options */

enum options_symbols {
	OPT_SYMBOLS_AUTO,	/* Unicode where the locale is UTF-8 */
	OPT_SYMBOLS_ASCII,
	OPT_SYMBOLS_UNICODE
};

struct keymap;

struct options {
	enum options_symbols symbols;
	int		 colour;	/* -1: unset; 0 off; 1 on */
	int		 level;		/* enum ai_level; -1: unset */
	struct keymap	*keys;		/* owned; NULL: marshal's own */
};

/* Options that change nothing. */
void options_init(struct options *);

/* Free what the options hold; they are as options_init left them. */
void options_free(struct options *);

/*
 * The options file's path (allocated): $XDG_CONFIG_HOME/marshal/
 * options.yaml if XDG_CONFIG_HOME is an absolute path, else
 * $HOME/.config/marshal/options.yaml; NULL if neither is set.
 */
char *options_path(void);

/*
 * Read the options of a parsed file into *o (which options_init made).
 * Returns 0, or -1 with diagnostics in d and *o unchanged.
 */
int options_load_doc(const struct doc_node *root, struct options *o,
    struct diags *d);

/*
 * Read the file at path.  Returns 0 (read), 1 (there is no such file,
 * or a directory on its path may not be searched: *o unchanged, nothing
 * reported), or -1 with diagnostics in d and *o unchanged.
 */
int options_load(const char *path, struct options *o, struct diags *d);

#endif
