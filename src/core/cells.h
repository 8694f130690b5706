/*
 * cells.h - scratch buffers for the cells a unit covers, each as large
 * as the ruleset's largest footprint.
 *
 * How many cells a unit's block or road trail can cover is the ruleset's
 * to say (ruleset_cells_max, from its formations): no array is sized by
 * a constant.  A game keeps a pool of buffers of that size, made as they
 * are first needed and kept for the game's life, so a walk that asks for
 * one at every step allocates nothing after its first.  Buffers are
 * taken and given back last in, first out, like the stack arrays they
 * replace; game_cells_take and game_cells_give (game.h) are the calls
 * code holding a game uses.
 *
 * Ownership: the pool owns its buffers; a buffer taken is lent until it
 * is given back, and must be given back before the pool is freed.
 */
#ifndef MARSHAL_CELLS_H
#define MARSHAL_CELLS_H

#include "core/geom.h"

/* The pool: its fields are the inline calls' below, no one else's. */
struct cells_pool {
	int		  size;		/* points in each buffer */
	struct point	**buf;		/* owned: every buffer made */
	int		  nbuf;		/* buffers made */
	int		  used;		/* buffers lent: buf[0..used-1] */
};

/* A new empty pool of buffers of size points each (at least 1). */
struct cells_pool *cells_pool_create(int size);

/* Free a pool and its buffers (NULL: nothing); a buffer still lent is
 * a programming error, reported as cells_pool_misuse does. */
void cells_pool_free(struct cells_pool *);

/* The points each buffer of the pool holds. */
int cells_pool_size(const struct cells_pool *);

/* Make one more buffer (cells_take, when all are lent). */
void cells_pool_grow(struct cells_pool *);

/* Report a buffer given back out of turn (or never) and abort. */
void cells_pool_misuse(void) __attribute__((noreturn));

/* Lend a buffer of cells_pool_size points (never NULL).  Inline: the
 * walk asks for buffers at every step. */
static inline struct point *
cells_take(struct cells_pool *p)
{
	if (p->used == p->nbuf)
		cells_pool_grow(p);
	return p->buf[p->used++];
}

/*
 * Give back the buffer taken last (a buffer given back out of turn is a
 * programming error: it is reported and the program aborts).
 */
static inline void
cells_give(struct cells_pool *p, struct point *c)
{
	if (p->used == 0 || p->buf[p->used - 1] != c)
		cells_pool_misuse();
	p->used--;
}

#endif
