#!/bin/sh
# readonly.sh - a save directory marshal may not write (issue 14, item 5)
# does not refuse play: marshal says that nothing will be kept and offers
# to play unsaved; y plays, the quit box says the game is not saved, and
# nothing is written; n (the default) leaves with status 1.
#
# The directory is made read-only with its mode, which binds every user
# but root: run as root, marshal runs as nobody through setpriv.
. "${top_srcdir:-.}/tests/tmux/lib.sh"

RO=$XDG_DATA_HOME/ro
mkdir -p "$RO/marshal" || fail "cannot make $RO"
chmod 711 "$XDG_DATA_HOME"
chmod 555 "$RO" "$RO/marshal"
AS=
if [ "$(id -u)" = 0 ]; then
	command -v setpriv >/dev/null 2>&1 || {
		echo "SKIP: running as root without setpriv, the directory" \
		    "cannot be made read-only for marshal"
		exit 77
	}
	AS="setpriv --reuid=65534 --regid=65534 --clear-groups"
fi

$T -f /dev/null new-session -d -s keep "sleep 600" || fail "cannot start tmux"

# n (the default): nothing played, status 1.
MARSHAL_ARGS="play --hotseat default"
start 80 24 LANG=C.UTF-8 XDG_DATA_HOME="$RO" $AS
wait_for "will not be kept"
wait_for "Play without saving?  y: yes, n: no (Enter: no)"
keys Enter
wait_for "EXITED rc=1"
$T kill-session -t $S

# y: the game is played, unsaved, and says so.
start 80 24 LANG=C.UTF-8 XDG_DATA_HOME="$RO" $AS
wait_for "Play without saving?  y: yes, n: no (Enter: no)"
keys y
wait_for "The sides"
keys Escape
wait_for "Hand the keyboard over"
keys Enter
wait_gone "Hand the keyboard over"
keys q
wait_for "The game is not saved."
keys y
expect_restored 0
[ -z "$(ls -A "$RO/marshal")" ] || fail "something was written: $(ls "$RO/marshal")"
chmod 755 "$RO" "$RO/marshal"
echo "ok: a read-only save directory offers to play unsaved"
