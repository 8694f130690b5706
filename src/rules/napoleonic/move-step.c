/*
 * napoleonic/move-step.c - the price of one step (the engine's
 * move_step): landscape and its permeability (3.6.5), obstacles and
 * their crossing, contours, roads and narrow passages (3.6.6), a
 * formation the ground forbids, and the most a unit could ever spend in
 * a turn, beyond which a step is never made.
 */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/command.h"
#include "core/game.h"
#include "core/move.h"
#include "rules/napoleonic/move.h"
#include "rules/napoleonic/move-priv.h"
#include "rules/napoleonic/phases.h"
#include "util/textf.h"
#include "util/xalloc.h"

/* Whether formation f of this unit may stand on every landscape of mask. */
static bool
form_may(const struct game *g, const struct unit *u, int f, uint64_t lands)
{
	const struct ruleset *rs = g->rs;
	int l;

	if ((rs->form[f].arms & (1u << u->arm)) == 0 ||
	    (rs->form[f].flags & FORMF_IMMOBILE) != 0)
		return false;
	for (l = 0; l < rs->nland; l++)
		if ((lands & ((uint64_t)1 << l)) != 0 &&
		    (rs->land[l].forbid & (1u << f)) != 0)
			return false;
	return true;
}

static const char *
land_names(const struct game *g, uint64_t lands, char *buf, size_t len)
{
	int l;
	size_t n = 0;

	buf[0] = '\0';
	for (l = 0; l < g->rs->nland; l++)
		if ((lands & ((uint64_t)1 << l)) != 0 && n + 2 < len)
			n += (size_t)textf(buf + n, len - n, "%s%s",
			    n > 0 ? ", " : "", lname(g->rs->land[l].label));
	return buf;
}

/*
 * The most the walker's unit could have to spend in any one turn in its
 * formation (ticks): its best speed (on a road, for the formations that
 * march on one), its musician while it keeps him, the best speed roll
 * when that option is on.  Ground it starts in, the wheel and a crowded
 * road only ever take away.  A step dearer than this is never made.
 */
static int
most_allowance(const struct game *g, const struct move_walk *w)
{
	const struct ruleset *rs = g->rs;
	const struct nap_move *m = nap_move(rs);
	const struct unit *u = &g->units[w->unit];
	const struct nap_speed *sp;
	int most = 0, s, k, forms[2], nforms = 0;

	if (u->arm == ARM_ARTILLERY) {
		most = m->art_road > m->art_speed[u->klass] ? m->art_road :
		    m->art_speed[u->klass];
		if (NAP_MUSICIAN(w))
			most += m->musician;
		if (most > nap_drill(rs, u) * rs->ticks)	/* AP = Drill */
			most = nap_drill(rs, u) * rs->ticks;
	} else {
		forms[nforms++] = w->form;
		if (rs->form[w->form].flags & FORMF_ROAD)
			forms[nforms++] = m->rc_off_road;
		for (k = 0; k < nforms; k++) {
			sp = &m->speed[u->arm][forms[k]];
			if (!sp->set)
				continue;
			s = sp->mul * nap_drill(rs, u) * rs->ticks + sp->add;
			if (s > most)
				most = s;
		}
		if (NAP_MUSICIAN(w))
			most += m->musician;
	}
	if (g->opt.random_speed) {
		s = m->high_change > m->low_change ? m->high_change :
		    m->low_change;
		if (s > 0)
			most += s;
	}
	return most;
}

/*
 * How a step's price note ends: ", 1 BD left", what the walk has after
 * it; nothing where the step costs more than is left.  The walk then
 * says, with the step's whole price and what it has, whether it makes
 * the step (spending all) or stops before it, the note read as what it
 * would have done: "0 BD left" there stood beside "it has 1.75 BD left".
 */
static void
left_text(const struct ruleset *rs, const struct move_walk *w,
    const struct move_price *p, char *buf, size_t len)
{
	if (w->left >= p->ticks)
		snprintf(buf, len, ", %s left", bd(rs, w->left - p->ticks));
	else
		buf[0] = '\0';
}

/* 3.6.5: the front would cross an obstacle at a slant. */
static void
slant(const struct move_walk *w, struct move_price *p)
{
	p->verdict = MOVE_NEVER;
	p->halt = HALT_OBSTACLE;
	if (w->explain)
		move_price_note(p, "3.6.5", "an obstacle is crossed square on, "
		    "never at a slant");
}

/* Whether x, y and the cells about it are on the map, so that
 * map_diag_blocked reads the four edges about it straight. */
static inline bool
interior(const struct map *map, int x, int y)
{
	return x >= 1 && y >= 1 && x + 1 < map->w && y + 1 < map->h;
}

