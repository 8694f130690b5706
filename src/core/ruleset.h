/*
 * ruleset.h - the interface every ruleset implements, and the data all
 * rulesets share.
 *
 * A ruleset is a module (a struct ruleset_ops of functions, one file
 * src/rules/<name>.c) plus a data file (data/rulesets/<name>.yaml).  The
 * data file carries the tables every ruleset has in some form - scale,
 * phases of the turn, landscape and obstacle types, formations, classes of
 * each arm - which ruleset_load() reads into struct ruleset, and a section
 * of the ruleset's own numbers that its ops->load() reads into rs->priv.
 * The engine only ever asks the ruleset through these functions: it never
 * compares a ruleset's name.
 *
 * Ownership: ruleset_load returns a ruleset the caller frees with
 * ruleset_free.  Games borrow it; it must outlive every game using it.
 */
#ifndef MARSHAL_RULESET_H
#define MARSHAL_RULESET_H

#include <stdbool.h>
#include <stdint.h>

#include "core/unit.h"
#include "util/diag.h"
#include "util/doc.h"

struct decision;
struct game;
struct map;
struct order;

#define RULES_NAME_MAX	32
#define RULES_MAX_FORM	32	/* formations fit a 32-bit mask */
#define RULES_MAX_LAND	64
#define RULES_MAX_OBST	32

/* A kind of ground a cell is made of. */
struct landscape {
	char		 name[RULES_NAME_MAX];	/* key used in map legends */
	char		*label;		/* owned: display name */
	int		 pe;		/* permeability, ticks */
	int		 pr;		/* passage cost, ticks */
	uint32_t	 forbid;	/* formations that may not enter */
	char		 glyph;		/* ASCII glyph for the map view */
	char		*uglyph;	/* owned: UTF-8 glyph, or NULL */
	int		 colour;	/* colour index for the map view */
};

/* A linear obstacle on a cell edge; index 0 of the table is "none". */
struct obstacle {
	char		 name[RULES_NAME_MAX];
	char		*label;		/* owned */
	int		 pe;
	int		 pr;
	uint32_t	 forbid;	/* formations that may not cross */
	bool		 may_end_on;	/* a unit may end its move on it */
	char		 glyph;		/* ASCII glyph for the map view */
	char		*uglyph;	/* owned: UTF-8 glyph, or NULL */
};

enum formation_flag {
	FORMF_FREE_TURN	= 1 << 0,	/* turns cost nothing */
	FORMF_BLOCK_FRONT = 1 << 1,	/* front and rear block passage */
	FORMF_BLOCK_FLANK = 1 << 2,	/* flanks block passage */
	FORMF_BLOCK_ALL	= 1 << 3,	/* dense: blocks from every side */
	FORMF_IMMOBILE	= 1 << 4,	/* cannot move in this formation */
	FORMF_ROAD	= 1 << 5	/* a march column for roads */
};

struct formation_def {
	char		 name[RULES_NAME_MAX];
	char		*label;		/* owned */
	unsigned	 arms;		/* bit (1 << arm) for each arm allowed */
	int		 frontage[ARM_COUNT];	/* cells along the front */
	int		 depth[ARM_COUNT];	/* cells front to rear */
	unsigned	 flags;		/* FORMF_* */
};

/* A class within an arm, e.g. horse artillery. */
struct arm_class {
	enum arm	 arm;
	char		 name[RULES_NAME_MAX];
	char		*label;		/* owned */
};

/*
 * A number or flag every unit carries, declared by the ruleset's data
 * (attributes: and state: tables) and held in unit->attr[] at the index
 * of its declaration (attributes first, then state).  An attribute is
 * given per unit in orders of battle and shown to the player; a state
 * value starts at its default, changes in play and is saved.  A state
 * value declared internal is the module's own bookkeeping (a bitmask,
 * a counter): saved like the others, but never shown to a player.
 */
#define ATTR_LABEL_MAX	48
#define ARM_LABEL_MAX	32
struct attr_def {
	char		 name[RULES_NAME_MAX];	/* key in files: "drill" */
	char		 label[ATTR_LABEL_MAX];	/* for the screen: "Drill" */
	bool		 flag;		/* true/false (0/1), not a number */
	bool		 state;		/* changes in play, not in an OOB */
	bool		 required;	/* an OOB must give it */
	bool		 report;	/* printed by marshal resolve */
	bool		 internal;	/* the module's bookkeeping (state
					   only): saved, never shown */
	int		 min, max;	/* range of a number */
	int		 def;		/* value when not given */
};

