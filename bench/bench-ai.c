/*
 * bench-ai.c - how well and how fast the computer commander plays.
 *
 * Strength: for every bundled scenario with two sides and units (the
 * scenarios directory of the data dir), games are played to the
 * scenario's turn limit between pairs of controllers (ai/ai.h):
 *   normal vs passive, normal vs naive, hard vs normal,
 * over seeds 1..N (100 by default), the first controller taking side 0
 * on odd seeds and side 1 on even ones.  The result is the game's own
 * (doc/turn.md 3.10, HO.10 for horse-and-musket), as the ruleset gave it
 * when it ended the battle (game_end): a side that breaks loses, the
 * other side wins, and the game ends there (both in the same turn: the
 * points decide); otherwise the objectives at the turn limit decide.
 * A game the ruleset did not end is read as before: a lone break loses,
 * a double one draws, else the 3.10.2 result line of the log.  A
 * scenario without
 * victory conditions can only be drawn; it is reported but has no
 * target.
 *
 * Speed: the time the AI takes to think and give its orders (ai_orders:
 * the side view, the plan, game_order for each order) is measured per
 * turn, apart from game_turn, for the normal level on the default
 * scenario, on the Cowpens (the horse-and-musket ruleset) and on a
 * generated battle of 1,000 units (bench/gen.c).
 *
 * Stalls (issue 12, deliver 3): over the same games, the unit-turns in
 * which a unit walked under a Move order (move_unit ran for it) and moved
 * 0 BD with a halt of speed, ground, or "no room to turn" (a blocked halt
 * whose log says so), as a share of every unit-turn walked under a Move
 * order; target under 1%.  Moved 0 BD: it walked no step, and, in a
 * ruleset whose turns are wheels, they did not carry its block two cells
 * or more either (a wheel covers ground: no stall).  Beside it, the share of those in which the
 * unit did not even turn or change formation; and both again for the
 * units of the sides played at normal or hard only, since the passive and
 * naive baselines give their orders without the Move preview.
 *
 * Those are the old definition.  The new one (issue 12, decision of the
 * stall count) does not count as a stall a turn in place that brought the
 * unit's facing closer to its route (the heading from where it stands to
 * the next cell of its planned route, or to its next waypoint): the turn
 * was progress toward the order, as a slow Line's turn must take a whole
 * turn; so is a turn that pays for the rest of a face-about the unit made
 * last turn (the walk makes a face-about too dear for one turn where the
 * men stand and pays for it over turns: the same time as a turn paid 45
 * degrees at a time), counted beside it.  Both figures are printed, and under them the causes of the
 * stalls of the new definition, counted by the last note of the unit's
 * walk (what held it: no room to turn at the map's edge, by an enemy, by
 * a friend that moved, stood or stalled itself; a turn dearer than what
 * is left; anything else by its first words) and the unit's arm and
 * formation.  A last figure leaves out of the new definition the units
 * the walk found boxed in their formation: no place they can reach lets
 * them turn towards the order, whatever the units about them do (a Line
 * on the map's last row facing off it); they are not frozen by the
 * movement rules but need another formation.  -v lists every such stall (scenario, seed, turn, unit,
 * formation, cell, facing and the note), and every game with its
 * result (the winner, the turn it ended, which sides broke, the
 * points); -vv adds the stalls' movement lines.
 * Frozen, last: the stalls leave out a unit held behind friends (a
 * blocked halt that is not "no room to turn"), which is the freeze a
 * player sees most.  This figure counts, for the normal and hard sides,
 * the unit-turns under a Move order that moved 0 BD, turned nothing and
 * kept their formation, not in contact with the enemy nor routed, for
 * the third turn running or more, whatever the halt; -v lists them
 * ("frozen:", with how many turns running and the last note).
 * Standing, beside it: the frozen figure counts only units under a Move
 * order, and a commander that stops a unit it cannot move takes it out
 * of that count without moving it.  This one counts, for the normal and
 * hard sides, the unit-turns of formed units out of contact that stand
 * in the same cell, facing and formation under a Move or a Stop order
 * for the third turn running or more, whatever the reason: a hold the
 * plan orders on purpose is counted too, so the figure is to compare
 * builds with, not to bring to nothing.
 * Astride (M18: a unit never ends its move on an obstacle, but a Pe 2
 * river): the unit-turns of every unit on the field, routers left out,
 * that end with an obstacle it may not end on (no gate or bridge there)
 * between two cells of its block; of those, the ones the turn put there;
 * and of these, the ones with no crossing paid: no note of the unit's
 * turn says it crossed and no charge, melee or flight moved it, so a turn
 * or a change of formation swung the block over the obstacle, or it
 * marched along one that runs through its block.  No target: a measure
 * of the open question of turns over obstacles; -v lists the unpaid ones
 * ("astride:", with the obstacle and the two cells either side).
 * -t TEXT prints every log line, turn by turn, of the units whose name
 * holds TEXT, in every game played (with -n and -p to keep it short),
 * and before each turn where each such unit stands and the order it will
 * obey, with the one riding to it with an aide ("order:" lines).
 *
 * The target of hard against normal holds on each side apart (issue 12,
 * item 5): hard must win more than half its games as the first side and
 * more than half as the second, and the line's verdict is PASS only when
 * both sides pass, so a level that wins only on the side the scenario
 * favours does not pass.
 *
 * A further pairing plays normal against normal and reports how often
 * each side wins: the target is a fair fight, each side 35-65%
 * (decision 9).
 *
 * -s NAME plays only the scenarios whose file name starts with NAME, -p K
 * only the K-th pairing (1-4, in the order above), and -T 0 skips the
 * generated battle: for quick measures on a loaded machine.
 *
 * Each win rate is printed with its 95% interval (Wilson): where the
 * rate over every seed may lie, given the games played.  The verdict
 * reads the measured rate; an interval that holds the target says the
 * verdict is within the dice at that many seeds.
 *
 * Targets are printed beside the figures with PASS or MISS as
 * information only: the exit status never depends on a result.
 */