/* The landscapes of the old front (the walker's own rank, at pos facing
 * f, fr cells wide), read only as far as it takes to know which of new_l
 * it does not stand on already. */
static inline __attribute__((always_inline)) uint64_t
old_front(const struct map *map, struct point pos, enum dir f, int fr,
    uint64_t new_l)
{
	struct point rank0, rstep, prev;
	uint64_t old_l = 0;
	long k0, dk;
	int no, i;

	no = geom_rank(pos, f, fr, &rank0, &rstep);
	if (no > 0 && map_inside(map, rank0.x, rank0.y) && map_inside(map,
	    rank0.x + (no - 1) * rstep.x, rank0.y + (no - 1) * rstep.y)) {
		/* All on the map: by their place in the map's array. */
		k0 = (long)rank0.y * map->w + rank0.x;
		dk = (long)rstep.y * map->w + rstep.x;
		for (i = 0; i < no && (new_l & ~old_l) != 0; i++, k0 += dk)
			old_l |= (uint64_t)1 << map->cells[k0].land;
		return old_l;
	}
	for (i = 0; i < no && (new_l & ~old_l) != 0; i++) {
		prev.x = rank0.x + i * rstep.x;
		prev.y = rank0.y + i * rstep.y;
		if (map_inside(map, prev.x, prev.y))
			old_l |= (uint64_t)1 << map_cell(map, prev.x,
			    prev.y)->land;
	}
	return old_l;
}

/* 3.6.5: the dearest Pr + Pe of the landscapes in enter (the new front's
 * that the old does not stand on), its landscape in *eland (-1 none). */
static inline int
enter_cost(const struct game *g, const struct unit *u, int form,
    uint64_t enter, int *eland)
{
	const struct ruleset *rs = g->rs;
	int l, e, ecost = 0;

	/* By its set bits, lowest first: the first of equal prices wins. */
	*eland = -1;
	for (; enter != 0; enter &= enter - 1) {
		l = __builtin_ctzll(enter);
		e = rs->land[l].pr + unit_pe(g, u, form, l, NULL);
		if (e > ecost) {
			ecost = e;
			*eland = l;
		}
	}
	return ecost;
}

/*
 * A slanting step's four edges about the cell each cell of the front
 * comes from (map_diag_blocked): offsets in the map's array from the
 * cell entered, two read for their east side and two for their south.
 */
static inline void
slant_edges(const struct map *map, enum dir d, long e[4])
{
	long mw = map->w, from = -((long)dir_dy[d] * mw + dir_dx[d]);

	e[0] = from + (dir_dx[d] > 0 ? 0 : -1);
	e[1] = e[0] + dir_dy[d] * mw;
	e[2] = from + (dir_dy[d] > 0 ? 0 : -mw);
	e[3] = e[2] + dir_dx[d];
}

/* Whether any of the slanting step's edges into cell k has an obstacle
 * (e from slant_edges). */
static inline bool
slant_crossed(const struct map *map, long k, const long e[4])
{
	return map->cells[k + e[0]].edge[EDGE_EAST] != 0 ||
	    map->cells[k + e[1]].edge[EDGE_EAST] != 0 ||
	    map->cells[k + e[2]].edge[EDGE_SOUTH] != 0 ||
	    map->cells[k + e[3]].edge[EDGE_SOUTH] != 0;
}

/*
 * nap_move_step for the step most often priced, by the walk and above
 * all by a route search: in a formation that keeps to no road, its
 * front on the map and on ground the formation may enter (and may swing
 * onto, when a turn comes before the step: turned_forbid), crossing no
 * obstacle, passage, defile or contour, with no note to write (no new
 * ground to pay for, or no explanation wanted).  Its price is then the
 * step and the Pr + Pe of the new ground, less what a road it follows
 * takes off (3.6.6), nothing more, and it is written into p as the
 * whole of nap_move_step would write it.
 * A slanting front that would pass an obstacle's end is never made,
 * whatever its road, ground or turn: that answer is written here too,
 * as step_long writes it.  False, p untouched, for any other step:
 * nap_move_step prices it the long way.
 */
static inline bool
step_plain(const struct game *g, const struct move_walk *w, enum dir d,
    struct move_price *p)
{
	const struct ruleset *rs = g->rs;
	const struct unit *u = &g->units[w->unit];
	const struct map *map = g->map;
	const struct formation_def *fd = &rs->form[w->form];
	struct point to = { w->pos.x + dir_dx[d], w->pos.y + dir_dy[d] };
	struct point rank0, rstep, end;
	uint64_t new_l = 0, back_l = 0, look, enter;
	long k0, dk, ke, kb;
	int nn, i, side, ecost, eland, k, edges, road, pe;
	bool diag = dir_diagonal(d);

