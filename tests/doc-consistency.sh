#!/bin/sh
# doc-consistency.sh - the manual and README say what the program does.
#
#  1. Commands and options.  The usage message of `marshal --help`, each
#     command's own usage message (printed on a bad option), the SYNOPSIS
#     of marshal(6) and README's list of commands must give the same
#     lines, word for word.  Each option they name must be accepted by the
#     binary (it is tried, and must not bring the usage message back), and
#     each option the sources of the commands parse must appear in its
#     command's usage and in marshal(6).
#  2. Keys.  For each mode the game has (named as its status line names
#     it), the keys listed in marshal(6)'s KEYS section under that mode
#     must be exactly the keys src/ui/keys.c binds in it, as
#     tests/test-keys --dump prints them.
: "${top_srcdir:=.}"
: "${MARSHAL_BIN:=./marshal}"
: "${KEYS_TEST:=$(dirname "$MARSHAL_BIN")/tests/test-keys}"
MAN=$top_srcdir/man/marshal.6
README=$top_srcdir/README
tmp=$(mktemp -d "${TMPDIR:-/tmp}/marshal-doc.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0

bad() {
	echo "FAIL: $*"
	fail=1
}

# Squeeze blanks: the texts wrap their lines differently.
norm() {
	sed 's/[[:space:]][[:space:]]*/ /g; s/^ //; s/ $//'
}

# roff_text: the text of roff lines, one output line per .br or .TP tag
# (macros .B .I and the alternating .BR .RB .IR .RI .BI .IB; font
# escapes dropped, \- made -).
roff_text() {
	awk '
	function args(s,    out, n, i, c, q, a) {
		n = 0; a = ""; q = 0; started = 0
		for (i = 1; i <= length(s); i++) {
			c = substr(s, i, 1)
			if (c == "\"") { q = !q; started = 1; continue }
			if (c == " " && !q) {
				if (started) { argv[++n] = a; a = ""; started = 0 }
				continue
			}
			a = a c; started = 1
		}
		if (started) argv[++n] = a
		return n
	}
	function flush() { if (line != "") print line; line = "" }
	function add(t) { line = (line == "" ? t : line " " t) }
	/^\.\\"/ || /^\.(nh|hy|ad|PP|RS|RE|IP)( |$)/ { next }
	/^\.br$/ { flush(); next }
	/^\.(B|I) / { add(substr($0, 4)); next }
	/^\.(BR|RB|IR|RI|BI|IB) / {
		n = args(substr($0, 5)); t = ""
		for (i = 1; i <= n; i++) t = t argv[i]
		add(t); next
	}
	/^\./ { flush(); next }
	{ add($0) }
	END { flush() }' | sed 's/\\f[BIRP]//g; s/\\-/-/g; s/\\e/\\/g; s/"//g' |
	    norm
}

# --- 1. commands and options ------------------------------------------------
COMMANDS="play check resolve replay"

# The usage lines of `marshal --help`, continuation lines joined.
"$MARSHAL_BIN" --help >"$tmp/help" 2>&1 || bad "marshal --help failed"
sed 's/^usage: //' "$tmp/help" | awk '
	/^ *marshal / { if (l != "") print l; l = $0; next }
	{ l = l " " $0 }
	END { if (l != "") print l }' | norm >"$tmp/help.lines"

# A command's own usage message, as a bad option brings it up.
for c in $COMMANDS; do
	"$MARSHAL_BIN" $c --no-such-option </dev/null >"$tmp/$c.out" 2>&1
	rc=$?
	[ $rc -eq 2 ] || bad "marshal $c --no-such-option: status $rc, not 2"
	awk '/^usage: marshal / { p = 1; l = substr($0, 8); next }
	    p && /^[[:space:]]+\[/ { l = l " " $0; next }
	    p { exit }
	    END { print l }' "$tmp/$c.out" | norm >"$tmp/$c.usage"
	[ -s "$tmp/$c.usage" ] && [ "$(cat "$tmp/$c.usage")" != "" ] ||
		bad "marshal $c printed no usage message"
done
head -1 "$tmp/help.lines" >"$tmp/all.usage"
for c in $COMMANDS; do cat "$tmp/$c.usage"; done >>"$tmp/all.usage"
if ! cmp -s "$tmp/help.lines" "$tmp/all.usage"; then
	bad "marshal --help differs from the commands' own usage messages:"
	diff "$tmp/all.usage" "$tmp/help.lines" | sed 's/^/    /'
fi

# marshal(6) SYNOPSIS.
sed -n '/^\.SH SYNOPSIS/,/^\.SH /p' "$MAN" | sed '1d;$d' | roff_text \
    >"$tmp/man.lines"
if ! cmp -s "$tmp/all.usage" "$tmp/man.lines"; then
	bad "marshal(6) SYNOPSIS (>) differs from the usage messages (<):"
	diff "$tmp/all.usage" "$tmp/man.lines" | sed 's/^/    /'
fi

# README: in the Commands section, a command is a line indented by four
# spaces starting with "marshal", continued by lines indented by more than
# eight; its description is indented by eight.
sed -n '/^Commands$/,/^Exit status/p' "$README" | awk '
	/^    marshal/ { if (l != "") print l; l = $0; next }
	l != "" && /^         / { l = l " " $0; next }
	{ if (l != "") print l; l = "" }
	END { if (l != "") print l }' | norm >"$tmp/readme.lines"
if ! cmp -s "$tmp/all.usage" "$tmp/readme.lines"; then
	bad "README's Commands (>) differ from the usage messages (<):"
	diff "$tmp/all.usage" "$tmp/readme.lines" | sed 's/^/    /'
fi

# Every option a usage names is accepted: tried with a plausible value on
# a file that does not exist, it must not bring the usage message back.
value() {
	case $1 in
	*both*) echo both ;;
	*text*) echo text ;;
	*easy*|LEVEL) echo easy ;;
	RULESET) echo napoleonic ;;
	NAME) echo tester ;;
	SAVE) echo "$tmp/no-such-dir/x.save" ;;
	*) echo 1 ;;
	esac
}
# The options of a usage line and their arguments: "[--turns N]" gives
# --turns and N, "[--hotseat]" --hotseat alone (its bracket closes).
options() {
	tr ' ' '\n' <"$1" | awk '
	    { t = $0; gsub(/[][]/, "", t) }
	    prev != "" { print prev "\t" (t ~ /^[A-Za-z|]+$/ ? t : ""); prev = "" }
	    t ~ /^-/ { if ($0 ~ /\]$/) print t "\t"; else prev = t }
	    END { if (prev != "") print prev "\t" }'
}
nope=$tmp/no-such-file.yaml
for c in global $COMMANDS; do
	if [ $c = global ]; then
		head -1 "$tmp/help.lines" >"$tmp/global.usage"
	fi
	options "$tmp/$c.usage" >"$tmp/$c.opts"
	while IFS='	' read -r opt arg; do
		v=
		[ -n "$arg" ] && v=$(value "$arg")
		case $c in
		global) set -- $opt $v --version ;;
		play|check) set -- $c $opt $v "$nope" ;;
		*) set -- $c "$nope" $opt $v ;;
		esac
		"$MARSHAL_BIN" "$@" </dev/null >"$tmp/try.out" 2>&1
		if grep -qiE 'usage:|unrecognized|unknown (command|option)' \
		    "$tmp/try.out"; then
			bad "marshal $*: the option $opt is refused:"
			sed 's/^/    /' "$tmp/try.out"
		fi
	done <"$tmp/$c.opts"
