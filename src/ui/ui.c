/*
 * ui.c - the interface's state, key dispatch and turn flow; the frame it
 * draws is in ui-draw.c.  See ui.h.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/decide.h"
#include "core/game.h"
#include "core/know.h"
#include "core/tutorial.h"
#include "core/ruleset.h"
#include "ui/keymap.h"
#include "ui/view.h"
#include "util/xalloc.h"


static void begin_side(struct ui *, int depth);
static int humans(const struct ui *);

struct ui *
ui_create(struct game *g, bool utf8, bool colour)
{
	struct ui *ui = xcalloc(1, sizeof *ui);
	int i;

	ui->game = g;
	ui->utf8 = utf8;
	ui->colour = colour;
	ui->action = -1;
	ui->sel = -1;
	ui->gsel = -1;
	ui->home_side = -1;
	ui->mode = MODE_MAP;
	ui->curs_x = ui->curs_y = -1;
	ui->log_from = 0;		/* standing orders from the scenario */
	ui->chosen = -1;
	ui->offer_side = -1;
	ui->jump_obj = ui->jump_contact = -1;
	ui->wake_fd = -1;
	ui->follow = -1;
	ui->follow_only = -1;
	ui->moved_sel = -2;
	for (i = 0; i < GAME_MAX_SIDES; i++)
		ui->ctl[i].name = "player";
	return ui;
}

void
ui_free(struct ui *ui)
{
	if (ui == NULL)
		return;
	free(ui->route_memo);
	free(ui);
}

void
ui_set_controller(struct ui *ui, int side, const struct ui_controller *c)
{
	if (side >= 0 && side < GAME_MAX_SIDES)
		ui->ctl[side] = *c;
}

void
ui_set_turn_hook(struct ui *ui, int (*hook)(struct game *, void *, char **),
    void *arg)
{
	ui->turn_hook = hook;
	ui->turn_arg = arg;
}

void
ui_set_side_hook(struct ui *ui, bool (*hook)(struct game *, int, void *),
    void *arg)
{
	ui->side_hook = hook;
	ui->side_arg = arg;
}

void
ui_set_saver(struct ui *ui, int (*hook)(struct game *, void *, const char *,
    char **, char **), void *arg, bool named)
{
	ui->save_hook = hook;
	ui->save_arg = arg;
	ui->save_named = named;
}

void
ui_msg(struct ui *ui, bool error, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(ui->msg, sizeof ui->msg, fmt, ap);
	va_end(ap);
	ui->msg_error = error;
}

int
ui_viewer(const struct ui *ui)
{
	enum ui_mode m = ui->mode;
	int i, n = humans(ui);

	if (ui->seek != NULL)
		return ui->replay_viewer;	/* a recording */
	if (n == 0)
		return KNOW_ALL;
	if (n == 1) {
		for (i = 0; i < ui->game->nsides; i++)
			if (ui->ctl[i].orders == NULL && !ui->ctl[i].remote)
				return i;
	}
	/* Hot-seat: a box or page over the hand-over (or the end) may be
	 * read by either player. */
	if (m == MODE_PAGER)
		m = ui->pager_back;
	if (m == MODE_QUIT)
		m = ui->quit_back;
	if (m == MODE_HANDOVER || m == MODE_OVER)
		return KNOW_NONE;
	return ui->side;
}

bool
ui_own(const struct ui *ui, int unit)
{
	if (ui->seek != NULL)	/* a recording: what its viewer reads */
		return unit >= 0 && unit < ui->game->nunits &&
		    (ui->replay_viewer == KNOW_ALL ||
		    ui->game->units[unit].side == ui->replay_viewer);
	return unit >= 0 && unit < ui->game->nunits &&
	    ui->game->units[unit].side == ui->side;
}

int
ui_allowance(struct ui *ui, int unit)
{
	const struct ruleset *rs = ui->game->rs;

	if (rs->ops == NULL || rs->ops->allowance == NULL || unit < 0)
		return -1;
	return rs->ops->allowance(ui->game, unit, false);
}

