/*
 * test-yread.c - the bounded YAML reader: positions, refused features and
 * every limit at its value and one past it.
 */
#include "config.h"

#include <sys/stat.h>

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "io/yread.h"
#include "util/xalloc.h"

/* Read a NUL-terminated buffer; the tree or NULL, diagnostics in *d. */
static struct doc_node *
rd(const char *text, struct diags *d)
{
	diags_init(d);
	return yread_buffer("t.yaml", text, strlen(text), d);
}

/* Expect reading to fail with one diagnostic at line:col containing msg. */
static void
refused(const char *text, size_t len, int line, int col, const char *msg)
{
	struct diags d;
	struct doc_node *root;

	diags_init(&d);
	root = yread_buffer("t.yaml", text, len, &d);
	assert_null(root);
	assert_int_equal(d.n, 1);
	if (strstr(d.v[0].msg, msg) == NULL)
		fail_msg("'%s' does not contain '%s'", d.v[0].msg, msg);
	assert_string_equal(d.v[0].file, "t.yaml");
	assert_int_equal(d.v[0].line, line);
	assert_int_equal(d.v[0].col, col);
	diags_free(&d);
}

static void
refused_s(const char *text, int line, int col, const char *msg)
{
	refused(text, strlen(text), line, col, msg);
}

/* Every node's position names the root's own copy of the file name. */
static void
check_files(const struct doc_node *n, const char *file)
{
	int i;

	assert_ptr_equal(n->pos.file, file);
	for (i = 0; i < n->n; i++) {
		if (n->kind == DOC_MAP)
			check_files(n->keys[i], file);
		check_files(n->items[i], file);
	}
}

static void
test_tree_and_positions(void **state)
{
	struct diags d;
	struct doc_node *r, *b, *c;

	(void)state;
	r = rd("# comment\na: 1\nb: [x, 'y', \"z\"]\nc:\n  - {k: v}\n"
	    "d: |\n  text\n", &d);
	assert_non_null(r);
	assert_int_equal(d.n, 0);
	assert_string_equal(r->file, "t.yaml");
	check_files(r, r->file);
	assert_int_equal(r->kind, DOC_MAP);
	assert_int_equal(r->n, 4);
	assert_int_equal(r->keys[0]->pos.line, 2);
	assert_int_equal(r->keys[0]->pos.col, 1);
	assert_string_equal(doc_get(r, "a")->str, "1");
	assert_int_equal(doc_get(r, "a")->pos.col, 4);
	assert_false(doc_get(r, "a")->quoted);
	b = doc_get(r, "b");
	assert_int_equal(b->kind, DOC_SEQ);
	assert_int_equal(b->n, 3);
	assert_int_equal(b->pos.line, 3);
	assert_int_equal(b->pos.col, 4);
	assert_false(b->items[0]->quoted);
	assert_true(b->items[1]->quoted);
	assert_true(b->items[2]->quoted);
	assert_int_equal(b->items[2]->pos.col, 13);
	c = doc_get(r, "c");
	assert_int_equal(c->items[0]->kind, DOC_MAP);
	assert_int_equal(c->items[0]->pos.line, 5);
	assert_int_equal(c->items[0]->pos.col, 5);
	assert_string_equal(doc_get(c->items[0], "k")->str, "v");
	assert_string_equal(doc_get(r, "d")->str, "text\n");
	assert_true(doc_get(r, "d")->quoted);	/* not plain: a string */
	doc_free(r);
	diags_free(&d);
}

/* Columns count characters, as libyaml does, and a BOM is invisible. */
static void
test_utf8_columns(void **state)
{
	struct diags d;
	struct doc_node *r;

	(void)state;
	r = rd("\xef\xbb\xbf" "a: \xc3\xa9t\xc3\xa9\nb: x\n", &d);
	assert_non_null(r);
	assert_int_equal(r->keys[0]->pos.col, 1);
	assert_string_equal(doc_get(r, "a")->str, "\xc3\xa9t\xc3\xa9");
	assert_int_equal(doc_get(r, "b")->pos.line, 2);
	doc_free(r);
	diags_free(&d);
}

