/*
 * path-keep.h - the enemies a route keeps clear of (path_cheapest with
 * keep_clear), shared by path.c and path-keep.c only: the rest of
 * marshal asks path.h.
 */
#ifndef MARSHAL_PATH_KEEP_H
#define MARSHAL_PATH_KEEP_H

#include <stdbool.h>

#include "core/geom.h"

struct game;
struct move_walk;

/* An enemy a route keeps clear of (path_cheapest with keep_clear): its
 * cells now, their box, and the gap the walker must keep from it
 * (ops->move_contact). */
struct keep {
	struct point	*cells;		/* owned by the keep set */
	int		 n;
	struct point	 lo, hi;
	int		 gap;
};

struct keep_set {
	struct keep	*v;
	int		 n;
	struct point	 goal;		/* the last step may close in */
};

/* The walker's block at the node a search expands (p, facing face), for
 * keep_breaks: its cells and its gap to each enemy of the keep set,
 * reckoned once a node rather than once an edge.  gap[i] holds when
 * stamp[i] is gen; gen changes with the node.  Owned by the search
 * (keep_from_free). */
struct keep_from {
	bool		 known;		/* p and face are the node's */
	struct point	 p;
	enum dir	 face;
	struct point	*cells;		/* g->cells_max points, or NULL */
	int		 n;		/* -1: not read yet */
	int		*gap;		/* ks->n each, or NULL */
	unsigned	*stamp;
	unsigned	 gen;
};

/*
 * The enemies of the walker's side that stop its walk, their cells now
 * (ks owns them; free with keep_free).  goal: the route's end, where the
 * last step may close in.
 */
void keep_init(const struct game *, const struct move_walk *w,
    struct point goal, struct keep_set *ks);
/* Free what keep_init made. */
void keep_free(struct keep_set *ks);
/* Whether route (n cells from w's place and facing) has a step that
 * keep_breaks, before its last: the goal itself may lie in contact with
 * an enemy of ks (the walk stops short of it however it comes: no route
 * keeps clear), and then none is said to break. */
bool keep_route(const struct game *, const struct move_walk *w,
    const struct keep_set *ks, const struct point *route, int n);
/*
 * Whether the step from p (facing face) to q (facing f) brings the
 * walker into battle contact with an enemy of ks (the walk would stop
 * before it).  kf: a search's memo of the block at p (owned by the
 * search, emptied by keep_from_free), or NULL.
 */
bool keep_breaks(const struct game *, const struct move_walk *tw,
    const struct keep_set *ks, struct keep_from *kf, struct point p,
    enum dir face, struct point q, enum dir f);
/* Free what kf holds, and empty it. */
void keep_from_free(struct keep_from *kf);

#endif
