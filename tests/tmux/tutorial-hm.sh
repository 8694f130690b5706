#!/bin/sh
# tutorial-hm.sh - the first horse-and-musket lesson opened at 80x24 with
# the real binary: its first order given by keys (a Move order for the
# open-order riflemen through the thicket), the turn ended, and the page
# must explain the step by H3 with the figures of the log: 3 ticks a
# step at 2/3 speed, [30, 11] reached, 8.75 of 9 inches spent.  Then x
# shows the same clause for the unit.
. "${top_srcdir:-.}/tests/tmux/lib.sh"

MARSHAL_ARGS="play $MARSHAL_DATA/scenarios/tutorial-hm-01-ground.yaml"
start 80 24 LANG=C.UTF-8

# The briefing names the clauses and ends with the first step, below
# the first screen.
wait_for "Horse and musket 1"
wait_for "open-order foot keeps all of it"
keys End
wait_for "Step 1 of 6: Open order in the thicket"
keys Escape
wait_for "Step 1/6: Open order"

# The riflemen are the second unit: a Move order 22 cells north, from
# [30, 24] to [30, 2].
keys Tab Tab
wait_for "Augusta County riflemen"
keys m
wait_for "Move Augusta County riflemen: put the cursor"
keys K K k k k k k k
wait_for "│ Move to [30, 2]"
keys Enter
wait_for "move order given"

# The opponent is "none": e plays the turn at once.
keys e
wait_for "Step 1 of 6 done: Open order in the thicket"
wait_for "2 x 3/2 = 3 ticks"
wait_for "stand at [30, 11], 6.5 inches on"
wait_for "(H3).  Close-order foot keeps only 1/3"
wait_for "Step 2 of 6: Into the rough"
keys Escape
wait_gone "Step 1 of 6 done"
wait_for "Step 2/6: Into the rough"

# Why: the log of the unit's move, clause by clause.
keys Tab Tab x
wait_for "open-order foot at 2/3 speed"
wait_for "ticks (0.75 in), 6.25 in left"
keys End
wait_for "riflemen moves 6.5 in (spent 8.75 in of 9 in)"
keys Escape
wait_gone "Why: Augusta County riflemen"

keys q y
expect_restored 0
echo "ok: horse-and-musket lesson 1, first order by keys"
