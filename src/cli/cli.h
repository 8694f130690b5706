/*
 * cli.h - the subcommands of the marshal program.
 *
 * Each command takes the arguments after its name (argv[0] is the command
 * name) and returns the process exit status: 0 success, 1 a failed result
 * (e.g. a replay that does not verify), 2 bad input or usage.
 */
#ifndef MARSHAL_CLI_H
#define MARSHAL_CLI_H

#include <stdbool.h>

/* marshal check FILE... : validate data files. */
int cli_check(int argc, char **argv);

/* marshal play [SCENARIO] : play in the terminal (default scenario). */
int cli_play(int argc, char **argv);

/*
 * marshal with no command: as play, but a new game opens on the list of
 * battles and tutorials (the default battle behind it), so a player who
 * cannot give arguments - a public server's forced command - can reach
 * every bundled scenario.
 */
int cli_start(int argc, char **argv);

/* marshal resolve SCENARIO [options] : play turns headless. */
int cli_resolve(int argc, char **argv);

/* marshal replay FILE [--verify] : play a recorded battle headless. */
int cli_replay(int argc, char **argv);

struct replay;
struct keymap;

/*
 * Show the recording r in the interface, read-only, until the player
 * quits: viewer KNOW_ALL (the umpire) or a side (core/know.h); keymap
 * the player's keys or NULL.  The recording must have been checked
 * (replay_play).  SCREEN_QUIT, SCREEN_HANGUP (ui/screen.h: a signal or
 * the terminal gone), or -1 with *cause allocated.
 */
int cli_replay_view(const struct replay *r, int viewer,
    const struct keymap *keymap, char **cause);

/*
 * A recording that grows while it is shown (a shared game watched,
 * cli/play-match.c): as cli_replay_view, with r handed over (freed
 * here), and fd (-1: none) waited on with the keyboard: wake is called
 * when it is readable, and may hand a longer recording of the same game
 * to cli_live_update, which moves a viewer at the end on to the new end.
 * follow tells where a player's cursor is (the f key).  *live is set for
 * wake's use while the interface runs.
 */
struct cli_live;
struct ui;
int cli_replay_live(struct replay *r, int viewer,
    const struct keymap *keymap, int fd, void (*wake)(struct ui *, void *),
    void *arg, bool (*follow)(struct ui *, void *, int side, int *x, int *y,
    int *unit), struct cli_live **live, char **cause);
void cli_live_update(struct cli_live *, struct ui *, struct replay *r);

/*
 * The directory holding marshal's data (rulesets/, scenarios/, ...):
 * $MARSHAL_DATA if set, else the installed data directory.
 */
const char *cli_datadir(void);

/*
 * Whether marshal runs restricted, for a public server: --restricted or
 * MARSHAL_RESTRICTED=1.  Then only `play` of bundled scenarios by name is
 * allowed, no file name is taken from the player, and job control (^Z)
 * is ignored.
 */
bool cli_restricted(void);

/* The player's name from --player (a separate save directory), or NULL. */
const char *cli_player(void);

/* The directory of games shared with other players from --games, or
 * NULL: $MARSHAL_GAMES, else the save directory's games/ (io/match.h). */
const char *cli_games(void);

/*
 * The scenario file for what the user typed: a path, or the bare name of
 * a bundled scenario ("default", "coa-1810").  Restricted, only the
 * latter, and only a clean name, so that no path a player writes is ever
 * opened.  Allocated (caller frees); NULL if there is no such scenario.
 */
char *cli_scenario_path(const char *arg);

#endif
