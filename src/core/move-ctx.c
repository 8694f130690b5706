/*
 * move-ctx.c - the movement phase's context (struct move_ctx, move-priv.h):
 * a coarse index of where each side's units stand, so that a walk far
 * from every enemy skips the contact checks (move-near.c reads it); the
 * narrow passages used this turn (3.6.6); and which units have moved and
 * which wait for a friend under orders in their way (move_ctx_wait,
 * 3.6.7, marshal's reading), with the way round a waiting unit's walk
 * searched (ctx_keep_round).  See move.h.
 */
#include "config.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/move.h"
#include "core/move-priv.h"
#include "util/xalloc.h"

static int
bucket_of(const struct move_ctx *c, struct point p)
{
	int bx = p.x / BUCKET, by = p.y / BUCKET;

	if (bx < 0)
		bx = 0;
	if (by < 0)
		by = 0;
	if (bx >= c->bw)
		bx = c->bw - 1;
	if (by >= c->bh)
		by = c->bh - 1;
	return by * c->bw + bx;
}

/* Buckets hold one list per side: slot b * GAME_MAX_SIDES + side. */
/* The bit of slot b (bucket and side) in its row's mask, *row its
 * entry (ctx->filled). */
static inline uint64_t
filled_bit(const struct move_ctx *c, int b, int *row)
{
	int k = b / GAME_MAX_SIDES;

	*row = k / c->bw * GAME_MAX_SIDES + b % GAME_MAX_SIDES;
	return (uint64_t)1 << (k % c->bw);
}

static void
ctx_link(struct move_ctx *c, int u, int b)
{
	int row;

	c->bucket[u] = b;
	c->prev[u] = -1;
	c->next[u] = c->head[b];
	if (c->head[b] >= 0)
		c->prev[c->head[b]] = u;
	else if (c->filled != NULL) {
		uint64_t bit = filled_bit(c, b, &row);

		c->filled[row] |= bit;
	}
	c->head[b] = u;
}

static int
slot_of(const struct move_ctx *c, const struct unit *u, struct point p)
{
	int side = u->side >= 0 && u->side < GAME_MAX_SIDES ? u->side : 0;

	return bucket_of(c, p) * GAME_MAX_SIDES + side;
}

/* Take unit u out of its list; the caller links it again at once
 * (ctx_link), which sets its bucket. */
static void
ctx_unlink(struct move_ctx *c, int u)
{
	int b = c->bucket[u], row;

	if (b < 0)
		return;
	if (c->prev[u] >= 0)
		c->next[c->prev[u]] = c->next[u];
	else
		c->head[b] = c->next[u];
	if (c->next[u] >= 0)
		c->prev[c->next[u]] = c->prev[u];
	if (c->head[b] < 0 && c->filled != NULL) {
		uint64_t bit = filled_bit(c, b, &row);

		c->filled[row] &= ~bit;
	}
}

struct move_ctx *
move_ctx_create(const struct game *g)
{
	struct move_ctx *c = xcalloc(1, sizeof *c);
	int i, n;

	c->bw = (g->map->w + BUCKET - 1) / BUCKET;
	c->bh = (g->map->h + BUCKET - 1) / BUCKET;
	n = c->bw * c->bh * GAME_MAX_SIDES;
	c->head = xmallocarray((size_t)n, sizeof *c->head);
	for (i = 0; i < n; i++)
		c->head[i] = -1;
	if (c->bw <= 64)
		c->filled = xcalloc((size_t)c->bh * GAME_MAX_SIDES,
		    sizeof *c->filled);
	c->reach = move_block_reach(g);
	c->next = xmallocarray((size_t)g->nunits + 1, sizeof *c->next);
	c->prev = xmallocarray((size_t)g->nunits + 1, sizeof *c->prev);
	c->bucket = xmallocarray((size_t)g->nunits + 1, sizeof *c->bucket);
	c->moved = xcalloc((size_t)g->nunits + 1, 1);
	c->waited = xcalloc((size_t)g->nunits + 1, sizeof *c->waited);
	c->blocker = xmallocarray((size_t)g->nunits + 1, sizeof *c->blocker);
	c->kept = xcalloc((size_t)g->nunits + 1, sizeof *c->kept);
	c->nunits = g->nunits;
	/* Link in reverse so each bucket lists units by ascending index. */
	for (i = g->nunits - 1; i >= 0; i--) {
		c->bucket[i] = -1;
		c->blocker[i] = -1;
		if (unit_gone(&g->units[i]))
			continue;
		ctx_link(c, i, slot_of(c, &g->units[i], g->units[i].pos));
	}
	return c;
}

/* Unit u (filed) is read again at the next ctx_standing_near. */
static void
ctx_mark(struct move_ctx *c, int u)
{
	if (c->nstand != NULL && !c->is_dirty[u]) {
		c->is_dirty[u] = 1;
		c->dirty[c->ndirty++] = u;
	}
}

