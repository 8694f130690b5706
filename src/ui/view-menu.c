/*
 * view-menu.c - the formation menu: the formations the selected unit's
 * arm may take, from the ruleset's table, each the ruleset would refuse
 * where the unit stands now marked with the reason (ops->form_check);
 * and the menu of the ruleset's own orders the unit may be given now.
 */
#include "config.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/ruleset.h"
#include "ui/view.h"
#include "util/xalloc.h"

/* Room for a menu line before it is wrapped: a unit name and a reason. */
#define MENU_LINE_MAX	512

void
menu_open(struct ui *ui)
{
	const struct ruleset *rs = ui->game->rs;
	const struct unit *u = &ui->game->units[ui->sel];
	int i;

	ui->nmenu = 0;
	ui->menu_pos = 0;
	for (i = 0; i < rs->nform && ui->nmenu < RULES_MAX_FORM; i++)
		if (rs->form[i].arms & (1u << u->arm)) {
			if (i == u->formation)
				ui->menu_pos = ui->nmenu;
			ui->menu[ui->nmenu++] = i;
		}
	if (ui->nmenu == 0) {
		ui_msg(ui, true, "No formation in this ruleset fits %s.",
		    ruleset_arm_label(rs, u->arm));
		return;
	}
	ui->mode = MODE_MENU;
}

/* Whether the ruleset would take action i of the selected unit now, with
 * the unit's own cell or facing for the point or facing it takes (a check
 * only: nothing is given).  An action a ruleset takes only as the
 * answer to a question within the turn (a second charge's, say) is
 * refused with the turn's orders, so that menu does not offer it. */
static bool
action_open_now(const struct ui *ui, int i)
{
	const struct game *g = ui->game;
	const struct ruleset_action *a = &g->rs->ops->actions[i];
	const struct unit *u = &g->units[ui->sel];
	struct order o;
	char *cause = NULL;
	int rc;

	if (g->rs->ops->order_check == NULL)
		return true;
	memset(&o, 0, sizeof o);
	o.kind = ORDER_ACTION;
	o.unit = ui->sel;
	o.general = u->general;
	o.action = i;
	o.formation = -1;
	o.facing = (a->params & ACTION_FACING) ? (int)u->facing : -1;
	if (a->params & ACTION_POINT) {
		o.npts = 1;
		o.pts[0] = u->pos;
	}
	rc = g->rs->ops->order_check(g, &o, &cause);
	free(cause);
	return rc == 0;
}

/*
 * The ruleset's own actions (ops->actions) for the selected unit: a menu
 * like the formations', of those the ruleset takes now (ui->menu holds
 * their indices).  One that takes a point or a facing goes on to
 * MODE_MOVE to pick it with the cursor; one that takes nothing is given
 * at once.
 */
void
action_menu_open(struct ui *ui)
{
	const struct ruleset *rs = ui->game->rs;
	const struct ruleset_action *a = rs->ops->actions;
	int i;

	ui->nmenu = 0;
	ui->menu_pos = 0;
	for (i = 0; a != NULL && a[i].name != NULL &&
	    ui->nmenu < RULES_MAX_FORM; i++)
		if (action_open_now(ui, i))
			ui->menu[ui->nmenu++] = i;
	if (ui->nmenu == 0 && (a == NULL || a[0].name == NULL)) {
		ui_msg(ui, true, "The %s rules have no orders of their own: "
		    "m, s, f and r are all there is.", rs->title);
		return;
	}
	if (ui->nmenu == 0) {
		ui_msg(ui, true, "No order of the %s rules' own may be given "
		    "to %s now.", rs->title, ui->game->units[ui->sel].name);
		return;
	}
	ui->menu_actions = true;
	ui->mode = MODE_MENU;
}

static void
choose_action(struct ui *ui, int item)
{
	const struct ruleset_action *a = &ui->game->rs->ops->actions[item];
	struct order o;

	ui->menu_actions = false;
	if (a->params & (ACTION_POINT | ACTION_FACING)) {
		ui->mode = MODE_MOVE;
		ui->action = item;
		ui->assault = false;
		ui->nwp = 0;
		ui_msg(ui, false, "%s %s: put the cursor %s, Enter to give the "
		    "order.", a->label, ui->game->units[ui->sel].name,
		    a->params & ACTION_POINT ? "where it should go" :
		    "where it should face");
		return;
	}
	memset(&o, 0, sizeof o);
	o.kind = ORDER_ACTION;
	o.unit = ui->sel;
	o.general = ui->game->units[ui->sel].general;
	o.action = item;
	o.formation = -1;
	o.facing = -1;
	ui->mode = MODE_MAP;
	ui_order(ui, &o);
}

/* Why the selected unit may not take formation form where it stands
 * now (allocated), or NULL when it may or the ruleset does not say. */
static char *
form_refused(const struct ui *ui, int form)
{
	const struct game *g = ui->game;
	char *cause = NULL;

	if (g->rs->ops->form_check == NULL ||
	    g->rs->ops->form_check(g, ui->sel, form, &cause) == 0)
		return NULL;
	return cause;
}

