/*
 * arms.c - how a ruleset names its arms and marks them on the map.
 *
 * The optional arms: table of a ruleset file gives each arm (infantry,
 * cavalry, artillery) a label, the capital letter the map draws for the
 * first side's units (the second side's in lower case), and what its
 * strength counts (strength: guns or men).  An arm the table leaves out
 * keeps its engine name and first letter, and artillery counts guns,
 * the others men.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "core/ruleset.h"

static const char *const arm_keys[] = { "label", "letter", "strength",
    NULL };
static const char *const counts[] = { "men", "guns", NULL };

/* The engine's names and letters, for an arm the table leaves out. */
static void
arms_default(struct ruleset *rs)
{
	int a;

	for (a = 0; a < ARM_COUNT; a++) {
		snprintf(rs->arm_label[a], sizeof rs->arm_label[a], "%s",
		    arm_name((enum arm)a));
		rs->arm_letter[a] = (char)toupper((unsigned char)
		    arm_name((enum arm)a)[0]);
		rs->arm_guns[a] = a == ARM_ARTILLERY;
	}
}

static int
load_arm(struct ruleset *rs, int a, const struct doc_node *v,
    struct diags *d)
{
	const struct doc_node *n;
	const char *s;
	int c;

	if (doc_expect(v, DOC_MAP, "an arm", d) != 0 ||
	    doc_check_keys(v, arm_keys, d) != 0)
		return -1;
	if ((n = doc_get(v, "label")) != NULL) {
		if (doc_str(n, ARM_LABEL_MAX - 1, &s, d) != 0)
			return -1;
		snprintf(rs->arm_label[a], sizeof rs->arm_label[a], "%s", s);
	}
	if ((n = doc_get(v, "letter")) != NULL) {
		if (doc_str(n, 1, &s, d) != 0)
			return -1;
		/* M and R mark a Mob and a routed unit. */
		if (!isupper((unsigned char)s[0]) || s[0] == 'M' ||
		    s[0] == 'R') {
			diags_add(d, n->pos, "an arm's letter is one capital "
			    "A-Z other than M and R (Mob, routed), not '%s'",
			    s);
			return -1;
		}
		rs->arm_letter[a] = s[0];
	}
	if ((n = doc_get(v, "strength")) != NULL) {
		if (doc_enum(n, counts, &c, d) != 0)
			return -1;
		rs->arm_guns[a] = c == 1;
	}
	return 0;
}

int
ruleset_arms_load(struct ruleset *rs, const struct doc_node *root,
    struct diags *d)
{
	const struct doc_node *t = doc_get(root, "arms");
	int i, j, a;

	arms_default(rs);
	if (t == NULL)
		return 0;
	if (doc_expect(t, DOC_MAP, "arms", d) != 0)
		return -1;
	for (i = 0; i < t->n; i++) {
		if ((a = arm_parse(t->keys[i]->str)) < 0) {
			diags_add(d, t->keys[i]->pos, "unknown arm '%s' "
			    "(expected infantry, cavalry or artillery)",
			    t->keys[i]->str);
			return -1;
		}
		if (load_arm(rs, a, t->items[i], d) != 0)
			return -1;
	}
	for (i = 0; i < ARM_COUNT; i++)
		for (j = i + 1; j < ARM_COUNT; j++)
			if (rs->arm_letter[i] == rs->arm_letter[j]) {
				diags_add(d, t->pos, "%s and %s share the "
				    "letter %c", rs->arm_label[i],
				    rs->arm_label[j], rs->arm_letter[i]);
				return -1;
			}
	return 0;
}

char
ruleset_arm_letter(const struct ruleset *rs, enum arm a)
{
	return (unsigned)a < ARM_COUNT ? rs->arm_letter[a] : 'U';
}

const char *
ruleset_arm_label(const struct ruleset *rs, enum arm a)
{
	return (unsigned)a < ARM_COUNT ? rs->arm_label[a] : arm_name(a);
}

const char *
ruleset_arm_counts(const struct ruleset *rs, enum arm a)
{
	return (unsigned)a < ARM_COUNT && rs->arm_guns[a] ? "guns" : "men";
}
