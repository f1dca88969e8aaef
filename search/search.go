// Package search finds the selected lines of one file: it fills a buffer
// from a reader, hands whole blocks of complete lines to a match.Matcher,
// and reports matching and context lines to a Sink.
//
// It never looks at lines one by one unless it must: the matcher jumps to
// the next match in the block, and only then are that line's bounds found.
// Newlines are counted (in bulk) only when line numbers are asked for.
package search

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math"

	"urg/match"
)

// Binary says what to do with a file that holds a NUL byte.
type Binary int

const (
	// BinaryQuit prints grep's one-line notice instead of the first
	// selected line and stops (grep's default).
	BinaryQuit Binary = iota
	// BinaryText searches the file as text (-a).
	BinaryText
	// BinarySkip takes the file as holding no match (-I).
	BinarySkip
)

// Options say which lines a search selects and reports.
type Options struct {
	Invert        bool // -v
	Before, After int  // -B, -A
	// NullData ends lines with NUL bytes instead of newlines (grep -z):
	// a NUL is then no sign of binary data. The matcher must look for
	// lines so ended (match.CompileRecords).
	NullData bool
	// Multiline lets a match span lines (--multiline): the matcher must
	// be a match.Spanner. A selected "line" is then the block of whole
	// lines a match spans; a match longer than MultilineReach may be
	// missed, which keeps what a search holds in memory bounded.
	Multiline bool
	// Passthru reports every line that is not selected as context
	// (rg --passthru): endless after-context, due from the file's start
	// (New sets After so, and Before to 0).
	Passthru bool
	MaxCount int64 // -m; 0 means no limit
	// StopOnNonmatch ends a file's search at the first line that does
	// not match after one that does (rg --stop-on-nonmatch), as -m ends
	// it: trailing context is still given.
	StopOnNonmatch bool
	LineNumbers    bool // count lines for Sink calls
	Binary         Binary
	// CountOnly selects lines without reporting them (-c, -l, -L, -q).
	CountOnly bool
	// BufSize is the initial buffer size; a longer line grows it.
	BufSize int
	// MapWindow is how much of a mapped file one step of SearchMapped
	// takes on; 0 means DefaultMapWindow.
	MapWindow int
}

// DefaultBufSize holds most source files whole, so one read and one scan
// cover them.
//
// It is also the first block of every file: the first BufSize bytes (or
// the whole file, if shorter) are in the buffer before any of them is
// searched, whichever engine reads them, so that a NUL byte anywhere in
// them makes the whole block binary data, as grep's first block is.
const DefaultBufSize = 256 << 10

// Sink receives what the search of one file reports, in file order: the
// selected lines. What else a sink takes it says by the interfaces it
// also has, asked for once a search: ContextSink (context lines),
// BinarySink (a selected line in binary data) and FramedSink (the file's
// beginning and end).
type Sink interface {
	// Match is called for each selected line; offset is the byte offset
	// of the line in the file, lineno its 1-based number (0 when not
	// counted). line excludes the newline and is valid only during the call.
	Match(lineno, offset int64, line []byte) error
}

// ContextSink is a Sink that takes context lines; to a Sink without it
// they are not handed.
type ContextSink interface {
	Sink
	// Context is called for each context line, as Match is.
	Context(lineno, offset int64, line []byte) error
}

// BinarySink is a Sink told when a selected line lies in binary data.
type BinarySink interface {
	Sink
	// Binary is called when a selected line lies in data that holds a
	// NUL byte, under BinaryQuit; nothing is reported after it (under
	// MaxCount the search counts on, silently, to the count, as grep
	// 3.12 does, for Result.SelectedEnd).
	Binary() error
}

// FramedSink is a Sink framed by the file: whoever runs the file's search
// (the scheduler) calls Begin before reading it and Finish after, also
// for a file it did not search (skipped, or failed to open), through
// Begin and Finish below. The Searcher itself calls neither, so that a
// file may be searched in parts (a split search).
type FramedSink interface {
	Sink
	// Begin is called once, first. An error means the output is gone:
	// the file is not searched and the run should stop.
	Begin() error
	// Finish is called once for every file begun, last. res is what its
	// search found; err, when not nil, is why the search ended early
	// (the file could not be opened or read): the lines already given
	// are still written, but the file's summary (-c's count, -l's name,
	// the JSON end message) is left out. The error returned is the
	// output's: once it fails, the run should stop.
	Finish(res Result, err error) error
}

