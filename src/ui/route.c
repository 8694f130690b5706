/*
 * route.c - what the interface shows of a Move order before it is given:
 * the route through the waypoints, where the unit stops this turn and
 * why, and in how many turns it arrives.
 *
 * The route is the cheapest the unit can march (move_route: the path
 * search the engine has, priced by the ruleset; clear of battle contact
 * short of the goal when there is such a way), given as the points
 * where it bends, so the order given is the route shown.  The movement
 * engine then answers for it: move_preview runs the walk the turn will
 * make, without changing the game, and move_forecast the same walk turn
 * after turn, so the preview and the result agree.  A group order's line
 * is played by the ruleset's own group movement on a copy of the game
 * (move_group_forecast).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/command.h"
#include "core/game.h"
#include "core/move.h"
#include "core/ruleset.h"
#include "ui/view.h"
#include "ui/view-map-priv.h"
#include "util/xalloc.h"

/* Append the straight octile line from the route's end to p. */
static void
line_to(struct route *r, struct point p)
{
	struct point cur = r->cells[r->n - 1];
	enum dir d;

	while ((cur.x != p.x || cur.y != p.y) && r->n < ROUTE_MAX) {
		d = geom_heading(cur, p);
		cur.x += dir_dx[d];
		cur.y += dir_dy[d];
		r->cells[r->n++] = cur;
	}
}

/* The square of the distance from p to the segment from a to b. */
static double
seg_dist2(struct point a, struct point b, struct point p)
{
	double dx = b.x - a.x, dy = b.y - a.y, t, x, y;

	t = dx == 0 && dy == 0 ? 0 : ((p.x - a.x) * dx + (p.y - a.y) * dy) /
	    (dx * dx + dy * dy);
	t = t < 0 ? 0 : t > 1 ? 1 : t;
	x = a.x + t * dx - p.x;
	y = a.y + t * dy - p.y;
	return x * x + y * y;
}

/*
 * Append the rest of Move order o from the route's end: along the leg
 * (from the unit's place at start through o's points) that passes
 * nearest the end, then every later leg, so that a route that bends
 * round an obstacle is drawn bending, not straight across it.
 */
static void
legs_to(struct route *r, struct point start, const struct order *o)
{
	struct point end = r->cells[r->n - 1], a = start;
	double best = -1, d;
	int i, leg = 0;

	for (i = 0; i < o->npts; i++) {
		d = seg_dist2(a, o->pts[i], end);
		if (best < 0 || d < best) {
			best = d;
			leg = i;
		}
		a = o->pts[i];
	}
	for (i = leg; i < o->npts; i++)
		line_to(r, o->pts[i]);
}

/* The member's place: the group order under the cursor built as the Enter
 * key will give it, asked of the core (game_group_place). */
bool
route_group_place(const struct ui *ui, int unit, struct point *place)
{
	struct order grp;
	int i;

	if (!group_move(ui) || ui->sel != unit)
		return false;
	memset(&grp, 0, sizeof grp);
	grp.kind = ORDER_MOVE;
	grp.ngroup = ui->ngroup;
	for (i = 0; i < ui->ngroup; i++)
		grp.group[i] = ui->group[i];
	grp.npts = 1;
	grp.pts[0] = ui->cursor;
	*place = game_group_place(ui->game, &grp, unit);
	return true;
}

/*
 * The Move order the player is drawing: waypoints, then the cursor.  For
 * a marked group the cursor is where the group's centre goes: the order
 * holds the unit's own place, the point the group order will give it (a
 * ruleset that moves no group as one walks it there; the others' march
 * is previewed by route_plan_group).
 */
static void
draft_order(const struct ui *ui, int unit, struct order *o)
{
	struct point place;
	int i, t;

	memset(o, 0, sizeof *o);
	o->kind = ORDER_MOVE;
	o->unit = unit;
	o->general = ui->game->units[unit].general;
	if (route_group_place(ui, unit, &place)) {
		o->pts[o->npts++] = place;
		return;
	}
	for (i = 0; i < ui->nwp && o->npts < ORDER_MAX_POINTS - 1; i++)
		o->pts[o->npts++] = ui->wp[i];
	/* An assault marches onto the enemy's anchor (3.4.5). */
	if (ui->assault && (t = assault_target(ui)) >= 0)
		o->pts[o->npts++] = ui->game->units[t].pos;
	else
		o->pts[o->npts++] = ui->cursor;
}

