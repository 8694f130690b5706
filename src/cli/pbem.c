/*
 * pbem.c - marshal play --pbem: a battle played by email (io/pbem.h).
 *
 *   marshal play --pbem [--side SIDE] [--seed S] [--out DIR]
 *       [--orders FILE] SCENARIO
 *           start a game for SIDE (the first side by default): give the
 *           orders of turn 1, and marshal writes the turn file to send
 *   marshal play --pbem [--out DIR] [--orders FILE] TURNFILE
 *           read the opponent's turn file, check it against the game
 *           kept here (found by its game id), play the turn once both
 *           sides' orders are known, give the next orders and write the
 *           file that answers it
 *
 * The orders come from the interface, the side at the keys until it ends
 * its turn (e; ui_set_side_hook), or with --orders from a recording's
 * orders for the turn (io/replay.h), for scripts.  The game is kept in
 * the save directory as pbem-ID-SIDE.game, written atomically after the
 * turn file (which is removed again if the game cannot be saved), and
 * locked (pbem-ID-SIDE.game.lock, flock) while a marshal plays a file of
 * it; turn files go to the save directory or --out DIR.  A file refused,
 * or a game left without ending the turn, changes nothing.  Restricted,
 * --pbem is refused before this is reached (play.c).
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/play-priv.h"
#include "core/game.h"
#include "io/load.h"
#include "io/pbem.h"
#include "io/replay.h"
#include "io/save.h"
#include "io/session.h"
#include "ui/screen.h"
#include "ui/ui.h"
#include "util/diag.h"
#include "util/xalloc.h"

/* Read a whole file; NULL with *cause allocated. */
static char *
slurp(const char *path, size_t *len, char **cause)
{
	FILE *f;
	char *buf = NULL;
	size_t cap = 0;
	ssize_t n;

	*cause = NULL;
	if (!is_file(path)) {
		*cause = xasprintf("%s: not a file that can be read", path);
		return NULL;
	}
	if ((f = fopen(path, "r")) == NULL) {
		*cause = xasprintf("%s: %s", path, strerror(errno));
		return NULL;
	}
	n = getdelim(&buf, &cap, '\0', f);
	if (n < 0 && ferror(f)) {
		*cause = xasprintf("%s: %s", path, strerror(errno));
		fclose(f);
		free(buf);
		return NULL;
	}
	fclose(f);
	if (n < 0) {
		free(buf);
		buf = xstrdup("");
		n = 0;
	}
	*len = (size_t)n;
	return buf;
}

/* Whether the file at path is a turn file (its key says so). */
static bool
is_turn_file(const char *text)
{
	return strncmp(text, "marshal-pbem:", 13) == 0 ||
	    strstr(text, "\nmarshal-pbem:") != NULL;
}

/* What one run works with. */
struct run {
	const struct pbem_args *a;
	const struct options *opts;
	char		*dir;		/* the save directory */
	char		*outdir;	/* where turn files go */
	char		*gamefile;	/* dir/pbem-ID-SIDE.game */
	struct pbem_game *pg;
	struct game	*g;
	struct ruleset	*rs;
	struct replay	*hist;
	bool		 ended;		/* the side at the keys ended its turn */
	int		 status;	/* the exit status of a failure, 0: 1 */
};

static char *
game_path(const char *dir, const char *id, int side)
{
	return xasprintf("%s/pbem-%s-%d.game", dir, id, side);
}

/* The interface's hook: the side played here ends its orders. */
static bool
side_done(struct game *g, int side, void *arg)
{
	struct run *run = arg;

	(void)g;
	if (side != run->pg->side)
		return false;
	run->ended = true;
	return true;
}

/* The opponent is away: nothing is given for it here. */
static void
by_email(struct game *g, int side, void *arg)
{
	(void)g;
	(void)side;
	(void)arg;
}

static void
record(void *arg, const struct game *g, const struct order *o)
{
	replay_add(arg, g, o);
}

