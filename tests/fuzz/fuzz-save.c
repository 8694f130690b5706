/*
 * fuzz-save.c - a saved game: yread_buffer, then save_apply over the
 * bundled default battle (loaded once, again after each save that
 * applies).  A save that applies is dumped and played one turn on: a
 * foreign save must not be able to crash the game after loading either.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "fuzz.h"
#include "io/load.h"
#include "io/save.h"
#include "io/yread.h"
#include "util/xalloc.h"

static struct ruleset *rs;
static struct game *g;

static void
fresh(void)
{
	char *path = xasprintf("%s/scenarios/default.yaml", fuzz_datadir());
	struct diags d;

	diags_init(&d);
	if (g != NULL) {
		game_free(g);
		ruleset_free(rs);
	}
	if ((g = load_scenario(path, fuzz_datadir(), &rs, &d)) == NULL) {
		diags_print(&d, stderr);
		abort();
	}
	diags_free(&d);
	free(path);
}

FUZZ_TARGET(save)(const uint8_t *data, size_t size)
{
	struct diags d;
	struct doc_node *root;
	FILE *f;

	if (g == NULL)
		fresh();
	fuzz_loaded = 0;
	diags_init(&d);
	if ((root = yread_buffer("fuzz.save", (const char *)data, size,
	    &d)) != NULL) {
		if (save_apply(g, root, &d) == 0) {
			fuzz_loaded = 1;
			if ((f = fopen("/dev/null", "w")) != NULL) {
				save_dump(g, f);
				fclose(f);
			}
			game_turn(g);
			fresh();
		}
		doc_free(root);
	}
	diags_free(&d);
	return 0;
}
