#!/usr/bin/env bash
# The cost of many globs (issue 57's glob set): 1,000 globs, half "*.EXT"
# (the tree's own extensions, the commonest first, then extensions it
# lacks) and half "DIR/**/NAME*", given as -g and as --include, against
# the same search with none; warm, interleaved rounds, outputs checked
# equal first (sorted), medians of wall, user and system time. rg 15.2
# with the same -g list is timed beside them.
#
#   bash bench/globs.sh [ROUNDS [TREE]]
#
# TREE is a kernel tree (the default /work/corpus/linux-source-6.1).
set -euo pipefail
. "$(dirname "$0")/cpu.sh"
ROUNDS=${1:-15}
TREE=${2:-/work/corpus/linux-source-6.1}
URG=$(realpath "${URG:-bin/urg}")
RG=${RG:-/opt/peers/bin/rg15}
[ -x "$RG" ] || RG=$(command -v rg)
PAT=${PAT:-PM_RESUME}
cd "$TREE"
cpu_header
echo "tree: $TREE; urg: $URG; rg: $RG; pattern: $PAT"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
find . -type f -name '*.*' | sed 's/.*\.//' | grep -v / | sort | uniq -c | sort -k1,1nr -k2 | awk '{print $2}' | head -500 > "$tmp/exts"
dirs=(drivers fs net arch sound kernel include tools lib mm)
{
	i=0
	while read -r e; do echo "*.$e"; i=$((i + 1)); done < "$tmp/exts"
	while [ "$i" -lt 500 ]; do echo "*.zz$i"; i=$((i + 1)); done
	for j in $(seq 0 499); do echo "${dirs[j % 10]}/**/$(printf "\\x$(printf %x $((97 + j % 10)))")$j*"; done
} > "$tmp/globs"
mapfile -t G < <(sed 's/^/-g=/' "$tmp/globs")
mapfile -t I < <(sed 's/^/--include=/' "$tmp/globs")
names=(none -g --include rg-g)
# run NAME [TIME...]: the run called NAME, its output on stdout, under
# the TIME command given (none: untimed).
run() {
	local n=$1
	shift
	case $n in
	none) "$@" "$URG" -r -a -l "$PAT" . ;;
	-g) "$@" "$URG" -r -a -l "${G[@]}" "$PAT" . ;;
	--include) "$@" "$URG" -r -a -l "${I[@]}" "$PAT" . ;;
	rg-g) "$@" "$RG" -uuu -a -l "${G[@]}" "$PAT" . ;;
	esac
}
for n in "${names[@]}"; do run "$n" | sort > "$tmp/out.$n" || true; done
for n in -g --include rg-g; do
	cmp -s "$tmp/out.none" "$tmp/out.$n" || { echo "outputs differ: none and $n ($(wc -l < "$tmp/out.none") and $(wc -l < "$tmp/out.$n") lines)" >&2; exit 1; }
done
echo "globs: $(wc -l < "$tmp/globs"); files listed: $(wc -l < "$tmp/out.none")"
for r in $(seq "$ROUNDS"); do
	for n in "${names[@]}"; do
		run "$n" /usr/bin/time -a -o "$tmp/t.$n" -f "%e %U %S" | cat > /dev/null
	done
done
med() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
printf '%-10s %7s %7s %7s %9s\n' run wall user sys "/ none"
base=$(awk '{print $1}' "$tmp/t.none" | med)
for n in "${names[@]}"; do
	w=$(awk '{print $1}' "$tmp/t.$n" | med)
	printf '%-10s %7s %7s %7s %9.2f\n' "$n" "$w" "$(awk '{print $2}' "$tmp/t.$n" | med)" "$(awk '{print $3}' "$tmp/t.$n" | med)" "$(echo "$w / $base" | bc -l)"
done
