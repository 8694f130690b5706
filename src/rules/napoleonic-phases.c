/*
 * napoleonic-phases.c - the tables of the Napoleonic phases after movement
 * (sections command, fire, melee, morale, victory of the data file), the
 * couriers phase, and helpers the fire, melee and morale files share.
 * See napoleonic-phases.h and doc/turn.md.
 */
#include "config.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "core/command.h"
#include "core/game.h"
#include "rules/napoleonic-phases.h"
#include "util/xalloc.h"

#define BIG	1000000L	/* a bound no sane table reaches */

/* A required integer. */
static int
need_int(const struct doc_node *map, const char *key, long min, long max,
    int *out, struct diags *d)
{
	const struct doc_node *n = doc_need(map, key, d);
	long v;

	if (n == NULL || doc_int(n, min, max, &v, d) != 0)
		return -1;
	*out = (int)v;
	return 0;
}

/* A required distance in the ruleset's unit, stored in ticks. */
static int
need_dist(const struct ruleset *rs, const struct doc_node *map,
    const char *key, int *out, struct diags *d)
{
	const struct doc_node *n = doc_need(map, key, d);
	long v;

	if (n == NULL || doc_fixed(n, rs->ticks, 0, BIG, &v, d) != 0)
		return -1;
	*out = (int)v;
	return 0;
}

/* A required mapping, checked against its allowed keys. */
static const struct doc_node *
need_map(const struct doc_node *map, const char *key,
    const char *const *allowed, struct diags *d)
{
	const struct doc_node *n = doc_need(map, key, d);

	if (n == NULL || doc_expect(n, DOC_MAP, key, d) != 0)
		return NULL;
	if (allowed != NULL && doc_check_keys(n, allowed, d) != 0)
		return NULL;
	return n;
}

/*
 * A mapping of names (formations, landscapes or classes, as kind says) to
 * integers; names absent keep the value already in out.
 */
enum name_kind { NAME_FORM, NAME_LAND, NAME_CLASS };

static int
name_table(const struct ruleset *rs, const struct doc_node *map,
    const char *key, enum name_kind kind, enum arm arm, long min, long max,
    bool dist, int *out, int nout, struct diags *d)
{
	const struct doc_node *n = doc_need(map, key, d);
	const char *name;
	long v;
	int i, idx, bad = 0;

	if (n == NULL || doc_expect(n, DOC_MAP, key, d) != 0)
		return -1;
	for (i = 0; i < n->n; i++) {
		name = n->keys[i]->str;
		if (kind == NAME_FORM)
			idx = ruleset_form(rs, name);
		else if (kind == NAME_LAND)
			idx = ruleset_land(rs, name);
		else
			idx = ruleset_class(rs, arm, name);
		if (idx < 0 || idx >= nout) {
			diags_add(d, n->keys[i]->pos, "%s: no %s '%s' in this "
			    "ruleset", key, kind == NAME_FORM ? "formation" :
			    kind == NAME_LAND ? "landscape" : "class", name);
			bad = -1;
			continue;
		}
		if (dist) {
			if (doc_fixed(n->items[i], rs->ticks, min, max, &v,
			    d) != 0) {
				bad = -1;
				continue;
			}
		} else if (doc_int(n->items[i], min, max, &v, d) != 0) {
			bad = -1;
			continue;
		}
		out[idx] = (int)v;
	}
	return bad;
}

static void
fill(int *v, int n, int value)
{
	int i;

	for (i = 0; i < n; i++)
		v[i] = value;
}

static int
load_command(struct ruleset *rs, const struct doc_node *root,
    struct diags *d)
{
	static const char *const keys[] = { "radius", "courier_speed", NULL };
	const struct doc_node *n = need_map(root, "command", keys, d);

	if (n == NULL)
		return -1;
	if (need_dist(rs, n, "radius", &rs->command_radius, d) != 0 ||
	    need_dist(rs, n, "courier_speed", &rs->courier_speed, d) != 0)
		return -1;
	return 0;
}

