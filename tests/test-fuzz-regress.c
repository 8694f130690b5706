/*
 * test-fuzz-regress.c - the fuzzing harnesses (tests/fuzz) run over the
 * inputs kept in tests/data/fuzz-regress/KIND/ (a seed corpus of small good
 * and broken files, and every input that once crashed a loader), and over
 * good files of each kind, which the harness must see loaded (else it tests
 * nothing).  A crash, or under the sanitizers or valgrind a memory error,
 * fails the test, and so does a kind with no kept input.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz/fuzz.h"
#include "util/xalloc.h"

typedef int (*harness)(const uint8_t *, size_t);

static char *
slurp(const char *path, size_t *len)
{
	struct stat st;
	char *buf;
	FILE *f;

	if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) ||
	    (f = fopen(path, "rb")) == NULL)
		return NULL;
	buf = xcalloc((size_t)st.st_size + 1, 1);
	*len = fread(buf, 1, (size_t)st.st_size, f);
	fclose(f);
	return buf;
}

static const char *
srcdir(void)
{
	const char *s = getenv("top_srcdir");

	return s != NULL ? s : ".";
}

/* Run h over every file of dir; returns how many, *loaded how many the
 * loader accepted. */
static int
run_dir(const char *dir, harness h, int *loaded)
{
	struct dirent *e;
	DIR *dp;
	char *p, *buf;
	size_t len;
	int n = 0;

	*loaded = 0;
	if ((dp = opendir(dir)) == NULL)
		return 0;
	while ((e = readdir(dp)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		p = xasprintf("%s/%s", dir, e->d_name);
		if ((buf = slurp(p, &len)) != NULL) {
			h((const uint8_t *)buf, len);
			*loaded += fuzz_loaded;
			n++;
			free(buf);
		}
		free(p);
	}
	closedir(dp);
	return n;
}

/* A good file of the kind: the harness must report it loaded. */
static void
good(harness h, const char *rel)
{
	char *p = xasprintf("%s/%s", srcdir(), rel), *buf;
	size_t len;

	buf = slurp(p, &len);
	assert_non_null(buf);
	h((const uint8_t *)buf, len);
	if (!fuzz_loaded)
		fail_msg("%s: the harness did not load a good file", rel);
	free(buf);
	free(p);
}

static void
regress(const char *kind, harness h)
{
	char *dir = xasprintf("%s/tests/data/fuzz-regress/%s", srcdir(), kind);
	int n, loaded;

	n = run_dir(dir, h, &loaded);
	print_message("%s: %d kept inputs run, %d of them loaded\n", kind, n,
	    loaded);
	/* An empty or missing directory would pass while testing nothing. */
	if (n == 0)
		fail_msg("%s: no kept inputs in %s", kind, dir);
	free(dir);
}

static void
test_fuzz_regress_ruleset(void **state)
{
	(void)state;
	good(fuzz_ruleset, "data/rulesets/napoleonic.yaml");
	regress("ruleset", fuzz_ruleset);
}

static void
test_fuzz_regress_map(void **state)
{
	(void)state;
	good(fuzz_map, "data/maps/default.yaml");
	regress("map", fuzz_map);
}

static void
test_fuzz_regress_oob(void **state)
{
	(void)state;
	good(fuzz_oob, "data/oob/french-vautrin.yaml");
	regress("oob", fuzz_oob);
}

static void
test_fuzz_regress_scenario(void **state)
{
	(void)state;
	good(fuzz_scenario, "data/scenarios/default.yaml");
	regress("scenario", fuzz_scenario);
}

static void
test_fuzz_regress_save(void **state)
{
	(void)state;
	good(fuzz_save, "tests/fuzz/seeds/save/default-turn1.save");
	regress("save", fuzz_save);
}

static void
test_fuzz_regress_replay(void **state)
{
	(void)state;
	good(fuzz_replay, "tests/replays/couriers.yaml");
	regress("replay", fuzz_replay);
}

static void
test_fuzz_regress_pbem(void **state)
{
	(void)state;
	good(fuzz_pbem, "tests/fuzz/seeds/pbem/b-turn2.body");
	good(fuzz_pbem, "tests/fuzz/seeds/pbem/a-turn2.body");
	regress("pbem", fuzz_pbem);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fuzz_regress_ruleset),
		cmocka_unit_test(test_fuzz_regress_map),
		cmocka_unit_test(test_fuzz_regress_oob),
		cmocka_unit_test(test_fuzz_regress_scenario),
		cmocka_unit_test(test_fuzz_regress_save),
		cmocka_unit_test(test_fuzz_regress_replay),
		cmocka_unit_test(test_fuzz_regress_pbem),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
