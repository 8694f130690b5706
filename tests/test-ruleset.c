/*
 * test-ruleset.c - the shared ruleset tables read from the Napoleonic
 * data file, and the checks ruleset_load makes on them.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ai/ai.h"
#include "ai/doctrine.h"
#include "io/load.h"
#include "rules/napoleonic/move.h"
#include "rules/napoleonic/phases.h"
#include "io/yread.h"
#include "core/ruleset.h"
#include "util/xalloc.h"

static const char *
datadir(void)
{
	const char *d = getenv("MARSHAL_DATA");

	return d != NULL ? d : "data";
}

static int
setup(void **state)
{
	struct diags d;
	struct ruleset *rs;

	diags_init(&d);
	rs = load_ruleset("napoleonic", datadir(), &d);
	if (rs == NULL) {
		diags_print(&d, stderr);
		diags_free(&d);
		return -1;
	}
	diags_free(&d);
	*state = rs;
	return 0;
}

static int
teardown(void **state)
{
	ruleset_free(*state);
	return 0;
}

static void
test_scale_and_names(void **state)
{
	const struct ruleset *rs = *state;

	assert_string_equal(rs->name, "napoleonic");
	assert_string_equal(rs->unit, "BD");
	assert_int_equal(rs->ticks, 4);		/* cell 0.5 BD, step 2 */
	assert_int_equal(rs->nphases, 10);
	assert_string_equal(rs->phase_keys[5], "movement");
	assert_non_null(rs->ops);
	assert_string_equal(rs->ops->name, "napoleonic");
	/* How far the engine looks: declared in the data, not the code. */
	assert_int_equal(rs->longest_move, 32);		/* 8 BD */
	assert_int_equal(rs->farthest_reach, 16);	/* 4 BD */
}

/* 3.6.5: the landscape table in ticks. */
static void
test_landscape(void **state)
{
	const struct ruleset *rs = *state;
	int wood = ruleset_land(rs, "wood"), dense = ruleset_land(rs,
	    "dense_wood"), fields = ruleset_land(rs, "fields");

	assert_true(wood >= 0);
	assert_int_equal(rs->land[wood].pe, 4);		/* Pe 1 BD */
	assert_int_equal(rs->land[wood].pr, 0);
	assert_int_equal(rs->land[dense].pe, 8);
	assert_int_equal(rs->land[dense].pr, 4);
	assert_int_equal(rs->land[fields].pr, 2);	/* 0.5 BD */
	assert_int_equal(rs->land[wood].glyph, 'T');
	assert_string_equal(rs->land[wood].uglyph, "\xe2\x99\xa3");
	assert_true(rs->land[wood].forbid &
	    (1u << ruleset_form(rs, "square")));
	assert_false(rs->land[wood].forbid &
	    (1u << ruleset_form(rs, "line")));
	assert_int_equal(ruleset_land(rs, "lava"), -1);
}

static void
test_formations(void **state)
{
	const struct ruleset *rs = *state;
	int mc = ruleset_form(rs, "manoeuvre_column");
	int line = ruleset_form(rs, "line");
	int unl = ruleset_form(rs, "unlimbered");

	assert_true(mc >= 0);
	assert_int_equal(rs->form[mc].frontage[ARM_INFANTRY], 2);
	assert_int_equal(rs->form[mc].depth[ARM_INFANTRY], 8);
	assert_int_equal(rs->form[mc].depth[ARM_CAVALRY], 12);
	assert_false(rs->form[mc].arms & (1u << ARM_ARTILLERY));
	assert_true(rs->form[mc].flags & FORMF_FREE_TURN);
	assert_true(rs->form[mc].flags & FORMF_BLOCK_FLANK);
	assert_int_equal(rs->form[line].frontage[ARM_INFANTRY], 6);
	assert_true(rs->form[line].flags & FORMF_BLOCK_FRONT);
	assert_true(rs->form[unl].flags & FORMF_IMMOBILE);
	assert_true(rs->form[unl].flags & FORMF_BLOCK_ALL);
	assert_true(rs->form[ruleset_form(rs, "road_column")].flags &
	    FORMF_ROAD);
	assert_string_equal(rs->form[mc].label, "Manoeuvre Column");
}

static void
test_obstacles_and_classes(void **state)
{
	const struct ruleset *rs = *state;
	int river = ruleset_obst(rs, "river"), hedge = ruleset_obst(rs,
	    "hedge");

	assert_string_equal(rs->obst[0].name, "none");
	assert_int_equal(ruleset_obst(rs, "none"), 0);
	assert_true(river > 0);
	assert_int_equal(rs->obst[river].pe, 8);
	assert_true(rs->obst[river].may_end_on);
	assert_false(rs->obst[hedge].may_end_on);
	assert_int_equal(rs->obst[hedge].pr, 4);
	assert_true(ruleset_class(rs, ARM_ARTILLERY, "horse") >= 0);
	assert_int_equal(rs->klass[ruleset_class(rs, ARM_ARTILLERY,
	    "horse")].arm, ARM_ARTILLERY);
	assert_int_equal(ruleset_class(rs, ARM_INFANTRY, "horse"), -1);
	assert_true(ruleset_class(rs, ARM_CAVALRY, "light") !=
	    ruleset_class(rs, ARM_ARTILLERY, "light"));
}

static void
test_fmt(void **state)
{
	const struct ruleset *rs = *state;
	char buf[32];

	ruleset_fmt(rs, 10, buf, sizeof buf);
	assert_string_equal(buf, "2.5 BD");
	ruleset_fmt(rs, 1, buf, sizeof buf);
	assert_string_equal(buf, "0.25 BD");
	ruleset_fmt(rs, -4, buf, sizeof buf);
	assert_string_equal(buf, "-1 BD");
	ruleset_fmt(rs, -3, buf, sizeof buf);
	assert_string_equal(buf, "-0.75 BD");
	ruleset_fmt(rs, 0, buf, sizeof buf);
	assert_string_equal(buf, "0 BD");
	/* The number alone, and both cut to a small buffer. */
	ruleset_fmt_number(rs, -3, buf, sizeof buf);
	assert_string_equal(buf, "-0.75");
	ruleset_fmt(rs, 10, buf, 5);
	assert_string_equal(buf, "2.5 ");
	ruleset_fmt_number(rs, 10, buf, 3);
	assert_string_equal(buf, "2.");
}

/* The figures ruleset_fmt keeps are those of the scale they were written
 * in: another ruleset's unit or ticks a unit write their own, and going
 * back gives the first again; a kept text reads as ruleset_fmt writes. */
static void
test_fmt_kept_follows_the_scale(void **state)
{
	const struct ruleset *rs = *state;
	struct ruleset *in = xmallocarray(1, sizeof *in);
	char buf[32];
	const char *k;

	memcpy(in, rs, sizeof *in);
	/* A unit of the same length, then a longer one, then other
	 * ticks a unit: the table must not give "BD" or 4 ticks back. */
	snprintf(in->unit, sizeof in->unit, "%s", "in");
	assert_int_equal(ruleset_fmt(rs, 10, buf, sizeof buf), 6);
	assert_string_equal(buf, "2.5 BD");
	assert_int_equal(ruleset_fmt(in, 10, buf, sizeof buf), 6);
	assert_string_equal(buf, "2.5 in");
	snprintf(in->unit, sizeof in->unit, "%s", "pace");
	assert_int_equal(ruleset_fmt(in, 10, buf, sizeof buf), 8);
	assert_string_equal(buf, "2.5 pace");
	in->ticks = 8;
	assert_int_equal(ruleset_fmt(in, 10, buf, sizeof buf), 9);
	assert_string_equal(buf, "1.25 pace");
	ruleset_fmt_number(in, 10, buf, sizeof buf);
	assert_string_equal(buf, "1.25");
	assert_string_equal(ruleset_fmt_kept(in, 10), "1.25 pace");
	assert_string_equal(ruleset_fmt_kept(rs, 10), "2.5 BD");
	assert_string_equal(ruleset_fmt_kept(rs, 6), "1.5 BD");
	/* Out of the table: none kept, the figure written all the same. */
	assert_null(ruleset_fmt_kept(rs, -4));
	assert_null(ruleset_fmt_kept(rs, 100000));
	ruleset_fmt(rs, 100000, buf, sizeof buf);
	assert_string_equal(buf, "25000 BD");
	/* A kept text cut as a small buffer cuts it. */
	k = ruleset_fmt_kept(rs, 10);
	assert_non_null(k);
	ruleset_fmt(rs, 10, buf, 4);
	assert_string_equal(buf, "2.5");
	free(in);
}

/* The data file the edits below start from (a ruleset's name). */
static const char *edit_ruleset = "napoleonic";

/* The real data file's text with one text replaced (allocated). */
static char *
edited_text(const char *from, const char *to)
{
	char *path = xasprintf("%s/rulesets/%s.yaml", datadir(), edit_ruleset);
	char *buf, *at, *text;
	FILE *f;
	long len;

	assert_non_null(f = fopen(path, "rb"));
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	rewind(f);
	buf = xcalloc((size_t)len + 1, 1);
	assert_int_equal(fread(buf, 1, (size_t)len, f), (size_t)len);
	fclose(f);
	free(path);
	if ((at = strstr(buf, from)) == NULL)
		fail_msg("'%s' not in the data file", from);
	*at = '\0';
	text = xasprintf("%s%s%s", buf, to, at + strlen(from));
	free(buf);
	return text;
}

/* The real data file with one text replaced, loaded, or NULL. */
static struct ruleset *
load_edited_ok(const char *from, const char *to)
{
	char *text = edited_text(from, to);
	struct diags d;
	struct doc_node *root;
	struct ruleset *rs;

	diags_init(&d);
	root = yread_buffer("n.yaml", text, strlen(text), &d);
	free(text);
	assert_non_null(root);
	rs = ruleset_load(root, &d);
	doc_free(root);
	if (rs == NULL)
		diags_print(&d, stderr);
	diags_free(&d);
	return rs;
}

