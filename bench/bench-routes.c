/*
 * bench-routes.c - do the Move orders a player gives arrive?
 *
 * For each battle named (default: the three bundled battles), every unit
 * in turn is given, alone, the Move order the Move preview offers
 * (move_route) to each point 12 cells away in the eight directions that
 * lies on the map and on no unit, and marches it, the other units
 * standing with no orders (the scenario's standing orders taken away),
 * turn by turn for at most 8 turns.  Each order ends as one of:
 *   arrived   the unit reached the point (a battery on it that waits
 *             for a friend to leave it room to unlimber, its order
 *             still in force, is listed with -v);
 *   enemy     the march stopped in battle contact with an enemy (the
 *             rules stop it there: 3.6.8, HO.4), or short of him;
 *   mob       it stands, its formation lost on the way (the rules made
 *             it a Mob: crossing without the speed for it, passing a
 *             friend that moves, ground it may not enter...); it needs
 *             a Restore order;
 *   stuck     two turns running it neither moved nor turned nor changed
 *             formation nor paid off a face-about owed from the turn
 *             before, the enemy not the reason (ground, an obstacle, a
 *             friend standing in the way, no room to turn...);
 *   marching  none of these after 8 turns.
 * A point behind a friend or beyond an enemy is a fair order for a player
 * to give, so "stuck" is not all the engine's fault: the stuck orders are
 * listed (-v) with where and why they stood, to be judged.
 *
 * The figures are counts, not times.  Usage:
 *   bench-routes -d DATA [-v] [-n CELLS] [-t TURNS] [-x UNIT@X,Y]
 *       [SCENARIO...]
 * SCENARIO is a bundled name (coa-1810) or a path.  -v lists the orders
 * that did not arrive; -x traces one order, the unit by its id and the
 * point it was sent to: the route offered and each turn's events.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/game.h"
#include "core/move.h"
#include "core/ruleset.h"
#include "io/load.h"
#include "util/diag.h"
#include "util/xalloc.h"

enum outcome {
	OUT_ARRIVED, OUT_ENEMY, OUT_MOB, OUT_STUCK, OUT_MARCHING, OUT_COUNT
};

static const char *const outcome_name[OUT_COUNT] = {
	"arrived", "enemy", "mob", "stuck", "marching"
};

/* -x UNIT@X,Y: the one order to trace (its route and every event). */
static char *trace_unit;	/* owned */
static struct point trace_to;

static struct game *
load(const char *path, const char *data, struct ruleset **rs)
{
	struct diags d;
	struct game *g;

	diags_init(&d);
	g = load_scenario(path, data, rs, &d);
	if (g == NULL)
		diags_print(&d, stderr);
	diags_free(&d);
	return g;
}

/* The ground about unit u and the point it is sent to, for a trace:
 * the marching unit '@', friends by the letter of their index (a, b...),
 * enemies by its last digit, the point '*', else the landscape's glyph. */
static void
trace_map(const struct game *g, int u, struct point to)
{
	const struct unit *un = &g->units[u];
	int x, y, x0, x1, y0, y1, who;
	char c;

	x0 = (un->pos.x < to.x ? un->pos.x : to.x) - 8;
	x1 = (un->pos.x > to.x ? un->pos.x : to.x) + 8;
	y0 = (un->pos.y < to.y ? un->pos.y : to.y) - 6;
	y1 = (un->pos.y > to.y ? un->pos.y : to.y) + 6;
	for (y = y0; y <= y1; y++) {
		if (y < 0 || y >= g->map->h)
			continue;
		printf("    map %3d ", y);
		for (x = x0; x <= x1; x++) {
			if (x < 0 || x >= g->map->w)
				continue;
			who = game_unit_at(g, x, y);
			if (x == to.x && y == to.y)
				c = '*';
			else if (who == u)
				c = '@';
			else if (who >= 0 && g->units[who].side == un->side)
				c = (char)('a' + who % 26);
			else if (who >= 0)
				c = (char)('0' + who % 10);
			else
				c = g->rs->land[map_cell(g->map, x,
				    y)->land].glyph;
			putchar(c);
		}
		putchar('\n');
	}
	for (who = 0; who < g->nunits; who++)
		if (who != u && unit_active(&g->units[who]))
			printf("    map %c: %s at [%d, %d] facing %s, %s\n",
			    g->units[who].side == un->side ? 'a' + who % 26 :
			    '0' + who % 10, g->units[who].id, g->units[who].pos.x,
			    g->units[who].pos.y, dir_name(g->units[who].facing),
			    g->rs->form[g->units[who].formation].label);
}