	if (fd->flags & FORMF_ROAD)
		return false;
	/* The front on the map from end to end holds to (its anchor), so
	 * to is on the map too.  On a large map the front's cells are
	 * seldom in the cache: they are read first, all of them, and the
	 * questions about to and the walker's own cell (contours, defile,
	 * road) asked after, so that the memory fetches them together
	 * rather than one question at a time. */
	nn = geom_rank(to, d, fd->frontage[u->arm], &rank0, &rstep);
	end.x = rank0.x + (nn - 1) * rstep.x;
	end.y = rank0.y + (nn - 1) * rstep.y;
	if (nn <= 0 || !map_inside(map, rank0.x, rank0.y) ||
	    !map_inside(map, end.x, end.y))
		return false;
	k0 = (long)rank0.y * map->w + rank0.x;
	dk = (long)rstep.y * map->w + rstep.x;
	/* The cells one step behind the new front's, kb from them: the
	 * same rank laid out from the walker's own cell facing d, which is
	 * its old front when it already faces d and the front a turn
	 * swings it onto when it does not (turned_forbid).  Read in the
	 * same pass as the new front, they spare a second walk along it. */
	kb = -((long)dir_dy[d] * map->w + dir_dx[d]);
	if (!diag) {
		/* Each cell's ground, and the edge crossed into it: kept by
		 * the cell behind it stepping east or south, else by its
		 * own (see map_edge).  The cells behind lie on the
		 * walker's row or column, between the front's ends. */
		side = d == DIR_E || d == DIR_W ? EDGE_EAST : EDGE_SOUTH;
		ke = d == DIR_E || d == DIR_S ? kb : 0;
		for (i = 0, edges = 0; i < nn; i++, k0 += dk) {
			edges |= map->cells[k0 + ke].edge[side];
			new_l |= (uint64_t)1 << map->cells[k0].land;
			back_l |= (uint64_t)1 << map->cells[k0 + kb].land;
		}
		if (edges != 0)
			return false;
	} else {
		/* At a slant away from the map's sides: the four edges
		 * about the cell each comes from (map_diag_blocked). */
		long e[4];

		if (!interior(map, rank0.x - dir_dx[d], rank0.y - dir_dy[d]) ||
		    !interior(map, end.x - dir_dx[d], end.y - dir_dy[d]))
			return false;
		slant_edges(map, d, e);
		for (i = 0, edges = 0; i < nn; i++, k0 += dk) {
			edges |= map->cells[k0 + e[0]].edge[EDGE_EAST] |
			    map->cells[k0 + e[1]].edge[EDGE_EAST] |
			    map->cells[k0 + e[2]].edge[EDGE_SOUTH] |
			    map->cells[k0 + e[3]].edge[EDGE_SOUTH];
			new_l |= (uint64_t)1 << map->cells[k0].land;
			back_l |= (uint64_t)1 << map->cells[k0 + kb].land;
		}
		if (edges != 0) {
			/* Past an obstacle's end: step_long's first answer
			 * for this front, before any turn or ground. */
			move_price_init(p);
			if (road_between(g, w->pos, to) != ROAD_NONE)
				p->flags |= MPF_ROAD;
			slant(w, p);
			return true;
		}
	}
	if (map_contours(map, w->pos, to) != 0 ||
	    (map_cell(map, to.x, to.y)->flags & CELL_DEFILE))
		return false;
	/* 3.6.5: ground the formation may not enter, nor swing onto when
	 * it turns to step (turned_forbid's cases; its road case is not
	 * one here, no formation keeping to roads comes this way). */
	look = new_l;
	k = dir_diff(w->facing, d);
	if (k != 0 && k != 4 && !(k == 3 && fd->depth[u->arm] >
	    fd->frontage[u->arm]))
		look |= back_l;
	for (; look != 0; look &= look - 1)
		if ((rs->land[__builtin_ctzll(look)].forbid &
		    (1u << w->form)) != 0)
			return false;
	/* Already facing d, the old front is the rank behind, read above
	 * whole (old_front reads no more than it needs, with the same
	 * answer).  Else the old front holds the walker's own cell: what
	 * ground that stands on is not new, and when the new front stands
	 * on nothing else (most steps), old_front is not asked at all. */
	if (k == 0)
		enter = new_l & ~back_l;
	else if ((enter = new_l & ~((uint64_t)1 << map_cell(map, w->pos.x,
	    w->pos.y)->land)) != 0)
		enter &= ~old_front(map, w->pos, w->facing,
		    fd->frontage[u->arm], enter);
	ecost = enter_cost(g, u, w->form, enter, &eland);
	if (eland >= 0 && w->explain)
		return false;	/* "enters ...": the long way writes it */
	move_price_init(p);
	road = road_between(g, w->pos, to);
	if (road != ROAD_NONE) {
		p->flags |= MPF_ROAD;
		if (eland >= 0 && road == ROAD_BIG) {
			/* 3.6.6: landscape does not slow the big road. */
			ecost = 0;
			eland = -1;
		} else if (eland >= 0) {
			/* 3.6.6: on a small road it slows one less. */
			pe = unit_pe(g, u, w->form, eland, NULL);
			ecost -= pe > nap_move(rs)->road_relief ?
			    nap_move(rs)->road_relief : pe;
		}
	}
	p->ticks = dir_step_cost(d) + ecost;
	if (eland >= 0 && ecost > 0) {
		/* 3.6.5: only Pr + Pe above what is left stops it. */
		p->halt = HALT_TERRAIN;
		p->need = ecost;
	}
	return true;
}

