/*
 * napoleonic/move-begin.c - the start of a unit's move (3.6.3): its
 * allowance for the turn from its speed, the ground it starts in, its
 * road and musician and the speed roll, and an artillery unit's action
 * points for limbering, unlimbering and pivoting (the engine's
 * move_begin).
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
#include "rules/napoleonic/move-priv.h"
#include "rules/napoleonic/phases.h"
#include "util/textf.h"
#include "util/xalloc.h"

/* The length of a text after textf appended to it in a buffer of size
 * bytes: textf answers the length it would have written, which may run
 * past the buffer when a unit's or a formation's name is long. */
static size_t
fit(size_t n, size_t size)
{
	return n < size ? n : size - 1;
}

static const char *
musician_word(const struct unit *u)
{
	return u->arm == ARM_CAVALRY ? "trumpet" : "drum";
}

/* The Pe a unit pays at the start of its move for the ground it stands in
 * (3.6.5: moving through landscape lowers the speed), with the road. */
static int
start_pe(const struct game *g, const struct move_walk *w, int *land)
{
	const struct unit *u = &g->units[w->unit];
	const struct nap_move *m = nap_move(g->rs);
	struct point at, step;
	int i, n, pe, best = 0, road, l;

	*land = -1;
	/* The front rank, cell by cell in geom_footprint's order (its
	 * first highest Pe is kept), read where it lies. */
	n = geom_rank(w->pos, w->facing,
	    g->rs->form[w->form].frontage[u->arm], &at, &step);
	for (i = 0; i < n; i++, at.x += step.x, at.y += step.y) {
		if (!map_inside(g->map, at.x, at.y))
			continue;
		l = map_cell(g->map, at.x, at.y)->land;
		pe = unit_pe(g, u, w->form, l, NULL);
		if (pe > best) {
			best = pe;
			*land = l;
		}
	}
	road = road_at(g, w->pos);
	if (road == ROAD_BIG)
		return 0;
	if (road == ROAD_SMALL)
		best = best > m->road_relief ? best - m->road_relief : 0;
	return best;
}

/* Artillery: action points, limbering and pivoting (3.6.3).  The speed
 * line is written into t (cut to len - 1 bytes, as a buffer of len would
 * hold it). */
