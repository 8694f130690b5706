/*
 * test-options.c - the player's options file (ui/options.h) and the
 * keymap it builds (ui/keymap.h): a good file, every kind of bad entry
 * at its line and column, keys bound twice, unknown actions, and a file
 * with a problem changing nothing.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "ai/ai.h"
#include "io/yread.h"
#include "ui/keymap.h"
#include "ui/options.h"
#include "ui/ui.h"

/* Load text as an options file named o.yaml into *o. */
static int
load(const char *text, struct options *o, struct diags *d)
{
	struct doc_node *root;
	int rc;

	diags_init(d);
	root = yread_buffer("o.yaml", text, strlen(text), d);
	assert_non_null(root);
	rc = options_load_doc(root, o, d);
	doc_free(root);
	return rc;
}

/*
 * Expect text to be refused with a diagnostic at line:col containing msg
 * (among n diagnostics in all), and the options left as they were.
 */
static void
refused_n(const char *text, int n, int line, int col, const char *msg)
{
	struct options o;
	struct diags d;
	int i;

	options_init(&o);
	o.level = AI_EASY;	/* must survive a refused file */
	assert_int_equal(load(text, &o, &d), -1);
	assert_int_equal(d.n, n);
	for (i = 0; i < d.n; i++)
		if (d.v[i].line == line && d.v[i].col == col &&
		    strstr(d.v[i].msg, msg) != NULL)
			break;
	if (i == d.n) {
		for (i = 0; i < d.n; i++)
			print_message("%s:%d:%d: %s\n", d.v[i].file,
			    d.v[i].line, d.v[i].col, d.v[i].msg);
		fail_msg("no diagnostic at %d:%d with '%s'", line, col, msg);
	}
	assert_string_equal(d.v[i].file, "o.yaml");
	assert_int_equal(o.level, AI_EASY);
	assert_int_equal(o.colour, -1);
	assert_int_equal(o.symbols, OPT_SYMBOLS_AUTO);
	assert_null(o.keys);
	diags_free(&d);
	options_free(&o);
}

static void
refused(const char *text, int line, int col, const char *msg)
{
	refused_n(text, 1, line, col, msg);
}

