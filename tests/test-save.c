/*
 * test-save.c - saved games: the canonical dump, save -> load -> play on
 * equals playing straight through, atomic writes, and refusing damaged or
 * foreign files without touching the game.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "ai/ai.h"
#include "core/command.h"
#include "core/know.h"
#include "io/load.h"
#include "io/replay.h"
#include "io/save.h"
#include "io/session.h"
#include "io/yread.h"
#define TURN_FIXTURE_SHARED
#include "turn-fixture.h"
#include "util/xalloc.h"

/* The same small battle every time: two brigades facing each other. */
static struct game *
battle(void)
{
	struct game *g = fixture_game(rs, 60, 40);

	g->generals[0].pos = (struct point){ 30, 36 };
	g->generals[1].pos = (struct point){ 30, 2 };
	fixture_unit(g, "1-8L", 0, ARM_INFANTRY, "line", "line", 20, 24,
	    DIR_N, 600);
	fixture_unit(g, "2-8L", 0, ARM_INFANTRY, "line", "column", 40, 24,
	    DIR_N, 550);
	fixture_unit(g, "4-cuir", 0, ARM_CAVALRY, "heavy", "column", 55, 30,
	    DIR_N, 400);
	fixture_unit(g, "27-jag", 1, ARM_INFANTRY, "light", "line", 20, 16,
	    DIR_S, 700);
	fixture_unit(g, "bat-1", 1, ARM_ARTILLERY, "light", "unlimbered", 40,
	    12, DIR_S, 8);
	game_seed(g, 42);
	return g;
}

static char *
dump(const struct game *g)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	save_dump(g, f);
	fclose(f);
	return buf;
}

static char *
save_text(const struct game *g)
{
	char *buf = NULL, *text;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	save_write(g, "scenario.yaml", f);
	fclose(f);
	/* A copy: gcc's dangling-pointer check cannot see through
	 * open_memstream. */
	text = xstrdup(buf);
	free(buf);
	return text;
}

/* Lay a save text over a fresh battle; NULL (diagnostics printed) if not. */
static struct game *
restore(const char *text, struct diags *d)
{
	struct doc_node *root = yread_buffer("save", text, strlen(text), d);
	struct game *g;

	if (root == NULL)
		return NULL;
	g = battle();
	if (save_apply(g, root, d) != 0) {
		game_free(g);
		g = NULL;
	}
	doc_free(root);
	return g;
}

static void
give(struct game *g, const char *unit, int general, int x, int y)
{
	struct order o;
	char *cause;

	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = game_find_unit(g, unit);
	o.general = general;
	o.npts = 1;
	o.pts[0] = (struct point){ x, y };
	assert_int_equal(game_order(g, &o, &cause), 0);
}

/* Play turns, giving the same orders on the same turns. */
static void
play(struct game *g, int until)
{
	while (g->turn < until) {
		if (g->turn == 2)
			give(g, "4-cuir", 0, 55, 20);
		if (g->turn == 3)
			give(g, "27-jag", 1, 20, 10);
		game_turn(g);
	}
}

static void
test_save_load_continue_equals_straight_through(void **state)
{
	struct game *a = battle(), *b = battle(), *c;
	struct unit *u;
	struct diags d;
	char *text, *da, *dc;
	int i, lost;

	(void)state;
	diags_init(&d);
	/* Something in every part of the state: an aide riding, a route, a
	 * rout track, a contact, dice already rolled. */
	give(a, "2-8L", 0, 40, 10);
	give(b, "2-8L", 0, 40, 10);
	play(a, 3);
	play(b, 3);
	u = &a->units[0];
	u->nroute = 2;
	u->route = calloc(2, sizeof *u->route);
	u->route[0] = (struct point){ 20, 23 };
	u->route[1] = (struct point){ 20, 22 };
	u->route_key = 77;
	u->contact = 3;
	rng_die(&a->rng, 6);
	b->units[0].nroute = 2;
	b->units[0].route = calloc(2, sizeof *u->route);
	memcpy(b->units[0].route, u->route, 2 * sizeof *u->route);
	b->units[0].route_key = 77;
	b->units[0].contact = 3;
	rng_die(&b->rng, 6);
	u = &a->units[1];
	u->ntrack = 1;
	u->track = calloc(1, sizeof *u->track);
	u->track[0] = (struct point){ 40, 30 };
	b->units[1].ntrack = 1;
	b->units[1].track = calloc(1, sizeof *u->track);
	b->units[1].track[0] = u->track[0];
	assert_true(a->ntransit > 0);
	/* The first general has ridden off: his place is state too. */
	a->generals[0].pos = b->generals[0].pos = (struct point){ 33, 35 };

	text = save_text(a);
	c = restore(text, &d);
	diags_print(&d, stderr);
	assert_non_null(c);
	da = dump(a);
	dc = dump(c);
	assert_string_equal(da, dc);
	assert_int_equal(c->ntransit, a->ntransit);
	assert_int_equal(c->rng.state, a->rng.state);
	/* Field by field where the dump, written by the same code as the
	 * save, could hide a loss: the issuer of each order (general 0 is
	 * a general, not "none"), where the generals stand, and every
	 * unit on its cells. */
	for (i = 0; i < a->ntransit; i++) {
		assert_int_equal(c->transit[i].unit, a->transit[i].unit);
		assert_int_equal(c->transit[i].general, a->transit[i].general);
		assert_int_equal(c->transit[i].arrives, a->transit[i].arrives);
	}
	assert_int_equal(c->transit[0].general, 0);
	for (i = 0; i < a->nunits; i++)
		assert_int_equal(c->units[i].order.general,
		    a->units[i].order.general);
	for (i = 0; i < a->ngenerals; i++) {
		assert_int_equal(c->generals[i].pos.x, a->generals[i].pos.x);
		assert_int_equal(c->generals[i].pos.y, a->generals[i].pos.y);
	}
	for (i = 0; i < c->nunits; i++)
		if (!unit_gone(&c->units[i]))
			assert_int_equal(game_unit_at(c, c->units[i].pos.x,
			    c->units[i].pos.y), i);
	free(da);
	free(dc);

	/* Play on: the restored game and the one never stopped agree. */
	play(b, 8);
	play(c, 8);
	da = dump(b);
	dc = dump(c);
	assert_string_equal(da, dc);
	assert_true(save_digest(b) == save_digest(c));
	/* The turns played after the restore did something: fire took men. */
	for (i = 0, lost = 0; i < c->nunits; i++)
		lost += c->units[i].strength0 - c->units[i].strength;
	assert_true(lost > 0);
	free(da);
	free(dc);
	free(text);
	game_free(a);
	game_free(b);
	game_free(c);
	diags_free(&d);
}

/*
 * 3.6.6 (issue 12, decision 4): a Road Column's road trail is saved and
 * read back cell for cell; a save without one (older files) gives the
 * column its straight body; a broken trail is refused with its place.
 */
static void
test_3_6_6_road_trail_saved_and_loaded(void **state)
{
	static const struct point trail[8] = {
		{ 40, 24 }, { 39, 24 }, { 38, 24 }, { 38, 25 }, { 38, 26 },
		{ 38, 27 }, { 38, 28 }, { 38, 29 }
	};
	struct game *a = battle(), *c;
	struct unit *u = &a->units[1];
	struct diags d;
	char *text, *old, *bad, *p, *q, *before, *after;
	int i;

	(void)state;
	diags_init(&d);
	game_occupy(a, 1, false);
	u->formation = ruleset_form(rs, "road_column");
	u->facing = DIR_E;
	u->trail = calloc(8, sizeof *u->trail);
	memcpy(u->trail, trail, sizeof trail);
	u->ntrail = 8;
	u->trail_facing = u->facing;
	u->trail_form = u->formation;
	game_occupy(a, 1, true);
	assert_int_equal(game_unit_at(a, 38, 29), 1);
	text = save_text(a);
	assert_non_null(strstr(text, "trail: [[40, 24], [39, 24], [38, 24], "
	    "[38, 25]"));

	c = restore(text, &d);
	diags_print(&d, stderr);
	assert_non_null(c);
	assert_true(unit_on_trail(&c->units[1]));
	assert_int_equal(c->units[1].ntrail, 8);
	for (i = 0; i < 8; i++) {
		assert_int_equal(c->units[1].trail[i].x, trail[i].x);
		assert_int_equal(c->units[1].trail[i].y, trail[i].y);
	}
	assert_int_equal(game_unit_at(c, 38, 29), 1);	/* round the bend */
	assert_int_equal(game_unit_at(c, 33, 24), -1);
	game_free(c);

	/* An older save has no trail: the straight body, [40..33, 24]. */
	p = strstr(text, "\n    trail: ");
	q = strchr(p + 1, '\n');
	old = xasprintf("%.*s%s", (int)(p - text), text, q);
	c = restore(old, &d);
	assert_non_null(c);
	assert_false(unit_on_trail(&c->units[1]));
	assert_int_equal(game_unit_at(c, 33, 24), 1);
	assert_int_equal(game_unit_at(c, 38, 29), -1);
	game_free(c);

	/* A cell not next to the one before: refused, nothing changed. */
	p = strstr(text, "[38, 27]");
	bad = xasprintf("%.*s[30, 27]%s", (int)(p - text), text, p + 8);
	c = battle();
	before = dump(c);
	{
		struct doc_node *root = yread_buffer("bad", bad, strlen(bad),
		    &d);

		assert_non_null(root);
		assert_int_equal(save_apply(c, root, &d), -1);
		doc_free(root);
	}
	assert_true(d.n >= 1);
	assert_non_null(strstr(d.v[d.n - 1].msg, "[30, 27] is not next to "
	    "[38, 26]"));
	assert_true(d.v[d.n - 1].line > 1 && d.v[d.n - 1].col > 1);
	after = dump(c);
	assert_string_equal(before, after);
	free(before);
	free(after);
	game_free(c);
	free(bad);
	free(old);
	free(text);
	game_free(a);
	diags_free(&d);
}

/*
 * A riding general (3.1.2) is saved with his order and rides on from the
 * save as he would have; a battle where no general rides saves no order
 * for them (the saves and digests from before stay the same).
 */
/* The events of g's log that viewer reads, of kind EV_ORDER and holding
 * text. */
static int
order_events(const struct game *g, int viewer, const char *text)
{
	int i, n = 0;

	for (i = 0; i < g->log.n; i++)
		if (g->log.v[i].kind == EV_ORDER &&
		    strstr(g->log.v[i].text, text) != NULL &&
		    know_event(g, &g->log.v[i], viewer))
			n++;
	return n;
}

/*
 * Issue 13: orders given before a save are in the log again after the
 * game is resumed (a save holds no log): each unit's standing order, its
 * destination and turn, and each aide riding, each read by its own side
 * only; and nothing of the log from before stays.
 */