/*
 * A step that comes with a turn (the walker faces other than d): the
 * turn swings the front about its centre where the unit stands before
 * the step is taken (3.6.3), and its wings may come down on ground the
 * step's new front, one cell on, never crosses.  The landscapes of the
 * turned front that forbid the walker's formation (3.6.5), 0 for none;
 * the step treats them as ground it enters.  Only the front, as for a
 * step: the ranks behind follow where it leads.  A face-about leaves
 * the block on its cells (nap_move_turn), and a column on its road
 * follows it (3.6.6): no new ground.  Road cells are open to the
 * formations that keep to roads, as for the step.
 */
static uint64_t
turned_forbid(const struct game *g, const struct move_walk *w, enum dir d)
{
	const struct ruleset *rs = g->rs;
	const struct formation_def *fd = &rs->form[w->form];
	const struct map *map = g->map;
	const struct unit *u = &g->units[w->unit];
	const struct cell *c;
	struct point at, rstep;
	int k = dir_diff(w->facing, d), nn, i;
	uint64_t bad = 0;

	if (k == 0 || k == 4 || (k == 3 && fd->depth[u->arm] >
	    fd->frontage[u->arm]) || ((fd->flags & FORMF_ROAD) &&
	    map_cell(map, w->pos.x, w->pos.y)->road != ROAD_NONE))
		return 0;
	nn = geom_rank(w->pos, d, fd->frontage[u->arm], &at, &rstep);
	for (i = 0; i < nn; i++, at.x += rstep.x, at.y += rstep.y) {
		if (!map_inside(map, at.x, at.y))
			continue;
		c = map_cell(map, at.x, at.y);
		if (cell_forbids(rs, c, w->form))
			bad |= (uint64_t)1 << c->land;
	}
	return bad;
}

/* nap_move_step the long way: any step (step_plain's first); turned:
 * forbidden ground the turn before it swings the block onto
 * (turned_forbid). */
