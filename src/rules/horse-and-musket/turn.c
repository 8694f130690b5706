/*
 * turn.c - the horse-and-musket turn after movement: the tables of the
 * data file's charge, fire, melee, morale, rally, command and victory
 * sections (and, read only, the H1/H2 speeds the turn needs for charge
 * reach and flight) and the helpers fire.c, melee.c and morale.c share.
 * doc/horse-and-musket.md section 4 is the reference.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/move.h"
#include "core/near.h"
#include "rules/horse-and-musket/turn.h"
#include "util/xalloc.h"

#define BIG	1000000L

/* --- Loading ------------------------------------------------------------ */

/* A required distance in inches, stored in ticks. */
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

/* An optional distance (0 when absent). */
static int
opt_dist(const struct ruleset *rs, const struct doc_node *map,
    const char *key, int *out, struct diags *d)
{
	*out = 0;
	if (doc_get(map, key) == NULL)
		return 0;
	return need_dist(rs, map, key, out, d);
}

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

enum name_kind { NAME_FORM, NAME_LAND, NAME_OBST, NAME_ARM };

/* A sequence of names of one kind, marking out[index]. */
static int
name_list(const struct ruleset *rs, const struct doc_node *map,
    const char *key, enum name_kind kind, bool *out, int nout,
    struct diags *d)
{
	const struct doc_node *n = doc_need(map, key, d);
	int i, idx, bad = 0;

	if (n == NULL || doc_expect(n, DOC_SEQ, key, d) != 0)
		return -1;
	for (i = 0; i < n->n; i++) {
		if (doc_expect(n->items[i], DOC_SCALAR, key, d) != 0) {
			bad = -1;
			continue;
		}
		idx = kind == NAME_FORM ? ruleset_form(rs, n->items[i]->str) :
		    kind == NAME_LAND ? ruleset_land(rs, n->items[i]->str) :
		    kind == NAME_OBST ? ruleset_obst(rs, n->items[i]->str) :
		    arm_parse(n->items[i]->str);
		if (idx < 0 || idx >= nout) {
			diags_add(d, n->items[i]->pos, "%s: no %s '%s' in this "
			    "ruleset", key, kind == NAME_FORM ? "formation" :
			    kind == NAME_LAND ? "landscape" : kind == NAME_OBST ?
			    "obstacle" : "arm", n->items[i]->str);
			bad = -1;
			continue;
		}
		out[idx] = true;
	}
	return bad;
}

/* {arm: [class, ...]}: marks out[class]. */
static int
class_lists(const struct ruleset *rs, const struct doc_node *map,
    const char *key, bool *out, struct diags *d)
{
	const struct doc_node *n = need_map(map, key, NULL, d), *l;
	int i, j, a, k, bad = 0;

	if (n == NULL)
		return -1;
	for (i = 0; i < n->n; i++) {
		a = arm_parse(n->keys[i]->str);
		l = n->items[i];
		if (a < 0) {
			diags_add(d, n->keys[i]->pos, "%s: no arm '%s'", key,
			    n->keys[i]->str);
			bad = -1;
			continue;
		}
		if (doc_expect(l, DOC_SEQ, key, d) != 0) {
			bad = -1;
			continue;
		}
		for (j = 0; j < l->n; j++) {
			k = l->items[j]->kind == DOC_SCALAR ? ruleset_class(rs,
			    (enum arm)a, l->items[j]->str) : -1;
			if (k < 0 || k >= HM_MAX_CLASS) {
				diags_add(d, l->items[j]->pos, "%s: no class "
				    "'%s' of %s", key, l->items[j]->kind ==
				    DOC_SCALAR ? l->items[j]->str : "?",
				    n->keys[i]->str);
				bad = -1;
				continue;
			}
			out[k] = true;
		}
	}
	return bad;
}

/* "1/2" or "1" into num/den. */
static int
fraction(const struct doc_node *n, int *num, int *den, struct diags *d)
{
	int a, b = 1;

	if (n == NULL || doc_expect(n, DOC_SCALAR, "a share", d) != 0)
		return -1;
	if ((sscanf(n->str, "%d/%d", &a, &b) < 1) || a < 0 || b <= 0 ||
	    a > 100 || b > 100) {
		diags_add(d, n->pos, "'%s' is not a share (\"1/2\")", n->str);
		return -1;
	}
	*num = a;
	*den = b;
	return 0;
}

