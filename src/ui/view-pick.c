/*
 * view-pick.c - the list of battles and tutorials: N from the map or the
 * end of a battle, and the first screen of a bare `marshal`.
 *
 * The list comes from whoever runs the interface (ui_set_choices): the
 * interface only shows it and says which entry was chosen.  Battles come
 * first, then the tutorials, each group under its heading; the entry under
 * the highlight has its description below the list, so a player can see
 * what a scenario is about before leaving the present one.  Choosing ends
 * the interface like quitting (the caller keeps the game left, then starts
 * the one chosen).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/tutorial.h"
#include "ui/view.h"

void
ui_set_choices(struct ui *ui, const struct ui_choice *v, int n)
{
	ui->choices = v;
	ui->nchoices = n < 0 ? 0 : n > UI_PICK_MAX ? UI_PICK_MAX : n;
	ui->chosen = -1;
}

int
ui_chosen(const struct ui *ui, bool *first)
{
	if (first != NULL)
		*first = ui->pick_first;
	return ui->chosen;
}

int
ui_offered(const struct ui *ui, int *deadline)
{
	*deadline = ui->offer_deadline;
	return ui->chosen >= 0 ? ui->offer_side : -1;
}

/* What the offer being made says, on the message line. */
static void
offer_say(struct ui *ui)
{
	char when[48] = "no deadline";

	if (ui->offer_deadline >= 24 * 60)
		snprintf(when, sizeof when, "a day a turn");
	else if (ui->offer_deadline > 0)
		snprintf(when, sizeof when, "%d min a turn",
		    ui->offer_deadline);
	if (ui->offer_side >= 0)
		ui_msg(ui, false, "Offer it, keeping the %s side, %s (o: "
		    "side, d: deadline).", ui->offer_side == 0 ? "first" :
		    "second", when);
	else
		ui_msg(ui, false, "Not offered: Enter plays it here.");
}

int
pick_next_lesson(const struct ui *ui)
{
	int i, cur = -1;

	if (ui->game->tutorial == NULL ||
	    !tutorial_finished(ui->game->tutorial))
		return -1;
	for (i = 0; i < ui->nchoices; i++)
		if (ui->game->title != NULL && ui->choices[i].title != NULL &&
		    strcmp(ui->game->title, ui->choices[i].title) == 0)
			cur = i;
	if (cur < 0)
		return -1;
	for (i = cur + 1; i < ui->nchoices; i++)
		if (ui->choices[i].tutorial)
			return i;
	return -1;
}

void
pick_open(struct ui *ui)
{
	int i;

	if (ui->nchoices == 0) {
		ui_msg(ui, true, "No other battle is installed.");
		return;
	}
	if (ui->mode != MODE_PICK)
		ui->pick_back = ui->mode;
	ui->pick_first = false;
	ui->offer_side = -1;
	ui->offer_deadline = 0;
	/* Start on the battle being played, if it is in the list. */
	ui->pick_pos = 0;
	for (i = 0; i < ui->nchoices; i++)
		if (ui->game->title != NULL && ui->choices[i].title != NULL &&
		    strcmp(ui->game->title, ui->choices[i].title) == 0)
			ui->pick_pos = i;
	/* A lesson done: the next one is where the player goes on. */
	if ((i = pick_next_lesson(ui)) >= 0)
		ui->pick_pos = i;
	ui->mode = MODE_PICK;
}

void
ui_pick(struct ui *ui)
{
	pick_open(ui);
	if (ui->mode == MODE_PICK)
		ui->pick_first = true;
}

void
pick_key(struct ui *ui, enum ui_action a, int page)
{
	int was = ui->pick_pos;

	switch (a) {
	case ACT_OFFER:
		if (ui->choices[ui->pick_pos].tutorial ||
		    ui->choices[ui->pick_pos].shared) {
			ui_msg(ui, true, "Only a battle can be offered to "
			    "another player.");
			return;
		}
		/* Each press: keep the first side, the second, or neither. */
		ui->offer_side = ui->offer_side < 1 ? ui->offer_side + 1 : -1;
		if (ui->offer_side < 0)
			ui->offer_deadline = 0;
		offer_say(ui);
		return;
	case ACT_DEADLINE: {
		static const int steps[] = { 0, 5, 15, 60, 24 * 60 };
		size_t i;

		if (ui->offer_side < 0) {
			ui_msg(ui, true, "A deadline is for an offer: o first.");
			return;
		}
		for (i = 0; i < sizeof steps / sizeof steps[0] - 1 &&
		    steps[i] != ui->offer_deadline; i++)
			;
		ui->offer_deadline = steps[(i + 1) %
		    (sizeof steps / sizeof steps[0])];
		offer_say(ui);
		return;
	}
	case ACT_UP:
		ui->pick_pos--;
		break;
	case ACT_DOWN:
		ui->pick_pos++;
		break;
	case ACT_PAGE_UP:
		ui->pick_pos -= page > 1 ? page : 1;
		break;
	case ACT_PAGE_DOWN:
		ui->pick_pos += page > 1 ? page : 1;
		break;
	case ACT_TOP:
		ui->pick_pos = 0;
		break;
	case ACT_BOTTOM:
		ui->pick_pos = ui->nchoices - 1;
		break;
	case ACT_CONFIRM:
		if (ui->choices[ui->pick_pos].refused != NULL) {
			/* Said on the list; the player chooses again. */
			ui_msg(ui, true, "%s",
			    ui->choices[ui->pick_pos].refused);
			return;
		}
		ui->chosen = ui->pick_pos;
		ui->quit = true;
		return;
	case ACT_CANCEL:
		if (ui->pick_first) {
			/* Nothing is under way yet: leave marshal, as the
			 * player asked, instead of opening a battle. */
			ui->chosen = -1;
			ui->quit = true;
			return;
		}
		ui->mode = ui->pick_back;
		return;
	default:
		return;
	}
	if (ui->pick_pos >= ui->nchoices)
		ui->pick_pos = ui->nchoices - 1;
	if (ui->pick_pos < 0)
		ui->pick_pos = 0;
	if (ui->pick_pos != was) {
		ui->offer_side = -1;
		ui->offer_deadline = 0;
	}
}

