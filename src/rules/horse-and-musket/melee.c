/*
 * melee.c - HO.3 charges and HO.7 melee.  A charge closes straight to
 * contact before anyone marches; blocks in contact fight once each in the
 * melee phase.  The second charges of horse that broke through (HO.8,
 * the seed's H15) are breakthrough.c's.  The numbers are the data file's
 * `charge` and `melee` sections.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/move.h"
#include "core/near.h"
#include "rules/horse-and-musket/move.h"
#include "rules/horse-and-musket/turn.h"
#include "util/xalloc.h"

/* Whether u is a formed unit of an arm that charges (HO.3.1), not told
 * to retire (H7): a retire is its order, though the Move it held before
 * stays in u->order until the movement phase walks the retire, and a
 * retire leads away from the enemy, onto nobody. */
static bool
may_charge(const struct game *g, int u)
{
	const struct unit *un = &g->units[u];

	return unit_active(un) && un->cond == COND_FORMED &&
	    hm_turn(g->rs)->charge_arm[un->arm] && un->contact < 0 &&
	    !hm_retiring(g, u);
}

/* Into why (len bytes, or nothing when NULL): what holds unit c's block
 * off cell bad, the unit that stands there or the field's edge. */
static void
in_the_way(const struct game *g, int c, struct point bad, char *why,
    size_t len)
{
	int who = game_unit_at(g, bad.x, bad.y);

	if (why == NULL)
		return;
	if (who >= 0 && who != c)
		snprintf(why, len, "%s stands in the way", g->units[who].name);
	else
		snprintf(why, len, "the edge of the field is in the way");
}

/* H15: horse making its second charge (or about to: it has broken
 * through) rides through routed enemies: the unit it has just broken is
 * still in contact in front of it until the morale phase. */
static bool
rides_through(const struct game *g, int c, int who)
{
	return (HM_MARKS(&g->units[c]) & (HM_BROKE | HM_CHARGED_AGAIN)) &&
	    who >= 0 && hm_enemies(g, c, who) &&
	    g->units[who].cond == COND_ROUTED;
}

/* Whether charger c's block at/face would stand on the map and on no
 * unit but c, tg (-1: none) and the router *r (-1: none); else the first
 * cell in the way into *bad.  The first routed enemy met that c rides
 * through (rides_through) becomes *r.  Reads g only. */
static bool
fits_past(const struct game *g, int c, struct point at, enum dir face,
    int tg, int *r, struct point *bad)
{
	const struct unit *cu = &g->units[c];
	struct point *cells = game_cells_take(g);
	int i, n, who;
	bool ok = true;

	n = game_footprint_at(g, cu, at, face, cu->formation, cells);
	for (i = 0; i < n; i++) {
		if (!map_inside(g->map, cells[i].x, cells[i].y)) {
			ok = false;
			break;
		}
		who = game_unit_at(g, cells[i].x, cells[i].y);
		if (who < 0 || who == c || who == tg || who == *r)
			continue;
		if (*r >= 0 || !rides_through(g, c, who)) {
			ok = false;
			break;
		}
		*r = who;
	}
	if (!ok)
		*bad = cells[i];
	game_cells_give(g, cells);
	return ok;
}

/*
 * HO.3.1, HO.3.2: where charger c would stop, turned to tg and walking
 * straight at him until contact, its reach spent, the ground or a unit in
 * the way stopping it: *pos and *facing, and the ticks spent; what
 * stopped it short goes into why (wlen bytes; "" when it makes contact,
 * nothing when why is NULL).  Horse on its second charge rides through
 * the router in front of it (H15) but may not stop on it: it stops where
 * it last stood clear.  Reads g only; close_walk puts the charger there.
 */
static int
close_path(const struct game *g, int c, int tg, int reach, struct point *pos,
    enum dir *facing, char *why, size_t wlen)
{
	const struct unit *cu = &g->units[c], *tu = &g->units[tg];
	struct point *mine = game_cells_take(g), *theirs = game_cells_take(g);
	struct point at = cu->pos, next, bad, clear = cu->pos;
	int spent = 0, cost, ne = game_footprint(g, tu, theirs), r = -1;
	int clear_spent = 0;
	enum dir d, face = geom_heading(cu->pos, tu->pos), clear_face;
	struct move_walk w;