static int
load_fire(const struct ruleset *rs, const struct doc_node *root,
    struct nap_fire *f, struct diags *d)
{
	static const char *const keys[] = { "die", "arc", "infantry",
	    "artillery", "target", "cover", NULL };
	static const char *const inf_keys[] = { "range", "share", "permille",
	    "drill_base", NULL };
	static const char *const art_keys[] = { "range", "canister", "long",
	    "close", NULL };
	const struct doc_node *n, *inf, *art;
	int bad = 0;

	if ((n = need_map(root, "fire", keys, d)) == NULL)
		return -1;
	fill(f->inf_share, RULES_MAX_FORM, 0);
	fill(f->art_range, RULES_MAX_FORM, 0);
	fill(f->target, RULES_MAX_FORM, 100);
	fill(f->cover, RULES_MAX_LAND, 100);
	bad |= need_int(n, "die", 2, 100, &f->die, d);
	bad |= need_int(n, "arc", 0, 4, &f->arc, d);
	bad |= name_table(rs, n, "target", NAME_FORM, ARM_COUNT, 0, 1000,
	    false, f->target, rs->nform, d);
	bad |= name_table(rs, n, "cover", NAME_LAND, ARM_COUNT, 0, 1000,
	    false, f->cover, rs->nland, d);
	if ((inf = need_map(n, "infantry", inf_keys, d)) == NULL)
		bad = -1;
	else {
		bad |= need_dist(rs, inf, "range", &f->inf_range, d);
		bad |= name_table(rs, inf, "share", NAME_FORM, ARM_COUNT, 0,
		    100, false, f->inf_share, rs->nform, d);
		bad |= need_int(inf, "permille", 0, 1000, &f->inf_permille,
		    d);
		bad |= need_int(inf, "drill_base", -10, 10, &f->drill_base,
		    d);
	}
	if ((art = need_map(n, "artillery", art_keys, d)) == NULL)
		bad = -1;
	else {
		bad |= name_table(rs, art, "range", NAME_CLASS, ARM_ARTILLERY,
		    0, BIG, true, f->art_range, RULES_MAX_FORM, d);
		bad |= need_dist(rs, art, "canister", &f->canister, d);
		bad |= need_int(art, "long", 0, 1000, &f->art_long, d);
		bad |= need_int(art, "close", 0, 1000, &f->art_canister, d);
	}
	return bad ? -1 : 0;
}

static int
load_melee(const struct ruleset *rs, const struct doc_node *root,
    struct nap_melee *m, struct diags *d)
{
	static const char *const keys[] = { "die", "reach", "formation",
	    "cavalry_vs_foot", "square_vs_cavalry", "flank", "odds", "loss",
	    "winner_loss", "rout_margin", NULL };
	const struct doc_node *n, *form;
	int a, bad = 0;

	if ((n = need_map(root, "melee", keys, d)) == NULL)
		return -1;
	bad |= need_int(n, "die", 2, 100, &m->die, d);
	bad |= need_dist(rs, n, "reach", &m->reach, d);
	if ((form = need_map(n, "formation", NULL, d)) == NULL)
		bad = -1;
	else {
		for (a = 0; a < ARM_COUNT; a++) {
			fill(m->form[a], RULES_MAX_FORM, 0);
			if (doc_get(form, arm_name((enum arm)a)) == NULL)
				continue;
			bad |= name_table(rs, form, arm_name((enum arm)a),
			    NAME_FORM, (enum arm)a, -20, 20, false, m->form[a],
			    rs->nform, d);
		}
	}
	bad |= need_int(n, "cavalry_vs_foot", -20, 20, &m->cavalry_vs_foot, d);
	bad |= need_int(n, "square_vs_cavalry", -20, 20, &m->square_vs_cavalry,
	    d);
	bad |= need_int(n, "flank", -20, 20, &m->flank, d);
	bad |= need_int(n, "odds", -20, 20, &m->odds, d);
	bad |= need_int(n, "loss", 0, 100, &m->loss, d);
	bad |= need_int(n, "winner_loss", 0, 100, &m->winner_loss, d);
	bad |= need_int(n, "rout_margin", 1, 100, &m->rout_margin, d);
	return bad ? -1 : 0;
}

