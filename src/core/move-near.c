/*
 * move-near.c - the enemies near a unit's walk: those the per-phase
 * index finds within its speed and the rules' farthest reach, their
 * cells and boxes, and the gap between blocks (move_gap); and whether a
 * friend that stays where it is stands near enough for its look ahead to
 * meet (ctx_standing_near).
 */
#include "config.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/move.h"
#include "core/move-priv.h"
#include "core/path.h"
#include "core/ruleset.h"
#include "util/xalloc.h"

/* The cells beyond its block a walker's index search reaches besides its
 * speed: the rules' farthest reach (GAP_FAR, move-priv.h). */
#define REACH_CELLS(rs)	(((rs)->farthest_reach + STEP_ORTHO - 1) / STEP_ORTHO)

void
bbox(const struct point *c, int n, struct point *lo, struct point *hi)
{
	int i;

	*lo = *hi = c[0];
	for (i = 1; i < n; i++) {
		if (c[i].x < lo->x)
			lo->x = c[i].x;
		if (c[i].y < lo->y)
			lo->y = c[i].y;
		if (c[i].x > hi->x)
			hi->x = c[i].x;
		if (c[i].y > hi->y)
			hi->y = c[i].y;
	}
}

static int rect_gap(const struct point *, int, struct point, struct point);

/* The gap from the walker's cells to candidate c, its box near theirs
 * (cand_gap has looked). */
int
cand_gap_near(const struct cand *c, const struct point *cells, int n)
{
	if (c->rect)
		return rect_gap(cells, n, c->lo, c->hi);
	return move_gap(cells, n, c->cells, c->n);
}

static void
cand_add(const struct game *g, struct cands *cs, int e)
{
	const struct unit *eu = &g->units[e];
	const struct formation_def *fd = &g->rs->form[eu->formation];
	struct cand *c;
	int i, fr = fd->frontage[eu->arm], dp = fd->depth[eu->arm];
	int rx, ry, bx, by, x0, y0, x1, y1;

	if (cs->n == cs->cap) {
		cs->cap = cs->cap ? cs->cap * 2 : 4;
		cs->v = xreallocarray(cs->v, (size_t)cs->cap, sizeof *cs->v);
		cs->pts = xreallocarray(cs->pts, (size_t)cs->cap *
		    (size_t)g->cells_max, sizeof *cs->pts);
		for (i = 0; i < cs->n; i++)
			cs->v[i].cells = cs->pts + (size_t)i *
			    (size_t)g->cells_max;
	}
	c = &cs->v[cs->n];
	c->cells = cs->pts + (size_t)cs->n * (size_t)g->cells_max;
	cs->n++;
	c->unit = e;
	c->gap = INT_MAX;
	c->rect = false;
	if (!dir_diagonal(eu->facing) && !unit_on_trail(eu) && fr > 0 &&
	    dp > 0 && (long)fr * dp <= g->cells_max) {
		/* Square to the grid, whole and off any trail: the block
		 * game_footprint would list is the box of two corners. */
		rx = dir_dx[dir_turn(eu->facing, 2)];
		ry = dir_dy[dir_turn(eu->facing, 2)];
		bx = dir_dx[dir_turn(eu->facing, 4)];
		by = dir_dy[dir_turn(eu->facing, 4)];
		x0 = eu->pos.x - (fr - 1) / 2 * rx;
		y0 = eu->pos.y - (fr - 1) / 2 * ry;
		x1 = x0 + (fr - 1) * rx + (dp - 1) * bx;
		y1 = y0 + (fr - 1) * ry + (dp - 1) * by;
		c->lo.x = x0 < x1 ? x0 : x1;
		c->lo.y = y0 < y1 ? y0 : y1;
		c->hi.x = x0 > x1 ? x0 : x1;
		c->hi.y = y0 > y1 ? y0 : y1;
		c->n = fr * dp;
		c->rect = true;
		return;
	}
	c->n = game_footprint(g, eu, c->cells);
	bbox(c->cells, c->n, &c->lo, &c->hi);
}

/* (Inline: asked of every enemy in the buckets about every walk.) */
static inline __attribute__((always_inline)) bool
cand_wanted(const struct game *g, const struct move_walk *w, int e, int r)
{
	const struct unit *eu = &g->units[e];

	return e != w->unit && eu->side != g->units[w->unit].side &&
	    !unit_gone(eu) && abs(eu->pos.x - w->pos.x) <= r &&
	    abs(eu->pos.y - w->pos.y) <= r;
}

int
move_block_reach(const struct game *g)
{
	const struct ruleset *rs = g->rs;
	int f, a, r = 1;

	for (f = 0; f < rs->nform; f++)
		for (a = 0; a < ARM_COUNT; a++) {
			if (rs->form[f].depth[a] > r)
				r = rs->form[f].depth[a];
			if (rs->form[f].frontage[a] > r)
				r = rs->form[f].frontage[a];
		}
	return r;
}

/* The buckets of ctx's index that file the anchors from lo to hi,
 * clamped to the index (units off the map are filed in its edge
 * buckets, bucket_of). */