/*
 * After an order or a turn: move the tutorial past the steps now done and
 * say so.  The page with their results opens once the key is handled, so
 * that the view that gave the order cannot close it again.
 */
static void
tutorial_after(struct ui *ui)
{
	struct tutorial *t = ui->game->tutorial;
	int from, n;

	if (t == NULL)
		return;
	from = t->step;
	if ((n = tutorial_advance(t, ui->game)) == 0)
		return;
	ui->tut_from = from;
	ui->tut_to = from + n;
	ui->tut_pending = true;
	ui_msg(ui, false, "Step %d of %d done: %s.", from + n, t->nsteps,
	    t->steps[from + n - 1].title);
}

/* Open the tutorial page if the last action finished a step. */
static void
tutorial_show(struct ui *ui)
{
	if (!ui->tut_pending || ui->quit)
		return;
	ui->tut_pending = false;
	pager_open(ui, PAGER_TUTORIAL);
}

bool
ui_marked(const struct ui *ui, int u)
{
	int i;

	for (i = 0; i < ui->ngroup; i++)
		if (ui->group[i] == u)
			return true;
	return false;
}

int
ui_order(struct ui *ui, const struct order *o)
{
	struct game *g = ui->game;
	/* A unit, or a general giving himself his own order (3.1.2). */
	const char *name = o->unit >= 0 && o->unit < g->nunits ?
	    g->units[o->unit].name : o->general >= 0 && o->general <
	    g->ngenerals ? g->generals[o->general].name : "?";
	const struct event *e;
	const char *aide = ruleset_word(g->rs, RULESET_TERM_AIDE);
	char *cause = NULL, how[64], cite[40];
	int i;

	if (ui->waiting) {
		ui_msg(ui, true, "Your orders for turn %d are sent; the next "
		    "are given when it has been played.", g->turn);
		return -1;
	}
	if (game_order(g, o, &cause) != 0) {
		ui_msg(ui, true, "Refused %s order: %s",
		    order_kind_name(o->kind), cause != NULL ? cause :
		    "the order is not possible");
		free(cause);
		return -1;
	}
	/* Say whether it holds now or rides with an aide (3.1, 3.2). */
	snprintf(how, sizeof how, "in force now");
	for (i = g->ntransit - 1; i >= 0; i--)
		if (g->transit[i].unit == o->unit &&
		    g->transit[i].kind == o->kind &&
		    g->transit[i].issued == g->turn) {
			snprintf(how, sizeof how, "%s %s rides with it, "
			    "arrives turn %d", ruleset_article(aide), aide,
			    g->transit[i].arrives);
			break;
		}
	e = g->log.n > 0 ? &g->log.v[g->log.n - 1] : NULL;
	if (o->ngroup > 0)
		ui_msg(ui, false, "Group of %d units: one move order given, "
		    "the line to [%d, %d]%s.", o->ngroup, o->pts[0].x,
		    o->pts[0].y, ruleset_cite_fmt(g->rs,
		    RULESET_TOPIC_GROUP_MOVE, " (%s)", 0, cite, sizeof cite));
	else if (e != NULL && e->unit == o->unit && e->rule[0] != '\0')
		ui_msg(ui, false, "%s: %s order given: %s (%s%s).", name,
		    order_kind_name(o->kind), how, e->rule,
		    ruleset_rule_mark(g->rs, e->rule));
	else
		ui_msg(ui, false, "%s: %s order given: %s.", name,
		    order_kind_name(o->kind), how);
	tutorial_after(ui);
	return 0;
}

/* Count the sides a person plays. */
static int
humans(const struct ui *ui)
{
	int i, n = 0;

	for (i = 0; i < ui->game->nsides; i++)
		if (ui->ctl[i].orders == NULL && !ui->ctl[i].remote)
			n++;
	return n;
}

/* The side that gives orders first here: in a shared game, the one
 * played at this marshal. */
