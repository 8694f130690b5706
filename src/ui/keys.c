/*
 * keys.c - the key bindings of every mode.  See keys.h.
 *
 * The map keys follow the roguelike habit players already know: cursor
 * keys, vi keys hjkl with yubn for diagonals, and the numeric keypad with
 * or without Num Lock.  Capital HJKL jump eight cells.  Letters for orders
 * are the first letter of the order (m, s, f, r); e ends the side's turn;
 * g and G mark a group for one Move order.
 * ('n' is a diagonal here, so it cannot also end the turn.)
 *
 * A help text names the ruleset's concepts and rule numbers by key, as
 * "{mob}" and "{@charge}": the help page puts the ruleset's own words in
 * (ruleset_expand), so that no ruleset's words are written here.
 */
#include "config.h"

#include <stddef.h>

#include "ui/keys.h"
#include "ui/ui.h"

#define CURSOR_KEYS \
	{ ACT_N, { UIK_UP, 'k', '8', 0 }, "Up k 8", \
	    "move the cursor north" }, \
	{ ACT_S, { UIK_DOWN, 'j', '2', 0 }, "Down j 2", \
	    "move the cursor south" }, \
	{ ACT_W, { UIK_LEFT, 'h', '4', 0 }, "Left h 4", \
	    "move the cursor west" }, \
	{ ACT_E, { UIK_RIGHT, 'l', '6', 0 }, "Right l 6", \
	    "move the cursor east" }, \
	{ ACT_NW, { 'y', '7', UIK_HOME, UIK_A1, 0 }, "y 7 Home", \
	    "move the cursor north-west" }, \
	{ ACT_NE, { 'u', '9', UIK_PPAGE, UIK_A3, 0 }, "u 9 PgUp", \
	    "move the cursor north-east" }, \
	{ ACT_SW, { 'b', '1', UIK_END, UIK_C1, 0 }, "b 1 End", \
	    "move the cursor south-west" }, \
	{ ACT_SE, { 'n', '3', UIK_NPAGE, UIK_C3, 0 }, "n 3 PgDn", \
	    "move the cursor south-east" }, \
	{ ACT_FAR_N, { 'K', 0 }, "K", "move the cursor 8 cells north" }, \
	{ ACT_FAR_S, { 'J', 0 }, "J", "move the cursor 8 cells south" }, \
	{ ACT_FAR_W, { 'H', 0 }, "H", "move the cursor 8 cells west" }, \
	{ ACT_FAR_E, { 'L', 0 }, "L", "move the cursor 8 cells east" }

#define PAGER_KEYS \
	{ ACT_UP, { UIK_UP, 'k', '8', 0 }, "Up k", "scroll up a line" }, \
	{ ACT_DOWN, { UIK_DOWN, 'j', '2', 0 }, "Down j", \
	    "scroll down a line" }, \
	{ ACT_CONTINUE, { UIK_ENTER, 0 }, "Enter", \
	    "next page; at the end, close" }, \
	{ ACT_PAGE_UP, { UIK_PPAGE, 'b', '9', 0 }, "PgUp b", \
	    "scroll up a page" }, \
	{ ACT_PAGE_DOWN, { UIK_NPAGE, ' ', '3', 0 }, "PgDn Space", \
	    "scroll down a page" }, \
	{ ACT_TOP, { UIK_HOME, 'g', 0 }, "Home g", "go to the top" }, \
	{ ACT_BOTTOM, { UIK_END, 'G', 0 }, "End G", "go to the end" }

