/*
 * screen.c - curses: terminal set-up, the frame copy and key translation.
 * See screen.h.  Nothing else in marshal includes <curses.h>.
 *
 * Over a slow SSH link what matters is what is sent: the screen is never
 * cleared per frame; each frame is drawn into a canvas, compared with the
 * previous one, and only the cells that differ are written to curses,
 * whose own refresh then sends the smallest update it can.
 *
 * Until endwin() has been called once, ncurses 6 writes to the terminal
 * after every cursor movement inside a refresh (it cannot tell its own
 * movements from a low-level program's), so a key press cost two write()
 * calls or more and a full redraw 26, each a packet of its own over an
 * SSH link.  The terminal is therefore let go and taken back once before
 * the first frame; since then every frame is one write() (two if it
 * outgrows ncurses' buffer).  bench/pty-bench counts both.  Plain text
 * on the map and in the log is drawn in a pair of the default colours,
 * which ncurses reaches from a colour more cheaply than pair 0 (see
 * plain_region).
 */
#include "config.h"

#include <ctype.h>
#include <curses.h>
#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "ui/canvas.h"
#include "ui/keys.h"
#include "ui/screen.h"
#include "ui/ui.h"
#include "ui/view.h"
#include "util/xalloc.h"

static volatile sig_atomic_t screen_signal;
static bool screen_active;	/* curses is up: restore() has work */

static void
on_signal(int sig)
{
	screen_signal = sig;
}

/* The terminal is put back whatever path leads out of the program. */
static void
restore(void)
{
	if (screen_active && !isendwin())
		endwin();
}

void
screen_caps(struct screen_caps *caps)
{
	const char *nc = getenv("NO_COLOR"), *cs;

	setlocale(LC_ALL, "");
	cs = nl_langinfo(CODESET);
	caps->utf8 = cs != NULL && (strcmp(cs, "UTF-8") == 0 ||
	    strcmp(cs, "utf8") == 0);
	caps->colour = nc == NULL || *nc == '\0';
}

static int
translate(int ch)
{
	switch (ch) {
	case KEY_UP:		return UIK_UP;
	case KEY_DOWN:		return UIK_DOWN;
	case KEY_LEFT:		return UIK_LEFT;
	case KEY_RIGHT:		return UIK_RIGHT;
	case KEY_HOME:		return UIK_HOME;
	case KEY_END:		return UIK_END;
	case KEY_PPAGE:		return UIK_PPAGE;
	case KEY_NPAGE:		return UIK_NPAGE;
	case KEY_A1:		return UIK_A1;
	case KEY_A3:		return UIK_A3;
	case KEY_B2:		return UIK_B2;
	case KEY_C1:		return UIK_C1;
	case KEY_C3:		return UIK_C3;
	case KEY_ENTER:
	case '\r':
	case '\n':		return UIK_ENTER;
	case KEY_BACKSPACE:
	case 127:
	case 8:			return UIK_BACKSPACE;
	case KEY_BTAB:		return UIK_BTAB;
	case KEY_RESIZE:	return UIK_RESIZE;
	default:		return ch;
	}
}

#define KEY_WAIT_MS	500	/* getch timeout: how often signals are seen */

/*
 * Whether the terminal is gone: getch said ERR, which is also what a
 * timeout says, so ask the descriptor.  A hung-up or closed terminal
 * polls as POLLHUP or POLLERR, or as readable with nothing to read
 * (end of file); a quiet one polls as nothing.
 */
static bool
input_gone(void)
{
	struct pollfd pfd = { STDIN_FILENO, POLLIN, 0 };
	int avail = 0;

	if (poll(&pfd, 1, 0) <= 0)
		return false;
	if (pfd.revents & (POLLHUP | POLLERR | POLLNVAL))
		return true;
	return (pfd.revents & POLLIN) &&
	    ioctl(STDIN_FILENO, FIONREAD, &avail) == 0 && avail == 0;
}

/*
 * A key, with the numeric keypad decoded when the terminal sends it in
 * application mode (ESC O p .. ESC O y for 0 .. 9, ESC O M for Enter):
 * terminfo rarely names those keys, and unread they would arrive as Esc
 * followed by letters that are commands of their own.
 */
