/*
 * horse-and-musket/doctrine.c - the horse-and-musket ruleset's doctrine
 * for the computer commander (ai/doctrine.h): which of its formations
 * plays each part in the commander's plans, how far muskets, guns and
 * charges reach (HO.3.1, HO.6.2, HO.10) and how a melee would be likely
 * to go (HO.7).
 *
 * It holds no numbers of its own: every figure is read from the loaded
 * data file (rs->data, the tree load_ruleset keeps: the `fire`, `melee`,
 * `charge`, `movement` and `victory` tables of
 * data/rulesets/horse-and-musket.yaml, whose figures are
 * doc/horse-and-musket.md's).  The module's own turn tables will hold
 * the same numbers once they are read; the doctrine should then read
 * them there.  A figure the data does not give leaves the commander's
 * own guess (ranges) or counts 0 (melee).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "ai/doctrine.h"
#include "core/geom.h"
#include "rules/horse-and-musket/hm.h"

/* The data file's names for the formations, by role: Line and Column
 * serve foot and horse alike, the march and the road included; there is
 * no Square and no Skirmish order (section 3 of the document). */
static const char *const role_form[AI_ROLE_COUNT] = {
	[AI_ROLE_LINE] = "line",
	[AI_ROLE_COLUMN] = "column",
	[AI_ROLE_MARCH] = "column",
	[AI_ROLE_ROAD] = "column",
	[AI_ROLE_LIMBERED] = "limbered",
	[AI_ROLE_UNLIMBERED] = "deployed"
};

static const char *const arm_key[ARM_COUNT] = {
	[ARM_INFANTRY] = "infantry",
	[ARM_CAVALRY] = "cavalry",
	[ARM_ARTILLERY] = "artillery"
};

static int
doctrine_form(const struct ruleset *rs, enum ai_role r)
{
	if ((unsigned)r >= AI_ROLE_COUNT || role_form[r] == NULL)
		return -1;
	return ruleset_form(rs, role_form[r]);
}

/* The node at path a.b.c... (NULL-terminated) under the data file's
 * root, or NULL. */
static const struct doc_node *
at(const struct ruleset *rs, const char *const *path)
{
	const struct doc_node *n = rs->data;

	for (; n != NULL && *path != NULL; path++)
		n = doc_get(n, *path);
	return n;
}

/* A scalar as a number: an integer, a decimal or a fraction "a/b"; false
 * if n is no such thing. */
static bool
number(const struct doc_node *n, double *out)
{
	char *end;
	double a, b;

	if (n == NULL || n->kind != DOC_SCALAR)
		return false;
	a = strtod(n->str, &end);
	if (end == n->str)
		return false;
	if (*end == '/') {
		b = strtod(end + 1, &end);
		if (b == 0)
			return false;
		a /= b;
	}
	if (*end != '\0')
		return false;
	*out = a;
	return true;
}

/* The distance at path in ticks, or -1. */
static int
dist(const struct ruleset *rs, const char *const *path)
{
	double v;

	if (!number(at(rs, path), &v) || v < 0)
		return -1;
	return (int)(v * rs->ticks + 0.5);
}

/* The integer at path, or dflt. */
static int
whole(const struct ruleset *rs, const char *const *path, int dflt)
{
	double v;

	return number(at(rs, path), &v) ? (int)v : dflt;
}

/* The name of unit class k (an index in rs->klass). */
static const char *
class_name(const struct ruleset *rs, int k)
{
	return k >= 0 && k < rs->nklass ? rs->klass[k].name : "";
}

/* The weapon of class k of arm (fire: weapon), or NULL. */
static const char *
weapon_of(const struct ruleset *rs, enum arm arm, int k)
{
	const char *p[] = { "fire", "weapon", arm_key[arm],
	    class_name(rs, k), NULL };
	const struct doc_node *n = at(rs, p);

	return n != NULL && n->kind == DOC_SCALAR ? n->str : NULL;
}

/* The range key of weapon w (fire: weapons), ticks, or -1. */
static int
weapon_range(const struct ruleset *rs, const char *w, const char *key)
{
	const char *p[] = { "fire", "weapons", w, key, NULL };

	return w != NULL ? dist(rs, p) : -1;
}

/* Whether arm may charge (charge: arms). */
static bool
charges(const struct ruleset *rs, enum arm arm)
{
	const char *p[] = { "charge", "arms", NULL };
	const struct doc_node *n = at(rs, p);
	int i;

	for (i = 0; n != NULL && n->kind == DOC_SEQ && i < n->n; i++)
		if (n->items[i]->kind == DOC_SCALAR &&
		    strcmp(n->items[i]->str, arm_key[arm]) == 0)
			return true;
	return false;
}

/*
 * HO.3.1: the charge reach is the ground the unit's H1 move covers; the
 * commander keeps one reach an arm, the Line move of the arm's first
 * class (the slowest Line of its foot, the horse's only one).
 */
