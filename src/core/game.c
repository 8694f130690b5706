/*
 * game.c - the game state: creation, lookup, footprints and occupancy,
 * and the single entry for orders and turns.  See game.h.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/decide.h"
#include "core/command.h"
#include "core/cells.h"
#include "core/game.h"
#include "core/tutorial.h"
#include "core/ruleset.h"
#include "util/xalloc.h"

struct game *
game_create(const struct ruleset *rs, struct map *map)
{
	struct game *g = xcalloc(1, sizeof *g);
	int i;

	g->rs = rs;
	g->map = map;
	g->turn = 1;
	g->phase = -1;
	g->opt.courier_delay = true;
	memset(g->opt.commander, -1, sizeof g->opt.commander);
	g->opt.level = -1;
	for (i = 0; i < rs->nopt && i < RULES_MAX_OPT; i++)
		g->opt.module[i] = rs->opt[i].def;
	eventlog_init(&g->log);
	xalloc_guard(g);	/* the map stays the caller's until we return */
	g->cells_max = ruleset_cells_max(rs);
	g->cells = cells_pool_create(g->cells_max);
	xalloc_guard(g->cells);
	g->occ = xcalloc((size_t)map->w * (size_t)map->h, sizeof *g->occ);
	xalloc_unguard(g->cells);
	xalloc_unguard(g);
	game_seed(g, 1);
	return g;
}

void
game_free(struct game *g)
{
	int i;

	if (g == NULL)
		return;
	for (i = 0; i < g->nunits; i++)
		unit_clear(&g->units[i]);
	free(g->units);
	for (i = 0; i < g->ngenerals; i++) {
		free(g->generals[i].id);
		free(g->generals[i].name);
	}
	free(g->generals);
	for (i = 0; i < g->nsides; i++)
		free(g->sides[i].name);
	free(g->transit);
	free(g->occ);
	cells_pool_free(g->cells);
	free(g->title);
	free(g->description);
	for (i = 0; i < g->nobjectives; i++)
		free(g->objectives[i].name);
	free(g->objectives);
	tutorial_free(g->tutorial);
	eventlog_free(&g->log);
	map_free(g->map);
	free(g);
}

static const char *const opponent_names[OPPONENT_COUNT] = {
	"computer", "player", "none"
};

const char *
opponent_name(enum opponent o)
{
	return (unsigned)o < OPPONENT_COUNT ? opponent_names[o] : "?";
}

int
opponent_parse(const char *s)
{
	int i;

	for (i = 0; i < OPPONENT_COUNT; i++)
		if (strcmp(s, opponent_names[i]) == 0)
			return i;
	return -1;
}

void
game_seed(struct game *g, uint64_t seed)
{
	g->seed = seed;
	rng_seed(&g->rng, seed);
}

int
game_add_side(struct game *g, const char *name)
{
	struct side *s;

	if (g->nsides >= GAME_MAX_SIDES)
		return -1;
	s = &g->sides[g->nsides];
	memset(s, 0, sizeof *s);
	s->name = xstrdup(name);
	s->commander = -1;
	return g->nsides++;
}

int
game_add_general(struct game *g, const char *id, const char *name, int side,
    int parent)
{
	struct general *gen;

	g->generals = xreallocarray(g->generals, (size_t)g->ngenerals + 1,
	    sizeof *g->generals);
	gen = &g->generals[g->ngenerals];
	memset(gen, 0, sizeof *gen);
	gen->side = side;
	gen->parent = parent;
	if (parent < 0 && side >= 0 && side < g->nsides &&
	    g->sides[side].commander < 0)
		g->sides[side].commander = g->ngenerals;
	/* Counted before its strings are made, so game_free finds them
	 * if an allocation fails in a load (util/xalloc.h). */
	g->ngenerals++;
	gen->id = xstrdup(id);
	gen->name = xstrdup(name);
	return g->ngenerals - 1;
}

