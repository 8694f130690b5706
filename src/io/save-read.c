/*
 * save-read.c - reading saved games: the header, the state laid over the
 * scenario it names (save_apply), and loading a save file or text whole
 * (save_load, save_load_text).  See save.h.  The reader goes through
 * yread and the checked doc accessors, so a bad save is reported with
 * file, line and column; save-write.c writes what this reads.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ai/ai.h"
#include "io/load.h"
#include "core/command.h"
#include "io/save.h"
#include "io/yread.h"
#include "util/xalloc.h"

/*
 * What reading a save's state holds.  Everything allocated is reachable
 * from here at every allocation, for save_apply's fallible region.
 */
struct sread {
	struct game	*g;
	const struct doc_node *root;
	struct diags	*d;
	const char	**form_names;	/* NULL-terminated */
	struct point	*pts;		/* an order's points being read */
	struct unit	*nu;		/* units read (route, track owned) */
	int		 nu_len;	/* entries of nu */
	struct order	*ntr;		/* orders in transit read */
	struct point	*gpos;		/* per general */
	int		*grad;
	struct order	*gord;		/* per general: his own ride */
	bool		*seen;		/* per unit */
	int		 r;		/* save_apply's result */
};

static int
need_u64(const struct doc_node *map, const char *key, uint64_t *out,
    struct diags *d)
{
	const struct doc_node *n = doc_need(map, key, d);
	const char *s;
	char *end;
	unsigned long long v;

	if (n == NULL || doc_str(n, 32, &s, d) != 0)
		return -1;
	errno = 0;
	v = strtoull(s, &end, 16);
	if (strncmp(s, "0x", 2) != 0 || *end != '\0' || errno != 0) {
		diags_add(d, n->pos, "%s: expected a hexadecimal number "
		    "0x..., not '%s'", key, s);
		return -1;
	}
	*out = v;
	return 0;
}

static int
need_enum(const struct doc_node *map, const char *key,
    const char *const *names, int *out, struct diags *d)
{
	const struct doc_node *n = doc_need(map, key, d);

	if (n == NULL)
		return -1;
	return doc_enum(n, names, out, d);
}

/* A general or unit named by id; -1 ("no general") allowed if none_ok. */
static int
need_ref(struct sread *s, const struct doc_node *map, const char *key,
    bool unit, bool none_ok, int *out)
{
	const struct doc_node *n = doc_need(map, key, s->d);
	const char *id;
	int i;

	if (n == NULL)
		return -1;
	if (none_ok && !n->quoted && n->kind == DOC_SCALAR &&
	    strcmp(n->str, "-1") == 0) {
		*out = -1;
		return 0;
	}
	if (doc_str(n, 1024, &id, s->d) != 0)
		return -1;
	i = unit ? game_find_unit(s->g, id) : game_find_general(s->g, id);
	if (i < 0) {
		diags_add(s->d, n->pos, "no %s '%s' in the scenario",
		    unit ? "unit" : "general", id);
		return -1;
	}
	*out = i;
	return 0;
}

static int
need_form(struct sread *s, const struct doc_node *map, const char *key,
    int *out)
{
	const struct doc_node *n = doc_need(map, key, s->d);
	long v;

	if (n == NULL)
		return -1;
	if (n->kind == DOC_SCALAR && !n->quoted && n->str[0] != '\0' &&
	    strspn(n->str, "-0123456789") == n->len) {
		if (doc_int(n, INT_MIN, INT_MAX, &v, s->d) != 0)
			return -1;
		*out = (int)v;
		return 0;
	}
	return doc_enum(n, s->form_names, out, s->d);
}

/* A sequence of [x, y] points on the map; *out allocated (NULL if none). */
static int
need_points(struct sread *s, const struct doc_node *map, const char *key,
    int max, struct point **out, int *nout)
{
	const struct doc_node *n = doc_need(map, key, s->d);
	struct point *p;
	int i;

	if (n == NULL || doc_expect(n, DOC_SEQ, key, s->d) != 0)
		return -1;
	if (n->n > max) {
		diags_add(s->d, n->pos, "%s: %d points, at most %d", key, n->n,
		    max);
		return -1;
	}
	/* Handed out at once: *out is where a failed allocation finds it. */
	p = *out = n->n > 0 ? xcalloc((size_t)n->n, sizeof *p) : NULL;
	for (i = 0; i < n->n; i++)
		if (doc_point(n->items[i], s->g->map->w, s->g->map->h,
		    &p[i].x, &p[i].y, s->d) != 0) {
			free(p);
			*out = NULL;
			return -1;
		}
	*nout = n->n;
	return 0;
}

