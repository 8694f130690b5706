/*
 * napoleonic/move.c - the Napoleonic movement rules (3.6): the helpers
 * the movement files share (move-priv.h), the turn, contact and passage
 * prices, the halt rules, the description of the movement tables, and
 * the formation phase.  The numbers of the data file's `movement`
 * section are read in move-load.c, a move's start and allowance priced in
 * move-begin.c, a step in move-step.c, and the movement phase with its
 * group orders run in move-group.c.
 *
 * Everything here reads the game and writes only the walk it is given or
 * the price it is asked for; core/move-walk.c commits.  Each price carries its
 * explanation (rule number and arithmetic in BD).  doc/rules.md says how
 * each clause is read.
 */
#include "config.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/command.h"
#include "core/game.h"
#include "core/move.h"
#include "rules/napoleonic/move.h"
#include "rules/napoleonic/move-priv.h"
#include "rules/napoleonic/phases.h"
#include "util/xalloc.h"

/* --- helpers ------------------------------------------------------------- */

/* Ticks as "2.5 BD", or "2.5" without the unit. */
static void
fmt_ticks(const struct ruleset *rs, int ticks, char *b, size_t len,
    bool unit)
{
	if (unit)
		ruleset_fmt(rs, ticks, b, len);
	else
		ruleset_fmt_number(rs, ticks, b, len);
}

/* BD text of ticks; a few rotating buffers so one printf can use several.
 * The common figures are read where ruleset_fmt keeps them, not copied:
 * they stay put longer than a buffer here would. */
const char *
bd(const struct ruleset *rs, int ticks)
{
	static __thread char buf[8][32];
	static __thread int next;
	const char *k = ruleset_fmt_kept(rs, ticks);
	char *b;

	if (k != NULL)
		return k;
	b = buf[next++ & 7];
	fmt_ticks(rs, ticks, b, sizeof buf[0], true);
	return b;
}

/* The same number without its unit ("1", "0.5"), for Pe, Pr and sums. */
const char *
num(const struct ruleset *rs, int ticks)
{
	static __thread char buf[8][32];
	static __thread int next;
	char *b = buf[next++ & 7];

	fmt_ticks(rs, ticks, b, sizeof buf[0], false);
	return b;
}

/* A label as it reads inside a sentence: "Dense wood" -> "dense wood". */
const char *
lname(const char *label)
{
	static __thread char buf[4][64];
	static __thread int next;
	char *b = buf[next++ & 3];
	size_t i;

	for (i = 0; label[i] != '\0' && i + 1 < sizeof buf[0]; i++)
		b[i] = label[i];
	b[i] = '\0';
	if (b[0] >= 'A' && b[0] <= 'Z')
		b[0] = (char)(b[0] - 'A' + 'a');
	return b;
}

/* --- the engine's questions --------------------------------------------- */

/* Whether a and b hold the same n cells, in any order. */
static bool
same_cells(const struct point *a, const struct point *b, int n)
{
	int i, j;

	for (i = 0; i < n; i++) {
		for (j = 0; j < n; j++)
			if (a[i].x == b[j].x && a[i].y == b[j].y)
				break;
		if (j == n)
			return false;
	}
	return true;
}

/* Whether an obstacle runs between two neighbouring cells of the n cells
 * of a block, square on or at a corner (it stands astride a wall). */
static bool
astride(const struct map *m, const struct point *c, int n)
{
	static const enum dir side[4] = { DIR_E, DIR_S, DIR_SE, DIR_SW };
	int i, j, k;

	for (i = 0; i < n; i++)
		for (k = 0; k < 4; k++)
			for (j = 0; j < n; j++)
				if (c[j].x == c[i].x + dir_dx[side[k]] &&
				    c[j].y == c[i].y + dir_dy[side[k]] &&
				    (k < 2 ? map_edge(m, c[i].x, c[i].y,
				    side[k], NULL) != 0 : map_diag_blocked(m,
				    c[i].x, c[i].y, side[k])))
					return true;
	return false;
}

/* The index of cell p among the n cells c, n if none. */
static int
index_of(const struct point *c, int n, struct point p)
{
	int i;

	for (i = 0; i < n; i++)
		if (c[i].x == p.x && c[i].y == p.y)
			break;
	return i;
}