int
game_add_unit(struct game *g, const char *id, const char *name, int side,
    int general)
{
	struct unit *u;

	if (g->nunits >= GAME_MAX_UNITS)
		return -1;
	if (g->nunits == g->units_cap) {
		/* Grown by half, not by one: a 100,000-unit load must not
		 * copy the array 100,000 times. */
		int cap = g->units_cap < 16 ? 16 :
		    g->units_cap + g->units_cap / 2;

		if (cap > GAME_MAX_UNITS)
			cap = GAME_MAX_UNITS;
		g->units = xreallocarray(g->units, (size_t)cap,
		    sizeof *g->units);
		g->units_cap = cap;
	}
	u = &g->units[g->nunits];
	memset(u, 0, sizeof *u);
	u->side = side;
	u->general = general;
	u->contact = -1;
	u->order.kind = ORDER_NONE;
	u->order.unit = g->nunits;
	u->order.general = -1;
	/* Counted first, as for generals. */
	g->nunits++;
	u->id = xstrdup(id);
	u->name = xstrdup(name);
	return g->nunits - 1;
}

int
game_find_unit(const struct game *g, const char *id)
{
	int i;

	for (i = 0; i < g->nunits; i++)
		if (strcmp(g->units[i].id, id) == 0)
			return i;
	return -1;
}

int
game_find_general(const struct game *g, const char *id)
{
	int i;

	for (i = 0; i < g->ngenerals; i++)
		if (strcmp(g->generals[i].id, id) == 0)
			return i;
	return -1;
}

int
game_footprint_at(const struct game *g, const struct unit *u,
    struct point anchor, enum dir f, int form, struct point *out)
{
	const struct formation_def *fd = &g->rs->form[form];
	int n;

	/* Where the unit stands now, a Road Column on its trail covers the
	 * trail (3.6.6), not a straight block. */
	if (anchor.x == u->pos.x && anchor.y == u->pos.y && f == u->facing &&
	    form == u->formation && unit_on_trail(u)) {
		n = u->ntrail < g->cells_max ? u->ntrail : g->cells_max;
		memcpy(out, u->trail, (size_t)n * sizeof *out);
		return n;
	}
	n = geom_footprint(anchor, f, fd->frontage[u->arm],
	    fd->depth[u->arm], out, g->cells_max);
	return n < g->cells_max ? n : g->cells_max;
}

int
game_footprint(const struct game *g, const struct unit *u, struct point *out)
{
	return game_footprint_at(g, u, u->pos, u->facing, u->formation, out);
}

int
game_fits(const struct game *g, int u, struct point anchor, enum dir f,
    int form, int ignore, struct point *bad)
{
	struct point *cells = game_cells_take(g);
	int i, n, who, r = 0;

	n = game_footprint_at(g, &g->units[u], anchor, f, form, cells);
	for (i = 0; i < n; i++) {
		if (!map_inside(g->map, cells[i].x, cells[i].y)) {
			if (bad != NULL)
				*bad = cells[i];
			r = -1;
			break;
		}
		who = g->occ[(size_t)cells[i].y * (size_t)g->map->w +
		    (size_t)cells[i].x] - 1;
		if (who >= 0 && who != u && who != ignore) {
			if (bad != NULL)
				*bad = cells[i];
			r = -1;
			break;
		}
	}
	game_cells_give(g, cells);
	return r;
}

/* Whether every cell of the block of fr files and dp ranks whose front
 * left cell is x0, y0 (files towards right, ranks towards back) is on
 * the map: its four corners are, as a cell's x and y each grow or fall
 * evenly along files and ranks. */
static bool
block_inside(const struct map *m, int x0, int y0, int fr, int dp,
    enum dir right, enum dir back)
{
	int xr = (fr - 1) * dir_dx[right], yr = (fr - 1) * dir_dy[right];
	int xb = (dp - 1) * dir_dx[back], yb = (dp - 1) * dir_dy[back];

