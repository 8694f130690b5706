/*
 * check.c - marshal check.  Placeholder until the command lands; it refuses
 * honestly rather than pretending to work.
 */
#include "config.h"

#include <stdio.h>

#include "cli/cli.h"

int
cli_check(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr, "marshal: 'check' is not implemented yet\n");
	return 2;
}
