/*
 * test-hangup-eof.c - the terminal reaching end of file counts as a
 * hangup: marshal runs on a pseudo-terminal that is not its controlling
 * terminal (so closing it sends no SIGHUP), gives the screen, and when the
 * other end is closed it must save the game and leave with status 0.
 * Also: the xalloc failure hook runs before the abort.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "util/xalloc.h"

/* Read from fd until text has been seen or the time runs out (ms). */
static bool
read_until(int fd, const char *text, int ms)
{
	char buf[4096], *seen = xcalloc(1, 1);
	size_t len = 0;
	ssize_t n;
	struct pollfd p = { fd, POLLIN, 0 };
	bool found = false;

	while (ms > 0 && !found) {
		if (poll(&p, 1, 100) <= 0) {
			ms -= 100;
			continue;
		}
		if ((n = read(fd, buf, sizeof buf)) <= 0)
			break;
		seen = xreallocarray(seen, len + (size_t)n + 1, 1);
		memcpy(seen + len, buf, (size_t)n);
		len += (size_t)n;
		seen[len] = '\0';
		found = memmem(seen, len, text, strlen(text)) != NULL;
	}
	free(seen);
	return found;
}

static void
test_eof_on_the_terminal_saves_and_leaves(void **state)
{
	const char *bin = getenv("MARSHAL_BIN");
	char xdg[] = "/tmp/marshal-eof-XXXXXX", *save, *env_xdg, *slave;
	struct winsize ws = { 24, 80, 0, 0 };
	struct stat st;
	int master, fd, status, i;
	pid_t pid;

	(void)state;
	if (bin == NULL)
		skip();
	assert_non_null(mkdtemp(xdg));
	master = posix_openpt(O_RDWR | O_NOCTTY);
	assert_true(master >= 0);
	assert_int_equal(grantpt(master), 0);
	assert_int_equal(unlockpt(master), 0);
	slave = xstrdup(ptsname(master));
	ioctl(master, TIOCSWINSZ, &ws);
	env_xdg = xasprintf("XDG_DATA_HOME=%s", xdg);

	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		/* O_NOCTTY: the terminal is ours to read, not our session's. */
		if ((fd = open(slave, O_RDWR | O_NOCTTY)) == -1)
			_exit(90);
		dup2(fd, 0);
		dup2(fd, 1);
		dup2(fd, 2);
		close(fd);
		close(master);
		putenv(env_xdg);
		setenv("TERM", "xterm", 1);
		setenv("LANG", "C", 1);
		setenv("LC_ALL", "C", 1);
		execl(bin, "marshal", "play", (char *)NULL);
		_exit(91);
	}
	/* The briefing is on the screen: the game has started. */
	assert_true(read_until(master, "The sides", 10000));
	close(master);
	/* It must leave by itself; a marshal that never sees the end of
	 * its input would spin here, so give up after a while. */
	for (i = 0; i < 300 && waitpid(pid, &status, WNOHANG) == 0; i++)
		usleep(50000);
	if (i == 300) {
		kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
		fail_msg("marshal did not leave when its terminal closed");
	}
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	save = xasprintf("%s/marshal/default.save", xdg);
	assert_int_equal(stat(save, &st), 0);
	assert_true(st.st_size > 0);
	unlink(save);
	free(save);
	save = xasprintf("%s/marshal", xdg);
	rmdir(save);
	free(save);
	rmdir(xdg);
	free(slave);
	free(env_xdg);
}

static int hook_fd = -1;

static void
hook(void)
{
	if (write(hook_fd, "R", 1) != 1)
		_exit(92);
}

/* The failure hook runs (the UI puts the terminal back) before abort. */
static void
test_xalloc_fail_hook_runs_before_abort(void **state)
{
	int fds[2], status;
	char c = 0;
	pid_t pid;

	(void)state;
	assert_int_equal(pipe(fds), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		close(fds[0]);
		hook_fd = fds[1];
		signal(SIGABRT, SIG_DFL);
		xalloc_set_fail_hook(hook);
		xalloc_fail(1);
	}
	close(fds[1]);
	assert_int_equal(read(fds[0], &c, 1), 1);
	assert_int_equal(c, 'R');
	close(fds[0]);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFSIGNALED(status));
	assert_int_equal(WTERMSIG(status), SIGABRT);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_eof_on_the_terminal_saves_and_leaves),
		cmocka_unit_test(test_xalloc_fail_hook_runs_before_abort),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
