#!/bin/sh
# golden.sh - write every output of the bundled battles that a refactor
# of the engine must leave byte for byte the same, so that two builds can
# be compared with diff -r:
#   bench/golden.sh BIN OUTDIR [TOP]
# BIN is a marshal binary, OUTDIR a new directory, TOP the source tree
# whose data/ and tests/replays/ are read (default: this tree).  For each
# scenario in data/scenarios: marshal resolve with the computer
# commander on both sides at three levels and four seeds (text), once as
# JSON, and five turns with no commander; for each recording in
# tests/replays: replay --log, --text and --dump.  Typical use:
#   bench/golden.sh old/_build/marshal /tmp/before
#   bench/golden.sh _build/marshal /tmp/after
#   diff -r /tmp/before /tmp/after
# The outputs name the files read, so run both from the same TOP.
set -u
bin=${1:?usage: golden.sh BIN OUTDIR [TOP]}
out=${2:?usage: golden.sh BIN OUTDIR [TOP]}
top=${3:-$(cd "$(dirname "$0")/.." && pwd)}
mkdir -p "$out"
export MARSHAL_DATA="$top/data"
for s in "$top"/data/scenarios/*.yaml; do
	b=$(basename "$s" .yaml)
	for lv in easy normal hard; do
		for seed in 1 7 42 1813; do
			"$bin" resolve "$s" --turns 30 --seed $seed --ai both \
			    --level $lv >"$out/$b.$lv.$seed.txt" 2>&1
		done
	done
	"$bin" resolve "$s" --turns 30 --seed 3 --ai both --format json \
	    >"$out/$b.json" 2>&1
	"$bin" resolve "$s" --turns 5 --seed 3 >"$out/$b.noai.txt" 2>&1
done
for r in "$top"/tests/replays/*.yaml; do
	b=$(basename "$r" .yaml)
	"$bin" replay "$r" --log >"$out/replay-$b.log" 2>&1
	"$bin" replay "$r" --text >"$out/replay-$b.text" 2>&1
	"$bin" replay "$r" --dump >"$out/replay-$b.dump" 2>&1
done
