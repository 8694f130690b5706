/*
 * textf.c - printf-style text made by hand for plain conversions.  See
 * textf.h.
 */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "util/textf.h"

/* Copy k bytes, 4 <= k <= 16, as two moves of a size known here that
 * overlap in the middle (no call, no loop: most pieces of a line are
 * words and names this short). */
static inline void
copy_short(char *d, const char *s, size_t k)
{
	if (k >= 8) {
		__builtin_memcpy(d, s, 8);
		__builtin_memcpy(d + k - 8, s + k - 8, 8);
	} else {
		__builtin_memcpy(d, s, 4);
		__builtin_memcpy(d + k - 4, s + k - 4, 4);
	}
}

/* Append k bytes of s to buf (size len) at *n, as far as they fit; *n
 * counts them all.  Out of line, for the few bytes of a number or a
 * character. */
static void
put_few(char *buf, size_t len, size_t *n, const char *s, size_t k)
{
	size_t room = *n + 1 < len ? len - 1 - *n : 0;

	if (room > 0 && k > 0)
		memcpy(buf + *n, s, k < room ? k : room);
	*n += k;
}

/* As put_few, inline, for the words of the format and its strings. */
static inline void
put(char *buf, size_t len, size_t *n, const char *s, size_t k)
{
	char *d = buf + *n;
	size_t room;

	if (*n + k < len) {	/* whole, its terminator after: nearly always */
		if (k > 16)
			memcpy(d, s, k);
		else if (k >= 4)
			copy_short(d, s, k);
		else if (k > 0) {
			d[0] = s[0];
			d[k / 2] = s[k / 2];
			d[k - 1] = s[k - 1];
		}
		*n += k;
		return;
	}
	room = *n + 1 < len ? len - 1 - *n : 0;
	if (room > 0 && k > 0)
		memcpy(d, s, k < room ? k : room);
	*n += k;
}

int
textf_v(char *buf, size_t len, const char *fmt, va_list ap)
{
	const char *p, *s;
	char d[16], *out = len > 0 ? buf : d;	/* len 0: nothing written */
	size_t n = 0;
	unsigned v;
	int k, i;
	va_list aq;

	/* A copy of the arguments untouched, for the C library should a
	 * conversion other than %s, %d, %c and %% turn up. */
	va_copy(aq, ap);
	for (p = fmt; *p != '\0'; ) {
		if ((s = strchr(p, '%')) == NULL) {
			put(out, len, &n, p, strlen(p));
			break;
		}
		put(out, len, &n, p, (size_t)(s - p));
		switch (s[1]) {
		case 's':
			if ((p = va_arg(ap, const char *)) == NULL)
				p = "(null)";	/* as the GNU C library */
			put(out, len, &n, p, strlen(p));
			break;
		case 'd':
			i = va_arg(ap, int);
			v = i < 0 ? 0u - (unsigned)i : (unsigned)i;
			k = (int)sizeof d;
			do {
				d[--k] = (char)('0' + v % 10);
				v /= 10;
			} while (v > 0);
			if (i < 0)
				d[--k] = '-';
			put_few(out, len, &n, d + k, sizeof d - (size_t)k);
			break;
		case 'c':
			d[0] = (char)(unsigned char)va_arg(ap, int);
			put_few(out, len, &n, d, 1);
			break;
		case '%':
			put_few(out, len, &n, "%", 1);
			break;
		default:	/* anything else: the C library's, whole */
			k = vsnprintf(buf, len, fmt, aq);
			va_end(aq);
			return k;
		}
		p = s + 2;
	}
	va_end(aq);
	if (len > 0)
		buf[n < len ? n : len - 1] = '\0';
	return n > INT_MAX ? INT_MAX : (int)n;
}

int
textf(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = textf_v(buf, len, fmt, ap);
	va_end(ap);
	return n;
}
