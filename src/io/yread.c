/*
 * yread.c - the bounded YAML reader: libyaml events to a doc_node tree.
 *
 * The reader keeps a stack of the collections still open (never deeper
 * than YREAD_MAX_DEPTH) and attaches each node to its parent as soon as it
 * is made, so that freeing the root frees everything built so far.  The
 * only nodes not yet in the tree are mapping keys waiting for their value;
 * they live in the stack frames and are freed from there on error.
 *
 * Every allocation of ours happens between libyaml calls, never in a
 * callback of libyaml's (the input is a string, read by libyaml itself),
 * so when one fails in the load's fallible region (util/xalloc.h) the jump
 * back to yread_buffer crosses only our own frames.  The parser and the
 * event in hand live in struct yread for that moment, and so does the one
 * node not yet in the tree (loose), so that all of them are freed.
 * libyaml's own allocations fail as YAML_MEMORY_ERROR, reported the same
 * way as ours.
 *
 * Positions: libyaml marks are 0-based lines and columns counted in
 * characters; diagnostics are 1-based.  libyaml's reader errors (bad
 * UTF-8, control characters) carry only a byte offset, which is turned
 * into a line and column by counting through the buffer the same way.
 */
#include "config.h"

#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <yaml.h>

#include "io/yread.h"
#include "util/xalloc.h"

struct frame {
	struct doc_node	*node;		/* the open collection (in the tree) */
	struct doc_node	*key;		/* mapping key awaiting its value */
};

struct yread {
	const char	*name;		/* as the caller gave it */
	const char	*buf;
	size_t		 len;
	struct diags	*d;
	char		*file;		/* owned until handed to the root */
	struct doc_node	*root;
	struct doc_node	*loose;		/* made, not yet attached */
	struct frame	 stack[YREAD_MAX_DEPTH];
	int		 depth;
	size_t		 mem;		/* the tree's bytes so far, estimated */
	size_t		 mem_max;	/* bound on mem for this file */
	int		 docs;
	yaml_parser_t	 p;
	bool		 parser;	/* p is initialised */
	yaml_event_t	 ev;		/* the event in hand, or zeroed */
	int		 r;		/* 1 done, -1 refused */
};

/* Is the byte sequence at buf[i] a line break libyaml counts? (0 or width) */
static size_t
line_break(const char *buf, size_t len, size_t i)
{
	const unsigned char *s = (const unsigned char *)buf + i;
	size_t left = len - i;

	if (s[0] == '\n')
		return 1;
	if (s[0] == '\r')
		return left > 1 && s[1] == '\n' ? 2 : 1;
	if (left > 1 && s[0] == 0xc2 && s[1] == 0x85)	/* NEL */
		return 2;
	if (left > 2 && s[0] == 0xe2 && s[1] == 0x80 &&
	    (s[2] == 0xa8 || s[2] == 0xa9))		/* LS, PS */
		return 3;
	return 0;
}

/* The 1-based line and column (in characters) of byte offset off. */
static void
offset_pos(const char *buf, size_t len, size_t off, int *line, int *col)
{
	size_t i = 0, w;

	*line = 1;
	*col = 1;
	if (off > len)
		off = len;
	while (i < off) {
		if ((w = line_break(buf, len, i)) != 0) {
			(*line)++;
			*col = 1;
			i += w;
			continue;
		}
		if (((unsigned char)buf[i] & 0xc0) != 0x80)
			(*col)++;
		i++;
	}
	/* The offset may point inside a character: count it as that one. */
	if (*col > 1 && off < len &&
	    ((unsigned char)buf[off] & 0xc0) == 0x80)
		(*col)--;
}

/* The byte offset of a 0-based libyaml mark, or len if past the end. */
static size_t
mark_offset(const char *buf, size_t len, size_t line, size_t col)
{
	size_t i = 0, l = 0, c = 0, w;

	while (i < len && l < line) {
		if ((w = line_break(buf, len, i)) != 0) {
			l++;
			i += w;
		} else
			i++;
	}
	while (i < len && c < col && line_break(buf, len, i) == 0) {
		i++;
		while (i < len && ((unsigned char)buf[i] & 0xc0) == 0x80)
			i++;
		c++;
	}
	return i;
}

