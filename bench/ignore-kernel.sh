#!/usr/bin/env bash
# urg's ripgrep-style filtering against ripgrep's on the Linux kernel tree
# (issue 39's table): warm and cold, interleaved rounds, medians, outputs
# checked equal (sorted) before any timing.
#
#   bash bench/ignore-kernel.sh [WARM_ROUNDS [COLD_ROUNDS]]
#
# Needs root (apt-get, drop_caches). The tree is Debian's linux-source-6.1,
# untarred under $CORPUS (default /work/corpus), made a git repository
# whose root .gitignore loses its last 5 lines (Debian's "/*", which would
# ignore the whole tree). URG (default bin/urg) and RG (default
# /opt/peers/bin/rg15, from ../shared/peers.sh, else rg) are compared;
# output goes through a pipe to wc, never to /dev/null (ripgrep stops at
# the first match when it sees /dev/null).
set -euo pipefail
. "$(dirname "$0")/cpu.sh"
WARM=${1:-15}
COLD=${2:-3}
CORPUS=${CORPUS:-/work/corpus}
URG=$(realpath "${URG:-bin/urg}")
RG=${RG:-/opt/peers/bin/rg15}
[ -x "$RG" ] || RG=$(command -v rg)
TREE=$CORPUS/linux-source-6.1
if [ ! -d "$TREE/.git" ]; then
	[ -f /usr/src/linux-source-6.1.tar.xz ] || apt-get install -y linux-source-6.1 >/dev/null
	mkdir -p "$CORPUS"
	tar -C "$CORPUS" -xf /usr/src/linux-source-6.1.tar.xz
	(cd "$TREE" && git init -q && head -n -5 .gitignore >.gitignore.new && mv .gitignore.new .gitignore)
fi
cd "$TREE"
cpu_header
echo "tree: $TREE ($(find . -type f -not -path './.git/*' | wc -l) files, $(find . -name .gitignore | wc -l) .gitignore files)"
echo "urg: $URG ($("$URG" --version)); rg: $RG ($("$RG" --version | head -1))"

# Each case: a name, then urg's arguments and rg's, split by "::".
CASES=(
	"literal, filtered|--ignore -n PM_RESUME .::-n PM_RESUME ."
	"literal, unfiltered|-n PM_RESUME .::-uuu -a -n PM_RESUME ."
	"word class, filtered|--ignore -n -w [A-Z]+_SUSPEND .::-n -w [A-Z]+_SUSPEND ."
	"word class, unfiltered|-n -w [A-Z]+_SUSPEND .::-uuu -a -n -w [A-Z]+_SUSPEND ."
	"files, filtered|--files --ignore::--files"
)

run() { # tool args... -> seconds, output piped to wc
	local t0 t1
	t0=$(date +%s.%N)
	"$@" | wc -c >/dev/null
	t1=$(date +%s.%N)
	echo "$t1 - $t0" | bc
}
median_of() { # "t1 t2 ..." -> their median
	tr ' ' '\n' <<<"$1" | grep . | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'
}
split_case() { # "name|urg args::rg args" -> name, ua, ra
	name=${1%%|*}
	local rest=${1#*|}
	read -r -a ua <<<"${rest%%::*}"
	read -r -a ra <<<"${rest#*::}"
}

for c in "${CASES[@]}"; do
	split_case "$c"
	if ! cmp -s <("$URG" "${ua[@]}" | sort) <("$RG" "${ra[@]}" | sort); then
		echo "$name: outputs differ: urg ${ua[*]} / rg ${ra[*]}" >&2
		exit 1
	fi
done
echo "outputs equal"

# Warm: the tree is read just before (this VM pages out file pages left
# untouched for a while).
cat $(find . -type f -not -path './.git/*') >/dev/null 2>&1 || true
declare -A W
# Each round starts at another case, and the tools take turns going
# first: a run right after a pause, or after the other tool's, is not
# always the same one's.
n=${#CASES[@]}
for ((i = 0; i < WARM; i++)); do
	for ((k = 0; k < n; k++)); do
		split_case "${CASES[$(((i + k) % n))]}"
		if ((i % 2)); then
			W["$name|rg"]+="$(run "$RG" "${ra[@]}") "
			W["$name|urg"]+="$(run "$URG" "${ua[@]}") "
		else
			W["$name|urg"]+="$(run "$URG" "${ua[@]}") "
			W["$name|rg"]+="$(run "$RG" "${ra[@]}") "
		fi
	done
done
echo
echo "warm, $WARM rounds, medians (s):"
printf '%-28s %8s %8s %8s\n' case urg rg urg/rg
for c in "${CASES[@]}"; do
	name=${c%%|*}
	u=$(median_of "${W["$name|urg"]}")
	r=$(median_of "${W["$name|rg"]}")
	printf '%-28s %8.3f %8.3f %8.2f\n' "$name" "$u" "$r" "$(echo "$u / $r" | bc -l)"
done

[ "$COLD" -gt 0 ] || exit 0
[ "$(id -u)" = 0 ] || { echo "cold runs need root"; exit 0; }
declare -A C
COLD_CASES=("${CASES[0]}" "${CASES[1]}")
for ((i = 0; i < COLD; i++)); do
	for c in "${COLD_CASES[@]}"; do
		split_case "$c"
		sync; echo 3 >/proc/sys/vm/drop_caches
		C["$name|urg"]+="$(run "$URG" "${ua[@]}") "
		sync; echo 3 >/proc/sys/vm/drop_caches
		C["$name|rg"]+="$(run "$RG" "${ra[@]}") "
		sync; echo 3 >/proc/sys/vm/drop_caches
		C["$name|rg-j16"]+="$(run "$RG" -j16 "${ra[@]}") "
	done
done
echo
echo "cold, $COLD rounds, medians (s):"
printf '%-28s %8s %8s %8s %8s %8s\n' case urg rg urg/rg rg-j16 urg/j16
for c in "${COLD_CASES[@]}"; do
	name=${c%%|*}
	u=$(median_of "${C["$name|urg"]}")
	r=$(median_of "${C["$name|rg"]}")
	j=$(median_of "${C["$name|rg-j16"]}")
	printf '%-28s %8.3f %8.3f %8.2f %8.3f %8.2f\n' "$name" "$u" "$r" "$(echo "$u / $r" | bc -l)" "$j" "$(echo "$u / $j" | bc -l)"
done