/*
 * The real data file with one text replaced: checks on a complete file
 * whatever sections the module adds later.  Returns the first problem.
 */
static char *
load_edited(const char *from, const char *to)
{
	char *text = edited_text(from, to);
	struct diags d;
	struct doc_node *root;
	struct ruleset *rs;

	diags_init(&d);
	root = yread_buffer("n.yaml", text, strlen(text), &d);
	free(text);
	assert_non_null(root);
	rs = ruleset_load(root, &d);
	doc_free(root);
	assert_null(rs);
	assert_true(d.n >= 1);
	text = xstrdup(d.v[0].msg);
	diags_free(&d);
	return text;
}

static void
expect_edit(const char *from, const char *to, const char *msg)
{
	char *got = load_edited(from, to);

	if (strstr(got, msg) == NULL)
		fail_msg("'%s' does not contain '%s'", got, msg);
	free(got);
}

/* 3.6.8: the formations a unit deploys from on contact name formations,
 * and what each arm deploys into is a map of arms: any of it wrong, the
 * ruleset is refused, naming the key, or the arm it does not know. */
static void
test_3_6_8_contact_deploy_is_checked(void **state)
{
	(void)state;
	expect_edit("contact_deploy_from: [manoeuvre_column, road_column, "
	    "limbered]", "contact_deploy_from: [manoeuvre_column, phalanx]",
	    "phalanx");
	expect_edit("contact_deploy: {infantry: line, cavalry: line, "
	    "artillery: unlimbered}", "contact_deploy: [line]",
	    "contact_deploy");
	expect_edit("contact_deploy: {infantry: line, cavalry: line, "
	    "artillery: unlimbered}", "contact_deploy: {infantry: line, "
	    "chariots: line, artillery: unlimbered}",
	    "unknown arm 'chariots'");
	/* A known arm deploying into a formation the file does not have. */
	expect_edit("contact_deploy: {infantry: line, cavalry: line, "
	    "artillery: unlimbered}", "contact_deploy: {infantry: phalanx, "
	    "cavalry: line, artillery: unlimbered}",
	    "unknown formation 'phalanx'");
}

/*
 * 3.6.3: a speed written with blanks before it (quoted, so that YAML
 * keeps them) reads as without: " drill - 2" is Drill less 2 BD, a
 * multiplier of 1 and -2 BD (-2 x ticks).
 */
static void
test_3_6_3_speed_with_leading_blanks(void **state)
{
	struct ruleset *rs;
	const struct nap_speed *sp;

	(void)state;
	rs = load_edited_ok("      line: drill - 2\n      column: 1",
	    "      line: \"  drill - 2\"\n      column: 1");
	assert_non_null(rs);
	sp = &nap_move(rs)->speed[ARM_INFANTRY][ruleset_form(rs, "line")];
	assert_true(sp->set);
	assert_int_equal(sp->mul, 1);
	assert_int_equal(sp->add, -2 * rs->ticks);
	ruleset_free(rs);
}

/* 3.8.2: the formation that stands against horse may be any formation
 * of the file, the first among them: with "square: line" the ruleset
 * loads and the melee's square is formation 0, the Line. */
static void
test_3_8_2_square_may_be_the_first_formation(void **state)
{
	struct ruleset *rs;

	(void)state;
	rs = load_edited_ok("  square: square                # 3.8.2",
	    "  square: line                  # 3.8.2");
	assert_non_null(rs);
	assert_int_equal(ruleset_form(rs, "line"), 0);
	assert_int_equal(nap_phases(rs)->melee.square, 0);
	ruleset_free(rs);
}

/* 3.10.1: whether a side's break ends the battle is the data's, and the
 * rest of the program reads it from the ruleset (rs->break_ends: the
 * pager's "loses the battle there and then"): true as the file says,
 * false with "break_ends: false". */
static void
test_3_10_1_break_ends_read_from_the_data(void **state)
{
	const struct ruleset *rs = *state;
	struct ruleset *off;

	assert_true(rs->break_ends);
	assert_true(nap_phases(rs)->victory.break_ends);
	off = load_edited_ok("break_ends: true", "break_ends: false");
	assert_non_null(off);
	assert_false(off->break_ends);
	assert_false(nap_phases(off)->victory.break_ends);
	ruleset_free(off);
}

/* 3.8.2: a formation's melee pips are -20 to 20, both ends allowed:
 * artillery Limbered at -20 loads and keeps -20; at -21 the ruleset is
 * refused with the value and the range.  The formation that stands
 * against horse (square) given as a list is refused too. */
static void
test_3_8_2_formation_pips_range(void **state)
{
	struct ruleset *rs;

	(void)state;
	rs = load_edited_ok("artillery: {limbered: -3, unlimbered: -1}",
	    "artillery: {limbered: -20, unlimbered: -1}");
	assert_non_null(rs);
	assert_int_equal(nap_phases(rs)->melee.form[ARM_ARTILLERY][
	    ruleset_form(rs, "limbered")], -20);
	ruleset_free(rs);
	expect_edit("artillery: {limbered: -3, unlimbered: -1}",
	    "artillery: {limbered: -21, unlimbered: -1}",
	    "value -21 out of range -20..20");
	/* The formation that stands against horse is a name, not a list. */
	expect_edit("  square: square                # 3.8.2",
	    "  square: [square]                # 3.8.2",
	    "expected a string, found a sequence");
}

/* 3.8.1: a distance of 0 is a figure (blocks that touch): melee reach 0
 * loads, and so does a charge recoil of 0; -0.5 is refused. */
static void
test_3_8_1_distance_zero_is_a_figure(void **state)
{
	struct ruleset *rs;

	(void)state;
	rs = load_edited_ok("  reach: 0.5                    # 3.8.1",
	    "  reach: 0                      # 3.8.1");
	assert_non_null(rs);
	assert_int_equal(nap_phases(rs)->melee.reach, 0);
	ruleset_free(rs);
	rs = load_edited_ok("  recoil: 1 ", "  recoil: 0 ");
	assert_non_null(rs);
	assert_int_equal(nap_phases(rs)->charge.recoil, 0);
	ruleset_free(rs);
	expect_edit("  reach: 0.5                    # 3.8.1",
	    "  reach: -0.5                   # 3.8.1", "out of range");
}

static void
test_checks(void **state)
{
	(void)state;
	expect_edit("cell: 0.5", "cell: 0.3", "whole number of ticks");
	expect_edit("cell: 0.5", "cell: 0", "out of range");
	expect_edit("  longest_move: 8\n", "", "missing key 'longest_move'");
	expect_edit("farthest_reach: 4", "farthest_reach: 0", "out of range");
	expect_edit("ruleset: napoleonic", "ruleset: chess",
	    "unknown ruleset 'chess'");
	expect_edit("\nscale:", "\nspeed: 1\nscale:", "unknown key 'speed'");
	expect_edit("forbid: [masse, square,", "forbid: [masse, squares,",
	    "unknown formation 'squares'");
	expect_edit("size: {infantry: [2, 8]", "size: {infantry: [3000, 2000]",
	    "footprint 3000 x 2000 = 6000000 cells is larger than the largest "
	    "map (4194304 cells)");
	expect_edit("size: {infantry: [2, 8]", "size: {infantry: [4097, 1]",
	    "out of range");
	expect_edit("  fence:\n", "  none:\n", "'none' is reserved");
	expect_edit("pe: 1\n    pr: 0\n    forbid: [masse",
	    "pe: 1.1\n    pr: 0\n    forbid: [masse",
	    "1.1 is not a multiple of 1/4");
	expect_edit("block: front", "block: sideways",
	    "unknown value 'sideways'");
	expect_edit("artillery: [light, heavy, horse]",
	    "artillery: [light, heavy, light]", "class 'light' given twice");
	expect_edit("{key: fire,", "{key: rally,", "phase 'rally' given twice");
	/* 3.6.8: the contact distances are distances in BD */
	expect_edit("infantry_contact: {more_than: 1,",
	    "infantry_contact: {more_than: x,", "expected a number, found 'x'");
	expect_edit("glyph: \"T\"", "glyph: \"TT\"", "one printable ASCII");
	expect_edit("colour: 4", "colour: 9", "out of range 0..7");
	expect_edit("quoted: [\"3.6\"]", "quoted: [\"3..6\"]",
	    "'3..6' is not a rule number");
	expect_edit("quoted: [\"3.6\"]", "quoted: [\"3H\"]",
	    "'3H' is not a rule number");
	expect_edit("quoted: [\"3.6\"]", "quoted: [\"H.\"]",
	    "'H.' is not a rule number");
	expect_edit("quoted: [\"3.6\"]", "quoted: \"3.6\"",
	    "quoted must be a sequence");
	expect_edit("  - term: BD\n    text:", "  - term: BD\n    txt:",
	    "unknown key 'txt'");
	expect_edit("  - term: Pe\n", "  - \n", "missing key 'term'");
	expect_edit("  mobs: Mobs\n", "  mobz: Mobs\n", "unknown key 'mobz'");
	expect_edit("  mobs: Mobs\n", "  mobs: \"\"\n", "expected a non-empty string");
	expect_edit("  landscape: \"3.6.5\"", "  landscape: \"3.6 5\"",
	    "'3.6 5' is not a rule number");
	expect_edit("  speeds: \"3.6.3\"", "  speeds: [3]",
	    "expected a string, found a sequence");
	/* 3.7.2: fire has its infantry table; 3.8.2: the melee's square is
	 * a formation of the file. */
	expect_edit("  infantry:\n    range: 2                    # 3.7.2 "
	    "musketry\n    share: {line: 100, column: 25, masse: 15, square: "
	    "50, skirmish: 40}   # 3.7.3 percent firing\n    permille: 8      "
	    "           # 3.7.3 men hit per 1000 firing, per pip\n    "
	    "drill_base: 3               # 3.7.3 pips = die + Drill - 3\n",
	    "  infantry: 2\n",
	    "infantry must be a mapping, not a scalar");
	expect_edit("  square: square ", "  square: squares ",
	    "square: no formation 'squares'");
	/* 3.6.3: an arm's speeds are a table, by formation or class. */
	expect_edit("    artillery:                  # limbered batteries, by "
	    "class\n      light: 2\n      heavy: 1\n      horse: 3\n",
	    "    artillery: 2\n", "speeds of an arm");
}