/*
 * Leave out of the recording the orders the player took back (u): a
 * unit whose order was undone holds none of this turn (command_undo).
 */
static void
drop_undone(struct replay *rec, const struct game *g)
{
	struct replay_order *ro;
	int i, j, n = 0, u;

	for (i = 0; i < rec->n; i++) {
		ro = &rec->v[i];
		u = ro->unit != NULL ? game_find_unit(g, ro->unit) : -1;
		if (u < 0 || g->units[u].order_turn == g->turn) {
			rec->v[n++] = *ro;
			continue;
		}
		free(ro->unit);
		free(ro->general);
		free(ro->formation);
		free(ro->action);
		for (j = 0; j < ro->ngroup; j++)
			free(ro->group[j]);
	}
	rec->n = n;
}

/*
 * The interface for the side's orders of the turn g stands at, until it
 * ends them (0), or the player quits (1) or it fails (-1, said).
 */
static int
orders_ui(struct run *run, const char *note)
{
	static struct ui_controller human = { "player", NULL, NULL, false };
	static struct ui_controller away = { "by email", by_email, NULL,
	    false };
	struct screen_caps caps;
	struct ui *ui;
	char *cause = NULL;
	int how, i;

	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "marshal: giving orders needs a terminal; "
		    "--orders FILE gives them from a file\n");
		run->status = 2;
		return -1;
	}
	signals_catch();
	screen_caps(&caps);
	if (run->opts->symbols == OPT_SYMBOLS_ASCII)
		caps.utf8 = false;
	if (run->opts->colour >= 0)
		caps.colour = run->opts->colour != 0;
	ui = ui_create(run->g, caps.utf8, caps.colour);
	ui->keymap = run->opts->keys;
	for (i = 0; i < run->g->nsides; i++)
		ui_set_controller(ui, i, i == run->pg->side ? &human : &away);
	ui_set_side_hook(ui, side_done, run);
	run->ended = false;
	ui_start(ui);
	if (run->g->turn > 1) {
		/* A turn was just played: its results, not the briefing. */
		ui->mode = MODE_MAP;
		for (i = 0; i < run->g->log.n &&
		    run->g->log.v[i].turn < run->g->turn - 1; i++)
			;
		ui->log_from = i;
	}
	if (note != NULL)
		snprintf(ui->msg, sizeof ui->msg, "%s", note);
	how = screen_run(ui, &cause);
	ui_free(ui);
	if (how < 0) {
		fprintf(stderr, "marshal: %s\n", cause);
		free(cause);
		return -1;
	}
	return run->ended ? 0 : 1;
}

/*
 * The side's orders for the turn run->g stands at, as a replay text
 * (allocated), given through the interface or from --orders.  NULL when
 * nothing is to be sent: the player left, or the orders were refused
 * (said).  g holds the orders afterwards: it is not played on.
 */
static char *
my_orders(struct run *run, const char *note)
{
	struct replay *rec, *r, *mine;
	struct diags d;
	char *text = NULL;
	int rc;

	rec = replay_record(run->g, run->pg->scenario);
	rec->turns = run->g->turn - 1;
	run->g->on_order = record;
	run->g->on_order_arg = rec;
	diags_init(&d);
	if (run->a->orders != NULL) {
		rc = -1;
		if ((r = replay_read(run->a->orders, &d)) != NULL) {
			rc = pbem_orders_check(r, run->g, run->pg->side,
			    run->g->turn, true, &d) != 0 ? -1 :
			    replay_give(r, run->g, &d);
			replay_free(r);
		}
	} else if ((rc = orders_ui(run, note)) == 1)
		fprintf(stderr, "marshal: the turn was not ended: nothing "
		    "is sent and nothing changed\n");
	else if (rc == 0)
		drop_undone(rec, run->g);
	run->g->on_order = NULL;
	if (rc != 0 && run->a->orders != NULL)
		run->status = 2;	/* orders refused: bad input */
	if (rc == 0) {
		text = pbem_replay_text(rec);
		/* What is sent is checked as the opponent will check it. */
		if ((mine = pbem_orders(text, (struct pos){ "your orders", 1,
		    1 }, run->g, run->pg->side, run->g->turn, &d)) == NULL) {
			free(text);
			text = NULL;
			run->status = 2;
		}
		replay_free(mine);
	}
	diags_print(&d, stderr);
	diags_free(&d);
	replay_free(rec);
	return text;
}