static int
read_order(struct sread *s, const struct doc_node *n, struct order *o)
{
	static const char *const keys[] = { "kind", "general", "formation",
	    "points", "issued", "arrives", "group", "to", "action", "facing",
	    NULL };
	static const char *dirs[DIR_COUNT + 1];
	const struct doc_node *gn;
	static const char *kinds[ORDER_KIND_COUNT + 1];
	int i, kind, npts = 0, bad = 0;

	for (i = 0; i < ORDER_KIND_COUNT; i++)
		kinds[i] = order_kind_name((enum order_kind)i);
	for (i = 0; i < DIR_COUNT; i++)
		dirs[i] = dir_name((enum dir)i);
	if (doc_expect(n, DOC_MAP, "an order", s->d) != 0 ||
	    doc_check_keys(n, keys, s->d) != 0)
		return -1;
	o->action = -1;
	o->facing = -1;
	if ((gn = doc_get(n, "action")) != NULL) {
		const char *name;

		if (doc_str(gn, 64, &name, s->d) != 0)
			return -1;
		if ((o->action = ruleset_action(s->g->rs, name)) < 0) {
			diags_add(s->d, gn->pos, "no action '%s' in ruleset "
			    "'%s'", name, s->g->rs->name);
			return -1;
		}
	}
	if ((gn = doc_get(n, "facing")) != NULL &&
	    doc_enum(gn, dirs, &o->facing, s->d) != 0)
		return -1;
	bad |= need_enum(n, "kind", kinds, &kind, s->d);
	bad |= need_ref(s, n, "general", false, true, &o->general);
	bad |= need_form(s, n, "formation", &o->formation);
	bad |= doc_need_int(n, "issued", 0, INT_MAX, &o->issued, s->d);
	bad |= doc_need_int(n, "arrives", 0, INT_MAX, &o->arrives, s->d);
	o->ngroup = 0;
	if ((gn = doc_get(n, "group")) != NULL) {
		if (doc_expect(gn, DOC_SEQ, "a list of unit ids", s->d) != 0)
			return -1;
		if (gn->n < 2 || gn->n > ORDER_GROUP_MAX) {
			diags_add(s->d, gn->pos, "a group names 2 to %d units",
			    ORDER_GROUP_MAX);
			return -1;
		}
		for (i = 0; i < gn->n; i++) {
			const char *id;

			if (doc_str(gn->items[i], 1024, &id, s->d) != 0)
				return -1;
			if ((o->group[i] = game_find_unit(s->g, id)) < 0) {
				diags_add(s->d, gn->items[i]->pos, "no unit "
				    "'%s' in the scenario", id);
				return -1;
			}
		}
		o->ngroup = gn->n;
		if ((gn = doc_need(n, "to", s->d)) == NULL ||
		    doc_point(gn, s->g->map->w, s->g->map->h, &o->to.x,
		    &o->to.y, s->d) != 0)
			return -1;
	}
	if (need_points(s, n, "points", ORDER_MAX_POINTS, &s->pts, &npts) != 0)
		return -1;
	if (!bad && (kind == ORDER_ACTION) != (o->action >= 0)) {
		diags_add(s->d, n->pos, "an action order names its action, and "
		    "only an action order does");
		bad = -1;
	}
	if (!bad) {
		o->kind = (enum order_kind)kind;
		o->npts = npts;
		memset(o->pts, 0, sizeof o->pts);
		if (npts > 0)
			memcpy(o->pts, s->pts, (size_t)npts * sizeof *s->pts);
	}
	free(s->pts);
	s->pts = NULL;
	return bad ? -1 : 0;
}

/*
 * A saved road trail (3.6.6) must be the body of a single-file march
 * column: its head where the unit stands, each cell next to the one
 * before it.  A save without one gives the column its straight block.
 */
static int
check_trail(struct sread *s, const struct doc_node *n, const struct unit *u,
    const struct point *t)
{
	const struct formation_def *fd = &s->g->rs->form[u->formation];
	int i;

	if (u->ntrail == 0)
		return 0;
	if (!(fd->flags & FORMF_ROAD) || fd->frontage[u->arm] != 1) {
		diags_add(s->d, n->pos, "trail: %s is not a march column in "
		    "single file", fd->name);
		return -1;
	}
	if (t[0].x != u->pos.x || t[0].y != u->pos.y) {
		diags_add(s->d, n->pos, "trail: its head [%d, %d] is not where "
		    "the unit stands [%d, %d]", t[0].x, t[0].y, u->pos.x,
		    u->pos.y);
		return -1;
	}
	for (i = 1; i < u->ntrail; i++)
		if (dir_between(t[i - 1], t[i]) < 0) {
			diags_add(s->d, n->items[i]->pos, "trail: [%d, %d] is "
			    "not next to [%d, %d]", t[i].x, t[i].y,
			    t[i - 1].x, t[i - 1].y);
			return -1;
		}
	return 0;
}