static int
load_charge(struct ruleset *rs, const struct doc_node *root,
    struct hm_turn *t, struct diags *d)
{
	static const char *const keys[] = { "arc", "arms",
	    "second_charge_reach", "initiative", NULL };
	const struct doc_node *n = need_map(root, "charge", keys, d);
	int bad = 0;

	if (n == NULL)
		return -1;
	bad |= doc_need_int(n, "arc", 0, 4, &t->charge_arc, d);
	bad |= name_list(rs, n, "arms", NAME_ARM, t->charge_arm, ARM_COUNT, d);
	bad |= fraction(doc_need(n, "second_charge_reach", d), &t->second_num,
	    &t->second_den, d);
	bad |= doc_need_int(n, "initiative", 2, 100, &t->initiative, d);
	return bad;
}

static int
load_weapons(struct ruleset *rs, const struct doc_node *n,
    struct hm_turn *t, struct diags *d)
{
	static const char *const wkeys[] = { "short", "long", "dice",
	    "short_dice", NULL };
	const struct doc_node *w, *m, *l;
	struct hm_weapon *wp;
	int i, j, k, c, bad = 0;

	if ((w = need_map(n, "weapons", NULL, d)) == NULL)
		return -1;
	/* More than the table holds is refused, not cut short: a class
	 * armed with a weapon past the last kept would be refused as
	 * "no such weapon", naming the wrong fault. */
	if (w->n > HM_MAX_WEAPON) {
		diags_add(d, w->keys[HM_MAX_WEAPON]->pos, "weapons: more than "
		    "%d", HM_MAX_WEAPON);
		return -1;
	}
	for (i = 0; i < w->n; i++) {
		wp = &t->weapons[t->nweapons++];
		snprintf(wp->name, sizeof wp->name, "%s", w->keys[i]->str);
		if (doc_expect(w->items[i], DOC_MAP, wp->name, d) != 0 ||
		    doc_check_keys(w->items[i], wkeys, d) != 0) {
			bad = -1;
			continue;
		}
		bad |= need_dist(rs, w->items[i], "short", &wp->short_range, d);
		bad |= opt_dist(rs, w->items[i], "long", &wp->long_range, d);
		bad |= doc_need_int(w->items[i], "dice", 0, 20, &wp->long_dice,
		    d);
		wp->short_dice = wp->long_dice;
		if (doc_get(w->items[i], "short_dice") != NULL)
			bad |= doc_need_int(w->items[i], "short_dice", 0, 20,
			    &wp->short_dice, d);
	}
	for (i = 0; i < HM_MAX_CLASS; i++)
		t->weapon[i] = -1;
	if ((m = need_map(n, "weapon", NULL, d)) == NULL)
		return -1;
	for (i = 0; i < m->n; i++) {
		l = m->items[i];
		if (arm_parse(m->keys[i]->str) < 0 ||
		    doc_expect(l, DOC_MAP, m->keys[i]->str, d) != 0) {
			diags_add(d, m->keys[i]->pos, "weapon: no arm '%s'",
			    m->keys[i]->str);
			bad = -1;
			continue;
		}
		for (j = 0; j < l->n; j++) {
			c = ruleset_class(rs, (enum arm)arm_parse(
			    m->keys[i]->str), l->keys[j]->str);
			for (k = 0; k < t->nweapons; k++)
				if (l->items[j]->kind == DOC_SCALAR &&
				    strcmp(t->weapons[k].name,
				    l->items[j]->str) == 0)
					break;
			if (c < 0 || c >= HM_MAX_CLASS || k == t->nweapons) {
				diags_add(d, l->keys[j]->pos, "weapon: no class "
				    "'%s' or no such weapon", l->keys[j]->str);
				bad = -1;
				continue;
			}
			t->weapon[c] = k;
		}
	}
	return bad;
}