/*
 * Without waypoints the order follows the cheapest route; a player who
 * puts waypoints wants another way, and the order marches straight
 * through them, as drawn.  Nor is an order routed that an aide carries
 * to a unit marching under another: the unit marches on until it
 * arrives, and the bends of a route from where it stands now would send
 * it back to them (found in play: a Line, its new order arriving a turn
 * later, turned about to reach a bend it had marched past).
 */
void
route_order(const struct ui *ui, int unit, struct order *o)
{
	const struct game *g = ui->game;
	struct order draft;
	struct point place;
	int arrives;

	draft_order(ui, unit, &draft);
	/* A group order carries one point per member, marched straight
	 * (its walk goes round what it meets): not routed here either. */
	if (ui->nwp > 0 || route_group_place(ui, unit, &place) ||
	    (command_plan(g, &draft, &arrives, NULL, NULL) == COMMAND_AIDE &&
	    move_marches(g, &g->units[unit])) ||
	    move_route(g, &draft, o) != 0)
		*o = draft;
}

void
route_action_order(const struct ui *ui, int unit, struct order *o)
{
	const struct ruleset_action *ac =
	    &ui->game->rs->ops->actions[ui->action];
	const struct unit *u = &ui->game->units[unit];

	memset(o, 0, sizeof *o);
	o->kind = ORDER_ACTION;
	o->unit = unit;
	o->general = u->general;
	o->action = ui->action;
	o->formation = -1;
	o->facing = -1;
	if (ac->params & ACTION_POINT) {
		o->npts = 1;
		o->pts[0] = ui->cursor;
	}
	if (ac->params & ACTION_FACING)
		o->facing = geom_heading(u->pos, ui->cursor);
}

int
route_charge(const struct game *g, const struct order *o, struct point stop,
    enum dir facing, enum halt halt, char *buf, size_t len)
{
	const struct ruleset *rs = g->rs;
	struct charge_forecast f;
	const char *who, *when;
	char gap[32], c1[40], c2[40];

	buf[0] = '\0';
	if (rs->ops->charge_forecast == NULL ||
	    rs->ops->charge_forecast(g, o, stop, facing, halt, &f) != 0 ||
	    f.target < 0)
		return -1;
	who = g->units[f.target].name;
	when = f.when == CHARGE_NOW ? "this turn, before the march" :
	    f.when == CHARGE_MARCH ? "this turn, as its march reaches it" :
	    "next turn, from where it stops";
	ruleset_fmt(rs, f.gap, gap, sizeof gap);
	if (f.when == CHARGE_MELEE) {
		snprintf(buf, len, "Ends %s from %s, within melee reach, its "
		    "speed spent: melee this turn, with no charge and no "
		    "test%s", gap, who, ruleset_cite_fmt(rs,
		    RULESET_TOPIC_MELEE, " (%s)", RULESET_CITE_MARK, c1,
		    sizeof c1));
		return (int)f.when;
	}
	/* The charge's rule, then its distance, in one parenthesis. */
	ruleset_cite_fmt(rs, RULESET_TOPIC_CHARGE, "%s, ", RULESET_CITE_MARK,
	    c1, sizeof c1);
	if (f.falters && f.falter_why[0] != '\0')
		snprintf(buf, len, "Charges %s %s (%s%s away) but falters: "
		    "%s, and no melee follows", who, when, c1, gap,
		    f.falter_why);
	else if (f.falters)
		snprintf(buf, len, "Charges %s %s (%s%s away) but falters: "
		    "the ground or a unit in the way stops it short, and "
		    "no melee follows", who, when, c1, gap);
	else if (!f.test)
		snprintf(buf, len, "Charges %s %s (%s%s away), with no test "
		    "before contact%s%s", who, when, c1, gap,
		    f.expl[0] != '\0' ? "; " : "", f.expl);
	else if (f.square)
		snprintf(buf, len, "Charges %s %s (%s%s away): the %s stands "
		    "and the horse falls back%s", who, when, c1, gap,
		    ruleset_word(rs, RULESET_TERM_SQUARE), ruleset_cite_fmt(rs,
		    RULESET_TOPIC_CHARGE_SQUARE, " (%s)", RULESET_CITE_MARK, c2,
		    sizeof c2));
	else
		snprintf(buf, len, "Charges %s %s (%s%s away): it tests at %d "
		    "or less on the dice (%s)%s", who, when, c1, gap, f.needs,
		    f.expl, ruleset_cite_fmt(rs, RULESET_TOPIC_CHARGE_TEST,
		    " (%s)", RULESET_CITE_MARK, c2, sizeof c2));
	return (int)f.when;
}

