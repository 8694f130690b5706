/*
 * rng.h - the game's seeded random stream.
 *
 * The game state owns exactly one generator of this kind for everything
 * that changes the game (speed rolls, fire, morale), so that the same
 * scenario, seed and orders always replay the same.  Cosmetic randomness
 * (if the interface ever wants some) must use a separate stream.
 * The state is a plain value: copying it copies the stream.
 */
#ifndef MARSHAL_RNG_H
#define MARSHAL_RNG_H

#include <stdint.h>

struct rng {
	uint64_t	state;
};

/* Seed the stream. */
void rng_seed(struct rng *, uint64_t seed);

/* Next 64 random bits. */
uint64_t rng_next(struct rng *);

/* A uniform integer in [1, sides] (a die roll), without modulo bias. */
int rng_die(struct rng *, int sides);

#endif
