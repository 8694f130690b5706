#!/bin/sh
# resume-log.sh - a game resumed from its save shows the last turn's
# results in the log, as they stood when it was left.  The Cowpens
# against the computer at 80x24: turn 1 played, the log pane's lines are
# read, the game is left (q y saves it); started again and resumed (r),
# the pane is titled "turn 1 results" and holds the same lines, rebuilt
# from the recording beside the save (a save keeps no log).  Without the
# recording nothing can be rebuilt, and the pane says the log starts at
# the resume instead of "No results yet" (it read that, empty, before).
. "${top_srcdir:-.}/tests/tmux/lib.sh"

SLOT=$XDG_DATA_HOME/marshal/cowpens-1781
# The log pane: the rows under its title, to the key bar.
log_rows() {
	screen | sed -n '/── Log/,$p' | sed '1d;$d'
}

MARSHAL_ARGS="play cowpens-1781"
start 80 24 LANG=C.UTF-8
wait_for "The Cowpens, 17 January 1781"
keys Escape
wait_for "Turn 1/12 orders"
keys e
skip_summary 1
wait_for "Turn 2/12 orders"
wait_for "Log: turn 1 results (M: all)"
before=$(log_rows)
[ -n "$(echo "$before" | tr -d ' ')" ] || fail "turn 1 left an empty log"
keys q
wait_for "Quit"
keys y
expect_restored 0
[ -s "$SLOT.save" ] || fail "no save in the slot"
[ -s "$SLOT.replay" ] || fail "no recording beside the save"
$T kill-server

# Start marshal again and resume the saved battle at its turn 2 orders.
resume() {
	start 80 24 LANG=C.UTF-8
	wait_for "A saved battle"
	keys r
	wait_for "The Cowpens, 17 January 1781"
	keys Escape
	wait_for "Turn 2/12 orders"
}

# Resumed: the same results under the same title.
resume
wait_for "Log: turn 1 results (M: all)"
after=$(log_rows)
[ "$before" = "$after" ] || fail "the resumed log differs: '$after'"
screen | grep -q "No results yet" && fail "a resumed game says no results"
keys q
wait_for "Quit"
keys y
expect_restored 0
$T kill-server

# Without its recording: the log starts at the resume, and says so.
rm -f "$SLOT.replay"
resume
wait_for "Log: from the resume, turn 2 (M: all)"
wait_for "Resumed from a save at turn 2: the log starts here."
screen | grep -q "No results yet" && fail "a resumed game says no results"
keys q
wait_for "Quit"
keys y
expect_restored 0
echo "ok: a resumed game's log"