/* General j's own ride (3.1.2): a Move order of his own, or nothing. */
static int
read_general_order(struct sread *s, const struct doc_node *n, int j)
{
	struct order o;

	memset(&o, 0, sizeof o);
	if (read_order(s, n, &o) != 0)
		return -1;
	if ((o.kind != ORDER_MOVE && o.kind != ORDER_NONE) ||
	    o.general != j || (o.kind == ORDER_MOVE && o.npts < 1)) {
		diags_add(s->d, n->pos, "a general's own order is a move "
		    "with its points and his own id as general");
		return -1;
	}
	o.unit = -1;
	s->gord[j] = o;
	return 0;
}

/*
 * The ruleset's attributes (state false) or state values of a unit, every
 * one required: an attribute within its declared range (a flag true or
 * false), a state value any integer, as play may have left it.
 */
static int
read_attrs(struct sread *s, const struct doc_node *n, struct unit *u,
    bool state)
{
	const struct ruleset *rs = s->g->rs;
	const struct doc_node *k;
	bool on;
	int i, v, bad = 0;

	for (i = 0; i < rs->nattr; i++) {
		if (rs->attr[i].state != state)
			continue;
		if (rs->attr[i].flag) {
			if ((k = doc_need(n, rs->attr[i].name, s->d)) == NULL ||
			    doc_bool(k, &on, s->d) != 0)
				bad = -1;
			else
				unit_attr_set(u, i, on);
		} else if (doc_need_int(n, rs->attr[i].name,
		    rs->attr[i].state ? INT_MIN : rs->attr[i].min,
		    rs->attr[i].state ? INT_MAX : rs->attr[i].max, &v,
		    s->d) != 0)
			bad = -1;
		else
			unit_attr_set(u, i, v);
	}
	return bad;
}

