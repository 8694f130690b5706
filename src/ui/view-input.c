/*
 * view-input.c - the one-line prompt of "save as": the player types a
 * file name on the bottom line, Enter saves there, Esc gives up.
 *
 * Only printable ASCII is taken, and at most UI_INPUT_MAX - 1 bytes, so
 * the line always fits its buffer and never holds a control character
 * that would reach the terminal when it is drawn.  What the name means
 * (where it is, whether it may be written) is the save hook's business:
 * the interface never opens a file.
 *
 * In a recording (view-replay.c) the same line takes the number of the
 * turn to go to: digits only.
 */
#include "config.h"

#include <stdlib.h>

#include "ui/view.h"

#define INPUT_PROMPT	"Save as: "
#define TURN_PROMPT	"Go to turn (Enter; Esc: stay): "

void
input_open(struct ui *ui)
{
	if (ui->save_hook == NULL) {
		ui_msg(ui, true, "Saving is not available here.");
		return;
	}
	if (!ui->save_named) {
		ui_msg(ui, true, "Save as is not available on this server: "
		    "S saves to your own save slot.");
		return;
	}
	ui->input[0] = '\0';
	ui->input_len = 0;
	ui->mode = MODE_INPUT;
}

/* Save to the slot (path NULL) or the file named; say where or why not. */
void
input_save(struct ui *ui, const char *path)
{
	char *where = NULL, *cause = NULL;

	if (ui->save_hook == NULL) {
		ui_msg(ui, true, "Saving is not available here.");
		return;
	}
	if (ui->save_hook(ui->game, ui->save_arg, path, &where, &cause) != 0) {
		ui_msg(ui, true, "Not saved: %s", cause != NULL ? cause :
		    "unknown error");
		if (path == NULL)
			ui->save_failed = true;
	} else {
		ui_msg(ui, false, "Turn %d saved in %s", ui->game->turn,
		    where != NULL ? where : path);
		if (path == NULL)
			ui->save_failed = false;
	}
	free(where);
	free(cause);
}

/* A recording's "go to turn": the number typed. */
static void
input_turn(struct ui *ui, enum ui_action a, int key)
{
	switch (a) {
	case ACT_CONFIRM:
		ui->mode = MODE_REPLAY;
		if (ui->input_len == 0)
			return;
		replay_goto(ui, atoi(ui->input), -1);
		return;
	case ACT_UNDO:
		if (ui->input_len > 0)
			ui->input[--ui->input_len] = '\0';
		return;
	case ACT_CANCEL:
		ui->mode = MODE_REPLAY;
		return;
	default:
		break;
	}
	if (key < '0' || key > '9' || ui->input_len >= 6)
		return;
	ui->input[ui->input_len++] = (char)key;
	ui->input[ui->input_len] = '\0';
}

void
input_key(struct ui *ui, enum ui_action a, int key)
{
	if (ui->seek != NULL) {
		input_turn(ui, a, key);
		return;
	}
	switch (a) {
	case ACT_CONFIRM:
		if (ui->input_len == 0) {
			ui_msg(ui, true, "Type a file name, or Esc to cancel.");
			return;
		}
		ui->mode = MODE_MAP;
		input_save(ui, ui->input);
		return;
	case ACT_UNDO:
		if (ui->input_len > 0)
			ui->input[--ui->input_len] = '\0';
		return;
	case ACT_CANCEL:
		ui->mode = MODE_MAP;
		ui_msg(ui, false, "Not saved.");
		return;
	default:
		break;
	}
	if (key < ' ' || key > '~')
		return;
	if (ui->input_len + 1 >= UI_INPUT_MAX) {
		ui_msg(ui, true, "A file name is at most %d characters.",
		    UI_INPUT_MAX - 1);
		return;
	}
	ui->input[ui->input_len++] = (char)key;
	ui->input[ui->input_len] = '\0';
}

void
input_draw(struct ui *ui, struct canvas *c, const struct layout *l)
{
	int x, w = c->w - 1, skip = 0;

	canvas_fill(c, 0, l->hint_y, c->w, 1, " ", style_plain);
	x = canvas_text(c, 0, l->hint_y, w, ui->seek != NULL ? TURN_PROMPT :
	    INPUT_PROMPT, theme_title(ui));
	/* A name longer than the line shows its end, where one types. */
	if (ui->input_len > w - x)
		skip = ui->input_len - (w - x);
	x += canvas_text(c, x, l->hint_y, w - x, ui->input + skip,
	    style_plain);
	ui->curs_x = x;
	ui->curs_y = l->hint_y;
	/* A message (the name is too long, Enter on nothing) follows. */
	if (ui->msg[0] != '\0' && x + 2 < w)
		canvas_text(c, x + 2, l->hint_y, w - x - 2, ui->msg,
		    ui->msg_error ? theme_error(ui) : theme_dim(ui));
}
