/*
 * session.c - save slots: names, locks, sweeping and saving.  See
 * session.h.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/save.h"
#include "io/session.h"
#include "io/yread.h"
#include "util/xalloc.h"

#define SAVE_SUFFIX	".save"
#define TMP_INFIX	".save.tmp."
#define REPLAY_SUFFIX	".replay"
#define RTMP_INFIX	".replay.tmp."

static bool
name_byte(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
}

char *
session_name(const char *scenario)
{
	const char *base = strrchr(scenario, '/');
	size_t len, i;
	char *s;

	base = base != NULL ? base + 1 : scenario;
	len = strlen(base);
	if (len > 5 && strcmp(base + len - 5, ".yaml") == 0)
		len -= 5;
	if (len > SESSION_NAME_MAX)
		len = SESSION_NAME_MAX;
	if (len == 0)
		return xstrdup("game");
	s = xstrndup(base, len);
	for (i = 0; i < len; i++)
		if (!name_byte((unsigned char)s[i]))
			s[i] = '_';
	if (s[0] == '.')
		s[0] = '_';
	return s;
}

bool
session_name_ok(const char *s)
{
	size_t i, len = strlen(s);

	if (len == 0 || len > SESSION_NAME_MAX || s[0] == '.')
		return false;
	for (i = 0; i < len; i++)
		if (!name_byte((unsigned char)s[i]))
			return false;
	return true;
}

/* mkdir -p with mode 0700 for what is made (session.h). */
int
session_mkdir(const char *dir, char **cause)
{
	char *p = xstrdup(dir), *q, c;
	struct stat st;

	for (q = p + 1; ; q++) {
		if (*q != '/' && *q != '\0')
			continue;
		c = *q;
		*q = '\0';
		if (mkdir(p, 0700) != 0 && errno != EEXIST) {
			*cause = xasprintf("cannot make %s: %s", p,
			    strerror(errno));
			free(p);
			return -1;
		}
		*q = c;
		if (c == '\0')
			break;
	}
	free(p);
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
		*cause = xasprintf("%s is not a directory", dir);
		return -1;
	}
	return 0;
}

/* The pid written in an open lock file, or -1. */
static long
lock_pid(int fd)
{
	char buf[32];
	ssize_t n;
	long pid;
	char *end;

	n = pread(fd, buf, sizeof buf - 1, 0);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	errno = 0;
	pid = strtol(buf, &end, 10);
	if (errno != 0 || end == buf || pid <= 0 || pid > INT_MAX)
		return -1;
	return pid;
}

/*
 * Take the slot's lock: an exclusive flock on the open lock file, which
 * the kernel lets go of when its holder exits or is killed, so no stale
 * lock can outlive a marshal (a pid written in the file is only for the
 * message).  The file is unlinked on release; a lock taken on a file that
 * was unlinked meanwhile is let go and taken again on the new one.
 * Returns the descriptor, or -1 with *cause allocated.
 */
static int
take_lock(int dirfd, const char *name, const char *path, char **cause)
{
	struct stat a, b;
	char buf[32];
	long pid;
	int fd, tries, len;

	for (tries = 0; tries < 100; tries++) {
		fd = openat(dirfd, name, O_RDWR | O_CREAT | O_NOFOLLOW |
		    O_NONBLOCK | O_CLOEXEC, 0600);
		if (fd == -1) {
			*cause = xasprintf("%s: %s", path, strerror(errno));
			return -1;
		}
		if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
			if (errno != EWOULDBLOCK) {
				*cause = xasprintf("%s: %s", path,
				    strerror(errno));
				close(fd);
				return -1;
			}
			pid = lock_pid(fd);
			close(fd);
			if (pid > 0)
				*cause = xasprintf("this game is being played "
				    "in another session (marshal process %ld); "
				    "quit that one first", pid);
			else
				*cause = xstrdup("this game is being played "
				    "in another session; quit that one first");
			return -1;
		}
		if (fstat(fd, &a) != 0 ||
		    fstatat(dirfd, name, &b, AT_SYMLINK_NOFOLLOW) != 0 ||
		    a.st_dev != b.st_dev || a.st_ino != b.st_ino) {
			/* Released and unlinked as we took it. */
			close(fd);
			continue;
		}
		if (!S_ISREG(a.st_mode)) {
			*cause = xasprintf("%s is not a regular file", path);
			close(fd);
			return -1;
		}
		len = snprintf(buf, sizeof buf, "%ld\n", (long)getpid());
		if (ftruncate(fd, 0) != 0 ||
		    pwrite(fd, buf, (size_t)len, 0) != len) {
			*cause = xasprintf("%s: %s", path,
			    strerror(errno != 0 ? errno : EIO));
			close(fd);
			return -1;
		}
		return fd;
	}
	*cause = xasprintf("%s: cannot take the lock", path);
	return -1;
}

