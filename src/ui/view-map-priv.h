/*
 * view-map-priv.h - what the map view's files share among themselves
 * (view-map.c, view-map-keys.c, and route.c for the Move preview); the
 * rest of the interface uses view.h.
 */
#ifndef MARSHAL_VIEW_MAP_PRIV_H
#define MARSHAL_VIEW_MAP_PRIV_H

#include <stdbool.h>

struct ui;

/* Whether m would move the marked group: two or more, the selected one
 * among them. */
bool group_move(const struct ui *);

#endif
