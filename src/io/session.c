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
#include <sys/stat.h>
#include <unistd.h>

#include "io/save.h"
#include "io/session.h"
#include "util/xalloc.h"

#define SAVE_SUFFIX	".save"
#define TMP_INFIX	".save.tmp."

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

/* mkdir -p with mode 0700 for what is made. */
static int
make_dir(const char *dir, char **cause)
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

/* The pid written in a lock file, or -1. */
static long
lock_pid(const char *path)
{
	char buf[32];
	ssize_t n;
	long pid;
	char *end;
	int fd;

	if ((fd = open(path, O_RDONLY | O_NOFOLLOW)) == -1)
		return -1;
	n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	errno = 0;
	pid = strtol(buf, &end, 10);
	if (errno != 0 || end == buf || pid <= 0 || pid > INT_MAX)
		return -1;
	return pid;
}

static int
take_lock(const char *path, char **cause)
{
	char buf[32];
	long pid;
	int fd, tries, len;

	for (tries = 0; tries < 2; tries++) {
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0600);
		if (fd != -1) {
			len = snprintf(buf, sizeof buf, "%ld\n", (long)getpid());
			if (write(fd, buf, (size_t)len) != len) {
				*cause = xasprintf("%s: %s", path,
				    strerror(errno != 0 ? errno : EIO));
				close(fd);
				unlink(path);
				return -1;
			}
			close(fd);
			return 0;
		}
		if (errno != EEXIST) {
			*cause = xasprintf("%s: %s", path, strerror(errno));
			return -1;
		}
		/*
		 * Someone holds it.  A pid that no longer runs means a
		 * marshal was killed: the lock is stale.  (EPERM: the
		 * process exists under another user.)  A lock without a
		 * pid is a marshal between creating and writing it, or
		 * garbage; it is only taken on the second look.
		 */
		pid = lock_pid(path);
		if (pid > 0 && pid != (long)getpid() &&
		    (kill((pid_t)pid, 0) == 0 || errno == EPERM)) {
			*cause = xasprintf("this game is being played by "
			    "another marshal (process %ld); if it is gone, "
			    "remove %s", pid, path);
			return -1;
		}
		if (pid <= 0 && tries == 0) {
			usleep(100000);
			if (lock_pid(path) > 0)
				continue;
		}
		unlink(path);
	}
	*cause = xasprintf("%s: cannot take the lock", path);
	return -1;
}

/* Remove NAME.save.tmp.* left by a save that was killed part way. */
static int
sweep(const char *dir, const char *name)
{
	char *prefix = xasprintf("%s" TMP_INFIX, name), *p;
	size_t plen = strlen(prefix);
	struct dirent *e;
	DIR *dp;
	int n = 0;

	if ((dp = opendir(dir)) == NULL) {
		free(prefix);
		return 0;
	}
	while ((e = readdir(dp)) != NULL)
		if (strncmp(e->d_name, prefix, plen) == 0) {
			p = xasprintf("%s/%s", dir, e->d_name);
			if (unlink(p) == 0)
				n++;
			free(p);
		}
	closedir(dp);
	free(prefix);
	return n;
}

int
session_open(struct session *s, const char *dir, const char *name,
    int max_saves, char **cause)
{
	*cause = NULL;
	memset(s, 0, sizeof *s);
	if (!session_name_ok(name)) {
		*cause = xasprintf("'%s' is not a save name", name);
		return -1;
	}
	if (make_dir(dir, cause) != 0)
		return -1;
	s->dir = xstrdup(dir);
	s->name = xstrdup(name);
	s->save = xasprintf("%s/%s" SAVE_SUFFIX, dir, name);
	s->lock = xasprintf("%s/%s.lock", dir, name);
	if (max_saves > 0 && !session_has_save(s) &&
	    session_count(dir) >= max_saves) {
		*cause = xasprintf("%d saved games already, the most this "
		    "server keeps; finish or resume one of them", max_saves);
		goto fail;
	}
	if (take_lock(s->lock, cause) != 0)
		goto fail;
	s->swept = sweep(dir, name);
	return 0;

fail:
	free(s->dir);
	free(s->name);
	free(s->save);
	free(s->lock);
	memset(s, 0, sizeof *s);
	return -1;
}

void
session_close(struct session *s)
{
	if (s->lock != NULL && lock_pid(s->lock) == (long)getpid())
		unlink(s->lock);
	free(s->dir);
	free(s->name);
	free(s->save);
	free(s->lock);
	memset(s, 0, sizeof *s);
}

bool
session_has_save(const struct session *s)
{
	struct stat st;

	return stat(s->save, &st) == 0 && S_ISREG(st.st_mode);
}

int
session_save(const struct session *s, const struct game *g,
    const char *scenario, size_t max_bytes, char **cause)
{
	char *buf;
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
	rc = save_atomic(s->save, buf, len, cause);
	free(buf);
	return rc;
}

void
session_forget(const struct session *s)
{
	unlink(s->save);
}

void
session_set_aside(const struct session *s)
{
	char *bad = xasprintf("%s.bad", s->save);

	rename(s->save, bad);
	free(bad);
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
		if (stat(p, &st) == 0 && S_ISREG(st.st_mode) &&
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
