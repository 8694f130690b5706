/*
 * morale.c - HO.9 morale, routs and prisoners, HO.2 rally (with HO.9.3's
 * re-forming under a Restore order) and HO.5 the facing phase (the seed's
 * H13 as marshal reads it: automatic, about the block's centre, with its
 * room checks).  Flight follows the Napoleonic rout track: straight for
 * the side's rear, cell by cell.  The numbers are the data file's
 * `morale` and `rally` sections and the H1/H2 rout figures.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/move.h"
#include "rules/horse-and-musket/turn.h"

bool
hm_morale_test(struct game *g, int u, const char *rule, const char *why)
{
	const struct hm_turn *t = hm_turn(g->rs);
	struct unit *un = &g->units[u];
	char expl[200], dice[40], rw[64];
	int target, roll, worn, gen;
	size_t k;

	target = hm_drill(g, u) + t->base;
	k = (size_t)snprintf(expl, sizeof expl, "Drill %d + %d",
	    hm_drill(g, u), t->base);
	worn = hm_hits_taken(g, u) / t->per_hits;
	if (worn > 0) {
		target -= worn;
		k += (size_t)snprintf(expl + k, sizeof expl - k, " -%d (%d hits "
		    "in all)", worn, hm_hits_taken(g, u));	/* worn >= 1 */
	}
	if (un->cond == COND_MOB && k < sizeof expl) {
		target += t->mo_disordered;
		k += (size_t)snprintf(expl + k, sizeof expl - k,
		    " %+d (Disordered)", t->mo_disordered);
	}
	if ((gen = hm_general_near(g, u)) >= 0 && k < sizeof expl) {
		target += t->general;
		snprintf(expl + k, sizeof expl - k, " %+d (%s near)",
		    t->general, g->generals[gen].name);
	}
	roll = hm_roll(g, t->dice, t->mo_die, dice, sizeof dice);
	if (roll <= target) {
		game_log(g, u, EV_CONDITION, rule, "%s tests morale (%s): needs "
		    "%d or less (%s); rolls %d (%s): passes", un->name, why,
		    target, expl, roll, dice);
		return true;
	}
	game_log(g, u, EV_CONDITION, rule, "%s tests morale (%s): needs %d or "
	    "less (%s); rolls %d (%s): fails by %d", un->name, why, target,
	    expl, roll, dice, roll - target);
	if (roll - target >= t->rout_margin || un->cond == COND_MOB) {
		snprintf(rw, sizeof rw, un->cond == COND_MOB ? "failed while "
		    "Disordered" : "failed by %d", roll - target);
		hm_rout(g, u, "HO.9.2", rw);
	}
	return false;
}

/* HO.9.1, HO.9.2: the morale phase's own test and what failing does. */
static void
phase_test(struct game *g, int u)
{
	const struct hm_turn *t = hm_turn(g->rs);
	struct unit *un = &g->units[u];
	char why[64];
	int h = hm_hits_turn(g, u);

	if (!unit_active(un) || (un->cond != COND_FORMED &&
	    un->cond != COND_MOB))
		return;
	if ((h < t->shaken && !(HM_MARKS(un) & HM_FLANKED)) ||
	    (HM_MARKS(un) & HM_TESTED))
		return;			/* a charger has tested already */
	if (h >= t->shaken)
		snprintf(why, sizeof why, "%d hits this turn", h);
	else
		snprintf(why, sizeof why, "charged in a flank or the rear");
	if (hm_morale_test(g, u, "HO.9.1", why) || un->cond == COND_ROUTED)
		return;
	un->cond = COND_MOB;
	if (un->contact >= 0 && g->units[un->contact].contact == u)
		g->units[un->contact].contact = -1;
	un->contact = -1;
	game_log(g, u, EV_CONDITION, "HO.9.2", "%s is Disordered", un->name);
	hm_fall_back(g, u, "HO.9.2");
}

/*
 * Where a router would stand at p facing f: 0 alone, its whole block
 * free; 1 where it may run on but not stop (its block over a friend, or
 * over the enemy it is getting away from: a fleeing crowd is no block
 * until it halts); 2 its block partly off the map (it runs off the
 * field); -1 its front cell on the enemy (it goes no further).
 */
static int
flee_way(const struct game *g, int u, struct point p, enum dir f)
{
	struct point *cells;
	int i, n, who, way = 0;

	who = game_unit_at(g, p.x, p.y);
	if (who >= 0 && who != u && g->units[who].side != g->units[u].side)
		return -1;

	cells = game_cells_take(g);
	n = game_footprint_at(g, &g->units[u], p, f, g->units[u].formation,
	    cells);
	for (i = 0; i < n; i++) {
		if (!map_inside(g->map, cells[i].x, cells[i].y)) {
			way = 2;
			continue;
		}
		who = game_unit_at(g, cells[i].x, cells[i].y);
		if (who < 0 || who == u)
			continue;
		if (way == 0)
			way = 1;
	}
	game_cells_give(g, cells);
	return way;
}