static int
load_fire(struct ruleset *rs, const struct doc_node *root,
    struct hm_turn *t, struct diags *d)
{
	static const char *const keys[] = { "die", "arc", "short_hits",
	    "long_hits", "always", "never", "weapons", "weapon", "bases",
	    "mounted_fire", "cover", "behind", "cover_mod", "open_order",
	    "hard_formations", "hard", "disordered", "hits_per_unit",
	    "shaken", NULL };
	const struct doc_node *n = need_map(root, "fire", keys, d), *b;
	int i, f, bad = 0;
	long v;

	if (n == NULL)
		return -1;
	bad |= doc_need_int(n, "die", 2, 100, &t->die, d);
	bad |= doc_need_int(n, "arc", 0, 4, &t->fire_arc, d);
	bad |= doc_need_int(n, "short_hits", 1, 100, &t->short_hits, d);
	bad |= doc_need_int(n, "long_hits", 1, 100, &t->long_hits, d);
	bad |= doc_need_int(n, "always", 1, 100, &t->always, d);
	bad |= doc_need_int(n, "never", 0, 100, &t->never, d);
	bad |= load_weapons(rs, n, t, d);
	if ((b = need_map(n, "bases", NULL, d)) == NULL)
		bad = -1;
	else
		for (i = 0; i < b->n; i++) {
			f = ruleset_form(rs, b->keys[i]->str);
			if (f < 0) {
				diags_add(d, b->keys[i]->pos, "bases: no "
				    "formation '%s'", b->keys[i]->str);
				bad = -1;
			} else if (doc_int(b->items[i], 0, 20, &v, d) != 0)
				bad = -1;
			else
				t->bases[f] = (int)v;
		}
	bad |= name_list(rs, n, "mounted_fire", NAME_FORM, t->mounted_fire,
	    RULES_MAX_FORM, d);
	bad |= name_list(rs, n, "cover", NAME_LAND, t->cover, RULES_MAX_LAND,
	    d);
	bad |= name_list(rs, n, "behind", NAME_OBST, t->behind,
	    RULES_MAX_OBST, d);
	bad |= doc_need_int(n, "cover_mod", -20, 20, &t->cover_mod, d);
	bad |= class_lists(rs, n, "open_order", t->open_order, d);
	bad |= name_list(rs, n, "hard_formations", NAME_FORM, t->hard_form,
	    RULES_MAX_FORM, d);
	bad |= doc_need_int(n, "hard", -20, 20, &t->hard, d);
	bad |= doc_need_int(n, "disordered", -20, 20, &t->fire_disordered, d);
	bad |= doc_need_int(n, "hits_per_unit", 1, 1000, &t->hits_per_unit,
	    d);
	bad |= doc_need_int(n, "shaken", 1, 1000, &t->shaken, d);
	return bad;
}

static int
load_melee(struct ruleset *rs, const struct doc_node *root,
    struct hm_turn *t, struct diags *d)
{
	static const char *const keys[] = { "die", "charged", "horse_front",
	    "horse_flank_or_disordered", "flank", "defended", "disordered",
	    "open_order", "weak", "weak_classes", "weak_arms", "rout_margin",
	    "fall_back", NULL };
	const struct doc_node *n = need_map(root, "melee", keys, d);
	int bad = 0;

	if (n == NULL)
		return -1;
	bad |= doc_need_int(n, "die", 2, 100, &t->m_die, d);
	bad |= doc_need_int(n, "charged", -20, 20, &t->m_charged, d);
	bad |= doc_need_int(n, "horse_front", -20, 20, &t->horse_front, d);
	bad |= doc_need_int(n, "horse_flank_or_disordered", -20, 20,
	    &t->horse_flank, d);
	bad |= doc_need_int(n, "flank", -20, 20, &t->flank, d);
	bad |= doc_need_int(n, "defended", -20, 20, &t->defended, d);
	bad |= doc_need_int(n, "disordered", -20, 20, &t->m_disordered, d);
	bad |= doc_need_int(n, "open_order", -20, 20, &t->m_open_order, d);
	bad |= doc_need_int(n, "weak", -20, 20, &t->weak, d);
	bad |= class_lists(rs, n, "weak_classes", t->weak_class, d);
	bad |= name_list(rs, n, "weak_arms", NAME_ARM, t->weak_arm, ARM_COUNT,
	    d);
	bad |= doc_need_int(n, "rout_margin", 1, 100, &t->m_rout_margin, d);
	bad |= need_dist(rs, n, "fall_back", &t->fall_back, d);
	return bad;
}

