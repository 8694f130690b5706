/*
 * move-priv.h - what the movement engine's files share among themselves
 * (move-walk.c, move-near.c, move-step.c, move-plan.c); not for the rest
 * of marshal, which uses move.h.
 */
#ifndef MARSHAL_MOVE_PRIV_H
#define MARSHAL_MOVE_PRIV_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/game.h"
#include "core/geom.h"
#include "core/move.h"

struct game;
struct move_ctx;
struct unit;
struct move_walk;

#define BUCKET		16	/* cells per side of an index bucket */
#define REPLANS_MAX	(ORDER_MAX_POINTS + 4) /* route plans per walk */

/* The per-phase index (move_ctx_create, move-walk.c): each unit filed in
 * the bucket its anchor stands in, per side, and the narrow passages
 * used this turn. */
struct move_ctx {
	int		 bw;
	int		 bh;
	int		 nunits;	/* units indexed (kept's length) */
	int		*head;		/* per bucket and side: first unit */
	int		*next;		/* per unit */
	int		*prev;
	int		*bucket;	/* per unit: its bucket, -1 */
	/* With bw 64 or less: per row of buckets and side (row *
	 * GAME_MAX_SIDES + side), bit x set where that side's list of
	 * bucket x of the row holds a unit, so that a reader passes over
	 * the empty lists of a row at once.  NULL with more columns. */
	uint64_t	*filled;
	int		*used;		/* narrow passages used this turn */
	int		 nused;
	int		 capused;
	int		 reach;		/* move_block_reach, reckoned once */
	unsigned char	*moved;		/* per unit: has moved this phase */
	int		*waited;	/* per unit: the friend it first waited
					   for this phase, plus 1; 0 none */
	int		*blocker;	/* per unit: the friend it last waited
					   for, -1 none */
	bool		 may_wait;	/* move_ctx_wait: blocked walkers wait */
	struct move_round **kept;	/* per unit: the way round its walk
					   searched before it waited (owned,
					   NULL: none; plan_no_units) */
	struct move_walk_note *spare_notes; /* a walk's notes array, kept
					   for the next walk (owned, empty:
					   no text in it), NULL none */
	int		 spare_capnotes;
	char		*spare_ntext;	/* the same, its notes' texts */
	size_t		 spare_ntext_cap;
	struct point	*spare_path;	/* the same for its path (owned) */
	int		 spare_cappath;
	struct cand	*spare_cv;	/* the same for its enemies' arrays
					   (struct cands, owned), NULL */
	struct point	*spare_cpts;
	int		 spare_ccap;
	/* For ctx_standing_near: per bucket and side (as head), how many
	 * of the units filed there may stay where they are (a friend it
	 * looks for), counted when it is first asked; per unit, whether
	 * it is counted, and where (stand_slot).  A unit re-filed
	 * (ctx_place), or changed by a ruleset's callback
	 * (ctx_touch_logged), is read again at the next question (listed
	 * in dirty, flagged in is_dirty): what the walk or the phase
	 * changed in it is known by then.  A count is
	 * never less than the units that stay in its bucket: a bucket
	 * counted 0 holds none, and is not read. */
	int		*nstand;	/* NULL: not counted yet */
	int		*stand_slot;	/* per unit: slot counted in, -1 */
	int		*dirty;
	int		 ndirty;
	unsigned char	*is_dirty;
};

/* An enemy near the walk (move-near.c), its cells and their box.  A
 * block square to the grid fills its box: its cells are not listed (rect,
 * cells unset), the box tells every gap to it. */
struct cand {
	int		 unit;
	int		 n;
	struct point	*cells;		/* in its cands' pts, unless rect */
	struct point	 lo;		/* bounding box of the cells */
	struct point	 hi;
	bool		 rect;		/* its cells are all of its box */
	int		 gap;		/* gap from the walker now */
};

/*
 * How far enemies are looked for, from the ruleset's farthest_reach: a
 * gap beyond twice that is never asked about, and a walker's index search
 * reaches its speed plus that many cells beyond its block.
 */
