/*
 * view-pager.c - full-screen pages of text: help (the keys of the mode it
 * was opened from, read from the same binding table the dispatcher uses,
 * and the map legend), "why" (a unit's explanations, rule by rule), the
 * rules reference (generated from the ruleset's tables, so it can never
 * disagree with the numbers the game uses) and the whole log.
 *
 * A page is rebuilt on every draw and wrapped to the screen's width.
 * Every page can be searched (/ a text, Enter; n again); the log can be
 * cut to the selected unit's events (u) or to one turn's (t).
 */
#include "config.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/know.h"
#include "core/tutorial.h"
#include "core/ruleset.h"
#include "ui/keymap.h"
#include "ui/view.h"
#include "util/xalloc.h"

struct pline {
	char		*text;
	struct style	 st;
	int		 indent;
};

struct page {
	struct pline	*v;
	int		 n;
	int		 cap;
	char		 title[128];
};

static void add(struct page *, struct style, int indent, const char *fmt,
    ...) __attribute__((format(printf, 4, 5)));

static void
add(struct page *p, struct style st, int indent, const char *fmt, ...)
{
	va_list ap;
	char buf[1024];

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (p->n == p->cap) {
		p->cap = p->cap ? p->cap * 2 : 64;
		p->v = xreallocarray(p->v, (size_t)p->cap, sizeof *p->v);
	}
	p->v[p->n].text = xstrdup(buf);
	p->v[p->n].st = st;
	p->v[p->n].indent = indent;
	p->n++;
}

static void
page_free(struct page *p)
{
	int i;

	for (i = 0; i < p->n; i++)
		free(p->v[i].text);
	free(p->v);
}

static void
help_page(struct ui *ui, struct page *p)
{
	const struct binding *b;
	struct style h = theme_title(ui);
	struct legend_entry e[LEGEND_MAX];
	char text[256];
	int i, n, pad;

	snprintf(p->title, sizeof p->title, "Help: keys in %s mode",
	    keys_mode_name(ui->pager_back));
	for (b = keymap_mode(ui->keymap, ui->pager_back);
	    b->action != ACT_NONE; b++) {
		/* No radius in this battle: d would show nothing. */
		if (b->action == ACT_RADIUS &&
		    !general_has_radius(ui->game))
			continue;
		add(p, style_plain, 0, "%-16s %s", b->label, ruleset_expand(
		    ui->game->rs, b->help, text, sizeof text));
	}
	for (b = keymap_mode(ui->keymap, -1); b->action != ACT_NONE; b++)
		add(p, style_plain, 0, "%-16s %s", b->label, ruleset_expand(
		    ui->game->rs, b->help, text, sizeof text));
	if (ui->pager_back != MODE_MAP && ui->pager_back != MODE_MOVE &&
	    ui->pager_back != MODE_REPLAY)
		return;
	add(p, style_plain, 0, "%s", "");
	add(p, h, 0, "The map");
	n = theme_legend(ui, e);
	for (i = 0; i < n; i++) {
		/* Pad by display cells: a UTF-8 glyph is one cell. */
		pad = 8 - canvas_text_width(e[i].glyphs);
		add(p, e[i].st, 2, "%s%*s%s", e[i].glyphs, pad > 1 ? pad : 1,
		    "", e[i].meaning);
	}
}

/* What the mark after a rule number means, when the ruleset tells. */
static void
own_rule_note(struct ui *ui, struct page *p)
{
	if (ui->game->rs->quoted == NULL)
		return;
	add(p, theme_dim(ui), 0, "A rule number marked %s is marshal's own: "
	    "the rulebook the ruleset follows has no such rule.",
	    RULESET_OWN_MARK);
}

/* Events of one unit in one turn, most recent turn first: those logged
 * under it and those done to it by another (a charge, fire, a melee). */