	if (why != NULL && wlen > 0)
		why[0] = '\0';
	clear_face = cu->facing;
	/* HO.3.2: a unit in the way stops it short - here before its first
	 * step, where the block turned to the target would cover another
	 * unit's ground: it stays as it stood, facing as it did. */
	if (!fits_past(g, c, at, face, tg, &r, &bad)) {
		in_the_way(g, c, bad, why, wlen);
		*pos = at;
		*facing = cu->facing;
		game_cells_give(g, theirs);
		game_cells_give(g, mine);
		return 0;
	}
	if (r < 0)
		clear_face = face;
	/* HO.3.1: the ground is priced as for a march (H3, H4). */
	move_walk_init(g, c, &w);
	w.allowance = w.left = reach;
	while (near_block_gap(mine, game_footprint_at(g, cu, at, face,
	    cu->formation, mine), theirs, ne) > 0) {
		d = geom_heading(at, tu->pos);
		w.pos = at;
		w.facing = face;
		if ((cost = hm_step(g, &w, d)) < 0) {
			if (why != NULL)
				snprintf(why, wlen, "the ground ahead is closed "
				    "to it (H3, H4)");
			break;
		}
		if (spent + cost > reach) {
			if (why != NULL)
				snprintf(why, wlen, "the ground it has to cross "
				    "takes more than its reach (H3, H4)");
			break;
		}
		next.x = at.x + dir_dx[d];
		next.y = at.y + dir_dy[d];
		if (!fits_past(g, c, next, face, -1, &r, &bad)) {
			in_the_way(g, c, bad, why, wlen);
			break;
		}
		at = next;
		spent += cost;
		w.left -= cost;
		if (r < 0 || game_fits(g, c, at, face, cu->formation, -1,
		    NULL) == 0) {
			clear = at;
			clear_face = face;
			clear_spent = spent;
		}
	}
	move_walk_free(&w);
	game_cells_give(g, theirs);
	game_cells_give(g, mine);
	/* Through a router, it may not stop on him: back to where it last
	 * stood clear.  The router is named as what stopped it only when
	 * the walk reached contact on his cells; a friend, the ground or a
	 * second router that stopped it there first keeps its own name. */
	if (r >= 0 && game_fits(g, c, at, face, cu->formation, -1, &bad) != 0) {
		if (why != NULL && why[0] == '\0')
			in_the_way(g, c, bad, why, wlen);
		at = clear;
		face = clear_face;
		spent = clear_spent;
	}
	*pos = at;
	*facing = face;
	return spent;
}

/* close_path, and the charger put where it stops.  Returns the ticks
 * spent; why as close_path's. */
static int
close_walk(struct game *g, int c, int tg, int reach, char *why, size_t wlen)
{
	struct unit *cu = &g->units[c];
	struct point pos;
	enum dir facing;
	int spent = close_path(g, c, tg, reach, &pos, &facing, why, wlen);

	game_occupy(g, c, false);
	cu->pos = pos;
	cu->facing = facing;
	game_occupy(g, c, true);
	return spent;
}

/* The enemy of unit u that Move order o leads onto, or -1: the enemy
 * whose block covers the order's last point, else the first in the order
 * of units whose block touches it (HO.3.1).  The unit under the point
 * comes first, so that an enemy standing against it, a router fleeing
 * past it say, is not charged in its place. */
static int
order_enemy(const struct game *g, int u, const struct order *o)
{
	struct point *cells, dest;
	int j, n, best = -1;

	if (o->kind != ORDER_MOVE || o->npts <= 0)
		return -1;
	dest = o->pts[o->npts - 1];
	j = map_inside(g->map, dest.x, dest.y) ? game_unit_at(g, dest.x,
	    dest.y) : -1;
	if (j >= 0 && hm_enemies(g, u, j) && g->units[j].cond != COND_AWAY)
		return j;
	cells = game_cells_take(g);
	for (j = 0; j < g->nunits; j++) {
		if (!hm_enemies(g, u, j) || g->units[j].cond == COND_AWAY)
			continue;
		n = game_footprint(g, &g->units[j], cells);
		if (near_block_gap(cells, n, &dest, 1) <= 0) {
			best = j;
			break;
		}
	}
	game_cells_give(g, cells);
	return best;
}

/* HO.3.1: the enemy unit u's Move order o would charge, its target
 * in reach and in its front arc, or -1 (order_enemy). */
static int
order_target(const struct game *g, int u, const struct order *o)
{
	const struct hm_turn *t = hm_turn(g->rs);
	int best;

	if (!may_charge(g, u) || (best = order_enemy(g, u, o)) < 0)
		return -1;
	if (!hm_in_arc(g, u, best, t->charge_arc) ||
	    hm_gap(g, u, best) > hm_speed(g, u))
		return -1;
	return best;
}

static int score_mods(const struct game *, int u, int e, bool attacker,
    bool charged, int total, char *buf, size_t len, size_t k);

static bool charge_falters(const struct game *, int, const struct order *,
    char *, size_t);

