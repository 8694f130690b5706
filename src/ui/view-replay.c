/*
 * view-replay.c - a recorded battle in the interface: the map, the log,
 * the why view and the battle at a glance at each turn of the recording,
 * and no way to give an order.
 *
 * The interface only asks for a turn (the seek hook, ui.h) and draws the
 * game it is handed: how a turn is reached - playing on from the turn
 * shown, or playing again from the start for a turn before it - is the
 * caller's (cli/replay.c).  Turn T shows the game as its orders of turn
 * T were given, before that turn is played: the log then ends with the
 * results of turn T - 1 and the orders just given.  Within a turn, ( and
 * ) step phase by phase (core/game.h game_phase): turn T after phase P
 * shows the map as that phase left it and the log to its end.  What is
 * shown is what the viewer may read (core/know.h): the umpire, both
 * sides' orders, or one side.
 */
#include "config.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/know.h"
#include "ui/view.h"

void
ui_set_replay(struct ui *ui, struct game *(*seek)(void *, int turn,
    int phase), void *arg, int turns, int viewer)
{
	ui->seek = seek;
	ui->seek_arg = arg;
	ui->replay_turns = turns;
	ui->replay_at = 1;
	ui->replay_phase = -1;
	ui->replay_viewer = viewer;
}

/* Milliseconds since an arbitrary start, for saying what a seek cost. */
static double
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* Whether (t1, p1) comes before (t2, p2) in the recording. */
static bool
before(int t1, int p1, int t2, int p2)
{
	return t1 < t2 || (t1 == t2 && p1 < p2);
}

void
replay_goto(struct ui *ui, int turn, int phase)
{
	struct game *g;
	/* The ruleset of the game shown, until seek replaces both. */
	const struct ruleset *rs = ui->game->rs;
	double t0;
	int i, back, n = 0, orders = 0, last = ui->replay_turns + 1;
	char cost[96] = "";

	if (turn < 1)
		turn = 1;
	if (turn >= last) {
		turn = last;
		phase = -1;
	}
	/* After the last phase is the next turn: no such stop. */
	if (phase < -1 || phase >= rs->nphases - 1)
		phase = -1;
	if (turn == ui->replay_at && phase == ui->replay_phase) {
		ui_msg(ui, false, turn == last ? "This is the end of the "
		    "recording." : "This is turn %d already.", turn);
		return;
	}
	back = before(turn, phase, ui->replay_at, ui->replay_phase);
	t0 = now_ms();
	if ((g = ui->seek(ui->seek_arg, turn, phase)) == NULL) {
		ui_msg(ui, true, "The recording cannot be played to turn %d.",
		    turn);
		return;
	}
	if (back)
		snprintf(cost, sizeof cost, ", played again from the start "
		    "in %.0f ms", now_ms() - t0);
	ui->game = g;
	rs = g->rs;
	if (phase >= 0 && g->phase < 0 && g->turn > turn &&
	    turn + 1 <= last) {
		/* A turn answered within (core/decide.h) is shown whole. */
		snprintf(cost + strlen(cost), sizeof cost - strlen(cost),
		    " (turn %d, answered within, played whole)", turn);
		turn++;
		phase = -1;
	}
	ui->replay_at = turn;
	ui->replay_phase = phase;
	if (ui->sel >= g->nunits)
		ui->sel = -1;
	if (ui->gsel >= g->ngenerals)
		ui->gsel = -1;
	ui->ngroup = 0;
	ui->area = false;
	ui->jump_event = 0;
	/* The panel: at a turn's orders, the turn before's results and
	 * the orders; after a phase, the turn so far. */
	for (ui->log_from = 0; ui->log_from < g->log.n &&
	    g->log.v[ui->log_from].turn < (phase >= 0 ? turn : turn - 1);
	    ui->log_from++)
		;
	ui->resolved = phase >= 0 ? 0 : turn > 1 ? turn - 1 : 0;
	for (i = ui->log_from; i < g->log.n; i++) {
		if (g->log.v[i].kind == EV_PHASE ||
		    !know_event(g, &g->log.v[i], ui->replay_viewer))
			continue;
		if (g->log.v[i].turn == turn && g->log.v[i].kind == EV_ORDER)
			orders++;
		else
			n++;
	}
	if (phase >= 0)
		ui_msg(ui, false, "Turn %d after phase %d (%s)%s: %d results "
		    "so far.", turn, phase + 1, rs->phases[phase], cost, n);
	else if (turn == 1)
		ui_msg(ui, false, "Turn 1%s: %d orders given.", cost, orders);
	else if (turn == last)
		ui_msg(ui, false, "The end of the recording, after turn "
		    "%d%s: %d results in the log.", turn - 1, cost, n);
	else
		ui_msg(ui, false, "Turn %d%s: %d orders given, %d results of "
		    "turn %d in the log.", turn, cost, orders, n, turn - 1);
}

