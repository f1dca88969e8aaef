//go:build unix

package osfile

import (
	"os"
	"unsafe"

	"golang.org/x/sys/unix"
)

// chunkGrain is what a chunk's size is a multiple of: mmap maps at
// offsets of whole pages.
func chunkGrain() int { return os.Getpagesize() }

// mapSys is what a Mapping needs of its own on unix: nothing, since the
// reservation and the chunks mapped over it are one range to munmap.
type mapSys struct{}

// reserve takes n bytes of address space with no access and no swap
// reserved: it holds no memory until chunks are mapped over it.
func (m *Mapping) reserve(n int) ([]byte, error) {
	return unix.Mmap(-1, 0, n, unix.PROT_NONE, unix.MAP_PRIVATE|unix.MAP_ANON|mapNoReserve)
}

// aligned is told where the file's range starts in the reservation;
// unix needs nothing more.
func (m *Mapping) aligned(int) error { return nil }

// mapChunk maps the file from offset from to to over the reserved range
// at the same offsets of m.data.
func (m *Mapping) mapChunk(from, to int) error {
	dst := m.data[from:to]
	if _, err := unix.MmapPtr(m.fd, int64(from), unsafe.Pointer(&dst[0]), uintptr(len(dst)),
		unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_FIXED); err != nil {
		return err
	}
	// Sequential: the kernel reads further ahead and may drop pages
	// behind.
	_ = unix.Madvise(dst, unix.MADV_SEQUENTIAL)
	return nil
}

// givePages gives back the pages of m.data[from:to]; touched again, they
// read as the file holds them.
func (m *Mapping) givePages(from, to int) {
	_ = unix.Madvise(m.data[from:to], unix.MADV_DONTNEED)
	if releaseCheck {
		_ = unix.Mprotect(m.data[from:to], unix.PROT_NONE)
	}
}

// unmap unmaps the whole reservation, chunks and all.
func (m *Mapping) unmap() error { return unix.Munmap(m.reserved) }
