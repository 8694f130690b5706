/*
 * load-tutorial.c - a scenario's optional tutorial (core/tutorial.h): its
 * steps and the goal each must reach, checked against the units and the
 * map the scenario has already loaded.
 */
#include "config.h"

#include <stdio.h>

#include "core/tutorial.h"
#include "io/load-priv.h"
#include "util/xalloc.h"

/* A unit of either side named by key of mapping n; -1 if missing. */
static int
goal_unit(struct sload *s, const struct doc_node *n, const char *key)
{
	const struct doc_node *un = doc_get(n, key);
	const char *id;
	int u;

	if (un == NULL)
		return -1;
	if (doc_str(un, LOAD_NAME_MAX, &id, s->d) != 0)
		return -2;
	if ((u = idtab_find(&s->units, id)) < 0) {
		diags_add(s->d, un->pos, "unknown unit '%s'", id);
		return -2;
	}
	return u;
}

/* The event part of a goal: {unit, rule, contains}, each optional. */
static int
goal_event(struct sload *s, struct tutorial_goal *gl,
    const struct doc_node *n)
{
	static const char *const keys[] = { "unit", "rule", "contains",
	    NULL };
	const char *rule = NULL, *text = NULL;

	if (need_map(n, "an event goal", keys, s->d) != 0 ||
	    (gl->ev_unit = goal_unit(s, n, "unit")) < -1 ||
	    opt_str(n, "rule", EVENT_RULE_MAX - 1, &rule, s->d) != 0 ||
	    opt_str(n, "contains", LOAD_NAME_MAX, &text, s->d) != 0)
		return -1;
	if (n->n == 0) {
		diags_add(s->d, n->pos, "an event goal needs at least one of "
		    "unit, rule or contains");
		return -1;
	}
	if (rule != NULL)
		snprintf(gl->ev_rule, sizeof gl->ev_rule, "%s", rule);
	if (text != NULL)
		gl->ev_text = xstrdup(text);
	gl->parts |= TGOAL_EVENT;
	return 0;
}

/* The rectangle of in_area: [[x0, y0], [x1, y1]], corners inclusive. */
static int
goal_area(struct sload *s, struct tutorial_goal *gl,
    const struct doc_node *n)
{
	const struct map *m = s->g->map;
	int t;

	if (n->kind != DOC_SEQ || n->n != 2) {
		diags_add(s->d, n->pos, "in_area needs two points "
		    "[[x0, y0], [x1, y1]]");
		return -1;
	}
	if (doc_point(n->items[0], m->w, m->h, &gl->lo.x, &gl->lo.y,
	    s->d) != 0 || doc_point(n->items[1], m->w, m->h, &gl->hi.x,
	    &gl->hi.y, s->d) != 0)
		return -1;
	if (gl->lo.x > gl->hi.x) {
		t = gl->lo.x; gl->lo.x = gl->hi.x; gl->hi.x = t;
	}
	if (gl->lo.y > gl->hi.y) {
		t = gl->lo.y; gl->lo.y = gl->hi.y; gl->hi.y = t;
	}
	gl->parts |= TGOAL_AREA;
	return 0;
}

/* The parts that concern one unit: order, at/within, in_area,
 * formation, condition. */
static int
goal_unit_parts(struct sload *s, struct tutorial_goal *gl,
    const struct doc_node *n)
{
	static const char *const orders[] = { "none", "move", "stop",
	    "formation", "restore", NULL };
	static const char *const conds[] = { "formed", "mob", "routed",
	    "captured", NULL };
	const struct doc_node *v;
	long within = 0;
	int k;

	if ((v = doc_get(n, "order")) != NULL) {
		if (doc_enum(v, orders, &k, s->d) != 0)
			return -1;
		gl->order = (enum order_kind)order_kind_parse(orders[k]);
		gl->parts |= TGOAL_ORDER;
	}
	if (doc_get(n, "at") != NULL) {
		if (need_point(n, "at", s->g->map, &gl->at, s->d) != 0 ||
		    ((v = doc_get(n, "within")) != NULL &&
		    doc_fixed(v, s->rs->ticks, 0, 1000L * s->rs->ticks,
		    &within, s->d) != 0))
			return -1;
		gl->within = (int)within;
		gl->parts |= TGOAL_AT;
	} else if ((v = doc_get(n, "within")) != NULL) {
		diags_add(s->d, v->pos, "within needs at: the point it is "
		    "measured from");
		return -1;
	}
	if ((v = doc_get(n, "in_area")) != NULL && goal_area(s, gl, v) != 0)
		return -1;
	if ((v = doc_get(n, "formation")) != NULL) {
		if ((gl->formation = unit_formation(s,
		    &s->g->units[gl->unit], v)) < 0)
			return -1;
		gl->parts |= TGOAL_FORMATION;
	}
	if ((v = doc_get(n, "condition")) != NULL) {
		if (doc_enum(v, conds, &k, s->d) != 0)
			return -1;
		gl->cond = (enum cond)k;
		gl->parts |= TGOAL_COND;
	}
	return 0;
}

