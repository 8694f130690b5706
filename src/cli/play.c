/*
 * play.c - marshal play [SCENARIO]: the game in the terminal.
 *
 * Loads the scenario (the bundled default when none is named), gives each
 * side a controller - for now a person at the keyboard for both, hot-seat -
 * and runs the curses interface until the player quits.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/game.h"
#include "io/load.h"
#include "rules/ruleset.h"
#include "ui/screen.h"
#include "ui/ui.h"
#include "util/diag.h"
#include "util/xalloc.h"

static void
usage(void)
{
	fprintf(stderr, "usage: marshal play [SCENARIO]\n");
}

int
cli_play(int argc, char **argv)
{
	struct screen_caps caps;
	struct ruleset *rs = NULL;
	struct game *g;
	struct diags d;
	struct ui *ui;
	struct ui_controller human = { "player", NULL, NULL };
	char *path, *cause = NULL;
	int rc = 0, i;

	if (argc > 2 || (argc == 2 && argv[1][0] == '-')) {
		usage();
		return 2;
	}
	if (argc == 2)
		path = xstrdup(argv[1]);
	else
		path = xasprintf("%s/scenarios/default.yaml", cli_datadir());
	diags_init(&d);
	g = load_scenario(path, cli_datadir(), &rs, &d);
	if (g == NULL) {
		diags_print(&d, stderr);
		diags_free(&d);
		free(path);
		return 2;
	}
	diags_free(&d);
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "marshal: play needs a terminal; "
		    "use 'marshal resolve' for batch play\n");
		rc = 2;
		goto out;
	}

	screen_caps(&caps);
	ui = ui_create(g, caps.utf8, caps.colour);
	for (i = 0; i < g->nsides; i++)
		ui_set_controller(ui, i, &human);
	ui_start(ui);
	if (screen_run(ui, &cause) != 0) {
		fprintf(stderr, "marshal: %s\n", cause);
		free(cause);
		rc = 1;
	}
	ui_free(ui);
out:
	game_free(g);
	ruleset_free(rs);
	free(path);
	return rc;
}
