// Package worker composes the search of one file: for each file the I/O
// engine (sched) reads, a worker puts together the run's matcher, a
// searcher of its own, the sink the output gives for the file, and the
// choice of how its bytes are searched (as read, mapped and split across
// cores, decompressed, transcoded, through a preprocessor). It is the
// one place where the engine, the matcher and the output meet.
package worker

import (
	"errors"
	"sync/atomic"

	"urg/match"
	"urg/osfile"
	"urg/sched"
	"urg/search"
	"urg/transcode"
	"urg/walk"
)

// Output is where a run's results go: a sink for each file, written in
// the order of the files' numbers.
type Output interface {
	// Admit says that file seq is on its way: an ordered output keeps
	// the place for it.
	Admit(seq int64)
	// Sink is the sink of file seq, named label in the output.
	Sink(seq int64, label string) search.Sink
	// Err is the output's error, once writing it failed.
	Err() error
}

// Config is one search run.
type Config struct {
	// IO is the engine's: the paths, the walk, the threads, the engine
	// and its knobs. Run fills in what the engine asks of the search
	// (NewSearcher, Admit, Stopped, MinLen, Sniffer, MapNULs, Rate) and
	// counts the errors passed to IO.Report.
	IO      sched.Config
	Search  search.Options
	Matcher match.Matcher
	Out     Output
	// StdinLabel names standard input in the output and in messages
	// (--label); empty means walk.StdinLabel.
	StdinLabel string
	// StdinClosed says standard input was closed when urg started:
	// searching it is an error, as reading a closed descriptor is.
	StdinClosed bool
	// SearchZip searches a file whose first bytes carry the magic of a
	// compressed stream (gzip, bzip2, xz, lzma, zstd, lz4, compress)
	// decompressed, as a stream on one core; other files, and standard
	// input, are read as without it.
	SearchZip bool
	// Pre, when set, is the preprocessor whose output is searched in
	// place of the files it takes (--pre, --pre-glob).
	Pre *Pre
	// Encoding is how files are transcoded to UTF-8 before they are
	// searched (--encoding; by default, files with a UTF-16 mark).
	Encoding transcode.Mode
	// knobs are the test knobs: set by worker's tests and, in a build
	// with -tags faults, by SetTesting; zero in a run of urg.
	knobs knobs
	// StopAtFirst ends the whole run at the first selected line (-q).
	StopAtFirst bool
	// ListsNames says the output is names, not lines or counts (-l,
	// -L), and Search.MaxCount is theirs, not -m: standard input is then
	// left where reading it stopped, as grep leaves it (see leaveStdin).
	ListsNames bool
}

// Stats count what a run did: the engine's, and the searches'.
type Stats struct {
	*sched.Stats
	Searched atomic.Int64 // files read and searched
	Skipped  atomic.Int64 // files skipped unopened: shorter than any match
	// BinarySkipped counts binary files taken as holding no match (-I).
	BinarySkipped atomic.Int64
	Binary        atomic.Int64 // files found to hold NUL bytes
	Split         atomic.Int64 // large files searched on several cores at once
	Lines         atomic.Int64 // lines selected
	Matched       atomic.Int64 // files with a selected line
	Errors        atomic.Int64 // errors reported
}

// splitMin is the size from which a mapped file is searched on every core
// at once: four pieces or more, so that the cores share it evenly.
const splitMin = 4 * search.DefaultPiece

// splitRelease is how far a split search moves on between releases of the
// pages behind it: each release interrupts every core of the search to
// flush its TLB, so a split releases in larger steps than one core does
// (see docs/decisions.md#splitrelease-32-mib-steps-for-a-split-search-workerworkergo-was-schedsourcego).
const splitRelease = 32 << 20

// errStopped ends the files still queued once the run is stopped.
var errStopped = errors.New("run stopped")

