/*
 * napoleonic/charge.c - 3.4 Charges: a formed unit marching on an enemy
 * within its arm's charge reach (3.4.1) closes to melee reach (3.4.2); the
 * unit charged tests whether it stands, is disordered or runs (3.4.3); a
 * square charged by horse stands and the horse falls back (3.4.4).  The
 * melee itself is the melee phase's (3.8), the defender's closing volley
 * the fire phase's (3.7): both come after movement, with the charger at
 * reach.  The numbers are the data file's `charge` section; doc/turn.md
 * has the reading.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/command.h"
#include "core/game.h"
#include "core/near.h"
#include "util/xalloc.h"
#include "rules/napoleonic/move.h"
#include "rules/napoleonic/phases.h"

static const struct nap_charge *
tables(const struct game *g)
{
	return &nap_phases(g->rs)->charge;
}

/* 3.4.1: whether unit u may charge at all this phase. */
static bool
may_charge(const struct game *g, const struct unit *u)
{
	const struct nap_charge *c = tables(g);

	return u->cond == COND_FORMED && u->order.kind == ORDER_MOVE &&
	    u->order.npts > 0 && u->charged != g->turn &&
	    c->reach[u->arm] > 0 &&
	    (c->forms[u->arm] & (1u << u->formation)) != 0;
}

/*
 * 3.4.1: whether the march of unit u from its anchor straight for point
 * dest leads onto enemy e: within the first `walk` ticks, a step of it
 * brings the anchor within melee reach of e's block and no farther from
 * it than the anchor stood at the start.  Only a step taken counts
 * (marshal's reading): a unit already within melee reach whose march
 * leads away is withdrawing from the enemy, not charging it.
 */
static bool
leads_onto(const struct game *g, struct point from, struct point dest,
    const struct unit *e, int walk)
{
	const struct nap_melee *m = &nap_phases(g->rs)->melee;
	struct point *cells = game_cells_take(g), cur = from;
	int n = game_footprint(g, e, cells), used = 0, gap0, gap;
	bool onto = false;
	enum dir d;

	gap0 = near_block_gap(&cur, 1, cells, n);
	while ((cur.x != dest.x || cur.y != dest.y) && used <= walk) {
		d = geom_heading(cur, dest);
		cur.x += dir_dx[d];
		cur.y += dir_dy[d];
		used += dir_step_cost(d);
		gap = near_block_gap(&cur, 1, cells, n);
		if (gap <= m->reach && gap <= gap0) {
			onto = true;
			break;
		}
	}
	game_cells_give(g, cells);
	return onto;
}

/*
 * Where the charges phase looks for targets: a snapshot of the blocks
 * taken when the phase begins (core/near.h), and the units that have
 * moved since (chargers that closed or fell back), which the snapshot no
 * longer places.  Candidates are both, in ascending index order, so the
 * choice is the one a look at every unit would make.
 */
struct charge_scan {
	struct near	*nr;		/* NULL until a unit may charge */
	int		*moved;		/* owned: units moved in the phase */
	int		 nmoved;
	int		*cand;		/* owned: scratch for candidates */
};

/* The candidates for unit i's charge within range ticks; *out is the
 * scan's scratch. */
static int
scan_candidates(struct charge_scan *cs, int i, int range, const int **out)
{
	const int *near;
	int n = near_query(cs->nr, i, range, &near), a = 0, b = 0, k = 0;

	/* Merge two ascending lists, dropping repeats (and i itself). */
	while (a < n || b < cs->nmoved) {
		int v;

		if (b >= cs->nmoved || (a < n && near[a] <= cs->moved[b]))
			v = near[a++];
		else
			v = cs->moved[b++];
		if (v != i && (k == 0 || cs->cand[k - 1] != v))
			cs->cand[k++] = v;
	}
	*out = cs->cand;
	return k;
}

