//go:build unix

package osfile

import (
	"io"

	"golang.org/x/sys/unix"
)

// fileSys is what a File needs of its own on unix: the iovec of its
// uncached reads (preadv2), kept with the File so that no read allocates.
type fileSys struct {
	iov unix.Iovec
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

// read is one read(2) or pread(2) into p; again asks for it to be made
// anew (interrupted, not ready, or the way to read it changed).
func (f *File) read(p []byte) (n int, again bool, err error) {
	switch {
	case f.off < 0:
		n, err = unix.Read(f.fd, p) // a pipe or terminal: no offsets
	case f.uncached != nil && !f.plain && !f.uncached.Refused():
		var refused bool
		if n, refused, err = f.preadUncached(p, f.off); refused || f.inject {
			f.inject = false
			f.refused()
			return 0, true, nil // read it again, plainly
		}
	default:
		n, err = unix.Pread(f.fd, p, f.off)
	}
	if err == unix.EINTR || err == unix.EAGAIN && f.waitReadable() {
		return 0, true, nil
	}
	if err == unix.ESPIPE && f.off >= 0 {
		f.off = -1 // a FIFO or device named on the command line
		return 0, true, nil
	}
	return n, false, err
}

// SkipHole moves the file on past the hole (bytes never written, which
// read as zeros) at its offset, where the file system says where data
// starts again, and returns how many bytes it skipped: 0 where there is
// no hole or no way to know.
func (f *File) SkipHole() int64 {
	if f.off < 0 || seekData < 0 {
		return 0
	}
	data, err := unix.Seek(f.fd, f.off, seekData)
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
