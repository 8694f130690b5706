/*
 * horse-and-musket/doctrine.c - the horse-and-musket ruleset's doctrine
 * for the computer commander (ai/doctrine.h): which of its formations
 * plays each part in the commander's plans, how far muskets, guns and
 * charges reach (HO.3.1, HO.6.2, HO.10), what a unit's quality is (its
 * Drill), how a melee would be likely to go (HO.7), when a march is
 * better made retiring, keeping the facing (H7), and to which point
 * (behind the unit, on the map), what march to make of a
 * charge that would falter on a friend in the way (HO.3.2, normal and
 * hard), which foot falls back from a melee it would lose at normal (HO.7) or
 * once worn (HO.10: a routed unit's men count to the break), which foot
 * is raw and holds rather than charge into fire (HO.6.4), how
 * near an enemy stops a Disordered unit re-forming (HO.9.3), and what to
 * answer when the rules ask within a turn (H15).  Hard sends no second
 * battalion behind the places it holds (no_supports): the Cowpens' few
 * battalions are all wanted in the line.  Hard attacking presses
 * (press): it falls back and charges as normal does, for the British
 * at the Cowpens must close with the Americans before the turns run out
 * (doc/horse-and-musket.md 5.3).
 *
 * It holds no rule figures of its own: every figure of the rules is the
 * module's, read from data/rulesets/horse-and-musket.yaml into its turn
 * tables (turn.h).  Its own constants (FALTER_RING, FALTER_HOP,
 * RETIRE_TURNS, RAW_PASS and RAW_OF) are the commander's judgement, not
 * rules: how far it looks for a march short of a faltering charge, how
 * far it retires, and how likely a test to pass is too unlikely.
 * It is only ever given that ruleset, loaded, so its tables are always
 * there.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "ai/doctrine.h"
#include "core/geom.h"
#include "core/game.h"
#include "core/map.h"
#include "rules/horse-and-musket/hm.h"
#include "rules/horse-and-musket/move.h"
#include "rules/horse-and-musket/turn.h"

/* The data file's names for the formations, by role: Line and Column
 * serve foot and horse alike, the march and the road included; there is
 * no Square and no Skirmish order (section 3 of the document). */
static const char *const role_form[AI_ROLE_COUNT] = {
	[AI_ROLE_LINE] = "line",
	[AI_ROLE_COLUMN] = "column",
	[AI_ROLE_MARCH] = "column",
	[AI_ROLE_ROAD] = "column",
	[AI_ROLE_LIMBERED] = "limbered",
	[AI_ROLE_UNLIMBERED] = "deployed"
};

static int
doctrine_form(const struct ruleset *rs, enum ai_role r)
{
	if ((unsigned)r >= AI_ROLE_COUNT || role_form[r] == NULL)
		return -1;
	return ruleset_form(rs, role_form[r]);
}

/* The weapon class k fires (fire: weapon), or NULL. */
static const struct hm_weapon *
weapon_of(const struct hm_turn *t, int k)
{
	if (k < 0 || k >= HM_MAX_CLASS || t->weapon[k] < 0 ||
	    t->weapon[k] >= t->nweapons)
		return NULL;
	return &t->weapons[t->weapon[k]];
}

