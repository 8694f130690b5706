/*
 * view.h - the views of the interface and what they share (private to
 * src/ui).
 *
 * The screen is cut into a status line, the map, a side panel, the message
 * log and a line of hints (struct layout).  Each view draws from the game
 * and the ui state onto a canvas; the modes that take keys (map, move,
 * menu, pager) export an open/init function, a key function taking the
 * action the key is bound to, and a draw function, and ui.c dispatches on
 * the mode.  No view changes the game except through ui_order(), which is
 * game_order() with a message for the player.
 */
#ifndef MARSHAL_VIEW_H
#define MARSHAL_VIEW_H

#include "core/move.h"
#include "ui/canvas.h"
#include "ui/keys.h"
#include "ui/ui.h"

struct layout {
	bool	too_small;
	int	status_y;		/* the status line */
	int	map_x, map_y, map_w, map_h;
	int	panel_x, panel_y, panel_w, panel_h;
	int	log_x, log_y, log_w, log_h;	/* log_y is its title row */
	int	hint_y;			/* the bottom line */
};

/* Cut a w x h screen into views. */
void layout_compute(int w, int h, struct layout *);
/*
 * Fit a layout to a map of map_w x map_h cells: where the screen is wider
 * than the map the panel takes the columns the map would leave blank, and
 * where it is taller the log takes the rows.
 */
void layout_fit(struct layout *, int map_w, int map_h);
/* The layout of the ui's game on a w x h screen: computed, then fitted. */
void ui_layout(const struct ui *, int w, int h, struct layout *);

/* Styles and glyphs, by colour or monochrome and UTF-8 or ASCII. */
struct style theme_side(const struct ui *, int side);
struct style theme_bar(const struct ui *);
struct style theme_title(const struct ui *);
struct style theme_dim(const struct ui *);
struct style theme_error(const struct ui *);
struct style theme_rule(const struct ui *);
const char *theme_facing(const struct ui *, enum dir);
/* The letter the map draws for a unit of this arm and side. */
char theme_arm(const struct ruleset *, int side, enum arm);
/* The landscape's glyph; one (2 bytes) holds an ASCII glyph. */
const char *theme_land(const struct ui *, int land, char *one);
/* The obstacle's glyph; one (2 bytes) holds an ASCII glyph. */
const char *theme_obstacle(const struct ui *, int obst, char *one);

/* The map's own marks, each with one glyph per character set. */
enum map_glyph {
	MG_COLONEL, MG_MARKED, MG_TRACK, MG_AIDE, MG_OBJECTIVE, MG_CONTOUR,
	MG_PASSAGE, MG_ROUTE, MG_LATER, MG_WAYPOINT, MG_STOP, MG_CURSOR,
	MG_COUNT
};
const char *theme_glyph(const struct ui *, enum map_glyph);

/*
 * The legend: every glyph the map can draw and what it means, built from
 * the same tables that draw the map.  glyphs holds one or more glyphs
 * cut by single spaces.
 */
struct legend_entry {
	char		glyphs[64];
	char		meaning[128];
	struct style	st;
};
#define LEGEND_MAX	64
/* Fill e (LEGEND_MAX entries) with the legend; returns the count. */
int theme_legend(const struct ui *, struct legend_entry *e);

/* Give an order through game_order; the message line says how it went. */
int ui_order(struct ui *, const struct order *);

/* The side at the keys is done with what it was asked (as e ends its
 * orders): the game runs on, to the next side or question or the turn's
 * end. */
void ui_side_done(struct ui *);

/*
 * A question within the turn (view-react.c): the one open for the side
 * at the keys, into *d (may be NULL); MODE_REACT opened on it (the map
 * when none is open); its keys; its box over the map.
 */
struct decision;
bool react_question(const struct ui *, struct decision *d);
void react_open(struct ui *);
void react_key(struct ui *, enum ui_action);
void react_draw(struct ui *, struct canvas *, const struct layout *);
/* The answers' keys and labels, as the box shows them, into buf. */
void react_answers(const struct ui *, const struct decision *, char *buf,
    size_t len);

/* The unit's movement allowance this turn in ticks, -1 if unknown. */
int ui_allowance(struct ui *, int unit);

