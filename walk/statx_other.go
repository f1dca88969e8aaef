//go:build !linux

package walk

// newStatter is lstat one path at a time: io_uring is Linux's.
func newStatter(bool) statter { return lstatter{} }
