/*
 * test-pbem.c - play by email (io/pbem.h): turn files and PBEM games
 * written and read back, the commitment, every refusal a file can meet
 * (another game, the wrong turn, a side's own file, digests that differ,
 * a reveal that does not match its commitment, a byte changed on the
 * way, an order for the other side's unit), and one turn of the default
 * battle played by the two sides' games from their files, their digests
 * compared with the same turn played in one game.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "io/load.h"
#include "io/pbem.h"
#include "io/replay.h"
#include "io/save.h"
#include "util/diag.h"
#include "util/xalloc.h"

static char ORDERS_A[] =
    "marshal-replay: 1\n"
    "scenario: \"default\"\n"
    "turns: 0\n"
    "orders:\n"
    "  - {turn: 1, unit: \"1-27L\", move: [[26, 30]]}\n";
static char ORDERS_B[] =
    "marshal-replay: 1\n"
    "scenario: \"default\"\n"
    "turns: 0\n"
    "orders:\n"
    "  - {turn: 1, unit: \"1-9R\", move: [[33, 19]]}\n";
static const char GAME[] = "0123456789abcdef0123456789abcdef";
static char SCEN[] = "default";
static char HIST[] = "marshal-replay: 1\nscenario: x\nturns: 0\n";

static void
setup_sodium(void)
{
	assert_int_equal(pbem_init(), 0);
}

/* Whether some diagnostic says what. */
static bool
said(const struct diags *d, const char *what)
{
	int i;

	for (i = 0; i < d->n; i++)
		if (strstr(d->v[i].msg, what) != NULL)
			return true;
	return false;
}

/* A's first file: a commitment to ORDERS_A. */
static struct pbem_turn
turn_a1(unsigned char nonce[PBEM_HASH])
{
	struct pbem_turn t;

	memset(&t, 0, sizeof t);
	memcpy(t.game, GAME, sizeof t.game);
	t.scenario = SCEN;
	t.seed = 7;
	t.side = 0;
	t.turn = 1;
	t.digest = 0x1234;
	pbem_new_nonce(nonce);
	pbem_commit(GAME, 1, 0, ORDERS_A, nonce, t.commit);
	t.has_commit = true;
	return t;
}

/* Render t and read it back. */
static struct pbem_turn *
round_trip(const struct pbem_turn *t, struct diags *d)
{
	struct pbem_turn *back;
	size_t len;
	char *text = pbem_turn_render(t, "Side", &len);

	back = pbem_turn_read("turn.yaml", text, len, d);
	free(text);
	return back;
}

static void
test_turn_file_round_trip(void **state)
{
	unsigned char nonce[PBEM_HASH], h[PBEM_HASH];
	struct pbem_turn t = turn_a1(nonce), *back;
	struct diags d;

	(void)state;
	setup_sodium();
	/* A's second file: reveal turn 1, commit turn 2. */
	t.turn = 2;
	t.has_reveal = true;
	t.reveal_turn = 1;
	t.reveal = ORDERS_A;
	memcpy(t.nonce, nonce, PBEM_HASH);
	diags_init(&d);
	back = round_trip(&t, &d);
	diags_print(&d, stderr);
	assert_non_null(back);
	assert_string_equal(back->game, GAME);
	assert_string_equal(back->scenario, "default");
	assert_int_equal(back->seed, 7);
	assert_int_equal(back->turn, 2);
	assert_int_equal(back->digest, 0x1234);
	assert_true(back->has_commit);
	assert_memory_equal(back->commit, t.commit, PBEM_HASH);
	assert_true(back->has_reveal);
	/* The text revealed is byte for byte the text committed to. */
	assert_string_equal(back->reveal, ORDERS_A);
	pbem_commit(GAME, 1, 0, back->reveal, back->nonce, h);
	assert_memory_equal(h, t.commit, PBEM_HASH);
	/* Where the reveal's first line stands in the file. */
	assert_true(back->at_reveal.line > 1);
	assert_null(back->orders);
	pbem_turn_free(back);

	/* B's file: orders in the clear. */
	memset(&t, 0, sizeof t);
	memcpy(t.game, GAME, sizeof t.game);
	t.scenario = SCEN;
	t.side = 1;
	t.turn = 1;
	t.orders = ORDERS_B;
	back = round_trip(&t, &d);
	assert_non_null(back);
	assert_string_equal(back->orders, ORDERS_B);
	assert_false(back->has_commit);
	pbem_turn_free(back);
	diags_free(&d);
}

