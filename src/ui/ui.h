/*
 * ui.h - the terminal interface's state and its entry points.
 *
 * A struct ui is everything the interface remembers between key presses:
 * the game it shows (borrowed), the mode it is in, the map cursor and
 * scroll, the selected unit, a Move order being drawn, which side is
 * giving orders and who controls each side.  It is a value like the game:
 * nothing here is global, and the tests drive one with ui_key and read
 * what ui_draw put on a canvas, without a terminal.
 *
 * Keys arrive as UI key codes (ui/keys.h), which src/ui/screen.c makes from
 * curses keys; the UI never includes curses.
 *
 * Turn flow (hot-seat): each side in turn gives orders, then ends its
 * turn (e); after the last side the turn is resolved with game_turn and the
 * log shows the explanations.  A side whose controller has an orders
 * function (the AI, later) gives its orders without the keyboard.
 *
 * Ownership: ui_create borrows the game; ui_free frees only the ui.
 */
#ifndef MARSHAL_UI_H
#define MARSHAL_UI_H

#include <stdbool.h>

#include "core/game.h"
#include "core/ruleset.h"

struct canvas;
struct ui;
struct keymap;

/*
 * Who gives a side's orders.  orders == NULL: a person at the keyboard.
 * Otherwise it is called once each turn when the side is to give orders;
 * it gives them through game_order() (the same path as the keyboard) and
 * returns, and the UI ends that side's turn for it.
 */
struct ui_controller {
	const char	*name;		/* shown in the status line */
	void		(*orders)(struct game *, int side, void *arg);
	void		*arg;
	bool		 remote;	/* orders NULL: a player at another
					   marshal (a shared game, below) */
};

/*
 * A shared game (io/match.h): one side is played here, the other from
 * another marshal.  Ending the turn here calls send, which hands this
 * side's orders on; the interface then waits (orders refused, the map,
 * the log and the pages still open) until the caller hands it the
 * turn played (ui_turn_played).  moved is told when the cursor or the
 * selection changes, for watchers; resign when the player resigns.
 * send and resign return 0, or -1 with *cause allocated.
 */
struct ui_remote {
	int		(*send)(struct ui *, void *arg, char **cause);
	int		(*resign)(struct ui *, void *arg, char **cause);
	void		(*moved)(struct ui *, void *arg);
	void		*arg;
};

enum ui_mode {
	MODE_MAP,		/* browse the map, select units, give orders */
	MODE_MOVE,		/* pick a Move destination and waypoints */
	MODE_MENU,		/* choose a formation */
	MODE_PAGER,		/* a full-screen text: help, why, rules, log */
	MODE_QUIT,		/* confirm quitting */
	MODE_HANDOVER,		/* hot-seat: pass the keyboard */
	MODE_OVER,		/* the turn limit is reached */
	MODE_INPUT,		/* a line of text: the file to save as */
	MODE_PICK,		/* choose another battle or a tutorial */
	MODE_OVERVIEW,		/* the whole map at a glance */
	MODE_REACT,		/* a question within the turn
				   (core/decide.h DECIDE_REACT): answer
				   it, picking an enemy or at once */
	MODE_REPLAY,		/* a recorded battle: step through its
				   turns, no orders (view-replay.c) */
	MODE_COUNT
};

enum pager_kind {
	PAGER_HELP,
	PAGER_WHY,
	PAGER_RULES,
	PAGER_LOG,
	PAGER_BRIEF,		/* the scenario's description and sides */
	PAGER_TUTORIAL,		/* tutorial steps just done, and the next */
	PAGER_SUMMARY,		/* the battle at a glance, after a turn */
	PAGER_PREVIEW		/* the whole Move preview (MODE_MOVE's x) */
};

/*
 * A battle or tutorial the player may switch to (ui_set_choices): name is
 * what `marshal play NAME` takes, title and blurb are shown.  The strings
 * belong to whoever made the list.
 */
struct ui_choice {
	const char	*name;
	const char	*title;
	const char	*blurb;		/* a paragraph or so; may be NULL */
	bool		 tutorial;
	const char	*refused;	/* why it cannot be played now, or
					   NULL: Enter says so instead */
	bool		 shared;	/* a game with other players on this
					   server: joined or watched, never
					   offered */
};