/* Unit u has moved in the phase: keep it among every later search. */
static void
scan_moved(struct charge_scan *cs, int u)
{
	int k;

	for (k = 0; k < cs->nmoved; k++)
		if (cs->moved[k] == u)
			return;
	for (k = cs->nmoved; k > 0 && cs->moved[k - 1] > u; k--)
		cs->moved[k] = cs->moved[k - 1];
	cs->moved[k] = u;
	cs->nmoved++;
}

/*
 * 3.4.1: the enemy unit i charges, or -1: the nearest fighting enemy
 * within reach and the arc of its front onto which its Move order's
 * destination leads it.
 */
static int
charge_target(const struct game *g, struct charge_scan *cs, int i)
{
	const struct nap_charge *c = tables(g);
	const struct unit *u = &g->units[i], *e;
	struct point dest = u->order.pts[u->order.npts - 1];
	int j, k, n, gap, best = -1, bestgap = c->reach[u->arm] + 1;
	const int *cand;
	enum dir h;

	n = scan_candidates(cs, i, c->reach[u->arm], &cand);
	for (k = 0; k < n; k++) {
		j = cand[k];
		e = &g->units[j];
		if (e->side == u->side || !unit_active(e) ||
		    e->cond == COND_ROUTED)
			continue;
		h = geom_heading(u->pos, e->pos);
		if (dir_diff(u->facing, h) > c->arc)
			continue;
		gap = nap_gap(g, i, j);
		if (gap >= bestgap)
			continue;
		if (!leads_onto(g, u->pos, dest, e, gap + c->reach[u->arm]))
			continue;
		bestgap = gap;
		best = j;
	}
	return best;
}

/* 3.4.4: whether charger a is horse and t a formed square, which stands
 * without a test while the horse falls back. */
static bool
horse_at_square(const struct nap_melee *m, const struct unit *a,
    const struct unit *t)
{
	return a->arm == ARM_CAVALRY && t->arm == ARM_INFANTRY &&
	    t->formation == m->square && t->cond == COND_FORMED;
}

/*
 * What barred a charger's step (3.4.2): a unit (who >= 0), ground its
 * formation may not enter (land >= 0, at the cell at), or else the edge
 * of the field.
 */
struct barred {
	int		who;
	int		land;
	struct point	at;
};

/*
 * 3.4.2 (marshal's reading): whether the block of unit u, at anchor p
 * facing f, would stand on ground its formation may not enter (3.6.5,
 * the landscape's forbid list); then b says which and where.  A charge
 * closes only over ground the unit could stand on: horse charging foot
 * across the Côa rode into the river, which no formation may enter,
 * and fought there.
 */
static bool
ground_barred(const struct game *g, const struct unit *u, struct point p,
    enum dir f, struct barred *b)
{
	b->land = nap_ground_forbids(g, u, p, f, u->formation, &b->at);
	return b->land >= 0;
}

/*
 * Whether unit u's block may stand at anchor next facing f in the
 * charge: on the field, clear of other units and on ground its
 * formation may enter.  If not, b says what bars it.
 */
static bool
charge_fits(const struct game *g, const struct unit *u, struct point next,
    enum dir f, struct barred *b)
{
	struct point bad;

	b->who = -1;
	b->land = -1;
	if (!map_inside(g->map, next.x, next.y))
		return false;
	if (game_fits(g, (int)(u - g->units), next, f, u->formation, -1,
	    &bad) != 0) {
		b->who = game_unit_at(g, bad.x, bad.y);
		return false;
	}
	return !ground_barred(g, u, next, f, b);
}

/* What b names, for the log: "f stands in its way", ... */
static void
barred_text(const struct game *g, const struct barred *b, bool where,
    char *buf, size_t len)
{
	const struct unit *w;

	if (b->who >= 0) {
		w = &g->units[b->who];
		if (where)
			snprintf(buf, len, "%s stands in its way at [%d, %d]",
			    w->name, w->pos.x, w->pos.y);
		else
			snprintf(buf, len, "%s stands in its way", w->name);
	} else if (b->land >= 0)
		snprintf(buf, len, "%s at [%d, %d], where it may not go "
		    "(3.6.5), is in its way", g->rs->land[b->land].label,
		    b->at.x, b->at.y);
	else
		snprintf(buf, len, "the edge of the field is in its way");
}