/* HO.7 before the dice, charger u against tg, into f->expl. */
static void
forecast_melee(const struct game *g, int u, int tg, struct charge_forecast *f)
{
	char scratch[160];
	int a, b;

	a = score_mods(g, u, tg, true, true, hm_drill(g, u), scratch,
	    sizeof scratch, 0);
	b = score_mods(g, tg, u, false, false, hm_drill(g, tg), scratch,
	    sizeof scratch, 0);
	snprintf(f->expl, sizeof f->expl, "the melee before the dice, %d "
	    "against %d (HO.7: each adds 1d%d)", a, b,
	    hm_turn(g->rs)->m_die);
}

/*
 * HO.3.1 from where a march stops: whether unit u, standing at stop
 * facing facing, would have enemy tg in its front arc and within its
 * reach; the gap goes to *gap.
 */
static bool
reach_from(const struct game *g, int u, int tg, struct point stop,
    enum dir facing, int *gap)
{
	const struct hm_turn *t = hm_turn(g->rs);
	const struct unit *un = &g->units[u];
	struct point *mine = game_cells_take(g), *theirs = game_cells_take(g);
	struct point cm, ct;
	int n, ne;

	n = game_footprint_at(g, un, stop, facing, un->formation, mine);
	ne = game_footprint(g, &g->units[tg], theirs);
	*gap = near_block_gap(mine, n, theirs, ne);
	cm = hm_cells_centre(mine, n, stop);
	ct = hm_cells_centre(theirs, ne, g->units[tg].pos);
	game_cells_give(g, theirs);
	game_cells_give(g, mine);
	if (*gap > hm_speed(g, u))
		return false;
	return (cm.x == ct.x && cm.y == ct.y) ||
	    dir_diff(facing, geom_heading(cm, ct)) <= t->charge_arc;
}

int
hm_charge_forecast(const struct game *g, const struct order *o,
    struct point stop, enum dir facing, enum halt halt,
    struct charge_forecast *f)
{
	const struct unit *u = &g->units[o->unit];
	int tg;

	memset(f, 0, sizeof *f);
	f->target = -1;
	if (!hm_turn(g->rs)->charge_arm[u->arm]) {
		snprintf(f->refused, sizeof f->refused, "%s never charges "
		    "(HO.3.1: %s does not)", u->name, arm_name(u->arm));
		return -1;
	}
	if (u->cond != COND_FORMED) {
		snprintf(f->refused, sizeof f->refused, "%s is not formed: "
		    "only formed foot and horse charge (HO.3.1)", u->name);
		return -1;
	}
	if (u->contact >= 0) {
		snprintf(f->refused, sizeof f->refused, "%s is held in melee "
		    "(HO.3.1)", u->name);
		return -1;
	}
	/* The coming charges phase, from where it stands. */
	if ((tg = order_target(g, o->unit, o)) >= 0) {
		f->target = tg;
		f->when = CHARGE_NOW;
		f->gap = hm_gap(g, o->unit, tg);
		f->falters = charge_falters(g, o->unit, o,	/* HO.3.2 */
		    f->falter_why, sizeof f->falter_why);
		forecast_melee(g, o->unit, tg, f);
		return 0;
	}
	/* Next turn's, from where the march stops short of him (HO.4). */
	if (halt != HALT_ARRIVED && (tg = order_enemy(g, o->unit, o)) >= 0 &&
	    reach_from(g, o->unit, tg, stop, facing, &f->gap)) {
		f->target = tg;
		f->when = CHARGE_NEXT;
		forecast_melee(g, o->unit, tg, f);
	}
	return 0;
}

int
hm_order_charges(const struct game *g, int c, const struct order *o)
{
	return order_target(g, c, o);
}

bool
hm_charge_falters(const struct game *g, int c, const struct order *o)
{
	return charge_falters(g, c, o, NULL, 0);
}

/* hm_charge_falters, and what would stop it short into why (wlen bytes,
 * or nothing when NULL). */
static bool
charge_falters(const struct game *g, int c, const struct order *o, char *why,
    size_t wlen)
{
	const struct unit *cu = &g->units[c];
	struct point *mine, *theirs, pos;
	enum dir facing;
	int tg = order_target(g, c, o), gap;

	if (tg < 0)
		return false;
	(void)close_path(g, c, tg, hm_speed(g, c), &pos, &facing, why, wlen);
	mine = game_cells_take(g);
	theirs = game_cells_take(g);
	gap = near_block_gap(mine, game_footprint_at(g, cu, pos, facing,
	    cu->formation, mine), theirs, game_footprint(g, &g->units[tg],
	    theirs));
	game_cells_give(g, theirs);
	game_cells_give(g, mine);
	return gap != 0;
}