static void
doctrine_reach(const struct ruleset *rs, struct ai_reach *r)
{
	const struct hm_turn *t = hm_turn(rs);
	const struct hm_weapon *w;
	int k, f, line = ruleset_form(rs, "line");
	enum arm a;

	/* HO.6.2: close-order foot's musket reaches to its long range (the
	 * arm's first class). */
	for (k = 0; k < rs->nklass; k++)
		if (rs->klass[k].arm == ARM_INFANTRY) {
			if ((w = weapon_of(t, k)) != NULL && w->long_range > 0)
				r->musket = w->long_range;
			break;
		}
	/* Guns: short (canister) and long range by class. */
	for (k = 0; k < rs->nklass && k < RULES_MAX_FORM; k++) {
		if (rs->klass[k].arm != ARM_ARTILLERY ||
		    (w = weapon_of(t, k)) == NULL)
			continue;
		if (w->long_range > 0)
			r->art_range[k] = w->long_range;
		if (w->short_range > 0)
			r->canister = w->short_range;
	}
	/* HO.10: a formed unit this near holds an objective. */
	if (t->hold > 0)
		r->hold = t->hold;
	/* HO.3.1: the reach is the H1 Line move of the arm's first class;
	 * formed foot and horse charge in any formation of theirs. */
	for (a = 0; a < ARM_COUNT; a++) {
		r->charge[a] = 0;
		r->charge_forms[a] = 0;
		if (!t->charge_arm[a] || line < 0)
			continue;
		for (k = 0; k < rs->nklass && k < HM_MAX_CLASS; k++)
			if (rs->klass[k].arm == a) {
				r->charge[a] = t->speed[k][line];
				break;
			}
		for (f = 0; f < rs->nform && f < RULES_MAX_FORM; f++)
			if (rs->form[f].arms & (1u << a))
				r->charge_forms[a] |= 1u << f;
	}
	/* HO.7: blocks fight in contact. */
	r->melee = 0;
	/* HO.9.3: a Disordered unit re-forms only with no enemy this near. */
	r->restore = t->restore_gap;
}

/* A unit's quality, to the commander, is its Drill. */
static int
doctrine_quality(const struct ruleset *rs, const struct unit *u)
{
	(void)rs;
	return unit_attr(u, HM_ATTR_DRILL);
}

/* HO.7's penalty for the weak in melee: by class, else by arm. */
static int
weak(const struct hm_turn *t, enum arm arm, int k)
{
	if (k >= 0 && k < HM_MAX_CLASS && t->weak_class[k])
		return t->weak;
	return t->weak_arm[arm] ? t->weak : 0;
}

/*
 * HO.7 with the dice left out, own unit u charging enemy e: the charge;
 * horse against foot or guns, more from a flank; a flank; Disordered;
 * open order; the weak (rifles, guns), his by his class, which can be
 * seen.  The defender's ground (buildings, woods, an obstacle) is not
 * seen here.
 */
static int
doctrine_melee_edge(const struct ruleset *rs, const struct ai_own *u,
    const struct ai_enemy *e, int enemy_quality)
{
	const struct hm_turn *t = hm_turn(rs);
	bool flank;
	int a, b;

	a = u->quality + t->m_charged;
	b = enemy_quality;
	/* Off his front: he turned his flank to us. */
	flank = (u->pos.x != e->pos.x || u->pos.y != e->pos.y) &&
	    dir_diff(e->facing, geom_heading(e->pos, u->pos)) >= 2;
	if (u->arm == ARM_CAVALRY && e->arm != ARM_CAVALRY)
		a += flank || (e->arm == ARM_INFANTRY && e->cond == COND_MOB) ?
		    t->horse_flank : t->horse_front;
	if (flank)
		a += t->flank;
	if (u->cond == COND_MOB)
		a += t->m_disordered;
	if (e->cond == COND_MOB)
		b += t->m_disordered;
	if (u->klass >= 0 && u->klass < HM_MAX_CLASS &&
	    t->open_order[u->klass])
		a += t->m_open_order;
	if (e->klass >= 0 && e->klass < HM_MAX_CLASS &&
	    t->open_order[e->klass])
		b += t->m_open_order;
	a += weak(t, u->arm, u->klass);
	b += weak(t, e->arm, e->klass);
	return a - b;
}

/*
 * Normal: which foot falls back out of the reach of an enemy who would
 * beat it in melee, as hard's does (ai/doctrine.h, evade): close-order
 * foot, the battalions of the line, which a charge from the front or
 * horse on the flank would run down (HO.7) - the Legion infantry and the
 * 7th at the Cowpens before Washington's dragoons.  Open-order foot
 * (riflemen, militia, light companies) stands at normal: its long-range
 * fire is its part, and the Americans' militia falling back from every
 * horse is what the British cannot beat (doc/horse-and-musket.md 5.3).
 */
static bool
doctrine_evade_normal(const struct ruleset *rs, const struct ai_own *u)
{
	const struct hm_turn *t = hm_turn(rs);

	return u->arm == ARM_INFANTRY && u->klass >= 0 &&
	    u->klass < HM_MAX_CLASS && u->klass < rs->nklass &&
	    !t->open_order[u->klass];
}

