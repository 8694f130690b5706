/*
 * view-map.c - the map view: landscape, contours, roads, obstacles,
 * passages, labels, units with their facing and colonel, rout tracks,
 * aides carrying orders, the units marked for a group order, and the
 * overlays (a Move order's route and stop, the reachable area); the
 * view's scrolling and its cursor.  The keys of the map and move modes
 * are in view-map-keys.c.
 *
 * Everything drawn comes from the game and the ruleset tables: glyphs and
 * colours of landscape from rs->land, footprints from game_footprint, the
 * route and stop from the movement engine's preview.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/know.h"
#include "core/move.h"
#include "core/ruleset.h"
#include "ui/view.h"
#include "ui/view-map-priv.h"
#include "util/xalloc.h"

/* Screen position of map cell p, or false if not in the view. */
static bool
to_screen(const struct ui *ui, const struct layout *l, struct point p,
    int *sx, int *sy)
{
	int x = p.x - ui->view.x, y = p.y - ui->view.y;

	if (x < 0 || y < 0 || x >= l->map_w || y >= l->map_h)
		return false;
	*sx = l->map_x + x;
	*sy = l->map_y + y;
	return true;
}

bool
group_move(const struct ui *ui)
{
	return ui->ngroup >= 2 && ui->sel >= 0 && ui_marked(ui, ui->sel);
}

static bool
has_road(const struct map *m, int x, int y)
{
	return map_inside(m, x, y) && map_cell(m, x, y)->road != ROAD_NONE;
}

/* A road glyph from the neighbours it joins. */
static const char *
road_glyph(const struct ui *ui, int x, int y, bool big)
{
	const struct map *m = ui->game->map;
	bool h = has_road(m, x - 1, y) || has_road(m, x + 1, y);
	bool v = has_road(m, x, y - 1) || has_road(m, x, y + 1);
	bool d1 = has_road(m, x + 1, y - 1) || has_road(m, x - 1, y + 1);
	bool d2 = has_road(m, x - 1, y - 1) || has_road(m, x + 1, y + 1);

	if (h && v)
		return ui->utf8 ? (big ? "╬" : "┼") : "+";
	if (h)
		return ui->utf8 ? (big ? "═" : "─") : "-";
	if (v)
		return ui->utf8 ? (big ? "║" : "│") : "|";
	/* In ASCII / and \\ are a unit's front (theme.c): roads take +. */
	if (d1 && !d2)
		return ui->utf8 ? "╱" : "+";
	if (d2 && !d1)
		return ui->utf8 ? "╲" : "+";
	return ui->utf8 ? (big ? "╬" : "┼") : "+";
}

/* True if a contour line runs along one of the cell's edges (uphill side). */
static bool
on_contour(const struct map *m, int x, int y)
{
	static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };
	int h = map_cell(m, x, y)->height, i;

	for (i = 0; i < 4; i++)
		if (map_inside(m, x + dx[i], y + dy[i]) &&
		    map_cell(m, x + dx[i], y + dy[i])->height < h)
			return true;
	return false;
}

