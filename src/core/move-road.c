/*
 * move-road.c - the march column on its road and through narrow passages
 * (3.6.6), for the walk (move-priv.h): the cells a walker covers (its
 * trail or its block), the step that follows a road, the column's body
 * as a trail of the cells its head has passed, the countermarch, and a
 * column going through a bridge, gate or defile whole or not at all.
 * See move-walk.c for the walk that asks them.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/game.h"
#include "core/move.h"
#include "core/move-priv.h"
#include "core/ruleset.h"
#include "util/xalloc.h"

int
walk_cells(const struct game *g, const struct move_walk *w,
    struct point *out)
{
	int n;

	if (w->ntrail > 0) {
		memcpy(out, w->trail, (size_t)w->ntrail * sizeof *out);
		return w->ntrail;
	}
	n = game_footprint_at(g, &g->units[w->unit], w->pos, w->facing,
	    w->form, out);
	return n;
}

/* Whether the step priced sp is one a column makes following its road:
 * a single-file march column (the ruleset's road formation) stepping
 * from road to road. */
bool
walk_follows_road(const struct game *g, const struct move_walk *w,
    const struct move_price *sp)
{
	const struct formation_def *fd = &g->rs->form[w->form];

	return (fd->flags & FORMF_ROAD) && (sp->flags & MPF_ROAD) &&
	    fd->frontage[g->units[w->unit].arm] == 1;
}

/*
 * The body of a column whose head steps onto next along its road: next,
 * then the cells it covers now, in order, as many as its length holds.
 * The length is the formation's depth counted in ticks (M24, 2 a cell as
 * drawn facing N); each cell measures the step that joins it to the cell
 * before (the head, the step it just made), and a cell is kept while its
 * middle lies within the length, so a straight column keeps its block's
 * cells whatever its facing (geom_span).  Returns 0 when next is a cell
 * of its own body (it turns about): it is then the straight block.
 */
int
trail_after(const struct game *g, const struct move_walk *w,
    struct point next, struct point *out)
{
	struct point *body, prev = next;
	int nb, n = 1, i, len2, want2, link;

	body = game_cells_take(g);
	nb = walk_cells(g, w, body);
	for (i = 0; i < nb; i++)
		if (body[i].x == next.x && body[i].y == next.y) {
			game_cells_give(g, body);
			return 0;
		}
	want2 = 2 * STEP_ORTHO * g->rs->form[w->form].depth[
	    g->units[w->unit].arm];
	out[0] = next;
	len2 = 2 * geom_dist(next, body[0]);
	for (i = 0; i < nb && n < g->cells_max; i++) {
		link = geom_dist(prev, body[i]);
		if (link > STEP_DIAG || len2 + link >= want2)
			break;
		out[n++] = body[i];
		len2 += 2 * link;
		prev = body[i];
	}
	game_cells_give(g, body);
	return n;
}

bool
walk_countermarch(const struct game *g, struct move_walk *w, struct point next,
    const struct move_price *tp)
{
	int turn_ticks = tp->ticks;
	struct point *body, t;
	enum dir f;
	char a[64];
	int nb, i, j;

	if (w->narrow || w->countered || turn_ticks > w->left ||
	    w->order == NULL || w->waypoint >= w->order->npts)
		return false;
	body = game_cells_take(g);
	nb = walk_cells(g, w, body);
	/* The point sought lies under its own column: turned about, its
	 * head would be as far from it the other way, and it would be sent
	 * back again.  It turns as before (M24 in doc/rules.md). */
	for (i = 0; i < nb; i++)
		if (body[i].x == w->order->pts[w->waypoint].x &&
		    body[i].y == w->order->pts[w->waypoint].y) {
			game_cells_give(g, body);
			return false;
		}
	/* A block is in no order: head first, by its distance from the
	 * head (a single file, one cell a rank). */
	if (w->ntrail == 0)
		for (i = 1; i < nb; i++)
			for (j = i; j > 0 && geom_dist(w->pos, body[j]) <
			    geom_dist(w->pos, body[j - 1]); j--) {
				t = body[j];
				body[j] = body[j - 1];
				body[j - 1] = t;
			}
	if (nb < 2 || body[0].x != w->pos.x || body[0].y != w->pos.y ||
	    body[1].x != next.x || body[1].y != next.y) {
		game_cells_give(g, body);
		return false;
	}
	f = (enum dir)dir_between(body[nb - 2], body[nb - 1]);
	if (w->trail == NULL)
		w->trail = xmallocarray((size_t)g->cells_max, sizeof *w->trail);
	for (i = 0; i < nb; i++)
		w->trail[i] = body[nb - 1 - i];
	w->ntrail = nb;
	game_cells_give(g, body);
	if (turn_ticks > 0) {
		ruleset_fmt(g->rs, turn_ticks, a, sizeof a);
		snprintf(a + strlen(a), sizeof a - strlen(a), ", as facing "
		    "about");
	} else
		snprintf(a, sizeof a, "nothing, as any turn on its road");
	move_note(w, EV_NOTE, tp->nnotes > 0 ? tp->notes[0].rule : "",
	    "%s countermarches on its road: its tail, at [%d, %d], is now "
	    "its head, facing %s, the same cells; it costs %s (marshal's "
	    "reading)", g->units[w->unit].name, w->trail[0].x, w->trail[0].y,
	    dir_name(f), a);
	w->pos = w->trail[0];
	w->facing = f;
	w->countered = true;
	w->left -= turn_ticks;
	if (turn_ticks > 0)
		w->fresh = false;
	w->clear = false;
	walk_push(w, w->pos);
	w->iroute = w->nroute;		/* the way on, from the new head */
	return true;
}