static int
read_key(void)
{
	static const char app[] = "pqrstuvwxy";
	const char *p;
	int ch = getch(), next, last;

	if (ch != 27)
		return ch;
	timeout(0);
	next = getch();
	if (next == 'O') {
		last = getch();
		timeout(KEY_WAIT_MS);
		if (last == 'M')
			return KEY_ENTER;
		if (last != ERR && last != 0 &&
		    (p = strchr(app, last)) != NULL)
			return '0' + (int)(p - app);
		if (last != ERR)
			ungetch(last);
		ungetch('O');
		return 27;
	}
	timeout(KEY_WAIT_MS);
	if (next != ERR)
		ungetch(next);
	return 27;
}

/*
 * Foregrounds: the canvas colours 0 .. 8 (8 the default), and BRIGHT + c
 * for the bright version of colour c where the terminal has 16 colours.
 */
#define BRIGHT		9
#define NFG		(BRIGHT + 8)
#define NPAIRS		(NFG * 9)

/*
 * Colour pairs are made on first use: one per (foreground, background).
 * The default colours are pair 0, or with own a pair of their own (see
 * plain_region).
 */
static short
pair_of(bool colour, int fg, int bg, bool own, short *pairs)
{
	int idx = fg * 9 + bg;

	if (!colour || (fg == COL_DEFAULT && bg == COL_DEFAULT && !own))
		return 0;
	if (pairs[idx] == 0 && 1 + idx < COLOR_PAIRS) {
		init_pair((short)(1 + idx), fg == COL_DEFAULT ? -1 :
		    fg >= BRIGHT ? fg - BRIGHT + 8 : fg,
		    bg == COL_DEFAULT ? -1 : bg);
		pairs[idx] = (short)(1 + idx);
	}
	return pairs[idx];
}

static attr_t
attrs_of(int a)
{
	attr_t r = A_NORMAL;

	if (a & ATTR_BOLD)
		r |= A_BOLD;
	if (a & ATTR_REVERSE)
		r |= A_REVERSE;
	if (a & ATTR_UNDERLINE)
		r |= A_UNDERLINE;
	if (a & ATTR_DIM)
		r |= A_DIM;
	return r;
}

static bool
same(const struct ccell *a, const struct ccell *b)
{
	return strcmp(a->glyph, b->glyph) == 0 && a->style.fg == b->style.fg &&
	    a->style.bg == b->style.bg && a->style.attr == b->style.attr;
}

/*
 * Where plain text (no colour, no attribute) is drawn in a colour pair
 * made of the default colours rather than in pair 0, given the layout (or
 * NULL: nowhere).  Both look the same, but ncurses goes from a colour
 * back to pair 0 by resetting every attribute (ESC[39m ESC(B ESC[m, 11
 * bytes on xterm) and to such a pair by one colour change (ESC[39m, 5
 * bytes).  Going from that pair to pair 0 costs the reset instead, and so
 * does the end of a refresh that stops in it (ncurses leaves the terminal
 * in pair 0), so the pair is kept to where plain text follows colour:
 * the map with its edge and the log, whose lines mix unit tags and rule
 * numbers in colour with plain words.  The panel, whose plain figures
 * change under the cursor at every step, keeps pair 0: a cursor key
 * costs no more than before.  The choice hangs on the cell's place only,
 * so a cell left as it was keeps the pair its neighbours get.
 */
static bool
plain_region(const struct layout *l, int x, int y)
{
	if (l == NULL)
		return false;
	if (y >= l->map_y && y < l->map_y + l->map_h && x < l->panel_x)
		return true;
	return y > l->log_y && y < l->hint_y;
}

/*
 * On a page over the map's screen (a pager, the list of battles), where
 * a blank cell takes the pair of plain text all the same: in the rows of
 * the log, from where the row's text ends (tail, blank_tail) to the
 * right edge, as the map's screen draws the log's blanks.  Otherwise
 * ncurses, which cannot tell the two pairs look alike, clears the log's
 * lines cell by cell when a page comes over them, and again when it
 * goes.  The page's text keeps pair 0, and so do the blanks between its
 * words, where a change of pair would cost more than it saves.
 */
static bool
log_blank(const struct layout *l, int x, int y, int tail)
{
	return l != NULL && y > l->log_y && y < l->hint_y && x >= tail &&
	    plain_region(l, x, y);
}

/* Where row y of c ends in plain blanks to its right edge (c->w if it
 * does not). */
static int
blank_tail(const struct canvas *c, int y)
{
	const struct ccell *a;
	int x;

	for (x = c->w; x > 0; x--) {
		a = canvas_cell(c, x - 1, y);
		if (strcmp(a->glyph, " ") != 0 || a->style.attr != 0 ||
		    a->style.fg != COL_DEFAULT || a->style.bg != COL_DEFAULT)
			break;
	}
	return x;
}

