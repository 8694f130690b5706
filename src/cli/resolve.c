/*
 * resolve.c - marshal resolve: play whole turns of a scenario without the
 * interface and print the outcome.
 *
 *   marshal resolve SCENARIO [--turns N] [--seed S] [--format text|json]
 *       [--ai SIDE|both [--level LEVEL]]
 *
 * SCENARIO is a file or the bare name of a bundled scenario (as for
 * play).  The scenario is loaded, N whole turns (default 1) are played through
 * game_turn, and then every unit is listed (place, facing, formation,
 * condition, standing order, ground covered in the last movement and why
 * it stopped) followed by every event of the log with its turn, phase,
 * unit, rule number and explanation.  The output depends only on the
 * scenario, the seed and the orders, so the same run prints the same bytes.
 * The JSON schema is documented in doc/rules.md ("marshal resolve").
 *
 * With --ai the computer commander (ai/ai.h) gives the orders of a side
 * (its index or name) or of both at the start of every turn, through
 * game_order like a player; --level is easy, normal (the default) or hard,
 * or one of the benchmark's baselines, passive or naive.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ai/ai.h"
#include "cli/cli.h"
#include "core/decide.h"
#include "core/game.h"
#include "io/load.h"
#include "core/ruleset.h"
#include "util/diag.h"

#define RESOLVE_TURNS_MAX	10000

static void
usage(void)
{
	fprintf(stderr, "usage: marshal resolve SCENARIO [--turns N] "
	    "[--seed S] [--format text|json]\n"
	    "       [--ai SIDE|both [--level easy|normal|hard]]\n");
}

static int
parse_num(const char *s, unsigned long long max, unsigned long long *out)
{
	char *end;
	unsigned long long v;

	if (s == NULL || *s == '\0' || *s == '-' || *s == '+')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno != 0 || *end != '\0' || v > max)
		return -1;
	*out = v;
	return 0;
}

/* A BD value as a bare decimal ("2.5"). */
static void
fmt_num(const struct ruleset *rs, int ticks, char *buf, size_t len)
{
	char *sp;

	ruleset_fmt(rs, ticks, buf, len);
	if ((sp = strrchr(buf, ' ')) != NULL)
		*sp = '\0';
}

static void
json_str(FILE *f, const char *s)
{
	const unsigned char *p;

	if (s == NULL) {
		fputs("null", f);
		return;
	}
	fputc('"', f);
	for (p = (const unsigned char *)s; *p != '\0'; p++) {
		switch (*p) {
		case '"':
			fputs("\\\"", f);
			break;
		case '\\':
			fputs("\\\\", f);
			break;
		case '\n':
			fputs("\\n", f);
			break;
		case '\t':
			fputs("\\t", f);
			break;
		default:
			if (*p < 0x20)
				fprintf(f, "\\u%04x", *p);
			else
				fputc(*p, f);
		}
	}
	fputc('"', f);
}

static const char *
side_name(const struct game *g, int side)
{
	return side >= 0 && side < g->nsides ? g->sides[side].name : "?";
}

static const char *
phase_key(const struct game *g, int phase)
{
	return phase >= 0 && phase < g->rs->nphases ?
	    g->rs->phase_keys[phase] : NULL;
}

static void
order_text(const struct game *g, const struct order *o, char *buf,
    size_t len)
{
	size_t n;
	int i;

	n = (size_t)snprintf(buf, len, "%s", order_kind_name(o->kind));
	if (o->kind == ORDER_MOVE)
		for (i = 0; i < o->npts && n < len; i++)
			n += (size_t)snprintf(buf + n, len - n, "%s[%d, %d]",
			    i == 0 ? " " : " ", o->pts[i].x, o->pts[i].y);
	else if (o->kind == ORDER_FORMATION && o->formation >= 0 &&
	    o->formation < g->rs->nform && n < len)
		snprintf(buf + n, len - n, " %s", g->rs->form[o->formation].name);
}

