/*
 * napoleonic/move.c - the Napoleonic movement rules (3.6): the numbers of
 * the data file's `movement` section, the prices the movement engine asks
 * for (speeds, turns, landscape, obstacles, contours, roads, friends,
 * enemies), and the movement and formation phases.
 *
 * Everything here reads the game and writes only the walk it is given or
 * the price it is asked for; core/move-walk.c commits.  Each price carries its
 * explanation (rule number and arithmetic in BD).  doc/rules.md says how
 * each clause is read.
 */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/command.h"
#include "core/game.h"
#include "core/move.h"
#include "rules/napoleonic/move.h"
#include "rules/napoleonic/phases.h"
#include "util/xalloc.h"

#define NAP_BD_MAX	50	/* no movement number is larger, in BD */

/* --- loading ------------------------------------------------------------- */

static const char *const move_keys[] = {
	"speed", "road_column_crowded", "road_column_off_road",
	"artillery_road", "musician", "limber_ap", "unlimber_ap",
	"pivot_per_45", "turn_per_45", "wheel_outer_loss", "random_die",
	"random_low", "random_high", "cavalry_mc_pe_factor", "obstacle_width",
	"free_contours", "contour_cost", "small_road_relief",
	"infantry_contact", "cavalry_stop", "cavalry_charge",
	"artillery_stop", "contact_deploy_from", "contact_deploy",
	"auto_formation", "battery", "pivot_reach", "wheel_gap", NULL
};

/* restore_enemy_gap is read here; the others by the rally phase (3.3,
 * napoleonic/phases.c). */
static const char *const rally_keys[] = {
	"restore_enemy_gap", "enemy_gap", "general_reach", "base", "musician",
	"general", "per_losses", NULL
};

/* A BD value under key of map n, in ticks. */
static int
get_bd(const struct ruleset *rs, const struct doc_node *n, const char *key,
    int *out, struct diags *d)
{
	const struct doc_node *v = doc_need(n, key, d);
	long t;

	if (v == NULL || doc_fixed(v, rs->ticks, -NAP_BD_MAX * rs->ticks,
	    NAP_BD_MAX * rs->ticks, &t, d) != 0)
		return -1;
	*out = (int)t;
	return 0;
}

static int
get_int(const struct doc_node *n, const char *key, long min, long max,
    int *out, struct diags *d)
{
	const struct doc_node *v = doc_need(n, key, d);
	long t;

	if (v == NULL || doc_int(v, min, max, &t, d) != 0)
		return -1;
	*out = (int)t;
	return 0;
}

static int
get_form(const struct ruleset *rs, const struct doc_node *v, int *out,
    struct diags *d)
{
	const char *s;
	int f;

	if (doc_str(v, RULES_NAME_MAX, &s, d) != 0)
		return -1;
	if ((f = ruleset_form(rs, s)) < 0) {
		diags_add(d, v->pos, "unknown formation '%s'", s);
		return -1;
	}
	*out = f;
	return 0;
}

static int
get_form_key(const struct ruleset *rs, const struct doc_node *n,
    const char *key, int *out, struct diags *d)
{
	const struct doc_node *v = doc_need(n, key, d);

	return v == NULL ? -1 : get_form(rs, v, out, d);
}

static int
get_forms(const struct ruleset *rs, const struct doc_node *v, uint32_t *out,
    struct diags *d)
{
	int i, f, bad = 0;

	if (doc_expect(v, DOC_SEQ, "a list of formations", d) != 0)
		return -1;
	*out = 0;
	for (i = 0; i < v->n; i++) {
		if (get_form(rs, v->items[i], &f, d) != 0)
			bad = -1;
		else
			*out |= 1u << f;
	}
	return bad;
}

/* "drill", "drill - 2", "drill + 1" or a number of BD. */
static int
get_speed(const struct ruleset *rs, const struct doc_node *v,
    struct nap_speed *sp, struct diags *d)
{
	struct doc_node tmp;
	const char *s;
	long t;
	int sign = 1;

	if (doc_expect(v, DOC_SCALAR, "a speed", d) != 0)
		return -1;
	s = v->str;
	while (*s == ' ')
		s++;
	sp->set = true;
	sp->mul = 0;
	sp->add = 0;
	if (strncmp(s, "drill", 5) == 0) {
		sp->mul = 1;
		for (s += 5; *s == ' '; s++)
			;
		if (*s == '\0')
			return 0;
		if (*s != '-' && *s != '+') {
			diags_add(d, v->pos, "a speed is 'drill', 'drill - N', "
			    "'drill + N' or a number of BD, not '%s'", v->str);
			return -1;
		}
		sign = *s++ == '-' ? -1 : 1;
		while (*s == ' ')
			s++;
	}
	tmp = *v;
	tmp.str = (char *)(uintptr_t)s;
	tmp.len = strlen(s);
	tmp.quoted = false;
	if (doc_fixed(&tmp, rs->ticks, 0, NAP_BD_MAX * rs->ticks, &t, d) != 0)
		return -1;
	sp->add = sign * (int)t;
	return 0;
}

static int
load_speeds(const struct ruleset *rs, struct nap_move *m,
    const struct doc_node *sp, struct diags *d)
{
	const struct doc_node *tab;
	struct nap_speed tmp;
	int a, i, f, k, bad = 0;

	if (doc_expect(sp, DOC_MAP, "speed", d) != 0)
		return -1;
	for (i = 0; i < sp->n; i++) {
		if ((a = arm_parse(sp->keys[i]->str)) < 0) {
			diags_add(d, sp->keys[i]->pos, "unknown arm '%s'",
			    sp->keys[i]->str);
			bad = -1;
			continue;
		}
		tab = sp->items[i];
		if (doc_expect(tab, DOC_MAP, "speeds of an arm", d) != 0) {
			bad = -1;
			continue;
		}
		for (k = 0; k < tab->n; k++) {
			const char *key = tab->keys[k]->str;

			/* Artillery speeds are by class, the others by
			 * formation (3.6.3). */
			if (a == ARM_ARTILLERY) {
				if ((f = ruleset_class(rs, ARM_ARTILLERY,
				    key)) < 0) {
					diags_add(d, tab->keys[k]->pos,
					    "unknown artillery class '%s'",
					    key);
					bad = -1;
					continue;
				}
				if (get_speed(rs, tab->items[k], &tmp, d) != 0)
					bad = -1;
				else if (tmp.mul != 0) {
					diags_add(d, tab->items[k]->pos,
					    "a battery's speed is a number");
					bad = -1;
				} else
					m->art_speed[f] = tmp.add;
				continue;
			}
			if ((f = ruleset_form(rs, key)) < 0) {
				diags_add(d, tab->keys[k]->pos,
				    "unknown formation '%s'", key);
				bad = -1;
				continue;
			}
			if ((rs->form[f].arms & (1u << a)) == 0) {
				diags_add(d, tab->keys[k]->pos, "%s is not a "
				    "formation of %s", key, arm_name(a));
				bad = -1;
				continue;
			}
			if (get_speed(rs, tab->items[k], &m->speed[a][f],
			    d) != 0)
				bad = -1;
		}
	}
	return bad;
}

static int
load_gap(const struct ruleset *rs, const struct doc_node *mv,
    const char *key, int *more, int *less, uint32_t *forms, struct diags *d)
{
	static const char *const k3[] = { "more_than", "less_than",
	    "formations", NULL };
	const struct doc_node *n = doc_need(mv, key, d), *f;
	int bad = 0;

	if (n == NULL || doc_expect(n, DOC_MAP, key, d) != 0 ||
	    doc_check_keys(n, k3, d) != 0)
		return -1;
	if (get_bd(rs, n, "more_than", more, d) != 0)
		bad = -1;
	if (less != NULL && get_bd(rs, n, "less_than", less, d) != 0)
		bad = -1;
	if (forms != NULL && ((f = doc_need(n, "formations", d)) == NULL ||
	    get_forms(rs, f, forms, d) != 0))
		bad = -1;
	return bad;
}

static int
load_roll(const struct ruleset *rs, const struct doc_node *mv,
    const char *key, int die, int *roll, int *change, struct diags *d)
{
	static const char *const k2[] = { "roll", "change", NULL };
	const struct doc_node *n = doc_need(mv, key, d);

	if (n == NULL || doc_expect(n, DOC_MAP, key, d) != 0 ||
	    doc_check_keys(n, k2, d) != 0)
		return -1;
	if (get_int(n, "roll", 1, die, roll, d) != 0 ||
	    get_bd(rs, n, "change", change, d) != 0)
		return -1;
	return 0;
}

/* The unit values the rules read, looked up once: a Drill number every
 * order of battle gives, a musician flag and a battery's action points
 * spent, kept in play. */
static int
nap_attrs(const struct ruleset *rs, struct nap_move *m,
    const struct doc_node *root, struct diags *d)
{
	static const struct {
		const char	*name;
		bool		 flag, state, required;
	} need[] = {
		{ "drill", false, false, true },
		{ "musician", true, false, false },
		{ "ap_used", false, true, false },
	};
	int *idx[] = { &m->a_drill, &m->a_musician, &m->a_ap_used };
	const struct attr_def *a;
	size_t i;

	for (i = 0; i < sizeof need / sizeof need[0]; i++) {
		*idx[i] = ruleset_attr(rs, need[i].name);
		a = *idx[i] >= 0 ? &rs->attr[*idx[i]] : NULL;
		if (a == NULL || a->flag != need[i].flag ||
		    a->state != need[i].state ||
		    a->required != need[i].required) {
			diags_add(d, root->pos, "the napoleonic rules need "
			    "%s '%s'%s%s", need[i].state ? "a state value" :
			    "an attribute", need[i].name, need[i].flag ?
			    ", a flag" : ", a number", need[i].required ?
			    ", required" : "");
			return -1;
		}
	}
	return 0;
}

int
nap_move_load(struct ruleset *rs, const struct doc_node *root,
    struct diags *d)
{
	static const char *const bat_keys[] = { "limbered", "unlimbered",
	    NULL };
	const struct doc_node *mv = doc_need(root, "movement", d), *n;
	struct nap_move *m;
	int a, f, bad = 0;

