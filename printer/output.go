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
	pending map[int64]*file
	wrote   bool // something was written: a context group needs "--" first
	headed  bool // --heading: a file's name was written
	// err is the first write error. It is read before every file's
	// search (Begin) and set by whichever file owns the output, so it
	// is an atomic rather than under mu.
	err     atomic.Pointer[error]
	warnMu  sync.Mutex
	totals  jsonTotals // --json's summary
	matches atomic.Int64
	// groupSep is the line between context groups (Config.separator).
	groupSep string
	// files holds the sinks written out (of the one kind this output
	// makes), with their buffers, for the files to come: a buffer grown afresh for every file cost a search
	// printing most lines of a tree a large share of its run in
	// allocation, zeroing and page faults (see docs/decisions.md#outputbufs-finished-files-buffers-for-the-next-files-printeroutputgo), and
	// a sink allocated for every file of a tree most of whose files
	// print nothing was a share of its own.
	files sync.Pool
}

// pooledMax is the largest buffer kept for another file; one that a long
// line grew past it goes back to the garbage collector.
const pooledMax = 4 * flushSize

// recycle takes back f once written out, for a file to come; f is not
// used after. Its buffers go with it, emptied, unless a long line grew
// one past pooledMax.
func (o *Output) recycle(f *file) {
	k := f.self
	k.reset()
	o.files.Put(k)
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
		ordered: ordered, window: 256, owner: -1, pending: map[int64]*file{},
		groupSep: cfg.separator(),
	}
	o.totals.start = time.Now()
	o.cond = sync.NewCond(&o.mu)
	return o
}

// File returns the sink for the file numbered seq (numbers count up from 0
// in the order files are to be printed, when ordered): the one the
// output's Config asks for, chosen here, once for the file.
func (o *Output) File(seq int64, path string) File {
	switch {
	case o.cfg.JSON:
		return o.jsonFileOf(seq, path)
	case o.cfg.Mode == Lines:
		return o.standardFile(seq, path)
	case o.cfg.Mode == MatchCount:
		return o.matchCountsFile(seq, path)
	default:
		return o.summaryFile(seq, path)
	}
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
	for seq >= o.next+o.window && o.Err() == nil {
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
func (o *Output) write(f *file) error {
	if len(f.buf) == 0 && !f.printed {
		return o.Err()
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
	if _, err := o.w.Write(f.buf); err != nil {
		o.fail(err)
	}
	if o.cfg.LineBuffered || o.cfg.FlushWrites {
		if err := o.w.Flush(); err != nil {
			o.fail(err)
		}
	}
	f.buf = f.buf[:0]
	return o.Err()
}

// finish writes what f still holds and gives up its place.
func (o *Output) finish(f *file) error {
	if !o.ordered && !f.streaming && len(f.buf) == 0 && !f.printed && !f.notice {
		// Nothing to write, nor a turn to keep: most files of a tree
		// search end here, and taking the output for them made the
		// searchers wait on each other.
		o.recycle(f)
		return o.Err()
	}
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
	seq := f.seq
	o.recycle(f)
	o.mu.Lock()
	o.owner = -1
	if o.ordered {
		o.next = seq + 1
		for p, ok := o.pending[o.next]; ok; p, ok = o.pending[o.next] {
			delete(o.pending, o.next)
			o.owner = p.seq
			o.mu.Unlock()
			o.write(p)
			o.notify(p)
			o.recycle(p)
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
func (o *Output) notify(f *file) {
	if !f.notice {
		return
	}
	if err := o.w.Flush(); err != nil {
		o.fail(err)
	}
	o.warn(f.path + ": binary file matches")
}

// Flush writes out what is buffered; call it after the last Finish.
func (o *Output) Flush() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.cfg.JSON && o.Err() == nil {
		if _, err := o.w.Write(o.jsonSummary()); err != nil {
			o.fail(err)
		}
	}
	if err := o.w.Flush(); err != nil {
		o.fail(err)
	}
	return o.Err()
}

// Err returns the first write error, such as a closed pipe.
func (o *Output) Err() error {
	if p := o.err.Load(); p != nil {
		return *p
	}
	return nil
}

// fail keeps err as the output's error, unless an earlier one is kept.
func (o *Output) fail(err error) { o.err.CompareAndSwap(nil, &err) }

// warn prints a message about one file on the error stream.
func (o *Output) warn(msg string) {
	o.warnMu.Lock()
	io.WriteString(o.errw, "urg: "+msg+"\n")
	o.warnMu.Unlock()
}
