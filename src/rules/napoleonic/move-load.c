/*
 * napoleonic/move-load.c - the numbers of the data file's `movement`
 * section (and the rally section's restore gap) read into a struct
 * nap_move (move.h), and the unit state the movement rules keep in a
 * unit's attributes: drill, musician, action points used.
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
#include "util/xalloc.h"

#define NAP_BD_MAX	50	/* no movement number is larger, in BD */

/* --- loading ------------------------------------------------------------- */

static const char *const move_keys[] = {
	"speed", "road_column_crowded", "road_column_off_road",
	"artillery_road", "musician", "limber_ap", "unlimber_ap",
	"pivot_per_45", "turn_per_45", "wheel_outer_loss", "random_die",
	"random_low", "random_high", "cavalry_mc_pe_factor", "obstacle_width",
	"free_contours", "contour_cost", "small_road_relief",
	"infantry_contact", "cavalry_stop", "cavalry_charge",
	"artillery_stop", "contact_holds_within", "contact_deploy_from",
	"contact_deploy",
	"auto_formation", "battery", "pivot_reach", "wheel_gap", NULL
};

/* restore_enemy_gap is read here; the others by the rally phase (3.3,
 * napoleonic/phases.c). */
static const char *const rally_keys[] = {
	"restore_enemy_gap", "enemy_gap", "general_reach", "base", "musician",
	"general", "per_losses", NULL
};

/* A BD value under key of map n, in ticks, from min BD. */
static int
get_bd_from(const struct ruleset *rs, const struct doc_node *n,
    const char *key, long min, int *out, struct diags *d)
{
	const struct doc_node *v = doc_need(n, key, d);
	long t;

	if (v == NULL || doc_fixed(v, rs->ticks, min * rs->ticks,
	    NAP_BD_MAX * rs->ticks, &t, d) != 0)
		return -1;
	*out = (int)t;
	return 0;
}

/* A BD value under key of map n, in ticks: never negative, so that no
 * turn or step is priced below 0 (the route search counts on it, see
 * doc/rulesets.md).  Only a random change of speed may be negative. */
static int
get_bd(const struct ruleset *rs, const struct doc_node *n, const char *key,
    int *out, struct diags *d)
{
	return get_bd_from(rs, n, key, 0, out, d);
}

static int
get_int(const struct doc_node *n, const char *key, long min, long max,
    int *out, struct diags *d)
{
	const struct doc_node *v = doc_need(n, key, d);
	long t;

	if (v == NULL || doc_int(v, min, max, &t, d) != 0)
		return -1;
	*out = (int)t;
	return 0;
}

static int
get_form(const struct ruleset *rs, const struct doc_node *v, int *out,
    struct diags *d)
{
	const char *s;
	int f;

	if (doc_str(v, RULES_NAME_MAX, &s, d) != 0)
		return -1;
	if ((f = ruleset_form(rs, s)) < 0) {
		diags_add(d, v->pos, "unknown formation '%s'", s);
		return -1;
	}
	*out = f;
	return 0;
}

static int
get_form_key(const struct ruleset *rs, const struct doc_node *n,
    const char *key, int *out, struct diags *d)
{
	const struct doc_node *v = doc_need(n, key, d);

	return v == NULL ? -1 : get_form(rs, v, out, d);
}

static int
get_forms(const struct ruleset *rs, const struct doc_node *v, uint32_t *out,
    struct diags *d)
{
	int i, f, bad = 0;

	if (doc_expect(v, DOC_SEQ, "a list of formations", d) != 0)
		return -1;
	*out = 0;
	for (i = 0; i < v->n; i++) {
		if (get_form(rs, v->items[i], &f, d) != 0)
			bad = -1;
		else
			*out |= 1u << f;
	}
	return bad;
}

/* "drill", "drill - 2", "drill + 1" or a number of BD. */
static int
get_speed(const struct ruleset *rs, const struct doc_node *v,
    struct nap_speed *sp, struct diags *d)
{
	struct doc_node tmp;
	const char *s;
	long t;
	int sign = 1;