	if (mv == NULL || doc_expect(mv, DOC_MAP, "movement", d) != 0 ||
	    doc_check_keys(mv, move_keys, d) != 0)
		return -1;
	m = xcalloc(1, sizeof *m);
	for (a = 0; a < ARM_COUNT; a++)
		m->deploy[a] = -1;
	if ((n = doc_need(mv, "speed", d)) == NULL ||
	    load_speeds(rs, m, n, d) != 0)
		bad = -1;
	if (get_bd(rs, mv, "road_column_crowded", &m->rc_crowded, d) != 0 ||
	    get_form_key(rs, mv, "road_column_off_road", &m->rc_off_road,
	    d) != 0 ||
	    get_bd(rs, mv, "artillery_road", &m->art_road, d) != 0 ||
	    get_bd(rs, mv, "musician", &m->musician, d) != 0 ||
	    get_int(mv, "limber_ap", 0, 6, &m->limber_ap, d) != 0 ||
	    get_int(mv, "unlimber_ap", 0, 6, &m->unlimber_ap, d) != 0 ||
	    get_int(mv, "pivot_per_45", 0, 6, &m->pivot_per_45, d) != 0 ||
	    get_bd(rs, mv, "turn_per_45", &m->turn_per_45, d) != 0 ||
	    get_bd(rs, mv, "wheel_outer_loss", &m->wheel_loss, d) != 0 ||
	    get_int(mv, "random_die", 2, 100, &m->die, d) != 0)
		bad = -1;
	if (bad == 0 &&
	    (load_roll(rs, mv, "random_low", m->die, &m->low_roll,
	    &m->low_change, d) != 0 ||
	    load_roll(rs, mv, "random_high", m->die, &m->high_roll,
	    &m->high_change, d) != 0))
		bad = -1;
	if (get_int(mv, "cavalry_mc_pe_factor", 0, 10, &m->mc_pe_factor,
	    d) != 0 ||
	    get_bd(rs, mv, "obstacle_width", &m->obstacle_width, d) != 0 ||
	    get_int(mv, "free_contours", 0, 10, &m->free_contours, d) != 0 ||
	    get_bd(rs, mv, "contour_cost", &m->contour_cost, d) != 0 ||
	    get_bd(rs, mv, "small_road_relief", &m->road_relief, d) != 0)
		bad = -1;
	if (load_gap(rs, mv, "infantry_contact", &m->inf_more, &m->inf_less,
	    NULL, d) != 0 ||
	    load_gap(rs, mv, "cavalry_stop", &m->cav_more, NULL, &m->cav_forms,
	    d) != 0 ||
	    load_gap(rs, mv, "cavalry_charge", &m->cav_charge, NULL, NULL,
	    d) != 0 ||
	    load_gap(rs, mv, "artillery_stop", &m->art_more, NULL,
	    &m->art_forms, d) != 0)
		bad = -1;
	if ((n = doc_need(mv, "contact_deploy_from", d)) == NULL ||
	    get_forms(rs, n, &m->deploy_from, d) != 0)
		bad = -1;
	if ((n = doc_need(mv, "contact_deploy", d)) == NULL ||
	    doc_expect(n, DOC_MAP, "contact_deploy", d) != 0)
		bad = -1;
	else {
		for (f = 0; f < n->n; f++) {
			if ((a = arm_parse(n->keys[f]->str)) < 0) {
				diags_add(d, n->keys[f]->pos,
				    "unknown arm '%s'", n->keys[f]->str);
				bad = -1;
			} else if (get_form(rs, n->items[f], &m->deploy[a],
			    d) != 0)
				bad = -1;
		}
	}
	if (get_form_key(rs, mv, "auto_formation", &m->auto_form, d) != 0)
		bad = -1;
	if ((n = doc_need(mv, "battery", d)) == NULL ||
	    doc_expect(n, DOC_MAP, "battery", d) != 0 ||
	    doc_check_keys(n, bat_keys, d) != 0 ||
	    get_form_key(rs, n, "limbered", &m->limbered, d) != 0 ||
	    get_form_key(rs, n, "unlimbered", &m->unlimbered, d) != 0)
		bad = -1;
	if (get_bd(rs, mv, "pivot_reach", &m->pivot_reach, d) != 0 ||
	    get_bd(rs, mv, "wheel_gap", &m->wheel_gap, d) != 0)
		bad = -1;
	if ((n = doc_need(root, "rally", d)) == NULL ||
	    doc_expect(n, DOC_MAP, "rally", d) != 0 ||
	    doc_check_keys(n, rally_keys, d) != 0 ||
	    get_bd(rs, n, "restore_enemy_gap", &m->restore_gap, d) != 0)
		bad = -1;
	/* The road column speed off a road must exist for every arm that
	 * has both (checked here so a typo cannot freeze a column). */
	for (a = 0; bad == 0 && a < ARM_COUNT; a++)
		if (a != ARM_ARTILLERY &&
		    (rs->form[m->rc_off_road].arms & (1u << a)) != 0 &&
		    !m->speed[a][m->rc_off_road].set) {
			diags_add(d, mv->pos, "movement: no %s speed for %s",
			    arm_name(a), rs->form[m->rc_off_road].name);
			bad = -1;
		}
	if (bad == 0 && nap_attrs(rs, m, root, d) != 0)
		bad = -1;
	if (bad != 0) {
		free(m);
		return -1;
	}
	rs->priv = m;
	return 0;
}

const struct nap_move *
nap_move(const struct ruleset *rs)
{
	return rs->priv;
}

int
nap_drill(const struct ruleset *rs, const struct unit *u)
{
	return unit_attr(u, nap_move(rs)->a_drill);
}

bool
nap_musician(const struct ruleset *rs, const struct unit *u)
{
	return unit_attr(u, nap_move(rs)->a_musician) != 0;
}

void
nap_musician_set(const struct ruleset *rs, struct unit *u, bool on)
{
	unit_attr_set(u, nap_move(rs)->a_musician, on);
}

int
nap_ap_used(const struct ruleset *rs, const struct unit *u)
{
	return unit_attr(u, nap_move(rs)->a_ap_used);
}

void
nap_ap_used_set(const struct ruleset *rs, struct unit *u, int ap)
{
	unit_attr_set(u, nap_move(rs)->a_ap_used, ap);
}

/* --- helpers ------------------------------------------------------------- */

/* Ticks as "2.5 BD", or "2.5" without the unit. */
static void
fmt_ticks(const struct ruleset *rs, int ticks, char *b, size_t len,
    bool unit)
{
	if (unit)
		ruleset_fmt(rs, ticks, b, len);
	else
		ruleset_fmt_number(rs, ticks, b, len);
}

/* BD text of ticks; a few rotating buffers so one printf can use several. */
static const char *
bd(const struct ruleset *rs, int ticks)
{
	static __thread char buf[8][32];
	static __thread int next;
	char *b = buf[next++ & 7];

	fmt_ticks(rs, ticks, b, sizeof buf[0], true);
	return b;
}

/* The same number without its unit ("1", "0.5"), for Pe, Pr and sums. */
static const char *
num(const struct ruleset *rs, int ticks)
{
	static __thread char buf[8][32];
	static __thread int next;
	char *b = buf[next++ & 7];

	fmt_ticks(rs, ticks, b, sizeof buf[0], false);
	return b;
}

/* A label as it reads inside a sentence: "Dense wood" -> "dense wood". */
static const char *
lname(const char *label)
{
	static __thread char buf[4][64];
	static __thread int next;
	char *b = buf[next++ & 3];

	snprintf(b, sizeof buf[0], "%s", label);
	if (b[0] >= 'A' && b[0] <= 'Z')
		b[0] = (char)(b[0] - 'A' + 'a');
	return b;
}

static void
price_init(struct move_price *p)
{
	p->ticks = 0;
	p->verdict = MOVE_OK;
	p->halt = HALT_SPEED;
	p->form = -1;
	p->flags = 0;
	p->passage = -1;
	p->need = -1;
	p->nnotes = 0;
}

static void price_note(struct move_price *, const char *, const char *, ...)
    __attribute__((format(printf, 3, 4)));

static void
price_note(struct move_price *p, const char *rule, const char *fmt, ...)
{
	va_list ap;
	struct move_note *n;
	size_t i;

	if (p->nnotes >= MOVE_NOTES_MAX)
		return;
	n = &p->notes[p->nnotes++];
	for (i = 0; rule[i] != '\0' && i + 1 < sizeof n->rule; i++)
		n->rule[i] = rule[i];
	n->rule[i] = '\0';
	va_start(ap, fmt);
	vsnprintf(n->text, sizeof n->text, fmt, ap);
	va_end(ap);
}

static const char *
musician_word(const struct unit *u)
{
	return u->arm == ARM_CAVALRY ? "trumpet" : "drum";
}

static int
road_at(const struct game *g, struct point p)
{
	return map_cell(g->map, p.x, p.y)->road;
}

static int
road_between(const struct game *g, struct point a, struct point b)
{
	int ra = road_at(g, a), rb = road_at(g, b);

	return ra < rb ? ra : rb;
}

/* Permeability a unit feels in landscape l (3.6.5: cavalry Manoeuvre
 * Column counts it m->mc_pe_factor times). */
static int
unit_pe(const struct game *g, const struct unit *u, int form, int l,
    int *factor)
{
	const struct nap_move *m = nap_move(g->rs);
	int f = u->arm == ARM_CAVALRY && form == m->auto_form ?
	    m->mc_pe_factor : 1;

	if (factor != NULL)
		*factor = f;
	return g->rs->land[l].pe * f;
}

/* Whether formation f of this unit may stand on every landscape of mask. */
static bool
form_may(const struct game *g, const struct unit *u, int f, uint64_t lands)
{
	const struct ruleset *rs = g->rs;
	int l;

	if ((rs->form[f].arms & (1u << u->arm)) == 0 ||
	    (rs->form[f].flags & FORMF_IMMOBILE) != 0)
		return false;
	for (l = 0; l < rs->nland; l++)
		if ((lands & ((uint64_t)1 << l)) != 0 &&
		    (rs->land[l].forbid & (1u << f)) != 0)
			return false;
	return true;
}

static const char *
land_names(const struct game *g, uint64_t lands, char *buf, size_t len)
{
	int l;
	size_t n = 0;

	buf[0] = '\0';
	for (l = 0; l < g->rs->nland; l++)
		if ((lands & ((uint64_t)1 << l)) != 0 && n + 2 < len)
			n += (size_t)snprintf(buf + n, len - n, "%s%s",
			    n > 0 ? ", " : "", lname(g->rs->land[l].label));
	return buf;
}

/* --- the engine's questions --------------------------------------------- */

/* The Pe a unit pays at the start of its move for the ground it stands in
 * (3.6.5: moving through landscape lowers the speed), with the road. */
static int
start_pe(const struct game *g, const struct move_walk *w, int *land)
{
	const struct unit *u = &g->units[w->unit];
	const struct nap_move *m = nap_move(g->rs);
	struct point *fr = game_cells_take(g);
	int i, n, pe, best = 0, road;

	*land = -1;
	n = geom_footprint(w->pos, w->facing,
	    g->rs->form[w->form].frontage[u->arm], 1, fr, g->cells_max);
	for (i = 0; i < n && i < g->cells_max; i++) {
		if (!map_inside(g->map, fr[i].x, fr[i].y))
			continue;
		pe = unit_pe(g, u, w->form,
		    map_cell(g->map, fr[i].x, fr[i].y)->land, NULL);
		if (pe > best) {
			best = pe;
			*land = map_cell(g->map, fr[i].x, fr[i].y)->land;
		}
	}
	game_cells_give(g, fr);
	road = road_at(g, w->pos);
	if (road == ROAD_BIG)
		return 0;
	if (road == ROAD_SMALL)
		best = best > m->road_relief ? best - m->road_relief : 0;
	return best;
}