/* The curses attributes and colour pair of a cell; own as pair_of. */
static void
cell_attr(const struct ccell *a, bool colour, bool bright, bool own,
    short *pairs, attr_t *attrs, short *pair)
{
	int fg = a->style.fg, attr = a->style.attr;

	if (bright && (attr & ATTR_BOLD) && fg < COL_DEFAULT) {
		fg += BRIGHT;
		attr &= ~ATTR_BOLD;
	}
	*attrs = attrs_of(attr);
	*pair = pair_of(colour, fg, a->style.bg, own && attr == 0, pairs);
}

/*
 * Write the cells of cur that differ from prev (all if prev is NULL).
 * Neighbouring changed cells of one style go to curses as one string
 * (a 200x60 first screen: 70 calls instead of 12,000; curses' own work
 * per character remains).
 *
 * With 16 colours, a bold coloured cell is drawn in the bright colour
 * instead, which is how most terminals show bold colours anyway: leaving
 * bold takes the terminal's full attribute reset and the colour again
 * (about 15 bytes on xterm), leaving a bright colour takes one colour
 * change (5 bytes), and the map switches between units, roads and
 * ground on almost every row.
 *
 * l is the layout for plain_region (NULL: none); with text, plain text
 * there takes the default colours' pair (the map's screens), without it
 * only the blank ends of the log's rows do (a page over them, log_blank).
 */
static void
flush(const struct canvas *cur, const struct canvas *prev, bool colour,
    bool bright, const struct layout *l, bool text, short *pairs)
{
	const struct ccell *a, *b;
	char run[1024];
	size_t len = 0, n;
	attr_t attrs = A_NORMAL, at;
	short pair = 0, pr;
	int x, y, rx = 0, tail;

	for (y = 0; y < cur->h; y++) {
		tail = text ? cur->w : blank_tail(cur, y);
		for (x = 0; x <= cur->w; x++) {
			a = x < cur->w ? canvas_cell(cur, x, y) : NULL;
			b = a != NULL && prev != NULL ?
			    canvas_cell(prev, x, y) : NULL;
			if (a != NULL && (b == NULL || !same(a, b))) {
				cell_attr(a, colour, bright, text ?
				    plain_region(l, x, y) : log_blank(l, x,
				    y, tail), pairs, &at, &pr);
				n = strlen(a->glyph);
				if (len > 0 && at == attrs && pr == pair &&
				    len + n < sizeof run) {
					memcpy(run + len, a->glyph, n);
					len += n;
					continue;
				}
			} else
				n = 0;
			/* The run ends here: write it. */
			if (len > 0) {
				attr_set(attrs, pair, NULL);
				mvaddnstr(y, rx, run, (int)len);
				len = 0;
			}
			if (n > 0) {
				memcpy(run, a->glyph, n);
				len = n;
				rx = x;
				attrs = at;
				pair = pr;
			}
		}
	}
	attr_set(A_NORMAL, 0, NULL);
}

static void
copy(struct canvas *dst, const struct canvas *src)
{
	if (dst->w != src->w || dst->h != src->h)
		canvas_resize(dst, src->w, src->h);
	memcpy(dst->cells, src->cells,
	    (size_t)src->w * (size_t)src->h * sizeof *src->cells);
}

/*
 * Take the terminal: a curses screen in character-at-a-time mode, keys
 * decoded, reads that time out so signals and hangups are seen.  NULL if
 * the terminal cannot be used.
 */
static SCREEN *
term_open(void)
{
	SCREEN *scr;

	if ((scr = newterm(NULL, stdout, stdin)) == NULL)
		return NULL;
	set_term(scr);
	screen_active = true;
	atexit(restore);
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	/*
	 * How long a lone Esc waits for the rest of a key's sequence: short
	 * enough to feel immediate, long enough for a slow link; ESCDELAY in
	 * the environment (read by curses itself) wins.
	 */
	if (getenv("ESCDELAY") == NULL)
		set_escdelay(200);
	timeout(KEY_WAIT_MS);
	return scr;
}

