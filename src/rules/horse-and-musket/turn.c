/*
 * turn.c - the horse-and-musket turn after movement: provisional bodies.
 *
 * Written by the turn work (issue 15): this file only holds the phases'
 * places so that the module builds and runs its turn; each phase does
 * nothing yet and the loader reads nothing.
 */
#include "config.h"

#include <stddef.h>

#include "core/game.h"
#include "rules/horse-and-musket/turn.h"

/* Written by the turn work (issue 15). */
void
hm_phase_rally(struct game *g)
{
	(void)g;
}

/* Written by the turn work (issue 15). */
void
hm_phase_charges(struct game *g)
{
	(void)g;
}

/* Written by the turn work (issue 15). */
void
hm_phase_facing(struct game *g)
{
	(void)g;
}

/* Written by the turn work (issue 15). */
void
hm_phase_fire(struct game *g)
{
	(void)g;
}

/* Written by the turn work (issue 15). */
void
hm_phase_melee(struct game *g)
{
	(void)g;
}

/* Written by the turn work (issue 15). */
void
hm_phase_breakthrough(struct game *g)
{
	(void)g;
}

/* Written by the turn work (issue 15). */
void
hm_phase_morale(struct game *g)
{
	(void)g;
}

/* Written by the turn work (issue 15). */
void
hm_phase_end(struct game *g)
{
	(void)g;
}

/* Written by the turn work (issue 15): reads nothing yet. */
int
hm_turn_load(struct ruleset *rs, const struct doc_node *root,
    struct diags *d)
{
	(void)rs;
	(void)root;
	(void)d;
	return 0;
}

/* Written by the turn work (issue 15). */
void
hm_turn_free(struct ruleset *rs)
{
	rs->phases_priv = NULL;
}
