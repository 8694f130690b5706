/*
 * save-write.c - writing saved games: the canonical state dump and its
 * digest, the save file around it, and the atomic write to disk (a
 * temporary file beside the target, synced, then renamed over it).  See
 * save.h.  The writer prints YAML by hand (every string double-quoted and
 * escaped) so that the dump is byte-stable; save-read.c reads it back.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <dirent.h>
#include <sys/stat.h>

#include "ai/ai.h"
#include "io/save.h"
#include "util/xalloc.h"

/* A string as a YAML double-quoted scalar. */
static void
put_str(FILE *f, const char *s)
{
	const unsigned char *p;

	fputc('"', f);
	for (p = (const unsigned char *)s; *p != '\0'; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(f, "\\%c", *p);
		else if (*p == '\n')
			fputs("\\n", f);
		else if (*p < 0x20 || *p == 0x7f)
			fprintf(f, "\\x%02x", *p);
		else
			fputc(*p, f);
	}
	fputc('"', f);
}

static void
put_points(FILE *f, const struct point *p, int n)
{
	int i;

	fputc('[', f);
	for (i = 0; i < n; i++)
		fprintf(f, "%s[%d, %d]", i ? ", " : "", p[i].x, p[i].y);
	fputc(']', f);
}

static void
put_form(FILE *f, const struct game *g, int form)
{
	if (form >= 0 && form < g->rs->nform)
		fputs(g->rs->form[form].name, f);
	else
		fprintf(f, "%d", form);
}

/* An order as a flow mapping; the unit is said by the caller. */
static void
put_order(FILE *f, const struct game *g, const struct order *o)
{
	fprintf(f, "{kind: %s, general: ", order_kind_name(o->kind));
	if (o->general >= 0 && o->general < g->ngenerals)
		put_str(f, g->generals[o->general].id);
	else
		fputs("-1", f);
	fputs(", formation: ", f);
	put_form(f, g, o->formation);
	fputs(", points: ", f);
	put_points(f, o->pts, o->npts);
	fprintf(f, ", issued: %d, arrives: %d", o->issued, o->arrives);
	if (o->kind == ORDER_ACTION) {	/* the ruleset's own action */
		fputs(", action: ", f);
		put_str(f, g->rs->ops->actions[o->action].name);
		if (o->facing >= 0 && o->facing < DIR_COUNT)
			fprintf(f, ", facing: %s", dir_name((enum dir)o->facing));
	}
	if (o->ngroup > 0) {	/* absent for an order to one unit */
		int i;

		fputs(", group: [", f);
		for (i = 0; i < o->ngroup; i++) {
			if (i > 0)
				fputs(", ", f);
			if (o->group[i] >= 0 && o->group[i] < g->nunits)
				put_str(f, g->units[o->group[i]].id);
			else
				fputs("-1", f);
		}
		fprintf(f, "], to: [%d, %d]", o->to.x, o->to.y);
	}
	fputc('}', f);
}

/* The ruleset's attributes (state false) or state values of the unit,
 * one line each, in the order the ruleset declares them. */
static void
put_attrs(FILE *f, const struct ruleset *rs, const struct unit *u,
    bool state)
{
	int i;

	for (i = 0; i < rs->nattr; i++) {
		if (rs->attr[i].state != state)
			continue;
		if (rs->attr[i].flag)
			fprintf(f, "    %s: %s\n", rs->attr[i].name,
			    unit_attr(u, i) ? "true" : "false");
		else
			fprintf(f, "    %s: %d\n", rs->attr[i].name,
			    unit_attr(u, i));
	}
}

