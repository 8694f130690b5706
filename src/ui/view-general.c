/*
 * view-general.c - the chain of command on the map (issue 13): the
 * generals with their glyph, the command radius of one of them, the panel
 * of a selected general, and his own orders: a Move he rides under
 * (3.1.2, marshal's own rule) and a Stop.
 *
 * A general is selected instead of a unit (ui->gsel, with ui->sel -1).
 * His orders go through ui_order like a unit's; his ride's preview comes
 * from command_ride_stop, the walk the movement phase makes.  Only the
 * side that may know his orders (core/know.h) sees them.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/command.h"
#include "core/game.h"
#include "core/know.h"
#include "core/ruleset.h"
#include "ui/keymap.h"
#include "ui/view.h"

/* Screen position of map cell p, or false if not in the view. */
static bool
on_screen(const struct ui *ui, const struct layout *l, struct point p,
    int *sx, int *sy)
{
	int x = p.x - ui->view.x, y = p.y - ui->view.y;

	if (x < 0 || y < 0 || x >= l->map_w || y >= l->map_h)
		return false;
	*sx = l->map_x + x;
	*sy = l->map_y + y;
	return true;
}

const char *
general_glyph(const struct ui *ui, int side)
{
	if (ui->utf8)
		return "♚";
	return side == 0 ? "G" : "g";
}

int
general_at(const struct game *g, struct point p)
{
	int i;

	for (i = 0; i < g->ngenerals; i++)
		if (g->generals[i].pos.x == p.x && g->generals[i].pos.y == p.y)
			return i;
	return -1;
}

bool
general_has_radius(const struct game *g)
{
	int i;

	for (i = 0; i < g->ngenerals; i++)
		if (command_radius(g, i) > 0)
			return true;
	return false;
}

/* The general whose radius is drawn: the selected one, else the selected
 * unit's; -1 if none. */
static int
radius_general(const struct ui *ui)
{
	const struct game *g = ui->game;

	if (ui->gsel >= 0 && ui->gsel < g->ngenerals)
		return ui->gsel;
	if (ui->sel >= 0 && ui->sel < g->nunits &&
	    g->units[ui->sel].general < g->ngenerals)
		return g->units[ui->sel].general;
	return -1;
}

/* The edge of the radius: cells within it with a neighbour beyond. */
static void
radius_draw(struct ui *ui, struct canvas *c, const struct layout *l,
    int gen)
{
	const struct game *g = ui->game;
	struct point at = g->generals[gen].pos, p, q;
	const struct ccell *cell;
	struct style st;
	int r = command_radius(g, gen), x, y, k, sx, sy;
	bool edge;

	for (y = 0; y < l->map_h; y++)
		for (x = 0; x < l->map_w; x++) {
			p.x = ui->view.x + x;
			p.y = ui->view.y + y;
			if (!map_inside(g->map, p.x, p.y) ||
			    geom_dist(at, p) > r)
				continue;
			edge = false;
			for (k = 0; k < 4 && !edge; k++) {
				q.x = p.x + (k == 0) - (k == 1);
				q.y = p.y + (k == 2) - (k == 3);
				edge = geom_dist(at, q) > r;
			}
			if (!edge || !on_screen(ui, l, p, &sx, &sy))
				continue;
			cell = canvas_cell(c, sx, sy);
			st = cell->style;
			if (ui->colour)
				st.bg = COL_GREEN;
			else
				st.attr |= ATTR_UNDERLINE | ATTR_BOLD;
			canvas_style(c, sx, sy, st);
		}
}

void
general_draw(struct ui *ui, struct canvas *c, const struct layout *l)
{
	const struct game *g = ui->game;
	struct style st;
	int i, sx, sy, u, gen;

	if (ui->radius && (gen = radius_general(ui)) >= 0)
		radius_draw(ui, c, l, gen);
	for (i = 0; i < g->ngenerals; i++) {
		if (!on_screen(ui, l, g->generals[i].pos, &sx, &sy))
			continue;
		/* A unit's front centre keeps its arrow; the panel names the
		 * general who stands there. */
		u = game_unit_at(g, g->generals[i].pos.x, g->generals[i].pos.y);
		if (u >= 0 && g->units[u].pos.x == g->generals[i].pos.x &&
		    g->units[u].pos.y == g->generals[i].pos.y)
			continue;
		st = theme_side(ui, g->generals[i].side);
		st.attr |= ATTR_BOLD;
		if (i == ui->gsel)
			st.attr ^= ATTR_REVERSE;
		canvas_put(c, sx, sy, general_glyph(ui, g->generals[i].side),
		    st);
	}
}