bool
hm_close(struct game *g, int c, int tg, int reach, const char *rule)
{
	struct unit *cu = &g->units[c], *tu = &g->units[tg];
	struct point from = cu->pos;
	int spent;
	char a[32], b[32], why[96];

	spent = close_walk(g, c, tg, reach, why, sizeof why);
	cu->moved = spent;
	cu->halt_turn = g->turn;
	ruleset_fmt(g->rs, spent, a, sizeof a);
	ruleset_fmt(g->rs, reach, b, sizeof b);
	if (hm_gap(g, c, tg) != 0) {
		/* It has made its move: it stops where it faltered and
		 * does not march again in the movement phase. */
		cu->halt = HALT_BLOCKED;
		cu->order.kind = ORDER_NONE;
		game_log_with(g, c, tg, EV_MOVE, rule,
		    "%s charges %s but falters after "
		    "%s of its %s reach, [%d, %d] to [%d, %d]: %s%sno melee",
		    cu->name, tu->name, a, b, from.x, from.y, cu->pos.x,
		    cu->pos.y, why, why[0] != '\0' ? "; " : "");
		return false;
	}
	cu->halt = HALT_CONTACT;
	cu->contact = tg;
	if (tu->contact < 0)
		tu->contact = c;
	HM_MARKS(cu) |= HM_CHARGER;
	HM_MARKS(tu) |= HM_CHARGED;
	cu->order.kind = ORDER_NONE;
	game_log_with(g, c, tg, EV_MOVE, rule,
	    "%s charges %s: %s of its %s reach, "
	    "[%d, %d] to [%d, %d], in contact%s", cu->name, tu->name, a, b,
	    from.x, from.y, cu->pos.x, cu->pos.y, hm_off_front(g, c, tg) ?
	    ", on its flank or rear" : "");
	return true;
}

/*
 * Where the units stood as the charges phase began, filed by anchor in
 * square buckets: every charger's target is found on that state, before
 * anyone charges (hm_phase_charges), so the index is never asked after a
 * unit has moved.
 */
#define CHARGE_BUCKET	16	/* cells per side of a bucket */

struct anchors {
	int		 bw;
	int		 bh;
	int		*head;		/* per bucket: first unit, -1 */
	int		*next;		/* per unit */
	int		*found;		/* a query's units */
};

static int
clamp_to(int v, int hi)
{
	return v < 0 ? 0 : v > hi ? hi : v;
}

/* The bucket of a cell (cells off the map in the nearest). */
static int
anchors_bucket(const struct anchors *ax, struct point p)
{
	return clamp_to(p.y / CHARGE_BUCKET, ax->bh - 1) * ax->bw +
	    clamp_to(p.x / CHARGE_BUCKET, ax->bw - 1);
}

static void
anchors_init(const struct game *g, struct anchors *ax)
{
	int u, b, n = g->nunits;

	ax->bw = (g->map->w + CHARGE_BUCKET - 1) / CHARGE_BUCKET;
	ax->bh = (g->map->h + CHARGE_BUCKET - 1) / CHARGE_BUCKET;
	/* A map is at least a cell each way (io/load-map.c): one bucket. */
	ax->head = xmallocarray((size_t)ax->bw * (size_t)ax->bh,
	    sizeof *ax->head);
	for (b = 0; b < ax->bw * ax->bh; b++)
		ax->head[b] = -1;
	ax->next = xmallocarray((size_t)n + 1, sizeof *ax->next);
	ax->found = xmallocarray((size_t)n + 1, sizeof *ax->found);
	for (u = n - 1; u >= 0; u--) {
		b = anchors_bucket(ax, g->units[u].pos);
		ax->next[u] = ax->head[b];
		ax->head[b] = u;
	}
}

static void
anchors_free(struct anchors *ax)
{
	free(ax->head);
	free(ax->next);
	free(ax->found);
}

/* The units whose anchor lies within r cells of p (in x and in y), in
 * the order of units, into ax->found; returns the count. */
static int
anchors_near(const struct game *g, const struct anchors *ax, struct point p,
    int r)
{
	int bx0 = clamp_to((p.x - r) / CHARGE_BUCKET, ax->bw - 1);
	int by0 = clamp_to((p.y - r) / CHARGE_BUCKET, ax->bh - 1);
	int bx1 = clamp_to((p.x + r) / CHARGE_BUCKET, ax->bw - 1);
	int by1 = clamp_to((p.y + r) / CHARGE_BUCKET, ax->bh - 1);
	int x, y, j, k, n = 0;

	for (y = by0; y <= by1; y++)
		for (x = bx0; x <= bx1; x++)
			for (j = ax->head[y * ax->bw + x]; j >= 0;
			    j = ax->next[j])
				if (abs(g->units[j].pos.x - p.x) <= r &&
				    abs(g->units[j].pos.y - p.y) <= r)
					ax->found[n++] = j;
	/* In the order of units: a few dozen at most, each filed once. */
	for (k = 1; k < n; k++) {
		j = ax->found[k];
		for (x = k; x > 0 && ax->found[x - 1] > j; x--)
			ax->found[x] = ax->found[x - 1];
		ax->found[x] = j;
	}
	return n;
}

