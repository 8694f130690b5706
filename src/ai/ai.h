/*
 * ai.h - the computer commander: orders for one side from what that side
 * can see.
 *
 * The AI plays through exactly the path a person uses: it builds struct
 * order values (Move, Stop, Formation, Restore), names the unit's own
 * general as the issuer so that aides ride as they would for a player, and
 * hands them to game_order().  It never changes the game any other way.
 *
 * What it may know is fixed by a side view (struct ai_view), filled by
 * ai_view_fill() which copies only what the side's commander could see:
 * the ground, the objectives, both rear points, its own units with their
 * orders (in force and riding with aides) and its generals, and of the
 * enemy only where each unit stands, its facing, arm, formation, condition
 * and strength.  Enemy orders, orders in transit, the game's random stream
 * and anything about the future are not in the view, so the planner,
 * which reads the view alone, cannot use them.
 *
 * Levels change skill, never information: when lines deploy, whether
 * brigades keep a line and a reserve, how the cavalry and guns choose
 * targets.  Two baselines for the benchmark share the interface: passive
 * (holds its start, stopping every march) and naive (every unit marches
 * straight at the nearest enemy).
 *
 * The commander plays any ruleset: what it knows of a ruleset's tactics
 * (its formations by role, the reach of its weapons and charges, how it
 * rates a melee) comes from the ruleset's doctrine, ai/doctrine.h, and
 * without one it marches on the places and the enemy as its units stand.
 * The planner's files are listed at the top of commander.c.
 *
 * Determinism: the AI's few random choices come from its own generator,
 * seeded from the game's seed, the side and the turn; it never draws from
 * the game's stream, so letting the AI play cannot change a replay's dice.
 *
 * Ownership: a view owns its arrays (ai_view_free); a plan owns nothing
 * beyond its fixed array.
 */
#ifndef MARSHAL_AI_H
#define MARSHAL_AI_H

#include <stdbool.h>
#include <stdint.h>

#include "core/game.h"
#include "core/order.h"
#include "core/unit.h"

struct ruleset;
struct map;

enum ai_level {
	AI_PASSIVE,		/* baseline: stands where it starts */
	AI_NAIVE,		/* baseline: all straight at the nearest enemy */
	AI_EASY,
	AI_NORMAL,
	AI_HARD,
	AI_LEVEL_COUNT
};

/* One of the side's own units: everything its commander knows of it. */
struct ai_own {
	int		 unit;		/* index in the game */
	int		 general;	/* its own general (the issuer) */
	enum arm	 arm;
	int		 klass;
	int		 quality;	/* the doctrine's rating */
	int		 strength;
	int		 strength0;
	int		 formation;
	enum cond	 cond;
	struct point	 pos;
	enum dir	 facing;
	struct order	 order;		/* in force */
	bool		 riding;	/* a newer order rides with an aide */
	struct order	 next;		/* that order, when riding */
	enum halt	 halt;		/* why it stopped last movement */
	int		 halt_turn;
	int		 moved;		/* ticks moved in the last movement */
};

/*
 * An enemy unit as seen across the field.  There is deliberately no order,
 * route or destination here: a commander sees where the enemy stands, not
 * where he was told to go.
 */
struct ai_enemy {
	int		 unit;		/* index in the game */
	enum arm	 arm;		/* horse, foot or guns are plain to see */
	int		 klass;		/* so is its class (rs->klass index):
					   riflemen, light horse, a gun's
					   weight; not its quality */
	int		 formation;
	enum cond	 cond;
	struct point	 pos;
	enum dir	 facing;
	int		 strength;
	int		 moved;		/* ticks it moved in the last movement:
					   seen marching, it may march as far
					   again */
};

struct ai_general {
	int		 index;		/* in the game */
	int		 parent;
	struct point	 pos;
	int		 radius;	/* command radius, ticks */
};

struct ai_objective {
	struct point	 at;
	int		 points;
};

/* Everything a side's commander may know at the start of a turn. */
struct cells_pool;

struct ai_view {
	const struct ruleset *rs;	/* borrowed: the rules are public */
	const struct map *map;		/* borrowed: so is the ground */
	struct cells_pool *cells;	/* borrowed: the game's buffers of a
					   unit's cells (core/cells.h) */
	int		 side;
	int		 turn;
	int		 turn_limit;	/* 0: none */
	uint64_t	 seed;		/* the game's seed (not its stream) */
	int		 break_point;
	bool		 broken[GAME_MAX_SIDES];
	struct point	 rear;		/* own rear */
	struct point	 enemy_rear;
	struct ai_own	*own;		/* owned */
	int		 nown;
	struct ai_enemy	*enemy;		/* owned */
	int		 nenemy;
	struct ai_general *gen;		/* owned: own side's generals */
	int		 ngen;
	struct ai_objective *obj;	/* owned */
	int		 nobj;
};

/* The orders a planner decided on, not yet given. */
struct ai_plan {
	struct order	*v;		/* owned */
	int		 n;
	int		 cap;
};

/* "passive", "naive", "easy", "normal", "hard"; parse back (-1 unknown). */
const char *ai_level_name(enum ai_level);
int ai_level_parse(const char *);

/* Fill v with what side may see of g (v is overwritten; free it after). */
void ai_view_fill(const struct game *, int side, struct ai_view *v);

/* Free a view's arrays. */
void ai_view_free(struct ai_view *);

/*
 * Decide a side's orders from its view alone.  The plan (initialised by
 * the call, freed with ai_plan_free) lists orders in the order they should
 * be given; each names its unit's general.
 */
void ai_think(const struct ai_view *, enum ai_level, struct ai_plan *);

/* Free a plan. */
void ai_plan_free(struct ai_plan *);

/*
 * The controller: fill the view, think, and give every planned order
 * through game_order().  Before a Move order is given (normal and hard)
 * it is walked through move_preview_plain() - the Move preview a player
 * sees in the interface, which reads the ground, the unit, its friends and
 * where the enemy stands, never enemy orders or the dice, of the march as
 * ordered: the way round a friend standing in it is the movement phase's
 * to decide, when the commander's other orders are known - and a march that
 * would leave the unit a Mob is cut short or becomes a Stop.  Returns the
 * number of orders refused by the game (0 unless the AI has a bug); given
 * counts those accepted when not NULL.
 */
int ai_orders(struct game *, int side, enum ai_level, int *given);

/*
 * Answer decision d (core/decide.h) for its side: a side's orders before
 * the turn are ai_orders; anything asked within a turn goes to the
 * ruleset's doctrine (its answer), and without one nothing is given.  The
 * caller then says the side is done (game_decided).  Returns the orders
 * refused, as ai_orders.
 */
struct decision;
int ai_answer(struct game *, const struct decision *d, enum ai_level);

/*
 * For the interface's pluggable controller (struct ui_controller):
 * answers what the side is asked now (ai_answer), its orders for the
 * turn when nothing is; arg points to an enum ai_level.
 */
void ai_controller(struct game *, int side, void *arg);

#endif
