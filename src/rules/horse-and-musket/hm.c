/*
 * hm.c - the horse-and-musket ruleset: its operations and its turn.
 *
 * The turn is a list of phases read from the data file by key (HO.1);
 * each key names a function here, in move.c (movement, H1-H12 and H14)
 * or in turn.c (the phases after movement).  A key this module does not
 * know is a phase that only opens in the log.
 *
 * The decisions (core/decide.h): each side's orders before the turn,
 * both open at once, as under the engine's own protocol; then the turn
 * runs phase by phase and stops within the breakthrough phase at each
 * unit whose second charge is asked (H15, turn.h), until its side has
 * answered.  The question open is read from the game alone (g->phase and
 * the units' marks), so a save made while it is open loads with it open.
 * A whole turn (turn_run, game_turn) and a phase played alone
 * (game_phase) ask nothing: every unit answers by its standing order.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/decide.h"
#include "core/game.h"
#include "core/move.h"
#include "rules/horse-and-musket/hm.h"
#include "rules/horse-and-musket/move.h"
#include "rules/horse-and-musket/turn.h"
#include "util/xalloc.h"

static int
hm_load(struct ruleset *rs, const struct doc_node *root, struct diags *d)
{
	if (hm_move_load(rs, root, d) != 0)
		return -1;
	if (hm_turn_load(rs, root, d) != 0) {
		hm_move_free(rs);
		return -1;
	}
	return 0;
}

static void
hm_free(struct ruleset *rs)
{
	hm_move_free(rs);
	hm_turn_free(rs);
}

/* The phases by key. */
static const struct {
	const char	*key;
	void		(*run)(struct game *);
} phases[] = {
	{ "rally", hm_phase_rally },
	{ "charges", hm_phase_charges },
	{ "movement", hm_phase_movement },
	{ "facing", hm_phase_facing },
	{ "fire", hm_phase_fire },
	{ "melee", hm_phase_melee },
	{ "breakthrough", hm_phase_breakthrough },
	{ "morale", hm_phase_morale },
	{ "end", hm_phase_end },
};

/* Phase p opens: the game stands in it, and the log says so. */
static void
phase_open(struct game *g, int p)
{
	g->phase = p;
	game_log(g, -1, EV_PHASE, "", "turn %d, phase %d: %s", g->turn, p + 1,
	    g->rs->phases[p]);
}

static void
hm_phase_run(struct game *g, int p)
{
	size_t i;

	phase_open(g, p);
	for (i = 0; i < sizeof phases / sizeof phases[0]; i++)
		if (strcmp(g->rs->phase_keys[p], phases[i].key) == 0) {
			phases[i].run(g);
			break;
		}
}

static void
hm_turn_run(struct game *g)
{
	int p;

	for (p = 0; p < g->rs->nphases; p++)
		hm_phase_run(g, p);
	g->phase = -1;
	g->turn++;
}

/* The index of the phase with this key, or -1. */
static int
phase_of(const struct ruleset *rs, const char *key)
{
	int p;

	for (p = 0; p < rs->nphases; p++)
		if (rs->phase_keys != NULL && strcmp(rs->phase_keys[p], key) == 0)
			return p;
	return -1;
}

/* The breakthrough phase, when it asks: a phase follows it to end the
 * turn; -1 otherwise (its charges then answer by standing orders). */
static int
asking_phase(const struct ruleset *rs)
{
	int p = phase_of(rs, "breakthrough");

	return p >= 0 && p + 1 < rs->nphases ? p : -1;
}

/* H15: the unit asked about now, or -1. */
static int
asked_unit(const struct game *g)
{
	int p = asking_phase(g->rs);

	return p >= 0 && g->phase == p ? hm_second_asked(g) : -1;
}

static int
hm_decisions(const struct game *g, struct decision *out, int max)
{
	int s, n = 0, u, tg[HM_TARGETS_MAX], nt;

	if (g->phase >= 0) {
		if ((u = asked_unit(g)) < 0 || max < 1)
			return 0;
		nt = hm_second_targets(g, u, tg, HM_TARGETS_MAX);
		memset(&out[0], 0, sizeof out[0]);
		out[0].kind = DECIDE_REACT;
		out[0].side = g->units[u].side;
		out[0].unit = u;
		out[0].orders = 1u << ORDER_ACTION;
		out[0].phase = g->phase;
		snprintf(out[0].rule, sizeof out[0].rule, "H15");
		snprintf(out[0].what, sizeof out[0].what, "%s broke through "
		    "(%d enem%s in reach). Charge again?", g->units[u].name,
		    nt, nt == 1 ? "y" : "ies");
		return 1;
	}
	for (s = 0; s < g->nsides && n < max; s++) {
		if (g->decided & (1u << s))
			continue;
		memset(&out[n], 0, sizeof out[n]);
		out[n].kind = DECIDE_ORDERS;
		out[n].side = s;
		out[n].unit = -1;
		out[n].orders = 1u << ORDER_MOVE | 1u << ORDER_STOP |
		    1u << ORDER_FORMATION | 1u << ORDER_RESTORE |
		    1u << ORDER_ACTION;
		out[n].phase = -1;
		snprintf(out[n].rule, sizeof out[n].rule, "HO.1");
		snprintf(out[n].what, sizeof out[n].what, "%s's orders for "
		    "turn %d", g->sides[s].name, g->turn);
		n++;
	}
	return n;
}

