/*
 * move.c - horse-and-musket movement (H1-H12): the engine hooks that
 * price every step, turn and pass of a walk (core/move.h).
 *
 * A unit's allowance is its H1/H2 figure in ticks (4 to the inch).  A
 * step costs its distance divided by the share of speed the ground its
 * front rank enters leaves it (H3); an obstacle costs a share of the
 * unit's whole move in place of the step (H4); the first 45 degrees of
 * change are free, further ones are wheels on a 3-inch circle, and a
 * fresh unit that could not pay its wheels turns in place for its whole
 * move (H8, H9); passing a friend costs 3 or 6 inches (H12).  Every
 * price carries its clause and arithmetic in inches.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/map.h"
#include "core/move.h"
#include "core/path.h"
#include "rules/horse-and-musket/hm.h"
#include "rules/horse-and-musket/move.h"
#include "util/xalloc.h"

/* The movement table of a loaded ruleset. */
const struct hm_move *
hm_move(const struct ruleset *rs)
{
	return rs->priv;
}

static const char *const mover_label[HM_MOVER_COUNT] = {
	"close-order foot", "open-order foot", "mounted", "wheeled"
};

/* H3, H4, H10: the column a unit crosses ground by. */
enum hm_mover
hm_mover_of(const struct ruleset *rs, const struct unit *u)
{
	const struct hm_move *m = hm_move(rs);

	if (u->arm == ARM_ARTILLERY && u->cond == COND_ROUTED &&
	    !m->immobile_routed[u->klass] && m->mover[u->klass] == HM_WHEELED)
		return m->crew_mover;
	return m->mover[u->klass];
}

/* H1, H2: the maximum move, ticks. */
int
hm_max_move(const struct ruleset *rs, const struct unit *u, int form,
    enum cond cond)
{
	const struct hm_move *m = hm_move(rs);

	if (u->klass < 0 || u->klass >= HM_MAX_CLASS)
		return -1;
	if (cond == COND_ROUTED)
		return m->rout[u->klass];
	if (form < 0 || form >= rs->nform)
		return -1;
	return m->speed[u->klass][form];
}

/* H7: whether the unit holds the retire action, and no order given in a
 * later turn has replaced it (the retire is a Move order marked retire:
 * the next order stands in its place, unmarked).  A later order that has
 * been carried out (a march arrived, a charge closed onto its end) has
 * replaced it all the same: the old retire does not come back. */
bool
hm_retiring(const struct game *g, int u)
{
	const struct unit *un = &g->units[u];

	return un->act.kind == ORDER_ACTION &&
	    un->act.action == HM_ACTION_RETIRE && un->cond != COND_ROUTED &&
	    un->order.issued <= un->act.issued;
}

/* Ticks as inches: "4.5 in". */
static const char *
inch(const struct ruleset *rs, int ticks, char *buf, size_t len)
{
	ruleset_fmt(rs, ticks, buf, len);
	return buf;
}

/* A share appended to t: "2/3", "1". */
static void
text_share(struct move_text *t, struct hm_share s)
{
	move_text_i(t, s.num);
	if (s.den != 1) {
		move_text_s(t, "/");
		move_text_i(t, s.den);
	}
}

/* --- the allowance: H1, H2, H7, H11, H14 --------------------------------- */

/* H14: whether unit w->unit's block at p facing f keeps farther than the
 * road bonus's gap from every enemy; else *e gets the nearest. */
static bool
road_clear(const struct game *g, const struct move_walk *w, struct point p,
    enum dir f, int *e)
{
	const struct hm_move *m = hm_move(g->rs);
	const struct unit *u = &g->units[w->unit], *eu;
	struct point *a = game_cells_take(g), *b = game_cells_take(g);
	int na, nb, i;

	na = game_footprint_at(g, u, p, f, w->form, a);
	for (i = 0; i < g->nunits; i++) {
		eu = &g->units[i];
		if (eu->side == u->side || unit_gone(eu) ||
		    eu->cond == COND_AWAY)
			continue;
		nb = game_footprint(g, eu, b);
		if (move_gap(a, na, b, nb) <= m->road_clear) {
			*e = i;
			break;
		}
	}
	game_cells_give(g, b);
	game_cells_give(g, a);
	return i == g->nunits;
}

/*
 * H14: the road bonus, when the scenario turns it on: a unit in a road
 * formation whose whole move, bonus included, is along road steps (both
 * cells road) on the straight route of its order, never within the gap
 * of an enemy.  Returns the bonus or 0, explaining a refusal.
 */