static void
why_page(struct ui *ui, struct page *p)
{
	const struct game *g = ui->game;
	const struct unit *u = &g->units[ui->sel];
	const struct event *e;
	struct event pe;
	char pb[1024];
	int t, i, any = 0, seen;

	snprintf(p->title, sizeof p->title, "Why: %s", u->name);
	own_rule_note(ui, p);
	for (t = g->turn; t >= 1; t--) {
		seen = 0;
		for (i = 0; i < g->log.n; i++) {
			e = &g->log.v[i];
			if (e->turn != t || (e->unit != ui->sel &&
			    e->other != ui->sel) || (e = know_view(g, e,
			    ui_viewer(ui), &pe, pb, sizeof pb)) == NULL)
				continue;
			if (!seen)
				add(p, theme_title(ui), 0, "Turn %d", t);
			seen = any = 1;
			if (e->rule[0] != '\0')
				add(p, style_plain, 2, "%s%s  %s", e->rule,
				    ruleset_rule_mark(g->rs, e->rule),
				    e->text);
			else
				add(p, theme_dim(ui), 2, "%s", e->text);
		}
	}
	if (!any)
		add(p, style_plain, 0, "Nothing has happened to %s yet. "
		    "Give it an order and end the turn.", u->name);
}

static void
forbid_text(const struct ruleset *rs, uint32_t mask, char *buf, size_t len)
{
	size_t used = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < rs->nform && used + 1 < len; i++)
		if (mask & (1u << i))
			used += (size_t)snprintf(buf + used, len - used, "%s%s",
			    used > 0 ? ", " : "", rs->form[i].label);
	if (used == 0)
		snprintf(buf, len, "-");
}

/* The ruleset's own lines go into the page: headings in the title style. */
struct describe_arg {
	struct page	*p;
	struct style	 heading;
};

static void
describe_line(void *arg, int indent, const char *text)
{
	struct describe_arg *da = arg;

	add(da->p, indent == 0 ? da->heading : style_plain, indent, "%s",
	    text);
}

