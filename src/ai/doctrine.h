/*
 * doctrine.h - what a ruleset teaches the computer commander: the
 * interface between the generic planner (src/ai) and a ruleset's own
 * tactics.
 *
 * The commander plans in terms every ruleset shares - bodies of troops,
 * places to take, routes, couriers - and asks the ruleset's doctrine for
 * what only the ruleset knows: which of its formations plays each part
 * (the fighting line, the march column, the square against horse, guns
 * limbered and in action), how far its weapons and charges reach, and
 * how a melee between two units would be likely to go.  A ruleset
 * without a doctrine (ruleset_ops.doctrine == NULL) still gets orders:
 * its units march on the places and the enemy in whatever formation
 * they stand in.
 *
 * Ownership: a doctrine is a constant table of functions owned by its
 * ruleset module; every function only reads the ruleset and the view.
 */
#ifndef MARSHAL_AI_DOCTRINE_H
#define MARSHAL_AI_DOCTRINE_H

#include <stdbool.h>
#include <stdint.h>

#include "ai/ai.h"
#include "core/decide.h"
#include "core/ruleset.h"
#include "core/unit.h"

/* The parts a formation may play in the commander's plans. */
enum ai_role {
	AI_ROLE_LINE,		/* foot deployed to fight with its muskets */
	AI_ROLE_COLUMN,		/* foot formed to close with the enemy */
	AI_ROLE_MARCH,		/* foot on the move across country */
	AI_ROLE_ROAD,		/* any arm on the move along a road */
	AI_ROLE_SQUARE,		/* foot standing off horse */
	AI_ROLE_LIMBERED,	/* guns on the move */
	AI_ROLE_UNLIMBERED,	/* guns in action */
	AI_ROLE_SKIRMISH,	/* foot in open order */
	AI_ROLE_COUNT
};

/*
 * How far things reach, in ticks (gaps between blocks).  The commander
 * fills it with its own guesses, in the ruleset's unit of measure, before
 * it asks the doctrine: a doctrine changes only what its rules say.
 */
struct ai_reach {
	int		 musket;	/* foot's fire */
	int		 hold;		/* a place is held within this */
	int		 canister;	/* guns' close range */
	int		 art_range[RULES_MAX_FORM];	/* guns' range by
						   formation */
	int		 charge[ARM_COUNT];	/* charge reach; 0 never */
	uint32_t	 charge_forms[ARM_COUNT];	/* formations (bit
						   per index) that charge */
	int		 melee;		/* blocks meet in melee within this */
	int		 arc;		/* fire reaches this many 45-degree
					   steps either side of the front */
	int		 restore;	/* a Mob re-forms only with no enemy
					   this near; 0: the rules do not say,
					   and it re-forms where it stands */
};

