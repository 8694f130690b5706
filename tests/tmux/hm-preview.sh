#!/bin/sh
# hm-preview.sh - what the Move preview says of the enemy under the
# horse-and-musket rules, read off the screen of the real binary at
# 150x45: the Cowpens, the British at the keyboard.  Their light infantry
# (the first unit Tab selects), sent 5 cells north onto the Georgia
# riflemen, stops an inch short of them (HO.4): the preview says "short
# of the enemy" and "halts short of", not "contact" (the two are kept
# apart, no melee), with the figure, 1.5 of its 9 inches.  Its assault on
# them falters, and the preview names the gun that stands in the way.
. "${top_srcdir:-.}/tests/tmux/lib.sh"

MARSHAL_ARGS="play --ai 0 cowpens-1781"
start 150 45 LANG=C.UTF-8

wait_for "The Cowpens, 17 January 1781"
keys Escape
wait_for "Turn 1/12 orders | British to give orders (player)"

keys Tab
wait_for "│ Light infantry companies"
keys m
wait_for "Move Light infantry companies: put the cursor"
keys k k k k k
wait_for "│ Move to [58, 41]"
wait_for "│ This turn: to [58, 43]"
wait_for "│ Stops: short of the enemy (1.5 in of 9 in)"
wait_for "│ Does not arrive: halts short of Georgia riflemen (Cunningham) this"
screen | grep -q "Stops: contact" && fail "a halt an inch short called contact"
screen | grep -q "battle contact" && fail "a halt an inch short called battle contact"
keys Escape
wait_gone "Move to [58, 41]"

keys X
wait_for "│ Assault Georgia riflemen (Cunningham) (HO.3*)"
wait_for "but falters: Royal Artillery, right 3-pounder"
wait_for "stands in the way, and no melee follows"
keys Escape

keys q y
expect_restored 0
