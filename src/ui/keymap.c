/*
 * keymap.c - the key bindings as the player set them.  See keymap.h.
 *
 * A keymap holds one copy of each mode's table from keys.c (and of the
 * keys that work in every mode), and a label for each entry: marshal's
 * own label until the action is given other keys, then the names of the
 * keys given, so that help always shows the keys that work.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ui/keymap.h"
#include "ui/ui.h"
#include "util/xalloc.h"

#define KM_TABLES	(MODE_COUNT + 1)	/* the last: every mode's */
#define KM_LABEL	64

struct keymap {
	struct binding	*tab[KM_TABLES];	/* owned, ACT_NONE-ended */
	char		(*label[KM_TABLES])[KM_LABEL];	/* owned */
	bool		 changed[ACT_COUNT];
};

/* Names of the actions, as the options file writes them. */
static const char *const action_names[ACT_COUNT] = {
	[ACT_N] = "north",
	[ACT_NE] = "north-east",
	[ACT_E] = "east",
	[ACT_SE] = "south-east",
	[ACT_S] = "south",
	[ACT_SW] = "south-west",
	[ACT_W] = "west",
	[ACT_NW] = "north-west",
	[ACT_FAR_N] = "far-north",
	[ACT_FAR_E] = "far-east",
	[ACT_FAR_S] = "far-south",
	[ACT_FAR_W] = "far-west",
	[ACT_SELECT] = "select",
	[ACT_NEXT_UNIT] = "next-unit",
	[ACT_PREV_UNIT] = "previous-unit",
	[ACT_MOVE] = "move",
	[ACT_STOP] = "stop",
	[ACT_FORMATION] = "formation",
	[ACT_RESTORE] = "restore",
	[ACT_END_TURN] = "end-turn",
	[ACT_WHY] = "why",
	[ACT_AREA] = "area",
	[ACT_HEIGHTS] = "heights",
	[ACT_RULES] = "rules",
	[ACT_LOG] = "log",
	[ACT_HELP] = "help",
	[ACT_QUIT] = "quit",
	[ACT_CANCEL] = "cancel",
	[ACT_WAYPOINT] = "waypoint",
	[ACT_UNDO] = "undo",
	[ACT_CONFIRM] = "confirm",
	[ACT_UP] = "up",
	[ACT_DOWN] = "down",
	[ACT_PAGE_UP] = "page-up",
	[ACT_PAGE_DOWN] = "page-down",
	[ACT_TOP] = "top",
	[ACT_BOTTOM] = "bottom",
	[ACT_CLOSE] = "close",
	[ACT_YES] = "yes",
	[ACT_NO] = "no",
	[ACT_CONTINUE] = "continue",
	[ACT_REDRAW] = "redraw",
	[ACT_BRIEF] = "briefing",
	[ACT_SAVE] = "save",
	[ACT_SAVE_AS] = "save-as",
	[ACT_PICK] = "pick",
	[ACT_SUMMARY] = "summary",
	[ACT_JUMP_OBJECTIVE] = "next-objective",
	[ACT_JUMP_CONTACT] = "next-contact",
	[ACT_JUMP_EVENT] = "last-event",
	[ACT_OVERVIEW] = "overview",
	[ACT_GENERAL] = "next-general",
	[ACT_RADIUS] = "command-radius",
	[ACT_MARK] = "mark",
	[ACT_BRIGADE] = "mark-brigade",
	[ACT_TURN_NEXT] = "next-turn",
	[ACT_TURN_PREV] = "previous-turn",
	[ACT_TURN_FIRST] = "first-turn",
	[ACT_TURN_LAST] = "last-turn",
	[ACT_TURN_GOTO] = "go-to-turn",
	[ACT_PHASE_NEXT] = "next-phase",
	[ACT_PHASE_PREV] = "previous-phase",
	[ACT_REPLAY] = "replay",
	[ACT_TAKE_BACK] = "take-back",
	[ACT_SEARCH] = "search",
	[ACT_SEARCH_NEXT] = "search-next",
	[ACT_FILTER_UNIT] = "filter-unit",
	[ACT_FILTER_TURN] = "filter-turn",
	[ACT_ASSAULT] = "assault",
	[ACT_ACTION] = "action",
	[ACT_RESIGN] = "resign",
	[ACT_FOLLOW] = "follow",
	[ACT_OFFER] = "offer",
	[ACT_DEADLINE] = "deadline",
	[ACT_ANSWER_PICK] = "answer-pick",
	[ACT_ANSWER_NOW] = "answer-now",
};