/* The terrain of one cell: landscape, contour, road, obstacle, passage. */
static void
terrain_draw(struct ui *ui, struct canvas *c, int sx, int sy, int x, int y)
{
	const struct game *g = ui->game;
	const struct ruleset *rs = g->rs;
	const struct cell *cell = map_cell(g->map, x, y);
	const struct landscape *land = cell->land < rs->nland ?
	    &rs->land[cell->land] : NULL;
	int fg = land != NULL && ui->colour ? land->colour : COL_DEFAULT;
	struct style st = style_make(fg, COL_DEFAULT, 0);
	const char *glyph;
	char one[2], digit[2];
	int pe, ps;

	glyph = theme_land(ui, cell->land, one);
	if (ui->heights) {
		digit[0] = (char)('0' + (cell->height % 10 + 10) % 10);
		digit[1] = '\0';
		glyph = digit;
		if (!ui->colour && cell->height % 2 != 0)
			st.attr |= ATTR_BOLD;
	} else if (land != NULL && land->pe == 0 && land->pr == 0 &&
	    on_contour(g->map, x, y)) {
		/*
		 * On open ground the contour line can take the cell.  Its
		 * glyph tells it apart; it keeps the ground's colour, as a
		 * colour of its own would cost two colour changes for each
		 * contour cell whenever the map is repainted.
		 */
		glyph = theme_glyph(ui, MG_CONTOUR);
	}
	if (cell->road != ROAD_NONE) {
		glyph = road_glyph(ui, x, y, cell->road == ROAD_BIG);
		st = style_make(ui->colour ? COL_YELLOW : COL_DEFAULT,
		    COL_DEFAULT, cell->road == ROAD_BIG ? ATTR_BOLD : 0);
	}
	if (cell->flags & CELL_DEFILE)
		st.attr |= ATTR_UNDERLINE;
	pe = map_edge(g->map, x, y, DIR_E, &ps);
	if (ps == PASS_NONE) {
		int pss, se = map_edge(g->map, x, y, DIR_S, &pss);

		if (pss != PASS_NONE)
			ps = pss;
		if (pe != 0 || se != 0) {
			/* Each kind its own glyph, so that it reads
			 * without colour; with two, the east edge's. */
			glyph = theme_obstacle(ui, pe != 0 ? pe : se, one);
			st = style_make(ui->colour ? COL_CYAN : COL_DEFAULT,
			    COL_DEFAULT, ATTR_BOLD);
		}
	}
	if (ps != PASS_NONE) {
		glyph = theme_glyph(ui, MG_PASSAGE);
		st = style_make(ui->colour ? COL_WHITE : COL_DEFAULT,
		    COL_DEFAULT, ATTR_BOLD);
	}
	canvas_put(c, sx, sy, glyph, st);
}

/*
 * Place names, drawn after everything else that sits on the ground: a
 * name goes down whole or not at all.  It is left out when any cell it
 * would take is no longer bare ground (a unit, a general, an aide, a rout
 * track, an objective or an earlier name drew there: the glyph differs
 * from the terrain in bare[]), or when it would run past the edge of the
 * map or of the view.  A name cut into a unit reads as a different word
 * ("HCCCCindenau"), which is worse than none.
 */
static void
labels_draw(struct ui *ui, struct canvas *c, const struct layout *l,
    const struct ccell *bare)
{
	const struct map *m = ui->game->map;
	struct style st = style_make(ui->colour ? COL_WHITE : COL_DEFAULT,
	    COL_DEFAULT, ATTR_UNDERLINE);
	const struct ccell *cell;
	int i, k, x, y, w, sx, sy, right;
	bool fits;

	/* The columns of the view that show the map. */
	right = m->w - ui->view.x;
	if (right > l->map_w)
		right = l->map_w;
	for (i = 0; i < m->nlabels; i++) {
		if (!to_screen(ui, l, m->labels[i].at, &sx, &sy))
			continue;
		x = sx - l->map_x;
		y = sy - l->map_y;
		w = canvas_text_width(m->labels[i].text);
		fits = w > 0 && x + w <= right;
		for (k = 0; fits && k < w; k++) {
			cell = canvas_cell(c, sx + k, sy);
			fits = cell != NULL && strcmp(cell->glyph,
			    bare[(size_t)y * (size_t)l->map_w +
			    (size_t)(x + k)].glyph) == 0;
		}
		if (!fits)
			continue;
		/* Keep the ground's background (the reach overlay). */
		st.bg = canvas_cell(c, sx, sy)->style.bg;
		canvas_text(c, sx, sy, w, m->labels[i].text, st);
	}
}

