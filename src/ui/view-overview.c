/*
 * view-overview.c - finding one's way on a map larger than the screen:
 * where a battle opens (the centre of what matters), keys that jump the
 * cursor to an objective, a unit in contact or the place of the last
 * result, and the overview, the whole map downscaled so that each
 * character stands for a block of cells.
 *
 * The view follows the cursor (view-map.c, map_follow), so every jump
 * here moves the cursor and lets the view come after it.
 */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/ruleset.h"
#include "ui/view.h"
#include "util/xalloc.h"

/*
 * The centre of what matters: where the two sides come closest.  The
 * first side's unit nearest the centre of the second side's units, and
 * the second side's unit nearest that one, mark the front; the view opens
 * half-way between them, so that both and the ground between (where the
 * objectives usually lie) share it.  Two passes over the units, whatever
 * their number.  With one side in the field, the centre of its units and
 * the objectives.
 */
struct point
overview_focus(const struct game *g)
{
	long sx = 0, sy = 0;
	int i, n = 0, a, b;
	struct point p = { g->map->w / 2, g->map->h / 2 }, e;

	for (i = 0; i < g->nunits; i++)
		if (g->units[i].side == 1 && unit_active(&g->units[i])) {
			sx += g->units[i].pos.x;
			sy += g->units[i].pos.y;
			n++;
		}
	if (n > 0) {
		e.x = (int)(sx / n);
		e.y = (int)(sy / n);
		a = overview_nearest(g, 0, e);
		b = a >= 0 ? overview_nearest(g, 1, g->units[a].pos) : -1;
		if (a >= 0 && b >= 0) {
			p.x = (g->units[a].pos.x + g->units[b].pos.x) / 2;
			p.y = (g->units[a].pos.y + g->units[b].pos.y) / 2;
			return p;
		}
	}
	sx = sy = n = 0;
	for (i = 0; i < g->nunits; i++)
		if (unit_active(&g->units[i])) {
			sx += g->units[i].pos.x;
			sy += g->units[i].pos.y;
			n++;
		}
	for (i = 0; i < g->nobjectives; i++) {
		sx += g->objectives[i].at.x;
		sy += g->objectives[i].at.y;
		n++;
	}
	if (n > 0) {
		p.x = (int)(sx / n);
		p.y = (int)(sy / n);
	}
	return p;
}

/* The side's active unit nearest p, or -1. */
int
overview_nearest(const struct game *g, int side, struct point p)
{
	int i, best = -1, d, bd = INT_MAX;

	for (i = 0; i < g->nunits; i++) {
		if (g->units[i].side != side || !unit_active(&g->units[i]))
			continue;
		d = geom_dist(g->units[i].pos, p);
		if (d < bd) {
			bd = d;
			best = i;
		}
	}
	return best;
}

/* Who holds objective i now, in words. */
static void
holder_name(const struct game *g, int i, char *buf, size_t len)
{
	int h = -3;

	if (g->rs->ops != NULL && g->rs->ops->objective_holder != NULL)
		h = g->rs->ops->objective_holder(g, i);
	if (h >= 0 && h < g->nsides)
		snprintf(buf, len, "held by the %s", g->sides[h].name);
	else
		snprintf(buf, len, "%s", h == -2 ? "contested" : h == -1 ?
		    "held by nobody" : "holder unknown");
}

/* o: the next objective, in the scenario's order. */
static void
jump_objective(struct ui *ui)
{
	const struct game *g = ui->game;
	const struct objective *o;
	char who[96], cite[40];

	if (g->nobjectives == 0) {
		ui_msg(ui, true, "This battle has no objectives.");
		return;
	}
	ui->jump_obj = (ui->jump_obj + 1) % g->nobjectives;
	o = &g->objectives[ui->jump_obj];
	ui->cursor = o->at;
	holder_name(g, ui->jump_obj, who, sizeof who);
	ui_msg(ui, false, "Objective %d of %d: %s, %d point%s, %s%s.",
	    ui->jump_obj + 1, g->nobjectives, o->name, o->points,
	    o->points == 1 ? "" : "s", who, ruleset_cite_fmt(g->rs,
	    RULESET_TOPIC_OBJECTIVES, " (%s)", 0, cite, sizeof cite));
}

/* c: the next unit in battle contact, the side to play's first. */
static void
jump_contact(struct ui *ui)
{
	const struct game *g = ui->game;
	int i, u, pass;

	if (g->nunits == 0)
		return;
	for (pass = 0; pass < 2; pass++)
		for (i = 1; i <= g->nunits; i++) {
			u = (ui->jump_contact + i) % g->nunits;
			if (u < 0 || !unit_active(&g->units[u]) ||
			    g->units[u].contact < 0 ||
			    (pass == 0 && g->units[u].side != ui->side))
				continue;
			ui->jump_contact = u;
			ui->cursor = g->units[u].pos;
			ui_msg(ui, false, "%s (%s) is in contact with %s.",
			    g->units[u].name, g->sides[g->units[u].side].name,
			    g->units[g->units[u].contact].name);
			return;
		}
	ui_msg(ui, true, "No unit is in battle contact.");
}