/* 3.8.4: the melee's rout margin is the data's, 1..100, and required. */
static void
test_3_8_4_rout_margin_checked(void **state)
{
	(void)state;
	expect_edit("rout_margin: 3                # 3.8.4",
	    "rout_margin: 0                # 3.8.4",
	    "value 0 out of range 1..100");
	expect_edit("  rout_margin: 3                # 3.8.4 losing by this "
	    "much or more routs\n", "", "missing key 'rout_margin'");
}

/* The rules reference, one line after another (at most 16000 bytes). */
static void
collect(void *arg, int indent, const char *text)
{
	char *buf = arg;
	size_t n = strlen(buf);

	if (n + (size_t)indent + strlen(text) + 2 >= 16000)
		return;
	snprintf(buf + n, 16000 - n, "%*s%s\n", indent, "", text);
}

/*
 * The rules reference is laid out in sections: each heading (a line at
 * indent 0 naming its rule, "Charges (3.4)") after the first follows one
 * empty line, and no line is blank but for its indent.  Every section of the
 * phases after movement is there once, in the rules' order.
 */
static void
test_3_reference_sections_apart(void **state)
{
	const struct ruleset *rs = *state;
	static const char *const heads[] = { " (3.1", " (3.3", " (3.4",
	    " (3.7", " (3.8", " (3.9", " (3.10" };
	char *buf = xcalloc(16000, 1), *line, *prev = NULL, *at, *h;
	size_t nheads = 0, k = 0;

	rs->ops->describe(rs, collect, buf);
	assert_true(strlen(buf) < 15000);	/* all of it collected */
	for (line = buf; *line != '\0'; line = at + 1) {
		at = strchr(line, '\n');
		assert_non_null(at);
		*at = '\0';
		/* nothing but blanks: an empty line has no indent either */
		if (*line != '\0' && strspn(line, " ") == strlen(line))
			fail_msg("a blank line with an indent: '%s'", line);
		if (*line != '\0' && *line != ' ' && prev != NULL &&
		    *prev != '\0')
			fail_msg("heading '%s' not after an empty line, but "
			    "after '%s'", line, prev);
		if (*line != '\0' && *line != ' ')
			nheads++;
		/* the next section's heading: "Charges (3.4)" */
		if (k < sizeof heads / sizeof heads[0] && *line != ' ' &&
		    (h = strstr(line, heads[k])) != NULL &&
		    strchr("0123456789.", h[strlen(heads[k])]) == NULL)
			k++;
		prev = line;
	}
	assert_int_equal(k, sizeof heads / sizeof heads[0]);
	assert_true(nheads > k);	/* the movement's own headings too */
	free(buf);
}

/* 3.8: the rules reference gives the melee's figures from the data, each
 * line under its rule number. */
static void
test_3_8_reference_from_data(void **state)
{
	const struct ruleset *rs = *state;
	char *buf = xcalloc(16000, 1);

	rs->ops->describe(rs, collect, buf);
	if (strstr(buf, "\n  beaten by 3 or more a unit routs; by less it "
	    "becomes a Mob (3.8.4*)\n") == NULL)
		fprintf(stderr, "%s", buf);
	assert_non_null(strstr(buf, "\n  beaten by 3 or more a unit routs; "
	    "by less it becomes a Mob (3.8.4*)\n"));
	assert_non_null(strstr(buf, "\n  the loser loses 4% per point of "
	    "difference, the winner 2% (3.8.3*)\n"));
	free(buf);
}

/*
 * 3.1 to 3.10: the rules reference for the phases after movement, whole,
 * every figure the data file's (command: radius 8, courier_speed 16;
 * rally: enemy_gap 4, general_reach 4, base 2, musician 1, general 1,
 * per_losses 10, on the morale dice 2d6; charge: reach 2 and 4, 2d6,
 * base 4, musician 1, general 1, mob -2, horse -2, flank -2, rout_margin
 * 3, recoil 1; fire, melee, morale and victory likewise), each line under
 * its rule number, marked * as marshal's own.
 */
static void
test_3_reference_of_the_phases_from_data(void **state)
{
	const struct ruleset *rs = *state;
	char *buf = xcalloc(16000, 1), *at;
	static const char want[] =
	    "Command and couriers (3.1*)\n"
	    "  a general's orders reach his units within 8 BD at once (3.1.1*)\n"
	    "  farther off, an aide carries them, riding 16 BD a turn (3.2.1*)\n"
	    "\n"
	    "Rally of routed units (3.3*)\n"
	    "  only with no enemy within 4 BD, at its rear or within 4 BD "
	    "of a general (3.3.1*)\n"
	    "  rallies on 2d6 <= Drill + 2, +1 with a musician, +1 near a "
	    "general, -1 per 10% lost (3.3.2*)\n"
	    "\n"
	    "Charges (3.4*)\n"
	    "  a formed unit under a Move order that leads onto an enemy "
	    "charges it from 2 BD (infantry) or 4 BD (cavalry) (3.4.1*)\n"
	    "  the target stands on 2d6 <= Drill + 4; musician +1, general "
	    "near +1, Mob -2, foot charged by horse -2, flank or rear -2 "
	    "(3.4.3*)\n"
	    "  failing by 3 or more it routs; by less it becomes a Mob (3.4.3*)\n"
	    "  a formed square stands without a test and the horse falls "
	    "back 1 BD (3.4.4*)\n"
	    "\n"
	    "Fire (3.7*)\n"
	    "  musketry reaches 2 BD; canister 3 BD (3.7.2*)\n"
	    "  light guns reach 10 BD (3.7.2*)\n"
	    "  heavy guns reach 14 BD (3.7.2*)\n"
	    "  horse guns reach 8 BD (3.7.2*)\n"
	    "  pips = 1d6 + Drill - 3; muskets hit 8 men per 1000 firing "
	    "per pip; guns 2 (roundshot) or 6 (canister) per gun per pip "
	    "(3.7.3*)\n"
	    "\n"
	    "Melee (3.8*)\n"
	    "  blocks within 0.5 BD fight (3.8.1*)\n"
	    "  each side 1d6 + Drill + its formation's pips; horse against "
	    "foot +2, square against horse +4, flank +2, per doubling of "
	    "strength +1, Mob -2 (3.8.2*)\n"
	    "  the loser loses 4% per point of difference, the winner 2% (3.8.3*)\n"
	    "  beaten by 3 or more a unit routs; by less it becomes a Mob (3.8.4*)\n"
	    "\n"
	    "Morale, routs and prisoners (3.9*)\n"
	    "  a unit that loses 5% in a turn tests: passes on 2d6 <= Drill "
	    "+ 4 (3.9.1*)\n"
	    "  a router whose way to its rear starts 135 degrees or more from its facing turns its back where it stands, its block on the same ground (3.9.2*)\n"
	    "  routers flee 4 BD (foot), 8 BD (horse), 2 BD (guns) a turn (3.9.3*)\n"
	    "  a formed enemy within 0.5 BD catches them: 1d6 + modifiers "
	    ">= 4 and they surrender, else they scatter losing 20% (3.9.5*)\n"
	    "\n"
	    "The end of the battle (3.10*)\n"
	    "  a side that loses the scenario's break point of its men "
	    "breaks, and the battle ends that turn: the other side wins "
	    "(3.10.1*)\n"
	    "  at the last turn each objective scores for the side alone "
	    "with a formed unit within 1 BD of it (3.10.2*)\n";

	rs->ops->describe(rs, collect, buf);
	at = strstr(buf, "Command and couriers");
	assert_non_null(at);
	if (strcmp(at, want) != 0)
		fprintf(stderr, "%s", at);
	assert_string_equal(at, want);
	free(buf);
}

/*
 * 3.6.3 to 3.6.6: the movement part of the rules reference, whole: every
 * speed is the data's (movement: speed: Line Drill - 2 BD for foot, Drill
 * for horse, Column 1 and 3, Manoeuvre Column 2 and 5, Road Column 3 and
 * 5 on a road, Masse 1 and 3, Skirmish 3, Screen 6; batteries 2, 1 and 3
 * by class), then the road, musician, action point, turning, speed roll
 * (1d6: 1 gives -0.5, 6 gives +0.5) and contour figures, in that order.
 */
static void
test_3_6_reference_from_data(void **state)
{
	const struct ruleset *rs = *state;
	char *buf = xcalloc(16000, 1);
	static const char want[] =
	    "Speeds by arm and formation (3.6.3), per turn\n"
	    "  infantry  Line               Drill - 2 BD\n"
	    "  infantry  Column             1 BD\n"
	    "  infantry  Manoeuvre Column   2 BD\n"
	    "  infantry  Road Column        3 BD on a road (3.6.6)\n"
	    "  infantry  Masse              1 BD\n"
	    "  infantry  Square             Drill - 2 BD\n"
	    "  infantry  Skirmish Group     3 BD\n"
	    "  cavalry   Line               Drill (in BD)\n"
	    "  cavalry   Column             3 BD\n"
	    "  cavalry   Manoeuvre Column   5 BD\n"
	    "  cavalry   Road Column        5 BD on a road (3.6.6)\n"
	    "  cavalry   Masse              3 BD\n"
	    "  cavalry   Screen             6 BD\n"
	    "  artillery light              2 BD limbered\n"
	    "  artillery heavy              1 BD limbered\n"
	    "  artillery horse              3 BD limbered\n"
	    "  limbered batteries on a road: 3 BD\n"
	    "  road column with other units on its road: 3 BD (3.6.6)\n"
	    "  road column off a road: moves and turns as Manoeuvre Column (3.6.6)\n"
	    "  drum or trumpet: +1 BD\n"
	    "  batteries: action points = Drill; limbering 1 AP, unlimbering 1 AP, each free AP +1 BD (3.6.3)\n"
	    "  turning the front: 1 BD per 45 degrees, free for formations that turn free and on roads\n"
	    "  optional 1d6 (3.6.4): 1 gives -0.5 BD, 6 gives +0.5 BD\n"
	    "  contours (3.6.5): 1 a turn free, each further one 1 BD\n";

	rs->ops->describe(rs, collect, buf);
	if (strncmp(buf, want, sizeof want - 1) != 0)
		fprintf(stderr, "%s", buf);
	assert_int_equal(strncmp(buf, want, sizeof want - 1), 0);
	assert_int_equal(buf[sizeof want - 1], '\n');	/* the block ends */
	free(buf);
}

