//go:build !linux

package sched

import (
	"io"
	"os"
	"syscall"
)

// listDir lists a directory through the os package, which reports each
// entry's type where the platform's readdir gives it.
func listDir(path string, _ []byte, fn func(name []byte, k kind, t byte)) (dirID, error) {
	f, err := os.Open(path)
	if err != nil {
		return dirID{}, err
	}
	defer f.Close()
	var id dirID
	if fi, err := f.Stat(); err == nil {
		if st, ok := fi.Sys().(*syscall.Stat_t); ok {
			id = dirID{dev: uint64(st.Dev), ino: uint64(st.Ino)}
		}
	}
	for {
		ents, err := f.ReadDir(1024)
		for _, e := range ents {
			fn([]byte(e.Name()), modeKind(e.Type()), typeOfMode(e.Type()))
		}
		if err == io.EOF || len(ents) == 0 {
			return id, nil
		}
		if err != nil {
			return id, err
		}
	}
}

// pseudoFS is conservative where file systems are not known: a short read
// is never taken as the end of a file.
func pseudoFS(string) bool { return true }

// openListing lists a directory as listDir does and leaves it open for
// stats relative to it: fd is -1 when it could not be opened, and done
// closes it.
func openListing(path string, _ []byte, fn func(name []byte, k kind, t byte)) (fd int, done func(), err error) {
	f, err := os.Open(path)
	if err != nil {
		return -1, func() {}, err
	}
	for {
		ents, rerr := f.ReadDir(1024)
		for _, e := range ents {
			fn([]byte(e.Name()), modeKind(e.Type()), typeOfMode(e.Type()))
		}
		if rerr == io.EOF || len(ents) == 0 {
			break
		}
		if rerr != nil {
			err = rerr
			break
		}
	}
	return int(f.Fd()), func() { f.Close() }, err
}
