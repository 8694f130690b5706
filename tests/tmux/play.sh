#!/bin/sh
# play.sh - a whole hot-seat turn of the default scenario at 80x24: select
# units, give Move, Stop, Formation and Restore orders, end both sides'
# turns, see the turn resolved with explanations carrying rule numbers,
# ask why, and quit with confirmation, leaving the terminal as it was.
. "${top_srcdir:-.}/tests/tmux/lib.sh"

MARSHAL_ARGS="play --hotseat"
start 80 24 LANG=C.UTF-8

# The briefing first: the scenario's story, its sides and objectives.
wait_for "The sides"
wait_for "Objectives"
keys Escape
wait_for "Hand the keyboard over"
keys Enter
wait_gone "Hand the keyboard over"
expect_re "Turn 1/[0-9]+ command \| French to give orders"

# Select the first unit with Tab: the panel describes it.
keys Tab
wait_for "Drill "
wait_for "Formation: "
wait_for "General: "

# Move: the destination three cells north, with the route shown first.
keys m
wait_for "Move: pick destination"
keys k k k
wait_for "This turn: to ["
keys Enter
wait_for "move order given"
wait_for "Order: Move to"

# Stop the next unit.
keys Tab s
wait_for "stop order given"

# Formation: the menu of this unit's formations; take the second.
keys Tab f
wait_for "Formation for"
keys Down Enter
wait_for "formation order given"

# Restore: given, or refused with the reason (a formed unit).
keys Tab r
wait_for "restore order"

# End the French turn; the Allies give their orders (none), then resolve.
keys e
wait_for "Hand the keyboard over"
expect_re "Turn 1: .* to give orders"
keys Enter
wait_gone "Hand the keyboard over"
keys e
skip_summary 1
wait_for "Turn 1 resolved"
wait_for "Log: turn 1 results"
expect_re "Turn 2/"
# An explanation with its rule number (3.x.y, * if marshal's own) in the log.
expect_re " 3\.[0-9]+(\.[0-9]+)?\*? "

keys Enter
wait_gone "Hand the keyboard over"

# Why: the first unit's explanation, rule by rule.
keys Tab x
wait_for "Why: "
wait_for "Turn 1"
expect_re "^ +3\.[0-9]+"
keys Escape
wait_gone "Why: "

# Quit asks first; n keeps playing, q y quits and restores the terminal.
keys q
wait_for "Quit marshal?"
keys n
wait_gone "Quit marshal?"
keys q y
expect_restored 0
echo "ok: a hot-seat turn played end to end"