static void
test_good_file(void **state)
{
	struct options o;
	struct diags d;
	const struct binding *b;

	(void)state;
	options_init(&o);
	assert_int_equal(load("marshal-options: 1\n"
	    "symbols: ascii\n"
	    "colour: false\n"
	    "level: hard\n"
	    "keys:\n"
	    "  move: p\n"
	    "  end-turn: [E, Ctrl-E]\n"
	    "  why: W\n"
	    "  stop: x\n"
	    "  north: [Up, '8']\n"
	    "  select: Enter\n", &o, &d), 0);
	assert_int_equal(d.n, 0);
	assert_int_equal(o.symbols, OPT_SYMBOLS_ASCII);
	assert_int_equal(o.colour, 0);
	assert_int_equal(o.level, AI_HARD);
	assert_non_null(o.keys);
	/* The new keys work, the old ones no longer do. */
	assert_int_equal(keymap_action(o.keys, MODE_MAP, 'p'), ACT_MOVE);
	assert_int_equal(keymap_action(o.keys, MODE_MAP, 'm'), ACT_NONE);
	assert_int_equal(keymap_action(o.keys, MODE_MAP, 'E'), ACT_END_TURN);
	assert_int_equal(keymap_action(o.keys, MODE_MAP, UIK_CTRL('e')),
	    ACT_END_TURN);
	assert_int_equal(keymap_action(o.keys, MODE_MAP, 'e'), ACT_NONE);
	/* x moved from why to stop in one file: no conflict. */
	assert_int_equal(keymap_action(o.keys, MODE_MAP, 'x'), ACT_STOP);
	assert_int_equal(keymap_action(o.keys, MODE_MAP, 'W'), ACT_WHY);
	assert_int_equal(keymap_action(o.keys, MODE_MAP, 's'), ACT_NONE);
	/* north in every mode that has it: k is gone from map and move. */
	assert_int_equal(keymap_action(o.keys, MODE_MAP, 'k'), ACT_NONE);
	assert_int_equal(keymap_action(o.keys, MODE_MOVE, 'k'), ACT_NONE);
	assert_int_equal(keymap_action(o.keys, MODE_MOVE, '8'), ACT_N);
	/* Fewer keys than marshal's: the others are gone. */
	assert_int_equal(keymap_action(o.keys, MODE_MAP, UIK_ENTER),
	    ACT_SELECT);
	assert_int_equal(keymap_action(o.keys, MODE_MAP, ' '), ACT_NONE);
	assert_int_equal(keymap_action(o.keys, MODE_MAP, '5'), ACT_NONE);
	/* Other modes and actions keep marshal's keys. */
	assert_int_equal(keymap_action(o.keys, MODE_PAGER, 'k'), ACT_UP);
	assert_int_equal(keymap_action(o.keys, MODE_MAP, 'q'), ACT_QUIT);
	assert_int_equal(keymap_action(o.keys, MODE_MAP, UIK_CTRL('l')),
	    ACT_REDRAW);
	/* Help's labels are the keys as bound. */
	for (b = keymap_mode(o.keys, MODE_MAP); b->action != ACT_MOVE; b++)
		assert_int_not_equal(b->action, ACT_NONE);
	assert_string_equal(b->label, "p");
	for (b = keymap_mode(o.keys, MODE_MAP); b->action != ACT_END_TURN;
	    b++)
		;
	assert_string_equal(b->label, "E Ctrl-E");
	for (b = keymap_mode(o.keys, MODE_MAP); b->action != ACT_QUIT; b++)
		;
	assert_string_equal(b->label, "q");
	diags_free(&d);
	options_free(&o);
	assert_null(o.keys);
}

/* The smallest file changes nothing but is good. */
static void
test_minimal_file(void **state)
{
	struct options o;
	struct diags d;

	(void)state;
	options_init(&o);
	assert_int_equal(load("marshal-options: 1\nsymbols: unicode\n", &o,
	    &d), 0);
	assert_int_equal(o.symbols, OPT_SYMBOLS_UNICODE);
	assert_int_equal(o.colour, -1);
	assert_int_equal(o.level, -1);
	assert_null(o.keys);
	diags_free(&d);
	options_free(&o);
}

static void
test_bad_top(void **state)
{
	(void)state;
	refused("- marshal-options: 1\n", 1, 1,
	    "an options file must be a mapping");
	refused("symbols: ascii\n", 1, 1,
	    "missing key 'marshal-options'");
	refused("marshal-options: 2\n", 1, 18, "options format 2");
	refused("marshal-options: one\n", 1, 18, "");
	refused("marshal-options: 1\ncolor: true\n", 2, 1,
	    "unknown key 'color'");
	refused("marshal-options: 1\nsymbols: utf8\n", 2, 10,
	    "unknown value 'utf8'");
	refused("marshal-options: 1\ncolour: maybe\n", 2, 9,
	    "expected true or false");
	refused("marshal-options: 1\nlevel: brutal\n", 2, 8,
	    "unknown value 'brutal'");
	refused("marshal-options: 1\nlevel: naive\n", 2, 8,
	    "unknown value 'naive'");
	refused("marshal-options: 1\nkeys: [m]\n", 2, 7, "keys");
	/* Good entries before a bad one are not taken either. */
	refused("marshal-options: 1\nlevel: hard\nsymbols: ascii\n"
	    "colour: maybe\n", 4, 9, "expected true or false");
}

