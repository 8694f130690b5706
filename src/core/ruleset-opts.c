/*
 * ruleset-opts.c - the options a ruleset offers scenarios (the data
 * file's `options`: an optional rule a scenario turns on or off, such as
 * a bonus for columns on roads), read into struct ruleset; the game
 * holds each option's value (game->opt.module) from the ruleset's
 * default or the scenario's choice.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/ruleset.h"
#include "util/xalloc.h"

int
ruleset_opts_load(struct ruleset *rs, const struct doc_node *root,
    struct diags *d)
{
	static const char *const keys[] = { "label", "default", NULL };
	const struct doc_node *t = doc_get(root, "options"), *e, *k;
	struct ruleset_option *o;
	const char *s;
	int i;

	if (t == NULL)
		return 0;
	if (doc_expect(t, DOC_MAP, "options", d) != 0)
		return -1;
	if (t->n > RULES_MAX_OPT) {
		diags_add(d, t->pos, "%d options: a ruleset offers at most %d",
		    t->n, RULES_MAX_OPT);
		return -1;
	}
	for (i = 0; i < t->n; i++) {
		e = t->items[i];
		o = &rs->opt[rs->nopt];
		if (doc_str(t->keys[i], RULES_NAME_MAX - 1, &s, d) != 0)
			return -1;
		if (ruleset_option(rs, s) >= 0) {
			diags_add(d, t->keys[i]->pos, "option '%s' twice", s);
			return -1;
		}
		snprintf(o->name, sizeof o->name, "%s", s);
		if (doc_expect(e, DOC_MAP, "an option", d) != 0 ||
		    doc_check_keys(e, keys, d) != 0 ||
		    (k = doc_need(e, "label", d)) == NULL ||
		    doc_str(k, 80, &s, d) != 0)
			return -1;
		o->label = xstrdup(s);
		rs->nopt++;
		if ((k = doc_get(e, "default")) != NULL &&
		    doc_bool(k, &o->def, d) != 0)
			return -1;
	}
	return 0;
}

int
ruleset_option(const struct ruleset *rs, const char *name)
{
	int i;

	for (i = 0; i < rs->nopt; i++)
		if (strcmp(rs->opt[i].name, name) == 0)
			return i;
	return -1;
}
