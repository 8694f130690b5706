/*
 * load-ruleset.c - find a ruleset's data file, read it and build the
 * ruleset (core/ruleset.c does the tables, the module its own section).
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

/* One ruleset load: what its fallible region must free. */
struct rload {
	const char	*name;
	const char	*datadir;
	struct diags	*d;
	char		*path;
	struct doc_node	*root;
	struct ruleset	*rs;
};

static void
rload_run(void *arg)
{
	struct rload *l = arg;

	if (is_path(l->name))
		l->path = xstrdup(l->name);
	else
		l->path = xasprintf("%s/rulesets/%s.yaml", l->datadir,
		    l->name);
	if ((l->root = yread_file(l->path, l->d)) == NULL)
		return;
	l->rs = ruleset_load(l->root, l->d);
}

struct ruleset *
load_ruleset(const char *name_or_path, const char *datadir, struct diags *d)
{
	struct rload l = { name_or_path, datadir, d, NULL, NULL, NULL };
	struct pos nopos = { name_or_path, 0, 0 };

	if (*name_or_path == '\0') {
		diags_add(d, nopos, "empty ruleset name");
		return NULL;
	}
	if (xalloc_try(rload_run, &l) != 0) {
		diags_oom(d, nopos);
		ruleset_free(l.rs);
		l.rs = NULL;
	}
	free(l.path);
	/* The ruleset keeps its tree: its doctrine reads the module's
	 * tables from it (core/ruleset.h). */
	if (l.rs != NULL) {
		l.rs->data = l.root;
		l.root = NULL;
	}
	doc_free(l.root);
	return l.rs;
}
