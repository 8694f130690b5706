#!/bin/sh
# restricted.sh (tmux) - the public-server mode at a terminal: ^Z does not
# suspend marshal, a player's saves go to that player's directory under a
# name marshal makes, a player name that is not clean is refused, and so
# is a new game past the number of saves a player may keep, on the list
# of battles too.
. "${top_srcdir:-.}/tests/tmux/lib.sh"

DIR=$XDG_DATA_HOME/marshal/players

$T -f /dev/null new-session -d -s keep "sleep 600" || fail "cannot start tmux"

# ^Z is ignored: marshal stays running (not stopped) and answers keys.
S=alice
MARSHAL_ARGS="--restricted --player alice play default"
start 80 24 LANG=C.UTF-8
wait_for "The sides"
keys Escape
wait_for "to give orders"
keys C-z
sleep 0.5
pid=$(ps -o pid= --ppid "$($T display -p -t $S '#{pane_pid}')" | tr -d ' ')
[ -n "$pid" ] || fail "marshal is not running after ^Z"
case $(ps -o stat= -p "$pid") in
T*)	fail "^Z stopped marshal" ;;
esac
# (A pane's process group is orphaned, where the kernel never stops on
# ^Z anyway: so also check that marshal ignores SIGTSTP, bit 20.)
if [ -r /proc/"$pid"/status ]; then
	ign=$(sed -n 's/^SigIgn:[[:space:]]*//p' /proc/"$pid"/status)
	[ $(( 0x$ign & 0x80000 )) -ne 0 ] || fail "SIGTSTP is not ignored"
fi
keys '?'
wait_for "Help: keys"
keys Escape
wait_gone "Help: keys"
keys q y
wait_for "EXITED rc=0"
[ -s "$DIR/alice/default.save" ] || fail "no save in the player's directory"

# A player name with a path in it is refused as bad usage (exit 2) before
# anything is written.
S=evil
MARSHAL_ARGS="--restricted --player ../evil play default"
start 80 24 LANG=C.UTF-8
wait_for "not a player name"
wait_for "EXITED rc=2"
[ ! -e "$XDG_DATA_HOME/marshal/evil" ] || fail "a directory outside players/"

# Past the number of saves a player may keep, a new game is refused.
mkdir -p "$DIR/bob"
for i in 1 2 3 4 5 6 7 8; do
	echo "x" >"$DIR/bob/old$i.save"
done
S=bob
MARSHAL_ARGS="--player bob play tutorial-01-move"
start 80 24 LANG=C.UTF-8 MARSHAL_RESTRICTED=1
wait_for "8 saved games already"
wait_for "EXITED rc=1"
[ ! -e "$DIR/bob/tutorial-01-move.lock" ] || fail "a lock was left"

# A ninth battle chosen through N is refused on the list, saying why,
# instead of marshal leaving; the battle in play goes on.
mkdir -p "$DIR/carol"
for i in 1 2 3 4 5 6 7; do
	echo "x" >"$DIR/carol/old$i.save"
done
S=carol
MARSHAL_ARGS="--restricted --player carol play default"
start 80 24 LANG=C.UTF-8
wait_for "The sides"
keys Escape
wait_for "to give orders"
keys N
wait_for "Enter: play it"
keys Down Enter
wait_for "This server keeps 8 saved battles and all are in use"
screen | grep -q "EXITED" && fail "marshal left on a ninth battle"
keys Escape
wait_gone "Enter: play it"
keys q y
wait_for "EXITED rc=0"
[ -s "$DIR/carol/default.save" ] || fail "the battle in play was not kept"
echo "ok: ^Z ignored, per-player saves, bad names and too many saves refused"