static void
test_commitment_binds(void **state)
{
	unsigned char n1[PBEM_HASH], n2[PBEM_HASH], a[PBEM_HASH], b[PBEM_HASH];

	(void)state;
	setup_sodium();
	pbem_new_nonce(n1);
	pbem_new_nonce(n2);
	assert_memory_not_equal(n1, n2, PBEM_HASH);
	pbem_commit(GAME, 1, 0, ORDERS_A, n1, a);
	pbem_commit(GAME, 1, 0, ORDERS_A, n1, b);
	assert_memory_equal(a, b, PBEM_HASH);
	/* Any field changed, another commitment. */
	pbem_commit(GAME, 1, 0, ORDERS_A, n2, b);
	assert_memory_not_equal(a, b, PBEM_HASH);
	pbem_commit(GAME, 2, 0, ORDERS_A, n1, b);
	assert_memory_not_equal(a, b, PBEM_HASH);
	pbem_commit(GAME, 1, 1, ORDERS_A, n1, b);
	assert_memory_not_equal(a, b, PBEM_HASH);
	pbem_commit(GAME, 1, 0, ORDERS_B, n1, b);
	assert_memory_not_equal(a, b, PBEM_HASH);
}

/* Every byte of a file changed in turn is refused: by the check line,
 * or (a change inside the check line itself) as not matching it. */
static void
test_changed_byte_refused(void **state)
{
	unsigned char nonce[PBEM_HASH];
	struct pbem_turn t = turn_a1(nonce), *back;
	struct diags d;
	size_t len, i;
	char *text;

	(void)state;
	setup_sodium();
	text = pbem_turn_render(&t, "Side", &len);
	for (i = 0; i < len; i += 7) {
		char was = text[i];

		text[i] = was == 'x' ? 'y' : 'x';
		diags_init(&d);
		back = pbem_turn_read("turn.yaml", text, len, &d);
		assert_null(back);
		assert_true(said(&d, "check"));
		assert_true(d.n >= 1 && d.v[0].line > 0);
		diags_free(&d);
		text[i] = was;
	}
	/* Cut short: no check line. */
	diags_init(&d);
	assert_null(pbem_turn_read("turn.yaml", text, len / 2, &d));
	assert_true(said(&d, "does not end in its check line"));
	diags_free(&d);
	/* Its lines made CR LF by a mail program. */
	{
		char *crlf = xcalloc(2 * len + 1, 1);
		size_t j, k = 0;

		for (j = 0; j < len; j++) {
			if (text[j] == '\n')
				crlf[k++] = '\r';
			crlf[k++] = text[j];
		}
		diags_init(&d);
		assert_null(pbem_turn_read("turn.yaml", crlf, k, &d));
		assert_true(said(&d, "CR LF"));
		diags_free(&d);
		free(crlf);
	}
	/* Whole, it reads. */
	diags_init(&d);
	back = pbem_turn_read("turn.yaml", text, len, &d);
	assert_non_null(back);
	pbem_turn_free(back);
	diags_free(&d);
	free(text);
}

/* A PBEM game for side s of GAME, waiting at turn 1. */
static struct pbem_game
game_at(int side, int committer)
{
	struct pbem_game pg;

	memset(&pg, 0, sizeof pg);
	memcpy(pg.game, GAME, sizeof pg.game);
	pg.scenario = SCEN;
	pg.seed = 7;
	pg.side = side;
	pg.committer = committer;
	pg.turn = 1;
	pg.digest = 0x1234;
	pg.history = HIST;
	pg.mine = side == 0 ? ORDERS_A : ORDERS_B;
	return pg;
}

static void
test_game_round_trip(void **state)
{
	struct pbem_game pg = game_at(0, 0), *back;
	struct diags d;
	size_t len;
	char *text;

	(void)state;
	setup_sodium();
	pbem_new_nonce(pg.nonce);
	text = pbem_game_render(&pg, &len);
	diags_init(&d);
	back = pbem_game_read("x.game", text, len, &d);
	diags_print(&d, stderr);
	assert_non_null(back);
	assert_string_equal(back->mine, ORDERS_A);
	assert_string_equal(back->history, pg.history);
	assert_memory_equal(back->nonce, pg.nonce, PBEM_HASH);
	assert_int_equal(back->side, 0);
	assert_int_equal(back->digest, 0x1234);
	pbem_game_free(back);
	/* A changed byte is refused here too. */
	text[len / 2] ^= 1;
	assert_null(pbem_game_read("x.game", text, len, &d));
	assert_true(said(&d, "check"));
	diags_free(&d);
	free(text);
}

