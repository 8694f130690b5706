/*
 * turn.h - the horse-and-musket turn after movement (marshal's own rules
 * HO.2, HO.3, HO.5 to HO.10, and the seed's H13 and H15): the phases the
 * sequencer in hm.c calls by key, the loader of their tables, and what
 * the files of the turn share: turn.c (tables and helpers), fire.c
 * (HO.6), melee.c (HO.3, HO.7, HO.8), morale.c (HO.2, HO.9), facing.c
 * (HO.5, H13), end.c (HO.10) and describe.c (the rules reference).
 * doc/horse-and-musket.md, section 4, is the reference.
 *
 * Per-unit state.  The turn keeps what it must remember about a unit in
 * the unit's generic fields only: strength and strength0 (a hit is a
 * tenth of strength0, so hits taken are (strength0 - strength) / hit),
 * lost_turn (men lost this turn), cond (Disordered is COND_MOB), contact
 * (the enemy held in melee), and the two attributes its data file
 * declares: the unit's Drill (hm_drill) and the marks of the turn
 * (HM_MARKS: HM_FIRED... below), saved with the unit.
 *
 * What the turn asks of movement (move.c): HO.3.2 holds chargers and
 * their targets still, so the movement phase leaves alone every unit
 * marked HM_CHARGER or HM_CHARGED (a charger's order is also spent, set
 * to none); HO.6.1 reads a gun's deploying this turn from an EV_FORMATION
 * event of the turn, so limbering and deploying must log one.
 *
 * Ownership: hm_turn_load keeps what it reads in rs->phases_priv (a
 * struct hm_turn), which hm_turn_free frees (also when half built).
 */
#ifndef MARSHAL_HM_TURN_H
#define MARSHAL_HM_TURN_H

#include <stdbool.h>
#include <stddef.h>

#include "core/ruleset.h"

struct game;
struct move_walk;
struct unit;

/* HO.2: routed units rally (and HO.9.3: Disordered units re-form). */
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

/* HO.10: who holds objective i (a side, -1 nobody, -2 contested). */
int hm_objective_holder(const struct game *, int i);
/* HO.10: men at the start and still standing (not routed, taken,
 * dispersed or lost) of side s. */
void hm_side_strength(const struct game *, int s, long *start, long *now);
/* The turn's tables for the rules reference (R), from the loaded data. */
void hm_turn_describe(const struct ruleset *,
    void (*line)(void *, int, const char *), void *arg);

/* The turn's ruleset operations, for hm.c's ops (one line there). */
#define HM_TURN_OPS \
	.objective_holder = hm_objective_holder, \
	.side_strength = hm_side_strength

/* --- What the files of the turn share -------------------------------- */

#define HM_MAX_WEAPON	16	/* weapons the fire table holds (HO.6) */
#ifndef HM_MAX_CLASS
#define HM_MAX_CLASS	32	/* classes a table holds (also move.h) */
#endif

/*
 * The unit's attributes as the data file declares them (attributes:
 * drill, then state: marks), checked by hm_turn_load: its Drill, and the
 * marks of the turn below.
 */
#define HM_ATTR_DRILL	0
#define HM_ATTR_MARKS	1
#define HM_MARKS(un)	((un)->attr[HM_ATTR_MARKS])

/* Marks of the turn, in HM_MARKS(unit). */
#define HM_FIRED	0x01	/* fired this turn (HO.6) */
#define HM_CHARGER	0x02	/* charged this turn (HO.3, H15) */
#define HM_CHARGED	0x04	/* was charged this turn */
#define HM_FLANKED	0x08	/* struck in a flank or the rear (HO.9.1) */
#define HM_BROKE	0x10	/* cavalry that broke through (H15) */
#define HM_REINED	0x20	/* reined in this turn (H15) */
#define HM_NOFIRE	0x40	/* reined in last turn: no fire (H15) */
#define HM_SECOND	0x80	/* target of a second charge: no turn (H15) */
#define HM_CHARGED_AGAIN 0x100	/* made its second charge this turn */
#define HM_ROUTED	0x200	/* routed this turn */
#define HM_TESTED	0x400	/* tested as a charger (HO.6.4) */
#define HM_MET		0x800	/* met a charge it was making (HO.3.2) */
#define HM_HALTED	0x1000	/* a charger halted by its test (HO.6.4) */

/* A weapon of HO.6.2: ranges in ticks (0: none) and dice per base. */
struct hm_weapon {
	char	name[RULES_NAME_MAX];
	int	short_range;		/* hits on short_hits+ */
	int	long_range;		/* hits on long_hits+; 0: none */
	int	short_dice;
	int	long_dice;
};