done

# Every option the sources parse appears in its command's usage (or its
# short form does) and in marshal(6).  Options are string literals
# "--name" compared with argv, and getopt_long tables { "name", ...,
# 'c' }.  --help, -h and --version need only be in the manual.
src_options() {
	grep -oE '"--?[a-z][a-z-]*"' "$1" | tr -d '"'
	grep -oE "\{ \"[a-z][a-z-]*\", (no|required|optional)_argument, NULL, '.'" \
	    "$1" | sed -E "s/\{ \"([^\"]*)\".*'(.)'/--\1 -\2/"
}
for c in global $COMMANDS; do
	f=$top_srcdir/src/cli/$c.c
	[ $c = global ] && f=$top_srcdir/src/main.c
	src_options "$f" | sort -u >"$tmp/$c.src"
	[ -s "$tmp/$c.src" ] || bad "no options found in $f"
	while read -r long short; do
		man=$(printf '%s' "$long" | sed 's/-/\\\\-/g')
		grep -q -- "$man" "$MAN" ||
			bad "$f parses $long, which marshal(6) does not name"
		case $long in --help|-h|--version) continue ;; esac
		if ! tr ' ' '\n' <"$tmp/$c.usage" | tr -d '[]' |
		    grep -qxe "$long" ${short:+-e "$short"}; then
			bad "$f parses $long, which the usage of" \
			    "'$c' does not name"
		fi
	done <"$tmp/$c.src"
