package walk

import (
	"time"

	"golang.org/x/sys/unix"
)

// fileTime is the time of path (links followed) that key names, false
// where it cannot be read: statx gives a birth time only where the file
// system keeps one.
func fileTime(path string, key SortKey) (time.Time, bool) {
	var x unix.Statx_t
	if unix.Statx(unix.AT_FDCWD, path, 0, unix.STATX_BASIC_STATS|unix.STATX_BTIME, &x) != nil {
		return time.Time{}, false
	}
	ts := x.Mtime
	switch key {
	case SortAccessed:
		ts = x.Atime
	case SortCreated:
		if x.Mask&unix.STATX_BTIME == 0 {
			return time.Time{}, false
		}
		ts = x.Btime
	}
	return time.Unix(ts.Sec, int64(ts.Nsec)), true
}