/*
 * Who is looking at the screen, for core/know.h: the side at the keyboard
 * (against the computer, the person's side; in hot-seat the side giving
 * orders), KNOW_NONE while the keyboard is handed over or a hot-seat
 * battle is over, KNOW_ALL with nobody at the keyboard.
 */
int ui_viewer(const struct ui *);

/* True if a unit belongs to the side giving orders now. */
bool ui_own(const struct ui *, int unit);

/* Map view: cursor, selection, the order keys; the map with overlays. */
void map_key(struct ui *, enum ui_action);
void map_draw(struct ui *, struct canvas *, const struct layout *);
void map_follow(struct ui *, const struct layout *);
void map_cursor_move(struct ui *, enum ui_action);
/* The cursor key a moves the cursor by bx x by cells a step (8 steps for
 * the far keys), kept on the map; false if a is no cursor key. */
bool map_cursor_step(struct ui *, enum ui_action a, int bx, int by);

/* Move mode: destination and waypoints for the selected unit. */
void move_open(struct ui *);
/* 3.4.5: open MODE_MOVE to pick the enemy the selected unit assaults;
 * refuses (a message) a unit that never charges. */
void assault_open(struct ui *);
/* MODE_MOVE's assault: the enemy unit under the cursor, -1 if none. */
int assault_target(const struct ui *);
void move_key(struct ui *, enum ui_action);

/*
 * A planned route for the selected unit through the waypoints to the
 * cursor: the cells in order and how far the unit gets this turn.
 */
#define ROUTE_MAX	4096
#define ROUTE_NOTES	4
#define ROUTE_TURNS	24	/* turns the forecast looks ahead */
struct route {
	struct point	cells[ROUTE_MAX];
	int		n;
	int		stop;		/* index of the cell it stops at */
	int		turns;		/* turns to arrive, -1: not within
					   ROUTE_TURNS (or stopped) */
	char		why[256];	/* why it stops there */
	bool		exact;		/* from the movement engine */
	char		notes[ROUTE_NOTES][512]; /* last explanation steps,
					   whole (a long one ran past 200) */
	int		nnotes;		/* (newest first) */
	char		charge[320];	/* the charge it brings about (3.4.5),
					   "" if none */
	bool		no_march;	/* an action that makes no march:
					   nothing drawn, why says so */
	bool		charge_now;	/* that charge comes this turn, before
					   any march, and the unit does not
					   march: cells run straight at the
					   target, stop is 0 */
	struct move_forecast_end end;	/* not arriving: how the forecast
					   ended (move_forecast_end) */
	int		form;		/* not arriving: the formation with a
					   whole route there (move_route_form),
					   -1 none, MOVE_FORM_UNITS none past
					   the units standing; -2 not asked */
	/* A group order: what it brings about for the members the
	 * preview does not walk (a charge, a halt at the enemy), one
	 * short line and one whole each, nmembers of them. */
	char		member[ORDER_GROUP_MAX][320];
	char		member_whole[ORDER_GROUP_MAX][400];
	int		nmembers;
};
/* The Move preview of unit's draft order into *r, or of the march of the
 * action being given (ui->action, the ruleset's action_march; no march
 * shown when it makes none): planned once a frame (ui->frame), the map
 * and the panel reading the same copy. */
void route_plan(struct ui *, int unit, struct route *);
/* The march of m, a marked unit other than the selected one, under the
 * group Move order the cursor aims, into *r (cells and this turn's stop,
 * as route_plan gives the selected unit's); only one cell, where m
 * stands, when m is no such member.  Planned afresh at each call. */
void route_plan_member(struct ui *, int m, struct route *);
/* Whether m moves unit as one of a marked group; if so, *place is where
 * the group order under the cursor sends it (game_group_place). */
bool route_group_place(const struct ui *, int unit, struct point *place);
/* 3.4.5: the line that says which charge Move order o brings about, if
 * its march this turn stops at stop, facing, for the reason halt; "" if
 * none.  Never names a target the ruleset would not charge.  Returns
 * when the charge comes (enum charge_when), -1 for none. */
