/*
 * yread.h - read a YAML file into a document tree (util/doc.h).
 *
 * marshal's data files are small, hand-written YAML: one document of
 * mappings, sequences and scalars.  The reader accepts exactly that and
 * refuses the rest (anchors, aliases, tags, duplicate or non-scalar keys,
 * several documents) with a positioned diagnostic, because a file that
 * leans on those features is either a mistake or hostile.
 *
 * libyaml 0.2.5 puts no bound on nesting and its document API cannot stop
 * part way, so the reader walks the event stream itself and stops at the
 * first limit crossed.  The limits below protect the program, they are
 * not rules of any game: a file at a limit is read, one past it is not.
 *
 * This is the only part of marshal (with the rest of src/io) that includes
 * <yaml.h>; the tree it returns knows nothing of YAML.
 *
 * Ownership: a returned tree belongs to the caller (doc_free).  On any
 * error the reader frees everything it built and returns NULL; running
 * out of memory, in marshal's allocations or in libyaml's own, is such an
 * error (diags_oom), not an abort.
 */
#ifndef MARSHAL_YREAD_H
#define MARSHAL_YREAD_H

#include <stddef.h>

#include "util/diag.h"
#include "util/doc.h"

#define YREAD_MAX_FILE		(16L * 1024 * 1024)	/* bytes in a file */
#define YREAD_MAX_DEPTH		64	/* nested mappings and sequences */
#define YREAD_MAX_SCALAR	(4L * 1024 * 1024)	/* bytes in a scalar */
#define YREAD_MEM_PER_BYTE	32	/* tree bytes per byte of file... */
#define YREAD_MEM_BASE		(256 * 1024)	/* ...plus this much */

/*
 * The memory a tree takes is counted as it is built, and a file whose
 * tree would pass its budget is refused at the node that passes it, so
 * a small file of many tiny values cannot take the machine's memory.
 * The count is an estimate the reader can make without asking the
 * allocator: a node costs itself, the allocator's header and its slots
 * in the parent's arrays (a key and a value, grown by doubling); a
 * scalar also costs its bytes, its NUL and a header.  Bundled files and
 * saves need about 10 to 21 times their size.
 */
#define YREAD_NODE_COST		(sizeof(struct doc_node) + 16 + \
				    4 * sizeof(void *))
#define YREAD_STR_COST(len)	((size_t)(len) + 1 + 16)

/*
 * Read the file at path.  Directories, FIFOs and devices are refused
 * without being read, so the call never waits on a writer.  Returns the
 * root, or NULL with diagnostics.
 */
struct doc_node *yread_file(const char *path, struct diags *);

/*
 * Read len bytes of buf (need not be NUL-terminated); name is used in
 * positions and copied.  Returns the root, or NULL with diagnostics.
 */
struct doc_node *yread_buffer(const char *name, const char *buf,
    size_t len, struct diags *);

#endif
