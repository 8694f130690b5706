/*
 * match-watch.c - what wakes a marshal waiting on a shared game (inotify
 * on its directory, a timer for its deadline, as one descriptor), the
 * players' cursors that watchers follow, and what wakes the list of
 * battles when a game is offered, joined or played.  See match.h.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/inotify.h>
#include <sys/timerfd.h>
#include <unistd.h>

#include "io/match.h"
#include "io/match-priv.h"
#include "io/session.h"
#include "util/xalloc.h"

void
match_view_put(struct match *m, int s, int x, int y, int unit)
{
	char file[32], tmp[40], buf[64];
	int n, fd;

	if (s < 0 || s >= GAME_MAX_SIDES)
		return;
	/* Written at every move of the cursor: a rename keeps it whole for
	 * the reader, and nothing is forced to the disk (it is worth
	 * nothing after a crash). */
	match_side_file(file, sizeof file, "view", s, "");
	snprintf(tmp, sizeof tmp, "%s.new", file);
	n = snprintf(buf, sizeof buf, "%d %d %d\n", x, y, unit);
	fd = openat(m->dirfd, tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW |
	    O_CLOEXEC, 0600);
	if (fd == -1)
		return;
	if (write(fd, buf, (size_t)n) != n) {
		close(fd);
		unlinkat(m->dirfd, tmp, 0);
		return;
	}
	close(fd);
	renameat(m->dirfd, tmp, m->dirfd, file);
}

int
match_view_get(struct match *m, int s, int *x, int *y, int *unit)
{
	char file[32], *buf;
	size_t len;
	int rc;

	if (s < 0 || s >= GAME_MAX_SIDES)
		return -1;
	match_side_file(file, sizeof file, "view", s, "");
	if (session_read_at(m->dirfd, file, &buf, &len) != 0)
		return -1;
	buf[len < 63 ? len : 63] = '\0';
	rc = sscanf(buf, "%d %d %d", x, y, unit) == 3 ? 0 : -1;
	free(buf);
	return rc;
}

int
match_watch(struct match *m)
{
	struct epoll_event ev;

	if (m->epfd != -1)
		return m->epfd;
	m->inofd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	m->timerfd = timerfd_create(CLOCK_REALTIME, TFD_NONBLOCK |
	    TFD_CLOEXEC);
	m->epfd = epoll_create1(EPOLL_CLOEXEC);
	if (m->inofd == -1 || m->timerfd == -1 || m->epfd == -1 ||
	    inotify_add_watch(m->inofd, m->dir, IN_CLOSE_WRITE |
	    IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM) == -1)
		goto fail;
	memset(&ev, 0, sizeof ev);
	ev.events = EPOLLIN;
	ev.data.fd = m->inofd;
	if (epoll_ctl(m->epfd, EPOLL_CTL_ADD, m->inofd, &ev) != 0)
		goto fail;
	ev.data.fd = m->timerfd;
	if (epoll_ctl(m->epfd, EPOLL_CTL_ADD, m->timerfd, &ev) != 0)
		goto fail;
	return m->epfd;
fail:
	if (m->inofd != -1)
		close(m->inofd);
	if (m->timerfd != -1)
		close(m->timerfd);
	if (m->epfd != -1)
		close(m->epfd);
	m->inofd = m->timerfd = m->epfd = -1;
	return -1;
}

void
match_watch_due(struct match *m)
{
	struct itimerspec it;

	if (m->timerfd == -1)
		return;
	memset(&it, 0, sizeof it);
	/* A second past the deadline, so the marshal woken finds it
	 * passed; an absolute time in the past fires at once. */
	if (m->info.due > 0 && !m->info.over)
		it.it_value.tv_sec = m->info.due + 1;
	timerfd_settime(m->timerfd, TFD_TIMER_ABSTIME, &it, NULL);
}

/* What a changed file is to those who wait: the lock files, temporary
 * files and anything else are nothing. */
static int
seen_kind(const char *name)
{
	if (strstr(name, ".tmp.") != NULL || strstr(name, ".new") != NULL)
		return 0;
	if (strcmp(name, META) == 0 || strcmp(name, RECORD) == 0 ||
	    strncmp(name, "orders-", 7) == 0)
		return MATCH_SEEN_GAME;
	if (strncmp(name, "view-", 5) == 0)
		return MATCH_SEEN_VIEW;
	return 0;
}

int
match_watch_drain(struct match *m)
{
	char buf[4096] __attribute__((aligned(8)));
	const struct inotify_event *e;
	ssize_t n, off;
	int seen = 0;

	if (m->inofd != -1)
		while ((n = read(m->inofd, buf, sizeof buf)) > 0)
			for (off = 0; off + (ssize_t)sizeof *e <= n;
			    off += (ssize_t)(sizeof *e + e->len)) {
				e = (const struct inotify_event *)(buf + off);
				if (e->len > 0)
					seen |= seen_kind(e->name);
				if (e->mask & IN_Q_OVERFLOW)
					seen |= MATCH_SEEN_GAME |
					    MATCH_SEEN_VIEW;
			}
	if (m->timerfd != -1)
		while (read(m->timerfd, buf, sizeof buf) > 0)
			seen |= MATCH_SEEN_TIME;
	return seen;
}

/* Watch a game directory under root for the list. */
static void
list_add(int fd, const char *root, const char *name)
{
	char *dir;

	if (!session_name_ok(name))
		return;
	dir = xasprintf("%s/%s", root, name);
	inotify_add_watch(fd, dir, IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE |
	    IN_MOVED_FROM | IN_ONLYDIR | IN_DONT_FOLLOW);
	free(dir);
}

int
match_list_watch(const char *root)
{
	struct dirent *e;
	char *cause = NULL;
	DIR *dp;
	int fd;

	if (session_mkdir(root, &cause) != 0) {
		free(cause);
		return -1;
	}
	if ((fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC)) == -1)
		return -1;
	if (inotify_add_watch(fd, root, IN_CREATE | IN_DELETE | IN_MOVED_TO |
	    IN_MOVED_FROM | IN_ONLYDIR | IN_DONT_FOLLOW) == -1) {
		close(fd);
		return -1;
	}
	if ((dp = opendir(root)) != NULL) {
		while ((e = readdir(dp)) != NULL)
			list_add(fd, root, e->d_name);
		closedir(dp);
	}
	return fd;
}

bool
match_list_changed(int fd, const char *root)
{
	char buf[4096] __attribute__((aligned(8)));
	const struct inotify_event *e;
	ssize_t n, off;
	bool changed = false;

	while ((n = read(fd, buf, sizeof buf)) > 0)
		for (off = 0; off + (ssize_t)sizeof *e <= n;
		    off += (ssize_t)(sizeof *e + e->len)) {
			e = (const struct inotify_event *)(buf + off);
			if (e->mask & IN_Q_OVERFLOW)
				changed = true;
			if (e->len == 0)
				continue;
			/* A new game's directory: its files are watched
			 * from now on (match.yaml comes last, so it is
			 * seen). */
			if ((e->mask & (IN_CREATE | IN_MOVED_TO)) &&
			    (e->mask & IN_ISDIR))
				list_add(fd, root, e->name);
			if ((e->mask & IN_ISDIR) ||
			    seen_kind(e->name) == MATCH_SEEN_GAME)
				changed = true;
		}
	return changed;
}
