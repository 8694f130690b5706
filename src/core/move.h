/*
 * move.h - the movement engine: walking a unit along its route, asking
 * the ruleset what every turn and step costs.
 *
 * A unit under a Move order is walked by its front-centre anchor cell, one
 * cell at a time, along a route planned by core/path.c towards its next
 * waypoint.  Before each step the engine asks the ruleset (struct
 * ruleset_ops, move_*) for the price of turning the front and of the step;
 * it checks that the whole block fits (on the map, not on another unit
 * unless the ruleset lets it pass through), keeps the gap the ruleset asks
 * from every enemy, and stops when the allowance is spent.  Everything the
 * walk decides is written as notes (rule number + arithmetic) which become
 * events in the game's log, so a reader can follow why the unit ended
 * where it did.
 *
 * The same walk runs without side effects for previews (move_preview) and
 * for the reachable-area overlay (move_reach): struct move_walk holds the
 * unit's state as the walk changes it, and only move_unit commits it.
 *
 * Ownership: a walk owns its path and notes (move_walk_free); a preview
 * owns its path and events (move_preview_free); a move context is created
 * and freed by the phase that uses it.
 */
#ifndef MARSHAL_MOVE_H
#define MARSHAL_MOVE_H

#include <stdbool.h>

#include "core/event.h"
#include "core/geom.h"
#include "core/order.h"
#include "core/rng.h"
#include "core/unit.h"
#include "core/ruleset.h"

struct game;

#define MOVE_MOBBED_MAX	8	/* other units one walk may disorder */
#define MOVE_MOD_MAX	8	/* the ruleset's own numbers in a walk */

/* A note of the walk, before it becomes an event. */
struct move_walk_note {
	int		 kind;		/* enum event_kind */
	char		 rule[16];
	char		*text;		/* in the walk's ntext */
	size_t		 len;		/* text's length, kept so that the
					   log need not count it again */
	bool		 own;		/* names the order: its side only */
};

/* A way round a walk searched (walk_round): the walk as it was asked
 * (place, goal, facing, formation, budget, ground covered, the module's
 * own state) and the route found (owned, n cells; NULL and 0 when none
 * was found), its faces beside it (owned, as route_face). */
struct move_round {
	struct point	 pos;
	struct point	 goal;
	enum dir	 facing;
	int		 form;
	int		 left;
	int		 contours;
	int		 walked;
	bool		 fresh;
	int		 mod[MOVE_MOD_MAX];
	struct point	*route;
	unsigned char	*face;
	int		 n;
};

/*
 * A unit's movement in progress.  The engine fills the first group; the
 * ruleset reads it and, in move_begin and move_end, writes the second.
 */
struct move_walk {
	int		 unit;
	const struct order *order;	/* the Move order being carried out */
	int		 turn;
	bool		 explain;	/* write notes (false while planning) */
	bool		 preview;	/* no random rolls, nothing committed */
	bool		 scratch;	/* a look ahead: record no path */
	bool		 plain;		/* a preview of the march as ordered:
					   no way round a standing friend
					   (move_preview_plain) */
	bool		 planning;	/* a route search pricing its edges
					   (core/path.c), not a walk: a
					   ruleset may price a turn that the
					   walk makes otherwise (one that
					   leaves the anchor elsewhere, the
					   walk planning again from there) as
					   a plain turn */
	bool		 passing;	/* going through friends (3.6.7) */
	bool		 disorder;	/* the pass disorders both */
	bool		 narrow;	/* through a narrow passage (3.6.6) */
	int		 narrow_steps;	/* steps made since entering it */
	int		 narrow_out;	/* of them, steps that put the anchor
					   beyond it (room found) */
	bool		 narrow_over;	/* speed spent inside: it goes on */
	bool		 narrow_beyond;	/* its last point reached with the
					   column still in the passage: it
					   goes on straight until through,
					   its order complete (3.6.6) */
	struct point	 narrow_pos;	/* the walk where it entered, */
	enum dir	 narrow_facing;	/* to go back to when there is no */
	int		 narrow_npath;	/* room beyond at all */
	int		 narrow_walked;
	int		 narrow_left;
	char		 halt_rule[16]; /* rule that ended the walk */
	bool		 clear;		/* the block at clear_pos, facing
					   clear_facing in clear_form is on the
					   map and meets no other unit */
	struct point	 clear_pos;
	enum dir	 clear_facing;
	int		 clear_form;
	struct rng	*rng;		/* the game's stream; NULL: no rolls */
	bool		 resumed;	/* the same Move order as last turn */
	bool		 fresh;		/* nothing spent yet this turn: the
					   minimum move still holds */