/* Whether cell p is one of the n cells c. */
static bool
has_cell(const struct point *c, int n, struct point p)
{
	return index_of(c, n, p) < n;
}

int
nap_astride_new(const struct game *g, const struct move_walk *w, int form,
    struct point *a, struct point *b)
{
	static const enum dir side[2] = { DIR_E, DIR_S };
	const struct ruleset *rs = g->rs;
	const struct unit *u = &g->units[w->unit];
	struct point *now, *old = NULL, q;
	int n, nold = 0, nf, i, k, o, pass, found = 0;

	now = game_cells_take(g);
	n = game_footprint_at(g, u, w->pos, w->facing, form, now);
	nf = geom_span(w->facing, rs->form[form].frontage[u->arm]);
	for (i = 0; i < n && found == 0; i++)
		for (k = 0; k < 2 && found == 0; k++) {
			o = map_edge(g->map, now[i].x, now[i].y, side[k],
			    &pass);
			if (o <= 0 || o >= rs->nobst || pass != PASS_NONE ||
			    rs->obst[o].may_end_on)
				continue;
			q.x = now[i].x + dir_dx[side[k]];
			q.y = now[i].y + dir_dy[side[k]];
			if (!has_cell(now, n, q))
				continue;
			/* Not at its front rank (geom_footprint lays it
			 * first, nf cells): the front meets there what it is
			 * about to cross, which the step prices. */
			if (i < nf || index_of(now, n, q) < nf)
				continue;
			/* The block as it stands is read only where an
			 * obstacle lies inside the new one: most have none. */
			if (old == NULL) {
				old = game_cells_take(g);
				nold = game_footprint_at(g, u, w->pos,
				    w->facing, w->form, old);
			}
			if (has_cell(old, nold, now[i]) &&
			    has_cell(old, nold, q))
				continue;
			found = o;
			if (a != NULL)
				*a = now[i];
			if (b != NULL)
				*b = q;
		}
	if (old != NULL)
		game_cells_give(g, old);
	game_cells_give(g, now);
	return found;
}

/* Where cell c of a block with its front centre at pos, facing f, lies:
 * *back, how far behind the front centre along the facing; *lat, how far
 * to either side. */
static void
rank_of(struct point pos, enum dir f, struct point c, int *back, int *lat)
{
	const int fx = dir_dx[f], fy = dir_dy[f];

	*back = -(c.x - pos.x) * fx - (c.y - pos.y) * fy;
	*lat = abs((c.x - pos.x) * fy - (c.y - pos.y) * fx);
}

/*
 * The front centre that keeps unit u's block, in formation form with its
 * front centre at pos facing f, on the same cells when it faces about:
 * a cell of its rear rank, those nearest the front centre's file tried
 * first (the anchor's mirror, or one beside it when the frontage is
 * even).  False when no cell gives exactly the same cells (a block on a
 * diagonal may not be symmetrical) or the block stands astride an
 * obstacle, which facing about would cross for nothing.
 */
static bool
about_cell(const struct game *g, const struct unit *u, struct point pos,
    enum dir f, int form, struct point *out)
{
	const enum dir d = dir_turn(f, 4);
	struct point *now, *then;
	int n, i, back, far = INT_MIN, lat, k, kmax = 0;
	bool found = false;

	now = game_cells_take(g);
	then = game_cells_take(g);
	n = game_footprint_at(g, u, pos, f, form, now);
	if (astride(g->map, now, n))
		n = 0;
	/* The rear rank: the cells farthest back along the facing. */
	for (i = 0; i < n; i++) {
		rank_of(pos, f, now[i], &back, &lat);
		if (back > far) {
			far = back;
			kmax = 0;
		}
		if (back == far && lat > kmax)
			kmax = lat;
	}
	for (k = 0; k <= kmax && !found; k++)
		for (i = 0; i < n && !found; i++) {
			rank_of(pos, f, now[i], &back, &lat);
			if (back != far || lat != k)
				continue;
			if (game_footprint_at(g, u, now[i], d, form, then) ==
			    n && same_cells(now, then, n)) {
				*out = now[i];
				found = true;
			}
		}
	game_cells_give(g, then);
	game_cells_give(g, now);
	return found;
}

