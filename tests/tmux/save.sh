#!/bin/sh
# save.sh - saving on request.  In turn 2, after a Stop order, S saves the
# game to its slot and names the file; A asks for a file name (Backspace
# edits it), refuses a directory, and saves to the file named, relative to
# the current directory.  `marshal play FILE` on that save plays on at
# turn 2 with the order in force, after asking before it replaces the
# slot's other battle.  On a public server (restricted) A is refused and
# S still saves, and a save file cannot be named on the command line.
. "${top_srcdir:-.}/tests/tmux/lib.sh"

WORK=$XDG_DATA_HOME/work
SLOT=$XDG_DATA_HOME/marshal/default.save
mkdir -p "$WORK/adir" || fail "cannot make the work directory"
# Names typed at the prompt are taken from the current directory.
cd "$WORK" || fail "cannot enter the work directory"

$T -f /dev/null new-session -d -s keep "sleep 600" || fail "cannot start tmux"

# 1. Play turn 1 through, then give a Stop order in turn 2.
MARSHAL_ARGS="play --hotseat"
start 80 24 LANG=C.UTF-8
hotseat_first_turn
skip_summary 1
wait_for "Turn 2/"
wait_for "Hand the keyboard over"
keys Enter
wait_gone "Hand the keyboard over"
keys Tab s
wait_for "stop order given"

# 2. S: saved to the slot, and the message says where.
rm -f "$SLOT"
keys S
wait_for "Turn 2 saved in $SLOT"
[ -s "$SLOT" ] || fail "S wrote no save in the slot"
grep -q "kind: stop" "$SLOT" || fail "the slot's save lacks the Stop order"

# 3. A: a directory is refused, with the reason.
keys A
wait_for "Save as:"
keys -l "adir"
wait_for "Save as: adir"
keys Enter
wait_for "adir is a directory"
[ -z "$(ls "$WORK/adir")" ] || fail "something was written in the directory"

# 4. A: a typo mended with Backspace, then saved where it was named.
keys A
wait_for "Save as:"
keys -l "minx"
wait_for "Save as: minx"
keys BSpace
wait_gone "Save as: minx"
keys -l "e.save"
wait_for "Save as: mine.save"
keys Enter
wait_for "Turn 2 saved in mine.save"
[ -s "$WORK/mine.save" ] || fail "no save in the current directory"
grep -q "^turn: 2" "$WORK/mine.save" || fail "the named save is not turn 2"
grep -q "kind: stop" "$WORK/mine.save" || fail "the named save lacks the order"
ls "$WORK" | grep -q '\.tmp\.' && fail "a temporary file stayed"

# 5. Esc at the prompt saves nothing.
keys A
wait_for "Save as:"
keys -l "other.save"
wait_for "Save as: other.save"
keys Escape
wait_for "Not saved."
[ ! -e "$WORK/other.save" ] || fail "Esc saved all the same"
keys q y
expect_restored 0
$T kill-session -t $S

# 6. marshal play FILE: asks before replacing the slot's battle (no
# leaves everything as it was), then plays on at turn 2, order in force.
cp "$SLOT" "$WORK/slot.before"
MARSHAL_ARGS="play --hotseat mine.save"
start 80 24 LANG=C.UTF-8
wait_for "replacing"
keys n
expect_restored 0
cmp -s "$SLOT" "$WORK/slot.before" || fail "a no changed the slot"
$T kill-session -t $S
start 80 24 LANG=C.UTF-8
wait_for "replacing"
keys y
wait_for "The sides"
keys Escape
wait_for "Hand the keyboard over"
keys Enter
wait_gone "Hand the keyboard over"
expect_re "Turn 2/[0-9]+ command"
keys Tab
wait_for "Order: Stop"
keys q y
expect_restored 0
$T kill-session -t $S

# 7. Restricted: A is refused, S saves to the player's slot, and a save
# file on the command line is not opened.
MARSHAL_ARGS="--restricted --player carol play default"
start 80 24 LANG=C.UTF-8
wait_for "The sides"
keys Escape
wait_for "to give orders"
keys A
wait_for "Save as is not available on this server"
screen | grep -qF "Save as:" && fail "the save-as prompt opened"
keys S
wait_for "saved in $XDG_DATA_HOME/marshal/players/carol/default.save"
keys q y
expect_restored 0
$T kill-session -t $S
MARSHAL_ARGS="--restricted play $WORK/mine.save"
start 80 24 LANG=C.UTF-8
wait_for "no scenario"
expect_restored 2
echo "ok: S and A save, A refuses directories and is off when restricted;"
echo "ok: play FILE resumes a save at its turn with its orders"
