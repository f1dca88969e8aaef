//go:build !linux

package sched

import (
	"urg/osfile"
)

// streamAround reads around the page cache through io_uring, which is
// Linux's: elsewhere files are read as the other engines do.
func (w *reader) streamAround(osfile.Handle, int64, bool) (Stream, func(), bool) {
	return nil, nil, false
}

// readsAround says whether this platform can read a large file around
// the page cache (streamAround). Where it cannot, auto reads a file too
// large to stay cached with the fixed buffers, not a map: in the study of
// ripgrep on a 51 GB file that urg started from, the map lost to fixed
// buffers by up to 2.9x on Windows and tied on macOS, and fixed buffers
// behaved the same everywhere (docs/design.md, "--io=auto off Linux").
const readsAround = false
