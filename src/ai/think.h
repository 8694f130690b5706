/*
 * think.h - the planner's working state, private to src/ai: what the
 * commander works out in a turn (struct think), bodies of troops (struct
 * brigade) and the functions the planner's files share.  Nothing outside
 * src/ai includes it.
 *
 * Ownership: ai_think() creates a struct think on its stack and frees its
 * arrays before it returns; the view it points to is borrowed.
 */
#ifndef MARSHAL_AI_THINK_H
#define MARSHAL_AI_THINK_H

#include <stdbool.h>
#include <stdint.h>

#include "ai/ai.h"
#include "ai/doctrine.h"
#include "core/geom.h"
#include "core/rng.h"
#include "core/ruleset.h"

/* --- the planner's working state ----------------------------------------- */

/* Enemy units looked at along a march (more than any scenario fields). */
#define AI_MAX_ENEMY_SCAN	256

/* A brigade's task. */
enum task {
	TASK_TAKE,		/* march to a point and hold it against all */
	TASK_RESERVE,		/* wait behind the main effort */
	TASK_STRIKE		/* close with the nearest enemy */
};

/* A defile cell and a cell of our own side of the field next to it. */
struct crossing {
	struct point	 at, over;
};

struct brigade {
	int		 general;
	int		*units;		/* indices into view->own */
	int		 n;
	struct point	 centre;
	long		 men;
	long		 men0;
	enum task	 task;
	int		 obj;		/* objective index, -1 */
	struct point	 goal;
	enum dir	 front;		/* the way the line faces */
	bool		 stand;		/* hold where each battalion is */
};

struct think {
	const struct ai_view *v;
	enum ai_level	 lvl;
	struct ai_plan	*plan;
	struct rng	 rng;		/* the AI's own: never the game's */

	/* Formations by role, -1 when the ruleset has none. */
	int		 f_line, f_column, f_mc, f_road, f_square;
	int		 f_limbered, f_unlimbered, f_skirmish;

	/* Ranges in ticks (gaps). */
	struct ai_reach	 range;
	int		 enemy_quality;	/* what we take the enemy's to be */
	int		 charge_edge;	/* least score edge worth a charge */
	bool		 charging;	/* the Move being given is a charge */
	int		 searches;	/* ways round sought this turn */

	/* Levels. */
	int		 deploy;	/* deploy into Line inside this gap */
	bool		 slots;		/* keep a line of frontage slots */
	bool		 reserve;	/* hold a brigade back */
	bool		 squares;	/* form square against horse */
	bool		 flanks;	/* cavalry seeks flanks, spares foot */
	int		 charge;	/* 0 never, 1 when favoured, 2 shrewd */
	bool		 press;		/* hard attacking where the doctrine
					   says so (ai/doctrine.h, press):
					   normal's fall-back and mark */

	/* Per own unit. */
	int		*near;		/* nearest active enemy (view index) */
	int		*near_d;	/* its anchor distance, ticks */
	bool		*done;		/* an order decided this turn */
	bool		*garrison;	/* holds an objective */

	struct point	 own_c, enemy_c;
	int		 nactive_enemy;

	struct brigade	*brig;
	int		 nbrig;
	int		 main;		/* brigade of the main effort, -1 */

	/* Objectives as seen now. */
	bool		*ours;
	bool		*theirs;
	int		 pts_ours, pts_theirs;

	/* Cells held by units of either side (view indices + 1; own > 0,
	 * enemy < 0), for placing guns. */
	int		*occ;

	/* Own units across the way of a friend that made no ground last
	 * turn (view indices); NULL when not worked out. */
	bool		*in_way;

	/* Cells our foot can reach without a defile (3.6.6) or ground no
	 * formation may enter; NULL when not worked out. */
	bool		*reach;
	/* The same from our rear: our own side of the field; NULL when not
	 * worked out. */
	bool		*home;
	/* The crossings back to our side (ai_crossing); -1 until found. */
	struct crossing	*cross;
	int		 ncross;

	/* Where to stand to hold each objective (3.10.2): the place itself,
	 * or, when it lies in a defile or on ground we cannot reach, the
	 * reachable cell nearest to it within holding distance. */
	struct point	*stand_at;
};

/* --- small helpers every file uses ---------------------------------------- */