/* The ride being drawn: to the cursor (waypoints as a unit's). */
static void
draft(const struct ui *ui, struct order *o)
{
	int i;

	memset(o, 0, sizeof *o);
	o->kind = ORDER_MOVE;
	o->unit = -1;
	o->general = ui->gsel;
	for (i = 0; i < ui->nwp && o->npts < ORDER_MAX_POINTS - 1; i++)
		o->pts[o->npts++] = ui->wp[i];
	o->pts[o->npts++] = ui->cursor;
}

void
general_route_draw(struct ui *ui, struct canvas *c, const struct layout *l)
{
	const struct game *g = ui->game;
	struct style now = style_make(ui->colour ? COL_MAGENTA : COL_DEFAULT,
	    COL_DEFAULT, ATTR_BOLD);
	struct order o;
	struct point stop;
	int sx, sy;

	draft(ui, &o);
	command_ride_stop(g, ui->gsel, &o, &stop, NULL);
	if (on_screen(ui, l, stop, &sx, &sy))
		canvas_put(c, sx, sy, theme_glyph(ui, MG_STOP),
		    style_make(ui->colour ?
		    COL_MAGENTA : COL_DEFAULT, COL_DEFAULT,
		    ATTR_BOLD | ATTR_REVERSE));
	if (on_screen(ui, l, ui->cursor, &sx, &sy))
		canvas_put(c, sx, sy, theme_glyph(ui, MG_CURSOR), now);
}

/* One wrapped group of lines; returns the rows used. */
static int
put(struct canvas *c, int x, int y, int w, int bottom, struct style st,
    const char *text)
{
	if (y >= bottom)
		return 0;
	return canvas_wrap(c, x, y, w, bottom - y, text, st);
}

int
general_panel(struct ui *ui, struct canvas *c, int x, int y, int w,
    int bottom)
{
	const struct game *g = ui->game;
	const struct ruleset *rs = g->rs;
	const struct general *gen = &g->generals[ui->gsel];
	struct style title = theme_side(ui, gen->side);
	struct order o;
	struct point stop;
	char buf[256], a[32], b[32], cite[64];
	int y0 = y, i, n = 0, ticks;

	title.attr |= ATTR_BOLD;
	title.attr &= (uint8_t)~ATTR_REVERSE;
	if (ui->mode == MODE_MOVE) {
		draft(ui, &o);
		ticks = command_ride_stop(g, ui->gsel, &o, &stop, NULL);
		ruleset_fmt(rs, ticks, a, sizeof a);
		snprintf(buf, sizeof buf, "Ride to [%d, %d]", ui->cursor.x,
		    ui->cursor.y);
		y += put(c, x, y, w, bottom, theme_title(ui), buf);
		snprintf(buf, sizeof buf, "This turn: to [%d, %d], %s",
		    stop.x, stop.y, a);
		y += put(c, x, y, w, bottom, style_plain, buf);
		snprintf(buf, sizeof buf, "In force at once: he rides it "
		    "himself%s", ruleset_cite_fmt(rs,
		    RULESET_TOPIC_GENERAL_RIDE, " (%s)", RULESET_CITE_OWN,
		    cite, sizeof cite));
		y += put(c, x, y, w, bottom, theme_dim(ui), buf);
		y++;
	}
	y += put(c, x, y, w, bottom, title, gen->name);
	snprintf(buf, sizeof buf, "%s general at [%d, %d]",
	    g->sides[gen->side].name, gen->pos.x, gen->pos.y);
	y += put(c, x, y, w, bottom, style_plain, buf);
	ruleset_fmt(rs, command_radius(g, ui->gsel), a, sizeof a);
	for (i = 0; i < g->nunits; i++)
		if (g->units[i].general == ui->gsel &&
		    unit_active(&g->units[i]))
			n++;
	if (!g->opt.courier_delay || command_ride_turns(g, 1) == 0)
		/* No aides: every order of his is in force at once. */
		snprintf(buf, sizeof buf, "His orders are in force at once");
	else
		snprintf(buf, sizeof buf, "Command radius %s", a);
	y += put(c, x, y, w, bottom, style_plain, buf);
	snprintf(buf, sizeof buf, "%d unit%s under him", n, n == 1 ? "" : "s");
	y += put(c, x, y, w, bottom, style_plain, buf);
	if (!know_general(g, ui->gsel, ui_viewer(ui)))
		snprintf(buf, sizeof buf, "Order: not known to %s",
		    ui_viewer(ui) >= 0 ? g->sides[ui_viewer(ui)].name :
		    "either side");
	else if (gen->order.kind == ORDER_MOVE && gen->order.npts > 0)
		snprintf(buf, sizeof buf, "Order: ride to [%d, %d]",
		    gen->order.pts[gen->order.npts - 1].x,
		    gen->order.pts[gen->order.npts - 1].y);
	else
		snprintf(buf, sizeof buf, "Order: none (stands)");
	y += put(c, x, y, w, bottom, style_plain, buf);
	ruleset_fmt(rs, rs->general_speed, b, sizeof b);
	snprintf(buf, sizeof buf, "Rides %s a turn%s", b, ruleset_cite_fmt(rs,
	    RULESET_TOPIC_GENERAL_RIDE, " (%s)", RULESET_CITE_OWN, cite,
	    sizeof cite));
	y += put(c, x, y, w, bottom, theme_dim(ui), buf);
	return y - y0;
}