static void route_plan_now(struct ui *, int, struct route *);

/* The preview of the frame being drawn: planned once, copied after. */
void
route_plan(struct ui *ui, int unit, struct route *r)
{
	if (ui->route_memo != NULL && ui->route_memo_frame == ui->frame &&
	    ui->route_memo_unit == unit) {
		*r = *ui->route_memo;
		return;
	}
	route_plan_now(ui, unit, r);
	if (ui->route_memo == NULL)
		ui->route_memo = xcalloc(1, sizeof *ui->route_memo);
	*ui->route_memo = *r;
	ui->route_memo_frame = ui->frame;
	ui->route_memo_unit = unit;
}

static void route_plan_walk(struct ui *, const struct game *,
    const struct order *, bool, struct route *);

/* The group Move order the cursor aims, as unit (one of the group) would
 * be given it: every member of the marked group, to the cursor's cell. */
static void
group_order(const struct ui *ui, int unit, struct order *grp)
{
	int i;

	memset(grp, 0, sizeof *grp);
	grp->kind = ORDER_MOVE;
	grp->unit = unit;
	grp->general = ui->game->units[unit].general;
	grp->ngroup = ui->ngroup;
	for (i = 0; i < ui->ngroup; i++)
		grp->group[i] = ui->group[i];
	grp->npts = 1;
	grp->pts[0] = ui->cursor;
}

/*
 * The preview of the group order under the cursor for its member unit:
 * the group's turns played on a copy of the game by the ruleset's own
 * group movement (move_group_forecast), so that what is drawn is where
 * the line goes (3.6.3: it wheels, then marches straight on until level
 * with the point), not the member's place.  The route runs straight from
 * stop to stop.  False when the ruleset moves no group as one (each
 * member then walks to its own place, previewed as a Move order).
 */
static bool
route_plan_group(struct ui *ui, int unit, struct route *r)
{
	const struct game *g = ui->game;
	struct move_group_forecast gf;
	struct order grp, mo;
	const struct event *e;
	char a[32];
	int i;

	if (!group_move(ui) || ui->sel != unit)
		return false;
	group_order(ui, unit, &grp);
	if (move_group_forecast(g, &grp, unit, ROUTE_TURNS, &gf) != 0)
		return false;
	r->exact = true;
	line_to(r, gf.stops[0]);
	r->stop = r->n - 1;
	for (i = 1; i < gf.nstops; i++)
		line_to(r, gf.stops[i]);
	r->turns = gf.turns;
	if (gf.turns < 0) {
		r->end.turn = gf.nstops;
		r->end.halt = HALT_NONE;
		r->end.contact = -1;
	}
	/* The charge its own march brings about, as for one unit's order
	 * (its order holds its place in the line). */
	memset(&mo, 0, sizeof mo);
	mo.kind = ORDER_MOVE;
	mo.unit = unit;
	mo.general = grp.general;
	mo.npts = 1;
	mo.pts[0] = game_group_place(g, &grp, unit);
	(void)route_charge(g, &mo, gf.nstops > 0 ? gf.stops[0] :
	    g->units[unit].pos, gf.facing, gf.halt, r->charge,
	    sizeof r->charge);
	ruleset_fmt(g->rs, gf.moved, a, sizeof a);
	snprintf(r->why, sizeof r->why, "%s (%s walked, with its line)",
	    gf.halt == HALT_ARRIVED ? "arrives" : halt_name(gf.halt), a);
	/* The first turn's explanation, its last steps first. */
	for (i = gf.log.n - 1; i >= 0 && r->nnotes < ROUTE_NOTES; i--) {
		e = &gf.log.v[i];
		if (e->unit != unit || e->turn != g->turn ||
		    e->rule[0] == '\0')
			continue;
		ruleset_event_format(g->rs, e, r->notes[r->nnotes],
		    sizeof r->notes[0]);
		r->nnotes++;
	}
	move_group_forecast_free(&gf);
	return true;
}

