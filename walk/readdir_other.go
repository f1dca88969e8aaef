//go:build !linux

package walk

import (
	"io"
	"os"
	"syscall"
)

// listDir lists a directory through the os package, which reports each
// entry's type where the platform's readdir gives it; the directory's
// identity is read only when withID asks.
func listDir(path string, _ []byte, withID bool, fn func(name []byte, t Type, ino uint64)) (id dirID, opened bool, err error) {
	f, err := os.Open(path)
	if err != nil {
		return dirID{}, false, err
	}
	defer f.Close()
	if withID {
		if fi, err := f.Stat(); err == nil {
			if st, ok := fi.Sys().(*syscall.Stat_t); ok {
				id = dirID{dev: uint64(st.Dev), ino: uint64(st.Ino)}
			}
		}
	}
	return id, true, readDirFile(f, fn, nil)
}

// pseudoFS is conservative where file systems are not known: a short read
// is never taken as the end of a file.
func pseudoFS(string) bool { return true }

// listBatches lists a directory as listDir does, a batch of entries at a
// time: fn sees each entry of a batch, then batch runs with the directory
// still open as fd (for stats relative to it).
func listBatches(path string, _ []byte, fn func(name []byte, t Type, ino uint64), batch func(fd int)) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	fd := int(f.Fd())
	return readDirFile(f, fn, func() { batch(fd) })
}

// readDirFile reads the entries of the directory open as f, calling batch
// (when not nil) after each batch of them, as readDirFD does on Linux.
func readDirFile(f *os.File, fn func(name []byte, t Type, ino uint64), batch func()) error {
	for {
		ents, err := f.ReadDir(1024)
		for _, e := range ents {
			fn([]byte(e.Name()), typeOfMode(e.Type()), 0)
		}
		if batch != nil && len(ents) > 0 {
			batch()
		}
		if err == io.EOF || len(ents) == 0 {
			return nil
		}
		if err != nil {
			return err
		}
	}
}
