/*
 * replay.c - reading, playing and writing recorded battles.  See replay.h.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "core/decide.h"
#include "core/game.h"
#include "core/ruleset.h"
#include "io/load.h"
#include "io/replay.h"
#include "io/save.h"
#include "io/yread.h"
#include "util/xalloc.h"

/* Free what one order owns. */
static void
order_free(struct replay_order *o)
{
	int j;

	free(o->unit);
	free(o->general);
	free(o->formation);
	free(o->action);
	for (j = 0; j < o->ngroup; j++)
		free(o->group[j]);
}

void
replay_free(struct replay *r)
{
	int i;

	if (r == NULL)
		return;
	for (i = 0; i < r->n; i++)
		order_free(&r->v[i]);
	free(r->v);
	free(r->scenario);
	free(r->path);
	doc_free(r->root);
	free(r);
}

/* A 64-bit number: a plain integer or a quoted "0x..." hexadecimal. */
static int
get_u64(const struct doc_node *n, uint64_t *out, struct diags *d)
{
	char *end;
	unsigned long long v;
	long l;

	if (n->kind == DOC_SCALAR && strncmp(n->str, "0x", 2) == 0) {
		errno = 0;
		v = strtoull(n->str, &end, 16);
		if (*end != '\0' || errno != 0 || end == n->str + 2) {
			diags_add(d, n->pos, "'%s' is not a hexadecimal "
			    "number", n->str);
			return -1;
		}
		*out = v;
		return 0;
	}
	if (doc_int(n, 0, LONG_MAX, &l, d) != 0)
		return -1;
	*out = (uint64_t)l;
	return 0;
}

static int
read_order(struct replay *r, const struct doc_node *n, int index,
    struct diags *d)
{
	static const char *const keys[] = { "turn", "step", "unit", "general",
	    "move", "formation", "stop", "restore", "action", "group", "at",
	    "facing", "form", NULL };
	static const char *const kinds[] = { "move", "formation", "stop",
	    "restore", "action" };
	static const char *dirs[DIR_COUNT + 1];
	struct replay_order *o = &r->v[index];
	const struct doc_node *k, *what = NULL;
	const char *s;
	long turn;
	bool b;
	int i, nkinds = 0;

	memset(o, 0, sizeof *o);
	o->node = n;
	o->facing = -1;
	for (i = 0; i < DIR_COUNT; i++)
		dirs[i] = dir_name((enum dir)i);
	if (doc_expect(n, DOC_MAP, "an order", d) != 0 ||
	    doc_check_keys(n, keys, d) != 0)
		return -1;
	/* turns + 1: orders given in the turn a recording stopped at,
	 * not played yet (a game saved part way through its turn). */
	if ((k = doc_need(n, "turn", d)) == NULL ||
	    doc_int(k, 1, (long)r->turns + 1, &turn, d) != 0)
		return -1;
	o->turn = (int)turn;
	if ((k = doc_get(n, "step")) != NULL) {
		if (doc_int(k, 0, INT_MAX, &turn, d) != 0)
			return -1;
		o->step = (int)turn;
	}
	/* No unit: the general's own ride or halt (3.1.2). */
	if ((k = doc_get(n, "unit")) != NULL) {
		if (doc_str(k, 256, &s, d) != 0)
			return -1;
		o->unit = xstrdup(s);
	}
	if ((k = doc_get(n, "general")) != NULL) {
		if (doc_str(k, 256, &s, d) != 0)
			return -1;
		o->general = xstrdup(s);
	}
	if (o->unit == NULL && o->general == NULL) {
		diags_add(d, n->pos, "an order needs a unit, or a general for "
		    "his own ride");
		return -1;
	}
	if ((k = doc_get(n, "group")) != NULL) {
		if (doc_expect(k, DOC_SEQ, "a list of unit ids", d) != 0)
			return -1;
		if (k->n < 2 || k->n > ORDER_GROUP_MAX) {
			diags_add(d, k->pos, "a group names 2 to %d units",
			    ORDER_GROUP_MAX);
			return -1;
		}
		for (i = 0; i < k->n; i++) {
			if (doc_str(k->items[i], 256, &s, d) != 0)
				return -1;
			o->group[o->ngroup++] = xstrdup(s);
		}
	}
	for (i = 0; i < 5; i++)
		if ((k = doc_get(n, kinds[i])) != NULL) {
			nkinds++;
			what = k;
			o->kind = (enum order_kind)order_kind_parse(kinds[i]);
		}
	if (nkinds != 1) {
		diags_add(d, n->pos, "an order needs exactly one of move, "
		    "formation, stop, restore, action");
		return -1;
	}
	if (o->kind != ORDER_ACTION && (doc_get(n, "at") != NULL ||
	    doc_get(n, "facing") != NULL || doc_get(n, "form") != NULL)) {
		diags_add(d, n->pos, "at, facing and form are an action's");
		return -1;
	}
	switch (o->kind) {
	case ORDER_MOVE:
		if (doc_expect(what, DOC_SEQ, "move", d) != 0)
			return -1;
		if (what->n < 1 || what->n > ORDER_MAX_POINTS) {
			diags_add(d, what->pos, "a move needs 1 to %d points",
			    ORDER_MAX_POINTS);
			return -1;
		}
		o->npts = what->n;
		for (i = 0; i < what->n; i++)
			if (doc_point(what->items[i], INT_MAX, INT_MAX,
			    &o->pts[i].x, &o->pts[i].y, d) != 0)
				return -1;
		break;
	case ORDER_FORMATION:
		if (doc_str(what, RULES_NAME_MAX, &s, d) != 0)
			return -1;
		o->formation = xstrdup(s);
		break;
	case ORDER_ACTION:
		/* The ruleset's own action, and what it takes. */
		if (doc_str(what, RULES_NAME_MAX, &s, d) != 0)
			return -1;
		o->action = xstrdup(s);
		if ((k = doc_get(n, "at")) != NULL) {
			if (doc_point(k, INT_MAX, INT_MAX, &o->pts[0].x,
			    &o->pts[0].y, d) != 0)
				return -1;
			o->npts = 1;
		}
		if ((k = doc_get(n, "facing")) != NULL &&
		    doc_enum(k, dirs, &o->facing, d) != 0)
			return -1;
		if ((k = doc_get(n, "form")) != NULL) {
			if (doc_str(k, RULES_NAME_MAX, &s, d) != 0)
				return -1;
			o->formation = xstrdup(s);
		}
		break;
	default:
		if (doc_bool(what, &b, d) != 0)
			return -1;
		if (!b) {
			diags_add(d, what->pos, "'%s: false' gives no order",
			    order_kind_name(o->kind));
			return -1;
		}
		break;
	}
	return 0;
}