static void
rules_page(struct ui *ui, struct page *p)
{
	struct game *g = ui->game;
	const struct ruleset *rs = g->rs;
	struct style h = theme_title(ui);
	const char *pe = ruleset_word(rs, RULESET_TERM_PE);
	const char *pr = ruleset_word(rs, RULESET_TERM_PR);
	char a[32], b[32], f[512], one[2], cite[40];
	int i, k, allow;
	bool costs;

	snprintf(p->title, sizeof p->title, "Rules: %s", rs->title != NULL ?
	    rs->title : rs->name);
	if (rs->ngloss > 0) {
		add(p, h, 0, "Words the rules use");
		for (i = 0; i < rs->ngloss; i++)
			add(p, style_plain, 2, "%s: %s", rs->gloss[2 * i],
			    rs->gloss[2 * i + 1]);
		add(p, style_plain, 0, "%s", "");
	}
	own_rule_note(ui, p);
	ruleset_fmt(rs, STEP_ORTHO, a, sizeof a);
	ruleset_fmt(rs, STEP_DIAG, b, sizeof b);
	add(p, style_plain, 0, "Distances in %s: a step to the next cell "
	    "is %s, a diagonal step %s.", rs->unit, a, b);
	add(p, style_plain, 0, "%s", "");
	add(p, h, 0, "The turn");
	for (i = 0; i < rs->nphases; i++)
		add(p, style_plain, 2, "%d. %s", i + 1, rs->phases[i]);
	add(p, style_plain, 0, "%s", "");
	add(p, h, 0, "Formations (frontage x depth in cells, by arm)");
	for (i = 0; i < rs->nform; i++) {
		size_t used = 0;

		f[0] = '\0';
		for (k = 0; k < ARM_COUNT; k++)
			if (rs->form[i].arms & (1u << k))
				used += (size_t)snprintf(f + used,
				    sizeof f - used, "%s%s %dx%d",
				    used > 0 ? ", " : "",
				    ruleset_arm_label(rs, (enum arm)k),
				    rs->form[i].frontage[k], rs->form[i].depth[k]);
		add(p, style_plain, 2, "%-18s %s%s%s%s", rs->form[i].label, f,
		    rs->form[i].flags & FORMF_FREE_TURN ? "; turns free" : "",
		    rs->form[i].flags & FORMF_IMMOBILE ? "; cannot move" : "",
		    rs->form[i].flags & FORMF_ROAD ? "; road column" : "");
	}
	/* The module's internal state (a bitmask of the turn's marks) is
	 * not for players: it is neither listed nor counted. */
	for (i = 0, k = 0; i < rs->nattr; i++)
		k += !rs->attr[i].internal;
	if (k > 0) {
		add(p, style_plain, 0, "%s", "");
		add(p, h, 0, "What each unit carries");
	}
	for (i = 0; i < rs->nattr; i++) {
		const struct attr_def *at = &rs->attr[i];

		if (at->internal)
			continue;
		if (at->flag)
			add(p, style_plain, 2, "%-18s yes or no, default %s%s",
			    at->label, at->def ? "yes" : "no", at->state ?
			    "; changes in play" : "");
		else if (at->required)
			add(p, style_plain, 2, "%-18s %d to %d, given for "
			    "every unit", at->label, at->min, at->max);
		else
			add(p, style_plain, 2, "%-18s %d to %d, default %d%s",
			    at->label, at->min, at->max, at->def, at->state ?
			    "; changes in play" : "");
	}
	add(p, style_plain, 0, "%s", "");
	/* What the two columns mean, in the ruleset's words if it has any. */
	if (ruleset_term(rs, RULESET_TERM_PE) != NULL &&
	    ruleset_term(rs, RULESET_TERM_PR) != NULL)
		snprintf(f, sizeof f, ": %s slows, %s + %s to enter", pe, pr,
		    pe);
	else
		f[0] = '\0';
	add(p, h, 0, "Landscape%s%s", ruleset_cite_fmt(rs,
	    RULESET_TOPIC_LANDSCAPE, " (%s)", 0, cite, sizeof cite), f);
	/* A ruleset that does not count ground as Pe and Pr (no such
	 * terms: horse and musket takes a share of speed, H3) has its
	 * ground listed by name, its own table below: columns of zeros
	 * "closed to" nobody would say dense woods cost horse nothing. */
	costs = ruleset_term(rs, RULESET_TERM_PE) != NULL ||
	    ruleset_term(rs, RULESET_TERM_PR) != NULL;
	for (i = 0; i < rs->nland; i++) {
		ruleset_fmt(rs, rs->land[i].pe, a, sizeof a);
		ruleset_fmt(rs, rs->land[i].pr, b, sizeof b);
		forbid_text(rs, rs->land[i].forbid, f, sizeof f);
		if (costs)
			add(p, style_plain, 2, "%s %-14s %s %-7s %s %-7s "
			    "closed to: %s", theme_land(ui, i, one),
			    rs->land[i].label, pe, a, pr, b, f);
		else
			add(p, style_plain, 2, "%s %s%s%s",
			    theme_land(ui, i, one), rs->land[i].label,
			    rs->land[i].forbid ? "; closed to: " : "",
			    rs->land[i].forbid ? f : "");
	}
	add(p, style_plain, 0, "%s", "");
	add(p, h, 0, "Obstacles on cell edges%s", ruleset_cite_fmt(rs,
	    RULESET_TOPIC_OBSTACLES, " (%s)", 0, cite, sizeof cite));
	for (i = 1; i < rs->nobst; i++) {
		ruleset_fmt(rs, rs->obst[i].pe, a, sizeof a);
		ruleset_fmt(rs, rs->obst[i].pr, b, sizeof b);
		forbid_text(rs, rs->obst[i].forbid, f, sizeof f);
		if (costs)
			add(p, style_plain, 2, "%-16s %s %-7s %s %-7s closed "
			    "to: %s%s", rs->obst[i].label, pe, a, pr, b, f,
			    rs->obst[i].may_end_on ? "; a unit may end its "
			    "move on it" : "");
		else
			add(p, style_plain, 2, "%s%s%s%s", rs->obst[i].label,
			    rs->obst[i].forbid ? "; closed to: " : "",
			    rs->obst[i].forbid ? f : "",
			    rs->obst[i].may_end_on ? "; a unit may end its "
			    "move on it" : "");
	}
	if (rs->ops != NULL && rs->ops->describe != NULL) {
		struct describe_arg da = { p, h };

		add(p, style_plain, 0, "%s", "");
		rs->ops->describe(rs, describe_line, &da);
	}
	if (rs->source != NULL) {
		add(p, style_plain, 0, "%s", "");
		add(p, h, 0, "Where the rules come from");
		add(p, style_plain, 2, "%s", rs->source);
	}
	if (rs->ops == NULL || rs->ops->allowance == NULL)
		return;
	add(p, style_plain, 0, "%s", "");
	add(p, h, 0, "Speeds this turn%s, as the ruleset computes them",
	    ruleset_cite_fmt(rs, RULESET_TOPIC_SPEEDS, " (%s)", 0, cite,
	    sizeof cite));
	for (i = 0; i < g->nunits; i++) {
		if (!unit_active(&g->units[i]))
			continue;
		allow = rs->ops->allowance(g, i, false);
		ruleset_fmt(rs, allow, a, sizeof a);
		add(p, theme_side(ui, g->units[i].side), 2, "%-18s %-7s %s",
		    g->units[i].formation < rs->nform ?
		    rs->form[g->units[i].formation].label : "?", a,
		    g->units[i].name);
	}
}

