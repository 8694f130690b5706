/*
 * ruleset-fmt.c - ticks written as a decimal of the ruleset's unit of
 * measure ("2.5 BD", "4.75 in"), for every figure the movement engine
 * and the rulesets put in their notes.  Out of ruleset.c, which reads
 * and checks the data files: this is the one part of it the movement
 * phase runs thousands of times, with a small table of the figures it
 * has written.  See ruleset.h.
 */
#include "config.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "core/ruleset.h"

/*
 * Ticks as a decimal of the unit, by hand, not snprintf: the movement
 * phase writes three of these for every unit that moves.  rs->ticks
 * divides 2000 (see load_scale), so every fraction ends within a few
 * digits.  Returns the length of the whole figure (fmt_number cuts it to
 * the buffer).
 */
static size_t
fmt_digits(long per, int ticks, char *tmp)
{
	long t = ticks < 0 ? -(long)ticks : ticks;
	long whole = t / per, rem = t % per;
	char digits[24];
	size_t n = 0, k = 0;

	if (ticks < 0)
		tmp[n++] = '-';
	do {
		digits[k++] = (char)('0' + whole % 10);
		whole /= 10;
	} while (whole > 0 && k < sizeof digits);
	while (k > 0)
		tmp[n++] = digits[--k];
	if (rem != 0 && per > 0) {
		tmp[n++] = '.';
		for (k = 0; rem != 0 && k < 15; k++) {
			rem *= 10;
			tmp[n++] = (char)('0' + rem / per);
			rem %= per;
		}
	}
	return n;
}

/*
 * The figures of the first FMT_KEPT ticks, written once for the scale
 * they were written in and kept: a phase writes the same few thousand
 * small figures over and over.  The scale is kept_per (ticks a unit, 0:
 * none yet) and the unit's name: kept_key holds its bytes to its
 * terminator, kept_mask ones over those bytes, so that a ruleset's
 * name read as one word and masked is kept_key when it is the same (the
 * bytes after a terminator are not the ruleset's to keep alike).
 *
 * An entry holds the figure, a space and the unit's name, then NULs to
 * its end (FMT_LEN bytes): kept_len is the figure's length (0: not
 * written yet, a figure has a digit at least), kept_all the whole
 * text's.  The text and its terminator fit in FMT_COPY bytes whenever
 * kept_all is below it, which lets the copy out be one move of a size
 * known here rather than a loop over its bytes.  Per thread, like the
 * search's spare arrays.
 */
#define FMT_KEPT	512
#define FMT_LEN		64	/* sign, 24 digits, point, 15 decimals,
				   space, unit (7) and NUL, with room */
#define FMT_COPY	32
#define FMT_UNIT	sizeof ((struct ruleset *)0)->unit

_Static_assert(FMT_UNIT == sizeof(uint64_t),
    "a unit's name is read as one word");

static __thread long kept_per;
static __thread uint64_t kept_key;
static __thread uint64_t kept_mask;
static __thread unsigned char kept_len[FMT_KEPT];
static __thread unsigned char kept_all[FMT_KEPT];
static __thread char kept[FMT_KEPT][FMT_LEN];

/* The first bytes of rs's unit name as one word (its size is the word's,
 * checked below). */
static inline uint64_t
unit_word(const struct ruleset *rs)
{
	uint64_t w;

	memcpy(&w, rs->unit, sizeof w);
	return w;
}

/* Write the entry for ticks, emptying the table first if it was written
 * for another scale.  Out of line: the hot path stays a leaf. */
static __attribute__((noinline)) const char *
kept_fill(const struct ruleset *rs, int ticks)
{
	unsigned char m[sizeof kept_mask];
	char *e = kept[ticks];
	size_t n, i;

	if (kept_per != rs->ticks ||
	    (unit_word(rs) & kept_mask) != kept_key) {
		memset(kept_len, 0, sizeof kept_len);
		memset(kept_all, 0, sizeof kept_all);
		kept_per = rs->ticks;
		memset(m, 0, sizeof m);
		for (i = 0; i < sizeof m; i++) {
			m[i] = 0xff;
			if (rs->unit[i] == '\0')
				break;
		}
		memcpy(&kept_mask, m, sizeof kept_mask);
		kept_key = unit_word(rs) & kept_mask;
	}
	memset(e, 0, FMT_LEN);
	n = fmt_digits(rs->ticks, ticks, e);
	kept_len[ticks] = (unsigned char)n;
	e[n++] = ' ';
	for (i = 0; i < FMT_UNIT && rs->unit[i] != '\0'; i++)
		e[n++] = rs->unit[i];
	kept_all[ticks] = (unsigned char)n;
	return e;
}