/* The battle's result, in a line (buf). */
static void
result_text(const struct game *g, char *buf, size_t len)
{
	const struct game_result *r = &g->result;

	if (r->winner >= 0 && r->winner < g->nsides)
		snprintf(buf, len, "the battle is over after turn %d: %s win "
		    "(points %d to %d)", r->turn, g->sides[r->winner].name,
		    r->points[0], r->points[1]);
	else
		snprintf(buf, len, "the battle is over after turn %d: a draw "
		    "(points %d to %d)", r->turn, r->points[0], r->points[1]);
}

/* Make dir (mkdir -p, mode 0700) if need be: 0, or -1 said. */
static int
dir_ready(const char *dir)
{
	char *cause = NULL;

	if (session_mkdir(dir, &cause) != 0) {
		fprintf(stderr, "marshal: %s\n", cause);
		free(cause);
		return -1;
	}
	return 0;
}

/* Write the game kept here, atomically.  0, or -1 said. */
static int
save_game(struct run *run)
{
	char *text, *cause = NULL;
	size_t len;

	if (dir_ready(run->dir) != 0)
		return -1;
	text = pbem_game_render(run->pg, &len);
	if (save_atomic(run->gamefile, text, len, &cause) != 0) {
		fprintf(stderr, "marshal: the game could not be saved: %s\n",
		    cause);
		free(cause);
		free(text);
		return -1;
	}
	free(text);
	return 0;
}

/*
 * Write the turn file t, then the game: if the game cannot be saved the
 * turn file is taken back, so that a failure leaves both as they were
 * and the opponent's file can be played again.  Its path is said (and
 * shown in a box after the interface).  0, or -1 said.
 */
static int
send(struct run *run, struct pbem_turn *t)
{
	char *text, *path, *name, *cause = NULL, *msg;
	size_t len;
	int rc = -1;

	if (dir_ready(run->outdir) != 0)
		return -1;
	name = session_name(run->g->sides[t->side].name);
	path = xasprintf("%s/pbem-%.8s-turn%d-%s.yaml", run->outdir, t->game,
	    t->turn, name);
	free(name);
	text = pbem_turn_render(t, run->g->sides[t->side].name, &len);
	if (save_atomic(path, text, len, &cause) != 0) {
		fprintf(stderr, "marshal: the turn file could not be written: "
		    "%s\n", cause);
		free(cause);
	} else if (save_game(run) != 0) {
		unlink(path);
		fprintf(stderr, "marshal: nothing is sent\n");
	} else {
		printf("marshal: turn %d, %s: send %s to your opponent "
		    "(digest 0x%016" PRIx64 ")\n", t->turn,
		    run->g->sides[t->side].name, path, t->digest);
		if (run->a->orders == NULL && isatty(STDIN_FILENO) &&
		    isatty(STDOUT_FILENO)) {
			char over[160];

			result_text(run->g, over, sizeof over);
			over[0] = (char)toupper((unsigned char)over[0]);
			msg = run->pg->over ? xasprintf("%s.\n\nYour last "
			    "orders are revealed in\n%s\n\nSend that file to "
			    "your opponent.\n\nPress Enter.", over, path) :
			    xasprintf("Your orders for turn %d are in\n%s\n\n"
			    "Send that file to your opponent.  The game is "
			    "saved; play the answer with\nmarshal play --pbem "
			    "FILE\n\nPress Enter.", t->turn, path);
			ask(msg, "", '\n');
			free(msg);
		}
		rc = 0;
	}
	free(text);
	free(path);
	return rc;
}