/* Names of the keys that are not one printable character. */
static const struct {
	int		 key;
	const char	*name;
} key_names[] = {
	{ UIK_UP, "Up" }, { UIK_DOWN, "Down" }, { UIK_LEFT, "Left" },
	{ UIK_RIGHT, "Right" }, { UIK_HOME, "Home" }, { UIK_END, "End" },
	{ UIK_PPAGE, "PgUp" }, { UIK_NPAGE, "PgDn" },
	{ UIK_A1, "KP-A1" }, { UIK_A3, "KP-A3" }, { UIK_B2, "KP-B2" },
	{ UIK_C1, "KP-C1" }, { UIK_C3, "KP-C3" },
	{ UIK_ENTER, "Enter" }, { UIK_BACKSPACE, "Backspace" },
	{ UIK_BTAB, "Shift-Tab" }, { UIK_ESC, "Esc" }, { UIK_TAB, "Tab" },
	{ ' ', "Space" },
};

#define NKEY_NAMES	(sizeof key_names / sizeof key_names[0])

/*
 * Control keys that cannot be bound: the terminal turns Ctrl-C, Ctrl-Z,
 * Ctrl-S and Ctrl-Q into signals or flow control before marshal sees
 * them, and Ctrl-H, Ctrl-I, Ctrl-J and Ctrl-M arrive as Backspace, Tab
 * and Enter, which have names of their own.
 */
static const char ctrl_refused[] = "CZSQHIJM";

static int
table_len(const struct binding *b)
{
	int n = 0;

	while (b[n].action != ACT_NONE)
		n++;
	return n;
}

static const struct binding *
table_default(int t)
{
	return keys_mode(t == MODE_COUNT ? -1 : t);
}

struct keymap *
keymap_create(void)
{
	struct keymap *km = xcalloc(1, sizeof *km);
	const struct binding *src;
	int t, i, n;

	for (t = 0; t < KM_TABLES; t++) {
		src = table_default(t);
		n = table_len(src);
		km->tab[t] = xcalloc((size_t)n + 1, sizeof *km->tab[t]);
		km->label[t] = xcalloc((size_t)n + 1, sizeof *km->label[t]);
		memcpy(km->tab[t], src, ((size_t)n + 1) * sizeof *src);
		for (i = 0; i < n; i++) {
			snprintf(km->label[t][i], KM_LABEL, "%s",
			    src[i].label);
			km->tab[t][i].label = km->label[t][i];
		}
	}
	return km;
}

void
keymap_free(struct keymap *km)
{
	int t;

	if (km == NULL)
		return;
	for (t = 0; t < KM_TABLES; t++) {
		free(km->tab[t]);
		free(km->label[t]);
	}
	free(km);
}

int
keymap_bind(struct keymap *km, enum ui_action action, const int *keys,
    int n)
{
	struct binding *b;
	char name[16];
	size_t at;
	int t, i, k, found = 0;

	if (n < 1 || n >= BIND_MAX_KEYS || action <= ACT_NONE ||
	    action >= ACT_COUNT)
		return -1;
	for (t = 0; t < KM_TABLES; t++)
		for (i = 0; km->tab[t][i].action != ACT_NONE; i++) {
			b = &km->tab[t][i];
			if (b->action != action)
				continue;
			found = 1;
			memset(b->keys, 0, sizeof b->keys);
			km->label[t][i][0] = '\0';
			for (k = 0, at = 0; k < n; k++) {
				b->keys[k] = keys[k];
				at += (size_t)snprintf(km->label[t][i] + at,
				    at < KM_LABEL ? KM_LABEL - at : 0, "%s%s",
				    k > 0 ? " " : "",
				    keymap_key_name(keys[k], name, sizeof name));
				if (at >= KM_LABEL)
					at = KM_LABEL - 1;
			}
		}
	if (!found)
		return -1;
	km->changed[action] = true;
	return 0;
}

