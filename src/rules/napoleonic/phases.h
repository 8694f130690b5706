/*
 * napoleonic/phases.h - the Napoleonic turn other than movement: couriers
 * (3.2), rally (3.3), charges (3.4), fire (3.7), melee (3.8), morale,
 * routs and prisoners (3.9) and the end of the turn (victory), private to
 * the napoleonic module.
 *
 * nap_phases_load reads the data file's sections `command`, `fire`,
 * `melee`, `morale`, `charge`, `rally` (all but restore_enemy_gap) and
 * `victory` into a struct nap_phases kept in rs->phases_priv, and
 * sets rs->command_radius and rs->courier_speed.
 * The module's turn sequencer calls one nap_phase_* function per phase key.
 * Every distance below is in ticks, every percentage a whole percent, every
 * modifier a whole number of pips; doc/turn.md gives the readings.
 */
#ifndef MARSHAL_NAPOLEONIC_PHASES_H
#define MARSHAL_NAPOLEONIC_PHASES_H

#include <stdbool.h>
#include <stdint.h>

#include "core/ruleset.h"

struct game;

/* 3.7 Fire. */
struct nap_fire {
	int	die;			/* sides of the fire die */
	int	inf_range;		/* 3.7.2 musketry range */
	int	inf_share[RULES_MAX_FORM]; /* 3.7.3 percent of men who fire */
	int	inf_permille;		/* 3.7.3 men hit per 1000 firing, per pip */
	int	drill_base;		/* 3.7.3 pips = die + drill - drill_base */
	int	art_range[RULES_MAX_FORM]; /* 3.7.2 by artillery class (index) */
	int	canister;		/* 3.7.2 canister range */
	int	art_long;		/* 3.7.3 men hit per gun per pip, long */
	int	art_canister;		/* 3.7.3 men hit per gun per pip, close */
	int	target[RULES_MAX_FORM];	/* 3.7.4 percent, by target formation */
	int	cover[RULES_MAX_LAND];	/* 3.7.4 percent, by target's ground */
	int	arc;			/* 3.7.1 45-degree steps either side */
};

/* 3.8 Melee. */
struct nap_melee {
	int	die;
	int	reach;			/* 3.8.1 gap at which blocks fight */
	int	form[ARM_COUNT][RULES_MAX_FORM]; /* 3.8.2 by arm and formation */
	int	cavalry_vs_foot;	/* 3.8.2 horse against foot or guns */
	int	square;			/* 3.8.2 the anti-cavalry formation */
	int	square_vs_cavalry;	/* 3.8.2 a square against horse */
	int	flank;			/* 3.8.2 striking a flank or rear */
	int	odds;			/* 3.8.2 per doubling of strength */
	int	loss;			/* 3.8.3 loser's percent per point */
	int	winner_loss;		/* 3.8.3 winner's percent */
	int	mob;			/* 3.8.2 a Mob fights at this */
	int	rout_margin;		/* 3.8.4 a defeat this heavy routs */
};

/* 3.9 Morale, routs and prisoners. */
struct nap_morale {
	int	die;
	int	dice;
	int	base;			/* 3.9.1 pass on dice <= drill + base */
	int	trigger;		/* 3.9.1 percent lost in a turn */
	int	per_losses;		/* 3.9.1 -1 per this percent lost in all */
	int	musician;		/* 3.9.1 */
	int	general;		/* 3.9.1 general within command radius */
	int	mob;			/* 3.9.1 already a Mob */
	int	rout_margin;		/* 3.9.2 failing this badly routs */
	int	rout_speed[ARM_COUNT];	/* 3.9.3 ticks fled per turn */
	int	track_max;		/* 3.9.2 longest rout track, in steps */
	int	turn_about;		/* 3.9.2 (marshal's reading) 45-degree
					   steps between facing and track from
					   which a router turns where it stands
					   (5: never) */
	int	touch;			/* 3.9.5 gap at which routers are caught */
	int	capture;		/* 3.9.5 1d6 + mods >= this: POWs */
	int	capture_cavalry;	/* 3.9.5 the pursuer is mounted */
	int	capture_blocked;	/* 3.9.5 the routers cannot flee on */
	int	scatter_loss;		/* 3.9.5 percent lost scattering */
	int	disperse_at;		/* 3.9.6 this strength or less: gone */
};

