/*
 * napoleonic/move-group.c - the movement phase (3.6): each unit walks
 * under its order, a group's line wheels and marches as one body at the
 * pace of its slowest member (3.6.3), and a unit stopped near the enemy
 * last turn deploys by itself (3.6.8).
 */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/command.h"
#include "core/game.h"
#include "core/know.h"
#include "core/move.h"
#include "core/near.h"
#include "rules/napoleonic/move.h"
#include "rules/napoleonic/move-priv.h"
#include "rules/napoleonic/phases.h"
#include "util/xalloc.h"

/* --- group orders: a line wheeling as one body (3.6.3) ------------------- */

/* What the movement phase does for each unit after the groups are seen. */
struct gplan {
	int		*cap;		/* pace, ticks (-1: its own) */
	char		**note;		/* owned: explains the cap */
	struct point	*goal;		/* a member's place this turn */
	bool		*has_goal;
	bool		*done;		/* moved already (a wheel used it all) */
	int		*extra;		/* ticks moved in the wheel, added */
};

/* A member of a group's line, ordered left to right along the front. */
struct gmem {
	int		 unit;
	int		 along;		/* place along the front line */
	int		 at;		/* anchor: cells right of the left end */
	int		 dist;		/* ticks from the pivot to the anchor */
	int		 gap;		/* ticks of open ground between it and
					   its neighbour nearer the pivot */
};

static int
gmem_cmp(const void *a, const void *b)
{
	const struct gmem *x = a, *y = b;

	if (x->along != y->along)
		return x->along < y->along ? -1 : 1;
	return x->unit < y->unit ? -1 : x->unit > y->unit;
}

static struct point
pt_add(struct point p, int k, enum dir d)
{
	p.x += k * dir_dx[d];
	p.y += k * dir_dy[d];
	return p;
}

/* Columns left of the anchor on the front rank ((frontage - 1) / 2, as
 * geom_footprint lays it) and the frontage itself, in cells of facing f:
 * fewer on a diagonal, where geom_span counts them again (issue 12,
 * decision 4). */
static int
front_of(const struct game *g, const struct unit *u, enum dir f, int *off)
{
	int w = geom_span(f, g->rs->form[u->formation].frontage[u->arm]);

	*off = (w - 1) / 2;
	return w;
}

/* Ticks one cell measures along a line facing f (across the facing). */
static int
cell_ticks(enum dir f)
{
	return dir_diagonal(f) ? STEP_DIAG : STEP_ORTHO;
}

/*
 * The members of unit i's group order that hold it now and may take
 * part (active): written to m[], counted in the return value.
 */
static int
group_members(const struct game *g, int i, struct gmem *m)
{
	const struct order *o = &g->units[i].order;
	const struct unit *u;
	int j, n = 0;

	for (j = 0; j < o->ngroup; j++) {
		u = &g->units[o->group[j]];
		if (!unit_active(u) || u->order.kind != ORDER_MOVE ||
		    !order_same_group(&u->order, o))
			continue;
		memset(&m[n], 0, sizeof m[n]);
		m[n++].unit = o->group[j];
	}
	return n;
}

/* Whether unit u is one of the n members m[]. */
static bool
group_has(const struct gmem *m, int n, int u)
{
	int j;

	for (j = 0; j < n; j++)
		if (m[j].unit == u)
			return true;
	return false;
}

/*
 * Whether the n members (all the group names) stand in one line: formed,
 * out of battle contact, one facing, fronts on one line, side by side
 * (each within movement.wheel_gap of the next, none overlapping).  Sorts
 * m[] left to right, fills at, and gives the line's left end cell and its
 * width in cells.
 */
static bool
group_line(const struct game *g, struct gmem *m, int n, struct point *left,
    int *width)
{
	const struct nap_move *mv = nap_move(g->rs);
	const struct unit *u0 = &g->units[m[0].unit], *u;
	enum dir f = u0->facing, r = dir_turn(f, 2);
	int line0 = u0->pos.x * dir_dx[f] + u0->pos.y * dir_dy[f];
	int j, off, w, t, end = 0;

	for (j = 0; j < n; j++) {
		u = &g->units[m[j].unit];
		if (u->cond != COND_FORMED || u->facing != f ||
		    (u->halt == HALT_CONTACT && u->halt_turn >= g->turn - 1) ||
		    (g->rs->form[u->formation].flags & FORMF_IMMOBILE) ||
		    u->pos.x * dir_dx[f] + u->pos.y * dir_dy[f] != line0)
			return false;
		m[j].along = -u->pos.x * dir_dy[f] + u->pos.y * dir_dx[f];
	}
	qsort(m, (size_t)n, sizeof *m, gmem_cmp);
	for (j = 0; j < n; j++) {
		u = &g->units[m[j].unit];
		w = front_of(g, u, f, &off);
		if (j == 0)
			*left = pt_add(u->pos, -off, r);
		/* Cells from the left end along r (the line holds them). */
		t = dir_dx[r] != 0 ? (u->pos.x - left->x) / dir_dx[r] :
		    (u->pos.y - left->y) / dir_dy[r];
		m[j].at = t;
		if (j > 0 && (t - off <= end ||
		    nap_gap(g, m[j - 1].unit, m[j].unit) > mv->wheel_gap))
			return false;
		end = t + w - 1 - off;
	}
	*width = end + 1;
	return true;
}

