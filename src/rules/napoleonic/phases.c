/*
 * napoleonic/phases.c - the tables of the Napoleonic phases other than
 * movement (sections command, fire, melee, morale, charge, rally, victory
 * of the data file), the
 * couriers phase, and helpers the fire, melee and morale files share.
 * See napoleonic/phases.h and doc/turn.md.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "core/command.h"
#include "core/game.h"
#include "core/near.h"
#include "rules/napoleonic/phases.h"
#include "util/xalloc.h"

#define BIG	1000000L	/* a bound no sane table reaches */

/* A required distance in the ruleset's unit, stored in ticks. */
static int
need_dist(const struct ruleset *rs, const struct doc_node *map,
    const char *key, int *out, struct diags *d)
{
	const struct doc_node *n = doc_need(map, key, d);
	long v;

	if (n == NULL || doc_fixed(n, rs->ticks, 0, BIG, &v, d) != 0)
		return -1;
	*out = (int)v;
	return 0;
}

/* A required mapping, checked against its allowed keys. */
static const struct doc_node *
need_map(const struct doc_node *map, const char *key,
    const char *const *allowed, struct diags *d)
{
	const struct doc_node *n = doc_need(map, key, d);

	if (n == NULL || doc_expect(n, DOC_MAP, key, d) != 0)
		return NULL;
	if (allowed != NULL && doc_check_keys(n, allowed, d) != 0)
		return NULL;
	return n;
}

/*
 * A mapping of names (formations, landscapes or classes, as kind says) to
 * integers; names absent keep the value already in out.
 */
enum name_kind { NAME_FORM, NAME_LAND, NAME_CLASS };

static int
name_table(const struct ruleset *rs, const struct doc_node *map,
    const char *key, enum name_kind kind, enum arm arm, long min, long max,
    bool dist, int *out, int nout, struct diags *d)
{
	const struct doc_node *n = doc_need(map, key, d);
	const char *name;
	long v;
	int i, idx, bad = 0;

	if (n == NULL || doc_expect(n, DOC_MAP, key, d) != 0)
		return -1;
	for (i = 0; i < n->n; i++) {
		name = n->keys[i]->str;
		if (kind == NAME_FORM)
			idx = ruleset_form(rs, name);
		else if (kind == NAME_LAND)
			idx = ruleset_land(rs, name);
		else
			idx = ruleset_class(rs, arm, name);
		if (idx < 0 || idx >= nout) {
			diags_add(d, n->keys[i]->pos, "%s: no %s '%s' in this "
			    "ruleset", key, kind == NAME_FORM ? "formation" :
			    kind == NAME_LAND ? "landscape" : "class", name);
			bad = -1;
			continue;
		}
		if (dist) {
			if (doc_fixed(n->items[i], rs->ticks, min, max, &v,
			    d) != 0) {
				bad = -1;
				continue;
			}
		} else if (doc_int(n->items[i], min, max, &v, d) != 0) {
			bad = -1;
			continue;
		}
		out[idx] = (int)v;
	}
	return bad;
}

static void
fill(int *v, int n, int value)
{
	int i;

	for (i = 0; i < n; i++)
		v[i] = value;
}

static int
load_command(struct ruleset *rs, const struct doc_node *root,
    struct diags *d)
{
	static const char *const keys[] = { "radius", "courier_speed",
	    "general_speed", NULL };
	const struct doc_node *n = need_map(root, "command", keys, d);

	if (n == NULL)
		return -1;
	if (need_dist(rs, n, "radius", &rs->command_radius, d) != 0 ||
	    need_dist(rs, n, "courier_speed", &rs->courier_speed, d) != 0 ||
	    need_dist(rs, n, "general_speed", &rs->general_speed, d) != 0)
		return -1;
	return 0;
}

