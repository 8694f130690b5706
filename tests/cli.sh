#!/bin/sh
# cli.sh - bad input on the command line: every command refuses an unknown
# option, a bad number, a bad level or side, a missing or unreadable file
# with exit status 2 and a message naming what is wrong and what was
# expected, and writes nothing to standard output.  Also: resolve takes a
# bundled scenario by its bare name, like play, with the same result as
# its full path.
: "${MARSHAL_BIN:?MARSHAL_BIN is not set}"
: "${MARSHAL_DATA:?MARSHAL_DATA is not set}"

fails=0
work=$(mktemp -d "${TMPDIR:-/tmp}/marshal-cli.XXXXXX") || exit 99
XDG_DATA_HOME=$work/xdg
export XDG_DATA_HOME MARSHAL_DATA
trap 'rm -rf "$work"' EXIT
S=$MARSHAL_DATA/scenarios/default.yaml

# refuse WHAT EXPECTED-TEXT ARGS...: marshal exits 2 saying EXPECTED-TEXT
# on standard error and printing nothing on standard output.  (check is
# the exception: its report of the files, errors included, is its output.)
refuse() {
	what=$1 text=$2
	shift 2
	"$MARSHAL_BIN" "$@" </dev/null >"$work/out" 2>"$work/err"
	rc=$?
	if [ "$1" = check ]; then
		cat "$work/out" >>"$work/err"
		: >"$work/out"
	fi
	if [ $rc -ne 2 ] || ! grep -qF -- "$text" "$work/err" ||
	    [ -s "$work/out" ]; then
		echo "FAIL: $what: rc=$rc, stderr: $(cat "$work/err")," \
		    "stdout: $(head -c 200 "$work/out")"
		fails=$((fails + 1))
	else
		echo "ok: $what"
	fi
}

refuse "unknown command" "unknown command 'frobnicate'" frobnicate
refuse "unknown global option" "unknown command '--bogus'" --bogus
refuse "check without files" "usage: marshal check" check
refuse "check of a missing file" "nosuch.yaml: error: cannot open" check "$work/nosuch.yaml"
refuse "check of a directory" "error: not a regular file" check "$work"
refuse "check with an unknown option" "usage: marshal check" check --frob "$S"
refuse "resolve without a scenario" "usage: marshal resolve" resolve
refuse "resolve of an unknown name" "no scenario 'nosuch'" resolve nosuch
refuse "resolve of a missing path" "nosuch.yaml: error: cannot open" resolve "$work/nosuch.yaml"
refuse "resolve --turns abc" "--turns wants a number" resolve "$S" --turns abc
refuse "resolve --turns -3" "--turns wants a number" resolve "$S" --turns -3
refuse "resolve --turns past the limit" "--turns wants a number" resolve "$S" --turns 10001
refuse "resolve --seed x" "--seed" resolve "$S" --seed x
refuse "resolve --format xml" "--format" resolve "$S" --format xml
refuse "resolve --level extreme" "level" resolve "$S" --ai 1 --level extreme
refuse "resolve --ai of no side" "--ai wants a side" resolve "$S" --ai 7
refuse "resolve with an unknown option" "usage: marshal resolve" resolve "$S" --frob
refuse "replay without a file" "usage: marshal replay" replay
refuse "replay of a missing file" "nosuch: error: cannot open" replay "$work/nosuch"
refuse "replay --side of no side" "--side Prussia names no side" replay "$MARSHAL_DATA/../tests/replays/battle.yaml" --log --side Prussia
refuse "play --level extreme" "unknown level 'extreme'" play --level extreme
refuse "play --seed x" "--seed wants a whole number" play --seed x default
refuse "play --seed -1" "--seed wants a whole number" play --seed -1 default
refuse "play --seed past 64 bits" "--seed wants a whole number" play --seed 18446744073709551616 default
refuse "play with an unknown option" "usage: marshal play" play --frob
refuse "play of an unknown name" "no scenario 'nosuch'" play nosuch
refuse "play with two scenarios" "usage: marshal play" play default default
refuse "play without a terminal" "play needs a terminal" play default
refuse "a bad player name" "not a player name" --player ../x play default
refuse "a player name with a leading dot" "not a player name" --player .hidden