bool
walk_in_narrow(const struct game *g, const struct move_walk *w)
{
	struct point *cells = game_cells_take(g);
	int i, n;

	n = walk_cells(g, w, cells);
	for (i = 0; i < n; i++)
		if (map_inside(g->map, cells[i].x, cells[i].y) &&
		    (map_cell(g->map, cells[i].x, cells[i].y)->flags &
		    CELL_DEFILE))
			break;
	game_cells_give(g, cells);
	if (i < n)
		return true;
	/* Over a bridge or gate: the block must be past the edge; a
	 * block's depth in steps is a fair measure. */
	return w->narrow_steps < geom_span(w->facing,
	    g->rs->form[w->form].depth[g->units[w->unit].arm]);
}

/*
 * 3.6.6: the column has come to its order's last point with part of it
 * still in the narrow passage it is going through, which it passes
 * whole.  Its order is complete; it goes on straight ahead, as far as
 * its own depth and one cell more, until it is through (walk_run), and
 * meets what it meets there under the rules.  The point ahead is kept as
 * a one-point order in the walk (detour_order, not made the unit's
 * standing order: it is no detour).  False, nothing changed, when the
 * walk looks ahead only (scratch).
 */
bool
narrow_go_beyond(const struct game *g, struct move_walk *w)
{
	const struct unit *u = &g->units[w->unit];
	int k = g->rs->form[w->form].depth[u->arm] + 1;
	struct point to = { w->pos.x + k * dir_dx[w->facing],
	    w->pos.y + k * dir_dy[w->facing] };

	if (w->scratch)
		return false;
	w->narrow_beyond = true;
	memset(&w->detour_order, 0, sizeof w->detour_order);
	w->detour_order.kind = ORDER_MOVE;
	w->detour_order.unit = w->order->unit;
	w->detour_order.general = w->order->general;
	w->detour_order.npts = 1;
	w->detour_order.pts[0] = to;
	w->order = &w->detour_order;
	w->waypoint = 0;
	w->iroute = w->nroute;
	w->line = true;
	move_note(w, EV_NOTE, rule_for(g, HALT_PASSAGE), "%s has reached "
	    "its destination with its column still in the passage, which "
	    "it passes whole: it goes on towards [%d, %d] until it is "
	    "through", u->name, to.x, to.y);
	move_note_own(w);	/* where its order ended */
	return true;
}

/*
 * 3.6.6: the column is stopped before it is through the passage.  With
 * some room beyond (its head came out) it ends as a Mob part way; with
 * none it does not pass at all: the walk goes back to where it stood
 * before the passage.
 */
void
narrow_blocked(const struct game *g, struct move_walk *w)
{
	const char *rule = rule_for(g, HALT_PASSAGE);

	if (w->narrow_out > 0) {
		walk_upset(g, w, MOVE_UPSET_PASSAGE_SHORT, NULL);
	} else {
		move_note(w, EV_NOTE, rule, "no room beyond the passage: %s "
		    "does not pass and stays before it",
		    g->units[w->unit].name);
		w->pos = w->narrow_pos;
		w->facing = w->narrow_facing;
		w->ntrail = w->narrow_ntrail;
		if (w->ntrail > 0)
			memcpy(w->trail, w->narrow_trail,
			    (size_t)w->ntrail * sizeof *w->trail);
		if (!w->scratch)
			w->npath = w->narrow_npath;
		w->walked = w->narrow_walked;
		w->left = w->narrow_left;
		w->narrow = false;
	}
	w->halt = HALT_PASSAGE;
	snprintf(w->halt_rule, sizeof w->halt_rule, "%s", rule);
}
