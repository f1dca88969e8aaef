package main

import (
	"encoding/binary"
	"fmt"
	"os"

	"urg/index"
)

// lists is every posting list of an urg index, in memory: the files of
// keys[i] are files[offs[i]:offs[i+1]], ascending.
type lists struct {
	keys   []uint32
	offs   []int
	files  []uint32
	nfiles int

	// tables is what urg's file holds besides its posting lists and its
	// trigram table (the files' records, their names and the names' hash
	// table), one blob that every store holds too, so that their sizes
	// compare whole.
	tables []byte
	// urgLists is the length of urg's posting lists, from its header.
	urgLists int64
}

func (l *lists) list(i int) []uint32 { return l.files[l.offs[i]:l.offs[i+1]] }

// load reads every list of the index at path through index.Lists, and
// copies its other tables, whose place it reads from the header (a
// layout index/header.go keeps to itself: checked against the lists).
func load(path string) (*lists, error) {
	ix, err := index.Open(path)
	if err != nil {
		return nil, err
	}
	defer ix.Close()
	l := &lists{nfiles: ix.Files(), offs: []int{0}}
	err = ix.Lists(func(key uint32, files []uint32) error {
		l.keys = append(l.keys, key)
		l.files = append(l.files, files...)
		l.offs = append(l.offs, len(l.files))
		return nil
	})
	if err != nil {
		return nil, err
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	le := binary.LittleEndian
	const headerLen, fileLen, keyLen = 128, 48, 24
	files, keys, slots := int64(le.Uint32(b[12:])), int64(le.Uint32(b[16:])), int64(le.Uint32(b[20:]))
	names, postings := int64(le.Uint64(b[24:])), int64(le.Uint64(b[40:]))
	var sum int64
	var buf []byte
	for i := range l.keys {
		buf = appendVarint(buf[:0], l.list(i))
		sum += int64(len(buf))
	}
	filesAt := headerLen + postings
	keysAt := filesAt + files*fileLen + names
	end := keysAt + keys*keyLen + 4*slots
	if files != int64(l.nfiles) || keys != int64(len(l.keys)) || sum != postings || end != int64(len(b)) {
		return nil, fmt.Errorf("%s: header (%d files, %d keys, %d bytes of lists, %d in all) does not match its lists (%d, %d, %d, %d)",
			path, files, keys, postings, end, l.nfiles, len(l.keys), sum, len(b))
	}
	l.tables = append(append([]byte(nil), b[filesAt:keysAt]...), b[keysAt+keys*keyLen:]...)
	l.urgLists = postings
	return l, nil
}

// appendVarint appends files as urg's posting lists hold them: the
// gaps between file numbers, from -1, as unsigned varints.
func appendVarint(dst []byte, files []uint32) []byte {
	prev := int64(-1)
	for _, f := range files {
		dst = binary.AppendUvarint(dst, uint64(int64(f)-prev))
		prev = int64(f)
	}
	return dst
}