static void
log_page(struct ui *ui, struct page *p)
{
	const struct game *g = ui->game;
	const struct event *e;
	struct event pe;
	char pb[1024];
	int i, turn = 0;

	if (ui->pager_unit >= 0 && ui->pager_unit < g->nunits &&
	    ui->pager_turn > 0)
		snprintf(p->title, sizeof p->title, "Log: %s in turn %d "
		    "(u, t: all)", g->units[ui->pager_unit].name,
		    ui->pager_turn);
	else if (ui->pager_unit >= 0 && ui->pager_unit < g->nunits)
		snprintf(p->title, sizeof p->title, "Log: %s (u: all)",
		    g->units[ui->pager_unit].name);
	else if (ui->pager_turn > 0)
		snprintf(p->title, sizeof p->title, "Log: turn %d (t: the "
		    "turn before)", ui->pager_turn);
	else
		snprintf(p->title, sizeof p->title, "Log: every event");
	own_rule_note(ui, p);
	for (i = 0; i < g->log.n; i++) {
		e = &g->log.v[i];
		if ((e = know_view(g, e, ui_viewer(ui), &pe, pb,
		    sizeof pb)) == NULL)
			continue;
		if (ui->pager_turn > 0 && e->turn != ui->pager_turn)
			continue;
		/* A unit's events: its own and those done to it (why). */
		if (ui->pager_unit >= 0 && e->unit != ui->pager_unit &&
		    e->other != ui->pager_unit)
			continue;
		if (e->turn != turn) {
			turn = e->turn;
			add(p, theme_title(ui), 0, "Turn %d", turn);
		}
		if (e->kind == EV_PHASE) {
			add(p, theme_dim(ui), 2, "%s", e->text);
			continue;
		}
		add(p, style_plain, 2, "%s%s%s%s%s%s",
		    e->unit >= 0 && e->unit < g->nunits ?
		    g->units[e->unit].id : "", e->unit >= 0 ? " " : "",
		    e->rule, ruleset_rule_mark(g->rs, e->rule),
		    e->rule[0] != '\0' ? " " : "", e->text);
	}
	if (g->log.n == 0)
		add(p, style_plain, 0, "The log is empty.");
}

/* A text of paragraphs separated by blank lines; lines inside join.  With
 * gap, a blank line follows each paragraph. */
static void
add_text(struct page *p, struct style st, int indent, const char *s,
    bool gap)
{
	const char *end;
	char para[1024];
	size_t n;
	int k;

	while (s != NULL && *s != '\0') {
		end = strstr(s, "\n\n");
		n = end != NULL ? (size_t)(end - s) : strlen(s);
		if (n >= sizeof para)
			n = sizeof para - 1;
		memcpy(para, s, n);
		para[n] = '\0';
		for (k = 0; para[k] != '\0'; k++)
			if (para[k] == '\n')
				para[k] = ' ';
		while (k > 0 && para[k - 1] == ' ')
			para[--k] = '\0';
		if (para[0] != '\0')
			add(p, st, indent, "%s", para);
		if (gap)
			add(p, st, indent, "%s", "");
		s = end != NULL ? end + 2 : s + n;
	}
}