struct hm_turn {
	/* HO.3, H15 (charge) */
	int	charge_arc;
	bool	charge_arm[ARM_COUNT];
	int	second_num, second_den;	/* H15 reach: share of the H1 move */
	int	initiative;		/* HO.3.2: the initiative die */
	/* HO.6 (fire) */
	int	die;
	int	fire_arc;
	int	short_hits, long_hits;
	int	always, never;		/* a die that always / never hits */
	struct hm_weapon weapons[HM_MAX_WEAPON];
	int	nweapons;
	int	weapon[HM_MAX_CLASS];	/* class -> weapon, -1 none */
	int	bases[RULES_MAX_FORM];	/* firing bases by formation */
	bool	mounted_fire[RULES_MAX_FORM]; /* where horse may fire */
	bool	cover[RULES_MAX_LAND];
	bool	behind[RULES_MAX_OBST];
	bool	open_order[HM_MAX_CLASS];
	bool	hard_form[RULES_MAX_FORM];
	int	hard;			/* to hit: open order, deployed guns */
	int	cover_mod;
	int	fire_disordered;
	int	hits_per_unit;
	int	shaken;
	/* HO.7 (melee) */
	int	m_die;
	int	m_charged, horse_front, horse_flank, flank, defended;
	int	m_disordered, m_open_order, weak;
	bool	weak_arm[ARM_COUNT];
	bool	weak_class[HM_MAX_CLASS];
	int	m_rout_margin;
	int	fall_back;		/* ticks, keeping facing */
	/* HO.9 (morale), HO.2 (rally) */
	int	dice, mo_die, base, per_hits, mo_disordered;
	int	general, general_reach, rout_margin, restore_gap;
	int	turn_steps;		/* H13: most 45-degree steps */
	int	track_max;		/* cells of a rout track */
	int	rally_base, rally_gap;
	/* HO.10 (victory) */
	int	hold;
	bool	break_ends;
	/* Read from the movement tables (H1, H2, H11), ticks. */
	int	speed[HM_MAX_CLASS][RULES_MAX_FORM];
	int	rout[HM_MAX_CLASS];
	bool	stays[HM_MAX_CLASS];	/* H11: routed, it never moves */
};

/* The loaded tables. */
const struct hm_turn *hm_turn(const struct ruleset *);

/* A unit's Drill (morale: drill, by arm). */
int hm_drill(const struct game *, int u);
/* Men in one hit of unit u (a tenth of its first strength, at least 1). */
int hm_hit_men(const struct game *, int u);
/* Hits unit u has taken in the battle, and this turn. */
int hm_hits_taken(const struct game *, int u);
int hm_hits_turn(const struct game *, int u);
/* Unit u takes n hits; returns the men lost.  The last hit takes the rest. */
int hm_hit(struct game *, int u, int n);

/* Whether a and b are enemies both on the field. */
bool hm_enemies(const struct game *, int a, int b);
/* Whether b stands within a's front arc (arc 45-degree steps either
 * side). */
bool hm_in_arc(const struct game *, int a, int b, int arc);
/* The mean cell of n cells, rounded down (a block's centre, as hm_in_arc
 * takes it); c when n is 0. */
struct point hm_cells_centre(const struct point *cells, int n,
    struct point c);
/* Whether a stands off b's front (on a flank or behind). */
bool hm_off_front(const struct game *, int a, int b);
/* The gap between the blocks of a and b, ticks. */
int hm_gap(const struct game *, int a, int b);
/* Whether unit u stands in cover (HO.6.3) or, seen from unit from,
 * behind an obstacle of the `behind` list. */
bool hm_in_cover(const struct game *, int u);
bool hm_behind(const struct game *, int u, int from);
/* Open-order foot (fire: open_order). */
bool hm_open_order(const struct game *, int u);
/* The general of u's side within the morale reach, or -1. */
int hm_general_near(const struct game *, int u);
/* The H1 move of u in its formation (ticks), 0 if it has none. */
int hm_speed(const struct game *, int u);

/* The price in ticks of walk w's next step towards d (H3, H4: the
 * module's move_step, with w->allowance its maximum move), or -1 when it
 * may not step there; the plain step without a move_step. */
int hm_step(const struct game *, struct move_walk *w, enum dir d);

/* Roll n dice of s sides from the game's stream; "3+5" into buf. */
int hm_roll(struct game *, int n, int s, char *buf, size_t len);

/* HO.9.3: lay u's rout track, straight for its side's rear, cell by
 * cell to the rear or the map's edge. */
