/*
 * near.h - which units stand near a unit, without looking at every unit.
 *
 * The phases after movement ask, for each unit, which enemies lie within
 * some gap of its block (fire range, melee reach, the touch that catches
 * routers).  Asking every pair is quadratic in the units and, through the
 * cell-by-cell gap, in the size of the blocks as well.  A struct near is
 * a snapshot of where the units' blocks stand: each block's bounding box,
 * filed in a coarse grid of square buckets (every bucket the box touches).
 * A query gathers the units in the buckets around a block and keeps those
 * whose boxes could lie within the range; the caller then applies its own
 * rules and the exact gap to this short list.
 *
 * A snapshot is built in one pass over the units and is not updated:
 * rebuild it (near_free, near_create) after units move, turn or change
 * formation.  Conditions, strength and sides may change freely, since the
 * query filters on nothing but position.
 *
 * The exact gap (near_block_gap) is move_gap's measure, computed from the
 * two bounding boxes when both blocks fill them (blocks facing along the
 * grid), and cell by cell otherwise.
 *
 * Ownership: near_create returns a snapshot the caller frees with
 * near_free; it keeps no pointer into the game.  The array a query
 * returns belongs to the snapshot and lasts until the next query.
 */
#ifndef MARSHAL_NEAR_H
#define MARSHAL_NEAR_H

#include "core/geom.h"

struct game;
struct near;

/* A block's bounding box, corners included. */
struct near_box {
	struct point	 lo;
	struct point	 hi;
	int		 cells;		/* cells in the block, 0: none */
	int		 full;		/* 1: the block fills its box */
};

/* Snapshot the units of g in buckets of side cells (0: a default). */
struct near *near_create(const struct game *, int side);

/* Free a snapshot. */
void near_free(struct near *);

/*
 * The units other than u whose blocks may lie within range ticks of u's
 * block: every unit whose gap to u is <= range is among them (and maybe a
 * few farther off), each once, in ascending index order.  Returns the
 * count; *out points into the snapshot until the next query.
 */
int near_query(struct near *, int u, int range, const int **out);

/* The box of unit u's block as snapshot. */
const struct near_box *near_box(const struct near *, int u);

/*
 * A lower bound of the gap between two blocks from their boxes alone
 * (INT_MAX if either has no cells); it is the gap itself when both
 * blocks fill their boxes.
 */
int near_box_gap(const struct near_box *, const struct near_box *);

/*
 * The gap in ticks between two blocks of cells, exactly as move_gap
 * measures it (-1 when they share a cell, 0 when they touch), but in
 * time linear in the cells when both blocks fill their bounding boxes.
 */
int near_block_gap(const struct point *a, int na, const struct point *b,
    int nb);

/* The gap between the blocks of units a and b of g, as near_block_gap. */
int near_unit_gap(const struct game *, int a, int b);

/* The same from a snapshot of g: the boxes when both blocks fill them. */
int near_gap(const struct near *, const struct game *, int a, int b);

#endif
