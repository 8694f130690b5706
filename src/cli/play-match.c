/*
 * play-match.c - games with other players on the same server: offering a
 * battle, joining one, playing one's side of it, and watching.
 *
 * The games live in a shared directory (io/match.h, match_root): every
 * marshal of the server reaches it, and nothing else is shared - each
 * player's marshal replays the recording for itself, sends its own
 * side's orders as a file, and is woken (inotify, through the
 * interface's wake descriptor) when the other side's orders arrive or
 * the turn has been played.  Whoever finds both sides' orders in plays
 * the turn (match_settle, under the game's lock), so it is played once
 * whichever marshal gets there first, and again by the next if the first
 * was killed.  An idle game waits in poll(): no work until a key or a
 * file changes.
 *
 * Orders given here and not yet sent are kept as a draft when the player
 * leaves (or hangs up), and given again on return.  Orders sent cannot
 * be taken back: the other marshal may be playing the turn with them
 * already.
 *
 * A watcher sees the recording (the turns played) in the replay viewer,
 * stepping back and forth as in `marshal replay`, moved to each new turn
 * as it is played when it stands at the end, and may follow a player's
 * cursor and selection (f).  A player of the game who watches it sees
 * only their own side; anyone else sees both.
 */
#include "config.h"

#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/play-priv.h"
#include "core/know.h"
#include "io/match.h"
#include "io/replay.h"
#include "ui/screen.h"
#include "ui/ui.h"
#include "util/xalloc.h"

/* The games directory from --games, set by play.c. */
const char *match_games_opt;

/* A shared game being played here. */
struct mplay {
	struct match	 m;
	char		*path;		/* the bundled scenario */
	struct game	*g;		/* owned: as the recording has it, with
					   this side's orders of this turn */
	struct ruleset	*rs;		/* owned: g's */
	struct replay	*mine;		/* owned: this side's orders this turn */
	struct ui	*ui;
	struct ui_remote remote;
	char		 other[80];	/* the other side's controller name */
};

/*
 * The name this player goes by: --player, else the account's.  On a
 * public server every player shares the account, so there it must be
 * --player (from the server's set-up) or nobody could be told apart:
 * NULL, and games with others are not offered.
 */
const char *
match_player(void)
{
	static char name[SESSION_NAME_MAX + 1];
	const struct passwd *pw;
	char *s;

	if (cli_player() != NULL)
		return cli_player();
	if (cli_restricted())
		return NULL;
	if (name[0] == '\0') {
		pw = getpwuid(getuid());
		s = session_name(pw != NULL ? pw->pw_name : "player");
		snprintf(name, sizeof name, "%s", s);
		free(s);
	}
	return name;
}

/* The bundled scenario of a shared game, or NULL. */
static char *
bundled(const char *name)
{
	char *path = xasprintf("%s/scenarios/%s.yaml", cli_datadir(), name);
	struct stat st;

	if (!session_name_ok(name) || stat(path, &st) != 0 ||
	    !S_ISREG(st.st_mode)) {
		free(path);
		return NULL;
	}
	return path;
}

/*
 * Open game id to play side (-1: to watch) and find its bundled
 * scenario: the scenario's path (allocated), or NULL with the reason
 * said and nothing left open.
 */
static char *
enter(struct match *m, const char *root, const char *id, int side)
{
	char *cause = NULL, *path;

	if (match_open(m, root, id, side, &cause) != 0) {
		fprintf(stderr, "marshal: %s\n", cause);
		free(cause);
		return NULL;
	}
	if ((path = bundled(m->info.scenario)) == NULL) {
		fprintf(stderr, "marshal: the game %s is of '%s', which is not "
		    "a bundled scenario here\n", id, m->info.scenario);
		match_close(m);
	}
	return path;
}

/* The ears on the game: this side's orders, and those taken back. */
static void
mine_order(void *arg, const struct game *g, const struct order *o)
{
	replay_add(arg, g, o);
}

static void
mine_undo(void *arg, const struct game *g, int unit)
{
	replay_drop(arg, g->turn, g->units[unit].id);
}

