/*
 * bench-move.c - how long the movement phase takes on large battles, and
 * how long the loader takes to read one.  -R names the ruleset
 * (napoleonic by default; horse-and-musket too: bench/gen.c builds
 * battles for either).
 *
 * For each size (100, 1,000 and 10,000 units by default, on a 1000 x 1000
 * map) a battle is generated straight into a struct game (bench/gen.c, not
 * timed), then timed with CLOCK_MONOTONIC over several fresh copies:
 *   phase  one movement phase alone: nap_phase_movement for the
 *          Napoleonic module, when it provides it; for any other
 *          ruleset its phase_run of the "movement" phase (the ruleset
 *          interface, one phase line logged beside the walk);
 *   turn   one whole game_turn: every phase of the turn, movement included.
 * It prints the best and the median, the peak resident memory and an
 * estimate of the bytes the map and the units take.  Beside the phase's
 * wall time it prints its CPU time and how often the kernel took the
 * core away from it: on a machine shared with other work, wall time also
 * counts the time other processes ran, which is why runs of the same
 * work differ, and CPU time counts less of that.  Separately it writes
 * one generated battle of 1,000 units as a scenario file and times
 * load_scenario on it once (YAML parsing and checking, no movement).
 * With -o it only writes the battle (of the first -n size) as a scenario
 * file, for the tests that want a large battle to play (make stress).
 *
 * The target (10,000 units moved in under 50 ms on one core) is printed
 * beside the figure with PASS or MISS as information: the exit status
 * never depends on a timing.
 */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "bench/gen.h"
#include "core/game.h"
#include "io/load.h"
#include "core/ruleset.h"

#define TARGET_UNITS	10000
#define TARGET_MS	50.0
#define MAX_RUNS	50
#define MAX_SIZES	8

/*
 * The module's movement phase.  Declared weak so the benchmark still
 * builds (and times whole turns) before the module provides it.
 */
void nap_phase_movement(struct game *) __attribute__((weak));

static double
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* CPU time used by the process, in ms. */
static double
cpu_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* Times the kernel has taken the core from the process so far. */
static long
preempted(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru) != 0)
		return 0;
	return ru.ru_nivcsw;
}

static long
peak_kib(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru) != 0)
		return -1;
	return ru.ru_maxrss;	/* KiB on Linux */
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double
median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Whether the movement phase alone can be timed for rs. */
static bool
phase_timed(const struct ruleset *rs, int mp)
{
	if (mp < 0)
		return false;
	if (strcmp(rs->name, "napoleonic") == 0)
		return nap_phase_movement != NULL;
	return rs->ops != NULL && rs->ops->phase_run != NULL;
}

/* Run the movement phase mp of g alone (see phase_timed). */
static void
phase_movement(struct game *g, int mp)
{
	if (strcmp(g->rs->name, "napoleonic") == 0)
		nap_phase_movement(g);
	else
		g->rs->ops->phase_run(g, mp);
}

static int
phase_index(const struct ruleset *rs, const char *key)
{
	int p;

	for (p = 0; p < rs->nphases; p++)
		if (strcmp(rs->phase_keys[p], key) == 0)
			return p;
	return -1;
}

struct figures {
	int	 placed;
	int	 moved;		/* units that moved in the last phase run */
	double	 phase_best, phase_med;
	double	 cpu_best, cpu_med;	/* the phase's CPU time */
	long	 nivcsw;		/* preemptions during the phases */
	double	 turn_best, turn_med;
	long	 peak;
};

/* Time one size: runs fresh battles for the phase, truns for the turn. */
static int
bench_size(const struct ruleset *rs, int w, int h, int n, int runs,
    int truns, uint64_t seed, struct figures *fig)
{
	double phase[MAX_RUNS], cpu[MAX_RUNS], turn[MAX_RUNS], t0, c0;
	long s0;
	struct game *g;
	int r, u, mp = phase_index(rs, "movement");
	bool timed = phase_timed(rs, mp);

	memset(fig, 0, sizeof *fig);
	for (r = 0; r < runs; r++) {
		if ((g = bench_game_create(rs, w, h, n, seed)) == NULL)
			return -1;
		fig->placed = g->nunits;
		if (timed) {
			g->phase = mp;
			s0 = preempted();
			c0 = cpu_ms();
			t0 = now_ms();
			phase_movement(g, mp);
			phase[r] = now_ms() - t0;
			cpu[r] = cpu_ms() - c0;
			fig->nivcsw += preempted() - s0;
			g->phase = -1;
			fig->moved = 0;
			for (u = 0; u < g->nunits; u++)
				if (g->units[u].moved > 0)
					fig->moved++;
		}
		game_free(g);

		if (r >= truns)
			continue;
		if ((g = bench_game_create(rs, w, h, n, seed)) == NULL)
			return -1;
		t0 = now_ms();
		game_turn(g);
		turn[r] = now_ms() - t0;
		if (!timed) {
			fig->moved = 0;
			for (u = 0; u < g->nunits; u++)
				if (g->units[u].moved > 0)
					fig->moved++;
		}
		game_free(g);
	}
	if (timed) {
		fig->phase_best = phase[0];
		for (r = 1; r < runs; r++)
			if (phase[r] < fig->phase_best)
				fig->phase_best = phase[r];
		fig->phase_med = median(phase, runs);
		fig->cpu_best = cpu[0];
		for (r = 1; r < runs; r++)
			if (cpu[r] < fig->cpu_best)
				fig->cpu_best = cpu[r];
		fig->cpu_med = median(cpu, runs);
	} else
		fig->phase_best = fig->phase_med = -1;
	if (truns > 0) {
		fig->turn_best = turn[0];
		for (r = 1; r < truns; r++)
			if (turn[r] < fig->turn_best)
				fig->turn_best = turn[r];
		fig->turn_med = median(turn, truns);
	} else
		fig->turn_best = fig->turn_med = -1;
	fig->peak = peak_kib();
	return 0;
}

