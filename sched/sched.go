// Package sched schedules the reads of a search: it takes the files the
// walk yields through a bounded queue, reads each with the run's engine
// (io_uring rings, pread, memory maps, reads around the page cache) and
// has a searcher search it, reporting to the sink the output gives for
// the file. It knows searchers and sinks only through package search, and
// the output only through the Output interface.
package sched

import (
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"urg/internal/fault"
	"urg/match"
	"urg/osfile"
	"urg/search"
	"urg/transcode"
	"urg/walk"
)

// queueLen bounds the files waiting between the walk and the readers.
const queueLen = 1024

// coldSearchers is how many more searchers per thread start once the
// rings wait for the disk.
const coldSearchers = 3

// DefaultQueueDepth is how many files each ring keeps in flight.
const DefaultQueueDepth = 64

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
	// Paths are the operands. With none, "." is walked and its files are
	// named without a leading "./", as grep -r and rg do.
	Paths []string
	Walk  walk.Options
	// Threads is how many files are searched at once (-j); Cores, how
	// many goroutines can run at once (0: Threads). A ring's reads wait in
	// the kernel without a thread each, so the io_uring engines start no
	// more rings and searchers than there are cores, whatever Threads
	// asks: beyond the cores they would only take turns on them, each
	// with its own buffers. The pread and map engines, whose every read
	// holds its thread until the disk answers, start Threads.
	Threads, Cores int
	Search         search.Options
	Matcher        match.Matcher
	Out            Output
	// StdinLabel names standard input in the output and in messages
	// (--label); empty means walk.StdinLabel.
	StdinLabel string
	Engine     Engine
	// QueueDepth is how many files one ring keeps in flight.
	QueueDepth int
	// Cache is what the run leaves in the page cache; CacheBudget is how
	// many bytes CacheAuto reads through the cache before it drops (0:
	// an CacheShare-th of the machine's memory).
	Cache       Cache
	CacheBudget int64
	// Latency times every I/O operation, for Stats.Latency (--stats).
	Latency bool
	// MapChunk is how much of a file one mmap call maps (0: the
	// default); SplitPiece is how much of a large file one core takes on
	// at a time, and SplitMin the size from which a file is split across
	// cores (0: the defaults).
	MapChunk, SplitPiece, SplitMin int
	// SearchZip searches a file whose first bytes carry the magic of a
	// compressed stream (gzip, bzip2, xz, lzma, zstd, lz4, compress) decompressed, as a
	// stream on one core; other files, and standard input, are read as
	// without it.
	SearchZip bool
	// Pre, when set, is the preprocessor whose output is searched in
	// place of the files it takes (--pre, --pre-glob).
	Pre *Pre
	// Encoding is how files are transcoded to UTF-8 before they are
	// searched (--encoding; by default, files with a UTF-16 mark).
	Encoding transcode.Mode
	// StopAtFirst ends the whole run at the first selected line (-q).
	StopAtFirst bool
	// ListsNames says the output is names, not lines or counts (-l,
	// -L), and Search.MaxCount is theirs, not -m: standard input is then
	// left where reading it stopped, as grep leaves it (see leaveStdin).
	ListsNames bool
	// RingRefused, when not nil, is taken as the kernel's refusal of
	// io_uring, so that the fallbacks can be tested anywhere.
	RingRefused error
	// GrowAtOnce starts the rings and searchers a cold search uses at
	// once, so that tests on a warm page cache run that path too.
	GrowAtOnce bool
	// Faults are the fault suite's; nil in a run of urg.
	Faults *fault.Injector
	// Report receives every error with the path it concerns.
	Report func(path string, err error)
	// Warn receives what is not an error and leaves the exit status
	// alone, such as walk.ErrLoop.
	Warn func(path string, err error)
}

// Stats count what a run did.
type Stats struct {
	Walked   atomic.Int64 // files the walk yielded
	Searched atomic.Int64 // files read and searched
	Skipped  atomic.Int64 // files skipped unopened: shorter than any match
	// Filtered counts entries the walk left out: --include, --exclude,
	// --exclude-dir, --ignore, --hidden=false.
	Filtered atomic.Int64
	// BinarySkipped counts binary files taken as holding no match (-I).
	BinarySkipped atomic.Int64
	// How files were read: whole by the ring; their start by the ring
	// and the rest with pread; whole, or their start, by the
	// non-blocking path (from the caches, without waiting for the disk);
	// from the start with pread (Mapped and Split count the maps).
	RingWhole, RingThenPread atomic.Int64
	Cached, CachedThenPread  atomic.Int64
	// Batched counts the files of Cached that a batch read, several
	// to a submission on a worker's ring.
	Batched atomic.Int64
	Pread   atomic.Int64
	// Blocked counts the files the non-blocking path found would wait
	// for the disk, which went to the ring (or, without one, to pread).
	Blocked atomic.Int64
	Binary  atomic.Int64 // files found to hold NUL bytes
	Mapped  atomic.Int64 // files searched through a memory map
	Split   atomic.Int64 // large files searched on several cores at once
	Direct  atomic.Int64 // files read around the page cache
	Bytes   atomic.Int64 // bytes read
	Lines   atomic.Int64 // lines selected
	Matched atomic.Int64 // files with a selected line
	Errors  atomic.Int64 // errors reported
	// Threads counts the searching threads the run started for -j: the
	// readers, or the searchers beside the rings, up to the cores there
	// (see Config.Threads); not the searchers more a cold run adds.
	Threads atomic.Int64
	Elapsed time.Duration
	// Engine is the engine asked for.
	Engine Engine
	// Nowait says files were tried without blocking (EngineAuto,
	// EngineDirect) and the system has a way to: without one (off
	// Linux, or an old kernel), every file was read the blocking way,
	// with pread or a map, and no ring ran.
	Nowait bool
	// RingRefused is why io_uring could not be set up, when it was
	// wanted and could not.
	RingRefused error
	Uring       UringStats
	// Cache is what the page-cache policy did; Latency, the I/O
	// operations' latency (nil unless Config.Latency).
	Cache   CacheStats
	Latency *Latency
}

