/*
 * canvas.c - the character buffer views draw into.  See canvas.h.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/canvas.h"
#include "util/xalloc.h"

const struct style style_plain = { COL_DEFAULT, COL_DEFAULT, 0 };

struct style
style_make(int fg, int bg, int attr)
{
	struct style s;

	s.fg = (uint8_t)fg;
	s.bg = (uint8_t)bg;
	s.attr = (uint8_t)attr;
	return s;
}

struct canvas *
canvas_create(int w, int h, bool ascii)
{
	struct canvas *c = xcalloc(1, sizeof *c);

	c->ascii = ascii;
	canvas_resize(c, w, h);
	return c;
}

void
canvas_free(struct canvas *c)
{
	if (c == NULL)
		return;
	free(c->cells);
	free(c);
}

void
canvas_resize(struct canvas *c, int w, int h)
{
	free(c->cells);
	c->w = w < 0 ? 0 : w;
	c->h = h < 0 ? 0 : h;
	c->cells = xcalloc((size_t)c->w * (size_t)c->h + 1, sizeof *c->cells);
	canvas_clear(c);
}

void
canvas_clear(struct canvas *c)
{
	size_t i, n = (size_t)c->w * (size_t)c->h;

	for (i = 0; i < n; i++) {
		c->cells[i].glyph[0] = ' ';
		c->cells[i].glyph[1] = '\0';
		c->cells[i].style = style_plain;
	}
}

const struct ccell *
canvas_cell(const struct canvas *c, int x, int y)
{
	if (x < 0 || y < 0 || x >= c->w || y >= c->h)
		return NULL;
	return &c->cells[(size_t)y * (size_t)c->w + (size_t)x];
}

static struct ccell *
cell_at(struct canvas *c, int x, int y)
{
	if (x < 0 || y < 0 || x >= c->w || y >= c->h)
		return NULL;
	return &c->cells[(size_t)y * (size_t)c->w + (size_t)x];
}

/*
 * Length in bytes of the UTF-8 character at s and its code point; a
 * malformed byte counts as one byte and code point '?'.
 */
static int
utf8_next(const char *s, unsigned *cp)
{
	const unsigned char *u = (const unsigned char *)s;
	int n, i;
	unsigned v;

	if (u[0] < 0x80) {
		*cp = u[0];
		return 1;
	}
	if ((u[0] & 0xe0) == 0xc0) {
		n = 2;
		v = u[0] & 0x1f;
	} else if ((u[0] & 0xf0) == 0xe0) {
		n = 3;
		v = u[0] & 0x0f;
	} else if ((u[0] & 0xf8) == 0xf0) {
		n = 4;
		v = u[0] & 0x07;
	} else {
		*cp = '?';
		return 1;
	}
	for (i = 1; i < n; i++) {
		if ((u[i] & 0xc0) != 0x80) {
			*cp = '?';
			return 1;
		}
		v = (v << 6) | (u[i] & 0x3f);
	}
	*cp = v;
	return n;
}

/* An ASCII stand-in for a code point: Latin-1 letters lose accents. */
static char
fold_ascii(unsigned cp)
{
	static const char latin1[] =
	    "AAAAAAACEEEEIIII" "DNOOOOOxOUUUUYTs"	/* 0xc0 - 0xdf */
	    "aaaaaaaceeeeiiii" "dnooooo/ouuuuyty";	/* 0xe0 - 0xff */

	if (cp >= 0x20 && cp < 0x7f)
		return (char)cp;
	if (cp >= 0xc0 && cp <= 0xff)
		return latin1[cp - 0xc0];
	if (cp == 0x152)
		return 'O';	/* OE */
	if (cp == 0x153)
		return 'o';
	if (cp == 0x2013 || cp == 0x2014 || cp == 0x2500)
		return '-';
	if (cp == 0x2018 || cp == 0x2019)
		return '\'';
	if (cp == 0x201c || cp == 0x201d)
		return '"';
	return '?';
}

/* Store the character at s into a cell; returns the bytes consumed. */
static int
store(struct canvas *c, struct ccell *cell, const char *s)
{
	unsigned cp;
	int n = utf8_next(s, &cp);

	if (cp < 0x20 || cp == 0x7f)
		cp = ' ';
	if (cp < 0x80 || c->ascii) {
		cell->glyph[0] = cp < 0x80 ? (char)cp : fold_ascii(cp);
		cell->glyph[1] = '\0';
	} else {
		memcpy(cell->glyph, s, (size_t)n);
		cell->glyph[n] = '\0';
	}
	return n;
}

void
canvas_put(struct canvas *c, int x, int y, const char *glyph, struct style st)
{
	struct ccell *cell = cell_at(c, x, y);

	if (cell == NULL || glyph == NULL || *glyph == '\0')
		return;
	store(c, cell, glyph);
	cell->style = st;
}

void
canvas_putc(struct canvas *c, int x, int y, char ch, struct style st)
{
	char s[2] = { ch, '\0' };

	canvas_put(c, x, y, s, st);
}

