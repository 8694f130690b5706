/*
 * ruleset.c - the shared tables every ruleset has: scale, phases, classes
 * of each arm, formations, landscape and obstacles.
 *
 * ruleset_load reads them from a parsed data file, checks them (names
 * unique, references resolved, footprints and tables within the limits of
 * ruleset.h), then finds the module the file names and lets it read its
 * own section.  A file may hold only the shared keys and the ones its
 * module declares in ops->keys.  Problems are collected rather than
 * stopping at the first, so one run of `marshal check` shows them all.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/event.h"
#include "core/geom.h"
#include "core/map.h"
#include "core/ruleset.h"
#include "util/xalloc.h"

#define RULES_MAX_PHASE	32	/* phases in a turn */
#define RULES_MAX_CLASS	64	/* classes over all arms */
#define RULES_MAX_BD	1000	/* largest Pe or Pr, in the ruleset's unit */
#define RULES_LABEL_MAX	80	/* display names */

static const char *const shared_keys[] = {
	"ruleset", "title", "source", "quoted", "glossary", "scale", "phases",
	"classes", "arms", "attributes", "state", "terms", "cite", "options",
	"formations", "landscape", "obstacles", NULL
};

/* A table key: short, and made of letters, digits, '_' and '-'. */
static int
check_name(const struct doc_node *n, const char *what, struct diags *d)
{
	const char *s;
	size_t i;

	if (doc_str(n, RULES_NAME_MAX - 1, &s, d) != 0)
		return -1;
	for (i = 0; i < n->len; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '_' &&
		    s[i] != '-') {
			diags_add(d, n->pos, "%s name '%s' may hold only "
			    "letters, digits, '_' and '-'", what, s);
			return -1;
		}
	return 0;
}

/* A required display label, copied into *out. */
static int
get_label(const struct doc_node *map, char **out, struct diags *d)
{
	const struct doc_node *n = doc_need(map, "label", d);
	const char *s;

	if (n == NULL || doc_str(n, RULES_LABEL_MAX, &s, d) != 0)
		return -1;
	*out = xstrdup(s);
	return 0;
}

/* An optional boolean key. */
static int
get_bool(const struct doc_node *map, const char *key, bool *out,
    struct diags *d)
{
	const struct doc_node *n = doc_get(map, key);

	*out = false;
	if (n == NULL)
		return 0;
	return doc_bool(n, out, d);
}

/* An optional distance (Pe, Pr) in the ruleset's unit, into ticks. */
static int
get_dist(const struct ruleset *rs, const struct doc_node *map,
    const char *key, int *out, struct diags *d)
{
	const struct doc_node *n = doc_need(map, key, d);
	long v;

	if (n == NULL || doc_fixed(n, rs->ticks, 0,
	    (long)RULES_MAX_BD * rs->ticks, &v, d) != 0)
		return -1;
	*out = (int)v;
	return 0;
}

/* An optional list of formation names, as a mask. */
static int
get_forbid(const struct ruleset *rs, const struct doc_node *map,
    uint32_t *out, struct diags *d)
{
	const struct doc_node *n = doc_get(map, "forbid");
	int i, f, bad = 0;

	*out = 0;
	if (n == NULL)
		return 0;
	if (doc_expect(n, DOC_SEQ, "forbid", d) != 0)
		return -1;
	for (i = 0; i < n->n; i++) {
		if (n->items[i]->kind != DOC_SCALAR) {
			doc_expect(n->items[i], DOC_SCALAR, "a formation", d);
			bad = -1;
		} else if ((f = ruleset_form(rs, n->items[i]->str)) < 0) {
			diags_add(d, n->items[i]->pos, "unknown formation "
			    "'%s'", n->items[i]->str);
			bad = -1;
		} else
			*out |= (uint32_t)1 << f;
	}
	return bad;
}

/* A rule number: parts separated by single dots, each letters then
 * digits ("3.6", "3.10.2", "H1", "HO.1"), with a digit somewhere. */
