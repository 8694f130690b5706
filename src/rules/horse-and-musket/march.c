/*
 * march.c - the horse-and-musket movement phase (HO.4): Formation orders
 * first (H5 for foot and horse, H6 for guns), then every Move order in
 * order of battle through the movement engine, a unit holding the retire
 * action (H7) marching to its point keeping its facing.
 */
#include "config.h"

#include <string.h>

#include "core/game.h"
#include "core/move.h"
#include "rules/horse-and-musket/hm.h"
#include "rules/horse-and-musket/move.h"
#include "rules/horse-and-musket/turn.h"

/* Ticks as inches. */
static const char *
inch(const struct ruleset *rs, int ticks, char *buf, size_t len)
{
	ruleset_fmt(rs, ticks, buf, len);
	return buf;
}

/* H5: how far the farthest base goes when a unit of two bases changes
 * between Line (side by side) and Column (one behind the other) about
 * the same anchor: a quarter of the Line's frontage across and a Line's
 * depth back, as an octile distance in ticks. */
static int
change_travel(const struct ruleset *rs, const struct unit *u, int line)
{
	int dx = rs->form[line].frontage[u->arm] / 4;
	int dy = rs->form[line].depth[u->arm];
	int dg = dx < dy ? dx : dy;

	return dg * STEP_DIAG + (dx + dy - 2 * dg) * STEP_ORTHO;
}

/* The poorest share of speed (H3) of the ground under unit i's block:
 * its Line move there, for the H5 cap.  *land gets that ground. */
static int
line_move_here(const struct game *g, int i, int *land)
{
	const struct ruleset *rs = g->rs;
	const struct hm_move *m = hm_move(rs);
	const struct unit *u = &g->units[i];
	struct point *c = game_cells_take(g);
	int n = game_footprint(g, u, c), k, l, best = -1, mv, v;
	int lm = hm_max_move(rs, u, m->line, COND_FORMED);
	struct hm_share s;

	mv = hm_mover_of(rs, u);
	*land = -1;
	for (k = 0; k < n; k++) {
		if (!map_inside(g->map, c[k].x, c[k].y))
			continue;
		l = map_cell(g->map, c[k].x, c[k].y)->land;
		s = m->terrain[l][mv];
		v = s.den == 0 ? 0 : lm * s.num / s.den;
		if (best < 0 || v < best) {
			best = v;
			*land = l;
		}
	}
	game_cells_give(g, c);
	return best < 0 ? lm : best;
}

/* A Formation order (H5, H6): the change, standing. */
static void
change_formation(struct game *g, int i)
{
	const struct ruleset *rs = g->rs;
	const struct hm_move *m = hm_move(rs);
	struct unit *u = &g->units[i];
	struct point bad;
	int f = u->order.formation, t, cap, land, k;
	char a[32], b[32];

	if (f < 0 || f >= rs->nform || u->formation == f)
		return;
	/* A refusal names the formation the order asks for, which the
	 * enemy cannot see on the map (the unit stays as it was): only its
	 * own side reads it (core/know.h). */
	if (game_fits(g, i, u->pos, u->facing, f, -1, &bad) != 0) {
		k = game_log(g, i, EV_FORMATION, u->arm == ARM_ARTILLERY ?
		    "H6" : "H5", "%s has no room to form %s here (cell [%d, "
		    "%d])", u->name, rs->form[f].label, bad.x, bad.y);
		g->log.v[k].own = true;
		return;
	}
	if (u->arm == ARM_ARTILLERY) {
		game_occupy(g, i, false);
		game_log(g, i, EV_FORMATION, "H6", "%s changes from %s to %s "
		    "on its Formation order: %s, standing", u->name,
		    rs->form[u->formation].label, rs->form[f].label,
		    m->limber_takes_move ? "it takes the whole move" :
		    "it stands");
		u->formation = f;
		game_occupy(g, i, true);
		u->moved = 0;
		return;
	}
	t = change_travel(rs, u, m->line);
	cap = line_move_here(g, i, &land);
	if (t > cap) {
		k = game_log(g, i, EV_FORMATION, "H5", "%s cannot form %s "
		    "here: its farthest base would go %s, more than its Line "
		    "move of %s%s%s", u->name, rs->form[f].label,
		    inch(rs, t, a, sizeof a), inch(rs, cap, b, sizeof b),
		    land >= 0 ? " in " : "", land >= 0 ?
		    rs->land[land].label : "");
		g->log.v[k].own = true;
		return;
	}
	game_occupy(g, i, false);
	game_log(g, i, EV_FORMATION, "H5", "%s changes from %s to %s on its "
	    "Formation order: the farthest base goes %s (%d ticks), within "
	    "its Line move of %s", u->name, rs->form[u->formation].label,
	    rs->form[f].label, inch(rs, t, a, sizeof a), t,
	    inch(rs, cap, b, sizeof b));
	u->formation = f;
	game_occupy(g, i, true);
	u->moved = t;
}

