//go:build unix

package main

import (
	"os"

	"golang.org/x/sys/unix"
)

// lockIndex takes the index's lock, waiting for an update running
// already: two updates at once would each write a whole index, the
// later replacing the earlier. The kernel drops it if urg dies.
func lockIndex(path string) (unlock func(), err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o666)
	if err != nil {
		return nil, err
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX); err != nil {
		f.Close()
		return nil, err
	}
	return func() { f.Close() }, nil
}