static struct pos
mark_pos(const struct yread *y, yaml_mark_t m)
{
	struct pos p;

	p.file = y->file;
	p.line = (int)(m.line + 1);
	p.col = (int)(m.column + 1);
	return p;
}

/* Report libyaml's own error (syntax, encoding) at the best position. */
static void
parser_error(struct yread *y, const yaml_parser_t *p)
{
	struct pos pos = { y->file, 1, 1 };
	const char *problem = p->problem != NULL ? p->problem : "syntax error";
	size_t off;

	switch (p->error) {
	case YAML_MEMORY_ERROR:
		pos = mark_pos(y, p->mark);
		diags_oom(y->d, pos);
		return;
	case YAML_READER_ERROR:
		off = p->problem_offset;
		/* libyaml points at a bad trailing byte; show its character. */
		if (strstr(problem, "trailing") != NULL)
			while (off > 0 && p->problem_offset - off < 3 &&
			    ((unsigned char)y->buf[off] & 0xc0) != 0xc0)
				off--;
		offset_pos(y->buf, y->len, off, &pos.line, &pos.col);
		if (strstr(problem, "UTF-8") != NULL &&
		    p->problem_value != -1)
			diags_add(y->d, pos, "invalid UTF-8: %s (byte 0x%02x)",
			    problem, (unsigned)p->problem_value & 0xff);
		else if (strstr(problem, "UTF-8") != NULL)
			diags_add(y->d, pos, "invalid UTF-8: %s", problem);
		else if (p->problem_value != -1)
			diags_add(y->d, pos, "%s (character U+%04X)", problem,
			    (unsigned)p->problem_value);
		else
			diags_add(y->d, pos, "%s", problem);
		return;
	default:
		break;
	}
	pos = mark_pos(y, p->problem_mark);
	off = mark_offset(y->buf, y->len, p->problem_mark.line,
	    p->problem_mark.column);
	if (off < y->len && y->buf[off] == '\t') {
		diags_add(y->d, pos, "tab character in indentation "
		    "(YAML indents with spaces)");
		return;
	}
	if (p->context != NULL)
		diags_add(y->d, pos, "%s (%s started at line %zu, column %zu)",
		    problem, p->context + (strncmp(p->context, "while ", 6) ?
		    0 : 6), p->context_mark.line + 1,
		    p->context_mark.column + 1);
	else
		diags_add(y->d, pos, "%s", problem);
}

/* Refuse anchors and explicit tags on a node. */
static int
check_props(struct yread *y, yaml_mark_t m, const yaml_char_t *anchor,
    const yaml_char_t *tag)
{
	if (anchor != NULL) {
		diags_add(y->d, mark_pos(y, m), "anchors are not allowed "
		    "(&%.64s): write the value out in full", anchor);
		return -1;
	}
	if (tag != NULL) {
		diags_add(y->d, mark_pos(y, m), "tags are not allowed "
		    "(%.64s)", tag);
		return -1;
	}
	return 0;
}

/* Charge bytes of the tree being built to the file's budget (yread.h). */
static int
mem_charge(struct yread *y, size_t bytes, yaml_mark_t m)
{
	y->mem += bytes;
	if (y->mem <= y->mem_max)
		return 0;
	diags_add(y->d, mark_pos(y, m), "the file needs more than %zu bytes "
	    "of memory to read (%d times its size, and %d KiB more): too "
	    "many small values", y->mem_max, YREAD_MEM_PER_BYTE,
	    YREAD_MEM_BASE / 1024);
	return -1;
}

static struct doc_node *
node_new(struct yread *y, enum doc_kind kind, yaml_mark_t m)
{
	if (mem_charge(y, YREAD_NODE_COST, m) != 0)
		return NULL;
	/* Loose until attach() puts it in the tree or frees it. */
	y->loose = doc_new(kind, mark_pos(y, m));
	return y->loose;
}

