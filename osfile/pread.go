// Package osfile is the OS file layer: the portable readers, which work wherever there is
// a file system: a fixed-buffer reader (pread on unix, ReadFile at an
// offset on Windows) and memory maps. They are the engines used where
// io_uring is missing or refused, and everywhere but Linux.
//
// What differs by platform sits in small files behind one seam each: the
// handle (handle_*.go), the reader's system calls (pread_*.go) and the
// mapper's (mmap_*.go). The tests of File and Mapping are the same test
// functions on every platform.
package osfile

import (
	"io"
	"time"
)

// File reads a file at an offset it keeps, so no seek is needed and
// several reads could be issued at other offsets.
type File struct {
	fd  Handle
	off int64
	// shortIsEOF lets a short read count as the end of the file, which
	// saves the extra read(2) that would only return 0. It holds for
	// regular files on disk file systems, not on /proc-like ones.
	shortIsEOF bool
	// uncached, when set, reads through it (--cache=drop): dropped is
	// how far the pages read have been given back, where it was refused;
	// inject takes the first uncached read as refused (the fault suite).
	uncached *Uncached
	dropped  int64
	inject   bool
	plain    bool // this file's RWF_DONTCACHE was refused (see refused)
	sys      fileSys
}

// Backoff paces retries while file descriptors run out, so that a low
// limit slows the search down instead of dropping files. Its zero value is
// ready; it gives up after half a minute.
type Backoff struct {
	d     time.Duration
	start time.Time
}

// Wait sleeps before the next try, longer each time, and reports false
// once it is time to give up.
func (b *Backoff) Wait() bool {
	if b.d == 0 {
		b.d, b.start = 100*time.Microsecond, time.Now()
	}
	if time.Since(b.start) > 30*time.Second {
		return false
	}
	time.Sleep(b.d)
	b.d = min(2*b.d, 50*time.Millisecond)
	return true
}

// Resume wraps a regular file already open as fd whose first off bytes
// were read by other means (the io_uring engine), to read the rest.
func Resume(fd Handle, off int64, shortIsEOF bool) *File {
	return &File{fd: fd, off: off, shortIsEOF: shortIsEOF}
}

// FromFD wraps an open handle, such as standard input, that must be read
// until a read returns nothing.
func FromFD(fd Handle) *File { return &File{fd: fd, off: -1} }

// Read implements io.Reader; it returns io.EOF with the last bytes when the
// end is known.
func (f *File) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	// One read takes at most maxRead bytes, so that a read the system
	// call cut short (Linux stops at 2 GiB, Windows' ReadFile counts in
	// 32 bits) is never taken for the end of the file.
	p = p[:min(len(p), maxRead)]
	for {
		n, again, err := f.read(p)
		if again {
			continue
		}
		if err != nil {
			return 0, err
		}
		if f.off >= 0 {
			f.off += int64(n)
		}
		if n == 0 || f.shortIsEOF && n < len(p) {
			f.DropRead()
			return n, io.EOF
		}
		if f.uncached != nil && f.off-f.dropped >= dropStep {
			f.DropRead()
		}
		return n, nil
	}
}

// maxRead is the most one read asks for.
const maxRead = 1 << 30

// Close releases the handle.
func (f *File) Close() error { return CloseHandle(f.fd) }

// Fd is the file's handle, for mapping it; it stays the File's.
func (f *File) Fd() Handle { return f.fd }
