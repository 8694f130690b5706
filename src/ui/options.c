/*
 * options.c - read the player's options file.  See options.h.
 *
 * The file is walked into a scratch options value and a scratch keymap;
 * only when every entry has passed are they handed to the caller, so a
 * file with one mistake changes nothing.  Conflicting keys are looked
 * for once every action has its keys, since a file may move a key from
 * one action to another in two entries, and each conflict is reported at
 * the later of the two entries that made it.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ai/ai.h"
#include "io/yread.h"
#include "ui/keymap.h"
#include "ui/options.h"
#include "util/xalloc.h"

void
options_init(struct options *o)
{
	o->symbols = OPT_SYMBOLS_AUTO;
	o->colour = -1;
	o->level = -1;
	o->keys = NULL;
}

void
options_free(struct options *o)
{
	keymap_free(o->keys);
	options_init(o);
}

char *
options_path(void)
{
	const char *x = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");

	if (x != NULL && *x == '/')
		return xasprintf("%s/marshal/options.yaml", x);
	if (home != NULL && *home != '\0')
		return xasprintf("%s/.config/marshal/options.yaml", home);
	return NULL;
}

/* One entry under keys: an action and where its keys were written. */
struct entry {
	enum ui_action	 action;
	struct pos	 pos;
};

/* The keys of one action: a scalar or a sequence of scalars. */
static int
load_action_keys(struct keymap *km, enum ui_action a,
    const struct doc_node *v, struct diags *d)
{
	const struct doc_node *k;
	int keys[BIND_MAX_KEYS], n = 0, i, j, bad = 0;
	int count = v->kind == DOC_SEQ ? v->n : 1;

	if (v->kind == DOC_MAP) {
		diags_add(d, v->pos, "the keys of '%s' are a key or a list "
		    "of keys, not a mapping", keymap_action_name(a));
		return -1;
	}
	if (count == 0) {
		diags_add(d, v->pos, "'%s' needs at least one key",
		    keymap_action_name(a));
		return -1;
	}
	if (count > BIND_MAX_KEYS - 1) {
		diags_add(d, v->pos, "'%s' has %d keys; at most %d",
		    keymap_action_name(a), count, BIND_MAX_KEYS - 1);
		return -1;
	}
	for (i = 0; i < count; i++) {
		k = v->kind == DOC_SEQ ? v->items[i] : v;
		if (k->kind != DOC_SCALAR) {
			diags_add(d, k->pos, "a key is a scalar, not %s",
			    doc_kind_name(k->kind));
			bad = -1;
			continue;
		}
		if ((keys[n] = keymap_key_parse(k->str)) == 0) {
			diags_add(d, k->pos, "'%s' is not a key that can be "
			    "bound (one printable character, or a name: Up, "
			    "Down, Left, Right, Home, End, PgUp, PgDn, Enter, "
			    "Esc, Tab, Shift-Tab, Backspace, Space, Ctrl-A "
			    "...)", k->str);
			bad = -1;
			continue;
		}
		for (j = 0; j < n; j++)
			if (keys[j] == keys[n])
				break;
		if (j < n) {
			diags_add(d, k->pos, "key '%s' is given twice for "
			    "'%s'", k->str, keymap_action_name(a));
			bad = -1;
			continue;
		}
		n++;
	}
	if (bad != 0)
		return -1;
	if (keymap_bind(km, a, keys, n) != 0) {
		diags_add(d, v->pos, "'%s' cannot be bound",
		    keymap_action_name(a));
		return -1;
	}
	return 0;
}

