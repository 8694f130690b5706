/*
 * control.c - the controller: gives a plan's orders through game_order()
 * unit by unit in marching order, each first checked with the Move
 * preview a player sees (no Mobs, no futile marches - a unit boxed in
 * by friends faces about and goes the other way - no march against
 * the map's edge, for a unit frozen last turn no march that would
 * freeze it again, and no new march that would face a unit about while
 * its standing one still serves), judged with the friends that march
 * before it moved on.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "ai/doctrine.h"
#include "ai/think.h"
#include "core/command.h"
#include "core/decide.h"
#include "core/game.h"
#include "core/geom.h"
#include "core/map.h"
#include "core/move.h"
#include "util/xalloc.h"

/* --- the controller ------------------------------------------------------ */

/*
 * A march that would make no ground at all - no room to wheel among
 * friends, or a friend across the way - is tried, with the Move preview,
 * by a first step of 3 or 6 cells straight ahead or turned up to 135
 * degrees either way (a wheel needs room a step forward does not) and
 * then on to the same place; the try that ends nearest the place, formed,
 * is taken.  True if one was.
 *
 * With about, the first step is to the rear instead, straight back or
 * 45 degrees off it, 3 or 6 cells beyond the block's rear rank: where
 * the ruleset faces a block about where the men stand (about_in_place;
 * 3.6.3 as marshal reads it) the turn needs no room, the way out of a
 * column boxed in on three sides by
 * friends (at the Côa the 15e Chasseurs, a Column facing north with the
 * 3e Hussards before it and I/82e Ligne at its side, stood 13 turns).
 * Each try is walked as the movement phase will walk it, going round
 * standing friends (move_preview): the walk, not the plain march, is
 * what held the unit.  No first step onto a unit.
 */
static bool
unjam(const struct game *g, struct order *o, bool about)
{
	const struct unit *u = &g->units[o->unit];
	struct point dest = o->pts[o->npts - 1], via, *c;
	struct move_preview p;
	struct order t, best;
	int k, j, n, bd = geom_dist(u->pos, dest), d, depth = 0;
	static const int ahead[] = { 0, -1, 1, -2, 2, -3, 3 };
	static const int back[] = { 4, 3, 5 };
	static const int reach[] = { 3, 6 };
	const int *turn = about ? back : ahead;
	const int nturn = about ? (int)(sizeof back / sizeof back[0]) :
	    (int)(sizeof ahead / sizeof ahead[0]);
	const int nreach = (int)(sizeof reach / sizeof reach[0]);
	bool found = false;
	struct ai_view gv;

	/* Faced about, the block's rear rank is its front: the first
	 * step is counted from there. */
	if (about) {
		c = game_cells_take(g);
		n = game_footprint(g, u, c);
		for (j = 0; j < n; j++) {
			if (abs(c[j].x - u->pos.x) > depth)
				depth = abs(c[j].x - u->pos.x);
			if (abs(c[j].y - u->pos.y) > depth)
				depth = abs(c[j].y - u->pos.y);
		}
		game_cells_give(g, c);
	}

	/* The ground alone, for the wall test. */
	memset(&gv, 0, sizeof gv);
	gv.rs = g->rs;
	gv.map = g->map;
	gv.cells = g->cells;

	for (k = 0; k < nturn * nreach; k++) {
		enum dir f = dir_turn(u->facing, turn[k % nturn]);
		int r = reach[k / nturn] + depth;

		via.x = u->pos.x + dir_dx[f] * r;
		via.y = u->pos.y + dir_dy[f] * r;
		if (!map_inside(g->map, via.x, via.y) ||
		    (about && game_unit_at(g, via.x, via.y) >= 0))
			continue;
		/* The first step, then on to the place - by the marked way
		 * when a wall bars the straight one. */
		t = *o;
		t.npts = 0;
		t.pts[t.npts++] = via;
		if (o->npts > 1 && !ai_straight_clear(&gv, u->formation,
		    g->rs->form[u->formation].frontage[u->arm], via, dest))
			for (j = 0; j < o->npts - 1 &&
			    t.npts < ORDER_MAX_POINTS - 1; j++)
				t.pts[t.npts++] = o->pts[j];
		t.pts[t.npts++] = dest;
		if ((about ? move_preview(g, &t, &p) :
		    move_preview_plain(g, &t, &p)) != 0)
			continue;
		d = geom_dist(p.pos, dest);
		if (p.cond == COND_FORMED && d < bd &&
		    (p.pos.x != u->pos.x || p.pos.y != u->pos.y)) {
			bd = d;
			best = t;
			found = true;
		}
		move_preview_free(&p);
	}
	if (found)
		*o = best;
	return found;
}

