/*
 * check.c - marshal check: validate data files and print every problem.
 *
 * Each file is read and its kind told from its top-level keys (a save
 * names its scenario, so "marshal-save" wins; a scenario names its map and
 * ruleset too, so "scenario" comes next, then "oob", then "map", then
 * "ruleset").  It is then loaded exactly as play would load it, so check
 * and play can never disagree about a file.  A player's options file
 * (top-level key "marshal-options") is read as play reads it.  Maps and
 * orders of battle do not name a ruleset; they are checked against the
 * one given with -r (default: napoleonic).
 *
 * Output: one line per problem on standard output, FILE:LINE:COLUMN:
 * error: message; nothing for a good file unless -v is given, which for a
 * save also names its turn and the digest of its state (the one `marshal
 * replay` prints), so that two saves can be told the same or not.  Exit 0
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
#include "io/save.h"
#include "io/yread.h"
#include "core/game.h"
#include "core/map.h"
#include "core/ruleset.h"
#include "ui/options.h"
#include "util/xalloc.h"

#define CHECK_DEFAULT_RULESET	"napoleonic"

enum check_kind {
	CHECK_SAVE,
	CHECK_SCENARIO,
	CHECK_OOB,
	CHECK_MAP,
	CHECK_RULESET,
	CHECK_OPTIONS,
	CHECK_UNKNOWN
};

/* The top-level key that marks each kind, in the order they are tried. */
static const char *const kind_keys[] = { "marshal-save", "scenario",
    "oob", "map", "ruleset", "marshal-options", NULL };

static enum check_kind
check_kind(const struct doc_node *root)
{
	int k;

	for (k = 0; kind_keys[k] != NULL; k++)
		if (doc_get(root, kind_keys[k]) != NULL)
			return (enum check_kind)k;
	return CHECK_UNKNOWN;
}

/* s as a double-quoted YAML scalar. */
static char *
yaml_quote(const char *s)
{
	char *out = xmallocarray(strlen(s) * 2 + 3, 1), *o = out;

	*o++ = '"';
	for (; *s != '\0'; s++) {
		if (*s == '"' || *s == '\\')
			*o++ = '\\';
		*o++ = *s;
	}
	*o++ = '"';
	*o = '\0';
	return out;
}

/*
 * An order of battle is only ever loaded as a side of a scenario, so it
 * is checked as one: a scenario on a one-cell map with the file as its
 * first side and an empty second side.  Every problem found is in the
 * file itself, at its own positions.
 */
static void
check_oob(const char *path, const struct ruleset *rs, const char *rsname,
    struct diags *d)
{
	struct doc_node *root;
	struct ruleset *rs2;
	struct game *g;
	struct diags tmp;
	struct pos p;
	char *qpath, *qrs, *text;
	int i;

	qpath = yaml_quote(path);
	qrs = yaml_quote(rsname);
	text = xasprintf("scenario: check\n"
	    "ruleset: %s\n"
	    "map: {map: check, legend: {\".\": %s}, landscape: \".\"}\n"
	    "sides:\n"
	    "  - {oob: %s, rear: [0, 0]}\n"
	    "  - {oob: {oob: check, side: \"(check)\", general: "
	    "{id: \"(check)\"}}, rear: [0, 0]}\n", qrs, rs->land[0].name,
	    qpath);
	free(qpath);
	free(qrs);
	diags_init(&tmp);
	root = yread_buffer("(check)", text, strlen(text), &tmp);
	free(text);
	if (root != NULL && (g = load_scenario_doc(root, "", cli_datadir(),
	    NULL, &rs2, &tmp)) != NULL) {
		game_free(g);
		ruleset_free(rs2);
	}
	doc_free(root);
	/*
	 * A scenario must deploy every unit; this one deploys none, and
	 * that is the one complaint that is not about the file.
	 */
	for (i = 0; i < tmp.n; i++) {
		if (strstr(tmp.v[i].msg, "is not deployed") != NULL)
			continue;
		p.file = tmp.v[i].file;
		p.line = tmp.v[i].line;
		p.col = tmp.v[i].col;
		diags_add(d, p, "%s", tmp.v[i].msg);
	}
	d->dropped += tmp.dropped;
	if (tmp.oom) {
		p.file = tmp.oom_file;
		p.line = tmp.oom_line;
		p.col = tmp.oom_col;
		diags_oom(d, p);
	}
	diags_free(&tmp);
}

