package storage

import "golang.org/x/sys/unix"

// deviceOf is the major and minor number of the device holding path.
func deviceOf(path string) (major, minor uint32, ok bool) {
	var st unix.Stat_t
	if unix.Stat(path, &st) != nil {
		return 0, 0, false
	}
	return unix.Major(uint64(st.Dev)), unix.Minor(uint64(st.Dev)), true
}
