/*
 * xalloc.h - allocation that cannot fail silently.
 *
 * Every allocation in marshal goes through these helpers.  On exhaustion
 * they call the one failure hook (xalloc_fail), which by default prints a
 * message and aborts; tests may install a hook that counts or injects
 * failures.  Callers therefore never check for NULL.
 */
#ifndef MARSHAL_XALLOC_H
#define MARSHAL_XALLOC_H

#include <stddef.h>

/* Allocate n bytes, zeroed.  Never returns NULL. Caller frees with free(). */
void *xcalloc(size_t count, size_t size);

/* Allocate count*size bytes, uninitialised, overflow-checked. */
void *xmallocarray(size_t count, size_t size);

/* Resize p to count*size bytes, overflow-checked.  Never returns NULL. */
void *xreallocarray(void *p, size_t count, size_t size);

/* Duplicate a NUL-terminated string.  Caller frees. */
char *xstrdup(const char *s);

/* Duplicate at most n bytes of s and terminate.  Caller frees. */
char *xstrndup(const char *s, size_t n);

/* printf into a new string.  Caller frees. */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The single place allocation failure ends up; does not return. */
void xalloc_fail(size_t bytes) __attribute__((noreturn));

/*
 * Set a function xalloc_fail calls before it prints its message and
 * aborts, or NULL for none: the interface uses it to put the terminal back
 * (a raw terminal left behind is worse than the crash).  The hook must not
 * allocate; it is called at most once.
 */
void xalloc_set_fail_hook(void (*hook)(void));

#endif
