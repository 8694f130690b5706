/*
 * diag.c - the diagnostic list: problems with positions.  See diag.h.
 */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "xalloc.h"

#define DIAGS_DEFAULT_LIMIT 100

void
diags_init(struct diags *d)
{
	memset(d, 0, sizeof *d);
}

void
diags_free(struct diags *d)
{
	int i, limit = d->limit;

	for (i = 0; i < d->n; i++) {
		free(d->v[i].file);
		free(d->v[i].msg);
	}
	free(d->v);
	memset(d, 0, sizeof *d);
	d->limit = limit;
}

void
diags_add(struct diags *d, struct pos p, const char *fmt, ...)
{
	va_list ap;
	struct diag *g;
	char *msg;
	int n, limit = d->limit > 0 ? d->limit : DIAGS_DEFAULT_LIMIT;

	if (d->n >= limit) {
		d->dropped++;
		return;
	}
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	msg = xmallocarray((size_t)(n < 0 ? 0 : n) + 1, 1);
	va_start(ap, fmt);
	vsnprintf(msg, (size_t)(n < 0 ? 0 : n) + 1, fmt, ap);
	va_end(ap);

	if (d->n == d->cap) {
		d->cap = d->cap ? d->cap * 2 : 8;
		d->v = xreallocarray(d->v, (size_t)d->cap, sizeof *d->v);
	}
	g = &d->v[d->n++];
	g->file = xstrdup(p.file != NULL ? p.file : "marshal");
	g->line = p.line;
	g->col = p.col;
	g->msg = msg;
}

char *
diag_format(const struct diag *g)
{
	if (g->line > 0)
		return xasprintf("%s:%d:%d: error: %s", g->file, g->line,
		    g->col > 0 ? g->col : 1, g->msg);
	return xasprintf("%s: error: %s", g->file, g->msg);
}

void
diags_print(const struct diags *d, FILE *f)
{
	int i;
	char *s;

	for (i = 0; i < d->n; i++) {
		s = diag_format(&d->v[i]);
		fprintf(f, "%s\n", s);
		free(s);
	}
	if (d->dropped > 0)
		fprintf(f, "marshal: %d further problems not shown\n",
		    d->dropped);
}

void
diags_take(struct diags *dst, struct diags *src)
{
	int i;
	struct pos p;

	for (i = 0; i < src->n; i++) {
		p.file = src->v[i].file;
		p.line = src->v[i].line;
		p.col = src->v[i].col;
		diags_add(dst, p, "%s", src->v[i].msg);
	}
	dst->dropped += src->dropped;
	diags_free(src);
}