/* March unit u alone by the offered order to `to`; the outcome. */
static enum outcome
march(struct game *g, int u, struct point to, int turns, bool verbose)
{
	struct order o, r;
	struct point last;
	enum dir face;
	int t, i, still = 0, form, owed, seen;
	bool tracing;
	char buf[1024];
	struct unit *un = &g->units[u];

	/* The others stand: a scenario's standing Move order, never walked
	 * here, would have this unit wait for a friend that never goes
	 * (3.6.7), which no game does. */
	for (i = 0; i < g->nunits; i++)
		if (i != u)
			memset(&g->units[i].order, 0, sizeof g->units[i].order);
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = u;
	o.general = un->general;
	o.npts = 1;
	o.pts[0] = to;
	if (move_route(g, &o, &r) != 0)
		r = o;
	un->order = r;
	tracing = trace_unit != NULL && strcmp(un->id, trace_unit) == 0 &&
	    to.x == trace_to.x && to.y == trace_to.y;
	if (tracing) {
		printf("    trace: %s at [%d, %d] facing %s, formation %d, "
		    "route", un->id, un->pos.x, un->pos.y,
		    dir_name(un->facing), un->formation);
		for (i = 0; i < r.npts; i++)
			printf(" [%d, %d]", r.pts[i].x, r.pts[i].y);
		printf("\n");
		trace_map(g, u, to);
	}
	last = un->pos;
	face = un->facing;
	form = un->formation;
	owed = un->owed;
	for (t = 1; t <= turns; t++) {
		g->turn = t;
		seen = g->log.n;
		(void)move_unit(g, NULL, u, -1, NULL, NULL);
		if (tracing) {
			for (i = seen; i < g->log.n; i++) {
				event_format(&g->log.v[i], buf, sizeof buf);
				printf("    trace %d: %s\n", t, buf);
			}
			printf("    trace %d: at [%d, %d] facing %s, formation "
			    "%d, cond %d, halt %s\n", t, un->pos.x, un->pos.y,
			    dir_name(un->facing), un->formation, un->cond,
			    halt_name(un->halt));
		}
		if (un->halt == HALT_ARRIVED)
			return OUT_ARRIVED;
		if (un->halt == HALT_CONTACT && un->pos.x == last.x &&
		    un->pos.y == last.y)
			return OUT_ENEMY;
		/* Paying off a face-about or a river owed from the turn
		 * before (owed), or a stage of a wheel, is going on. */
		still = un->pos.x == last.x && un->pos.y == last.y &&
		    un->facing == face && un->formation == form &&
		    un->owed == owed ? still + 1 : 0;
		last = un->pos;
		face = un->facing;
		form = un->formation;
		owed = un->owed;
		if (still >= 2 && un->cond == COND_MOB) {
			if (verbose)
				printf("    mob: %s to [%d, %d] stands at "
				    "[%d, %d] facing %s, halt %s\n", un->id,
				    to.x, to.y, un->pos.x, un->pos.y,
				    dir_name(un->facing), halt_name(un->halt));
			return OUT_MOB;
		}
		/* On its point, its order still in force: a battery
		 * waiting for a friend to clear the room to unlimber
		 * (3.6.3).  It has come where it was sent. */
		if (still >= 2 && un->pos.x == to.x && un->pos.y == to.y) {
			if (verbose)
				printf("    arrived, order in force: %s at "
				    "[%d, %d] facing %s, halt %s\n", un->id,
				    to.x, to.y, dir_name(un->facing),
				    halt_name(un->halt));
			return OUT_ARRIVED;
		}
		if (still >= 2) {
			if (verbose)
				printf("    stuck: %s to [%d, %d] stands at "
				    "[%d, %d] facing %s, halt %s\n", un->id,
				    to.x, to.y, un->pos.x, un->pos.y,
				    dir_name(un->facing), halt_name(un->halt));
			return OUT_STUCK;
		}
	}
	/* Made a Mob in the last turns, too late to be seen standing. */
	if (un->cond == COND_MOB) {
		if (verbose)
			printf("    mob: %s to [%d, %d] stands at [%d, %d] "
			    "facing %s, halt %s\n", un->id, to.x, to.y,
			    un->pos.x, un->pos.y, dir_name(un->facing),
			    halt_name(un->halt));
		return OUT_MOB;
	}
	if (verbose && un->halt != HALT_CONTACT)
		printf("    marching: %s to [%d, %d] at [%d, %d] facing %s, "
		    "halt %s\n", un->id, to.x, to.y, un->pos.x, un->pos.y,
		    dir_name(un->facing), halt_name(un->halt));
	return un->halt == HALT_CONTACT ? OUT_ENEMY : OUT_MARCHING;
}