/*
 * Read the regular file name in dirfd, never through a symbolic link and
 * never waiting on a FIFO, within yread's size bound.  0 with *buf
 * allocated, or -1 with errno set.
 */
int
session_read_at(int dirfd, const char *name, char **buf, size_t *len)
{
	struct stat st;
	size_t cap;
	ssize_t got;
	int fd, err;

	*buf = NULL;
	*len = 0;
	fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK |
	    O_NOCTTY | O_CLOEXEC);
	if (fd == -1)
		return -1;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
	    st.st_size > YREAD_MAX_FILE) {
		err = errno != 0 && !S_ISREG(st.st_mode) ? EINVAL : EFBIG;
		close(fd);
		errno = err;
		return -1;
	}
	cap = (size_t)st.st_size + 1;
	*buf = xmallocarray(cap, 1);
	for (;;) {
		got = read(fd, *buf + *len, cap - *len);
		if (got == -1 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		*len += (size_t)got;
		if (*len == cap)
			break;	/* grew while read: the bound holds */
	}
	err = errno;
	close(fd);
	if (got < 0) {
		free(*buf);
		*buf = NULL;
		errno = err;
		return -1;
	}
	return 0;
}

/* Remove NAME.save.tmp.* (or with infix NAME.replay.tmp.*) left by a
 * save that was killed part way. */
static int
sweep(int dirfd, const char *name, const char *infix)
{
	char *prefix = xasprintf("%s%s", name, infix);
	size_t plen = strlen(prefix);
	struct dirent *e;
	DIR *dp;
	int n = 0, fd;

	if ((fd = dup(dirfd)) == -1 || (dp = fdopendir(fd)) == NULL) {
		if (fd != -1)
			close(fd);
		free(prefix);
		return 0;
	}
	rewinddir(dp);
	while ((e = readdir(dp)) != NULL)
		if (strncmp(e->d_name, prefix, plen) == 0 &&
		    unlinkat(dirfd, e->d_name, 0) == 0)
			n++;
	closedir(dp);
	free(prefix);
	return n;
}

/*
 * Open the save directory.  Strict (a public server): neither it nor its
 * parent may be a symbolic link, so a player directory pointed elsewhere
 * never receives saves.
 */
int
session_opendir(const char *dir, bool strict, char **cause)
{
	char *parent, *slash;
	struct stat st;
	int fd;

	if (strict) {
		parent = xstrdup(dir);
		if ((slash = strrchr(parent, '/')) != NULL && slash != parent) {
			*slash = '\0';
			if (lstat(parent, &st) != 0 || !S_ISDIR(st.st_mode)) {
				*cause = xasprintf("%s is not a directory (a "
				    "symbolic link is not followed)", parent);
				free(parent);
				return -1;
			}
		}
		free(parent);
	}
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC |
	    (strict ? O_NOFOLLOW : 0));
	if (fd == -1) {
		*cause = errno == ELOOP || errno == ENOTDIR ?
		    xasprintf("%s is not a directory (a symbolic link is not "
		    "followed)", dir) :
		    xasprintf("%s: %s", dir, strerror(errno));
		return -1;
	}
	return fd;
}