/* Artillery: action points, limbering and pivoting (3.6.3). */
static int
art_begin(const struct game *g, struct move_walk *w, char *sp, size_t splen)
{
	const struct ruleset *rs = g->rs;
	const struct nap_move *m = nap_move(rs);
	const struct unit *u = &g->units[w->unit];
	const struct order *o = w->order;
	int ap = nap_drill(rs, u), speed, max, k, turns, cw, lim, unlim, per;
	bool going, least;
	enum dir want, f;
	size_t n = 0;

	if (w->form == m->unlimbered) {
		if (o->npts == 1 && (o->pts[0].x != w->pos.x ||
		    o->pts[0].y != w->pos.y) &&
		    geom_dist(w->pos, o->pts[0]) <= m->pivot_reach) {
			want = geom_heading(w->pos, o->pts[0]);
			k = dir_diff(w->facing, want);
			w->halt = HALT_ARRIVED;
			/* A pivot left part-way last turn under this order
			 * goes on: its limbering is paid already (issue 12,
			 * decision 1). */
			going = w->resumed && u->halt == HALT_ARRIVED &&
			    u->halt_turn == w->turn - 1;
			lim = going ? 0 : m->limber_ap;
			if (k == 0 && going) {
				NAP_AP(w) = ap - m->unlimber_ap;
				move_note(w, EV_MOVE, "3.6.3", "%s ends its pivot "
				    "facing %s: unlimber %d AP of its %d AP "
				    "(Drill)", u->name, dir_name(want),
				    m->unlimber_ap, ap);
				w->order_done = true;
				return -1;
			}
			if (k == 0) {
				move_note(w, EV_MOVE, "3.6.3", "%s already "
				    "faces %s: no pivot needed", u->name,
				    dir_name(want));
				w->order_done = true;
				return -1;
			}
			per = m->pivot_per_45 > 0 ? m->pivot_per_45 : 1;
			turns = m->pivot_per_45 > 0 ? (ap - lim -
			    m->unlimber_ap) / per : k;
			unlim = m->unlimber_ap;
			if (turns < k) {
				/* Not done this turn: the unlimbering waits
				 * for the turn that ends the pivot. */
				turns = m->pivot_per_45 > 0 ? (ap - lim) / per :
				    k;
				unlim = 0;
			}
			if (turns > k)
				turns = k;
			if (turns <= 0 && !w->fresh) {
				move_note(w, EV_MOVE, "3.6.3", "%s cannot "
				    "pivot: limber %d AP + %d AP per 45 "
				    "degrees + unlimber %d AP is more than its "
				    "%d AP (Drill)", u->name, lim,
				    m->pivot_per_45, m->unlimber_ap, ap);
				return -1;
			}
			least = turns <= 0;
			if (least) {
				turns = 1;
				unlim = k == 1 ? m->unlimber_ap : 0;
			}
			cw = (int)want - (int)w->facing;
			cw = ((cw % 8) + 8) % 8;
			f = dir_turn(w->facing, cw <= 4 ? turns : -turns);
			if (game_fits(g, w->unit, w->pos, f, w->form, -1,
			    NULL) != 0) {
				move_note(w, EV_MOVE, "3.6.3", "%s has no "
				    "room to pivot to %s", u->name,
				    dir_name(f));
				w->halt = HALT_BLOCKED;
				return -1;
			}
			NAP_AP(w) = ap - lim - turns * m->pivot_per_45 - unlim;
			if (NAP_AP(w) < 0)
				NAP_AP(w) = 0;
			move_note(w, EV_MOVE, "3.6.3", "%s pivots in place "
			    "from %s to %s: %s%d AP + %d x 45 degrees x "
			    "%d AP + unlimber %d AP = %d of its %d AP (Drill)%s",
			    u->name, dir_name(w->facing), dir_name(f),
			    going ? "limbered already, " : "limber ", lim,
			    turns, m->pivot_per_45, unlim, ap - NAP_AP(w), ap,
			    least ? "; more than it has, but a battery that "
			    "has not moved this turn may always pivot 45 "
			    "degrees, spending all (marshal's reading)" : "");
			if (turns < k)
				move_note(w, EV_NOTE, "3.6.3", "%s goes on "
				    "pivoting to %s next turn under the same "
				    "order; it unlimbers when the pivot ends",
				    u->name, dir_name(want));
			w->facing = f;
			w->order_done = turns == k;
			return -1;
		}
		if (game_fits(g, w->unit, w->pos, w->facing, m->limbered, -1,
		    NULL) != 0) {
			move_note(w, EV_MOVE, "3.6.3", "%s has no room to "
			    "limber up", u->name);
			w->halt = HALT_BLOCKED;
			return -1;
		}
		w->form = m->limbered;
		ap -= m->limber_ap;
		move_note(w, EV_FORMATION, "3.6.3", "%s limbers up: %d AP, "
		    "%d of %d AP (Drill) left", u->name, m->limber_ap, ap,
		    nap_drill(rs, u));
	}
	if (rs->form[w->form].flags & FORMF_IMMOBILE) {
		move_note(w, EV_MOVE, "3.6.3", "%s cannot move %s", u->name,
		    rs->form[w->form].label);
		w->halt = HALT_BLOCKED;
		return -1;
	}
	if (road_at(g, w->pos) != ROAD_NONE) {
		max = m->art_road;
		n += (size_t)snprintf(sp + n, splen - n, "%s battery on a "
		    "road: %s", rs->klass[u->klass].label, bd(rs, max));
	} else {
		max = m->art_speed[u->klass];
		n += (size_t)snprintf(sp + n, splen - n, "%s battery, %s: %s",
		    rs->klass[u->klass].label, rs->form[w->form].label,
		    bd(rs, max));
	}
	if (NAP_MUSICIAN(w)) {
		max += m->musician;
		n += (size_t)snprintf(sp + n, splen - n, "; drum +%s = %s",
		    bd(rs, m->musician), bd(rs, max));
	}
	if (ap < 0)
		ap = 0;
	speed = ap * rs->ticks < max ? ap * rs->ticks : max;
	snprintf(sp + n, splen - n, "; %d AP free: moves min(%s, %s) = %s",
	    ap, bd(rs, ap * rs->ticks), bd(rs, max), bd(rs, speed));
	NAP_AP(w) = ap;
	return speed;
}

/* A friend on the way ahead: along the planned route, then straight on
 * to the waypoint sought (3.6.6 "other units on the path").  -1: none. */
static int
road_friend(const struct game *g, const struct move_walk *w)
{
	const struct unit *u = &g->units[w->unit];
	struct point p = w->pos, goal;
	int i, who, guard;

	for (i = w->iroute; i < w->nroute; i++) {
		p = w->route[i];
		who = game_unit_at(g, p.x, p.y);
		if (who >= 0 && who != w->unit && g->units[who].side == u->side)
			return who;
	}
	if (w->waypoint >= w->order->npts)
		return -1;
	goal = w->order->pts[w->waypoint];
	for (guard = 0; (p.x != goal.x || p.y != goal.y) &&
	    guard < 2 * MAP_MAX_SIDE; guard++) {
		p.x += goal.x > p.x ? 1 : goal.x < p.x ? -1 : 0;
		p.y += goal.y > p.y ? 1 : goal.y < p.y ? -1 : 0;
		who = game_unit_at(g, p.x, p.y);
		if (who >= 0 && who != w->unit && g->units[who].side == u->side)
			return who;
	}
	return -1;
}

int
nap_move_begin(const struct game *g, struct move_walk *w)
{
	const struct ruleset *rs = g->rs;
	const struct nap_move *m = nap_move(rs);
	const struct unit *u = &g->units[w->unit];
	const struct formation_def *fd;
	const struct nap_speed *sp;
	struct move_text t;
	char text[MOVE_NOTE_LEN];
	int speed, base, form, pe, land, roll, lim;
	size_t n = 0;

	if (w->cond == COND_MOB) {
		move_note(w, EV_MOVE, "3.6.5", "%s is a Mob: it cannot march "
		    "under orders until it is restored", u->name);
		w->halt = HALT_BLOCKED;
		return -1;
	}
	text[0] = '\0';
	/* (A preview is not the march itself: no colonel line there.) */
	if (!w->preview && w->explain) {
		t.n = 0;
		move_text_s(&t, u->name);
		move_text_s(&t, " marches under its Move order towards [");
		move_text_i(&t, w->order->pts[w->order->npts - 1].x);
		move_text_s(&t, ", ");
		move_text_i(&t, w->order->pts[w->order->npts - 1].y);
		move_text_s(&t, "]; its colonel rides at the front");
		move_note_text(w, EV_MOVE, "3.6.1", &t);
		move_note_own(w);
	}
	if (u->arm == ARM_ARTILLERY) {
		if ((speed = art_begin(g, w, text, sizeof text)) < 0)
			return -1;
		goto modifiers;
	}
	fd = &rs->form[w->form];
	if (fd->flags & FORMF_IMMOBILE) {
		move_note(w, EV_MOVE, "3.6.3", "%s cannot move in %s",
		    u->name, fd->label);
		w->halt = HALT_BLOCKED;
		return -1;
	}
	form = w->form;
	if ((fd->flags & FORMF_ROAD) && road_at(g, w->pos) == ROAD_NONE) {
		form = m->rc_off_road;
		n += (size_t)snprintf(text + n, sizeof text - n, "%s off a "
		    "road moves as %s; ", fd->label, rs->form[form].label);
	}
	sp = &m->speed[u->arm][form];
	if (!sp->set) {
		move_note(w, EV_MOVE, "3.6.3", "%s has no speed in %s",
		    u->name, rs->form[form].label);
		w->halt = HALT_BLOCKED;
		return -1;
	}
	base = sp->mul * nap_drill(rs, u) * rs->ticks + sp->add;
	/* "Line, Drill 4: 4 - 2 = 2 BD", "Column: 1 BD" (by hand: every
	 * moving unit writes one). */
	t.n = 0;
	move_text_s(&t, text);
	move_text_s(&t, rs->form[form].label);
	if (sp->mul != 0) {
		move_text_s(&t, ", Drill ");
		move_text_i(&t, nap_drill(rs, u));
	}
	move_text_s(&t, ": ");
	if (sp->mul != 0 && sp->add != 0) {
		move_text_i(&t, nap_drill(rs, u));
		move_text_s(&t, sp->add < 0 ? " - " : " + ");
		move_text_s(&t, num(rs, abs(sp->add)));
		move_text_s(&t, " = ");
	}
	move_text_bd(&t, rs, base);
	n = t.n < sizeof text ? t.n : sizeof text - 1;
	memcpy(text, t.b, n);
	text[n] = '\0';
	/* 3.6.6: cavalry in Road Column keeps its full road speed only when
	 * no friend is on its way ahead to the waypoint; an enemy
	 * ahead stops it under 3.6.8 instead. */
	if ((fd->flags & FORMF_ROAD) && form == w->form &&
	    u->arm == ARM_CAVALRY && base > m->rc_crowded) {
		lim = road_friend(g, w);
		if (lim >= 0) {
			base = m->rc_crowded;
			n += (size_t)snprintf(text + n, sizeof text - n,
			    "; %s is on the road ahead: %s", g->units[lim].name,
			    bd(rs, base));
		} else
			n += (size_t)snprintf(text + n, sizeof text - n,
			    " (the road ahead is clear)");
	}
	if (base < 0) {
		n += (size_t)snprintf(text + n, sizeof text - n, ", counted "
		    "as 0");
		base = 0;
	}
	speed = base;
	if (NAP_MUSICIAN(w)) {
		speed += m->musician;
		t.n = 0;
		move_text_s(&t, text);
		move_text_s(&t, "; ");
		move_text_s(&t, musician_word(u));
		move_text_s(&t, " +");
		move_text_bd(&t, rs, m->musician);
		move_text_s(&t, " = ");
		move_text_bd(&t, rs, speed);
		n = t.n < sizeof text ? t.n : sizeof text - 1;
		memcpy(text, t.b, n);
		text[n] = '\0';
	}
modifiers:
	/* Issue 12: the minimum move is for a unit whose formation moves
	 * at all; ground and the roll do not take it away. */
	if (speed <= 0)
		w->fresh = false;
	t.n = 0;
	move_text_s(&t, text);
	move_note_text(w, EV_NOTE, "3.6.3", &t);
	if ((pe = start_pe(g, w, &land)) > 0) {
		speed -= pe;
		move_note(w, EV_NOTE, "3.6.5", "moves through %s (Pe %s%s): "
		    "-%s, %s", lname(rs->land[land].label),
		    num(rs, rs->land[land].pe), unit_pe(g, u, w->form, land,
		    NULL) != rs->land[land].pe ? " x 2 for a cavalry "
		    "Manoeuvre Column" : "", bd(rs, pe),
		    bd(rs, speed < 0 ? 0 : speed));
	}
	if (g->opt.random_speed && w->rng != NULL) {
		roll = rng_die(w->rng, m->die);
		if (roll == m->low_roll || roll == m->high_roll) {
			int ch = roll == m->low_roll ? m->low_change :
			    m->high_change;

			speed += ch;
			move_note(w, EV_NOTE, "3.6.4", "speed roll 1d%d = %d: "
			    "%s%s, %s", m->die, roll, ch < 0 ? "" : "+",
			    bd(rs, ch), bd(rs, speed < 0 ? 0 : speed));
		} else
			move_note(w, EV_NOTE, "3.6.4", "speed roll 1d%d = %d: "
			    "no change", m->die, roll);
	}
	if (speed < 0)
		speed = 0;
	w->allowance = w->left = speed;
	return 0;
}

