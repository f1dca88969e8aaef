// Package fallback holds the portable readers, which work wherever there is
// a POSIX file system: pread now; mmap joins it later. They are the engines
// used where io_uring is missing or refused.
package fallback

import (
	"io"
	"time"

	"golang.org/x/sys/unix"
)

// File reads a file with pread at an offset it keeps, so no seek is needed
// and several reads could be issued at other offsets.
type File struct {
	fd  int
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
	iov      unix.Iovec
}

// Open opens path for reading. It asks for O_NOATIME, which spares the
// file system an inode write per file read, and drops it where the
// kernel refuses it (files the caller does not own). Running out of
// descriptors makes Open wait and retry instead of failing.
func Open(path string, shortIsEOF bool) (*File, error) {
	flags := unix.O_RDONLY | unix.O_CLOEXEC | unix.O_NOCTTY | noatime
	for b := (Backoff{}); ; {
		fd, err := OpenPath(path, flags)
		switch err {
		case nil:
			return &File{fd: fd, shortIsEOF: shortIsEOF}, nil
		case unix.EINTR:
			continue
		case unix.EPERM:
			if flags&noatime != 0 {
				flags &^= noatime
				continue
			}
		case unix.EMFILE, unix.ENFILE:
			if b.Wait() {
				continue
			}
		}
		return nil, err
	}
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
func Resume(fd int, off int64, shortIsEOF bool) *File {
	return &File{fd: fd, off: off, shortIsEOF: shortIsEOF}
}

// FromFD wraps an open descriptor, such as standard input, that must be
// read until read(2) returns 0.
func FromFD(fd int) *File { return &File{fd: fd, off: -1} }

// Read implements io.Reader; it returns io.EOF with the last bytes when the
// end is known.
func (f *File) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	for {
		var n int
		var err error
		switch {
		case f.off < 0:
			n, err = unix.Read(f.fd, p) // a pipe or terminal: no offsets
		case f.uncached != nil && !f.plain && !f.uncached.Refused():
			var refused bool
			if n, refused, err = f.preadUncached(p, f.off); refused || f.inject {
				f.inject = false
				f.refused()
				continue // read it again, plainly
			}
		default:
			n, err = unix.Pread(f.fd, p, f.off)
		}
		if err == unix.EINTR || err == unix.EAGAIN && f.waitReadable() {
			continue
		}
		if err == unix.ESPIPE && f.off >= 0 {
			f.off = -1 // a FIFO or device named on the command line
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

// SkipHole moves the file on past the hole (bytes never written, which
// read as zeros) at its offset, where the file system says where data
// starts again, and returns how many bytes it skipped: 0 where there is
// no hole or no way to know.
func (f *File) SkipHole() int64 {
	if f.off < 0 {
		return 0
	}
	data, err := unix.Seek(f.fd, f.off, unix.SEEK_DATA)
	if err == unix.ENXIO {
		// Nothing but a hole from here to the end.
		data, err = unix.Seek(f.fd, 0, io.SeekEnd)
	}
	if err != nil || data <= f.off {
		return 0
	}
	skipped := data - f.off
	f.off = data
	return skipped
}

// waitReadable blocks until a non-blocking descriptor (a terminal or pipe
// left non-blocking by another program) has data.
func (f *File) waitReadable() bool {
	fds := []unix.PollFd{{Fd: int32(f.fd), Events: unix.POLLIN}}
	_, err := unix.Poll(fds, -1)
	return err == nil || err == unix.EINTR
}

// Close releases the descriptor.
func (f *File) Close() error { return unix.Close(f.fd) }

// Fd is the file's descriptor, for mapping it; it stays the File's.
func (f *File) Fd() int { return f.fd }
