/*
 * view-react.c - a question the rules ask within the turn (core/decide.h,
 * DECIDE_REACT), such as a second charge of horse that broke through: a box
 * over the top of the map says the rule and what is asked, and the keys
 * answer it.  The answers are the ruleset's own actions under the rule
 * that asks: the one taking a point goes at an enemy picked with the
 * cursor (c, then Tab among those it may go at, Enter), the one taking
 * nothing is given at once (r).  No other order is taken while the
 * question is open; e leaves the answer to the unit's standing order.
 * An answer given closes the side's turn in the question
 * (ui_side_done), and the game runs on.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/decide.h"
#include "core/game.h"
#include "core/geom.h"
#include "core/ruleset.h"
#include "ui/view.h"

bool
react_question(const struct ui *ui, struct decision *d)
{
	struct decision v[DECIDE_MAX];
	int i, n;

	if (ui->seek != NULL || game_over(ui->game))
		return false;
	n = game_decisions(ui->game, v, DECIDE_MAX);
	for (i = 0; i < n; i++)
		if (v[i].side == ui->side && v[i].kind == DECIDE_REACT &&
		    v[i].unit >= 0) {
			if (d != NULL)
				*d = v[i];
			return true;
		}
	return false;
}

/* The ruleset's action under rule that takes a point (point) or nothing
 * (!point), -1 if none. */
static int
answer_action(const struct game *g, const char *rule, bool point)
{
	const struct ruleset_action *a = g->rs->ops->actions;
	int i;

	for (i = 0; a != NULL && a[i].name != NULL; i++)
		if (a[i].rule != NULL && strcmp(a[i].rule, rule) == 0 &&
		    (point ? (a[i].params & ACTION_POINT) != 0 :
		    a[i].params == 0))
			return i;
	return -1;
}

/* The order of action a for unit u, at p when it takes a point. */
static struct order
answer_order(const struct game *g, int u, int a, struct point p)
{
	struct order o;

	memset(&o, 0, sizeof o);
	o.kind = ORDER_ACTION;
	o.unit = u;
	o.general = g->units[u].general;
	o.action = a;
	o.facing = -1;
	o.formation = -1;
	if (g->rs->ops->actions[a].params & ACTION_POINT) {
		o.npts = 1;
		o.pts[0] = p;
	}
	return o;
}

/* Whether the ruleset takes action a of unit u at enemy e (a check
 * only: nothing is given). */
static bool
may_go_at(const struct game *g, int u, int a, int e)
{
	struct order o = answer_order(g, u, a, g->units[e].pos);
	char *cause = NULL;
	int rc;

	if (g->units[e].side == g->units[u].side ||
	    !unit_active(&g->units[e]))
		return false;
	if (g->rs->ops->order_check == NULL)
		return true;
	rc = g->rs->ops->order_check(g, &o, &cause);
	free(cause);
	return rc == 0;
}

/*
 * The enemies the answer may go at, nearest first, at most max into out;
 * returns how many.
 */
static int
targets(const struct ui *ui, const struct decision *d, int *out, int max)
{
	const struct game *g = ui->game;
	int a = answer_action(g, d->rule, true), e, k, n = 0, dist;
	struct point at = g->units[d->unit].pos;

	if (a < 0)
		return 0;
	for (e = 0; e < g->nunits; e++) {
		if (!may_go_at(g, d->unit, a, e))
			continue;
		dist = geom_dist(at, g->units[e].pos);
		for (k = n; k > 0 && geom_dist(at,
		    g->units[out[k - 1]].pos) > dist; k--)
			if (k < max)
				out[k] = out[k - 1];
		if (k < max)
			out[k] = e;
		if (n < max)
			n++;
	}
	return n;
}

void
react_open(struct ui *ui)
{
	struct decision d;

	if (!react_question(ui, &d)) {
		ui->mode = MODE_MAP;
		return;
	}
	ui->mode = MODE_REACT;
	ui->react_pick = false;
	ui->sel = d.unit;
	ui->gsel = -1;
	ui->ngroup = 0;
	ui->cursor = ui->game->units[d.unit].pos;
	ui_msg(ui, false, "%s: %s", d.rule, d.what);
}

/* Give answer action a (at the enemy under the cursor when it takes a
 * point); the side is then done. */
static void
answer(struct ui *ui, const struct decision *d, int a)
{
	struct game *g = ui->game;
	struct order o = answer_order(g, d->unit, a, ui->cursor);

	if (ui_order(ui, &o) != 0)
		return;			/* the message says why */
	ui->react_pick = false;
	ui->mode = MODE_MAP;
	ui_side_done(ui);
}

/* The cursor onto the next enemy the answer may go at, after the one
 * under it. */