static int
load_fire(const struct ruleset *rs, const struct doc_node *root,
    struct nap_fire *f, struct diags *d)
{
	static const char *const keys[] = { "die", "arc", "infantry",
	    "artillery", "target", "cover", NULL };
	static const char *const inf_keys[] = { "range", "share", "permille",
	    "drill_base", NULL };
	static const char *const art_keys[] = { "range", "canister", "long",
	    "close", NULL };
	const struct doc_node *n, *inf, *art;
	int bad = 0;

	if ((n = need_map(root, "fire", keys, d)) == NULL)
		return -1;
	fill(f->inf_share, RULES_MAX_FORM, 0);
	fill(f->art_range, RULES_MAX_FORM, 0);
	fill(f->target, RULES_MAX_FORM, 100);
	fill(f->cover, RULES_MAX_LAND, 100);
	bad |= doc_need_int(n, "die", 2, 100, &f->die, d);
	bad |= doc_need_int(n, "arc", 0, 4, &f->arc, d);
	bad |= name_table(rs, n, "target", NAME_FORM, ARM_COUNT, 0, 1000,
	    false, f->target, rs->nform, d);
	bad |= name_table(rs, n, "cover", NAME_LAND, ARM_COUNT, 0, 1000,
	    false, f->cover, rs->nland, d);
	if ((inf = need_map(n, "infantry", inf_keys, d)) == NULL)
		bad = -1;
	else {
		bad |= need_dist(rs, inf, "range", &f->inf_range, d);
		bad |= name_table(rs, inf, "share", NAME_FORM, ARM_COUNT, 0,
		    100, false, f->inf_share, rs->nform, d);
		bad |= doc_need_int(inf, "permille", 0, 1000, &f->inf_permille,
		    d);
		bad |= doc_need_int(inf, "drill_base", -10, 10, &f->drill_base,
		    d);
	}
	if ((art = need_map(n, "artillery", art_keys, d)) == NULL)
		bad = -1;
	else {
		bad |= name_table(rs, art, "range", NAME_CLASS, ARM_ARTILLERY,
		    0, BIG, true, f->art_range, RULES_MAX_FORM, d);
		bad |= need_dist(rs, art, "canister", &f->canister, d);
		bad |= doc_need_int(art, "long", 0, 1000, &f->art_long, d);
		bad |= doc_need_int(art, "close", 0, 1000, &f->art_canister, d);
	}
	return bad ? -1 : 0;
}

static int
load_melee(const struct ruleset *rs, const struct doc_node *root,
    struct nap_melee *m, struct diags *d)
{
	static const char *const keys[] = { "die", "reach", "formation",
	    "cavalry_vs_foot", "square", "square_vs_cavalry", "flank", "odds",
	    "mob", "loss",
	    "winner_loss", "rout_margin", NULL };
	const struct doc_node *n, *form;
	const char *name;
	int a, bad = 0;

	if ((n = need_map(root, "melee", keys, d)) == NULL)
		return -1;
	bad |= doc_need_int(n, "die", 2, 100, &m->die, d);
	bad |= need_dist(rs, n, "reach", &m->reach, d);
	if ((form = need_map(n, "formation", NULL, d)) == NULL)
		bad = -1;
	else {
		for (a = 0; a < ARM_COUNT; a++) {
			fill(m->form[a], RULES_MAX_FORM, 0);
			if (doc_get(form, arm_name((enum arm)a)) == NULL)
				continue;
			bad |= name_table(rs, form, arm_name((enum arm)a),
			    NAME_FORM, (enum arm)a, -20, 20, false, m->form[a],
			    rs->nform, d);
		}
	}
	bad |= doc_need_int(n, "cavalry_vs_foot", -20, 20, &m->cavalry_vs_foot, d);
	if ((form = doc_need(n, "square", d)) == NULL ||
	    doc_str(form, RULES_NAME_MAX, &name, d) != 0)
		bad = -1;
	else if ((m->square = ruleset_form(rs, name)) < 0) {
		diags_add(d, form->pos, "square: no formation '%s'", name);
		bad = -1;
	}
	bad |= doc_need_int(n, "square_vs_cavalry", -20, 20, &m->square_vs_cavalry,
	    d);
	bad |= doc_need_int(n, "flank", -20, 20, &m->flank, d);
	bad |= doc_need_int(n, "odds", -20, 20, &m->odds, d);
	bad |= doc_need_int(n, "mob", -20, 20, &m->mob, d);
	bad |= doc_need_int(n, "loss", 0, 100, &m->loss, d);
	bad |= doc_need_int(n, "winner_loss", 0, 100, &m->winner_loss, d);
	bad |= doc_need_int(n, "rout_margin", 1, 100, &m->rout_margin, d);
	return bad ? -1 : 0;
}