static int
load_morale(struct ruleset *rs, const struct doc_node *root,
    struct hm_turn *t, struct diags *d)
{
	static const char *const keys[] = { "die", "dice", "base", "per_hits",
	    "disordered", "general", "general_reach", "rout_margin",
	    "restore_enemy_gap", "track", NULL };
	static const char *const rkeys[] = { "base", "enemy_gap", NULL };
	const struct doc_node *n = need_map(root, "morale", keys, d);
	int bad = 0;

	if (n == NULL)
		return -1;
	bad |= doc_need_int(n, "die", 2, 100, &t->mo_die, d);
	bad |= doc_need_int(n, "dice", 1, 10, &t->dice, d);
	bad |= doc_need_int(n, "base", -50, 50, &t->base, d);
	bad |= doc_need_int(n, "per_hits", 1, 100, &t->per_hits, d);
	bad |= doc_need_int(n, "disordered", -20, 20, &t->mo_disordered, d);
	bad |= doc_need_int(n, "general", -20, 20, &t->general, d);
	bad |= need_dist(rs, n, "general_reach", &t->general_reach, d);
	bad |= doc_need_int(n, "rout_margin", 1, 100, &t->rout_margin, d);
	bad |= need_dist(rs, n, "restore_enemy_gap", &t->restore_gap, d);
	bad |= doc_need_int(n, "track", 1, 100000, &t->track_max, d);
	if ((n = need_map(root, "rally", rkeys, d)) == NULL)
		return -1;
	bad |= doc_need_int(n, "base", -50, 50, &t->rally_base, d);
	bad |= need_dist(rs, n, "enemy_gap", &t->rally_gap, d);
	return bad;
}

static int
load_victory(struct ruleset *rs, const struct doc_node *root,
    struct hm_turn *t, struct diags *d)
{
	static const char *const keys[] = { "hold", "break_ends", NULL };
	static const char *const ckeys[] = { "courier_speed", NULL };
	const struct doc_node *n = need_map(root, "victory", keys, d), *b;
	int bad = 0;

	if (n == NULL)
		return -1;
	bad |= need_dist(rs, n, "hold", &t->hold, d);
	if ((b = doc_need(n, "break_ends", d)) == NULL ||
	    doc_bool(b, &t->break_ends, d) != 0)
		bad = -1;
	if ((n = need_map(root, "command", ckeys, d)) == NULL)
		return -1;
	bad |= need_dist(rs, n, "courier_speed", &rs->courier_speed, d);
	return bad;
}

/* A whole number of inches as ticks, or -1 (read quietly: the movement
 * loader reports what is wrong with its own table). */
static int
inches(const struct ruleset *rs, const struct doc_node *n)
{
	long v;

	if (n == NULL || n->kind != DOC_SCALAR)
		return -1;
	v = strtol(n->str, NULL, 10);
	return v < 0 || v > 1000 ? -1 : (int)v * rs->ticks;
}

/*
 * The H1 and H2 figures the turn needs (charge reach, HO.3.1; flight,
 * HO.9.3; H11), read from the movement section, which move.c owns and
 * checks: only what parses is kept here.
 */
static void
load_speeds(struct ruleset *rs, const struct doc_node *root,
    struct hm_turn *t)
{
	const struct doc_node *mv = doc_get(root, "movement"), *sp, *arm, *c;
	const struct doc_node *im;
	int a, i, j, k, f, v;