/* Run the turn on, phase by phase, to its end or to the next question;
 * the breakthrough phase stops at each unit it asks about. */
static void
run_on(struct game *g)
{
	int bt = asking_phase(g->rs), turn = g->turn, p;

	while (g->turn == turn) {
		if (bt >= 0 && g->phase == bt &&
		    hm_breakthrough_run(g, true) >= 0)
			return;			/* asked: wait for the answer */
		p = g->phase + 1;
		if (bt >= 0 && p == bt) {
			/* Opened here, run unit by unit above. */
			phase_open(g, p);
			continue;
		}
		if (game_phase(g) < 0)
			break;
	}
}

static void
hm_decided(struct game *g, int s)
{
	unsigned all = (1u << g->nsides) - 1;
	int u;

	if (g->phase < 0) {
		g->decided |= 1u << s;
		if ((g->decided & all) != all)
			return;
		g->decided = 0;
	} else {
		/* The answer (or none) to the question open. */
		g->decided = 0;
		if ((u = asked_unit(g)) >= 0 && g->units[u].side == s)
			hm_second_charge(g, u);
	}
	run_on(g);
}

/*
 * H1, H2: a Formation order only to a formation the unit's class has a
 * speed for (wagons are never Deployed).  H7: retiring is an order for
 * the turn; H15: charging again and reining in answer the question open
 * for that unit, a charge at an enemy in reach.
 */
static int
hm_order_check(const struct game *g, const struct order *o, char **cause)
{
	const struct ruleset *rs = g->rs;
	const struct unit *u = &g->units[o->unit];
	char r[32];

	if (o->kind == ORDER_ACTION && o->action == HM_ACTION_RETIRE &&
	    g->phase >= 0) {
		*cause = xasprintf("%s may be told to retire with the turn's "
		    "orders, not within the turn (H7)", u->name);
		return -1;
	}
	if (o->kind == ORDER_ACTION && (o->action == HM_ACTION_CHARGE ||
	    o->action == HM_ACTION_REIN) && asked_unit(g) != o->unit) {
		*cause = xasprintf("%s is not asked whether to charge again "
		    "(H15: only horse that broke through, after the melee)",
		    u->name);
		return -1;
	}
	if (o->kind == ORDER_ACTION && o->action == HM_ACTION_CHARGE &&
	    hm_second_target_at(g, o->unit, o->pts[0]) < 0) {
		ruleset_fmt(rs, hm_second_reach(g, o->unit), r, sizeof r);
		*cause = xasprintf("no enemy %s may charge again at [%d, %d]: "
		    "it charges one in its front arc within %s (H15)",
		    u->name, o->pts[0].x, o->pts[0].y, r);
		return -1;
	}
	if (o->kind != ORDER_FORMATION ||
	    hm_max_move(rs, u, o->formation, COND_FORMED) >= 0)
		return 0;
	*cause = xasprintf("%s (%s) has no %s (%s)", u->name,
	    rs->klass[u->klass].label, rs->form[o->formation].label,
	    u->arm == ARM_ARTILLERY ? "H2" : "H1");
	return -1;
}

/* H7: the retire action, HM_ACTION_RETIRE (a Move order marked retire,
 * until orders carry the mark); H15: the answers to a second charge's
 * question, HM_ACTION_CHARGE (a cell of the target) and HM_ACTION_REIN. */
static const struct ruleset_action hm_actions[] = {
	{ "retire", "Retire", ACTION_POINT, "H7" },
	{ "charge", "Charge again", ACTION_POINT, "H15" },
	{ "rein", "Rein in", 0, "H15" },
	{ NULL, NULL, 0, NULL }
};

const struct ruleset_ops hm_ops = {
	.name = "horse-and-musket",
	.keys = (const char *const []){ "movement", "charge", "fire",
	    "melee", "morale", "rally", "command", "victory", NULL },
	.load = hm_load,
	.free = hm_free,
	.turn_run = hm_turn_run,
	.phase_run = hm_phase_run,
	.decisions = hm_decisions,
	.decided = hm_decided,
	.actions = hm_actions,
	.order_check = hm_order_check,
	.action_march = hm_action_march,
	.charge_forecast = hm_charge_forecast,
	.allowance = move_allowance,
	.describe = hm_describe,
	.move_begin = hm_move_begin,
	.move_face = hm_move_face,
	.move_turn = hm_move_turn,
	.move_step = hm_move_step,
	.move_contact = hm_move_contact,
	.move_pass = hm_move_pass,
	.move_rule = hm_move_rule,
	HM_TURN_OPS,
	.doctrine = &hm_doctrine,
};