/* Attach a new node where the open collection expects it. */
static int
attach(struct yread *y, struct doc_node *n)
{
	struct frame *f;

	if (y->depth == 0) {
		y->root = n;
		y->loose = NULL;
		return 0;
	}
	f = &y->stack[y->depth - 1];
	if (f->node->kind == DOC_SEQ) {
		doc_append(f->node, NULL, n);
		y->loose = NULL;
		return 0;
	}
	if (f->key != NULL) {
		doc_append(f->node, f->key, n);
		f->key = NULL;
		y->loose = NULL;
		return 0;
	}
	if (n->kind != DOC_SCALAR) {
		diags_add(y->d, n->pos, "mapping keys must be scalars, "
		    "not %s", doc_kind_name(n->kind));
		return -1;		/* n stays loose: freed at the end */
	}
	f->key = n;
	y->loose = NULL;
	return 0;
}

struct keyref {
	const struct doc_node	*key;
	int			 i;
};

static int
keyref_cmp(const void *va, const void *vb)
{
	const struct keyref *a = va, *b = vb;
	size_t n = a->key->len < b->key->len ? a->key->len : b->key->len;
	int c = memcmp(a->key->str, b->key->str, n);

	if (c != 0)
		return c;
	if (a->key->len != b->key->len)
		return a->key->len < b->key->len ? -1 : 1;
	return a->i - b->i;
}

/*
 * Refuse a key given twice.  Sorting keeps a huge mapping from costing
 * n^2 comparisons; the repeat reported is the earliest in the file.
 */
static int
check_dups(struct yread *y, const struct doc_node *map)
{
	struct keyref *v;
	int i, dup = -1, first = -1;

	if (map->n < 2)
		return 0;
	v = xmallocarray((size_t)map->n, sizeof *v);
	for (i = 0; i < map->n; i++) {
		v[i].key = map->keys[i];
		v[i].i = i;
	}
	qsort(v, (size_t)map->n, sizeof *v, keyref_cmp);
	for (i = 1; i < map->n; i++) {
		if (v[i].key->len != v[i - 1].key->len ||
		    memcmp(v[i].key->str, v[i - 1].key->str,
		    v[i].key->len) != 0)
			continue;
		/* Sorted by (key, index): v[i] is a repeat of v[i - 1]. */
		if (dup == -1 || v[i].i < dup) {
			dup = v[i].i;
			first = v[i - 1].i;
		}
	}
	free(v);
	if (dup == -1)
		return 0;
	diags_add(y->d, map->keys[dup]->pos, "duplicate key '%.64s' (first "
	    "given at line %d, column %d)", map->keys[dup]->str,
	    map->keys[first]->pos.line, map->keys[first]->pos.col);
	return -1;
}

static int
scalar_event(struct yread *y, const yaml_event_t *ev)
{
	struct doc_node *n;
	size_t len = ev->data.scalar.length;

	if (check_props(y, ev->start_mark, ev->data.scalar.anchor,
	    ev->data.scalar.tag) != 0)
		return -1;
	if (len > (size_t)YREAD_MAX_SCALAR) {
		diags_add(y->d, mark_pos(y, ev->start_mark), "scalar of %zu "
		    "bytes is longer than the limit of %ld", len,
		    YREAD_MAX_SCALAR);
		return -1;
	}
	if ((n = node_new(y, DOC_SCALAR, ev->start_mark)) == NULL)
		return -1;
	if (mem_charge(y, YREAD_STR_COST(len), ev->start_mark) != 0)
		return -1;		/* n stays loose: freed at the end */
	/* memcpy, not strndup: a "\0" escape may put a NUL inside. */
	n->str = xmallocarray(len + 1, 1);
	memcpy(n->str, ev->data.scalar.value, len);
	n->str[len] = '\0';
	n->len = len;
	n->quoted = ev->data.scalar.style != YAML_PLAIN_SCALAR_STYLE;
	return attach(y, n);
}