/* The exit status after give_and_send returned r. */
static int
exit_status(const struct run *run, int r)
{
	if (r >= 0)
		return 0;
	return run->status != 0 ? run->status : 1;
}

/* A side as --side names it: its name or its number; -1 if none. */
static int
side_parse(const struct game *g, const char *s)
{
	int i;

	for (i = 0; i < g->nsides; i++)
		if (strcasecmp(s, g->sides[i].name) == 0 ||
		    (s[0] == '0' + i && s[1] == '\0'))
			return i;
	return -1;
}

/*
 * Give this side's orders for the turn run->g stands at and send them:
 * A commits (revealing rev, the last turn's, if any), B sends them in
 * the clear.  Once the battle is over A only reveals.  0 sent, 1 nothing
 * sent (the player left, or --orders were refused: said), -1 failed.
 */
static int
give_and_send(struct run *run, char *rev, const unsigned char *nonce,
    const char *note)
{
	struct pbem_game *pg = run->pg;
	struct pbem_turn t;
	char *mine;
	int rc;

	memset(&t, 0, sizeof t);
	memcpy(t.game, pg->game, sizeof t.game);
	t.scenario = pg->scenario;
	t.seed = pg->seed;
	t.side = pg->side;
	t.turn = run->g->turn;
	t.digest = pg->digest;
	if (rev != NULL) {
		t.has_reveal = true;
		t.reveal_turn = run->g->turn - 1;
		t.reveal = rev;
		memcpy(t.nonce, nonce, PBEM_HASH);
	}
	if (game_over(run->g)) {
		/* The last turn is played: reveal it, commit to nothing. */
		char over[160];

		pg->over = true;
		result_text(run->g, over, sizeof over);
		printf("marshal: %s\n", over);
		return send(run, &t);
	}
	if ((mine = my_orders(run, note)) == NULL)
		return run->a->orders != NULL || run->status != 0 ? -1 : 1;
	free(pg->mine);
	pg->mine = mine;
	if (pg->side == pg->committer) {
		pbem_new_nonce(pg->nonce);
		pbem_commit(pg->game, t.turn, pg->side, mine, pg->nonce,
		    t.commit);
		t.has_commit = true;
	} else
		t.orders = mine;
	rc = send(run, &t);
	return rc;
}

/* A new game from a scenario, this side committing. */
static int
start(struct run *run, const char *arg)
{
	struct pbem_game *pg;
	struct replay *r;
	struct diags d;
	char *path, *cause, *shown, real[PATH_MAX];
	int side;

	if ((path = cli_scenario_path(arg)) == NULL) {
		shown = diag_escape(arg);
		fprintf(stderr, "marshal: no scenario or turn file '%s'\n",
		    shown);
		free(shown);
		return 2;
	}
	diags_init(&d);
	run->g = load_scenario(path, cli_datadir(), &run->rs, &d);
	diags_print(&d, stderr);
	diags_free(&d);
	if (run->g == NULL) {
		free(path);
		return 2;
	}
	if (run->a->have_seed)
		game_seed(run->g, run->a->seed);
	if (pbem_playable(run->g, &cause) != 0) {
		fprintf(stderr, "marshal: %s\n", cause);
		free(cause);
		free(path);
		return 2;
	}
	side = 0;
	if (run->a->side != NULL &&
	    (side = side_parse(run->g, run->a->side)) < 0) {
		shown = diag_escape(run->a->side);
		fprintf(stderr, "marshal: --side %s names no side of this "
		    "scenario (%s or %s, or 0 or 1)\n", shown,
		    run->g->sides[0].name, run->g->sides[1].name);
		free(shown);
		free(path);
		return 2;
	}
	pg = run->pg = xcalloc(1, sizeof *pg);
	pbem_new_id(pg->game);
	/* A bundled battle by its name, which the opponent's marshal
	 * knows; another by its full path, which it must have too. */
	if (strchr(arg, '/') == NULL && strcmp(path, arg) != 0)
		pg->scenario = xstrdup(arg);
	else
		pg->scenario = xstrdup(realpath(path, real) != NULL ? real :
		    path);
	pg->seed = run->g->seed;
	pg->side = pg->committer = side;
	pg->turn = 1;
	pg->digest = save_digest(run->g);
	r = replay_record(run->g, realpath(path, real) != NULL ? real : path);
	pg->history = pbem_replay_text(r);
	replay_free(r);
	free(path);
	run->gamefile = game_path(run->dir, pg->game, side);
	return exit_status(run, give_and_send(run, NULL, NULL, NULL));
}