/*
 * Normal: the foot that falls back from horse alone, and only from horse
 * that could charge it next turn (ai/doctrine.h, evade_horse_normal):
 * open-order foot, the riflemen and militia, which horse from the front
 * rides down (HO.7: -7 against horse from the front).  Since a charged
 * unit no longer marches out of the contact (HO.3.2), a company left
 * standing within the horse's reach was caught where it stood; kept out
 * of it, it fires and falls back as Morgan's militia did
 * (doc/horse-and-musket.md 5.3).
 */
static bool
doctrine_evade_horse_normal(const struct ruleset *rs, const struct ai_own *u)
{
	const struct hm_turn *t = hm_turn(rs);

	return u->arm == ARM_INFANTRY && u->klass >= 0 &&
	    u->klass < HM_MAX_CLASS && u->klass < rs->nklass &&
	    t->open_order[u->klass];
}

/*
 * Raw foot (ai/doctrine.h, raw): close-order foot that would pass the
 * test a charger takes once shot (HO.6.4: the HO.9.1 test at the
 * shaken figure's hits, its -1 per per_hits hits counted; no general
 * near) on fewer than RAW_PASS rolls in RAW_OF.  By the rules' figures
 * a Drill 2 battalion passes on 5 or less, 10 rolls of 36, and Drill 3
 * on 6 or less, 15 of 36: at the Cowpens the 7th Foot is raw, the
 * Legion infantry is not.  Open-order foot is left out: its part is to
 * fire and fall back (evade_horse_normal).
 */
#define RAW_PASS	1
#define RAW_OF		3

static bool
doctrine_raw(const struct ruleset *rs, const struct ai_own *u)
{
	const struct hm_turn *t = hm_turn(rs);
	int ways[64] = { 1 }, next[64], n, i, k, f, need, pass = 0, all = 0;

	if (!doctrine_evade_normal(rs, u) || t->dice < 1 || t->mo_die < 1 ||
	    t->dice * t->mo_die >= (int)(sizeof ways / sizeof ways[0]))
		return false;
	/* ways[s]: the rolls of the dice thrown so far that sum to s. */
	for (n = 0; n < t->dice; n++) {
		memset(next, 0, sizeof next);
		for (i = 0; i <= n * t->mo_die; i++)
			for (f = 1; f <= t->mo_die; f++)
				next[i + f] += ways[i];
		memcpy(ways, next, sizeof ways);
	}
	need = u->quality + t->base -
	    (t->per_hits > 0 ? t->shaken / t->per_hits : 0);
	for (k = 0; k <= t->dice * t->mo_die; k++) {
		all += ways[k];
		if (k <= need)
			pass += ways[k];
	}
	return (long)pass * RAW_OF < (long)all * RAW_PASS;
}

/*
 * H15: the second charge asked of horse that broke through.  The
 * commander answers as the unit's standing order would: under a Stop
 * order it reins in; otherwise it charges again at the nearest enemy in
 * reach (the first of hm_second_targets), which it can see, being in
 * reach.  Anything else asked within the turn it lets pass.
 */
static int
doctrine_answer(struct game *g, const struct decision *d, enum ai_level lvl)
{
	struct order o;
	char *cause = NULL;
	int tg;

	(void)lvl;
	if (d->kind != DECIDE_REACT || strcmp(d->rule, "H15") != 0 ||
	    d->unit < 0 || d->unit >= g->nunits)
		return 0;
	memset(&o, 0, sizeof o);
	o.kind = ORDER_ACTION;
	o.unit = d->unit;
	o.general = g->units[d->unit].general;
	o.facing = -1;
	o.formation = -1;
	if (g->units[d->unit].order.kind == ORDER_STOP ||
	    hm_second_targets(g, d->unit, &tg, 1) == 0)
		o.action = HM_ACTION_REIN;
	else {
		o.action = HM_ACTION_CHARGE;
		o.npts = 1;
		o.pts[0] = g->units[tg].pos;
	}
	if (game_order(g, &o, &cause) != 0) {
		free(cause);
		return 1;
	}
	return 0;
}

