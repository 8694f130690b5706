/*
 * path.h - route finding for a unit's anchor on the grid.
 *
 * A bounded A* search over anchor cells in the octile metric.  The price
 * of every step is the ruleset's (ops->move_step, asked without notes), so
 * landscape, obstacles and contours weigh as the walk will weigh them;
 * ground the unit may not enter at all costs a heavy penalty instead of
 * being a wall, so that a route exists when no other does and the walk
 * then meets the rule for it (3.6.5).  Units are not obstacles to the
 * search: the walk meets friends and enemies under their own rules
 * (passing through, battle contact).  The search is bounded (a number of
 * cells expanded), and when the goal is not reached the route leads to the
 * cell closest to the goal: units plan a stretch, walk it over a turn or
 * two and plan again, so the work per unit stays small on large maps.
 * Where the ruleset's every change of facing is a turn of its own
 * (plan_turn_ahead), the way round counts in its estimate the turn a
 * unit needs to reach a goal off the line ahead of it, and its queue gives
 * each cell and facing once, in order: a route as cheap, found over fewer
 * cells (but where a free turn is estimated above its price, as before).
 *
 * Memory: the search finds its nodes in a fixed window about the start
 * (64 cells a side, 128 KiB) and beyond it in a small hash table sized
 * by its bound, not by the map; the arrays of the last search are kept
 * (emptied) for the next, the largest a search has needed, freed only
 * at exit.
 */
#ifndef MARSHAL_PATH_H
#define MARSHAL_PATH_H

#include <stdbool.h>

#include "core/geom.h"

struct game;
struct move_walk;

#define PATH_BUDGET	1024	/* cells expanded per search, at most */

/* Why a search ended. */
#define PATH_GOAL	0	/* it reached the goal */
#define PATH_HORIZON	1	/* it planned as far as it looks */
#define PATH_BUDGET_OUT	2	/* it spent its budget of cells */
#define PATH_ALL_SEEN	3	/* it saw every place and facing the
				   unit can reach, and none was the goal */

/* Which units a search treats as walls (see path_cheapest, path_room). */
#define PATH_UNITS_STAY	1	/* those that stay: enemies, standing
				   friends it may not pass in order */
#define PATH_UNITS_NOW	2	/* as they stand now (path_room) */
#define PATH_UNITS_NONE	3	/* none, but over cell and facing
				   (path_room) */

/*
 * path_cheapest without keep_clear and without wheels, the units that
 * are walls chosen: PATH_UNITS_STAY, as path_cheapest, or
 * PATH_UNITS_NONE, the map alone (over cell and facing).  Whether the
 * ground has a way where the units standing about leave none.  Returns
 * and allocates as path_cheapest.
 */
int path_whole(const struct game *, const struct move_walk *w,
    struct point goal, int budget, int units, struct point **route,
    bool *complete);

/*
 * Plan a route for the walker w (its unit, anchor, facing and formation)
 * to goal, expanding at most budget cells; a straight route is planned
 * horizon ticks ahead (the rest is planned when the unit gets there).  On success returns the number
 * of cells in the route (start excluded, goal last when reached) and an
 * allocated array in *route (caller frees); *complete tells whether it
 * reaches the goal.  Returns 0 with *route NULL when the unit is at the
 * goal or no step at all is possible.
 */
int path_plan(const struct game *, const struct move_walk *w,
    struct point goal, int budget, int horizon, struct point **route,
    bool *complete);

/*
 * A way round for the walker w towards goal when the straight line is
 * refused: a search where ground the unit may not enter is a wall.
 * Returns the route's length and the route in *route (caller frees) when
 * it reaches the goal or ends nearer to it at the horizon; 0 when there
 * is no way round within the budget.  *faces gets an array beside the
 * route (caller frees; NULL with no route): 1 + the facing where a cell
 * is reached by a turn that moves the block (a wheel), 0 by a step.
 */
int path_round(const struct game *, const struct move_walk *w,
    struct point goal, int budget, struct point **route,
    unsigned char **faces);

/*
 * A way on for the walker w towards goal when it has no room to turn
 * where it stands: a search over cell and facing (the way it arrives at a
 * cell decides where it may turn there), as far as its allowance goes
 * (8 cells at most),
 * where ground the unit may not enter is a wall and every block must lie
 * on the map; with units PATH_UNITS_NOW every turn needs its turned block
 * clear of the units as they stand now (and a turn dearer than the walk
 * will have left there, made 45 degrees at a time, room for a stage of
 * it that the walk can make), and each step clear of enemies
 * and of standing friends it may not pass in good order; with
 * PATH_UNITS_NONE units are not looked at.  Returns the route's length
 * and the route in *route (caller frees) when it reaches the goal, ends
 * nearer to it, or goes as far as the allowance; else 0.  *how tells why
 * the search ended (PATH_ALL_SEEN: it saw every place and facing the
 * unit can reach and none was the goal).  faces, when not NULL, gets the
 * route's marks as path_round gives them (caller frees).
 */
int path_room(const struct game *, const struct move_walk *w,
    struct point goal, int budget, int units, struct point **route,
    unsigned char **faces, int *how);