/* Check a map or order of battle against the chosen ruleset. */
static void
check_with_ruleset(enum check_kind kind, const char *path,
    const struct doc_node *root, const char *rsname, struct diags *d)
{
	struct ruleset *rs;
	struct map *m;

	if ((rs = load_ruleset(rsname, cli_datadir(), d)) == NULL)
		return;
	if (kind == CHECK_MAP) {
		if ((m = load_map_doc(rs, root, d)) != NULL)
			map_free(m);
	} else
		check_oob(path, rs, rsname, d);
	ruleset_free(rs);
}

/* A scenario loads its own ruleset, map and orders of battle. */
static void
check_scenario(const char *path, const struct doc_node *root,
    struct diags *d)
{
	const char *slash = strrchr(path, '/');
	struct ruleset *rs;
	struct game *g;
	char *dir;

	if (slash == NULL)
		dir = xstrdup("");
	else if (slash == path)
		dir = xstrdup("/");
	else
		dir = xstrndup(path, (size_t)(slash - path));
	if ((g = load_scenario_doc(root, dir, cli_datadir(), NULL, &rs,
	    d)) != NULL) {
		game_free(g);
		ruleset_free(rs);
	}
	free(dir);
}

/*
 * A save is loaded as play resumes it: its scenario read again and the
 * state laid over it.  *what (allocated) says which battle, turn and state.
 */
static void
check_save(const char *path, struct diags *d, char **what)
{
	struct ruleset *rs;
	struct game *g;

	if ((g = save_load(path, cli_datadir(), &rs, d)) == NULL)
		return;
	*what = xasprintf("a saved battle of %s, turn %d, state 0x%016llx",
	    g->title != NULL ? g->title : "(untitled)", g->turn,
	    (unsigned long long)save_digest(g));
	game_free(g);
	ruleset_free(rs);
}

/* Check one file, adding its problems to d; *what may describe it. */
static void
check_file(const char *path, const char *rsname, struct diags *d,
    char **what)
{
	struct doc_node *root;
	struct ruleset *rs;
	struct options opts;

	if ((root = yread_file(path, d)) == NULL)
		return;
	if (root->kind != DOC_MAP) {
		diags_add(d, root->pos, "a marshal file is a mapping, not %s",
		    doc_kind_name(root->kind));
		doc_free(root);
		return;
	}
	switch (check_kind(root)) {
	case CHECK_SAVE:
		/* save_load reads the file itself: this tree goes first, so
		 * that a large save is never held twice. */
		doc_free(root);
		check_save(path, d, what);
		return;
	case CHECK_RULESET:
		if ((rs = ruleset_load(root, d)) != NULL)
			ruleset_free(rs);
		break;
	case CHECK_MAP:
	case CHECK_OOB:
		check_with_ruleset(check_kind(root), path, root, rsname, d);
		break;
	case CHECK_SCENARIO:
		check_scenario(path, root, d);
		break;
	case CHECK_OPTIONS:
		options_init(&opts);
		if (options_load_doc(root, &opts, d) == 0)
			*what = xstrdup("a player's options file");
		options_free(&opts);
		break;
	case CHECK_UNKNOWN:
		diags_add(d, root->pos, "not a marshal file: expected a "
		    "top-level key 'marshal-save', 'scenario', 'oob', 'map', "
		    "'ruleset' or 'marshal-options'");
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
	char *what, *shown;
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
		what = NULL;
		check_file(argv[i], rsname, &d, &what);
		if (diags_failed(&d)) {
			diags_print(&d, stdout);
			status = 2;
		} else if (verbose) {
			shown = diag_escape(argv[i]);
			printf("%s: ok%s%s\n", shown, what != NULL ? ": " : "",
			    what != NULL ? what : "");
			free(shown);
		}
		free(what);
		diags_free(&d);
	}
	fflush(stdout);
	return status;
}