	/* The unit as the walk leaves it. */
	struct point	 pos;		/* anchor */
	enum dir	 facing;
	int		 form;		/* formation index */
	enum cond	 cond;
	int		 owed;		/* ticks still owed for a crossing
					   or a face-about (unit.h) */
	/* The ruleset's own state of the unit during the walk (what it
	 * tracks per unit: a musician, action points...), filled by
	 * move_init, kept by move_commit; the engine only copies it. */
	int		 mod[MOVE_MOD_MAX];
	/* A Road Column following its road (3.6.6): its body, head first
	 * (owned, room for g->cells_max points); ntrail 0: the straight
	 * block.  narrow_trail keeps it as it was before a narrow passage
	 * (owned). */
	struct point	*trail;
	int		 ntrail;
	struct point	*narrow_trail;
	int		 narrow_ntrail;

	/* The budget, in ticks. */
	int		 allowance;	/* this turn's allowance */
	int		 left;		/* still to spend */
	int		 plan_left;	/* left when a route search began
					   (core/path.c), which sets left
					   itself out of reach */
	int		 walked;	/* ground covered (octile ticks) */
	int		 contours;	/* contour lines crossed this turn */

	/* The route ahead: cells route[iroute..nroute-1] (owned).  Beside
	 * it, from a search (owned, NULL when none): 1 + the facing of a
	 * turn that moves the block onto that cell (a wheel, MPF_ANCHOR),
	 * 0 for a step onto it. */
	struct point	*route;
	unsigned char	*route_face;
	int		 nroute;
	int		 iroute;
	int		 waypoint;	/* index of the order point sought */
	int		 replans;	/* searches made during this walk */
	int		 rooms;		/* of them, for room to turn */
	bool		 line;		/* route[] is the next cell of the
					   straight line, not a search's */
	int		 leg_planned;	/* 1 + the waypoint whose leg was
					   searched (walk_route), 0 none */
	bool		 countered;	/* a column on its road has
					   countermarched this walk (once:
					   walk_countermarch) */
	bool		 in_place;	/* that search found no plan and the
					   walk had spent nothing (a free turn
					   aside): its paid turn is made in
					   place, for the whole move (the
					   ruleset's move_turn reads it; H8) */
	/* The last way round searched (walk_round), when round_known.
	 * Asked again with nothing changed, the search would find the
	 * same: the route is copied instead. */
	bool		 round_known;
	struct move_round round;

	/* A way round a friend standing in the way (walk_detour, 3.6.7):
	 * the Move order with its points put in, which the walk follows
	 * from then on (order points to it) and move_unit makes the unit's
	 * standing order, so that later turns keep to it.  detour: the
	 * friend gone round, -1 none, -2 none found; ndetour: the points
	 * put in. */
	struct order	 detour_order;
	int		 detour;
	int		 ndetour;

	/* The outcome. */
	enum halt	 halt;
	bool		 arrived;	/* reached the order's last point */
	bool		 cancel;	/* the Move order is cancelled */
	bool		 order_done;	/* the order is complete */
	bool		 stood;		/* did not move this phase at all */
	int		 contact;	/* enemy in battle contact, -1 */
	bool		 contact_apart;	/* that halt keeps them apart
					   (MPF_APART): no contact is set */
	int		 mobbed[MOVE_MOBBED_MAX]; /* friends disordered */
	int		 nmobbed;
	int		 touched_routed; /* a routed enemy touched, -1 */
	int		 wait_for;	/* halted behind a friend yet to move
					   this phase (move_ctx_wait), -1 */
	int		 wait_nused;	/* passages used in the phase before
					   this walk: one it takes is kept */
	const unsigned char *wait_moved; /* a preview's waits: per unit,
					   moved already (NULL: no waits) */
	bool		 wait_may;	/* a preview's waits: it may wait now */

	/* Anchor cells visited, starting with the start cell. */
	struct point	*path;		/* owned */
	int		 npath;
	int		 cappath;