static void
test_resumed_log_shows_the_standing_orders(void **state)
{
	struct game *a = battle(), *c;
	struct diags d;
	char *text;
	int i, n;

	(void)state;
	diags_init(&d);
	a->generals[0].pos = (struct point){ 20, 28 };
	a->generals[1].pos = (struct point){ 20, 14 };
	give(a, "1-8L", 0, 20, 18);	/* near its general: in force */
	give(a, "4-cuir", 0, 55, 20);	/* 35 cells off: an aide rides */
	give(a, "27-jag", 1, 20, 10);
	assert_int_equal(a->ntransit, 1);
	text = save_text(a);
	c = restore(text, &d);
	diags_print(&d, stderr);
	assert_non_null(c);
	/* Only the recalled orders: one per order, none from before. */
	for (n = 0, i = 0; i < c->log.n; i++) {
		assert_int_equal(c->log.v[i].kind, EV_ORDER);
		assert_non_null(strstr(c->log.v[i].text, "(the game resumed)"));
		n++;
	}
	assert_int_equal(n, 3);
	assert_int_equal(order_events(c, 0, "a move order to [20, 18], "
	    "given in turn 1"), 1);
	assert_int_equal(order_events(c, 0, "An aide rides"), 1);
	assert_int_equal(order_events(c, 0, "to [55, 20], sent in turn 1: "
	    "arrives turn"), 1);
	assert_int_equal(order_events(c, 1, "to [20, 10]"), 1);
	/* Hidden information: neither side reads the other's. */
	assert_int_equal(order_events(c, 1, "to [20, 18]"), 0);
	assert_int_equal(order_events(c, 1, "An aide rides"), 0);
	assert_int_equal(order_events(c, 0, "to [20, 10]"), 0);
	diags_free(&d);
	free(text);
	game_free(a);
	game_free(c);
}

/*
 * An order given in the turn under way can be taken back (U) after the
 * game was saved and resumed, as before: to the order the unit held, and
 * only this turn.  A unit given nothing this turn has nothing to take
 * back, resumed or not.
 */
static void
test_save_keeps_what_take_back_restores(void **state)
{
	struct game *a = battle(), *c;
	struct order held;
	struct diags d;
	char *text, *cause = NULL, *da, *dc;
	int k;

	(void)state;
	diags_init(&d);
	/* The general beside the battalion: his orders hold at once. */
	a->generals[0].pos = (struct point){ 21, 26 };
	give(a, "1-8L", 0, 20, 10);		/* turn 1: held from now on */
	game_turn(a);
	held = a->units[0].order;
	assert_int_equal(held.kind, ORDER_MOVE);
	give(a, "1-8L", 0, 10, 20);		/* turn 2: another, to undo */
	assert_int_equal(a->units[0].order_turn, 2);
	text = save_text(a);
	assert_non_null(strstr(text, "undo: {order: {kind: move"));
	c = restore(text, &d);
	diags_print(&d, stderr);
	assert_non_null(c);
	assert_int_equal(c->units[0].order_turn, 2);
	assert_int_equal(game_order_undo(c, 0, &cause), 0);
	assert_int_equal(game_order_undo(a, 0, &cause), 0);
	/* Back to turn 1's order, the same in both. */
	assert_int_equal(c->units[0].order.kind, held.kind);
	assert_int_equal(c->units[0].order.npts, held.npts);
	for (k = 0; k < held.npts; k++) {
		assert_int_equal(c->units[0].order.pts[k].x, held.pts[k].x);
		assert_int_equal(c->units[0].order.pts[k].y, held.pts[k].y);
	}
	da = dump(a);
	dc = dump(c);
	assert_string_equal(da, dc);
	/* Nothing was given to 2-8L: nothing to take back. */
	assert_int_equal(game_order_undo(c, 1, &cause), -1);
	free(cause);
	free(da);
	free(dc);
	free(text);
	game_free(a);
	game_free(c);
	diags_free(&d);
}

/* The first turn too: an order given on turn 1 and saved can be taken
 * back after the resume, back to no order at all. */
static void
test_save_keeps_what_take_back_restores_on_turn_1(void **state)
{
	struct game *a = battle(), *c;
	struct diags d;
	char *text, *cause = NULL;

	(void)state;
	diags_init(&d);
	a->generals[0].pos = (struct point){ 21, 26 };
	assert_int_equal(a->turn, 1);
	give(a, "1-8L", 0, 20, 10);
	assert_int_equal(a->units[0].order_turn, 1);
	text = save_text(a);
	assert_non_null(strstr(text, "undo: {order: {kind: none"));
	c = restore(text, &d);
	assert_non_null(c);
	assert_int_equal(c->units[0].order_turn, 1);
	assert_int_equal(c->units[0].order.kind, ORDER_MOVE);
	assert_int_equal(game_order_undo(c, 0, &cause), 0);
	assert_int_equal(c->units[0].order.kind, ORDER_NONE);
	free(text);
	game_free(a);
	game_free(c);
	diags_free(&d);
}

static char *replaced(const char *, const char *, const char *);

static void
test_save_keeps_a_riding_general(void **state)
{
	struct game *a = battle(), *b = battle(), *c;
	struct order o;
	struct diags d;
	char *text, *edit, *cause = NULL, *da, *dc;

	(void)state;
	diags_init(&d);
	text = save_text(a);
	assert_null(strstr(text, "order: {kind: move, general: \"fr\""));
	free(text);
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = -1;
	o.general = 0;
	o.npts = 2;
	o.pts[0] = (struct point){ 30, 20 };
	o.pts[1] = (struct point){ 10, 20 };
	assert_int_equal(game_order(a, &o, &cause), 0);
	assert_int_equal(game_order(b, &o, &cause), 0);
	game_turn(a);
	game_turn(b);
	/* 24 steps north then west: [30, 36] -> [30, 20] -> [22, 20]. */
	assert_int_equal(a->generals[0].pos.x, 22);
	assert_int_equal(a->generals[0].pos.y, 20);
	text = save_text(a);
	assert_non_null(strstr(text, "at: [22, 20], radius: 0, order: "
	    "{kind: move, general: \"fr\""));
	/* A general's own order given by another general is refused, and
	 * nothing of the save is laid over the game. */
	edit = replaced(text, "order: {kind: move, general: \"fr\"",
	    "order: {kind: move, general: \"al\"");
	assert_null(restore(edit, &d));
	assert_int_equal(d.n, 1);
	assert_string_equal(d.v[0].msg, "a general's own order is a move "
	    "with its points and his own id as general");
	free(edit);
	diags_free(&d);
	diags_init(&d);
	c = restore(text, &d);
	diags_print(&d, stderr);
	assert_non_null(c);
	assert_int_equal(c->generals[0].order.kind, ORDER_MOVE);
	assert_int_equal(c->generals[0].order.unit, -1);
	assert_int_equal(c->generals[0].order.npts, 1);
	game_turn(b);
	game_turn(c);
	assert_int_equal(c->generals[0].pos.x, 10);
	assert_int_equal(c->generals[0].order.kind, ORDER_NONE);
	da = dump(b);
	dc = dump(c);
	assert_string_equal(da, dc);
	free(da);
	free(dc);
	free(text);
	game_free(a);
	game_free(b);
	game_free(c);
	diags_free(&d);
}

/* Two infantry Lines side by side facing N (2 BD each: Drill 4, no drum). */
static struct game *
line_pair(void)
{
	struct game *g = fixture_game(rs, 40, 30);

	g->generals[0].pos = (struct point){ 19, 27 };
	g->generals[1].pos = (struct point){ 20, 1 };
	fixture_unit(g, "wa", 0, ARM_INFANTRY, "line", "line", 16, 24, DIR_N,
	    600);
	fixture_unit(g, "wb", 0, ARM_INFANTRY, "line", "line", 22, 24, DIR_N,
	    600);
	game_seed(g, 9);
	return g;
}

/* One group order: the line's centre to [27, 10], north-east. */
static void
give_group(struct game *g)
{
	struct order o;
	char *cause;

	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = game_find_unit(g, "wa");
	o.general = 0;
	o.npts = 1;
	o.pts[0] = (struct point){ 27, 10 };
	o.ngroup = 2;
	o.group[0] = game_find_unit(g, "wa");
	o.group[1] = game_find_unit(g, "wb");
	assert_int_equal(game_order(g, &o, &cause), 0);
}

/* A unit's formation is saved by its name, the ruleset's first (index 0,
 * the Line) as any other; an order's formation by name too, and "-1"
 * when the order names none. */
static void
test_save_formation_by_name_the_first_too(void **state)
{
	struct game *g = line_pair();
	char *text;

	(void)state;
	assert_int_equal(ruleset_form(rs, "line"), 0);
	assert_int_equal(g->units[0].formation, 0);
	give_group(g);
	text = save_text(g);
	assert_non_null(strstr(text, "\n    formation: line\n"));
	assert_null(strstr(text, "\n    formation: 0\n"));
	assert_non_null(strstr(text, ", formation: -1"));
	free(text);
	game_free(g);
}

/* A reinforcement still to come is saved with the turn it arrives: wb
 * away, due on turn 3, is "arrives: 3" in the save, and a game loaded
 * from it holds wb away, due on turn 3. */
static void
test_save_reinforcement_keeps_its_turn(void **state)
{
	struct game *a = line_pair(), *c = line_pair();
	struct doc_node *root;
	struct diags d;
	char *text;
	int wb = 1;

	(void)state;
	game_occupy(a, wb, false);
	a->units[wb].cond = COND_AWAY;
	a->units[wb].arrives = 3;
	text = save_text(a);
	assert_non_null(strstr(text, "\n    arrives: 3\n"));
	diags_init(&d);
	root = yread_buffer("save", text, strlen(text), &d);
	assert_non_null(root);
	assert_int_equal(save_apply(c, root, &d), 0);
	doc_free(root);
	assert_int_equal(c->units[wb].cond, COND_AWAY);
	assert_int_equal(c->units[wb].arrives, 3);
	free(text);
	diags_free(&d);
	game_free(a);
	game_free(c);
}

/* 3.6.3: what a save says a line has paid towards a wheel replaces what
 * the game loaded into held, nothing included: a save of wa with no
 * wheel part-paid (no wheeled line), applied to a game whose wa had paid
 * 2 BD, leaves wa with 0 paid. */
static void
test_save_no_wheel_paid_replaces_the_games(void **state)
{
	struct game *a = line_pair(), *c = line_pair();
	struct doc_node *root;
	struct diags d;
	char *text;

	(void)state;
	text = save_text(a);
	assert_null(strstr(text, "wheeled:"));
	c->units[0].wheeled = 2 * rs->ticks;
	diags_init(&d);
	root = yread_buffer("save", text, strlen(text), &d);
	assert_non_null(root);
	assert_int_equal(save_apply(c, root, &d), 0);
	doc_free(root);
	assert_int_equal(c->units[0].wheeled, 0);
	free(text);
	diags_free(&d);
	game_free(a);
	game_free(c);
}

/* 3.6.3: a group order names 2 to 8 units (ORDER_GROUP_MAX): a save whose
 * group names one is refused, at the group, saying so. */
