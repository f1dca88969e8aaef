//go:build linux

package sched

import (
	"io"
	"unsafe"

	"golang.org/x/sys/unix"

	"urg/fallback"
	"urg/printer"
	"urg/search"
	"urg/uring"
)

// directMin is the size from which --io=direct reads a file around the
// page cache; under auto a file must also be mostly not in it, and too
// large for the cache to keep or large with a costly pattern
// (aroundCache).
const directMin = 1 << 20

// streamFile searches the regular file open as fd (size bytes) with reads
// around the page cache, when the engine says so: under --io=direct from
// directMin bytes, under auto and uring by aroundCache. ok is false when
// it did not (the file system takes no O_DIRECT, io_uring is refused):
// the caller reads the file as it would have.
func (r *run) streamFile(s *search.Searcher, fd int, size int64, f *printer.File) (res search.Result, ok bool, err error) {
	switch r.cfg.IO {
	case IODirect:
		if size < directMin {
			return res, false, nil
		}
	case IOAuto, IOUring:
		if !r.aroundCache(fd, size) {
			return res, false, nil
		}
	default:
		return res, false, nil
	}
	st, err := uring.OpenStream(fd, size)
	if err != nil {
		return res, false, nil
	}
	defer st.Close()
	r.stats.Direct.Add(1)
	if done, split := r.takeSplit(size); split {
		defer done()
		rest := func(off int64) io.Reader { return fallback.Resume(fd, off, true) }
		res, err = r.split.SearchStream(st, rest, f)
		return res, true, err
	}
	res, err = s.Search(&streamReader{st: st}, f)
	return res, true, err
}

// aroundCache is auto's rule for reading a file around the page cache: it
// must be mostly not cached, and either too large for the cache to keep
// or of costlyMin bytes or more with a costly pattern. Cold, a costly
// search is bound by the CPU, and the stream's few reused buffers cost
// it less than a map of fresh pages (8 GiB file, cold, `-c -v
// '^\s+//'`: 6.1 s of CPU mapped, 3.8 s streamed); a cheap one is bound
// by the disk either way, and the map leaves the file cached for the
// next search.
func (r *run) aroundCache(fd int, size int64) bool {
	big := fallback.TooLargeToCache(size)
	if !big && size < costlyMin || cachedShare(fd, size) > 0.5 {
		return false
	}
	return big || costly(r.cfg.Matcher, fd, size)
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

// streamReader reads a Stream in order as an io.Reader, by copying, for
// searches that are not split.
type streamReader struct {
	st   *uring.Stream
	data []byte
	held bool
}

func (sr *streamReader) Read(p []byte) (int, error) {
	for len(sr.data) == 0 {
		if sr.held {
			sr.st.Done()
			sr.held = false
		}
		_, data, err := sr.st.Next()
		if err != nil {
			return 0, err
		}
		sr.data, sr.held = data, true
	}
	n := copy(p, sr.data)
	sr.data = sr.data[n:]
	return n, nil
}
