//go:build linux

package sched

import (
	"unsafe"

	"golang.org/x/sys/unix"

	"urg/osfile"
	"urg/uring"
)

// directMin is the size from which --io=direct reads a file around the
// page cache; under auto a file must also be mostly not in it, and too
// large for the cache to keep or large with a costly pattern
// (aroundCache).
const directMin = 1 << 20

// readsAround says whether this platform can read a large file around
// the page cache (streamAround): Linux can, and auto's choice between a
// map and a stream for a file too large to stay cached is aroundCache's.
const readsAround = true

// streamAround opens the regular file open as fd (size bytes) for reads
// around the page cache, when the engine says so: under EngineDirect from
// directMin bytes, under auto and uring by aroundCache. ok is false when
// it does not (or cannot: the file system takes no O_DIRECT, io_uring is
// refused), and the file is read as it would have been; done closes the
// stream. drop says the page-cache policy leaves none of this file's
// pages cached: then a file of dropStreamMin bytes or more that is mostly
// not cached is streamed under auto and uring too.
func (w *reader) streamAround(fd int, size int64, drop bool) (st Stream, done func(), ok bool) {
	r := w.r
	switch r.cfg.Engine {
	case EngineDirect:
		if size < directMin {
			return nil, nil, false
		}
	case EngineAuto, EngineUring:
		dropped := drop && size >= dropStreamMin && cachedShare(fd, size) <= 0.5
		if !dropped && !r.aroundCache(fd, size) {
			return nil, nil, false
		}
	default:
		return nil, nil, false
	}
	if r.knobs.ringRefused != nil {
		return nil, nil, false
	}
	s, err := uring.OpenStream(fd, size)
	if err != nil {
		return nil, nil, false
	}
	return s, s.Close, true
}

// aroundCache is auto's rule for reading a file around the page cache: it
// must be mostly not cached, and either too large for the cache to keep
// or of costlyMin bytes or more with a costly pattern. Cold, a costly
// search is bound by the CPU, and the stream's few reused buffers cost
// it less than a map of fresh pages; a cheap one is bound by the disk
// either way, and the map leaves the file cached for the next search
// (see docs/decisions.md#aroundcache-a-costly-pattern-streams-a-cold-large-file-scheddirect_linuxgo).
func (r *run) aroundCache(fd int, size int64) bool {
	big := osfile.TooLargeToCache(size)
	if !big && size < costlyMin || cachedShare(fd, size) > 0.5 {
		return false
	}
	return big || costly(r.cfg.Rate, fd, size)
}

// costlyMin is the size from which a costly pattern reads a cold file
// around the page cache under auto.
const costlyMin = 1 << 30

// cachedShare is the share of the file's pages, sampled at 64 places,
// that the page cache holds (mincore on a map that is never read).
func cachedShare(fd int, size int64) float64 {
	data, err := unix.Mmap(fd, 0, int(size), unix.PROT_READ, unix.MAP_SHARED)
	if err != nil {
		return 1 // unknown: leave the file to the cache
	}
	defer unix.Munmap(data)
	page := int64(unix.Getpagesize())
	const samples = 64
	vec := make([]byte, 1)
	in := 0
	for i := range int64(samples) {
		off := size * i / samples &^ (page - 1)
		_, _, errno := unix.Syscall(unix.SYS_MINCORE, uintptr(unsafe.Pointer(&data[off])), 1, uintptr(unsafe.Pointer(&vec[0])))
		if errno == 0 && vec[0]&1 != 0 {
			in++
		}
	}
	return float64(in) / samples
}