/*
 * Whether every member fits at its new place (to[], facing f): on the
 * map, on ground its formation may stand on, on no unit outside the
 * group, and no nearer an enemy than the gap it must keep from him
 * (3.6.8), if that is nearer than it stands now.  If not, why says so.
 */
static bool
group_fits_in(const struct game *g, const struct gmem *m, int n,
    const struct point *to, enum dir f, char *why, size_t len,
    struct point *cells, struct point *now, struct point *ec)
{
	const struct ruleset *rs = g->rs;
	struct move_price price;
	struct move_walk w;
	const struct unit *u, *e;
	int j, k, c, cn, ce, who, x, keep, gap;
	bool ours;

	for (j = 0; j < n; j++) {
		u = &g->units[m[j].unit];
		c = game_footprint_at(g, u, to[j], f, u->formation, cells);
		for (k = 0; k < c; k++) {
			if (!map_inside(g->map, cells[k].x, cells[k].y) ||
			    (rs->land[map_cell(g->map, cells[k].x,
			    cells[k].y)->land].forbid &
			    (1u << u->formation)) != 0) {
				snprintf(why, len, "%s has no room: cell [%d, "
				    "%d]", u->name, cells[k].x, cells[k].y);
				return false;
			}
			who = game_unit_at(g, cells[k].x, cells[k].y);
			for (ours = who < 0, x = 0; !ours && x < n; x++)
				ours = m[x].unit == who;
			if (!ours) {
				snprintf(why, len, "%s has no room: %s stands "
				    "on cell [%d, %d]", u->name,
				    g->units[who].name, cells[k].x,
				    cells[k].y);
				return false;
			}
		}
		if (g->rs->ops->move_contact == NULL)
			continue;
		cn = game_footprint(g, u, now);
		move_walk_init(g, m[j].unit, &w);
		for (x = 0; x < g->nunits; x++) {
			e = &g->units[x];
			if (e->side == u->side || unit_gone(e))
				continue;
			ce = game_footprint(g, e, ec);
			gap = move_gap(cells, c, ec, ce);
			if (gap >= move_gap(now, cn, ec, ce))
				continue;
			keep = g->rs->ops->move_contact(g, &w, x, &price);
			if (keep >= 0 && gap <= keep) {
				snprintf(why, len, "%s would come within %s of "
				    "%s, nearer than the gap it keeps (3.6.8)",
				    u->name, bd(rs, gap), e->name);
				move_walk_free(&w);
				return false;
			}
		}
		move_walk_free(&w);
	}
	return true;
}

/* group_fits_in with its three buffers of cells from the game's pool. */
static bool
group_fits(const struct game *g, const struct gmem *m, int n,
    const struct point *to, enum dir f, char *why, size_t len)
{
	struct point *cells = game_cells_take(g), *now = game_cells_take(g);
	struct point *ec = game_cells_take(g);
	bool fits;

	fits = group_fits_in(g, m, n, to, f, why, len, cells, now, ec);
	game_cells_give(g, ec);
	game_cells_give(g, now);
	game_cells_give(g, cells);
	return fits;
}

/* The centre cell of the line's front. */
static struct point
group_centre(const struct game *g, const struct gmem *m, struct point left,
    int width)
{
	return pt_add(left, (width - 1) / 2,
	    dir_turn(g->units[m[0].unit].facing, 2));
}

/*
 * Whole steps the line may march straight ahead (its facing f) before its
 * front's centre c is level with the destination to, keeping every
 * member's anchor on the map: each member's place is its anchor that many
 * steps ahead.  0 when to is not ahead.
 */
static int
group_ahead(const struct game *g, const struct gmem *m, int n,
    struct point c, struct point to, enum dir f, struct gplan *pl)
{
	int dx = dir_dx[f], dy = dir_dy[f], j, t, k;
	struct point p;

