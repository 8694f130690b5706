/*
 * fuzz-ruleset.c - a ruleset file: yread_buffer, then ruleset_load (the
 * tables and the Napoleonic module's own sections).
 */
#include "config.h"

#include "fuzz.h"
#include "io/yread.h"
#include "core/ruleset.h"

FUZZ_TARGET(ruleset)(const uint8_t *data, size_t size)
{
	struct diags d;
	struct doc_node *root;
	struct ruleset *rs;

	fuzz_loaded = 0;
	diags_init(&d);
	if ((root = yread_buffer("fuzz.yaml", (const char *)data, size,
	    &d)) != NULL) {
		if ((rs = ruleset_load(root, &d)) != NULL) {
			fuzz_loaded = 1;
			ruleset_free(rs);
		}
		doc_free(root);
	}
	diags_free(&d);
	return 0;
}