/*
 * What the Napoleonic rules teach the computer commander of reaches is
 * the data's figures: musketry 2 BD and canister 3 BD (3.7.2), light,
 * heavy and horse guns 10, 14 and 8 BD (3.7.2), an objective held
 * within 1 BD (3.10.2), charges from 2 BD (foot) and 4 BD (horse, 3.4.1),
 * melee within 0.5 BD (3.8.1).  Entries the rules do not fix keep the
 * commander's own guess (-1 here).
 */
static void
test_3_7_2_doctrine_reach_from_data(void **state)
{
	const struct ruleset *rs = *state;
	struct ai_reach r;
	int k, t = rs->ticks;

	memset(&r, 0, sizeof r);
	for (k = 0; k < RULES_MAX_FORM; k++)
		r.art_range[k] = -1;
	assert_non_null(rs->ops->doctrine);
	rs->ops->doctrine->reach(rs, &r);
	assert_int_equal(r.musket, 2 * t);
	assert_int_equal(r.canister, 3 * t);
	assert_int_equal(r.art_range[ruleset_class(rs, ARM_ARTILLERY,
	    "light")], 10 * t);
	assert_int_equal(r.art_range[ruleset_class(rs, ARM_ARTILLERY,
	    "heavy")], 14 * t);
	assert_int_equal(r.art_range[ruleset_class(rs, ARM_ARTILLERY,
	    "horse")], 8 * t);
	for (k = 0; k < RULES_MAX_FORM; k++)
		if (k != ruleset_class(rs, ARM_ARTILLERY, "light") &&
		    k != ruleset_class(rs, ARM_ARTILLERY, "heavy") &&
		    k != ruleset_class(rs, ARM_ARTILLERY, "horse"))
			assert_int_equal(r.art_range[k], -1);
	assert_int_equal(r.hold, 1 * t);
	assert_int_equal(r.charge[ARM_INFANTRY], 2 * t);
	assert_int_equal(r.charge[ARM_CAVALRY], 4 * t);
	assert_int_equal(r.charge[ARM_ARTILLERY], 0);
	assert_int_equal(r.melee, t / 2);
	/* 3.4.1: foot and horse charge in Line, Column and Masse; guns in
	 * none.  3.7.1: fire reaches 45 degrees either side. */
	assert_int_equal(r.charge_forms[ARM_INFANTRY],
	    (1u << ruleset_form(rs, "line")) |
	    (1u << ruleset_form(rs, "column")) |
	    (1u << ruleset_form(rs, "masse")));
	assert_int_equal(r.charge_forms[ARM_CAVALRY],
	    r.charge_forms[ARM_INFANTRY]);
	assert_int_equal(r.charge_forms[ARM_ARTILLERY], 0);
	assert_int_equal(r.arc, 1);
}

/* The computer's roles are the data file's formations by name; a role
 * beyond the list has none. */
static void
test_doctrine_form_by_role(void **state)
{
	const struct ruleset *rs = *state;
	const struct ai_doctrine *dc = rs->ops->doctrine;

	assert_int_equal(dc->form(rs, AI_ROLE_LINE), ruleset_form(rs, "line"));
	assert_int_equal(dc->form(rs, AI_ROLE_COLUMN),
	    ruleset_form(rs, "column"));
	assert_int_equal(dc->form(rs, AI_ROLE_MARCH),
	    ruleset_form(rs, "manoeuvre_column"));
	assert_int_equal(dc->form(rs, AI_ROLE_ROAD),
	    ruleset_form(rs, "road_column"));
	assert_int_equal(dc->form(rs, AI_ROLE_SQUARE),
	    ruleset_form(rs, "square"));
	assert_int_equal(dc->form(rs, AI_ROLE_LIMBERED),
	    ruleset_form(rs, "limbered"));
	assert_int_equal(dc->form(rs, AI_ROLE_UNLIMBERED),
	    ruleset_form(rs, "unlimbered"));
	assert_int_equal(dc->form(rs, AI_ROLE_SKIRMISH),
	    ruleset_form(rs, "skirmish"));
	assert_true(dc->form(rs, AI_ROLE_LINE) >= 0);
	assert_int_equal(dc->form(rs, AI_ROLE_COUNT), -1);
}

/*
 * 3.8.2 as the computer judges a melee, the dice left out: Drill plus the
 * formation's pips (foot Line 0, Column 1, Square 0; horse Line 1; guns
 * limbered -3, unlimbered -1), horse against foot not in square or guns
 * +2, a square against horse +4, a Mob -2, a flank +2, +1 per full
 * doubling of the men (guns are not men), as the melee counts them.  Own foot in Column
 * at [20, 20] against foot in Line at [20, 16] facing it, both Drill 4.
 */
static void
test_3_8_2_doctrine_melee_edge_from_data(void **state)
{
	const struct ruleset *rs = *state;
	const struct ai_doctrine *dc = rs->ops->doctrine;
	struct ai_own u;
	struct ai_enemy e;

	memset(&u, 0, sizeof u);
	memset(&e, 0, sizeof e);
	u.arm = ARM_INFANTRY;
	u.formation = ruleset_form(rs, "column");
	u.quality = 4;
	u.strength = u.strength0 = 500;
	u.cond = COND_FORMED;
	u.pos = (struct point){ 20, 20 };
	u.facing = DIR_N;
	e.arm = ARM_INFANTRY;
	e.formation = ruleset_form(rs, "line");
	e.cond = COND_FORMED;
	e.pos = (struct point){ 20, 16 };
	e.facing = DIR_S;
	e.strength = 500;
	assert_int_equal(dc->melee_edge(rs, &u, &e, 4), 1);
	/* The enemy's Drill as believed, our own as rated. */
	assert_int_equal(dc->melee_edge(rs, &u, &e, 2), 3);
	u.quality = 5;
	assert_int_equal(dc->melee_edge(rs, &u, &e, 4), 2);
	u.quality = 4;
	/* A Mob. */
	e.cond = COND_MOB;
	assert_int_equal(dc->melee_edge(rs, &u, &e, 4), 3);
	e.cond = COND_FORMED;
	/* Odds: full doublings only, either way. */
	e.strength = 251;
	assert_int_equal(dc->melee_edge(rs, &u, &e, 4), 1);
	e.strength = 250;
	assert_int_equal(dc->melee_edge(rs, &u, &e, 4), 2);
	e.strength = 125;
	assert_int_equal(dc->melee_edge(rs, &u, &e, 4), 3);
	e.strength = 999;
	assert_int_equal(dc->melee_edge(rs, &u, &e, 4), 1);
	e.strength = 1000;
	assert_int_equal(dc->melee_edge(rs, &u, &e, 4), 0);
	e.strength = 2000;
	assert_int_equal(dc->melee_edge(rs, &u, &e, 4), -1);
	e.strength = 500;
	/* Its flank or rear to us: 90 degrees off its front and more. */
	e.facing = DIR_SE;
	assert_int_equal(dc->melee_edge(rs, &u, &e, 4), 1);
	e.facing = DIR_E;
	assert_int_equal(dc->melee_edge(rs, &u, &e, 4), 3);
	e.facing = DIR_N;
	assert_int_equal(dc->melee_edge(rs, &u, &e, 4), 3);
	e.facing = DIR_S;
	/* Horse in Line against foot: 1 + 2. */
	u.arm = ARM_CAVALRY;
	u.formation = ruleset_form(rs, "line");
	assert_int_equal(dc->melee_edge(rs, &u, &e, 4), 3);
	/* ... and against limbered guns, -3 theirs, men not counted. */
	e.arm = ARM_ARTILLERY;
	e.formation = ruleset_form(rs, "limbered");
	e.strength = 8;
	assert_int_equal(dc->melee_edge(rs, &u, &e, 4), 6);
	/* ... against horse in Line, even. */
	e.arm = ARM_CAVALRY;
	e.formation = ruleset_form(rs, "line");
	e.strength = 500;
	assert_int_equal(dc->melee_edge(rs, &u, &e, 4), 0);
	/* ... against foot in Square: no +2 for horse, +4 for the square:
	 * 1 against 0 + 4. */
	e.arm = ARM_INFANTRY;
	e.formation = ruleset_form(rs, "square");
	assert_int_equal(dc->melee_edge(rs, &u, &e, 4), -3);
	/* Our foot in Square against horse in Line: 0 + 4 against 1. */
	u.arm = ARM_INFANTRY;
	u.formation = ruleset_form(rs, "square");
	e.arm = ARM_CAVALRY;
	e.formation = ruleset_form(rs, "line");
	assert_int_equal(dc->melee_edge(rs, &u, &e, 4), 3);
	/* ... and against foot in Line, no square bonus: 0 against 0. */
	e.arm = ARM_INFANTRY;
	assert_int_equal(dc->melee_edge(rs, &u, &e, 4), 0);
	/* Our unlimbered guns against foot in Line: -1, men not counted. */
	u.arm = ARM_ARTILLERY;
	u.formation = ruleset_form(rs, "unlimbered");
	u.strength = 8;
	e.arm = ARM_INFANTRY;
	assert_int_equal(dc->melee_edge(rs, &u, &e, 4), -1);
}

