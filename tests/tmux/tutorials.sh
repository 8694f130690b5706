#!/bin/sh
# tutorials.sh - tutorials 1 and 3 to 10 played through by keys at 80x24
# with the real binary, one fresh session each: every step of a lesson
# must be reported done ("Step k of n done") and the lesson must end with
# "Tutorial complete.".  The orders are those tests/test-tutorial.c gives
# through game_order(), typed as a player would type them.  (Tutorial 2
# has a script of its own, tutorial.sh.)  TUTORIALS="03 07" plays only
# those lessons, to look at one that fails.
. "${top_srcdir:-.}/tests/tmux/lib.sh"

# wait_re REGEX [SECONDS]: until the screen matches an extended regex.
wait_re() {
	n=0 limit=$(( ${2:-10} * 10 ))
	while [ $n -lt $limit ]; do
		if screen | grep -qE -- "$1"; then
			return 0
		fi
		sleep 0.1
		n=$((n + 1))
	done
	fail "did not see /$1/"
}

# lesson FILE STEPS: a fresh session on tutorial FILE; the briefing is
# closed and the panel shows step 1 of STEPS.  Each lesson has a tmux
# server of its own (a new one on the old socket may race the old one's
# exit); the one before is ended here, the last by lib.sh's cleanup.
LESSON=0
lesson() {
	$T kill-server >/dev/null 2>&1
	LESSON=$((LESSON + 1))
	T="tmux -L marshal-test-$$-$LESSON"
	MARSHAL_ARGS="play $MARSHAL_DATA/scenarios/$1"
	NSTEPS=$2
	TURN=1
	start 80 24 LANG=C.UTF-8
	wait_for "Step 1 of $NSTEPS:"
	keys Escape
	wait_for "Step 1/$NSTEPS:"
}

# end_turn [N]: end the turn N times (default 1).  The opponent is
# "none", so e plays the turn at once.  Each turn is awaited: the status
# line shows the next turn, or a page tells of a step done (then the
# remaining e keys fall on the page and do nothing).
end_turn() {
	k=${1:-1}
	while [ "$k" -gt 0 ]; do
		TURN=$((TURN + 1))
		keys e
		wait_re " Turn $TURN[/ ]|Step [0-9]+ of $NSTEPS done"
		k=$((k - 1))
	done
}

# done_step K: step K is reported done on a page; close it and see the
# next step in the panel (or, after the last, the end of the lesson).
done_step() {
	wait_for "Step $1 of $NSTEPS done"
	if [ "$1" -eq "$NSTEPS" ]; then
		wait_for "The tutorial is complete"
		keys Escape
		wait_for "Tutorial complete."
		return
	fi
	keys Escape
	wait_gone "Step $1 of $NSTEPS done"
	wait_for "Step $(($1 + 1))/$NSTEPS:"
}

# select_unit K: select the K-th unit of the player's side (Tab from no
# selection picks the first).
select_unit() {
	keys Escape
	k=$1
	while [ "$k" -gt 0 ]; do
		keys Tab
		k=$((k - 1))
	done
}

# cursor: the Move cursor's cell "X Y", from the panel's "Move to [X, Y]"
# (not the unit's "Order: Move to" line).  When the panel is too long for
# 24 lines and that line is cut off, the cursor is where Tab put it: on
# the unit, "Facing D at [X, Y]" (the unit has no Move order to start
# the cursor at its end).
cursor() {
	screen >"$SCREEN_FILE"
	at=$(sed -n 's/.*│ Move to \[\([0-9]*\), \([0-9]*\)\].*/\1 \2/p' \
	    "$SCREEN_FILE" | head -n 1)
	if [ -z "$at" ] && ! grep -q "Order: Move to" "$SCREEN_FILE"; then
		at=$(sed -n 's/.*Facing [A-Z]* at \[\([0-9]*\), \([0-9]*\)\].*/\1 \2/p' \
		    "$SCREEN_FILE" | head -n 1)
	fi
	[ -n "$at" ] || fail "cannot tell where the cursor is"
	echo "$at"
}

# step_keys D PLUS1 MINUS1 PLUS8 MINUS8: the keys for D cells along one
# axis, eight at a time with the capitals.
step_keys() {
	d=$1 out=
	while [ "$d" -ge 8 ]; do out="$out $4"; d=$((d - 8)); done
	while [ "$d" -le -8 ]; do out="$out $5"; d=$((d + 8)); done
	while [ "$d" -gt 0 ]; do out="$out $2"; d=$((d - 1)); done
	while [ "$d" -lt 0 ]; do out="$out $3"; d=$((d + 1)); done
	echo "$out"
}

# move_to K NAME X Y: a Move order for the K-th unit (NAME) to [X, Y].
move_to() {
	select_unit "$1"
	keys m
	wait_for "Move $2: put the cursor"
	wait_re "│ Move to \[[0-9]+, [0-9]+\]|Facing [A-Z]+ at \["
	set -- "$@" $(cursor)
	keys $(step_keys $(($3 - $5)) l h L H) $(step_keys $(($4 - $6)) j k J K)
	if screen | grep -q "│ Move to \["; then
		wait_for "│ Move to [$3, $4]"
	fi
	# What the preview must say before the order is given, if anything.
	if [ -n "${PREVIEW:-}" ]; then
		wait_for "$PREVIEW"
		PREVIEW=
	fi
	keys Enter
	wait_re "move order given|Step [0-9]+ of $NSTEPS done"
}