	return map_inside(m, x0, y0) && map_inside(m, x0 + xr, y0 + yr) &&
	    map_inside(m, x0 + xb, y0 + yb) &&
	    map_inside(m, x0 + xr + xb, y0 + yr + yb);
}

void
game_occupy(struct game *g, int u, bool on)
{
	struct unit *un = &g->units[u];
	const struct formation_def *fd = &g->rs->form[un->formation];
	enum dir right = dir_turn(un->facing, 2);
	enum dir back = dir_turn(un->facing, 4);
	struct point *cells;
	int i, j, n, fr, dp, x0, y0, x, y;
	int *slot;

	/* A trail no longer in force (the unit moved, turned or changed
	 * formation since) is forgotten, so it can never come back. */
	if (on && un->trail != NULL && !unit_on_trail(un))
		unit_trail_clear(un);
	/* The straight block (game_footprint's cells, when the unit is not
	 * on a trail and none is cut off by cells_max) read where it lies,
	 * rank by rank, without writing the cells out: every unit is taken
	 * off and put back on the map each movement phase. */
	fr = geom_span(un->facing, fd->frontage[un->arm]);
	dp = geom_span(un->facing, fd->depth[un->arm]);
	if (fd->frontage[un->arm] > 0 && fd->depth[un->arm] > 0 &&
	    (long)fr * dp <= g->cells_max && !unit_on_trail(un)) {
		x0 = un->pos.x - (fr - 1) / 2 * dir_dx[right];
		y0 = un->pos.y - (fr - 1) / 2 * dir_dy[right];
		if (block_inside(g->map, x0, y0, fr, dp, right, back)) {
			/* Every cell on the map (its corners are): the
			 * cells' slots walked by their offsets. */
			long w = g->map->w, di = dir_dy[right] * w +
			    dir_dx[right], dj = dir_dy[back] * w +
			    dir_dx[back], row = (long)y0 * w + x0, k;

			for (j = 0; j < dp; j++, row += dj)
				for (i = 0, k = row; i < fr; i++, k += di) {
					slot = &g->occ[k];
					if (on)
						*slot = u + 1;
					else if (*slot == u + 1)
						*slot = 0;
				}
			return;
		}
		for (j = 0; j < dp; j++)
			for (i = 0; i < fr; i++) {
				x = x0 + j * dir_dx[back] + i * dir_dx[right];
				y = y0 + j * dir_dy[back] + i * dir_dy[right];
				if (!map_inside(g->map, x, y))
					continue;
				slot = &g->occ[(size_t)y * (size_t)g->map->w +
				    (size_t)x];
				if (on)
					*slot = u + 1;
				else if (*slot == u + 1)
					*slot = 0;
			}
		return;
	}
	cells = game_cells_take(g);
	n = game_footprint(g, &g->units[u], cells);
	for (i = 0; i < n; i++) {
		if (!map_inside(g->map, cells[i].x, cells[i].y))
			continue;
		slot = &g->occ[(size_t)cells[i].y * (size_t)g->map->w +
		    (size_t)cells[i].x];
		if (on)
			*slot = u + 1;
		else if (*slot == u + 1)
			*slot = 0;
	}
	game_cells_give(g, cells);
}

int
game_unit_at(const struct game *g, int x, int y)
{
	if (!map_inside(g->map, x, y))
		return -1;
	return g->occ[(size_t)y * (size_t)g->map->w + (size_t)x] - 1;
}

/* Points of a Move order: 1 to ORDER_MAX_POINTS, all on the map. */
static int
points_check(const struct game *g, const struct order *o, char **cause)
{
	int i;

	if (o->npts < 1 || o->npts > ORDER_MAX_POINTS) {
		*cause = xasprintf("a move order needs 1 to %d points",
		    ORDER_MAX_POINTS);
		return -1;
	}
	for (i = 0; i < o->npts; i++)
		if (!map_inside(g->map, o->pts[i].x, o->pts[i].y)) {
			*cause = xasprintf("point [%d, %d] is off the "
			    "map (%d x %d cells)", o->pts[i].x,
			    o->pts[i].y, g->map->w, g->map->h);
			return -1;
		}
	return 0;
}