/* The opponent's first file, with no game here yet: join it. */
static int
join(struct run *run, const struct pbem_turn *t)
{
	struct pbem_game *pg;
	struct replay *r;
	struct diags d;
	char *path, *cause, *shown, real[PATH_MAX], note[UI_MSG_MAX];
	uint64_t digest;

	if ((path = cli_scenario_path(t->scenario)) == NULL) {
		shown = diag_escape(t->scenario);
		fprintf(stderr, "%s:%d:%d: error: no scenario '%s' here\n",
		    t->at_scenario.file, t->at_scenario.line,
		    t->at_scenario.col, shown);
		free(shown);
		return 2;
	}
	diags_init(&d);
	run->g = load_scenario(path, cli_datadir(), &run->rs, &d);
	diags_print(&d, stderr);
	diags_free(&d);
	if (run->g == NULL) {
		free(path);
		return 2;
	}
	game_seed(run->g, t->seed);
	if (pbem_playable(run->g, &cause) != 0) {
		fprintf(stderr, "marshal: %s\n", cause);
		free(cause);
		free(path);
		return 2;
	}
	digest = save_digest(run->g);
	if (digest != t->digest) {
		fprintf(stderr, "%s:%d:%d: error: the battle starts here in "
		    "another state than the opponent's: digest 0x%016" PRIx64
		    " there, 0x%016" PRIx64 " here (another version of the "
		    "scenario or of marshal?)\n", t->at_digest.file,
		    t->at_digest.line, t->at_digest.col, t->digest, digest);
		free(path);
		return 2;
	}
	pg = run->pg = xcalloc(1, sizeof *pg);
	memcpy(pg->game, t->game, sizeof pg->game);
	pg->scenario = xstrdup(t->scenario);
	pg->seed = t->seed;
	pg->committer = t->side;
	pg->side = 1 - t->side;
	pg->turn = 1;
	pg->digest = digest;
	pg->has_commit = true;
	memcpy(pg->commit, t->commit, PBEM_HASH);
	r = replay_record(run->g, realpath(path, real) != NULL ? real : path);
	pg->history = pbem_replay_text(r);
	replay_free(r);
	free(path);
	printf("marshal: joined game %s as %s; digest 0x%016" PRIx64 "\n",
	    pg->game, run->g->sides[pg->side].name, digest);
	snprintf(note, sizeof note, "Play by email: %s has sent its sealed "
	    "orders for turn 1; give yours, then e.",
	    run->g->sides[t->side].name);
	return exit_status(run, give_and_send(run, NULL, NULL, note));
}