void
nap_move_turn(const struct game *g, const struct move_walk *w, enum dir d,
    struct move_price *p)
{
	const struct ruleset *rs = g->rs;
	const struct nap_move *m = nap_move(rs);
	const struct unit *u = &g->units[w->unit];
	struct point to = { w->pos.x + dir_dx[d], w->pos.y + dir_dy[d] };
	int k = dir_diff(w->facing, d);

	price_init(p);
	if (k == 0)
		return;
	if (rs->form[w->form].flags & FORMF_FREE_TURN) {
		if (w->explain)
			price_note(p, "3.6.3", "turns to face %s: free for %s",
			    dir_name(d), rs->form[w->form].label);
		return;
	}
	if (map_inside(g->map, to.x, to.y) &&
	    road_between(g, w->pos, to) != ROAD_NONE) {
		if (w->explain)
			price_note(p, "3.6.3", "follows the road round to "
			    "%s: automatic and free", dir_name(d));
		return;
	}
	/* 3.6.6 names one "Road&Maneuvre Column": off its road a Road
	 * Column turns as the formation road_column_off_road names. */
	if ((rs->form[w->form].flags & FORMF_ROAD) &&
	    (rs->form[m->rc_off_road].flags & FORMF_FREE_TURN)) {
		if (w->explain)
			price_note(p, "3.6.3", "turns to face %s: free, off "
			    "the road a %s turns as a %s", dir_name(d),
			    rs->form[w->form].label,
			    rs->form[m->rc_off_road].label);
		return;
	}
	p->ticks = k * m->turn_per_45;
	if (w->explain)
		price_note(p, "3.6.3", "%s turns its front %d degrees, %s to "
		    "%s: %d x %s = -%s, %s left", u->name, 45 * k,
		    dir_name(w->facing), dir_name(d), k,
		    bd(rs, m->turn_per_45), bd(rs, p->ticks),
		    bd(rs, w->left - p->ticks));
}

/*
 * The most the walker's unit could have to spend in any one turn in its
 * formation (ticks): its best speed (on a road, for the formations that
 * march on one), its musician while it keeps him, the best speed roll
 * when that option is on.  Ground it starts in, the wheel and a crowded
 * road only ever take away.  A step dearer than this is never made.
 */
static int
most_allowance(const struct game *g, const struct move_walk *w)
{
	const struct ruleset *rs = g->rs;
	const struct nap_move *m = nap_move(rs);
	const struct unit *u = &g->units[w->unit];
	const struct nap_speed *sp;
	int most = 0, s, k, forms[2], nforms = 0;

	if (u->arm == ARM_ARTILLERY) {
		most = m->art_road > m->art_speed[u->klass] ? m->art_road :
		    m->art_speed[u->klass];
		if (NAP_MUSICIAN(w))
			most += m->musician;
		if (most > nap_drill(rs, u) * rs->ticks)	/* AP = Drill */
			most = nap_drill(rs, u) * rs->ticks;
	} else {
		forms[nforms++] = w->form;
		if (rs->form[w->form].flags & FORMF_ROAD)
			forms[nforms++] = m->rc_off_road;
		for (k = 0; k < nforms; k++) {
			sp = &m->speed[u->arm][forms[k]];
			if (!sp->set)
				continue;
			s = sp->mul * nap_drill(rs, u) * rs->ticks + sp->add;
			if (s > most)
				most = s;
		}
		if (NAP_MUSICIAN(w))
			most += m->musician;
	}
	if (g->opt.random_speed) {
		s = m->high_change > m->low_change ? m->high_change :
		    m->low_change;
		if (s > 0)
			most += s;
	}
	return most;
}

/* nap_move_step, the front rank's cells before and after the step in of
 * and nf (g->cells_max points each). */
static void
move_step_in(const struct game *g, const struct move_walk *w, enum dir d,
    struct move_price *p, struct point *of, struct point *nf)
{
	const struct ruleset *rs = g->rs;
	const struct nap_move *m = nap_move(rs);
	const struct unit *u = &g->units[w->unit];
	const struct map *map = g->map;
	const struct formation_def *fd = &rs->form[w->form];
	struct point to = { w->pos.x + dir_dx[d], w->pos.y + dir_dy[d] };
	struct point prev;
	uint64_t old_l = 0, new_l = 0, bad_l = 0, enter;
	int fr = fd->frontage[u->arm], no, nn, i, l, road, ob, pass;
	int oc = -1, obest = -1, ecost = 0, eland = -1, ccost = 0, nc, free_c;
	int step, f, factor, pe, e, relief = 0, narrow_kind = PASS_NONE, most;
	bool diag = dir_diagonal(d), bigbridge = false;
	const struct cell *c;
	char names[128];

