#!/bin/sh
# kill-save.sh - a marshal killed with SIGKILL at every I/O step of a save
# loses nothing.  The real binary runs under strace, which kills it just
# before the Nth call of one system call (-e inject=CALL:signal=KILL:
# when=N; the call is not made).  A first run, traced but not killed,
# lists the calls; the script then kills one run before each call that
# touches the save's directory - making it, the lock, the temporary file,
# its writes, the fsync, the rename, the directory's fsync, the lock's
# removal - and one run before each call after the save too.  (A call that
# changes nothing on disk, a read or a stat, leaves the same files as the
# kill before the next call that does, so the list is complete.)  Each
# killed run's own trace must end in the call it was meant to die at.
#
# After each death:
#   - the save loads with marshal check, and its state digest is that of
#     the save before or of the whole new one, never anything else;
#   - session saves: the next marshal sweeps the temporary file, takes the
#     dead one's lock over as stale, offers the save at its turn, resumes
#     it, and saves on a hangup the very state it resumed (same digest).
#
# Kinds (arguments; default: named):
#   named    a save to a file the player names: `marshal replay REC
#            --save OUT`, the save_file of the A key (headless, quick)
#   session  the save slot of `marshal play` in tmux: the slot is opened
#            (directory, lock, sweep), a saved battle offered and a new
#            game chosen instead, then a hangup saves it over the old one
#   ui       the A key itself in the interface, in tmux: a saved file is
#            overwritten by a save as of the same name
# make check runs `named`; make stress runs all three.
#
# Needs strace; exits 77 (skipped) only when it is missing or ptrace is
# forbidden here, saying so.
. "${top_srcdir:-.}/tests/tmux/lib.sh"

KINDS=${*:-named}
WORK=$XDG_DATA_HOME/work
SLOTDIR=$XDG_DATA_HOME/marshal
SCEN=$MARSHAL_DATA/scenarios/default.yaml
CALLS=open,openat,creat,mkdir,mkdirat,write,writev,pwrite64,fsync,fdatasync
CALLS=$CALLS,close,rename,renameat,renameat2,unlink,unlinkat,ftruncate
CALLS=$CALLS,link,linkat
# LeakSanitizer stops the world with ptrace, which strace already holds.
ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
export ASAN_OPTIONS

if ! command -v strace >/dev/null 2>&1; then
	echo "SKIP: strace is not installed (./bootstrap installs it)"
	exit 77
fi
if ! strace -qq -o /dev/null true 2>/dev/null; then
	echo "SKIP: strace cannot trace here (ptrace is forbidden:" \
	    "see /proc/sys/kernel/yama/ptrace_scope or the container's" \
	    "seccomp policy)"
	exit 77
fi

# The sanitizer build's runtime reads /proc/self/maps a number of times
# that depends on where the kernel put its memory, so the Nth call of
# open or close is not the same call from run to run: the traced runs go
# without address randomisation where setarch can turn it off.
NORAND=
if setarch "$(uname -m)" -R true 2>/dev/null; then
	NORAND="setarch $(uname -m) -R"
fi

mkdir -p "$WORK" || fail "cannot make $WORK"

# Sessions come and go: one that stays keeps the tmux server up.
keep_tmux() {
	$T has-session -t keep 2>/dev/null ||
	    $T -f /dev/null new-session -d -s keep "sleep 3600" ||
	    fail "cannot start tmux"
}
points=0

# digest FILE: the state digest marshal check gives a save, or "none".
digest() {
	[ -e "$1" ] || { echo none; return; }
	"$MARSHAL_BIN" check -v "$1" 2>&1 |
	    sed -n 's/.*: ok: .*, state \(0x[0-9a-f]*\)$/\1/p' | grep . ||
	    echo "damaged"
}

# turn_of FILE: the turn marshal check gives a save.
turn_of() {
	"$MARSHAL_BIN" check -v "$1" | sed -n 's/.*, turn \([0-9]*\), .*/\1/p'
}

