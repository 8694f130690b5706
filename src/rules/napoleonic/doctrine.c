/*
 * napoleonic/doctrine.c - the Napoleonic ruleset's doctrine for the
 * computer commander (ai/doctrine.h): which of its formations plays each
 * part in the commander's plans, the reach of muskets, guns, charges and
 * melee from its tables (3.4.1, 3.7.2, 3.8.1, 3.10.2), and the melee
 * score a fight would be likely to give (3.8.2).
 *
 * It holds no data of its own: everything is read from the loaded
 * ruleset (rs->form by name, rs->phases_priv for the numbers).
 */
#include "config.h"

#include <stddef.h>

#include "ai/doctrine.h"
#include "core/geom.h"
#include "rules/napoleonic/napoleonic.h"
#include "rules/napoleonic/move.h"
#include "rules/napoleonic/phases.h"

/* The data file's names for the formations, by role. */
static const char *const role_form[AI_ROLE_COUNT] = {
	[AI_ROLE_LINE] = "line",
	[AI_ROLE_COLUMN] = "column",
	[AI_ROLE_MARCH] = "manoeuvre_column",
	[AI_ROLE_ROAD] = "road_column",
	[AI_ROLE_SQUARE] = "square",
	[AI_ROLE_LIMBERED] = "limbered",
	[AI_ROLE_UNLIMBERED] = "unlimbered",
	[AI_ROLE_SKIRMISH] = "skirmish"
};

static int
doctrine_form(const struct ruleset *rs, enum ai_role r)
{
	if ((unsigned)r >= AI_ROLE_COUNT)
		return -1;
	return ruleset_form(rs, role_form[r]);
}

static void
doctrine_reach(const struct ruleset *rs, struct ai_reach *r)
{
	const struct nap_phases *np;
	int k;

	if (rs->phases_priv == NULL)
		return;
	np = nap_phases(rs);
	r->musket = np->fire.inf_range;
	r->hold = np->victory.hold;
	r->canister = np->fire.canister;
	for (k = 0; k < RULES_MAX_FORM; k++)
		if (np->fire.art_range[k] > 0)
			r->art_range[k] = np->fire.art_range[k];
	for (k = 0; k < ARM_COUNT; k++) {
		r->charge[k] = np->charge.reach[k];
		r->charge_forms[k] = np->charge.forms[k];
	}
	r->melee = np->melee.reach;
	r->arc = np->fire.arc;
}

/* A unit's quality, to the commander, is its Drill. */
static int
doctrine_quality(const struct ruleset *rs, const struct unit *u)
{
	return nap_drill(rs, u);
}

/*
 * 3.8.2 with the dice left out: formation, Mob, horse against foot, a
 * square against horse, a flank, the odds in men.
 */
static int
doctrine_melee_edge(const struct ruleset *rs, const struct ai_own *u,
    const struct ai_enemy *e, int enemy_quality)
{
	const struct nap_melee *m;
	int a, b, r;

	if (rs->phases_priv == NULL)
		return 0;
	m = &nap_phases(rs)->melee;
	a = u->quality + m->form[u->arm][u->formation];
	b = enemy_quality + m->form[e->arm][e->formation];
	if (e->cond == COND_MOB)
		b += m->mob;
	if (u->arm == ARM_CAVALRY && e->arm != ARM_CAVALRY &&
	    e->formation != m->square)
		a += m->cavalry_vs_foot;
	/* A square against horse: the square's own score, as in the melee
	 * (melee.c, melee_score). */
	if (u->arm == ARM_INFANTRY && u->formation == m->square &&
	    e->arm == ARM_CAVALRY)
		a += m->square_vs_cavalry;
	if (e->arm == ARM_INFANTRY && e->formation == m->square &&
	    u->arm == ARM_CAVALRY)
		b += m->square_vs_cavalry;
	/* Off his front: he turned his flank to us. */
	if ((u->pos.x != e->pos.x || u->pos.y != e->pos.y) &&
	    dir_diff(e->facing, geom_heading(e->pos, u->pos)) >= 2)
		a += m->flank;
	if (u->arm != ARM_ARTILLERY && e->arm != ARM_ARTILLERY &&
	    e->strength > 0 && u->strength > 0) {
		for (r = u->strength / e->strength; r >= 2; r /= 2)
			a += m->odds;
		for (r = e->strength / u->strength; r >= 2; r /= 2)
			b += m->odds;
	}
	return a - b;
}

const struct ai_doctrine napoleonic_doctrine = {
	.name = "napoleonic",
	.form = doctrine_form,
	.reach = doctrine_reach,
	.quality = doctrine_quality,
	.quality_unknown = 4,		/* a middling Drill */
	.melee_edge = doctrine_melee_edge,
	.guard_flank = true,		/* 3.4.3 and 3.8.2 punish a flank */
	.charge_steps = true,		/* 3.4.2: a charge barred at its
					   first step is not made */
	.horse_own_bank = true,		/* 3.6.6: horse files over a bridge */
	.steer_off_edge = true,		/* 3.6.3: a block swings about its
					   front */
	.about_in_place = true,		/* 3.6.3: a face-about keeps the
					   block's cells */
};
