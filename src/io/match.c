/*
 * match.c - games between two players on one server, in a shared
 * directory: where it is, offering, listing, opening and joining a game,
 * resigning, and the files every part reads and writes (match-priv.h).
 * The turn is in match-turn.c, the wake-ups and watchers' cursors in
 * match-watch.c.  See match.h.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/load.h"
#include "io/match.h"
#include "io/match-priv.h"
#include "io/save.h"
#include "io/yread.h"
#include "util/xalloc.h"


char *
match_root(const char *dir, char **cause)
{
	const char *env = getenv("MARSHAL_GAMES");
	char *base, *games;

	*cause = NULL;
	if (dir != NULL && *dir != '\0')
		return xstrdup(dir);
	if (env != NULL && *env != '\0')
		return xstrdup(env);
	if ((base = save_dir()) == NULL) {
		*cause = xstrdup("no directory for shared games: set "
		    "MARSHAL_GAMES, XDG_DATA_HOME or HOME");
		return NULL;
	}
	games = xasprintf("%s/games", base);
	free(base);
	return games;
}

/* The file of side s, as "orders-0.yaml". */
void
match_side_file(char *buf, size_t len, const char *kind, int s,
    const char *ext)
{
	snprintf(buf, len, "%s-%d%s", kind, s, ext);
}

/* An flock on the game's lock file, waited for: the sections it guards
 * are short.  The descriptor, or -1. */
int
match_lock(int dirfd)
{
	int fd = openat(dirfd, LOCKFILE, O_RDWR | O_CREAT | O_NOFOLLOW |
	    O_CLOEXEC, 0600);

	if (fd == -1)
		return -1;
	while (flock(fd, LOCK_EX) != 0) {
		if (errno != EINTR) {
			close(fd);
			return -1;
		}
	}
	return fd;
}

/* Write name in dirfd whole, atomically; 0 or -1 with *cause. */
int
match_put(int dirfd, const char *dir, const char *name, const char *buf,
    size_t len, char **cause)
{
	char *path = xasprintf("%s/%s", dir, name);
	int rc = save_atomic_at(dirfd, name, path, buf, len, cause);

	free(path);
	return rc;
}

/* match.yaml from info. */
int
match_meta_write(int dirfd, const char *dir, const struct match_info *in,
    char **cause)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int s, rc;

	if (f == NULL) {
		*cause = xasprintf("%s: %s", dir, strerror(errno));
		return -1;
	}
	fprintf(f, "marshal-match: 1\nscenario: \"%s\"\nplayers: [",
	    in->scenario);
	for (s = 0; s < in->nsides; s++)
		fprintf(f, "%s\"%s\"", s > 0 ? ", " : "", in->player[s]);
	fprintf(f, "]\ndeadline: %d\ndue: %lld\nresigned: %d\nover: %s\n",
	    in->deadline, (long long)in->due, in->resigned,
	    in->over ? "true" : "false");
	fclose(f);
	rc = match_put(dirfd, dir, META, buf, len, cause);
	free(buf);
	return rc;
}

/* match.yaml into info (names checked: they may be used in messages and
 * file names only as session_name_ok allows).  0, or -1 with d. */
int
match_meta_read(int dirfd, const char *dir, struct match_info *in,
    struct diags *d)
{
	static const char *const keys[] = { "marshal-match", "scenario",
	    "players", "deadline", "due", "resigned", "over", NULL };
	struct doc_node *root, *n;
	const char *s;
	char *buf, *name = xasprintf("%s/%s", dir, META);
	size_t len;
	long v;
	int i, rc = -1;

