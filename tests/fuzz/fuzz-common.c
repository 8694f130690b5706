/*
 * fuzz-common.c - what the harnesses share: the data directory and a
 * private temporary directory for loaders that read a path.  See fuzz.h.
 */
#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "util/xalloc.h"

#ifndef FUZZ_DATADIR
#define FUZZ_DATADIR	"data"
#endif

static char *tmpdir;
int fuzz_loaded;

const char *
fuzz_datadir(void)
{
	const char *d = getenv("MARSHAL_DATA");

	return d != NULL && *d != '\0' ? d : FUZZ_DATADIR;
}

static void
tmp_remove(void)
{
	struct dirent *e;
	DIR *dp;
	char *p;

	if (tmpdir == NULL || (dp = opendir(tmpdir)) == NULL)
		return;
	while ((e = readdir(dp)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		p = xasprintf("%s/%s", tmpdir, e->d_name);
		unlink(p);
		free(p);
	}
	closedir(dp);
	rmdir(tmpdir);
	free(tmpdir);
	tmpdir = NULL;
}

const char *
fuzz_tmpdir(void)
{
	const char *t = getenv("TMPDIR");

	if (tmpdir != NULL)
		return tmpdir;
	tmpdir = xasprintf("%s/marshal-fuzz-XXXXXX", t != NULL && *t == '/' ?
	    t : "/tmp");
	if (mkdtemp(tmpdir) == NULL) {
		perror(tmpdir);
		abort();
	}
	atexit(tmp_remove);
	return tmpdir;
}

char *
fuzz_write(const char *name, const uint8_t *data, size_t size)
{
	char *path;
	FILE *f;

	path = xasprintf("%s/%s", fuzz_tmpdir(), name);
	if ((f = fopen(path, "w")) == NULL ||
	    fwrite(data, 1, size, f) != size || fclose(f) != 0) {
		perror(path);
		abort();
	}
	return path;
}