static int
first_side(const struct ui *ui)
{
	int i;

	if (ui->remote != NULL)
		for (i = 0; i < ui->game->nsides; i++)
			if (!ui->ctl[i].remote)
				return i;
	return 0;
}

void
ui_set_remote(struct ui *ui, const struct ui_remote *r, int side)
{
	int i;

	ui->remote = r;
	for (i = 0; i < GAME_MAX_SIDES; i++)
		ui->ctl[i].remote = i != side;
}

/* Put the cursor on the side to play's active unit nearest the centre
 * of what matters (view-overview.c). */
static void
cursor_home(struct ui *ui)
{
	const struct game *g = ui->game;
	int u = overview_nearest(g, ui->side, overview_focus(g));

	ui->home_side = ui->side;
	if (u >= 0)
		ui->cursor = g->units[u].pos;
}

/* The turn (turn) has been played, its events from mark on: show them,
 * save, and begin the next turn's orders. */
static void
resolve(struct ui *ui, int depth, int mark, int turn)
{
	struct game *g = ui->game;
	int i, n = 0, viewer;
	char buf[UI_MSG_MAX], key[16], *cause = NULL;

	ui->resolved = turn;
	ui->log_from = mark;
	/* Counted as both hot-seat players may read it: the box that
	 * follows is seen by either. */
	viewer = humans(ui) > 1 ? KNOW_NONE : ui_viewer(ui);
	ui->jump_event = 0;		/* v starts again at the newest */
	for (i = mark; i < g->log.n; i++)
		if (g->log.v[i].kind != EV_PHASE &&
		    know_event(g, &g->log.v[i], viewer))
			n++;
	ui_msg(ui, false, "Turn %d resolved: %d results in the log. "
	    "%s on a unit explains why.", turn, n, keymap_key_of(ui->keymap,
	    MODE_MAP, ACT_WHY, key, sizeof key));
	tutorial_after(ui);
	/* An outcome (a side breaking, the final count) comes first. */
	for (i = mark; i < g->log.n; i++)
		if (g->log.v[i].kind == EV_RESULT) {
			ruleset_event_format(g->rs, &g->log.v[i], buf,
			    sizeof buf);
			ui_msg(ui, true, "%s", buf);
			break;
		}
	ui->side = first_side(ui);
	ui->waiting = false;
	if (ui->turn_hook != NULL) {
		ui->save_failed = ui->turn_hook(g, ui->turn_arg, &cause) != 0;
		if (ui->save_failed)
			ui_msg(ui, true, "The game could not be saved: %s",
			    cause != NULL ? cause : "unknown error");
		free(cause);
	}
	if (game_over(g)) {
		ui->mode = MODE_OVER;
		return;
	}
	begin_side(ui, depth + 1);
	/* The battle at a glance, over whatever comes next (the map or the
	 * hand-over box); Enter skips it.  Not in a tutorial, whose own
	 * pages teach, nor when no person plays. */
	if (humans(ui) > 0 && g->tutorial == NULL && !game_over(g))
		pager_open(ui, PAGER_SUMMARY);
}

/*
 * The side at the keys (or its program) is done with what it was asked
 * (core/decide.h).  The game then asks the next side, or has played on
 * to the end of the turn.
 */