	names[0] = '\0';
	price_init(p);
	if (!map_inside(map, to.x, to.y)) {
		p->verdict = MOVE_NEVER;
		p->halt = HALT_BLOCKED;
		if (w->explain)
			price_note(p, "3.6.1", "the edge of the map");
		return;
	}
	if (fr > g->cells_max)
		fr = g->cells_max;
	no = geom_footprint(w->pos, w->facing, fr, 1, of, g->cells_max);
	nn = geom_footprint(to, d, fr, 1, nf, g->cells_max);
	road = road_between(g, w->pos, to);
	if (road != ROAD_NONE)
		p->flags |= MPF_ROAD;
	for (i = 0; i < no; i++)
		if (map_inside(map, of[i].x, of[i].y))
			old_l |= (uint64_t)1 << map_cell(map, of[i].x,
			    of[i].y)->land;
	for (i = 0; i < nn; i++) {
		if (!map_inside(map, nf[i].x, nf[i].y)) {
			p->verdict = MOVE_NEVER;
			p->halt = HALT_BLOCKED;
			if (w->explain)
				price_note(p, "3.6.1", "its front would "
				    "leave the map");
			return;
		}
		if (diag && map_diag_blocked(map, nf[i].x - dir_dx[d],
		    nf[i].y - dir_dy[d], d)) {
			p->verdict = MOVE_NEVER;
			p->halt = HALT_OBSTACLE;
			if (w->explain)
				price_note(p, "3.6.5", "an obstacle is "
				    "crossed square on, never at a slant");
			return;
		}
		c = map_cell(map, nf[i].x, nf[i].y);
		new_l |= (uint64_t)1 << c->land;
		if ((rs->land[c->land].forbid & (1u << w->form)) != 0 &&
		    !(c->road != ROAD_NONE && (fd->flags & FORMF_ROAD)))
			bad_l |= (uint64_t)1 << c->land;
	}
	if (diag && map_diag_blocked(map, w->pos.x, w->pos.y, d)) {
		p->verdict = MOVE_NEVER;
		p->halt = HALT_OBSTACLE;
		if (w->explain)
			price_note(p, "3.6.5", "an obstacle is crossed square "
			    "on, never at a slant");
		return;
	}
	/* 3.6.5: the formation may not enter this ground. */
	if (bad_l != 0) {
		p->halt = HALT_TERRAIN;
		if (w->explain)
			land_names(g, bad_l, names, sizeof names);
		if (m->auto_form != w->form && form_may(g, u, m->auto_form,
		    new_l)) {
			p->verdict = MOVE_CHANGE;
			p->form = m->auto_form;
			if (w->explain)
				price_note(p, "3.6.5", "%s may not enter %s; "
				    "it changes to %s at once: automatic, "
				    "free, no order", fd->label, names,
				    rs->form[m->auto_form].label);
			return;
		}
		for (f = 0; f < rs->nform; f++)
			if (f != w->form && f != m->auto_form &&
			    form_may(g, u, f, new_l))
				break;
		if (f < rs->nform) {
			p->verdict = MOVE_NEED_ORDER;
			p->form = f;
			if (w->explain)
				price_note(p, "3.6.5", "neither %s nor %s may "
				    "enter %s; %s could, but that needs a "
				    "Formation order and a whole turn: stops "
				    "at the edge", fd->label,
				    rs->form[m->auto_form].label, names,
				    rs->form[f].label);
			return;
		}
		p->verdict = MOVE_IMPASSABLE;
		if (w->explain)
			price_note(p, "3.6.5", "%s may not enter %s in any "
			    "formation, not even %s", u->name, names,
			    rs->form[m->auto_form].label);
		return;
	}
	/* 3.6.5 / 3.6.6: obstacles on the edges the front crosses. */
	if (!diag) {
		for (i = 0; i < nn; i++) {
			prev.x = nf[i].x - dir_dx[d];
			prev.y = nf[i].y - dir_dy[d];
			if (!map_inside(map, prev.x, prev.y))
				continue;
			ob = map_edge(map, prev.x, prev.y, d, &pass);
			if (ob == 0)
				continue;
			if (pass != PASS_NONE) {
				if (pass == PASS_BRIDGE &&
				    map_cell(map, prev.x, prev.y)->road ==
				    ROAD_BIG && map_cell(map, nf[i].x,
				    nf[i].y)->road == ROAD_BIG)
					bigbridge = true;
				else {
					narrow_kind = pass;
					p->flags |= MPF_NARROW;
					p->passage = (int)(((size_t)prev.y *
					    (size_t)map->w + (size_t)prev.x) *
					    4 + (size_t)d / 2);
				}
				continue;
			}
			if (rs->obst[ob].forbid & (1u << w->form)) {
				p->verdict = MOVE_NEVER;
				p->halt = HALT_OBSTACLE;
				if (w->explain)
					price_note(p, "3.6.5", "%s may not "
					    "cross the %s", fd->label,
					    lname(rs->obst[ob].label));
				return;
			}
			e = rs->obst[ob].pr + rs->obst[ob].pe;
			if (e > oc) {
				oc = e;
				obest = ob;
			}
		}
	}
	if ((p->flags & MPF_NARROW) && w->explain)
		price_note(p, "3.6.6", "the %s ahead is a narrow passage: one "
		    "unit a turn", narrow_kind == PASS_GATE ? "gate" :
		    "bridge");
	c = map_cell(map, to.x, to.y);
	if ((c->flags & CELL_DEFILE) &&
	    !(map_cell(map, w->pos.x, w->pos.y)->flags & CELL_DEFILE)) {
		p->flags |= MPF_NARROW;
		p->passage = (int)(((size_t)to.y * (size_t)map->w +
		    (size_t)to.x) * 4 + 3);
		if (w->explain)
			price_note(p, "3.6.6", "the defile ahead is a narrow "
			    "passage: one unit a turn");
	}
	/* 3.6.5: entering new landscape costs Pr + Pe. */
	enter = new_l & ~old_l;
	for (l = 0; enter != 0 && l < rs->nland; l++) {
		if ((enter & ((uint64_t)1 << l)) == 0)
			continue;
		e = rs->land[l].pr + unit_pe(g, u, w->form, l, NULL);
		if (e > ecost) {
			ecost = e;
			eland = l;
		}
	}
	if (eland >= 0 && road == ROAD_BIG) {
		if (w->explain)
			price_note(p, "3.6.6", "enters %s on the big road: "
			    "landscape does not slow it",
			    lname(rs->land[eland].label));
		ecost = 0;
		eland = -1;
	}
	/* 3.6.5 contours: the first ones in a turn are free. */
	nc = map_contours(map, w->pos, to);
	if (nc > 0) {
		free_c = m->free_contours - w->contours;
		if (free_c < 0)
			free_c = 0;
		e = nc > free_c ? nc - free_c : 0;
		if (road == ROAD_BIG) {
			if (w->explain && e > 0)
				price_note(p, "3.6.6", "crosses %d contour%s "
				    "on the big road: no effect", nc,
				    nc > 1 ? "s" : "");
		} else if (e > 0) {
			int per = m->contour_cost;

			if (road == ROAD_SMALL)
				per = per > m->road_relief ?
				    per - m->road_relief : 0;
			ccost = e * per;
		}
	}
	/* 3.6.6: on a small road the landscape slows one less. */
	if (eland >= 0 && road == ROAD_SMALL) {
		pe = unit_pe(g, u, w->form, eland, NULL);
		relief = pe > m->road_relief ? m->road_relief : pe;
		ecost -= relief;
	}
	step = obest > 0 ? m->obstacle_width : dir_step_cost(d);
	p->ticks = step + (obest > 0 ? oc : 0) + ecost + ccost;
	/*
	 * M18 reading: a crossing dearer than the most the unit can move in
	 * any turn is never made (only a may_end_on obstacle is crossed over
	 * two turns).  Saying so turns the walk and the planner to a gate, a
	 * gap or a bridge, where "not this turn" had them wait before it for
	 * good.  Whether such a crossing should be allowed at all is the
	 * rule's question (doc/rules.md, M16 to M19), not the planner's.
	 */
	if (obest > 0 && !rs->obst[obest].may_end_on &&
	    m->obstacle_width + oc > (most = most_allowance(g, w))) {
		p->verdict = MOVE_NEVER;
		p->halt = HALT_OBSTACLE;
		if (w->explain)
			price_note(p, "3.6.5", "%s can never cross the %s "
			    "here: %s (Pr %s + Pe %s + %s wide) is more "
			    "than the %s it moves at most in a turn in %s",
			    u->name, lname(rs->obst[obest].label),
			    bd(rs, m->obstacle_width + oc),
			    num(rs, rs->obst[obest].pr),
			    num(rs, rs->obst[obest].pe),
			    bd(rs, m->obstacle_width), bd(rs, most),
			    fd->label);
		return;
	}
	if (obest > 0) {
		p->halt = HALT_OBSTACLE;
		/* Issue 12, decision 3: met on a slant, the front squares
		 * itself to the obstacle as part of the crossing. */
		if (dir_diff(w->facing, d) == 1 &&
		    !(fd->flags & FORMF_FREE_TURN)) {
			p->flags |= MPF_SQUARE;
			if (w->explain)
				price_note(p, "3.6.5", "squares its front to "
				    "the %s as part of the crossing: no "
				    "turn to pay", lname(rs->obst[obest].label));
		}
		if (rs->obst[obest].may_end_on)
			p->flags |= MPF_MAY_END_ON;
		/* Issue 12: the crossing and the Pr + Pe of ground behind
		 * it must be paid for; the rest (the contours) is paid as
		 * far as what is left goes. */
		p->need = m->obstacle_width + oc + ecost;
		/* M19: with no more left than the crossing itself (less only
		 * on a minimum move) the unit ends as a Mob. */
		if (w->left <= m->obstacle_width + oc &&
		    !rs->obst[obest].may_end_on)
			p->flags |= MPF_MOB_AFTER;
		if (w->explain)
			price_note(p, "3.6.5", "crosses the %s (Pr %s + Pe %s "
			    "+ %s wide) = %s, %s left; its front is square "
			    "to it, facing %s", lname(rs->obst[obest].label),
			    num(rs, rs->obst[obest].pr),
			    num(rs, rs->obst[obest].pe),
			    bd(rs, m->obstacle_width),
			    bd(rs, m->obstacle_width + oc),
			    bd(rs, w->left > p->ticks ? w->left - p->ticks : 0), dir_name(d));
	} else if (bigbridge && w->explain)
		price_note(p, "3.6.6", "crosses the bridge of the big road: "
		    "part of the road, no effect");
	if (eland >= 0 && ecost > 0) {
		/* 3.6.5: only Pr + Pe above what is left stops it before
		 * the new ground, not the step itself (issue 12, decision
		 * 2). */
		if (obest <= 0) {
			p->halt = HALT_TERRAIN;
			p->need = ecost;
		}
		pe = unit_pe(g, u, w->form, eland, &factor);
		if (w->explain && relief > 0)
			price_note(p, "3.6.6", "enters %s on a small road (Pr %s "
			    "+ Pe %s%s, less %s) = -%s, %s left",
			    lname(rs->land[eland].label),
			    num(rs, rs->land[eland].pr),
			    num(rs, rs->land[eland].pe), factor > 1 ? " x 2" :
			    "", bd(rs, relief), bd(rs, ecost),
			    bd(rs, w->left > p->ticks ? w->left - p->ticks : 0));
		else if (w->explain)
			price_note(p, "3.6.5", "enters %s (%s%s%sPe %s%s): -%s "
			    "besides the step, %s left", lname(rs->land[eland].label),
			    rs->land[eland].pr ? "Pr " : "",
			    rs->land[eland].pr ? num(rs, rs->land[eland].pr) :
			    "", rs->land[eland].pr ? " + " : "",
			    num(rs, rs->land[eland].pe), factor > 1 ?
			    " x 2 for a cavalry Manoeuvre Column" : "",
			    bd(rs, ecost), bd(rs, w->left > p->ticks ? w->left - p->ticks : 0));
	}
	if (ccost > 0 && w->explain)
		price_note(p, "3.6.5", "crosses %d contour%s, %d free this "
		    "turn%s: -%s, %s left", nc, nc > 1 ? "s" : "",
		    m->free_contours, road == ROAD_SMALL ?
		    " (one less on the small road)" : "", bd(rs, ccost),
		    bd(rs, w->left > p->ticks ? w->left - p->ticks : 0));
	else if (nc > 0 && road != ROAD_BIG && w->explain)
		price_note(p, "3.6.5", "crosses %d contour%s: free (%d free "
		    "per turn%s)", nc, nc > 1 ? "s" : "", m->free_contours,
		    road == ROAD_SMALL ? ", one less on the small road" : "");
	if ((p->flags & MPF_MOB_AFTER) && w->explain)
		price_note(p, "3.6.5", "its speed left is %s the crossing: "
		    "it crosses but ends as a Mob", w->left ==
		    m->obstacle_width + oc ? "exactly" : "less than");
}

void
nap_move_step(const struct game *g, const struct move_walk *w, enum dir d,
    struct move_price *p)
{
	struct point *of = game_cells_take(g), *nf = game_cells_take(g);

	move_step_in(g, w, d, p, of, nf);
	game_cells_give(g, nf);
	game_cells_give(g, of);
}

int
nap_move_contact(const struct game *g, const struct move_walk *w, int e,
    struct move_price *p)
{
	const struct ruleset *rs = g->rs;
	const struct nap_move *m = nap_move(rs);
	const struct unit *u = &g->units[w->unit], *eu = &g->units[e];

	price_init(p);
	p->halt = HALT_CONTACT;
	if (unit_gone(eu))
		return -1;
	/* 3.6.8: routers stop neither infantry nor cavalry; touching them
	 * brings 3.9.5 (captured or scattered). */
	if (eu->cond == COND_ROUTED && u->arm != ARM_ARTILLERY) {
		price_note(p, "3.9.5", "%s does not stop for the routed %s "
		    "(3.6.8) and touches it: the routers are captured or "
		    "scattered (3.9.5)", u->name, eu->name);
		return -1;
	}
	switch (u->arm) {
	case ARM_INFANTRY:
		price_note(p, "3.6.8", "infantry stops more than %s and less "
		    "than %s from %s: both are in battle contact",
		    bd(rs, m->inf_more), bd(rs, m->inf_less), eu->name);
		return m->inf_more;
	case ARM_CAVALRY:
		if (m->cav_forms & (1u << w->form)) {
			price_note(p, "3.6.8", "cavalry in %s stops a little "
			    "more than %s from %s", rs->form[w->form].label,
			    bd(rs, m->cav_more), eu->name);
			return m->cav_more;
		}
		price_note(p, "3.6.8", "cavalry in %s closes on %s until it "
		    "may charge", rs->form[w->form].label, eu->name);
		return m->cav_charge;
	default:
		price_note(p, "3.6.8", "a %s battery stops a little more "
		    "than %s from %s", rs->form[w->form].label,
		    bd(rs, m->art_more), eu->name);
		return m->art_more;
	}
}

void
nap_move_pass(const struct game *g, const struct move_walk *w, int f,
    enum dir d, bool moving, struct move_price *p)
{
	const struct ruleset *rs = g->rs;
	const struct unit *u = &g->units[w->unit], *fu = &g->units[f];
	unsigned mf = rs->form[w->form].flags, ff = rs->form[fu->formation].flags;
	int k = dir_diff(d, fu->facing);
	const char *why = NULL;

	price_init(p);
	/* 3.6.7: which faces block.  The walker leads with its front. */
	if (mf & (FORMF_BLOCK_ALL | FORMF_BLOCK_FRONT))
		why = rs->form[w->form].label;
	else if (fu->cond == COND_FORMED && (ff & FORMF_BLOCK_ALL))
		why = rs->form[fu->formation].label;
	else if (fu->cond == COND_FORMED && (ff & FORMF_BLOCK_FRONT) &&
	    k != 2)
		why = rs->form[fu->formation].label;
	else if (fu->cond == COND_FORMED && (ff & FORMF_BLOCK_FLANK) &&
	    k != 0 && k != 4)
		why = rs->form[fu->formation].label;
	if (moving || why != NULL)
		p->flags |= MPF_DISORDER;
	if (!w->explain)
		return;
	if (moving)
		price_note(p, "3.6.7", "%s passes through %s, which is moving "
		    "itself: both become Mobs", u->name, fu->name);
	else if (why != NULL)
		price_note(p, "3.6.7", "%s passes through %s (%s blocks from "
		    "that side): both become Mobs", u->name, fu->name, why);
	else
		price_note(p, "3.6.7", "%s passes through standing %s: "
		    "neither blocks", u->name, fu->name);
}