	t = (to.x - c.x) * dx + (to.y - c.y) * dy;
	if (dir_diagonal(f))
		t /= 2;
	for (j = 0; j < n && t > 0; j++) {
		p = g->units[m[j].unit].pos;
		for (k = t; k > 0 && !map_inside(g->map, p.x + k * dx,
		    p.y + k * dy); k--)
			;
		t = k;
	}
	for (j = 0; j < n && t > 0; j++) {
		p = g->units[m[j].unit].pos;
		pl->goal[m[j].unit] = pt_add(p, t, f);
		pl->has_goal[m[j].unit] = true;
	}
	return t > 0 ? t : 0;
}

/* The slowest member's allowance (ticks). */
static int
group_slowest(struct game *g, const struct gmem *m, int n)
{
	int j, a, lo = -1;

	for (j = 0; j < n; j++) {
		a = move_allowance(g, m[j].unit, false);
		if (lo < 0 || a < lo)
			lo = a;
	}
	return lo;
}

/* The line's turn ends where it stands (after a wheel, or arrived): each
 * member's bookkeeping and its closing line. */
static void
group_stop(struct game *g, const struct gmem *m, int n, struct gplan *pl,
    enum halt halt, const char *why)
{
	const struct ruleset *rs = g->rs;
	struct unit *u;
	int j, k;

	for (j = 0; j < n; j++) {
		u = &g->units[m[j].unit];
		u->moved = pl->extra[m[j].unit];
		u->halt = halt;
		u->halt_turn = g->turn;
		u->contact = -1;
		free(u->route);
		u->route = NULL;
		u->nroute = 0;
		pl->done[m[j].unit] = true;
		k = game_log(g, m[j].unit, EV_MOVE, "3.6.3", "%s moves %s "
		    "with its line: stops at [%d, %d] facing %s, %s: %s",
		    u->name, bd(rs, u->moved), u->pos.x, u->pos.y,
		    dir_name(u->facing), rs->form[u->formation].label, why);
		/* Whether its order is done or goes on is its side's. */
		if (know_halt_tells_orders(halt))
			move_event_private_end(g, k, strlen(g->log.v[k].text),
			    strlen(why) + 2);
		if (halt == HALT_ARRIVED) {
			u->order.kind = ORDER_NONE;
			u->wheeled = 0;
			game_log(g, m[j].unit, EV_ORDER, "3.6.3", "%s's Move "
			    "order is complete", u->name);
		}
	}
}

/*
 * Where the members' anchors stand (to[]) on the line turned to face fs
 * about pivot, the cell of the inner flank that does not move (cw: the
 * right end, the members laid out from it leftwards; otherwise the left
 * end, rightwards).  The blocks go end to end outwards from the pivot in
 * their order, each as wide as it is facing fs (geom_span: a diagonal
 * block has fewer cells, the same length in ticks), with no cell between
 * two neighbours that touched (3.6.3: the line stays closed) and an open
 * gap kept to the nearest whole cell of fs, at least one (halves rounded
 * down, so a gap never outgrows movement.wheel_gap).  Each anchor thus
 * stands within a cell of its distance in ticks from the pivot before
 * the stage.
 */
static void
group_place(const struct game *g, const struct gmem *m, int n,
    struct point pivot, enum dir fs, bool cw, struct point *to)
{
	enum dir r = dir_turn(fs, 2);
	int st = cell_ticks(fs), next = 0, k, j, w, off, gc, idx;

	for (k = 0; k < n; k++) {
		j = cw ? n - 1 - k : k;		/* inner member first */
		w = front_of(g, &g->units[m[j].unit], fs, &off);
		gc = m[j].gap > 0 ? (2 * m[j].gap + st - 1) / (2 * st) : 0;
		if (m[j].gap > 0 && gc < 1)
			gc = 1;
		next += gc;
		/* Cells outwards from the pivot to the anchor. */
		idx = cw ? next + w - 1 - off : next + off;
		to[j] = pt_add(pivot, cw ? -idx : idx, r);
		next += w;
	}
}

/*
 * Wheel the line m[0..n-1] (left to right, left end `left`, width cells)
 * towards facing h as one body about its inner flank: the right end when
 * it turns clockwise, the left end otherwise.  45 degrees at a time; in
 * each stage every member moves from its place to its place on the
 * turned line (the chord of its arc round the pivot).  The outermost
 * member, farthest from the pivot, has the longest path: its allowance
 * less movement.wheel_outer_loss is the line's pace, and a stage is made
 * once that pace has paid the outermost member's chord, over several
 * turns if need be (unit.wheeled keeps what was paid, negative for a
 * wheel to the left, so that the same group order given again, or one
 * to another point the same way round, goes on with it).  Fills pl->extra
 * with each member's ground.  Returns the pace left (-1: the line could
 * not wheel on, it stops).
 */