/*
 * One member m of group order grp (not the unit previewed): where its
 * march this turn stops, walked as the order will walk it (with its line
 * where the ruleset moves the group as one, else alone to its own
 * place), and whether that brings about a charge (3.4.5, HO.3.2) or a
 * halt at the enemy (3.6.8, HO.4).  If it does, one short line for the
 * panel and the whole of it for the page go to r.
 */
static void
member_warn(const struct game *g, const struct order *grp, int m,
    struct route *r)
{
	const struct unit *u = &g->units[m];
	struct move_group_forecast gf;
	struct move_preview pv;
	struct move_forecast_end end;
	struct charge_forecast f;
	struct order mo;
	struct point stop, *rest = NULL;
	char whole[320], cite[40], when[48];
	const char *what;
	enum halt halt;
	enum dir facing;
	int nrest = 0, arrives = 0, foe = -1;
	bool apart = false;

	memset(&mo, 0, sizeof mo);
	mo.kind = ORDER_MOVE;
	mo.unit = m;
	mo.general = u->general;
	mo.npts = 1;
	mo.pts[0] = game_group_place(g, grp, m);
	if (move_group_forecast(g, grp, m, 1, &gf) == 0) {
		stop = gf.nstops > 0 ? gf.stops[0] : u->pos;
		facing = gf.facing;
		halt = gf.halt;
		move_group_forecast_free(&gf);
	} else if (move_preview(g, &mo, &pv) == 0) {
		stop = pv.pos;
		facing = pv.facing;
		halt = pv.halt;
		apart = pv.apart;
		move_preview_free(&pv);
		/* Whom it halts at: the forecast's first walk names him. */
		if (halt == HALT_CONTACT) {
			(void)move_forecast_end(g, &mo, 1, &rest, &nrest,
			    &end);
			if (end.turn == 1 && end.halt == HALT_CONTACT)
				foe = end.contact;
			free(rest);
		}
	} else
		return;
	/* Beyond the radius its march waits for the aide (3.2.1). */
	if (command_plan(g, &mo, &arrives, NULL, NULL) == COMMAND_AIDE)
		snprintf(when, sizeof when, "once its order arrives (turn %d)",
		    arrives);
	else
		snprintf(when, sizeof when, "this turn");
	if (r->nmembers >= ORDER_GROUP_MAX)
		return;
	if (route_charge(g, &mo, stop, facing, halt, whole,
	    sizeof whole) >= 0 && g->rs->ops->charge_forecast(g, &mo, stop,
	    facing, halt, &f) == 0 && f.target >= 0) {
		what = f.when == CHARGE_MELEE ? "meets" : "charges";
		snprintf(r->member[r->nmembers], sizeof r->member[0],
		    "%s %s %s %s%s%s", u->name, what,
		    g->units[f.target].name, f.when == CHARGE_NEXT ?
		    "the turn after" : when, f.falters ? ", and falters" : "",
		    ruleset_cite_fmt(g->rs, f.when == CHARGE_MELEE ?
		    RULESET_TOPIC_MELEE : RULESET_TOPIC_CHARGE, " (%s)",
		    RULESET_CITE_MARK, cite, sizeof cite));
		snprintf(r->member_whole[r->nmembers],
		    sizeof r->member_whole[0], "%s: %s", u->name, whole);
		r->nmembers++;
	} else if (halt == HALT_CONTACT) {
		snprintf(whole, sizeof whole, "%s halts %s %s %s%s", u->name,
		    apart ? "short of" : "in battle contact with", foe >= 0 ?
		    g->units[foe].name : "the enemy", when, ruleset_cite_fmt(
		    g->rs, RULESET_TOPIC_CONTACT, " (%s)", 0, cite,
		    sizeof cite));
		snprintf(r->member[r->nmembers], sizeof r->member[0], "%s",
		    whole);
		snprintf(r->member_whole[r->nmembers],
		    sizeof r->member_whole[0], "%s", whole);
		r->nmembers++;
	}
}

