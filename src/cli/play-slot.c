/*
 * play-slot.c - the save slot of `marshal play`: saving at every end of
 * turn and on request, offering to resume the slot's save, the recording
 * kept beside it, and the terminating signals, held while a save is
 * written.  Also the questions asked before the game is on screen (a box,
 * or a line where curses cannot start).  See play.c for the whole.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/play-priv.h"
#include "core/know.h"
#include "io/save.h"
#include "io/session.h"
#include "io/yread.h"
#include "ui/screen.h"
#include "util/diag.h"
#include "util/xalloc.h"

/* The notice for running out of memory, after a save of turn (0: none). */
void
notice_set(struct play *p, int turn)
{
	if (!p->saving)
		snprintf(p->notice, sizeof p->notice, "marshal: the game is "
		    "stopped; it was not being saved.");
	else if (turn == 0 && !session_has_save(&p->ses))
		snprintf(p->notice, sizeof p->notice, "marshal: the game is "
		    "stopped; nothing of it had been saved yet.");
	else if (turn == 0)
		snprintf(p->notice, sizeof p->notice, "marshal: the game is "
		    "stopped; its last save is kept whole in %s.", p->ses.save);
	else
		snprintf(p->notice, sizeof p->notice, "marshal: the game is "
		    "stopped; its save of turn %d is kept whole in %s; run "
		    "marshal again to resume it.", turn, p->ses.save);
}

/* The last terminating signal caught, or 0; shared through play-priv.h. */
volatile sig_atomic_t play_signal;

static void
on_signal(int sig)
{
	play_signal = sig;
}

/* The terminating signals set play_signal: at the start, and again after
 * the interface (which catches them its own way) has shown a
 * recording. */
void
signals_catch(void)
{
	struct sigaction sa, old;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	/* Ctrl-\ saves too, unless ignored (a public server: main.c). */
	if (sigaction(SIGQUIT, NULL, &old) == 0 && old.sa_handler != SIG_IGN)
		sigaction(SIGQUIT, &sa, NULL);
}

/* Whether path is a regular file. */
bool
is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The directory saves go to: save_dir(), per player when restricted. */
char *
play_dir(char **cause)
{
	const char *player = cli_player();
	char *dir = save_dir(), *p;

	*cause = NULL;
	if (dir == NULL) {
		*cause = xstrdup("neither XDG_DATA_HOME nor HOME is set");
		return NULL;
	}
	if (player == NULL)
		return dir;
	if (!session_name_ok(player)) {
		*cause = xasprintf("'%s' is not a player name", player);
		free(dir);
		return NULL;
	}
	p = xasprintf("%s/players/%s", dir, player);
	free(dir);
	return p;
}

/* The scenario a save names (saves store it absolute), or NULL. */
char *
save_scenario(const char *path)
{
	struct diags d;
	struct doc_node *root;
	const struct doc_node *n;
	char *s = NULL;

	diags_init(&d);
	if ((root = yread_file(path, &d)) != NULL &&
	    (n = doc_get(root, "scenario")) != NULL && n->kind == DOC_SCALAR &&
	    n->str[0] == '/')
		s = xstrdup(n->str);
	doc_free(root);
	diags_free(&d);
	return s;
}

/*
 * Ask before the game is on screen and return the key of the answer (one
 * of keys, lower case), def for Enter, or 'q' if input ends or a signal
 * arrives.  On a terminal the question is a box that takes one key and
 * leaves nothing behind (ui/screen.h); where curses cannot start, a line
 * is read instead.  Either wait polls, so a hangup is never stuck here.
 */
int
ask(const char *question, const char *keys, int def)
{
	struct pollfd pfd = { STDIN_FILENO, POLLIN, 0 };
	char line[64];
	ssize_t n;
	int c;

	if (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO) &&
	    (c = screen_ask(question, keys, def, &play_signal)) >= 0)
		return c;
	printf("%s ", question);
	fflush(stdout);
	for (;;) {
		if (play_signal != 0)
			return 'q';
		if (poll(&pfd, 1, 500) <= 0)
			continue;
		n = read(STDIN_FILENO, line, sizeof line - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return 'q';
		line[n] = '\0';
		n = (ssize_t)strspn(line, " \t");
		if (line[n] == '\n' || line[n] == '\0')
			return def;
		return tolower((unsigned char)line[n]);
	}
}