/* A step's goal: every part it names must hold at once. */
static int
tutorial_goal(struct sload *s, struct tutorial_goal *gl,
    const struct doc_node *n)
{
	static const char *const keys[] = { "unit", "order", "at", "within",
	    "in_area", "formation", "condition", "event", "turn_ended",
	    NULL };
	static const char *const unit_keys[] = { "order", "at", "within",
	    "in_area", "formation", "condition", NULL };
	const struct doc_node *v;
	bool yes;
	int i;

	if (need_map(n, "a goal", keys, s->d) != 0 ||
	    (gl->unit = goal_unit(s, n, "unit")) < -1)
		return -1;
	for (i = 0; unit_keys[i] != NULL; i++)
		if ((v = doc_get(n, unit_keys[i])) != NULL && gl->unit < 0) {
			diags_add(s->d, v->pos, "%s needs unit: the unit "
			    "the goal is about", unit_keys[i]);
			return -1;
		}
	if (gl->unit >= 0 && goal_unit_parts(s, gl, n) != 0)
		return -1;
	if ((v = doc_get(n, "event")) != NULL && goal_event(s, gl, v) != 0)
		return -1;
	if ((v = doc_get(n, "turn_ended")) != NULL) {
		if (doc_bool(v, &yes, s->d) != 0)
			return -1;
		if (!yes) {
			diags_add(s->d, v->pos, "false asks nothing: leave "
			    "turn_ended out");
			return -1;
		}
		gl->parts |= TGOAL_TURN;
	}
	if (gl->parts == 0) {
		diags_add(s->d, n->pos, "a goal needs something to check: "
		    "order, at, in_area, formation, condition, event or "
		    "turn_ended");
		return -1;
	}
	return 0;
}

static int
tutorial_step_load(struct sload *s, struct tutorial *t,
    const struct doc_node *n)
{
	static const char *const keys[] = { "title", "text", "goal",
	    "result", NULL };
	const struct doc_node *gn, *tn, *rn;
	const char *title, *text, *result;
	struct tutorial_step *st;

	if (need_map(n, "a tutorial step", keys, s->d) != 0 ||
	    need_str(n, "title", &title, s->d) != 0 ||
	    (tn = doc_need(n, "text", s->d)) == NULL ||
	    doc_str(tn, LOAD_TEXT_MAX, &text, s->d) != 0 ||
	    (gn = doc_need(n, "goal", s->d)) == NULL ||
	    (rn = doc_need(n, "result", s->d)) == NULL ||
	    doc_str(rn, LOAD_TEXT_MAX, &result, s->d) != 0)
		return -1;
	st = tutorial_add_step(t, title, text, result);
	return tutorial_goal(s, &st->goal, gn);
}

/* The optional tutorial: a sequence of steps, done in order. */
int
load_tutorial(struct sload *s, const struct doc_node *root)
{
	const struct doc_node *seq;
	struct tutorial *t;
	int i;

	if (opt_seq(root, "tutorial", &seq, s->d) != 0)
		return -1;
	if (seq == NULL)
		return 0;
	if (seq->n < 1 || seq->n > TUTORIAL_MAX_STEPS) {
		diags_add(s->d, seq->pos, "a tutorial needs 1 to %d steps",
		    TUTORIAL_MAX_STEPS);
		return -1;
	}
	/* The game owns it from the start: game_free frees it on failure. */
	t = s->g->tutorial = tutorial_create();
	for (i = 0; i < seq->n; i++)
		if (tutorial_step_load(s, t, seq->items[i]) != 0)
			return -1;
	tutorial_start(t, s->g);
	return 0;
}