# move_via K NAME WX WY X Y: as move_to, by a waypoint at [WX, WY]: the
# order marches straight through it rather than the route marshal offers.
move_via() {
	select_unit "$1"
	keys m
	wait_for "Move $2: put the cursor"
	wait_re "│ Move to \[[0-9]+, [0-9]+\]|Facing [A-Z]+ at \["
	set -- "$@" $(cursor)
	keys $(step_keys $(($3 - $7)) l h L H) $(step_keys $(($4 - $8)) j k J K)
	wait_for "│ Move to [$3, $4]"
	keys w
	wait_for "Waypoint 1 at [$3, $4]"
	keys $(step_keys $(($5 - $3)) l h L H) $(step_keys $(($6 - $4)) j k J K)
	wait_for "│ Move to [$5, $6]"
	keys Enter
	wait_re "move order given|Step [0-9]+ of $NSTEPS done"
}

# form K NAME N: a Formation order for the K-th unit (NAME): item N of
# its menu.  (The menu's title may cut the name short.)
form() {
	select_unit "$1"
	keys f
	wait_for "Formation for $(echo "$2" | cut -c1-8)"
	keys "$3"
	wait_re "formation order given|Step [0-9]+ of $NSTEPS done"
}

finish() {
	keys q y
	expect_restored 0
	echo "ok: $1 completed by keys"
}

tutorial_01() {
	lesson tutorial-01-move.yaml 3
	end_turn
	done_step 1
	move_to 2 "II/4e Ligne" 8 4
	done_step 2
	end_turn 3
	done_step 3
	finish "tutorial 1"
}

tutorial_03() {
	lesson tutorial-03-formation.yaml 4
	form 1 "I/9e Léger" 1	# Line
	done_step 1
	end_turn
	done_step 2
	move_to 1 "I/9e Léger" 7 4
	end_turn
	done_step 3
	form 2 "II/9e Léger" 3	# Manoeuvre Column
	end_turn
	move_to 2 "II/9e Léger" 17 2
	end_turn
	done_step 4
	finish "tutorial 3"
}

tutorial_04() {
	lesson tutorial-04-landscape.yaml 3
	move_to 1 "I/46e Ligne" 12 3
	done_step 1
	end_turn
	done_step 2
	end_turn 3
	done_step 3
	finish "tutorial 4"
}

tutorial_05() {
	lesson tutorial-05-roads.yaml 3
	move_to 1 "I/63e Ligne" 6 1
	end_turn
	done_step 1
	move_to 2 "II/63e Ligne" 18 1
	end_turn
	done_step 2
	move_to 3 "III/63e Ligne" 27 1
	end_turn
	done_step 3
	finish "tutorial 5"
}

tutorial_06() {
	lesson tutorial-06-passage.yaml 3
	move_to 1 "I/63e Ligne" 8 1
	end_turn
	done_step 1
	end_turn
	done_step 2
	move_to 2 "II/63e Ligne" 18 1
	end_turn
	done_step 3
	finish "tutorial 6"
}

# Step 3 (the price: the blocked friend falls into Mob) is done by the
# same turn as step 2.
tutorial_07() {
	lesson tutorial-07-friends.yaml 3
	move_to 2 "II/4e Léger" 7 3
	end_turn
	done_step 1
	move_via 4 "II/18e Ligne" 15 8 15 3
	end_turn
	wait_for "Step 2 of 3 done"
	done_step 3
	finish "tutorial 7"
}

# assault K NAME TARGET: X on the K-th unit (NAME) puts the cursor on
# the nearest enemy (TARGET); the preview must say it charges TARGET, and
# PREVIEW if set (the panel wraps, so one line of it); Enter orders the
# charge (3.4.5).
assault() {
	select_unit "$1"
	keys X
	wait_for "Assault with $2"
	wait_for "Assault $3"
	wait_for "Charges $3"
	if [ -n "${PREVIEW:-}" ]; then
		wait_for "$PREVIEW"
		PREVIEW=
	fi
	keys Enter
	wait_re "move order given|Step [0-9]+ of $NSTEPS done"
}

tutorial_08() {
	lesson tutorial-08-contact.yaml 5
	move_to 2 "3e Chasseurs à cheval" 19 2
	end_turn
	done_step 1
	move_to 1 "I/24e Léger" 10 2
	end_turn 2
	done_step 2
	# In Manoeuvre Column the assault is refused, with the rule.
	select_unit 1
	keys X
	wait_for "No assault: I/24e Léger is in Manoeuvre Column"
	form 1 "I/24e Léger" 2	# Column
	end_turn
	done_step 3
	PREVIEW="this turn, before the"
	assault 1 "I/24e Léger" "I./IR 15 Zach"
	done_step 4
	end_turn
	done_step 5
	finish "tutorial 8"
}

# Step 3 (the routed battalion is captured) is done by the same turns as
# step 2.
tutorial_09() {
	lesson tutorial-09-rout.yaml 3
	end_turn
	done_step 1
	move_to 1 "8e Hussards" 12 2
	end_turn 2
	wait_for "Step 2 of 3 done"
	done_step 3
	finish "tutorial 9"
}

tutorial_10() {
	lesson tutorial-10-command.yaml 3
	move_to 1 "I/26e Léger" 7 6
	done_step 1
	# Beyond the radius: the preview says the aide brings it on turn 3
	# (73 ticks at 64 a turn), not "This turn" (issue 13).
	PREVIEW="Arrives turn 3 by aide"
	move_to 2 "II/26e Léger" 34 16
	done_step 2
	end_turn 3
	done_step 3
	finish "tutorial 10"
}

for t in ${TUTORIALS:-01 03 04 05 06 07 08 09 10}; do
	tutorial_$t
done
