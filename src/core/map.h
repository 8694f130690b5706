/*
 * map.h - the battlefield grid.
 *
 * A map is w x h cells.  Each cell has a landscape (an index into the
 * ruleset's landscape table), a contour height, a road class and flags.
 * Linear obstacles (hedges, walls, streams, rivers...) lie on the edges
 * between cells: each cell stores its east and south edge, so every edge
 * is stored once.  An edge may also carry a narrow passage (a bridge over
 * a stream, a gate in a wall); a cell may be a defile.
 *
 * Ownership: a struct map owns its cells and labels; map_free releases all.
 */
#ifndef MARSHAL_MAP_H
#define MARSHAL_MAP_H

#include <stdbool.h>
#include <stdint.h>

#include "geom.h"

#define MAP_MAX_SIDE	4096	/* largest width or height accepted */
/* Bytes in one grid of rows (a YAML scalar), line breaks included: the
 * same as the reader's scalar bound (io/yread.h, checked in io/load.c),
 * so the largest square map is 2047 x 2047 cells. */
#define MAP_MAX_GRID	(4L * 1024 * 1024)

enum road {
	ROAD_NONE,
	ROAD_SMALL,
	ROAD_BIG
};

enum passage {
	PASS_NONE,
	PASS_BRIDGE,
	PASS_GATE
};

#define CELL_DEFILE	0x01	/* a narrow passage cell (defile) */

enum edge_side {
	EDGE_EAST,
	EDGE_SOUTH
};

struct cell {
	uint8_t		land;		/* landscape index */
	uint8_t		road;		/* enum road */
	int8_t		height;		/* contour level */
	uint8_t		flags;		/* CELL_* */
	uint8_t		edge[2];	/* obstacle index on E and S edge, 0 none */
	uint8_t		pass[2];	/* enum passage on E and S edge */
};

/* A place name drawn on the map. */
struct map_label {
	struct point	 at;
	char		*text;		/* owned */
};

#define MAP_EDGE_BLOCK	4	/* cells per side of an edge_blocks square */

struct map {
	char		 *name;		/* owned */
	int		  w;
	int		  h;
	struct cell	 *cells;	/* owned, w * h, row-major */
	struct map_label *labels;	/* owned */
	int		  nlabels;
	/* owned: per square of MAP_EDGE_BLOCK cells a side, in rows of
	 * (w + MAP_EDGE_BLOCK - 1) / MAP_EDGE_BLOCK, not 0 when a cell of
	 * it may store an obstacle on an edge: map_edge_set, which alone
	 * sets obstacles, marks it (and never unmarks it). */
	unsigned char	 *edge_blocks;
};

/* Create a w x h map of landscape 0, height 0, no roads or obstacles. */
struct map *map_create(int w, int h);

/* Free a map and everything it owns. */
void map_free(struct map *);

/* True if (x, y) is on the map.  (Inline: the movement engine asks for
 * every cell of every front at every step.) */
static inline bool
map_inside(const struct map *m, int x, int y)
{
	/* A negative x or y is a huge unsigned number: one comparison
	 * each (w and h are never negative). */
	return (unsigned)x < (unsigned)m->w && (unsigned)y < (unsigned)m->h;
}

/* The cell at (x, y), which must be on the map. */
static inline struct cell *
map_cell(const struct map *m, int x, int y)
{
	return &m->cells[(size_t)y * (size_t)m->w + (size_t)x];
}

/*
 * The obstacle index on the edge between (x, y) and its orthogonal
 * neighbour in direction d (0 if none or off the map); *pass, if not NULL,
 * receives the edge's passage kind.
 */
static inline int map_edge(const struct map *, int x, int y, enum dir d,
    int *pass);

/* Whether a cell of the box of a and b, on the map, may store an
 * obstacle on an edge (edge_blocks): false means none does.  For a walk
 * looking along a line for obstacles, the edges between two cells of
 * the box. */
