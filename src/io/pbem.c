/*
 * pbem.c - play by email: turn files, the PBEM game kept between turns,
 * commitments and their checks.  See pbem.h.  The cryptography is
 * libsodium's: BLAKE2b (crypto_generichash) and its random bytes.
 */
#include "config.h"

#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "core/decide.h"
#include "core/game.h"
#include "io/load.h"
#include "io/pbem.h"
#include "io/replay.h"
#include "io/save.h"
#include "io/yread.h"
#include "util/xalloc.h"

#define COMMIT_TAG	"marshal-pbem commitment 1\n"

int
pbem_init(void)
{
	return sodium_init() < 0 ? -1 : 0;
}

void
pbem_new_id(char id[PBEM_ID_LEN + 1])
{
	unsigned char b[PBEM_ID_LEN / 2];

	randombytes_buf(b, sizeof b);
	sodium_bin2hex(id, PBEM_ID_LEN + 1, b, sizeof b);
}

void
pbem_new_nonce(unsigned char nonce[PBEM_HASH])
{
	randombytes_buf(nonce, PBEM_HASH);
}

void
pbem_commit(const char *game, int turn, int side, const char *orders,
    const unsigned char nonce[PBEM_HASH], unsigned char out[PBEM_HASH])
{
	crypto_generichash_state st;
	char head[128];
	int n;

	/* Fixed fields each on its line, the nonce of fixed length, the
	 * orders last: no two inputs give the same bytes. */
	n = snprintf(head, sizeof head, COMMIT_TAG "game %.*s\nturn %d\n"
	    "side %d\n", PBEM_ID_LEN, game, turn, side);
	crypto_generichash_init(&st, NULL, 0, PBEM_HASH);
	crypto_generichash_update(&st, (const unsigned char *)head,
	    (unsigned long long)n);
	crypto_generichash_update(&st, nonce, PBEM_HASH);
	crypto_generichash_update(&st, (const unsigned char *)orders,
	    (unsigned long long)strlen(orders));
	crypto_generichash_final(&st, out, PBEM_HASH);
}

/* --- writing ----------------------------------------------------------- */

static void
put_hex(FILE *f, const char *key, const unsigned char *b, size_t n)
{
	char hex[2 * PBEM_HASH + 1];

	sodium_bin2hex(hex, sizeof hex, b, n);
	fprintf(f, "%s: \"%s\"\n", key, hex);
}

/* A string as a double-quoted YAML scalar. */
static void
put_quoted(FILE *f, const char *key, const char *s)
{
	fprintf(f, "%s: \"", key);
	for (; *s != '\0'; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', f);
		if ((unsigned char)*s < 0x20)
			fprintf(f, "\\x%02x", (unsigned char)*s);
		else
			fputc(*s, f);
	}
	fputs("\"\n", f);
}

/* A text as a literal block, each line indented by two spaces: read
 * back, the text is the same, byte for byte (it ends in one newline). */
static void
put_block(FILE *f, const char *key, const char *text)
{
	const char *p, *nl;

	fprintf(f, "%s: |\n", key);
	for (p = text; *p != '\0'; p = nl + 1) {
		nl = strchr(p, '\n');
		if (nl == NULL)
			nl = p + strlen(p);
		if (nl > p)
			fprintf(f, "  %.*s", (int)(nl - p), p);
		fputc('\n', f);
		if (*nl == '\0')
			break;
	}
}

/* Close the memory stream of a file's body and add its check line: the
 * BLAKE2b hash of every byte before it.  The text is returned. */
static char *
finish(FILE *f, char **buf, size_t *len)
{
	unsigned char h[PBEM_HASH];
	char hex[2 * PBEM_HASH + 1], *out;

	fclose(f);
	crypto_generichash(h, sizeof h, (const unsigned char *)*buf, *len,
	    NULL, 0);
	sodium_bin2hex(hex, sizeof hex, h, sizeof h);
	out = xasprintf("%scheck: \"%s\"\n", *buf, hex);
	free(*buf);
	*len = strlen(out);
	return out;
}