done

# --- 2. keys ----------------------------------------------------------------
if ! "$KEYS_TEST" --dump >"$tmp/keys.dump"; then
	bad "cannot run $KEYS_TEST --dump"
fi
cut -f1,2 "$tmp/keys.dump" | sort -u >"$tmp/keys.bound"

# The manual's keys: under each .SS (a mode), the tag line of each .TP.
sed -n '/^\.SH KEYS/,/^\.SH /p' "$MAN" | awk '
	/^\.SS / { mode = substr($0, 5); gsub(/"/, "", mode); next }
	/^\.TP/ { tag = 1; next }
	tag { tag = 0; print mode "\t" $0 }' >"$tmp/keys.tags"
while IFS='	' read -r mode tagline; do
	printf '%s\n' "$tagline" | roff_text | tr ',' ' ' | tr ' ' '\n' |
	    while read -r k; do
		case $k in
		'') ;;
		Arrows) printf '%s\n' Up Down Left Right ;;
		1-9) printf '%s\n' 1 2 3 4 5 6 7 8 9 ;;
		Up|Down|Left|Right|Home|End|PgUp|PgDn|Enter|Space|Tab|\
		Shift-Tab|Esc|Backspace|Ctrl-?|keypad) echo "$k" ;;
		?) echo "$k" ;;
		*[!A-Za-z]*) echo "not-a-key:$k" ;;
		*) echo "$k" | fold -w1 ;;
		esac
	    done | sed "s/^/$mode	/"
done <"$tmp/keys.tags" | sort -u >"$tmp/keys.man"
if [ ! -s "$tmp/keys.man" ]; then
	bad "no keys found in marshal(6)'s KEYS section"
fi
if grep 'not-a-key:' "$tmp/keys.man"; then
	bad "marshal(6) KEYS: a tag names something that is not a key (above)"
fi
if ! cmp -s "$tmp/keys.bound" "$tmp/keys.man"; then
	bad "the keys of marshal(6) differ from src/ui/keys.c:"
	comm -23 "$tmp/keys.bound" "$tmp/keys.man" | while IFS='	' read -r m k; do
		echo "    bound but not in the manual: $m: $k"
	done
	comm -13 "$tmp/keys.bound" "$tmp/keys.man" | while IFS='	' read -r m k; do
		echo "    in the manual but not bound: $m: $k"
	done
fi

if [ $fail -eq 0 ]; then
	echo "ok: $(wc -l <"$tmp/all.usage") usage lines agree with" \
	    "marshal(6) and README;" \
	    "$(cat "$tmp"/*.opts | wc -l) options accepted;" \
	    "$(wc -l <"$tmp/keys.bound") keys in" \
	    "$(cut -f1 "$tmp/keys.bound" | sort -u | wc -l) modes agree"
fi
exit $fail
