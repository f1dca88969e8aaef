package search

import (
	"bytes"
	"io"
)

// Mapped is a file in memory (a memory map) that a search takes on in
// order.
type Mapped interface {
	// Bytes is the whole file; only bytes below what Ensure made ready
	// may be read.
	Bytes() []byte
	// Ensure makes the bytes before offset upto ready to read.
	Ensure(upto int) error
	// Release says that the search needs no byte before offset upto
	// again.
	Release(upto int)
}

// SearchMapped searches m where it lies, in windows of a few MiB: before
// each, m is asked to make the window ready; after each, it is told the
// offset before which the search needs no byte again, so that a file far
// larger than memory keeps only a window of it resident. The search may
// change m's bytes (NUL bytes of binary data), only in the window at hand.
func (s *Searcher) SearchMapped(m Mapped, sink Sink) (Result, error) {
	s.own = s.buf
	window := s.opts.MapWindow
	if window <= 0 {
		window = DefaultMapWindow
	}
	s.buf, s.window, s.mapped = m.Bytes(), window, m
	defer func() {
		if len(s.own) > 4*s.opts.BufSize {
			s.own = nil // a huge line grew it: give the memory back
		}
		s.buf, s.own, s.window, s.mapped = s.own, nil, 0, nil
	}()
	return s.run(0, nil, sink)
}

// leaveMap goes on with a mapped file by copying it into the searcher's
// own buffer from the window at hand: its NULs must become line ends, and
// writing into the map would make the kernel copy every page written, far
// more slowly: over the binaries of a large tree it took many times as
// long (see docs/decisions.md#searcherleavemap-binary-data-leaves-the-map-for-a-buffer-searchmappedgo). It returns the reader of the rest and
// pos moved into the buffer.
func (s *Searcher) leaveMap(pos int) (io.Reader, int) {
	data, end := s.buf, s.end
	keep := s.keep(pos)
	if s.opts.LineNumbers && s.lnPos < keep {
		s.lineNo(keep)
	}
	buf := s.own
	if size := max(s.opts.BufSize, 2*(end-keep)); len(buf) < size {
		buf = make([]byte, size)
		s.own = buf
	}
	copy(buf, data[keep:end])
	s.buf, s.end, s.lnPos, s.base = buf, end-keep, s.lnPos-keep, s.base+int64(keep)
	s.window = 0
	rest := &mapReader{data: data, off: end, m: s.mapped}
	s.mapped = nil
	return rest, pos - keep
}

// mapReader copies out the rest of a mapped file, giving back the pages
// it has copied.
type mapReader struct {
	data []byte
	off  int
	m    Mapped
}

func (r *mapReader) Read(p []byte) (int, error) {
	upto := min(len(r.data), r.off+len(p))
	if err := r.m.Ensure(upto); err != nil {
		return 0, err
	}
	n := copy(p, r.data[r.off:upto])
	r.off += n
	r.m.Release(r.off)
	if r.off == len(r.data) {
		return n, io.EOF
	}
	return n, nil
}

// DefaultMapWindow is how much of a mapped file one step takes on: big
// enough that the matcher runs long stretches, small enough that what is
// resident stays small.
const DefaultMapWindow = 4 << 20

// takeWindow makes the next window of a mapped file ready. A window
// holding a NUL (unless the file is searched as text or is a piece) makes
// the search leave the map and read on from its own buffer.
func (s *Searcher) takeWindow(f *feed) (int, error) {
	n := min(s.window, len(s.buf)-s.end)
	if err := s.mapped.Ensure(s.end + n); err != nil {
		return 0, err
	}
	if !s.nulStops && s.opts.Binary != BinaryText && !s.opts.NullData && bytes.IndexByte(s.buf[s.end:s.end+n], 0) >= 0 {
		f.src, f.pos = s.leaveMap(f.pos)
		return s.read(f)
	}
	f.eof = s.end+n == len(s.buf)
	return n, nil
}

// release gives back to the map the bytes before those the search may
// still look at, with pos where it goes on, so that only a window of a
// file far larger than memory stays resident.
func (s *Searcher) release(pos int) {
	keep := s.keep(pos)
	if s.opts.LineNumbers && s.lnPos < keep {
		s.lineNo(keep) // count now: released bytes read back unzapped
	}
	// The newline before keep is looked at to find where before-context
	// starts.
	s.mapped.Release(max(0, keep-1))
}