	if (doc_expect(v, DOC_SCALAR, "a speed", d) != 0)
		return -1;
	s = v->str;
	while (*s == ' ')
		s++;
	sp->set = true;
	sp->mul = 0;
	sp->add = 0;
	if (strncmp(s, "drill", 5) == 0) {
		sp->mul = 1;
		for (s += 5; *s == ' '; s++)
			;
		if (*s == '\0')
			return 0;
		if (*s != '-' && *s != '+') {
			diags_add(d, v->pos, "a speed is 'drill', 'drill - N', "
			    "'drill + N' or a number of BD, not '%s'", v->str);
			return -1;
		}
		sign = *s++ == '-' ? -1 : 1;
		while (*s == ' ')
			s++;
	}
	tmp = *v;
	tmp.str = (char *)(uintptr_t)s;
	tmp.len = strlen(s);
	tmp.quoted = false;
	if (doc_fixed(&tmp, rs->ticks, 0, NAP_BD_MAX * rs->ticks, &t, d) != 0)
		return -1;
	sp->add = sign * (int)t;
	return 0;
}

static int
load_speeds(const struct ruleset *rs, struct nap_move *m,
    const struct doc_node *sp, struct diags *d)
{
	const struct doc_node *tab;
	struct nap_speed tmp;
	int a, i, f, k, bad = 0;

	if (doc_expect(sp, DOC_MAP, "speed", d) != 0)
		return -1;
	for (i = 0; i < sp->n; i++) {
		if ((a = arm_parse(sp->keys[i]->str)) < 0) {
			diags_add(d, sp->keys[i]->pos, "unknown arm '%s'",
			    sp->keys[i]->str);
			bad = -1;
			continue;
		}
		tab = sp->items[i];
		if (doc_expect(tab, DOC_MAP, "speeds of an arm", d) != 0) {
			bad = -1;
			continue;
		}
		for (k = 0; k < tab->n; k++) {
			const char *key = tab->keys[k]->str;

			/* Artillery speeds are by class, the others by
			 * formation (3.6.3). */
			if (a == ARM_ARTILLERY) {
				if ((f = ruleset_class(rs, ARM_ARTILLERY,
				    key)) < 0) {
					diags_add(d, tab->keys[k]->pos,
					    "unknown artillery class '%s'",
					    key);
					bad = -1;
					continue;
				}
				if (get_speed(rs, tab->items[k], &tmp, d) != 0)
					bad = -1;
				else if (tmp.mul != 0) {
					diags_add(d, tab->items[k]->pos,
					    "a battery's speed is a number");
					bad = -1;
				} else
					m->art_speed[f] = tmp.add;
				continue;
			}
			if ((f = ruleset_form(rs, key)) < 0) {
				diags_add(d, tab->keys[k]->pos,
				    "unknown formation '%s'", key);
				bad = -1;
				continue;
			}
			if ((rs->form[f].arms & (1u << a)) == 0) {
				diags_add(d, tab->keys[k]->pos, "%s is not a "
				    "formation of %s", key, arm_name(a));
				bad = -1;
				continue;
			}
			if (get_speed(rs, tab->items[k], &m->speed[a][f],
			    d) != 0)
				bad = -1;
		}
	}
	return bad;
}

static int
load_gap(const struct ruleset *rs, const struct doc_node *mv,
    const char *key, int *more, int *less, uint32_t *forms, struct diags *d)
{
	static const char *const k3[] = { "more_than", "less_than",
	    "formations", NULL };
	const struct doc_node *n = doc_need(mv, key, d), *f;
	int bad = 0;

	if (n == NULL || doc_expect(n, DOC_MAP, key, d) != 0 ||
	    doc_check_keys(n, k3, d) != 0)
		return -1;
	if (get_bd(rs, n, "more_than", more, d) != 0)
		bad = -1;
	if (less != NULL && get_bd(rs, n, "less_than", less, d) != 0)
		bad = -1;
	if (forms != NULL && ((f = doc_need(n, "formations", d)) == NULL ||
	    get_forms(rs, f, forms, d) != 0))
		bad = -1;
	return bad;
}

static int
load_roll(const struct ruleset *rs, const struct doc_node *mv,
    const char *key, int die, int *roll, int *change, struct diags *d)
{
	static const char *const k2[] = { "roll", "change", NULL };
	const struct doc_node *n = doc_need(mv, key, d);

	if (n == NULL || doc_expect(n, DOC_MAP, key, d) != 0 ||
	    doc_check_keys(n, k2, d) != 0)
		return -1;
	if (get_int(n, "roll", 1, die, roll, d) != 0 ||
	    get_bd_from(rs, n, "change", -NAP_BD_MAX, change, d) != 0)
		return -1;
	return 0;
}

