package osfile

import (
	"math"

	"golang.org/x/sys/unix"
)

const noatime = unix.O_NOATIME

// mapNoReserve keeps the address range reserved for a map from counting
// against the memory the kernel promises.
const mapNoReserve = unix.MAP_NORESERVE

// populate reads the pages of b into the page cache and maps them, in
// order, in one call (Linux 5.14 and later); false when the kernel cannot.
func populate(b []byte) bool {
	return len(b) == 0 || unix.Madvise(b, unix.MADV_POPULATE_READ) == nil
}

// cached reports whether the page cache holds every page of the n bytes
// of the file open as fd from offset off (cachestat, Linux 6.5 and
// later); false when it does not or the kernel cannot say.
func cached(fd Handle, off, n int64) bool {
	if n <= 0 {
		return true
	}
	var st unix.Cachestat_t
	r := unix.CachestatRange{Off: uint64(off), Len: uint64(n)}
	if unix.Cachestat(uint(fd), &r, &st, 0) != nil {
		return false
	}
	page := int64(unix.Getpagesize())
	return int64(st.Cache) >= (off+n-1)/page-off/page+1
}

// DropsCache says --cache=drop can keep a file's pages out of the page
// cache here: with RWF_DONTCACHE reads, or posix_fadvise once read.
const DropsCache = true

// dropCache lets the page cache drop n bytes of the file open as fd from
// offset off: the search is done with them.
func dropCache(fd Handle, off, n int64) {
	_ = unix.Fadvise(fd, off, n, unix.FADV_DONTNEED)
}

// Memory is the machine's memory in bytes, or the largest int64 when
// unknown (then no file is too large to cache).
func Memory() int64 {
	var si unix.Sysinfo_t
	if unix.Sysinfo(&si) != nil {
		return math.MaxInt64
	}
	return int64(si.Totalram) * int64(si.Unit)
}