/* One replay being read: what replay_read's region must free. */
struct rread {
	const char	*path;
	const char	*buf;		/* the text, or NULL: read path */
	size_t		 len;
	struct diags	*d;
	struct replay	*r;		/* NULL when refused */
};

static void
rread_run(void *arg)
{
	static const char *const keys[] = { "marshal-replay", "scenario",
	    "seed", "turns", "orders", "digest", NULL };
	struct rread *c = arg;
	const char *path = c->path;
	struct diags *d = c->d;
	struct replay *r = c->r = xcalloc(1, sizeof *r);
	const struct doc_node *k, *orders;
	const char *s;
	long v;
	int i, bad = 0;

	r->path = xstrdup(path);
	r->root = c->buf != NULL ? yread_buffer(path, c->buf, c->len, d) :
	    yread_file(path, d);
	if (r->root == NULL)
		goto fail;
	if (doc_expect(r->root, DOC_MAP, "a replay", d) != 0)
		goto fail;
	if ((k = doc_get(r->root, "marshal-replay")) == NULL) {
		diags_add(d, r->root->pos, "not a marshal replay (no "
		    "'marshal-replay' key)");
		goto fail;
	}
	if (doc_int(k, 0, INT_MAX, &v, d) != 0)
		goto fail;
	if (v != REPLAY_FORMAT) {
		diags_add(d, k->pos, "replay format %ld; this marshal reads "
		    "format %d", v, REPLAY_FORMAT);
		goto fail;
	}
	if (doc_check_keys(r->root, keys, d) != 0)
		goto fail;
	if ((k = doc_need(r->root, "scenario", d)) == NULL)
		goto fail;
	if (k->kind == DOC_MAP)
		r->inline_scenario = k;
	else if (doc_str(k, PATH_MAX, &s, d) != 0)
		goto fail;
	else
		r->scenario = xstrdup(s);
	if ((k = doc_get(r->root, "seed")) != NULL) {
		if (get_u64(k, &r->seed, d) != 0)
			goto fail;
		r->seeded = true;
	}
	if ((k = doc_need(r->root, "turns", d)) == NULL ||
	    doc_int(k, 0, 100000, &v, d) != 0)
		goto fail;
	r->turns = (int)v;
	if ((k = doc_get(r->root, "digest")) != NULL) {
		if (k->kind != DOC_SCALAR || strncmp(k->str, "0x", 2) != 0) {
			diags_add(d, k->pos, "digest: expected \"0x\" and 16 "
			    "hexadecimal digits");
			goto fail;
		}
		if (get_u64(k, &r->digest, d) != 0)
			goto fail;
		r->has_digest = true;
	}
	if ((orders = doc_get(r->root, "orders")) != NULL) {
		if (doc_expect(orders, DOC_SEQ, "orders", d) != 0)
			goto fail;
		r->v = xcalloc((size_t)orders->n + 1, sizeof *r->v);
		for (i = 0; i < orders->n; i++) {
			r->n = i + 1;
			bad |= read_order(r, orders->items[i], i, d);
		}
	}
	if (bad)
		goto fail;
	return;

fail:
	replay_free(r);
	c->r = NULL;
}