/*
 * Movement (core/move-walk.c).  The engine walks a unit's front-centre anchor
 * cell by cell along its route and asks the ruleset, through the move_*
 * operations below, what each turn of the front and each step costs, how
 * close it may come to an enemy and whether it may pass a friend.  The
 * ruleset answers with a price: ticks, a verdict, and the notes (rule
 * number and arithmetic) that explain it.  The engine keeps the budget,
 * the occupancy and the log.  See core/move.h for struct move_walk.
 */
struct move_walk;

enum move_verdict {
	MOVE_OK,		/* may be done, at the price */
	MOVE_CHANGE,		/* first change (free, no order) to ->form */
	MOVE_NEED_ORDER,	/* only another formation (->form) may go:
				   the unit needs a Formation order */
	MOVE_IMPASSABLE,	/* no formation of the unit may go there */
	MOVE_NEVER		/* not a legal step at all (e.g. a diagonal
				   past an obstacle's end) */
};

#define MPF_MOB_AFTER	0x01	/* done, the unit is upset (move_upset,
				   MOVE_UPSET_STEP) and stops */
#define MPF_MAY_END_ON	0x02	/* may stop part-way (a unit may end on it) */
#define MPF_NARROW	0x04	/* a narrow passage: one unit per turn */
#define MPF_ROAD	0x08	/* the step follows a road */
#define MPF_DISORDER	0x10	/* pass-through upsets both units
				   (move_upset, move_passed) */
#define MPF_STOP_AFTER	0x20	/* stop once the step is done */
#define MPF_SQUARE	0x40	/* the turn before it is part of the step */
#define MPF_ANCHOR	0x80	/* a turn that moves the block: it ends
				   anchored at ->anchor (a wheel about a
				   front corner) */
