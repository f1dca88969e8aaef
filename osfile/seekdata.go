//go:build linux || darwin || freebsd

package osfile

import "golang.org/x/sys/unix"

// seekData is lseek's SEEK_DATA, which finds where a hole ends.
const seekData = unix.SEEK_DATA
