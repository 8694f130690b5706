/*
 * load-ruleset.c - find a ruleset's data file, read it and build the
 * ruleset (rules/ruleset.c does the tables, the module its own section).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "io/load.h"
#include "io/yread.h"
#include "util/xalloc.h"

/* A path names a file; a bare name is looked up in the data directory. */
static bool
is_path(const char *s)
{
	size_t n = strlen(s);

	return strchr(s, '/') != NULL ||
	    (n >= 5 && strcmp(s + n - 5, ".yaml") == 0);
}

struct ruleset *
load_ruleset(const char *name_or_path, const char *datadir, struct diags *d)
{
	struct doc_node *root;
	struct ruleset *rs;
	struct pos nopos = { name_or_path, 0, 0 };
	char *path;

	if (*name_or_path == '\0') {
		diags_add(d, nopos, "empty ruleset name");
		return NULL;
	}
	if (is_path(name_or_path))
		path = xstrdup(name_or_path);
	else
		path = xasprintf("%s/rulesets/%s.yaml", datadir,
		    name_or_path);
	root = yread_file(path, d);
	free(path);
	if (root == NULL)
		return NULL;
	rs = ruleset_load(root, d);
	doc_free(root);
	return rs;
}
