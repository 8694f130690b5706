/*
 * play.c - marshal play [SCENARIO|SAVE]: the game in the terminal.
 *
 * Loads the scenario (the bundled default when none is named) or a save
 * file the player names and plays on from its turn, gives each
 * side a controller - for now a person at the keyboard for both, hot-seat -
 * and runs the curses interface until the player quits.
 *
 * Nothing is lost: the game lives in a save slot (io/session.h) named
 * after its scenario, saved at every end of turn, when the player quits
 * and when the terminal goes away (SIGHUP, SIGTERM, SIGINT, end of file);
 * the next start offers to resume it; S saves it there on request, and A
 * to a file the player names.  SIGQUIT (Ctrl-\) saves like the others,
 * and these signals are held while a save is written.  Signal handlers
 * only set a flag;
 * the interface's loop and the prompt here poll it, so no wait can stand
 * between a hangup and the save.
 *
 * Restricted (a public server, cli_restricted()): scenarios are bundled
 * ones named by a bare name, saves go to a fixed directory (per player
 * with --player) under a name marshal makes, and their number and size
 * are bounded; a save resumed may only name a bundled scenario, and the
 * player directory is never reached through a symbolic link.
 *
 * A finished battle stays finished: its result is part of the save made
 * at the end of its last turn, and resuming it shows that result.  Out of
 * memory in play stops marshal cleanly (xalloc_set_fail_stop) with the
 * last save kept.
 *
 * The player's options file (ui/options.h) is read once, before the
 * first battle: its keys, symbols and colour apply to every battle played
 * in this run, its level where --level is not given.  A file with
 * problems is reported and set aside: marshal asks before playing on
 * with its own options, so the report is not lost behind the screen.
 * Restricted, the same file is read: it is the account's own, which only
 * whoever runs the server can write, and no path comes from the player.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <dirent.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "ai/ai.h"
#include "core/game.h"
#include "core/know.h"
#include "core/tutorial.h"
#include "io/load.h"
#include "io/replay.h"
#include "io/save.h"
#include "io/session.h"
#include "io/yread.h"
#include "core/ruleset.h"
#include "ui/options.h"
#include "ui/screen.h"
#include "ui/ui.h"
#include "util/diag.h"
#include "util/xalloc.h"

#define RESTRICTED_MAX_SAVES	8		/* saves per player */
#define RESTRICTED_MAX_BYTES	(1024 * 1024)	/* bytes in one save */
#define STR_(x)			#x
#define STR(x)			STR_(x)

/* What the turn hook needs to save. */
struct play {
	struct session	 ses;
	bool		 saving;	/* ses is open */
	char		*scenario;	/* the game's scenario file */
	size_t		 max_bytes;
	struct replay	*rec;		/* the game's recording, or NULL:
					   not recorded (io/replay.h) */
	/* Said if memory runs out in play (xalloc_set_fail_stop): where
	 * the last save is.  Kept up to date, as nothing may be allocated
	 * then. */
	char		 notice[512];
};

/* The notice for running out of memory, after a save of turn (0: none). */
static void
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

static volatile sig_atomic_t play_signal;

static void
on_signal(int sig)
{
	play_signal = sig;
}

/* The terminating signals set play_signal: at the start, and again after
 * the interface (which catches them its own way) has shown a
 * recording. */
static void
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

static void
usage(void)
{
	if (cli_restricted())
		fprintf(stderr, "usage: marshal play [--ai SIDE|both|none] "
		    "[--level LEVEL] [--seed S] [NAME]\n"
		    "  NAME: a bundled scenario, as 'default'\n");
	else
		fprintf(stderr, "usage: marshal play [--ai SIDE|both|none] "
		    "[--level LEVEL] [--seed S] [--hotseat]\n"
		    "       [SCENARIO|SAVE]\n");
	fprintf(stderr, "  LEVEL: easy, normal or hard\n");
}

/* A seed as --seed gives it: a whole number, digits only. */
static int
seed_parse(const char *s, uint64_t *out)
{
	unsigned long long v;
	char *end;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno != 0 || *end != '\0' || v > UINT64_MAX)
		return -1;
	*out = (uint64_t)v;
	return 0;
}