int
screen_run(struct ui *ui, char **cause)
{
	struct sigaction sa, old;
	struct canvas *cur, *prev;
	SCREEN *scr;
	short pairs[NPAIRS];
	struct layout lay;
	bool full = true, dirty = true, gone = false, bright = false;
	bool keypad_on = false;
	int ch, h, w;

	*cause = NULL;
	if ((scr = term_open()) == NULL) {
		*cause = xasprintf("cannot use the terminal (TERM=%s)",
		    getenv("TERM") != NULL ? getenv("TERM") : "unset");
		return -1;
	}
	xalloc_set_fail_hook(restore);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	/* Ctrl-\ saves too, unless ignored (a public server: main.c). */
	if (sigaction(SIGQUIT, NULL, &old) == 0 && old.sa_handler != SIG_IGN)
		sigaction(SIGQUIT, &sa, NULL);

	/* Where the terminal can show its cursor, that marks the map's
	 * cursor cell. */
	ui->term_cursor = curs_set(1) != ERR;
	if (ui->colour && has_colors() && start_color() == OK &&
	    COLORS >= 8) {
		use_default_colors();
		bright = COLORS >= 16;
	} else
		ui->colour = false;
	memset(pairs, 0, sizeof pairs);
	/* See the top of the file: one write() per frame from here on.  The
	 * first refresh takes the terminal back and paints it whole, which
	 * the first frame does anyway. */
	endwin();

	getmaxyx(stdscr, h, w);
	cur = canvas_create(w, h, !ui->utf8);
	prev = canvas_create(w, h, !ui->utf8);
	while (!ui->quit && screen_signal == 0) {
		if (dirty) {
			ui_draw(ui, cur);
			/* The regions of plain_region: on the map's screens,
			 * and for the log's blank ends on a page over them. */
			ui_layout(ui, cur->w, cur->h, &lay);
			flush(cur, full ? NULL : prev, ui->colour, bright,
			    lay.too_small ? NULL : &lay, ui->mode !=
			    MODE_PAGER && ui->mode != MODE_PICK, pairs);
			copy(prev, cur);
			full = false;
			/* The cursor stays visible: a screen without a
			 * cursor cell (a page, the list of battles) leaves it
			 * at the start of the bottom line, as a pager does.
			 * Hiding and showing it again would cost a write()
			 * of its own each time (curs_set sends at once). */
			if (ui->curs_x >= 0)
				move(ui->curs_y, ui->curs_x);
			else
				move(h - 1, 0);
			refresh();
			dirty = false;
		}
		if (ui->quit)
			break;
		/* curses turns the keypad's keys on (smkx) in its first
		 * getch: until then the keyboard is read the plain way, or an
		 * arrow typed at once would come as a lone Esc. */
		if (ui->wake_fd >= 0 && ui->wake != NULL && keypad_on) {
			/* Something outside may change the game (a shared
			 * game's files): wait on it and the keyboard at once,
			 * so an idle game costs no work between the two. */
			struct pollfd pf[2] = { { STDIN_FILENO, POLLIN, 0 },
			    { ui->wake_fd, POLLIN, 0 } };
			int r = poll(pf, 2, KEY_WAIT_MS);

			if (r > 0 && (pf[1].revents & POLLIN)) {
				ui->wake(ui, ui->wake_arg);
				dirty = true;
				continue;
			}
			if (r < 0)
				continue;	/* a signal: seen above */
			if (r > 0) {
				/* A key: read as ever, so that the rest of an
				 * escape sequence is waited for. */
				ch = read_key();
			} else {
				/* Nothing came, but curses may hold a key it
				 * was handed back (read_key): take it without
				 * waiting. */
				timeout(0);
				ch = read_key();
				timeout(KEY_WAIT_MS);
			}
		} else {
			ch = read_key();
			keypad_on = true;
		}
		if (ch == ERR) {
			if (input_gone()) {
				gone = true;
				break;
			}
			continue;
		}
		dirty = true;
		if (ch == KEY_RESIZE) {
			getmaxyx(stdscr, h, w);
			canvas_resize(cur, w, h);
			erase();
			full = true;
		}
		ui_key(ui, translate(ch));
		if (ui->redraw) {
			clearok(curscr, TRUE);
			full = true;
			ui->redraw = false;
		}
	}
	canvas_free(cur);
	canvas_free(prev);
	endwin();
	screen_active = false;
	xalloc_set_fail_hook(NULL);
	delscreen(scr);
	return gone || screen_signal != 0 ? SCREEN_HANGUP : SCREEN_QUIT;
}