static int
group_wheel(struct game *g, struct gmem *m, int n, struct point left,
    int width, enum dir h, struct gplan *pl)
{
	const struct ruleset *rs = g->rs;
	const struct nap_move *mv = nap_move(rs);
	enum dir f = g->units[m[0].unit].facing, fs;
	int turn = ((int)h - (int)f + DIR_COUNT) % DIR_COUNT;
	bool cw = turn <= DIR_COUNT / 2;
	int steps = cw ? turn : DIR_COUNT - turn, sgn = cw ? 1 : -1;
	int pidx = cw ? width - 1 : 0;
	struct point pivot = pt_add(left, pidx, dir_turn(f, 2));
	struct point to[ORDER_GROUP_MAX];
	char why[160];
	struct unit *u;
	int j, s, outer = 0, allow, pace, paid = 0, chord = 0, need, spent;
	int made = 0, share, k, lo, w, off, end;
	bool blocked = false;

	for (j = 0; j < n; j++) {
		/* Open cells between it and its inner neighbour. */
		k = cw ? j + 1 : j - 1;
		m[j].gap = 0;
		if (k >= 0 && k < n) {
			lo = cw ? j : k;	/* the left one of the two */
			w = front_of(g, &g->units[m[lo].unit], f, &off);
			end = m[lo].at - off + w - 1;
			front_of(g, &g->units[m[lo + 1].unit], f, &off);
			m[j].gap = (m[lo + 1].at - off - end - 1) *
			    cell_ticks(f);
		}
		m[j].dist = abs(m[j].at - pidx) * cell_ticks(f);
		if (m[j].dist > m[outer].dist)
			outer = j;
		/* Paid towards a stage the same way round (wheeled is
		 * negative for a wheel to the left). */
		if (sgn * g->units[m[j].unit].wheeled > paid)
			paid = sgn * g->units[m[j].unit].wheeled;
	}
	allow = move_allowance(g, m[outer].unit, false);
	pace = allow - mv->wheel_loss;
	if (pace < 0)
		pace = 0;
	spent = 0;
	for (s = 1; s <= steps; s++) {
		fs = dir_turn(f, sgn * s);
		group_place(g, m, n, pivot, fs, cw, to);
		chord = geom_dist(g->units[m[outer].unit].pos, to[outer]);
		if (!group_fits(g, m, n, to, fs, why, sizeof why)) {
			blocked = true;
			paid = 0;
			break;
		}
		need = chord - paid;
		if (need > pace - spent) {
			/* Not this turn: the pace goes into the stage. */
			paid += pace - spent;
			spent = pace;
			break;
		}
		spent += need;
		paid = 0;
		for (j = 0; j < n; j++)
			game_occupy(g, m[j].unit, false);
		for (j = 0; j < n; j++) {
			u = &g->units[m[j].unit];
			u->pos = to[j];
			u->facing = fs;
		}
		for (j = 0; j < n; j++)
			game_occupy(g, m[j].unit, true);
		made++;
	}
	for (j = 0; j < n; j++) {
		u = &g->units[m[j].unit];
		u->wheeled = sgn * paid;
		/* Every member turns through the same angle: its ground is
		 * the outermost's in proportion to its distance. */
		share = m[outer].dist > 0 ?
		    spent * m[j].dist / m[outer].dist : 0;
		pl->extra[m[j].unit] = share;
		game_log(g, m[j].unit, EV_MOVE, "3.6.3", "%s wheels %s with "
		    "its line of %d units about the %s flank [%d, %d] to "
		    "face %s: the outermost unit, %s, %s from the pivot, "
		    "has the longest path and sets the pace, %s - %s = %s; a "
		    "45-degree stage moves it %s; the line turns %d x 45 "
		    "degrees%s%s; this unit, %s from the pivot, moves %s",
		    u->name, cw ? "right" : "left", n, cw ? "right" : "left",
		    pivot.x, pivot.y, dir_name(h),
		    g->units[m[outer].unit].name, bd(rs, m[outer].dist),
		    bd(rs, allow), bd(rs, mv->wheel_loss), bd(rs, pace),
		    bd(rs, chord), made,
		    paid > 0 ? ", paid towards the next stage " : "",
		    paid > 0 ? bd(rs, paid) : "", bd(rs, m[j].dist),
		    bd(rs, share));
	}
	if (blocked) {
		char stop[224];

		snprintf(stop, sizeof stop, "the line cannot wheel on to face "
		    "%s: %s", dir_name(dir_turn(f, sgn * (made + 1))), why);
		group_stop(g, m, n, pl, HALT_BLOCKED, stop);
		return -1;
	}
	if (made < steps) {
		group_stop(g, m, n, pl, HALT_SPEED, "the pace is spent; the "
		    "wheel goes on next turn");
		return -1;
	}
	return pace - spent;
}