static int
read_unit(struct sread *s, const struct doc_node *n, struct unit *out,
    bool *seen)
{
	static const char *const base[] = { "id", "strength", "strength0",
	    "formation", "cond", "at", "facing", "moved",
	    "halt", "halt_turn", "contact", "owed", "waypoint",
	    "wheeled", "lost_turn", "route_key", "route", "track", "trail",
	    "order", "arrives", "act", "undo", NULL };
	static const char *const undo_keys[] = { "order", "wheeled",
	    "waypoint", NULL };
	const char *keys[sizeof base / sizeof base[0] + UNIT_ATTR_MAX];
	static const char *conds[COND_COUNT + 1], *halts[HALT_COUNT + 1],
	    *dirs[DIR_COUNT + 1];
	const struct doc_node *k;
	struct unit u;
	long v;
	int i, idx, cond, halt, dir, bad = 0;

	for (i = 0; i < COND_COUNT; i++)
		conds[i] = cond_name((enum cond)i);
	for (i = 0; i < HALT_COUNT; i++)
		halts[i] = halt_name((enum halt)i);
	for (i = 0; i < DIR_COUNT; i++)
		dirs[i] = dir_name((enum dir)i);
	for (idx = 0; base[idx] != NULL; idx++)
		keys[idx] = base[idx];
	for (i = 0; i < s->g->rs->nattr; i++)
		keys[idx++] = s->g->rs->attr[i].name;
	keys[idx] = NULL;
	if (doc_expect(n, DOC_MAP, "a unit", s->d) != 0 ||
	    doc_check_keys(n, keys, s->d) != 0 ||
	    need_ref(s, n, "id", true, false, &idx) != 0)
		return -1;
	if (seen[idx]) {
		diags_add(s->d, n->pos, "unit '%s' saved twice",
		    s->g->units[idx].id);
		return -1;
	}
	seen[idx] = true;
	u = s->g->units[idx];		/* fixed fields and borrowed strings */
	u.route = u.track = u.trail = NULL;
	u.nroute = u.ntrack = u.ntrail = 0;
	memset(out, 0, sizeof *out);	/* route, track, trail read into it */
	bad |= doc_need_int(n, "strength", 0, INT_MAX, &u.strength, s->d);
	bad |= doc_need_int(n, "strength0", 0, INT_MAX, &u.strength0, s->d);
	bad |= read_attrs(s, n, &u, false);
	bad |= need_form(s, n, "formation", &u.formation);
	if (u.formation < 0 || u.formation >= s->g->rs->nform) {
		diags_add(s->d, n->pos, "formation %d is not in the ruleset",
		    u.formation);
		bad = -1;
	}
	bad |= need_enum(n, "cond", conds, &cond, s->d);
	if ((k = doc_need(n, "at", s->d)) == NULL ||
	    doc_point(k, s->g->map->w, s->g->map->h, &u.pos.x, &u.pos.y,
	    s->d) != 0)
		bad = -1;
	bad |= need_enum(n, "facing", dirs, &dir, s->d);
	bad |= doc_need_int(n, "moved", INT_MIN, INT_MAX, &u.moved, s->d);
	bad |= need_enum(n, "halt", halts, &halt, s->d);
	bad |= doc_need_int(n, "halt_turn", INT_MIN, INT_MAX, &u.halt_turn, s->d);
	bad |= read_attrs(s, n, &u, true);
	u.contact = -1;
	if (doc_get(n, "contact") != NULL)
		bad |= need_ref(s, n, "contact", true, false, &u.contact);
	bad |= doc_need_int(n, "owed", INT_MIN, INT_MAX, &u.owed, s->d);
	bad |= doc_need_int(n, "waypoint", INT_MIN, INT_MAX, &u.waypoint, s->d);
	u.arrives = 0;
	if (doc_get(n, "arrives") != NULL)
		bad |= doc_need_int(n, "arrives", 1, INT_MAX, &u.arrives,
		    s->d);
	u.wheeled = 0;
	if (doc_get(n, "wheeled") != NULL)
		bad |= doc_need_int(n, "wheeled", -(1 << 20), 1 << 20,
		    &u.wheeled, s->d);
	bad |= doc_need_int(n, "lost_turn", INT_MIN, INT_MAX, &u.lost_turn, s->d);
	if ((k = doc_need(n, "route_key", s->d)) == NULL ||
	    doc_int(k, 0, UINT_MAX, &v, s->d) != 0)
		bad = -1;
	else
		u.route_key = (unsigned)v;
	if ((k = doc_need(n, "order", s->d)) == NULL ||
	    read_order(s, k, &u.order) != 0)
		bad = -1;
	u.order.unit = idx;
	memset(&u.act, 0, sizeof u.act);
	if ((k = doc_get(n, "act")) != NULL) {
		if (read_order(s, k, &u.act) != 0)
			bad = -1;
		else if (u.act.kind != ORDER_ACTION) {
			diags_add(s->d, k->pos, "a unit's act is an action "
			    "order");
			bad = -1;
		}
		u.act.unit = idx;
	}
	/* An order given this turn, which U may still take back: the turn
	 * is the save's (order_turn -1 until it is known). */
	u.order_turn = 0;
	if ((k = doc_get(n, "undo")) != NULL) {
		const struct doc_node *o;

		if (doc_expect(k, DOC_MAP, "what U gives back", s->d) != 0 ||
		    doc_check_keys(k, undo_keys, s->d) != 0 ||
		    (o = doc_need(k, "order", s->d)) == NULL ||
		    read_order(s, o, &u.order_before) != 0 ||
		    doc_need_int(k, "wheeled", -(1 << 20), 1 << 20,
		    &u.wheeled_before, s->d) != 0 ||
		    doc_need_int(k, "waypoint", INT_MIN, INT_MAX,
		    &u.waypoint_before, s->d) != 0)
			bad = -1;
		u.order_before.unit = idx;
		u.order_turn = -1;
	}
	if (bad == 0 &&
	    need_points(s, n, "route", 1 << 20, &out->route, &u.nroute) == 0 &&
	    need_points(s, n, "track", 1 << 20, &out->track, &u.ntrack) == 0 &&
	    (doc_get(n, "trail") == NULL ||
	    (need_points(s, n, "trail", s->g->cells_max, &out->trail,
	    &u.ntrail) == 0 && check_trail(s, doc_get(n, "trail"), &u,
	    out->trail) == 0))) {
		u.route = out->route;
		u.track = out->track;
		u.trail = out->trail;
		u.cond = (enum cond)cond;
		u.halt = (enum halt)halt;
		u.facing = (enum dir)dir;
		u.trail_facing = u.facing;
		u.trail_form = u.formation;
		*out = u;
		return 0;
	}
	free(out->route);
	free(out->track);
	free(out->trail);
	memset(out, 0, sizeof *out);
	return -1;
}

/*
 * The battle's result, if it has ended.  A save past the last turn with no
 * result is refused: it is what a marshal killed on its game-over screen
 * left before results were saved, and playing on would change a finished
 * battle.
 */
