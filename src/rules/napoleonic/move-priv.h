/*
 * napoleonic/move-priv.h - what the Napoleonic movement files share
 * among themselves (move.c, move-load.c, move-begin.c, move-step.c,
 * move-group.c); not for the rest of the module, which uses move.h.
 * The helpers are defined in move.c.
 */
#ifndef MARSHAL_NAPOLEONIC_MOVE_PRIV_H
#define MARSHAL_NAPOLEONIC_MOVE_PRIV_H

#include "core/geom.h"

struct game;
struct move_price;
struct ruleset;
struct unit;

/* Ticks as BD text ("2.5 BD"), in one of a few rotating buffers so one
 * printf can use several. */
const char *bd(const struct ruleset *, int ticks);

/* The same number without its unit ("2.5"), for Pe, Pr and sums. */
const char *num(const struct ruleset *, int ticks);

/* A label as it reads inside a sentence: "Dense wood" -> "dense wood"
 * (a rotating buffer). */
const char *lname(const char *label);

/* A price with nothing on it yet: a free step, OK, no notes. */
void price_init(struct move_price *);

/* Add an explanation under rule to a price (at most MOVE_NOTES_MAX). */
void price_note(struct move_price *, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The road on cell p, and the road a step from a to b follows (the
 * lesser of its two cells'). */
int road_at(const struct game *, struct point p);
int road_between(const struct game *, struct point a, struct point b);

/*
 * Permeability unit u feels in landscape l in formation form (3.6.5:
 * cavalry Manoeuvre Column counts it mc_pe_factor times); the factor in
 * *factor unless NULL.
 */
int unit_pe(const struct game *, const struct unit *u, int form, int l,
    int *factor);

#endif
