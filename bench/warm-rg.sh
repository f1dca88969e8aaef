#!/usr/bin/env bash
# urg against ripgrep on everyday searches, warm (issue 41's table):
# interleaved rounds, outputs checked equal (sorted) before any timing,
# medians of wall, user and system time, in both locales: LC_ALL=C with
# rg --no-unicode, and LC_ALL=C.UTF-8 with rg as it is.
#
#   bash bench/warm-rg.sh [ROUNDS [TREE]]
#
# TREE defaults to GOROOT's src ($(go env GOROOT)/src). URG (default
# bin/urg) runs with -a; RG (default /opt/peers/bin/rg15, from
# ../shared/peers.sh, else rg) with -uuu -a. Output goes through a pipe to
# wc, never to /dev/null (GNU grep stops at the first match when it sees
# /dev/null, and any tool may learn to). ONLY=substring keeps the searches whose line holds it;
# DIFFER=1 times a search whose outputs differ too, saying by how much.
# SET picks the searches: everyday (the default), linux (ripgrep's
# benchsuite linux_* patterns, each with and without -i: run it on a
# kernel tree) or lines (searches that print many lines, and the
# case-folded literal of two words).
set -euo pipefail
. "$(dirname "$0")/cpu.sh"
ROUNDS=${1:-15}
TREE=${2:-$(go env GOROOT)/src}
URG=$(realpath "${URG:-bin/urg}")
RG=${RG:-/opt/peers/bin/rg15}
[ -x "$RG" ] || RG=$(command -v rg)
cd "$TREE"
cpu_header
echo "tree: $TREE ($(find . -type f | wc -l) files); urg: $URG; rg: $RG ($("$RG" --version | head -1))"

# Each search: the flags and the pattern, one word each, "|"-separated.
EVERYDAY=(
	"-c|-w|err"
	"-n|func main"
	"-c|-i|copyright"
	"-c|TODO|FIXME|XXX"
	"-c|\w+Error\("
	"-l|unsafe\.Pointer"
	"-n|^\s*// Deprecated:"
	"-c|[A-Z][a-z]+Writer\b"
	"-c|[0-9]{4}-[0-9]{2}-[0-9]{2}"
	"-c|\p{Greek}"
	"-o|-w|0x[0-9a-fA-F]{8,}"
	"-o|[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}"
	"-o|func \(\w+ \*?\w+\) \w+"
	"-o|\b\w+_\w+\("
	"-c|\w{5}\s+\w{5}\s+\w{5}\s+\w{5}\s+\w{5}"
)
# ripgrep's benchsuite (benchsuite/benchsuite in its repository): the
# linux_* searches, each also case-folded.
LINUX=()
for s in "PM_RESUME" "-n|PM_RESUME" "-n|[A-Z]+_RESUME" "-n|-w|PM_RESUME" \
	"-n|\p{Greek}" "-n|\wAh" "-n|(?-u)\wAh" \
	"-n|\w{5}\s+\w{5}\s+\w{5}\s+\w{5}\s+\w{5}" \
	"-n|(?-u)\w{5}\s+\w{5}\s+\w{5}\s+\w{5}\s+\w{5}" \
	"-n|ERR_SYS|PME_TURN_OFF|LINK_REQ_RST|CFG_BME_EVT"; do
	LINUX+=("$s" "-i|$s")