static void
usage(void)
{
	fprintf(stderr, "usage: bench-routes -d DATA [-v] [-n CELLS] "
	    "[-t TURNS] [-x UNIT@X,Y] [SCENARIO...]\n");
	exit(2);
}

int
main(int argc, char **argv)
{
	static const char *const bundled[] = { "default", "coa-1810",
	    "cowpens-1781", NULL };
	const char *data = NULL;
	const char *const *names;
	struct ruleset *rs = NULL, *rs2;
	struct game *g, *h;
	struct point to;
	bool verbose = false;
	int c, k, u, dist = 12, turns = 8, n, all[OUT_COUNT] = { 0 };
	int count[OUT_COUNT], total = 0;
	char *path, *at;
	enum outcome out;

	while ((c = getopt(argc, argv, "d:vn:t:x:")) != -1) {
		switch (c) {
		case 'd':
			data = optarg;
			break;
		case 'v':
			verbose = true;
			break;
		case 'n':
			dist = atoi(optarg);
			break;
		case 't':
			turns = atoi(optarg);
			break;
		case 'x':
			trace_unit = xstrdup(optarg);
			if ((at = strchr(trace_unit, '@')) == NULL ||
			    sscanf(at + 1, "%d,%d", &trace_to.x,
			    &trace_to.y) != 2)
				usage();
			*at = '\0';
			break;
		default:
			usage();
		}
	}
	if (data == NULL || dist < 1 || turns < 1)
		usage();
	names = optind < argc ? (const char *const *)argv + optind : bundled;
	printf("Move orders that arrive: every unit alone, the offered "
	    "route to each free point %d cells away in 8 directions, %d "
	    "turns at most\n", dist, turns);
	for (; *names != NULL; names++) {
		path = strchr(*names, '/') != NULL ? xstrdup(*names) :
		    xasprintf("%s/scenarios/%s.yaml", data, *names);
		if ((g = load(path, data, &rs)) == NULL)
			return 1;
		memset(count, 0, sizeof count);
		printf("  %s (%s)\n", *names, rs->name);
		for (u = 0; u < g->nunits; u++)
			for (k = 0; k < DIR_COUNT; k++) {
				to.x = g->units[u].pos.x + dist * dir_dx[k];
				to.y = g->units[u].pos.y + dist * dir_dy[k];
				if (!map_inside(g->map, to.x, to.y) ||
				    !unit_active(&g->units[u]) ||
				    game_unit_at(g, to.x, to.y) >= 0)
					continue;
				rs2 = NULL;
				if ((h = load(path, data, &rs2)) == NULL)
					return 1;
				out = march(h, u, to, turns, verbose);
				count[out]++;
				game_free(h);
				ruleset_free(rs2);
			}
		for (k = 0, n = 0; k < OUT_COUNT; k++)
			n += count[k];
		printf("    orders %d:", n);
		for (k = 0; k < OUT_COUNT; k++) {
			printf(" %s %d (%.0f%%)%s", outcome_name[k], count[k],
			    n > 0 ? 100.0 * count[k] / n : 0.0,
			    k + 1 < OUT_COUNT ? "," : "\n");
			all[k] += count[k];
		}
		total += n;
		game_free(g);
		ruleset_free(rs);
		rs = NULL;
		free(path);
	}
	printf("  all: orders %d, arrived %d, enemy %d, mob %d, stuck %d, "
	    "marching %d\n", total, all[OUT_ARRIVED], all[OUT_ENEMY],
	    all[OUT_MOB], all[OUT_STUCK], all[OUT_MARCHING]);
	free(trace_unit);
	return 0;
}