/*
 * Hold the terminating signals while a save is written: one arriving then
 * is kept pending and only sets play_signal once the save is whole, so no
 * second signal can cut a save short whatever its disposition.
 */
static void
signals_hold(bool hold, sigset_t *old)
{
	sigset_t set;

	if (!hold) {
		sigprocmask(SIG_SETMASK, old, NULL);
		return;
	}
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGQUIT);
	sigprocmask(SIG_BLOCK, &set, old);
}

/* The turn hook: save to the slot, and the recording with it. */
int
autosave(struct game *g, void *arg, char **cause)
{
	struct play *p = arg;
	sigset_t old;
	int rc;

	if (!p->saving)
		return 0;
	signals_hold(true, &old);
	rc = session_save(&p->ses, g, p->scenario, p->max_bytes, cause);
	if (rc == 0 && p->rec != NULL) {
		/* The recording says what the save holds: the turns played
		 * and the orders of the turn under way. */
		p->rec->turns = game_over(g) ? g->result.turn : g->turn - 1;
		p->rec->digest = save_digest(g);
		p->rec->has_digest = true;
		rc = session_record(&p->ses, p->rec, cause);
	}
	signals_hold(false, &old);
	if (rc == 0)
		notice_set(p, g->turn);
	return rc;
}

/* Whether path is a marshal save (its top-level key says so). */
bool
is_save(const char *path)
{
	struct diags d;
	struct doc_node *root;
	bool yes;

	diags_init(&d);
	root = yread_file(path, &d);
	yes = root != NULL && doc_get(root, "marshal-save") != NULL;
	doc_free(root);
	diags_free(&d);
	return yes;
}

/*
 * The player asked for a save (ui_set_saver): path NULL is the slot,
 * through the same autosave as the end of a turn; otherwise the file the
 * player typed, never on a public server.  A directory is refused, and
 * so is an existing file that is not a save, so that a typing slip cannot
 * overwrite someone's work.
 */
int
save_request(struct game *g, void *arg, const char *path, char **where,
    char **cause)
{
	struct play *p = arg;
	struct stat st;
	sigset_t old;
	int rc;

	*where = *cause = NULL;
	if (path == NULL) {
		if (!p->saving) {
			*cause = xstrdup("there is no save directory "
			    "(neither XDG_DATA_HOME nor HOME is set)");
			return -1;
		}
		if (autosave(g, p, cause) != 0)
			return -1;
		*where = xstrdup(p->ses.save);
		return 0;
	}
	if (cli_restricted()) {
		*cause = xstrdup("file names are not taken on this server");
		return -1;
	}
	if (stat(path, &st) == 0) {
		if (S_ISDIR(st.st_mode)) {
			*cause = xasprintf("%s is a directory; name a file",
			    path);
			return -1;
		}
		if (!S_ISREG(st.st_mode) || !is_save(path)) {
			*cause = xasprintf("%s exists and is not a marshal "
			    "save; name another file", path);
			return -1;
		}
	}
	signals_hold(true, &old);
	rc = save_file(g, p->scenario, path, cause);
	signals_hold(false, &old);
	if (rc != 0)
		return -1;
	*where = xstrdup(path);
	return 0;
}

/*
 * Whether dir, or the nearest of its parents that exists, may be written
 * by us: false for a read-only file system or a directory we may not
 * write, where no save can ever be made.
 */
bool
dir_writable(const char *dir)
{
	char *p = xstrdup(dir), *slash;
	bool ok;

	while (access(p, F_OK) != 0 && (slash = strrchr(p, '/')) != NULL &&
	    slash != p)
		*slash = '\0';
	ok = access(p, W_OK) == 0;
	free(p);
	return ok;
}

/* Open the slot for the default game: the latest save, else the default
 * scenario's. */
int
open_slot(struct play *p, const char *dir, const char *name, char **cause)
{
	if (session_open(&p->ses, dir, name, cli_restricted() ?
	    RESTRICTED_MAX_SAVES : 0, cli_restricted(), cause) != 0)
		return -1;
	p->saving = true;
	return 0;
}

