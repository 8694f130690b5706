/*
 * test-alloc-fail.c - running out of memory in the middle of a load.
 *
 * For each kind of file marshal reads (ruleset, map, order of battle,
 * scenario, save, replay) a real input is loaded again and again with its
 * Nth allocation made to fail (util/xalloc.h, xalloc_test_fail), for N =
 * 1, 2, 3 ... until a load completes without reaching the Nth.  Every load
 * that reached it must return its ordinary error with "out of memory while
 * loading" among its diagnostics, and must free everything it built: the
 * heap in use (glibc's count) is the same after the attempt as before.
 * Under AddressSanitizer that count is not glibc's, so LeakSanitizer
 * checks at exit instead.  A load that did not reach N must succeed and
 * give the same result (a digest of what it built) as an undisturbed one,
 * and so must a normal load after the whole sweep.
 *
 * There are two ways to fail: only the Nth allocation (the ones after it
 * succeed, so the error paths that run after a failure are exercised: an
 * inner loader has caught it, the outer ones go on and report), and the
 * Nth and all after it (memory gone for good: the failure reaches every
 * loader in turn).  A file refused for what it says is swept too, for the
 * error paths of a bad load.
 *
 * Play is swept as well: the computer's orders, a whole turn and the save
 * after it, each N in a child process, must end in marshal play's clean
 * stop (exit status 1 and a notice, never an abort) with the last save
 * whole on disk.
 *
 * make check sweeps one small input of each kind, failing only the Nth,
 * and the scenario both ways.  With MARSHAL_STRESS set (make stress)
 * every input is swept both ways, and so are every bundled scenario and
 * map.  Under valgrind, far slower, make check tries every tenth N.
 *
 * libyaml allocates with malloc, not through xalloc.  In the plain build
 * this program puts its own malloc, calloc and realloc in front of
 * glibc's so that the YAML reader can be swept with every allocation,
 * libyaml's included, failed in turn (libyaml reports YAML_MEMORY_ERROR).
 * Not under AddressSanitizer, which must own malloc, nor under valgrind,
 * which takes the calls before they reach these.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <glob.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sys/wait.h>

#include "ai/ai.h"
#include "io/load.h"
#include "io/replay.h"
#include "io/save.h"
#include "io/yread.h"
#include "util/xalloc.h"

#if defined(__SANITIZE_ADDRESS__)
#define ALLOC_ASAN	1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ALLOC_ASAN	1
#endif
#endif

#ifndef ALLOC_ASAN
/*
 * glibc's allocator under the names it also exports, and a malloc in
 * front of it that can fail the Nth call.  Disarmed, it only passes on.
 */
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);

static unsigned long malloc_nth, malloc_count;
static bool malloc_armed;

static bool
malloc_hit(void)
{
	return malloc_armed && ++malloc_count == malloc_nth;
}

void *
malloc(size_t n)
{
	return malloc_hit() ? NULL : __libc_malloc(n);
}

void *
calloc(size_t count, size_t size)
{
	return malloc_hit() ? NULL : __libc_calloc(count, size);
}

void *
realloc(void *p, size_t n)
{
	return malloc_hit() ? NULL : __libc_realloc(p, n);
}
#endif

struct probe;
typedef int (*load_fn)(const struct probe *, struct diags *, uint64_t *);

/* One input and how to load it. */
struct probe {
	const char	*kind;		/* for messages */
	char		*path;		/* owned */
	load_fn		 load;		/* 0 loaded (and freed), -1 refused */
	bool		 good;		/* an undisturbed load succeeds */
};

static struct ruleset *shared_rs;	/* for the map loads */
static char *tmpdir;
static bool stress;			/* MARSHAL_STRESS: the long sweep */
static unsigned long step = 1;		/* N goes up by this (valgrind) */

static const char *
datadir(void)
{
	const char *d = getenv("MARSHAL_DATA");

	return d != NULL ? d : "data";
}

/* A file under the source tree (caller frees). */
static char *
srcpath(const char *rel)
{
	const char *top = getenv("top_srcdir");

	return xasprintf("%s/%s", top != NULL ? top : ".", rel);
}

