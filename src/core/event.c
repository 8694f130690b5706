/*
 * event.c - the event log.  See event.h.
 */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/event.h"
#include "util/textf.h"
#include "util/xalloc.h"

static const char *const kind_names[EV_KIND_COUNT] = {
	"note", "order", "move", "formation", "condition", "phase", "result"
};

/* Texts are kept in chunks, the first a block of CHUNK_FIRST bytes (a
 * preview's short log), each next block twice the last up to XALLOC_BIG,
 * then big blocks of that size (xbig_resize); a chunk is never moved, so
 * the events' texts stay where they were put. */
#define CHUNK_FIRST	1024

struct event_chunk {
	struct event_chunk *next;	/* the chunk filled before */
	size_t		 used;
	size_t		 size;
	char		 b[];
};

void
eventlog_init(struct eventlog *l)
{
	memset(l, 0, sizeof *l);
}

void
eventlog_free(struct eventlog *l)
{
	struct event_chunk *c, *next;
	int i;

	for (i = 0; i < l->n; i++)
		if (!l->v[i].pooled)
			free(l->v[i].text);
	xbig_free(l->v, (size_t)l->cap * sizeof *l->v);
	for (c = l->chunks; c != NULL; c = next) {
		next = c->next;
		xbig_free(c, sizeof *c + c->size);
	}
	memset(l, 0, sizeof *l);
}

_Static_assert(sizeof(struct event) <= 64, "an event is a cache line");

/* As event_rule_copy, inline for the log's own copies: the length found
 * by the C library, then the bytes moved in a word or two (a rule number
 * is a few bytes) and the terminator. */
static inline void
rule_copy(char *dst, size_t len, const char *rule)
{
	size_t n;

	if (len == 0)
		return;
	n = rule != NULL ? strnlen(rule, len - 1) : 0;
	if (n >= 8) {
		memcpy(dst, rule, 8);
		memcpy(dst + n - 8, rule + n - 8, 8);
	} else if (n >= 4) {
		memcpy(dst, rule, 4);
		memcpy(dst + n - 4, rule + n - 4, 4);
	} else if (n > 0) {
		dst[0] = rule[0];
		dst[n / 2] = rule[n / 2];
		dst[n - 1] = rule[n - 1];
	}
	dst[n] = '\0';
}

void
event_rule_copy(char *dst, size_t len, const char *rule)
{
	rule_copy(dst, len, rule);
}

int
eventlog_add(struct eventlog *l, int turn, int phase, int unit,
    enum event_kind kind, const char *rule, const char *fmt, ...)
{
	va_list ap;
	char buf[256], *text;
	int n;

	/* One pass into a buffer that fits nearly every line. */
	va_start(ap, fmt);
	n = textf_v(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n < 0)
		n = 0;
	if ((size_t)n < sizeof buf)
		return eventlog_put(l, turn, phase, unit, kind, rule, buf,
		    (size_t)n);
	text = xmallocarray((size_t)n + 1, 1);
	va_start(ap, fmt);
	textf_v(text, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return eventlog_take(l, turn, phase, unit, kind, rule, text);
}

/* A log of a large battle is tens of thousands of these: one cache line
 * each where pointers are 8 bytes. */
_Static_assert(sizeof(void *) != 8 || sizeof(struct event) == 64,
    "an event is 64 bytes");

/* The next event of the log with every field set but its text, which
 * the caller sets (the caller has grown the log to hold it). */
static struct event *
event_next(struct eventlog *l, int turn, int phase, int unit,
    enum event_kind kind, const char *rule)
{
	struct event *e = &l->v[l->n];

	memset(e, 0, sizeof *e);
	e->turn = turn;
	e->phase = (short)phase;
	e->unit = unit;
	e->general = -1;
	e->other = -1;
	e->kind = kind;
	rule_copy(e->rule, sizeof e->rule, rule);
	return e;
}

/* Twice the room for events (64 the first time), a big block once it
 * is large (xbig_resize: a large battle's log fills megabytes in a
 * phase).  Out of line, as chunk_new. */
static __attribute__((noinline)) void
log_grow(struct eventlog *l)
{
	int cap = l->cap ? l->cap * 2 : 64;

	if (cap < 0 || (size_t)cap > SIZE_MAX / sizeof *l->v)
		xalloc_fail(SIZE_MAX);
	l->v = xbig_resize(l->v, (size_t)l->cap * sizeof *l->v,
	    (size_t)cap * sizeof *l->v);
	l->cap = cap;
}

int
eventlog_take(struct eventlog *l, int turn, int phase, int unit,
    enum event_kind kind, const char *rule, char *text)
{
	/* text is ours now: freed if the log cannot grow in a load. */
	if (l->n == l->cap) {
		xalloc_guard(text);
		log_grow(l);
		xalloc_unguard(text);
	}
	event_next(l, turn, phase, unit, kind, rule)->text = text;
	return l->n++;
}

/* A new chunk for the log, room for n bytes at least, now the one being
 * filled.  Out of line: eventlog_put's hot path stays short. */
static __attribute__((noinline)) struct event_chunk *
chunk_new(struct eventlog *l, size_t n)
{
	struct event_chunk *c = l->chunks;
	size_t block;

	block = c == NULL ? CHUNK_FIRST : sizeof *c + c->size < XALLOC_BIG ?
	    2 * (sizeof *c + c->size) : XALLOC_BIG;
	if (n > SIZE_MAX - XALLOC_BIG)
		xalloc_fail(SIZE_MAX);
	if (block < sizeof *c + n)
		block = sizeof *c + n;
	c = xbig_resize(NULL, 0, block);
	c->size = block - sizeof *c;
	c->used = 0;
	c->next = l->chunks;
	l->chunks = c;
	return c;
}

int
eventlog_put(struct eventlog *l, int turn, int phase, int unit,
    enum event_kind kind, const char *rule, const char *text, size_t n)
{
	struct event_chunk *c = l->chunks;
	struct event *e;
	char *t;

	if (l->n == l->cap)
		log_grow(l);
	if (c == NULL || c->size - c->used < n + 1)
		c = chunk_new(l, n + 1);
	t = c->b + c->used;
	c->used += n + 1;
	memcpy(t, text, n);
	t[n] = '\0';
	e = event_next(l, turn, phase, unit, kind, rule);
	e->text = t;
	e->pooled = true;
	return l->n++;
}

void
event_format(const struct event *e, char *buf, size_t len)
{
	if (e->rule[0] != '\0')
		snprintf(buf, len, "%s %s", e->rule, e->text);
	else
		snprintf(buf, len, "%s", e->text);
}

const char *
event_kind_name(enum event_kind k)
{
	return (unsigned)k < EV_KIND_COUNT ? kind_names[k] : "?";
}

void
event_general(struct eventlog *l, int i, int gen)
{
	if (i >= 0 && i < l->n)
		l->v[i].general = gen;
}

int
event_other(struct eventlog *l, int i, int other)
{
	if (i >= 0 && i < l->n)
		l->v[i].other = other;
	return i;
}
