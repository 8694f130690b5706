/*
 * pty-bench.c - what a terminal program costs a slow link: bytes, time to
 * the first screen, and memory, measured through a pseudo-terminal.
 *
 * pty-bench runs any program given after "--" on a pseudo-terminal of a
 * given size and TERM, plays it keys like a person, and counts what the
 * program writes back.  Nothing here knows marshal: the same figures can
 * be taken for another terminal program side by side
 * (pty-bench -c j -x q -- less README, or -- nethack).
 *
 * How output is cut into frames: after a start or a key, the program's
 * output is read until it goes quiet for the quiet interval (-q); that
 * burst is the frame.  The interval itself is not counted: a frame's time
 * is that of its last byte.  With a marker (-m), the first frame is
 * complete as soon as the marker has been written, and its bytes are
 * those up to the marker's end.  A key that produces nothing is given up
 * after the wait (-w), and a burst that never goes quiet (a clock, an
 * animation) is cut after ten seconds.  The quiet interval must be longer
 * than any pause a program makes inside one frame; on a loaded machine
 * raise it.
 *
 * Figures, for each TERM and size:
 *   first frame   time from fork to the last byte of the first burst, the
 *                 median of -r starts; the CPU time the program had used
 *                 by then (Linux schedstat; a loaded machine stretches
 *                 the wall time, not this); and its bytes (first start);
 *   cursor key    bytes per cursor key (-c, sent -n times), median,
 *                 average and largest, after the set-up keys (-k); the
 *                 target is for the median, a plain step: the average
 *                 also carries the steps that scroll the view or bring
 *                 the panel new text;
 *   end of turn   bytes for the end-of-turn keys (-t) all together, after
 *                 the preparing keys (-p), which are not counted;
 *   redraw        bytes for the redraw keys (-R, e.g. \x0c for Ctrl-L),
 *                 pressed after the cursor keys: a full repaint;
 *   write calls   beside each of those, the write() calls the program made
 *                 for it (Linux /proc/PID/io, syscw: every write, so an
 *                 end of turn that saves a file counts that save's too);
 *                 fewer calls mean fewer packets over a link that sends
 *                 each write on its own;
 *   peak memory   the child's largest resident set (wait4's ru_maxrss)
 *                 over the whole first run.
 * The program is then asked to leave with -x keys, or hung up (the master
 * side closed), and killed if it outstays that.
 *
 * The targets printed beside the figures are marshal's; PASS and MISS are
 * for information, and the exit status does not depend on them.  With -b,
 * figures taken earlier (say before a change) are printed beside today's:
 * -b 'cursor=16/2,turn=4700/20,redraw=2000/2' gives bytes/writes for the
 * first size.
 *
 * Keys are written in C notation: \r Enter, \t Tab, \e Esc, \\, \xHH; an
 * escape sequence (\e[A, \eOA, \e[5~) is one key.  Each key is written
 * alone and its output read to the quiet interval before the next.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#define MAX_KEYS	1024
#define MAX_SIZES	8
#define MAX_TERMS	8
#define MAX_ENV		32
#define MAX_RUNS	50
#define KEY_LEN		16
#define BURST_MAX_MS	10000	/* a program that never goes quiet */

/* Targets (marshal's): informational. */
#define TARGET_FRAME_MS		20.0
#define TARGET_CURSOR_BYTES	32
#define TARGET_TURN_BYTES	2048	/* at 80x24 */
#define TARGET_RSS_KB		5120

struct keys {
	char	k[MAX_KEYS][KEY_LEN];
	int	len[MAX_KEYS];
	int	n;
};

struct opts {
	int		 quiet_ms;
	int		 wait_ms;
	int		 runs;
	int		 w[MAX_SIZES], h[MAX_SIZES];
	int		 nsizes;
	const char	*term[MAX_TERMS];
	int		 nterms;
	const char	*env[MAX_ENV];
	int		 nenv;
	const char	*tmpvar[MAX_ENV];	/* set to a fresh directory */
	int		 ntmpvar;
	const char	*marker;
	const char	*before;	/* -b: earlier figures, shown beside */
	struct keys	 setup, cursor, prep, turn, leave, redraw;
	int		 ncursor;
	char		**argv;
};

