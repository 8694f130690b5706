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

/* The cell and side that store the edge from (x, y) towards d. */
static struct cell *
edge_home(const struct map *m, int x, int y, enum dir d, int *side)
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
edge_stored(const struct map *m, int x, int y, int side)
{
	if (!map_inside(m, x, y) || (side == EDGE_EAST && x + 1 >= m->w) ||
	    (side == EDGE_SOUTH && y + 1 >= m->h))
		return 0;
	return map_cell(m, x, y)->edge[side];
}

int
map_edge(const struct map *m, int x, int y, enum dir d, int *pass)
{
	int side;
	struct cell *c = edge_home(m, x, y, d, &side);

	if (pass != NULL)
		*pass = c != NULL ? c->pass[side] : PASS_NONE;
	return c != NULL ? c->edge[side] : 0;
}

int
map_edge_set(struct map *m, int x, int y, enum dir d, int obstacle, int pass)
{
	int side;
	struct cell *c = edge_home(m, x, y, d, &side);

	if (c == NULL)
		return -1;
	c->edge[side] = (uint8_t)obstacle;
	c->pass[side] = (uint8_t)pass;
	return 0;
}

bool
map_diag_blocked(const struct map *m, int x, int y, enum dir d)
{
	int dx = dir_dx[d], dy = dir_dy[d];
	int ex = dx > 0 ? x : x - 1, sy = dy > 0 ? y : y - 1;

	if (dx == 0 || dy == 0)
		return false;
	/*
	 * The four edges that meet at the corner being passed: the east
	 * edges of column ex in rows y and y + dy, and the south edges of
	 * row sy in columns x and x + dx (each kept by the cell west or
	 * north of it, as edge_home stores them).
	 */
	return edge_stored(m, ex, y, EDGE_EAST) ||
	    edge_stored(m, ex, y + dy, EDGE_EAST) ||
	    edge_stored(m, x, sy, EDGE_SOUTH) ||
	    edge_stored(m, x + dx, sy, EDGE_SOUTH);
}

int
map_contours(const struct map *m, struct point a, struct point b)
{
	int d = map_cell(m, a.x, a.y)->height - map_cell(m, b.x, b.y)->height;

	return d < 0 ? -d : d;
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
