/*
 * napoleonic/rally.c - 3.3 Rally: a routed unit that has shaken off the
 * enemy (3.3.1) and stands at its rear or near one of its generals tests
 * to stop running (3.3.2).  Success leaves it a Mob, which a Restore order
 * re-forms (3.5.1); failure keeps it fleeing.  The numbers are the data
 * file's `rally` section and the morale dice; doc/turn.md has the reading.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/game.h"
#include "core/near.h"
#include "rules/napoleonic/move.h"
#include "rules/napoleonic/phases.h"

/* A bound no map reaches, for "no enemy found". */
#define FAR	1000000

/* 3.3.1: the nearest general of the unit's side within reach, or -1. */
static int
near_general(const struct game *g, const struct unit *u, int reach)
{
	int i, d, best = -1, bestd = reach + 1;

	for (i = 0; i < g->ngenerals; i++) {
		if (g->generals[i].side != u->side)
			continue;
		d = geom_dist(g->generals[i].pos, u->pos);
		if (d < bestd) {
			bestd = d;
			best = i;
		}
	}
	return best;
}

/* 3.3.1: the nearest enemy still fighting within gap of unit u, or -1. */
static int
near_enemy(struct game *g, struct near *nr, int u, int gap, int *found)
{
	const int *cand;
	int k, n, j, gp, best = -1;

	*found = FAR;
	n = near_query(nr, u, gap, &cand);
	for (k = 0; k < n; k++) {
		j = cand[k];
		if (g->units[j].side == g->units[u].side ||
		    !unit_active(&g->units[j]) ||
		    g->units[j].cond == COND_ROUTED)
			continue;
		gp = near_gap(nr, g, u, j);
		if (gp <= gap && gp < *found) {
			*found = gp;
			best = j;
		}
	}
	return best;
}

/* 3.3.2: the rally test of routed unit u, with general gen near or -1. */
static void
rally_test(struct game *g, int u, int gen)
{
	const struct nap_phases *p = nap_phases(g->rs);
	const struct nap_rally *r = &p->rally;
	struct unit *un = &g->units[u];
	char expl[256], dice[64];
	int target, roll = 0, i, d, n = 0, dn = 0, pct, worn;

	target = nap_drill(g->rs, un) + r->base;
	n += snprintf(expl + n, sizeof expl - (size_t)n, "Drill %d + %d",
	    nap_drill(g->rs, un), r->base);
	if (nap_musician(g->rs, un)) {
		target += r->musician;
		n += snprintf(expl + n, sizeof expl - (size_t)n,
		    " %+d (musician)", r->musician);
	}
	if (gen >= 0) {
		target += r->general;
		n += snprintf(expl + n, sizeof expl - (size_t)n,
		    " %+d (%s near)", r->general, g->generals[gen].name);
	}
	pct = un->strength0 > 0 ?
	    (un->strength0 - un->strength) * 100 / un->strength0 : 0;
	worn = pct / r->per_losses;
	if (worn > 0) {
		target -= worn;
		snprintf(expl + n, sizeof expl - (size_t)n,
		    " -%d (%d%% lost in all)", worn, pct);
	}
	for (i = 0; i < p->morale.dice; i++) {
		d = rng_die(&g->rng, p->morale.die);
		roll += d;
		dn += snprintf(dice + dn, sizeof dice - (size_t)dn, "%s%d",
		    i ? "+" : "", d);
	}
	if (roll > target) {
		game_log(g, u, EV_CONDITION, "3.3.2", "%s tries to rally: "
		    "needs %d or less (%s); rolls %d (%s): it stays routed",
		    un->name, target, expl, roll, dice);
		return;
	}
	un->cond = COND_MOB;
	un->contact = -1;
	un->order.kind = ORDER_NONE;
	un->moved = 0;
	free(un->track);
	un->track = NULL;
	un->ntrack = 0;
	game_log(g, u, EV_CONDITION, "3.3.2", "%s tries to rally: needs %d "
	    "or less (%s); rolls %d (%s): it rallies, a Mob until a Restore "
	    "order re-forms it (3.5.1)", un->name, target, expl, roll, dice);
}

void
nap_phase_rally(struct game *g)
{
	const struct nap_rally *r = &nap_phases(g->rs)->rally;
	struct near *nr = NULL;
	struct unit *un;
	char gap[32], lim[32];
	int i, e, gen, found;
	bool rear;

	for (i = 0; i < g->nunits; i++) {
		un = &g->units[i];
		if (un->cond != COND_ROUTED)
			continue;
		if (nr == NULL)
			nr = near_create(g, 0);	/* rallying moves nobody */
		/* 3.3.1: the enemy must be shaken off first. */
		if ((e = near_enemy(g, nr, i, r->enemy_gap, &found)) >= 0) {
			ruleset_fmt(g->rs, found, gap, sizeof gap);
			ruleset_fmt(g->rs, r->enemy_gap, lim, sizeof lim);
			game_log(g, i, EV_NOTE, "3.3.1", "%s cannot rally: %s "
			    "is %s away, within %s; it stays routed", un->name,
			    g->units[e].name, gap, lim);
			continue;
		}
		gen = near_general(g, un, r->general_reach);
		rear = un->track != NULL && un->ntrack == 0;
		if (!rear && un->pos.x == g->sides[un->side].rear.x &&
		    un->pos.y == g->sides[un->side].rear.y)
			rear = true;
		if (gen < 0 && !rear) {
			ruleset_fmt(g->rs, r->general_reach, lim, sizeof lim);
			game_log(g, i, EV_NOTE, "3.3.1", "%s cannot rally yet: "
			    "it is neither at its rear nor within %s of a "
			    "general; it stays routed", un->name, lim);
			continue;
		}
		rally_test(g, i, gen);
	}
	if (nr != NULL)
		near_free(nr);
}