/* Write a generated battle of n units to a file and time loading it. */
static int
bench_load(const struct ruleset *rs, const char *datadir, int w, int h,
    int n, uint64_t seed)
{
	char path[4096];
	struct ruleset *rs2 = NULL;
	struct diags d;
	struct game *g;
	double t0, ms;
	long size;
	FILE *f;
	int fd;

	snprintf(path, sizeof path, "%s/marshal-bench-XXXXXX",
	    getenv("TMPDIR") != NULL ? getenv("TMPDIR") : P_tmpdir);
	if ((fd = mkstemp(path)) < 0 || (f = fdopen(fd, "w")) == NULL) {
		fprintf(stderr, "bench-move: %s: %s\n", path, strerror(errno));
		return -1;
	}
	if ((g = bench_game_create(rs, w, h, n, seed)) == NULL ||
	    bench_game_write(g, rs->name, f) != 0) {
		fprintf(stderr, "bench-move: cannot write %s\n", path);
		fclose(f);
		unlink(path);
		game_free(g);
		return -1;
	}
	size = ftell(f);
	fclose(f);
	n = g->nunits;
	game_free(g);

	diags_init(&d);
	t0 = now_ms();
	g = load_scenario(path, datadir, &rs2, &d);
	ms = now_ms() - t0;
	if (g == NULL) {
		diags_print(&d, stderr);
		fprintf(stderr, "bench-move: the generated scenario does not "
		    "load (kept as %s)\n", path);
		diags_free(&d);
		return -1;
	}
	printf("\nload_scenario of one generated YAML scenario: %d units, "
	    "%d x %d map, %.1f MB: %.1f ms (one run; parsing, checks, "
	    "%d orders)\n", g->nunits, w, h, (double)size / 1e6, ms, n);
	game_free(g);
	ruleset_free(rs2);
	diags_free(&d);
	unlink(path);
	return 0;
}

/* Write a generated battle of n units to path (-o); 0, or 1. */
static int
write_battle(const struct ruleset *rs, int w, int h, int n, uint64_t seed,
    const char *path)
{
	struct game *g;
	FILE *f;
	int rc = 0;

	if ((f = fopen(path, "w")) == NULL) {
		fprintf(stderr, "bench-move: %s: %s\n", path, strerror(errno));
		return 1;
	}
	if ((g = bench_game_create(rs, w, h, n, seed)) == NULL ||
	    bench_game_write(g, rs->name, f) != 0) {
		fprintf(stderr, "bench-move: cannot write %s\n", path);
		rc = 1;
	}
	if (fclose(f) != 0)
		rc = 1;
	game_free(g);
	return rc;
}

static void
usage(void)
{
	fprintf(stderr, "usage: bench-move [-d datadir] [-R ruleset] [-w width]"
	    " [-h height] [-r runs] [-t turn-runs (0: none)] [-s seed]"
	    " [-n units[,units...]] [-Y]\n"
	    "       bench-move [-d datadir] [-R ruleset] [-w width] "
	    "[-h height] [-s seed] [-n units] -o scenario.yaml\n");
	exit(2);
}

