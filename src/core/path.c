/*
 * path.c - bounded route search for a unit's anchor.  See path.h.
 *
 * First the straight octile line is tried (diagonal steps and straight
 * steps, one bend): a unit marches straight at its waypoint, through wood,
 * over hedges and hills, paying what they cost, and leaves the line only
 * to go round what it may not cross at all (ground its formations may not
 * enter, obstacles it may not cross, diagonals past an obstacle's end).
 * When every step of the line up to the planning horizon may be taken, it
 * is the route and no search is made.  Otherwise an A* search in ticks
 * runs, with the octile distance as its (admissible) estimate, walls where
 * the unit may not go, stopping at the goal, at the horizon (ground
 * walked), or when its budget of expanded cells is spent.  Its route is
 * taken when it reached the goal or got nearer at the horizon; else the
 * unit marches straight on into the closed ground and meets 3.6.5.  Nodes
 * are found by place in a window about the start, beyond it in a small
 * growing hash table, so a search costs memory for the window and the
 * cells it touches, never for the map.
 * A walk with no room to turn where it stands (path_room) is planned over
 * cell and facing, with the units as they stand now, a turn it will make
 * in stages only where a stage it can make has room (staged_room); the
 * room of a block at each cell, facing and kind (turn or step) is looked
 * up once per search: by place in a window about the start, beyond it in
 * a second small table; a block is read rank by rank through the map's array
 * (meets_unit), unless the rows about the start, read once a search
 * has asked about many blocks, show no unit under it that could stop
 * it (block_free).  The enemies a route keeps clear of (path_cheapest with
 * keep_clear) are path-keep.c's.
 * Where the ruleset says every change of facing is a turn of its own
 * (plan_turn_ahead), the way round over cell and facing is searched with
 * an estimate that counts the turn a unit needs to reach a goal off the
 * line ahead of it (estimate), a turn of several stages that its stages
 * one by one match is not tried as one edge, and its heap holds each
 * node once, moving one reached cheaper up in place (heap_raise), so
 * that nodes come out in order, the nodes of higher orders waiting in
 * lists by f (bucket_put): the route is as cheap as before or cheaper,
 * found over fewer cells.  The way round a standing friend (path_detour)
 * is searched so too, with the estimate and the queue but every turn
 * priced as an edge (the units about it may leave no room for a stage):
 * where H8's free first turn carries the block further than it costs,
 * neither estimate is a sure floor, and a route may differ by a tick
 * either way from the search by distance alone.
 *
 * Why this file stays whole at some 1,900 lines: the search's work at
 * each edge (edge_cost, room_for, footprint_inside, the node table's
 * search_find and search_new, heap_push) is inlined into search_run,
 * which path_search makes six times, three times with the way round's
 * mode as constants (over cells, over cell and facing, and so with the
 * estimate that counts turns), once with path_onto's, once with
 * path_detour's; and path_detour once more, with the turns counted.
 * Made
 * ordinary calls, as a split into files would make them, the bench's
 * movement phase (bench-move, 10,000 units) costs 6% more instructions
 * for the Napoleonic ruleset (317.6M to 337.9M) and 17% more for the
 * bundled inch-table ruleset, which searches over cell and facing
 * (610.9M to 716.1M), as measured when the search was made once.
 * (The core names no ruleset but through the registry:
 * tests/ruleset-alone.sh.)
 */
#include "config.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/move.h"
#include "core/move-priv.h"
#include "core/path.h"
#include "core/path-keep.h"
#include "core/ruleset.h"
#include "util/xalloc.h"

#define PATH_PENALTY	400	/* ground the unit may not enter at all */
#define ROOM_HORIZON	(8 * STEP_ORTHO) /* path_room looks 8 cells on */
#define MWIN		64	/* cells a side of the room memo's window
				   (at most 64: a row of it is a bit mask) */
#define ORWAIT		128	/* blocks asked about before the units
				   about a search are read row by row */
#define SLOT_WIN	0x80000000u /* a node's slot in the window (nwin),
				   not in the hash table */
#define BUCKETS		1024	/* lists of the queue of a search with
				   ahead, one an f from BUCKET_BELOW
				   under the start's (bucket_put) */
#define BUCKET_BELOW	64

struct node {
	struct point	 p;
	int		 g;
	int		 dist;		/* ground walked to it, ticks */
	int		 parent;
	unsigned char	 dir;		/* facing on arrival */
	unsigned char	 closed;
	unsigned char	 wheel;		/* reached by a turn that moved the
					   block (MPF_ANCHOR), not a step */
};

/* Room for the block at a cell: bit 2 * facing + turn of known, and of
 * room when known (see room_for). */
struct memo {
	struct point	 p;
	unsigned	 known;
	unsigned	 room;
	unsigned	 slot;		/* its entry in the search's mhash */
};

/* A turn priced in a search: its ticks, flags and, with MPF_ANCHOR, how
 * far its anchor lies from where the block stood, as an offset and as
 * ground walked (geom_dist). */
struct turn_memo {
	int		 ticks;
	unsigned	 flags;
	struct point	 off;
	int		 walked;
};

struct search {
	struct node	*nodes;
	uint64_t	*order;		/* each node's place in the heap's
					   order: f = g + the estimate, then
					   g (node_order); beside the nodes,
					   for the heap to read close
					   together; order[-1] is above
					   every node's, for heap_pop */
	int		*hpos;		/* each node's place in the heap, -1
					   when not in it: kept by the heap
					   that moves a node up when it is
					   reached cheaper (heap_raise) */
	unsigned	*slot;		/* each node's entry in nwin (with
					   SLOT_WIN) or in hash, for
					   emptying it (search_give); beside
					   the nodes, which it would widen */
	int		 n;
	int		 cap;
	/* The nodes on the square of MWIN cells a side about the start
	 * (mo, the room memo's window) are found by place: node index + 1
	 * (0 none) at the cell's entry in nwin, one a facing in facing
	 * mode, one a cell otherwise.  Most searches stay within it; the
	 * nodes beyond it are in the hash table (nhash of them). */
	int		*nwin;
	int		*hash;		/* node index + 1, 0 empty */
	unsigned	 hmask;
	int		 nhash;
	int		*heap;
	int		 nheap;
	int		 capheap;
	/* The lists of the queue of a search with ahead (bucket_put): one
	 * for each f from fbase, BUCKETS of them, and one for the f past
	 * them (entry + 1 at its head, 0 none; bnode and bnext the
	 * entries, nbent of them); bcur the list the heap was last filled
	 * from. */
	int		*bhead;
	int		*bnode;
	int		*bnext;
	int		 nbent;
	int		 capbent;
	int		 fbase;
	int		 bcur;
	bool		 facing;	/* a node per cell and facing, not
					   per cell (see path_search) */
	/* Room for the block looked up once per cell, facing and kind
	 * (turn or step): a search over facings asks each many times.
	 * Emptied at the end of each search and kept with the spare
	 * (search_give), as the nodes are. */
	struct memo	*memo;
	int		 nmemo;
	int		 capmemo;
	int		*mhash;		/* memo index + 1, 0 empty */
	unsigned	 mmask;
	/* The same memo for the cells of a square of MWIN cells a side
	 * about the search's start, read by place rather than hashed:
	 * the known bits in the low half of an entry, the room bits in
	 * the high; mo is its least corner.  Entries set are listed in
	 * mset (nmset of them) to be emptied at the end (search_give). */
	unsigned	*mwin;
	int		*mset;
	int		 nmset;
	struct point	 mo;
	/* The units on the cells of the same square, a row (y) of it at a
	 * time, read from the game the first time a block over the row is
	 * asked about (bit y of oknown, 0 at the start of each search):
	 * bit x of orow[y] set where the cell mo + (x, y) holds a unit that
	 * a step there may meet (meets_unit): an enemy, the unit avoided,
	 * a friend that stays where it is.  A block over none meets none
	 * (block_free).  Bit y of ostop: orow[y] is not 0; of oany: row y
	 * holds a unit other than the walker, of any kind.  Read once a
	 * search has asked about blocks ORWAIT times (nmeets): a small
	 * search reads fewer cells block by block than row by row. */
	uint64_t	*orow;
	uint64_t	 oknown;
	uint64_t	 oany;
	uint64_t	 ostop;
	int		 nmeets;
	int		 avoid;		/* a unit that is a wall too, or -1
					   (path_detour) */
	/* For path_room's turns (staged_room): the ticks the walk has
	 * left this turn where the search starts, the turn's allowance,
	 * and whether it has spent nothing yet; staged set only for
	 * path_room's searches. */
	bool		 staged;
	int		 left0;
	int		 allow0;
	bool		 fresh0;
	struct keep_from from;		/* with search_run's keep: the
					   expanded node's block
					   (keep_breaks) */
	int		 least[2];	/* least_step of an orthogonal and a
					   diagonal step, for this search */
	bool		 turn_stays;	/* the ruleset's plan_turn_stays */
	/* With the ruleset's plan_turn_anywhere (turn_anywhere), each
	 * turn from a facing to another priced once a search, into
	 * path_search's own table turn: all those from a facing the first
	 * time a node of that facing is expanded (turn_fill); bit face of
	 * turn_faces says they are. */
	bool		 turn_anywhere;
	unsigned	 turn_faces;
	struct turn_memo (*turn)[DIR_COUNT];
	/* With turn_anywhere too, the facing a step towards each way
	 * keeps from each facing (the ruleset's move_face, else the
	 * way), asked with the turns from that facing (turn_fill). */
	unsigned char	(*face_to)[DIR_COUNT];
	/* With turn_anywhere, the farthest (in cells, on either axis) a
	 * turn from each facing moves the anchor, once that facing's turns
	 * are priced (turn_fill): for the margin of search_run's inner. */
	int		 offmax[DIR_COUNT];
};

/* A node's place in the heap's order, its f (g plus the estimate) and
 * g, both from 0 to INT_MAX: lower f first, then higher g. */
static inline uint64_t
node_order(int f, int g)
{
	return (uint64_t)(unsigned)f << 32 | (unsigned)(INT_MAX - g);
}

/* The hash of a node's key: its cell, and its facing in facing mode
 * (facing: s->facing, given apart so that a search made for one mode
 * has it as a constant, see path_search). */
static inline __attribute__((always_inline)) unsigned
hash_key(struct point p, unsigned dir, bool facing)
{
	unsigned h = (unsigned)p.x * 73856093u ^ (unsigned)p.y * 19349663u;

	if (facing)
		h ^= (dir + 1) * 83492791u;
	return h ^ (h >> 13);
}

/* hash_key in the search's own mode. */
static unsigned
hash_point(const struct search *s, struct point p, unsigned dir)
{
	return hash_key(p, dir, s->facing);
}

static void
search_rehash(struct search *s, unsigned size)
{
	unsigned i, h;

	free(s->hash);
	s->hash = xcalloc(size, sizeof *s->hash);
	s->hmask = size - 1;
	for (i = 0; i < (unsigned)s->n; i++) {
		if (s->slot[i] & SLOT_WIN)
			continue;
		h = hash_point(s, s->nodes[i].p, s->nodes[i].dir) & s->hmask;
		while (s->hash[h] != 0)
			h = (h + 1) & s->hmask;
		s->hash[h] = (int)i + 1;
		s->slot[i] = h;
	}
}

/* The node for p (and, in facing mode, facing dir), or -1 when the
 * search has not reached it; *slot is where the window or the table
 * holds it or would take it.  facing is s->facing (see hash_key). */
static inline __attribute__((always_inline)) int
search_find(const struct search *s, struct point p, enum dir dir,
    unsigned *slot, bool facing)
{
	unsigned h, ux = (unsigned)(p.x - s->mo.x);
	unsigned uy = (unsigned)(p.y - s->mo.y);
	int i;

	if (ux < MWIN && uy < MWIN) {
		h = uy * MWIN + ux;
		if (facing)
			h = h * DIR_COUNT + (unsigned)dir;
		*slot = h | SLOT_WIN;
		return s->nwin[h] - 1;
	}
	h = hash_key(p, (unsigned)dir, facing) & s->hmask;
	while ((i = s->hash[h]) != 0) {
		if (s->nodes[i - 1].p.x == p.x && s->nodes[i - 1].p.y == p.y &&
		    (!facing || s->nodes[i - 1].dir == (unsigned char)dir))
			break;
		h = (h + 1) & s->hmask;
	}
	*slot = h;
	return i - 1;
}