static inline void
bucket_span(const struct move_ctx *ctx, struct point lo, struct point hi,
    int *bx0, int *by0, int *bx1, int *by1)
{
	*bx0 = lo.x / BUCKET;
	*by0 = lo.y / BUCKET;
	*bx1 = hi.x / BUCKET;
	*by1 = hi.y / BUCKET;
	if (*bx0 < 0)
		*bx0 = 0;
	if (*by0 < 0)
		*by0 = 0;
	if (*bx1 >= ctx->bw)
		*bx1 = ctx->bw - 1;
	if (*by1 >= ctx->bh)
		*by1 = ctx->bh - 1;
}

/* Enemy units that could come within reach during this walk. */
void
cands_find(const struct game *g, const struct move_ctx *ctx,
    const struct move_walk *w, struct cands *cs)
{
	int r = w->left / STEP_ORTHO + REACH_CELLS(g->rs) +
	    2 * (ctx != NULL ? ctx->reach : move_block_reach(g));
	int bx0, by0, bx1, by1, bx, by, e, side;
	int own = g->units[w->unit].side;

	if (r > 2 * g->map->w + 2 * g->map->h)
		r = 2 * g->map->w + 2 * g->map->h;
	if (ctx == NULL) {
		for (e = 0; e < g->nunits; e++)
			if (cand_wanted(g, w, e, r))
				cand_add(g, cs, e);
		return;
	}
	bucket_span(ctx, (struct point){ w->pos.x - r, w->pos.y - r },
	    (struct point){ w->pos.x + r, w->pos.y + r }, &bx0, &by0, &bx1,
	    &by1);
	if (GAME_MAX_SIDES == 2 && own >= 0 && own < GAME_MAX_SIDES) {
		/* Two sides: the other side's list of each bucket is the
		 * only one read (the same units in the same order as the
		 * loop below; most of those lists are empty). */
		const int *row;
		uint64_t span, m;

		if (ctx->filled != NULL) {
			/* The lists that hold a unit, by the rows' masks:
			 * the same lists in the same order. */
			if (bx1 < bx0)
				return;		/* no bucket */
			span = (bx1 - bx0 + 1 >= 64 ? ~(uint64_t)0 :
			    ((uint64_t)1 << (bx1 - bx0 + 1)) - 1) << bx0;
			for (by = by0; by <= by1; by++)
				for (m = ctx->filled[by * GAME_MAX_SIDES +
				    (1 - own)] & span; m != 0; m &= m - 1) {
					bx = __builtin_ctzll(m);
					for (e = ctx->head[(by * ctx->bw + bx) *
					    GAME_MAX_SIDES + (1 - own)]; e >= 0;
					    e = ctx->next[e])
						if (cand_wanted(g, w, e, r))
							cand_add(g, cs, e);
				}
			return;
		}
		for (by = by0; by <= by1; by++) {
			row = ctx->head + (by * ctx->bw + bx0) *
			    GAME_MAX_SIDES + (1 - own);
			for (bx = bx0; bx <= bx1; bx++, row += GAME_MAX_SIDES)
				for (e = *row; e >= 0; e = ctx->next[e])
					if (cand_wanted(g, w, e, r))
						cand_add(g, cs, e);
		}
		return;
	}
	for (by = by0; by <= by1; by++)
		for (bx = bx0; bx <= bx1; bx++)
			for (side = 0; side < GAME_MAX_SIDES; side++) {
				if (side == own)
					continue;
				for (e = ctx->head[(by * ctx->bw + bx) *
				    GAME_MAX_SIDES + side]; e >= 0;
				    e = ctx->next[e])
					if (cand_wanted(g, w, e, r))
						cand_add(g, cs, e);
			}
}

void
cands_lend(struct move_ctx *c, struct cands *cs)
{
	if (c == NULL || c->spare_cv == NULL)
		return;
	cs->v = c->spare_cv;
	cs->pts = c->spare_cpts;
	cs->cap = c->spare_ccap;
	cs->n = 0;
	c->spare_cv = NULL;
	c->spare_cpts = NULL;
	c->spare_ccap = 0;
}

void
cands_done(struct move_ctx *c, struct cands *cs)
{
	if (c != NULL && c->spare_cv == NULL && cs->v != NULL) {
		c->spare_cv = cs->v;
		c->spare_cpts = cs->pts;
		c->spare_ccap = cs->cap;
	} else {
		free(cs->v);
		free(cs->pts);
	}
	cs->v = NULL;
	cs->pts = NULL;
	cs->n = cs->cap = 0;
}

/* The gap of two cells dx and dy apart (absolute), -1 for the same
 * cell: it never falls as dx or dy grows. */
static inline int
cell_gap(int dx, int dy)
{
	int gx = dx > 0 ? dx - 1 : 0, gy = dy > 0 ? dy - 1 : 0;

	if (dx == 0 && dy == 0)
		return -1;	/* overlapping */
	return gx > gy ? STEP_ORTHO * gx + (STEP_DIAG - STEP_ORTHO) * gy :
	    STEP_ORTHO * gy + (STEP_DIAG - STEP_ORTHO) * gx;
}

