#!/bin/sh
# modes.sh - the terminal's side: monochrome (NO_COLOR) without colour
# codes, ASCII under LANG=C, the help screen, resizing (too small, then
# larger), Ctrl-L, and Ctrl-C leaving cleanly.
. "${top_srcdir:-.}/tests/tmux/lib.sh"

MARSHAL_ARGS="play --hotseat"

# Monochrome: no colour escape sequences at all, sides still apart.
start 80 24 LANG=C.UTF-8 NO_COLOR=1
wait_for "The sides"
keys Escape
wait_for "Hand the keyboard over"
keys Enter
wait_gone "Hand the keyboard over"
if $T capture-pane -p -e -t $S | grep -qE "$(printf '\033')\[([0-9;]*;)?(3[0-7]|4[0-7]|38;|48;)"; then
	fail "colour codes on the screen with NO_COLOR set"
fi
$T capture-pane -p -e -t $S | grep -q "$(printf '\033')\[[0-9;]*1[;m]" ||
	fail "no bold text in monochrome (sides should differ by attribute)"

# The numeric keypad moves the cursor (application keypad mode too).
wait_for "At ["
before=$(screen | grep -o 'At \[[0-9]*, [0-9]*\]')
keys KP8
wait_gone "$before"
keys KP2
wait_for "$before"

# Help lists the keys of the mode.
keys ?
wait_for "Help: keys in Orders mode"
wait_for "Move order"
keys Escape
wait_gone "Help: keys"

# Too small, then larger: the layout follows the window.
$T resize-window -t $S -x 50 -y 12
wait_for "Terminal too small: 50x12"
$T resize-window -t $S -x 120 -y 40
wait_gone "Terminal too small"
wait_for "to give orders"
wait_for "Log"
[ "$(screen | wc -l)" -ge 39 ] || fail "screen did not grow"
keys C-l
wait_for "to give orders"

# Ctrl-C: leave cleanly and restore the terminal.
keys C-c
expect_restored 0

# ASCII: LANG=C gives a screen of plain ASCII (a second session, a new
# game: the one Ctrl-C saved would be offered for resuming).
S=ascii
rm -rf "$XDG_DATA_HOME/marshal"
start 80 24 LANG=C LC_ALL=C
wait_for "The sides"
if screen | LC_ALL=C grep -q "$(printf '[\200-\377]')"; then
	fail "non-ASCII bytes in the briefing under LANG=C"
fi
keys Escape
wait_for "Hand the keyboard over"
keys Enter
wait_gone "Hand the keyboard over"
wait_for "to give orders"
if screen | LC_ALL=C grep -q "$(printf '[\200-\377]')"; then
	fail "non-ASCII bytes on the screen under LANG=C"
fi
keys q y
expect_restored 0
echo "ok: monochrome, ASCII, help, resize and Ctrl-C"