/* A program running on a pseudo-terminal. */
struct child {
	pid_t		 pid;
	int		 fd;		/* the master side */
	double		 t0;		/* when it was started, ms */
	char		*tmp[MAX_ENV];	/* directories made for it */
	int		 ntmp;
	struct rusage	 ru;
	int		 status;
};

/* Figures for one TERM and size. */
struct figures {
	double		 frame_ms;
	double		 frame_cpu;	/* -1: not known */
	long		 frame_bytes;
	double		 cursor_avg;
	double		 cursor_med;
	long		 cursor_max;
	double		 cursor_wmed;	/* write() calls per cursor key */
	double		 cursor_wavg;
	long		 turn_bytes;	/* -1: not measured */
	long		 turn_writes;
	char		 turn_keys[64];	/* the same, key by key */
	char		 turn_wkeys[64];
	long		 redraw_bytes;	/* -1: not measured */
	long		 redraw_writes;
	long		 rss_kb;
	bool		 ok;
};

static FILE *out_log;		/* -o */

static double
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static void
usage(void)
{
	fprintf(stderr,
	    "usage: pty-bench [-q ms] [-w ms] [-r runs] [-s WxH]... "
	    "[-T term]...\n"
	    "                 [-e NAME=VALUE]... [-d NAME]... [-m marker] "
	    "[-k keys]\n"
	    "                 [-c keys] [-n count] [-p keys] [-t keys] "
	    "[-x keys] [-o log] -- program [arg...]\n");
	exit(2);
}

static int
hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Decode C notation into bytes; returns the length. */
static size_t
unescape(const char *s, char *out)
{
	size_t n = 0;
	int a, b;

	while (*s != '\0') {
		if (*s != '\\' || s[1] == '\0') {
			out[n++] = *s++;
			continue;
		}
		s++;
		switch (*s) {
		case 'r': out[n++] = '\r'; s++; break;
		case 'n': out[n++] = '\n'; s++; break;
		case 't': out[n++] = '\t'; s++; break;
		case 'e': out[n++] = 27; s++; break;
		case 'x':
			if ((a = hexval(s[1])) >= 0 && (b = hexval(s[2])) >= 0) {
				out[n++] = (char)(a * 16 + b);
				s += 3;
			} else
				out[n++] = *s++;
			break;
		default: out[n++] = *s++; break;
		}
	}
	out[n] = '\0';
	return n;
}

/* Cut decoded bytes into keys: one byte each, an escape sequence whole. */
static void
keys_parse(struct keys *k, const char *spec)
{
	char *buf = malloc(strlen(spec) + 1);
	size_t n, i = 0, j;

	if (buf == NULL)
		abort();
	n = unescape(spec, buf);
	k->n = 0;
	while (i < n) {
		j = i + 1;
		if (buf[i] == 27 && j < n && (buf[j] == '[' || buf[j] == 'O')) {
			/* CSI or SS3: parameters, then one final byte. */
			j++;
			while (j < n && j - i < KEY_LEN - 2 &&
			    buf[j] >= 0x20 && buf[j] <= 0x3f)
				j++;
			if (j < n)
				j++;
		}
		if (k->n == MAX_KEYS) {
			fprintf(stderr, "pty-bench: too many keys\n");
			exit(2);
		}
		memcpy(k->k[k->n], buf + i, j - i);
		k->len[k->n++] = (int)(j - i);
		i = j;
	}
	free(buf);
}

static int
rm_one(const char *path, const struct stat *st, int flag, struct FTW *f)
{
	return remove(path);
}