/* A fresh list of this side's orders for the turn g stands at. */
static void
mine_reset(struct mplay *mp)
{
	replay_free(mp->mine);
	mp->mine = replay_record(mp->g, mp->path);
	mp->g->on_order = mine_order;
	mp->g->on_order_arg = mp->mine;
	mp->g->on_undo = mine_undo;
	mp->g->on_undo_arg = mp->mine;
}

/* What the other player is doing, for the status line. */
static void
peer_say(struct mplay *mp)
{
	const struct match_info *in = &mp->m.info;
	int o = 1 - mp->m.side;
	char left[48] = "";
	long mins;

	if (in->due > 0 && !in->over) {
		mins = (long)(in->due - time(NULL) + 59) / 60;
		snprintf(left, sizeof left, " (%ld min left)", mins > 0 ?
		    mins : 0);
	}
	if (in->player[o][0] == '\0')
		snprintf(mp->ui->peer, sizeof mp->ui->peer, "waiting for "
		    "another player to join");
	else if (in->sent[o])
		snprintf(mp->ui->peer, sizeof mp->ui->peer, "%s's orders are "
		    "in", in->player[o]);
	else
		snprintf(mp->ui->peer, sizeof mp->ui->peer, "%s is giving "
		    "orders%s", in->player[o], left);
	snprintf(mp->other, sizeof mp->other, "%s", in->player[o][0] != '\0' ?
	    in->player[o] : "nobody yet");
	mp->ui->ctl[o].name = mp->other;
}

/* The first event of turn in g's log. */
static int
turn_mark(const struct game *g, int turn)
{
	int i;

	for (i = 0; i < g->log.n; i++)
		if (g->log.v[i].turn >= turn && g->log.v[i].kind != EV_ORDER)
			break;
	/* The turn's orders are part of it too. */
	while (i > 0 && g->log.v[i - 1].turn == turn)
		i--;
	return i;
}

/* Something in the game's directory changed, or it is time. */
static void
mp_wake(struct ui *ui, void *arg)
{
	struct mplay *mp = arg;
	struct ruleset *rs = NULL;
	struct game *g;
	struct diags d;
	char *cause = NULL;
	int turn = mp->g->turn, s;

	if ((match_watch_drain(&mp->m) & (MATCH_SEEN_GAME | MATCH_SEEN_TIME))
	    == 0)
		return;		/* a cursor, its own or the other's */
	if (match_settle(&mp->m, mp->path, cli_datadir(), time(NULL),
	    &cause) < 0) {
		ui_msg(ui, true, "The shared game cannot go on: %s", cause);
		free(cause);
		return;
	}
	if (match_refresh(&mp->m) != 0)
		return;
	match_watch_due(&mp->m);
	if (mp->m.info.resigned >= 0 && ui->mode != MODE_OVER) {
		s = mp->m.info.resigned;
		if (s != mp->m.side)
			snprintf(ui->ended, sizeof ui->ended, "%s resigned on "
			    "turn %d: the %s win.", mp->m.info.player[s],
			    mp->g->turn, mp->g->sides[1 - s].name);
		ui->mode = MODE_OVER;
		return;
	}
	if (mp->m.info.played >= turn) {
		diags_init(&d);
		g = match_game(&mp->m, mp->path, cli_datadir(), &rs, NULL, &d);
		if (g == NULL) {
			cause = diags_lines(&d, 1);
			ui_msg(ui, true, "The turn played cannot be read: %s",
			    cause);
			free(cause);
			diags_free(&d);
			return;
		}
		diags_free(&d);
		s = ui->waiting;
		ui_turn_played(ui, g, turn_mark(g, turn), turn);
		game_free(mp->g);
		ruleset_free(mp->rs);
		mp->g = g;
		mp->rs = rs;
		mine_reset(mp);
		if (!s)
			ui_msg(ui, true, "The deadline passed before your orders "
			    "for turn %d were sent: your units kept their "
			    "standing orders.", turn);
	}
	peer_say(mp);
	ui->waiting = mp->m.info.sent[mp->m.side];
}

/* The interface ended this side's turn: send its orders. */
static int
mp_send(struct ui *ui, void *arg, char **cause)
{
	struct mplay *mp = arg;

	(void)ui;
	if (match_send(&mp->m, mp->g, mp->m.side, mp->mine, false, cause) != 0)
		return -1;
	/* Both in: the turn is played now, here (the wake that follows
	 * shows it). */
	if (match_settle(&mp->m, mp->path, cli_datadir(), time(NULL),
	    cause) < 0)
		return -1;
	return 0;
}

