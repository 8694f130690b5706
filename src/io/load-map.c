/*
 * load-map.c - a map from its document tree: the legend, the landscape,
 * heights and roads grids, then obstacles, passages, defiles and labels.
 *
 * Every problem is reported with the position of the node at fault, and
 * for a character inside a grid (landscape, heights, roads) with that
 * character's own line and column, read back from the source when the
 * tree does not keep it.  On any error the map is freed again.
 */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "io/load-priv.h"
#include "io/yread.h"
#include "util/xalloc.h"

static const char *const side_names[] = { "N", "E", "S", "W", NULL };
static const enum dir side_dirs[] = { DIR_N, DIR_E, DIR_S, DIR_W };
static const char *const pass_names[] = { "bridge", "gate", NULL };
static const int pass_kinds[] = { PASS_BRIDGE, PASS_GATE };

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