/* A general's own order (unit -1): Move or Stop (3.1.2). */
/* Under a ruleset's own decision protocol, a general's order too must
 * answer a decision open for his side's orders (any unit). */
static int
general_asked(const struct game *g, const struct order *o, char **cause)
{
	struct decision d[DECIDE_MAX];
	int i, n, side = g->generals[o->general].side;

	if (g->rs->ops->decisions == NULL)
		return 0;
	n = game_decisions(g, d, DECIDE_MAX);
	for (i = 0; i < n; i++)
		if (d[i].side == side && d[i].unit < 0 &&
		    (d[i].orders & (1u << o->kind)))
			return 0;
	*cause = xasprintf("no %s order for %s is asked now",
	    order_kind_name(o->kind), g->generals[o->general].name);
	return -1;
}

static int
general_check(const struct game *g, const struct order *o, char **cause)
{
	if (o->general < 0 || o->general >= g->ngenerals) {
		*cause = xasprintf("no general number %d", o->general);
		return -1;
	}
	if (g->rs->general_speed <= 0) {
		*cause = xasprintf("generals do not ride in the %s rules",
		    g->rs->name);
		return -1;
	}
	if (o->kind == ORDER_MOVE)
		return points_check(g, o, cause) != 0 ? -1 :
		    general_asked(g, o, cause);
	if (o->kind != ORDER_STOP) {
		*cause = xasprintf("a general takes only Move and Stop "
		    "orders, not %s", order_kind_name(o->kind));
		return -1;
	}
	return general_asked(g, o, cause);
}

/*
 * Under a ruleset's own decision protocol, an order must answer a
 * decision open now: of the unit's side, for that unit or any, of a kind
 * it asks.  The engine's own protocol takes any order at any time
 * between turns, as it always has.
 */
static int
asked_check(const struct game *g, const struct order *o, char **cause)
{
	struct decision d[DECIDE_MAX];
	int i, n;

	if (g->rs->ops->decisions == NULL)
		return 0;
	n = game_decisions(g, d, DECIDE_MAX);
	for (i = 0; i < n; i++)
		if (d[i].side == g->units[o->unit].side &&
		    (d[i].unit < 0 || d[i].unit == o->unit) &&
		    (d[i].orders & (1u << o->kind)))
			return 0;
	*cause = xasprintf("no %s order for %s is asked now",
	    order_kind_name(o->kind), g->units[o->unit].name);
	return -1;
}

/* An action of the ruleset's own: one it has, with the parameters it
 * takes. */
static int
action_check(const struct game *g, const struct order *o, char **cause)
{
	const struct ruleset_action *a = g->rs->ops->actions;
	int n = 0;

	while (a != NULL && a[n].name != NULL)
		n++;
	if (o->action < 0 || o->action >= n) {
		*cause = xasprintf("no action number %d in the %s rules",
		    o->action, g->rs->name);
		return -1;
	}
	a = &a[o->action];
	if ((a->params & ACTION_POINT) && o->npts != 1) {
		*cause = xasprintf("%s takes one point, not %d", a->label,
		    o->npts);
		return -1;
	}
	if ((a->params & ACTION_POINT) && !map_inside(g->map, o->pts[0].x,
	    o->pts[0].y)) {
		*cause = xasprintf("point [%d, %d] is off the map",
		    o->pts[0].x, o->pts[0].y);
		return -1;
	}
	if ((a->params & ACTION_FACING) && (o->facing < 0 ||
	    o->facing >= DIR_COUNT)) {
		*cause = xasprintf("%s takes a facing", a->label);
		return -1;
	}
	if ((a->params & ACTION_FORMATION) && (o->formation < 0 ||
	    o->formation >= g->rs->nform)) {
		*cause = xasprintf("%s takes a formation", a->label);
		return -1;
	}
	return 0;
}

