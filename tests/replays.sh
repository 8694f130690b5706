#!/bin/sh
# replays.sh - every recorded battle in tests/replays must end in the state
# it recorded (marshal replay --verify), and two runs must dump the same
# final state byte for byte.  After a rule change meant to change results,
# re-record with: marshal replay FILE --update
set -u
: "${MARSHAL_BIN:?}" "${top_srcdir:?}"
fail=0
n=0
tmp=${TMPDIR:-/tmp}/marshal-replays.$$
trap 'rm -f "$tmp".1 "$tmp".2' EXIT
for f in "$top_srcdir"/tests/replays/*.yaml; do
	n=$((n + 1))
	if ! "$MARSHAL_BIN" replay "$f" --verify; then
		fail=1
		continue
	fi
	"$MARSHAL_BIN" replay "$f" --dump >"$tmp".1 &&
	"$MARSHAL_BIN" replay "$f" --dump >"$tmp".2 &&
	cmp -s "$tmp".1 "$tmp".2 || {
		echo "$f: two runs differ"
		fail=1
	}
done
if [ "$n" -lt 3 ]; then
	echo "only $n replays in tests/replays (want at least 3)"
	fail=1
fi
exit $fail
