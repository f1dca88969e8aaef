//go:build !linux

package storage

// deviceOf is unknown where there is no sysfs to ask.
func deviceOf(string) (uint32, uint32, bool) { return 0, 0, false }
