package osfile

import (
	"errors"
	"unsafe"

	"golang.org/x/sys/unix"
)

// resolveCached is openat2's RESOLVE_CACHED (Linux 5.12): the path must
// be resolved from the dentry cache alone, or the call fails with EAGAIN
// instead of reading a directory from the disk.
const resolveCached = 0x20

// ErrWouldBlock says a file cannot be opened or read without waiting for
// the disk: its path or its first bytes are not cached.
var ErrWouldBlock = errors.New("would block")

// ErrDontcacheRefused says a read with RWF_DONTCACHE was refused: the
// kernel or the file system does not take the flag.
var ErrDontcacheRefused = errors.New("RWF_DONTCACHE refused")

// Nowait says this system may open and read files without blocking
// (Cached); the kernel may still refuse, with ErrNoNowait.
const Nowait = true

// ErrNoNowait says the kernel has no non-blocking open or read
// (RESOLVE_CACHED, RWF_NOWAIT): every file must go the blocking way.
var ErrNoNowait = errors.New("no non-blocking open or read")

// Cached opens and reads files only as far as the kernel can serve them
// without blocking: from the dentry and page caches, one file at a time,
// and it says which files would wait for the disk so that those go to
// the ring. Where io_uring takes direct descriptors, the scheduler's
// batches do the same work several files to a submission, and this path
// takes the files they could not read whole. One per goroutine: it owns
// the buffer its paths are made in.
//
// Its open, read and close are raw system calls, which the Go runtime
// does not see: they never wait for the disk (RESOLVE_CACHED,
// RWF_NOWAIT; the kernel's io_uring runs the same calls inline on the
// same premise), so the bookkeeping of a call that may block, and the
// hand-over of the goroutine's processor to another thread when a call
// outlasts the monitor's tick, are only costs, three times per file. A
// network file system, whose open may wait for its server, takes no
// RWF_NOWAIT: its first read says ErrNoNowait, and the caller then
// leaves this path for the rest of its run.
type Cached struct {
	path []byte // the path being opened, NUL-terminated
	how  unix.OpenHow
	iov  unix.Iovec
}

// NowaitHow is how Cached opens a file: for reading, O_NOATIME where
// the kernel lets it, its path resolved from the dentry cache alone. The
// scheduler's batches open the same way on io_uring.
func NowaitHow() unix.OpenHow {
	return unix.OpenHow{Flags: uint64(unix.O_RDONLY | unix.O_CLOEXEC | unix.O_NOCTTY | noatime), Resolve: resolveCached}
}

// ReadWhole reports whether a read of asked bytes from a file's start,
// without blocking, that gave n reached the file's end: a read the page
// cache cuts short stops at a page boundary, so a short read that does
// not end on one ended at the file's end.
func ReadWhole(n, asked int) bool {
	return n == 0 || n < asked && n%unix.Getpagesize() != 0
}

// Open opens path for reading (O_NOATIME where the kernel lets it) if
// every component of it is in the dentry cache, else fails with
// ErrWouldBlock; other failures are the kernel's errors, ErrNoNowait
// where openat2 or RESOLVE_CACHED is missing.
func (c *Cached) Open(path string) (int, error) {
	c.path = append(append(c.path[:0], path...), 0)
	how := NowaitHow()
	cwd := unix.AT_FDCWD
	for {
		c.how = how
		fd, _, errno := unix.RawSyscall6(unix.SYS_OPENAT2, uintptr(cwd), uintptr(unsafe.Pointer(&c.path[0])),
			uintptr(unsafe.Pointer(&c.how)), unsafe.Sizeof(c.how), 0, 0)
		switch {
		case errno == 0:
			return int(fd), nil
		case errno == unix.EINTR:
			continue
		case errno == unix.EPERM && how.Flags&noatime != 0:
			how.Flags &^= noatime // O_NOATIME is for files we own
			continue
		case errno == unix.EAGAIN:
			return -1, ErrWouldBlock
		case errno == unix.ENOSYS || errno == unix.EINVAL:
			return -1, ErrNoNowait
		}
		return -1, errno
	}
}

// Read reads the start of the file open as fd into buf, as much as the
// page cache holds of it from offset 0 on: ErrWouldBlock when it holds
// not even the first page. whole says the read reached the end of the
// file: a read the cache cuts short stops at a page boundary, so a short
// read that does not end on one ended at the file's end.
//
// uncached adds RWF_DONTCACHE, for a file whose pages the run leaves
// uncached: a read that finds nothing cached still starts the file's
// readahead, whose pages the flag marks to be dropped once read;
// ErrDontcacheRefused says the file system does not take the flag.
func (c *Cached) Read(fd int, buf []byte, uncached bool) (n int, whole bool, err error) {
	if len(buf) == 0 {
		return 0, false, nil
	}
	c.iov = unix.Iovec{Base: &buf[0]}
	c.iov.SetLen(len(buf))
	flags := uintptr(unix.RWF_NOWAIT)
	if uncached {
		flags |= RWFDontcache
	}
	for {
		r, _, errno := unix.RawSyscall6(unix.SYS_PREADV2, uintptr(fd), uintptr(unsafe.Pointer(&c.iov)), 1, 0, 0, flags)
		switch {
		case uncached && (errno == unix.EOPNOTSUPP || errno == unix.EINVAL):
			return 0, false, ErrDontcacheRefused
		case errno == 0:
			n = int(r)
			return n, ReadWhole(n, len(buf)), nil
		case errno == unix.EINTR:
			continue
		case errno == unix.EAGAIN:
			return 0, false, ErrWouldBlock
		case errno == unix.EOPNOTSUPP || errno == unix.ENOSYS || errno == unix.EINVAL:
			return 0, false, ErrNoNowait
		}
		return 0, false, errno
	}
}

// Close closes fd, opened by Open and read whole: the last reference to
// a file read from the cache, whose release does not wait for the disk.
func (c *Cached) Close(fd int) { unix.RawSyscall(unix.SYS_CLOSE, uintptr(fd), 0, 0) }