static uint64_t
fnv(uint64_t h, const void *p, size_t len)
{
	const unsigned char *s = p;
	size_t i;

	for (i = 0; i < len; i++)
		h = (h ^ s[i]) * 1099511628211ULL;
	return h;
}

static uint64_t
fnv_str(uint64_t h, const char *s)
{
	return fnv(h, s != NULL ? s : "", s != NULL ? strlen(s) + 1 : 1);
}

/* What a game load built: the canonical state and the title. */
static uint64_t
game_print(const struct game *g)
{
	uint64_t h = save_digest(g);

	return fnv_str(h, g->title);
}

static int
load_rules(const struct probe *p, struct diags *d, uint64_t *out)
{
	struct ruleset *rs;
	uint64_t h = 14695981039346656037ULL;
	int i;

	if ((rs = load_ruleset(p->path, datadir(), d)) == NULL)
		return -1;
	h = fnv_str(h, rs->name);
	h = fnv_str(h, rs->title);
	h = fnv(h, &rs->ticks, sizeof rs->ticks);
	for (i = 0; i < rs->nphases; i++)
		h = fnv_str(h, rs->phases[i]);
	for (i = 0; i < rs->nland; i++)
		h = fnv_str(h, rs->land[i].label);
	for (i = 0; i < rs->nform; i++)
		h = fnv_str(h, rs->form[i].label);
	for (i = 0; i < rs->nklass; i++)
		h = fnv_str(h, rs->klass[i].label);
	for (i = 0; i < rs->nobst; i++)
		h = fnv_str(h, rs->obst[i].label);
	*out = h;
	ruleset_free(rs);
	return 0;
}

static int
load_map(const struct probe *p, struct diags *d, uint64_t *out)
{
	struct doc_node *root;
	struct map *m;
	uint64_t h = 14695981039346656037ULL;
	int i;

	if ((root = yread_file(p->path, d)) == NULL)
		return -1;
	m = load_map_doc(shared_rs, root, d);
	doc_free(root);
	if (m == NULL)
		return -1;
	h = fnv_str(h, m->name);
	h = fnv(h, &m->w, sizeof m->w);
	h = fnv(h, &m->h, sizeof m->h);
	h = fnv(h, m->cells, (size_t)m->w * (size_t)m->h * sizeof *m->cells);
	for (i = 0; i < m->nlabels; i++)
		h = fnv_str(h, m->labels[i].text);
	*out = h;
	map_free(m);
	return 0;
}

static int
load_scen(const struct probe *p, struct diags *d, uint64_t *out)
{
	struct ruleset *rs;
	struct game *g;

	if ((g = load_scenario(p->path, datadir(), &rs, d)) == NULL)
		return -1;
	*out = game_print(g);
	game_free(g);
	ruleset_free(rs);
	return 0;
}

static int
load_save(const struct probe *p, struct diags *d, uint64_t *out)
{
	struct ruleset *rs;
	struct game *g;

	if ((g = save_load(p->path, datadir(), &rs, d)) == NULL)
		return -1;
	*out = game_print(g);
	game_free(g);
	ruleset_free(rs);
	return 0;
}

static int
load_replay(const struct probe *p, struct diags *d, uint64_t *out)
{
	struct replay *r;
	struct ruleset *rs;
	struct game *g;

	if ((r = replay_read(p->path, d)) == NULL)
		return -1;
	if ((g = replay_start(r, datadir(), &rs, d)) == NULL) {
		replay_free(r);
		return -1;
	}
	*out = game_print(g) ^ r->digest ^ (uint64_t)r->n;
	game_free(g);
	ruleset_free(rs);
	replay_free(r);
	return 0;
}

/* Bytes glibc has handed out and not had back; 0 under ASan. */
static size_t
heap_in_use(void)
{
#ifdef ALLOC_ASAN
	return 0;
#else
	return mallinfo2().uordblks;
#endif
}