/* A new node for p (and, in facing mode, facing dir), which the search
 * has not reached, at slot h of the table (search_find's), with only its
 * place, facing and closed mark set: search_run's edges set the rest at
 * once (a node they have just made is always taken).  facing is
 * s->facing (see hash_key). */
static inline __attribute__((always_inline)) int
search_new(struct search *s, struct point p, enum dir dir, unsigned h,
    bool facing)
{
	int i;

	if (s->n == s->cap) {
		s->cap *= 2;
		s->nodes = xreallocarray(s->nodes, (size_t)s->cap,
		    sizeof *s->nodes);
		s->order = (uint64_t *)xreallocarray(s->order - 1,
		    (size_t)s->cap + 1, sizeof *s->order) + 1;
		s->slot = xreallocarray(s->slot, (size_t)s->cap,
		    sizeof *s->slot);
		s->hpos = xreallocarray(s->hpos, (size_t)s->cap,
		    sizeof *s->hpos);
	}
	i = s->n++;
	s->nodes[i].p = p;
	s->nodes[i].dir = facing ? (unsigned char)dir : 0;
	s->nodes[i].closed = 0;
	s->slot[i] = h;
	if (h & SLOT_WIN)
		s->nwin[h & ~SLOT_WIN] = i + 1;
	else {
		s->hash[h] = i + 1;
		if ((unsigned)++s->nhash * 2 > s->hmask)
			search_rehash(s, (s->hmask + 1) * 2);
	}
	return i;
}

/* search_new, the node unreached: g INT_MAX, no parent. */
static int
search_add(struct search *s, struct point p, enum dir dir, unsigned h,
    bool facing)
{
	int i = search_new(s, p, dir, h, facing);

	s->nodes[i].g = INT_MAX;
	s->order[i] = node_order(INT_MAX, INT_MAX);
	s->nodes[i].dist = 0;
	s->nodes[i].parent = -1;
	s->nodes[i].wheel = 0;
	return i;
}

/* The node for p (and, in facing mode, facing dir), created if absent
 * (g INT_MAX).  facing is s->facing (see hash_key). */
static int
search_node(struct search *s, struct point p, enum dir dir, bool facing)
{
	unsigned h;
	int i;

	if ((i = search_find(s, p, dir, &h, facing)) >= 0)
		return i;
	return search_add(s, p, dir, h, facing);
}

/*
 * The arrays of the last search, kept for the next: a search of a few
 * hundred cells grew its arrays and rehashed its table five times when
 * each started small.  Its table is left empty (search_give).
 */
static __thread struct search spare;

/* Start a search with no nodes: the spare arrays, or new ones. */
static void
search_take(struct search *s)
{
	if (spare.nodes != NULL) {
		*s = spare;
		memset(&spare, 0, sizeof spare);
	} else {
		memset(s, 0, sizeof *s);
		s->cap = 64;
		s->nodes = xmallocarray((size_t)s->cap, sizeof *s->nodes);
		s->order = (uint64_t *)xmallocarray((size_t)s->cap + 1,
		    sizeof *s->order) + 1;
		s->order[-1] = UINT64_MAX;
		s->slot = xmallocarray((size_t)s->cap, sizeof *s->slot);
		s->hpos = xmallocarray((size_t)s->cap, sizeof *s->hpos);
		s->capheap = 64;
		s->heap = xmallocarray((size_t)s->capheap, sizeof *s->heap);
		s->nwin = xcalloc(MWIN * MWIN * DIR_COUNT, sizeof *s->nwin);
		s->mwin = xcalloc(MWIN * MWIN, sizeof *s->mwin);
		s->mset = xmallocarray(MWIN * MWIN, sizeof *s->mset);
		search_rehash(s, 256);
	}
	s->n = 0;
	s->nhash = 0;
	s->nheap = 0;
}

/* Keep a finished search's arrays as the spare, its tables emptied:
 * entry by entry, each node and memo knowing its own (a table keeps
 * the size of the largest search, and most searches are small: neither
 * hashing each again nor clearing the whole table). */
static void
search_give(struct search *s)
{
	int i;

	for (i = 0; i < s->nmemo; i++)
		s->mhash[s->memo[i].slot] = 0;
	s->nmemo = 0;
	for (i = 0; i < s->nmset; i++)
		s->mwin[s->mset[i]] = 0;
	s->nmset = 0;
	for (i = 0; i < s->n; i++)
		if (s->slot[i] & SLOT_WIN)
			s->nwin[s->slot[i] & ~SLOT_WIN] = 0;
		else
			s->hash[s->slot[i]] = 0;
	free(spare.nodes);
	if (spare.order != NULL)
		free(spare.order - 1);
	free(spare.slot);
	free(spare.hpos);
	free(spare.bhead);
	free(spare.bnode);
	free(spare.bnext);
	free(spare.nwin);
	free(spare.hash);
	free(spare.heap);
	free(spare.memo);
	free(spare.mhash);
	free(spare.mwin);
	free(spare.mset);
	free(spare.orow);
	spare = *s;
}

/* Heap order: lower f, then higher g (deeper first), then lower index;
 * the first two in one number (node_order), read at one place.  x and
 * y are the orders of nodes a and b. */
static inline __attribute__((always_inline)) bool
order_less(uint64_t x, int a, uint64_t y, int b)
{
	if (x != y)
		return x < y;
	return a < b;
}

/*
 * The heap moves a node up (heap_push) or down (heap_pop) by moving the
 * nodes it passes into its place, and writes it once where it stops:
 * the same comparisons, in the same order, as swapping it step by step,
 * and the same heap.  Its order is read once: a node's order does not
 * change while the heap moves it.  The heap holds node indices and
 * reads their orders as they stand: a node pushed again at a better
 * order leaves its old entry with that order too, and the heap's own
 * order of nodes, routes included, depends on it (entries carrying the
 * order they were pushed with would pop some nodes in another order).
 */
static inline __attribute__((always_inline)) void
heap_push(struct search *s, int i)
{
	const uint64_t *ord = s->order;
	uint64_t x = ord[i];
	int k, parent, t;

	if (s->nheap == s->capheap) {
		s->capheap *= 2;
		s->heap = xreallocarray(s->heap, (size_t)s->capheap,
		    sizeof *s->heap);
	}
	k = s->nheap++;
	while (k > 0) {
		parent = (int)((unsigned)(k - 1) / 2);
		t = s->heap[parent];
		if (!order_less(x, i, ord[t], t))
			break;
		s->heap[k] = t;
		k = parent;
	}
	s->heap[k] = i;
}

/* The top node off the heap: the last entry sifted down from the top,
 * past the lesser of each pair of children while that is less than it
 * (on a tie, the left child; against it, the entry stays).  Always
 * inline, as heap_push: made in each of path_search's instances, it
 * keeps the search's arrays in registers rather than reading them from
 * s at every pop.  keep: the heap is heap_raise's, whose places
 * (s->hpos) follow every move (heap_take). */
static inline __attribute__((always_inline)) int
heap_sift(struct search *s, bool keep)
{
	const uint64_t *ord = s->order;
	int *heap = s->heap;
	int top = heap[0], k = 0, l, c, e, n, m, mr;
	uint64_t x, xm, xr;

	if (keep)
		s->hpos[top] = -1;
	n = --s->nheap;
	if (n == 0)
		return top;
	e = heap[n];		/* the last node, sifted down from the top */
	x = ord[e];
	/* Past the end, a right child that is never the lesser (its order
	 * is above every node's, see search_take): every left child then
	 * has a right one to be weighed against. */
	heap[n] = -1;
	for (;;) {
		l = 2 * k + 1;
		if (l >= n)
			break;
		c = l;
		m = heap[l];
		xm = ord[m];
		mr = heap[l + 1];
		xr = ord[mr];
		if (order_less(xr, mr, xm, m)) {
			c = l + 1;
			m = mr;
			xm = xr;
		}
		if (!order_less(xm, m, x, e))
			break;
		heap[k] = m;
		if (keep)
			s->hpos[m] = k;
		k = c;
	}
	heap[k] = e;
	if (keep)
		s->hpos[e] = k;
	return top;
}

static inline __attribute__((always_inline)) int
heap_pop(struct search *s)
{
	return heap_sift(s, false);
}

/*
 * A heap that holds each node once, knowing where (s->hpos): a node
 * reached again at a better order moves up from where it lies
 * (heap_raise), where heap_push would leave a second entry and the
 * first read at the new order out of its place.  Its pops then come in
 * order, and the search is exact A*; made for the searches whose
 * estimate counts turns (search_run's ahead), the others keeping
 * heap_push's order.  heap_up places node i, moving it up from slot k.
 */
static inline __attribute__((always_inline)) void
heap_up(struct search *s, int i, int k)
{
	const uint64_t *ord = s->order;
	uint64_t x = ord[i];
	int parent, t;

	while (k > 0) {
		parent = (int)((unsigned)(k - 1) / 2);
		t = s->heap[parent];
		if (!order_less(x, i, ord[t], t))
			break;
		s->heap[k] = t;
		s->hpos[t] = k;
		k = parent;
	}
	s->heap[k] = i;
	s->hpos[i] = k;
}

/* Node i into the heap, or up in it from where it lies: its order has
 * only fallen since. */
static inline __attribute__((always_inline)) void
heap_raise(struct search *s, int i)
{
	if (s->hpos[i] >= 0) {
		heap_up(s, i, s->hpos[i]);
		return;
	}
	if (s->nheap == s->capheap) {
		s->capheap *= 2;
		s->heap = xreallocarray(s->heap, (size_t)s->capheap,
		    sizeof *s->heap);
	}
	heap_up(s, i, s->nheap++);
}

/* heap_pop for heap_raise's heap: the same sifting, each place kept. */
static inline __attribute__((always_inline)) int
heap_take(struct search *s)
{
	return heap_sift(s, true);
}

/*
 * The queue of a search with ahead: heap_raise's heap holds the nodes
 * of the least orders, and beyond them a list for each f (the order's
 * first part, g plus the estimate), from s->fbase, BUCKETS of them and
 * one for every f past them, unsorted: a node is filed in the heap when
 * its f is no greater than those the heap was last filled with (bucket
 * s->bcur), else appended to its f's list; the heap, when empty, is
 * filled with the next list's nodes.  The nodes come out in the order
 * the heap alone gives them, f first, but the heap holds only those of
 * one f or so: most nodes are filed with a store or two, and never
 * sifted through a heap of thousands.  A node reached again at a better
 * f is filed again; its entry left in a list is passed over (bucket_take
 * takes only a node its list still files).  bucket_of: node i's list.
 */
static inline __attribute__((always_inline)) int
bucket_of(const struct search *s, int i)
{
	int b = (int)(s->order[i] >> 32) - s->fbase;

	return b < 0 ? 0 : b > BUCKETS ? BUCKETS : b;
}

/* File node i, reached at a better order. */
static inline __attribute__((always_inline)) void
bucket_put(struct search *s, int i)
{
	int b, e;

	if (s->hpos[i] >= 0) {
		heap_up(s, i, s->hpos[i]);	/* in the heap: moved up */
		return;
	}
	if ((b = bucket_of(s, i)) <= s->bcur) {
		heap_raise(s, i);
		return;
	}
	if (s->nbent == s->capbent) {
		s->capbent = s->capbent ? s->capbent * 2 : 256;
		s->bnode = xreallocarray(s->bnode, (size_t)s->capbent,
		    sizeof *s->bnode);
		s->bnext = xreallocarray(s->bnext, (size_t)s->capbent,
		    sizeof *s->bnext);
	}
	e = s->nbent++;
	s->bnode[e] = i;
	s->bnext[e] = s->bhead[b];
	s->bhead[b] = e + 1;
}

/* The next node in order, or -1 when none is left. */
static inline __attribute__((always_inline)) int
bucket_take(struct search *s)
{
	int e, i;

	while (s->nheap == 0) {
		do
			s->bcur++;
		while (s->bcur <= BUCKETS && s->bhead[s->bcur] == 0);
		if (s->bcur > BUCKETS)
			return -1;
		for (e = s->bhead[s->bcur] - 1; e >= 0; e = s->bnext[e] - 1) {
			i = s->bnode[e];
			if (!s->nodes[i].closed && s->hpos[i] < 0 &&
			    bucket_of(s, i) == s->bcur)
				heap_raise(s, i);
		}
		s->bhead[s->bcur] = 0;
	}
	return heap_take(s);
}

