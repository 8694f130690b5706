/*
 * load-scenario.c - a scenario from its document tree or its file: the
 * ruleset it names, its map (load-map.c), both sides' orders of battle
 * (load-oob.c), deployment, generals, standing orders, victory, options
 * and the tutorial (load-tutorial.c).
 *
 * The reader (yread.c) turns a file into a tree of positioned nodes; the
 * loaders walk such trees into a struct map and a struct game, checking
 * every key against the ruleset the scenario names.  The formats are
 * described key by key in marshal-scenario(5).  Nothing half-built is
 * ever returned: on any error the map, the game and the ruleset are
 * freed again.
 */
#include "config.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "io/load-priv.h"
#include "io/yread.h"
#include "util/xalloc.h"

static const char *const dir_names[] = {
	"N", "NE", "E", "SE", "S", "SW", "W", "NW", NULL
};
static const char *const cond_names[] = { "formed", "mob", "routed", NULL };

/*
 * Make room to keep one more tree read from a file alive until the load
 * ends.  The room comes first: a tree in hand when the array cannot grow
 * would be lost.
 */
static void
sload_room(struct sload *s)
{
	s->trees = xreallocarray(s->trees, (size_t)s->ntrees + 1,
	    sizeof *s->trees);
}

static void
sload_free(struct sload *s)
{
	int i;

	for (i = 0; i < s->ntrees; i++)
		doc_free(s->trees[i]);
	free(s->trees);
	free(s->path);
	free(s->unit_at);
	free(s->deployed);
	free(s->ordered);
	free(s->placed);
	free(s->units.v);
	free(s->generals.v);
}


/*
 * A part given either inline (a mapping) or as a file path relative to the
 * scenario.  Returns the mapping to read, or NULL with diagnostics.
 */
static const struct doc_node *
sload_part(struct sload *s, const struct doc_node *n, const char *what)
{
	struct doc_node *tree;
	char *path;

	if (n->kind == DOC_MAP)
		return n;
	if (n->kind != DOC_SCALAR || n->len == 0) {
		diags_add(s->d, n->pos, "%s must be a file path or a mapping",
		    what);
		return NULL;
	}
	sload_room(s);
	path = path_join(s->basedir, n->str);
	s->path = path;
	tree = yread_file(path, s->d);
	s->path = NULL;
	free(path);
	if (tree == NULL) {
		diags_add(s->d, n->pos, "cannot load %s '%s'", what, n->str);
		return NULL;
	}
	s->trees[s->ntrees++] = tree;
	return tree;
}

/* The unit's footprint must be on the map, on free cells. */
static int
deploy_fit(struct sload *s, int u, struct point at, enum dir f, int form,
    const struct doc_node *an)
{
	struct point bad;
	int who;

	if (game_fits(s->g, u, at, f, form, -1, &bad) == 0)
		return 0;
	if (!map_inside(s->g->map, bad.x, bad.y))
		diags_add(s->d, an->pos, "unit '%s' does not fit on the map: "
		    "its cell [%d, %d] is off the map (%d x %d cells)",
		    s->g->units[u].id, bad.x, bad.y, s->g->map->w,
		    s->g->map->h);
	else {
		who = game_unit_at(s->g, bad.x, bad.y);
		diags_add(s->d, an->pos, "unit '%s' overlaps unit '%s' at "
		    "[%d, %d]", s->g->units[u].id, s->g->units[who].id, bad.x,
		    bad.y);
	}
	return -1;
}

/* Every cell under the unit must be ground its formation may stand on. */
static int
deploy_ground(struct sload *s, int u, const struct doc_node *an)
{
	const struct unit *un = &s->g->units[u];
	const struct landscape *l;
	struct point *c = game_cells_take(s->g);
	int i, n, r = 0;

	n = game_footprint(s->g, un, c);
	for (i = 0; i < n; i++) {
		l = &s->rs->land[map_cell(s->g->map, c[i].x, c[i].y)->land];
		if (l->forbid & (1u << un->formation)) {
			diags_add(s->d, an->pos, "unit '%s' in %s may not stand "
			    "on %s (cell [%d, %d])", un->id,
			    s->rs->form[un->formation].label, l->label,
			    c[i].x, c[i].y);
			r = -1;
			break;
		}
	}
	game_cells_give(s->g, c);
	return r;
}

