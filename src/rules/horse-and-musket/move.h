/*
 * move.h - the horse-and-musket movement tables (the data file's
 * `movement` section), as the module's files share them.
 *
 * Distances are ticks (4 to the inch); shares are fractions num/den, den
 * 0 meaning "none" (may not enter, may not cross).  The table is owned by
 * the ruleset (rs->priv) and freed by hm_move_free.
 */
#ifndef MARSHAL_HM_MOVE_H
#define MARSHAL_HM_MOVE_H

#include <stdbool.h>

#include "core/ruleset.h"

struct game;
struct move_walk;

#ifndef HM_MAX_CLASS
#define HM_MAX_CLASS	32	/* classes a table holds (also turn.h) */
#endif

/* The H3/H4 columns: how a unit crosses ground. */
enum hm_mover {
	HM_CO_FOOT,
	HM_OO_FOOT,
	HM_MOUNTED,
	HM_WHEELED,
	HM_MOVER_COUNT
};

/* A share of speed or of a move. */
struct hm_share {
	int		 num;
	int		 den;		/* 0: none */
};

struct hm_move {
	/* H1, H2: ticks by class (rs->klass index) and formation; -1 none. */
	int		 speed[HM_MAX_CLASS][RULES_MAX_FORM];
	int		 rout[HM_MAX_CLASS];
	bool		 immobile_routed[HM_MAX_CLASS];	/* H11 */
	enum hm_mover	 mover[HM_MAX_CLASS];		/* H3, H4, H10 */
	enum hm_mover	 crew_mover;			/* routed crews */
	struct hm_share	 terrain[RULES_MAX_LAND][HM_MOVER_COUNT];  /* H3 */
	struct hm_share	 cross[RULES_MAX_OBST][HM_MOVER_COUNT];	  /* H4 */
	struct hm_share	 enter_b[HM_MOVER_COUNT];
	struct hm_share	 leave_b[HM_MOVER_COUNT];
	int		 buildings;	/* landscape index, -1 none */
	bool		 guns_enter_buildings;
	int		 line;		/* H5: formation_change_cap, index */
	bool		 limber_takes_move;		/* H6 */
	int		 retire[ARM_COUNT];		/* H7, ticks */
	int		 free_turn_steps;		/* H8 */
	int		 turn_max_steps;
	int		 wheel_diameter;		/* H9, ticks */
	int		 pass[ARM_COUNT];	/* H12, ticks; -1 never */
	int		 enemy_gap;			/* HO.4, ticks */
	/* H14 (scenario option road_bonus): the bonus, the gap to keep
	 * from every enemy, the formations that earn it (a mask). */
	int		 road_bonus;
	int		 road_clear;
	unsigned	 road_forms;
	/* H8, H9: where a turn leaves the anchor, from an anchor at
	 * [0, 0], by formation, arm, facing, new facing and whether the
	 * free 45 degrees apply (hm_wheel_table; owned, freed with the
	 * table).  The turn is priced at every edge of a route search. */
	struct point	*wheel_to;
};

/* Fill m->wheel_to for the formations of rs (after they and the
 * movement table are read). */
void hm_wheel_table(const struct ruleset *rs, struct hm_move *m);

/* The table of a loaded ruleset. */
const struct hm_move *hm_move(const struct ruleset *);

/* The H3/H4 column unit u crosses ground by (routed crews: theirs). */
enum hm_mover hm_mover_of(const struct ruleset *, const struct unit *);

/* H1, H2: unit u's maximum move in formation form (its Rout figure when
 * routed), ticks; -1 when it has none. */
int hm_max_move(const struct ruleset *, const struct unit *, int form,
    enum cond cond);

/* H7: the retire action's index in hm_ops.actions. */
#define HM_ACTION_RETIRE	0
/* H15: the answers to a second charge's question (turn.h). */
#define HM_ACTION_CHARGE	1
#define HM_ACTION_REIN		2

/* Whether unit u retires this turn (H7: it holds the retire action and
 * no order of a later turn has replaced it). */
bool hm_retiring(const struct game *, int u);

/* The engine hooks (struct ruleset_ops, core/move.h), move.c. */
int hm_move_begin(const struct game *, struct move_walk *);
enum dir hm_move_face(const struct game *, const struct move_walk *,
    enum dir);
void hm_move_turn(const struct game *, const struct move_walk *, enum dir,
    struct move_price *);
void hm_move_step(const struct game *, const struct move_walk *, enum dir,
    struct move_price *);
int hm_move_contact(const struct game *, const struct move_walk *, int e,
    struct move_price *);
void hm_move_pass(const struct game *, const struct move_walk *, int f,
    enum dir, bool moving, struct move_price *);
const char *hm_move_rule(enum halt);

/* The movement tables as text for the rules reference (describe.c). */
void hm_describe(const struct ruleset *,
    void (*line)(void *arg, int indent, const char *), void *arg);

#endif