// Begin begins the file for k, when k is framed (FramedSink).
func Begin(k Sink) error {
	if f, ok := k.(FramedSink); ok {
		return f.Begin()
	}
	return nil
}

// Finish ends the file for k, when k is framed (FramedSink).
func Finish(k Sink, res Result, err error) error {
	if f, ok := k.(FramedSink); ok {
		return f.Finish(res, err)
	}
	return nil
}

// SpanSink is a Sink that takes, with a block of lines that --multiline
// matches span, the matches' bounds in it: found with the text around the
// block in view, where a sink that looked for them again in the block
// alone would miss a match whose look-behind reaches the line before.
type SpanSink interface {
	Sink
	MatchSpans(lineno, offset int64, block []byte, spans []Span) error
}

// Span is a match's bounds, in the block handed with it.
type Span struct{ Start, End int }

// Result sums up one search.
type Result struct {
	Count  int64 // lines selected
	Binary bool  // a NUL byte was seen
	Bytes  int64 // bytes read
	// SelectedEnd is the offset just past the last selected line: past
	// its newline, or the end of the input for a last line without one
	// (0 when none was selected).
	SelectedEnd int64
	// Stopped says the search was ended by what it found (MaxCount lines
	// selected, binary data) rather than by the end of its input, which
	// may then be left partly unread.
	Stopped bool
}

// Searcher searches files one at a time with a buffer it owns and reuses.
// It is not safe for concurrent use; give each goroutine its own.
type Searcher struct {
	m    match.Matcher
	opts Options
	buf  []byte
	eol  byte          // what ends a line: '\n', or NUL under NullData
	span match.Spanner // under Multiline
	// quiet: binary data was noticed under -m, and the search counts on
	// to -m's count without reporting a line.
	quiet bool
	// blockSpans, while a multiline block is reported, are its matches
	// (for a SpanSink); nil otherwise.
	blockSpans []Span
	spanBuf    []Span

	// per-search state
	sink       Sink
	context    ContextSink // sink, when it takes context lines
	binary     BinarySink  // sink, when it is told of binary data
	base       int64       // file offset of buf[0]
	end        int         // valid bytes in buf
	lnPos      int         // buf position of a line start whose number is lnNum
	lnNum      int64
	lastEnd    int64 // file offset just past the last reported line; -1 none
	afterLeft  int
	draining   bool // max count reached: only trailing context remains
	done       bool
	res        Result
	sinkFailed error

	// a mapped file: the whole of it is buf, taken on in windows
	window int
	mapped Mapped
	own    []byte // the buffer to read into when the map must be left
	// nulStops makes a NUL in a mapped window end the search with
	// errNUL instead of leaving the map (a piece of a split file).
	nulStops bool
	// cleanNext, when nulStops, is the matcher's scan that looks for
	// NULs too (match.CleanNext): region then looks only at what it did
	// not see, instead of every window being looked at again.
	cleanNext func(text []byte) (start, end, clean int, err error)
}

// New returns a Searcher for matcher m.
func New(m match.Matcher, o Options) *Searcher {
	if o.BufSize <= 0 {
		o.BufSize = DefaultBufSize
	}
	if o.Passthru {
		o.Before, o.After = 0, math.MaxInt
	}
	eol := byte('\n')
	if o.NullData {
		eol = 0
	}
	s := &Searcher{m: m, opts: o, eol: eol}
	if o.Multiline {
		s.span, _ = m.(match.Spanner)
	}
	return s
}

// errStop ends a search early without it being an error.
var errStop = errors.New("stop")

// errNUL ends the search of a piece that holds a NUL byte.
var errNUL = errors.New("NUL in piece")

