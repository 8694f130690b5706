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

static void note_add(struct move_walk *, int, const char *, const char *,
    size_t);
static inline void note_room(struct move_walk *, size_t);
static void note_push(struct move_walk *, int, const char *, size_t);

/* The room move_note makes for a note's text before writing it, its
 * terminator included: nearly every note fits. */
#define NOTE_ROOM	256

_Static_assert(sizeof ((struct move_walk_note *)0)->rule ==
    sizeof ((struct event *)0)->rule, "a note's rule is an event's");

/* A copy of the n bytes of s, terminated (s holds no NUL before n). */
static char *
text_dup(const char *s, size_t n)
{
	char *p = xmallocarray(n + 1, 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

/* The two digits of each number below 100, for move_text_i. */
static const char pairs[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233"
    "34353637383940414243444546474849505152535455565758596061626364656667"
    "6869707172737475767778798081828384858687888990919293949596979899";

/* Any whole number, from the last digit back, two at a time, cut to
 * the line's room.  Out of line: move_text_i's common case stays a
 * leaf. */
static __attribute__((noinline)) void
text_i_any(struct move_text *l, int v)
{
	char d[16];
	int k = (int)sizeof d;
	unsigned t = v < 0 ? 0u - (unsigned)v : (unsigned)v;
	size_t n;

	if (v < 0)
		move_text_s(l, "-");
	while (t >= 100) {
		k -= 2;
		memcpy(d + k, pairs + 2 * (t % 100), 2);
		t /= 100;
	}
	if (t >= 10) {
		k -= 2;
		memcpy(d + k, pairs + 2 * t, 2);
	} else
		d[--k] = (char)('0' + t);
	n = sizeof d - (size_t)k;
	if (n > sizeof l->b - 1 - l->n)
		n = sizeof l->b - 1 - l->n;
	while (n-- > 0)		/* a few digits: no call to memcpy */
		l->b[l->n++] = d[k++];
	l->b[l->n] = '\0';
}

void
move_text_i(struct move_text *l, int v)
{
	char *b = l->b + l->n;
	unsigned t = (unsigned)v;
	size_t n;

	/* Most are a cell's coordinate, below 1000: written in place as
	 * one, two or three digits when the line has room for four. */
	if (t >= 1000 || sizeof l->b - l->n <= 4) {
		text_i_any(l, v);
		return;
	}
	if (t < 10)
		*b = (char)('0' + t), n = 1;
	else if (t < 100)
		memcpy(b, pairs + 2 * t, 2), n = 2;
	else {
		*b = (char)('0' + t / 100);
		memcpy(b + 1, pairs + 2 * (t % 100), 2);
		n = 3;
	}
	b[n] = '\0';
	l->n += n;
}

void
move_text_bd(struct move_text *l, const struct ruleset *rs, int ticks)
{
	size_t room = sizeof l->b - l->n;

	/* Straight into the line, cut where a figure of its own (32 bytes
	 * with its terminator) would be, then to what is left. */
	l->n += ruleset_fmt(rs, ticks, l->b + l->n, room < 32 ? room : 32);
}

char *
move_text_dup(const struct move_text *t)
{
	return text_dup(t->b, t->n);
}

void
move_note(struct move_walk *w, int kind, const char *rule, const char *fmt,
    ...)
{
	va_list ap;
	char *text;
	int len;

	if (!w->explain)
		return;
	/* One pass straight into the walk's texts, room made for 256
	 * bytes, which fits nearly every note. */
	note_room(w, NOTE_ROOM - 1);
	va_start(ap, fmt);
	len = textf_v(w->ntext + w->ntext_len, NOTE_ROOM, fmt, ap);
	va_end(ap);
	if (len < 0)
		len = 0;
	if ((size_t)len < NOTE_ROOM) {
		note_push(w, kind, rule, (size_t)len);
		return;
	}
	text = xmallocarray((size_t)len + 1, 1);
	va_start(ap, fmt);
	textf_v(text, (size_t)len + 1, fmt, ap);
	va_end(ap);
	note_add(w, kind, rule, text, (size_t)len);
	free(text);
}

void
move_note_text(struct move_walk *w, int kind, const char *rule,
    const struct move_text *t)
{
	if (w->explain)
		note_add(w, kind, rule, t->b, t->n);
}

void
move_note_own(struct move_walk *w)
{
	if (w->explain && w->nnotes > 0)
		w->notes[w->nnotes - 1].own = true;
}

/* Room in the walk for one more note and len more bytes of text with
 * their terminator.  Out of line: the walk's arrays are grown only a few
 * times. */
static __attribute__((noinline)) void
note_grow(struct move_walk *w, size_t len)
{
	char *was = w->ntext;
	size_t cap;
	int i;

	if (w->nnotes == w->capnotes) {
		w->capnotes = w->capnotes ? w->capnotes * 2 : 8;
		w->notes = xreallocarray(w->notes, (size_t)w->capnotes,
		    sizeof *w->notes);
	}
	if (w->ntext_cap - w->ntext_len < len + 1) {
		cap = w->ntext_cap ? w->ntext_cap : 1024;
		while (cap - w->ntext_len < len + 1)
			cap *= 2;
		w->ntext = xreallocarray(w->ntext, cap, 1);
		w->ntext_cap = cap;
		/* The texts moved: the notes' pointers follow them. */
		for (i = 0; i < w->nnotes && was != NULL; i++)
			w->notes[i].text = w->ntext + (w->notes[i].text - was);
	}
}

/* As note_grow, when the walk has not the room already. */
static inline void
note_room(struct move_walk *w, size_t len)
{
	if (w->nnotes == w->capnotes || w->ntext_cap - w->ntext_len < len + 1)
		note_grow(w, len);
}

/* Add a note whose text, len bytes, is written already at the end of the
 * walk's texts (note_room made the room): terminate it and count it. */
static void
note_push(struct move_walk *w, int kind, const char *rule, size_t len)
{
	struct move_walk_note *n = &w->notes[w->nnotes++];
	size_t i;

	n->kind = kind;
	n->own = false;
	/* Zeros after the terminator: move_notes_log copies it whole.  A
	 * rule number is a few bytes: copied here, cut to 15. */
	memset(n->rule, 0, sizeof n->rule);
	for (i = 0; rule != NULL && i < sizeof n->rule - 1 && rule[i] != '\0';
	    i++)
		n->rule[i] = rule[i];
	n->text = w->ntext + w->ntext_len;
	n->len = len;
	n->text[len] = '\0';
	w->ntext_len += len + 1;
}

/* Add a note whose text is the len bytes of text (no NUL among them),
 * copied to the end of the walk's texts. */
static void
note_add(struct move_walk *w, int kind, const char *rule, const char *text,
    size_t len)
{
	note_room(w, len);
	memcpy(w->ntext + w->ntext_len, text, len);
	note_push(w, kind, rule, len);
}

void
move_notes_log(struct eventlog *log, int turn, int phase, int unit,
    const struct move_walk *w)
{
	const struct move_walk_note *n;
	int i, k;

	/* The rule as one move of its whole array (note_add wrote zeros
	 * after its terminator), not counted again. */
	for (i = 0; i < w->nnotes; i++) {
		n = &w->notes[i];
		k = eventlog_put(log, turn, phase, unit, n->kind, NULL,
		    n->text, n->len);
		memcpy(log->v[k].rule, n->rule, sizeof log->v[k].rule);
		log->v[k].own = n->own;
	}
}

/* The next note of price p with its rule set, NULL when p is full. */
static struct move_note *
price_slot(struct move_price *p, const char *rule)
{
	struct move_note *n;
	size_t i;

	if (p->nnotes >= MOVE_NOTES_MAX)
		return NULL;
	n = &p->notes[p->nnotes++];
	for (i = 0; rule[i] != '\0' && i + 1 < sizeof n->rule; i++)
		n->rule[i] = rule[i];
	n->rule[i] = '\0';
	return n;
}

void
move_price_note(struct move_price *p, const char *rule, const char *fmt, ...)
{
	struct move_note *n = price_slot(p, rule);
	va_list ap;

	if (n == NULL)
		return;
	va_start(ap, fmt);
	textf_v(n->text, sizeof n->text, fmt, ap);
	va_end(ap);
}

void
move_price_note_text(struct move_price *p, const char *rule,
    const struct move_text *t)
{
	struct move_note *n = price_slot(p, rule);
	size_t k;

	if (n == NULL)
		return;
	k = t->n < sizeof n->text - 1 ? t->n : sizeof n->text - 1;
	memcpy(n->text, t->b, k);
	n->text[k] = '\0';
}

void
move_note_price_put(struct move_walk *w, const struct move_price *p)
{
	int i;

	for (i = 0; i < p->nnotes && w->explain; i++)
		note_add(w, EV_NOTE, p->notes[i].rule, p->notes[i].text,
		    strlen(p->notes[i].text));
}

void
move_note_silence(struct move_walk *w)
{
	w->explain = false;
	w->notes = NULL;
	w->nnotes = w->capnotes = 0;
	w->ntext = NULL;
	w->ntext_len = w->ntext_cap = 0;
}

void
move_walk_free(struct move_walk *w)
{
	free(w->notes);
	free(w->ntext);
	free(w->path);
	free(w->route);
	free(w->route_face);
	free(w->round.route);
	free(w->round.face);
	free(w->trail);
	free(w->narrow_trail);
	w->notes = NULL;
	w->ntext = NULL;
	w->ntext_len = w->ntext_cap = 0;
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
