/*
 * load.c - reads the horse-and-musket `movement` table (H1-H12) from the
 * data file into struct hm_move (move.h).
 *
 * Inches become ticks (rs->ticks to the inch); shares are fraction
 * strings ("2/3", "1", "none"), kept exact as num/den.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/horse-and-musket/hm.h"
#include "rules/horse-and-musket/move.h"
#include "util/xalloc.h"

static const char *const mover_names[] = {
	"co_foot", "oo_foot", "mounted", "wheeled", NULL
};

/* By enum arm, NULL-terminated for doc_check_keys. */
static const char *const arm_keys[ARM_COUNT + 1] = {
	"infantry", "cavalry", "artillery", NULL
};

/* A distance in inches, as ticks. */
static int
inches(const struct ruleset *rs, const struct doc_node *n, int *out,
    struct diags *d)
{
	long v;

	if (doc_fixed(n, rs->ticks, 0, 1000L * rs->ticks, &v, d) != 0)
		return -1;
	*out = (int)v;
	return 0;
}

/* A share: "none", "N" or "N/D" with small whole N and D. */
static int
share(const struct doc_node *n, struct hm_share *out, struct diags *d)
{
	int a, b, k;
	char extra;

	if (n->kind != DOC_SCALAR) {
		diags_add(d, n->pos, "a share must be a fraction (\"2/3\"), a "
		    "whole number or none");
		return -1;
	}
	if (strcmp(n->str, "none") == 0) {
		out->num = 0;
		out->den = 0;
		return 0;
	}
	k = sscanf(n->str, "%d/%d%c", &a, &b, &extra);
	if (k == 1 && strchr(n->str, '/') == NULL)
		b = 1;
	else if (k != 2)
		a = -1;
	if (a <= 0 || a > 12 || b <= 0 || b > 12) {
		diags_add(d, n->pos, "'%s' is not a share (a fraction such as "
		    "\"2/3\", a whole number, or none)", n->str);
		return -1;
	}
	out->num = a;
	out->den = b;
	return 0;
}

/* A map {co_foot: share, oo_foot: ..., mounted: ..., wheeled: ...}. */
static int
share_row(const struct doc_node *n, struct hm_share *row, struct diags *d)
{
	const struct doc_node *v;
	int i, bad = 0;

	if (doc_expect(n, DOC_MAP, "a row of shares", d) != 0 ||
	    doc_check_keys(n, mover_names, d) != 0)
		return -1;
	for (i = 0; i < HM_MOVER_COUNT; i++) {
		if ((v = doc_need(n, mover_names[i], d)) == NULL ||
		    share(v, &row[i], d) != 0)
			bad = -1;
	}
	return bad;
}

/* movement.speed (H1) and movement.guns (H2): by arm, class, formation
 * name (line, column, limbered, deployed) and rout. */
static int
load_speeds(struct ruleset *rs, struct hm_move *m, const struct doc_node *n,
    enum arm arm, struct diags *d)
{
	const struct doc_node *c, *f;
	int i, j, k, form, t, bad = 0;

	if (doc_expect(n, DOC_MAP, "a table of speeds", d) != 0)
		return -1;
	for (i = 0; i < n->n; i++) {
		if ((k = ruleset_class(rs, arm, n->keys[i]->str)) < 0 ||
		    k >= HM_MAX_CLASS) {
			diags_add(d, n->keys[i]->pos, "unknown %s class '%s'",
			    arm_keys[arm], n->keys[i]->str);
			bad = -1;
			continue;
		}
		c = n->items[i];
		if (doc_expect(c, DOC_MAP, "speeds of a class", d) != 0) {
			bad = -1;
			continue;
		}
		for (j = 0; j < c->n; j++) {
			f = c->items[j];
			if (inches(rs, f, &t, d) != 0) {
				bad = -1;
				continue;
			}
			if (strcmp(c->keys[j]->str, "rout") == 0) {
				m->rout[k] = t;
				continue;
			}
			if ((form = ruleset_form(rs, c->keys[j]->str)) < 0) {
				diags_add(d, c->keys[j]->pos, "unknown "
				    "formation '%s'", c->keys[j]->str);
				bad = -1;
				continue;
			}
			m->speed[k][form] = t;
		}
	}
	return bad;
}