/* Still fighting: formed, or a Mob that may re-form. */
static inline bool
own_active(const struct ai_own *o)
{
	return o->cond == COND_FORMED || o->cond == COND_MOB;
}

/* The same of an enemy, as far as it can be seen. */
static inline bool
enemy_active(const struct ai_enemy *e)
{
	return e->cond == COND_FORMED || e->cond == COND_MOB;
}

/* p, brought inside the map. */
static inline struct point
clamp(const struct ai_view *v, struct point p)
{
	if (p.x < 0)
		p.x = 0;
	if (p.y < 0)
		p.y = 0;
	if (p.x >= v->map->w)
		p.x = v->map->w - 1;
	if (p.y >= v->map->h)
		p.y = v->map->h - 1;
	return p;
}

/* The direction from a to b; north when they are the same cell. */
static inline enum dir
heading(struct point a, struct point b)
{
	if (a.x == b.x && a.y == b.y)
		return DIR_N;
	return geom_heading(a, b);
}

/* steps cells from p towards d. */
static inline struct point
offset(struct point p, enum dir d, int steps)
{
	p.x += dir_dx[d] * steps;
	p.y += dir_dy[d] * steps;
	return p;
}

/*
 * Where own unit u falls back to, straight away from enemy e whose gap to
 * it is gap: out of r and of e's charge reach (t's ranges), and 2 cells
 * more, brought inside the map.
 */
static inline struct point
away_from(const struct ai_view *v, const struct ai_reach *rg,
    const struct ai_own *u, const struct ai_enemy *e, int r, int gap)
{
	if ((unsigned)e->arm < ARM_COUNT && rg->charge[e->arm] > r)
		r = rg->charge[e->arm];
	return clamp(v, offset(u->pos, heading(e->pos, u->pos),
	    (r - gap) / STEP_ORTHO + 2));
}

/* The order the unit will be obeying once its aides have arrived. */
static inline const struct order *
intended(const struct ai_own *o)
{
	return o->riding ? &o->next : &o->order;
}

/* Projection of p - o on direction d (larger: further along d). */
static inline int
project(struct point p, struct point o, enum dir d)
{
	return (p.x - o.x) * dir_dx[d] + (p.y - o.y) * dir_dy[d];
}

/* Halted in battle contact last turn: it goes on only with a new order. */
static inline bool
in_contact(const struct ai_view *v, const struct ai_own *u)
{
	return u->halt == HALT_CONTACT && u->halt_turn >= v->turn - 1;
}

/* Made no ground last turn for want of a way (not the enemy). */
static inline bool
stuck(const struct ai_view *v, const struct ai_own *u)
{
	return u->moved == 0 && u->halt_turn == v->turn - 1 &&
	    (u->halt == HALT_TERRAIN || u->halt == HALT_BLOCKED ||
	    u->halt == HALT_OBSTACLE);
}

/*
 * What the planner's files share (each function is explained in full
 * where it is defined).  Unit arguments i are indices into v->own, enemy
 * arguments j into v->enemy.
 */

/* route.c: the ground. */
/* The cells of a block of arm in formation form anchored at at. */
int ai_footprint(const struct ai_view *, enum arm, int form,
    struct point at, enum dir f, struct point *out);
/* The gap between an own unit and an enemy unit, ticks. */
int ai_gap_own_enemy(const struct ai_view *, const struct ai_own *,
    const struct ai_enemy *);
/* The gap between a block and a point, ticks. */
int ai_gap_point(const struct ai_view *, enum arm, int form,
    struct point at, enum dir f, struct point p);
/* Whether formation form may stand on every cell of the block. */
bool ai_ground_allows(const struct ai_view *, enum arm, int form,
    struct point at, enum dir f);
/* Whether own unit u's block, anchored at p and facing to, lies on the
 * map (a block swings about its front, 3.6.3: at the map's edge a deep
 * block may have no facing back across it). */
bool ai_faces_on_map(const struct ai_view *, const struct ai_own *,
    struct point p, struct point to);
/* The clear steps of unit i's straight march towards dest: the friend
 * or the obstacle met first. */
int ai_sweep(const struct think *, int i, struct point dest, int max,
    int *friend, bool *edge);
/* Steer a march round a friend in the way, or short of an obstacle. */
void ai_steer(const struct think *, int i, const struct point **via,
    struct point *dest, struct point *detour);
/* Whether a block fr wide marches straight from a to b with no wall
 * across its way. */