/* H9: one 45-degree stage of a wheel for a unit of arm a in formation
 * form, as the movement rules price it (pi x radius / 4, rounded up). */
static int
wheel_stage(const struct ruleset *rs, enum arm a, int form)
{
	const struct hm_move *m = hm_move(rs);
	int r = m->wheel_diameter / 2 + rs->form[form].frontage[a] * STEP_ORTHO;

	return (355 * r + 4 * 113 - 1) / (4 * 113);
}

/* An enemy within reach of u's fire once it has marched `a' more: H13
 * would turn u back to him after the march. */
static bool
enemy_near(const struct ai_view *v, const struct ai_own *u, int a)
{
	const struct hm_turn *t = hm_turn(v->rs);
	const struct hm_weapon *w = weapon_of(t, u->klass);
	int j, range = w != NULL && w->long_range > 0 ? w->long_range :
	    6 * v->rs->ticks;

	for (j = 0; j < v->nenemy; j++)
		if (!cond_gone(v->enemy[j].cond) &&
		    v->enemy[j].cond != COND_ROUTED &&
		    geom_dist(u->pos, v->enemy[j].pos) <= range + a +
		    4 * v->rs->ticks)
			return true;
	return false;
}

/*
 * The point of Move order o that unit u heads for: the first, but where
 * o is the march u holds, given again, the one it marches to now (a
 * retire to the first would take it back to a point it has passed); -1
 * where it has arrived.
 */
static int
next_point(const struct game *g, const struct ai_own *u,
    const struct order *o)
{
	const struct unit *un;

	if (u->unit < 0 || u->unit >= g->nunits)
		return 0;
	un = &g->units[u->unit];
	if (un->order.kind != ORDER_MOVE || un->waypoint <= 0 ||
	    un->order.npts != o->npts ||
	    memcmp(un->order.pts, o->pts, (size_t)o->npts * sizeof *o->pts))
		return 0;
	return un->waypoint < o->npts ? un->waypoint : -1;
}

/*
 * HO.3.1, HO.3.2: a Move order whose last point lies on an enemy in
 * reach is a charge, made straight at him; where a friend in the way (or
 * the ground) would stop it short, it falters and the unit loses its
 * move where it stands - a reserve behind its own foot would falter so
 * every turn.  Such an order is made a march short of the enemy instead
 * (H12 lets it pass through the friend): to the route's last waypoint
 * that is no such charge (of those the unit has still to reach: a march
 * it holds, given again, may have passed the first), else to the point
 * near him, on our side of him and nearer him than the unit stands, that
 * is no charge and where the unit has room to stand, the nearest him
 * beyond the reach of his fire (HO.6.2: the charger would stand there to
 * be shot at, and test), else the nearest him (then the nearest the
 * unit).  A point no nearer him is no march short of him but one away
 * from the fight: at the Cowpens the 71st, within the riflemen's fire as
 * it stood, was sent out of it to the rear, off the map's south edge, on
 * turn 1.  With none, or with that point nearer the unit than FALTER_HOP
 * and within his fire, it is left as it is.  Whether the friend in the
 * way has marched on by then the movement phase decides (it marches in
 * the order of battle).  The march stops short of him (HO.4),
 * and the next turn's charge is made from there.  Normal and hard (at
 * the Cowpens a faltering charge was a turn lost for normal's reserve
 * horse, the 71st and the Legion infantry on turn 1 in every game:
 * doc/horse-and-musket.md 5.3).
 */
/* How far about the enemy, in cells, beyond his fire's reach, a march
 * short of him may end. */
#define FALTER_RING	6
/* The shortest such march, in cells, unless it takes the unit out of
 * his fire: a hop of a few cells that leaves it under fire is mostly the
 * turn to make it (H8, H9), and a Line of horse sent so spent its move
 * wheeling away and back (H13) - at the Cowpens Nettles's troop, 3 cells
 * from the point, wheeled 135 degrees and was turned back to the enemy,
 * turn 2 of every game it was given so.  Shorter, the order is left as
 * it was given. */
#define FALTER_HOP	4