struct replay *
replay_read(const char *path, struct diags *d)
{
	struct rread c = { path, NULL, 0, d, NULL };

	if (xalloc_try(rread_run, &c) != 0) {
		replay_free(c.r);
		c.r = NULL;
		diags_oom(d, (struct pos){ path, 0, 0 });
	}
	return c.r;
}

struct replay *
replay_read_text(const char *name, const char *buf, size_t len,
    struct diags *d)
{
	struct rread c = { name, buf, len, d, NULL };

	if (xalloc_try(rread_run, &c) != 0) {
		replay_free(c.r);
		c.r = NULL;
		diags_oom(d, (struct pos){ name, 0, 0 });
	}
	return c.r;
}

/* A replay's game being set up: what replay_start's region frees. */
struct rstart {
	const struct replay *r;
	const char	*datadir;
	struct ruleset	**rs_out;
	struct diags	*d;
	char		*dir;
	char		*spath;
	struct game	*g;
};

static void
rstart_run(void *arg)
{
	struct rstart *c = arg;
	const struct replay *r = c->r;
	const char *slash = r->path != NULL ? strrchr(r->path, '/') : NULL;

	c->dir = slash != NULL ? xstrndup(r->path, (size_t)(slash - r->path)) :
	    xstrdup(".");
	if (r->inline_scenario != NULL)
		c->g = load_scenario_doc(r->inline_scenario, c->dir, c->datadir,
		    NULL, c->rs_out, c->d);
	else {
		c->spath = r->scenario[0] == '/' ? xstrdup(r->scenario) :
		    xasprintf("%s/%s", c->dir, r->scenario);
		c->g = load_scenario(c->spath, c->datadir, c->rs_out, c->d);
	}
	if (c->g != NULL && r->seeded)
		game_seed(c->g, r->seed);
}

struct game *
replay_start(const struct replay *r, const char *datadir,
    struct ruleset **rs_out, struct diags *d)
{
	struct rstart c = { r, datadir, rs_out, d, NULL, NULL, NULL };

	*rs_out = NULL;
	/* Nothing allocates once the game is made. */
	if (xalloc_try(rstart_run, &c) != 0)
		diags_oom(d, (struct pos){ r->path != NULL ? r->path :
		    "replay", 0, 0 });
	free(c.dir);
	free(c.spath);
	return c.g;
}

/* Where a recorded order stands, for messages: its line, or the file
 * (an order recorded in this run has none). */
static struct pos
order_pos(const struct replay *r, const struct replay_order *ro)
{
	if (ro->node != NULL)
		return ro->node->pos;
	return (struct pos){ r->path != NULL ? r->path : "recording", 0, 0 };
}

/* Turn a recorded order into the game's order; -1 with a diagnostic. */
static int
make_order(const struct replay *r, const struct game *g,
    const struct replay_order *ro, struct order *o, struct diags *d)
{
	memset(o, 0, sizeof *o);
	o->kind = ro->kind;
	if (ro->unit == NULL)
		o->unit = -1;
	else if ((o->unit = game_find_unit(g, ro->unit)) < 0) {
		diags_add(d, order_pos(r, ro), "no unit '%s' in the scenario",
		    ro->unit);
		return -1;
	}
	if (ro->general == NULL)
		o->general = g->units[o->unit].general;
	else if ((o->general = game_find_general(g, ro->general)) < 0) {
		diags_add(d, order_pos(r, ro), "no general '%s' in the scenario",
		    ro->general);
		return -1;
	}
	if (ro->kind == ORDER_ACTION &&
	    (o->action = ruleset_action(g->rs, ro->action)) < 0) {
		diags_add(d, order_pos(r, ro), "no action '%s' in ruleset "
		    "'%s'", ro->action, g->rs->name);
		return -1;
	}
	o->facing = ro->facing;
	o->formation = -1;
	if (ro->formation != NULL &&
	    (o->formation = ruleset_form(g->rs, ro->formation)) < 0) {
		diags_add(d, order_pos(r, ro), "no formation '%s' in ruleset "
		    "'%s'", ro->formation, g->rs->name);
		return -1;
	}
	o->npts = ro->npts;
	memcpy(o->pts, ro->pts, sizeof o->pts);
	for (o->ngroup = 0; o->ngroup < ro->ngroup; o->ngroup++)
		if ((o->group[o->ngroup] = game_find_unit(g,
		    ro->group[o->ngroup])) < 0) {
			diags_add(d, order_pos(r, ro), "no unit '%s' in the "
			    "scenario", ro->group[o->ngroup]);
			return -1;
		}
	return 0;
}