# points LOG DIR [RE]: "CALL N LINE" for each call of the trace LOG that
# names DIR or a file in it (strace -y names descriptors' files too) or
# matches the extended regular expression RE (names relative to the
# current directory), and each
# mkdir after the first of those (the directory's parents): the call, its
# count among the calls of its name so far, its line.  Temporary names and
# pids are made generic, and so is the current directory (AT_FDCWD).
kill_points() {
	awk -v dir="$2" -v re="${3:-^\$}" '
	/^[a-z_0-9]+\(/ {
		name = $0; sub(/\(.*/, "", name)
		n[name]++
		line = $0
		gsub(/AT_FDCWD<[^>]*>/, "AT_FDCWD", line)
		if (index(line, dir) == 0 && line !~ re &&
		    (!on || name !~ /^mkdir/))
			next
		on = 1
		sub(/ += [^=]*$/, "", line)
		gsub(/\.tmp\.[A-Za-z0-9]+/, ".tmp.X", line)
		gsub(/"[0-9]+\\n"/, "\"PID\\n\"", line)
		print name, n[name], line
	}' "$1"
}

# died_at LOG: the call a killed run's trace ends in, made generic.
died_at() {
	grep -E '^[a-z_0-9]+\(' "$1" | tail -1 | sed -e 's/  *= [^=]*$//' \
	    -e 's/AT_FDCWD<[^>]*>/AT_FDCWD/g' \
	    -e 's/\.tmp\.[A-Za-z0-9]*/.tmp.X/g' -e 's/"[0-9]*\\n"/"PID\\n"/g'
}

# The marshal under strace in the pane: the pane's shell runs strace.
traced_pid() {
	sh_pid=$($T display -p -t $S '#{pane_pid}')
	n=0
	while [ $n -lt 50 ]; do
		for p in $(ps -o pid= --ppid "$sh_pid"); do
			c=$(ps -o pid= --ppid "$p" | head -1 | tr -d ' ')
			if [ -n "$c" ]; then
				echo "$c"
				return 0
			fi
			case $(ps -o comm= -p "$p") in
			strace) ;;
			*) echo "$p"; return 0 ;;
			esac
		done
		sleep 0.1
		n=$((n + 1))
	done
	fail "no marshal process under the pane"
}

# wait_any SECONDS TEXT...: until one of the texts is on the screen;
# SEEN is set to the one seen.
wait_any() {
	n=0 limit=$(($1 * 10))
	shift
	while [ $n -lt $limit ]; do
		s=$(screen)
		for t in "$@"; do
			case $s in
			*"$t"*) SEEN=$t; return 0 ;;
			esac
		done
		sleep 0.1
		n=$((n + 1))
	done
	fail "saw none of: $*"
}

# check_whole FILE OLD NEW WHAT: the save is one of the two states, which
# is left in GOT.
check_whole() {
	GOT=$(digest "$1")
	[ "$GOT" = "$2" ] || [ "$GOT" = "$3" ] ||
		fail "$4: the save holds $GOT, neither the old $2 nor the new $3"
}

