#!/bin/sh
# check-data.sh - `marshal check` accepts every data file marshal ships and
# refuses malformed ones with exit status 2 and the exact expected line.
: "${top_srcdir:=.}"
: "${MARSHAL_BIN:=./marshal}"
fail=0

bad() {
	echo "FAIL: $*"
	fail=1
}

# Every shipped file passes, silently.  Maps and orders of battle are
# checked against the ruleset of the scenarios that name them (the
# default, napoleonic, unless a horse-and-musket scenario does).
hm=$(grep -l '^ruleset: horse-and-musket' "$top_srcdir"/data/scenarios/*.yaml |
	xargs sed -n 's#.*\.\./\(maps\|oob\)/\([^ ]*\.yaml\).*#\1/\2#p')
n=0
for f in $(find "$top_srcdir/data" -name '*.yaml' | sort); do
	rs=napoleonic
	for h in $hm; do
		case $f in */data/$h) rs=horse-and-musket ;; esac
	done
	out=$("$MARSHAL_BIN" check -r $rs "$f" 2>&1)
	rc=$?
	[ $rc -eq 0 ] || bad "check $f exited $rc: $out"
	[ -z "$out" ] || bad "check $f printed: $out"
	n=$((n + 1))
done
[ $n -gt 0 ] || bad "no data files found under $top_srcdir/data"

# -v says ok for each good file.
out=$("$MARSHAL_BIN" check -v "$top_srcdir/data/rulesets/napoleonic.yaml")
[ "$out" = "$top_srcdir/data/rulesets/napoleonic.yaml: ok" ] ||
	bad "check -v printed: $out"

# The horse-and-musket ruleset, and a scenario under it.
out=$("$MARSHAL_BIN" check -v "$top_srcdir/data/rulesets/horse-and-musket.yaml")
[ "$out" = "$top_srcdir/data/rulesets/horse-and-musket.yaml: ok" ] ||
	bad "check -v horse-and-musket printed: $out"
out=$("$MARSHAL_BIN" check "$top_srcdir/tests/scenarios/hm/H1-line-close-order-foot.yaml" 2>&1)
[ $? -eq 0 ] && [ -z "$out" ] || bad "check hm scenario: $out"

# Malformed files: exit 2 and the exact first line.
cd "$top_srcdir/tests/data/malformed" || exit 1
expect() {
	file=$1
	want=$2
	out=$("$MARSHAL_BIN" check "$file" 2>&1)
	rc=$?
	first=$(printf '%s\n' "$out" | head -n 1)
	[ $rc -eq 2 ] || bad "check $file exited $rc, expected 2"
	[ "$first" = "$want" ] || bad "check $file: got '$first', expected '$want'"
}
expect yaml-tab-indent.yaml \
	"yaml-tab-indent.yaml:3:1: error: tab character in indentation (YAML indents with spaces)"
expect yaml-duplicate-key.yaml \
	"yaml-duplicate-key.yaml:3:1: error: duplicate key 'map' (first given at line 1, column 1)"
expect ruleset-cell-not-whole.yaml \
	"ruleset-cell-not-whole.yaml:3:25: error: cell 0.3 BD does not make a whole number of ticks per BD (a step is 2 ticks)"
expect map-unknown-symbol.yaml \
	"map-unknown-symbol.yaml:5:10: error: landscape: unknown symbol 'X' (expected a legend symbol: .T)"
expect scenario-overlap.yaml \
	"scenario-overlap.yaml:31:24: error: unit 'a2' overlaps unit 'a1' at [3, 8]"

# A good and a bad file together: only the bad one is reported, status 2.
out=$("$MARSHAL_BIN" check control-map.yaml yaml-empty.yaml 2>&1)
rc=$?
[ $rc -eq 2 ] || bad "good+bad exited $rc"
[ "$out" = "yaml-empty.yaml:1:1: error: empty document" ] ||
	bad "good+bad printed: $out"

# Not a marshal file, a missing file, a directory, no arguments.
printf 'colour: blue\n' > "${TMPDIR:-/tmp}/marshal-check-$$.yaml"
out=$("$MARSHAL_BIN" check "${TMPDIR:-/tmp}/marshal-check-$$.yaml" 2>&1)
rc=$?
rm -f "${TMPDIR:-/tmp}/marshal-check-$$.yaml"
[ $rc -eq 2 ] || bad "unknown kind exited $rc"
case $out in
*":1:1: error: not a marshal file"*) ;;
*) bad "unknown kind printed: $out" ;;
esac
"$MARSHAL_BIN" check no-such-file.yaml >/dev/null 2>&1
[ $? -eq 2 ] || bad "missing file did not exit 2"
"$MARSHAL_BIN" check . >/dev/null 2>&1
[ $? -eq 2 ] || bad "directory did not exit 2"
"$MARSHAL_BIN" check >/dev/null 2>&1
[ $? -eq 2 ] || bad "no arguments did not exit 2"

[ $fail -eq 0 ] && echo "check: $n data files pass, malformed files refused"
exit $fail
