/*
 * know.c - what each side may know of the battle.  See know.h.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/event.h"
#include "core/game.h"
#include "core/know.h"

/* Whether viewer may know the orders of something on side. */
static bool
know_side(int side, int viewer)
{
	if (viewer == KNOW_ALL)
		return true;
	return viewer >= 0 && side == viewer;
}

bool
know_orders(const struct game *g, int unit, int viewer)
{
	if (unit < 0 || unit >= g->nunits)
		return viewer == KNOW_ALL;
	return know_side(g->units[unit].side, viewer);
}

bool
know_general(const struct game *g, int general, int viewer)
{
	if (general < 0 || general >= g->ngenerals)
		return viewer == KNOW_ALL;
	return know_side(g->generals[general].side, viewer);
}

bool
know_halt_tells_orders(enum halt h)
{
	return h == HALT_ARRIVED || h == HALT_SPEED;
}

bool
know_event(const struct game *g, const struct event *e, int viewer)
{
	if (viewer == KNOW_ALL)
		return true;
	if (e->kind != EV_ORDER && !e->own)
		return true;
	/* A general's own order; else an order event with no unit is the
	 * umpire's own bookkeeping. */
	if (e->unit < 0 && e->general >= 0)
		return know_general(g, e->general, viewer);
	return know_orders(g, e->unit, viewer);
}

const struct event *
know_view(const struct game *g, const struct event *e, int viewer,
    struct event *tmp, char *buf, size_t len)
{
	size_t n;

	if (!know_event(g, e, viewer))
		return NULL;
	if (e->pub <= 0 || e->own || know_orders(g, e->unit, viewer))
		return e;
	*tmp = *e;
	n = (size_t)e->pub < len ? (size_t)e->pub : len - 1;
	memcpy(buf, e->text, n);
	buf[n] = '\0';
	tmp->text = buf;
	tmp->pub = 0;
	tmp->pooled = true;	/* not the copy's to free */
	event_rule_copy(tmp->rule, sizeof tmp->rule, e->pub_rule);
	return tmp;
}

int
know_parse(const struct game *g, const char *s)
{
	char *end;
	long v;
	int i;

	if (strcasecmp(s, "all") == 0)
		return KNOW_ALL;
	for (i = 0; i < g->nsides; i++)
		if (strcasecmp(s, g->sides[i].name) == 0)
			return i;
	v = strtol(s, &end, 10);
	if (*s != '\0' && *end == '\0' && v >= 0 && v < g->nsides)
		return (int)v;
	return -3;
}