/*
 * What the horse-and-musket rules teach the commander of reaches is the
 * data's: the musket of close-order foot, the arm's first class, reaches
 * 6 inches (HO.6.2); guns reach 24 (light, galloper, grasshopper), 32
 * (medium) and 40 (heavy) inches, canister 6; a place is held within 2
 * inches (HO.10); foot and horse charge from their H1 Line move (6 and
 * 15 inches, HO.3.1), guns never; the wagon, with no weapon, keeps the
 * commander's own guess (-1 here).
 */
static void
test_HO_doctrine_reach_from_data(void **state)
{
	struct ruleset *rs;
	struct ai_reach r;
	struct diags d;
	int k, t;

	(void)state;
	diags_init(&d);
	rs = load_ruleset("horse-and-musket", datadir(), &d);
	diags_free(&d);
	assert_non_null(rs);
	t = rs->ticks;
	memset(&r, 0, sizeof r);
	for (k = 0; k < RULES_MAX_FORM; k++)
		r.art_range[k] = -1;
	rs->ops->doctrine->reach(rs, &r);
	assert_int_equal(r.musket, 6 * t);
	assert_int_equal(r.canister, 6 * t);
	assert_int_equal(r.art_range[ruleset_class(rs, ARM_ARTILLERY,
	    "light")], 24 * t);
	assert_int_equal(r.art_range[ruleset_class(rs, ARM_ARTILLERY,
	    "galloper")], 24 * t);
	assert_int_equal(r.art_range[ruleset_class(rs, ARM_ARTILLERY,
	    "grasshopper")], 24 * t);
	assert_int_equal(r.art_range[ruleset_class(rs, ARM_ARTILLERY,
	    "medium")], 32 * t);
	assert_int_equal(r.art_range[ruleset_class(rs, ARM_ARTILLERY,
	    "heavy")], 40 * t);
	assert_int_equal(r.art_range[ruleset_class(rs, ARM_ARTILLERY,
	    "wagon")], -1);
	assert_int_equal(r.hold, 2 * t);
	assert_int_equal(r.charge[ARM_INFANTRY], 6 * t);
	assert_int_equal(r.charge[ARM_CAVALRY], 15 * t);
	assert_int_equal(r.charge[ARM_ARTILLERY], 0);
	ruleset_free(rs);
}

/*
 * 3.6.3 speeds are "drill", "drill - N", "drill + N" or a number of BD:
 * "drill + 1" for foot in Line loads and the reference says so; "drill *
 * 2" is refused with the forms a speed may take.
 */
static void
test_3_6_3_speed_forms(void **state)
{
	struct ruleset *rs;
	char *buf;

	(void)state;
	rs = load_edited_ok("    infantry:\n      line: drill - 2",
	    "    infantry:\n      line: drill + 1");
	assert_non_null(rs);
	buf = xcalloc(16000, 1);
	rs->ops->describe(rs, collect, buf);
	assert_non_null(strstr(buf, "\n  infantry  Line               Drill "
	    "+ 1 BD\n"));
	free(buf);
	ruleset_free(rs);
	expect_edit("    infantry:\n      line: drill - 2",
	    "    infantry:\n      line: drill * 2",
	    "a speed is 'drill', 'drill - N', 'drill + N' or a number of BD, "
	    "not 'drill * 2'");
	/* The tables name the file's formations of the arm, and its
	 * artillery classes; the formation a unit takes by itself (3.6.8)
	 * is one of the file's. */
	expect_edit("      skirmish: 3\n", "      screen: 3\n",
	    "screen is not a formation of infantry");
	expect_edit("      light: 2\n      heavy: 1\n",
	    "      lite: 2\n      heavy: 1\n", "unknown artillery class 'lite'");
	expect_edit("  auto_formation: manoeuvre_column",
	    "  auto_formation: manoeuvre_colum",
	    "unknown formation 'manoeuvre_colum'");
	/* The batteries' speeds are described whatever the order of the
	 * classes: with artillery the first arm, its first class (light)
	 * is the file's first, and still shown. */
	rs = load_edited_ok("classes:\n  infantry: [line, light, guard]\n"
	    "  cavalry: [light, heavy]\n  artillery: [light, heavy, horse]",
	    "classes:\n  artillery: [light, heavy, horse]\n"
	    "  infantry: [line, light, guard]\n  cavalry: [light, heavy]");
	assert_non_null(rs);
	assert_int_equal(rs->klass[0].arm, ARM_ARTILLERY);
	buf = xcalloc(16000, 1);
	rs->ops->describe(rs, collect, buf);
	assert_non_null(strstr(buf, "\n  artillery light              2 BD "
	    "limbered\n  artillery heavy              1 BD limbered\n"));
	free(buf);
	ruleset_free(rs);
}

/* 3.6.3: a battery's action point costs are 0..6, and must be given. */
static void
test_3_6_3_battery_ap_checked(void **state)
{
	(void)state;
	expect_edit("  limber_ap: 1\n", "  limber_ap: 7\n",
	    "value 7 out of range 0..6");
	expect_edit("  unlimber_ap: 1\n", "", "missing key 'unlimber_ap'");
}

/* 3.6.4: the speed die has 2 to 100 sides; one of 1 side is refused
 * with that one message, and nothing is read against it. */
static void
test_3_6_4_random_die_checked(void **state)
{
	char *text = edited_text("random_die: 6", "random_die: 1");
	struct doc_node *root;
	struct diags d;

	(void)state;
	diags_init(&d);
	root = yread_buffer("n.yaml", text, strlen(text), &d);
	assert_non_null(root);
	assert_null(ruleset_load(root, &d));
	if (d.n != 1)
		diags_print(&d, stderr);
	assert_int_equal(d.n, 1);
	assert_string_equal(d.v[0].msg, "value 1 out of range 2..100");
	assert_int_equal(d.v[0].col, 15);
	doc_free(root);
	diags_free(&d);
	free(text);
}

/*
 * 3.6.6: a Road Column off a road moves as the data's formation, which
 * must then have a speed for every arm that may take it: without the
 * infantry's Manoeuvre Column speed the file is refused; and the crowded
 * road column speed in the reference is the data's, 4 BD when it says 4.
 */
static void
test_3_6_6_road_column_checked_and_described(void **state)
{
	struct ruleset *rs;
	char *buf;

	(void)state;
	expect_edit("      column: 1\n      manoeuvre_column: 2\n",
	    "      column: 1\n",
	    "movement: no infantry speed for manoeuvre_column");
	rs = load_edited_ok("road_column_crowded: 3", "road_column_crowded: 4");
	assert_non_null(rs);
	buf = xcalloc(16000, 1);
	rs->ops->describe(rs, collect, buf);
	assert_non_null(strstr(buf, "\n  limbered batteries on a road: 3 BD\n"
	    "  road column with other units on its road: 4 BD (3.6.6)\n"
	    "  road column off a road: moves and turns as Manoeuvre Column "
	    "(3.6.6)\n"));
	free(buf);
	ruleset_free(rs);
}

/*
 * The movement's whole numbers (3.6.3 action points, 3.6.4 die, 3.6.5
 * contours) and the turn's sections of both rulesets (Napoleonic 3.4
 * charges, 3.5 rally, 3.7 fire, 3.8 melee, 3.9 morale; horse-and-musket
 * charge, fire, melee and morale) keep each whole-number figure inside
 * the range its loader states (napoleonic/move-load.c and phases.c,
 * horse-and-musket/turn.c): one past either end is refused with the
 * value and the range, so a figure mistyped in the data never plays.
 * Each row is the data file's own line for the key.
 */
