#!/bin/sh
# match.sh - two players on one machine play the default battle against
# each other to its end, each in their own restricted session, while a
# third person watches (issue 16); each of the three is cut off once and
# comes back with nothing lost.
#
# alice offers the battle from her list (o, Enter); bob, whose list is
# open already, sees the offer come and joins it; carol watches from hers.  Turn 1: alice sends a unit north and ends her
# turn; bob's screen says her orders are in and shows nothing of them;
# when bob ends his, both screens show the turn played and the watcher
# moves on to it.  Turn 2: alice gives an order and hangs up before
# sending it (SIGHUP): back, the order is there again.  bob ends his turn
# and is killed (SIGKILL): back, his orders are still sent.  carol hangs
# up and comes back to the turn being played.  Then both end every turn
# until the battle is over, on all three screens.
. "${top_srcdir:-.}/tests/tmux/lib.sh"

# as NAME: the session the next keys and reads go to.
as() {
	S="=$1:"
}

# open NAME: NAME's marshal, restricted, on the first list.
open_as() {
	S=$1
	MARSHAL_ARGS="--restricted --player $1"
	start 100 32 LANG=C.UTF-8
	as "$1"
	wait_for "Choose a battle"
}

# The destination of a move three cells north of the selected unit.
north3() {
	screen | sed -n 's/.*Facing [A-Z]* at \[\([0-9]*\), \([0-9]*\)\].*/\1 \2/p' |
	    head -1
}

# --- alice offers, bob joins, carol watches ----------------------------
# bob's list is open before the offer is made: it shows it when made.
open_as bob
open_as alice
wait_for "The Bridge at Rothenbach"
keys o
wait_for "keeping the first side"
keys Enter
wait_for "The sides"
keys Escape
wait_for "waiting for another player to join"

as bob
wait_for "Join alice's offer: The Bridge at Rothenbach" 3
keys g Enter
wait_for "The sides"
keys Escape
wait_for "Allies: your orders"
wait_for "alice is giving orders"
as alice
wait_for "bob is giving orders" 3

open_as carol
wait_for "Watch alice against bob"
keys g Enter
wait_for "of 0 turns"
expect_re "umpire: both sides"

# --- turn 1: alice's orders are hers alone ------------------------------
as alice
keys Tab
wait_for "Facing "
set -- $(north3)
[ $# -eq 2 ] || fail "no position in alice's panel"
dest="[$1, $(($2 - 3))]"
keys m k k k Enter
wait_for "Order: Move to $dest"
keys e
wait_for "orders sent"
as bob
wait_for "alice's orders are in" 3
if screen | grep -qF "$dest"; then
	fail "bob's screen shows alice's order to $dest"
fi
keys M
wait_for "Log: every event"
if screen | grep -qF "$dest"; then
	fail "bob's log shows alice's order to $dest"
fi
keys Escape e
wait_for "The battle after turn 1 " 5
as alice
wait_for "The battle after turn 1 " 5
as carol
wait_for "end after 1 of 1 turns" 5

# --- turn 2: alice hangs up with an order given, not sent ---------------
as alice
keys Escape
wait_gone "The battle after turn 1 "
keys Tab
wait_for "Facing "
set -- $(north3)
dest2="[$1, $(($2 - 2))]"
keys m k k Enter
wait_for "Order: Move to $dest2"
pid=$(marshal_pid)
kill -HUP "$pid"
wait_dead "$pid"
wait_for "EXITED rc=0"
$T kill-session -t "=alice" >/dev/null 2>&1
open_as alice
wait_for "Play on: The Bridge at Rothenbach"
keys g Enter
wait_for "The sides"
keys Escape
wait_for "French: your orders"
keys Tab
wait_for "Order: Move to $dest2"

# bob sends his orders and is killed: they stay sent.
as bob
keys Escape
wait_gone "The battle after turn 1 "
keys e
wait_for "orders sent"
pid=$(marshal_pid)
kill -KILL "$pid"
wait_dead "$pid"
$T kill-session -t "=bob" >/dev/null 2>&1
open_as bob
wait_for "Play on: The Bridge at Rothenbach"
keys g Enter
wait_for "The sides"
keys Escape
wait_for "Allies: orders sent"
as alice
wait_for "bob's orders are in" 3

# carol hangs up and comes back to where the battle is.
as carol
pid=$(marshal_pid)
kill -HUP "$pid"
wait_dead "$pid"
$T kill-session -t "=carol" >/dev/null 2>&1
open_as carol
keys g Enter
wait_for "end after 1 of 1 turns"
keys f
wait_for "Following the French player's cursor"

as alice
keys e
wait_for "The battle after turn 2 " 5
as bob
wait_for "The battle after turn 2 " 5
as carol
wait_for "end after 2 of 2 turns" 5

# --- the rest of the battle ---------------------------------------------
turn=2
while [ $turn -lt 12 ]; do
	if screen_of_alice=$($T capture-pane -p -t "=alice:") &&
	    echo "$screen_of_alice" | grep -qF "The battle is over"; then
		break
	fi
	as alice
	keys Escape
	sleep 0.2
	keys e
	as bob
	keys Escape
	sleep 0.2
	keys e
	turn=$((turn + 1))
	as alice
	n=0
	until screen | grep -qE "The battle after turn $turn |The battle is over"; do
		n=$((n + 1))
		[ $n -lt 100 ] || fail "turn $turn was not played"
		sleep 0.1
	done
done
as alice
wait_for "The battle is over" 5
as bob
wait_for "The battle is over" 5
as carol
wait_for "of $turn turns" 5
echo "ok: the default battle played to its end over $turn turns by two" \
    "players, watched, each cut off once"
