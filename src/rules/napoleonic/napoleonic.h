/*
 * napoleonic.h - the Napoleonic ruleset module (seed 000, section 3.6).
 */
#ifndef MARSHAL_NAPOLEONIC_H
#define MARSHAL_NAPOLEONIC_H

#include "core/ruleset.h"

/* The module's operations, registered under "napoleonic". */
extern const struct ruleset_ops napoleonic_ops;

#endif
