/*
 * test-textf.c - textf, the hand-made printf of the explanations, against
 * snprintf: the same text and the same length for every conversion it
 * makes itself, every buffer size (cut short, exactly full, room to
 * spare, none), and the conversions it hands to the C library.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "util/textf.h"

/* Both ways into buffers of every size up to 80 bytes: the same. */
static void __attribute__((format(printf, 1, 2)))
same(const char *fmt, ...)
{
	char a[96], b[96];
	va_list ap, aq;
	size_t len;
	int na, nb;

	for (len = 0; len <= 80; len++) {
		memset(a, 'x', sizeof a);
		memset(b, 'x', sizeof b);
		va_start(ap, fmt);
		va_copy(aq, ap);
		na = textf_v(a, len, fmt, ap);
		nb = vsnprintf(b, len, fmt, aq);
		va_end(aq);
		va_end(ap);
		assert_int_equal(na, nb);
		assert_memory_equal(a, b, sizeof a);
	}
}

static void
test_plain(void **state)
{
	(void)state;
	same("%s", "");
	same("no conversion at all");
	same("%s turns its front %d degrees, %s to %s: %d x %s = -%s, %s left",
	    "1st Battalion, 4e Léger", 90, "N", "E", 2, "0.5 BD", "1 BD",
	    "2.5 BD");
	same("%d %d %d %d %d", 0, -1, 7, INT_MAX, INT_MIN);
	same("100%% of %s%c", "it", '!');
	same("%s%s%s", "a", "", "bc");
	same("ends with a %s", "word");
	same("[%d, %d]", -12, 345);
	/* Pieces of every length around the short copies' bounds (3, 4,
	 * 7, 8, 16 and 17 bytes), in the format and in its strings. */
	same("abc%sabcd%sabcdefg%sabcdefgh%sabcdefghijklmnop%s"
	    "abcdefghijklmnopq", "xyz", "wxyz", "tuvwxyz", "stuvwxyz",
	    "klmnopqrstuvwxyz");
	same("%s%s", "abcdefghijklmnopq", "12");
}

static void
test_handed_on(void **state)
{
	(void)state;
	same("%-18s|%-9s|", "left", "cut");
	same("%5d %03d %ld %zu %.2f %x", 42, 7, 123456789L, (size_t)9, 2.5,
	    255u);
	same("%s then %5s", "plain", "wide");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plain),
		cmocka_unit_test(test_handed_on),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