/*
 * What the keys do with general i just selected, by the keys bound now
 * (the options file may have changed them); his radius only where it
 * decides how orders travel.
 */
static void
general_hint(struct ui *ui, int i)
{
	const struct game *g = ui->game;
	char m[16], s[16], d[16];

	keymap_key_name(keymap_first(ui->keymap, MODE_MAP, ACT_MOVE), m,
	    sizeof m);
	keymap_key_name(keymap_first(ui->keymap, MODE_MAP, ACT_STOP), s,
	    sizeof s);
	keymap_key_name(keymap_first(ui->keymap, MODE_MAP, ACT_RADIUS), d,
	    sizeof d);
	if (!g->opt.courier_delay || command_ride_turns(g, 1) == 0)
		ui_msg(ui, false, "%s: %s rides, %s halts.",
		    g->generals[i].name, m, s);
	else
		ui_msg(ui, false, "%s: %s rides, %s halts, %s shows his "
		    "radius.", g->generals[i].name, m, s, d);
}

/* The selected general if the side to play may give him orders. */
static int
own_general(struct ui *ui)
{
	const struct game *g = ui->game;

	if (ui->gsel < 0 || ui->gsel >= g->ngenerals)
		return -1;
	if (g->generals[ui->gsel].side != ui->side) {
		ui_msg(ui, true, "%s serves %s; %s gives orders now.",
		    g->generals[ui->gsel].name,
		    g->sides[g->generals[ui->gsel].side].name,
		    g->sides[ui->side].name);
		return -1;
	}
	return ui->gsel;
}

void
general_key(struct ui *ui, enum ui_action a)
{
	const struct game *g = ui->game;
	struct order o;
	int i, k, start;

	switch (a) {
	case ACT_GENERAL:
		start = ui->gsel;
		for (k = 1; k <= g->ngenerals; k++) {
			i = ((start + k) % g->ngenerals + g->ngenerals) %
			    g->ngenerals;
			if (g->generals[i].side == ui->side) {
				ui->gsel = i;
				ui->sel = -1;
				ui->cursor = g->generals[i].pos;
				general_hint(ui, i);
				return;
			}
		}
		ui_msg(ui, true, "%s has no general.", g->sides[ui->side].name);
		break;
	case ACT_MOVE:
		if (own_general(ui) < 0)
			break;
		ui->nwp = 0;
		ui->mode = MODE_MOVE;
		ui_msg(ui, false, "%s rides: put the cursor where he goes, "
		    "Enter to give the order.", g->generals[ui->gsel].name);
		break;
	case ACT_STOP:
		if (own_general(ui) < 0)
			break;
		memset(&o, 0, sizeof o);
		o.kind = ORDER_STOP;
		o.unit = -1;
		o.general = ui->gsel;
		ui_order(ui, &o);
		break;
	case ACT_CONFIRM:
		draft(ui, &o);
		if (ui_order(ui, &o) == 0) {
			ui->mode = MODE_MAP;
			ui->nwp = 0;
			ui->cursor = g->generals[ui->gsel].pos;
		}
		break;
	default:
		break;
	}
}