static int
read_result(struct sread *s, int turn, int limit, struct game_result *r)
{
	static const char *const keys[] = { "winner", "points", "rule", "turn",
	    NULL };
	const struct doc_node *root = s->root, *n, *k;
	struct diags *d = s->d;
	const char *rule;
	long v;
	int i, bad = 0;

	if ((n = doc_get(root, "result")) == NULL) {
		if (limit > 0 && turn > limit) {
			k = doc_get(root, "turn");
			diags_add(d, k->pos, "turn %d is past the battle's last "
			    "turn (%d) but the save has no result", turn,
			    limit);
			return -1;
		}
		return 0;
	}
	if (doc_expect(n, DOC_MAP, "result", d) != 0 ||
	    doc_check_keys(n, keys, d) != 0)
		return -1;
	bad |= doc_need_int(n, "winner", -1, s->g->nsides - 1, &r->winner, d);
	bad |= doc_need_int(n, "turn", 1, turn, &r->turn, d);
	if ((k = doc_need(n, "rule", d)) == NULL ||
	    doc_str(k, EVENT_RULE_MAX - 1, &rule, d) != 0)
		bad = -1;
	else
		snprintf(r->rule, sizeof r->rule, "%s", rule);
	if ((k = doc_need(n, "points", d)) == NULL ||
	    doc_expect(k, DOC_SEQ, "points", d) != 0)
		bad = -1;
	else if (k->n != s->g->nsides) {
		diags_add(d, k->pos, "%d points saved, the scenario has %d "
		    "sides", k->n, s->g->nsides);
		bad = -1;
	} else
		for (i = 0; i < k->n; i++) {
			if (doc_int(k->items[i], INT_MIN, INT_MAX, &v, d) != 0)
				bad = -1;
			else
				r->points[i] = (int)v;
		}
	if (bad)
		return -1;
	if (limit > 0 && (turn > limit + 1 || r->turn > limit)) {
		diags_add(d, n->pos, "the battle ended on turn %d and the save "
		    "is at turn %d, past its last turn (%d)", r->turn, turn,
		    limit);
		return -1;
	}
	r->over = true;
	return 0;
}

/* Check the header: a marshal save of a format this program reads. */
static int
save_header(const struct doc_node *root, struct diags *d)
{
	const struct doc_node *v;
	long fmt;

	if (doc_expect(root, DOC_MAP, "a saved game", d) != 0)
		return -1;
	if ((v = doc_get(root, "marshal-save")) == NULL) {
		diags_add(d, root->pos, "not a marshal save (no "
		    "'marshal-save' key)");
		return -1;
	}
	if (doc_int(v, 0, INT_MAX, &fmt, d) != 0)
		return -1;
	if (fmt != SAVE_FORMAT) {
		diags_add(d, v->pos, "save format %ld; this marshal reads "
		    "format %d", fmt, SAVE_FORMAT);
		return -1;
	}
	return 0;
}

/* Who commanded each side, "commanders: [computer, player]", one per
 * side, and the computer's "level", both optional (saves written before
 * they were kept have neither), into o. */
static int
read_commanders(const struct doc_node *root, int nsides,
    struct game_options *o, struct diags *d)
{
	const struct doc_node *k;
	int i, c;

	if ((k = doc_get(root, "commanders")) != NULL) {
		if (doc_expect(k, DOC_SEQ, "commanders", d) != 0)
			return -1;
		if (k->n != nsides) {
			diags_add(d, k->pos, "commanders: %d given for %d "
			    "sides", k->n, nsides);
			return -1;
		}
		for (i = 0; i < k->n; i++) {
			c = k->items[i]->kind == DOC_SCALAR ?
			    opponent_parse(k->items[i]->str) : -1;
			if (c < 0) {
				diags_add(d, k->items[i]->pos, "unknown "
				    "commander (computer, player or none)");
				return -1;
			}
			o->commander[i] = (signed char)c;
		}
	}
	if ((k = doc_get(root, "level")) != NULL) {
		c = k->kind == DOC_SCALAR ? ai_level_parse(k->str) : -1;
		if (c < 0) {
			diags_add(d, k->pos, "unknown level of the computer");
			return -1;
		}
		o->level = (signed char)c;
	}
	return 0;
}