static void
march_not_falter(struct game *g, const struct ai_own *u, struct order *o)
{
	struct order w = *o;
	struct point p, e, best = u->pos;
	int bd = -1, d, far, tg, range, ring, first;

	if (u->unit < 0 || u->unit >= g->nunits ||
	    !hm_charge_falters(g, u->unit, o) ||
	    (first = next_point(g, u, o)) < 0)
		return;
	/* The points the unit has passed are no march short of him. */
	memmove(w.pts, w.pts + first, (size_t)(w.npts - first) *
	    sizeof *w.pts);
	w.npts -= first;
	while (w.npts > 1) {
		w.npts--;
		if (!hm_charge_falters(g, u->unit, &w)) {
			*o = w;
			return;
		}
	}
	e = w.pts[0];
	far = geom_dist(u->pos, e);
	tg = hm_order_charges(g, u->unit, &w);
	range = tg >= 0 ? hm_fire_range(g, tg) : 0;
	ring = FALTER_RING + range / STEP_ORTHO;
	for (p.y = e.y - ring; p.y <= e.y + ring; p.y++)
		for (p.x = e.x - ring; p.x <= e.x + ring; p.x++) {
			/* Short of him: never a point behind the unit. */
			if (!map_inside(g->map, p.x, p.y) ||
			    geom_dist(u->pos, p) > far ||
			    geom_dist(p, e) >= far ||
			    (p.x == u->pos.x && p.y == u->pos.y))
				continue;
			d = geom_dist(p, e) * 4 + geom_dist(p, u->pos);
			if (geom_dist(p, e) <= range)
				d += 1000000;
			if (bd >= 0 && d >= bd)
				continue;
			w.pts[0] = p;
			if (hm_order_charges(g, u->unit, &w) >= 0 ||
			    game_fits(g, u->unit, p, geom_heading(u->pos, p),
			    u->formation, -1, NULL) != 0)
				continue;
			bd = d;
			best = p;
		}
	if (bd >= 0 && (geom_dist(best, u->pos) >= FALTER_HOP * STEP_ORTHO ||
	    geom_dist(best, e) > range)) {
		w.pts[0] = best;
		*o = w;
	}
}

/*
 * Whether p lies behind unit u standing at `at', away from the enemy
 * nearest it (H7: a retire falls back): 90 degrees or more off the
 * heading to him, and no nearer him.  With no enemy on the field, any
 * point does.
 */
static bool
behind(const struct ai_view *v, struct point at, struct point p)
{
	int j, d, best = -1;
	struct point e = at;

	for (j = 0; j < v->nenemy; j++) {
		if (cond_gone(v->enemy[j].cond))
			continue;
		d = geom_dist(at, v->enemy[j].pos);
		if (best < 0 || d < best) {
			best = d;
			e = v->enemy[j].pos;
		}
	}
	return best < 0 || (geom_dist(p, e) >= best &&
	    dir_diff(geom_heading(at, e), geom_heading(at, p)) >= 2);
}

/* The cells of a block of arm a in formation form at anchor p facing f,
 * at least one each way, into out (g->cells_max points); the count. */
static int
block_cells(const struct game *g, enum arm a, int form, struct point p,
    enum dir f, struct point *out)
{
	const struct formation_def *fd = &g->rs->form[form];
	int n;

	n = geom_footprint(p, f, fd->frontage[a] > 1 ? fd->frontage[a] : 1,
	    fd->depth[a] > 1 ? fd->depth[a] : 1, out, g->cells_max);
	return n < g->cells_max ? n : g->cells_max;
}

/* Whether one of the n cells c lies under the block of an enemy the view
 * shows (where he stands, facing and formation, can be seen). */
static bool
under_enemy(const struct game *g, const struct ai_view *v,
    const struct point *c, int n)
{
	const struct ai_enemy *e;
	struct point *ec;
	int j, i, k, ne;
	bool on = false;

	for (j = 0; j < v->nenemy && !on; j++) {
		e = &v->enemy[j];
		if (cond_gone(e->cond) || e->formation < 0 ||
		    e->formation >= g->rs->nform)
			continue;
		ec = game_cells_take(g);
		ne = block_cells(g, e->arm, e->formation, e->pos, e->facing,
		    ec);
		for (i = 0; i < n && !on; i++)
			for (k = 0; k < ne && !on; k++)
				on = c[i].x == ec[k].x && c[i].y == ec[k].y;
		game_cells_give(g, ec);
	}
	return on;
}