/* Whether the ruleset's doctrine faces a block about where it stands
 * (ai/doctrine.h: about_in_place), so that unjam may try the rear. */
static bool
about_in_place(const struct game *g)
{
	const struct ai_doctrine *d = g->rs->ops->doctrine;

	return d != NULL && d->about_in_place;
}

/* Within two cells of the map's edge. */
static bool
near_edge(const struct map *m, struct point p)
{
	return p.x < 2 || p.y < 2 || p.x >= m->w - 2 || p.y >= m->h - 2;
}

/*
 * A march the preview shows making no ground and no turn at all - no room
 * to turn, or ground the formation cannot enter - for a formed unit whose
 * order would be in force at once: its general reaches it without an aide
 * (3.1.1), or the ruleset has no aides (command_plan).
 */
static bool
futile(const struct game *g, const struct order *o,
    const struct move_preview *pv)
{
	const struct unit *u = &g->units[o->unit];
	int arrives;

	if (u->cond != COND_FORMED || o->general < 0 ||
	    o->general >= g->ngenerals)
		return false;
	if (pv->pos.x != u->pos.x || pv->pos.y != u->pos.y ||
	    pv->facing != u->facing || pv->form != u->formation)
		return false;
	if (pv->halt != HALT_BLOCKED && pv->halt != HALT_TERRAIN)
		return false;
	/* In force at once: within the radius, or a ruleset (or a
	 * scenario) without couriers, where the general's distance does
	 * not delay it (HO.1). */
	(void)command_plan(g, o, &arrives, NULL, NULL);
	return arrives <= g->turn;
}

/* Unit o->unit, formed, could stand in Manoeuvre Column where it is
 * (it is not in it already): the way out of a formation with no speed. */
static bool
no_speed(const struct game *g, const struct order *o)
{
	const struct unit *u = &g->units[o->unit];
	int mc = ai_role_form(g->rs, AI_ROLE_MARCH);

	return mc >= 0 && u->cond == COND_FORMED && u->formation != mc &&
	    (g->rs->form[mc].arms & (1u << u->arm)) &&
	    game_fits(g, o->unit, u->pos, u->facing, mc, -1, NULL) == 0;
}

/*
 * Frozen two turns running: unit o->unit, formed, made no ground last turn
 * under a Move order, held by friends or the ground (not by the enemy,
 * and not waiting its turn at a narrow passage or paying to cross an
 * obstacle, which take it on next turn), and Move order o would hold it
 * again - the preview shows no step, no turn and no new formation.  The
 * preview is the walk the movement phase will make, going round standing
 * friends (move_preview), not the march as ordered: at the Côa the 15e
 * Chasseurs, held behind the 3e Hussards, was shown turning west towards
 * its goal, a turn the walk never made (it went round I/82e Ligne by the
 * north, into the Hussards, and stood), and was given the same march 13
 * turns running.
 * Given again, the same march would freeze it turn after turn (at the
 * Côa columns packed behind friends with one-row gaps, 9 turns running;
 * at the Cowpens militia ordered to retire through the second line).
 */
