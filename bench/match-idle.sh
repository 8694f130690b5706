#!/bin/sh
# match-idle.sh - what a game between two players on one machine costs
# while nobody types, and how soon each screen shows the other's move
# (issue 16): run by make bench, it prints figures and asserts nothing.
#
#   idle: CPU time taken by both players' marshals in IDLE seconds of
#         waiting (from /proc/PID/stat), and their context switches;
#   sent: from alice's e to "alice's orders are in" on bob's screen;
#   played: from bob's e to the turn's results on alice's screen.
# The times are read by polling the screens every 10 ms, so they are
# upper bounds by that much and by tmux's own work.
: "${MARSHAL_BIN:?}" "${MARSHAL_DATA:?}"
IDLE=${IDLE:-10}
command -v tmux >/dev/null 2>&1 || { echo "match-idle: no tmux"; exit 0; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/marshal-bench.XXXXXX") || exit 1
T="tmux -L marshal-bench-$$"
# The marshals save on the hangup that kill-server sends: let them.
trap '$T kill-server >/dev/null 2>&1; sleep 1; rm -rf "$dir"' EXIT INT TERM
case $MARSHAL_BIN in /*) ;; *) MARSHAL_BIN=$(pwd)/$MARSHAL_BIN ;; esac
case $MARSHAL_DATA in /*) ;; *) MARSHAL_DATA=$(pwd)/$MARSHAL_DATA ;; esac

run() {
	$T -f /dev/null new-session -d -s "$1" -x 100 -y 32 \
	    "env MARSHAL_DATA='$MARSHAL_DATA' XDG_DATA_HOME='$dir' \
	    XDG_CONFIG_HOME='$dir' LANG=C.UTF-8 '$MARSHAL_BIN' --player $1 \
	    $2; sleep 60"
}
shown() {
	$T capture-pane -p -t "=$1:" | grep -qF -- "$2"
}
wait_shown() {
	n=0
	until shown "$1" "$2"; do
		n=$((n + 1))
		[ $n -lt 1000 ] || { echo "match-idle: no '$2'"; exit 1; }
		sleep 0.01
	done
}
now_ms() {
	date +%s%3N
}
pid_of() {
	ps -o pid= --ppid "$($T display -p -t "=$1:" '#{pane_pid}')" |
	    head -1 | tr -d ' '
}
# utime + stime in clock ticks, and voluntary context switches.
cpu() {
	awk '{ print $14 + $15 }' "/proc/$1/stat"
}
switches() {
	awk '/^voluntary_ctxt_switches/ { print $2 }' "/proc/$1/status"
}

run alice "play --offer 1 default"
wait_shown alice "The sides"
$T send-keys -t "=alice:" Escape
id=$(ls "$dir/marshal/games")
run bob "play --join $id"
wait_shown bob "The sides"
$T send-keys -t "=bob:" Escape
wait_shown alice "bob is giving orders"
a=$(pid_of alice) b=$(pid_of bob)
ca=$(cpu "$a") cb=$(cpu "$b") sa=$(switches "$a") sb=$(switches "$b")
sleep "$IDLE"
tick=$(getconf CLK_TCK)
echo "match-idle: idle $IDLE s: alice $(( ($(cpu "$a") - ca) * 1000 / tick )) ms CPU," \
    "$(( $(switches "$a") - sa )) wake-ups; bob" \
    "$(( ($(cpu "$b") - cb) * 1000 / tick )) ms CPU, $(( $(switches "$b") - sb ))" \
    "wake-ups"
t0=$(now_ms)
$T send-keys -t "=alice:" e
wait_shown bob "alice's orders are in"
t1=$(now_ms)
$T send-keys -t "=bob:" e
wait_shown alice "The battle after turn 1 "
t2=$(now_ms)
echo "match-idle: sent: alice's e to bob's screen $((t1 - t0)) ms;" \
    "played: bob's e to alice's results $((t2 - t1)) ms"
