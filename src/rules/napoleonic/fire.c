/*
 * napoleonic/fire.c - 3.7 Fire: who may fire (3.7.1), at what range
 * (3.7.2), how many men the volley or the battery hits (3.7.3), and how
 * the target's formation and ground change that (3.7.4).  All fire in the
 * phase is simultaneous: every shot is worked out on the state at the
 * start of the phase, then the losses are taken (3.7.5).  The numbers are
 * the data file's `fire` section; doc/turn.md has the worked examples.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/game.h"
#include "core/near.h"
#include "rules/napoleonic/move.h"
#include "rules/napoleonic/phases.h"
#include "util/xalloc.h"

struct shot {
	int	firer;
	int	target;
	int	hits;
};

/* 3.7.1: formed infantry in a firing formation, unlimbered guns. */
static int
fire_range(const struct game *g, const struct unit *u)
{
	const struct nap_fire *f = &nap_phases(g->rs)->fire;

	if (u->cond != COND_FORMED || u->strength <= 0)
		return -1;
	if (u->arm == ARM_INFANTRY && f->inf_share[u->formation] > 0)
		return f->inf_range;
	if (u->arm == ARM_ARTILLERY &&
	    u->formation == nap_move(g->rs)->unlimbered &&
	    u->klass >= 0 && u->klass < RULES_MAX_FORM &&
	    f->art_range[u->klass] > 0)
		return f->art_range[u->klass];
	return -1;
}

/*
 * 3.7.1, 3.7.2: the nearest enemy in range and in front; -1 if none.
 * Candidates come from the snapshot in index order, so of two enemies
 * at the same gap the first in the order of battle is chosen.
 */
static int
fire_target(const struct game *g, struct near *nr, int u, int range,
    int *gap_out)
{
	const struct nap_fire *f = &nap_phases(g->rs)->fire;
	const struct unit *un = &g->units[u], *e;
	const int *cand;
	int i, k, n, gap, best = -1, bestgap = range + 1;

	n = near_query(nr, u, range, &cand);
	for (k = 0; k < n; k++) {
		i = cand[k];
		e = &g->units[i];
		if (e->side == un->side || unit_gone(e) ||
		    e->strength <= 0)
			continue;
		if ((e->pos.x != un->pos.x || e->pos.y != un->pos.y) &&
		    dir_diff(un->facing, geom_heading(un->pos, e->pos)) >
		    f->arc)
			continue;
		gap = near_gap(nr, g, u, i);
		if (gap < bestgap) {
			bestgap = gap;
			best = i;
		}
	}
	*gap_out = bestgap;
	return best;
}

/* 3.7.3, 3.7.4: the men one unit's fire hits, explained in the log. */
static int
fire_hits(struct game *g, int u, int t, int gap)
{
	const struct nap_fire *f = &nap_phases(g->rs)->fire;
	const struct unit *un = &g->units[u], *e = &g->units[t];
	int roll, pips, base, firing, per, hits, tpct, cpct, land;
	char gap_s[32], who[320];

	ruleset_fmt(g->rs, gap, gap_s, sizeof gap_s);
	/* A router is shot when it is the nearest enemy in front, formed
	 * ones farther off or not: say so, or the player takes the fire
	 * for a blunder (found in play at the Côa). */
	if (e->cond == COND_ROUTED)
		snprintf(who, sizeof who, "the routed %s, the nearest enemy "
		    "in its front (3.7.1),", e->name);
	else
		snprintf(who, sizeof who, "%s,", e->name);
	roll = rng_die(&g->rng, f->die);
	pips = roll + nap_drill(g->rs, un) - f->drill_base;
	if (pips < 0)
		pips = 0;
	if (un->arm == ARM_INFANTRY) {
		firing = un->strength * f->inf_share[un->formation] / 100;
		base = firing * pips * f->inf_permille / 1000;
		game_log_with(g, u, t, EV_NOTE, "3.7.3",
		    "%s fires at %s %s away: "
		    "%d men in %s, %d%% fire = %d; 1d%d = %d + Drill %d - %d = "
		    "%d pips; %d x %d x %d / 1000 = %d hits", un->name,
		    who, gap_s, un->strength,
		    g->rs->form[un->formation].label,
		    f->inf_share[un->formation], firing, f->die, roll,
		    nap_drill(g->rs, un), f->drill_base, pips, firing, pips,
		    f->inf_permille, base);
	} else {
		per = gap <= f->canister ? f->art_canister : f->art_long;
		base = un->strength * pips * per;
		game_log_with(g, u, t, EV_NOTE, "3.7.3",
		    "%s fires %s at %s %s away: "
		    "1d%d = %d + Drill %d - %d = %d pips; %d guns x %d pips x "
		    "%d = %d hits", un->name, gap <= f->canister ? "canister" :
		    "roundshot", who, gap_s, f->die, roll,
		    nap_drill(g->rs, un),
		    f->drill_base, pips, un->strength, pips, per, base);
	}
	tpct = f->target[e->formation];
	land = map_cell(g->map, e->pos.x, e->pos.y)->land;
	cpct = f->cover[land];
	hits = base * tpct / 100 * cpct / 100;
	game_log_with(g, u, t, EV_NOTE, "3.7.4",
	    "target in %s %d%%, on %s %d%%: "
	    "%d x %d%% x %d%% = %d %s hit", g->rs->form[e->formation].label,
	    tpct, g->rs->land[land].label, cpct, base, tpct, cpct, hits,
	    hits == 1 ? "man" : "men");
	return hits;
}

void
nap_phase_fire(struct game *g)
{
	struct shot *shots = xcalloc((size_t)g->nunits + 1, sizeof *shots);
	struct near *nr = near_create(g, 0);
	int i, n = 0, range, gap, t, lost, before;

	for (i = 0; i < g->nunits; i++) {
		if ((range = fire_range(g, &g->units[i])) < 0)
			continue;
		if ((t = fire_target(g, nr, i, range, &gap)) < 0)
			continue;
		shots[n].firer = i;
		shots[n].target = t;
		shots[n].hits = fire_hits(g, i, t, gap);
		n++;
	}
	near_free(nr);
	/* 3.7.5: simultaneous, so losses are taken after every shot. */
	for (i = 0; i < n; i++) {
		t = shots[i].target;
		before = g->units[t].strength;
		lost = nap_casualties(g, t, shots[i].hits);
		game_log_with(g, t, shots[i].firer, EV_CONDITION, "3.7.5",
		    "%s loses %d %s to the "
		    "fire of %s (%d -> %d)", g->units[t].name, lost,
		    lost == 1 ? "man" : "men",
		    g->units[shots[i].firer].name, before,
		    g->units[t].strength);
	}
	free(shots);
}
