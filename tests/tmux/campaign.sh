#!/bin/sh
# campaign.sh - a whole battle played by keys, as a person with a plan
# (issue 13): the default battle, the French against the computer at its
# normal level, a fixed seed (play --seed), nothing but the keys a player
# presses (no waypoints), and the result read off the final screen.
#
# The plan: keep out of the Allied guns' reach while our foot battery
# wears down the village garrison (stop the two battalions the scenario
# sends forward on turn 1), then on turn 9, the last turn but one, send
# three units at once to the south end of the bridge: II/27e Ligne onto
# it (2 cells south of the objective), I/27e Ligne beside it to the west
# and the I/12e Leger skirmishers to the east; together they hold it
# (3.10.2: a formed unit within 1 BD, no enemy formed unit there).
# Units are chosen by name with Tab and destinations by the objective key
# o, so the plan does not hang on where the scenario puts each unit.
# Measured: the French win 5-2 (the bridge against Galgenberg) in seeds
# 2, 3 and 1813; 14 keys on turn 1, 62 in all (with the day 10 turns
# long; at 12 turns they went on turn 11 and won 3-2 when the bridge was
# worth 3, 66 keys; sent on turn 10 they won in seeds 2 and 3 but lost
# 0-2 in 1813; sent on turn 9, lost in 1813).
# (The old plan, II/27e and I/12e alone on turn 9 a little west of the
# bridge, lost 0-2 in all three seeds: they held nothing.)
#
# It counts the keys sent, turn by turn (a turn's keys run from its first
# order to closing its summary) and in all.  The test passes when every
# battle is played through by keys within the key targets; it prints each
# result, and needs a French win or draw in at least one of the seeds
# (CAMPAIGN_NEED_RESULT=0 lets it pass without one, to try other plans).
# With --bench it prints the key counts beside their targets instead
# (make bench), and fails only if the battle cannot be played through.
. "${top_srcdir:-.}/tests/tmux/lib.sh"

BENCH=false
[ "${1:-}" = --bench ] && BENCH=true
SEEDS=${CAMPAIGN_SEEDS:-2 3 1813}
TURNS=10
TARGET_TURN1=30
TARGET_ALL=150

ALL=0	# keys of this battle
TURN=0	# keys of this turn

# press KEY...: send keys a player presses, and count them.
press() {
	keys "$@"
	ALL=$((ALL + $#))
	TURN=$((TURN + $#))
}

# The panel's first line (the selected unit's name) and the message line.
panel() {
	screen | sed -n 2p | sed 's/^[^│]*│ //'
}
message() {
	screen | tail -1
}

# wait_change OLD WHAT: until WHAT (panel or message) differs from OLD.
wait_change() {
	n=0
	while [ $n -lt 200 ]; do
		[ "$($2)" != "$1" ] && return 0
		sleep 0.1
		n=$((n + 1))
	done
	fail "the $2 stayed '$1'"
}

# select_unit NAME: Tab through the side's units until NAME is selected.
select_unit() {
	i=0
	while ! case $(panel) in "$1"*) true ;; *) false ;; esac; do
		[ $i -lt 12 ] || fail "Tab never selected $1"
		old=$(panel)
		press Tab
		wait_change "$old" panel
		i=$((i + 1))
	done
}

stop_unit() {
	select_unit "$1"
	press s
	wait_for "stop order given"
}

# The cursor's cell in the Move preview: "X Y".
move_cell() {
	screen | sed -n 's/.*Move to \[\([0-9]*\), \([0-9]*\)\].*/\1 \2/p' |
	    head -1
}

# move_near UNIT OBJECTIVE DX DY: a Move order for UNIT to DX, DY cells
# from OBJECTIVE: m, o until the message names it, the cursor keys (the
# cheapest route: no waypoints), Enter.
move_near() {
	select_unit "$1"
	press m
	wait_for "put the cursor on the destination"
	i=0
	until message | grep -qF -- ": $2, "; do
		[ $i -lt 4 ] || fail "o never reached $2"
		old=$(message)
		press o
		wait_change "$old" message
		i=$((i + 1))
	done
	set -- "$1" "$2" "$3" "$4" $(move_cell)
	want="[$(($5 + $3)), $(($6 + $4))]"
	dx=$3 dy=$4
	while [ $dx -ne 0 ] || [ $dy -ne 0 ]; do
		k=
		[ $dy -lt 0 ] && k=k && dy=$((dy + 1))
		[ $dy -gt 0 ] && k=j && dy=$((dy - 1))
		if [ $dx -lt 0 ]; then
			case $k in k) k=y ;; j) k=b ;; *) k=h ;; esac
			dx=$((dx + 1))
		elif [ $dx -gt 0 ]; then
			case $k in k) k=u ;; j) k=n ;; *) k=l ;; esac
			dx=$((dx - 1))
		fi
		press $k
	done
	wait_for "Move to $want"
	press Enter
	wait_for "move order given"
}