void
nap_move_end(const struct game *g, struct move_walk *w)
{
	const struct ruleset *rs = g->rs;
	const struct nap_move *m = nap_move(rs);
	const struct unit *u = &g->units[w->unit];
	int used, left;

	if (u->arm != ARM_ARTILLERY || !w->arrived || w->form != m->limbered ||
	    w->cond != COND_FORMED)
		return;
	used = (w->allowance - w->left + rs->ticks - 1) / rs->ticks;
	left = NAP_AP(w) - used;
	if (left < m->unlimber_ap) {
		move_note(w, EV_NOTE, "3.6.3", "%s reaches its destination "
		    "with %d AP left: it unlimbers next turn", u->name,
		    left < 0 ? 0 : left);
		return;
	}
	if (game_fits(g, w->unit, w->pos, w->facing, m->unlimbered, -1,
	    NULL) != 0) {
		move_note(w, EV_NOTE, "3.6.3", "%s has no room to unlimber "
		    "here", u->name);
		return;
	}
	w->form = m->unlimbered;
	NAP_AP(w) = left - m->unlimber_ap;
	move_note(w, EV_FORMATION, "3.6.3", "%s unlimbers at its "
	    "destination facing %s: %d AP (moved %d AP, %d of %d AP left)",
	    u->name, dir_name(w->facing), m->unlimber_ap, used, NAP_AP(w),
	    nap_drill(rs, u));
}

/* The rule each kind of halt comes under. */
const char *
nap_move_rule(enum halt h)
{
	switch (h) {
	case HALT_SPEED:
		return "3.6.3";
	case HALT_TERRAIN:
	case HALT_OBSTACLE:
		return "3.6.5";
	case HALT_PASSAGE:
		return "3.6.6";
	case HALT_BLOCKED:
		return "3.6.7";
	case HALT_CONTACT:
		return "3.6.8";
	default:
		return "3.6.1";
	}
}

/* The allowance op: the same reckoning as a walk's start. */
/* A speed from the table as the data writes it: "Drill - 2 BD", "3 BD". */
static void
speed_text(const struct ruleset *rs, const struct nap_speed *sp, char *b,
    size_t len)
{
	char n[16];

	if (sp->mul == 0) {
		ruleset_fmt(rs, sp->add, b, len);
		return;
	}
	ruleset_fmt(rs, sp->add < 0 ? -sp->add : sp->add, n, sizeof n);
	if (sp->add == 0)
		snprintf(b, len, "%sDrill (in %s)", sp->mul == 1 ? "" : "k x ",
		    rs->unit);
	else
		snprintf(b, len, "Drill %c %s", sp->add < 0 ? '-' : '+', n);
}

void
nap_describe(const struct ruleset *rs,
    void (*line)(void *, int, const char *), void *arg)
{
	const struct nap_move *m = nap_move(rs);
	char t[200], a[48], b[48];
	int arm, f, k;

	line(arg, 0, "Speeds by arm and formation (3.6.3), per turn");
	for (arm = 0; arm < ARM_ARTILLERY; arm++)
		for (f = 0; f < rs->nform; f++) {
			if (!m->speed[arm][f].set)
				continue;
			speed_text(rs, &m->speed[arm][f], a, sizeof a);
			snprintf(t, sizeof t, "%-9s %-18s %s%s", arm_name(arm),
			    rs->form[f].label, a, rs->form[f].flags &
			    FORMF_ROAD ? " on a road (3.6.6)" : "");
			line(arg, 2, t);
		}
	for (k = 0; k < rs->nklass; k++) {
		if (rs->klass[k].arm != ARM_ARTILLERY)
			continue;
		ruleset_fmt(rs, m->art_speed[k], a, sizeof a);
		snprintf(t, sizeof t, "%-9s %-18s %s limbered", "artillery",
		    rs->klass[k].label, a);
		line(arg, 2, t);
	}
	ruleset_fmt(rs, m->art_road, a, sizeof a);
	snprintf(t, sizeof t, "limbered batteries on a road: %s", a);
	line(arg, 2, t);
	ruleset_fmt(rs, m->rc_crowded, a, sizeof a);
	snprintf(t, sizeof t, "road column with other units on its road: "
	    "%s (3.6.6)", a);
	line(arg, 2, t);
	snprintf(t, sizeof t, "road column off a road: moves and turns as "
	    "%s (3.6.6)", rs->form[m->rc_off_road].label);
	line(arg, 2, t);
	ruleset_fmt(rs, m->musician, a, sizeof a);
	snprintf(t, sizeof t, "drum or trumpet: +%s", a);
	line(arg, 2, t);
	snprintf(t, sizeof t, "batteries: action points = Drill; limbering "
	    "%d AP, unlimbering %d AP, each free AP +1 %s (3.6.3)",
	    m->limber_ap, m->unlimber_ap, rs->unit);
	line(arg, 2, t);
	ruleset_fmt(rs, m->turn_per_45, a, sizeof a);
	snprintf(t, sizeof t, "turning the front: %s per 45 degrees, free "
	    "for formations that turn free and on roads", a);
	line(arg, 2, t);
	ruleset_fmt(rs, m->low_change, a, sizeof a);
	ruleset_fmt(rs, m->high_change, b, sizeof b);
	snprintf(t, sizeof t, "optional 1d%d (3.6.4): %d gives %s, %d "
	    "gives +%s", m->die, m->low_roll, a, m->high_roll, b);
	line(arg, 2, t);
	ruleset_fmt(rs, m->contour_cost, a, sizeof a);
	snprintf(t, sizeof t, "contours (3.6.5): %d a turn free, each "
	    "further one %s", m->free_contours, a);
	line(arg, 2, t);
	line(arg, 0, "");
	nap_phases_describe(rs, line, arg);
}

/* --- the phases ---------------------------------------------------------- */

/* 3.5.1: the nearest enemy within the restore gap of unit i, or -1. */
static int
restore_enemy(const struct game *g, int i, int *gap)
{
	const struct nap_move *m = nap_move(g->rs);
	const struct unit *u = &g->units[i], *e;
	int j, gp, best = -1;

	for (j = 0; j < g->nunits; j++) {
		e = &g->units[j];
		if (e->side == u->side || !unit_active(e))
			continue;
		gp = nap_gap(g, i, j);
		if (gp <= m->restore_gap && (best < 0 || gp < *gap)) {
			best = j;
			*gap = gp;
		}
	}
	return best;
}

/* 3.5.1: a Mob under a Restore order re-forms (the whole turn). */
static void
restore_unit(struct game *g, int i)
{
	const struct ruleset *rs = g->rs;
	const struct nap_move *m = nap_move(rs);
	struct unit *u = &g->units[i];
	int e, gap = 0;

	if (u->cond != COND_MOB) {
		if (u->order.arrives == g->turn)
			game_log(g, i, EV_FORMATION, "3.5.1", "%s is not a "
			    "Mob: nothing to restore; it holds where it "
			    "stands", u->name);
		return;
	}
	if ((e = restore_enemy(g, i, &gap)) >= 0) {
		game_log(g, i, EV_FORMATION, "3.5.1", "%s cannot re-form: %s "
		    "is %s away, within %s; it stays a Mob", u->name,
		    g->units[e].name, bd(rs, gap), bd(rs, m->restore_gap));
		return;
	}
	u->cond = COND_FORMED;
	u->halt = HALT_NONE;
	game_log(g, i, EV_CONDITION, "3.5.1", "%s re-forms as %s on its "
	    "Restore order: the whole turn goes to it%s", u->name,
	    rs->form[u->formation].label, nap_musician(rs, u) ? "" :
	    "; a musician lost stays lost");
}

void
nap_phase_formation(struct game *g)
{
	const struct ruleset *rs = g->rs;
	struct unit *u;
	struct point bad;
	int i, f;

	for (i = 0; i < g->nunits; i++) {
		u = &g->units[i];
		if (!unit_active(u))
			continue;
		if (u->order.kind == ORDER_RESTORE) {
			restore_unit(g, i);
			continue;
		}
		if (u->order.kind != ORDER_FORMATION)
			continue;
		f = u->order.formation;
		if (u->formation == f)
			continue;
		if (game_fits(g, i, u->pos, u->facing, f, -1, &bad) != 0) {
			game_log(g, i, EV_FORMATION, "3.6.5", "%s has no room "
			    "to form %s here (cell [%d, %d])", u->name,
			    rs->form[f].label, bad.x, bad.y);
			continue;
		}
		game_occupy(g, i, false);
		game_log(g, i, EV_FORMATION, "3.6.5", "%s changes from %s to "
		    "%s on its Formation order: the change takes the whole "
		    "turn", u->name, rs->form[u->formation].label,
		    rs->form[f].label);
		u->formation = f;
		game_occupy(g, i, true);
	}
}

/* --- group orders: a line wheeling as one body (3.6.3) ------------------- */

/* What the movement phase does for each unit after the groups are seen. */
struct gplan {
	int		*cap;		/* pace, ticks (-1: its own) */
	char		**note;		/* owned: explains the cap */
	struct point	*goal;		/* a member's place this turn */
	bool		*has_goal;
	bool		*done;		/* moved already (a wheel used it all) */
	int		*extra;		/* ticks moved in the wheel, added */
};

/* A member of a group's line, ordered left to right along the front. */
struct gmem {
	int		 unit;
	int		 along;		/* place along the front line */
	int		 at;		/* anchor: cells right of the left end */
	int		 dist;		/* ticks from the pivot to the anchor */
	int		 gap;		/* ticks of open ground between it and
					   its neighbour nearer the pivot */
};

static int
gmem_cmp(const void *a, const void *b)
{
	const struct gmem *x = a, *y = b;

	if (x->along != y->along)
		return x->along < y->along ? -1 : 1;
	return x->unit < y->unit ? -1 : x->unit > y->unit;
}

static struct point
pt_add(struct point p, int k, enum dir d)
{
	p.x += k * dir_dx[d];
	p.y += k * dir_dy[d];
	return p;
}

/* Columns left of the anchor on the front rank ((frontage - 1) / 2, as
 * geom_footprint lays it) and the frontage itself, in cells of facing f:
 * fewer on a diagonal, where geom_span counts them again (issue 12,
 * decision 4). */
static int
front_of(const struct game *g, const struct unit *u, enum dir f, int *off)
{
	int w = geom_span(f, g->rs->form[u->formation].frontage[u->arm]);

	*off = (w - 1) / 2;
	return w;
}

/* Ticks one cell measures along a line facing f (across the facing). */
static int
cell_ticks(enum dir f)
{
	return dir_diagonal(f) ? STEP_DIAG : STEP_ORTHO;
}

/*
 * The members of unit i's group order that hold it now and may take
 * part (active): written to m[], counted in the return value.
 */