void
canvas_style(struct canvas *c, int x, int y, struct style st)
{
	struct ccell *cell = cell_at(c, x, y);

	if (cell != NULL)
		cell->style = st;
}

int
canvas_text(struct canvas *c, int x, int y, int maxw, const char *text,
    struct style st)
{
	struct ccell *cell;
	int done = 0;

	if (y < 0 || y >= c->h)
		return 0;
	while (*text != '\0' && done < maxw && x < c->w) {
		if (x < 0) {
			unsigned cp;

			text += utf8_next(text, &cp);
			x++;
			done++;
			continue;
		}
		cell = &c->cells[(size_t)y * (size_t)c->w + (size_t)x];
		text += store(c, cell, text);
		cell->style = st;
		x++;
		done++;
	}
	return done;
}

int
canvas_printf(struct canvas *c, int x, int y, int maxw, struct style st,
    const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	return canvas_text(c, x, y, maxw, buf, st);
}

void
canvas_fill(struct canvas *c, int x, int y, int w, int h, const char *glyph,
    struct style st)
{
	int i, j;

	for (j = y; j < y + h; j++)
		for (i = x; i < x + w; i++)
			canvas_put(c, i, j, glyph, st);
}

int
canvas_text_width(const char *text)
{
	unsigned cp;
	int n = 0;

	while (*text != '\0') {
		text += utf8_next(text, &cp);
		n++;
	}
	return n;
}

void
canvas_row(const struct canvas *c, int y, int x, int len, char *buf,
    size_t size)
{
	const struct ccell *cell;
	size_t used = 0, gl;
	int i;

	if (size == 0)
		return;
	buf[0] = '\0';
	for (i = x; i < x + len; i++) {
		if ((cell = canvas_cell(c, i, y)) == NULL)
			break;
		gl = strlen(cell->glyph);
		if (used + gl + 1 > size)
			break;
		memcpy(buf + used, cell->glyph, gl);
		used += gl;
	}
	buf[used] = '\0';
}

bool
canvas_find(const struct canvas *c, const char *text, int *fx, int *fy)
{
	char *row = xmallocarray((size_t)c->w * 4 + 1, 1), *hit;
	const struct ccell *cell;
	size_t off;
	int y, x;

	for (y = 0; y < c->h; y++) {
		canvas_row(c, y, 0, c->w, row, (size_t)c->w * 4 + 1);
		if ((hit = strstr(row, text)) == NULL)
			continue;
		/* Count cells up to the hit. */
		off = 0;
		for (x = 0; x < c->w && row + off < hit; x++) {
			cell = canvas_cell(c, x, y);
			off += strlen(cell->glyph);
		}
		if (fx != NULL)
			*fx = x;
		if (fy != NULL)
			*fy = y;
		free(row);
		return true;
	}
	free(row);
	return false;
}

/* Bytes of the first n UTF-8 characters of s. */
static size_t
utf8_bytes(const char *s, int n)
{
	unsigned cp;
	size_t b = 0;

	while (n-- > 0 && s[b] != '\0')
		b += (size_t)utf8_next(s + b, &cp);
	return b;
}

/* A byte of a word: a letter, or part of a character beyond ASCII. */
static bool
word_char(char ch)
{
	unsigned char u = (unsigned char)ch;

	return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || u >= 0x80;
}

int
canvas_wrap(struct canvas *c, int x, int y, int w, int maxlines,
    const char *text, struct style st)
{
	return canvas_wrap_hang(c, x, y, w, 0, 0, maxlines, text, st);
}

int
canvas_wrap_hang(struct canvas *c, int x, int y, int w, int first,
    int indent, int maxlines, const char *text, struct style st)
{
	char line[1024];
	int lines = 0, chars, cut, i, lx, lw;
	size_t b;
	const char *p = text;

	if (w <= 0 || first >= w || indent >= w)
		return 0;
	while (*p != '\0' && (maxlines < 0 || lines < maxlines)) {
		lx = lines == 0 ? first : indent;
		lw = w - lx;
		chars = canvas_text_width(p);
		if (chars <= lw)
			cut = chars;
		else {
			/* Break at the last space that fits, or after the
			 * last hyphen inside a word ("Lieutenant-|Colonel"),
			 * else hard: a name cut mid-word reads as two. */
			cut = lw;
			for (i = lw; i > lw / 3; i--) {
				b = utf8_bytes(p, i);
				if (p[b] == ' ' || (p[b - 1] == '-' &&
				    b >= 2 && word_char(p[b - 2]) &&
				    word_char(p[b]))) {
					cut = i;
					break;
				}
			}
		}
		b = utf8_bytes(p, cut);
		if (b >= sizeof line)
			b = sizeof line - 1;
		memcpy(line, p, b);
		line[b] = '\0';
		if (c != NULL)
			canvas_text(c, x + lx, y + lines, lw, line, st);
		lines++;
		p += b;
		while (*p == ' ')
			p++;
	}
	return lines;
}