/* H7: the Move order a retire (act, given on turn `turn`) is walked as:
 * one point, the retire's, with no formation or facing of its own. */
static void
retire_move(const struct order *act, int unit, struct order *o)
{
	memset(o, 0, sizeof *o);
	o->kind = ORDER_MOVE;
	o->unit = unit;
	o->general = act->general;
	o->formation = -1;
	o->facing = -1;
	o->npts = 1;
	o->pts[0] = act->pts[0];
	o->issued = act->issued;
}

/* H7: a unit holding the retire action marches to its point under a
 * Move order, keeping its facing, until it arrives. */
static void
retire_order(struct game *g, int i)
{
	struct unit *u = &g->units[i];

	if (u->order.kind == ORDER_MOVE && u->order.npts == 1 &&
	    u->order.pts[0].x == u->act.pts[0].x &&
	    u->order.pts[0].y == u->act.pts[0].y)
		return;
	retire_move(&u->act, i, &u->order);
	u->order.arrives = g->turn;
	u->waypoint = 0;
}

/* H7: the march of a retire, for its preview (ruleset op action_march):
 * the unit holds the retire, given this turn, and walks its Move. */
int
hm_action_march(const struct game *g, const struct order *act,
    struct unit *as, struct order *move)
{
	if (act->action != HM_ACTION_RETIRE || act->npts != 1)
		return -1;
	as->act = *act;
	as->act.issued = g->turn;
	as->act.arrives = g->turn;
	retire_move(&as->act, act->unit, move);
	move->arrives = g->turn;
	as->order = *move;
	as->waypoint = 0;
	return 0;
}

/* HO.4: the movement phase.  HO.3.2 holds chargers and their targets
 * still: a unit charged this turn does not march, whatever order or
 * retire (H7) it holds; HO.7 holds the two sides of a tied melee, which
 * fight again this turn. */
void
hm_phase_movement(struct game *g)
{
	struct move_ctx *ctx;
	struct unit *u;
	int i, foe, k;

	for (i = 0; i < g->nunits; i++) {
		u = &g->units[i];
		if (unit_active(u) && u->order.kind == ORDER_FORMATION &&
		    !hm_retiring(g, i))
			change_formation(g, i);
	}
	ctx = move_ctx_create(g);
	for (i = 0; i < g->nunits; i++) {
		u = &g->units[i];
		/* The next unit's ground, asked for while this one walks. */
		move_prefetch(g, i + 1);
		if (!unit_active(u))
			continue;
		/* Either line says the unit held an order to march: only
		 * its own side reads it (core/know.h). */
		if ((HM_MARKS(u) & (HM_CHARGER | HM_CHARGED)) &&
		    (u->order.kind == ORDER_MOVE || hm_retiring(g, i))) {
			k = game_log(g, i, EV_MOVE, "HO.3.2", "%s does not "
			    "march: %s this turn, it stands", u->name,
			    HM_MARKS(u) & HM_CHARGER ? "it charged" :
			    "charged");
			g->log.v[k].own = true;
			u->moved = 0;
			continue;
		}
		if ((u->order.kind == ORDER_MOVE || hm_retiring(g, i)) &&
		    (foe = hm_melee_foe(g, i)) >= 0) {
			k = game_log_with(g, i, foe, EV_MOVE, "HO.7",
			    "%s does not march: it is locked in melee with %s "
			    "since a tie, and they fight again this turn",
			    u->name, g->units[foe].name);
			g->log.v[k].own = true;
			u->moved = 0;
			continue;
		}
		if (hm_retiring(g, i) && u->act.npts > 0)
			retire_order(g, i);
		if (u->order.kind == ORDER_MOVE) {
			move_unit(g, ctx, i, -1, NULL, NULL);
			if (hm_retiring(g, i) &&
			    (u->order.kind != ORDER_MOVE ||
			    u->halt == HALT_ARRIVED))
				u->act.kind = ORDER_NONE;
		} else if (u->order.kind != ORDER_FORMATION)
			u->moved = 0;
	}
	move_ctx_free(ctx);
}
