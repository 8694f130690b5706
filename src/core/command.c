/*
 * command.c - command radius, aides-de-camp and the delivery of orders.
 * See command.h; the rules are 3.1.1 and 3.2.1 to 3.2.4 in doc/turn.md.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/command.h"
#include "core/game.h"
#include "core/ruleset.h"
#include "util/xalloc.h"

int
command_radius(const struct game *g, int general)
{
	if (general < 0 || general >= g->ngenerals)
		return 0;
	if (g->generals[general].radius > 0)
		return g->generals[general].radius;
	return g->rs->command_radius;
}

int
command_ride_turns(const struct game *g, int dist)
{
	int speed = g->rs->courier_speed;

	if (speed <= 0)
		return 0;
	if (dist <= 0)
		return 1;
	return (dist + speed - 1) / speed;
}

void
command_queue(struct game *g, const struct order *o)
{
	g->transit = xreallocarray(g->transit, (size_t)g->ntransit + 1,
	    sizeof *g->transit);
	g->transit[g->ntransit++] = *o;
}

/* Put an order in the unit's hands: it replaces the one in force. */
/* The rule number the ruleset cites topic t under, "" for none. */
static const char *
cite(const struct game *g, enum ruleset_topic t)
{
	const char *c = ruleset_cite(g->rs, t);

	return c != NULL ? c : "";
}
#define CITE(t)	cite(g, RULESET_TOPIC_##t)

static void
command_put(struct game *g, const struct order *o)
{
	g->units[o->unit].order = *o;
	/* An order to the unit alone ends any wheel of its line; a group
	 * order leaves the movement phase to judge (3.6.3). */
	if (o->ngroup == 0)
		g->units[o->unit].wheeled = 0;
}

/* "a move order to [12, 6]", "a formation order (Column)"; a Move onto
 * an enemy unit's anchor is an assault on it (3.4.5, marshal's own). */
static void
describe(const struct game *g, const struct order *o, char *buf, size_t len)
{
	const struct point *p = &o->pts[o->npts > 0 ? o->npts - 1 : 0];
	int t = o->kind == ORDER_MOVE && o->ngroup == 0 ?
	    game_unit_at(g, p->x, p->y) : -1;

	if (o->kind == ORDER_MOVE && o->ngroup > 1)
		snprintf(buf, len, "a group move order (%d units, centre to "
		    "[%d, %d]; its own place [%d, %d])", o->ngroup, o->to.x,
		    o->to.y, p->x, p->y);
	else if (o->kind == ORDER_MOVE && t >= 0 &&
	    g->units[t].side != g->units[o->unit].side &&
	    g->units[t].pos.x == p->x && g->units[t].pos.y == p->y)
		snprintf(buf, len, "an assault on %s, a move order onto it at "
		    "[%d, %d] (%s%s: it charges when within reach, %s)",
		    g->units[t].name, p->x, p->y, cite(g,
		    RULESET_TOPIC_CHARGE), ruleset_rule_mark(g->rs, cite(g,
		    RULESET_TOPIC_CHARGE)), CITE(CHARGE_REACH));
	else if (o->kind == ORDER_MOVE)
		snprintf(buf, len, "a move order to [%d, %d]", p->x, p->y);
	else if (o->kind == ORDER_FORMATION && o->formation >= 0 &&
	    o->formation < g->rs->nform)
		snprintf(buf, len, "a formation order (%s)",
		    g->rs->form[o->formation].label);
	else
		snprintf(buf, len, "a %s order", order_kind_name(o->kind));
}

enum command_way
command_plan(const struct game *g, const struct order *o, int *arrives,
    int *dist, int *radius)
{
	int d = 0, r = 0, turns;
	enum command_way way;

	*arrives = g->turn;
	if (o->general < 0 || o->general >= g->ngenerals)
		way = COMMAND_SCENARIO;
	else {
		d = geom_dist(g->generals[o->general].pos,
		    g->units[o->unit].pos);
		r = command_radius(g, o->general);
		turns = command_ride_turns(g, d);
		if (d <= r)
			way = COMMAND_RADIUS;
		else if (!g->opt.courier_delay || turns == 0)
			way = COMMAND_NO_DELAY;
		else {
			way = COMMAND_AIDE;
			*arrives = g->turn + turns;
		}
	}
	if (dist != NULL)
		*dist = d;
	if (radius != NULL)
		*radius = r;
	return way;
}

int
command_ride_stop(const struct game *g, int gen, const struct order *o,
    struct point *stop, int *passed)
{
	struct point at = g->generals[gen].pos;
	int left = g->rs->general_speed, k = 0, cost;
	enum dir d;

	while (k < o->npts) {
		if (at.x == o->pts[k].x && at.y == o->pts[k].y) {
			k++;
			continue;
		}
		d = geom_heading(at, o->pts[k]);
		cost = dir_dx[d] != 0 && dir_dy[d] != 0 ? STEP_DIAG :
		    STEP_ORTHO;
		if (cost > left)
			break;
		at.x += dir_dx[d];
		at.y += dir_dy[d];
		left -= cost;
	}
	*stop = at;
	if (passed != NULL)
		*passed = k;
	return g->rs->general_speed - left;
}