// Search reads src to its end (or until nothing more can be selected) and
// reports to sink. src must return io.EOF, possibly together with the last
// bytes, at the end.
func (s *Searcher) Search(src io.Reader, sink Sink) (Result, error) {
	if s.buf == nil {
		s.buf = make([]byte, s.opts.BufSize)
	}
	return s.run(0, src, sink)
}

// SearchBuffer searches data, bytes another reader (the io_uring engine)
// already read from the start of a file. With rest nil, data is the whole
// file and is searched where it lies, without a copy; the search may
// change it (NUL bytes of binary data). Otherwise the file goes on in rest.
func (s *Searcher) SearchBuffer(data []byte, rest io.Reader, sink Sink) (Result, error) {
	if rest == nil {
		own := s.buf
		s.buf = data
		defer func() { s.buf = own }()
		return s.run(len(data), nil, sink)
	}
	if len(s.buf) < max(len(data)*2, s.opts.BufSize) {
		s.buf = make([]byte, max(len(data)*2, s.opts.BufSize))
	}
	copy(s.buf, data)
	return s.run(len(data), rest, sink)
}

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
// long (see docs/decisions.md#searcherleavemap-binary-data-leaves-the-map-for-a-buffer-searchsearchgo). It returns the reader of the rest and
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

// run searches what s.buf[:pre] holds and then what src yields; a nil src
// means the file ends after those bytes. Each turn of its loop takes on
// more of the file (fill), makes it ready (take) and searches the
// complete lines it ends (searchLines).
func (s *Searcher) run(pre int, src io.Reader, sink Sink) (Result, error) {
	s.sink, s.base, s.end, s.lnPos, s.lnNum = sink, 0, 0, 0, 1
	s.context, _ = sink.(ContextSink)
	s.binary, _ = sink.(BinarySink)
	s.lastEnd, s.afterLeft, s.draining, s.done, s.quiet, s.res = -1, 0, false, false, false, Result{}
	if s.opts.Passthru {
		s.afterLeft = s.opts.After
	}
	f := &feed{src: src, pre: pre, nulFrom: -1}
	for !f.eof && !s.done {
		n, err := s.fill(f)
		if err != nil {
			return s.res, err
		}
		if !s.take(f, n) {
			return Result{Binary: true, Bytes: s.res.Bytes, Stopped: true}, nil
		}
		if f.head {
			f.head = false
			continue // the rest of the first block, then its search
		}
		stop, err := s.searchLines(f)
		if err != nil {
			return s.res, err
		}
		if stop {
			break
		}
	}
	if len(s.buf) > 4*s.opts.BufSize && f.src != nil {
		s.buf = nil // a huge line grew it: give the memory back
	}
	s.res.Stopped = s.done
	return s.res, s.sinkFailed
}

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
	// in the square of its length (see docs/decisions.md#feednonl-a-long-line-looked-at-for-its-end-once-searchsearchgo).
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

