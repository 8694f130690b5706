/*
 * keys.h - key codes and the key bindings of each mode.
 *
 * Printable keys are their ASCII codes; special keys get codes above the
 * Unicode range so that screen.c can translate curses keys into them and
 * tests can send them without curses.  Each mode has one table of
 * bindings; the dispatcher and the help screen both read it, so help
 * always lists exactly the keys that work.
 */
#ifndef MARSHAL_KEYS_H
#define MARSHAL_KEYS_H

#define UIK_CTRL(c)	((c) & 0x1f)
#define UIK_ESC		27
#define UIK_TAB		9

enum ui_keycode {
	UIK_UP = 0x110000,
	UIK_DOWN,
	UIK_LEFT,
	UIK_RIGHT,
	UIK_HOME,		/* keypad 7 without Num Lock */
	UIK_PPAGE,		/* keypad 9 */
	UIK_END,		/* keypad 1 */
	UIK_NPAGE,		/* keypad 3 */
	UIK_A1,			/* keypad corners and centre (curses names) */
	UIK_A3,
	UIK_B2,
	UIK_C1,
	UIK_C3,
	UIK_ENTER,
	UIK_BACKSPACE,
	UIK_BTAB,		/* Shift-Tab */
	UIK_RESIZE		/* the terminal changed size */
};

enum ui_action {
	ACT_NONE,
	ACT_N, ACT_NE, ACT_E, ACT_SE, ACT_S, ACT_SW, ACT_W, ACT_NW,
	ACT_FAR_N, ACT_FAR_E, ACT_FAR_S, ACT_FAR_W,
	ACT_SELECT,
	ACT_NEXT_UNIT,
	ACT_PREV_UNIT,
	ACT_MOVE,
	ACT_STOP,
	ACT_FORMATION,
	ACT_RESTORE,
	ACT_END_TURN,
	ACT_WHY,
	ACT_AREA,
	ACT_HEIGHTS,
	ACT_RULES,
	ACT_LOG,
	ACT_HELP,
	ACT_QUIT,
	ACT_CANCEL,
	ACT_WAYPOINT,
	ACT_UNDO,
	ACT_CONFIRM,
	ACT_UP,
	ACT_DOWN,
	ACT_PAGE_UP,
	ACT_PAGE_DOWN,
	ACT_TOP,
	ACT_BOTTOM,
	ACT_CLOSE,
	ACT_YES,
	ACT_NO,
	ACT_CONTINUE,
	ACT_REDRAW,
	ACT_BRIEF,
	ACT_SUMMARY,
	ACT_JUMP_OBJECTIVE,
	ACT_JUMP_CONTACT,
	ACT_JUMP_EVENT,
	ACT_OVERVIEW,
	ACT_SAVE,
	ACT_SAVE_AS,
	ACT_PICK,
	ACT_GENERAL,		/* select the next general of the side */
	ACT_RADIUS,		/* show or hide a general's command radius */
	ACT_MARK,
	ACT_BRIGADE,
	ACT_TURN_NEXT,		/* a recording: the next turn */
	ACT_TURN_PREV,		/* the turn before */
	ACT_TURN_FIRST,
	ACT_TURN_LAST,
	ACT_TURN_GOTO,		/* a turn typed */
	ACT_PHASE_NEXT,		/* a recording: the next phase */
	ACT_PHASE_PREV,
	ACT_REPLAY,		/* a finished battle: see its recording */
	ACT_TAKE_BACK,		/* map: this turn's order to the unit undone */
	ACT_SEARCH,		/* pager: type a text to find */
	ACT_SEARCH_NEXT,	/* pager: the next line with it */
	ACT_FILTER_UNIT,	/* log pager: the selected unit's events */
	ACT_FILTER_TURN,	/* log pager: one turn's events */
	ACT_ASSAULT,		/* a Move order onto an enemy: charge it */
	ACT_ACTION,		/* the ruleset's own orders (retire...) */
	ACT_RESIGN,		/* a shared game: resign the battle */
	ACT_FOLLOW,		/* watching: follow a player's cursor */
	ACT_OFFER,		/* the list: offer a battle to a player */
	ACT_DEADLINE,		/* the list: the offer's turn deadline */
	ACT_ANSWER_PICK,	/* a question: the answer at an enemy
				   picked on the map (charge again) */
	ACT_ANSWER_NOW,		/* a question: the answer given at once
				   (rein in) */
	ACT_COUNT
};

#define BIND_MAX_KEYS	8

struct binding {
	enum ui_action	 action;
	int		 keys[BIND_MAX_KEYS];	/* 0-terminated */
	const char	*label;		/* the keys as shown in help */
	const char	*help;		/* what the action does; with
					   "{mob}", "{@charge}" for
					   ruleset_expand */
};

/* The bindings of a mode (ui.h enum ui_mode), ending with ACT_NONE;
 * mode -1 gives the keys that work in every mode. */
const struct binding *keys_mode(int mode);

/* The action a key has in a mode, or ACT_NONE. */
enum ui_action keys_action(int mode, int key);

/* A name for a mode, shown in the status line and help. */
const char *keys_mode_name(int mode);

#endif