static int
road_bonus(const struct game *g, struct move_walk *w, int a)
{
	const struct ruleset *rs = g->rs;
	const struct hm_move *m = hm_move(rs);
	const struct map *map = g->map;
	struct point p = w->pos, q, goal;
	enum dir f = w->facing, d;
	int need = a + m->road_bonus, sum = 0, wp = w->waypoint, e = -1;
	int on = ruleset_option(rs, "road_bonus");
	char x[32], y[32];

	if (on < 0 || !g->opt.module[on] || m->road_bonus <= 0 ||
	    !(m->road_forms & (1u << w->form)) || w->cond == COND_ROUTED ||
	    hm_retiring(g, w->unit) || w->order == NULL ||
	    w->order->kind != ORDER_MOVE || wp >= w->order->npts)
		return 0;
	goal = w->order->pts[wp];
	if (!road_clear(g, w, p, f, &e))
		goto near;
	while (sum < need) {
		if (p.x == goal.x && p.y == goal.y) {
			if (++wp >= w->order->npts)
				return 0;	/* it arrives: nothing to add */
			goal = w->order->pts[wp];
			continue;
		}
		q = path_next(p, f, goal);
		d = (enum dir)dir_between(p, q);
		if (!map_inside(map, q.x, q.y) ||
		    map_cell(map, p.x, p.y)->road == ROAD_NONE ||
		    map_cell(map, q.x, q.y)->road == ROAD_NONE) {
			move_note(w, EV_NOTE, "H14", "no road bonus: its move "
			    "leaves the road at [%d, %d]", q.x, q.y);
			move_note_own(w);	/* the way it is sent */
			return 0;
		}
		if (!road_clear(g, w, q, d, &e))
			goto near;
		sum += dir_step_cost(d);
		f = d;
		p = q;
	}
	move_note(w, EV_NOTE, "H14", "its whole move is along the road, "
	    "farther than %s from the enemy: +%s, %d + %d = %d ticks",
	    inch(rs, m->road_clear, x, sizeof x),
	    inch(rs, m->road_bonus, y, sizeof y), a, m->road_bonus,
	    a + m->road_bonus);
	return m->road_bonus;
near:
	move_note(w, EV_NOTE, "H14", "no road bonus: %s would come within %s "
	    "of %s", g->units[w->unit].name,
	    inch(rs, m->road_clear, x, sizeof x), g->units[e].name);
	return 0;
}

/* H1, H2, H7, H11, H14: the allowance of a walk. */
int
hm_move_begin(const struct game *g, struct move_walk *w)
{
	const struct ruleset *rs = g->rs;
	const struct hm_move *m = hm_move(rs);
	const struct unit *u = &g->units[w->unit];
	int a, r;
	char x[32], y[32], z[32];

	if (w->cond == COND_ROUTED && m->immobile_routed[u->klass]) {
		move_note(w, EV_NOTE, "H11", "%s is a routed %s: it stays "
		    "where it is for the rest of the battle", u->name,
		    rs->klass[u->klass].label);
		w->halt = HALT_BLOCKED;
		snprintf(w->halt_rule, sizeof w->halt_rule, "H11");
		return -1;
	}
	a = hm_max_move(rs, u, w->form, w->cond);
	if (a <= 0) {
		move_note(w, EV_NOTE, u->arm == ARM_ARTILLERY ? "H2" : "H1",
		    "%s has no move in %s", u->name, rs->form[w->form].label);
		w->halt = HALT_BLOCKED;
		return -1;
	}
	if (w->cond == COND_ROUTED)
		move_note(w, EV_NOTE, u->arm == ARM_ARTILLERY ? "H2" : "H1",
		    "%s flees at its Rout figure: %s (%d ticks)", u->name,
		    inch(rs, a, x, sizeof x), a);
	else if (w->explain) {
		/* "open-order foot in Line moves 6 in (12 ticks)": every
		 * marching unit's first note, built piece by piece. */
		struct move_text t;

		t.n = 0;
		t.b[0] = '\0';
		move_text_s(&t, u->arm == ARM_INFANTRY ?
		    mover_label[m->mover[u->klass]] :
		    rs->klass[u->klass].label);
		move_text_s(&t, u->arm == ARM_ARTILLERY ? " gun" :
		    u->arm == ARM_CAVALRY ? " cavalry" : "");
		move_text_s(&t, " in ");
		move_text_s(&t, rs->form[w->form].label);
		move_text_s(&t, " moves ");
		move_text_bd(&t, rs, a);
		move_text_s(&t, " (");
		move_text_i(&t, a);
		move_text_s(&t, " ticks)");
		move_note_text(w, EV_NOTE, u->arm == ARM_ARTILLERY ? "H2" :
		    "H1", &t);
	}
	if (hm_retiring(g, w->unit)) {
		r = m->retire[u->arm];
		if (r < 0)
			r = 0;
		if (a - r <= 0) {
			move_note(w, EV_NOTE, "H7", "retiring keeping its "
			    "facing costs %s of its %s: nothing is left, it "
			    "cannot retire", inch(rs, r, x, sizeof x),
			    inch(rs, a, y, sizeof y));
			w->halt = HALT_SPEED;
			snprintf(w->halt_rule, sizeof w->halt_rule, "H7");
			return -1;
		}
		move_note(w, EV_NOTE, "H7", "retires keeping its facing %s: "
		    "%s - %s = %s (%d ticks)", dir_name(w->facing),
		    inch(rs, a, x, sizeof x), inch(rs, r, y, sizeof y),
		    inch(rs, a - r, z, sizeof z), a - r);
		a -= r;
	}
	a += road_bonus(g, w, a);
	w->allowance = a;
	w->left = a;
	return 0;
}

