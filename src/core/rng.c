/*
 * rng.c - splitmix64: small, fast, and its whole state is one integer, so
 * saving and restoring a game's stream is trivial.  See rng.h.
 */
#include "config.h"

#include "core/rng.h"

void
rng_seed(struct rng *r, uint64_t seed)
{
	r->state = seed;
}

uint64_t
rng_next(struct rng *r)
{
	uint64_t z = (r->state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

int
rng_die(struct rng *r, int sides)
{
	uint64_t limit, v;

	if (sides <= 1)
		return 1;
	limit = UINT64_MAX - UINT64_MAX % (uint64_t)sides;
	do
		v = rng_next(r);
	while (v >= limit);
	return (int)(v % (uint64_t)sides) + 1;
}