// run is the state of one Run.
type run struct {
	cfg     Config
	stats   *Stats
	stopped atomic.Bool
	split   *search.Parallel // nil when the options or one thread forbid it
	// splitting holds a token while a file is searched on every core:
	// one at a time, since a second split would find the cores busy and
	// only double the pages held ahead of the search (see
	// docs/decisions.md#runsplitting-one-file-split-across-the-cores-at-a-time-schedschedgo).
	splitting chan struct{}
	held      osfile.Held // the bytes this run's maps hold
	// uncached is how this run reads without leaving pages cached.
	uncached osfile.Uncached
	lat      latencies

	// nowait says files are first tried without blocking (auto,
	// direct), until the kernel is found to have no such path.
	nowait atomic.Bool
	// jobs carries what the rings hand to searchers; blocked, the files
	// the non-blocking path sends to the rings.
	jobs    chan ringJob
	blocked chan ringReq
	// walkFiles is the walk's queue under the non-blocking path, which
	// rings that wait for the disk take files from too.
	walkFiles <-chan walk.File
	// rings, once started (at once under EngineUring, at the first file
	// that would block otherwise), and ringErr, why they could not be.
	rings    atomic.Pointer[rings]
	ringOnce sync.Once
	ringErr  error
	// readers counts the goroutines that search; walking counts the
	// workers still taking files from the walk.
	readers sync.WaitGroup
	walking atomic.Int32
}

// errStopped ends the files still queued once the run is stopped.
var errStopped = errors.New("run stopped")

// Run searches everything cfg names and returns what it counted. It fails
// before searching anything only when EngineUring was asked for and the
// kernel refuses io_uring.
func Run(cfg Config) (*Stats, error) {
	start := time.Now()
	r := newRun(cfg)
	// The Go runtime makes its epoll descriptor when the first timer
	// starts; if that is the backoff sleep of a walk that ran out of
	// descriptors, it cannot, and dies. Start one now.
	time.NewTimer(time.Hour).Stop()
	send, end, err := r.startReaders()
	if err != nil {
		return nil, err
	}
	walk.Files(r.cfg.Paths, r.cfg.Walk, walk.Handler{
		File: func(f walk.File) bool {
			if r.stopped.Load() {
				return false
			}
			r.stats.Walked.Add(1)
			r.cfg.Out.Admit(f.Seq)
			send(f)
			return true
		},
		Report:   r.report,
		Warn:     r.warn,
		Stopped:  r.stopped.Load,
		Filtered: &r.stats.Filtered,
	})
	end()
	r.stats.Engine = r.cfg.Engine
	r.stats.Nowait = r.nowait.Load()
	if rs := r.rings.Load(); rs != nil {
		r.stats.Uring = rs.stats
	}
	r.stats.RingRefused = r.ringErr
	r.stats.Cache.Refused = r.uncached.Refused()
	if r.cfg.Latency {
		r.stats.Latency = &r.lat.sum
	}
	r.stats.Elapsed = time.Since(start)
	return r.stats, nil
}

// ringThreads is how many rings, and searchers beside them, a run whose
// reads go through io_uring starts: one per thread asked, up to the
// cores (see Config.Threads).
func (c *Config) ringThreads() int { return min(c.Threads, c.Cores) }

// ringThreads is the run's Config.ringThreads.
func (r *run) ringThreads() int { return r.cfg.ringThreads() }

// newRun fills in cfg's defaults.
func newRun(cfg Config) *run {
	cfg.Threads = max(1, cfg.Threads)
	if cfg.Cores <= 0 {
		cfg.Cores = cfg.Threads
	}
	cores := cfg.ringThreads()
	if cfg.QueueDepth <= 0 {
		cfg.QueueDepth = DefaultQueueDepth
	}
	cfg.QueueDepth = min(cfg.QueueDepth, fdBudget(cores))
	if cfg.SplitMin <= 0 {
		cfg.SplitMin = splitMin
	}
	cfg.Walk.Faults = cfg.Faults
	if cfg.CacheBudget <= 0 {
		cfg.CacheBudget = osfile.Memory() / CacheShare
	}
	r := &run{cfg: cfg, stats: &Stats{}, splitting: make(chan struct{}, 1),
		jobs: make(chan ringJob, cores*cfg.QueueDepth)}
	r.lat.start = time.Now()
	// Where the system has no non-blocking path, it has no io_uring
	// either: every file is read the blocking way, from the start.
	r.nowait.Store((cfg.Engine == EngineAuto || cfg.Engine == EngineDirect) && osfile.Nowait)
	if cores > 1 && search.Splits(cfg.Search) {
		r.split = search.NewParallel(cfg.Matcher, cfg.Search, cores, osfile.Protect)
		if cfg.SplitPiece > 0 {
			r.split.Piece = cfg.SplitPiece
		}
	}
	return r
}

// warn passes on a message that does not change the exit status.
func (r *run) warn(path string, err error) {
	if r.cfg.Warn != nil {
		r.cfg.Warn(path, err)
	}
}

func (r *run) report(path string, err error) {
	r.stats.Errors.Add(1)
	if r.cfg.Report != nil {
		r.cfg.Report(path, err)
	}
}

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