struct ai_doctrine {
	const char	*name;
	/* The formation (index in rs->form) that plays role r, or -1 when
	 * the ruleset has none for it. */
	int		(*form)(const struct ruleset *, enum ai_role r);
	/* Overwrite the entries of *reach the ruleset's rules fix. */
	void		(*reach)(const struct ruleset *, struct ai_reach *);
	/* What the ruleset takes a unit's quality to be (for the
	 * Napoleonic rules its Drill), for the commander's judgement of
	 * melees; quality_unknown when it cannot be judged.  NULL: every
	 * unit rates quality_unknown. */
	int		(*quality)(const struct ruleset *,
			    const struct unit *);
	int		 quality_unknown;
	/* The melee score own unit u may expect over enemy e, less his,
	 * dice left out; enemy_quality stands for the quality the enemy is
	 * believed to have, which cannot be seen.  Positive: u would win.
	 * NULL: every melee looks even (0). */
	int		(*melee_edge)(const struct ruleset *,
			    const struct ai_own *u, const struct ai_enemy *e,
			    int enemy_quality);
	/* True when a flank turned to a charging enemy costs dearly (for
	 * the Napoleonic rules, in the charged unit's test and the melee,
	 * 3.4.3 and 3.8.2): a battalion does not end its march with its
	 * flank to an enemy who could charge it next turn, but turns to
	 * face him and stands.  False: it marches on as planned. */
	bool		 guard_flank;
	/* Horse rides straight at formed foot it would beat from the front
	 * (melee_edge at least this much, the enemy's quality judged by
	 * our own), as at open-order foot; 0: formed foot is ridden at
	 * only from a flank, and only while our own foot holds it in
	 * front. */
	int		 horse_front_edge;
	/* A battalion not standing fast charges an enemy within its charge
	 * reach in front whose melee edge reaches this (normal and hard),
	 * rather than march to the edge of contact and wait to be charged
	 * there; 0: it charges only at the edge of contact. */
	int		 reach_charge_edge;
	/* Normal's mark for that charge where it is lower than
	 * reach_charge_edge (hard keeps reach_charge_edge and its own
	 * margin, the choosier); 0: normal's is reach_charge_edge too. */
	int		 reach_charge_normal;
	/* Guns at the edge of contact are judged by melee_edge like any
	 * other enemy (where the doctrine's edge already counts them weak
	 * in melee), not charged at once whatever the odds; false: a
	 * battalion in contact always goes in at guns. */
	bool		 judge_guns;
	/* A squadron that stood last turn at arm's length from the enemy,
	 * its march halted by him (the movement rules stop a march short of
	 * contact) and no charge made, charges an enemy within its charge
	 * reach in front whose melee edge reaches reach_charge_edge (with
	 * the level's own margin), else rides back out of musketry rather
	 * than stand there another turn to be shot at (hard).
	 * False: it follows its prey as before. */
	bool		 horse_stand_off;
	/* Horse seeks its prey only on its own side of the defiles (our
	 * rear's side, or the far one where it stands): the ground the
	 * commander reckons its troops reach is the whole army's, and once
	 * a battalion of ours is over, the far bank is in it, while horse
	 * passes a defile only one file wide (3.6.6).  False: any prey
	 * on ground the army reaches. */
	bool		 horse_own_bank;
	/* A march sent round a friend in its way is not sent round the
	 * side where the map's edge would leave its block no facing back
	 * towards its goal (the block swings about its front: a deep one
	 * on the map's last rows can face only along the edge or off it).
	 * False: round the side the unit stands on, wherever it is. */
	bool		 steer_off_edge;
	/* A unit boxed in by friends, whose march can make no ground ahead
	 * or to a side, is tried the other way, faced about where the men
	 * stand: a face-about that keeps the block's cells needs no room
	 * (for the Napoleonic rules, 3.6.3 as marshal reads it).  False:
	 * the ruleset turns a block about by a wheel that needs room, and
	 * no such march is tried. */
	bool		 about_in_place;
	/* A charge walks straight at its target a cell at a time, the
	 * charger's block keeping its facing, and is not made where a unit
	 * stands across its first step, the charger marching on its order
	 * instead (for the Napoleonic rules, 3.4.2): such a charge is not
	 * given (normal and hard).  False: the ruleset walks
	 * its charges otherwise, and they are weighed without it. */
	bool		 charge_steps;
	/* Hard: a battalion whose melee edge charging a formed enemy who
	 * could charge it soon is at most evade_edge falls back out of his
	 * reach (when evade is set).  Enemy horse is judged by its own
	 * charge on the battalion instead, the melee that threatens (his
	 * quality taken to be ours): where his edge reaches
	 * evade_horse_edge, it falls back; 0: horse is judged as any other
	 * enemy. */
	bool		 evade;
	int		 evade_edge;
	int		 evade_horse_edge;
	/* Normal: whether own unit u falls back so too (when evade is
	 * set), by the same marks.  NULL: only hard falls back. */
	bool		(*evade_normal)(const struct ruleset *,
			    const struct ai_own *u);
	/* Normal: whether own unit u, where evade_normal does not name
	 * it, falls back from enemy horse alone (by evade_horse_edge), and
	 * only from horse that could charge it in the next charges phase:
	 * within his charge reach as he stands (not twice his last march)
	 * and within evade_horse_arc 45-degree steps of his front.  NULL:
	 * it stands. */
	bool		(*evade_horse_normal)(const struct ruleset *,
			    const struct ai_own *u);
	int		 evade_horse_arc;
	/* Normal and hard: a battalion with fewer men left than this
	 * share (percent) of those it began with, not in contact, falls
	 * back out of the musketry and the charge reach of the nearest
	 * enemy within them, rather than stand to be shot at and caught
	 * (where the rules count a routed unit's men as lost, a worn one
	 * kept whole spares the side's break).  0: it fights on. */
	int		 worn;
	/* Normal and hard: whether own unit u is raw - foot whose own
	 * test under fire (for this ruleset a charger's at once, HO.6.4)
	 * it would likely fail.  Such a battalion, not in contact, within
	 * the musketry or the charge reach of the nearest enemy, holds its
	 * ground and fires: it neither charges nor marches on, and the
	 * enemy who comes on meets its fire first.  NULL: none is. */
	bool		(*raw)(const struct ruleset *, const struct ai_own *u);
	/* Hard, while the points do not favour its side (it has places to
	 * take from the enemy): its foot falls back only from what normal's
	 * falls back from (evade_normal, evade_horse_normal) and its
	 * charges are weighed at normal's mark, the level's margin left
	 * out.  An attacker that gives ground before every enemy who might
	 * charge it soon, and waits for better odds than normal would,
	 * hands the defender the turns he is playing for.  Its own reach
	 * charge (reach_charge_edge) keeps hard's mark.  False: hard is as
	 * careful attacking as defending. */
	bool		 press;
	/* Hard: no second battalion is sent to stand close behind each
	 * place we hold (ai_supports), where the side has none to spare
	 * from its line.  False: hard sends one. */
	bool		 no_supports;
	/* Answer a decision the ruleset asks within a turn (core/decide.h:
	 * anything but a side's orders before the turn), giving orders
	 * through game_order from what side d->side can see (ai_view_fill).
	 * Returns the orders the game refused.  NULL: the commander gives
	 * none, and the side lets the moment pass. */
	int		(*answer)(struct game *, const struct decision *d,
			    enum ai_level);
	/* The ruleset's own way to give Move order o (checked already) to
	 * own unit u, when it has a better one than the plain march (a
	 * retire keeping the facing, say): o is rewritten in place, maybe
	 * into an order of another kind.  The game g is the one the view
	 * was filled from: the ruleset may try the order on it (a charge's
	 * closing, say), leaving it as it was; lvl is the commander's
	 * level.  NULL: orders go as planned. */
	void		(*refine)(struct game *g, const struct ai_view *,
			    const struct ai_own *u, struct order *o,
			    enum ai_level lvl);
};

#endif