#define UI_PICK_MAX	64	/* entries the list shows */
#define UI_MSG_MAX	256
#define UI_INPUT_MAX	128	/* bytes in a typed line, with its NUL */

struct ui {
	struct game	*game;		/* borrowed */
	bool		 utf8;		/* UTF-8 glyphs, else ASCII */
	bool		 colour;	/* colours, else monochrome */
	struct ui_controller ctl[GAME_MAX_SIDES];

	enum ui_mode	 mode;
	int		 side;		/* side giving orders now */
	struct point	 cursor;	/* map cell under the cursor */
	struct point	 view;		/* map cell at the view's top left */
	int		 sel;		/* selected unit, -1: none */
	int		 gsel;		/* selected general (no unit is then),
					   -1: none */
	bool		 radius;	/* draw the command radius of the
					   selected unit's (or the selected)
					   general */
	int		 home_side;	/* side whose units the cursor was
					 * last put on, -1: none yet */
	/* The units marked for a group Move order (3.6.3), all of the
	 * side giving orders; m moves them together when the selected unit
	 * is one of them. */
	int		 group[ORDER_GROUP_MAX];
	int		 ngroup;
	/* The Move preview of the frame being drawn (owned): the map and
	 * the panel both draw it, and it is planned once a frame (ui_draw
	 * counts frames; route_plan keeps it). */
	unsigned	 frame;
	struct route	*route_memo;
	unsigned	 route_memo_frame;
	int		 route_memo_unit;
	bool		 area;		/* show the reachable area */
	bool		 assault;	/* MODE_MOVE picks an enemy to charge
					   (3.4.5), not a destination */
	int		 action;	/* MODE_MOVE picks where the ruleset's
					   own action goes (its index), -1:
					   not an action */
	bool		 heights;	/* show contour levels as digits */
	bool		 react_pick;	/* MODE_REACT: the cursor picks the
					   enemy the answer goes at */
	int		 turn_mark;	/* the log's length when the turn
					   began to be played */

	/* MODE_MOVE: the waypoints picked so far (the cursor is the end). */
	struct point	 wp[ORDER_MAX_POINTS];
	int		 nwp;

	/* MODE_MENU: formations offered, or (menu_actions) the ruleset's
	 * own actions. */
	int		 menu[RULES_MAX_FORM];
	int		 nmenu;
	int		 menu_pos;
	bool		 menu_actions;

	/* MODE_PAGER */
	enum pager_kind	 pager;
	int		 pager_top;	/* first line shown */
	enum ui_mode	 pager_back;	/* mode to return to; help is for it */
	int		 pager_rows;	/* lines the last draw could show */
	int		 pager_lines;	/* lines the last draw had */
	int		 pager_cols;	/* width the last draw had */
	/* Search (/ text Enter, n again) and the log's filters (u, t). */
	bool		 pager_typing;	/* the search line takes the keys */
	char		 pager_find[UI_INPUT_MAX];
	int		 pager_find_len;
	int		 pager_find_line; /* line of the last match, -1 none */
	char		 pager_note[192]; /* said on the bottom bar */
	int		 pager_unit;	/* log: only this unit's, -1 all */
	int		 pager_turn;	/* log: only this turn's, 0 all */
	enum ui_mode	 quit_back;	/* mode to return to from MODE_QUIT */

	/* MODE_INPUT: the line typed so far (printable ASCII only). */
	char		 input[UI_INPUT_MAX];
	int		 input_len;

	/* MODE_PICK: the list (borrowed), the highlighted entry, the first
	 * one shown, and the one chosen (-1: none yet). */
	const struct ui_choice *choices;
	int		 nchoices;
	int		 pick_pos;
	int		 pick_top;
	enum ui_mode	 pick_back;	/* mode Esc goes back to */
	bool		 pick_first;	/* opened before play began */
	int		 chosen;
	int		 offer_side;	/* o: the chosen battle is offered to
					   another player, who plays the other
					   side; -1: played here */
	int		 offer_deadline;	/* d: its minutes a turn, 0 */

	/* Tutorial steps (core/tutorial.h) finished by the last action:
	 * tut_from .. tut_to - 1; shown once the action is handled. */
	int		 tut_from;
	int		 tut_to;
	bool		 tut_pending;