static int
mp_resign(struct ui *ui, void *arg, char **cause)
{
	struct mplay *mp = arg;

	(void)ui;
	return match_resign(&mp->m, mp->m.side, cause);
}

static void
mp_moved(struct ui *ui, void *arg)
{
	struct mplay *mp = arg;

	match_view_put(&mp->m, mp->m.side, ui->cursor.x, ui->cursor.y,
	    ui->sel);
}

/*
 * Play side of game id (the player's own, checked by the caller).
 * Returns 0, or 1 with the reason printed; SCREEN_HANGUP leaves the
 * draft kept as on quitting.
 */
static int
mp_play(const char *root, const char *id, int side,
    const struct options *opts)
{
	struct screen_caps caps;
	struct mplay mp;
	struct replay *draft;
	struct diags d;
	char *cause = NULL;
	int how, rc = 0;

	memset(&mp, 0, sizeof mp);
	if ((mp.path = enter(&mp.m, root, id, side)) == NULL)
		return 1;
	/* A turn whose orders were in when its player left is played. */
	if (match_settle(&mp.m, mp.path, cli_datadir(), time(NULL),
	    &cause) < 0) {
		fprintf(stderr, "marshal: %s\n", cause);
		free(cause);
		cause = NULL;
	}
	diags_init(&d);
	mp.g = match_game(&mp.m, mp.path, cli_datadir(), &mp.rs, NULL, &d);
	if (mp.g == NULL) {
		diags_print(&d, stderr);
		diags_free(&d);
		free(mp.path);
		match_close(&mp.m);
		return 1;
	}
	mine_reset(&mp);
	/* The orders given before leaving, given again. */
	if (!mp.m.info.sent[side] &&
	    (draft = match_draft(&mp.m, mp.g, side)) != NULL) {
		if (replay_give(draft, mp.g, &d) != 0)
			diags_print(&d, stderr);
		replay_free(draft);
	}
	diags_free(&d);

	screen_caps(&caps);
	if (opts->symbols == OPT_SYMBOLS_ASCII)
		caps.utf8 = false;
	if (opts->colour >= 0)
		caps.colour = opts->colour != 0;
	mp.ui = ui_create(mp.g, caps.utf8, caps.colour);
	mp.ui->keymap = opts->keys;
	mp.remote.send = mp_send;
	mp.remote.resign = mp_resign;
	mp.remote.moved = mp_moved;
	mp.remote.arg = &mp;
	ui_set_remote(mp.ui, &mp.remote, side);
	mp.ui->ctl[side].name = match_player();
	peer_say(&mp);
	mp.ui->waiting = mp.m.info.sent[side];
	mp.ui->wake_fd = match_watch(&mp.m);
	mp.ui->wake = mp_wake;
	mp.ui->wake_arg = &mp;
	match_watch_due(&mp.m);
	ui_start(mp.ui);
	if (mp.m.info.over && mp.m.info.resigned >= 0) {
		int s = mp.m.info.resigned;

		snprintf(mp.ui->ended, sizeof mp.ui->ended, "%s resigned on "
		    "turn %d: the %s win.", mp.m.info.player[s], mp.g->turn,
		    mp.g->sides[1 - s].name);
		mp.ui->mode = MODE_OVER;
	}
	if (mp.ui->waiting)
		ui_msg(mp.ui, false, "Your orders for turn %d are sent; the "
		    "turn is played when the other side's are in.",
		    mp.g->turn);
	/* p on the last screen: the recording, then that screen again. */
	mp.ui->replay_offer = true;
	while ((how = screen_run(mp.ui, &cause)) == SCREEN_QUIT &&
	    mp.ui->replay_wanted && play_signal == 0) {
		struct ruleset *rrs = NULL;
		struct replay *rec = NULL;
		struct game *rg;

		mp.ui->replay_wanted = false;
		mp.ui->quit = false;
		diags_init(&d);
		rg = match_game(&mp.m, mp.path, cli_datadir(), &rrs, &rec, &d);
		diags_free(&d);
		game_free(rg);
		ruleset_free(rrs);
		if (rec == NULL) {
			ui_msg(mp.ui, true, "The recording cannot be read.");
			continue;
		}
		how = cli_replay_view(rec, KNOW_ALL, opts->keys, &cause);
		replay_free(rec);
		if (how == SCREEN_HANGUP)
			break;
		if (how < 0) {
			ui_msg(mp.ui, true, "The recording cannot be shown: %s",
			    cause);
			free(cause);
			cause = NULL;
		}
	}
	if (how < 0) {
		fprintf(stderr, "marshal: %s\n", cause);
		free(cause);
		cause = NULL;
		rc = 1;
	}
	/* Leaving: orders given and not sent wait for the player's return. */
	if (!mp.ui->waiting && !mp.m.info.over && mp.mine->n > 0 &&
	    match_send(&mp.m, mp.g, side, mp.mine, true, &cause) != 0) {
		fprintf(stderr, "marshal: your orders could not be kept: %s\n",
		    cause);
		free(cause);
		rc = 1;
	} else if (!mp.m.info.over)
		fprintf(stderr, "marshal: the game %s waits for you among the "
		    "shared games\n", id);
	ui_free(mp.ui);
	replay_free(mp.mine);
	game_free(mp.g);
	ruleset_free(mp.rs);
	free(mp.path);
	match_close(&mp.m);
	return rc;
}

