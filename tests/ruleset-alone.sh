#!/bin/sh
# ruleset-alone.sh - show that a ruleset is one module the engine can do
# without: take the horse-and-musket ruleset out of a copy of the tree and
# check that what is left builds and plays the Napoleonic battles byte for
# byte as the whole tree does.
#
#   tests/ruleset-alone.sh BIN [TOP] [WORKDIR]
#
# BIN is marshal built from the whole tree TOP (default: this tree);
# WORKDIR is a scratch directory (default: a new one under $TMPDIR).
#
# The ruleset's own files are listed below.  Taking them out means deleting
# them, deleting the two lines of src/rules/registry.c that name its module
# and the lines of Makefile.am's core library that list its sources, and
# nothing else.  The check then fails if
#   - a file of src/core, src/io, src/ui, src/ai, src/cli or src/util names
#     the ruleset (its module, its headers or its data);
#   - the tree without it does not configure or build the marshal binary;
#   - a Napoleonic output (bench/golden.sh: every bundled battle with and
#     without the computer, every recorded replay) differs between the two
#     binaries;
#   - the binary without the ruleset does not refuse its battle (exit
#     status 2) at the positions of the ruleset's name in its data file
#     and in the battle.
# Read the other way, the removal is the ruleset's addition: the listing
# printed at the end is every file that adding it touches.
#
# Not part of make check (it configures and builds a second tree); .ci/run
# runs it, and so does `make ruleset-alone`.
set -eu
bin=${1:?usage: ruleset-alone.sh BIN [TOP] [WORKDIR]}
top=${2:-$(cd "$(dirname "$0")/.." && pwd)}
work=${3:-}
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
if [ -z "$work" ]; then
	work=$(mktemp -d "${TMPDIR:-/tmp}/marshal-alone.XXXXXX")
	trap 'rm -rf "$work"' EXIT INT TERM
fi
name=horse-and-musket
# the ruleset's own files: its module, its data, its battles and its
# recording
own="src/rules/$name data/rulesets/$name.yaml
data/scenarios/cowpens-1781.yaml data/scenarios/tutorial-hm-01-ground.yaml
data/scenarios/tutorial-hm-02-wheel.yaml data/maps/cowpens-1781.yaml
data/oob/morgan-1781.yaml data/oob/tarleton-1781.yaml
tests/replays/second-charge.yaml"

fail() {
	echo "ruleset-alone: $*" >&2
	exit 1
}

# 1. Nothing outside the rules names the ruleset.
named=$(cd "$top" && grep -rlE "$name|hm_ops|hm\\.h|cowpens" \
    src/core src/io src/ui src/ai src/cli src/util src/main.c || true)
[ -z "$named" ] || fail "these files outside src/rules name the $name" \
    "ruleset: $(echo $named)"

# 2. A copy of the tree without the ruleset.
mkdir -p "$work/full" "$work/alone"
(cd "$top" && tar cf - --exclude='./_build*' --exclude=./.git \
    --exclude=./autom4te.cache .) | (cd "$work/full" && tar xf -)
(cd "$work/full" && tar cf - .) | (cd "$work/alone" && tar xf -)
for f in $own; do
	[ -e "$work/alone/$f" ] || fail "$f is listed as the ruleset's but" \
	    "is not in the tree"
	rm -rf "${work:?}/alone/$f"
done
sed -i -e '\|rules/horse-and-musket/hm\.h|d' -e '/&hm_ops,/d' \
    "$work/alone/src/rules/registry.c"
# the core library's source lines of the module (each ends in a backslash
# inside the list, so deleting them leaves the list whole)
sed -i -e '\|^	src/rules/horse-and-musket/.*\\$|d' "$work/alone/Makefile.am"
grep -q "$name" "$work/alone/src/rules/registry.c" &&
	fail "registry.c still names the ruleset after its lines were taken out"

# 3. Build the marshal binary of the tree without it.
(
	cd "$work/alone"
	autoreconf -fi >"$work/autoreconf.log" 2>&1 ||
		{ cat "$work/autoreconf.log"; exit 1; }
	mkdir -p _build && cd _build
	../configure -q >"$work/configure.log" 2>&1 ||
		{ cat "$work/configure.log"; exit 1; }
	make -s -j2 marshal >"$work/make.log" 2>&1 ||
		{ tail -30 "$work/make.log"; exit 1; }
) || fail "the tree without the $name ruleset does not build"
alone=$work/alone/_build/marshal

# 4. The Napoleonic outputs, both binaries, the same data.
sh "$top/bench/golden.sh" "$bin" "$work/out-full" "$work/alone" >/dev/null 2>&1
sh "$top/bench/golden.sh" "$alone" "$work/out-alone" "$work/alone" \
    >/dev/null 2>&1
n=$(ls "$work/out-full" | wc -l)
[ "$n" -gt 0 ] || fail "bench/golden.sh wrote nothing"
diff -r "$work/out-full" "$work/out-alone" >"$work/golden.diff" ||
	{ head -40 "$work/golden.diff"; fail "Napoleonic outputs differ"; }

# 5. Its battle is refused by the binary without it, with the ruleset's
# data present: at the data file's name and at the scenario's ruleset key.
rline=$(grep -n '^ruleset:' "$work/full/data/rulesets/$name.yaml" | cut -d: -f1)
line=$(grep -n '^ruleset:' "$work/full/data/scenarios/cowpens-1781.yaml" |
    cut -d: -f1)
[ -n "$line" ] && [ -n "$rline" ] || fail "no ruleset name to look for"
set +e
MARSHAL_DATA=$work/full/data "$alone" check \
    "$work/full/data/scenarios/cowpens-1781.yaml" >"$work/check.out" 2>&1
st=$?
set -e
[ "$st" -eq 2 ] || fail "marshal without the ruleset gave status $st, not 2"
grep -q "$name.yaml:$rline:[0-9]*: error: unknown ruleset" "$work/check.out" &&
grep -q "cowpens-1781.yaml:$line:[0-9]*: error:" "$work/check.out" ||
	{ cat "$work/check.out"; fail "the refusal gives no FILE:LINE:COLUMN"; }

echo "ruleset-alone: without the $name ruleset the tree builds, and its"
echo "  $n Napoleonic outputs are byte-identical to the whole tree's;"
echo "  its battle is refused:"
sed "s|$work/full/|  |" "$work/check.out"
echo "adding the ruleset touches these files (diff -rq, tree without it"
echo "against the whole tree, build and generated files left out):"
(cd "$work" && diff -rq -x _build -x autom4te.cache -x 'configure*' \
    -x 'Makefile.in' -x aclocal.m4 -x 'config.h.in*' -x 'build-aux' \
    -x '*~' alone full | sed -e 's|^Only in full/\(.*\): |  added:   \1/|' \
    -e 's|^Files alone/\([^ ]*\) and .*|  changed: \1|' -e 's|//|/|')
