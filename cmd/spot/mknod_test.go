//go:build unix && !freebsd

package main

import "golang.org/x/sys/unix"

// mknod makes a device node; FreeBSD's unix.Mknod takes the device
// number as a uint64, the others as an int.
func mknod(path string, mode, major, minor uint32) error {
	return unix.Mknod(path, mode, int(unix.Mkdev(major, minor)))
}
