/*
 * resolve.c - marshal resolve.  Placeholder until the command lands; it refuses
 * honestly rather than pretending to work.
 */
#include "config.h"

#include <stdio.h>

#include "cli/cli.h"

int
cli_resolve(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr, "marshal: 'resolve' is not implemented yet\n");
	return 2;
}