int
replay_give(const struct replay *r, struct game *g, struct diags *d)
{
	struct order o;
	char *cause;
	int i;

	for (i = 0; i < r->n; i++) {
		if (r->v[i].turn != g->turn || (g->rs->ops->decisions != NULL &&
		    r->v[i].step != g->step))
			continue;
		if (make_order(r, g, &r->v[i], &o, d) != 0)
			return -1;
		if (game_order(g, &o, &cause) != 0) {
			diags_add(d, order_pos(r, &r->v[i]), "turn %d: the "
			    "order is refused: %s", g->turn, cause);
			free(cause);
			return -1;
		}
	}
	return 0;
}

int
replay_play_turn(const struct replay *r, struct game *g, bool given0,
    struct diags *d)
{
	struct decision dv[DECIDE_MAX];
	int turn = g->turn, given = given0 ? g->step : -1;

	while (!game_over(g) && g->turn == turn &&
	    game_decisions(g, dv, DECIDE_MAX) > 0) {
		if (given != g->step && (given < 0 ||
		    g->rs->ops->decisions != NULL)) {
			given = g->step;
			if (replay_give(r, g, d) != 0)
				return -1;
		}
		if (game_decided(g, dv[0].side) != 0)
			break;
	}
	return 0;
}

int
replay_play(const struct replay *r, struct game *g, struct diags *d)
{
	int t;

	for (t = 0; t < r->turns; t++)
		if (replay_play_turn(r, g, false, d) != 0)
			return -1;
	/* Orders of a turn the recording stopped in, not played. */
	if (!game_over(g) && replay_give(r, g, d) != 0)
		return -1;
	return 0;
}

struct replay *
replay_record(const struct game *g, const char *scenario)
{
	struct replay *r = xcalloc(1, sizeof *r);

	r->scenario = xstrdup(scenario);
	r->seed = g->seed;
	r->seeded = true;
	return r;
}

void
replay_add(struct replay *r, const struct game *g, const struct order *o)
{
	struct replay_order *ro;

	r->v = xreallocarray(r->v, (size_t)r->n + 1, sizeof *r->v);
	ro = &r->v[r->n++];
	memset(ro, 0, sizeof *ro);
	ro->turn = g->turn;
	if (g->rs->ops->decisions != NULL)
		ro->step = g->step;
	ro->unit = o->unit >= 0 ? xstrdup(g->units[o->unit].id) : NULL;
	if (o->general >= 0)
		ro->general = xstrdup(g->generals[o->general].id);
	ro->kind = o->kind;
	ro->facing = -1;
	if (o->kind == ORDER_FORMATION)
		ro->formation = xstrdup(g->rs->form[o->formation].name);
	if (o->kind == ORDER_ACTION) {
		ro->action = xstrdup(g->rs->ops->actions[o->action].name);
		ro->facing = o->facing;
		if (o->formation >= 0 && o->formation < g->rs->nform)
			ro->formation = xstrdup(g->rs->form[o->formation].name);
	}
	ro->npts = o->npts;
	memcpy(ro->pts, o->pts, sizeof ro->pts);
	for (ro->ngroup = 0; ro->ngroup < o->ngroup &&
	    ro->ngroup < ORDER_GROUP_MAX; ro->ngroup++)
		ro->group[ro->ngroup] =
		    xstrdup(g->units[o->group[ro->ngroup]].id);
}

