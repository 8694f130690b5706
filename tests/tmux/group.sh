#!/bin/sh
# group.sh - a group Move order given by keys (3.6.3): Tab selects the
# first unit of a two-unit cavalry brigade standing in one line, G marks
# the whole brigade (marks shown on the map), m and Enter give one order
# for the line's centre.  After the turn the save says where each unit
# stands: the line wheeled as one body about its right flank and ended
# abreast facing NE, a at [12, 9] and b at [16, 13] - the figures the M9
# scenario this battle is cut from derives by hand.
. "${top_srcdir:-.}/tests/tmux/lib.sh"

src="${top_srcdir:-.}/tests/scenarios/M9-brigade-wheel-outer-unit-loses-1bd.yaml"
# The scenario without its test section, two turns long, with no group
# order of its own: the player gives it.
sed '/^expect:/,$d; s/^turns: 1/turns: 2/; /group: \[a, b\]/d' "$src" |
	sed 's/^    orders:$/    orders: []/' >"$XDG_DATA_HOME/wheel.yaml"
MARSHAL_ARGS="play $XDG_DATA_HOME/wheel.yaml"
start 80 30 LANG=C

wait_for "The sides"
keys Escape
wait_for "French to give orders"

# Select a, mark its brigade: both units' rear ranks show the mark.
keys Tab
wait_for "Facing N at [6, 18]"
keys G
wait_for "Brigade of General of the French marked: 2 units"
expect_re '""""""""""""'
# The help names the keys.
keys '?'
wait_for "mark the selected unit's whole brigade"
keys Escape
wait_for "French to give orders"

# One order for the line's centre, [15, 6]: 9 east, 12 north of [6, 18].
keys m
wait_for "Move the group of 2 units"
keys L l K k k k k
keys Enter
wait_for "Group of 2 units: one move order given, the line to [15, 6]"

# Play the turn, then save to the slot.
keys e
skip_summary 1
wait_for "Turn 2/"
keys S
wait_for "saved"
save=$(find "$XDG_DATA_HOME" -name '*.save' | head -1)
[ -n "$save" ] || fail "no save written"

# Where each unit stands, from the save: "- id:" then "at:" and "facing:".
where() {
	awk -v id="\"$1\"" '
		$1 == "-" && $2 == "id:" { on = ($3 == id) }
		on && $1 == "at:" { at = $2 " " $3 }
		on && $1 == "facing:" { print at, $2; exit }' "$save"
}
a=$(where a)
b=$(where b)
[ "$a" = "[12, 9] NE" ] || fail "a stands at '$a', not [12, 9] NE"
[ "$b" = "[16, 13] NE" ] || fail "b stands at '$b', not [16, 13] NE"

keys q
wait_for "Quit"
keys y
expect_restored 0
echo "ok: a group order by keys wheels the line as one"