/* Generic checks every ruleset shares; the ruleset adds its own. */
static int
order_check(const struct game *g, const struct order *o, char **cause)
{
	const struct unit *u;

	if (o->unit == -1 && !g->result.over)
		return general_check(g, o, cause);
	if (o->unit < -1 || o->unit >= g->nunits) {
		*cause = xasprintf("no unit number %d", o->unit);
		return -1;
	}
	if (g->result.over) {
		*cause = xasprintf("the battle is over (turn %d, %s)",
		    g->result.turn, g->result.rule);
		return -1;
	}
	u = &g->units[o->unit];
	if (!unit_active(u)) {
		*cause = xasprintf("%s is %s and takes no orders", u->name,
		    cond_name(u->cond));
		return -1;
	}
	if (o->general >= g->ngenerals || (o->general >= 0 &&
	    g->generals[o->general].side != u->side)) {
		*cause = xasprintf("general %d cannot command %s", o->general,
		    u->name);
		return -1;
	}
	switch (o->kind) {
	case ORDER_MOVE:
		if (points_check(g, o, cause) != 0)
			return -1;
		break;
	case ORDER_FORMATION:
		if (o->formation < 0 || o->formation >= g->rs->nform) {
			*cause = xasprintf("no formation number %d",
			    o->formation);
			return -1;
		}
		if ((g->rs->form[o->formation].arms & (1u << u->arm)) == 0) {
			*cause = xasprintf("%s cannot form %s (%s)", u->name,
			    g->rs->form[o->formation].label, arm_name(u->arm));
			return -1;
		}
		break;
	case ORDER_STOP:
	case ORDER_RESTORE:
		break;
	case ORDER_ACTION:
		if (action_check(g, o, cause) != 0)
			return -1;
		break;
	default:
		*cause = xasprintf("unknown order kind %d", (int)o->kind);
		return -1;
	}
	if (asked_check(g, o, cause) != 0)
		return -1;
	if (g->rs->ops->order_check != NULL)
		return g->rs->ops->order_check(g, o, cause);
	return 0;
}

/*
 * A group order: a Move order to 2..ORDER_GROUP_MAX different units of
 * one side, the order's unit among them, and one destination (the group
 * has no waypoints: its line wheels, then marches straight).  Each member
 * must also take the order by itself.
 */
static int
group_check(const struct game *g, const struct order *o, char **cause)
{
	struct order one;
	int i, j, side = -1, has = 0;

	if (o->ngroup < 2 || o->ngroup > ORDER_GROUP_MAX) {
		*cause = xasprintf("a group order names 2 to %d units, not %d",
		    ORDER_GROUP_MAX, o->ngroup);
		return -1;
	}
	if (o->kind != ORDER_MOVE) {
		*cause = xasprintf("only a move order may be given to a group, "
		    "not a %s order", order_kind_name(o->kind));
		return -1;
	}
	if (o->npts != 1) {
		*cause = xasprintf("a group move order takes one destination, "
		    "not %d points", o->npts);
		return -1;
	}
	for (i = 0; i < o->ngroup; i++) {
		if (o->group[i] < 0 || o->group[i] >= g->nunits) {
			*cause = xasprintf("no unit number %d", o->group[i]);
			return -1;
		}
		for (j = 0; j < i; j++)
			if (o->group[j] == o->group[i]) {
				*cause = xasprintf("%s is named twice in the "
				    "group", g->units[o->group[i]].name);
				return -1;
			}
		if (side < 0)
			side = g->units[o->group[i]].side;
		else if (g->units[o->group[i]].side != side) {
			*cause = xasprintf("%s is not of the same side as %s",
			    g->units[o->group[i]].name,
			    g->units[o->group[0]].name);
			return -1;
		}
		has |= o->group[i] == o->unit;
	}
	if (!has) {
		*cause = xasprintf("unit number %d is not in its own group",
		    o->unit);
		return -1;
	}
	for (i = 0; i < o->ngroup; i++) {
		one = *o;
		one.unit = o->group[i];
		one.ngroup = 0;
		if (order_check(g, &one, cause) != 0)
			return -1;
	}
	return 0;
}

