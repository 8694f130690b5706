/*
 * play-list.c - the list of bundled battles and tutorials that `marshal
 * play` shows behind N and on the first screen of a bare `marshal`, read
 * from the data directory, and marked where a battle cannot be played
 * now.  See play.c for the whole.
 */
#include "config.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "cli/play-priv.h"
#include "io/session.h"
#include "io/yread.h"
#include "util/diag.h"
#include "util/xalloc.h"

/* Keep s (allocated) to be freed with the catalog. */
static const char *
catalog_keep(struct catalog *cat, char *s)
{
	if (s != NULL)
		cat->own[cat->nown++] = s;
	return s;
}

static int
catalog_cmp(const void *a, const void *b)
{
	const struct ui_choice *x = a, *y = b;

	if (x->tutorial != y->tutorial)
		return x->tutorial ? 1 : -1;
	if ((strcmp(x->name, "default") == 0) != (strcmp(y->name,
	    "default") == 0))
		return strcmp(x->name, "default") == 0 ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* The first paragraph of a description, its lines joined. */
static char *
first_paragraph(const char *s)
{
	const char *end = strstr(s, "\n\n");
	char *p = xstrndup(s, end != NULL ? (size_t)(end - s) : strlen(s));
	char *q;

	for (q = p; *q != '\0'; q++)
		if (*q == '\n')
			*q = ' ';
	return p;
}

/* Read the bundled scenarios of datadir into cat. */
void
catalog_load(struct catalog *cat, const char *datadir)
{
	char *dir = xasprintf("%s/scenarios", datadir), *path;
	const struct doc_node *t, *desc;
	struct doc_node *root;
	struct dirent *e;
	struct diags d;
	size_t len;
	DIR *dp;

	cat->n = cat->nown = 0;
	if ((dp = opendir(dir)) == NULL) {
		free(dir);
		return;
	}
	while ((e = readdir(dp)) != NULL && cat->n < UI_PICK_MAX) {
		len = strlen(e->d_name);
		if (len <= 5 || strcmp(e->d_name + len - 5, ".yaml") != 0 ||
		    e->d_name[0] == '.')
			continue;
		path = xasprintf("%s/%s", dir, e->d_name);
		diags_init(&d);
		root = yread_file(path, &d);
		diags_free(&d);
		free(path);
		if (root == NULL)
			continue;
		t = doc_get(root, "scenario");
		desc = doc_get(root, "description");
		if (t != NULL && t->kind == DOC_SCALAR) {
			struct ui_choice *c = &cat->v[cat->n++];

			c->name = catalog_keep(cat, xstrndup(e->d_name,
			    len - 5));
			c->title = catalog_keep(cat, xstrdup(t->str));
			c->blurb = desc != NULL && desc->kind == DOC_SCALAR ?
			    catalog_keep(cat, first_paragraph(desc->str)) :
			    NULL;
			c->tutorial = doc_get(root, "tutorial") != NULL;
			c->shared = false;
			c->refused = NULL;	/* play_one marks its copy */
		}
		doc_free(root);
	}
	closedir(dp);
	free(dir);
	qsort(cat->v, (size_t)cat->n, sizeof cat->v[0], catalog_cmp);
}

/* Free the strings cat holds. */
void
catalog_free(struct catalog *cat)
{
	int i;

	for (i = 0; i < cat->nown; i++)
		free(cat->own[i]);
	cat->n = cat->nown = 0;
}

/*
 * The list of battles for this game, each marked if it cannot be played
 * now: on a public server a battle with no save of its own needs a new
 * save, and the directory may hold its most already (this game's kept).
 * The list says so when it is chosen, instead of marshal leaving.
 */
void
choices_mark(struct ui_choice *v, const struct catalog *cat,
    const struct play *p)
{
	struct stat st;
	char *file;
	int i, n;

	memcpy(v, cat->v, (size_t)cat->n * sizeof *v);
	if (!cli_restricted() || !p->saving)
		return;
	n = session_count(p->ses.dir);
	if (!session_has_save(&p->ses))
		n++;	/* this game is saved when another is chosen */
	if (n < RESTRICTED_MAX_SAVES)
		return;
	for (i = 0; i < cat->n; i++) {
		if (strcmp(v[i].name, p->ses.name) == 0)
			continue;
		file = xasprintf("%s/%s.save", p->ses.dir, v[i].name);
		if (lstat(file, &st) != 0)
			v[i].refused = "This server keeps " STR(
			    RESTRICTED_MAX_SAVES) " saved battles and all are "
			    "in use: finish or resume one of them first.";
		free(file);
	}
}