static void
end_side(struct ui *ui, int depth)
{
	struct game *g = ui->game;
	struct decision d[DECIDE_MAX];
	int mark, turn = g->turn;

	/* Within the turn (a question answered) its results so far are
	 * shown from where it began. */
	if (g->phase < 0)
		ui->turn_mark = g->log.n;
	mark = ui->turn_mark <= g->log.n ? ui->turn_mark : g->log.n;

	if (ui->ctl[ui->side].orders == NULL && ui->side_hook != NULL &&
	    ui->side_hook(g, ui->side, ui->side_arg)) {
		ui->quit = true;
		return;
	}
	ui->sel = -1;
	ui->gsel = -1;
	ui->radius = false;
	ui->ngroup = 0;		/* marks belong to the side that made them */
	ui->area = false;
	ui->mode = MODE_MAP;
	if (ui->remote != NULL) {
		/* A shared game: the turn is played when the other side's
		 * orders are in too, wherever that happens. */
		char *cause = NULL;

		if (ui->waiting)
			ui_msg(ui, false, "Your orders for turn %d are sent "
			    "already.", g->turn);
		else if (ui->remote->send(ui, ui->remote->arg, &cause) != 0)
			ui_msg(ui, true, "Your orders could not be sent: %s",
			    cause != NULL ? cause : "unknown error");
		else {
			ui->waiting = true;
			ui_msg(ui, false, "Orders for turn %d sent. The turn is "
			    "played as soon as the other side's are in.",
			    g->turn);
		}
		free(cause);
		return;
	}
	game_decided(g, ui->side);
	if (g->turn == turn && !game_over(g) &&
	    game_decisions(g, d, DECIDE_MAX) > 0) {
		ui->side = d[0].side;
		if (d[0].phase >= 0) {
			/* Asked within the turn: its results so far in the
			 * log panel, counted as when it is resolved. */
			ui->log_from = mark;
			ui->jump_event = 0;
		}
		begin_side(ui, depth + 1);
	} else
		resolve(ui, depth, mark, turn);
}

void
ui_side_done(struct ui *ui)
{
	end_side(ui, 0);
}

/*
 * A side begins giving orders.  A side played by a program gives them at
 * once; with nobody at the keyboard at all, stop after each turn so that
 * the game does not run away.
 *
 * The cursor goes to the side's units only when the map showed another
 * side's: against the computer the map stays where the player left it,
 * turn after turn (a jump would repaint the whole map).  In hot-seat the
 * cursor moves to the new side's units before the hand-over box is drawn:
 * the box hides the last side's turn (issue 13), and where its player
 * left the cursor may be where it sent a unit.  The views show only what
 * both sides may know until the box is closed (ui_viewer).
 */
static void
begin_side(struct ui *ui, int depth)
{
	struct ui_controller *c = &ui->ctl[ui->side];

	ui->sel = -1;
	ui->gsel = -1;
	if (c->orders != NULL) {
		c->orders(ui->game, ui->side, c->arg);
		if (humans(ui) > 0 || depth < ui->game->nsides) {
			end_side(ui, depth);
			return;
		}
	}
	if (humans(ui) > 1) {
		/* Nothing of the last side's turn stays in sight: its
		 * cursor goes before the box is drawn (its last message went
		 * with the key that ended its turn). */
		ui->mode = MODE_HANDOVER;
		ui->area = false;
		cursor_home(ui);
	} else {
		if (ui->home_side != ui->side)
			cursor_home(ui);
		ui->mode = MODE_MAP;
		/* A question within the turn opens at once. */
		if (react_question(ui, NULL))
			react_open(ui);
	}
}

void
ui_turn_played(struct ui *ui, struct game *g, int mark, int turn)
{
	ui->game = g;
	if (ui->sel >= g->nunits)
		ui->sel = -1;
	if (ui->gsel >= g->ngenerals)
		ui->gsel = -1;
	if (ui->mode != MODE_PAGER && ui->mode != MODE_OVERVIEW)
		ui->mode = MODE_MAP;
	resolve(ui, 0, mark, turn);
}

void
ui_resumed(struct ui *ui, int n)
{
	if (n > 0) {
		ui->resolved = ui->game->turn - 1;
		ui->log_from = 0;
	} else
		ui->resumed = ui->game->turn;
}

