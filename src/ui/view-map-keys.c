/*
 * view-map-keys.c - the keys of the map and move modes: the cursor and
 * the selection, marking units for a group order, simple orders given
 * at once, taking orders back, a Move order's points, an assault's
 * target and the action at the cursor.  The map itself is drawn in
 * view-map.c.
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

/* Select the next (dir 1) or previous (-1) active unit of the side. */
static void
cycle_unit(struct ui *ui, int dir)
{
	const struct game *g = ui->game;
	int i, u, start = ui->sel >= 0 ? ui->sel : (dir > 0 ? -1 : 0);

	for (i = 1; i <= g->nunits; i++) {
		u = ((start + dir * i) % g->nunits + g->nunits) % g->nunits;
		if (ui_own(ui, u) && unit_active(&g->units[u])) {
			ui->sel = u;
			ui->cursor = g->units[u].pos;
			return;
		}
	}
	ui_msg(ui, true, "%s has no unit able to take orders.",
	    g->sides[ui->side].name);
}

/* The selected unit if the side to play may give it orders, else -1. */
static int
commandable(struct ui *ui)
{
	const struct game *g = ui->game;

	if (ui->sel < 0) {
		ui_msg(ui, true, "Select one of your units first (Tab or "
		    "Enter on it).");
		return -1;
	}
	if (!ui_own(ui, ui->sel)) {
		ui_msg(ui, true, "%s belongs to %s; %s gives orders now.",
		    g->units[ui->sel].name,
		    g->sides[g->units[ui->sel].side].name,
		    g->sides[ui->side].name);
		return -1;
	}
	return ui->sel;
}

/* g: the selected unit joins the marked group, or leaves it. */
static void
mark_toggle(struct ui *ui)
{
	const struct game *g = ui->game;
	int u = commandable(ui), i;

	if (u < 0)
		return;
	for (i = 0; i < ui->ngroup; i++)
		if (ui->group[i] == u) {
			ui->group[i] = ui->group[--ui->ngroup];
			ui_msg(ui, false, "%s unmarked: %d unit%s marked.",
			    g->units[u].name, ui->ngroup,
			    ui->ngroup == 1 ? "" : "s");
			return;
		}
	if (!unit_active(&g->units[u])) {
		ui_msg(ui, true, "%s is %s and takes no orders.",
		    g->units[u].name, cond_name(g->units[u].cond));
		return;
	}
	if (ui->ngroup >= ORDER_GROUP_MAX) {
		ui_msg(ui, true, "At most %d units in a group.",
		    ORDER_GROUP_MAX);
		return;
	}
	ui->group[ui->ngroup++] = u;
	ui_msg(ui, false, "%s marked: %d unit%s marked; m on one of them "
	    "moves them all.", g->units[u].name, ui->ngroup,
	    ui->ngroup == 1 ? "" : "s");
}

/* G: the marked group becomes the selected unit's brigade. */
static void
mark_brigade(struct ui *ui)
{
	const struct game *g = ui->game;
	int u = commandable(ui), i, gen, more = 0;

	if (u < 0)
		return;
	gen = g->units[u].general;
	ui->ngroup = 0;
	ui->group[ui->ngroup++] = u;
	for (i = 0; i < g->nunits; i++) {
		if (i == u || g->units[i].general != gen ||
		    g->units[i].side != g->units[u].side ||
		    !unit_active(&g->units[i]))
			continue;
		if (ui->ngroup < ORDER_GROUP_MAX)
			ui->group[ui->ngroup++] = i;
		else
			more++;
	}
	ui_msg(ui, false, "Brigade of %s marked: %d unit%s%s; m moves them "
	    "all.", gen >= 0 && gen < g->ngenerals ? g->generals[gen].name :
	    "?", ui->ngroup, ui->ngroup == 1 ? "" : "s", more > 0 ?
	    " (a group holds no more)" : "");
}

