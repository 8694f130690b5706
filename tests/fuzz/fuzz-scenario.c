/*
 * fuzz-scenario.c - a scenario file: yread_buffer, then load_scenario_doc
 * with relative paths taken from the bundled scenarios' directory (so the
 * maps and orders of battle it names are the real ones).
 */
#include "config.h"

#include <stdlib.h>

#include "fuzz.h"
#include "io/load.h"
#include "io/yread.h"
#include "util/xalloc.h"

FUZZ_TARGET(scenario)(const uint8_t *data, size_t size)
{
	struct diags d;
	struct doc_node *root;
	struct ruleset *rs;
	struct game *g;
	char *dir = xasprintf("%s/scenarios", fuzz_datadir());

	fuzz_loaded = 0;
	diags_init(&d);
	if ((root = yread_buffer("fuzz.yaml", (const char *)data, size,
	    &d)) != NULL) {
		g = load_scenario_doc(root, dir, fuzz_datadir(), NULL, &rs,
		    &d);
		if (g != NULL) {
			fuzz_loaded = 1;
			game_free(g);
			ruleset_free(rs);
		}
		doc_free(root);
	}
	diags_free(&d);
	free(dir);
	return 0;
}
