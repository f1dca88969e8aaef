package walk

import (
	"errors"
	"os"
	"syscall"
)

// FileID is a file's identity: its device and inode.
type FileID struct{ Dev, Ino uint64 }

// IDOf returns the identity of the file fi describes; false where the
// platform does not give one.
func IDOf(fi os.FileInfo) (FileID, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return FileID{}, false
	}
	return FileID{Dev: uint64(st.Dev), Ino: uint64(st.Ino)}, true
}

// ErrLoop is the warning for a directory reached again through a followed
// link, which grep gives and then goes on.
var ErrLoop = errors.New("recursive directory loop")

// ErrInputIsOutput is reported for a file that is the output itself, which
// is not searched, as grep does: the lines written to it would come back
// as matches of their own.
var ErrInputIsOutput = errors.New("input file is also the output")

// isOutput says whether fi, a file to search, is the output.
func (w *walker) isOutput(fi os.FileInfo) bool {
	id, ok := IDOf(fi)
	return ok && fi.Mode().IsRegular() && id == *w.opts.Output
}

// listedIsOutput says whether the file at p, listed as l, is the output.
// The inode number of the listing rules out most files without a stat
// (on Linux; elsewhere the listing has none, and each file is stat'ed);
// a link's is the link's own, so a followed link is stat'ed.
func (w *walker) listedIsOutput(p string, l listing) bool {
	if l.typ != TypeLink && l.ino != 0 && l.ino != w.opts.Output.Ino {
		return false
	}
	fi, err := os.Stat(p)
	return err == nil && w.isOutput(fi)
}

// stdinIsOutput says whether standard input is the output.
func (w *walker) stdinIsOutput() bool {
	fi, err := os.Stdin.Stat()
	return err == nil && w.isOutput(fi)
}
