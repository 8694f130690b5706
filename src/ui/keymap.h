/*
 * keymap.h - the key bindings as the player set them (issue 13).
 *
 * keys.c holds marshal's own bindings, one constant table per mode.  A
 * keymap is a copy of those tables in which the player's options file
 * has given some actions other keys: an action named there gets exactly
 * the keys listed, in every mode that has it, and keeps its help text.
 * The dispatcher and the help screen read the keymap, so help shows the
 * keys as bound.  A NULL keymap stands for marshal's own bindings.
 *
 * Actions and keys have names for the options file: actions in lower
 * case with hyphens ("end-turn", "north-east"), keys as one printable
 * character or a name ("Up", "PgDn", "Enter", "Esc", "Tab", "Shift-Tab",
 * "Backspace", "Space", "Ctrl-L", "KP5" ...).
 *
 * Ownership: keymap_create returns a keymap freed with keymap_free.
 */
#ifndef MARSHAL_KEYMAP_H
#define MARSHAL_KEYMAP_H

#include <stdbool.h>
#include <stddef.h>

#include "ui/keys.h"

struct keymap;

/* A keymap holding marshal's own bindings. */
struct keymap *keymap_create(void);

/* Free a keymap (NULL is allowed). */
void keymap_free(struct keymap *);

/*
 * Give action the n keys (1 .. BIND_MAX_KEYS - 1) in every mode that
 * binds it, in place of the keys it had.  Returns 0, or -1 if the action
 * is bound in no mode or n is out of range.  Conflicts with other actions
 * are not looked for here: see keymap_conflict.
 */
int keymap_bind(struct keymap *, enum ui_action, const int *keys, int n);

/*
 * The first key of some mode bound to two actions, one of which is
 * action (ACT_NONE: any); returns that key and sets *other to the other
 * action and *mode to the mode, or returns 0 if there is none.
 */
int keymap_conflict(const struct keymap *, enum ui_action action,
    enum ui_action *other, int *mode);

/* The bindings of a mode (as keys_mode) for a keymap or NULL. */
const struct binding *keymap_mode(const struct keymap *, int mode);

/* The action of a key in a mode (as keys_action) for a keymap or NULL. */
enum ui_action keymap_action(const struct keymap *, int mode, int key);

/* Whether action has keys other than marshal's own. */
bool keymap_changed(const struct keymap *, enum ui_action);

/* The first key bound to action in mode, or 0. */
int keymap_first(const struct keymap *, int mode, enum ui_action);

/*
 * The bottom line's hint for a mode, with the keys as bound, into buf;
 * false (buf untouched) when none of the actions it names was given
 * other keys, and the interface's own hint holds.
 */
bool keymap_hint(const struct keymap *, int mode, char *buf, size_t size);

/* The name of an action ("end-turn"), or NULL for none. */
const char *keymap_action_name(enum ui_action);

/* The action of a name, or ACT_NONE. */
enum ui_action keymap_action_parse(const char *name);

/* The key of a name ("x", "Up", "Ctrl-L"), or 0 if it names none. */
int keymap_key_parse(const char *name);

/* The name of a key into buf (size 16 is enough); returns buf. */
char *keymap_key_name(int key, char *buf, size_t size);

/*
 * The name of the first key bound to action in mode, into buf (size 16
 * is enough), for a message that tells the player which key to press;
 * "?" if none is.  Returns buf.
 */
char *keymap_key_of(const struct keymap *, int mode, enum ui_action,
    char *buf, size_t size);

#endif