static void
test_save_group_of_one_refused(void **state)
{
	struct game *a = line_pair(), *c = line_pair();
	const char *two = "group: [\"wa\", \"wb\"]";
	struct doc_node *root;
	struct diags d;
	char *text, *bad, *at;

	(void)state;
	give_group(a);
	text = save_text(a);
	assert_non_null(at = strstr(text, two));
	bad = xasprintf("%.*sgroup: [\"wa\"]%s", (int)(at - text), text,
	    at + strlen(two));
	diags_init(&d);
	root = yread_buffer("save", bad, strlen(bad), &d);
	assert_non_null(root);
	assert_int_not_equal(save_apply(c, root, &d), 0);
	assert_true(d.n >= 1);
	assert_string_equal(d.v[0].msg, "a group names 2 to 8 units");
	doc_free(root);
	free(bad);
	free(text);
	diags_free(&d);
	game_free(a);
	game_free(c);
}

/*
 * 3.6.3: a line's wheel that takes several turns is saved midway (its
 * group order and what it has paid towards the stage) and goes on after
 * a load exactly as if never stopped.
 */
static void
test_M9_3_6_3_wheel_saved_midway_goes_on(void **state)
{
	struct game *a = line_pair(), *b = line_pair(), *c;
	struct doc_node *root;
	struct diags d;
	char *text, *da, *dc;
	int i;

	(void)state;
	diags_init(&d);
	give_group(a);
	give_group(b);
	for (i = 0; i < 2; i++) {
		game_turn(a);
		game_turn(b);
	}
	/* Pace 2 BD - 1 BD = 1 BD a turn, the stage 3.75 BD (a Line is
	 * 4 cells wide facing NE): midway. */
	assert_int_equal(a->units[0].facing, DIR_N);
	assert_int_equal(a->units[0].wheeled, 2 * rs->ticks);
	text = save_text(a);
	assert_non_null(strstr(text, "group: [\"wa\", \"wb\"], to: [27, 10]"));
	assert_non_null(strstr(text, "wheeled: 8"));
	root = yread_buffer("save", text, strlen(text), &d);
	assert_non_null(root);
	c = line_pair();
	assert_int_equal(save_apply(c, root, &d), 0);
	doc_free(root);
	da = dump(a);
	dc = dump(c);
	assert_string_equal(da, dc);
	free(da);
	free(dc);
	for (i = 0; i < 4; i++) {
		game_turn(b);
		game_turn(c);
	}
	da = dump(b);
	dc = dump(c);
	assert_string_equal(da, dc);
	/* The stage was paid in the fourth turn: both face NE, abreast. */
	assert_int_equal(c->units[0].facing, DIR_NE);
	assert_int_equal(c->units[1].facing, DIR_NE);
	free(da);
	free(dc);
	free(text);
	game_free(a);
	game_free(b);
	game_free(c);
	diags_free(&d);
}

/* The Lines of line_pair, filed after a Column z (unit 0). */
static struct game *
line_pair_behind_z(void)
{
	struct game *g = fixture_game(rs, 40, 30);

	g->generals[0].pos = (struct point){ 19, 27 };
	g->generals[1].pos = (struct point){ 20, 1 };
	fixture_unit(g, "z", 0, ARM_INFANTRY, "line", "column", 5, 10, DIR_N,
	    600);
	fixture_unit(g, "wa", 0, ARM_INFANTRY, "line", "line", 16, 24, DIR_N,
	    600);
	fixture_unit(g, "wb", 0, ARM_INFANTRY, "line", "line", 22, 24, DIR_N,
	    600);
	game_seed(g, 9);
	return g;
}

/*
 * 3.6.3: a group order is read back from a save with every unit it
 * names, the first as the others: with a Column z filed first (unit 0),
 * the Lines wa and wb (units 1 and 2) given one group order, the game
 * loaded from the save holds wa's and wb's group as [wa, wb], units 1
 * and 2, and dumps as the game saved.
 */
static void
test_M9_3_6_3_group_order_saved_with_every_unit(void **state)
{
	struct game *a = line_pair_behind_z(), *c = line_pair_behind_z();
	struct doc_node *root;
	struct diags d;
	char *text, *da, *dc;
	int i, wa, wb;

	(void)state;
	wa = game_find_unit(a, "wa");
	wb = game_find_unit(a, "wb");
	assert_int_equal(wa, 1);
	assert_int_equal(wb, 2);
	give_group(a);
	assert_int_equal(a->units[wa].order.group[0], wa);
	text = save_text(a);
	diags_init(&d);
	root = yread_buffer("save", text, strlen(text), &d);
	assert_non_null(root);
	assert_int_equal(save_apply(c, root, &d), 0);
	doc_free(root);
	for (i = 1; i <= 2; i++) {
		assert_int_equal(c->units[i].order.ngroup, 2);
		assert_int_equal(c->units[i].order.group[0], wa);
		assert_int_equal(c->units[i].order.group[1], wb);
	}
	da = dump(a);
	dc = dump(c);
	assert_string_equal(da, dc);
	free(da);
	free(dc);
	free(text);
	diags_free(&d);
	game_free(a);
	game_free(c);
}

/*
 * 3.6.3: the same group order given again in the middle of a wheel (as
 * the AI does each turn) goes on with what the line has paid; one sent
 * the other way round starts afresh, and so does an order to one unit.
 */
static void
test_M9_3_6_3_wheel_goes_on_when_the_order_is_given_again(void **state)
{
	struct game *g = line_pair();
	struct order o;
	char *cause;

	(void)state;
	give_group(g);
	game_turn(g);
	assert_int_equal(g->units[0].wheeled, rs->ticks);
	give_group(g);
	game_turn(g);
	/* 1 BD a turn, kept: 2 BD paid towards the right wheel. */
	assert_int_equal(g->units[0].wheeled, 2 * rs->ticks);
	assert_int_equal(g->units[1].wheeled, 2 * rs->ticks);

	/* The centre sent north-west: a wheel to the left, from nothing. */
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = 0;
	o.general = 0;
	o.npts = 1;
	o.pts[0] = (struct point){ 11, 10 };
	o.ngroup = 2;
	o.group[0] = 0;
	o.group[1] = 1;
	assert_int_equal(game_order(g, &o, &cause), 0);
	game_turn(g);
	assert_int_equal(g->units[0].wheeled, -rs->ticks);
	assert_int_equal(g->units[0].facing, DIR_N);

	/* An order to one unit alone ends its part in the wheel. */
	o.ngroup = 0;
	o.pts[0] = (struct point){ 16, 10 };
	assert_int_equal(game_order(g, &o, &cause), 0);
	assert_int_equal(g->units[0].wheeled, 0);
	game_free(g);
}

/* The dump is a function of the state: change one man, the digest moves. */
static void
test_digest_follows_state(void **state)
{
	struct game *a = battle(), *b = battle();

	(void)state;
	assert_true(save_digest(a) == save_digest(b));
	b->units[2].strength--;
	assert_false(save_digest(a) == save_digest(b));
	game_free(a);
	game_free(b);
}

