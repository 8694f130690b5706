#!/bin/sh
# options.sh (tmux) - the player's options file: a key rebound works and
# the old one does not, help and the hint line show the keys as bound,
# colour off and ASCII symbols take effect, and a file with problems is
# reported at its line and column and play goes on with marshal's own
# keys once the player agrees.
. "${top_srcdir:-.}/tests/tmux/lib.sh"

MARSHAL_ARGS="play --hotseat"
mkdir -p "$XDG_CONFIG_HOME/marshal" || fail "cannot make the config dir"
OPTS=$XDG_CONFIG_HOME/marshal/options.yaml

# Move on p (m freed), end of turn on E (e freed), help on V (? freed),
# no colour, ASCII.
cat >"$OPTS" <<'EOF'
marshal-options: 1
symbols: ascii
colour: false
keys:
  move: p
  end-turn: E
  help: V
EOF
start 80 24 LANG=C.UTF-8
wait_for "The sides"
keys Escape
wait_for "Hand the keyboard over"
keys Enter
wait_gone "Hand the keyboard over"
wait_for "V:help Tab:unit p:move"
wait_for "E:end turn"
if $T capture-pane -p -e -t $S | grep -qE "$(printf '\033')\[([0-9;]*;)?(3[0-7]|4[0-7]|38;|48;)"; then
	fail "colour codes on the screen with colour: false"
fi
# ASCII: the map has no UTF-8 glyphs (the default map's ground is '·').
if screen | grep -q "·"; then
	fail "Unicode ground on the map with symbols: ascii"
fi
keys Tab
wait_for "Formation:"
keys m
wait_for "That key does nothing here; V lists the keys."
keys p
wait_for "Move: pick destination"
keys Escape
wait_gone "Move: pick destination"
keys '?'
wait_for "That key does nothing here; V lists the keys."
keys V
wait_for "Help: keys in Orders mode"
expect_re "^ p +Move order"
# The help runs over pages at 80x24: page on to the end of turn's key.
n=0
while ! screen | grep -qE "^ E +end this side's orders"; do
	n=$((n + 1))
	[ $n -le 5 ] || fail "no E for the end of turn in the help"
	keys Space
	sleep 0.2
done
keys Escape
wait_gone "Help: keys"
# e is free now; E ends the French orders: the hand-over box.
keys e
wait_for "That key does nothing here"
keys E
wait_for "Hand the keyboard over"
keys q y
expect_restored 0

# A file with problems: each at FILE:LINE:COLUMN, then the question; Enter
# plays with marshal's own keys (m moves again).
$T kill-server >/dev/null 2>&1
rm -rf "$XDG_DATA_HOME/marshal"
cat >"$OPTS" <<'EOF'
marshal-options: 1
colour: maybe
keys:
  fly: x
  move: p
EOF
start 200 40 LANG=C.UTF-8
wait_for "options.yaml:2:9: error: expected true or false, found 'maybe'"
wait_for "options.yaml:4:3: error: unknown action 'fly'"
wait_for "Play with marshal's own keys and options?"
keys Enter
wait_for "The sides"
keys Escape
wait_for "Hand the keyboard over"
keys Enter
wait_gone "Hand the keyboard over"
wait_for "m:move"
keys Tab
wait_for "Formation:"
keys m
wait_for "Move: pick destination"
keys Escape q y
expect_restored 0

# colour: true wins over NO_COLOR.
$T kill-server >/dev/null 2>&1
rm -rf "$XDG_DATA_HOME/marshal"
printf 'marshal-options: 1\ncolour: true\n' >"$OPTS"
start 80 24 LANG=C.UTF-8 NO_COLOR=1
wait_for "The sides"
keys Escape
wait_for "Hand the keyboard over"
keys Enter
wait_gone "Hand the keyboard over"
$T capture-pane -p -e -t $S | grep -qE "$(printf '\033')\[([0-9;]*;)?(3[0-7]|9[0-7])m" ||
	fail "no colour on the screen with colour: true"
keys q y
expect_restored 0

# Answering n leaves at once, before any game.
$T kill-server >/dev/null 2>&1
rm -rf "$XDG_DATA_HOME/marshal"
printf 'marshal-options: 1\nlevel: brutal\n' >"$OPTS"
start 200 40 LANG=C.UTF-8
wait_for "options.yaml:2:8: error: unknown value 'brutal'"
wait_for "Play with marshal's own keys and options?"
keys n
expect_restored 1
exit 0