# replay --log --side: a side reads its own orders, never the enemy's
# (issue 13); the umpire reads both.  The Allied formation order of turn 3
# and the French move order of turn 2 of the recorded battle, and the
# French cuirassiers' destination their colonel marches to on turn 1.
B=$MARSHAL_DATA/../tests/replays/battle.yaml
al="gives 27th Jagers a formation order (Column)"
fr="gives II/8e Ligne a move order to [26, 14]"
"$MARSHAL_BIN" replay "$B" --log >"$work/all" 2>&1
"$MARSHAL_BIN" replay "$B" --log --side French >"$work/fr" 2>&1
"$MARSHAL_BIN" replay "$B" --log --side 1 >"$work/al" 2>&1
if grep -qF "$al" "$work/all" && grep -qF "$fr" "$work/all" &&
    grep -qF "$fr" "$work/fr" && ! grep -qF "$al" "$work/fr" &&
    grep -qF "$al" "$work/al" && ! grep -qF "$fr" "$work/al" &&
    grep -qF "towards [34, 11]" "$work/all" &&
    ! grep -qF "towards [34, 11]" "$work/al" &&
    grep -qF "II/8e Ligne closes from" "$work/al"; then
	echo "ok: replay --log --side shows a side only its own orders"
else
	echo "FAIL: replay --log --side: $(wc -l <"$work/fr") French lines," \
	    "$(wc -l <"$work/al") Allied lines"
	fails=$((fails + 1))
fi

# resolve by bare name: same units and events as by path.
"$MARSHAL_BIN" resolve default --ai both --turns 3 --seed 5 >"$work/byname" 2>&1
rc1=$?
"$MARSHAL_BIN" resolve "$S" --ai both --turns 3 --seed 5 >"$work/bypath" 2>&1
rc2=$?
sed 1d "$work/byname" >"$work/a"
sed 1d "$work/bypath" >"$work/b"
if [ $rc1 -ne 0 ] || [ $rc2 -ne 0 ] || [ ! -s "$work/a" ] ||
    ! cmp -s "$work/a" "$work/b"; then
	echo "FAIL: resolve default (rc $rc1) differs from resolve by path (rc $rc2)"
	fails=$((fails + 1))
else
	echo "ok: resolve takes a bundled scenario by its name"
fi

# Escape codes typed on the command line are echoed escaped, never sent
# to the terminal (issue 14).
esc=$(printf '\033[2J\033]0;x\007')
n=0
for args in "$esc" "resolve $esc" "play --level $esc" "check /tmp/$esc"; do
	n=$((n + 1))
	# shellcheck disable=SC2086
	"$MARSHAL_BIN" $args </dev/null >"$work/out" 2>&1
	if grep -q "$(printf '\033')" "$work/out" ||
	    ! grep -qF '\x1b[2J' "$work/out"; then
		echo "FAIL: argument $n echoed raw escape codes:" \
		    "$(od -c "$work/out" | head -3)"
		fails=$((fails + 1))
	else
		echo "ok: argument $n echoed escaped"
	fi
done

# 3.10.2: a finished battle stops resolve at its last turn and says so;
# the JSON carries the result and each unit's contact, musician and cells.
"$MARSHAL_BIN" resolve default --turns 500 >"$work/end" 2>&1
"$MARSHAL_BIN" resolve default --turns 500 --format json >"$work/end.json" 2>&1
if grep -qF '10 turns played; no next turn' "$work/end" &&
    grep -qF 'result: the battle is over after turn 10 (3.10.2*): the French win, 5 points to 2; 10 of the 500 turns asked were played' "$work/end" &&
    ! grep -q '^  turn 11' "$work/end" &&
    grep -qF '"turns": 10, "next_turn": null,' "$work/end.json" &&
    grep -qF '"result": {"winner": "French", "draw": false, "points": {"French": 5, "Allies": 2}, "rule": "3.10.2", "turn": 10},' "$work/end.json" &&
    grep -qF '"id": "4-6FA", "name": "4/6e Artillerie à pied", "side": "French", "at": [34, 40]' "$work/end.json" &&
    grep -qF '"contact": null, "musician": false, "cells": [[33, 40], [34, 40], [35, 40], [36, 40], [33, 41], [34, 41], [35, 41], [36, 41]]}' "$work/end.json"; then
	echo "ok: resolve stops when the battle is over"
else
	echo "FAIL: resolve --turns 500 went past the end or lost its result:"
	head -3 "$work/end"
	fails=$((fails + 1))
fi