/*
 * The anchor that keeps unit w's block where it stands when it faces
 * about (180 degrees): the front centre of the block seen from behind
 * (about_cell).  False when there is none, or when the column stands on
 * a road trail (3.6.6): it then turns about its front as any other turn;
 * so it does when its goal is not ahead of the new front, facing to (the
 * goal within its own
 * length: facing about would put it behind again).  A column (a
 * block deeper than wide) turning 135 degrees at once faces about so,
 * then turns on 45 degrees about its new front: the block stays about
 * where it stood, rather than laying its length out ahead of it.
 */
static bool
about_anchor(const struct game *g, const struct move_walk *w, enum dir to,
    struct point *out)
{
	bool found;

	if (w->ntrail > 0)
		return false;
	found = about_cell(g, &g->units[w->unit], w->pos, w->facing, w->form,
	    out);
	/* Only towards a goal that is still ahead of the new front: one
	 * within the block's length would be behind it again, and the
	 * column would face about to and fro. */
	if (found && w->order != NULL && w->waypoint < w->order->npts) {
		struct point goal = w->order->pts[w->waypoint];

		if ((goal.x - out->x) * dir_dx[to] + (goal.y - out->y) *
		    dir_dy[to] <= 0)
			found = false;
	}
	return found;
}

/*
 * Whether unit w, facing about to anchor to turn to d, has room there,
 * or has none for the plain turn about its front either.  A route search
 * plans every turn about the front (facing about moves the block only in
 * the walk, plan_turn_stays): a column whose block, faced about, would
 * stand on a unit or off the map, where the turn the search planned has
 * room, turns so, or it would stand on the route it was given for good
 * (a Road Column at a bridge's end sent on at 135 degrees, its rear
 * beside a friend).
 */
static bool
about_room(const struct game *g, const struct move_walk *w, enum dir d,
    struct point anchor)
{
	struct point bad;

	return game_fits(g, w->unit, anchor, d, w->form, -1, &bad) == 0 ||
	    game_fits(g, w->unit, w->pos, d, w->form, -1, &bad) != 0;
}

bool
nap_about_in_place(const struct game *g, int unit, struct point *out)
{
	const struct unit *u = &g->units[unit];

	return about_cell(g, u, u->pos, u->facing, u->formation, out);
}

void
nap_move_turn(const struct game *g, const struct move_walk *w, enum dir d,
    struct move_price *p)
{
	const struct ruleset *rs = g->rs;
	const struct nap_move *m = nap_move(rs);
	const struct unit *u = &g->units[w->unit];
	struct point to = { w->pos.x + dir_dx[d], w->pos.y + dir_dy[d] };
	int k = dir_diff(w->facing, d);
	struct move_text t;

