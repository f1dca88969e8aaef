package search

import (
	"bytes"
	"io"
	"math"
	"sync"

	"urg/match"
)

// Parallel searches one large mapped file on several cores at once: the
// file is cut into pieces at line ends, searchers match the pieces side by
// side, and what they select is handed on in file order, with line
// numbers made right by adding up the newlines of the pieces before.
//
// A scan of a cached file is not bound by the memory alone: two cores
// measured clearly faster than one on a large file in the page cache
// (see docs/decisions.md#parallel-one-mapped-file-on-every-core-searchparallelgo).
type Parallel struct {
	// Piece is how much of the file one searcher takes at a time.
	Piece int
	// streamPiece is Piece for a stream's stretches (tests make it
	// small).
	streamPiece int

	m       match.Matcher
	opts    Options
	workers int
	guard   func(func() error) error
	pool    sync.Pool // *piece, with the events slice they keep
	unfused bool      // tests: look at each window for NULs on its own
}

// DefaultPiece is how much of the file one searcher takes at a time:
// large enough that handing pieces around costs nothing, small enough
// that both cores stay busy to the end and that the selected lines held
// for ordering stay few.
const DefaultPiece = 8 << 20

// NewParallel returns a Parallel for matcher m that runs workers
// searchers, each in its own goroutine under guard (which turns a fault
// on the map into an error; nil runs them bare).
func NewParallel(m match.Matcher, o Options, workers int, guard func(func() error) error) *Parallel {
	if o.BufSize <= 0 {
		o.BufSize = DefaultBufSize
	}
	if guard == nil {
		guard = func(fn func() error) error { return fn() }
	}
	return &Parallel{m: m, opts: o, workers: max(1, workers), Piece: DefaultPiece, streamPiece: streamPiece, guard: guard}
}

// Splits reports whether searches with these options can be split: the
// order-dependent ones (context lines, a maximum count, which -l and -q
// imply) run whole on one core.
func Splits(o Options) bool {
	return o.Before == 0 && o.After == 0 && o.MaxCount == 0 && !o.StopOnNonmatch && !o.NullData && !o.Multiline && !o.Passthru
}

// piece is one stretch of whole lines searched on its own.
type piece struct {
	text   []byte  // the lines
	off    int64   // the file offset of text[0]
	events []event // selected lines, line numbers counted from the piece
	lines  int64   // newlines in the piece, when line numbers are asked
	res    Result
	nul    bool // holds a NUL: searched in order instead
	err    error
	done   chan struct{}
	// gives is how many stretches of a Stream go back once the piece's
	// lines are handed on.
	gives int
}

// event is one selected line of a piece.
type event struct {
	lineno   int64
	from, to int // the line, as offsets in the piece
}

// pieceSink records a piece's selected lines.
type pieceSink struct{ p *piece }

func (k *pieceSink) Match(lineno, offset int64, line []byte) error {
	from := int(offset)
	k.p.events = append(k.p.events, event{lineno, from, from + len(line)})
	return nil
}

// SearchMapped searches m and reports to sink, as Searcher.SearchMapped
// does. Once a piece holding a NUL is met (unless the file is searched as
// text), the rest of the file is searched in order, so that binary files
// behave as they do on one core.
func (p *Parallel) SearchMapped(m Mapped, sink Sink) (Result, error) {
	// One piece ahead of the workers keeps them busy: two ahead per
	// worker held a piece more for nothing, no faster cold or warm (see
	// docs/decisions.md#parallelsearchmapped-one-piece-ahead-of-the-workers-searchparallelgo).
	return p.search(&mappedPieces{p: p, m: m}, p.workers+1, sink)
}

// pieces is where a split search takes its pieces from.
type pieces interface {
	// cut returns the next piece in file order, nil at the end.
	cut() (*piece, error)
	// handed says that pc's lines were handed on: its bytes are not
	// needed again.
	handed(pc *piece)
	// inOrder searches the file from pc on, on one core, reporting
	// offsets and line numbers as in the whole file (lineOff lines come
	// before pc).
	inOrder(pc *piece, lineOff int64, sink Sink) (Result, error)
}

