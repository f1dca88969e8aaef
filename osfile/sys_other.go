//go:build unix && !linux

package osfile

// noatime is Linux's; elsewhere files are opened without it.
const noatime = 0

// mapNoReserve is 0 where MAP_NORESERVE is not defined (FreeBSD): a
// PROT_NONE range reserves no memory there anyway.
const mapNoReserve = 0

// populate is Linux's; elsewhere the pages are touched one by one.
func populate([]byte) bool { return false }

// cached is Linux's (cachestat); elsewhere every stretch is touched.
func cached(Handle, int64, int64) bool { return false }

// DropsCache is Linux's: elsewhere urg reads every file through the
// page cache.
const DropsCache = false

// dropCache is Linux's (posix_fadvise); elsewhere the kernel reclaims the
// pages itself.
func dropCache(Handle, int64, int64) {}