static int
deploy_one(struct sload *s, int side, const struct doc_node *n)
{
	static const char *const keys[] = { "unit", "at", "facing",
	    "formation", "condition", NULL };
	const struct doc_node *fn, *on, *cn;
	struct unit *un;
	struct point at;
	int u, f, form, cond = COND_FORMED;

	if (need_map(n, "a deployment", keys, s->d) != 0 ||
	    (u = side_unit(s, side, n)) < 0)
		return -1;
	un = &s->g->units[u];
	if (s->deployed[u].line != 0) {
		diags_add(s->d, n->pos, "unit '%s' is deployed twice (first at "
		    "line %d)", un->id, s->deployed[u].line);
		return -1;
	}
	if (need_point(n, "at", s->g->map, &at, s->d) != 0 ||
	    (fn = doc_need(n, "facing", s->d)) == NULL ||
	    doc_enum(fn, dir_names, &f, s->d) != 0 ||
	    (on = doc_need(n, "formation", s->d)) == NULL ||
	    (form = unit_formation(s, un, on)) < 0 ||
	    ((cn = doc_get(n, "condition")) != NULL &&
	    doc_enum(cn, cond_names, &cond, s->d) != 0))
		return -1;
	if (deploy_fit(s, u, at, (enum dir)f, form, doc_get(n, "at")) != 0)
		return -1;
	un->pos = at;
	un->facing = (enum dir)f;
	un->formation = form;
	un->cond = (enum cond)cond;
	if (deploy_ground(s, u, doc_get(n, "at")) != 0)
		return -1;
	game_occupy(s->g, u, true);
	s->deployed[u] = n->pos;
	return 0;
}

/*
 * A reinforcement: a unit of the side not on the field at the start,
 * which comes on in the turn given (2 or later) at the place, facing and
 * formation given, once that ground is free (core/game.c).  Its block
 * must lie on the map, on ground its formation may stand on.
 */
static int
reinforce_one(struct sload *s, int side, const struct doc_node *n)
{
	static const char *const keys[] = { "unit", "turn", "at", "facing",
	    "formation", NULL };
	const struct doc_node *fn, *on;
	struct unit *un;
	struct point at, bad;
	long turn;
	int u, f, form;

	if (need_map(n, "a reinforcement", keys, s->d) != 0 ||
	    (u = side_unit(s, side, n)) < 0)
		return -1;
	un = &s->g->units[u];
	if (s->deployed[u].line != 0) {
		diags_add(s->d, n->pos, "unit '%s' is deployed twice (first at "
		    "line %d)", un->id, s->deployed[u].line);
		return -1;
	}
	if (need_int(n, "turn", 1, 100000, &turn, s->d) != 0)
		return -1;
	if (turn < 2) {
		diags_add(s->d, doc_get(n, "turn")->pos, "a reinforcement "
		    "comes on in turn 2 or later: a unit there at the start is "
		    "listed under deploy");
		return -1;
	}
	if (need_point(n, "at", s->g->map, &at, s->d) != 0 ||
	    (fn = doc_need(n, "facing", s->d)) == NULL ||
	    doc_enum(fn, dir_names, &f, s->d) != 0 ||
	    (on = doc_need(n, "formation", s->d)) == NULL ||
	    (form = unit_formation(s, un, on)) < 0)
		return -1;
	if (game_fits(s->g, u, at, (enum dir)f, form, -1, &bad) != 0 &&
	    !map_inside(s->g->map, bad.x, bad.y)) {
		diags_add(s->d, doc_get(n, "at")->pos, "unit '%s' does not fit "
		    "on the map: its cell [%d, %d] is off the map (%d x %d "
		    "cells)", un->id, bad.x, bad.y, s->g->map->w,
		    s->g->map->h);
		return -1;
	}
	un->pos = at;
	un->facing = (enum dir)f;
	un->formation = form;
	if (deploy_ground(s, u, doc_get(n, "at")) != 0)
		return -1;
	un->cond = COND_AWAY;
	un->arrives = (int)turn;
	s->deployed[u] = n->pos;
	return 0;
}

/* Every unit of both orders of battle must stand on the map. */
static int
deploy_check_all(struct sload *s)
{
	int u, bad = 0;

	for (u = 0; u < s->g->nunits; u++)
		if (s->deployed[u].line == 0) {
			diags_add(s->d, s->unit_at[u], "unit '%s' is not "
			    "deployed (list it under its side's deploy)",
			    s->g->units[u].id);
			bad = -1;
		}
	return bad;
}