// searchLines searches the complete lines from pos on: up to the last
// newline the buffer holds, or to its end at the end of the file. stop
// says the search ended on what it found (errStop), which leaves the rest
// of the file unread. A piece's NUL ends it with errNUL.
func (s *Searcher) searchLines(f *feed) (stop bool, err error) {
	limit := s.end
	if !f.eof {
		i := bytes.LastIndexByte(s.buf[f.pos+f.noNL:s.end], s.eol)
		if i < 0 {
			f.noNL = s.end - f.pos
			if s.nulSince(&f.nulFrom) {
				return false, errNUL
			}
			return false, nil // no complete line yet: read on, growing if need be
		}
		limit = f.pos + f.noNL + i + 1
		f.noNL = 0
	}
	if limit <= f.pos {
		return false, nil
	}
	if s.span != nil {
		next, err := s.multiRegion(f.pos, limit, f.eof)
		if err == errStop {
			return true, nil
		} else if err != nil || next == f.pos {
			return false, err // next == pos: read on, to see a match's reach
		}
		f.pos = next
		if s.mapped != nil {
			s.release(f.pos)
		}
		return false, nil
	}
	if err := s.region(f.pos, limit); err == errStop {
		return true, nil
	} else if err != nil {
		return false, err
	}
	f.pos = limit
	if s.nulSince(&f.nulFrom) {
		return false, errNUL
	}
	if s.mapped != nil {
		s.release(f.pos)
	}
	return false, nil
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

// nulSince reports whether buf[*from:end] holds a NUL, from being a
// window of a piece not yet looked at (-1: none), and marks it looked at.
// The window is looked at after its search, while the cache holds it.
func (s *Searcher) nulSince(from *int) bool {
	f := *from
	*from = -1
	return f >= 0 && bytes.IndexByte(s.buf[f:s.end], 0) >= 0
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

// lineNo returns the number of the line starting at p; calls must come in
// increasing order of p.
func (s *Searcher) lineNo(p int) int64 {
	if !s.opts.LineNumbers {
		return 0
	}
	s.lnNum += int64(bytes.Count(s.buf[s.lnPos:p], []byte{s.eol}))
	s.lnPos = p
	return s.lnNum
}

// region searches buf[pos:limit], which holds complete lines.
func (s *Searcher) region(pos, limit int) error {
	textEnd := limit
	if s.buf[textEnd-1] == s.eol {
		textEnd--
	}
	at := pos
	for at <= textEnd && !s.draining {
		ls, le, err := s.next(at, textEnd)
		if err != nil {
			return err
		}
		if s.opts.StopOnNonmatch && !s.opts.Invert && s.res.Count > 0 && ls != 0 {
			s.draining = true // a line that does not match comes first
			break
		}
		if ls < 0 {
			break
		}
		ls, le = ls+at, le+at
		if s.opts.Invert {
			if err := s.lines(at, ls, s.selectLine); err != nil {
				return err
			}
			if err := s.afterLine(ls, le); err != nil {
				return err
			}
		} else {
			if err := s.after(at, ls); err != nil {
				return err
			}
			if err := s.selectLine(ls, le); err != nil {
				return err
			}
		}
		at = le + 1
	}
	if at >= limit {
		return nil
	}
	if s.opts.Invert && !s.draining {
		return s.lines(at, limit, s.selectLine)
	}
	return s.after(at, limit)
}

// next is the matcher's Next on buf[at:textEnd]. Through cleanNext, the
// bytes up to the line found (or to textEnd) that its scan did not see
// are looked at for NULs here, and one ends the search with errNUL.
func (s *Searcher) next(at, textEnd int) (int, int, error) {
	text := s.buf[at:textEnd]
	if s.cleanNext == nil {
		return s.m.Next(text)
	}
	ls, le, clean, err := s.cleanNext(text)
	if err != nil {
		return ls, le, err
	}
	seen := len(text)
	if ls >= 0 {
		seen = le
	}
	if clean < seen && bytes.IndexByte(text[clean:seen], 0) >= 0 {
		return ls, le, errNUL
	}
	return ls, le, nil
}

// after reports the lines of buf[from:to] that are due as after-context.
// Lines past that are not looked at: without context, the stretch between
// two matches costs nothing.
func (s *Searcher) after(from, to int) error {
	for p := from; p < to && (s.afterLeft > 0 || s.draining); {
		le := to
		if i := bytes.IndexByte(s.buf[p:to], s.eol); i >= 0 {
			le = p + i
		}
		if err := s.afterLine(p, le); err != nil {
			return err
		}
		p = le + 1
	}
	return nil
}

// lines calls fn for each line in buf[from:to]; from is a line start and to
// a line start or the end of the region.
func (s *Searcher) lines(from, to int, fn func(ls, le int) error) error {
	if from >= to {
		return nil
	}
	if s.opts.CountOnly && !s.draining && s.opts.MaxCount == 0 && s.opts.Invert {
		// counting inverted lines needs no per-line work
		n := int64(bytes.Count(s.buf[from:to], []byte{s.eol}))
		if s.buf[to-1] != s.eol {
			n++
		}
		s.res.Count += n
		s.res.SelectedEnd = s.base + int64(to)
		return nil
	}
	for p := from; p < to; {
		le := to
		if i := bytes.IndexByte(s.buf[p:to], s.eol); i >= 0 {
			le = p + i
		}
		if err := fn(p, le); err != nil {
			return err
		}
		p = le + 1
	}
	return nil
}

// selectLine reports a selected line with its before-context.
func (s *Searcher) selectLine(ls, le int) error {
	if s.draining {
		return s.afterLine(ls, le)
	}
	s.res.Count++
	s.res.SelectedEnd = s.base + int64(le)
	if le < s.end {
		s.res.SelectedEnd++ // its newline
	}
	if s.opts.MaxCount > 0 && s.res.Count >= s.opts.MaxCount {
		s.draining = true
		if s.opts.CountOnly || s.opts.After == 0 {
			s.done = true
		}
	}
	if s.opts.CountOnly {
		if s.done {
			return errStop
		}
		return nil
	}
	if s.res.Binary && s.opts.Binary == BinaryQuit {
		switch {
		case s.quiet:
			// Counting on, with nothing reported, to -m's count.
			if s.draining {
				s.done = true
				return errStop
			}
			return nil
		case s.opts.MaxCount > 0 && !s.draining:
			// grep 3.12 counts on through binary data to -m's count
			// and stops after that line, where it leaves standard
			// input for the command after it: the notice now, the
			// count after it silent.
			s.quiet, s.afterLeft = true, 0
			return s.check(s.binaryFound(), false)
		}
		s.done = true
		return s.check(s.binaryFound(), true)
	}
	if err := s.before(ls); err != nil {
		return err
	}
	var err error
	if ss, ok := s.sink.(SpanSink); ok && s.blockSpans != nil {
		err = ss.MatchSpans(s.lineNo(ls), s.base+int64(ls), s.buf[ls:le], s.blockSpans)
	} else {
		err = s.sink.Match(s.lineNo(ls), s.base+int64(ls), s.buf[ls:le])
	}
	s.lastEnd = s.base + int64(le) + 1
	s.afterLeft = s.opts.After
	return s.check(err, s.done)
}

// afterLine reports a line that is not selected as after-context when it is
// due.
func (s *Searcher) afterLine(ls, le int) error {
	if s.afterLeft == 0 || s.opts.CountOnly {
		if s.draining {
			s.done = true
			return errStop
		}
		return nil
	}
	s.afterLeft--
	err := s.contextLine(s.lineNo(ls), s.base+int64(ls), s.buf[ls:le])
	s.lastEnd = s.base + int64(le) + 1
	return s.check(err, s.draining && s.afterLeft == 0)
}

// before reports up to Before lines ahead of ls that were not reported yet.
func (s *Searcher) before(ls int) error {
	if s.opts.Before == 0 || ls == 0 {
		return nil
	}
	floor := 0
	if s.lastEnd >= 0 {
		floor = max(0, int(s.lastEnd-s.base))
	}
	start := ls
	for i := 0; i < s.opts.Before && start > floor; i++ {
		start = max(floor, bytes.LastIndexByte(s.buf[:start-1], s.eol)+1)
	}
	for p := start; p < ls; {
		le := p + bytes.IndexByte(s.buf[p:ls], s.eol)
		if err := s.contextLine(s.lineNo(p), s.base+int64(p), s.buf[p:le]); err != nil {
			return s.check(err, false)
		}
		p = le + 1
	}
	return nil
}

// binaryFound tells the sink of binary data, if it is told (BinarySink).
func (s *Searcher) binaryFound() error {
	if s.binary == nil {
		return nil
	}
	return s.binary.Binary()
}

// contextLine hands the sink a context line, if it takes them.
func (s *Searcher) contextLine(lineno, offset int64, line []byte) error {
	if s.context == nil {
		return nil
	}
	return s.context.Context(lineno, offset, line)
}

// check turns a sink error into the end of the search, and stop into errStop.
func (s *Searcher) check(err error, stop bool) error {
	if err != nil {
		s.sinkFailed = err
		s.done = true
		return errStop
	}
	if stop {
		return errStop
	}
	return nil
}