/* The unit values the rules read, looked up once: a Drill number every
 * order of battle gives, a musician flag and a battery's action points
 * spent, kept in play. */
static int
nap_attrs(const struct ruleset *rs, struct nap_move *m,
    const struct doc_node *root, struct diags *d)
{
	static const struct {
		const char	*name;
		bool		 flag, state, required;
	} need[] = {
		{ "drill", false, false, true },
		{ "musician", true, false, false },
		{ "ap_used", false, true, false },
	};
	int *idx[] = { &m->a_drill, &m->a_musician, &m->a_ap_used };
	const struct attr_def *a;
	size_t i;

	for (i = 0; i < sizeof need / sizeof need[0]; i++) {
		*idx[i] = ruleset_attr(rs, need[i].name);
		a = *idx[i] >= 0 ? &rs->attr[*idx[i]] : NULL;
		if (a == NULL || a->flag != need[i].flag ||
		    a->state != need[i].state ||
		    a->required != need[i].required) {
			diags_add(d, root->pos, "the napoleonic rules need "
			    "%s '%s'%s%s", need[i].state ? "a state value" :
			    "an attribute", need[i].name, need[i].flag ?
			    ", a flag" : ", a number", need[i].required ?
			    ", required" : "");
			return -1;
		}
	}
	return 0;
}

int
nap_move_load(struct ruleset *rs, const struct doc_node *root,
    struct diags *d)
{
	static const char *const bat_keys[] = { "limbered", "unlimbered",
	    NULL };
	const struct doc_node *mv = doc_need(root, "movement", d), *n;
	struct nap_move *m;
	int a, f, bad = 0;

