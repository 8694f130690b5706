#!/bin/sh
# pbem.sh - play by email between two save directories (two players'
# HOME and XDG_DATA_HOME): the default battle to its end, each side's
# orders from a file (--orders), the turn files exchanged.  After each
# turn both sides print the state's digest: they must agree with each
# other, and with the same orders played in one game (marshal replay).
# Then files that must be refused, each with exit status 2 and its
# reason, leaving the game kept byte for byte as it was and nothing new
# written: a byte changed on the way, a reveal changed after the
# commitment with the check line made again (BLAKE2b-256, as b2sum
# computes it, so only the commitment can catch it), an old file sent
# again, a side's own file, and --pbem on a public server.  Then the
# battle goes on to its end, and a file after it is refused.
: "${MARSHAL_BIN:?MARSHAL_BIN is not set}"
: "${MARSHAL_DATA:?MARSHAL_DATA is not set}"
export MARSHAL_DATA

tmp=$(mktemp -d "${TMPDIR:-/tmp}/marshal-pbem.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/a/home" "$tmp/b/home" "$tmp/mail"
fails=0
fail() {
	echo "FAIL: $*"
	fails=$((fails + 1))
}

# The French (side 0) start and commit; the Allies answer in the clear.
cat >"$tmp/french.replay" <<'EOF'
marshal-replay: 1
scenario: default
turns: 3
orders:
  - {turn: 1, unit: 1-27L, move: [[26, 30]]}
  - {turn: 1, unit: 4-6FA, formation: limbered}
  - {turn: 2, unit: 1-59L, move: [[53, 30]]}
  - {turn: 3, unit: 3-27L, formation: line}
EOF
cat >"$tmp/allies.replay" <<'EOF'
marshal-replay: 1
scenario: default
turns: 3
orders:
  - {turn: 1, unit: 1-9R, move: [[33, 19]]}
  - {turn: 2, unit: 2-9R, move: [[50, 20]]}
  - {turn: 3, unit: 1-5LW, formation: column}
EOF

# as SIDE ARGS...: marshal play --pbem as player SIDE (a or b), its
# orders from its file; output in $tmp/out, status in $rc.
as() {
	who=$1
	shift
	case $who in a) orders=$tmp/french.replay ;; *) orders=$tmp/allies.replay ;; esac
	HOME=$tmp/$who/home XDG_DATA_HOME=$tmp/$who/data \
	    "$MARSHAL_BIN" play --pbem --out "$tmp/mail" --orders "$orders" \
	    "$@" </dev/null >"$tmp/out" 2>&1
	rc=$?
	sed "s/^/    $who: /" "$tmp/out"
}

# sent: the turn file the last run wrote.
sent() {
	sed -n 's/^marshal: turn [0-9]*, [A-Za-z]*: send \(.*\) to your opponent.*/\1/p' \
	    "$tmp/out"
}
played() {
	sed -n 's/^marshal: turn [0-9]* played; digest \(0x[0-9a-f]*\).*/\1/p' \
	    "$tmp/out"
}

as a default
[ $rc -eq 0 ] || fail "A could not start the game (status $rc)"
file=$(sent)
[ -f "$file" ] || { fail "A wrote no turn file"; exit 1; }
seed=$(sed -n 's/^seed: "\(.*\)"$/\1/p' "$file")
grep -q '^commit: ' "$file" || fail "A's first file carries no commitment"
if grep -q '1-27L' "$file"; then
	fail "A's first file shows its orders before B has sent its own"
fi

for turn in 1 2 3; do
	as b "$file"
	[ $rc -eq 0 ] || fail "B refused A's file of turn $turn (status $rc)"
	dig_b=$(played)
	if [ $turn -gt 1 ]; then
		if [ -z "$dig_b" ] || [ "$dig_b" != "$dig_a" ]; then
			fail "turn $((turn - 1)): digests differ: A $dig_a, B $dig_b"
		else
			echo "turn $((turn - 1)): A $dig_a, B $dig_b: the same"
		fi
	fi
	file=$(sent)
	[ -f "$file" ] || { fail "B sent no file for turn $turn"; exit 1; }
	grep -q '^orders: |' "$file" || fail "B's file of turn $turn has no orders"
	as a "$file"
	[ $rc -eq 0 ] || fail "A refused B's file of turn $turn (status $rc)"
	dig_a=$(played)
	[ -n "$dig_a" ] || fail "A did not play turn $turn"
	file=$(sent)
	[ -f "$file" ] || { fail "A sent no file for turn $((turn + 1))"; exit 1; }
	grep -q "^reveal-turn: $turn\$" "$file" ||
		fail "A's file of turn $((turn + 1)) reveals no turn $turn"
done

# The same orders in one game, side by side: the digest after turn 3.
{
	echo "marshal-replay: 1"
	echo "scenario: $MARSHAL_DATA/scenarios/default.yaml"
	echo "seed: \"$seed\""
	echo "turns: 3"
	echo "orders:"
	for t in 1 2 3; do
		grep "{turn: $t," "$tmp/french.replay"
		grep "{turn: $t," "$tmp/allies.replay"
	done
} >"$tmp/one.replay"
one=$("$MARSHAL_BIN" replay "$tmp/one.replay" |
    sed -n 's/.*digest \(0x[0-9a-f]*\).*/\1/p')
if [ "$one" != "$dig_a" ]; then
	fail "turn 3 in one game: digest $one; by email $dig_a"
else
	echo "turn 3 in one game: $one, the same as by email"
fi

# Refusals.  B waits for A's file of turn 4 ($file), which reveals turn 3.
good=$file
bgame=$(ls "$tmp"/b/data/marshal/pbem-*-1.game)
cp "$bgame" "$tmp/b.game.before"
ls -R "$tmp/b" "$tmp/mail" >"$tmp/files.before"

