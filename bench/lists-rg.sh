#!/usr/bin/env bash
# urg against ripgrep on the bench's pattern lists (issue 41's list
# rows): the bench's go corpus and its lists (go run ./bench -corpora go
# makes both under /tmp/urg-bench), outputs checked equal (sorted) first,
# then interleaved rounds, each command run once under perf stat
# (task-clock: the CPU time) and once timed by its wall clock; medians.
# Output goes through a pipe to wc, never to /dev/null.
#
#   bash bench/lists-rg.sh [ROUNDS]
#
# URG defaults to bin/urg, RG to /opt/peers/bin/rg15 (from
# ../shared/peers.sh), else rg; rg gets --include-zero, so that it prints
# the zero counts grep and urg print. BENCH defaults to /tmp/urg-bench.
set -euo pipefail
. "$(dirname "$0")/cpu.sh"
ROUNDS=${1:-15}
URG=$(realpath "${URG:-bin/urg}")
RG=${RG:-/opt/peers/bin/rg15}
[ -x "$RG" ] || RG=$(command -v rg)
BENCH=${BENCH:-/tmp/urg-bench}
CORPUS=$BENCH/go
LISTS=$BENCH/lists/go
command -v perf >/dev/null || { echo "perf is needed (apt-get install linux-perf)" >&2; exit 1; }
cpu_header
echo "corpus: $CORPUS; urg: $URG; rg: $RG ($("$RG" --version | head -1))"

names=() urgs=() rgs=()
for l in words-1000 words-10000 words-100000 regex-digits-100 regex-digits-1000 regex-icase-100 regex-icase-1000; do
	f=""
	case $l in words-*) f=-F ;; esac
	u="$URG -uuu -a $f -c -f $LISTS/$l.txt $CORPUS"
	r="$RG -uuu -a $f --include-zero -c -f $LISTS/$l.txt $CORPUS"
	if [ "$(bash -c "$u" | sort | md5sum)" != "$(bash -c "$r" | sort | md5sum)" ]; then
		echo "$l: outputs differ" >&2
		exit 1
	fi
	names+=("$l") urgs+=("$u") rgs+=("$r")
done

declare -A W C
run() { # run KEY CMD: one timed run and one under perf stat
	local out t0 t1
	out=$(perf stat -x, -e task-clock -- bash -c "$2 | wc -c >/dev/null" 2>&1 >/dev/null)
	t0=$(date +%s%N)
	bash -c "$2 | wc -c >/dev/null"
	t1=$(date +%s%N)
	W[$1]+="$(((t1 - t0) / 1000000)) "
	C[$1]+="$(echo "$out" | awk -F, '/task-clock/ {printf "%d", $1}') "
}
for ((i = 0; i < ROUNDS; i++)); do
	for k in "${!names[@]}"; do
		run "u$k" "${urgs[$k]}"
		run "r$k" "${rgs[$k]}"
	done
done
med() { tr ' ' '\n' <<<"$1" | grep . | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
printf "%-18s %8s %8s %8s %16s\n" list "urg ms" "rg ms" "urg/rg" "CPU urg/rg ms"
for k in "${!names[@]}"; do
	u=$(med "${W[u$k]}") r=$(med "${W[r$k]}")
	printf "%-18s %8d %8d %8.2f %8d/%-8d\n" "${names[$k]}" "$u" "$r" "$(echo "$u / $r" | bc -l)" "$(med "${C[u$k]}")" "$(med "${C[r$k]}")"
done