/*
 * Group orders (3.6.3): for every group whose members all hold it and
 * stand in one line, the line wheels about its inner flank until it faces
 * the destination, then marches straight on as one body; members that do
 * not stand in one line each march alone to their own places.  only:
 * the group of that unit alone (a preview's), -1 every group.
 */
static void
group_plan(struct game *g, struct gplan *pl, int only)
{
	const struct ruleset *rs = g->rs;
	struct gmem m[ORDER_GROUP_MAX];
	struct point left, c, to;
	struct unit *u;
	bool *seen = xcalloc((size_t)g->nunits + 1, sizeof *seen);
	int i, j, n, width, pace, cap, lo;
	enum dir h, f;

	for (i = 0; i < g->nunits; i++) {
		u = &g->units[i];
		if (seen[i] || !unit_active(u) || u->order.kind != ORDER_MOVE ||
		    u->order.ngroup < 2)
			continue;
		n = group_members(g, i, m);
		for (j = 0; j < n; j++)
			seen[m[j].unit] = true;
		if (only >= 0 && !group_has(m, n, only))
			continue;
		if (n != u->order.ngroup || !group_line(g, m, n, &left,
		    &width)) {
			for (j = 0; j < n; j++) {
				g->units[m[j].unit].wheeled = 0;
				game_log(g, m[j].unit, EV_NOTE, "3.6.3", "%s: "
				    "the units of its group order do not "
				    "stand in one line, so they do not wheel "
				    "as one: it marches alone to its own "
				    "place", g->units[m[j].unit].name);
			}
			continue;
		}
		to = u->order.to;
		f = g->units[m[0].unit].facing;
		c = group_centre(g, m, left, width);
		h = c.x == to.x && c.y == to.y ? f : geom_heading(c, to);
		pace = -1;
		if (h != f) {
			if ((pace = group_wheel(g, m, n, left, width, h,
			    pl)) < 0)
				continue;
			(void)group_line(g, m, n, &left, &width);
			c = group_centre(g, m, left, width);
			if (c.x == to.x && c.y == to.y) {
				group_stop(g, m, n, pl, HALT_ARRIVED, "its "
				    "front's centre is at the destination");
				continue;
			}
			if (geom_heading(c, to) != h) {
				group_stop(g, m, n, pl, HALT_SPEED, "the "
				    "wheel moved the front's centre, and the "
				    "destination is no longer straight ahead: "
				    "it wheels again next turn");
				continue;
			}
		} else
			for (j = 0; j < n; j++)
				g->units[m[j].unit].wheeled = 0;
		if (group_ahead(g, m, n, c, to, h, pl) == 0) {
			group_stop(g, m, n, pl, HALT_ARRIVED, "its front is "
			    "level with the destination");
			continue;
		}
		/* On: one pace for the line, its slowest member's, or what
		 * the wheel left if less (marshal's reading: the line stays
		 * closed). */
		lo = group_slowest(g, m, n);
		cap = pace >= 0 && pace < lo ? pace : lo;
		for (j = 0; j < n; j++) {
			pl->cap[m[j].unit] = cap;
			pl->note[m[j].unit] = xasprintf("%s marches straight on "
			    "with its line of %d units at one pace, %s (%s; "
			    "marshal's reading: the line stays closed), to "
			    "[%d, %d]", g->units[m[j].unit].name, n,
			    bd(rs, cap), pace >= 0 && pace < lo ?
			    "what the wheel left of the outermost unit's pace" :
			    "its slowest unit's allowance",
			    pl->goal[m[j].unit].x, pl->goal[m[j].unit].y);
		}
	}
	free(seen);
}

