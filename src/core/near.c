/*
 * near.c - a snapshot of where the units' blocks stand, filed in coarse
 * buckets, and the gap between blocks from their bounding boxes.  See
 * near.h.
 */
#include "config.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/move.h"
#include "core/near.h"
#include "core/ruleset.h"
#include "util/xalloc.h"

/*
 * Buckets of 16 x 16 cells: a block (at most a few cells across in most
 * formations) touches one to four of them, and the longest fire range of
 * the Napoleonic tables reaches two buckets either way.
 */
#define NEAR_SIDE	16

struct near {
	int		 nunits;
	struct near_box	*box;		/* per unit */
	int		 side;		/* bucket side, cells */
	int		 w, h;		/* map size, cells */
	int		 bw, bh;	/* buckets across and down */
	int		*start;		/* per bucket, then one more: first
					   entry of the bucket in list */
	int		*list;		/* unit indices, bucket by bucket,
					   ascending within a bucket */
	unsigned	*mark;		/* per unit: last query that took it */
	unsigned	 stamp;
	int		*found;		/* the last query's answer */
};

/*
 * move_gap's measure for two cells dx, dy apart: the octile length of the
 * empty cells between them, -1 for the same cell.  It never decreases as
 * dx or dy grow, which is what lets a box stand for its cells.
 */
static int
cell_gap(int dx, int dy)
{
	int gx = dx > 0 ? dx - 1 : 0, gy = dy > 0 ? dy - 1 : 0;

	if (dx == 0 && dy == 0)
		return -1;
	return gx > gy ? STEP_ORTHO * gx + (STEP_DIAG - STEP_ORTHO) * gy :
	    STEP_ORTHO * gy + (STEP_DIAG - STEP_ORTHO) * gx;
}

/* The bounding box of n cells, and whether they fill it. */
static void
box_of(const struct point *c, int n, struct near_box *b)
{
	unsigned char small[256], *seen;
	long area;
	int i, w;

	memset(b, 0, sizeof *b);
	b->cells = n;
	if (n <= 0)
		return;
	b->lo = b->hi = c[0];
	for (i = 1; i < n; i++) {
		if (c[i].x < b->lo.x)
			b->lo.x = c[i].x;
		if (c[i].x > b->hi.x)
			b->hi.x = c[i].x;
		if (c[i].y < b->lo.y)
			b->lo.y = c[i].y;
		if (c[i].y > b->hi.y)
			b->hi.y = c[i].y;
	}
	w = b->hi.x - b->lo.x + 1;
	area = (long)w * (b->hi.y - b->lo.y + 1);
	if (area != n)
		return;
	/* n cells in a box of n: full unless some cell is repeated.  The
	 * marks of a small block stay on the stack, a larger one's go on
	 * the heap. */
	seen = n <= (int)sizeof small ? small : xmallocarray((size_t)n, 1);
	memset(seen, 0, (size_t)n);
	for (i = 0; i < n; i++) {
		area = (long)(c[i].y - b->lo.y) * w + (c[i].x - b->lo.x);
		if (seen[area])
			break;
		seen[area] = 1;
	}
	b->full = i == n;
	if (seen != small)
		free(seen);
}

/* Unit u's cells as the gap measures them (out: g->cells_max points). */
static int
unit_cells(const struct game *g, int u, struct point *out)
{
	return game_footprint(g, &g->units[u], out);
}

int
near_box_gap(const struct near_box *a, const struct near_box *b)
{
	int dx = 0, dy = 0;

	if (a->cells <= 0 || b->cells <= 0)
		return INT_MAX;
	if (b->lo.x > a->hi.x)
		dx = b->lo.x - a->hi.x;
	else if (a->lo.x > b->hi.x)
		dx = a->lo.x - b->hi.x;
	if (b->lo.y > a->hi.y)
		dy = b->lo.y - a->hi.y;
	else if (a->lo.y > b->hi.y)
		dy = a->lo.y - b->hi.y;
	return cell_gap(dx, dy);
}

int
near_block_gap(const struct point *a, int na, const struct point *b, int nb)
{
	struct near_box ba, bb;

	box_of(a, na, &ba);
	box_of(b, nb, &bb);
	/*
	 * Two full boxes hold every pairing of their x and y ranges, so the
	 * nearest x and the nearest y are found in one pair of cells.
	 */
	if (ba.full && bb.full)
		return near_box_gap(&ba, &bb);
	return move_gap(a, na, b, nb);
}

int
near_unit_gap(const struct game *g, int a, int b)
{
	struct point *ca = game_cells_take(g), *cb = game_cells_take(g);
	int na, nb, gap;

	na = unit_cells(g, a, ca);
	nb = unit_cells(g, b, cb);
	gap = near_block_gap(ca, na, cb, nb);
	game_cells_give(g, cb);
	game_cells_give(g, ca);
	return gap;
}

