/*
 * xalloc.h - allocation that cannot fail silently.
 *
 * Every allocation in marshal goes through these helpers.  On exhaustion
 * they call the one failure hook (xalloc_fail), which by default prints a
 * message and aborts; callers therefore never check for NULL.
 *
 * Loading is the exception.  A file may be large or hostile and a load
 * may run out of memory in the middle of a game that is otherwise fine,
 * so every loader (io/yread.h, io/load.h, io/save.h, io/replay.h,
 * ruleset_load) runs its work inside a fallible region, xalloc_try: there
 * an allocation that fails does not abort but jumps back to the loader,
 * which frees what it had built, records "out of memory while loading"
 * (diags_oom, which itself allocates nothing) and returns its ordinary
 * error.  The player then sees a message and keeps the game in hand
 * instead of losing it to an abort.  Outside every region the old rule
 * holds: hook, message, abort - or, once marshal play has asked for it
 * (xalloc_set_fail_stop), a clean exit that says where the last save is.
 */
#ifndef MARSHAL_XALLOC_H
#define MARSHAL_XALLOC_H

#include <stdbool.h>
#include <stddef.h>

/* Allocate n bytes, zeroed.  Never returns NULL. Caller frees with free(). */
void *xcalloc(size_t count, size_t size);

/* Allocate count*size bytes, uninitialised, overflow-checked. */
void *xmallocarray(size_t count, size_t size);

/* Resize p to count*size bytes, overflow-checked.  Never returns NULL. */
void *xreallocarray(void *p, size_t count, size_t size);

/*
 * A large block that grows, as a phase's event log does.  Resize p, of
 * old bytes (NULL and 0 for none), to size bytes, keeping the first of
 * them; never returns NULL.  From XALLOC_BIG bytes on, a block is mapped
 * on its own in whole 2 MiB pages and the kernel asked to back it with
 * huge pages where it can (Linux's madvise MADV_HUGEPAGE): filling such
 * a block then takes a page fault every 2 MiB, not every 4 KiB, and the
 * faults of the log were a twentieth of the movement phase of a large
 * battle.  Smaller blocks come from malloc.  Free with xbig_free and the
 * same size, never with free() (so never guard one: xalloc_guard).
 */
#define XALLOC_BIG	((size_t)2 << 20)
void *xbig_resize(void *p, size_t old, size_t size);

/* Free a block of size bytes from xbig_resize (NULL: nothing). */
void xbig_free(void *p, size_t size);

/* Duplicate a NUL-terminated string.  Caller frees. */
char *xstrdup(const char *s);

/* Duplicate at most n bytes of s and terminate.  Caller frees. */
char *xstrndup(const char *s, size_t n);

/* printf into a new string.  Caller frees. */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * The single place allocation failure ends up; does not return.  Inside a
 * region it jumps back to the innermost xalloc_try; outside, it calls the
 * hook, prints a message and aborts.
 */
void xalloc_fail(size_t bytes) __attribute__((noreturn));

/*
 * Run fn(arg) as a fallible region.  Returns 0 when fn returns, or -1 when
 * an allocation failed somewhere below fn: fn is then cut short at that
 * allocation, by a longjmp over every frame in between.  Regions nest;
 * the innermost catches.
 *
 * What this asks of fn and of everything it calls:
 * - Whatever fn builds must be reachable from arg at every allocation, so
 *   that the caller can free it after a failure: link each new object into
 *   arg (or into something arg reaches) before the next allocation, and
 *   grow an array before making the thing that goes into it.  The state
 *   lives in arg, not in fn's locals, so setjmp's rule on locals does not
 *   arise.
 * - No resource other than memory reachable from arg may be held across an
 *   allocation (an open file, a parser in a local), and no frame of a
 *   library may lie between fn and the allocation: nothing may be jumped
 *   over but marshal's own code.
 */
int xalloc_try(void (*fn)(void *), void *arg);

/*
 * A constructor that makes more than one allocation guards the first
 * block while it makes the others: if one fails inside a region, the
 * guarded block is freed (with free(), so its other pointers must still
 * be NULL) before the jump.  Unguard it, innermost first, once it is
 * handed out.  At most XALLOC_GUARDS at once.
 */
#define XALLOC_GUARDS	16
void xalloc_guard(void *);
void xalloc_unguard(void *);

/*
 * For tests only: make the nth allocation from now fail (1 is the next
 * one), as if the system had no memory left; with every set, that one and
 * all after it fail.  0 disarms.  Counting starts again at each call.
 */
void xalloc_test_fail(unsigned long nth, bool every);

/* For tests only: allocations made since the last xalloc_test_fail. */
unsigned long xalloc_test_count(void);

/*
 * Set a function xalloc_fail calls before it prints its message and
 * aborts, or NULL for none: the interface uses it to put the terminal back
 * (a raw terminal left behind is worse than the crash).  The hook must not
 * allocate; it is called at most once.
 */
void xalloc_set_fail_hook(void (*hook)(void));

/*
 * Outside every region, stop with exit status status (0: abort, the
 * default) after the hook and the message, printing notice (borrowed, may
 * be NULL; it must stay valid and may change in place) on its own line:
 * marshal play uses it so that running out of memory in a turn, the AI or
 * a save ends the program cleanly, telling the player that the last save
 * is kept.  Nothing is saved then: the game in memory may be half-changed.
 */
void xalloc_set_fail_stop(int status, const char *notice);

#endif