/* save_apply's work, in its fallible region; the result in s->r. */
static void
sapply_run(void *arg)
{
	static const char *const keys[] = { "marshal-save", "scenario",
	    "ruleset", "turn", "phase", "decided", "step", "seed", "rng",
	    "options", "commanders", "level", "result", "sides", "generals",
	    "units", "transit", NULL };
	const char *opt_keys[5 + RULES_MAX_OPT] = { "random_speed",
	    "courier_delay", "turn_limit", "opponent" };
	static const char *const gen_keys[] = { "id", "at", "radius", "order",
	    NULL };
	struct sread *s = arg;
	struct game *g = s->g;
	const struct doc_node *root = s->root;
	struct diags *d = s->d;
	const struct doc_node *n, *units, *gens, *tr, *opt, *k, *sides;
	bool broken[GAME_MAX_SIDES] = { false };
	struct game_result res;
	struct game_options o;
	uint64_t seed = 0, state = 0;
	int i, j, turn = 0, phase = 0, bad = 0, nread = 0, ntransit = 0;
	long decided = 0, step = 0;

	if (save_header(root, d) != 0 || doc_check_keys(root, keys, d) != 0) {
		s->r = -1;
		return;
	}
	s->form_names = xcalloc((size_t)g->rs->nform + 1, sizeof *s->form_names);
	for (i = 0; i < g->rs->nform; i++)
		s->form_names[i] = g->rs->form[i].name;

	bad |= doc_need_int(root, "turn", 1, INT_MAX, &turn, d);
	bad |= doc_need_int(root, "phase", -1, g->rs->nphases - 1, &phase, d);
	if ((k = doc_get(root, "decided")) != NULL &&
	    doc_int(k, 0, (1L << GAME_MAX_SIDES) - 1, &decided, d) != 0)
		bad = -1;
	if ((k = doc_get(root, "step")) != NULL &&
	    doc_int(k, 0, INT_MAX, &step, d) != 0)
		bad = -1;
	bad |= need_u64(root, "seed", &seed, d);
	bad |= need_u64(root, "rng", &state, d);
	for (i = 0; i < g->rs->nopt && i < RULES_MAX_OPT; i++)
		opt_keys[4 + i] = g->rs->opt[i].name;
	opt_keys[4 + i] = NULL;
	o = g->opt;
	if ((opt = doc_need(root, "options", d)) == NULL ||
	    doc_expect(opt, DOC_MAP, "options", d) != 0 ||
	    doc_check_keys(opt, opt_keys, d) != 0 ||
	    (k = doc_need(opt, "random_speed", d)) == NULL ||
	    doc_bool(k, &o.random_speed, d) != 0 ||
	    (k = doc_need(opt, "courier_delay", d)) == NULL ||
	    doc_bool(k, &o.courier_delay, d) != 0 ||
	    doc_need_int(opt, "turn_limit", 0, INT_MAX, &o.turn_limit, d) != 0)
		bad = -1;
	for (i = 0; !bad && i < g->rs->nopt && i < RULES_MAX_OPT; i++)
		if ((k = doc_get(opt, g->rs->opt[i].name)) != NULL &&
		    doc_bool(k, &o.module[i], d) != 0)
			bad = -1;
	if (!bad && (k = doc_get(opt, "opponent")) != NULL) {
		int opp = k->kind == DOC_SCALAR ? opponent_parse(k->str) : -1;

		if (opp < 0) {
			diags_add(d, k->pos, "unknown opponent");
			bad = -1;
		} else
			o.opponent = (enum opponent)opp;
	}

	if (!bad && read_commanders(root, g->nsides, &o, d) != 0)
		bad = -1;

	memset(&res, 0, sizeof res);
	if (!bad && read_result(s, turn, o.turn_limit, &res) != 0)
		bad = -1;

	/* Sides: in the scenario's order, whether broken. */
	if ((sides = doc_need(root, "sides", d)) == NULL ||
	    doc_expect(sides, DOC_SEQ, "sides", d) != 0)
		bad = -1;
	else if (sides->n != g->nsides) {
		diags_add(d, sides->pos, "%d sides saved, the scenario has %d",
		    sides->n, g->nsides);
		bad = -1;
	} else
		for (i = 0; i < sides->n; i++) {
			static const char *const skeys[] = { "name", "broken",
			    NULL };
			n = sides->items[i];
			if (doc_expect(n, DOC_MAP, "a side", d) != 0 ||
			    doc_check_keys(n, skeys, d) != 0 ||
			    (k = doc_need(n, "broken", d)) == NULL ||
			    doc_bool(k, &broken[i], d) != 0)
				bad = -1;
		}

	/* Generals: where they stand. */
	s->gpos = xcalloc((size_t)g->ngenerals + 1, sizeof *s->gpos);
	s->grad = xcalloc((size_t)g->ngenerals + 1, sizeof *s->grad);
	s->gord = xcalloc((size_t)g->ngenerals + 1, sizeof *s->gord);
	for (i = 0; i < g->ngenerals; i++) {
		s->gpos[i] = g->generals[i].pos;
		s->grad[i] = g->generals[i].radius;
		s->gord[i].unit = -1;
		s->gord[i].general = i;
	}
	if ((gens = doc_need(root, "generals", d)) == NULL ||
	    doc_expect(gens, DOC_SEQ, "generals", d) != 0)
		bad = -1;
	else
		for (i = 0; i < gens->n; i++) {
			n = gens->items[i];
			if (doc_expect(n, DOC_MAP, "a general", d) != 0 ||
			    doc_check_keys(n, gen_keys, d) != 0 ||
			    need_ref(s, n, "id", false, false, &j) != 0 ||
			    (k = doc_need(n, "at", d)) == NULL ||
			    doc_point(k, g->map->w, g->map->h, &s->gpos[j].x,
			    &s->gpos[j].y, d) != 0 ||
			    doc_need_int(n, "radius", 0, INT_MAX, &s->grad[j], d) != 0)
				bad = -1;
			else if ((k = doc_get(n, "order")) != NULL &&
			    read_general_order(s, k, j) != 0)
				bad = -1;
		}

	/* Units: every unit of the scenario exactly once. */
	s->seen = xcalloc((size_t)g->nunits + 1, sizeof *s->seen);
	s->nu = xcalloc((size_t)g->nunits + 1, sizeof *s->nu);
	s->nu_len = g->nunits + 1;
	if ((units = doc_need(root, "units", d)) == NULL ||
	    doc_expect(units, DOC_SEQ, "units", d) != 0)
		bad = -1;
	else {
		for (i = 0; i < units->n; i++) {
			if (read_unit(s, units->items[i], &s->nu[nread], s->seen)
			    != 0) {
				bad = -1;
				continue;
			}
			nread++;
		}
		for (i = 0; i < g->nunits; i++)
			if (!s->seen[i]) {
				diags_add(d, units->pos, "unit '%s' of the "
				    "scenario is missing from the save",
				    g->units[i].id);
				bad = -1;
				break;
			}
	}

	/* Orders riding with aides. */
	if ((tr = doc_need(root, "transit", d)) == NULL ||
	    doc_expect(tr, DOC_SEQ, "transit", d) != 0)
		bad = -1;
	else {
		s->ntr = xcalloc((size_t)tr->n + 1, sizeof *s->ntr);
		for (i = 0; i < tr->n; i++) {
			static const char *const tkeys[] = { "unit", "order",
			    NULL };
			n = tr->items[i];
			if (doc_expect(n, DOC_MAP, "an order in transit", d)
			    != 0 || doc_check_keys(n, tkeys, d) != 0 ||
			    need_ref(s, n, "unit", true, false, &j) != 0 ||
			    (k = doc_need(n, "order", d)) == NULL ||
			    read_order(s, k, &s->ntr[ntransit]) != 0) {
				bad = -1;
				continue;
			}
			s->ntr[ntransit++].unit = j;
		}
	}

	if (bad)
		goto out;

	/* All checked: lay the state over the game. */
	for (i = 0; i < g->nunits; i++)
		game_occupy(g, i, false);
	for (i = 0; i < nread; i++) {
		j = s->nu[i].order.unit;
		free(g->units[j].route);
		free(g->units[j].track);
		free(g->units[j].trail);
		g->units[j] = s->nu[i];
		/* the game's now */
		s->nu[i].route = s->nu[i].track = s->nu[i].trail = NULL;
	}
	for (i = 0; i < g->nunits; i++)
		if (!unit_gone(&g->units[i]))
			game_occupy(g, i, true);
	for (i = 0; i < g->nsides; i++)
		g->sides[i].broken = broken[i];
	for (i = 0; i < g->ngenerals; i++) {
		g->generals[i].pos = s->gpos[i];
		g->generals[i].radius = s->grad[i];
		g->generals[i].order = s->gord[i];
	}
	free(g->transit);
	g->transit = s->ntr;
	g->ntransit = ntransit;
	s->ntr = NULL;
	g->turn = turn;
	for (i = 0; i < g->nunits; i++)
		if (g->units[i].order_turn == -1)
			g->units[i].order_turn = turn;
	g->phase = phase;
	g->decided = (unsigned)decided;
	g->step = (int)step;
	g->seed = seed;
	g->rng.state = state;
	g->opt = o;
	g->result = res;

out:
	s->r = bad ? -1 : 0;
}

