package search

import (
	"bytes"
	"encoding/binary"
)

// nulSince reports whether buf[*from:end] holds a NUL, from being a
// window of a piece not yet looked at (-1: none), and marks it looked at.
// The window is looked at after its search, while the cache holds it.
func (s *Searcher) nulSince(from *int) bool {
	f := *from
	*from = -1
	return f >= 0 && bytes.IndexByte(s.buf[f:s.end], 0) >= 0
}

// sawBinary notes a NUL byte in freshly read data. Unless the file is
// searched as text, NULs then end lines too, as in grep, so that counts
// agree with it.
func (s *Searcher) sawBinary(b []byte) bool {
	if s.opts.Binary == BinaryText || s.opts.NullData {
		return false
	}
	first := bytes.IndexByte(b, 0)
	if first < 0 {
		return false
	}
	s.res.Binary = true
	zapNULs(b[first:])
	return true
}

// zapNULs turns every NUL byte of b into a newline without branches: 32
// bytes at a time with AVX2 (zapBlocks), else eight at a time. Binary
// files can be mostly NULs, and one IndexByte call per NUL made them the
// slowest part of a search.
func zapNULs(b []byte) {
	b = b[zapBlocks(b):]
	const lo7 = 0x7f7f7f7f7f7f7f7f
	for len(b) >= 8 {
		w := binary.LittleEndian.Uint64(b)
		// 0x80 in each byte of w that is zero, exactly.
		z := ^((w&lo7 + lo7) | w | lo7)
		binary.LittleEndian.PutUint64(b, w|(z>>7)*'\n')
		b = b[8:]
	}
	for i, c := range b {
		if c == 0 {
			b[i] = '\n'
		}
	}
}
