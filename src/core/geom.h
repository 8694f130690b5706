/*
 * geom.h - directions, steps and the grid metric.
 *
 * The battlefield is a square grid.  A unit faces one of eight directions
 * (45-degree steps).  Distances are measured in ticks: a step to an
 * orthogonal neighbour is 2 ticks and a step to a diagonal neighbour is 3
 * ticks (the octile metric with ratio 3:2, within 6% of the true diagonal).
 * A ruleset declares how many ticks make one of its own units of measure;
 * the Napoleonic ruleset uses cells of 1/2 base depth (BD), so 1 BD = 4
 * ticks and every distance its rules name (1/2 BD, 1.5 BD, 2.5 BD, column
 * lengths of 3, 4 and 6 BD) is a whole number of ticks.  doc/rules.md
 * explains the choice with worked examples.
 */
#ifndef MARSHAL_GEOM_H
#define MARSHAL_GEOM_H

#include <stdbool.h>

enum dir {
	DIR_N, DIR_NE, DIR_E, DIR_SE, DIR_S, DIR_SW, DIR_W, DIR_NW,
	DIR_COUNT
};

#define STEP_ORTHO	2	/* ticks for an orthogonal step */
#define STEP_DIAG	3	/* ticks for a diagonal step */

struct point {
	int	x;
	int	y;
};

/* x and y offsets of a step in direction d (y grows to the south). */
extern const int dir_dx[DIR_COUNT];
extern const int dir_dy[DIR_COUNT];

/* Short names "N", "NE", ... and parsing them back (-1 if unknown). */
const char *dir_name(enum dir);
int dir_parse(const char *);

/*
 * The small calls below are inline: the movement engine and its route
 * search ask them for every step they price.
 */

/* True for NE, SE, SW, NW. */
static inline bool
dir_diagonal(enum dir d)
{
	return (d & 1) != 0;
}

/* Cost in ticks of one step in direction d. */
static inline int
dir_step_cost(enum dir d)
{
	return dir_diagonal(d) ? STEP_DIAG : STEP_ORTHO;
}

/* Direction turned by n 45-degree steps clockwise (n may be negative). */
static inline enum dir
dir_turn(enum dir d, int n)
{
	/* DIR_COUNT is 8: the low three bits are d + n modulo 8, for a
	 * negative sum as well (two's complement). */
	return (enum dir)(((int)d + n) & (DIR_COUNT - 1));
}

/* Smallest number of 45-degree steps between two facings (0..4). */
static inline int
dir_diff(enum dir a, enum dir b)
{
	/* The turn from b to a clockwise, 0..7 (as in dir_turn); past a
	 * half turn the other way round is shorter. */
	int d = ((int)a - (int)b) & (DIR_COUNT - 1);

	return d > 4 ? DIR_COUNT - d : d;
}

/* The direction of a step from a to an adjacent point b, or -1. */
static inline int
dir_between(struct point a, struct point b)
{
	/* Indexed by (dy + 1) * 3 + (dx + 1). */
	static const signed char dir_of[9] = {
		DIR_NW, DIR_N, DIR_NE, DIR_W, -1, DIR_E, DIR_SW, DIR_S, DIR_SE
	};
	int dx = b.x - a.x, dy = b.y - a.y;

	if (dx < -1 || dx > 1 || dy < -1 || dy > 1)
		return -1;
	return dir_of[(dy + 1) * 3 + (dx + 1)];
}

/* Octile distance in ticks between two cells. */
static inline int
geom_dist(struct point a, struct point b)
{
	int dx = a.x - b.x, dy = a.y - b.y, lo, hi;

	dx = dx < 0 ? -dx : dx;
	dy = dy < 0 ? -dy : dy;
	lo = dx < dy ? dx : dy;
	hi = dx < dy ? dy : dx;
	return STEP_ORTHO * hi + (STEP_DIAG - STEP_ORTHO) * lo;
}

/* The nearest of the eight directions from a towards b (a != b). */
enum dir geom_heading(struct point a, struct point b);

/*
 * How many cells along facing f (or across it) measure what cells cells
 * measure facing N: the same on an orthogonal facing; on a diagonal,
 * where a cell counts STEP_DIAG ticks, the nearest whole number to
 * cells * STEP_ORTHO / STEP_DIAG, at least 1 (8 -> 5, 6 -> 4, 2 -> 1).
 */
static inline int
geom_span(enum dir f, int cells)
{
	int n;

	if (cells <= 0)
		return 0;
	if (!dir_diagonal(f))
		return cells;
	/*
	 * cells orthogonal cells measure STEP_ORTHO * cells ticks; on a
	 * diagonal each cell measures STEP_DIAG.  The nearest whole number
	 * of diagonal cells: with the ratio 3:2 the quotient is never
	 * exactly half way, so there is no tie to break.
	 */
	n = (2 * STEP_ORTHO * cells + STEP_DIAG) / (2 * STEP_DIAG);
	return n > 0 ? n : 1;
}

/*
 * Footprint of a block frontage x depth cells (as counted facing N) whose
 * front centre is at anchor, facing f: writes up to max points into out
 * and returns the number of cells.  Facing a diagonal, frontage and depth
 * are first converted by geom_span, so a block is as long and as wide in
 * ticks whatever its facing.  Cell (i, j) is i files along the front
 * (left to right) and j ranks back.
 */
int geom_footprint(struct point anchor, enum dir f, int frontage, int depth,
    struct point *out, int max);

/*
 * Whether the block whose cells are cells[0..n) stands on goal: goal is
 * one of them, or lies in a gap between two of them that touch at a
 * corner (a cell of the block beside goal along x, and one along y).  A
 * block on a diagonal leaves such gaps between its cells; a point there
 * lies within the block as a player sees it.  A block square to the grid
 * has no gaps, so for it this is "goal is one of its cells".
 */
bool geom_covers(const struct point *cells, int n, struct point goal);

/*
 * geom_covers one cell at a time, for a caller that reads a block's cells
 * without writing them out (path.c): start with *alongx and *alongy
 * false and weigh each cell; the block stands on goal once a cell is goal
 * (true returned) or when both are set after the last.
 */
static inline bool
geom_covers_cell(struct point cell, struct point goal, bool *alongx,
    bool *alongy)
{
	int dx = cell.x - goal.x, dy = cell.y - goal.y;

	if (dx == 0 && dy == 0)
		return true;
	if (dy == 0 && (dx == 1 || dx == -1))
		*alongx = true;
	else if (dx == 0 && (dy == 1 || dy == -1))
		*alongy = true;
	return false;
}

/*
 * The front rank of such a block (geom_footprint with depth 1, in the
 * same order), without writing it out: *first is its left cell, *step
 * the offset from one cell to the next; returns the number of cells.
 */
static inline int
geom_rank(struct point anchor, enum dir f, int frontage, struct point *first,
    struct point *step)
{
	enum dir right = dir_turn(f, 2);
	int n = geom_span(f, frontage), off = (n - 1) / 2;

	step->x = dir_dx[right];
	step->y = dir_dy[right];
	first->x = anchor.x - off * step->x;
	first->y = anchor.y - off * step->y;
	return n;
}

#endif