/*
 * 3.4.2 (marshal's reading): whether unit u, standing at from facing f,
 * could not take even the first step of a charge toward point p: the
 * cell ahead lies off the field, its block would not fit there, or it
 * would stand on ground its formation may not enter.  Then *b (may be
 * NULL) says what bars it.
 */
static bool
first_step_barred(const struct game *g, const struct unit *u,
    struct point from, enum dir f, struct point p, struct barred *b)
{
	enum dir d = geom_heading(from, p);
	struct point next = { from.x + dir_dx[d], from.y + dir_dy[d] };
	struct barred scratch;

	return !charge_fits(g, u, next, f, b != NULL ? b : &scratch);
}

/* Move unit i one cell toward (away: from) point p if its block fits
 * there (charge_fits); returns the ticks spent, 0 if it cannot, and then
 * in *b (may be NULL) what barred it. */
static int
step_by(struct game *g, int i, struct point p, bool away, struct barred *b)
{
	struct unit *u = &g->units[i];
	struct point next;
	struct barred scratch;
	enum dir d = geom_heading(u->pos, p);

	if (away)
		d = dir_turn(d, DIR_COUNT / 2);
	next.x = u->pos.x + dir_dx[d];
	next.y = u->pos.y + dir_dy[d];
	if (!charge_fits(g, u, next, u->facing, b != NULL ? b : &scratch))
		return 0;
	game_occupy(g, i, false);
	u->pos = next;
	game_occupy(g, i, true);
	return dir_step_cost(d);
}

/* step_by, not asking what stopped it. */
static int
step(struct game *g, int i, struct point p, bool away)
{
	return step_by(g, i, p, away, NULL);
}

/* 3.4.3: what target ut needs on the dice against charger ua, the
 * arithmetic written into expl. */
static int
stand_needs(const struct game *g, const struct unit *ua,
    const struct unit *ut, char *expl, size_t len)
{
	const struct nap_charge *c = tables(g);
	int target, n = 0, gen = ut->general;

	target = nap_drill(g->rs, ut) + c->base;
	n += snprintf(expl + n, len - (size_t)n, "Drill %d + %d",
	    nap_drill(g->rs, ut), c->base);
#define MOD(val, what) do {						\
	target += (val);						\
	if (n >= 0 && (size_t)n < len)					\
		n += snprintf(expl + n, len - (size_t)n,		\
		    " %+d (%s)", (val), (what));			\
} while (0)
	if (nap_musician(g->rs, ut))
		MOD(c->musician, "musician");
	if (gen >= 0 && gen < g->ngenerals &&
	    geom_dist(g->generals[gen].pos, ut->pos) <= command_radius(g, gen))
		MOD(c->general, "general near");
	if (ut->cond == COND_MOB)
		MOD(c->mob, "Mob");
	if (ua->arm == ARM_CAVALRY && ut->arm != ARM_CAVALRY)
		MOD(c->horse, "charged by horse");
	if (nap_off_front(ua, ut))
		MOD(c->flank, "flank or rear");
#undef MOD
	return target;
}

/* 3.4.3: the target t tests as charger a closes. */
static void
stand_test(struct game *g, int a, int t)
{
	const struct nap_charge *c = tables(g);
	struct unit *ut = &g->units[t];
	char expl[256], dice[64], why[64];
	int target, roll = 0, i, d, dn = 0;

	target = stand_needs(g, &g->units[a], ut, expl, sizeof expl);
	for (i = 0; i < c->dice; i++) {
		d = rng_die(&g->rng, c->die);
		roll += d;
		dn += snprintf(dice + dn, sizeof dice - (size_t)dn, "%s%d",
		    i ? "+" : "", d);
	}
	if (roll <= target) {
		game_log_with(g, t, a, EV_CONDITION, "3.4.3",
		    "%s is charged and "
		    "tests: needs %d or less (%s); rolls %d (%s): it stands",
		    ut->name, target, expl, roll, dice);
		return;
	}
	game_log_with(g, t, a, EV_CONDITION, "3.4.3",
	    "%s is charged and tests: "
	    "needs %d or less (%s); rolls %d (%s): fails by %d", ut->name,
	    target, expl, roll, dice, roll - target);
	if (roll - target >= c->rout_margin || ut->cond == COND_MOB) {
		if (ut->cond == COND_MOB)
			snprintf(why, sizeof why, "a Mob charged");
		else
			snprintf(why, sizeof why, "failed by %d against a "
			    "charge, %d or more", roll - target,
			    c->rout_margin);
		nap_rout(g, t, why);
		return;
	}
	ut->cond = COND_MOB;
	game_log_with(g, t, a, EV_CONDITION, "3.4.3",
	    "%s wavers at the charge: a "
	    "Mob (failed by less than %d)", ut->name, c->rout_margin);
}

