//go:build !linux

package osfile

// RWFDontcache is Linux's; elsewhere no read leaves the cache alone, and
// an Uncached falls back to dropping what was read.
const RWFDontcache = 0

// preadUncached is Linux's: elsewhere the flag is always refused.
func (f *File) preadUncached([]byte, int64) (int, bool, error) { return 0, true, nil }