/* The action bound to key in table b other than skip, or ACT_NONE. */
static enum ui_action
bound_other(const struct binding *b, int key, enum ui_action skip)
{
	int i;

	for (; b->action != ACT_NONE; b++)
		if (b->action != skip)
			for (i = 0; i < BIND_MAX_KEYS && b->keys[i] != 0; i++)
				if (b->keys[i] == key)
					return b->action;
	return ACT_NONE;
}

int
keymap_conflict(const struct keymap *km, enum ui_action action,
    enum ui_action *other, int *mode)
{
	const struct binding *b, *tab;
	enum ui_action o;
	int t, i, g;

	for (t = 0; t < MODE_COUNT; t++) {
		tab = km->tab[t];
		for (b = tab; b->action != ACT_NONE; b++) {
			if (action != ACT_NONE && b->action != action)
				continue;
			for (i = 0; i < BIND_MAX_KEYS && b->keys[i] != 0;
			    i++) {
				/* The keys of every mode count in each. */
				o = bound_other(tab, b->keys[i], b->action);
				if (o == ACT_NONE)
					o = bound_other(km->tab[MODE_COUNT],
					    b->keys[i], b->action);
				if (o != ACT_NONE) {
					*other = o;
					*mode = t;
					return b->keys[i];
				}
			}
		}
		/* An action of every mode against this mode's. */
		for (b = km->tab[MODE_COUNT]; b->action != ACT_NONE; b++) {
			if (action != ACT_NONE && b->action != action)
				continue;
			for (g = 0; g < BIND_MAX_KEYS && b->keys[g] != 0; g++)
				if ((o = bound_other(tab, b->keys[g],
				    b->action)) != ACT_NONE) {
					*other = o;
					*mode = t;
					return b->keys[g];
				}
		}
	}
	return 0;
}

const struct binding *
keymap_mode(const struct keymap *km, int mode)
{
	if (km == NULL)
		return keys_mode(mode);
	if (mode < 0 || mode >= MODE_COUNT)
		return km->tab[MODE_COUNT];
	return km->tab[mode];
}

enum ui_action
keymap_action(const struct keymap *km, int mode, int key)
{
	enum ui_action a;

	if (km == NULL)
		return keys_action(mode, key);
	if ((a = bound_other(km->tab[MODE_COUNT], key, ACT_NONE)) !=
	    ACT_NONE)
		return a;
	return bound_other(keymap_mode(km, mode), key, ACT_NONE);
}

bool
keymap_changed(const struct keymap *km, enum ui_action a)
{
	return km != NULL && a > ACT_NONE && a < ACT_COUNT && km->changed[a];
}

int
keymap_first(const struct keymap *km, int mode, enum ui_action a)
{
	const struct binding *b;

	for (b = keymap_mode(km, mode); b->action != ACT_NONE; b++)
		if (b->action == a)
			return b->keys[0];
	return 0;
}

const char *
keymap_action_name(enum ui_action a)
{
	if (a <= ACT_NONE || a >= ACT_COUNT)
		return NULL;
	return action_names[a];
}

enum ui_action
keymap_action_parse(const char *name)
{
	int a;

	for (a = ACT_NONE + 1; a < ACT_COUNT; a++)
		if (action_names[a] != NULL &&
		    strcmp(action_names[a], name) == 0)
			return (enum ui_action)a;
	return ACT_NONE;
}

int
keymap_key_parse(const char *name)
{
	size_t i;
	int c;

	if (name[0] > ' ' && name[0] < 127 && name[1] == '\0')
		return name[0];
	for (i = 0; i < NKEY_NAMES; i++)
		if (strcasecmp(key_names[i].name, name) == 0)
			return key_names[i].key;
	if (strncasecmp(name, "Ctrl-", 5) == 0 && name[5] != '\0' &&
	    name[6] == '\0') {
		c = name[5] >= 'a' && name[5] <= 'z' ? name[5] - 'a' + 'A' :
		    name[5];
		if (c >= 'A' && c <= 'Z' && strchr(ctrl_refused, c) == NULL)
			return UIK_CTRL(c);
	}
	return 0;
}

