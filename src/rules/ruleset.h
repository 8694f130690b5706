/*
 * ruleset.h - the interface every ruleset implements, and the data all
 * rulesets share.
 *
 * A ruleset is a module (a struct ruleset_ops of functions, one file
 * src/rules/<name>.c) plus a data file (data/rulesets/<name>.yaml).  The
 * data file carries the tables every ruleset has in some form - scale,
 * phases of the turn, landscape and obstacle types, formations, classes of
 * each arm - which ruleset_load() reads into struct ruleset, and a section
 * of the ruleset's own numbers that its ops->load() reads into rs->priv.
 * The engine only ever asks the ruleset through these functions: it never
 * compares a ruleset's name.
 *
 * Ownership: ruleset_load returns a ruleset the caller frees with
 * ruleset_free.  Games borrow it; it must outlive every game using it.
 */
#ifndef MARSHAL_RULESET_H
#define MARSHAL_RULESET_H

#include <stdbool.h>
#include <stdint.h>

#include "core/unit.h"
#include "util/diag.h"
#include "util/doc.h"

struct game;
struct order;

#define RULES_NAME_MAX	32
#define RULES_MAX_FORM	32	/* formations fit a 32-bit mask */
#define RULES_MAX_LAND	64
#define RULES_MAX_OBST	32
#define FOOTPRINT_MAX	128	/* largest frontage x depth, in cells */

/* A kind of ground a cell is made of. */
struct landscape {
	char		 name[RULES_NAME_MAX];	/* key used in map legends */
	char		*label;		/* owned: display name */
	int		 pe;		/* permeability, ticks */
	int		 pr;		/* passage cost, ticks */
	uint32_t	 forbid;	/* formations that may not enter */
	char		 glyph;		/* ASCII glyph for the map view */
	char		*uglyph;	/* owned: UTF-8 glyph, or NULL */
	int		 colour;	/* colour index for the map view */
};

/* A linear obstacle on a cell edge; index 0 of the table is "none". */
struct obstacle {
	char		 name[RULES_NAME_MAX];
	char		*label;		/* owned */
	int		 pe;
	int		 pr;
	uint32_t	 forbid;	/* formations that may not cross */
	bool		 may_end_on;	/* a unit may end its move on it */
};

enum formation_flag {
	FORMF_FREE_TURN	= 1 << 0,	/* turns cost nothing */
	FORMF_BLOCK_FRONT = 1 << 1,	/* front and rear block passage */
	FORMF_BLOCK_FLANK = 1 << 2,	/* flanks block passage */
	FORMF_BLOCK_ALL	= 1 << 3,	/* dense: blocks from every side */
	FORMF_IMMOBILE	= 1 << 4,	/* cannot move in this formation */
	FORMF_ROAD	= 1 << 5	/* a march column for roads */
};

struct formation_def {
	char		 name[RULES_NAME_MAX];
	char		*label;		/* owned */
	unsigned	 arms;		/* bit (1 << arm) for each arm allowed */
	int		 frontage[ARM_COUNT];	/* cells along the front */
	int		 depth[ARM_COUNT];	/* cells front to rear */
	unsigned	 flags;		/* FORMF_* */
};

/* A class within an arm, e.g. horse artillery. */
struct arm_class {
	enum arm	 arm;
	char		 name[RULES_NAME_MAX];
	char		*label;		/* owned */
};

struct ruleset_ops;

struct ruleset {
	const struct ruleset_ops *ops;
	char		*name;		/* owned: "napoleonic" */
	char		*title;		/* owned: display title */
	char		*source;	/* owned: where the rules come from */
	char		 unit[8];	/* unit of measure, e.g. "BD" */
	int		 ticks;		/* ticks per unit of measure */
	char	       **phases;	/* owned: phase names, in turn order */
	char	       **phase_keys;	/* owned: phase keys for the module */
	int		 nphases;
	struct landscape *land;		/* owned */
	int		 nland;
	struct obstacle	*obst;		/* owned; [0] is "none" */
	int		 nobst;
	struct formation_def *form;	/* owned */
	int		 nform;
	struct arm_class *klass;	/* owned */
	int		 nklass;
	void		*priv;		/* owned by the module: its own tables */
};

struct ruleset_ops {
	const char	*name;
	/* Read the module's own tables from the data file into rs->priv. */
	int		(*load)(struct ruleset *, const struct doc_node *root,
			    struct diags *);
	/* Free rs->priv. */
	void		(*free)(struct ruleset *);
	/* Run one whole turn: the sequencer belongs to the ruleset. */
	void		(*turn_run)(struct game *);
	/* Ruleset checks on an order (0, or -1 with *cause allocated). */
	int		(*order_check)(const struct game *, const struct order *,
			    char **cause);
	/* A unit's movement allowance this turn in ticks, explained into
	 * the game's log when explain is true. */
	int		(*allowance)(struct game *, int unit, bool explain);
};

/* The module registered under name, or NULL. */
const struct ruleset_ops *ruleset_ops_find(const char *name);

/*
 * Build a ruleset from a parsed data file: the shared tables, then the
 * module's own.  Returns NULL with diagnostics on any problem.
 */
struct ruleset *ruleset_load(const struct doc_node *root, struct diags *);

/* Free a ruleset. */
void ruleset_free(struct ruleset *);

/* Index of a named landscape, obstacle, formation or class; -1 if none. */
int ruleset_land(const struct ruleset *, const char *name);
int ruleset_obst(const struct ruleset *, const char *name);
int ruleset_form(const struct ruleset *, const char *name);
int ruleset_class(const struct ruleset *, enum arm, const char *name);

/* Format ticks in the ruleset's unit: "2.5 BD". */
void ruleset_fmt(const struct ruleset *, int ticks, char *buf, size_t len);

#endif