static bool
frozen_again(const struct game *g, const struct order *o)
{
	const struct unit *u = &g->units[o->unit];
	struct move_preview pv;
	struct game tmp;
	struct order mv;
	bool still, action = o->kind == ORDER_ACTION;
	int r;

	if ((o->kind != ORDER_MOVE && !action) || u->cond != COND_FORMED ||
	    u->order.kind != ORDER_MOVE || u->moved != 0 ||
	    u->halt_turn != g->turn - 1 ||
	    (u->halt != HALT_BLOCKED && u->halt != HALT_TERRAIN &&
	    (u->halt != HALT_OBSTACLE || u->owed > 0)))
		return false;
	/* An action that marches (a retire keeping the facing, say) is
	 * previewed as the march the ruleset makes of it. */
	if (action) {
		if (move_action_scratch(g, o, &tmp, &mv) != 0)
			return false;
		r = move_preview(&tmp, &mv, &pv);
	} else
		r = move_preview(g, o, &pv);
	still = r == 0 && pv.pos.x == u->pos.x && pv.pos.y == u->pos.y &&
	    pv.facing == u->facing && pv.form == u->formation;
	if (r == 0)
		move_preview_free(&pv);
	if (action)
		move_scratch_free(&tmp);
	return still;
}

/*
 * The staff check a player makes with the Move preview: walk the order
 * through the movement rules (move_preview_plain: the ground, the unit, its
 * friends and where the enemy stands; no dice) and, if the unit would end
 * the turn a Mob - passing through a friend (3.6.7) or crossing with
 * exactly the speed left (3.6.5) - halt it a few cells short instead.
 */
static void
vet(const struct game *g, struct order *o)
{
	struct move_preview pv, p2;
	struct order orig = *o, t;
	int k, tries;

	if (o->kind != ORDER_MOVE || move_preview_plain(g, o, &pv) != 0)
		return;
	/* No speed at all in its formation (3.6.3: a Line of Drill 2
	 * without a drum has Drill - 2 = 0 BD): it cannot march in it,
	 * not even turn.  Form Manoeuvre Column first where the block has
	 * room; the march is planned again next turn. */
	if (pv.allowance == 0 && no_speed(g, o)) {
		o->kind = ORDER_FORMATION;
		o->formation = ai_role_form(g->rs, AI_ROLE_MARCH);
		o->npts = 0;
		move_preview_free(&pv);
		return;
	}
	/* No speed and no room for the column either: it stands (the
	 * march could not start, not even as a turn). */
	if (pv.allowance == 0 && g->units[o->unit].cond == COND_FORMED &&
	    !(g->rs->form[g->units[o->unit].formation].flags &
	    FORMF_IMMOBILE)) {
		o->kind = ORDER_STOP;
		o->npts = 0;
		move_preview_free(&pv);
		return;
	}
	/* Going nowhere: try a first step that needs no wheel; where the
	 * march could not start at all, one to the rear, faced about where
	 * the men stand. */
	if (pv.pos.x == g->units[o->unit].pos.x &&
	    pv.pos.y == g->units[o->unit].pos.y &&
	    (pv.halt == HALT_BLOCKED || pv.halt == HALT_TERRAIN) &&
	    g->units[o->unit].cond == COND_FORMED && (unjam(g, o, false) ||
	    (about_in_place(g) && futile(g, o, &pv) && unjam(g, o, true)))) {
		move_preview_free(&pv);
		if (move_preview_plain(g, o, &pv) != 0)
			return;
	}
	/* Still going nowhere, not even turning, and no way found: a
	 * march that cannot start is not ordered.  The unit stands this
	 * turn and the plan is made again next turn, when the way may be
	 * clear.  Only where the order is in force at once: a Stop sent
	 * by an aide would arrive after the way had opened. */
	if (futile(g, o, &pv)) {
		o->kind = ORDER_STOP;
		o->npts = 0;
		move_preview_free(&pv);
		return;
	}
	/* A march that would end against the map's edge leaves the block
	 * no room to wheel away again: stop it where the way is still
	 * clear of the edge (a unit that stands by the edge already may
	 * march along it to get away). */
	if (pv.cond == COND_FORMED && g->units[o->unit].cond == COND_FORMED &&
	    near_edge(g->map, pv.pos) &&
	    !near_edge(g->map, g->units[o->unit].pos) &&
	    !near_edge(g->map, orig.pts[orig.npts - 1])) {
		for (k = pv.npath - 2; k >= 1; k--)
			if (!near_edge(g->map, pv.path[k]))
				break;
		if (k >= 1) {
			o->npts = 1;
			o->pts[0] = pv.path[k];
		} else {
			o->kind = ORDER_STOP;
			o->npts = 0;
		}
		move_preview_free(&pv);
		return;
	}
	if (pv.cond == COND_MOB && g->units[o->unit].cond == COND_FORMED) {
		/* Unless something short of it is safe, stand instead. */
		o->kind = ORDER_STOP;
		o->npts = 0;
		for (k = pv.npath - 2, tries = 0; k >= 1 && tries < 4;
		    k--, tries++) {
			t = orig;
			t.npts = 1;
			t.pts[0] = pv.path[k];
			if (move_preview_plain(g, &t, &p2) != 0)
				continue;
			if (p2.cond == COND_FORMED) {
				move_preview_free(&p2);
				*o = t;
				break;
			}
			move_preview_free(&p2);
		}
	}
	move_preview_free(&pv);
}