/* move_gap to a block that fills its box, lo to hi: the gap from each
 * cell of a is the gap to the box's cell nearest it (cell_gap never falls
 * as dx or dy grows), the least of them the answer. */
static int
rect_gap(const struct point *a, int na, struct point lo, struct point hi)
{
	int i, dx, dy, gap, best = INT_MAX;

	for (i = 0; i < na && best > -1; i++) {
		dx = lo.x - a[i].x > a[i].x - hi.x ? lo.x - a[i].x :
		    a[i].x - hi.x;
		dy = lo.y - a[i].y > a[i].y - hi.y ? lo.y - a[i].y :
		    a[i].y - hi.y;
		gap = cell_gap(dx > 0 ? dx : 0, dy > 0 ? dy : 0);
		if (gap < best)
			best = gap;
	}
	return best;
}

int
move_gap(const struct point *a, int na, const struct point *b, int nb)
{
	struct point lo, hi;
	int i, j, dx, dy, gap, best = INT_MAX;

	if (na <= 0 || nb <= 0)
		return INT_MAX;
	/* A cell of a no nearer to b's box than the best gap found yet
	 * cannot better it: its row is skipped.  Same answer. */
	bbox(b, nb, &lo, &hi);
	for (i = 0; i < na && best > -1; i++) {
		dx = lo.x - a[i].x > a[i].x - hi.x ? lo.x - a[i].x :
		    a[i].x - hi.x;
		dy = lo.y - a[i].y > a[i].y - hi.y ? lo.y - a[i].y :
		    a[i].y - hi.y;
		if (cell_gap(dx > 0 ? dx : 0, dy > 0 ? dy : 0) >= best)
			continue;
		for (j = 0; j < nb; j++) {
			dx = abs(a[i].x - b[j].x);
			dy = abs(a[i].y - b[j].y);
			gap = cell_gap(dx, dy);
			if (gap < best)
				best = gap;
		}
	}
	return best;
}

/*
 * Whether a friend of the walker that stays where it is (as
 * path_standing_friend reads it: its side, under no Move order, with
 * its order's halt HALT_ARRIVED, or held in place, move_holds) has its
 * anchor, as the per-phase index
 * files it, near enough that its block could meet the walker's block
 * with the anchor anywhere in the box of where the walk stands and end:
 * within the farthest a cell of the walker's block lies from its anchor
 * plus the farthest any block's does (move_block_reach), of the box.
 * True when ctx is NULL: with no index it cannot tell.
 */
bool
ctx_standing_near(const struct game *g, struct move_ctx *ctx,
    const struct move_walk *w, struct point end)
{
	const struct unit *un = &g->units[w->unit], *fu;
	const struct formation_def *fd = &g->rs->form[w->form];
	struct point lo, hi;
	const int *row, *cnt;
	int own = un->side, slot, r, bx0, by0, bx1, by1, bx, by, f;

	if (ctx == NULL)
		return true;
	/* The counts of friends that may stay, per bucket, brought up to
	 * date: a bucket with none is passed over unread (most are). */
	ctx_stand_update(g, ctx);
	/* The walker's block: no cell farther from its anchor than its
	 * frontage or depth, whichever is more (move_block_reach). */
	r = fd->frontage[un->arm] > fd->depth[un->arm] ?
	    fd->frontage[un->arm] : fd->depth[un->arm];
	if (r < 1)
		r = 1;
	r += ctx->reach;
	lo.x = (w->pos.x < end.x ? w->pos.x : end.x) - r;
	lo.y = (w->pos.y < end.y ? w->pos.y : end.y) - r;
	hi.x = (w->pos.x > end.x ? w->pos.x : end.x) + r;
	hi.y = (w->pos.y > end.y ? w->pos.y : end.y) + r;
	slot = own >= 0 && own < GAME_MAX_SIDES ? own : 0;
	bucket_span(ctx, lo, hi, &bx0, &by0, &bx1, &by1);
	for (by = by0; by <= by1; by++) {
		row = ctx->head + (by * ctx->bw + bx0) * GAME_MAX_SIDES + slot;
		cnt = ctx->nstand + (by * ctx->bw + bx0) * GAME_MAX_SIDES + slot;
		for (bx = bx0; bx <= bx1; bx++, row += GAME_MAX_SIDES,
		    cnt += GAME_MAX_SIDES)
			for (f = *cnt > 0 ? *row : -1; f >= 0;
			    f = ctx->next[f]) {
				/* Its place first: most friends in the
				 * buckets lie outside the box, and whether
				 * it stays (move_holds, asked of the
				 * ruleset straight) costs more. */
				fu = &g->units[f];
				if (fu->pos.x < lo.x || fu->pos.x > hi.x ||
				    fu->pos.y < lo.y || fu->pos.y > hi.y ||
				    f == w->unit || fu->side != own)
					continue;
				if (ctx_stays(g, fu))
					return true;
			}
	}
	return false;
}