static void
put_unit(FILE *f, const struct game *g, const struct unit *u)
{
	fputs("  - id: ", f);
	put_str(f, u->id);
	fprintf(f, "\n    strength: %d\n", u->strength);
	fprintf(f, "    strength0: %d\n", u->strength0);
	put_attrs(f, g->rs, u, false);
	fputs("    formation: ", f);
	put_form(f, g, u->formation);
	fprintf(f, "\n    cond: %s\n", cond_name(u->cond));
	fprintf(f, "    at: [%d, %d]\n", u->pos.x, u->pos.y);
	fprintf(f, "    facing: %s\n", dir_name(u->facing));
	fprintf(f, "    moved: %d\n", u->moved);
	fprintf(f, "    halt: %s\n", halt_name(u->halt));
	fprintf(f, "    halt_turn: %d\n", u->halt_turn);
	put_attrs(f, g->rs, u, true);
	if (u->contact >= 0 && u->contact < g->nunits) {
		fputs("    contact: ", f);
		put_str(f, g->units[u->contact].id);
		fputc('\n', f);
	}
	fprintf(f, "    owed: %d\n", u->owed);
	fprintf(f, "    waypoint: %d\n", u->waypoint);
	if (u->cond == COND_AWAY)	/* a reinforcement still to come */
		fprintf(f, "    arrives: %d\n", u->arrives);
	if (u->wheeled != 0)	/* absent unless a line is mid-wheel */
		fprintf(f, "    wheeled: %d\n", u->wheeled);
	fprintf(f, "    lost_turn: %d\n", u->lost_turn);
	fprintf(f, "    route_key: %u\n", u->route_key);
	fputs("    route: ", f);
	put_points(f, u->route, u->nroute);
	fputs("\n    track: ", f);
	put_points(f, u->track, u->ntrack);
	/* Written only for a column on its road trail, so saves without
	 * one read (and dump) as before. */
	if (unit_on_trail(u)) {
		fputs("\n    trail: ", f);
		put_points(f, u->trail, u->ntrail);
	}
	fputs("\n    order: ", f);
	put_order(f, g, &u->order);
	fputc('\n', f);
	if (u->act.kind != ORDER_NONE) {	/* an answer not yet acted on */
		fputs("    act: ", f);
		put_order(f, g, &u->act);
		fputc('\n', f);
	}
	/* What U gives back, while the unit has had an order this turn:
	 * only then, so the saves between turns read as they always have. */
	if (u->order_turn == g->turn && g->turn > 0) {
		fputs("    undo: {order: ", f);
		put_order(f, g, &u->order_before);
		fprintf(f, ", wheeled: %d, waypoint: %d}\n",
		    u->wheeled_before, u->waypoint_before);
	}
}

void
save_dump(const struct game *g, FILE *f)
{
	int i;

	fprintf(f, "turn: %d\n", g->turn);
	fprintf(f, "phase: %d\n", g->phase);
	/* Sides done with what is asked of them (core/decide.h), only when
	 * some are, so saves between turns read as they always have. */
	if (g->decided != 0)
		fprintf(f, "decided: %u\n", g->decided);
	if (g->step != 0)
		fprintf(f, "step: %d\n", g->step);
	fprintf(f, "seed: \"0x%016llx\"\n", (unsigned long long)g->seed);
	fprintf(f, "rng: \"0x%016llx\"\n", (unsigned long long)g->rng.state);
	fprintf(f, "options: {random_speed: %s, courier_delay: %s, "
	    "turn_limit: %d", g->opt.random_speed ? "true" : "false",
	    g->opt.courier_delay ? "true" : "false", g->opt.turn_limit);
	/* Written only when not the default, so older saves read the same. */
	if (g->opt.opponent != OPPONENT_COMPUTER)
		fprintf(f, ", opponent: %s", opponent_name(g->opt.opponent));
	/* The ruleset's own options, each only when not its default. */
	for (i = 0; i < g->rs->nopt && i < RULES_MAX_OPT; i++)
		if (g->opt.module[i] != g->rs->opt[i].def)
			fprintf(f, ", %s: %s", g->rs->opt[i].name,
			    g->opt.module[i] ? "true" : "false");
	fprintf(f, "}\n");
	/* Only once over, so the dumps of battles under way read the same. */
	if (g->result.over) {
		fprintf(f, "result: {winner: %d, points: [", g->result.winner);
		for (i = 0; i < g->nsides; i++)
			fprintf(f, "%s%d", i ? ", " : "", g->result.points[i]);
		fputs("], rule: ", f);
		put_str(f, g->result.rule);
		fprintf(f, ", turn: %d}\n", g->result.turn);
	}
	fputs("sides:\n", f);
	for (i = 0; i < g->nsides; i++) {
		fputs("  - {name: ", f);
		put_str(f, g->sides[i].name);
		fprintf(f, ", broken: %s}\n", g->sides[i].broken ? "true" :
		    "false");
	}
	/* An empty list is written [] (as transit: is): a bare key
	 * reads as a scalar, and a battle whose orders of battle have no
	 * generals wrote a save that could not be read back. */
	fputs(g->ngenerals == 0 ? "generals: []\n" : "generals:\n", f);
	for (i = 0; i < g->ngenerals; i++) {
		fputs("  - {id: ", f);
		put_str(f, g->generals[i].id);
		fprintf(f, ", at: [%d, %d], radius: %d",
		    g->generals[i].pos.x, g->generals[i].pos.y,
		    g->generals[i].radius);
		/* His own ride, only while he has one: the saves of battles
		 * where no general rides stay as they were. */
		if (g->generals[i].order.kind != ORDER_NONE) {
			fputs(", order: ", f);
			put_order(f, g, &g->generals[i].order);
		}
		fputs("}\n", f);
	}
	fputs(g->nunits == 0 ? "units: []\n" : "units:\n", f);
	for (i = 0; i < g->nunits; i++)
		put_unit(f, g, &g->units[i]);
	fputs("transit:", f);
	if (g->ntransit == 0)
		fputs(" []", f);
	fputc('\n', f);
	for (i = 0; i < g->ntransit; i++) {
		fputs("  - {unit: ", f);
		put_str(f, g->units[g->transit[i].unit].id);
		fputs(", order: ", f);
		put_order(f, g, &g->transit[i]);
		fputs("}\n", f);
	}
}