char *
pbem_turn_render(const struct pbem_turn *t, const char *side_name,
    size_t *len)
{
	char *buf = NULL, *out;
	size_t n = 0;
	FILE *f;

	if ((f = open_memstream(&buf, &n)) == NULL)
		xalloc_fail(0);
	fprintf(f, "# marshal play by email: %s, turn %d.  Send this file to "
	    "your opponent,\n# who plays it with: marshal play --pbem FILE\n",
	    side_name, t->turn);
	fprintf(f, "marshal-pbem: %d\n", PBEM_FORMAT);
	fprintf(f, "game: \"%s\"\n", t->game);
	put_quoted(f, "scenario", t->scenario);
	fprintf(f, "seed: \"0x%016" PRIx64 "\"\n", t->seed);
	fprintf(f, "side: %d\n", t->side);
	fprintf(f, "turn: %d\n", t->turn);
	fprintf(f, "digest: \"0x%016" PRIx64 "\"\n", t->digest);
	if (t->has_reveal) {
		fprintf(f, "reveal-turn: %d\n", t->reveal_turn);
		put_hex(f, "reveal-nonce", t->nonce, PBEM_HASH);
		put_block(f, "reveal", t->reveal);
	}
	if (t->has_commit)
		put_hex(f, "commit", t->commit, PBEM_HASH);
	if (t->orders != NULL)
		put_block(f, "orders", t->orders);
	out = finish(f, &buf, &n);
	*len = n;
	return out;
}

char *
pbem_game_render(const struct pbem_game *pg, size_t *len)
{
	char *buf = NULL, *out;
	size_t n = 0;
	FILE *f;

	if ((f = open_memstream(&buf, &n)) == NULL)
		xalloc_fail(0);
	fprintf(f, "# A game of marshal played by email (marshal play "
	    "--pbem).\n");
	fprintf(f, "marshal-pbem-game: %d\n", PBEM_FORMAT);
	fprintf(f, "game: \"%s\"\n", pg->game);
	put_quoted(f, "scenario", pg->scenario);
	fprintf(f, "seed: \"0x%016" PRIx64 "\"\n", pg->seed);
	fprintf(f, "side: %d\n", pg->side);
	fprintf(f, "committer: %d\n", pg->committer);
	fprintf(f, "turn: %d\n", pg->turn);
	fprintf(f, "digest: \"0x%016" PRIx64 "\"\n", pg->digest);
	if (pg->over)
		fprintf(f, "over: true\n");
	put_block(f, "history", pg->history);
	if (pg->mine != NULL)
		put_block(f, "mine", pg->mine);
	if (pg->mine != NULL && pg->side == pg->committer)
		put_hex(f, "nonce", pg->nonce, PBEM_HASH);
	if (pg->has_commit)
		put_hex(f, "commit", pg->commit, PBEM_HASH);
	out = finish(f, &buf, &n);
	*len = n;
	return out;
}

/* --- reading ----------------------------------------------------------- */

/*
 * Find the check line (the last line, `check: "HEX"`) and compare it
 * with the hash of what comes before it.  0, or -1 with the reason.
 */
static int
check_line(const char *name, const char *text, size_t len, struct diags *d)
{
	unsigned char want[PBEM_HASH], got[PBEM_HASH];
	const char *p, *line, *hex;
	size_t body, bin;
	int lineno = 1;

	if (memchr(text, '\0', len) != NULL) {
		diags_add(d, (struct pos){ name, 0, 0 }, "not a text file (it "
		    "holds a NUL byte)");
		return -1;
	}
	/* The start of the last line that is not empty. */
	body = len;
	while (body > 0 && text[body - 1] == '\n')
		body--;
	line = text;
	for (p = text; p < text + body; p++)
		if (*p == '\n')
			line = p + 1;
	for (p = text; p < line; p++)
		if (*p == '\n')
			lineno++;
	hex = line + strlen("check: \"");
	if ((size_t)(text + body - line) != strlen("check: \"\"") +
	    2 * PBEM_HASH || strncmp(line, "check: \"", 8) != 0 ||
	    hex[2 * PBEM_HASH] != '"' ||
	    sodium_hex2bin(want, sizeof want, hex, 2 * PBEM_HASH, NULL, &bin,
	    NULL) != 0 || bin != PBEM_HASH) {
		if (memchr(text, '\r', len) != NULL)
			diags_add(d, (struct pos){ name, lineno, 1 }, "the "
			    "file's lines end in CR LF, not LF: it was changed "
			    "on the way (send it as an attachment)");
		else
			diags_add(d, (struct pos){ name, lineno, 1 }, "the file "
			    "does not end in its check line (check: \"%d "
			    "hexadecimal digits\"): it was cut short or "
			    "changed", 2 * PBEM_HASH);
		return -1;
	}
	crypto_generichash(got, sizeof got, (const unsigned char *)text,
	    (unsigned long long)(line - text), NULL, 0);
	if (sodium_memcmp(got, want, PBEM_HASH) != 0) {
		diags_add(d, (struct pos){ name, lineno, 8 }, "the check hash "
		    "does not match the file: it was damaged or changed on the "
		    "way");
		return -1;
	}
	return 0;
}