/* Each way a file can be the wrong one, against each side's game. */
static void
test_refusals(void **state)
{
	unsigned char nonce[PBEM_HASH];
	struct pbem_game a = game_at(0, 0), b = game_at(1, 0);
	struct pbem_turn ta = turn_a1(nonce), tb;
	struct diags d;

	(void)state;
	setup_sodium();
	b.has_commit = true;
	memcpy(b.commit, ta.commit, PBEM_HASH);
	memset(&tb, 0, sizeof tb);
	memcpy(tb.game, GAME, sizeof tb.game);
	tb.scenario = SCEN;
	tb.seed = 7;
	tb.side = 1;
	tb.turn = 1;
	tb.digest = a.digest;
	tb.orders = ORDERS_B;
	diags_init(&d);

	/* The right file passes. */
	assert_int_equal(pbem_check(&a, &tb, &d), 0);
	assert_int_equal(d.n, 0);

	/* Another game. */
	tb.game[0] = 'f';
	assert_int_equal(pbem_check(&a, &tb, &d), -1);
	assert_true(said(&d, "another game"));
	memcpy(tb.game, GAME, sizeof tb.game);

	/* The same id, another battle or seed. */
	tb.seed = 8;
	assert_int_equal(pbem_check(&a, &tb, &d), -1);
	assert_true(said(&d, "another scenario or seed"));
	tb.seed = 7;

	/* The wrong turn: an old file sent again, or one from ahead. */
	tb.turn = 2;
	assert_int_equal(pbem_check(&a, &tb, &d), -1);
	assert_true(said(&d, "waits for the opponent's file of turn 1"));
	tb.turn = 1;

	/* The wrong side: A's own file played on A's game. */
	assert_int_equal(pbem_check(&a, &ta, &d), -1);
	assert_true(said(&d, "this side's own"));

	/* The digests differ. */
	tb.digest = 0x9999;
	assert_int_equal(pbem_check(&a, &tb, &d), -1);
	assert_true(said(&d, "not in the state"));
	tb.digest = a.digest;

	/* B receives A's reveal of turn 1 (in A's turn-2 file). */
	ta.turn = 2;
	ta.has_reveal = true;
	ta.reveal_turn = 1;
	ta.reveal = ORDERS_A;
	memcpy(ta.nonce, nonce, PBEM_HASH);
	assert_int_equal(pbem_check(&b, &ta, &d), 0);

	/* A reveal that does not match: other orders, or another nonce. */
	ta.reveal = ORDERS_B;
	assert_int_equal(pbem_check(&b, &ta, &d), -1);
	assert_true(said(&d, "do not match the opponent's commitment"));
	ta.reveal = ORDERS_A;
	ta.nonce[0] ^= 1;
	diags_free(&d);
	assert_int_equal(pbem_check(&b, &ta, &d), -1);
	assert_true(said(&d, "do not match the opponent's commitment"));
	ta.nonce[0] ^= 1;

	/* B's game given A's first file again: the wrong turn. */
	ta.turn = 1;
	diags_free(&d);
	assert_int_equal(pbem_check(&b, &ta, &d), -1);
	assert_true(said(&d, "waits for the opponent's file of turn 2"));
	diags_free(&d);
}

static struct game *
load_default(struct ruleset **rs)
{
	const char *dir = getenv("MARSHAL_DATA");
	char *p;
	struct diags d;
	struct game *g;

	if (dir == NULL)
		dir = "data";
	p = xasprintf("%s/scenarios/default.yaml", dir);
	diags_init(&d);
	g = load_scenario(p, dir, rs, &d);
	diags_print(&d, stderr);
	diags_free(&d);
	free(p);
	assert_non_null(g);
	return g;
}

/* Orders for the other side's unit, or of another turn, are refused at
 * their line in the file. */
