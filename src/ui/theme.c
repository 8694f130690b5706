/*
 * theme.c - how the interface looks: the layout of the views, and the
 * styles and glyphs for colour or monochrome, UTF-8 or ASCII terminals.
 *
 * Monochrome must keep every distinction visible without colour: the two
 * sides differ by letter case and attribute (side 1 upper case and bold,
 * side 2 lower case and reverse), so a teacher's projector or a NO_COLOR
 * terminal still shows who is who.
 */
#include "config.h"

#include "core/game.h"
#include "rules/ruleset.h"
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
theme_arm(int side, enum arm a)
{
	static const char letters[ARM_COUNT] = { 'I', 'C', 'A' };
	char c = (unsigned)a < ARM_COUNT ? letters[a] : 'U';

	return side == 0 ? c : (char)(c - 'A' + 'a');
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
