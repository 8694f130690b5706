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

# saved COMMANDERS LEVEL WHEN: the slot's save keeps who commands each
# side ("computer, player") and the level ("" for none written), or the
# test fails, saying WHEN.
saved() {
	grep -q "^commanders: \[$1\]$" "$SLOT" ||
	    fail "$3: the save does not keep the commanders [$1]"
	if [ -n "$2" ]; then
		grep -q "^level: $2$" "$SLOT" ||
		    fail "$3: the save does not keep the level $2"
	fi
}

# quit: q y, marshal leaves cleanly, the session goes.
quit() {
	keys q y
	expect_restored 0
	$T kill-session -t $S
}

MARSHAL_ARGS="play --ai French --level hard default"
start 100 30 LANG=C.UTF-8
wait_for "The sides"
expect_re "French: .*\\(computer\\)"
keys Escape
wait_for "Allies to give orders (player)"
expect_re "Turn 1/[0-9]+ command \| Allies to give orders \(player\)"
quit
saved "computer, player" hard "the first save"

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
quit
saved "computer, player" hard "resumed"

# --hotseat on the resumed game: both sides are people's now.
MARSHAL_ARGS="play --hotseat $SLOT"
start 100 30 LANG=C.UTF-8
wait_for "The sides"
keys Escape
wait_for "Hand the keyboard over"
quit
saved "player, player" "" "--hotseat"
echo "ok: a game resumed gives each side back to its commander, at its level"
