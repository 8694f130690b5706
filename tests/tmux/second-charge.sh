#!/bin/sh
# second-charge.sh - a question within the turn, answered by keys (H15):
# a small horse-and-musket battle (tests/scenarios/hm/H15-second-
# charge.yaml, seed 1) played hot-seat at 80x24.  Both sides end their
# orders; the dragoons charge the militia, rout it and break through, and
# the keyboard is handed to the Americans, who own the horse: the box
# names H15 and the answers.  Other orders are refused while it is open;
# c puts the cursor on the nearest enemy in reach (Enter off a unit is
# refused), Tab on the other, and Enter charges that one, not the
# nearest: the log says so by H15, and the horse rides through the
# militia it routed to reach it.
# Then the battle cut to one turn: saved (S) at the question and quit,
# resumed, the keyboard handed to the Americans again and r reins in;
# the battle's recording, kept at its end, verifies.  Last, the viewer
# steps a recorded turn answered within whole (tests/replays).
. "${top_srcdir:-.}/tests/tmux/lib.sh"

MARSHAL_ARGS="play --hotseat --seed 1 $top_srcdir/tests/scenarios/hm/H15-second-charge.yaml"
# A session of its own keeps the tmux server up between the battles.
$T -f /dev/null new-session -d -s keep "sleep 600" || fail "cannot start tmux"
start 80 24 LANG=C.UTF-8

hotseat_first_turn

# The turn stops at the breakthrough and asks the side of the horse.
wait_for "Turn 1: Americans, a question (H15)"
keys Enter
wait_for "H15: Washington's dragoons broke through (2 enemies in reach)."
wait_for "c Charge again (pick a target), r Rein in, e its standing order"
wait_for "| Question |"

# No other order while it is open.
keys m
wait_for "H15: answer first (c Charge again (pick a target), r Rein in"

# c: the nearest first; Tab: the other; Enter charges it.
keys c
wait_for "H15: Legion foot (left) (1 of 2 in reach); Enter charges it."
wait_for "Charge again at which?"
keys K Enter
wait_for "No unit under the cursor: Tab puts it on an enemy in reach"
keys Tab
wait_for "H15: Legion foot (left) (1 of 2 in reach); Enter charges it."
keys Tab
wait_for "H15: Legion foot (right) (2 of 2 in reach); Enter charges it."
keys Enter

# The turn runs on to its end; the log says which it charged, by H15
# (under the hand-over box at first: the next side takes the keyboard).
skip_summary 1
wait_for "Turn 2: Americans to give orders"
keys Enter
# It rides through the militia it routed and reaches the right company
# (the turn's log, searched: the melee after it fills the log pane).
keys M
keys "/charges Legion" Enter
wait_for "H15 Washington's dragoons charges Legion foot (right): 6.75 in of"
keys Escape

keys q y
expect_restored 0
$T kill-session -t $S

SLOT=$XDG_DATA_HOME/marshal/h15.save
sed 's/^turns: .*/turns: 1/' \
    "$top_srcdir/tests/scenarios/hm/H15-second-charge.yaml" \
    >"$XDG_DATA_HOME/h15.yaml"
MARSHAL_ARGS="play --hotseat --seed 1 $XDG_DATA_HOME/h15.yaml"
start 80 24 LANG=C.UTF-8
hotseat_first_turn
wait_for "Turn 1: Americans, a question (H15)"
keys Enter
wait_for "H15: Washington's dragoons broke through (2 enemies in reach)."
keys S
wait_for "Turn 1 saved in $SLOT"
grep -q '^phase: ' "$SLOT" || fail "the save is not within the turn"
keys q y
expect_restored 0
$T kill-session -t $S

start 80 24 LANG=C.UTF-8
wait_for "A saved battle: H15: a second cavalry charge"
keys r
wait_for "The sides"
keys Escape
wait_for "Turn 1: Americans, a question (H15)"
keys Enter
wait_for "H15: Washington's dragoons broke through (2 enemies in reach)."
keys r
wait_for "The battle is over after 1 turn"
keys M
wait_for "H15 Washington's dragoons reins in as its side chose"
keys Escape
keys q
wait_for "Quit marshal?"
keys y
expect_restored 0
KEPT=$XDG_DATA_HOME/marshal/h15-last.replay
[ -s "$KEPT" ] || fail "the battle's recording was not kept"
grep -q 'action: "rein"' "$KEPT" || fail "the recording lacks the answer"
"$MARSHAL_BIN" replay "$KEPT" --verify >/dev/null ||
	fail "the kept recording does not verify"
$T kill-session -t $S

# The recording of tests/replays in the viewer: ) from turn 1's orders
# plays the turn whole, through its answer, and says so.
MARSHAL_ARGS="replay $top_srcdir/tests/replays/second-charge.yaml"
start 80 24 LANG=C.UTF-8
wait_for "A recording of 2 turns"
keys ')'
wait_for "Turn 2 (turn 1, answered within, played whole): 0 orders given"
keys M
keys "/charges Legion" Enter
wait_for "charges Legion foot (right): 6.75 in of"
keys Escape
keys q y
expect_restored 0
echo "ok: H15 asked within the turn and answered by keys; saved at the"
echo "ok: question, resumed there, and its recording verifies; the viewer"
echo "ok: plays a turn answered within whole"