bool map_edges_in(const struct map *, struct point a, struct point b);

/* Set the obstacle and passage on the edge between (x, y) and its
 * orthogonal neighbour in direction d.  Returns -1 if off the map. */
int map_edge_set(struct map *, int x, int y, enum dir d, int obstacle,
    int pass);

/*
 * True if a diagonal step from (x, y) in direction d passes the corner
 * of an obstacle edge; such a step is not allowed (obstacles are crossed
 * square on, so a unit's front is perpendicular to them afterwards).
 */
static inline bool map_diag_blocked(const struct map *, int x, int y,
    enum dir d);

/* Number of contour lines between two adjacent cells. */
static inline int map_contours(const struct map *, struct point a,
    struct point b);

/* Add a label (text copied). */
void map_label_add(struct map *, struct point at, const char *text);

/*
 * The edge, corner and contour questions the movement engine asks at
 * every step it prices, inline.
 */

/* The cell and side that store the edge from (x, y) towards d (map.c
 * and the inline calls below). */
static inline struct cell *
map_edge_home(const struct map *m, int x, int y, enum dir d, int *side)
{
	switch (d) {
	case DIR_E:
		*side = EDGE_EAST;
		break;
	case DIR_S:
		*side = EDGE_SOUTH;
		break;
	case DIR_W:
		x--;
		*side = EDGE_EAST;
		break;
	case DIR_N:
		y--;
		*side = EDGE_SOUTH;
		break;
	default:
		return NULL;
	}
	if (!map_inside(m, x, y))
		return NULL;
	if (*side == EDGE_EAST && x + 1 >= m->w)
		return NULL;
	if (*side == EDGE_SOUTH && y + 1 >= m->h)
		return NULL;
	return map_cell(m, x, y);
}

/* The obstacle kept by cell (x, y) on its east or south side, 0 if none
 * or if that edge is not on the map. */
static inline int
map_edge_stored(const struct map *m, int x, int y, int side)
{
	if (!map_inside(m, x, y) || (side == EDGE_EAST && x + 1 >= m->w) ||
	    (side == EDGE_SOUTH && y + 1 >= m->h))
		return 0;
	return map_cell(m, x, y)->edge[side];
}

static inline int
map_edge(const struct map *m, int x, int y, enum dir d, int *pass)
{
	int side;
	struct cell *c = map_edge_home(m, x, y, d, &side);

	if (pass != NULL)
		*pass = c != NULL ? c->pass[side] : PASS_NONE;
	return c != NULL ? c->edge[side] : 0;
}

/* map_diag_blocked near the map's sides (map.c). */
bool map_diag_blocked_side(const struct map *, int x, int y, enum dir d);

static inline bool
map_diag_blocked(const struct map *m, int x, int y, enum dir d)
{
	int dx = dir_dx[d], dy = dir_dy[d];
	int ex = dx > 0 ? x : x - 1, sy = dy > 0 ? y : y - 1;

	if (dx == 0 || dy == 0)
		return false;
	/* Away from the map's sides all four edges are on the map: read
	 * them straight (the same edges as map_diag_blocked_side). */
	if (x >= 1 && y >= 1 && x + 1 < m->w && y + 1 < m->h)
		return map_cell(m, ex, y)->edge[EDGE_EAST] != 0 ||
		    map_cell(m, ex, y + dy)->edge[EDGE_EAST] != 0 ||
		    map_cell(m, x, sy)->edge[EDGE_SOUTH] != 0 ||
		    map_cell(m, x + dx, sy)->edge[EDGE_SOUTH] != 0;
	return map_diag_blocked_side(m, x, y, d);
}

static inline int
map_contours(const struct map *m, struct point a, struct point b)
{
	int d = map_cell(m, a.x, a.y)->height - map_cell(m, b.x, b.y)->height;

	return d < 0 ? -d : d;
}

#endif