# refused WHAT TEXT FILE: B refuses FILE with status 2, saying TEXT at a
# FILE:LINE:COLUMN, and nothing it keeps changes.
refused() {
	what=$1 text=$2
	as b "$3"
	if [ $rc -ne 2 ]; then
		fail "$what: status $rc, not 2"
	elif ! grep -qF -- "$text" "$tmp/out"; then
		fail "$what: not refused for its reason ($text)"
	elif ! grep -qE '^[^:]+:[0-9]+:[0-9]+: error: ' "$tmp/out"; then
		fail "$what: the reason gives no position"
	elif ! cmp -s "$bgame" "$tmp/b.game.before"; then
		fail "$what: the game kept changed"
	elif ! ls -R "$tmp/b" "$tmp/mail" | cmp -s - "$tmp/files.before"; then
		fail "$what: a file was written"
	else
		echo "ok: refused $what, status 2, game unchanged"
	fi
}

# One byte changed on the way (a move of the reveal, 26 made 27).
sed 's/\[\[26, 30\]\]/[[27, 30]]/; s/\[\[53, 30\]\]/[[53, 31]]/; s/formation: "line"/formation: "lime"/' \
    "$good" >"$tmp/changed.yaml"
cmp -s "$good" "$tmp/changed.yaml" && fail "the test changed nothing"
refused "a changed byte" "the check hash does not match" "$tmp/changed.yaml"

# The reveal changed and the check line made again: the commitment.
sed '/^check: /d' "$tmp/changed.yaml" >"$tmp/forged.yaml"
printf 'check: "%s"\n' "$(b2sum -l 256 "$tmp/forged.yaml" | cut -c1-64)" \
    >>"$tmp/forged.yaml"
refused "a reveal changed after its commitment" \
    "do not match the opponent's commitment" "$tmp/forged.yaml"

# An old file, and B's own.
refused "an old file sent again" "waits for the opponent's file of turn 4" \
    "$(ls "$tmp"/mail/pbem-*-turn3-French.yaml)"
refused "a side's own file" "own, made here" \
    "$(ls "$tmp"/mail/pbem-*-turn3-Allies.yaml)"

# A second marshal on the same game is turned away while one plays it.
if command -v flock >/dev/null 2>&1; then
	out=$(HOME=$tmp/b/home XDG_DATA_HOME=$tmp/b/data flock "$bgame.lock" \
	    "$MARSHAL_BIN" play --pbem --orders "$tmp/allies.replay" "$good" \
	    </dev/null 2>&1)
	rc=$?
	if [ $rc -ne 1 ] || ! printf '%s\n' "$out" | grep -q "another marshal"; then
		fail "a locked game: status $rc: $out"
	elif ! cmp -s "$bgame" "$tmp/b.game.before"; then
		fail "a locked game changed"
	else
		echo "ok: a game another marshal plays is left alone: $out"
	fi
fi

# A public server never takes a file from the player.
out=$("$MARSHAL_BIN" --restricted play --pbem "$good" </dev/null 2>&1)
rc=$?
if [ $rc -ne 2 ] || ! printf '%s\n' "$out" | grep -q "not available"; then
	fail "--pbem restricted: status $rc: $out"
else
	echo "ok: --pbem refused on a public server"
fi

# Orders for the other side's unit are refused where they stand in the
# player's own file, before anything is written.
printf 'marshal-replay: 1\nscenario: default\nturns: 0\norders:\n  - {turn: 1, unit: 1-9R, stop: true}\n' \
    >"$tmp/wrong.replay"
out=$(HOME=$tmp/c XDG_DATA_HOME=$tmp/c "$MARSHAL_BIN" play --pbem \
    --orders "$tmp/wrong.replay" default </dev/null 2>&1)
rc=$?
if [ $rc -ne 2 ] || ! printf '%s\n' "$out" |
    grep -q "wrong.replay:5:5: error: unit '1-9R' is not of side French" ||
    [ -e "$tmp/c" ]; then
	fail "orders for the other side: status $rc: $out"
else
	echo "ok: orders for the other side's unit refused: $out"
fi

# After all that, the right file still plays; then on to the battle's
# end (its turn limit), where A's last file reveals and commits to
# nothing, and both games say the same result.
as b "$good"
[ $rc -eq 0 ] && [ "$(played)" = "$dig_a" ] ||
	fail "B could not play A's file after the refusals"
turns=3
while file=$(sent) && [ -n "$file" ] && [ $turns -lt 30 ]; do
	as a "$file"
	dig_a=$(played)
	file=$(sent)
	[ -n "$file" ] || { fail "A sent no file after turn $turns"; break; }
	last=$file
	as b "$file"
	turns=$((turns + 1))
	[ "$(played)" = "$dig_a" ] ||
		fail "turn $turns: digests differ: A $dig_a, B $(played)"
done
over_b=$(grep 'the battle is over' "$tmp/out")
grep -q '^commit: ' "$last" && fail "A's last file commits to orders"
grep -q '^over: true$' "$tmp"/a/data/marshal/pbem-*-0.game ||
	fail "A's game is not over"
grep -q '^over: true$' "$tmp"/b/data/marshal/pbem-*-1.game ||
	fail "B's game is not over"
echo "turn $turns, the last: A and B at $dig_a; B says: $over_b"
as b "$last"
[ $rc -eq 2 ] && grep -q 'the battle is over' "$tmp/out" ||
	fail "a file after the end is not refused (status $rc)"

if [ $fails -ne 0 ]; then
	echo "$fails failed"
	exit 1
fi
echo "play by email: $turns turns, digests agreed, 6 files and a file of orders refused"
exit 0