static int
load_morale(const struct ruleset *rs, const struct doc_node *root,
    struct nap_morale *m, struct diags *d)
{
	static const char *const keys[] = { "die", "dice", "base", "trigger",
	    "per_losses", "musician", "general", "mob", "rout_margin",
	    "rout_speed", "track", "turn_about", "touch", "capture",
	    "capture_cavalry", "capture_blocked", "scatter_loss",
	    "disperse_at", NULL };
	static const char *const arm_keys[] = { "infantry", "cavalry",
	    "artillery", NULL };
	const struct doc_node *n, *rs_n;
	int a, bad = 0;

	if ((n = need_map(root, "morale", keys, d)) == NULL)
		return -1;
	bad |= doc_need_int(n, "die", 2, 100, &m->die, d);
	bad |= doc_need_int(n, "dice", 1, 10, &m->dice, d);
	bad |= doc_need_int(n, "base", -50, 50, &m->base, d);
	bad |= doc_need_int(n, "trigger", 0, 100, &m->trigger, d);
	bad |= doc_need_int(n, "per_losses", 1, 100, &m->per_losses, d);
	bad |= doc_need_int(n, "musician", -20, 20, &m->musician, d);
	bad |= doc_need_int(n, "general", -20, 20, &m->general, d);
	bad |= doc_need_int(n, "mob", -20, 20, &m->mob, d);
	bad |= doc_need_int(n, "rout_margin", 1, 100, &m->rout_margin, d);
	if ((rs_n = need_map(n, "rout_speed", arm_keys, d)) == NULL)
		bad = -1;
	else
		for (a = 0; a < ARM_COUNT; a++)
			bad |= need_dist(rs, rs_n, arm_name((enum arm)a),
			    &m->rout_speed[a], d);
	bad |= doc_need_int(n, "track", 1, 100000, &m->track_max, d);
	bad |= doc_need_int(n, "turn_about", 1, 5, &m->turn_about, d);
	bad |= need_dist(rs, n, "touch", &m->touch, d);
	bad |= doc_need_int(n, "capture", -50, 50, &m->capture, d);
	bad |= doc_need_int(n, "capture_cavalry", -20, 20, &m->capture_cavalry, d);
	bad |= doc_need_int(n, "capture_blocked", -20, 20, &m->capture_blocked, d);
	bad |= doc_need_int(n, "scatter_loss", 0, 100, &m->scatter_loss, d);
	bad |= doc_need_int(n, "disperse_at", 0, 100000, &m->disperse_at, d);
	return bad ? -1 : 0;
}

/* A list of formation names into a bit set. */
static int
form_set(const struct ruleset *rs, const struct doc_node *v, uint32_t *out,
    struct diags *d)
{
	const char *name;
	int i, f, bad = 0;

	if (doc_expect(v, DOC_SEQ, "a list of formations", d) != 0)
		return -1;
	*out = 0;
	for (i = 0; i < v->n; i++) {
		if (doc_str(v->items[i], RULES_NAME_MAX, &name, d) != 0) {
			bad = -1;
			continue;
		}
		if ((f = ruleset_form(rs, name)) < 0) {
			diags_add(d, v->items[i]->pos, "no formation '%s'",
			    name);
			bad = -1;
			continue;
		}
		*out |= 1u << f;
	}
	return bad;
}

