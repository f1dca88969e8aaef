//go:build !linux && !darwin && !freebsd && !windows

package walk

import (
	"os"
	"time"
)

// fileTime is path's modification time (links followed); the other
// times are not read on this system, and sort last.
func fileTime(path string, key SortKey) (time.Time, bool) {
	fi, err := os.Stat(path)
	if err != nil || key != SortModified {
		return time.Time{}, false
	}
	return fi.ModTime(), true
}
