/*
 * map.c - the battlefield grid: cells, edges, contours.  See map.h.
 */
#include "config.h"

#include <stdlib.h>

#include "map.h"
#include "util/xalloc.h"

struct map *
map_create(int w, int h)
{
	struct map *m = xcalloc(1, sizeof *m);

	m->w = w;
	m->h = h;
	xalloc_guard(m);
	m->cells = xcalloc((size_t)w * (size_t)h, sizeof *m->cells);
	xalloc_guard(m->cells);
	m->edge_blocks = xcalloc((size_t)((w + MAP_EDGE_BLOCK - 1) /
	    MAP_EDGE_BLOCK) * (size_t)((h + MAP_EDGE_BLOCK - 1) /
	    MAP_EDGE_BLOCK), 1);
	xalloc_unguard(m->cells);
	xalloc_unguard(m);
	return m;
}

void
map_free(struct map *m)
{
	int i;

	if (m == NULL)
		return;
	for (i = 0; i < m->nlabels; i++)
		free(m->labels[i].text);
	free(m->labels);
	free(m->cells);
	free(m->edge_blocks);
	free(m->name);
	free(m);
}

int
map_edge_set(struct map *m, int x, int y, enum dir d, int obstacle, int pass)
{
	int side;
	struct cell *c = map_edge_home(m, x, y, d, &side);

	if (c == NULL)
		return -1;
	c->edge[side] = (uint8_t)obstacle;
	c->pass[side] = (uint8_t)pass;
	if (obstacle != 0) {
		/* The square of c, the cell that stores it. */
		size_t k = (size_t)(c - m->cells);
		int cx = (int)(k % (size_t)m->w), cy = (int)(k / (size_t)m->w);

		m->edge_blocks[(cy / MAP_EDGE_BLOCK) * ((m->w +
		    MAP_EDGE_BLOCK - 1) / MAP_EDGE_BLOCK) + cx /
		    MAP_EDGE_BLOCK] = 1;
	}
	return 0;
}

bool
map_edges_in(const struct map *m, struct point a, struct point b)
{
	int x0 = a.x < b.x ? a.x : b.x, x1 = a.x > b.x ? a.x : b.x;
	int y0 = a.y < b.y ? a.y : b.y, y1 = a.y > b.y ? a.y : b.y;
	int bw = (m->w + MAP_EDGE_BLOCK - 1) / MAP_EDGE_BLOCK, x, y;

	/* Cells off the map store nothing: the box is cut to it. */
	if (x0 < 0)
		x0 = 0;
	if (y0 < 0)
		y0 = 0;
	if (x1 >= m->w)
		x1 = m->w - 1;
	if (y1 >= m->h)
		y1 = m->h - 1;
	for (y = y0 / MAP_EDGE_BLOCK; y0 <= y1 && y <= y1 / MAP_EDGE_BLOCK;
	    y++)
		for (x = x0 / MAP_EDGE_BLOCK; x0 <= x1 && x <= x1 /
		    MAP_EDGE_BLOCK; x++)
			if (m->edge_blocks[y * bw + x])
				return true;
	return false;
}

bool
map_diag_blocked_side(const struct map *m, int x, int y, enum dir d)
{
	int dx = dir_dx[d], dy = dir_dy[d];
	int ex = dx > 0 ? x : x - 1, sy = dy > 0 ? y : y - 1;

	if (dx == 0 || dy == 0)
		return false;
	/*
	 * The four edges that meet at the corner being passed: the east
	 * edges of column ex in rows y and y + dy, and the south edges of
	 * row sy in columns x and x + dx (each kept by the cell west or
	 * north of it, as map_edge_home stores them).
	 */
	return map_edge_stored(m, ex, y, EDGE_EAST) ||
	    map_edge_stored(m, ex, y + dy, EDGE_EAST) ||
	    map_edge_stored(m, x, sy, EDGE_SOUTH) ||
	    map_edge_stored(m, x + dx, sy, EDGE_SOUTH);
}

void
map_label_add(struct map *m, struct point at, const char *text)
{
	m->labels = xreallocarray(m->labels, (size_t)m->nlabels + 1,
	    sizeof *m->labels);
	m->labels[m->nlabels].at = at;
	m->labels[m->nlabels].text = xstrdup(text);
	m->nlabels++;
}
