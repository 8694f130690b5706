/*
 * load.c - maps, orders of battle and scenarios, from document trees.
 *
 * The reader (yread.c) turns a file into a tree of positioned nodes; this
 * file walks such trees into a struct map and a struct game, checking
 * every key against the ruleset the scenario names.  The formats are
 * described key by key in marshal-scenario(5).
 *
 * Every problem is reported with the position of the node at fault, and
 * for a character inside a grid (landscape, heights, roads) with that
 * character's own line and column.  Nothing half-built is ever returned:
 * on any error the map, the game and the ruleset are freed again.
 */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "core/game.h"
#include "core/tutorial.h"
#include "io/load.h"
#include "io/yread.h"
#include "core/ruleset.h"
#include "util/xalloc.h"

#define LOAD_NAME_MAX	200		/* ids and display names, bytes */
#define LOAD_TEXT_MAX	65536		/* a scenario description */
#define LOAD_MAX_DEPTH	16		/* levels in a chain of command */
#define LOAD_MAX_TURNS	10000
#define LOAD_MAX_MEN	100000		/* men (or guns) in one unit */

static const char *const dir_names[] = {
	"N", "NE", "E", "SE", "S", "SW", "W", "NW", NULL
};
static const char *const side_names[] = { "N", "E", "S", "W", NULL };
static const enum dir side_dirs[] = { DIR_N, DIR_E, DIR_S, DIR_W };
static const char *const arm_names[] = {
	"infantry", "cavalry", "artillery", NULL
};
static const char *const cond_names[] = { "formed", "mob", "routed", NULL };
static const char *const pass_names[] = { "bridge", "gate", NULL };
static const int pass_kinds[] = { PASS_BRIDGE, PASS_GATE };

/* ------------------------------------------------------------------ */
/* Small shared helpers                                                */
/* ------------------------------------------------------------------ */

/* The key node of mapping n named key, or NULL. */
static const struct doc_node *
key_node(const struct doc_node *n, const char *key)
{
	int i;

	for (i = 0; n->kind == DOC_MAP && i < n->n; i++)
		if (strcmp(n->keys[i]->str, key) == 0)
			return n->keys[i];
	return NULL;
}

/* A mapping with only the allowed keys. */
static int
need_map(const struct doc_node *n, const char *what,
    const char *const *allowed, struct diags *d)
{
	if (doc_expect(n, DOC_MAP, what, d) != 0)
		return -1;
	return doc_check_keys(n, allowed, d);
}

/* An optional sequence: 0 with *out NULL if absent. */
static int
opt_seq(const struct doc_node *map, const char *key,
    const struct doc_node **out, struct diags *d)
{
	*out = doc_get(map, key);
	if (*out == NULL)
		return 0;
	return doc_expect(*out, DOC_SEQ, key, d);
}

/* A required string value (name or id). */
static int
need_str(const struct doc_node *map, const char *key, const char **out,
    struct diags *d)
{
	const struct doc_node *v = doc_need(map, key, d);

	if (v == NULL)
		return -1;
	return doc_str(v, LOAD_NAME_MAX, out, d);
}

/* An optional string value, *out left alone when absent. */
static int
opt_str(const struct doc_node *map, const char *key, size_t max,
    const char **out, struct diags *d)
{
	const struct doc_node *v = doc_get(map, key);

	return v == NULL ? 0 : doc_str(v, max, out, d);
}

/* A required integer value. */
static int
need_int(const struct doc_node *map, const char *key, long min, long max,
    long *out, struct diags *d)
{
	const struct doc_node *v = doc_need(map, key, d);

	return v == NULL ? -1 : doc_int(v, min, max, out, d);
}

/* An optional integer value, *out left alone when absent. */
static int
opt_int(const struct doc_node *map, const char *key, long min, long max,
    long *out, struct diags *d)
{
	const struct doc_node *v = doc_get(map, key);

	return v == NULL ? 0 : doc_int(v, min, max, out, d);
}

/* An optional boolean value, *out left alone when absent. */
static int
opt_bool(const struct doc_node *map, const char *key, bool *out,
    struct diags *d)
{
	const struct doc_node *v = doc_get(map, key);

	return v == NULL ? 0 : doc_bool(v, out, d);
}

/* A required point on the map. */
static int
need_point(const struct doc_node *map, const char *key, const struct map *m,
    struct point *p, struct diags *d)
{
	const struct doc_node *v = doc_need(map, key, d);

	if (v == NULL)
		return -1;
	return doc_point(v, m->w, m->h, &p->x, &p->y, d);
}

/* A path relative to the directory of the file that names it. */
static char *
path_join(const char *basedir, const char *rel)
{
	if (rel[0] == '/' || basedir == NULL || *basedir == '\0')
		return xstrdup(rel);
	return xasprintf("%s/%s", basedir, rel);
}

/* The directory part of a path ("." if none). */
static char *
path_dir(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (slash == NULL)
		return xstrdup(".");
	if (slash == path)
		return xstrdup("/");
	return xstrndup(path, (size_t)(slash - path));
}

static bool
ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), t = strlen(tail);

	return n >= t && strcmp(s + n - t, tail) == 0;
}

