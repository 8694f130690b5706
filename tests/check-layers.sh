#!/bin/sh
# check-layers.sh - the core (src/util, src/core, src/rules, src/ai) must not use
# curses or YAML, and only src/ui may use curses.  Fails listing offenders.
: "${top_srcdir:=.}"
bad=$(grep -lE '#[[:space:]]*include[[:space:]]*[<"](n?curses|ncursesw/|yaml)' \
	"$top_srcdir"/src/util/*.[ch] "$top_srcdir"/src/core/*.[ch] \
	"$top_srcdir"/src/rules/*.[ch] "$top_srcdir"/src/rules/*/*.[ch] "$top_srcdir"/src/ai/*.[ch] 2>/dev/null)
curses=$(grep -lE '#[[:space:]]*include[[:space:]]*[<"](n?curses|ncursesw/)' \
	"$top_srcdir"/src/io/*.[ch] "$top_srcdir"/src/cli/*.[ch] \
	"$top_srcdir"/src/main.c 2>/dev/null)
if [ -n "$bad$curses" ]; then
	echo "layering broken: these files include what their layer may not:"
	echo "$bad $curses" | tr ' ' '\n' | sed '/^$/d; s/^/  /'
	exit 1
fi
n=$(ls "$top_srcdir"/src/core/*.c "$top_srcdir"/src/rules/*.c "$top_srcdir"/src/rules/*/*.c 2>/dev/null | wc -l)
echo "layers clean: $n core and rules sources include no curses or YAML"
exit 0