int route_charge(const struct game *, const struct order *o,
    struct point stop, enum dir facing, enum halt halt, char *buf,
    size_t len);

/*
 * Generals (view-general.c): the glyph of a side's general; the general
 * standing at a cell (-1: none); the generals and the command radius on
 * the map; a selected general's ride preview and panel (returns the rows
 * used); his keys (g, m, s and Enter in move mode).
 */
const char *general_glyph(const struct ui *, int side);
int general_at(const struct game *, struct point);
/* Whether any general of the battle has a command radius: a ruleset
 * whose data gives none (horse and musket: orders are in force at once
 * however far, HO.1) leaves d nothing to show, and the help omits it. */
bool general_has_radius(const struct game *);
void general_draw(struct ui *, struct canvas *, const struct layout *);
void general_route_draw(struct ui *, struct canvas *, const struct layout *);
int general_panel(struct ui *, struct canvas *, int x, int y, int w,
    int bottom);
void general_key(struct ui *, enum ui_action);
/* The Move order for the route shown: the cheapest route to the cursor
 * (core/move.h, move_route); with waypoints, straight through them. */
void route_order(const struct ui *, int unit, struct order *);
/* The order the menu's action (ui->action) would give unit with the
 * cursor where it is: its point there, or its facing towards it. */
void route_action_order(const struct ui *, int unit, struct order *);

/* Side panel: the selected unit and the cell under the cursor. */
void panel_draw(struct ui *, struct canvas *, const struct layout *);

/* The Move preview of the selected unit to the cursor, as the panel gives
 * it in MODE_MOVE, line by line: put(arg, style, text), each line whole
 * (the pager's page of it, where the panel cuts it short). */
void panel_route_lines(struct ui *, void (*put)(void *, struct style,
    const char *), void *arg);

/* The battle at a glance (core/summary.h) as lines: line(arg, style,
 * text) once per line, for the page between turns and the final box. */
void summary_lines(struct ui *, void (*line)(void *, struct style,
    const char *), void *arg);

/* Finding one's way (view-overview.c): the centre of what matters, the
 * side's active unit nearest a point (-1: none), the jump keys (true if
 * the action was one), and the overview of the whole map. */
struct point overview_focus(const struct game *);
int overview_nearest(const struct game *, int side, struct point);
bool overview_jump(struct ui *, enum ui_action);
void overview_key(struct ui *, enum ui_action);
void overview_draw(struct ui *, struct canvas *);

/* Message log panel; its first skip rows under the title are left to a
 * box drawn over them (the hand-over's), the newest events below. */
void log_draw(struct ui *, struct canvas *, const struct layout *,
    int skip);

/* Formation menu; the same menu for the ruleset's own actions
 * (action_menu_open, key O). */
void menu_open(struct ui *);
void action_menu_open(struct ui *);
void menu_key(struct ui *, enum ui_action, int key);
void menu_draw(struct ui *, struct canvas *, const struct layout *);

/* Save as: a one-line prompt for a file name; input_save saves to the
 * slot (path NULL) or the named file and says where in the message line. */
/* view-replay.c: a recording's keys, and the turn to show, after phase
 * (-1: its orders given; clamped to 1 .. turns + 1; says what it cost
 * when it went back). */
void replay_key(struct ui *, enum ui_action);
void replay_goto(struct ui *, int turn, int phase);

void input_open(struct ui *);
void input_key(struct ui *, enum ui_action, int key);
void input_draw(struct ui *, struct canvas *, const struct layout *);
void input_save(struct ui *, const char *path);

/* The list of battles and tutorials (ui_set_choices), full screen. */
void pick_open(struct ui *);
/* The list entry of the lesson after the tutorial being played, once
 * every step of it is done; -1 otherwise or after the last lesson. */
int pick_next_lesson(const struct ui *);
void pick_key(struct ui *, enum ui_action, int page);
void pick_draw(struct ui *, struct canvas *);

/* Full-screen pages: help, why, rules, log. */
void pager_open(struct ui *, enum pager_kind);
void pager_key(struct ui *, enum ui_action, int key);
void pager_draw(struct ui *, struct canvas *);

#endif