/* movement.mover: the H3/H4 column of each class. */
static int
load_movers(struct ruleset *rs, struct hm_move *m, const struct doc_node *n,
    struct diags *d)
{
	const struct doc_node *a;
	int arm, i, k, v, bad = 0;

	if (doc_expect(n, DOC_MAP, "mover", d) != 0 ||
	    doc_check_keys(n, arm_keys, d) != 0)
		return -1;
	for (arm = 0; arm < ARM_COUNT; arm++) {
		if ((a = doc_get(n, arm_keys[arm])) == NULL)
			continue;
		if (doc_expect(a, DOC_MAP, "movers of an arm", d) != 0) {
			bad = -1;
			continue;
		}
		for (i = 0; i < a->n; i++) {
			k = ruleset_class(rs, (enum arm)arm, a->keys[i]->str);
			if (k < 0 || k >= HM_MAX_CLASS) {
				diags_add(d, a->keys[i]->pos, "unknown class "
				    "'%s'", a->keys[i]->str);
				bad = -1;
			} else if (doc_enum(a->items[i], mover_names, &v,
			    d) != 0)
				bad = -1;
			else
				m->mover[k] = (enum hm_mover)v;
		}
	}
	return bad;
}

/* A {infantry: N, cavalry: N, artillery: N} of inches; arms left out
 * get -1. */
static int
per_arm(struct ruleset *rs, const struct doc_node *n, int *out,
    struct diags *d)
{
	const struct doc_node *v;
	int arm, bad = 0;

	if (doc_expect(n, DOC_MAP, "a figure per arm", d) != 0 ||
	    doc_check_keys(n, arm_keys, d) != 0)
		return -1;
	for (arm = 0; arm < ARM_COUNT; arm++) {
		out[arm] = -1;
		if ((v = doc_get(n, arm_keys[arm])) != NULL &&
		    inches(rs, v, &out[arm], d) != 0)
			bad = -1;
	}
	return bad;
}

/* movement.terrain (H3) and movement.crossing (H4). */
static int
load_shares(struct ruleset *rs, struct hm_move *m, const struct doc_node *mv,
    struct diags *d)
{
	const struct doc_node *n;
	const char *k;
	int i, j, bad = 0;

	if ((n = doc_need(mv, "terrain", d)) == NULL ||
	    doc_expect(n, DOC_MAP, "terrain", d) != 0)
		return -1;
	for (i = 0; i < n->n; i++) {
		if ((j = ruleset_land(rs, n->keys[i]->str)) < 0) {
			diags_add(d, n->keys[i]->pos, "unknown landscape "
			    "'%s'", n->keys[i]->str);
			bad = -1;
		} else if (share_row(n->items[i], m->terrain[j], d) != 0)
			bad = -1;
	}
	if ((n = doc_need(mv, "crossing", d)) == NULL ||
	    doc_expect(n, DOC_MAP, "crossing", d) != 0)
		return -1;
	for (i = 0; i < n->n; i++) {
		k = n->keys[i]->str;
		if (strcmp(k, "enter_buildings") == 0)
			bad |= share_row(n->items[i], m->enter_b, d);
		else if (strcmp(k, "leave_buildings") == 0)
			bad |= share_row(n->items[i], m->leave_b, d);
		else if ((j = ruleset_obst(rs, k)) <= 0) {
			diags_add(d, n->keys[i]->pos, "unknown obstacle '%s'",
			    k);
			bad = -1;
		} else
			bad |= share_row(n->items[i], m->cross[j], d);
	}
	return bad;
}