static int
load_charge(const struct ruleset *rs, const struct doc_node *root,
    struct nap_charge *c, struct diags *d)
{
	static const char *const keys[] = { "die", "dice", "reach",
	    "formations", "arc", "base", "musician", "general", "mob", "horse",
	    "flank", "rout_margin", "recoil", NULL };
	static const char *const arm_keys[] = { "infantry", "cavalry",
	    "artillery", NULL };
	const struct doc_node *n, *r, *f, *v;
	long t;
	int a, bad = 0;

	if ((n = need_map(root, "charge", keys, d)) == NULL)
		return -1;
	bad |= doc_need_int(n, "die", 2, 100, &c->die, d);
	bad |= doc_need_int(n, "dice", 1, 10, &c->dice, d);
	if ((r = need_map(n, "reach", arm_keys, d)) == NULL ||
	    (f = need_map(n, "formations", arm_keys, d)) == NULL)
		bad = -1;
	else
		for (a = 0; a < ARM_COUNT; a++) {
			c->reach[a] = 0;
			c->forms[a] = 0;
			if ((v = doc_get(r, arm_name((enum arm)a))) != NULL) {
				if (doc_fixed(v, rs->ticks, 0, BIG, &t, d) != 0)
					bad = -1;
				else
					c->reach[a] = (int)t;
			}
			if ((v = doc_get(f, arm_name((enum arm)a))) != NULL &&
			    form_set(rs, v, &c->forms[a], d) != 0)
				bad = -1;
		}
	bad |= doc_need_int(n, "arc", 0, 4, &c->arc, d);
	bad |= doc_need_int(n, "base", -50, 50, &c->base, d);
	bad |= doc_need_int(n, "musician", -20, 20, &c->musician, d);
	bad |= doc_need_int(n, "general", -20, 20, &c->general, d);
	bad |= doc_need_int(n, "mob", -20, 20, &c->mob, d);
	bad |= doc_need_int(n, "horse", -20, 20, &c->horse, d);
	bad |= doc_need_int(n, "flank", -20, 20, &c->flank, d);
	bad |= doc_need_int(n, "rout_margin", 1, 100, &c->rout_margin, d);
	bad |= need_dist(rs, n, "recoil", &c->recoil, d);
	return bad ? -1 : 0;
}

/* The section's keys are checked by the movement loader, which reads
 * restore_enemy_gap (3.5.1) from it. */
static int
load_rally(const struct ruleset *rs, const struct doc_node *root,
    struct nap_rally *r, struct diags *d)
{
	const struct doc_node *n = need_map(root, "rally", NULL, d);
	int bad = 0;

	if (n == NULL)
		return -1;
	bad |= need_dist(rs, n, "enemy_gap", &r->enemy_gap, d);
	bad |= need_dist(rs, n, "general_reach", &r->general_reach, d);
	bad |= doc_need_int(n, "base", -50, 50, &r->base, d);
	bad |= doc_need_int(n, "musician", -20, 20, &r->musician, d);
	bad |= doc_need_int(n, "general", -20, 20, &r->general, d);
	bad |= doc_need_int(n, "per_losses", 1, 100, &r->per_losses, d);
	return bad ? -1 : 0;
}

static int
load_victory(const struct ruleset *rs, const struct doc_node *root,
    struct nap_victory *v, struct diags *d)
{
	static const char *const keys[] = { "hold", "break_ends", NULL };
	const struct doc_node *n = need_map(root, "victory", keys, d);
	const struct doc_node *b;
	int bad;

	if (n == NULL)
		return -1;
	bad = need_dist(rs, n, "hold", &v->hold, d);
	v->break_ends = false;
	if ((b = doc_get(n, "break_ends")) != NULL &&
	    doc_bool(b, &v->break_ends, d) != 0)
		bad = -1;
	return bad;
}

int
nap_phases_load(struct ruleset *rs, const struct doc_node *root,
    struct diags *d)
{
	struct nap_phases *p = xcalloc(1, sizeof *p);
	int bad = 0;

