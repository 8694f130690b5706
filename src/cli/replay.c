/*
 * replay.c - marshal replay: play a recorded battle headless, and check
 * that it ends in the state it recorded.
 *
 *   marshal replay FILE [--verify] [--update] [--dump] [--log] [--side SIDE]
 *       [--save SAVE]
 *
 * --verify compares the final state's digest with the file's (exit 1 on a
 * difference); --update writes the new digest into the file (after a rule
 * change that is meant to change results); --dump prints the canonical
 * final state, --log the events, for a person comparing two runs (with
 * --side, only what that side may read: core/know.h); --save
 * writes the final state as a saved game (for `marshal play SAVE`).
 */
#include "config.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/know.h"
#include "io/replay.h"
#include "io/save.h"
#include "util/xalloc.h"

static int
usage(void)
{
	fprintf(stderr, "usage: marshal replay FILE [--verify] [--update] "
	    "[--dump] [--log] [--side SIDE] [--save SAVE]\n");
	return 2;
}

/* The events viewer may read (KNOW_ALL: every one). */
static void
print_log(const struct game *g, int viewer)
{
	char buf[1024];
	int i;

	for (i = 0; i < g->log.n; i++) {
		if (!know_event(g, &g->log.v[i], viewer))
			continue;
		ruleset_event_format(g->rs, &g->log.v[i], buf, sizeof buf);
		printf("turn %d: %s%s%s\n", g->log.v[i].turn,
		    g->log.v[i].unit >= 0 ? g->units[g->log.v[i].unit].id : "",
		    g->log.v[i].unit >= 0 ? ": " : "", buf);
	}
}

int
cli_replay(int argc, char **argv)
{
	const char *file = NULL, *save = NULL, *side = NULL;
	bool verify = false, update = false, dump = false, log = false;
	struct replay *r;
	struct ruleset *rs = NULL;
	struct game *g = NULL;
	struct diags d;
	uint64_t digest;
	char *cause, *spath;
	int i, rc = 2, viewer = KNOW_ALL;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--verify") == 0)
			verify = true;
		else if (strcmp(argv[i], "--update") == 0)
			update = true;
		else if (strcmp(argv[i], "--dump") == 0)
			dump = true;
		else if (strcmp(argv[i], "--log") == 0)
			log = true;
		else if (strcmp(argv[i], "--side") == 0 && i + 1 < argc)
			side = argv[++i];
		else if (strcmp(argv[i], "--save") == 0 && i + 1 < argc)
			save = argv[++i];
		else if (argv[i][0] == '-' || file != NULL)
			return usage();
		else
			file = argv[i];
	}
	if (side != NULL)
		log = true;	/* --side: the log as that side reads it */
	if (file == NULL)
		return usage();

	diags_init(&d);
	if ((r = replay_read(file, &d)) == NULL ||
	    (g = replay_start(r, cli_datadir(), &rs, &d)) == NULL ||
	    replay_play(r, g, &d) != 0) {
		diags_print(&d, stderr);
		goto out;
	}
	if (side != NULL && (viewer = know_parse(g, side)) == -3) {
		fprintf(stderr, "marshal: --side %s names no side of this "
		    "battle (a side's name or number, or all)\n", side);
		goto out;
	}
	digest = save_digest(g);
	if (log)
		print_log(g, viewer);
	if (dump)
		save_dump(g, stdout);
	if (save != NULL) {
		if (r->scenario == NULL) {
			fprintf(stderr, "marshal: %s: a save needs the scenario "
			    "as a file, not inline\n", file);
			goto out;
		}
		spath = r->scenario[0] == '/' || strrchr(file, '/') == NULL ?
		    xstrdup(r->scenario) : xasprintf("%.*s/%s",
		    (int)(strrchr(file, '/') - file), file, r->scenario);
		if (save_file(g, spath, save, &cause) != 0) {
			fprintf(stderr, "marshal: %s\n", cause);
			free(cause);
			free(spath);
			goto out;
		}
		free(spath);
	}
	if (update) {
		if (replay_set_digest(file, digest, &cause) != 0) {
			fprintf(stderr, "marshal: %s\n", cause);
			free(cause);
			goto out;
		}
		printf("%s: %d turns, %d orders: digest 0x%016llx written\n",
		    file, r->turns, r->n, (unsigned long long)digest);
		rc = 0;
	} else if (verify) {
		if (!r->has_digest) {
			fprintf(stderr, "%s: no digest recorded (use "
			    "--update)\n", file);
			goto out;
		}
		if (digest != r->digest) {
			printf("%s: FAILED: final state 0x%016llx, recorded "
			    "0x%016llx\n", file, (unsigned long long)digest,
			    (unsigned long long)r->digest);
			rc = 1;
			goto out;
		}
		printf("%s: verified (%d turns, %d orders, digest "
		    "0x%016llx)\n", file, r->turns, r->n,
		    (unsigned long long)digest);
		rc = 0;
	} else {
		if (!dump && !log)
			printf("%s: %d turns, %d orders: digest 0x%016llx\n",
			    file, r->turns, r->n, (unsigned long long)digest);
		rc = 0;
	}
out:
	game_free(g);
	ruleset_free(rs);
	replay_free(r);
	diags_free(&d);
	return rc;
}