static int
group_members(const struct game *g, int i, struct gmem *m)
{
	const struct order *o = &g->units[i].order;
	const struct unit *u;
	int j, n = 0;

	for (j = 0; j < o->ngroup; j++) {
		u = &g->units[o->group[j]];
		if (!unit_active(u) || u->order.kind != ORDER_MOVE ||
		    !order_same_group(&u->order, o))
			continue;
		memset(&m[n], 0, sizeof m[n]);
		m[n++].unit = o->group[j];
	}
	return n;
}

/*
 * Whether the n members (all the group names) stand in one line: formed,
 * out of battle contact, one facing, fronts on one line, side by side
 * (each within movement.wheel_gap of the next, none overlapping).  Sorts
 * m[] left to right, fills at, and gives the line's left end cell and its
 * width in cells.
 */
static bool
group_line(const struct game *g, struct gmem *m, int n, struct point *left,
    int *width)
{
	const struct nap_move *mv = nap_move(g->rs);
	const struct unit *u0 = &g->units[m[0].unit], *u;
	enum dir f = u0->facing, r = dir_turn(f, 2);
	int line0 = u0->pos.x * dir_dx[f] + u0->pos.y * dir_dy[f];
	int j, off, w, t, end = 0;

	for (j = 0; j < n; j++) {
		u = &g->units[m[j].unit];
		if (u->cond != COND_FORMED || u->facing != f ||
		    (u->halt == HALT_CONTACT && u->halt_turn >= g->turn - 1) ||
		    (g->rs->form[u->formation].flags & FORMF_IMMOBILE) ||
		    u->pos.x * dir_dx[f] + u->pos.y * dir_dy[f] != line0)
			return false;
		m[j].along = -u->pos.x * dir_dy[f] + u->pos.y * dir_dx[f];
	}
	qsort(m, (size_t)n, sizeof *m, gmem_cmp);
	for (j = 0; j < n; j++) {
		u = &g->units[m[j].unit];
		w = front_of(g, u, f, &off);
		if (j == 0)
			*left = pt_add(u->pos, -off, r);
		/* Cells from the left end along r (the line holds them). */
		t = dir_dx[r] != 0 ? (u->pos.x - left->x) / dir_dx[r] :
		    (u->pos.y - left->y) / dir_dy[r];
		m[j].at = t;
		if (j > 0 && (t - off <= end ||
		    nap_gap(g, m[j - 1].unit, m[j].unit) > mv->wheel_gap))
			return false;
		end = t + w - 1 - off;
	}
	*width = end + 1;
	return true;
}

/*
 * Whether every member fits at its new place (to[], facing f): on the
 * map, on ground its formation may stand on, on no unit outside the
 * group, and no nearer an enemy than the gap it must keep from him
 * (3.6.8), if that is nearer than it stands now.  If not, why says so.
 */
static bool
group_fits_in(const struct game *g, const struct gmem *m, int n,
    const struct point *to, enum dir f, char *why, size_t len,
    struct point *cells, struct point *now, struct point *ec)
{
	const struct ruleset *rs = g->rs;
	struct move_price price;
	struct move_walk w;
	const struct unit *u, *e;
	int j, k, c, cn, ce, who, x, keep, gap;
	bool ours;

	for (j = 0; j < n; j++) {
		u = &g->units[m[j].unit];
		c = game_footprint_at(g, u, to[j], f, u->formation, cells);
		for (k = 0; k < c; k++) {
			if (!map_inside(g->map, cells[k].x, cells[k].y) ||
			    (rs->land[map_cell(g->map, cells[k].x,
			    cells[k].y)->land].forbid &
			    (1u << u->formation)) != 0) {
				snprintf(why, len, "%s has no room: cell [%d, "
				    "%d]", u->name, cells[k].x, cells[k].y);
				return false;
			}
			who = game_unit_at(g, cells[k].x, cells[k].y);
			for (ours = who < 0, x = 0; !ours && x < n; x++)
				ours = m[x].unit == who;
			if (!ours) {
				snprintf(why, len, "%s has no room: %s stands "
				    "on cell [%d, %d]", u->name,
				    g->units[who].name, cells[k].x,
				    cells[k].y);
				return false;
			}
		}
		if (g->rs->ops->move_contact == NULL)
			continue;
		cn = game_footprint(g, u, now);
		move_walk_init(g, m[j].unit, &w);
		for (x = 0; x < g->nunits; x++) {
			e = &g->units[x];
			if (e->side == u->side || unit_gone(e))
				continue;
			ce = game_footprint(g, e, ec);
			gap = move_gap(cells, c, ec, ce);
			if (gap >= move_gap(now, cn, ec, ce))
				continue;
			keep = g->rs->ops->move_contact(g, &w, x, &price);
			if (keep >= 0 && gap <= keep) {
				snprintf(why, len, "%s would come within %s of "
				    "%s, nearer than the gap it keeps (3.6.8)",
				    u->name, bd(rs, gap), e->name);
				move_walk_free(&w);
				return false;
			}
		}
		move_walk_free(&w);
	}
	return true;
}

/* group_fits_in with its three buffers of cells from the game's pool. */
static bool
group_fits(const struct game *g, const struct gmem *m, int n,
    const struct point *to, enum dir f, char *why, size_t len)
{
	struct point *cells = game_cells_take(g), *now = game_cells_take(g);
	struct point *ec = game_cells_take(g);
	bool fits;

	fits = group_fits_in(g, m, n, to, f, why, len, cells, now, ec);
	game_cells_give(g, ec);
	game_cells_give(g, now);
	game_cells_give(g, cells);
	return fits;
}

/* The centre cell of the line's front. */
static struct point
group_centre(const struct game *g, const struct gmem *m, struct point left,
    int width)
{
	return pt_add(left, (width - 1) / 2,
	    dir_turn(g->units[m[0].unit].facing, 2));
}

/*
 * Whole steps the line may march straight ahead (its facing f) before its
 * front's centre c is level with the destination to, keeping every
 * member's anchor on the map: each member's place is its anchor that many
 * steps ahead.  0 when to is not ahead.
 */
static int
group_ahead(const struct game *g, const struct gmem *m, int n,
    struct point c, struct point to, enum dir f, struct gplan *pl)
{
	int dx = dir_dx[f], dy = dir_dy[f], j, t, k;
	struct point p;

	t = (to.x - c.x) * dx + (to.y - c.y) * dy;
	if (dir_diagonal(f))
		t /= 2;
	for (j = 0; j < n && t > 0; j++) {
		p = g->units[m[j].unit].pos;
		for (k = t; k > 0 && !map_inside(g->map, p.x + k * dx,
		    p.y + k * dy); k--)
			;
		t = k;
	}
	for (j = 0; j < n && t > 0; j++) {
		p = g->units[m[j].unit].pos;
		pl->goal[m[j].unit] = pt_add(p, t, f);
		pl->has_goal[m[j].unit] = true;
	}
	return t > 0 ? t : 0;
}

/* The slowest member's allowance (ticks). */
static int
group_slowest(struct game *g, const struct gmem *m, int n)
{
	int j, a, lo = -1;

	for (j = 0; j < n; j++) {
		a = move_allowance(g, m[j].unit, false);
		if (lo < 0 || a < lo)
			lo = a;
	}
	return lo;
}

/* The line's turn ends where it stands (after a wheel, or arrived): each
 * member's bookkeeping and its closing line. */
static void
group_stop(struct game *g, const struct gmem *m, int n, struct gplan *pl,
    enum halt halt, const char *why)
{
	const struct ruleset *rs = g->rs;
	struct unit *u;
	int j;

	for (j = 0; j < n; j++) {
		u = &g->units[m[j].unit];
		u->moved = pl->extra[m[j].unit];
		u->halt = halt;
		u->halt_turn = g->turn;
		u->contact = -1;
		free(u->route);
		u->route = NULL;
		u->nroute = 0;
		pl->done[m[j].unit] = true;
		game_log(g, m[j].unit, EV_MOVE, "3.6.3", "%s moves %s with its "
		    "line: stops at [%d, %d] facing %s, %s: %s", u->name,
		    bd(rs, u->moved), u->pos.x, u->pos.y, dir_name(u->facing),
		    rs->form[u->formation].label, why);
		if (halt == HALT_ARRIVED) {
			u->order.kind = ORDER_NONE;
			u->wheeled = 0;
			game_log(g, m[j].unit, EV_ORDER, "3.6.3", "%s's Move "
			    "order is complete", u->name);
		}
	}
}

/*
 * Where the members' anchors stand (to[]) on the line turned to face fs
 * about pivot, the cell of the inner flank that does not move (cw: the
 * right end, the members laid out from it leftwards; otherwise the left
 * end, rightwards).  The blocks go end to end outwards from the pivot in
 * their order, each as wide as it is facing fs (geom_span: a diagonal
 * block has fewer cells, the same length in ticks), with no cell between
 * two neighbours that touched (3.6.3: the line stays closed) and an open
 * gap kept to the nearest whole cell of fs, at least one (halves rounded
 * down, so a gap never outgrows movement.wheel_gap).  Each anchor thus
 * stands within a cell of its distance in ticks from the pivot before
 * the stage.
 */
static void
group_place(const struct game *g, const struct gmem *m, int n,
    struct point pivot, enum dir fs, bool cw, struct point *to)
{
	enum dir r = dir_turn(fs, 2);
	int st = cell_ticks(fs), next = 0, k, j, w, off, gc, idx;

	for (k = 0; k < n; k++) {
		j = cw ? n - 1 - k : k;		/* inner member first */
		w = front_of(g, &g->units[m[j].unit], fs, &off);
		gc = m[j].gap > 0 ? (2 * m[j].gap + st - 1) / (2 * st) : 0;
		if (m[j].gap > 0 && gc < 1)
			gc = 1;
		next += gc;
		/* Cells outwards from the pivot to the anchor. */
		idx = cw ? next + w - 1 - off : next + off;
		to[j] = pt_add(pivot, cw ? -idx : idx, r);
		next += w;
	}
}

/*
 * Wheel the line m[0..n-1] (left to right, left end `left`, width cells)
 * towards facing h as one body about its inner flank: the right end when
 * it turns clockwise, the left end otherwise.  45 degrees at a time; in
 * each stage every member moves from its place to its place on the
 * turned line (the chord of its arc round the pivot).  The outermost
 * member, farthest from the pivot, has the longest path: its allowance
 * less movement.wheel_outer_loss is the line's pace, and a stage is made
 * once that pace has paid the outermost member's chord, over several
 * turns if need be (unit.wheeled keeps what was paid, negative for a
 * wheel to the left, so that the same group order given again, or one
 * to another point the same way round, goes on with it).  Fills pl->extra
 * with each member's ground.  Returns the pace left (-1: the line could
 * not wheel on, it stops).
 */
