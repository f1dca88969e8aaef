package main

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"sort"

	"github.com/RoaringBitmap/roaring/v2"
	bolt "go.etcd.io/bbolt"
)

// castagnoli is urg's checksum, CRC-32C.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// appendRoaring appends files as a serialized roaring bitmap, its runs
// optimized.
func appendRoaring(dst []byte, files []uint32) []byte {
	bm := roaring.New()
	bm.AddMany(files)
	bm.RunOptimize()
	b, err := bm.ToBytes()
	if err != nil {
		panic(err) // only a writer's error, and this one cannot fail
	}
	return append(dst, b...)
}

// The flat layout is urg's own without its files' tables: a header, the
// posting lists one after the other, the trigram table (keyLen bytes a
// key: the key, its count of files, its list's CRC-32C and its offset),
// and the tables' blob; the trigram table and the blob have one
// checksum, in the header, as urg's tables have.
const (
	flatMagic  = "idxstore"
	flatHeader = 64
	keyLen     = 24
)

// writeFlat writes the lists of l to path in the flat layout, each
// encoded by enc, synced, and returns the lists' length.
func writeFlat(path string, l *lists, enc func([]byte, []uint32) []byte) (int64, error) {
	f, err := os.Create(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	if _, err := f.Seek(flatHeader, io.SeekStart); err != nil {
		return 0, err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	table := make([]byte, 0, keyLen*len(l.keys))
	off := int64(flatHeader)
	var buf []byte
	for i, k := range l.keys {
		buf = enc(buf[:0], l.list(i))
		w.Write(buf)
		table = binary.LittleEndian.AppendUint32(table, k)
		table = binary.LittleEndian.AppendUint32(table, uint32(l.offs[i+1]-l.offs[i]))
		table = binary.LittleEndian.AppendUint32(table, crc32.Checksum(buf, castagnoli))
		table = binary.LittleEndian.AppendUint32(table, 0)
		table = binary.LittleEndian.AppendUint64(table, uint64(off))
		off += int64(len(buf))
	}
	w.Write(table)
	if _, err := w.Write(l.tables); err != nil {
		return 0, err
	}
	if err := w.Flush(); err != nil {
		return 0, err
	}
	crc := crc32.Update(crc32.Checksum(table, castagnoli), castagnoli, l.tables)
	h := make([]byte, 0, flatHeader)
	h = append(h, flatMagic...)
	h = binary.LittleEndian.AppendUint32(h, uint32(len(l.keys)))
	h = binary.LittleEndian.AppendUint32(h, crc)
	h = binary.LittleEndian.AppendUint64(h, uint64(off))
	h = binary.LittleEndian.AppendUint64(h, uint64(len(l.tables)))
	h = append(h, make([]byte, flatHeader-len(h))...)
	if _, err := f.WriteAt(h, 0); err != nil {
		return 0, err
	}
	return off - flatHeader, f.Sync()
}

// flatStore is a file of the flat layout opened for queries: the trigram
// table and the blob read and checked at open, as urg's Open reads its
// tables, and each list read with one pread and checked as urg checks it.
type flatStore struct {
	f       *os.File
	roaring bool
	nfiles  int
	keys    int
	tableAt int64
	table   []byte
	tables  []byte
	buf     []byte
	scratch set
}

func openFlat(path string, isRoaring bool, nfiles int) (*flatStore, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	h := make([]byte, flatHeader)
	if _, err := f.ReadAt(h, 0); err != nil {
		f.Close()
		return nil, err
	}
	if string(h[:8]) != flatMagic {
		f.Close()
		return nil, fmt.Errorf("%s: not a flat store", path)
	}
	s := &flatStore{f: f, roaring: isRoaring, nfiles: nfiles, scratch: newSet(nfiles, false)}
	s.keys = int(binary.LittleEndian.Uint32(h[8:]))
	crc := binary.LittleEndian.Uint32(h[12:])
	s.tableAt = int64(binary.LittleEndian.Uint64(h[16:]))
	n := int64(binary.LittleEndian.Uint64(h[24:]))
	meta := make([]byte, int64(s.keys)*keyLen+n)
	if _, err := f.ReadAt(meta, s.tableAt); err != nil {
		f.Close()
		return nil, err
	}
	if crc32.Checksum(meta, castagnoli) != crc {
		f.Close()
		return nil, fmt.Errorf("%s: checksum of the tables does not match", path)
	}
	s.table, s.tables = meta[:s.keys*keyLen], meta[s.keys*keyLen:]
	return s, nil
}

func (s *flatStore) close() error { return s.f.Close() }

// find is key's place in the table, or -1.
func (s *flatStore) find(key uint32) int {
	t := s.table
	i := sort.Search(s.keys, func(i int) bool { return binary.LittleEndian.Uint32(t[i*keyLen:]) >= key })
	if i == s.keys || binary.LittleEndian.Uint32(t[i*keyLen:]) != key {
		return -1
	}
	return i
}

func (s *flatStore) count(key uint32) (int, error) {
	i := s.find(key)
	if i < 0 {
		return 0, nil
	}
	return int(binary.LittleEndian.Uint32(s.table[i*keyLen+4:])), nil
}

// read reads key's list into buf (grown when short), checked; nil when
// no file holds key.
func (s *flatStore) read(key uint32, buf []byte) (list []byte, count int, err error) {
	i := s.find(key)
	if i < 0 {
		return nil, 0, nil
	}
	rec := s.table[i*keyLen:]
	count = int(binary.LittleEndian.Uint32(rec[4:]))
	off, end := int64(binary.LittleEndian.Uint64(rec[16:])), s.tableAt
	if i+1 < s.keys {
		end = int64(binary.LittleEndian.Uint64(s.table[(i+1)*keyLen+16:]))
	}
	if int64(cap(buf)) < end-off {
		buf = make([]byte, end-off)
	}
	list = buf[:end-off]
	if _, err := s.f.ReadAt(list, off); err != nil {
		return nil, 0, err
	}
	if crc32.Checksum(list, castagnoli) != binary.LittleEndian.Uint32(rec[8:]) {
		return nil, 0, fmt.Errorf("checksum of the list of %06x does not match", key)
	}
	return list, count, nil
}

func (s *flatStore) orInto(key uint32, set set) error {
	list, count, err := s.read(key, s.buf)
	if list == nil {
		return err
	}
	s.buf = list
	if s.roaring {
		return orRoaring(list, set, s.scratch)
	}
	return orVarint(list, count, set)
}

func (s *flatStore) bitmap(key uint32) (*roaring.Bitmap, error) {
	list, _, err := s.read(key, nil) // the bitmap keeps the bytes
	if list == nil {
		return nil, err
	}
	bm := roaring.New()
	if _, err := bm.FromBuffer(list); err != nil {
		return nil, err
	}
	return bm, nil
}

// errMalformed: a list that does not decode.
var errMalformed = errors.New("posting list malformed")

// orVarint adds to set the count files of a list of varint gaps.
func orVarint(list []byte, count int, set set) error {
	num := int64(-1)
	for range count {
		gap, k := binary.Uvarint(list)
		if k <= 0 || gap == 0 {
			return errMalformed
		}
		list = list[k:]
		num += int64(gap)
		if num>>6 >= int64(len(set)) {
			return errMalformed
		}
		set[num>>6] |= 1 << (num & 63)
	}
	return nil
}

// orRoaring adds to set the files of a serialized roaring bitmap,
// through scratch: WriteDenseTo copies a dense container's words over
// what they held.
func orRoaring(list []byte, set, scratch set) error {
	var bm roaring.Bitmap
	if _, err := bm.FromBuffer(list); err != nil {
		return err
	}
	clear(scratch)
	bm.WriteDenseTo(scratch)
	union(set, scratch)
	return nil
}

// Two buckets: the lists, by their trigram's three bytes, big-endian
// (so in the keys' order), and the tables' blob under one key.
var (
	listsBucket  = []byte("lists")
	tablesBucket = []byte("tables")
	tablesKey    = []byte("all")
)

func boltKey(k uint32) []byte { return []byte{byte(k >> 16), byte(k >> 8), byte(k)} }

// writeBolt writes the lists of l to a new bbolt file at path in one
// transaction, each value encoded by enc after the list's count as a
// varint when withCount, and returns the values' length. The keys come
// in order, so the bucket is filled whole (FillPercent 1), as bbolt
// advises for appends.
func writeBolt(path string, l *lists, enc func([]byte, []uint32) []byte, withCount bool) (int64, error) {
	os.Remove(path)
	db, err := bolt.Open(path, 0o644, nil)
	if err != nil {
		return 0, err
	}
	var n int64
	err = db.Update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucket(listsBucket)
		if err != nil {
			return err
		}
		b.FillPercent = 1
		// bbolt keeps the values it is given until the commit: each
		// gets bytes of its own, from a few large blocks.
		var block []byte
		for i, k := range l.keys {
			if cap(block)-len(block) < 1<<20 {
				block = make([]byte, 0, 64<<20)
			}
			start := len(block)
			if withCount {
				block = binary.AppendUvarint(block, uint64(l.offs[i+1]-l.offs[i]))
			}
			block = enc(block, l.list(i))
			v := block[start:len(block):len(block)]
			n += int64(len(v))
			if err := b.Put(boltKey(k), v); err != nil {
				return err
			}
		}
		t, err := tx.CreateBucket(tablesBucket)
		if err != nil {
			return err
		}
		return t.Put(tablesKey, l.tables)
	})
	if err != nil {
		db.Close()
		return 0, err
	}
	return n, db.Close()
}

