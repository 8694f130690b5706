#!/bin/sh
# restricted.sh - the public-server mode refuses, without a terminal,
# every command but play and every scenario that is not a bundled one
# named by a bare name (so no path the player types is ever opened), with
# --restricted and with MARSHAL_RESTRICTED=1; and marshal's sources run
# no other program (no shell escape can exist).
: "${MARSHAL_BIN:?MARSHAL_BIN is not set}"
: "${MARSHAL_DATA:?MARSHAL_DATA is not set}"
: "${top_srcdir:=.}"

fails=0
XDG_DATA_HOME=$(mktemp -d "${TMPDIR:-/tmp}/marshal-xdg.XXXXXX") || exit 99
export XDG_DATA_HOME MARSHAL_DATA
trap 'rm -rf "$XDG_DATA_HOME"' EXIT

# refuse WHAT EXPECTED-TEXT ARGS...: marshal exits 2 saying EXPECTED-TEXT.
refuse() {
	what=$1 text=$2
	shift 2
	out=$("$@" </dev/null 2>&1)
	rc=$?
	if [ $rc -ne 2 ] || ! printf '%s\n' "$out" | grep -qF -- "$text"; then
		echo "FAIL: $what: rc=$rc, output: $out"
		fails=$((fails + 1))
	else
		echo "ok: refused $what"
	fi
}

for how in flag env; do
	if [ $how = flag ]; then
		M="$MARSHAL_BIN --restricted"
	else
		M="env MARSHAL_RESTRICTED=1 $MARSHAL_BIN"
	fi
	refuse "check ($how)" "not available" $M check "$MARSHAL_DATA/scenarios/default.yaml"
	refuse "resolve ($how)" "not available" $M resolve "$MARSHAL_DATA/scenarios/default.yaml"
	refuse "replay ($how)" "not available" $M replay /etc/passwd
	refuse "an absolute path ($how)" "among the bundled" $M play "$MARSHAL_DATA/scenarios/default.yaml"
	refuse "a relative path ($how)" "among the bundled" $M play ../scenarios/default
	refuse "a file name ($how)" "among the bundled" $M play default.yaml
	refuse "a dot name ($how)" "among the bundled" $M play ..
	refuse "an option as a scenario ($how)" "usage" $M play --x
	refuse "play by email ($how)" "not available" $M play --pbem default
	refuse "a turn file ($how)" "not available" $M play --pbem --orders /etc/passwd default
done

# Unrestricted, a path is fine (it gets as far as wanting a terminal).
out=$("$MARSHAL_BIN" play "$MARSHAL_DATA/scenarios/default.yaml" </dev/null 2>&1)
if ! printf '%s\n' "$out" | grep -q "needs a terminal"; then
	echo "FAIL: unrestricted play of a path: $out"
	fails=$((fails + 1))
fi
# MARSHAL_RESTRICTED=0 is not restricted.
out=$(env MARSHAL_RESTRICTED=0 "$MARSHAL_BIN" resolve "$MARSHAL_DATA/scenarios/default.yaml" --turns 1 2>&1)
if [ $? -ne 0 ]; then
	echo "FAIL: MARSHAL_RESTRICTED=0 refused resolve: $out"
	fails=$((fails + 1))
fi

# No other program is ever run: nothing for a player to escape into.
bad=$(grep -nE '\<(system|popen|execl|execlp|execle|execv|execvp|execvpe|posix_spawnp?)[[:space:]]*\(' \
	"$top_srcdir"/src/*.c "$top_srcdir"/src/*/*.c 2>/dev/null)
if [ -n "$bad" ]; then
	echo "FAIL: marshal runs other programs:"
	echo "$bad"
	fails=$((fails + 1))
fi
[ $fails -eq 0 ] || exit 1
echo "ok: restricted mode refuses what it should"
