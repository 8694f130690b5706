/*
 * describe-turn.c - the rules reference's lines for the horse-and-musket turn
 * after movement (HO.2 to HO.10, H13, H15), each with its numbers from the
 * loaded data and its rule number (marked when it is marshal's own).
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>

#include "rules/horse-and-musket/turn.h"

struct out {
	const struct ruleset	*rs;
	void			(*line)(void *, int, const char *);
	void			*arg;
};

/* One line, its rule number marked. */
static void __attribute__((format(printf, 4, 5)))
say(const struct out *o, int indent, const char *rule, const char *fmt, ...)
{
	char t[240];
	int n;
	va_list ap;

	va_start(ap, fmt);
	n = vsnprintf(t, sizeof t, fmt, ap);
	va_end(ap);
	if (rule != NULL && n >= 0 && (size_t)n < sizeof t)
		snprintf(t + n, sizeof t - (size_t)n, " (%s%s)", rule,
		    ruleset_rule_mark(o->rs, rule));
	o->line(o->arg, indent, t);
}

/* Ticks in the ruleset's unit, in buf. */
static const char *
dist(const struct ruleset *rs, int ticks, char *buf, size_t len)
{
	ruleset_fmt(rs, ticks, buf, len);
	return buf;
}

void
hm_turn_describe(const struct ruleset *rs,
    void (*line)(void *, int, const char *), void *arg)
{
	const struct hm_turn *t = hm_turn(rs);
	const struct hm_weapon *w;
	struct out o = { rs, line, arg };
	char a[32], b[32];
	int i;

	say(&o, 0, "HO.2", "Rally");
	say(&o, 2, "HO.2", "a routed unit with no formed enemy within %s "
	    "rallies on %dd%d <= Drill + %d, %+d with a general within %s",
	    dist(rs, t->rally_gap, a, sizeof a), t->dice, t->mo_die,
	    t->rally_base, t->general, dist(rs, t->general_reach, b,
	    sizeof b));
	line(arg, 0, "");
	say(&o, 0, "HO.3", "Charges");
	say(&o, 2, "HO.3.1", "formed foot and horse charge an enemy within "
	    "%d x 45 degrees of their front, within their H1 move",
	    t->charge_arc);
	say(&o, 2, "HO.3.2", "two units charging each other meet halfway "
	    "first; then chargers close one from each side in turn, the side "
	    "rolling higher on 1d%d (ties again) first", t->initiative);
	say(&o, 2, "H15", "horse that broke through charges again within "
	    "%d/%d of its H1 move, unless under a Stop order; it rides "
	    "through a router but may not stop on it", t->second_num,
	    t->second_den);
	line(arg, 0, "");
	say(&o, 0, "HO.6", "Fire");
	for (i = 0; i < t->nweapons; i++) {
		w = &t->weapons[i];
		if (w->long_range > 0)
			say(&o, 2, "HO.6.2", "%s: short to %s, %d %s a base on "
			    "%d+; long to %s, %d a base on %d+", w->name,
			    dist(rs, w->short_range, a, sizeof a),
			    w->short_dice, w->short_dice == 1 ? "die" : "dice",
			    t->short_hits, dist(rs, w->long_range, b,
			    sizeof b), w->long_dice, t->long_hits);
		else
			say(&o, 2, "HO.6.2", "%s: to %s, %d %s a base on %d+",
			    w->name, dist(rs, w->short_range, a, sizeof a),
			    w->short_dice, w->short_dice == 1 ? "die" : "dice",
			    t->short_hits);
	}
	say(&o, 2, "HO.6.3", "%+d to the die: cover or behind an obstacle "
	    "(%+d), open order or a deployed gun (%+d), firer Disordered "
	    "(%+d); a %d always hits, a %d never", t->cover_mod, t->cover_mod,
	    t->hard, t->fire_disordered, t->always, t->never);
	say(&o, 2, "HO.6.4", "a hit is 1/%d of a unit's first strength; %d "
	    "hits in a turn call for a test", t->hits_per_unit, t->shaken);
	/* A charger's test is HO.9's, failing as HO.9.2 fails: marshal's
	 * reading, the seed's HO.6.4 naming only the halt. */
	say(&o, 2, "HO.6.4", "a charger tests at once: failing by %d or "
	    "more, or while Disordered, it routs (HO.9.2); else it halts "
	    "Disordered, falls back %s and fights no melee", t->rout_margin,
	    dist(rs, t->fall_back, a, sizeof a));
	line(arg, 0, "");
	say(&o, 0, "HO.7", "Melee");
	say(&o, 2, "HO.7", "1d%d + Drill: charged %+d, horse %+d from the "
	    "front or %+d on a flank or Disordered foot, flank or rear %+d, "
	    "defended %+d, Disordered %+d, open order %+d, rifles and guns %+d",
	    t->m_die, t->m_charged, t->horse_front, t->horse_flank, t->flank,
	    t->defended, t->m_disordered, t->m_open_order, t->weak);
	say(&o, 2, "HO.7", "the lower takes the difference in hits; losing "
	    "by %d or more, or while Disordered, routs; else it falls back %s",
	    t->m_rout_margin, dist(rs, t->fall_back, a, sizeof a));
	say(&o, 2, "HO.7", "a tie: 1 hit each; the two stay locked, neither "
	    "marches, and they fight again next turn");
	line(arg, 0, "");
	say(&o, 0, "HO.9", "Morale, routs and prisoners");
	say(&o, 2, "HO.9.1", "passes on %dd%d <= Drill + %d, -1 per %d hits "
	    "in all, Disordered %+d, general within %s %+d", t->dice,
	    t->mo_die, t->base, t->per_hits, t->mo_disordered,
	    dist(rs, t->general_reach, a, sizeof a), t->general);
	say(&o, 2, "HO.9.2", "failing by %d or more, or while Disordered, "
	    "routs; else Disordered", t->rout_margin);
	say(&o, 2, "HO.9.3", "a Restore order re-forms unless an enemy is "
	    "within %s", dist(rs, t->restore_gap, a, sizeof a));
	say(&o, 2, "HO.9.4", "a unit of %d hits is dispersed", t->hits_per_unit);
	line(arg, 0, "");
	say(&o, 0, "HO.10", "The end");
	say(&o, 2, "HO.10", "an objective is held by a side with a formed "
	    "unit within %s and no formed enemy as close; %s",
	    dist(rs, t->hold, a, sizeof a), t->break_ends ? "a side's break "
	    "ends the battle" : "the battle runs to its turn limit");
}
