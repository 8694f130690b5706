#!/bin/sh
# last-turn.sh - the battle at a glance and its end (issue 13, item 5).
# The default battle (10 turns) is played hot-seat with no orders: after
# each turn the page of figures shows and Escape skips it; after the last
# turn the final screen shows the result, the same figures, and the last
# turn in the status line: "Turn 10/10", never "Turn 11/10".
. "${top_srcdir:-.}/tests/tmux/lib.sh"

MARSHAL_ARGS="play --hotseat default"
start 80 24 LANG=C.UTF-8
wait_for "The sides"
keys Escape
last=10		# turns: in data/scenarios/default.yaml
turn=1
while [ $turn -le $last ]; do
	wait_for "Turn $turn: French to give orders"
	keys Enter e
	wait_for "Turn $turn: Allies to give orders"
	keys Enter e
	if [ $turn -lt $last ]; then
		wait_for "The battle after turn $turn of $last"
		expect_re "Men fallen +[0-9]+ of [0-9]+ +[0-9]+ of [0-9]+"
		expect_re "Points held now +[0-9]+ +[0-9]+"
		keys Escape
		wait_gone "The battle after turn $turn of $last"
	fi
	turn=$((turn + 1))
done
wait_for "The battle is over after $last turns"
wait_for "3.10.2*: "
expect_re "3\.10\.2\*: (the (French|Allies) win|a draw)"
expect_re "Turn $last/$last end"
expect_re "Points \(3\.10\.2\) +[0-9]+ +[0-9]+"
expect_re "Rothenbach bridge, 5 points: "
screen | grep -q "Turn $((last + 1))/" && fail "a turn past the last is shown"
keys q
wait_for "Quit marshal?"
keys y
expect_restored 0
echo "ok: a page of figures after each turn, the result at the end"
