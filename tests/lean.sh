#!/bin/sh
# lean.sh - what marshal sends a slow link, through bench/pty-bench at
# 80x24: a cursor key is one write() of at most 32 bytes, a full redraw
# (Ctrl-L) at most two write() calls, and a hot-seat end of turn less
# than 2,000 bytes (issue 13).  Counts, never times: the figures do not
# depend on the machine's speed.
: "${top_srcdir:=.}"
: "${MARSHAL_BIN:?MARSHAL_BIN is not set}"
: "${MARSHAL_DATA:?MARSHAL_DATA is not set}"
bench=$(dirname "$MARSHAL_BIN")/bench/pty-bench
if [ ! -r /proc/self/io ]; then
	echo "SKIP: no /proc/PID/io to count write() calls"
	exit 77
fi
[ -x "$bench" ] || { echo "FAIL: $bench is not built"; exit 1; }
out=$("$bench" -d XDG_DATA_HOME -d XDG_CONFIG_HOME -e LC_ALL=C.UTF-8 \
    -e "MARSHAL_DATA=$MARSHAL_DATA" -s 80x24 -r 1 -c l -n 9 -R '\x0c' \
    -k q -x qy -- "$MARSHAL_BIN" play default) || {
	echo "FAIL: pty-bench failed"; exit 1; }
echo "$out"
# figure LABEL: the first number after the label
figure() {
	echo "$out" | sed -n "s/^$1 *\([0-9.]*\).*/\1/p" | cut -d. -f1
}
fail=0
check() {	# LABEL MAX
	v=$(figure "$1")
	if [ -z "$v" ]; then
		echo "FAIL: no figure '$1'"; fail=1
	elif [ "$v" -gt "$2" ]; then
		echo "FAIL: $1 is $v, more than $2"; fail=1
	else
		echo "ok: $1 is $v (at most $2)"
	fi
}
check "cursor key, writes (median)" 1
check "cursor key, bytes (median)" 32
check "redraw, writes" 2

# Hot-seat, as bench runs it: orders for six French units, then the end
# of the turn (e, Enter past the hand-over box, e for the Allies).  The
# three keys together send less than 2,000 bytes, and the two that do not
# save the game one write() each.
out=$("$bench" -d XDG_DATA_HOME -d XDG_CONFIG_HOME -e LC_ALL=C.UTF-8 \
    -e "MARSHAL_DATA=$MARSHAL_DATA" -s 80x24 -r 1 -c l -n 1 -k 'q\r' \
    -p '\tmkkkk\r\tmkkkk\r\tmkkkk\r\tmkkkk\r\tmkkkk\r\tmkkkk\r' \
    -t 'e\re' -x qy -- "$MARSHAL_BIN" play --hotseat default) || {
	echo "FAIL: pty-bench failed (hot-seat)"; exit 1; }
echo "$out"
check "end of turn, bytes" 1999
keyed=$(echo "$out" | sed -n 's/^end of turn, writes key by key *\([0-9+]*\).*/\1/p')
case $keyed in
1+1+*)	echo "ok: the hand-over's keys are one write() each ($keyed)" ;;
*)	echo "FAIL: end of turn's writes key by key are '$keyed', not 1+1+..."
	fail=1 ;;
esac
exit $fail
