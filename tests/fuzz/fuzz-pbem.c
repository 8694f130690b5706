/*
 * fuzz-pbem.c - a play-by-email turn file or kept game (io/pbem.h), as an
 * opponent might send anything.  The input is the file's body: the
 * harness adds the check line (libsodium's BLAKE2b, as marshal writes it),
 * or every input would stop there.  The file is read as a turn file, its
 * orders and reveal checked against the default battle (the replay
 * reader, the side and turn of each order), and as a kept game.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "fuzz.h"
#include "io/load.h"
#include "io/pbem.h"
#include "io/replay.h"
#include "util/xalloc.h"

/* The default battle, loaded once for every input (left at exit). */
static struct game *
battle(void)
{
	static struct game *g;
	static struct ruleset *rs;
	struct diags d;
	char *p;

	if (g == NULL) {
		p = xasprintf("%s/scenarios/default.yaml", fuzz_datadir());
		diags_init(&d);
		g = load_scenario(p, fuzz_datadir(), &rs, &d);
		diags_free(&d);
		free(p);
	}
	return g;
}

/* Check a text of orders as the side that sent it. */
static void
orders(const char *text, struct pos at, int side, int turn)
{
	struct game *g = battle();
	struct replay *r;
	struct diags d;

	if (text == NULL || g == NULL)
		return;
	diags_init(&d);
	r = pbem_orders(text, at, g, side >= 0 && side < g->nsides ? side : 0,
	    turn, &d);
	replay_free(r);
	diags_free(&d);
}

FUZZ_TARGET(pbem)(const uint8_t *data, size_t size)
{
	unsigned char h[PBEM_HASH];
	char hex[2 * PBEM_HASH + 1], *text;
	struct pbem_turn *t;
	struct pbem_game *pg;
	struct diags d;
	size_t len;

	fuzz_loaded = 0;
	if (pbem_init() != 0)
		return 0;
	crypto_generichash(h, sizeof h, data, size, NULL, 0);
	sodium_bin2hex(hex, sizeof hex, h, sizeof h);
	text = xmallocarray(1, size + sizeof hex + 16);
	memcpy(text, data, size);
	len = size + (size_t)sprintf(text + size, "check: \"%s\"\n", hex);
	diags_init(&d);
	if ((t = pbem_turn_read("fuzz.pbem", text, len, &d)) != NULL) {
		fuzz_loaded = 1;
		orders(t->orders, t->at_orders, t->side, t->turn);
		orders(t->reveal, t->at_reveal, t->side, t->reveal_turn);
		pbem_turn_free(t);
	}
	diags_free(&d);
	diags_init(&d);
	if ((pg = pbem_game_read("fuzz.game", text, len, &d)) != NULL) {
		fuzz_loaded = 1;
		pbem_game_free(pg);
	}
	diags_free(&d);
	free(text);
	return 0;
}