/* A "\0" escape makes a scalar with a NUL inside: the length keeps it. */
static void
test_nul_escape(void **state)
{
	struct diags d;
	struct doc_node *r;

	(void)state;
	r = rd("a: \"x\\0y\"\n", &d);
	assert_non_null(r);
	assert_int_equal(doc_get(r, "a")->len, 3);
	doc_free(r);
	diags_free(&d);
}

static void
test_refuse_aliases_anchors_tags(void **state)
{
	(void)state;
	refused_s("a: &x 1\nb: 2\n", 1, 4, "anchors are not allowed");
	refused_s("a: 1\nb: *x\n", 2, 4, "aliases are not allowed");
	refused_s("a: 1\nb: !!str 2\n", 2, 4, "tags are not allowed");
	refused_s("a: !custom {x: 1}\n", 1, 4, "tags are not allowed");
	refused_s("list: &l [1]\n", 1, 7, "anchors are not allowed");
	refused_s("%TAG !e! tag:example.com,2000:\n---\na: 1\n", 1, 1,
	    "tags are not allowed");
}

static void
test_refuse_duplicate_and_complex_keys(void **state)
{
	(void)state;
	refused_s("a: 1\nb: 2\na: 3\n", 3, 1, "duplicate key 'a' (first "
	    "given at line 1, column 1)");
	/* The earliest repeat is reported, whatever the sort order. */
	refused_s("z: 1\na: 1\nz: 2\na: 2\n", 3, 1, "duplicate key 'z'");
	refused_s("top:\n  k: 1\n  k: 2\n", 3, 3, "duplicate key 'k'");
	refused_s("{x: 1, x: 2}\n", 1, 8, "duplicate key 'x'");
	refused_s("? [a, b]\n: 1\n", 1, 3, "mapping keys must be scalars");
	refused_s("{{a: 1}: 2}\n", 1, 2, "mapping keys must be scalars");
}

static void
test_documents(void **state)
{
	struct diags d;
	struct doc_node *r;

	(void)state;
	refused_s("", 1, 1, "empty document");
	refused_s("# only a comment\n\n", 1, 1, "empty document");
	refused_s("a: 1\n---\nb: 2\n", 2, 1, "a second document");
	refused_s("--- 1\n--- 2\n", 2, 1, "a second document");
	r = rd("---\na: 1\n...\n", &d);
	assert_non_null(r);
	doc_free(r);
	diags_free(&d);
}

/* libyaml reports these with a byte offset only; we count the position. */
static void
test_reader_errors_positioned(void **state)
{
	(void)state;
	refused_s("a: 1\nb: caf\xe9\n", 2, 7, "invalid UTF-8");
	refused_s("a: \xc3\xa9\xff\n", 1, 5, "invalid UTF-8");
	/* A cut-short character is shown where it starts. */
	refused_s("a: \xc3\xa9\xe9x\n", 1, 5, "invalid trailing");
	refused_s("a: 1\r\nbb: \xff\r\n", 2, 5, "invalid UTF-8");
	refused_s("a: 1\n\nkey: x\x01y\n", 3, 7, "control characters");
	refused("a: 1\nb: \0\n", 10, 2, 4, "control characters");
	refused_s("\xef\xbb\xbf" "a: \xfe\n", 1, 4, "invalid UTF-8");
}

static void
test_syntax_errors(void **state)
{
	(void)state;
	refused_s("a:\n\tb: 1\n", 2, 1, "tab character in indentation");
	refused_s("a: [1, 2\nb: 3\n", 2, 2, "did not find expected ','");
	refused_s("a: 1\n b: 2\n", 2, 3, "mapping values are not allowed");
	refused_s("a: 'open\n", 2, 1, "found unexpected end of stream");
}

