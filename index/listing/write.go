package listing

import (
	"encoding/binary"
	"os"
	"sync"

	"urg/osfile"
	"urg/walk"
)

// Writer gathers the listings a walk reads, from several goroutines at
// once, and writes them as one listings file at Commit. It is the walk's
// walk.Recorder: asked for a listing, it gives the previous file's when
// that one still holds and records it again.
type Writer struct {
	path  string
	root  string
	start osfile.Start // judges the racy directories
	prev  *Listings    // the file being replaced, nil when none
	// lags: no listing is recorded on a file system whose stat may lag
	// its directories' changes (osfile.StatLags).
	lags osfile.LagCache
	mu   sync.Mutex
	body []byte
	dirs int
}

// NewWriter starts a listings file to be committed to path, of walks of
// the tree at root (as Open's root), begun at start, before any directory
// was read: an entry made within one tick of the file system's clock of
// the listing may leave the directory's times as they were read, so the
// racy directories (start.Racy) are not recorded. prev, when not nil, is
// the file it replaces, whose listings that still hold are taken rather
// than read again.
func NewWriter(path, root string, start osfile.Start, prev *Listings) *Writer {
	return &Writer{path: path, root: root, start: start, prev: prev}
}

// Listing gives the previous file's listing of the directory at path when
// it still holds, and records it again: its record's bytes, as they are.
func (w *Writer) Listing(path string, fn func(name []byte, t walk.Type, ino uint64)) (dev, ino uint64, ok bool) {
	if w.prev == nil {
		return 0, 0, false
	}
	d, ok := w.prev.holding(path)
	if !ok {
		return 0, 0, false
	}
	w.mu.Lock()
	w.body, w.dirs = append(w.body, w.prev.body[d.rec[0]:d.rec[1]]...), w.dirs+1
	w.mu.Unlock()
	w.prev.emit(d, fn)
	return d.id.Dev, d.id.Ino, true
}

// Read records the listing of the directory at path, unless its times are
// too close to the walk's start to tell a later change (or it has none),
// or its file system's stat may lag.
func (w *Writer) Read(path string, id osfile.Identity, entries []walk.DirEntry) {
	if id.Ctime == 0 || w.start.Racy(id) || w.lags.Lags(path, id.Dev) {
		return
	}
	if name := rel(w.root, path); name != "\x00" {
		w.add(name, id, entries)
	}
}

func (w *Writer) add(name string, id osfile.Identity, entries []walk.DirEntry) {
	w.mu.Lock()
	defer w.mu.Unlock()
	b := appendBytes(w.body, name)
	for _, v := range []int64{int64(id.Dev), int64(id.Ino), id.Size, id.Mtime, id.Ctime} {
		b = binary.LittleEndian.AppendUint64(b, uint64(v))
	}
	b = binary.AppendUvarint(b, uint64(len(entries)))
	for _, e := range entries {
		b = append(b, byte(e.Type))
		b = binary.AppendUvarint(b, e.Ino)
		b = appendBytes(b, e.Name)
	}
	w.body, w.dirs = b, w.dirs+1
}

func appendBytes(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

// Commit writes the file in path's place in one rename: a walk that opens
// path meanwhile reads the old file or the new, whole.
func (w *Writer) Commit() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	le := binary.LittleEndian
	head := append([]byte(magic), make([]byte, headerLen-len(magic))...)
	le.PutUint32(head[8:], version)
	le.PutUint32(head[12:], uint32(w.dirs))
	le.PutUint64(head[16:], uint64(len(w.body)))
	le.PutUint32(head[24:], checksum(head[:24], w.body))
	return osfile.Replace(w.path, func(f *os.File) error {
		if _, err := f.Write(head); err != nil {
			return err
		}
		_, err := f.Write(w.body)
		return err
	})
}