#define GAP_FAR(rs)	(2 * (rs)->farthest_reach)

/* The farthest any cell of a unit's block lies from its anchor, in cells,
 * whatever its arm and formation (move-near.c). */
int move_block_reach(const struct game *);

/* The enemies near a walk (cands_find), owned by walk_all. */
struct cands {
	struct cand	*v;
	int		 n;
	int		 cap;
	struct point	*pts;		/* cap blocks of g->cells_max cells */
};

/* What one step of the walk came to (walk_step, move-step.c). */
enum step_res {
	SR_MOVED,
	SR_STOP,	/* halt set */
	SR_AGAIN	/* state changed without a step: price again */
};

/*
 * Walk unit w->unit from its start: the ruleset's move_begin, a crossing
 * still owed, the steps, move_end.  cap limits the allowance (ticks, -1
 * none), explained by cap_note; ctx may be NULL.  The game is not
 * changed: w holds the result.
 */
void walk_all(const struct game *, struct move_ctx *ctx,
    struct move_walk *w, int cap, const char *cap_note);

/* --- move-walk.c --------------------------------------------------------- */

/* A copy of a trail with room for g->cells_max points, or NULL. */
struct point *trail_dup(const struct game *, const struct point *t, int n);

/*
 * The debt unit u starts its walk with, under its own standing order
 * (resumed) or another: a crossing it stopped in (3.6.5) is owed under
 * the order it was begun for only; a face-about made before it was paid
 * for (walk_about_owed: its halt is the speed's) is owed whatever the
 * order, since the men have turned, but only the turn after it was made
 * or last paid for: a turn spent standing or changing formation has paid
 * for it.
 */
int walk_owed(const struct game *, const struct unit *u, bool resumed);

/* The facing the walker keeps stepping towards d, as the ruleset says. */
enum dir walk_face(const struct game *, const struct move_walk *, enum dir d);

/* The walk is short of ticks: whether the ruleset gives it more. */
bool walk_more(const struct game *, struct move_walk *);

/* What cause does to the walker, as the ruleset says. */
void walk_upset(const struct game *, struct move_walk *,
    enum move_upset cause, const struct move_price *p);

/* Add p to the cells the walk visited (not for a scratch walk). */
void walk_push(struct move_walk *, struct point p);

/* The ruleset's rule for a halt of kind h, or "". */
const char *rule_for(const struct game *, enum halt h);

/* End the walk for reason h, citing rule (or the ruleset's rule for h). */
void walk_halt(const struct game *, struct move_walk *, enum halt h,
    const char *rule);

/* Whether narrow passage id was used this turn (ctx may be NULL: no),
 * and mark it used. */
bool ctx_used(const struct move_ctx *, int id);
/* Lend a walk just begun (no notes, no path yet) the arrays of notes and
 * path a walk before it gave back, and take them back from a walk that
 * is done with them (its notes' texts freed or given away, the rest for
 * move_walk_free): one allocation each for the phase rather than one a
 * walk.  Nothing when c is NULL. */
void ctx_lend_arrays(struct move_ctx *c, struct move_walk *w);
void ctx_take_arrays(struct move_ctx *c, struct move_walk *w);
/* What a walk does about friend who, under a Move order, met on its way
 * (walk_wait_for). */
enum walk_wait {
	WAIT_NONE,	/* the rules for passing through as they stand */
	WAIT_NOW,	/* who has yet to move: w->wait_for is set, the walk
			   halts and move_unit lets its unit wait */
	WAIT_BEHIND	/* who has marched ahead of it this phase: the walk
			   does not pass through it in disorder */
};
/* Whether the phase or preview lets walkers wait for friends (a context
 * with move_ctx_wait on, or w->wait_moved) and what to do about who. */
/* Note in w that its unit waited for friend f to march first (moved:
 * f has marched; else they waited on each other). */