uint64_t
save_digest(const struct game *g)
{
	char *buf = NULL;
	size_t len = 0, i;
	uint64_t h = 0xcbf29ce484222325ULL;
	FILE *f = open_memstream(&buf, &len);

	if (f == NULL)
		xalloc_fail(0);
	save_dump(g, f);
	fclose(f);
	for (i = 0; i < len; i++) {
		h ^= (unsigned char)buf[i];
		h *= 0x100000001b3ULL;
	}
	free(buf);
	return h;
}

void
save_write(const struct game *g, const char *scenario, FILE *f)
{
	int i;

	fprintf(f, "# A saved battle of marshal (format: doc/turn.md, Saves and replays).\n");
	fprintf(f, "marshal-save: %d\n", SAVE_FORMAT);
	fputs("scenario: ", f);
	put_str(f, scenario != NULL ? scenario : "");
	fputs("\nruleset: ", f);
	put_str(f, g->rs->name);
	fputc('\n', f);
	/* Who commanded each side, once someone has played the game: of
	 * the session, not the battle, so not in save_dump (the digest of a
	 * game played is the digest of its recording replayed). */
	if (g->opt.commander[0] >= 0) {
		fputs("commanders: [", f);
		for (i = 0; i < g->nsides; i++)
			fprintf(f, "%s%s", i ? ", " : "", opponent_name(
			    (enum opponent)g->opt.commander[i]));
		fputs("]\n", f);
	}
	if (g->opt.level >= 0)
		fprintf(f, "level: %s\n",
		    ai_level_name((enum ai_level)g->opt.level));
	save_dump(g, f);
}

char *
save_dir(void)
{
	const char *x = getenv("XDG_DATA_HOME"), *home = getenv("HOME");

	if (x != NULL && *x == '/')
		return xasprintf("%s/marshal", x);
	if (home != NULL && *home != '\0')
		return xasprintf("%s/.local/share/marshal", home);
	return NULL;
}

/* A temporary file this old is no save in progress (one takes
 * milliseconds) but the remains of one that was killed. */
#define SAVE_TMP_STALE	60	/* seconds */

/*
 * Remove PATH.tmp.XXXXXX files left beside path by saves killed part
 * way, so that a file the player saves to again and again leaves no
 * litter.  Only old ones: another marshal may be saving to the same name
 * right now, and its file is seconds old at most.
 */
static void
sweep_stale(const char *path)
{
	char *dir = xstrdup(path), *base, *slash, *full;
	size_t blen;
	struct dirent *e;
	struct stat st;
	time_t now = time(NULL);
	DIR *dp;

	if ((slash = strrchr(dir, '/')) != NULL) {
		*slash = '\0';
		base = slash + 1;
	} else
		base = dir;
	blen = strlen(base);
	if ((dp = opendir(slash == NULL ? "." : slash == dir ? "/" :
	    dir)) == NULL) {
		free(dir);
		return;
	}
	while ((e = readdir(dp)) != NULL) {
		if (strncmp(e->d_name, base, blen) != 0 ||
		    strncmp(e->d_name + blen, ".tmp.", 5) != 0 ||
		    strlen(e->d_name + blen + 5) != 6)
			continue;
		full = slash == NULL ? xstrdup(e->d_name) :
		    xasprintf("%s/%s", slash == dir ? "" : dir, e->d_name);
		if (lstat(full, &st) == 0 && S_ISREG(st.st_mode) &&
		    st.st_mtime + SAVE_TMP_STALE < now)
			unlink(full);
		free(full);
	}
	closedir(dp);
	free(dir);
}

