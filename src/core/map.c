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
	return 0;
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