static const struct binding map_keys[] = {
	CURSOR_KEYS,
	{ ACT_SELECT, { UIK_ENTER, ' ', '5', UIK_B2, 0 }, "Enter Space 5",
	    "select the unit under the cursor" },
	{ ACT_NEXT_UNIT, { UIK_TAB, 0 }, "Tab",
	    "select the next unit of the side to play" },
	{ ACT_PREV_UNIT, { UIK_BTAB, 0 }, "Shift-Tab",
	    "select the previous unit of the side to play" },
	{ ACT_MOVE, { 'm', 0 }, "m",
	    "Move order: pick the destination with the cursor (the whole "
	    "marked group, if the unit is in it)" },
	{ ACT_MARK, { 'g', 0 }, "g",
	    "mark or unmark the selected unit for a group Move order" },
	{ ACT_BRIGADE, { 'G', 0 }, "G",
	    "mark the selected unit's whole brigade (its general's units)" },
	{ ACT_ASSAULT, { 'X', 0 }, "X",
	    "Assault: a Move order onto the enemy unit under the cursor, "
	    "to charge it{@charge}" },
	{ ACT_STOP, { 's', 0 }, "s", "Stop order: halt where it stands" },
	{ ACT_ACTION, { 'O', 0 }, "O",
	    "other orders: the ruleset's own (retire...), from a menu" },
	{ ACT_FORMATION, { 'f', 0 }, "f",
	    "Formation order: choose from the unit's formations" },
	{ ACT_RESTORE, { 'r', 0 }, "r", "Restore order: a {mob} re-forms" },
	{ ACT_TAKE_BACK, { 'U', 0 }, "U",
	    "take back the selected unit's orders of this turn (its {aide} "
	    "too)" },
	{ ACT_END_TURN, { 'e', 0 }, "e",
	    "end this side's orders (then the other side; then the turn)" },
	{ ACT_WHY, { 'x', 'W', 0 }, "x W",
	    "why: the selected unit's last results, rule by rule" },
	{ ACT_AREA, { 'a', 0 }, "a",
	    "show or hide where the selected unit can reach this turn" },
	{ ACT_HEIGHTS, { 't', 0 }, "t", "show or hide contour levels" },
	{ ACT_GENERAL, { 'C', 0 }, "C",
	    "select the next general of the side to play (m: he rides)" },
	{ ACT_RADIUS, { 'd', 0 }, "d",
	    "show or hide the command radius of the selected unit's general" },
	{ ACT_RULES, { 'R', 0 }, "R", "rules reference from the ruleset" },
	{ ACT_LOG, { 'M', 0 }, "M", "the whole message log" },
	{ ACT_BRIEF, { 'B', 0 }, "B",
	    "the briefing: situation, sides, objectives" },
	{ ACT_SUMMARY, { 'i', 0 }, "i",
	    "the battle at a glance: losses, routs, objectives, points" },
	{ ACT_JUMP_OBJECTIVE, { 'o', 0 }, "o",
	    "cursor to the next objective (says who holds it)" },
	{ ACT_JUMP_CONTACT, { 'c', 0 }, "c",
	    "cursor to the next unit in battle contact, yours first" },
	{ ACT_JUMP_EVENT, { 'v', 0 }, "v",
	    "cursor to the unit of the last result; again: the one before" },
	{ ACT_OVERVIEW, { 'z', 0 }, "z",
	    "overview: the whole map, a character for a block of cells" },
	{ ACT_SAVE, { 'S', 0 }, "S",
	    "save the game now to its slot in the save directory" },
	{ ACT_SAVE_AS, { 'A', 0 }, "A",
	    "save as: the game to a file you name" },
	{ ACT_CANCEL, { UIK_ESC, 0 }, "Esc",
	    "clear the selection and the marked group" },
	{ ACT_PICK, { 'N', 0 }, "N",
	    "another battle or a tutorial (this one is kept)" },
	{ ACT_HELP, { '?', 0 }, "?", "this help" },
	{ ACT_QUIT, { 'q', 0 }, "q", "quit (asks first)" },
	{ ACT_NONE, { 0 }, NULL, NULL }
};

static const struct binding move_keys[] = {
	CURSOR_KEYS,
	{ ACT_CONFIRM, { UIK_ENTER, ' ', '5', UIK_B2, 0 }, "Enter Space 5",
	    "give the Move order to the cursor" },
	{ ACT_WAYPOINT, { 'w', 0 }, "w",
	    "add a waypoint: the order then goes straight through them" },
	{ ACT_UNDO, { UIK_BACKSPACE, 0 }, "Backspace",
	    "remove the last waypoint" },
	{ ACT_JUMP_OBJECTIVE, { 'o', 0 }, "o",
	    "cursor to the next objective (says who holds it)" },
	{ ACT_WHY, { 'x', 0 }, "x",
	    "the whole Move preview in a page (where the panel cuts it)" },
	{ ACT_CANCEL, { UIK_ESC, 0 }, "Esc", "cancel the order" },
	{ ACT_HELP, { '?', 0 }, "?", "this help" },
	{ ACT_NONE, { 0 }, NULL, NULL }
};

