/*
 * replay.c - marshal replay: play a recorded battle headless, and check
 * that it ends in the state it recorded.
 *
 *   marshal replay FILE [--verify] [--update] [--dump] [--log] [--text]
 *       [--side SIDE] [--save SAVE] [--view]
 *
 * With none of the options that print or write (or with --view), on a
 * terminal, the recording opens in the interface, read-only: its turns
 * stepped forward and back, as the umpire sees them or, with --side, as
 * one side does.
 *
 * --verify compares the final state's digest with the file's (exit 1 on a
 * difference); --update writes the new digest into the file (after a rule
 * change that is meant to change results); --dump prints the canonical
 * final state, --log the events, for a person comparing two runs (with
 * --side, only what that side may read: core/know.h); --text the
 * explained log as plain text for teaching notes; --save
 * writes the final state as a saved game (for `marshal play SAVE`).
 */
#include "config.h"

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/know.h"
#include "io/replay.h"
#include "io/save.h"
#include "ui/screen.h"
#include "ui/ui.h"
#include "util/xalloc.h"

/* A recording being shown: the game at the turn the interface asked. */
struct viewer {
	const struct replay *r;
	struct ruleset	*rs;		/* owned */
	struct game	*g;		/* owned */
	int		 at;		/* g stands at this turn */
	int		 phase;		/* after this phase of it, -1: its
					   orders given */
};

/* The game of the recording's first turn, its orders given; NULL if the
 * recording no longer plays (reported on stderr). */
static struct game *
viewer_start(const struct replay *r, struct ruleset **rs)
{
	struct diags d;
	struct game *g;

	diags_init(&d);
	if ((g = replay_start(r, cli_datadir(), rs, &d)) != NULL &&
	    replay_give(r, g, &d) != 0) {
		game_free(g);
		g = NULL;
	}
	if (g == NULL) {
		ruleset_free(*rs);
		*rs = NULL;
	}
	diags_free(&d);
	return g;
}

/*
 * Whether the recording answers a question within g's turn (core/
 * decide.h): an order given after every side's orders for it, at a step
 * past the sides'.  A phase played alone (game_phase) asks nothing, so
 * such a turn is played whole, through the answers.
 */
static bool
answers_within(const struct replay *r, const struct game *g)
{
	int i;

	if (g->rs->ops->decisions == NULL)
		return false;
	for (i = 0; i < r->n; i++)
		if (r->v[i].turn == g->turn && r->v[i].step >= g->nsides)
			return true;
	return false;
}

/*
 * The seek hook (ui.h): on from the turn and phase shown, or for one
 * before them the whole recording again from its start - a game cannot
 * be played backwards, and keeping every turn's state would cost what a
 * replay from the start saves (bench/bench-replay.c).  Phase by phase
 * (game_phase) where a phase is asked, whole turns otherwise: the same
 * state either way.  A turn that holds an answer given within it is
 * played whole (the interface then shows the next turn's orders).
 */
static struct game *
viewer_seek(void *arg, int turn, int phase)
{
	struct viewer *v = arg;
	struct ruleset *rs = NULL;
	struct game *g;
	struct diags d;
	int rc = 0;

	if (turn < v->at || (turn == v->at && phase < v->phase)) {
		if ((g = viewer_start(v->r, &rs)) == NULL)
			return NULL;
		game_free(v->g);
		ruleset_free(v->rs);
		v->g = g;
		v->rs = rs;
		v->at = 1;
		v->phase = -1;
	}
	diags_init(&d);
	while (rc == 0 && (v->at < turn || (v->at == turn &&
	    v->phase < phase))) {
		if (v->phase < 0 && game_over(v->g)) {
			/* Over: no turn is played past the end. */
			if (v->at == turn)
				break;
			v->at++;
			continue;
		}
		if (v->phase < 0 && (v->at < turn ||
		    answers_within(v->r, v->g))) {
			if ((rc = replay_play_turn(v->r, v->g, true, &d)) != 0)
				break;
		} else if (game_phase(v->g) < 0)
			break;		/* the ruleset plays whole turns */
		if (v->g->phase >= 0) {
			v->phase = v->g->phase;
			continue;
		}
		v->at++;	/* the turn has ended: the next one's orders */
		v->phase = -1;
		if (!game_over(v->g))
			rc = replay_give(v->r, v->g, &d);
	}
	diags_free(&d);
	return rc == 0 ? v->g : NULL;
}

