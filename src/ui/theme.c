/*
 * theme.c - how the interface looks: the layout of the views, and the
 * styles and glyphs for colour or monochrome, UTF-8 or ASCII terminals.
 *
 * Monochrome must keep every distinction visible without colour: the two
 * sides differ by letter case and attribute (side 1 upper case and bold,
 * side 2 lower case and reverse), so a teacher's projector or a NO_COLOR
 * terminal still shows who is who.
 *
 * In ASCII every glyph of the map means one thing (theme_legend lists
 * them, and test-canvas checks no two meanings share one): a unit's front
 * is ^ > v < / \, so contours are `, aides $, the marked rear rank " and
 * diagonal roads +.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/game.h"
#include "core/ruleset.h"
#include "ui/keymap.h"
#include "ui/view.h"

void
layout_compute(int w, int h, struct layout *l)
{
	l->too_small = w < UI_MIN_W || h < UI_MIN_H;
	l->status_y = 0;
	l->hint_y = h - 1;
	/* The panel takes about a third, within reason. */
	l->panel_w = w / 3;
	if (l->panel_w < 26)
		l->panel_w = 26;
	if (l->panel_w > 40)
		l->panel_w = 40;
	/* The log a quarter of the height: a title and at least 3 lines. */
	l->log_h = h / 4;
	if (l->log_h < 4)
		l->log_h = 4;
	if (l->log_h > 16)
		l->log_h = 16;
	l->log_x = 0;
	l->log_w = w;
	l->log_y = h - 1 - l->log_h;
	l->map_x = 0;
	l->map_y = 1;
	l->map_w = w - l->panel_w - 1;
	l->map_h = l->log_y - l->map_y;
	l->panel_x = l->map_w + 1;
	l->panel_y = 1;
	l->panel_h = l->map_h;
}

void
layout_fit(struct layout *l, int map_w, int map_h)
{
	int spare;

	if (l->too_small || map_w <= 0 || map_h <= 0)
		return;
	if ((spare = l->map_w - map_w) > 0) {
		l->map_w = map_w;
		l->panel_x = l->map_w + 1;
		l->panel_w += spare;
	}
	if ((spare = l->map_h - map_h) > 0) {
		l->map_h = map_h;
		l->panel_h = map_h;
		l->log_y -= spare;
		l->log_h += spare;
	}
}

void
ui_layout(const struct ui *ui, int w, int h, struct layout *l)
{
	layout_compute(w, h, l);
	if (ui->game != NULL && ui->game->map != NULL)
		layout_fit(l, ui->game->map->w, ui->game->map->h);
}

struct style
theme_side(const struct ui *ui, int side)
{
	if (!ui->colour)
		return style_make(COL_DEFAULT, COL_DEFAULT,
		    side == 0 ? ATTR_BOLD : ATTR_REVERSE);
	return style_make(side == 0 ? COL_BLUE : COL_RED, COL_DEFAULT,
	    ATTR_BOLD);
}

struct style
theme_bar(const struct ui *ui)
{
	return style_make(COL_DEFAULT, COL_DEFAULT, ATTR_REVERSE);
}

struct style
theme_title(const struct ui *ui)
{
	return style_make(COL_DEFAULT, COL_DEFAULT, ATTR_BOLD);
}

struct style
theme_dim(const struct ui *ui)
{
	if (!ui->colour)
		return style_plain;
	return style_make(COL_DEFAULT, COL_DEFAULT, ATTR_DIM);
}

struct style
theme_error(const struct ui *ui)
{
	if (!ui->colour)
		return style_make(COL_DEFAULT, COL_DEFAULT, ATTR_BOLD);
	return style_make(COL_RED, COL_DEFAULT, ATTR_BOLD);
}

struct style
theme_rule(const struct ui *ui)
{
	if (!ui->colour)
		return style_make(COL_DEFAULT, COL_DEFAULT, ATTR_BOLD);
	return style_make(COL_YELLOW, COL_DEFAULT, ATTR_BOLD);
}

const char *
theme_facing(const struct ui *ui, enum dir d)
{
	static const char *const utf8[DIR_COUNT] = {
		"↑", "↗", "→", "↘", "↓", "↙", "←", "↖"
	};
	static const char *const ascii[DIR_COUNT] = {
		"^", "/", ">", "\\", "v", "/", "<", "\\"
	};

	if ((unsigned)d >= DIR_COUNT)
		return "?";
	return ui->utf8 ? utf8[d] : ascii[d];
}