	if (session_read_at(dirfd, META, &buf, &len) != 0) {
		diags_add(d, (struct pos){ name, 0, 0 }, "%s",
		    strerror(errno));
		free(name);
		return -1;
	}
	root = yread_buffer(name, buf, len, d);
	free(buf);
	if (root == NULL || doc_expect(root, DOC_MAP, "a match", d) != 0 ||
	    doc_check_keys(root, keys, d) != 0)
		goto out;
	if ((n = doc_need(root, "scenario", d)) == NULL ||
	    doc_str(n, SESSION_NAME_MAX, &s, d) != 0)
		goto out;
	if (!session_name_ok(s)) {
		diags_add(d, n->pos, "'%s' is not a bundled scenario's name",
		    s);
		goto out;
	}
	snprintf(in->scenario, sizeof in->scenario, "%s", s);
	if ((n = doc_need(root, "players", d)) == NULL ||
	    doc_expect(n, DOC_SEQ, "players", d) != 0)
		goto out;
	if (n->n < 1 || n->n > GAME_MAX_SIDES) {
		diags_add(d, n->pos, "a game has 1 to %d sides, not %d",
		    GAME_MAX_SIDES, n->n);
		goto out;
	}
	in->nsides = n->n;
	for (i = 0; i < n->n; i++) {
		if (doc_expect(n->items[i], DOC_SCALAR, "a player", d) != 0)
			goto out;
		s = n->items[i]->str;
		if (*s != '\0' && (!session_name_ok(s) ||
		    strlen(s) > SESSION_NAME_MAX)) {
			diags_add(d, n->items[i]->pos, "'%s' is not a "
			    "player's name", s);
			goto out;
		}
		snprintf(in->player[i], sizeof in->player[i], "%s", s);
	}
	if ((n = doc_get(root, "deadline")) != NULL) {
		if (doc_int(n, 0, 7 * 24 * 60, &v, d) != 0)
			goto out;
		in->deadline = (int)v;
	}
	if ((n = doc_get(root, "due")) != NULL) {
		if (doc_int(n, 0, LONG_MAX, &v, d) != 0)
			goto out;
		in->due = (time_t)v;
	}
	in->resigned = -1;
	if ((n = doc_get(root, "resigned")) != NULL) {
		if (doc_int(n, -1, in->nsides - 1, &v, d) != 0)
			goto out;
		in->resigned = (int)v;
	}
	if ((n = doc_get(root, "over")) != NULL &&
	    doc_bool(n, &in->over, d) != 0)
		goto out;
	rc = 0;
out:
	doc_free(root);
	free(name);
	return rc;
}

/* The recording in dirfd, parsed; NULL with d. */
struct replay *
match_record_read(int dirfd, const char *dir, const char *file,
    struct diags *d)
{
	char *buf, *name = xasprintf("%s/%s", dir, file);
	struct replay *r;
	size_t len;

	if (session_read_at(dirfd, file, &buf, &len) != 0) {
		if (errno != ENOENT)
			diags_add(d, (struct pos){ name, 0, 0 }, "%s",
			    strerror(errno));
		free(name);
		return NULL;
	}
	r = replay_read_text(name, buf, len, d);
	free(buf);
	free(name);
	return r;
}

/* A recording's text. */
char *
match_record_text(const struct replay *r, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);

	if (f == NULL)
		return NULL;
	replay_write(r, f);
	fclose(f);
	return buf;
}

/* Read everything the directory says of the game into in. */
int
match_info_read(int dirfd, const char *dir, const char *id,
    struct match_info *in)
{
	struct diags d;
	struct replay *r;
	char file[32];
	int s, rc;

	memset(in, 0, sizeof *in);
	snprintf(in->id, sizeof in->id, "%s", id);
	diags_init(&d);
	rc = match_meta_read(dirfd, dir, in, &d);
	r = rc == 0 ? match_record_read(dirfd, dir, RECORD, &d) : NULL;
	diags_free(&d);
	if (r == NULL)
		return -1;
	in->played = r->turns;
	replay_free(r);
	for (s = 0; s < in->nsides; s++) {
		match_side_file(file, sizeof file, "orders", s, ".yaml");
		in->sent[s] = faccessat(dirfd, file, F_OK,
		    AT_SYMLINK_NOFOLLOW) == 0;
	}
	if (in->resigned >= 0)
		in->over = true;
	return 0;
}

/* A new game's id: the scenario's name and eight random hex digits. */
static void
make_id(const char *name, char id[MATCH_ID_MAX])
{
	unsigned char b[4];
	char *base = session_name(name);

	if (getrandom(b, sizeof b, 0) != (ssize_t)sizeof b) {
		unsigned long v = (unsigned long)time(NULL) ^
		    ((unsigned long)getpid() << 16);

		memcpy(b, &v, sizeof b);
	}
	snprintf(id, MATCH_ID_MAX, "%.*s-%02x%02x%02x%02x",
	    SESSION_NAME_MAX, base, b[0], b[1], b[2], b[3]);
	free(base);
}