/*
 * The walker's block about its anchor, for each facing: the least and
 * greatest offsets of its four corners, and how many places of the map
 * its least corner has in each axis with the whole block on the map (lx,
 * ly; 0 when it is wider than the map).  Its form and arm do not change
 * during a search, nor does the map, so they are reckoned once, not at
 * every edge; w and h are the map's.
 */
struct block_box {
	int		 x0[DIR_COUNT];
	int		 x1[DIR_COUNT];
	int		 y0[DIR_COUNT];
	int		 y1[DIR_COUNT];
	int		 lx[DIR_COUNT];
	int		 ly[DIR_COUNT];
	int		 w, h;
	int		 ext;		/* the farthest any corner lies from
					   the anchor, on either axis, in
					   any facing */
	/* The straight block by places in the map's array, for
	 * meets_unit: ranks of fr cells, dp of them; its first cell lies
	 * k0 from the anchor's place, a step along a rank kr and back to
	 * the next kb.  straight: it is read so (block_begin's test of
	 * the formation's sides and cells_max). */
	bool		 straight[DIR_COUNT];
	int		 fr[DIR_COUNT];
	int		 dp[DIR_COUNT];
	long		 k0[DIR_COUNT];
	long		 kr[DIR_COUNT];
	long		 kb[DIR_COUNT];
};

static void
box_init(const struct game *g, const struct move_walk *w,
    struct block_box *b)
{
	const struct formation_def *fd = &g->rs->form[w->form];
	enum arm arm = g->units[w->unit].arm;
	enum dir d, right, back;
	int fr, dp, off, ci, cj, i, j, x, y;

	for (d = 0; d < DIR_COUNT; d++) {
		fr = geom_span(d, fd->frontage[arm]);
		dp = geom_span(d, fd->depth[arm]);
		right = dir_turn(d, 2);
		back = dir_turn(d, 4);
		off = (fr - 1) / 2;
		for (ci = 0; ci < 2; ci++)
			for (cj = 0; cj < 2; cj++) {
				i = ci ? fr - 1 : 0;
				j = cj ? dp - 1 : 0;
				x = (i - off) * dir_dx[right] + j * dir_dx[back];
				y = (i - off) * dir_dy[right] + j * dir_dy[back];
				if ((ci == 0 && cj == 0) || x < b->x0[d])
					b->x0[d] = x;
				if ((ci == 0 && cj == 0) || x > b->x1[d])
					b->x1[d] = x;
				if ((ci == 0 && cj == 0) || y < b->y0[d])
					b->y0[d] = y;
				if ((ci == 0 && cj == 0) || y > b->y1[d])
					b->y1[d] = y;
			}
		b->straight[d] = fd->frontage[arm] > 0 &&
		    fd->depth[arm] > 0 && (long)fr * dp <= g->cells_max;
		b->fr[d] = fr;
		b->dp[d] = dp;
		b->kr[d] = (long)dir_dy[right] * g->map->w + dir_dx[right];
		b->kb[d] = (long)dir_dy[back] * g->map->w + dir_dx[back];
		b->k0[d] = -(long)off * b->kr[d];
		b->lx[d] = g->map->w - (b->x1[d] - b->x0[d]);
		b->ly[d] = g->map->h - (b->y1[d] - b->y0[d]);
		if (b->lx[d] < 0)
			b->lx[d] = 0;
		if (b->ly[d] < 0)
			b->ly[d] = 0;
	}
	b->ext = 0;
	for (d = 0; d < DIR_COUNT; d++) {
		b->ext = abs(b->x0[d]) > b->ext ? abs(b->x0[d]) : b->ext;
		b->ext = abs(b->x1[d]) > b->ext ? abs(b->x1[d]) : b->ext;
		b->ext = abs(b->y0[d]) > b->ext ? abs(b->y0[d]) : b->ext;
		b->ext = abs(b->y1[d]) > b->ext ? abs(b->y1[d]) : b->ext;
	}
	b->w = g->map->w;
	b->h = g->map->h;
}

/*
 * The boxes box_init made last, by what it reads: the block's frontage
 * and depth, the game's cells_max and the map's sides (the rest are the
 * directions' tables).  A walk searches several times as one unit, and
 * the units of a battle come in few shapes: reckoned once a shape, not
 * once a search.
 */
#define BOX_KEPT	4
static __thread struct box_kept {
	bool		 set;
	int		 fr, dp, cells_max, w, h;
	struct block_box box;
} box_kept[BOX_KEPT];
static __thread unsigned box_next;

/* box_init, or its box of the same shape made before. */
static void
box_get(const struct game *g, const struct move_walk *w,
    struct block_box *b)
{
	const struct formation_def *fd = &g->rs->form[w->form];
	enum arm arm = g->units[w->unit].arm;
	struct box_kept *k;
	int i;

	for (i = 0; i < BOX_KEPT; i++) {
		k = &box_kept[i];
		if (k->set && k->fr == fd->frontage[arm] &&
		    k->dp == fd->depth[arm] && k->cells_max == g->cells_max &&
		    k->w == g->map->w && k->h == g->map->h) {
			*b = k->box;
			return;
		}
	}
	box_init(g, w, b);
	k = &box_kept[box_next++ % BOX_KEPT];
	k->set = true;
	k->fr = fd->frontage[arm];
	k->dp = fd->depth[arm];
	k->cells_max = g->cells_max;
	k->w = g->map->w;
	k->h = g->map->h;
	k->box = *b;
}

/* Whether the whole block, anchored at q facing d, lies on the map: its
 * four corners do (the map is a rectangle: so do their extremes), that
 * is its least corner lies within lx, ly of the map's.  Always inline:
 * asked at every edge. */
static inline __attribute__((always_inline)) bool
footprint_inside(const struct block_box *b, struct point q, enum dir d)
{
	return (unsigned)(q.x + b->x0[d]) < (unsigned)b->lx[d] &&
	    (unsigned)(q.y + b->y0[d]) < (unsigned)b->ly[d];
}

/* map_inside with the map's sides kept in the box. */
static inline __attribute__((always_inline)) bool
box_map_inside(const struct block_box *b, int x, int y)
{
	return (unsigned)x < (unsigned)b->w && (unsigned)y < (unsigned)b->h;
}

/* Whether the cell at k in the map's array holds a unit that the
 * walker's block at q facing d meets, as meets_unit says. */
static inline __attribute__((always_inline)) bool
cell_meets(const struct game *g, const struct move_walk *tw,
    const struct unit *un, long k, struct point q, enum dir d,
    bool turn, int units, int avoid)
{
	struct move_price pp;
	struct move_walk pw;
	int who;

	who = g->occ[k] - 1;
	if (who < 0 || who == tw->unit)
		return false;
	if (g->units[who].side != un->side || who == avoid)
		return true;
	if (move_marches(g, &g->units[who]) &&
	    !(turn && units == PATH_UNITS_NOW))
		return false;
	if (turn || g->rs->ops->move_pass == NULL)
		return true;
	pw = *tw;
	pw.explain = false;
	pw.pos = q;
	pw.facing = d;
	g->rs->ops->move_pass(g, &pw, who, d, false, &pp);
	return pp.verdict != MOVE_OK || (pp.flags & MPF_DISORDER);
}

/*
 * The cells of a walker's block, one at a time, on the map ones only, in
 * geom_footprint's order (rank by rank from the front, left to right):
 * the straight block is read without writing its cells out; a road
 * column where the unit stands, or a block cut off by cells_max, is read
 * from game_footprint_at's cells, borrowed from the game's pool until
 * block_end.  Each cell is given by its place in the map's array (the
 * game's occupancy is read there); a straight block wholly on the map
 * is walked by those places alone.  meets_unit and standing_friend_at
 * read blocks this way.
 */
struct block_iter {
	const struct game *g;
	struct point	*cells;		/* NULL: the straight block */
	int		 n;		/* cells, or ranks (dp) */
	int		 k;		/* the next cell, or rank */
	int		 i;		/* straight: the next in the rank, */
	int		 fr;		/* its frontage in cells, */
	struct point	 at;		/* the next cell, */
	struct point	 row;		/* the left end of its rank, */
	int		 rx, ry;	/* a step along a rank, */
	int		 bx, by;	/* a step back to the next rank */
	bool		 all_in;	/* straight and wholly on the map: */
	long		 kat, krow;	/* at and row by their places, */
	long		 kr, kb;	/* and the two steps */
};

/* Start reading the block of unit un in formation form, anchored at q
 * facing d.  True when it is the straight block (its cells are not
 * written out). */
static inline __attribute__((always_inline)) bool
block_begin(const struct game *g, const struct unit *un, int form,
    struct point q, enum dir d, struct block_iter *b)
{
	const struct formation_def *fd = &g->rs->form[form];
	enum dir right = dir_turn(d, 2), back = dir_turn(d, 4);
	int fr = geom_span(d, fd->frontage[un->arm]);
	int dp = geom_span(d, fd->depth[un->arm]);

	b->g = g;
	b->k = b->i = 0;
	b->fr = 1;
	b->at.x = b->at.y = b->row.x = b->row.y = 0;
	b->rx = b->ry = b->bx = b->by = 0;
	b->kat = b->krow = b->kr = b->kb = 0;
	if (fd->frontage[un->arm] > 0 && fd->depth[un->arm] > 0 &&
	    (long)fr * dp <= g->cells_max &&
	    !(q.x == un->pos.x && q.y == un->pos.y)) {
		b->cells = NULL;
		b->n = dp;
		b->fr = fr;
		b->rx = dir_dx[right];
		b->ry = dir_dy[right];
		b->bx = dir_dx[back];
		b->by = dir_dy[back];
		b->row.x = q.x - (fr - 1) / 2 * b->rx;
		b->row.y = q.y - (fr - 1) / 2 * b->ry;
		b->at = b->row;
		/* Its four corners on the map: so is all of it. */
		b->all_in = map_inside(g->map, b->row.x, b->row.y) &&
		    map_inside(g->map, b->row.x + (fr - 1) * b->rx,
		    b->row.y + (fr - 1) * b->ry) &&
		    map_inside(g->map, b->row.x + (dp - 1) * b->bx,
		    b->row.y + (dp - 1) * b->by) &&
		    map_inside(g->map, b->row.x + (fr - 1) * b->rx +
		    (dp - 1) * b->bx, b->row.y + (fr - 1) * b->ry +
		    (dp - 1) * b->by);
		if (b->all_in) {
			b->krow = (long)b->row.y * g->map->w + b->row.x;
			b->kat = b->krow;
			b->kr = (long)b->ry * g->map->w + b->rx;
			b->kb = (long)b->by * g->map->w + b->bx;
		}
		return true;
	}
	b->all_in = false;
	b->cells = game_cells_take(g);
	b->n = game_footprint_at(g, un, q, d, form, b->cells);
	return false;
}

/* The next cell of the block on the map, by its place in the map's
 * array in *at; false when there is none left. */
static inline __attribute__((always_inline)) bool
block_next(struct block_iter *b, long *at)
{
	int x, y;

	if (b->all_in) {
		if (b->k >= b->n)
			return false;
		*at = b->kat;
		if (++b->i < b->fr)
			b->kat += b->kr;
		else {
			b->i = 0;
			b->k++;
			b->krow += b->kb;
			b->kat = b->krow;
		}
		return true;
	}
	while (b->k < b->n) {
		if (b->cells != NULL) {
			x = b->cells[b->k].x;
			y = b->cells[b->k].y;
			b->k++;
		} else {
			x = b->at.x;
			y = b->at.y;
			if (++b->i < b->fr) {
				b->at.x += b->rx;
				b->at.y += b->ry;
			} else {
				b->i = 0;
				b->k++;
				b->row.x += b->bx;
				b->row.y += b->by;
				b->at = b->row;
			}
		}
		if (map_inside(b->g->map, x, y)) {
			*at = (long)y * b->g->map->w + x;
			return true;
		}
	}
	return false;
}

/* Done with the block: its cells, if written out, go back to the pool. */
static inline __attribute__((always_inline)) void
block_end(struct block_iter *b)
{
	if (b->cells != NULL)
		game_cells_give(b->g, b->cells);
	b->cells = NULL;
}

/* Read row y of the search's square into s->orow (see there): self is
 * the walker's index + 1.  Most rows about a walker hold no unit at
 * all, and all their cells are read at once before any is looked at
 * alone; a run of cells of one unit is judged once. */
