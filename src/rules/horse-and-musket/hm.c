/*
 * hm.c - the horse-and-musket ruleset: its operations and its turn.
 *
 * The turn is a list of phases read from the data file by key (HO.1);
 * each key names a function here, in move.c (movement, H1-H12 and H14)
 * or in turn.c (the phases after movement).  A key this module does not
 * know is a phase that only opens in the log.
 */
#include "config.h"

#include <string.h>

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

static void
hm_phase_run(struct game *g, int p)
{
	size_t i;

	g->phase = p;
	game_log(g, -1, EV_PHASE, "", "turn %d, phase %d: %s", g->turn, p + 1,
	    g->rs->phases[p]);
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

/* H1, H2: a Formation order only to a formation the unit's class has a
 * speed for (wagons are never Deployed). */
static int
hm_order_check(const struct game *g, const struct order *o, char **cause)
{
	const struct ruleset *rs = g->rs;
	const struct unit *u = &g->units[o->unit];

	if (o->kind != ORDER_FORMATION ||
	    hm_max_move(rs, u, o->formation, COND_FORMED) >= 0)
		return 0;
	*cause = xasprintf("%s (%s) has no %s (%s)", u->name,
	    rs->klass[u->klass].label, rs->form[o->formation].label,
	    u->arm == ARM_ARTILLERY ? "H2" : "H1");
	return -1;
}

/* H7: the retire action, HM_ACTION_RETIRE (a Move order marked retire,
 * until orders carry the mark). */
static const struct ruleset_action hm_actions[] = {
	{ "retire", "Retire", ACTION_POINT, "H7" },
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
	.actions = hm_actions,
	.order_check = hm_order_check,
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
