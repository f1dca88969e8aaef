package main

import "os"

// lockIndex takes the index's lock: on Windows the file opened without
// sharing, so that a second update fails rather than interleaves.
func lockIndex(path string) (unlock func(), err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
	if err != nil {
		return nil, err
	}
	return func() { f.Close(); os.Remove(path) }, nil
}