char *
keymap_key_name(int key, char *buf, size_t size)
{
	size_t i;

	for (i = 0; i < NKEY_NAMES; i++)
		if (key_names[i].key == key) {
			snprintf(buf, size, "%s", key_names[i].name);
			return buf;
		}
	if (key > ' ' && key < 127)
		snprintf(buf, size, "%c", key);
	else if (key >= 1 && key <= 26)
		snprintf(buf, size, "Ctrl-%c", 'A' + key - 1);
	else
		snprintf(buf, size, "?");
	return buf;
}

/* The hint line of a mode: its main actions, as ui.c shows them. */
static const struct {
	int		 mode;
	const char	*head;
	enum ui_action	 a[10];
	const char	*what[10];
} hints[] = {
	{ MODE_MAP, "", { ACT_HELP, ACT_NEXT_UNIT, ACT_MOVE, ACT_STOP,
	    ACT_FORMATION, ACT_RESTORE, ACT_END_TURN, ACT_WHY, ACT_QUIT },
	    { "help", "unit", "move", "stop", "formation", "restore",
	    "end turn", "why", "quit" } },
	{ MODE_MOVE, "Move: cursor to destination, ", { ACT_WAYPOINT,
	    ACT_CONFIRM, ACT_CANCEL, ACT_HELP }, { "waypoint",
	    "give order", "cancel", "help" } },
	{ MODE_QUIT, "Quit? ", { ACT_YES, ACT_NO }, { "yes", "no" } },
	{ MODE_HANDOVER, "", { ACT_CONTINUE, ACT_QUIT },
	    { "start giving orders", "quit" } },
	{ MODE_OVER, "", { ACT_LOG, ACT_REPLAY, ACT_PICK, ACT_QUIT },
	    { "log", "replay", "another battle", "quit" } },
	{ MODE_REACT, "Question: ", { ACT_ANSWER_PICK, ACT_ANSWER_NOW,
	    ACT_NEXT_UNIT, ACT_CONFIRM, ACT_END_TURN, ACT_HELP },
	    { "charge again", "rein in", "next enemy", "charge it",
	    "standing order", "help" } },
	{ MODE_REPLAY, "Replay: ", { ACT_TURN_PREV, ACT_TURN_NEXT,
	    ACT_TURN_GOTO, ACT_LOG, ACT_WHY, ACT_SUMMARY, ACT_HELP,
	    ACT_QUIT }, { "back", "next turn", "go to", "log", "why",
	    "glance", "help", "quit" } },
};

bool
keymap_hint(const struct keymap *km, int mode, char *buf, size_t size)
{
	char name[16];
	size_t h, at;
	int i, key;
	bool changed = false;

	for (h = 0; h < sizeof hints / sizeof hints[0]; h++)
		if (hints[h].mode == mode)
			break;
	if (km == NULL || size == 0 || h == sizeof hints / sizeof hints[0])
		return false;
	for (i = 0; i < 10 && hints[h].a[i] != ACT_NONE; i++)
		changed = changed || km->changed[hints[h].a[i]];
	if (!changed)
		return false;
	at = (size_t)snprintf(buf, size, "%s", hints[h].head);
	for (i = 0; i < 10 && hints[h].a[i] != ACT_NONE && at < size; i++) {
		if ((key = keymap_first(km, mode, hints[h].a[i])) == 0)
			continue;
		at += (size_t)snprintf(buf + at, size - at, "%s%s:%s",
		    i > 0 ? " " : "", keymap_key_name(key, name, sizeof name),
		    hints[h].what[i]);
	}
	return true;
}

char *
keymap_key_of(const struct keymap *km, int mode, enum ui_action a,
    char *buf, size_t size)
{
	int key = keymap_first(km, mode, a);

	if (key == 0) {
		snprintf(buf, size, "?");
		return buf;
	}
	return keymap_key_name(key, buf, size);
}