#include "config.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ai/ai.h"
#include "bench/gen.h"
#include "core/game.h"
#include "core/geom.h"
#include "io/load.h"
#include "core/ruleset.h"
#include "util/diag.h"
#include "util/xalloc.h"

#define MAX_SCEN	64
#define MAX_TIMES	100000

struct pairing {
	enum ai_level	 a, b;
	double		 target;	/* percent of games a must win */
	bool		 strict;	/* more than target, not at least */
	bool		 fair;		/* a == b: each side's share 35-65% */
	bool		 per_side;	/* the target holds on each side apart */
};

static const struct pairing pairings[] = {
	{ AI_NORMAL, AI_PASSIVE, 90.0, false, false, false },
	{ AI_NORMAL, AI_NAIVE, 75.0, false, false, false },
	{ AI_HARD, AI_NORMAL, 50.0, true, false, true },
	{ AI_NORMAL, AI_NORMAL, 0.0, false, true, false },
};
#define NPAIR ((int)(sizeof pairings / sizeof pairings[0]))

struct times {
	double		*v;
	int		 n;
};

static double
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* Whether a win rate pct meets pairing p's target. */
static bool
meets(const struct pairing *p, double pct)
{
	return p->strict ? pct > p->target : pct >= p->target;
}

/*
 * The Wilson score interval at 95% of k wins in n games, in percent, in
 * *lo and *hi: how far a rate measured over n seeds may lie from the
 * rate over all seeds.  At 100 seeds a rate of 75% reads 65.7-82.5%.
 */
