/*
 * ui-draw.c - the interface's frame (ui_draw): status line, hints, the
 * map, panel and log views in their places, and the boxes for quitting,
 * handing over and the end of the game.  See ui.h.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/decide.h"
#include "core/game.h"
#include "core/know.h"
#include "core/ruleset.h"
#include "ui/keymap.h"
#include "ui/view.h"

#define OVER_LINES	24	/* result and summary lines at the end */
#define HANDOVER_LINES	3	/* the hand-over box, over the log */
#define MSG_ROWS	3	/* a long message, over the log's last rows */

/* The name of the mode ui is in, for the status line: the menu of the
 * ruleset's own orders (O) shares the formation menu's mode but is not
 * one of formations. */
static const char *
mode_name(const struct ui *ui, int mode)
{
	if (mode == MODE_MENU && ui->menu_actions)
		return "Other orders";
	return keys_mode_name(mode);
}

static void
status_draw(struct ui *ui, struct canvas *c, const struct layout *l)
{
	const struct game *g = ui->game;
	struct style bar = theme_bar(ui);
	char limit[32] = "";
	int x, phase;

	canvas_fill(c, 0, l->status_y, c->w, 1, " ", bar);
	if (g->opt.turn_limit > 0)
		snprintf(limit, sizeof limit, "/%d", g->opt.turn_limit);
	/* Orders are given in the turn's first phase (the ruleset's). */
	phase = g->phase >= 0 ? g->phase : 0;
	/* A finished battle shows its last turn, never one past the end. */
	if (game_over(g))
		phase = g->rs->nphases - 1;
	x = canvas_printf(c, 0, l->status_y, c->w, bar, " Turn %d%s %s | ",
	    game_over(g) ? g->result.turn : g->turn, limit,
	    phase >= 0 && phase < g->rs->nphases && g->rs->phase_keys !=
	    NULL ? g->rs->phase_keys[phase] : "");
	if (ui->seek != NULL) {
		x += canvas_printf(c, x, l->status_y, c->w - x, bar,
		    "Replay %s %d of %d turns | %s",
		    ui->replay_at > ui->replay_turns ? "end after" : "turn",
		    ui->replay_at > ui->replay_turns ? ui->replay_turns :
		    ui->replay_at, ui->replay_turns,
		    ui->replay_viewer == KNOW_ALL ? "umpire: both sides" :
		    ui->replay_viewer >= 0 && ui->replay_viewer < g->nsides ?
		    g->sides[ui->replay_viewer].name : "?");
	} else if (ui->mode == MODE_OVER || game_over(g))
		/* Over a box or a page of a finished battle too: no side is
		 * to give orders any more. */
		x += canvas_text(c, x, l->status_y, c->w - x, "Game over",
		    bar);
	else if (ui->remote != NULL)
		x += canvas_printf(c, x, l->status_y, c->w - x, bar,
		    "%s: %s | %s",
		    ui->side < g->nsides ? g->sides[ui->side].name : "?",
		    ui->waiting ? "orders sent" : "your orders",
		    ui->peer[0] != '\0' ? ui->peer : mode_name(ui, ui->mode));
	else
		/* The hand-over's box says what it is: the line reads as it
		 * will when the orders begin, and Enter changes none of it. */
		x += canvas_printf(c, x, l->status_y, c->w - x, bar,
		    "%s to give orders (%s) | %s",
		    ui->side < g->nsides ? g->sides[ui->side].name : "?",
		    ui->ctl[ui->side].name, mode_name(ui, ui->mode ==
		    MODE_HANDOVER ? MODE_MAP : ui->mode));
	if (g->title != NULL)
		canvas_printf(c, x, l->status_y, c->w - x, bar, " | %s",
		    g->title);
}

/* The main keys of the mode, as the player bound them; NULL if none.
 * bound, of UI_MSG_MAX bytes, holds a rebound line. */
static const char *
mode_hint(const struct ui *ui, char *bound)
{
	static const char *const hints[MODE_COUNT] = {
		[MODE_MAP] = "?:help Tab:unit m:move s:stop f:formation "
		    "r:restore e:end turn x:why q:quit",
		[MODE_MOVE] = "Move: cursor to destination, w:waypoint "
		    "Enter:give order Esc:cancel ?:help",
		[MODE_MENU] = "Formation: Up/Down or number, Enter:give "
		    "order Esc:cancel",
		[MODE_QUIT] = "Quit? y:yes n:no",
		[MODE_HANDOVER] = "Enter:start giving orders q:quit",
		[MODE_OVER] = "M:log N:another battle q:quit",
		[MODE_REPLAY] = "Replay: [:back ]:next turn T:go to M:log "
		    "x:why i:glance ?:help q:quit",
		[MODE_REACT] = "Question: c:charge again r:rein in Tab:next "
		    "enemy Enter:charge it e:standing order ?:help",
	};
	const char *h = hints[ui->mode];

	if (ui->mode == MODE_MENU && ui->menu_actions)
		h = "Other orders: Up/Down or number, Enter:choose "
		    "Esc:cancel";
	if (ui->mode == MODE_OVER && ui->replay_offer)
		h = "M:log p:replay N:another battle q:quit";
	if (keymap_hint(ui->keymap, ui->mode, bound, UI_MSG_MAX))
		h = bound;
	return h;
}