/* --- H7: retiring keeps the facing --------------------------------------- */

/* H7: a retiring unit keeps its facing. */
enum dir
hm_move_face(const struct game *g, const struct move_walk *w, enum dir d)
{
	if (hm_retiring(g, w->unit))
		return w->facing;
	return d;
}

/* --- H8, H9: turning and wheeling ---------------------------------------- */

/* The cost of one 45-degree stage of a wheel (H9): the outer base's arc
 * on radius wheel_diameter / 2 + frontage, pi / 4 of it, rounded up to a
 * tick (355/113 for pi). */
static int
wheel_stage(const struct game *g, const struct unit *u, int form, int *rad)
{
	const struct hm_move *m = hm_move(g->rs);
	int r = m->wheel_diameter / 2 +
	    g->rs->form[form].frontage[u->arm] * STEP_ORTHO;

	*rad = r;
	return (355 * r + 4 * 113 - 1) / (4 * 113);
}

static struct point
pt_add(struct point p, int k, enum dir d)
{
	p.x += k * dir_dx[d];
	p.y += k * dir_dy[d];
	return p;
}

/* The anchor after rotating a block of arm (anchor a, facing f) about
 * its centre to facing t (H8, H13). */
static struct point
about_centre(const struct ruleset *rs, enum arm arm, int form,
    struct point a, enum dir f, enum dir t)
{
	int dep = rs->form[form].depth[arm];
	struct point c = pt_add(a, (geom_span(f, dep) - 1) / 2,
	    dir_turn(f, 4));

	return pt_add(c, -((geom_span(t, dep) - 1) / 2), dir_turn(t, 4));
}

/* Cells from the inner front corner to a wheel's centre: 1.5 inches. */
static int
pivot_cells(const struct hm_move *m, enum dir f)
{
	int half = m->wheel_diameter / 2;

	return (half + dir_step_cost(f) - 1) / dir_step_cost(f);
}

/* The anchor after one 45-degree stage of a wheel from facing f to t
 * (t = f turned one step), about a centre 1.5 inches beyond the inner
 * front corner on the line of the front (H9). */
static struct point
wheel_anchor(const struct ruleset *rs, const struct hm_move *m,
    enum arm arm, int form, struct point a, enum dir f, enum dir t)
{
	int fr = rs->form[form].frontage[arm];
	int w0 = geom_span(f, fr), w1 = geom_span(t, fr);
	int off0 = (w0 - 1) / 2, off1 = (w1 - 1) / 2;
	bool right = dir_turn(f, 1) == t;
	enum dir r0 = dir_turn(f, 2), r1 = dir_turn(t, 2);
	struct point inner, p;

	if (right) {
		inner = pt_add(a, w0 - 1 - off0, r0);
		p = pt_add(inner, pivot_cells(m, f), r0);
		inner = pt_add(p, -pivot_cells(m, t), r1);
		return pt_add(inner, -(w1 - 1 - off1), r1);
	}
	inner = pt_add(a, -off0, r0);
	p = pt_add(inner, -pivot_cells(m, f), r0);
	inner = pt_add(p, pivot_cells(m, t), r1);
	return pt_add(inner, off1, r1);
}

/* The free 45-degree steps of a turn of k steps: the unit's first
 * turn of the move (it still faces as it stood) has them (H8). */
static int
free_steps(const struct hm_move *m, int k, bool first)
{
	int free_k = first ? m->free_turn_steps : 0;

	return free_k > k ? k : free_k;
}

/* The anchor, from anchor a, after the free turn about the centre and
 * each wheel stage that follow (H8, H9) from facing f to d, k steps. */