/* HO.9.3: flee along the track at the Rout figure; off the map, lost. */
static void
flee(struct game *g, int u)
{
	const struct hm_turn *t = hm_turn(g->rs);
	struct unit *un = &g->units[u];
	struct point from = un->pos;
	struct move_walk w;
	struct point end;
	enum dir end_facing;
	int d, cost, left, used = 0, k = 0, way, end_k = 0, end_used = 0;
	char have[32], gone[32];

	if (un->klass >= 0 && un->klass < HM_MAX_CLASS && t->stays[un->klass])
		return;				/* H11 */
	left = un->klass >= 0 && un->klass < HM_MAX_CLASS ?
	    t->rout[un->klass] : 0;
	/* The way to its rear from where it stands now (it may have been
	 * pushed back since it routed, or routed in the scenario). */
	hm_track(g, u);
	if (un->ntrack == 0) {
		hm_remove(g, u, COND_DISPERSED);
		game_log(g, u, EV_CONDITION, "HO.9.3", "%s flees from its rear "
		    "off the field and is lost to its side", un->name);
		return;
	}
	game_occupy(g, u, false);
	move_walk_init(g, u, &w);
	w.allowance = w.left = left;
	/* Through friends it runs for nothing (H12), but it must end
	 * where it stands alone: the last such place on its way. */
	end = un->pos;
	end_facing = un->facing;
	while (k < un->ntrack) {
		d = dir_between(un->pos, un->track[k]);
		if (d < 0)
			break;
		w.pos = un->pos;
		w.facing = un->facing;
		cost = hm_step(g, &w, (enum dir)d);	/* H3, H4 */
		way = flee_way(g, u, un->track[k], (enum dir)d);
		if (way < 0)
			break;		/* the enemy */
		if (way == 2) {
			cost = dir_step_cost((enum dir)d);
			/* Its block reaches past the map's edge: it runs
			 * off the field. */
			move_walk_free(&w);
			ruleset_fmt(g->rs, used + cost, gone, sizeof gone);
			hm_remove(g, u, COND_DISPERSED);
			game_log(g, u, EV_CONDITION, "HO.9.3", "%s flees %s "
			    "from [%d, %d] off the field at its edge: lost to "
			    "its side", un->name, gone, from.x, from.y);
			return;
		}
		if (cost < 0 || cost > left)
			break;
		un->pos = un->track[k];
		un->facing = (enum dir)d;
		left -= cost;
		w.left = left;
		used += cost;
		k++;
		if (way == 0) {
			end = un->pos;
			end_facing = un->facing;
			end_k = k;
			end_used = used;
		}
	}
	move_walk_free(&w);
	un->pos = end;
	un->facing = end_facing;
	k = end_k;
	used = end_used;
	game_occupy(g, u, true);
	un->ntrack -= k;
	memmove(un->track, un->track + k, (size_t)un->ntrack *
	    sizeof *un->track);
	un->moved = used;
	ruleset_fmt(g->rs, t->rout[un->klass], have, sizeof have);
	ruleset_fmt(g->rs, used, gone, sizeof gone);
	if (un->ntrack == 0 && left > 0) {
		hm_remove(g, u, COND_DISPERSED);
		game_log(g, u, EV_CONDITION, "HO.9.3", "%s flees %s of its %s "
		    "Rout move to [%d, %d] and on off the field: lost to its "
		    "side", un->name, gone, have, un->pos.x, un->pos.y);
		return;
	}
	game_log(g, u, EV_MOVE, "HO.9.3", "%s flees %s of its %s Rout move, "
	    "[%d, %d] to [%d, %d]", un->name, gone, have, from.x, from.y,
	    un->pos.x, un->pos.y);
}

bool
hm_disperse_spent(struct game *g, int u)
{
	struct unit *un = &g->units[u];

	if (unit_gone(un) || un->strength > 0)
		return false;
	hm_remove(g, u, COND_DISPERSED);
	game_log(g, u, EV_CONDITION, "HO.9.4", "%s has taken %d hits and is "
	    "dispersed", un->name, hm_turn(g->rs)->hits_per_unit);
	return true;
}

/* HO.9.4: a formed enemy touching router r takes it. */
static void
taken(struct game *g, int r)
{
	int j;

	for (j = 0; j < g->nunits; j++) {
		if (!hm_enemies(g, r, j) || g->units[j].cond != COND_FORMED ||
		    hm_gap(g, r, j) > 0)
			continue;
		game_log_with(g, r, j, EV_CONDITION, "HO.9.4",
		    "%s reaches the routed %s: %d men surrender",
		    g->units[j].name, g->units[r].name, g->units[r].strength);
		hm_remove(g, r, COND_CAPTURED);
		return;
	}
}