void
command_ride(struct game *g)
{
	struct general *gen;
	struct point from, to;
	char rode[32], speed[32];
	int i, k, passed, ticks;

	ruleset_fmt(g->rs, g->rs->general_speed, speed, sizeof speed);
	for (i = 0; i < g->ngenerals; i++) {
		gen = &g->generals[i];
		if (gen->order.kind != ORDER_MOVE)
			continue;
		from = gen->pos;
		ticks = command_ride_stop(g, i, &gen->order, &to, &passed);
		gen->pos = to;
		ruleset_fmt(g->rs, ticks, rode, sizeof rode);
		/* What he did, for both sides; never where he is bound. */
		k = game_log(g, -1, EV_MOVE, CITE(GENERAL_RIDE),
		    "%s rides %s from "
		    "[%d, %d] to [%d, %d] (marshal's own rule: a general "
		    "rides up to %s a turn)", gen->name, rode, from.x, from.y,
		    to.x, to.y, speed);
		event_general(&g->log, k, i);
		if (passed >= gen->order.npts) {
			gen->order.kind = ORDER_NONE;
			k = game_log(g, -1, EV_ORDER, CITE(GENERAL_RIDE),
			    "%s's ride is "
			    "complete", gen->name);
			event_general(&g->log, k, i);
			continue;
		}
		/* The points reached are done with. */
		memmove(gen->order.pts, gen->order.pts + passed,
		    (size_t)(gen->order.npts - passed) *
		    sizeof *gen->order.pts);
		gen->order.npts -= passed;
	}
}

/* A general's own order: ride (Move) or halt (Stop), in force at once. */
static void
command_self(struct game *g, const struct order *o)
{
	struct general *gen = &g->generals[o->general];
	const struct point *p = &o->pts[o->npts > 0 ? o->npts - 1 : 0];
	char speed[32], dist[32];
	int k;

	if (o->kind == ORDER_MOVE) {
		gen->order = *o;
		ruleset_fmt(g->rs, g->rs->general_speed, speed, sizeof speed);
		ruleset_fmt(g->rs, geom_dist(gen->pos, *p), dist,
		    sizeof dist);
		k = game_log(g, -1, EV_ORDER, CITE(GENERAL_RIDE),
		    "%s rides for "
		    "[%d, %d], %s away: in force at once (marshal's own "
		    "rule: up to %s a turn)", gen->name, p->x, p->y, dist,
		    speed);
	} else {
		memset(&gen->order, 0, sizeof gen->order);
		gen->order.unit = -1;
		gen->order.general = o->general;
		k = game_log(g, -1, EV_ORDER, CITE(GENERAL_RIDE),
		    "%s halts where he "
		    "stands, [%d, %d]", gen->name, gen->pos.x, gen->pos.y);
	}
	event_general(&g->log, k, o->general);
}

void
command_order(struct game *g, const struct order *o)
{
	const struct general *gen;
	struct unit *u = &g->units[o->unit];
	struct order ord = *o;
	char dist_s[32], rad_s[32], speed_s[32], what[224];
	int dist, radius, turns, arrives;
	enum command_way way;

	if (o->unit < 0) {
		command_self(g, o);
		return;
	}
	describe(g, o, what, sizeof what);
	way = command_plan(g, o, &arrives, &dist, &radius);
	/* The first order of the turn keeps what stood before it (undo);
	 * a scenario's standing orders are the start, not a change. */
	if (way != COMMAND_SCENARIO && u->order_turn != g->turn) {
		u->order_before = u->order;
		u->wheeled_before = u->wheeled;
		u->waypoint_before = u->waypoint;
		u->order_turn = g->turn;
	}
	if (way == COMMAND_SCENARIO) {
		command_put(g, &ord);
		game_log(g, ord.unit, EV_ORDER, CITE(ORDER), "%s holds %s from "
		    "the start: in force at once", u->name, what);
		return;
	}
	gen = &g->generals[ord.general];
	if (g->rs->courier_speed == 0) {
		/* A ruleset without aides: every order is in force at
		 * once, wherever the general stands. */
		command_put(g, &ord);
		game_log(g, ord.unit, EV_ORDER, CITE(ORDER), "%s gives %s %s: "
		    "in force at once", gen->name, u->name, what);
		return;
	}
	ruleset_fmt(g->rs, dist, dist_s, sizeof dist_s);
	ruleset_fmt(g->rs, radius, rad_s, sizeof rad_s);

	if (way == COMMAND_RADIUS) {
		command_put(g, &ord);
		game_log(g, ord.unit, EV_ORDER, CITE(ORDER), "%s gives %s %s: "
		    "it stands %s from him, within the %s command radius, in "
		    "force at once", gen->name, u->name, what, dist_s, rad_s);
		return;
	}
	if (way == COMMAND_NO_DELAY) {
		command_put(g, &ord);
		game_log(g, ord.unit, EV_ORDER, CITE(NO_DELAY),
		    "%s gives %s %s: it stands %s from him, beyond the %s "
		    "radius, but courier delays are off: in force at once",
		    gen->name, u->name, what, dist_s, rad_s);
		return;
	}
	turns = arrives - g->turn;
	ord.arrives = arrives;
	command_queue(g, &ord);
	ruleset_fmt(g->rs, g->rs->courier_speed, speed_s, sizeof speed_s);
	game_log(g, ord.unit, EV_ORDER, CITE(AIDE), "%s sends %s %s by "
	    "aide-de-camp: it stands %s from him, beyond the %s radius; at %s "
	    "a turn the ride takes %d turn%s (%d / %d ticks, rounded up): "
	    "arrives turn %d",
	    gen->name, u->name, what, dist_s, rad_s,
	    speed_s, turns, turns == 1 ? "" : "s", dist, g->rs->courier_speed,
	    ord.arrives);
}