/*
 * Sweep one input: N = 1, 2, ... until a load no longer reaches the Nth
 * allocation.  Returns how many loads were tried (the last N is in *last).
 */
static unsigned long
sweep(const struct probe *p, bool every, unsigned long *last)
{
	struct diags d;
	uint64_t want = 0, got;
	unsigned long n, tried = 0;
	size_t before, after;
	bool reached;
	int rc;

	/* An undisturbed load first: the result every later one must give
	 * (and the one-time allocations of the C library are made). */
	diags_init(&d);
	xalloc_test_fail(0, false);
	rc = p->load(p, &d, &want);
	if ((rc == 0) != p->good) {
		diags_print(&d, stderr);
		fail_msg("%s %s: expected the load to %s", p->kind, p->path,
		    p->good ? "succeed" : "be refused");
	}
	diags_free(&d);

	for (n = 1;; n += step) {
		before = heap_in_use();
		diags_init(&d);
		got = 0;
		xalloc_test_fail(n, every);
		tried++;
		rc = p->load(p, &d, &got);
		reached = xalloc_test_count() >= n;
		xalloc_test_fail(0, false);
		if (reached && (rc == 0 || !d.oom)) {
			diags_print(&d, stderr);
			fail_msg("%s %s: allocation %lu%s failed, yet the load "
			    "%s", p->kind, p->path, n, every ? " on" : "",
			    rc == 0 ? "succeeded" : "did not say out of memory");
		}
		if (!reached && ((rc == 0) != p->good || got != want)) {
			diags_print(&d, stderr);
			fail_msg("%s %s: a load of fewer than %lu allocations "
			    "is not the undisturbed one", p->kind, p->path, n);
		}
		diags_free(&d);
		after = heap_in_use();
		if (after != before)
			fail_msg("%s %s: allocation %lu%s failed: %zd bytes "
			    "left behind", p->kind, p->path, n,
			    every ? " on" : "", (ssize_t)(after - before));
		if (!reached)
			break;
	}

	/* Nothing left over spoils the next load. */
	diags_init(&d);
	got = 0;
	rc = p->load(p, &d, &got);
	assert_int_equal(rc == 0, p->good);
	assert_true(got == want);
	diags_free(&d);
	*last = n;
	return tried;
}

/* Sweep failing the Nth; failing from the Nth on too if both or stress. */
static void
sweep_input(const struct probe *p, bool both)
{
	unsigned long one, on, last;

	one = sweep(p, false, &last);
	printf("alloc-fail: %-8s %s: %lu loads failing the Nth allocation "
	    "(N = 1..%lu%s)", p->kind, p->path, one, last,
	    step > 1 ? " by tens: valgrind" : "");
	if (both || stress) {
		on = sweep(p, true, &last);
		printf(", %lu failing from the Nth on", on);
	}
	printf("\n");
	fflush(stdout);
}

static struct probe
probe(const char *kind, char *path, load_fn load, bool good)
{
	struct probe p = { kind, path, load, good };

	return p;
}

static void
test_alloc_fail_ruleset(void **state)
{
	struct probe p = probe("ruleset",
	    xasprintf("%s/rulesets/napoleonic.yaml", datadir()), load_rules,
	    true);

	(void)state;
	sweep_input(&p, false);
	free(p.path);
}

static void
test_alloc_fail_map(void **state)
{
	struct probe p = probe("map",
	    xasprintf("%s/maps/coa-1810.yaml", datadir()), load_map, true);

	(void)state;
	sweep_input(&p, false);
	free(p.path);
}

/* Orders of battle are read as files named by a scenario: this one
 * names two (and gives a standing order). */
static void
test_alloc_fail_oob(void **state)
{
	struct probe p = probe("oob", srcpath("tests/data/alloc/oob-files.yaml"),
	    load_scen, true);

	(void)state;
	sweep_input(&p, false);
	free(p.path);
}

/* A scenario with its map and orders of battle inline. */
static void
test_alloc_fail_scenario(void **state)
{
	struct probe p = probe("scenario", srcpath("tests/data/load/good.yaml"),
	    load_scen, true);

	(void)state;
	sweep_input(&p, true);
	free(p.path);
}