void
ui_replay_goto(struct ui *ui, int turn)
{
	replay_goto(ui, turn, -1);
}

void
ui_follow(struct ui *ui)
{
	int x, y, unit;

	if (ui->follow < 0 || ui->follow_get == NULL ||
	    !ui->follow_get(ui, ui->follow_arg, ui->follow, &x, &y, &unit))
		return;
	if (x >= 0 && y >= 0 && x < ui->game->map->w && y < ui->game->map->h)
		ui->cursor = (struct point){ x, y };
	ui->sel = unit >= 0 && unit < ui->game->nunits ? unit : -1;
}

void
replay_key(struct ui *ui, enum ui_action a)
{
	int np = ui->game->rs->nphases, t = ui->replay_at,
	    p = ui->replay_phase;

	switch (a) {
	case ACT_FOLLOW:
		if (ui->follow_get == NULL) {
			ui_msg(ui, true, "Only a game being watched has players "
			    "to follow.");
			return;
		}
		/* A player watching their own game never follows the other
		 * side's player: that would show where the enemy looks. */
		if (ui->follow_only >= 0)
			ui->follow = ui->follow < 0 ? ui->follow_only : -1;
		else
			ui->follow = ui->follow + 1 < ui->game->nsides ?
			    ui->follow + 1 : -1;
		if (ui->follow >= 0) {
			ui_msg(ui, false, "Following the %s player's cursor "
			    "(f: the next).", ui->game->sides[ui->follow].name);
			ui_follow(ui);
		} else
			ui_msg(ui, false, "Following nobody: the cursor is "
			    "yours.");
		return;
	case ACT_TURN_NEXT:
		if (t > ui->replay_turns)
			ui_msg(ui, false, "The end of the recording: nothing "
			    "more was played.");
		else
			replay_goto(ui, t + 1, -1);
		return;
	case ACT_TURN_PREV:
		if (t <= 1 && p < 0)
			ui_msg(ui, false, "This is the first turn.");
		else
			replay_goto(ui, p >= 0 ? t : t - 1, -1);
		return;
	case ACT_PHASE_NEXT:
		if (ui->game->rs->ops->phase_run == NULL)
			ui_msg(ui, true, "This ruleset plays whole turns only.");
		else if (t > ui->replay_turns)
			ui_msg(ui, false, "The end of the recording: nothing "
			    "more was played.");
		else if (p + 1 < np - 1)
			replay_goto(ui, t, p + 1);
		else
			replay_goto(ui, t + 1, -1);
		return;
	case ACT_PHASE_PREV:
		if (ui->game->rs->ops->phase_run == NULL)
			ui_msg(ui, true, "This ruleset plays whole turns only.");
		else if (p >= 0)
			replay_goto(ui, t, p - 1);
		else if (t > 1)
			replay_goto(ui, t - 1, np - 2);
		else
			ui_msg(ui, false, "This is the first turn.");
		return;
	case ACT_TURN_FIRST:
		replay_goto(ui, 1, -1);
		return;
	case ACT_TURN_LAST:
		replay_goto(ui, ui->replay_turns + 1, -1);
		return;
	case ACT_TURN_GOTO:
		ui->input[0] = '\0';
		ui->input_len = 0;
		ui->mode = MODE_INPUT;
		return;
	case ACT_QUIT:
		ui->quit_back = ui->mode;
		ui->mode = MODE_QUIT;
		return;
	default:
		map_key(ui, a);
		return;
	}
}