void
ctx_place(struct move_ctx *c, int u, const struct unit *un)
{
	if (c == NULL || c->bucket[u] < 0)
		return;
	ctx_unlink(c, u);
	ctx_link(c, u, slot_of(c, un, un->pos));
	ctx_mark(c, u);
}

void
move_ctx_touch(struct move_ctx *c, int u)
{
	/* Not filed again: that would put it first in its bucket's list,
	 * and the lists' order is the order enemies are met in
	 * (cands_find). */
	if (c != NULL && c->bucket[u] >= 0)
		ctx_mark(c, u);
}

void
ctx_touch_logged(struct move_ctx *c, const struct game *g, int first, int a,
    int b)
{
	int k, u;

	if (c == NULL)
		return;
	if (a >= 0 && a < c->nunits)
		move_ctx_touch(c, a);
	if (b >= 0 && b < c->nunits)
		move_ctx_touch(c, b);
	for (k = first; k < g->log.n; k++)
		if ((u = g->log.v[k].unit) >= 0 && u < c->nunits)
			move_ctx_touch(c, u);
}

/* ctx_stays, the ruleset's move_holds given. */
static inline bool
stays(const struct game *g, const struct unit *u,
    bool (*holds)(const struct game *, const struct unit *))
{
	return u->order.kind != ORDER_MOVE || u->halt == HALT_ARRIVED ||
	    (holds != NULL && holds(g, u));
}

bool
ctx_stays(const struct game *g, const struct unit *u)
{
	return stays(g, u, g->rs->ops->move_holds);
}

/* Count unit u (filed) where it is filed now, if it stays. */
static inline void
stand_count(const struct game *g, struct move_ctx *c, int u,
    bool (*holds)(const struct game *, const struct unit *))
{
	if (stays(g, &g->units[u], holds)) {
		c->stand_slot[u] = c->bucket[u];
		c->nstand[c->bucket[u]]++;
	} else
		c->stand_slot[u] = -1;
}

void
ctx_stand_update(const struct game *g, struct move_ctx *c)
{
	bool (*holds)(const struct game *, const struct unit *) =
	    g->rs->ops->move_holds;
	int i, u, n = c->bw * c->bh * GAME_MAX_SIDES;

	if (c->nstand == NULL) {
		c->nstand = xmallocarray((size_t)n, sizeof *c->nstand);
		c->stand_slot = xmallocarray((size_t)c->nunits + 1,
		    sizeof *c->stand_slot);
		c->dirty = xmallocarray((size_t)c->nunits + 1,
		    sizeof *c->dirty);
		c->is_dirty = xcalloc((size_t)c->nunits + 1, 1);
		memset(c->nstand, 0, (size_t)n * sizeof *c->nstand);
		for (i = 0; i < c->nunits; i++)
			if (c->bucket[i] >= 0)
				stand_count(g, c, i, holds);
			else
				c->stand_slot[i] = -1;
		return;
	}
	for (i = 0; i < c->ndirty; i++) {
		u = c->dirty[i];
		c->is_dirty[u] = 0;
		if (c->stand_slot[u] >= 0)
			c->nstand[c->stand_slot[u]]--;
		stand_count(g, c, u, holds);
	}
	c->ndirty = 0;
}

static void
kept_free(struct move_round *k)
{
	if (k == NULL)
		return;
	free(k->route);
	free(k->face);
	free(k);
}

void
move_ctx_free(struct move_ctx *c)
{
	int i;

	if (c == NULL)
		return;
	for (i = 0; i < c->nunits; i++)
		kept_free(c->kept[i]);
	free(c->kept);
	free(c->head);
	free(c->filled);
	free(c->next);
	free(c->prev);
	free(c->bucket);
	free(c->moved);
	free(c->waited);
	free(c->blocker);
	free(c->used);
	free(c->spare_notes);
	free(c->spare_ntext);
	free(c->spare_path);
	free(c->spare_cv);
	free(c->spare_cpts);
	free(c->nstand);
	free(c->stand_slot);
	free(c->dirty);
	free(c->is_dirty);
	free(c);
}

void
ctx_lend_arrays(struct move_ctx *c, struct move_walk *w)
{
	if (c == NULL)
		return;
	if (w->notes == NULL && w->nnotes == 0 && c->spare_notes != NULL) {
		w->notes = c->spare_notes;
		w->capnotes = c->spare_capnotes;
		c->spare_notes = NULL;
	}
	if (w->ntext == NULL && w->ntext_len == 0 && c->spare_ntext != NULL) {
		w->ntext = c->spare_ntext;
		w->ntext_cap = c->spare_ntext_cap;
		c->spare_ntext = NULL;
	}
	if (w->path == NULL && w->npath == 0 && c->spare_path != NULL) {
		w->path = c->spare_path;
		w->cappath = c->spare_cappath;
		c->spare_path = NULL;
	}
}

