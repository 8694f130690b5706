#!/bin/sh
# bench/mutate.sh - mutation testing: how many small wrong changes to the
# rules and the core movement code do the C unit tests notice?
#
# No maintained C mutation tool is packaged for Debian, so this is a small
# one in POSIX sh and awk.  It lists every mutant of the chosen files, one
# classic operator applied at one place:
#   ror     a comparison swapped at its boundary: < <=, <= <, > >=, >= >,
#           == !=, != ==
#   aor     an arithmetic sign swapped: binary + -, += -= (a sign after
#           return or case is unary and left alone)
#   const   a decimal integer constant off by one: n becomes n + 1
#   if      an if's condition negated: if (c) becomes if (!(c))
#   del     a statement deleted (replaced by an empty one), including
#           statements written over several lines
# Lines of the preprocessor, comments, strings and character constants are
# left alone, and so are calls that only free memory (a leak is for the
# sanitizer build and make valgrind, not for these tests) and array sizes
# in declarations.
#
# Each mutant is applied to a copy of the source tree in the work
# directory, built there out of tree (configured once, CFLAGS -O0 for
# speed), and the test programs are run one after the other under
# timeout(1), stopping at the first that fails.  A mutant is
#   killed     a test failed (or crashed)
#   timeout    a test ran past the time limit (counted as killed)
#   survived   every test passed: the tests did not notice the change
#   stillborn  it did not compile (left out of the share)
#   equivalent written down in bench/mutants-equivalent.txt as one no
#              test could tell from the original, with the reason: not
#              built nor run, left out of the share and listed apart
# The report gives, per file, the mutants run and the share killed, then
# each survivor as FILE:LINE OPERATOR: ORIGINAL -> MUTANT, so it can be
# judged: a real gap in the tests, or an equivalent mutant (one no test
# could tell from the original).
#
# Usage: bench/mutate.sh [options] [FILE...]
#   FILE...          sources to mutate, relative to the top of the tree
#                    (default: src/rules/*.c, src/rules/*/*.c,
#                    src/core/move-walk.c, move-road.c, move-route.c, move-ctx.c,
#                    move-step.c, move-near.c, move-plan.c, command.c,
#                    src/io/save-read.c, save-write.c)
#   --sample N       run N mutants drawn at random (environment MUTANTS);
#                    0 runs all of them
#   --seed S         the draw's seed (SEED, default 1): the same seed and
#                    sources give the same sample on any machine (the
#                    generator is the script's own, not awk's rand)
#   --timeout T      seconds each test program may run (TIMEOUT, default 10)
#   --tests "T..."   test programs to run (TESTS, default test-clauses
#                    test-move test-move-walk test-move-core (the
#                    planning parts of the movement engine, function by
#                    function) test-turn test-charge test-command
#                    test-save test-ruleset, the last for the ruleset
#                    loader, and
#                    test-hm-clauses test-hm-turn test-hooks test-decide
#                    for the horse-and-musket ruleset and the engine's
#                    side of the ruleset interface).  test-ai is left
#                    out: built -O0 as here it takes about 35 s of CPU
#                    (most of it in two whole-game tests: hard beats
#                    normal, every scenario played), against about 4 s
#                    for the thirteen above together, so it would pass
#                    the 10 s limit even unmutated and, run for every
#                    mutant the others let through (some 30 of 200),
#                    add as much time again as the whole run.  The
#                    doctrine's worn mark is pinned in test-hm-turn;
#                    to let test-ai judge chosen mutants:
#                    --tests "... test-ai" --timeout 120
#   --workdir DIR    scratch directory (default _build/mutation): the source
#                    copy is DIR/src, its build DIR/build
#   --sanitize       build the copy with AddressSanitizer and
#                    UndefinedBehaviorSanitizer (configure
#                    --enable-sanitizers, in DIR/build-san), so that a
#                    mutant which only reads or writes out of bounds is
#                    caught too; slower
#   --only ID,...    run only these mutants (numbers from --list)
#   --equivalent F   the list of equivalent mutants (EQUIVALENT, default
#                    bench/mutants-equivalent.txt; its header tells the
#                    form of a line)
#   --list           list the mutants (with the sample applied) and stop
#   --show ID        print mutant ID as a diff and stop
# `make mutation` runs it from the build directory with MUTANTS (default
# 200) and SEED.  The source tree must have been bootstrapped (configure
# present).  Exit status: 0 when the run finished, whatever the figures;
# 1 when the unmutated copy does not build or pass (nothing is measured).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
sample=${MUTANTS:-0}
seed=${SEED:-1}
limit=${TIMEOUT:-10}
tests=${TESTS:-"test-clauses test-move test-move-walk test-move-core test-turn test-charge test-command test-save test-ruleset test-hm-clauses test-hm-turn test-hooks test-decide"}
work=${MUTATION_DIR:-$top/_build/mutation}
equiv=${EQUIVALENT:-$top/bench/mutants-equivalent.txt}
only=
sanitize=
mode=run
show=