char
theme_arm(const struct ruleset *rs, int side, enum arm a)
{
	char c = ruleset_arm_letter(rs, a);

	return side == 0 ? c : (char)(c - 'A' + 'a');
}

static const struct {
	const char	*utf8;
	const char	*ascii;
} map_glyphs[MG_COUNT] = {
	[MG_COLONEL] = { "♞", "@" },
	[MG_MARKED] = { "▪", "\"" },
	[MG_TRACK] = { "×", "x" },
	[MG_AIDE] = { "¤", "$" },
	[MG_OBJECTIVE] = { "◎", "&" },
	[MG_CONTOUR] = { "⌒", "`" },
	[MG_PASSAGE] = { "╪", "%" },
	[MG_ROUTE] = { "•", "*" },
	[MG_LATER] = { ":", ":" },
	[MG_WAYPOINT] = { "o", "o" },
	[MG_STOP] = { "!", "!" },
	[MG_CURSOR] = { "X", "X" },
};

const char *
theme_glyph(const struct ui *ui, enum map_glyph g)
{
	if ((unsigned)g >= MG_COUNT)
		return "?";
	return ui->utf8 ? map_glyphs[g].utf8 : map_glyphs[g].ascii;
}

const char *
theme_obstacle(const struct ui *ui, int obst, char *one)
{
	const struct obstacle *o;

	if (obst <= 0 || obst >= ui->game->rs->nobst)
		return "?";
	o = &ui->game->rs->obst[obst];
	if (ui->utf8 && o->uglyph != NULL && *o->uglyph != '\0')
		return o->uglyph;
	one[0] = o->glyph != '\0' ? o->glyph : ']';
	one[1] = '\0';
	return one;
}

static void entry(struct legend_entry *, int *, struct style, const char *,
    const char *, ...) __attribute__((format(printf, 5, 6)));

static void
entry(struct legend_entry *e, int *n, struct style st, const char *glyphs,
    const char *fmt, ...)
{
	va_list ap;

	if (*n >= LEGEND_MAX)
		return;
	snprintf(e[*n].glyphs, sizeof e[*n].glyphs, "%s", glyphs);
	va_start(ap, fmt);
	vsnprintf(e[*n].meaning, sizeof e[*n].meaning, fmt, ap);
	va_end(ap);
	e[*n].st = st;
	(*n)++;
}

