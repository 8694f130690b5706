/*
 * napoleonic/move-priv.h - what the Napoleonic movement files share
 * among themselves (move.c, move-load.c, move-begin.c, move-step.c,
 * move-group.c); not for the rest of the module, which uses move.h.
 * The helpers are defined in move.c, but for the few every step priced
 * asks, inline here.
 */
#ifndef MARSHAL_NAPOLEONIC_MOVE_PRIV_H
#define MARSHAL_NAPOLEONIC_MOVE_PRIV_H

#include "core/game.h"
#include "core/geom.h"
#include "core/ruleset.h"
#include "rules/napoleonic/move.h"

/* Ticks as BD text ("2.5 BD"), in one of a few rotating buffers so one
 * printf can use several. */
const char *bd(const struct ruleset *, int ticks);

/* The same number without its unit ("2.5"), for Pe, Pr and sums. */
const char *num(const struct ruleset *, int ticks);

/* A label as it reads inside a sentence: "Dense wood" -> "dense wood"
 * (a rotating buffer). */
const char *lname(const char *label);

/*
 * M18 (issue 12): a unit never ends its move on an obstacle, so no
 * change of formation on the march may newly put one inside its block.
 * The first obstacle it may not stop on (ruleset_obstacle_within's kind)
 * that walker w's block in formation form, where it stands and as it
 * faces, would have between two side-by-side cells behind its front
 * rank that were not both in its block as it stands (w->form): its
 * index, the two cells in *a and *b when not NULL; 0 when none.  A block
 * across an obstacle already (a crossing under way) is not refused for
 * that one.
 */
int nap_astride_new(const struct game *, const struct move_walk *w,
    int form, struct point *a, struct point *b);

/* The road on cell p (ROAD_NONE, ROAD_SMALL, ROAD_BIG). */
static inline int
road_at(const struct game *g, struct point p)
{
	return map_cell(g->map, p.x, p.y)->road;
}

/* 3.6.5, 3.6.6: whether cell c's ground forbids formation form (the
 * landscape's forbid list), but for a road cell under a formation that
 * keeps to roads, which may go wherever the road goes. */
static inline bool
cell_forbids(const struct ruleset *rs, const struct cell *c, int form)
{
	return (rs->land[c->land].forbid & (1u << form)) != 0 &&
	    !(c->road != ROAD_NONE && (rs->form[form].flags & FORMF_ROAD));
}

/* The road a step from a to b follows: the lesser of its two cells'. */
static inline int
road_between(const struct game *g, struct point a, struct point b)
{
	int ra = road_at(g, a), rb = road_at(g, b);

	return ra < rb ? ra : rb;
}

/*
 * Permeability unit u feels in landscape l in formation form (3.6.5:
 * cavalry Manoeuvre Column counts it mc_pe_factor times); the factor in
 * *factor unless NULL.
 */
static inline int
unit_pe(const struct game *g, const struct unit *u, int form, int l,
    int *factor)
{
	const struct nap_move *m = nap_move(g->rs);
	int f = u->arm == ARM_CAVALRY && form == m->auto_form ?
	    m->mc_pe_factor : 1;

	if (factor != NULL)
		*factor = f;
	return g->rs->land[l].pe * f;
}

#endif