static const struct binding menu_keys[] = {
	{ ACT_UP, { UIK_UP, 'k', 0 }, "Up k", "previous formation" },
	{ ACT_DOWN, { UIK_DOWN, 'j', 0 }, "Down j", "next formation" },
	{ ACT_CONFIRM, { UIK_ENTER, ' ', 0 }, "Enter Space",
	    "give the Formation order (or press its number 1-9)" },
	{ ACT_CANCEL, { UIK_ESC, 'q', 0 }, "Esc q", "cancel" },
	{ ACT_HELP, { '?', 0 }, "?", "this help" },
	{ ACT_NONE, { 0 }, NULL, NULL }
};

static const struct binding pager_keys[] = {
	PAGER_KEYS,
	{ ACT_SEARCH, { '/', 0 }, "/",
	    "search: type a text, Enter finds the next line with it" },
	{ ACT_SEARCH_NEXT, { 'n', 0 }, "n", "find the text again, further on" },
	{ ACT_FILTER_UNIT, { 'u', 0 }, "u",
	    "log: only the selected unit's events, or all again" },
	{ ACT_FILTER_TURN, { 't', 0 }, "t",
	    "log: only the last turn's events, then each turn before, "
	    "then all" },
	{ ACT_CLOSE, { UIK_ESC, 'q', '?', 0 }, "Esc q",
	    "close and go back" },
	{ ACT_NONE, { 0 }, NULL, NULL }
};

static const struct binding quit_keys[] = {
	{ ACT_YES, { 'y', 'Y', 0 }, "y", "quit marshal" },
	{ ACT_NO, { 'n', 'N', UIK_ESC, 'q', 0 }, "n Esc", "keep playing" },
	{ ACT_RESIGN, { '!', 0 }, "!",
	    "a game with another player: resign the battle" },
	{ ACT_NONE, { 0 }, NULL, NULL }
};

static const struct binding handover_keys[] = {
	{ ACT_CONTINUE, { UIK_ENTER, ' ', 0 }, "Enter Space",
	    "start giving orders" },
	{ ACT_QUIT, { 'q', 0 }, "q", "quit (asks first)" },
	{ ACT_NONE, { 0 }, NULL, NULL }
};

static const struct binding over_keys[] = {
	{ ACT_LOG, { 'M', 0 }, "M", "the whole message log" },
	{ ACT_REPLAY, { 'p', 0 }, "p",
	    "replay the battle: step through its recorded turns" },
	{ ACT_PICK, { 'N', 0 }, "N", "another battle or a tutorial" },
	{ ACT_QUIT, { 'q', 0 }, "q", "quit (asks first)" },
	{ ACT_NONE, { 0 }, NULL, NULL }
};

