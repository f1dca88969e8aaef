//go:build !linux

package walk

import (
	"io"
	"os"

	"urg/osfile"
)

// listDir lists a directory through the os package (on Windows,
// NtQueryDirectoryFile, FindFirstFile's engine), which reports each
// entry's type where the platform's listing gives it; the directory's
// identity is read only when withID asks. The os package adds the \\?\
// prefix itself to a path past MAX_PATH.
func listDir(path string, _ []byte, withID bool, fn func(name []byte, t Type, ino uint64)) (id osfile.Identity, opened bool, err error) {
	f, err := os.Open(path)
	if err != nil {
		return id, false, err
	}
	defer f.Close()
	if withID {
		// The loop checks of followed links need it: without it a
		// directory reached again would be walked again, forever.
		fid, err := fileID(f)
		if err != nil {
			return id, false, err
		}
		// No times: a Recorder takes such a listing as one it cannot
		// check later.
		id = osfile.Identity{Dev: fid.Dev, Ino: fid.Ino}
	}
	return id, true, readDirFile(f, fn, nil)
}

// listBatches lists a directory as listDir does, a batch of entries at a
// time: fn sees each entry of a batch, then batch runs with the directory
// still open. Its fd is -1: the statter here stats by path, and f.Fd
// would, on Windows, take the handle off the runtime's I/O completion
// port for nothing.
func listBatches(path string, _ []byte, fn func(name []byte, t Type, ino uint64), batch func(fd int)) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return readDirFile(f, fn, func() { batch(-1) })
}

// readDirFile reads the entries of the directory open as f, calling batch
// (when not nil) after each batch of them, as readDirFD does on Linux.
func readDirFile(f *os.File, fn func(name []byte, t Type, ino uint64), batch func()) error {
	for {
		ents, err := f.ReadDir(1024)
		for _, e := range ents {
			fn([]byte(e.Name()), typeOfEntry(e), 0)
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