	sp = doc_get(mv, "speed");
	for (a = 0; sp != NULL && a < sp->n; a++) {
		arm = sp->items[a];
		if (arm_parse(sp->keys[a]->str) < 0 || arm->kind != DOC_MAP)
			continue;
		for (i = 0; i < arm->n; i++) {
			k = ruleset_class(rs, (enum arm)arm_parse(
			    sp->keys[a]->str), arm->keys[i]->str);
			c = arm->items[i];
			if (k < 0 || k >= HM_MAX_CLASS || c->kind != DOC_MAP)
				continue;
			for (j = 0; j < c->n; j++) {
				v = inches(rs, c->items[j]);
				if (strcmp(c->keys[j]->str, "rout") == 0)
					t->rout[k] = v;
				else if ((f = ruleset_form(rs,
				    c->keys[j]->str)) >= 0 && v >= 0)
					t->speed[k][f] = v;
			}
		}
	}
	sp = doc_get(mv, "guns");
	for (i = 0; sp != NULL && sp->kind == DOC_MAP && i < sp->n; i++) {
		k = ruleset_class(rs, ARM_ARTILLERY, sp->keys[i]->str);
		c = sp->items[i];
		if (k < 0 || k >= HM_MAX_CLASS || c->kind != DOC_MAP)
			continue;
		for (j = 0; j < c->n; j++) {
			v = inches(rs, c->items[j]);
			if (strcmp(c->keys[j]->str, "rout") == 0)
				t->rout[k] = v;
			else if ((f = ruleset_form(rs, c->keys[j]->str)) >= 0 &&
			    v >= 0)
				t->speed[k][f] = v;
		}
	}
	t->turn_steps = 4;
	if ((im = doc_get(mv, "turn_max_steps")) != NULL &&
	    im->kind == DOC_SCALAR && atoi(im->str) > 0)
		t->turn_steps = atoi(im->str);
	im = doc_get(mv, "immobile_when_routed");
	for (i = 0; im != NULL && im->kind == DOC_SEQ && i < im->n; i++) {
		k = ruleset_class(rs, ARM_ARTILLERY, im->items[i]->str);
		if (k >= 0 && k < HM_MAX_CLASS)
			t->stays[k] = true;
	}
}

int
hm_turn_load(struct ruleset *rs, const struct doc_node *root,
    struct diags *d)
{
	struct hm_turn *t;
	int bad = 0;

	hm_turn_free(rs);
	if (rs->nklass > HM_MAX_CLASS) {
		diags_add(d, root->pos, "more than %d classes", HM_MAX_CLASS);
		return -1;
	}
	if (ruleset_attr(rs, "drill") != HM_ATTR_DRILL ||
	    ruleset_attr(rs, "marks") != HM_ATTR_MARKS) {
		diags_add(d, root->pos, "the horse-and-musket rules need the "
		    "attribute drill and then the state marks, declared first");
		return -1;
	}
	t = xcalloc(1, sizeof *t);
	rs->phases_priv = t;
	load_speeds(rs, root, t);
	bad |= load_charge(rs, root, t, d);
	bad |= load_fire(rs, root, t, d);
	bad |= load_melee(rs, root, t, d);
	bad |= load_morale(rs, root, t, d);
	bad |= load_victory(rs, root, t, d);
	rs->break_ends = t->break_ends;
	if (bad) {
		hm_turn_free(rs);
		return -1;
	}
	return 0;
}

void
hm_turn_free(struct ruleset *rs)
{
	free(rs->phases_priv);
	rs->phases_priv = NULL;
}

const struct hm_turn *
hm_turn(const struct ruleset *rs)
{
	return rs->phases_priv;
}

/* --- Helpers ------------------------------------------------------------ */

int
hm_drill(const struct game *g, int u)
{
	return unit_attr(&g->units[u], HM_ATTR_DRILL);
}

int
hm_hit_men(const struct game *g, int u)
{
	int m = g->units[u].strength0 / hm_turn(g->rs)->hits_per_unit;

	return m < 1 ? 1 : m;
}

int
hm_hits_taken(const struct game *g, int u)
{
	const struct unit *un = &g->units[u];

	if (un->strength <= 0)
		return hm_turn(g->rs)->hits_per_unit;
	return (un->strength0 - un->strength) / hm_hit_men(g, u);
}

int
hm_hits_turn(const struct game *g, int u)
{
	return g->units[u].lost_turn / hm_hit_men(g, u);
}

int
hm_hit(struct game *g, int u, int n)
{
	struct unit *un = &g->units[u];
	int men, taken = hm_hits_taken(g, u) + n;

	if (n <= 0)
		return 0;
	men = n * hm_hit_men(g, u);
	if (taken >= hm_turn(g->rs)->hits_per_unit || men > un->strength)
		men = un->strength;
	un->strength -= men;
	un->lost_turn += men;
	return men;
}