/* FNV-1a, 64 bits, of len bytes from p: the digest computed here apart. */
static uint64_t
fnv1a(const char *p, size_t len)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	size_t i;

	for (i = 0; i < len; i++) {
		h ^= (unsigned char)p[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

/*
 * save_digest is the 64-bit FNV-1a of the whole dump, its first byte
 * included: the same figure as the hash computed here over the dump (the
 * hash itself checked against FNV-1a's published value for "a",
 * af63dc4c8601ec8c).
 */
static void
test_digest_is_fnv1a_of_the_whole_dump(void **state)
{
	struct game *g = battle();
	char *text = dump(g);

	(void)state;
	assert_true(fnv1a("a", 1) == 0xaf63dc4c8601ec8cULL);
	assert_true(save_digest(g) == fnv1a(text, strlen(text)));
	free(text);
	game_free(g);
}

/* A save's text with the first from replaced by to (allocated). */
static char *
replaced(const char *text, const char *from, const char *to)
{
	const char *p = strstr(text, from);

	assert_non_null(p);
	return xasprintf("%.*s%s%s", (int)(p - text), text, to,
	    p + strlen(from));
}

/* Who commands the other side is kept: a second player or nobody comes
 * back as it was, the computer written out in full is read, and an
 * opponent the game does not know is refused where it stands. */
static void
test_save_keeps_the_opponent(void **state)
{
	struct game *a = battle(), *b;
	struct diags d;
	char *text, *edit;

	(void)state;
	diags_init(&d);
	a->opt.opponent = OPPONENT_PLAYER;
	text = save_text(a);
	assert_non_null(strstr(text, ", opponent: player"));
	assert_non_null(b = restore(text, &d));
	assert_int_equal(b->opt.opponent, OPPONENT_PLAYER);
	game_free(b);
	free(text);

	a->opt.opponent = OPPONENT_NONE;
	text = save_text(a);
	assert_non_null(b = restore(text, &d));
	assert_int_equal(b->opt.opponent, OPPONENT_NONE);
	game_free(b);

	/* The default, not written, but read when it is. */
	edit = replaced(text, ", opponent: none", ", opponent: computer");
	b = restore(edit, &d);
	assert_int_equal(d.n, 0);
	assert_non_null(b);
	assert_int_equal(b->opt.opponent, OPPONENT_COMPUTER);
	game_free(b);
	free(edit);

	/* Only the options marshal and the ruleset name are keys: not even
	 * an empty one, which no option of the ruleset is called. */
	edit = replaced(text, "options: {", "options: {\"\": true, ");
	assert_null(restore(edit, &d));
	assert_int_equal(d.n, 1);
	assert_string_equal(d.v[0].msg, "unknown key ''");
	free(edit);
	diags_free(&d);
	diags_init(&d);
	edit = replaced(text, ", opponent: none", ", opponent: robot");
	assert_null(restore(edit, &d));
	assert_int_equal(d.n, 1);
	assert_string_equal(d.v[0].msg, "unknown opponent");
	assert_string_equal(d.v[0].file, "save");
	assert_int_equal(d.v[0].col, (int)(strstr(edit, "robot") -
	    strstr(edit, "options:")) + 1);
	free(edit);
	free(text);
	game_free(a);
	diags_free(&d);
}

/*
 * What a line has paid towards its wheel (3.6.3) is read from a save
 * within -2^20 to 2^20 ticks, the ends included: 1048576 and -1048576
 * are read back, 1048577 and -1048577 are refused where they stand.
 */
static void
test_save_reads_wheeled_up_to_2_to_the_20(void **state)
{
	static const int v[4] = { 1 << 20, -(1 << 20), (1 << 20) + 1,
	    -(1 << 20) - 1 };
	struct game *a = line_pair(), *c;
	struct doc_node *root;
	struct diags d;
	char *text, *edit, to[40];
	int i, k;

	(void)state;
	give_group(a);
	for (i = 0; i < 2; i++)
		game_turn(a);
	text = save_text(a);
	for (k = 0; k < 4; k++) {
		diags_init(&d);
		snprintf(to, sizeof to, "    wheeled: %d\n", v[k]);
		edit = replaced(text, "    wheeled: 8\n", to);
		root = yread_buffer("save", edit, strlen(edit), &d);
		assert_non_null(root);
		c = line_pair();
		assert_int_equal(save_apply(c, root, &d), k < 2 ? 0 : -1);
		if (k < 2)
			assert_int_equal(c->units[0].wheeled, v[k]);
		else {
			assert_int_equal(d.n, 1);
			assert_int_equal(d.v[0].col, (int)strlen("    wheeled: ")
			    + 1);
		}
		doc_free(root);
		game_free(c);
		free(edit);
		diags_free(&d);
	}
	free(text);
	game_free(a);
}

/*
 * A unit's attributes are read with its strength and its state values
 * after its halt, as the save writes them, so the complaints about a
 * damaged unit come in the file's order: the first unit's drill of 9
 * (above the ruleset's 6) first, at its line, then its missing ap_used.
 */
static void
test_save_complains_of_attributes_before_state_values(void **state)
{
	struct game *a = battle(), *c;
	struct doc_node *root;
	struct diags d;
	char *text, *e1, *e2;
	const char *p;
	int unit = 1, drill;

	(void)state;
	text = save_text(a);
	e1 = replaced(text, "    drill: 4\n", "    drill: 9\n");
	e2 = replaced(e1, "    ap_used: 0\n", "");
	/* The lines of the first unit's "- id:" and of its drill. */
	for (p = e2; p < strstr(e2, "  - id: \"1-8L\""); p++)
		unit += *p == '\n';
	drill = unit + 3;
	diags_init(&d);
	root = yread_buffer("save", e2, strlen(e2), &d);
	assert_non_null(root);
	c = battle();
	assert_int_equal(save_apply(c, root, &d), -1);
	assert_int_equal(d.n, 2);
	assert_int_equal(d.v[0].line, drill);
	assert_int_equal(d.v[0].col, (int)strlen("    drill: ") + 1);
	assert_string_equal(d.v[0].msg, "value 9 out of range 1..6");
	assert_int_equal(d.v[1].line, unit);
	assert_string_equal(d.v[1].msg, "missing key 'ap_used'");
	doc_free(root);
	game_free(c);
	diags_free(&d);
	free(e2);
	free(e1);
	free(text);
	game_free(a);
}

/*
 * 3.10.2: a finished battle's result gives one score a side; a save whose
 * result gives 1 for the scenario's 2 sides is refused where the list
 * stands, "1 points saved, the scenario has 2 sides".
 */
static void
test_3_10_2_result_with_a_score_short_is_refused(void **state)
{
	struct game *a = battle(), *c;
	struct doc_node *root;
	struct diags d;
	char *text, *edit, *p;
	int line = 1;

	(void)state;
	a->result.over = true;
	a->result.winner = 0;
	a->result.points[0] = 5;
	a->result.points[1] = 2;
	snprintf(a->result.rule, sizeof a->result.rule, "3.10.2");
	a->result.turn = 1;
	text = save_text(a);
	edit = replaced(text, "points: [5, 2]", "points: [5]");
	assert_non_null(p = strstr(edit, "result: "));
	for (const char *q = edit; q < p; q++)
		line += *q == '\n';
	diags_init(&d);
	root = yread_buffer("save", edit, strlen(edit), &d);
	assert_non_null(root);
	c = battle();
	assert_int_equal(save_apply(c, root, &d), -1);
	assert_int_equal(d.n, 1);
	assert_string_equal(d.v[0].msg, "1 points saved, the scenario has 2 "
	    "sides");
	assert_int_equal(d.v[0].line, line);
	assert_int_equal(d.v[0].col, (int)(strstr(p, "[5]") - p) + 1);
	assert_false(c->result.over);
	doc_free(root);
	game_free(c);
	diags_free(&d);
	free(edit);
	free(text);
	game_free(a);
}

/*
 * 3.10: the winner a save's result names is a side of the scenario or -1
 * for none: with 2 sides, -1 and 1 are read back, 2 and -2 are refused
 * where they stand, with one complaint.
 */
static void
test_3_10_result_winner_from_minus_1_to_the_last_side(void **state)
{
	static const int v[4] = { -1, 1, 2, -2 };
	struct game *a = battle(), *c;
	struct doc_node *root;
	struct diags d;
	char *text, *edit, to[40];
	int k;

	(void)state;
	a->result.over = true;
	a->result.winner = 0;
	a->result.points[0] = 5;
	a->result.points[1] = 2;
	snprintf(a->result.rule, sizeof a->result.rule, "3.10.2");
	a->result.turn = 1;
	text = save_text(a);
	for (k = 0; k < 4; k++) {
		snprintf(to, sizeof to, "winner: %d,", v[k]);
		edit = replaced(text, "winner: 0,", to);
		diags_init(&d);
		root = yread_buffer("save", edit, strlen(edit), &d);
		assert_non_null(root);
		c = battle();
		assert_int_equal(save_apply(c, root, &d), k < 2 ? 0 : -1);
		if (k < 2) {
			assert_true(c->result.over);
			assert_int_equal(c->result.winner, v[k]);
		} else {
			assert_int_equal(d.n, 1);
			assert_false(c->result.over);
		}
		doc_free(root);
		game_free(c);
		diags_free(&d);
		free(edit);
	}
	free(text);
	game_free(a);
}

/*
 * A unit's route key is read from a save as an unsigned number: 4294967295
 * is read back, -1 is refused with one complaint, the game unchanged.
 */
static void
test_save_reads_route_key_as_unsigned(void **state)
{
	static const char *v[2] = { "4294967295", "-1" };
	struct game *a = battle(), *c;
	struct doc_node *root;
	struct diags d;
	char *text, *edit, to[40];
	int k;

	(void)state;
	a->units[0].route_key = 77;
	text = save_text(a);
	for (k = 0; k < 2; k++) {
		snprintf(to, sizeof to, "route_key: %s\n", v[k]);
		edit = replaced(text, "route_key: 77\n", to);
		diags_init(&d);
		root = yread_buffer("save", edit, strlen(edit), &d);
		assert_non_null(root);
		c = battle();
		assert_int_equal(save_apply(c, root, &d), k == 0 ? 0 : -1);
		if (k == 0)
			assert_int_equal(c->units[0].route_key, 4294967295u);
		else {
			assert_int_equal(d.n, 1);
			assert_int_equal(c->units[0].route_key, 0);
		}
		doc_free(root);
		game_free(c);
		diags_free(&d);
		free(edit);
	}
	free(text);
	game_free(a);
}

/*
 * A save whose last unit has a route but a damaged track is refused, and
 * the route read before the damage is let go once: the load fails with
 * the one complaint about the track, the game it was read into unchanged.
 */
static void
test_damaged_track_after_a_route_is_refused(void **state)
{
	struct game *a = battle(), *b;
	struct doc_node *root;
	struct diags d;
	struct unit *u = &a->units[a->nunits - 1];
	char *text, *edit, *p, *q, *before, *after;

	(void)state;
	diags_init(&d);
	u->route = xmallocarray(2, sizeof *u->route);
	u->route[0] = (struct point){ 40, 13 };
	u->route[1] = (struct point){ 40, 14 };
	u->nroute = 2;
	text = save_text(a);
	for (p = NULL, q = text; (q = strstr(q, "\n    track: ")) != NULL;
	    q++)
		p = q;
	assert_non_null(p);
	assert_non_null(strstr(text, "route: [[40, 13], [40, 14]]"));
	assert_true(strstr(text, "route: [[40, 13], [40, 14]]") < p);
	edit = xasprintf("%.*s\n    track: 5%s", (int)(p - text), text,
	    strchr(p + 1, '\n'));
	b = battle();
	before = dump(b);
	root = yread_buffer("damaged", edit, strlen(edit), &d);
	assert_non_null(root);
	assert_int_equal(save_apply(b, root, &d), -1);
	assert_int_equal(d.n, 1);
	after = dump(b);
	assert_string_equal(before, after);
	doc_free(root);
	free(before);
	free(after);
	free(edit);
	free(text);
	game_free(a);
	game_free(b);
	diags_free(&d);
}

/* A small horse-and-musket game, one Line of foot: the ruleset has an
 * option of its own (road_bonus, H14). */
static struct game *
hm_game(struct ruleset *hrs)
{
	struct game *g = game_create(hrs, map_create(30, 20));
	struct unit *un;
	int u;

	game_add_side(g, "Americans");
	game_add_side(g, "British");
	game_add_general(g, "am", "Morgan", 0, -1);
	game_add_general(g, "br", "Tarleton", 1, -1);
	u = game_add_unit(g, "u", "U", 0, 0);
	un = &g->units[u];
	un->arm = ARM_INFANTRY;
	un->klass = ruleset_class(hrs, ARM_INFANTRY, "close");
	un->strength = un->strength0 = 200;
	un->formation = ruleset_form(hrs, "line");
	un->pos = (struct point){ 15, 10 };
	un->facing = DIR_N;
	un->cond = COND_FORMED;
	un->contact = -1;
	unit_attr_set(un, ruleset_attr(hrs, "drill"), 4);
	game_occupy(g, u, true);
	return g;
}

/* The ruleset's own options are saved when not their default, and read
 * back: H14's road bonus (default off) on is written and comes back on;
 * off, it is not written at all. */
static void
test_save_keeps_a_ruleset_option(void **state)
{
	const char *dd = getenv("MARSHAL_DATA");
	struct ruleset *hrs;
	struct game *a, *b;
	struct doc_node *root;
	struct diags d;
	char *text;
	int k;

	(void)state;
	diags_init(&d);
	hrs = load_ruleset("horse-and-musket", dd != NULL ? dd : "data", &d);
	assert_non_null(hrs);
	assert_true((k = ruleset_option(hrs, "road_bonus")) >= 0);
	assert_false(hrs->opt[k].def);
	a = hm_game(hrs);
	a->opt.module[k] = true;
	text = save_text(a);
	assert_non_null(strstr(text, ", road_bonus: true"));
	assert_non_null(root = yread_buffer("save", text, strlen(text), &d));
	b = hm_game(hrs);
	assert_int_equal(save_apply(b, root, &d), 0);
	assert_true(b->opt.module[k]);
	doc_free(root);
	game_free(b);
	free(text);
	a->opt.module[k] = false;
	text = save_text(a);
	assert_null(strstr(text, "road_bonus"));
	free(text);
	game_free(a);
	ruleset_free(hrs);
	diags_free(&d);
}

/*
 * Who commanded each side in play, and the computer's level, are kept
 * (so a game resumed gives each side back to its commander): written
 * only once someone has played the game, read back side by side, and
 * left out of the state's digest.  A
 * save without them (written before they were kept) leaves them not
 * known; a wrong count, an unknown commander or level is refused where
 * it stands.
 */
static void
test_save_keeps_the_commanders(void **state)
{
	struct game *a = battle(), *b;
	struct diags d;
	char *text, *edit;
	const char *p;
	uint64_t digest;
	int line;

	(void)state;
	diags_init(&d);
	text = save_text(a);
	assert_null(strstr(text, "commanders:"));
	assert_null(strstr(text, "level:"));
	assert_non_null(b = restore(text, &d));
	assert_int_equal(b->opt.commander[0], -1);
	assert_int_equal(b->opt.commander[1], -1);
	assert_int_equal(b->opt.level, -1);
	game_free(b);
	free(text);

	digest = save_digest(a);
	a->opt.commander[0] = OPPONENT_COMPUTER;
	a->opt.commander[1] = OPPONENT_PLAYER;
	a->opt.level = AI_HARD;
	/* Of the session, not the battle: the digest a recording replayed
	 * is checked against is the same. */
	assert_true(save_digest(a) == digest);
	text = save_text(a);
	assert_non_null(strstr(text, "\ncommanders: [computer, player]\n"));
	assert_non_null(strstr(text, "\nlevel: hard\n"));
	assert_non_null(b = restore(text, &d));
	assert_int_equal(d.n, 0);
	assert_int_equal(b->opt.commander[0], OPPONENT_COMPUTER);
	assert_int_equal(b->opt.commander[1], OPPONENT_PLAYER);
	assert_int_equal(b->opt.level, AI_HARD);
	game_free(b);

	/* Where each refusal stands: the line of the key, its column. */
	line = 1;
	for (p = text; p < strstr(text, "commanders:"); p++)
		line += *p == '\n';
	edit = replaced(text, "[computer, player]", "[computer]");
	assert_null(restore(edit, &d));
	assert_int_equal(d.n, 1);
	assert_string_equal(d.v[0].msg, "commanders: 1 given for 2 sides");
	assert_int_equal(d.v[0].line, line);
	assert_int_equal(d.v[0].col, (int)strlen("commanders: ") + 1);
	free(edit);
	diags_free(&d);
	diags_init(&d);
	edit = replaced(text, "[computer, player]", "[computer, robot]");
	assert_null(restore(edit, &d));
	assert_int_equal(d.n, 1);
	assert_string_equal(d.v[0].msg,
	    "unknown commander (computer, player or none)");
	assert_int_equal(d.v[0].line, line);
	assert_int_equal(d.v[0].col, (int)strlen("commanders: [computer, ") +
	    1);
	free(edit);
	diags_free(&d);
	diags_init(&d);
	/* The first level of the list, passive (0), is read as any other. */
	edit = replaced(text, "level: hard", "level: passive");
	assert_non_null(b = restore(edit, &d));
	assert_int_equal(d.n, 0);
	assert_int_equal(b->opt.level, AI_PASSIVE);
	assert_string_equal(ai_level_name(AI_PASSIVE), "passive");
	game_free(b);
	free(edit);
	edit = replaced(text, "level: hard", "level: godlike");
	assert_null(restore(edit, &d));
	assert_int_equal(d.n, 1);
	assert_string_equal(d.v[0].msg, "unknown level of the computer");
	assert_int_equal(d.v[0].line, line + 1);
	assert_int_equal(d.v[0].col, (int)strlen("level: ") + 1);
	free(edit);
	free(text);
	game_free(a);
	diags_free(&d);
}

/* Each side is written under its own name, in the scenario's order. */
static void
test_save_names_the_sides(void **state)
{
	struct game *a = battle();
	char *text;

	(void)state;
	a->sides[1].broken = true;
	text = save_text(a);
	assert_non_null(strstr(text, "sides:\n  - {name: \"French\", "
	    "broken: false}\n  - {name: \"Allies\", broken: true}\n"));
	free(text);
	game_free(a);
}

/*
 * Whether each side is broken is read back from a save, the
 * first side's as the second's; a save naming one side for the
 * scenario's two is refused at its sides, "1 sides saved, the scenario
 * has 2".
 */
static void
test_save_reads_back_which_side_is_broken(void **state)
{
	struct game *a = battle(), *b;
	struct diags d;
	char *text, *edit;

	(void)state;
	diags_init(&d);
	a->sides[0].broken = true;
	text = save_text(a);
	assert_non_null(b = restore(text, &d));
	assert_int_equal(d.n, 0);
	assert_true(b->sides[0].broken);
	assert_false(b->sides[1].broken);
	game_free(b);
	edit = replaced(text, "\n  - {name: \"Allies\", broken: false}", "");
	assert_null(restore(edit, &d));
	assert_int_equal(d.n, 1);
	assert_string_equal(d.v[0].msg, "1 sides saved, the scenario has 2");
	free(edit);
	free(text);
	game_free(a);
	diags_free(&d);
}

static void
test_save_refuses_foreign_file(void **state)
{
	static const char text[] = "map: Not a save\nlegend: {}\n";
	struct diags d;

	(void)state;
	diags_init(&d);
	assert_null(restore(text, &d));
	assert_int_equal(d.n, 1);
	assert_non_null(strstr(d.v[0].msg, "not a marshal save"));
	diags_free(&d);
}

static void
test_save_refuses_other_format(void **state)
{
	static const char text[] = "marshal-save: 99\n";
	struct diags d;

	(void)state;
	diags_init(&d);
	assert_null(restore(text, &d));
	assert_non_null(strstr(d.v[0].msg, "save format 99"));
	assert_int_equal(d.v[0].line, 1);
	diags_free(&d);
	/* Format 0, the least a format can be, is read as a format too:
	 * another marshal's, not a number out of range. */
	diags_init(&d);
	assert_null(restore("marshal-save: 0\n", &d));
	assert_int_equal(d.n, 1);
	assert_non_null(strstr(d.v[0].msg, "save format 0; this marshal "
	    "reads format"));
	diags_free(&d);
}

/* A damaged save is refused with a position, and the game is untouched. */
static void
test_damaged_save_leaves_game_unchanged(void **state)
{
	struct game *a = battle(), *b;
	struct doc_node *root;
	struct diags d;
	char *text, *p, *before, *after;

	(void)state;
	diags_init(&d);
	a->units[0].strength = 321;
	text = save_text(a);
	p = strstr(text, "\"27-jag\"");
	assert_non_null(p);
	/* A unit not in the scenario. */
	p = xasprintf("%.*s\"27-xxx\"%s", (int)(p - text), text, p + 8);
	free(text);
	text = p;
	b = battle();
	before = dump(b);
	root = yread_buffer("damaged", text, strlen(text), &d);
	assert_non_null(root);
	assert_int_equal(save_apply(b, root, &d), -1);
	assert_true(d.n >= 1);
	assert_non_null(strstr(d.v[0].msg, "no unit '27-xxx'"));
	assert_true(d.v[0].line > 1);
	after = dump(b);
	assert_string_equal(before, after);
	doc_free(root);
	free(before);
	free(after);
	free(text);
	game_free(a);
	game_free(b);
	diags_free(&d);
}

static int
count_files(const char *dir)
{
	DIR *dp = opendir(dir);
	struct dirent *e;
	int n = 0;

	while ((e = readdir(dp)) != NULL)
		if (e->d_name[0] != '.')
			n++;
	closedir(dp);
	return n;
}

/*
 * save_atomic_at where its temporary file cannot be made (the name is
 * in a folder that is not there): it fails at once with the reason the
 * file could not be made, "No such file or directory", and writes
 * nothing.
 */
static void
test_save_atomic_at_says_why_the_file_cannot_be_made(void **state)
{
	char dir[] = "/tmp/marshal-save-XXXXXX", *cause = NULL;
	int dfd;

	(void)state;
	assert_non_null(mkdtemp(dir));
	assert_true((dfd = open(dir, O_RDONLY | O_DIRECTORY)) >= 0);
	assert_int_equal(save_atomic_at(dfd, "gone/b.yaml", "gone/b.yaml",
	    "x\n", 2, &cause), -1);
	assert_non_null(cause);
	assert_string_equal(cause, "gone/b.yaml: No such file or directory");
	free(cause);
	close(dfd);
	assert_int_equal(count_files(dir), 0);
	assert_int_equal(rmdir(dir), 0);
}

/* Atomic writes: the new save replaces the old whole, or not at all. */
static void
test_save_file_atomic(void **state)
{
	char dir[] = "/tmp/marshal-save-XXXXXX", *path, *bad, *cause;
	struct game *g = battle();
	struct doc_node *root;
	struct diags d;
	FILE *f;
	char buf[64];
	int fd, fd2;

	(void)state;
	diags_init(&d);
	assert_non_null(mkdtemp(dir));
	path = xasprintf("%s/battle.yaml", dir);
	f = fopen(path, "w");
	fputs("old save\n", f);
	fclose(f);
	/* Saving leaves no descriptor open (the file's nor its directory's):
	 * the lowest free one is the same before and after. */
	assert_true((fd = dup(0)) >= 0);
	close(fd);
	assert_int_equal(save_file(g, NULL, path, &cause), 0);
	assert_int_equal(fd2 = dup(0), fd);
	close(fd2);
	root = yread_file(path, &d);
	assert_non_null(root);
	doc_free(root);
	assert_int_equal(count_files(dir), 1);

	/* Renaming over a directory fails: the old file stays, no litter. */
	bad = xasprintf("%s/sub", dir);
	assert_int_equal(mkdir(bad, 0700), 0);
	assert_int_equal(save_file(g, NULL, bad, &cause), -1);
	assert_non_null(cause);
	free(cause);
	assert_int_equal(count_files(dir), 2);
	f = fopen(path, "r");
	assert_non_null(fgets(buf, sizeof buf, f));
	fclose(f);
	assert_non_null(strstr(buf, "saved battle"));

	/* A missing directory is reported, nothing created. */
	free(bad);
	bad = xasprintf("%s/none/battle.yaml", dir);
	assert_int_equal(save_file(g, NULL, bad, &cause), -1);
	free(cause);
	unlink(path);
	free(path);
	path = xasprintf("%s/sub", dir);
	rmdir(path);
	rmdir(dir);
	free(path);
	free(bad);
	game_free(g);
	diags_free(&d);
}

/* A save given a bare name (as typed at the prompt) is written in the
 * current directory under that name: "bare.save" holds the text given,
 * and nothing else is left there. */
static void
test_save_atomic_bare_name_in_the_current_directory(void **state)
{
	char dir[] = "/tmp/marshal-bare-XXXXXX", *cause = NULL, *here;
	char buf[32];
	FILE *f;

	(void)state;
	assert_non_null(mkdtemp(dir));
	assert_non_null(here = getcwd(NULL, 0));
	assert_int_equal(chdir(dir), 0);
	assert_int_equal(save_atomic("bare.save", "a bare save\n", 12,
	    &cause), 0);
	assert_null(cause);
	assert_non_null(f = fopen("bare.save", "r"));
	assert_non_null(fgets(buf, sizeof buf, f));
	fclose(f);
	assert_string_equal(buf, "a bare save\n");
	assert_int_equal(count_files("."), 1);
	unlink("bare.save");
	assert_int_equal(chdir(here), 0);
	free(here);
	rmdir(dir);
}

/* Temporary files left beside a named save by killed saves are swept by
 * the next save to that name once they are old; a fresh one (another
 * marshal saving right now) and other files are left alone. */
static void
test_save_sweeps_stale_temp_files(void **state)
{
	char dir[] = "/tmp/marshal-sweep-XXXXXX", *path, *cause, *p;
	const char *names[] = { "old.tmp.Ab12Cd", "old.tmp.fresh1",
	    "old.tmp.toolong99", "other.tmp.Zz99Yy" };
	struct timespec times[2];
	struct game *g = battle();
	struct stat st;
	size_t i;
	FILE *f;

	(void)state;
	assert_non_null(mkdtemp(dir));
	path = xasprintf("%s/old", dir);
	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		p = xasprintf("%s/%s", dir, names[i]);
		f = fopen(p, "w");
		assert_non_null(f);
		fputs("half a sa", f);
		fclose(f);
		if (i != 1) {
			/* Two minutes old. */
			times[0].tv_sec = times[1].tv_sec = time(NULL) - 120;
			times[0].tv_nsec = times[1].tv_nsec = 0;
			assert_int_equal(utimensat(AT_FDCWD, p, times, 0), 0);
		}
		free(p);
	}
	assert_int_equal(save_file(g, NULL, path, &cause), 0);
	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		p = xasprintf("%s/%s", dir, names[i]);
		if (i == 0)
			assert_int_not_equal(stat(p, &st), 0);
		else
			assert_int_equal(stat(p, &st), 0);
		unlink(p);
		free(p);
	}
	assert_int_equal(count_files(dir), 1);
	unlink(path);
	rmdir(dir);
	free(path);
	game_free(g);
}

