package index

import (
	"bufio"
	"encoding/binary"
	"hash/crc32"
	"io"
)

// Lists calls fn with every trigram the index holds, in the order of
// their keys, and the numbers of the files that hold it, ascending. It
// reads the posting lists in one pass, checking each one's checksum and
// bounds as a query does. files is valid only during the call; an error
// from fn stops the pass and is returned.
func (ix *Index) Lists(fn func(key uint32, files []uint32) error) error {
	n := ix.h.keys
	r := bufio.NewReaderSize(io.NewSectionReader(ix.f, headerLen, ix.h.postings), 1<<20)
	at := int64(headerLen)
	var list []byte
	var files []uint32
	for i := range n {
		rec := ix.keys[i*keyLen:]
		key := binary.LittleEndian.Uint32(rec)
		count := int(binary.LittleEndian.Uint32(rec[4:]))
		crc := binary.LittleEndian.Uint32(rec[8:])
		off := int64(binary.LittleEndian.Uint64(rec[16:]))
		end := ix.h.filesAt()
		if i+1 < n {
			end = int64(binary.LittleEndian.Uint64(ix.keys[(i+1)*keyLen+16:]))
		}
		if off != at || end < off || end > ix.h.filesAt() {
			return unreadable("posting list of %06x out of range", key)
		}
		if int64(cap(list)) < end-off {
			list = make([]byte, end-off)
		}
		list = list[:end-off]
		if _, err := io.ReadFull(r, list); err != nil {
			return err
		}
		at = end
		if crc32.Checksum(list, castagnoli) != crc {
			return unreadable("checksum of the posting list of %06x does not match", key)
		}
		files = files[:0]
		num := int64(-1)
		rest := list
		for range count {
			gap, k := binary.Uvarint(rest)
			if k <= 0 || gap == 0 {
				return unreadable("posting list of %06x malformed", key)
			}
			rest = rest[k:]
			num += int64(gap)
			if num >= int64(ix.h.files) {
				return unreadable("posting list of %06x names file %d of %d", key, num, ix.h.files)
			}
			files = append(files, uint32(num))
		}
		if len(rest) != 0 {
			return unreadable("posting list of %06x longer than its count", key)
		}
		if err := fn(key, files); err != nil {
			return err
		}
	}
	return nil
}
