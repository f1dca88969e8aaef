// Package listing keeps a tree's directory listings as a walk last read
// them, each beside its directory's identity, so that a later walk
// (`--index`, `--files`, `spot --index`) takes an unchanged directory's
// entries without opening and reading it.
//
// An entry made, removed or renamed moves its directory's change time,
// so a directory whose identity is the recorded one holds the recorded
// entries; a directory changed too close to the walk that read it is not
// recorded (see Racy). Stating a directory costs a walk far less than
// opening and reading it.
package listing

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"strings"
	"sync/atomic"

	"urg/osfile"
	"urg/walk"
)

// The file's layout, little-endian: a header (headerLen bytes), then the
// directories one after another, each its name below the root (a
// uvarint length, then the bytes; "" for the root), its identity (idLen
// bytes), a uvarint count of entries, and each entry's type (a byte),
// inode number (uvarint) and name (uvarint length, bytes). The header's
// checksum covers the header's fields before it and everything after.
const (
	magic     = "urglists"
	version   = 1
	headerLen = 28
	idLen     = 40
)

// castagnoli is the checksum's table (CRC-32C, in hardware on most CPUs).
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// ErrUnreadable wraps every reason a listings file cannot be used.
var ErrUnreadable = errors.New("index unreadable")

func unreadable(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrUnreadable, fmt.Sprintf(format, args...))
}

// checksum covers the header's fields and the body.
func checksum(head, body []byte) uint32 {
	return crc32.Update(crc32.Checksum(head, castagnoli), castagnoli, body)
}

// dir is where one directory's listing is in the file's body.
type dir struct {
	id      osfile.Identity
	entries int    // how many
	at      int    // the first entry's offset in the body
	rec     [2]int // where its whole record starts and ends in the body
}

// Listings is a listings file opened for a walk: a walk.Lister of the
// tree rooted at the path it was opened with.
type Listings struct {
	root string
	body []byte
	dirs map[string]dir
	// Listed and Read count the directories taken from the file and
	// those the walk had to read, for --stats.
	Listed, Read atomic.Int64
}

// Open reads the listings file at path for walks of the tree at root (the
// path a walk opens it by: "." for the working directory). An error
// wrapping ErrUnreadable says the file is no listings file of this
// version, or a damaged one; others are the system's.
func Open(path, root string) (*Listings, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if len(data) < headerLen || string(data[:8]) != magic {
		return nil, unreadable("not an urg listings file")
	}
	le := binary.LittleEndian
	if v := le.Uint32(data[8:]); v != version {
		return nil, unreadable("format version %d, this urg reads %d (urg --index-update rebuilds it)", v, version)
	}
	count, bodyLen := int(le.Uint32(data[12:])), le.Uint64(data[16:])
	body := data[headerLen:]
	if uint64(len(body)) != bodyLen {
		return nil, unreadable("%d bytes, the header says %d (truncated?)", len(data), bodyLen+headerLen)
	}
	if checksum(data[:24], body) != le.Uint32(data[24:]) {
		return nil, unreadable("checksum does not match")
	}
	if count > len(body)/(idLen+2) {
		return nil, unreadable("%d directories in %d bytes", count, len(body))
	}
	l := &Listings{root: root, body: body, dirs: make(map[string]dir, count)}
	if err := l.index(count); err != nil {
		return nil, err
	}
	return l, nil
}

// index finds the count directories of the body, checking every entry,
// so that Listing never meets a malformed one.
func (l *Listings) index(count int) error {
	r := reader{b: l.body}
	for range count {
		start := r.off
		name := r.bytes()
		id := r.identity()
		d := dir{id: id, entries: int(r.uvarint()), at: r.off}
		for range d.entries {
			r.byte()
			r.uvarint()
			r.bytes()
		}
		d.rec = [2]int{start, r.off}
		if r.bad {
			return unreadable("directory %d malformed", len(l.dirs))
		}
		l.dirs[string(name)] = d
	}
	if r.off != len(l.body) {
		return unreadable("longer than its %d directories", count)
	}
	return nil
}

// Listing gives the entries of the directory at path when it holds what
// it held when they were read: the same identity, which the racy ones
// were never recorded with.
func (l *Listings) Listing(path string, fn func(name []byte, t walk.Type, ino uint64)) (dev, ino uint64, ok bool) {
	d, ok := l.holding(path)
	if !ok {
		return 0, 0, false
	}
	l.emit(d, fn)
	return d.id.Dev, d.id.Ino, true
}

// emit calls fn with each entry of d, checked whole at Open.
func (l *Listings) emit(d dir, fn func(name []byte, t walk.Type, ino uint64)) {
	r := reader{b: l.body, off: d.at}
	for range d.entries {
		t := walk.Type(r.byte())
		ino := r.uvarint()
		fn(r.bytes(), t, ino)
	}
}

// holding is the record of the directory at path when its identity now
// is the recorded one, counted as Listed or Read.
func (l *Listings) holding(path string) (dir, bool) {
	d, ok := l.dirs[rel(l.root, path)]
	if ok {
		now, err := osfile.IdentifyPath(path)
		ok = err == nil && now == d.id
	}
	if !ok {
		l.Read.Add(1)
		return dir{}, false
	}
	l.Listed.Add(1)
	return d, true
}

// rel is the name path has below root, as the walk spells its paths:
// root itself is "", its entries are joined to it by one slash (none
// after a root that ends in one). A path not below root is named with a
// NUL, which no directory's name holds.
func rel(root, path string) string {
	switch {
	case path == root:
		return ""
	case strings.HasSuffix(root, "/") && strings.HasPrefix(path, root):
		return path[len(root):]
	case strings.HasPrefix(path, root) && len(path) > len(root) && path[len(root)] == '/':
		return path[len(root)+1:]
	}
	return "\x00"
}

// reader decodes the body, noting rather than panicking on what runs out.
type reader struct {
	b   []byte
	off int
	bad bool
}

func (r *reader) uvarint() uint64 {
	v, n := binary.Uvarint(r.b[min(r.off, len(r.b)):])
	if n <= 0 {
		r.bad, r.off = true, len(r.b)
		return 0
	}
	r.off += n
	return v
}

func (r *reader) byte() byte {
	if r.off >= len(r.b) {
		r.bad = true
		return 0
	}
	r.off++
	return r.b[r.off-1]
}

func (r *reader) bytes() []byte {
	n := r.uvarint()
	if n > uint64(len(r.b)-r.off) {
		r.bad, r.off = true, len(r.b)
		return nil
	}
	r.off += int(n)
	return r.b[r.off-int(n) : r.off]
}

func (r *reader) identity() osfile.Identity {
	if len(r.b)-r.off < idLen {
		r.bad, r.off = true, len(r.b)
		return osfile.Identity{}
	}
	le := binary.LittleEndian
	b := r.b[r.off:]
	r.off += idLen
	return osfile.Identity{Dev: le.Uint64(b), Ino: le.Uint64(b[8:]), Size: int64(le.Uint64(b[16:])),
		Mtime: int64(le.Uint64(b[24:])), Ctime: int64(le.Uint64(b[32:]))}
}