/* movement.road_bonus (H14): {bonus, enemy_clear, formations}. */
static int
load_road(struct ruleset *rs, struct hm_move *m, const struct doc_node *n,
    struct diags *d)
{
	static const char *const keys[] = { "bonus", "enemy_clear",
	    "formations", NULL };
	const struct doc_node *v;
	int i, f;

	if (doc_expect(n, DOC_MAP, "road_bonus", d) != 0 ||
	    doc_check_keys(n, keys, d) != 0 ||
	    (v = doc_need(n, "bonus", d)) == NULL ||
	    inches(rs, v, &m->road_bonus, d) != 0 ||
	    (v = doc_need(n, "enemy_clear", d)) == NULL ||
	    inches(rs, v, &m->road_clear, d) != 0 ||
	    (v = doc_need(n, "formations", d)) == NULL ||
	    doc_expect(v, DOC_SEQ, "formations", d) != 0)
		return -1;
	for (i = 0; i < v->n; i++) {
		if (v->items[i]->kind != DOC_SCALAR ||
		    (f = ruleset_form(rs, v->items[i]->str)) < 0) {
			diags_add(d, v->items[i]->pos, "unknown formation");
			return -1;
		}
		m->road_forms |= 1u << f;
	}
	return 0;
}

/* The keys of movement this module reads; the rest are checked. */
static const char *const mv_keys[] = {
	"speed", "guns", "immobile_when_routed", "mover", "crew_mover",
	"terrain", "crossing", "guns_enter_buildings",
	"formation_change_cap", "limber_takes_move", "retire",
	"free_turn_steps", "turn_max_steps", "wheel_diameter",
	"pass_through", "road_bonus", "enemy_gap", "arrive_within",
	"round_friend_after_a_turn", NULL
};

/* Read the movement table into rs->priv. */
int
hm_move_load(struct ruleset *rs, const struct doc_node *root,
    struct diags *d)
{
	const struct doc_node *mv, *n, *a;
	struct hm_move *m;
	int i, k, v, bad = 0;

