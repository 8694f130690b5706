/*
 * napoleonic/move.h - the Napoleonic movement phase (3.6), private to the
 * napoleonic module.
 *
 * nap_move_load reads the data file's `movement` and `rally` sections into a struct
 * nap_move kept in rs->priv.  Every distance is in ticks (1 BD = rs->ticks);
 * action points are whole numbers.  The move_* operations price turns,
 * steps, contacts and passes for the generic engine (core/move-walk.c);
 * nap_phase_movement and nap_phase_formation are the two phases the module
 * runs itself.  doc/rules.md gives the reading of every clause.
 */
#ifndef MARSHAL_NAPOLEONIC_MOVE_H
#define MARSHAL_NAPOLEONIC_MOVE_H

#include <stdbool.h>
#include <stdint.h>

#include "core/ruleset.h"

struct game;

/* A speed: drill x mul + add ticks ("drill - 2" is mul 1, add -2 BD). */
struct nap_speed {
	bool		 set;
	int		 mul;
	int		 add;		/* ticks */
};

struct nap_move {
	struct nap_speed speed[ARM_COUNT][RULES_MAX_FORM]; /* 3.6.3 */
	int		 art_speed[RULES_MAX_FORM * 3];	/* by class index */
	int		 rc_crowded;		/* 3.6.6 */
	int		 rc_off_road;		/* formation whose speed applies */
	int		 art_road;		/* 3.6.3 */
	int		 musician;		/* ticks */
	int		 limber_ap;
	int		 unlimber_ap;
	int		 pivot_per_45;		/* AP (BD) per 45 degrees */
	int		 turn_per_45;		/* ticks */
	int		 wheel_loss;		/* ticks */
	int		 die;			/* 3.6.4 */
	int		 low_roll;
	int		 low_change;		/* ticks */
	int		 high_roll;
	int		 high_change;
	int		 mc_pe_factor;		/* 3.6.5 */
	int		 obstacle_width;	/* ticks */
	int		 free_contours;
	int		 contour_cost;		/* ticks */
	int		 road_relief;		/* ticks */
	int		 inf_more;		/* 3.6.8 gaps, ticks */
	int		 inf_less;
	int		 cav_more;
	uint32_t	 cav_forms;
	int		 cav_charge;
	int		 art_more;
	uint32_t	 art_forms;
	int		 contact_hold;		/* 3.6.8 reading: a contact
						   lasts while an enemy still
						   fighting is this near, ticks */
	uint32_t	 deploy_from;
	int		 deploy[ARM_COUNT];
	int		 auto_form;
	int		 limbered;
	int		 unlimbered;
	int		 pivot_reach;		/* ticks */
	int		 wheel_gap;		/* 3.6.3 group wheel: ticks
						   between fronts side by side */
	/* The `rally` section. */
	int		 restore_gap;		/* 3.5.1 no enemy this near */
	/* Where units hold what the rules read (unit->attr[] indices of
	 * the ruleset's attributes and state). */
	int		 a_drill;
	int		 a_musician;
	int		 a_ap_used;
};

/* The module's own numbers in a walk (struct move_walk's mod[]). */
#define NAP_MUSICIAN(w)	((w)->mod[0])	/* it still has its musician */
#define NAP_AP(w)	((w)->mod[1])	/* a battery's action points left */

/* Read the movement section into rs->priv; 0, or -1 with diagnostics. */
int nap_move_load(struct ruleset *, const struct doc_node *root,
    struct diags *);

/* The movement tables of a loaded ruleset (inline: every step priced
 * asks). */
static inline const struct nap_move *
nap_move(const struct ruleset *rs)
{
	return rs->priv;
}

/* A unit's Drill, whether it has its musician, and a battery's action
 * points spent this turn: the ruleset's attributes drill and musician and
 * state ap_used, read and written through core's accessor. */
int nap_drill(const struct ruleset *, const struct unit *);
bool nap_musician(const struct ruleset *, const struct unit *);
void nap_musician_set(const struct ruleset *, struct unit *, bool);
int nap_ap_used(const struct ruleset *, const struct unit *);
void nap_ap_used_set(const struct ruleset *, struct unit *, int);

/* The engine's questions (see struct ruleset_ops). */
int nap_move_begin(const struct game *, struct move_walk *);
void nap_move_turn(const struct game *, const struct move_walk *, enum dir,
    struct move_price *);
void nap_move_step(const struct game *, const struct move_walk *, enum dir,
    struct move_price *);
int nap_move_contact(const struct game *, const struct move_walk *, int,
    struct move_price *);
void nap_move_pass(const struct game *, const struct move_walk *, int,
    enum dir, bool, struct move_price *);
void nap_move_end(const struct game *, struct move_walk *);
void nap_move_init(const struct game *, struct move_walk *);
void nap_move_upset(const struct game *, struct move_walk *,
    enum move_upset, const struct move_price *);
void nap_move_passed(struct game *, int f, int by);
void nap_move_commit(struct game *, int u, const struct move_walk *);

/* The speed table and its modifiers (3.6.3-3.6.6) for the rules reference. */
void nap_describe(const struct ruleset *,
    void (*line)(void *, int, const char *), void *arg);
const char *nap_move_rule(enum halt);

/* 3.6.8: whether unit u, halted in battle contact, stays there this turn
 * (ops->move_holds; see move-group.c). */
bool nap_move_holds(const struct game *, const struct unit *u);

/*
 * 3.6.5: the landscape that forbids formation form to unit u's block
 * were it at anchor p facing f (the first such cell in *at, may be
 * NULL), or -1 when its every cell on the map allows it (a road cell
 * allows the formations that keep to roads: cell_forbids).  A block may
 * stand only where its formation may enter: a formation change and a
 * charge's closing ask it too.
 */
int nap_ground_forbids(const struct game *, const struct unit *u,
    struct point p, enum dir f, int form, struct point *at);

/* 3.6.5: whether unit may take formation form where it stands now
 * (ops->form_check): 0, or -1 with *cause allocated. */
int nap_form_check(const struct game *, int unit, int form, char **cause);

/* Phase 5: units under a Formation order change formation, and Mobs under
 * a Restore order re-form (3.5.1); either takes the whole turn. */
void nap_phase_formation(struct game *);

/* 3.9.2 (marshal's reading, as 3.6.3's face-about): the front centre
 * unit would have faced about where it stands, its block on the same
 * cells and its rear rank the front, into *out; false when no cell of
 * its block gives that block facing the other way, or it stands astride
 * an obstacle. */
bool nap_about_in_place(const struct game *, int unit, struct point *out);

/* Phase 6 (3.6): every unit in index order. */
void nap_phase_movement(struct game *);

/* Phase 6 for the members of unit's group order alone, its line wheeling
 * and marching as the phase moves it (ops->move_group_turn: a preview's,
 * on a scratch copy).  Other units stand, but for friends under Move
 * orders of their own in a member's way, marched first as the phase
 * marches them (3.6.7).  -1 when unit holds no group order. */
int nap_move_group_turn(struct game *, int unit);

#endif
