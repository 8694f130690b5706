/*
 * unit.c - names for the unit enums and unit clean-up.  See unit.h.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "core/unit.h"

static const char *const arm_names[ARM_COUNT] = {
	"infantry", "cavalry", "artillery"
};
static const char *const cond_names[COND_COUNT] = {
	"formed", "mob", "routed", "captured", "dispersed", "away"
};
static const char *const halt_names[HALT_COUNT] = {
	"none", "speed", "terrain", "obstacle", "passage", "contact",
	"blocked", "arrived"
};

const char *
arm_name(enum arm a)
{
	return (unsigned)a < ARM_COUNT ? arm_names[a] : "?";
}

int
arm_parse(const char *s)
{
	int i;

	for (i = 0; i < ARM_COUNT; i++)
		if (strcmp(s, arm_names[i]) == 0)
			return i;
	return -1;
}

const char *
cond_name(enum cond c)
{
	return (unsigned)c < COND_COUNT ? cond_names[c] : "?";
}

const char *
halt_name(enum halt h)
{
	return (unsigned)h < HALT_COUNT ? halt_names[h] : "?";
}

int
unit_attr(const struct unit *u, int idx)
{
	if (idx < 0 || idx >= UNIT_ATTR_MAX)
		return 0;
	return u->attr[idx];
}

void
unit_attr_set(struct unit *u, int idx, int v)
{
	if (idx >= 0 && idx < UNIT_ATTR_MAX)
		u->attr[idx] = v;
}

void
unit_clear(struct unit *u)
{
	free(u->id);
	free(u->name);
	free(u->track);
	free(u->route);
	free(u->trail);
	u->trail = NULL;
	u->ntrail = 0;
	u->id = u->name = NULL;
	u->track = NULL;
	u->ntrack = 0;
	u->route = NULL;
	u->nroute = 0;
}

bool
unit_on_trail(const struct unit *u)
{
	return u->ntrail > 0 && u->trail != NULL &&
	    u->trail[0].x == u->pos.x && u->trail[0].y == u->pos.y &&
	    u->trail_facing == u->facing && u->trail_form == u->formation;
}

void
unit_trail_clear(struct unit *u)
{
	free(u->trail);
	u->trail = NULL;
	u->ntrail = 0;
}

bool
unit_active(const struct unit *u)
{
	return u->cond == COND_FORMED || u->cond == COND_MOB;
}

bool
cond_gone(enum cond c)
{
	return c == COND_CAPTURED || c == COND_DISPERSED || c == COND_AWAY;
}

bool
unit_gone(const struct unit *u)
{
	return cond_gone(u->cond);
}