/*
 * The cheapest whole route for the walker w to goal, as the ruleset
 * prices every turn and step (ground, obstacles, contours), where ground
 * the unit may not enter and obstacles it may not cross are walls, and so
 * are units that stay where they are: enemies, and friends under no Move
 * order that it may not pass through in good order (3.6.7).  With
 * keep_clear, a cheapest route that would bring it into battle contact
 * with an enemy short of the goal (ops->move_contact: the walk would stop
 * there, 3.6.8) gives way to the cheapest with no such step, when there
 * is one.  No horizon, at most budget cells expanded (per search: twice
 * when the first route closes with an enemy).  Returns the route's length
 * and the route in *route (caller frees), *complete when it reaches the
 * goal (else it ends at the cell nearest the goal seen); 0 when the unit
 * is at the goal or cannot take a step.  wheels, when not NULL, gets an
 * allocated array as long as the route (caller frees; NULL with no
 * route): 1 + the facing where its cell is reached by a turn that moves
 * the block (MPF_ANCHOR, a wheel), 0 where by a step.
 */
/*
 * As path_cheapest without keep_clear, but the goal is reached where the
 * unit's block stands on it, its anchor within rs->arrive_near cells each
 * way: the route for a unit whose turns move its block (a wheel may never
 * bring the anchor onto a point the block can cover).  The heuristic stays the distance to
 * the point, so the route is near the cheapest, not surely it.  Returns
 * and allocates as path_cheapest, wheels required.
 */
int path_onto(const struct game *, const struct move_walk *w,
    struct point goal, int budget, struct point **route,
    unsigned char **wheels, bool *complete);

int path_cheapest(const struct game *, const struct move_walk *w,
    struct point goal, int budget, bool keep_clear, struct point **route,
    unsigned char **wheels, bool *complete);

/*
 * The cells a search reached when it saw every place and facing it could
 * reach from its start and none was its goal (PATH_ALL_SEEN).  Which
 * cells a search can reach depends on its start, its walls and the
 * game, never on its goal: from the same walk, with the same walls, a
 * goal on none of them is out of reach, known without searching again.
 * A bit a cell over the least box about them.  Start it zeroed ({ 0 }:
 * nothing known); path_reach_free frees its bits.
 */
struct path_reach {
	bool		 known;		/* a search saw all it could reach */
	struct point	 lo;		/* the box's least corner */
	int		 w;
	int		 h;
	unsigned char	*bits;		/* a bit a cell of the box, row by
					   row from lo; owned */
};

/* Whether a search that filled reach reached cell p (true when reach
 * knows nothing: then p may be reachable). */
bool path_reach_has(const struct path_reach *reach, struct point p);

/* Frees reach's bits; it knows nothing again. */
void path_reach_free(struct path_reach *reach);

/*
 * A way round a friend standing in the walker's way that it may not get
 * past this turn (3.6.7): the cheapest whole route to goal as
 * path_cheapest plans it (the units that stay where they are are walls),
 * where unit avoid, the friend, is a wall too whatever the rules for
 * passing through it say.  Over cell and facing where the ruleset turns
 * units itself (move_face), as every search is there, and with the turns
 * counted in its estimate where every change of facing is a turn of its
 * own (plan_turn_ahead), as path_round.  Returns the
 * route's length and the route in *route (caller frees) only when it
 * reaches the goal; else 0 and NULL.  wheels, when not NULL, gets an
 * allocated array as long as the route, as path_cheapest's (caller
 * frees; NULL with no route).  reach, when not NULL, serves several
 * goals sought from the same walk round the same avoid, the game
 * unchanged between them: a search with the turns counted that sees all
 * it can reach without finding its goal fills it, and a goal on none of
 * the cells it reached is then answered 0 at once, as a search would
 * answer it (caller frees, path_reach_free).
 */
int path_detour(const struct game *, const struct move_walk *w,
    struct point goal, int budget, int avoid, struct point **route,
    unsigned char **wheels, struct path_reach *reach);

/*
 * The friend that the walker's block, standing at q facing d, would
 * overlap, that stays where it is (under no Move order, or its order
 * done) and that it may not pass through in good order (3.6.7), or -1.
 * For looking along the line before marching it.
 */
int path_standing_friend(const struct game *, const struct move_walk *w,
    struct point q, enum dir d);

/*
 * path_standing_friend, for a walk looking along its line step by step:
 * *clean says that the block one step behind q (q less the step d),
 * facing d, held no standing friend at all, passable or not; then only
 * the block's new front rank at q is read unless it holds one.  On
 * return *clean says the same of the block at q.  Start with *clean
 * false, and set it false again when the facing changes.  The answer is
 * path_standing_friend's.
 */
int path_standing_friend_next(const struct game *, const struct move_walk *w,
    struct point q, enum dir d, bool *clean);

/* The next cell of the straight route from p (facing f) to goal != p:
 * diagonal steps and straight steps, one bend, keeping the facing for the
 * first leg when it lies that way.  (Inline: the walk asks it at every
 * cell it looks along.) */
static inline struct point
path_next(struct point p, enum dir f, struct point goal)
{
	int dx = goal.x - p.x, dy = goal.y - p.y;
	int sx = dx > 0 ? 1 : dx < 0 ? -1 : 0, sy = dy > 0 ? 1 : dy < 0 ? -1 : 0;
	int ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
	struct point o = { 0, 0 }, str, q = p;

	/* Off the diagonal, the straight leg first when the unit faces
	 * that way (the diagonal way is then not its facing). */
	if (dx != 0 && dy != 0 && ax != ay) {
		str.x = ax > ay ? sx : 0;
		str.y = ax > ay ? 0 : sy;
		if (dir_between(o, str) == (int)f) {
			q.x += str.x;
			q.y += str.y;
			return q;
		}
	}
	q.x += sx;
	q.y += sy;
	return q;
}

#endif