static void
test_save_dir_follows_xdg(void **state)
{
	char *dir;

	(void)state;
	setenv("XDG_DATA_HOME", "/srv/data", 1);
	dir = save_dir();
	assert_string_equal(dir, "/srv/data/marshal");
	free(dir);
	unsetenv("XDG_DATA_HOME");
	setenv("HOME", "/home/ney", 1);
	dir = save_dir();
	assert_string_equal(dir, "/home/ney/.local/share/marshal");
	free(dir);
}

/* Names with quotes and control characters survive the round trip. */
static void
test_save_quotes_strings(void **state)
{
	struct game *a = battle(), *c;
	struct diags d;
	char *text;

	(void)state;
	diags_init(&d);
	free(a->units[0].id);
	a->units[0].id = xstrdup("a\"b\\c\td");
	text = save_text(a);
	/* Restoring needs the same ids in the scenario. */
	c = battle();
	free(c->units[0].id);
	c->units[0].id = xstrdup("a\"b\\c\td");
	{
		struct doc_node *root = yread_buffer("q", text, strlen(text),
		    &d);

		assert_non_null(root);
		assert_int_equal(save_apply(c, root, &d), 0);
		doc_free(root);
	}
	free(text);
	game_free(a);
	game_free(c);
	diags_free(&d);
}

