/*
 * gen.c - large generated battles for the benchmarks.  See gen.h.
 *
 * The ground is laid down in passes, each drawn from the seeded stream:
 * patches of landscape (discs of random size), hills as stacked contour
 * levels, a grid of roads (big every 100 rows, small every 100 columns,
 * offset so they cross), then short hedges and walls along rows, kept off
 * the roads.  Units are placed at random in their side's half, facing the
 * enemy, on ground their formation may stand on, never overlapping.
 */
#include "config.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "bench/gen.h"
#include "core/map.h"
#include "core/rng.h"
#include "util/xalloc.h"

/* A uniform integer in [lo, hi]. */
static int
gen_range(struct rng *r, int lo, int hi)
{
	return lo + (int)(rng_next(r) % (uint64_t)(hi - lo + 1));
}

/* Landscape patches: name, share of the patches in percent, largest
 * radius, and whether units are never placed on it (ground some of them
 * may not enter: the ruleset refuses it by mover, not by formation). */
struct gen_patch {
	const char	*name;
	int		 share;
	int		 rmax;		/* largest radius, cells */
	bool		 keep_off;
};

#define GEN_NPATCH	7
#define GEN_NCHOICE	6

/*
 * What a generated battle is made of, per ruleset: the ground, the two
 * obstacles (the first one patch in four), and the units' formations and
 * classes by arm, drawn uniformly from each list (NULL ends a list).
 */
struct gen_kit {
	const char	*ruleset;
	const char	*open;
	struct gen_patch patches[GEN_NPATCH];
	const char	*rare_obst, *common_obst;
	const char	*inf_forms[GEN_NCHOICE], *inf_classes[GEN_NCHOICE];
	const char	*cav_forms[GEN_NCHOICE], *cav_classes[GEN_NCHOICE];
	const char	*art_form, *art_classes[GEN_NCHOICE];
	int		 men_lo, men_hi, gunners;
};

static const struct gen_kit kits[] = {
	{
		"napoleonic", "open",
		{
			{ "wood",	 30,	 9, false },
			{ "fields",	 25,	10, false },
			{ "rough",	 20,	 7, false },
			{ "village",	 10,	 3, false },
			{ "dense_wood",	  6,	 5, false },
			{ "marsh",	  6,	 4, false },
			{ "water",	  3,	 3, false },
		},
		"wall", "hedge",
		{ "line", "line", "column", "manoeuvre_column", "skirmish",
		    "masse" }, { "line" },
		{ "line", "column", "manoeuvre_column", "screen" },
		{ "light", "heavy" },
		"limbered", { "light", "heavy", "horse" },
		300, 900, 8,
	},
	{
		/* H3: slopes and woods slow, dense woods and buildings
		 * shut out horse and guns; fences and streams (H4). */
		"horse-and-musket", "open",
		{
			{ "open_wood",	 30,	 9, false },
			{ "gentle_slope", 25,	10, false },
			{ "rough",	 20,	 7, false },
			{ "buildings",	 10,	 3, true },
			{ "dense_wood",	  6,	 5, true },
			{ "steep_slope",  6,	 4, true },
			{ "steep_slope",  3,	 3, true },
		},
		"stream", "fence",
		{ "line", "line", "column" }, { "close", "open", "rifle" },
		{ "line", "column" }, { "light" },
		"limbered", { "light", "medium", "heavy", "galloper" },
		100, 300, 12,
	},
};
#define NKIT ((int)(sizeof kits / sizeof kits[0]))

/* The kit of ruleset rs, or NULL. */
static const struct gen_kit *
gen_kit(const struct ruleset *rs)
{
	int i;

	for (i = 0; i < NKIT; i++)
		if (strcmp(kits[i].ruleset, rs->name) == 0)
			return &kits[i];
	return NULL;
}

/* The number of entries of a NULL-ended list. */
static int
gen_count(const char *const *v)
{
	int n = 0;

	while (n < GEN_NCHOICE && v[n] != NULL)
		n++;
	return n;
}

