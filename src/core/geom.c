/*
 * geom.c - directions, octile distances and block footprints.  See geom.h.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "geom.h"

const int dir_dx[DIR_COUNT] = { 0, 1, 1, 1, 0, -1, -1, -1 };
const int dir_dy[DIR_COUNT] = { -1, -1, 0, 1, 1, 1, 0, -1 };

static const char *const dir_names[DIR_COUNT] = {
	"N", "NE", "E", "SE", "S", "SW", "W", "NW"
};

const char *
dir_name(enum dir d)
{
	return (unsigned)d < DIR_COUNT ? dir_names[d] : "?";
}

int
dir_parse(const char *s)
{
	int i;

	for (i = 0; i < DIR_COUNT; i++)
		if (strcmp(s, dir_names[i]) == 0)
			return i;
	return -1;
}







enum dir
geom_heading(struct point a, struct point b)
{
	int dx = b.x - a.x, dy = b.y - a.y;
	int ax = abs(dx), ay = abs(dy);
	int sx = dx > 0 ? 1 : dx < 0 ? -1 : 0;
	int sy = dy > 0 ? 1 : dy < 0 ? -1 : 0;
	struct point o = { 0, 0 }, s;

	/* Within 22.5 degrees of an axis, go straight (tan 22.5 ~ 5/12). */
	if (ay * 12 < ax * 5)
		sy = 0;
	else if (ax * 12 < ay * 5)
		sx = 0;
	s.x = sx;
	s.y = sy;
	return (enum dir)dir_between(o, s);
}


int
geom_footprint(struct point anchor, enum dir f, int frontage, int depth,
    struct point *out, int max)
{
	/* f is one of the eight directions: & as % for them. */
	int right = ((int)f + 2) & (DIR_COUNT - 1);
	int back = ((int)f + 4) & (DIR_COUNT - 1);
	int rx = dir_dx[right], ry = dir_dy[right];
	int bx = dir_dx[back], by = dir_dy[back];
	int i, k, n = 0, off, total, lim, x0, y0, x, y;

	if (frontage <= 0 || depth <= 0)
		return 0;
	/* The same length in ticks whatever the facing (M24). */
	frontage = geom_span(f, frontage);
	depth = geom_span(f, depth);
	off = (frontage - 1) / 2;
	x0 = anchor.x - off * rx;
	y0 = anchor.y - off * ry;
	total = frontage * depth;
	lim = total < max ? total : max;
	/* Rank by rank from the front, left to right, each cell one step
	 * on from the last (ranks are a few cells: a plain loop). */
	while (n < lim) {
		k = lim - n < frontage ? lim - n : frontage;
		for (i = 0, x = x0, y = y0; i < k; i++, x += rx, y += ry) {
			out[n].x = x;
			out[n].y = y;
			n++;
		}
		x0 += bx;
		y0 += by;
	}
	return total;
}

bool
geom_covers(const struct point *cells, int n, struct point goal)
{
	bool alongx = false, alongy = false;
	int i;

	for (i = 0; i < n; i++)
		if (geom_covers_cell(cells[i], goal, &alongx, &alongy))
			return true;
	return alongx && alongy;
}
