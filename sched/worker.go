package sched

import (
	"urg/osfile"
	"urg/search"
	"urg/walk"
)

// worker searches files one at a time: it puts together the run's
// matcher, a searcher of its own and the sink the output gives for each
// file. It is the only place where the three meet. One per goroutine.
type worker struct {
	r *run
	s *search.Searcher
	// The non-blocking path's: its opener, the buffer it reads a file's
	// start into, and what it read.
	cached osfile.Cached
	head   []byte
	rd     readDone
	src    source // the file being searched (open)
	// untried counts the files sent to the rings untried since the last
	// one tried (take).
	untried int
	// lat is what this worker (or its ring) timed; nil unless the run
	// times its I/O. done merges it into the run's.
	lat *Latency
	// batch tries the files it queues several at a time (made at the
	// first); noBatch says this worker cannot, or can no longer.
	batch   *batch
	noBatch bool
	// retry says the file being taken was tried by the batch, which
	// reached its fault points already (at).
	retry bool
}

func (r *run) newWorker() *worker {
	w := &worker{r: r, s: search.New(r.cfg.Matcher, r.cfg.Search)}
	if r.cfg.Latency {
		w.lat = new(Latency)
	}
	return w
}

// done adds what the worker timed to the run's stats; the worker is not
// used after.
func (w *worker) done() {
	w.r.lat.add(w.lat)
	if w.batch != nil {
		w.batch.close()
	}
}

// readDone is what was read of a file before its search: by the ring or
// by the non-blocking path.
type readDone struct {
	data []byte        // the file's first bytes, in a ring's or a worker's buffer
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

// searchFile searches file f and hands what it finds to f's sink. rd is
// what the ring read of f; nil when the ring read nothing of it.
func (w *worker) searchFile(f walk.File, rd *readDone) {
	r := w.r
	label := f.Path
	if f.Path == walk.StdinPath {
		label = r.cfg.stdinLabel()
	}
	sink := r.cfg.Out.Sink(f.Seq, label)
	if r.stopped.Load() {
		closeRead(rd)
		search.Finish(sink, search.Result{}, errStopped)
		return
	}
	if err := search.Begin(sink); err != nil {
		closeRead(rd)
		r.stopped.Store(true) // the output is gone: nothing more can be said
		search.Finish(sink, search.Result{}, err)
		return
	}
	if rd == nil && f.Size >= 0 && f.Size < r.cfg.unopenedBelow() {
		// No line of a file this short can match: no need to open it.
		r.stats.Skipped.Add(1)
		w.finish(sink, search.Result{})
		return
	}
	src, err := w.open(f, rd)
	if err != nil {
		r.report(f.Path, err)
		search.Finish(sink, search.Result{}, err)
		return
	}
	res, err := w.search(src, sink)
	src.close()
	r.stats.Searched.Add(1)
	r.stats.Bytes.Add(res.Bytes)
	if res.Binary {
		r.stats.Binary.Add(1)
		if r.cfg.Search.Binary == search.BinarySkip {
			r.stats.BinarySkipped.Add(1)
		}
	}
	if err != nil {
		if r.cfg.Out.Err() == nil {
			r.report(label, err)
		}
		if search.Finish(sink, res, err) != nil {
			r.stopped.Store(true)
		}
		return
	}
	w.finish(sink, res)
}

// finish ends a file whose search reached its end.
func (w *worker) finish(sink search.Sink, res search.Result) {
	r := w.r
	if res.Count > 0 {
		r.stats.Lines.Add(res.Count)
		r.stats.Matched.Add(1)
		if r.cfg.StopAtFirst {
			r.stopped.Store(true)
		}
	}
	if search.Finish(sink, res, nil) != nil {
		r.stopped.Store(true) // the output is gone: nothing more can be said
	}
}

// closeRead closes the descriptor the ring left open for rd, if any.
func closeRead(rd *readDone) {
	if rd != nil && rd.fd != osfile.NoHandle {
		osfile.CloseHandle(rd.fd)
	}
}

// at is the fault point named point for the file at path, reached once
// per file: not again when a file the batch tried is taken again.
func (w *worker) at(point, path string) {
	if !w.retry {
		w.r.cfg.Faults.At(point, path)
	}
}