	bad |= load_command(rs, root, d);
	bad |= load_fire(rs, root, &p->fire, d);
	bad |= load_melee(rs, root, &p->melee, d);
	bad |= load_morale(rs, root, &p->morale, d);
	bad |= load_charge(rs, root, &p->charge, d);
	bad |= load_rally(rs, root, &p->rally, d);
	bad |= load_victory(rs, root, &p->victory, d);
	rs->break_ends = p->victory.break_ends;
	if (bad) {
		free(p);
		return -1;
	}
	free(rs->phases_priv);
	rs->phases_priv = p;
	return 0;
}

void
nap_phases_free(struct ruleset *rs)
{
	free(rs->phases_priv);
	rs->phases_priv = NULL;
}

const struct nap_phases *
nap_phases(const struct ruleset *rs)
{
	return rs->phases_priv;
}

void
nap_phase_couriers(struct game *g)
{
	command_deliver(g);
}

int
nap_gap(const struct game *g, int a, int b)
{
	return near_unit_gap(g, a, b);
}

int
nap_casualties(struct game *g, int u, int men)
{
	struct unit *un = &g->units[u];

	if (men > un->strength)
		men = un->strength;
	if (men < 0)
		men = 0;
	un->strength -= men;
	un->lost_turn += men;
	return men;
}

void
nap_side_strength(const struct game *g, int side, long *start, long *now)
{
	const struct unit *u;
	int i;

	*start = *now = 0;
	for (i = 0; i < g->nunits; i++) {
		u = &g->units[i];
		if (u->side != side || u->arm == ARM_ARTILLERY)
			continue;
		*start += u->strength0;
		if (unit_active(u))
			*now += u->strength;
	}
}

/* 3.10.1: a side that has lost its break point breaks. */
static void
check_break(struct game *g)
{
	long start, now, pct;
	int s;

	if (g->break_point <= 0)
		return;
	for (s = 0; s < g->nsides; s++) {
		if (g->sides[s].broken)
			continue;
		nap_side_strength(g, s, &start, &now);
		if (start <= 0)
			continue;
		pct = (start - now) * 100 / start;
		if (pct < g->break_point)
			continue;
		g->sides[s].broken = true;
		game_log(g, -1, EV_RESULT, "3.10.1", "the %s break: %ld of "
		    "%ld men lost, routed or taken (%ld%%, break point %d%%)",
		    g->sides[s].name, start - now, start, pct, g->break_point);
	}
}

int
nap_objective_holder(const struct game *g, int i)
{
	const struct nap_victory *v = &nap_phases(g->rs)->victory;
	struct point *cells = game_cells_take(g);
	bool near[GAME_MAX_SIDES];
	int j, s, n, holder;

	memset(near, 0, sizeof near);
	for (j = 0; j < g->nunits; j++) {
		if (g->units[j].cond != COND_FORMED)
			continue;
		n = game_footprint(g, &g->units[j], cells);
		if (near_block_gap(cells, n, &g->objectives[i].at, 1) <=
		    v->hold)
			near[g->units[j].side] = true;
	}
	game_cells_give(g, cells);
	holder = -1;
	for (s = 0; s < g->nsides; s++)
		if (near[s])
			holder = holder == -1 ? s : -2;
	return holder;
}

/* "s" after a count other than one, for the log's "1 point". */
static const char *
plural(int n)
{
	return n == 1 ? "" : "s";
}

/* The points each side holds now (3.10.2), logged. */
static void
count_points(struct game *g, int *points)
{
	int i, holder;

	for (i = 0; i < g->nobjectives; i++) {
		holder = nap_objective_holder(g, i);
		if (holder >= 0) {
			points[holder] += g->objectives[i].points;
			game_log(g, -1, EV_RESULT, "3.10.2", "the %s hold %s: "
			    "%d point%s", g->sides[holder].name,
			    g->objectives[i].name, g->objectives[i].points,
			    plural(g->objectives[i].points));
		} else
			game_log(g, -1, EV_RESULT, "3.10.2", "%s is %s: no "
			    "points", g->objectives[i].name, holder == -2 ?
			    "contested" : "held by nobody");
	}
}

