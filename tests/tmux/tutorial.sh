#!/bin/sh
# tutorial.sh - tutorial 2 (the Stop order) completed by keys at 80x24 with
# the real binary: the panel shows the current step, each step done opens
# a page with its result and rule number, and the last one says the
# tutorial is complete.
. "${top_srcdir:-.}/tests/tmux/lib.sh"

MARSHAL_ARGS="play $MARSHAL_DATA/scenarios/tutorial-02-stop.yaml"
start 80 24 LANG=C.UTF-8

# The briefing ends with the first step.
wait_for "Step 1 of 4: On the march"
keys Escape
wait_for "Step 1/4: On the march"

# end_turn: the French end their orders; the Austrians only keep their
# standing orders (the tutorial's opponent: none), so the turn is played.
end_turn() {
	keys e
}

# Step 1: end the turn and watch the battalion march.
end_turn
wait_for "Step 1 of 4 done: On the march"
wait_for "(3.6.3)"
wait_for "Step 2 of 4: Give a Stop order"
keys Escape
wait_gone "Step 1 of 4 done"
wait_for "Step 2/4: Give a"

# Step 2: select I/9e Léger and stop it.
keys Tab s
wait_for "Step 2 of 4 done: Give a Stop order"
wait_for "(3.6.1)"
keys Escape
wait_for "Step 3/4: The"

# Step 3: end the turn; it does not move (3.6.2).
end_turn
wait_for "Step 3 of 4 done: The battalion halts"
wait_for "(3.6.2)"
keys Escape
wait_for "Step 4/4: Forward again"

# Step 4: a new Move order three cells north, and the turn.
keys Tab m
wait_for "Move: pick destination"
keys k k k Enter
wait_for "move order given"
end_turn
wait_for "Step 4 of 4 done: Forward again"
wait_for "The tutorial is complete"
# The page points to the next lesson, and N opens the list on it.
wait_for "Next lesson: Tutorial 3: form line!.  Press N"
keys Escape
wait_for "Tutorial complete."
keys N
wait_for "Choose a battle or a tutorial"
# The highlighted entry's description is tutorial 3's own.
wait_for "(marshal play tutorial-03-formation)"
keys Escape
wait_gone "Choose a battle or a tutorial"

keys q y
expect_restored 0
# A lesson done is not kept to resume.
ls "$XDG_DATA_HOME"/marshal/*.save >/dev/null 2>&1 &&
	fail "the finished tutorial stayed as a save: $(ls "$XDG_DATA_HOME"/marshal)"
echo "ok: tutorial 2 completed by keys"
