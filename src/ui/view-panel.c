/*
 * view-panel.c - the side panel and the message log panel.
 *
 * The panel describes the selected unit (arm, the ruleset's attributes,
 * formation, condition, strength, order, general, how far it may move this turn) and
 * the ground under the cursor (landscape with its Pe and Pr, height, road,
 * obstacles on its edges); in move mode, where the unit will stop and why.
 * The log shows the events of the last turn resolved and the orders given
 * since, rule number first, each wrapped whole under a hanging indent.
 */
#include "config.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/command.h"
#include "core/game.h"
#include "core/know.h"
#include "core/move.h"
#include "core/tutorial.h"
#include "core/ruleset.h"
#include "ui/keymap.h"
#include "ui/view.h"
#include "util/xalloc.h"

/*
 * Where the panel's lines go: wrapped onto canvas c from (x, y) down to
 * bottom, or, with put set, each handed whole to put(arg, ...) (a page of
 * the pager reads them so).  cut: a line did not fit whole.
 */
/* Later turns of a Move forecast the panel lists (the page lists all). */
#define PANEL_TURNS	3

struct pen {
	struct canvas	*c;
	int		 x, y, w, bottom;
	void		(*put)(void *, struct style, const char *);
	void		*arg;
	bool		 cut;
};

static void
line(struct pen *p, struct style st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* One wrapped line group in the panel, if there is room. */
static void
line(struct pen *p, struct style st, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	if (p->put == NULL && p->y >= p->bottom) {
		p->cut = true;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (p->put != NULL) {
		p->put(p->arg, st, buf);
		return;
	}
	if (canvas_wrap(NULL, p->x, p->y, p->w, -1, buf, st) >
	    p->bottom - p->y)
		p->cut = true;
	p->y += canvas_wrap(p->c, p->x, p->y, p->w, p->bottom - p->y, buf, st);
}

/* Describe the order an order struct holds, into buf. */
static void
order_text(const struct game *g, const struct order *o, char *buf,
    size_t len)
{
	const struct ruleset_action *ac;
	char rule[24] = "";

	switch (o->kind) {
	case ORDER_MOVE:
		if (o->ngroup > 0)
			snprintf(buf, len, "Move with a group of %d, centre to "
			    "[%d, %d]", o->ngroup, o->to.x, o->to.y);
		else if (o->npts == 2)
			/* The points before the last are the route's bends
			 * or the player's waypoints, as the order keeps them
			 * (route.c): named, not called waypoints. */
			snprintf(buf, len, "Move to [%d, %d] by [%d, %d]",
			    o->pts[1].x, o->pts[1].y, o->pts[0].x,
			    o->pts[0].y);
		else if (o->npts > 2)
			snprintf(buf, len, "Move to [%d, %d] by %d points on "
			    "its way", o->pts[o->npts - 1].x,
			    o->pts[o->npts - 1].y, o->npts - 1);
		else
			snprintf(buf, len, "Move to [%d, %d]",
			    o->pts[o->npts - 1].x, o->pts[o->npts - 1].y);
		break;
	case ORDER_STOP:
		snprintf(buf, len, "Stop");
		break;
	case ORDER_FORMATION:
		snprintf(buf, len, "Formation: %s",
		    o->formation >= 0 && o->formation < g->rs->nform ?
		    g->rs->form[o->formation].label : "?");
		break;
	case ORDER_RESTORE:
		snprintf(buf, len, "Restore");
		break;
	case ORDER_ACTION:
		if (g->rs->ops->actions == NULL || o->action < 0) {
			snprintf(buf, len, "none (stands)");
			break;
		}
		ac = &g->rs->ops->actions[o->action];
		if (ac->rule != NULL)
			snprintf(rule, sizeof rule, " (%s)", ac->rule);
		if (ac->params & ACTION_POINT)
			snprintf(buf, len, "%s to [%d, %d]%s", ac->label,
			    o->pts[0].x, o->pts[0].y, rule);
		else if (ac->params & ACTION_FACING)
			snprintf(buf, len, "%s, facing %s%s", ac->label,
			    dir_name((enum dir)o->facing), rule);
		else
			snprintf(buf, len, "%s%s", ac->label, rule);
		break;
	default:
		snprintf(buf, len, "none (stands)");
		break;
	}
}

static const char *
class_label(const struct ruleset *rs, const struct unit *u)
{
	const struct arm_class *k;

	if (u->klass < 0 || u->klass >= rs->nklass)
		return "";
	k = &rs->klass[u->klass];
	return k->label != NULL ? k->label : k->name;
}

/*
 * A unit that did not march under its orders may still have moved in
 * turn t: fallen back from a charge or a melee, fled, charged.  The last
 * such move of unit's that viewer may read, into buf as "falls back 3 in
 * ..., [24, 42] to [24, 45] (HO.6.3*)", its name left out; false when it
 * made none.  The log is in turn order: the search stops at turn t's
 * start.
 */
static bool
moved_otherwise(const struct game *g, int unit, int t, int viewer,
    char *buf, size_t len)
{
	const struct event *e;
	struct event pe;
	char pb[512];
	const char *text;
	size_t n = strlen(g->units[unit].name);
	int i;

	for (i = g->log.n - 1; i >= 0 && g->log.v[i].turn >= t; i--) {
		e = &g->log.v[i];
		if (e->turn != t || e->unit != unit || e->kind != EV_MOVE ||
		    (e = know_view(g, e, viewer, &pe, pb, sizeof pb)) == NULL)
			continue;
		text = e->text;
		if (strncmp(text, g->units[unit].name, n) == 0 &&
		    text[n] == ' ')
			text += n + 1;
		if (e->rule[0] != '\0')
			snprintf(buf, len, "%s (%s%s)", text, e->rule,
			    ruleset_rule_mark(g->rs, e->rule));
		else
			snprintf(buf, len, "%s", text);
		return true;
	}
	return false;
}

/*
 * The ruleset's attributes of u on one line, in its order, from their
 * labels: "Drill 4, musician" (a flag that is off: "no musician").
 * State values, which change in play, are not shown.
 */
static void
attrs_line(const struct ruleset *rs, const struct unit *u, char *buf,
    size_t len)
{
	const struct attr_def *a;
	size_t n = 0;
	int i, w;

	buf[0] = '\0';
	for (i = 0; i < rs->nattr && n < len; i++) {
		a = &rs->attr[i];
		if (a->state)
			continue;
		if (a->flag)
			w = snprintf(buf + n, len - n, "%s%s%c%s", n > 0 ?
			    ", " : "", unit_attr(u, i) ? "" : "no ",
			    n > 0 || !unit_attr(u, i) ?
			    tolower((unsigned char)a->label[0]) :
			    a->label[0], a->label + 1);
		else
			w = snprintf(buf + n, len - n, "%s%s %d", n > 0 ?
			    ", " : "", a->label, unit_attr(u, i));
		if (w < 0)
			break;
		n += (size_t)w;
	}
}

static void
unit_panel(struct ui *ui, struct pen *p)
{
	struct game *g = ui->game;
	const struct ruleset *rs = g->rs;
	const struct unit *u = &g->units[ui->sel];
	struct style plain = style_plain, title = theme_side(ui, u->side);
	char buf[160], bd[32], rad[32];
	int allow, i, gd;

	title.attr |= ATTR_BOLD;
	title.attr &= (uint8_t)~ATTR_REVERSE;
	line(p, title, "%s", u->name);
	line(p, plain, "%s %s, %s", g->sides[u->side].name,
	    ruleset_arm_label(rs, u->arm),
	    class_label(rs, u));
	attrs_line(rs, u, buf, sizeof buf);
	if (buf[0] != '\0')
		line(p, plain, "%s", buf);
	line(p, plain, "Formation: %s", u->formation >= 0 &&
	    u->formation < rs->nform ? rs->form[u->formation].label : "?");
	/* Out of formation in the ruleset's own word (a Mob, a Disordered
	 * unit), as the log and the battle at a glance say it. */
	line(p, u->cond == COND_FORMED ? plain : theme_error(ui),
	    "Condition: %s", u->cond == COND_MOB ?
	    ruleset_word(rs, RULESET_TERM_MOB) : cond_name(u->cond));
	line(p, plain, "Strength: %d/%d %s", u->strength, u->strength0,
	    ruleset_arm_counts(rs, u->arm));
	line(p, plain, "Facing %s at [%d, %d]", dir_name(u->facing),
	    u->pos.x, u->pos.y);
	if (!know_orders(g, ui->sel, ui_viewer(ui)))
		line(p, theme_dim(ui), "Order: not known to %s",
		    ui_viewer(ui) >= 0 ? g->sides[ui_viewer(ui)].name :
		    "either side");
	else {
		/* An action given after the standing order is what the unit
		 * does now (a retire, H7): the order it replaced follows. */
		order_text(g, u->act.kind == ORDER_ACTION &&
		    u->act.issued >= u->order.issued ? &u->act : &u->order,
		    buf, sizeof buf);
		line(p, plain, "Order: %s", buf);
	}
	for (i = 0; i < g->ntransit; i++)
		if (g->transit[i].unit == ui->sel &&
		    know_orders(g, ui->sel, ui_viewer(ui))) {
			order_text(g, &g->transit[i], buf, sizeof buf);
			line(p, theme_dim(ui), "Riding: %s, in force turn %d; "
			    "until then the order above", buf,
			    g->transit[i].arrives);
		}
	if (u->general >= 0 && u->general < g->ngenerals) {
		/* Whether his orders come at once or by aide (3.1.1). */
		gd = geom_dist(g->generals[u->general].pos, u->pos);
		ruleset_fmt(rs, gd, bd, sizeof bd);
		ruleset_fmt(rs, command_radius(g, u->general), rad,
		    sizeof rad);
		if (!g->opt.courier_delay || command_ride_turns(g, gd) == 0)
			/* No aides: the radius decides nothing. */
			line(p, plain, "General: %s, %s away; his orders "
			    "are in force at once", g->generals[u->general].name,
			    bd);
		else
			line(p, plain, "General: %s, %s away, %s his %s "
			    "radius", g->generals[u->general].name, bd,
			    gd <= command_radius(g, u->general) ? "within" :
			    "beyond", rad);
	}
	if (ui_marked(ui, ui->sel))
		line(p, plain, "Marked: one of %d for a group order (m)",
		    ui->ngroup);
	if ((allow = ui_allowance(ui, ui->sel)) >= 0) {
		ruleset_fmt(rs, allow, bd, sizeof bd);
		line(p, plain, "May move %s this turn", bd);
	}
	/* The last turn played, never an older march shown as news; within
	 * a turn (a question of the ruleset's, g->phase >= 0) a march made
	 * in it is this turn's. */
	if ((g->turn > 1 && u->halt_turn == g->turn - 1) ||
	    (g->phase >= 0 && u->halt_turn == g->turn)) {
		const char *when = u->halt_turn == g->turn ? "This turn" :
		    "Last turn";

		ruleset_fmt(rs, u->moved, bd, sizeof bd);
		/* Arrived, or marching on: the enemy's orders (know.h). */
		if (know_halt_tells_orders(u->halt) &&
		    !know_orders(g, ui->sel, ui_viewer(ui)))
			line(p, theme_dim(ui), "%s (%d): moved %s", when,
			    u->halt_turn, bd);
		else
			line(p, theme_dim(ui), "%s (%d): moved %s, %s", when,
			    u->halt_turn, bd, halt_name(u->halt));
	} else if (g->turn > 1 && moved_otherwise(g, ui->sel, g->turn - 1,
	    ui_viewer(ui), buf, sizeof buf))
		line(p, theme_dim(ui), "Last turn (%d): %s", g->turn - 1, buf);
	else if (g->turn > 1 && u->halt_turn > 0)
		line(p, theme_dim(ui), "Last turn (%d): did not march (last "
		    "march turn %d)", g->turn - 1, u->halt_turn);
	else if (g->turn > 1)
		line(p, theme_dim(ui), "Last turn (%d): did not march",
		    g->turn - 1);
}

/* "this turn" or "on turn T", for a forecast's turn t, into buf. */
static void
when_text(const struct game *g, int t, char *buf, size_t len)
{
	if (t <= g->turn)
		snprintf(buf, len, "this turn");
	else
		snprintf(buf, len, "on turn %d", t);
}

/*
 * The forecast's later turns, one line each: where the walk ends and
 * why, with what it walked of what it spent, so that a count of turns
 * can be checked against the rules (found in play at Rothenbach: a Line
 * 9 cells from the village was forecast 5 turns, a hedge and the
 * village's price costing it two turns for two steps, and nothing said
 * so).  first is the game turn of the forecast's first walk.  The panel
 * gives the first few, the page (x) all.
 */
static void
turns_lines(struct ui *ui, struct pen *p, const struct route *r, int first)
{
	const struct game *g = ui->game;
	const struct move_forecast_turn *ft;
	char a[32], b[32], c[32], cite[EVENT_RULE_MAX + 8];
	int i, shown = p->put != NULL ? r->end.nturns : PANEL_TURNS + 1;

	for (i = 1; i < r->end.nturns && i < shown; i++) {
		ft = &r->end.turns[i];
		ruleset_fmt(g->rs, ft->walked, a, sizeof a);
		ruleset_fmt(g->rs, ft->spent, b, sizeof b);
		ruleset_fmt(g->rs, ft->allowance, c, sizeof c);
		/* An arrival needs no rule; the walk's last may be one
		 * it passed on the way (a halt short of an enemy). */
		if (ft->rule[0] != '\0' && ft->halt != HALT_ARRIVED)
			snprintf(cite, sizeof cite, "%s%s; ", ft->rule,
			    ruleset_rule_mark(g->rs, ft->rule));
		else
			cite[0] = '\0';
		line(p, style_plain, "Turn %d: to [%d, %d], %s (%swalked %s, "
		    "spent %s of %s)", first + i, ft->pos.x, ft->pos.y,
		    ft->halt == HALT_ARRIVED ? "arrives" : halt_name(ft->halt),
		    cite, a, b, c);
	}
	if (i < r->end.nturns)
		line(p, theme_dim(ui), "%d turn%s more: x shows %s",
		    r->end.nturns - i, r->end.nturns - i == 1 ? "" : "s",
		    r->end.nturns - i == 1 ? "it" : "them");
}

static void
route_panel(struct ui *ui, struct pen *p)
{
	const struct game *g = ui->game;
	const struct unit *u = &g->units[ui->sel];
	struct route *r = xcalloc(1, sizeof *r);
	struct order o;
	struct point s, place;
	char buf[160], cite[40];
	int i, arrives;
	bool aide = false;

	route_plan(ui, ui->sel, r);
	s = r->cells[r->stop];
	if (ui->assault)
		line(p, theme_title(ui), "Assault %s%s",
		    assault_target(ui) >= 0 ?
		    g->units[assault_target(ui)].name : "(no enemy here)",
		    ruleset_cite_fmt(g->rs, RULESET_TOPIC_CHARGE, " (%s)",
		    RULESET_CITE_MARK, cite, sizeof cite));
	else if (ui->action >= 0) {
		/* The action as it would be given, worded as the unit's
		 * order line words it once held. */
		route_action_order(ui, ui->sel, &o);
		order_text(g, &o, buf, sizeof buf);
		line(p, theme_title(ui), "%s", buf);
	}
	else if (route_group_place(ui, ui->sel, &place))
		line(p, theme_title(ui), "Move the group of %d, its centre to "
		    "[%d, %d]; %s to its place [%d, %d]", ui->ngroup,
		    ui->cursor.x, ui->cursor.y, u->name, place.x, place.y);
	else
		line(p, theme_title(ui), "Move to [%d, %d]", ui->cursor.x,
		    ui->cursor.y);
	if (ui->nwp > 0)
		line(p, style_plain, "via %d waypoint%s", ui->nwp,
		    ui->nwp > 1 ? "s" : "");
	/* The other members the order sends at the enemy, first: the
	 * player gives one order for all (the page has them whole). */
	for (i = 0; i < r->nmembers; i++)
		line(p, theme_rule(ui), "%s", p->put != NULL ?
		    r->member_whole[i] : r->member[i]);
	/* Beyond the radius the order waits for its aide (3.2.1): say when
	 * it takes effect and what the unit does until then. */
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = ui->sel;
	o.general = u->general;
	if (r->no_march) {
		/* An action answered where the unit stands: no march. */
		line(p, style_plain, "This turn: %s", r->why);
		free(r);
		return;
	}
	/* An action is heard at once, as held: no aide carries it. */
	if (ui->action < 0 && (aide = command_plan(g, &o, &arrives, NULL,
	    NULL) == COMMAND_AIDE)) {
		line(p, theme_rule(ui), "Arrives turn %d by %s%s", arrives,
		    ruleset_word(g->rs, RULESET_TERM_AIDE), ruleset_cite_fmt(
		    g->rs, RULESET_TOPIC_AIDE, " (%s)", 0, cite, sizeof cite));
		if (u->order.kind == ORDER_NONE)
			line(p, style_plain, "Until then: it stands");
		else {
			order_text(g, &u->order, buf, sizeof buf);
			line(p, style_plain, "Until then: %s", buf);
		}
		line(p, style_plain, "Turn %d, from here: to [%d, %d]",
		    arrives, s.x, s.y);
	} else if (r->charge_now)
		line(p, style_plain, "This turn: the charge, and no march");
	else
		line(p, style_plain, "This turn: to [%d, %d]", s.x, s.y);
	if (!r->charge_now)
		line(p, style_plain, "Stops: %s", r->why);
	if (r->turns > 0) {
		line(p, style_plain, "Arrives after %d turn%s", r->turns,
		    r->turns == 1 ? "" : "s");
	}
	else if (r->charge[0] != '\0')
		;	/* a charge says what comes */
	else if (r->end.halt == HALT_CONTACT && r->end.contact >= 0) {
		/* The forecast stops at the enemy: say so, not "too far".
		 * It starts the turn the order is in force. */
		when_text(g, (aide ? arrives : g->turn) + r->end.turn - 1, buf,
		    sizeof buf);
		line(p, theme_dim(ui), "Does not arrive: halts %s %s %s%s",
		    r->end.apart ? "short of" : "in battle contact with",
		    g->units[r->end.contact].name, buf,
		    ruleset_cite_fmt(g->rs, RULESET_TOPIC_CONTACT, " (%s)", 0,
		    cite, sizeof cite));
	} else if (r->end.mob_turn > 0) {
		/* A crossing paid with exactly what it has (M19): warn of
		 * the Mob, not of a block that follows it. */
		when_text(g, (aide ? arrives : g->turn) + r->end.mob_turn - 1,
		    buf, sizeof buf);
		if (r->end.mob_rule[0] != '\0')
			snprintf(cite, sizeof cite, " (%s%s)", r->end.mob_rule,
			    ruleset_rule_mark(g->rs, r->end.mob_rule));
		else
			cite[0] = '\0';
		line(p, theme_rule(ui), "Does not arrive: %s it ends as a "
		    "%s%s and marches on only when restored", buf,
		    ruleset_word(g->rs, RULESET_TERM_MOB), cite);
	} else if (r->end.halt == HALT_BLOCKED && r->end.turn > 1)
		line(p, theme_dim(ui), "Does not arrive: blocked from turn %d",
		    (aide ? arrives : g->turn) + r->end.turn - 1);
	else
		line(p, theme_dim(ui), "Does not arrive in %d turns",
		    ROUTE_TURNS);
	/* The drawn line is only the direction: say whether there is a
	 * way at all, and in which formation. */
	if (r->charge[0] != '\0')
		;	/* an assault's way is its charge */
	else if (r->turns < 0 && r->form == -1)
		line(p, theme_rule(ui), "No way there in any formation: "
		    "the line only shows the direction");
	else if (r->turns < 0 && r->form == MOVE_FORM_UNITS)
		line(p, theme_rule(ui), "No way there past the units that "
		    "stand in the way: the ground has one; the line only "
		    "shows the direction");
	else if (r->turns < 0 && r->form >= 0 && r->form != u->formation)
		line(p, theme_rule(ui), "No way there in %s; in %s there is: "
		    "give it a Formation order first%s",
		    g->rs->form[u->formation].label, g->rs->form[r->form].label,
		    ruleset_cite_fmt(g->rs, RULESET_TOPIC_LANDSCAPE, " (%s)", 0,
		    cite, sizeof cite));
	if (r->charge[0] != '\0')
		line(p, theme_rule(ui), "%s", r->charge);
	for (i = r->nnotes - 1; i >= 0; i--)
		line(p, theme_dim(ui), "%s", r->notes[i]);
	/* The later turns after this turn's notes: a small panel cuts
	 * them first (found at 80x24: they pushed out the note that said
	 * which friend stopped the march this turn). */
	if (r->turns > 0)
		turns_lines(ui, p, r, aide ? arrives : g->turn);
	free(r);
}

void
panel_route_lines(struct ui *ui, void (*put)(void *, struct style,
    const char *), void *arg)
{
	struct pen p = { NULL, 0, 0, 0, 0, put, arg, false };

	if (ui->sel >= 0 && ui->sel < ui->game->nunits)
		route_panel(ui, &p);
}

static void
cell_panel(struct ui *ui, struct pen *p)
{
	const struct game *g = ui->game;
	const struct ruleset *rs = g->rs;
	const struct map *m = g->map;
	const struct cell *cell;
	static const enum dir sides[4] = { DIR_N, DIR_E, DIR_S, DIR_W };
	char pe[32], pr[32];
	int i, ob, ps, who, x;

	if (!map_inside(m, ui->cursor.x, ui->cursor.y))
		return;
	cell = map_cell(m, ui->cursor.x, ui->cursor.y);
	/* Only the heading word is bold: the numbers change with every
	 * cursor key, and plain text is cheaper to rewrite. */
	if (p->y < p->bottom) {
		x = canvas_text(p->c, p->x, p->y, p->w, "At", theme_title(ui));
		canvas_printf(p->c, p->x + x, p->y, p->w - x, style_plain,
		    " [%d, %d], height %d", ui->cursor.x, ui->cursor.y,
		    cell->height);
		p->y++;
	}
	/* The ground's numbers where the ruleset counts them as slowing and
	 * entry (it names them); else its name alone, the rules reference
	 * giving the ruleset's own terms for it. */
	if (cell->land < rs->nland && ruleset_term(rs, RULESET_TERM_PE) !=
	    NULL && ruleset_term(rs, RULESET_TERM_PR) != NULL) {
		ruleset_fmt(rs, rs->land[cell->land].pe, pe, sizeof pe);
		ruleset_fmt(rs, rs->land[cell->land].pr, pr, sizeof pr);
		line(p, style_plain, "%s: %s %s, %s %s",
		    rs->land[cell->land].label,
		    ruleset_word(rs, RULESET_TERM_PE), pe,
		    ruleset_word(rs, RULESET_TERM_PR), pr);
	} else if (cell->land < rs->nland)
		line(p, style_plain, "%s", rs->land[cell->land].label);
	if (cell->road != ROAD_NONE)
		line(p, style_plain, "%s road", cell->road == ROAD_BIG ?
		    "Big" : "Small");
	if (cell->flags & CELL_DEFILE)
		line(p, style_plain, "Defile (narrow passage)");
	for (i = 0; i < 4; i++) {
		ob = map_edge(m, ui->cursor.x, ui->cursor.y, sides[i], &ps);
		if (ob <= 0 && ps == PASS_NONE)
			continue;
		line(p, style_plain, "%s edge: %s%s", dir_name(sides[i]),
		    ob > 0 && ob < rs->nobst ? rs->obst[ob].label : "",
		    ps == PASS_BRIDGE ? " (bridge)" : ps == PASS_GATE ?
		    " (gate)" : "");
	}
	for (i = 0; i < g->nobjectives; i++)
		if (g->objectives[i].at.x == ui->cursor.x &&
		    g->objectives[i].at.y == ui->cursor.y)
			line(p, theme_rule(ui), "Objective: %s (%d point%s)",
			    g->objectives[i].name, g->objectives[i].points,
			    g->objectives[i].points == 1 ? "" : "s");
	who = game_unit_at(g, ui->cursor.x, ui->cursor.y);
	if (who >= 0 && who != ui->sel)
		line(p, theme_side(ui, g->units[who].side), "%s (%s)",
		    g->units[who].name, g->sides[g->units[who].side].name);
}

void
panel_draw(struct ui *ui, struct canvas *c, const struct layout *l)
{
	struct pen p = { c, l->panel_x + 1, l->panel_y, l->panel_w - 1,
	    l->panel_y + l->panel_h, NULL, NULL, false };
	const struct tutorial *t = ui->game->tutorial;
	char text[512];
	size_t i;

	/* A lesson: its current step first; the whole text while no unit
	 * is selected, else just the title (B shows it again). */
	if (t != NULL) {
		if (tutorial_finished(t))
			line(&p, theme_title(ui), "Tutorial complete.");
		else {
			line(&p, theme_title(ui), "Step %d/%d: %s",
			    t->step + 1, t->nsteps, t->steps[t->step].title);
			if (ui->sel < 0) {
				/* The file's line breaks are not the panel's. */
				snprintf(text, sizeof text, "%s",
				    t->steps[t->step].text);
				for (i = 0; text[i] != '\0'; i++)
					if (text[i] == '\n')
						text[i] = ' ';
				line(&p, style_plain, "%s", text);
			}
		}
		p.y++;
	}
	if (ui->sel >= 0 && ui->sel < ui->game->nunits) {
		/* While a destination is chosen, where the unit will stop and
		 * why matter most: they come first, where 80x24 shows them. */
		if (ui->mode == MODE_MOVE) {
			route_panel(ui, &p);
			/* Cut at the panel's foot (80x24): its last row says
			 * where the whole preview is read. */
			if (p.cut && p.bottom > l->panel_y) {
				char k[16], more[64];

				snprintf(more, sizeof more, "... %s: the whole "
				    "preview", keymap_key_of(ui->keymap,
				    MODE_MOVE, ACT_WHY, k, sizeof k));
				canvas_fill(c, p.x, p.bottom - 1, p.w, 1, " ",
				    theme_dim(ui));
				canvas_text(c, p.x, p.bottom - 1, p.w, more,
				    theme_rule(ui));
				return;
			}
			p.y++;
		}
		unit_panel(ui, &p);
		p.y++;
	} else if (ui->gsel >= 0 && ui->gsel < ui->game->ngenerals) {
		p.y += general_panel(ui, c, p.x, p.y, p.w, p.bottom);
		p.y++;
	} else
		line(&p, theme_dim(ui), "No unit selected: Tab or Enter.");
	cell_panel(ui, &p);
}

/* How far a log event's continued lines are indented. */
#define LOG_INDENT	4

/*
 * One event of the log pane from row y: the unit, the rule and the text,
 * wrapped whole within the pane's width, at most maxlines rows (-1: no
 * limit).  With a NULL canvas it only counts the rows.
 */
static int
log_event(struct ui *ui, struct canvas *c, const struct layout *l, int y,
    const struct event *e, int maxlines)
{
	const struct game *g = ui->game;
	struct style rule = theme_rule(ui), dim = theme_dim(ui);
	char head[128];
	int x = 0, rows;

	if (e->unit >= 0 && e->unit < g->nunits) {
		snprintf(head, sizeof head, "%s", g->units[e->unit].id);
		if (c != NULL)
			canvas_text(c, l->log_x + x, y, l->log_w - x, head,
			    theme_side(ui, g->units[e->unit].side));
		x += canvas_text_width(head);
	}
	x++;
	if (e->rule[0] != '\0') {
		snprintf(head, sizeof head, "%s%s", e->rule,
		    ruleset_rule_mark(g->rs, e->rule));
		if (c != NULL)
			canvas_text(c, l->log_x + x, y, l->log_w - x, head,
			    rule);
		x += canvas_text_width(head) + 1;
	}
	/* A head too wide for the pane: the text starts on the next row. */
	if (x > l->log_w - 10) {
		rows = canvas_wrap_hang(c, l->log_x, y + 1, l->log_w,
		    LOG_INDENT, LOG_INDENT, maxlines < 0 ? -1 : maxlines - 1,
		    e->text, e->kind == EV_ORDER ? dim : style_plain);
		return 1 + rows;
	}
	rows = canvas_wrap_hang(c, l->log_x, y, l->log_w, x, LOG_INDENT,
	    maxlines, e->text, e->kind == EV_ORDER ? dim : style_plain);
	return rows > 0 ? rows : 1;
}

void
log_draw(struct ui *ui, struct canvas *c, const struct layout *l, int skip)
{
	const struct game *g = ui->game;
	const struct event *e;
	struct event pe;
	char pb[1024];
	struct style dim = theme_dim(ui);
	int rows = l->log_h - 1 - skip, i, n = 0, first, y, h, used;
	int viewer = ui_viewer(ui), later = 0, results = 0;

	canvas_fill(c, l->log_x, l->log_y, l->log_w, 1,
	    ui->utf8 ? "─" : "-", dim);
	/*
	 * The newest events that fit, phases left out, each whole over as
	 * many rows as it takes (a hanging indent for the rest), the newest
	 * at the bottom.  An event taller than the pane shows its start.
	 * Counted first: the title says what they are.
	 */
	used = 0;
	for (i = g->log.n - 1; i >= ui->log_from && used < rows; i--) {
		e = &g->log.v[i];
		if (e->kind == EV_PHASE ||
		    (e = know_view(g, e, viewer, &pe, pb, sizeof pb)) == NULL)
			continue;
		h = log_event(ui, NULL, l, 0, e, -1);
		if (used + h > rows && n > 0)
			break;
		used += h;
		n++;
		/* Orders given since the turn was played (its results
		 * are older). */
		if (e->turn > ui->resolved)
			later++;
		else
			results++;
	}
	first = i + 1;
	/* Asked within a turn (g->phase >= 0), the pane holds that turn's
	 * results so far, not the last turn's; once the next turn's orders
	 * are given below the results, the title names both, and the
	 * orders alone once the results have scrolled away. */
	if (ui->resolved > 0 && g->phase >= 0 && ui->resolved < g->turn)
		canvas_printf(c, 2, l->log_y, l->log_w - 4, theme_title(ui),
		    " Log: turn %d so far (M: all) ", g->turn);
	else if (ui->resolved > 0 && later > 0 && results > 0)
		canvas_printf(c, 2, l->log_y, l->log_w - 4, theme_title(ui),
		    " Log: turn %d results, turn %d orders (M: all) ",
		    ui->resolved, g->turn);
	else if (ui->resolved > 0 && later > 0)
		canvas_printf(c, 2, l->log_y, l->log_w - 4, theme_title(ui),
		    " Log: turn %d orders (M: all) ", g->turn);
	else if (ui->resolved > 0)
		canvas_printf(c, 2, l->log_y, l->log_w - 4, theme_title(ui),
		    " Log: turn %d results (M: all) ", ui->resolved);
	else if (ui->resumed > 0)
		canvas_printf(c, 2, l->log_y, l->log_w - 4, theme_title(ui),
		    " Log: from the resume, turn %d (M: all) ", ui->resumed);
	else
		canvas_text(c, 2, l->log_y, l->log_w - 4, " Log (M: all) ",
		    theme_title(ui));
	y = l->log_y + 1 + skip;
	for (i = first; i < g->log.n && y < l->log_y + l->log_h; i++) {
		e = &g->log.v[i];
		if (e->kind == EV_PHASE ||
		    (e = know_view(g, e, viewer, &pe, pb, sizeof pb)) == NULL)
			continue;
		y += log_event(ui, c, l, y, e, l->log_y + l->log_h - y);
	}
	/* Over a box, no word of how to give orders: they are not yet
	 * asked for. */
	if (n == 0 && rows > 0 && ui->resolved > 0)
		canvas_text(c, 1, l->log_y + 1 + skip, l->log_w - 1,
		    "Nothing happened.", dim);
	else if (n == 0 && rows > 0 && ui->resumed > 0)
		canvas_printf(c, 1, l->log_y + 1 + skip, l->log_w - 1, dim,
		    "Resumed from a save at turn %d: the log starts here.",
		    ui->resumed);
	else if (n == 0 && rows > 0 && skip == 0) {
		char none[80], k[16];

		snprintf(none, sizeof none, "No results yet: give orders, "
		    "then %s ends your side's turn.", keymap_key_of(ui->keymap,
		    MODE_MAP, ACT_END_TURN, k, sizeof k));
		canvas_text(c, 1, l->log_y + 1, l->log_w - 1, none, dim);
	}
}