/* A buffer of exactly n bytes: a long comment, then "a: 1\n". */
static char *
sized(size_t n)
{
	char *buf = xmallocarray(n, 1);

	memset(buf, 'x', n);
	buf[0] = '#';
	memcpy(buf + n - 6, "\na: 1\n", 6);
	return buf;
}

static void
test_limit_file_size(void **state)
{
	struct diags d;
	struct doc_node *r;
	char *buf;

	(void)state;
	buf = sized(YREAD_MAX_FILE);
	diags_init(&d);
	r = yread_buffer("t.yaml", buf, YREAD_MAX_FILE, &d);
	assert_non_null(r);
	assert_int_equal(doc_get(r, "a")->pos.line, 2);
	doc_free(r);
	free(buf);
	buf = sized(YREAD_MAX_FILE + 1);
	refused(buf, YREAD_MAX_FILE + 1, 0, 0, "larger than the limit of "
	    "16777216");
	free(buf);
	diags_free(&d);
}

/* The same limit through a real file, and refusing what is not one. */
static void
test_file_reading(void **state)
{
	char dir[] = "/tmp/marshal-yread-XXXXXX", path[64], fifo[64];
	struct diags d;
	struct doc_node *r;
	FILE *f;
	char *buf;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/f.yaml", dir);
	snprintf(fifo, sizeof fifo, "%s/fifo", dir);
	diags_init(&d);

	assert_non_null(f = fopen(path, "w"));
	fputs("k: [1, 2]\n", f);
	fclose(f);
	r = yread_file(path, &d);
	assert_non_null(r);
	assert_string_equal(r->file, path);
	assert_int_equal(doc_get(r, "k")->n, 2);
	doc_free(r);

	buf = sized(YREAD_MAX_FILE + 1);
	assert_non_null(f = fopen(path, "w"));
	assert_int_equal(fwrite(buf, 1, YREAD_MAX_FILE + 1, f),
	    YREAD_MAX_FILE + 1);
	fclose(f);
	free(buf);
	assert_null(yread_file(path, &d));
	assert_int_equal(d.n, 1);
	assert_non_null(strstr(d.v[0].msg, "larger than the limit"));
	diags_free(&d);

	/* A FIFO with no writer must be refused, not waited on. */
	assert_int_equal(mkfifo(fifo, 0600), 0);
	assert_null(yread_file(fifo, &d));
	assert_int_equal(d.n, 1);
	assert_non_null(strstr(d.v[0].msg, "not a regular file"));
	assert_int_equal(d.v[0].line, 0);
	diags_free(&d);
	assert_null(yread_file(dir, &d));
	assert_non_null(strstr(d.v[0].msg, "a directory"));
	diags_free(&d);
	unlink(path);
	assert_null(yread_file(path, &d));
	assert_non_null(strstr(d.v[0].msg, "cannot open"));
	diags_free(&d);
	unlink(fifo);
	rmdir(dir);
}

/* n nested flow sequences: "[[...]]". */
static char *
nested(int n)
{
	char *buf = xmallocarray((size_t)n * 2 + 2, 1);

	memset(buf, '[', (size_t)n);
	memset(buf + n, ']', (size_t)n);
	buf[2 * n] = '\n';
	buf[2 * n + 1] = '\0';
	return buf;
}

static void
test_limit_depth(void **state)
{
	struct diags d;
	struct doc_node *r, *n;
	char *buf;
	int depth = 1;

	(void)state;
	buf = nested(YREAD_MAX_DEPTH);
	r = rd(buf, &d);
	assert_non_null(r);
	for (n = r; n->n > 0; n = n->items[0])
		depth++;
	assert_int_equal(depth, YREAD_MAX_DEPTH);
	doc_free(r);
	diags_free(&d);
	free(buf);
	buf = nested(YREAD_MAX_DEPTH + 1);
	refused_s(buf, 1, YREAD_MAX_DEPTH + 1, "nested more than 64 levels");
	free(buf);
	/* A bomb far past the limit stops at the limit. */
	buf = nested(1000000);
	refused_s(buf, 1, YREAD_MAX_DEPTH + 1, "nested more than 64 levels");
	free(buf);
}