static int
get_hash(const struct doc_node *n, unsigned char out[PBEM_HASH],
    struct diags *d)
{
	size_t bin;
	const char *end;

	if (n->kind != DOC_SCALAR || n->len != 2 * PBEM_HASH ||
	    sodium_hex2bin(out, PBEM_HASH, n->str, n->len, NULL, &bin,
	    &end) != 0 || bin != PBEM_HASH || *end != '\0') {
		diags_add(d, n->pos, "expected %d hexadecimal digits",
		    2 * PBEM_HASH);
		return -1;
	}
	return 0;
}

static int
get_id(const struct doc_node *n, char out[PBEM_ID_LEN + 1], struct diags *d)
{
	size_t i;

	if (n->kind != DOC_SCALAR || n->len != PBEM_ID_LEN)
		goto bad;
	for (i = 0; i < PBEM_ID_LEN; i++)
		if (strchr("0123456789abcdef", n->str[i]) == NULL ||
		    n->str[i] == '\0')
			goto bad;
	memcpy(out, n->str, PBEM_ID_LEN + 1);
	return 0;
bad:
	diags_add(d, n->pos, "a game id is %d hexadecimal digits (a to f in "
	    "lower case)", PBEM_ID_LEN);
	return -1;
}

static int
get_u64hex(const struct doc_node *n, uint64_t *out, struct diags *d)
{
	char *end;

	if (n->kind != DOC_SCALAR || strncmp(n->str, "0x", 2) != 0 ||
	    n->len != 18 || strspn(n->str + 2, "0123456789abcdefABCDEF") !=
	    16) {
		diags_add(d, n->pos, "expected \"0x\" and 16 hexadecimal "
		    "digits");
		return -1;
	}
	*out = strtoull(n->str + 2, &end, 16);
	if (*end != '\0') {
		diags_add(d, n->pos, "'%s' is not a hexadecimal number",
		    n->str);
		return -1;
	}
	return 0;
}

static int
get_int(const struct doc_node *map, const char *key, int min, int max,
    int *out, struct pos *at, struct diags *d)
{
	const struct doc_node *k;
	long v;

	if ((k = doc_need(map, key, d)) == NULL ||
	    doc_int(k, min, max, &v, d) != 0)
		return -1;
	*out = (int)v;
	if (at != NULL)
		*at = k->pos;
	return 0;
}

/* A literal block's text; *at is where its first line starts in the
 * file. */
static int
get_block(const struct doc_node *map, const char *key, char **out,
    struct pos *at, struct diags *d)
{
	const struct doc_node *k = doc_get(map, key);

	if (k == NULL)
		return 0;
	if (k->kind != DOC_SCALAR || k->len == 0) {
		diags_add(d, k->pos, "%s: expected a text (a literal block, "
		    "|)", key);
		return -1;
	}
	*out = xstrdup(k->str);
	if (at != NULL)
		*at = (struct pos){ k->pos.file, k->pos.line + 1, 3 };
	return 0;
}

/* The keys both kinds of file share. */
static int
read_head(const struct doc_node *root, const char *kind, char *game,
    char **scenario, uint64_t *seed, struct pos *at_game,
    struct pos *at_scenario, struct diags *d)
{
	const struct doc_node *k;
	const char *s;
	long v;

	if (doc_expect(root, DOC_MAP, kind, d) != 0)
		return -1;
	if ((k = doc_get(root, kind)) == NULL) {
		diags_add(d, root->pos, "not a marshal play-by-email file (no "
		    "'%s' key)", kind);
		return -1;
	}
	if (doc_int(k, 0, INT_MAX, &v, d) != 0)
		return -1;
	if (v != PBEM_FORMAT) {
		diags_add(d, k->pos, "format %ld; this marshal reads format %d",
		    v, PBEM_FORMAT);
		return -1;
	}
	if ((k = doc_need(root, "game", d)) == NULL ||
	    get_id(k, game, d) != 0)
		return -1;
	if (at_game != NULL)
		*at_game = k->pos;
	if ((k = doc_need(root, "scenario", d)) == NULL ||
	    doc_str(k, PATH_MAX, &s, d) != 0)
		return -1;
	*scenario = xstrdup(s);
	if (at_scenario != NULL)
		*at_scenario = k->pos;
	if ((k = doc_need(root, "seed", d)) == NULL ||
	    get_u64hex(k, seed, d) != 0)
		return -1;
	return 0;
}