void walk_note_wait(const struct game *, struct move_walk *, int f,
    bool moved);
enum walk_wait walk_wait_for(const struct game *, const struct move_ctx *,
    struct move_walk *, int who);
void ctx_use(struct move_ctx *, int id);

/* A step of the straight line was refused: look for a way round.  True
 * when one was found (the walk follows it). */
bool walk_round(const struct game *, struct move_walk *);
/* The walker has no room to turn to face f where it stands (who: the
 * unit in the way, -2 the map's edge): look for a way on over cell and
 * facing that turns where there is room (path_room).  True when one was
 * found (the walk follows it, and the log says why it goes there). */
bool walk_room(const struct game *, struct move_walk *, enum dir f,
    int who);

/* The unit overlapping the footprint, other than the walker; -1 if none;
 * -2 if a cell is off the map. */
int walk_overlap(const struct game *, const struct move_walk *,
    const struct point *cells, int n, int from);

/* walk_overlap of the rank of frontage cells (as counted facing N) whose
 * centre is at anchor, facing f (geom_footprint's front rank, in its
 * order), read without listing the cells. */
int walk_overlap_rank(const struct game *, const struct move_walk *,
    struct point anchor, enum dir f, int frontage);

/* walk_overlap of the walker's unit's block in formation form anchored at
 * anchor facing f, as game_footprint_at lists it, read without listing
 * it (but where the unit stands on its trail). */
int walk_overlap_at(const struct game *, const struct move_walk *,
    struct point anchor, enum dir f, int form);

/* move-road.c: the march column (3.6.6). */

/* The cells the walker covers now, in out (g->cells_max points): its
 * trail, or its straight block; how many. */
int walk_cells(const struct game *, const struct move_walk *,
    struct point *out);

/* Whether the step priced sp is one a column makes following its road:
 * a single-file march column (the ruleset's road formation) stepping
 * from road to road. */
bool walk_follows_road(const struct game *, const struct move_walk *,
    const struct move_price *sp);

/* The body of a column whose head steps onto next along its road, in
 * out (g->cells_max points); 0 when next is a cell of its own body. */
int trail_after(const struct game *, const struct move_walk *,
    struct point next, struct point *out);

/* A column on its road sent back along its own body (next, the cell
 * behind its head): it countermarches, its tail its head, the same cells
 * in the other order, for the price the ruleset asks for facing about
 * (tp), under its rule.  True when it did; the way on is then planned
 * again from the new head. */
bool walk_countermarch(const struct game *, struct move_walk *,
    struct point next, const struct move_price *tp);

/* Whether the block is still in the narrow passage it is going
 * through (3.6.6). */
bool walk_in_narrow(const struct game *, const struct move_walk *);

/* 3.6.6: the column came to its order's last point still in the
 * passage: it goes on straight ahead until it is through, its order
 * complete.  False, nothing changed, for a look ahead (scratch). */
bool narrow_go_beyond(const struct game *, struct move_walk *);

/* 3.6.6: the column is stopped before it is through the passage: a Mob
 * part way if its head came out, else back before the passage. */
void narrow_blocked(const struct game *, struct move_walk *);

/* Would the walk, going on through friends, come clear of them?  When
 * not and inside is not NULL, *inside is the friend its block would end
 * the move in (the last met; -1 if none is known); when not and enemy is
 * not NULL, *enemy is the enemy whose nearness would halt it there
 * (3.6.8, HO.4: no speed would take it clear), else -1. */
bool walk_can_clear(const struct game *, struct move_ctx *,
    const struct move_walk *, struct cands *, int *inside, int *enemy);

/*
 * A friend stands in the walker's way and may not be passed this turn
 * (3.6.7): look for a way round it (path_detour) and make it part of the
 * walk's Move order, as waypoints before the point sought (see
 * move-walk.c); or, when a standing friend holds part of the place at the
 * order's last point, make the nearest free place the order's last point
 * (the order is complete there).  True when one was found (the walk
 * follows it).
 */
