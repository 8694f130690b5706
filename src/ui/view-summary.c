/*
 * view-summary.c - the battle at a glance, as lines of text: a table with
 * a column per side (men fallen, guns lost, units in good order, routed,
 * captured, dispersed (one line while there are none), the break point
 * 3.10.1, points held) and the objectives with who holds them (3.10.2).
 * The figures come from core/summary.h; this file only lays them out.
 * The page between turns and the box at the end of the battle both draw
 * these lines.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/game.h"
#include "core/ruleset.h"
#include "core/summary.h"
#include "ui/view.h"

#define LABEL_W	20	/* the row labels' column */
#define SIDE_W	14	/* each side's column */

/* One table row: a label, then one figure per side. */
static void
row(const struct summary *s, char *buf, size_t len, const char *label,
    const char *const *cells)
{
	int i, n;

	n = snprintf(buf, len, "%-*s", LABEL_W, label);
	for (i = 0; i < s->nsides && n >= 0 && (size_t)n < len; i++)
		n += snprintf(buf + n, len - (size_t)n, "%*s", SIDE_W,
		    cells[i]);
}

/* The 3.10.1 cell: "12% of 40%", "broken 41%", or "-". */
static void
break_cell(const struct summary *s, const struct summary_side *ss,
    char *buf, size_t len)
{
	if (ss->brk_pct < 0)
		snprintf(buf, len, "-");
	else if (ss->broken)
		snprintf(buf, len, "broken %d%%", ss->brk_pct);
	else if (s->break_point > 0)
		snprintf(buf, len, "%d%% of %d%%", ss->brk_pct,
		    s->break_point);
	else
		snprintf(buf, len, "%d%%", ss->brk_pct);
}

void
summary_lines(struct ui *ui, void (*line)(void *, struct style,
    const char *), void *arg)
{
	const struct game *g = ui->game;
	struct summary s;
	char buf[256], cells[GAME_MAX_SIDES][32], label[64], cite[40];
	const char *cp[GAME_MAX_SIDES];
	const struct summary_side *ss;
	const char *who;
	int i;

	summary_make(g, &s);
	for (i = 0; i < s.nsides; i++) {
		snprintf(cells[i], sizeof cells[i], "%.*s", SIDE_W - 1,
		    g->sides[i].name);
		cp[i] = cells[i];
	}
	row(&s, buf, sizeof buf, "", cp);
	line(arg, theme_title(ui), buf);
#define FIGURES(label, fmt, ...) do {					\
	for (i = 0; i < s.nsides; i++) {				\
		ss = &s.side[i];					\
		snprintf(cells[i], sizeof cells[i], fmt, __VA_ARGS__);\
	}								\
	row(&s, buf, sizeof buf, label, cp);				\
	line(arg, style_plain, buf);					\
} while (0)
	FIGURES("Men fallen", "%ld of %ld", ss->lost_men, ss->men0);
	/* Guns only where the ruleset counts an arm in guns. */
	for (i = 0; i < ARM_COUNT && !g->rs->arm_guns[i]; i++)
		;
	if (i < ARM_COUNT)
		FIGURES("Guns lost", "%ld of %ld", ss->lost_guns, ss->guns0);
	FIGURES("Units in good order", "%d of %d", ss->formed, ss->units);
	/* Until a unit of either side has lost its formation, routed, or
	 * been captured or dispersed, one line says so instead of four rows
	 * of noughts: the page after each turn is sent whole, and on the
	 * first turns these rows are most of what changes nothing. */
	for (i = 0; i < s.nsides; i++) {
		ss = &s.side[i];
		if (ss->mob != 0 || ss->routed != 0 || ss->captured != 0 ||
		    ss->dispersed != 0)
			break;
	}
	if (i == s.nsides) {
		snprintf(buf, sizeof buf, "%s, routed, captured, dispersed: "
		    "none", ruleset_word(g->rs, RULESET_TERM_MOBS));
		line(arg, style_plain, buf);
	} else {
		FIGURES(ruleset_word(g->rs, RULESET_TERM_MOBS), "%d",
		    ss->mob);
		FIGURES("Routed", "%d", ss->routed);
		FIGURES("Captured", "%d", ss->captured);
		/* Under the ruleset's heading: every unit gone from the
		 * field, routers that a ruleset lets run off its edge too
		 * (found in play: "Dispersed 2" where riflemen had fled
		 * off the map and none had dispersed). */
		FIGURES(ruleset_word(g->rs, RULESET_TERM_DISPERSED), "%d",
		    ss->dispersed);
	}
#undef FIGURES
	for (i = 0; i < s.nsides; i++)
		break_cell(&s, &s.side[i], cells[i], sizeof cells[i]);
	snprintf(label, sizeof label, "Lost%s", ruleset_cite_fmt(g->rs,
	    RULESET_TOPIC_BREAK, " (%s)", 0, cite, sizeof cite));
	row(&s, buf, sizeof buf, label, cp);
	line(arg, style_plain, buf);
	for (i = 0; i < s.nsides; i++)
		snprintf(cells[i], sizeof cells[i], "%d", s.side[i].points);
	ruleset_cite_fmt(g->rs, RULESET_TOPIC_OBJECTIVES, " (%s)", 0, cite,
	    sizeof cite);
	snprintf(label, sizeof label, "Points%s", cite);
	row(&s, buf, sizeof buf, s.over ? label : "Points held now", cp);
	line(arg, style_plain, buf);
	if (s.nobj > 0) {
		snprintf(label, sizeof label, "Objectives%s", cite);
		line(arg, theme_title(ui), label);
	}
	for (i = 0; i < s.nobj; i++) {
		who = s.obj[i].holder >= 0 && s.obj[i].holder < s.nsides ?
		    g->sides[s.obj[i].holder].name : s.obj[i].holder == -2 ?
		    "contested" : s.obj[i].holder == -1 ? "nobody" : "?";
		snprintf(buf, sizeof buf, "  %s, %d point%s: %s",
		    g->objectives[i].name, s.obj[i].points,
		    s.obj[i].points == 1 ? "" : "s", who);
		line(arg, s.obj[i].holder >= 0 ? theme_side(ui,
		    s.obj[i].holder) : style_plain, buf);
	}
	summary_free(&s);
}