	int		 log_from;	/* first event shown in the log panel */
	int		 resolved;	/* last turn resolved, 0: none yet */
	int		 resumed;	/* resumed from a save at this turn,
					   its log starting there (no turn
					   before it put back), 0: not */
	char		 msg[UI_MSG_MAX];	/* one-line message */
	bool		 msg_error;
	bool		 quit;		/* leave the interface */
	bool		 redraw;	/* Ctrl-L: repaint the whole terminal */
	bool		 too_small;	/* the last draw had no room: keys but
					   q, y, n and Ctrl-L do nothing */
	bool		 save_failed;	/* the last save to the slot failed */

	/* Finding one's way (view-overview.c): the battle opens centred on
	 * `centre` (done at the first draw), the last objective, unit in
	 * contact and log entry jumped to, the overview's mode to go back
	 * to and its size at the last draw. */
	struct point	 centre;
	bool		 centre_pending;
	int		 jump_obj;
	int		 jump_contact;
	int		 jump_event;
	enum ui_mode	 overview_back;
	int		 overview_w;
	int		 overview_h;

	/* Called after each turn is resolved (ui_set_turn_hook). */
	int		(*turn_hook)(struct game *, void *, char **);
	void		*turn_arg;

	/* Asked as a side at the keys ends its orders (ui_set_side_hook). */
	bool		(*side_hook)(struct game *, int, void *);
	void		*side_arg;

	/* Saves on request (ui_set_saver); save_named allows save as. */
	int		(*save_hook)(struct game *, void *, const char *,
			    char **, char **);
	void		*save_arg;
	bool		 save_named;

	/* Written by ui_draw: where the terminal cursor belongs, or -1. */
	int		 curs_x;
	int		 curs_y;
	/* The terminal shows its own cursor there (set by the screen), so
	 * the map does not mark the cursor's cell: a move costs a cursor
	 * motion, not two repainted cells. */
	bool		 term_cursor;
	/* The player's key bindings (ui/keymap.h), borrowed; NULL:
	 * marshal's own. */
	const struct keymap *keymap;
	/*
	 * A recording shown (ui_set_replay), or seek NULL: a game played.
	 * seek puts the game at turn, after its phase (-1: its orders
	 * given, nothing of it played; turns + 1: after the last turn)
	 * and returns it; the game it returned before may be freed by
	 * then.  No order is given through the interface.  viewer: what is
	 * shown, KNOW_ALL (the umpire) or a side (core/know.h).
	 */
	struct game	*(*seek)(void *, int turn, int phase);
	void		*seek_arg;
	int		 replay_turns;	/* turns recorded */
	int		 replay_at;	/* the turn shown, 1 .. turns + 1 */
	int		 replay_phase;	/* after this phase of it, -1: none */
	int		 replay_viewer;
	/* A finished battle played: p on its last screen asks to see its
	 * recording (ui_set_replay_offer); replay_wanted then says so and
	 * the interface leaves, to be run again after. */
	bool		 replay_offer;
	bool		 replay_wanted;
	/* A shared game (ui_set_remote), or NULL: waiting says this side's
	 * orders are sent; peer is what the other player is doing and
	 * ended why the battle ended other than by its result (a
	 * resignation), both for the status line and the last screen. */
	const struct ui_remote *remote;
	bool		 waiting;
	char		 peer[UI_MSG_MAX];
	char		 ended[UI_MSG_MAX];
	int		 moved_x, moved_y, moved_sel;	/* last told */
	/* Readable when something outside changed (a shared game's
	 * files): the screen's loop waits on it with the keyboard and
	 * calls wake (-1: none). */
	int		 wake_fd;
	void		(*wake)(struct ui *, void *arg);
	void		*wake_arg;
	/* A watcher: whose player's cursor and selection are followed
	 * (-1: none), and a hook that tells them. */
	int		 follow;
	int		 follow_only;	/* a player of the game watching it:
					   only their own side (-1: any) */
	bool		 (*follow_get)(struct ui *, void *arg, int side,
			    int *x, int *y, int *unit);
	void		*follow_arg;
};

/* Smallest terminal the layout works in. */
#define UI_MIN_W	60
#define UI_MIN_H	16