/* The result in words: "the Allies win, 3 points to 1" or "a draw...". */
static void
result_text(const struct game *g, char *buf, size_t len)
{
	const struct game_result *r = &g->result;
	int o = g->nsides > 1 && r->winner >= 0 ? 1 - r->winner : 0;

	if (r->winner < 0)
		snprintf(buf, len, "a draw, %d point%s each", r->points[0],
		    r->points[0] == 1 ? "" : "s");
	else
		snprintf(buf, len, "the %s win, %d point%s to %d",
		    side_name(g, r->winner), r->points[r->winner],
		    r->points[r->winner] == 1 ? "" : "s", r->points[o]);
}

static void
print_text(FILE *f, const struct game *g, const char *path, int turns,
    int asked)
{
	char res[160];

	const struct ruleset *rs = g->rs;
	const struct unit *u;
	const struct event *e;
	char moved[32], order[160];
	int i;

	fprintf(f, "scenario: %s (%s)\n", g->title != NULL ? g->title : "",
	    path);
	fprintf(f, "ruleset: %s; seed %llu; %d turn%s played; ", rs->name,
	    (unsigned long long)g->seed, turns, turns == 1 ? "" : "s");
	if (game_over(g))
		fprintf(f, "no next turn\n");
	else
		fprintf(f, "next turn %d\n", g->turn);
	if (game_over(g)) {
		result_text(g, res, sizeof res);
		fprintf(f, "result: the battle is over after turn %d (%s%s): "
		    "%s; %d of the %d turns asked were played\n",
		    g->result.turn, g->result.rule,
		    ruleset_rule_mark(g->rs, g->result.rule), res, turns,
		    asked);
	}
	fprintf(f, "\nunits:\n");
	for (i = 0; i < g->nunits; i++) {
		u = &g->units[i];
		ruleset_fmt(rs, u->moved, moved, sizeof moved);
		order_text(g, &u->order, order, sizeof order);
		fprintf(f, "  %s (%s), %s: at [%d, %d] facing %s, %s, %s; "
		    "order %s; moved %s, halt %s\n", u->id, u->name,
		    side_name(g, u->side), u->pos.x, u->pos.y,
		    dir_name(u->facing), rs->form[u->formation].label,
		    cond_name(u->cond), order, moved, halt_name(u->halt));
	}
	fprintf(f, "\nlog:\n");
	for (i = 0; i < g->log.n; i++) {
		e = &g->log.v[i];
		fprintf(f, "  turn %d", e->turn);
		if (phase_key(g, e->phase) != NULL)
			fprintf(f, ", %s", phase_key(g, e->phase));
		if (e->unit >= 0 && e->unit < g->nunits)
			fprintf(f, ", %s", g->units[e->unit].id);
		fprintf(f, ": %s%s%s%s\n", e->rule,
		    ruleset_rule_mark(g->rs, e->rule), e->rule[0] ? " " : "",
		    e->text);
	}
}

/* "result": null while the battle goes on, else how it ended. */
static void
json_result(FILE *f, const struct game *g)
{
	const struct game_result *r = &g->result;
	int s;

	fputs(" \"result\": ", f);
	if (!game_over(g)) {
		fputs("null,\n", f);
		return;
	}
	fputs("{\"winner\": ", f);
	json_str(f, r->winner >= 0 ? side_name(g, r->winner) : NULL);
	fprintf(f, ", \"draw\": %s, \"points\": {", r->winner < 0 ? "true" :
	    "false");
	for (s = 0; s < g->nsides; s++) {
		fputs(s ? ", " : "", f);
		json_str(f, side_name(g, s));
		fprintf(f, ": %d", r->points[s]);
	}
	fputs("}, \"rule\": ", f);
	json_str(f, r->rule);
	fprintf(f, ", \"turn\": %d},\n", r->turn);
}