static struct point
turn_anchor(const struct ruleset *rs, const struct hm_move *m, enum arm arm,
    int form, struct point a, enum dir f, enum dir d, int free_k)
{
	int k = dir_diff(f, d), cw, i;
	enum dir t;

	cw = (((int)d - (int)f) % 8 + 8) % 8 <= 4 ? 1 : -1;
	if (free_k > 0) {
		t = dir_turn(f, cw * free_k);
		a = about_centre(rs, arm, form, a, f, t);
		f = t;
	}
	for (i = free_k; i < k; i++) {
		t = dir_turn(f, cw);
		a = wheel_anchor(rs, m, arm, form, a, f, t);
		f = t;
	}
	return a;
}

/* m->wheel_to's slot for formation form, arm, facing f, new facing d
 * and the free turn or not. */
static size_t
wheel_slot(int form, enum arm arm, enum dir f, enum dir d, bool first)
{
	return ((((size_t)form * ARM_COUNT + (size_t)arm) * DIR_COUNT +
	    (size_t)f) * DIR_COUNT + (size_t)d) * 2 + (first ? 1 : 0);
}

void
hm_wheel_table(const struct ruleset *rs, struct hm_move *m)
{
	struct point o = { 0, 0 };
	int form, arm, f, d, first;

	free(m->wheel_to);
	m->wheel_to = NULL;	/* should the allocation fail in a load */
	m->wheel_to = xcalloc(wheel_slot(rs->nform, 0, 0, 0, false),
	    sizeof *m->wheel_to);
	for (form = 0; form < rs->nform; form++)
		for (arm = 0; arm < ARM_COUNT; arm++)
			for (f = 0; f < DIR_COUNT; f++)
				for (d = 0; d < DIR_COUNT; d++)
					for (first = 0; first < 2; first++)
						m->wheel_to[wheel_slot(form,
						    (enum arm)arm, (enum dir)f,
						    (enum dir)d, first)] =
						    turn_anchor(rs, m,
						    (enum arm)arm, form, o,
						    (enum dir)f, (enum dir)d,
						    free_steps(m, dir_diff(
						    (enum dir)f, (enum dir)d),
						    first));
}

/* hm_move_turn's explanation (apart: its buffers would weigh on every
 * turn priced, most of them silent, in a route search). */
static void __attribute__((noinline))
turn_notes(const struct game *g, const struct move_walk *w, enum dir d,
    struct move_price *p, int k, int cw, int free_k, int stage, int rad,
    int wheels, bool in_place)
{
	const struct ruleset *rs = g->rs;
	const struct hm_move *m = hm_move(rs);
	struct move_text t;
	char x[32];

	if (in_place && wheels <= w->left) {
		move_price_note(p, "H8", "turns from %s to %s about its "
		    "centre, the whole move: no wheels bring it onto its "
		    "point, wheeling on circles it (marshal's reading)",
		    dir_name(w->facing), dir_name(d));
		return;
	}
	if (in_place) {
		move_price_note(p, "H8", "turns from %s to %s about its "
		    "centre: wheeling would cost %d ticks (%s), more "
		    "than its %d: the whole move", dir_name(w->facing),
		    dir_name(d), wheels, inch(rs, wheels, x, sizeof x),
		    w->left);
		return;
	}
	/* By pieces, not move_price_note (a wheel's note is long and every
	 * turning unit writes one): the same text, cut the same. */
	if (free_k > 0) {
		t.n = 0;
		move_text_s(&t, "turns from ");
		move_text_s(&t, dir_name(w->facing));
		move_text_s(&t, " to ");
		move_text_s(&t, dir_name(dir_turn(w->facing, cw * free_k)));
		move_text_s(&t, " about its centre: the first 45 degrees of "
		    "its move are free");
		move_price_note_text(p, "H8", &t);
	}
	if (wheels > 0) {
		t.n = 0;
		move_text_s(&t, cw > 0 ? "wheels right " : "wheels left ");
		move_text_i(&t, 45 * (k - free_k));
		move_text_s(&t, " degrees to ");
		move_text_s(&t, dir_name(d));
		move_text_s(&t, " on a ");
		move_text_bd(&t, rs, m->wheel_diameter);
		move_text_s(&t, " circle: the outer base runs pi x ");
		move_text_bd(&t, rs, rad);
		move_text_s(&t, " / 4 = ");
		move_text_i(&t, stage);
		move_text_s(&t, " ticks (");
		move_text_bd(&t, rs, stage);
		move_text_s(&t, ") a stage, ");
		move_text_i(&t, wheels);
		move_text_s(&t, " ticks, ");
		if (w->left >= wheels)
			move_text_bd(&t, rs, w->left - wheels);
		else
			move_text_s(&t, "nothing");
		move_text_s(&t, " left");
		move_price_note_text(p, "H9", &t);
	}
}