static int
gen_ground(const struct gen_kit *kit, const struct ruleset *rs,
    struct map *m, struct rng *r)
{
	const struct gen_patch *patches = kit->patches;
	int land[GEN_NPATCH], open = ruleset_land(rs, kit->open);
	int i, k, n, p, roll, cx, cy, rad, x, y, h;

	if (open < 0)
		return -1;
	for (i = 0; i < GEN_NPATCH; i++)
		if ((land[i] = ruleset_land(rs, patches[i].name)) < 0)
			return -1;
	for (i = 0; i < m->w * m->h; i++)
		m->cells[i].land = (uint8_t)open;

	/* About a third of the ground covered by patches. */
	n = m->w * m->h / 300;
	for (k = 0; k < n; k++) {
		roll = gen_range(r, 0, 99);
		for (p = 0; p < GEN_NPATCH - 1 && roll >= patches[p].share; p++)
			roll -= patches[p].share;
		rad = gen_range(r, 1, patches[p].rmax);
		cx = gen_range(r, 0, m->w - 1);
		cy = gen_range(r, 0, m->h - 1);
		for (y = cy - rad; y <= cy + rad; y++)
			for (x = cx - rad; x <= cx + rad; x++)
				if (map_inside(m, x, y) && (x - cx) * (x - cx) +
				    (y - cy) * (y - cy) <= rad * rad)
					map_cell(m, x, y)->land =
					    (uint8_t)land[p];
	}

	/* Hills: a contour every 6 cells out from a summit. */
	n = m->w * m->h / 20000 + 1;
	for (k = 0; k < n; k++) {
		cx = gen_range(r, 0, m->w - 1);
		cy = gen_range(r, 0, m->h - 1);
		rad = gen_range(r, 12, 40);
		for (y = cy - rad; y <= cy + rad; y++)
			for (x = cx - rad; x <= cx + rad; x++) {
				if (!map_inside(m, x, y))
					continue;
				h = (rad - abs(x - cx) - abs(y - cy)) / 6;
				if (h > 9)
					h = 9;
				if (h > map_cell(m, x, y)->height)
					map_cell(m, x, y)->height = (int8_t)h;
			}
	}
	return 0;
}

static void
gen_roads(struct map *m)
{
	int x, y;

	for (y = 50; y < m->h; y += 100)
		for (x = 0; x < m->w; x++)
			map_cell(m, x, y)->road = ROAD_BIG;
	for (x = 25; x < m->w; x += 100)
		for (y = 0; y < m->h; y++)
			if (map_cell(m, x, y)->road == ROAD_NONE)
				map_cell(m, x, y)->road = ROAD_SMALL;
}

static int
gen_obstacles(const struct gen_kit *kit, const struct ruleset *rs,
    struct map *m, struct rng *r)
{
	int hedge = ruleset_obst(rs, kit->common_obst);
	int wall = ruleset_obst(rs, kit->rare_obst);
	int k, n, x, y, x0, len, kind;

	if (hedge <= 0 || wall <= 0)
		return -1;
	n = m->w * m->h / 2000;
	for (k = 0; k < n; k++) {
		kind = gen_range(r, 0, 3) == 0 ? wall : hedge;
		len = gen_range(r, 4, 24);
		x0 = gen_range(r, 0, m->w - len - 1);
		y = gen_range(r, 1, m->h - 3);
		for (x = x0; x < x0 + len; x++) {
			if (map_cell(m, x, y)->road != ROAD_NONE ||
			    map_cell(m, x, y + 1)->road != ROAD_NONE)
				continue;
			map_edge_set(m, x, y, DIR_S, kind, PASS_NONE);
		}
	}
	return 0;
}