void
ctx_take_arrays(struct move_ctx *c, struct move_walk *w)
{
	if (c == NULL)
		return;
	if (c->spare_notes == NULL && w->notes != NULL) {
		c->spare_notes = w->notes;
		c->spare_capnotes = w->capnotes;
		w->notes = NULL;
		w->nnotes = w->capnotes = 0;
	}
	if (c->spare_ntext == NULL && w->ntext != NULL) {
		c->spare_ntext = w->ntext;
		c->spare_ntext_cap = w->ntext_cap;
		w->ntext = NULL;
		w->ntext_len = w->ntext_cap = 0;
	}
	if (c->spare_path == NULL && w->path != NULL) {
		c->spare_path = w->path;
		c->spare_cappath = w->cappath;
		w->path = NULL;
		w->npath = w->cappath = 0;
	}
}

bool
ctx_used(const struct move_ctx *c, int id)
{
	int i;

	for (i = 0; c != NULL && i < c->nused; i++)
		if (c->used[i] == id)
			return true;
	return false;
}

void
ctx_use(struct move_ctx *c, int id)
{
	if (c == NULL)
		return;
	if (c->nused == c->capused) {
		c->capused = c->capused ? c->capused * 2 : 8;
		c->used = xreallocarray(c->used, (size_t)c->capused,
		    sizeof *c->used);
	}
	c->used[c->nused++] = id;
}

void
move_ctx_wait(struct move_ctx *c, bool may)
{
	c->may_wait = may;
}

int
move_ctx_blocker(const struct move_ctx *c, int u)
{
	int f = c->blocker[u];

	return c->may_wait && f >= 0 && !c->moved[f] ? f : -1;
}

void
walk_note_wait(const struct game *g, struct move_walk *w, int f, bool moved)
{
	struct move_text t;

	/* By pieces, not printf: every unit that waits writes it. */
	t.n = 0;
	move_text_s(&t, g->units[w->unit].name);
	move_text_s(&t, moved ? " waits for " : " waited for ");
	move_text_s(&t, g->units[f].name);
	move_text_s(&t, ", under a Move order of its own and in its way, "
	    "to move first");
	move_text_s(&t, moved ? " (marshal's reading: 3.6 moves units "
	    "together)" : "; units waiting on each other, it moves now, in "
	    "the order of battle (marshal's reading)");
	move_note_text(w, EV_NOTE, rule_for(g, HALT_BLOCKED), &t);
	/* It tells that the friend holds a Move order, and where the
	 * walker's leads: its side's alone. */
	move_note_own(w);
}

bool
move_holds(const struct game *g, const struct unit *u)
{
	return u->order.kind == ORDER_MOVE && g->rs->ops->move_holds != NULL &&
	    g->rs->ops->move_holds(g, u);
}

bool
move_marches(const struct game *g, const struct unit *u)
{
	/* Held where it stands: it walked this turn, moved nothing and its
	 * way was blocked, or the enemy stopped it.  It will not go on this
	 * turn; met as marching, it would be followed, or waited behind,
	 * every turn for good. */
	if (u->halt_turn == g->turn && u->moved == 0 &&
	    (u->halt == HALT_BLOCKED || u->halt == HALT_CONTACT))
		return false;
	return u->order.kind == ORDER_MOVE && !(u->halt == HALT_ARRIVED &&
	    u->order.arrives <= u->halt_turn) && !move_holds(g, u);
}

enum walk_wait
walk_wait_for(const struct game *g, const struct move_ctx *c,
    struct move_walk *w, int who)
{
	const unsigned char *moved;
	const struct unit *f;
	bool may;

	if (w->scratch || who < 0)
		return WAIT_NONE;
	if (c != NULL) {
		may = c->may_wait && c->nused == w->wait_nused;
		moved = c->moved;
	} else if ((moved = w->wait_moved) == NULL)
		return WAIT_NONE;
	else
		may = w->wait_may;
	f = &g->units[who];
	/* Units that wait on each other (no round moved any of them) move
	 * under the rules as they stand, passing through in disorder or
	 * stopping: never both stopped for good. */
	if (!may || f->side != g->units[w->unit].side || !move_marches(g, f))
		return WAIT_NONE;
	if (moved[who])
		return WAIT_BEHIND;
	w->wait_for = who;
	return WAIT_NOW;
}

void
ctx_keep_round(const struct game *g, struct move_ctx *c, int u,
    struct move_walk *w)
{
	if (c == NULL || !g->rs->plan_no_units || !w->round_known)
		return;
	kept_free(c->kept[u]);
	c->kept[u] = xmallocarray(1, sizeof *c->kept[u]);
	*c->kept[u] = w->round;		/* the route and faces go with it */
	w->round.route = NULL;
	w->round.face = NULL;
	w->round.n = 0;
	w->round_known = false;
}

void
ctx_take_round(struct move_ctx *c, int u, struct move_walk *w)
{
	struct move_round *k;

	if (c == NULL || (k = c->kept[u]) == NULL)
		return;
	c->kept[u] = NULL;
	free(w->round.route);
	free(w->round.face);
	w->round_known = true;
	w->round = *k;
	free(k);
}