/* 3.4 Charges. */
struct nap_charge {
	int	die;
	int	dice;
	int	reach[ARM_COUNT];	/* 3.4.1 gap from which an arm charges;
					   0: it does not charge */
	uint32_t forms[ARM_COUNT];	/* 3.4.1 formations that may charge */
	int	arc;			/* 3.4.1 45-degree steps off the front */
	int	base;			/* 3.4.3 stands on dice <= drill + base */
	int	musician;		/* 3.4.3 */
	int	general;		/* 3.4.3 general within command radius */
	int	mob;			/* 3.4.3 the target is a Mob */
	int	horse;			/* 3.4.3 foot or guns charged by horse */
	int	flank;			/* 3.4.3 charged in flank or rear */
	int	rout_margin;		/* 3.4.3 failing this badly routs */
	int	recoil;			/* 3.4.4 horse falls back from a square */
};

/* 3.3 Rally (the `rally` section; restore_enemy_gap is movement's). */
struct nap_rally {
	int	enemy_gap;		/* 3.3.1 no enemy this near */
	int	general_reach;		/* 3.3.1 a general of its side this near */
	int	base;			/* 3.3.2 rallies on dice <= drill + base */
	int	musician;		/* 3.3.2 */
	int	general;		/* 3.3.2 a general within general_reach */
	int	per_losses;		/* 3.3.2 -1 per this percent lost in all */
};

/* The end of the battle. */
struct nap_victory {
	int	hold;			/* gap from which a unit holds a place */
	bool	break_ends;		/* 3.10.1 a side's break ends the battle */
};

struct nap_phases {
	struct nap_fire		fire;
	struct nap_melee	melee;
	struct nap_morale	morale;
	struct nap_charge	charge;
	struct nap_rally	rally;
	struct nap_victory	victory;
};

/* Whether a stands off b's front: on its flank or in its rear, 90 degrees
 * or more from the way b faces (3.4.3, 3.8.2). */
bool nap_off_front(const struct unit *a, const struct unit *b);

/* Read the sections into rs->phases_priv; 0, or -1 with diagnostics. */
int nap_phases_load(struct ruleset *, const struct doc_node *root,
    struct diags *);

/* Free rs->phases_priv. */
void nap_phases_free(struct ruleset *);

/* The rules reference's lines for the phases after movement, with their
 * numbers (napoleonic/describe.c; the ruleset's describe calls it). */
void nap_phases_describe(const struct ruleset *,
    void (*line)(void *, int, const char *), void *arg);

/* The tables of a loaded ruleset. */
const struct nap_phases *nap_phases(const struct ruleset *);

/* One function per phase key: couriers, rally, charges, fire, melee,
 * morale, end. */
void nap_phase_couriers(struct game *);
void nap_phase_rally(struct game *);
void nap_phase_charges(struct game *);
void nap_phase_fire(struct game *);
void nap_phase_melee(struct game *);
void nap_phase_morale(struct game *);
void nap_phase_end(struct game *);

/*
 * 3.9.5: unit touches routed enemy unit routed (movement calls this when
 * a mover reaches routers; the morale phase calls it for every formed unit
 * next to routers).  The routers surrender or scatter.
 */
void nap_rout_touch(struct game *, int unit, int routed);

/*
 * 3.6.8 with 3.4: unit a's move ended in contact with enemy unit t.
 * Cavalry in a formation that closes "until possible charge" (not one
 * that stops short) and comes within melee reach has charged: t tests as
 * a charged unit (3.4.3), a square stands and the horse falls back
 * (3.4.4).  Any other contact does nothing here.
 */
void nap_charge_contact(struct game *, int a, int t);
/* 3.4.5: the charge a Move order would bring about (ruleset.h). */
int nap_charge_forecast(const struct game *, const struct order *,
    struct point stop, enum dir facing, enum halt halt,
    struct charge_forecast *);

/* 3.9.2: unit u routs: condition, rout track, event (why: the cause). */
void nap_rout(struct game *, int u, const char *why);

/* The gap in ticks between the blocks of units a and b: the empty ground
 * between them, 0 when they touch (core/move.h, move_gap; measured by
 * core/near.h, near_unit_gap). */
int nap_gap(const struct game *, int a, int b);

/* 3.10.2: who holds objective i now: a side, -1 nobody, -2 contested. */
int nap_objective_holder(const struct game *, int i);

/* 3.10.1: men side s started with and has still under command (guns are
 * not counted). */
void nap_side_strength(const struct game *, int s, long *start, long *now);

/* Take men from a unit (never below 0); returns the number taken. */
int nap_casualties(struct game *, int u, int men);

#endif