/* 3.6.8: stopped near the enemy, no charge and no new order: deploy. */
static bool
contact_deploy(struct game *g, int i)
{
	const struct ruleset *rs = g->rs;
	const struct nap_move *m = nap_move(rs);
	struct unit *u = &g->units[i];
	struct point at;
	int f = m->deploy[u->arm], l;

	/* 3.4: a unit charged this turn stands to fight, not deploy. */
	if (u->halt != HALT_CONTACT || u->halt_turn != g->turn - 1 ||
	    u->charged == g->turn ||
	    u->order.issued > u->halt_turn || u->cond != COND_FORMED ||
	    (m->deploy_from & (1u << u->formation)) == 0 || f < 0 ||
	    f == u->formation)
		return false;
	if (game_fits(g, i, u->pos, u->facing, f, -1, NULL) != 0) {
		game_log(g, i, EV_FORMATION, "3.6.8", "%s would form %s by "
		    "itself but has no room", u->name, rs->form[f].label);
		return false;
	}
	/* 3.6.5: nor on ground that forbids that formation (a column
	 * stopped in a village or a wood stays a column). */
	if ((l = nap_ground_forbids(g, u, u->pos, u->facing, f, &at)) >= 0) {
		game_log(g, i, EV_FORMATION, "3.6.8", "%s would form %s by "
		    "itself but %s at [%d, %d] forbids it (3.6.5)", u->name,
		    rs->form[f].label, rs->land[l].label, at.x, at.y);
		return false;
	}
	game_occupy(g, i, false);
	game_log(g, i, EV_FORMATION, "3.6.8", "%s stopped near the enemy "
	    "last turn, was not charged (3.4) and has no new order: it "
	    "forms %s by itself, automatic, no order", u->name,
	    rs->form[f].label);
	u->formation = f;
	game_occupy(g, i, true);
	u->halt_turn = g->turn;
	return true;
}

/*
 * 3.6.8: whether unit u, halted in battle contact, stays there this turn.
 * It stays until orders are received: an order that reached it after the
 * halt (its arrival turn, not the turn the general gave it: one carried
 * by an aide is given a turn or more before it arrives) moves it on.  An
 * order that reached it in the turn a charge pinned it (3.4: the target
 * stands to receive the charge and does not march that turn) was
 * received but could not be obeyed: it moves the unit on the next turn
 * (marshal's reading), unless a newer halt has come since.
 */
bool
nap_move_holds(const struct game *g, const struct unit *u)
{
	if (u->halt != HALT_CONTACT || u->order.arrives > u->halt_turn ||
	    u->halt_turn < g->turn - 1)
		return false;
	return !(u->halt_turn == g->turn - 1 && u->charged > 0 &&
	    u->charged == u->halt_turn && u->order.arrives == u->halt_turn);
}

/* A plan for every unit: no pace of a line, no place, not moved. */
static void
gplan_init(const struct game *g, struct gplan *pl)
{
	size_t n = (size_t)g->nunits + 1;
	int i;

	pl->cap = xcalloc(n, sizeof *pl->cap);
	pl->note = xcalloc(n, sizeof *pl->note);
	pl->goal = xcalloc(n, sizeof *pl->goal);
	pl->has_goal = xcalloc(n, sizeof *pl->has_goal);
	pl->done = xcalloc(n, sizeof *pl->done);
	pl->extra = xcalloc(n, sizeof *pl->extra);
	for (i = 0; i < g->nunits; i++)
		pl->cap[i] = -1;
}

static void
gplan_free(const struct game *g, struct gplan *pl)
{
	int i;

	for (i = 0; i < g->nunits; i++)
		free(pl->note[i]);
	free(pl->note);
	free(pl->cap);
	free(pl->goal);
	free(pl->has_goal);
	free(pl->done);
	free(pl->extra);
}

/*
 * Units halted behind a friend that had yet to move (it stood in the
 * way when their turn came, but marches this phase) move after it,
 * in the order of the scenario, round after round while any of them
 * gets moving (one whose friend has still to move waits on); when a
 * round moves none (friends waiting on each other), the rest move as
 * things stand.  marshal's own reading: 3.6 moves units together,
 * the game one after another.  wait[0..nwait-1]: the units waiting.
 */
static void
walk_waiting(struct game *g, struct move_ctx *ctx, const struct gplan *pl,
    int *wait, int nwait)
{
	int i, k, m;
	bool progress;

	while (nwait > 0) {
		progress = false;
		for (k = m = 0; k < nwait; k++) {
			i = wait[k];
			/* The next one's ground, asked for while this one
			 * walks, as in the first round. */
			if (k + 1 < nwait)
				move_prefetch(g, wait[k + 1]);
			if (move_ctx_blocker(ctx, i) >= 0) {
				wait[m++] = i;
				continue;
			}
			if (move_unit(g, ctx, i, pl->cap[i], pl->note[i],
			    pl->has_goal[i] ? &pl->goal[i] : NULL) ==
			    MOVE_WAITS) {
				wait[m++] = i;
				continue;
			}
			g->units[i].moved += pl->extra[i];
			progress = true;
		}
		nwait = m;
		if (!progress)
			move_ctx_wait(ctx, false);
	}
}