/*
 * Offer to resume the slot's save.  Returns the game (and its ruleset in
 * *rs, its scenario's path in *scen) to resume, NULL for a new game; *quit
 * is set if the player left.  On a public server the save may only name a
 * bundled scenario.
 */
struct game *
offer_resume(struct play *p, struct ruleset **rs, char **scen, bool *quit,
    const struct keymap *keys)
{
	struct diags d;
	struct game *g;
	struct replay *rec;
	char q[256], *cause;
	int c, how;

	*quit = false;
	diags_init(&d);
	g = session_load(&p->ses, cli_datadir(), cli_restricted(), rs, scen,
	    &d);
	if (g == NULL) {
		char *why = d.n > 0 ? diag_format(&d.v[0]) : NULL, *text;

		fprintf(stderr, "marshal: the saved game '%s' cannot be "
		    "resumed:\n", p->ses.name);
		diags_print(&d, stderr);
		diags_free(&d);
		session_set_aside(&p->ses);
		fprintf(stderr, "marshal: it is set aside as %s.save.bad.\n",
		    p->ses.name);
		text = xasprintf("The saved game '%s' cannot be resumed:\n%s\n"
		    "It is set aside as %s.save.bad.\n\nStart a new game?  "
		    "y: yes, n: no (Enter: yes)", p->ses.name, why != NULL ?
		    why : "", p->ses.name);
		free(why);
		c = ask(text, "yn", 'y');
		free(text);
		*quit = c != 'y';
		return NULL;
	}
	diags_free(&d);
	rec = game_over(g) ? record_open(p, g, false) : NULL;
again:
	if (game_over(g))
		snprintf(q, sizeof q, "A finished battle: %s.\nIt is over "
		    "after turn %d.\n\nr: see its result, %sn: new game, "
		    "q: quit (Enter: r)",
		    g->title != NULL ? g->title : p->ses.name, g->result.turn,
		    rec != NULL ? "p: replay it, " : "");
	else
		snprintf(q, sizeof q, "A saved battle: %s.\nIt stands at "
		    "turn %d.\n\nr: resume it, n: new game, q: quit (Enter: r)",
		    g->title != NULL ?
		    g->title : p->ses.name, g->turn);
	c = ask(q, rec != NULL ? "rpnq" : "rnq", 'r');
	if (c == 'p' && rec != NULL) {
		/* The recording, then the same question again, unless the
		 * terminal went away meanwhile. */
		how = cli_replay_view(rec, KNOW_ALL, keys, &cause);
		signals_catch();
		if (how < 0) {
			fprintf(stderr, "marshal: %s\n", cause);
			free(cause);
			replay_free(rec);
			rec = NULL;
		}
		if (how != SCREEN_HANGUP && play_signal == 0)
			goto again;
		c = 'q';
	}
	replay_free(rec);
	if (c == 'r' || c == 'y')
		return g;
	game_free(g);
	ruleset_free(*rs);
	*rs = NULL;
	free(*scen);
	*scen = NULL;
	*quit = c != 'n';
	return NULL;
}

/*
 * Playing a save file named on the command line: its game is kept in the
 * scenario's slot from now on.  If that slot holds another battle, ask
 * before it is replaced; false if the player says no.
 */
bool
replace_slot(struct play *p, const char *savefile)
{
	char *a, *b, q[256];
	bool same;
	int c;

	if (!session_has_save(&p->ses))
		return true;
	a = realpath(savefile, NULL);
	b = realpath(p->ses.save, NULL);
	same = a != NULL && b != NULL && strcmp(a, b) == 0;
	free(a);
	free(b);
	if (same)
		return true;
	snprintf(q, sizeof q, "This game will be kept in %s,\nreplacing "
	    "the battle saved there.\n\nGo on?  y: yes, n: no (Enter: no)",
	    p->ses.save);
	c = ask(q, "yn", 'n');
	return c == 'y';
}

/*
 * The save directory cannot be written: offer to play all the same,
 * saying that nothing will be kept.  True if the player accepts.
 */