	if ((mv = doc_need(root, "movement", d)) == NULL ||
	    doc_expect(mv, DOC_MAP, "movement", d) != 0 ||
	    doc_check_keys(mv, mv_keys, d) != 0)
		return -1;
	m = xcalloc(1, sizeof *m);
	rs->priv = m;
	/* hm_move_turn reads no ground: its price and where its anchor
	 * goes (a table of offsets, or about the block's centre) are the
	 * same wherever the block stands; hm_move_face reads the unit and
	 * its facing alone. */
	rs->plan_turn_anywhere = true;
	/* Every turn of hm_move_turn moves the block (a wheel, or about
	 * its centre): no step prices a turn into its own. */
	rs->plan_turn_ahead = true;
	for (k = 0; k < HM_MAX_CLASS; k++) {
		for (i = 0; i < RULES_MAX_FORM; i++)
			m->speed[k][i] = -1;
		m->rout[k] = -1;
	}
	for (i = 0; i < RULES_MAX_LAND; i++)
		for (k = 0; k < HM_MOVER_COUNT; k++)
			m->terrain[i][k] = (struct hm_share){ 1, 1 };
	for (i = 0; i < RULES_MAX_OBST; i++)
		for (k = 0; k < HM_MOVER_COUNT; k++)
			m->cross[i][k] = (struct hm_share){ 0, 1 };
	for (k = 0; k < HM_MOVER_COUNT; k++)
		m->enter_b[k] = m->leave_b[k] = (struct hm_share){ 0, 1 };
	m->buildings = ruleset_land(rs, "buildings");
	if ((n = doc_need(mv, "speed", d)) == NULL ||
	    doc_expect(n, DOC_MAP, "speed", d) != 0)
		return -1;
	for (i = 0; i < ARM_COUNT; i++)
		if ((a = doc_get(n, arm_keys[i])) != NULL &&
		    load_speeds(rs, m, a, (enum arm)i, d) != 0)
			bad = -1;
	if ((n = doc_need(mv, "guns", d)) == NULL ||
	    load_speeds(rs, m, n, ARM_ARTILLERY, d) != 0)
		bad = -1;
	if ((n = doc_get(mv, "immobile_when_routed")) != NULL) {
		if (doc_expect(n, DOC_SEQ, "immobile_when_routed", d) != 0)
			bad = -1;
		for (i = 0; n->kind == DOC_SEQ && i < n->n; i++) {
			k = ruleset_class(rs, ARM_ARTILLERY, n->items[i]->str);
			if (k < 0 || k >= HM_MAX_CLASS) {
				diags_add(d, n->items[i]->pos, "unknown "
				    "artillery class '%s'", n->items[i]->str);
				bad = -1;
			} else
				m->immobile_routed[k] = true;
		}
	}
	if ((n = doc_need(mv, "mover", d)) == NULL ||
	    load_movers(rs, m, n, d) != 0)
		bad = -1;
	if ((n = doc_need(mv, "crew_mover", d)) == NULL ||
	    doc_enum(n, mover_names, &v, d) != 0)
		bad = -1;
	else
		m->crew_mover = (enum hm_mover)v;
	if (load_shares(rs, m, mv, d) != 0)
		bad = -1;
	m->guns_enter_buildings = false;
	if ((n = doc_get(mv, "guns_enter_buildings")) != NULL &&
	    doc_bool(n, &m->guns_enter_buildings, d) != 0)
		bad = -1;
	if ((n = doc_need(mv, "formation_change_cap", d)) == NULL)
		bad = -1;
	else if (n->kind != DOC_SCALAR ||
	    (m->line = ruleset_form(rs, n->str)) < 0) {
		diags_add(d, n->pos, "formation_change_cap must name a "
		    "formation");
		bad = -1;
	}
	m->limber_takes_move = true;
	if ((n = doc_get(mv, "limber_takes_move")) != NULL &&
	    doc_bool(n, &m->limber_takes_move, d) != 0)
		bad = -1;
	if ((n = doc_need(mv, "retire", d)) == NULL ||
	    per_arm(rs, n, m->retire, d) != 0)
		bad = -1;
	if ((n = doc_need(mv, "pass_through", d)) == NULL ||
	    per_arm(rs, n, m->pass, d) != 0)
		bad = -1;
	if (doc_need_int(mv, "free_turn_steps", 0, 4, &m->free_turn_steps,
	    d) != 0 || doc_need_int(mv, "turn_max_steps", 1, 4,
	    &m->turn_max_steps, d) != 0)
		bad = -1;
	if ((n = doc_need(mv, "wheel_diameter", d)) == NULL ||
	    inches(rs, n, &m->wheel_diameter, d) != 0)
		bad = -1;
	if ((n = doc_need(mv, "enemy_gap", d)) == NULL ||
	    inches(rs, n, &m->enemy_gap, d) != 0)
		bad = -1;
	/* Ticks to cells, rounded down: within so many cells each way. */
	if ((n = doc_need(mv, "arrive_within", d)) == NULL ||
	    inches(rs, n, &v, d) != 0)
		bad = -1;
	else
		rs->arrive_near = v / STEP_ORTHO;
	if ((n = doc_need(mv, "round_friend_after_a_turn", d)) == NULL ||
	    doc_bool(n, &rs->detour_after_a_turn, d) != 0)
		bad = -1;
	if ((n = doc_need(mv, "road_bonus", d)) == NULL ||
	    load_road(rs, m, n, d) != 0)
		bad = -1;
	if (bad == 0)
		hm_wheel_table(rs, m);
	return bad;
}

/* Free it. */
void
hm_move_free(struct ruleset *rs)
{
	struct hm_move *m = rs->priv;

	if (m != NULL)
		free(m->wheel_to);
	free(rs->priv);
	rs->priv = NULL;
}
