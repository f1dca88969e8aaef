package main

import "syscall"

// diskFree returns the bytes an unprivileged user may still write on the
// file system holding dir, or -1 when it cannot tell.
func diskFree(dir string) int64 {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return -1
	}
	return int64(st.Bavail) * st.Bsize
}