# The orders of each turn.
orders() {
	case $1 in
	1)
		# The scenario marches these two into the guns' reach.
		stop_unit "II/27e Ligne"
		stop_unit "III/59e Ligne"
		;;
	${CAMPAIGN_LATE:-9})
		# On the last turn but one: three units at once to the south
		# end of the bridge, a line battalion on it; they arrive when
		# the Allies have no time left to shoot them off it.
		move_near "II/27e Ligne" "Rothenbach bridge" 0 2
		move_near "I/12e" "Rothenbach bridge" 2 3
		move_near "I/27e Ligne" "Rothenbach bridge" -2 3
		;;
	esac
}

# battle SEED: play the whole battle; RESULT is win, draw or loss.
battle() {
	$T kill-server >/dev/null 2>&1
	rm -rf "$XDG_DATA_HOME"/* 2>/dev/null
	ALL=0
	PER=
	MARSHAL_ARGS="play --seed $1 default"
	start 100 32 LANG=C.UTF-8
	wait_for "The sides"
	TURN=0
	press Escape
	if [ "$1" = "$first" ]; then
		# The seed given is the game's (the save says it; the first
		# seed is not the scenario's own); these keys are not counted.
		wait_for "French to give orders"
		keys S
		wait_for "saved in"
		save=$(find "$XDG_DATA_HOME" -name '*.save' | head -1)
		want=$(printf '0x%016x' "$1")
		grep -q "^seed: \"$want\"" "$save" ||
			fail "the save's seed is not $want: $(grep seed "$save")"
	fi
	t=1
	while [ $t -le $TURNS ]; do
		wait_for "Turn $t/$TURNS command | French to give orders" 30
		orders $t
		press e
		n=0
		until screen | grep -qE "The battle after turn $t |The battle is over"; do
			[ $n -lt 600 ] || fail "turn $t never ended"
			sleep 0.1
			n=$((n + 1))
		done
		if screen | grep -qF "The battle after turn $t "; then
			press Escape
			wait_gone "The battle after turn $t "
		fi
		PER="$PER $TURN"
		[ $t -eq 1 ] && TURN1=$TURN
		TURN=0
		screen | grep -qF "The battle is over" && break
		t=$((t + 1))
	done
	wait_for "The battle is over"
	[ -n "${CAMPAIGN_DEBUG:-}" ] && screen >&2
	line=$(screen | grep -oE "3\.10\.[12]\*: [^│]*(win|draw)[^│]*" | head -1 |
	    sed 's/ *$//')
	case $line in
	*"French win"*) RESULT=win ;;
	*draw*) RESULT=draw ;;
	*"Allies win"*) RESULT=loss ;;
	*) fail "no result on the final screen" ;;
	esac
	keys q
	wait_for "Quit"
	keys y
	expect_restored 0
}

first=${SEEDS%% *}
good=
for seed in $SEEDS; do
	battle "$seed"
	echo "seed $seed: $RESULT ($line); keys per turn:$PER; in all $ALL"
	case $RESULT in win|draw) good="$good $seed" ;; esac
done

if $BENCH; then
	echo "campaign keys, turn 1: $TURN1 (target < $TARGET_TURN1)"
	echo "campaign keys, whole battle: $ALL (target < $TARGET_ALL)"
	echo "campaign French win or draw in seeds:${good:- none}"
	exit 0
fi
# A plan that wins or draws in none of the seeds fails the test.
if [ -z "$good" ]; then
	if [ "${CAMPAIGN_NEED_RESULT:-1}" = 1 ]; then
		fail "the French neither won nor drew in seeds $SEEDS"
	fi
	echo "NOTE: the French neither won nor drew in seeds $SEEDS"
fi
[ "$TURN1" -lt $TARGET_TURN1 ] ||
	fail "turn 1 took $TURN1 keys, not under $TARGET_TURN1"
[ "$ALL" -lt $TARGET_ALL ] ||
	fail "the battle took $ALL keys, not under $TARGET_ALL"
echo "ok: the battle played through by keys (win or draw in seeds:${good:- none})"