/* A watcher's wake: the recording may have grown, a player moved. */
struct mwatch {
	struct match	 m;
	char		*path;
	struct cli_live	*live;
	int		 viewer;	/* a side if a player of the game
					   watches it, else KNOW_ALL */
};

static void
mw_wake(struct ui *ui, void *arg)
{
	struct mwatch *mw = arg;
	struct ruleset *rs = NULL;
	struct replay *r = NULL;
	struct game *g;
	struct diags d;
	int seen = match_watch_drain(&mw->m);

	if (seen & MATCH_SEEN_VIEW)
		ui_follow(ui);
	if ((seen & MATCH_SEEN_GAME) == 0 || match_refresh(&mw->m) != 0)
		return;
	if (mw->m.info.played > ui->replay_turns) {
		diags_init(&d);
		g = match_game(&mw->m, mw->path, cli_datadir(), &rs, &r, &d);
		diags_free(&d);
		if (g != NULL) {
			game_free(g);
			ruleset_free(rs);
			cli_live_update(mw->live, ui, r);
		}
	}
	if (mw->m.info.resigned >= 0)
		ui_msg(ui, true, "%s resigned: the battle is over.",
		    mw->m.info.player[mw->m.info.resigned]);
}

static bool
mw_follow(struct ui *ui, void *arg, int side, int *x, int *y, int *unit)
{
	struct mwatch *mw = arg;

	(void)ui;
	/* Never the other side's player to one who plays the game. */
	if (mw->viewer != KNOW_ALL && side != mw->viewer)
		return false;
	return match_view_get(&mw->m, side, x, y, unit) == 0;
}

/* Watch game id. */
static int
mw_watch(const char *root, const char *id, const struct options *opts)
{
	struct mwatch mw;
	struct replay *r = NULL;
	struct ruleset *rs = NULL;
	struct game *g;
	struct diags d;
	char *cause = NULL;
	int viewer = KNOW_ALL, s, how, rc = 0, fd;

	memset(&mw, 0, sizeof mw);
	if ((mw.path = enter(&mw.m, root, id, -1)) == NULL)
		return 1;
	/* A player watching their own game sees what their side sees. */
	for (s = 0; s < mw.m.info.nsides; s++)
		if (match_player() != NULL &&
		    strcmp(mw.m.info.player[s], match_player()) == 0)
			viewer = s;
	mw.viewer = viewer;
	diags_init(&d);
	g = match_game(&mw.m, mw.path, cli_datadir(), &rs, &r, &d);
	if (g == NULL) {
		diags_print(&d, stderr);
		diags_free(&d);
		free(mw.path);
		match_close(&mw.m);
		return 1;
	}
	diags_free(&d);
	game_free(g);
	ruleset_free(rs);
	fd = match_watch(&mw.m);
	how = cli_replay_live(r, viewer, opts->keys, fd, mw_wake, &mw,
	    mw_follow, &mw.live, &cause);
	if (how < 0) {
		fprintf(stderr, "marshal: %s\n", cause);
		free(cause);
		rc = 1;
	}
	free(mw.path);
	match_close(&mw.m);
	return rc;
}