// search runs the pieces of src through the workers, at most ahead of
// them cut and not yet handed on, and hands their lines on in file order.
func (p *Parallel) search(src pieces, ahead int, sink Sink) (Result, error) {
	// Room for every piece cut: the goroutine that cuts them never
	// waits to hand one to a worker (it did, and then waited for a core
	// to run on while both searched).
	work := make(chan *piece, ahead)
	var wg sync.WaitGroup
	for range p.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := p.pieceSearcher()
			for pc := range work {
				pc.err = p.guard(func() error { return p.searchPiece(s, pc) })
				close(pc.done)
			}
		}()
	}
	var (
		res     Result
		err     error
		queue   []*piece // in file order
		more    = true   // src may have pieces left
		lineOff int64    // lines before the piece at the head of queue
	)
	for err == nil && (more || len(queue) > 0) {
		for err == nil && more && len(queue) < ahead {
			var pc *piece
			if pc, err = src.cut(); err == nil && pc == nil {
				more = false
			} else if err == nil {
				queue = append(queue, pc)
				work <- pc
			}
		}
		if len(queue) == 0 {
			break
		}
		pc := queue[0]
		queue = queue[1:]
		<-pc.done
		if err == nil {
			err = pc.err
		}
		if err == nil && pc.nul {
			// Let the pieces in flight finish before the rest is
			// searched in order over them.
			for _, q := range queue {
				<-q.done
				p.pool.Put(q)
			}
			queue, more = nil, false
			var tail Result
			tail, err = src.inOrder(pc, lineOff, sink)
			res.Count += tail.Count
			res.Bytes += tail.Bytes
			res.Binary = res.Binary || tail.Binary
			res.Stopped = tail.Stopped
			if tail.Count > 0 {
				res.SelectedEnd = pc.off + tail.SelectedEnd
			}
		} else if err == nil {
			err = p.replay(pc, lineOff, sink)
			res.Count += pc.res.Count
			res.Bytes += pc.res.Bytes
			if pc.res.Count > 0 {
				res.SelectedEnd = pc.off + pc.res.SelectedEnd
			}
			lineOff += pc.lines
			src.handed(pc)
		}
		p.pool.Put(pc)
	}
	close(work)
	for _, q := range queue {
		<-q.done
	}
	wg.Wait()
	return res, err
}

// pieceSearcher is a worker's searcher.
func (p *Parallel) pieceSearcher() *Searcher {
	o := p.opts
	o.MapWindow = pieceWindow
	var cleanNext func([]byte) (int, int, int, error)
	if o.Binary != BinaryText && !p.unfused {
		cleanNext = match.CleanNext(p.m)
	}
	if o.Binary == BinaryText || cleanNext != nil {
		// Nothing to look at apart from the scan: the piece is one
		// window, without a look for its last line end every
		// pieceWindow bytes, which was a noticeable share of a warm
		// search's time (see docs/decisions.md#piecesearcher-a-piece-searched-as-one-window-searchparallelgo).
		o.MapWindow = math.MaxInt
	}
	s := New(p.m, o)
	s.nulStops, s.cleanNext = true, cleanNext
	return s
}

// newPiece is a piece of text at file offset off, from the pool.
func (p *Parallel) newPiece(text []byte, off int64) *piece {
	pc, _ := p.pool.Get().(*piece)
	if pc == nil {
		pc = &piece{}
	}
	*pc = piece{text: text, off: off, events: pc.events[:0], done: make(chan struct{})}
	return pc
}

// mappedPieces cuts a mapped file into pieces.
type mappedPieces struct {
	p    *Parallel
	m    Mapped
	next int // where the next piece starts
}

func (mp *mappedPieces) cut() (*piece, error) {
	data := mp.m.Bytes()
	if mp.next >= len(data) {
		return nil, nil
	}
	to, err := mp.p.cut(mp.m, mp.next)
	if err != nil {
		return nil, err
	}
	pc := mp.p.newPiece(data[mp.next:to], int64(mp.next))
	mp.next = to
	return pc, nil
}

func (mp *mappedPieces) handed(pc *piece) { mp.m.Release(int(pc.off) + len(pc.text)) }

func (mp *mappedPieces) inOrder(pc *piece, lineOff int64, sink Sink) (Result, error) {
	from := int(pc.off)
	return mp.p.searchRest(pc.off, lineOff, sink, func(s *Searcher, k Sink) (Result, error) {
		return s.SearchMapped(&tailMap{mp.m, from}, k)
	})
}