/* The tutorial's current step, or that it is complete. */
static void
tutorial_next(struct ui *ui, struct page *p)
{
	const struct tutorial *t = ui->game->tutorial;

	if (tutorial_finished(t)) {
		int next = pick_next_lesson(ui);

		add(p, theme_title(ui), 0, "The tutorial is complete: every "
		    "step is done.");
		if (next >= 0)
			add(p, style_plain, 2, "Next lesson: %s.  Press N: it "
			    "is highlighted on the list.",
			    ui->choices[next].title);
		else
			add(p, style_plain, 2, "That was the last lesson.  "
			    "Press N for the list of battles.");
		return;
	}
	add(p, theme_title(ui), 0, "Step %d of %d: %s", t->step + 1,
	    t->nsteps, t->steps[t->step].title);
	add_text(p, style_plain, 2, t->steps[t->step].text, false);
}

/* Tutorial steps just done, with why, then the next step. */
static void
tutorial_page(struct ui *ui, struct page *p)
{
	const struct tutorial *t = ui->game->tutorial;
	char brief[16];
	int i;

	snprintf(p->title, sizeof p->title, "Tutorial");
	if (t == NULL)
		return;
	for (i = ui->tut_from; i < ui->tut_to && i < t->nsteps; i++) {
		add(p, theme_title(ui), 0, "Step %d of %d done: %s", i + 1,
		    t->nsteps, t->steps[i].title);
		add_text(p, style_plain, 2, t->steps[i].result, false);
		add(p, style_plain, 0, "%s", "");
	}
	tutorial_next(ui, p);
	add(p, style_plain, 0, "%s", "");
	add(p, theme_dim(ui), 0, "Enter or Esc closes this page; %s shows "
	    "the briefing and the current step again.", keymap_key_name(
	    keymap_first(ui->keymap, MODE_MAP, ACT_BRIEF), brief,
	    sizeof brief));
}

/* The scenario: its description, the sides, the objectives. */
static void
brief_page(struct ui *ui, struct page *p)
{
	const struct game *g = ui->game;
	char brief[16], help[16], cite[40];
	int i, k, count;

	snprintf(p->title, sizeof p->title, "%s", g->title != NULL ?
	    g->title : "Briefing");
	/* Paragraphs are separated by blank lines; lines inside join. */
	add_text(p, style_plain, 0, g->description, true);
	add(p, theme_title(ui), 0, "The sides");
	for (i = 0; i < g->nsides; i++) {
		for (count = k = 0; k < g->nunits; k++)
			if (g->units[k].side == i)
				count++;
		add(p, theme_side(ui, i), 2, "%s: %d unit%s under %s (%s)",
		    g->sides[i].name, count, count == 1 ? "" : "s",
		    g->sides[i].commander >= 0 ?
		    g->generals[g->sides[i].commander].name : "no general",
		    ui->ctl[i].name);
	}
	if (g->opt.turn_limit > 0)
		add(p, style_plain, 0, "The battle lasts %d turns.",
		    g->opt.turn_limit);
	if (g->nobjectives > 0) {
		add(p, style_plain, 0, "%s", "");
		add(p, theme_title(ui), 0, "Objectives (%s on the map)",
		    ui->utf8 ? "◎" : "&");
		for (i = 0; i < g->nobjectives; i++)
			add(p, style_plain, 2, "%s at [%d, %d]: %d point%s",
			    g->objectives[i].name, g->objectives[i].at.x,
			    g->objectives[i].at.y, g->objectives[i].points,
			    g->objectives[i].points == 1 ? "" : "s");
	}
	ruleset_cite_fmt(g->rs, RULESET_TOPIC_BREAK, " (%s)",
	    RULESET_CITE_MARK, cite, sizeof cite);
	if (g->break_point > 0 && g->rs->break_ends)
		add(p, style_plain, 0, "A side that loses %d%% of its strength "
		    "breaks, and loses the battle there and then%s.",
		    g->break_point, cite);
	else if (g->break_point > 0)
		add(p, style_plain, 0, "A side that loses %d%% of its strength "
		    "breaks%s.", g->break_point, cite);
	if (g->tutorial != NULL) {
		add(p, style_plain, 0, "%s", "");
		tutorial_next(ui, p);
	}
	add(p, style_plain, 0, "%s", "");
	add(p, theme_dim(ui), 0, "Enter or Esc closes this page; %s opens it "
	    "again.  %s lists the keys.", keymap_key_name(keymap_first(
	    ui->keymap, MODE_MAP, ACT_BRIEF), brief, sizeof brief),
	    keymap_key_name(keymap_first(ui->keymap, MODE_MAP, ACT_HELP),
	    help, sizeof help));
}