/* Victory places: a marker, bold in monochrome. */
static void
objectives_draw(struct ui *ui, struct canvas *c, const struct layout *l)
{
	const struct game *g = ui->game;
	struct style st = style_make(ui->colour ? COL_MAGENTA : COL_DEFAULT,
	    COL_DEFAULT, ATTR_BOLD);
	int i, sx, sy;

	for (i = 0; i < g->nobjectives; i++)
		if (to_screen(ui, l, g->objectives[i].at, &sx, &sy))
			canvas_put(c, sx, sy, theme_glyph(ui, MG_OBJECTIVE), st);
}

static void
unit_draw(struct ui *ui, struct canvas *c, const struct layout *l, int ui_u)
{
	const struct game *g = ui->game;
	const struct unit *u = &g->units[ui_u];
	struct point *cells, ahead;
	struct style st = theme_side(ui, u->side);
	char letter[2];
	int i, n, sx, sy;

	if (unit_gone(u))
		return;
	/* A block reaches at most g->cells_max cells from its anchor. */
	if (u->pos.x < ui->view.x - g->cells_max ||
	    u->pos.y < ui->view.y - g->cells_max ||
	    u->pos.x > ui->view.x + l->map_w + g->cells_max ||
	    u->pos.y > ui->view.y + l->map_h + g->cells_max)
		return;
	if (ui_u == ui->sel)
		st.attr ^= ATTR_REVERSE;
	if (u->cond != COND_FORMED)
		st.attr |= ATTR_UNDERLINE;
	letter[0] = theme_arm(g->rs, u->side, u->arm);
	letter[1] = '\0';
	if (u->cond == COND_MOB)
		letter[0] = u->side == 0 ? 'M' : 'm';
	else if (u->cond == COND_ROUTED)
		letter[0] = u->side == 0 ? 'R' : 'r';
	cells = game_cells_take(g);
	n = game_footprint(g, u, cells);
	for (i = 0; i < n; i++)
		if (to_screen(ui, l, cells[i], &sx, &sy))
			canvas_put(c, sx, sy, letter, st);
	if (ui_marked(ui, ui_u)) {
		/* Marked for a group order: its rear rank shows the mark. */
		int w = g->rs->form[u->formation].frontage[u->arm];

		for (i = n > w ? n - w : 0; i < n; i++)
			if (to_screen(ui, l, cells[i], &sx, &sy))
				canvas_put(c, sx, sy, theme_glyph(ui, MG_MARKED),
				    st);
	}
	game_cells_give(g, cells);
	if (to_screen(ui, l, u->pos, &sx, &sy))
		canvas_put(c, sx, sy, theme_facing(ui, u->facing), st);
	/* M1: the colonel rides at the front of a unit under a Move order. */
	if (move_colonel(g, ui_u) &&
	    know_orders(g, ui_u, ui_viewer(ui))) {
		ahead.x = u->pos.x + dir_dx[u->facing];
		ahead.y = u->pos.y + dir_dy[u->facing];
		if (map_inside(g->map, ahead.x, ahead.y) &&
		    game_unit_at(g, ahead.x, ahead.y) < 0 &&
		    to_screen(ui, l, ahead, &sx, &sy))
			canvas_put(c, sx, sy, theme_glyph(ui, MG_COLONEL),
			    st);
	}
}

/*
 * Rout tracks (3.9.2): where each routed unit will flee, drawn in its
 * side's style on ground no unit covers, so a player sees which way the
 * rout runs and what it will touch.
 */
static void
tracks_draw(struct ui *ui, struct canvas *c, const struct layout *l)
{
	const struct game *g = ui->game;
	const struct unit *u;
	struct style st;
	int i, k, sx, sy;

	for (i = 0; i < g->nunits; i++) {
		u = &g->units[i];
		if (u->cond != COND_ROUTED)
			continue;
		st = theme_side(ui, u->side);
		st.attr &= ~ATTR_BOLD;
		for (k = 0; k < u->ntrack; k++)
			if (game_unit_at(g, u->track[k].x, u->track[k].y) < 0 &&
			    to_screen(ui, l, u->track[k], &sx, &sy))
				canvas_put(c, sx, sy,
				    theme_glyph(ui, MG_TRACK), st);
	}
}

