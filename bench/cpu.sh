# Sourced by the bench scripts: cpu_header prints the CPU a run is on,
# since a ratio measured on one microarchitecture holds for that one:
# the model, the vector extensions the matcher's scans choose between,
# and the cache sizes of one core.
cpu_header() {
	local model flags caches=""
	model=$(awk -F': ' '/^model name/ {print $2; exit}' /proc/cpuinfo 2>/dev/null)
	[ -n "$model" ] || model=$(uname -m)
	flags=$(awk -F': ' '/^flags/ {print $2; exit}' /proc/cpuinfo 2>/dev/null | tr ' ' '\n' |
		grep -xE 'sse4_2|avx|avx2|bmi2|avx512f|avx512bw|avx512vl|asimd|sve' | tr '\n' ' ' | sed 's/ $//')
	[ -n "$flags" ] || flags=$(awk -F': ' '/^Features/ {print $2; exit}' /proc/cpuinfo 2>/dev/null)
	for d in /sys/devices/system/cpu/cpu0/cache/index*; do
		[ -r "$d/size" ] || continue
		local type
		type=$(cat "$d/type")
		case $type in Data) type=d ;; Instruction) type=i ;; *) type="" ;; esac
		caches+="L$(cat "$d/level")$type $(cat "$d/size"), "
	done
	if [ -z "$caches" ] && command -v getconf >/dev/null; then
		# No cache directory in sysfs (some VMs): the C library's
		# reading of cpuid.
		local k v
		for k in LEVEL1_DCACHE_SIZE:L1d LEVEL2_CACHE_SIZE:L2 LEVEL3_CACHE_SIZE:L3; do
			v=$(getconf "${k%%:*}" 2>/dev/null || true)
			[ -n "$v" ] && [ "$v" != 0 ] && caches+="${k#*:} $((v / 1024))K, "
		done
	fi
	echo "cpu: $model, $(nproc) cores; ${flags:-no flags read}; ${caches%, }"
}