void
ui_start(struct ui *ui)
{
	struct decision dq[DECIDE_MAX];

	ui->side = first_side(ui);
	cursor_home(ui);
	ui->centre = overview_focus(ui->game);
	ui->centre_pending = true;
	if (ui->seek != NULL) {
		/* A recording: turn 1 as its orders were given. */
		ui->side = ui->replay_viewer >= 0 ? ui->replay_viewer : 0;
		ui->mode = MODE_REPLAY;
		ui->log_from = 0;
		char kn[16], kp[16], kt[16], kh[16];

		ui_msg(ui, false, "A recording of %d turn%s: %s plays the "
		    "next turn, %s goes back, %s to a turn; %s lists the keys.",
		    ui->replay_turns, ui->replay_turns == 1 ? "" : "s",
		    keymap_key_of(ui->keymap, MODE_REPLAY, ACT_TURN_NEXT, kn,
		    sizeof kn), keymap_key_of(ui->keymap, MODE_REPLAY,
		    ACT_TURN_PREV, kp, sizeof kp), keymap_key_of(ui->keymap,
		    MODE_REPLAY, ACT_TURN_GOTO, kt, sizeof kt),
		    keymap_key_of(ui->keymap, MODE_REPLAY, ACT_HELP, kh,
		    sizeof kh));
		return;
	}
	if (game_over(ui->game)) {
		/* A finished battle resumed: its result, never a turn more. */
		ui->log_from = ui->game->log.n;
		ui->mode = MODE_OVER;
		return;
	}
	/* A game saved within the turn resumes at its question. */
	if (ui->remote == NULL && game_decisions(ui->game, dq, DECIDE_MAX) >
	    0 && dq[0].phase >= 0) {
		ui->side = dq[0].side;
		ui->turn_mark = ui->log_from = ui->game->log.n;
	}
	begin_side(ui, 0);
	if (ui->game->description != NULL)
		pager_open(ui, PAGER_BRIEF);
	else
		tutorial_show(ui);
}

static void
quit_key(struct ui *ui, enum ui_action a)
{
	char *cause = NULL;

	if (a == ACT_RESIGN && ui->remote != NULL &&
	    ui->quit_back != MODE_OVER) {
		if (ui->remote->resign(ui, ui->remote->arg, &cause) != 0)
			ui_msg(ui, true, "Could not resign: %s", cause != NULL ?
			    cause : "unknown error");
		else {
			snprintf(ui->ended, sizeof ui->ended, "You resigned "
			    "on turn %d: the %s win.", ui->game->turn,
			    ui->game->sides[1 - first_side(ui)].name);
			ui->mode = MODE_OVER;
			return;
		}
		free(cause);
		ui->mode = ui->quit_back;
		return;
	}
	if (a == ACT_YES)
		ui->quit = true;
	else if (a == ACT_NO) {
		ui->mode = ui->quit_back;
		ui_msg(ui, false, "Carry on.");
	}
}

static void key_dispatch(struct ui *, int);

void
ui_key(struct ui *ui, int key)
{
	key_dispatch(ui, key);
	/* Watchers follow where a shared game's player looks. */
	if (ui->remote != NULL && ui->remote->moved != NULL &&
	    (ui->cursor.x != ui->moved_x || ui->cursor.y != ui->moved_y ||
	    ui->sel != ui->moved_sel)) {
		ui->moved_x = ui->cursor.x;
		ui->moved_y = ui->cursor.y;
		ui->moved_sel = ui->sel;
		ui->remote->moved(ui, ui->remote->arg);
	}
	tutorial_show(ui);
}

