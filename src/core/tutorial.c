/*
 * tutorial.c - a scenario's lesson steps and the checks that finish them.
 * See tutorial.h.
 */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/tutorial.h"
#include "util/xalloc.h"

struct tutorial *
tutorial_create(void)
{
	return xcalloc(1, sizeof (struct tutorial));
}

void
tutorial_free(struct tutorial *t)
{
	int i;

	if (t == NULL)
		return;
	for (i = 0; i < t->nsteps; i++) {
		free(t->steps[i].title);
		free(t->steps[i].text);
		free(t->steps[i].result);
		free(t->steps[i].goal.ev_text);
	}
	free(t->steps);
	free(t);
}

struct tutorial_step *
tutorial_add_step(struct tutorial *t, const char *title, const char *text,
    const char *result)
{
	struct tutorial_step *st;

	t->steps = xreallocarray(t->steps, (size_t)t->nsteps + 1,
	    sizeof *t->steps);
	st = &t->steps[t->nsteps++];
	memset(st, 0, sizeof *st);
	st->title = xstrdup(title);
	st->text = xstrdup(text);
	st->result = xstrdup(result);
	st->goal.unit = -1;
	st->goal.ev_unit = -1;
	st->goal.formation = -1;
	return st;
}

void
tutorial_start(struct tutorial *t, const struct game *g)
{
	t->step = 0;
	t->mark = g->log.n;
	t->mark_turn = g->turn;
}

/* Case-blind substring test, as the clause tests match log text. */
static bool
text_has(const char *hay, const char *needle)
{
	size_t i, j, n = strlen(needle);

	for (i = 0; hay[i] != '\0'; i++) {
		for (j = 0; j < n && hay[i + j] != '\0'; j++)
			if (tolower((unsigned char)hay[i + j]) !=
			    tolower((unsigned char)needle[j]))
				break;
		if (j == n)
			return true;
	}
	return n == 0;
}

/* The unit holds an order of this kind, in force or riding with an aide;
 * for ORDER_NONE, it holds none and none is riding to it. */
static bool
has_order(const struct game *g, int u, enum order_kind k)
{
	int i;
	bool riding = false;

	for (i = 0; i < g->ntransit; i++) {
		if (g->transit[i].unit != u)
			continue;
		if (g->transit[i].kind == k)
			return true;
		riding = true;
	}
	if (k == ORDER_NONE)
		return !riding && g->units[u].order.kind == ORDER_NONE;
	return g->units[u].order.kind == k;
}

/* Index of the first event from since on that the goal's event part
 * matches, or -1. */
static int
event_match(const struct tutorial_goal *gl, const struct game *g, int since)
{
	const struct event *e;
	int i;

	for (i = since < 0 ? 0 : since; i < g->log.n; i++) {
		e = &g->log.v[i];
		if (gl->ev_unit >= 0 && e->unit != gl->ev_unit)
			continue;
		if (gl->ev_rule[0] != '\0' && strcmp(e->rule, gl->ev_rule) != 0)
			continue;
		if (gl->ev_text != NULL && !text_has(e->text, gl->ev_text))
			continue;
		return i;
	}
	return -1;
}

/* Whether the unit parts of the goal hold now. */
static bool
unit_met(const struct tutorial_goal *gl, const struct game *g)
{
	const struct unit *u;

	if ((gl->parts & (TGOAL_ORDER | TGOAL_AT | TGOAL_AREA |
	    TGOAL_FORMATION | TGOAL_COND)) == 0)
		return true;
	if (gl->unit < 0 || gl->unit >= g->nunits)
		return false;
	u = &g->units[gl->unit];
	if ((gl->parts & TGOAL_ORDER) && !has_order(g, gl->unit, gl->order))
		return false;
	if ((gl->parts & TGOAL_AT) && geom_dist(u->pos, gl->at) > gl->within)
		return false;
	if ((gl->parts & TGOAL_AREA) && (u->pos.x < gl->lo.x ||
	    u->pos.x > gl->hi.x || u->pos.y < gl->lo.y || u->pos.y > gl->hi.y))
		return false;
	if ((gl->parts & TGOAL_FORMATION) && u->formation != gl->formation)
		return false;
	if ((gl->parts & TGOAL_COND) && u->cond != gl->cond)
		return false;
	return true;
}

bool
tutorial_goal_met(const struct tutorial_goal *gl, const struct game *g,
    int since, int since_turn)
{
	if (gl->parts == 0)
		return false;
	if ((gl->parts & TGOAL_TURN) && g->turn <= since_turn)
		return false;
	if ((gl->parts & TGOAL_EVENT) && event_match(gl, g, since) < 0)
		return false;
	return unit_met(gl, g);
}

struct tutorial_status
tutorial_check(const struct tutorial *t, const struct game *g)
{
	struct tutorial_status st;

	st.step = t->step;
	if (t->step >= t->nsteps) {
		st.done = true;
		return st;
	}
	st.done = tutorial_goal_met(&t->steps[t->step].goal, g, t->mark,
	    t->mark_turn);
	return st;
}

int
tutorial_advance(struct tutorial *t, const struct game *g)
{
	const struct tutorial_goal *gl;
	int n = 0;

	while (t->step < t->nsteps) {
		gl = &t->steps[t->step].goal;
		if (!tutorial_goal_met(gl, g, t->mark, t->mark_turn))
			break;
		if (gl->parts & TGOAL_EVENT)
			t->mark = event_match(gl, g, t->mark) + 1;
		else
			t->mark = g->log.n;
		t->mark_turn = g->turn;
		t->step++;
		n++;
	}
	return n;
}

bool
tutorial_finished(const struct tutorial *t)
{
	return t->step >= t->nsteps;
}