static const struct bound {
	const char *ruleset;	/* the data file */
	const char *section;	/* where the line stands */
	const char *line;	/* the data file's line, with its newlines */
	const char *key;
	int lo, hi;		/* the range the loader allows */
} turn_bounds[] = {
	{ "napoleonic", "movement", "\n  limber_ap: 1\n", "limber_ap", 0, 6 },
	{ "napoleonic", "movement", "\n  unlimber_ap: 1\n", "unlimber_ap", 0, 6 },
	{ "napoleonic", "movement", "\n  pivot_per_45: 1               # BD per 45 degrees when pivoting a battery\n", "pivot_per_45", 0, 6 },
	{ "napoleonic", "movement", "\n  random_die: 6\n", "random_die", 2, 100 },
	{ "napoleonic", "movement", "\n  cavalry_mc_pe_factor: 2       # Pe counts double for a cavalry Manoeuvre Column\n", "cavalry_mc_pe_factor", 0, 10 },
	{ "napoleonic", "movement", "\n  free_contours: 1              # contours crossed per turn at no cost\n", "free_contours", 0, 10 },
	{ "napoleonic", "fire", "\nfire:\n  die: 6\n", "die", 2, 100 },
	{ "napoleonic", "melee", "\nmelee:\n  die: 6\n", "die", 2, 100 },
	{ "napoleonic", "morale", "\nmorale:\n  die: 6\n", "die", 2, 100 },
	{ "napoleonic", "morale", "\n  dice: 2\n  base: 4                       # 3.9.1", "dice", 1, 10 },
	{ "napoleonic", "fire", "\n  arc: 1                        # 3.7.1 targets within 45 degrees either side of the front\n", "arc", 0, 4 },
	{ "napoleonic", "fire", "\n    permille: 8                 # 3.7.3 men hit per 1000 firing, per pip\n", "permille", 0, 1000 },
	{ "napoleonic", "fire", "\n    drill_base: 3               # 3.7.3 pips = die + Drill - 3\n", "drill_base", -10, 10 },
	{ "napoleonic", "fire", "\n    long: 2                     # 3.7.3 men hit per gun per pip, roundshot\n", "long", 0, 1000 },
	{ "napoleonic", "fire", "\n    close: 6                    # 3.7.3 men hit per gun per pip, canister\n", "close", 0, 1000 },
	{ "napoleonic", "melee", "\n  cavalry_vs_foot: 2            # 3.8.2 horse against foot or guns not in square\n", "cavalry_vs_foot", -20, 20 },
	{ "napoleonic", "melee", "\n  square_vs_cavalry: 4          # 3.8.2 a square against horse\n", "square_vs_cavalry", -20, 20 },
	{ "napoleonic", "melee", "\n  flank: 2                      # 3.8.2 striking a flank or the rear\n", "flank", -20, 20 },
	{ "napoleonic", "melee", "\n  odds: 1                       # 3.8.2 per full doubling of the enemy's strength\n", "odds", -20, 20 },
	{ "napoleonic", "melee", "\n  mob: -2                       # 3.8.2 a Mob\n", "mob", -20, 20 },
	{ "napoleonic", "melee", "\n  loss: 4                       # 3.8.3 loser's percent per point of difference\n", "loss", 0, 100 },
	{ "napoleonic", "melee", "\n  winner_loss: 2                # 3.8.3 winner's percent (both on a tie)\n", "winner_loss", 0, 100 },
	{ "napoleonic", "melee", "\n  rout_margin: 3                # 3.8.4 losing by this much or more routs\n", "rout_margin", 1, 100 },
	{ "napoleonic", "morale", "\n  base: 4                       # 3.9.1 passes on 2d6 <= Drill + 4 + modifiers\n", "base", -50, 50 },
	{ "napoleonic", "morale", "\n  trigger: 5                    # 3.9.1 a unit tests after losing 5% in one turn\n", "trigger", 0, 100 },
	{ "napoleonic", "morale", "\n  per_losses: 10                # 3.9.1 -1 per full 10% of its first strength lost\n", "per_losses", 1, 100 },
	{ "napoleonic", "morale", "\n  musician: 1                   # 3.9.1 drum or trumpet\n", "musician", -20, 20 },
	{ "napoleonic", "morale", "\n  general: 1                    # 3.9.1 its general within command radius\n", "general", -20, 20 },
	{ "napoleonic", "morale", "\n  mob: -2                       # 3.9.1 already a Mob\n", "mob", -20, 20 },
	{ "napoleonic", "morale", "\n  rout_margin: 3                # 3.9.2 failing by 3 or more routs; less: Mob\n", "rout_margin", 1, 100 },
	{ "napoleonic", "morale", "\n  track: 200                    # 3.9.2 longest rout track, in cells\n", "track", 1, 100000 },
	{ "napoleonic", "morale", "\n  turn_about: 3                 # 3.9.2 (marshal's reading) a router whose track starts 3 x 45 degrees or more from its facing turns its back where it stands first (5: never)\n", "turn_about", 1, 5 },
	{ "napoleonic", "morale", "\n  capture: 4                    # 3.9.5 1d6 + modifiers >= 4: they surrender\n", "capture", -50, 50 },
	{ "napoleonic", "morale", "\n  capture_cavalry: 2            # 3.9.5 the pursuer is mounted\n", "capture_cavalry", -20, 20 },
	{ "napoleonic", "morale", "\n  capture_blocked: 2            # 3.9.5 the routers' track is blocked\n", "capture_blocked", -20, 20 },
	{ "napoleonic", "morale", "\n  scatter_loss: 20              # 3.9.5 percent lost by routers who scatter\n", "scatter_loss", 0, 100 },
	{ "napoleonic", "morale", "\n  disperse_at: 0                # 3.9.6 a unit down to this many men (or guns) leaves the field\n", "disperse_at", 0, 100000 },
	{ "napoleonic", "charge", "\n  die: 6\n", "die", 2, 100 },
	{ "napoleonic", "charge", "\n  dice: 2\n", "dice", 1, 10 },
	{ "napoleonic", "charge", "\n  arc: 1                        # 3.4.1 target within 45 degrees either side of the front\n", "arc", 0, 4 },
	{ "napoleonic", "charge", "\n  base: 4                       # 3.4.3 the target stands on 2d6 <= Drill + 4 + modifiers\n", "base", -50, 50 },
	{ "napoleonic", "charge", "\n  musician: 1                   # 3.4.3 drum or trumpet\n", "musician", -20, 20 },
	{ "napoleonic", "charge", "\n  general: 1                    # 3.4.3 its general within command radius\n", "general", -20, 20 },
	{ "napoleonic", "charge", "\n  mob: -2                       # 3.4.3 the target is a Mob\n", "mob", -20, 20 },
	{ "napoleonic", "charge", "\n  horse: -2                     # 3.4.3 foot not in square, or guns, charged by horse\n", "horse", -20, 20 },
	{ "napoleonic", "charge", "\n  flank: -2                     # 3.4.3 charged in the flank or rear\n", "flank", -20, 20 },
	{ "napoleonic", "charge", "\n  rout_margin: 3                # 3.4.3 failing by 3 or more routs; less: Mob\n", "rout_margin", 1, 100 },
	{ "napoleonic", "rally", "\n  base: 2\n", "base", -50, 50 },
	{ "napoleonic", "rally", "\n  musician: 1                   # drum or trumpet\n", "musician", -20, 20 },
	{ "napoleonic", "rally", "\n  general: 1                    # a general of its side within general_reach\n", "general", -20, 20 },
	{ "napoleonic", "rally", "\n  per_losses: 10                # -1 per full 10% of its first strength lost\n", "per_losses", 1, 100 },
	{ "horse-and-musket", "charge", "\n  arc: 1                        # 45 degrees either side of the front\n", "arc", 0, 4 },
	{ "horse-and-musket", "fire", "\n  die: 6\n", "die", 2, 100 },
	{ "horse-and-musket", "fire", "\n  arc: 1\n", "arc", 0, 4 },
	{ "horse-and-musket", "fire", "\n  short_hits: 4                 # a die hits on 4+ at short range\n", "short_hits", 1, 100 },
	{ "horse-and-musket", "fire", "\n  long_hits: 5                  # 5+ at long\n", "long_hits", 1, 100 },
	{ "horse-and-musket", "fire", "\n  always: 6                     # a 6 always hits\n", "always", 1, 100 },
	{ "horse-and-musket", "fire", "\n  never: 1                      # a 1 never does\n", "never", 0, 100 },
	{ "horse-and-musket", "fire", "\n  cover_mod: -1\n", "cover_mod", -20, 20 },
	{ "horse-and-musket", "fire", "\n  hard: -1                      # target open-order foot or a deployed gun\n", "hard", -20, 20 },
	{ "horse-and-musket", "fire", "\n  disordered: -1\n", "disordered", -20, 20 },
	{ "horse-and-musket", "fire", "\n  hits_per_unit: 10             # a hit is a tenth of the first strength\n", "hits_per_unit", 1, 1000 },
	{ "horse-and-musket", "fire", "\n  shaken: 2                     # hits in a turn that call for a test\n", "shaken", 1, 1000 },
	{ "horse-and-musket", "melee", "\n  charged: 1\n", "charged", -20, 20 },
	{ "horse-and-musket", "melee", "\n  horse_front: 1\n", "horse_front", -20, 20 },
	{ "horse-and-musket", "melee", "\n  horse_flank_or_disordered: 2\n", "horse_flank_or_disordered", -20, 20 },
	{ "horse-and-musket", "melee", "\n  flank: 2\n", "flank", -20, 20 },
	{ "horse-and-musket", "melee", "\n  defended: 1                   # buildings, woods, an obstacle to its front\n", "defended", -20, 20 },
	{ "horse-and-musket", "melee", "\n  open_order: -1\n", "open_order", -20, 20 },
	{ "horse-and-musket", "melee", "\n  weak: -2\n", "weak", -20, 20 },
	{ "horse-and-musket", "melee", "\n  rout_margin: 3\n", "rout_margin", 1, 100 },
	{ "horse-and-musket", "morale", "\n  dice: 2\n", "dice", 1, 10 },
	{ "horse-and-musket", "morale", "\n  base: 4                       # passes on 2d6 <= Drill + 4 + modifiers\n", "base", -50, 50 },
	{ "horse-and-musket", "morale", "\n  per_hits: 2                   # -1 per 2 hits taken in the battle\n", "per_hits", 1, 100 },
	{ "horse-and-musket", "morale", "\n  general: 1\n", "general", -20, 20 },
	{ "horse-and-musket", "morale", "\n  track: 400                    # the longest rout track, cells\n", "track", 1, 100000 },
};

/* The line with its figure replaced by v. */
static char *
with_value(const struct bound *b, int v)
{
	const char *at = strstr(b->line, ": ") + 2;
	size_t len = strcspn(at, " \n");

	return xasprintf("%.*s%d%s", (int)(at - b->line), b->line, v,
	    at + len);
}

static void
test_3_4_to_3_9_figures_checked_at_both_ends(void **state)
{
	char *to, *msg;
	size_t i;
	int end, v;

	(void)state;
	for (i = 0; i < sizeof turn_bounds / sizeof turn_bounds[0]; i++)
		for (end = 0; end < 2; end++) {
			v = end ? turn_bounds[i].hi + 1 : turn_bounds[i].lo - 1;
			to = with_value(&turn_bounds[i], v);
			msg = xasprintf("value %d out of range %d..%d", v,
			    turn_bounds[i].lo, turn_bounds[i].hi);
			edit_ruleset = turn_bounds[i].ruleset;
			expect_edit(turn_bounds[i].line, to, msg);
			edit_ruleset = "napoleonic";
			free(msg);
			free(to);
		}
}

/*
 * HO.6: the dice a weapon throws per base, at long range (dice) and at
 * short (short_dice, else as many), are whole numbers 0..20: one past
 * either end refuses the file with the value and the range.
 */
static void
test_HO_6_weapon_dice_checked(void **state)
{
	static const struct {
		const char *to, *msg;
	} edits[] = {
		{ "    musket:  {short: 3, long: 6, dice: 21}",
		    "value 21 out of range 0..20" },
		{ "    musket:  {short: 3, long: 6, dice: -1}",
		    "value -1 out of range 0..20" },
		{ "    musket:  {short: 3, long: 6, short_dice: 21, dice: 1}",
		    "value 21 out of range 0..20" },
		{ "    musket:  {short: 3, long: 6, short_dice: -1, dice: 1}",
		    "value -1 out of range 0..20" },
	};
	struct ruleset *rs;
	size_t i;

	(void)state;
	edit_ruleset = "horse-and-musket";
	for (i = 0; i < sizeof edits / sizeof edits[0]; i++)
		expect_edit("    musket:  {short: 3, long: 6, dice: 1}",
		    edits[i].to, edits[i].msg);
	/* Both ends are figures. */
	rs = load_edited_ok("    musket:  {short: 3, long: 6, dice: 1}",
	    "    musket:  {short: 3, long: 6, short_dice: 0, dice: 20}");
	assert_non_null(rs);
	ruleset_free(rs);
	edit_ruleset = "napoleonic";
}