bool
unsaved_ok(const char *dir)
{
	char *text;
	int c;

	fprintf(stderr, "marshal: saves cannot be written in %s, so a game "
	    "played now will not be kept.\n", dir);
	text = xasprintf("Saves cannot be written in %s, so a game played "
	    "now will not be kept.\n\nPlay without saving?  y: yes, n: no "
	    "(Enter: no)", dir);
	c = ask(text, "yn", 'n');
	free(text);
	return c == 'y';
}

/* A recording's ear on the game (game.h on_order). */
void
record_order(void *arg, const struct game *g, const struct order *o)
{
	replay_add(arg, g, o);
}

/* An order taken back (U) is no longer part of the recording: played
 * again, the turn must not give it. */
void
record_undo(void *arg, const struct game *g, int unit)
{
	replay_drop(arg, g->turn, g->units[unit].id);
}

/*
 * The recording of the game about to be played: a new one for a new
 * game, else the slot's, if it leads to the turn the save stands at
 * (anything else is removed: it would not verify).  NULL: the game is
 * not recorded (not saved, or a save file from elsewhere).
 */
struct replay *
record_open(struct play *p, const struct game *g, bool fresh)
{
	struct replay *r;
	struct diags d;
	char *abs;
	int played;

	if (!p->saving)
		return NULL;
	if (fresh) {
		/* A path from anywhere: the recording may be moved. */
		abs = realpath(p->scenario, NULL);
		r = replay_record(g, abs != NULL ? abs : p->scenario);
		free(abs);
		return r;
	}
	diags_init(&d);
	r = session_load_record(&p->ses, &d);
	diags_free(&d);
	played = game_over(g) ? g->result.turn : g->turn - 1;
	if (r == NULL || r->inline_scenario != NULL || r->turns != played ||
	    r->seed != g->seed) {
		replay_free(r);
		session_forget_record(&p->ses);
		return NULL;
	}
	return r;
}

/* Append event e of another log to log, all it says kept. */
static void
log_copy(struct eventlog *log, const struct event *e)
{
	struct event *c;
	int i;

	i = eventlog_put(log, e->turn, e->phase, e->unit, e->kind, e->rule,
	    e->text, strlen(e->text));
	c = &log->v[i];
	c->general = e->general;
	c->other = e->other;
	c->pub = e->pub;
	memcpy(c->pub_rule, e->pub_rule, sizeof c->pub_rule);
	c->own = e->own;
}

/*
 * A save holds no log.  The recording beside it holds every order, so
 * the scenario is played again on a copy up to the turn saved; if the
 * copy comes to the very state saved (the same digest), the events of
 * the turn last played, from the start of its play (its orders were
 * given before), go before the orders that stand in g's log.  Anything
 * else (no recording, another game's, a turn saved at a question) puts
 * nothing back: the log then starts at the resume, and says so.
 */
int
record_last_turn(const struct play *p, struct game *g)
{
	struct ruleset *rs = NULL;
	struct game *copy;
	struct eventlog log;
	struct diags d;
	int i, n = 0, last = g->turn - 1, from = -1;

	if (p->rec == NULL || last < 1 || game_over(g) || g->phase >= 0 ||
	    p->rec->turns != last)
		return 0;
	diags_init(&d);
	copy = replay_start(p->rec, cli_datadir(), &rs, &d);
	if (copy != NULL && (replay_play(p->rec, copy, &d) != 0 ||
	    save_digest(copy) != save_digest(g))) {
		game_free(copy);
		copy = NULL;
	}
	diags_free(&d);
	if (copy == NULL) {
		ruleset_free(rs);
		return 0;
	}
	for (i = 0; i < copy->log.n && from < 0; i++)
		if (copy->log.v[i].turn == last &&
		    copy->log.v[i].kind == EV_PHASE)
			from = i;
	eventlog_init(&log);
	for (i = from; from >= 0 && i < copy->log.n &&
	    copy->log.v[i].turn == last; i++, n++)
		log_copy(&log, &copy->log.v[i]);
	for (i = 0; n > 0 && i < g->log.n; i++)
		log_copy(&log, &g->log.v[i]);
	if (n > 0) {
		eventlog_free(&g->log);
		g->log = log;
	} else
		eventlog_free(&log);
	game_free(copy);
	ruleset_free(rs);
	return n;
}