void
pbem_turn_free(struct pbem_turn *t)
{
	if (t == NULL)
		return;
	free(t->scenario);
	free(t->reveal);
	free(t->orders);
	doc_free(t->root);
	free(t);
}

void
pbem_game_free(struct pbem_game *pg)
{
	if (pg == NULL)
		return;
	free(pg->scenario);
	free(pg->history);
	free(pg->mine);
	doc_free(pg->root);
	free(pg);
}

/* A turn file being read: what pbem_turn_read's region frees. */
struct tread {
	const char	*name;
	const char	*text;
	size_t		 len;
	struct diags	*d;
	struct pbem_turn *t;
};

static void
tread_run(void *arg)
{
	static const char *const keys[] = { "marshal-pbem", "game",
	    "scenario", "seed", "side", "turn", "digest", "reveal-turn",
	    "reveal-nonce", "reveal", "commit", "orders", "check", NULL };
	struct tread *c = arg;
	struct diags *d = c->d;
	struct pbem_turn *t = c->t = xcalloc(1, sizeof *t);
	const struct doc_node *k, *r;

	if ((t->root = yread_buffer(c->name, c->text, c->len, d)) == NULL)
		goto fail;
	r = t->root;
	if (read_head(r, "marshal-pbem", t->game, &t->scenario, &t->seed,
	    &t->at_game, &t->at_scenario, d) != 0 ||
	    doc_check_keys(r, keys, d) != 0)
		goto fail;
	if (get_int(r, "side", 0, GAME_MAX_SIDES - 1, &t->side, &t->at_side,
	    d) != 0 ||
	    get_int(r, "turn", 1, 100000, &t->turn, &t->at_turn, d) != 0)
		goto fail;
	if ((k = doc_need(r, "digest", d)) == NULL ||
	    get_u64hex(k, &t->digest, d) != 0)
		goto fail;
	t->at_digest = k->pos;
	if ((k = doc_get(r, "commit")) != NULL) {
		if (get_hash(k, t->commit, d) != 0)
			goto fail;
		t->has_commit = true;
	}
	if (get_block(r, "orders", &t->orders, &t->at_orders, d) != 0 ||
	    get_block(r, "reveal", &t->reveal, &t->at_reveal, d) != 0)
		goto fail;
	k = doc_get(r, "reveal-nonce");
	if ((t->reveal != NULL) != (k != NULL) ||
	    (t->reveal != NULL) != (doc_get(r, "reveal-turn") != NULL)) {
		diags_add(d, r->pos, "reveal, reveal-turn and reveal-nonce go "
		    "together");
		goto fail;
	}
	if (t->reveal != NULL) {
		if (get_hash(k, t->nonce, d) != 0 ||
		    get_int(r, "reveal-turn", 1, 100000, &t->reveal_turn, NULL,
		    d) != 0)
			goto fail;
		t->has_reveal = true;
	}
	if (t->orders != NULL && (t->has_commit || t->has_reveal)) {
		diags_add(d, t->at_orders, "a file carries orders in the "
		    "clear, or a commitment and a reveal, not both");
		goto fail;
	}
	if (t->orders == NULL && !t->has_commit && !t->has_reveal) {
		diags_add(d, r->pos, "the file carries no orders, no "
		    "commitment and no reveal");
		goto fail;
	}
	return;
fail:
	pbem_turn_free(t);
	c->t = NULL;
}

struct pbem_turn *
pbem_turn_read(const char *name, const char *text, size_t len,
    struct diags *d)
{
	struct tread c = { name, text, len, d, NULL };

	if (check_line(name, text, len, d) != 0)
		return NULL;
	if (xalloc_try(tread_run, &c) != 0) {
		pbem_turn_free(c.t);
		c.t = NULL;
		diags_oom(d, (struct pos){ name, 0, 0 });
	}
	return c.t;
}