/*
 * An action answers a decision now: the unit holds it at once, with
 * only the parameters its kind takes, whatever its general's distance
 * (an aide carries standing orders, not answers).
 */
static void
action_give(struct game *g, struct order *o)
{
	const struct ruleset_action *a = &g->rs->ops->actions[o->action];
	struct unit *u = &g->units[o->unit];

	if (!(a->params & ACTION_POINT))
		o->npts = 0;
	if (!(a->params & ACTION_FACING))
		o->facing = -1;
	if (!(a->params & ACTION_FORMATION))
		o->formation = -1;
	u->act = *o;
	if (a->params & ACTION_FACING)
		game_log(g, o->unit, EV_ORDER, a->rule != NULL ? a->rule : "",
		    "%s: %s, facing %s", u->name, a->label,
		    dir_name((enum dir)o->facing));
	else if (a->params & ACTION_POINT)
		game_log(g, o->unit, EV_ORDER, a->rule != NULL ? a->rule : "",
		    "%s: %s, to [%d, %d]", u->name, a->label, o->pts[0].x,
		    o->pts[0].y);
	else
		game_log(g, o->unit, EV_ORDER, a->rule != NULL ? a->rule : "",
		    "%s: %s", u->name, a->label);
}

struct point
game_group_place(const struct game *g, const struct order *o, int member)
{
	struct point c = { 0, 0 }, p;
	const struct unit *m = &g->units[member];
	int i;

	/* The group's centre: the mean of its anchors. */
	for (i = 0; i < o->ngroup; i++) {
		c.x += g->units[o->group[i]].pos.x;
		c.y += g->units[o->group[i]].pos.y;
	}
	c.x = (c.x + o->ngroup / 2) / o->ngroup;
	c.y = (c.y + o->ngroup / 2) / o->ngroup;
	p.x = o->pts[0].x + m->pos.x - c.x;
	p.y = o->pts[0].y + m->pos.y - c.y;
	p.x = p.x < 0 ? 0 : p.x >= g->map->w ? g->map->w - 1 : p.x;
	p.y = p.y < 0 ? 0 : p.y >= g->map->h ? g->map->h - 1 : p.y;
	return p;
}

void
game_group_member(const struct game *g, const struct order *o, int member,
    struct order *out)
{
	*out = *o;
	out->unit = member;
	out->to = o->pts[0];
	out->pts[0] = game_group_place(g, o, member);
	out->issued = g->turn;
	out->arrives = g->turn;
	out->formation = -1;	/* a Move names none */
}

int
game_order(struct game *g, const struct order *o, char **cause)
{
	struct order ord;
	int i;

	*cause = NULL;
	if (o->ngroup != 0) {
		if (group_check(g, o, cause) != 0)
			return -1;
		/* Every member holds its own copy with its own place,
		 * delivered like any other order. */
		for (i = 0; i < o->ngroup; i++) {
			game_group_member(g, o, o->group[i], &ord);
			command_order(g, &ord);
		}
		if (g->on_order != NULL)
			g->on_order(g->on_order_arg, g, o);
		return 0;
	}
	if (order_check(g, o, cause) != 0)
		return -1;
	ord = *o;
	ord.issued = g->turn;
	ord.arrives = g->turn;
	/* Only a Formation order names one: whatever the others carry
	 * (the interface 0, the AI -1) the game holds the same, so a
	 * recording replays to the state that was played. */
	if (ord.kind == ORDER_ACTION) {
		action_give(g, &ord);	/* heard as held: its parameters */
		if (g->on_order != NULL)
			g->on_order(g->on_order_arg, g, &ord);
		return 0;
	}
	if (ord.kind != ORDER_FORMATION)
		ord.formation = -1;
	/* In force now, or with an aide: the chain of command decides. */
	command_order(g, &ord);
	if (g->on_order != NULL)
		g->on_order(g->on_order_arg, g, o);
	return 0;
}

