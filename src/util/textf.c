/*
 * textf.c - printf-style text made by hand for plain conversions.  See
 * textf.h.
 */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "util/textf.h"

/* Append k bytes of s to buf (size len) at *n, as far as they fit; *n
 * counts them all. */
static void
put(char *buf, size_t len, size_t *n, const char *s, size_t k)
{
	size_t room = *n + 1 < len ? len - 1 - *n : 0;

	if (room > 0 && k > 0)
		memcpy(buf + *n, s, k < room ? k : room);
	*n += k;
}

int
textf_v(char *buf, size_t len, const char *fmt, va_list ap)
{
	const char *p, *s;
	char d[16];
	size_t n = 0;
	unsigned v;
	int k, i;

	/* Only %s, %d, %c and %%: anything else is the C library's. */
	for (p = fmt; (p = strchr(p, '%')) != NULL; p += 2)
		if (p[1] != 's' && p[1] != 'd' && p[1] != 'c' && p[1] != '%')
			return vsnprintf(buf, len, fmt, ap);
	if (len == 0)
		buf = d;	/* nothing is written: room is 0 */
	for (p = fmt; *p != '\0'; ) {
		if ((s = strchr(p, '%')) == NULL) {
			put(buf, len, &n, p, strlen(p));
			break;
		}
		put(buf, len, &n, p, (size_t)(s - p));
		switch (s[1]) {
		case 's':
			if ((p = va_arg(ap, const char *)) == NULL)
				p = "(null)";	/* as the GNU C library */
			put(buf, len, &n, p, strlen(p));
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
			put(buf, len, &n, d + k, sizeof d - (size_t)k);
			break;
		case 'c':
			d[0] = (char)(unsigned char)va_arg(ap, int);
			put(buf, len, &n, d, 1);
			break;
		default:	/* %% */
			put(buf, len, &n, "%", 1);
			break;
		}
		p = s + 2;
	}
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