/* v: the unit of the latest result with a unit, then earlier ones. */
static void
jump_event(struct ui *ui)
{
	const struct game *g = ui->game;
	const struct event *e;
	int i, from;

	from = ui->jump_event > 0 && ui->jump_event <= g->log.n ?
	    ui->jump_event - 1 : g->log.n - 1;
	for (i = from; i >= 0; i--) {
		e = &g->log.v[i];
		if (e->unit < 0 || e->unit >= g->nunits || e->kind == EV_PHASE)
			continue;
		if (unit_gone(&g->units[e->unit]))
			continue;
		/* One stop per unit: skip its other results just before. */
		while (i > 0 && g->log.v[i - 1].unit == e->unit)
			i--;
		ui->jump_event = i;
		ui->cursor = g->units[e->unit].pos;
		ui_msg(ui, false, "Turn %d: %s%s%s", e->turn, e->rule,
		    e->rule[0] != '\0' ? " " : "", e->text);
		return;
	}
	ui->jump_event = 0;
	ui_msg(ui, true, "No result with a place in the log%s.",
	    from < g->log.n - 1 ? " before this one" : "");
}

bool
overview_jump(struct ui *ui, enum ui_action a)
{
	switch (a) {
	case ACT_JUMP_OBJECTIVE:
		jump_objective(ui);
		return true;
	case ACT_JUMP_CONTACT:
		jump_contact(ui);
		return true;
	case ACT_JUMP_EVENT:
		jump_event(ui);
		return true;
	case ACT_OVERVIEW:
		ui->overview_back = ui->mode;
		ui->mode = MODE_OVERVIEW;
		return true;
	default:
		return false;
	}
}

/* Cells per character across and down for a w x h area. */
static void
scale(const struct game *g, int w, int h, int *bx, int *by)
{
	*bx = (g->map->w + w - 1) / (w > 0 ? w : 1);
	*by = (g->map->h + h - 1) / (h > 0 ? h : 1);
	if (*bx < 1)
		*bx = 1;
	if (*by < 1)
		*by = 1;
}

void
overview_key(struct ui *ui, enum ui_action a)
{
	const struct game *g = ui->game;
	int bx, by;

	switch (a) {
	case ACT_CONFIRM:
	case ACT_CANCEL:
	case ACT_OVERVIEW:
		ui->mode = ui->overview_back;
		return;
	default:
		break;
	}
	/* One step of the cursor is one block of the overview. */
	scale(g, ui->overview_w, ui->overview_h, &bx, &by);
	(void)map_cursor_step(ui, a, bx, by);
}

/*
 * The whole map, w x h characters from (x0, y0).  A block shows, first
 * found: an objective; units (the arm letter of a side, upper case for
 * the first, lower for the second, * where both sides stand); else the
 * landscape most of its cells are made of.
 */