/*
 * No Napoleonic movement figure in BD may be negative (doc/rulesets.md:
 * no turn or step is priced below 0; the route search counts on it):
 * each, set to -0.5, refuses the file at the figure's own line and
 * column with the value and the range.  The random change of speed
 * (3.6.4) is the one figure below 0, and stays accepted.
 */
static void
test_3_6_movement_figures_never_negative(void **state)
{
	/* Each key, and what follows it on its line when the key alone
	 * is not found first in the file (the movement's musician). */
	static const char *const keys[][2] = {
		{ "road_column_crowded", "" }, { "artillery_road", "" },
		{ "musician", "1                   # 3.6.3" },
		{ "turn_per_45", "" }, { "wheel_outer_loss", "" },
		{ "obstacle_width", "" }, { "contour_cost", "" },
		{ "small_road_relief", "" }, { "pivot_reach", "" },
		{ "wheel_gap", "" }, { "restore_enemy_gap", "" }, { NULL, NULL }
	};
	char *from, *to, *text, *at;
	const char *val;
	struct diags d;
	struct doc_node *root;
	struct ruleset *rs;
	int i, line, col;

	(void)state;
	for (i = 0; keys[i][0] != NULL; i++) {
		from = xasprintf("\n  %s: %s", keys[i][0], keys[i][1]);
		to = xasprintf("\n  %s: -0.5 #", keys[i][0]);
		text = edited_text(from, to);
		/* Where the value stands in the edited text. */
		at = strstr(text, to);
		assert_non_null(at);
		val = at + strlen(to) - strlen("-0.5 #");
		line = 1;
		for (at = text; at < val; at++)
			line += *at == '\n';
		for (col = 1; val - col >= text && val[-col] != '\n'; col++)
			;
		diags_init(&d);
		root = yread_buffer("n.yaml", text, strlen(text), &d);
		assert_non_null(root);
		rs = ruleset_load(root, &d);
		doc_free(root);
		assert_null(rs);
		assert_true(d.n >= 1);
		assert_string_equal(d.v[0].file, "n.yaml");
		assert_int_equal(d.v[0].line, line);
		assert_int_equal(d.v[0].col, col);
		if (strstr(d.v[0].msg, "value -0.5 out of range 0..") == NULL)
			fail_msg("%s: '%s'", keys[i][0], d.v[0].msg);
		diags_free(&d);
		free(text);
		free(from);
		free(to);
	}
	/* The random change below 0 is still a figure. */
	rs = load_edited_ok("random_low: {roll: 1, change: -0.5}",
	    "random_low: {roll: 1, change: -1}");
	assert_non_null(rs);
	ruleset_free(rs);
}

/*
 * The horse-and-musket movement tables (H3, H10: speeds by class and
 * formation, guns, movers; H4: crossings) name classes, formations, movers
 * and obstacles of the file: an unknown one, or a table that is not one,
 * refuses the whole file with its name, never loads with a hole in a
 * table; so does a yes-or-no figure (H6) given as something else.
 */
static void
test_H3_H10_movement_tables_refuse_unknown_names(void **state)
{
	static const struct {
		const char *from, *to, *msg;
	} edits[] = {
		{ "      light: {line: 15,", "      lite: {line: 15,",
		    "unknown cavalry class 'lite'" },
		{ "      close: {line: 6,", "      close: {lien: 6,",
		    "unknown formation 'lien'" },
		{ "      close: {line: 6,", "      close: {line: x,",
		    "expected a number, found 'x'" },
		{ "    light:       {limbered: 9,", "    lite:       {limbered: 9,",
		    "unknown artillery class 'lite'" },
		{ "    cavalry: {light: mounted}", "    cavalry: {lite: mounted}",
		    "unknown class 'lite'" },
		{ "    cavalry: {light: mounted}", "    cavalry: {light: flying}",
		    "unknown value 'flying' (expected one of: co_foot, oo_foot, "
		    "mounted, wheeled)" },
		{ "    cavalry: {light: mounted}", "    cavalry: [mounted]",
		    "movers of an arm" },
		/* H4: a crossing share of an obstacle the file does not
		 * have, or of none (no obstacle), refuses the file. */
		{ "    fence:            {co_foot:", "    fense:            {co_foot:",
		    "unknown obstacle 'fense'" },
		{ "    fence:            {co_foot:", "    none:             {co_foot:",
		    "unknown obstacle 'none'" },
		/* H6: whether limbering takes the whole move is yes or no */
		{ "  limber_takes_move: true", "  limber_takes_move: 2",
		    "expected true or false, found '2'" },
		/* H10: so is whether guns enter buildings */
		{ "  guns_enter_buildings: false", "  guns_enter_buildings: 2",
		    "expected true or false, found '2'" },
		/* H10: a routed gun's crew runs as one of the movers */
		{ "  crew_mover: oo_foot", "  crew_mover: flying",
		    "unknown value 'flying' (expected one of: co_foot, oo_foot, "
		    "mounted, wheeled)" },
		/* H8: free turn steps 0 to 4, a turn in place 1 to 4 steps */
		{ "  free_turn_steps: 1\n", "  free_turn_steps: 5\n",
		    "out of range" },
		{ "  turn_max_steps: 4 ", "  turn_max_steps: 0 ",
		    "out of range" },
		/* H9: the wheel's circle is a distance in inches */
		{ "  wheel_diameter: 3\n", "  wheel_diameter: x\n",
		    "expected a number, found 'x'" },
	};
	size_t i;

	(void)state;
	edit_ruleset = "horse-and-musket";
	for (i = 0; i < sizeof edits / sizeof edits[0]; i++)
		expect_edit(edits[i].from, edits[i].to, edits[i].msg);
	edit_ruleset = "napoleonic";
}

/*
 * The horse-and-musket tables hold HM_MAX_CLASS (32) classes: a file of
 * exactly 32 loads (22 foot classes added to its 10); in one of 33 the
 * last class, the wagon, is beyond the tables and the file is refused.
 */
static void
test_H_classes_up_to_the_tables_limit(void **state)
{
	const char *from = "  infantry: [close, open, rifle]\n";
	char list[512];
	struct ruleset *rs;
	size_t n;
	int i;

	(void)state;
	n = (size_t)snprintf(list, sizeof list, "  infantry: [close, open, "
	    "rifle");
	for (i = 0; i < 22; i++)
		n += (size_t)snprintf(list + n, sizeof list - n, ", foot%d", i);
	snprintf(list + n, sizeof list - n, "]\n");
	edit_ruleset = "horse-and-musket";
	rs = load_edited_ok(from, list);
	assert_non_null(rs);
	assert_int_equal(rs->nklass, 32);
	ruleset_free(rs);
	snprintf(list + n, sizeof list - n, ", foot22]\n");
	expect_edit(from, list, "unknown artillery class 'wagon'");
	edit_ruleset = "napoleonic";
}

/* The words and rule numbers the screen shows, from the data file. */
static void
test_terms_and_citations(void **state)
{
	const struct ruleset *rs = *state;
	char buf[128];

	assert_string_equal(ruleset_term(rs, RULESET_TERM_MOB), "Mob");
	assert_string_equal(ruleset_word(rs, RULESET_TERM_AIDE), "aide");
	assert_string_equal(ruleset_cite(rs, RULESET_TOPIC_LANDSCAPE),
	    "3.6.5");
	assert_string_equal(ruleset_cite(rs, RULESET_TOPIC_MELEE), "3.8");
	/* 3.6.5 is the rulebook's: no mark; 3.4.5 is marshal's own. */
	assert_string_equal(ruleset_cite_fmt(rs, RULESET_TOPIC_LANDSCAPE,
	    " (%s)", RULESET_CITE_MARK, buf, sizeof buf), " (3.6.5)");
	assert_string_equal(ruleset_cite_fmt(rs, RULESET_TOPIC_CHARGE,
	    "(%s, 2 BD away)", RULESET_CITE_MARK, buf, sizeof buf),
	    "(3.4.5*, 2 BD away)");
	assert_string_equal(ruleset_cite_fmt(rs, RULESET_TOPIC_CHARGE,
	    " (%s)", 0, buf, sizeof buf), " (3.4.5)");
	assert_string_equal(ruleset_cite_fmt(rs, RULESET_TOPIC_GENERAL_RIDE,
	    " (%s)", RULESET_CITE_OWN, buf, sizeof buf),
	    " (3.1.2, marshal's own rule)");
	assert_string_equal(ruleset_expand(rs, "a {mob} re-forms{@charge}; "
	    "{nope} {@nope} {", buf, sizeof buf),
	    "a Mob re-forms (3.4.5); {nope} {@nope} {");
	/* Cut at the buffer's end, never past it. */
	assert_string_equal(ruleset_expand(rs, "a {mob} re-forms", buf, 5),
	    "a Mo");
	assert_string_equal(ruleset_article("aide"), "an");
	assert_string_equal(ruleset_article("Mob"), "a");
}

/* Another ruleset's words and numbers (H3, "Disordered"), and a topic
 * left out: cited under no number, never the Napoleonic one. */
