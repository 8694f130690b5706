#!/bin/sh
# wide.sh - a unit's footprint is the ruleset's to size (issue 15): a
# battle whose blocks are larger than the 128 cells marshal once capped
# a block at plays end to end.  The ruleset is the bundled Napoleonic one
# with a Line of 80 x 2 cells for infantry (160) and 70 x 2 for cavalry
# (140), and a Road Column 130 cells long; the scenario,
# tests/data/wide/wide-blocks.yaml, marches the Line, and the Road Column
# along a road round a bend.  Checked: the ruleset and scenario load, the
# turns play with and without the computer commander, and each block
# covers all its cells (counted, none twice), the column's trail 130
# cells long, each next to the one before, round the bend.
set -u
: "${MARSHAL_BIN:?}" "${MARSHAL_DATA:?}" "${top_srcdir:?}"
fail=0
work=$(mktemp -d "${TMPDIR:-/tmp}/marshal-wide.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT

cp "$top_srcdir/tests/data/wide/wide-blocks.yaml" "$work/" || exit 99
sed -e 's/^\(    size: {infantry: \)\[6, 2\], cavalry: \[6, 2\]}/\1[80, 2], cavalry: [70, 2]}/' \
    -e 's/^\(    size: {infantry: \)\[1, 8\]/\1[1, 130]/' \
    "$MARSHAL_DATA/rulesets/napoleonic.yaml" >"$work/wide.yaml" || exit 99
# The edit must have taken: two lines changed, no more.
n=$(diff "$MARSHAL_DATA/rulesets/napoleonic.yaml" "$work/wide.yaml" |
    grep -c '^>')
if [ "$n" -ne 2 ]; then
	echo "FAIL: the ruleset edit changed $n lines, not 2"
	exit 1
fi

bad() {
	echo "FAIL: $*"
	fail=1
}

# cells ID: the unit's cells in the JSON output, one "x y" a line.
cells() {
	grep "^  {\"id\": \"$1\"" "$work/out.json" |
	    sed -n 's/.*"cells": \[\[\(.*\)\]\]}.*/\1/p' |
	    sed 's/\], \[/|/g; s/, / /g' | tr '|' '\n'
}

# expect ID FORMATION COUNT: the unit stands in FORMATION on COUNT cells,
# none of them twice.
expect() {
	f=$(grep "^  {\"id\": \"$1\"" "$work/out.json" |
	    sed -n 's/.*"formation": "\([a-z_]*\)".*/\1/p')
	[ "$f" = "$2" ] || bad "$1 is in '$f', not $2"
	n=$(cells "$1" | wc -l)
	[ "$n" -eq "$3" ] || bad "$1 covers $n cells, not $3"
	n=$(cells "$1" | sort -u | wc -l)
	[ "$n" -eq "$3" ] || bad "$1 covers $n different cells, not $3"
}

S=$work/wide-blocks.yaml
if ! "$MARSHAL_BIN" resolve "$S" --turns 4 --seed 1 --format json \
    >"$work/out.json" 2>"$work/err"; then
	bad "resolve: $(cat "$work/err")"
	exit 1
fi
expect wide line 160
expect horse line 140
expect long road_column 130
# The Line marched (it stood at [85, 35]).
grep -q '^  {"id": "wide".*"at": \[85, 31\]' "$work/out.json" ||
    bad "wide did not reach [85, 31]"
# The column's trail: each cell next to the one before, its head past
# the bend on the road south, its tail still on the road east.
cells long | awk '
	NR > 1 { dx = $1 - x; dy = $2 - y
		if (dx < -1 || dx > 1 || dy < -1 || dy > 1 ||
		    (dx == 0 && dy == 0)) { print "cell " NR " [" $1 ", " \
		    $2 "] is not next to [" x ", " y "]"; bad = 1 } }
	NR == 1 && !($1 == 150 && $2 > 5) { print "head [" $1 ", " $2 \
	    "] is not past the bend"; bad = 1 }
	{ x = $1; y = $2 }
	END { if (!(y == 5 && x < 150)) { print "tail [" x ", " y \
	    "] is not on the road east"; bad = 1 }; exit bad }' ||
    bad "long's trail does not follow the road"

# The computer commander on both sides, at each level.
for lv in easy normal hard; do
	"$MARSHAL_BIN" resolve "$S" --turns 4 --seed 7 --ai both \
	    --level $lv >"$work/out.txt" 2>"$work/err" &&
	    grep -q '^  wide (Wide), French' "$work/out.txt" ||
	    bad "resolve --ai both --level $lv: $(cat "$work/err")"
done

[ $fail -eq 0 ] && echo "ok: blocks of 160, 140 and 130 cells"
exit $fail