/* Free what reading the state left behind (none of it is the game's). */
static void
sread_free(struct sread *s)
{
	int i;

	for (i = 0; i < s->nu_len; i++) {
		free(s->nu[i].route);
		free(s->nu[i].track);
		free(s->nu[i].trail);
	}
	free(s->nu);
	free(s->ntr);
	free(s->seen);
	free(s->gpos);
	free(s->grad);
	free(s->gord);
	free(s->pts);
	free(s->form_names);
}

int
save_apply(struct game *g, const struct doc_node *root, struct diags *d)
{
	struct sread s;

	memset(&s, 0, sizeof s);
	s.g = g;
	s.root = root;
	s.d = d;
	/* The state is laid over g only after the last allocation. */
	if (xalloc_try(sapply_run, &s) != 0) {
		diags_oom(d, root->pos);
		s.r = -1;
	}
	sread_free(&s);
	if (s.r == 0) {
		/* A save holds no log: what the scenario's loading logged is
		 * of its start, not of this turn.  The log begins again with
		 * the orders standing, which a side would otherwise lose
		 * sight of (issue 13). */
		eventlog_free(&g->log);
		eventlog_init(&g->log);
		command_recall(g);
	}
	return s.r;
}

/* One save being loaded: what save_load's region must free. */
struct lsave {
	const char	*path;
	const char	*text;		/* the save read already, or NULL */
	size_t		 len;
	const char	*datadir;
	bool		 bundled;	/* only a bundled scenario */
	struct diags	*d;
	struct doc_node	*root;
	char		*spath;
	struct game	*g;
	struct ruleset	*rs;
};

