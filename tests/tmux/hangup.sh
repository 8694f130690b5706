#!/bin/sh
# hangup.sh - nothing is lost when the terminal goes away.  A game with an
# order given is hung up (SIGHUP, SIGTERM, a closed pane) on the map, with
# the formation menu open, at the quit box and in the help pager; each
# time a save must appear, load (the next start offers it, naming the
# turn) and resume into the same state: the same turn, the order still in
# force.  The end of a turn saves by itself.  A second marshal on the same
# save is refused while the first runs, and takes the lock of one killed
# with SIGKILL (the kernel released it; its file stays).  A hangup at the
# resume prompt changes nothing; a finished battle leaves no save.
. "${top_srcdir:-.}/tests/tmux/lib.sh"

SAVE=$XDG_DATA_HOME/marshal/default.save
LOCK=$XDG_DATA_HOME/marshal/default.lock
MARSHAL_ARGS="play --hotseat"


# wait_unlocked: until the marshal playing the save has left.
wait_unlocked() {
	n=0
	while [ -e "$LOCK" ] && [ $n -lt 100 ]; do
		sleep 0.1
		n=$((n + 1))
	done
	[ ! -e "$LOCK" ] || fail "the lock stayed"
}

# hang SIGNAL: signal marshal; it must save and leave cleanly.
hang() {
	rm -f "$SAVE"
	kill -"$1" "$(marshal_pid)" || fail "cannot signal marshal"
	expect_restored 0
	[ -s "$SAVE" ] || fail "no save after SIG$1"
	[ ! -e "$LOCK" ] || fail "the lock stayed after SIG$1"
	ls "$XDG_DATA_HOME"/marshal | grep -q '\.tmp\.' &&
		fail "a temporary file stayed after SIG$1"
	$T kill-session -t $S
}

# resume TURN: a new marshal offers the save at TURN and resumes it; the
# first unit's Stop order given before the hangup is still in force.
resume() {
	start 80 24 LANG=C.UTF-8
	wait_for "A saved battle"
	wait_for "turn $1."
	keys r
	wait_for "The sides"
	keys Escape
	wait_for "Hand the keyboard over"
	keys Enter
	wait_gone "Hand the keyboard over"
	expect_re "Turn $1/[0-9]+ command"
	keys Tab
	wait_for "Order: Stop"
}

# Sessions come and go here: one that stays keeps the tmux server up.
$T -f /dev/null new-session -d -s keep "sleep 600" || fail "cannot start tmux"

# 1. On the map, after a Stop order.
start 80 24 LANG=C.UTF-8
wait_for "The sides"
keys Escape
wait_for "Hand the keyboard over"
keys Enter
wait_gone "Hand the keyboard over"
keys Tab s
wait_for "stop order given"
hang HUP
grep -q "kind: stop" "$SAVE" || fail "the Stop order is not in the save"

# 2. With the formation menu open; SIGTERM.
resume 1
keys f
wait_for "Formation for"
hang TERM

# 3. At the quit box, after a whole turn: the end of turn saved by itself.
resume 1
keys e
wait_for "Hand the keyboard over"
keys Enter
wait_gone "Hand the keyboard over"
keys e
skip_summary 1
wait_for "Turn 2/"
grep -q "^turn: 2" "$SAVE" || fail "the end of turn 1 did not save turn 2"
keys q
wait_for "Quit marshal?"
wait_for "It is saved"
hang HUP

# 4. In the help pager.
resume 2
keys '?'
wait_for "Help: keys"
hang HUP

# 5. A second marshal on the same save is refused while this one runs.
resume 2
S=second
start 80 24 LANG=C.UTF-8
wait_for "being played in another session"
expect_restored 1
$T kill-session -t second
S=marshal

# 6. The pane closes (the SSH link drops): saved all the same.
rm -f "$SAVE"
$T kill-pane -t $S
n=0
while [ ! -s "$SAVE" ] && [ $n -lt 100 ]; do
	sleep 0.1
	n=$((n + 1))
done
[ -s "$SAVE" ] || fail "no save after the pane closed"
wait_unlocked

# 7. SIGKILL leaves a stale lock; the next marshal takes it over.
resume 2
pid=$(marshal_pid)
kill -KILL "$pid"
wait_dead "$pid"
[ -e "$LOCK" ] || fail "SIGKILL should have left the lock file"
$T kill-session -t $S
resume 2

# 8. A damaged save is refused with a message and set aside; a new game.
$T kill-session -t $S
wait_unlocked
printf 'marshal-save: 1\nturn: [oops\n' >"$SAVE"
start 80 24 LANG=C.UTF-8
wait_for "cannot be resumed"
wait_for "set aside"
keys Enter
wait_for "The sides"
[ -s "$SAVE.bad" ] || fail "the damaged save was not set aside"
keys Escape
wait_for "Hand the keyboard over"
keys q y
expect_restored 0

# 9. A hangup at the resume prompt leaves the save as it was.
$T kill-session -t $S
wait_unlocked
cp "$SAVE" "$SAVE.before"
start 80 24 LANG=C.UTF-8
wait_for "A saved battle"
kill -HUP "$(marshal_pid)" || fail "cannot signal marshal"
wait_for "EXITED rc=0"
cmp -s "$SAVE" "$SAVE.before" || fail "the save changed at the prompt"
[ ! -e "$LOCK" ] || fail "the lock stayed after a hangup at the prompt"

# 10. A battle that is over leaves no save to resume.
$T kill-session -t $S
one_turn_battle
start 80 24 LANG=C.UTF-8
hotseat_first_turn
wait_for "The battle is over"
keys q
wait_for "Quit marshal?"
keys y
expect_restored 0
[ ! -e "$XDG_DATA_HOME/marshal/short.save" ] ||
	fail "the save of a finished battle was kept"
echo "ok: saved and resumed after HUP, TERM, a closed pane and SIGKILL"
