/*
 * hm.h - the horse-and-musket ruleset module (seed 002, clauses H1-H15;
 * doc/horse-and-musket.md): what its files share.
 *
 * hm.c holds the ops and the turn's sequencer, load.c the movement
 * table, move.c the engine hooks (H1-H12, H14; move.h), march.c the
 * movement phase, turn.c the phases after movement (turn.h).  The
 * movement table lives in rs->priv (struct hm_move, owned by the
 * ruleset, freed by hm_move_free).
 */
#ifndef MARSHAL_HM_H
#define MARSHAL_HM_H

#include "core/ruleset.h"

struct game;

/* The module's operations, registered under "horse-and-musket". */
extern const struct ruleset_ops hm_ops;
/* Its doctrine for the computer commander (doctrine.c). */
struct ai_doctrine;
extern const struct ai_doctrine hm_doctrine;

/* Read the `movement` table into rs->priv: 0, or -1 with diagnostics. */
int hm_move_load(struct ruleset *, const struct doc_node *root,
    struct diags *);
/* Free rs->priv (also half built). */
void hm_move_free(struct ruleset *);

/* HO.4 and H5, H6: Formation orders, then every Move order, in order of
 * battle. */
void hm_phase_movement(struct game *);

/* H7: the march of a retire (ruleset op action_march): *as holds the
 * retire given this turn, *move is the Move it walks; -1 for any other
 * action. */
int hm_action_march(const struct game *, const struct order *act,
    struct unit *as, struct order *move);

#endif