/* Six letters for a temporary name, different at each call. */
static void
tmp_suffix(char *out)
{
	static const char abc[] = "abcdefghijklmnopqrstuvwxyz0123456789";
	static unsigned long count;
	struct timespec ts;
	unsigned long long v;
	int i;

	clock_gettime(CLOCK_REALTIME, &ts);
	v = (unsigned long long)ts.tv_nsec * 2654435761ULL ^
	    (unsigned long long)getpid() << 20 ^ (unsigned long long)++count *
	    0x9e3779b97f4a7c15ULL;
	for (i = 0; i < 6; i++) {
		out[i] = abc[v % (sizeof abc - 1)];
		v /= sizeof abc - 1;
	}
	out[6] = '\0';
}

int
save_atomic_at(int dirfd, const char *name, const char *path,
    const char *buf, size_t len, char **cause)
{
	char *tmp = NULL, sfx[8];
	size_t done = 0;
	ssize_t n;
	int fd = -1, i, err;

	*cause = NULL;
	for (i = 0; i < 100 && fd == -1; i++) {
		free(tmp);
		tmp_suffix(sfx);
		tmp = xasprintf("%s.tmp.%s", name, sfx);
		fd = openat(dirfd, tmp, O_WRONLY | O_CREAT | O_EXCL |
		    O_NOFOLLOW | O_CLOEXEC, 0600);
		if (fd == -1 && errno != EEXIST)
			break;
	}
	if (fd == -1) {
		*cause = xasprintf("%s: %s", path, strerror(errno));
		free(tmp);
		return -1;
	}
	/* Every step must succeed before the rename replaces the old file. */
	while (done < len) {
		n = write(fd, buf + done, len - done);
		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0) {
			err = n == 0 ? EIO : errno;
			close(fd);
			*cause = xasprintf("%s: %s", path, strerror(err));
			goto fail;
		}
		done += (size_t)n;
	}
	if (fsync(fd) != 0) {
		err = errno;
		close(fd);
		*cause = xasprintf("%s: %s", path, strerror(err));
		goto fail;
	}
	if (close(fd) != 0 || renameat(dirfd, tmp, dirfd, name) != 0) {
		*cause = xasprintf("%s: %s", path, strerror(errno));
		goto fail;
	}
	/* Make the rename itself durable. */
	fsync(dirfd);
	free(tmp);
	return 0;

fail:
	unlinkat(dirfd, tmp, 0);
	free(tmp);
	return -1;
}

int
save_atomic(const char *path, const char *buf, size_t len, char **cause)
{
	char *dir, *slash;
	const char *base;
	int dfd, rc;

	*cause = NULL;
	sweep_stale(path);
	/* The directory: the current one for a bare name (a save as
	 * "mine.save" typed at the prompt). */
	dir = xstrdup(path);
	if ((slash = strrchr(dir, '/')) != NULL) {
		base = path + (slash - dir) + 1;
		*(slash == dir ? slash + 1 : slash) = '\0';
	} else {
		base = path;
		free(dir);
		dir = xstrdup(".");
	}
	if ((dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1) {
		*cause = xasprintf("%s: %s", path, strerror(errno));
		free(dir);
		return -1;
	}
	free(dir);
	rc = save_atomic_at(dfd, base, path, buf, len, cause);
	close(dfd);
	return rc;
}

int
save_render(const struct game *g, const char *scenario, char **buf,
    size_t *len, char **cause)
{
	char *abs = NULL;
	FILE *f;

	*cause = NULL;
	*buf = NULL;
	*len = 0;
	if (scenario != NULL && (abs = realpath(scenario, NULL)) == NULL) {
		*cause = xasprintf("%s: %s", scenario, strerror(errno));
		return -1;
	}
	if ((f = open_memstream(buf, len)) == NULL)
		xalloc_fail(0);
	save_write(g, abs, f);
	fclose(f);
	free(abs);
	return 0;
}

int
save_file(const struct game *g, const char *scenario, const char *path,
    char **cause)
{
	char *buf;
	size_t len;
	int rc;

	if (save_render(g, scenario, &buf, &len, cause) != 0)
		return -1;
	rc = save_atomic(path, buf, len, cause);
	free(buf);
	return rc;
}