int
theme_legend(const struct ui *ui, struct legend_entry *e)
{
	const struct game *g = ui->game;
	const struct ruleset *rs = g->rs;
	const char *aide = ruleset_word(rs, RULESET_TERM_AIDE);
	char buf[64], one[2], cite[40], k1[16], k2[16];
	int n = 0, i, d;

	snprintf(buf, sizeof buf, "%c %c %c", theme_arm(rs, 0, ARM_INFANTRY),
	    theme_arm(rs, 0, ARM_CAVALRY), theme_arm(rs, 0, ARM_ARTILLERY));
	entry(e, &n, theme_side(ui, 0), buf, "%s %s, %s, %s (upper case)",
	    g->nsides > 0 ? g->sides[0].name : "first side",
	    ruleset_arm_label(rs, ARM_INFANTRY),
	    ruleset_arm_label(rs, ARM_CAVALRY),
	    ruleset_arm_label(rs, ARM_ARTILLERY));
	snprintf(buf, sizeof buf, "%c %c %c", theme_arm(rs, 1, ARM_INFANTRY),
	    theme_arm(rs, 1, ARM_CAVALRY), theme_arm(rs, 1, ARM_ARTILLERY));
	entry(e, &n, theme_side(ui, 1), buf, "%s (lower case)",
	    g->nsides > 1 ? g->sides[1].name : "second side");
	entry(e, &n, style_plain, "M m R r", "%s %s or a routed unit "
	    "(underlined)", ruleset_article(ruleset_word(rs,
	    RULESET_TERM_MOB)), ruleset_word(rs, RULESET_TERM_MOB));
	buf[0] = '\0';
	for (d = 0; d < DIR_COUNT; d++) {
		const char *f = theme_facing(ui, (enum dir)d);

		/* ASCII draws two directions with one glyph: list it once. */
		if (strstr(buf, f) != NULL)
			continue;
		if (buf[0] != '\0')
			strncat(buf, " ", sizeof buf - strlen(buf) - 1);
		strncat(buf, f, sizeof buf - strlen(buf) - 1);
	}
	entry(e, &n, style_plain, buf, "the front centre of a unit, pointing "
	    "where it faces");
	entry(e, &n, style_plain, theme_glyph(ui, MG_COLONEL), "the %s, in "
	    "front of a unit under a Move order%s", ruleset_word(rs,
	    RULESET_TERM_COLONEL), ruleset_cite_fmt(rs,
	    RULESET_TOPIC_COLONEL, " (%s)", 0, cite, sizeof cite));
	entry(e, &n, style_plain, theme_glyph(ui, MG_MARKED), "the rear rank "
	    "of a unit marked for a group order (%s)", keymap_key_of(
	    ui->keymap, MODE_MAP, ACT_MARK, k1, sizeof k1));
	if (strcmp(general_glyph(ui, 0), general_glyph(ui, 1)) == 0)
		snprintf(buf, sizeof buf, "%s", general_glyph(ui, 0));
	else
		snprintf(buf, sizeof buf, "%s %s", general_glyph(ui, 0),
		    general_glyph(ui, 1));
	if (general_has_radius(ui->game))
		entry(e, &n, style_plain, buf, "a general (%s selects yours; "
		    "%s shows his command radius)", keymap_key_of(ui->keymap,
		    MODE_MAP, ACT_GENERAL, k1, sizeof k1), keymap_key_of(
		    ui->keymap, MODE_MAP, ACT_RADIUS, k2, sizeof k2));
	else
		entry(e, &n, style_plain, buf, "a general (%s selects yours)",
		    keymap_key_of(ui->keymap, MODE_MAP, ACT_GENERAL, k1,
		    sizeof k1));
	entry(e, &n, style_plain, theme_glyph(ui, MG_AIDE), "%s %s riding "
	    "with an order; the digits beside him, the turn he arrives%s",
	    ruleset_article(aide), aide, ruleset_cite_fmt(rs,
	    RULESET_TOPIC_AIDE, " (%s)", 0, cite, sizeof cite));
	entry(e, &n, style_plain, theme_glyph(ui, MG_TRACK), "where a routed "
	    "unit will flee%s", ruleset_cite_fmt(rs, RULESET_TOPIC_ROUT_TRACK,
	    " (%s)", 0, cite, sizeof cite));
	for (i = 0; i < rs->nland; i++)
		entry(e, &n, style_plain, theme_land(ui, i, one), "%s",
		    rs->land[i].label);
	entry(e, &n, style_plain, theme_glyph(ui, MG_CONTOUR), "a contour "
	    "line on open ground (%s shows levels)", keymap_key_of(ui->keymap,
	    MODE_MAP, ACT_HEIGHTS, k1, sizeof k1));
	if (ui->utf8)
		entry(e, &n, style_plain, "─ │ ╱ ╲ ┼", "a small road");
	if (ui->utf8)
		entry(e, &n, style_plain, "═ ║ ╬", "a big road");
	else
		entry(e, &n, style_plain, "- | +", "a road (bold: a big road)");
	for (i = 1; i < rs->nobst; i++)
		entry(e, &n, style_plain, theme_obstacle(ui, i, one),
		    "%s on the east or south edge of the cell",
		    rs->obst[i].label);
	entry(e, &n, style_plain, theme_glyph(ui, MG_PASSAGE), "a bridge or "
	    "gate");
	entry(e, &n, style_plain, theme_glyph(ui, MG_OBJECTIVE), "an "
	    "objective (victory place)");
	entry(e, &n, style_plain, theme_glyph(ui, MG_ROUTE), "a route this "
	    "turn");
	entry(e, &n, style_plain, theme_glyph(ui, MG_LATER), "a route in a "
	    "later turn (these marks dim: the march of another unit of the "
	    "marked group)");
	entry(e, &n, style_plain, theme_glyph(ui, MG_WAYPOINT), "a waypoint");
	entry(e, &n, style_plain, theme_glyph(ui, MG_STOP), "where the move "
	    "stops");
	entry(e, &n, style_plain, theme_glyph(ui, MG_CURSOR), "the "
	    "destination under the cursor");
	return n;
}

const char *
theme_land(const struct ui *ui, int land, char *one)
{
	const struct landscape *l;

	if (land < 0 || land >= ui->game->rs->nland)
		return "?";
	l = &ui->game->rs->land[land];
	if (ui->utf8 && l->uglyph != NULL && *l->uglyph != '\0')
		return l->uglyph;
	one[0] = l->glyph != '\0' ? l->glyph : '?';
	one[1] = '\0';
	return one;
}
