/*
 * registry.c - the table of ruleset modules compiled into marshal.
 *
 * A new ruleset adds its ops here and a data file in data/rulesets; the
 * engine finds it by the name the data file gives.
 */
#include "config.h"

#include <stddef.h>
#include <string.h>

#include "rules/horse-and-musket/hm.h"
#include "rules/napoleonic/napoleonic.h"
#include "core/ruleset.h"

static const struct ruleset_ops *const modules[] = {
	&napoleonic_ops,
	&hm_ops,
};

const struct ruleset_ops *
ruleset_ops_find(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof modules / sizeof modules[0]; i++)
		if (strcmp(modules[i]->name, name) == 0)
			return modules[i];
	return NULL;
}