static void
simple_order(struct ui *ui, enum order_kind kind)
{
	struct order o;
	int u = commandable(ui);

	if (u < 0)
		return;
	memset(&o, 0, sizeof o);
	o.kind = kind;
	o.unit = u;
	o.general = ui->game->units[u].general;
	ui_order(ui, &o);
}

/* U: the selected unit's orders of this turn taken back (game.h). */
static void
take_back(struct ui *ui)
{
	struct game *g = ui->game;
	char *cause = NULL;
	int u = commandable(ui);

	if (u < 0)
		return;
	if (game_order_undo(g, u, &cause) != 0) {
		ui_msg(ui, true, "Nothing to take back: %s.", cause != NULL ?
		    cause : "no order this turn");
		free(cause);
		return;
	}
	ui_msg(ui, false, "%s: this turn's order taken back; it holds %s "
	    "order again.", g->units[u].name, g->units[u].order.kind ==
	    ORDER_NONE ? "no" : order_kind_name(g->units[u].order.kind));
}

void
map_key(struct ui *ui, enum ui_action a)
{
	const struct game *g = ui->game;
	int u;

	/* A selected general takes his own orders (view-general.c). */
	if (ui->gsel >= 0 && (a == ACT_MOVE || a == ACT_STOP)) {
		general_key(ui, a);
		return;
	}
	switch (a) {
	case ACT_GENERAL:
		general_key(ui, a);
		break;
	case ACT_RADIUS:
		if (ui->sel < 0 && ui->gsel < 0) {
			ui_msg(ui, true, "Select a unit or a general to see "
			    "the command radius.");
			break;
		}
		if (!general_has_radius(g)) {
			ui_msg(ui, true, "No command radius in this battle: "
			    "a general's orders are in force at once, however "
			    "far.");
			break;
		}
		ui->radius = !ui->radius;
		break;
	case ACT_SELECT:
		u = game_unit_at(g, ui->cursor.x, ui->cursor.y);
		ui->sel = u;
		ui->gsel = u < 0 ? general_at(g, ui->cursor) : -1;
		if (ui->gsel >= 0)
			ui_msg(ui, false, "%s (%s): a general.",
			    g->generals[ui->gsel].name,
			    g->sides[g->generals[ui->gsel].side].name);
		else if (u < 0)
			ui_msg(ui, false, "No unit here.");
		else if (!ui_own(ui, u))
			ui_msg(ui, false, "%s (%s): an enemy unit.",
			    g->units[u].name, g->sides[g->units[u].side].name);
		break;
	case ACT_NEXT_UNIT:
		ui->gsel = -1;
		cycle_unit(ui, 1);
		break;
	case ACT_PREV_UNIT:
		ui->gsel = -1;
		cycle_unit(ui, -1);
		break;
	case ACT_MOVE:
		if (commandable(ui) >= 0)
			move_open(ui);
		break;
	case ACT_ASSAULT:
		if (commandable(ui) >= 0)
			assault_open(ui);
		break;
	case ACT_STOP:
		simple_order(ui, ORDER_STOP);
		break;
	case ACT_RESTORE:
		simple_order(ui, ORDER_RESTORE);
		break;
	case ACT_TAKE_BACK:
		take_back(ui);
		break;
	case ACT_FORMATION:
		if (commandable(ui) >= 0)
			menu_open(ui);
		break;
	case ACT_ACTION:
		if (commandable(ui) >= 0)
			action_menu_open(ui);
		break;
	case ACT_WHY:
		if (ui->sel < 0)
			ui_msg(ui, true, "Select a unit to see why.");
		else
			pager_open(ui, PAGER_WHY);
		break;
	case ACT_AREA:
		if (ui->sel < 0) {
			ui_msg(ui, true, "Select a unit to see its reach.");
			break;
		}
		ui->area = !ui->area;
		break;
	case ACT_HEIGHTS:
		ui->heights = !ui->heights;
		break;
	case ACT_RULES:
		pager_open(ui, PAGER_RULES);
		break;
	case ACT_LOG:
		pager_open(ui, PAGER_LOG);
		break;
	case ACT_BRIEF:
		pager_open(ui, PAGER_BRIEF);
		break;
	case ACT_MARK:
		mark_toggle(ui);
		break;
	case ACT_BRIGADE:
		mark_brigade(ui);
		break;
	case ACT_SUMMARY:
		pager_open(ui, PAGER_SUMMARY);
		break;
	case ACT_CANCEL:
		ui->sel = -1;
		ui->gsel = -1;
		ui->ngroup = 0;
		ui->area = false;
		ui->radius = false;
		break;
	default:
		if (!overview_jump(ui, a))
			map_cursor_move(ui, a);
		break;
	}
}