/*
 * Orders in transit (3.2.1): an aide rides from the general who gave the
 * order to the unit; he is drawn where he is this turn, the part of the
 * way his ride has covered, in the side's style, with the turn he
 * arrives beside him.
 */
static void
couriers_draw(struct ui *ui, struct canvas *c, const struct layout *l)
{
	const struct game *g = ui->game;
	const struct order *o;
	struct point from, to, at;
	int i, sx, sy, done, ride;

	for (i = 0; i < g->ntransit; i++) {
		o = &g->transit[i];
		/* A side sees only its own aides (core/know.h). */
		if (o->general < 0 || o->general >= g->ngenerals ||
		    o->unit < 0 || o->unit >= g->nunits ||
		    !know_orders(g, o->unit, ui_viewer(ui)))
			continue;
		from = g->generals[o->general].pos;
		to = g->units[o->unit].pos;
		ride = o->arrives - o->issued;
		done = g->turn - o->issued;
		if (ride <= 0 || done < 0)
			continue;
		if (done > ride)
			done = ride;
		at.x = from.x + (to.x - from.x) * done / ride;
		at.y = from.y + (to.y - from.y) * done / ride;
		if (!to_screen(ui, l, at, &sx, &sy))
			continue;
		canvas_put(c, sx, sy, theme_glyph(ui, MG_AIDE),
		    theme_side(ui, g->units[o->unit].side));
		/* The turn he arrives, beside him where the map has room. */
		canvas_printf(c, sx + 1, sy, l->map_x + l->map_w - sx - 1,
		    theme_side(ui, g->units[o->unit].side), "%d", o->arrives);
	}
}

/* One other member's march under the group order being aimed: the same
 * marks as the selected unit's route, dim, its stop not reversed. */
static void
member_route_draw(struct ui *ui, struct canvas *c, const struct layout *l,
    int m, struct route *r)
{
	struct style dim = style_make(ui->colour ? COL_MAGENTA : COL_DEFAULT,
	    COL_DEFAULT, ATTR_DIM);
	int i, sx, sy;

	route_plan_member(ui, m, r);
	for (i = 1; i < r->n; i++)
		if (to_screen(ui, l, r->cells[i], &sx, &sy))
			canvas_put(c, sx, sy, theme_glyph(ui, i == r->stop ?
			    MG_STOP : i < r->stop ? MG_ROUTE : MG_LATER), dim);
}

static void
route_draw(struct ui *ui, struct canvas *c, const struct layout *l)
{
	struct route *r = xcalloc(1, sizeof *r);
	struct style now = style_make(ui->colour ? COL_MAGENTA : COL_DEFAULT,
	    COL_DEFAULT, ATTR_BOLD);
	struct style later = style_make(ui->colour ? COL_MAGENTA :
	    COL_DEFAULT, COL_DEFAULT, 0);
	int i, sx, sy;

	/* A group order: the other members' marches first, dim, so that
	 * the selected unit's is drawn over them where they cross. */
	if (group_move(ui))
		for (i = 0; i < ui->ngroup; i++)
			if (ui->group[i] != ui->sel)
				member_route_draw(ui, c, l, ui->group[i], r);
	route_plan(ui, ui->sel, r);
	for (i = 1; i < r->n; i++)
		if (to_screen(ui, l, r->cells[i], &sx, &sy))
			canvas_put(c, sx, sy, theme_glyph(ui, i <= r->stop ?
			    MG_ROUTE : MG_LATER),
			    i <= r->stop ? now : later);
	for (i = 0; i < ui->nwp; i++)
		if (to_screen(ui, l, ui->wp[i], &sx, &sy))
			canvas_put(c, sx, sy, theme_glyph(ui, MG_WAYPOINT),
			    now);
	if (r->n > 0 && r->stop > 0 &&
	    to_screen(ui, l, r->cells[r->stop], &sx, &sy))
		canvas_put(c, sx, sy, theme_glyph(ui, MG_STOP),
		    style_make(ui->colour ?
		    COL_MAGENTA : COL_DEFAULT, COL_DEFAULT,
		    ATTR_BOLD | ATTR_REVERSE));
	if (to_screen(ui, l, ui->cursor, &sx, &sy))
		canvas_put(c, sx, sy, theme_glyph(ui, MG_CURSOR), now);
	free(r);
}