/* HO.3.1: Move order o is an assault: its last point lies under an
 * enemy, or it would charge one as the units stand. */
static bool
assault(const struct game *g, const struct ai_view *v,
    const struct ai_own *u, const struct order *o)
{
	return under_enemy(g, v, &o->pts[o->npts - 1], 1) ||
	    (u->unit >= 0 && u->unit < g->nunits &&
	    hm_order_charges(g, u->unit, o) >= 0);
}

/* Whether u's block could stand at p keeping its facing and formation
 * (H7): wholly on the map, on ground its formation may enter, and under
 * no enemy.  Friends are not counted: they may march on first. */
static bool
retire_stands(const struct game *g, const struct ai_view *v,
    const struct ai_own *u, struct point p)
{
	const struct ruleset *rs = g->rs;
	struct point *cells = game_cells_take(g);
	int i, n;
	bool ok = true;

	n = block_cells(g, u->arm, u->formation, p, u->facing, cells);
	for (i = 0; i < n && ok; i++)
		ok = map_inside(g->map, cells[i].x, cells[i].y) &&
		    (rs->land[map_cell(g->map, cells[i].x,
		    cells[i].y)->land].forbid & (1u << u->formation)) == 0;
	ok = ok && !under_enemy(g, v, cells, n);
	game_cells_give(g, cells);
	return ok;
}

/*
 * H7: where unit u retires on its way to `to': the cell on the straight
 * line to it farthest from the unit within reach (ticks) where its block
 * can stand (retire_stands) behind it, or the unit's own cell where there
 * is none.
 */
static struct point
retire_point(const struct game *g, const struct ai_view *v,
    const struct ai_own *u, struct point to, int reach)
{
	int dx = to.x - u->pos.x, dy = to.y - u->pos.y, i, n;
	struct point p;

	n = abs(dx) > abs(dy) ? abs(dx) : abs(dy);
	for (i = n; i >= 1; i--) {
		p.x = u->pos.x + (2 * dx * i + (dx < 0 ? -n : n)) / (2 * n);
		p.y = u->pos.y + (2 * dy * i + (dy < 0 ? -n : n)) / (2 * n);
		if (geom_dist(u->pos, p) > reach ||
		    (p.x == u->pos.x && p.y == u->pos.y) ||
		    !behind(v, u->pos, p) || !retire_stands(g, v, u, p))
			continue;
		return p;
	}
	return u->pos;
}

/*
 * HO.4: a march stops short of an enemy in its way, so a waypoint under
 * an enemy's block (a way round a friend marked where the enemy has come
 * to stand) would end the march at him as if it were an assault on him.
 * The waypoints of Move order o still ahead of unit u that lie under an
 * enemy are left out (and, where one is, those it has passed, the order
 * being given again from where it stands); its last point, an assault's
 * target, stays.
 */
static void
waypoints_clear(const struct game *g, const struct ai_view *v,
    const struct ai_own *u, struct order *o)
{
	struct point pts[ORDER_MAX_POINTS];
	int first = next_point(g, u, o), k, n = 0;
	bool any = false;

	if (first < 0)
		return;
	for (k = first; k < o->npts - 1 && !any; k++)
		any = under_enemy(g, v, &o->pts[k], 1);
	if (!any)
		return;
	for (k = first; k < o->npts; k++)
		if (k == o->npts - 1 || !under_enemy(g, v, &o->pts[k], 1))
			pts[n++] = o->pts[k];
	memcpy(o->pts, pts, (size_t)n * sizeof *pts);
	o->npts = n;
}

/*
 * H7, H8, H9: a march whose first leg lies 90 degrees or more off the
 * unit's front costs a turn of the front first - a whole move for a Line
 * sent behind it - and with the enemy in range H13 turns it back to him
 * after the march, so the next turn it pays again and never gets away.
 * Retiring keeps the facing for a fixed deduction.  The march is made
 * retiring where that gains more ground this turn than turning, or where
 * the enemy would turn the unit back; far from the enemy a long march is
 * better made by turning once.  A retire falls back: it is made only of a
 * march away from the enemy nearest the unit (behind), never of an
 * assault, and to a point on the straight line to the march's first one,
 * no farther than RETIRE_TURNS turns of retiring, where the block can
 * stand keeping its facing: the farthest such point behind the unit.
 * Given the first point as it was, at the Cowpens the 17th Light
 * Dragoons, facing away from Washington's horse, were sent to retire onto
 * them instead of wheeling to charge, and the 71st to retire with its
 * Column's tail off the map's south edge.  Near the enemy a unit with no
 * such point stands (and fires) rather than turn its back to him.
 */