/* HO.3.1: the enemy u's Move order leads onto, or -1: the first in the
 * order of units whose block covers or touches the order's last point. */
static int
charge_target(const struct game *g, const struct anchors *ax, int u)
{
	const struct unit *un = &g->units[u];
	struct point *cells, dest;
	int j, k, n, m, best = -1;

	if (un->order.kind != ORDER_MOVE || un->order.npts <= 0)
		return -1;
	dest = un->order.pts[un->order.npts - 1];
	cells = game_cells_take(g);
	/* A block (or a road column's trail) lies within cells_max cells
	 * of its anchor: one farther from dest neither covers nor touches
	 * it, and its cells need not be made. */
	m = anchors_near(g, ax, dest, g->cells_max + 1);
	for (k = 0; k < m; k++) {
		j = ax->found[k];
		if (!hm_enemies(g, u, j) || g->units[j].cond == COND_AWAY)
			continue;
		n = game_footprint(g, &g->units[j], cells);
		if (near_block_gap(cells, n, &dest, 1) <= 0) {
			best = j;
			break;
		}
	}
	game_cells_give(g, cells);
	return best;
}

/*
 * Whether charger u may close on tg now (HO.3.1): tg in its front arc
 * and within its reach; if not, the log says why.
 */
static bool
charge_ready(struct game *g, int u, int tg)
{
	const struct hm_turn *t = hm_turn(g->rs);
	char a[32], b[32];
	int reach = hm_speed(g, u), gap = hm_gap(g, u, tg), k;

	/* Either note names the enemy the unit was sent to charge, its
	 * order: only its own side reads it (core/know.h). */
	if (!hm_in_arc(g, u, tg, t->charge_arc)) {
		k = game_log(g, u, EV_NOTE, "HO.3.1", "%s cannot charge %s: "
		    "it is not in its front arc", g->units[u].name,
		    g->units[tg].name);
		g->log.v[k].own = true;
		return false;
	}
	if (gap > reach) {
		ruleset_fmt(g->rs, gap, a, sizeof a);
		ruleset_fmt(g->rs, reach, b, sizeof b);
		k = game_log(g, u, EV_NOTE, "HO.3.1", "%s cannot charge %s "
		    "yet: %s away, beyond its charge reach of %s",
		    g->units[u].name, g->units[tg].name, a, b);
		g->log.v[k].own = true;
		return false;
	}
	return true;
}

/* Whether a and b charge each other and each may close on the other
 * (HO.3.1, quietly: charge_ready logs when each is asked alone). */
static bool
charges_meet(const struct game *g, const int *target, int a, int b)
{
	const struct hm_turn *t = hm_turn(g->rs);
	int gap;

	if (b < 0 || target[b] != a || !may_charge(g, a) || !may_charge(g, b))
		return false;
	gap = hm_gap(g, a, b);
	return hm_in_arc(g, a, b, t->charge_arc) &&
	    hm_in_arc(g, b, a, t->charge_arc) && gap <= hm_speed(g, a) &&
	    gap <= hm_speed(g, b);
}

/*
 * HO.3.2: a and b charge each other and meet halfway, a (of the side
 * with the initiative) first: a closes half the gap (its reach allowing),
 * b the rest, and a what b could not.  In contact both are chargers and
 * both charged (HM_MET: each counts its charge in the melee); if the
 * ground keeps them apart, both falter.
 */