static int
general_place(struct sload *s, int side, const struct doc_node *n)
{
	static const char *const keys[] = { "id", "at", NULL };
	const char *id;
	struct point at;
	int gi;

	if (need_map(n, "a general's position", keys, s->d) != 0 ||
	    need_str(n, "id", &id, s->d) != 0)
		return -1;
	gi = idtab_find(&s->generals, id);
	if (gi < 0 || s->g->generals[gi].side != side) {
		diags_add(s->d, doc_get(n, "id")->pos, "no general '%s' on the "
		    "side of %s", id, s->g->sides[side].name);
		return -1;
	}
	if (need_point(n, "at", s->g->map, &at, s->d) != 0)
		return -1;
	s->g->generals[gi].pos = at;
	s->placed[gi] = true;
	return 0;
}

/*
 * A general not placed stands with the first unit under his command
 * (directly or through his subordinates), or at his side's rear if he
 * commands none.  One walk up the chain (at most 17 generals) from each
 * unit settles them all.
 */
static void
generals_default(struct sload *s)
{
	struct game *g = s->g;
	int u, k;

	for (u = 0; u < g->nunits; u++)
		for (k = g->units[u].general; k >= 0;
		    k = g->generals[k].parent)
			if (!s->placed[k]) {
				g->generals[k].pos = g->units[u].pos;
				s->placed[k] = true;
			}
	for (k = 0; k < g->ngenerals; k++)
		if (!s->placed[k])
			g->generals[k].pos = g->sides[g->generals[k].side].rear;
}

/* The one order kind an order entry names; -1 unless exactly one. */
static int
order_kind(struct sload *s, const struct doc_node *n)
{
	static const char *const kinds[] = { "move", "formation", "stop",
	    "restore" };
	static const enum order_kind kval[] = { ORDER_MOVE, ORDER_FORMATION,
	    ORDER_STOP, ORDER_RESTORE };
	int i, kind = -1, count = 0;

	for (i = 0; i < 4; i++)
		if (doc_get(n, kinds[i]) != NULL) {
			kind = (int)kval[i];
			count++;
		}
	if (count != 1) {
		diags_add(s->d, n->pos, "an order needs exactly one of move, "
		    "formation, stop or restore");
		return -1;
	}
	return kind;
}

/* Fill the order's own data from its entry. */
static int
order_data(struct sload *s, struct order *o, const struct doc_node *n)
{
	const struct doc_node *v;
	bool yes;
	int i;

	switch (o->kind) {
	case ORDER_MOVE:
		v = doc_get(n, "move");
		if (v->kind != DOC_SEQ || v->n < 1 || v->n > ORDER_MAX_POINTS) {
			diags_add(s->d, v->pos, "move needs 1 to %d points "
			    "[[x, y], ...]", ORDER_MAX_POINTS);
			return -1;
		}
		for (i = 0; i < v->n; i++)
			if (doc_point(v->items[i], s->g->map->w, s->g->map->h,
			    &o->pts[i].x, &o->pts[i].y, s->d) != 0)
				return -1;
		o->npts = v->n;
		return 0;
	case ORDER_FORMATION:
		o->formation = unit_formation(s, &s->g->units[o->unit],
		    doc_get(n, "formation"));
		return o->formation < 0 ? -1 : 0;
	default:
		v = doc_get(n, o->kind == ORDER_STOP ? "stop" : "restore");
		if (doc_bool(v, &yes, s->d) != 0)
			return -1;
		if (!yes) {
			diags_add(s->d, v->pos, "false gives no order: leave "
			    "the entry out");
			return -1;
		}
		return 0;
	}
}

