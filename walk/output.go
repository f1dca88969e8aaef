package walk

import (
	"errors"
	"os"
)

// FileID is a file's identity: its device and inode (on Windows, its
// volume's serial number and its file index).
type FileID struct{ Dev, Ino uint64 }

// IDOfFile returns the identity of the open file f; false when it cannot
// be learned. Unlike IDOf it works on Windows too, where a FileInfo does
// not hold the identity but an open handle gives it.
func IDOfFile(f *os.File) (FileID, bool) {
	id, err := fileID(f)
	return id, err == nil
}

// ErrLoop is the warning for a directory reached again through a followed
// link, which grep gives and then goes on.
var ErrLoop = errors.New("recursive directory loop")

// ErrInputIsOutput is reported for a file that is the output itself, which
// is not searched, as grep does: the lines written to it would come back
// as matches of their own.
var ErrInputIsOutput = errors.New("input file is also the output")

// isOutput says whether the file at p, a file to search that os.Stat
// described as fi, is the output. Only a regular file can be: asking
// first spares the identity, which costs an open on Windows.
func (w *walker) isOutput(p string, fi os.FileInfo) bool {
	if !fi.Mode().IsRegular() {
		return false
	}
	id, ok := pathID(p, fi)
	return ok && id == *w.opts.Output
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
	return err == nil && w.isOutput(p, fi)
}

// stdinIsOutput says whether standard input is the output.
func (w *walker) stdinIsOutput() bool {
	fi, err := os.Stdin.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return false
	}
	id, ok := IDOfFile(os.Stdin)
	return ok && id == *w.opts.Output
}