# --- named: marshal replay REC --save OUT ---------------------------------
named() {
	out=$WORK/named/battle.save
	mkdir -p "$WORK/named"
	for t in 1 2; do
		printf 'marshal-replay: 1\nturns: %d\nscenario: "%s"\norders: []\n' \
		    "$t" "$SCEN" >"$WORK/r$t.yaml"
	done
	"$MARSHAL_BIN" replay "$WORK/r1.yaml" --save "$out" >/dev/null ||
		fail "replay --save did not save"
	old=$(digest "$out")
	cp "$out" "$WORK/old.save"
	$NORAND strace -qq -y -o "$WORK/count.log" -e trace=$CALLS \
	    "$MARSHAL_BIN" replay "$WORK/r2.yaml" --save "$out" >/dev/null ||
		fail "the traced replay --save failed"
	new=$(digest "$out")
	[ "$old" != "$new" ] || fail "the two saves hold the same state"
	kill_points "$WORK/count.log" "$WORK/named" >"$WORK/points"
	[ -s "$WORK/points" ] || fail "the trace shows no call on the save"
	nold=0 nnew=0 ntmp=0
	while read -r call nth line; do
		cp "$WORK/old.save" "$out"
		rm -f "$WORK"/named/*.tmp.*
		$NORAND strace -qq -y -o "$WORK/kill.log" -e trace=$CALLS \
		    -e inject="$call":signal=KILL:when="$nth" \
		    "$MARSHAL_BIN" replay "$WORK/r2.yaml" --save "$out" \
		    >/dev/null 2>&1
		rc=$?
		[ $rc -eq 137 ] || fail "named: not killed before $line (rc $rc)"
		[ "$(died_at "$WORK/kill.log")" = "$line" ] ||
			fail "named: meant to die at '$line', died at" \
			    "'$(died_at "$WORK/kill.log")'"
		check_whole "$out" "$old" "$new" "named, killed at $line"
		if [ "$GOT" = "$old" ]; then nold=$((nold + 1)); else
			nnew=$((nnew + 1)); fi
		ls "$WORK"/named | grep -q '\.tmp\.' && ntmp=$((ntmp + 1))
		points=$((points + 1))
	done <"$WORK/points"
	[ $nold -gt 0 ] && [ $nnew -gt 0 ] ||
		fail "named: the kills never left both states ($nold old, $nnew new)"
	echo "ok: named save killed at $((nold + nnew)) calls: $nold left the" \
	    "old state, $nnew the new; $ntmp left a temporary file beside it"
}

# --- session: the slot of marshal play -----------------------------------
# play_run plain|traced [STRACE ARGS...]: marshal play --hotseat with the
# slot holding the old battle, traced into run.log or not; a new game is
# chosen and hung up on.  Returns when the program has left.
play_run() {
	$T kill-session -t $S >/dev/null 2>&1
	MARSHAL_ARGS="play --hotseat"
	how=$1
	shift
	if [ "$how" = traced ]; then
		start 80 24 LANG=C.UTF-8 "strace -qq -y -o '$WORK/run.log'" \
		    "-e trace=$CALLS $*"
	else
		start 80 24 LANG=C.UTF-8
	fi
	wait_any 20 "A saved battle" "EXITED"
	[ "$SEEN" = EXITED ] && return 0
	keys n Enter
	wait_any 20 "The sides" "EXITED"
	[ "$SEEN" = EXITED ] && return 0
	kill -HUP "$(traced_pid)" 2>/dev/null
	wait_for "EXITED" 20
}

# resume_check TURN DIGEST WHAT: the next marshal offers the save at TURN,
# resumes it and, hung up at once, saves the same state; the lock is gone
# and no temporary file is left.
resume_check() {
	$T kill-session -t $S >/dev/null 2>&1
	MARSHAL_ARGS="play --hotseat"
	start 80 24 LANG=C.UTF-8
	wait_for "A saved battle" 20
	wait_for "turn $1." 5
	keys r Enter
	wait_for "The sides" 20
	kill -HUP "$(traced_pid)" || fail "$3: cannot signal marshal"
	wait_for "EXITED rc=0" 20
	[ "$(digest "$SLOTDIR/default.save")" = "$2" ] ||
		fail "$3: resumed and saved $(digest "$SLOTDIR/default.save")," \
		    "not the state it offered, $2"
	[ ! -e "$SLOTDIR/default.lock" ] || fail "$3: the lock stayed"
	ls "$SLOTDIR" | grep -q '\.tmp\.' &&
		fail "$3: a temporary file survived the next start"
	return 0
}

session() {
	keep_tmux
	printf 'marshal-replay: 1\nturns: 2\nscenario: "%s"\norders: []\n' \
	    "$SCEN" >"$WORK/r2.yaml"
	rm -rf "$SLOTDIR"
	"$MARSHAL_BIN" replay "$WORK/r2.yaml" --save "$WORK/old.save" \
	    >/dev/null || fail "replay --save did not save"
	old=$(digest "$WORK/old.save")
	oldturn=$(turn_of "$WORK/old.save")
	mkdir -p "$SLOTDIR"
	cp "$WORK/old.save" "$SLOTDIR/default.save"
	play_run plain
	wait_for "EXITED rc=0"
	new=$(digest "$SLOTDIR/default.save")
	[ "$old" != "$new" ] && [ "$new" != none ] ||
		fail "session: the new game saved $new over $old"
	# Twice traced, the calls must agree (the terminal output is part of
	# the count of writes).
	for i in 1 2; do
		rm -rf "$SLOTDIR"
		mkdir -p "$SLOTDIR"
		cp "$WORK/old.save" "$SLOTDIR/default.save"
		play_run traced
		wait_for "EXITED rc=0"
		kill_points "$WORK/run.log" "$SLOTDIR" >"$WORK/points$i"
	done
	cmp -s "$WORK/points1" "$WORK/points2" ||
		fail "session: two traced runs made different calls:" \
		    "$(diff "$WORK/points1" "$WORK/points2" | head -5)"
	nold=0 nnew=0 nlock=0 ntmp=0
	while read -r call nth line; do
		rm -rf "$SLOTDIR"
		mkdir -p "$SLOTDIR"
		cp "$WORK/old.save" "$SLOTDIR/default.save"
		play_run traced -e inject="$call":signal=KILL:when="$nth"
		wait_for "EXITED rc=137" 5
		[ "$(died_at "$WORK/run.log")" = "$line" ] ||
			fail "session: meant to die at '$line', died at" \
			    "'$(died_at "$WORK/run.log")'"
		check_whole "$SLOTDIR/default.save" "$old" "$new" \
		    "session, killed at $line"
		[ -e "$SLOTDIR/default.lock" ] && nlock=$((nlock + 1))
		ls "$SLOTDIR" | grep -q '\.tmp\.' && ntmp=$((ntmp + 1))
		if [ "$GOT" = "$old" ]; then
			nold=$((nold + 1))
			resume_check "$oldturn" "$old" "killed at $line"
		else
			nnew=$((nnew + 1))
			resume_check 1 "$new" "killed at $line"
		fi
		points=$((points + 1))
	done <"$WORK/points1"
	[ $nold -gt 0 ] && [ $nnew -gt 0 ] ||
		fail "session: the kills never left both states"
	echo "ok: session save killed at $((nold + nnew)) calls: $nold left" \
	    "the old state, $nnew the new; $nlock stale locks taken over," \
	    "$ntmp temporary files swept; each resumed to its state"
}

# --- ui: the A key ---------------------------------------------------------
# ui_run plain|traced [STRACE ARGS...]: a new game in marshal play
# --hotseat; A saves as b.save in the current directory (typed a key at
# a time, each seen on the screen, so that the terminal output is the same
# from run to run).  Returns when it is saved or the program has left.
ui_run() {
	$T kill-session -t $S >/dev/null 2>&1
	MARSHAL_ARGS="play --hotseat"
	how=$1
	shift
	rm -rf "$SLOTDIR"
	if [ "$how" = traced ]; then
		start 80 24 LANG=C.UTF-8 "strace -qq -y -o '$WORK/run.log'" \
		    "-e trace=$CALLS $*"
	else
		start 80 24 LANG=C.UTF-8
	fi
	wait_for "The sides" 20
	keys Escape
	wait_for "Hand the keyboard over" 20
	keys Enter
	wait_gone "Hand the keyboard over" 20
	keys A
	wait_for "Save as:" 20
	typed=
	for c in b . s a v e; do
		typed=$typed$c
		keys -l "$c"
		wait_for "Save as: $typed" 20
	done
	keys Enter
	wait_any 20 "saved in b.save" "EXITED"
	[ "$SEEN" = EXITED ] && return 0
	keys q
	wait_for "Quit marshal?" 20
	keys y
	wait_for "EXITED rc=0" 20
}

ui() {
	keep_tmux
	mkdir -p "$WORK/ui"
	# Names typed at the prompt are taken from the current directory.
	cd "$WORK/ui" || fail "cannot enter $WORK/ui"
	out=$WORK/ui/b.save
	printf 'marshal-replay: 1\nturns: 2\nscenario: "%s"\norders: []\n' \
	    "$SCEN" >"$WORK/r2.yaml"
	"$MARSHAL_BIN" replay "$WORK/r2.yaml" --save "$WORK/old.save" \
	    >/dev/null || fail "replay --save did not save"
	old=$(digest "$WORK/old.save")
	cp "$WORK/old.save" "$out"
	ui_run plain
	new=$(digest "$out")
	[ "$old" != "$new" ] && [ "$new" != none ] ||
		fail "ui: A saved $new over $old"
	for i in 1 2; do
		cp "$WORK/old.save" "$out"
		ui_run traced
		kill_points "$WORK/run.log" "$WORK/ui" \
		    '(AT_FDCWD, "|rename\(")(b\.save|\.")' \
		    >"$WORK/points$i"
		[ -n "$KILL_SAVE_DEBUG" ] && cp "$WORK/run.log" /tmp/kui-run$i.log
	done
	cmp -s "$WORK/points1" "$WORK/points2" ||
		fail "ui: two traced runs made different calls:" \
		    "$(diff "$WORK/points1" "$WORK/points2" | head -5)"
	nold=0 nnew=0 ntmp=0
	while read -r call nth line; do
		rm -f "$WORK"/ui/*.tmp.*
		cp "$WORK/old.save" "$out"
		ui_run traced -e inject="$call":signal=KILL:when="$nth"
		[ -n "$KILL_SAVE_DEBUG" ] && cp "$WORK/run.log" /tmp/kui-kill.log
		wait_for "EXITED rc=137" 5
		[ "$(died_at "$WORK/run.log")" = "$line" ] ||
			fail "ui: meant to die at '$line', died at" \
			    "'$(died_at "$WORK/run.log")'"
		check_whole "$out" "$old" "$new" "ui, killed at $line"
		if [ "$GOT" = "$old" ]; then nold=$((nold + 1)); else
			nnew=$((nnew + 1)); fi
		ls "$WORK"/ui | grep -q '\.tmp\.' && ntmp=$((ntmp + 1))
		# It plays on from the file as it is.
		$T kill-session -t $S >/dev/null 2>&1
		rm -rf "$SLOTDIR"
		MARSHAL_ARGS="play --hotseat $out"
		start 80 24 LANG=C.UTF-8
		wait_for "The sides" 20
		kill -HUP "$(traced_pid)" || fail "ui: cannot signal marshal"
		wait_for "EXITED rc=0" 20
		[ "$(digest "$SLOTDIR/default.save")" = "$GOT" ] ||
			fail "ui, killed at $line: playing on from the file" \
			    "did not keep its state"
		points=$((points + 1))
	done <"$WORK/points1"
	cd "$XDG_DATA_HOME" || fail "cannot leave $WORK/ui"
	[ $nold -gt 0 ] && [ $nnew -gt 0 ] ||
		fail "ui: the kills never left both states"
	echo "ok: save as (A) killed at $((nold + nnew)) calls: $nold left" \
	    "the old state, $nnew the new; $ntmp left a temporary file" \
	    "beside it; each played on from the file"
}

for k in $KINDS; do
	case $k in
	named|session|ui) $k ;;
	*) fail "unknown kind '$k'" ;;
	esac
done
echo "ok: $points kill points, nothing lost"
