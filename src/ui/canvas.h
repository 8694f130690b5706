/*
 * canvas.h - a plain character buffer the views draw into.
 *
 * A canvas is w x h cells; each cell holds one glyph (an ASCII character
 * or one UTF-8 encoded character of display width one) and a style: a
 * foreground and background colour and attributes.  Views draw here and
 * never touch the terminal, so the cmocka tests can render a view and
 * read back cells and strings; src/ui/screen.c is the only code that
 * copies a canvas to curses.
 *
 * Text written to a canvas is cut at the canvas edge, never wrapped.  When
 * the canvas is in ASCII mode (the terminal's locale is not UTF-8), text
 * is folded to ASCII as it is written: accented Latin letters lose their
 * accent and anything else becomes '?'.
 *
 * Ownership: canvas_create returns a canvas freed with canvas_free.
 */
#ifndef MARSHAL_CANVAS_H
#define MARSHAL_CANVAS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CANVAS_GLYPH_MAX 5	/* one UTF-8 character and its NUL */

/* Colours: the eight curses colours, or the terminal's default. */
enum colour {
	COL_BLACK, COL_RED, COL_GREEN, COL_YELLOW, COL_BLUE, COL_MAGENTA,
	COL_CYAN, COL_WHITE,
	COL_DEFAULT = 8
};

#define ATTR_BOLD	0x01
#define ATTR_REVERSE	0x02
#define ATTR_UNDERLINE	0x04
#define ATTR_DIM	0x08

struct style {
	uint8_t		fg;		/* enum colour */
	uint8_t		bg;		/* enum colour */
	uint8_t		attr;		/* ATTR_* */
};

struct ccell {
	char		glyph[CANVAS_GLYPH_MAX];
	struct style	style;
};

struct canvas {
	int		 w;
	int		 h;
	bool		 ascii;		/* fold text to ASCII */
	struct ccell	*cells;		/* owned, w * h, row-major */
};

/* The plain style: default colours, no attributes. */
extern const struct style style_plain;

/* A style from colours and attributes. */
struct style style_make(int fg, int bg, int attr);

/* A canvas of w x h blank cells (w, h may be 0). */
struct canvas *canvas_create(int w, int h, bool ascii);

/* Free a canvas. */
void canvas_free(struct canvas *);

/* Change the size; the contents become blank. */
void canvas_resize(struct canvas *, int w, int h);

/* Fill the whole canvas with blanks in the plain style. */
void canvas_clear(struct canvas *);

/* The cell at (x, y), or NULL if off the canvas. */
const struct ccell *canvas_cell(const struct canvas *, int x, int y);

/* Put one glyph (a UTF-8 character, folded in ASCII mode) at (x, y). */
void canvas_put(struct canvas *, int x, int y, const char *glyph,
    struct style);

/* Put one ASCII character at (x, y). */
void canvas_putc(struct canvas *, int x, int y, char c, struct style);

/* Change only the style of the cell at (x, y). */
void canvas_style(struct canvas *, int x, int y, struct style);

/*
 * Write UTF-8 text from (x, y) to the right, at most maxw cells (and never
 * past the edge); returns the number of cells written.
 */
int canvas_text(struct canvas *, int x, int y, int maxw, const char *text,
    struct style);

/* printf into the canvas like canvas_text. */
int canvas_printf(struct canvas *, int x, int y, int maxw, struct style,
    const char *fmt, ...) __attribute__((format(printf, 6, 7)));

/*
 * Write text word-wrapped to width w from (x, y) down, at most maxlines
 * lines (-1: no limit); returns the lines used.  Lines break at a space or
 * after a hyphen between letters; a word longer than a line is cut.  With
 * a NULL canvas it only counts them.
 */
int canvas_wrap(struct canvas *, int x, int y, int w, int maxlines,
    const char *text, struct style);

/*
 * canvas_wrap with a hanging indent: the first line starts `first` cells
 * in, the others `indent` cells in, all within width w from x.
 */
int canvas_wrap_hang(struct canvas *, int x, int y, int w, int first,
    int indent, int maxlines, const char *text, struct style);
/* Fill a rectangle with one glyph and style. */
void canvas_fill(struct canvas *, int x, int y, int w, int h,
    const char *glyph, struct style);

/* Cells of display width that UTF-8 text takes (one per character). */
int canvas_text_width(const char *text);

/*
 * The text of row y from column x, at most len cells, into buf (which
 * receives UTF-8 and a NUL; size it 4 * len + 1).  For tests and dumps.
 */
void canvas_row(const struct canvas *, int y, int x, int len, char *buf,
    size_t size);

/* True if text appears in some row; *fx, *fy (if not NULL) get the spot. */
bool canvas_find(const struct canvas *, const char *text, int *fx, int *fy);

#endif