/*
 * Whether path is a bundled scenario: DATADIR/scenarios/NAME.yaml, NAME
 * made of letters, digits, '-', '_' and '.' and not starting with a dot.
 * Compared after resolving both, so no link leads outside.
 */
static bool
is_bundled(const char *path, const char *datadir)
{
	char *real = realpath(path, NULL), *dir, *rdir = NULL;
	const char *base;
	size_t len;
	bool yes = false;

	dir = xasprintf("%s/scenarios", datadir);
	if (real != NULL && (rdir = realpath(dir, NULL)) != NULL) {
		len = strlen(rdir);
		base = real + len + 1;
		yes = strncmp(real, rdir, len) == 0 && real[len] == '/' &&
		    base[0] != '.' && strchr(base, '/') == NULL &&
		    strlen(base) > 5 &&
		    strcmp(base + strlen(base) - 5, ".yaml") == 0 &&
		    strspn(base, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRS"
		    "TUVWXYZ0123456789-_.") == strlen(base);
	}
	free(real);
	free(rdir);
	free(dir);
	return yes;
}

static void
lsave_run(void *arg)
{
	struct lsave *l = arg;
	const struct doc_node *n, *sn;
	const char *scen, *rsname, *slash;
	struct diags *d = l->d;

	l->root = l->text != NULL ? yread_buffer(l->path, l->text, l->len, d) :
	    yread_file(l->path, d);
	if (l->root == NULL)
		return;
	if (save_header(l->root, d) != 0 ||
	    (sn = doc_need(l->root, "scenario", d)) == NULL ||
	    doc_str(sn, PATH_MAX, &scen, d) != 0 ||
	    (n = doc_need(l->root, "ruleset", d)) == NULL ||
	    doc_str(n, RULES_NAME_MAX, &rsname, d) != 0)
		return;
	if (scen[0] != '/' && (slash = strrchr(l->path, '/')) != NULL)
		l->spath = xasprintf("%.*s/%s", (int)(slash - l->path),
		    l->path, scen);
	else
		l->spath = xstrdup(scen);
	/* Said at the save's own line, never by reading the file named:
	 * an error about another file could show what it holds. */
	if (l->bundled && !is_bundled(l->spath, l->datadir)) {
		diags_add(d, sn->pos, "the save's scenario is not one of the "
		    "bundled ones");
		return;
	}
	if (access(l->spath, R_OK) != 0) {
		diags_add(d, sn->pos, "the save's scenario cannot be read: %s",
		    strerror(errno));
		return;
	}
	if ((l->g = load_scenario(l->spath, l->datadir, &l->rs, d)) == NULL)
		return;
	if (strcmp(l->rs->name, rsname) != 0) {
		diags_add(d, n->pos, "the save is for ruleset '%s' but its "
		    "scenario now uses '%s'", rsname, l->rs->name);
		goto fail;
	}
	if (save_apply(l->g, l->root, d) != 0)
		goto fail;
	return;
fail:
	game_free(l->g);
	l->g = NULL;
	ruleset_free(l->rs);
	l->rs = NULL;
}

static struct game *
lsave_load(struct lsave *l, struct ruleset **rs_out, char **scenario)
{
	*rs_out = NULL;
	if (scenario != NULL)
		*scenario = NULL;
	if (xalloc_try(lsave_run, l) != 0) {
		game_free(l->g);
		l->g = NULL;
		ruleset_free(l->rs);
		l->rs = NULL;
		diags_oom(l->d, (struct pos){ l->path, 0, 0 });
	}
	if (scenario != NULL && l->g != NULL) {
		*scenario = l->spath;
		l->spath = NULL;
	}
	free(l->spath);
	doc_free(l->root);
	*rs_out = l->rs;
	return l->g;
}

struct game *
save_load(const char *path, const char *datadir, struct ruleset **rs_out,
    struct diags *d)
{
	struct lsave l = { path, NULL, 0, datadir, false, d, NULL, NULL, NULL,
	    NULL };

	return lsave_load(&l, rs_out, NULL);
}

struct game *
save_load_text(const char *name, const char *text, size_t len,
    const char *datadir, bool bundled, struct ruleset **rs_out,
    char **scenario, struct diags *d)
{
	struct lsave l = { name, text, len, datadir, bundled, d, NULL, NULL,
	    NULL, NULL };

	return lsave_load(&l, rs_out, scenario);
}
