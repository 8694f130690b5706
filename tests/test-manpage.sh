#!/bin/sh
# test-manpage.sh - the complete example in marshal-scenario(5) must be a
# scenario that `marshal check` accepts, and both manual pages must render
# without warnings (groff; the test is skipped, not passed, without it).
#
# The example lies between the lines `.\" example-begin' and
# `.\" example-end'; the roff escapes used in it (\- and \e) are undone to
# get the YAML back.
: "${top_srcdir:=.}"
: "${MARSHAL_BIN:=./marshal}"
page="$top_srcdir/man/marshal-scenario.5"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/marshal-manpage.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0

sed -n '/^\.\\" example-begin$/,/^\.\\" example-end$/p' "$page" |
	sed '1d;$d' | sed 's/\\-/-/g; s/\\e/\\/g' >"$tmp/example.yaml"
lines=$(wc -l <"$tmp/example.yaml")
if [ "$lines" -lt 10 ]; then
	echo "FAIL: no example found between example-begin and example-end"
	exit 1
fi
if grep -n '\\' "$tmp/example.yaml"; then
	echo "FAIL: a roff escape is left in the example (above)"
	fail=1
fi
if "$MARSHAL_BIN" check "$tmp/example.yaml"; then
	echo "ok: the example ($lines lines) passes marshal check"
else
	echo "FAIL: marshal check refuses the example in marshal-scenario(5)"
	fail=1
fi

# The example must be complete: a map, both orders of battle inline.
for key in '^map:' '^  landscape:' '^  - oob:' '^victory:'; do
	if ! grep -q "$key" "$tmp/example.yaml"; then
		echo "FAIL: the example has no '$key'"
		fail=1
	fi
done

# The options file shown in marshal(6) is one marshal check accepts.
sed -n '/^marshal\\-options: 1/,/^\.fi$/p' "$top_srcdir/man/marshal.6" |
	sed '$d' | sed 's/ *#.*$//; s/\\-/-/g; s/\\(aq/'"'"'/g' \
	>"$tmp/options.yaml"
if [ "$(wc -l <"$tmp/options.yaml")" -lt 5 ]; then
	echo "FAIL: no options file example in marshal.6"
	fail=1
elif "$MARSHAL_BIN" check "$tmp/options.yaml"; then
	echo "ok: the options example in marshal.6 passes marshal check"
else
	echo "FAIL: marshal check refuses the options example in marshal.6"
	cat "$tmp/options.yaml"
	fail=1
fi

# Both pages must render without a warning.  Without groff that part
# cannot be checked: the test then reports a skip (77), never a pass.
if ! command -v groff >/dev/null 2>&1; then
	echo "SKIP: groff is not installed (./bootstrap test installs it);" \
	    "the pages' rendering is not checked"
	[ $fail -eq 0 ] && exit 77
	exit $fail
fi
for p in marshal-scenario.5 marshal.6; do
	LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z "$top_srcdir/man/$p" \
	    2>"$tmp/warnings"
	if [ -s "$tmp/warnings" ]; then
		echo "FAIL: groff warns about $p:"
		cat "$tmp/warnings"
		fail=1
	else
		echo "ok: groff renders $p without warnings"
	fi
done
exit $fail