/* The default scenario through the real loaders, its path made absolute
 * as marshal play makes it before recording it (a recording written
 * elsewhere reads its scenario from anywhere, whatever MARSHAL_DATA was
 * relative to). */
static char *
default_scenario(void)
{
	const char *dir = getenv("MARSHAL_DATA");
	char *path = xasprintf("%s/scenarios/default.yaml", dir != NULL ?
	    dir : "data"), *abs = realpath(path, NULL);

	if (abs == NULL)
		return path;
	free(path);
	return abs;
}

static struct game *
load_default(const char *path, struct ruleset **rsp)
{
	struct diags d;
	struct game *g;

	diags_init(&d);
	g = load_scenario(path, getenv("MARSHAL_DATA"), rsp, &d);
	diags_print(&d, stderr);
	diags_free(&d);
	return g;
}

/* A save whose load runs out of memory between its readers, where
 * none of them says so itself: at the allocation just after the save's
 * text is parsed (the path of its scenario, made before the scenario is
 * read).  No game, no ruleset, and the diagnostics say the load ran out
 * while loading that save, at no position in it (0:0). */
static void
test_save_load_out_of_memory_says_so(void **state)
{
	char *buf, *cause = NULL, *path = default_scenario();
	struct ruleset *rsg, *rl = NULL;
	struct game *g = load_default(path, &rsg), *l;
	struct doc_node *root;
	struct diags d;
	unsigned long parse;
	size_t len;

	(void)state;
	assert_non_null(g);
	assert_int_equal(save_render(g, path, &buf, &len, &cause), 0);
	/* How many allocations the parse alone makes. */
	diags_init(&d);
	xalloc_test_fail(0, false);
	root = yread_buffer("oom.save", buf, len, &d);
	parse = xalloc_test_count();
	assert_non_null(root);
	doc_free(root);
	diags_free(&d);

	diags_init(&d);
	xalloc_test_fail(parse + 1, true);
	l = save_load_text("oom.save", buf, len, getenv("MARSHAL_DATA"), false,
	    &rl, NULL, &d);
	xalloc_test_fail(0, false);
	assert_null(l);
	assert_null(rl);
	assert_true(d.oom);
	assert_string_equal(d.oom_file, "oom.save");
	assert_int_equal(d.oom_line, 0);
	assert_int_equal(d.oom_col, 0);
	assert_int_equal(d.n, 0);
	diags_free(&d);
	free(buf);
	free(path);
	game_free(g);
	ruleset_free(rsg);
}

/* A save refused after its scenario was loaded (its ruleset is not the
 * one the scenario now uses) gives back no game and no ruleset: the one
 * loaded for the scenario is freed and not handed to the caller. */
static void
test_save_load_refused_gives_no_ruleset(void **state)
{
	char *buf, *cause = NULL, *path = default_scenario(), *at, *eol, *other;
	struct ruleset *rsg, *rl = NULL;
	struct game *g = load_default(path, &rsg), *l;
	struct diags d;
	size_t len;

	(void)state;
	assert_non_null(g);
	assert_int_equal(save_render(g, path, &buf, &len, &cause), 0);
	assert_non_null(at = strstr(buf, "\nruleset: "));
	assert_non_null(eol = strchr(at + 1, '\n'));
	other = xasprintf("%.*s\nruleset: horse-and-musket%s", (int)(at - buf),
	    buf, eol);
	diags_init(&d);
	l = save_load_text("b.save", other, strlen(other),
	    getenv("MARSHAL_DATA"), false, &rl, NULL, &d);
	assert_null(l);
	assert_null(rl);
	assert_int_equal(d.n, 1);
	assert_string_equal(d.v[0].msg, "the save is for ruleset "
	    "'horse-and-musket' but its scenario now uses 'napoleonic'");
	diags_free(&d);
	free(other);
	free(buf);
	free(path);
	game_free(g);
	ruleset_free(rsg);
}

/* A save may be held to the bundled scenarios (a session's slot): one
 * of the default battle, DATADIR/scenarios/default.yaml, loads so, its
 * scenario given back; the same save naming a copy of that file outside
 * DATADIR/scenarios is refused at the save's scenario line. */
static void
test_save_load_bundled_only(void **state)
{
	char dir[] = "/tmp/marshal-bundled-XXXXXX", *path = default_scenario();
	char *buf, *cause = NULL, *scen = NULL, *copy, *other, *at;
	struct ruleset *rsg, *rl = NULL;
	struct game *g = load_default(path, &rsg), *l;
	struct diags d;
	size_t len;
	FILE *f;

	(void)state;
	assert_non_null(g);
	assert_int_equal(save_render(g, path, &buf, &len, &cause), 0);
	diags_init(&d);
	l = save_load_text("b.save", buf, len, getenv("MARSHAL_DATA"), true,
	    &rl, &scen, &d);
	diags_print(&d, stderr);
	assert_non_null(l);
	assert_string_equal(scen, path);
	game_free(l);
	ruleset_free(rl);
	free(scen);
	diags_free(&d);

	/* The same file copied outside the scenarios directory. */
	assert_non_null(mkdtemp(dir));
	copy = xasprintf("%s/default.yaml", dir);
	assert_non_null(f = fopen(copy, "w"));
	fclose(f);
	assert_non_null(at = strstr(buf, path));
	other = xasprintf("%.*s%s%s", (int)(at - buf), buf, copy,
	    at + strlen(path));
	diags_init(&d);
	rl = NULL;
	assert_null(save_load_text("b.save", other, strlen(other),
	    getenv("MARSHAL_DATA"), true, &rl, NULL, &d));
	assert_int_equal(d.n, 1);
	assert_string_equal(d.v[0].msg, "the save's scenario is not one of "
	    "the bundled ones");
	diags_free(&d);
	unlink(copy);
	rmdir(dir);
	free(copy);
	free(other);
	free(buf);
	free(path);
	game_free(g);
	ruleset_free(rsg);
}

/* The same orders on the same turns, through the general; on turn 1 the
 * general himself rides (3.1.2), an order with no unit. */
static void
play_default(struct game *g, int until, struct replay *rec)
{
	struct order o;
	char *cause;
	int u;

	while (g->turn < until) {
		if (g->turn == 1) {
			memset(&o, 0, sizeof o);
			o.kind = ORDER_MOVE;
			o.unit = -1;
			o.general = game_find_general(g, "vautrin");
			o.npts = 1;
			o.pts[0] = (struct point){ 36, 30 };
			assert_int_equal(game_order(g, &o, &cause), 0);
			if (rec != NULL)
				replay_add(rec, g, &o);
		}
		if (g->turn == 2 && (u = game_find_unit(g, "2-27L")) >= 0) {
			memset(&o, 0, sizeof o);
			o.kind = ORDER_MOVE;
			o.unit = u;
			o.general = game_find_general(g, "vautrin");
			o.npts = 1;
			o.pts[0] = (struct point){ 36, 26 };
			if (game_order(g, &o, &cause) == 0) {
				if (rec != NULL)
					replay_add(rec, g, &o);
			} else
				free(cause);
		}
		game_turn(g);
	}
}

static void
test_save_file_load_continue_default_scenario(void **state)
{
	char dir[] = "/tmp/marshal-save-XXXXXX", *file, *scen, *da, *dc;
	struct ruleset *ra, *rb, *rc;
	struct game *a, *b, *c;
	struct diags d;
	char *cause;

	(void)state;
	diags_init(&d);
	scen = default_scenario();
	a = load_default(scen, &ra);
	b = load_default(scen, &rb);
	assert_non_null(a);
	assert_non_null(b);
	play_default(a, 3, NULL);
	play_default(b, 3, NULL);
	assert_non_null(mkdtemp(dir));
	file = xasprintf("%s/default.yaml", dir);
	assert_int_equal(save_file(a, scen, file, &cause), 0);
	c = save_load(file, getenv("MARSHAL_DATA"), &rc, &d);
	diags_print(&d, stderr);
	assert_non_null(c);
	da = dump(a);
	dc = dump(c);
	assert_string_equal(da, dc);
	free(da);
	free(dc);
	play_default(b, 9, NULL);
	play_default(c, 9, NULL);
	da = dump(b);
	dc = dump(c);
	assert_string_equal(da, dc);
	free(da);
	free(dc);
	unlink(file);
	rmdir(dir);
	free(file);
	free(scen);
	game_free(a);
	game_free(b);
	game_free(c);
	ruleset_free(ra);
	ruleset_free(rb);
	ruleset_free(rc);
	diags_free(&d);
}

/*
 * 3.10.2: the battle ends at the turn limit, and the end is part of the
 * state: saved, loaded, and never played past (a killed game-over screen
 * used to leave a save that resumed at "Turn 13/12").
 */