/* A standing order, given through the game like any other. */
static int
order_one(struct sload *s, int side, const struct doc_node *n)
{
	static const char *const keys[] = { "unit", "move", "formation",
	    "stop", "restore", "group", NULL };
	const struct doc_node *gn;
	struct order o;
	char *cause;
	int u, kind, i;

	if (need_map(n, "an order", keys, s->d) != 0 ||
	    (u = side_unit(s, side, n)) < 0 ||
	    (kind = order_kind(s, n)) < 0)
		return -1;
	if (s->ordered[u]) {
		diags_add(s->d, n->pos, "unit '%s' already has a standing "
		    "order", s->g->units[u].id);
		return -1;
	}
	memset(&o, 0, sizeof o);
	o.kind = (enum order_kind)kind;
	o.unit = u;
	o.general = s->g->units[u].general;
	o.formation = -1;
	if (order_data(s, &o, n) != 0)
		return -1;
	/* group: the units given this one order together (3.6.3). */
	if ((gn = doc_get(n, "group")) != NULL) {
		if (gn->kind != DOC_SEQ || gn->n < 2 ||
		    gn->n > ORDER_GROUP_MAX) {
			diags_add(s->d, gn->pos, "group needs 2 to %d unit ids",
			    ORDER_GROUP_MAX);
			return -1;
		}
		for (i = 0; i < gn->n; i++) {
			if ((o.group[i] = side_unit_id(s, side,
			    gn->items[i])) < 0)
				return -1;
			if (s->ordered[o.group[i]]) {
				diags_add(s->d, gn->items[i]->pos, "unit '%s' "
				    "already has a standing order",
				    s->g->units[o.group[i]].id);
				return -1;
			}
		}
		o.ngroup = gn->n;
	}
	if (game_order(s->g, &o, &cause) != 0) {
		diags_add(s->d, n->pos, "order for '%s' refused: %s",
		    s->g->units[u].id, cause);
		free(cause);
		return -1;
	}
	s->ordered[u] = true;
	for (i = 0; i < o.ngroup; i++)
		s->ordered[o.group[i]] = true;
	return 0;
}

/* Run fn over the entries of sequence key of side entry n. */
static int
side_each(struct sload *s, int side, const struct doc_node *n,
    const char *key, int (*fn)(struct sload *, int,
    const struct doc_node *))
{
	const struct doc_node *seq;
	int i, bad = 0;

	if (opt_seq(n, key, &seq, s->d) != 0)
		return -1;
	for (i = 0; seq != NULL && i < seq->n; i++)
		bad |= fn(s, side, seq->items[i]);
	return bad;
}

/* A side's order of battle and rear point. */
static int
side_load(struct sload *s, int i, const struct doc_node *n)
{
	static const char *const keys[] = { "oob", "rear", "generals",
	    "deploy", "reinforcements", "orders", NULL };
	const struct doc_node *on, *oob;

	if (need_map(n, "a side", keys, s->d) != 0 ||
	    (on = doc_need(n, "oob", s->d)) == NULL ||
	    (oob = sload_part(s, on, "order of battle")) == NULL)
		return -1;
	if (oob_load(s, oob) != i)
		return -1;
	return need_point(n, "rear", s->g->map, &s->g->sides[i].rear, s->d);
}

static int
objective_one(struct sload *s, const struct doc_node *n)
{
	static const char *const keys[] = { "name", "at", "points", NULL };
	struct objective *ob;
	const char *name;
	struct point at;
	long pts;

	if (need_map(n, "an objective", keys, s->d) != 0 ||
	    need_str(n, "name", &name, s->d) != 0 ||
	    need_point(n, "at", s->g->map, &at, s->d) != 0 ||
	    need_int(n, "points", 1, 1000, &pts, s->d) != 0)
		return -1;
	s->g->objectives = xreallocarray(s->g->objectives,
	    (size_t)s->g->nobjectives + 1, sizeof *s->g->objectives);
	ob = &s->g->objectives[s->g->nobjectives++];
	ob->name = NULL;		/* game_free's, should the copy fail */
	ob->name = xstrdup(name);
	ob->at = at;
	ob->points = (int)pts;
	return 0;
}

static int
load_victory(struct sload *s, const struct doc_node *root)
{
	static const char *const keys[] = { "objectives", "break_point",
	    NULL };
	const struct doc_node *v = doc_get(root, "victory"), *seq;
	long bp = 0;
	int i, bad = 0;

	if (v == NULL)
		return 0;
	if (need_map(v, "victory", keys, s->d) != 0 ||
	    opt_seq(v, "objectives", &seq, s->d) != 0 ||
	    opt_int(v, "break_point", 1, 100, &bp, s->d) != 0)
		return -1;
	for (i = 0; seq != NULL && i < seq->n; i++)
		bad |= objective_one(s, seq->items[i]);
	s->g->break_point = (int)bp;
	return bad;
}

