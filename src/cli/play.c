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
 *
 * This file holds the options, the controllers and the game loop; the
 * save slot, resuming and the signals are in play-slot.c, the list of
 * battles in play-list.c (what they share: play-priv.h).
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/play-priv.h"
#include "ai/ai.h"
#include "core/game.h"
#include "core/know.h"
#include "core/tutorial.h"
#include "io/load.h"
#include "io/replay.h"
#include "io/save.h"
#include "io/session.h"
#include "core/ruleset.h"
#include "ui/options.h"
#include "ui/screen.h"
#include "ui/ui.h"
#include "util/diag.h"
#include "util/xalloc.h"

static void
usage(void)
{
	if (cli_restricted())
		fprintf(stderr, "usage: marshal play [--ai SIDE|both|none] "
		    "[--level LEVEL] [--seed S]\n"
		    "       [--offer SIDE [--deadline MIN] | --join ID | "
		    "--watch ID] [NAME]\n"
		    "  NAME: a bundled scenario, as 'default'\n");
	else
		fprintf(stderr, "usage: marshal play [--ai SIDE|both|none] "
		    "[--level LEVEL] [--seed S] [--hotseat]\n"
		    "       [--offer SIDE [--deadline MIN] | --join ID | "
		    "--watch ID]\n"
		    "       [--pbem [--side SIDE] [--out DIR] [--orders FILE]]\n"
		    "       [SCENARIO|SAVE|TURNFILE]\n");
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
	bool		 have_level;	/* --level */
	enum ai_level	 level_now;	/* the level of the battle played */
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
 * Who commands each side (enum opponent): a game resumed, with neither
 * --ai nor --hotseat, as it was saved; else the person plays the first
 * side and the second is the computer unless the scenario or the
 * options say otherwise.  Returns -1 for an --ai value naming no side.
 */
static int
commanders(const struct game *g, const struct opponents *op, bool resumed,
    enum opponent who[GAME_MAX_SIDES])
{
	bool ai[GAME_MAX_SIDES] = { false };
	int i;

	for (i = 0; i < g->nsides; i++)
		who[i] = OPPONENT_PLAYER;
	if (op->hotseat)
		return 0;
	if (op->ai == NULL && resumed && g->opt.commander[0] >= 0) {
		for (i = 0; i < g->nsides; i++)
			who[i] = (enum opponent)g->opt.commander[i];
		return 0;
	}
	if (op->ai == NULL) {
		if (g->nsides > 1)
			who[1] = g->opt.opponent;
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
			who[i] = OPPONENT_COMPUTER;
	return 0;
}

/*
 * Give each side its controller (commanders) and write down in the game,
 * for its saves, who commands each side and at what level: a game
 * resumed keeps the level it was saved with unless --level says
 * otherwise.  Returns -1 for an --ai value naming no side.
 */
static int
set_controllers(struct ui *ui, struct game *g, struct opponents *op,
    bool resumed)
{
	static struct ui_controller human = { "player", NULL, NULL, false };
	static struct ui_controller idle = { "standing orders", idle_orders,
	    NULL, false };
	static struct ui_controller computer = { "computer", ai_controller,
	    NULL, false };
	enum opponent who[GAME_MAX_SIDES];
	bool any = false;
	int i;

	if (commanders(g, op, resumed, who) != 0)
		return -1;
	op->level_now = op->level;
	if (resumed && !op->have_level && g->opt.level >= 0)
		op->level_now = (enum ai_level)g->opt.level;
	computer.arg = &op->level_now;
	for (i = 0; i < g->nsides; i++) {
		ui_set_controller(ui, i, who[i] == OPPONENT_COMPUTER ?
		    &computer : who[i] == OPPONENT_NONE ? &idle : &human);
		g->opt.commander[i] = (signed char)who[i];
		any |= who[i] == OPPONENT_COMPUTER;
	}
	g->opt.level = any ? (signed char)op->level_now : -1;
	return 0;
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
    bool first, const struct catalog *cat, char **next, int *offer,
    int *deadline)
{
	struct screen_caps caps;
	struct ruleset *rs = NULL;
	struct game *g = NULL;
	struct diags d;
	struct ui *ui;
	struct play p;
	struct listing list;
	char *path, *dir = NULL, *name, *cause = NULL, *resumed;
	const char *savefile = NULL;
	bool quit, fresh = false, untouched;
	int rc = 0, how, chosen;

	memset(&p, 0, sizeof p);
	*next = NULL;
	*offer = -1;
	*deadline = 0;
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
		g->on_undo = record_undo;
		g->on_undo_arg = p.rec;
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
	if (set_controllers(ui, g, op, !fresh) != 0) {
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
	/* The list, games with other players on this server first, kept up
	 * to date as they are offered and played. */
	listing_open(&list, ui, cat, &p);
	ui->replay_offer = p.rec != NULL;
	/* A save holds no log: the last turn's, rebuilt, before the
	 * computer gives its first orders. */
	if (!fresh)
		ui_resumed(ui, record_last_turn(&p, g));
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
	if (how == SCREEN_QUIT && chosen >= 0) {
		*next = xstrdup(list.v[chosen].name);
		*offer = ui_offered(ui, deadline);
	}
	listing_close(&list);
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
	struct opponents op = { NULL, false, AI_NORMAL, false, AI_NORMAL,
	    false, 0 };
	static const struct option longopts[] = {
		{ "offer", required_argument, NULL, 'O' },
		{ "deadline", required_argument, NULL, 'D' },
		{ "join", required_argument, NULL, 'J' },
		{ "watch", required_argument, NULL, 'W' },
		{ "ai", required_argument, NULL, 'a' },
		{ "level", required_argument, NULL, 'l' },
		{ "hotseat", no_argument, NULL, 'H' },
		{ "seed", required_argument, NULL, 's' },
		{ "pbem", no_argument, NULL, 'P' },
		{ "side", required_argument, NULL, 'S' },
		{ "out", required_argument, NULL, 'o' },
		{ "orders", required_argument, NULL, 'R' },
		{ NULL, 0, NULL, 0 }
	};
	struct pbem_args pa = { NULL, NULL, NULL, false, 0 };
	struct catalog cat;
	struct options opts;
	char *next = NULL, *prev = NULL;
	const char *arg, *join = NULL;
	bool level = false, watch = false, pbem = false;
	int rc, i, how, offer = -1, deadline = 0;
	char *end;
	long v;

	optind = 1;
	match_games_opt = cli_games();
	while ((i = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (i) {
		case 'O':
			if (strcmp(optarg, "1") != 0 &&
			    strcmp(optarg, "2") != 0) {
				fprintf(stderr, "marshal: --offer takes the "
				    "side you keep: 1 or 2\n");
				return 2;
			}
			offer = optarg[0] - '1';
			break;
		case 'D':
			v = strtol(optarg, &end, 10);
			if (*optarg < '0' || *optarg > '9' || *end != '\0' ||
			    v < 1 || v > 7 * 24 * 60) {
				next = diag_escape(optarg);
				fprintf(stderr, "marshal: --deadline wants the "
				    "minutes a side has for a turn's orders, "
				    "1 to %d, not '%s'\n", 7 * 24 * 60, next);
				free(next);
				return 2;
			}
			deadline = (int)v;
			break;
		case 'J':
		case 'W':
			join = optarg;
			watch = i == 'W';
			break;
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
			op.have_level = level = true;
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
		case 'P':
			pbem = true;
			break;
		case 'S':
			pa.side = optarg;
			break;
		case 'o':
			pa.out = optarg;
			break;
		case 'R':
			pa.orders = optarg;
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
	if (cli_restricted() && (pbem || pa.side != NULL || pa.out != NULL ||
	    pa.orders != NULL)) {
		/* Play by email reads and writes files a player names. */
		fprintf(stderr, "marshal: play by email (--pbem) is not "
		    "available on this server\n");
		return 2;
	}
	if (!pbem && (pa.side != NULL || pa.out != NULL ||
	    pa.orders != NULL)) {
		fprintf(stderr, "marshal: --side, --out and --orders go with "
		    "--pbem\n");
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
	if (pbem) {
		if (offer >= 0 || join != NULL || deadline > 0) {
			fprintf(stderr, "marshal: --pbem is a game by email, "
			    "not one on this server (--offer, --join, "
			    "--watch)\n");
			rc = 2;
			goto done;
		}
		pa.have_seed = op.have_seed;
		pa.seed = op.seed;
		rc = play_pbem(&pa, &opts, arg);
		goto done;
	}
	if (deadline > 0 && offer < 0) {
		fprintf(stderr, "marshal: --deadline goes with --offer\n");
		rc = 2;
		goto done;
	}
	if (offer >= 0 || join != NULL) {
		/* A game with another player on this server. */
		if (join != NULL && (offer >= 0 || arg != NULL)) {
			fprintf(stderr, "marshal: --%s takes no scenario or "
			    "--offer: the game names its own\n", watch ?
			    "watch" : "join");
			rc = 2;
			goto done;
		}
		if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
			fprintf(stderr, "marshal: play needs a terminal\n");
			rc = 2;
			goto done;
		}
		signals_catch();
		next = join != NULL ? xasprintf("@%s/%s", watch ? "watch" :
		    "join", join) : xstrdup(arg != NULL ? arg : "default");
		rc = match_run(next, offer, deadline, op.have_seed ? &op.seed :
		    NULL, &opts);
		free(next);
		goto done;
	}
	for (;;) {
		rc = play_one(&op, &opts, arg, first, &cat, &next, &how,
		    &deadline);
		free(prev);
		prev = next;
		if (next == NULL || rc != 0 || play_signal != 0)
			break;
		if (next[0] == '@' || how >= 0) {
			/* A game with another player, from the list; then
			 * the list again. */
			rc = match_run(next, how, deadline, NULL, &opts);
			if (rc != 0 || play_signal != 0)
				break;
			arg = NULL;
			first = true;
			continue;
		}
		/* The player chose another battle from the list. */
		arg = next;
		first = false;
	}
done:
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