/* An interface on a game; side 0 gives orders first. */
struct ui *ui_create(struct game *, bool utf8, bool colour);

/* Free the interface (not the game). */
void ui_free(struct ui *);

/* Set who controls a side (copied); call before ui_start. */
void ui_set_controller(struct ui *, int side, const struct ui_controller *);

/*
 * Call hook after each turn is resolved, the game standing at the start of
 * the next turn: marshal play saves the game there.  It returns 0, or -1
 * with *cause allocated, which the message line shows.  Setting a hook
 * also tells the quit box that the game is kept.
 */
void ui_set_turn_hook(struct ui *, int (*hook)(struct game *, void *arg,
    char **cause), void *arg);

/*
 * Call hook when the side at the keys ends its orders (e), before the
 * game is told: if it returns true the interface leaves there (ui->quit),
 * the side's orders given and the turn not played.  Play by email sends
 * the orders to the opponent instead of playing the turn here.
 */
void ui_set_side_hook(struct ui *, bool (*hook)(struct game *, int side,
    void *arg), void *arg);

/*
 * How the game is saved when the player asks: S saves to the game's own
 * slot (path NULL), A asks for a file name and saves there (path as
 * typed, relative to the current directory) - only if named is true; a
 * public server never takes a file name from the player.  The hook
 * returns 0 with *where allocated, naming the file written, or -1 with
 * *cause allocated; the message line shows either.
 */
void ui_set_saver(struct ui *, int (*hook)(struct game *, void *arg,
    const char *path, char **where, char **cause), void *arg, bool named);

/*
 * Play a shared game: side is played here, every other side is remote
 * (ui_controller.remote).  r is borrowed.  Call before ui_start.
 */
void ui_set_remote(struct ui *, const struct ui_remote *r, int side);

/*
 * The turn (turn) was played elsewhere: g is the game after it (its
 * events from mark on are the turn's).  The interface shows it as its
 * own turn played and begins the next orders.  The caller frees the
 * game it handed over before, once this returns.
 */
void ui_turn_played(struct ui *, struct game *g, int mark, int turn);

/* Whether unit u is in the marked group. */
bool ui_marked(const struct ui *, int u);

/* Begin play: show the briefing, let program controllers of the first
 * side act. */
void ui_start(struct ui *);

/* Before ui_start, for a game resumed from a save: n events of the turn
 * before it were put back at the start of its log (the last turn's
 * results, shown as after that turn), or none (n 0: the log says it
 * starts at the resume). */
void ui_resumed(struct ui *, int n);

/*
 * Show a recording instead of playing: the game given to ui_create is
 * at turn 1; seek (above) moves it.  turns: the turns recorded; viewer:
 * KNOW_ALL or a side.  Call before ui_start.
 */
void ui_set_replay(struct ui *, struct game *(*seek)(void *, int turn,
    int phase), void *arg, int turns, int viewer);

/* Set the one-line message. */
void ui_msg(struct ui *, bool error, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* A recording shown: go to turn (turns + 1: the end). */
void ui_replay_goto(struct ui *, int turn);

/* A watcher following a player (ui->follow): put the cursor and the
 * selection where that player has them (follow_get). */
void ui_follow(struct ui *);

/*
 * Offer these battles and tutorials (borrowed: they must outlive the ui)
 * under the N key.  Choosing one ends the interface like quitting, and
 * ui_chosen says which.
 */
void ui_set_choices(struct ui *, const struct ui_choice *, int n);

/* Open the list of battles now (after ui_start): a first screen. */
void ui_pick(struct ui *);

/*
 * The entry the player chose, or -1.  *first is set while the player has
 * not left the list opened by ui_pick (chosen from it, or interrupted
 * there): nothing of this game was played, so there is nothing to keep.
 */
int ui_chosen(const struct ui *, bool *first);

/* The side the player keeps when the battle chosen is offered to another
 * player (o on the list), or -1: it is played here as usual. */
int ui_offered(const struct ui *, int *deadline);

/* Handle one key (a UI key code from ui/keys.h). */
void ui_key(struct ui *, int key);

/* Draw the whole interface onto the canvas (any size). */
void ui_draw(struct ui *, struct canvas *);

#endif