/* H8, H9: the price of a change of facing. */
void
hm_move_turn(const struct game *g, const struct move_walk *w, enum dir d,
    struct move_price *p)
{
	const struct ruleset *rs = g->rs;
	const struct hm_move *m = hm_move(rs);
	const struct unit *u = &g->units[w->unit];
	int k = dir_diff(w->facing, d), cw, free_k, stage, rad, wheels;
	bool first = w->facing == u->facing;
	struct point a;

	move_price_init(p);
	if (k == 0)
		return;
	cw = (((int)d - (int)w->facing) % 8 + 8) % 8 <= 4 ? 1 : -1;
	/* H8: the first 45 degrees of the move are free; the walk keeps no
	 * count of its turns, so a unit still facing as it stood at the
	 * start of the turn has its free turn. */
	free_k = free_steps(m, k, first);
	stage = wheel_stage(g, u, w->form, &rad);
	wheels = (k - free_k) * stage;
	p->flags |= MPF_ANCHOR;
	if (wheels > 0 && k <= m->turn_max_steps && ((w->fresh &&
	    wheels > w->left) || (w->in_place && !w->planning &&
	    w->left == w->allowance))) {
		/* H8: it turns in place instead, for its whole move. */
		p->ticks = w->left;
		p->anchor = about_centre(rs, u->arm, w->form, w->pos,
		    w->facing, d);
		if (w->explain)
			turn_notes(g, w, d, p, k, cw, free_k, stage, rad,
			    wheels, true);
		return;
	}
	/* The free turn about the centre, then each wheel stage: where
	 * they leave the anchor is the table's (hm_wheel_table). */
	a = m->wheel_to[wheel_slot(w->form, u->arm, w->facing, d, first)];
	a.x += w->pos.x;
	a.y += w->pos.y;
	p->anchor = a;
	p->ticks = wheels;
	if (w->explain)
		turn_notes(g, w, d, p, k, cw, free_k, stage, rad, wheels,
		    false);
}

/* Append "T ticks (T in inches), L left" to t: the price of a step or a
 * pass of cost ticks to a walk with left ticks ("not enough" when it is
 * short). */
static void
text_ticks_left(struct move_text *t, const struct ruleset *rs, int cost,
    int left)
{
	move_text_i(t, cost);
	move_text_s(t, " ticks (");
	move_text_bd(t, rs, cost);
	move_text_s(t, "), ");
	if (left >= cost)
		move_text_bd(t, rs, left - cost);
	else
		move_text_s(t, "not enough");
	move_text_s(t, " left");
}

/* --- H3, H4, H10: ground and obstacles ----------------------------------- */

/* Whether the mover may enter ground land at all (H3, H10). */
static struct hm_share
ground_share(const struct game *g, const struct unit *u, enum hm_mover mv,
    int land)
{
	const struct hm_move *m = hm_move(g->rs);
	struct hm_share s = m->terrain[land][mv];

	if (land == m->buildings && u->arm == ARM_ARTILLERY &&
	    !m->guns_enter_buildings && u->cond != COND_ROUTED)
		s.den = 0;
	return s;
}

/* H3: the front steps onto ground land its mover may not enter. */
static void
step_refused(const struct game *g, const struct move_walk *w,
    enum hm_mover mv, int land, struct move_price *p)
{
	p->verdict = MOVE_IMPASSABLE;
	p->halt = HALT_TERRAIN;
	if (w->explain)
		move_price_note(p, "H3",
		    "%s may not enter %s: it stops at the edge",
		    mover_label[mv], g->rs->land[land].label);
}

/* H3, H10: the front meets ground land (not the land read just before):
 * its share of the speed is kept in *s and *wl when it is the least so
 * far; false, p refusing the step, when the mover may not enter it. */
static inline bool
front_ground(const struct game *g, const struct move_walk *w,
    enum hm_mover mv, int land, struct hm_share *s, int *wl,
    struct move_price *p)
{
	struct hm_share c = ground_share(g, &g->units[w->unit], mv, land);

	if (c.den == 0) {
		step_refused(g, w, mv, land, p);
		return false;
	}
	if (*wl < 0 || c.num * s->den < s->num * c.den) {
		*s = c;
		*wl = land;
	}
	return true;
}

/* H4: the front would cross an obstacle at a slant. */
static void
step_slant(const struct move_walk *w, struct move_price *p)
{
	p->verdict = MOVE_NEVER;
	p->halt = HALT_OBSTACLE;
	if (w->explain)
		move_price_note(p, "H4",
		    "an obstacle is crossed square on, never "
		    "at a slant");
}

