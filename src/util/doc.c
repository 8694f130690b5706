/*
 * doc.c - the position-carrying document tree and its checked accessors.
 * See doc.h.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "doc.h"
#include "xalloc.h"

struct doc_node *
doc_new(enum doc_kind kind, struct pos p)
{
	struct doc_node *n = xcalloc(1, sizeof *n);

	n->kind = kind;
	n->pos = p;
	return n;
}

void
doc_append(struct doc_node *parent, struct doc_node *key,
    struct doc_node *item)
{
	int cap = parent->cap ? parent->cap * 2 : 4;

	/* cap is raised only when both arrays have grown. */
	if (parent->n == parent->cap) {
		parent->items = xreallocarray(parent->items, (size_t)cap,
		    sizeof *parent->items);
		if (parent->kind == DOC_MAP)
			parent->keys = xreallocarray(parent->keys,
			    (size_t)cap, sizeof *parent->keys);
		parent->cap = cap;
	}
	if (parent->kind == DOC_MAP)
		parent->keys[parent->n] = key;
	parent->items[parent->n++] = item;
}

void
doc_free(struct doc_node *n)
{
	int i;

	if (n == NULL)
		return;
	for (i = 0; i < n->n; i++) {
		if (n->keys != NULL)
			doc_free(n->keys[i]);
		doc_free(n->items[i]);
	}
	free(n->keys);
	free(n->items);
	free(n->str);
	free(n->file);
	free(n);
}

struct doc_node *
doc_get(const struct doc_node *n, const char *key)
{
	int i;

	if (n == NULL || n->kind != DOC_MAP)
		return NULL;
	for (i = 0; i < n->n; i++)
		if (strcmp(n->keys[i]->str, key) == 0)
			return n->items[i];
	return NULL;
}

const char *
doc_kind_name(enum doc_kind k)
{
	switch (k) {
	case DOC_SCALAR:
		return "a scalar";
	case DOC_MAP:
		return "a mapping";
	case DOC_SEQ:
		return "a sequence";
	}
	return "a node";
}

int
doc_expect(const struct doc_node *n, enum doc_kind k, const char *what,
    struct diags *d)
{
	if (n->kind == k)
		return 0;
	diags_add(d, n->pos, "%s must be %s, not %s", what, doc_kind_name(k),
	    doc_kind_name(n->kind));
	return -1;
}

int
doc_check_keys(const struct doc_node *n, const char *const *allowed,
    struct diags *d)
{
	int i, j, bad = 0;

	if (n->kind != DOC_MAP)
		return 0;
	for (i = 0; i < n->n; i++) {
		for (j = 0; allowed[j] != NULL; j++)
			if (strcmp(n->keys[i]->str, allowed[j]) == 0)
				break;
		if (allowed[j] == NULL) {
			diags_add(d, n->keys[i]->pos, "unknown key '%s'",
			    n->keys[i]->str);
			bad = -1;
		}
	}
	return bad;
}

struct doc_node *
doc_need(const struct doc_node *map, const char *key, struct diags *d)
{
	struct doc_node *v = doc_get(map, key);

	if (v == NULL)
		diags_add(d, map->pos, "missing key '%s'", key);
	return v;
}

static int
scalar(const struct doc_node *n, const char *what, struct diags *d)
{
	if (n->kind == DOC_SCALAR)
		return 0;
	diags_add(d, n->pos, "expected %s, found %s", what,
	    doc_kind_name(n->kind));
	return -1;
}

int
doc_int(const struct doc_node *n, long min, long max, long *out,
    struct diags *d)
{
	char *end;
	long v;

	if (scalar(n, "an integer", d) != 0)
		return -1;
	errno = 0;
	v = strtol(n->str, &end, 10);
	if (n->len == 0 || n->quoted || *end != '\0' || errno != 0 ||
	    isspace((unsigned char)n->str[0])) {
		diags_add(d, n->pos, "expected an integer, found '%s'",
		    n->str);
		return -1;
	}
	if (v < min || v > max) {
		diags_add(d, n->pos, "value %ld out of range %ld..%ld", v,
		    min, max);
		return -1;
	}
	*out = v;
	return 0;
}

int
doc_need_int(const struct doc_node *map, const char *key, int min, int max,
    int *out, struct diags *d)
{
	const struct doc_node *n = doc_need(map, key, d);
	long v;

	if (n == NULL || doc_int(n, min, max, &v, d) != 0)
		return -1;
	*out = (int)v;
	return 0;
}