/* Who the computer commands: from --ai, else from the scenario. */
struct opponents {
	const char	*ai;		/* --ai value, or NULL */
	bool		 hotseat;	/* --hotseat */
	enum ai_level	 level;
	bool		 have_seed;	/* --seed: a new game's random stream */
	uint64_t	 seed;
};

/* Nobody's orders: the side keeps its standing orders (tutorials). */
static void
idle_orders(struct game *g, int side, void *arg)
{
	(void)g;
	(void)side;
	(void)arg;
}

/*
 * Give each side its controller.  The person plays the first side; the
 * second is the computer unless the scenario or the options say
 * otherwise.  Returns -1 for an --ai value naming no side.
 */
static int
set_controllers(struct ui *ui, struct game *g, struct opponents *op)
{
	static struct ui_controller human = { "player", NULL, NULL };
	static struct ui_controller idle = { "standing orders", idle_orders,
	    NULL };
	static struct ui_controller computer = { "computer", ai_controller,
	    NULL };
	bool ai[GAME_MAX_SIDES] = { false };
	int i;

	computer.arg = &op->level;
	for (i = 0; i < g->nsides; i++)
		ui_set_controller(ui, i, &human);
	if (op->hotseat)
		return 0;
	if (op->ai == NULL) {
		if (g->opt.opponent == OPPONENT_NONE && g->nsides > 1)
			ui_set_controller(ui, 1, &idle);
		if (g->opt.opponent == OPPONENT_COMPUTER && g->nsides > 1)
			ui_set_controller(ui, 1, &computer);
		return 0;
	}
	if (strcmp(op->ai, "none") == 0)
		return 0;
	for (i = 0; i < g->nsides; i++)
		ai[i] = strcmp(op->ai, "both") == 0 ||
		    strcasecmp(op->ai, g->sides[i].name) == 0 ||
		    (op->ai[0] == '0' + i && op->ai[1] == '\0');
	for (i = 0; i < g->nsides && !ai[i]; i++)
		;
	if (i == g->nsides)
		return -1;
	for (i = 0; i < g->nsides; i++)
		if (ai[i])
			ui_set_controller(ui, i, &computer);
	return 0;
}

static bool
is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The directory saves go to: save_dir(), per player when restricted. */
static char *
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
static char *
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
 * The bundled scenarios, for the list behind N (and the first screen of a
 * bare `marshal`): battles first, the default one leading, then the
 * tutorials, each by its file name.  A file that does not read is left
 * out; `marshal check` is the place to hear why.
 */
struct catalog {
	struct ui_choice v[UI_PICK_MAX];
	char		*own[3 * UI_PICK_MAX];	/* the strings v points to */
	int		 n;
	int		 nown;
};

/* Keep s (allocated) to be freed with the catalog. */
static const char *
catalog_keep(struct catalog *cat, char *s)
{
	if (s != NULL)
		cat->own[cat->nown++] = s;
	return s;
}

