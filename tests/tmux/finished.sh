#!/bin/sh
# finished.sh - a finished battle stays finished (issue 14, item 1).  The
# save written at the end of the last turn records the result before the
# game-over screen is shown; marshal killed there with SIGKILL leaves that
# save, and the next start offers the finished battle, shows its result and
# its last turn ("Turn 1/1", never "Turn 2/1") and plays no further turn.
. "${top_srcdir:-.}/tests/tmux/lib.sh"

SAVE=$XDG_DATA_HOME/marshal/short.save
one_turn_battle

$T -f /dev/null new-session -d -s keep "sleep 600" || fail "cannot start tmux"

start 80 24 LANG=C.UTF-8
hotseat_first_turn
wait_for "The battle is over after 1 turn"
expect_re "Turn 1/1 end"
pid=$(marshal_pid)
kill -KILL "$pid"
wait_dead "$pid"
$T kill-session -t $S
grep -q '^result: {winner: ' "$SAVE" ||
	fail "the save of the last turn does not record the result"
grep -q '^turn: 2$' "$SAVE" || fail "the save is not of the end of turn 1"

# The next start offers the finished battle and shows its result.  (As
# an xterm: there the terminal's line-drawing set is switched to by an
# escape, which tmux keeps as the letters it maps.)
start 80 24 LANG=C.UTF-8 TERM=xterm-256color
wait_for "A finished battle"
wait_for "over after turn 1"
# Its box is framed as the game's own frames are, in box characters, not
# the terminal's line-drawing set (which a terminal that takes it for
# UTF-8 text shows as letters: "lqqqk").
screen | grep -qF "┌" || fail "the offer's box has no box-drawing corner"
screen | grep -q "lqqq" && fail "the offer's box is drawn as letters"
keys r
wait_for "The battle is over after 1 turn"
wait_for "3.10.2*: the "
expect_re "Turn 1/1 end"
screen | grep -q "Turn 2/" && fail "a turn past the end is shown"
# No key plays on: e does nothing on the game-over screen.
keys e
sleep 0.3
expect_re "The battle is over after 1 turn"
keys q
wait_for "Quit marshal?"
keys y
expect_restored 0
# The offer was a box taking one key (r, no Enter), and it left nothing
# behind on the terminal once marshal was gone.
screen | grep -qF "A finished battle" &&
	fail "the resume offer stayed on the terminal"
[ ! -e "$SAVE" ] || fail "the finished battle's save stayed after quitting"
# Its recording is kept, said so, and replays to the finished state.
KEPT=$XDG_DATA_HOME/marshal/short-last.replay
[ -s "$KEPT" ] || fail "the finished battle's recording was not kept"
wait_for "its recording is kept in"
"$MARSHAL_BIN" replay "$KEPT" --verify >/dev/null ||
	fail "the kept recording does not verify"
[ ! -e "$XDG_DATA_HOME/marshal/short.replay" ] ||
	fail "the slot's own recording stayed beside the kept one"
echo "ok: a finished battle resumes to its result, never a turn past it"
