/*
 * route.c - what the interface shows of a Move order before it is given:
 * the route through the waypoints, where the unit stops this turn and why,
 * and the reachable area.
 *
 * Until the movement engine's preview is linked in, this is an estimate:
 * the route is the straight octile line, and the stop is where the
 * ruleset's allowance runs out on open ground.  The panel says so.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
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

void
route_plan(struct ui *ui, int unit, struct route *r)
{
	const struct game *g = ui->game;
	const struct unit *u = &g->units[unit];
	char bd[32];
	int i, allow, spent = 0, step;

	memset(r, 0, sizeof *r);
	r->cells[r->n++] = u->pos;
	for (i = 0; i < ui->nwp; i++)
		line_to(r, ui->wp[i]);
	line_to(r, ui->cursor);
	r->stop = r->n - 1;
	allow = ui_allowance(ui, unit);
	if (allow < 0) {
		snprintf(r->why, sizeof r->why, "speed unknown: the ruleset "
		    "gives no allowance");
		return;
	}
	for (i = 1; i < r->n; i++) {
		step = geom_dist(r->cells[i - 1], r->cells[i]);
		if (spent + step > allow) {
			r->stop = i - 1;
			ruleset_fmt(g->rs, allow, bd, sizeof bd);
			snprintf(r->why, sizeof r->why, "allowance %s used "
			    "(estimate: open ground)", bd);
			return;
		}
		spent += step;
	}
	snprintf(r->why, sizeof r->why, "arrives this turn (estimate)");
}

bool *
area_compute(struct ui *ui, int unit)
{
	const struct game *g = ui->game;
	const struct map *m = g->map;
	struct point p;
	bool *reach;
	int allow = ui_allowance(ui, unit);

	if (unit < 0 || allow < 0)
		return NULL;
	reach = xcalloc((size_t)m->w * (size_t)m->h, sizeof *reach);
	for (p.y = 0; p.y < m->h; p.y++)
		for (p.x = 0; p.x < m->w; p.x++)
			if (geom_dist(g->units[unit].pos, p) <= allow)
				reach[(size_t)p.y * (size_t)m->w +
				    (size_t)p.x] = true;
	return reach;
}