static void
key_dispatch(struct ui *ui, int key)
{
	enum ui_action a;

	if (key == UIK_RESIZE)
		return;
	a = keymap_action(ui->keymap, ui->mode, key);
	if (a == ACT_REDRAW) {
		ui->redraw = true;
		return;
	}
	/* Nothing is played blind: with no room to draw, only quitting. */
	if (ui->too_small && a != ACT_QUIT && ui->mode != MODE_QUIT)
		return;
	/* The pager's search line takes every key, bound or not. */
	if (ui->mode == MODE_PAGER && ui->pager_typing) {
		pager_key(ui, a, key);
		return;
	}
	if (ui->mode == MODE_REACT && a == ACT_NONE) {
		/* No other order while the question is open. */
		struct decision d;
		char ans[UI_MSG_MAX];

		if (react_question(ui, &d)) {
			react_answers(ui, &d, ans, sizeof ans);
			ui_msg(ui, true, "%s: answer first (%s); no other "
			    "order now.", d.rule, ans);
		}
		return;
	}
	if (ui->mode != MODE_MENU && ui->mode != MODE_INPUT &&
	    a == ACT_NONE) {
		if (ui->mode == MODE_MAP || ui->mode == MODE_MOVE ||
		    ui->mode == MODE_REPLAY) {
			char help[16];

			ui_msg(ui, true, "%s; %s lists the keys.",
			    ui->mode == MODE_REPLAY ? "A recording: no "
			    "orders are given here" : "That key does nothing "
			    "here", keymap_key_name(keymap_first(
			    ui->keymap, ui->mode, ACT_HELP), help,
			    sizeof help));
		}
		return;
	}
	/* The page between turns, closed, leaves the turn's message. */
	if (ui->mode != MODE_PAGER || ui->pager != PAGER_SUMMARY)
		ui->msg[0] = '\0';
	if (a == ACT_HELP) {
		pager_open(ui, PAGER_HELP);
		return;
	}
	switch (ui->mode) {
	case MODE_MAP:
		if (a == ACT_END_TURN) {
			end_side(ui, 0);
			return;
		}
		if (a == ACT_TAKE_BACK && ui->waiting) {
			ui_msg(ui, true, "Your orders for turn %d are sent and "
			    "can no longer be taken back.", ui->game->turn);
			return;
		}
		if (a == ACT_QUIT) {
			ui->quit_back = ui->mode;
			ui->mode = MODE_QUIT;
			return;
		}
		if (a == ACT_SAVE) {
			input_save(ui, NULL);
			return;
		}
		if (a == ACT_SAVE_AS) {
			input_open(ui);
			return;
		}
		if (a == ACT_PICK) {
			pick_open(ui);
			return;
		}
		map_key(ui, a);
		break;
	case MODE_MOVE:
		move_key(ui, a);
		break;
	case MODE_MENU:
		menu_key(ui, a, key);
		break;
	case MODE_PAGER:
		pager_key(ui, a, key);
		break;
	case MODE_QUIT:
		quit_key(ui, a);
		break;
	case MODE_INPUT:
		input_key(ui, a, key);
		break;
	case MODE_HANDOVER:
		if (a == ACT_CONTINUE) {
			cursor_home(ui);
			ui->mode = MODE_MAP;
			if (react_question(ui, NULL))
				react_open(ui);
		}
		else if (a == ACT_QUIT) {
			ui->quit_back = ui->mode;
			ui->mode = MODE_QUIT;
		}
		break;
	case MODE_PICK:
		pick_key(ui, a, 10);
		break;
	case MODE_OVERVIEW:
		overview_key(ui, a);
		break;
	case MODE_REPLAY:
		replay_key(ui, a);
		break;
	case MODE_REACT:
		if (a == ACT_QUIT) {
			ui->quit_back = ui->mode;
			ui->mode = MODE_QUIT;
		} else if (a == ACT_SAVE)
			input_save(ui, NULL);
		else
			react_key(ui, a);
		break;
	case MODE_OVER:
		if (a == ACT_LOG)
			pager_open(ui, PAGER_LOG);
		else if (a == ACT_REPLAY && ui->replay_offer) {
			/* Leave the screen: the caller shows the recording
			 * and then this screen again. */
			ui->replay_wanted = true;
			ui->quit = true;
		} else if (a == ACT_REPLAY)
			ui_msg(ui, true, "This battle was not recorded.");
		else if (a == ACT_PICK)
			pick_open(ui);
		else if (a == ACT_QUIT) {
			ui->quit_back = ui->mode;
			ui->mode = MODE_QUIT;
		}
		break;
	default:
		break;
	}
}