/* A scenario refused late (two units overlap): the error paths. */
static void
test_alloc_fail_refused(void **state)
{
	struct probe p = probe("refused",
	    srcpath("tests/data/malformed/scenario-overlap.yaml"), load_scen,
	    false);

	(void)state;
	sweep_input(&p, false);
	free(p.path);
}

/* A save made a turn into that scenario, a unit on the move. */
static void
test_alloc_fail_save(void **state)
{
	struct probe p;
	struct ruleset *rs;
	struct diags d;
	struct game *g;
	char *scen, *cause = NULL;

	(void)state;
	scen = srcpath("tests/data/alloc/oob-files.yaml");
	diags_init(&d);
	g = load_scenario(scen, datadir(), &rs, &d);
	assert_non_null(g);
	game_turn(g);
	p = probe("save", xasprintf("%s/turn2.save", tmpdir), load_save,
	    true);
	/* a has marched halfway under its order */
	assert_int_equal(g->units[0].pos.y, 2);
	assert_int_equal(g->units[0].order.kind, ORDER_MOVE);
	if (save_file(g, scen, p.path, &cause) != 0)
		fail_msg("cannot save: %s", cause);
	game_free(g);
	ruleset_free(rs);
	diags_free(&d);
	sweep_input(&p, false);
	unlink(p.path);
	free(p.path);
	free(scen);
}

/*
 * One stretch of play as marshal play runs it: the computer's orders for
 * both sides, the turn, then the save of the slot.  Only in a child.
 */
static void
play_stretch(struct game *g, const char *scen, const char *save)
{
	char *cause = NULL;
	int s;

	for (s = 0; s < g->nsides; s++)
		ai_orders(g, s, AI_NORMAL, NULL);
	game_turn(g);
	if (save_file(g, scen, save, &cause) != 0)
		_exit(3);
	_exit(0);
}

/*
 * Out of memory during play (issue 14, item 6): the AI's orders, a whole
 * turn and the save after it, with the Nth allocation failing, for every
 * N up to the stretch's count (every tenth in make check, every one in
 * make stress).  Outside a loader's region that is a clean stop
 * (xalloc_set_fail_stop, as marshal play sets it): exit status 1, never
 * an abort, the notice saying the last save is kept, and the save on disk
 * is the one before the stretch, whole, or - if N was past the stretch -
 * the new one.
 */
