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

	for (i = 0; i < d->n; i++)
		free(d->v[i].file);	/* msg is in the same block */
	free(d->v);
	memset(d, 0, sizeof *d);
	d->limit = limit;
}

void
diags_add(struct diags *d, struct pos p, const char *fmt, ...)
{
	va_list ap;
	struct diag *g;
	const char *file = p.file != NULL ? p.file : "marshal";
	size_t flen = strlen(file), mlen;
	char *buf;
	int n, limit = d->limit > 0 ? d->limit : DIAGS_DEFAULT_LIMIT;

	if (d->n >= limit) {
		d->dropped++;
		return;
	}
	/*
	 * The array grows first and the file name and message share one
	 * block, so that an allocation failing in a load's fallible region
	 * (util/xalloc.h) leaves nothing half-made to leak.
	 */
	if (d->n == d->cap) {
		d->v = xreallocarray(d->v, (size_t)(d->cap ? d->cap * 2 : 8),
		    sizeof *d->v);
		d->cap = d->cap ? d->cap * 2 : 8;
	}
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	mlen = (size_t)(n < 0 ? 0 : n);
	buf = xmallocarray(flen + 1 + mlen + 1, 1);
	memcpy(buf, file, flen + 1);
	va_start(ap, fmt);
	vsnprintf(buf + flen + 1, mlen + 1, fmt, ap);
	va_end(ap);

	g = &d->v[d->n++];
	g->file = buf;
	g->line = p.line;
	g->col = p.col;
	g->msg = buf + flen + 1;
}

void
diags_oom(struct diags *d, struct pos p)
{
	if (d->oom)
		return;
	d->oom = true;
	snprintf(d->oom_file, sizeof d->oom_file, "%s",
	    p.file != NULL ? p.file : "marshal");
	d->oom_line = p.line;
	d->oom_col = p.col;
}

bool
diags_failed(const struct diags *d)
{
	return d->n > 0 || d->dropped > 0 || d->oom;
}

char *
diag_escape(const char *s)
{
	const unsigned char *p;
	char *out, *q;

	out = q = xmallocarray(strlen(s) * 4 + 1, 1);
	for (p = (const unsigned char *)s; *p != '\0'; p++)
		if (*p < 0x20 || *p == 0x7f)
			q += sprintf(q, "\\x%02x", *p);
		else
			*q++ = (char)*p;
	*q = '\0';
	return out;
}

char *
diag_format(const struct diag *g)
{
	char *file = diag_escape(g->file), *msg = diag_escape(g->msg), *s;

	/* Escaped: a name or a text from a file or the command line must
	 * not drive the terminal. */
	if (g->line > 0)
		s = xasprintf("%s:%d:%d: error: %s", file, g->line,
		    g->col > 0 ? g->col : 1, msg);
	else
		s = xasprintf("%s: error: %s", file, msg);
	free(file);
	free(msg);
	return s;
}

char *
diags_lines(const struct diags *d, int max)
{
	char *all = xstrdup(""), *s, *t;
	int i;

	for (i = 0; i < d->n && i < max; i++) {
		s = diag_format(&d->v[i]);
		t = xasprintf("%s%s\n", all, s);
		free(s);
		free(all);
		all = t;
	}
	if (d->n > max) {
		t = xasprintf("%s(and %d more)\n", all, d->n - max);
		free(all);
		all = t;
	}
	return all;
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
	if (!d->oom)
		return;
	if (d->oom_line > 0)
		fprintf(f, "%s:%d:%d: error: out of memory while loading\n",
		    d->oom_file, d->oom_line, d->oom_col > 0 ? d->oom_col : 1);
	else
		fprintf(f, "%s: error: out of memory while loading\n",
		    d->oom_file);
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
	if (src->oom) {
		p.file = src->oom_file;
		p.line = src->oom_line;
		p.col = src->oom_col;
		diags_oom(dst, p);
	}
	diags_free(src);
}