static int
start_event(struct yread *y, const yaml_event_t *ev, enum doc_kind kind)
{
	struct doc_node *n;
	const yaml_char_t *anchor, *tag;

	if (kind == DOC_MAP) {
		anchor = ev->data.mapping_start.anchor;
		tag = ev->data.mapping_start.tag;
	} else {
		anchor = ev->data.sequence_start.anchor;
		tag = ev->data.sequence_start.tag;
	}
	if (check_props(y, ev->start_mark, anchor, tag) != 0)
		return -1;
	if (y->depth == YREAD_MAX_DEPTH) {
		diags_add(y->d, mark_pos(y, ev->start_mark), "nested more "
		    "than %d levels deep", YREAD_MAX_DEPTH);
		return -1;
	}
	if ((n = node_new(y, kind, ev->start_mark)) == NULL)
		return -1;
	if (attach(y, n) != 0)
		return -1;
	y->stack[y->depth].node = n;
	y->stack[y->depth].key = NULL;
	y->depth++;
	return 0;
}

/* Handle one event: 1 at the end of the stream, 0 to go on, -1 error. */
static int
event(struct yread *y, const yaml_event_t *ev)
{
	struct pos start = { y->file, 1, 1 };

	switch (ev->type) {
	case YAML_NO_EVENT:
	case YAML_STREAM_START_EVENT:
	case YAML_DOCUMENT_END_EVENT:
		return 0;
	case YAML_STREAM_END_EVENT:
		if (y->docs == 0) {
			diags_add(y->d, start, "empty document");
			return -1;
		}
		return 1;
	case YAML_DOCUMENT_START_EVENT:
		if (y->docs++ > 0) {
			diags_add(y->d, mark_pos(y, ev->start_mark),
			    "a second document: a file holds only one");
			return -1;
		}
		if (ev->data.document_start.tag_directives.start !=
		    ev->data.document_start.tag_directives.end) {
			diags_add(y->d, mark_pos(y, ev->start_mark),
			    "tags are not allowed (%%TAG directive)");
			return -1;
		}
		return 0;
	case YAML_ALIAS_EVENT:
		diags_add(y->d, mark_pos(y, ev->start_mark), "aliases are not "
		    "allowed (*%.64s): write the value out in full",
		    ev->data.alias.anchor);
		return -1;
	case YAML_SCALAR_EVENT:
		return scalar_event(y, ev);
	case YAML_SEQUENCE_START_EVENT:
		return start_event(y, ev, DOC_SEQ);
	case YAML_MAPPING_START_EVENT:
		return start_event(y, ev, DOC_MAP);
	case YAML_MAPPING_END_EVENT:
		if (check_dups(y, y->stack[y->depth - 1].node) != 0)
			return -1;
		/* FALLTHROUGH */
	case YAML_SEQUENCE_END_EVENT:
		y->depth--;
		return 0;
	}
	return 0;
}

/* The reading itself, in yread_buffer's fallible region. */
static void
yread_run(void *arg)
{
	struct yread *y = arg;

	y->file = xstrdup(y->name);
	if (!yaml_parser_initialize(&y->p)) {
		diags_oom(y->d, (struct pos){ y->name, 0, 0 });
		y->r = -1;
		return;
	}
	y->parser = true;
	yaml_parser_set_input_string(&y->p, (const unsigned char *)y->buf,
	    y->len);
	/* Always UTF-8, so byte offsets map to the positions we print. */
	yaml_parser_set_encoding(&y->p, YAML_UTF8_ENCODING);
	while (y->r == 0) {
		if (!yaml_parser_parse(&y->p, &y->ev)) {
			parser_error(y, &y->p);
			y->r = -1;
			break;
		}
		y->r = event(y, &y->ev);
		yaml_event_delete(&y->ev);
	}
}

struct doc_node *
yread_buffer(const char *name, const char *buf, size_t len,
    struct diags *d)
{
	struct yread y;
	struct pos at = { name, 0, 0 };
	int i, oom;