static int
load_morale(const struct ruleset *rs, const struct doc_node *root,
    struct nap_morale *m, struct diags *d)
{
	static const char *const keys[] = { "die", "dice", "base", "trigger",
	    "per_losses", "musician", "general", "mob", "rout_margin",
	    "rout_speed", "track", "touch", "capture", "capture_cavalry",
	    "capture_blocked", "scatter_loss", NULL };
	static const char *const arm_keys[] = { "infantry", "cavalry",
	    "artillery", NULL };
	const struct doc_node *n, *rs_n;
	int a, bad = 0;

	if ((n = need_map(root, "morale", keys, d)) == NULL)
		return -1;
	bad |= need_int(n, "die", 2, 100, &m->die, d);
	bad |= need_int(n, "dice", 1, 10, &m->dice, d);
	bad |= need_int(n, "base", -50, 50, &m->base, d);
	bad |= need_int(n, "trigger", 0, 100, &m->trigger, d);
	bad |= need_int(n, "per_losses", 1, 100, &m->per_losses, d);
	bad |= need_int(n, "musician", -20, 20, &m->musician, d);
	bad |= need_int(n, "general", -20, 20, &m->general, d);
	bad |= need_int(n, "mob", -20, 20, &m->mob, d);
	bad |= need_int(n, "rout_margin", 1, 100, &m->rout_margin, d);
	if ((rs_n = need_map(n, "rout_speed", arm_keys, d)) == NULL)
		bad = -1;
	else
		for (a = 0; a < ARM_COUNT; a++)
			bad |= need_dist(rs, rs_n, arm_name((enum arm)a),
			    &m->rout_speed[a], d);
	bad |= need_int(n, "track", 1, 100000, &m->track_max, d);
	bad |= need_dist(rs, n, "touch", &m->touch, d);
	bad |= need_int(n, "capture", -50, 50, &m->capture, d);
	bad |= need_int(n, "capture_cavalry", -20, 20, &m->capture_cavalry, d);
	bad |= need_int(n, "capture_blocked", -20, 20, &m->capture_blocked, d);
	bad |= need_int(n, "scatter_loss", 0, 100, &m->scatter_loss, d);
	return bad ? -1 : 0;
}

static int
load_victory(const struct ruleset *rs, const struct doc_node *root,
    struct nap_victory *v, struct diags *d)
{
	static const char *const keys[] = { "hold", NULL };
	const struct doc_node *n = need_map(root, "victory", keys, d);

	if (n == NULL)
		return -1;
	return need_dist(rs, n, "hold", &v->hold, d);
}

int
nap_phases_load(struct ruleset *rs, const struct doc_node *root,
    struct diags *d)
{
	struct nap_phases *p = xcalloc(1, sizeof *p);
	int bad = 0;

	bad |= load_command(rs, root, d);
	bad |= load_fire(rs, root, &p->fire, d);
	bad |= load_melee(rs, root, &p->melee, d);
	bad |= load_morale(rs, root, &p->morale, d);
	bad |= load_victory(rs, root, &p->victory, d);
	if (bad) {
		free(p);
		return -1;
	}
	free(rs->phases_priv);
	rs->phases_priv = p;
	return 0;
}

void
nap_phases_free(struct ruleset *rs)
{
	free(rs->phases_priv);
	rs->phases_priv = NULL;
}

const struct nap_phases *
nap_phases(const struct ruleset *rs)
{
	return rs->phases_priv;
}

void
nap_phase_couriers(struct game *g)
{
	command_deliver(g);
}

int
nap_gap(const struct game *g, int a, int b)
{
	struct point ca[FOOTPRINT_MAX], cb[FOOTPRINT_MAX];
	int i, j, na, nb, best = INT_MAX, dd;

	na = game_footprint(g, &g->units[a], ca);
	nb = game_footprint(g, &g->units[b], cb);
	for (i = 0; i < na; i++)
		for (j = 0; j < nb; j++) {
			dd = geom_dist(ca[i], cb[j]);
			if (dd < best)
				best = dd;
		}
	return best;
}

int
nap_casualties(struct game *g, int u, int men)
{
	struct unit *un = &g->units[u];

	if (men > un->strength)
		men = un->strength;
	if (men < 0)
		men = 0;
	un->strength -= men;
	un->lost_turn += men;
	return men;
}