static int
load_options(struct sload *s, const struct doc_node *root)
{
	const char *keys[4 + RULES_MAX_OPT] = { "random_speed",
	    "courier_delay", "opponent" };
	const char *opponents[OPPONENT_COUNT + 1];
	const struct doc_node *o = doc_get(root, "options"), *v;
	const struct ruleset *rs = s->g->rs;
	long turns = 0, seed = 1;
	int opp, i;

	for (opp = 0; opp < OPPONENT_COUNT; opp++)
		opponents[opp] = opponent_name((enum opponent)opp);
	opponents[OPPONENT_COUNT] = NULL;

	if (opt_int(root, "turns", 1, LOAD_MAX_TURNS, &turns, s->d) != 0 ||
	    opt_int(root, "seed", 0, LONG_MAX, &seed, s->d) != 0)
		return -1;
	s->g->opt.turn_limit = (int)turns;
	game_seed(s->g, (uint64_t)seed);
	if (o == NULL)
		return 0;
	/* The ruleset's own options are keys here too. */
	for (i = 0; i < rs->nopt && i < RULES_MAX_OPT; i++)
		keys[3 + i] = rs->opt[i].name;
	keys[3 + i] = NULL;
	if (need_map(o, "options", keys, s->d) != 0 ||
	    opt_bool(o, "random_speed", &s->g->opt.random_speed, s->d) != 0 ||
	    opt_bool(o, "courier_delay", &s->g->opt.courier_delay, s->d) != 0)
		return -1;
	for (i = 0; i < rs->nopt && i < RULES_MAX_OPT; i++)
		if (opt_bool(o, rs->opt[i].name, &s->g->opt.module[i],
		    s->d) != 0)
			return -1;
	if ((v = doc_get(o, "opponent")) != NULL) {
		if (doc_enum(v, opponents, &opp, s->d) != 0)
			return -1;
		s->g->opt.opponent = (enum opponent)opp;
	}
	return 0;
}

/* Both sides: orders of battle, then deployment, generals and orders. */
static int
load_sides(struct sload *s, const struct doc_node *root)
{
	const struct doc_node *sides = doc_need(root, "sides", s->d);
	int i, bad = 0;

	if (sides == NULL)
		return -1;
	if (sides->kind != DOC_SEQ || sides->n != GAME_MAX_SIDES) {
		diags_add(s->d, sides->pos, "sides must be a sequence of "
		    "exactly %d sides", GAME_MAX_SIDES);
		return -1;
	}
	for (i = 0; i < sides->n; i++)
		if (side_load(s, i, sides->items[i]) != 0)
			return -1;
	s->deployed = xcalloc((size_t)s->g->nunits + 1, sizeof *s->deployed);
	s->ordered = xcalloc((size_t)s->g->nunits + 1, sizeof *s->ordered);
	s->placed = xcalloc((size_t)s->g->ngenerals + 1, sizeof *s->placed);
	for (i = 0; i < sides->n; i++)
		bad |= side_each(s, i, sides->items[i], "deploy", deploy_one);
	for (i = 0; i < sides->n; i++)
		bad |= side_each(s, i, sides->items[i], "reinforcements",
		    reinforce_one);
	if (bad != 0 || deploy_check_all(s) != 0)
		return -1;
	for (i = 0; i < sides->n; i++)
		bad |= side_each(s, i, sides->items[i], "generals",
		    general_place);
	generals_default(s);
	for (i = 0; bad == 0 && i < sides->n; i++)
		bad |= side_each(s, i, sides->items[i], "orders", order_one);
	return bad;
}

/* The scenario's ruleset, by name (data directory) or by path. */
static struct ruleset *
scen_ruleset(const struct doc_node *root, const char *basedir,
    const char *datadir, struct diags *d)
{
	const struct doc_node *n = doc_need(root, "ruleset", d);
	struct ruleset *rs;
	const char *name;
	char *path;

	if (n == NULL || doc_str(n, 4096, &name, d) != 0)
		return NULL;
	path = ends_with(name, ".yaml") ? path_join(basedir, name) :
	    xstrdup(name);
	rs = load_ruleset(path, datadir, d);
	free(path);
	if (rs == NULL)
		diags_add(d, n->pos, "cannot load ruleset '%s'", name);
	return rs;
}