/* The opponent's file for the game kept here: check, play, answer. */
static int
answer(struct run *run, const struct pbem_turn *t)
{
	struct pbem_game *pg = run->pg;
	struct replay *orders[2] = { NULL, NULL };
	struct diags d;
	char *path, *rev = NULL, note[UI_MSG_MAX];
	unsigned char nonce[PBEM_HASH];
	bool i_commit = pg->side == pg->committer;
	int turn = pg->turn, rc = 2;
	uint64_t digest;

	diags_init(&d);
	if (pbem_check(pg, t, &d) != 0)
		goto out;
	if ((path = cli_scenario_path(pg->scenario)) == NULL) {
		diags_add(&d, (struct pos){ run->gamefile, 0, 0 }, "no "
		    "scenario '%s' here", pg->scenario);
		goto out;
	}
	run->g = pbem_start(pg, run->gamefile, path, cli_datadir(),
	    &run->hist, &run->rs, &d);
	free(path);
	if (run->g == NULL)
		goto out;
	orders[pg->side] = pbem_orders(pg->mine, (struct pos){ run->gamefile,
	    1, 1 }, run->g, pg->side, turn, &d);
	orders[t->side] = i_commit ?
	    pbem_orders(t->orders, t->at_orders, run->g, t->side, turn, &d) :
	    pbem_orders(t->reveal, t->at_reveal, run->g, t->side, turn, &d);
	if (orders[0] == NULL || orders[1] == NULL)
		goto out;
	if (pbem_play(run->g, run->hist, orders, &d) != 0)
		goto out;
	digest = save_digest(run->g);
	if (!i_commit && digest != t->digest) {
		diags_add(&d, t->at_digest, "the two games disagree after turn "
		    "%d: digest 0x%016" PRIx64 " there, 0x%016" PRIx64 " here",
		    turn, t->digest, digest);
		goto out;
	}
	if (!i_commit && !t->has_commit != game_over(run->g)) {
		diags_add(&d, t->at_turn, game_over(run->g) ? "the battle is "
		    "over, yet the file commits to orders for turn %d" :
		    "the file commits to no orders for turn %d, yet the "
		    "battle is not over", t->turn);
		goto out;
	}
	printf("marshal: turn %d played; digest 0x%016" PRIx64 "%s\n", turn,
	    digest, i_commit ? "" : ", the same as the opponent's");
	/* The game at the start of the next turn. */
	if (i_commit) {
		rev = pg->mine;
		pg->mine = NULL;
		memcpy(nonce, pg->nonce, PBEM_HASH);
	} else {
		free(pg->mine);
		pg->mine = NULL;
		pg->has_commit = t->has_commit;
		memcpy(pg->commit, t->commit, PBEM_HASH);
	}
	free(pg->history);
	pg->history = pbem_replay_text(run->hist);
	pg->turn = run->g->turn;
	pg->digest = digest;
	if (!i_commit && game_over(run->g)) {
		pg->over = true;
		result_text(run->g, note, sizeof note);
		printf("marshal: %s\n", note);
		rc = save_game(run) == 0 ? 0 : 1;
		if (rc == 0 && run->a->orders == NULL &&
		    isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)) {
			note[0] = (char)toupper((unsigned char)note[0]);
			path = xasprintf("%s.\n\nPress Enter.", note);
			ask(path, "", '\n');
			free(path);
		}
		goto out;
	}
	snprintf(note, sizeof note, "Play by email: turn %d played (digest "
	    "0x%016" PRIx64 "); give your orders for turn %d, then e.", turn,
	    digest, run->g->turn);
	rc = exit_status(run, give_and_send(run, rev, nonce, note));
out:
	diags_print(&d, stderr);
	diags_free(&d);
	replay_free(orders[0]);
	replay_free(orders[1]);
	free(rev);
	return rc;
}

/*
 * Hold the game's lock (pbem-ID-SIDE.lock beside it, flock) for as long
 * as this marshal runs: two marshals answering the same game at once
 * would send two different answers.  The descriptor, or -1 said.
 */
static int
lock_game(struct run *run)
{
	char *path;
	int fd;

	if (dir_ready(run->dir) != 0)
		return -1;
	path = xasprintf("%s.lock", run->gamefile);
	fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
	if (fd < 0)
		fprintf(stderr, "marshal: %s: %s\n", path, strerror(errno));
	else if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
		fprintf(stderr, "marshal: another marshal is playing this game "
		    "(%s is locked)\n", path);
		close(fd);
		fd = -1;
	}
	free(path);
	return fd;
}