	move_price_init(p);
	if (k == 0)
		return;
	if (map_inside(g->map, to.x, to.y) &&
	    road_between(g, w->pos, to) != ROAD_NONE &&
	    !(rs->form[w->form].flags & FORMF_FREE_TURN)) {
		if (w->explain)
			move_price_note(p, "3.6.3", "follows the road round to "
			    "%s: automatic and free", dir_name(d));
		return;
	}
	/* Facing about, the men turn where they stand: the block stays
	 * and its rear rank becomes its front (marshal's reading). */
	if ((k == 4 || (k == 3 && rs->form[w->form].depth[u->arm] >
	    rs->form[w->form].frontage[u->arm])) && !w->planning &&
	    about_anchor(g, w, d, &p->anchor) &&
	    about_room(g, w, d, p->anchor)) {
		p->flags |= MPF_ANCHOR;
		if (w->explain && k == 4)
			move_price_note(p, "3.6.3", "%s faces about where it "
			    "stands: its rear rank is now its front, its front "
			    "centre at [%d, %d] (marshal's reading)", u->name,
			    p->anchor.x, p->anchor.y);
		else if (w->explain)
			move_price_note(p, "3.6.3", "%s faces about where it "
			    "stands, its front centre now at [%d, %d], and "
			    "turns on 45 degrees about it to face %s "
			    "(marshal's reading)", u->name, p->anchor.x,
			    p->anchor.y, dir_name(d));
	}
	if (rs->form[w->form].flags & FORMF_FREE_TURN) {
		if (w->explain) {
			t.n = 0;
			move_text_s(&t, "turns to face ");
			move_text_s(&t, dir_name(d));
			move_text_s(&t, ": free for ");
			move_text_s(&t, rs->form[w->form].label);
			move_price_note_text(p, "3.6.3", &t);
		}
		return;
	}
	/* 3.6.6 names one "Road&Maneuvre Column": off its road a Road
	 * Column turns as the formation road_column_off_road names. */
	if ((rs->form[w->form].flags & FORMF_ROAD) &&
	    (rs->form[m->rc_off_road].flags & FORMF_FREE_TURN)) {
		if (w->explain)
			move_price_note(p, "3.6.3",
			    "turns to face %s: free, off "
			    "the road a %s turns as a %s", dir_name(d),
			    rs->form[w->form].label,
			    rs->form[m->rc_off_road].label);
		return;
	}
	p->ticks = k * m->turn_per_45;
	if (w->explain) {
		/* "A turns its front 90 degrees, N to E: 2 x 0.5 BD = -1 BD,
		 * 2 BD left", by pieces: every turning unit writes one. */
		t.n = 0;
		move_text_s(&t, u->name);
		move_text_s(&t, " turns its front ");
		move_text_i(&t, 45 * k);
		move_text_s(&t, " degrees, ");
		move_text_s(&t, dir_name(w->facing));
		move_text_s(&t, " to ");
		move_text_s(&t, dir_name(d));
		move_text_s(&t, ": ");
		move_text_i(&t, k);
		move_text_s(&t, " x ");
		move_text_bd(&t, rs, m->turn_per_45);
		move_text_s(&t, " = -");
		move_text_bd(&t, rs, p->ticks);
		move_text_s(&t, ", ");
		move_text_bd(&t, rs, w->left - p->ticks);
		move_text_s(&t, " left");
		move_price_note_text(p, "3.6.3", &t);
	}
}

int
nap_move_contact(const struct game *g, const struct move_walk *w, int e,
    struct move_price *p)
{
	const struct ruleset *rs = g->rs;
	const struct nap_move *m = nap_move(rs);
	const struct unit *u = &g->units[w->unit], *eu = &g->units[e];
	struct move_text t;

	move_price_init(p);
	p->halt = HALT_CONTACT;
	if (unit_gone(eu))
		return -1;
	/* 3.6.8: routers stop neither infantry nor cavalry; touching them
	 * brings 3.9.5 (captured or scattered). */
	if (eu->cond == COND_ROUTED && u->arm != ARM_ARTILLERY) {
		move_price_note(p, "3.9.5",
		    "%s does not stop for the routed %s "
		    "(3.6.8) and touches it: the routers are captured or "
		    "scattered (3.9.5)", u->name, eu->name);
		return -1;
	}
	switch (u->arm) {
	case ARM_INFANTRY:
		/* By pieces, as the turn's note: most contacts. */
		t.n = 0;
		move_text_s(&t, "infantry stops more than ");
		move_text_bd(&t, rs, m->inf_more);
		move_text_s(&t, " and less than ");
		move_text_bd(&t, rs, m->inf_less);
		move_text_s(&t, " from ");
		move_text_s(&t, eu->name);
		move_text_s(&t, ": both are in battle contact");
		move_price_note_text(p, "3.6.8", &t);
		return m->inf_more;
	case ARM_CAVALRY:
		if (m->cav_forms & (1u << w->form)) {
			t.n = 0;
			move_text_s(&t, "cavalry in ");
			move_text_s(&t, rs->form[w->form].label);
			move_text_s(&t, " stops a little more than ");
			move_text_bd(&t, rs, m->cav_more);
			move_text_s(&t, " from ");
			move_text_s(&t, eu->name);
			move_price_note_text(p, "3.6.8", &t);
			return m->cav_more;
		}
		move_price_note(p, "3.6.8",
		    "cavalry in %s closes on %s until it "
		    "may charge", rs->form[w->form].label, eu->name);
		return m->cav_charge;
	default:
		move_price_note(p, "3.6.8", "a %s battery stops a little more "
		    "than %s from %s", rs->form[w->form].label,
		    bd(rs, m->art_more), eu->name);
		return m->art_more;
	}
}