static int
art_begin(const struct game *g, struct move_walk *w, struct move_text *t,
    size_t len)
{
	const struct ruleset *rs = g->rs;
	const struct nap_move *m = nap_move(rs);
	const struct unit *u = &g->units[w->unit];
	const struct order *o = w->order;
	int ap = nap_drill(rs, u), speed, max, k, turns, cw, lim, unlim, per;
	int who;
	bool going, least;
	enum dir want, f;
	struct point bad;

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
			/* Short of AP for even 45 degrees: a move begins with
			 * nothing spent (w->fresh, set by every caller), and
			 * such a battery may always pivot 45 degrees. */
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
			/* What it will do next turn, and where it will
			 * face, are its order's: its side's (know.h). */
			if (turns < k) {
				move_note(w, EV_NOTE, "3.6.3", "%s goes on "
				    "pivoting to %s next turn under the same "
				    "order; it unlimbers when the pivot ends",
				    u->name, dir_name(want));
				move_note_own(w);
			} else if (unlim < m->unlimber_ap) {
				/* The pivot ends with no AP left to
				 * unlimber: that waits for next turn. */
				move_note(w, EV_NOTE, "3.6.3", "%s faces %s "
				    "with no AP left to unlimber: it unlimbers "
				    "next turn under the same order", u->name,
				    dir_name(want));
				move_note_own(w);
			}
			w->facing = f;
			w->order_done = turns == k && unlim == m->unlimber_ap;
			return -1;
		}
		if (game_fits(g, w->unit, w->pos, w->facing, m->limbered, -1,
		    &bad) != 0) {
			who = game_unit_at(g, bad.x, bad.y);
			move_note(w, EV_MOVE, "3.6.3", "%s has no room to "
			    "limber up: %s%s [%d, %d]", u->name, who >= 0 ?
			    g->units[who].name : "the edge of the field",
			    who >= 0 ? " stands at" : " at", bad.x, bad.y);
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
	/* "Foot battery, Limbered: 2 BD; drum +0.5 = 2.5 BD; 4 AP free:
	 * moves min(4 BD, 2.5 BD) = 2.5 BD" (by hand: every battery that
	 * moves writes one). */
	t->n = 0;
	move_text_s(t, rs->klass[u->klass].label);
	if (road_at(g, w->pos) != ROAD_NONE) {
		max = m->art_road;
		move_text_s(t, " battery on a road: ");
	} else {
		max = m->art_speed[u->klass];
		move_text_s(t, " battery, ");
		move_text_s(t, rs->form[w->form].label);
		move_text_s(t, ": ");
	}
	move_text_bd(t, rs, max);
	if (NAP_MUSICIAN(w)) {
		max += m->musician;
		move_text_s(t, "; drum +");
		move_text_bd(t, rs, m->musician);
		move_text_s(t, " = ");
		move_text_bd(t, rs, max);
	}
	if (ap < 0)
		ap = 0;
	speed = ap * rs->ticks < max ? ap * rs->ticks : max;
	move_text_s(t, "; ");
	move_text_i(t, ap);
	move_text_s(t, " AP free: moves min(");
	move_text_bd(t, rs, ap * rs->ticks);
	move_text_s(t, ", ");
	move_text_bd(t, rs, max);
	move_text_s(t, ") = ");
	move_text_bd(t, rs, speed);
	if (t->n >= len) {
		t->n = len - 1;
		t->b[t->n] = '\0';
	}
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
	bool same = false;	/* t holds text as it is, whole */

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
		if ((speed = art_begin(g, w, &t, sizeof text)) < 0)
			return -1;
		same = true;	/* its line is in t */
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
		n += (size_t)textf(text + n, sizeof text - n, "%s off a "
		    "road moves as %s; ", fd->label, rs->form[form].label);
		n = fit(n, sizeof text);
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
	same = n == t.n;
	/* 3.6.6: cavalry in Road Column keeps its full road speed only when
	 * no friend is on its way ahead to the waypoint; an enemy
	 * ahead stops it under 3.6.8 instead. */
	if ((fd->flags & FORMF_ROAD) && form == w->form &&
	    u->arm == ARM_CAVALRY && base > m->rc_crowded) {
		lim = road_friend(g, w);
		if (lim >= 0) {
			base = m->rc_crowded;
			n += (size_t)textf(text + n, sizeof text - n,
			    "; %s is on the road ahead: %s", g->units[lim].name,
			    bd(rs, base));
			n = fit(n, sizeof text);
		} else {
			n += (size_t)textf(text + n, sizeof text - n,
			    " (the road ahead is clear)");
			n = fit(n, sizeof text);
		}
		same = false;
	}
	if (base < 0) {
		/* The line's last append: n is not read after it. */
		(void)textf(text + n, sizeof text - n, ", counted as 0");
		base = 0;
		same = false;
	}
	speed = base;
	if (NAP_MUSICIAN(w)) {
		speed += m->musician;
		if (!same) {
			t.n = 0;
			move_text_s(&t, text);
		}
		move_text_s(&t, "; ");
		move_text_s(&t, musician_word(u));
		move_text_s(&t, " +");
		move_text_bd(&t, rs, m->musician);
		move_text_s(&t, " = ");
		move_text_bd(&t, rs, speed);
		n = t.n < sizeof text ? t.n : sizeof text - 1;
		memcpy(text, t.b, n);
		text[n] = '\0';
		same = n == t.n;
	}
modifiers:
	/* Issue 12: the minimum move is for a unit whose formation moves
	 * at all; ground and the roll do not take it away. */
	if (speed <= 0)
		w->fresh = false;
	if (!same) {	/* (t is text already, most often) */
		t.n = 0;
		move_text_s(&t, text);
	}
	move_note_text(w, EV_NOTE, "3.6.3", &t);
	if ((pe = start_pe(g, w, &land)) > 0) {
		speed -= pe;
		/* "moves through wood (Pe 1): -1 BD, 2 BD", by pieces as
		 * the speed's line (t is free again). */
		if (w->explain) {
			t.n = 0;
			move_text_s(&t, "moves through ");
			move_text_s(&t, lname(rs->land[land].label));
			move_text_s(&t, " (Pe ");
			move_text_s(&t, num(rs, rs->land[land].pe));
			if (unit_pe(g, u, w->form, land, NULL) !=
			    rs->land[land].pe)
				move_text_s(&t, " x 2 for a cavalry "
				    "Manoeuvre Column");
			move_text_s(&t, "): -");
			move_text_bd(&t, rs, pe);
			move_text_s(&t, ", ");
			move_text_bd(&t, rs, speed < 0 ? 0 : speed);
			move_note_text(w, EV_NOTE, "3.6.5", &t);
		}
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