int
main(int argc, char **argv)
{
	const char *datadir = getenv("MARSHAL_DATA");
	int sizes[MAX_SIZES] = { 100, 1000, 10000 }, nsizes = 3;
	int w = 1000, h = 1000, runs = 5, truns = -1, yaml = 1, i, c;
	uint64_t seed = 1;
	struct figures fig;
	struct ruleset *rs;
	struct diags d;
	char *s, *end, phase_s[64], turn_s[64];
	const char *out = NULL;	/* -o: only write the battle there */
	const char *rsname = "napoleonic";
	double target_fig;

	while ((c = getopt(argc, argv, "d:R:w:h:r:t:s:n:Yo:")) != -1) {
		switch (c) {
		case 'd':
			datadir = optarg;
			break;
		case 'R':
			rsname = optarg;
			break;
		case 'w':
			w = atoi(optarg);
			break;
		case 'h':
			h = atoi(optarg);
			break;
		case 'r':
			runs = atoi(optarg);
			break;
		case 't':
			truns = atoi(optarg);
			break;
		case 's':
			seed = strtoull(optarg, NULL, 10);
			break;
		case 'n':
			nsizes = 0;
			for (s = optarg; *s != '\0' && nsizes < MAX_SIZES;
			    s = *end == ',' ? end + 1 : end) {
				sizes[nsizes++] = (int)strtol(s, &end, 10);
				if (end == s)
					usage();
			}
			break;
		case 'Y':
			yaml = 0;
			break;
		case 'o':
			out = optarg;
			break;
		default:
			usage();
		}
	}
	if (truns < 0 || truns > runs)
		truns = runs;
	if (w < 64 || h < 64 || w > MAP_MAX_SIDE || h > MAP_MAX_SIDE ||
	    runs < 1 || runs > MAX_RUNS)
		usage();
	if (datadir == NULL)
		datadir = MARSHAL_DATADIR;

	diags_init(&d);
	if ((rs = load_ruleset(rsname, datadir, &d)) == NULL) {
		diags_print(&d, stderr);
		return 1;
	}

	if (out != NULL) {
		/* A large battle for other tests (the stress hangups). */
		i = write_battle(rs, w, h, sizes[0], seed, out);
		ruleset_free(rs);
		diags_free(&d);
		return i;
	}

	if (strcmp(rsname, "napoleonic") == 0) {
		printf("marshal movement benchmark: %d x %d map, seed %llu, "
		    "%d runs per size, %d of whole turns (best / median, "
		    "ms)\n", w, h, (unsigned long long)seed, runs, truns);
		printf("phase = one movement phase (nap_phase_movement)%s; "
		    "turn = one whole game_turn, all phases\n",
		    nap_phase_movement != NULL ? "" :
		    " - not provided yet");
	} else {
		printf("marshal movement benchmark, ruleset %s: %d x %d map, "
		    "seed %llu, %d runs per size, %d of whole turns (best / "
		    "median, ms)\n", rsname, w, h, (unsigned long long)seed,
		    runs, truns);
		printf("phase = one movement phase (the ruleset's phase_run)%s;"
		    " turn = one whole game_turn, all phases\n",
		    phase_timed(rs, phase_index(rs, "movement")) ? "" :
		    " - not provided");
	}
	printf("memory: %zu bytes per cell (cell %zu + occupancy %zu), "
	    "%zu bytes per unit (struct unit), engine scratch not included\n\n",
	    sizeof(struct cell) + sizeof(int), sizeof(struct cell),
	    sizeof(int), sizeof(struct unit));
	printf("%8s %8s %8s %18s %18s %10s %9s %9s\n", "units", "placed",
	    "moved", "phase best/median", "turn best/median", "us/unit",
	    "peak MiB", "est. MiB");
	for (i = 0; i < nsizes; i++) {
		if (bench_size(rs, w, h, sizes[i], runs, truns, seed,
		    &fig) != 0) {
			fprintf(stderr, "bench-move: cannot generate a battle "
			    "(ruleset lacks a landscape or formation)\n");
			ruleset_free(rs);
			return 1;
		}
		target_fig = fig.phase_best >= 0 ? fig.phase_best :
		    fig.turn_best;
		if (fig.phase_best >= 0)
			snprintf(phase_s, sizeof phase_s, "%8.2f/%-9.2f",
			    fig.phase_best, fig.phase_med);
		else
			snprintf(phase_s, sizeof phase_s, "%18s", "n/a");
		if (fig.turn_best >= 0)
			snprintf(turn_s, sizeof turn_s, "%8.2f/%-9.2f",
			    fig.turn_best, fig.turn_med);
		else
			snprintf(turn_s, sizeof turn_s, "%18s", "not run");
		printf("%8d %8d %8d %s %s %10.2f %9.1f %9.1f",
		    sizes[i], fig.placed, fig.moved, phase_s, turn_s,
		    fig.placed > 0 ? target_fig * 1e3 / fig.placed : 0.0,
		    (double)fig.peak / 1024.0,
		    ((double)w * h * (sizeof(struct cell) + sizeof(int)) +
		    (double)fig.placed * sizeof(struct unit)) / (1 << 20));
		if (sizes[i] == TARGET_UNITS)
			printf("   target < %.0f ms (%s): %s", TARGET_MS,
			    fig.phase_best >= 0 ? "phase" : "turn",
			    target_fig < TARGET_MS ? "PASS" : "MISS");
		putchar('\n');
		if (fig.phase_best >= 0)
			printf("%8s phase CPU time best/median %.2f/%.2f ms; "
			    "preempted %ld times in %d runs\n", "",
			    fig.cpu_best, fig.cpu_med, fig.nivcsw, runs);
	}
	if (yaml)
		bench_load(rs, datadir, w, h, 1000, seed);
	ruleset_free(rs);
	diags_free(&d);
	return 0;
}
