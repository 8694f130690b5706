/*
 * xalloc.c - checked allocation helpers.  See xalloc.h.
 */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

static void (*fail_hook)(void);

void
xalloc_set_fail_hook(void (*hook)(void))
{
	fail_hook = hook;
}

void
xalloc_fail(size_t bytes)
{
	void (*hook)(void) = fail_hook;

	/* Cleared first so that a hook which fails itself cannot loop. */
	fail_hook = NULL;
	if (hook != NULL)
		hook();
	fprintf(stderr, "marshal: out of memory (%zu bytes)\n", bytes);
	abort();
}

void *
xcalloc(size_t count, size_t size)
{
	void *p;

	if (count == 0 || size == 0)
		count = size = 1;
	p = calloc(count, size);
	if (p == NULL)
		xalloc_fail(count * size);
	return p;
}

void *
xmallocarray(size_t count, size_t size)
{
	return xreallocarray(NULL, count, size);
}

void *
xreallocarray(void *p, size_t count, size_t size)
{
	void *q;

	if (count == 0 || size == 0)
		count = size = 1;
	if (size != 0 && count > SIZE_MAX / size)
		xalloc_fail(SIZE_MAX);
	q = realloc(p, count * size);
	if (q == NULL)
		xalloc_fail(count * size);
	return q;
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t n)
{
	char *p;
	size_t len = strnlen(s, n);

	p = xmallocarray(len + 1, 1);
	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

char *
xasprintf(const char *fmt, ...)
{
	va_list ap;
	int n;
	char *p;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		xalloc_fail(0);
	p = xmallocarray((size_t)n + 1, 1);
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}
