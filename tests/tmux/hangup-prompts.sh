#!/bin/sh
# hangup-prompts.sh - a hangup at every prompt and while the computer
# thinks loses nothing, and every resumed game is the game saved.
#
# One battle is hung up (SIGHUP) in turn, each time resumed from the save
# of the one before: on the briefing, at the hand-over box, in the help,
# in the rules pager, at the quit box, half-way through typing a save-as
# name, and at the resume offer itself.  After each hangup marshal must
# leave with status 0, leaving no lock and no temporary file and a save
# that marshal check loads; the next marshal offers it at its turn and,
# resumed and hung up again at once, saves the very same state (the state
# digest of marshal check -v).  Nothing is given between two hangups, so
# the digest must never change.
#
# While the computer thinks: marshal runs under gdb with a breakpoint on
# ai_controller, where the computer commander is called at the end of the
# player's orders; gdb sends SIGHUP from there, inside the thinking (the
# signal handler runs there, before the commander's first step).  The
# turn must still be played and saved, to exactly the state a game that
# was not hung up reaches (the same digest).  Last, a hangup on the result
# screen of a finished battle leaves no save to resume.
#
# make stress runs the random version (hangup-random.sh).  gdb is needed
# for the thinking part; without it, or where ptrace is forbidden, that
# part is skipped with a message and the script exits 77 at its end.
. "${top_srcdir:-.}/tests/tmux/lib.sh"

SLOT=$XDG_DATA_HOME/marshal
SAVE=$SLOT/default.save
LOCK=$SLOT/default.lock
# LeakSanitizer stops the world with ptrace, which gdb already holds.
ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
export ASAN_OPTIONS
hangups=0

# digest FILE: the state digest marshal check gives a save.
digest() {
	"$MARSHAL_BIN" check -v "$1" 2>&1 |
	    sed -n 's/.*: ok: .*, state \(0x[0-9a-f]*\)$/\1/p' | grep . ||
	    echo "damaged"
}

# The marshal in the pane: the pane's shell runs it, or gdb that runs it
# (this replaces lib.sh's marshal_pid, which knows no gdb).
marshal_pid() {
	sh_pid=$($T display -p -t $S '#{pane_pid}')
	n=0
	while [ $n -lt 50 ]; do
		for p in $(ps -o pid= --ppid "$sh_pid"); do
			case $(ps -o comm= -p "$p") in
			gdb) c=$(ps -o pid= --ppid "$p" | head -1 | tr -d ' ')
			    [ -n "$c" ] && { echo "$c"; return 0; } ;;
			*) echo "$p"; return 0 ;;
			esac
		done
		sleep 0.1
		n=$((n + 1))
	done
	fail "no marshal process under the pane"
}

# hang WHAT: SIGHUP; marshal saves and leaves cleanly.  DIGEST is set to
# the saved state.
hang() {
	kill -HUP "$(marshal_pid)" || fail "$1: cannot signal marshal"
	expect_restored 0
	[ -s "$SAVE" ] || fail "$1: no save after the hangup"
	[ ! -e "$LOCK" ] || fail "$1: the lock stayed"
	ls "$SLOT" | grep -q '\.tmp\.' && fail "$1: a temporary file stayed"
	DIGEST=$(digest "$SAVE")
	[ "$DIGEST" != damaged ] || fail "$1: the save does not load"
	hangups=$((hangups + 1))
	$T kill-session -t $S
}

# same WHAT: the save holds the state of the one before (WANT).
same() {
	[ "$DIGEST" = "$WANT" ] ||
		fail "$1: saved $DIGEST after resuming $WANT"
}

# resume TURN [ARGS]: a new marshal offers the save at TURN and resumes.
resume() {
	MARSHAL_ARGS="play ${2:---hotseat}"
	start 80 24 LANG=C.UTF-8
	wait_for "A saved battle"
	wait_for "turn $1."
	keys r
	wait_for "The sides"
}

$T -f /dev/null new-session -d -s keep "sleep 600" || fail "cannot start tmux"

# 1. On the briefing of a new game.
MARSHAL_ARGS="play --hotseat"
start 80 24 LANG=C.UTF-8
wait_for "The sides"
hang "briefing"
WANT=$DIGEST

# 2. At the hand-over box.
resume 1
keys Escape
wait_for "Hand the keyboard over"
hang "hand-over box"
same "hand-over box"

# 3. In the help.
resume 1
keys Escape
wait_for "Hand the keyboard over"
keys Enter
wait_gone "Hand the keyboard over"
keys '?'
wait_for "Help: keys"
hang "help"
same "help"

