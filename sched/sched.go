// Package sched walks the trees to search and schedules their files onto
// searchers: the walker reads directories in parallel and hands files
// through a bounded queue to one searcher per thread, each of which reads a
// file with its engine, searches it and prints it.
package sched

import (
	"errors"
	"io/fs"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"urg/fallback"
	"urg/match"
	"urg/printer"
	"urg/search"
)

// StdinPath is the operand that names standard input.
const StdinPath = "-"

// stdinLabel is how grep names standard input in its output.
const stdinLabel = "(standard input)"

// queueLen bounds the files waiting between the walk and the searchers.
const queueLen = 1024

// Config is one search run.
type Config struct {
	// Paths are the operands. With none, "." is walked and its files are
	// named without a leading "./", as grep -r and rg do.
	Paths   []string
	Walk    WalkOptions
	Threads int
	Search  search.Options
	Matcher match.Matcher
	Out     *printer.Output
	// StopAtFirst ends the whole run at the first selected line (-q).
	StopAtFirst bool
	// Report receives every error with the path it concerns.
	Report func(path string, err error)
	// Warn receives messages that are not errors, such as a directory
	// loop met while following links.
	Warn func(path, msg string)
}

// Stats count what a run did.
type Stats struct {
	Walked   atomic.Int64 // files the walk yielded
	Searched atomic.Int64 // files read and searched
	Skipped  atomic.Int64 // files skipped unopened: shorter than any match
	Binary   atomic.Int64 // files found to hold NUL bytes
	Bytes    atomic.Int64 // bytes read
	Lines    atomic.Int64 // lines selected
	Matched  atomic.Int64 // files with a selected line
	Errors   atomic.Int64 // errors reported
	Elapsed  time.Duration
	Engine   string
}

// run is the state of one Run.
type run struct {
	cfg     Config
	stats   *Stats
	stopped atomic.Bool
}

// Run searches everything cfg names and returns what it counted.
func Run(cfg Config) *Stats {
	start := time.Now()
	if cfg.Threads <= 0 {
		cfg.Threads = 1
	}
	r := &run{cfg: cfg, stats: &Stats{Engine: "pread"}}
	entries := make(chan Entry, queueLen)
	var wg sync.WaitGroup
	for range cfg.Threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := search.New(cfg.Matcher, cfg.Search)
			for e := range entries {
				r.searchFile(s, e)
			}
		}()
	}
	emit := func(e Entry) bool {
		if r.stopped.Load() {
			return false
		}
		r.stats.Walked.Add(1)
		cfg.Out.Admit(e.Seq)
		entries <- e
		return true
	}
	w := newWalker(cfg.Walk, emit, r.report, r.warn)
	paths := cfg.Paths
	if len(paths) == 0 {
		w.walkRoot(".", "")
	}
	for _, p := range paths {
		if r.stopped.Load() {
			break
		}
		r.operand(w, p)
	}
	close(entries)
	wg.Wait()
	r.stats.Elapsed = time.Since(start)
	return r.stats
}

// operand starts the search of one command-line path: a directory is
// walked; anything else, even a FIFO or device, is read as grep reads it.
func (r *run) operand(w *walker, p string) {
	if p == StdinPath {
		w.emit(Entry{Path: StdinPath, Seq: w.nextSeq(), Size: -1})
		return
	}
	fi, err := os.Stat(p)
	if err != nil {
		r.report(p, err)
		return
	}
	if fi.IsDir() {
		if !matchAny(w.opts.ExcludeDir, p) {
			w.walkRoot(p, p)
		}
		return
	}
	if !w.wanted(p) {
		return
	}
	size := int64(-1)
	if fi.Mode().IsRegular() {
		size = fi.Size()
	}
	w.emit(Entry{Path: p, Seq: w.nextSeq(), Size: size, ShortIsEOF: fi.Mode().IsRegular() && !pseudoFS(p)})
}

// searchFile reads and searches one file and hands its output on.
func (r *run) searchFile(s *search.Searcher, e Entry) {
	label := e.Path
	if e.Path == StdinPath {
		label = stdinLabel
	}
	f := r.cfg.Out.File(e.Seq, label)
	if r.stopped.Load() {
		f.Abandon()
		return
	}
	if e.Size >= 0 && e.Size < int64(r.cfg.Matcher.MinLen()) && !r.cfg.Search.Invert {
		// No line of a file this short can match: no need to open it.
		r.stats.Skipped.Add(1)
		r.finish(f, search.Result{})
		return
	}
	var src *fallback.File
	if e.Path == StdinPath {
		src = fallback.FromFD(0)
	} else {
		var err error
		if src, err = fallback.Open(e.Path, e.ShortIsEOF); err != nil {
			r.report(e.Path, err)
			f.Abandon()
			return
		}
		defer src.Close()
	}
	res, err := s.Search(src, f)
	r.stats.Searched.Add(1)
	r.stats.Bytes.Add(res.Bytes)
	if res.Binary {
		r.stats.Binary.Add(1)
	}
	if err != nil {
		if r.cfg.Out.Err() == nil {
			r.report(label, err)
		}
		f.Abandon()
		if r.cfg.Out.Err() != nil {
			r.stopped.Store(true)
		}
		return
	}
	r.finish(f, res)
}

func (r *run) finish(f *printer.File, res search.Result) {
	if res.Count > 0 {
		r.stats.Lines.Add(res.Count)
		r.stats.Matched.Add(1)
		if r.cfg.StopAtFirst {
			r.stopped.Store(true)
		}
	}
	if f.Finish(res.Count) != nil {
		r.stopped.Store(true) // the output is gone: nothing more can be said
	}
}

// warn passes on a message that does not change the exit status.
func (r *run) warn(path, msg string) {
	if r.cfg.Warn != nil {
		r.cfg.Warn(path, msg)
	}
}

func (r *run) report(path string, err error) {
	r.stats.Errors.Add(1)
	if r.cfg.Report != nil {
		r.cfg.Report(path, err)
	}
}

// Message renders an error as grep does after "prog: path: ", with the
// system's wording capitalised ("No such file or directory").
func Message(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	msg := err.Error()
	if len(msg) > 0 && 'a' <= msg[0] && msg[0] <= 'z' {
		msg = strings.ToUpper(msg[:1]) + msg[1:]
	}
	return msg
}
