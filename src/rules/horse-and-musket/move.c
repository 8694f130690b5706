/*
 * move.c - horse-and-musket movement (H1-H12, H14): the speed tables and
 * the engine hooks that price every step, turn and pass.
 */
#include "config.h"

#include <stdlib.h>

#include "core/game.h"
#include "rules/horse-and-musket/hm.h"

int
hm_move_load(struct ruleset *rs, const struct doc_node *root,
    struct diags *d)
{
	(void)rs;
	(void)root;
	(void)d;
	return 0;
}

void
hm_move_free(struct ruleset *rs)
{
	free(rs->priv);
	rs->priv = NULL;
}

void
hm_phase_movement(struct game *g)
{
	(void)g;
}