/* Whether the table holds the entry for ticks, written for rs's scale,
 * and its whole text fits in FMT_COPY bytes: the one test of the hot
 * path, which then copies the entry and stays a leaf. */
static inline bool
kept_ready(const struct ruleset *rs, int ticks)
{
	return (unsigned)ticks < FMT_KEPT && kept_per == rs->ticks &&
	    (unit_word(rs) & kept_mask) == kept_key &&
	    kept_all[ticks] != 0 && kept_all[ticks] < FMT_COPY;
}

/* The table's entry for ticks (0 <= ticks < FMT_KEPT), written now if it
 * was not for rs's scale. */
static const char *
kept_entry(const struct ruleset *rs, int ticks)
{
	if (kept_per != rs->ticks ||
	    (unit_word(rs) & kept_mask) != kept_key || kept_len[ticks] == 0)
		return kept_fill(rs, ticks);
	return kept[ticks];
}

/* The n bytes of s into buf (len bytes), cut to len - 1 and
 * terminated.  Returns the length written. */
static size_t
put_cut(char *buf, size_t len, const char *s, size_t n)
{
	size_t k;

	if (n >= len)
		n = len - 1;
	for (k = 0; k < n; k++)	/* a few characters: no call to memcpy */
		buf[k] = s[k];
	buf[n] = '\0';
	return n;
}

/* Ticks as a decimal of the unit into buf (len > 0 bytes, cut to fit),
 * followed by a space and the unit's name if unit: the whole of
 * ruleset_fmt and ruleset_fmt_number but the hot path's copy.  Returns
 * the length written. */
static size_t
fmt_slow(const struct ruleset *rs, int ticks, char *buf, size_t len,
    bool unit)
{
	char tmp[FMT_LEN];
	const char *e, *u = rs->unit;
	size_t n;

	if (ticks >= 0 && ticks < FMT_KEPT) {
		e = kept_entry(rs, ticks);
		return put_cut(buf, len, e, unit ? kept_all[ticks] :
		    kept_len[ticks]);
	}
	n = put_cut(buf, len, tmp, fmt_digits(rs->ticks, ticks, tmp));
	if (!unit)
		return n;
	if (n + 1 < len)
		buf[n++] = ' ';
	while (*u != '\0' && n + 1 < len)
		buf[n++] = *u++;
	buf[n] = '\0';		/* n < len: put_cut keeps to len - 1 */
	return n;
}

/* Ticks as a bare figure of the unit ("2.5"), cut to len bytes. */
void
ruleset_fmt_number(const struct ruleset *rs, int ticks, char *buf,
    size_t len)
{
	if (len >= FMT_COPY && kept_ready(rs, ticks)) {
		memcpy(buf, kept[ticks], FMT_COPY);
		buf[kept_len[ticks]] = '\0';
	} else if (len > 0)
		(void)fmt_slow(rs, ticks, buf, len, false);
}

/* Ticks as a figure and the unit's name ("2.5 BD"), cut to len bytes.
 * Returns the length written. */
size_t
ruleset_fmt(const struct ruleset *rs, int ticks, char *buf, size_t len)
{
	/* The common case: the figure and its unit as the table holds
	 * them, in one move when buf has the room. */
	if (len >= FMT_COPY && kept_ready(rs, ticks)) {
		memcpy(buf, kept[ticks], FMT_COPY);
		return kept_all[ticks];
	}
	return len > 0 ? fmt_slow(rs, ticks, buf, len, true) : 0;
}

/* The figure and unit of ticks as the table keeps them, or NULL when it
 * keeps none for them (see ruleset.h). */
const char *
ruleset_fmt_kept(const struct ruleset *rs, int ticks)
{
	if (kept_ready(rs, ticks))
		return kept[ticks];
	if (ticks < 0 || ticks >= FMT_KEPT)
		return NULL;
	(void)kept_entry(rs, ticks);
	return kept_all[ticks] < FMT_COPY ? kept[ticks] : NULL;
}