static void
print_json(FILE *f, const struct game *g, const char *path, int turns)
{
	const struct ruleset *rs = g->rs;
	const struct unit *u;
	const struct event *e;
	struct point *cells = game_cells_take(g);
	char moved[32];
	int i, k, n;

	fputs("{\"schema\": \"marshal-resolve/1\", \"scenario\": ", f);
	json_str(f, g->title);
	fputs(", \"file\": ", f);
	json_str(f, path);
	fputs(", \"ruleset\": ", f);
	json_str(f, rs->name);
	fprintf(f, ", \"seed\": %llu, \"turns\": %d, \"next_turn\": ",
	    (unsigned long long)g->seed, turns);
	/* None once the battle is over: nothing is played past its end. */
	if (game_over(g))
		fputs("null,\n", f);
	else
		fprintf(f, "%d,\n", g->turn);
	json_result(f, g);
	fputs(" \"units\": [", f);
	for (i = 0; i < g->nunits; i++) {
		u = &g->units[i];
		fputs(i ? ",\n  {" : "\n  {", f);
		fputs("\"id\": ", f);
		json_str(f, u->id);
		fputs(", \"name\": ", f);
		json_str(f, u->name);
		fputs(", \"side\": ", f);
		json_str(f, side_name(g, u->side));
		fprintf(f, ", \"at\": [%d, %d], \"facing\": \"%s\", "
		    "\"formation\": ", u->pos.x, u->pos.y, dir_name(u->facing));
		json_str(f, rs->form[u->formation].name);
		fprintf(f, ", \"condition\": \"%s\", \"order\": {\"kind\": "
		    "\"%s\"", cond_name(u->cond), order_kind_name(u->order.kind));
		if (u->order.kind == ORDER_MOVE) {
			fputs(", \"points\": [", f);
			for (k = 0; k < u->order.npts; k++)
				fprintf(f, "%s[%d, %d]", k ? ", " : "",
				    u->order.pts[k].x, u->order.pts[k].y);
			fputc(']', f);
		} else if (u->order.kind == ORDER_FORMATION) {
			fputs(", \"formation\": ", f);
			json_str(f, u->order.formation >= 0 &&
			    u->order.formation < rs->nform ?
			    rs->form[u->order.formation].name : NULL);
		}
		fmt_num(rs, u->moved, moved, sizeof moved);
		fprintf(f, "}, \"moved\": %s, \"halt\": \"%s\"", moved,
		    halt_name(u->halt));
		fputs(", \"contact\": ", f);
		json_str(f, u->contact >= 0 && u->contact < g->nunits ?
		    g->units[u->contact].id : NULL);
		for (k = 0; k < rs->nattr; k++)
			if (rs->attr[k].report && rs->attr[k].flag)
				fprintf(f, ", \"%s\": %s", rs->attr[k].name,
				    unit_attr(u, k) ? "true" : "false");
			else if (rs->attr[k].report)
				fprintf(f, ", \"%s\": %d", rs->attr[k].name,
				    unit_attr(u, k));
		fputs(", \"cells\": [", f);
		n = unit_gone(u) ? 0 : game_footprint(g, u, cells);
		for (k = 0; k < n; k++)
			fprintf(f, "%s[%d, %d]", k ? ", " : "", cells[k].x,
			    cells[k].y);
		fputs("]}", f);
	}
	game_cells_give(g, cells);
	fputs("\n ],\n \"events\": [", f);
	for (i = 0; i < g->log.n; i++) {
		e = &g->log.v[i];
		fprintf(f, "%s{\"turn\": %d, \"phase\": ", i ? ",\n  " : "\n  ",
		    e->turn);
		json_str(f, phase_key(g, e->phase));
		fputs(", \"unit\": ", f);
		json_str(f, e->unit >= 0 && e->unit < g->nunits ?
		    g->units[e->unit].id : NULL);
		fprintf(f, ", \"kind\": \"%s\", \"rule\": ",
		    event_kind_name(e->kind));
		json_str(f, e->rule);
		if (ruleset_rule_own(g->rs, e->rule))
			fputs(", \"own_rule\": true", f);
		fputs(", \"text\": ", f);
		json_str(f, e->text);
		fputc('}', f);
	}
	fputs("\n ]\n}\n", f);
}

/* Which sides --ai names: an index, a side's name, or "both". */
static int
resolve_ai_sides(const struct game *g, const char *arg, bool *ai)
{
	int s;

	if (strcmp(arg, "both") == 0) {
		for (s = 0; s < g->nsides; s++)
			ai[s] = true;
		return 0;
	}
	for (s = 0; s < g->nsides; s++)
		if (strcasecmp(arg, g->sides[s].name) == 0 ||
		    (arg[0] == '0' + s && arg[1] == '\0')) {
			ai[s] = true;
			return 0;
		}
	return -1;
}

