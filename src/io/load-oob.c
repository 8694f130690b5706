/*
 * load-oob.c - orders of battle: a side and its tree of generals and
 * units, each checked against the ruleset (arms, classes, formations);
 * and the look-ups by id the rest of the scenario makes into them.
 */
#include "config.h"

#include "io/load-priv.h"
#include "util/xalloc.h"

static const char *const arm_names[] = {
	"infantry", "cavalry", "artillery", NULL
};

/* The default class of an arm: the first the ruleset lists for it. */
static int
default_class(const struct ruleset *rs, enum arm arm)
{
	int i;

	for (i = 0; i < rs->nklass; i++)
		if (rs->klass[i].arm == arm)
			return ruleset_class(rs, arm, rs->klass[i].name);
	return -1;
}

static int
unit_class(struct sload *s, struct unit *u, const struct doc_node *n)
{
	const struct doc_node *c = doc_get(n, "class");
	const char *name;

	if (c == NULL) {
		u->klass = default_class(s->rs, u->arm);
		return 0;
	}
	if (doc_str(c, LOAD_NAME_MAX, &name, s->d) != 0)
		return -1;
	if ((u->klass = ruleset_class(s->rs, u->arm, name)) < 0) {
		diags_add(s->d, c->pos, "unknown class '%s' of %s in ruleset "
		    "%s", name, arm_name(u->arm), s->rs->name);
		return -1;
	}
	return 0;
}

/* Record where unit i was defined. */
static void
sload_unit_at(struct sload *s, int i, struct pos at)
{
	if (i >= s->unit_at_cap) {
		/* By half, as the units themselves (game_add_unit). */
		int cap = i < 16 ? 16 : i + i / 2;

		s->unit_at = xreallocarray(s->unit_at, (size_t)cap,
		    sizeof *s->unit_at);
		s->unit_at_cap = cap;
	}
	s->unit_at[i] = at;
}

/*
 * The ruleset's attributes of a unit from its order-of-battle entry n
 * into vals (state values take their defaults): a number within its
 * range, required or else its default, or a flag.
 */
static int
unit_attrs(struct sload *s, const struct doc_node *n, int *vals)
{
	const struct attr_def *a;
	long v;
	bool on;
	int i;

	for (i = 0; i < s->rs->nattr; i++) {
		a = &s->rs->attr[i];
		vals[i] = a->def;
		if (a->state)
			continue;
		if (a->flag) {
			on = a->def != 0;
			if (opt_bool(n, a->name, &on, s->d) != 0)
				return -1;
			vals[i] = on;
			continue;
		}
		v = a->def;
		if ((a->required ? need_int(n, a->name, a->min, a->max, &v,
		    s->d) : opt_int(n, a->name, a->min, a->max, &v, s->d)) != 0)
			return -1;
		vals[i] = (int)v;
	}
	return 0;
}

static int
oob_unit(struct sload *s, int side, int gen, const struct doc_node *n)
{
	static const char *const base[] = { "id", "name", "arm", "class",
	    "strength", NULL };
	const char *keys[sizeof base / sizeof base[0] + UNIT_ATTR_MAX];
	const struct doc_node *an;
	const char *id, *name;
	struct unit *u;
	int vals[UNIT_ATTR_MAX];
	long men;
	int arm, i, k;

	for (k = 0; base[k] != NULL; k++)
		keys[k] = base[k];
	for (i = 0; i < s->rs->nattr; i++)
		if (!s->rs->attr[i].state)
			keys[k++] = s->rs->attr[i].name;
	keys[k] = NULL;
	if (need_map(n, "a unit", keys, s->d) != 0 ||
	    need_str(n, "id", &id, s->d) != 0)
		return -1;
	if ((i = idtab_find(&s->units, id)) >= 0) {
		diags_add(s->d, doc_get(n, "id")->pos, "duplicate unit id '%s' "
		    "(first at line %d)", id, s->unit_at[i].line);
		return -1;
	}
	name = id;
	if (opt_str(n, "name", LOAD_NAME_MAX, &name, s->d) != 0 ||
	    (an = doc_need(n, "arm", s->d)) == NULL ||
	    doc_enum(an, arm_names, &arm, s->d) != 0 ||
	    unit_attrs(s, n, vals) != 0 ||
	    need_int(n, "strength", 1, LOAD_MAX_MEN, &men, s->d) != 0)
		return -1;
	if ((i = game_add_unit(s->g, id, name, side, gen)) < 0) {
		diags_add(s->d, n->pos, "too many units: a battle holds at "
		    "most %d", GAME_MAX_UNITS);
		return -1;
	}
	sload_unit_at(s, i, n->pos);
	idtab_add(&s->units, s->g->units[i].id, i);
	u = &s->g->units[i];
	u->arm = (enum arm)arm;
	for (k = 0; k < s->rs->nattr; k++)
		unit_attr_set(u, k, vals[k]);
	u->strength = u->strength0 = (int)men;
	u->formation = -1;
	return unit_class(s, u, n);
}

static int oob_general(struct sload *, int, int, const struct doc_node *,
    int);

