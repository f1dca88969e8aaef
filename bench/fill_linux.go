package main

import (
	"os"

	"golang.org/x/sys/unix"
)

// fillFile brings f's pages into the page cache the way a search does:
// mapped, populated in order a stretch at a time (the kernel reads ahead
// in large pages; read(2) into a buffer was several times slower on the
// VM), then read one byte per page. Without that read, a ripgrep map run
// after the fill was markedly slower than after a search had read the
// file, where urg's was the same either way.
func fillFile(f *os.File, size int64) error {
	if size == 0 {
		return nil
	}
	const stretch = 64 << 20
	for off := int64(0); off < size; off += stretch {
		n := min(size-off, stretch)
		m, err := unix.Mmap(int(f.Fd()), off, int(n), unix.PROT_READ, unix.MAP_SHARED)
		if err != nil {
			return err
		}
		_ = unix.Madvise(m, unix.MADV_SEQUENTIAL)
		perr := unix.Madvise(m, unix.MADV_POPULATE_READ)
		if perr == nil {
			touchPages(m)
		}
		if err := unix.Munmap(m); err != nil {
			return err
		}
		if perr == unix.EINVAL {
			// Before Linux 5.14: read one byte per page instead.
			return fillByRead(f)
		}
		if perr != nil {
			return perr
		}
	}
	return nil
}

// touched keeps touchPages's reads from being optimized away.
var touched byte

// touchPages reads one byte of every page of m.
func touchPages(m []byte) {
	var x byte
	for i := 0; i < len(m); i += 4096 {
		x ^= m[i]
	}
	touched ^= x
}