bool
hm_enemies(const struct game *g, int a, int b)
{
	return a != b && g->units[a].side != g->units[b].side &&
	    !unit_gone(&g->units[a]) && !unit_gone(&g->units[b]);
}

struct point
hm_cells_centre(const struct point *cells, int n, struct point c)
{
	long sx = 0, sy = 0;
	int i;

	for (i = 0; i < n; i++) {
		sx += cells[i].x;
		sy += cells[i].y;
	}
	if (n > 0) {
		c.x = (int)(sx / n);
		c.y = (int)(sy / n);
	}
	return c;
}

/* The centre cell of a unit's block. */
static struct point
centre(const struct game *g, int u)
{
	struct point *cells = game_cells_take(g), c;

	c = hm_cells_centre(cells, game_footprint(g, &g->units[u], cells),
	    g->units[u].pos);
	game_cells_give(g, cells);
	return c;
}

bool
hm_in_arc(const struct game *g, int a, int b, int arc)
{
	struct point ca = centre(g, a), cb = centre(g, b);

	if (ca.x == cb.x && ca.y == cb.y)
		return true;
	return dir_diff(g->units[a].facing, geom_heading(ca, cb)) <= arc;
}

bool
hm_off_front(const struct game *g, int a, int b)
{
	return !hm_in_arc(g, b, a, 1);
}

int
hm_gap(const struct game *g, int a, int b)
{
	return near_unit_gap(g, a, b);
}

bool
hm_in_cover(const struct game *g, int u)
{
	const struct unit *un = &g->units[u];

	if (!map_inside(g->map, un->pos.x, un->pos.y))
		return false;
	return hm_turn(g->rs)->cover[map_cell(g->map, un->pos.x,
	    un->pos.y)->land];
}

bool
hm_behind(const struct game *g, int u, int from)
{
	const struct hm_turn *t = hm_turn(g->rs);
	struct point *cells, c = centre(g, u), f = centre(g, from);
	enum dir ds[2];
	int i, k, n, nd = 0, o;
	bool behind = false;

	if (f.x > c.x)
		ds[nd++] = DIR_E;
	else if (f.x < c.x)
		ds[nd++] = DIR_W;
	if (f.y > c.y)
		ds[nd++] = DIR_S;
	else if (f.y < c.y)
		ds[nd++] = DIR_N;
	cells = game_cells_take(g);
	n = game_footprint(g, &g->units[u], cells);
	for (i = 0; i < n && !behind; i++)
		for (k = 0; k < nd; k++) {
			o = map_edge(g->map, cells[i].x, cells[i].y, ds[k],
			    NULL);
			if (o > 0 && o < RULES_MAX_OBST && t->behind[o])
				behind = true;
		}
	game_cells_give(g, cells);
	return behind;
}

bool
hm_open_order(const struct game *g, int u)
{
	const struct unit *un = &g->units[u];

	return un->arm == ARM_INFANTRY && un->klass >= 0 &&
	    un->klass < HM_MAX_CLASS && hm_turn(g->rs)->open_order[un->klass];
}

int
hm_general_near(const struct game *g, int u)
{
	const struct unit *un = &g->units[u];
	int i, dd, best = -1, bestd = hm_turn(g->rs)->general_reach + 1;

	for (i = 0; i < g->ngenerals; i++) {
		if (g->generals[i].side != un->side)
			continue;
		dd = geom_dist(g->generals[i].pos, centre(g, u));
		if (dd < bestd) {
			bestd = dd;
			best = i;
		}
	}
	return best;
}

int
hm_speed(const struct game *g, int u)
{
	const struct unit *un = &g->units[u];

	if (un->klass < 0 || un->klass >= HM_MAX_CLASS || un->formation < 0 ||
	    un->formation >= RULES_MAX_FORM)
		return 0;
	return hm_turn(g->rs)->speed[un->klass][un->formation];
}

int
hm_step(const struct game *g, struct move_walk *w, enum dir d)
{
	struct move_price p;
	enum dir keep = w->facing;

	if (g->rs->ops->move_step == NULL)
		return dir_step_cost(d);
	memset(&p, 0, sizeof p);
	p.verdict = MOVE_OK;
	p.need = -1;
	w->facing = d;
	g->rs->ops->move_step(g, w, d, &p);
	w->facing = keep;
	return p.verdict == MOVE_OK ? p.ticks : -1;
}