/*
 * Where a friend's march of this turn would leave it, put it there for the
 * Move preview of the units that march after it.  The movement phase moves
 * the units one after another, in the order of battle (3.6), so a column
 * whose way is blocked by a friend that marches first finds room when its
 * turn comes; judged against the friend where it stands now, the march
 * would look futile and the unit would be stopped for nothing.  Only a
 * march in force now whose preview ends formed is moved; saved holds the
 * unit's place to put back (shadow_undo).  Not needed where the ruleset
 * waits for friends (waits_for_friends): the preview does it.
 */
struct shadow {
	int		 unit;
	struct point	 pos;
	enum dir	 facing;
	int		 form;
};

static bool
shadow_march(struct game *g, int ui, struct shadow *saved)
{
	struct unit *u = &g->units[ui];
	struct move_preview pv;
	bool moved;

	if (u->cond != COND_FORMED || u->order.kind != ORDER_MOVE ||
	    (u->halt == HALT_CONTACT && u->order.issued <= u->halt_turn &&
	    u->halt_turn >= g->turn - 1) ||
	    move_preview(g, &u->order, &pv) != 0)
		return false;
	moved = pv.cond == COND_FORMED && (pv.pos.x != u->pos.x ||
	    pv.pos.y != u->pos.y || pv.facing != u->facing ||
	    pv.form != u->formation);
	if (moved) {
		saved->unit = ui;
		saved->pos = u->pos;
		saved->facing = u->facing;
		saved->form = u->formation;
		game_occupy(g, ui, false);
		u->pos = pv.pos;
		u->facing = pv.facing;
		u->formation = pv.form;
		game_occupy(g, ui, true);
	}
	move_preview_free(&pv);
	return moved;
}

/* The ruleset's own form of a checked Move order (ai/doctrine.h). */
static void
refine(struct game *g, const struct ai_view *v,
    const struct ai_own *own, struct order *o, enum ai_level lvl)
{
	const struct ai_doctrine *d = g->rs->ops->doctrine;

	if (d != NULL && d->refine != NULL && o->kind == ORDER_MOVE)
		d->refine(g, v, own, o, lvl);
}

/*
 * Order o, vetted and refined from the march orig, would freeze its unit a
 * second turn running (frozen_again): another order instead - a first
 * step aside on the way to the same place (unjam), or failing that a
 * face-about and a first step to the rear, refined as any other,
 * where that makes ground, else Stop, and the march is planned afresh
 * next turn when the friends about it may have moved.
 */