void
move_open(struct ui *ui)
{
	const struct unit *u = &ui->game->units[ui->sel];

	ui->nwp = 0;
	ui->mode = MODE_MOVE;
	ui->assault = false;
	ui->action = -1;
	/* o counts from the first objective in every Move: "m o" is always
	 * the same place, whatever o was pressed for before. */
	ui->jump_obj = -1;
	if (group_move(ui)) {
		if (u->order.kind == ORDER_MOVE && u->order.ngroup > 0)
			ui->cursor = u->order.to;
		ui_msg(ui, false, "Move the group of %d units: put the cursor "
		    "where its centre should go, Enter to give one order.",
		    ui->ngroup);
		return;
	}
	if (u->order.kind == ORDER_MOVE && u->order.npts > 0)
		ui->cursor = u->order.pts[u->order.npts - 1];
	ui_msg(ui, false, "Move %s: put the cursor on the destination, "
	    "Enter to give the order.", u->name);
}

int
assault_target(const struct ui *ui)
{
	const struct game *g = ui->game;
	int t = game_unit_at(g, ui->cursor.x, ui->cursor.y);

	if (t < 0 || ui->sel < 0 || g->units[t].side == g->units[ui->sel].side)
		return -1;
	return t;
}

/*
 * 3.4.5 (marshal's own): an assault is a Move order onto an enemy unit's
 * anchor, which the charges phase takes as a charge when the unit comes
 * within its reach (3.4.1).  The ruleset says whether the unit may charge
 * at all; the order itself goes through ui_order like any Move.
 */
void
assault_open(struct ui *ui)
{
	const struct game *g = ui->game;
	const struct unit *u = &g->units[ui->sel], *e;
	struct charge_forecast f;
	struct order o;
	int i, best, bestd = 0, d;

	if (g->rs->ops->charge_forecast == NULL) {
		ui_msg(ui, true, "No charges under these rules.");
		return;
	}
	if (group_move(ui)) {
		ui_msg(ui, true, "An assault goes to one unit: unmark the "
		    "group first (g).");
		return;
	}
	memset(&o, 0, sizeof o);
	o.kind = ORDER_NONE;
	o.unit = ui->sel;
	if (g->rs->ops->charge_forecast(g, &o, u->pos, u->facing,
	    HALT_ARRIVED, &f) != 0) {
		ui_msg(ui, true, "No assault: %s.", f.refused);
		return;
	}
	/* The cursor starts on the nearest enemy still fighting. */
	for (i = 0, best = -1; i < g->nunits; i++) {
		e = &g->units[i];
		if (e->side == u->side || !unit_active(e) ||
		    e->cond == COND_ROUTED)
			continue;
		d = geom_dist(u->pos, e->pos);
		if (best < 0 || d < bestd) {
			best = i;
			bestd = d;
		}
	}
	if (best >= 0)
		ui->cursor = g->units[best].pos;
	ui->nwp = 0;
	ui->mode = MODE_MOVE;
	ui->assault = true;
	ui->action = -1;
	ui_msg(ui, false, "Assault with %s: the cursor on an enemy unit "
	    "(the nearest to start), Enter to order the charge.", u->name);
}