static void
area_draw(struct ui *ui, struct canvas *c, const struct layout *l)
{
	struct point *cells = NULL;
	const struct ccell *cell;
	struct style st;
	int i, n, sx, sy;

	n = move_reach(ui->game, ui->sel, &cells);
	for (i = 0; i < n; i++) {
		if (!to_screen(ui, l, cells[i], &sx, &sy))
			continue;
		cell = canvas_cell(c, sx, sy);
		st = cell->style;
		if (ui->colour)
			st.bg = COL_BLUE;
		else
			st.attr |= ATTR_BOLD | ATTR_UNDERLINE;
		canvas_style(c, sx, sy, st);
	}
	free(cells);
}

/*
 * Keep the cursor in view.  When it comes within the margin of an edge
 * the view jumps to put it in the middle, rather than following it a
 * cell at a time: every step of a scroll repaints the whole map, which
 * over a slow link is thousands of bytes, and a jump is one repaint for
 * half a map of travel.
 */
void
map_follow(struct ui *ui, const struct layout *l)
{
	const struct map *m = ui->game->map;
	int margin_x = l->map_w > 12 ? 3 : 0, margin_y = l->map_h > 8 ? 2 : 0;

	if (ui->cursor.x < ui->view.x + margin_x ||
	    ui->cursor.x >= ui->view.x + l->map_w - margin_x)
		ui->view.x = ui->cursor.x - l->map_w / 2;
	if (ui->cursor.y < ui->view.y + margin_y ||
	    ui->cursor.y >= ui->view.y + l->map_h - margin_y)
		ui->view.y = ui->cursor.y - l->map_h / 2;
	if (ui->view.x > m->w - l->map_w)
		ui->view.x = m->w - l->map_w;
	if (ui->view.y > m->h - l->map_h)
		ui->view.y = m->h - l->map_h;
	if (ui->view.x < 0)
		ui->view.x = 0;
	if (ui->view.y < 0)
		ui->view.y = 0;
}

/*
 * The opening view (ui_start): centred on what matters, then moved no
 * more than it takes to bring the cursor inside the margins, so that
 * map_follow keeps it rather than jumping to the cursor.
 */
static void
map_centre(struct ui *ui, const struct layout *l)
{
	int mx = l->map_w > 12 ? 3 : 0, my = l->map_h > 8 ? 2 : 0;

	ui->centre_pending = false;
	ui->view.x = ui->centre.x - l->map_w / 2;
	ui->view.y = ui->centre.y - l->map_h / 2;
	if (ui->cursor.x >= ui->view.x + l->map_w - mx)
		ui->view.x = ui->cursor.x - l->map_w + mx + 1;
	if (ui->cursor.x < ui->view.x + mx)
		ui->view.x = ui->cursor.x - mx;
	if (ui->cursor.y >= ui->view.y + l->map_h - my)
		ui->view.y = ui->cursor.y - l->map_h + my + 1;
	if (ui->cursor.y < ui->view.y + my)
		ui->view.y = ui->cursor.y - my;
}