void
hm_phase_morale(struct game *g)
{
	int u;

	/* HO.9.4: a unit of ten hits is dispersed (fire and melee disperse
	 * theirs at once: this finds any other). */
	for (u = 0; u < g->nunits; u++)
		(void)hm_disperse_spent(g, u);
	/* Routers a formed enemy reached this turn; not those that routed
	 * in this turn's melee, who turn and run first. */
	for (u = 0; u < g->nunits; u++)
		if (g->units[u].cond == COND_ROUTED &&
		    !(HM_MARKS(&g->units[u]) & HM_ROUTED))
			taken(g, u);
	for (u = 0; u < g->nunits; u++)
		phase_test(g, u);
	for (u = 0; u < g->nunits; u++)
		if (g->units[u].cond == COND_ROUTED)
			flee(g, u);
}

/* The nearest enemy still fighting within gap of u, or -1. */
static int
near_enemy(const struct game *g, int u, int gap, bool formed, int *found)
{
	int j, gp, best = -1;

	*found = gap + 1;
	for (j = 0; j < g->nunits; j++) {
		if (!hm_enemies(g, u, j) || !unit_active(&g->units[j]) ||
		    g->units[j].cond == COND_ROUTED ||
		    (formed && g->units[j].cond != COND_FORMED))
			continue;
		gp = hm_gap(g, u, j);
		if (gp <= gap && gp < *found) {
			*found = gp;
			best = j;
		}
	}
	return best;
}

/* HO.2: routed unit u tests to rally. */
static void
rally(struct game *g, int u)
{
	const struct hm_turn *t = hm_turn(g->rs);
	struct unit *un = &g->units[u];
	char expl[120], dice[40], gap[32];
	int e, found, target, roll, gen;

	if (un->arm == ARM_ARTILLERY)
		return;			/* crews and wagons never rally */
	if ((e = near_enemy(g, u, t->rally_gap, true, &found)) >= 0) {
		ruleset_fmt(g->rs, found, gap, sizeof gap);
		game_log(g, u, EV_NOTE, "HO.2", "%s cannot rally: %s is %s "
		    "away; it flees on", un->name, g->units[e].name, gap);
		return;
	}
	target = hm_drill(g, u) + t->rally_base;
	snprintf(expl, sizeof expl, "Drill %d + %d", hm_drill(g, u),
	    t->rally_base);
	if ((gen = hm_general_near(g, u)) >= 0) {
		target += t->general;
		snprintf(expl + strlen(expl), sizeof expl - strlen(expl),
		    " %+d (%s near)", t->general, g->generals[gen].name);
	}
	roll = hm_roll(g, t->dice, t->mo_die, dice, sizeof dice);
	if (roll > target) {
		game_log(g, u, EV_CONDITION, "HO.2", "%s tries to rally: needs "
		    "%d or less (%s); rolls %d (%s): it flees on", un->name,
		    target, expl, roll, dice);
		return;
	}
	un->cond = COND_MOB;
	un->order.kind = ORDER_NONE;
	free(un->track);
	un->track = NULL;
	un->ntrack = 0;
	if ((e = near_enemy(g, u, 1 << 28, false, &found)) >= 0) {
		game_occupy(g, u, false);
		if (game_fits(g, u, un->pos, geom_heading(un->pos,
		    g->units[e].pos), un->formation, -1, NULL) == 0)
			un->facing = geom_heading(un->pos, g->units[e].pos);
		game_occupy(g, u, true);
	}
	game_log(g, u, EV_CONDITION, "HO.2", "%s tries to rally: needs %d or "
	    "less (%s); rolls %d (%s): it rallies, Disordered, facing %s",
	    un->name, target, expl, roll, dice, dir_name(un->facing));
}

/* HO.9.3: a Disordered unit under a Restore order re-forms. */
static void
restore(struct game *g, int u)
{
	const struct hm_turn *t = hm_turn(g->rs);
	struct unit *un = &g->units[u];
	char gap[32];
	int e, found;

	if ((e = near_enemy(g, u, t->restore_gap, false, &found)) >= 0) {
		ruleset_fmt(g->rs, found, gap, sizeof gap);
		game_log(g, u, EV_NOTE, "HO.9.3", "%s cannot re-form: %s is %s "
		    "away", un->name, g->units[e].name, gap);
		return;
	}
	un->cond = COND_FORMED;
	un->order.kind = ORDER_NONE;
	game_log(g, u, EV_CONDITION, "HO.9.3", "%s spends its move "
	    "re-forming: formed again", un->name);
}

void
hm_phase_rally(struct game *g)
{
	int u;

	for (u = 0; u < g->nunits; u++) {
		if (g->units[u].cond == COND_ROUTED && !unit_gone(&g->units[u]))
			rally(g, u);
		else if (g->units[u].cond == COND_MOB && unit_active(
		    &g->units[u]) && g->units[u].order.kind == ORDER_RESTORE)
			restore(g, u);
	}
}