static void
thaw(struct game *g, const struct ai_view *v, const struct ai_own *own,
    const struct order *orig, struct order *o, enum ai_level lvl)
{
	struct order t;
	int about;

	if (!frozen_again(g, o))
		return;
	for (about = 0; about < 1 + about_in_place(g); about++) {
		t = *orig;
		if (t.kind != ORDER_MOVE || !unjam(g, &t, about))
			continue;
		refine(g, v, own, &t, lvl);
		if ((t.kind == ORDER_MOVE || t.kind == ORDER_ACTION) &&
		    !frozen_again(g, &t)) {
			*o = t;
			return;
		}
	}
	o->kind = ORDER_STOP;
	o->npts = 0;
}

/*
 * Keep to the standing march rather than take new Move order o, where o
 * would face the unit about where it stands (3.6.3: a turn of 180 degrees
 * costs 4 BD, a Column's whole move and more) and the march it is under,
 * given on an earlier turn, takes it on without one, towards a place
 * nearer o's goal than it stands, the way o's goal lies (within 45
 * degrees, as seen from where it stands), neither march an assault: the
 * old march still serves, and the face-about would throw away the turn
 * it spent on its way.  At the Côa
 * the Légion du Midi, turned north-east on turn 3 to go round the 3e
 * Hussards, was sent west on turn 4 by a new order, faced about and
 * stood two turns paying for it.
 */
static bool
keep_course(const struct game *g, const struct order *o)
{
	const struct unit *u = &g->units[o->unit];
	const struct order *cur = &u->order;
	struct move_preview pn, ps;
	enum dir back = dir_turn(u->facing, 4);
	struct point old, goal;
	bool keep = false;
	int k;

	if (o->kind != ORDER_MOVE || o->npts == 0 ||
	    cur->kind != ORDER_MOVE || cur->npts == 0 ||
	    cur->issued >= g->turn || u->cond != COND_FORMED ||
	    u->halt == HALT_CONTACT)
		return false;
	old = cur->pts[cur->npts - 1];
	goal = o->pts[o->npts - 1];
	/* An assault (a march onto an enemy, 3.4.5) on a new target, or
	 * from one, is a new situation. */
	if (((k = game_unit_at(g, goal.x, goal.y)) >= 0 &&
	    g->units[k].side != u->side) ||
	    ((k = game_unit_at(g, old.x, old.y)) >= 0 &&
	    g->units[k].side != u->side))
		return false;
	if ((old.x == u->pos.x && old.y == u->pos.y) ||
	    geom_dist(old, goal) >= geom_dist(u->pos, goal) ||
	    dir_diff(geom_heading(u->pos, old),
	    geom_heading(u->pos, goal)) > 1)
		return false;
	if (move_preview_plain(g, o, &pn) != 0)
		return false;
	if (pn.facing == back && pn.form == u->formation &&
	    move_preview_plain(g, cur, &ps) == 0) {
		keep = ps.cond == COND_FORMED && ps.facing != back &&
		    (ps.pos.x != u->pos.x || ps.pos.y != u->pos.y ||
		    ps.facing != u->facing);
		move_preview_free(&ps);
	}
	move_preview_free(&pn);
	return keep;
}

/* Give unit ui's orders of the plan, vetted, and its standing march
 * vetted again; returns the number refused, counts those accepted. */
