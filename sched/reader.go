package sched

import (
	"urg/osfile"
	"urg/walk"
)

// reader reads files one at a time and hands each to its searcher: one per
// goroutine that reads (the pread and map engines' readers, the
// non-blocking path's, the searchers beside the rings).
type reader struct {
	r *run
	s Searcher
	// The non-blocking path's: its opener, the buffer it reads a file's
	// start into, and what it read.
	cached osfile.Cached
	head   []byte
	rd     readDone
	file   File // the file handed to s (reused: one at a time)
	// untried counts the files sent to the rings untried since the last
	// one tried (take).
	untried int
	// lat is what this reader (or its ring) timed; nil unless the run
	// times its I/O. done merges it into the run's.
	lat *Latency
	// batch tries the files it queues several at a time (made at the
	// first); noBatch says this reader cannot, or can no longer.
	batch   *batch
	noBatch bool
	// retry says the file being taken was tried by the batch, which
	// reached its fault points already (at).
	retry bool
}

func (r *run) newReader() *reader {
	w := &reader{r: r, s: r.cfg.NewSearcher()}
	if r.cfg.Latency {
		w.lat = new(Latency)
	}
	return w
}

// done adds what the reader timed to the run's stats and ends its
// searcher; the reader is not used after.
func (w *reader) done() {
	w.r.lat.add(w.lat)
	if w.batch != nil {
		w.batch.close()
	}
	w.s.Done()
}

// readDone is what was read of a file before its search: by the ring or
// by the non-blocking path.
type readDone struct {
	data []byte        // the file's first bytes, in a ring's or a reader's buffer
	fd   osfile.Handle // to read the rest from; NoHandle when data is all
	err  error         // the open or read failed
	via  via
}

// via says who read a readDone, for the stats.
type via uint8

const (
	viaRing   via = iota // a ring
	viaCached            // the non-blocking path
	viaPread             // nothing yet: the searcher reads it all with pread
)

// searchFile hands file f to the reader's searcher. rd is what a reader
// read of f before; nil when nothing was.
func (w *reader) searchFile(f walk.File, rd *readDone) {
	w.file = File{File: f, w: w, rd: rd}
	w.s.Search(&w.file)
	w.file.w, w.file.rd = nil, nil
}

// Searcher searches the files a run's engine reads and hands it, one at a
// time: one per goroutine that reads (Config.NewSearcher makes them).
type Searcher interface {
	// Search searches f, which is the searcher's only until Search
	// returns: it calls f.Open, then f.Close, or f.Close alone.
	Search(f *File)
	// Done says the searcher is handed no more files.
	Done()
}

// File is one file the engine hands its searcher: what the walk said of
// it, and what a reader read of it so far.
type File struct {
	walk.File
	w      *reader
	rd     *readDone
	in     Input
	opened bool
}

// Begun says a reader read some of the file, or tried to, before handing
// it over: it is open, or its error is known.
func (f *File) Begun() bool { return f.rd != nil }

// Open gives the file's bytes in the shape the engine chose for it: the
// one place where the reader of a file is chosen.
func (f *File) Open() (*Input, error) {
	err := f.w.open(f)
	if err != nil {
		return nil, err
	}
	f.opened = true
	return &f.in, nil
}

// Close gives back what the file holds: the input Open gave, or the
// descriptor a reader left open. searched is how many bytes its search
// took, which the page-cache policy counts (Config.Cache).
func (f *File) Close(searched int64) {
	f.w.r.stats.Bytes.Add(searched)
	if f.opened {
		f.in.close()
		f.opened = false
		return
	}
	if f.rd != nil && f.rd.fd != osfile.NoHandle {
		osfile.CloseHandle(f.rd.fd)
	}
}

// at is the fault point named point for the file at path, reached once
// per file: not again when a file the batch tried is taken again.
func (w *reader) at(point, path string) {
	if !w.retry {
		w.r.knobs.faults.At(point, path)
	}
}
