/*
 * fuzz-replay.c - a recorded battle: replay_read (from a temporary file:
 * it reads a path), then for a short replay its scenario is loaded and
 * the replay played (orders through game_order, turns through game_turn).
 */
#include "config.h"

#include <stdlib.h>

#include "fuzz.h"
#include "io/replay.h"
#include "util/xalloc.h"

#define FUZZ_REPLAY_TURNS	4	/* longer replays are only read */

FUZZ_TARGET(replay)(const uint8_t *data, size_t size)
{
	struct diags d;
	struct replay *r;
	struct ruleset *rs;
	struct game *g;
	char *path = fuzz_write("fuzz-replay.yaml", data, size);

	fuzz_loaded = 0;
	diags_init(&d);
	if ((r = replay_read(path, &d)) != NULL) {
		fuzz_loaded = 1;
		if (r->turns <= FUZZ_REPLAY_TURNS &&
		    (g = replay_start(r, fuzz_datadir(), &rs, &d)) != NULL) {
			replay_play(r, g, &d);
			game_free(g);
			ruleset_free(rs);
		}
		replay_free(r);
	}
	diags_free(&d);
	free(path);
	return 0;
}
