/*
 * event.c - the event log.  See event.h.
 */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "core/event.h"
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

int
eventlog_add(struct eventlog *l, int turn, int phase, int unit,
    enum event_kind kind, const char *rule, const char *fmt, ...)
{
	va_list ap;
	struct event *e;
	int n;

	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 64;
		l->v = xreallocarray(l->v, (size_t)l->cap, sizeof *l->v);
	}
	e = &l->v[l->n];
	memset(e, 0, sizeof *e);
	e->turn = turn;
	e->phase = phase;
	e->unit = unit;
	e->kind = kind;
	snprintf(e->rule, sizeof e->rule, "%s", rule != NULL ? rule : "");

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	e->text = xmallocarray((size_t)(n < 0 ? 0 : n) + 1, 1);
	va_start(ap, fmt);
	vsnprintf(e->text, (size_t)(n < 0 ? 0 : n) + 1, fmt, ap);
	va_end(ap);
	return l->n++;
}

int
eventlog_take(struct eventlog *l, int turn, int phase, int unit,
    enum event_kind kind, const char *rule, char *text)
{
	struct event *e;

	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 64;
		l->v = xreallocarray(l->v, (size_t)l->cap, sizeof *l->v);
	}
	e = &l->v[l->n];
	memset(e, 0, sizeof *e);
	e->turn = turn;
	e->phase = phase;
	e->unit = unit;
	e->kind = kind;
	snprintf(e->rule, sizeof e->rule, "%s", rule != NULL ? rule : "");
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