static int
give_unit(struct game *g, struct ai_plan *p, const struct ai_view *v,
    const struct ai_own *own, enum ai_level lvl, int *ok)
{
	const struct unit *u = &g->units[own->unit];
	struct order o, planned_o;
	char *cause;
	int k, bad = 0;
	bool planned = false;

	for (k = 0; k < p->n; k++) {
		if (p->v[k].unit != own->unit)
			continue;
		planned = true;
		if (lvl >= AI_NORMAL) {
			o = p->v[k];
			vet(g, &p->v[k]);
			refine(g, v, own, &p->v[k], lvl);
			thaw(g, v, own, &o, &p->v[k], lvl);
			if (keep_course(g, &p->v[k]))
				continue;
		}
		if (game_order(g, &p->v[k], &cause) != 0) {
			bad++;
			free(cause);
		} else
			(*ok)++;
	}
	/* Standing marches too: the ground ahead changes as they go. */
	if (planned || lvl < AI_NORMAL || u->cond != COND_FORMED ||
	    u->order.kind != ORDER_MOVE || own->riding)
		return bad;
	o = u->order;
	o.general = u->general;
	planned_o = o;
	vet(g, &o);
	refine(g, v, own, &o, lvl);
	thaw(g, v, own, &planned_o, &o, lvl);
	if (memcmp(&o.pts, &u->order.pts, sizeof o.pts) == 0 &&
	    o.kind == u->order.kind && o.npts == u->order.npts)
		return bad;
	if (game_order(g, &o, &cause) != 0) {
		bad++;
		free(cause);
	} else
		(*ok)++;
	return bad;
}

int
ai_orders(struct game *g, int side, enum ai_level lvl, int *given)
{
	struct ai_view v;
	struct ai_plan p;
	struct shadow *sh = NULL;
	int *occ = NULL;
	size_t cells = (size_t)g->map->w * (size_t)g->map->h;
	int i, k, nsh = 0, bad = 0, ok = 0;
	char *cause;

	if (side < 0 || side >= g->nsides)
		return 0;
	ai_view_fill(g, side, &v);
	ai_think(&v, lvl, &p);
	if (lvl >= AI_NORMAL) {
		/* Unit by unit in the order they will march, each judged
		 * with the friends that march before it moved on; where the
		 * movement phase waits for friends under orders, the Move
		 * preview marches them first itself. */
		sh = xcalloc((size_t)v.nown + 1, sizeof *sh);
		occ = xmallocarray(cells, sizeof *occ);
		memcpy(occ, g->occ, cells * sizeof *occ);
		for (i = 0; i < v.nown; i++) {
			bad += give_unit(g, &p, &v, &v.own[i], lvl, &ok);
			if (!g->rs->waits_for_friends &&
			    shadow_march(g, v.own[i].unit, &sh[nsh]))
				nsh++;
		}
		/* Everyone back where he stands. */
		for (k = nsh - 1; k >= 0; k--) {
			struct unit *u = &g->units[sh[k].unit];

			u->pos = sh[k].pos;
			u->facing = sh[k].facing;
			u->formation = sh[k].form;
		}
		memcpy(g->occ, occ, cells * sizeof *occ);
		free(occ);
		free(sh);
		/* The generals' own rides (unit -1): no march to vet. */
		for (i = 0; i < p.n; i++) {
			if (p.v[i].unit >= 0)
				continue;
			if (game_order(g, &p.v[i], &cause) != 0) {
				bad++;
				free(cause);
			} else
				ok++;
		}
	} else
		for (i = 0; i < p.n; i++) {
			if (game_order(g, &p.v[i], &cause) != 0) {
				bad++;
				free(cause);
			} else
				ok++;
		}
	ai_plan_free(&p);
	ai_view_free(&v);
	if (given != NULL)
		*given = ok;
	return bad;
}

int
ai_answer(struct game *g, const struct decision *d, enum ai_level lvl)
{
	const struct ai_doctrine *doc = g->rs->ops->doctrine;

	if (d->kind == DECIDE_ORDERS && d->phase < 0)
		return ai_orders(g, d->side, lvl, NULL);
	if (doc != NULL && doc->answer != NULL)
		return doc->answer(g, d, lvl);
	return 0;
}

void
ai_controller(struct game *g, int side, void *arg)
{
	enum ai_level lvl = arg != NULL ? *(enum ai_level *)arg : AI_NORMAL;
	struct decision d[DECIDE_MAX];
	int i, n = game_decisions(g, d, DECIDE_MAX);

	/* What the side is asked now: within a turn, the doctrine's. */
	for (i = 0; i < n; i++)
		if (d[i].side == side) {
			ai_answer(g, &d[i], lvl);
			return;
		}
	ai_orders(g, side, lvl, NULL);
}
