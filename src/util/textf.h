/*
 * textf.h - printf-style text for the explanations the game writes at
 * every step of every unit: the same bytes as vsnprintf, made by hand for
 * the plain conversions those lines use (%s, %d, %c, %%), which costs a
 * few times less than the C library's general machinery.  Any other
 * conversion (a width, a flag, a length, a float) is handed to vsnprintf
 * whole, so the text is always what snprintf would write.
 *
 * Ownership: the caller owns buf; nothing is allocated.
 */
#ifndef MARSHAL_TEXTF_H
#define MARSHAL_TEXTF_H

#include <stdarg.h>
#include <stddef.h>

/*
 * As vsnprintf: write at most len - 1 bytes of the text and a NUL into
 * buf (nothing when len is 0), and return the whole text's length.
 */
int textf_v(char *buf, size_t len, const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));

/* As snprintf (see textf_v). */
int textf(char *buf, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