static void
charges_meet_halfway(struct game *g, int a, int b)
{
	struct unit *au = &g->units[a], *bu = &g->units[b];
	struct point fa = au->pos, fb = bu->pos;
	int ra = hm_speed(g, a), rb = hm_speed(g, b), half = hm_gap(g, a, b) / 2;
	int sa, sb;
	char x[32], y[32];

	sa = close_walk(g, a, b, half < ra ? half : ra, NULL, 0);
	sb = close_walk(g, b, a, rb, NULL, 0);
	if (hm_gap(g, a, b) != 0)
		sa += close_walk(g, a, b, ra - sa, NULL, 0);
	au->moved = sa;
	bu->moved = sb;
	au->halt_turn = bu->halt_turn = g->turn;
	au->order.kind = bu->order.kind = ORDER_NONE;
	ruleset_fmt(g->rs, sa, x, sizeof x);
	ruleset_fmt(g->rs, sb, y, sizeof y);
	if (hm_gap(g, a, b) != 0) {
		au->halt = bu->halt = HALT_BLOCKED;
		game_log_with(g, a, b, EV_MOVE, "HO.3.2",
		    "%s and %s charge each other "
		    "but falter: %s [%d, %d] to [%d, %d] (%s), %s [%d, %d] to "
		    "[%d, %d] (%s): no melee", au->name, bu->name, au->name,
		    fa.x, fa.y, au->pos.x, au->pos.y, x, bu->name, fb.x, fb.y,
		    bu->pos.x, bu->pos.y, y);
		return;
	}
	au->halt = bu->halt = HALT_CONTACT;
	au->contact = b;
	bu->contact = a;
	HM_MARKS(au) |= HM_CHARGER | HM_CHARGED | HM_MET;
	HM_MARKS(bu) |= HM_CHARGER | HM_CHARGED | HM_MET;
	game_log_with(g, a, b, EV_MOVE, "HO.3.2",
	    "%s and %s charge each other and "
	    "meet: %s [%d, %d] to [%d, %d] (%s), %s [%d, %d] to [%d, %d] "
	    "(%s), in contact", au->name, bu->name, au->name, fa.x, fa.y,
	    au->pos.x, au->pos.y, x, bu->name, fb.x, fb.y, bu->pos.x,
	    bu->pos.y, y);
}

/*
 * HO.3.2: the side whose chargers go first: each side with a charger
 * due (has[s]) rolls the initiative die, in the order of the sides, and
 * the highest wins, ties among the highest rolled again (the log gives
 * every roll).  A single side with chargers goes first unrolled.
 */
static int
initiative(struct game *g, const bool *has)
{
	const struct hm_turn *t = hm_turn(g->rs);
	int roll[GAME_MAX_SIDES], in[GAME_MAX_SIDES];
	int s, n = 0, best, won, round;
	char buf[200];
	size_t k;

	for (s = 0; s < g->nsides; s++)
		if ((in[s] = has[s]))
			n++;
	if (n < 2) {
		for (s = 0; s < g->nsides && !has[s]; s++)
			;
		return s < g->nsides ? s : 0;
	}
	for (round = 0; ; round++) {
		best = 0;
		won = -1;
		k = 0;
		for (s = 0; s < g->nsides; s++) {
			if (!in[s])
				continue;
			roll[s] = rng_die(&g->rng, t->initiative);
			if (k < sizeof buf)
				k += (size_t)snprintf(buf + k, sizeof buf - k,
				    "%s%s %d", k > 0 ? ", " : "",
				    g->sides[s].name, roll[s]);
			if (roll[s] > best) {
				best = roll[s];
				won = s;
			} else if (roll[s] == best)
				won = -1;
		}
		if (won >= 0) {
			game_log(g, -1, EV_NOTE, "HO.3.2", "Initiative: %s: "
			    "the %s charge first", buf, g->sides[won].name);
			return won;
		}
		game_log(g, -1, EV_NOTE, "HO.3.2", "Initiative: %s: a tie, "
		    "rolled again", buf);
		for (s = 0; s < g->nsides; s++)
			in[s] = in[s] && roll[s] == best;
		if (round >= 99) {
			/* Never in practice: the first of the tied. */
			for (s = 0; !in[s]; s++)
				;
			return s;
		}
	}
}

/*
 * Each charger's target is the enemy its order leads onto as the units
 * stood when the phase began (HO.3.1): an enemy that charged somebody
 * else first is still charged where he now stands, if he is still in
 * reach and in the front arc.  HO.3.2: the side with the initiative is
 * found; two units charging each other meet halfway, before any other
 * charge; then the chargers close one from each side in turn, from the
 * side with the initiative, each side's in its order of battle.  (They
 * used to close in the order of battle, the first side listed always
 * first.)
 */
