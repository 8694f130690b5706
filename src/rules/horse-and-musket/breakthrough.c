/*
 * breakthrough.c - HO.8, the seed's H15: horse that won a melee and saw
 * its enemy rout has broken through and may charge again, at an enemy in
 * its front arc within part of its move, as its side answers when asked
 * (hm.c stops the turn for it) or else as its standing order says.  The
 * charge itself and its melee are melee.c's (hm_close, hm_fight).
 */
#include "config.h"

#include "core/game.h"
#include "rules/horse-and-musket/move.h"
#include "rules/horse-and-musket/turn.h"

int
hm_second_reach(const struct game *g, int u)
{
	const struct hm_turn *t = hm_turn(g->rs);

	return hm_speed(g, u) * t->second_num / t->second_den;
}

int
hm_second_targets(const struct game *g, int u, int *out, int max)
{
	int j, k, n = 0, gap, reach = hm_second_reach(g, u);
	int gaps[HM_TARGETS_MAX];

	if (max > HM_TARGETS_MAX)
		max = HM_TARGETS_MAX;
	for (j = 0; j < g->nunits; j++) {
		if (!hm_enemies(g, u, j) || !unit_active(&g->units[j]) ||
		    g->units[j].cond == COND_ROUTED)
			continue;
		if (!hm_in_arc(g, u, j, hm_turn(g->rs)->charge_arc))
			continue;
		if ((gap = hm_gap(g, u, j)) > reach)
			continue;
		/* Nearest first; an equal gap keeps the order of battle. */
		for (k = n; k > 0 && gaps[k - 1] > gap; k--)
			if (k < max) {
				out[k] = out[k - 1];
				gaps[k] = gaps[k - 1];
			}
		if (k < max) {
			out[k] = j;
			gaps[k] = gap;
		}
		if (n < max)
			n++;
	}
	return n;
}

int
hm_second_target_at(const struct game *g, int u, struct point p)
{
	int tg[HM_TARGETS_MAX], n, i, k, m;
	struct point *cells;

	n = hm_second_targets(g, u, tg, HM_TARGETS_MAX);
	cells = game_cells_take(g);
	for (i = 0; i < n; i++) {
		m = game_footprint(g, &g->units[tg[i]], cells);
		for (k = 0; k < m; k++)
			if (cells[k].x == p.x && cells[k].y == p.y)
				break;
		if (k < m)
			break;
	}
	game_cells_give(g, cells);
	return i < n ? tg[i] : -1;
}

/* H15: whether u broke through and stands to charge again: formed and
 * on the field. */
static bool
broke(const struct game *g, int u)
{
	const struct unit *un = &g->units[u];

	return (HM_MARKS(un) & HM_BROKE) && unit_active(un) &&
	    un->cond == COND_FORMED;
}

/* The answer u holds (HM_ANSWER_*), or HM_ANSWER_NONE. */
static int
answer_of(const struct game *g, int u, int *tg)
{
	const struct unit *un = &g->units[u];

	*tg = -1;
	if (un->act.kind != ORDER_ACTION)
		return HM_ANSWER_NONE;
	if (un->act.action == HM_ACTION_REIN)
		return HM_ANSWER_REIN;
	if (un->act.action == HM_ACTION_CHARGE && un->act.npts == 1 &&
	    (*tg = hm_second_target_at(g, u, un->act.pts[0])) >= 0)
		return HM_ANSWER_CHARGE;
	return HM_ANSWER_NONE;
}

bool
hm_second_asks(const struct game *g, int u)
{
	int tg[1];

	return broke(g, u) && !hm_retiring(g, u) &&
	    hm_second_targets(g, u, tg, 1) > 0;
}

int
hm_second_asked(const struct game *g)
{
	int u;

	for (u = 0; u < g->nunits; u++)
		if (broke(g, u))
			return hm_second_asks(g, u) ? u : -1;
	return -1;
}

void
hm_second_charge(struct game *g, int u)
{
	const struct hm_turn *t = hm_turn(g->rs);
	struct unit *un = &g->units[u];
	char r[32];
	int tg, reach, how = answer_of(g, u, &tg);

	HM_MARKS(un) &= ~HM_BROKE;
	if (un->act.kind == ORDER_ACTION && (un->act.action ==
	    HM_ACTION_CHARGE || un->act.action == HM_ACTION_REIN))
		un->act.kind = ORDER_NONE;	/* answered: acted on now */
	if (how == HM_ANSWER_REIN) {
		HM_MARKS(un) |= HM_REINED;
		game_log(g, u, EV_NOTE, "H15", "%s reins in as its side "
		    "chose: it does not fire next turn", un->name);
		return;
	}
	if (how == HM_ANSWER_NONE && un->order.kind == ORDER_STOP) {
		HM_MARKS(un) |= HM_REINED;
		game_log(g, u, EV_NOTE, "H15", "%s reins in under its "
		    "Stop order: it does not fire next turn",
		    un->name);
		return;
	}
	reach = hm_second_reach(g, u);
	if (how == HM_ANSWER_NONE &&
	    hm_second_targets(g, u, &tg, 1) == 0) {
		ruleset_fmt(g->rs, reach, r, sizeof r);
		HM_MARKS(un) |= HM_REINED;
		game_log(g, u, EV_NOTE, "H15", "%s finds no enemy in "
		    "its front arc within %s (%d/%d of its move) and "
		    "reins in: it does not fire next turn", un->name,
		    r, t->second_num, t->second_den);
		return;
	}
	HM_MARKS(un) |= HM_CHARGED_AGAIN;
	HM_MARKS(&g->units[tg]) |= HM_SECOND;
	if (!hm_close(g, u, tg, reach, "H15"))
		return;
	/* The target may not turn; it fires if it has not. */
	hm_fire_now(g, tg, u);
	if (!unit_active(un) || un->strength <= 0)
		return;
	hm_fight(g, u, tg);
}

int
hm_breakthrough_run(struct game *g, bool ask)
{
	int u;

	for (;;) {
		for (u = 0; u < g->nunits && !broke(g, u); u++)
			;
		if (u >= g->nunits)
			return -1;
		if (ask && hm_second_asks(g, u))
			return u;
		hm_second_charge(g, u);
	}
}

void
hm_phase_breakthrough(struct game *g)
{
	hm_breakthrough_run(g, false);
}