int
session_open(struct session *s, const char *dir, const char *name,
    int max_saves, bool strict, char **cause)
{
	char *lockname;

	*cause = NULL;
	memset(s, 0, sizeof *s);
	s->dirfd = s->lockfd = -1;
	if (!session_name_ok(name)) {
		*cause = xasprintf("'%s' is not a save name", name);
		return -1;
	}
	if (session_mkdir(dir, cause) != 0)
		return -1;
	if ((s->dirfd = session_opendir(dir, strict, cause)) == -1)
		return -1;
	s->dir = xstrdup(dir);
	s->name = xstrdup(name);
	s->save = xasprintf("%s/%s" SAVE_SUFFIX, dir, name);
	s->lock = xasprintf("%s/%s.lock", dir, name);
	s->replay = xasprintf("%s/%s" REPLAY_SUFFIX, dir, name);
	if (max_saves > 0 && !session_has_save(s) &&
	    session_count(dir) >= max_saves) {
		*cause = xasprintf("%d saved games already, the most this "
		    "server keeps; finish or resume one of them", max_saves);
		goto fail;
	}
	lockname = xasprintf("%s.lock", name);
	s->lockfd = take_lock(s->dirfd, lockname, s->lock, cause);
	free(lockname);
	if (s->lockfd == -1)
		goto fail;
	s->swept = sweep(s->dirfd, name, TMP_INFIX);
	s->swept += sweep(s->dirfd, name, RTMP_INFIX);
	return 0;

fail:
	close(s->dirfd);
	free(s->dir);
	free(s->name);
	free(s->save);
	free(s->lock);
	free(s->replay);
	memset(s, 0, sizeof *s);
	s->dirfd = s->lockfd = -1;
	return -1;
}

void
session_close(struct session *s)
{
	char *lockname;

	/* Unlinked while still held, so nobody can take a file about to go. */
	if (s->lockfd >= 0) {
		lockname = xasprintf("%s.lock", s->name);
		unlinkat(s->dirfd, lockname, 0);
		free(lockname);
		close(s->lockfd);
	}
	if (s->dirfd >= 0)
		close(s->dirfd);
	free(s->dir);
	free(s->name);
	free(s->save);
	free(s->lock);
	free(s->replay);
	memset(s, 0, sizeof *s);
	s->dirfd = s->lockfd = -1;
}

/* The slot's save file name inside its directory (allocated). */
static char *
save_name(const struct session *s)
{
	return xasprintf("%s" SAVE_SUFFIX, s->name);
}