/* How many turns of retiring (H7: the allowance less the deduction) a
 * retire may reach: farther, a march far from the enemy is made by
 * turning once, and one near him is cut there. */
#define RETIRE_TURNS	2

static void
doctrine_refine(struct game *g, const struct ai_view *v,
    const struct ai_own *u, struct order *o, enum ai_level lvl)
{
	const struct ruleset *rs = v->rs;
	const struct hm_move *m = hm_move(rs);
	struct unit x;
	struct point to, at;
	int k, a, r, w, turned, stage;
	bool near;

	if (o->kind == ORDER_MOVE && o->npts > 1 && o->ngroup == 0)
		waypoints_clear(g, v, u, o);
	if (lvl >= AI_NORMAL && o->kind == ORDER_MOVE && o->npts >= 1 &&
	    o->ngroup == 0)
		march_not_falter(g, u, o);
	if (o->kind != ORDER_MOVE || o->npts < 1 ||
	    o->ngroup > 0 || u->cond == COND_ROUTED || u->formation < 0 ||
	    u->formation >= rs->nform ||
	    ruleset_action(rs, "retire") != HM_ACTION_RETIRE)
		return;
	if ((w = next_point(g, u, o)) < 0)
		return;
	to = o->pts[w];
	if (to.x == u->pos.x && to.y == u->pos.y)
		return;
	k = dir_diff(u->facing, geom_heading(u->pos, to));
	if (k < 2)
		return;
	memset(&x, 0, sizeof x);
	x.arm = u->arm;
	x.klass = u->klass;
	a = hm_max_move(rs, &x, u->formation, u->cond);
	r = a - m->retire[u->arm];
	if (a <= 0 || r <= 0)
		return;
	/* A retire falls back: an assault, or a march that closes on the
	 * enemy or crosses his front, is marched facing the way it goes. */
	if (assault(g, v, u, o) || !behind(v, u->pos, to))
		return;
	stage = wheel_stage(rs, u->arm, u->formation);
	turned = (k - 1) * stage > a ? 0 : a - (k - 1) * stage;
	near = enemy_near(v, u, a);
	if (!near && (r < turned ||
	    geom_dist(u->pos, to) > RETIRE_TURNS * r))
		return;
	at = retire_point(g, v, u, to, RETIRE_TURNS * r);
	if (at.x == u->pos.x && at.y == u->pos.y) {
		/* Nowhere to go keeping its face to the enemy: it stands
		 * and fires rather than turn its back to him. */
		if (near) {
			o->kind = ORDER_STOP;
			o->npts = 0;
		}
		return;
	}
	o->kind = ORDER_ACTION;
	o->action = HM_ACTION_RETIRE;
	o->npts = 1;
	o->pts[0] = at;
	o->formation = -1;
	o->facing = -1;
}

const struct ai_doctrine hm_doctrine = {
	.name = "horse-and-musket",
	.form = doctrine_form,
	.reach = doctrine_reach,
	.quality = doctrine_quality,
	.quality_unknown = 4,
	.melee_edge = doctrine_melee_edge,
	.horse_front_edge = 4,
	.reach_charge_edge = 3,
	.reach_charge_normal = 2,
	.judge_guns = true,
	.horse_stand_off = true,
	.evade = true,
	.evade_edge = -2,
	.evade_horse_edge = 3,
	.evade_normal = doctrine_evade_normal,
	.evade_horse_normal = doctrine_evade_horse_normal,
	.evade_horse_arc = 1,
	.raw = doctrine_raw,
	.worn = 90,
	.no_supports = true,
	.press = true,
	.answer = doctrine_answer,
	.refine = doctrine_refine,
};
