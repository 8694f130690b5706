/*
 * fire.c - HO.6 fire: who fires (HO.6.1), at what range and with how many
 * dice (HO.6.2), what hits (HO.6.3), and the charger shaken by closing
 * fire (HO.6.4).  The fire phase works on the state at its start: every
 * unit picks its target and rolls, then all hits are taken together.
 * The numbers are the data file's `fire` section.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/game.h"
#include "core/near.h"
#include "rules/horse-and-musket/turn.h"
#include "util/xalloc.h"

bool
hm_may_fire(const struct game *g, int u)
{
	const struct hm_turn *t = hm_turn(g->rs);
	const struct unit *un = &g->units[u];
	int i;

	if (!unit_active(un) || (un->cond != COND_FORMED &&
	    un->cond != COND_MOB))
		return false;
	if (un->klass < 0 || un->klass >= HM_MAX_CLASS ||
	    t->weapon[un->klass] < 0 || un->formation < 0 ||
	    t->bases[un->formation] <= 0)
		return false;
	if (un->arm == ARM_CAVALRY && (!t->mounted_fire[un->formation] ||
	    (HM_MARKS(un) & (HM_NOFIRE | HM_REINED))))
		return false;
	if (un->arm == ARM_INFANTRY && un->contact >= 0 &&
	    !(HM_MARKS(un) & (HM_CHARGER | HM_CHARGED)))
		return false;		/* held in melee from an earlier turn */
	if (un->arm == ARM_ARTILLERY)
		/* A gun deployed this turn fires next turn. */
		for (i = g->log.n - 1; i >= 0 && g->log.v[i].turn == g->turn;
		    i--)
			if (g->log.v[i].unit == u &&
			    g->log.v[i].kind == EV_FORMATION)
				return false;
	return true;
}

/*
 * The unit that charged each unit this turn (-1: none), the first in the
 * order of units: its contact, an enemy, marked a charger.  One pass over
 * the units for them all (allocated, caller frees).
 */
static int *
chargers(const struct game *g)
{
	int *by = xmallocarray((size_t)g->nunits, sizeof *by);
	int j, c;

	for (j = 0; j < g->nunits; j++)
		by[j] = -1;
	for (j = 0; j < g->nunits; j++) {
		c = g->units[j].contact;
		if (c >= 0 && c < g->nunits && by[c] < 0 &&
		    (HM_MARKS(&g->units[j]) & HM_CHARGER) &&
		    hm_enemies(g, c, j))
			by[c] = j;
	}
	return by;
}

/* HO.6.1: its charger (charger, -1 none), else the nearest enemy in its
 * front arc within range: the first of the nearest in the order of units,
 * among those the snapshot nr finds within range. */
static int
target_of(const struct game *g, struct near *nr, int charger, int u,
    int range)
{
	const int *near;
	int j, k, n, gap, best = -1, bestgap = range + 1;

	if (charger >= 0)
		return charger;
	n = near_query(nr, u, range, &near);
	for (k = 0; k < n; k++) {
		j = near[k];
		if (!hm_enemies(g, u, j) || g->units[j].cond == COND_AWAY)
			continue;
		if (!hm_in_arc(g, u, j, hm_turn(g->rs)->fire_arc))
			continue;
		gap = near_gap(nr, g, u, j);	/* hm_gap's, from nr */
		if (gap < bestgap) {
			bestgap = gap;
			best = j;
		}
	}
	return best;
}

/* The longest range of u's weapon. */
static const struct hm_weapon *
weapon(const struct game *g, int u)
{
	const struct hm_turn *t = hm_turn(g->rs);

	return &t->weapons[t->weapon[g->units[u].klass]];
}

static int
max_range(const struct hm_weapon *w)
{
	return w->long_range > w->short_range ? w->long_range : w->short_range;
}

int
hm_fire_range(const struct game *g, int u)
{
	return max_range(weapon(g, u));
}

/*
 * HO.6.2, HO.6.3: f's dice at t, logged; returns the hits (not yet
 * taken), or -1 if t is out of range.
 */