// cut finds where the piece that starts at from ends: DefaultPiece bytes
// or so, after a newline (or at the end of the file), made ready in m.
func (p *Parallel) cut(m Mapped, from int) (int, error) {
	data := m.Bytes()
	to := min(len(data), from+p.Piece)
	for to < len(data) {
		upto := min(len(data), to+p.Piece)
		if err := m.Ensure(upto); err != nil {
			return 0, err
		}
		if i := bytes.IndexByte(data[to-1:upto], '\n'); i >= 0 {
			to += i
			break
		}
		if p.opts.Binary != BinaryText && bytes.IndexByte(data[to-1:upto], 0) >= 0 {
			// Binary data: its NULs end lines too, and the piece goes to
			// the search in order anyway. Without this, holes of zeros
			// grew one piece over the whole run of them (a sparse file
			// held its whole hole mapped at once).
			to = upto
			break
		}
		to = upto // a line longer than a piece: the piece grows
	}
	return to, m.Ensure(to)
}

// pieceWindow is how much of a piece its search takes on at a time: each
// window is looked at for NULs and then searched while the cache still
// holds it, instead of two passes over the piece from memory.
const pieceWindow = 256 << 10

// searchPiece searches one piece as if it were a whole file; a piece
// holding a NUL is left for the search in order.
func (p *Parallel) searchPiece(s *Searcher, pc *piece) error {
	if p.opts.LineNumbers {
		pc.lines = int64(bytes.Count(pc.text, []byte{'\n'}))
	}
	var err error
	pc.res, err = s.SearchMapped(inMemory(pc.text), &pieceSink{p: pc})
	if err == errNUL {
		pc.nul, pc.events, err = true, pc.events[:0], nil
	}
	return err
}

// inMemory is bytes already in memory, searched as a Mapped.
type inMemory []byte

func (b inMemory) Bytes() []byte  { return b }
func (inMemory) Ensure(int) error { return nil }
func (inMemory) Release(int)      {}

// replay hands a piece's selected lines to sink, numbered in the file.
func (p *Parallel) replay(pc *piece, lineOff int64, sink Sink) error {
	for _, e := range pc.events {
		n := e.lineno
		if n > 0 {
			n += lineOff
		}
		if err := sink.Match(n, pc.off+int64(e.from), pc.text[e.from:e.to]); err != nil {
			return err
		}
	}
	return nil
}

// searchRest searches the file from offset off on, on one core, with
// search (a searcher and the sink to report to), reporting offsets and
// line numbers as in the whole file (lineOff lines come before off).
func (p *Parallel) searchRest(off, lineOff int64, sink Sink, search func(*Searcher, Sink) (Result, error)) (Result, error) {
	s := New(p.m, p.opts)
	var res Result
	err := p.guard(func() error {
		var err error
		res, err = search(s, newShiftSink(sink, off, lineOff))
		return err
	})
	return res, err
}

// tailMap is the part of a Mapped from offset from on.
type tailMap struct {
	m    Mapped
	from int
}

func (t *tailMap) Bytes() []byte         { return t.m.Bytes()[t.from:] }
func (t *tailMap) Ensure(upto int) error { return t.m.Ensure(t.from + upto) }
func (t *tailMap) Release(upto int)      { t.m.Release(t.from + upto) }

// shiftSink reports a search of a file's tail as lines of the whole file.
// What the sink takes besides selected lines is asked once, when the
// shiftSink is made (newShiftSink), not for each line.
type shiftSink struct {
	Sink
	context       ContextSink // Sink, when it takes context lines
	binary        BinarySink  // Sink, when it is told of binary data
	offset, lines int64
}

func newShiftSink(sink Sink, offset, lines int64) *shiftSink {
	k := &shiftSink{Sink: sink, offset: offset, lines: lines}
	k.context, _ = sink.(ContextSink)
	k.binary, _ = sink.(BinarySink)
	return k
}

func (k *shiftSink) Match(lineno, offset int64, line []byte) error {
	return k.Sink.Match(k.shift(lineno), offset+k.offset, line)
}

func (k *shiftSink) Context(lineno, offset int64, line []byte) error {
	if k.context != nil {
		return k.context.Context(k.shift(lineno), offset+k.offset, line)
	}
	return nil
}

func (k *shiftSink) Binary() error {
	if k.binary != nil {
		return k.binary.Binary()
	}
	return nil
}

func (k *shiftSink) shift(lineno int64) int64 {
	if lineno > 0 {
		return lineno + k.lines
	}
	return 0
}

// Stream is a file read ahead, in order, into stretches its reader owns
// (uring.Stream, which reads around the page cache).
type Stream interface {
	// Next hands out the next stretch of the file, data at file offset
	// off, until it is given back; io.EOF at the end.
	Next() (off int64, data []byte, err error)
	// Done gives back the oldest stretch handed out.
	Done()
}

