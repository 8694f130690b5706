#!/bin/sh
# kill-loop.sh - KILLS random SIGKILLs (default 10; make stress runs 1000)
# across play, the game-over screen and saves (issue 14).  A battle of
# two turns (the default one, cut short) is played in hot-seat at a
# terminal: the next marshal resumes whatever was saved (a finished
# battle shows its result and is quit, which forgets it), the keys end
# both turns, and marshal is killed with SIGKILL at a random moment of
# that script.  After every kill:
#   - if a save is there it loads (marshal check), its turn is a legal
#     one (1 to the last turn + 1), and a save past the last turn records
#     the battle's result;
#   - the lock it left locks nobody out: the next marshal starts.
# The moments are drawn from KILL_SEED (default 1) so a failure can be
# run again; at the end the saves seen are counted by turn, to show that
# the kills landed in play, at the end and between.
. "${top_srcdir:-.}/tests/tmux/lib.sh"

KILLS=${KILLS:-10}
KILL_SEED=${KILL_SEED:-1}
SLOT=$XDG_DATA_HOME/marshal
SAVE=$SLOT/short.save
SCEN=$XDG_DATA_HOME/short.yaml
LAST=2

sed "s|\.\./|$MARSHAL_DATA/|; s/^turns: .*/turns: $LAST/" \
    "$MARSHAL_DATA/scenarios/default.yaml" >"$SCEN"
MARSHAL_ARGS="play --hotseat $SCEN"
$T -f /dev/null new-session -d -s keep "sleep 3600" || fail "cannot start tmux"

# The moments, in milliseconds after the start: 0 to 900.
awk -v n="$KILLS" -v s="$KILL_SEED" 'BEGIN { srand(s);
    for (i = 0; i < n; i++) printf "%d\n", rand() * 900 }' \
    >"$XDG_DATA_HOME/moments"

none=0 over=0 finished=0 played=0 i=0
while read -r ms; do
	i=$((i + 1))
	$T kill-session -t $S >/dev/null 2>&1
	start 80 24 LANG=C.UTF-8
	pid=$(marshal_pid)
	# SIGKILL at the moment drawn, while the keys below go in.
	(sleep "$(awk -v m="$ms" 'BEGIN { printf "%.3f", m / 1000 }')"
	    kill -KILL "$pid" 2>/dev/null) &
	killer=$!
	for k in "r Enter" Escape "Enter e" "Enter e" Escape "Enter e" \
	    "Enter e" q y; do
		# shellcheck disable=SC2086
		keys $k 2>/dev/null
		sleep 0.08
	done
	wait "$killer"
	screen | grep -q "being played in another session" &&
		fail "kill $i: the lock of a killed marshal locked the next out"
	wait_dead "$pid"
	if [ ! -e "$SAVE" ]; then
		none=$((none + 1))
		continue
	fi
	out=$("$MARSHAL_BIN" check -v "$SAVE" 2>&1) ||
		fail "kill $i (at ${ms} ms): the save does not load: $out"
	turn=$(printf '%s\n' "$out" | sed -n 's/.*, turn \([0-9]*\), .*/\1/p')
	[ -n "$turn" ] || fail "kill $i: no turn in: $out"
	[ "$turn" -ge 1 ] && [ "$turn" -le $((LAST + 1)) ] ||
		fail "kill $i (at ${ms} ms): the save is at turn $turn of $LAST"
	if [ "$turn" -eq $((LAST + 1)) ]; then
		grep -q '^result: ' "$SAVE" ||
			fail "kill $i: a save past the last turn without a result"
		finished=$((finished + 1))
	else
		played=$((played + 1))
	fi
done <"$XDG_DATA_HOME/moments"
over=$(grep -c . "$XDG_DATA_HOME/moments")
echo "ok: $over SIGKILLs: $played left a battle in play, $finished a" \
    "finished one, $none no save; every save loaded at a legal turn"