// boltStore is a bbolt file opened read-only, in one read transaction:
// its lists are read from bbolt's map, unchecked (bbolt keeps no
// checksum of its pages).
type boltStore struct {
	db      *bolt.DB
	tx      *bolt.Tx
	b       *bolt.Bucket
	tables  []byte
	roaring bool
	bms     map[uint32]*roaring.Bitmap
	scratch set
}

func openBolt(path string, isRoaring bool, nfiles int) (*boltStore, error) {
	db, err := bolt.Open(path, 0, &bolt.Options{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	tx, err := db.Begin(false)
	if err != nil {
		db.Close()
		return nil, err
	}
	s := &boltStore{db: db, tx: tx, b: tx.Bucket(listsBucket), roaring: isRoaring,
		bms: map[uint32]*roaring.Bitmap{}, scratch: newSet(nfiles, false)}
	t := tx.Bucket(tablesBucket)
	if s.b == nil || t == nil {
		s.close()
		return nil, fmt.Errorf("%s: no lists", path)
	}
	s.tables = t.Get(tablesKey)
	return s, nil
}

func (s *boltStore) close() error {
	s.tx.Rollback()
	return s.db.Close()
}

func (s *boltStore) bitmap(key uint32) (*roaring.Bitmap, error) {
	if bm, ok := s.bms[key]; ok {
		return bm, nil
	}
	v := s.b.Get(boltKey(key))
	if v == nil {
		return nil, nil
	}
	bm := roaring.New()
	if _, err := bm.FromBuffer(v); err != nil {
		return nil, err
	}
	s.bms[key] = bm
	return bm, nil
}

func (s *boltStore) count(key uint32) (int, error) {
	if s.roaring {
		bm, err := s.bitmap(key)
		if bm == nil {
			return 0, err
		}
		return int(bm.GetCardinality()), nil
	}
	v := s.b.Get(boltKey(key))
	if v == nil {
		return 0, nil
	}
	c, k := binary.Uvarint(v)
	if k <= 0 {
		return 0, errMalformed
	}
	return int(c), nil
}

func (s *boltStore) orInto(key uint32, set set) error {
	if s.roaring {
		bm, err := s.bitmap(key)
		if bm == nil {
			return err
		}
		clear(s.scratch)
		bm.WriteDenseTo(s.scratch)
		union(set, s.scratch)
		return nil
	}
	v := s.b.Get(boltKey(key))
	if v == nil {
		return nil
	}
	c, k := binary.Uvarint(v)
	if k <= 0 {
		return errMalformed
	}
	return orVarint(v[k:], int(c), set)
}