/* Start argv on a new pseudo-terminal of w x h with TERM=term. */
static int
child_start(struct child *c, const struct opts *o, int w, int h,
    const char *term)
{
	struct winsize ws;
	char *slave, tmpl[64];
	int fd, sfd, i;

	memset(c, 0, sizeof *c);
	for (i = 0; i < o->ntmpvar; i++) {
		snprintf(tmpl, sizeof tmpl, "%s/pty-bench.XXXXXX",
		    getenv("TMPDIR") != NULL ? getenv("TMPDIR") : "/tmp");
		if (mkdtemp(tmpl) == NULL) {
			perror("pty-bench: mkdtemp");
			return -1;
		}
		c->tmp[c->ntmp++] = strdup(tmpl);
	}
	if ((fd = posix_openpt(O_RDWR | O_NOCTTY)) < 0 || grantpt(fd) != 0 ||
	    unlockpt(fd) != 0 || (slave = ptsname(fd)) == NULL) {
		perror("pty-bench: pseudo-terminal");
		return -1;
	}
	memset(&ws, 0, sizeof ws);
	ws.ws_col = (unsigned short)w;
	ws.ws_row = (unsigned short)h;
	ioctl(fd, TIOCSWINSZ, &ws);
	c->t0 = now_ms();
	if ((c->pid = fork()) < 0) {
		perror("pty-bench: fork");
		close(fd);
		return -1;
	}
	if (c->pid == 0) {
		setsid();
		if ((sfd = open(slave, O_RDWR)) < 0)
			_exit(127);
		ioctl(sfd, TIOCSCTTY, 0);
		dup2(sfd, 0);
		dup2(sfd, 1);
		dup2(sfd, 2);
		if (sfd > 2)
			close(sfd);
		close(fd);
		signal(SIGPIPE, SIG_DFL);
		setenv("TERM", term, 1);
		for (i = 0; i < o->nenv; i++) {
			const char *eq = strchr(o->env[i], '=');
			char name[256];

			snprintf(name, sizeof name, "%.*s",
			    (int)(eq - o->env[i]), o->env[i]);
			setenv(name, eq + 1, 1);
		}
		for (i = 0; i < c->ntmp; i++)
			setenv(o->tmpvar[i], c->tmp[i], 1);
		execvp(o->argv[0], o->argv);
		_exit(127);
	}
	c->fd = fd;
	return 0;
}

/*
 * Read a burst: wait up to first_ms for output to begin, then until it is
 * quiet for quiet_ms.  Returns the bytes read (-1: end of output) and the
 * time of the last byte in *last.  With a marker, stop counting at its
 * end (reading on to the quiet) and set *last to when it was seen.
 */
