//go:build unix

package osfile

import (
	"golang.org/x/sys/unix"
)

// Handle is an open file as the platform names it: a descriptor on unix,
// a HANDLE on Windows. Code above this package holds it without looking
// inside, so that one scheduler serves both.
type Handle = int

// NoHandle is the Handle of no open file.
const NoHandle Handle = -1

// Stdin is the handle of standard input.
func Stdin() Handle { return 0 }

// CloseHandle closes h.
func CloseHandle(h Handle) error { return unix.Close(h) }

// ReadAt reads into p from offset off of the file open as h (pread), once,
// retrying only when a signal interrupted it.
func ReadAt(h Handle, p []byte, off int64) (int, error) {
	for {
		n, err := unix.Pread(h, p, off)
		if err != unix.EINTR {
			return n, err
		}
	}
}

// Seek moves h's offset as lseek(2) does.
func Seek(h Handle, off int64, whence int) (int64, error) { return unix.Seek(h, off, whence) }

// Stat describes the file open as h.
func Stat(h Handle) (Info, error) {
	var st unix.Stat_t
	if err := unix.Fstat(h, &st); err != nil {
		return Info{}, err
	}
	return Info{Size: st.Size, Regular: st.Mode&unix.S_IFMT == unix.S_IFREG, Sparse: st.Blocks*512 < st.Size/2}, nil
}