static int
catalog_cmp(const void *a, const void *b)
{
	const struct ui_choice *x = a, *y = b;

	if (x->tutorial != y->tutorial)
		return x->tutorial ? 1 : -1;
	if ((strcmp(x->name, "default") == 0) != (strcmp(y->name,
	    "default") == 0))
		return strcmp(x->name, "default") == 0 ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* The first paragraph of a description, its lines joined. */
static char *
first_paragraph(const char *s)
{
	const char *end = strstr(s, "\n\n");
	char *p = xstrndup(s, end != NULL ? (size_t)(end - s) : strlen(s));
	char *q;

	for (q = p; *q != '\0'; q++)
		if (*q == '\n')
			*q = ' ';
	return p;
}

static void
catalog_load(struct catalog *cat, const char *datadir)
{
	char *dir = xasprintf("%s/scenarios", datadir), *path;
	const struct doc_node *t, *desc;
	struct doc_node *root;
	struct dirent *e;
	struct diags d;
	size_t len;
	DIR *dp;

	cat->n = cat->nown = 0;
	if ((dp = opendir(dir)) == NULL) {
		free(dir);
		return;
	}
	while ((e = readdir(dp)) != NULL && cat->n < UI_PICK_MAX) {
		len = strlen(e->d_name);
		if (len <= 5 || strcmp(e->d_name + len - 5, ".yaml") != 0 ||
		    e->d_name[0] == '.')
			continue;
		path = xasprintf("%s/%s", dir, e->d_name);
		diags_init(&d);
		root = yread_file(path, &d);
		diags_free(&d);
		free(path);
		if (root == NULL)
			continue;
		t = doc_get(root, "scenario");
		desc = doc_get(root, "description");
		if (t != NULL && t->kind == DOC_SCALAR) {
			struct ui_choice *c = &cat->v[cat->n++];

			c->name = catalog_keep(cat, xstrndup(e->d_name,
			    len - 5));
			c->title = catalog_keep(cat, xstrdup(t->str));
			c->blurb = desc != NULL && desc->kind == DOC_SCALAR ?
			    catalog_keep(cat, first_paragraph(desc->str)) :
			    NULL;
			c->tutorial = doc_get(root, "tutorial") != NULL;
			c->refused = NULL;	/* play_one marks its copy */
		}
		doc_free(root);
	}
	closedir(dp);
	free(dir);
	qsort(cat->v, (size_t)cat->n, sizeof cat->v[0], catalog_cmp);
}

static void
catalog_free(struct catalog *cat)
{
	int i;

	for (i = 0; i < cat->nown; i++)
		free(cat->own[i]);
	cat->n = cat->nown = 0;
}

/*
 * Ask before the game is on screen and return the key of the answer (one
 * of keys, lower case), def for Enter, or 'q' if input ends or a signal
 * arrives.  On a terminal the question is a box that takes one key and
 * leaves nothing behind (ui/screen.h); where curses cannot start, a line
 * is read instead.  Either wait polls, so a hangup is never stuck here.
 */
static int
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

static int
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
static bool
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
static int
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
static bool
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
static int
open_slot(struct play *p, const char *dir, const char *name, char **cause)
{
	if (session_open(&p->ses, dir, name, cli_restricted() ?
	    RESTRICTED_MAX_SAVES : 0, cli_restricted(), cause) != 0)
		return -1;
	p->saving = true;
	return 0;
}

static struct replay *record_open(struct play *, const struct game *,
    bool fresh);

/*
 * Offer to resume the slot's save.  Returns the game (and its ruleset in
 * *rs, its scenario's path in *scen) to resume, NULL for a new game; *quit
 * is set if the player left.  On a public server the save may only name a
 * bundled scenario.
 */
static struct game *
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
static bool
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
 * The list of battles for this game, each marked if it cannot be played
 * now: on a public server a battle with no save of its own needs a new
 * save, and the directory may hold its most already (this game's kept).
 * The list says so when it is chosen, instead of marshal leaving.
 */
static void
choices_mark(struct ui_choice *v, const struct catalog *cat,
    const struct play *p)
{
	struct stat st;
	char *file;
	int i, n;

	memcpy(v, cat->v, (size_t)cat->n * sizeof *v);
	if (!cli_restricted() || !p->saving)
		return;
	n = session_count(p->ses.dir);
	if (!session_has_save(&p->ses))
		n++;	/* this game is saved when another is chosen */
	if (n < RESTRICTED_MAX_SAVES)
		return;
	for (i = 0; i < cat->n; i++) {
		if (strcmp(v[i].name, p->ses.name) == 0)
			continue;
		file = xasprintf("%s/%s.save", p->ses.dir, v[i].name);
		if (lstat(file, &st) != 0)
			v[i].refused = "This server keeps " STR(
			    RESTRICTED_MAX_SAVES) " saved battles and all are "
			    "in use: finish or resume one of them first.";
		free(file);
	}
}

/*
 * The save directory cannot be written: offer to play all the same,
 * saying that nothing will be kept.  True if the player accepts.
 */
static bool
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
static void
record_order(void *arg, const struct game *g, const struct order *o)
{
	replay_add(arg, g, o);
}

/*
 * The recording of the game about to be played: a new one for a new
 * game, else the slot's, if it leads to the turn the save stands at
 * (anything else is removed: it would not verify).  NULL: the game is
 * not recorded (not saved, or a save file from elsewhere).
 */
static struct replay *
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

/* Whether the battle has ended, or the lesson is done (nothing to
 * resume). */
static bool
over(const struct ui *ui, const struct game *g)
{
	return game_over(g) || ui->mode == MODE_OVER ||
	    (ui->mode == MODE_QUIT && ui->quit_back == MODE_OVER) ||
	    (g->tutorial != NULL && tutorial_finished(g->tutorial));
}

/*
 * Play one battle: the scenario or save arg names, or with arg NULL the
 * latest game (offered for resuming) or else the default battle.  With
 * first, a new game opens on the list of battles (a bare `marshal`).  If
 * the player picks another battle from the list, *next is its name
 * (allocated) and this game is kept in its slot.
 */
static int
play_one(struct opponents *op, const struct options *opts, const char *arg,
    bool first, const struct catalog *cat, char **next)
{
	struct screen_caps caps;
	struct ruleset *rs = NULL;
	struct game *g = NULL;
	struct diags d;
	struct ui *ui;
	struct play p;
	struct ui_choice choices[UI_PICK_MAX];
	char *path, *dir = NULL, *name, *cause = NULL, *resumed;
	const char *savefile = NULL;
	bool quit, fresh = false, untouched;
	int rc = 0, how, chosen;

	memset(&p, 0, sizeof p);
	*next = NULL;
	if (arg != NULL && !cli_restricted() && is_file(arg) &&
	    is_save(arg)) {
		/* A saved game: play on from its turn. */
		savefile = arg;
		diags_init(&d);
		g = save_load(savefile, cli_datadir(), &rs, &d);
		if (g == NULL) {
			diags_print(&d, stderr);
			diags_free(&d);
			return 2;
		}
		diags_free(&d);
		path = save_scenario(savefile);
		if (path == NULL) {
			fprintf(stderr, "marshal: %s: the save does not name "
			    "its scenario by a full path\n", savefile);
			game_free(g);
			ruleset_free(rs);
			return 2;
		}
	} else if (arg != NULL) {
		if ((path = cli_scenario_path(arg)) == NULL) {
			name = diag_escape(arg);
			fprintf(stderr, "marshal: no scenario '%s'%s\n",
			    name, cli_restricted() ? " among the bundled "
			    "ones" : "");
			free(name);
			return 2;
		}
	} else
		path = xasprintf("%s/scenarios/default.yaml", cli_datadir());
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "marshal: play needs a terminal; "
		    "use 'marshal resolve' for batch play\n");
		game_free(g);
		ruleset_free(rs);
		free(path);
		return 2;
	}

	signals_catch();

	/* The save slot: the latest save for a bare `marshal`. */
	if ((dir = play_dir(&cause)) == NULL) {
		if (cli_restricted()) {
			/* A public server never plays without its saves. */
			fprintf(stderr, "marshal: %s\n", cause);
			free(cause);
			free(path);
			return 1;
		}
		fprintf(stderr, "marshal: %s; the game will not be saved\n",
		    cause);
		free(cause);
	} else {
		name = arg != NULL ? NULL : session_latest(dir);
		if (name == NULL)
			name = session_name(path);
		if (open_slot(&p, dir, name, &cause) != 0) {
			fprintf(stderr, "marshal: %s\n", cause);
			free(cause);
			free(name);
			rc = 1;
			if (dir_writable(dir) || !unsaved_ok(dir))
				goto out;
			rc = 0;
			goto unsaved;
		}
		free(name);
		if (savefile != NULL) {
			if (!replace_slot(&p, savefile)) {
				fprintf(stderr, "marshal: nothing changed; the "
				    "saved battle is in %s\n", p.ses.save);
				goto out;
			}
		} else if (session_has_save(&p.ses)) {
			g = offer_resume(&p, &rs, &resumed, &quit,
			    opts->keys);
			if (quit)
				goto out;
			if (g != NULL && resumed != NULL) {
				free(path);
				path = resumed;
			}
		}
		/* A new game of the default scenario has its own slot. */
		if (g == NULL && arg == NULL) {
			name = session_name(path);
			if (strcmp(name, p.ses.name) != 0) {
				session_close(&p.ses);
				p.saving = false;
				if (open_slot(&p, dir, name, &cause) != 0) {
					fprintf(stderr, "marshal: %s\n", cause);
					free(cause);
					free(name);
					rc = 1;
					goto out;
				}
			}
			free(name);
		}
	}
unsaved:
	if (g == NULL) {
		fresh = true;
		diags_init(&d);
		g = load_scenario(path, cli_datadir(), &rs, &d);
		if (g == NULL) {
			diags_print(&d, stderr);
			diags_free(&d);
			rc = 2;
			goto out;
		}
		diags_free(&d);
		/* A new game only: a game resumed keeps its own stream. */
		if (op->have_seed)
			game_seed(g, op->seed);
	}
	p.scenario = path;
	p.max_bytes = cli_restricted() ? RESTRICTED_MAX_BYTES : 0;
	if ((p.rec = record_open(&p, g, fresh && savefile == NULL)) != NULL) {
		g->on_order = record_order;
		g->on_order_arg = p.rec;
	}
	/* From here out of memory stops play cleanly, saving nothing. */
	notice_set(&p, 0);
	xalloc_set_fail_stop(1, p.notice);
	if (play_signal != 0)
		goto out;

	screen_caps(&caps);
	if (opts->symbols == OPT_SYMBOLS_ASCII)
		caps.utf8 = false;
	if (opts->colour >= 0)
		caps.colour = opts->colour != 0;
	ui = ui_create(g, caps.utf8, caps.colour);
	ui->keymap = opts->keys;
	if (set_controllers(ui, g, op) != 0) {
		name = diag_escape(op->ai);
		fprintf(stderr, "marshal: --ai %s names no side of this "
		    "scenario (0, 1, a side's name, both or none)\n", name);
		free(name);
		ui_free(ui);
		rc = 2;
		goto out;
	}
	if (p.saving)
		ui_set_turn_hook(ui, autosave, &p);
	ui_set_saver(ui, save_request, &p, !cli_restricted());
	choices_mark(choices, cat, &p);
	ui_set_choices(ui, choices, cat->n);
	ui->replay_offer = p.rec != NULL;
	ui_start(ui);
	if (first && fresh)
		ui_pick(ui);
	/* p on the last screen: the recording, then that screen again. */
	while ((how = screen_run(ui, &cause)) == SCREEN_QUIT &&
	    ui->replay_wanted && play_signal == 0) {
		ui->replay_wanted = false;
		ui->quit = false;
		if ((how = cli_replay_view(p.rec, KNOW_ALL, opts->keys,
		    &cause)) == SCREEN_HANGUP)
			break;	/* saved as for any hangup, below */
		if (how < 0) {
			snprintf(ui->msg, sizeof ui->msg, "The recording "
			    "cannot be shown: %s", cause);
			ui->msg_error = true;
			free(cause);
			cause = NULL;
		}
	}
	chosen = ui_chosen(ui, &untouched);
	if (how == SCREEN_QUIT && chosen >= 0)
		*next = xstrdup(cat->v[chosen].name);
	if (how < 0) {
		fprintf(stderr, "marshal: %s\n", cause);
		free(cause);
		rc = 1;
	} else if (p.saving && over(ui, g)) {
		/* A battle fought to its end keeps its recording, to be
		 * watched again or shown to a class; a lesson does not. */
		char *kept = game_over(g) ? session_keep_record(&p.ses) :
		    NULL;

		session_forget(&p.ses);
		if (kept != NULL) {
			printf("marshal: the battle is over; its recording is "
			    "kept in %s (marshal replay FILE replays it)\n",
			    kept);
			free(kept);
		}
	} else if (p.saving && untouched) {
		/* Nothing was played: the opening list was still up. */
	} else if (p.saving) {
		/* Quit or hangup: keep the game, orders of this turn too. */
		if (autosave(g, &p, &cause) != 0) {
			fprintf(stderr, "marshal: the game could not be "
			    "saved: %s\n", cause);
			free(cause);
			rc = 1;
		} else if (*next == NULL)
			fprintf(stderr, "marshal: the game is saved in %s; "
			    "run marshal again to resume it\n", p.ses.save);
	}
	ui_free(ui);
out:
	xalloc_set_fail_stop(0, NULL);
	if (p.saving)
		session_close(&p.ses);
	replay_free(p.rec);
	game_free(g);
	ruleset_free(rs);
	free(path);
	free(dir);
	return rc;
}

