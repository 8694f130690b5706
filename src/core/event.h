/*
 * event.h - what happened, and why.
 *
 * Every result the game produces is an event: who it concerns, which rule
 * decided it (e.g. "3.6.5"), and the explanation text with its arithmetic
 * ("enters wood (Pe 1): -1 BD, 2 BD left").  The message log, the "why"
 * view, the batch output of `marshal resolve` and the tests all read the
 * same events, so an explanation is written once.  A unit's explanation
 * for a phase is the ordered run of its events in that phase.
 *
 * Ownership: the log owns its events and their text: a text handed over
 * (eventlog_take) or, for most events, a copy kept in the log's own
 * chunks of text (eventlog_put, eventlog_add), freed with the log.
 */
#ifndef MARSHAL_EVENT_H
#define MARSHAL_EVENT_H

#include <stdbool.h>
#include <stdio.h>

/* A byte each (packed): an event is one cache line of the log's array. */
enum __attribute__((__packed__)) event_kind {
	EV_NOTE,		/* a step of an explanation */
	EV_ORDER,		/* an order given, carried or taking effect */
	EV_MOVE,		/* a unit's movement result */
	EV_FORMATION,		/* a change of formation */
	EV_CONDITION,		/* a change of condition (Mob, rout...) */
	EV_PHASE,		/* a phase or turn begins */
	EV_RESULT,		/* the battle's outcome */
	EV_KIND_COUNT
};

#define EVENT_RULE_MAX 16

/* In 64 bytes: the pointer first, the ints, the phase, the two rule
 * numbers, then the two bytes (a movement phase of a large battle writes
 * tens of thousands of these into new memory). */
struct event {
	char		*text;		/* owned */
	int		 turn;
	int		 unit;		/* unit index, -1: none */
	int		 general;	/* with unit -1: the general it concerns,
					   -1: none (event_general sets it) */
	int		 pub;		/* > 0: the other side reads only the
					   first pub bytes of text, citing
					   pub_rule; the rest tells the
					   unit's orders (why it halted:
					   arrived, or going on).  0: all */
	int		 other;		/* with a unit: the other unit it is
					   done to or with (the target of a
					   charge or of fire, the other side
					   of a melee), -1: none
					   (event_other sets it) */
	short		 phase;		/* ruleset phase index, -1: none (a
					   ruleset has at most
					   32 phases: ruleset.c) */
	char		 rule[EVENT_RULE_MAX]; /* "3.6.5", "" if none */
	char		 pub_rule[EVENT_RULE_MAX];
	enum event_kind	 kind;
	bool		 own : 1;	/* it tells the unit's orders (a
					   destination): only the unit's side
					   reads it (core/know.h) */
	bool		 pooled : 1;	/* text lies in the log's chunks
					   (eventlog_put), not freed alone */
};

/* A chunk of the log's texts, one after another, each terminated. */
struct event_chunk;

struct eventlog {
	struct event	*v;		/* owned */
	int		 n;
	int		 cap;
	struct event_chunk *chunks;	/* owned: the texts put, the chunk
					   being filled first */
};

/* Initialise an empty log. */
void eventlog_init(struct eventlog *);

/* Free all events. */
void eventlog_free(struct eventlog *);

/* Append an event; returns its index. */
int eventlog_add(struct eventlog *, int turn, int phase, int unit,
    enum event_kind, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 7, 8)));

/* Append an event whose text is already made: the log takes ownership of
 * text (allocated with the xalloc helpers).  Returns its index. */
int eventlog_take(struct eventlog *, int turn, int phase, int unit,
    enum event_kind, const char *rule, char *text);

/* Append an event whose text is the n bytes of text (no NUL among them),
 * copied into the log's own chunks: no allocation for most events, as a
 * movement phase writes tens of thousands.  Returns its index. */
int eventlog_put(struct eventlog *, int turn, int phase, int unit,
    enum event_kind, const char *rule, const char *text, size_t n);

/* Say that event i of the log concerns general gen (its own order or
 * ride). */
void event_general(struct eventlog *, int i, int gen);
/* Say that event i of the log, logged under one unit, is done to or with
 * unit other as well (a charge on it, fire at it, a melee with it): the
 * other unit's "why" reads it too.  Returns i. */
int event_other(struct eventlog *, int i, int other);

/* Copy a rule number into dst of size len, cut to fit (NULL gives ""). */
void event_rule_copy(char *dst, size_t len, const char *rule);

/* Write "RULE TEXT" (or just TEXT) for event e into buf of size len. */
void event_format(const struct event *e, char *buf, size_t len);

/* Name of an event kind, for JSON and saves. */
const char *event_kind_name(enum event_kind);

#endif
