/*
 * turn.h - the horse-and-musket turn after movement (marshal's own rules
 * HO.2, HO.3, HO.5 to HO.10, and the seed's H13 and H15): the phases the
 * sequencer in hm.c calls by key, and the loader of their tables.
 *
 * Ownership: hm_turn_load keeps what it reads in rs->phases_priv, which
 * hm_turn_free frees (also when half built).
 */
#ifndef MARSHAL_HM_TURN_H
#define MARSHAL_HM_TURN_H

#include "core/ruleset.h"

struct game;

/* HO.2: routed units rally or flee on. */
void hm_phase_rally(struct game *);
/* HO.3: charges close. */
void hm_phase_charges(struct game *);
/* HO.5, H13: facing changes after movement. */
void hm_phase_facing(struct game *);
/* HO.6: fire. */
void hm_phase_fire(struct game *);
/* HO.7: melee. */
void hm_phase_melee(struct game *);
/* HO.8, H15: second cavalry charges. */
void hm_phase_breakthrough(struct game *);
/* HO.9: morale, routs and prisoners. */
void hm_phase_morale(struct game *);
/* HO.10: the end of the turn. */
void hm_phase_end(struct game *);

/* Read the turn's tables (fire, melee, morale...) into rs->phases_priv:
 * 0, or -1 with diagnostics. */
int hm_turn_load(struct ruleset *, const struct doc_node *root,
    struct diags *);
/* Free rs->phases_priv. */
void hm_turn_free(struct ruleset *);

#endif
