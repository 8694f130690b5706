/*
 * fuzz-map.c - a map file: yread_buffer, then load_map_doc with the
 * bundled Napoleonic ruleset (loaded once).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/map.h"
#include "fuzz.h"
#include "io/load.h"
#include "io/yread.h"

static struct ruleset *rs;

FUZZ_TARGET(map)(const uint8_t *data, size_t size)
{
	struct diags d;
	struct doc_node *root;
	struct map *m;

	fuzz_loaded = 0;
	diags_init(&d);
	if (rs == NULL &&
	    (rs = load_ruleset("napoleonic", fuzz_datadir(), &d)) == NULL) {
		diags_print(&d, stderr);
		abort();
	}
	if ((root = yread_buffer("fuzz.yaml", (const char *)data, size,
	    &d)) != NULL) {
		if ((m = load_map_doc(rs, root, &d)) != NULL) {
			fuzz_loaded = 1;
			map_free(m);
		}
		doc_free(root);
	}
	diags_free(&d);
	return 0;
}
