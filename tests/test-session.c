/*
 * test-session.c - save slots (io/session.h): names made safe, the lock
 * and its stale-lock detection, sweeping what a killed save left, the
 * limits of a public server, and saves killed with SIGKILL at many
 * points always leaving the previous save whole.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "io/load.h"
#include "io/save.h"
#include "io/session.h"
#include "util/xalloc.h"

#define KILLS	40	/* saves killed part way in the SIGKILL test */

static char *
temp_dir(void)
{
	char *dir = xstrdup("/tmp/marshal-session-XXXXXX");

	assert_non_null(mkdtemp(dir));
	return dir;
}

static void
rm_dir(const char *dir)
{
	struct dirent *e;
	DIR *dp = opendir(dir);
	char *p;

	if (dp == NULL)
		return;
	while ((e = readdir(dp)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		p = xasprintf("%s/%s", dir, e->d_name);
		unlink(p);
		free(p);
	}
	closedir(dp);
	rmdir(dir);
}

static void
touch(const char *dir, const char *name, const char *text)
{
	char *p = xasprintf("%s/%s", dir, name);
	FILE *f = fopen(p, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	free(p);
}

static bool
exists(const char *dir, const char *name)
{
	char *p = xasprintf("%s/%s", dir, name);
	bool r = access(p, F_OK) == 0;

	free(p);
	return r;
}

static char *
default_scenario(void)
{
	const char *data = getenv("MARSHAL_DATA");

	return xasprintf("%s/scenarios/default.yaml", data != NULL ? data :
	    "data");
}

/* A name from the player or a path never leaves the save directory. */
static void
test_session_name_is_safe(void **state)
{
	static const char *const cases[][2] = {
		{ "data/scenarios/default.yaml", "default" },
		{ "../../etc/passwd", "passwd" },
		{ "a b;c$(x).yaml", "a_b_c__x_" },
		{ ".hidden", "_hidden" },
		{ "..", "_." },
		{ "dir/", "game" },
		{ "", "game" },
	};
	char *s, longname[200];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		s = session_name(cases[i][0]);
		assert_string_equal(s, cases[i][1]);
		assert_true(session_name_ok(s));
		free(s);
	}
	memset(longname, 'x', sizeof longname - 1);
	longname[sizeof longname - 1] = '\0';
	s = session_name(longname);
	assert_int_equal(strlen(s), SESSION_NAME_MAX);
	free(s);
	assert_false(session_name_ok("../x"));
	assert_false(session_name_ok(".x"));
	assert_false(session_name_ok(""));
	assert_false(session_name_ok("a/b"));
	assert_false(session_name_ok(longname));
}

/* One marshal per save: a running one keeps it, a dead one does not. */
static void
test_session_lock_refuses_live_takes_stale(void **state)
{
	struct session s, t;
	char *dir = temp_dir(), *cause, buf[32];
	pid_t child;

	(void)state;
	/* A lock held by a live process (a child that waits). */
	child = fork();
	assert_true(child >= 0);
	if (child == 0) {
		pause();
		_exit(0);
	}
	snprintf(buf, sizeof buf, "%ld\n", (long)child);
	touch(dir, "default.lock", buf);
	assert_int_equal(session_open(&s, dir, "default", 0, &cause), -1);
	assert_non_null(strstr(cause, "another marshal"));
	free(cause);
	assert_true(exists(dir, "default.lock"));

	/* Its process is gone: the lock is stale and taken over. */
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
	assert_int_equal(session_open(&s, dir, "default", 0, &cause), 0);

	/* Now we hold it; a lock of garbage is taken over too. */
	touch(dir, "other.lock", "not a pid");
	assert_int_equal(session_open(&t, dir, "other", 0, &cause), 0);
	session_close(&t);
	assert_false(exists(dir, "other.lock"));
	session_close(&s);
	assert_false(exists(dir, "default.lock"));
	rm_dir(dir);
	free(dir);
}

/* Temporary files of a killed save are removed, only this slot's. */
static void
test_session_sweeps_killed_saves(void **state)
{
	struct session s;
	char *dir = temp_dir(), *cause;

	(void)state;
	touch(dir, "default.save.tmp.a1B2c3", "half a sa");
	touch(dir, "default.save.tmp.zzzzzz", "");
	touch(dir, "other.save.tmp.a1B2c3", "another game's");
	assert_int_equal(session_open(&s, dir, "default", 0, &cause), 0);
	assert_int_equal(s.swept, 2);
	assert_false(exists(dir, "default.save.tmp.a1B2c3"));
	assert_false(exists(dir, "default.save.tmp.zzzzzz"));
	assert_true(exists(dir, "other.save.tmp.a1B2c3"));
	session_close(&s);
	rm_dir(dir);
	free(dir);
}

/* A public server bounds the number of saves and their size. */
static void
test_session_limits(void **state)
{
	struct ruleset *rs;
	struct session s;
	struct diags d;
	struct game *g;
	char *dir = temp_dir(), *cause, *scen = default_scenario(), *name;

	(void)state;
	touch(dir, "a.save", "x");
	touch(dir, "b.save", "x");
	touch(dir, "b.save.bad", "x");
	assert_int_equal(session_count(dir), 2);
	assert_int_equal(session_open(&s, dir, "c", 2, &cause), -1);
	assert_non_null(strstr(cause, "2 saved games"));
	free(cause);
	assert_false(exists(dir, "c.lock"));
	/* An existing slot may still be played. */
	assert_int_equal(session_open(&s, dir, "b", 2, &cause), 0);

	diags_init(&d);
	g = load_scenario(scen, getenv("MARSHAL_DATA"), &rs, &d);
	assert_non_null(g);
	assert_int_equal(session_save(&s, g, scen, 100, &cause), -1);
	assert_non_null(strstr(cause, "more than"));
	free(cause);
	assert_int_equal(session_count(dir), 2);
	assert_int_equal(session_save(&s, g, scen, 0, &cause), 0);
	name = session_latest(dir);
	assert_string_equal(name, "b");
	free(name);
	session_forget(&s);
	assert_false(session_has_save(&s));
	session_close(&s);
	game_free(g);
	ruleset_free(rs);
	diags_free(&d);
	free(scen);
	rm_dir(dir);
	free(dir);
}

/*
 * Saves killed with SIGKILL at many points: the file is always a whole
 * save, of one of the two states being written by turns.  A child writes
 * them in a loop; the parent kills it after a varying short while.
 */
static void
test_save_killed_at_many_points_loads_whole(void **state)
{
	struct ruleset *rs, *rs2;
	struct session s;
	struct diags d;
	struct game *g, *h;
	char *dir = temp_dir(), *cause, *scen = default_scenario();
	uint64_t first, second, got;
	pid_t child;
	int i, status, nfirst = 0, swept;

	(void)state;
	diags_init(&d);
	g = load_scenario(scen, getenv("MARSHAL_DATA"), &rs, &d);
	assert_non_null(g);
	first = save_digest(g);
	/* The second state: the first after a turn (in a copy). */
	h = load_scenario(scen, getenv("MARSHAL_DATA"), &rs2, &d);
	assert_non_null(h);
	game_turn(h);
	second = save_digest(h);
	game_free(h);
	ruleset_free(rs2);
	assert_true(first != second);

	assert_int_equal(session_open(&s, dir, "kill", 0, &cause), 0);
	assert_int_equal(session_save(&s, g, scen, 0, &cause), 0);
	for (i = 0; i < KILLS; i++) {
		child = fork();
		assert_true(child >= 0);
		if (child == 0) {
			/* The child's own copy of the game. */
			game_turn(g);
			for (;;)
				if (session_save(&s, g, scen, 0, &cause) != 0)
					_exit(3);
		}
		/* From at once to a few saves in (the time is no assertion). */
		usleep((useconds_t)(i % 10) * 700);
		kill(child, SIGKILL);
		assert_int_equal(waitpid(child, &status, 0), child);
		assert_true(WIFSIGNALED(status));

		h = save_load(s.save, getenv("MARSHAL_DATA"), &rs2, &d);
		if (h == NULL)
			diags_print(&d, stderr);
		assert_non_null(h);
		got = save_digest(h);
		game_free(h);
		ruleset_free(rs2);
		assert_true(got == first || got == second);
		if (got == first)
			nfirst++;
		/* Start each round from the first state again. */
		assert_int_equal(session_save(&s, g, scen, 0, &cause), 0);
	}
	/* Whatever the kills left behind is swept by the next opening. */
	session_close(&s);
	assert_int_equal(session_open(&s, dir, "kill", 0, &cause), 0);
	swept = s.swept;
	session_close(&s);
	assert_int_equal(session_count(dir), 1);
	assert_false(exists(dir, "kill.lock"));
	print_message("%d saves killed: %d left the old state, %d the new, "
	    "%d temporary files swept\n", KILLS, nfirst, KILLS - nfirst,
	    swept);
	game_free(g);
	ruleset_free(rs);
	diags_free(&d);
	free(scen);
	rm_dir(dir);
	free(dir);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_session_name_is_safe),
		cmocka_unit_test(test_session_lock_refuses_live_takes_stale),
		cmocka_unit_test(test_session_sweeps_killed_saves),
		cmocka_unit_test(test_session_limits),
		cmocka_unit_test(test_save_killed_at_many_points_loads_whole),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