bool walk_detour(const struct game *, struct move_walk *, int friend,
    const char *rule);

/* Whether walk_detour may look for a way round at all: not in a look
 * ahead or a plain preview, not under a group order, not for a march
 * column on its road, once a walk.  Where the ruleset turns units itself
 * (move_face) the way round is searched over cell and facing, its wheels
 * kept for the walk to make. */
bool walk_may_detour(const struct game *, const struct move_walk *);

/* The ruleset's detour_after_a_turn: the walk waits a turn behind a
 * friend before it goes round it, unless that friend held it up for the
 * whole of the last turn already, or a standing friend holds part of the
 * place the order ends at (waiting would not free it: walk_held_place
 * takes another place at once). */
bool walk_detour_waits(const struct game *, const struct move_walk *);

/* --- move-near.c --------------------------------------------------------- */

/* The bounding box of n cells (n at least 1). */
void bbox(const struct point *c, int n, struct point *lo, struct point *hi);

/* A lower bound of the gap between two blocks, from their boxes. */
static inline int
bbox_gap(struct point alo, struct point ahi, struct point blo,
    struct point bhi)
{
	int gx = blo.x - ahi.x > alo.x - bhi.x ? blo.x - ahi.x : alo.x - bhi.x;
	int gy = blo.y - ahi.y > alo.y - bhi.y ? blo.y - ahi.y : alo.y - bhi.y;

	gx = gx > 1 ? gx - 1 : 0;
	gy = gy > 1 ? gy - 1 : 0;
	return gx > gy ? STEP_ORTHO * gx + (STEP_DIAG - STEP_ORTHO) * gy :
	    STEP_ORTHO * gy + (STEP_DIAG - STEP_ORTHO) * gx;
}

/* cand_gap for a candidate whose box is near the walker's: measured. */
int cand_gap_near(const struct cand *c, const struct point *cells, int n);

/* The gap from the walker's cells (box lo, hi) to candidate c, or
 * INT_MAX when it is surely beyond any distance the rules ask for.
 * Inline: asked of every enemy near at every step, and nearly always
 * answered by the boxes alone. */
static inline int
cand_gap(const struct game *g, const struct cand *c,
    const struct point *cells, int n, struct point lo, struct point hi)
{
	if (bbox_gap(lo, hi, c->lo, c->hi) > GAP_FAR(g->rs))
		return INT_MAX;
	return cand_gap_near(c, cells, n);
}

/* Whether a friend that stays where it is (path_standing_friend) stands,
 * as the per-phase index files it, where the walker's block could meet
 * it with its anchor anywhere in the box of where it stands and end;
 * true when ctx is NULL (move-near.c). */
bool ctx_standing_near(const struct game *, struct move_ctx *,
    const struct move_walk *, struct point end);

/* Enemy units that could come within reach during this walk. */
void cands_find(const struct game *, const struct move_ctx *,
    const struct move_walk *, struct cands *);

/* cs (empty, owning nothing) takes the arrays a walk before it gave
 * back to c, if any; cands_done gives cs's back (emptied), or frees
 * them when c has some already or is NULL.  cs is empty after. */
void cands_lend(struct move_ctx *c, struct cands *cs);
void cands_done(struct move_ctx *c, struct cands *cs);

/* A hash of a Move order's kind, issue turn and points: a unit whose
 * order keeps its key resumes it (its waypoint, debt and carried route)
 * rather than starting it afresh (move-route.c). */
unsigned order_key(const struct order *o);

/* The goal the walk seeks now, stepping past waypoints it stands on;
 * false when the order's last point is reached (move-route.c). */
bool walk_goal(struct move_walk *, struct point *goal);

/* Make sure the walk has a next cell (a route kept, else the straight
 * line's next cell); false when there is none (move-route.c). */
bool walk_route(const struct game *, struct move_walk *);