static void
orow_read(const struct game *g, struct search *s, int y, int self)
{
	const struct unit *un = &g->units[self - 1], *ou;
	const int *occ;
	uint64_t stop = 0;
	int x, x0, x1, v, last = 0, seen = 0;
	bool any = false, last_stops = false;

	s->oknown |= (uint64_t)1 << y;
	x0 = s->mo.x < 0 ? -s->mo.x : 0;
	x1 = s->mo.x + MWIN > g->map->w ? g->map->w - s->mo.x : MWIN;
	if (map_inside(g->map, 0, s->mo.y + y) && x0 < x1) {
		/* The row's cells on the map, cell x of the square at
		 * occ[s->mo.x + x]. */
		occ = g->occ + (long)(s->mo.y + y) * g->map->w;
		for (x = x0; x < x1; x++)
			seen |= occ[s->mo.x + x];
		for (x = x0; seen != 0 && x < x1; x++) {
			if ((v = occ[s->mo.x + x]) == 0 || v == self)
				continue;
			if (v != last) {
				ou = &g->units[v - 1];
				last = v;
				last_stops = ou->side != un->side ||
				    v - 1 == s->avoid || !move_marches(g, ou);
			}
			any = true;
			if (last_stops)
				stop |= (uint64_t)1 << x;
		}
	}
	s->orow[y] = stop;
	if (any)
		s->oany |= (uint64_t)1 << y;
	if (stop != 0)
		s->ostop |= (uint64_t)1 << y;
}

/* For units PATH_UNITS_STAY: whether the walker's block at q facing d,
 * wholly on the map, is its straight block and lies in the search's
 * square (s->mo, MWIN cells a side) over no cell of a unit it may meet
 * (s->orow): then meets_unit would say it meets none.  *alone is set
 * when no row it spans holds another unit at all (then it holds none:
 * room_for knows turning and stepping there at once); false says only
 * that it was not told so cheaply.  False when the block may meet a
 * unit, or cannot be told so: meets_unit reads it cell by cell.  What
 * is looked at is the box of the block's four corners (box_init), which
 * holds the block. */
static inline __attribute__((always_inline)) bool
block_free(const struct game *g, const struct move_walk *tw,
    const struct block_box *box, struct search *s, struct point q,
    enum dir d, bool *alone)
{
	const struct unit *un = &g->units[tw->unit];
	unsigned x0 = (unsigned)(q.x + box->x0[d] - s->mo.x);
	unsigned x1 = (unsigned)(q.x + box->x1[d] - s->mo.x);
	unsigned y0 = (unsigned)(q.y + box->y0[d] - s->mo.y);
	unsigned y1 = (unsigned)(q.y + box->y1[d] - s->mo.y);
	uint64_t mask, rmask, rows, acc = 0;

	if (++s->nmeets <= ORWAIT || x0 >= MWIN || x1 >= MWIN ||
	    y0 >= MWIN || y1 >= MWIN || !box->straight[d] ||
	    (q.x == un->pos.x && q.y == un->pos.y))
		return false;
	if (s->orow == NULL)
		s->orow = xmallocarray(MWIN, sizeof *s->orow);
	rmask = (~(uint64_t)0 >> (MWIN - 1 - (y1 - y0))) << y0;
	for (rows = rmask & ~s->oknown; rows != 0; rows &= rows - 1)
		orow_read(g, s, __builtin_ctzll(rows), tw->unit + 1);
	/* Only the rows with a unit on them are read again. */
	mask = (~(uint64_t)0 >> (MWIN - 1 - (x1 - x0))) << x0;
	for (rows = rmask & s->ostop; rows != 0; rows &= rows - 1)
		acc |= s->orow[__builtin_ctzll(rows)];
	if ((acc & mask) != 0)
		return false;
	*alone = (rmask & s->oany) == 0;
	return true;
}

/*
 * Whether the block of the walker, standing at q facing d, would meet a
 * unit that stays where it is: an enemy, or a friend under no Move order
 * that the ruleset does not let it pass through in good order (3.6.7);
 * turning where it stands (turn), any friend there: the walk needs room
 * to turn.  Friends under Move orders will have left; the walk meets
 * them under its own rules.  With units PATH_UNITS_NOW a turn meets them
 * too: the units as they stand now, as the walk that plans it sees them.
 * Unit avoid (not -1) is always met: a friend the walker goes round.
 * box is the walker's (box_init), and inside says the block lies wholly
 * on the map.  *alone is set when the block was read whole and holds no
 * cell of another unit: then it meets none, turning or stepping.
 */
static bool
meets_unit(const struct game *g, const struct move_walk *tw,
    const struct block_box *box, struct point q, enum dir d, bool turn,
    int units, int avoid, bool inside, bool *alone)
{
	const struct unit *un = &g->units[tw->unit];
	struct block_iter b;
	long k;
	bool meets = false;

	*alone = false;
	if (inside && box->straight[d] &&
	    !(q.x == un->pos.x && q.y == un->pos.y)) {
		/* The straight block wholly on the map (block_begin's
		 * all_in), rank by rank, by the box's steps: most
		 * of its cells are empty or the walker's own, read with a
		 * test each; a cell of another unit is judged as below,
		 * once for a run of cells of the same unit (cell_meets
		 * reads the cell for its unit alone). */
		const int *occ = g->occ;
		int self = tw->unit + 1, last = 0, v, r, i;
		int fr = box->fr[d], dp = box->dp[d];
		long kr = box->kr[d], kb = box->kb[d];
		long row = (long)q.y * box->w + q.x + box->k0[d], at;

		for (r = 0; r < dp; r++, row += kb)
			for (i = 0, at = row; i < fr; i++, at += kr)
				if ((v = occ[at]) != 0 && v != self &&
				    v != last) {
					if (cell_meets(g, tw, un, at, q, d, turn,
					    units, avoid))
						return true;
					last = v;
				}
		*alone = last == 0;
		return false;
	}
	block_begin(g, un, tw->form, q, d, &b);
	while (block_next(&b, &k))
		if (cell_meets(g, tw, un, k, q, d, turn, units, avoid)) {
			meets = true;
			break;
		}
	block_end(&b);
	return meets;
}

/* Whether unit who (an index into g->units, or -1) is a friend of the
 * walker, other than itself, that stays where it is: one that
 * path_standing_friend goes on to ask the ruleset about. */
static inline bool
standing_friend(const struct game *g, const struct move_walk *w,
    const struct unit *un, int who)
{
	const struct unit *fu;

	if (who < 0 || who == w->unit)
		return false;
	fu = &g->units[who];
	return fu->side == un->side && !move_marches(g, fu);
}

/* For standing_friend_at: the unit at k in the map's array when it is
 * a standing friend the walker's block at q facing d may not pass
 * through in good order, else -1; *clean is set false when it is a
 * standing friend at all. */
static inline __attribute__((always_inline)) int
friend_met(const struct game *g, const struct move_walk *w,
    const struct unit *un, long k, struct point q, enum dir d,
    bool *clean)
{
	struct move_price pp;
	struct move_walk pw;
	int who;

	who = g->occ[k] - 1;
	if (!standing_friend(g, w, un, who))
		return -1;
	*clean = false;
	if (g->rs->ops->move_pass == NULL)
		return who;
	pw = *w;
	pw.explain = false;
	pw.pos = q;
	pw.facing = d;
	g->rs->ops->move_pass(g, &pw, who, d, false, &pp);
	return pp.verdict != MOVE_OK || (pp.flags & MPF_DISORDER) ? who : -1;
}

/* path_standing_friend, telling too in *clean whether the block's cells
 * at q facing d hold no standing friend at all (passable or not), when
 * they are the straight block (not a road trail where the unit stands)
 * and none is cut off by cells_max.  The first friend met in the block's
 * order (block_next) is the one answered. */
static int
standing_friend_at(const struct game *g, const struct move_walk *w,
    struct point q, enum dir d, bool *clean)
{
	const struct unit *un = &g->units[w->unit];
	const struct formation_def *fd = &g->rs->form[w->form];
	struct block_iter b;
	long k;
	int met = -1;

	*clean = !(q.x == un->pos.x && q.y == un->pos.y) &&
	    (long)geom_span(d, fd->frontage[un->arm]) *
	    geom_span(d, fd->depth[un->arm]) <= g->cells_max;
	block_begin(g, un, w->form, q, d, &b);
	while (block_next(&b, &k))
		if ((met = friend_met(g, w, un, k, q, d, clean)) >= 0)
			break;
	block_end(&b);
	return met;
}

int
path_standing_friend(const struct game *g, const struct move_walk *w,
    struct point q, enum dir d)
{
	bool clean;

	return standing_friend_at(g, w, q, d, &clean);
}

int
path_standing_friend_next(const struct game *g, const struct move_walk *w,
    struct point q, enum dir d, bool *clean)
{
	const struct unit *un = &g->units[w->unit];
	struct point c, st;
	int n, i, who;

	/* One step on along its facing, the block covers the cells it
	 * covered less its last rank, plus a new front rank at q: with no
	 * standing friend in the old cells, only the front rank can hold
	 * one. */
	if (*clean && !(q.x == un->pos.x && q.y == un->pos.y)) {
		n = geom_rank(q, d, g->rs->form[w->form].frontage[un->arm],
		    &c, &st);
		if (n > 0 && map_inside(g->map, c.x, c.y) &&
		    map_inside(g->map, c.x + (n - 1) * st.x,
		    c.y + (n - 1) * st.y)) {
			/* The whole rank on the map (its two ends are): its
			 * slots walked by their offset. */
			long k = (long)c.y * g->map->w + c.x;
			long dk = (long)st.y * g->map->w + st.x;

			for (i = 0; i < n; i++, k += dk)
				if (standing_friend(g, w, un, g->occ[k] - 1))
					break;
			if (i == n)
				return -1;
			return standing_friend_at(g, w, q, d, clean);
		}
		for (i = 0; i < n; i++, c.x += st.x, c.y += st.y) {
			if (!map_inside(g->map, c.x, c.y))
				continue;
			who = g->occ[(size_t)c.y * (size_t)g->map->w +
			    (size_t)c.x] - 1;
			if (standing_friend(g, w, un, who))
				break;
		}
		if (i == n)
			return -1;
	}
	return standing_friend_at(g, w, q, d, clean);
}

static void
memo_rehash(struct search *s, unsigned size)
{
	unsigned i, h;

	free(s->mhash);
	s->mhash = xcalloc(size, sizeof *s->mhash);
	s->mmask = size - 1;
	for (i = 0; i < (unsigned)s->nmemo; i++) {
		h = hash_point(s, s->memo[i].p, 0) & s->mmask;
		while (s->mhash[h] != 0)
			h = (h + 1) & s->mmask;
		s->mhash[h] = (int)i + 1;
		s->memo[i].slot = h;
	}
}

/* The memo of cell p, created empty if absent. */
static struct memo *
memo_at(struct search *s, struct point p)
{
	unsigned h;
	int i;

	if (s->mhash == NULL)
		memo_rehash(s, 256);
	h = hash_point(s, p, 0) & s->mmask;
	while ((i = s->mhash[h]) != 0) {
		if (s->memo[i - 1].p.x == p.x && s->memo[i - 1].p.y == p.y)
			return &s->memo[i - 1];
		h = (h + 1) & s->mmask;
	}
	if (s->nmemo == s->capmemo) {
		s->capmemo = s->capmemo ? s->capmemo * 2 : 64;
		s->memo = xreallocarray(s->memo, (size_t)s->capmemo,
		    sizeof *s->memo);
	}
	i = s->nmemo++;
	s->memo[i].p = p;
	s->memo[i].known = s->memo[i].room = 0;
	s->memo[i].slot = h;
	s->mhash[h] = i + 1;
	if ((unsigned)s->nmemo * 2 > s->mmask)
		memo_rehash(s, (s->mmask + 1) * 2);
	return &s->memo[i];
}

/* Whether the block of the walker has room at q facing d: on the map, and
 * (with units) meeting no unit as meets_unit says; turn: it turns there.
 * With units looked at, looked up once per search (s, or NULL for no
 * memo); without, the four corners are cheaper to read than the memo.
 * inner: q is known to lie far enough inside the map for the block to be
 * on it (search_run's inner).  Always inline: asked at every edge. */