static int
clampi(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* The buckets a box touches, clamped to the map (off-map cells count as
 * the nearest edge bucket: queries clamp the same way). */
static void
box_buckets(const struct near *nr, struct point lo, struct point hi,
    int *bx0, int *by0, int *bx1, int *by1)
{
	*bx0 = clampi(lo.x, 0, nr->w - 1) / nr->side;
	*by0 = clampi(lo.y, 0, nr->h - 1) / nr->side;
	*bx1 = clampi(hi.x, 0, nr->w - 1) / nr->side;
	*by1 = clampi(hi.y, 0, nr->h - 1) / nr->side;
}

struct near *
near_create(const struct game *g, int side)
{
	struct near *nr = xcalloc(1, sizeof *nr);
	struct point *cells = game_cells_take(g);
	int u, x, y, bx0, by0, bx1, by1, total, *fill;
	size_t nb;

	nr->nunits = g->nunits;
	nr->side = side > 0 ? side : NEAR_SIDE;
	nr->w = g->map->w > 0 ? g->map->w : 1;
	nr->h = g->map->h > 0 ? g->map->h : 1;
	nr->bw = (nr->w + nr->side - 1) / nr->side;
	nr->bh = (nr->h + nr->side - 1) / nr->side;
	nb = (size_t)nr->bw * (size_t)nr->bh;
	nr->box = xcalloc((size_t)g->nunits + 1, sizeof *nr->box);
	nr->mark = xcalloc((size_t)g->nunits + 1, sizeof *nr->mark);
	nr->found = xcalloc((size_t)g->nunits + 1, sizeof *nr->found);
	nr->start = xcalloc(nb + 1, sizeof *nr->start);

	/* Count each block in every bucket its box touches, then file. */
	for (u = 0; u < g->nunits; u++) {
		box_of(cells, unit_cells(g, u, cells), &nr->box[u]);
		if (nr->box[u].cells <= 0)
			continue;
		box_buckets(nr, nr->box[u].lo, nr->box[u].hi, &bx0, &by0,
		    &bx1, &by1);
		for (y = by0; y <= by1; y++)
			for (x = bx0; x <= bx1; x++)
				nr->start[(size_t)y * nr->bw + x + 1]++;
	}
	game_cells_give(g, cells);
	for (nb = 1, total = 0; nb <= (size_t)nr->bw * nr->bh; nb++)
		nr->start[nb] = total += nr->start[nb];
	nr->list = xcalloc((size_t)total + 1, sizeof *nr->list);
	fill = xcalloc((size_t)nr->bw * nr->bh + 1, sizeof *fill);
	memcpy(fill, nr->start, (size_t)nr->bw * nr->bh * sizeof *fill);
	for (u = 0; u < g->nunits; u++) {
		if (nr->box[u].cells <= 0)
			continue;
		box_buckets(nr, nr->box[u].lo, nr->box[u].hi, &bx0, &by0,
		    &bx1, &by1);
		for (y = by0; y <= by1; y++)
			for (x = bx0; x <= bx1; x++)
				nr->list[fill[(size_t)y * nr->bw + x]++] = u;
	}
	free(fill);
	return nr;
}

void
near_free(struct near *nr)
{
	if (nr == NULL)
		return;
	free(nr->box);
	free(nr->start);
	free(nr->list);
	free(nr->mark);
	free(nr->found);
	free(nr);
}

const struct near_box *
near_box(const struct near *nr, int u)
{
	return &nr->box[u];
}

static int
cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return x < y ? -1 : x > y;
}

int
near_query(struct near *nr, int u, int range, const int **out)
{
	const struct near_box *me = &nr->box[u];
	struct point lo, hi;
	int reach, bx0, by0, bx1, by1, x, y, k, v, n = 0;

	*out = nr->found;
	if (u < 0 || u >= nr->nunits || me->cells <= 0)
		return 0;
	/*
	 * A gap of at most range ticks spans at most range / STEP_ORTHO
	 * empty cells in x and in y, so the other block's box meets this
	 * box grown by that many cells and one more.
	 */
	reach = (range > 0 ? range / STEP_ORTHO : 0) + 1;
	lo.x = me->lo.x - reach;
	lo.y = me->lo.y - reach;
	hi.x = me->hi.x + reach;
	hi.y = me->hi.y + reach;
	box_buckets(nr, lo, hi, &bx0, &by0, &bx1, &by1);
	if (++nr->stamp == 0) {
		memset(nr->mark, 0, (size_t)nr->nunits * sizeof *nr->mark);
		nr->stamp = 1;
	}
	nr->mark[u] = nr->stamp;
	for (y = by0; y <= by1; y++)
		for (x = bx0; x <= bx1; x++)
			for (k = nr->start[(size_t)y * nr->bw + x];
			    k < nr->start[(size_t)y * nr->bw + x + 1]; k++) {
				v = nr->list[k];
				if (nr->mark[v] == nr->stamp)
					continue;
				nr->mark[v] = nr->stamp;
				if (near_box_gap(me, &nr->box[v]) <= range)
					nr->found[n++] = v;
			}
	qsort(nr->found, (size_t)n, sizeof *nr->found, cmp_int);
	return n;
}

int
near_gap(const struct near *nr, const struct game *g, int a, int b)
{
	if (nr->box[a].full && nr->box[b].full)
		return near_box_gap(&nr->box[a], &nr->box[b]);
	return near_unit_gap(g, a, b);
}