static void
next_target(struct ui *ui, const struct decision *d)
{
	const struct game *g = ui->game;
	int t[64], n = targets(ui, d, t, 64), i, at;

	if (n == 0) {
		ui_msg(ui, true, "%s: no enemy it may go at.",
		    g->units[d->unit].name);
		return;
	}
	at = game_unit_at(g, ui->cursor.x, ui->cursor.y);
	for (i = 0; i < n && t[i] != at; i++)
		;
	i = i < n ? (i + 1) % n : 0;
	ui->cursor = g->units[t[i]].pos;
	ui_msg(ui, false, "%s: %s (%d of %d in reach); Enter charges it.",
	    d->rule, g->units[t[i]].name, i + 1, n);
}

void
react_key(struct ui *ui, enum ui_action a)
{
	const struct game *g = ui->game;
	struct decision d;
	int pick, now;

	if (!react_question(ui, &d)) {
		ui->mode = MODE_MAP;
		return;
	}
	pick = answer_action(g, d.rule, true);
	now = answer_action(g, d.rule, false);
	switch (a) {
	case ACT_ANSWER_PICK:
		if (pick < 0) {
			ui_msg(ui, true, "%s asks no answer at an enemy.",
			    d.rule);
			break;
		}
		ui->react_pick = true;
		ui->cursor = g->units[d.unit].pos;
		next_target(ui, &d);
		break;
	case ACT_NEXT_UNIT:
		if (pick >= 0)
			ui->react_pick = true;
		next_target(ui, &d);
		break;
	case ACT_CONFIRM:
		if (!ui->react_pick || pick < 0) {
			ui_msg(ui, true, "%s: c picks an enemy to charge, r "
			    "reins in.", d.rule);
			break;
		}
		if (game_unit_at(g, ui->cursor.x, ui->cursor.y) < 0) {
			ui_msg(ui, true, "No unit under the cursor: Tab puts "
			    "it on an enemy in reach (Esc: back).");
			break;
		}
		answer(ui, &d, pick);
		break;
	case ACT_ANSWER_NOW:
		if (now < 0) {
			ui_msg(ui, true, "%s asks no answer given at once.",
			    d.rule);
			break;
		}
		answer(ui, &d, now);
		break;
	case ACT_END_TURN:
		ui->react_pick = false;
		ui->mode = MODE_MAP;
		ui_msg(ui, false, "%s: no answer; %s's standing order "
		    "answers.", d.rule, g->units[d.unit].name);
		ui_side_done(ui);
		break;
	case ACT_WHY:
		ui->sel = d.unit;
		pager_open(ui, PAGER_WHY);
		break;
	case ACT_LOG:
		pager_open(ui, PAGER_LOG);
		break;
	case ACT_CANCEL:
		ui->react_pick = false;
		ui->cursor = g->units[d.unit].pos;
		ui_msg(ui, false, "%s: %s", d.rule, d.what);
		break;
	default:
		map_cursor_move(ui, a);
		break;
	}
}

void
react_answers(const struct ui *ui, const struct decision *d, char *buf,
    size_t len)
{
	const struct game *g = ui->game;
	const struct ruleset_action *acts = g->rs->ops->actions;
	int pick = answer_action(g, d->rule, true);
	int now = answer_action(g, d->rule, false);
	size_t k = 0;

	if (len == 0)
		return;
	buf[0] = '\0';
	if (pick >= 0)
		k += (size_t)snprintf(buf, len, "c %s (pick a target), ",
		    acts[pick].label);
	if (now >= 0 && k < len)
		k += (size_t)snprintf(buf + k, len - k, "r %s, ",
		    acts[now].label);
	if (k < len)
		snprintf(buf + k, len - k, "e its standing order");
}

void
react_draw(struct ui *ui, struct canvas *c, const struct layout *l)
{
	const struct game *g = ui->game;
	struct decision d;
	struct style bar = theme_bar(ui), head = style_make(COL_DEFAULT,
	    COL_DEFAULT, ATTR_REVERSE | ATTR_BOLD);
	const struct ruleset_action *acts = g->rs->ops->actions;
	char line[2][UI_MSG_MAX];
	int pick, i, w, x;

	if (!react_question(ui, &d))
		return;
	pick = answer_action(g, d.rule, true);
	snprintf(line[0], sizeof line[0], "%s: %s", d.rule, d.what);
	if (ui->react_pick)
		snprintf(line[1], sizeof line[1], "%s at which? Tab: the next "
		    "enemy in reach, Enter: at the one under the cursor, Esc: "
		    "back", pick >= 0 ? acts[pick].label : "?");
	else
		react_answers(ui, &d, line[1], sizeof line[1]);
	/* Across the screen over the map's top rows: the map below stays
	 * in sight for the picking. */
	w = 0;
	for (i = 0; i < 2; i++)
		if (canvas_text_width(line[i]) > w)
			w = canvas_text_width(line[i]);
	w += 2;
	if (w > c->w)
		w = c->w;
	x = (c->w - w) / 2;
	canvas_fill(c, x, l->map_y, w, 2, " ", bar);
	canvas_text(c, x + 1, l->map_y, w - 2, line[0], head);
	canvas_text(c, x + 1, l->map_y + 1, w - 2, line[1], bar);
}
