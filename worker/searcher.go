package worker

import (
	"io"

	"urg/osfile"
	"urg/sched"
	"urg/search"
	"urg/walk"
)

// searcher searches the files the engine hands one goroutine, one at a
// time, with a search.Searcher of its own.
type searcher struct {
	r *run
	s *search.Searcher
}

// Done is the engine's word that no more files come.
func (*searcher) Done() {}

// Search searches file f and hands what it finds to f's sink.
func (w *searcher) Search(f *sched.File) {
	r := w.r
	label := f.Path
	if f.Path == walk.StdinPath {
		label = r.cfg.stdinLabel()
	}
	sink := r.cfg.Out.Sink(f.Seq, label)
	if r.stopped.Load() {
		f.Close(0)
		search.Finish(sink, search.Result{}, errStopped)
		return
	}
	if err := search.Begin(sink); err != nil {
		f.Close(0)
		r.stopped.Store(true) // the output is gone: nothing more can be said
		search.Finish(sink, search.Result{}, err)
		return
	}
	if !f.Begun() && f.Size >= 0 && f.Size < r.unopenedBelow {
		// No line of a file this short can match: no need to open it.
		f.Close(0)
		r.stats.Skipped.Add(1)
		w.finish(sink, search.Result{})
		return
	}
	res, opened, err := w.search(f, sink)
	if !opened {
		r.report(f.Path, err)
		search.Finish(sink, search.Result{}, err)
		return
	}
	r.stats.Searched.Add(1)
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
func (w *searcher) finish(sink search.Sink, res search.Result) {
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

// search searches f in the way its input takes: through the preprocessor,
// or as the engine read it. opened is false when f could not be opened,
// and err then says why; f is closed either way.
func (w *searcher) search(f *sched.File, sink search.Sink) (res search.Result, opened bool, err error) {
	if w.r.cfg.Pre.takes(f.Path) {
		// The file is the preprocessor's to read: what a reader
		// before opened of it is given back.
		f.Close(0)
		res, err = w.searchPre(f.Path, sink)
		return res, true, err
	}
	in, err := f.Open()
	if err != nil {
		f.Close(0)
		return search.Result{}, false, err
	}
	defer func() { f.Close(res.Bytes) }()
	res, err = w.searchInput(in, sink)
	return res, true, err
}

// searchInput searches in with the searcher, or on every core when the
// file is large enough and the cores are free (takeSplit).
func (w *searcher) searchInput(in *sched.Input, sink search.Sink) (search.Result, error) {
	r := w.r
	switch in.Shape {
	case sched.Whole:
		return w.s.SearchBuffer(in.Head, nil, sink)
	case sched.Stdin:
		return w.searchStdin(sink)
	case sched.Sniffed:
		return w.searchSniffed(in, sink)
	case sched.Mapped:
		return w.searchMapped(in.Map, sink)
	case sched.Streamed:
		if done, ok := r.takeSplit(in.Size); ok {
			defer done()
			return r.split.SearchStream(in.Stream, in.Resume, sink)
		}
		return w.s.Search(&streamReader{st: in.Stream}, sink)
	}
	if in.Head != nil {
		return w.s.SearchBuffer(in.Head, in.Rest, sink)
	}
	return w.searchRead(in.Rest, sink)
}

// searchRead searches a file read from its start, through a Stream that
// looks for a byte order mark in its first read (Config.Encoding): a
// file with no head read before is sniffed so, at no cost of a read.
func (w *searcher) searchRead(rest io.Reader, sink search.Sink) (search.Result, error) {
	if w.r.cfg.Encoding.Sniffs() {
		rest = w.r.cfg.Encoding.NewStream(rest)
	}
	return w.s.Search(rest, sink)
}

// searchMapped searches a mapped file, on every core when it is large; a
// file truncated under the map is an error, not a crash.
func (w *searcher) searchMapped(m *osfile.Mapping, sink search.Sink) (res search.Result, err error) {
	searchFn := w.s.SearchMapped
	if done, ok := w.r.takeSplit(int64(len(m.Bytes()))); ok {
		defer done()
		searchFn = w.r.split.SearchMapped
		m.SetReleaseStep(splitRelease)
	}
	err = osfile.Protect(func() error {
		var serr error
		res, serr = searchFn(m, sink)
		return serr
	})
	return res, err
}

// streamReader reads a Stream in order as an io.Reader, by copying, for
// searches that are not split.
type streamReader struct {
	st   sched.Stream
	data []byte
	held bool
}

func (sr *streamReader) Read(p []byte) (int, error) {
	for len(sr.data) == 0 {
		if sr.held {
			sr.st.Done()
			sr.held = false
		}
		_, data, err := sr.st.Next()
		if err != nil {
			return 0, err
		}
		sr.data, sr.held = data, true
	}
	n := copy(p, sr.data)
	sr.data = sr.data[n:]
	return n, nil
}
