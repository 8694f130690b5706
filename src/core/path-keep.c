/*
 * path-keep.c - the enemies a route keeps clear of: path_cheapest with
 * keep_clear looks for a way that comes into battle contact with none
 * short of its goal (3.6.8).  Their cells are read once (keep_init);
 * a search measures the gap from the block at the node it expands once
 * a node (keep_from), not once an edge.  Moved out of path.c, which
 * calls keep_breaks only for such a search: the search of every walk
 * never calls here.  See path-keep.h.
 */
#include "config.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/move.h"
#include "core/move-priv.h"
#include "core/path-keep.h"
#include "core/ruleset.h"
#include "util/xalloc.h"

/* The gap from the walker's block at p facing face to enemy i of ks:
 * with kf (a search's), the block's cells are read once a node and each
 * gap reckoned once; without, *b (borrowed from the pool on first use,
 * *nb cells) holds the block for the caller to give back. */
static int
keep_gap_from(const struct game *g, const struct move_walk *tw,
    const struct keep_set *ks, struct keep_from *kf, struct point p,
    enum dir face, int i, struct point **b, int *nb)
{
	const struct unit *un = &g->units[tw->unit];
	const struct keep *k = &ks->v[i];

	if (kf == NULL) {
		if (*b == NULL) {
			*b = game_cells_take(g);
			*nb = game_footprint_at(g, un, p, face, tw->form, *b);
			if (*nb > g->cells_max)
				*nb = g->cells_max;
		}
		return move_gap(*b, *nb, k->cells, k->n);
	}
	if (!kf->known || kf->p.x != p.x || kf->p.y != p.y ||
	    kf->face != face) {
		kf->known = true;
		kf->p = p;
		kf->face = face;
		kf->n = -1;
		if (++kf->gen == 0) {	/* wrapped: every stamp is stale */
			if (kf->stamp != NULL)
				memset(kf->stamp, 0, (size_t)ks->n *
				    sizeof *kf->stamp);
			kf->gen = 1;
		}
	}
	if (kf->gap == NULL) {
		kf->gap = xmallocarray((size_t)ks->n + 1, sizeof *kf->gap);
		kf->stamp = xcalloc((size_t)ks->n + 1, sizeof *kf->stamp);
	}
	if (kf->stamp[i] == kf->gen)
		return kf->gap[i];
	if (kf->n < 0) {
		if (kf->cells == NULL)
			kf->cells = xmallocarray((size_t)g->cells_max,
			    sizeof *kf->cells);
		kf->n = game_footprint_at(g, un, p, face, tw->form,
		    kf->cells);
		if (kf->n > g->cells_max)
			kf->n = g->cells_max;
	}
	kf->gap[i] = move_gap(kf->cells, kf->n, k->cells, k->n);
	kf->stamp[i] = kf->gen;
	return kf->gap[i];
}

/* Free what a search's keep_from holds, and empty it. */
void
keep_from_free(struct keep_from *kf)
{
	free(kf->cells);
	free(kf->gap);
	free(kf->stamp);
	memset(kf, 0, sizeof *kf);
}

/*
 * Whether the walker's step from p (facing face) to q (facing f) would
 * bring it into battle contact with an enemy of the keep set: the gap to
 * it at q no more than the gap the ruleset asks it to keep, and smaller
 * than at p (the walk stops before such a step, 3.6.8; one that keeps
 * or widens the gap goes on).  A step onto the goal may close in: the
 * player sent it there.  kf: the search's memo of the block at p (see
 * keep_gap_from), or NULL.
 */
bool
keep_breaks(const struct game *g, const struct move_walk *tw,
    const struct keep_set *ks, struct keep_from *kf, struct point p,
    enum dir face, struct point q, enum dir f)
{
	const struct unit *un = &g->units[tw->unit];
	struct point *a, *b = NULL, lo, hi;
	int na, nb = 0, i, r, gnew;
	bool breaks = false;