static int
group_wheel(struct game *g, struct gmem *m, int n, struct point left,
    int width, enum dir h, struct gplan *pl)
{
	const struct ruleset *rs = g->rs;
	const struct nap_move *mv = nap_move(rs);
	enum dir f = g->units[m[0].unit].facing, fs;
	int turn = ((int)h - (int)f + DIR_COUNT) % DIR_COUNT;
	bool cw = turn <= DIR_COUNT / 2;
	int steps = cw ? turn : DIR_COUNT - turn, sgn = cw ? 1 : -1;
	int pidx = cw ? width - 1 : 0;
	struct point pivot = pt_add(left, pidx, dir_turn(f, 2));
	struct point to[ORDER_GROUP_MAX];
	char why[160];
	struct unit *u;
	int j, s, outer = 0, allow, pace, paid = 0, chord = 0, need, spent;
	int made = 0, share, k, lo, w, off, end;
	bool blocked = false;

	for (j = 0; j < n; j++) {
		/* Open cells between it and its inner neighbour. */
		k = cw ? j + 1 : j - 1;
		m[j].gap = 0;
		if (k >= 0 && k < n) {
			lo = cw ? j : k;	/* the left one of the two */
			w = front_of(g, &g->units[m[lo].unit], f, &off);
			end = m[lo].at - off + w - 1;
			front_of(g, &g->units[m[lo + 1].unit], f, &off);
			m[j].gap = (m[lo + 1].at - off - end - 1) *
			    cell_ticks(f);
		}
		m[j].dist = abs(m[j].at - pidx) * cell_ticks(f);
		if (m[j].dist > m[outer].dist)
			outer = j;
		/* Paid towards a stage the same way round (wheeled is
		 * negative for a wheel to the left). */
		if (sgn * g->units[m[j].unit].wheeled > paid)
			paid = sgn * g->units[m[j].unit].wheeled;
	}
	allow = move_allowance(g, m[outer].unit, false);
	pace = allow - mv->wheel_loss;
	if (pace < 0)
		pace = 0;
	spent = 0;
	for (s = 1; s <= steps; s++) {
		fs = dir_turn(f, sgn * s);
		group_place(g, m, n, pivot, fs, cw, to);
		chord = geom_dist(g->units[m[outer].unit].pos, to[outer]);
		if (!group_fits(g, m, n, to, fs, why, sizeof why)) {
			blocked = true;
			paid = 0;
			break;
		}
		need = chord - paid;
		if (need > pace - spent) {
			/* Not this turn: the pace goes into the stage. */
			paid += pace - spent;
			spent = pace;
			break;
		}
		spent += need;
		paid = 0;
		for (j = 0; j < n; j++)
			game_occupy(g, m[j].unit, false);
		for (j = 0; j < n; j++) {
			u = &g->units[m[j].unit];
			u->pos = to[j];
			u->facing = fs;
		}
		for (j = 0; j < n; j++)
			game_occupy(g, m[j].unit, true);
		made++;
	}
	for (j = 0; j < n; j++) {
		u = &g->units[m[j].unit];
		u->wheeled = sgn * paid;
		/* Every member turns through the same angle: its ground is
		 * the outermost's in proportion to its distance. */
		share = m[outer].dist > 0 ?
		    spent * m[j].dist / m[outer].dist : 0;
		pl->extra[m[j].unit] = share;
		game_log(g, m[j].unit, EV_MOVE, "3.6.3", "%s wheels %s with "
		    "its line of %d units about the %s flank [%d, %d] to "
		    "face %s: the outermost unit, %s, %s from the pivot, "
		    "has the longest path and sets the pace, %s - %s = %s; a "
		    "45-degree stage moves it %s; the line turns %d x 45 "
		    "degrees%s%s; this unit, %s from the pivot, moves %s",
		    u->name, cw ? "right" : "left", n, cw ? "right" : "left",
		    pivot.x, pivot.y, dir_name(h),
		    g->units[m[outer].unit].name, bd(rs, m[outer].dist),
		    bd(rs, allow), bd(rs, mv->wheel_loss), bd(rs, pace),
		    bd(rs, chord), made,
		    paid > 0 ? ", paid towards the next stage " : "",
		    paid > 0 ? bd(rs, paid) : "", bd(rs, m[j].dist),
		    bd(rs, share));
	}
	if (blocked) {
		char stop[224];

		snprintf(stop, sizeof stop, "the line cannot wheel on to face "
		    "%s: %s", dir_name(dir_turn(f, sgn * (made + 1))), why);
		group_stop(g, m, n, pl, HALT_BLOCKED, stop);
		return -1;
	}
	if (made < steps) {
		group_stop(g, m, n, pl, HALT_SPEED, "the pace is spent; the "
		    "wheel goes on next turn");
		return -1;
	}
	return pace - spent;
}

/*
 * Group orders (3.6.3): for every group whose members all hold it and
 * stand in one line, the line wheels about its inner flank until it faces
 * the destination, then marches straight on as one body; members that do
 * not stand in one line each march alone to their own places.
 */
static void
group_plan(struct game *g, struct gplan *pl)
{
	const struct ruleset *rs = g->rs;
	struct gmem m[ORDER_GROUP_MAX];
	struct point left, c, to;
	struct unit *u;
	bool *seen = xcalloc((size_t)g->nunits + 1, sizeof *seen);
	int i, j, n, width, pace, cap, lo;
	enum dir h, f;

	for (i = 0; i < g->nunits; i++) {
		u = &g->units[i];
		if (seen[i] || !unit_active(u) || u->order.kind != ORDER_MOVE ||
		    u->order.ngroup < 2)
			continue;
		n = group_members(g, i, m);
		for (j = 0; j < n; j++)
			seen[m[j].unit] = true;
		if (n != u->order.ngroup || !group_line(g, m, n, &left,
		    &width)) {
			for (j = 0; j < n; j++) {
				g->units[m[j].unit].wheeled = 0;
				game_log(g, m[j].unit, EV_NOTE, "3.6.3", "%s: "
				    "the units of its group order do not "
				    "stand in one line, so they do not wheel "
				    "as one: it marches alone to its own "
				    "place", g->units[m[j].unit].name);
			}
			continue;
		}
		to = u->order.to;
		f = g->units[m[0].unit].facing;
		c = group_centre(g, m, left, width);
		h = c.x == to.x && c.y == to.y ? f : geom_heading(c, to);
		pace = -1;
		if (h != f) {
			if ((pace = group_wheel(g, m, n, left, width, h,
			    pl)) < 0)
				continue;
			(void)group_line(g, m, n, &left, &width);
			c = group_centre(g, m, left, width);
			if (c.x == to.x && c.y == to.y) {
				group_stop(g, m, n, pl, HALT_ARRIVED, "its "
				    "front's centre is at the destination");
				continue;
			}
			if (geom_heading(c, to) != h) {
				group_stop(g, m, n, pl, HALT_SPEED, "the "
				    "wheel moved the front's centre, and the "
				    "destination is no longer straight ahead: "
				    "it wheels again next turn");
				continue;
			}
		} else
			for (j = 0; j < n; j++)
				g->units[m[j].unit].wheeled = 0;
		if (group_ahead(g, m, n, c, to, h, pl) == 0) {
			group_stop(g, m, n, pl, HALT_ARRIVED, "its front is "
			    "level with the destination");
			continue;
		}
		/* On: one pace for the line, its slowest member's, or what
		 * the wheel left if less (marshal's reading: the line stays
		 * closed). */
		lo = group_slowest(g, m, n);
		cap = pace >= 0 && pace < lo ? pace : lo;
		for (j = 0; j < n; j++) {
			pl->cap[m[j].unit] = cap;
			pl->note[m[j].unit] = xasprintf("%s marches straight on "
			    "with its line of %d units at one pace, %s (%s; "
			    "marshal's reading: the line stays closed), to "
			    "[%d, %d]", g->units[m[j].unit].name, n,
			    bd(rs, cap), pace >= 0 && pace < lo ?
			    "what the wheel left of the outermost unit's pace" :
			    "its slowest unit's allowance",
			    pl->goal[m[j].unit].x, pl->goal[m[j].unit].y);
		}
	}
	free(seen);
}

/* 3.6.8: stopped near the enemy, no charge and no new order: deploy. */
static bool
contact_deploy(struct game *g, int i)
{
	const struct ruleset *rs = g->rs;
	const struct nap_move *m = nap_move(rs);
	struct unit *u = &g->units[i];
	int f = m->deploy[u->arm];

	/* 3.4: a unit charged this turn stands to fight, not deploy. */
	if (u->halt != HALT_CONTACT || u->halt_turn != g->turn - 1 ||
	    u->charged == g->turn ||
	    u->order.issued > u->halt_turn || u->cond != COND_FORMED ||
	    (m->deploy_from & (1u << u->formation)) == 0 || f < 0 ||
	    f == u->formation)
		return false;
	if (game_fits(g, i, u->pos, u->facing, f, -1, NULL) != 0) {
		game_log(g, i, EV_FORMATION, "3.6.8", "%s would form %s by "
		    "itself but has no room", u->name, rs->form[f].label);
		return false;
	}
	game_occupy(g, i, false);
	game_log(g, i, EV_FORMATION, "3.6.8", "%s stopped near the enemy "
	    "last turn, was not charged (3.4) and has no new order: it "
	    "forms %s by itself, automatic, no order", u->name,
	    rs->form[f].label);
	u->formation = f;
	game_occupy(g, i, true);
	u->halt_turn = g->turn;
	return true;
}

void
nap_phase_movement(struct game *g)
{
	struct move_ctx *ctx;
	struct unit *u;
	struct gplan pl;
	size_t n = (size_t)g->nunits + 1;
	int i, k;

	/* The generals ride first (3.1.2, marshal's own rule). */
	command_ride(g);
	pl.cap = xmallocarray(n, sizeof *pl.cap);
	pl.note = xcalloc(n, sizeof *pl.note);
	pl.goal = xcalloc(n, sizeof *pl.goal);
	pl.has_goal = xcalloc(n, sizeof *pl.has_goal);
	pl.done = xcalloc(n, sizeof *pl.done);
	pl.extra = xcalloc(n, sizeof *pl.extra);
	for (i = 0; i < g->nunits; i++)
		pl.cap[i] = -1;
	group_plan(g, &pl);
	ctx = move_ctx_create(g);
	for (i = 0; i < g->nunits; i++) {
		u = &g->units[i];
		if (!unit_active(u) || pl.done[i])
			continue;
		if (contact_deploy(g, i))
			continue;
		switch (u->order.kind) {
		case ORDER_MOVE:
			if (u->halt == HALT_CONTACT &&
			    u->order.issued <= u->halt_turn &&
			    u->halt_turn >= g->turn - 1) {
				game_log(g, i, EV_MOVE, "3.6.8", "%s stays in "
				    "battle contact: it moves on only with a "
				    "new order", u->name);
				u->moved = 0;
				u->halt_turn = g->turn;
				break;
			}
			move_unit(g, ctx, i, pl.cap[i], pl.note[i],
			    pl.has_goal[i] ? &pl.goal[i] : NULL);
			u->moved += pl.extra[i];
			break;
		case ORDER_STOP:
		case ORDER_FORMATION:
		case ORDER_RESTORE:
			/* The kind of order is the side's secret: the
			 * enemy sees the unit stand, not why. */
			k = game_log(g, i, EV_MOVE, "3.6.2", "%s does not "
			    "move: it holds a %s order%s", u->name,
			    order_kind_name(u->order.kind),
			    u->moved > 0 && u->halt_turn == g->turn - 1 ?
			    " (it was moving: it stops)" : "");
			g->log.v[k].own = true;
			u->moved = 0;
			break;
		default:
			u->moved = 0;
			break;
		}
	}
	move_ctx_free(ctx);
	for (i = 0; i < g->nunits; i++)
		free(pl.note[i]);
	free(pl.note);
	free(pl.cap);
	free(pl.goal);
	free(pl.has_goal);
	free(pl.done);
	free(pl.extra);
}