void hm_track(struct game *, int u);
/* HO.9.2: unit u routs, its track laid toward its side's rear. */
void hm_rout(struct game *, int u, const char *rule, const char *why);
/* HO.7, HO.9.2: unit u falls back keeping its facing. */
void hm_fall_back(struct game *, int u, const char *rule);
/* HO.9.4: unit u leaves the field in condition c (dispersed, taken). */
void hm_remove(struct game *, int u, enum cond c);
/* HO.9.4: unit u, its last man hit, is dispersed at once, logged; true if
 * so (false if it has men left or is gone already). */
bool hm_disperse_spent(struct game *, int u);

/* HO.9.1: the morale test; true if it passed.  rule is the test's own. */
bool hm_morale_test(struct game *, int u, const char *rule, const char *why);

/* HO.6: unit f fires at unit t now, its hits taken at once; returns the
 * hits. */
int hm_fire_now(struct game *, int f, int t);
/* HO.6.2: the longest range of u's weapon, ticks. */
int hm_fire_range(const struct game *, int u);
/* HO.6.1: whether unit u may fire this turn. */
bool hm_may_fire(const struct game *, int u);

/* HO.3.2, H15: unit c closes straight on unit t to contact; true if it
 * made contact within reach ticks. */
bool hm_close(struct game *, int c, int t, int reach, const char *rule);
/* HO.3.1, HO.3.2: whether Move order o, given to unit c, would make it
 * charge an enemy (in reach and in its front arc) and falter short of
 * him, the ground or a unit in the way stopping it, were the charges
 * made as the units stand now.  Reads g only. */
bool hm_charge_falters(const struct game *, int c, const struct order *o);
/* HO.3.1: the enemy Move order o, given to unit c, would charge (in reach
 * and in its front arc) as the units stand now, or -1: none. */
int hm_order_charges(const struct game *, int c, const struct order *o);
/* HO.3.1: what Move order o brings about (ruleset op charge_forecast):
 * a charge in the coming charges phase when the order leads onto an
 * enemy in the unit's front arc and reach as it stands, else, when its
 * march stops short at stop facing facing, next turn's charge from
 * there; a charge this turn says whether it falters (HO.3.2,
 * hm_charge_falters).  No test comes before contact
 * (f->test stays false).  Fills *f;
 * returns -1 with f->refused when the unit cannot charge at all.  Reads
 * g only. */
int hm_charge_forecast(const struct game *, const struct order *o,
    struct point stop, enum dir facing, enum halt halt,
    struct charge_forecast *f);
/* HO.7: a and t fight one melee (a the attacker). */
void hm_fight(struct game *, int a, int t);

/* HO.7: the enemy unit u is locked with since a tied melee: its contact,
 * still an active enemy, not routed, touching it.  -1: none.  Such a pair
 * fights again and neither marches away. */
int hm_melee_foe(const struct game *, int u);

/*
 * H15, the second charge as a decision (HO.8): after a melee, horse that
 * broke through is asked, one unit at a time in order of battle, whether
 * to charge again - at which of the enemies in reach - or to rein in.
 * The unit holds its side's answer in its act (the actions charge, with
 * a cell of the target, and rein, move.h) until the sequencer acts on
 * it; with no answer its standing order decides: Stop reins in,
 * otherwise it charges the nearest.
 */
#define HM_TARGETS_MAX	16	/* enemies in reach offered, at most */
#define HM_ANSWER_NONE	(-2)	/* no answer: the standing order's */
#define HM_ANSWER_REIN	(-1)
#define HM_ANSWER_CHARGE 0

/* H15: u's reach for a second charge (second: share of its H1 move). */
int hm_second_reach(const struct game *, int u);
/* H15: the enemies u may charge again, in its front arc within reach,
 * nearest first (an equal gap in order of battle), at most max into
 * out; returns how many. */
int hm_second_targets(const struct game *, int u, int *out, int max);
/* H15: the enemy in reach of u's second charge standing on cell p, or
 * -1. */
int hm_second_target_at(const struct game *, int u, struct point p);
/* H15: whether unit u, broken through, is to be asked: it has an enemy
 * in reach and is not retiring (H7: its retire order stands). */
bool hm_second_asks(const struct game *, int u);
/* H15: the unit whose second charge is asked now: the first in order of
 * battle that broke through, if it is to be asked; -1 otherwise. */
int hm_second_asked(const struct game *);
/* H15: carry out u's second charge or reining in, by the answer it
 * holds, or else by its standing order, logged as when nobody is asked
 * (a whole turn played at once reads the same). */
void hm_second_charge(struct game *, int u);
/* H15: the phase's second charges in order of battle; with ask, stop at
 * the first unit to be asked and return it; -1 when none is left. */
int hm_breakthrough_run(struct game *, bool ask);

#endif