/* The landscapes of kit patches units are kept off, as a mask. */
static unsigned long
gen_keep_off(const struct gen_kit *kit, const struct ruleset *rs)
{
	unsigned long mask = 0;
	int i, l;

	for (i = 0; i < GEN_NPATCH; i++)
		if (kit->patches[i].keep_off &&
		    (l = ruleset_land(rs, kit->patches[i].name)) >= 0 &&
		    l < (int)(8 * sizeof mask))
			mask |= 1ul << l;
	return mask;
}

/* True if the unit's formation may stand on every cell at anchor/f, none
 * of them ground in keep_off. */
static int
gen_ground_ok(const struct game *g, int u, struct point at, enum dir f,
    unsigned long keep_off)
{
	struct point *c = game_cells_take(g);
	const struct unit *un = &g->units[u];
	int i, n;

	n = game_footprint_at(g, un, at, f, un->formation, c);
	for (i = 0; i < n; i++) {
		if (!map_inside(g->map, c[i].x, c[i].y))
			break;
		if (g->rs->land[map_cell(g->map, c[i].x, c[i].y)->land].forbid &
		    (1u << un->formation))
			break;
		if (keep_off & (1ul << map_cell(g->map, c[i].x, c[i].y)->land))
			break;
	}
	game_cells_give(g, c);
	if (i < n)
		return 0;
	return 1;
}

/* Arm, class and formation of a new unit. */
static int
gen_kind(const struct gen_kit *kit, const struct ruleset *rs,
    struct unit *un, struct rng *r)
{
	int roll = gen_range(r, 0, 99), n;
	const char *form, *klass;

	if (roll < 60) {
		un->arm = ARM_INFANTRY;
		form = kit->inf_forms[gen_range(r, 0,
		    gen_count(kit->inf_forms) - 1)];
		/* One class: no draw (the Napoleonic stream as before). */
		n = gen_count(kit->inf_classes);
		klass = kit->inf_classes[n > 1 ? gen_range(r, 0, n - 1) : 0];
	} else if (roll < 85) {
		un->arm = ARM_CAVALRY;
		form = kit->cav_forms[gen_range(r, 0,
		    gen_count(kit->cav_forms) - 1)];
		klass = kit->cav_classes[gen_range(r, 0,
		    gen_count(kit->cav_classes) - 1)];
	} else {
		un->arm = ARM_ARTILLERY;
		form = kit->art_form;
		klass = kit->art_classes[gen_range(r, 0,
		    gen_count(kit->art_classes) - 1)];
	}
	un->formation = ruleset_form(rs, form);
	un->klass = ruleset_class(rs, un->arm, klass);
	if (un->formation < 0 || un->klass < 0)
		return -1;
	/* Attributes a ruleset lacks are not set (unit_attr_set of -1). */
	ruleset_attr_defaults(rs, un);
	unit_attr_set(un, ruleset_attr(rs, "drill"), gen_range(r, 2, 6));
	unit_attr_set(un, ruleset_attr(rs, "musician"),
	    gen_range(r, 0, 2) != 0);
	un->strength = un->strength0 = un->arm == ARM_ARTILLERY ?
	    kit->gunners : gen_range(r, kit->men_lo, kit->men_hi);
	un->cond = COND_FORMED;
	return 0;
}

/* Place unit u of side s somewhere in its half; 0, or -1 if no room. */
static int
gen_place(struct game *g, int u, int side, unsigned long keep_off,
    struct rng *r)
{
	struct unit *un = &g->units[u];
	enum dir f = side == 0 ? DIR_N : DIR_S;
	struct point at;
	int tries, ylo, yhi, mid = g->map->h / 2;

	ylo = side == 0 ? mid + 8 : 16;
	yhi = side == 0 ? g->map->h - 16 : mid - 8;
	for (tries = 0; tries < 60; tries++) {
		at.x = gen_range(r, 8, g->map->w - 9);
		at.y = gen_range(r, ylo, yhi);
		if (game_fits(g, u, at, f, un->formation, -1, NULL) != 0 ||
		    !gen_ground_ok(g, u, at, f, keep_off))
			continue;
		un->pos = at;
		un->facing = f;
		game_occupy(g, u, true);
		return 0;
	}
	return -1;
}

