package search

import (
	"bytes"
	"io"
)

// feed is where one run takes the file's bytes from, and how far it has
// gone through them: the state its steps (fill, searchLines) share.
type feed struct {
	// src yields the rest of the file; nil means the file ends with the
	// bytes the buffer holds.
	src io.Reader
	// pre is how many bytes at the buffer's end another reader already
	// read and the search has not yet taken on.
	pre int
	pos int  // where the search goes on in buf
	eof bool // the file's last byte is taken on
	// head is set while the buffer holds only what another reader read
	// of a file's start (the io_uring engine's slot): the rest of the
	// first block is read before anything is searched.
	head bool
	// noNL is how many bytes from pos on are known to hold no newline:
	// a line longer than a window is looked at once, not again with
	// every window added, which made a line many windows long cost time
	// in the square of its length (see docs/decisions.md#feednonl-a-long-line-looked-at-for-its-end-once-searchfeedgo).
	noNL int
	// nulFrom is where the bytes of a piece not yet looked at for NULs
	// start (nulSince); -1 none.
	nulFrom int
}

// fill takes on more of the file: it returns how many bytes from
// buf[end:] on are new, from whichever of the map, the bytes read ahead
// or the reader the file is coming from.
func (s *Searcher) fill(f *feed) (int, error) {
	switch {
	case s.window > 0:
		return s.takeWindow(f)
	case f.pre > 0 || f.src == nil:
		n := f.pre
		f.pre, f.eof = 0, f.src == nil
		f.head = !f.eof && n < s.opts.BufSize
		return n, nil
	default:
		return s.read(f)
	}
}

// read reads from f.src into the buffer, making room first when it is
// full. An error that comes with bytes is kept for the next read, so
// that those bytes are searched first.
func (s *Searcher) read(f *feed) (int, error) {
	if f.pos == s.end && s.skipsHoles() {
		s.skipHole(f)
	}
	if s.end == len(s.buf) {
		f.pos = s.makeRoom(f.pos)
	}
	room := s.buf[s.end:]
	if first := int64(s.opts.BufSize) - s.base - int64(s.end); first > 0 && first < int64(len(room)) {
		// The first block ends at BufSize even in a buffer that a long
		// line grew.
		room = room[:first]
	}
	n, err := f.src.Read(room)
	switch {
	case err == io.EOF:
		f.eof = true
	case err != nil && n == 0:
		return 0, err
	case err != nil:
		// Search the bytes that came with the error, then stop.
		f.src, f.pre = failing{err}, 0
	}
	return n, nil
}

// skipHole passes over a hole at the read position, when the reader can:
// zeros never written are, in binary data, empty lines that no match can
// be on (see skipsHoles).
func (s *Searcher) skipHole(f *feed) {
	h, ok := f.src.(holeSkipper)
	if !ok {
		return
	}
	if skipped := h.SkipHole(); skipped > 0 {
		s.base += int64(s.end) + skipped
		s.end, f.pos, s.lnPos = 0, 0, 0
	}
}

// take adds the n bytes fill brought to the buffer's valid bytes. NULs
// read are noted (sawBinary) before anything sees them; false means the
// file is binary data under BinarySkip and is not searched on.
func (s *Searcher) take(f *feed, n int) bool {
	if s.window == 0 && n > 0 && s.sawBinary(s.buf[s.end:s.end+n]) && s.opts.Binary == BinarySkip {
		return false
	}
	s.end += n
	s.res.Bytes += int64(n)
	if !f.head && s.nulStops && s.cleanNext == nil && s.opts.Binary != BinaryText {
		f.nulFrom = s.end - n
	}
	return true
}

// holeSkipper is a reader of a file that can move past a hole.
type holeSkipper interface{ SkipHole() int64 }

// skipsHoles reports whether holes in the file, read as NUL bytes, can be
// passed over unread: the file is binary data whose NULs end lines, so a
// hole is empty lines, and no empty line is selected or printed (no -v,
// no pattern that matches nothing, no context, no line numbers to count).
// GNU grep skips them the same way, which a sparse file of 100 GB needs.
func (s *Searcher) skipsHoles() bool {
	o := &s.opts
	return s.res.Binary && o.Binary != BinaryText && !o.Invert && !o.LineNumbers &&
		o.Before == 0 && o.After == 0 && s.m.MinLen() > 0 && s.window == 0
}

// failing is a reader that has failed: the error comes after the bytes that
// were read with it.
type failing struct{ err error }

func (f failing) Read([]byte) (int, error) { return 0, f.err }

// makeRoom frees the front of the buffer, keeping the unsearched tail and the
// lines that may still be needed as before-context; when nothing can go it
// doubles the buffer (a line longer than the buffer). It returns pos moved.
func (s *Searcher) makeRoom(pos int) int {
	keep := s.keep(pos)
	if keep == 0 {
		grown := make([]byte, 2*len(s.buf))
		copy(grown, s.buf[:s.end])
		s.buf = grown
		return pos
	}
	if s.opts.LineNumbers && s.lnPos < keep {
		s.lineNo(keep)
	}
	copy(s.buf, s.buf[keep:s.end])
	s.end -= keep
	s.lnPos -= keep
	s.base += int64(keep)
	return pos - keep
}

// keep is where the bytes the search may still look at begin, with pos
// where the search goes on: the lines before pos that may yet be needed
// as before-context are kept.
func (s *Searcher) keep(pos int) int {
	keep := pos
	if s.opts.Before > 0 && !s.opts.CountOnly {
		for i := 0; i < s.opts.Before && keep > 0; i++ {
			keep = bytes.LastIndexByte(s.buf[:keep-1], s.eol) + 1
		}
	}
	return keep
}
