#!/bin/sh
# signals.sh - every terminating signal a terminal can send saves the game
# (issue 14, item 4).  SIGQUIT (Ctrl-\) saves and leaves like SIGHUP,
# SIGINT and SIGTERM, lock released, and so does Ctrl-\ typed at the
# keyboard.  A second signal arriving while that save is written (strace
# delivers SIGINT as the save's fsync starts, and SIGQUIT at its rename)
# does not cut the save short: the save holds the game, whole, and no
# temporary file is left.
. "${top_srcdir:-.}/tests/tmux/lib.sh"

SAVE=$XDG_DATA_HOME/marshal/default.save
LOCK=$XDG_DATA_HOME/marshal/default.lock
MARSHAL_ARGS="play --hotseat"
# LeakSanitizer stops the world with ptrace, which strace already holds.
ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
export ASAN_OPTIONS

$T -f /dev/null new-session -d -s keep "sleep 600" || fail "cannot start tmux"

# traced_pid: the marshal strace runs in the pane.
traced_pid() {
	n=0
	while [ $n -lt 50 ]; do
		c=$(ps -o pid= --ppid "$(marshal_pid)" | head -1 | tr -d ' ')
		[ -n "$c" ] && { echo "$c"; return 0; }
		sleep 0.1
		n=$((n + 1))
	done
	fail "no marshal under strace"
}

# to_map: from a fresh start to the first side's orders, a Stop given.
to_map() {
	wait_for "The sides"
	keys Escape
	wait_for "Hand the keyboard over"
	keys Enter
	wait_gone "Hand the keyboard over"
	keys Tab s
	wait_for "stop order given"
}

# saved WHAT: marshal left with status 0, its save whole and holding the
# Stop order, no lock and no temporary file left.
saved() {
	expect_restored 0
	[ -s "$SAVE" ] || fail "$1: no save"
	"$MARSHAL_BIN" check "$SAVE" >/dev/null 2>&1 ||
		fail "$1: the save does not load"
	grep -q "kind: stop" "$SAVE" || fail "$1: the order is not saved"
	[ ! -e "$LOCK" ] || fail "$1: the lock stayed"
	ls "$XDG_DATA_HOME"/marshal | grep -q '\.tmp\.' &&
		fail "$1: a temporary file stayed"
	$T kill-session -t $S
	rm -f "$SAVE"
}

# 1. SIGQUIT sent to marshal.
start 80 24 LANG=C.UTF-8
to_map
kill -QUIT "$(marshal_pid)" || fail "cannot signal marshal"
saved "SIGQUIT"
echo "ok: SIGQUIT saves"

# 2. Ctrl-\ typed at the keyboard.
start 80 24 LANG=C.UTF-8
to_map
keys -H 1c
saved "Ctrl-\\"
echo "ok: Ctrl-\\ saves"

if command -v strace >/dev/null 2>&1 &&
    strace -qq -o /dev/null true 2>/dev/null; then
	# 3. SIGINT, and a second SIGINT as its save is synced.
	start 80 24 LANG=C.UTF-8 "strace -qq -o '$XDG_DATA_HOME/s.log'" \
	    "-e trace=fsync -e inject=fsync:signal=INT:when=1"
	to_map
	kill -INT "$(traced_pid)" || fail "cannot signal marshal"
	saved "a second SIGINT during the save"
	grep -q "SIGINT.*si_code=SI_KERNEL" "$XDG_DATA_HOME/s.log" ||
		fail "strace delivered no second SIGINT"
	echo "ok: a second SIGINT during the save"

	# 4. SIGTERM, and SIGQUIT as its save is renamed into place.
	start 80 24 LANG=C.UTF-8 "strace -qq -o '$XDG_DATA_HOME/s.log'" \
	    "-e trace=renameat -e inject=renameat:signal=QUIT:when=1"
	to_map
	kill -TERM "$(traced_pid)" || fail "cannot signal marshal"
	saved "SIGQUIT during the SIGTERM save"
	grep -q "SIGQUIT.*si_code=SI_KERNEL" "$XDG_DATA_HOME/s.log" ||
		fail "strace delivered no SIGQUIT"
	echo "ok: SIGQUIT during the SIGTERM save"
else
	echo "strace cannot run here: the second-signal cases are not run"
fi
echo "ok: SIGQUIT and Ctrl-\\ save; a second signal never cuts a save short"
