/*
 * test-keys.c - the key tables the game dispatches on (src/ui/keys.c).
 *
 * Run bare, it checks them: no key is bound twice in one mode (the second
 * binding could never be reached) nor shadowed there by a key of every
 * mode, and the label the help screen shows for a binding names only keys
 * that binding has.  Plain C, no cmocka: tests/doc-consistency.sh needs
 * it in every build.
 *
 * Run with --dump, it prints one line per key and mode for
 * tests/doc-consistency.sh, which compares them with marshal(6): the
 * mode's name as the status line shows it (or "Every mode" for the keys
 * that work everywhere), a tab, the key's name as the manual writes it
 * (Up, PgDn, Enter, Ctrl-L, a digit or a letter; the keypad's corners and
 * centre without Num Lock are all "keypad"), a tab and what it does.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "ui/keys.h"
#include "ui/ui.h"

static const char *
key_name(int k, char *buf, size_t len)
{
	switch (k) {
	case UIK_UP: return "Up";
	case UIK_DOWN: return "Down";
	case UIK_LEFT: return "Left";
	case UIK_RIGHT: return "Right";
	case UIK_HOME: return "Home";
	case UIK_END: return "End";
	case UIK_PPAGE: return "PgUp";
	case UIK_NPAGE: return "PgDn";
	case UIK_A1: case UIK_A3: case UIK_B2: case UIK_C1: case UIK_C3:
		return "keypad";
	case UIK_ENTER: return "Enter";
	case UIK_BACKSPACE: return "Backspace";
	case UIK_BTAB: return "Shift-Tab";
	case UIK_TAB: return "Tab";
	case UIK_ESC: return "Esc";
	case ' ': return "Space";
	}
	if (k > 0 && k < 0x20)
		snprintf(buf, len, "Ctrl-%c", k + 'A' - 1);
	else if (k > 0x20 && k < 0x7f)
		snprintf(buf, len, "%c", k);
	else
		snprintf(buf, len, "key-%#x", (unsigned)k);
	return buf;
}

static void
dump(const char *mode, const struct binding *b)
{
	char buf[32];
	int i;

	for (; b->action != ACT_NONE; b++)
		for (i = 0; i < BIND_MAX_KEYS && b->keys[i] != 0; i++)
			printf("%s\t%s\t%s\n", mode,
			    key_name(b->keys[i], buf, sizeof buf), b->help);
}

/* Whether binding b has a key shown as word in a label. */
static int
label_key(const struct binding *b, const char *word)
{
	char buf[32];
	int i;

	for (i = 0; i < BIND_MAX_KEYS && b->keys[i] != 0; i++)
		if (strcmp(key_name(b->keys[i], buf, sizeof buf), word) == 0)
			return 1;
	return 0;
}

/* The checks of one mode's table; returns the number of problems. */
static int
check(const char *mode, const struct binding *t, const struct binding *all)
{
	const struct binding *b, *c;
	char buf[32], label[128], *w, *save;
	int bad = 0, i, j;

	for (b = t; b->action != ACT_NONE; b++) {
		for (i = 0; i < BIND_MAX_KEYS && b->keys[i] != 0; i++) {
			for (c = t; c->action != ACT_NONE; c++)
				for (j = 0; j < BIND_MAX_KEYS &&
				    c->keys[j] != 0; j++)
					if (c->keys[j] == b->keys[i] &&
					    (c < b || (c == b && j < i))) {
						printf("FAIL: %s: %s bound twice "
						    "(%s; %s)\n", mode,
						    key_name(b->keys[i], buf,
						    sizeof buf), c->help,
						    b->help);
						bad++;
					}
			if (all != NULL && t != all &&
			    keys_action(-1, b->keys[i]) != ACT_NONE) {
				printf("FAIL: %s: %s is also bound in every "
				    "mode, so \"%s\" cannot be reached\n",
				    mode, key_name(b->keys[i], buf, sizeof buf),
				    b->help);
				bad++;
			}
		}
		snprintf(label, sizeof label, "%s", b->label);
		for (w = strtok_r(label, " ", &save); w != NULL;
		    w = strtok_r(NULL, " ", &save))
			if (!label_key(b, w)) {
				printf("FAIL: %s: the help shows %s for \"%s\", "
				    "which that key does not do\n", mode, w,
				    b->help);
				bad++;
			}
	}
	return bad;
}

int
main(int argc, char **argv)
{
	const struct binding *all = keys_mode(-1);
	int m, bad = 0, n = 0;

	if (argc == 2 && strcmp(argv[1], "--dump") == 0) {
		for (m = 0; m < MODE_COUNT; m++)
			dump(keys_mode_name(m), keys_mode(m));
		dump("Every mode", all);
		return 0;
	}
	for (m = 0; m < MODE_COUNT; m++, n++)
		bad += check(keys_mode_name(m), keys_mode(m), all);
	bad += check("Every mode", all, NULL);
	if (bad == 0)
		printf("ok: the key tables of %d modes and every mode: no key "
		    "bound twice, every help label true\n", n);
	return bad == 0 ? 0 : 1;
}
