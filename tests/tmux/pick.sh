#!/bin/sh
# pick.sh - choosing a battle or a tutorial, as a player does who cannot
# type arguments (a public server's forced command runs a bare marshal):
# `marshal` opens on the list of bundled battles and tutorials with the
# highlighted one described; Enter plays it; N from the map brings the
# list back, and choosing another battle keeps the one left in its own
# save, which the next start offers to resume.  A hangup while the opening
# list is up leaves no save (nothing was played) and exits cleanly.
. "${top_srcdir:-.}/tests/tmux/lib.sh"

SAVES=$XDG_DATA_HOME/marshal/players/dana

MARSHAL_ARGS="--restricted --player dana"
start 80 24 LANG=C.UTF-8
wait_for "Choose a battle or a tutorial"
wait_for "Battles against the computer"
wait_for "The Bridge on the Côa, 24 July 1810"
wait_for "The Cowpens, 17 January 1781"
wait_for "Tutorial 10: the general and his aides"
# The highlighted entry is described under the list: the default first.
wait_for "Two days before the great battle at Leipzig"
keys Down
wait_for "Before dawn on 24 July 1810"
keys Enter
# The Côa's briefing: the battle chosen is the one played.
wait_for "The sides"
expect_re "Côa"
keys Escape
wait_for "to give orders"
expect_re "Turn 1/[0-9]+ .*The Bridge on the"
# N: the list again, on the battle being played; choose the first tutorial.
keys N
wait_for "Choose a battle or a tutorial"
wait_for "Before dawn on 24 July 1810"
wait_for "this battle is kept"
# Past the Cowpens, the other battle, to the first tutorial.
keys Down
wait_for "At first light on 17 January 1781"
keys Down
wait_for "Two French battalions of the 4e Ligne"
keys Enter
wait_for "Tutorial 1: the colonel leads the way"
wait_file "$SAVES/coa-1810.save" || fail "the Côa battle left was not kept"
keys Escape
wait_for "to give orders"
# Esc closes the list and changes nothing.
keys N
wait_for "Choose a battle or a tutorial"
keys Escape
wait_for "to give orders"
expect_re "Tutorial 1"
keys q y
expect_restored 0
wait_file "$SAVES/tutorial-01-move.save" || fail "the tutorial was not kept"
$T kill-session -t $S

# A hangup at the opening list: nothing was played, nothing is saved.
rm -f "$SAVES"/*.save
S=second
MARSHAL_ARGS="--player erin"
start 80 24 LANG=C.UTF-8
wait_for "Choose a battle or a tutorial"
kill -HUP "$(marshal_pid)" || fail "cannot signal marshal"
expect_restored 0
ls "$XDG_DATA_HOME/marshal/players/erin/"*.save >/dev/null 2>&1 &&
	fail "a save was made of a battle never played"
$T kill-session -t $S

# Esc (or q) on the opening list leaves marshal: no battle opens and
# nothing is saved.
for k in Escape q; do
	rm -f "$SAVES"/*.save
	S=leave-$k
	MARSHAL_ARGS="--restricted --player dana"
	start 80 24 LANG=C.UTF-8
	wait_for "Esc q: leave marshal"
	keys $k
	wait_for "EXITED rc=0"
	screen | grep -qF "to give orders" &&
		fail "$k on the opening list opened a battle"
	ls "$SAVES"/*.save >/dev/null 2>&1 &&
		fail "$k on the opening list saved a battle never played"
	$T kill-session -t $S
done

# The end of a battle offers the list too (N), in the box and the hints.
S=third
MARSHAL_ARGS="play tutorial-02-stop"
start 80 24 LANG=C.UTF-8
wait_for "The sides"
keys Escape
i=0
while ! screen | grep -qF "N: another battle"; do
	i=$((i + 1))
	[ $i -le 12 ] || fail "the battle did not end"
	keys e
	sleep 0.3
	# Tutorial pages between turns close with Escape.
	if screen | grep -qF "Esc: close"; then
		keys Escape
	fi
done
keys N
wait_for "Choose a battle or a tutorial"
keys Escape
wait_for "N: another battle"
keys q y
expect_restored 0
echo "ok: battles and tutorials chosen from the list"
