package fallback

import (
	"errors"
	"math"
	"runtime/debug"

	"golang.org/x/sys/unix"
)

// Mapping is a whole regular file mapped into memory, to be searched where
// the page cache holds it instead of being copied out with read(2).
//
// Measured on a cold 7.5 GB tree whose bytes are mostly in files over a
// MiB: reading them copies every page out of the page cache, and on this
// kind of virtual machine that copy is the largest cost of the whole
// search (rg --no-mmap 4.4 s, 6.6 s of system time for the 525 files over
// 1 MiB; rg --mmap 2.8 s, 0.9 s of system time).
//
// The map is private and writable so that a search may change its bytes
// (NULs of binary data) without touching the file: a page it writes is
// copied then, and only then. Release lets go of the pages behind the
// search, so a file larger than memory keeps only a window resident.
type Mapping struct {
	data     []byte
	released int // bytes at the front already given back
}

// mapMax is the largest file Map takes: an eighth of the address space,
// which on 32-bit platforms is 256 MiB.
const mapMax = int64(math.MaxInt / 8)

// Map maps size bytes of the file open as fd, from its start, for reading
// in order. The mapping does not keep fd: the caller may close it at once.
//
// Reading a page of the mapping past the end of a file truncated since is
// a fault (SIGBUS); Protect turns that into an error for the goroutine
// that reads.
func Map(fd int, size int64) (*Mapping, error) {
	if size <= 0 || size > mapMax {
		return nil, unix.EINVAL
	}
	data, err := unix.Mmap(fd, 0, int(size), unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE)
	if err != nil {
		return nil, err
	}
	// Sequential: the kernel reads further ahead and may drop pages
	// behind.
	_ = unix.Madvise(data, unix.MADV_SEQUENTIAL)
	return &Mapping{data: data}, nil
}

// Bytes is the mapped file.
func (m *Mapping) Bytes() []byte { return m.data }

// Release gives back the whole pages before offset upto: the search is
// done with them. They read again as the file holds them if touched
// later, so a release never makes a search wrong, only slower.
func (m *Mapping) Release(upto int) {
	page := unix.Getpagesize()
	upto = min(upto, len(m.data)) &^ (page - 1)
	if upto-m.released < releaseStep {
		return // madvise per little step would cost more than it saves
	}
	_ = unix.Madvise(m.data[m.released:upto], unix.MADV_DONTNEED)
	m.released = upto
}

// releaseStep is how much the search must move on before the pages behind
// it are given back.
const releaseStep = 4 << 20

// Close unmaps the file.
func (m *Mapping) Close() error {
	if m.data == nil {
		return nil
	}
	err := unix.Munmap(m.data)
	m.data = nil
	return err
}

// ErrShrunk is what reading a mapped file that was truncated meanwhile
// gives.
var ErrShrunk = errors.New("file shrank while it was read")

// Protect runs fn, which reads a Mapping, on the calling goroutine and
// turns a fault on mapped memory (the file was truncated under the map)
// into ErrShrunk instead of a crash.
func Protect(fn func() error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(interface{ Addr() uintptr }); !ok {
				panic(r)
			}
			err = ErrShrunk
		}
	}()
	return fn()
}