done
LINES=(
	"-n|return"
	"-o|\w+"
	"-n|-i|nil pointer"
)
case ${SET:-everyday} in
everyday) SEARCHES=("${EVERYDAY[@]}") ;;
linux) SEARCHES=("${LINUX[@]}") ;;
lines) SEARCHES=("${LINES[@]}") ;;
*) echo "SET is everyday, linux or lines" >&2; exit 2 ;;
esac
# The pattern alternation of TODO|FIXME|XXX is one argument: rejoin the
# pieces after the flags.
split_search() { # "flags|...|pattern" -> args
	args=()
	local rest=$1
	while [[ $rest == -* ]]; do
		args+=("${rest%%|*}")
		rest=${rest#*|}
	done
	args+=("$rest")
}

measure() { # tool args... -> "wall user sys", output piped to wc
	local t0 t1
	t0=$(date +%s%N)
	/usr/bin/time -q -f "%U %S" -o /tmp/warm-rg.$$ "$@" 2>/dev/null | wc -c >/dev/null
	t1=$(date +%s%N)
	echo "$(echo "($t1 - $t0) / 1000000000" | bc -l) $(cat /tmp/warm-rg.$$)"
}
median_of() { # "t1 t2 ..." -> their median
	tr ' ' '\n' <<<"$1" | grep . | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'
}

cat $(find . -type f) >/dev/null 2>&1 || true
for loc in C C.UTF-8; do
	rgloc=()
	[ "$loc" = C ] && rgloc=(--no-unicode)
	echo
	echo "LC_ALL=$loc, $ROUNDS rounds, medians (s):"
	printf '%-52s %7s %7s %7s  %7s %7s %7s  %6s\n' search urg user sys rg user sys urg/rg
	for s in "${SEARCHES[@]}"; do
		[ -z "${ONLY:-}" ] || [[ $s == *"$ONLY"* ]] || continue
		split_search "$s"
		pat=${args[-1]}
		flags=("${args[@]:0:${#args[@]}-1}")
		u=("$URG" -a "${flags[@]}" -e "$pat" .)
		r=("$RG" -uuu -a "${rgloc[@]}" "${flags[@]}" -e "$pat" .)
		if LC_ALL=$loc "${r[@]}" >/dev/null 2>&1; [ $? -ge 2 ]; then
			printf '%-52s rg refuses it\n' "${args[*]}"
			continue
		fi
		# grep's -c names the files with no match too (FILE:0); ripgrep's
		# does not. Elsewhere a line that ends in ":0" is a match's.
		zero='^$'
		[[ " ${flags[*]} " == *" -c "* ]] && zero=':0$'
		note=""
		if ! cmp -s <(LC_ALL=$loc "${u[@]}" 2>/dev/null | grep -av "$zero" | sort) <(LC_ALL=$loc "${r[@]}" 2>/dev/null | grep -av '^$' | sort); then
			if [ -z "${DIFFER:-}" ]; then
				printf '%-52s outputs differ\n' "${args[*]}"
				continue
			fi
			# DIFFER=1 times it all the same, and says by how many lines
			# (a difference by design, such as PCRE2's \w, which holds
			# \p{N}, against ripgrep's).
			# (diff's status 1, under pipefail, would end the script.)
			note=" ($({ diff <(LC_ALL=$loc "${u[@]}" 2>/dev/null | grep -av "$zero" | sort) <(LC_ALL=$loc "${r[@]}" 2>/dev/null | grep -av '^$' | sort) || true; } | grep -c '^[<>]') lines differ)"
		fi
		declare -A W=()
		for ((i = 0; i < ROUNDS; i++)); do
			for t in urg rg; do
				if [ $t = urg ]; then m=$(LC_ALL=$loc measure "${u[@]}"); else m=$(LC_ALL=$loc measure "${r[@]}"); fi
				read -r w us sy <<<"$m"
				W[$t.w]+="$w "
				W[$t.u]+="$us "
				W[$t.s]+="$sy "
			done
		done
		uw=$(median_of "${W[urg.w]}")
		rw=$(median_of "${W[rg.w]}")
		printf '%-52s %7.3f %7.2f %7.2f  %7.3f %7.2f %7.2f  %6.2f\n' "${args[*]}" \
			"$uw" "$(median_of "${W[urg.u]}")" "$(median_of "${W[urg.s]}")" \
			"$rw" "$(median_of "${W[rg.u]}")" "$(median_of "${W[rg.s]}")" \
			"$(echo "$uw / $rw" | bc -l)"
		[ -z "$note" ] || echo "$note"
	done
done
rm -f /tmp/warm-rg.$$