void
nap_move_pass(const struct game *g, const struct move_walk *w, int f,
    enum dir d, bool moving, struct move_price *p)
{
	const struct ruleset *rs = g->rs;
	const struct unit *u = &g->units[w->unit], *fu = &g->units[f];
	unsigned mf = rs->form[w->form].flags, ff = rs->form[fu->formation].flags;
	int k = dir_diff(d, fu->facing);
	const char *why = NULL;
	struct move_text t;

	move_price_init(p);
	/* 3.6.7: which faces block.  The walker leads with its front. */
	if (mf & (FORMF_BLOCK_ALL | FORMF_BLOCK_FRONT))
		why = rs->form[w->form].label;
	else if (fu->cond == COND_FORMED && (ff & FORMF_BLOCK_ALL))
		why = rs->form[fu->formation].label;
	else if (fu->cond == COND_FORMED && (ff & FORMF_BLOCK_FRONT) &&
	    k != 2)
		why = rs->form[fu->formation].label;
	else if (fu->cond == COND_FORMED && (ff & FORMF_BLOCK_FLANK) &&
	    k != 0 && k != 4)
		why = rs->form[fu->formation].label;
	if (moving || why != NULL)
		p->flags |= MPF_DISORDER;
	if (!w->explain)
		return;
	if (moving) {
		/* By pieces, as the turn's note: the common pass. */
		t.n = 0;
		move_text_s(&t, u->name);
		move_text_s(&t, " passes through ");
		move_text_s(&t, fu->name);
		move_text_s(&t, ", which is moving itself: both become Mobs");
		move_price_note_text(p, "3.6.7", &t);
	} else if (why != NULL)
		move_price_note(p, "3.6.7",
		    "%s passes through %s (%s blocks from "
		    "that side): both become Mobs", u->name, fu->name, why);
	else {
		t.n = 0;
		move_text_s(&t, u->name);
		move_text_s(&t, " passes through standing ");
		move_text_s(&t, fu->name);
		move_text_s(&t, ": neither blocks");
		move_price_note_text(p, "3.6.7", &t);
	}
}

void
nap_move_end(const struct game *g, struct move_walk *w)
{
	const struct ruleset *rs = g->rs;
	const struct nap_move *m = nap_move(rs);
	const struct unit *u = &g->units[w->unit];
	struct point bad;
	int used, left, who;

	if (u->arm != ARM_ARTILLERY || !w->arrived || w->form != m->limbered ||
	    w->cond != COND_FORMED)
		return;
	used = (w->allowance - w->left + rs->ticks - 1) / rs->ticks;
	left = NAP_AP(w) - used;
	/* Not unlimbered yet: its Move order stays in force, so the next
	 * turn's walk, at the destination already, unlimbers it then
	 * (with room) instead of leaving it limbered for good. */
	if (left < m->unlimber_ap) {
		move_note(w, EV_NOTE, "3.6.3", "%s reaches its destination "
		    "with %d AP left: it unlimbers next turn, under the same "
		    "order", u->name, left < 0 ? 0 : left);
		move_note_own(w);	/* its destination, and what it will do */
		w->arrived = false;
		w->halt = HALT_SPEED;	/* its action points are */
		event_rule_copy(w->halt_rule, sizeof w->halt_rule, "3.6.3");
		return;
	}
	if (game_fits(g, w->unit, w->pos, w->facing, m->unlimbered, -1,
	    &bad) != 0) {
		who = game_unit_at(g, bad.x, bad.y);
		/* The edge of the field never makes room: waiting for it
		 * would keep the order in force for good, the battery on
		 * its point.  The order is done, the battery limbered. */
		if (who < 0) {
			move_note(w, EV_NOTE, "3.6.3", "%s has no room to "
			    "unlimber here facing %s: the edge of the field "
			    "at [%d, %d]; it stays limbered at its "
			    "destination and its order is complete", u->name,
			    dir_name(w->facing), bad.x, bad.y);
			move_note_own(w);	/* its order's end */
			return;
		}
		move_note(w, EV_NOTE, "3.6.3", "%s has no room to unlimber "
		    "here: %s stands at [%d, %d]; its order stays in force, "
		    "to unlimber when there is room", u->name,
		    g->units[who].name, bad.x, bad.y);
		move_note_own(w);	/* what its order will do */
		w->arrived = false;
		w->halt = HALT_BLOCKED;
		event_rule_copy(w->halt_rule, sizeof w->halt_rule, "3.6.3");
		return;
	}
	w->form = m->unlimbered;
	NAP_AP(w) = left - m->unlimber_ap;
	move_note(w, EV_FORMATION, "3.6.3", "%s unlimbers at its "
	    "destination facing %s: %d AP (moved %d AP, %d of %d AP left)",
	    u->name, dir_name(w->facing), m->unlimber_ap, used, NAP_AP(w),
	    nap_drill(rs, u));
}