/* The bottom line: the message if there is one, else the main keys (the
 * hand-over's are in its box: the line is left blank, which costs the
 * least to send and then to replace).  A message wider than the screen
 * is wrapped upwards over the log's last rows (MSG_ROWS at most, the
 * log's title kept), so that it reads whole; the log is whole in M. */
static void
hint_draw(struct ui *ui, struct canvas *c, const struct layout *l)
{
	char bound[UI_MSG_MAX];
	const char *h = mode_hint(ui, bound);
	struct style st = ui->msg_error ? theme_error(ui) : theme_title(ui);
	int n, room = l->hint_y - l->log_y;

	if (ui->msg[0] != '\0' && canvas_text_width(ui->msg) > c->w &&
	    room > 1) {
		n = canvas_wrap(NULL, 0, 0, c->w, -1, ui->msg, st);
		if (n > MSG_ROWS)
			n = MSG_ROWS;
		if (n > room)
			n = room;
		canvas_fill(c, 0, l->hint_y - n + 1, c->w, n, " ",
		    style_plain);
		(void)canvas_wrap(c, 0, l->hint_y - n + 1, c->w, n, ui->msg,
		    st);
	} else if (ui->msg[0] != '\0')
		canvas_text(c, 0, l->hint_y, c->w, ui->msg, st);
	else if (h != NULL && ui->mode != MODE_HANDOVER)
		canvas_text(c, 0, l->hint_y, c->w, h, theme_dim(ui));
}

/* A box of lines in the middle of the screen. */
static void
box_draw(struct ui *ui, struct canvas *c, const char *const *lines, int n)
{
	int i, w = 0, x, y, len;
	struct style st = theme_bar(ui);

	for (i = 0; i < n; i++)
		if ((len = canvas_text_width(lines[i])) > w)
			w = len;
	w += 4;
	if (w > c->w)
		w = c->w;
	x = (c->w - w) / 2;
	y = (c->h - n - 2) / 2;
	canvas_fill(c, x, y, w, n + 2, " ", st);
	/* A frame, so that the map and the panel beside the box never read
	 * as the end of its lines. */
	if (w >= 2) {
		canvas_fill(c, x, y, w, 1, ui->utf8 ? "─" : "-", st);
		canvas_fill(c, x, y + n + 1, w, 1, ui->utf8 ? "─" : "-", st);
		canvas_fill(c, x, y, 1, n + 2, ui->utf8 ? "│" : "|", st);
		canvas_fill(c, x + w - 1, y, 1, n + 2, ui->utf8 ? "│" : "|",
		    st);
		canvas_put(c, x, y, ui->utf8 ? "┌" : "+", st);
		canvas_put(c, x + w - 1, y, ui->utf8 ? "┐" : "+", st);
		canvas_put(c, x, y + n + 1, ui->utf8 ? "└" : "+", st);
		canvas_put(c, x + w - 1, y + n + 1, ui->utf8 ? "┘" : "+", st);
	}
	for (i = 0; i < n; i++)
		canvas_text(c, x + 2, y + 1 + i, w - 4, lines[i],
		    i == 0 ? style_make(COL_DEFAULT, COL_DEFAULT,
		    ATTR_REVERSE | ATTR_BOLD) : st);
}

/*
 * Hot-seat: the box that hands the keyboard over, at the top of the log
 * pane (log_draw leaves it the rows), not over the map.  Over a slow link
 * what matters is what is sent: a box over the map costs the map under
 * it twice, once hidden and again shown, in the map's colours and
 * multi-byte glyphs (about 1 KB at 80x24), while the log's plain lines
 * change anyway when the next side's own log replaces the shared one.
 * No frame either: a box line of UTF-8 rules costs three bytes a cell.
 * What hides the last side's turn is the rest of the screen, drawn for
 * nobody (ui_viewer), not the box.
 */