static void
test_alloc_fail_play_turn_and_save(void **state)
{
	static const char notice[] = "marshal: the game is stopped; its last "
	    "save is kept whole";
	struct ruleset *rs, *rs2;
	struct diags d;
	struct game *g, *h;
	char *scen, *save, *errf, *cause = NULL, buf[512];
	uint64_t before, after;
	unsigned long n, count, stride, stops = 0;
	int status;
	pid_t pid;
	FILE *f;

	(void)state;
	/* The default battle: 12 units a side, the AI at work. */
	scen = xasprintf("%s/scenarios/default.yaml", datadir());
	save = xasprintf("%s/play.save", tmpdir);
	errf = xasprintf("%s/play.err", tmpdir);
	diags_init(&d);
	g = load_scenario(scen, datadir(), &rs, &d);
	assert_non_null(g);
	assert_int_equal(save_file(g, scen, save, &cause), 0);
	before = save_digest(g);
	/* The state the stretch leads to, and its count of allocations. */
	h = load_scenario(scen, datadir(), &rs2, &d);
	assert_non_null(h);
	xalloc_test_fail(0, false);
	for (n = 0; n < (unsigned long)h->nsides; n++)
		ai_orders(h, (int)n, AI_NORMAL, NULL);
	game_turn(h);
	count = xalloc_test_count();
	after = save_digest(h);
	assert_true(count > 10);
	game_free(h);
	ruleset_free(rs2);
	stride = stress ? 1 : step * 10 > count / 200 ? step * 10 :
	    count / 200;
	for (n = 1; n <= count + 40; n += n <= count ? stride : 1) {
		fflush(NULL);
		pid = fork();
		assert_true(pid >= 0);
		if (pid == 0) {
			if (freopen(errf, "w", stderr) == NULL)
				_exit(4);
			xalloc_set_fail_stop(1, notice);
			xalloc_test_fail(n, false);
			play_stretch(g, scen, save);
		}
		assert_int_equal(waitpid(pid, &status, 0), pid);
		if (!WIFEXITED(status))
			fail_msg("N=%lu: play did not stop cleanly (status 0x%x)",
			    n, status);
		h = save_load(save, datadir(), &rs2, &d);
		if (h == NULL)
			diags_print(&d, stderr);
		assert_non_null(h);
		if (WEXITSTATUS(status) == 1) {
			stops++;
			assert_true(save_digest(h) == before);
			assert_non_null(f = fopen(errf, "r"));
			assert_non_null(fgets(buf, sizeof buf, f));
			assert_non_null(strstr(buf, "out of memory"));
			assert_non_null(fgets(buf, sizeof buf, f));
			assert_non_null(strstr(buf, notice));
			fclose(f);
		} else {
			assert_int_equal(WEXITSTATUS(status), 0);
			assert_true(save_digest(h) == after);
			/* The next stretch starts from the old save again. */
			assert_int_equal(save_file(g, scen, save, &cause), 0);
		}
		game_free(h);
		ruleset_free(rs2);
	}
	printf("alloc-fail: play: %lu allocations in the AI and a turn of "
	    "the default battle, then the save's; %lu stops, each keeping "
	    "the last save whole\n", count, stops);
	assert_true(stops > 0);
	unlink(save);
	unlink(errf);
	free(save);
	free(errf);
	free(scen);
	game_free(g);
	ruleset_free(rs);
	diags_free(&d);
}

/* A replay with its scenario inline and orders for four turns. */
static void
test_alloc_fail_replay(void **state)
{
	struct probe p = probe("replay", srcpath("tests/replays/couriers.yaml"),
	    load_replay, true);

	(void)state;
	sweep_input(&p, false);
	free(p.path);
}

/*
 * The YAML reader with every malloc failed in turn, libyaml's too: each
 * read that reached the Nth returns NULL saying out of memory (from
 * xalloc or from YAML_MEMORY_ERROR) and leaves nothing behind.
 */
static void
test_alloc_fail_libyaml(void **state)
{
#ifdef ALLOC_ASAN
	(void)state;
	printf("alloc-fail: libyaml's mallocs: not under AddressSanitizer\n");
#else
	struct diags d;
	struct doc_node *root;
	unsigned long n;
	size_t before, after, len;
	bool reached;
	char *path, *buf;
	FILE *f;

	(void)state;
	path = xasprintf("%s/rulesets/napoleonic.yaml", datadir());
	buf = xcalloc(1, 1 << 16);
	if ((f = fopen(path, "r")) == NULL)
		fail_msg("cannot open %s", path);
	len = fread(buf, 1, 1 << 16, f);
	fclose(f);
	for (n = 1;; n += step) {
		before = heap_in_use();
		diags_init(&d);
		malloc_count = 0;
		malloc_nth = n;
		malloc_armed = true;
		root = yread_buffer(path, buf, len, &d);
		malloc_armed = false;
		reached = malloc_count >= n;
		if (n == 1 && !reached) {
			/* valgrind answers malloc before it gets here */
			printf("alloc-fail: libyaml's mallocs: this malloc is "
			    "not called here (valgrind?)\n");
			doc_free(root);
			diags_free(&d);
			break;
		}
		if (reached && (root != NULL || !d.oom)) {
			diags_print(&d, stderr);
			fail_msg("malloc %lu failed, yet the read %s", n,
			    root != NULL ? "succeeded" : "did not say out of "
			    "memory");
		}
		if (!reached && root == NULL) {
			diags_print(&d, stderr);
			fail_msg("a read of fewer than %lu mallocs failed", n);
		}
		doc_free(root);
		diags_free(&d);
		after = heap_in_use();
		if (after != before)
			fail_msg("malloc %lu failed: %zd bytes left behind", n,
			    (ssize_t)(after - before));
		if (!reached) {
			printf("alloc-fail: libyaml %s: %lu reads failing the "
			    "Nth malloc, libyaml's and ours\n", path, n);
			break;
		}
	}
	free(buf);
	free(path);
#endif
}