/* The rule each kind of halt comes under. */
const char *
nap_move_rule(enum halt h)
{
	switch (h) {
	case HALT_SPEED:
		return "3.6.3";
	case HALT_TERRAIN:
	case HALT_OBSTACLE:
		return "3.6.5";
	case HALT_PASSAGE:
		return "3.6.6";
	case HALT_BLOCKED:
		return "3.6.7";
	case HALT_CONTACT:
		return "3.6.8";
	default:
		return "3.6.1";
	}
}

/* The allowance op: the same reckoning as a walk's start. */
/* A speed from the table as the data writes it: "Drill - 2 BD", "3 BD". */
static void
speed_text(const struct ruleset *rs, const struct nap_speed *sp, char *b,
    size_t len)
{
	char n[16];

	if (sp->mul == 0) {
		ruleset_fmt(rs, sp->add, b, len);
		return;
	}
	ruleset_fmt(rs, sp->add < 0 ? -sp->add : sp->add, n, sizeof n);
	if (sp->add == 0)
		snprintf(b, len, "%sDrill (in %s)", sp->mul == 1 ? "" : "k x ",
		    rs->unit);
	else
		snprintf(b, len, "Drill %c %s", sp->add < 0 ? '-' : '+', n);
}

void
nap_describe(const struct ruleset *rs,
    void (*line)(void *, int, const char *), void *arg)
{
	const struct nap_move *m = nap_move(rs);
	char t[200], a[48], b[48];
	int arm, f, k;

	line(arg, 0, "Speeds by arm and formation (3.6.3), per turn");
	for (arm = 0; arm < ARM_ARTILLERY; arm++)
		for (f = 0; f < rs->nform; f++) {
			if (!m->speed[arm][f].set)
				continue;
			speed_text(rs, &m->speed[arm][f], a, sizeof a);
			snprintf(t, sizeof t, "%-9s %-18s %s%s", arm_name(arm),
			    rs->form[f].label, a, rs->form[f].flags &
			    FORMF_ROAD ? " on a road (3.6.6)" : "");
			line(arg, 2, t);
		}
	for (k = 0; k < rs->nklass; k++) {
		if (rs->klass[k].arm != ARM_ARTILLERY)
			continue;
		ruleset_fmt(rs, m->art_speed[k], a, sizeof a);
		snprintf(t, sizeof t, "%-9s %-18s %s limbered", "artillery",
		    rs->klass[k].label, a);
		line(arg, 2, t);
	}
	ruleset_fmt(rs, m->art_road, a, sizeof a);
	snprintf(t, sizeof t, "limbered batteries on a road: %s", a);
	line(arg, 2, t);
	ruleset_fmt(rs, m->rc_crowded, a, sizeof a);
	snprintf(t, sizeof t, "road column with other units on its road: "
	    "%s (3.6.6)", a);
	line(arg, 2, t);
	snprintf(t, sizeof t, "road column off a road: moves and turns as "
	    "%s (3.6.6)", rs->form[m->rc_off_road].label);
	line(arg, 2, t);
	ruleset_fmt(rs, m->musician, a, sizeof a);
	snprintf(t, sizeof t, "drum or trumpet: +%s", a);
	line(arg, 2, t);
	snprintf(t, sizeof t, "batteries: action points = Drill; limbering "
	    "%d AP, unlimbering %d AP, each free AP +1 %s (3.6.3)",
	    m->limber_ap, m->unlimber_ap, rs->unit);
	line(arg, 2, t);
	ruleset_fmt(rs, m->turn_per_45, a, sizeof a);
	snprintf(t, sizeof t, "turning the front: %s per 45 degrees, free "
	    "for formations that turn free and on roads", a);
	line(arg, 2, t);
	ruleset_fmt(rs, m->low_change, a, sizeof a);
	ruleset_fmt(rs, m->high_change, b, sizeof b);
	snprintf(t, sizeof t, "optional 1d%d (3.6.4): %d gives %s, %d "
	    "gives +%s", m->die, m->low_roll, a, m->high_roll, b);
	line(arg, 2, t);
	ruleset_fmt(rs, m->contour_cost, a, sizeof a);
	snprintf(t, sizeof t, "contours (3.6.5): %d a turn free, each "
	    "further one %s", m->free_contours, a);
	line(arg, 2, t);
	line(arg, 0, "");
	nap_phases_describe(rs, line, arg);
}