static long
burst(struct child *c, int first_ms, int quiet_ms, const char *marker,
    double *last)
{
	static char seen[1 << 20];
	char buf[8192], *m;
	size_t nseen = 0;
	struct pollfd pfd;
	double start = now_ms(), t;
	long total = 0, at_marker = -1;
	ssize_t n;
	int wait;

	*last = start;
	for (;;) {
		t = now_ms();
		if (total == 0)
			wait = first_ms - (int)(t - start);
		else if (t - start > BURST_MAX_MS)
			break;
		else
			wait = quiet_ms - (int)(t - *last);
		if (wait <= 0)
			break;
		pfd.fd = c->fd;
		pfd.events = POLLIN;
		if (poll(&pfd, 1, wait) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (!(pfd.revents & (POLLIN | POLLHUP | POLLERR)))
			continue;
		if ((n = read(c->fd, buf, sizeof buf)) <= 0) {
			if (n < 0 && errno == EINTR)
				continue;
			return total > 0 ? total : -1;	/* EIO: it is gone */
		}
		if (at_marker < 0)
			*last = now_ms();
		total += n;
		if (out_log != NULL)
			fwrite(buf, 1, (size_t)n, out_log);
		if (marker != NULL && at_marker < 0) {
			if (nseen + (size_t)n < sizeof seen - 1) {
				memcpy(seen + nseen, buf, (size_t)n);
				nseen += (size_t)n;
				seen[nseen] = '\0';
			}
			if ((m = memmem(seen, nseen, marker,
			    strlen(marker))) != NULL)
				at_marker = (long)(m - seen) +
				    (long)strlen(marker);
		}
	}
	return at_marker >= 0 ? at_marker : total;
}

/*
 * The write() calls the child has made so far (Linux /proc/PID/io,
 * syscw), or -1 where that cannot be read.
 */
static long
writes(pid_t pid)
{
	char path[64], line[128];
	long v = -1;
	FILE *f;

	snprintf(path, sizeof path, "/proc/%ld/io", (long)pid);
	if ((f = fopen(path, "r")) == NULL)
		return -1;
	while (fgets(line, sizeof line, f) != NULL)
		if (sscanf(line, "syscw: %ld", &v) == 1)
			break;
	fclose(f);
	return v;
}

/* Write one key and read what it makes; *nw gets the write() calls. */
static long
press(struct child *c, const struct opts *o, const struct keys *k, int i,
    long *nw)
{
	double last;
	long n, w0 = writes(c->pid), w1;

	*nw = 0;
	if (write(c->fd, k->k[i], (size_t)k->len[i]) != k->len[i])
		return -1;
	if (out_log != NULL)
		fprintf(out_log, "\n=== key %.*s\n", k->len[i], k->k[i]);
	n = burst(c, o->wait_ms, o->quiet_ms, NULL, &last);
	w1 = writes(c->pid);
	*nw = w0 >= 0 && w1 >= w0 ? w1 - w0 : 0;
	if (out_log != NULL)
		fprintf(out_log, "\n=== %ld bytes, %ld writes\n", n, *nw);
	return n;
}

/*
 * Press every key of a script; the bytes they made in all, and key by
 * key into each (if not NULL) as "a+b+c"; the same for write() calls
 * into *nw and wl (each may be NULL).
 */
static long
script(struct child *c, const struct opts *o, const struct keys *k,
    char *each, size_t len, long *nw, char *wl)
{
	long total = 0, n, w, wtotal = 0;
	size_t at = 0, wat = 0;
	int i;

	for (i = 0; i < k->n; i++) {
		if ((n = press(c, o, k, i, &w)) < 0)
			n = 0;
		total += n;
		wtotal += w;
		if (each != NULL && at < len)
			at += (size_t)snprintf(each + at, len - at, "%s%ld",
			    i > 0 ? "+" : "", n);
		if (wl != NULL && wat < len)
			wat += (size_t)snprintf(wl + wat, len - wat, "%s%ld",
			    i > 0 ? "+" : "", w);
	}
	if (nw != NULL)
		*nw = wtotal;
	return total;
}

/* Drain output for up to ms, or until the child has gone. */
static bool
drain_until_exit(struct child *c, int ms)
{
	double end = now_ms() + ms;
	char buf[8192];
	struct pollfd pfd;
	pid_t r;

	while (now_ms() < end) {
		r = wait4(c->pid, &c->status, WNOHANG, &c->ru);
		if (r == c->pid)
			return true;
		pfd.fd = c->fd;
		pfd.events = POLLIN;
		if (c->fd >= 0 && poll(&pfd, 1, 20) > 0 &&
		    read(c->fd, buf, sizeof buf) <= 0) {
			/* Nothing more will come: just wait. */
			close(c->fd);
			c->fd = -1;
		} else if (c->fd < 0)
			usleep(20000);
	}
	return false;
}

/* Make the program leave: its quit keys, a hangup, then SIGKILL. */
static void
child_end(struct child *c, const struct opts *o, bool keys)
{
	int i;

	if (keys && c->fd >= 0)
		for (i = 0; i < o->leave.n; i++)
			if (write(c->fd, o->leave.k[i],
			    (size_t)o->leave.len[i]) < 0)
				break;
	if (!keys || o->leave.n == 0 || !drain_until_exit(c, 3000)) {
		if (c->fd >= 0) {
			close(c->fd);
			c->fd = -1;
		}
		kill(c->pid, SIGHUP);
		if (!drain_until_exit(c, 3000)) {
			kill(c->pid, SIGKILL);
			wait4(c->pid, &c->status, 0, &c->ru);
		}
	}
	if (c->fd >= 0)
		close(c->fd);
	for (i = 0; i < c->ntmp; i++) {
		nftw(c->tmp[i], rm_one, 16, FTW_DEPTH | FTW_PHYS);
		free(c->tmp[i]);
	}
}

/*
 * CPU time the child has used so far, in ms, from Linux's schedstat (in
 * nanoseconds, unlike rusage's ticks); -1 where there is none.  A loaded
 * machine stretches the wall time to the first frame, not this.
 */
static double
cpu_ms(pid_t pid)
{
	char path[64];
	unsigned long long ns;
	FILE *f;
	int n;

	snprintf(path, sizeof path, "/proc/%ld/schedstat", (long)pid);
	if ((f = fopen(path, "r")) == NULL)
		return -1;
	n = fscanf(f, "%llu", &ns);
	fclose(f);
	return n == 1 ? (double)ns / 1e6 : -1;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Take the figures for one TERM and size. */
static void
measure(const struct opts *o, int w, int h, const char *term,
    struct figures *f)
{
	struct child c;
	double times[MAX_RUNS], cpu[MAX_RUNS], last, *keys, *wk;
	long n, nw;
	int i, r;

	memset(f, 0, sizeof *f);
	f->turn_bytes = -1;
	f->redraw_bytes = -1;
	for (r = 0; r < o->runs; r++) {
		if (child_start(&c, o, w, h, term) != 0)
			return;
		if (out_log != NULL)
			fprintf(out_log, "\n=== start %dx%d TERM=%s\n", w, h,
			    term);
		n = burst(&c, 10000, o->quiet_ms, o->marker, &last);
		times[r] = last - c.t0;
		cpu[r] = cpu_ms(c.pid);
		if (r > 0) {
			child_end(&c, o, false);
			continue;
		}
		if (n < 0) {
			fprintf(stderr, "pty-bench: %s wrote nothing\n",
			    o->argv[0]);
			child_end(&c, o, false);
			return;
		}
		f->frame_bytes = n;
		script(&c, o, &o->setup, NULL, 0, NULL, NULL);
		if ((keys = calloc((size_t)o->ncursor + 1,
		    sizeof *keys)) == NULL ||
		    (wk = calloc((size_t)o->ncursor + 1, sizeof *wk)) == NULL)
			abort();
		for (i = 0; i < o->ncursor; i++) {
			n = script(&c, o, &o->cursor, NULL, 0, &nw, NULL);
			keys[i] = (double)n;
			wk[i] = (double)nw;
			f->cursor_avg += (double)n;
			f->cursor_wavg += (double)nw;
			if (n > f->cursor_max)
				f->cursor_max = n;
		}
		if (o->ncursor > 0) {
			f->cursor_avg /= o->ncursor;
			f->cursor_wavg /= o->ncursor;
			qsort(keys, (size_t)o->ncursor, sizeof keys[0],
			    cmp_double);
			qsort(wk, (size_t)o->ncursor, sizeof wk[0],
			    cmp_double);
			f->cursor_med = keys[o->ncursor / 2];
			f->cursor_wmed = wk[o->ncursor / 2];
		}
		free(keys);
		free(wk);
		if (o->redraw.n > 0)
			f->redraw_bytes = script(&c, o, &o->redraw, NULL, 0,
			    &f->redraw_writes, NULL);
		if (o->turn.n > 0) {
			script(&c, o, &o->prep, NULL, 0, NULL, NULL);
			f->turn_bytes = script(&c, o, &o->turn, f->turn_keys,
			    sizeof f->turn_keys, &f->turn_writes,
			    f->turn_wkeys);
		}
		child_end(&c, o, true);
		f->rss_kb = c.ru.ru_maxrss;
	}
	qsort(times, (size_t)o->runs, sizeof times[0], cmp_double);
	f->frame_ms = times[o->runs / 2];
	qsort(cpu, (size_t)o->runs, sizeof cpu[0], cmp_double);
	f->frame_cpu = cpu[o->runs / 2];
	f->ok = true;
}

static const char *
verdict(bool pass)
{
	return pass ? "PASS" : "MISS";
}

/*
 * The earlier figure for name from -b (bytes, or with writes the calls
 * after the slash), as text; "" if none was given.
 */
static const char *
before(const struct opts *o, const char *name, bool writes)
{
	static char out[32];
	const char *p = o->before;
	size_t n = strlen(name), len;

	out[0] = '\0';
	while (p != NULL && *p != '\0') {
		if (strncmp(p, name, n) == 0 && p[n] == '=') {
			p += n + 1;
			if (writes) {
				p += strcspn(p, "/,");
				if (*p != '/')
					return out;
				p++;
			}
			len = strcspn(p, writes ? "," : "/,");
			snprintf(out, sizeof out, "%.*s", (int)len, p);
			return out;
		}
		p = strchr(p, ',');
		if (p != NULL)
			p++;
	}
	return out;
}

/* The -b column: the earlier figure, if there is one. */
static void
report_before(const struct opts *o, const char *name, bool writes)
{
	const char *b = before(o, name, writes);

	if (*b != '\0')
		printf("  before: %s", b);
	printf("\n");
}

static void
report(const struct opts *o, const char *term, struct figures *f)
{
	int i;

	printf("\nTERM=%s, quiet %d ms (not counted), %d start%s per size\n",
	    term, o->quiet_ms, o->runs, o->runs > 1 ? "s" : "");
	printf("%-30s", "figure");
	for (i = 0; i < o->nsizes; i++)
		printf(" %9dx%-3d", o->w[i], o->h[i]);
	printf("  %-14s", "target");
	for (i = 0; i < o->nsizes; i++)
		printf(" %7dx%-3d", o->w[i], o->h[i]);
	printf("\n");

	printf("%-30s", "first frame, ms (median)");
	for (i = 0; i < o->nsizes; i++)
		printf(" %13.1f", f[i].frame_ms);
	printf("  %-14s", "< 20 ms");
	for (i = 0; i < o->nsizes; i++)
		printf(" %11s", verdict(f[i].ok &&
		    f[i].frame_ms < TARGET_FRAME_MS));
	printf("\n");

	printf("%-30s", "first frame, CPU ms (median)");
	for (i = 0; i < o->nsizes; i++)
		if (f[i].frame_cpu >= 0)
			printf(" %13.1f", f[i].frame_cpu);
		else
			printf(" %13s", "-");
	printf("\n");

	printf("%-30s", "first frame, bytes");
	for (i = 0; i < o->nsizes; i++)
		printf(" %13ld", f[i].frame_bytes);
	printf("\n");

	if (o->ncursor > 0) {
		printf("%-30s", "cursor key, bytes (median)");
		for (i = 0; i < o->nsizes; i++)
			printf(" %13.1f", f[i].cursor_med);
		printf("  %-14s", "< 32");
		for (i = 0; i < o->nsizes; i++)
			printf(" %11s", verdict(f[i].ok &&
			    f[i].cursor_med < TARGET_CURSOR_BYTES));
		report_before(o, "cursor", false);
		printf("%-30s", "cursor key, writes (median)");
		for (i = 0; i < o->nsizes; i++)
			printf(" %13.1f", f[i].cursor_wmed);
		printf("  %-14s", "1");
		for (i = 0; i < o->nsizes; i++)
			printf(" %11s", verdict(f[i].ok &&
			    f[i].cursor_wmed <= 1));
		report_before(o, "cursor", true);
		printf("%-30s", "cursor key, writes (average)");
		for (i = 0; i < o->nsizes; i++)
			printf(" %13.1f", f[i].cursor_wavg);
		printf("\n%-30s", "cursor key, bytes (average)");
		for (i = 0; i < o->nsizes; i++)
			printf(" %13.1f", f[i].cursor_avg);
		printf("\n%-30s", "cursor key, bytes (largest)");
		for (i = 0; i < o->nsizes; i++)
			printf(" %13ld", f[i].cursor_max);
		printf("\n");
	}

	if (o->turn.n > 0) {
		printf("%-30s", "end of turn, bytes");
		for (i = 0; i < o->nsizes; i++)
			printf(" %13ld", f[i].turn_bytes);
		printf("  %-14s", "< 2048 at 80x24");
		for (i = 0; i < o->nsizes; i++)
			printf(" %11s", o->w[i] == 80 && o->h[i] == 24 ?
			    verdict(f[i].ok && f[i].turn_bytes >= 0 &&
			    f[i].turn_bytes < TARGET_TURN_BYTES) : "-");
		report_before(o, "turn", false);
		printf("%-30s", "end of turn, key by key");
		for (i = 0; i < o->nsizes; i++)
			printf(" %13s", f[i].turn_keys);
		printf("\n%-30s", "end of turn, writes");
		for (i = 0; i < o->nsizes; i++)
			printf(" %13ld", f[i].turn_writes);
		printf("  %-14s", "");
		for (i = 0; i < o->nsizes; i++)
			printf(" %11s", "");
		report_before(o, "turn", true);
		printf("%-30s", "end of turn, writes key by key");
		for (i = 0; i < o->nsizes; i++)
			printf(" %13s", f[i].turn_wkeys);
		printf("\n");
	}

	if (o->redraw.n > 0) {
		printf("%-30s", "redraw, bytes");
		for (i = 0; i < o->nsizes; i++)
			printf(" %13ld", f[i].redraw_bytes);
		printf("  %-14s", "");
		for (i = 0; i < o->nsizes; i++)
			printf(" %11s", "");
		report_before(o, "redraw", false);
		printf("%-30s", "redraw, writes");
		for (i = 0; i < o->nsizes; i++)
			printf(" %13ld", f[i].redraw_writes);
		printf("  %-14s", "");
		for (i = 0; i < o->nsizes; i++)
			printf(" %11s", "");
		report_before(o, "redraw", true);
	}

	printf("%-30s", "peak memory, KB (maxrss)");
	for (i = 0; i < o->nsizes; i++)
		printf(" %13ld", f[i].rss_kb);
	printf("  %-14s", "< 5120 KB");
	for (i = 0; i < o->nsizes; i++)
		printf(" %11s", verdict(f[i].ok && f[i].rss_kb > 0 &&
		    f[i].rss_kb < TARGET_RSS_KB));
	printf("\n");
}

static int
number(const char *s, int lo, int hi)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (*s == '\0' || *end != '\0' || v < lo || v > hi)
		usage();
	return (int)v;
}

int
main(int argc, char **argv)
{
	static struct opts o;
	struct figures f[MAX_SIZES];
	int ch, i, t;

	o.quiet_ms = 60;
	o.wait_ms = 1000;
	o.runs = 5;
	o.ncursor = 20;
	keys_parse(&o.cursor, "l");
	while ((ch = getopt(argc, argv, "b:c:d:e:k:m:n:o:p:q:r:R:s:t:T:w:x:")) !=
	    -1) {
		switch (ch) {
		case 'b':
			o.before = optarg;
			break;
		case 'c':
			keys_parse(&o.cursor, optarg);
			break;
		case 'd':
			if (o.ntmpvar == MAX_ENV)
				usage();
			o.tmpvar[o.ntmpvar++] = optarg;
			break;
		case 'e':
			if (o.nenv == MAX_ENV || strchr(optarg, '=') == NULL)
				usage();
			o.env[o.nenv++] = optarg;
			break;
		case 'k':
			keys_parse(&o.setup, optarg);
			break;
		case 'm':
			o.marker = optarg;
			break;
		case 'n':
			o.ncursor = number(optarg, 0, 10000);
			break;
		case 'o':
			if ((out_log = fopen(optarg, "w")) == NULL) {
				perror(optarg);
				return 1;
			}
			break;
		case 'p':
			keys_parse(&o.prep, optarg);
			break;
		case 'q':
			o.quiet_ms = number(optarg, 1, 60000);
			break;
		case 'r':
			o.runs = number(optarg, 1, MAX_RUNS);
			break;
		case 'R':
			keys_parse(&o.redraw, optarg);
			break;
		case 's':
			if (o.nsizes == MAX_SIZES ||
			    sscanf(optarg, "%dx%d", &o.w[o.nsizes],
			    &o.h[o.nsizes]) != 2 || o.w[o.nsizes] < 1 ||
			    o.h[o.nsizes] < 1 || o.w[o.nsizes] > 1000 ||
			    o.h[o.nsizes] > 1000)
				usage();
			o.nsizes++;
			break;
		case 't':
			keys_parse(&o.turn, optarg);
			break;
		case 'T':
			if (o.nterms == MAX_TERMS)
				usage();
			o.term[o.nterms++] = optarg;
			break;
		case 'w':
			o.wait_ms = number(optarg, 1, 60000);
			break;
		case 'x':
			keys_parse(&o.leave, optarg);
			break;
		default:
			usage();
		}
	}
	if (optind >= argc)
		usage();
	o.argv = argv + optind;
	if (o.nsizes == 0) {
		o.w[0] = 80, o.h[0] = 24;
		o.w[1] = 200, o.h[1] = 60;
		o.nsizes = 2;
	}
	if (o.nterms == 0)
		o.term[o.nterms++] = "xterm-256color";
	signal(SIGPIPE, SIG_IGN);

	printf("pty-bench:");
	for (i = optind; i < argc; i++)
		printf(" %s", argv[i]);
	printf("\n");
	for (t = 0; t < o.nterms; t++) {
		for (i = 0; i < o.nsizes; i++)
			measure(&o, o.w[i], o.h[i], o.term[t], &f[i]);
		report(&o, o.term[t], f);
	}
	fflush(stdout);
	return 0;
}
