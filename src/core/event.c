/*
 * event.c - the event log.  See event.h.
 */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "core/event.h"
#include "util/textf.h"
#include "util/xalloc.h"

static const char *const kind_names[EV_KIND_COUNT] = {
	"note", "order", "move", "formation", "condition", "phase", "result"
};

void
eventlog_init(struct eventlog *l)
{
	memset(l, 0, sizeof *l);
}

void
eventlog_free(struct eventlog *l)
{
	int i;

	for (i = 0; i < l->n; i++)
		free(l->v[i].text);
	free(l->v);
	memset(l, 0, sizeof *l);
}

void
event_rule_copy(char *dst, size_t len, const char *rule)
{
	size_t i;

	for (i = 0; rule != NULL && rule[i] != '\0' && i + 1 < len; i++)
		dst[i] = rule[i];
	dst[i] = '\0';
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
	text = xmallocarray((size_t)n + 1, 1);
	if ((size_t)n < sizeof buf)
		memcpy(text, buf, (size_t)n + 1);
	else {
		va_start(ap, fmt);
		textf_v(text, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	return eventlog_take(l, turn, phase, unit, kind, rule, text);
}

int
eventlog_take(struct eventlog *l, int turn, int phase, int unit,
    enum event_kind kind, const char *rule, char *text)
{
	struct event *e;

	/* text is ours now: freed if the log cannot grow in a load. */
	if (l->n == l->cap) {
		xalloc_guard(text);
		l->v = xreallocarray(l->v, (size_t)(l->cap ? l->cap * 2 : 64),
		    sizeof *l->v);
		xalloc_unguard(text);
		l->cap = l->cap ? l->cap * 2 : 64;
	}
	e = &l->v[l->n];
	memset(e, 0, sizeof *e);
	e->turn = turn;
	e->phase = phase;
	e->unit = unit;
	e->general = -1;
	e->kind = kind;
	event_rule_copy(e->rule, sizeof e->rule, rule);
	e->text = text;
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
