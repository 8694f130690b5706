/*
 * test-event.c - the event log: rule numbers copied and cut, texts kept
 * in the log's chunks across many events (the chunks and the array
 * grown, the texts not moved), and an event's fields as put; the big
 * blocks a large log is kept in (util/xalloc.h, xbig_resize).
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/event.h"
#include "util/xalloc.h"

/* Every length a rule number may have, and one too long: copied whole
 * up to 15 bytes, cut to fit, terminated; NULL gives "". */
static void
test_rule_copy(void **state)
{
	const char *full = "3.6.5, 3.6.7 and 3.9.5";
	char want[32], got[EVENT_RULE_MAX + 4];
	size_t n, len;

	(void)state;
	for (n = 0; n <= strlen(full); n++) {
		for (len = 1; len <= EVENT_RULE_MAX; len++) {
			snprintf(want, sizeof want, "%.*s", (int)n, full);
			memset(got, 'x', sizeof got);
			event_rule_copy(got, len, want);
			want[n < len - 1 ? n : len - 1] = '\0';
			assert_string_equal(got, want);
			/* Nothing written past len. */
			assert_int_equal(got[len], 'x');
		}
	}
	memset(got, 'x', sizeof got);
	event_rule_copy(got, sizeof got, NULL);
	assert_string_equal(got, "");
}

/* Sixty thousand events of texts from 0 to 300 bytes: each reads as
 * put, with its rule, kind and fields, after the log has grown many
 * times (its first chunk is 1 KiB, its array 64 events), past the size
 * from which both are big blocks (9 MB of texts, an array of 4 MB). */
static void
test_put_keeps_every_text(void **state)
{
	struct eventlog l;
	char text[301], want[301];
	const char *first = NULL;
	int i, k;

	(void)state;
	eventlog_init(&l);
	memset(text, 'a', sizeof text);
	for (i = 0; i < 60000; i++) {
		for (k = 0; k < i % 301; k++)
			text[k] = (char)('a' + (i + k) % 26);
		k = eventlog_put(&l, i / 100, i % 7, i, (enum event_kind)(i %
		    EV_KIND_COUNT), i % 3 ? "3.6.5" : NULL, text,
		    (size_t)(i % 301));
		assert_int_equal(k, i);
		if (i == 0)
			first = l.v[0].text;
	}
	assert_int_equal(l.n, 60000);
	assert_true((size_t)l.cap * sizeof *l.v >= XALLOC_BIG);
	for (i = 0; i < l.n; i++) {
		for (k = 0; k < i % 301; k++)
			want[k] = (char)('a' + (i + k) % 26);
		want[k] = '\0';
		assert_string_equal(l.v[i].text, want);
		assert_int_equal(l.v[i].turn, i / 100);
		assert_int_equal(l.v[i].phase, i % 7);
		assert_int_equal(l.v[i].unit, i);
		assert_int_equal(l.v[i].kind, i % EV_KIND_COUNT);
		assert_int_equal(l.v[i].general, -1);
		assert_int_equal(l.v[i].pub, 0);
		assert_false(l.v[i].own);
		assert_true(l.v[i].pooled);
		assert_string_equal(l.v[i].rule, i % 3 ? "3.6.5" : "");
		assert_string_equal(l.v[i].pub_rule, "");
	}
	/* The first text stayed where it was put. */
	assert_ptr_equal(l.v[0].text, first);
	eventlog_free(&l);
}

/* Fill n bytes from p with a pattern that starts at seed. */
static void
fill(unsigned char *p, size_t n, unsigned seed)
{
	size_t i;

	for (i = 0; i < n; i++)
		p[i] = (unsigned char)((i * 131 + seed) >> 3);
}

/* Whether n bytes from p hold fill's pattern from seed. */
static bool
filled(const unsigned char *p, size_t n, unsigned seed)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] != (unsigned char)((i * 131 + seed) >> 3))
			return false;
	return true;
}

struct resize_try {
	unsigned char	*p;
	size_t		 old, size;
};

static void
resize_in_region(void *arg)
{
	struct resize_try *t = arg;

	t->p = xbig_resize(t->p, t->old, t->size);
}

/* A big block keeps its first bytes through every kind of resize: from
 * malloc's sizes into a mapping, to a larger mapping, within its span,
 * and back to malloc's; a mapped one lies at a multiple of XALLOC_BIG
 * (huge pages can back it whole); and a resize that fails leaves the
 * block as it was. */
static void
test_big_block_keeps_its_bytes(void **state)
{
	const size_t mib = (size_t)1 << 20;
	struct resize_try t;
	unsigned char *p, *q;

	(void)state;
	p = xbig_resize(NULL, 0, mib);
	fill(p, mib, 7);
	p = xbig_resize(p, mib, 3 * mib);
	assert_true(filled(p, mib, 7));
	assert_int_equal((uintptr_t)p % XALLOC_BIG, 0);
	fill(p, 3 * mib, 9);
	/* Within its span of whole XALLOC_BIG: the same block. */
	q = xbig_resize(p, 3 * mib, 4 * mib);
	assert_ptr_equal(q, p);
	assert_true(filled(q, 3 * mib, 9));
	fill(q, 4 * mib, 11);
	p = xbig_resize(q, 4 * mib, 9 * mib);
	assert_int_equal((uintptr_t)p % XALLOC_BIG, 0);
	assert_true(filled(p, 4 * mib, 11));
	fill(p, 9 * mib, 13);
	/* The last bytes of the span are the block's own. */
	p[9 * mib - 1] ^= 0xff;
	p[9 * mib - 1] ^= 0xff;
	/* A resize that fails in a region: the old block whole. */
	t.p = p;
	t.old = 9 * mib;
	t.size = 20 * mib;
	xalloc_test_fail(1, false);
	assert_int_equal(xalloc_try(resize_in_region, &t), -1);
	xalloc_test_fail(0, false);
	assert_ptr_equal(t.p, p);
	assert_true(filled(p, 9 * mib, 13));
	p = xbig_resize(p, 9 * mib, 100);
	assert_true(filled(p, 100, 13));
	xbig_free(p, 100);
	xbig_free(NULL, 9 * mib);
}

/* An event is one cache line, and its kind a byte. */
static void
test_event_is_64_bytes(void **state)
{
	(void)state;
	assert_true(sizeof(struct event) <= 64);
	assert_int_equal(sizeof(enum event_kind), 1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rule_copy),
		cmocka_unit_test(test_put_keeps_every_text),
		cmocka_unit_test(test_big_block_keeps_its_bytes),
		cmocka_unit_test(test_event_is_64_bytes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
