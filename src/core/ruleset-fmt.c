/*
 * ruleset-fmt.c - ticks written as a decimal of the ruleset's unit of
 * measure ("2.5 BD", "4.75 in"), for every figure the movement engine
 * and the rulesets put in their notes.  Out of ruleset.c, which reads
 * and checks the data files: this is the one part of it the movement
 * phase runs thousands of times, with a small table of the figures it
 * has written.  See ruleset.h.
 */
#include "config.h"

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
 * they were written in (kept_per, 0 none yet) and kept: a phase writes
 * the same few thousand small figures over and over.  kept_len 0: not
 * written yet (a figure has a digit at least).  Per thread, like the
 * search's spare arrays.
 */
#define FMT_KEPT	512
#define FMT_LEN		48	/* sign, 24 digits, point, 15 decimals */

static __thread long kept_per;
static __thread unsigned char kept_len[FMT_KEPT];
static __thread char kept[FMT_KEPT][FMT_LEN];

/* Ticks as a decimal of the unit into buf (len bytes, cut to fit).
 * Returns the length written (ruleset_fmt goes on from it). */
static size_t
fmt_number(const struct ruleset *rs, int ticks, char *buf, size_t len)
{
	char tmp[FMT_LEN];
	const char *from = tmp;
	size_t n, k;

	if (len == 0)
		return 0;
	if (ticks >= 0 && ticks < FMT_KEPT) {
		if (kept_per != rs->ticks) {
			memset(kept_len, 0, sizeof kept_len);
			kept_per = rs->ticks;
		}
		if (kept_len[ticks] == 0)
			kept_len[ticks] = (unsigned char)fmt_digits(rs->ticks,
			    ticks, kept[ticks]);
		n = kept_len[ticks];
		from = kept[ticks];
	} else
		n = fmt_digits(rs->ticks, ticks, tmp);
	if (n >= len)
		n = len - 1;
	for (k = 0; k < n; k++)	/* a few characters: no call to memcpy */
		buf[k] = from[k];
	buf[n] = '\0';
	return n;
}

/* Ticks as a bare figure of the unit ("2.5"), cut to len bytes. */
void
ruleset_fmt_number(const struct ruleset *rs, int ticks, char *buf,
    size_t len)
{
	(void)fmt_number(rs, ticks, buf, len);
}

/* Ticks as a figure and the unit's name ("2.5 BD"), cut to len bytes.
 * Returns the length written. */
size_t
ruleset_fmt(const struct ruleset *rs, int ticks, char *buf, size_t len)
{
	size_t n;
	const char *u = rs->unit;

	if (len == 0)
		return 0;
	n = fmt_number(rs, ticks, buf, len);
	if (n + 1 < len)
		buf[n++] = ' ';
	while (*u != '\0' && n + 1 < len)
		buf[n++] = *u++;
	buf[n] = '\0';		/* n < len: fmt_number keeps to len - 1 */
	return n;
}