/* The rows of the list: a heading before each group, then its entries. */
struct pick_row {
	int	entry;		/* index in choices, -1: a heading */
	int	group;		/* the heading's: 0 shared games, 1 battles,
				   2 tutorials */
};

/* An entry's group, in the order the list shows them. */
static int
pick_group(const struct ui_choice *c)
{
	return c->shared ? 0 : c->tutorial ? 2 : 1;
}

static int
pick_rows(const struct ui *ui, struct pick_row *rows, int max)
{
	int i, n = 0, group;

	for (group = 0; group < 3; group++) {
		bool head = false;

		for (i = 0; i < ui->nchoices && n < max; i++) {
			if (pick_group(&ui->choices[i]) != group)
				continue;
			if (!head && n + 1 < max) {
				if (n > 0)
					rows[n++] = (struct pick_row){ -2,
					    group };
				rows[n++] = (struct pick_row){ -1, group };
				head = true;
			}
			rows[n++] = (struct pick_row){ i, group };
		}
	}
	return n;
}

void
pick_draw(struct ui *ui, struct canvas *c)
{
	struct pick_row rows[2 * UI_PICK_MAX + 4];
	struct style bar = theme_bar(ui), hi = style_make(COL_DEFAULT,
	    COL_DEFAULT, ATTR_REVERSE | ATTR_BOLD);
	const struct ui_choice *cur;
	int n, i, y, sel = 0, list_h, desc_h, used;

	n = pick_rows(ui, rows, (int)(sizeof rows / sizeof rows[0]));
	for (i = 0; i < n; i++)
		if (rows[i].entry == ui->pick_pos)
			sel = i;
	/* The list takes what it needs, leaving five lines (or a third of
	 * a small screen) to the description of the highlighted entry. */
	list_h = c->h - 2 - 5;
	if (list_h < (c->h - 2) * 2 / 3)
		list_h = (c->h - 2) * 2 / 3;
	if (list_h > n)
		list_h = n;
	if (list_h < 1)
		list_h = 1;
	if (sel < ui->pick_top)
		ui->pick_top = sel;
	if (sel >= ui->pick_top + list_h)
		ui->pick_top = sel - list_h + 1;
	if (ui->pick_top > n - list_h)
		ui->pick_top = n - list_h;
	if (ui->pick_top < 0)
		ui->pick_top = 0;

	canvas_fill(c, 0, 0, c->w, 1, " ", bar);
	canvas_text(c, 0, 0, c->w, " Choose a battle or a tutorial", bar);
	for (i = 0; i < list_h && ui->pick_top + i < n; i++) {
		const struct pick_row *r = &rows[ui->pick_top + i];

		y = 1 + i;
		if (r->entry == -2)
			continue;
		if (r->entry == -1) {
			canvas_text(c, 1, y, c->w - 2, r->group == 2 ?
			    "Tutorials: orders and movement, one lesson each" :
			    r->group == 0 ? "Games with other players on this "
			    "server: join, play on or watch" :
			    "Battles against the computer (o: offer one to "
			    "another player)", theme_title(ui));
			continue;
		}
		cur = &ui->choices[r->entry];
		if (r->entry == ui->pick_pos) {
			canvas_fill(c, 2, y, c->w - 4, 1, " ", hi);
			canvas_printf(c, 3, y, c->w - 6, hi, "%s",
			    cur->title != NULL ? cur->title : cur->name);
			ui->curs_x = 2;
			ui->curs_y = y;
		} else
			canvas_printf(c, 3, y, c->w - 6, style_plain, "%s",
			    cur->title != NULL ? cur->title : cur->name);
	}
	/* The description of the highlighted entry. */
	cur = &ui->choices[ui->pick_pos];
	y = 1 + list_h + 1;
	desc_h = c->h - 1 - y;
	if (desc_h > 0) {
		used = canvas_wrap(c, 1, y, c->w - 2, desc_h, cur->blurb != NULL
		    ? cur->blurb : "", theme_dim(ui));
		if (used < desc_h && !cur->shared)
			canvas_printf(c, 1, y + used, c->w - 2, theme_dim(ui),
			    "(marshal play %s)", cur->name);
	}
	canvas_fill(c, 0, c->h - 1, c->w, 1, " ", bar);
	if (ui->msg[0] != '\0' && (ui->msg_error || ui->offer_side >= 0))
		canvas_printf(c, 0, c->h - 1, c->w, theme_error(ui), " %s",
		    ui->msg);
	else if (ui->pick_first)
		canvas_text(c, 0, c->h - 1, c->w, " Enter: play it  "
		    "Up/Down: choose  Esc q: leave marshal", bar);
	else
		canvas_text(c, 0, c->h - 1, c->w, " Enter: play it (this "
		    "battle is kept)  Up/Down: choose  Esc: back", bar);
}