/* Whether x, y and the cells about it are on the map, so that
 * map_diag_blocked reads the four edges about it straight. */
static inline bool
interior(const struct map *map, int x, int y)
{
	return x >= 1 && y >= 1 && x + 1 < map->w && y + 1 < map->h;
}

/* H4: the obstacle ob on an edge the front crosses, the dearest (or
 * one it may not cross) kept in *best and *obst. */
static inline void
step_obstacle(const struct hm_move *m, enum hm_mover mv, int ob,
    struct hm_share *best, int *obst)
{
	struct hm_share c = m->cross[ob][mv];

	if (*obst == 0 || c.den == 0 || (best->den != 0 &&
	    c.num * best->den > best->num * c.den)) {
		*best = c;
		*obst = ob;
	}
}

/* H3, H4, H10: the price of a step. */
void
hm_move_step(const struct game *g, const struct move_walk *w, enum dir d,
    struct move_price *p)
{
	const struct ruleset *rs = g->rs;
	const struct hm_move *m = hm_move(rs);
	const struct unit *u = &g->units[w->unit];
	const struct map *map = g->map;
	struct point to = { w->pos.x + dir_dx[d], w->pos.y + dir_dy[d] };
	struct point rank0, rstep, at, end;
	enum hm_mover mv = hm_mover_of(rs, u);
	struct hm_share s = { 1, 1 }, best = { 0, 1 };
	int fr = rs->form[w->form].frontage[u->arm], nn, i, land, wl = -1;
	int base = dir_step_cost(d), cost, max, ob, obst = 0, odd, last = -1;
	int side;
	bool from_b, to_b, inside, back_in, diag = dir_diagonal(d);

