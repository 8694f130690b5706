/*
 * napoleonic/melee.c - 3.8 Melee: opposing blocks close enough to cross
 * bayonets or sabres fight (3.8.1); each side rolls and adds its
 * modifiers (3.8.2); both lose men, the loser more (3.8.3); the loser is
 * disordered into a Mob, or routs if beaten badly (3.8.4).  The numbers
 * are the data file's `melee` section; doc/turn.md has a worked example.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/game.h"
#include "core/near.h"
#include "rules/napoleonic/move.h"
#include "rules/napoleonic/phases.h"
#include "util/xalloc.h"

/* 3.8.2: one side's score, explained into buf. */
static int
melee_score(struct game *g, const struct unit *a, const struct unit *b,
    char *buf, size_t len)
{
	const struct nap_melee *m = &nap_phases(g->rs)->melee;
	int roll = rng_die(&g->rng, m->die), s, v, ratio, dbl, n;

	s = roll + nap_drill(g->rs, a);
	n = snprintf(buf, len, "1d%d = %d + Drill %d", m->die, roll,
	    nap_drill(g->rs, a));
#define ADD(val, what) do {						\
	if ((val) != 0 && n >= 0 && (size_t)n < len) {			\
		s += (val);						\
		n += snprintf(buf + n, len - (size_t)n, " %+d (%s)", (val), \
		    (what));						\
	}								\
} while (0)
	v = m->form[a->arm][a->formation];
	ADD(v, g->rs->form[a->formation].label);
	if (a->cond == COND_MOB)
		ADD(m->mob, "Mob");
	if (a->arm == ARM_CAVALRY && b->arm != ARM_CAVALRY &&
	    b->formation != m->square)
		ADD(m->cavalry_vs_foot, "horse against foot");
	if (b->arm == ARM_CAVALRY && a->arm == ARM_INFANTRY &&
	    a->formation == m->square)
		ADD(m->square_vs_cavalry, "square against horse");
	if (nap_off_front(a, b))
		ADD(m->flank, "flank or rear");
	/* Odds count men against men; guns are not men. */
	if (a->arm != ARM_ARTILLERY && b->arm != ARM_ARTILLERY &&
	    b->strength > 0) {
		for (dbl = 0, ratio = a->strength / b->strength; ratio >= 2;
		    ratio /= 2)
			dbl++;
		ADD(m->odds * dbl, "odds");
	}
#undef ADD
	if (n >= 0 && (size_t)n < len)
		snprintf(buf + n, len - (size_t)n, " = %d", s);
	return s;
}

/* 3.8.3: men lost at pct percent. */
static int
melee_loss(struct game *g, int u, int pct)
{
	return nap_casualties(g, u, g->units[u].strength * pct / 100);
}

static void
melee_fight(struct game *g, int a, int b)
{
	const struct nap_melee *m = &nap_phases(g->rs)->melee;
	struct unit *ua = &g->units[a], *ub = &g->units[b];
	char ea[256], eb[256], why[64];
	int sa, sb, diff, win, lose, pct, lw, ll;

	sa = melee_score(g, ua, ub, ea, sizeof ea);
	sb = melee_score(g, ub, ua, eb, sizeof eb);
	game_log_with(g, a, b, EV_NOTE, "3.8.2",
	    "%s and %s meet in melee: %s %s; "
	    "%s %s", ua->name, ub->name, ua->name, ea, ub->name, eb);
	diff = sa - sb;
	if (diff == 0) {
		lw = melee_loss(g, a, m->winner_loss);
		ll = melee_loss(g, b, m->winner_loss);
		game_log_with(g, a, b, EV_CONDITION, "3.8.3",
		    "a drawn melee: both "
		    "lose %d%%: %s %d %s, %s %d %s", m->winner_loss,
		    ua->name, lw, lw == 1 ? "man" : "men", ub->name, ll,
		    ll == 1 ? "man" : "men");
		return;
	}
	win = diff > 0 ? a : b;
	lose = diff > 0 ? b : a;
	if (diff < 0)
		diff = -diff;
	pct = m->loss * diff;
	if (pct < m->winner_loss)
		pct = m->winner_loss;
	lw = melee_loss(g, win, m->winner_loss);
	ll = melee_loss(g, lose, pct);
	game_log_with(g, lose, win, EV_CONDITION, "3.8.3",
	    "%s wins by %d: %s loses "
	    "%d x %d%% = %d%%, %d %s (%d left); %s loses %d%%, %d %s",
	    g->units[win].name, diff, g->units[lose].name, diff, m->loss,
	    pct, ll, ll == 1 ? "man" : "men", g->units[lose].strength,
	    g->units[win].name, m->winner_loss, lw, lw == 1 ? "man" : "men");
	g->units[a].contact = g->units[b].contact = -1;
	if (diff >= m->rout_margin || g->units[lose].strength == 0) {
		snprintf(why, sizeof why, "beaten in melee by %d, %d or more",
		    diff, m->rout_margin);
		nap_rout(g, lose, why);
	} else if (g->units[lose].cond == COND_FORMED) {
		g->units[lose].cond = COND_MOB;
		game_log(g, lose, EV_CONDITION, "3.8.4", "%s is thrown into "
		    "disorder: a Mob (beaten by less than %d)",
		    g->units[lose].name, m->rout_margin);
	}
}

void
nap_phase_melee(struct game *g)
{
	const struct nap_melee *m = &nap_phases(g->rs)->melee;
	bool *fought = xcalloc((size_t)g->nunits + 1, sizeof *fought);
	struct near *nr = near_create(g, 0);	/* melee moves no block */
	const int *cand;
	int i, j, k, n, best, gap, bestgap;

	/*
	 * 3.8.1: each unit fights at most once, its nearest enemy (the first
	 * in the order of battle of those equally near: the candidates come
	 * in index order).
	 */
	for (i = 0; i < g->nunits; i++) {
		if (fought[i] || !unit_active(&g->units[i]))
			continue;
		best = -1;
		bestgap = m->reach + 1;
		n = near_query(nr, i, m->reach, &cand);
		for (k = 0; k < n; k++) {
			j = cand[k];
			if (fought[j] || g->units[j].side == g->units[i].side ||
			    !unit_active(&g->units[j]))
				continue;
			gap = near_gap(nr, g, i, j);
			if (gap < bestgap) {
				bestgap = gap;
				best = j;
			}
		}
		if (best < 0)
			continue;
		fought[i] = fought[best] = true;
		melee_fight(g, i, best);
	}
	near_free(nr);
	free(fought);
}