void
hm_phase_charges(struct game *g)
{
	struct anchors ax;
	bool has[GAME_MAX_SIDES] = { false };
	int u, v, s, first, left, *target, next[GAME_MAX_SIDES];

	if (g->nunits == 0)
		return;
	anchors_init(g, &ax);
	target = xmallocarray((size_t)g->nunits, sizeof *target);
	for (u = 0; u < g->nunits; u++) {
		target[u] = may_charge(g, u) ? charge_target(g, &ax, u) : -1;
		if (target[u] >= 0 && g->units[u].side >= 0 &&
		    g->units[u].side < GAME_MAX_SIDES)
			has[g->units[u].side] = true;
	}
	first = initiative(g, has);
	/* Charges that meet, each pair led by its unit of the side with
	 * the initiative (else by the first in the order of battle). */
	for (u = 0; u < g->nunits; u++)
		if (target[u] >= 0 && charges_meet(g, target, u, target[u])) {
			v = target[u];
			if (g->units[v].side == first)
				charges_meet_halfway(g, v, u);
			else
				charges_meet_halfway(g, u, v);
			target[v] = target[u] = -1;
		}
	for (s = 0; s < GAME_MAX_SIDES; s++)
		next[s] = 0;
	/* The rest, one from each side in turn. */
	do {
		left = 0;
		for (s = 0; s < g->nsides; s++) {
			int side = (first + s) % g->nsides;

			for (u = next[side]; u < g->nunits &&
			    (target[u] < 0 || g->units[u].side != side); u++)
				;
			next[side] = u + 1;
			if (u >= g->nunits)
				continue;
			left++;
			if (may_charge(g, u) && charge_ready(g, u, target[u]))
				hm_close(g, u, target[u], hm_speed(g, u),
				    "HO.3.2");
		}
	} while (left > 0);
	free(target);
	anchors_free(&ax);
}

/*
 * HO.7: total plus the modifiers of unit u's side of a melee with e
 * (attacker: the side that charged, charged: whether u's charge counts),
 * each written after buf[k] as " +1 (why)", then " = total".  Returns the
 * total.
 */
static int
score_mods(const struct game *g, int u, int e, bool attacker, bool charged,
    int total, char *buf, size_t len, size_t k)
{
	const struct hm_turn *t = hm_turn(g->rs);
	const struct unit *un = &g->units[u], *en = &g->units[e];
	bool flank = hm_off_front(g, u, e);

#define MOD(v, why) do { total += (v); if (k < len) k += (size_t) \
	snprintf(buf + k, len - k, " %+d (%s)", (v), (why)); } while (0)
	/* HO.3.2: in charges that met, both count their charge. */
	if (charged && (attacker || (HM_MARKS(un) & HM_MET)))
		MOD(t->m_charged, "charged");
	if (un->arm == ARM_CAVALRY && en->arm != ARM_CAVALRY) {
		if (flank || (en->arm == ARM_INFANTRY && en->cond == COND_MOB))
			MOD(t->horse_flank, en->cond == COND_MOB && !flank ?
			    "horse on Disordered foot" : "horse on a flank");
		else
			MOD(t->horse_front, "horse on the front");
	}
	if (flank)
		MOD(t->flank, "flank or rear");
	if (!attacker && (hm_in_cover(g, u) || hm_behind(g, u, e)))
		MOD(t->defended, "defended");
	if (un->cond == COND_MOB)
		MOD(t->m_disordered, "Disordered");
	if (hm_open_order(g, u))
		MOD(t->m_open_order, "open order");
	if (t->weak_arm[un->arm] || (un->klass >= 0 &&
	    un->klass < HM_MAX_CLASS && t->weak_class[un->klass]))
		MOD(t->weak, un->arm == ARM_ARTILLERY ? "guns" : "rifles");
#undef MOD
	if (k < len)
		snprintf(buf + k, len - k, " = %d", total);
	return total;
}

/* One side's melee score, explained into buf. */
static int
score(struct game *g, int u, int e, bool attacker, char *buf, size_t len)
{
	const struct hm_turn *t = hm_turn(g->rs);
	const struct unit *un = &g->units[u];
	int roll = rng_die(&g->rng, t->m_die), drill = hm_drill(g, u);
	size_t k;

	k = (size_t)snprintf(buf, len, "%s %d + Drill %d", un->name, roll,
	    drill);
	return score_mods(g, u, e, attacker, HM_MARKS(un) & (HM_CHARGER |
	    HM_CHARGED_AGAIN), roll + drill, buf, len, k < len ? k : len);
}

