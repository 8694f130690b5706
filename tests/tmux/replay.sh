#!/bin/sh
# replay.sh - games are recorded as they are played, and a recording opens
# in the interface (issue 16, and issue 14's "a finished battle offers its
# replay").
#
# A three-turn battle against the computer: the player gives a Move order
# in turn 1, takes it back and gives a Stop order, then a Move order in
# turn 2, then quits part way through turn
# 2 and resumes.  After each save the recording beside it verifies
# (marshal replay --verify) to the state saved, the computer's orders and
# the turn under way included.  At the end, p on the game-over screen
# opens the recording: ] steps to turn 3, [ back to turn 1, where the map
# is again exactly as it was (played again from the start) and differs
# from turn 3's, the selected unit's cell with it; ) and ( step through
# turn 2's phases, the battery moving in the movement phase only.  The resume box of the
# finished battle offers p as well, and `marshal replay FILE` opens the
# recording on its own.
. "${top_srcdir:-.}/tests/tmux/lib.sh"

REC=$XDG_DATA_HOME/marshal/short.replay
sed "s|\.\./|$MARSHAL_DATA/|; s/^turns: .*/turns: 3/" \
    "$MARSHAL_DATA/scenarios/default.yaml" >"$XDG_DATA_HOME/short.yaml"
MARSHAL_ARGS="play $XDG_DATA_HOME/short.yaml"

verify() {
	out=$("$MARSHAL_BIN" replay "$REC" --verify 2>&1) ||
	    fail "the recording does not verify ($1): $out"
	echo "$out" | grep -q ": verified ($2 turns" ||
	    fail "the recording is not of $2 turns ($1): $out"
}

# Where the selected unit stands, as its panel says ("at [x, y]").
unit_at() {
	screen | grep -o 'Facing [A-Z]* at \[[0-9]*, [0-9]*\]' | head -1 |
	    sed 's/^Facing [A-Z]* //'
}

# The map and panel rows, between the status line and the log.
map_rows() {
	screen | sed -n '2,/── Log/p' | sed '$d'
}

# A session of its own keeps the server up between marshal's runs.
$T -f /dev/null new-session -d -s keep "sleep 600" || fail "cannot start tmux"

start 100 30 LANG=C.UTF-8
wait_for "The sides"
keys Escape
wait_for "French to give orders"
keys Tab
sleep 0.3
# A Move order taken back (U) is not part of the recording: played
# again, the turn would give it and end elsewhere.
keys m
sleep 0.3
keys K Enter
wait_for "move order given"
keys U
wait_for "order taken back"
keys s
wait_for "stop order given"
keys e
skip_summary 1
wait_file "$REC" || fail "no recording after turn 1"
grep -q '{turn: 1, unit: "4-6FA", general: "vautrin", move: ' "$REC" &&
	fail "the order taken back is in the recording"
grep -q '^turns: 1$' "$REC" || fail "the recording is not of turn 1"
grep -q '{turn: 1, unit: "4-6FA", general: "vautrin", stop: true}' "$REC" ||
	fail "the player's Stop order is not recorded"
grep -q 'general: "hessling"' "$REC" ||
	fail "the computer's orders are not recorded"
verify "after turn 1" 1

# Turn 2: a Move order, then quit: the recording holds it, not played.
wait_for "Turn 2/3"
keys Tab
sleep 0.3
keys m
sleep 0.3
keys K Enter
wait_for "move order given"
keys q
wait_for "Quit marshal?"
keys y
expect_restored 0
grep -q '{turn: 2, unit: "4-6FA", general: "vautrin", move: ' "$REC" ||
	fail "the order of the turn under way is not recorded"
verify "quit in turn 2" 1
$T kill-session -t $S

# Resumed, the game goes on recording to its end.
start 100 30 LANG=C.UTF-8
wait_for "A saved battle"
keys r
wait_for "The sides"
keys Escape
wait_for "Turn 2/3"
keys e
skip_summary 2
wait_for "Turn 3/3"
keys e
wait_for "The battle is over after 3 turns"
wait_for "p: replay it"
verify "the finished battle" 3