static void
summary_line(void *arg, struct style st, const char *text)
{
	add(arg, st, 0, "%s", text);
}

/* The battle at a glance after a turn (view-summary.c). */
static void
summary_page(struct ui *ui, struct page *p)
{
	const struct game *g = ui->game;
	char key[16];

	if (game_over(g))
		snprintf(p->title, sizeof p->title, "The battle after its "
		    "last turn, %d", g->result.turn);
	else if (g->turn <= 1 && g->opt.turn_limit > 0)
		/* Opened before any turn is played: there is no turn 0. */
		snprintf(p->title, sizeof p->title, "The battle before turn "
		    "1 of %d", g->opt.turn_limit);
	else if (g->turn <= 1)
		snprintf(p->title, sizeof p->title, "The battle before turn "
		    "1");
	else if (g->opt.turn_limit > 0)
		snprintf(p->title, sizeof p->title, "The battle after turn "
		    "%d of %d", g->turn - 1, g->opt.turn_limit);
	else
		snprintf(p->title, sizeof p->title, "The battle after turn %d",
		    g->turn - 1);
	summary_lines(ui, summary_line, p);
	/* How to close it is on the bottom line; how to see it again only
	 * here.  Short: the page is sent after every turn. */
	add(p, style_plain, 0, "%s", "");
	add(p, theme_dim(ui), 0, "%s shows this page again.", keymap_key_of(
	    ui->keymap, MODE_MAP, ACT_SUMMARY, key, sizeof key));
}

/* The Move preview in full, as the panel begins it: an 80x24 panel cuts
 * the ruleset's notes short. */
static void
preview_page(struct ui *ui, struct page *p)
{
	snprintf(p->title, sizeof p->title, "Move preview: %s",
	    ui->sel >= 0 ? ui->game->units[ui->sel].name : "no unit");
	panel_route_lines(ui, summary_line, p);
}

/* The builder of each kind of page. */
static void (*const page_builders[])(struct ui *, struct page *) = {
	[PAGER_HELP] = help_page,
	[PAGER_WHY] = why_page,
	[PAGER_RULES] = rules_page,
	[PAGER_LOG] = log_page,
	[PAGER_BRIEF] = brief_page,
	[PAGER_TUTORIAL] = tutorial_page,
	[PAGER_SUMMARY] = summary_page,
	[PAGER_PREVIEW] = preview_page,
};

static void
page_build(struct ui *ui, struct page *p)
{
	memset(p, 0, sizeof *p);
	if ((size_t)ui->pager < sizeof page_builders / sizeof page_builders[0]
	    && page_builders[ui->pager] != NULL)
		page_builders[ui->pager](ui, p);
}

void
pager_open(struct ui *ui, enum pager_kind k)
{
	if (ui->mode != MODE_PAGER)
		ui->pager_back = ui->mode;
	ui->pager = k;
	ui->pager_top = 0;
	ui->pager_lines = 0;
	ui->mode = MODE_PAGER;
	ui->pager_typing = false;
	ui->pager_find_line = -1;
	ui->pager_note[0] = '\0';
	ui->pager_unit = -1;
	ui->pager_turn = 0;
	if (k == PAGER_LOG)
		ui->pager_top = 1 << 20;	/* the end: clamped on draw */
}

/* Whether hay holds needle, letters of either case alike. */
static bool
has_text(const char *hay, const char *needle)
{
	size_t n = strlen(needle), i;

	if (n == 0)
		return false;
	for (; *hay != '\0'; hay++) {
		for (i = 0; i < n && hay[i] != '\0' &&
		    tolower((unsigned char)hay[i]) ==
		    tolower((unsigned char)needle[i]); i++)
			;
		if (i == n)
			return true;
	}
	return false;
}

/*
 * Search forward from the line after the top one (from the top when
 * first) for the text typed; the page scrolls to put the match at the
 * top, and wraps round to the start once.
 */
