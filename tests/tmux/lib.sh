# lib.sh - helpers for the tmux end-to-end tests (sourced, not run).
#
# Each test runs the real marshal in a detached tmux session of a fixed
# size on a private server, types keys with send-keys and reads the screen
# with capture-pane, as a person would see it.  Waits poll the screen with
# a time limit instead of sleeping a fixed time.

: "${MARSHAL_BIN:?MARSHAL_BIN is not set}"
: "${MARSHAL_DATA:?MARSHAL_DATA is not set}"

if ! command -v tmux >/dev/null 2>&1; then
	echo "tmux not installed: skipping"
	exit 77
fi

T="tmux -L marshal-test-$$"
S=marshal
SCREEN_FILE=${TMPDIR:-/tmp}/marshal-tmux-$$.txt
# Saves go to a directory of this test's own, never the tester's.
XDG_DATA_HOME=$(mktemp -d "${TMPDIR:-/tmp}/marshal-xdg.XXXXXX") ||
	exit 99
export XDG_DATA_HOME
# Options too: never the tester's own keys.
XDG_CONFIG_HOME=$(mktemp -d "${TMPDIR:-/tmp}/marshal-cfg.XXXXXX") ||
	exit 99
export XDG_CONFIG_HOME

cleanup() {
	$T kill-server >/dev/null 2>&1
	rm -f "$SCREEN_FILE"
	rm -rf "$XDG_DATA_HOME" "$XDG_CONFIG_HOME"
}
trap cleanup EXIT INT TERM

fail() {
	echo "FAIL: $*"
	echo "---- screen ----"
	$T capture-pane -p -t $S 2>/dev/null
	echo "----------------"
	exit 1
}

# start W H ENV... -- run marshal (with its arguments in MARSHAL_ARGS) in a
# session W x H; when it exits the pane prints its status and the terminal
# modes, then waits so the test can read them.  The status line starts
# with a carriage return: after a marshal killed in raw mode a newline no
# longer returns to the first column, and the shell's "Killed" message
# (as long as the command line, paths included) would push the status
# line across the screen's edge, where a test cannot find it whole.
start() {
	w=$1 h=$2
	shift 2
	$T -f /dev/null new-session -d -s $S -x "$w" -y "$h" \
	    "env MARSHAL_DATA='$MARSHAL_DATA' XDG_DATA_HOME='$XDG_DATA_HOME' \
	    XDG_CONFIG_HOME='$XDG_CONFIG_HOME' $* '$MARSHAL_BIN' $MARSHAL_ARGS; \
	    printf '\\r\\nEXITED rc=%s\\r\\n' \"\$?\"; \
	    stty -a | tr ' ;' '\n\n' | \
	    grep -E '^-?(icanon|echo)\$' | tr '\n' ' '; echo; sleep 60" ||
	    fail "cannot start tmux"
}

screen() {
	$T capture-pane -p -t $S
}

# wait_for TEXT [SECONDS]: until TEXT is on the screen.
wait_for() {
	n=0 limit=$(( ${2:-10} * 10 ))
	while [ $n -lt $limit ]; do
		if screen | grep -qF -- "$1"; then
			return 0
		fi
		sleep 0.1
		n=$((n + 1))
	done
	fail "did not see '$1'"
}

# wait_gone TEXT [SECONDS]: until TEXT has left the screen.
wait_gone() {
	n=0 limit=$(( ${2:-10} * 10 ))
	while [ $n -lt $limit ]; do
		if ! screen | grep -qF -- "$1"; then
			return 0
		fi
		sleep 0.1
		n=$((n + 1))
	done
	fail "'$1' stayed on the screen"
}

# wait_file PATH [SECONDS]: until PATH exists and is not empty (a save
# written after the screen that announces it may already be drawn).
wait_file() {
	n=0 limit=$(( ${2:-10} * 10 ))
	while [ $n -lt $limit ]; do
		[ -s "$1" ] && return 0
		sleep 0.1
		n=$((n + 1))
	done
	return 1
}

# expect_re REGEX: the screen matches an extended regular expression now.
expect_re() {
	screen | grep -qE -- "$1" || fail "no match for /$1/"
}

# The marshal process in the pane (the pane runs a shell around it).
marshal_pid() {
	sh_pid=$($T display -p -t $S '#{pane_pid}')
	n=0
	while [ $n -lt 50 ]; do
		pid=$(ps -o pid= --ppid "$sh_pid" | head -1 | tr -d ' ')
		if [ -n "$pid" ]; then
			echo "$pid"
			return 0
		fi
		sleep 0.1
		n=$((n + 1))
	done
	fail "no marshal process under the pane"
}

# Wait until process $1 is gone (killed by the test): read from the process
# table, not the screen, where the shell's "Killed" line lands wherever
# curses left the cursor and may wrap "EXITED rc=137" with the path length.
wait_dead() {
	n=0
	while kill -0 "$1" 2>/dev/null && [ $n -lt 100 ]; do
		sleep 0.1
		n=$((n + 1))
	done
	kill -0 "$1" 2>/dev/null && fail "process $1 did not die"
	return 0
}

# The default battle cut to one turn, played hot-seat: MARSHAL_ARGS set.
one_turn_battle() {
	sed "s|\.\./|$MARSHAL_DATA/|; s/^turns: .*/turns: 1/" \
	    "$MARSHAL_DATA/scenarios/default.yaml" >"$XDG_DATA_HOME/short.yaml"
	MARSHAL_ARGS="play --hotseat $XDG_DATA_HOME/short.yaml"
}

# From the briefing of a hot-seat battle, both sides end their orders at
# once: the first turn is played.
hotseat_first_turn() {
	wait_for "The sides"
	keys Escape
	wait_for "Hand the keyboard over"
	keys Enter e
	wait_for "Hand the keyboard over"
	keys Enter e
}

# skip_summary N: the battle at a glance after turn N is shown; Escape
# skips it.
skip_summary() {
	wait_for "The battle after turn $1 "
	keys Escape
	wait_gone "The battle after turn $1 "
}

keys() {
	$T send-keys -t $S "$@"
}

# The program has left and put the terminal back (canonical mode, echo).
expect_restored() {
	wait_for "EXITED rc=$1"
	wait_for "icanon echo"
}