	if (q.x == ks->goal.x && q.y == ks->goal.y)
		return false;
	a = game_cells_take(g);
	na = game_footprint_at(g, un, q, f, tw->form, a);
	if (na > g->cells_max)
		na = g->cells_max;
	if (na > 0)
		bbox(a, na, &lo, &hi);
	for (i = 0; i < ks->n && na > 0 && !breaks; i++) {
		const struct keep *k = &ks->v[i];

		r = k->gap / STEP_ORTHO + 1;
		if (k->lo.x - hi.x > r || lo.x - k->hi.x > r ||
		    k->lo.y - hi.y > r || lo.y - k->hi.y > r)
			continue;
		if ((gnew = move_gap(a, na, k->cells, k->n)) > k->gap)
			continue;
		breaks = gnew < keep_gap_from(g, tw, ks, kf, p, face, i, &b,
		    &nb);
	}
	if (b != NULL)
		game_cells_give(g, b);
	game_cells_give(g, a);
	return breaks;
}

/*
 * The enemies of the walker's side that stop its walk (ops->move_contact
 * gives a gap to keep): their cells now, for path_cheapest's keep_clear.
 * Free with keep_free.
 */
void
keep_init(const struct game *g, const struct move_walk *w, struct point goal,
    struct keep_set *ks)
{
	const struct unit *un = &g->units[w->unit], *e;
	struct move_price pp;
	struct keep *k;
	int i, gap;

	memset(ks, 0, sizeof *ks);
	ks->goal = goal;
	if (g->rs->ops->move_contact == NULL)
		return;
	ks->v = xcalloc((size_t)g->nunits + 1, sizeof *ks->v);
	for (i = 0; i < g->nunits; i++) {
		e = &g->units[i];
		if (e->side == un->side || !unit_active(e))
			continue;
		memset(&pp, 0, sizeof pp);
		if ((gap = g->rs->ops->move_contact(g, w, i, &pp)) < 0)
			continue;
		k = &ks->v[ks->n];
		k->cells = xmallocarray((size_t)g->cells_max, sizeof *k->cells);
		k->n = game_footprint(g, e, k->cells);
		if (k->n > g->cells_max)
			k->n = g->cells_max;
		if (k->n <= 0) {
			free(k->cells);
			continue;
		}
		bbox(k->cells, k->n, &k->lo, &k->hi);
		k->gap = gap;
		ks->n++;
	}
}

/* Whether the walker's block at the goal, facing f, stands within the
 * gap of an enemy of ks: in battle contact there, however it comes. */
static bool
keep_goal_in_contact(const struct game *g, const struct move_walk *w,
    const struct keep_set *ks, enum dir f)
{
	struct point *a = game_cells_take(g);
	int na = game_footprint_at(g, &g->units[w->unit], ks->goal, f,
	    w->form, a), i;
	bool in = false;

	if (na > g->cells_max)
		na = g->cells_max;
	for (i = 0; i < ks->n && na > 0 && !in; i++)
		in = move_gap(a, na, ks->v[i].cells, ks->v[i].n) <=
		    ks->v[i].gap;
	game_cells_give(g, a);
	return in;
}

/* Whether route (n cells from w's place and facing) has a step that
 * keep_breaks: one the walk would stop before, in contact.  Not when the
 * goal itself is in contact: the walk stops short of it on any way, and
 * a way round found to close in only at the last step would wind about
 * for nothing (seen in play: a Line sent to a point beside the enemy's
 * column was offered a route turning west and back). */
bool
keep_route(const struct game *g, const struct move_walk *w,
    const struct keep_set *ks, const struct point *route, int n)
{
	struct point p = w->pos;
	enum dir face = w->facing;
	int i, d;

	if (n > 0 && ks->n > 0 && (d = dir_between(n > 1 ? route[n - 2] :
	    w->pos, route[n - 1])) >= 0 &&
	    keep_goal_in_contact(g, w, ks, (enum dir)d))
		return false;
	for (i = 0; i < n; i++) {
		d = dir_between(p, route[i]);
		if (d >= 0 && keep_breaks(g, w, ks, NULL, p, face, route[i],
		    (enum dir)d))
			return true;
		if (d >= 0)
			face = (enum dir)d;
		p = route[i];
	}
	return false;
}

/* Free a keep set made by keep_init. */
void
keep_free(struct keep_set *ks)
{
	int i;

	for (i = 0; i < ks->n; i++)
		free(ks->v[i].cells);
	free(ks->v);
}