	if (mv == NULL || doc_expect(mv, DOC_MAP, "movement", d) != 0 ||
	    doc_check_keys(mv, move_keys, d) != 0)
		return -1;
	m = xcalloc(1, sizeof *m);
	for (a = 0; a < ARM_COUNT; a++)
		m->deploy[a] = -1;
	if ((n = doc_need(mv, "speed", d)) == NULL ||
	    load_speeds(rs, m, n, d) != 0)
		bad = -1;
	if (get_bd(rs, mv, "road_column_crowded", &m->rc_crowded, d) != 0 ||
	    get_form_key(rs, mv, "road_column_off_road", &m->rc_off_road,
	    d) != 0 ||
	    get_bd(rs, mv, "artillery_road", &m->art_road, d) != 0 ||
	    get_bd(rs, mv, "musician", &m->musician, d) != 0 ||
	    get_int(mv, "limber_ap", 0, 6, &m->limber_ap, d) != 0 ||
	    get_int(mv, "unlimber_ap", 0, 6, &m->unlimber_ap, d) != 0 ||
	    get_int(mv, "pivot_per_45", 0, 6, &m->pivot_per_45, d) != 0 ||
	    get_bd(rs, mv, "turn_per_45", &m->turn_per_45, d) != 0 ||
	    get_bd(rs, mv, "wheel_outer_loss", &m->wheel_loss, d) != 0 ||
	    get_int(mv, "random_die", 2, 100, &m->die, d) != 0)
		bad = -1;
	if (bad == 0 &&
	    (load_roll(rs, mv, "random_low", m->die, &m->low_roll,
	    &m->low_change, d) != 0 ||
	    load_roll(rs, mv, "random_high", m->die, &m->high_roll,
	    &m->high_change, d) != 0))
		bad = -1;
	if (get_int(mv, "cavalry_mc_pe_factor", 0, 10, &m->mc_pe_factor,
	    d) != 0 ||
	    get_bd(rs, mv, "obstacle_width", &m->obstacle_width, d) != 0 ||
	    get_int(mv, "free_contours", 0, 10, &m->free_contours, d) != 0 ||
	    get_bd(rs, mv, "contour_cost", &m->contour_cost, d) != 0 ||
	    get_bd(rs, mv, "small_road_relief", &m->road_relief, d) != 0)
		bad = -1;
	if (load_gap(rs, mv, "infantry_contact", &m->inf_more, &m->inf_less,
	    NULL, d) != 0 ||
	    load_gap(rs, mv, "cavalry_stop", &m->cav_more, NULL, &m->cav_forms,
	    d) != 0 ||
	    load_gap(rs, mv, "cavalry_charge", &m->cav_charge, NULL, NULL,
	    d) != 0 ||
	    load_gap(rs, mv, "artillery_stop", &m->art_more, NULL,
	    &m->art_forms, d) != 0 ||
	    get_bd(rs, mv, "contact_holds_within", &m->contact_hold, d) != 0)
		bad = -1;
	if ((n = doc_need(mv, "contact_deploy_from", d)) == NULL ||
	    get_forms(rs, n, &m->deploy_from, d) != 0)
		bad = -1;
	if ((n = doc_need(mv, "contact_deploy", d)) == NULL ||
	    doc_expect(n, DOC_MAP, "contact_deploy", d) != 0)
		bad = -1;
	else {
		for (f = 0; f < n->n; f++) {
			if ((a = arm_parse(n->keys[f]->str)) < 0) {
				diags_add(d, n->keys[f]->pos,
				    "unknown arm '%s'", n->keys[f]->str);
				bad = -1;
			} else if (get_form(rs, n->items[f], &m->deploy[a],
			    d) != 0)
				bad = -1;
		}
	}
	if (get_form_key(rs, mv, "auto_formation", &m->auto_form, d) != 0)
		bad = -1;
	if ((n = doc_need(mv, "battery", d)) == NULL ||
	    doc_expect(n, DOC_MAP, "battery", d) != 0 ||
	    doc_check_keys(n, bat_keys, d) != 0 ||
	    get_form_key(rs, n, "limbered", &m->limbered, d) != 0 ||
	    get_form_key(rs, n, "unlimbered", &m->unlimbered, d) != 0)
		bad = -1;
	if (get_bd(rs, mv, "pivot_reach", &m->pivot_reach, d) != 0 ||
	    get_bd(rs, mv, "wheel_gap", &m->wheel_gap, d) != 0)
		bad = -1;
	if ((n = doc_need(root, "rally", d)) == NULL ||
	    doc_expect(n, DOC_MAP, "rally", d) != 0 ||
	    doc_check_keys(n, rally_keys, d) != 0 ||
	    get_bd(rs, n, "restore_enemy_gap", &m->restore_gap, d) != 0)
		bad = -1;
	/* The road column speed off a road must exist for every arm that
	 * has both (checked here so a typo cannot freeze a column). */
	for (a = 0; bad == 0 && a < ARM_COUNT; a++)
		if (a != ARM_ARTILLERY &&
		    (rs->form[m->rc_off_road].arms & (1u << a)) != 0 &&
		    !m->speed[a][m->rc_off_road].set) {
			diags_add(d, mv->pos, "movement: no %s speed for %s",
			    arm_name(a), rs->form[m->rc_off_road].name);
			bad = -1;
		}
	if (bad == 0 && nap_attrs(rs, m, root, d) != 0)
		bad = -1;
	if (bad != 0) {
		free(m);
		return -1;
	}
	/* The least a step costs (the route search's bound): its distance,
	 * or the obstacle's width when it crosses one, square on only, and
	 * landscape, obstacles and contours only ever add (move-step.c). */
	rs->least_step[0] = m->obstacle_width < STEP_ORTHO ?
	    m->obstacle_width : STEP_ORTHO;
	rs->least_step[1] = STEP_DIAG;
	/* Facing about moves the block only in the walk, never in a
	 * search (nap_move_turn). */
	rs->plan_turn_stays = true;
	rs->waits_for_friends = true;
	/* A step and a turn are priced from the walker's own unit and the
	 * map alone (move-step.c, nap_move_turn). */
	rs->plan_no_units = true;
	rs->priv = m;
	return 0;
}

int
nap_drill(const struct ruleset *rs, const struct unit *u)
{
	return unit_attr(u, nap_move(rs)->a_drill);
}

bool
nap_musician(const struct ruleset *rs, const struct unit *u)
{
	return unit_attr(u, nap_move(rs)->a_musician) != 0;
}

void
nap_musician_set(const struct ruleset *rs, struct unit *u, bool on)
{
	unit_attr_set(u, nap_move(rs)->a_musician, on);
}

int
nap_ap_used(const struct ruleset *rs, const struct unit *u)
{
	return unit_attr(u, nap_move(rs)->a_ap_used);
}

void
nap_ap_used_set(const struct ruleset *rs, struct unit *u, int ap)
{
	unit_attr_set(u, nap_move(rs)->a_ap_used, ap);
}