/* A PBEM game being read. */
struct gread {
	const char	*name;
	const char	*text;
	size_t		 len;
	struct diags	*d;
	struct pbem_game *pg;
};

static void
gread_run(void *arg)
{
	static const char *const keys[] = { "marshal-pbem-game", "game",
	    "scenario", "seed", "side", "committer", "turn", "digest", "over",
	    "history", "mine", "nonce", "commit", "check", NULL };
	struct gread *c = arg;
	struct diags *d = c->d;
	struct pbem_game *pg = c->pg = xcalloc(1, sizeof *pg);
	const struct doc_node *k, *r;

	if ((pg->root = yread_buffer(c->name, c->text, c->len, d)) == NULL)
		goto fail;
	r = pg->root;
	if (read_head(r, "marshal-pbem-game", pg->game, &pg->scenario,
	    &pg->seed, NULL, NULL, d) != 0 ||
	    doc_check_keys(r, keys, d) != 0)
		goto fail;
	if (get_int(r, "side", 0, GAME_MAX_SIDES - 1, &pg->side, NULL,
	    d) != 0 ||
	    get_int(r, "committer", 0, GAME_MAX_SIDES - 1, &pg->committer,
	    NULL, d) != 0 ||
	    get_int(r, "turn", 1, 100000, &pg->turn, NULL, d) != 0)
		goto fail;
	if ((k = doc_need(r, "digest", d)) == NULL ||
	    get_u64hex(k, &pg->digest, d) != 0)
		goto fail;
	if ((k = doc_get(r, "over")) != NULL && doc_bool(k, &pg->over, d) != 0)
		goto fail;
	if (doc_need(r, "history", d) == NULL ||
	    get_block(r, "history", &pg->history, NULL, d) != 0 ||
	    get_block(r, "mine", &pg->mine, NULL, d) != 0)
		goto fail;
	if (pg->mine != NULL && pg->side == pg->committer &&
	    ((k = doc_need(r, "nonce", d)) == NULL ||
	    get_hash(k, pg->nonce, d) != 0))
		goto fail;
	if ((k = doc_get(r, "commit")) != NULL) {
		if (get_hash(k, pg->commit, d) != 0)
			goto fail;
		pg->has_commit = true;
	}
	return;
fail:
	pbem_game_free(pg);
	c->pg = NULL;
}

struct pbem_game *
pbem_game_read(const char *name, const char *text, size_t len,
    struct diags *d)
{
	struct gread c = { name, text, len, d, NULL };

	if (check_line(name, text, len, d) != 0)
		return NULL;
	if (xalloc_try(gread_run, &c) != 0) {
		pbem_game_free(c.pg);
		c.pg = NULL;
		diags_oom(d, (struct pos){ name, 0, 0 });
	}
	return c.pg;
}

/* --- checking a turn file against the game ----------------------------- */

int
pbem_check(const struct pbem_game *pg, const struct pbem_turn *t,
    struct diags *d)
{
	unsigned char h[PBEM_HASH];
	bool from_a = t->side == pg->committer;
	int want;

	if (strcmp(t->game, pg->game) != 0) {
		diags_add(d, t->at_game, "the file is of another game (%s, not "
		    "%s)", t->game, pg->game);
		return -1;
	}
	if (strcmp(t->scenario, pg->scenario) != 0 || t->seed != pg->seed) {
		diags_add(d, t->at_scenario, "the file's game has the same id "
		    "but another scenario or seed ('%s', 0x%016" PRIx64 "; "
		    "here '%s', 0x%016" PRIx64 ")", t->scenario, t->seed,
		    pg->scenario, pg->seed);
		return -1;
	}
	if (t->side == pg->side) {
		diags_add(d, t->at_side, "the file is this side's own (side "
		    "%d): it is for the opponent, not to be played here",
		    t->side);
		return -1;
	}
	if (pg->over) {
		diags_add(d, t->at_turn, "the battle is over: no turn file is "
		    "taken any more");
		return -1;
	}
	if (pg->mine == NULL) {
		diags_add(d, t->at_turn, "this side has not given its orders "
		    "for turn %d yet", pg->turn);
		return -1;
	}
	/* A waits for B's orders of the turn its own are committed for;
	 * B for A's next file, which reveals that turn's. */
	want = from_a ? pg->turn + 1 : pg->turn;
	if (t->turn != want) {
		diags_add(d, t->at_turn, "the file is for turn %d; this game "
		    "waits for the opponent's file of turn %d", t->turn, want);
		return -1;
	}
	if (from_a) {
		if (!t->has_reveal || t->reveal_turn != pg->turn) {
			diags_add(d, t->at_turn, "the file does not reveal the "
			    "opponent's orders of turn %d", pg->turn);
			return -1;
		}
		if (!pg->has_commit) {
			diags_add(d, t->at_turn, "no commitment was received "
			    "for turn %d", pg->turn);
			return -1;
		}
		pbem_commit(pg->game, pg->turn, t->side, t->reveal, t->nonce,
		    h);
		if (sodium_memcmp(h, pg->commit, PBEM_HASH) != 0) {
			diags_add(d, t->at_reveal, "the orders revealed for "
			    "turn %d do not match the opponent's commitment to "
			    "them: they were changed after it was sent",
			    pg->turn);
			return -1;
		}
		return 0;
	}
	if (t->orders == NULL) {
		diags_add(d, t->at_turn, "the file carries no orders for turn "
		    "%d", t->turn);
		return -1;
	}
	if (t->digest != pg->digest) {
		diags_add(d, t->at_digest, "the opponent's game is not in the "
		    "state this one is at the start of turn %d: digest "
		    "0x%016" PRIx64 " there, 0x%016" PRIx64 " here", t->turn,
		    t->digest, pg->digest);
		return -1;
	}
	return 0;
}