/* Number of UTF-8 characters in the first len bytes of s. */
static int
utf8_chars(const char *s, size_t len)
{
	size_t i;
	int n = 0;

	for (i = 0; i < len; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			n++;
	return n;
}

/* Byte offset of character number chars (0-based) in s. */
static size_t
utf8_offset(const char *s, int chars)
{
	size_t i = 0;

	while (s[i] != '\0' && chars > 0) {
		i++;
		while (((unsigned char)s[i] & 0xc0) == 0x80)
			i++;
		chars--;
	}
	return i;
}

/* ------------------------------------------------------------------ */
/* Grids: landscape, heights and roads as rows of characters           */
/* ------------------------------------------------------------------ */

static size_t
leading_spaces(const char *s)
{
	return strspn(s, " ");
}

/* Indentation from a block scalar's header line, or -2 to look further. */
static int
block_header(const char *line, int col)
{
	size_t off = utf8_offset(line, col - 1);
	const char *p = line + off;

	if (*p != '|' && *p != '>')
		return -1;
	for (p++; *p == '+' || *p == '-' || (*p >= '1' && *p <= '9'); p++)
		if (*p >= '1' && *p <= '9')
			return (int)leading_spaces(line) + (*p - '0');
	return -2;
}

/*
 * The indentation of a block scalar's content, read back from its source:
 * the tree keeps only where the '|' or '>' stands, and the content's
 * indentation decides the column of every grid character.  Used only to
 * place an error, so the extra read costs nothing in a good load.  -1 if
 * the source cannot be read (a buffer) or n is not a block scalar.
 */
static int
block_indent(const struct doc_node *n)
{
	FILE *f;
	char *line = NULL;
	size_t cap = 0;
	int lineno = 0, indent = -1;

	if (n->pos.file == NULL || n->pos.line < 1 ||
	    (f = fopen(n->pos.file, "r")) == NULL)
		return -1;
	while (getline(&line, &cap, f) != -1) {
		if (++lineno < n->pos.line)
			continue;
		if (lineno == n->pos.line) {
			indent = block_header(line, n->pos.col);
			if (indent != -2)
				break;
			continue;
		}
		if (line[strspn(line, " \r\n")] != '\0') {
			indent = (int)leading_spaces(line);
			break;
		}
	}
	free(line);
	fclose(f);
	return indent < 0 ? -1 : indent;
}

/*
 * The source position of byte x of row y of grid scalar n.  A block
 * scalar's rows start on the line after its indicator; a one-line scalar
 * ("...." or plain) holds a single row at its own position.  fallback is
 * the indentation to assume when the source cannot be read.
 */
static struct pos
grid_pos(const struct doc_node *n, int y, const char *row, int x,
    int fallback)
{
	struct pos p = n->pos;
	int indent = block_indent(n), cx = utf8_chars(row, (size_t)x);

	if (indent < 0 && strchr(n->str, '\n') == NULL) {
		p.col += cx + (n->quoted ? 1 : 0);
		return p;
	}
	if (indent < 0)
		indent = fallback;
	p.line += 1 + y;
	p.col = indent + 1 + cx;
	return p;
}

/* Decodes one grid character into the map; -1 if it means nothing. */
typedef int (*grid_cell_fn)(struct map *, const void *arg, int x, int y,
    unsigned char c);

struct grid {
	const struct doc_node *node;	/* the scalar */
	const char	*what;		/* "landscape", "heights", "roads" */
	const char	*expect;	/* what a character may be, for messages */
	int		 fallback;	/* assumed content indentation */
	grid_cell_fn	 fn;
	const void	*arg;
};

/* A grid the map accepts is a scalar the reader accepts, and no more. */
_Static_assert(MAP_MAX_GRID == YREAD_MAX_SCALAR,
    "the map's grid bound and the reader's scalar bound must agree");

/* Length of the scalar without its trailing line breaks. */
static size_t
grid_len(const struct doc_node *n)
{
	size_t len = n->len;

	while (len > 0 && (n->str[len - 1] == '\n' || n->str[len - 1] == '\r'))
		len--;
	return len;
}

/* Width (first row) and height (rows) of a grid scalar. */
static int
grid_size(const struct doc_node *n, const char *what, int *w, int *h,
    struct diags *d)
{
	size_t len, i;
	const char *nl;

	if (n->kind != DOC_SCALAR) {
		diags_add(d, n->pos, "%s must be rows of text (use '%s: |')",
		    what, what);
		return -1;
	}
	len = grid_len(n);
	nl = memchr(n->str, '\n', len);
	*w = (int)(nl != NULL ? (size_t)(nl - n->str) : len);
	for (*h = 1, i = 0; i < len; i++)
		*h += n->str[i] == '\n';
	if (len == 0 || *w < 1 || *w > MAP_MAX_SIDE || *h > MAP_MAX_SIDE) {
		diags_add(d, n->pos, "%s must be 1 to %d rows of 1 to %d "
		    "characters", what, MAP_MAX_SIDE, MAP_MAX_SIDE);
		return -1;
	}
	if (((size_t)*w + 1) * (size_t)*h - 1 > (size_t)MAP_MAX_GRID) {
		diags_add(d, n->pos, "%s of %d x %d cells is more than a grid "
		    "may hold (%ld bytes with its line breaks)", what, *w, *h,
		    MAP_MAX_GRID);
		return -1;
	}
	return 0;
}

/* Report character c, which the grid does not accept, at its place. */
static void
grid_bad_char(const struct grid *gr, int y, const char *row, int x,
    struct diags *d)
{
	unsigned char c = (unsigned char)row[x];
	struct pos p = grid_pos(gr->node, y, row, x, gr->fallback);

	if (c > 0x20 && c < 0x7f)
		diags_add(d, p, "%s: unknown symbol '%c' (expected %s)",
		    gr->what, c, gr->expect);
	else
		diags_add(d, p, "%s: unexpected byte 0x%02x (expected %s)",
		    gr->what, c, gr->expect);
}

/* Walk every character of a w x h grid through gr->fn. */
static int
grid_walk(const struct grid *gr, struct map *m, struct diags *d)
{
	const struct doc_node *n = gr->node;
	const char *s, *end, *nl;
	int x, y, len, bad = 0;

	if (n->kind != DOC_SCALAR) {
		diags_add(d, n->pos, "%s must be rows of text (use '%s: |')",
		    gr->what, gr->what);
		return -1;
	}
	s = n->str;
	end = n->str + grid_len(n);
	for (y = 0; y == 0 || s <= end; y++) {
		nl = memchr(s, '\n', (size_t)(end - s));
		len = (int)((nl != NULL ? nl : end) - s);
		if (len > 0 && s[len - 1] == '\r')
			len--;
		if (y >= m->h) {
			diags_add(d, grid_pos(n, y, s, 0, gr->fallback),
			    "%s has more than %d rows (the landscape's height)",
			    gr->what, m->h);
			return -1;
		}
		if (len != m->w) {
			diags_add(d, grid_pos(n, y, s, len < m->w ? len : m->w,
			    gr->fallback), "%s row %d has %d characters, "
			    "expected %d", gr->what, y + 1, len, m->w);
			return -1;
		}
		for (x = 0; x < len && bad == 0; x++)
			if (gr->fn(m, gr->arg, x, y, (unsigned char)s[x]) != 0) {
				grid_bad_char(gr, y, s, x, d);
				bad = -1;
			}
		if (bad != 0)
			return -1;
		if (nl == NULL)
			break;
		s = nl + 1;
	}
	if (y + 1 != m->h) {
		diags_add(d, n->pos, "%s has %d rows, expected %d", gr->what,
		    y + 1, m->h);
		return -1;
	}
	return 0;
}

/* The legend: landscape index for each ASCII symbol, -1 if none. */
struct legend {
	int	land[128];
	char	keys[128];	/* the symbols, for messages */
};

static int
cell_land(struct map *m, const void *arg, int x, int y, unsigned char c)
{
	const struct legend *lg = arg;

	if (c >= 128 || lg->land[c] < 0)
		return -1;
	map_cell(m, x, y)->land = (uint8_t)lg->land[c];
	return 0;
}

static int
cell_height(struct map *m, const void *arg, int x, int y, unsigned char c)
{
	if (c < '0' || c > '9')
		return -1;
	map_cell(m, x, y)->height = (int8_t)(c - '0');
	return 0;
}

static int
cell_road(struct map *m, const void *arg, int x, int y, unsigned char c)
{
	const char *p = c != '\0' ? strchr(".-=", c) : NULL;

	if (p == NULL)
		return -1;
	map_cell(m, x, y)->road = (uint8_t)(p - ".-=");
	return 0;
}

/* Read the legend mapping: one character -> landscape name. */
static int
load_legend(const struct ruleset *rs, const struct doc_node *n,
    struct legend *lg, struct diags *d)
{
	const char *name;
	unsigned char c;
	int i, k, bad = 0, nk = 0;

	for (i = 0; i < 128; i++)
		lg->land[i] = -1;
	memset(lg->keys, 0, sizeof lg->keys);
	if (doc_expect(n, DOC_MAP, "legend", d) != 0)
		return -1;
	for (i = 0; i < n->n; i++) {
		c = (unsigned char)n->keys[i]->str[0];
		if (n->keys[i]->len != 1 || c <= 0x20 || c >= 0x7f) {
			diags_add(d, n->keys[i]->pos, "legend key '%s' must be "
			    "one printable ASCII character", n->keys[i]->str);
			bad = -1;
			continue;
		}
		if (doc_str(n->items[i], LOAD_NAME_MAX, &name, d) != 0) {
			bad = -1;
			continue;
		}
		if ((k = ruleset_land(rs, name)) < 0) {
			diags_add(d, n->items[i]->pos, "unknown landscape '%s' "
			    "in ruleset %s", name, rs->name);
			bad = -1;
			continue;
		}
		lg->land[c] = k;
		if (nk < (int)sizeof lg->keys - 1)
			lg->keys[nk++] = (char)c;
	}
	if (bad == 0 && nk == 0) {
		diags_add(d, n->pos, "the legend is empty");
		return -1;
	}
	return bad;
}

/* Fallback content indentation for a grid under key k: two spaces more. */
static int
grid_fallback(const struct doc_node *map, const char *key)
{
	const struct doc_node *k = key_node(map, key);

	return k != NULL ? k->pos.col - 1 + 2 : 2;
}

/* The optional heights and roads grids, which must match the landscape. */
static int
load_layers(struct map *m, const struct doc_node *root, struct diags *d)
{
	struct grid gr = { 0 };

	if ((gr.node = doc_get(root, "heights")) != NULL) {
		gr.what = "heights";
		gr.expect = "a digit 0-9";
		gr.fallback = grid_fallback(root, "heights");
		gr.fn = cell_height;
		if (grid_walk(&gr, m, d) != 0)
			return -1;
	}
	if ((gr.node = doc_get(root, "roads")) != NULL) {
		gr.what = "roads";
		gr.expect = "'.' none, '-' small road or '=' big road";
		gr.fallback = grid_fallback(root, "roads");
		gr.fn = cell_road;
		if (grid_walk(&gr, m, d) != 0)
			return -1;
	}
	return 0;
}

/*
 * The legend and landscape grid: these fix the map's size.  The map is
 * handed out in *mp as soon as it exists, so that a failed allocation
 * after it leaves it to the caller to free.
 */
static int
load_landscape(const struct ruleset *rs, const struct doc_node *root,
    struct map **mp, struct diags *d)
{
	const struct doc_node *leg, *land;
	struct legend lg;
	struct grid gr = { 0 };
	struct map *m;
	char expect[200];
	int w, h;

	if ((leg = doc_need(root, "legend", d)) == NULL ||
	    (land = doc_need(root, "landscape", d)) == NULL)
		return -1;
	if (load_legend(rs, leg, &lg, d) != 0 ||
	    grid_size(land, "landscape", &w, &h, d) != 0)
		return -1;
	snprintf(expect, sizeof expect, "a legend symbol: %s", lg.keys);
	m = *mp = map_create(w, h);
	gr.node = land;
	gr.what = "landscape";
	gr.expect = expect;
	gr.fallback = grid_fallback(root, "landscape");
	gr.fn = cell_land;
	gr.arg = &lg;
	return grid_walk(&gr, m, d);
}

/* ------------------------------------------------------------------ */
/* Obstacles, passages, defiles and labels                             */
/* ------------------------------------------------------------------ */

/* A corner point [cx, cy] with 0 <= cx <= w and 0 <= cy <= h. */
static int
load_corner(const struct doc_node *n, const struct map *m, struct point *p,
    struct diags *d)
{
	long x, y;

	if (n->kind != DOC_SEQ || n->n != 2) {
		diags_add(d, n->pos, "expected a corner point [x, y]");
		return -1;
	}
	if (doc_int(n->items[0], LONG_MIN, LONG_MAX, &x, d) != 0 ||
	    doc_int(n->items[1], LONG_MIN, LONG_MAX, &y, d) != 0)
		return -1;
	if (x < 0 || y < 0 || x > m->w || y > m->h) {
		diags_add(d, n->pos, "corner [%ld, %ld] is off the map "
		    "(corners run 0..%d, 0..%d)", x, y, m->w, m->h);
		return -1;
	}
	p->x = (int)x;
	p->y = (int)y;
	return 0;
}

/* Put obstacle ob on the cell edge (x, y)->dir, refusing a second type. */
static int
edge_put(struct map *m, const struct ruleset *rs, int x, int y, enum dir dir,
    int ob, const struct doc_node *at, struct diags *d)
{
	int old = map_edge(m, x, y, dir, NULL);

	if (old != 0 && old != ob) {
		diags_add(d, at->pos, "the edge %s of cell [%d, %d] already "
		    "carries a %s", dir_name(dir), x, y, rs->obst[old].name);
		return -1;
	}
	return map_edge_set(m, x, y, dir, ob, PASS_NONE);
}

/* One straight segment a-b of an obstacle path (at: where a was read). */
static int
load_segment(struct map *m, const struct ruleset *rs, int ob, struct point a,
    struct point b, const struct doc_node *at, struct diags *d)
{
	int i, lo, hi;

	if ((a.x != b.x && a.y != b.y) || (a.x == b.x && a.y == b.y)) {
		diags_add(d, at->pos, "obstacle segment [%d, %d] to [%d, %d] "
		    "must be a horizontal or vertical line", a.x, a.y, b.x,
		    b.y);
		return -1;
	}
	if ((a.x == b.x && (a.x == 0 || a.x == m->w)) ||
	    (a.y == b.y && (a.y == 0 || a.y == m->h))) {
		diags_add(d, at->pos, "obstacle segment [%d, %d] to [%d, %d] "
		    "lies on the map border, where there is no edge", a.x, a.y,
		    b.x, b.y);
		return -1;
	}
	if (a.x == b.x) {
		lo = a.y < b.y ? a.y : b.y;
		hi = a.y < b.y ? b.y : a.y;
		for (i = lo; i < hi; i++)
			if (edge_put(m, rs, a.x - 1, i, DIR_E, ob, at, d) != 0)
				return -1;
	} else {
		lo = a.x < b.x ? a.x : b.x;
		hi = a.x < b.x ? b.x : a.x;
		for (i = lo; i < hi; i++)
			if (edge_put(m, rs, i, a.y - 1, DIR_S, ob, at, d) != 0)
				return -1;
	}
	return 0;
}

static int
load_obstacle(struct map *m, const struct ruleset *rs,
    const struct doc_node *n, struct diags *d)
{
	static const char *const keys[] = { "type", "path", NULL };
	const struct doc_node *path;
	const char *type;
	struct point a, b;
	int ob, i;

	if (need_map(n, "an obstacle", keys, d) != 0 ||
	    need_str(n, "type", &type, d) != 0 ||
	    (path = doc_need(n, "path", d)) == NULL)
		return -1;
	if ((ob = ruleset_obst(rs, type)) <= 0) {
		diags_add(d, doc_get(n, "type")->pos, "unknown obstacle '%s' "
		    "in ruleset %s", type, rs->name);
		return -1;
	}
	if (path->kind != DOC_SEQ || path->n < 2) {
		diags_add(d, path->pos, "an obstacle path needs at least two "
		    "corner points");
		return -1;
	}
	if (load_corner(path->items[0], m, &a, d) != 0)
		return -1;
	for (i = 1; i < path->n; i++, a = b)
		if (load_corner(path->items[i], m, &b, d) != 0 ||
		    load_segment(m, rs, ob, a, b, path->items[i - 1], d) != 0)
			return -1;
	return 0;
}

static int
load_passage(struct map *m, const struct doc_node *n, struct diags *d)
{
	static const char *const keys[] = { "kind", "cell", "side", NULL };
	const struct doc_node *kn, *sn;
	struct point c;
	int kind, side, ob;
	enum dir dir;

	if (need_map(n, "a passage", keys, d) != 0 ||
	    (kn = doc_need(n, "kind", d)) == NULL ||
	    (sn = doc_need(n, "side", d)) == NULL ||
	    doc_enum(kn, pass_names, &kind, d) != 0 ||
	    need_point(n, "cell", m, &c, d) != 0 ||
	    doc_enum(sn, side_names, &side, d) != 0)
		return -1;
	dir = side_dirs[side];
	if (!map_inside(m, c.x + dir_dx[dir], c.y + dir_dy[dir])) {
		diags_add(d, sn->pos, "the %s side of cell [%d, %d] is the map "
		    "border", side_names[side], c.x, c.y);
		return -1;
	}
	if ((ob = map_edge(m, c.x, c.y, dir, NULL)) == 0) {
		diags_add(d, n->pos, "no obstacle on the %s side of cell "
		    "[%d, %d] for a %s to cross", side_names[side], c.x, c.y,
		    pass_names[kind]);
		return -1;
	}
	return map_edge_set(m, c.x, c.y, dir, ob, pass_kinds[kind]);
}

static int
load_label(struct map *m, const struct doc_node *n, struct diags *d)
{
	static const char *const keys[] = { "at", "text", NULL };
	struct point at;
	const char *text;

	if (need_map(n, "a label", keys, d) != 0 ||
	    need_point(n, "at", m, &at, d) != 0 ||
	    need_str(n, "text", &text, d) != 0)
		return -1;
	map_label_add(m, at, text);
	return 0;
}

static int
load_defile(struct map *m, const struct doc_node *n, struct diags *d)
{
	struct point p;

	if (doc_point(n, m->w, m->h, &p.x, &p.y, d) != 0)
		return -1;
	map_cell(m, p.x, p.y)->flags |= CELL_DEFILE;
	return 0;
}

/* Obstacles first: passages need the edges they cross. */
static int
load_features(struct map *m, const struct ruleset *rs,
    const struct doc_node *root, struct diags *d)
{
	const struct doc_node *s;
	int i, bad = 0;

	if (opt_seq(root, "obstacles", &s, d) != 0)
		return -1;
	for (i = 0; s != NULL && i < s->n; i++)
		bad |= load_obstacle(m, rs, s->items[i], d);
	if (bad != 0 || opt_seq(root, "passages", &s, d) != 0)
		return -1;
	for (i = 0; s != NULL && i < s->n; i++)
		bad |= load_passage(m, s->items[i], d);
	if (opt_seq(root, "defiles", &s, d) != 0)
		return -1;
	for (i = 0; s != NULL && i < s->n; i++)
		bad |= load_defile(m, s->items[i], d);
	if (opt_seq(root, "labels", &s, d) != 0)
		return -1;
	for (i = 0; s != NULL && i < s->n; i++)
		bad |= load_label(m, s->items[i], d);
	return bad;
}

/* One map being built: what load_map_doc's region must free. */
struct mload {
	const struct ruleset *rs;
	const struct doc_node *root;
	struct diags	*d;
	struct map	*m;		/* NULL when refused */
};

static void
mload_run(void *arg)
{
	static const char *const keys[] = { "map", "legend", "landscape",
	    "heights", "roads", "obstacles", "passages", "defiles", "labels",
	    NULL };
	struct mload *l = arg;
	const char *name = "Unnamed map";

	if (need_map(l->root, "a map", keys, l->d) != 0 ||
	    opt_str(l->root, "map", LOAD_NAME_MAX, &name, l->d) != 0 ||
	    load_landscape(l->rs, l->root, &l->m, l->d) != 0)
		goto fail;
	l->m->name = xstrdup(name);
	if (load_layers(l->m, l->root, l->d) != 0 ||
	    load_features(l->m, l->rs, l->root, l->d) != 0)
		goto fail;
	return;
fail:
	map_free(l->m);
	l->m = NULL;
}

struct map *
load_map_doc(const struct ruleset *rs, const struct doc_node *root,
    struct diags *d)
{
	struct mload l = { rs, root, d, NULL };

	if (xalloc_try(mload_run, &l) != 0) {
		map_free(l.m);
		diags_oom(d, root->pos);
		return NULL;
	}
	return l.m;
}

/* ------------------------------------------------------------------ */
/* Scenarios and orders of battle                                      */
/* ------------------------------------------------------------------ */

/*
 * A hash of ids.  Units and generals are looked up by id once each and
 * again for every deployment and order; hashing keeps a scenario of many
 * thousand units from taking quadratic time.  The id strings are the
 * game's; the table only points at them.
 */
struct idslot {
	const char	*id;		/* borrowed; NULL: empty slot */
	int		 index;
};

struct idtab {
	struct idslot	*v;		/* owned */
	size_t		 cap;		/* a power of two, or 0 */
	size_t		 n;
};

static size_t
id_hash(const char *id)
{
	size_t h = 2166136261u;

	for (; *id != '\0'; id++)
		h = (h ^ (unsigned char)*id) * 16777619u;
	return h;
}

/* The index stored under id, or -1. */
static int
idtab_find(const struct idtab *t, const char *id)
{
	size_t i;

	if (t->cap == 0)
		return -1;
	for (i = id_hash(id) & (t->cap - 1); t->v[i].id != NULL;
	    i = (i + 1) & (t->cap - 1))
		if (strcmp(t->v[i].id, id) == 0)
			return t->v[i].index;
	return -1;
}

static void
idtab_put(struct idslot *v, size_t cap, const char *id, int index)
{
	size_t i;

	for (i = id_hash(id) & (cap - 1); v[i].id != NULL; i = (i + 1) &
	    (cap - 1))
		;
	v[i].id = id;
	v[i].index = index;
}

/* Store index under id (not already present), growing at half full. */
static void
idtab_add(struct idtab *t, const char *id, int index)
{
	struct idslot *v;
	size_t cap, i;

	if ((t->n + 1) * 2 > t->cap) {
		cap = t->cap != 0 ? t->cap * 2 : 64;
		v = xcalloc(cap, sizeof *v);
		for (i = 0; i < t->cap; i++)
			if (t->v[i].id != NULL)
				idtab_put(v, cap, t->v[i].id, t->v[i].index);
		free(t->v);
		t->v = v;
		t->cap = cap;
	}
	idtab_put(t->v, t->cap, id, index);
	t->n++;
}

/* What one scenario load is building, and where things were read. */
struct sload {
	struct game	*g;
	const struct ruleset *rs;
	const char	*basedir;
	const char	*datadir;
	struct diags	*d;
	struct pos	*unit_at;	/* where each unit was defined */
	int		 unit_at_cap;
	struct pos	*deployed;	/* its deploy entry (line 0: none) */
	bool		*ordered;	/* given a standing order already */
	bool		*placed;	/* per general: position given */
	struct doc_node **trees;	/* owned: files read on the way */
	int		 ntrees;
	struct idtab	 units;		/* unit ids -> unit index */
	struct idtab	 generals;	/* general ids -> general index */
	/* What load_scenario_doc's region must free on failure. */
	const struct doc_node *root;
	const char *const *ignore;
	struct ruleset	*rs_own;	/* until handed to the caller */
	struct map	*m;		/* until the game owns it */
	char		*path;		/* a part's file being read */
};

/*
 * Make room to keep one more tree read from a file alive until the load
 * ends.  The room comes first: a tree in hand when the array cannot grow
 * would be lost.
 */
static void
sload_room(struct sload *s)
{
	s->trees = xreallocarray(s->trees, (size_t)s->ntrees + 1,
	    sizeof *s->trees);
}

static void
sload_free(struct sload *s)
{
	int i;

	for (i = 0; i < s->ntrees; i++)
		doc_free(s->trees[i]);
	free(s->trees);
	free(s->path);
	free(s->unit_at);
	free(s->deployed);
	free(s->ordered);
	free(s->placed);
	free(s->units.v);
	free(s->generals.v);
}


/*
 * A part given either inline (a mapping) or as a file path relative to the
 * scenario.  Returns the mapping to read, or NULL with diagnostics.
 */
static const struct doc_node *
sload_part(struct sload *s, const struct doc_node *n, const char *what)
{
	struct doc_node *tree;
	char *path;

	if (n->kind == DOC_MAP)
		return n;
	if (n->kind != DOC_SCALAR || n->len == 0) {
		diags_add(s->d, n->pos, "%s must be a file path or a mapping",
		    what);
		return NULL;
	}
	sload_room(s);
	path = path_join(s->basedir, n->str);
	s->path = path;
	tree = yread_file(path, s->d);
	s->path = NULL;
	free(path);
	if (tree == NULL) {
		diags_add(s->d, n->pos, "cannot load %s '%s'", what, n->str);
		return NULL;
	}
	s->trees[s->ntrees++] = tree;
	return tree;
}

/* The default class of an arm: the first the ruleset lists for it. */
static int
default_class(const struct ruleset *rs, enum arm arm)
{
	int i;

	for (i = 0; i < rs->nklass; i++)
		if (rs->klass[i].arm == arm)
			return ruleset_class(rs, arm, rs->klass[i].name);
	return -1;
}

static int
unit_class(struct sload *s, struct unit *u, const struct doc_node *n)
{
	const struct doc_node *c = doc_get(n, "class");
	const char *name;

	if (c == NULL) {
		u->klass = default_class(s->rs, u->arm);
		return 0;
	}
	if (doc_str(c, LOAD_NAME_MAX, &name, s->d) != 0)
		return -1;
	if ((u->klass = ruleset_class(s->rs, u->arm, name)) < 0) {
		diags_add(s->d, c->pos, "unknown class '%s' of %s in ruleset "
		    "%s", name, arm_name(u->arm), s->rs->name);
		return -1;
	}
	return 0;
}

/* Record where unit i was defined. */
static void
sload_unit_at(struct sload *s, int i, struct pos at)
{
	if (i >= s->unit_at_cap) {
		/* By half, as the units themselves (game_add_unit). */
		int cap = i < 16 ? 16 : i + i / 2;

		s->unit_at = xreallocarray(s->unit_at, (size_t)cap,
		    sizeof *s->unit_at);
		s->unit_at_cap = cap;
	}
	s->unit_at[i] = at;
}

static int
oob_unit(struct sload *s, int side, int gen, const struct doc_node *n)
{
	static const char *const keys[] = { "id", "name", "arm", "class",
	    "drill", "musician", "strength", NULL };
	const struct doc_node *an;
	const char *id, *name;
	struct unit *u;
	long drill, men;
	int arm, i;

	if (need_map(n, "a unit", keys, s->d) != 0 ||
	    need_str(n, "id", &id, s->d) != 0)
		return -1;
	if ((i = idtab_find(&s->units, id)) >= 0) {
		diags_add(s->d, doc_get(n, "id")->pos, "duplicate unit id '%s' "
		    "(first at line %d)", id, s->unit_at[i].line);
		return -1;
	}
	name = id;
	if (opt_str(n, "name", LOAD_NAME_MAX, &name, s->d) != 0 ||
	    (an = doc_need(n, "arm", s->d)) == NULL ||
	    doc_enum(an, arm_names, &arm, s->d) != 0 ||
	    need_int(n, "drill", 1, 6, &drill, s->d) != 0 ||
	    need_int(n, "strength", 1, LOAD_MAX_MEN, &men, s->d) != 0)
		return -1;
	if ((i = game_add_unit(s->g, id, name, side, gen)) < 0) {
		diags_add(s->d, n->pos, "too many units: a battle holds at "
		    "most %d", GAME_MAX_UNITS);
		return -1;
	}
	sload_unit_at(s, i, n->pos);
	idtab_add(&s->units, s->g->units[i].id, i);
	u = &s->g->units[i];
	u->arm = (enum arm)arm;
	u->drill = (int)drill;
	u->strength = u->strength0 = (int)men;
	u->formation = -1;
	return unit_class(s, u, n) | opt_bool(n, "musician", &u->musician,
	    s->d);
}

static int oob_general(struct sload *, int, int, const struct doc_node *,
    int);

/* The units and subordinate generals under general gen. */
static int
oob_children(struct sload *s, int side, int gen, const struct doc_node *n,
    int depth)
{
	const struct doc_node *units, *cmds;
	int i, bad = 0;

	if (opt_seq(n, "units", &units, s->d) != 0 ||
	    opt_seq(n, "commands", &cmds, s->d) != 0)
		return -1;
	for (i = 0; units != NULL && i < units->n; i++)
		bad |= oob_unit(s, side, gen, units->items[i]);
	for (i = 0; cmds != NULL && i < cmds->n; i++)
		bad |= oob_general(s, side, gen, cmds->items[i], depth + 1);
	return bad;
}

static int
oob_general(struct sload *s, int side, int parent, const struct doc_node *n,
    int depth)
{
	static const char *const keys[] = { "id", "name", "radius", "units",
	    "commands", NULL };
	const struct doc_node *rn;
	const char *id, *name;
	long radius = 0;
	int gen;

	if (depth > LOAD_MAX_DEPTH) {
		diags_add(s->d, n->pos, "the chain of command is deeper than "
		    "%d levels", LOAD_MAX_DEPTH);
		return -1;
	}
	if (need_map(n, "a general", keys, s->d) != 0 ||
	    need_str(n, "id", &id, s->d) != 0)
		return -1;
	if (idtab_find(&s->generals, id) >= 0) {
		diags_add(s->d, doc_get(n, "id")->pos, "duplicate general id "
		    "'%s'", id);
		return -1;
	}
	name = id;
	if (opt_str(n, "name", LOAD_NAME_MAX, &name, s->d) != 0)
		return -1;
	if ((rn = doc_get(n, "radius")) != NULL &&
	    doc_fixed(rn, s->rs->ticks, 0, 1000L * s->rs->ticks, &radius,
	    s->d) != 0)
		return -1;
	gen = game_add_general(s->g, id, name, side, parent);
	idtab_add(&s->generals, s->g->generals[gen].id, gen);
	s->g->generals[gen].radius = (int)radius;
	return oob_children(s, side, gen, n, depth);
}

/* An order of battle: one side and its tree of generals and units. */
static int
oob_load(struct sload *s, const struct doc_node *n)
{
	static const char *const keys[] = { "oob", "side", "general", NULL };
	const struct doc_node *top;
	const char *title, *side;
	int si;

	if (need_map(n, "an order of battle", keys, s->d) != 0 ||
	    need_str(n, "oob", &title, s->d) != 0 ||
	    need_str(n, "side", &side, s->d) != 0 ||
	    (top = doc_need(n, "general", s->d)) == NULL)
		return -1;
	if ((si = game_add_side(s->g, side)) < 0) {
		diags_add(s->d, n->pos, "too many sides");
		return -1;
	}
	if (oob_general(s, si, -1, top, 0) != 0)
		return -1;
	return si;
}

/* The unit whose id is the scalar un, which must belong to side; or -1. */
static int
side_unit_id(struct sload *s, int side, const struct doc_node *un)
{
	const char *id;
	int u;

	if (doc_str(un, LOAD_NAME_MAX, &id, s->d) != 0)
		return -1;
	if ((u = idtab_find(&s->units, id)) < 0) {
		diags_add(s->d, un->pos, "unknown unit '%s'", id);
		return -1;
	}
	if (s->g->units[u].side != side) {
		diags_add(s->d, un->pos, "unit '%s' belongs to %s, not to %s",
		    id, s->g->sides[s->g->units[u].side].name,
		    s->g->sides[side].name);
		return -1;
	}
	return u;
}

/* The unit named by n's "unit" key, which must belong to side; or -1. */
static int
side_unit(struct sload *s, int side, const struct doc_node *n)
{
	const struct doc_node *un = doc_need(n, "unit", s->d);

	return un == NULL ? -1 : side_unit_id(s, side, un);
}

/* A formation name the unit's arm may take; its index or -1. */
static int
unit_formation(struct sload *s, const struct unit *u,
    const struct doc_node *n)
{
	const char *name;
	int f;

	if (doc_str(n, LOAD_NAME_MAX, &name, s->d) != 0)
		return -1;
	if ((f = ruleset_form(s->rs, name)) < 0) {
		diags_add(s->d, n->pos, "unknown formation '%s' in ruleset %s",
		    name, s->rs->name);
		return -1;
	}
	if ((s->rs->form[f].arms & (1u << u->arm)) == 0) {
		diags_add(s->d, n->pos, "%s cannot form %s: the formation is "
		    "not for %s", u->id, s->rs->form[f].label,
		    arm_name(u->arm));
		return -1;
	}
	return f;
}

/* The unit's footprint must be on the map, on free cells. */
static int
deploy_fit(struct sload *s, int u, struct point at, enum dir f, int form,
    const struct doc_node *an)
{
	struct point bad;
	int who;

	if (game_fits(s->g, u, at, f, form, -1, &bad) == 0)
		return 0;
	if (!map_inside(s->g->map, bad.x, bad.y))
		diags_add(s->d, an->pos, "unit '%s' does not fit on the map: "
		    "its cell [%d, %d] is off the map (%d x %d cells)",
		    s->g->units[u].id, bad.x, bad.y, s->g->map->w,
		    s->g->map->h);
	else {
		who = game_unit_at(s->g, bad.x, bad.y);
		diags_add(s->d, an->pos, "unit '%s' overlaps unit '%s' at "
		    "[%d, %d]", s->g->units[u].id, s->g->units[who].id, bad.x,
		    bad.y);
	}
	return -1;
}

/* Every cell under the unit must be ground its formation may stand on. */
static int
deploy_ground(struct sload *s, int u, const struct doc_node *an)
{
	const struct unit *un = &s->g->units[u];
	const struct landscape *l;
	struct point c[FOOTPRINT_MAX];
	int i, n;

	n = game_footprint(s->g, un, c);
	for (i = 0; i < n; i++) {
		l = &s->rs->land[map_cell(s->g->map, c[i].x, c[i].y)->land];
		if (l->forbid & (1u << un->formation)) {
			diags_add(s->d, an->pos, "unit '%s' in %s may not stand "
			    "on %s (cell [%d, %d])", un->id,
			    s->rs->form[un->formation].label, l->label,
			    c[i].x, c[i].y);
			return -1;
		}
	}
	return 0;
}

static int
deploy_one(struct sload *s, int side, const struct doc_node *n)
{
	static const char *const keys[] = { "unit", "at", "facing",
	    "formation", "condition", NULL };
	const struct doc_node *fn, *on, *cn;
	struct unit *un;
	struct point at;
	int u, f, form, cond = COND_FORMED;

	if (need_map(n, "a deployment", keys, s->d) != 0 ||
	    (u = side_unit(s, side, n)) < 0)
		return -1;
	un = &s->g->units[u];
	if (s->deployed[u].line != 0) {
		diags_add(s->d, n->pos, "unit '%s' is deployed twice (first at "
		    "line %d)", un->id, s->deployed[u].line);
		return -1;
	}
	if (need_point(n, "at", s->g->map, &at, s->d) != 0 ||
	    (fn = doc_need(n, "facing", s->d)) == NULL ||
	    doc_enum(fn, dir_names, &f, s->d) != 0 ||
	    (on = doc_need(n, "formation", s->d)) == NULL ||
	    (form = unit_formation(s, un, on)) < 0 ||
	    ((cn = doc_get(n, "condition")) != NULL &&
	    doc_enum(cn, cond_names, &cond, s->d) != 0))
		return -1;
	if (deploy_fit(s, u, at, (enum dir)f, form, doc_get(n, "at")) != 0)
		return -1;
	un->pos = at;
	un->facing = (enum dir)f;
	un->formation = form;
	un->cond = (enum cond)cond;
	if (deploy_ground(s, u, doc_get(n, "at")) != 0)
		return -1;
	game_occupy(s->g, u, true);
	s->deployed[u] = n->pos;
	return 0;
}

/* Every unit of both orders of battle must stand on the map. */
static int
deploy_check_all(struct sload *s)
{
	int u, bad = 0;

	for (u = 0; u < s->g->nunits; u++)
		if (s->deployed[u].line == 0) {
			diags_add(s->d, s->unit_at[u], "unit '%s' is not "
			    "deployed (list it under its side's deploy)",
			    s->g->units[u].id);
			bad = -1;
		}
	return bad;
}

static int
general_place(struct sload *s, int side, const struct doc_node *n)
{
	static const char *const keys[] = { "id", "at", NULL };
	const char *id;
	struct point at;
	int gi;

	if (need_map(n, "a general's position", keys, s->d) != 0 ||
	    need_str(n, "id", &id, s->d) != 0)
		return -1;
	gi = idtab_find(&s->generals, id);
	if (gi < 0 || s->g->generals[gi].side != side) {
		diags_add(s->d, doc_get(n, "id")->pos, "no general '%s' on the "
		    "side of %s", id, s->g->sides[side].name);
		return -1;
	}
	if (need_point(n, "at", s->g->map, &at, s->d) != 0)
		return -1;
	s->g->generals[gi].pos = at;
	s->placed[gi] = true;
	return 0;
}

/*
 * A general not placed stands with the first unit under his command
 * (directly or through his subordinates), or at his side's rear if he
 * commands none.  One walk up the chain (at most 17 generals) from each
 * unit settles them all.
 */
static void
generals_default(struct sload *s)
{
	struct game *g = s->g;
	int u, k;

	for (u = 0; u < g->nunits; u++)
		for (k = g->units[u].general; k >= 0;
		    k = g->generals[k].parent)
			if (!s->placed[k]) {
				g->generals[k].pos = g->units[u].pos;
				s->placed[k] = true;
			}
	for (k = 0; k < g->ngenerals; k++)
		if (!s->placed[k])
			g->generals[k].pos = g->sides[g->generals[k].side].rear;
}

/* The one order kind an order entry names; -1 unless exactly one. */
static int
order_kind(struct sload *s, const struct doc_node *n)
{
	static const char *const kinds[] = { "move", "formation", "stop",
	    "restore" };
	static const enum order_kind kval[] = { ORDER_MOVE, ORDER_FORMATION,
	    ORDER_STOP, ORDER_RESTORE };
	int i, kind = -1, count = 0;

	for (i = 0; i < 4; i++)
		if (doc_get(n, kinds[i]) != NULL) {
			kind = (int)kval[i];
			count++;
		}
	if (count != 1) {
		diags_add(s->d, n->pos, "an order needs exactly one of move, "
		    "formation, stop or restore");
		return -1;
	}
	return kind;
}

/* Fill the order's own data from its entry. */
static int
order_data(struct sload *s, struct order *o, const struct doc_node *n)
{
	const struct doc_node *v;
	bool yes;
	int i;

	switch (o->kind) {
	case ORDER_MOVE:
		v = doc_get(n, "move");
		if (v->kind != DOC_SEQ || v->n < 1 || v->n > ORDER_MAX_POINTS) {
			diags_add(s->d, v->pos, "move needs 1 to %d points "
			    "[[x, y], ...]", ORDER_MAX_POINTS);
			return -1;
		}
		for (i = 0; i < v->n; i++)
			if (doc_point(v->items[i], s->g->map->w, s->g->map->h,
			    &o->pts[i].x, &o->pts[i].y, s->d) != 0)
				return -1;
		o->npts = v->n;
		return 0;
	case ORDER_FORMATION:
		o->formation = unit_formation(s, &s->g->units[o->unit],
		    doc_get(n, "formation"));
		return o->formation < 0 ? -1 : 0;
	default:
		v = doc_get(n, o->kind == ORDER_STOP ? "stop" : "restore");
		if (doc_bool(v, &yes, s->d) != 0)
			return -1;
		if (!yes) {
			diags_add(s->d, v->pos, "false gives no order: leave "
			    "the entry out");
			return -1;
		}
		return 0;
	}
}

/* A standing order, given through the game like any other. */
static int
order_one(struct sload *s, int side, const struct doc_node *n)
{
	static const char *const keys[] = { "unit", "move", "formation",
	    "stop", "restore", "group", NULL };
	const struct doc_node *gn;
	struct order o;
	char *cause;
	int u, kind, i;

	if (need_map(n, "an order", keys, s->d) != 0 ||
	    (u = side_unit(s, side, n)) < 0 ||
	    (kind = order_kind(s, n)) < 0)
		return -1;
	if (s->ordered[u]) {
		diags_add(s->d, n->pos, "unit '%s' already has a standing "
		    "order", s->g->units[u].id);
		return -1;
	}
	memset(&o, 0, sizeof o);
	o.kind = (enum order_kind)kind;
	o.unit = u;
	o.general = s->g->units[u].general;
	o.formation = -1;
	if (order_data(s, &o, n) != 0)
		return -1;
	/* group: the units given this one order together (3.6.3). */
	if ((gn = doc_get(n, "group")) != NULL) {
		if (gn->kind != DOC_SEQ || gn->n < 2 ||
		    gn->n > ORDER_GROUP_MAX) {
			diags_add(s->d, gn->pos, "group needs 2 to %d unit ids",
			    ORDER_GROUP_MAX);
			return -1;
		}
		for (i = 0; i < gn->n; i++) {
			if ((o.group[i] = side_unit_id(s, side,
			    gn->items[i])) < 0)
				return -1;
			if (s->ordered[o.group[i]]) {
				diags_add(s->d, gn->items[i]->pos, "unit '%s' "
				    "already has a standing order",
				    s->g->units[o.group[i]].id);
				return -1;
			}
		}
		o.ngroup = gn->n;
	}
	if (game_order(s->g, &o, &cause) != 0) {
		diags_add(s->d, n->pos, "order for '%s' refused: %s",
		    s->g->units[u].id, cause);
		free(cause);
		return -1;
	}
	s->ordered[u] = true;
	for (i = 0; i < o.ngroup; i++)
		s->ordered[o.group[i]] = true;
	return 0;
}

/* Run fn over the entries of sequence key of side entry n. */
static int
side_each(struct sload *s, int side, const struct doc_node *n,
    const char *key, int (*fn)(struct sload *, int,
    const struct doc_node *))
{
	const struct doc_node *seq;
	int i, bad = 0;

	if (opt_seq(n, key, &seq, s->d) != 0)
		return -1;
	for (i = 0; seq != NULL && i < seq->n; i++)
		bad |= fn(s, side, seq->items[i]);
	return bad;
}

/* A side's order of battle and rear point. */
static int
side_load(struct sload *s, int i, const struct doc_node *n)
{
	static const char *const keys[] = { "oob", "rear", "generals",
	    "deploy", "orders", NULL };
	const struct doc_node *on, *oob;

	if (need_map(n, "a side", keys, s->d) != 0 ||
	    (on = doc_need(n, "oob", s->d)) == NULL ||
	    (oob = sload_part(s, on, "order of battle")) == NULL)
		return -1;
	if (oob_load(s, oob) != i)
		return -1;
	return need_point(n, "rear", s->g->map, &s->g->sides[i].rear, s->d);
}

static int
objective_one(struct sload *s, const struct doc_node *n)
{
	static const char *const keys[] = { "name", "at", "points", NULL };
	struct objective *ob;
	const char *name;
	struct point at;
	long pts;

	if (need_map(n, "an objective", keys, s->d) != 0 ||
	    need_str(n, "name", &name, s->d) != 0 ||
	    need_point(n, "at", s->g->map, &at, s->d) != 0 ||
	    need_int(n, "points", 1, 1000, &pts, s->d) != 0)
		return -1;
	s->g->objectives = xreallocarray(s->g->objectives,
	    (size_t)s->g->nobjectives + 1, sizeof *s->g->objectives);
	ob = &s->g->objectives[s->g->nobjectives++];
	ob->name = NULL;		/* game_free's, should the copy fail */
	ob->name = xstrdup(name);
	ob->at = at;
	ob->points = (int)pts;
	return 0;
}

static int
load_victory(struct sload *s, const struct doc_node *root)
{
	static const char *const keys[] = { "objectives", "break_point",
	    NULL };
	const struct doc_node *v = doc_get(root, "victory"), *seq;
	long bp = 0;
	int i, bad = 0;

	if (v == NULL)
		return 0;
	if (need_map(v, "victory", keys, s->d) != 0 ||
	    opt_seq(v, "objectives", &seq, s->d) != 0 ||
	    opt_int(v, "break_point", 1, 100, &bp, s->d) != 0)
		return -1;
	for (i = 0; seq != NULL && i < seq->n; i++)
		bad |= objective_one(s, seq->items[i]);
	s->g->break_point = (int)bp;
	return bad;
}

static int
load_options(struct sload *s, const struct doc_node *root)
{
	static const char *const keys[] = { "random_speed", "courier_delay",
	    "opponent", NULL };
	const char *opponents[OPPONENT_COUNT + 1];
	const struct doc_node *o = doc_get(root, "options"), *v;
	long turns = 0, seed = 1;
	int opp;

	for (opp = 0; opp < OPPONENT_COUNT; opp++)
		opponents[opp] = opponent_name((enum opponent)opp);
	opponents[OPPONENT_COUNT] = NULL;

	if (opt_int(root, "turns", 1, LOAD_MAX_TURNS, &turns, s->d) != 0 ||
	    opt_int(root, "seed", 0, LONG_MAX, &seed, s->d) != 0)
		return -1;
	s->g->opt.turn_limit = (int)turns;
	game_seed(s->g, (uint64_t)seed);
	if (o == NULL)
		return 0;
	if (need_map(o, "options", keys, s->d) != 0 ||
	    opt_bool(o, "random_speed", &s->g->opt.random_speed, s->d) != 0 ||
	    opt_bool(o, "courier_delay", &s->g->opt.courier_delay, s->d) != 0)
		return -1;
	if ((v = doc_get(o, "opponent")) != NULL) {
		if (doc_enum(v, opponents, &opp, s->d) != 0)
			return -1;
		s->g->opt.opponent = (enum opponent)opp;
	}
	return 0;
}

/* Both sides: orders of battle, then deployment, generals and orders. */
static int
load_sides(struct sload *s, const struct doc_node *root)
{
	const struct doc_node *sides = doc_need(root, "sides", s->d);
	int i, bad = 0;

	if (sides == NULL)
		return -1;
	if (sides->kind != DOC_SEQ || sides->n != GAME_MAX_SIDES) {
		diags_add(s->d, sides->pos, "sides must be a sequence of "
		    "exactly %d sides", GAME_MAX_SIDES);
		return -1;
	}
	for (i = 0; i < sides->n; i++)
		if (side_load(s, i, sides->items[i]) != 0)
			return -1;
	s->deployed = xcalloc((size_t)s->g->nunits + 1, sizeof *s->deployed);
	s->ordered = xcalloc((size_t)s->g->nunits + 1, sizeof *s->ordered);
	s->placed = xcalloc((size_t)s->g->ngenerals + 1, sizeof *s->placed);
	for (i = 0; i < sides->n; i++)
		bad |= side_each(s, i, sides->items[i], "deploy", deploy_one);
	if (bad != 0 || deploy_check_all(s) != 0)
		return -1;
	for (i = 0; i < sides->n; i++)
		bad |= side_each(s, i, sides->items[i], "generals",
		    general_place);
	generals_default(s);
	for (i = 0; bad == 0 && i < sides->n; i++)
		bad |= side_each(s, i, sides->items[i], "orders", order_one);
	return bad;
}

/* ------------------------------------------------------------------ */
/* Tutorial steps (core/tutorial.h)                                    */
/* ------------------------------------------------------------------ */

/* A unit of either side named by key of mapping n; -1 if missing. */
static int
goal_unit(struct sload *s, const struct doc_node *n, const char *key)
{
	const struct doc_node *un = doc_get(n, key);
	const char *id;
	int u;

	if (un == NULL)
		return -1;
	if (doc_str(un, LOAD_NAME_MAX, &id, s->d) != 0)
		return -2;
	if ((u = idtab_find(&s->units, id)) < 0) {
		diags_add(s->d, un->pos, "unknown unit '%s'", id);
		return -2;
	}
	return u;
}

/* The event part of a goal: {unit, rule, contains}, each optional. */
static int
goal_event(struct sload *s, struct tutorial_goal *gl,
    const struct doc_node *n)
{
	static const char *const keys[] = { "unit", "rule", "contains",
	    NULL };
	const char *rule = NULL, *text = NULL;

	if (need_map(n, "an event goal", keys, s->d) != 0 ||
	    (gl->ev_unit = goal_unit(s, n, "unit")) < -1 ||
	    opt_str(n, "rule", EVENT_RULE_MAX - 1, &rule, s->d) != 0 ||
	    opt_str(n, "contains", LOAD_NAME_MAX, &text, s->d) != 0)
		return -1;
	if (n->n == 0) {
		diags_add(s->d, n->pos, "an event goal needs at least one of "
		    "unit, rule or contains");
		return -1;
	}
	if (rule != NULL)
		snprintf(gl->ev_rule, sizeof gl->ev_rule, "%s", rule);
	if (text != NULL)
		gl->ev_text = xstrdup(text);
	gl->parts |= TGOAL_EVENT;
	return 0;
}

/* The rectangle of in_area: [[x0, y0], [x1, y1]], corners inclusive. */
static int
goal_area(struct sload *s, struct tutorial_goal *gl,
    const struct doc_node *n)
{
	const struct map *m = s->g->map;
	int t;

	if (n->kind != DOC_SEQ || n->n != 2) {
		diags_add(s->d, n->pos, "in_area needs two points "
		    "[[x0, y0], [x1, y1]]");
		return -1;
	}
	if (doc_point(n->items[0], m->w, m->h, &gl->lo.x, &gl->lo.y,
	    s->d) != 0 || doc_point(n->items[1], m->w, m->h, &gl->hi.x,
	    &gl->hi.y, s->d) != 0)
		return -1;
	if (gl->lo.x > gl->hi.x) {
		t = gl->lo.x; gl->lo.x = gl->hi.x; gl->hi.x = t;
	}
	if (gl->lo.y > gl->hi.y) {
		t = gl->lo.y; gl->lo.y = gl->hi.y; gl->hi.y = t;
	}
	gl->parts |= TGOAL_AREA;
	return 0;
}

/* The parts that concern one unit: order, at/within, in_area,
 * formation, condition. */
static int
goal_unit_parts(struct sload *s, struct tutorial_goal *gl,
    const struct doc_node *n)
{
	static const char *const orders[] = { "none", "move", "stop",
	    "formation", "restore", NULL };
	static const char *const conds[] = { "formed", "mob", "routed",
	    "captured", NULL };
	const struct doc_node *v;
	long within = 0;
	int k;

	if ((v = doc_get(n, "order")) != NULL) {
		if (doc_enum(v, orders, &k, s->d) != 0)
			return -1;
		gl->order = (enum order_kind)order_kind_parse(orders[k]);
		gl->parts |= TGOAL_ORDER;
	}
	if (doc_get(n, "at") != NULL) {
		if (need_point(n, "at", s->g->map, &gl->at, s->d) != 0 ||
		    ((v = doc_get(n, "within")) != NULL &&
		    doc_fixed(v, s->rs->ticks, 0, 1000L * s->rs->ticks,
		    &within, s->d) != 0))
			return -1;
		gl->within = (int)within;
		gl->parts |= TGOAL_AT;
	} else if ((v = doc_get(n, "within")) != NULL) {
		diags_add(s->d, v->pos, "within needs at: the point it is "
		    "measured from");
		return -1;
	}
	if ((v = doc_get(n, "in_area")) != NULL && goal_area(s, gl, v) != 0)
		return -1;
	if ((v = doc_get(n, "formation")) != NULL) {
		if ((gl->formation = unit_formation(s,
		    &s->g->units[gl->unit], v)) < 0)
			return -1;
		gl->parts |= TGOAL_FORMATION;
	}
	if ((v = doc_get(n, "condition")) != NULL) {
		if (doc_enum(v, conds, &k, s->d) != 0)
			return -1;
		gl->cond = (enum cond)k;
		gl->parts |= TGOAL_COND;
	}
	return 0;
}

/* A step's goal: every part it names must hold at once. */
static int
tutorial_goal(struct sload *s, struct tutorial_goal *gl,
    const struct doc_node *n)
{
	static const char *const keys[] = { "unit", "order", "at", "within",
	    "in_area", "formation", "condition", "event", "turn_ended",
	    NULL };
	static const char *const unit_keys[] = { "order", "at", "within",
	    "in_area", "formation", "condition", NULL };
	const struct doc_node *v;
	bool yes;
	int i;

	if (need_map(n, "a goal", keys, s->d) != 0 ||
	    (gl->unit = goal_unit(s, n, "unit")) < -1)
		return -1;
	for (i = 0; unit_keys[i] != NULL; i++)
		if ((v = doc_get(n, unit_keys[i])) != NULL && gl->unit < 0) {
			diags_add(s->d, v->pos, "%s needs unit: the unit "
			    "the goal is about", unit_keys[i]);
			return -1;
		}
	if (gl->unit >= 0 && goal_unit_parts(s, gl, n) != 0)
		return -1;
	if ((v = doc_get(n, "event")) != NULL && goal_event(s, gl, v) != 0)
		return -1;
	if ((v = doc_get(n, "turn_ended")) != NULL) {
		if (doc_bool(v, &yes, s->d) != 0)
			return -1;
		if (!yes) {
			diags_add(s->d, v->pos, "false asks nothing: leave "
			    "turn_ended out");
			return -1;
		}
		gl->parts |= TGOAL_TURN;
	}
	if (gl->parts == 0) {
		diags_add(s->d, n->pos, "a goal needs something to check: "
		    "order, at, in_area, formation, condition, event or "
		    "turn_ended");
		return -1;
	}
	return 0;
}

static int
tutorial_step_load(struct sload *s, struct tutorial *t,
    const struct doc_node *n)
{
	static const char *const keys[] = { "title", "text", "goal",
	    "result", NULL };
	const struct doc_node *gn, *tn, *rn;
	const char *title, *text, *result;
	struct tutorial_step *st;

	if (need_map(n, "a tutorial step", keys, s->d) != 0 ||
	    need_str(n, "title", &title, s->d) != 0 ||
	    (tn = doc_need(n, "text", s->d)) == NULL ||
	    doc_str(tn, LOAD_TEXT_MAX, &text, s->d) != 0 ||
	    (gn = doc_need(n, "goal", s->d)) == NULL ||
	    (rn = doc_need(n, "result", s->d)) == NULL ||
	    doc_str(rn, LOAD_TEXT_MAX, &result, s->d) != 0)
		return -1;
	st = tutorial_add_step(t, title, text, result);
	return tutorial_goal(s, &st->goal, gn);
}

/* The optional tutorial: a sequence of steps, done in order. */
static int
load_tutorial(struct sload *s, const struct doc_node *root)
{
	const struct doc_node *seq;
	struct tutorial *t;
	int i;

	if (opt_seq(root, "tutorial", &seq, s->d) != 0)
		return -1;
	if (seq == NULL)
		return 0;
	if (seq->n < 1 || seq->n > TUTORIAL_MAX_STEPS) {
		diags_add(s->d, seq->pos, "a tutorial needs 1 to %d steps",
		    TUTORIAL_MAX_STEPS);
		return -1;
	}
	/* The game owns it from the start: game_free frees it on failure. */
	t = s->g->tutorial = tutorial_create();
	for (i = 0; i < seq->n; i++)
		if (tutorial_step_load(s, t, seq->items[i]) != 0)
			return -1;
	tutorial_start(t, s->g);
	return 0;
}

/* The scenario's ruleset, by name (data directory) or by path. */
static struct ruleset *
scen_ruleset(const struct doc_node *root, const char *basedir,
    const char *datadir, struct diags *d)
{
	const struct doc_node *n = doc_need(root, "ruleset", d);
	struct ruleset *rs;
	const char *name;
	char *path;

	if (n == NULL || doc_str(n, 4096, &name, d) != 0)
		return NULL;
	path = ends_with(name, ".yaml") ? path_join(basedir, name) :
	    xstrdup(name);
	rs = load_ruleset(path, datadir, d);
	free(path);
	if (rs == NULL)
		diags_add(d, n->pos, "cannot load ruleset '%s'", name);
	return rs;
}

/* The top-level keys, with the caller's extra keys allowed. */
static int
scen_keys(const struct doc_node *root, const char *const *ignore,
    struct diags *d)
{
	static const char *const keys[] = { "scenario", "ruleset",
	    "description", "map", "turns", "seed", "options", "sides",
	    "victory", "tutorial", NULL };
	const size_t nkeys = sizeof keys / sizeof keys[0] - 1;
	const char **all;
	size_t n = 0;
	int rc;

	while (ignore != NULL && ignore[n] != NULL)
		n++;
	all = xcalloc(nkeys + n + 1, sizeof *all);
	memcpy(all, keys, nkeys * sizeof *all);
	if (n > 0)
		memcpy(all + nkeys, ignore, n * sizeof *all);
	rc = need_map(root, "a scenario", all, d);
	free(all);
	return rc;
}

/* Everything after the ruleset and the map. */
static int
scen_fill(struct sload *s, const struct doc_node *root)
{
	const char *title, *text = NULL;

	if (need_str(root, "scenario", &title, s->d) != 0 ||
	    opt_str(root, "description", LOAD_TEXT_MAX, &text, s->d) != 0)
		return -1;
	s->g->title = xstrdup(title);
	if (text != NULL)
		s->g->description = xstrdup(text);
	if (load_options(s, root) != 0 || load_sides(s, root) != 0 ||
	    load_victory(s, root) != 0)
		return -1;
	return load_tutorial(s, root);
}

/* The scenario load proper, in load_scenario_doc's fallible region. */
static void
sload_run(void *arg)
{
	struct sload *s = arg;
	const struct doc_node *mn, *mdoc;

	if (scen_keys(s->root, s->ignore, s->d) != 0 ||
	    (mn = doc_need(s->root, "map", s->d)) == NULL ||
	    (s->rs_own = scen_ruleset(s->root, s->basedir, s->datadir,
	    s->d)) == NULL)
		return;
	s->rs = s->rs_own;
	if ((mdoc = sload_part(s, mn, "map")) == NULL ||
	    (s->m = load_map_doc(s->rs, mdoc, s->d)) == NULL)
		goto fail;
	s->g = game_create(s->rs, s->m);
	s->m = NULL;			/* the game's now */
	if (scen_fill(s, s->root) != 0)
		goto fail;
	return;
fail:
	game_free(s->g);
	s->g = NULL;
	ruleset_free(s->rs_own);
	s->rs_own = NULL;
}

struct game *
load_scenario_doc(const struct doc_node *root, const char *basedir,
    const char *datadir, const char *const *ignore_keys,
    struct ruleset **rs_out, struct diags *d)
{
	struct sload s;

	memset(&s, 0, sizeof s);
	s.root = root;
	s.ignore = ignore_keys;
	s.basedir = basedir;
	s.datadir = datadir;
	s.d = d;
	if (rs_out != NULL)
		*rs_out = NULL;
	if (xalloc_try(sload_run, &s) != 0) {
		game_free(s.g);
		s.g = NULL;
		map_free(s.m);
		ruleset_free(s.rs_own);
		s.rs_own = NULL;
		diags_oom(d, root->pos);
	}
	sload_free(&s);
	if (rs_out != NULL)
		*rs_out = s.rs_own;
	else
		ruleset_free(s.rs_own);	/* as before: the caller's loss */
	return s.g;
}

/* One scenario file being loaded: what load_scenario's region frees. */
struct fload {
	const char	*path;
	const char	*datadir;
	struct ruleset	**rs_out;
	struct diags	*d;
	struct doc_node	*root;
	char		*dir;
	struct game	*g;
};

static void
fload_run(void *arg)
{
	struct fload *f = arg;

	if ((f->root = yread_file(f->path, f->d)) == NULL)
		return;
	f->dir = path_dir(f->path);
	f->g = load_scenario_doc(f->root, f->dir, f->datadir, NULL,
	    f->rs_out, f->d);
}

struct game *
load_scenario(const char *path, const char *datadir, struct ruleset **rs_out,
    struct diags *d)
{
	struct fload f = { path, datadir, rs_out, d, NULL, NULL, NULL };

	if (rs_out != NULL)
		*rs_out = NULL;
	/* Nothing allocates after load_scenario_doc hands the game out. */
	if (xalloc_try(fload_run, &f) != 0)
		diags_oom(d, (struct pos){ path, 0, 0 });
	free(f.dir);
	doc_free(f.root);
	return f.g;
}