void
replay_drop(struct replay *r, int turn, const char *unit)
{
	char *id = xstrdup(unit);	/* unit may be one of those freed */
	int i, k = 0;

	for (i = 0; i < r->n; i++) {
		if (r->v[i].turn == turn && r->v[i].unit != NULL &&
		    strcmp(r->v[i].unit, id) == 0) {
			order_free(&r->v[i]);
			continue;
		}
		r->v[k++] = r->v[i];
	}
	r->n = k;
	free(id);
}

static void
put_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s != '\0'; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', f);
		if ((unsigned char)*s < 0x20)
			fprintf(f, "\\x%02x", (unsigned char)*s);
		else
			fputc(*s, f);
	}
	fputc('"', f);
}

void
replay_write(const struct replay *r, FILE *f)
{
	const struct replay_order *o;
	int i, j;

	fprintf(f, "# A recorded battle of marshal: marshal replay FILE "
	    "--verify\n");
	fprintf(f, "marshal-replay: %d\n", REPLAY_FORMAT);
	fputs("scenario: ", f);
	put_str(f, r->scenario != NULL ? r->scenario : "");
	fprintf(f, "\nseed: \"0x%016llx\"\n", (unsigned long long)r->seed);
	fprintf(f, "turns: %d\n", r->turns);
	fprintf(f, "orders:%s\n", r->n == 0 ? " []" : "");
	for (i = 0; i < r->n; i++) {
		o = &r->v[i];
		fprintf(f, "  - {turn: %d", o->turn);
		if (o->step != 0)
			fprintf(f, ", step: %d", o->step);
		if (o->unit != NULL) {
			fputs(", unit: ", f);
			put_str(f, o->unit);
		}
		if (o->general != NULL) {
			fputs(", general: ", f);
			put_str(f, o->general);
		}
		if (o->ngroup > 0) {
			fputs(", group: [", f);
			for (j = 0; j < o->ngroup; j++) {
				if (j > 0)
					fputs(", ", f);
				put_str(f, o->group[j]);
			}
			fputc(']', f);
		}
		switch (o->kind) {
		case ORDER_MOVE:
			fputs(", move: [", f);
			for (j = 0; j < o->npts; j++)
				fprintf(f, "%s[%d, %d]", j ? ", " : "",
				    o->pts[j].x, o->pts[j].y);
			fputc(']', f);
			break;
		case ORDER_FORMATION:
			fputs(", formation: ", f);
			put_str(f, o->formation);
			break;
		case ORDER_ACTION:
			fputs(", action: ", f);
			put_str(f, o->action);
			if (o->npts == 1)
				fprintf(f, ", at: [%d, %d]", o->pts[0].x,
				    o->pts[0].y);
			if (o->facing >= 0 && o->facing < DIR_COUNT)
				fprintf(f, ", facing: %s",
				    dir_name((enum dir)o->facing));
			if (o->formation != NULL) {
				fputs(", form: ", f);
				put_str(f, o->formation);
			}
			break;
		default:
			fprintf(f, ", %s: true", order_kind_name(o->kind));
			break;
		}
		fputs("}\n", f);
	}
	if (r->has_digest)
		fprintf(f, "digest: \"0x%016llx\"\n",
		    (unsigned long long)r->digest);
}

int
replay_set_digest(const char *path, uint64_t digest, char **cause)
{
	FILE *f;
	char *text = NULL, *out = NULL, *line, *next;
	size_t len = 0, olen = 0;
	FILE *o;
	bool done = false;
	int rc;

	*cause = NULL;
	if ((f = fopen(path, "r")) == NULL) {
		*cause = xasprintf("%s: %s", path, strerror(errno));
		return -1;
	}
	if (getdelim(&text, &len, '\0', f) < 0 && ferror(f)) {
		*cause = xasprintf("%s: %s", path, strerror(errno));
		fclose(f);
		free(text);
		return -1;
	}
	fclose(f);
	if (text == NULL)
		text = xstrdup("");
	if ((o = open_memstream(&out, &olen)) == NULL)
		xalloc_fail(0);
	for (line = text; *line != '\0'; line = next) {
		next = strchr(line, '\n');
		next = next != NULL ? next + 1 : line + strlen(line);
		if (strncmp(line, "digest:", 7) == 0) {
			fprintf(o, "digest: \"0x%016llx\"\n",
			    (unsigned long long)digest);
			done = true;
		} else {
			fwrite(line, 1, (size_t)(next - line), o);
			if (next[-1] != '\n')
				fputc('\n', o);
		}
	}
	if (!done)
		fprintf(o, "digest: \"0x%016llx\"\n",
		    (unsigned long long)digest);
	fclose(o);
	rc = save_atomic(path, out, olen, cause);
	free(out);
	free(text);
	return rc;
}