/*
 * 3.6.8 (marshal's reading): a unit held in battle contact under its
 * Move order is held by an enemy.  When none still fighting stands within
 * the data's contact_holds_within of its block (they routed, were taken,
 * or drew off), the contact is over: the unit marches on the order it
 * holds, with no new one, rather than wait for ever for an enemy who has
 * gone.  Else holder[i] gets the nearest such enemy (the lower index of
 * two as near) and gap[i] its gap, for the log; both arrays hold one
 * entry a unit, -1 for a unit not held.  The near-unit snapshot is built
 * only when some unit is held.
 */
static void
contacts_end(struct game *g, int *holder, int *gap)
{
	const struct nap_move *m = nap_move(g->rs);
	struct near *nr = NULL;
	const struct unit *e;
	struct unit *u;
	const int *cand;
	char lim[32];
	int i, k, n, d;

	for (i = 0; i < g->nunits; i++) {
		holder[i] = gap[i] = -1;
		u = &g->units[i];
		if (!unit_active(u) || u->order.kind != ORDER_MOVE ||
		    !nap_move_holds(g, u))
			continue;
		if (nr == NULL)
			nr = near_create(g, 0);
		n = near_query(nr, i, m->contact_hold, &cand);
		for (k = 0; k < n; k++) {
			e = &g->units[cand[k]];
			if (e->side == u->side || !unit_active(e) ||
			    e->cond == COND_ROUTED)
				continue;
			d = nap_gap(g, i, cand[k]);
			if (d <= m->contact_hold && (holder[i] < 0 ||
			    d < gap[i] || (d == gap[i] &&
			    cand[k] < holder[i]))) {
				holder[i] = cand[k];
				gap[i] = d;
			}
		}
		if (holder[i] >= 0)
			continue;
		ruleset_fmt(g->rs, m->contact_hold, lim, sizeof lim);
		game_log(g, i, EV_MOVE, "3.6.8", "%s is no longer in battle "
		    "contact: no enemy still fighting stands within %s of it "
		    "(marshal's reading); it marches on its order", u->name,
		    lim);
		u->halt = HALT_NONE;
	}
	near_free(nr);
}

void
nap_phase_movement(struct game *g)
{
	struct move_ctx *ctx;
	struct unit *u;
	struct gplan pl;
	size_t n = (size_t)g->nunits + 1;
	int i, k, *wait, nwait = 0, *holder, *hgap;
	char gap[32], lim[32];

	/* The generals ride first (3.1.2, marshal's own rule). */
	command_ride(g);
	gplan_init(g, &pl);
	holder = xmallocarray(n, sizeof *holder);
	hgap = xmallocarray(n, sizeof *hgap);
	contacts_end(g, holder, hgap);
	group_plan(g, &pl, -1);
	ctx = move_ctx_create(g);
	move_ctx_wait(ctx, true);
	wait = xcalloc(n, sizeof *wait);
	for (i = 0; i < g->nunits; i++) {
		u = &g->units[i];
		/* The next unit's ground, asked for while this one walks. */
		move_prefetch(g, i + 1);
		if (!unit_active(u) || pl.done[i])
			continue;
		if (contact_deploy(g, i)) {
			move_ctx_touch(ctx, i);	/* formed anew */
			continue;
		}
		switch (u->order.kind) {
		case ORDER_MOVE:
			if (nap_move_holds(g, u)) {
				/* That a new order reached it, and that it
				 * marches on it next turn, is its side's
				 * secret (know.h): the enemy sees it stand. */
				if (u->charged == g->turn &&
				    u->order.arrives == g->turn) {
					/* Charger or charged: the record
					 * says only that a charge met it. */
					k = game_log(g, i, EV_MOVE, "3.6.8",
					    "%s stays in battle contact: a "
					    "charge (3.4) met it as its new "
					    "order reached it; it stays for "
					    "that fight and marches on that "
					    "order next turn", u->name);
					g->log.v[k].own = true;
				} else if (holder[i] >= 0) {
					/* Which enemy holds it, and how near:
					 * the hold reaches past the march's
					 * contact distance. */
					ruleset_fmt(g->rs, hgap[i], gap,
					    sizeof gap);
					ruleset_fmt(g->rs,
					    nap_move(g->rs)->contact_hold,
					    lim, sizeof lim);
					game_log_with(g, i, holder[i], EV_MOVE,
					    "3.6.8", "%s stays in battle "
					    "contact with %s, %s away (within "
					    "%s, marshal's reading): it moves "
					    "on only with a new order",
					    u->name, g->units[holder[i]].name,
					    gap, lim);
				} else
					game_log(g, i, EV_MOVE, "3.6.8", "%s "
					    "stays in battle contact: it moves "
					    "on only with a new order",
					    u->name);
				u->moved = 0;
				u->halt_turn = g->turn;
				move_ctx_touch(ctx, i);
				break;
			}
			if (move_unit(g, ctx, i, pl.cap[i], pl.note[i],
			    pl.has_goal[i] ? &pl.goal[i] : NULL) == MOVE_WAITS)
				wait[nwait++] = i;
			else
				u->moved += pl.extra[i];
			break;
		case ORDER_STOP:
		case ORDER_FORMATION:
		case ORDER_RESTORE:
			/* The kind of order is the side's secret: the
			 * enemy sees the unit stand, not why. */
			k = game_log(g, i, EV_MOVE, "3.6.2", "%s does not "
			    "move: it holds a %s order%s", u->name,
			    order_kind_name(u->order.kind),
			    u->moved > 0 && u->halt_turn == g->turn - 1 ?
			    " (it was moving: it stops)" : "");
			g->log.v[k].own = true;
			u->moved = 0;
			break;
		default:
			u->moved = 0;
			break;
		}
	}
	/* Then the units that waited for a friend to move first. */
	walk_waiting(g, ctx, &pl, wait, nwait);
	free(wait);
	free(holder);
	free(hgap);
	move_ctx_free(ctx);
	gplan_free(g, &pl);
}

