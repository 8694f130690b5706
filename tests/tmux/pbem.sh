#!/bin/sh
# pbem.sh - play by email through the interface, as a player would: the
# French start `marshal play --pbem`, give a Stop order and end the turn
# (e); a box shows the turn file's path, Enter leaves, and the file holds
# only a commitment.  The Allies answer with orders from a file (a second
# save directory, as tests/pbem.sh does).  The French play that file: the
# turn is played, the interface opens on turn 2 saying its digest.
# Leaving there without ending the turn changes nothing; the second time
# the French end it, and the file that reveals their Stop order is played
# by the Allies, who find the same digest as the French screen showed.
. "${top_srcdir:-.}/tests/tmux/lib.sh"

MAIL=$XDG_DATA_HOME/mail
OTHER=$XDG_DATA_HOME/allies
mkdir -p "$MAIL" "$OTHER"
cat >"$XDG_DATA_HOME/allies.replay" <<'EOF'
marshal-replay: 1
scenario: default
turns: 2
orders:
  - {turn: 1, unit: 1-9R, move: [[33, 19]]}
  - {turn: 2, unit: 2-9R, move: [[50, 20]]}
EOF
# allies FILE: the Allies play FILE headless; their output in $out.
allies() {
	out=$(XDG_DATA_HOME=$OTHER "$MARSHAL_BIN" play --pbem --out "$MAIL" \
	    --orders "$XDG_DATA_HOME/allies.replay" "$1" </dev/null 2>&1) ||
		fail "the Allies refused $1: $out"
}

MARSHAL_ARGS="play --pbem --out $MAIL default"
start 100 30 LANG=C.UTF-8
wait_for "The sides"
keys Escape
wait_for "French to give orders"
keys Tab
keys s
wait_for "stop order"
keys e
wait_for "Send that file to your opponent"
a1=$(ls "$MAIL"/pbem-*-turn1-French.yaml) || fail "no turn file written"
wait_for "$(basename "$a1")"
keys Enter
expect_restored 0
grep -q '^commit: ' "$a1" || fail "the French file commits to nothing"
grep -q 'stop' "$a1" && fail "the French file shows its order"
echo "ok: the turn ended by e writes a file that hides the orders"

allies "$a1"
b1=$(ls "$MAIL"/pbem-*-turn1-Allies.yaml) || fail "the Allies sent nothing"

game=$(ls "$XDG_DATA_HOME"/marshal/pbem-*-0.game)
cp "$game" "$XDG_DATA_HOME/game.before"
$T kill-server >/dev/null 2>&1
MARSHAL_ARGS="play --pbem --out $MAIL $b1"
start 100 30 LANG=C.UTF-8
wait_for "turn 1 played (digest"
wait_for "French to give orders"
expect_re "Turn 2/[0-9]+ command"
keys q
wait_for "Quit"
keys y
expect_restored 0
cmp -s "$game" "$XDG_DATA_HOME/game.before" ||
	fail "leaving without ending the turn changed the game"
[ -z "$(ls "$MAIL"/pbem-*-turn2-* 2>/dev/null)" ] ||
	fail "leaving without ending the turn sent a file"
echo "ok: left without ending the turn, nothing changed"

$T kill-server >/dev/null 2>&1
start 100 30 LANG=C.UTF-8
wait_for "turn 1 played (digest"
shown=$(screen | sed -n 's/.*turn 1 played (digest \(0x[0-9a-f]*\)).*/\1/p')
keys e
wait_for "Send that file to your opponent"
keys Enter
expect_restored 0
a2=$(ls "$MAIL"/pbem-*-turn2-French.yaml) || fail "no turn 2 file"
sed -n '/^reveal: |/,/^[a-z]/p' "$a2" | grep -q 'stop: true' ||
	fail "the French turn 2 file does not reveal the Stop order"
allies "$a2"
printf '%s\n' "$out" | grep -q "turn 1 played; digest $shown, the same" ||
	fail "the Allies' digest is not the French one ($shown): $out"
echo "ok: turn 1 played on both sides, digest $shown"
