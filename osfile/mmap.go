package osfile

import (
	"errors"
	"math"
	"os"
	"runtime/debug"
	"sync/atomic"
	"unsafe"
)

// Mapping is a regular file mapped into memory, to be searched where the
// page cache holds it instead of being copied out with read(2).
//
// Reading a file copies every page out of the page cache, and on a
// virtual machine such as this project's that copy, cold, was found to be
// the largest cost of a tree search whose bytes are mostly in files over
// a MiB: mapped, the same files took much less time, and a fraction of
// the system time (see docs/decisions.md#mapping-map-rather-than-copy-osfilemmapgo).
//
// The file is mapped in chunks, in order, as the search asks for them
// (Ensure), into one address range reserved for the whole file up front:
// a line or a match that crosses a chunk boundary lies in contiguous
// memory, so it is seen once and whole, without the overlap (and the
// doubled matches) of maps made at separate addresses. Release gives the
// pages behind the search back, so a file far larger than memory keeps
// only a window of it resident.
//
// The map is private and writable so that a search may change its bytes
// (NULs of binary data) without touching the file: a page it writes is
// copied then, and only then.
type Mapping struct {
	reserved []byte // the address range reserved, data and its alignment
	data     []byte // the file's range in it; data[:mapped] is mapped
	fd       Handle
	chunk    int
	mapped   int // bytes at the front mapped from the file
	touched  int // bytes at the front made ready: read once, in order, unless cached
	sum      byte
	// dropBehind: the file is larger than half the machine's memory, so
	// the pages behind the search leave the page cache too, instead of
	// the kernel reclaiming memory under the search once it is full:
	// cold, a file larger than memory then cost the searcher a fraction
	// of the CPU time it spent while the kernel reclaimed under it (see
	// docs/decisions.md#mappingdropbehind-a-file-larger-than-half-the-memory-leaves-the-cache-osfilemmapgo).
	dropBehind bool
	released   int // bytes at the front already given back
	step       int // how far the search moves on between releases
	held       *Held
	sys        mapSys // the platform's own (mmap_*.go)
}

// Held counts the bytes that the maps of one run have read in and not
// given back: while they hold more than heldBudget, every release is made
// at once. One Held is shared by the maps of a run; the zero value is
// ready to use.
type Held struct{ n atomic.Int64 }

// Bytes is how many bytes the maps hold now.
func (h *Held) Bytes() int64 { return h.n.Load() }

// DefaultChunk is how much of a file one mmap call maps. Chunks cost one
// system call each and nothing while mapped but untouched, so the size
// matters little on 64-bit machines once it is not small (small chunks
// measured slower on a warm large file, and the gain levelled off well
// before this size; see docs/decisions.md#defaultchunk-256-mib-map-chunks-osfilemmapgo); --low-memory halves it, as
// grab's -L does, for address spaces that are short.
const DefaultChunk = 256 << 20

// mapMax is the largest file Map takes: an eighth of the address space,
// which on 32-bit platforms is 256 MiB.
const mapMax = int64(math.MaxInt / 8)

// Map reserves address space for the first size bytes of the file open as
// fd and maps them chunk bytes at a time (0 means DefaultChunk) as Ensure
// asks. fd must stay open until Close.
//
// Reading a page of the mapping past the end of a file truncated since is
// a fault (SIGBUS); Protect turns that into an error for the goroutine
// that reads. held is shared by the maps of one run (nil: this map's
// own).
func Map(fd Handle, size int64, chunk int, held *Held) (*Mapping, error) {
	if held == nil {
		held = new(Held)
	}
	if size <= 0 || size > mapMax {
		return nil, errMapSize
	}
	if chunk <= 0 {
		chunk = DefaultChunk
	}
	grain := chunkGrain()
	chunk = max(grain, chunk&^(grain-1))
	// The reservation holds no memory: no access, no swap reserved. Its
	// start is aligned to 2 MiB, as the file's offsets are, so that the
	// kernel can map the page cache's large folios with one PMD entry
	// each: unaligned, the kernel maps the file in 4 KiB pages, and a
	// cold search faults many times more and takes several times as
	// long (see docs/decisions.md#map-the-reservation-aligned-to-2-mib-hugealign-osfilemmapgo).
	step := releaseStep
	if releaseCheck {
		step = hugeAlign
	}
	m := &Mapping{fd: fd, chunk: chunk, dropBehind: TooLargeToCache(size), step: step, held: held}
	reserved, err := m.reserve(int(size) + hugeAlign)
	if err != nil {
		return nil, err
	}
	skip := int(-uintptr(unsafe.Pointer(&reserved[0])) & (hugeAlign - 1))
	m.reserved, m.data = reserved, reserved[skip:skip+int(size):skip+int(size)]
	if err := m.aligned(skip); err != nil {
		m.Close()
		return nil, err
	}
	return m, nil
}

// errNoMaps is Map's refusal where the system cannot map a file as Map
// does (one reserved range, chunks mapped over it): the file is read
// with the fixed buffers instead.
var errNoMaps = errors.New("this system cannot map files in chunks")

// errMapSize is Map's refusal of an empty file, or of one larger than
// mapMax.
var errMapSize = errors.New("file size cannot be mapped")