/* The top-level keys, with the caller's extra keys allowed. */
static int
scen_keys(const struct doc_node *root, const char *const *ignore,
    struct diags *d)
{
	static const char *const keys[] = { "scenario", "ruleset",
	    "description", "map", "turns", "seed", "options", "sides",
	    "victory", "tutorial", NULL };
	const size_t nkeys = sizeof keys / sizeof keys[0] - 1;
	const char **all;
	size_t n = 0;
	int rc;

	while (ignore != NULL && ignore[n] != NULL)
		n++;
	all = xcalloc(nkeys + n + 1, sizeof *all);
	memcpy(all, keys, nkeys * sizeof *all);
	if (n > 0)
		memcpy(all + nkeys, ignore, n * sizeof *all);
	rc = need_map(root, "a scenario", all, d);
	free(all);
	return rc;
}

/* Everything after the ruleset and the map. */
static int
scen_fill(struct sload *s, const struct doc_node *root)
{
	const char *title, *text = NULL;

	if (need_str(root, "scenario", &title, s->d) != 0 ||
	    opt_str(root, "description", LOAD_TEXT_MAX, &text, s->d) != 0)
		return -1;
	s->g->title = xstrdup(title);
	if (text != NULL)
		s->g->description = xstrdup(text);
	if (load_options(s, root) != 0 || load_sides(s, root) != 0 ||
	    load_victory(s, root) != 0)
		return -1;
	return load_tutorial(s, root);
}

/* The scenario load proper, in load_scenario_doc's fallible region. */
static void
sload_run(void *arg)
{
	struct sload *s = arg;
	const struct doc_node *mn, *mdoc;

	if (scen_keys(s->root, s->ignore, s->d) != 0 ||
	    (mn = doc_need(s->root, "map", s->d)) == NULL ||
	    (s->rs_own = scen_ruleset(s->root, s->basedir, s->datadir,
	    s->d)) == NULL)
		return;
	s->rs = s->rs_own;
	if ((mdoc = sload_part(s, mn, "map")) == NULL ||
	    (s->m = load_map_doc(s->rs, mdoc, s->d)) == NULL)
		goto fail;
	s->g = game_create(s->rs, s->m);
	s->m = NULL;			/* the game's now */
	if (scen_fill(s, s->root) != 0)
		goto fail;
	return;
fail:
	game_free(s->g);
	s->g = NULL;
	ruleset_free(s->rs_own);
	s->rs_own = NULL;
}

struct game *
load_scenario_doc(const struct doc_node *root, const char *basedir,
    const char *datadir, const char *const *ignore_keys,
    struct ruleset **rs_out, struct diags *d)
{
	struct sload s;

	memset(&s, 0, sizeof s);
	s.root = root;
	s.ignore = ignore_keys;
	s.basedir = basedir;
	s.datadir = datadir;
	s.d = d;
	if (rs_out != NULL)
		*rs_out = NULL;
	if (xalloc_try(sload_run, &s) != 0) {
		game_free(s.g);
		s.g = NULL;
		map_free(s.m);
		ruleset_free(s.rs_own);
		s.rs_own = NULL;
		diags_oom(d, root->pos);
	}
	sload_free(&s);
	if (rs_out != NULL)
		*rs_out = s.rs_own;
	else
		ruleset_free(s.rs_own);	/* as before: the caller's loss */
	return s.g;
}

/* One scenario file being loaded: what load_scenario's region frees. */
struct fload {
	const char	*path;
	const char	*datadir;
	struct ruleset	**rs_out;
	struct diags	*d;
	struct doc_node	*root;
	char		*dir;
	struct game	*g;
};

static void
fload_run(void *arg)
{
	struct fload *f = arg;

	if ((f->root = yread_file(f->path, f->d)) == NULL)
		return;
	f->dir = path_dir(f->path);
	f->g = load_scenario_doc(f->root, f->dir, f->datadir, NULL,
	    f->rs_out, f->d);
}

struct game *
load_scenario(const char *path, const char *datadir, struct ruleset **rs_out,
    struct diags *d)
{
	struct fload f = { path, datadir, rs_out, d, NULL, NULL, NULL };

	if (rs_out != NULL)
		*rs_out = NULL;
	/* Nothing allocates after load_scenario_doc hands the game out. */
	if (xalloc_try(fload_run, &f) != 0)
		diags_oom(d, (struct pos){ path, 0, 0 });
	free(f.dir);
	doc_free(f.root);
	return f.g;
}
