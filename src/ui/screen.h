/*
 * screen.h - the terminal: the only part of marshal that uses curses.
 *
 * screen_run sets the terminal up (locale, colours or monochrome, keys),
 * then loops: draw the interface onto a canvas, copy to the terminal only
 * the cells that changed since the last frame, and hand each key to the
 * interface as a UI key code.  It restores the terminal however it ends:
 * normally, by quitting, on SIGINT, SIGTERM or SIGHUP (the handlers only
 * set a flag), or through exit() (an atexit handler calls endwin).
 */
#ifndef MARSHAL_SCREEN_H
#define MARSHAL_SCREEN_H

#include <signal.h>
#include <stdbool.h>

struct ui;

/* What the terminal can show, decided before the ui is created. */
struct screen_caps {
	bool	utf8;		/* the locale's character set is UTF-8 */
	bool	colour;		/* colours wanted (NO_COLOR unset) */
};

/* Set the locale and find what the terminal can show. */
void screen_caps(struct screen_caps *);

#define SCREEN_QUIT	0	/* the player quit */
#define SCREEN_HANGUP	1	/* a signal, or the terminal went away */

/*
 * Run the interface until the player quits, a signal arrives or the
 * terminal reaches end of file (it was closed: a dropped SSH link).  Every
 * wait for a key times out twice a second to look for those, whatever
 * mode or box is open.  Returns SCREEN_QUIT or SCREEN_HANGUP, or -1 with
 * *cause allocated (the terminal could not be opened).  ui->colour is
 * cleared if the terminal has no colours.  While curses is up, an
 * allocation failure puts the terminal back before aborting.
 */
int screen_run(struct ui *, char **cause);

/*
 * Ask a question in a box in the middle of the terminal, before the game
 * is on screen, and return the key pressed: one of the lower-case
 * letters of keys (a capital counts as its letter), def for Enter, 'q'
 * for Esc when keys has q.  Returns 'q' as well when the terminal goes
 * away or *stop becomes non-zero (a signal handler sets it), and -1 if
 * the terminal cannot be used.  text may hold newlines and is wrapped to
 * fit; the box leaves nothing behind on the terminal.
 */
int screen_ask(const char *text, const char *keys, int def,
    volatile sig_atomic_t *stop);

#endif
