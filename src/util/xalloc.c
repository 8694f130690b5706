/*
 * xalloc.c - checked allocation helpers, fallible regions and the test
 * hook that fails an allocation on purpose.  See xalloc.h.
 *
 * A region is a jmp_buf in xalloc_try's own frame, linked to the one
 * around it; xalloc_fail jumps to the innermost.  marshal runs on one
 * thread, so the chain and the test counters are plain statics.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "xalloc.h"

struct region {
	jmp_buf		 env;
	struct region	*prev;
	int		 nguards;	/* guards from outside the region */
};

static void (*fail_hook)(void);
static const char *fail_notice;		/* borrowed: xalloc_set_fail_stop */
static int fail_status;			/* 0: abort */
static struct region *regions;		/* innermost first */
static void *guards[XALLOC_GUARDS];
static int nguards;

static unsigned long test_nth;		/* 0: no failure injected */
static unsigned long test_count;
static bool test_every;

/* Count an allocation; true if the test hook says it fails. */
static bool
test_hit(void)
{
	test_count++;
	return test_nth != 0 && (test_count == test_nth ||
	    (test_every && test_count > test_nth));
}

void
xalloc_guard(void *p)
{
	if (nguards == XALLOC_GUARDS)
		abort();		/* a constructor forgot to unguard */
	guards[nguards++] = p;
}

void
xalloc_unguard(void *p)
{
	if (nguards == 0 || guards[nguards - 1] != p)
		abort();		/* not the innermost guard */
	nguards--;
}

void
xalloc_test_fail(unsigned long nth, bool every)
{
	test_nth = nth;
	test_every = every;
	test_count = 0;
}

unsigned long
xalloc_test_count(void)
{
	return test_count;
}

int
xalloc_try(void (*fn)(void *), void *arg)
{
	struct region r;

	/* r is not changed after setjmp, so it is whole after the jump. */
	r.prev = regions;
	r.nguards = nguards;
	regions = &r;
	if (setjmp(r.env) != 0) {
		regions = r.prev;
		return -1;
	}
	fn(arg);
	regions = r.prev;
	return 0;
}

void
xalloc_set_fail_hook(void (*hook)(void))
{
	fail_hook = hook;
}

void
xalloc_fail(size_t bytes)
{
	void (*hook)(void) = fail_hook;

	if (regions != NULL) {
		while (nguards > regions->nguards)
			free(guards[--nguards]);
		longjmp(regions->env, 1);
	}
	/* Cleared first so that a hook which fails itself cannot loop. */
	fail_hook = NULL;
	if (hook != NULL)
		hook();
	fprintf(stderr, "marshal: out of memory (%zu bytes)\n", bytes);
	if (fail_status != 0) {
		/* A clean stop: nothing half-changed is saved, the last save
		 * stays as it was, and the player is told where it is. */
		if (fail_notice != NULL)
			fprintf(stderr, "%s\n", fail_notice);
		fflush(stderr);
		_exit(fail_status);
	}
	abort();
}

void
xalloc_set_fail_stop(int status, const char *notice)
{
	fail_status = status;
	fail_notice = notice;
}

void *
xcalloc(size_t count, size_t size)
{
	void *p;

	if (count == 0 || size == 0)
		count = size = 1;
	if (test_hit() || (p = calloc(count, size)) == NULL)
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
	/* A new block from malloc itself: realloc of NULL is the same
	 * call by a longer way, and most of these are new blocks. */
	if (test_hit() || (q = p == NULL ? malloc(count * size) :
	    realloc(p, count * size)) == NULL)
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
