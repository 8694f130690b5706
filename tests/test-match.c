/*
 * test-match.c - games between two players on one server (io/match.h):
 * offering and joining, each side's orders sent as a file, the turn
 * played exactly once and to the same state a single game reaches with
 * the same orders, what a marshal killed at any point leaves, orders
 * for the other side's units and a recording changed outside marshal
 * refused, the deadline, resigning, drafts, and what wakes a waiting
 * marshal.
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

#include "ai/ai.h"
#include "core/decide.h"
#include "io/load.h"
#include "io/match.h"
#include "io/replay.h"
#include "io/save.h"
#include "util/xalloc.h"

#define KILLS	30	/* marshals killed part way through a turn */

static char *
temp_dir(void)
{
	char *dir = xstrdup("/tmp/marshal-match-XXXXXX");

	assert_non_null(mkdtemp(dir));
	return dir;
}

/* rm -r of a games directory: two levels. */
static void
rm_tree(const char *dir)
{
	struct dirent *e;
	DIR *dp = opendir(dir);
	struct stat st;
	char *p;

	if (dp == NULL)
		return;
	while ((e = readdir(dp)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		p = xasprintf("%s/%s", dir, e->d_name);
		if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode))
			rm_tree(p);
		else
			unlink(p);
		free(p);
	}
	closedir(dp);
	rmdir(dir);
}

static const char *
datadir(void)
{
	const char *d = getenv("MARSHAL_DATA");

	return d != NULL ? d : "data";
}

static char *
scenario(void)
{
	return xasprintf("%s/scenarios/default.yaml", datadir());
}

