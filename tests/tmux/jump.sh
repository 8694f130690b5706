#!/bin/sh
# jump.sh - a view that follows (issue 13, item 4): the default battle
# opens with the bridge objective and the enemy in view; o puts the cursor
# on the next objective and the panel describes its cell; z shows the
# whole map and Enter comes back; ? lists the keys; o also serves to pick
# a Move destination.
. "${top_srcdir:-.}/tests/tmux/lib.sh"

MARSHAL_ARGS="play default"
start 80 24 LANG=C.UTF-8
wait_for "The sides"
keys Escape
wait_for "French to give orders"
expect_re "At \[34, 34\]"
# The bridge and the Allied infantry share the opening view.
screen | head -17 | grep -q "◎" || fail "no objective in the opening view"
screen | head -17 | cut -c1-53 | grep -q "i" ||
	fail "no enemy unit in the opening view"
keys o
wait_for "Objective 1 of 3: Rothenbach bridge, 5 points"
wait_for "At [40, 24]"
keys o
wait_for "Objective 2 of 3: Rothenbach, 2 points"
wait_for "At [38, 20]"
keys o
wait_for "Objective 3 of 3: Galgenberg"
wait_for "At [63, 11]"
keys z
wait_for "Overview: Rothenbach and the Rothe valley"
keys Enter
wait_gone "Overview:"
wait_for "At [63, 11]"
keys '?'
wait_for "Help: keys in Orders mode"
keys Space
wait_for "cursor to the next objective"
wait_for "overview: the whole map"
keys Escape
wait_gone "cursor to the next objective"
# Picking a Move destination, o puts the cursor on the next objective
# too, counting from the first in each Move.
keys o
wait_for "Objective 1 of 3: Rothenbach bridge, 5 points"
keys Tab Tab Tab Tab
wait_for "II/27e Ligne"
keys m
wait_for "Move II/27e Ligne: put the cursor"
keys o
wait_for "Objective 1 of 3: Rothenbach bridge, 5 points"
wait_for "Move to [40, 24]"
keys o
wait_for "Objective 2 of 3: Rothenbach, 2 points"
wait_for "Move to [38, 20]"
keys Escape
wait_for "Move cancelled"
keys q
wait_for "Quit marshal?"
keys y
expect_restored 0
echo "ok: the opening view, the objective key and the overview"