static void
handover_draw(struct ui *ui, struct canvas *c, const struct layout *l)
{
	const struct game *g = ui->game;
	char first[UI_MSG_MAX], bound[UI_MSG_MAX];
	const char *lines[HANDOVER_LINES];
	struct decision d;
	struct style st;
	int i, w = 0, x, len;

	if (react_question(ui, &d))
		snprintf(first, sizeof first, "Turn %d: %s, a question (%s)",
		    g->turn, g->sides[ui->side].name, d.rule);
	else
		snprintf(first, sizeof first, "Turn %d: %s to give orders",
		    g->turn, g->sides[ui->side].name);
	lines[0] = first;
	lines[1] = "Hand the keyboard over.";
	lines[2] = mode_hint(ui, bound);
	for (i = 0; i < HANDOVER_LINES; i++)
		if ((len = canvas_text_width(lines[i])) > w)
			w = len;
	w += 4;
	if (w > l->log_w)
		w = l->log_w;
	x = l->log_x + (l->log_w - w) / 2;
	/* Each line in one style, its margins too: a change of style
	 * inside a line costs a reset and the attributes again. */
	for (i = 0; i < HANDOVER_LINES && i < l->log_h - 1; i++) {
		st = i == 0 ? style_make(COL_DEFAULT, COL_DEFAULT,
		    ATTR_REVERSE | ATTR_BOLD) : theme_bar(ui);
		canvas_fill(c, x, l->log_y + 1 + i, w, 1, " ", st);
		canvas_text(c, x + 2, l->log_y + 1 + i, w - 4, lines[i], st);
	}
}

static void
too_small_draw(struct ui *ui, struct canvas *c)
{
	char l1[80], l2[80];
	const char *lines[3];

	snprintf(l1, sizeof l1, "Terminal too small: %dx%d", c->w, c->h);
	snprintf(l2, sizeof l2, "marshal needs at least %dx%d.", UI_MIN_W,
	    UI_MIN_H);
	lines[0] = l1;
	lines[1] = l2;
	lines[2] = "Enlarge the window, or q then y to quit.";
	if (c->w < 44) {
		/* Too narrow even for the box: plain lines, cut short. */
		canvas_text(c, 0, 0, c->w, "Terminal too small", theme_title(ui));
		canvas_printf(c, 0, 1, c->w, style_plain, "%dx%d, need %dx%d",
		    c->w, c->h, UI_MIN_W, UI_MIN_H);
		return;
	}
	box_draw(ui, c, lines, 3);
}

/*
 * The saved result in words: "3.10.2: the French win, 3 points to 1";
 * a battle won because the other side broke while the winner stood says
 * so, not the points (they may favour the side that broke; the summary
 * below gives them): "3.10.1: the Allies have broken: the French win".
 */
static void
over_result(const struct game *g, char *buf, size_t len)
{
	const struct game_result *r = &g->result;
	int o;

	if (r->winner < 0) {
		snprintf(buf, len, "%s%s: a draw, %d point%s each", r->rule,
		    ruleset_rule_mark(g->rs, r->rule),
		    r->points[0], r->points[0] == 1 ? "" : "s");
		return;
	}
	o = g->nsides > 1 ? 1 - r->winner : r->winner;
	if (o != r->winner && g->sides[o].broken &&
	    !g->sides[r->winner].broken) {
		snprintf(buf, len, "%s%s: the %s have broken: the %s win",
		    r->rule, ruleset_rule_mark(g->rs, r->rule),
		    g->sides[o].name, g->sides[r->winner].name);
		return;
	}
	snprintf(buf, len, "%s%s: the %s win, %d point%s to %d", r->rule,
	    ruleset_rule_mark(g->rs, r->rule),
	    g->sides[r->winner].name, r->points[r->winner],
	    r->points[r->winner] == 1 ? "" : "s", r->points[o]);
}

/* Lines for the end box, kept in order. */
struct over_text {
	char		 text[OVER_LINES][UI_MSG_MAX];
	const char	*lines[OVER_LINES + 3];
	int		 n;
};

static void
over_line(void *arg, struct style st, const char *s)
{
	struct over_text *t = arg;

	(void)st;
	if (t->n >= OVER_LINES)
		return;
	snprintf(t->text[t->n], sizeof t->text[0], "%s", s);
	t->lines[t->n] = t->text[t->n];
	t->n++;
}

/*
 * A box's line of keys, "M: read the log    q: quit", into buf: each of
 * the n actions of mode with the keys bound to it now (their label, as
 * help shows it) and what it does.
 */
static const char *
keys_line(const struct ui *ui, int mode, char *buf, size_t size,
    const enum ui_action *act, const char *const *what, int n)
{
	const struct binding *b;
	size_t len = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < n; i++) {
		for (b = keymap_mode(ui->keymap, mode); b->action != ACT_NONE &&
		    b->action != act[i]; b++)
			;
		if (b->action == ACT_NONE || len >= size)
			continue;
		len += (size_t)snprintf(buf + len, size - len, "%s%s: %s",
		    len > 0 ? "    " : "", b->label, what[i]);
	}
	return buf;
}

