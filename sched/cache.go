package sched

import (
	"fmt"
	"sync/atomic"

	"urg/osfile"
)

// Cache is what a run leaves in the page cache (--cache).
type Cache uint8

// The page-cache policies.
const (
	// CacheAuto keeps what the search reads cached while the bytes read
	// so far are a small share of what the cache could hold (the run's
	// CacheBudget), and drops from then on: a small tree stays cached
	// for the next search, and a scan larger than memory neither pushes
	// out the user's working set nor pays the cache's cost for pages
	// nobody will read again.
	CacheAuto Cache = iota
	// CacheKeep reads through the page cache, as grep and rg do.
	CacheKeep
	// CacheDrop leaves no new pages cached: RWF_DONTCACHE reads where the
	// file system takes them, no maps, reads around the cache for large
	// files not cached, else POSIX_FADV_DONTNEED once a file is read.
	CacheDrop
)

var cacheNames = [...]string{CacheAuto: "auto", CacheKeep: "keep", CacheDrop: "drop"}

// String is the policy's name, as --cache takes it.
func (c Cache) String() string {
	if int(c) < len(cacheNames) {
		return cacheNames[c]
	}
	return fmt.Sprintf("Cache(%d)", c)
}

// ParseCache reads a policy's name, as --cache takes it; false when it
// names none.
func ParseCache(name string) (Cache, bool) {
	for c, n := range cacheNames {
		if n == name {
			return Cache(c), true
		}
	}
	return 0, false
}

// CacheShare is the share of the memory the page cache could give
// (MemAvailable) that CacheAuto reads through the cache before it
// drops: see docs/decisions.md#cacheshare-an-eighth-of-the-available-memory-read-through-the-cache-before-it-drops-schedcachego for the measurements behind it. Newly
// read pages start on the kernel's inactive list, so an eighth of what is
// available is taken from pages nobody has asked for twice before the
// working set's are touched.
const CacheShare = 8

// dropStreamMin is the size from which a file that is mostly not cached
// is read around the page cache (O_DIRECT, many reads in flight) under
// drop: below it the stream's setup (a ring and 64 MiB of buffers) costs
// more than the uncached reads it replaces.
const dropStreamMin = 64 << 20

// CacheStats count what the page-cache policy did.
type CacheStats struct {
	// Uncached counts the files read (in part or whole) without leaving
	// pages cached; Advised, those of them whose pages were dropped with
	// fadvise because RWF_DONTCACHE was refused.
	Uncached, Advised atomic.Int64
	// Refused says RWF_DONTCACHE was refused during the run.
	Refused bool
}

// dropping says whether a file of size bytes (-1: unknown) is read
// without leaving pages cached.
func (r *run) dropping(size int64) bool {
	switch r.cfg.Cache {
	case CacheKeep:
		return false
	case CacheDrop:
		return true
	}
	return r.stats.Bytes.Load()+max(size, 0) > r.cfg.CacheBudget
}

// uncache makes file read without leaving pages cached, dropping what
// it reads from offset from on where RWF_DONTCACHE is refused; path is
// for the fault suite, which may inject that refusal.
func (r *run) uncache(file *osfile.File, path string, from int64) {
	r.stats.Cache.Uncached.Add(1)
	file.Uncache(&r.uncached, r.knobs.faults.Result("dontcache", path, 0) < 0, from)
	if r.uncached.Refused() {
		r.stats.Cache.Advised.Add(1)
	}
}