int
cli_replay_view(const struct replay *r, int viewer,
    const struct keymap *keymap, char **cause)
{
	struct screen_caps caps;
	struct replay shown = *r;
	struct viewer v = { &shown, NULL, NULL, 1, -1 };
	struct ui *ui;
	int how;

	*cause = NULL;
	/* The orders of a turn the recording did not play (it stopped part
	 * way through one) are nobody's to read, as in print_text: the
	 * viewer gets the played turns' only (recorded in turn order). */
	while (shown.n > 0 && shown.v[shown.n - 1].turn > shown.turns)
		shown.n--;
	if ((v.g = viewer_start(&shown, &v.rs)) == NULL) {
		*cause = xstrdup("the recording cannot be played");
		return -1;
	}
	screen_caps(&caps);
	ui = ui_create(v.g, caps.utf8, caps.colour);
	ui->keymap = keymap;
	ui_set_replay(ui, viewer_seek, &v, r->turns, viewer);
	ui_start(ui);
	how = screen_run(ui, cause);
	ui_free(ui);
	game_free(v.g);
	ruleset_free(v.rs);
	return how;
}

/* A recording shown while it grows: the viewer and what it shows. */
struct cli_live {
	struct viewer	 v;
	struct replay	*r;		/* owned: the newest recording */
};

void
cli_live_update(struct cli_live *l, struct ui *ui, struct replay *r)
{
	bool at_end = ui->replay_at > ui->replay_turns;

	if (r->turns <= l->r->turns) {
		replay_free(r);
		return;
	}
	/* The game shown stays until the next seek, which plays the new
	 * recording again from its start. */
	replay_free(l->r);
	l->r = r;
	l->v.r = r;
	l->v.at = INT_MAX;
	ui->replay_turns = r->turns;
	if (at_end)
		ui_replay_goto(ui, r->turns + 1);
}

int
cli_replay_live(struct replay *r, int viewer, const struct keymap *keymap,
    int fd, void (*wake)(struct ui *, void *), void *arg,
    bool (*follow)(struct ui *, void *, int side, int *x, int *y,
    int *unit), struct cli_live **live, char **cause)
{
	struct screen_caps caps;
	struct cli_live l;
	struct ui *ui;
	int how;

	*cause = NULL;
	memset(&l, 0, sizeof l);
	l.r = r;
	l.v.r = r;
	l.v.at = 1;
	l.v.phase = -1;
	*live = &l;
	if ((l.v.g = viewer_start(r, &l.v.rs)) == NULL) {
		*cause = xstrdup("the recording cannot be played");
		replay_free(r);
		*live = NULL;
		return -1;
	}
	screen_caps(&caps);
	ui = ui_create(l.v.g, caps.utf8, caps.colour);
	ui->keymap = keymap;
	ui_set_replay(ui, viewer_seek, &l.v, r->turns, viewer);
	ui->wake_fd = fd;
	ui->wake = wake;
	ui->wake_arg = arg;
	ui->follow_get = follow;
	ui->follow_arg = arg;
	ui->follow_only = viewer >= 0 ? viewer : -1;
	ui_start(ui);
	/* Open at the turn being played, not at the first. */
	if (r->turns > 0)
		ui_replay_goto(ui, r->turns + 1);
	how = screen_run(ui, cause);
	ui_free(ui);
	game_free(l.v.g);
	ruleset_free(l.v.rs);
	replay_free(l.r);
	*live = NULL;
	return how;
}

static int
usage(void)
{
	fprintf(stderr, "usage: marshal replay FILE [--verify] [--update] "
	    "[--dump] [--log] [--text]\n"
	    "               [--side SIDE] [--save SAVE] [--view]\n");
	return 2;
}

/*
 * The explained log as plain text for notes: the battle's title, a
 * heading for each turn and phase, each event under it with its rule
 * number in brackets, marked * when the rule is marshal's own and not
 * the rulebook's.  Only what viewer may read (core/know.h).
 */