/*
 * 3.10.1: when the ruleset says so, a side's break ends the battle at the
 * end of the turn: the side still standing wins, whatever the points
 * (counted and recorded all the same); if every side has broken, the
 * points decide as at the turn limit.
 */
static void
break_ends(struct game *g)
{
	int points[GAME_MAX_SIDES] = { 0 }, s, nbroken = 0, standing = -1;

	if (!nap_phases(g->rs)->victory.break_ends || g->nsides < 2 ||
	    game_over(g))
		return;
	for (s = 0; s < g->nsides; s++) {
		if (g->sides[s].broken)
			nbroken++;
		else
			standing = s;
	}
	if (nbroken == 0)
		return;
	count_points(g, points);
	if (nbroken == g->nsides - 1) {
		game_end(g, standing, points, "3.10.1");
		game_log(g, -1, EV_RESULT, "3.10.1", "the battle is over after "
		    "turn %d: the %s have broken and the %s win", g->turn,
		    g->sides[1 - standing].name, g->sides[standing].name);
		return;
	}
	if (nbroken < g->nsides)
		return;
	game_end(g, points[0] == points[1] ? -1 : points[0] > points[1] ?
	    0 : 1, points, "3.10.1");
	if (points[0] == points[1])
		game_log(g, -1, EV_RESULT, "3.10.1", "the battle is over after "
		    "turn %d: both sides have broken; %s %d point%s, %s %d "
		    "point%s: a draw", g->turn, g->sides[0].name, points[0],
		    plural(points[0]), g->sides[1].name, points[1],
		    plural(points[1]));
	else
		game_log(g, -1, EV_RESULT, "3.10.1", "the battle is over after "
		    "turn %d: both sides have broken; %s %d point%s, %s %d "
		    "point%s: the %s win", g->turn, g->sides[0].name,
		    points[0], plural(points[0]), g->sides[1].name, points[1],
		    plural(points[1]),
		    g->sides[points[0] > points[1] ? 0 : 1].name);
}

/* 3.10.2: at the turn limit, objectives decide. */
static void
check_objectives(struct game *g)
{
	int points[GAME_MAX_SIDES] = { 0 };

	count_points(g, points);
	if (g->nsides < 2) {
		game_end(g, -1, points, "3.10.2");
		return;
	}
	game_end(g, points[0] == points[1] ? -1 : points[0] > points[1] ?
	    0 : 1, points, "3.10.2");
	if (points[0] == points[1])
		game_log(g, -1, EV_RESULT, "3.10.2", "turn limit %d: %s %d "
		    "point%s, %s %d point%s: a draw", g->opt.turn_limit,
		    g->sides[0].name, points[0], plural(points[0]),
		    g->sides[1].name, points[1], plural(points[1]));
	else
		game_log(g, -1, EV_RESULT, "3.10.2", "turn limit %d: %s %d "
		    "point%s, %s %d point%s: the %s win", g->opt.turn_limit,
		    g->sides[0].name, points[0], plural(points[0]),
		    g->sides[1].name, points[1], plural(points[1]),
		    g->sides[points[0] > points[1] ? 0 : 1].name);
}

void
nap_phase_end(struct game *g)
{
	int i;

	check_break(g);
	break_ends(g);
	if (!game_over(g) && g->opt.turn_limit > 0 &&
	    g->turn == g->opt.turn_limit)
		check_objectives(g);
	/* Losses count toward morale only in the turn they happen. */
	for (i = 0; i < g->nunits; i++)
		g->units[i].lost_turn = 0;
}

bool
nap_off_front(const struct unit *a, const struct unit *b)
{
	if (a->pos.x == b->pos.x && a->pos.y == b->pos.y)
		return false;
	return dir_diff(b->facing, geom_heading(b->pos, a->pos)) >= 2;
}