# 4. In the rules pager.
resume 1
keys Escape
wait_for "Hand the keyboard over"
keys Enter
wait_gone "Hand the keyboard over"
keys R
wait_for "Rules: "
hang "rules pager"
same "rules pager"

# 5. At the quit box.
resume 1
keys Escape
wait_for "Hand the keyboard over"
keys Enter
wait_gone "Hand the keyboard over"
keys q
wait_for "Quit marshal?"
hang "quit box"
same "quit box"

# 6. Typing a name to save as: nothing is written under the half name.
cd "$XDG_DATA_HOME" || fail "cannot enter $XDG_DATA_HOME"
resume 1
keys Escape
wait_for "Hand the keyboard over"
keys Enter
wait_gone "Hand the keyboard over"
keys A
wait_for "Save as:"
keys -l "half"
wait_for "Save as: half"
hang "save-as prompt"
same "save-as prompt"
[ ! -e "$XDG_DATA_HOME/half" ] || fail "a save was written under the half name"

# 7. At the resume offer: the save is left as it was.
MARSHAL_ARGS="play --hotseat"
start 80 24 LANG=C.UTF-8
wait_for "A saved battle"
hang "resume offer"
same "resume offer"
cp "$SAVE" "$XDG_DATA_HOME/turn1.save"

# 8. While the computer thinks.  First the game not hung up: the player
# ends turn 1 at once, the computer gives its orders, the turn is played
# and saved; then a hangup on the map of turn 2 saves the same.  The game
# was played hot-seat, and a game resumed keeps its commanders: --ai
# Allies gives the Allies to the computer.
resume 1 "--ai Allies"
keys Escape
wait_gone "The sides"
keys e
skip_summary 1
wait_for "Turn 2/"
hang "map of turn 2"
grep -q '^turn: 2$' "$SAVE" || fail "the end of turn 1 was not saved"
WANT=$DIGEST
if ! command -v gdb >/dev/null 2>&1; then
	echo "SKIP: gdb is not installed: no hangup while the computer thinks"
	skip_ai=1
elif ! gdb -q -batch -ex run --args true >/dev/null 2>&1; then
	echo "SKIP: gdb cannot trace here (ptrace is forbidden): no hangup" \
	    "while the computer thinks"
	skip_ai=1
fi
if [ -z "$skip_ai" ]; then
	cp "$XDG_DATA_HOME/turn1.save" "$SAVE"
	cat >"$XDG_DATA_HOME/think.gdb" <<EOF
set pagination off
set confirm off
set logging file $XDG_DATA_HOME/think.log
set logging redirect on
set logging enabled on
handle SIGHUP nostop noprint pass
break ai_controller
run
bt 1
delete
signal SIGHUP
EOF
	MARSHAL_ARGS="play --ai Allies"
	start 80 24 LANG=C.UTF-8 gdb -q -batch -x "'$XDG_DATA_HOME/think.gdb'" \
	    --args
	wait_for "A saved battle" 30
	keys r
	wait_for "The sides" 30
	keys Escape
	wait_gone "The sides"
	keys e
	wait_for "the game is saved in" 60
	grep -q "^#0 .*ai_controller" "$XDG_DATA_HOME/think.log" ||
		fail "gdb never stopped in ai_controller"
	[ -s "$SAVE" ] && [ ! -e "$LOCK" ] ||
		fail "no save, or a lock left, after a hangup while thinking"
	DIGEST=$(digest "$SAVE")
	hangups=$((hangups + 1))
	same "hangup while the computer thinks"
	$T kill-session -t $S
	resume 2 "--ai Allies"
	hang "resumed after the thinking hangup"
	same "resumed after the thinking hangup"
fi

# 9. On the result screen of a finished battle: nothing left to resume.
rm -f "$SAVE"
one_turn_battle
start 80 24 LANG=C.UTF-8
hotseat_first_turn
wait_for "The battle is over"
kill -HUP "$(marshal_pid)" || fail "cannot signal marshal"
expect_restored 0
hangups=$((hangups + 1))
[ ! -e "$SLOT/short.save" ] || fail "a finished battle's save was kept"
[ ! -e "$SLOT/short.lock" ] || fail "the lock stayed after the result screen"

echo "ok: $hangups hangups at prompts${skip_ai:- and while the computer thinks}; every resumed game the game saved"
[ -z "$skip_ai" ] || exit 77