void
route_plan_member(struct ui *ui, int m, struct route *r)
{
	const struct game *g = ui->game;
	struct move_group_forecast gf;
	struct order grp, mo;
	int i;

	memset(r, 0, sizeof *r);
	r->turns = -1;
	r->form = -2;
	r->cells[r->n++] = g->units[m].pos;
	if (!group_move(ui) || m == ui->sel || !ui_marked(ui, m))
		return;
	group_order(ui, ui->sel, &grp);
	/* With its line, as the ruleset moves the group as one. */
	if (move_group_forecast(g, &grp, m, ROUTE_TURNS, &gf) == 0) {
		r->exact = true;
		for (i = 0; i < gf.nstops; i++) {
			line_to(r, gf.stops[i]);
			if (i == 0)
				r->stop = r->n - 1;
		}
		r->turns = gf.turns;
		move_group_forecast_free(&gf);
		return;
	}
	/* Else alone to its own place, as its order will walk it. */
	memset(&mo, 0, sizeof mo);
	mo.kind = ORDER_MOVE;
	mo.unit = m;
	mo.general = g->units[m].general;
	mo.npts = 1;
	mo.pts[0] = game_group_place(g, &grp, m);
	route_plan_walk(ui, g, &mo, false, r);
}

/* The group order under the cursor, for every member but the unit
 * previewed: what its march brings about (member_warn). */
static void
route_group_members(struct ui *ui, int unit, struct route *r)
{
	const struct game *g = ui->game;
	struct order grp;
	int i;

	if (!group_move(ui) || ui->sel != unit)
		return;
	group_order(ui, unit, &grp);
	for (i = 0; i < ui->ngroup; i++)
		if (ui->group[i] != unit)
			member_warn(g, &grp, ui->group[i], r);
}

static void
route_plan_now(struct ui *ui, int unit, struct route *r)
{
	const struct game *g = ui->game;
	struct game scratch;
	struct order act, o;

	memset(r, 0, sizeof *r);
	r->turns = -1;
	r->form = -2;
	r->cells[r->n++] = g->units[unit].pos;
	if (ui->action < 0) {
		/* A group's line marches as the ruleset moves it, not each
		 * member alone to its place. */
		if (!route_plan_group(ui, unit, r)) {
			route_order(ui, unit, &o);
			route_plan_walk(ui, g, &o, true, r);
		}
		route_group_members(ui, unit, r);
		return;
	}
	/* An action marches as the ruleset says (a retire keeps its
	 * facing, H7), or not at all. */
	route_action_order(ui, unit, &act);
	if (move_action_scratch(g, &act, &scratch, &o) != 0) {
		r->no_march = true;
		snprintf(r->why, sizeof r->why, "no march: the order is "
		    "carried out where the unit stands");
		return;
	}
	route_plan_walk(ui, &scratch, &o, false, r);
	move_scratch_free(&scratch);
}

/*
 * An order done with the unit's anchor off its last point (where turns
 * move the block, ops->move_face): say in plain words why that is
 * arrival, not a contradiction of the point the panel names.  Either the
 * point lies under the block, near enough that only a wheel (swinging
 * past it) would bring the anchor nearer (the ruleset's tolerance), or
 * the order ended short of its point for another reason, whose rule the
 * walk's last note gives (a friend holding the place, H12).  a and b are
 * the ticks spent and the allowance, formatted.
 */
static void
arrived_off_point(const struct game *g, const struct order *o,
    const struct move_preview *pv, const char *a, const char *b,
    struct route *r)
{
	const struct ruleset *rs = g->rs;
	struct point goal = o->pts[o->npts - 1], *cells;
	const char *rule = NULL;
	char near[32], cite[EVENT_RULE_MAX + 16];
	int i, n;
	bool under, close;

	if (o->npts < 1 || (pv->pos.x == goal.x && pv->pos.y == goal.y))
		return;
	cells = game_cells_take(g);
	n = game_footprint_at(g, &g->units[o->unit], pv->pos, pv->facing,
	    pv->form, cells);
	under = geom_covers(cells, n, goal);
	game_cells_give(g, cells);
	close = under && rs->arrive_near > 0 &&
	    abs(pv->pos.x - goal.x) <= rs->arrive_near &&
	    abs(pv->pos.y - goal.y) <= rs->arrive_near;
	if (close && rs->ops->move_rule != NULL)
		rule = rs->ops->move_rule(HALT_ARRIVED);
	/* Else the walk's last ruled note says why it ended there. */
	for (i = pv->log.n - 1; i >= 0 && !close && rule == NULL; i--)
		if (pv->log.v[i].rule[0] != '\0')
			rule = pv->log.v[i].rule;
	if (rule != NULL && rule[0] != '\0')
		snprintf(cite, sizeof cite, "%s%s; ", rule,
		    ruleset_rule_mark(rs, rule));
	else
		cite[0] = '\0';
	if (close) {
		ruleset_fmt(rs, rs->arrive_near * STEP_ORTHO, near,
		    sizeof near);
		snprintf(r->why, sizeof r->why, "there: [%d, %d] lies under "
		    "it, its anchor within %s of it each way, near enough "
		    "(%s%s of %s)", goal.x, goal.y, near, cite, a, b);
	} else
		snprintf(r->why, sizeof r->why, "its order ends here, %s "
		    "[%d, %d] (%s%s of %s)", under ? "its block over" :
		    "short of", goal.x, goal.y, cite, a, b);
}