static inline __attribute__((always_inline)) bool
room_for(const struct game *g, struct move_walk *tw,
    const struct block_box *box, struct search *s, struct point q,
    enum dir d, bool turn, int units, bool inner)
{
	struct memo *m = NULL;
	unsigned bit = 1u << (2 * (unsigned)d + (turn ? 1 : 0)), *e = NULL;
	unsigned ux, uy;
	bool room, alone = false;

	if (units != PATH_UNITS_STAY && units != PATH_UNITS_NOW)
		return inner || footprint_inside(box, q, d);
	if (s != NULL) {
		ux = (unsigned)(q.x - s->mo.x);
		uy = (unsigned)(q.y - s->mo.y);
		if (ux < MWIN && uy < MWIN) {
			e = &s->mwin[uy * MWIN + ux];
			if (*e & bit)
				return (*e >> 16 & bit) != 0;
		} else {
			m = memo_at(s, q);
			if (m->known & bit)
				return (m->room & bit) != 0;
		}
	}
	/* Most blocks lie over no unit that could stop them: the rows of
	 * the search's square tell so without reading the block cell by
	 * cell (block_free).  Not with PATH_UNITS_NOW (path_room): its
	 * searches are short, and there the rows cost more than they
	 * save (bench-move, callgrind). */
	room = (inner || footprint_inside(box, q, d)) &&
	    ((s != NULL && units == PATH_UNITS_STAY &&
	    block_free(g, tw, box, s, q, d, &alone)) ||
	    !meets_unit(g, tw, box, q, d, turn, units, s != NULL ? s->avoid :
	    -1, true, &alone));
	if (m != NULL) {
		/* A block on no other unit has room to turn and to step
		 * there: both are known at once. */
		if (alone)
			bit |= 3u << (2 * (unsigned)d);
		m->known |= bit;
		if (room)
			m->room |= bit;
	} else if (e != NULL) {
		if (alone)
			bit |= 3u << (2 * (unsigned)d);
		if (*e == 0)
			s->mset[s->nmset++] = (int)(uy * MWIN + ux);
		*e |= bit | (room ? bit << 16 : 0);
	}
	return room;
}

/* With plan_turn_anywhere, the turns from face to every other facing
 * priced once, and move_face asked once for every way, tw standing at
 * p facing face: the ruleset answers both the same wherever the block
 * stands (a search never prices anything into the game), so they are
 * asked where the search first expands a node of that facing. */
static void
turn_fill(const struct game *g, struct move_walk *tw, struct search *s,
    struct point p, enum dir face)
{
	const struct ruleset_ops *ops = g->rs->ops;
	struct move_price tp;
	struct turn_memo *m;
	int f;

	s->offmax[face] = 0;
	for (f = 0; f < DIR_COUNT; f++)
		s->face_to[face][f] = (unsigned char)(ops->move_face != NULL ?
		    ops->move_face(g, tw, (enum dir)f) : (enum dir)f);
	for (f = 0; f < DIR_COUNT; f++) {
		if (f == (int)face)
			continue;
		ops->move_turn(g, tw, (enum dir)f, &tp);
		m = &s->turn[face][f];
		m->ticks = tp.ticks;
		m->flags = tp.flags;
		m->off.x = tp.anchor.x - p.x;
		m->off.y = tp.anchor.y - p.y;
		m->walked = geom_dist(p, tp.anchor);
		if (abs(m->off.x) > s->offmax[face])
			s->offmax[face] = abs(m->off.x);
		if (abs(m->off.y) > s->offmax[face])
			s->offmax[face] = abs(m->off.y);
	}
	s->turn_faces |= 1u << face;
}

/* The price of the turn of tw (at p facing face) to face f, as
 * move_turn says, for a search s (or NULL): with the ruleset's
 * plan_turn_anywhere, read from the search's table (turn_fill) and
 * moved to p.  Only ticks, flags and anchor are set (no notes: a search
 * asks for none). */
static inline __attribute__((always_inline)) void
turn_price(const struct game *g, struct move_walk *tw, struct search *s,
    struct point p, enum dir face, enum dir f, struct move_price *tp)
{
	const struct turn_memo *m;

	if (s == NULL || !s->turn_anywhere) {
		g->rs->ops->move_turn(g, tw, f, tp);
		return;
	}
	m = &s->turn[face][f];
	tp->ticks = m->ticks;
	tp->flags = m->flags;
	tp->anchor.x = p.x + m->off.x;
	tp->anchor.y = p.y + m->off.y;
}

/* The least a step towards d can add to a route: what the module says
 * it charges at least (least_step), or the step's distance when less
 * (the search's own price of a MOVE_CHANGE); 0 when it says nothing. */
static inline int
least_step(const struct game *g, enum dir d)
{
	int l = g->rs->least_step[dir_diagonal(d) ? 1 : 0];

	return l < dir_step_cost(d) ? l : dir_step_cost(d);
}

/*
 * What a search whose estimate counts turns knows of the walker's turns
 * (turn_ahead_fill), for each facing: the turns the estimate reckons
 * with (n of them, their ticks and where each leaves the anchor), those
 * no other beats wherever the goal lies; n 0 where the estimate is the
 * octile distance alone.  And the turns of two stages or more that the
 * search need not try (bit t of skip: the one-stage turns, one after
 * the other, cost no more and leave the anchor at the same place), with
 * how far (reach, in cells on either axis) any turn moves the anchor.
 */
struct turn_ahead {
	int		 n[DIR_COUNT];
	int		 ticks[DIR_COUNT][DIR_COUNT - 1];
	struct point	 off[DIR_COUNT][DIR_COUNT - 1];
	unsigned	 skip[DIR_COUNT];
	int		 reach;
};

/*
 * The tables of the last searches and what turn_ahead_fill made of
 * them: the searches of a phase are mostly of walkers whose turns are
 * priced alike (the same arm and formation, facing as they stood), and
 * the reading of the tables (which turns to count, which to skip) costs
 * more than filling them.  Kept whole, AHEAD_KEPT of them, the oldest
 * replaced, and used only where the new tables are the same to the
 * byte: what is made of them depends on nothing else.
 */
#define AHEAD_KEPT	16
static __thread struct ahead_kept {
	bool		 valid;
	bool		 ok;		/* turn_ahead_fill's answer */
	struct turn_memo turn[DIR_COUNT][DIR_COUNT];
	unsigned char	 face_to[DIR_COUNT][DIR_COUNT];
	int		 offmax[DIR_COUNT];
	struct turn_ahead a;
} ahead_kept[AHEAD_KEPT];
static __thread unsigned ahead_next;

static bool turn_ahead_read(struct search *, struct turn_ahead *);

/*
 * With the ruleset's plan_turn_ahead (and plan_turn_anywhere): every
 * turn from every facing priced at once (turn_fill, tw put at p facing
 * each in turn), and *a filled: read from the tables anew only where
 * no search kept has the same (ahead_kept).  A facing from which some turn costs
 * less than the octile distance it carries the anchor (the free turn
 * about the centre of a unit that still faces as it stood) is left to
 * the octile distance alone.  False, and
 * the search is as without plan_turn_ahead, when some step would not
 * keep its own way (move_face: a retiring unit steps any way as it
 * faces, and need not turn at all).
 */
static bool
turn_ahead_fill(const struct game *g, struct move_walk *tw,
    struct search *s, struct point p, struct turn_ahead *a)
{
	struct ahead_kept *k;
	enum dir face0 = tw->facing;
	int f, i;

	for (f = 0; f < DIR_COUNT; f++) {
		tw->facing = (enum dir)f;
		if (!(s->turn_faces & (1u << f)))
			turn_fill(g, tw, s, p, (enum dir)f);
		/* No turn from a facing to itself: the table's entry is
		 * never read, and set so that it compares. */
		memset(&s->turn[f][f], 0, sizeof s->turn[f][f]);
	}
	tw->facing = face0;
	for (i = 0; i < AHEAD_KEPT; i++) {
		k = &ahead_kept[i];
		if (k->valid && memcmp(k->turn, s->turn, sizeof k->turn) ==
		    0 && memcmp(k->face_to, s->face_to, sizeof k->face_to) ==
		    0 && memcmp(k->offmax, s->offmax, sizeof k->offmax) == 0) {
			if (k->ok)
				*a = k->a;
			return k->ok;
		}
	}
	k = &ahead_kept[ahead_next++ % AHEAD_KEPT];
	memcpy(k->turn, s->turn, sizeof k->turn);
	memcpy(k->face_to, s->face_to, sizeof k->face_to);
	memcpy(k->offmax, s->offmax, sizeof k->offmax);
	k->ok = turn_ahead_read(s, &k->a);
	k->valid = true;
	if (k->ok)
		*a = k->a;
	return k->ok;
}

/* turn_ahead_fill's reading of the filled tables of s into *a. */
static bool
turn_ahead_read(struct search *s, struct turn_ahead *a)
{
	struct point o = { 0, 0 }, off[DIR_COUNT];
	const struct turn_memo *x, *y, *z;
	enum dir t1;
	int f, t, t2, v, cw, ticks[DIR_COUNT];
	bool beaten;

	for (f = 0; f < DIR_COUNT; f++)
		for (t = 0; t < DIR_COUNT; t++)
			if (s->face_to[f][t] != t)
				return false;
	a->reach = 0;
	for (f = 0; f < DIR_COUNT; f++) {
		a->n[f] = 0;
		a->skip[f] = 0;
		if (s->offmax[f] > a->reach)
			a->reach = s->offmax[f];
		for (t = 0; t < DIR_COUNT; t++) {
			if (dir_diff((enum dir)f, (enum dir)t) < 2)
				continue;
			/* The first stage towards t, then the rest. */
			cw = ((t - f) % DIR_COUNT + DIR_COUNT) % DIR_COUNT <=
			    DIR_COUNT / 2 ? 1 : -1;
			t1 = dir_turn((enum dir)f, cw);
			x = &s->turn[f][t1];
			y = &s->turn[t1][t];
			z = &s->turn[f][t];
			if ((x->flags & y->flags & z->flags & MPF_ANCHOR) &&
			    x->ticks + y->ticks <= z->ticks &&
			    x->off.x + y->off.x == z->off.x &&
			    x->off.y + y->off.y == z->off.y)
				a->skip[f] |= 1u << t;
		}
		for (t = 0; t < DIR_COUNT; t++) {
			if (t == f)
				continue;
			z = &s->turn[f][t];
			off[t] = (z->flags & MPF_ANCHOR) ? z->off : o;
			ticks[t] = z->ticks;
			if (ticks[t] < geom_dist(o, off[t]))
				break;
		}
		if (t < DIR_COUNT)
			continue;	/* the octile distance alone */
		for (t = 0; t < DIR_COUNT; t++) {
			if (t == f)
				continue;
			/* A turn that another, then the octile distance from
			 * the other's anchor to its own, matches is never the
			 * least (of two that match each other, the first
			 * is kept). */
			beaten = false;
			for (t2 = 0; t2 < DIR_COUNT && !beaten; t2++) {
				if (t2 == f || t2 == t)
					continue;
				v = ticks[t2] + geom_dist(off[t2], off[t]);
				beaten = v < ticks[t] || (v == ticks[t] &&
				    t2 < t);
			}
			if (beaten)
				continue;
			a->ticks[f][a->n[f]] = ticks[t];
			a->off[f][a->n[f]] = off[t];
			a->n[f]++;
		}
	}
	return true;
}

/*
 * The search's estimate from q, faced f, to goal: the octile distance,
 * and with a (turn_ahead_fill), where the goal does not lie on the line
 * straight ahead of q, the least over the turns from f of the turn's
 * ticks and the octile distance from where it leaves the anchor: a
 * walker whose steps keep their own way must turn to reach such a goal,
 * and stepping on before the turn only adds (a step costs its distance
 * at least, and carries the anchor no farther).  Never more than the
 * cheapest route's price where the octile distance is not, and never
 * less than the octile distance: the search stays A* with an estimate as
 * sound as before, and finds routes as cheap.
 */
static inline __attribute__((always_inline)) int
estimate(struct point q, enum dir f, struct point goal,
    const struct turn_ahead *a)
{
	int dx = goal.x - q.x, dy = goal.y - q.y, i, v, least;

	/* On the goal, or no turns to count: the octile distance.  On the
	 * line ahead: the way f and the goal's lie as one (their cross
	 * product 0) and point the same way (their dot product over 0);
	 * the eight ways have unit steps, so it is reached stepping. */
	if (a == NULL || a->n[f] == 0 || (dx == 0 && dy == 0) ||
	    (dx * dir_dy[f] == dy * dir_dx[f] &&
	    dx * dir_dx[f] + dy * dir_dy[f] > 0))
		return geom_dist(q, goal);
	least = INT_MAX;
	for (i = 0; i < a->n[f]; i++) {
		v = a->ticks[f][i] + geom_dist(a->off[f][i], (struct point){
		    dx, dy });
		if (v < least)
			least = v;
	}
	return least;
}