/* --- the game ---------------------------------------------------------- */

int
pbem_playable(const struct game *g, char **cause)
{
	*cause = NULL;
	if (g->nsides != 2) {
		*cause = xasprintf("a battle played by email has two sides; "
		    "this one has %d", g->nsides);
		return -1;
	}
	if (g->rs->ops->decisions != NULL) {
		*cause = xasprintf("ruleset '%s' asks for decisions within "
		    "the turn, which cannot go by email yet", g->rs->name);
		return -1;
	}
	return 0;
}

/* Shift the positions of a tree parsed from a text that stands in a
 * file at `at` (its first line, indented to at.col). */
static void
shift(struct doc_node *n, struct pos at)
{
	int i;

	if (n->pos.line > 0) {
		n->pos.col += at.col - 1;
		n->pos.line += at.line - 1;
	}
	for (i = 0; i < n->n; i++) {
		if (n->kind == DOC_MAP)
			shift(n->keys[i], at);
		shift(n->items[i], at);
	}
}

static void
shift_diags(struct diags *d, int from, struct pos at)
{
	int i;

	for (i = from; i < d->n; i++)
		if (d->v[i].line > 0) {
			d->v[i].col += at.col - 1;
			d->v[i].line += at.line - 1;
		}
}

/* Where a recorded order stands (one made in this run has no line). */
static struct pos
at_order(const struct replay_order *ro)
{
	return ro->node != NULL ? ro->node->pos :
	    (struct pos){ "orders", 0, 0 };
}

/* Whether general gen (an id) belongs to side; 0, or -1 reported. */
static int
own_general(const struct game *g, const struct replay_order *ro,
    const char *id, int side, struct diags *d)
{
	int i = game_find_general(g, id);

	if (i < 0) {
		diags_add(d, at_order(ro), "no general '%s' in the scenario",
		    id);
		return -1;
	}
	if (g->generals[i].side != side) {
		diags_add(d, at_order(ro), "general '%s' is not of side %s: "
		    "a side orders only its own", id, g->sides[side].name);
		return -1;
	}
	return 0;
}

static int
own_unit(const struct game *g, const struct replay_order *ro, const char *id,
    int side, struct diags *d)
{
	int i = game_find_unit(g, id);

	if (i < 0) {
		diags_add(d, at_order(ro), "no unit '%s' in the scenario", id);
		return -1;
	}
	if (g->units[i].side != side) {
		diags_add(d, at_order(ro), "unit '%s' is not of side %s: a "
		    "side orders only its own", id, g->sides[side].name);
		return -1;
	}
	return 0;
}

int
pbem_orders_check(const struct replay *r, const struct game *g, int side,
    int turn, bool others, struct diags *d)
{
	const struct replay_order *ro;
	int i, j;

	for (i = 0; i < r->n; i++) {
		ro = &r->v[i];
		if (others && ro->turn != turn)
			continue;
		if (ro->turn != turn || ro->step != 0) {
			diags_add(d, at_order(ro), "an order of turn %d among "
			    "the orders of turn %d", ro->turn, turn);
			return -1;
		}
		if (ro->unit != NULL &&
		    own_unit(g, ro, ro->unit, side, d) != 0)
			return -1;
		if (ro->general != NULL &&
		    own_general(g, ro, ro->general, side, d) != 0)
			return -1;
		for (j = 0; j < ro->ngroup; j++)
			if (own_unit(g, ro, ro->group[j], side, d) != 0)
				return -1;
	}
	return 0;
}

