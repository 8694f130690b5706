/*
 * cells.c - a pool of scratch buffers for a unit's cells, lent last in,
 * first out.  See cells.h.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/cells.h"
#include "util/xalloc.h"

struct cells_pool *
cells_pool_create(int size)
{
	struct cells_pool *p = xcalloc(1, sizeof *p);

	p->size = size > 0 ? size : 1;
	return p;
}

void
cells_pool_free(struct cells_pool *p)
{
	int i;

	if (p == NULL)
		return;
	/* A buffer still lent was never given back: each call that forgets
	 * one makes the pool grow for the game's life. */
	if (p->used != 0)
		cells_pool_misuse();
	for (i = 0; i < p->nbuf; i++)
		free(p->buf[i]);
	free(p->buf);
	free(p);
}

int
cells_pool_size(const struct cells_pool *p)
{
	return p->size;
}

void
cells_pool_grow(struct cells_pool *p)
{
	/* A new buffer; those lent already never move. */
	p->buf = xreallocarray(p->buf, (size_t)p->nbuf + 1, sizeof *p->buf);
	p->buf[p->nbuf] = xmallocarray((size_t)p->size, sizeof **p->buf);
	p->nbuf++;
}

void
cells_pool_misuse(void)
{
	fprintf(stderr, "marshal: cells buffer given back out of turn, or "
	    "never\n");
	abort();
}
