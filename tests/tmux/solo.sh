#!/bin/sh
# solo.sh - a solo game, as most people will play: `marshal` with no
# arguments opens on the list of battles; the default battle gives the
# player the first side and the computer the second.
# Ending the player's orders plays the turn at once (no hand-over); the
# computer's units receive orders from their own generals (3.1.1) and
# move under the same rules, explained in the log; turn 2 begins.  (That
# the computer's orders are legal and its own is tested in test-ai.)
. "${top_srcdir:-.}/tests/tmux/lib.sh"

MARSHAL_ARGS=
start 80 24 LANG=C.UTF-8

# A bare marshal opens on the list of battles, the default one first.
wait_for "Choose a battle or a tutorial"
keys Enter
wait_for "The sides"
wait_for "Allies: 11 units under Generalmajor von Hessling (computer)"
keys Escape
wait_for "French to give orders"
expect_re "Turn 1/[0-9]+ command \| French to give orders"

# The player gives no new orders and ends the turn: the computer answers.
keys e
skip_summary 1
wait_for "Turn 2/"
wait_for "French to give orders"
expect_re "Turn 2/[0-9]+ command \| French to give orders"
keys M
wait_for "3.6.3"
keys Escape

keys q
wait_for "Quit"
keys y
expect_restored 0
echo "ok: a turn against the computer"