	if (len > (size_t)YREAD_MAX_FILE) {
		diags_add(d, at, "file of %zu bytes is larger than the "
		    "limit of %ld", len, YREAD_MAX_FILE);
		return NULL;
	}
	/* A UTF-8 byte order mark is not a character anyone sees. */
	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0) {
		buf += 3;
		len -= 3;
	}
	memset(&y, 0, sizeof y);
	y.name = name;
	y.buf = buf;
	y.len = len;
	y.d = d;
	y.mem_max = len * YREAD_MEM_PER_BYTE + YREAD_MEM_BASE;

	oom = xalloc_try(yread_run, &y);
	if (y.parser) {
		if (oom) {
			/* Where the parser had got to, before it goes. */
			at.line = (int)y.p.mark.line + 1;
			at.col = (int)y.p.mark.column + 1;
			yaml_event_delete(&y.ev);
		}
		yaml_parser_delete(&y.p);
	}
	if (oom) {
		diags_oom(d, at);
		y.r = -1;
	}
	if (y.r < 0) {
		for (i = 0; i < y.depth; i++)
			doc_free(y.stack[i].key);
		doc_free(y.loose);
		doc_free(y.root);
		free(y.file);
		return NULL;
	}
	y.root->file = y.file;
	return y.root;
}

/* A file being read: what yread_file's region must close and free. */
struct yfile {
	const char	*path;
	struct diags	*d;
	int		 fd;		/* -1: closed */
	char		*buf;
	size_t		 len;
};

/* Read the whole file into f->buf; -1 with diagnostics. */
static int
yfile_read(struct yfile *f)
{
	struct stat st;
	struct pos nopos = { f->path, 0, 0 };
	size_t cap;
	ssize_t got;

	/* O_NONBLOCK: opening a FIFO must not wait for a writer. */
	f->fd = open(f->path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (f->fd == -1) {
		diags_add(f->d, nopos, "cannot open: %s", strerror(errno));
		return -1;
	}
	if (fstat(f->fd, &st) == -1) {
		diags_add(f->d, nopos, "cannot stat: %s", strerror(errno));
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		diags_add(f->d, nopos, "not a regular file (%s)",
		    S_ISDIR(st.st_mode) ? "a directory" :
		    S_ISFIFO(st.st_mode) ? "a FIFO" : "a special file");
		return -1;
	}
	if (st.st_size > YREAD_MAX_FILE) {
		diags_add(f->d, nopos, "file of %lld bytes is larger than the "
		    "limit of %ld", (long long)st.st_size, YREAD_MAX_FILE);
		return -1;
	}
	/* The size may change under us: read to the end, but never past
	 * the limit. */
	cap = (size_t)st.st_size + 1;
	if (cap < 4096)
		cap = 4096;
	f->buf = xmallocarray(cap, 1);
	for (;;) {
		if (f->len == cap) {
			if (cap > (size_t)YREAD_MAX_FILE)
				break;
			cap *= 2;
			if (cap > (size_t)YREAD_MAX_FILE + 1)
				cap = (size_t)YREAD_MAX_FILE + 1;
			f->buf = xreallocarray(f->buf, cap, 1);
		}
		got = read(f->fd, f->buf + f->len, cap - f->len);
		if (got == -1 && errno == EINTR)
			continue;
		if (got == -1) {
			diags_add(f->d, nopos, "cannot read: %s",
			    strerror(errno));
			return -1;
		}
		if (got == 0)
			break;
		f->len += (size_t)got;
	}
	return 0;
}

static void
yfile_run(void *arg)
{
	struct yfile *f = arg;

	if (yfile_read(f) != 0) {
		free(f->buf);
		f->buf = NULL;
	}
}

struct doc_node *
yread_file(const char *path, struct diags *d)
{
	struct yfile f = { path, d, -1, NULL, 0 };
	struct doc_node *root = NULL;

	if (xalloc_try(yfile_run, &f) != 0) {
		diags_oom(d, (struct pos){ path, 0, 0 });
		free(f.buf);
		f.buf = NULL;
	}
	if (f.fd != -1)
		close(f.fd);
	if (f.buf != NULL)
		root = yread_buffer(path, f.buf, f.len, d);
	free(f.buf);
	return root;
}
