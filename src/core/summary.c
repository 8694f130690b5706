/*
 * summary.c - the battle's standing, side by side and objective by
 * objective, counted from the units and asked of the ruleset.  See
 * summary.h.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "core/summary.h"
#include "core/ruleset.h"
#include "util/xalloc.h"

/* Count one unit into its side's figures: guns or men, as the ruleset
 * counts the unit's arm. */
static void
count_unit(const struct ruleset *rs, struct summary_side *ss,
    const struct unit *u)
{
	long lost = u->strength0 - u->strength;

	ss->units++;
	if ((unsigned)u->arm < ARM_COUNT && rs->arm_guns[u->arm]) {
		ss->guns0 += u->strength0;
		ss->lost_guns += lost > 0 ? lost : 0;
		if (unit_active(u))
			ss->guns += u->strength;
	} else {
		ss->men0 += u->strength0;
		ss->lost_men += lost > 0 ? lost : 0;
		if (unit_active(u))
			ss->men += u->strength;
	}
	switch (u->cond) {
	case COND_FORMED:
		ss->formed++;
		break;
	case COND_MOB:
		ss->mob++;
		break;
	case COND_ROUTED:
		ss->routed++;
		break;
	case COND_CAPTURED:
		ss->captured++;
		break;
	case COND_DISPERSED:
		ss->dispersed++;
		break;
	case COND_AWAY:
		ss->away++;
		break;
	default:
		break;
	}
}

void
summary_make(const struct game *g, struct summary *s)
{
	const struct ruleset_ops *ops = g->rs->ops;
	struct summary_side *ss;
	int i, h;

	memset(s, 0, sizeof *s);
	s->over = game_over(g);
	s->turn = s->over ? g->result.turn : g->turn - 1;
	s->winner = s->over ? g->result.winner : -1;
	s->break_point = g->break_point;
	s->nsides = g->nsides < GAME_MAX_SIDES ? g->nsides : GAME_MAX_SIDES;
	for (i = 0; i < g->nunits; i++)
		if (g->units[i].side >= 0 && g->units[i].side < s->nsides)
			count_unit(g->rs, &s->side[g->units[i].side],
			    &g->units[i]);
	for (i = 0; i < s->nsides; i++) {
		ss = &s->side[i];
		ss->broken = g->sides[i].broken;
		ss->brk_pct = -1;
		if (ops != NULL && ops->side_strength != NULL) {
			ops->side_strength(g, i, &ss->brk_start, &ss->brk_now);
			if (ss->brk_start > 0)
				ss->brk_pct = (int)((ss->brk_start -
				    ss->brk_now) * 100 / ss->brk_start);
		}
	}
	s->nobj = g->nobjectives;
	s->obj = s->nobj > 0 ? xcalloc((size_t)s->nobj, sizeof *s->obj) :
	    NULL;
	for (i = 0; i < s->nobj; i++) {
		s->obj[i].points = g->objectives[i].points;
		h = ops != NULL && ops->objective_holder != NULL ?
		    ops->objective_holder(g, i) : -3;
		s->obj[i].holder = h;
		if (!s->over && h >= 0 && h < s->nsides)
			s->side[h].points += s->obj[i].points;
	}
	/* Once over, the points are the result's: the count at the end. */
	if (s->over)
		for (i = 0; i < s->nsides; i++)
			s->side[i].points = g->result.points[i];
}

void
summary_free(struct summary *s)
{
	free(s->obj);
	s->obj = NULL;
	s->nobj = 0;
}
