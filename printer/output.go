package printer

import (
	"bufio"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"urg/search"
)

// flushSize is how much output one file gathers before it takes the output
// for itself and streams.
const flushSize = 64 << 10

// Output serialises the output of files searched in parallel.
//
// Unordered, files take turns in the order they finish. Ordered (--sort),
// file number seq is written only after every lower number; files that
// finish early wait in memory, and Admit keeps at most window of them
// ahead of the output so that memory stays bounded.
type Output struct {
	cfg     Config
	w       *bufio.Writer
	errw    io.Writer
	ordered bool
	window  int64

	mu      sync.Mutex
	cond    *sync.Cond
	owner   int64 // seq of the file holding the output, -1 none
	next    int64 // ordered: the next seq to write
	pending map[int64]*File
	wrote   bool // something was written: a context group needs "--" first
	headed  bool // --heading: a file's name was written
	err     error
	warnMu  sync.Mutex
	totals  jsonTotals // --json's summary
	matches atomic.Int64
	// groupSep is the line between context groups (Config.separator).
	groupSep string
	// bufs holds the buffers of files written out, for the files to
	// come: a buffer grown afresh for every file cost a search printing
	// most lines of a tree a large share of its run in allocation,
	// zeroing and page faults (see docs/performance.md).
	bufs sync.Pool
}

// pooledMax is the largest buffer kept for another file; one that a long
// line grew past it goes back to the garbage collector.
const pooledMax = 4 * flushSize

// takeBuf returns an empty buffer for a file.
func (o *Output) takeBuf() []byte {
	if b, ok := o.bufs.Get().(*[]byte); ok {
		return (*b)[:0]
	}
	return nil
}

// giveBuf takes back f's buffer, once written out; f prints nothing more.
func (o *Output) giveBuf(f *File) {
	if b := f.buf; cap(b) > 0 && cap(b) <= pooledMax {
		o.bufs.Put(&b)
	}
	f.buf = nil
}

// Matches is how many matches the lines printed held (CountMatches).
func (o *Output) Matches() int64 { return o.matches.Load() }

// NewOutput returns an Output writing to w, with messages to errw.
func NewOutput(w, errw io.Writer, cfg Config, ordered bool) *Output {
	if cfg.Colors == (Colors{}) {
		cfg.Colors = DefaultColors
	}
	o := &Output{
		cfg: cfg, w: bufio.NewWriterSize(w, 64<<10), errw: errw,
		ordered: ordered, window: 256, owner: -1, pending: map[int64]*File{},
		groupSep: cfg.separator(),
	}
	o.totals.start = time.Now()
	o.cond = sync.NewCond(&o.mu)
	return o
}

// File returns the sink for the file numbered seq (numbers count up from 0
// in the order files are to be printed, when ordered).
func (o *Output) File(seq int64, path string) *File {
	f := &File{out: o, cfg: &o.cfg, seq: seq, path: path, lastEnd: -1, binaryAt: -1, buf: o.takeBuf(),
		group: groupState{emitEnd: -1}}
	if o.cfg.JSON {
		f.started = time.Now()
	}
	if f.shaped = o.cfg.shaped(); o.cfg.InitialTab {
		f.numWidth = numWidth(path, path == o.cfg.StdinLabel, o.cfg.LineNumber)
	}
	return f
}

// Sink is File as a search.Sink, for the scheduler, which knows only that.
func (o *Output) Sink(seq int64, path string) search.Sink { return o.File(seq, path) }

// Admit blocks, when ordered, until file seq is close enough to the output
// to be searched without holding too much finished output in memory.
func (o *Output) Admit(seq int64) {
	if !o.ordered {
		return
	}
	o.mu.Lock()
	for seq >= o.next+o.window && o.err == nil {
		o.cond.Wait()
	}
	o.mu.Unlock()
}

// acquire makes seq the owner of the output, waiting for its turn
// (unordered only: there every file's turn comes).
func (o *Output) acquire(seq int64) {
	o.mu.Lock()
	for o.owner >= 0 {
		o.cond.Wait()
	}
	o.owner = seq
	o.mu.Unlock()
}

// tryAcquire makes seq the owner of the output for streaming. Unordered it
// waits for the owner to finish; ordered it succeeds only when it is seq's
// turn, and never waits.
func (o *Output) tryAcquire(seq int64) bool {
	if !o.ordered {
		o.acquire(seq)
		return true
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.owner >= 0 || seq != o.next {
		return false
	}
	o.owner = seq
	return true
}

// write sends f's buffer to the writer; f owns the output.
func (o *Output) write(f *File) error {
	if len(f.buf) == 0 && !f.printed {
		return o.err
	}
	switch {
	case f.cfg.Heading && f.cfg.WithFilename:
		// --heading: files are set apart by a blank line, not "--".
		if f.headed && !f.headWritten {
			f.headWritten = true
			if o.headed {
				o.w.WriteString("\n")
			}
			o.headed = true
		}
	case f.startsGroup && o.wrote:
		o.w.WriteString(o.groupSep)
	}
	f.startsGroup = false
	o.wrote = true
	if _, err := o.w.Write(f.buf); err != nil && o.err == nil {
		o.err = err
	}
	if o.cfg.LineBuffered || o.cfg.FlushWrites {
		if err := o.w.Flush(); err != nil && o.err == nil {
			o.err = err
		}
	}
	f.buf = f.buf[:0]
	return o.err
}

// finish writes what f still holds and gives up its place.
func (o *Output) finish(f *File) error {
	if !f.streaming {
		if !o.ordered {
			o.acquire(f.seq)
		} else {
			o.mu.Lock()
			if f.seq != o.next || o.owner >= 0 {
				o.pending[f.seq] = f // written by whoever writes f.seq-1
				o.mu.Unlock()
				return nil
			}
			o.owner = f.seq
			o.mu.Unlock()
		}
	}
	err := o.write(f)
	o.notify(f)
	o.giveBuf(f)
	o.mu.Lock()
	o.owner = -1
	if o.ordered {
		o.next = f.seq + 1
		for p, ok := o.pending[o.next]; ok; p, ok = o.pending[o.next] {
			delete(o.pending, o.next)
			o.owner = p.seq
			o.mu.Unlock()
			o.write(p)
			o.notify(p)
			o.giveBuf(p)
			o.mu.Lock()
			o.owner = -1
			o.next++
		}
	}
	o.cond.Broadcast()
	o.mu.Unlock()
	return err
}

// notify prints f's binary-file notice, if it has one, once f's lines are
// out: the output f owns is written through first, so that on a terminal
// the notice comes after them, as grep's does.
func (o *Output) notify(f *File) {
	if !f.notice {
		return
	}
	if err := o.w.Flush(); err != nil && o.err == nil {
		o.err = err
	}
	o.warn(f.path + ": binary file matches")
}

// Flush writes out what is buffered; call it after the last Finish.
func (o *Output) Flush() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.cfg.JSON && o.err == nil {
		if _, err := o.w.Write(o.jsonSummary()); err != nil {
			o.err = err
		}
	}
	if err := o.w.Flush(); err != nil && o.err == nil {
		o.err = err
	}
	return o.err
}

// Err returns the first write error, such as a closed pipe.
func (o *Output) Err() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.err
}

// warn prints a message about one file on the error stream.
func (o *Output) warn(msg string) {
	o.warnMu.Lock()
	io.WriteString(o.errw, "urg: "+msg+"\n")
	o.warnMu.Unlock()
}