static void
test_bad_keys(void **state)
{
	(void)state;
	refused("marshal-options: 1\nkeys:\n  fly: x\n", 3, 3,
	    "unknown action 'fly'");
	refused("marshal-options: 1\nkeys:\n  move: mm\n", 3, 9,
	    "'mm' is not a key");
	refused("marshal-options: 1\nkeys:\n  move: Ctrl-C\n", 3, 9,
	    "'Ctrl-C' is not a key");
	refused("marshal-options: 1\nkeys:\n  move: Ctrl-M\n", 3, 9,
	    "'Ctrl-M' is not a key");
	refused("marshal-options: 1\nkeys:\n  move: \"é\"\n", 3, 9,
	    "is not a key");
	refused("marshal-options: 1\nkeys:\n  move: [p, h, p]\n", 3, 16,
	    "key 'p' is given twice for 'move'");
	refused("marshal-options: 1\nkeys:\n  move: []\n", 3, 9,
	    "needs at least one key");
	refused("marshal-options: 1\nkeys:\n  move: [a, b, c, d, e, f, g, "
	    "h]\n", 3, 9, "at most 7");
	refused("marshal-options: 1\nkeys:\n  move: {key: p}\n", 3, 9,
	    "not a mapping");
	refused("marshal-options: 1\nkeys:\n  move: [g, [h]]\n", 3, 13,
	    "a key is a scalar");
	/* Every bad entry is reported, not only the first. */
	refused_n("marshal-options: 1\nsymbols: x\nkeys:\n  fly: x\n"
	    "  move: zz\n", 3, 5, 9, "'zz' is not a key");
}

/* Two actions on one key in a mode: refused at the later entry. */
static void
test_bound_twice(void **state)
{
	(void)state;
	refused("marshal-options: 1\nkeys:\n  move: p\n  stop: p\n", 4, 9,
	    "key 'p' of 'stop' is already bound to 'move' in the mode "
	    "'Orders'");
	refused("marshal-options: 1\nkeys:\n  stop: p\n  move: [P, p]\n", 4,
	    9, "key 'p' of 'move' is already bound to 'stop'");
	/* Against a key marshal gives another action that the file keeps. */
	refused("marshal-options: 1\nkeys:\n  end-turn: x\n", 3, 13,
	    "key 'x' of 'end-turn' is already bound to 'why'");
	/* In another mode than the map: w is the waypoint key. */
	refused("marshal-options: 1\nkeys:\n  north: w\n", 3, 10,
	    "already bound to 'waypoint' in the mode 'Move: pick "
	    "destination'");
	/* Against a key of every mode: Ctrl-L redraws. */
	refused("marshal-options: 1\nkeys:\n  move: Ctrl-L\n", 3, 9,
	    "already bound to 'redraw'");
}

/* marshal's own bindings have no conflict, and names read back. */
static void
test_keymap_defaults(void **state)
{
	static const char *const names[] = { "Up", "Down", "Left", "Right",
	    "Home", "End", "PgUp", "PgDn", "Enter", "Esc", "Tab", "Shift-Tab",
	    "Backspace", "Space", "Ctrl-A", "Ctrl-L", "KP-B2", "x", "?", "~",
	    NULL };
	struct keymap *km = keymap_create();
	enum ui_action other, a;
	char buf[16];
	int mode, m, i, key;

	(void)state;
	assert_int_equal(keymap_conflict(km, ACT_NONE, &other, &mode), 0);
	for (m = 0; m < MODE_COUNT; m++)
		for (key = 1; key < 128; key++)
			assert_int_equal(keymap_action(km, m, key),
			    keys_action(m, key));
	for (i = 0; names[i] != NULL; i++) {
		key = keymap_key_parse(names[i]);
		assert_int_not_equal(key, 0);
		assert_string_equal(keymap_key_name(key, buf, sizeof buf),
		    names[i]);
	}
	assert_int_equal(keymap_key_parse("up"), UIK_UP);
	assert_int_equal(keymap_key_parse("ctrl-l"), UIK_CTRL('l'));
	assert_int_equal(keymap_key_parse(""), 0);
	assert_int_equal(keymap_key_parse("Ctrl-"), 0);
	assert_int_equal(keymap_key_parse("F1"), 0);
	for (a = ACT_NONE + 1; a < ACT_COUNT; a++) {
		assert_non_null(keymap_action_name(a));
		assert_int_equal(keymap_action_parse(keymap_action_name(a)),
		    a);
	}
	assert_int_equal(keymap_action_parse("none"), ACT_NONE);
	assert_false(keymap_hint(km, MODE_MAP, buf, sizeof buf));
	keymap_free(km);
}