// TooLargeToCache reports whether a file of size bytes is larger than
// half the machine's memory: the page cache would not keep it, so a map
// drops its pages behind the search, and auto reads it around the cache.
func TooLargeToCache(size int64) bool { return size > Memory()/2 }

// hugeAlign is the size of the pages the kernel maps with one entry of
// its second-level table (PMD) on amd64 and arm64 with 4 KiB pages.
const hugeAlign = 2 << 20

// Bytes is the whole file's range; only what Ensure made ready may be
// read.
func (m *Mapping) Bytes() []byte { return m.data }

// Ensure maps the file up to at least offset upto (whole chunks, or to
// the end of the file) and, unless the page cache holds them all, reads
// its pages up to upto once, in order.
//
// Reading them in order matters when the file is not cached: a search
// looks for the last line end of its window before it scans the window,
// and that first touch at the far end made the kernel read the file in
// small pieces mapped one 4 KiB page at a time, with many times the
// faults of a touch in order (which faults once per 2 MiB large page)
// and a much longer search. Where the kernel has MADV_POPULATE_READ, one
// call does it without a fault per page, which measured faster still
// than touching a file not cached (see docs/decisions.md#mappingensure-pages-read-in-order-by-madv_populate_read-osfilemmapgo).
func (m *Mapping) Ensure(upto int) error {
	if upto > m.mapped {
		end := min(len(m.data), (upto+m.chunk-1)/m.chunk*m.chunk)
		if err := m.mapChunk(m.mapped, end); err != nil {
			return err
		}
		m.mapped = end
	}
	if upto > m.touched {
		m.held.n.Add(int64(upto - m.touched))
		from := m.touched &^ (os.Getpagesize() - 1)
		// A stretch the page cache holds whole is left to fault as the
		// search reads it: each fault maps the pages around it too,
		// which costs less than populate's walk page by page, and a
		// search split across cores then faults on each core rather
		// than all on the one that cuts the pieces.
		if !cached(m.fd, int64(from), int64(upto-from)) && !populate(m.data[from:upto]) {
			m.sum += Touch(m.data, m.touched, upto)
		}
		m.touched = upto
	}
	return nil
}

// Touch reads one byte of each page of data from..to; the sum it returns,
// kept, stops the compiler from dropping the reads.
func Touch(data []byte, from, to int) byte {
	page := os.Getpagesize()
	var sum byte
	for p := from &^ (page - 1); p < to; p += page {
		sum += data[p]
	}
	return sum
}

// Release gives back the whole pages before offset upto: the search is
// done with them, and must not read them again. (On unix they would read
// as the file holds them; on Windows the views wholly behind are
// unmapped, and a read there faults, which Protect reports as ErrShrunk.)
//
// Pages go back once the search has moved on by the release step, or at
// once while the maps of the whole process hold more than heldBudget:
// a tree search on a cold disk has eight searches or more mapping files
// at a time, and their steps added up to a peak of memory several times
// one search's (see docs/decisions.md#mappingrelease-and-heldbudget-every-release-at-once-past-48-mib-held-osfilemmapgo).
func (m *Mapping) Release(upto int) {
	// Whole 2 MiB stretches only: giving back part of one would split
	// the large page it is mapped with, and the rest of it would then
	// fault in 4 KiB pages.
	upto = min(upto, m.touched) &^ (hugeAlign - 1)
	if upto <= m.released || upto-m.released < m.step && m.held.n.Load() <= heldBudget {
		return
	}
	m.givePages(m.released, upto)
	if m.dropBehind {
		dropCache(m.fd, int64(m.released), int64(upto-m.released))
	}
	m.held.n.Add(-int64(upto - m.released))
	m.released = upto
}

// SetReleaseStep sets how far the search moves on before the pages behind
// it are given back (default 8 MiB; see releaseStep).
func (m *Mapping) SetReleaseStep(n int) { m.step = max(n, hugeAlign) }

// releaseStep is how much the search must move on before the pages behind
// it are given back: a madvise per little step would cost more than it
// saves. A search on one core pays little for these steps against the
// larger ones of a split search (splitRelease in sched), and a tree
// search, whose many maps each hold up to a step, peaks at less memory
// (see docs/decisions.md#releasestep-8-mib-steps-on-one-core-osfilemmapgo).
const releaseStep = 8 << 20

// heldBudget is how many bytes the maps of a run (Held) may hold before
// every release is made at once.
const heldBudget = 48 << 20

// Close unmaps the file.
func (m *Mapping) Close() error {
	if m.reserved == nil {
		return nil
	}
	err := m.unmap()
	if m.dropBehind && m.touched > m.released {
		// The pages past the last release: unmapped now, so the cache
		// can drop them.
		dropCache(m.fd, int64(m.released), int64(m.touched-m.released))
	}
	m.held.n.Add(-int64(max(0, m.touched-m.released)))
	m.reserved, m.data = nil, nil
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

// DropBehind makes the map give the page cache back the pages behind
// the search, as it does for a file too large to cache: --cache=drop
// with --io=mmap.
func (m *Mapping) DropBehind() { m.dropBehind = true }
