/*
 * gen.h - large battles for the benchmarks, built straight into a struct
 * game (no YAML in the way), and written out as a scenario file when the
 * loader itself is to be timed.
 *
 * A generated battle is a w x h map of mixed ground (woods, fields, rough,
 * villages, marsh, lakes, hills), a grid of big and small roads and some
 * hedges and walls, with n units split between two sides facing each
 * other across the middle, every one under a Move order towards the enemy.
 * The same seed always builds the same battle.  The ground and the
 * units are drawn from a kit of the ruleset's own names (gen.c): one for
 * the napoleonic ruleset, one for horse-and-musket (open and dense
 * woods, slopes, buildings, fences and streams; units never placed on
 * ground their mover may not enter).
 *
 * Ownership: bench_game_create returns a game the caller frees with
 * game_free; the ruleset is borrowed and must outlive it.
 */
#ifndef MARSHAL_BENCH_GEN_H
#define MARSHAL_BENCH_GEN_H

#include <stdint.h>
#include <stdio.h>

#include "core/game.h"
#include "core/ruleset.h"

/* Build a battle of (up to) n units on a w x h map; NULL if the ruleset
 * has no kit or lacks the landscapes or formations its kit uses. */
struct game *bench_game_create(const struct ruleset *, int w, int h, int n,
    uint64_t seed);

/* Write game g as a scenario file (inline map and orders of battle) that
 * names the ruleset rsname; 0, or -1 on a write error. */
int bench_game_write(const struct game *g, const char *rsname, FILE *f);

#endif