#define MPF_APART	0x100	/* move_contact: the halt keeps the two
				   apart, no battle contact between them
				   (neither unit's contact is set) */
#define MPF_SAY_ROUND	0x200	/* MOVE_NEVER: its notes are written even
				   when the walk goes round it, so that
				   the way round is explained */

#define MOVE_NOTES_MAX	4
#define MOVE_NOTE_LEN	192

/* One line of explanation: a rule number and its arithmetic. */
struct move_note {
	char		 rule[16];
	char		 text[MOVE_NOTE_LEN];
};

/*
 * What the ruleset charges for a turn, a step, a contact or a pass.  The
 * engine charges ticks for every one of them: a step's includes the
 * distance walked; a pass's (move_pass) is paid once per friend, when the
 * walker first meets it; a MOVE_CHANGE's is the price of the change,
 * paid before the step is priced again in the new formation.
 */
struct move_price {
	int		 ticks;		/* cost, including the distance walked */
	enum move_verdict verdict;
	enum halt	 halt;		/* the reason if the unit stops for it */
	int		 form;		/* MOVE_CHANGE/NEED_ORDER: formation */
	unsigned	 flags;		/* MPF_* */
	int		 passage;	/* MPF_NARROW: an id for the passage */
	struct point	 anchor;	/* MPF_ANCHOR: the anchor after it */
	int		 need;		/* the least left that still makes the
					   step, paying all that is left; -1:
					   ticks (3.6.5 new ground) */
	int		 nnotes;
	struct move_note notes[MOVE_NOTES_MAX];
};

/*
 * A price with nothing on it yet, for a ruleset's pricing ops: a free
 * step, OK, no notes.  Field by field: the notes (most of the struct)
 * are read only up to nnotes, and clearing them all costs more than
 * pricing a step.
 */
static inline void
move_price_init(struct move_price *p)
{
	p->ticks = 0;
	p->verdict = MOVE_OK;
	p->halt = HALT_SPEED;
	p->form = -1;
	p->flags = 0;
	p->passage = -1;
	p->anchor.x = 0;
	p->anchor.y = 0;
	p->need = -1;
	p->nnotes = 0;
}

/*
 * Why a walk upsets its unit (ruleset op move_upset): the engine has met
 * one of these and the ruleset says what it does to the unit (for the
 * Napoleonic rules, a Mob).
 */
enum move_upset {
	MOVE_UPSET_IMPASSABLE,	/* ground no formation of it may enter
				   (MOVE_IMPASSABLE); the walk halts */
	MOVE_UPSET_STEP,	/* a step priced MPF_MOB_AFTER is done */
	MOVE_UPSET_PASS,	/* it came out of a disordering pass */
	MOVE_UPSET_PASSAGE_SHORT, /* too little room beyond a narrow
				   passage for the whole column */
	MOVE_UPSET_PASSAGE_INSIDE /* its walk ended inside the passage */
};

/*
 * An action of a ruleset's own: an order kind beyond Move, Stop,
 * Formation and Restore (ORDER_ACTION), given to answer a decision (turn
 * to face, withdraw fighting, charge again, march a second time).  Its
 * parameters travel in the order: a point (pts[0], npts 1), a facing, a
 * formation.
 */
#define ACTION_POINT	0x1
#define ACTION_FACING	0x2
#define ACTION_FORMATION 0x4

struct ruleset_action {
	const char	*name;		/* key in files: "face" */
	const char	*label;		/* for the screen: "Face" */
	unsigned	 params;	/* ACTION_* it takes, all required */
	const char	*rule;		/* the rule it comes under */
};

/*
 * The words a ruleset calls the engine's concepts by, for the screen
 * (data file key `terms`, ruleset-terms.c).  Every one is optional: the
 * interface asks ruleset_word, which answers a neutral English word where
 * the ruleset gives none, or ruleset_term, NULL then, to leave a line out.
 */
enum ruleset_term {
	RULESET_TERM_MOB,	/* a unit out of formation (COND_MOB) */
	RULESET_TERM_MOBS,	/* the same, plural, as a heading */
	RULESET_TERM_COLONEL,	/* the marker ahead of a moving unit */
	RULESET_TERM_AIDE,	/* the rider who carries an order */
	RULESET_TERM_PE,	/* what ground takes from speed (land.pe) */
	RULESET_TERM_PR,	/* what entering ground costs (land.pr) */
	RULESET_TERM_SQUARE,	/* foot formed against horse */
	RULESET_TERM_DISPERSED,	/* units gone from the field
				   (COND_DISPERSED), as a heading */
	RULESET_TERM_COUNT
};

/*
 * The topics the interface cites a rule number for (data file key `cite`).
 * A topic the ruleset leaves out is cited under no number: the interface
 * drops the citation, never prints another ruleset's number.
 */
enum ruleset_topic {
	RULESET_TOPIC_COLONEL,	/* the marker ahead of a moving unit */
	RULESET_TOPIC_AIDE,	/* an order carried by a rider */
	RULESET_TOPIC_ROUT_TRACK, /* where a routed unit will flee */
	RULESET_TOPIC_LANDSCAPE, /* the landscape table */
	RULESET_TOPIC_OBSTACLES, /* the obstacle table */
	RULESET_TOPIC_SPEEDS,	/* a unit's speed this turn */
	RULESET_TOPIC_GROUP_MOVE, /* a group Move order: one line */
	RULESET_TOPIC_BREAK,	/* a side's break point */
	RULESET_TOPIC_OBJECTIVES, /* objectives and points */
	RULESET_TOPIC_CHARGE,	/* the charge a Move order brings */
	RULESET_TOPIC_CHARGE_TEST, /* the charged unit's test */
	RULESET_TOPIC_CHARGE_SQUARE, /* horse against a square */
	RULESET_TOPIC_MELEE,	/* melee without a charge */
	RULESET_TOPIC_GENERAL_RIDE, /* a general riding under his own order */
	RULESET_TOPIC_ORDER,	/* an order in force: given near, held from
				   the start, taken back */
	RULESET_TOPIC_AIDE_ARRIVES, /* a carried order reaches its unit */
	RULESET_TOPIC_AIDE_LOST, /* a carried order lost or dropped */
	RULESET_TOPIC_NO_DELAY,	/* orders in force at once: delays off */
	RULESET_TOPIC_CHARGE_REACH, /* how near a charge begins */
	RULESET_TOPIC_CONTACT,	/* a march halted in battle contact */
	RULESET_TOPIC_COUNT
};

/* An optional rule a scenario turns on or off (data file `options`). */
#ifndef RULES_MAX_OPT
#define RULES_MAX_OPT	8	/* as core/game.h */
#endif
struct ruleset_option {
	char		 name[RULES_NAME_MAX];	/* key in scenarios */
	char		*label;		/* owned: for the briefing */
	bool		 def;		/* on unless a scenario says */
};

struct ruleset_ops;
struct ai_doctrine;

/* When a charge foreseen for a Move order comes (3.4.5). */
enum charge_when {
	CHARGE_NOW,		/* the coming turn's charges phase (3.4.1) */
	CHARGE_MARCH,		/* the coming turn's march: horse that
				   reaches melee reach (3.6.8) */
	CHARGE_NEXT,		/* the charges phase of the turn after,
				   from where the march stops */
	CHARGE_MELEE		/* no charge: horse whose speed runs out
				   within melee reach meets the enemy in
				   the melee phase without one */
};

/* What a Move order would bring about (ruleset op charge_forecast). */
struct charge_forecast {
	int		target;		/* unit charged, -1: none */
	enum charge_when when;
	int		gap;		/* ticks between the blocks then */
	bool		falters;	/* the ground or a unit in the way
					   stops it short: no melee */
	char		falter_why[96];	/* what stops it short ("X stands
					   in the way"), or "" */
	bool		test;		/* the target tests before contact */
	int		needs;		/* that test: 2d6 at most */
	bool		square;		/* a square against horse (3.4.4) */
	char		expl[160];	/* needs' arithmetic; with no test,
					   what the ruleset says of the
					   fight to come, or "" */
	char		refused[160];	/* why the unit never charges, or "" */
};

struct ruleset {
	const struct ruleset_ops *ops;
	char		*name;		/* owned: "napoleonic" */
	char		*title;		/* owned: display title */
	char		*source;	/* owned: where the rules come from */
	char	       **quoted;	/* owned: rule numbers the source has;
					   every other one cited is marshal's
					   own (NULL: none declared) */
	int		 nquoted;
	char	       **gloss;		/* owned: term, text, term, text... */
	int		 ngloss;	/* terms (2 strings each) */
	/* owned: the ruleset's words (`terms`) and rule numbers by topic
	 * (`cite`), NULL where the file declares none (ruleset_term) */
	char		*terms[RULESET_TERM_COUNT];
	char		*cites[RULESET_TOPIC_COUNT];
	char		 unit[8];	/* unit of measure, e.g. "BD" */
	int		 ticks;		/* ticks per unit of measure */
	/* How far the engine looks, declared by the data (scale): */
	int		 longest_move;	/* ticks: more than any unit's march
					   in one turn (route search, look
					   ahead) */
	int		 farthest_reach; /* ticks: the farthest an enemy can
					   be and still stop, charge or
					   touch a walker */
	/* Set by the module's loader, 0 when it says nothing: the least
	 * move_step ever charges for a step it allows, orthogonal [0] and
	 * diagonal [1] (ticks; the turn before it aside).  A route search
	 * passes over a step to a place it has reached already for no
	 * more than the place it leaves plus this (or the step's distance
	 * when less), without pricing it (see doc/rulesets.md). */
	int		 least_step[2];
	/* Set by the module's loader, false when it says nothing: a turn
	 * move_turn prices for a search (w->planning) never moves the
	 * block (MPF_ANCHOR), so a route search knows where a turn and
	 * the step after it lead before it prices the turn. */
	bool		 plan_turn_stays;
	/* Set by the module's loader, 0 when it says nothing: for a
	 * ruleset whose turns move the block (ops->move_face), cells each
	 * way from the anchor within which a point the block stands on
	 * counts as reached, where a wheel would be needed to bring the
	 * anchor onto it (walk_plan_leg, path_onto).  0: the anchor
	 * itself. */
	int		 arrive_near;
	/* Set by the module's loader, false when it says nothing: a turn
	 * move_turn prices for a search is the same wherever the block
	 * stands, for the same facing and facing turned to (its ticks and
	 * flags, and its anchor as far from where the block stood), and
	 * so is the facing ops->move_face keeps for a step each way, so a
	 * search prices each such turn once and asks each facing once. */
	bool		 plan_turn_anywhere;
	/* Set by the module's loader, false when it says nothing; read
	 * only with plan_turn_anywhere: every change of facing in a search
	 * is a turn move_turn prices, never taken into a step's price
	 * (MPF_SQUARE), so a unit whose steps keep their own way (move_face)
	 * must turn to reach a place off the line ahead, and a search for a
	 * way round counts the least such turn in its estimate (path.c). */
	bool		 plan_turn_ahead;
	/* Set by the module's loader, false when it says nothing: a unit
	 * goes round a standing friend it may not pass (walk_detour) only
	 * once that friend has held it up for a whole turn (halted blocked
	 * in the last turn's movement); the first turn it waits behind. */
	bool		 detour_after_a_turn;
	/* Set by the module's loader, false when it says nothing: its
	 * movement phase lets a unit halted by a friend under a Move
	 * order that has yet to move wait for it (move_ctx_wait), so the
	 * Move preview waits for such friends too (move_preview). */
	bool		 waits_for_friends;
	/* Set by the module's loader, false when it says nothing: what
	 * move_step and move_turn say to a search (w->planning) depends
	 * on the walker, its own unit and the map only, never on another
	 * unit, so a way round searched for a unit that then waits for a
	 * friend (move_ctx_wait) still holds when it walks again in the
	 * same phase (move-ctx.c keeps it). */
	bool		 plan_no_units;
	char	       **phases;	/* owned: phase names, in turn order */
	char	       **phase_keys;	/* owned: phase keys for the module */
	int		 nphases;
	struct landscape *land;		/* owned */
	int		 nland;
	struct obstacle	*obst;		/* owned; [0] is "none" */
	int		 nobst;
	struct formation_def *form;	/* owned */
	int		 nform;
	struct arm_class *klass;	/* owned */
	int		 nklass;
	struct attr_def	 attr[UNIT_ATTR_MAX];	/* per-unit numbers */
	int		 nattr;
	struct ruleset_option opt[RULES_MAX_OPT]; /* options a scenario may
					   turn on or off (ruleset-opts.c) */
	int		 nopt;
	/* Each arm's name and map letter (first side; the second's in
	 * lower case), from the arms: table (core/arms.c). */
	char		 arm_label[ARM_COUNT][ARM_LABEL_MAX];
	char		 arm_letter[ARM_COUNT];
	/* Whether an arm's strength counts guns (the Napoleonic batteries)
	 * rather than men: the arms: table's strength key. */
	bool		 arm_guns[ARM_COUNT];
	void		*priv;		/* owned by the module: its own tables */
	/* The order system (3.1, 3.2), set by the module's load. */
	int		 command_radius; /* default command radius, ticks */
	int		 courier_speed;	/* ticks an aide rides per turn; 0: orders
					   reach every unit at once */
	int		 general_speed;	/* ticks a general rides per turn
					   (marshal's own rule); 0: generals
					   stay where they stand */
	void		*phases_priv;	/* owned by the module: tables of the
					   phases after movement */
	bool		 break_ends;	/* set by the module's load: a side's
					   break ends the battle (3.10.1) */
};

struct ruleset_ops {
	const char	*name;
	/* Top-level keys of the data file the module reads itself, beyond
	 * the shared ones (NULL-terminated; NULL for none). */
	const char *const *keys;
	/* Read the module's own tables from the data file into rs->priv. */
	int		(*load)(struct ruleset *, const struct doc_node *root,
			    struct diags *);
	/* Free rs->priv. */
	void		(*free)(struct ruleset *);
	/* Run one whole turn: the sequencer belongs to the ruleset. */
	void		(*turn_run)(struct game *);
	/* Run phase p of the turn alone (rs->phases[p]); turn_run must be
	 * the same as every phase in order, then the turn's end, so that a
	 * game played a phase at a time (game_phase: a recording stepped
	 * through) reaches the same state.  NULL: whole turns only. */
	void		(*phase_run)(struct game *, int p);
	/*
	 * The decision protocol (core/decide.h), optional as a pair: NULL
	 * for the engine's own, each side's orders once a turn and turn_run
	 * when both are done.  decisions writes the decisions open now (at
	 * most max) from the game's state alone (g->phase, g->decided and
	 * the module's own); decided records that side s is done and, when
	 * nothing is open any more, runs the sequencer on to the next
	 * decision.  game_order accepts only orders some open decision asks
	 * for (its side, unit and kinds).
	 */
	int		(*decisions)(const struct game *, struct decision *out,
			    int max);
	void		(*decided)(struct game *, int s);
	/* The actions of the ruleset's own (ORDER_ACTION), NULL-name
	 * terminated; NULL: none.  game_order checks an action's
	 * parameters, then order_check; the unit holds it in its act until
	 * the sequencer carries it out and clears it. */
	const struct ruleset_action *actions;
	/* The rule a reinforcement's arrival is logged under (scenario
	 * reinforcements, core/game.c); NULL: none. */
	const char	*arrive_rule;
	/* Ruleset checks on an order (0, or -1 with *cause allocated). */
	int		(*order_check)(const struct game *, const struct order *,
			    char **cause);
	/* Whether unit may take formation form where it stands now, as
	 * the formation phase asks it of a Formation order: 0, or -1 with
	 * *cause allocated, the reason in a few words and its cell ("no
	 * room at [x, y]", "Village at [x, y] forbids it").  Reads g only;
	 * the formation menu marks what it refuses.  NULL: no such check. */
	int		(*form_check)(const struct game *, int unit, int form,
			    char **cause);
	/* The march action order act makes in the movement phase, for its
	 * preview (move_action_scratch): fills *as, a copy of act's unit,
	 * with the state the unit holds once act is given and the phase
	 * has begun its march, and *move with the Move order the walk then
	 * follows; returns -1 when the action makes no march.  Reads g
	 * only.  NULL: no action marches. */
	int		(*action_march)(const struct game *,
			    const struct order *act, struct unit *as,
			    struct order *move);
	/* 3.4.5: what Move order o brings about, if its unit's march this
	 * turn stops at stop facing facing, for the reason halt (short of
	 * its destination, it is still marching next turn).  Fills *f; returns -1 with f->refused
	 * when the unit cannot charge at all.  Reads g only.  NULL: the
	 * ruleset has no charges. */
	int		(*charge_forecast)(const struct game *,
			    const struct order *, struct point stop,
			    enum dir facing, enum halt halt,
			    struct charge_forecast *f);
	/* A unit's movement allowance this turn in ticks, explained into
	 * the game's log when explain is true. */
	int		(*allowance)(struct game *, int unit, bool explain);
	/* The module's own tables as lines of text for the rules reference
	 * (optional): line(arg, indent, text) once per line, headings at
	 * indent 0.  The numbers come from the loaded data, never a copy. */
	void		(*describe)(const struct ruleset *,
			    void (*line)(void *arg, int indent, const char *),
			    void *arg);

	/*
	 * Movement (optional as a group: a ruleset without move_step has no
	 * movement engine).  None of these change the game: they read it and
	 * the walk, and write the price or the walk's own state.
	 */
	/* Begin a unit's movement: fill w->allowance and w->left (ticks),
	 * make the changes that come before moving in w (limbering, the
	 * formation taken), and explain them into w's notes.  0: it moves;
	 * -1: it does not move this turn (w->halt and the notes say why). */
	int		(*move_begin)(const struct game *, struct move_walk *w);
	/* The facing unit w keeps while it steps towards d (optional; NULL:
	 * it faces d, turning first if it must).  A ruleset whose units may
	 * retire, sidestep or march obliquely answers w->facing or another
	 * direction; the engine turns to it (move_turn), then steps without
	 * turning.  Read by the walk and by route planning alike. */
	enum dir	(*move_face)(const struct game *,
			    const struct move_walk *w, enum dir d);
	/* Price of turning the front from w->facing to d before a step;
	 * with MPF_ANCHOR the turn also moves the block (a wheel). */
	void		(*move_turn)(const struct game *,
			    const struct move_walk *w, enum dir d,
			    struct move_price *);
	/* Price of stepping the anchor one cell towards d, facing d. */
	void		(*move_step)(const struct game *,
			    const struct move_walk *w, enum dir d,
			    struct move_price *);
	/* The gap in ticks the walker must keep from enemy unit e: it stops
	 * before any step that brings the gap to this or less; -1 when e
	 * stops nobody.  p gets the rule, the halt and its explanation, and
	 * MPF_APART when such a halt is no battle contact. */
	int		(*move_contact)(const struct game *,
			    const struct move_walk *w, int e,
			    struct move_price *p);
	/* Passing through friend f while stepping towards d (moving: f is
	 * under way this turn): MOVE_OK, MOVE_OK with MPF_DISORDER, or
	 * MOVE_NEVER. */
	void		(*move_pass)(const struct game *,
			    const struct move_walk *w, int f, enum dir d,
			    bool moving, struct move_price *);
	/* Whether unit u, under a Move order not yet done, keeps its place
	 * this turn all the same (3.6.8: halted in battle contact, it moves
	 * on only with a new order).  Friends meet it as one that stands:
	 * they go round it rather than wait for it to march.  NULL: a unit
	 * under a Move order always marches. */
	bool		(*move_holds)(const struct game *, const struct unit *u);
	/* The walk is over: finish it (unlimber at the destination...). */
	void		(*move_end)(const struct game *, struct move_walk *w);
	/* The walk has not the ticks left for what it would do next (a step,
	 * a turn) or none at all: the ruleset may give it more (a second
	 * march action), adding to w->left and w->allowance and explaining
	 * it, and return true to go on (optional; NULL or false: it halts,
	 * HALT_SPEED). */
	bool		(*move_spent)(const struct game *, struct move_walk *w);
	/* A walk starts (for a move, a preview or a look ahead): fill the
	 * module's own part of it, w->mod, from unit w->unit.  NULL: zeros. */
	void		(*move_init)(const struct game *, struct move_walk *w);
	/* What cause does to the walker: write it into w (w->cond, w->cancel,
	 * w->mod) and explain it.  p is the price that brought it about
	 * (IMPASSABLE, STEP), else NULL.  The engine halts the walk itself.
	 * NULL: nothing befalls the unit beyond the halt. */
	void		(*move_upset)(const struct game *, struct move_walk *w,
			    enum move_upset cause, const struct move_price *p);
	/* The three callbacks below change units after a walk.  The engine
	 * reads again, for the walks still to come in the phase, the two
	 * units each is given and every unit named by an event it logs:
	 * a callback that changes another unit's order, halt or anything
	 * move_holds reads logs an event for that unit (every result is
	 * explained anyway). */
	/* A unit's move is committed: friend f was passed through by unit
	 * by with a pass priced MPF_DISORDER; change f and log it (optional). */
	void		(*move_passed)(struct game *, int f, int by);
	/* A walk is committed to unit u (a move, or a step of a preview on
	 * a copy of the game): keep what the module tracks per unit from
	 * w->mod (optional). */
	void		(*move_commit)(struct game *, int u,
			    const struct move_walk *w);
	/* The rule number the engine cites when a walk ends for reason h
	 * (its closing line: where the unit stopped and why). */
	const char	*(*move_rule)(enum halt h);
	/* A moving unit touched routed enemy unit r (optional). */
	void		(*move_routed)(struct game *, int unit, int r);
	/* A moving unit's walk ended in contact with enemy unit e: what the
	 * contact brings about, logged (optional; called after the unit's
	 * move is committed and logged). */
	void		(*move_contacted)(struct game *, int unit, int e);
	/* One movement phase of the units under unit's group order alone,
	 * as the ruleset's phase moves a group (optional): for a preview on
	 * a scratch copy of the game (move_group_forecast), which owns
	 * everything it changes.  Returns -1 when unit holds no group order
	 * the ruleset moves as one.  NULL: each member walks to its own
	 * place, as a Move order of its own. */
	int		(*move_group_turn)(struct game *, int unit);

	/*
	 * The standing of the battle (optional), read by the end-of-turn
	 * checks and by core/summary.h, so that what a player is shown is
	 * what decides.  Neither changes the game.
	 */
	/* Who holds objective i now: a side, -1 nobody, -2 contested. */
	int		(*objective_holder)(const struct game *, int i);
	/* What counts toward side s's break point: *start at the start,
	 * *now still under command, in the ruleset's measure (men). */
	void		(*side_strength)(const struct game *, int s,
			    long *start, long *now);

	/* What the ruleset teaches the computer commander (ai/doctrine.h):
	 * its formations by role, its reaches, how it rates a melee.
	 * NULL: the commander plays with generic behaviour only. */
	const struct ai_doctrine *doctrine;
};

/* The module registered under name, or NULL. */
const struct ruleset_ops *ruleset_ops_find(const char *name);

/*
 * Build a ruleset from a parsed data file: the shared tables, then the
 * module's own.  Returns NULL with diagnostics on any problem, running out
 * of memory included: the build is a fallible region (util/xalloc.h), so
 * ops->load must keep what it makes reachable from rs->priv at every
 * allocation, and ops->free must free a half-built priv.
 */
struct ruleset *ruleset_load(const struct doc_node *root, struct diags *);

/* Free a ruleset. */
void ruleset_free(struct ruleset *);

/* For ruleset_load and ruleset_free (ruleset-terms.c): read the optional
 * `terms` and `cite` maps into rs (0, or -1 with diagnostics), free them. */
int ruleset_terms_load(struct ruleset *, const struct doc_node *root,
    struct diags *);
void ruleset_terms_free(struct ruleset *);

/* Index of a named landscape, obstacle, formation or class; -1 if none. */
int ruleset_land(const struct ruleset *, const char *name);
/* Read the data file's options table into rs (ruleset-opts.c); 0, or
 * -1 with diagnostics. */
int ruleset_opts_load(struct ruleset *, const struct doc_node *root,
    struct diags *);

/* Index of the ruleset's option called name; -1 if none. */
int ruleset_option(const struct ruleset *, const char *name);

/* Index of the ruleset's action called name (ops->actions); -1 if none. */
int ruleset_action(const struct ruleset *, const char *name);
int ruleset_obst(const struct ruleset *, const char *name);
int ruleset_form(const struct ruleset *, const char *name);
int ruleset_class(const struct ruleset *, enum arm, const char *name);

/*
 * M18: the first obstacle a unit may not end on (not may_end_on, and no
 * gate or bridge on that edge) lying between two side-by-side cells of
 * the n cells c of a block on map m: its index, the two cells in *a and
 * *b (when not NULL); 0 when none.  A block standing so would have the
 * obstacle running through its ranks or files.
 */
int ruleset_obstacle_within(const struct ruleset *, const struct map *m,
    const struct point *c, int n, struct point *a, struct point *b);

/*
 * The most cells one unit can cover under these rules: the largest
 * frontage x depth of any formation and arm (a block facing a diagonal
 * spans fewer cells, geom_span; a Road Column's trail no more than its
 * block), or the widest frontage with a cell more on each side (the
 * front the computer commander looks over, ai/route.c), at least 1.
 * Buffers of a unit's cells are sized from it (core/cells.h).
 */
int ruleset_cells_max(const struct ruleset *);

/* The index in unit->attr[] of the attribute or state value called name,
 * -1 if the ruleset declares none (core/attr.c). */
int ruleset_attr(const struct ruleset *, const char *name);

/* Read the attributes: and state: tables of a ruleset file into rs->attr
 * (core/attr.c); 0, or -1 with diagnostics. */
int ruleset_attr_load(struct ruleset *, const struct doc_node *root,
    struct diags *);

/* Give every attribute and state value of u its declared default. */
void ruleset_attr_defaults(const struct ruleset *, struct unit *);

/* Read the arms: table (core/arms.c); 0, or -1 with diagnostics. */
int ruleset_arms_load(struct ruleset *, const struct doc_node *root,
    struct diags *);

/* The capital letter the map draws for an arm, and its display name. */
char ruleset_arm_letter(const struct ruleset *, enum arm);
const char *ruleset_arm_label(const struct ruleset *, enum arm);

/* What an arm's strength counts: "guns" or "men". */
const char *ruleset_arm_counts(const struct ruleset *, enum arm);

/*
 * Whether rule number rule is marshal's own: the ruleset declares the
 * numbers its source rulebook has (`quoted`, each covering the numbers
 * under it: "3.6" covers "3.6.5"), and any other number it cites is one
 * the project wrote.  False for "" and when the ruleset declares none.
 */
bool ruleset_rule_own(const struct ruleset *, const char *rule);

/* The mark shown after a rule number: RULESET_OWN_MARK for marshal's own
 * rules, "" otherwise. */
#define RULESET_OWN_MARK	"*"
const char *ruleset_rule_mark(const struct ruleset *, const char *rule);

/* An event as one line, "RULE TEXT", its rule number marked as above
 * (event_format, with the ruleset's marks). */
struct event;
void ruleset_event_format(const struct ruleset *, const struct event *,
    char *buf, size_t len);

/* The word ruleset rs declares for term t, or NULL (borrowed). */
const char *ruleset_term(const struct ruleset *, enum ruleset_term);

/* The word for t: the ruleset's, else a neutral English one (borrowed,
 * never NULL). */
const char *ruleset_word(const struct ruleset *, enum ruleset_term);

/* The rule number rs cites topic t under, or NULL (borrowed). */
const char *ruleset_cite(const struct ruleset *, enum ruleset_topic);

/* ruleset_cite_fmt's flags: RULESET_OWN_MARK after the number, or
 * ", marshal's own rule", when it is marshal's own (ruleset_rule_own). */
#define RULESET_CITE_MARK	0x1
#define RULESET_CITE_OWN	0x2

/*
 * Topic t's citation into buf through tmpl, whose one "%s" becomes the
 * number (with the mark or words flags ask for): " (%s)" gives " (3.6.5)".
 * An empty buf when rs cites no number for t.  Returns buf.
 */
const char *ruleset_cite_fmt(const struct ruleset *, enum ruleset_topic,
    const char *tmpl, unsigned flags, char *buf, size_t len);

/* "an" before a word that starts with a vowel letter, else "a". */
const char *ruleset_article(const char *word);

/*
 * A static text (key help) in the ruleset's words, into buf: "{mob}"
 * becomes ruleset_word's, "{@charge}" the citation " (3.4.5)" or nothing;
 * the names are the keys of `terms` and `cite`.  An unknown name is left
 * as written.  Returns buf.
 */
const char *ruleset_expand(const struct ruleset *, const char *tmpl,
    char *buf, size_t len);

/* Format ticks as a number of the ruleset's unit, without it: "2.5" (the
 * bytes of buf after the terminator may be written too, up to len). */
void ruleset_fmt_number(const struct ruleset *, int ticks, char *buf,
    size_t len);

/* Format ticks in the ruleset's unit: "2.5 BD".  Returns the length
 * written (cut to len - 1); the bytes of buf after the terminator may be
 * written too (up to len). */
size_t ruleset_fmt(const struct ruleset *, int ticks, char *buf, size_t len);

/* The text ruleset_fmt writes for ticks, as a small table of the common
 * figures keeps it (owned by the table, per thread), or NULL when ticks
 * is not among them or its text is 32 bytes or more.  It stays until a
 * figure of another scale (ticks a unit, or unit name) is written in the
 * same thread: read it before. */
const char *ruleset_fmt_kept(const struct ruleset *, int ticks);

#endif
