/*
 * load-common.c - the reading helpers every loader of load-*.c shares.
 *
 * Typed readers for the values of a mapping (strings, integers, booleans,
 * points on the map), each reporting at the position of the node at
 * fault; paths taken relative to the file that names them; and the hash
 * of unit and general ids the order-of-battle and scenario loaders keep.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "io/load-priv.h"
#include "util/xalloc.h"

/* A mapping with only the allowed keys. */
int
need_map(const struct doc_node *n, const char *what,
    const char *const *allowed, struct diags *d)
{
	if (doc_expect(n, DOC_MAP, what, d) != 0)
		return -1;
	return doc_check_keys(n, allowed, d);
}

/* An optional sequence: 0 with *out NULL if absent. */
int
opt_seq(const struct doc_node *map, const char *key,
    const struct doc_node **out, struct diags *d)
{
	*out = doc_get(map, key);
	if (*out == NULL)
		return 0;
	return doc_expect(*out, DOC_SEQ, key, d);
}

/* A required string value (name or id). */
int
need_str(const struct doc_node *map, const char *key, const char **out,
    struct diags *d)
{
	const struct doc_node *v = doc_need(map, key, d);

	if (v == NULL)
		return -1;
	return doc_str(v, LOAD_NAME_MAX, out, d);
}

/* An optional string value, *out left alone when absent. */
int
opt_str(const struct doc_node *map, const char *key, size_t max,
    const char **out, struct diags *d)
{
	const struct doc_node *v = doc_get(map, key);

	return v == NULL ? 0 : doc_str(v, max, out, d);
}

/* A required integer value. */
int
need_int(const struct doc_node *map, const char *key, long min, long max,
    long *out, struct diags *d)
{
	const struct doc_node *v = doc_need(map, key, d);

	return v == NULL ? -1 : doc_int(v, min, max, out, d);
}

/* An optional integer value, *out left alone when absent. */
int
opt_int(const struct doc_node *map, const char *key, long min, long max,
    long *out, struct diags *d)
{
	const struct doc_node *v = doc_get(map, key);

	return v == NULL ? 0 : doc_int(v, min, max, out, d);
}

/* An optional boolean value, *out left alone when absent. */
int
opt_bool(const struct doc_node *map, const char *key, bool *out,
    struct diags *d)
{
	const struct doc_node *v = doc_get(map, key);

	return v == NULL ? 0 : doc_bool(v, out, d);
}

/* A required point on the map. */
int
need_point(const struct doc_node *map, const char *key, const struct map *m,
    struct point *p, struct diags *d)
{
	const struct doc_node *v = doc_need(map, key, d);

	if (v == NULL)
		return -1;
	return doc_point(v, m->w, m->h, &p->x, &p->y, d);
}

/* A path relative to the directory of the file that names it. */
char *
path_join(const char *basedir, const char *rel)
{
	if (rel[0] == '/' || basedir == NULL || *basedir == '\0')
		return xstrdup(rel);
	return xasprintf("%s/%s", basedir, rel);
}

/* The directory part of a path ("." if none). */
char *
path_dir(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (slash == NULL)
		return xstrdup(".");
	if (slash == path)
		return xstrdup("/");
	return xstrndup(path, (size_t)(slash - path));
}

/* Whether s ends with tail. */
bool
ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), t = strlen(tail);

	return n >= t && strcmp(s + n - t, tail) == 0;
}

/* FNV-1a over the bytes of the id. */
static size_t
id_hash(const char *id)
{
	size_t h = 2166136261u;

	for (; *id != '\0'; id++)
		h = (h ^ (unsigned char)*id) * 16777619u;
	return h;
}

/* The index stored under id, or -1. */
int
idtab_find(const struct idtab *t, const char *id)
{
	size_t i;

	if (t->cap == 0)
		return -1;
	for (i = id_hash(id) & (t->cap - 1); t->v[i].id != NULL;
	    i = (i + 1) & (t->cap - 1))
		if (strcmp(t->v[i].id, id) == 0)
			return t->v[i].index;
	return -1;
}

static void
idtab_put(struct idslot *v, size_t cap, const char *id, int index)
{
	size_t i;

	for (i = id_hash(id) & (cap - 1); v[i].id != NULL; i = (i + 1) &
	    (cap - 1))
		;
	v[i].id = id;
	v[i].index = index;
}

/* Store index under id (not already present), growing at half full. */
void
idtab_add(struct idtab *t, const char *id, int index)
{
	struct idslot *v;
	size_t cap, i;

	if ((t->n + 1) * 2 > t->cap) {
		cap = t->cap != 0 ? t->cap * 2 : 64;
		v = xcalloc(cap, sizeof *v);
		for (i = 0; i < t->cap; i++)
			if (t->v[i].id != NULL)
				idtab_put(v, cap, t->v[i].id, t->v[i].index);
		free(t->v);
		t->v = v;
		t->cap = cap;
	}
	idtab_put(t->v, t->cap, id, index);
	t->n++;
}