// SearchStream searches the file st reads and reports to sink, as
// SearchMapped does. A stretch's whole lines are cut into pieces of
// about streamPiece bytes, searched where they lie; the line that runs
// from one stretch into the next is copied into a piece of its own.
// After a piece holding a NUL, the file is read in order from rest, a
// reader of the file from the offset it is given.
func (p *Parallel) SearchStream(st Stream, rest func(off int64) io.Reader, sink Sink) (Result, error) {
	return p.search(&streamPieces{p: p, st: st, rest: rest}, streamAhead, sink)
}

// streamPiece is how much of a stretch one searcher takes at a time, and
// streamAhead how many such pieces may be cut and not yet handed on.
// Whole stretches of 4 MiB (a slot), three ahead, left the workers idle
// much of the time under a costly pattern: a core that finished its piece
// waited for the other's, which had to be handed on before another was
// cut. Cut into these smaller pieces, more of them ahead, a cold costly
// search read around the cache measured faster, and a cheap one the same
// (see docs/decisions.md#streampiece-and-streamahead-1-mib-pieces-twelve-ahead-searchparallelgo).
const (
	streamPiece = 1 << 20
	streamAhead = 12
)

// streamPieces cuts a Stream's stretches into pieces.
type streamPieces struct {
	p        *Parallel
	st       Stream
	rest     func(off int64) io.Reader
	carry    []byte // a line begun in a stretch and not ended there, copied
	carryOff int64
	// body is what is left to cut of a stretch's own lines, at file
	// offset bodyOff; its last piece gives back bodyGives stretches.
	body      []byte
	bodyOff   int64
	bodyGives int
	gives     int // stretches read whose pieces are all cut, not yet given back
	eof       bool
}

func (sp *streamPieces) cut() (*piece, error) {
	if len(sp.body) > 0 {
		return sp.cutBody(), nil
	}
	for !sp.eof {
		off, data, err := sp.st.Next()
		if err == io.EOF {
			sp.eof = true
			break
		}
		if err != nil {
			return nil, err
		}
		first := bytes.IndexByte(data, '\n')
		if first < 0 {
			// No line ends in it: it all joins the line carried.
			if len(sp.carry) == 0 {
				sp.carryOff = off
			}
			sp.carry = append(sp.carry, data...)
			sp.gives++
			continue
		}
		last := bytes.LastIndexByte(data, '\n')
		var bridge *piece
		from := 0
		if len(sp.carry) > 0 {
			bridge = sp.p.newPiece(append(sp.carry, data[:first+1]...), sp.carryOff)
			from = first + 1
		}
		// A new array: the bridge's text is the old one.
		sp.carry, sp.carryOff = append([]byte(nil), data[last+1:]...), off+int64(last+1)
		sp.gives++
		if from > last {
			bridge.gives, sp.gives = sp.gives, 0
			return bridge, nil
		}
		sp.body, sp.bodyOff, sp.bodyGives, sp.gives = data[from:last+1], off+int64(from), sp.gives, 0
		if bridge != nil {
			return bridge, nil
		}
		return sp.cutBody(), nil
	}
	if len(sp.carry) > 0 {
		// The last line, without a newline.
		pc := sp.p.newPiece(sp.carry, sp.carryOff)
		sp.carry = nil
		pc.gives, sp.gives = sp.gives, 0
		return pc, nil
	}
	return nil, nil
}

// cutBody cuts the next piece of the body: streamPiece bytes or so, to a
// line end.
func (sp *streamPieces) cutBody() *piece {
	end := len(sp.body)
	if n := sp.p.streamPiece; end > n {
		end = n + bytes.IndexByte(sp.body[n-1:], '\n')
	}
	pc := sp.p.newPiece(sp.body[:end], sp.bodyOff)
	sp.body, sp.bodyOff = sp.body[end:], sp.bodyOff+int64(end)
	if len(sp.body) == 0 {
		pc.gives, sp.bodyGives = sp.bodyGives, 0
	}
	return pc
}

func (sp *streamPieces) handed(pc *piece) {
	for range pc.gives {
		sp.st.Done()
	}
}

func (sp *streamPieces) inOrder(pc *piece, lineOff int64, sink Sink) (Result, error) {
	return sp.p.searchRest(pc.off, lineOff, sink, func(s *Searcher, k Sink) (Result, error) {
		return s.Search(sp.rest(pc.off), k)
	})
}