/* Where the ruleset turns units itself (ops->move_face) its turns move
 * the block (a turn about the centre, a wheel): the straight line to a
 * point, facing each step's way, may wheel the block past the point and
 * round again for ever.  When a step of the line needs a wheel within
 * a turn's allowance of the point sought, the leg to it is planned
 * instead, once a walk, over cell and facing to stand on it (path_onto,
 * its wheels kept as route_face), and the walk
 * makes the search's steps and turns; a turn that no longer leaves the
 * block where the search had it drops the plan (walk_wheel) and the line
 * takes over.  Not for a look ahead (scratch).  True when a plan was
 * taken (move-route.c). */
bool walk_plan_leg(const struct game *, struct move_walk *);

/* The walk follows route r of n cells from its first, with faces beside
 * it (NULL: every cell a step); both are taken over, the old freed. */
void walk_take_route(struct move_walk *, struct point *r,
    unsigned char *faces, int n);

/* Unit u (un) has moved: put it in the index bucket of its new place
 * (nothing when c is NULL or u is not indexed), and read again at the
 * next ctx_standing_near whether it stays where it is (move-ctx.c). */
void ctx_place(struct move_ctx *, int u, const struct unit *un);

/* A ruleset's callback, given units a and b (-1: none), has run and
 * logged the events of the game's log from index first on: units a and
 * b, and every unit an event of those names, are read again at the next
 * ctx_standing_near (their order, halt or hold may have changed: the
 * ruleset interface has a callback log each unit it changes, see
 * ruleset.h) (move-ctx.c). */
void ctx_touch_logged(struct move_ctx *, const struct game *, int first,
    int a, int b);

/* Whether u stays where it is, as ctx_standing_near asks of a friend:
 * under no Move order, its order's halt HALT_ARRIVED, or held in place
 * (the ruleset's move_holds) (move-ctx.c). */
bool ctx_stays(const struct game *, const struct unit *u);

/* The counts of units that may stay where they are per bucket and side
 * (ctx->nstand), made or brought up to date for ctx_standing_near
 * (move-ctx.c). */
void ctx_stand_update(const struct game *, struct move_ctx *);

/* The cells of the walk's route ahead a later turn may keep to: those
 * before its first wheel (move-walk.c). */
int walk_carry(const struct move_walk *);

/* A unit that waits for a friend keeps the last way round its walk
 * searched (ctx_keep_round, taken from w) when the ruleset's prices for a
 * search read no other unit (plan_no_units): walked again in this phase,
 * its walk starts with it (ctx_take_round), and walk_round copies it
 * rather than search again from the same place, facing and state, as it
 * does within a walk (move-ctx.c). */
void ctx_keep_round(const struct game *, struct move_ctx *, int u,
    struct move_walk *w);
void ctx_take_round(struct move_ctx *, int u, struct move_walk *w);

/* --- move-plan.c --------------------------------------------------------- */

/*
 * Cut a route of cells r[0..n-1] from p (facing f) into the fewest points
 * between which the walk's straight line (path_next) steps on exactly
 * those cells; cells reached by a wheel (wheel[i] set; wheel may be
 * NULL) are left to the walk's own turn.  Writes at most max points to
 * out; returns how many it needed (more than max when they do not fit).
 */
int route_points(struct point p, enum dir f, const struct point *r,
    const unsigned char *wheel, int n, struct point *out, int max);

/* --- move-step.c --------------------------------------------------------- */

/* Whether the turn of the walker to face d (priced into tp) is one the
 * ruleset makes where the men stand (MPF_ANCHOR, the block keeping the
 * cells it stands on: a face-about) and has room; any_goal: asked with
 * no order, so whether its goal lies ahead of the new front is not
 * asked (a way round planned from there). */
bool walk_about_here(const struct game *, const struct move_walk *,
    enum dir d, bool any_goal, struct move_price *tp);

/* One step of the walk along its route, priced by the ruleset: turn,
 * step, room, friends, enemies, narrow passages. */
enum step_res walk_step(const struct game *, struct move_ctx *,
    struct move_walk *, struct cands *);

#endif
