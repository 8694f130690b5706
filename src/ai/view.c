/*
 * view.c - what a side's commander may know (struct ai_view) and the
 * names of the levels; the planner reads nothing else.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "ai/doctrine.h"
#include "core/command.h"
#include "core/game.h"
#include "util/xalloc.h"

static const char *const level_names[AI_LEVEL_COUNT] = {
	"passive", "naive", "easy", "normal", "hard"
};

const char *
ai_level_name(enum ai_level l)
{
	return (unsigned)l < AI_LEVEL_COUNT ? level_names[l] : "?";
}

int
ai_level_parse(const char *s)
{
	int i;

	for (i = 0; i < AI_LEVEL_COUNT; i++)
		if (strcmp(s, level_names[i]) == 0)
			return i;
	return -1;
}

/* --- the side view ------------------------------------------------------- */

/* What the ruleset's doctrine makes of the unit's quality. */
static int
quality(const struct ruleset *rs, const struct unit *u)
{
	const struct ai_doctrine *d = rs->ops->doctrine;

	if (d == NULL)
		return 0;
	return d->quality != NULL ? d->quality(rs, u) : d->quality_unknown;
}

void
ai_view_fill(const struct game *g, int side, struct ai_view *v)
{
	const struct unit *u;
	const struct order *t;
	struct ai_own *o;
	struct ai_enemy *e;
	int i, j;

	memset(v, 0, sizeof *v);
	v->rs = g->rs;
	v->map = g->map;
	v->cells = g->cells;
	v->side = side;
	v->turn = g->turn;
	v->turn_limit = g->opt.turn_limit;
	v->seed = g->seed;
	v->break_point = g->break_point;
	for (i = 0; i < g->nsides && i < GAME_MAX_SIDES; i++)
		v->broken[i] = g->sides[i].broken;
	v->rear = g->sides[side].rear;
	v->enemy_rear = g->sides[g->nsides > 1 ? 1 - side : side].rear;

	v->own = xcalloc((size_t)g->nunits + 1, sizeof *v->own);
	v->enemy = xcalloc((size_t)g->nunits + 1, sizeof *v->enemy);
	for (i = 0; i < g->nunits; i++) {
		u = &g->units[i];
		if (u->side == side) {
			o = &v->own[v->nown++];
			o->unit = i;
			o->general = u->general;
			o->arm = u->arm;
			o->klass = u->klass;
			o->quality = quality(g->rs, u);
			o->strength = u->strength;
			o->strength0 = u->strength0;
			o->formation = u->formation;
			o->cond = u->cond;
			o->pos = u->pos;
			o->facing = u->facing;
			o->order = u->order;
			o->halt = u->halt;
			o->halt_turn = u->halt_turn;
			o->moved = u->moved;
			continue;
		}
		/* An enemy: only what can be seen from across the field. */
		if (unit_gone(u))
			continue;
		e = &v->enemy[v->nenemy++];
		e->unit = i;
		e->arm = u->arm;
		e->klass = u->klass;
		e->formation = u->formation;
		e->cond = u->cond;
		e->pos = u->pos;
		e->facing = u->facing;
		e->strength = u->strength;
		e->moved = u->moved;
	}
	/* Our own aides: the latest order riding to each of our units. */
	for (j = 0; j < g->ntransit; j++) {
		t = &g->transit[j];
		if (t->unit < 0 || t->unit >= g->nunits ||
		    g->units[t->unit].side != side)
			continue;
		for (i = 0; i < v->nown; i++)
			if (v->own[i].unit == t->unit) {
				v->own[i].riding = true;
				v->own[i].next = *t;
				break;
			}
	}

	v->gen = xcalloc((size_t)g->ngenerals + 1, sizeof *v->gen);
	for (i = 0; i < g->ngenerals; i++) {
		if (g->generals[i].side != side)
			continue;
		v->gen[v->ngen].index = i;
		v->gen[v->ngen].parent = g->generals[i].parent;
		v->gen[v->ngen].pos = g->generals[i].pos;
		v->gen[v->ngen].radius = command_radius(g, i);
		v->ngen++;
	}
	v->obj = xcalloc((size_t)g->nobjectives + 1, sizeof *v->obj);
	for (i = 0; i < g->nobjectives; i++) {
		v->obj[i].at = g->objectives[i].at;
		v->obj[i].points = g->objectives[i].points;
	}
	v->nobj = g->nobjectives;
}

void
ai_view_free(struct ai_view *v)
{
	free(v->own);
	free(v->enemy);
	free(v->gen);
	free(v->obj);
	memset(v, 0, sizeof *v);
}

void
ai_plan_free(struct ai_plan *p)
{
	free(p->v);
	memset(p, 0, sizeof *p);
}