/*
 * A group's turn on its own (nap_move_group_turn): units of the battle
 * that are no members stand, but for a friend under a Move order of its
 * own in a waiting unit's way (move_ctx_blocker), marched then as the
 * phase marches it before the unit that waits for it (3.6.7).  wait
 * holds nwait units that wait, with room for every unit of g; a friend
 * that waits in its turn joins them, and so do the friends in its way.
 */
static void
wait_for_friends(struct game *g, struct move_ctx *ctx,
    const struct gplan *pl, const struct gmem *m, int n, int *wait,
    int *nwait)
{
	const struct unit *f;
	int k, b, j;

	for (k = 0; k < *nwait; k++) {
		b = move_ctx_blocker(ctx, wait[k]);
		if (b < 0 || group_has(m, n, b))
			continue;
		for (j = 0; j < *nwait && wait[j] != b; j++)
			;
		f = &g->units[b];
		if (j < *nwait || !unit_active(f) || pl->done[b] ||
		    f->order.kind != ORDER_MOVE || nap_move_holds(g, f))
			continue;
		if (move_unit(g, ctx, b, pl->cap[b], pl->note[b],
		    pl->has_goal[b] ? &pl->goal[b] : NULL) == MOVE_WAITS)
			wait[(*nwait)++] = b;
		else
			g->units[b].moved += pl->extra[b];
	}
}

int
nap_move_group_turn(struct game *g, int unit)
{
	const struct order *o = &g->units[unit].order;
	struct move_ctx *ctx;
	struct gmem m[ORDER_GROUP_MAX];
	struct gplan pl;
	struct unit *u;
	int i, n, *wait, nwait = 0;

	if (o->kind != ORDER_MOVE || o->ngroup < 2 ||
	    !unit_active(&g->units[unit]))
		return -1;
	n = group_members(g, unit, m);
	gplan_init(g, &pl);
	group_plan(g, &pl, unit);
	ctx = move_ctx_create(g);
	move_ctx_wait(ctx, true);
	wait = xcalloc((size_t)g->nunits + 1, sizeof *wait);
	/* The members in the phase's order, as nap_phase_movement walks
	 * them (a member held in battle contact stays). */
	for (i = 0; i < g->nunits; i++) {
		u = &g->units[i];
		if (!group_has(m, n, i) || !unit_active(u) || pl.done[i] ||
		    u->order.kind != ORDER_MOVE || nap_move_holds(g, u))
			continue;
		if (move_unit(g, ctx, i, pl.cap[i], pl.note[i],
		    pl.has_goal[i] ? &pl.goal[i] : NULL) == MOVE_WAITS)
			wait[nwait++] = i;
		else
			u->moved += pl.extra[i];
	}
	wait_for_friends(g, ctx, &pl, m, n, wait, &nwait);
	walk_waiting(g, ctx, &pl, wait, nwait);
	free(wait);
	move_ctx_free(ctx);
	gplan_free(g, &pl);
	return 0;
}