void
hm_fight(struct game *g, int a, int tg)
{
	const struct hm_turn *t = hm_turn(g->rs);
	char ea[200], et[200], why[64];
	int sa, st, diff, lo, hi, men;
	bool was_mob;

	if (hm_off_front(g, a, tg))
		HM_MARKS(&g->units[tg]) |= HM_FLANKED;
	if (hm_off_front(g, tg, a))
		HM_MARKS(&g->units[a]) |= HM_FLANKED;
	sa = score(g, a, tg, true, ea, sizeof ea);
	st = score(g, tg, a, false, et, sizeof et);
	if (sa == st) {
		hm_hit(g, a, 1);
		hm_hit(g, tg, 1);
		g->units[a].contact = tg;
		g->units[tg].contact = a;
		game_log_with(g, a, tg, EV_CONDITION, "HO.7",
		    "%s, %s: a tie, 1 hit "
		    "each; they fight again next turn", ea, et);
		(void)hm_disperse_spent(g, a);
		(void)hm_disperse_spent(g, tg);
		return;
	}
	hi = sa > st ? a : tg;
	lo = sa > st ? tg : a;
	diff = sa > st ? sa - st : st - sa;
	was_mob = g->units[lo].cond == COND_MOB;
	men = hm_hit(g, lo, diff);
	g->units[a].contact = g->units[tg].contact = -1;
	if (g->units[lo].strength <= 0) {
		/* Its last man down: no rout to run, it is gone now, not
		 * left standing to be charged or to fight again before the
		 * morale phase (HO.9.4). */
		game_log_with(g, lo, hi, EV_CONDITION, "HO.7",
		    "%s, %s: %s loses by %d, "
		    "%d hit%s (%d %s), its last", ea, et, g->units[lo].name,
		    diff, diff, diff == 1 ? "" : "s", men, men == 1 ? "man" :
		    "men");
		(void)hm_disperse_spent(g, lo);
	} else if (diff >= t->m_rout_margin || was_mob) {
		game_log_with(g, lo, hi, EV_CONDITION, "HO.7",
		    "%s, %s: %s loses by %d, "
		    "%d hit%s (%d %s), and routs", ea, et, g->units[lo].name,
		    diff, diff, diff == 1 ? "" : "s", men, men == 1 ? "man" :
		    "men");
		snprintf(why, sizeof why, was_mob ? "lost a melee while "
		    "Disordered" : "lost a melee by %d", diff);
		hm_rout(g, lo, "HO.7", why);
	}
	if (g->units[lo].strength <= 0 || diff >= t->m_rout_margin ||
	    was_mob) {
		if (g->units[hi].arm == ARM_CAVALRY &&
		    !(HM_MARKS(&g->units[hi]) & HM_CHARGED_AGAIN)) {
			HM_MARKS(&g->units[hi]) |= HM_BROKE;
			game_log(g, hi, EV_NOTE, "H15", "%s has broken through "
			    "and may charge again", g->units[hi].name);
		}
		return;
	}
	game_log_with(g, lo, hi, EV_CONDITION, "HO.7",
	    "%s, %s: %s loses by %d, %d "
	    "hit%s (%d %s): Disordered", ea, et, g->units[lo].name, diff, diff,
	    diff == 1 ? "" : "s", men, men == 1 ? "man" : "men");
	g->units[lo].cond = COND_MOB;
	hm_fall_back(g, lo, "HO.7");
}

int
hm_melee_foe(const struct game *g, int u)
{
	int c = g->units[u].contact;

	if (c < 0 || !hm_enemies(g, u, c) || !unit_active(&g->units[c]) ||
	    g->units[c].cond == COND_ROUTED || hm_gap(g, u, c) != 0)
		return -1;
	return c;
}

/* The nearest enemy touching u that has not fought, or -1: its contact,
 * else the first in the order of units among those the snapshot nr finds
 * touching it (nr holds the blocks as the phase began: only units that
 * have fought have moved since, and they are not asked about). */
static int
opponent(const struct game *g, struct near *nr, int u, const bool *fought)
{
	const int *near;
	int j, k, n;

	if ((j = hm_melee_foe(g, u)) >= 0 && !fought[j])
		return j;
	n = near_query(nr, u, 0, &near);
	for (k = 0; k < n; k++) {
		j = near[k];
		if (!fought[j] && hm_enemies(g, u, j) &&
		    unit_active(&g->units[j]) &&
		    !(HM_MARKS(&g->units[j]) & HM_HALTED) &&
		    g->units[j].cond != COND_ROUTED &&
		    near_gap(nr, g, u, j) == 0)
			return j;
	}
	return -1;
}

void
hm_phase_melee(struct game *g)
{
	struct near *nr;
	bool *f;
	int u, e, a;

	if (g->nunits == 0)
		return;
	f = xcalloc((size_t)g->nunits, sizeof *f);
	nr = near_create(g, 0);	/* only those that fought move */
	for (u = 0; u < g->nunits; u++) {
		/* A charger its test halted fights no melee (HO.6.4),
		 * even where nothing behind let it fall back. */
		if (f[u] || !unit_active(&g->units[u]) ||
		    (HM_MARKS(&g->units[u]) & HM_HALTED) ||
		    (g->units[u].cond != COND_FORMED &&
		    g->units[u].cond != COND_MOB))
			continue;
		if ((e = opponent(g, nr, u, f)) < 0)
			continue;
		f[u] = f[e] = true;
		/* The attacker (who rolls first) is the one that charged. */
		a = (HM_MARKS(&g->units[e]) & HM_CHARGER) &&
		    !(HM_MARKS(&g->units[u]) & HM_CHARGER) ? e : u;
		hm_fight(g, a, a == u ? e : u);
	}
	near_free(nr);
	free(f);
}