/* The units and subordinate generals under general gen. */
static int
oob_children(struct sload *s, int side, int gen, const struct doc_node *n,
    int depth)
{
	const struct doc_node *units, *cmds;
	int i, bad = 0;

	if (opt_seq(n, "units", &units, s->d) != 0 ||
	    opt_seq(n, "commands", &cmds, s->d) != 0)
		return -1;
	for (i = 0; units != NULL && i < units->n; i++)
		bad |= oob_unit(s, side, gen, units->items[i]);
	for (i = 0; cmds != NULL && i < cmds->n; i++)
		bad |= oob_general(s, side, gen, cmds->items[i], depth + 1);
	return bad;
}

static int
oob_general(struct sload *s, int side, int parent, const struct doc_node *n,
    int depth)
{
	static const char *const keys[] = { "id", "name", "radius", "units",
	    "commands", NULL };
	const struct doc_node *rn;
	const char *id, *name;
	long radius = 0;
	int gen;

	if (depth > LOAD_MAX_DEPTH) {
		diags_add(s->d, n->pos, "the chain of command is deeper than "
		    "%d levels", LOAD_MAX_DEPTH);
		return -1;
	}
	if (need_map(n, "a general", keys, s->d) != 0 ||
	    need_str(n, "id", &id, s->d) != 0)
		return -1;
	if (idtab_find(&s->generals, id) >= 0) {
		diags_add(s->d, doc_get(n, "id")->pos, "duplicate general id "
		    "'%s'", id);
		return -1;
	}
	name = id;
	if (opt_str(n, "name", LOAD_NAME_MAX, &name, s->d) != 0)
		return -1;
	if ((rn = doc_get(n, "radius")) != NULL &&
	    doc_fixed(rn, s->rs->ticks, 0, 1000L * s->rs->ticks, &radius,
	    s->d) != 0)
		return -1;
	gen = game_add_general(s->g, id, name, side, parent);
	idtab_add(&s->generals, s->g->generals[gen].id, gen);
	s->g->generals[gen].radius = (int)radius;
	return oob_children(s, side, gen, n, depth);
}

/*
 * An order of battle: one side and its tree of generals and units, or,
 * for a side without generals, its units alone (units: at the top; its
 * orders are then in force at once, with no aide to carry them).
 */
int
oob_load(struct sload *s, const struct doc_node *n)
{
	static const char *const keys[] = { "oob", "side", "general", "units",
	    NULL };
	const struct doc_node *top;
	const char *title, *side;
	int si;

	if (need_map(n, "an order of battle", keys, s->d) != 0 ||
	    need_str(n, "oob", &title, s->d) != 0 ||
	    need_str(n, "side", &side, s->d) != 0)
		return -1;
	top = doc_get(n, "general");
	if ((top == NULL) == (doc_get(n, "units") == NULL)) {
		diags_add(s->d, n->pos, "an order of battle has either a "
		    "general (the head of its chain of command) or units (a "
		    "side without generals), not %s", top == NULL ? "neither" :
		    "both");
		return -1;
	}
	if ((si = game_add_side(s->g, side)) < 0) {
		diags_add(s->d, n->pos, "too many sides");
		return -1;
	}
	if (top != NULL ? oob_general(s, si, -1, top, 0) != 0 :
	    oob_children(s, si, -1, n, 0) != 0)
		return -1;
	return si;
}

/* The unit whose id is the scalar un, which must belong to side; or -1. */
int
side_unit_id(struct sload *s, int side, const struct doc_node *un)
{
	const char *id;
	int u;

	if (doc_str(un, LOAD_NAME_MAX, &id, s->d) != 0)
		return -1;
	if ((u = idtab_find(&s->units, id)) < 0) {
		diags_add(s->d, un->pos, "unknown unit '%s'", id);
		return -1;
	}
	if (s->g->units[u].side != side) {
		diags_add(s->d, un->pos, "unit '%s' belongs to %s, not to %s",
		    id, s->g->sides[s->g->units[u].side].name,
		    s->g->sides[side].name);
		return -1;
	}
	return u;
}

/* The unit named by n's "unit" key, which must belong to side; or -1. */
int
side_unit(struct sload *s, int side, const struct doc_node *n)
{
	const struct doc_node *un = doc_need(n, "unit", s->d);

	return un == NULL ? -1 : side_unit_id(s, side, un);
}

/* A formation name the unit's arm may take; its index or -1. */
int
unit_formation(struct sload *s, const struct unit *u,
    const struct doc_node *n)
{
	const char *name;
	int f;

	if (doc_str(n, LOAD_NAME_MAX, &name, s->d) != 0)
		return -1;
	if ((f = ruleset_form(s->rs, name)) < 0) {
		diags_add(s->d, n->pos, "unknown formation '%s' in ruleset %s",
		    name, s->rs->name);
		return -1;
	}
	if ((s->rs->form[f].arms & (1u << u->arm)) == 0) {
		diags_add(s->d, n->pos, "%s cannot form %s: the formation is "
		    "not for %s", u->id, s->rs->form[f].label,
		    arm_name(u->arm));
		return -1;
	}
	return f;
}
