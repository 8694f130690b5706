#!/bin/sh
# hangup-random.sh - hangups at random moments of a scripted game on a
# large generated battle (make stress).
#
#   HANGUP_SCENARIO  the battle (make stress writes one with bench-move -o)
#   HANGUPS          how many hangups (default 20)
#   HANGUP_SEED      the seed of the delays (default 1; the same seed gives
#                    the same delays, not the same moments: the machine's
#                    speed decides what marshal is doing when they come)
#
# The player ends each turn at once (e) against the computer, which thinks
# and the turn is played; a SIGHUP comes after a random delay of up to
# 1.5 s from the last key, so it lands on the map, in the computer's
# thinking, in the turn's resolution or in the autosave.  After each: the
# marshal leaves with status 0, no lock and no temporary file are left,
# and the save loads (marshal check).  The next marshal must offer that
# save at its turn, resume it, and S must save the very state it resumed
# (the same digest); then play goes on.  A battle that ends leaves no save
# and a new one begins.
. "${top_srcdir:-.}/tests/tmux/lib.sh"

: "${HANGUP_SCENARIO:?HANGUP_SCENARIO is not set (a scenario file)}"
HANGUPS=${HANGUPS:-20}
HANGUP_SEED=${HANGUP_SEED:-1}
SLOT=$XDG_DATA_HOME/marshal
NAME=$(basename "$HANGUP_SCENARIO" .yaml)
SAVE=$SLOT/$NAME.save
LOCK=$SLOT/$NAME.lock
MARSHAL_ARGS="play $HANGUP_SCENARIO"

digest() {
	"$MARSHAL_BIN" check -v "$1" 2>&1 |
	    sed -n 's/.*: ok: .*, state \(0x[0-9a-f]*\)$/\1/p' | grep . ||
	    echo "damaged"
}

turn_of() {
	"$MARSHAL_BIN" check -v "$1" | sed -n 's/.*, turn \([0-9]*\), .*/\1/p'
}

# The delays, in tenths of a second, from the seed.
DELAYS=$(awk -v n="$HANGUPS" -v s="$HANGUP_SEED" 'BEGIN {
	srand(s); for (i = 0; i < n; i++) printf "%d ", int(rand() * 16) }')

$T -f /dev/null new-session -d -s keep "sleep 600" || fail "cannot start tmux"
i=0 resumed=0 ended=0
for d in $DELAYS; do
	i=$((i + 1))
	start 100 30 LANG=C.UTF-8
	if [ -e "$SAVE" ]; then
		want=$(digest "$SAVE")
		turn=$(turn_of "$SAVE")
		wait_for "A saved battle" 30
		wait_for "turn $turn." 5
		keys r
		wait_for "Turn $turn/" 30
		keys S
		wait_for "Turn $turn saved in" 30
		[ "$(digest "$SAVE")" = "$want" ] ||
			fail "hangup $i: resumed $want, saved $(digest "$SAVE")"
		resumed=$((resumed + 1))
	else
		wait_for "Turn 1/" 30
	fi
	# Each turn ended at once; the hangup after d tenths of a second.
	keys e
	sleep "$((d / 10)).$((d % 10))"
	kill -HUP "$(marshal_pid)" || fail "hangup $i: cannot signal marshal"
	expect_restored 0
	[ ! -e "$LOCK" ] || fail "hangup $i: the lock stayed"
	ls "$SLOT" | grep -q '\.tmp\.' && fail "hangup $i: a temporary file stayed"
	if [ -e "$SAVE" ]; then
		[ "$(digest "$SAVE")" != damaged ] ||
			fail "hangup $i: the save does not load"
	else
		ended=$((ended + 1))
	fi
	$T kill-session -t $S
done
echo "ok: $HANGUPS hangups at random moments of $NAME (seed $HANGUP_SEED):" \
    "$resumed resumed to the state saved, $ended battles ended"