# Issue 12 decision 8: rule numbers that are marshal's own carry a * in
# the text and "own_rule": true in the JSON; the rulebook's 3.6 do not.
"$MARSHAL_BIN" resolve default --ai both --turns 1 --seed 3 >"$work/own" 2>&1
"$MARSHAL_BIN" resolve default --ai both --turns 1 --seed 3 --format json >"$work/own.json" 2>&1
if grep -qE '^  turn 1(, [a-z]+)?, [^:]+: 3\.1\.1\* ' "$work/own" &&
    grep -qE '^  turn 1(, [a-z]+)?, [^:]+: 3\.6\.[0-9] ' "$work/own" &&
    ! grep -qE ': 3\.6(\.[0-9]+)?\*' "$work/own" &&
    grep -qF '"rule": "3.1.1", "own_rule": true,' "$work/own.json" &&
    grep -qF '"rule": "3.6.3", "text"' "$work/own.json" &&
    ! grep -qF '"rule": "3.6.3", "own_rule"' "$work/own.json"; then
	echo "ok: marshal's own rule numbers are marked, the rulebook's are not"
else
	echo "FAIL: own rule marks wrong:"
	grep -m3 -E '3\.1\.1|3\.6\.3' "$work/own"
	fails=$((fails + 1))
fi

# replay --side alone prints the log as that side reads it, marks and all.
R=$MARSHAL_DATA/../tests/replays/battle.yaml
"$MARSHAL_BIN" replay "$R" --side 0 >"$work/side" 2>&1
"$MARSHAL_BIN" replay "$R" --log --side 0 >"$work/logside" 2>&1
if cmp -s "$work/side" "$work/logside" &&
    grep -qE '^turn 1: [^:]+: 3\.[0-9.]+\* ' "$work/side"; then
	echo "ok: replay --side prints that side's log, own rules marked"
else
	echo "FAIL: replay --side differs from --log --side, or lacks marks"
	fails=$((fails + 1))
fi

# replay --text: the explained log for notes.  A heading for each turn
# played, every event of --log under them (phase markers aside), each with
# its rule in brackets: the rulebook's bare (3.6.3), marshal's own starred
# (3.7.3*); with --side, the same events as --log --side.
"$MARSHAL_BIN" replay "$R" --text >"$work/text" 2>&1
"$MARSHAL_BIN" replay "$R" --log >"$work/log" 2>&1
"$MARSHAL_BIN" replay "$R" --text --side 0 >"$work/text0" 2>&1
"$MARSHAL_BIN" replay "$R" --log --side 0 >"$work/log0" 2>&1
turns=$(grep -c '^Turn [0-9][0-9]*$' "$work/text")
events=$(grep -c '^    ' "$work/text")
logged=$(grep -vc '^turn [0-9]*: turn [0-9]*, phase ' "$work/log")
events0=$(grep -c '^    ' "$work/text0")
logged0=$(grep -vc '^turn [0-9]*: turn [0-9]*, phase ' "$work/log0")
if [ "$turns" -eq "$(sed -n 's/^turns: //p' "$R")" ] &&
    [ "$events" -eq "$logged" ] && [ "$events0" -eq "$logged0" ] &&
    [ "$events0" -lt "$events" ] &&
    grep -q '^Turn 1$' "$work/text" &&
    grep -qE '^    3-cuir: .* \[3\.6\.3\]$' "$work/text" &&
    grep -qE '^    1-8L: .* \[3\.7\.3\*\]$' "$work/text" &&
    grep -q "marked \* are marshal's own" "$work/text"; then
	echo "ok: replay --text: $turns turns, $events events, rules marked"
else
	echo "FAIL: replay --text: $turns turns, $events events of $logged" \
	    "logged, $events0 of $logged0 for side 0"
	fails=$((fails + 1))
fi

# A recording stopped part way through a turn holds the orders given in
# it; until the turn is played nobody reads them, the umpire neither
# (hot-seat: the other player could quit and read them here).  battle.yaml
# cut to 2 turns keeps turn 3's Formation order for 27-jag, unplayed.
sed 's/^turns: 4$/turns: 2/; /^digest:/d' "$R" >"$work/part.yaml"
"$MARSHAL_BIN" replay "$work/part.yaml" --text >"$work/part.txt" 2>&1
"$MARSHAL_BIN" replay "$work/part.yaml" --log >"$work/part.log" 2>&1
"$MARSHAL_BIN" replay "$R" --text >"$work/whole.txt" 2>&1
if grep -qF 'gives 27th Jagers a formation order' "$work/whole.txt" &&
    ! grep -qF 'gives 27th Jagers a formation order' "$work/part.txt" &&
    ! grep -qF 'gives 27th Jagers a formation order' "$work/part.log" &&
    grep -qF 'Turn 2' "$work/part.txt"; then
	echo "ok: orders of a turn not yet played stay unread"
else
	echo "FAIL: replay shows orders of a turn not yet played"
	fails=$((fails + 1))
fi

[ $fails -eq 0 ] || { echo "$fails failure(s)"; exit 1; }
exit 0
