#!/bin/sh
# check-layers.sh - the core (src/util, src/core, src/rules, src/ai) must not use
# curses or YAML, and only src/ui may use curses; the computer commander
# (src/ai) knows no ruleset: it includes nothing from src/rules, never
# compares a ruleset's operations, and never looks a formation, landscape or
# obstacle up by its name (its ruleset's doctrine names them).  Fails
# listing offenders.
: "${top_srcdir:=.}"
bad=$(grep -lE '#[[:space:]]*include[[:space:]]*[<"](n?curses|ncursesw/|yaml)' \
	"$top_srcdir"/src/util/*.[ch] "$top_srcdir"/src/core/*.[ch] \
	"$top_srcdir"/src/rules/*.[ch] "$top_srcdir"/src/rules/*/*.[ch] "$top_srcdir"/src/ai/*.[ch] 2>/dev/null)
curses=$(grep -lE '#[[:space:]]*include[[:space:]]*[<"](n?curses|ncursesw/)' \
	"$top_srcdir"/src/io/*.[ch] "$top_srcdir"/src/cli/*.[ch] \
	"$top_srcdir"/src/main.c 2>/dev/null)
# The names of the bundled rulesets' formations, landscapes and obstacles:
# the keys two spaces in under those sections of data/rulesets/*.yaml.
names=$(awk '/^[a-z_]+:/ { sec = $1 } \
	sec ~ /^(formations|landscape|obstacles):$/ && /^  [a-z_]+:/ \
	{ sub(/^  /, ""); sub(/:.*/, ""); print }' \
	"$top_srcdir"/data/rulesets/*.yaml 2>/dev/null | sort -u | paste -sd'|' -)
ai="$top_srcdir"/src/ai
rules=$(grep -lE '#[[:space:]]*include[[:space:]]*"rules/' "$ai"/*.[ch] 2>/dev/null)
ops=$(grep -lE -e '->ops[[:space:]]*[!=]=|[!=]=[[:space:]]*&[a-z_]*_ops\b' \
	"$ai"/*.[ch] 2>/dev/null)
byname=$(grep -lE 'ruleset_(form|land|obst|class)[[:space:]]*\(' "$ai"/*.[ch] \
	2>/dev/null)
if [ -n "$names" ]; then
	byname="$byname $(grep -lE "\"($names)\"" "$ai"/*.[ch] 2>/dev/null)"
fi
if [ -n "$(echo $rules $ops $byname)" ]; then
	echo "layering broken: these files of the commander know a ruleset:"
	echo "$rules $ops $byname" | tr ' ' '\n' | sed '/^$/d; s/^/  /' | sort -u
	exit 1
fi
if [ -n "$bad$curses" ]; then
	echo "layering broken: these files include what their layer may not:"
	echo "$bad $curses" | tr ' ' '\n' | sed '/^$/d; s/^/  /'
	exit 1
fi
n=$(ls "$top_srcdir"/src/core/*.c "$top_srcdir"/src/rules/*.c "$top_srcdir"/src/rules/*/*.c 2>/dev/null | wc -l)
echo "layers clean: $n core and rules sources include no curses or YAML;" \
    "the commander knows no ruleset"
exit 0