static void
pager_find(struct ui *ui, bool again)
{
	struct page p;
	int i, line = 0, n, w, from, found = -1, first = -1;

	page_build(ui, &p);
	from = again ? ui->pager_top + 1 : ui->pager_top;
	for (i = 0; i < p.n; i++) {
		w = (ui->pager_cols > 0 ? ui->pager_cols : 80) - 1 -
		    p.v[i].indent;
		n = p.v[i].text[0] == '\0' ? 1 :
		    canvas_wrap(NULL, 0, 0, w, -1, p.v[i].text, style_plain);
		if (has_text(p.v[i].text, ui->pager_find)) {
			if (first < 0)
				first = line;
			if (found < 0 && line + n - 1 >= from)
				found = line >= from ? line : from;
		}
		line += n;
	}
	page_free(&p);
	if (found < 0 && first >= 0) {
		found = first;
		snprintf(ui->pager_note, sizeof ui->pager_note, "/%s: from the "
		    "top again", ui->pager_find);
	} else if (found >= 0)
		snprintf(ui->pager_note, sizeof ui->pager_note, "/%s (n: "
		    "next)", ui->pager_find);
	else
		snprintf(ui->pager_note, sizeof ui->pager_note, "/%s: not "
		    "found", ui->pager_find);
	ui->pager_find_line = found;
	if (found >= 0)
		ui->pager_top = found;
}

/* A key while the search line is open: the text, Enter, Backspace, Esc. */
static void
pager_type(struct ui *ui, enum ui_action a, int key)
{
	if (key == UIK_ENTER) {
		ui->pager_typing = false;
		if (ui->pager_find_len > 0)
			pager_find(ui, false);
		else
			ui->pager_note[0] = '\0';
		return;
	}
	if (key == UIK_ESC) {
		ui->pager_typing = false;
		ui->pager_note[0] = '\0';
		return;
	}
	if (a == ACT_UNDO || key == UIK_BACKSPACE) {
		if (ui->pager_find_len > 0)
			ui->pager_find[--ui->pager_find_len] = '\0';
		return;
	}
	if (key < ' ' || key > '~' ||
	    ui->pager_find_len + 1 >= (int)sizeof ui->pager_find)
		return;
	ui->pager_find[ui->pager_find_len++] = (char)key;
	ui->pager_find[ui->pager_find_len] = '\0';
}

/* t on the log: the last turn, then each turn before, then all again. */
static void
filter_turn(struct ui *ui)
{
	const struct game *g = ui->game;
	int last = g->log.n > 0 ? g->log.v[g->log.n - 1].turn : 0;

	if (ui->pager_turn == 0)
		ui->pager_turn = last;
	else
		ui->pager_turn--;
	ui->pager_top = 1 << 20;
}

/* u on the log: the selected unit's events only, or all again. */
static void
filter_unit(struct ui *ui)
{
	if (ui->pager_unit >= 0) {
		ui->pager_unit = -1;
		ui->pager_note[0] = '\0';
	} else if (ui->sel < 0) {
		snprintf(ui->pager_note, sizeof ui->pager_note, "u: select a "
		    "unit on the map first");
		return;
	} else
		ui->pager_unit = ui->sel;
	ui->pager_top = 1 << 20;
}

