package base

import (
	"bytes"
	"encoding/binary"
	"math/bits"
)

// IndexNL is the index of the first newline in b, -1 when none.
func IndexNL(b []byte) int { return bytes.IndexByte(b, '\n') }

// LastIndexNL is the index of the last newline in b, -1 when none.
// Eight bytes are tested at a time: bytes.LastIndexByte reads one at a
// time, and finding the start of the line a literal lands on, back over
// a long line, was the largest cost of a search whose literal is in most
// lines and matches in few.
func LastIndexNL(b []byte) int {
	const (
		nl   = 0x0a0a0a0a0a0a0a0a
		low7 = 0x7f7f7f7f7f7f7f7f
	)
	i := len(b)
	for ; i >= 8; i -= 8 {
		x := binary.LittleEndian.Uint64(b[i-8:]) ^ nl
		// A byte's high bit set in t where the byte of x is zero,
		// exactly: the sums carry into no other byte.
		t := ^((x&low7 + low7) | x | low7)
		if t != 0 {
			return i - 8 + (63-bits.LeadingZeros64(t))/8
		}
	}
	return bytes.LastIndexByte(b[:i], '\n')
}

// LineAt returns the bounds of the line of text that holds byte i, the
// end excluding its newline.
func LineAt(text []byte, i int) (start, end int) {
	start = LastIndexNL(text[:i]) + 1
	end = IndexNL(text[i:])
	if end < 0 {
		return start, len(text)
	}
	return start, i + end
}

// Block returns the bounds of the whole lines that hold text[s:e], a match
// that may span lines: from the start of its first line to the end of its
// last, excluding that line's newline.
func Block(text []byte, s, e int) (int, int) {
	ls := bytes.LastIndexByte(text[:s], '\n') + 1
	last := e
	if e > s && text[e-1] == '\n' {
		last = e - 1 // a match that ends with a newline ends on its line
	}
	le := len(text)
	if i := bytes.IndexByte(text[last:], '\n'); i >= 0 {
		le = last + i
	}
	return ls, le
}

// FirstLine returns the bounds of the first line of text that matches
// says holds a match, or -1: for matchers that decide a line from the
// line alone, on each one in turn.
func FirstLine(text []byte, matches func(line []byte) bool) (int, int) {
	for ls := 0; ls <= len(text); {
		le := bytes.IndexByte(text[ls:], '\n')
		if le < 0 {
			le = len(text)
		} else {
			le += ls
		}
		if matches(text[ls:le]) {
			return ls, le
		}
		ls = le + 1
	}
	return -1, -1
}

// LineEndFrom returns the end of the line of text that holds offset i,
// looking forward only (LineAt looks back for its start too).
func LineEndFrom(text []byte, i int) int {
	if j := IndexNL(text[i:]); j >= 0 {
		return i + j
	}
	return len(text)
}

// Found is the result, in text's offsets, of a matcher's Next over
// text[at:] that returned s, e, err.
func Found(at, s, e int, err error) (int, int, error) {
	if s < 0 {
		return -1, -1, err
	}
	return at + s, at + e, err
}
