/*
 * attr.c - the per-unit attributes and state a ruleset declares.
 *
 * A ruleset file may hold two tables, attributes: (given per unit in
 * orders of battle, shown to the player) and state: (changed in play and
 * saved, never given in an order of battle).  Each entry is a number with
 * a range or a flag, with a label and a default; an attribute may be
 * required.  Their definitions fill rs->attr in the order of the file,
 * attributes first, and each unit holds its values at the same index in
 * unit->attr[].
 */
#include "config.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "core/ruleset.h"

#define ATTR_RANGE	1000000	/* numbers stay within +/- this */

static const char *const entry_keys[] = {
	"label", "flag", "min", "max", "default", "required", "report",
	"internal", NULL
};

static int
opt_flag(const struct doc_node *map, const char *key, bool *out,
    struct diags *d)
{
	const struct doc_node *n = doc_get(map, key);

	*out = false;
	return n == NULL ? 0 : doc_bool(n, out, d);
}

static int
opt_num(const struct doc_node *map, const char *key, int *out,
    struct diags *d)
{
	const struct doc_node *n = doc_get(map, key);
	long v;

	if (n == NULL)
		return 0;
	if (doc_int(n, -ATTR_RANGE, ATTR_RANGE, &v, d) != 0)
		return -1;
	*out = (int)v;
	return 0;
}

static int
check_key(const struct doc_node *k, struct diags *d)
{
	size_t i;

	if (k->len == 0 || k->len >= RULES_NAME_MAX) {
		diags_add(d, k->pos, "an attribute's name is 1 to %d "
		    "characters", RULES_NAME_MAX - 1);
		return -1;
	}
	for (i = 0; i < k->len; i++)
		if (!isalnum((unsigned char)k->str[i]) && k->str[i] != '_') {
			diags_add(d, k->pos, "attribute name '%s' may hold "
			    "only letters, digits and '_'", k->str);
			return -1;
		}
	return 0;
}

/* One entry of a table into rs->attr[rs->nattr]. */
static int
load_entry(struct ruleset *rs, const struct doc_node *k,
    const struct doc_node *v, bool state, struct diags *d)
{
	struct attr_def *a = &rs->attr[rs->nattr];
	const struct doc_node *n;
	const char *s;
	long def;
	bool on;

	if (check_key(k, d) != 0)
		return -1;
	if (ruleset_attr(rs, k->str) >= 0) {
		diags_add(d, k->pos, "attribute '%s' declared twice", k->str);
		return -1;
	}
	if (rs->nattr >= UNIT_ATTR_MAX) {
		diags_add(d, k->pos, "too many attributes: at most %d in "
		    "all", UNIT_ATTR_MAX);
		return -1;
	}
	if (doc_expect(v, DOC_MAP, "an attribute", d) != 0 ||
	    doc_check_keys(v, entry_keys, d) != 0)
		return -1;
	memset(a, 0, sizeof *a);
	snprintf(a->name, sizeof a->name, "%s", k->str);
	a->state = state;
	if ((n = doc_need(v, "label", d)) == NULL ||
	    doc_str(n, ATTR_LABEL_MAX - 1, &s, d) != 0)
		return -1;
	snprintf(a->label, sizeof a->label, "%s", s);
	if (opt_flag(v, "flag", &a->flag, d) != 0 ||
	    opt_flag(v, "required", &a->required, d) != 0 ||
	    opt_flag(v, "report", &a->report, d) != 0 ||
	    opt_flag(v, "internal", &a->internal, d) != 0)
		return -1;
	if (!state && a->internal) {
		diags_add(d, doc_get(v, "internal")->pos, "an attribute is "
		    "given in orders of battle and shown to the player: only "
		    "a state value can be internal");
		return -1;
	}
	if (state && a->required) {
		diags_add(d, doc_get(v, "required")->pos, "a state value is "
		    "never given in an order of battle: it cannot be "
		    "required");
		return -1;
	}
	if (a->flag) {
		if (doc_get(v, "min") != NULL || doc_get(v, "max") != NULL) {
			diags_add(d, v->pos, "a flag has no min or max");
			return -1;
		}
		a->min = 0;
		a->max = 1;
		if (opt_flag(v, "default", &on, d) != 0)
			return -1;
		a->def = on;
	} else {
		a->min = 0;
		a->max = ATTR_RANGE;
		if (opt_num(v, "min", &a->min, d) != 0 ||
		    opt_num(v, "max", &a->max, d) != 0)
			return -1;
		if (a->min > a->max) {
			diags_add(d, v->pos, "min %d is above max %d", a->min,
			    a->max);
			return -1;
		}
		a->def = a->min;
		if ((n = doc_get(v, "default")) != NULL) {
			if (doc_int(n, a->min, a->max, &def, d) != 0)
				return -1;
			a->def = (int)def;
		}
	}
	rs->nattr++;
	return 0;
}

static int
load_table(struct ruleset *rs, const struct doc_node *root, const char *key,
    bool state, struct diags *d)
{
	const struct doc_node *t = doc_get(root, key);
	int i;

	if (t == NULL)
		return 0;
	if (doc_expect(t, DOC_MAP, key, d) != 0)
		return -1;
	for (i = 0; i < t->n; i++)
		if (load_entry(rs, t->keys[i], t->items[i], state, d) != 0)
			return -1;
	return 0;
}

int
ruleset_attr_load(struct ruleset *rs, const struct doc_node *root,
    struct diags *d)
{
	rs->nattr = 0;
	if (load_table(rs, root, "attributes", false, d) != 0 ||
	    load_table(rs, root, "state", true, d) != 0)
		return -1;
	return 0;
}

int
ruleset_attr(const struct ruleset *rs, const char *name)
{
	int i;

	for (i = 0; i < rs->nattr; i++)
		if (strcmp(rs->attr[i].name, name) == 0)
			return i;
	return -1;
}

void
ruleset_attr_defaults(const struct ruleset *rs, struct unit *u)
{
	int i;

	for (i = 0; i < rs->nattr; i++)
		u->attr[i] = rs->attr[i].def;
}
