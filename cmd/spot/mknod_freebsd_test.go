package main

import "golang.org/x/sys/unix"

// mknod makes a device node.
func mknod(path string, mode, major, minor uint32) error {
	return unix.Mknod(path, mode, unix.Mkdev(major, minor))
}