/* A file of the game, whole (NULL: none). */
static char *
slurp(const char *root, const char *id, const char *name)
{
	char *p = xasprintf("%s/%s/%s", root, id, name), *buf;
	FILE *f = fopen(p, "rb");
	long n;

	free(p);
	if (f == NULL)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = xmallocarray((size_t)n + 1, 1);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static void
spill(const char *root, const char *id, const char *name, const char *text)
{
	char *p = xasprintf("%s/%s/%s", root, id, name);
	FILE *f = fopen(p, "wb");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	free(p);
}

static bool
exists(const char *root, const char *id, const char *name)
{
	char *p = xasprintf("%s/%s/%s", root, id, name);
	bool r = access(p, F_OK) == 0;

	free(p);
	return r;
}

/* A game offered by alice (side 0) and joined by bob (side 1). */
static void
start(const char *root, char id[MATCH_ID_MAX], int deadline)
{
	char *path = scenario(), *cause = NULL;
	int side = -1;

	assert_int_equal(match_offer(root, "default", path, datadir(), 0,
	    "alice", deadline, NULL, id, &cause), 0);
	assert_int_equal(match_join(root, id, "bob", &side, &cause), 0);
	assert_int_equal(side, 1);
	free(path);
}

static void
record(void *arg, const struct game *g, const struct order *o)
{
	replay_add(arg, g, o);
}

/*
 * Side s gives its orders as a player's marshal would: on its own copy
 * of the game, the computer choosing them, each one recorded; returns
 * the recording of them (the caller frees).
 */
static struct replay *
orders_of(struct match *m, int s)
{
	struct ruleset *rs = NULL;
	struct replay *r;
	struct game *g;
	struct diags d;
	char *path = scenario(), *cause = NULL;
	int given = 0;

	diags_init(&d);
	g = match_game(m, path, datadir(), &rs, NULL, &d);
	assert_non_null(g);
	r = replay_record(g, path);
	g->on_order = record;
	g->on_order_arg = r;
	assert_int_equal(ai_orders(g, s, AI_NORMAL, &given), 0);
	g->on_order = NULL;
	assert_int_equal(match_send(m, g, s, r, false, &cause), 0);
	game_free(g);
	ruleset_free(rs);
	diags_free(&d);
	free(path);
	return r;
}

/* The state a single game reaches from the scenario with these orders
 * for turn 1, side 0's given first: its digest. */
static uint64_t
reference(const struct replay *r0, const struct replay *r1)
{
	struct ruleset *rs = NULL;
	struct game *g;
	struct diags d;
	char *path = scenario();
	uint64_t digest;

	diags_init(&d);
	g = load_scenario(path, datadir(), &rs, &d);
	assert_non_null(g);
	assert_int_equal(replay_give(r0, g, &d), 0);
	assert_int_equal(replay_give(r1, g, &d), 0);
	assert_int_equal(game_decided(g, 0), 0);
	assert_int_equal(game_decided(g, 1), 0);
	assert_int_equal(g->turn, 2);
	digest = save_digest(g);
	game_free(g);
	ruleset_free(rs);
	diags_free(&d);
	free(path);
	return digest;
}

/* The digest the recording names, and its turns. */
static uint64_t
recorded(struct match *m, int *turns)
{
	struct ruleset *rs = NULL;
	struct replay *r = NULL;
	struct game *g;
	struct diags d;
	char *path = scenario();
	uint64_t digest;

	diags_init(&d);
	g = match_game(m, path, datadir(), &rs, &r, &d);
	assert_non_null(g);
	assert_true(r->has_digest);
	assert_int_equal(r->digest, save_digest(g));
	digest = r->digest;
	*turns = r->turns;
	replay_free(r);
	game_free(g);
	ruleset_free(rs);
	diags_free(&d);
	free(path);
	return digest;
}

/* Offers are listed; a side is taken once; a player's own game is
 * theirs again; a game with both sides taken refuses a third. */
static void
test_match_offer_join_list(void **state)
{
	char *root = temp_dir(), *path = scenario(), *cause = NULL;
	char id[MATCH_ID_MAX];
	struct match_info *in;
	int side = -1;

	(void)state;
	assert_int_equal(match_offer(root, "default", path, datadir(), 1,
	    "alice", 0, NULL, id, &cause), 0);
	assert_int_equal(strncmp(id, "default-", 8), 0);
	assert_int_equal(match_list(root, &in), 1);
	assert_string_equal(in[0].id, id);
	assert_string_equal(in[0].player[0], "");
	assert_string_equal(in[0].player[1], "alice");
	assert_int_equal(in[0].played, 0);
	assert_false(in[0].over);
	match_list_free(in);

	assert_int_equal(match_join(root, id, "alice", &side, &cause), 0);
	assert_int_equal(side, 1);		/* her own, again */
	assert_int_equal(match_join(root, id, "bob", &side, &cause), 0);
	assert_int_equal(side, 0);		/* the open one */
	assert_int_equal(match_join(root, id, "carol", &side, &cause), -1);
	assert_non_null(strstr(cause, "taken"));
	free(cause);
	cause = NULL;
	/* Names never reach a path. */
	assert_int_equal(match_join(root, "../x", "bob", &side, &cause), -1);
	free(cause);
	cause = NULL;
	assert_int_equal(match_join(root, id, "../bob", &side, &cause), -1);
	free(cause);
	cause = NULL;
	assert_int_equal(match_offer(root, "../default", path, datadir(), 0,
	    "alice", 0, NULL, id, &cause), -1);
	free(cause);
	free(path);
	rm_tree(root);
	free(root);
}

/*
 * The turn is played when both sides' orders are in, once, by whichever
 * marshal settles first, to the state one game reaches with the same
 * orders; then the orders files are gone.
 */
static void
test_match_turn_played_once(void **state)
{
	char *root = temp_dir(), *path = scenario(), *cause = NULL;
	char id[MATCH_ID_MAX];
	struct match a, b;
	struct replay *r0, *r1;
	int turns = -1;

	(void)state;
	start(root, id, 0);
	assert_int_equal(match_open(&a, root, id, 0, &cause), 0);
	assert_int_equal(match_open(&b, root, id, 1, &cause), 0);
	/* A side is played in one place only. */
	{
		struct match c;

		assert_int_equal(match_open(&c, root, id, 0, &cause), -1);
		assert_non_null(strstr(cause, "another session"));
		free(cause);
		cause = NULL;
	}
	r0 = orders_of(&a, 0);
	assert_true(r0->n > 0);
	assert_true(exists(root, id, "orders-0.yaml"));
	/* Alone, nothing is played. */
	assert_int_equal(match_settle(&b, path, datadir(), time(NULL),
	    &cause), 0);
	assert_true(a.info.sent[0] || match_refresh(&a) == 0);
	assert_int_equal(match_refresh(&b), 0);
	assert_true(b.info.sent[0]);
	assert_false(b.info.sent[1]);
	assert_int_equal(b.info.played, 0);

	r1 = orders_of(&b, 1);
	assert_int_equal(match_settle(&b, path, datadir(), time(NULL),
	    &cause), 1);
	assert_int_equal(match_settle(&a, path, datadir(), time(NULL),
	    &cause), 0);
	assert_false(exists(root, id, "orders-0.yaml"));
	assert_false(exists(root, id, "orders-1.yaml"));
	assert_int_equal(recorded(&a, &turns), reference(r0, r1));
	assert_int_equal(turns, 1);
	assert_int_equal(match_refresh(&a), 0);
	assert_int_equal(a.info.played, 1);

	replay_free(r0);
	replay_free(r1);
	match_close(&a);
	match_close(&b);
	free(path);
	rm_tree(root);
	free(root);
}

/*
 * A marshal killed after writing the recording and before removing the
 * orders files leaves orders for a turn already played: the next one to
 * look removes them and plays nothing twice.
 */
static void
test_match_stale_orders_removed(void **state)
{
	char *root = temp_dir(), *path = scenario(), *cause = NULL, *old;
	char id[MATCH_ID_MAX];
	struct match a, b;
	struct replay *r0, *r1;
	uint64_t before;
	int turns = -1;

	(void)state;
	start(root, id, 0);
	assert_int_equal(match_open(&a, root, id, 0, &cause), 0);
	assert_int_equal(match_open(&b, root, id, 1, &cause), 0);
	r0 = orders_of(&a, 0);
	old = slurp(root, id, "orders-0.yaml");
	r1 = orders_of(&b, 1);
	assert_int_equal(match_settle(&a, path, datadir(), time(NULL),
	    &cause), 1);
	before = recorded(&a, &turns);
	spill(root, id, "orders-0.yaml", old);	/* as if never removed */
	assert_int_equal(match_settle(&a, path, datadir(), time(NULL),
	    &cause), 0);
	assert_false(exists(root, id, "orders-0.yaml"));
	assert_int_equal(recorded(&a, &turns), before);
	assert_int_equal(turns, 1);
	free(old);
	replay_free(r0);
	replay_free(r1);
	match_close(&a);
	match_close(&b);
	free(path);
	rm_tree(root);
	free(root);
}

/* Orders for the other side's units are refused, and nothing changes. */
static void
test_match_foreign_orders_refused(void **state)
{
	char *root = temp_dir(), *path = scenario(), *cause = NULL;
	char *text, *rec, *after, *p;
	char id[MATCH_ID_MAX];
	struct match a, b;
	struct replay *r1;

	(void)state;
	start(root, id, 0);
	assert_int_equal(match_open(&a, root, id, 0, &cause), 0);
	assert_int_equal(match_open(&b, root, id, 1, &cause), 0);
	r1 = orders_of(&b, 1);
	/* Side 1's orders, sent as side 0's. */
	text = slurp(root, id, "orders-1.yaml");
	spill(root, id, "orders-0.yaml", text);
	rec = slurp(root, id, "game.replay");
	assert_int_equal(match_settle(&a, path, datadir(), time(NULL),
	    &cause), -1);
	assert_non_null(strstr(cause, "not side 1's"));
	free(cause);
	cause = NULL;
	after = slurp(root, id, "game.replay");
	assert_string_equal(after, rec);
	/* The file is damaged instead: refused with its position. */
	p = strstr(text, "orders:");
	assert_non_null(p);
	p[0] = '\t';
	spill(root, id, "orders-0.yaml", text);
	assert_int_equal(match_settle(&a, path, datadir(), time(NULL),
	    &cause), -1);
	assert_non_null(strstr(cause, "orders-0.yaml:"));
	free(cause);
	cause = NULL;
	free(after);
	after = slurp(root, id, "game.replay");
	assert_string_equal(after, rec);
	free(text);
	free(rec);
	free(after);
	replay_free(r1);
	match_close(&a);
	match_close(&b);
	free(path);
	rm_tree(root);
	free(root);
}

/* A recording changed outside marshal does not replay to its digest and
 * is refused. */
static void
test_match_tampered_recording_refused(void **state)
{
	char *root = temp_dir(), *path = scenario(), *cause = NULL, *text, *p;
	char id[MATCH_ID_MAX];
	struct ruleset *rs = NULL;
	struct match a, b;
	struct replay *r0, *r1;
	struct diags d;
	char *lines;

	(void)state;
	start(root, id, 0);
	assert_int_equal(match_open(&a, root, id, 0, &cause), 0);
	assert_int_equal(match_open(&b, root, id, 1, &cause), 0);
	r0 = orders_of(&a, 0);
	r1 = orders_of(&b, 1);
	assert_int_equal(match_settle(&a, path, datadir(), time(NULL),
	    &cause), 1);
	text = slurp(root, id, "game.replay");
	/* One order of turn 1 moved a cell: a different battle. */
	p = strstr(text, "move: [[");
	assert_non_null(p);
	p += 8;
	*p = *p == '1' ? '2' : '1';
	spill(root, id, "game.replay", text);
	diags_init(&d);
	assert_null(match_game(&a, path, datadir(), &rs, NULL, &d));
	lines = diags_lines(&d, 3);
	assert_non_null(strstr(lines, "digest"));
	free(lines);
	diags_free(&d);
	free(text);
	replay_free(r0);
	replay_free(r1);
	match_close(&a);
	match_close(&b);
	free(path);
	rm_tree(root);
	free(root);
}

/* With a deadline, a side late keeps its standing orders and the turn is
 * played without it; before the deadline, it is waited for. */
static void
test_match_deadline(void **state)
{
	char *root = temp_dir(), *path = scenario(), *cause = NULL;
	char id[MATCH_ID_MAX];
	struct match a;
	struct replay *r0, empty;
	time_t now = time(NULL), due;

	(void)state;
	start(root, id, 10);
	assert_int_equal(match_open(&a, root, id, 0, &cause), 0);
	assert_true(a.info.due >= now + 600 && a.info.due <= now + 602);
	r0 = orders_of(&a, 0);
	assert_int_equal(match_settle(&a, path, datadir(), now + 599,
	    &cause), 0);
	due = a.info.due;
	assert_int_equal(match_settle(&a, path, datadir(), due, &cause), 1);
	assert_int_equal(match_refresh(&a), 0);
	assert_int_equal(a.info.played, 1);
	/* The next turn's clock runs from the turn played. */
	assert_int_equal(a.info.due, due + 600);
	memset(&empty, 0, sizeof empty);
	{
		int turns;
		uint64_t got = recorded(&a, &turns);

		assert_int_equal(got, reference(r0, &empty));
	}
	replay_free(r0);
	match_close(&a);
	free(path);
	rm_tree(root);
	free(root);
}

/* An offer waits for its second player, whichever side it kept: a
 * deadline passed before anyone joined plays nothing. */
static void
test_match_waits_for_its_second_player(void **state)
{
	char *root = temp_dir(), *path = scenario(), *cause = NULL;
	char id[MATCH_ID_MAX];
	struct match a;
	struct replay *r1;
	int side = -1;

	(void)state;
	/* alice keeps the second side, with a one-minute deadline. */
	assert_int_equal(match_offer(root, "default", path, datadir(), 1,
	    "alice", 1, NULL, id, &cause), 0);
	assert_int_equal(match_open(&a, root, id, 1, &cause), 0);
	r1 = orders_of(&a, 1);
	assert_int_equal(match_settle(&a, path, datadir(), time(NULL) +
	    3600, &cause), 0);
	assert_int_equal(match_refresh(&a), 0);
	assert_int_equal(a.info.played, 0);
	/* bob joins the first side: the clock starts then. */
	assert_int_equal(match_join(root, id, "bob", &side, &cause), 0);
	assert_int_equal(side, 0);
	assert_int_equal(match_refresh(&a), 0);
	assert_true(a.info.due > 0);
	assert_int_equal(match_settle(&a, path, datadir(), a.info.due,
	    &cause), 1);
	replay_free(r1);
	match_close(&a);
	free(path);
	rm_tree(root);
	free(root);
}

/* Resigning ends the battle for both: no turn is played after it. */
static void
test_match_resign(void **state)
{
	char *root = temp_dir(), *path = scenario(), *cause = NULL;
	char id[MATCH_ID_MAX];
	struct match a, b;
	struct replay *r0, *r1;

	(void)state;
	start(root, id, 0);
	assert_int_equal(match_open(&a, root, id, 0, &cause), 0);
	assert_int_equal(match_open(&b, root, id, 1, &cause), 0);
	r0 = orders_of(&a, 0);
	assert_int_equal(match_resign(&b, 1, &cause), 0);
	r1 = orders_of(&b, 1);
	assert_int_equal(match_settle(&a, path, datadir(), time(NULL),
	    &cause), 0);
	assert_int_equal(match_refresh(&a), 0);
	assert_true(a.info.over);
	assert_int_equal(a.info.resigned, 1);
	assert_int_equal(a.info.played, 0);
	assert_int_equal(match_resign(&a, 0, &cause), -1);
	free(cause);
	replay_free(r0);
	replay_free(r1);
	match_close(&a);
	match_close(&b);
	free(path);
	rm_tree(root);
	free(root);
}

/* Orders kept when a player leaves come back, for that turn only, and go
 * when the orders are sent. */
static void
test_match_draft(void **state)
{
	char *root = temp_dir(), *path = scenario(), *cause = NULL;
	char id[MATCH_ID_MAX];
	struct ruleset *rs = NULL;
	struct replay *r, *back;
	struct match a;
	struct game *g;
	struct diags d;
	int given = 0, i;

	(void)state;
	start(root, id, 0);
	assert_int_equal(match_open(&a, root, id, 0, &cause), 0);
	diags_init(&d);
	g = match_game(&a, path, datadir(), &rs, NULL, &d);
	assert_non_null(g);
	r = replay_record(g, path);
	g->on_order = record;
	g->on_order_arg = r;
	assert_int_equal(ai_orders(g, 0, AI_NORMAL, &given), 0);
	assert_true(r->n > 1);
	/* One order taken back before leaving. */
	replay_drop(r, g->turn, r->v[0].unit);
	assert_int_equal(match_send(&a, g, 0, r, true, &cause), 0);
	assert_false(exists(root, id, "orders-0.yaml"));
	back = match_draft(&a, g, 0);
	assert_non_null(back);
	assert_int_equal(back->n, r->n);
	for (i = 0; i < r->n; i++)
		assert_string_equal(back->v[i].unit != NULL ?
		    back->v[i].unit : "", r->v[i].unit != NULL ?
		    r->v[i].unit : "");
	replay_free(back);
	assert_int_equal(match_send(&a, g, 0, r, false, &cause), 0);
	assert_null(match_draft(&a, g, 0));
	replay_free(r);
	game_free(g);
	ruleset_free(rs);
	diags_free(&d);
	match_close(&a);
	free(path);
	rm_tree(root);
	free(root);
}

/* What wakes a waiting marshal: the other side's orders do, a cursor
 * moved is told apart, the lock taken and let go is nothing. */
static void
test_match_watch(void **state)
{
	char *root = temp_dir(), *path = scenario(), *cause = NULL;
	char id[MATCH_ID_MAX];
	struct match a, b;
	struct replay *r1;
	int fd, x, y, u;

	(void)state;
	start(root, id, 0);
	assert_int_equal(match_open(&a, root, id, 0, &cause), 0);
	assert_int_equal(match_open(&b, root, id, 1, &cause), 0);
	fd = match_watch(&a);
	assert_true(fd >= 0);
	assert_int_equal(match_watch_drain(&a), 0);
	/* Taking and letting go of the lock changes nothing. */
	assert_int_equal(match_settle(&a, path, datadir(), time(NULL),
	    &cause), 0);
	assert_int_equal(match_watch_drain(&a), 0);
	match_view_put(&b, 1, 12, 7, 3);
	assert_int_equal(match_watch_drain(&a), MATCH_SEEN_VIEW);
	assert_int_equal(match_view_get(&a, 1, &x, &y, &u), 0);
	assert_int_equal(x, 12);
	assert_int_equal(y, 7);
	assert_int_equal(u, 3);
	assert_int_equal(match_view_get(&a, 0, &x, &y, &u), -1);
	r1 = orders_of(&b, 1);
	assert_true(match_watch_drain(&a) & MATCH_SEEN_GAME);
	replay_free(r1);
	match_close(&a);
	match_close(&b);
	free(path);
	rm_tree(root);
	free(root);
}

/*
 * A marshal killed at any point while it sends its orders and plays the
 * turn: whatever it left, the next marshal to look plays the turn once,
 * to the state one game reaches with the same orders.
 */
static void
test_match_killed_at_many_points(void **state)
{
	char *root = temp_dir(), *path = scenario(), *cause = NULL;
	char id[MATCH_ID_MAX];
	struct match a, b;
	struct replay *r0, *r1;
	struct timespec ts;
	uint64_t want;
	int k, status, turns, played_early = 0;
	pid_t child;

	(void)state;
	for (k = 0; k < KILLS; k++) {
		start(root, id, 0);
		assert_int_equal(match_open(&a, root, id, 0, &cause), 0);
		r0 = orders_of(&a, 0);
		match_close(&a);
		child = fork();
		assert_true(child >= 0);
		if (child == 0) {
			/* Bob's marshal: sends, then plays the turn. */
			assert_int_equal(match_open(&b, root, id, 1, &cause),
			    0);
			r1 = orders_of(&b, 1);
			match_settle(&b, path, datadir(), time(NULL), &cause);
			_exit(0);
		}
		/* Killed somewhere from the start to the end of its work. */
		ts.tv_sec = 0;
		ts.tv_nsec = (long)(k * 997) % 40 * 1000000L;
		nanosleep(&ts, NULL);
		kill(child, SIGKILL);
		assert_int_equal(waitpid(child, &status, 0), child);
		/* Bob comes back: his orders, if they were not sent, are
		 * sent again; then anyone settles. */
		assert_int_equal(match_open(&b, root, id, 1, &cause), 0);
		if (!b.info.sent[1] && b.info.played == 0) {
			r1 = orders_of(&b, 1);
		} else {
			char *text = slurp(root, id, "orders-1.yaml");
			struct diags d;

			diags_init(&d);
			r1 = NULL;
			if (text != NULL)
				r1 = replay_read_text("orders-1.yaml", text,
				    strlen(text), &d);
			diags_free(&d);
			free(text);
			if (b.info.played > 0)
				played_early++;
		}
		assert_true(match_settle(&b, path, datadir(), time(NULL),
		    &cause) >= 0);
		assert_int_equal(match_settle(&b, path, datadir(), time(NULL),
		    &cause), 0);
		assert_int_equal(match_refresh(&b), 0);
		assert_int_equal(b.info.played, 1);
		if (r1 != NULL) {
			want = reference(r0, r1);
			assert_int_equal(recorded(&b, &turns), want);
		} else
			(void)recorded(&b, &turns);	/* digest checked */
		assert_int_equal(turns, 1);
		assert_false(exists(root, id, "orders-0.yaml"));
		assert_false(exists(root, id, "orders-1.yaml"));
		replay_free(r0);
		replay_free(r1);
		match_close(&b);
		rm_tree(root);
		assert_int_equal(mkdir(root, 0700), 0);
	}
	print_message("%d of %d marshals were killed after the turn was "
	    "played\n", played_early, KILLS);
	free(path);
	rm_tree(root);
	free(root);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_match_offer_join_list),
		cmocka_unit_test(test_match_turn_played_once),
		cmocka_unit_test(test_match_stale_orders_removed),
		cmocka_unit_test(test_match_foreign_orders_refused),
		cmocka_unit_test(test_match_tampered_recording_refused),
		cmocka_unit_test(test_match_deadline),
		cmocka_unit_test(test_match_waits_for_its_second_player),
		cmocka_unit_test(test_match_resign),
		cmocka_unit_test(test_match_draft),
		cmocka_unit_test(test_match_watch),
		cmocka_unit_test(test_match_killed_at_many_points),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
