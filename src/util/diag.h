/*
 * diag.h - diagnostics with a source position.
 *
 * Loaders and checkers collect problems here instead of printing them, so
 * that `marshal check` can print one line per problem, the interface can
 * show them in a window and tests can compare them.  Every diagnostic is
 * rendered as "FILE:LINE:COLUMN: error: message" (line and column are
 * 1-based; 0 means "no position", e.g. a file that cannot be opened).
 *
 * Running out of memory while loading (util/xalloc.h) is recorded apart,
 * by diags_oom, which allocates nothing: the flag oom and the position
 * held in the list itself.  diags_print shows it like any other problem;
 * code that counts problems must look at diags_failed, not only at n.
 */
#ifndef MARSHAL_DIAG_H
#define MARSHAL_DIAG_H

#include <stdbool.h>
#include <stdio.h>

struct diag {
	char	*file;		/* owned: one block with msg */
	int	 line;		/* 1-based, 0 if unknown */
	int	 col;		/* 1-based, 0 if unknown */
	char	*msg;		/* inside file's block: never freed alone */
};

#define DIAGS_OOM_FILE	256	/* bytes of file name kept for diags_oom */

struct diags {
	struct diag	*v;	/* owned array */
	int		 n;
	int		 cap;
	int		 limit;	/* stop recording after this many (0 = 100) */
	int		 dropped; /* problems not recorded past the limit */
	bool		 oom;	/* a load ran out of memory */
	char		 oom_file[DIAGS_OOM_FILE];	/* where (cut short) */
	int		 oom_line;
	int		 oom_col;
};

/* A source position: a file name (borrowed) with a 1-based line and column. */
struct pos {
	const char	*file;
	int		 line;
	int		 col;
};

/* Initialise an empty list. */
void diags_init(struct diags *);

/* Free every diagnostic; the list is empty and reusable afterwards. */
void diags_free(struct diags *);

/* Record a problem at a position. */
void diags_add(struct diags *, struct pos, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/*
 * Record that a load ran out of memory at a position, without allocating;
 * only the first such failure is kept.  Shown as "out of memory while
 * loading".
 */
void diags_oom(struct diags *, struct pos);

/* Whether any problem was recorded: n, dropped or out of memory. */
bool diags_failed(const struct diags *);

/* Print every diagnostic, one per line, as FILE:LINE:COLUMN: error: msg. */
void diags_print(const struct diags *, FILE *);

/* Render diagnostic i into a new string (caller frees). */
char *diag_format(const struct diag *);

/* The first max diagnostics as lines, each ending in a newline, and a
 * line saying how many more there are (allocated; "" for none). */
char *diags_lines(const struct diags *, int max);

/* Move all diagnostics of src onto the end of dst; src ends empty. */
void diags_take(struct diags *dst, struct diags *src);

/* s with every control byte written \xNN, for messages to a terminal
 * (allocated; the caller frees). */
char *diag_escape(const char *s);

#endif
