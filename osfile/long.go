//go:build unix

package osfile

import (
	"strings"

	"golang.org/x/sys/unix"
)

// pathMax is the longest path one open call takes (PATH_MAX, with its
// NUL); a walk can build longer ones.
const pathMax = 4096

// OpenPath is open(2) for paths of any length: one longer than PATH_MAX
// is opened a stretch of directories at a time, each relative to the one
// before, as GNU grep's walk reaches such files (without it they were
// reported as "file name too long" where grep searched them).
func OpenPath(path string, flags int) (int, error) {
	if len(path) < pathMax {
		return unix.Open(path, flags, 0)
	}
	dir := unix.AT_FDCWD
	if strings.HasPrefix(path, "/") {
		dir = -1 // set by the first stretch, which is absolute
	}
	rest := path
	for {
		if len(rest) < pathMax {
			fd, err := unix.Openat(dir, rest, flags, 0)
			closeDir(dir)
			return fd, err
		}
		// The longest run of whole elements that fits.
		cut := strings.LastIndexByte(rest[:pathMax-1], '/')
		if cut <= 0 {
			closeDir(dir)
			return -1, unix.ENAMETOOLONG // one element longer than PATH_MAX
		}
		if dir == -1 {
			dir = unix.AT_FDCWD
		}
		next, err := unix.Openat(dir, rest[:cut], unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
		closeDir(dir)
		if err != nil {
			return -1, err
		}
		dir, rest = next, rest[cut+1:]
	}
}

func closeDir(fd int) {
	if fd >= 0 {
		unix.Close(fd)
	}
}