static const struct binding replay_keys[] = {
	CURSOR_KEYS,
	{ ACT_TURN_NEXT, { ']', '>', 0 }, "] >",
	    "the next turn: play the recorded turn shown" },
	{ ACT_TURN_PREV, { '[', '<', 0 }, "[ <",
	    "the turn before (played again from the start)" },
	{ ACT_TURN_FIRST, { '{', 0 }, "{", "the first turn" },
	{ ACT_TURN_LAST, { '}', 0 }, "}", "after the last turn: the end" },
	{ ACT_TURN_GOTO, { 'T', 0 }, "T", "go to a turn typed" },
	{ ACT_FOLLOW, { 'f', 0 }, "f", "watching a game: follow the first "
	    "player's cursor, then the second's, then nobody's" },
	{ ACT_PHASE_NEXT, { ')', 0 }, ")",
	    "the next phase: play the phase after the one shown" },
	{ ACT_PHASE_PREV, { '(', 0 }, "(", "the phase before" },
	{ ACT_SELECT, { UIK_ENTER, ' ', '5', UIK_B2, 0 }, "Enter Space 5",
	    "select the unit under the cursor" },
	{ ACT_NEXT_UNIT, { UIK_TAB, 0 }, "Tab",
	    "select the next unit of the first side" },
	{ ACT_PREV_UNIT, { UIK_BTAB, 0 }, "Shift-Tab",
	    "select the previous unit" },
	{ ACT_WHY, { 'x', 'W', 0 }, "x W",
	    "why: the selected unit's last results, rule by rule" },
	{ ACT_AREA, { 'a', 0 }, "a",
	    "show or hide the selected unit's reach this turn" },
	{ ACT_HEIGHTS, { 't', 0 }, "t", "show or hide contour levels" },
	{ ACT_RULES, { 'R', 0 }, "R", "rules reference from the ruleset" },
	{ ACT_LOG, { 'M', 0 }, "M", "the whole message log, to this turn" },
	{ ACT_BRIEF, { 'B', 0 }, "B", "the briefing: the battle and its "
	    "sides" },
	{ ACT_SUMMARY, { 'i', 0 }, "i",
	    "the battle at a glance at this turn" },
	{ ACT_JUMP_OBJECTIVE, { 'o', 0 }, "o",
	    "cursor to the next objective" },
	{ ACT_JUMP_CONTACT, { 'c', 0 }, "c",
	    "cursor to the next unit in contact" },
	{ ACT_JUMP_EVENT, { 'v', 0 }, "v",
	    "cursor to the last event, then the one before" },
	{ ACT_OVERVIEW, { 'z', 0 }, "z", "the whole map at a glance" },
	{ ACT_CANCEL, { UIK_ESC, 0 }, "Esc", "clear the selection" },
	{ ACT_HELP, { '?', 0 }, "?", "this help" },
	{ ACT_QUIT, { 'q', 0 }, "q", "quit (asks first)" },
	{ ACT_NONE, { 0 }, NULL, NULL }
};

/* A question within the turn (core/decide.h), as H15's second charge. */
static const struct binding react_keys[] = {
	CURSOR_KEYS,
	{ ACT_ANSWER_PICK, { 'c', 0 }, "c",
	    "charge again (the answer at an enemy): the cursor goes to the "
	    "nearest in reach; Tab the next, Enter charges it" },
	{ ACT_ANSWER_NOW, { 'r', 0 }, "r",
	    "rein in (the answer given at once)" },
	{ ACT_NEXT_UNIT, { UIK_TAB, 0 }, "Tab",
	    "the cursor to the next enemy the answer may go at" },
	{ ACT_CONFIRM, { UIK_ENTER, ' ', '5', UIK_B2, 0 }, "Enter Space 5",
	    "picking: give the answer at the enemy under the cursor" },
	{ ACT_END_TURN, { 'e', 0 }, "e",
	    "no answer: the unit's standing order answers" },
	{ ACT_WHY, { 'x', 'W', 0 }, "x W",
	    "why: the asked unit's last results, rule by rule" },
	{ ACT_LOG, { 'M', 0 }, "M", "the whole message log" },
	{ ACT_SAVE, { 'S', 0 }, "S",
	    "save the game now, the question open, to its slot" },
	{ ACT_CANCEL, { UIK_ESC, 0 }, "Esc",
	    "stop picking: back to the question" },
	{ ACT_HELP, { '?', 0 }, "?", "this help" },
	{ ACT_QUIT, { 'q', 0 }, "q", "quit (asks first)" },
	{ ACT_NONE, { 0 }, NULL, NULL }
};

static const struct binding overview_keys[] = {
	CURSOR_KEYS,
	{ ACT_CONFIRM, { UIK_ENTER, ' ', '5', UIK_B2, 0 }, "Enter Space 5",
	    "back to the map, at the cursor's block" },
	{ ACT_OVERVIEW, { 'z', 0 }, "z", "back to the map" },
	{ ACT_CANCEL, { UIK_ESC, 'q', 0 }, "Esc q", "back to the map" },
	{ ACT_HELP, { '?', 0 }, "?", "this help" },
	{ ACT_NONE, { 0 }, NULL, NULL }
};

