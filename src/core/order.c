/*
 * order.c - order names.  Validation and delivery live in game.c, which
 * owns the state an order is checked against.
 */
#include "config.h"

#include <string.h>

#include "core/order.h"

static const char *const kind_names[ORDER_KIND_COUNT] = {
	"none", "move", "stop", "formation", "restore"
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
