/*
 * bench-replay.c - what stepping through a recording costs (issue 16).
 *
 * The interface shows a recording turn by turn (ui/view-replay.c,
 * cli/replay.c): a step on plays one turn; a step back plays the
 * recording again from its start up to the turn asked, as a game cannot
 * be played backwards.  This records a whole battle of the default
 * scenario played by the computer on both sides (normal level), through
 * the same ear on game_order that marshal play uses, then times, as the
 * viewer does them:
 *   - from the end (after the last turn) back to turn 1: the step back
 *     of 12 turns (the start again, turn 1's orders given);
 *   - from the end back one turn, to the last turn: the dearest step
 *     back, every turn but the last played again;
 *   - a step on, from turn 1 to turn 2.
 * Each is repeated (-n, 9 by default) and the median printed.  Figures
 * only: the exit status never depends on them.
 *
 *     bench-replay [-d DATADIR] [-n RUNS]
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ai/ai.h"
#include "core/game.h"
#include "io/load.h"
#include "io/replay.h"
#include "util/diag.h"
#include "util/xalloc.h"

#define MAX_RUNS	101

static double
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static void
record(void *arg, const struct game *g, const struct order *o)
{
	replay_add(arg, g, o);
}

/* The viewer's seek from nothing: the start, then on to turn. */
static struct game *
seek(const struct replay *r, const char *datadir, int turn,
    struct ruleset **rs)
{
	struct diags d;
	struct game *g;
	int at = 1;

	diags_init(&d);
	if ((g = replay_start(r, datadir, rs, &d)) == NULL ||
	    replay_give(r, g, &d) != 0) {
		diags_print(&d, stderr);
		exit(1);
	}
	for (; at < turn; at++) {
		game_turn(g);
		if (!game_over(g) && replay_give(r, g, &d) != 0) {
			diags_print(&d, stderr);
			exit(1);
		}
	}
	diags_free(&d);
	return g;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The median time of runs seeks to turn (from nothing), in ms. */
static double
time_seek(const struct replay *r, const char *datadir, int turn, int runs)
{
	struct ruleset *rs;
	struct game *g;
	double t[MAX_RUNS], t0;
	int i;

	for (i = 0; i < runs; i++) {
		t0 = now_ms();
		g = seek(r, datadir, turn, &rs);
		t[i] = now_ms() - t0;
		game_free(g);
		ruleset_free(rs);
	}
	qsort(t, (size_t)runs, sizeof t[0], cmp_double);
	return t[runs / 2];
}

int
main(int argc, char **argv)
{
	const char *datadir = "data";
	struct ruleset *rs, *rs2;
	struct replay *r;
	struct game *g;
	struct diags d;
	char *path;
	double t[MAX_RUNS], t0;
	int c, runs = 9, i, played = 0;

	while ((c = getopt(argc, argv, "d:n:")) != -1)
		switch (c) {
		case 'd':
			datadir = optarg;
			break;
		case 'n':
			runs = atoi(optarg);
			break;
		default:
			fprintf(stderr, "usage: bench-replay [-d DATADIR] "
			    "[-n RUNS]\n");
			return 2;
		}
	if (runs < 1 || runs > MAX_RUNS)
		runs = 9;
	path = xasprintf("%s/scenarios/default.yaml", datadir);
	diags_init(&d);
	if ((g = load_scenario(path, datadir, &rs, &d)) == NULL) {
		diags_print(&d, stderr);
		return 1;
	}
	diags_free(&d);
	/* The path as the recording names it: relative to the data. */
	r = replay_record(g, path);
	free(r->scenario);
	r->scenario = realpath(path, NULL);
	g->on_order = record;
	g->on_order_arg = r;
	while (!game_over(g) && (g->opt.turn_limit == 0 ||
	    played < g->opt.turn_limit)) {
		ai_orders(g, 0, AI_NORMAL, NULL);
		ai_orders(g, 1, AI_NORMAL, NULL);
		game_turn(g);
		played++;
	}
	r->turns = played;
	printf("replay: the default battle, %d turns, %d orders recorded "
	    "(computer against computer, normal)\n", played, r->n);
	printf("  step back %d turns (the end to turn 1): %.1f ms\n",
	    played, time_seek(r, datadir, 1, runs));
	printf("  step back 1 turn (the end to turn %d, %d turns played "
	    "again): %.1f ms\n", played, played - 1,
	    time_seek(r, datadir, played, runs));
	for (i = 0; i < runs; i++) {
		struct game *h = seek(r, datadir, 1, &rs2);
		struct diags d2;

		diags_init(&d2);
		t0 = now_ms();
		game_turn(h);
		if (!game_over(h))
			replay_give(r, h, &d2);
		t[i] = now_ms() - t0;
		diags_free(&d2);
		game_free(h);
		ruleset_free(rs2);
	}
	qsort(t, (size_t)runs, sizeof t[0], cmp_double);
	printf("  step on 1 turn (turn 1 to 2): %.1f ms\n", t[runs / 2]);
	replay_free(r);
	game_free(g);
	ruleset_free(rs);
	free(path);
	return 0;
}
