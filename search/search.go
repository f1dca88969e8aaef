// Package search finds the selected lines of one file: it fills a buffer
// from a reader, hands whole blocks of complete lines to a match.Matcher,
// and reports matching and context lines to a Sink.
//
// It never looks at lines one by one unless it must: the matcher jumps to
// the next match in the block, and only then are that line's bounds found.
// Newlines are counted (in bulk) only when line numbers are asked for.
package search

import (
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
	spans      SpanSink    // sink, when it takes a multiline block's matches
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

// run searches what s.buf[:pre] holds and then what src yields; a nil src
// means the file ends after those bytes. Each turn of its loop takes on
// more of the file (fill), makes it ready (take) and searches the
// complete lines it ends (searchLines).
func (s *Searcher) run(pre int, src io.Reader, sink Sink) (Result, error) {
	s.sink, s.base, s.end, s.lnPos, s.lnNum = sink, 0, 0, 0, 1
	s.context, _ = sink.(ContextSink)
	s.binary, _ = sink.(BinarySink)
	s.spans, _ = sink.(SpanSink)
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