/* The opponent's turn file (text, len bytes, read from path). */
static int
with_file(struct run *run, const char *path, const char *text, size_t len)
{
	struct pbem_turn *t;
	struct diags d;
	char *gtext, *cause;
	size_t glen;
	bool own;
	int rc = 2, lock = -1;

	diags_init(&d);
	if ((t = pbem_turn_read(path, text, len, &d)) == NULL)
		goto out;
	if (t->side > 1) {
		diags_add(&d, t->at_side, "a battle played by email has sides "
		    "0 and 1");
		goto out;
	}
	run->gamefile = game_path(run->dir, t->game, t->side);
	own = is_file(run->gamefile);
	free(run->gamefile);
	run->gamefile = game_path(run->dir, t->game, 1 - t->side);
	if (!is_file(run->gamefile) && own) {
		diags_add(&d, t->at_side, "the file is side %d's own, made "
		    "here: send it to the opponent", t->side);
		goto out;
	}
	if (!is_file(run->gamefile) && t->turn == 1 && t->has_commit &&
	    !t->has_reveal) {
		if ((lock = lock_game(run)) < 0)
			rc = 1;
		else if (is_file(run->gamefile))
			diags_add(&d, t->at_game, "game %s was joined here "
			    "already", t->game);
		else
			rc = join(run, t);
		goto out;
	}
	if (!is_file(run->gamefile)) {
		diags_add(&d, t->at_game, "no game %s is kept here for side %d "
		    "(%s): a turn file is played where its game was started "
		    "or joined", t->game, 1 - t->side, run->dir);
		goto out;
	}
	if ((lock = lock_game(run)) < 0) {
		rc = 1;
		goto out;
	}
	if ((gtext = slurp(run->gamefile, &glen, &cause)) == NULL) {
		diags_add(&d, (struct pos){ run->gamefile, 0, 0 }, "%s", cause);
		free(cause);
		goto out;
	}
	run->pg = pbem_game_read(run->gamefile, gtext, glen, &d);
	free(gtext);
	if (run->pg == NULL)
		goto out;
	rc = answer(run, t);
out:
	diags_print(&d, stderr);
	diags_free(&d);
	pbem_turn_free(t);
	if (lock >= 0)
		close(lock);
	return rc;
}

int
play_pbem(const struct pbem_args *a, const struct options *opts,
    const char *arg)
{
	struct run run;
	char *cause = NULL, *text = NULL;
	size_t len = 0;
	int rc = 1;

	memset(&run, 0, sizeof run);
	run.a = a;
	run.opts = opts;
	if (arg == NULL) {
		fprintf(stderr, "marshal: --pbem needs a scenario to start a "
		    "game, or the opponent's turn file\n");
		return 2;
	}
	if (pbem_init() != 0) {
		fprintf(stderr, "marshal: libsodium cannot be started\n");
		return 1;
	}
	if ((run.dir = play_dir(&cause)) == NULL) {
		fprintf(stderr, "marshal: %s\n", cause);
		free(cause);
		free(run.dir);
		return 1;
	}
	run.outdir = xstrdup(a->out != NULL ? a->out : run.dir);
	if (is_file(arg) && (text = slurp(arg, &len, &cause)) == NULL) {
		fprintf(stderr, "marshal: %s\n", cause);
		free(cause);
		goto out;
	}
	if (text != NULL && is_turn_file(text)) {
		if (a->side != NULL || a->have_seed) {
			/* The file says which side it is and the seed. */
			fprintf(stderr, "marshal: --side and --seed start a "
			    "game; a turn file's game is set already\n");
			rc = 2;
			goto out;
		}
		rc = with_file(&run, arg, text, len);
	} else
		rc = start(&run, arg);
out:
	free(text);
	game_free(run.g);
	ruleset_free(run.rs);
	replay_free(run.hist);
	pbem_game_free(run.pg);
	free(run.gamefile);
	free(run.outdir);
	free(run.dir);
	return rc;
}
