/*
 * napoleonic/describe.c - the rules reference's lines for the phases after
 * movement: the order system, rally, charges, fire, melee, morale and the
 * end of the battle, each with its numbers from the data file and its rule
 * number (marked when it is marshal's own).  The movement lines are
 * napoleonic/move.c's (nap_describe calls this after its own).
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>

#include "rules/napoleonic/move.h"
#include "rules/napoleonic/phases.h"

struct out {
	const struct ruleset	*rs;
	void			(*line)(void *, int, const char *);
	void			*arg;
};

/* One line: a heading (indent 0) names its rule number, marked. */
static void __attribute__((format(printf, 4, 5)))
say(const struct out *o, int indent, const char *rule, const char *fmt, ...)
{
	char t[240];
	int n = 0;
	va_list ap;

	va_start(ap, fmt);
	n = vsnprintf(t, sizeof t, fmt, ap);
	va_end(ap);
	if (rule != NULL && n >= 0 && (size_t)n < sizeof t)
		snprintf(t + n, sizeof t - (size_t)n, " (%s%s)", rule,
		    ruleset_rule_mark(o->rs, rule));
	o->line(o->arg, indent, t);
}

/* A distance in the ruleset's unit, in one of two buffers. */
static const char *
dist(const struct ruleset *rs, int ticks, char *buf, size_t len)
{
	ruleset_fmt(rs, ticks, buf, len);
	return buf;
}

void
nap_phases_describe(const struct ruleset *rs,
    void (*line)(void *, int, const char *), void *arg)
{
	const struct nap_phases *ph = nap_phases(rs);
	const struct nap_charge *c = &ph->charge;
	const struct nap_fire *f = &ph->fire;
	const struct nap_melee *m = &ph->melee;
	const struct nap_morale *mo = &ph->morale;
	const struct nap_rally *r = &ph->rally;
	struct out o = { rs, line, arg };
	char a[32], b[32], d[32];
	int k;

	say(&o, 0, "3.1", "Command and couriers");
	say(&o, 2, "3.1.1", "a general's orders reach his units within %s "
	    "at once", dist(rs, rs->command_radius, a, sizeof a));
	if (rs->courier_speed > 0)
		say(&o, 2, "3.2.1", "farther off, an aide carries them, "
		    "riding %s a turn", dist(rs, rs->courier_speed, a,
		    sizeof a));
	line(arg, 0, "");
	say(&o, 0, "3.3", "Rally of routed units");
	say(&o, 2, "3.3.1", "only with no enemy within %s, at its rear or "
	    "within %s of a general", dist(rs, r->enemy_gap, a, sizeof a),
	    dist(rs, r->general_reach, b, sizeof b));
	say(&o, 2, "3.3.2", "rallies on %dd%d <= Drill + %d, +%d with a "
	    "musician, +%d near a general, -1 per %d%% lost", mo->dice,
	    mo->die, r->base, r->musician, r->general, r->per_losses);
	line(arg, 0, "");
	say(&o, 0, "3.4", "Charges");
	say(&o, 2, "3.4.1", "a formed unit under a Move order that leads "
	    "onto an enemy charges it from %s (infantry) or %s (cavalry)",
	    dist(rs, c->reach[ARM_INFANTRY], a, sizeof a),
	    dist(rs, c->reach[ARM_CAVALRY], b, sizeof b));
	say(&o, 2, "3.4.3", "the target stands on %dd%d <= Drill + %d; "
	    "musician +%d, general near +%d, Mob %d, foot charged by horse "
	    "%d, flank or rear %d", c->dice, c->die, c->base, c->musician,
	    c->general, c->mob, c->horse, c->flank);
	say(&o, 2, "3.4.3", "failing by %d or more it routs; by less it "
	    "becomes a Mob", c->rout_margin);
	say(&o, 2, "3.4.4", "a formed square stands without a test and the "
	    "horse falls back %s", dist(rs, c->recoil, a, sizeof a));
	line(arg, 0, "");
	say(&o, 0, "3.7", "Fire");
	say(&o, 2, "3.7.2", "musketry reaches %s; canister %s",
	    dist(rs, f->inf_range, a, sizeof a), dist(rs, f->canister, b,
	    sizeof b));
	for (k = 0; k < rs->nklass; k++)
		if (rs->klass[k].arm == ARM_ARTILLERY)
			say(&o, 2, "3.7.2", "%s guns reach %s", rs->klass[k].label,
			    dist(rs, f->art_range[k], d, sizeof d));
	say(&o, 2, "3.7.3", "pips = 1d%d + Drill - %d; muskets hit %d men per "
	    "1000 firing per pip; guns %d (roundshot) or %d (canister) per "
	    "gun per pip", f->die, f->drill_base, f->inf_permille, f->art_long,
	    f->art_canister);
	line(arg, 0, "");
	say(&o, 0, "3.8", "Melee");
	say(&o, 2, "3.8.1", "blocks within %s fight", dist(rs, m->reach, a,
	    sizeof a));
	say(&o, 2, "3.8.2", "each side 1d%d + Drill + its formation's pips; "
	    "horse against foot +%d, square against horse +%d, flank +%d, "
	    "per doubling of strength +%d, Mob %d", m->die,
	    m->cavalry_vs_foot, m->square_vs_cavalry, m->flank, m->odds,
	    m->mob);
	say(&o, 2, "3.8.3", "the loser loses %d%% per point of difference, "
	    "the winner %d%%", m->loss, m->winner_loss);
	say(&o, 2, "3.8.4", "beaten by %d or more a unit routs; by less it "
	    "becomes a Mob", m->rout_margin);
	line(arg, 0, "");
	say(&o, 0, "3.9", "Morale, routs and prisoners");
	say(&o, 2, "3.9.1", "a unit that loses %d%% in a turn tests: passes "
	    "on %dd%d <= Drill + %d", mo->trigger, mo->dice, mo->die,
	    mo->base);
	if (mo->turn_about <= 4)
		say(&o, 2, "3.9.2", "a router whose way to its rear starts %d "
		    "degrees or more from its facing turns its back where it "
		    "stands, its block on the same ground",
		    45 * mo->turn_about);
	say(&o, 2, "3.9.3", "routers flee %s (foot), %s (horse), %s (guns) "
	    "a turn", dist(rs, mo->rout_speed[ARM_INFANTRY], a, sizeof a),
	    dist(rs, mo->rout_speed[ARM_CAVALRY], b, sizeof b),
	    dist(rs, mo->rout_speed[ARM_ARTILLERY], d, sizeof d));
	say(&o, 2, "3.9.5", "a formed enemy within %s catches them: 1d6 + "
	    "modifiers >= %d and they surrender, else they scatter losing "
	    "%d%%", dist(rs, mo->touch, a, sizeof a), mo->capture,
	    mo->scatter_loss);
	line(arg, 0, "");
	say(&o, 0, "3.10", "The end of the battle");
	say(&o, 2, "3.10.1", "a side that loses the scenario's break point "
	    "of its men breaks%s", ph->victory.break_ends ? ", and the "
	    "battle ends that turn: the other side wins" : "");
	say(&o, 2, "3.10.2", "at the last turn each objective scores for "
	    "the side alone with a formed unit within %s of it",
	    dist(rs, ph->victory.hold, a, sizeof a));
}