/* make stress: every bundled scenario and map. */
static void
test_alloc_fail_bundled(void **state)
{
	const char *kinds[] = { "scenarios", "maps" };
	load_fn fns[] = { load_scen, load_map };
	struct probe p;
	glob_t gl;
	char *pat;
	size_t i;
	int k;

	(void)state;
	if (!stress) {
		printf("alloc-fail: every bundled file: with MARSHAL_STRESS "
		    "set (make stress)\n");
		return;
	}
	for (k = 0; k < 2; k++) {
		pat = xasprintf("%s/%s/*.yaml", datadir(), kinds[k]);
		assert_int_equal(glob(pat, 0, NULL, &gl), 0);
		for (i = 0; i < gl.gl_pathc; i++) {
			p = probe(k == 0 ? "scenario" : "map",
			    xstrdup(gl.gl_pathv[i]), fns[k], true);
			sweep_input(&p, false);
			free(p.path);
		}
		globfree(&gl);
		free(pat);
	}
}

static int
setup(void **state)
{
	struct diags d;
	const char *t = getenv("TMPDIR");

	(void)state;
	diags_init(&d);
	shared_rs = load_ruleset("napoleonic", datadir(), &d);
	if (shared_rs == NULL) {
		diags_print(&d, stderr);
		return -1;
	}
	diags_free(&d);
	tmpdir = xasprintf("%s/marshal-alloc-XXXXXX", t != NULL && *t == '/' ?
	    t : "/tmp");
	return mkdtemp(tmpdir) == NULL ? -1 : 0;
}

static int
teardown(void **state)
{
	(void)state;
	ruleset_free(shared_rs);
	rmdir(tmpdir);
	free(tmpdir);
	return 0;
}

int
main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_alloc_fail_ruleset),
		cmocka_unit_test(test_alloc_fail_map),
		cmocka_unit_test(test_alloc_fail_oob),
		cmocka_unit_test(test_alloc_fail_scenario),
		cmocka_unit_test(test_alloc_fail_refused),
		cmocka_unit_test(test_alloc_fail_save),
		cmocka_unit_test(test_alloc_fail_replay),
		cmocka_unit_test(test_alloc_fail_play_turn_and_save),
		cmocka_unit_test(test_alloc_fail_libyaml),
		cmocka_unit_test(test_alloc_fail_bundled),
	};

	(void)argc;
	stress = getenv("MARSHAL_STRESS") != NULL;
#ifdef ALLOC_ASAN
	printf("alloc-fail: AddressSanitizer: leaks are LeakSanitizer's to "
	    "find at exit\n");
#else
	/*
	 * glibc keeps small freed blocks in a per-thread cache that
	 * mallinfo2 counts as in use; with the cache off the count is exact.
	 * The cache is set when the program starts, so start again without
	 * it (not under valgrind, whose own allocator counts exactly).
	 */
	if (strstr(getenv("LD_PRELOAD") != NULL ? getenv("LD_PRELOAD") : "",
	    "vgpreload") != NULL) {
		if (!stress)
			step = 10;
	} else if (getenv("MARSHAL_ALLOC_NOCACHE") == NULL) {
		const char *t = getenv("GLIBC_TUNABLES");
		char *tun = xasprintf("%s%sglibc.malloc.tcache_count=0",
		    t != NULL ? t : "", t != NULL && *t != '\0' ? ":" : "");

		setenv("GLIBC_TUNABLES", tun, 1);
		setenv("MARSHAL_ALLOC_NOCACHE", "1", 1);
		execv("/proc/self/exe", argv);
		perror("test-alloc-fail: cannot start again");
		return 1;
	}
#endif
	return cmocka_run_group_tests(tests, setup, teardown);
}