/* --- the phases ---------------------------------------------------------- */

/* 3.5.1: the nearest enemy within the restore gap of unit i, or -1. */
static int
restore_enemy(const struct game *g, int i, int *gap)
{
	const struct nap_move *m = nap_move(g->rs);
	const struct unit *u = &g->units[i], *e;
	int j, gp, best = -1;

	for (j = 0; j < g->nunits; j++) {
		e = &g->units[j];
		if (e->side == u->side || !unit_active(e))
			continue;
		gp = nap_gap(g, i, j);
		if (gp <= m->restore_gap && (best < 0 || gp < *gap)) {
			best = j;
			*gap = gp;
		}
	}
	return best;
}

/* 3.5.1: a Mob under a Restore order re-forms (the whole turn). */
static void
restore_unit(struct game *g, int i)
{
	const struct ruleset *rs = g->rs;
	const struct nap_move *m = nap_move(rs);
	struct unit *u = &g->units[i];
	int e, gap = 0, k;

	/* Either refusal tells of a Restore order the map does not show
	 * (the unit stays as it was): only its own side reads it
	 * (core/know.h).  A Mob that re-forms is seen by all. */
	if (u->cond != COND_MOB) {
		if (u->order.arrives == g->turn) {
			k = game_log(g, i, EV_FORMATION, "3.5.1", "%s is not "
			    "a Mob: nothing to restore; it holds where it "
			    "stands", u->name);
			g->log.v[k].own = true;
		}
		return;
	}
	if ((e = restore_enemy(g, i, &gap)) >= 0) {
		k = game_log(g, i, EV_FORMATION, "3.5.1", "%s cannot re-form: "
		    "%s is %s away, within %s; it stays a Mob", u->name,
		    g->units[e].name, bd(rs, gap), bd(rs, m->restore_gap));
		g->log.v[k].own = true;
		return;
	}
	u->cond = COND_FORMED;
	u->halt = HALT_NONE;
	game_log(g, i, EV_CONDITION, "3.5.1", "%s re-forms as %s on its "
	    "Restore order: the whole turn goes to it%s", u->name,
	    rs->form[u->formation].label, nap_musician(rs, u) ? "" :
	    "; a musician lost stays lost");
}

int
nap_ground_forbids(const struct game *g, const struct unit *u,
    struct point p, enum dir f, int form, struct point *at)
{
	const struct ruleset *rs = g->rs;
	struct point *cells = game_cells_take(g);
	int i, n, l, bar = -1;

	n = game_footprint_at(g, u, p, f, form, cells);
	for (i = 0; i < n && bar < 0; i++) {
		if (!map_inside(g->map, cells[i].x, cells[i].y))
			continue;
		l = map_cell(g->map, cells[i].x, cells[i].y)->land;
		if (cell_forbids(rs, map_cell(g->map, cells[i].x,
		    cells[i].y), form)) {
			bar = l;
			if (at != NULL)
				*at = cells[i];
		}
	}
	game_cells_give(g, cells);
	return bar;
}