int
doc_fixed(const struct doc_node *n, int scale, long min, long max,
    long *out, struct diags *d)
{
	const char *s;
	long whole = 0, num = 0, den = 1;
	int neg = 0, digits = 0;

	if (scalar(n, "a number", d) != 0)
		return -1;
	s = n->str;
	if (n->quoted)
		goto bad;
	if (*s == '-' || *s == '+')
		neg = *s++ == '-';
	for (; isdigit((unsigned char)*s); s++, digits++) {
		if (whole > LONG_MAX / 1000)
			goto range;
		whole = whole * 10 + (*s - '0');
	}
	if (*s == '.') {
		for (s++; isdigit((unsigned char)*s); s++, digits++) {
			if (den >= 1000000)
				goto bad;
			num = num * 10 + (*s - '0');
			den *= 10;
		}
	}
	if (*s != '\0' || digits == 0)
		goto bad;
	/* value * scale must be whole: (whole + num/den) * scale */
	if ((num * scale) % den != 0) {
		diags_add(d, n->pos, "%s is not a multiple of 1/%d", n->str,
		    scale);
		return -1;
	}
	{
		long v = whole * scale + num * scale / den;

		if (neg)
			v = -v;
		if (v < min || v > max)
			goto range;
		*out = v;
	}
	return 0;
bad:
	diags_add(d, n->pos, "expected a number, found '%s'", n->str);
	return -1;
range:
	diags_add(d, n->pos, "value %s out of range %g..%g", n->str,
	    (double)min / scale, (double)max / scale);
	return -1;
}

int
doc_bool(const struct doc_node *n, bool *out, struct diags *d)
{
	if (scalar(n, "true or false", d) != 0)
		return -1;
	if (!n->quoted && (strcmp(n->str, "true") == 0 ||
	    strcmp(n->str, "yes") == 0)) {
		*out = true;
		return 0;
	}
	if (!n->quoted && (strcmp(n->str, "false") == 0 ||
	    strcmp(n->str, "no") == 0)) {
		*out = false;
		return 0;
	}
	diags_add(d, n->pos, "expected true or false, found '%s'", n->str);
	return -1;
}

int
doc_str(const struct doc_node *n, size_t maxlen, const char **out,
    struct diags *d)
{
	if (scalar(n, "a string", d) != 0)
		return -1;
	if (n->len == 0) {
		diags_add(d, n->pos, "expected a non-empty string");
		return -1;
	}
	if (n->len > maxlen) {
		diags_add(d, n->pos, "string longer than %zu bytes", maxlen);
		return -1;
	}
	if (memchr(n->str, '\0', n->len) != NULL) {
		diags_add(d, n->pos, "string contains a NUL byte");
		return -1;
	}
	*out = n->str;
	return 0;
}

int
doc_enum(const struct doc_node *n, const char *const *names, int *out,
    struct diags *d)
{
	int i;
	size_t used = 0;
	char list[256];

	if (scalar(n, "a name", d) != 0)
		return -1;
	for (i = 0; names[i] != NULL; i++)
		if (strcmp(n->str, names[i]) == 0) {
			*out = i;
			return 0;
		}
	list[0] = '\0';
	for (i = 0; names[i] != NULL && used + 1 < sizeof list; i++) {
		int k = snprintf(list + used, sizeof list - used, "%s%s",
		    i ? ", " : "", names[i]);
		if (k < 0)
			break;
		used += (size_t)k;
	}
	diags_add(d, n->pos, "unknown value '%s' (expected one of: %s)",
	    n->str, list);
	return -1;
}

int
doc_point(const struct doc_node *n, int w, int h, int *x, int *y,
    struct diags *d)
{
	long vx, vy;

	if (n->kind != DOC_SEQ || n->n != 2) {
		diags_add(d, n->pos, "expected a point [x, y]");
		return -1;
	}
	if (doc_int(n->items[0], LONG_MIN, LONG_MAX, &vx, d) != 0 ||
	    doc_int(n->items[1], LONG_MIN, LONG_MAX, &vy, d) != 0)
		return -1;
	if (vx < 0 || vx >= w || vy < 0 || vy >= h) {
		diags_add(d, n->pos, "point [%ld, %ld] is off the map "
		    "(%d x %d cells)", vx, vy, w, h);
		return -1;
	}
	*x = (int)vx;
	*y = (int)vy;
	return 0;
}