/*
 * Whether the walk of path_room's search, at p facing face, reached at
 * price from (ticks since the search's start), can make a turn of its
 * route to face f, priced t, that costs more than it has left there.
 * Having spent some of its turn, it waits and makes the whole turn next
 * turn, when a turn's allowance pays for it (walk_turn_part: a whole
 * turn needs room at its end alone).  Otherwise it turns in stages of
 * 45 degrees: the furthest stage it can pay for where the block has
 * room, else, having spent nothing, the first stage whatever it costs.
 * A stage with room must be there, or the walk, turned back by the
 * friend in the swing, asks the search again, is sent the same way, and
 * stands (3.6.3 and 3.6.7: found at the Côa, two columns holding each
 * other in a gap for the rest of the battle).  A face-about that keeps
 * the block's cells, by a walk that has spent nothing, is made at once
 * (walk_about_owed), as the walk asks it.  Beyond what is left this
 * turn, the turn is made by a walk that has spent nothing, in a later
 * turn.
 */
static bool
staged_room(const struct game *g, struct move_walk *tw,
    const struct block_box *box, struct search *s, struct point p,
    enum dir face, enum dir f, int t, int from, int units, bool inner)
{
	struct move_price sp;
	struct point at;
	int k = dir_diff(face, f), cw, j, left, pay;
	bool fresh;
	enum dir fj;

	if (!s->staged || k < 2)
		return true;
	left = s->left0 - from;
	fresh = s->fresh0 && from == 0;
	if (left <= 0) {
		left = s->allow0;
		fresh = true;
	}
	if (t <= left || (!fresh && t <= s->allow0))
		return true;
	if (k == 4 && fresh) {
		/* Asked as the walk asks it: a search prices a turn as
		 * plain that the walk makes otherwise (planning). */
		struct move_walk aw = *tw;

		aw.planning = false;
		if (walk_about_here(g, &aw, f, false, &sp))
			return true;
	}
	/* The stages are paid now, or, by a walk that waits, next turn. */
	pay = fresh || s->allow0 < left ? left : s->allow0;
	cw = (((int)f - (int)face) % 8 + 8) % 8;
	for (j = k - 1; j >= 1; j--) {
		fj = dir_turn(face, cw <= 4 ? j : -j);
		turn_price(g, tw, s, p, face, fj, &sp);
		if (sp.ticks > pay && j > 1)
			continue;
		at = (sp.flags & MPF_ANCHOR) ? sp.anchor : p;
		if ((sp.flags & MPF_ANCHOR) && !box_map_inside(box, at.x,
		    at.y))
			continue;
		if (room_for(g, tw, box, s, at, fj, true, units,
		    inner && !(sp.flags & MPF_ANCHOR)))
			return true;
	}
	return false;
}

/*
 * Price of stepping from p (facing face) towards d for planning: ticks,
 * or -1 when the step is not possible.  *plain is set when the unit may
 * simply take it, whatever it costs (it is not ground or an obstacle the
 * unit may not cross at all); *after is the facing it steps with (the
 * ruleset's move_face, else d).  Units are not looked at: they move, and
 * the walk meets them under the rules for friends (pass through) and
 * enemies (contact).  A turn that moves the block (MPF_ANCHOR, a wheel)
 * is an edge of its own: *to is where it leaves the anchor and the price
 * is the turn's alone; otherwise *to is the cell stepped to.  s, when not
 * NULL, is the search asking, from a node reached at price from: a step
 * onto a node it has closed, or has reached at no more than from plus
 * the least such a step costs (least_step), is -1 unpriced (the search
 * would pass it over whatever its price: no turn is priced below 0 and
 * no step below least_step, a guarantee of the ruleset interface, see
 * doc/rulesets.md); facing is its mode (s->facing), and a step that
 * brings the walker's block into contact with an enemy of keep (not
 * NULL: path_cheapest's keep_clear) is -1 too.  The caller puts tw at p
 * facing face (the rulesets read it there).  Always inline: the search
 * calls it for every edge, and as a call its many arguments cost more
 * than much of its work.
 */
static inline __attribute__((always_inline)) int
edge_cost(const struct game *g, struct move_walk *tw,
    const struct block_box *box, struct search *s, struct point p,
    enum dir face, enum dir d, bool walls, int units, bool facing,
    bool inner, const struct keep_set *keep, int from, bool *plain,
    enum dir *after, struct point *to, int *found, unsigned *fslot)
{
	const struct ruleset_ops *ops = g->rs->ops;
	struct move_price tp, sp;
	struct point q = { p.x + dir_dx[d], p.y + dir_dy[d] };
	enum dir f;
	int t = 0, c, i = -1;
	bool known, anchor_in;

	*plain = false;
	*found = -2;
	if (!inner && !box_map_inside(box, q.x, q.y))
		return -1;
	/* With turn_anywhere, the search asked move_face once for each
	 * facing and way (turn_fill, before any edge from that facing).
	 * A search over cells alone is made only for a ruleset with no
	 * move_face (path_search): a step keeps its way. */
	f = s != NULL && !facing ? d : s != NULL && s->turn_anywhere ?
	    (enum dir)s->face_to[face][d] : ops->move_face != NULL ?
	    ops->move_face(g, tw, d) : d;
	*after = f;
	/* A step onto a cell the search has closed, or reached already
	 * at no more than the price of the cell it leaves plus the least
	 * a step costs, is of no use to it: not priced.  Not the turn's
	 * price with from: a step may take the turn into its own (a
	 * square's, MPF_SQUARE).  Where the step leads is known before
	 * the turn is priced when there is no turn, or when the ruleset's
	 * turns never move the block in a search (plan_turn_stays): then
	 * the turn is not priced either. */
	known = s != NULL && (f == face || s->turn_stays);
	if (known) {
		i = search_find(s, q, f, fslot, facing);
		if (i >= 0 && (s->nodes[i].closed ||
		    s->nodes[i].g - from <= s->least[dir_diagonal(d)]))
			return -1;
	}
	if (f != face) {
		/* The walk turns where it stands, then steps: the turned
		 * block must be on the map there too. */
		if (!room_for(g, tw, box, s, p, f, true, units, inner))
			return -1;
		turn_price(g, tw, s, p, face, f, &tp);
		t = tp.ticks;
		/* Asked only of a search that stages its turns (path_room's,
		 * s->staged): the others' would say yes at once, at the
		 * price of a call of eleven arguments for every turn. */
		if (s != NULL && s->staged && !staged_room(g, tw, box, s, p,
		    face, f, t, from, units, inner))
			return -1;
		if (tp.flags & MPF_ANCHOR) {
			*to = tp.anchor;
			*plain = true;
			/* inner holds for the anchor too when the turn
			 * was read from the search's table (turn_price):
			 * its margin takes in how far those turns move
			 * it. */
			anchor_in = inner && s != NULL && s->turn_anywhere;
			if ((!anchor_in && !box_map_inside(box, tp.anchor.x,
			    tp.anchor.y)) || !room_for(g, tw, box, s,
			    tp.anchor, f, true, units, anchor_in))
				return -1;
			return t;
		}
	}
	*to = q;
	if (s != NULL && !known) {
		i = search_find(s, q, f, fslot, facing);
		if (i >= 0 && (s->nodes[i].closed ||
		    s->nodes[i].g - from <= s->least[dir_diagonal(d)]))
			return -1;
	}
	if (s != NULL)
		*found = i;	/* the table is not changed before the
				   search asks for the node again */
	if (!room_for(g, tw, box, s, q, f, false, units, inner))
		return -1;
	ops->move_step(g, tw, d, &sp);
	if (sp.flags & MPF_SQUARE)	/* the turn is part of the crossing */
		t = 0;
	switch (sp.verdict) {
	case MOVE_NEVER:
		return -1;
	case MOVE_IMPASSABLE:
	case MOVE_NEED_ORDER:
		if (walls)
			return -1;
		c = dir_step_cost(d) + PATH_PENALTY;
		break;
	case MOVE_CHANGE:
		c = dir_step_cost(d);
		*plain = true;
		break;
	default:
		c = sp.ticks;
		*plain = true;
		break;
	}
	if (s != NULL && keep != NULL &&
	    keep_breaks(g, tw, keep, &s->from, p, face, q, f))
		return -1;
	return t + c;
}

/* The straight route, if it is plain up to the goal or the horizon. */
static int
path_line(const struct game *g, struct move_walk *tw, struct point goal,
    int horizon, bool to_wall, struct point **route)
{
	struct point p = tw->pos, q, *r = NULL;
	struct block_box box;
	enum dir face = tw->facing, d, dd, ds, after;
	int n = 0, cap = 0, dist = 0, dx, dy, sx, sy, found;
	unsigned fslot;
	bool plain, straight_first;

	box_get(g, tw, &box);
	dx = goal.x - p.x;
	dy = goal.y - p.y;
	sx = dx > 0 ? 1 : dx < 0 ? -1 : 0;
	sy = dy > 0 ? 1 : dy < 0 ? -1 : 0;
	{
		struct point o = { 0, 0 }, a = { sx, sy }, b;

		dd = (enum dir)dir_between(o, a);
		if (abs(dx) > abs(dy)) {
			b.x = sx;
			b.y = 0;
		} else {
			b.x = 0;
			b.y = sy;
		}
		ds = (enum dir)dir_between(o, b);
	}
	/* Keep the facing the unit has, if one leg lies that way. */
	straight_first = ds == face && dd != face;
	while ((p.x != goal.x || p.y != goal.y) && dist < horizon) {
		dx = goal.x - p.x;
		dy = goal.y - p.y;
		if (dx == 0 || dy == 0 || abs(dx) == abs(dy))
			straight_first = false;
		if (dx != 0 && dy != 0 && !straight_first)
			d = dd;
		else if (dx != 0 && dy != 0)
			d = ds;
		else {
			struct point o = { 0, 0 }, a = { dx > 0 ? 1 : dx < 0 ?
			    -1 : 0, dy > 0 ? 1 : dy < 0 ? -1 : 0 };

			d = (enum dir)dir_between(o, a);
		}
		tw->pos = p;
		tw->facing = face;
		if (edge_cost(g, tw, &box, NULL, p, face, d, false, 0, false,
		    false, NULL, 0, &plain, &after, &q, &found, &fslot) < 0 ||
		    (!plain && !to_wall)) {
			free(r);
			*route = NULL;
			return -1;
		}
		if (n == cap) {
			cap = cap ? cap * 2 : 16;
			r = xreallocarray(r, (size_t)cap, sizeof *r);
		}
		/* A step, or a wheel that leaves the block at q: the line
		 * goes on from there facing the new way. */
		dist += q.x == p.x + dir_dx[d] && q.y == p.y + dir_dy[d] ?
		    dir_step_cost(d) : geom_dist(p, q);
		p = q;
		r[n++] = p;
		face = after;
		if (!plain)
			break;		/* up to the ground it may not enter */
	}
	*route = r;
	return n;
}

/* Whether the block of tw's unit, anchored at q facing d, stands on
 * goal, as geom_covers says, of its cells on the map (one off it stands
 * beside nothing).  The block is read where it lies (block_next), not
 * written out: its place in the map's array gives the cell. */
static bool
covers(const struct game *g, const struct move_walk *tw, struct point q,
    enum dir d, struct point goal)
{
	struct block_iter b;
	struct point c;
	long w = g->map->w, at;
	bool on = false, alongx = false, alongy = false;

	if (abs(q.x - goal.x) > g->rs->arrive_near ||
	    abs(q.y - goal.y) > g->rs->arrive_near)
		return false;
	block_begin(g, &g->units[tw->unit], tw->form, q, d, &b);
	while (!on && block_next(&b, &at)) {
		c.x = (int)(at % w);
		c.y = (int)(at / w);
		on = geom_covers_cell(c, goal, &alongx, &alongy);
	}
	block_end(&b);
	return on || (alongx && alongy);
}

/* Fills reach with the cells of the n nodes a search that saw all it
 * could reach made (search_run). */
