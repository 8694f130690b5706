/*
 * describe.c - the horse-and-musket movement tables as lines of text for
 * the rules reference, every number read from the loaded data.
 */
#include "config.h"

#include <stdio.h>

#include "rules/horse-and-musket/hm.h"
#include "rules/horse-and-musket/move.h"
#include "rules/horse-and-musket/turn.h"

static const char *const mover_names[HM_MOVER_COUNT] = {
	"close-order foot", "open-order foot", "mounted", "wheeled"
};

/* A share as text: "2/3", "1", "none". */
static const char *
share_text(struct hm_share s, char *buf, size_t len)
{
	if (s.den == 0)
		snprintf(buf, len, "none");
	else if (s.den == 1)
		snprintf(buf, len, "%d", s.num);
	else
		snprintf(buf, len, "%d/%d", s.num, s.den);
	return buf;
}

/* One row of shares by mover: "rough: 2/3, 1, 2/3, 1/3". */
static void
share_line(const char *what, const struct hm_share *row,
    void (*line)(void *, int, const char *), void *arg)
{
	char t[160], a[4][12];
	int k;

	for (k = 0; k < HM_MOVER_COUNT; k++)
		share_text(row[k], a[k], sizeof a[k]);
	snprintf(t, sizeof t, "%s: %s, %s, %s, %s", what, a[0], a[1], a[2],
	    a[3]);
	line(arg, 2, t);
}

/* The movement tables (H1-H4, H7, H9, H12), for the rules reference. */
void
hm_describe(const struct ruleset *rs,
    void (*line)(void *arg, int indent, const char *), void *arg)
{
	const struct hm_move *m = hm_move(rs);
	char t[200], a[32], b[32];
	int k, f, n, l, o;

	line(arg, 0, "Movement (H1, H2): maximum move by class and formation");
	for (k = 0; k < rs->nklass && k < HM_MAX_CLASS; k++) {
		n = snprintf(t, sizeof t, "%s %s:", arm_name(rs->klass[k].arm),
		    rs->klass[k].label);
		for (f = 0; f < rs->nform; f++) {
			if (m->speed[k][f] < 0 || n >= (int)sizeof t)
				continue;
			ruleset_fmt(rs, m->speed[k][f], a, sizeof a);
			n += snprintf(t + n, sizeof t - (size_t)n, " %s %s",
			    rs->form[f].label, a);
		}
		if (m->rout[k] >= 0 && n < (int)sizeof t) {
			ruleset_fmt(rs, m->rout[k], a, sizeof a);
			snprintf(t + n, sizeof t - (size_t)n, ", Rout %s%s", a,
			    m->immobile_routed[k] ? " (routed: immobile, "
			    "H11)" : "");
		}
		line(arg, 2, t);
	}
	line(arg, 0, "");
	snprintf(t, sizeof t, "Ground (H3): share of speed kept, for %s, %s, "
	    "%s, %s", mover_names[0], mover_names[1], mover_names[2],
	    mover_names[3]);
	line(arg, 0, t);
	for (l = 0; l < rs->nland; l++)
		share_line(rs->land[l].label, m->terrain[l], line, arg);
	line(arg, 0, "");
	line(arg, 0, "Obstacles (H4): share of the whole move a crossing "
	    "costs, in the same order");
	for (o = 1; o < rs->nobst; o++)
		share_line(rs->obst[o].label, m->cross[o], line, arg);
	if (m->buildings >= 0) {
		share_line("entering buildings", m->enter_b, line, arg);
		share_line("leaving buildings", m->leave_b, line, arg);
	}
	line(arg, 0, "");
	ruleset_fmt(rs, m->retire[ARM_INFANTRY], a, sizeof a);
	ruleset_fmt(rs, m->retire[ARM_CAVALRY], b, sizeof b);
	snprintf(t, sizeof t, "Retiring keeping facing (H7): foot -%s, horse "
	    "-%s from the maximum", a, b);
	line(arg, 0, t);
	ruleset_fmt(rs, m->wheel_diameter, a, sizeof a);
	snprintf(t, sizeof t, "Turning (H8, H9): %d x 45 degrees free a move; "
	    "each further 45 a wheel on a %s circle", m->free_turn_steps, a);
	line(arg, 0, t);
	ruleset_fmt(rs, m->pass[ARM_INFANTRY], a, sizeof a);
	ruleset_fmt(rs, m->pass[ARM_CAVALRY], b, sizeof b);
	snprintf(t, sizeof t, "Passing through a friend (H12): foot %s, horse "
	    "%s; guns and wagons never", a, b);
	line(arg, 0, t);
	/* Then the rest of the turn (describe-turn.c). */
	line(arg, 0, "");
	hm_turn_describe(rs, line, arg);
}