/*
 * The games under the shared directory as entries of the list of battles:
 * the player's own first (play on), then open offers of others (join),
 * then the rest (watch).  Names are "@play/ID", "@join/ID", "@watch/ID";
 * the strings go into own (freed by the caller, up to max).  Returns how
 * many entries were added to v (at most room).
 */
/* The title of the bundled battle name, or the name. */
static const char *
title_of(const struct catalog *cat, const char *name)
{
	int i;

	for (i = 0; cat != NULL && i < cat->n; i++)
		if (strcmp(cat->v[i].name, name) == 0 &&
		    cat->v[i].title != NULL)
			return cat->v[i].title;
	return name;
}

int
match_choices(const struct catalog *cat, struct ui_choice *v, int room,
    char **own, int *nown, int maxown)
{
	struct match_info *in;
	const char *me = match_player(), *kind;
	char *root, *cause = NULL;
	int n, i, k = 0, s, mine, pass;

	if (me == NULL)
		return 0;
	if ((root = match_root(match_games_opt, &cause)) == NULL) {
		free(cause);
		return 0;
	}
	n = match_list(root, &in);
	free(root);
	for (pass = 0; pass < 3; pass++)
		for (i = 0; i < n && k < room && *nown + 3 <= maxown; i++) {
			int open = -1;

			mine = -1;
			for (s = 0; s < in[i].nsides; s++) {
				if (strcmp(in[i].player[s], me) == 0)
					mine = s;
				if (in[i].player[s][0] == '\0')
					open = s;
			}
			if (pass == 0 && (mine < 0 || in[i].over))
				continue;
			if (pass == 1 && (mine >= 0 || open < 0 ||
			    in[i].over))
				continue;
			if (pass == 2 && (open >= 0 || (mine >= 0 &&
			    !in[i].over)))
				continue;
			kind = pass == 0 ? "play" : pass == 1 ? "join" :
			    "watch";
			own[(*nown)++] = xasprintf("@%s/%s", kind, in[i].id);
			v[k].name = own[*nown - 1];
			if (pass == 0)
				own[(*nown)++] = xasprintf("Play on: %s against "
				    "%s, after %d turn%s%s", title_of(cat,
				    in[i].scenario),
				    in[i].player[1 - mine][0] != '\0' ?
				    in[i].player[1 - mine] : "(nobody yet)",
				    in[i].played, in[i].played == 1 ? "" : "s",
				    in[i].sent[mine] ? "" :
				    " - your orders wanted");
			else if (pass == 1)
				own[(*nown)++] = xasprintf("Join %s's offer: "
				    "%s, taking the %s side%s", in[i].player[1 -
				    open], title_of(cat, in[i].scenario),
				    open == 0 ? "first" :
				    "second", in[i].deadline > 0 ? ", a deadline "
				    "each turn" : "");
			else
				own[(*nown)++] = xasprintf("Watch %s against "
				    "%s: %s, after %d turn%s%s",
				    in[i].player[0], in[i].player[1],
				    title_of(cat, in[i].scenario), in[i].played,
				    in[i].played == 1 ? "" : "s",
				    in[i].over ? " (over)" : "");
			v[k].title = own[*nown - 1];
			if (in[i].deadline > 0)
				own[(*nown)++] = xasprintf("Each side has %d "
				    "minutes for its orders each turn; a side "
				    "late keeps its standing orders.",
				    in[i].deadline);
			else
				own[(*nown)++] = xstrdup("No deadline: a turn "
				    "is played when both sides' orders are "
				    "in.");
			v[k].blurb = own[*nown - 1];
			v[k].tutorial = false;
			v[k].shared = true;
			v[k].refused = NULL;
			k++;
		}
	match_list_free(in);
	return k;
}