/* 3.4.4: horse charging a square falls back instead of closing. */
static void
recoil(struct game *g, int a, int t)
{
	const struct nap_charge *c = tables(g);
	struct unit *ua = &g->units[a];
	char back[32];
	int used = 0, s;

	while (used < c->recoil && (s = step(g, a, g->units[t].pos, true)) > 0)
		used += s;
	ruleset_fmt(g->rs, used, back, sizeof back);
	game_log_with(g, a, t, EV_MOVE, "3.4.4",
	    "%s charges %s, a %s: the square "
	    "stands without a test and the horse falls back %s to [%d, %d]",
	    ua->name, g->units[t].name,
	    g->rs->form[g->units[t].formation].label, back, ua->pos.x,
	    ua->pos.y);
}

/* 3.4.1, 3.4.2: unit a charges unit t. */
static void
charge(struct game *g, int a, int t)
{
	const struct nap_melee *m = &nap_phases(g->rs)->melee;
	const struct nap_charge *c = tables(g);
	struct unit *ua = &g->units[a], *ut = &g->units[t];
	struct point from = ua->pos;
	char gap0[32], gap1[32], lim[32], why[160];
	int gap = nap_gap(g, a, t), used = 0, s = 1;
	bool square = horse_at_square(m, ua, ut);
	struct barred b = { -1, -1, { 0, 0 } };

	/* A charge that could not take one step would hold its unit where
	 * it stands for the turn: it is not made, and the unit marches on
	 * its order (round what bars it) in the movement phase. */
	if (!square && gap > m->reach &&
	    first_step_barred(g, ua, ua->pos, ua->facing, ut->pos, &b)) {
		ruleset_fmt(g->rs, gap, gap0, sizeof gap0);
		barred_text(g, &b, true, why, sizeof why);
		game_log_with(g, a, t, EV_MOVE, "3.4.2",
		    "%s does not charge %s, %s "
		    "away: it could not take a step toward it from [%d, %d] "
		    "(%s); it marches on its order instead", ua->name,
		    ut->name, gap0, ua->pos.x, ua->pos.y, why);
		return;
	}
	ua->charged = ut->charged = g->turn;
	ruleset_fmt(g->rs, gap, gap0, sizeof gap0);
	ruleset_fmt(g->rs, c->reach[ua->arm], lim, sizeof lim);
	game_log_with(g, a, t, EV_MOVE, "3.4.1",
	    "%s (%s in %s) charges %s, %s away "
	    "(within its %s charge reach)", ua->name, arm_name(ua->arm),
	    g->rs->form[ua->formation].label, ut->name, gap0, lim);
	/* It holds where the charge leaves it: no march this turn. */
	ua->halt = HALT_CONTACT;
	ua->halt_turn = g->turn;
	ua->moved = 0;
	if (square) {
		recoil(g, a, t);
		return;
	}
	while (gap > m->reach && used <= c->reach[ua->arm] &&
	    (s = step_by(g, a, ut->pos, false, &b)) > 0) {
		used += s;
		gap = nap_gap(g, a, t);
	}
	ua->moved = used;
	ruleset_fmt(g->rs, gap, gap1, sizeof gap1);
	if (gap > m->reach) {
		/* What stopped it: a unit in its way, ground it may not
		 * enter, the field's edge, or its charge reach spent. */
		if (s > 0)
			snprintf(why, sizeof why, "its %s charge reach is "
			    "spent", lim);
		else
			barred_text(g, &b, false, why, sizeof why);
		if (used == 0)
			game_log_with(g, a, t, EV_MOVE, "3.4.2",
			    "%s's charge falters "
			    "where it stands, [%d, %d], %s from %s, beyond "
			    "melee reach: %s", ua->name, ua->pos.x, ua->pos.y,
			    gap1, ut->name, why);
		else
			game_log_with(g, a, t, EV_MOVE, "3.4.2",
			    "%s's charge falters: "
			    "it closes from [%d, %d] to [%d, %d] but stands %s "
			    "from %s, beyond melee reach: %s", ua->name, from.x,
			    from.y, ua->pos.x, ua->pos.y, gap1, ut->name, why);
		return;
	}
	ua->contact = t;
	ut->contact = a;
	/* The target holds to receive the charge: it does not march away
	 * in the movement phase either. */
	ut->halt = HALT_CONTACT;
	ut->halt_turn = g->turn;
	if (used == 0)
		game_log_with(g, a, t, EV_MOVE, "3.4.2",
		    "%s is already within melee "
		    "reach of %s (%s): they will fight in the melee phase "
		    "(3.8), after the fire phase (3.7)", ua->name, ut->name,
		    gap1);
	else
		game_log_with(g, a, t, EV_MOVE, "3.4.2",
		    "%s closes from [%d, %d] to "
		    "[%d, %d], %s from %s: they will fight in the melee phase "
		    "(3.8), after the fire phase gives %s its closing volley "
		    "(3.7)", ua->name, from.x, from.y, ua->pos.x, ua->pos.y,
		    gap1, ut->name, ut->name);
	stand_test(g, a, t);
}