static void
choose(struct ui *ui, int item)
{
	struct order o;
	char *why;

	if (ui->menu_actions) {
		choose_action(ui, ui->menu[item]);
		return;
	}
	memset(&o, 0, sizeof o);
	o.kind = ORDER_FORMATION;
	o.unit = ui->sel;
	o.general = ui->game->units[ui->sel].general;
	o.formation = ui->menu[item];
	ui->mode = MODE_MAP;
	if (ui_order(ui, &o) != 0)
		return;
	/* Given all the same (the unit may be elsewhere when an aide
	 * brings it), but the player hears now what the formation phase
	 * would say: the unit stands, holding an order it cannot carry
	 * out here. */
	if ((why = form_refused(ui, o.formation)) != NULL) {
		ui_msg(ui, true, "%s: %s order given, but not here: %s.",
		    ui->game->units[ui->sel].name,
		    ui->game->rs->form[o.formation].label, why);
		free(why);
	}
}

void
menu_key(struct ui *ui, enum ui_action a, int key)
{
	switch (a) {
	case ACT_UP:
		if (ui->menu_pos > 0)
			ui->menu_pos--;
		return;
	case ACT_DOWN:
		if (ui->menu_pos + 1 < ui->nmenu)
			ui->menu_pos++;
		return;
	case ACT_CONFIRM:
		choose(ui, ui->menu_pos);
		return;
	case ACT_CANCEL:
		ui->mode = MODE_MAP;
		ui_msg(ui, false, "No %s order given.", ui->menu_actions ?
		    "such" : "formation");
		ui->menu_actions = false;
		return;
	default:
		break;
	}
	if (key >= '1' && key <= '9' && key - '1' < ui->nmenu)
		choose(ui, key - '1');
}

/*
 * Lines of the menu, each word-wrapped to width w (an item's later lines
 * under its label); returns the rows used, at most maxl.  With a NULL
 * canvas it only counts them.
 */
static int
menu_lines(struct canvas *c, int x, int y, int w, int maxl,
    char (*lines)[MENU_LINE_MAX], int n, const struct style *st)
{
	int i, used = 0;

	for (i = 0; i < n && used < maxl; i++)
		used += canvas_wrap_hang(c, x, y + used, w, 0, i == 0 ? 0 : 3,
		    maxl - used, lines[i], st[i]);
	return used;
}

/*
 * The menu over the panel: its title, an item a row and the keys, each
 * word-wrapped to the panel, so that a long unit name or the reason a
 * formation is refused reads whole instead of cut at the panel's edge;
 * the box grows to what it holds, within the panel's height.
 */
void
menu_draw(struct ui *ui, struct canvas *c, const struct layout *l)
{
	const struct ruleset *rs = ui->game->rs;
	const struct unit *u = &ui->game->units[ui->sel];
	struct style box = theme_bar(ui), hi = style_make(COL_DEFAULT,
	    COL_DEFAULT, ATTR_BOLD);
	int w = l->panel_w, x = l->panel_x, y = l->panel_y, i, n = 0, h, k, maxl;
	char (*lines)[MENU_LINE_MAX];
	struct style *st;

	lines = xmallocarray((size_t)ui->nmenu + 2, sizeof *lines);
	st = xmallocarray((size_t)ui->nmenu + 2, sizeof *st);
	st[n] = box;
	snprintf(lines[n++], MENU_LINE_MAX, "%s for %s", ui->menu_actions ?
	    "Orders" : "Formation", u->name);
	for (i = 0; i < ui->nmenu; i++) {
		st[n] = i == ui->menu_pos ? hi : box;
		if (ui->menu_actions) {
			const struct ruleset_action *a = rs->ops->actions;

			snprintf(lines[n++], MENU_LINE_MAX, "%c%d %s (%s%s)",
			    i == ui->menu_pos ? '>' : ' ', i + 1,
			    a[ui->menu[i]].label, a[ui->menu[i]].rule,
			    ruleset_rule_mark(rs, a[ui->menu[i]].rule));
		} else {
			const struct formation_def *f = &rs->form[ui->menu[i]];
			char *why = form_refused(ui, ui->menu[i]);

			snprintf(lines[n++], MENU_LINE_MAX,
			    "%c%d %s %dx%d%s%s%s%s",
			    i == ui->menu_pos ? '>' : ' ', i + 1, f->label,
			    f->frontage[u->arm], f->depth[u->arm],
			    ui->menu[i] == u->formation ? " (now)" : "",
			    why != NULL ? " (not here: " : "",
			    why != NULL ? why : "", why != NULL ? ")" : "");
			free(why);
		}
	}
	st[n] = box;
	snprintf(lines[n++], MENU_LINE_MAX, "%s  Esc: cancel",
	    ui->menu_actions ? "Enter: choose" : "Enter: order");
	/* The keys always show: the rest share the rows they leave. */
	k = canvas_wrap(NULL, 0, 0, w - 2, -1, lines[n - 1], box);
	maxl = l->panel_h - 1 - k > 1 ? l->panel_h - 1 - k : 1;
	h = menu_lines(NULL, x + 1, y, w - 2, maxl, lines, n - 1, st);
	canvas_fill(c, x, y, w, h + k + 1, " ", box);
	(void)menu_lines(c, x + 1, y, w - 2, h, lines, n - 1, st);
	(void)canvas_wrap(c, x + 1, y + h, w - 2, k, lines[n - 1], box);
	free(st);
	free(lines);
}
