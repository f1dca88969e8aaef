//go:build darwin || freebsd

package walk

import (
	"os"
	"syscall"
	"time"
)

// fileTime is the time of path (links followed) that key names, false
// where it cannot be read.
func fileTime(path string, key SortKey) (time.Time, bool) {
	fi, err := os.Stat(path)
	if err != nil {
		return time.Time{}, false
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return time.Time{}, false
	}
	ts := st.Mtimespec
	switch key {
	case SortAccessed:
		ts = st.Atimespec
	case SortCreated:
		ts = st.Birthtimespec
	}
	return time.Unix(ts.Unix()), true
}