bool
session_has_save(const struct session *s)
{
	char *name = save_name(s);
	struct stat st;
	bool yes;

	/* A symbolic link in the save's place is no save. */
	yes = fstatat(s->dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	    S_ISREG(st.st_mode);
	free(name);
	return yes;
}

int
session_save(const struct session *s, const struct game *g,
    const char *scenario, size_t max_bytes, char **cause)
{
	char *buf, *name;
	size_t len;
	int rc;

	if (save_render(g, scenario, &buf, &len, cause) != 0)
		return -1;
	if (max_bytes > 0 && len > max_bytes) {
		*cause = xasprintf("the save would be %zu bytes, more than "
		    "the %zu this server allows", len, max_bytes);
		free(buf);
		return -1;
	}
	name = save_name(s);
	rc = save_atomic_at(s->dirfd, name, s->save, buf, len, cause);
	free(name);
	free(buf);
	return rc;
}

struct game *
session_load(const struct session *s, const char *datadir, bool bundled,
    struct ruleset **rs_out, char **scenario, struct diags *d)
{
	char *name = save_name(s), *buf = NULL;
	struct game *g = NULL;
	size_t len = 0;
	struct pos nopos = { s->save, 0, 0 };

	*rs_out = NULL;
	if (scenario != NULL)
		*scenario = NULL;
	if (session_read_at(s->dirfd, name, &buf, &len) != 0)
		diags_add(d, nopos, "cannot open: %s", strerror(errno));
	else
		g = save_load_text(s->save, buf, len, datadir, bundled,
		    rs_out, scenario, d);
	free(buf);
	free(name);
	return g;
}

void
session_forget(const struct session *s)
{
	char *name = save_name(s);

	unlinkat(s->dirfd, name, 0);
	free(name);
	session_forget_record(s);
}

char *
session_keep_record(const struct session *s)
{
	char *from = xasprintf("%s" REPLAY_SUFFIX, s->name);
	char *to = xasprintf("%s-last" REPLAY_SUFFIX, s->name), *path = NULL;

	if (renameat(s->dirfd, from, s->dirfd, to) == 0)
		path = xasprintf("%s/%s", s->dir, to);
	free(from);
	free(to);
	return path;
}

void
session_forget_record(const struct session *s)
{
	char *name = xasprintf("%s" REPLAY_SUFFIX, s->name);

	unlinkat(s->dirfd, name, 0);
	free(name);
}

int
session_record(const struct session *s, const struct replay *r,
    char **cause)
{
	char *buf = NULL, *name;
	size_t len = 0;
	FILE *f;
	int rc;

	if ((f = open_memstream(&buf, &len)) == NULL)
		xalloc_fail(0);
	replay_write(r, f);
	if (fclose(f) != 0)
		xalloc_fail(0);
	name = xasprintf("%s" REPLAY_SUFFIX, s->name);
	rc = save_atomic_at(s->dirfd, name, s->replay, buf, len, cause);
	free(name);
	free(buf);
	return rc;
}

struct replay *
session_load_record(const struct session *s, struct diags *d)
{
	char *name = xasprintf("%s" REPLAY_SUFFIX, s->name), *buf = NULL;
	struct replay *r = NULL;
	size_t len = 0;
	struct pos nopos = { s->replay, 0, 0 };

	if (session_read_at(s->dirfd, name, &buf, &len) != 0)
		diags_add(d, nopos, "cannot open: %s", strerror(errno));
	else
		r = replay_read_text(s->replay, buf, len, d);
	free(buf);
	free(name);
	return r;
}

void
session_set_aside(const struct session *s)
{
	char *from, *to;
	int i;

	/* The newest is NAME.save.bad; older ones move up to .bad.N and the
	 * oldest past SESSION_MAX_BAD goes. */
	for (i = SESSION_MAX_BAD; i >= 2; i--) {
		from = i == 2 ? xasprintf("%s" SAVE_SUFFIX ".bad", s->name) :
		    xasprintf("%s" SAVE_SUFFIX ".bad.%d", s->name, i - 1);
		to = xasprintf("%s" SAVE_SUFFIX ".bad.%d", s->name, i);
		renameat(s->dirfd, from, s->dirfd, to);
		free(from);
		free(to);
	}
	from = save_name(s);
	to = xasprintf("%s" SAVE_SUFFIX ".bad", s->name);
	renameat(s->dirfd, from, s->dirfd, to);
	free(from);
	free(to);
}

/* Whether a directory entry is a save (NAME.save, NAME a clean name). */
static bool
is_save(const char *d_name, char **name)
{
	size_t len = strlen(d_name), sl = strlen(SAVE_SUFFIX);
	char *n;

	if (len <= sl || strcmp(d_name + len - sl, SAVE_SUFFIX) != 0)
		return false;
	n = xstrndup(d_name, len - sl);
	if (!session_name_ok(n)) {
		free(n);
		return false;
	}
	if (name != NULL)
		*name = n;
	else
		free(n);
	return true;
}

char *
session_latest(const char *dir)
{
	struct dirent *e;
	struct stat st;
	DIR *dp;
	char *best = NULL, *name, *p;
	struct timespec when = { 0, 0 };

	if ((dp = opendir(dir)) == NULL)
		return NULL;
	while ((e = readdir(dp)) != NULL) {
		if (!is_save(e->d_name, &name))
			continue;
		p = xasprintf("%s/%s", dir, e->d_name);
		if (lstat(p, &st) == 0 && S_ISREG(st.st_mode) &&
		    (best == NULL || st.st_mtim.tv_sec > when.tv_sec ||
		    (st.st_mtim.tv_sec == when.tv_sec &&
		    st.st_mtim.tv_nsec > when.tv_nsec))) {
			free(best);
			best = name;
			when = st.st_mtim;
		} else
			free(name);
		free(p);
	}
	closedir(dp);
	return best;
}

int
session_count(const char *dir)
{
	struct dirent *e;
	DIR *dp;
	int n = 0;

	if ((dp = opendir(dir)) == NULL)
		return 0;
	while ((e = readdir(dp)) != NULL)
		if (is_save(e->d_name, NULL))
			n++;
	closedir(dp);
	return n;
}