static void
overview_map(struct ui *ui, struct canvas *c, int x0, int y0, int w, int h,
    int vw, int vh)
{
	const struct game *g = ui->game;
	const struct map *m = g->map;
	struct point *cells;
	int bx, by, ow, oh, i, k, n, bxi, byi, x, y, best, *count;
	unsigned char *who;
	char *arm, one[2];
	const struct landscape *land;
	struct style st;

	scale(g, w, h, &bx, &by);
	ow = (m->w + bx - 1) / bx;
	oh = (m->h + by - 1) / by;
	who = xcalloc((size_t)ow * (size_t)oh, 1);
	arm = xcalloc((size_t)ow * (size_t)oh, 1);
	count = xcalloc((size_t)g->rs->nland > 0 ? (size_t)g->rs->nland : 1,
	    sizeof *count);
	cells = game_cells_take(g);
	for (i = 0; i < g->nunits; i++) {
		if (unit_gone(&g->units[i]) || g->units[i].side < 0 ||
		    g->units[i].side > 1)
			continue;
		n = game_footprint(g, &g->units[i], cells);
		for (k = 0; k < n; k++) {
			if (!map_inside(m, cells[k].x, cells[k].y))
				continue;
			bxi = cells[k].x / bx;
			byi = cells[k].y / by;
			who[byi * ow + bxi] |= (unsigned char)(1 <<
			    g->units[i].side);
			arm[byi * ow + bxi] = theme_arm(g->rs,
			    g->units[i].side,
			    g->units[i].arm);
		}
	}
	game_cells_give(g, cells);
	for (byi = 0; byi < oh && byi < h; byi++)
		for (bxi = 0; bxi < ow && bxi < w; bxi++) {
			memset(count, 0, (size_t)g->rs->nland * sizeof *count);
			for (y = byi * by; y < (byi + 1) * by && y < m->h; y++)
				for (x = bxi * bx; x < (bxi + 1) * bx &&
				    x < m->w; x++)
					if (map_cell(m, x, y)->land <
					    g->rs->nland)
						count[map_cell(m, x, y)->land]++;
			for (best = 0, k = 1; k < g->rs->nland; k++)
				if (count[k] > count[best])
					best = k;
			land = g->rs->nland > 0 ? &g->rs->land[best] : NULL;
			st = style_make(land != NULL && ui->colour ?
			    land->colour : COL_DEFAULT, COL_DEFAULT, 0);
			canvas_put(c, x0 + bxi, y0 + byi, theme_land(ui, best,
			    one), st);
			k = who[byi * ow + bxi];
			if (k == 3)
				canvas_put(c, x0 + bxi, y0 + byi, "*",
				    theme_error(ui));
			else if (k != 0) {
				one[0] = arm[byi * ow + bxi];
				one[1] = '\0';
				canvas_put(c, x0 + bxi, y0 + byi, one,
				    theme_side(ui, k == 1 ? 0 : 1));
			}
		}
	for (i = 0; i < g->nobjectives; i++) {
		bxi = g->objectives[i].at.x / bx;
		byi = g->objectives[i].at.y / by;
		if (bxi < w && byi < h)
			canvas_put(c, x0 + bxi, y0 + byi, ui->utf8 ? "◎" : "&",
			    style_make(ui->colour ? COL_MAGENTA : COL_DEFAULT,
			    COL_DEFAULT, ATTR_BOLD));
	}
	/* The part of the map the map screen shows, underlined: the blocks
	 * that hold any of its cells (vw x vh from the view's corner). */
	for (byi = ui->view.y / by; byi <= (ui->view.y + vh - 1) / by &&
	    byi < oh && byi < h && vw > 0 && vh > 0; byi++)
		for (bxi = ui->view.x / bx; bxi <= (ui->view.x + vw - 1) / bx &&
		    bxi < ow && bxi < w; bxi++) {
			st = canvas_cell(c, x0 + bxi, y0 + byi)->style;
			st.attr |= ATTR_UNDERLINE;
			canvas_style(c, x0 + bxi, y0 + byi, st);
		}
	/* The cursor's block, reversed: Enter goes back to the map there. */
	bxi = ui->cursor.x / bx;
	byi = ui->cursor.y / by;
	if (bxi < w && byi < h) {
		st = canvas_cell(c, x0 + bxi, y0 + byi)->style;
		st.attr ^= ATTR_REVERSE;
		canvas_style(c, x0 + bxi, y0 + byi, st);
	}
	free(count);
	free(arm);
	free(who);
}

void
overview_draw(struct ui *ui, struct canvas *c)
{
	const struct game *g = ui->game;
	struct style bar = theme_bar(ui);
	struct layout l;
	static const char rest[] = "underlined: in view  Enter: the map "
	    "there";
	char key[256];
	int bx, by, w = c->w, h = c->h - 2, rows;

	/* The map screen's size on this terminal: what it shows. */
	ui_layout(ui, c->w, c->h, &l);
	ui->overview_w = w;
	ui->overview_h = h;
	scale(g, w, h, &bx, &by);
	canvas_fill(c, 0, 0, c->w, 1, " ", bar);
	canvas_printf(c, 0, 0, c->w, bar, " Overview: %s, %dx%d cells, "
	    "one character for %dx%d", g->map->name != NULL ? g->map->name :
	    "the map", g->map->w, g->map->h, bx, by);
	overview_map(ui, c, 0, 1, w, h, l.too_small ? 0 : l.map_w,
	    l.too_small ? 0 : l.map_h);
	/* The key, its second half on a row of its own where one row is
	 * too narrow for it (80 columns) and the map leaves a row free
	 * above it; else cut. */
	snprintf(key, sizeof key, "%s objective  I C A %s  i c a %s  * both",
	    ui->utf8 ? "◎" : "&", g->nsides > 0 ? g->sides[0].name : "",
	    g->nsides > 1 ? g->sides[1].name : "");
	rows = 1 + canvas_text_width(key) + 2 + canvas_text_width(rest) >
	    c->w && (g->map->h + by - 1) / by <= h - 1 ? 2 : 1;
	canvas_fill(c, 0, c->h - rows, c->w, rows, " ", bar);
	if (rows == 2) {
		canvas_printf(c, 0, c->h - 2, c->w, bar, " %s", key);
		canvas_printf(c, 0, c->h - 1, c->w, bar, " %s", rest);
	} else
		canvas_printf(c, 0, c->h - 1, c->w, bar, " %s  %s", key, rest);
}