/* "a: " and a plain scalar of n bytes. */
static char *
long_scalar(size_t n)
{
	char *buf = xmallocarray(n + 5, 1);

	memcpy(buf, "a: ", 3);
	memset(buf + 3, 'x', n);
	memcpy(buf + 3 + n, "\n", 2);
	return buf;
}

static void
test_limit_scalar(void **state)
{
	struct diags d;
	struct doc_node *r;
	char *buf;

	(void)state;
	buf = long_scalar(YREAD_MAX_SCALAR);
	r = rd(buf, &d);
	assert_non_null(r);
	assert_int_equal(doc_get(r, "a")->len, YREAD_MAX_SCALAR);
	doc_free(r);
	diags_free(&d);
	free(buf);
	buf = long_scalar(YREAD_MAX_SCALAR + 1);
	refused_s(buf, 1, 4, "longer than the limit of 4194304");
	free(buf);
}

/* A flow sequence of n - 1 scalars: n nodes with the sequence. */
static char *
many_nodes(long n)
{
	char *buf = xmallocarray((size_t)n * 2 + 2, 1);
	long i;

	buf[0] = '[';
	for (i = 0; i < n - 1; i++) {
		buf[1 + 2 * i] = '1';
		buf[2 + 2 * i] = ',';
	}
	buf[2 * (n - 1)] = ']';
	buf[2 * (n - 1) + 1] = '\0';
	return buf;
}

/*
 * The memory budget: a file of one-character values needs about 70 times
 * its size, so it is refused at the value that passes the budget, at that
 * value's own column; one with a few values is read.
 */
static void
test_limit_memory(void **state)
{
	struct diags d;
	struct doc_node *r;
	char *buf;
	size_t n = 200000, len = 2 * n - 1, max, mem;
	size_t k;

	(void)state;
	buf = many_nodes(1000);
	r = rd(buf, &d);
	assert_non_null(r);
	assert_int_equal(r->n, 999);
	doc_free(r);
	diags_free(&d);
	free(buf);

	/* The sequence and n - 1 scalars of "1": find the one that passes. */
	buf = many_nodes(n);
	assert_int_equal(strlen(buf), len);
	max = len * YREAD_MEM_PER_BYTE + YREAD_MEM_BASE;
	mem = YREAD_NODE_COST;
	for (k = 1; k < n; k++) {
		mem += YREAD_NODE_COST;
		if (mem > max)
			break;
		mem += YREAD_STR_COST(1);
		if (mem > max)
			break;
	}
	assert_true(k < n);
	/* The k-th scalar stands at column 2k, after "[" and k-1 "1,". */
	refused_s(buf, 1, (int)(2 * k), "bytes of memory to read");
	free(buf);

	/* The same values written long enough are within the budget. */
	buf = xmallocarray(n * 10 + 3, 1);
	buf[0] = '[';
	for (k = 0; k < n; k++)
		memcpy(buf + 1 + 10 * k, "123456789,", 10);
	buf[10 * n] = ']';
	buf[10 * n + 1] = '\0';
	r = rd(buf, &d);
	assert_non_null(r);
	assert_int_equal(r->n, (int)n);
	doc_free(r);
	diags_free(&d);
	free(buf);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tree_and_positions),
		cmocka_unit_test(test_utf8_columns),
		cmocka_unit_test(test_nul_escape),
		cmocka_unit_test(test_refuse_aliases_anchors_tags),
		cmocka_unit_test(test_refuse_duplicate_and_complex_keys),
		cmocka_unit_test(test_documents),
		cmocka_unit_test(test_reader_errors_positioned),
		cmocka_unit_test(test_syntax_errors),
		cmocka_unit_test(test_limit_file_size),
		cmocka_unit_test(test_file_reading),
		cmocka_unit_test(test_limit_depth),
		cmocka_unit_test(test_limit_scalar),
		cmocka_unit_test(test_limit_memory),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
