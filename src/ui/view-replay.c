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
 * results of turn T - 1 and the orders just given.  What is shown is
 * what the viewer may read (core/know.h): the umpire, both sides'
 * orders, or one side.
 */
#include "config.h"

#include <stdlib.h>
#include <time.h>

#include "core/know.h"
#include "ui/keymap.h"
#include "ui/view.h"

void
ui_set_replay(struct ui *ui, struct game *(*seek)(void *, int turn),
    void *arg, int turns, int viewer)
{
	ui->seek = seek;
	ui->seek_arg = arg;
	ui->replay_turns = turns;
	ui->replay_at = 1;
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

void
replay_goto(struct ui *ui, int turn)
{
	struct game *g;
	double t0;
	int i, back, n = 0, orders = 0, last = ui->replay_turns + 1;

	if (turn < 1)
		turn = 1;
	if (turn > last)
		turn = last;
	if (turn == ui->replay_at) {
		ui_msg(ui, false, turn == last ? "This is the end of the "
		    "recording." : "This is turn %d already.", turn);
		return;
	}
	back = turn < ui->replay_at;
	t0 = now_ms();
	if ((g = ui->seek(ui->seek_arg, turn)) == NULL) {
		ui_msg(ui, true, "The recording cannot be played to turn %d.",
		    turn);
		return;
	}
	ui->game = g;
	ui->replay_at = turn;
	if (ui->sel >= g->nunits)
		ui->sel = -1;
	if (ui->gsel >= g->ngenerals)
		ui->gsel = -1;
	ui->ngroup = 0;
	ui->area = false;
	ui->jump_event = 0;
	/* The panel shows the turn before's results and this turn's
	 * orders. */
	for (ui->log_from = 0; ui->log_from < g->log.n &&
	    g->log.v[ui->log_from].turn < turn - 1; ui->log_from++)
		;
	ui->resolved = turn > 1 ? turn - 1 : 0;
	for (i = ui->log_from; i < g->log.n; i++) {
		if (g->log.v[i].kind == EV_PHASE ||
		    !know_event(g, &g->log.v[i], ui->replay_viewer))
			continue;
		if (g->log.v[i].turn == turn && g->log.v[i].kind == EV_ORDER)
			orders++;
		else
			n++;
	}
	if (turn == 1 && back)
		ui_msg(ui, false, "Turn 1, played again from the start in "
		    "%.0f ms: %d orders given.", now_ms() - t0, orders);
	else if (turn == 1)
		ui_msg(ui, false, "Turn 1: %d orders given.", orders);
	else if (turn == last)
		ui_msg(ui, false, "The end of the recording, after turn %d: "
		    "%d results in the log.", turn - 1, n);
	else if (back)
		ui_msg(ui, false, "Turn %d, played again from the start in "
		    "%.0f ms: %d orders given, %d results of turn %d.", turn,
		    now_ms() - t0, orders, n, turn - 1);
	else
		ui_msg(ui, false, "Turn %d: %d orders given, %d results of "
		    "turn %d in the log.", turn, orders, n, turn - 1);
}

void
replay_key(struct ui *ui, enum ui_action a)
{
	switch (a) {
	case ACT_TURN_NEXT:
		if (ui->replay_at > ui->replay_turns)
			ui_msg(ui, false, "The end of the recording: nothing "
			    "more was played.");
		else
			replay_goto(ui, ui->replay_at + 1);
		return;
	case ACT_TURN_PREV:
		if (ui->replay_at <= 1)
			ui_msg(ui, false, "This is the first turn.");
		else
			replay_goto(ui, ui->replay_at - 1);
		return;
	case ACT_TURN_FIRST:
		replay_goto(ui, 1);
		return;
	case ACT_TURN_LAST:
		replay_goto(ui, ui->replay_turns + 1);
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