/* A Move order 10 to 40 cells towards the enemy, drifting sideways. */
static void
gen_order(struct game *g, int u, struct rng *r)
{
	const struct unit *un = &g->units[u];
	struct order o;
	char *cause;
	int ahead = gen_range(r, 10, 40), side = gen_range(r, -10, 10);

	memset(&o, 0, sizeof o);
	o.kind = ORDER_MOVE;
	o.unit = u;
	o.general = -1;
	o.npts = 1;
	o.pts[0].x = un->pos.x + side;
	o.pts[0].y = un->pos.y + (un->side == 0 ? -ahead : ahead);
	if (o.pts[0].x < 0)
		o.pts[0].x = 0;
	if (o.pts[0].x >= g->map->w)
		o.pts[0].x = g->map->w - 1;
	if (o.pts[0].y < 0)
		o.pts[0].y = 0;
	if (o.pts[0].y >= g->map->h)
		o.pts[0].y = g->map->h - 1;
	if (game_order(g, &o, &cause) != 0)
		free(cause);
}

struct game *
bench_game_create(const struct ruleset *rs, int w, int h, int n,
    uint64_t seed)
{
	const struct gen_kit *kit = gen_kit(rs);
	struct map *m;
	struct game *g;
	struct rng r;
	char id[32];
	int i, u, side, gen[2];
	unsigned long keep_off;

	if (kit == NULL)
		return NULL;
	keep_off = gen_keep_off(kit, rs);
	m = map_create(w, h);
	rng_seed(&r, seed);
	if (gen_ground(kit, rs, m, &r) != 0) {
		map_free(m);
		return NULL;
	}
	gen_roads(m);
	if (gen_obstacles(kit, rs, m, &r) != 0) {
		map_free(m);
		return NULL;
	}
	g = game_create(rs, m);
	g->title = xstrdup("Generated battle");
	g->opt.courier_delay = false;
	game_add_side(g, "Blue");
	game_add_side(g, "Red");
	for (side = 0; side < 2; side++) {
		gen[side] = game_add_general(g, side == 0 ? "blue" : "red",
		    side == 0 ? "Blue commander" : "Red commander", side, -1);
		g->sides[side].rear.x = w / 2;
		g->sides[side].rear.y = side == 0 ? h - 1 : 0;
		g->generals[gen[side]].pos = g->sides[side].rear;
		g->generals[gen[side]].radius = 4 * (w + h);
	}
	for (i = 0; i < n; i++) {
		side = i % 2;
		snprintf(id, sizeof id, "u%d", i);
		if ((u = game_add_unit(g, id, id, side, gen[side])) < 0)
			break;
		if (gen_kind(kit, rs, &g->units[u], &r) != 0) {
			game_free(g);
			return NULL;
		}
		if (gen_place(g, u, side, keep_off, &r) != 0) {
			unit_clear(&g->units[u]);
			g->nunits--;
		}
	}
	for (u = 0; u < g->nunits; u++)
		gen_order(g, u, &r);
	game_seed(g, seed);
	return g;
}

static int
write_grid(const struct map *m, const char *key, int what, FILE *f)
{
	const struct cell *c;
	int x, y;
	char ch;

	fprintf(f, "  %s: |\n", key);
	for (y = 0; y < m->h; y++) {
		fputs("    ", f);
		for (x = 0; x < m->w; x++) {
			c = &m->cells[(size_t)y * (size_t)m->w + (size_t)x];
			if (what == 0)
				ch = (char)('0' + c->height);
			else
				ch = c->road == ROAD_BIG ? '=' :
				    c->road == ROAD_SMALL ? '-' : '.';
			putc(ch, f);
		}
		putc('\n', f);
	}
	return 0;
}