void
nap_charge_contact(struct game *g, int a, int t)
{
	const struct nap_melee *m = &nap_phases(g->rs)->melee;
	const struct nap_move *mv = nap_move(g->rs);
	struct unit *ua = &g->units[a], *ut = &g->units[t];
	char gap1[32];
	int gap;

	if (ua->arm != ARM_CAVALRY || ua->cond != COND_FORMED ||
	    (mv->cav_forms & (1u << ua->formation)) != 0 ||
	    ua->charged == g->turn || !unit_active(ut) ||
	    ut->cond == COND_ROUTED)
		return;
	gap = nap_gap(g, a, t);
	if (gap > m->reach)
		return;
	ua->charged = ut->charged = g->turn;
	ruleset_fmt(g->rs, gap, gap1, sizeof gap1);
	game_log_with(g, a, t, EV_MOVE, "3.6.8",
	    "%s (cavalry in %s) rides on until "
	    "it may charge: its move brings it %s from %s, within melee "
	    "reach, and that is a charge (3.4)", ua->name,
	    g->rs->form[ua->formation].label, gap1, ut->name);
	if (horse_at_square(m, ua, ut)) {
		/* No melee with a square that stands: the contact ends. */
		ua->contact = -1;
		if (ut->contact == a)
			ut->contact = -1;
		recoil(g, a, t);
		return;
	}
	ut->halt = HALT_CONTACT;
	ut->halt_turn = g->turn;
	stand_test(g, a, t);
}

/*
 * 3.4.5 (marshal's own): the charge unit u under order o would make if it
 * stood at from, facing as it does, when a charges phase came: the same
 * choice as charge_target (3.4.1), made by looking at every unit since it
 * is asked for one order at a time.  Returns the target or -1, its gap in
 * *gapp.
 */
/*
 * 3.4.2 for the forecast: whether unit u's charge at target t, made
 * from anchor from facing f with the units standing as they are now,
 * would falter short of melee reach, as charge() closes it: straight at
 * the target, a cell a step, until melee reach, its charge reach spent
 * or a cell its block may not take (charge_fits).  Then why says what
 * stops it.
 */
