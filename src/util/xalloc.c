/*
 * xalloc.c - checked allocation helpers, fallible regions and the test
 * hook that fails an allocation on purpose.  See xalloc.h.
 *
 * A region is a jmp_buf in xalloc_try's own frame, linked to the one
 * around it; xalloc_fail jumps to the innermost.  marshal runs on one
 * thread, so the chain and the test counters are plain statics.
 *
 * A big block (xbig_resize) is an anonymous mapping of whole XALLOC_BIG
 * spans at an address that is a multiple of XALLOC_BIG: one larger
 * mapping, its ends cut off.  Without anonymous mappings every block
 * comes from malloc.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>

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

#if defined(MAP_ANONYMOUS)
#define BIG_MAPPED	1
#else
#define BIG_MAPPED	0
#endif

/* Whether a block of size bytes is mapped on its own (a big one). */
static bool
big_is_mapped(size_t size)
{
	return BIG_MAPPED && size >= XALLOC_BIG;
}

/* The bytes mapped for a big block of size bytes: whole spans. */
static size_t
big_span(size_t size)
{
	return (size + XALLOC_BIG - 1) / XALLOC_BIG * XALLOC_BIG;
}

/* A mapping of span bytes (whole spans) at a multiple of XALLOC_BIG,
 * huge pages asked for; NULL when the system has none to give. */
static void *
big_map(size_t span)
{
#if BIG_MAPPED
	char *p, *a;
	size_t lead;

	if (span > SIZE_MAX - XALLOC_BIG)
		return NULL;
	p = mmap(NULL, span + XALLOC_BIG, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	a = (char *)(((uintptr_t)p + XALLOC_BIG - 1) &
	    ~(uintptr_t)(XALLOC_BIG - 1));
	lead = (size_t)(a - p);
	if (lead > 0)
		munmap(p, lead);
	munmap(a + span, XALLOC_BIG - lead);
#ifdef MADV_HUGEPAGE
	(void)madvise(a, span, MADV_HUGEPAGE);	/* a wish: may be refused */
#endif
	return a;
#else
	(void)span;
	return NULL;
#endif
}

static void
big_unmap(void *p, size_t size)
{
#if BIG_MAPPED
	munmap(p, big_span(size));
#else
	(void)p;
	(void)size;
#endif
}

void *
xbig_resize(void *p, size_t old, size_t size)
{
	void *q;

	if (size == 0)
		size = 1;
	if (p == NULL)
		old = 0;
	if (test_hit() || size > SIZE_MAX - XALLOC_BIG)
		xalloc_fail(size);
	if (!big_is_mapped(size) && !big_is_mapped(old)) {
		if ((q = p == NULL ? malloc(size) : realloc(p, size)) == NULL)
			xalloc_fail(size);
		return q;
	}
	if (big_is_mapped(size) && big_is_mapped(old) &&
	    big_span(size) == big_span(old))
		return p;
	/* A new block, then the old one's bytes into it: the old one
	 * stays whole when there is none. */
	q = big_is_mapped(size) ? big_map(big_span(size)) : malloc(size);
	if (q == NULL)
		xalloc_fail(size);
	if (p != NULL)
		memcpy(q, p, old < size ? old : size);
	xbig_free(p, old);
	return q;
}

void
xbig_free(void *p, size_t size)
{
	if (p == NULL)
		return;
	if (big_is_mapped(size))
		big_unmap(p, size);
	else
		free(p);
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
