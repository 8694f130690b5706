/*
 * fuzz-oob.c - an order of battle.  Orders of battle are read as part of
 * a scenario, so the harness writes the input as the first side's file of
 * a copy of the default scenario (other paths made absolute) and loads
 * that scenario: the bundled French order of battle as input loads whole.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "io/load.h"
#include "util/xalloc.h"

static char *scenario;

/* s with every "from" replaced by "to"; allocated. */
static char *
replace(const char *s, const char *from, const char *to)
{
	size_t fl = strlen(from), tl = strlen(to), n = 0;
	const char *p;
	char *out, *q;

	for (p = s; (p = strstr(p, from)) != NULL; p += fl)
		n++;
	out = q = xmallocarray(strlen(s) + n * tl + 1, 1);
	while ((p = strstr(s, from)) != NULL) {
		memcpy(q, s, (size_t)(p - s));
		q += p - s;
		memcpy(q, to, tl);
		q += tl;
		s = p + fl;
	}
	strcpy(q, s);
	return out;
}

static void
make_scenario(void)
{
	char *path = xasprintf("%s/scenarios/default.yaml", fuzz_datadir());
	char *text, *a, *b, *c, *maps, *oobs;
	long len;
	FILE *f;

	if ((f = fopen(path, "r")) == NULL || fseek(f, 0, SEEK_END) != 0 ||
	    (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
		perror(path);
		abort();
	}
	text = xcalloc((size_t)len + 1, 1);
	if (fread(text, 1, (size_t)len, f) != (size_t)len)
		abort();
	fclose(f);
	maps = xasprintf("%s/maps/", fuzz_datadir());
	oobs = xasprintf("%s/oob/", fuzz_datadir());
	a = replace(text, "../oob/french-vautrin.yaml", "fuzz-oob.yaml");
	b = replace(a, "../maps/", maps);
	c = replace(b, "../oob/", oobs);
	scenario = fuzz_write("scenario.yaml", (const uint8_t *)c, strlen(c));
	free(path);
	free(text);
	free(a);
	free(b);
	free(c);
	free(maps);
	free(oobs);
}

FUZZ_TARGET(oob)(const uint8_t *data, size_t size)
{
	struct diags d;
	struct ruleset *rs;
	struct game *g;
	char *oob;

	if (scenario == NULL)
		make_scenario();
	oob = fuzz_write("fuzz-oob.yaml", data, size);
	fuzz_loaded = 0;
	diags_init(&d);
	if ((g = load_scenario(scenario, fuzz_datadir(), &rs, &d)) != NULL) {
		fuzz_loaded = 1;
		game_free(g);
		ruleset_free(rs);
	}
	diags_free(&d);
	free(oob);
	return 0;
}