static bool
closing_falters(const struct game *g, const struct unit *u, struct point from,
    enum dir f, int t, char *why, size_t len)
{
	const struct nap_melee *m = &nap_phases(g->rs)->melee;
	const struct nap_charge *c = tables(g);
	struct point *mine = game_cells_take(g), *theirs = game_cells_take(g);
	struct point cur = from, next, tp = g->units[t].pos;
	struct barred b = { -1, -1, { 0, 0 } };
	int gap, used = 0, ne;
	bool barred = false;
	char lim[32];
	enum dir d;

	ne = game_footprint(g, &g->units[t], theirs);
	gap = near_block_gap(mine, game_footprint_at(g, u, cur, f,
	    u->formation, mine), theirs, ne);
	while (gap > m->reach && used <= c->reach[u->arm]) {
		d = geom_heading(cur, tp);
		next.x = cur.x + dir_dx[d];
		next.y = cur.y + dir_dy[d];
		if (!charge_fits(g, u, next, f, &b)) {
			barred = true;
			break;
		}
		used += dir_step_cost(d);
		cur = next;
		gap = near_block_gap(mine, game_footprint_at(g, u, cur, f,
		    u->formation, mine), theirs, ne);
	}
	game_cells_give(g, theirs);
	game_cells_give(g, mine);
	if (gap <= m->reach)
		return false;
	if (barred)
		barred_text(g, &b, false, why, len);
	else {
		ruleset_fmt(g->rs, c->reach[u->arm], lim, sizeof lim);
		snprintf(why, len, "its %s charge reach is spent", lim);
	}
	return true;
}

static int
forecast_target(const struct game *g, const struct unit *u,
    const struct order *o, struct point from, enum dir facing, int *gapp)
{
	const struct nap_charge *c = tables(g);
	struct point *mine = game_cells_take(g), *theirs = game_cells_take(g);
	struct point dest = o->pts[o->npts - 1];
	int j, n, ne, gap, best = -1, bestgap = c->reach[u->arm] + 1;
	const struct unit *e;

	n = game_footprint_at(g, u, from, facing, u->formation, mine);
	for (j = 0; j < g->nunits; j++) {
		e = &g->units[j];
		if (e->side == u->side || !unit_active(e) ||
		    e->cond == COND_ROUTED)
			continue;
		if (dir_diff(facing, geom_heading(from, e->pos)) > c->arc)
			continue;
		ne = game_footprint(g, e, theirs);
		gap = near_block_gap(mine, n, theirs, ne);
		if (gap >= bestgap)
			continue;
		if (!leads_onto(g, from, dest, e, gap + c->reach[u->arm]))
			continue;
		bestgap = gap;
		best = j;
	}
	game_cells_give(g, theirs);
	game_cells_give(g, mine);
	*gapp = bestgap;
	return best;
}

int
nap_charge_forecast(const struct game *g, const struct order *o,
    struct point stop, enum dir facing, enum halt halt,
    struct charge_forecast *f)
{
	const struct nap_charge *c = tables(g);
	const struct nap_melee *m = &nap_phases(g->rs)->melee;
	const struct nap_move *mv = nap_move(g->rs);
	const struct unit *u = &g->units[o->unit], *e;
	struct point *mine, *theirs;
	struct unit moved = *u;
	int j, n, gap;