bool ai_straight_clear(const struct ai_view *, int form, int fr,
    struct point a, struct point b);
/* Waypoints round the walls between unit i and dest; how many. */
int ai_way_round(struct think *, int i, struct point dest,
    struct point *pts, int max);

/* orders.c: giving orders. */
/* Stop unit i unless it stands already. */
void ai_want_stop(struct think *, int i);
/* Form unit i into form, where it has room; true if it was decided. */
bool ai_want_form(struct think *, int i, int form);
/* The enemy a Move of unit i to dest would charge; -1 none. */
int ai_would_charge(const struct think *, int i, struct point dest);
/* Whether unit i's charge on enemy j can take its first step. */
bool ai_charge_starts(const struct think *, int i, int j);
/* Whether unit i's charge on enemy j is worth making. */
bool ai_charge_worth(const struct think *, int i, int j);
/* March unit i to dest, by via when not NULL. */
void ai_want_move(struct think *, int i, const struct point *via,
    struct point dest, bool force);
/* Re-form unit i, a Mob. */
void ai_want_restore(struct think *, int i);
/* Turn unit i to face at. */
void ai_want_face(struct think *, int i, struct point at);

/* commander.c: the picture and the whole plan. */
/* Whether our foot can reach p without a defile. */
bool ai_reaches(const struct think *, struct point p);
/* Whether p lies on our side of every defile (reached from our rear). */
bool ai_at_home(const struct think *, struct point p);
/* The crossing nearest p back to our side: a defile cell and the cell of
 * our side next to it; false if none. */
bool ai_crossing(struct think *, struct point p, struct point *at,
    struct point *over);
/* The formation that plays role r in the ruleset's doctrine; -1 none. */
int ai_role_form(const struct ruleset *, enum ai_role r);

/* tasks.c: bodies of troops and their tasks. */
/* Gather the infantry into brigades, one a general. */
void ai_brigades(struct think *);
/* Turns left to play, counting this one. */
int ai_turns_left(const struct ai_view *);
/* The formation to fight in at at: Line, else Column. */
int ai_fighting_form(const struct think *, const struct ai_own *,
    struct point at, enum dir f);
/* Charge an enemy within unit i's reach; true if ordered. */
bool ai_counter_charge(struct think *, int i);
/* Whether the enemy outnumbers unit u where it stands. */
bool ai_outnumbered(const struct think *, const struct ai_own *);
/* Whether unit u, not needed for the lead, should give ground. */
bool ai_give_ground(const struct think *, const struct ai_own *u);
/* The nearest formed unit to each place held stays on it. */
void ai_garrisons(struct think *);
/* Come back over a defile while the lead holds without the far bank. */
void ai_fall_back(struct think *);
/* Hard: a second battalion behind each place held. */
void ai_supports(struct think *);
/* Give each brigade its task. */
void ai_tasks(struct think *);
/* Send free units to the places nobody holds. */
void ai_empty_places(struct think *);
/* Hard, in the last turns: contest the places the enemy holds. */
void ai_last_turns(struct think *);
/* orders.c: hard, the generals ride after their men (3.1.1). */
void ai_ride_generals(struct think *);

/* arms.c, arms-cavalry.c, arms-artillery.c: orders by arm. */
/* Orders for the battalions of brigade b along its line (arms.c). */
void ai_brigade_orders(struct think *, struct brigade *b);
/* Whether unit u stands within reach of an enemy battery in action
 * (arms.c). */
bool ai_under_guns(const struct think *, const struct ai_own *u);
/* Whether a block of arm in formation form at at facing f stands within
 * reach of an enemy battery in action, by the battery's class (arms.c). */
bool ai_block_under_guns(const struct think *, enum arm, int form,
    struct point at, enum dir f);
/* Whether a block of arm in formation form at at facing f stands within
 * reach of an enemy battery in action, by the battery's class (arms.c). */
bool ai_block_under_guns(const struct think *, enum arm, int form,
    struct point at, enum dir f);
/* Orders for squadron i (arms-cavalry.c). */
void ai_squadron(struct think *, int i);
/* Whether unit u's block in form fits at at on empty ground
 * (arms-artillery.c). */
bool ai_fits(const struct think *, const struct ai_own *u, int form,
    struct point at, enum dir f);
/* Orders for battery i (arms-artillery.c). */
void ai_battery(struct think *, int i);

#endif