int
hm_roll(struct game *g, int n, int s, char *buf, size_t len)
{
	int i, r, sum = 0;
	size_t k = 0;

	if (len > 0)
		buf[0] = '\0';
	for (i = 0; i < n; i++) {
		r = rng_die(&g->rng, s);
		sum += r;
		if (k < len)
			k += (size_t)snprintf(buf + k, len - k, "%s%d",
			    i ? "+" : "", r);
	}
	return sum;
}

void
hm_track(struct game *g, int u)
{
	game_track(g, u, hm_turn(g->rs)->track_max);
}

void
hm_rout(struct game *g, int u, const char *rule, const char *why)
{
	struct unit *un = &g->units[u];
	int i;

	un->cond = COND_ROUTED;
	un->contact = -1;
	un->order.kind = ORDER_NONE;
	for (i = 0; i < g->nunits; i++)
		if (g->units[i].contact == u)
			g->units[i].contact = -1;
	HM_MARKS(un) |= HM_ROUTED;
	hm_track(g, u);
	if (un->klass >= 0 && un->klass < HM_MAX_CLASS &&
	    hm_turn(g->rs)->stays[un->klass]) {
		game_log(g, u, EV_CONDITION, "H11", "%s routs (%s): a routed "
		    "wagon stands where it is for the rest of the battle",
		    un->name, why);
		return;
	}
	game_log(g, u, EV_CONDITION, rule, "%s routs (%s)%s: it will flee "
	    "toward its rear at [%d, %d]", un->name, why,
	    un->arm == ARM_ARTILLERY ? ", its crew abandoning the gun" : "",
	    g->sides[un->side].rear.x, g->sides[un->side].rear.y);
}

void
hm_fall_back(struct game *g, int u, const char *rule)
{
	struct unit *un = &g->units[u];
	enum dir back = dir_turn(un->facing, 4);
	struct point next, bad, from = un->pos;
	int left = hm_turn(g->rs)->fall_back, cost = dir_step_cost(back);
	int who = -1;
	bool stopped = false;
	char gone[32], why[160];

	game_occupy(g, u, false);
	while (cost <= left) {
		next.x = un->pos.x + dir_dx[back];
		next.y = un->pos.y + dir_dy[back];
		if (game_fits(g, u, next, un->facing, un->formation, -1,
		    &bad) != 0) {
			stopped = true;
			who = game_unit_at(g, bad.x, bad.y);
			break;
		}
		un->pos = next;
		left -= cost;
	}
	game_occupy(g, u, true);
	ruleset_fmt(g->rs, hm_turn(g->rs)->fall_back - left, gone,
	    sizeof gone);
	why[0] = '\0';
	if (stopped && who >= 0)
		snprintf(why, sizeof why, ": %s stands behind it at [%d, %d]",
		    g->units[who].name, g->units[who].pos.x,
		    g->units[who].pos.y);
	else if (stopped)
		snprintf(why, sizeof why, ": the edge of the field is behind "
		    "it");
	/* Held where it stands from the first step: it did not fall back,
	 * and the line says so rather than "falls back 0 in". */
	if (un->pos.x == from.x && un->pos.y == from.y) {
		game_log(g, u, EV_MOVE, rule, "%s cannot fall back%s; it stays "
		    "at [%d, %d]", un->name, why, from.x, from.y);
		return;
	}
	game_log(g, u, EV_MOVE, rule, "%s falls back %s keeping its facing, "
	    "[%d, %d] to [%d, %d]%s", un->name, gone, from.x, from.y,
	    un->pos.x, un->pos.y, why);
}

void
hm_remove(struct game *g, int u, enum cond c)
{
	struct unit *un = &g->units[u];
	int i;

	game_occupy(g, u, false);
	un->cond = c;
	un->order.kind = ORDER_NONE;
	un->contact = -1;
	for (i = 0; i < g->nunits; i++)
		if (g->units[i].contact == u)
			g->units[i].contact = -1;
	free(un->track);
	un->track = NULL;
	un->ntrack = 0;
	free(un->route);
	un->route = NULL;
	un->nroute = 0;
}
