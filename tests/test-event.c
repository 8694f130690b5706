/*
 * test-event.c - the event log: rule numbers copied and cut, texts kept
 * in the log's chunks across many events (the chunks and the array
 * grown, the texts not moved), and an event's fields as put.
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

/* Ten thousand events of texts from 0 to 300 bytes: each reads as put,
 * with its rule, kind and fields, after the log has grown many times
 * (its first chunk is 1 KiB, its array 64 events). */
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
	for (i = 0; i < 10000; i++) {
		for (k = 0; k < i % 301; k++)
			text[k] = (char)('a' + (i + k) % 26);
		k = eventlog_put(&l, i / 100, i % 7, i, (enum event_kind)(i %
		    EV_KIND_COUNT), i % 3 ? "3.6.5" : NULL, text,
		    (size_t)(i % 301));
		assert_int_equal(k, i);
		if (i == 0)
			first = l.v[0].text;
	}
	assert_int_equal(l.n, 10000);
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
		cmocka_unit_test(test_event_is_64_bytes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