/* Other keys type themselves: printable ASCII goes into the line. */
static const struct binding input_keys[] = {
	{ ACT_CONFIRM, { UIK_ENTER, 0 }, "Enter", "save to the file named" },
	{ ACT_UNDO, { UIK_BACKSPACE, 0 }, "Backspace",
	    "delete the last character" },
	{ ACT_CANCEL, { UIK_ESC, 0 }, "Esc", "cancel: nothing is saved" },
	{ ACT_NONE, { 0 }, NULL, NULL }
};

static const struct binding pick_keys[] = {
	{ ACT_UP, { UIK_UP, 'k', '8', 0 }, "Up k", "the one above" },
	{ ACT_DOWN, { UIK_DOWN, 'j', '2', 0 }, "Down j", "the one below" },
	{ ACT_PAGE_UP, { UIK_PPAGE, 0 }, "PgUp", "a page up" },
	{ ACT_PAGE_DOWN, { UIK_NPAGE, 0 }, "PgDn", "a page down" },
	{ ACT_TOP, { UIK_HOME, 'g', 0 }, "Home g", "the first" },
	{ ACT_BOTTOM, { UIK_END, 'G', 0 }, "End G", "the last" },
	{ ACT_CONFIRM, { UIK_ENTER, ' ', 0 }, "Enter Space",
	    "play it (the battle left is kept to resume); join or watch a "
	    "game with other players" },
	{ ACT_OFFER, { 'o', 0 }, "o", "offer this battle to another player "
	    "on this server (again: the other side)" },
	{ ACT_DEADLINE, { 'd', 0 }, "d", "an offer: the minutes each side "
	    "has for a turn's orders (none, 5, 15, 60, a day)" },
	{ ACT_CANCEL, { UIK_ESC, 'q', 0 }, "Esc q", "back to the battle "
	    "under way; on the first list, leave marshal" },
	{ ACT_HELP, { '?', 0 }, "?", "this help" },
	{ ACT_NONE, { 0 }, NULL, NULL }
};

static const struct binding global_keys[] = {
	{ ACT_REDRAW, { UIK_CTRL('l'), 0 }, "Ctrl-L", "redraw the screen" },
	{ ACT_NONE, { 0 }, NULL, NULL }
};

static const struct binding *const tables[MODE_COUNT] = {
	[MODE_MAP] = map_keys,
	[MODE_MOVE] = move_keys,
	[MODE_MENU] = menu_keys,
	[MODE_PAGER] = pager_keys,
	[MODE_QUIT] = quit_keys,
	[MODE_HANDOVER] = handover_keys,
	[MODE_OVER] = over_keys,
	[MODE_INPUT] = input_keys,
	[MODE_PICK] = pick_keys,
	[MODE_OVERVIEW] = overview_keys,
	[MODE_REPLAY] = replay_keys,
	[MODE_REACT] = react_keys,
};

static const char *const mode_names[MODE_COUNT] = {
	[MODE_MAP] = "Orders",
	[MODE_MOVE] = "Move: pick destination",
	[MODE_MENU] = "Formation",
	[MODE_PAGER] = "Reading",
	[MODE_QUIT] = "Quit?",
	[MODE_HANDOVER] = "Hand over",
	[MODE_OVER] = "Game over",
	[MODE_INPUT] = "Save as",
	[MODE_PICK] = "Choose a battle",
	[MODE_OVERVIEW] = "Overview",
	[MODE_REPLAY] = "Replay",
	[MODE_REACT] = "Question",
};

const struct binding *
keys_mode(int mode)
{
	if (mode < 0 || mode >= MODE_COUNT)
		return global_keys;
	return tables[mode];
}

static enum ui_action
lookup(const struct binding *b, int key)
{
	int i;

	for (; b->action != ACT_NONE; b++)
		for (i = 0; i < BIND_MAX_KEYS && b->keys[i] != 0; i++)
			if (b->keys[i] == key)
				return b->action;
	return ACT_NONE;
}

enum ui_action
keys_action(int mode, int key)
{
	enum ui_action a = lookup(global_keys, key);

	if (a != ACT_NONE)
		return a;
	return lookup(keys_mode(mode), key);
}

const char *
keys_mode_name(int mode)
{
	if (mode < 0 || mode >= MODE_COUNT)
		return "?";
	return mode_names[mode];
}