int
match_offer(const char *root, const char *name, const char *path,
    const char *datadir, int side, const char *player, int deadline,
    const uint64_t *seed, char id[MATCH_ID_MAX], char **cause)
{
	struct match_info in;
	struct ruleset *rs = NULL;
	struct replay *r;
	struct game *g;
	struct diags d;
	char *dir = NULL, *buf, *lines;
	size_t len;
	int dirfd = -1, tries, rc = -1;

	*cause = NULL;
	if (!session_name_ok(name) || strlen(name) > SESSION_NAME_MAX) {
		*cause = xstrdup("a shared game is of a bundled scenario, "
		    "named by its bare name");
		return -1;
	}
	if (player == NULL || !session_name_ok(player)) {
		*cause = xstrdup("a shared game needs a player's name "
		    "(--player NAME)");
		return -1;
	}
	diags_init(&d);
	g = load_scenario(path, datadir, &rs, &d);
	if (g == NULL) {
		lines = diags_lines(&d, 3);
		*cause = xasprintf("%s", lines);
		free(lines);
		diags_free(&d);
		return -1;
	}
	diags_free(&d);
	if (rs->ops->decisions != NULL) {
		/* Mid-turn decisions would need orders files per decision;
		 * the bundled rulesets ask each side once a turn. */
		*cause = xasprintf("%s asks for decisions within a turn, "
		    "which a shared game cannot carry yet", rs->name);
		goto out;
	}
	if (side < 0 || side >= g->nsides || g->nsides < 2) {
		*cause = xasprintf("%s has no side %d to take", name,
		    side + 1);
		goto out;
	}
	if (seed != NULL)
		game_seed(g, *seed);
	if (session_mkdir(root, cause) != 0)
		goto out;
	for (tries = 0; tries < 20; tries++) {
		make_id(name, id);
		free(dir);
		dir = xasprintf("%s/%s", root, id);
		if (mkdir(dir, 0700) == 0)
			break;
		if (errno != EEXIST) {
			*cause = xasprintf("cannot make %s: %s", dir,
			    strerror(errno));
			goto out;
		}
	}
	if ((dirfd = session_opendir(dir, false, cause)) == -1)
		goto out;
	memset(&in, 0, sizeof in);
	snprintf(in.scenario, sizeof in.scenario, "%s", name);
	in.nsides = g->nsides;
	snprintf(in.player[side], sizeof in.player[side], "%s", player);
	in.deadline = deadline;
	in.resigned = -1;
	r = replay_record(g, path);
	r->turns = 0;
	r->digest = save_digest(g);
	r->has_digest = true;
	buf = match_record_text(r, &len);
	replay_free(r);
	if (buf == NULL) {
		*cause = xasprintf("%s: %s", dir, strerror(errno));
		goto gone;
	}
	rc = match_put(dirfd, dir, RECORD, buf, len, cause);
	free(buf);
	/* match.yaml last: a directory without it is no game (match_list
	 * leaves it out). */
	if (rc == 0)
		rc = match_meta_write(dirfd, dir, &in, cause);
gone:
	if (rc != 0) {
		unlinkat(dirfd, RECORD, 0);
		rmdir(dir);
	}
out:
	if (dirfd != -1)
		close(dirfd);
	free(dir);
	game_free(g);
	ruleset_free(rs);
	return rc;
}

/* Newest first, by directory change time. */
struct listed {
	struct match_info in;
	time_t		  when;
};

static int
by_when(const void *a, const void *b)
{
	const struct listed *x = a, *y = b;

	if (x->when != y->when)
		return x->when < y->when ? 1 : -1;
	return strcmp(x->in.id, y->in.id);
}

int
match_list(const char *root, struct match_info **out)
{
	struct listed *v = NULL;
	struct dirent *e;
	struct stat st;
	char *dir, *cause = NULL;
	DIR *dp;
	int n = 0, fd, i;

	*out = NULL;
	if ((dp = opendir(root)) == NULL)
		return 0;
	while ((e = readdir(dp)) != NULL && n < 4 * MATCH_MAX_GAMES) {
		if (!session_name_ok(e->d_name) ||
		    strlen(e->d_name) >= MATCH_ID_MAX)
			continue;
		dir = xasprintf("%s/%s", root, e->d_name);
		fd = session_opendir(dir, false, &cause);
		free(cause);
		cause = NULL;
		if (fd == -1) {
			free(dir);
			continue;
		}
		v = xreallocarray(v, (size_t)n + 1, sizeof *v);
		if (match_info_read(fd, dir, e->d_name, &v[n].in) == 0 &&
		    fstat(fd, &st) == 0) {
			v[n].when = st.st_mtime;
			n++;
		}
		close(fd);
		free(dir);
	}
	closedir(dp);
	if (n == 0) {
		free(v);
		return 0;
	}
	qsort(v, (size_t)n, sizeof *v, by_when);
	if (n > MATCH_MAX_GAMES)
		n = MATCH_MAX_GAMES;
	*out = xcalloc((size_t)n, sizeof **out);
	for (i = 0; i < n; i++)
		(*out)[i] = v[i].in;
	free(v);
	return n;
}

void
match_list_free(struct match_info *v)
{
	free(v);
}

/* Open ROOT/ID: the descriptor, or -1 with *cause. */
static int
game_dir(const char *root, const char *id, char **dir, char **cause)
{
	int fd;

	*dir = NULL;
	if (!session_name_ok(id) || strlen(id) >= MATCH_ID_MAX) {
		*cause = xstrdup("no such game");
		return -1;
	}
	*dir = xasprintf("%s/%s", root, id);
	if ((fd = session_opendir(*dir, false, cause)) == -1) {
		free(*cause);
		*cause = xasprintf("no game %s here (it may have been "
		    "removed)", id);
		free(*dir);
		*dir = NULL;
	}
	return fd;
}