static void
reach_fill(struct path_reach *reach, const struct node *nodes, int n)
{
	struct point lo = nodes[0].p, hi = nodes[0].p;
	long i;
	int k;

	for (k = 1; k < n; k++) {
		if (nodes[k].p.x < lo.x)
			lo.x = nodes[k].p.x;
		if (nodes[k].p.y < lo.y)
			lo.y = nodes[k].p.y;
		if (nodes[k].p.x > hi.x)
			hi.x = nodes[k].p.x;
		if (nodes[k].p.y > hi.y)
			hi.y = nodes[k].p.y;
	}
	free(reach->bits);
	reach->known = true;
	reach->lo = lo;
	reach->w = hi.x - lo.x + 1;
	reach->h = hi.y - lo.y + 1;
	reach->bits = xcalloc(((size_t)reach->w * (size_t)reach->h + 7) / 8,
	    1);
	for (k = 0; k < n; k++) {
		i = (long)(nodes[k].p.y - lo.y) * reach->w +
		    (nodes[k].p.x - lo.x);
		reach->bits[i >> 3] |= (unsigned char)(1u << (i & 7));
	}
}

/* A* from tw's place towards goal; walls: ground it may not enter is a
 * wall rather than a penalty; units: which units are walls (0 none, else
 * as meets_unit says).  cover: the goal is reached where the block
 * stands on it (covers), not only where its anchor does.  *closer: the
 * route ends nearer the goal than it starts; *how: why the search ended
 * (PATH_GOAL...).  wheels, when not
 * NULL, gets an allocated array beside the route (NULL with it): 1 + the
 * facing where the route's cell is reached by a turn that moved the
 * block (a wheel), 0 where by a step.  facing: a node per cell and
 * facing (see path_search, which gives it).  ahead (with facing, for a
 * ruleset with plan_turn_ahead): the estimate counts the turns
 * (turn_ahead_fill, estimate) and the heap keeps each node once
 * (heap_raise).  Always inline: path_search makes it for the way round
 * with its mode as constants (search_run). */
static inline __attribute__((always_inline)) int
search_run(const struct game *g, struct move_walk *tw, struct point goal,
    int budget, int horizon, bool walls, int units, bool facing, int avoid,
    const struct keep_set *keep, bool cover, bool ahead, struct point **route,
    unsigned char **wheels, bool *complete, bool *closer, int *how,
    struct path_reach *reach)
{
	struct search s;
	struct block_box box;
	struct turn_memo turns[DIR_COUNT][DIR_COUNT];
	unsigned char faces_to[DIR_COUNT][DIR_COUNT];
	struct point p, q, start = tw->pos;
	enum dir face0 = tw->facing, face, after;
	int n, i, k, c, ng, cur, best, expanded = 0, end = -1, h, bh = INT_MAX;
	int found, from, walked, margin, dw, hd;
	struct turn_ahead ta;
	const struct turn_ahead *est = NULL; /* &ta, when the estimate
					   counts turns */
	unsigned fslot = 0;	/* set by edge_cost whenever it is read */
	unsigned skip;		/* the turns from here not tried */
	bool plain, wheel, inner, wheels_here;
	enum dir f;

	*route = NULL;
	if (wheels != NULL)
		*wheels = NULL;
	*complete = false;
	*how = PATH_ALL_SEEN;
	box_get(g, tw, &box);
	search_take(&s);
	s.avoid = avoid;
	s.staged = units == PATH_UNITS_NOW;
	s.left0 = tw->plan_left;
	s.fresh0 = tw->fresh;
	s.allow0 = tw->allowance;
	s.mo.x = start.x - MWIN / 2;
	s.mo.y = start.y - MWIN / 2;
	s.oknown = s.oany = s.ostop = 0;
	s.nmeets = 0;
	memset(&s.from, 0, sizeof s.from);
	s.least[0] = least_step(g, DIR_N);
	s.least[1] = least_step(g, DIR_NE);
	s.turn_stays = g->rs->plan_turn_stays;
	s.turn_anywhere = g->rs->plan_turn_anywhere;
	s.turn_faces = 0;
	s.turn = turns;
	s.face_to = faces_to;
	s.facing = facing;
	if (ahead && turn_ahead_fill(g, tw, &s, start, &ta))
		est = &ta;
	cur = search_node(&s, start, face0, facing);
	s.nodes[cur].g = 0;
	s.order[cur] = node_order(estimate(start, face0, goal, est), 0);
	s.nodes[cur].dir = (unsigned char)face0;
	if (ahead) {
		if (s.bhead == NULL)
			s.bhead = xcalloc(BUCKETS + 1, sizeof *s.bhead);
		s.nbent = 0;
		s.bcur = -1;
		s.fbase = (int)(s.order[cur] >> 32) - BUCKET_BELOW;
		s.hpos[cur] = -1;
		bucket_put(&s, cur);
	} else
		heap_push(&s, cur);
	best = cur;
	for (;;) {
		if (ahead) {
			if ((cur = bucket_take(&s)) < 0)
				break;
		} else {
			if (s.nheap == 0)
				break;
			cur = heap_pop(&s);
		}
		if (s.nodes[cur].closed)
			continue;
		s.nodes[cur].closed = 1;
		/* Its estimate, as its order has it (f less g). */
		h = (int)(s.order[cur] >> 32) - s.nodes[cur].g;
		/* The nearest seen is nearest by distance, turns or none. */
		hd = est != NULL ? geom_dist(s.nodes[cur].p, goal) : h;
		if (hd < bh || (hd == bh && s.nodes[cur].g < s.nodes[best].g)) {
			bh = hd;
			best = cur;
		}
		if (h == 0 || (cover && covers(g, tw, s.nodes[cur].p,
		    (enum dir)s.nodes[cur].dir, goal))) {
			end = cur;
			*complete = true;
			*how = PATH_GOAL;
			break;
		}
		if (s.nodes[cur].dist >= horizon && s.nodes[cur].g <
		    PATH_PENALTY) {
			end = cur;
			*how = PATH_HORIZON;
			break;
		}
		if (++expanded > budget) {
			*how = PATH_BUDGET_OUT;
			break;
		}
		/* The node's place, facing, price and ground walked, read
		 * once: the edges below may grow the node array. */
		p = s.nodes[cur].p;
		face = (enum dir)s.nodes[cur].dir;
		from = s.nodes[cur].g;
		walked = s.nodes[cur].dist;
		tw->pos = p;
		tw->facing = face;
		if (s.turn_anywhere && !(s.turn_faces & (1u << face)))
			turn_fill(g, tw, &s, p, face);
		/* Far enough inside the map that every block an edge
		 * from here reads lies on it: the cell a step reaches,
		 * one away, its block and the turned block here, and with
		 * turn_anywhere the anchor a turn leaves and its block.
		 * Then edge_cost need not look. */
		margin = box.ext + 1 + (s.turn_anywhere ? s.offmax[face] : 0);
		inner = p.x >= margin && p.y >= margin &&
		    p.x + margin < box.w && p.y + margin < box.h;
		/* Then, in a search over cell and facing with no units to
		 * meet and no enemy to keep clear of, a turn read from the
		 * search's table that moves the block is an edge edge_cost
		 * would answer with its price and anchor alone: taken
		 * here, not asked of it (a turn that moves no block, and a
		 * step, are). */
		wheels_here = facing && inner && s.turn_anywhere &&
		    !s.turn_stays && units == 0 && keep == NULL;
		/* With est, a turn of two stages or more that its stages
		 * one by one match (est->skip) is not tried: the search
		 * reaches its place and facing as cheaply through them.
		 * Only far enough inside the map that every stage's anchor
		 * but the last is inner too (a turn has at most four
		 * stages), so that the stages are edges as this one is
		 * (the steps keep their own way with est: faces_to[face][k]
		 * is k). */
		skip = est != NULL && wheels_here &&
		    p.x >= margin + 3 * est->reach &&
		    p.y >= margin + 3 * est->reach &&
		    p.x + margin + 3 * est->reach < box.w &&
		    p.y + margin + 3 * est->reach < box.h ?
		    est->skip[face] : 0;
		for (k = 0; k < DIR_COUNT; k++) {
			if (skip >> k & 1)
				continue;
			if (wheels_here && (f = (enum dir)faces_to[face][k]) !=
			    face && (turns[face][f].flags & MPF_ANCHOR)) {
				/* Read from this call's own tables (turns,
				 * faces_to), not through s.turn: the node
				 * array's byte fields written below may alias
				 * anything, so a pointer kept in s would be
				 * read again from memory at every wheel. */
				const struct turn_memo *tm = &turns[face][f];

				c = tm->ticks;
				q.x = p.x + tm->off.x;
				q.y = p.y + tm->off.y;
				dw = tm->walked;
				after = f;
				found = -2;
			} else if ((c = edge_cost(g, tw, &box, &s, p, face,
			    (enum dir)k, walls, units, facing, inner, keep, from,
			    &plain, &after, &q, &found, &fslot)) < 0)
				continue;
			else
				/* A step walks its own length; a turn that
				 * moved the block (found -2 from edge_cost:
				 * its anchor may even be the cell a step
				 * would reach) as far as the anchor went,
				 * read from the search's table when the turn
				 * was (turn_price). */
				dw = found != -2 ? dir_step_cost((enum dir)k) :
				    s.turn_anywhere ?
				    s.turn[face][after].walked : geom_dist(p, q);
			wheel = found == -2;
			ng = from + c;
			/* The node edge_cost looked up, or one made here: a
			 * new one is always taken (reached at less than
			 * INT_MAX), its fields all set below. */
			i = found;
			if (found == -2)
				i = search_find(&s, q, after, &fslot, facing);
			if (i < 0) {
				i = search_new(&s, q, after, fslot, facing);
				if (ahead) {
					/* Its estimate, reckoned once: a node
					 * reached again reads it from its
					 * order (f less g), as below. */
					s.hpos[i] = -1;
					s.nodes[i].g = 0;
					s.order[i] = node_order(estimate(q,
					    after, goal, est), 0);
				}
			} else if (s.nodes[i].closed || ng >= s.nodes[i].g)
				continue;
			s.order[i] = node_order(ng + (ahead ?
			    (int)(s.order[i] >> 32) - s.nodes[i].g :
			    geom_dist(q, goal)), ng);
			s.nodes[i].g = ng;
			s.nodes[i].dist = walked + dw;
			s.nodes[i].wheel = wheel;
			s.nodes[i].parent = cur;
			s.nodes[i].dir = (unsigned char)after;
			if (ahead)
				bucket_put(&s, i);
			else
				heap_push(&s, i);
		}
	}
	/* Closer only counts for a search that got as far as it plans; one
	 * that ran out of cells only knows the nearest it saw. */
	*closer = end >= 0 &&
	    geom_dist(s.nodes[end].p, goal) < geom_dist(start, goal);
	if (end < 0)
		end = best;
	n = 0;
	for (i = end; s.nodes[i].parent >= 0; i = s.nodes[i].parent)
		n++;
	if (n > 0) {
		*route = xmallocarray((size_t)n, sizeof **route);
		if (wheels != NULL)
			*wheels = xmallocarray((size_t)n, sizeof **wheels);
		k = n;
		for (i = end; s.nodes[i].parent >= 0; i = s.nodes[i].parent) {
			(*route)[--k] = s.nodes[i].p;
			if (wheels != NULL)
				(*wheels)[k] = s.nodes[i].wheel ?
				    (unsigned char)(1 + s.nodes[i].dir) : 0;
		}
	}
	if (reach != NULL && *how == PATH_ALL_SEEN)
		reach_fill(reach, s.nodes, s.n);
	if (ahead)	/* the buckets left for the next search empty */
		memset(s.bhead, 0, (BUCKETS + 1) * sizeof *s.bhead);
	s.turn = NULL;		/* this call's own tables */
	s.face_to = NULL;
	keep_from_free(&s.from);
	search_give(&s);
	return n;
}

/*
 * search_run for the way round over cell and facing with its turns
 * counted (ahead).  Not inline: made inside path_search with the rest,
 * it would weigh on the code the compiler makes for them (the bench's
 * Napoleonic movement phase, whose searches never come here, cost 1.4%
 * more instructions so, bench-move with callgrind).
 */