	move_price_init(p);
	if (!map_inside(map, to.x, to.y)) {
		p->verdict = MOVE_NEVER;
		p->halt = HALT_BLOCKED;
		if (w->explain)
			move_price_note(p, "H1", "the edge of the map");
		return;
	}
	if (diag && map_diag_blocked(map, w->pos.x, w->pos.y, d)) {
		step_slant(w, p);
		return;
	}
	if (fr > g->cells_max)
		fr = g->cells_max;
	nn = geom_rank(to, w->facing, fr, &rank0, &rstep);
	end.x = rank0.x + (nn - 1) * rstep.x;
	end.y = rank0.y + (nn - 1) * rstep.y;
	/* H3: the front rank's new ground, the poorest share of it.  The
	 * rank is a straight line: with its two ends on the map, so is all
	 * of it (inside), and with the cells behind its ends too, every
	 * edge it crosses is stored on the map, in the cell on its west or
	 * north side (see map_edge): read straight (back_in).  A cell of
	 * the same ground as the one before it gives the same share: not
	 * asked again (last). */
	inside = nn > 0 && map_inside(map, rank0.x, rank0.y) &&
	    map_inside(map, end.x, end.y);
	back_in = inside && !diag && map_inside(map, rank0.x - dir_dx[d],
	    rank0.y - dir_dy[d]) && map_inside(map, end.x - dir_dx[d],
	    end.y - dir_dy[d]);
	side = d == DIR_E || d == DIR_W ? EDGE_EAST : EDGE_SOUTH;
	if (back_in) {
		/* The common case, the same answer read faster: square on
		 * with the rank and the cells behind it on the map, each
		 * cell and the one keeping its edge (behind it stepping east
		 * or south) by their place in the map's array. */
		long k = (long)rank0.y * map->w + rank0.x;
		long dk = (long)rstep.y * map->w + rstep.x;
		long ke = d == DIR_E || d == DIR_S ?
		    -((long)dir_dy[d] * map->w + dir_dx[d]) : 0;

		for (i = 0; i < nn; i++, k += dk) {
			land = map->cells[k].land;
			if (land != last) {
				last = land;
				if (!front_ground(g, w, mv, land, &s, &wl, p))
					return;
			}
			ob = map->cells[k + ke].edge[side];
			if (ob > 0 && ob < rs->nobst)
				step_obstacle(m, mv, ob, &best, &obst);
		}
		nn = 0;		/* all read: none left for the loop below */
	} else if (inside && diag && interior(map, rank0.x - dir_dx[d],
	    rank0.y - dir_dy[d]) && interior(map, end.x - dir_dx[d],
	    end.y - dir_dy[d])) {
		/* At a slant, the same answer read faster: each cell, and
		 * the four edges about the cell it comes from (as
		 * map_diag_blocked reads them away from the map's sides), by
		 * their place in the map's array. */
		long mw = map->w, k = (long)rank0.y * mw + rank0.x;
		long dk = (long)rstep.y * mw + rstep.x;
		long from = -((long)dir_dy[d] * mw + dir_dx[d]);
		long e1 = from + (dir_dx[d] > 0 ? 0 : -1), e2 = e1 +
		    dir_dy[d] * mw;
		long s1 = from + (dir_dy[d] > 0 ? 0 : -mw), s2 = s1 +
		    dir_dx[d];

		for (i = 0; i < nn; i++, k += dk) {
			if (map->cells[k + e1].edge[EDGE_EAST] != 0 ||
			    map->cells[k + e2].edge[EDGE_EAST] != 0 ||
			    map->cells[k + s1].edge[EDGE_SOUTH] != 0 ||
			    map->cells[k + s2].edge[EDGE_SOUTH] != 0) {
				step_slant(w, p);
				return;
			}
			land = map->cells[k].land;
			if (land != last) {
				last = land;
				if (!front_ground(g, w, mv, land, &s, &wl, p))
					return;
			}
		}
		nn = 0;		/* all read: none left for the loop below */
	}
	at = rank0;
	for (i = 0; i < nn; i++, at.x += rstep.x, at.y += rstep.y) {
		if (!inside && !map_inside(map, at.x, at.y)) {
			p->verdict = MOVE_NEVER;
			p->halt = HALT_BLOCKED;
			if (w->explain)
				move_price_note(p, "H1",
				    "its front would leave "
				    "the map");
			return;
		}
		if (diag && map_diag_blocked(map,
		    at.x - dir_dx[d], at.y - dir_dy[d], d)) {
			step_slant(w, p);
			return;
		}
		land = map_cell(map, at.x, at.y)->land;
		if (land != last) {
			last = land;
			if (!front_ground(g, w, mv, land, &s, &wl, p))
				return;
		}
		if (!diag) {
			/* Not back_in: a rank with the cells behind it on
			 * the map was read by the first fast loop. */
			ob = map_edge(map, at.x - dir_dx[d],
			    at.y - dir_dy[d], d, NULL);
			if (ob > 0 && ob < rs->nobst)
				step_obstacle(m, mv, ob, &best, &obst);
		}
	}
	/* H4: buildings entered or left count as obstacles. */
	from_b = m->buildings >= 0 &&
	    map_cell(map, w->pos.x, w->pos.y)->land == m->buildings;
	to_b = m->buildings >= 0 && map_cell(map, to.x, to.y)->land ==
	    m->buildings;
	if (obst > 0 || from_b != to_b) {
		const char *what = obst > 0 ? rs->obst[obst].label :
		    to_b ? "entering buildings" : "leaving buildings";

		max = hm_max_move(rs, u, w->form, w->cond);
		if (obst == 0)
			best = to_b ? m->enter_b[mv] : m->leave_b[mv];
		p->halt = HALT_OBSTACLE;
		if (best.den == 0) {
			p->verdict = MOVE_NEVER;
			if (w->explain)
				move_price_note(p, "H4", "%s may not cross: %s",
				    mover_label[mv], what);
			return;
		}
		cost = max * best.num / best.den;
		p->ticks = cost;
		if (best.num > best.den && w->fresh) {
			/* Two whole moves: the second is owed. */
			p->flags |= MPF_MAY_END_ON;
		}
		if (w->explain) {
			/* By pieces, as turn_notes. */
			struct move_text t;

			t.n = 0;
			move_text_s(&t, what);
			move_text_s(&t, ": ");
			move_text_s(&t, mover_label[mv]);
			move_text_s(&t, " crosses for ");
			text_share(&t, best);
			move_text_s(&t, " of its move, ");
			move_text_bd(&t, rs, max);
			move_text_s(&t, " x ");
			text_share(&t, best);
			move_text_s(&t, " = ");
			move_text_i(&t, cost);
			move_text_s(&t, " ticks (");
			move_text_bd(&t, rs, cost);
			move_text_s(&t, ")");
			if (best.num >= best.den)
				move_text_s(&t, ": only a unit that has not "
				    "moved this turn crosses, and stops");
			move_price_note_text(p, "H4", &t);
		}
		if (best.num >= best.den && !w->fresh)
			p->ticks = cost > w->left ? cost : w->left + 1;
		return;
	}
	/* H3: along a road (both cells road) the share is 1. */
	if (map_cell(map, w->pos.x, w->pos.y)->road != ROAD_NONE &&
	    map_cell(map, to.x, to.y)->road != ROAD_NONE) {
		p->flags |= MPF_ROAD;
		p->ticks = base;
		return;
	}
	/* H3: the step's distance over the share, rounded by rule 1: the
	 * half tick of a diagonal step on 2/3 ground is carried over the
	 * walk's diagonal steps (read from w->walked, whose parity is that
	 * of the diagonal steps made), 5, 4, 5, 4... */
	if (s.num == s.den) {
		p->ticks = base;
		return;
	}
	cost = base * s.den / s.num;
	if ((base * s.den) % s.num != 0) {
		odd = (w->walked % 2) != 0;
		cost += odd ? 0 : 1;
	}
	p->ticks = cost;
	p->halt = HALT_TERRAIN;
	if (w->explain) {
		/* "wood: close-order foot at 2/3 speed, the step costs 2 x
		 * 3/2 = 3 ticks (1.5 in), 4.5 in left": the note of nearly
		 * every step on rough ground, built piece by piece. */
		struct move_text t;

		t.n = 0;
		t.b[0] = '\0';
		move_text_s(&t, rs->land[wl].label);
		move_text_s(&t, ": ");
		move_text_s(&t, mover_label[mv]);
		move_text_s(&t, " at ");
		move_text_i(&t, s.num);
		if (s.den != 1) {
			move_text_s(&t, "/");
			move_text_i(&t, s.den);
		}
		move_text_s(&t, " speed, the step costs ");
		move_text_i(&t, base);
		move_text_s(&t, " x ");
		move_text_i(&t, s.den);
		move_text_s(&t, "/");
		move_text_i(&t, s.num);
		move_text_s(&t, " = ");
		text_ticks_left(&t, rs, cost, w->left);
		move_price_note_text(p, "H3", &t);
	}
}


