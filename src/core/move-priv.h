/*
 * move-priv.h - what the movement engine's files share among themselves
 * (move-walk.c, move-plan.c); not for the rest of marshal, which uses
 * move.h.
 */
#ifndef MARSHAL_MOVE_PRIV_H
#define MARSHAL_MOVE_PRIV_H

struct game;
struct move_ctx;
struct move_walk;

/*
 * Walk unit w->unit from its start: the ruleset's move_begin, a crossing
 * still owed, the steps, move_end.  cap limits the allowance (ticks, -1
 * none), explained by cap_note; ctx may be NULL.  The game is not
 * changed: w holds the result.
 */
void walk_all(const struct game *, struct move_ctx *ctx,
    struct move_walk *w, int cap, const char *cap_note);

#endif
