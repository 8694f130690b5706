#!/bin/sh
# hidden.sh - a side never sees the enemy's orders (issue 13), on the
# real program as a person sees it.
#
# Hot-seat: the French give a Move order and end their turn; the box that
# hands the keyboard over, then the Allied map, log and M list show no
# French destination (the one just given, nor the French standing orders
# of the scenario), while the Allies read their own.  Solo: on turn 1 the
# log holds none of the computer's standing orders; after the turn, the M
# list holds what the Allied units did but no destination the computer
# gave them.  Each check looks for the destination's text, "[x, y]".
. "${top_srcdir:-.}/tests/tmux/lib.sh"

# The screen holds no line matching REGEX (a leak), or the test fails.
expect_none() {
	if screen | grep -qE -- "$1"; then
		fail "the screen shows /$1/"
	fi
}

# pages_none REGEX...: the M list (open) from its top, page by page (four
# pages of 47 lines: the whole of the first turns), shows none of them.
pages_none() {
	keys g
	wait_for "Turn 1"
	for page in 1 2 3 4; do
		for re in "$@"; do
			expect_none "$re"
		done
		keys Space
		sleep 0.3
	done
}

# --- hot-seat -----------------------------------------------------------
MARSHAL_ARGS="play --hotseat"
start 200 50 LANG=C.UTF-8
wait_for "The sides"
keys Escape
wait_for "Hand the keyboard over"
keys Enter
wait_gone "Hand the keyboard over"
# The French read their own standing order (2-27L to [34, 29]).
keys M
wait_for "order to [34, 29]"
keys Escape
# The first French unit, sent three cells north.
keys Tab
wait_for "Facing "
at=$(screen | sed -n 's/.*Facing [A-Z]* at \[\([0-9]*\), \([0-9]*\)\].*/\1 \2/p' |
    head -1)
[ -n "$at" ] || fail "no position in the panel"
set -- $at
dest="[$1, $(($2 - 3))]"
keys m k k k Enter
wait_for "move order given"
wait_for "Order: Move to $dest"
keys e
wait_for "Hand the keyboard over"
expect_re "Turn 1: Allies to give orders"
expect_none "order to \\[34, 29\\]"
expect_none "Move to \\[$1, $(($2 - 3))\\]"
expect_none "order to \\[$1, $(($2 - 3))\\]"
expect_none "move order"
keys Enter
wait_gone "Hand the keyboard over"
expect_re "Allies to give orders"
expect_none "order to \\[$1, $(($2 - 3))\\]"
expect_none "order to \\[34, 29\\]"
keys M
wait_for "Log: every event"
# Their own standing order (3-9R to [40, 17]), none of the French ones.
keys g
wait_for "order to [40, 17]"
pages_none "order to \\[$1, $(($2 - 3))\\]" "order to \\[34, 29\\]" \
    "order to \\[12, 33\\]"
keys Escape
keys q
wait_for "Quit"
keys y
expect_restored 0
$T kill-server >/dev/null 2>&1
# A server of its own: the old one may still be going away.
T="tmux -L marshal-test-$$-solo"

# --- against the computer -------------------------------------------------
MARSHAL_ARGS="play default"
start 200 50 LANG=C.UTF-8
# The hot-seat game above was kept: start a new one.
wait_for "r: resume it, n: new game"
keys n
wait_for "The sides"
keys Escape
wait_for "French to give orders"
expect_none "order to \\[40, 17\\]"
expect_none "order to \\[66, 20\\]"
keys M
keys g
wait_for "order to [34, 29]"
pages_none "order to \\[40, 17\\]" "order to \\[66, 20\\]"
keys Escape
keys e
skip_summary 1
wait_for "Turn 2/"
wait_for "French to give orders"
# The computer's orders of turn 1 (as marshal resolve default --ai Allies
# --turns 1 prints them, the same seed and level): none on the screen.
expect_none "order to \\[26, 31\\]"
expect_none "order to \\[65, 6\\]"
expect_none "towards \\[65, 6\\]"
expect_none "towards \\[56, 16\\]"
keys M
# What the Allied hussars did is there (the end of the list); where they
# and the rest were sent is not, on any page.
wait_for "2-SH 3.6.3"
keys g
wait_for "order to [34, 29]"
pages_none "order to \\[40, 17\\]" "order to \\[66, 20\\]" \
    "order to \\[26, 31\\]" "order to \\[65, 6\\]" \
    "towards \\[65, 6\\]" "towards \\[56, 16\\]" "towards \\[40, 17\\]"
keys Escape q
wait_for "Quit"
keys y
expect_restored 0

# --- hot-seat at 80x24 ------------------------------------------------------
# The hand-over box takes the top of the log pane there (not the middle
# of the map): still nothing of the French turn on the screen, its keys in
# the box, the bottom line free of the last French message.
$T kill-server >/dev/null 2>&1
T="tmux -L marshal-test-$$-small"
MARSHAL_ARGS="play --hotseat"
start 80 24 LANG=C.UTF-8
wait_for "r: resume it, n: new game"
keys n
wait_for "The sides"
keys Escape
wait_for "Hand the keyboard over"
keys Enter
wait_gone "Hand the keyboard over"
keys Tab
wait_for "Facing "
at=$(screen | sed -n 's/.*Facing [A-Z]* at \[\([0-9]*\), \([0-9]*\)\].*/\1 \2/p' |
    head -1)
[ -n "$at" ] || fail "no position in the panel at 80x24"
set -- $at
keys m k k k Enter
wait_for "Order: Move to [$1, $(($2 - 3))]"
keys e
wait_for "Hand the keyboard over"
expect_re "Turn 1: Allies to give orders"
expect_re "Enter:start giving orders q:quit"
expect_none "Move to \\[$1, $(($2 - 3))\\]"
expect_none "order to \\[$1, $(($2 - 3))\\]"
expect_none "order to \\[34, 29\\]"
expect_none "move order"
keys Enter
wait_gone "Hand the keyboard over"
expect_re "Allies to give orders"
expect_none "order to \\[$1, $(($2 - 3))\\]"
keys q
wait_for "Quit"
keys y
expect_restored 0
echo "ok: the enemy's orders stay hidden, hot-seat and solo"