static __attribute__((noinline)) void
step_long(const struct game *g, const struct move_walk *w, enum dir d,
    uint64_t turned, struct move_price *p)
{
	const struct ruleset *rs = g->rs;
	const struct nap_move *m = nap_move(rs);
	const struct unit *u = &g->units[w->unit];
	const struct map *map = g->map;
	const struct formation_def *fd = &rs->form[w->form];
	struct point to = { w->pos.x + dir_dx[d], w->pos.y + dir_dy[d] };
	/* end, the new front's last cell, is set once the rank is laid out;
	 * its start value only keeps every read of it defined. */
	struct point prev, rank0, rstep, at, end = { 0, 0 };
	uint64_t old_l = 0, new_l = 0, bad_l = 0, enter;
	int fr = fd->frontage[u->arm], nn, i, l, road, ob, pass;
	int oc = -1, obest = -1, ecost = 0, eland = -1, ccost = 0, nc, free_c;
	int step, f, factor, pe, e, relief = 0, narrow_kind = PASS_NONE, most;
	int nn_checked = 0, side;
	long k0, dk;
	bool diag = dir_diagonal(d), bigbridge = false;
	const struct cell *c;
	char names[128], tail[80];

	names[0] = '\0';
	tail[0] = '\0';
	move_price_init(p);
	if (!map_inside(map, to.x, to.y)) {
		p->verdict = MOVE_NEVER;
		p->halt = HALT_BLOCKED;
		if (w->explain)
			move_price_note(p, "3.6.1", "the edge of the map");
		return;
	}
	/* The new front's cells, from rank0 by rstep to end (the old
	 * front's ground is read below, only as far as it tells what
	 * ground is new).  No cap on fr: every frontage is at least 2 less
	 * than g->cells_max (ruleset_cells_max). */
	nn = geom_rank(to, d, fr, &rank0, &rstep);
	end.x = rank0.x + (nn - 1) * rstep.x;
	end.y = rank0.y + (nn - 1) * rstep.y;
	road = road_between(g, w->pos, to);
	if (road != ROAD_NONE)
		p->flags |= MPF_ROAD;
	if (nn > 0 && !(fd->flags & FORMF_ROAD) &&
	    map_inside(map, rank0.x, rank0.y) &&
	    map_inside(map, end.x, end.y)) {
		/* The common case, the same answer read faster: a front
		 * square to the grid, on the map from end to end (a straight
		 * rank on a rectangle), in a formation with no road to keep
		 * it on forbidden ground: the landscapes it steps on, then
		 * which of them forbid the formation.  Square on, only the
		 * cells' ground: read by their place in the map's array; at
		 * a slant away from the map's sides, the four edges about
		 * the cell each comes from too (those map_diag_blocked reads
		 * there). */
		k0 = (long)rank0.y * map->w + rank0.x;
		dk = (long)rstep.y * map->w + rstep.x;
		if (!diag) {
			for (i = 0; i < nn; i++, k0 += dk)
				new_l |= (uint64_t)1 << map->cells[k0].land;
		} else if (interior(map, rank0.x - dir_dx[d],
		    rank0.y - dir_dy[d]) && interior(map, end.x - dir_dx[d],
		    end.y - dir_dy[d])) {
			long sl[4];

			slant_edges(map, d, sl);
			for (i = 0; i < nn; i++, k0 += dk) {
				if (slant_crossed(map, k0, sl)) {
					slant(w, p);
					return;
				}
				new_l |= (uint64_t)1 << map->cells[k0].land;
			}
		} else
			for (i = 0, at = rank0; i < nn; i++, at.x += rstep.x,
			    at.y += rstep.y) {
				if (map_diag_blocked(map, at.x - dir_dx[d],
				    at.y - dir_dy[d], d)) {
					slant(w, p);
					return;
				}
				new_l |= (uint64_t)1 << map_cell(map, at.x,
				    at.y)->land;
			}
		for (enter = new_l; enter != 0; enter &= enter - 1) {
			l = __builtin_ctzll(enter);
			if ((rs->land[l].forbid & (1u << w->form)) != 0)
				bad_l |= (uint64_t)1 << l;
		}
		nn_checked = nn;
	}
	at.x = rank0.x + nn_checked * rstep.x;
	at.y = rank0.y + nn_checked * rstep.y;
	for (i = nn_checked; i < nn; i++, at.x += rstep.x, at.y += rstep.y) {
		if (!map_inside(map, at.x, at.y)) {
			p->verdict = MOVE_NEVER;
			p->halt = HALT_BLOCKED;
			if (w->explain)
				move_price_note(p, "3.6.1", "its front would "
				    "leave the map");
			return;
		}
		if (diag && map_diag_blocked(map, at.x - dir_dx[d],
		    at.y - dir_dy[d], d)) {
			slant(w, p);
			return;
		}
		c = map_cell(map, at.x, at.y);
		new_l |= (uint64_t)1 << c->land;
		if (cell_forbids(rs, c, w->form))
			bad_l |= (uint64_t)1 << c->land;
	}
	/* Each cell of the new front has been checked above for a slant past
	 * an obstacle's end, to (stepped to from the walker's own cell)
	 * among them: the front's anchor is one of its cells. */
	/* 3.6.5: the formation may not enter this ground, nor swing onto
	 * it turning to step. */
	new_l |= turned;
	bad_l |= turned;
	if (bad_l != 0) {
		p->halt = HALT_TERRAIN;
		if (w->explain)
			land_names(g, bad_l, names, sizeof names);
		if (m->auto_form != w->form && form_may(g, u, m->auto_form,
		    new_l)) {
			p->verdict = MOVE_CHANGE;
			p->form = m->auto_form;
			if (w->explain)
				move_price_note(p, "3.6.5",
				    "%s may not enter %s; "
				    "it changes to %s at once: automatic, "
				    "free, no order", fd->label, names,
				    rs->form[m->auto_form].label);
			return;
		}
		for (f = 0; f < rs->nform; f++)
			if (f != w->form && f != m->auto_form &&
			    form_may(g, u, f, new_l))
				break;
		if (f < rs->nform) {
			p->verdict = MOVE_NEED_ORDER;
			p->form = f;
			if (w->explain)
				move_price_note(p, "3.6.5",
				    "neither %s nor %s may "
				    "enter %s; %s could, but that needs a "
				    "Formation order and a whole turn: stops "
				    "at the edge", fd->label,
				    rs->form[m->auto_form].label, names,
				    rs->form[f].label);
			return;
		}
		p->verdict = MOVE_IMPASSABLE;
		if (w->explain)
			move_price_note(p, "3.6.5",
			    "%s may not enter %s in any "
			    "formation, not even %s", u->name, names,
			    rs->form[m->auto_form].label);
		return;
	}
	/* 3.6.5 / 3.6.6: obstacles on the edges the front crosses. */
	if (!diag) {
		/* Every cell of the new front is on the map, and so is every
		 * cell behind it: the front of a square step lies across it,
		 * so the cells behind it are on the walker's own row (N or
		 * S) or column (E or W), between the front's ends.  Each edge
		 * crossed is kept by the cell on its west or north side (see
		 * map_edge): read by its place in the map's array (k0, on by
		 * dk), the cell behind the front stepping east or south, else
		 * the front's own; the edges with no obstacle before the
		 * first are passed over at once (most fronts cross none). */
		side = d == DIR_E || d == DIR_W ? EDGE_EAST : EDGE_SOUTH;
		k0 = d == DIR_E || d == DIR_S ?
		    (long)(rank0.y - dir_dy[d]) * map->w + rank0.x - dir_dx[d] :
		    (long)rank0.y * map->w + rank0.x;
		dk = (long)rstep.y * map->w + rstep.x;
		for (i = 0; i < nn && map->cells[k0].edge[side] == 0; i++)
			k0 += dk;
		for (at.x = rank0.x + i * rstep.x, at.y = rank0.y +
		    i * rstep.y; i < nn; i++, at.x += rstep.x,
		    at.y += rstep.y, k0 += dk) {
			c = &map->cells[k0];
			if ((ob = c->edge[side]) == 0)
				continue;
			pass = c->pass[side];
			prev.x = at.x - dir_dx[d];
			prev.y = at.y - dir_dy[d];
			if (pass != PASS_NONE) {
				if (pass == PASS_BRIDGE &&
				    map_cell(map, prev.x, prev.y)->road ==
				    ROAD_BIG && map_cell(map, at.x,
				    at.y)->road == ROAD_BIG)
					bigbridge = true;
				else {
					narrow_kind = pass;
					p->flags |= MPF_NARROW;
					p->passage = (int)(((size_t)prev.y *
					    (size_t)map->w + (size_t)prev.x) *
					    4 + (size_t)d / 2);
				}
				continue;
			}
			if (rs->obst[ob].forbid & (1u << w->form)) {
				p->verdict = MOVE_NEVER;
				p->halt = HALT_OBSTACLE;
				if (w->explain)
					move_price_note(p, "3.6.5",
					    "%s may not "
					    "cross the %s", fd->label,
					    lname(rs->obst[ob].label));
				return;
			}
			e = rs->obst[ob].pr + rs->obst[ob].pe;
			if (e > oc) {
				oc = e;
				obest = ob;
			}
		}
	}
	/* 3.6.5: a steeplechase counts 1 BD wide when crossed, once: where
	 * the obstacle line jogs, part of the front crossed it on the last
	 * step (an edge of it right behind a cell of the old front) and the
	 * rest crosses now, the same crossing, not a second one (seen in
	 * play: a Skirmish Group paid the Rothe twice, 4 BD for 1 BD). */
	if (obest > 0 && !diag) {
		enum dir back = dir_turn(d, 4);

		for (i = 0, at = rank0; i < nn; i++, at.x += rstep.x,
		    at.y += rstep.y) {
			prev.x = at.x - dir_dx[d];
			prev.y = at.y - dir_dy[d];
			if (map_inside(map, prev.x, prev.y) && map_edge(map,
			    prev.x, prev.y, back, NULL) == obest)
				break;
		}
		if (i < nn) {
			if (w->explain)
				move_price_note(p, "3.6.5",
				    "the rest of its front "
				    "comes over the %s it began to cross: "
				    "one crossing, paid already",
				    lname(rs->obst[obest].label));
			obest = -1;
			oc = -1;
		}
	}
	if ((p->flags & MPF_NARROW) && w->explain)
		move_price_note(p, "3.6.6",
		    "the %s ahead is a narrow passage: one "
		    "unit a turn", narrow_kind == PASS_GATE ? "gate" :
		    "bridge");
	c = map_cell(map, to.x, to.y);
	if ((c->flags & CELL_DEFILE) &&
	    !(map_cell(map, w->pos.x, w->pos.y)->flags & CELL_DEFILE)) {
		p->flags |= MPF_NARROW;
		p->passage = (int)(((size_t)to.y * (size_t)map->w +
		    (size_t)to.x) * 4 + 3);
		if (w->explain)
			move_price_note(p, "3.6.6",
			    "the defile ahead is a narrow "
			    "passage: one unit a turn");
	}
	/* 3.6.5: entering new landscape costs Pr + Pe. */
	/* The old front's ground: enough of it to know which of the new
	 * front's landscapes it does not stand on already. */
	old_l = old_front(map, w->pos, w->facing, fr, new_l);
	ecost = enter_cost(g, u, w->form, new_l & ~old_l, &eland);
	if (eland >= 0 && road == ROAD_BIG) {
		if (w->explain)
			move_price_note(p, "3.6.6",
			    "enters %s on the big road: "
			    "landscape does not slow it",
			    lname(rs->land[eland].label));
		ecost = 0;
		eland = -1;
	}
	/* 3.6.5 contours: the first ones in a turn are free. */
	nc = map_contours(map, w->pos, to);
	if (nc > 0) {
		free_c = m->free_contours - w->contours;
		if (free_c < 0)
			free_c = 0;
		e = nc > free_c ? nc - free_c : 0;
		if (road == ROAD_BIG) {
			if (w->explain && e > 0)
				move_price_note(p, "3.6.6",
				    "crosses %d contour%s "
				    "on the big road: no effect", nc,
				    nc > 1 ? "s" : "");
		} else if (e > 0) {
			int per = m->contour_cost;

			if (road == ROAD_SMALL)
				per = per > m->road_relief ?
				    per - m->road_relief : 0;
			ccost = e * per;
		}
	}
	/* 3.6.6: on a small road the landscape slows one less. */
	if (eland >= 0 && road == ROAD_SMALL) {
		pe = unit_pe(g, u, w->form, eland, NULL);
		relief = pe > m->road_relief ? m->road_relief : pe;
		ecost -= relief;
	}
	step = obest > 0 ? m->obstacle_width : dir_step_cost(d);
	p->ticks = step + (obest > 0 ? oc : 0) + ecost + ccost;
	if (w->explain)
		left_text(rs, w, p, tail, sizeof tail);
	/*
	 * M18 reading: a crossing dearer than the most the unit can move in
	 * any turn is never made (only a may_end_on obstacle is crossed over
	 * two turns).  Saying so turns the walk and the planner to a gate, a
	 * gap or a bridge, where "not this turn" had them wait before it for
	 * good.  Whether such a crossing should be allowed at all is the
	 * rule's question (doc/rules.md, M16 to M19), not the planner's.
	 */
	if (obest > 0 && !rs->obst[obest].may_end_on &&
	    m->obstacle_width + oc > (most = most_allowance(g, w))) {
		p->verdict = MOVE_NEVER;
		p->halt = HALT_OBSTACLE;
		if (w->explain)
			move_price_note(p, "3.6.5", "%s can never cross the %s "
			    "here: %s (Pr %s + Pe %s + %s wide) is more "
			    "than the %s it moves at most in a turn in %s",
			    u->name, lname(rs->obst[obest].label),
			    bd(rs, m->obstacle_width + oc),
			    num(rs, rs->obst[obest].pr),
			    num(rs, rs->obst[obest].pe),
			    bd(rs, m->obstacle_width), bd(rs, most),
			    fd->label);
		return;
	}
	if (obest > 0) {
		p->halt = HALT_OBSTACLE;
		/* Issue 12, decision 3: met on a slant, the front squares
		 * itself to the obstacle as part of the crossing. */
		if (dir_diff(w->facing, d) == 1 &&
		    !(fd->flags & FORMF_FREE_TURN)) {
			p->flags |= MPF_SQUARE;
			if (w->explain)
				move_price_note(p, "3.6.5",
				    "squares its front to "
				    "the %s as part of the crossing: no "
				    "turn to pay", lname(rs->obst[obest].label));
		}
		if (rs->obst[obest].may_end_on)
			p->flags |= MPF_MAY_END_ON;
		/* Issue 12: the crossing and the Pr + Pe of ground behind
		 * it must be paid for; the rest (the contours) is paid as
		 * far as what is left goes. */
		p->need = m->obstacle_width + oc + ecost;
		/* M19: with no more left than the crossing itself (less only
		 * on a minimum move) the unit ends as a Mob.  With less and
		 * no minimum move it does not cross at all (the walk stops it
		 * before the obstacle), and the step's note, read as what it
		 * would have done, must not say it crosses.  (A step priced
		 * just after a turn still reads fresh: the walk pays the turn,
		 * which ends the minimum move, after the price.) */
		if (w->left <= m->obstacle_width + oc &&
		    !rs->obst[obest].may_end_on && (w->fresh ||
		    w->left >= p->need))
			p->flags |= MPF_MOB_AFTER;
		if (w->explain)
			move_price_note(p, "3.6.5",
			    "crosses the %s (Pr %s + Pe %s "
			    "+ %s wide) = %s%s; its front is square "
			    "to it, facing %s", lname(rs->obst[obest].label),
			    num(rs, rs->obst[obest].pr),
			    num(rs, rs->obst[obest].pe),
			    bd(rs, m->obstacle_width),
			    bd(rs, m->obstacle_width + oc),
			    tail, dir_name(d));
	} else if (bigbridge && w->explain)
		move_price_note(p, "3.6.6",
		    "crosses the bridge of the big road: "
		    "part of the road, no effect");
	if (eland >= 0 && ecost > 0) {
		/* 3.6.5: only Pr + Pe above what is left stops it before
		 * the new ground, not the step itself (issue 12, decision
		 * 2). */
		if (obest <= 0) {
			p->halt = HALT_TERRAIN;
			p->need = ecost;
		}
		pe = unit_pe(g, u, w->form, eland, &factor);
		if (w->explain && relief > 0)
			move_price_note(p, "3.6.6",
			    "enters %s on a small road (Pr %s "
			    "+ Pe %s%s, less %s) = -%s%s",
			    lname(rs->land[eland].label),
			    num(rs, rs->land[eland].pr),
			    num(rs, rs->land[eland].pe), factor > 1 ? " x 2" :
			    "", bd(rs, relief), bd(rs, ecost), tail);
		else if (w->explain)
			move_price_note(p, "3.6.5",
			    "enters %s (%s%s%sPe %s%s): -%s "
			    "besides the step%s", lname(rs->land[eland].label),
			    rs->land[eland].pr ? "Pr " : "",
			    rs->land[eland].pr ? num(rs, rs->land[eland].pr) :
			    "", rs->land[eland].pr ? " + " : "",
			    num(rs, rs->land[eland].pe), factor > 1 ?
			    " x 2 for a cavalry Manoeuvre Column" : "",
			    bd(rs, ecost), tail);
	}
	if (ccost > 0 && w->explain)
		move_price_note(p, "3.6.5",
		    "crosses %d contour%s, %d free this "
		    "turn%s: -%s%s", nc, nc > 1 ? "s" : "",
		    m->free_contours, road == ROAD_SMALL ?
		    " (one less on the small road)" : "", bd(rs, ccost),
		    tail);
	else if (nc > 0 && road != ROAD_BIG && w->explain)
		move_price_note(p, "3.6.5",
		    "crosses %d contour%s: free (%d free "
		    "per turn%s)", nc, nc > 1 ? "s" : "", m->free_contours,
		    road == ROAD_SMALL ? ", one less on the small road" : "");
	if ((p->flags & MPF_MOB_AFTER) && w->explain)
		move_price_note(p, "3.6.5",
		    "its speed left is %s the crossing: "
		    "it crosses but ends as a Mob", w->left ==
		    m->obstacle_width + oc ? "exactly" : "less than");
}