/* The command phase: the computer gives its sides' orders. */
/*
 * Play on to the end of the turn through the decision protocol: the
 * first decision open is answered by the AI when it plays that side (the
 * others stand on their orders), the side is done, and what is open is
 * asked again, since the sequencer may have run on.
 */
static void
resolve_ai_turn(struct game *g, const bool *ai, enum ai_level lvl)
{
	struct decision d[DECIDE_MAX];
	int turn = g->turn, bad;

	while (!game_over(g) && g->turn == turn &&
	    game_decisions(g, d, DECIDE_MAX) > 0) {
		if (ai[d[0].side] && (bad = ai_answer(g, &d[0], lvl)) != 0)
			fprintf(stderr, "marshal resolve: the AI gave %d "
			    "order%s the game refused\n", bad, bad == 1 ?
			    "" : "s");
		if (game_decided(g, d[0].side) != 0)
			break;
	}
}

int
cli_resolve(int argc, char **argv)
{
	const char *path = NULL, *format = "text";
	unsigned long long turns = 1, seed = 0;
	bool have_seed = false;
	const char *ai_side = NULL;
	enum ai_level ai_lvl = AI_NORMAL;
	bool ai[GAME_MAX_SIDES] = { false };
	struct ruleset *rs = NULL;
	struct game *g;
	struct diags d;
	char *file;
	int i;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--turns") == 0 && i + 1 < argc) {
			if (parse_num(argv[++i], RESOLVE_TURNS_MAX, &turns) != 0) {
				fprintf(stderr, "marshal resolve: --turns wants "
				    "a number from 0 to %d\n",
				    RESOLVE_TURNS_MAX);
				return 2;
			}
		} else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
			if (parse_num(argv[++i], ~0ULL, &seed) != 0) {
				fprintf(stderr, "marshal resolve: --seed wants "
				    "a whole number\n");
				return 2;
			}
			have_seed = true;
		} else if (strcmp(argv[i], "--format") == 0 && i + 1 < argc) {
			format = argv[++i];
			if (strcmp(format, "text") != 0 &&
			    strcmp(format, "json") != 0) {
				fprintf(stderr, "marshal resolve: --format is "
				    "text or json\n");
				return 2;
			}
		} else if (strcmp(argv[i], "--ai") == 0 && i + 1 < argc) {
			ai_side = argv[++i];
		} else if (strcmp(argv[i], "--level") == 0 && i + 1 < argc) {
			if (ai_level_parse(argv[++i]) < 0) {
				fprintf(stderr, "marshal resolve: --level is "
				    "easy, normal, hard, passive or naive\n");
				return 2;
			}
			ai_lvl = (enum ai_level)ai_level_parse(argv[i]);
		} else if (argv[i][0] == '-' && argv[i][1] != '\0') {
			usage();
			return 2;
		} else if (path == NULL)
			path = argv[i];
		else {
			usage();
			return 2;
		}
	}
	if (path == NULL) {
		usage();
		return 2;
	}
	/* A bundled scenario may be named bare, as for play. */
	if ((file = cli_scenario_path(path)) == NULL) {
		file = diag_escape(path);
		fprintf(stderr, "marshal resolve: no scenario '%s': neither a "
		    "file nor the name of a bundled scenario\n", file);
		free(file);
		return 2;
	}
	diags_init(&d);
	g = load_scenario(file, cli_datadir(), &rs, &d);
	free(file);
	if (g == NULL) {
		diags_print(&d, stderr);
		diags_free(&d);
		return 2;
	}
	diags_free(&d);
	if (ai_side != NULL && resolve_ai_sides(g, ai_side, ai) != 0) {
		fprintf(stderr, "marshal resolve: --ai wants a side's index "
		    "or name, or both\n");
		game_free(g);
		ruleset_free(rs);
		return 2;
	}
	if (have_seed)
		game_seed(g, seed);
	/* A finished battle stops here: no turn is played past its end. */
	for (i = 0; i < (int)turns && !game_over(g); i++) {
		resolve_ai_turn(g, ai, ai_lvl);
	}
	if (strcmp(format, "json") == 0)
		print_json(stdout, g, path, i);
	else
		print_text(stdout, g, path, i, (int)turns);
	game_free(g);
	ruleset_free(rs);
	return fflush(stdout) == 0 ? 0 : 1;
}