usage() {
	sed -n '/^# Usage:/,/^# 1 when/p' "$0" | sed 's/^# \{0,1\}//' >&2
	exit 2
}

while [ $# -gt 0 ]; do
	case $1 in
	--sample) sample=$2; shift 2 ;;
	--seed) seed=$2; shift 2 ;;
	--timeout) limit=$2; shift 2 ;;
	--tests) tests=$2; shift 2 ;;
	--workdir) work=$2; shift 2 ;;
	--only) only=$2; shift 2 ;;
	--equivalent) equiv=$2; shift 2 ;;
	--sanitize) sanitize=--enable-sanitizers; shift ;;
	--list) mode=list; shift ;;
	--show) mode=show; show=$2; shift 2 ;;
	-h|--help) usage ;;
	--) shift; break ;;
	-*) echo "mutate.sh: unknown option $1" >&2; usage ;;
	*) break ;;
	esac
done
case $sample$seed$limit in
*[!0-9]*) echo "mutate.sh: --sample, --seed and --timeout take numbers" >&2
	exit 2 ;;
esac

if [ $# -gt 0 ]; then
	files=$*
else
	files=
	for f in "$top"/src/rules/*.c "$top"/src/rules/*/*.c; do
		files="$files ${f#"$top"/}"
	done
	files="$files src/core/move-walk.c src/core/move-road.c src/core/move-route.c"
	files="$files src/core/move-ctx.c src/core/move-step.c"
	files="$files src/core/move-near.c src/core/move-plan.c"
	files="$files src/core/command.c src/io/save-read.c src/io/save-write.c"
fi
for f in $files; do
	[ -f "$top/$f" ] || { echo "mutate.sh: no file $f" >&2; exit 2; }
done

mkdir -p "$work"
work=$(cd "$work" && pwd)
list=$work/mutants
US=$(printf '\037')

# --- the mutants ------------------------------------------------------------
# One line per mutant, fields separated by US (ASCII 31): id, file, line,
# column (1-based), length of the original text, extra lines the original
# runs over (their text is blanked), operator, the original text, the
# replacement.  Ids count from 1 in file order; the sample keeps ids.
generate() {
	for f in $files; do
		awk -v FILE="$f" '
		function ident(c) { return c ~ /[A-Za-z0-9_]/ }
		# The line with comments, strings and character constants
		# turned to spaces (same length), carrying /* */ across lines.
		function mask(s,    out, i, n, c, d, q) {
			out = ""; n = length(s)
			for (i = 1; i <= n; i++) {
				c = substr(s, i, 1); d = substr(s, i + 1, 1)
				if (incomment) {
					if (c == "*" && d == "/") {
						incomment = 0; out = out "  "; i++
					} else
						out = out " "
					continue
				}
				if (c == "/" && d == "*") {
					incomment = 1; out = out "  "; i++; continue
				}
				if (c == "/" && d == "/") {
					while (i <= n) { out = out " "; i++ }
					break
				}
				if (c == "\"" || c == "\047") {
					q = c; out = out " "
					for (i++; i <= n; i++) {
						c = substr(s, i, 1)
						if (c == "\\") { out = out "  "; i++; continue }
						out = out " "
						if (c == q) break
					}
					continue
				}
				out = out c
			}
			return out
		}
		# The last character that is not a blank before position i.
		function prevc(s, i) {
			for (i--; i >= 1; i--)
				if (substr(s, i, 1) !~ /[ \t]/)
					return substr(s, i, 1)
			return ""
		}
		# A sign after return or case is unary, not a sum.
		function unary_kw(s, i,    t) {
			t = substr(s, 1, i - 1)
			return t ~ /(^|[^A-Za-z0-9_])(return|case)[ \t]*$/
		}
		function emit(line, col, len, span, op, orig, repl) {
			printf "%s\037%d\037%d\037%d\037%d\037%s\037%s\037%s\n",
			    FILE, line, col, len, span, op, orig, repl
		}
		{ raw[NR] = $0; m[NR] = mask($0) }
		END {
			decl = "^[ \t]*(static|const|char|int|unsigned|long|short|" \
			    "bool|double|float|size_t|ssize_t|uint[0-9]+_t|" \
			    "int[0-9]+_t|struct|enum|union|void|FILE|va_list|" \
			    "signed|typedef|extern|register)[ \t*]"
			for (ln = 1; ln <= NR; ln++) {
				s = m[ln]; r = raw[ln]
				if (s ~ /^[ \t]*#/ || pp) {
					pp = (r ~ /\\$/)
					continue
				}
				n = length(s)
				isdecl = (s ~ decl)
				for (i = 1; i <= n; i++) {
					c = substr(s, i, 1); d = substr(s, i + 1, 1)
					p = i > 1 ? substr(s, i - 1, 1) : ""
					# comparisons
					if (c == "<" && d == "=" && p != "<")
						emit(ln, i, 2, 0, "ror", "<=", "<")
					else if (c == "<" && d != "<" && p != "<" &&
					    d != "=")
						emit(ln, i, 1, 0, "ror", "<", "<=")
					else if (c == ">" && d == "=" && p != ">" &&
					    p != "-")
						emit(ln, i, 2, 0, "ror", ">=", ">")
					else if (c == ">" && d != ">" && p != ">" &&
					    p != "-" && d != "=")
						emit(ln, i, 1, 0, "ror", ">", ">=")
					else if (c == "=" && d == "=")
						emit(ln, i++, 2, 0, "ror", "==", "!=")
					else if (c == "!" && d == "=")
						emit(ln, i++, 2, 0, "ror", "!=", "==")
					# arithmetic: binary + and -, += and -=
					else if ((c == "+" || c == "-") && d != c &&
					    d != ">" && p != c) {
						q = prevc(s, i)
						if (d == "=")
							emit(ln, i, 2, 0, "aor", c "=",
							    (c == "+" ? "-" : "+") "=")
						else if (q ~ /[A-Za-z0-9_)\]]/ &&
						    !unary_kw(s, i))
							emit(ln, i, 1, 0, "aor", c,
							    c == "+" ? "-" : "+")
					}
					# decimal constants, not in names, not
					# array sizes of declarations
					else if (c ~ /[0-9]/ && !ident(p) && p != ".") {
						for (k = i; k <= n &&
						    substr(s, k, 1) ~ /[0-9]/; k++)
							;
						e = substr(s, k, 1)
						num = substr(s, i, k - i)
						if (!ident(e) && e != "." &&
						    !(isdecl && p == "[" && e == "]") &&
						    !(c == "0" && k - i > 1))
							emit(ln, i, k - i, 0, "const", num,
							    num + 1)
						i = k - 1
					} else if (ident(c))
						# skip the rest of a name
						while (i < n && ident(substr(s, i + 1, 1)))
							i++
				}
				# if (c) -> if (!(c)), the condition on one line
				rest = s; off = 0
				while (match(rest, /(^|[^A-Za-z0-9_])if[ \t]*\(/)) {
					st = off + RSTART + RLENGTH	# after "("
					depth = 1
					for (k = st; k <= n && depth > 0; k++) {
						c = substr(s, k, 1)
						if (c == "(") depth++
						else if (c == ")") depth--
					}
					if (depth == 0) {
						len = k - 1 - st
						cond = substr(r, st, len)
						emit(ln, st, len, 0, "if", cond,
						    "!(" cond ")")
					}
					off = st - 1
					rest = substr(s, st)
				}
				# a statement: starts the line after the end of
				# another, is not a declaration, return or jump,
				# and ends with ";" where its parentheses close
				t = s; sub(/^[ \t]+/, "", t)
				prevend = pl; prevtext = pt
				if (t != "") {
					x = t; sub(/[ \t]+$/, "", x)
					pl = substr(x, length(x), 1); pt = x
					if (x ~ /(^|[^A-Za-z0-9_])else$/) pl = ";"
				}
				# after a ":" only a case label or a label, not
				# the middle of a ?: expression
				if (t == "" || isdecl || prevend !~ /[;{}):]/ ||
				    (prevend == ":" && prevtext !~ /^((case|default)[^A-Za-z0-9_]|[A-Za-z_][A-Za-z0-9_]*:$)/))
					continue
				if (t !~ /^[A-Za-z_*(]/ ||
				    t ~ /^(return|break|continue|goto|case|default|else|if|for|while|do|switch)([^A-Za-z0-9_]|$)/ ||
				    t ~ /^[A-Za-z_][A-Za-z0-9_]*[ \t]+\**[A-Za-z_]/ ||
				    t ~ /^[A-Za-z_][A-Za-z0-9_]*:/ ||
				    t ~ /^([A-Za-z_][A-Za-z0-9_]*_)?free[ \t]*\(/)
					continue
				depth = 0
				for (e = ln; e <= NR && e < ln + 12; e++) {
					u = m[e]
					for (k = 1; k <= length(u); k++) {
						c = substr(u, k, 1)
						if (c == "(" || c == "[") depth++
						else if (c == ")" || c == "]") depth--
					}
					x = u; sub(/[ \t]+$/, "", x)
					if (depth == 0 && x ~ /;$/) break
					if (depth < 0 || x ~ /[{}]$/) { e = NR + 1; break }
				}
				if (e > NR || e >= ln + 12 || m[e] ~ /;.*;[ \t]*$/)
					continue
				col = match(r, /[^ \t]/)
				orig = substr(r, col)
				if (e > ln)
					orig = orig " ..."
				emit(ln, col, length(r) - col + 1, e - ln, "del",
				    orig, ";")
			}
		}' "$top/$f"
	done | awk '{ printf "%d\037%s\n", NR, $0 }'
}

# Keep N lines of the list, drawn with a Park-Miller generator seeded by
# SEED (exact in awk's doubles): the same on every awk.
draw() {
	awk -v N="$sample" -v S="$seed" -F "$US" '
	{ line[NR] = $0 }
	END {
		if (N <= 0 || N >= NR) {
			for (i = 1; i <= NR; i++) print line[i]
			exit
		}
		x = (S % 2147483646) + 1
		for (i = 1; i <= NR; i++) idx[i] = i
		# partial Fisher-Yates: the first N places
		for (i = 1; i <= N; i++) {
			x = (x * 16807) % 2147483647
			j = i + x % (NR - i + 1)
			t = idx[i]; idx[i] = idx[j]; idx[j] = t
		}
		for (i = 1; i <= N; i++) keep[idx[i]] = 1
		for (i = 1; i <= NR; i++) if (i in keep) print line[i]
	}'
}

generate > "$list.all"
if [ -n "$only" ]; then
	awk -F "$US" -v L="$only" 'BEGIN { n = split(L, a, ","); for (i = 1; i <= n; i++) w[a[i]] = 1 }
	    ($1 in w)' "$list.all" > "$list"
elif [ "$mode" = show ]; then
	:
else
	draw < "$list.all" > "$list"
fi

# --- the equivalent mutants -----------------------------------------------------
# A line of the list names one mutant as the report does, then its source
# line and the reason, separated by " | ":
#   FILE:LINE OPERATOR: ORIGINAL -> MUTANT | SOURCE LINE | REASON
# Where two mutants of one line share operator and texts, FILE:LINE:COLUMN
# names one of them (the column of the change, counting from 1, a tab as
# one).  Where two lines of the file read the same (blanks trimmed) and
# only one of their mutants is equivalent, the source line may start with
# @N, naming the Nth of those lines from the top of the file:
#   FILE:LINE OPERATOR: ORIGINAL -> MUTANT | @N SOURCE LINE | REASON
# (no C line starts with @).  An entry without @N matches every such line.
# A mutant matches on its file, operator, texts and the source line (its
# blanks trimmed), not on the line number, so the list outlives edits
# elsewhere in the file.  Lines starting with # and blank lines are left
# alone; an entry that matches no mutant of its file is reported as stale.
# Prints the matching lines of the mutant list on stdin (with
# EQ=1) or the others (EQ=0).
equivalent() {
	awk -F "$US" -v EQ="$1" -v TOP="$top" -v LIST="$equiv" '
	function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
	function srcline(f, n,    l, i) {
		for (i = 1; i <= n && (getline l < (TOP "/" f)) > 0; i++)
			;
		close(TOP "/" f)
		return trim(l)
	}
	# How many lines of file f up to line n read s (trimmed).
	function occurrence(f, n, s,    l, i, k) {
		k = 0
		for (i = 1; i <= n && (getline l < (TOP "/" f)) > 0; i++)
			if (trim(l) == s)
				k++
		close(TOP "/" f)
		return k
	}
	BEGIN {
		while ((getline l < LIST) > 0) {
			if (l ~ /^[ \t]*(#|$)/) continue
			n = split(l, part, / \| /)
			if (n < 3) continue
			head = part[1]; src = trim(part[2]); occ = ""
			if (src ~ /^@[0-9]+[ \t]/) {
				occ = src; sub(/[ \t].*$/, "", occ)
				sub(/^@[0-9]+[ \t]+/, "", src)
			}
			# FILE:LINE OPERATOR: ORIGINAL -> MUTANT
			if (!match(head, /^[^: ]+:[0-9]+(:[0-9]+)? [a-z]+: /)) continue
			pre = substr(head, 1, RLENGTH - 2); rest = substr(head, RLENGTH + 1)
			split(pre, fl, " "); op = fl[2]; col = ""
			if (fl[1] ~ /:[0-9]+:[0-9]+$/) {
				col = fl[1]; sub(/^.*:/, "", col)
				sub(/:[0-9]+$/, "", fl[1])
			}
			sub(/:[0-9]+$/, "", fl[1])
			k = 0
			for (i = length(rest) - 3; i >= 1; i--)
				if (substr(rest, i, 4) == " -> ") { k = i; break }
			if (!k) continue
			key = fl[1] SUBSEP op SUBSEP substr(rest, 1, k - 1) SUBSEP \
			    substr(rest, k + 4) SUBSEP src
			if (col != "")
				key = key SUBSEP col
			if (occ != "") {
				key = key SUBSEP occ
				byocc[fl[1] SUBSEP src] = 1
			}
			eq[key] = 1
		}
		close(LIST)
	}
	{
		src = srcline($2, $3)
		base = $2 SUBSEP $7 SUBSEP $8 SUBSEP $9 SUBSEP src
		key = base
		if (!(key in eq))
			key = base SUBSEP $4
		if (!(key in eq) && (($2 SUBSEP src) in byocc)) {
			occ = "@" occurrence($2, $3, src)
			key = base SUBSEP occ
			if (!(key in eq))
				key = base SUBSEP $4 SUBSEP occ
		}
		if (EQ == 2) { if (key in eq) used[key] = 1; files[$2] = 1; next }
		if ((key in eq) == (EQ == 1)) print
	}
	END {
		if (EQ != 2) exit
		for (key in eq) {
			split(key, kp, SUBSEP)
			if ((kp[1] in files) && !(key in used))
				printf "mutate.sh: stale entry in %s: %s %s: %s -> %s | %s\n",
				    LIST, kp[1], kp[2], kp[3], kp[4], kp[5] > "/dev/stderr"
		}
	}'
}
if [ "$mode" != show ] && [ -f "$equiv" ]; then
	equivalent 2 < "$list.all"
	equivalent 1 < "$list" > "$list.eq"
	equivalent 0 < "$list" > "$list.run"
	mv "$list.run" "$list"
else
	: > "$list.eq"
fi

# Apply the mutant on stdin's one line to the file under $1 (a tree).
apply() {
	IFS=$US read -r id file line col len span op orig repl
	export R="$repl"
	awk -v L="$line" -v C="$col" -v N="$len" -v S="$span" '
	NR == L { $0 = substr($0, 1, C - 1) ENVIRON["R"] substr($0, C + N) }
	NR > L && NR <= L + S { $0 = "" }
	{ print }' "$1/$file" > "$1/$file.mut"
	mv "$1/$file.mut" "$1/$file"
}

if [ "$mode" = list ]; then
	awk -F "$US" '{ printf "%5d %s:%d %s: %s -> %s\n", $1, $2, $3, $7, $8, $9 }' "$list"
	awk -F "$US" '{ printf "%5d %s:%d %s: %s -> %s (equivalent)\n", $1, $2, $3, $7, $8, $9 }' "$list.eq"
	echo "$(wc -l < "$list") of $(wc -l < "$list.all") mutants, and $(wc -l < "$list.eq") written down as equivalent" >&2
	exit 0
fi
if [ "$mode" = show ]; then
	m=$(awk -F "$US" -v I="$show" '$1 == I' "$list.all")
	[ -n "$m" ] || { echo "mutate.sh: no mutant $show" >&2; exit 2; }
	f=$(printf '%s\n' "$m" | cut -d "$US" -f 2)
	rm -rf "$work/show"; mkdir -p "$work/show/${f%/*}"
	cp "$top/$f" "$work/show/$f"
	printf '%s\n' "$m" | apply "$work/show"
	diff -u "$top/$f" "$work/show/$f" || true
	exit 0
fi

# --- the scratch tree and its build -------------------------------------------
src=$work/src
build=$work/build${sanitize:+-san}
[ -x "$top/configure" ] || { echo "mutate.sh: run ./bootstrap first (no configure)" >&2; exit 1; }
rm -rf "$src"
mkdir -p "$src" "$build"
# Everything but builds and version control; times kept, so make does not
# try to regenerate configure.
case $work in
"$top"/*) inside=./${work#"$top"/} ;;
*) inside=./_build ;;
esac
(cd "$top" && tar -cf - --exclude='./_build*' --exclude=./.git \
    --exclude='./autom4te.cache' --exclude="$inside" .) |
    (cd "$src" && tar -xf -)
# A run cut short may have left a mutant's object in the build: the files
# to mutate are built afresh once.
for f in $files; do touch "$src/$f"; done
if [ ! -f "$build/Makefile" ]; then
	echo "mutate.sh: configuring the scratch build in $build"
	(cd "$build" && "$src/configure" -q $sanitize CFLAGS='-O0 -g0') \
	    >"$work/configure.log" 2>&1 ||
	    { echo "mutate.sh: configure failed, see $work/configure.log" >&2; exit 1; }
fi
progs=
for t in $tests; do progs="$progs tests/$t"; done

build_tests() {
	(cd "$build" && make -s -j2 $progs) </dev/null >"$work/build.log" 2>&1
}

# 0: every test passed; 1: one failed; 2: one timed out.
run_tests() {
	for t in $tests; do
		if (cd "$build" && MARSHAL_DATA="$src/data" top_srcdir="$src" \
		    timeout -k 5 "$limit" "./tests/$t" </dev/null >/dev/null 2>&1)
		then
			continue
		else
			case $? in 124|137) return 2 ;; esac
			return 1
		fi
	done
	return 0
}

echo "mutate.sh: building and testing the unmutated copy"
build_tests || { echo "mutate.sh: the copy does not build, see $work/build.log" >&2; exit 1; }
run_tests || { echo "mutate.sh: the unmutated copy fails its tests" >&2; exit 1; }

total=$(wc -l < "$list")
echo "mutate.sh: $total of $(wc -l < "$list.all") mutants (seed $seed), tests: $tests"
results=$work/results
: > "$results"
k=0
start=$(date +%s)
while IFS= read -r m; do
	k=$((k + 1))
	f=$(printf '%s\n' "$m" | cut -d "$US" -f 2)
	cp "$src/$f" "$work/orig.c"
	printf '%s\n' "$m" | apply "$src"
	if ! build_tests; then
		r=stillborn
	else
		set +e
		run_tests
		case $? in 0) r=survived ;; 1) r=killed ;; *) r=timeout ;; esac
		set -e
	fi
	# back to the original, with a new time so make rebuilds it
	cp "$work/orig.c" "$src/$f"
	printf '%s%s%s\n' "$r" "$US" "$m" >> "$results"
	printf '\r  %d/%d %s' "$k" "$total" "$r    " >&2
done < "$list"
echo >&2
build_tests || true
end=$(date +%s)
awk -v US="$US" '{ print "equivalent" US $0 }' "$list.eq" >> "$results"

# --- the report ---------------------------------------------------------------
awk -F "$US" -v secs=$((end - start)) -v SRC="$src" '
# the source line of a survivor, trimmed, for the list
function text(f, n,    l, i) {
	for (i = 1; i <= n && (getline l < (SRC "/" f)) > 0; i++)
		;
	close(SRC "/" f)
	sub(/^[ \t]+/, "", l)
	return length(l) > 60 ? substr(l, 1, 57) "..." : l
}
{
	r = $1; f = $3
	if (!(f in run)) { order[++nf] = f; run[f] = 0 }
	if (r == "stillborn") { still[f]++; tstill++; next }
	if (r == "equivalent") { eqv[f]++; teqv++
		e[++ne] = sprintf("  %s:%d %s: %s -> %s   [%d: %s]", f, $4, $8,
		    $9, $10, $2, text(f, $4))
		next }
	run[f]++; trun++
	if (r == "killed") { kill[f]++; tkill++ }
	else if (r == "timeout") { tout[f]++; ttout++ }
	else { surv[f]++; tsurv++
		s[++ns] = sprintf("  %s:%d %s: %s -> %s   [%d: %s]", f, $4, $8,
		    $9, $10, $2, text(f, $4)) }
}
END {
	printf "\n%-32s %5s %7s %8s %8s %9s %6s %7s\n", "file", "run", "killed",
	    "timeout", "survived", "stillborn", "equiv", "share"
	for (i = 1; i <= nf; i++) {
		f = order[i]
		printf "%-32s %5d %7d %8d %8d %9d %6d %6.1f%%\n", f, run[f],
		    kill[f], tout[f], surv[f], still[f], eqv[f],
		    run[f] ? 100 * (kill[f] + tout[f]) / run[f] : 0
	}
	printf "%-32s %5d %7d %8d %8d %9d %6d %6.1f%%\n", "total", trun, tkill,
	    ttout, tsurv, tstill, teqv, trun ? 100 * (tkill + ttout) / trun : 0
	printf "(killed share = killed + timeout over run; stillborn mutants " \
	    "did not compile and equivalent ones (bench/mutants-equivalent.txt) " \
	    "were not run: both are left out; %d s)\n", secs
	if (ns) {
		printf "\nsurvivors (FILE:LINE OPERATOR: ORIGINAL -> MUTANT " \
		    "[ID: the line]):\n"
		for (i = 1; i <= ns; i++) print s[i]
	}
	if (ne) {
		printf "\nequivalent, written down (not run):\n"
		for (i = 1; i <= ne; i++) print e[i]
	}
}' "$results" | tee "$work/report"