/*
 * Read the options file into *opts.  Returns 0 to play on (with its
 * options, or marshal's own where there is no file or the player agreed
 * to play without a file that has problems), -1 if the player chose to
 * stop and mend it.
 */
static int
options_read(struct options *opts)
{
	struct diags d;
	char *path = options_path(), *shown, *why, *text;
	int rc = 0, c;

	if (path == NULL)
		return 0;
	diags_init(&d);
	if (options_load(path, opts, &d) < 0) {
		diags_print(&d, stderr);
		shown = diag_escape(path);
		fprintf(stderr, "marshal: the options file %s has problems "
		    "and is set aside.\n", shown);
		why = diags_lines(&d, 6);
		text = xasprintf("The options file %s has problems and is set "
		    "aside:\n%s\nPlay with marshal's own keys and options?"
		    "  y: yes, n: no (Enter: yes)", shown, why);
		free(why);
		free(shown);
		c = ask(text, "yn", 'y');
		free(text);
		rc = c == 'y' ? 0 : -1;
	}
	diags_free(&d);
	free(path);
	return rc;
}

static int
play_main(int argc, char **argv, bool first)
{
	struct opponents op = { NULL, false, AI_NORMAL, false, 0 };
	static const struct option longopts[] = {
		{ "ai", required_argument, NULL, 'a' },
		{ "level", required_argument, NULL, 'l' },
		{ "hotseat", no_argument, NULL, 'H' },
		{ "seed", required_argument, NULL, 's' },
		{ NULL, 0, NULL, 0 }
	};
	struct catalog cat;
	struct options opts;
	char *next = NULL, *prev = NULL;
	const char *arg;
	bool level = false;
	int rc, i, how;

	optind = 1;
	while ((i = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (i) {
		case 'a':
			op.ai = optarg;
			break;
		case 'l':
			if ((how = ai_level_parse(optarg)) < AI_EASY ||
			    how > AI_HARD) {
				next = diag_escape(optarg);
				fprintf(stderr, "marshal: unknown level '%s' "
				    "(easy, normal or hard)\n", next);
				free(next);
				return 2;
			}
			op.level = (enum ai_level)how;
			level = true;
			break;
		case 'H':
			op.hotseat = true;
			break;
		case 's':
			if (seed_parse(optarg, &op.seed) != 0) {
				next = diag_escape(optarg);
				fprintf(stderr, "marshal: --seed wants a whole "
				    "number from 0 to %llu, not '%s'\n",
				    (unsigned long long)UINT64_MAX, next);
				free(next);
				return 2;
			}
			op.have_seed = true;
			break;
		default:
			usage();
			return 2;
		}
	}
	argc -= optind - 1;
	argv += optind - 1;
	if (argc > 2) {
		usage();
		return 2;
	}
	options_init(&opts);
	if (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO) &&
	    options_read(&opts) != 0)
		return 1;
	if (!level && opts.level >= 0)
		op.level = (enum ai_level)opts.level;
	catalog_load(&cat, cli_datadir());
	arg = argc == 2 ? argv[1] : NULL;
	for (;;) {
		rc = play_one(&op, &opts, arg, first, &cat, &next);
		free(prev);
		prev = next;
		if (next == NULL || rc != 0 || play_signal != 0)
			break;
		/* The player chose another battle from the list. */
		arg = next;
		first = false;
	}
	free(prev);
	catalog_free(&cat);
	options_free(&opts);
	return rc;
}

int
cli_play(int argc, char **argv)
{
	return play_main(argc, argv, false);
}

int
cli_start(int argc, char **argv)
{
	return play_main(argc, argv, true);
}
