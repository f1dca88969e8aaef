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
	d, ok := fi.Sys().(*syscall.Win32FileAttributeData)
	if !ok {
		return fi.ModTime(), key == SortModified
	}
	ft := d.LastWriteTime
	switch key {
	case SortAccessed:
		ft = d.LastAccessTime
	case SortCreated:
		ft = d.CreationTime
	}
	return time.Unix(0, ft.Nanoseconds()), true
}