static __attribute__((noinline)) int
search_ahead(const struct game *g, struct move_walk *tw, struct point goal,
    int budget, int horizon, struct point **route, unsigned char **wheels,
    bool *complete, bool *closer, int *how)
{
	return search_run(g, tw, goal, budget, horizon, true, 0, true, -1,
	    NULL, false, true, route, wheels, complete, closer, how, NULL);
}

/*
 * search_run for a way round a friend (path_detour) over cell and
 * facing with its turns counted (ahead), the units that stay walls: a
 * whole route found over fewer cells, as search_ahead finds the way
 * round what a unit may never cross.  Not inline, and called by
 * path_detour itself rather than through path_search: made inside it,
 * it changes the code the compiler makes for the others (the
 * Napoleonic movement phase cost 0.1% more instructions so).
 */
static __attribute__((noinline)) int
search_ahead_stay(const struct game *g, struct move_walk *tw,
    struct point goal, int budget, int avoid, struct point **route,
    unsigned char **wheels, bool *complete, bool *closer, int *how,
    struct path_reach *reach)
{
	return search_run(g, tw, goal, budget, INT_MAX, true, PATH_UNITS_STAY,
	    true, avoid, NULL, false, true, route, wheels, complete, closer,
	    how,
	    reach);
}

/*
 * search_run, made with constants for the search a walk asks most, the
 * way round (path_round, path_plan): ground it may not enter is a wall,
 * no unit is, no enemy kept clear of, over cells or over cell and
 * facing as the ruleset plans (over cell and facing with its turns
 * counted, ahead, where it says plan_turn_ahead); for a leg onto a
 * point over cell and
 * facing (path_onto: a walk whose turns move its block plans every leg
 * so), the units that stay walls and the goal covered; for a whole
 * route or a way round a friend over cells alone (path_cheapest's
 * first search, path_whole, path_detour), the units that stay walls;
 * else with its arguments as they come.  The same search either way
 * but for ahead: the constants only let the compiler drop the tests
 * they answer at every edge.
 */
static int
path_search(const struct game *g, struct move_walk *tw, struct point goal,
    int budget, int horizon, bool walls, int units, int avoid,
    const struct keep_set *keep, bool cover, struct point **route,
    unsigned char **wheels, bool *complete, bool *closer, int *how)
{
	/* A ruleset whose units may step other than straight ahead
	 * (move_face) is planned over cell and facing: the way a unit
	 * arrives at a cell decides where it may go from it. */
	bool facing = g->rs->ops->move_face != NULL ||
	    units == PATH_UNITS_NOW || units == PATH_UNITS_NONE;

	if (walls && units == 0 && avoid == -1 && keep == NULL && facing &&
	    !cover)
		return g->rs->plan_turn_ahead && g->rs->plan_turn_anywhere ?
		    search_ahead(g, tw, goal, budget, horizon, route, wheels,
		    complete, closer, how) :
		    search_run(g, tw, goal, budget, horizon, true, 0, true,
		    -1, NULL, false, false, route, wheels, complete, closer,
		    how, NULL);
	if (walls && units == 0 && avoid == -1 && keep == NULL && !cover)
		return search_run(g, tw, goal, budget, horizon, true, 0, false,
		    -1, NULL, false, false, route, wheels, complete, closer,
		    how, NULL);
	if (walls && units == PATH_UNITS_STAY && avoid == -1 && keep == NULL &&
	    facing && cover)
		return search_run(g, tw, goal, budget, horizon, true,
		    PATH_UNITS_STAY, true, -1, NULL, true, false, route, wheels,
		    complete, closer, how, NULL);
	if (walls && units == PATH_UNITS_STAY && keep == NULL && !facing &&
	    !cover)
		return search_run(g, tw, goal, budget, horizon, true,
		    PATH_UNITS_STAY, false, avoid, NULL, false, false, route,
		    wheels, complete, closer, how, NULL);
	return search_run(g, tw, goal, budget, horizon, walls, units, facing,
	    avoid, keep, cover, false, route, wheels, complete, closer, how, NULL);
}

/*
 * A walk for trying routes: silent, with an allowance no route exhausts
 * and nothing spent, so a route is judged by what it crosses, not by what
 * this turn has left.
 */
static void
probe_init(struct move_walk *tw)
{
	move_note_silence(tw);
	tw->planning = true;
	tw->plan_left = tw->left;
	tw->left = INT_MAX / 4;
	tw->contours = 0;
}

int
path_plan(const struct game *g, const struct move_walk *w, struct point goal,
    int budget, int horizon, struct point **route, bool *complete)
{
	struct move_walk tw = *w;
	bool closer;
	int how, n;

	*route = NULL;
	*complete = false;
	if (w->pos.x == goal.x && w->pos.y == goal.y)
		return 0;
	probe_init(&tw);
	if ((n = path_line(g, &tw, goal, horizon, false, route)) > 0) {
		*complete = (*route)[n - 1].x == goal.x &&
		    (*route)[n - 1].y == goal.y;
		return n;
	}
	/* A way round what it may not cross; failing one, straight on into
	 * it, where the walk meets the rule (3.6.5). */
	tw.pos = w->pos;
	tw.facing = w->facing;
	if ((n = path_search(g, &tw, goal, budget, g->rs->longest_move,
	    true, 0, -1, NULL, false, route, NULL, complete, &closer,
	    &how)) > 0 &&
	    (*complete || closer))
		return n;
	free(*route);
	*route = NULL;
	tw.pos = w->pos;
	tw.facing = w->facing;
	if ((n = path_line(g, &tw, goal, horizon, true, route)) > 0)
		return n;
	tw.pos = w->pos;
	tw.facing = w->facing;
	return path_search(g, &tw, goal, budget, g->rs->longest_move,
	    false, 0, -1, NULL, false, route, NULL, complete, &closer, &how);
}

int
path_round(const struct game *g, const struct move_walk *w,
    struct point goal, int budget, struct point **route,
    unsigned char **faces)
{
	struct move_walk tw = *w;
	bool complete, closer;
	int how, n;

	*route = NULL;
	*faces = NULL;
	if (w->pos.x == goal.x && w->pos.y == goal.y)
		return 0;
	probe_init(&tw);
	n = path_search(g, &tw, goal, budget, g->rs->longest_move,
	    true, 0, -1, NULL, false, route, faces, &complete, &closer, &how);
	if (n > 0 && (complete || closer))
		return n;
	free(*route);
	free(*faces);
	*route = NULL;
	*faces = NULL;
	return 0;
}

int
path_onto(const struct game *g, const struct move_walk *w, struct point goal,
    int budget, struct point **route, unsigned char **wheels,
    bool *complete)
{
	struct move_walk tw = *w;
	bool closer;
	int how;

	*route = NULL;
	*wheels = NULL;
	*complete = false;
	if (w->pos.x == goal.x && w->pos.y == goal.y)
		return 0;
	probe_init(&tw);
	return path_search(g, &tw, goal, budget, INT_MAX, true,
	    PATH_UNITS_STAY, -1, NULL, true, route, wheels, complete, &closer,
	    &how);
}

int
path_cheapest(const struct game *g, const struct move_walk *w,
    struct point goal, int budget, bool keep_clear, struct point **route,
    unsigned char **wheels, bool *complete)
{
	struct move_walk tw = *w;
	struct keep_set ks;
	struct point *clear = NULL;
	unsigned char *cwheels = NULL;
	bool closer, done;
	int how, n, m;

	*route = NULL;
	if (wheels != NULL)
		*wheels = NULL;
	*complete = false;
	if (w->pos.x == goal.x && w->pos.y == goal.y)
		return 0;
	probe_init(&tw);
	n = path_search(g, &tw, goal, budget, INT_MAX, true, PATH_UNITS_STAY,
	    -1, NULL, false, route, wheels, complete, &closer, &how);
	if (!keep_clear || n <= 0 || !*complete)
		return n;
	keep_init(g, &tw, goal, &ks);
	if (keep_route(g, &tw, &ks, *route, n)) {
		/* The cheapest way closes with an enemy short of the goal:
		 * the way clear of it, if there is one. */
		tw.pos = w->pos;
		tw.facing = w->facing;
		m = path_search(g, &tw, goal, budget, INT_MAX, true,
		    PATH_UNITS_STAY, -1, &ks, false, &clear, wheels != NULL ?
		    &cwheels : NULL, &done, &closer, &how);
		if (m > 0 && done) {
			free(*route);
			*route = clear;
			if (wheels != NULL) {
				free(*wheels);
				*wheels = cwheels;
			}
			n = m;
		} else {
			free(clear);
			free(cwheels);
		}
	}
	keep_free(&ks);
	return n;
}

int
path_whole(const struct game *g, const struct move_walk *w,
    struct point goal, int budget, int units, struct point **route,
    bool *complete)
{
	struct move_walk tw = *w;
	bool closer;
	int how;

	*route = NULL;
	*complete = false;
	if (w->pos.x == goal.x && w->pos.y == goal.y)
		return 0;
	probe_init(&tw);
	return path_search(g, &tw, goal, budget, INT_MAX, true, units, -1,
	    NULL, false, route, NULL, complete, &closer, &how);
}

bool
path_reach_has(const struct path_reach *reach, struct point p)
{
	long i;

	if (!reach->known)
		return true;
	if (p.x < reach->lo.x || p.y < reach->lo.y ||
	    p.x >= reach->lo.x + reach->w || p.y >= reach->lo.y + reach->h)
		return false;
	i = (long)(p.y - reach->lo.y) * reach->w + (p.x - reach->lo.x);
	return (reach->bits[i >> 3] >> (i & 7) & 1) != 0;
}

void
path_reach_free(struct path_reach *reach)
{
	free(reach->bits);
	memset(reach, 0, sizeof *reach);
}

int
path_detour(const struct game *g, const struct move_walk *w,
    struct point goal, int budget, int avoid, struct point **route,
    unsigned char **wheels, struct path_reach *reach)
{
	struct move_walk tw = *w;
	bool complete, closer;
	int how, n;

	*route = NULL;
	if (wheels != NULL)
		*wheels = NULL;
	if (w->pos.x == goal.x && w->pos.y == goal.y)
		return 0;
	/* Out of reach of a search from here that saw all it could reach:
	 * this one would see the same and fail as that one did. */
	if (reach != NULL && !path_reach_has(reach, goal))
		return 0;
	probe_init(&tw);
	/* Over cell and facing where the ruleset turns units itself
	 * (path_search decides): the route's wheels, the turns that move
	 * the block, come back in *wheels for the walk to make.  Where
	 * every change of facing is a turn of its own, with the turns
	 * counted, as the way round (search_ahead_stay). */
	if (g->rs->ops->move_face != NULL && g->rs->plan_turn_ahead &&
	    g->rs->plan_turn_anywhere)
		n = search_ahead_stay(g, &tw, goal, budget, avoid, route,
		    wheels, &complete, &closer, &how, reach != NULL &&
		    !reach->known ? reach : NULL);
	else
		n = path_search(g, &tw, goal, budget, INT_MAX, true,
		    PATH_UNITS_STAY, avoid, NULL, false, route, wheels,
		    &complete, &closer, &how);
	if (n > 0 && complete)
		return n;
	free(*route);
	*route = NULL;
	if (wheels != NULL) {
		free(*wheels);
		*wheels = NULL;
	}
	return 0;
}

int
path_room(const struct game *g, const struct move_walk *w,
    struct point goal, int budget, int units, struct point **route,
    unsigned char **faces, int *how)
{
	struct move_walk tw = *w;
	bool complete, closer;
	int n, horizon;

	*route = NULL;
	if (faces != NULL)
		*faces = NULL;
	*how = PATH_GOAL;
	if (w->pos.x == goal.x && w->pos.y == goal.y)
		return 0;
	probe_init(&tw);
	/* A turn's walk ahead, ROOM_HORIZON at most: the way on is planned
	 * again from there. */
	horizon = w->allowance > 0 && w->allowance < g->rs->longest_move ?
	    w->allowance : g->rs->longest_move;
	if (horizon > ROOM_HORIZON)
		horizon = ROOM_HORIZON;
	n = path_search(g, &tw, goal, budget, horizon, true, units, -1,
	    NULL, false, route, faces, &complete, &closer, how);
	/* The first stretch of the cheapest way, when the search saw as far
	 * as the walk goes in a turn. */
	if (n > 0 && (complete || closer || *how == PATH_HORIZON))
		return n;
	free(*route);
	*route = NULL;
	if (faces != NULL) {
		free(*faces);
		*faces = NULL;
	}
	return 0;
}