void
map_draw(struct ui *ui, struct canvas *c, const struct layout *l)
{
	const struct game *g = ui->game;
	const struct map *m = g->map;
	/* Plain, not dim: the rows of a repainted map end here, and leaving
	 * an attribute costs more than leaving a colour. */
	struct style sep = style_plain;
	struct ccell *bare;
	int x, y, sx, sy, i;

	if (ui->centre_pending)
		map_centre(ui, l);
	map_follow(ui, l);
	for (y = 0; y < l->map_h; y++) {
		canvas_put(c, l->map_x + l->map_w, l->map_y + y,
		    ui->utf8 ? "│" : "|", sep);
		for (x = 0; x < l->map_w; x++) {
			int mx = ui->view.x + x, my = ui->view.y + y;

			if (map_inside(m, mx, my))
				terrain_draw(ui, c, l->map_x + x, l->map_y + y,
				    mx, my);
		}
	}
	/* The bare ground, for the place names to find room on. */
	bare = xcalloc((size_t)l->map_w * (size_t)l->map_h + 1, sizeof *bare);
	for (y = 0; y < l->map_h; y++)
		for (x = 0; x < l->map_w; x++) {
			const struct ccell *cc = canvas_cell(c, l->map_x + x,
			    l->map_y + y);

			if (cc != NULL)
				bare[(size_t)y * (size_t)l->map_w +
				    (size_t)x] = *cc;
		}
	objectives_draw(ui, c, l);
	if (ui->area && ui->sel >= 0)
		area_draw(ui, c, l);
	tracks_draw(ui, c, l);
	for (i = 0; i < g->nunits; i++)
		unit_draw(ui, c, l, i);
	general_draw(ui, c, l);
	couriers_draw(ui, c, l);
	labels_draw(ui, c, l, bare);
	free(bare);
	if (ui->mode == MODE_MOVE && ui->sel >= 0)
		route_draw(ui, c, l);
	else if (ui->mode == MODE_MOVE && ui->gsel >= 0)
		general_route_draw(ui, c, l);
	else if (ui->mode == MODE_MOVE && to_screen(ui, l, ui->cursor, &sx,
	    &sy))
		canvas_put(c, sx, sy, theme_glyph(ui, MG_CURSOR),
		    style_make(ui->colour ?
		    COL_MAGENTA : COL_DEFAULT, COL_DEFAULT, ATTR_BOLD));
	if (to_screen(ui, l, ui->cursor, &sx, &sy)) {
		const struct ccell *cell = canvas_cell(c, sx, sy);
		struct style st = cell->style;

		if (!ui->term_cursor) {
			st.attr ^= ATTR_REVERSE;
			canvas_style(c, sx, sy, st);
		}
		ui->curs_x = sx;
		ui->curs_y = sy;
	}
}

bool
map_cursor_step(struct ui *ui, enum ui_action a, int bx, int by)
{
	const struct map *m = ui->game->map;
	int dx = 0, dy = 0, step = 1;

	switch (a) {
	case ACT_N: dy = -1; break;
	case ACT_NE: dx = 1; dy = -1; break;
	case ACT_E: dx = 1; break;
	case ACT_SE: dx = 1; dy = 1; break;
	case ACT_S: dy = 1; break;
	case ACT_SW: dx = -1; dy = 1; break;
	case ACT_W: dx = -1; break;
	case ACT_NW: dx = -1; dy = -1; break;
	case ACT_FAR_N: dy = -1; step = 8; break;
	case ACT_FAR_E: dx = 1; step = 8; break;
	case ACT_FAR_S: dy = 1; step = 8; break;
	case ACT_FAR_W: dx = -1; step = 8; break;
	default: return false;
	}
	ui->cursor.x += dx * step * bx;
	ui->cursor.y += dy * step * by;
	if (ui->cursor.x < 0)
		ui->cursor.x = 0;
	if (ui->cursor.y < 0)
		ui->cursor.y = 0;
	if (ui->cursor.x >= m->w)
		ui->cursor.x = m->w - 1;
	if (ui->cursor.y >= m->h)
		ui->cursor.y = m->h - 1;
	return true;
}

void
map_cursor_move(struct ui *ui, enum ui_action a)
{
	(void)map_cursor_step(ui, a, 1, 1);
}