/* The end: the result, then the battle at a glance, as far as the
 * screen has room (the keys line always shows). */
static void
over_draw(struct ui *ui, struct canvas *c)
{
	const struct game *g = ui->game;
	struct over_text t;
	enum ui_action act[4];
	const char *what[4];
	char keys[160];
	int room = c->h - 2 - 1, n;

	t.n = 0;
	snprintf(t.text[0], sizeof t.text[0], "The battle is over after %d "
	    "turn%s", game_over(g) ? g->result.turn : g->turn - 1,
	    (game_over(g) ? g->result.turn : g->turn - 1) == 1 ? "" : "s");
	t.lines[t.n] = t.text[t.n];
	t.n++;
	if (ui->ended[0] != '\0')
		snprintf(t.text[1], sizeof t.text[1], "%s", ui->ended);
	else
		over_result(g, t.text[1], sizeof t.text[1]);
	t.lines[t.n] = t.text[t.n];
	t.n++;
	over_line(&t, style_plain, "");
	summary_lines(ui, over_line, &t);
	if (t.n > room)
		t.n = room > 2 ? room : 2;
	n = 0;
	act[n] = ACT_LOG, what[n++] = "read the log";
	if (ui->replay_offer)
		act[n] = ACT_REPLAY, what[n++] = "replay it";
	if (ui->nchoices > 0)
		act[n] = ACT_PICK, what[n++] = "another battle";
	act[n] = ACT_QUIT, what[n++] = "quit";
	t.lines[t.n++] = keys_line(ui, MODE_OVER, keys, sizeof keys, act,
	    what, n);
	box_draw(ui, c, t.lines, t.n);
}

void
ui_draw(struct ui *ui, struct canvas *c)
{
	struct layout l;
	char buf[160];
	const char *lines[4], *qwhat[3];
	enum ui_action qact[3];

	canvas_clear(c);
	c->ascii = !ui->utf8;
	ui->curs_x = ui->curs_y = -1;
	ui->frame++;			/* a new frame: plan its preview anew */
	ui_layout(ui, c->w, c->h, &l);
	ui->too_small = l.too_small;
	if (l.too_small) {
		too_small_draw(ui, c);
		return;
	}
	if (ui->mode == MODE_PAGER) {
		pager_draw(ui, c);
		return;
	}
	if (ui->mode == MODE_PICK) {
		pick_draw(ui, c);
		return;
	}
	if (ui->mode == MODE_OVERVIEW) {
		overview_draw(ui, c);
		return;
	}
	status_draw(ui, c, &l);
	map_draw(ui, c, &l);
	panel_draw(ui, c, &l);
	log_draw(ui, c, &l, ui->mode == MODE_HANDOVER ? HANDOVER_LINES : 0);
	hint_draw(ui, c, &l);
	switch (ui->mode) {
	case MODE_MENU:
		menu_draw(ui, c, &l);
		break;
	case MODE_QUIT:
		lines[0] = "Quit marshal?";
		if (ui->quit_back == MODE_OVER)
			lines[1] = "The battle is over.";
		else if (ui->seek != NULL)
			lines[1] = "The recording is left as it is.";
		else if (ui->turn_hook != NULL && ui->save_failed)
			lines[1] = "The last save failed; quitting tries "
			    "once more.";
		else if (ui->turn_hook != NULL)
			lines[1] = "It is saved; marshal offers to resume it.";
		else if (ui->remote != NULL)
			lines[1] = "The game waits for you in the list of "
			    "shared games.";
		else
			lines[1] = "The game is not saved.";
		qact[0] = ACT_YES, qact[1] = ACT_NO, qact[2] = ACT_RESIGN;
		qwhat[0] = "quit", qwhat[1] = "keep playing";
		qwhat[2] = "resign the battle";
		if (ui->remote != NULL && ui->quit_back != MODE_OVER) {
			qwhat[0] = "leave";
			lines[2] = keys_line(ui, MODE_QUIT, buf, sizeof buf,
			    qact, qwhat, 3);
		} else
			lines[2] = keys_line(ui, MODE_QUIT, buf, sizeof buf,
			    qact, qwhat, 2);
		box_draw(ui, c, lines, 3);
		break;
	case MODE_HANDOVER:
		handover_draw(ui, c, &l);
		break;
	case MODE_OVER:
		over_draw(ui, c);
		break;
	case MODE_INPUT:
		input_draw(ui, c, &l);
		break;
	case MODE_REACT:
		react_draw(ui, c, &l);
		break;
	default:
		break;
	}
}