/* Runs of equal obstacles along south edges, as corner-point paths. */
static void
write_obstacles(const struct game *g, FILE *f)
{
	const struct map *m = g->map;
	int x, y, x0, k;

	fputs("  obstacles:\n", f);
	for (y = 0; y + 1 < m->h; y++)
		for (x = 0; x < m->w; x = x0) {
			k = map_cell(m, x, y)->edge[EDGE_SOUTH];
			for (x0 = x + 1; x0 < m->w &&
			    map_cell(m, x0, y)->edge[EDGE_SOUTH] == k; x0++)
				;
			if (k != 0)
				fprintf(f, "    - {type: %s, path: [[%d, %d], "
				    "[%d, %d]]}\n", g->rs->obst[k].name, x,
				    y + 1, x0, y + 1);
		}
}

int
bench_game_write(const struct game *g, const char *rsname, FILE *f)
{
	const struct map *m = g->map;
	const struct unit *un;
	const struct attr_def *a;
	int i, k, x, y, side;

	fprintf(f, "scenario: %s\nruleset: %s\nturns: 10\n", g->title,
	    rsname);
	fputs("options: {random_speed: false, courier_delay: false}\n", f);
	fprintf(f, "map:\n  map: Generated %d x %d\n  legend:\n", m->w, m->h);
	for (i = 0; i < g->rs->nland; i++)
		fprintf(f, "    \"%c\": %s\n", g->rs->land[i].glyph,
		    g->rs->land[i].name);
	fputs("  landscape: |\n", f);
	for (y = 0; y < m->h; y++) {
		fputs("    ", f);
		for (x = 0; x < m->w; x++)
			putc(g->rs->land[map_cell(m, x, y)->land].glyph, f);
		putc('\n', f);
	}
	write_grid(m, "heights", 0, f);
	write_grid(m, "roads", 1, f);
	write_obstacles(g, f);
	fputs("sides:\n", f);
	for (side = 0; side < g->nsides; side++) {
		fprintf(f, "  - oob:\n      oob: %s army\n      side: %s\n",
		    g->sides[side].name, g->sides[side].name);
		fprintf(f, "      general:\n        id: %s\n        name: %s\n"
		    "        units:\n", g->generals[side].id,
		    g->generals[side].name);
		for (i = 0; i < g->nunits; i++) {
			un = &g->units[i];
			if (un->side != side)
				continue;
			fprintf(f, "          - {id: %s, arm: %s, class: %s, ",
			    un->id, arm_name(un->arm),
			    g->rs->klass[un->klass].name);
			for (k = 0; k < g->rs->nattr; k++) {
				a = &g->rs->attr[k];
				if (a->state)
					continue;
				if (a->flag)
					fprintf(f, "%s: %s, ", a->name,
					    unit_attr(un, k) ? "true" : "false");
				else
					fprintf(f, "%s: %d, ", a->name,
					    unit_attr(un, k));
			}
			fprintf(f, "strength: %d}\n", un->strength);
		}
		fprintf(f, "    rear: [%d, %d]\n    deploy:\n",
		    g->sides[side].rear.x, g->sides[side].rear.y);
		for (i = 0; i < g->nunits; i++) {
			un = &g->units[i];
			if (un->side == side)
				fprintf(f, "      - {unit: %s, at: [%d, %d], "
				    "facing: %s, formation: %s}\n", un->id,
				    un->pos.x, un->pos.y, dir_name(un->facing),
				    g->rs->form[un->formation].name);
		}
		fputs("    orders:\n", f);
		for (i = 0; i < g->nunits; i++) {
			un = &g->units[i];
			if (un->side == side && un->order.kind == ORDER_MOVE)
				fprintf(f, "      - {unit: %s, move: [[%d, "
				    "%d]]}\n", un->id, un->order.pts[0].x,
				    un->order.pts[0].y);
		}
	}
	return ferror(f) ? -1 : 0;
}