# p: the recording, from turn 1.
keys p
wait_for "Replay turn 1 of 3 turns | umpire: both sides"
keys Tab
wait_for "4/6e Artillerie"
at1=$(unit_at)
[ -n "$at1" ] || fail "the panel names no cell"
map1=$(map_rows)
keys ']'
wait_for "Replay turn 2 of 3"
keys ']'
wait_for "Replay turn 3 of 3"
# The pane ends with turn 3's orders, below turn 2's results (which the
# message counts); the title names what it shows.
wait_for "25 results of turn 2 in the log"
wait_for "Log: turn 3 orders"
map3=$(map_rows)
at3=$(unit_at)
[ "$map1" != "$map3" ] || fail "the map of turn 3 is the map of turn 1"
[ "$at1" != "$at3" ] || fail "the battery stands in turn 3 where it stood in turn 1 ($at1)"
keys '['
wait_for "Replay turn 2 of 3"
keys '['
wait_for "Replay turn 1 of 3"
wait_for "played again from the start in"
[ "$(map_rows)" = "$map1" ] ||
	fail "turn 1 played again does not show the map of turn 1"
[ "$(unit_at)" = "$at1" ] ||
	fail "the battery is not back $at1 in turn 1 played again"
# Phase by phase through turn 2: the battery's Move order of turn 2
# moves it in the movement phase (6), not before; ( goes back a phase.
keys ']'
wait_for "Replay turn 2 of 3"
at2=$(unit_at)
keys ')' ')' ')' ')' ')'
wait_for "Turn 2 after phase 5 (Formation changes)"
wait_for "Turn 2/3 formation"
[ "$(unit_at)" = "$at2" ] ||
	fail "the battery moved before the movement phase"
keys ')'
wait_for "Turn 2 after phase 6 (Movement)"
wait_for "Turn 2/3 movement"
[ "$(unit_at)" = "$at3" ] ||
	fail "after the movement phase the battery is not $at3"
keys '('
wait_for "Turn 2 after phase 5 (Formation changes), played again"
[ "$(unit_at)" = "$at2" ] ||
	fail "a phase back, the battery is not back $at2"
keys '{'
wait_for "Replay turn 1 of 3"
# No order is given in a recording.
keys s
wait_for "A recording: no orders are given here"
keys M
wait_for "Log: every event"
keys Escape
keys q
wait_for "The recording is left as it is."
keys y
wait_for "The battle is over after 3 turns"

# Killed there, the finished battle's resume box offers its replay.
pid=$(marshal_pid)
kill -KILL "$pid"
wait_dead "$pid"
$T kill-session -t $S
start 100 30 LANG=C.UTF-8
wait_for "A finished battle"
wait_for "p: replay it"
keys p
wait_for "Replay turn 1 of 3 turns"
keys q
wait_for "Quit marshal?"
keys y
wait_for "A finished battle"
keys r
wait_for "The battle is over after 3 turns"
keys q
wait_for "Quit marshal?"
keys y
expect_restored 0
[ ! -e "$REC" ] || fail "the finished battle's recording stayed with its save gone"
$T kill-session -t $S

# marshal replay FILE: the recording on its own, as one side sees it.
cp "$XDG_DATA_HOME/short.yaml" "$XDG_DATA_HOME/kept.yaml"
MARSHAL_ARGS="play $XDG_DATA_HOME/kept.yaml"
start 100 30 LANG=C.UTF-8
wait_for "The sides"
keys Escape
wait_for "French to give orders"
keys e
skip_summary 1
keys q
wait_for "Quit marshal?"
keys y
expect_restored 0
$T kill-session -t $S
cp "$XDG_DATA_HOME/marshal/kept.replay" "$XDG_DATA_HOME/rec.yaml"
MARSHAL_ARGS="replay $XDG_DATA_HOME/rec.yaml --side French"
start 100 30 LANG=C.UTF-8
wait_for "Replay turn 1 of 1 turns | French"
keys T 2 Enter
wait_for "Replay end after 1 of 1 turns"
keys '{'
wait_for "Replay turn 1 of 1 turns"
keys q
wait_for "Quit marshal?"
keys y
expect_restored 0
echo "ok: games are recorded, verify, and replay turn by turn"