/*
 * The ruleset's own action picked from the menu, given where the cursor
 * is: its point, or the facing from the unit towards it.
 */
static void
action_at_cursor(struct ui *ui)
{
	const struct ruleset_action *ac =
	    &ui->game->rs->ops->actions[ui->action];
	const struct unit *u = &ui->game->units[ui->sel];
	struct order o;

	if ((ac->params & ACTION_FACING) && ui->cursor.x == u->pos.x &&
	    ui->cursor.y == u->pos.y) {
		ui_msg(ui, true, "%s: put the cursor where the unit should "
		    "face (Esc cancels).", ac->label);
		return;
	}
	route_action_order(ui, ui->sel, &o);
	if (ui_order(ui, &o) == 0) {
		ui->mode = MODE_MAP;
		ui->action = -1;
		ui->nwp = 0;
		ui->cursor = u->pos;
	}
}

void
move_key(struct ui *ui, enum ui_action a)
{
	struct order o;
	int i;

	switch (a) {
	case ACT_WAYPOINT:
		if (group_move(ui)) {
			ui_msg(ui, true, "A group order takes one "
			    "destination, no waypoints.");
			break;
		}
		if (ui->nwp >= ORDER_MAX_POINTS - 1) {
			ui_msg(ui, true, "At most %d waypoints.",
			    ORDER_MAX_POINTS - 1);
			break;
		}
		ui->wp[ui->nwp++] = ui->cursor;
		ui_msg(ui, false, "Waypoint %d at [%d, %d].", ui->nwp,
		    ui->cursor.x, ui->cursor.y);
		break;
	case ACT_UNDO:
		if (ui->nwp > 0)
			ui->nwp--;
		break;
	case ACT_JUMP_OBJECTIVE:
		/* A destination by an objective, a few keys from it. */
		overview_jump(ui, a);
		break;
	case ACT_WHY:
		/* The preview whole; closing the page comes back here. */
		if (ui->sel >= 0)
			pager_open(ui, PAGER_PREVIEW);
		break;
	case ACT_CANCEL:
		ui->mode = MODE_MAP;
		ui->nwp = 0;
		ui_msg(ui, false, "%s cancelled.", ui->action >= 0 ?
		    ui->game->rs->ops->actions[ui->action].label :
		    ui->assault ? "Assault" : "Move");
		ui->assault = false;
		ui->action = -1;
		break;
	case ACT_CONFIRM:
		if (ui->sel < 0) {
			general_key(ui, a);
			break;
		}
		if (ui->action >= 0) {
			action_at_cursor(ui);
			break;
		}
		if (group_move(ui)) {
			/* A line's wheel: each member finds its own way to
			 * its place (3.6.3); the order names the point. */
			memset(&o, 0, sizeof o);
			o.kind = ORDER_MOVE;
			o.unit = ui->sel;
			o.general = ui->game->units[ui->sel].general;
			for (i = 0; i < ui->nwp; i++)
				o.pts[o.npts++] = ui->wp[i];
			o.pts[o.npts++] = ui->cursor;
			o.ngroup = ui->ngroup;
			memcpy(o.group, ui->group, sizeof o.group);
		} else if (ui->assault && assault_target(ui) < 0) {
			ui_msg(ui, true, "No enemy unit under the cursor to "
			    "assault: put the cursor on one (Esc cancels).");
			break;
		} else
			/* The route shown is the order given. */
			route_order(ui, ui->sel, &o);
		if (ui_order(ui, &o) == 0) {
			ui->mode = MODE_MAP;
			ui->assault = false;
			ui->nwp = 0;
			ui->cursor = ui->game->units[ui->sel].pos;
		}
		break;
	default:
		map_cursor_move(ui, a);
		break;
	}
}
