/*
 * move-note.c - the explanation a walk writes: text built piece by piece
 * (move_text_*), the notes that become the log's events (move_note*),
 * and freeing a walk.  See move.h.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/move.h"
#include "core/ruleset.h"
#include "util/textf.h"
#include "util/xalloc.h"

static void note_take(struct move_walk *, int, const char *, char *);

void
move_text_i(struct move_text *l, int v)
{
	char d[16];
	int k = 0;
	unsigned long t = v < 0 ? -(unsigned long)v : (unsigned long)v;

	if (v < 0)
		move_text_s(l, "-");
	do {
		d[k++] = (char)('0' + t % 10);
		t /= 10;
	} while (t > 0);
	while (k > 0 && l->n + 1 < sizeof l->b)
		l->b[l->n++] = d[--k];
	l->b[l->n] = '\0';
}

void
move_text_bd(struct move_text *l, const struct ruleset *rs, int ticks)
{
	char b[32];

	ruleset_fmt(rs, ticks, b, sizeof b);
	move_text_s(l, b);
}


void
move_note(struct move_walk *w, int kind, const char *rule, const char *fmt,
    ...)
{
	va_list ap;
	char *text, buf[256];
	int len;

	if (!w->explain)
		return;
	/* One pass into a buffer that fits nearly every note. */
	va_start(ap, fmt);
	len = textf_v(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (len >= 0 && (size_t)len < sizeof buf)
		text = xstrndup(buf, (size_t)len);
	else {
		text = xmallocarray((size_t)(len < 0 ? 0 : len) + 1, 1);
		va_start(ap, fmt);
		textf_v(text, (size_t)(len < 0 ? 0 : len) + 1, fmt, ap);
		va_end(ap);
	}
	note_take(w, kind, rule, text);
}

void
move_note_text(struct move_walk *w, int kind, const char *rule,
    const struct move_text *t)
{
	if (w->explain)
		note_take(w, kind, rule, xstrndup(t->b, t->n));
}

void
move_note_own(struct move_walk *w)
{
	if (w->explain && w->nnotes > 0)
		w->notes[w->nnotes - 1].own = true;
}

/* Add a note whose text is made (ownership moves to the walk). */
static void
note_take(struct move_walk *w, int kind, const char *rule, char *text)
{
	struct move_walk_note *n;

	if (w->nnotes == w->capnotes) {
		w->capnotes = w->capnotes ? w->capnotes * 2 : 8;
		w->notes = xreallocarray(w->notes, (size_t)w->capnotes,
		    sizeof *w->notes);
	}
	n = &w->notes[w->nnotes++];
	n->kind = kind;
	n->own = false;
	event_rule_copy(n->rule, sizeof n->rule, rule);
	n->text = text;
}

void
move_note_price(struct move_walk *w, const struct move_price *p)
{
	int i;

	for (i = 0; i < p->nnotes && w->explain; i++)
		note_take(w, EV_NOTE, p->notes[i].rule,
		    xstrdup(p->notes[i].text));
}

void
move_walk_free(struct move_walk *w)
{
	int i;

	for (i = 0; i < w->nnotes; i++)
		free(w->notes[i].text);
	free(w->notes);
	free(w->path);
	free(w->route);
	free(w->route_face);
	free(w->round.route);
	free(w->round.face);
	free(w->trail);
	free(w->narrow_trail);
	w->notes = NULL;
	w->path = NULL;
	w->route = NULL;
	w->route_face = NULL;
	w->round.route = NULL;
	w->round.face = NULL;
	w->round_known = false;
	w->trail = w->narrow_trail = NULL;
	w->ntrail = w->narrow_ntrail = 0;
	w->nnotes = w->capnotes = w->npath = w->cappath = 0;
	w->nroute = w->iroute = 0;
}