static void
test_3_10_2_finished_battle_stays_finished(void **state)
{
	char dir[] = "/tmp/marshal-save-XXXXXX", *file, *scen, *da, *dc;
	char *text, *cut, *bad, *cause;
	struct ruleset *ra, *rc;
	struct game *a, *c;
	struct order o;
	struct diags d;
	FILE *f;
	size_t len;

	(void)state;
	diags_init(&d);
	scen = default_scenario();
	a = load_default(scen, &ra);
	assert_non_null(a);
	assert_int_equal(a->opt.turn_limit, 10);
	play_default(a, 10, NULL);
	assert_false(game_over(a));
	game_turn(a);
	assert_true(game_over(a));
	assert_int_equal(a->result.turn, 10);
	assert_string_equal(a->result.rule, "3.10.2");
	/* The default battle's seed ends 5 points to 2 for the French (3 to
	 * 2 until the bridge was worth 5 points). */
	assert_int_equal(a->result.winner, 0);
	assert_int_equal(a->result.points[0], 5);
	assert_int_equal(a->result.points[1], 2);
	/* No turn past the end, and no order changes the result. */
	da = dump(a);
	game_turn(a);
	dc = dump(a);
	assert_string_equal(da, dc);
	free(dc);
	memset(&o, 0, sizeof o);
	o.kind = ORDER_STOP;
	o.unit = game_find_unit(a, "2-27L");
	o.general = -1;
	assert_int_equal(game_order(a, &o, &cause), -1);
	assert_non_null(strstr(cause, "the battle is over"));
	free(cause);

	/* Saved and loaded finished. */
	assert_non_null(mkdtemp(dir));
	file = xasprintf("%s/default.save", dir);
	assert_int_equal(save_file(a, scen, file, &cause), 0);
	c = save_load(file, getenv("MARSHAL_DATA"), &rc, &d);
	diags_print(&d, stderr);
	assert_non_null(c);
	assert_true(game_over(c));
	assert_int_equal(c->result.turn, 10);
	assert_int_equal(c->result.points[1], 2);
	dc = dump(c);
	assert_string_equal(da, dc);
	free(dc);
	game_free(c);
	ruleset_free(rc);

	/* A save past the last turn without its result is refused. */
	text = NULL;
	f = open_memstream(&text, &len);
	save_write(a, scen, f);
	fclose(f);
	assert_non_null(cut = strstr(text, "result: "));
	memmove(cut, strchr(cut, '\n') + 1, strlen(strchr(cut, '\n') + 1) + 1);
	f = fopen(file, "w");
	fputs(text, f);
	fclose(f);
	free(text);
	c = save_load(file, getenv("MARSHAL_DATA"), &rc, &d);
	assert_null(c);
	assert_true(d.n > 0);
	bad = diag_format(&d.v[0]);
	assert_non_null(strstr(bad, ":5:7: error: turn 11 is past the "
	    "battle's last turn (10)"));
	free(bad);

	/* Nor a result from past the last turn, nor a save more than one
	 * turn past it: the battle ends after turn 10, the save is at 11. */
	for (int k = 0; k < 2; k++) {
		const char *from = k == 0 ? ", turn: 10}" : "\nturn: 11\n";
		const char *to = k == 0 ? ", turn: 11}" : "\nturn: 12\n";

		text = NULL;
		f = open_memstream(&text, &len);
		save_write(a, scen, f);
		fclose(f);
		assert_non_null(cut = strstr(text, from));
		memcpy(cut, to, strlen(to));
		f = fopen(file, "w");
		fputs(text, f);
		fclose(f);
		free(text);
		diags_free(&d);
		diags_init(&d);
		assert_null(save_load(file, getenv("MARSHAL_DATA"), &rc, &d));
		assert_true(d.n > 0);
		bad = diag_format(&d.v[0]);
		if (strstr(bad, k == 0 ? "the battle ended on turn 11 and the "
		    "save is at turn 11, past its last turn (10)" : "the battle "
		    "ended on turn 10 and the save is at turn 12, past its last "
		    "turn (10)") == NULL)
			fail_msg("got: %s", bad);
		free(bad);
	}

	unlink(file);
	rmdir(dir);
	free(file);
	free(da);
	free(scen);
	game_free(a);
	ruleset_free(ra);
	diags_free(&d);
}

/*
 * A battle whose sides have no generals (marshal-scenario(5): an order of
 * battle may list its units alone) is saved with "generals: []" and read
 * back: a bare "generals:" was refused as a scalar, and the save of such
 * a battle could never be resumed.
 */
static const char nogen_head[] =
    "scenario: No generals\n"
    "ruleset: horse-and-musket\n"
    "map:\n"
    "  map: A field\n"
    "  legend: {\".\": open}\n"
    "  landscape: |\n";
/* ... 16 rows of 20 open cells (written by the test), then: */
static const char nogen_tail[] =
    "turns: 4\n"
    "sides:\n"
    "  - oob:\n"
    "      oob: A regiment\n"
    "      side: Americans\n"
    "      units:\n"
    "        - {id: MD, name: Maryland Continentals, arm: infantry,\n"
    "           class: close, drill: 5, strength: 170}\n"
    "    rear: [10, 15]\n"
    "    deploy:\n"
    "      - {unit: MD, at: [10, 12], facing: N, formation: line}\n"
    "  - oob:\n"
    "      oob: A vedette\n"
    "      side: British\n"
    "      units:\n"
    "        - {id: BLD, name: Legion dragoons, arm: cavalry,\n"
    "           class: light, drill: 4, strength: 30}\n"
    "    rear: [10, 0]\n"
    "    deploy:\n"
    "      - {unit: BLD, at: [10, 7], facing: S, formation: column}\n";

static void
test_save_battle_without_generals(void **state)
{
	char dir[] = "/tmp/marshal-save-XXXXXX", *scen, *file, *text, *da, *dc;
	char *cause = NULL;
	struct ruleset *ra, *rc;
	struct game *a, *c;
	struct diags d;
	FILE *f;

	(void)state;
	diags_init(&d);
	assert_non_null(mkdtemp(dir));
	scen = xasprintf("%s/nogen.yaml", dir);
	file = xasprintf("%s/nogen.save", dir);
	f = fopen(scen, "w");
	assert_non_null(f);
	fputs(nogen_head, f);
	for (int y = 0; y < 16; y++)
		fputs("    ....................\n", f);
	fputs(nogen_tail, f);
	fclose(f);
	a = load_default(scen, &ra);
	assert_non_null(a);
	assert_int_equal(a->ngenerals, 0);
	assert_int_equal(a->nunits, 2);
	game_turn(a);
	text = save_text(a);
	assert_non_null(strstr(text, "\ngenerals: []\nunits:\n  - id: "));
	free(text);
	assert_int_equal(save_file(a, scen, file, &cause), 0);
	c = save_load(file, getenv("MARSHAL_DATA"), &rc, &d);
	diags_print(&d, stderr);
	assert_non_null(c);
	assert_int_equal(c->turn, 2);
	assert_int_equal(c->ngenerals, 0);
	da = dump(a);
	dc = dump(c);
	assert_string_equal(da, dc);
	free(da);
	free(dc);
	game_free(c);
	ruleset_free(rc);
	unlink(file);
	unlink(scen);
	rmdir(dir);
	free(file);
	free(scen);
	game_free(a);
	ruleset_free(ra);
	diags_free(&d);
}

/* A save whose scenario is gone says so at its scenario: line. */
static void
test_save_missing_scenario_has_position(void **state)
{
	char dir[] = "/tmp/marshal-save-XXXXXX", *file, *scen, *msg;
	struct ruleset *ra, *rc;
	struct game *a;
	struct diags d;
	FILE *f;

	(void)state;
	diags_init(&d);
	scen = default_scenario();
	a = load_default(scen, &ra);
	assert_non_null(a);
	assert_non_null(mkdtemp(dir));
	file = xasprintf("%s/gone.save", dir);
	f = fopen(file, "w");
	assert_non_null(f);
	save_write(a, "/nonexistent/marshal/gone.yaml", f);
	fclose(f);
	assert_null(save_load(file, getenv("MARSHAL_DATA"), &rc, &d));
	assert_true(d.n > 0);
	msg = diag_format(&d.v[0]);
	assert_non_null(strstr(msg, "gone.save:3:11: error: the save's "
	    "scenario cannot be read: No such file or directory"));
	free(msg);
	unlink(file);
	rmdir(dir);
	free(file);
	free(scen);
	game_free(a);
	ruleset_free(ra);
	diags_free(&d);
}

/* A game recorded as it is played replays to the same state. */
static void
test_replay_recorded_game_verifies(void **state)
{
	char dir[] = "/tmp/marshal-replay-XXXXXX", *file, *scen;
	struct ruleset *ra, *rb;
	struct game *a, *b;
	struct replay *rec, *r;
	struct diags d;
	FILE *f;

	(void)state;
	diags_init(&d);
	scen = default_scenario();
	a = load_default(scen, &ra);
	assert_non_null(a);
	rec = replay_record(a, scen);
	play_default(a, 6, rec);
	rec->turns = 5;
	rec->digest = save_digest(a);
	rec->has_digest = true;
	assert_int_equal(rec->n, 2);
	assert_int_equal(a->generals[game_find_general(a, "vautrin")].pos.x,
	    36);
	assert_int_equal(a->generals[game_find_general(a, "vautrin")].pos.y,
	    30);
	assert_non_null(mkdtemp(dir));
	file = xasprintf("%s/rec.yaml", dir);
	f = fopen(file, "w");
	replay_write(rec, f);
	fclose(f);

	r = replay_read(file, &d);
	diags_print(&d, stderr);
	assert_non_null(r);
	assert_int_equal(r->n, 2);
	assert_null(r->v[0].unit);
	assert_string_equal(r->v[0].general, "vautrin");
	assert_int_equal(r->turns, 5);
	b = replay_start(r, getenv("MARSHAL_DATA"), &rb, &d);
	assert_non_null(b);
	assert_int_equal(replay_play(r, b, &d), 0);
	assert_true(save_digest(b) == r->digest);

	/* A changed seed no longer verifies. */
	game_free(b);
	ruleset_free(rb);
	r->seed ^= 1;
	b = replay_start(r, getenv("MARSHAL_DATA"), &rb, &d);
	assert_int_equal(replay_play(r, b, &d), 0);
	assert_false(save_digest(b) == r->digest);

	unlink(file);
	rmdir(dir);
	free(file);
	free(scen);
	replay_free(rec);
	replay_free(r);
	game_free(a);
	game_free(b);
	ruleset_free(ra);
	ruleset_free(rb);
	diags_free(&d);
}

static void
hear_order(void *arg, const struct game *g, const struct order *o)
{
	replay_add(arg, g, o);
}

/*
 * A game recorded as marshal play records it: through the game's ear for
 * orders (the computer giving both sides' orders, a Move among them with
 * no formation), kept in a save slot beside the save, with an order of
 * the turn under way that is not played yet.  Read back from the slot it
 * replays to the state saved, that order in force; the slot's recording
 * goes with its save.
 */
