/*
 * route.c - what the interface shows of a Move order before it is given:
 * the route through the waypoints, and where the unit stops this turn and
 * why.
 *
 * The movement engine answers (move_preview): the same walk
 * the turn will make, run without changing the game, so the preview and
 * the result agree.  Beyond this turn's stop the rest of the way is drawn
 * as straight lines through the remaining waypoints, for orientation only.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/move.h"
#include "rules/ruleset.h"
#include "ui/view.h"
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

/* The Move order the player is drawing: waypoints, then the cursor. */
static void
draft_order(const struct ui *ui, int unit, struct order *o)
{
	int i;

	memset(o, 0, sizeof *o);
	o->kind = ORDER_MOVE;
	o->unit = unit;
	o->general = ui->game->units[unit].general;
	for (i = 0; i < ui->nwp && o->npts < ORDER_MAX_POINTS - 1; i++)
		o->pts[o->npts++] = ui->wp[i];
	o->pts[o->npts++] = ui->cursor;
}

void
route_plan(struct ui *ui, int unit, struct route *r)
{
	const struct game *g = ui->game;
	struct move_preview pv;
	struct order o;
	const struct event *e;
	char a[32], b[32];
	int i, next;

	memset(r, 0, sizeof *r);
	r->cells[r->n++] = g->units[unit].pos;
	draft_order(ui, unit, &o);
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
	ruleset_fmt(g->rs, pv.spent, a, sizeof a);
	ruleset_fmt(g->rs, pv.allowance, b, sizeof b);
	snprintf(r->why, sizeof r->why, "%s (%s of %s)",
	    pv.halt == HALT_ARRIVED ? "arrives" : halt_name(pv.halt), a, b);
	/* The explanation's last steps, rule numbers first. */
	for (i = pv.log.n - 1; i >= 0 && r->nnotes < ROUTE_NOTES; i--) {
		e = &pv.log.v[i];
		if (e->rule[0] == '\0')
			continue;
		ruleset_event_format(g->rs, e, r->notes[r->nnotes],
		    sizeof r->notes[0]);
		r->nnotes++;
	}
	/* The rest of the way, from the first waypoint not yet passed. */
	next = 0;
	for (i = 0; i < pv.npath; i++)
		if (next < o.npts - 1 && pv.path[i].x == o.pts[next].x &&
		    pv.path[i].y == o.pts[next].y)
			next++;
	for (i = next; i < o.npts; i++)
		line_to(r, o.pts[i]);
	move_preview_free(&pv);
}
