#!/bin/sh
# resume-side.sh - a game against the computer, resumed, gives each side
# back to its commander.  A person plays the second side of the default
# battle (the Allies) against the computer at hard: --ai French.  Quit in
# turn 1, then a bare `marshal` offers the save and r resumes it: the
# Allies are still the person's to command and the French the computer's
# (the turn goes round without a French order screen, the save keeps
# "commanders: [computer, player]" and "level: hard").  Before, a resumed
# game came back with the person on the first side: the player's own army
# went to the computer and the enemy's orders were the player's to read
# and give.  --hotseat on a resumed game still hands both sides to people.
. "${top_srcdir:-.}/tests/tmux/lib.sh"

SLOT=$XDG_DATA_HOME/marshal/default.save

MARSHAL_ARGS="play --ai French --level hard default"
start 100 30 LANG=C.UTF-8
wait_for "The sides"
expect_re "French: .*\\(computer\\)"
keys Escape
wait_for "Allies to give orders (player)"
expect_re "Turn 1/[0-9]+ command \| Allies to give orders \(player\)"
keys q y
expect_restored 0
$T kill-session -t $S
grep -q "^commanders: \[computer, player\]$" "$SLOT" ||
    fail "the save does not say who commands each side"
grep -q "^level: hard$" "$SLOT" || fail "the save lost the computer's level"

# A bare marshal offers the save; r resumes it as it was.
MARSHAL_ARGS=""
start 100 30 LANG=C.UTF-8
wait_for "r: resume it"
keys r
wait_for "The sides"
keys Escape
wait_for "Allies to give orders (player)"
screen | grep -q "French to give orders" &&
    fail "the resumed game gave the French to the person"
keys e
skip_summary 1
wait_for "Turn 2/"
wait_for "Allies to give orders (player)"
keys q y
expect_restored 0
$T kill-session -t $S
grep -q "^commanders: \[computer, player\]$" "$SLOT" ||
    fail "resuming changed who commands each side"
grep -q "^level: hard$" "$SLOT" || fail "resuming changed the level"

# --hotseat on the resumed game: both sides are people's now.
MARSHAL_ARGS="play --hotseat $SLOT"
start 100 30 LANG=C.UTF-8
wait_for "The sides"
keys Escape
wait_for "Hand the keyboard over"
keys q y
expect_restored 0
grep -q "^commanders: \[player, player\]$" "$SLOT" ||
    fail "--hotseat did not hand both sides to people"
echo "ok: a game resumed gives each side back to its commander, at its level"