int
match_open(struct match *m, const char *root, const char *id, int side,
    char **cause)
{
	char file[32];

	*cause = NULL;
	memset(m, 0, sizeof *m);
	m->sidefd = m->inofd = m->timerfd = m->epfd = -1;
	m->side = side;
	if ((m->dirfd = game_dir(root, id, &m->dir, cause)) == -1)
		return -1;
	if (match_info_read(m->dirfd, m->dir, id, &m->info) != 0) {
		*cause = xasprintf("the game %s does not read", id);
		goto fail;
	}
	if (side >= m->info.nsides) {
		*cause = xasprintf("the game %s has no side %d", id, side + 1);
		goto fail;
	}
	if (side >= 0) {
		match_side_file(file, sizeof file, "side", side, ".lock");
		m->sidefd = openat(m->dirfd, file, O_RDWR | O_CREAT |
		    O_NOFOLLOW | O_CLOEXEC, 0600);
		if (m->sidefd == -1 || flock(m->sidefd, LOCK_EX | LOCK_NB)
		    != 0) {
			*cause = xstrdup("you are playing this game in another "
			    "session already; leave that one first");
			goto fail;
		}
	}
	return 0;
fail:
	match_close(m);
	return -1;
}

void
match_close(struct match *m)
{
	if (m->sidefd != -1)
		close(m->sidefd);
	if (m->epfd != -1)
		close(m->epfd);
	if (m->inofd != -1)
		close(m->inofd);
	if (m->timerfd != -1)
		close(m->timerfd);
	if (m->dirfd > 0)
		close(m->dirfd);
	free(m->dir);
	memset(m, 0, sizeof *m);
	m->sidefd = m->dirfd = m->inofd = m->timerfd = m->epfd = -1;
}

int
match_refresh(struct match *m)
{
	struct match_info in;

	if (match_info_read(m->dirfd, m->dir, m->info.id, &in) != 0)
		return -1;
	m->info = in;
	return 0;
}

int
match_join(const char *root, const char *id, const char *player,
    int *side, char **cause)
{
	struct match_info in;
	struct diags d;
	char *dir;
	int fd, lk, s, rc = -1;

	*cause = NULL;
	*side = -1;
	if (player == NULL || !session_name_ok(player)) {
		*cause = xstrdup("joining a game needs a player's name "
		    "(--player NAME)");
		return -1;
	}
	if ((fd = game_dir(root, id, &dir, cause)) == -1)
		return -1;
	if ((lk = match_lock(fd)) == -1) {
		*cause = xasprintf("%s: cannot take its lock: %s", dir,
		    strerror(errno));
		goto out;
	}
	diags_init(&d);
	if (match_info_read(fd, dir, id, &in) != 0) {
		*cause = xasprintf("the game %s does not read", id);
		goto unlock;
	}
	for (s = 0; s < in.nsides; s++)
		if (strcmp(in.player[s], player) == 0) {
			*side = s;	/* one's own game, again */
			rc = 0;
			goto unlock;
		}
	if (in.over) {
		*cause = xstrdup("this game is over");
		goto unlock;
	}
	for (s = 0; s < in.nsides && in.player[s][0] != '\0'; s++)
		;
	if (s == in.nsides) {
		*cause = xstrdup("both sides of this game are taken");
		goto unlock;
	}
	snprintf(in.player[s], sizeof in.player[s], "%s", player);
	/* The first turn's clock starts when both are there. */
	if (in.deadline > 0)
		in.due = time(NULL) + (time_t)in.deadline * 60;
	if (match_meta_write(fd, dir, &in, cause) == 0) {
		*side = s;
		rc = 0;
	}
unlock:
	diags_free(&d);
	close(lk);
out:
	close(fd);
	free(dir);
	return rc;
}

int
match_resign(struct match *m, int side, char **cause)
{
	struct diags d;
	int lk, rc = -1;

	*cause = NULL;
	if ((lk = match_lock(m->dirfd)) == -1) {
		*cause = xasprintf("%s: cannot take its lock", m->dir);
		return -1;
	}
	diags_init(&d);
	if (match_meta_read(m->dirfd, m->dir, &m->info, &d) != 0)
		*cause = xasprintf("the game %s does not read", m->info.id);
	else if (m->info.over)
		*cause = xstrdup("the battle is over already");
	else {
		m->info.resigned = side;
		m->info.over = true;
		rc = match_meta_write(m->dirfd, m->dir, &m->info, cause);
	}
	diags_free(&d);
	close(lk);
	return rc;
}
