/*
 * order.c - order names.  Validation and delivery live in game.c, which
 * owns the state an order is checked against.
 */
#include "config.h"

#include <string.h>

#include "core/order.h"

static const char *const kind_names[ORDER_KIND_COUNT] = {
	"none", "move", "stop", "formation", "restore", "action"
};

const char *
order_kind_name(enum order_kind k)
{
	return (unsigned)k < ORDER_KIND_COUNT ? kind_names[k] : "?";
}

int
order_kind_parse(const char *s)
{
	int i;

	for (i = 0; i < ORDER_KIND_COUNT; i++)
		if (strcmp(s, kind_names[i]) == 0)
			return i;
	return -1;
}

bool
order_same_group(const struct order *a, const struct order *b)
{
	int i;

	if (a->ngroup < 2 || a->ngroup != b->ngroup || a->kind != b->kind ||
	    a->issued != b->issued || a->to.x != b->to.x || a->to.y != b->to.y)
		return false;
	for (i = 0; i < a->ngroup; i++)
		if (a->group[i] != b->group[i])
			return false;
	return true;
}
