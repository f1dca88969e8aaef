package index

import (
	"encoding/binary"
	"hash/crc32"
	"io"
	"os"
	"sort"

	"urg/osfile"
)

// Index is an index file opened for searches: its tables in memory, its
// posting lists read from the file as a query asks for them.
type Index struct {
	f     *os.File
	h     header
	files []byte
	names []byte
	keys  []byte
	hash  []byte
}

// Open opens the index file at path and checks its tables. An error
// wrapping ErrUnreadable says the file is no index of this version, or a
// damaged one; others are the system's.
func Open(path string) (*Index, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	ix, err := open(f)
	if err != nil {
		f.Close()
		return nil, err
	}
	return ix, nil
}

func open(f *os.File) (*Index, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	head := make([]byte, headerLen)
	if _, err := f.ReadAt(head, 0); err != nil && err != io.EOF {
		return nil, err
	}
	h, err := decodeHeader(head, st.Size())
	if err != nil {
		return nil, err
	}
	meta := make([]byte, h.end()-h.filesAt())
	if _, err := f.ReadAt(meta, h.filesAt()); err != nil {
		return nil, err
	}
	if crc32.Checksum(meta, castagnoli) != h.crc {
		return nil, unreadable("checksum of its tables does not match")
	}
	ix := &Index{f: f, h: h}
	rest := meta
	take := func(n int) []byte { b := rest[:n]; rest = rest[n:]; return b }
	ix.files = take(h.files * fileLen)
	ix.names = take(h.namesLen)
	ix.keys = take(h.keys * keyLen)
	ix.hash = take(4 * h.slots)
	for i := range h.files {
		rec := ix.files[i*fileLen:]
		if off, n := binary.LittleEndian.Uint32(rec[40:]), binary.LittleEndian.Uint16(rec[44:]); int(off)+int(n) > len(ix.names) {
			return nil, unreadable("file %d's name out of range", i)
		}
	}
	return ix, nil
}

// Close closes the index file.
func (ix *Index) Close() error { return ix.f.Close() }

// Files is how many files the index holds.
func (ix *Index) Files() int { return ix.h.files }

// Name is the name of file num.
func (ix *Index) Name(num int) string { return string(ix.name(num)) }

func (ix *Index) name(num int) []byte { return nameOf(ix.files, ix.names, num) }

// Entry is what the index holds of file num.
func (ix *Index) Entry(num int) Entry {
	rec := ix.files[num*fileLen:]
	le := binary.LittleEndian
	return Entry{Num: num, flags: le.Uint16(rec[46:]), ID: osfile.Identity{
		Dev: le.Uint64(rec), Ino: le.Uint64(rec[8:]), Size: int64(le.Uint64(rec[16:])),
		Mtime: int64(le.Uint64(rec[24:])), Ctime: int64(le.Uint64(rec[32:])),
	}}
}

// Lookup finds the file named name (relative to the root, with forward
// slashes).
func (ix *Index) Lookup(name string) (Entry, bool) {
	mask := uint64(ix.h.slots - 1)
	for s, probes := hashName(name)&mask, 0; probes < ix.h.slots; s, probes = (s+1)&mask, probes+1 {
		v := binary.LittleEndian.Uint32(ix.hash[4*s:])
		if v == 0 {
			return Entry{}, false
		}
		if num := int(v - 1); num < ix.h.files && string(ix.name(num)) == name {
			return ix.Entry(num), true
		}
	}
	return Entry{}, false
}

// find is where trigram key is in the keys' table, and its count of
// files; ok is false when no file holds it.
func (ix *Index) find(key uint32) (i, count int, ok bool) {
	n := ix.h.keys
	i = sort.Search(n, func(i int) bool { return binary.LittleEndian.Uint32(ix.keys[i*keyLen:]) >= key })
	if i == n || binary.LittleEndian.Uint32(ix.keys[i*keyLen:]) != key {
		return i, 0, false
	}
	return i, int(binary.LittleEndian.Uint32(ix.keys[i*keyLen+4:])), true
}

// postingsIn reads the posting list of trigram key into set (one bit per
// file), or says there is none; the list's bytes go through buf, which it
// returns grown, for the next.
func (ix *Index) postingsIn(key uint32, set []uint64, buf []byte) ([]byte, error) {
	i, count, ok := ix.find(key)
	if !ok {
		return buf, nil
	}
	n := ix.h.keys
	rec := ix.keys[i*keyLen:]
	crc := binary.LittleEndian.Uint32(rec[8:])
	off := int64(binary.LittleEndian.Uint64(rec[16:]))
	end := ix.h.filesAt()
	if i+1 < n {
		end = int64(binary.LittleEndian.Uint64(ix.keys[(i+1)*keyLen+16:]))
	}
	if off < headerLen || end < off || end > ix.h.filesAt() {
		return buf, unreadable("posting list of %06x out of range", key)
	}
	if int64(cap(buf)) < end-off {
		buf = make([]byte, end-off)
	}
	list := buf[:end-off]
	if _, err := ix.f.ReadAt(list, off); err != nil {
		return buf, err
	}
	if crc32.Checksum(list, castagnoli) != crc {
		return buf, unreadable("checksum of the posting list of %06x does not match", key)
	}
	num := int64(-1)
	for range count {
		gap, k := binary.Uvarint(list)
		if k <= 0 || gap == 0 {
			return buf, unreadable("posting list of %06x malformed", key)
		}
		list = list[k:]
		num += int64(gap)
		if num >= int64(ix.h.files) {
			return buf, unreadable("posting list of %06x names file %d of %d", key, num, ix.h.files)
		}
		set[num>>6] |= 1 << (num & 63)
	}
	if len(list) != 0 {
		return buf, unreadable("posting list of %06x longer than its count", key)
	}
	return buf, nil
}
