/*
 * decide.c - the decision protocol (decide.h): the engine's own, one
 * request per side per turn, and the way to a ruleset's.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/decide.h"
#include "core/game.h"
#include "core/ruleset.h"

static const char *const kind_names[] = { "orders", "activate", "react" };

const char *
decide_kind_name(enum decide_kind k)
{
	return (unsigned)k < sizeof kind_names / sizeof kind_names[0] ?
	    kind_names[k] : "?";
}

/* The engine's own protocol: each side's orders for the coming turn,
 * both open at once until each is done. */
static int
turn_orders(const struct game *g, struct decision *out, int max)
{
	int s, n = 0;

	for (s = 0; s < g->nsides && n < max; s++) {
		if (g->decided & (1u << s))
			continue;
		memset(&out[n], 0, sizeof out[n]);
		out[n].kind = DECIDE_ORDERS;
		out[n].side = s;
		out[n].unit = -1;
		out[n].orders = 1u << ORDER_MOVE | 1u << ORDER_STOP |
		    1u << ORDER_FORMATION | 1u << ORDER_RESTORE;
		out[n].phase = -1;
		snprintf(out[n].what, sizeof out[n].what, "%s's orders for "
		    "turn %d", g->sides[s].name, g->turn);
		n++;
	}
	return n;
}

int
game_decisions(const struct game *g, struct decision *out, int max)
{
	if (g->result.over || max <= 0)
		return 0;
	if (g->rs->ops->decisions != NULL)
		return g->rs->ops->decisions(g, out, max);
	return turn_orders(g, out, max);
}

bool
game_asks(const struct game *g, int s)
{
	struct decision d[DECIDE_MAX];
	int i, n = game_decisions(g, d, DECIDE_MAX);

	for (i = 0; i < n; i++)
		if (d[i].side == s)
			return true;
	return false;
}

int
game_decided(struct game *g, int s)
{
	unsigned all;

	int turn = g->turn;

	if (s < 0 || s >= g->nsides || !game_asks(g, s))
		return -1;
	g->step++;
	if (g->rs->ops->decided != NULL)
		g->rs->ops->decided(g, s);
	else {
		g->decided |= 1u << s;
		all = (1u << g->nsides) - 1;
		if ((g->decided & all) == all) {
			g->decided = 0;
			game_turn(g);
		}
	}
	if (g->turn != turn)
		g->step = 0;
	return 0;
}