static void
wilson(int k, int n, double *lo, double *hi)
{
	const double z = 1.96;
	double p, c, h, d;

	if (n <= 0) {
		*lo = 0.0;
		*hi = 100.0;
		return;
	}
	p = (double)k / n;
	d = 1.0 + z * z / n;
	c = (p + z * z / (2.0 * n)) / d;
	h = z * sqrt(p * (1.0 - p) / n + z * z / (4.0 * n * n)) / d;
	*lo = 100.0 * (c - h < 0.0 ? 0.0 : c - h);
	*hi = 100.0 * (c + h > 1.0 ? 1.0 : c + h);
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void
times_add(struct times *t, double ms)
{
	if (t->n < MAX_TIMES)
		t->v[t->n++] = ms;
}

static void
times_print(const char *what, struct times *t, double target)
{
	double med, max;

	if (t->n == 0) {
		printf("  %-44s n/a\n", what);
		return;
	}
	qsort(t->v, (size_t)t->n, sizeof *t->v, cmp_double);
	med = t->n % 2 ? t->v[t->n / 2] :
	    (t->v[t->n / 2 - 1] + t->v[t->n / 2]) / 2;
	max = t->v[t->n - 1];
	printf("  %-44s median %8.3f ms, max %8.3f ms over %d turns "
	    "(target < %.0f ms: %s)\n", what, med, max, t->n, target,
	    max < target ? "PASS" : "MISS");
}

/* The side that won by 3.10.2 from the log's last result, -1 a draw. */
static int
objective_winner(const struct game *g)
{
	const struct event *e;
	const char *p;
	char want[160];
	int i, s;

	for (i = g->log.n - 1; i >= 0; i--) {
		e = &g->log.v[i];
		if (e->kind != EV_RESULT || strcmp(e->rule, "3.10.2") != 0 ||
		    strstr(e->text, "turn limit") == NULL)
			continue;
		if ((p = strstr(e->text, "points: ")) == NULL)
			return -1;
		for (s = 0; s < g->nsides; s++) {
			snprintf(want, sizeof want, "points: the %s win",
			    g->sides[s].name);
			if (strstr(e->text, want) != NULL)
				return s;
		}
		return -1;
	}
	return -1;
}

/* The causes of the stalls counted (new definition), by the halt's last
 * note, with the staller's arm and formation. */
#define MAX_CAUSES	128

struct cause {
	char		 key[160];
	long		 n;
};

/* Unit-turns under a Move order, and those that stalled (see the top). */
struct stalls {
	struct cause	 cause[MAX_CAUSES];
	int		 ncause;
	const char	*scen;		/* the scenario, for -v */
	int		 seed;		/* the game's seed, for -v */
	const char	*trace;		/* -t: units whose name holds it */
	long		 walked;
	long		 stalled;	/* 0 BD, halt speed, ground, no room */
	long		 still;		/* of them, not even a turn */
	long		 toward;	/* of them, turned toward the route,
					   or paid for the rest of a
					   face-about (paid) */
	long		 paid, ai_paid;
	int		 verbose;	/* 1: list each one; 2: and its
					   movement lines */
	/* The same, for the units of sides played at normal or hard only
	 * (the baselines passive and naive give orders unchecked). */
	long		 ai_walked, ai_stalled, ai_still, ai_toward;
	/* Of the stalls of the new definition, the units the walk found
	 * boxed in their formation (no place they can reach lets them
	 * turn towards the order, whatever the units about them do). */
	long		 boxed, ai_boxed;
	/* Frozen: unit-turns of the normal and hard sides under a Move
	 * order that moved 0 BD, turned nothing and kept their formation,
	 * the enemy not the reason (no contact halt), for the third turn
	 * running or more: the freeze a player sees, whatever the halt
	 * (friends in the way included, which the stalls leave out). */
	long		 ai_frozen;
	/* Standing: unit-turns of formed units of the normal and hard
	 * sides, out of contact, in the same cell, facing and formation
	 * under a Move or Stop order for the third turn running or more;
	 * of ai_formed, their formed unit-turns. */
	long		 ai_standing, ai_formed;
	/* M18: unit-turns ending with the block astride an obstacle a unit
	 * may not end on (two of its cells either side of it), of the units
	 * on the field; of those, the ones that were not astride when the
	 * turn began; and of these, the ones no crossing, charge, melee or
	 * flight put there (a turn or a change of formation swung the
	 * block over it: nothing paid for the crossing). */
	long		 on_field, astride, astride_new, astride_unpaid;
};

/* Print unit u's stall of turn t (-v): where it stands, its halt and
 * order, the level of its side and its log lines of the turn. */
static void
stall_show(const struct game *g, int from, int u, int t, enum ai_level lvl)
{
	int i;

	const struct unit *v = &g->units[u];

	printf("    stall: turn %d %s (%s, %s) %s at %d,%d facing %s, halt %s, "
	    "order %d, waypoint %d of %d, route %d cells\n", t, v->name,
	    g->sides[v->side].name, ai_level_name(lvl),
	    g->rs->form[v->formation].label,
	    v->pos.x, v->pos.y, dir_name(v->facing), halt_name(v->halt),
	    (int)v->order.kind, v->waypoint, v->order.npts, v->nroute);
	if (v->order.kind == ORDER_MOVE) {
		printf("      points:");
		for (i = 0; i < v->order.npts; i++)
			printf(" [%d, %d]", v->order.pts[i].x,
			    v->order.pts[i].y);
		printf("\n");
	}
	/* Its movement lines: the generic 3.6 and a ruleset's own. */
	for (i = from; i < g->log.n; i++)
		if (g->log.v[i].unit == u && g->log.v[i].turn == t)
			printf("      turn %d %s: %s %s\n", t, g->units[u].name,
			    g->log.v[i].rule, g->log.v[i].text);
	printf("\n");
}

/* The last note of unit u's walk of turn t (the reason it halted), or
 * NULL. */
static const char *
halt_note(const struct game *g, int from, int u, int t)
{
	const char *last = NULL;
	int i;

	for (i = from; i < g->log.n; i++)
		if (g->log.v[i].unit == u && g->log.v[i].turn == t &&
		    g->log.v[i].kind == EV_NOTE)
			last = g->log.v[i].text;
	return last;
}

/* The unit named at the end of note ("...: NAME"), -1 if none. */
static int
named_unit(const struct game *g, const char *note)
{
	const char *p = strrchr(note, ':');
	int i;

	if (p == NULL || p[1] != ' ')
		return -1;
	for (i = 0; i < g->nunits; i++)
		if (strcmp(g->units[i].name, p + 2) == 0)
			return i;
	return -1;
}

/*
 * The class of stall of unit u (note: its halt's last note): what held
 * it, in a few words, with its arm and formation.  Of the friends, one
 * that walked this turn (under a Move order) is told from one that stood.
 */
static void
stall_class(const struct game *g, int u, int t, const char *note, bool box,
    char *out, size_t len)
{
	const struct unit *un = &g->units[u];
	const char *what;
	char buf[96];
	int who;

	if (note == NULL)
		what = "no note";
	else if (box)
		what = "boxed in its formation: no turn anywhere";
	else if (strncmp(note, "no room to turn", 15) == 0) {
		who = named_unit(g, note);
		if (who < 0)
			what = "no room to turn: the map's edge";
		else if (g->units[who].side != un->side)
			what = "no room to turn: an enemy";
		else if (g->units[who].halt_turn == t &&
		    g->units[who].halt != HALT_NONE && g->units[who].moved > 0)
			what = "no room to turn: a friend that moved";
		else if (g->units[who].halt_turn == t &&
		    g->units[who].halt != HALT_NONE)
			what = "no room to turn: a friend stalled itself";
		else
			what = "no room to turn: a friend standing";
	} else if (strncmp(note, "turning to face", 15) == 0)
		what = "turn costs more than is left";
	else {
		/* Anything else: its first words, names and numbers out. */
		size_t k;

		snprintf(buf, sizeof buf, "other: %s", note);
		for (k = 0; buf[k] != '\0'; k++)
			if ((buf[k] >= '0' && buf[k] <= '9') || buf[k] == '[')
				break;
		buf[k < 48 ? k : 48] = '\0';
		what = buf;
	}
	snprintf(out, len, "%-46s %s %s", what, ruleset_arm_label(g->rs,
	    un->arm), g->rs->form[un->formation].label);
}

static void
cause_add(struct stalls *st, const char *key)
{
	int i;

	for (i = 0; i < st->ncause; i++)
		if (strcmp(st->cause[i].key, key) == 0)
			break;
	if (i == st->ncause) {
		if (st->ncause == MAX_CAUSES)
			return;
		snprintf(st->cause[st->ncause++].key, sizeof st->cause[0].key,
		    "%s", key);
	}
	st->cause[i].n++;
}

static int
cause_cmp(const void *a, const void *b)
{
	const struct cause *x = a, *y = b;

	if (x->n != y->n)
		return x->n < y->n ? 1 : -1;
	return strcmp(x->key, y->key);
}

/* The table of causes, most frequent first. */
static void
causes_print(struct stalls *st)
{
	int i;

	qsort(st->cause, (size_t)st->ncause, sizeof *st->cause, cause_cmp);
	if (st->ncause > 0)
		printf("    causes of the stalls (new definition), by arm and "
		    "formation:\n");
	for (i = 0; i < st->ncause; i++)
		printf("      %5ld  %s\n", st->cause[i].n, st->cause[i].key);
}

/* -t: the log lines of turn t of the units whose name holds st->trace. */
static void
trace_print(const struct game *g, int from, int t, const struct stalls *st)
{
	const struct event *e;
	int i;

	for (i = from; i < g->log.n; i++) {
		e = &g->log.v[i];
		if (e->unit >= 0 && e->unit < g->nunits &&
		    strstr(g->units[e->unit].name, st->trace) != NULL)
			printf("    trace: seed %d turn %d %s: %s %s\n",
			    st->seed, t, g->units[e->unit].name, e->rule,
			    e->text);
	}
}

/* Order o in a few words: its kind and its points. */
static void
order_show(const struct order *o)
{
	int k;

	printf("%s", order_kind_name(o->kind));
	if (o->kind == ORDER_FORMATION && o->formation >= 0)
		printf(" %d", o->formation);
	for (k = 0; k < o->npts; k++)
		printf(" [%d, %d]", o->pts[k].x, o->pts[k].y);
}

/*
 * -t: where each unit whose name holds st->trace stands as turn t begins,
 * once both sides have given their orders, and the order it will obey
 * (an order riding with an aide after "riding:").
 */
static void
trace_orders(const struct game *g, int t, const struct stalls *st)
{
	const struct unit *u;
	int i, j;

	for (i = 0; i < g->nunits; i++) {
		u = &g->units[i];
		if (strstr(u->name, st->trace) == NULL)
			continue;
		printf("    order: seed %d turn %d %s: %s at [%d, %d] facing "
		    "%s, %s, %d men: ", st->seed, t, u->name,
		    g->rs->form[u->formation].label, u->pos.x, u->pos.y,
		    dir_name(u->facing), cond_name(u->cond), u->strength);
		order_show(&u->order);
		for (j = 0; j < g->ntransit; j++)
			if (g->transit[j].unit == i) {
				printf("; riding: ");
				order_show(&g->transit[j]);
			}
		printf("\n");
	}
}

/* Does a line of unit u's walk of turn t hold text? */
static bool
walk_says(const struct game *g, int from, int u, int t, const char *text)
{
	int i;

	for (i = from; i < g->log.n; i++)
		if (g->log.v[i].unit == u && g->log.v[i].turn == t &&
		    strstr(g->log.v[i].text, text) != NULL)
			return true;
	return false;
}

/* Did unit u's walk of turn t end with "no room to turn"? */
static bool
no_room_to_turn(const struct game *g, int from, int u, int t)
{
	return walk_says(g, from, u, t, "no room to turn");
}

/* Did the walk find that no place unit u can reach in its formation lets
 * it turn towards its order, whatever the units do (the map's edge, the
 * ground)? */
static bool
boxed(const struct game *g, int from, int u, int t)
{
	return walk_says(g, from, u, t, "nowhere it can reach in its "
	    "formation");
}

/* Did unit u's turn in place bring its facing (was before the turn) closer to
 * its route (the next cell of its planned route, else its waypoint)? */
static bool
turned_toward(const struct unit *u, enum dir was)
{
	struct point to;

	if (u->facing == was)
		return false;
	if (u->nroute > 0)
		to = u->route[0];
	else if (u->order.kind == ORDER_MOVE &&
	    u->waypoint < u->order.npts)
		to = u->order.pts[u->waypoint];
	else
		return false;
	if (to.x == u->pos.x && to.y == u->pos.y)
		return false;
	return dir_diff(u->facing, geom_heading(u->pos, to)) <
	    dir_diff(was, geom_heading(u->pos, to));
}

/* Whether unit u's block was carried two cells or more from at, where
 * its anchor stood before the turn, by turns that move the block: a
 * ruleset whose turns are wheels (ops->move_face, as the walk tells
 * them apart) measures a wheel as ground covered, though the walk counts
 * it as a turn (u->moved counts steps only).  Such a block has moved: no
 * stall, nor frozen.  Where turns swing or face a block about where it
 * stands (the Napoleonic ruleset), its anchor moves but the unit does
 * not go anywhere: a turn, as before.  One cell is not enough either: a
 * turn about the front's middle may shift the anchor by one as it rounds
 * to a cell. */
static bool
carried(const struct game *g, const struct unit *u, struct point at)
{
	return g->rs->ops->move_face != NULL &&
	    (abs(u->pos.x - at.x) >= 2 || abs(u->pos.y - at.y) >= 2);
}

/*
 * M18: whether unit u's block stands astride an obstacle it may not end
 * on (ruleset_obstacle_within); the first such pair of cells in *a, *b
 * and the obstacle in *k when not NULL.
 */
static bool
astride(const struct game *g, const struct unit *u, struct point *a,
    struct point *b, int *k)
{
	struct point *c = game_cells_take(g);
	int n = game_footprint(g, u, c), o;

	o = ruleset_obstacle_within(g->rs, g->map, c, n, a, b);
	if (o > 0 && k != NULL)
		*k = o;
	game_cells_give(g, c);
	return o > 0;
}

/*
 * Unit i, astride an obstacle after turn t and not before it (it stood
 * at at facing was, in formation form): counted, and counted unpaid when no note of its
 * turn says it crossed one and no charge, melee or flight (3.4, 3.8,
 * 3.9) moved it; -v lists the unpaid ones.
 */
static void
astride_new(const struct game *g, int from, int i, int t, struct point at,
    enum dir was, int form, struct stalls *st)
{
	const struct unit *u = &g->units[i];
	const struct event *e;
	struct point a, b;
	int k, o;

	st->astride_new++;
	for (k = from; k < g->log.n; k++) {
		e = &g->log.v[k];
		if (e->unit != i)
			continue;
		if (strstr(e->text, "cross") != NULL)
			return;
		if (e->kind == EV_MOVE && (strncmp(e->rule, "3.4", 3) == 0 ||
		    strncmp(e->rule, "3.8", 3) == 0 ||
		    strncmp(e->rule, "3.9", 3) == 0))
			return;
	}
	st->astride_unpaid++;
	if (st->verbose > 0 && astride(g, u, &a, &b, &o))
		printf("    astride: %s seed %d turn %d %s (%s) at [%d, %d] "
		    "facing %s, was at [%d, %d] facing %s (%s); %s between "
		    "[%d, %d] and [%d, %d]: %s\n", st->scen, st->seed, t,
		    u->name, g->rs->form[u->formation].label, u->pos.x,
		    u->pos.y, dir_name(u->facing), at.x, at.y, dir_name(was),
		    g->rs->form[form].label,
		    g->rs->obst[o].name, a.x, a.y, b.x, b.y,
		    halt_note(g, from, i, t) != NULL ?
		    halt_note(g, from, i, t) : "-");
}

/* Count the stalls of the turn t just played; before[] is the units'
 * facing and formation before it, at[] their anchors. */
static void
stalls_count(const struct game *g, int from, int t, const int *before,
    const struct point *at, int *still, int *stood,
    const bool *was_astride, const enum ai_level *ctl, struct stalls *st)
{
	const struct unit *u;
	bool ai;
	int i;

	for (i = 0; i < g->nunits; i++) {
		u = &g->units[i];
		if (unit_active(u) && u->cond != COND_ROUTED) {
			st->on_field++;
			if (astride(g, u, NULL, NULL, NULL)) {
				st->astride++;
				if (!was_astride[i])
					astride_new(g, from, i, t, at[i],
					    (enum dir)(before[i] / 64),
					    before[i] % 64, st);
			}
		}
		/* Turns running standing, under any order (standing). */
		if (ctl[u->side] >= AI_NORMAL && unit_active(u) &&
		    u->cond == COND_FORMED) {
			st->ai_formed++;
			if (u->contact < 0 && (u->order.kind == ORDER_MOVE ||
			    u->order.kind == ORDER_STOP) &&
			    u->pos.x == at[i].x && u->pos.y == at[i].y &&
			    before[i] == (int)u->facing * 64 + u->formation) {
				if (++stood[i] >= 3)
					st->ai_standing++;
			} else
				stood[i] = 0;
		} else
			stood[i] = 0;
		/* Turns running without any progress (frozen). */
		if (u->order.kind == ORDER_MOVE && u->halt_turn == t &&
		    u->moved == 0 && u->halt != HALT_CONTACT &&
		    u->halt != HALT_ARRIVED && u->halt != HALT_NONE &&
		    u->cond != COND_ROUTED && !carried(g, u, at[i]) &&
		    before[i] == (int)u->facing * 64 + u->formation) {
			if (++still[i] >= 3 && ctl[u->side] >= AI_NORMAL) {
				st->ai_frozen++;
				if (st->verbose > 0)
					printf("    frozen: %s seed %d turn %d "
					    "%s (%s) at [%d, %d] facing %s, "
					    "halt %s, %d turns: %s\n",
					    st->scen, st->seed, t, u->name,
					    g->rs->form[u->formation].label,
					    u->pos.x, u->pos.y,
					    dir_name(u->facing),
					    halt_name(u->halt), still[i],
					    halt_note(g, from, i, t) != NULL ?
					    halt_note(g, from, i, t) : "-");
			}
		} else
			still[i] = 0;
		if (u->halt_turn != t || u->halt == HALT_NONE)
			continue;
		ai = ctl[u->side] >= AI_NORMAL;
		st->walked++;
		st->ai_walked += ai;
		if (u->moved != 0 || carried(g, u, at[i]))
			continue;
		if (u->halt == HALT_SPEED || u->halt == HALT_TERRAIN ||
		    (u->halt == HALT_BLOCKED && no_room_to_turn(g, from, i,
		    t))) {
			st->stalled++;
			st->ai_stalled += ai;
			if (before[i] == (int)u->facing * 64 + u->formation) {
				st->still++;
				st->ai_still += ai;
			}
			/* Paying for the rest of a face-about it made last
			 * turn (the walk's face-about spread over turns) is
			 * the same progress as the second 45 degrees of a
			 * turn paid in part. */
			if (walk_says(g, from, i, t, "finishes the "
			    "face-about")) {
				st->paid++;
				st->ai_paid += ai;
				st->toward++;
				st->ai_toward += ai;
				continue;
			}
			if (turned_toward(u, (enum dir)(before[i] / 64))) {
				st->toward++;
				st->ai_toward += ai;
				continue;	/* progress: not shown with -v */
			}
			{
				const char *note = halt_note(g, from, i, t);
				bool box = boxed(g, from, i, t);
				char key[160];

				st->boxed += box;
				st->ai_boxed += box && ai;
				stall_class(g, i, t, note, box, key,
				    sizeof key);
				cause_add(st, key);
				if (st->verbose > 0)
					printf("    stall: %s seed %d turn %d "
					    "%s (%s) at [%d, %d] facing %s: "
					    "%s\n", st->scen, st->seed, t,
					    u->name, g->rs->form[
					    u->formation].label, u->pos.x,
					    u->pos.y, dir_name(u->facing),
					    note != NULL ? note : "-");
			}
			if (st->verbose > 1)
				stall_show(g, from, i, t, ctl[u->side]);
		}
	}
}

/*
 * Play one game with controller ctl[s] for side s; returns the winning
 * side or -1 for a draw.  Think times of side timed (or -1) are added.
 */
static int
play(struct game *g, const enum ai_level *ctl, int timed, struct times *t,
    int *refused, struct stalls *st)
{
	int s, limit = g->opt.turn_limit > 0 ? g->opt.turn_limit : 12;
	int i, from, turn, *before = NULL, *still = NULL, *stood = NULL;
	struct point *at = NULL;
	bool *was = NULL;
	double t0;

	if (st != NULL) {
		before = xcalloc((size_t)g->nunits + 1, sizeof *before);
		at = xcalloc((size_t)g->nunits + 1, sizeof *at);
		still = xcalloc((size_t)g->nunits + 1, sizeof *still);
		stood = xcalloc((size_t)g->nunits + 1, sizeof *stood);
		was = xcalloc((size_t)g->nunits + 1, sizeof *was);
	}
	while (g->turn <= limit) {
		for (s = 0; s < g->nsides; s++) {
			t0 = now_ms();
			*refused += ai_orders(g, s, ctl[s], NULL);
			if (s == timed && t != NULL)
				times_add(t, now_ms() - t0);
		}
		from = g->log.n;
		turn = g->turn;
		for (i = 0; before != NULL && i < g->nunits; i++) {
			before[i] = (int)g->units[i].facing * 64 +
			    g->units[i].formation;
			at[i] = g->units[i].pos;
			was[i] = astride(g, &g->units[i], NULL, NULL,
			    NULL);
		}
		if (st != NULL && st->trace != NULL)
			trace_orders(g, turn, st);
		game_turn(g);
		if (st != NULL && st->trace != NULL)
			trace_print(g, from, turn, st);
		if (st != NULL)
			stalls_count(g, from, turn, before, at, still,
			    stood, was, ctl, st);
		if (g->sides[0].broken || g->sides[1].broken) {
			free(was);
			free(before);
			free(at);
			free(still);
			free(stood);
			/* The ruleset's verdict if it ended the battle: HO.10
			 * counts the points when both sides break. */
			if (game_over(g))
				return g->result.winner;
			if (g->sides[0].broken && g->sides[1].broken)
				return -1;
			return g->sides[0].broken ? 1 : 0;
		}
	}
	free(was);
	free(before);
	free(at);
	free(still);
	free(stood);
	/* The ruleset's own verdict when it ended the battle (game_end);
	 * else the result line of 3.10.2 in the log. */
	if (game_over(g))
		return g->result.winner;
	return objective_winner(g);
}

static void
stalls_print(const char *what, const struct stalls *st)
{
	double pct = st->walked > 0 ? 100.0 * st->stalled / st->walked : 0;
	double still = st->walked > 0 ? 100.0 * st->still / st->walked : 0;

	printf("    %s: %ld of %ld unit-turns under a Move order moved 0 BD "
	    "(speed, ground, no room to turn): %.2f%%  target < 1%%: %s; "
	    "without even a turn: %ld, %.2f%%\n", what, st->stalled,
	    st->walked, pct, pct < 1.0 ? "PASS" : "MISS", st->still, still);
	pct = st->ai_walked > 0 ? 100.0 * st->ai_stalled / st->ai_walked : 0;
	still = st->ai_walked > 0 ? 100.0 * st->ai_still / st->ai_walked : 0;
	printf("    %s, normal and hard sides only: %ld of %ld: %.2f%%; "
	    "without even a turn: %ld, %.2f%%\n", what, st->ai_stalled,
	    st->ai_walked, pct, st->ai_still, still);
	pct = st->walked > 0 ? 100.0 * (st->stalled - st->toward) /
	    st->walked : 0;
	printf("    %s, new definition (a turn toward the route is "
	    "progress): %ld of %ld: %.2f%%  target < 1%%: %s; %ld turns "
	    "paying for the rest of a face-about taken as progress\n", what,
	    st->stalled - st->toward, st->walked, pct, pct < 1.0 ? "PASS" :
	    "MISS", st->paid);
	pct = st->ai_walked > 0 ? 100.0 * (st->ai_stalled - st->ai_toward) /
	    st->ai_walked : 0;
	printf("    %s, new definition, normal and hard sides only: "
	    "%ld of %ld: %.2f%%  target < 1%%: %s; %ld paying for a "
	    "face-about\n", what, st->ai_stalled - st->ai_toward,
	    st->ai_walked, pct, pct < 1.0 ? "PASS" : "MISS", st->ai_paid);
	pct = st->walked > 0 ? 100.0 * (st->stalled - st->toward -
	    st->boxed) / st->walked : 0;
	printf("    %s, new definition less %ld boxed in their formation "
	    "(they need another formation, not a way): %ld of %ld: %.2f%%\n",
	    what, st->boxed, st->stalled - st->toward - st->boxed,
	    st->walked, pct);
	pct = st->ai_walked > 0 ? 100.0 * st->ai_frozen / st->ai_walked : 0;
	printf("    %s, frozen (normal and hard sides: a third turn running "
	    "or more under a Move order with 0 BD moved, no turn, no change "
	    "of formation, no contact, any halt): %ld of %ld: %.2f%%\n",
	    what, st->ai_frozen, st->ai_walked, pct);
	pct = st->ai_formed > 0 ? 100.0 * st->ai_standing / st->ai_formed : 0;
	printf("    %s, standing (normal and hard sides, formed: a third "
	    "turn running or more in the same cell, facing and formation "
	    "under a Move or Stop order, out of contact, a hold on purpose "
	    "included): %ld of %ld: %.2f%%\n", what, st->ai_standing,
	    st->ai_formed, pct);
	pct = st->on_field > 0 ? 100.0 * st->astride / st->on_field : 0;
	printf("    %s, astride an obstacle at a turn's end (M18; every "
	    "unit on the field): %ld of %ld: %.2f%%; put there by the turn: "
	    "%ld, of which with no crossing paid (a turn or a change of "
	    "formation swung the block over it): %ld, %.2f%%\n", what,
	    st->astride, st->on_field, pct, st->astride_new,
	    st->astride_unpaid, st->on_field > 0 ? 100.0 *
	    st->astride_unpaid / st->on_field : 0);
}

static bool
playable(const struct game *g)
{
	bool has[GAME_MAX_SIDES] = { false };
	int i;

	if (g->nsides != 2)
		return false;
	for (i = 0; i < g->nunits; i++)
		has[g->units[i].side] = true;
	return has[0] && has[1];
}

static int
scen_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void
usage(void)
{
	fprintf(stderr, "usage: bench-ai [-d datadir] [-n seeds] [-u units] "
	    "[-T turns-of-big-battle] [-s scenario] [-p pairing] [-t unit] [-v[v]]\n");
}

int
main(int argc, char **argv)
{
	const char *datadir = getenv("MARSHAL_DATA");
	char *scen[MAX_SCEN], *dirpath;
	int nscen = 0, nseeds = 100, nbig = 1000, bigturns = 4, c, i, p, k;
	int refused = 0, only_pair = 0;
	const char *only_scen = NULL, *trace = NULL;
	struct stalls all;
	int verbose = 0;
	struct times think = { NULL, 0 }, big = { NULL, 0 };
	struct times hthink = { NULL, 0 };
	struct ruleset *rs;
	struct game *g;
	struct diags d;
	struct dirent *de;
	DIR *dir;

	while ((c = getopt(argc, argv, "d:n:p:s:t:u:T:v")) != -1) {
		switch (c) {
		case 'v':
			verbose++;
			break;
		case 't':
			trace = optarg;
			break;
		case 's':
			only_scen = optarg;
			break;
		case 'p':
			only_pair = atoi(optarg);
			break;
		case 'd':
			datadir = optarg;
			break;
		case 'n':
			nseeds = atoi(optarg);
			break;
		case 'u':
			nbig = atoi(optarg);
			break;
		case 'T':
			bigturns = atoi(optarg);
			break;
		default:
			usage();
			return 2;
		}
	}
	if (datadir == NULL || nseeds < 1) {
		usage();
		return 2;
	}
	memset(&all, 0, sizeof all);
	think.v = xcalloc(MAX_TIMES, sizeof *think.v);
	big.v = xcalloc(MAX_TIMES, sizeof *big.v);
	hthink.v = xcalloc(MAX_TIMES, sizeof *hthink.v);

	dirpath = xasprintf("%s/scenarios", datadir);
	if ((dir = opendir(dirpath)) == NULL) {
		fprintf(stderr, "bench-ai: cannot open %s\n", dirpath);
		return 2;
	}
	while ((de = readdir(dir)) != NULL && nscen < MAX_SCEN) {
		size_t l = strlen(de->d_name);

		if (only_scen != NULL && strncmp(de->d_name, only_scen,
		    strlen(only_scen)) != 0)
			continue;
		if (l > 5 && strcmp(de->d_name + l - 5, ".yaml") == 0)
			scen[nscen++] = xasprintf("%s/%s", dirpath,
			    de->d_name);
	}
	closedir(dir);
	qsort(scen, (size_t)nscen, sizeof *scen, scen_cmp);

	printf("marshal AI benchmark: %d seeds per pairing, sides swapped on "
	    "every other seed\n\n", nseeds);
	printf("win rates of the first controller (wins / draws / losses):\n");
	for (i = 0; i < nscen; i++) {
		const char *base = strrchr(scen[i], '/') + 1;
		char side0[32], side1[32];
		bool victory, is_default = strcmp(base, "default.yaml") == 0;
		bool is_cowpens = strcmp(base, "cowpens-1781.yaml") == 0;
		struct times *timed = is_default ? &think : is_cowpens ?
		    &hthink : NULL;
		struct stalls sc;

		diags_init(&d);
		g = load_scenario(scen[i], datadir, &rs, &d);
		diags_free(&d);
		if (g == NULL) {
			printf("  %s: does not load, skipped\n", base);
			continue;
		}
		if (!playable(g)) {
			printf("  %s: not two sides with units, skipped\n",
			    base);
			game_free(g);
			ruleset_free(rs);
			continue;
		}
		victory = g->nobjectives > 0 || g->break_point > 0;
		snprintf(side0, sizeof side0, "%s", g->sides[0].name);
		snprintf(side1, sizeof side1, "%s", g->sides[1].name);
		game_free(g);
		ruleset_free(rs);
		if (!victory) {
			/* Every game would be a draw: nothing to measure. */
			printf("  %s: no victory conditions, skipped\n", base);
			continue;
		}
		printf("  %s\n", base);
		memset(&sc, 0, sizeof sc);
		sc.verbose = verbose;
		sc.scen = base;
		sc.trace = trace;
		for (p = 0; p < NPAIR; p++) {
			int win = 0, draw = 0, loss = 0, first, w;
			int sw[GAME_MAX_SIDES] = { 0 }, sn[GAME_MAX_SIDES] = { 0 };
			int side[GAME_MAX_SIDES] = { 0 };
			enum ai_level ctl[GAME_MAX_SIDES];
			double pct, lo, hi;
			bool ok, ok0, ok1;

			if (only_pair > 0 && p != only_pair - 1)
				continue;
			for (k = 1; k <= nseeds; k++) {
				diags_init(&d);
				g = load_scenario(scen[i], datadir, &rs, &d);
				diags_free(&d);
				if (g == NULL)
					break;
				game_seed(g, (uint64_t)k);
				sc.seed = k;
				if (verbose)
					printf("    game: %s vs %s, seed %d\n",
					    ai_level_name(pairings[p].a),
					    ai_level_name(pairings[p].b), k);
				first = k % 2 ? 0 : 1;
				ctl[first] = pairings[p].a;
				ctl[1 - first] = pairings[p].b;
				w = play(g, ctl, timed != NULL &&
				    pairings[p].a == AI_NORMAL ? first :
				    timed != NULL && pairings[p].b == AI_NORMAL ?
				    1 - first : -1, timed, &refused, &sc);
				if (verbose)
					printf("    result: %s won, turn %d, "
					    "broken %d/%d, points %d-%d\n",
					    w >= 0 ? g->sides[w].name : "nobody",
					    g->turn, g->sides[0].broken,
					    g->sides[1].broken, g->result.points[0],
					    g->result.points[1]);
				sn[first]++;
				if (w >= 0 && w < GAME_MAX_SIDES)
					side[w]++;
				if (w == first) {
					win++;
					sw[first]++;
				}
				else if (w < 0)
					draw++;
				else
					loss++;
				game_free(g);
				ruleset_free(rs);
			}
			if (pairings[p].fair) {
				double p0 = 100.0 * side[0] / nseeds;
				double p1 = 100.0 * side[1] / nseeds;

				printf("    %-6s vs %-7s %s win %5.1f%%, %s win "
				    "%5.1f%%, drawn %d  target each 35-65%%: "
				    "%s\n", ai_level_name(pairings[p].a),
				    ai_level_name(pairings[p].b), side0, p0,
				    side1, p1, nseeds - side[0] - side[1],
				    p0 >= 35.0 && p0 <= 65.0 && p1 >= 35.0 &&
				    p1 <= 65.0 ? "PASS" : "MISS");
				continue;
			}
			pct = 100.0 * win / nseeds;
			wilson(win, nseeds, &lo, &hi);
			printf("    %-6s vs %-7s %5.1f%% (95%%: %.0f-%.0f%%) "
			    " (%3d / %3d / %3d)",
			    ai_level_name(pairings[p].a),
			    ai_level_name(pairings[p].b), pct, lo, hi, win,
			    draw, loss);
			printf(" [as %s %d/%d, as %s %d/%d]",
			    side0, sw[0], sn[0], side1, sw[1], sn[1]);
			if (!victory) {
				printf("  target n/a\n");
				continue;
			}
			ok = meets(&pairings[p], pct);
			if (pairings[p].per_side) {
				/* On each side apart: a level that wins
				 * only on the easier side is not better. */
				ok0 = sn[0] > 0 && meets(&pairings[p],
				    100.0 * sw[0] / sn[0]);
				ok1 = sn[1] > 0 && meets(&pairings[p],
				    100.0 * sw[1] / sn[1]);
				printf("  target %s %.0f%% on each side: "
				    "as %s %s, as %s %s: %s\n",
				    pairings[p].strict ? ">" : ">=",
				    pairings[p].target, side0,
				    ok0 ? "PASS" : "MISS", side1,
				    ok1 ? "PASS" : "MISS",
				    ok && ok0 && ok1 ? "PASS" : "MISS");
			} else
				printf("  target %s %.0f%%: %s\n",
				    pairings[p].strict ? ">" : ">=",
				    pairings[p].target, ok ? "PASS" : "MISS");
		}
		stalls_print("stalls", &sc);
		causes_print(&sc);
		all.walked += sc.walked;
		all.stalled += sc.stalled;
		all.still += sc.still;
		all.toward += sc.toward;
		all.ai_toward += sc.ai_toward;
		all.paid += sc.paid;
		all.ai_paid += sc.ai_paid;
		all.ai_walked += sc.ai_walked;
		all.ai_stalled += sc.ai_stalled;
		all.ai_still += sc.ai_still;
		all.boxed += sc.boxed;
		all.ai_boxed += sc.ai_boxed;
		all.ai_frozen += sc.ai_frozen;
		all.ai_standing += sc.ai_standing;
		all.ai_formed += sc.ai_formed;
		all.on_field += sc.on_field;
		all.astride += sc.astride;
		all.astride_new += sc.astride_new;
		all.astride_unpaid += sc.astride_unpaid;
	}
	stalls_print("stalls, every scenario", &all);
	printf("  orders the game refused: %d (must be 0)\n", refused);

	printf("\nthink time per turn (ai_orders, apart from "
	    "game_turn):\n");
	times_print("default scenario, normal", &think, 100.0);
	times_print("cowpens-1781 (horse-and-musket), normal", &hthink,
	    100.0);

	/* A generated battle: think time only; game_turn not counted. */
	diags_init(&d);
	rs = load_ruleset("napoleonic", datadir, &d);
	diags_free(&d);
	if (bigturns > 0 && rs != NULL &&
	    (g = bench_game_create(rs, 400, 400, nbig, 1)) != NULL) {
		enum ai_level ctl[GAME_MAX_SIDES] = { AI_NORMAL, AI_NORMAL };
		int n = g->nunits;
		char what[64];

		g->opt.turn_limit = bigturns;
		refused = 0;
		(void)play(g, ctl, 0, &big, &refused, NULL);
		snprintf(what, sizeof what, "generated %d units "
		    "(400 x 400), normal", n);
		times_print(what, &big, 1000.0);
		printf("  orders refused in the generated battle: %d\n",
		    refused);
		game_free(g);
	}
	if (rs != NULL)
		ruleset_free(rs);
	for (i = 0; i < nscen; i++)
		free(scen[i]);
	free(dirpath);
	free(think.v);
	free(big.v);
	free(hthink.v);
	return 0;
}