int
game_order_undo(struct game *g, int u, char **cause)
{
	*cause = NULL;
	if (u < 0 || u >= g->nunits) {
		*cause = xasprintf("no unit %d", u);
		return -1;
	}
	if (g->result.over) {
		*cause = xasprintf("the battle is over");
		return -1;
	}
	if (command_undo(g, u) != 0) {
		*cause = xasprintf("%s has had no order this turn",
		    g->units[u].name);
		return -1;
	}
	if (g->on_undo != NULL)
		g->on_undo(g->on_undo_arg, g, u);
	return 0;
}

/*
 * A new turn begins: reinforcements due by now come on where the scenario
 * sends them, formed, if the ground there is free; one that finds it
 * taken waits for the next turn.
 */
static void
arrivals(struct game *g)
{
	const char *rule = g->rs->ops->arrive_rule != NULL ?
	    g->rs->ops->arrive_rule : "";
	struct unit *u;
	struct point bad;
	int i;

	for (i = 0; i < g->nunits; i++) {
		u = &g->units[i];
		if (u->cond != COND_AWAY || u->arrives > g->turn)
			continue;
		if (game_fits(g, i, u->pos, u->facing, u->formation, -1,
		    &bad) != 0) {
			game_log(g, i, EV_NOTE, rule, "%s cannot come on at "
			    "[%d, %d]: cell [%d, %d] is taken; it tries again "
			    "next turn", u->name, u->pos.x, u->pos.y, bad.x,
			    bad.y);
			continue;
		}
		u->cond = COND_FORMED;
		u->arrives = 0;
		game_occupy(g, i, true);
		game_log(g, i, EV_CONDITION, rule, "%s comes on at [%d, %d] "
		    "facing %s, %s", u->name, u->pos.x, u->pos.y,
		    dir_name(u->facing), g->rs->form[u->formation].label);
	}
}

void
game_turn(struct game *g)
{
	if (g->result.over)
		return;
	g->rs->ops->turn_run(g);
	g->decided = 0;		/* a new turn asks afresh (core/decide.h) */
	g->step = 0;
	if (!g->result.over)
		arrivals(g);
}

int
game_phase(struct game *g)
{
	const struct ruleset *rs = g->rs;
	int p = g->phase + 1;

	if (rs->ops->phase_run == NULL || rs->nphases == 0 ||
	    (g->phase < 0 && g->result.over))
		return -1;
	rs->ops->phase_run(g, p);
	if (p + 1 >= rs->nphases) {
		g->phase = -1;
		g->turn++;
		if (!g->result.over)
			arrivals(g);
	} else
		g->phase = p;
	return p;
}

void
game_end(struct game *g, int winner, const int *points, const char *rule)
{
	struct game_result *r = &g->result;
	int s;

	if (r->over)
		return;
	r->over = true;
	r->winner = winner >= 0 && winner < g->nsides ? winner : -1;
	for (s = 0; s < GAME_MAX_SIDES; s++)
		r->points[s] = points != NULL ? points[s] : 0;
	snprintf(r->rule, sizeof r->rule, "%s", rule);
	r->turn = g->turn;
}

void
game_track(struct game *g, int u, int max)
{
	struct unit *un = &g->units[u];
	struct point cur = un->pos, rear = g->sides[un->side].rear, next;
	enum dir d;
	int n = 0;

	free(un->track);
	un->track = xcalloc((size_t)(max > 0 ? max : 1), sizeof *un->track);
	while (n < max && (cur.x != rear.x || cur.y != rear.y)) {
		d = geom_heading(cur, rear);
		next.x = cur.x + dir_dx[d];
		next.y = cur.y + dir_dy[d];
		if (!map_inside(g->map, next.x, next.y))
			break;
		un->track[n++] = cur = next;
	}
	un->ntrack = n;
}

bool
game_over(const struct game *g)
{
	return g->result.over;
}
