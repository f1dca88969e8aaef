//go:build darwin || dragonfly || freebsd || netbsd || openbsd

package osfile

import (
	"math"

	"golang.org/x/sys/unix"
)

// Memory is the machine's memory in bytes, as sysctl gives it (macOS's
// hw.memsize, NetBSD's and OpenBSD's hw.physmem64, FreeBSD's and
// DragonFly's hw.physmem), or the largest int64 when unknown (then no
// file is too large to cache).
func Memory() int64 {
	for _, name := range []string{"hw.memsize", "hw.physmem64", "hw.physmem"} {
		if n, err := unix.SysctlUint64(name); err == nil && n > 0 {
			return int64(min(n, math.MaxInt64))
		}
	}
	return math.MaxInt64
}