static void
test_terms_edited_and_left_out(void **state)
{
	struct ruleset *rs;
	char buf[128];

	(void)state;
	assert_non_null(rs = load_edited_ok("  mob: Mob ",
	    "  mob: Disordered "));
	assert_string_equal(ruleset_word(rs, RULESET_TERM_MOB), "Disordered");
	assert_string_equal(ruleset_expand(rs, "a {mob} re-forms", buf,
	    sizeof buf), "a Disordered re-forms");
	ruleset_free(rs);
	assert_non_null(rs = load_edited_ok("  landscape: \"3.6.5\"",
	    "  landscape: \"H3\""));
	assert_string_equal(ruleset_cite_fmt(rs, RULESET_TOPIC_LANDSCAPE,
	    "Landscape (%s)", RULESET_CITE_MARK, buf, sizeof buf),
	    "Landscape (H3*)");
	ruleset_free(rs);
	assert_non_null(rs = load_edited_ok("  charge: \"3.4.5\"\n", ""));
	assert_null(ruleset_cite(rs, RULESET_TOPIC_CHARGE));
	assert_string_equal(ruleset_cite_fmt(rs, RULESET_TOPIC_CHARGE,
	    " (%s)", RULESET_CITE_MARK, buf, sizeof buf), "");
	assert_string_equal(ruleset_expand(rs, "to charge it{@charge}", buf,
	    sizeof buf), "to charge it");
	ruleset_free(rs);
	/* A term left out: a neutral word, not another ruleset's. */
	assert_non_null(rs = load_edited_ok("  aide: aide ", "  "));
	assert_null(ruleset_term(rs, RULESET_TERM_AIDE));
	assert_string_equal(ruleset_word(rs, RULESET_TERM_AIDE), "messenger");
	ruleset_free(rs);
}

/* The unit attributes and state the data file declares, in its order. */
static void
test_attributes(void **state)
{
	const struct ruleset *rs = *state;
	const struct attr_def *a;

	assert_int_equal(rs->nattr, 3);
	assert_int_equal(ruleset_attr(rs, "drill"), 0);
	assert_int_equal(ruleset_attr(rs, "musician"), 1);
	assert_int_equal(ruleset_attr(rs, "ap_used"), 2);
	assert_int_equal(ruleset_attr(rs, "march"), -1);
	a = &rs->attr[0];
	assert_string_equal(a->label, "Drill");
	assert_true(a->required);
	assert_false(a->flag || a->state);
	assert_int_equal(a->min, 1);
	assert_int_equal(a->max, 6);
	assert_int_equal(a->def, 1);	/* no default: the least */
	a = &rs->attr[1];
	assert_true(a->flag && a->report);
	assert_false(a->required || a->state);
	assert_int_equal(a->def, 0);
	a = &rs->attr[2];
	assert_true(a->state);
	assert_int_equal(a->def, 0);
	assert_int_equal(a->max, 99);
}

static void
test_attribute_checks(void **state)
{
	(void)state;
	expect_edit("flag: true, default: false", "flag: true, min: 0",
	    "a flag has no min or max");
	expect_edit("max: 99, default: 0}", "max: 99, required: true}",
	    "cannot be required");
	expect_edit("max: 6, required", "max: 6, default: 9, required",
	    "value 9 out of range 1..6");
	expect_edit("\nstate:\n", "\nstate:\n  drill: {label: D}\n",
	    "attribute 'drill' declared twice");
	expect_edit("  drill:    {label", "  drills:   {label",
	    "the napoleonic rules need an attribute 'drill'");
	expect_edit("\nstate:\n", "\nstate:\n  a: {label: A}\n  b: {label: B}\n"
	    "  c: {label: C}\n  d: {label: D}\n  e: {label: E}\n"
	    "  f: {label: F}\n", "too many attributes: at most 8");
	expect_edit("{label: Drill,", "{label: Drill, colour: 3,",
	    "unknown key 'colour'");
}

/* The arms' names and map letters, and the checks on them. */
static void
test_arms(void **state)
{
	const struct ruleset *rs = *state;

	assert_int_equal(ruleset_arm_letter(rs, ARM_INFANTRY), 'I');
	assert_int_equal(ruleset_arm_letter(rs, ARM_CAVALRY), 'C');
	assert_int_equal(ruleset_arm_letter(rs, ARM_ARTILLERY), 'A');
	assert_string_equal(ruleset_arm_label(rs, ARM_CAVALRY), "cavalry");
	expect_edit("letter: C}", "letter: M}", "other than M and R");
	expect_edit("letter: C}", "letter: c}", "one capital A-Z");
	expect_edit("letter: C}", "letter: CC}", "longer than 1 bytes");
	expect_edit("letter: C}", "letter: I}",
	    "infantry and cavalry share the letter I");
	expect_edit("  cavalry:   {label", "  horse:   {label",
	    "unknown arm 'horse'");
}

/* Rule numbers the source has, and marshal's own (issue 12 decision 8):
 * the data file quotes 3.6 only, so 3.6 and every number under it are
 * the rulebook's and the rest are marked. */
static void
test_own_rules(void **state)
{
	struct ruleset *rs = *state;
	char **quoted = rs->quoted;

	/* The words the rules reference explains first. */
	assert_int_equal(rs->ngloss, 6);
	assert_string_equal(rs->gloss[0], "BD");
	assert_string_equal(rs->gloss[2], "Pe");
	assert_string_equal(rs->gloss[4], "Pr");
	assert_non_null(strstr(rs->gloss[5], "Pr + Pe is more than the BD"));
	assert_int_equal(rs->nquoted, 1);
	assert_string_equal(rs->quoted[0], "3.6");
	assert_false(ruleset_rule_own(rs, "3.6"));
	assert_false(ruleset_rule_own(rs, "3.6.5"));
	assert_false(ruleset_rule_own(rs, "3.6.10"));
	assert_true(ruleset_rule_own(rs, "3.60"));
	assert_true(ruleset_rule_own(rs, "3.4.3"));
	assert_true(ruleset_rule_own(rs, "3.10.2"));
	assert_true(ruleset_rule_own(rs, "3"));
	assert_false(ruleset_rule_own(rs, ""));
	assert_string_equal(ruleset_rule_mark(rs, "3.9.5"), RULESET_OWN_MARK);
	assert_string_equal(ruleset_rule_mark(rs, "3.6.8"), "");
	/* A ruleset that declares nothing marks nothing. */
	rs->quoted = NULL;
	assert_false(ruleset_rule_own(rs, "3.4.3"));
	assert_string_equal(ruleset_rule_mark(rs, "3.4.3"), "");
	rs->quoted = quoted;
}

/* Rule numbers with letters (issue 15): the horse-and-musket data file
 * quotes the seed's clauses H1 to H15, and marshal's own HO.n are
 * marked; H1 does not cover H10, nor HO.1. */
static void
test_own_rules_letters(void **state)
{
	struct diags d;
	struct ruleset *rs;

	(void)state;
	diags_init(&d);
	rs = load_ruleset("horse-and-musket", datadir(), &d);
	if (rs == NULL)
		diags_print(&d, stderr);
	diags_free(&d);
	assert_non_null(rs);
	assert_int_equal(rs->nquoted, 15);
	assert_string_equal(rs->quoted[0], "H1");
	assert_string_equal(rs->quoted[14], "H15");
	assert_false(ruleset_rule_own(rs, "H1"));
	assert_false(ruleset_rule_own(rs, "H10"));
	assert_false(ruleset_rule_own(rs, "H3"));
	assert_true(ruleset_rule_own(rs, "HO.1"));
	assert_true(ruleset_rule_own(rs, "HO.9.3"));
	assert_true(ruleset_rule_own(rs, "H16"));
	assert_string_equal(ruleset_rule_mark(rs, "HO.6.3"), RULESET_OWN_MARK);
	assert_string_equal(ruleset_rule_mark(rs, "H8"), "");
	ruleset_free(rs);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_scale_and_names),
		cmocka_unit_test(test_3_10_1_break_ends_read_from_the_data),
		cmocka_unit_test(test_landscape),
		cmocka_unit_test(test_formations),
		cmocka_unit_test(test_3_6_3_speed_with_leading_blanks),
		cmocka_unit_test(test_3_8_2_formation_pips_range),
		cmocka_unit_test(test_obstacles_and_classes),
		cmocka_unit_test(test_fmt),
		cmocka_unit_test(test_fmt_kept_follows_the_scale),
		cmocka_unit_test(test_checks),
		cmocka_unit_test(test_3_8_4_rout_margin_checked),
		cmocka_unit_test(test_3_reference_sections_apart),
		cmocka_unit_test(test_3_8_reference_from_data),
		cmocka_unit_test(test_3_8_1_distance_zero_is_a_figure),
		cmocka_unit_test(test_3_6_8_contact_deploy_is_checked),
		cmocka_unit_test(test_3_8_2_square_may_be_the_first_formation),
		cmocka_unit_test(test_3_reference_of_the_phases_from_data),
		cmocka_unit_test(test_3_6_reference_from_data),
		cmocka_unit_test(test_3_6_3_speed_forms),
		cmocka_unit_test(test_3_7_2_doctrine_reach_from_data),
		cmocka_unit_test(test_doctrine_form_by_role),
		cmocka_unit_test(test_3_8_2_doctrine_melee_edge_from_data),
		cmocka_unit_test(test_HO_doctrine_reach_from_data),
		cmocka_unit_test(test_3_6_6_road_column_checked_and_described),
		cmocka_unit_test(test_3_6_3_battery_ap_checked),
		cmocka_unit_test(test_3_6_4_random_die_checked),
		cmocka_unit_test(test_3_4_to_3_9_figures_checked_at_both_ends),
		cmocka_unit_test(test_HO_6_weapon_dice_checked),
		cmocka_unit_test(test_3_6_movement_figures_never_negative),
		cmocka_unit_test(test_H3_H10_movement_tables_refuse_unknown_names),
		cmocka_unit_test(test_H_classes_up_to_the_tables_limit),
		cmocka_unit_test(test_own_rules),
		cmocka_unit_test(test_own_rules_letters),
		cmocka_unit_test(test_terms_and_citations),
		cmocka_unit_test(test_terms_edited_and_left_out),
		cmocka_unit_test(test_attributes),
		cmocka_unit_test(test_attribute_checks),
		cmocka_unit_test(test_arms),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