	struct move_walk_note *notes;	/* owned */
	int		 nnotes;
	int		 capnotes;
	/* The notes' texts, one after another, each terminated (owned):
	 * one buffer for the walk rather than an allocation a note (a
	 * walk that waits for a friend drops them all).  Grown, it is
	 * moved, and the notes' text pointers with it. */
	char		*ntext;
	size_t		 ntext_len;
	size_t		 ntext_cap;
};

/* Start a walk for unit u from its present state (no route yet). */
void move_walk_init(const struct game *, int u, struct move_walk *);

/* Add a note to a walk (ignored when !w->explain). */
void move_note(struct move_walk *, int kind, const char *rule,
    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/*
 * Text built piece by piece, for the notes every moving unit writes
 * (printf costs more than the walk itself on a large battle).  Start with
 * n = 0; pieces that do not fit are cut.
 */
struct move_text {
	char		 b[512];
	size_t		 n;
};

/* Append a string, a whole number, or ticks as "2.5 BD".  (move_text_s
 * inline: most pieces are words written in the code, whose length the
 * compiler knows.) */
static inline void
move_text_s(struct move_text *l, const char *s)
{
	size_t k = __builtin_strlen(s);

	/* Whole when it fits (nearly always): a copy of a length the
	 * compiler knows for a word of the code, moved in a few words. */
	if (k <= sizeof l->b - 1 - l->n)
		__builtin_memcpy(l->b + l->n, s, k);
	else {
		k = sizeof l->b - 1 - l->n;
		__builtin_memcpy(l->b + l->n, s, k);
	}
	l->n += k;
	l->b[l->n] = '\0';
}
void move_text_i(struct move_text *, int);
void move_text_bd(struct move_text *, const struct ruleset *, int ticks);

/* A copy of t's text, terminated.  Caller frees. */
char *move_text_dup(const struct move_text *t);

/* Mark the last note as telling the unit's orders (a destination): only
 * the unit's side reads it (core/know.h).  Nothing if there is none. */
void move_note_own(struct move_walk *);

/* Make w, a copy of a walk, silent: it writes no note, and has notes
 * and texts of its own (none yet), so that pricing on it never writes
 * into the walk it was copied from. */
void move_note_silence(struct move_walk *);

/* Add a note with the text t (ignored when !w->explain). */
void move_note_text(struct move_walk *, int kind, const char *rule,
    const struct move_text *t);

/* move_note_price's work, for a price with notes and a walk that
 * explains. */
void move_note_price_put(struct move_walk *, const struct move_price *);

/* Copy a price's notes into the walk.  Inline: asked at every step of
 * every walk, and most steps have no notes (open ground) or a walk that
 * writes none (a look ahead). */
static inline void
move_note_price(struct move_walk *w, const struct move_price *p)
{
	if (p->nnotes > 0 && w->explain)
		move_note_price_put(w, p);
}

/* Add an explanation under rule to a price, as a ruleset's move_step or
 * move_turn writes it (at most MOVE_NOTES_MAX; a longer text is cut to
 * a note's length): printf-style, or the text t built by pieces. */
void move_price_note(struct move_price *, const char *rule, const char *fmt,
    ...) __attribute__((format(printf, 3, 4)));
void move_price_note_text(struct move_price *, const char *rule,
    const struct move_text *t);

/* Put the walk's notes into log, in order, as events of unit at turn
 * and phase, each with its rule, kind and own mark (the texts are
 * copied: the walk keeps its own). */
void move_notes_log(struct eventlog *log, int turn, int phase, int unit,
    const struct move_walk *);

/* Free what a walk owns, leaving it empty (no notes, path, routes nor
 * trails): freeing it again is harmless. */
void move_walk_free(struct move_walk *);

/*
 * Per-phase state for moving many units: a coarse index of where each
 * side's units are (so a unit far from every enemy skips contact checks)
 * and the narrow passages already used this turn.  Created by the phase,
 * freed by it.
 */
struct move_ctx;

/* Create the context for one movement phase of g. */
struct move_ctx *move_ctx_create(const struct game *);

/* Free it (NULL: nothing). */
void move_ctx_free(struct move_ctx *);

/*
 * Whether a unit that meets a friend which holds a Move order and has not
 * moved yet this phase waits for it (may true): move_unit then changes
 * nothing and returns MOVE_WAITS, and the phase moves the unit again
 * after the others.  Off when the context is created.  While on, a friend
 * under a Move order that has marched this phase is not passed through in
 * disorder either: the unit stops short of it.  Turned off again (the
 * phase's last round, for units waiting on each other), the rules for
 * passing through apply as they stand.
 */
void move_ctx_wait(struct move_ctx *, bool may);

/*
 * Unit u was changed during the phase other than by its own move_unit,
 * in place (its order, halt or formation, not where it stands: a phase's
 * own rule between walks): the context reads it again when next asked
 * whether a friend stays where it is (nothing when the context is NULL).
 * move_unit does so for what its walk and the ruleset's callbacks change.
 */
void move_ctx_touch(struct move_ctx *, int u);

/*
 * A hint, changing nothing: ask the memory for what unit u's walk reads
 * first (its struct and name, and the cells and occupancy of its block's
 * box drawn out towards the point it goes to), without waiting for it.  A
 * phase that moves units one after another calls it for the next unit
 * before moving this one, so that on a large map, where a unit's ground
 * is rarely in the cache, the next walk's lines arrive while this one
 * runs.
 */
#define MOVE_PREFETCH_AHEAD	6	/* cells towards its goal, each way */
void move_prefetch(const struct game *, int u);

/*
 * The friend unit u waited for when move_unit last answered MOVE_WAITS,
 * while it has still to move and units may wait; else -1.  Moving u again
 * before that friend has moved would only find it in the way again.
 */
int move_ctx_blocker(const struct move_ctx *, int u);

/*
 * Move unit u this phase (it must hold a Move order): plan or reuse its
 * route, walk it, commit the result to the game and log the explanation.
 * cap limits the allowance (ticks, -1 none; the pace of a group order's
 * line), explained by cap_note when not NULL.  goal, when not NULL,
 * replaces the order's points by that one cell (a group member's own
 * place).  ctx may be NULL (slower contact checks).  Returns the ticks
 * spent, or MOVE_WAITS when the unit waits for a friend ahead of it
 * (move_ctx_wait): then nothing of the game has changed.
 */
#define MOVE_WAITS	(-1)
int move_unit(struct game *, struct move_ctx *, int u, int cap,
    const char *cap_note, const struct point *goal);

/*
 * Mark the last tail bytes of log event k (a move's closing line, len
 * bytes long) as its side's own: why the unit halted, when that says
 * whether its order is done or goes on (core/know.h).  The other side
 * reads the rest, under the rule the ruleset cites for a halt for speed.
 * A ruleset that logs its own closing lines (a group's) calls it too.
 */
void move_event_private_end(struct game *, int k, size_t len, size_t tail);

/*
 * Unit u's movement allowance this turn in ticks, as the ruleset's
 * move_begin reckons it (0 when it does not move), its explanation
 * logged when explain is true.  A ruleset's allowance op may be this.
 */
int move_allowance(struct game *, int u, bool explain);

/* M1: true if unit u is under a Move order, so its colonel is shown. */
bool move_colonel(const struct game *, int u);

/* What a unit would do this turn under an order, without doing it. */
struct move_preview {
	struct point	*path;		/* owned: anchor cells, start first */
	int		 npath;
	struct point	 pos;		/* where it would stop */
	enum dir	 facing;
	int		 form;
	enum cond	 cond;
	int		 allowance;	/* ticks */
	int		 spent;		/* ticks spent */
	int		 walked;	/* ticks of them walked (the rest
					   turns, ground, crossings) */
	enum halt	 halt;		/* why it would stop */
	bool		 apart;		/* HALT_CONTACT short of the enemy,
					   the two kept apart (MPF_APART):
					   no battle contact */
	struct eventlog	 log;		/* the explanation, as events */
};

/*
 * Simulate order o (a Move order for its unit) for this turn on g without
 * changing g: the route, where the unit would stop and why, and the
 * explanation.  Where the ruleset waits for friends (waits_for_friends),
 * a friend under a Move order of its own met on the way is waited for,
 * as the movement phase does (move_ctx_wait): it is marched first, by
 * its own preview, on a copy.  The 3.6.4 speed roll is not
 * made.  Returns 0, or -1 if the
 * order is not a Move order for an active unit.  Free with
 * move_preview_free.
 */
int move_preview(const struct game *, const struct order *o,
    struct move_preview *out);

/*
 * The same as move_preview, but the march as ordered: the walk does not
 * go round a friend standing in its way (it waits behind it, as the
 * order alone would make it).  For a commander vetting its orders before
 * its other units have theirs, when which friends will stand this turn
 * is not known yet: the movement phase decides the way round then.
 */
int move_preview_plain(const struct game *, const struct order *o,
    struct move_preview *out);

/* Free a preview's path and log, leaving it empty (no path, no events):
 * freeing it again is harmless. */
void move_preview_free(struct move_preview *);

/*
 * For the preview of an action order act (ORDER_ACTION) that marches:
 * *tmp becomes a scratch copy of g whose units are its own, act's unit
 * holding act as the movement phase would (the ruleset's action_march),
 * and *move the Move order that unit then walks.  move_preview and
 * move_forecast on tmp with move show the action's march.  Returns -1
 * (nothing to free) when the ruleset gives act no march.  tmp shares
 * g's map and occupancy grid, read only; free it with
 * move_scratch_free, before g changes.
 */
int move_action_scratch(const struct game *g, const struct order *act,
    struct game *tmp, struct order *move);

/* Free what move_action_scratch gave tmp. */
void move_scratch_free(struct game *tmp);

/* What a group Move order would do for one of its members, turn after
 * turn (move_group_forecast). */
struct move_group_forecast {
	struct point	*stops;		/* owned: its anchor after each turn,
					   the first turn's first */
	int		 nstops;
	int		 turns;		/* turns to arrive, -1: not within
					   those played */
	enum dir	 facing;	/* after the first turn */
	enum halt	 halt;		/* why it stops on the first turn */
	int		 moved;		/* ticks walked on the first turn */
	struct eventlog	 log;		/* the explanation of every turn
					   played, every member's */
};

/*
 * Play group Move order grp (ngroup members, its one point where the
 * line's centre should go) for up to turns movement phases on a scratch
 * copy of g, as the ruleset moves a group (ops->move_group_turn: a line
 * wheels, then marches straight on until level with the point, 3.6.3),
 * and say where member unit stands after each.  The order is taken as in
 * force at once, the speed roll (3.6.4) is not made, and no other unit
 * moves but as the ruleset's group movement moves it (a friend under a
 * Move order of its own in a member's way, where the ruleset waits for
 * friends).  g is not changed.  Returns 0, or -1 (nothing to free) when the
 * ruleset moves no group as one or grp is not a group Move order of
 * unit.  Free with move_group_forecast_free.
 */
int move_group_forecast(const struct game *g, const struct order *grp,
    int unit, int turns, struct move_group_forecast *out);

/* Free a group forecast's stops and log. */
void move_group_forecast_free(struct move_group_forecast *);

/*
 * The Move order to give for the points a player picked (in: a Move order
 * for its unit): each leg is the cheapest route the unit can march under
 * the ruleset (path_cheapest: ground, obstacles and contours priced as the
 * walk prices them; ground it may not enter is a wall; clear of battle
 * contact short of the point when there is such a way), written as the
 * points where the straight line bends, so that the walk, marching
 * straight from point to point, steps on exactly that route.  Friends
 * are not in the search: one standing in the way now may be ordered on
 * before the turn is played, and the walk meets friends as they then
 * stand (it waits, goes round or passes through, and says so); only when
 * the friends standing now would hold the march up longer than the way
 * round them (both forecast, move_forecast) is that way given.  The
 * player's points stay; a leg with no way round found stays straight;
 * when the bends do not fit in ORDER_MAX_POINTS the last legs' go first.
 * Returns 0 with *out filled, or -1 (not a Move order of an active unit,
 * or a point off the map) with *out a copy of in.
 */
int move_route(const struct game *, const struct order *in,
    struct order *out);

/*
 * The formation in which the unit of Move order in has a whole route to
 * every point of it, as move_route searches it: its own formation if it
 * has one, else the first of the ruleset's other formations its arm may
 * take, and has room to take where it stands (its anchor and facing, as
 * a Formation order forms it, on ground that does not forbid it), that
 * has one; else MOVE_FORM_UNITS when the map alone has a way (in a
 * formation whose block there lies on the map and on such ground)
 * in one of them, so that only the units standing about (enemies, and
 * friends it may not pass in order) leave none; else -1 (also for an
 * order move_route refuses).  For
 * the Move preview: a unit with no way there in its formation is told
 * which formation has one (a change it needs an order for).  It searches
 * once per formation tried: call it only for an order that does not
 * arrive.
 */
/*
 * Whether unit u, under a Move order, keeps its place this turn all the
 * same, as the ruleset says (ops->move_holds: a unit held in battle
 * contact, 3.6.8).  Friends meet such a unit as one that stands: they go
 * round it, or through it as the rules allow, and never wait for it to
 * march.
 */
bool move_holds(const struct game *, const struct unit *u);

/*
 * Whether unit u marches this turn, as its friends meet it: under a Move
 * order that is not done (a halt on arrival older than the order does not
 * count: the order came after it) and not held in place (move_holds),
 * nor held where it stands this turn (it walked, moved nothing, and
 * halted blocked or in contact: 3.6.7, marshal's reading).  Any other
 * unit stands.
 */
bool move_marches(const struct game *, const struct unit *u);

#define MOVE_FORM_UNITS	(-3)	/* move_route_form: only units bar the way */
int move_route_form(const struct game *, const struct order *in);

/*
 * How many turns unit o->unit would take to carry out Move order o, the
 * walk run turn after turn from where the last left it (as move_unit
 * carries it over), the order in force at once (the unit's own standing
 * order resumed as move_unit resumes it: its waypoint, its debt, the
 * route it carried, a pivot under way), everything else
 * standing still but for friends under Move orders: in the first turn
 * they are met as move_preview meets them (marched first when the unit
 * waits for them), so that turn is the preview's; from the second they
 * are taken as gone from their places (never the enemy's: his orders
 * are hidden): the turns to arrive, or -1 when it would not within max
 * (stopped by the enemy, blocked, or too far).  *path gets the anchor
 * cells walked over all those turns, start first (allocated, caller
 * frees).  Changes nothing.
 */
/* How a forecast that does not arrive ends, and each turn's walk
 * (move_forecast_end). */
#define MOVE_FORECAST_TURNS	24
struct move_forecast_end {
	int		 turn;		/* the turn of its last walk (1 the
					   first), 0 when it walked none */
	enum halt	 halt;		/* that walk's halt */
	int		 contact;	/* the enemy it halted in battle
					   contact with, -1 */
	bool		 apart;		/* halted short of that enemy, kept
					   apart (MPF_APART), not in
					   contact */
	int		 mob_turn;	/* the turn (1 the first) whose walk
					   left it a Mob, as a crossing with
					   exactly its price left does (M19):
					   it marches no further; 0 none */
	char		 mob_rule[EVENT_RULE_MAX]; /* the rule of that
					   walk's end */
	/* Each turn's walk, the first turn first (the first
	 * MOVE_FORECAST_TURNS of them), so that a preview can say where
	 * every turn ends and why: nturns of them. */
	struct move_forecast_turn {
		struct point	 pos;	/* where it stops */
		enum halt	 halt;	/* why */
		char		 rule[EVENT_RULE_MAX]; /* the rule that
					   ended it, "" none */
		int		 allowance; /* ticks it had, */
		int		 spent;	/* spent, */
		int		 walked; /* and of them walked */
	} turns[MOVE_FORECAST_TURNS];
	int		 nturns;
};

/* move_forecast, telling too in *end how the last walk forecast ended
 * (when it does not arrive: stopped by the enemy, blocked, too far). */
int move_forecast_end(const struct game *, const struct order *o, int max,
    struct point **path, int *npath, struct move_forecast_end *end);

int move_forecast(const struct game *, const struct order *o, int max,
    struct point **path, int *npath);

/*
 * The cells unit u's anchor could reach this turn in its present
 * formation (terrain, obstacles and the budget; not the enemy): returns
 * the count and an allocated array in *cells (caller frees).
 */
int move_reach(const struct game *, int u, struct point **cells);

/*
 * The gap in ticks between two blocks of cells: the octile distance
 * across the empty cells between the nearest pair (0 when they touch,
 * -1 when they overlap); INT_MAX when either block has no cell (its
 * array is then not read, and may be NULL).
 */
int move_gap(const struct point *a, int na, const struct point *b, int nb);

#endif
