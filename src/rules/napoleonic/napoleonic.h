/*
 * napoleonic.h - the Napoleonic ruleset module (seed 000, section 3.6).
 */
#ifndef MARSHAL_NAPOLEONIC_H
#define MARSHAL_NAPOLEONIC_H

#include "core/ruleset.h"

/* The module's operations, registered under "napoleonic". */
extern const struct ruleset_ops napoleonic_ops;

/* Its doctrine for the computer commander (doctrine.c). */
struct ai_doctrine;
extern const struct ai_doctrine napoleonic_doctrine;

#endif
