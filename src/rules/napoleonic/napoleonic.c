/*
 * napoleonic.c - the Napoleonic ruleset: its data tables and its turn.
 *
 * Work in progress: this first version only registers the module and runs
 * the turn's phases in order; the movement rules (3.6) come next.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/move.h"
#include "rules/napoleonic/napoleonic.h"
#include "rules/napoleonic/move.h"
#include "rules/napoleonic/phases.h"

static int
nap_load(struct ruleset *rs, const struct doc_node *root, struct diags *d)
{
	if (nap_move_load(rs, root, d) != 0)
		return -1;
	if (nap_phases_load(rs, root, d) != 0) {
		free(rs->priv);
		rs->priv = NULL;
		return -1;
	}
	return 0;
}

static void
nap_free(struct ruleset *rs)
{
	free(rs->priv);
	rs->priv = NULL;
	nap_phases_free(rs);
}

static void
nap_phase_run(struct game *g, int p)
{
	{
		g->phase = p;
		game_log(g, -1, EV_PHASE, "", "turn %d, phase %d: %s", g->turn,
		    p + 1, g->rs->phases[p]);
		if (strcmp(g->rs->phase_keys[p], "couriers") == 0)
			nap_phase_couriers(g);
		else if (strcmp(g->rs->phase_keys[p], "fire") == 0)
			nap_phase_fire(g);
		else if (strcmp(g->rs->phase_keys[p], "melee") == 0)
			nap_phase_melee(g);
		else if (strcmp(g->rs->phase_keys[p], "morale") == 0)
			nap_phase_morale(g);
		else if (strcmp(g->rs->phase_keys[p], "end") == 0)
			nap_phase_end(g);
		else if (strcmp(g->rs->phase_keys[p], "rally") == 0)
			nap_phase_rally(g);
		else if (strcmp(g->rs->phase_keys[p], "charges") == 0)
			nap_phase_charges(g);
		else if (strcmp(g->rs->phase_keys[p], "formation") == 0)
			nap_phase_formation(g);
		else if (strcmp(g->rs->phase_keys[p], "movement") == 0)
			nap_phase_movement(g);
	}
}

static void
nap_turn_run(struct game *g)
{
	int p;

	for (p = 0; p < g->rs->nphases; p++)
		nap_phase_run(g, p);
	g->phase = -1;
	g->turn++;
}

const struct ruleset_ops napoleonic_ops = {
	.name = "napoleonic",
	.keys = (const char *const []){ "movement", "command", "fire", "melee",
	    "morale", "victory", "rally", "charge", NULL },
	.load = nap_load,
	.free = nap_free,
	.turn_run = nap_turn_run,
	.phase_run = nap_phase_run,
	.allowance = move_allowance,
	.describe = nap_describe,
	.move_begin = nap_move_begin,
	.move_turn = nap_move_turn,
	.move_step = nap_move_step,
	.move_contact = nap_move_contact,
	.move_pass = nap_move_pass,
	.move_holds = nap_move_holds,
	.move_end = nap_move_end,
	.move_init = nap_move_init,
	.move_upset = nap_move_upset,
	.move_passed = nap_move_passed,
	.move_commit = nap_move_commit,
	.move_rule = nap_move_rule,
	.move_routed = nap_rout_touch,
	.move_contacted = nap_charge_contact,
	.move_group_turn = nap_move_group_turn,
	.charge_forecast = nap_charge_forecast,
	.form_check = nap_form_check,
	.objective_holder = nap_objective_holder,
	.side_strength = nap_side_strength,
	.doctrine = &napoleonic_doctrine,
};