/* The preview of Move order o on g (the game, or an action's scratch
 * copy): this turn's walk, the turns after it, and for a Move order
 * (move) the charge it brings about and a way in another formation. */
static void
route_plan_walk(struct ui *ui, const struct game *g, const struct order *op,
    bool move, struct route *r)
{
	struct move_preview pv;
	struct order o = *op;
	const struct event *e;
	struct point *rest = NULL;
	char a[80], b[32], w[32];
	int i, k, nrest = 0;

	if (move_preview(g, &o, &pv) != 0) {
		snprintf(r->why, sizeof r->why, "it cannot move now");
		for (i = 0; i < o.npts; i++)
			line_to(r, o.pts[i]);
		return;
	}
	r->exact = true;
	for (i = 1; i < pv.npath && r->n < ROUTE_MAX; i++)
		r->cells[r->n++] = pv.path[i];
	r->stop = r->n - 1;
	/* What it walked, where turns, ground or crossings took part of
	 * what it spent: the notes below give those, not the plain
	 * steps, and "2 BD; -1 BD for a turn, 0 BD left" read wrong. */
	ruleset_fmt(g->rs, pv.spent, b, sizeof b);
	if (pv.walked != pv.spent) {
		ruleset_fmt(g->rs, pv.walked, w, sizeof w);
		snprintf(a, sizeof a, "walked %s, spent %s", w, b);
	} else
		snprintf(a, sizeof a, "%s", b);
	ruleset_fmt(g->rs, pv.allowance, b, sizeof b);
	/* A halt that keeps the two apart (HO.4) is no contact: say so. */
	snprintf(r->why, sizeof r->why, "%s (%s of %s)",
	    pv.halt == HALT_ARRIVED ? "arrives" : pv.apart ? "short of the "
	    "enemy" : halt_name(pv.halt), a, b);
	if (pv.halt == HALT_ARRIVED)
		arrived_off_point(g, &o, &pv, a, b, r);
	/* The explanation's last steps, rule numbers first. */
	for (i = pv.log.n - 1; i >= 0 && r->nnotes < ROUTE_NOTES; i--) {
		e = &pv.log.v[i];
		if (e->rule[0] == '\0')
			continue;
		ruleset_event_format(g->rs, e, r->notes[r->nnotes],
		    sizeof r->notes[0]);
		r->nnotes++;
	}
	if (move && route_charge(g, &o, pv.pos, pv.facing, pv.halt,
	    r->charge, sizeof r->charge) == CHARGE_NOW) {
		/* The charge comes before the march and the charger does
		 * not march after it (3.4.1, HO.3.2): the line runs straight
		 * at the target and the march is not shown. */
		move_preview_free(&pv);
		r->charge_now = true;
		r->n = 1;
		r->stop = 0;
		r->nnotes = 0;
		line_to(r, o.pts[o.npts - 1]);
		return;
	}
	move_preview_free(&pv);
	/* The rest of the way: the same walk, turn after turn, from where
	 * this turn's walk stops. */
	r->turns = move_forecast_end(g, &o, ROUTE_TURNS, &rest, &nrest,
	    &r->end);
	for (k = 0; k < nrest; k++)
		if (rest[k].x == r->cells[r->stop].x &&
		    rest[k].y == r->cells[r->stop].y)
			break;
	for (i = k + 1; i < nrest && r->n < ROUTE_MAX; i++)
		r->cells[r->n++] = rest[i];
	free(rest);
	/* Not arriving: on along the order's legs to the destination, for
	 * orientation, and whether any formation has a way there (a drawn
	 * route is the player's own: not asked). */
	if (r->turns < 0) {
		legs_to(r, r->cells[0], &o);
		if (move && ui->nwp == 0)
			r->form = move_route_form(g, &o);
	}
}