/* The keys mapping: every action first, then the conflicts. */
static int
load_keys(const struct doc_node *m, struct keymap *km, struct diags *d)
{
	struct entry *e;
	enum ui_action a, other;
	char name[16];
	int i, j, key, mode, bad = 0;

	if (doc_expect(m, DOC_MAP, "keys", d) != 0)
		return -1;
	e = xcalloc((size_t)m->n + 1, sizeof *e);
	for (i = 0; i < m->n; i++) {
		e[i].action = ACT_NONE;
		if ((a = keymap_action_parse(m->keys[i]->str)) == ACT_NONE) {
			diags_add(d, m->keys[i]->pos, "unknown action '%s' "
			    "(the actions are listed in marshal(6), OPTIONS)",
			    m->keys[i]->str);
			bad = -1;
			continue;
		}
		if (load_action_keys(km, a, m->items[i], d) != 0) {
			bad = -1;
			continue;
		}
		e[i].action = a;
		e[i].pos = m->items[i]->pos;
	}
	for (i = 0; bad == 0 && i < m->n; i++) {
		if ((key = keymap_conflict(km, e[i].action, &other,
		    &mode)) == 0)
			continue;
		/* If the other action comes later in the file, the
		 * conflict is reported there. */
		for (j = i + 1; j < m->n; j++)
			if (e[j].action == other)
				break;
		if (j < m->n)
			continue;
		diags_add(d, e[i].pos, "key '%s' of '%s' is already bound to "
		    "'%s' in the mode '%s': a key does one thing in a mode",
		    keymap_key_name(key, name, sizeof name),
		    keymap_action_name(e[i].action),
		    keymap_action_name(other), keys_mode_name(mode));
		bad = -1;
	}
	free(e);
	return bad;
}

int
options_load_doc(const struct doc_node *root, struct options *o,
    struct diags *d)
{
	static const char *const top[] = { "marshal-options", "symbols",
	    "colour", "level", "keys", NULL };
	static const char *const symbols[] = { "ascii", "unicode", NULL };
	static const char *const levels[] = { "easy", "normal", "hard",
	    NULL };
	struct options tmp;
	const struct doc_node *v;
	long format;
	bool b;
	int i, bad = 0;

	options_init(&tmp);
	if (doc_expect(root, DOC_MAP, "an options file", d) != 0)
		return -1;
	if (doc_check_keys(root, top, d) != 0)
		bad = -1;
	if ((v = doc_need(root, "marshal-options", d)) == NULL)
		bad = -1;
	else if (doc_int(v, 0, 1000000, &format, d) != 0)
		bad = -1;
	else if (format != OPTIONS_FORMAT) {
		diags_add(d, v->pos, "options format %ld; this marshal reads "
		    "format %d", format, OPTIONS_FORMAT);
		bad = -1;
	}
	if ((v = doc_get(root, "symbols")) != NULL) {
		if (doc_enum(v, symbols, &i, d) != 0)
			bad = -1;
		else
			tmp.symbols = i == 0 ? OPT_SYMBOLS_ASCII :
			    OPT_SYMBOLS_UNICODE;
	}
	if ((v = doc_get(root, "colour")) != NULL) {
		if (doc_bool(v, &b, d) != 0)
			bad = -1;
		else
			tmp.colour = b;
	}
	if ((v = doc_get(root, "level")) != NULL) {
		if (doc_enum(v, levels, &i, d) != 0)
			bad = -1;
		else
			tmp.level = ai_level_parse(levels[i]);
	}
	if ((v = doc_get(root, "keys")) != NULL) {
		tmp.keys = keymap_create();
		if (load_keys(v, tmp.keys, d) != 0)
			bad = -1;
	}
	if (bad != 0) {
		options_free(&tmp);
		return -1;
	}
	options_free(o);
	*o = tmp;
	return 0;
}

int
options_load(const char *path, struct options *o, struct diags *d)
{
	struct doc_node *root;
	struct stat st;
	int rc;

	/* No file, or a directory on the way we may not search (where
	 * there is no telling whether one is there): marshal's own. */
	if (stat(path, &st) != 0 && (errno == ENOENT || errno == ENOTDIR ||
	    errno == EACCES))
		return 1;
	if ((root = yread_file(path, d)) == NULL)
		return -1;
	rc = options_load_doc(root, o, d);
	doc_free(root);
	return rc;
}