struct replay *
pbem_orders(const char *text, struct pos at, const struct game *g, int side,
    int turn, struct diags *d)
{
	struct replay *r;
	int n0 = d->n;

	r = replay_read_text(at.file, text, strlen(text), d);
	if (r == NULL) {
		shift_diags(d, n0, at);
		return NULL;
	}
	if (r->root != NULL)
		shift(r->root, at);
	if (pbem_orders_check(r, g, side, turn, false, d) != 0) {
		replay_free(r);
		return NULL;
	}
	return r;
}

static void
hist_order(void *arg, const struct game *g, const struct order *o)
{
	replay_add(arg, g, o);
}

int
pbem_play(struct game *g, struct replay *hist,
    struct replay *const orders[2], struct diags *d)
{
	struct decision dv[DECIDE_MAX];
	int s, turn = g->turn;

	g->on_order = hist_order;
	g->on_order_arg = hist;
	for (s = 0; s < 2; s++)
		if (replay_give(orders[s], g, d) != 0) {
			g->on_order = NULL;
			return -1;
		}
	g->on_order = NULL;
	for (s = 0; s < 2 && g->turn == turn && !game_over(g); s++)
		game_decided(g, s);
	/* What the rules ask within the turn is answered by the units'
	 * standing orders: play by email sends orders once a turn. */
	while (g->turn == turn && !game_over(g) &&
	    game_decisions(g, dv, DECIDE_MAX) > 0 && dv[0].phase >= 0)
		if (game_decided(g, dv[0].side) != 0)
			break;
	hist->turns = turn;
	hist->digest = save_digest(g);
	hist->has_digest = true;
	return 0;
}

/* A game being rebuilt: what pbem_start's region frees. */
struct gstart {
	const struct pbem_game *pg;
	const char	*name;
	const char	*scenario;
	const char	*datadir;
	struct replay	*hist;
	struct ruleset	**rs;
	struct diags	*d;
	struct game	*g;
};

static void
gstart_run(void *arg)
{
	struct gstart *c = arg;

	c->g = load_scenario(c->scenario, c->datadir, c->rs, c->d);
	if (c->g != NULL)
		game_seed(c->g, c->pg->seed);
}

struct game *
pbem_start(const struct pbem_game *pg, const char *name,
    const char *scenario, const char *datadir, struct replay **hist,
    struct ruleset **rs, struct diags *d)
{
	struct gstart c = { pg, name, scenario, datadir, NULL, rs, d, NULL };
	struct pos at = { name, 0, 0 };
	uint64_t digest;
	char *cause;

	*rs = NULL;
	*hist = NULL;
	if ((c.hist = replay_read_text(name, pg->history,
	    strlen(pg->history), d)) == NULL)
		return NULL;
	if (xalloc_try(gstart_run, &c) != 0)
		diags_oom(d, at);
	if (c.g == NULL)
		goto fail;
	if (pbem_playable(c.g, &cause) != 0) {
		diags_add(d, at, "%s", cause);
		free(cause);
		goto fail;
	}
	if (replay_play(c.hist, c.g, d) != 0)
		goto fail;
	digest = save_digest(c.g);
	if (c.g->turn != pg->turn || digest != pg->digest) {
		diags_add(d, at, "the game's recording leads to turn %d, digest "
		    "0x%016" PRIx64 ", not to turn %d, digest 0x%016" PRIx64
		    " as the game says: the game file is damaged or marshal "
		    "plays differently here", c.g->turn, digest, pg->turn,
		    pg->digest);
		goto fail;
	}
	*hist = c.hist;
	return c.g;
fail:
	game_free(c.g);
	ruleset_free(*rs);
	*rs = NULL;
	replay_free(c.hist);
	return NULL;
}

char *
pbem_replay_text(const struct replay *r)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *f;

	if ((f = open_memstream(&buf, &n)) == NULL)
		xalloc_fail(0);
	replay_write(r, f);
	fclose(f);
	return buf;
}