/*
 * Whether event e belongs to a turn the recording played.  A recording
 * stopped part way through a turn holds the orders given in it (so that
 * it leads to its save); until that turn is played they are nobody's to
 * read, the umpire's neither: in hot-seat the other player could
 * otherwise quit and read them here.
 */
static bool
played(const struct game *g, const struct event *e)
{
	return game_over(g) || e->turn < g->turn;
}

static void
print_text(const struct game *g, int viewer, const char *file)
{
	const struct event *e;
	struct event pe;
	char pb[1024];
	int i, turn = 0, phase = -2;
	bool own = false;

	printf("%s\n", g->title != NULL ? g->title : file);
	printf("A recorded battle of marshal (%s), %s.\n", file,
	    viewer == KNOW_ALL ? "as the umpire sees it, both sides' "
	    "orders shown" : "as one side sees it");
	for (i = 0; i < g->log.n && !own; i++)
		own = g->log.v[i].rule[0] != '\0' &&
		    ruleset_rule_mark(g->rs, g->log.v[i].rule)[0] != '\0';
	if (own)
		printf("Rules marked * are marshal's own, not the "
		    "rulebook's.\n");
	for (i = 0; i < g->log.n; i++) {
		e = &g->log.v[i];
		if (!played(g, e) ||
		    (e = know_view(g, e, viewer, &pe, pb, sizeof pb)) == NULL)
			continue;
		if (e->turn != turn) {
			turn = e->turn;
			phase = -2;
			printf("\nTurn %d\n", turn);
		}
		/* A phase's heading over its first event: phases where
		 * nothing happened are left out. */
		if (e->kind == EV_PHASE)
			continue;
		if (e->phase != phase) {
			phase = e->phase;
			printf("\n  %s\n", phase >= 0 && phase <
			    g->rs->nphases ? g->rs->phases[phase] :
			    "Orders given");
		}
		printf("    %s%s%s", e->unit >= 0 && e->unit < g->nunits ?
		    g->units[e->unit].id : "", e->unit >= 0 ? ": " : "",
		    e->text);
		if (e->rule[0] != '\0')
			printf(" [%s%s]", e->rule,
			    ruleset_rule_mark(g->rs, e->rule));
		putchar('\n');
	}
	if (game_over(g))
		printf("\nThe battle ended after turn %d (%s%s).\n",
		    g->result.turn, g->result.rule,
		    ruleset_rule_mark(g->rs, g->result.rule));
}

/* The events viewer may read (KNOW_ALL: every one). */
static void
print_log(const struct game *g, int viewer)
{
	const struct event *e;
	struct event pe;
	char buf[1024], pb[1024];
	int i;

	for (i = 0; i < g->log.n; i++) {
		if (!played(g, &g->log.v[i]) || (e = know_view(g,
		    &g->log.v[i], viewer, &pe, pb, sizeof pb)) == NULL)
			continue;
		ruleset_event_format(g->rs, e, buf, sizeof buf);
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
	bool text = false, view = false;
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
		else if (strcmp(argv[i], "--text") == 0)
			text = true;
		else if (strcmp(argv[i], "--view") == 0)
			view = true;
		else if (strcmp(argv[i], "--side") == 0 && i + 1 < argc)
			side = argv[++i];
		else if (strcmp(argv[i], "--save") == 0 && i + 1 < argc)
			save = argv[++i];
		else if (argv[i][0] == '-' || file != NULL)
			return usage();
		else
			file = argv[i];
	}
	/* Nothing else asked, on a terminal: the recording is shown. */
	if (!verify && !update && !dump && !log && !text && save == NULL &&
	    isatty(STDIN_FILENO) && isatty(STDOUT_FILENO))
		view = true;
	if (view && (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))) {
		fprintf(stderr, "marshal: --view needs a terminal\n");
		return 2;
	}
	if (side != NULL && !text && !view)
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
	if (text)
		print_text(g, viewer, file);
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
	} else if (view) {
		/* The recording in the interface, read-only. */
		if (cli_replay_view(r, viewer, NULL, &cause) < 0) {
			fprintf(stderr, "marshal: %s\n", cause);
			free(cause);
			goto out;
		}
		rc = 0;
	} else {
		if (!dump && !log && !text)
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