/* Characters (not bytes) in the first n bytes of UTF-8 text s. */
static int
ask_width(const char *s, size_t n)
{
	int w = 0;
	size_t i;

	for (i = 0; i < n && s[i] != '\0'; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			w++;
	return w;
}

/*
 * Lay text out in lines of at most width characters, breaking at spaces
 * and at the newlines it holds; returns the lines (at most max) as start
 * offsets and byte lengths.
 */
static int
ask_lines(const char *text, int width, size_t *off, size_t *len, int max)
{
	size_t i = 0, start, brk, end;
	int n = 0;

	while (text[i] != '\0' && n < max) {
		start = i;
		brk = 0;
		for (end = i; text[end] != '\0' && text[end] != '\n'; end++) {
			if (text[end] == ' ')
				brk = end;
			if (ask_width(text + start, end - start + 1) > width)
				break;
		}
		if (text[end] != '\0' && text[end] != '\n' && brk > start)
			end = brk;
		off[n] = start;
		len[n++] = end - start;
		i = end;
		if (text[i] == '\n' || text[i] == ' ')
			i++;
	}
	return n;
}

/* Draw the question's box in the middle of the screen. */
static void
ask_draw(const char *text)
{
	size_t off[24], len[24];
	int rows, cols, w, n, i, x, y, widest = 0;

	erase();
	getmaxyx(stdscr, rows, cols);
	w = cols - 4 < 120 ? cols - 4 : 120;
	if (w < 8)
		w = cols > 0 ? cols : 1;
	n = ask_lines(text, w, off, len, rows - 2 > 24 ? 24 :
	    rows - 2 > 1 ? rows - 2 : 1);
	for (i = 0; i < n; i++)
		if (ask_width(text + off[i], len[i]) > widest)
			widest = ask_width(text + off[i], len[i]);
	x = (cols - widest - 4) / 2 > 0 ? (cols - widest - 4) / 2 : 0;
	y = (rows - n - 2) / 2 > 0 ? (rows - n - 2) / 2 : 0;
	if (rows >= n + 2 && cols >= widest + 4) {
		/* Drawn as the game's own frames are: box characters in a
		 * UTF-8 locale (the line-drawing set is shown as letters by
		 * terminals that take it for UTF-8 text), ASCII else. */
		struct screen_caps caps;
		const char *h, *v, *c[4];
		int k;

		screen_caps(&caps);
		h = caps.utf8 ? "─" : "-";
		v = caps.utf8 ? "│" : "|";
		c[0] = caps.utf8 ? "┌" : "+";
		c[1] = caps.utf8 ? "┐" : "+";
		c[2] = caps.utf8 ? "└" : "+";
		c[3] = caps.utf8 ? "┘" : "+";
		mvaddstr(y, x, c[0]);
		mvaddstr(y + n + 1, x, c[2]);
		for (k = 1; k <= widest + 2; k++) {
			mvaddstr(y, x + k, h);
			mvaddstr(y + n + 1, x + k, h);
		}
		mvaddstr(y, x + widest + 3, c[1]);
		mvaddstr(y + n + 1, x + widest + 3, c[3]);
		for (i = 0; i < n; i++) {
			mvaddstr(y + 1 + i, x, v);
			mvaddstr(y + 1 + i, x + widest + 3, v);
		}
		x += 2;
		y += 1;
	}
	for (i = 0; i < n; i++)
		mvaddnstr(y + i, x, text + off[i], (int)len[i]);
	move(rows > 0 ? rows - 1 : 0, 0);
	refresh();
}

int
screen_ask(const char *text, const char *keys, int def,
    volatile sig_atomic_t *stop)
{
	SCREEN *scr;
	int ch, answer = 'q';

	setlocale(LC_ALL, "");
	if ((scr = term_open()) == NULL)
		return -1;
	curs_set(0);
	ask_draw(text);
	for (;;) {
		if (stop != NULL && *stop != 0)
			break;
		ch = read_key();
		if (ch == ERR) {
			if (input_gone())
				break;
			continue;
		}
		if (ch == KEY_RESIZE) {
			ask_draw(text);
			continue;
		}
		ch = translate(ch);
		if (ch == UIK_ENTER) {
			answer = def;
			break;
		}
		if (ch == UIK_ESC && strchr(keys, 'q') != NULL)
			break;
		if (ch > 0 && ch < 128 && strchr(keys, tolower(ch)) != NULL) {
			answer = tolower(ch);
			break;
		}
	}
	erase();
	refresh();
	endwin();
	screen_active = false;
	delscreen(scr);
	return answer;
}