int
command_undo(struct game *g, int unit)
{
	struct unit *u = &g->units[unit];
	char what[96];
	int i, kept = 0, called = 0;

	if (u->order_turn != g->turn || g->turn <= 0)
		return -1;
	u->order = u->order_before;
	u->wheeled = u->wheeled_before;
	u->waypoint = u->waypoint_before;
	u->order_turn = 0;
	/* Aides sent this turn to this unit ride no further. */
	for (i = 0; i < g->ntransit; i++) {
		if (g->transit[i].unit == unit &&
		    g->transit[i].issued == g->turn) {
			called++;
			continue;
		}
		g->transit[kept++] = g->transit[i];
	}
	g->ntransit = kept;
	if (u->order.kind == ORDER_NONE)
		snprintf(what, sizeof what, "no order: it stands");
	else
		describe(g, &u->order, what, sizeof what);
	game_log(g, unit, EV_ORDER, CITE(ORDER), "%s: this turn's order taken "
	    "back before the turn is played%s; it holds %s again", u->name,
	    called > 0 ? ", its aide called back" : "", what);
	return 0;
}

void
command_recall(struct game *g)
{
	const struct order *o;
	char what[96];
	int i;

	for (i = 0; i < g->nunits; i++) {
		o = &g->units[i].order;
		if (o->kind == ORDER_NONE || unit_gone(&g->units[i]))
			continue;
		describe(g, o, what, sizeof what);
		game_log(g, i, EV_ORDER, CITE(ORDER),
		    "%s holds %s, given in turn "
		    "%d (the game resumed)", g->units[i].name, what,
		    o->issued);
	}
	for (i = 0; i < g->ntransit; i++) {
		o = &g->transit[i];
		if (o->unit < 0 || o->unit >= g->nunits)
			continue;
		describe(g, o, what, sizeof what);
		game_log(g, o->unit, EV_ORDER, CITE(AIDE),
		    "An aide rides to %s "
		    "with %s, sent in turn %d: arrives turn %d (the game "
		    "resumed)", g->units[o->unit].name, what, o->issued,
		    o->arrives);
	}
}

void
command_deliver(struct game *g)
{
	struct order *o;
	struct unit *u;
	const char *from;
	int i, kept = 0;

	for (i = 0; i < g->ntransit; i++) {
		o = &g->transit[i];
		if (o->arrives > g->turn) {
			g->transit[kept++] = *o;
			continue;
		}
		u = &g->units[o->unit];
		from = o->general >= 0 ? g->generals[o->general].name : "?";
		if (!unit_active(u)) {
			game_log(g, o->unit, EV_ORDER, CITE(AIDE_LOST),
			    "the aide from "
			    "%s finds %s %s: the %s order (given turn %d) is "
			    "lost", from, u->name, cond_name(u->cond),
			    order_kind_name(o->kind), o->issued);
			continue;
		}
		if (u->order.kind != ORDER_NONE &&
		    u->order.issued > o->issued) {
			game_log(g, o->unit, EV_ORDER, CITE(AIDE_LOST),
			    "the aide from "
			    "%s arrives with a %s order given turn %d, older "
			    "than the %s order in force (given turn %d): "
			    "dropped", from, order_kind_name(o->kind),
			    o->issued, order_kind_name(u->order.kind),
			    u->order.issued);
			continue;
		}
		command_put(g, o);
		game_log(g, o->unit, EV_ORDER, CITE(AIDE_ARRIVES),
		    "the aide from %s "
		    "reaches %s: the %s order given turn %d is in force "
		    "(delay %d turn%s)", from, u->name,
		    order_kind_name(o->kind), o->issued,
		    o->arrives - o->issued,
		    o->arrives - o->issued == 1 ? "" : "s");
	}
	g->ntransit = kept;
}
