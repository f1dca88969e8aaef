#!/usr/bin/env bash
# urg's index (--index) on a tree: its size, a full build against one cold
# scan (caches dropped before each, as root), an update after touching
# 100 files, and searches with the index against rg scanning, warm
# (interleaved rounds, outputs checked equal first) and cold.
#
#   bash bench/index.sh [ROUNDS [TREE]]
#
# TREE defaults to the kernel tree under /work/corpus; URG to bin/urg, RG
# to /opt/peers/bin/rg15. Both sides filter as ripgrep does by default
# (urg --ignore), output piped to wc.
set -euo pipefail
. "$(dirname "$0")/cpu.sh"
ROUNDS=${1:-15}
TREE=${2:-/work/corpus/linux-source-6.1}
URG=$(realpath "${URG:-bin/urg}")
RG=${RG:-/opt/peers/bin/rg15}
cd "$TREE"
cpu_header
echo "tree: $TREE; urg: $URG; rg: $RG ($("$RG" --version | head -1))"
drop() { sync; echo 3 >/proc/sys/vm/drop_caches; }
secs() { local t0 t1; t0=$(date +%s%N); "$@" </dev/null 2>/dev/null | wc -c >/dev/null; t1=$(date +%s%N); echo "($t1 - $t0) / 1000000000" | bc -l; }
median() { tr ' ' '\n' <<<"$1" | grep . | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

echo; echo "build, cold (3 rounds): one scan against one full build"
S="" B=""
for i in 1 2 3; do
	drop; S+="$(secs "$URG" --ignore -l zzqqxxnotthere .) "
	rm -rf .urg; drop
	/usr/bin/time -f "%e %M" -o /tmp/index-build.$$ "$URG" --ignore --index-update .
	read -r t rss </tmp/index-build.$$
	B+="$t "
done
size=$(stat -c %s .urg/index)
corpus=$(find . -path ./.urg -prune -o -type f -printf '%s\n' | awk '{s+=$1} END {print s}')
printf 'scan %.2f s, build %.2f s (%.2fx), peak RSS %d MiB; index %d bytes, %.1f%% of %d\n' \
	"$(median "$S")" "$(median "$B")" "$(echo "$(median "$B") / $(median "$S")" | bc -l)" $((rss / 1024)) "$size" \
	"$(echo "100 * $size / $corpus" | bc -l)" "$corpus"

echo; echo "update after touching 100 files, warm ($ROUNDS rounds)"
"$URG" --ignore --index-update . # warm, nothing changed
U=""
for ((i = 0; i < ROUNDS; i++)); do
	find . -path ./.urg -prune -o -type f -name '*.c' -print | shuf -n 100 --random-source=<(yes $i) | xargs touch
	U+="$(secs "$URG" --ignore --index-update .) "
done
echo "update $(median "$U") s"

SEARCHES=("PM_RESUME" "-w|[A-Z]+_SUSPEND" "-i|pm_resume" "ERR_SYS|PME_TURN_OFF|LINK_REQ_RST|CFG_BME_EVT" "-F|-f|/tmp/index-words.$$" "-n|\w+_resume\(")
# 1,000 words of the tree's identifiers for -F -f.
grep -rhoE '\b[A-Z][A-Z0-9_]{7,}\b' include/linux | sort -u | shuf -n 1000 --random-source=<(yes) >/tmp/index-words.$$
echo; echo "warm, $ROUNDS rounds, medians (s)"
cat $(find . -type f -size -4M) >/dev/null 2>&1 || true
printf '%-50s %7s %7s %7s %8s %8s\n' search index scan rg index/rg scan/rg
for s in "${SEARCHES[@]}"; do
	IFS='|' read -r -a a <<<"$s"
	[ ${#a[@]} -gt 1 ] && [[ ${a[0]} != -* ]] && a=("$s")
	if [[ ${a[0]} == -* ]] && [[ ${#a[@]} -gt 2 ]] && [[ ${a[1]} != -* ]]; then a=("${a[0]}" "$(IFS='|'; echo "${a[*]:1}")"); fi
	u=("$URG" --ignore "${a[@]}" .)
	r=("$RG" "${a[@]}" .)
	if ! cmp -s <("${u[@]}" --index </dev/null 2>/dev/null | sort) <("${r[@]}" </dev/null 2>/dev/null | sort); then
		echo "$s: outputs differ"; continue
	fi
	I="" N="" R=""
	for ((i = 0; i < ROUNDS; i++)); do
		I+="$(secs "${u[@]}" --index) "; N+="$(secs "${u[@]}") "; R+="$(secs "${r[@]}") "
	done
	printf '%-50s %7.3f %7.3f %7.3f %8.2f %8.2f\n' "$s" "$(median "$I")" "$(median "$N")" "$(median "$R")" \
		"$(echo "$(median "$I") / $(median "$R")" | bc -l)" "$(echo "$(median "$N") / $(median "$R")" | bc -l)"
done
echo; echo "cold, 3 rounds, medians (s): index, urg scan, rg -j16, index/rg"
for s in "PM_RESUME" "-w|[A-Z]+_SUSPEND"; do
	IFS='|' read -r -a a <<<"$s"
	I="" N="" R=""
	for i in 1 2 3; do
		drop; I+="$(secs "$URG" --ignore --index "${a[@]}" .) "
		drop; N+="$(secs "$URG" --ignore "${a[@]}" .) "
		drop; R+="$(secs "$RG" -j16 "${a[@]}" .) "
	done
	printf '%-50s %7.3f %7.3f %7.3f %8.2f\n' "$s" "$(median "$I")" "$(median "$N")" "$(median "$R")" "$(echo "$(median "$I") / $(median "$R")" | bc -l)"
done

# Listing a tree: urg --files and spot through the index's listings, the
# same without, and rg --files, fd (outputs checked equal, sorted, "./"
# cut from spot's and fd's).
SPOT=$(realpath "${SPOT:-$(dirname "$URG")/spot}")
FD=${FD:-/opt/peers/bin/fd10}
listed() { "$@" </dev/null 2>/dev/null | sed 's|^\./||' | sort; }
echo; echo "listing the tree, warm, $ROUNDS rounds, medians (s)"
printf '%-34s %7s %7s %7s %8s %8s\n' listing index walk peer index/peer walk/peer
for l in "urg --files|rg --files" "spot -type f|fd -tf"; do
	if [[ $l == urg* ]]; then
		u=("$URG" --ignore --files .) x=(--index) p=("$RG" --files .)
	else
		u=("$SPOT" --ignore . -type f) x=(--index) p=("$FD" -tf . )
	fi
	if ! cmp -s <(listed "${u[@]}" "${x[@]}") <(listed "${p[@]}") || ! cmp -s <(listed "${u[@]}") <(listed "${p[@]}"); then
		echo "$l: outputs differ"; continue
	fi
	I="" N="" R=""
	for ((i = 0; i < ROUNDS; i++)); do
		I+="$(secs "${u[@]}" "${x[@]}") "; N+="$(secs "${u[@]}") "; R+="$(secs "${p[@]}") "
	done
	printf '%-34s %7.3f %7.3f %7.3f %8.2f %8.2f\n' "$l" "$(median "$I")" "$(median "$N")" "$(median "$R")" \
		"$(echo "$(median "$I") / $(median "$R")" | bc -l)" "$(echo "$(median "$N") / $(median "$R")" | bc -l)"
done
echo; echo "listing the tree, cold, 3 rounds, medians (s): urg --ignore --files with the index, without, rg -j16 --files"
I="" N="" R=""
for i in 1 2 3; do
	drop; I+="$(secs "$URG" --ignore --index --files .) "
	drop; N+="$(secs "$URG" --ignore --files .) "
	drop; R+="$(secs "$RG" -j16 --files .) "
done
printf '%-34s %7.3f %7.3f %7.3f %8.2f %8.2f\n' "--files" "$(median "$I")" "$(median "$N")" "$(median "$R")" \
	"$(echo "$(median "$I") / $(median "$R")" | bc -l)" "$(echo "$(median "$N") / $(median "$R")" | bc -l)"
rm -f /tmp/index-words.$$ /tmp/index-build.$$
