package index

import (
	"encoding/binary"
)

// header is the index file's first headerLen bytes.
type header struct {
	files, keys int
	namesLen    int
	slots       int
	start       int64 // the build's start, in nanoseconds since the epoch
	postings    int64 // the posting lists' length, from headerLen
	crc         uint32
}

// Offsets of the sections after the posting lists.
func (h *header) filesAt() int64 { return headerLen + h.postings }
func (h *header) namesAt() int64 { return h.filesAt() + int64(h.files)*fileLen }
func (h *header) keysAt() int64  { return h.namesAt() + int64(h.namesLen) }
func (h *header) hashAt() int64  { return h.keysAt() + int64(h.keys)*keyLen }
func (h *header) end() int64     { return h.hashAt() + 4*int64(h.slots) }

func (h *header) encode() []byte {
	b := make([]byte, 0, headerLen)
	b = append(b, magic...)
	b = binary.LittleEndian.AppendUint32(b, version)
	b = binary.LittleEndian.AppendUint32(b, uint32(h.files))
	b = binary.LittleEndian.AppendUint32(b, uint32(h.keys))
	b = binary.LittleEndian.AppendUint32(b, uint32(h.slots))
	b = binary.LittleEndian.AppendUint64(b, uint64(h.namesLen))
	b = binary.LittleEndian.AppendUint64(b, uint64(h.start))
	b = binary.LittleEndian.AppendUint64(b, uint64(h.postings))
	b = binary.LittleEndian.AppendUint32(b, h.crc)
	for len(b) < headerLen {
		b = append(b, 0)
	}
	return b
}

// decodeHeader reads a header, checking what it can alone; size is the
// file's.
func decodeHeader(b []byte, size int64) (header, error) {
	var h header
	if len(b) < headerLen || string(b[:8]) != magic {
		return h, unreadable("not an urg index")
	}
	if v := binary.LittleEndian.Uint32(b[8:]); v != version {
		return h, unreadable("format version %d, this urg reads %d (urg --index-update rebuilds it)", v, version)
	}
	h.files = int(binary.LittleEndian.Uint32(b[12:]))
	h.keys = int(binary.LittleEndian.Uint32(b[16:]))
	h.slots = int(binary.LittleEndian.Uint32(b[20:]))
	h.namesLen = int(binary.LittleEndian.Uint64(b[24:]))
	h.start = int64(binary.LittleEndian.Uint64(b[32:]))
	h.postings = int64(binary.LittleEndian.Uint64(b[40:]))
	h.crc = binary.LittleEndian.Uint32(b[48:])
	if h.postings < 0 || h.namesLen < 0 || h.slots&(h.slots-1) != 0 || h.slots < h.files {
		return h, unreadable("header out of range")
	}
	if h.end() != size {
		return h, unreadable("%d bytes, the header says %d (truncated?)", size, h.end())
	}
	return h, nil
}

// hashSlots is the hash table's size for n files: a power of two at
// least twice n, so probes stay short.
func hashSlots(n int) int {
	s := 16
	for s < 2*n {
		s *= 2
	}
	return s
}

// hashName is a name's place in the hash table (FNV-1a).
func hashName[S ~string | ~[]byte](name S) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(name); i++ {
		h ^= uint64(name[i])
		h *= 1099511628211
	}
	return h
}