/*
 * What bars unit i from formation f where it stands: 1 no room (the cell
 * in bad[0]), 2 ground that forbids it (the cell in bad[0], its
 * landscape in *land), 3 an obstacle the new block would stand across
 * (3.6.5: a unit never stops on one, M18; its index in *land, the cells
 * either side in bad[0] and bad[1]), 0 nothing.  The formation phase
 * and the menu's check ask the same.
 */
static int
form_bar(const struct game *g, int i, int f, struct point bad[2], int *land)
{
	const struct unit *u = &g->units[i];
	struct point *cells;
	int n;

	if (game_fits(g, i, u->pos, u->facing, f, -1, &bad[0]) != 0)
		return 1;
	if ((*land = nap_ground_forbids(g, u, u->pos, u->facing, f,
	    &bad[0])) >= 0)
		return 2;
	cells = game_cells_take(g);
	n = game_footprint_at(g, u, u->pos, u->facing, f, cells);
	*land = ruleset_obstacle_within(g->rs, g->map, cells, n, &bad[0],
	    &bad[1]);
	game_cells_give(g, cells);
	return *land > 0 ? 3 : 0;
}

int
nap_form_check(const struct game *g, int unit, int form, char **cause)
{
	const struct unit *u = &g->units[unit];
	struct point bad[2];
	int land = -1;

	if (form == u->formation)
		return 0;
	switch (form_bar(g, unit, form, bad, &land)) {
	case 1:
		*cause = xasprintf("no room at [%d, %d]", bad[0].x, bad[0].y);
		return -1;
	case 2:
		*cause = xasprintf("%s at [%d, %d] forbids it",
		    g->rs->land[land].label, bad[0].x, bad[0].y);
		return -1;
	case 3:
		*cause = xasprintf("the %s between [%d, %d] and [%d, %d] "
		    "would run through it", lname(g->rs->obst[land].label),
		    bad[0].x, bad[0].y, bad[1].x, bad[1].y);
		return -1;
	default:
		return 0;
	}
}

void
nap_phase_formation(struct game *g)
{
	const struct ruleset *rs = g->rs;
	struct unit *u;
	struct point bad[2];
	int i, f, l = -1, bar, k;

	for (i = 0; i < g->nunits; i++) {
		u = &g->units[i];
		if (!unit_active(u))
			continue;
		if (u->order.kind == ORDER_RESTORE) {
			restore_unit(g, i);
			continue;
		}
		if (u->order.kind != ORDER_FORMATION)
			continue;
		f = u->order.formation;
		if (u->formation == f)
			continue;
		/* A refusal names the formation the order asks for, which
		 * the enemy cannot see on the map (the unit stays as it
		 * was): only its own side reads it (core/know.h). */
		bar = form_bar(g, i, f, bad, &l);
		if (bar == 1) {
			k = game_log(g, i, EV_FORMATION, "3.6.5", "%s has no "
			    "room to form %s here (cell [%d, %d])", u->name,
			    rs->form[f].label, bad[0].x, bad[0].y);
			g->log.v[k].own = true;
			continue;
		}
		/* 3.6.5: nor where the ground forbids the formation. */
		if (bar == 2) {
			k = game_log(g, i, EV_FORMATION, "3.6.5", "%s may not "
			    "form %s here: %s at [%d, %d] forbids it", u->name,
			    rs->form[f].label, rs->land[l].label, bad[0].x,
			    bad[0].y);
			g->log.v[k].own = true;
			continue;
		}
		/* 3.6.5: nor astride an obstacle (M18). */
		if (bar == 3) {
			k = game_log(g, i, EV_FORMATION, "3.6.5", "%s may not "
			    "form %s here: its block would stand across the %s "
			    "between [%d, %d] and [%d, %d], and a unit never "
			    "stops on an obstacle", u->name, rs->form[f].label,
			    lname(rs->obst[l].label), bad[0].x, bad[0].y,
			    bad[1].x, bad[1].y);
			g->log.v[k].own = true;
			continue;
		}
		game_occupy(g, i, false);
		game_log(g, i, EV_FORMATION, "3.6.5", "%s changes from %s to "
		    "%s on its Formation order: the change takes the whole "
		    "turn", u->name, rs->form[u->formation].label,
		    rs->form[f].label);
		u->formation = f;
		game_occupy(g, i, true);
	}
}