static bool
rule_number_ok(const char *s)
{
	bool any = false, part = false, digits = false;

	for (; *s != '\0'; s++) {
		if (*s >= '0' && *s <= '9')
			any = part = digits = true;
		else if (((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z'))
		    && !digits)
			part = true;
		else if (*s == '.' && part)
			part = digits = false;
		else
			return false;
	}
	return part && any;
}

/* `quoted`: the rule numbers the source rulebook has (optional). */
static int
load_quoted(struct ruleset *rs, const struct doc_node *root,
    struct diags *d)
{
	const struct doc_node *n = doc_get(root, "quoted");
	const char *s;
	int i, bad = 0;

	if (n == NULL)
		return 0;
	if (doc_expect(n, DOC_SEQ, "quoted", d) != 0)
		return -1;
	rs->quoted = xcalloc((size_t)n->n + 1, sizeof *rs->quoted);
	for (i = 0; i < n->n; i++) {
		if (doc_str(n->items[i], EVENT_RULE_MAX - 1, &s, d) != 0) {
			bad = -1;
			continue;
		}
		if (!rule_number_ok(s)) {
			diags_add(d, n->items[i]->pos, "'%.32s' is not a rule "
			    "number (digits and dots, letters may lead a part: "
			    "3.6, H1)", s);
			bad = -1;
			continue;
		}
		rs->quoted[rs->nquoted++] = xstrdup(s);
	}
	return bad;
}

/* `glossary`: the words the rules use, explained for the player
 * (optional): a sequence of {term, text}. */
static int
load_glossary(struct ruleset *rs, const struct doc_node *root,
    struct diags *d)
{
	static const char *const keys[] = { "term", "text", NULL };
	const struct doc_node *n = doc_get(root, "glossary"), *e, *t, *x;
	const char *term, *text;
	int i, bad = 0;

	if (n == NULL)
		return 0;
	if (doc_expect(n, DOC_SEQ, "glossary", d) != 0)
		return -1;
	rs->gloss = xcalloc(2 * (size_t)n->n + 1, sizeof *rs->gloss);
	for (i = 0; i < n->n; i++) {
		e = n->items[i];
		if (doc_expect(e, DOC_MAP, "a glossary entry", d) != 0 ||
		    doc_check_keys(e, keys, d) != 0 ||
		    (t = doc_need(e, "term", d)) == NULL ||
		    (x = doc_need(e, "text", d)) == NULL ||
		    doc_str(t, RULES_LABEL_MAX, &term, d) != 0 ||
		    doc_str(x, 1024, &text, d) != 0) {
			bad = -1;
			continue;
		}
		rs->gloss[2 * rs->ngloss] = xstrdup(term);
		rs->gloss[2 * rs->ngloss + 1] = xstrdup(text);
		rs->ngloss++;
	}
	return bad;
}

/*
 * scale: the unit of measure and the size of a cell in it.  A step to an
 * orthogonal neighbour is STEP_ORTHO ticks, so a unit holds STEP_ORTHO /
 * cell ticks, which must be whole.  cell is read in thousandths.  Then
 * the two maxima that size how far the engine looks (longest_move,
 * farthest_reach), in the unit.
 */
static int
load_scale(struct ruleset *rs, const struct doc_node *root, struct diags *d)
{
	static const char *const keys[] = {
		"unit", "cell", "longest_move", "farthest_reach", NULL
	};
	const struct doc_node *sc, *u, *c, *n;
	const char *s;
	long milli, v;

	if ((sc = doc_need(root, "scale", d)) == NULL ||
	    doc_expect(sc, DOC_MAP, "scale", d) != 0 ||
	    doc_check_keys(sc, keys, d) != 0)
		return -1;
	if ((u = doc_need(sc, "unit", d)) == NULL ||
	    doc_str(u, sizeof rs->unit - 1, &s, d) != 0)
		return -1;
	snprintf(rs->unit, sizeof rs->unit, "%s", s);
	if ((c = doc_need(sc, "cell", d)) == NULL ||
	    doc_fixed(c, 1000, 1, STEP_ORTHO * 1000, &milli, d) != 0)
		return -1;
	if ((STEP_ORTHO * 1000) % milli != 0) {
		diags_add(d, c->pos, "cell %s %s does not make a whole number "
		    "of ticks per %s (a step is %d ticks)", c->str, rs->unit,
		    rs->unit, STEP_ORTHO);
		return -1;
	}
	rs->ticks = (int)(STEP_ORTHO * 1000 / milli);
	if ((n = doc_need(sc, "longest_move", d)) == NULL ||
	    doc_fixed(n, rs->ticks, 1, (long)RULES_MAX_BD * rs->ticks, &v,
	    d) != 0)
		return -1;
	rs->longest_move = (int)v;
	if ((n = doc_need(sc, "farthest_reach", d)) == NULL ||
	    doc_fixed(n, rs->ticks, 1, (long)RULES_MAX_BD * rs->ticks, &v,
	    d) != 0)
		return -1;
	rs->farthest_reach = (int)v;
	return 0;
}

static int
load_phases(struct ruleset *rs, const struct doc_node *root,
    struct diags *d)
{
	static const char *const keys[] = { "key", "name", NULL };
	const struct doc_node *ph, *it, *k, *nm;
	const char *s;
	int i, j, bad = 0;

	if ((ph = doc_need(root, "phases", d)) == NULL ||
	    doc_expect(ph, DOC_SEQ, "phases", d) != 0)
		return -1;
	if (ph->n < 1 || ph->n > RULES_MAX_PHASE) {
		diags_add(d, ph->pos, "%d phases: a turn has 1 to %d", ph->n,
		    RULES_MAX_PHASE);
		return -1;
	}
	rs->phases = xcalloc((size_t)ph->n, sizeof *rs->phases);
	rs->phase_keys = xcalloc((size_t)ph->n, sizeof *rs->phase_keys);
	rs->nphases = ph->n;
	for (i = 0; i < ph->n; i++) {
		it = ph->items[i];
		if (doc_expect(it, DOC_MAP, "a phase", d) != 0 ||
		    doc_check_keys(it, keys, d) != 0) {
			bad = -1;
			continue;
		}
		if ((k = doc_need(it, "key", d)) == NULL ||
		    check_name(k, "phase", d) != 0) {
			bad = -1;
			continue;
		}
		for (j = 0; j < i; j++)
			if (rs->phase_keys[j] != NULL &&
			    strcmp(rs->phase_keys[j], k->str) == 0) {
				diags_add(d, k->pos, "phase '%s' given twice",
				    k->str);
				bad = -1;
			}
		rs->phase_keys[i] = xstrdup(k->str);
		if ((nm = doc_need(it, "name", d)) == NULL ||
		    doc_str(nm, RULES_LABEL_MAX, &s, d) != 0) {
			bad = -1;
			continue;
		}
		rs->phases[i] = xstrdup(s);
	}
	return bad;
}

static int
load_classes(struct ruleset *rs, const struct doc_node *root,
    struct diags *d)
{
	const struct doc_node *cl, *list, *it;
	int i, j, k, arm, total = 0, bad = 0;

	if ((cl = doc_need(root, "classes", d)) == NULL ||
	    doc_expect(cl, DOC_MAP, "classes", d) != 0)
		return -1;
	for (i = 0; i < cl->n; i++) {
		if ((arm = arm_parse(cl->keys[i]->str)) < 0) {
			diags_add(d, cl->keys[i]->pos, "unknown arm '%s' "
			    "(expected infantry, cavalry or artillery)",
			    cl->keys[i]->str);
			return -1;
		}
		list = cl->items[i];
		if (doc_expect(list, DOC_SEQ, "a list of classes", d) != 0)
			return -1;
		if (list->n == 0) {
			diags_add(d, list->pos, "no classes for %s",
			    cl->keys[i]->str);
			return -1;
		}
		total += list->n;
	}
	if (total > RULES_MAX_CLASS) {
		diags_add(d, cl->pos, "%d classes: at most %d", total,
		    RULES_MAX_CLASS);
		return -1;
	}
	rs->klass = xcalloc((size_t)(total > 0 ? total : 1),
	    sizeof *rs->klass);
	for (i = 0; i < cl->n; i++) {
		arm = arm_parse(cl->keys[i]->str);
		list = cl->items[i];
		for (j = 0; j < list->n; j++) {
			it = list->items[j];
			if (check_name(it, "class", d) != 0) {
				bad = -1;
				continue;
			}
			for (k = 0; k < rs->nklass; k++)
				if (rs->klass[k].arm == (enum arm)arm &&
				    strcmp(rs->klass[k].name, it->str) == 0) {
					diags_add(d, it->pos, "class '%s' given "
					    "twice for %s", it->str,
					    arm_name(arm));
					bad = -1;
				}
			rs->klass[rs->nklass].arm = arm;
			snprintf(rs->klass[rs->nklass].name, RULES_NAME_MAX,
			    "%s", it->str);
			rs->klass[rs->nklass].label = xstrdup(it->str);
			rs->nklass++;
		}
	}
	return bad;
}

/* size: {arm: [frontage, depth]} for each arm that may take it. */
static int
load_size(struct formation_def *f, const struct doc_node *sz,
    struct diags *d)
{
	const struct doc_node *fd;
	long fr, dp;
	int i, arm, bad = 0;

	if (doc_expect(sz, DOC_MAP, "size", d) != 0)
		return -1;
	if (sz->n == 0) {
		diags_add(d, sz->pos, "formation '%s' has no size for any "
		    "arm", f->name);
		return -1;
	}
	for (i = 0; i < sz->n; i++) {
		if ((arm = arm_parse(sz->keys[i]->str)) < 0) {
			diags_add(d, sz->keys[i]->pos, "unknown arm '%s' "
			    "(expected infantry, cavalry or artillery)",
			    sz->keys[i]->str);
			bad = -1;
			continue;
		}
		fd = sz->items[i];
		if (fd->kind != DOC_SEQ || fd->n != 2) {
			diags_add(d, fd->pos, "size must be [frontage, depth] "
			    "in cells");
			bad = -1;
			continue;
		}
		/* No cap but the largest map's: a block that could not
		 * stand on any map is a mistake. */
		if (doc_int(fd->items[0], 1, MAP_MAX_SIDE, &fr, d) != 0 ||
		    doc_int(fd->items[1], 1, MAP_MAX_SIDE, &dp, d) != 0) {
			bad = -1;
			continue;
		}
		if (fr * dp > MAP_MAX_GRID) {
			diags_add(d, fd->pos, "footprint %ld x %ld = %ld cells "
			    "is larger than the largest map (%ld cells)", fr,
			    dp, fr * dp, (long)MAP_MAX_GRID);
			bad = -1;
			continue;
		}
		f->arms |= 1u << arm;
		f->frontage[arm] = (int)fr;
		f->depth[arm] = (int)dp;
	}
	return bad;
}

static int
load_formations(struct ruleset *rs, const struct doc_node *root,
    struct diags *d)
{
	static const char *const keys[] = { "label", "size", "free_turn",
	    "block", "immobile", "road", NULL };
	static const char *const blocks[] = { "front", "flanks", "all",
	    NULL };
	static const unsigned block_flag[] = { FORMF_BLOCK_FRONT,
	    FORMF_BLOCK_FLANK, FORMF_BLOCK_ALL };
	const struct doc_node *fm, *it, *n;
	struct formation_def *f;
	bool b;
	int i, k, bad = 0;

	if ((fm = doc_need(root, "formations", d)) == NULL ||
	    doc_expect(fm, DOC_MAP, "formations", d) != 0)
		return -1;
	if (fm->n < 1 || fm->n > RULES_MAX_FORM) {
		diags_add(d, fm->pos, "%d formations: a ruleset has 1 to %d",
		    fm->n, RULES_MAX_FORM);
		return -1;
	}
	rs->form = xcalloc((size_t)fm->n, sizeof *rs->form);
	/* Names first, so that every problem below can name its formation. */
	for (i = 0; i < fm->n; i++) {
		if (check_name(fm->keys[i], "formation", d) != 0)
			return -1;
		snprintf(rs->form[i].name, RULES_NAME_MAX, "%s",
		    fm->keys[i]->str);
	}
	rs->nform = fm->n;
	for (i = 0; i < fm->n; i++) {
		f = &rs->form[i];
		it = fm->items[i];
		if (doc_expect(it, DOC_MAP, "a formation", d) != 0 ||
		    doc_check_keys(it, keys, d) != 0) {
			bad = -1;
			continue;
		}
		if (get_label(it, &f->label, d) != 0)
			bad = -1;
		if ((n = doc_need(it, "size", d)) == NULL ||
		    load_size(f, n, d) != 0)
			bad = -1;
		if ((n = doc_get(it, "block")) !=
		    NULL) {
			if (doc_enum(n, blocks, &k, d) != 0)
				bad = -1;
			else
				f->flags |= block_flag[k];
		}
		if (get_bool(it, "free_turn", &b, d) != 0)
			bad = -1;
		else if (b)
			f->flags |= FORMF_FREE_TURN;
		if (get_bool(it, "immobile", &b, d) != 0)
			bad = -1;
		else if (b)
			f->flags |= FORMF_IMMOBILE;
		if (get_bool(it, "road", &b, d) != 0)
			bad = -1;
		else if (b)
			f->flags |= FORMF_ROAD;
	}
	return bad;
}

/* The ASCII glyph: one printable character. */
static int
get_glyph(const struct doc_node *map, char *out, struct diags *d)
{
	const struct doc_node *n = doc_need(map, "glyph", d);

	if (n == NULL || doc_expect(n, DOC_SCALAR, "glyph", d) != 0)
		return -1;
	if (n->len != 1 || !isgraph((unsigned char)n->str[0])) {
		diags_add(d, n->pos, "glyph must be one printable ASCII "
		    "character");
		return -1;
	}
	*out = n->str[0];
	return 0;
}

/* The optional UTF-8 glyph: exactly one character (yread checked UTF-8). */
static int
get_uglyph(const struct doc_node *map, char **out, struct diags *d)
{
	const struct doc_node *n = doc_get(map, "uglyph");
	size_t i, chars = 0;

	*out = NULL;
	if (n == NULL)
		return 0;
	if (doc_expect(n, DOC_SCALAR, "uglyph", d) != 0)
		return -1;
	for (i = 0; i < n->len; i++)
		if (((unsigned char)n->str[i] & 0xc0) != 0x80)
			chars++;
	if (chars != 1 || (unsigned char)n->str[0] < 0x20 ||
	    n->str[0] == 0x7f) {
		diags_add(d, n->pos, "uglyph must be one printable "
		    "character");
		return -1;
	}
	*out = xstrdup(n->str);
	return 0;
}

static int
load_landscape(struct ruleset *rs, const struct doc_node *root,
    struct diags *d)
{
	static const char *const keys[] = { "label", "pe", "pr", "forbid",
	    "glyph", "uglyph", "colour", NULL };
	const struct doc_node *ls, *it, *n;
	struct landscape *l;
	long v;
	int i, bad = 0;

	if ((ls = doc_need(root, "landscape", d)) == NULL ||
	    doc_expect(ls, DOC_MAP, "landscape", d) != 0)
		return -1;
	if (ls->n < 1 || ls->n > RULES_MAX_LAND) {
		diags_add(d, ls->pos, "%d landscape types: a ruleset has 1 "
		    "to %d", ls->n, RULES_MAX_LAND);
		return -1;
	}
	rs->land = xcalloc((size_t)ls->n, sizeof *rs->land);
	rs->nland = ls->n;
	for (i = 0; i < ls->n; i++) {
		l = &rs->land[i];
		it = ls->items[i];
		l->colour = 7;
		if (check_name(ls->keys[i], "landscape", d) != 0) {
			bad = -1;
			continue;
		}
		snprintf(l->name, RULES_NAME_MAX, "%s", ls->keys[i]->str);
		if (doc_expect(it, DOC_MAP, "a landscape", d) != 0 ||
		    doc_check_keys(it, keys, d) != 0) {
			bad = -1;
			continue;
		}
		if (get_label(it, &l->label, d) != 0 ||
		    get_dist(rs, it, "pe", &l->pe, d) != 0 ||
		    get_dist(rs, it, "pr", &l->pr, d) != 0 ||
		    get_forbid(rs, it, &l->forbid, d) != 0 ||
		    get_glyph(it, &l->glyph, d) != 0 ||
		    get_uglyph(it, &l->uglyph, d) != 0)
			bad = -1;
		if ((n = doc_get(it, "colour")) != NULL) {
			if (doc_int(n, 0, 7, &v, d) != 0)
				bad = -1;
			else
				l->colour = (int)v;
		}
	}
	return bad;
}

static int
load_obstacles(struct ruleset *rs, const struct doc_node *root,
    struct diags *d)
{
	static const char *const keys[] = { "label", "pe", "pr", "forbid",
	    "may_end_on", "glyph", "uglyph", NULL };
	const struct doc_node *ob, *it;
	struct obstacle *o;
	int i, bad = 0;

	ob = doc_get(root, "obstacles");
	if (ob != NULL && doc_expect(ob, DOC_MAP, "obstacles", d) != 0)
		return -1;
	if (ob != NULL && ob->n + 1 > RULES_MAX_OBST) {
		diags_add(d, ob->pos, "%d obstacle types: a ruleset has at "
		    "most %d", ob->n, RULES_MAX_OBST - 1);
		return -1;
	}
	/* Index 0 is "none", so that an edge's obstacle 0 means no edge. */
	rs->obst = xcalloc((size_t)(ob != NULL ? ob->n : 0) + 1,
	    sizeof *rs->obst);
	snprintf(rs->obst[0].name, RULES_NAME_MAX, "none");
	rs->obst[0].label = xstrdup("None");
	rs->obst[0].may_end_on = true;
	rs->obst[0].glyph = ']';
	rs->nobst = 1;
	if (ob == NULL)
		return 0;
	for (i = 0; i < ob->n; i++) {
		o = &rs->obst[rs->nobst++];
		it = ob->items[i];
		if (check_name(ob->keys[i], "obstacle", d) != 0) {
			bad = -1;
			continue;
		}
		if (strcmp(ob->keys[i]->str, "none") == 0) {
			diags_add(d, ob->keys[i]->pos, "obstacle name 'none' "
			    "is reserved for edges without one");
			bad = -1;
			continue;
		}
		snprintf(o->name, RULES_NAME_MAX, "%s", ob->keys[i]->str);
		o->glyph = ']';
		if (doc_expect(it, DOC_MAP, "an obstacle", d) != 0 ||
		    doc_check_keys(it, keys, d) != 0) {
			bad = -1;
			continue;
		}
		if (get_label(it, &o->label, d) != 0 ||
		    get_dist(rs, it, "pe", &o->pe, d) != 0 ||
		    get_dist(rs, it, "pr", &o->pr, d) != 0 ||
		    get_forbid(rs, it, &o->forbid, d) != 0 ||
		    get_bool(it, "may_end_on", &o->may_end_on, d) != 0 ||
		    (doc_get(it, "glyph") != NULL &&
		    get_glyph(it, &o->glyph, d) != 0) ||
		    get_uglyph(it, &o->uglyph, d) != 0)
			bad = -1;
	}
	return bad;
}

/* The shared top-level keys plus the module's own. */
static int
check_top_keys(const struct ruleset_ops *ops, const struct doc_node *root,
    struct diags *d)
{
	const char *keys[32];
	size_t n = 0, i;

	for (i = 0; shared_keys[i] != NULL; i++)
		keys[n++] = shared_keys[i];
	for (i = 0; ops->keys != NULL && ops->keys[i] != NULL &&
	    n + 1 < sizeof keys / sizeof keys[0]; i++)
		keys[n++] = ops->keys[i];
	keys[n] = NULL;
	return doc_check_keys(root, keys, d);
}

/* One ruleset being built: what the fallible region must free. */
struct rbuild {
	const struct doc_node *root;
	struct diags	*d;
	struct ruleset	*rs;		/* NULL when refused */
};

static struct ruleset *
ruleset_build(struct rbuild *b, const struct doc_node *root,
    struct diags *d)
{
	const struct ruleset_ops *ops;
	const struct doc_node *n;
	struct ruleset *rs;
	const char *s;
	int bad = 0;

	if (doc_expect(root, DOC_MAP, "a ruleset file", d) != 0)
		return NULL;
	if ((n = doc_need(root, "ruleset", d)) == NULL ||
	    check_name(n, "ruleset", d) != 0)
		return NULL;
	if ((ops = ruleset_ops_find(n->str)) == NULL) {
		diags_add(d, n->pos, "unknown ruleset '%s': no module of that "
		    "name is built into marshal", n->str);
		return NULL;
	}
	if (check_top_keys(ops, root, d) != 0)
		return NULL;

	rs = b->rs = xcalloc(1, sizeof *rs);
	rs->name = xstrdup(n->str);
	if ((n = doc_need(root, "title", d)) == NULL ||
	    doc_str(n, RULES_LABEL_MAX, &s, d) != 0)
		bad = -1;
	else
		rs->title = xstrdup(s);
	if ((n = doc_get(root, "source")) != NULL) {
		if (doc_str(n, 1024, &s, d) != 0)
			bad = -1;
		else
			rs->source = xstrdup(s);
	}
	if (load_quoted(rs, root, d) != 0)
		bad = -1;
	if (load_glossary(rs, root, d) != 0)
		bad = -1;
	if (ruleset_terms_load(rs, root, d) != 0)
		bad = -1;
	if (load_scale(rs, root, d) != 0) {
		ruleset_free(rs);
		return NULL;	/* every distance below needs the scale */
	}
	if (load_phases(rs, root, d) != 0)
		bad = -1;
	if (load_classes(rs, root, d) != 0)
		bad = -1;
	if (ruleset_attr_load(rs, root, d) != 0 ||
	    ruleset_arms_load(rs, root, d) != 0 ||
	    ruleset_opts_load(rs, root, d) != 0)
		bad = -1;
	if (load_formations(rs, root, d) != 0) {
		ruleset_free(rs);
		return NULL;	/* forbid lists below name formations */
	}
	if (load_landscape(rs, root, d) != 0)
		bad = -1;
	if (load_obstacles(rs, root, d) != 0)
		bad = -1;
	if (bad != 0) {
		ruleset_free(rs);
		return NULL;
	}
	/* The module may rely on the shared tables, so it reads last. */
	rs->ops = ops;
	if (ops->load != NULL && ops->load(rs, root, d) != 0) {
		ruleset_free(rs);
		return NULL;
	}
	return rs;
}

static void
rbuild_run(void *arg)
{
	struct rbuild *b = arg;
	struct ruleset *rs = ruleset_build(b, b->root, b->d);

	if (rs == NULL)
		b->rs = NULL;	/* already freed */
}

struct ruleset *
ruleset_load(const struct doc_node *root, struct diags *d)
{
	struct rbuild b = { root, d, NULL };

	if (xalloc_try(rbuild_run, &b) != 0) {
		ruleset_free(b.rs);
		diags_oom(d, root->pos);
		return NULL;
	}
	return b.rs;
}

void
ruleset_free(struct ruleset *rs)
{
	int i;

	if (rs == NULL)
		return;
	if (rs->ops != NULL && rs->ops->free != NULL)
		rs->ops->free(rs);
	free(rs->name);
	free(rs->title);
	free(rs->source);
	for (i = 0; i < rs->nquoted; i++)
		free(rs->quoted[i]);
	free(rs->quoted);
	/* NULL-terminated: a term whose text ran out of memory goes too. */
	for (i = 0; rs->gloss != NULL && rs->gloss[i] != NULL; i++)
		free(rs->gloss[i]);
	free(rs->gloss);
	ruleset_terms_free(rs);
	for (i = 0; i < rs->nopt; i++)
		free(rs->opt[i].label);
	for (i = 0; i < rs->nphases; i++) {
		free(rs->phases[i]);
		free(rs->phase_keys[i]);
	}
	free(rs->phases);
	free(rs->phase_keys);
	for (i = 0; i < rs->nland; i++) {
		free(rs->land[i].label);
		free(rs->land[i].uglyph);
	}
	free(rs->land);
	for (i = 0; i < rs->nobst; i++) {
		free(rs->obst[i].label);
		free(rs->obst[i].uglyph);
	}
	free(rs->obst);
	for (i = 0; i < rs->nform; i++)
		free(rs->form[i].label);
	free(rs->form);
	for (i = 0; i < rs->nklass; i++)
		free(rs->klass[i].label);
	free(rs->klass);
	free(rs);
}

int
ruleset_action(const struct ruleset *rs, const char *name)
{
	const struct ruleset_action *a = rs->ops->actions;
	int i;

	for (i = 0; a != NULL && a[i].name != NULL; i++)
		if (strcmp(a[i].name, name) == 0)
			return i;
	return -1;
}

int
ruleset_land(const struct ruleset *rs, const char *name)
{
	int i;

	for (i = 0; i < rs->nland; i++)
		if (strcmp(rs->land[i].name, name) == 0)
			return i;
	return -1;
}

int
ruleset_obst(const struct ruleset *rs, const char *name)
{
	int i;

	for (i = 0; i < rs->nobst; i++)
		if (strcmp(rs->obst[i].name, name) == 0)
			return i;
	return -1;
}

int
ruleset_form(const struct ruleset *rs, const char *name)
{
	int i;

	for (i = 0; i < rs->nform; i++)
		if (strcmp(rs->form[i].name, name) == 0)
			return i;
	return -1;
}

int
ruleset_obstacle_within(const struct ruleset *rs, const struct map *m,
    const struct point *c, int n, struct point *a, struct point *b)
{
	static const enum dir side[2] = { DIR_E, DIR_S };
	struct point q;
	int i, j, k, o, pass;

	/* Obstacles are few: a cell's east and south edges are read first,
	 * and the block searched for the cell beyond only where one lies. */
	for (i = 0; i < n; i++)
		for (k = 0; k < 2; k++) {
			o = map_edge(m, c[i].x, c[i].y, side[k], &pass);
			if (o <= 0 || o >= rs->nobst || pass != PASS_NONE ||
			    rs->obst[o].may_end_on)
				continue;
			q.x = c[i].x + dir_dx[side[k]];
			q.y = c[i].y + dir_dy[side[k]];
			for (j = 0; j < n; j++)
				if (c[j].x == q.x && c[j].y == q.y)
					break;
			if (j == n)
				continue;
			if (a != NULL)
				*a = c[i];
			if (b != NULL)
				*b = q;
			return o;
		}
	return 0;
}

int
ruleset_cells_max(const struct ruleset *rs)
{
	const struct formation_def *fd;
	int i, a, most = 1;

	for (i = 0; i < rs->nform; i++) {
		fd = &rs->form[i];
		for (a = 0; a < ARM_COUNT; a++) {
			if (fd->frontage[a] < 1 || fd->depth[a] < 1)
				continue;
			if (fd->frontage[a] * fd->depth[a] > most)
				most = fd->frontage[a] * fd->depth[a];
			if (fd->frontage[a] + 2 > most)
				most = fd->frontage[a] + 2;
		}
	}
	return most;
}

int
ruleset_class(const struct ruleset *rs, enum arm arm, const char *name)
{
	int i;

	for (i = 0; i < rs->nklass; i++)
		if (rs->klass[i].arm == arm &&
		    strcmp(rs->klass[i].name, name) == 0)
			return i;
	return -1;
}

bool
ruleset_rule_own(const struct ruleset *rs, const char *rule)
{
	size_t n;
	int i;

	if (rs == NULL || rs->quoted == NULL || rule == NULL ||
	    rule[0] == '\0')
		return false;
	for (i = 0; i < rs->nquoted; i++) {
		n = strlen(rs->quoted[i]);
		if (strncmp(rule, rs->quoted[i], n) == 0 &&
		    (rule[n] == '\0' || rule[n] == '.'))
			return false;
	}
	return true;
}

const char *
ruleset_rule_mark(const struct ruleset *rs, const char *rule)
{
	return ruleset_rule_own(rs, rule) ? RULESET_OWN_MARK : "";
}

void
ruleset_event_format(const struct ruleset *rs, const struct event *e,
    char *buf, size_t len)
{
	if (e->rule[0] != '\0')
		snprintf(buf, len, "%s%s %s", e->rule,
		    ruleset_rule_mark(rs, e->rule), e->text);
	else
		snprintf(buf, len, "%s", e->text);
}
