/*
 * main.c - marshal's entry point: parse the command name and dispatch.
 *
 *   marshal                      resume the last game, or choose a battle
 *   marshal play SCENARIO|SAVE   play a scenario or a saved game
 *   marshal check FILE...        validate data files
 *   marshal resolve SCENARIO     resolve turns headless
 *   marshal replay FILE          show a recorded battle, --verify it
 *
 * Options before the command: --restricted (a public server: see
 * cli_restricted) and --player NAME (that player's saves).
 */
#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sys/stat.h>

#include "cli/cli.h"
#include "io/session.h"
#include "util/diag.h"
#include "util/xalloc.h"

struct command {
	const char	*name;
	int		(*run)(int, char **);
	const char	*usage;
};

/* Each usage says what the command's own usage message says (the test
 * tests/doc-consistency.sh compares them, and both with the manual). */
static const struct command commands[] = {
	{ "play", cli_play, "play [--ai SIDE|both|none] [--level LEVEL] "
	    "[--seed S] [--hotseat]\n"
	    "               [--offer SIDE [--deadline MIN] | --join ID | "
	    "--watch ID]\n"
	    "               [--pbem [--side SIDE] [--out DIR] [--orders FILE]]\n"
	    "               [SCENARIO|SAVE|TURNFILE]" },
	{ "check", cli_check, "check [-v] [-r RULESET] FILE..." },
	{ "resolve", cli_resolve,
	    "resolve SCENARIO [--turns N] [--seed S] [--format text|json]\n"
	    "               [--ai SIDE|both [--level easy|normal|hard]]" },
	{ "replay", cli_replay,
	    "replay FILE [--verify] [--update] [--dump] [--log] [--text]\n"
	    "               [--side SIDE] [--save SAVE] [--view]" },
};

#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void
usage(FILE *f)
{
	size_t i;

	fprintf(f, "usage: marshal [--restricted] [--player NAME] "
	    "[--games DIR] [COMMAND [ARGS...]]\n");
	for (i = 0; i < NCOMMANDS; i++)
		fprintf(f, "       marshal %s\n", commands[i].usage);
}

const char *
cli_datadir(void)
{
	const char *d = getenv("MARSHAL_DATA");

	return d != NULL && *d != '\0' ? d : MARSHAL_DATADIR;
}

static bool restricted;
static const char *player;
static const char *games;

bool
cli_restricted(void)
{
	const char *r = getenv("MARSHAL_RESTRICTED");

	return restricted || (r != NULL && strcmp(r, "0") != 0 && *r != '\0');
}

const char *
cli_player(void)
{
	return player;
}

const char *
cli_games(void)
{
	return games;
}

char *
cli_scenario_path(const char *arg)
{
	struct stat st;
	char *p;

	if (!cli_restricted() && (strchr(arg, '/') != NULL ||
	    (stat(arg, &st) == 0 && S_ISREG(st.st_mode))))
		return xstrdup(arg);
	if (!session_name_ok(arg))
		return NULL;
	p = xasprintf("%s/scenarios/%s.yaml", cli_datadir(), arg);
	if (stat(p, &st) != 0 || !S_ISREG(st.st_mode)) {
		free(p);
		return NULL;
	}
	return p;
}

int
main(int argc, char **argv)
{
	char *shown;
	size_t i;

	/* Options that apply to every command come first. */
	while (argc >= 2) {
		if (strcmp(argv[1], "--restricted") == 0) {
			restricted = true;
			argv++, argc--;
		} else if (strcmp(argv[1], "--player") == 0 && argc >= 3) {
			player = argv[2];
			argv += 2, argc -= 2;
			if (!session_name_ok(player)) {
				shown = diag_escape(player);
				fprintf(stderr, "marshal: '%s' is not a player "
				    "name (letters, digits, '-', '_' and '.', "
				    "not first)\n", shown);
				free(shown);
				return 2;
			}
		} else if (strcmp(argv[1], "--games") == 0 && argc >= 3) {
			games = argv[2];
			argv += 2, argc -= 2;
		} else
			break;
	}
	if (cli_restricted()) {
		/*
		 * A public server: no suspending to a shell (there may be
		 * none to come back from), no core dumps on ^\.
		 */
		signal(SIGTSTP, SIG_IGN);
		signal(SIGQUIT, SIG_IGN);
	}

	if (argc >= 2 && (strcmp(argv[1], "--help") == 0 ||
	    strcmp(argv[1], "-h") == 0)) {
		usage(stdout);
		return 0;
	}
	if (argc >= 2 && strcmp(argv[1], "--version") == 0) {
		printf("%s\n", PACKAGE_STRING);
		return 0;
	}
	if (argc < 2) {
		/* No command: the list of battles, the default behind it. */
		char *play[] = { argv[0], NULL };

		return cli_start(1, play);
	}
	if (cli_restricted() && strcmp(argv[1], "play") != 0) {
		/* The other commands read files the player names. */
		shown = diag_escape(argv[1]);
		fprintf(stderr, "marshal: '%s' is not available on this "
		    "server; only play is\n", shown);
		free(shown);
		return 2;
	}
	for (i = 0; i < NCOMMANDS; i++)
		if (strcmp(argv[1], commands[i].name) == 0)
			return commands[i].run(argc - 1, argv + 1);
	shown = diag_escape(argv[1]);
	fprintf(stderr, "marshal: unknown command '%s'\n", shown);
	free(shown);
	usage(stderr);
	return 2;
}
