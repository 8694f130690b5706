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

/*
 * One marshal per save: a running one keeps it, a dead one does not, and
 * a lock file naming a live process that holds no lock (a pid reused
 * after a crash or a reboot) locks nobody out.
 */
static void
test_session_lock_refuses_live_takes_stale(void **state)
{
	struct session s, t;
	char *dir = temp_dir(), *cause, buf[32], *p;
	int ready[2];
	pid_t child;

	(void)state;
	/* A pid that runs but holds no lock: the reproduction. */
	child = fork();
	assert_true(child >= 0);
	if (child == 0) {
		pause();
		_exit(0);
	}
	snprintf(buf, sizeof buf, "%ld\n", (long)child);
	touch(dir, "default.lock", buf);
	assert_int_equal(session_open(&s, dir, "default", 0, false, &cause), 0);
	session_close(&s);
	assert_false(exists(dir, "default.lock"));
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);

	/* A live marshal holding the lock (a child that took it). */
	assert_int_equal(pipe(ready), 0);
	child = fork();
	assert_true(child >= 0);
	if (child == 0) {
		if (session_open(&s, dir, "default", 0, false, &cause) != 0)
			_exit(1);
		if (write(ready[1], "x", 1) != 1)
			_exit(1);
		pause();
		_exit(0);
	}
	assert_int_equal(read(ready[0], buf, 1), 1);
	close(ready[0]);
	close(ready[1]);
	assert_int_equal(session_open(&s, dir, "default", 0, false, &cause), -1);
	snprintf(buf, sizeof buf, "process %ld", (long)child);
	assert_non_null(strstr(cause, "played in another session"));
	assert_non_null(strstr(cause, buf));
	assert_null(strstr(cause, "remove"));
	free(cause);
	assert_true(exists(dir, "default.lock"));

	/* It is killed: the kernel lets the lock go and it is taken. */
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
	assert_true(exists(dir, "default.lock"));
	assert_int_equal(session_open(&s, dir, "default", 0, false, &cause), 0);

	/* Now we hold it; a lock of garbage is taken over too. */
	touch(dir, "other.lock", "not a pid");
	assert_int_equal(session_open(&t, dir, "other", 0, false, &cause), 0);
	session_close(&t);
	assert_false(exists(dir, "other.lock"));
	/* A symlink in place of the lock is not followed. */
	p = xasprintf("%s/third.lock", dir);
	assert_int_equal(symlink("/tmp/marshal-nowhere", p), 0);
	assert_int_equal(session_open(&t, dir, "third", 0, false, &cause), -1);
	free(cause);
	unlink(p);
	free(p);
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
	assert_int_equal(session_open(&s, dir, "default", 0, false, &cause), 0);
	assert_int_equal(s.swept, 2);
	assert_false(exists(dir, "default.save.tmp.a1B2c3"));
	assert_false(exists(dir, "default.save.tmp.zzzzzz"));
	assert_true(exists(dir, "other.save.tmp.a1B2c3"));
	session_close(&s);
	rm_dir(dir);
	free(dir);
}

/* The text of a save of g naming scenario (written as it is given). */
static char *
save_naming(const struct game *g, const char *scenario)
{
	char *buf = NULL, *text;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	save_write(g, scenario, f);
	fclose(f);
	text = xstrdup(buf);
	free(buf);
	return text;
}

/* The first diagnostic, formatted (allocated). */
static char *
first_diag(const struct diags *d)
{
	assert_true(d->n > 0);
	return diag_format(&d->v[0]);
}

/*
 * Restricted mode trusts no file (issue 14, item 3): a save may only name
 * a bundled scenario, refused at its scenario line without the file named
 * being opened (so its contents are never shown); a save or a player
 * directory that is a symbolic link is not followed.
 */