/* --- HO.4, H12: the enemy and friends ------------------------------------ */

/* HO.4: the gap a marching unit keeps from an enemy. */
int
hm_move_contact(const struct game *g, const struct move_walk *w, int e,
    struct move_price *p)
{
	const struct ruleset *rs = g->rs;
	const struct hm_move *m = hm_move(rs);
	const struct unit *eu = &g->units[e];
	struct move_text t;

	(void)w;
	move_price_init(p);
	p->halt = HALT_CONTACT;
	if (unit_gone(eu) || eu->cond == COND_ROUTED)
		return -1;
	/* By pieces, as turn_notes: every unit that meets an enemy. */
	t.n = 0;
	move_text_s(&t, "stops short of ");
	move_text_s(&t, eu->name);
	move_text_s(&t, ": a marching unit keeps ");
	move_text_bd(&t, rs, m->enemy_gap);
	move_text_s(&t, " from the enemy");
	move_price_note_text(p, "HO.4", &t);
	/* Short of him is not in contact: neither is held in melee (HO.7),
	 * and either may charge the other next turn (HO.3.1). */
	p->flags |= MPF_APART;
	return m->enemy_gap - 1;
}

/* H12: the price of passing through a friend. */
void
hm_move_pass(const struct game *g, const struct move_walk *w, int f,
    enum dir d, bool moving, struct move_price *p)
{
	const struct ruleset *rs = g->rs;
	const struct hm_move *m = hm_move(rs);
	const struct unit *u = &g->units[w->unit], *fu = &g->units[f];
	int t = m->pass[u->arm];

	(void)d;
	(void)moving;
	move_price_init(p);
	if (w->cond == COND_ROUTED) {
		if (w->explain)
			move_price_note(p, "H12",
			    "%s flees through %s for nothing",
			    u->name, fu->name);
		return;
	}
	if (t < 0) {
		p->verdict = MOVE_NEVER;
		p->halt = HALT_BLOCKED;
		if (w->explain)
			move_price_note(p, "H12",
			    "%s may not pass through other "
			    "units: it stops behind %s", u->name, fu->name);
		return;
	}
	p->ticks = t;
	if (w->explain) {
		/* "passes through 2nd Maryland: foot, -2 ticks (1 in), 5 in
		 * left", built piece by piece. */
		struct move_text l;

		l.n = 0;
		l.b[0] = '\0';
		move_text_s(&l, "passes through ");
		move_text_s(&l, fu->name);
		move_text_s(&l, ": ");
		move_text_s(&l, u->arm == ARM_CAVALRY ? "mounted" : "foot");
		move_text_s(&l, ", -");
		text_ticks_left(&l, rs, t, w->left);
		move_price_note_text(p, "H12", &l);
	}
}

/* The clause each kind of halt comes under. */
const char *
hm_move_rule(enum halt h)
{
	switch (h) {
	case HALT_SPEED:
		return "H1";
	case HALT_TERRAIN:
		return "H3";
	case HALT_OBSTACLE:
		return "H4";
	case HALT_CONTACT:
	case HALT_BLOCKED:	/* the map's edge, no way on; a friend that
				   may not be passed gives H12 itself */
	default:
		return "HO.4";
	}
}