static int
charge_reach(const struct ruleset *rs, enum arm arm)
{
	const char *p[] = { "movement", "speed", arm_key[arm], NULL,
	    "line", NULL };
	int k;

	for (k = 0; k < rs->nklass; k++)
		if (rs->klass[k].arm == arm) {
			p[3] = rs->klass[k].name;
			return dist(rs, p);
		}
	return -1;
}

static void
doctrine_reach(const struct ruleset *rs, struct ai_reach *r)
{
	const char *hold[] = { "victory", "hold", NULL };
	int k, v, f;
	enum arm a;

	if (rs->data == NULL)
		return;
	/* HO.6.2: close-order foot's musket reaches to its long range. */
	for (k = 0; k < rs->nklass; k++)
		if (rs->klass[k].arm == ARM_INFANTRY) {
			v = weapon_range(rs, weapon_of(rs, ARM_INFANTRY, k),
			    "long");
			if (v > 0)
				r->musket = v;
			break;
		}
	/* Guns: canister and long range by class. */
	for (k = 0; k < rs->nklass && k < RULES_MAX_FORM; k++) {
		const char *w;

		if (rs->klass[k].arm != ARM_ARTILLERY ||
		    (w = weapon_of(rs, ARM_ARTILLERY, k)) == NULL)
			continue;
		if ((v = weapon_range(rs, w, "long")) > 0)
			r->art_range[k] = v;
		if ((v = weapon_range(rs, w, "canister")) > 0)
			r->canister = v;
	}
	/* HO.10: a formed unit this near holds an objective. */
	if ((v = dist(rs, hold)) > 0)
		r->hold = v;
	/* HO.3.1: formed foot and horse charge in any formation of theirs. */
	for (a = 0; a < ARM_COUNT; a++) {
		r->charge[a] = 0;
		r->charge_forms[a] = 0;
		if (!charges(rs, a) || (v = charge_reach(rs, a)) <= 0)
			continue;
		r->charge[a] = v;
		for (f = 0; f < rs->nform && f < RULES_MAX_FORM; f++)
			if (rs->form[f].arms & (1u << a))
				r->charge_forms[a] |= 1u << f;
	}
	/* HO.7: blocks fight in contact. */
	r->melee = 0;
}

/* The melee modifier key (melee: key), 0 when not given. */
static int
mod(const struct ruleset *rs, const char *key)
{
	const char *p[] = { "melee", key, NULL };

	return whole(rs, p, 0);
}

/* HO.7's -2 for the weak in melee (melee: weak, by class or arm). */
static int
weak(const struct ruleset *rs, enum arm arm, int k)
{
	const char *pc[] = { "melee", "weak", class_name(rs, k), NULL };
	const char *pa[] = { "melee", "weak", arm_key[arm], NULL };

	if (k >= 0 && rs->klass[k].arm == arm && at(rs, pc) != NULL)
		return whole(rs, pc, 0);
	return whole(rs, pa, 0);
}

/* Open-order foot: its class moves as open-order foot (movement: mover,
 * oo_foot). */
static bool
open_order(const struct ruleset *rs, enum arm arm, int k)
{
	const char *p[] = { "movement", "mover", arm_key[arm],
	    class_name(rs, k), NULL };
	const struct doc_node *n;

	if (arm != ARM_INFANTRY || (n = at(rs, p)) == NULL ||
	    n->kind != DOC_SCALAR)
		return false;
	return strcmp(n->str, "oo_foot") == 0;
}

/*
 * HO.7 with the dice left out, own unit u charging enemy e: +1 for the
 * charge; horse against foot or guns, more from a flank or against
 * Disordered foot; a flank; Disordered; open order; the weak.  The
 * defender's ground (buildings, woods, an obstacle) is not seen here.
 * The enemy's class cannot be seen: his foot counts as close order.
 */
static int
doctrine_melee_edge(const struct ruleset *rs, const struct ai_own *u,
    const struct ai_enemy *e, int enemy_drill)
{
	bool flank;
	int a, b;

	if (rs->data == NULL)
		return 0;
	a = u->drill + mod(rs, "charged");
	b = enemy_drill;
	/* Off his front: he turned his flank to us. */
	flank = (u->pos.x != e->pos.x || u->pos.y != e->pos.y) &&
	    dir_diff(e->facing, geom_heading(e->pos, u->pos)) >= 2;
	if (u->arm == ARM_CAVALRY && e->arm != ARM_CAVALRY) {
		if (flank || (e->arm == ARM_INFANTRY && e->cond == COND_MOB))
			a += mod(rs, "horse_flank_or_disordered");
		else
			a += mod(rs, "horse_front");
	}
	if (flank)
		a += mod(rs, "flank");
	if (u->cond == COND_MOB)
		a += mod(rs, "disordered");
	if (e->cond == COND_MOB)
		b += mod(rs, "disordered");
	if (open_order(rs, u->arm, u->klass))
		a += mod(rs, "open_order");
	a += weak(rs, u->arm, u->klass);
	b += weak(rs, e->arm, -1);
	return a - b;
}

const struct ai_doctrine hm_doctrine = {
	.name = "horse-and-musket",
	.form = doctrine_form,
	.reach = doctrine_reach,
	.melee_edge = doctrine_melee_edge,
};