static int
volley(struct game *g, int f, int tg)
{
	const struct hm_turn *t = hm_turn(g->rs);
	const struct unit *fu = &g->units[f], *tu = &g->units[tg];
	const struct hm_weapon *w = weapon(g, f);
	char mods[160], dice[96], range[32];
	int gap = hm_gap(g, f, tg), need, ndice, hits = 0, i, r, m = 0;
	int bases = t->bases[fu->formation];
	bool isshort;
	size_t k = 0;

	if (gap < 0)
		gap = 0;
	if (gap > max_range(w))
		return -1;
	isshort = gap <= w->short_range;
	need = isshort ? t->short_hits : t->long_hits;
	ndice = bases * (isshort ? w->short_dice : w->long_dice);
	mods[0] = '\0';
	if (hm_in_cover(g, tg) || hm_behind(g, tg, f)) {
		m += t->cover_mod;
		k += (size_t)snprintf(mods + k, sizeof mods - k, " %+d (cover)",
		    t->cover_mod);
	}
	if (hm_open_order(g, tg) || (tu->formation >= 0 &&
	    t->hard_form[tu->formation] && tu->arm == ARM_ARTILLERY)) {
		m += t->hard;
		k += (size_t)snprintf(mods + k, sizeof mods - k, " %+d (%s)",
		    t->hard, tu->arm == ARM_ARTILLERY ? "deployed gun" :
		    "open order");
	}
	if (fu->cond == COND_MOB) {
		m += t->fire_disordered;
		k += (size_t)snprintf(mods + k, sizeof mods - k,
		    " %+d (Disordered)", t->fire_disordered);
	}
	/* A modifier to the die is a change of the number needed. */
	need -= m;
	k = 0;
	dice[0] = '\0';
	for (i = 0; i < ndice; i++) {
		r = rng_die(&g->rng, t->die);
		if (r >= t->always || (r > t->never && r >= need))
			hits++;
		if (k < sizeof dice)
			k += (size_t)snprintf(dice + k, sizeof dice - k, "%s%d",
			    i ? " " : "", r);
	}
	if (ndice == 0)			/* a weapon of no dice at this range */
		snprintf(dice, sizeof dice, "nothing");
	ruleset_fmt(g->rs, gap, range, sizeof range);
	game_log_with(g, f, tg, EV_NOTE, "HO.6.2",
	    "%s fires %s at %s, %s away (%s "
	    "range): %d %s x %d = %dd%d, %d+ to hit%s: rolls %s, %d hit%s",
	    fu->name, w->name, tu->name, range, isshort ? "short" : "long",
	    bases, bases == 1 ? "base" : "bases", isshort ? w->short_dice :
	    w->long_dice, ndice, t->die, need, mods, dice, hits,
	    hits == 1 ? "" : "s");
	return hits;
}

/* HO.6.3: t takes the hits of unit from's fire, logged. */
static void
take(struct game *g, int tg, int hits, int from)
{
	struct unit *tu = &g->units[tg];
	int men;

	if (hits <= 0)
		return;
	men = hm_hit(g, tg, hits);
	game_log_with(g, tg, from, EV_NOTE, "HO.6.3",
	    "%s takes %d hit%s from %s: %d %s lost (a hit is %d), %d left, "
	    "%d hit%s in all", tu->name, hits, hits == 1 ? "" : "s",
	    g->units[from].name, men, men == 1 ? "man" : "men",
	    hm_hit_men(g, tg), tu->strength, hm_hits_taken(g, tg),
	    hm_hits_taken(g, tg) == 1 ? "" : "s");
	/* Shot to its last man: gone before anyone fights (HO.9.4). */
	(void)hm_disperse_spent(g, tg);
}

/* HO.6.4: a charger that took shaken hits this turn tests at once. */
static void
charger_shaken(struct game *g, int c)
{
	struct unit *cu = &g->units[c];
	char why[64];

	if (!(HM_MARKS(cu) & HM_CHARGER) || cu->contact < 0 ||
	    !unit_active(cu) || cu->cond == COND_ROUTED ||
	    hm_hits_turn(g, c) < hm_turn(g->rs)->shaken)
		return;
	snprintf(why, sizeof why, "a charger with %d hits", hm_hits_turn(g,
	    c));
	HM_MARKS(cu) |= HM_TESTED;
	if (hm_morale_test(g, c, "HO.6.4", why))
		return;
	if (cu->cond == COND_ROUTED)
		return;
	cu->cond = COND_MOB;
	/* Marked, so that a charger whose fall back the ground behind it
	 * stops at 0 inches, still touching its target, keeps out of the
	 * melee as the log says (HO.7 passes it over). */
	HM_MARKS(cu) |= HM_HALTED;
	if (cu->contact >= 0 && g->units[cu->contact].contact == c)
		g->units[cu->contact].contact = -1;
	cu->contact = -1;
	game_log(g, c, EV_CONDITION, "HO.6.4", "%s halts Disordered and "
	    "fights no melee", cu->name);
	hm_fall_back(g, c, "HO.6.4");
}

int
hm_fire_now(struct game *g, int f, int tg)
{
	int hits;

	if (!hm_may_fire(g, f) || (HM_MARKS(&g->units[f]) & HM_FIRED))
		return 0;
	hits = volley(g, f, tg);
	if (hits < 0)
		return 0;
	HM_MARKS(&g->units[f]) |= HM_FIRED;
	take(g, tg, hits, f);
	return hits;
}

void
hm_phase_fire(struct game *g)
{
	int *target, *hits, *charger, u;
	struct near *nr;

	if (g->nunits == 0)
		return;
	target = xcalloc((size_t)g->nunits, sizeof *target);
	hits = xcalloc((size_t)g->nunits, sizeof *hits);
	/* Targets are picked on the state at the phase's start: nobody
	 * moves until every unit has picked and rolled. */
	nr = near_create(g, 0);
	charger = chargers(g);
	for (u = 0; u < g->nunits; u++) {
		target[u] = -1;
		if (!hm_may_fire(g, u))
			continue;
		target[u] = target_of(g, nr, charger[u], u,
		    max_range(weapon(g, u)));
		if (target[u] < 0)
			continue;
		hits[u] = volley(g, u, target[u]);
		if (hits[u] < 0)
			target[u] = -1;
		else
			HM_MARKS(&g->units[u]) |= HM_FIRED;
	}
	near_free(nr);
	free(charger);
	/* All the hits are taken together. */
	for (u = 0; u < g->nunits; u++)
		if (target[u] >= 0)
			take(g, target[u], hits[u], u);
	for (u = 0; u < g->nunits; u++)
		charger_shaken(g, u);
	free(target);
	free(hits);
}