/* The hint line follows the keys as bound. */
static void
test_keymap_hint(void **state)
{
	struct keymap *km = keymap_create();
	int keys[] = { 'p' };
	char buf[256];

	(void)state;
	assert_int_equal(keymap_bind(km, ACT_MOVE, keys, 1), 0);
	assert_true(keymap_hint(km, MODE_MAP, buf, sizeof buf));
	assert_non_null(strstr(buf, "p:move"));
	assert_non_null(strstr(buf, "e:end turn"));
	assert_null(strstr(buf, "m:move"));
	/* A mode whose hint names no action rebound keeps its own. */
	assert_false(keymap_hint(km, MODE_QUIT, buf, sizeof buf));
	keymap_free(km);
}

/* Where the file is, and a file that is not there. */
static void
test_path(void **state)
{
	struct options o;
	struct diags d;
	char *p;

	(void)state;
	setenv("XDG_CONFIG_HOME", "/cfg", 1);
	setenv("HOME", "/home/p", 1);
	p = options_path();
	assert_string_equal(p, "/cfg/marshal/options.yaml");
	free(p);
	setenv("XDG_CONFIG_HOME", "relative", 1);
	p = options_path();
	assert_string_equal(p, "/home/p/.config/marshal/options.yaml");
	free(p);
	unsetenv("XDG_CONFIG_HOME");
	unsetenv("HOME");
	assert_null(options_path());
	options_init(&o);
	diags_init(&d);
	assert_int_equal(options_load("/nonexistent/options.yaml", &o, &d),
	    1);
	assert_int_equal(d.n, 0);
	assert_null(o.keys);
	diags_free(&d);
}

/*
 * Every prefix of a full file, and the file with each byte in turn made
 * a space or a bracket, is read or refused without a crash or a leak
 * (the sanitizer build watches), and a refusal always says where.
 */
static void
test_cut_and_bent(void **state)
{
	static const char good[] = "marshal-options: 1\n"
	    "symbols: ascii\ncolour: true\nlevel: easy\n"
	    "keys:\n  move: [g, Ctrl-G]\n  end-turn: E\n  why: W\n";
	static const char bends[] = " [:";
	char buf[sizeof good];
	struct doc_node *root;
	struct options o;
	struct diags d;
	size_t len, i, b;
	int rc, i0;

	(void)state;
	for (len = 0; len < sizeof good; len++) {
		for (b = 0; b <= strlen(bends); b++) {
			for (i = 0; i < (b == 0 ? 1 : len); i++) {
				memcpy(buf, good, len);
				if (b > 0)
					buf[i] = bends[b - 1];
				options_init(&o);
				diags_init(&d);
				root = yread_buffer("o.yaml", buf, len, &d);
				rc = root != NULL ? options_load_doc(root, &o,
				    &d) : -1;
				if (rc != 0) {
					assert_true(diags_failed(&d));
					for (i0 = 0; i0 < d.n; i0++)
						assert_int_not_equal(
						    d.v[i0].line, 0);
					assert_null(o.keys);
				}
				doc_free(root);
				diags_free(&d);
				options_free(&o);
			}
		}
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good_file),
		cmocka_unit_test(test_minimal_file),
		cmocka_unit_test(test_bad_top),
		cmocka_unit_test(test_bad_keys),
		cmocka_unit_test(test_bound_twice),
		cmocka_unit_test(test_keymap_defaults),
		cmocka_unit_test(test_keymap_hint),
		cmocka_unit_test(test_path),
		cmocka_unit_test(test_cut_and_bent),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
