//go:build unix || js || wasip1

package walk

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// This file and sys_windows.go are what differs in how the walk learns an
// entry's type, its Stat and its identity: here an st_mode, owners and an
// inode, all from the FileInfo the os package returns.

// statOf is the Stat of what os.Lstat returned.
func statOf(fi os.FileInfo) *Stat {
	s := &Stat{Size: fi.Size(), Mtime: fi.ModTime()}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		s.Mode, s.Uid, s.Gid = uint32(st.Mode), st.Uid, st.Gid
	}
	return s
}

// typeOfInfo is the Type of what os.Lstat returned.
func typeOfInfo(fi os.FileInfo) Type { return typeOfMode(fi.Mode()) }

// typeOfEntry is the Type of a listed entry: the mode bits the listing
// gave (Info would cost an lstat).
func typeOfEntry(e fs.DirEntry) Type { return typeOfMode(e.Type()) }

// IDOf returns the identity of the file fi describes; false where the
// platform does not give one.
func IDOf(fi os.FileInfo) (FileID, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return FileID{}, false
	}
	return FileID{Dev: uint64(st.Dev), Ino: uint64(st.Ino)}, true
}

// fileID is the identity of the open file f.
func fileID(f *os.File) (FileID, error) {
	fi, err := f.Stat()
	if err != nil {
		return FileID{}, err
	}
	id, ok := IDOf(fi)
	if !ok {
		return FileID{}, &os.PathError{Op: "fstat", Path: f.Name(), Err: errors.ErrUnsupported}
	}
	return id, nil
}

// pathID is the identity of the file at p, which os.Stat described as
// fi: the inode it reported.
func pathID(_ string, fi os.FileInfo) (FileID, bool) { return IDOf(fi) }