/*
 * M18 (issue 12), with 3.6.5: the formation the ground ahead makes the
 * unit take at once (MOVE_CHANGE, the Manoeuvre Column at a village's
 * edge) would stand, where the unit stands, across an obstacle its
 * block is not across now: the tail of a Column that becomes a
 * Manoeuvre Column reaches back over the stream it has just crossed.  A
 * unit never ends its move on an obstacle, and a march may end right
 * after the change, so the change is not made and the step is never
 * taken: the walk goes round (the route search is told so too) or stops
 * before the new ground, as the Formation order that would do the same
 * is refused (nap_form_check).  The note names the obstacle and the two
 * cells either side of it.  An obstacle at the new front rank is not
 * asked: the front is where the unit meets what it is about to cross,
 * which the step prices (a column come up square to an obstacle that
 * runs at a slant has a front corner over it already).
 */
static void
change_astride(const struct game *g, const struct move_walk *w,
    struct move_price *p)
{
	const struct ruleset *rs = g->rs;
	struct point a, b;
	int o, form = p->form;

	if ((o = nap_astride_new(g, w, form, &a, &b)) <= 0)
		return;
	move_price_init(p);
	p->verdict = MOVE_NEVER;
	p->halt = HALT_OBSTACLE;
	p->flags |= MPF_SAY_ROUND;
	if (w->explain)
		move_price_note(p, "3.6.5", "as a %s here its block would "
		    "stand astride the %s between [%d, %d] and [%d, %d]: a "
		    "unit never ends its move on an obstacle (M18), so not "
		    "this way", rs->form[form].label,
		    lname(rs->obst[o].label), a.x, a.y, b.x, b.y);
}

/* The price of a step (the engine's move_step): a plain step the short
 * way, in a frame of its own, any other the long way; the change of
 * formation the long way may ask for is refused where it would leave
 * the block astride an obstacle (change_astride). */
void
nap_move_step(const struct game *g, const struct move_walk *w, enum dir d,
    struct move_price *p)
{
	if (!step_plain(g, w, d, p)) {
		step_long(g, w, d, w->facing != d ? turned_forbid(g, w, d) :
		    0, p);
		if (p->verdict == MOVE_CHANGE)
			change_astride(g, w, p);
	}
}