// run is the state of one Run.
type run struct {
	cfg     Config
	stats   *Stats
	stopped atomic.Bool
	split   *search.Parallel // nil when the options or one core forbid it
	// splitting holds a token while a file is searched on every core:
	// one at a time, since a second split would find the cores busy and
	// only double the pages held ahead of the search (see
	// docs/decisions.md#runsplitting-one-file-split-across-the-cores-at-a-time-workerworkergo-was-schedschedgo).
	splitting chan struct{}
	// unopenedBelow is the size under which a file is not opened.
	unopenedBelow int64
}

// Run searches everything cfg names and returns what it counted. It fails
// before searching anything only when the engine does (sched.Run).
func Run(cfg Config) (*Stats, error) {
	r := &run{cfg: cfg, stats: &Stats{}, splitting: make(chan struct{}, 1)}
	if r.cfg.knobs.splitMin <= 0 {
		r.cfg.knobs.splitMin = splitMin
	}
	threads := max(1, cfg.IO.Threads)
	cores := cfg.IO.Cores
	if cores <= 0 {
		cores = threads
	}
	// As many as the engine's rings and searchers can run at once: the
	// cores a split search shares.
	if n := min(threads, cores); n > 1 && search.Splits(cfg.Search) {
		r.split = search.NewParallel(cfg.Matcher, cfg.Search, n, osfile.Protect)
		if cfg.knobs.splitPiece > 0 {
			r.split.Piece = cfg.knobs.splitPiece
		}
	}
	r.unopenedBelow = r.cfg.unopenedBelow()
	io := r.cfg.IO
	report := io.Report
	io.Report = func(path string, err error) {
		r.stats.Errors.Add(1)
		if report != nil {
			report(path, err)
		}
	}
	r.cfg.IO.Report = io.Report
	io.NewSearcher = func() sched.Searcher { return &searcher{r: r, s: search.New(cfg.Matcher, cfg.Search)} }
	io.Admit = cfg.Out.Admit
	io.Stopped = r.stopped.Load
	io.MinLen = cfg.Matcher.MinLen()
	io.MapNULs = cfg.Search.Binary == search.BinaryText
	io.Rate = func(sample []byte) float64 { return search.Rate(cfg.Matcher, sample) }
	if cfg.SearchZip || cfg.Encoding.Sniffs() {
		io.Sniffer = sniffer{zip: cfg.SearchZip, enc: cfg.Encoding}
	}
	st, err := sched.Run(io)
	if err != nil {
		return nil, err
	}
	r.stats.Stats = st
	return r.stats, nil
}

// report passes on an error with the path it concerns, counted.
func (r *run) report(path string, err error) { r.cfg.IO.Report(path, err) }

// stdinLabel is what standard input is called.
func (c *Config) stdinLabel() string {
	if c.StdinLabel != "" {
		return c.StdinLabel
	}
	return walk.StdinLabel
}

// unopenedBelow is the size under which a file holds nothing to print and
// is not opened: shorter than any match, unless every line is printed
// (-v, --passthru) or the file may be compressed, and longer decompressed
// (--search-zip). 0 opens every file.
func (c *Config) unopenedBelow() int64 {
	if c.Search.Invert || c.Search.Passthru || c.SearchZip || c.Encoding.Always() || c.Pre != nil {
		return 0
	}
	n := int64(c.Matcher.MinLen())
	if c.Encoding.Sniffs() && n > 0 {
		// A file with a UTF-16 mark is read transcoded: each two of
		// its bytes after the mark are at most three of UTF-8.
		n = min(n, 3+(2*n-1)/3)
	}
	return n
}

// takeSplit reports whether a file of size bytes is searched on every
// core: it is large enough, and no other file has the cores (one split
// at a time, since a second would find them busy). done gives them back.
func (r *run) takeSplit(size int64) (done func(), ok bool) {
	if r.split == nil || size < int64(r.cfg.knobs.splitMin) {
		return nil, false
	}
	select {
	case r.splitting <- struct{}{}:
		r.stats.Split.Add(1)
		return func() { <-r.splitting }, true
	default:
		return nil, false
	}
}
