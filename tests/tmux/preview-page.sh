#!/bin/sh
# preview-page.sh - the Move preview on an 80x24 terminal, read off the
# screen of the real binary: the default battle, the French battery
# 4/6e Artillerie a pied (the first unit Tab selects) sent 16 cells north.
# Its preview runs past the panel's foot, whose last row says so and
# names the key; x shows the whole preview in a page, the contour note
# the panel cut among it; Esc comes back to picking the destination.
. "${top_srcdir:-.}/tests/tmux/lib.sh"

MARSHAL_ARGS="play default"
start 80 24 LANG=C.UTF-8

wait_for "The Bridge at Rothenbach, 14 October 1813"
keys Escape
wait_for "Turn 1/10 command | French to give orders (player)"

keys Tab
wait_for "│ 4/6e Artillerie à pied"
keys m
wait_for "Move: pick destination"
keys k k k k k k k k k k k k k k k k
wait_for "│ Move to [34, 24]"
wait_for "│ ... x: the whole preview"
screen | grep -q "crosses 1 contour" && fail "the cut note is on the panel"
keys x
wait_for "Move preview: 4/6e Artillerie à pied"
wait_for "3.6.5 crosses 1 contour: free (1 free per turn)"
keys Escape
wait_for "Move: cursor to destination"
wait_for "│ Move to [34, 24]"

keys Escape
keys q y
expect_restored 0