static void
test_orders_of_the_side(void **state)
{
	struct ruleset *rs;
	struct game *g = load_default(&rs);
	struct replay *r;
	struct diags d;

	(void)state;
	diags_init(&d);
	r = pbem_orders(ORDERS_A, (struct pos){ "f.yaml", 10, 3 }, g, 0, 1,
	    &d);
	assert_non_null(r);
	replay_free(r);
	assert_null(pbem_orders(ORDERS_A, (struct pos){ "f.yaml", 10, 3 }, g,
	    1, 1, &d));
	assert_true(said(&d, "is not of side"));
	/* Line 5 of the text is line 14 of the file, its column 5 column 7. */
	assert_int_equal(d.v[0].line, 14);
	assert_int_equal(d.v[0].col, 7);
	diags_free(&d);
	assert_null(pbem_orders(ORDERS_A, (struct pos){ "f.yaml", 1, 1 }, g, 0,
	    2, &d));
	assert_true(said(&d, "an order of turn 1 among the orders of turn 2"));
	diags_free(&d);
	game_free(g);
	ruleset_free(rs);
}

/* One turn of the default battle: played from both sides' orders in the
 * two games (each rebuilt from its recording), the same state as the
 * turn played in one game with the same orders. */
static void
test_turn_played_on_both_sides(void **state)
{
	const char *dir = getenv("MARSHAL_DATA");
	struct ruleset *rs, *rs1, *rs2;
	struct game *g = load_default(&rs), *g1, *g2;
	struct replay *rec, *h1, *h2, *o[2];
	struct pbem_game pg;
	struct diags d;
	char *scen, *text;
	uint64_t d1, d2;

	(void)state;
	if (dir == NULL)
		dir = "data";
	scen = xasprintf("%s/scenarios/default.yaml", dir);
	game_seed(g, 7);
	rec = replay_record(g, scen);
	memset(&pg, 0, sizeof pg);
	memcpy(pg.game, GAME, sizeof pg.game);
	pg.scenario = SCEN;
	pg.seed = 7;
	pg.turn = 1;
	pg.digest = save_digest(g);
	pg.history = pbem_replay_text(rec);
	replay_free(rec);
	diags_init(&d);

	/* A, then B, each from its own copy. */
	g1 = pbem_start(&pg, "a.game", scen, dir, &h1, &rs1, &d);
	g2 = pbem_start(&pg, "b.game", scen, dir, &h2, &rs2, &d);
	diags_print(&d, stderr);
	assert_non_null(g1);
	assert_non_null(g2);
	o[0] = pbem_orders(ORDERS_A, (struct pos){ "a", 1, 1 }, g1, 0, 1, &d);
	o[1] = pbem_orders(ORDERS_B, (struct pos){ "b", 1, 1 }, g1, 1, 1, &d);
	assert_int_equal(pbem_play(g1, h1, o, &d), 0);
	assert_int_equal(pbem_play(g2, h2, o, &d), 0);
	d1 = save_digest(g1);
	d2 = save_digest(g2);
	assert_int_equal(g1->turn, 2);
	assert_int_equal(d1, d2);
	assert_int_equal(h1->digest, d1);
	assert_int_not_equal(d1, pg.digest);

	/* The recording they keep leads back to the same state. */
	free(pg.history);
	pg.history = text = pbem_replay_text(h1);
	pg.turn = 2;
	pg.digest = d1;
	replay_free(h2);
	game_free(g2);
	ruleset_free(rs2);
	g2 = pbem_start(&pg, "a.game", scen, dir, &h2, &rs2, &d);
	assert_non_null(g2);
	assert_int_equal(save_digest(g2), d1);
	/* A recording that does not lead there is refused. */
	pg.digest ^= 1;
	replay_free(h2);
	game_free(g2);
	ruleset_free(rs2);
	assert_null(pbem_start(&pg, "a.game", scen, dir, &h2, &rs2, &d));
	assert_true(said(&d, "the game's recording leads to turn 2"));

	diags_free(&d);
	replay_free(o[0]);
	replay_free(o[1]);
	replay_free(h1);
	game_free(g1);
	ruleset_free(rs1);
	free(text);
	free(scen);
	game_free(g);
	ruleset_free(rs);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_turn_file_round_trip),
		cmocka_unit_test(test_commitment_binds),
		cmocka_unit_test(test_changed_byte_refused),
		cmocka_unit_test(test_game_round_trip),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_orders_of_the_side),
		cmocka_unit_test(test_turn_played_on_both_sides),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