static void
test_session_restricted_trusts_no_file(void **state)
{
	struct ruleset *rs, *rs2;
	struct session s;
	struct diags d;
	struct game *g, *h;
	char *dir = temp_dir(), *cause, *scen = default_scenario(), *p, *q;
	char *text, *msg, *sub, *elsewhere, *got;

	(void)state;
	diags_init(&d);
	g = load_scenario(scen, getenv("MARSHAL_DATA"), &rs, &d);
	assert_non_null(g);

	/* A player directory that is a symbolic link is refused. */
	elsewhere = xasprintf("%s/elsewhere", dir);
	assert_int_equal(mkdir(elsewhere, 0700), 0);
	sub = xasprintf("%s/players", dir);
	assert_int_equal(mkdir(sub, 0700), 0);
	p = xasprintf("%s/bob", sub);
	assert_int_equal(symlink(elsewhere, p), 0);
	assert_int_equal(session_open(&s, p, "default", 8, true, &cause), -1);
	assert_non_null(strstr(cause, "symbolic link"));
	free(cause);
	assert_false(exists(elsewhere, "default.lock"));
	/* Unrestricted, the player's own link is theirs to make. */
	assert_int_equal(session_open(&s, p, "default", 0, false, &cause), 0);
	session_close(&s);
	unlink(p);
	free(p);

	p = xasprintf("%s/alice", sub);
	assert_int_equal(session_open(&s, p, "default", 8, true, &cause), 0);

	/* A bundled scenario is played. */
	assert_int_equal(session_save(&s, g, scen, 0, &cause), 0);
	h = session_load(&s, getenv("MARSHAL_DATA"), true, &rs2, &got, &d);
	assert_non_null(h);
	assert_non_null(strstr(got, "/scenarios/default.yaml"));
	free(got);
	game_free(h);
	ruleset_free(rs2);

	/* A scenario outside the data directory, by its absolute path. */
	q = xasprintf("%s/copy.yaml", elsewhere);
	touch(elsewhere, "copy.yaml", "secret-key: 1\n");
	text = save_naming(g, q);
	touch(p, "default.save", text);
	free(text);
	assert_null(session_load(&s, getenv("MARSHAL_DATA"), true, &rs2,
	    &got, &d));
	msg = first_diag(&d);
	assert_non_null(strstr(msg, "default.save:3:11: error: the save's "
	    "scenario is not one of the bundled ones"));
	free(msg);
	diags_free(&d);
	diags_init(&d);
	/* Another file: nothing of it shows in the error. */
	text = save_naming(g, q);
	touch(p, "default.save", text);
	free(text);
	assert_null(session_load(&s, getenv("MARSHAL_DATA"), true, &rs2,
	    &got, &d));
	msg = first_diag(&d);
	assert_null(strstr(msg, "secret-key"));
	free(msg);
	diags_free(&d);
	diags_init(&d);
	/* A bundled-looking path that climbs out with "..". */
	text = save_naming(g, "/nonexistent/../etc/passwd");
	touch(p, "default.save", text);
	free(text);
	assert_null(session_load(&s, getenv("MARSHAL_DATA"), true, &rs2,
	    &got, &d));
	diags_free(&d);
	diags_init(&d);

	/* A save that is a symbolic link is no save and is not read. */
	free(q);
	q = xasprintf("%s/default.save", p);
	unlink(q);
	assert_int_equal(session_save(&s, g, scen, 0, &cause), 0);
	text = xasprintf("%s/real.save", elsewhere);
	assert_int_equal(rename(q, text), 0);
	assert_int_equal(symlink(text, q), 0);
	assert_false(session_has_save(&s));
	assert_null(session_load(&s, getenv("MARSHAL_DATA"), true, &rs2,
	    &got, &d));
	diags_free(&d);
	diags_init(&d);
	/* Nor is it written through: a save replaces the link itself. */
	assert_int_equal(session_save(&s, g, scen, 0, &cause), 0);
	assert_true(session_has_save(&s));

	session_close(&s);
	unlink(text);
	free(text);
	free(q);
	rm_dir(p);
	free(p);
	rm_dir(elsewhere);
	free(elsewhere);
	rm_dir(sub);
	free(sub);
	rm_dir(dir);
	free(dir);
	free(scen);
	game_free(g);
	ruleset_free(rs);
	diags_free(&d);
}

/* Damaged saves set aside are each kept, the newest as .bad, bounded. */
static void
test_session_keeps_several_bad_saves(void **state)
{
	struct session s;
	char *dir = temp_dir(), *cause, text[32], *p, buf[32];
	FILE *f;
	int i;

	(void)state;
	assert_int_equal(session_open(&s, dir, "default", 0, false, &cause), 0);
	for (i = 1; i <= SESSION_MAX_BAD + 2; i++) {
		snprintf(text, sizeof text, "damaged %d\n", i);
		touch(dir, "default.save", text);
		session_set_aside(&s);
		assert_false(session_has_save(&s));
	}
	p = xasprintf("%s/default.save.bad", dir);
	assert_non_null(f = fopen(p, "r"));
	assert_non_null(fgets(buf, sizeof buf, f));
	fclose(f);
	free(p);
	snprintf(text, sizeof text, "damaged %d\n", SESSION_MAX_BAD + 2);
	assert_string_equal(buf, text);
	for (i = 2; i <= SESSION_MAX_BAD; i++) {
		snprintf(text, sizeof text, "default.save.bad.%d", i);
		assert_true(exists(dir, text));
	}
	snprintf(text, sizeof text, "default.save.bad.%d", SESSION_MAX_BAD + 1);
	assert_false(exists(dir, text));
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
	assert_int_equal(session_open(&s, dir, "c", 2, false, &cause), -1);
	assert_non_null(strstr(cause, "2 saved games"));
	free(cause);
	assert_false(exists(dir, "c.lock"));
	/* An existing slot may still be played. */
	assert_int_equal(session_open(&s, dir, "b", 2, false, &cause), 0);

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

	assert_int_equal(session_open(&s, dir, "kill", 0, false, &cause), 0);
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
	assert_int_equal(session_open(&s, dir, "kill", 0, false, &cause), 0);
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
		cmocka_unit_test(test_session_restricted_trusts_no_file),
		cmocka_unit_test(test_session_keeps_several_bad_saves),
		cmocka_unit_test(test_save_killed_at_many_points_loads_whole),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