void
pager_key(struct ui *ui, enum ui_action a, int key)
{
	int page = ui->pager_rows > 1 ? ui->pager_rows - 1 : 1;

	if (ui->pager_typing) {
		pager_type(ui, a, key);
		return;
	}
	switch (a) {
	case ACT_SEARCH:
		ui->pager_typing = true;
		ui->pager_find[0] = '\0';
		ui->pager_find_len = 0;
		return;
	case ACT_SEARCH_NEXT:
		if (ui->pager_find_len == 0)
			snprintf(ui->pager_note, sizeof ui->pager_note,
			    "/ first: type what to find");
		else
			pager_find(ui, true);
		return;
	case ACT_FILTER_UNIT:
	case ACT_FILTER_TURN:
		if (ui->pager != PAGER_LOG) {
			snprintf(ui->pager_note, sizeof ui->pager_note,
			    "u and t filter the log (M) only");
			return;
		}
		if (a == ACT_FILTER_UNIT)
			filter_unit(ui);
		else
			filter_turn(ui);
		return;
	case ACT_UP:
		ui->pager_top--;
		break;
	case ACT_DOWN:
		ui->pager_top++;
		break;
	case ACT_PAGE_UP:
		ui->pager_top -= page;
		break;
	case ACT_PAGE_DOWN:
		ui->pager_top += page;
		break;
	case ACT_TOP:
		ui->pager_top = 0;
		break;
	case ACT_BOTTOM:
		ui->pager_top = ui->pager_lines;
		break;
	case ACT_CONTINUE:
		if (ui->pager_top + ui->pager_rows >= ui->pager_lines) {
			ui->mode = ui->pager_back;
			return;
		}
		ui->pager_top += page;
		break;
	case ACT_CLOSE:
		ui->mode = ui->pager_back;
		return;
	default:
		return;
	}
	if (ui->pager_top > ui->pager_lines - ui->pager_rows)
		ui->pager_top = ui->pager_lines - ui->pager_rows;
	if (ui->pager_top < 0)
		ui->pager_top = 0;
}

void
pager_draw(struct ui *ui, struct canvas *c)
{
	struct page p;
	struct style bar = theme_bar(ui);
	int rows = c->h - 2, total = 0, i, y, line, n, w;

	page_build(ui, &p);
	for (i = 0; i < p.n; i++) {
		w = c->w - 1 - p.v[i].indent;
		total += p.v[i].text[0] == '\0' ? 1 :
		    canvas_wrap(NULL, 0, 0, w, -1, p.v[i].text, style_plain);
	}
	ui->pager_rows = rows;
	ui->pager_lines = total;
	ui->pager_cols = c->w;
	if (ui->pager_top > total - rows)
		ui->pager_top = total - rows;
	if (ui->pager_top < 0)
		ui->pager_top = 0;
	canvas_fill(c, 0, 0, c->w, 1, " ", bar);
	canvas_printf(c, 0, 0, c->w, bar, " %s", p.title);
	/* Draw the wrapped lines that fall in the window. */
	line = 0;
	for (i = 0; i < p.n && line < ui->pager_top + rows; i++) {
		w = c->w - 1 - p.v[i].indent;
		n = p.v[i].text[0] == '\0' ? 1 :
		    canvas_wrap(NULL, 0, 0, w, -1, p.v[i].text, style_plain);
		if (line + n > ui->pager_top) {
			struct canvas *tmp = canvas_create(w, n, c->ascii);
			int j;

			canvas_wrap(tmp, 0, 0, w, -1, p.v[i].text, p.v[i].st);
			for (j = 0; j < n; j++) {
				y = 1 + line + j - ui->pager_top;
				if (y >= 1 && y <= rows) {
					int x;

					for (x = 0; x < w; x++) {
						const struct ccell *cc =
						    canvas_cell(tmp, x, j);

						canvas_put(c, 1 + p.v[i].indent
						    + x, y, cc->glyph, cc->style);
					}
				}
			}
			canvas_free(tmp);
		}
		line += n;
	}
	canvas_fill(c, 0, c->h - 1, c->w, 1, " ", bar);
	if (ui->pager_typing) {
		/* The search line, with the terminal's cursor at its end. */
		ui->curs_x = canvas_printf(c, 0, c->h - 1, c->w, bar,
		    "/%s", ui->pager_find);
		ui->curs_y = c->h - 1;
	} else if (ui->pager_note[0] != '\0')
		/* What the last search or filter found comes first. */
		canvas_printf(c, 0, c->h - 1, c->w, bar, " %s  Esc: close  "
		    "lines %d-%d of %d", ui->pager_note,
		    total > 0 ? ui->pager_top + 1 : 0,
		    ui->pager_top + rows < total ? ui->pager_top + rows :
		    total, total);
	else
		canvas_printf(c, 0, c->h - 1, c->w, bar, " Esc: close  Up/Down "
		    "PgUp/PgDn: scroll  /: search  lines %d-%d of %d",
		    total > 0 ? ui->pager_top + 1 : 0,
		    ui->pager_top + rows < total ? ui->pager_top + rows :
		    total, total);
	page_free(&p);
}