	memset(f, 0, sizeof *f);
	f->target = -1;
	if (c->reach[u->arm] <= 0) {
		snprintf(f->refused, sizeof f->refused, "%s never charges "
		    "(3.4.1: %s has no charge reach)", u->name,
		    arm_name(u->arm));
		return -1;
	}
	if (u->cond != COND_FORMED) {
		snprintf(f->refused, sizeof f->refused, "%s is not formed: "
		    "only a formed unit charges (3.4.1)", u->name);
		return -1;
	}
	if ((c->forms[u->arm] & (1u << u->formation)) == 0) {
		snprintf(f->refused, sizeof f->refused, "%s is in %s, a "
		    "formation that does not charge (3.4.1)", u->name,
		    g->rs->form[u->formation].label);
		return -1;
	}
	if (o->kind != ORDER_MOVE || o->npts < 1)
		return 0;
	/* The coming charges phase, from where it stands. */
	if ((f->target = forecast_target(g, u, o, u->pos, u->facing,
	    &f->gap)) >= 0)
		f->when = CHARGE_NOW;
	/* A charge barred at its first step is not made (3.4.2): the
	 * unit marches instead. */
	if (f->target >= 0 && f->gap > m->reach &&
	    !horse_at_square(m, u, &g->units[f->target]) &&
	    first_step_barred(g, u, u->pos, u->facing,
	    g->units[f->target].pos, NULL))
		f->target = -1;
	/* Cavalry whose march ends within melee reach: stopped there by
	 * the contact, it has charged (3.6.8, nap_charge_contact); with
	 * its speed spent there, the melee comes without a charge. */
	if (f->target < 0 && u->arm == ARM_CAVALRY &&
	    (mv->cav_forms & (1u << u->formation)) == 0) {
		mine = game_cells_take(g);
		theirs = game_cells_take(g);
		n = game_footprint_at(g, u, stop, facing, u->formation,
		    mine);
		for (j = 0; j < g->nunits && f->target < 0; j++) {
			e = &g->units[j];
			if (e->side == u->side || !unit_active(e) ||
			    e->cond == COND_ROUTED)
				continue;
			gap = near_block_gap(mine, n, theirs,
			    game_footprint(g, e, theirs));
			if (gap <= m->reach) {
				f->target = j;
				f->gap = gap;
				f->when = halt == HALT_CONTACT ?
				    CHARGE_MARCH : CHARGE_MELEE;
			}
		}
		game_cells_give(g, theirs);
		game_cells_give(g, mine);
	}
	/* Next turn's charges phase, from where the march stops, with the
	 * units about it where they stand now. */
	if (f->target < 0 && halt != HALT_ARRIVED &&
	    (f->target = forecast_target(g, u, o, stop, facing,
	    &f->gap)) >= 0)
		f->when = CHARGE_NEXT;
	if (f->when == CHARGE_NEXT && f->gap > m->reach &&
	    !horse_at_square(m, u, &g->units[f->target]) &&
	    first_step_barred(g, u, stop, facing, g->units[f->target].pos,
	    NULL))
		f->target = -1;
	if (f->target < 0 || f->when == CHARGE_MELEE)
		return 0;
	if (f->when != CHARGE_NOW) {
		moved.pos = stop;
		moved.facing = facing;
	}
	e = &g->units[f->target];
	f->square = horse_at_square(m, u, e);
	/* A charge the ground or a unit stops short takes no test and
	 * comes to no melee (3.4.2): say so, not the test. */
	if (!f->square && f->when != CHARGE_MARCH &&
	    closing_falters(g, u, moved.pos, moved.facing, f->target,
	    f->falter_why, sizeof f->falter_why)) {
		f->falters = true;
		return 0;
	}
	f->test = true;
	f->needs = stand_needs(g, &moved, e, f->expl, sizeof f->expl);
	return 0;
}

/*
 * The phase looks for each charger's target among the units near it
 * (core/near.h) rather than among all, so it costs time in proportion to
 * the units, not to their square.
 */
void
nap_phase_charges(struct game *g)
{
	struct charge_scan cs = { NULL, NULL, 0, NULL };
	int i, t;

	for (i = 0; i < g->nunits; i++) {
		if (!unit_active(&g->units[i]) || !may_charge(g, &g->units[i]))
			continue;
		if (cs.nr == NULL) {
			cs.nr = near_create(g, 0);
			cs.moved = xcalloc((size_t)g->nunits + 1,
			    sizeof *cs.moved);
			cs.cand = xcalloc(2 * (size_t)g->nunits + 1,
			    sizeof *cs.cand);
		}
		if ((t = charge_target(g, &cs, i)) < 0)
			continue;
		charge(g, i, t);
		scan_moved(&cs, i);
	}
	near_free(cs.nr);
	free(cs.moved);
	free(cs.cand);
}