static void
test_replay_slot_recording_verifies(void **state)
{
	char dir[] = "/tmp/marshal-slot-XXXXXX", *scen, *cause = NULL;
	struct ruleset *ra, *rb;
	struct game *a, *b;
	struct replay *rec, *r;
	struct session ses;
	struct diags d;
	struct order o;
	int t, u, moves = 0, i;

	(void)state;
	diags_init(&d);
	scen = default_scenario();
	a = load_default(scen, &ra);
	assert_non_null(a);
	rec = replay_record(a, scen);
	a->on_order = hear_order;
	a->on_order_arg = rec;
	for (t = 0; t < 3; t++) {
		ai_orders(a, 0, AI_NORMAL, NULL);
		ai_orders(a, 1, AI_NORMAL, NULL);
		game_turn(a);
	}
	for (i = 0; i < rec->n; i++)
		moves += rec->v[i].kind == ORDER_MOVE;
	assert_true(moves > 0);
	/* Turn 4 under way: a Stop order given, the turn not played. */
	u = game_find_unit(a, "4-6FA");
	assert_true(u >= 0);
	memset(&o, 0, sizeof o);
	o.kind = ORDER_STOP;
	o.unit = u;
	o.general = a->units[u].general;
	o.formation = 3;	/* carried by no Stop: the game keeps none */
	assert_int_equal(game_order(a, &o, &cause), 0);
	assert_int_equal(rec->v[rec->n - 1].turn, 4);
	assert_int_equal(a->units[u].order.formation, -1);
	rec->turns = a->turn - 1;
	rec->digest = save_digest(a);
	rec->has_digest = true;

	assert_non_null(mkdtemp(dir));
	assert_int_equal(session_open(&ses, dir, "slot", 0, false, &cause),
	    0);
	assert_int_equal(session_save(&ses, a, scen, 0, &cause), 0);
	assert_int_equal(session_record(&ses, rec, &cause), 0);
	r = session_load_record(&ses, &d);
	diags_print(&d, stderr);
	assert_non_null(r);
	assert_int_equal(r->turns, 3);
	assert_int_equal(r->n, rec->n);
	b = replay_start(r, getenv("MARSHAL_DATA"), &rb, &d);
	assert_non_null(b);
	assert_int_equal(replay_play(r, b, &d), 0);
	assert_int_equal(b->turn, 4);
	assert_int_equal(b->units[u].order.kind, ORDER_STOP);
	assert_true(save_digest(b) == r->digest);

	/* The battle over: save and recording go together. */
	session_forget(&ses);
	assert_false(session_has_save(&ses));
	assert_null(session_load_record(&ses, &d));
	session_close(&ses);
	rmdir(dir);
	free(scen);
	replay_free(rec);
	replay_free(r);
	game_free(a);
	game_free(b);
	ruleset_free(ra);
	ruleset_free(rb);
	diags_free(&d);
}

/*
 * A battle played a phase at a time (game_phase, as a recording is
 * stepped through) reaches the state played a turn at a time, digest for
 * digest at every turn's end, the computer giving both sides' orders.
 */
static void
test_phase_by_phase_is_turn_by_turn(void **state)
{
	struct ruleset *ra, *rb;
	struct game *a, *b;
	char *scen;
	int t, p, n;

	(void)state;
	scen = default_scenario();
	a = load_default(scen, &ra);
	b = load_default(scen, &rb);
	assert_non_null(a);
	assert_non_null(b);
	for (t = 1; t <= 6; t++) {
		ai_orders(a, 0, AI_NORMAL, NULL);
		ai_orders(a, 1, AI_NORMAL, NULL);
		ai_orders(b, 0, AI_NORMAL, NULL);
		ai_orders(b, 1, AI_NORMAL, NULL);
		game_turn(a);
		for (n = 0; (p = game_phase(b)) >= 0; n++) {
			assert_int_equal(p, n);
			if (b->phase < 0)
				break;
			assert_int_equal(b->phase, p);
			assert_int_equal(b->turn, t);
		}
		assert_int_equal(n + 1, b->rs->nphases);
		assert_int_equal(b->turn, t + 1);
		assert_int_equal(b->phase, -1);
		assert_true(save_digest(a) == save_digest(b));
		assert_int_equal(a->log.n, b->log.n);
	}
	free(scen);
	game_free(a);
	game_free(b);
	ruleset_free(ra);
	ruleset_free(rb);
}

/*
 * A group order (3.6.3) recorded in a replay is written with its group,
 * read back, and replays to the same state; a group naming a unit the
 * scenario lacks is refused with its position.
 */
static void
test_replay_keeps_a_group_order(void **state)
{
	char dir[] = "/tmp/marshal-replay-XXXXXX", *file, *scen, *text, *at;
	struct ruleset *ra, *rb;
	struct game *a, *b;
	struct replay *rec, *r;
	struct order o;
	struct diags d;
	char *cause;
	FILE *f;

	(void)state;
	diags_init(&d);
	scen = default_scenario();
	a = load_default(scen, &ra);
	assert_non_null(a);
	rec = replay_record(a, scen);
	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = game_find_unit(a, "1-27L");
	o.general = a->units[o.unit].general;
	o.npts = 1;
	o.pts[0] = (struct point){ 40, 24 };
	o.ngroup = 2;
	o.group[0] = o.unit;
	o.group[1] = game_find_unit(a, "2-27L");
	assert_int_equal(game_order(a, &o, &cause), 0);
	replay_add(rec, a, &o);
	game_turn(a);
	game_turn(a);
	rec->turns = 2;
	rec->digest = save_digest(a);
	rec->has_digest = true;
	assert_non_null(mkdtemp(dir));
	file = xasprintf("%s/rec.yaml", dir);
	f = fopen(file, "w");
	replay_write(rec, f);
	fclose(f);

	r = replay_read(file, &d);
	diags_print(&d, stderr);
	assert_non_null(r);
	assert_int_equal(r->n, 1);
	assert_int_equal(r->v[0].ngroup, 2);
	assert_string_equal(r->v[0].group[1], "2-27L");
	b = replay_start(r, getenv("MARSHAL_DATA"), &rb, &d);
	assert_non_null(b);
	assert_int_equal(replay_play(r, b, &d), 0);
	assert_true(save_digest(b) == r->digest);
	assert_int_equal(b->units[o.group[1]].order.ngroup, 2);
	game_free(b);
	ruleset_free(rb);
	replay_free(r);

	/* A group naming a unit the battle does not have. */
	f = fopen(file, "r");
	assert_non_null(f);
	text = calloc(1, 65536);
	assert_true(fread(text, 1, 65535, f) > 0);
	fclose(f);
	at = strstr(text, "\"2-27L\"], move");
	assert_non_null(at);
	f = fopen(file, "w");
	fwrite(text, 1, (size_t)(at - text), f);
	fputs("\"9-99L\"], move", f);
	fputs(at + strlen("\"2-27L\"], move"), f);
	fclose(f);
	r = replay_read(file, &d);
	assert_non_null(r);
	diags_free(&d);
	diags_init(&d);
	b = replay_start(r, getenv("MARSHAL_DATA"), &rb, &d);
	assert_non_null(b);
	assert_int_equal(replay_play(r, b, &d), -1);
	assert_true(d.n > 0);
	assert_non_null(strstr(d.v[0].msg, "no unit '9-99L'"));
	assert_true(d.v[0].line > 0);
	game_free(b);
	ruleset_free(rb);
	replay_free(r);

	unlink(file);
	rmdir(dir);
	free(text);
	free(file);
	free(scen);
	replay_free(rec);
	game_free(a);
	ruleset_free(ra);
	diags_free(&d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_save_load_continue_equals_straight_through),
		cmocka_unit_test(test_digest_follows_state),
		cmocka_unit_test(test_digest_is_fnv1a_of_the_whole_dump),
		cmocka_unit_test(test_save_keeps_what_take_back_restores_on_turn_1),
		cmocka_unit_test(test_save_keeps_a_riding_general),
		cmocka_unit_test(test_save_keeps_what_take_back_restores),
		cmocka_unit_test(test_3_6_6_road_trail_saved_and_loaded),
		cmocka_unit_test(test_resumed_log_shows_the_standing_orders),
		cmocka_unit_test(test_save_refuses_foreign_file),
		cmocka_unit_test(test_save_keeps_the_opponent),
		cmocka_unit_test(test_save_reads_wheeled_up_to_2_to_the_20),
		cmocka_unit_test(
		    test_save_complains_of_attributes_before_state_values),
		cmocka_unit_test(test_save_keeps_a_ruleset_option),
		cmocka_unit_test(test_save_keeps_the_commanders),
		cmocka_unit_test(test_save_names_the_sides),
		cmocka_unit_test(test_save_reads_back_which_side_is_broken),
		cmocka_unit_test(
		    test_3_10_2_result_with_a_score_short_is_refused),
		cmocka_unit_test(test_save_refuses_other_format),
		cmocka_unit_test(test_damaged_save_leaves_game_unchanged),
		cmocka_unit_test(test_3_10_result_winner_from_minus_1_to_the_last_side),
		cmocka_unit_test(test_save_reads_route_key_as_unsigned),
		cmocka_unit_test(test_damaged_track_after_a_route_is_refused),
		cmocka_unit_test(test_save_file_atomic),
		cmocka_unit_test(test_save_atomic_at_says_why_the_file_cannot_be_made),
		cmocka_unit_test(
		    test_save_atomic_bare_name_in_the_current_directory),
		cmocka_unit_test(test_save_load_bundled_only),
		cmocka_unit_test(test_save_load_refused_gives_no_ruleset),
		cmocka_unit_test(test_save_load_out_of_memory_says_so),
		cmocka_unit_test(test_save_sweeps_stale_temp_files),
		cmocka_unit_test(test_save_dir_follows_xdg),
		cmocka_unit_test(test_save_quotes_strings),
		cmocka_unit_test(test_save_file_load_continue_default_scenario),
		cmocka_unit_test(test_replay_recorded_game_verifies),
		cmocka_unit_test(test_replay_slot_recording_verifies),
		cmocka_unit_test(test_phase_by_phase_is_turn_by_turn),
		cmocka_unit_test(test_replay_keeps_a_group_order),
		cmocka_unit_test(test_3_10_2_finished_battle_stays_finished),
		cmocka_unit_test(test_save_missing_scenario_has_position),
		cmocka_unit_test(test_save_battle_without_generals),
		cmocka_unit_test(test_save_formation_by_name_the_first_too),
		cmocka_unit_test(test_save_reinforcement_keeps_its_turn),
		cmocka_unit_test(test_save_no_wheel_paid_replaces_the_games),
		cmocka_unit_test(test_save_group_of_one_refused),
		cmocka_unit_test(test_M9_3_6_3_wheel_saved_midway_goes_on),
		cmocka_unit_test(test_M9_3_6_3_group_order_saved_with_every_unit),
		cmocka_unit_test(test_M9_3_6_3_wheel_goes_on_when_the_order_is_given_again),
	};

	return cmocka_run_group_tests(tests, fixture_setup, fixture_teardown);
}