/* Build the list again (l->v), the shared games first. */
static void
listing_build(struct listing *l)
{
	struct ui_choice shared[UI_PICK_MAX];
	int i, k;

	for (i = 0; i < l->nown; i++)
		free(l->own[i]);
	l->nown = 0;
	k = match_choices(l->cat, shared, UI_PICK_MAX - l->cat->n, l->own,
	    &l->nown, 3 * UI_PICK_MAX);
	memcpy(l->v, shared, (size_t)k * sizeof *shared);
	choices_mark(l->v + k, l->cat, l->p);
	l->n = k + l->cat->n;
}

/* A shared game changed: the list again, the highlight kept on the
 * entry it was on. */
static void
listing_wake(struct ui *ui, void *arg)
{
	struct listing *l = arg;
	char *was = NULL;
	int i, pos = ui->pick_pos, side = ui->offer_side;
	int deadline = ui->offer_deadline;

	if (!match_list_changed(l->fd, l->root))
		return;
	if (pos >= 0 && pos < l->n)
		was = xstrdup(l->v[pos].name);
	listing_build(l);
	ui_set_choices(ui, l->v, l->n);
	for (i = 0; was != NULL && i < l->n; i++)
		if (strcmp(l->v[i].name, was) == 0) {
			ui->pick_pos = i;
			ui->offer_side = side;
			ui->offer_deadline = deadline;
			break;
		}
	if (was != NULL && i == l->n && ui->pick_pos >= l->n)
		ui->pick_pos = l->n > 0 ? l->n - 1 : 0;
	free(was);
}

void
listing_open(struct listing *l, struct ui *ui, const struct catalog *cat,
    const struct play *p)
{
	char *cause = NULL;

	memset(l, 0, sizeof *l);
	l->cat = cat;
	l->p = p;
	l->fd = -1;
	if (match_player() != NULL &&
	    (l->root = match_root(match_games_opt, &cause)) != NULL)
		l->fd = match_list_watch(l->root);
	free(cause);
	listing_build(l);
	ui_set_choices(ui, l->v, l->n);
	if (l->fd >= 0) {
		ui->wake_fd = l->fd;
		ui->wake = listing_wake;
		ui->wake_arg = l;
	}
}

void
listing_close(struct listing *l)
{
	int i;

	for (i = 0; i < l->nown; i++)
		free(l->own[i]);
	if (l->fd >= 0)
		close(l->fd);
	free(l->root);
	memset(l, 0, sizeof *l);
	l->fd = -1;
}

/*
 * Act on a list entry of match_choices or an offer: "@play/ID",
 * "@join/ID", "@watch/ID", or with offer_side >= 0 the bundled battle
 * name offered.  Returns the exit status.
 */
int
match_run(const char *what, int offer_side, int deadline,
    const uint64_t *seed, const struct options *opts)
{
	char *root, *cause = NULL, *path;
	char id[MATCH_ID_MAX];
	const char *slash;
	int side, rc;

	if (match_player() == NULL) {
		fprintf(stderr, "marshal: games with other players need each "
		    "player's name on this server (--player NAME in its "
		    "set-up)\n");
		return 1;
	}
	if ((root = match_root(match_games_opt, &cause)) == NULL) {
		fprintf(stderr, "marshal: %s\n", cause);
		free(cause);
		return 1;
	}
	if (offer_side >= 0) {
		if ((path = bundled(what)) == NULL) {
			fprintf(stderr, "marshal: no bundled scenario '%s' to "
			    "offer\n", what);
			free(root);
			return 2;
		}
		rc = match_offer(root, what, path, cli_datadir(), offer_side,
		    match_player(), deadline, seed, id, &cause);
		free(path);
		if (rc != 0) {
			fprintf(stderr, "marshal: %s\n", cause);
			free(cause);
			free(root);
			return 1;
		}
		rc = mp_play(root, id, offer_side, opts);
		free(root);
		return rc;
	}
	slash = strchr(what, '/');
	if (what[0] != '@' || slash == NULL) {
		free(root);
		return 2;
	}
	if (strncmp(what, "@watch/", 7) == 0)
		rc = mw_watch(root, slash + 1, opts);
	else if (match_join(root, slash + 1, match_player(), &side,
	    &cause) != 0) {
		fprintf(stderr, "marshal: %s\n", cause);
		free(cause);
		rc = 1;
	} else
		rc = mp_play(root, slash + 1, side, opts);
	free(root);
	return rc;
}
