// Package sched is the I/O engine: it takes the files the walk yields
// through a bounded queue, reads each with the run's engine (io_uring
// rings, pread, memory maps, reads around the page cache) and hands it, in
// the shape it was read in (Input), to a Searcher of the goroutine that
// read it. It knows nothing of patterns, searches or output: what a file
// holds and what becomes of it are the Searcher's.
package sched

import (
	"sync"
	"sync/atomic"
	"time"

	"urg/osfile"
	"urg/walk"
)

// queueLen bounds the files waiting between the walk and the readers.
const queueLen = 1024

// coldSearchers is how many more searchers per thread start once the
// rings wait for the disk.
const coldSearchers = 3

// DefaultQueueDepth is how many files each ring keeps in flight.
const DefaultQueueDepth = 64

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
	// NewSearcher makes the searcher of one goroutine that reads: each
	// file read is handed to one of them.
	NewSearcher func() Searcher
	// Admit, when set, is told of each file the walk yields, in the
	// walk's order, before any searcher is handed it: an ordered output
	// keeps its place.
	Admit func(seq int64)
	// Stopped, when set, says the run is over (-q found its line, the
	// output is gone): the walk ends, and the files still queued are
	// handed on for their searchers to end.
	Stopped func() bool
	// MinLen is the fewest bytes a match takes: a file shorter is not
	// worth a ring's slot (ringable).
	MinLen int
	// Sniffer, when set, picks from their first bytes the files read as
	// streams (Sniffed): decompressed, transcoded.
	Sniffer Sniffer
	// MapNULs says a file whose start holds NUL bytes may still be
	// mapped: its search takes them as text.
	MapNULs bool
	// Rate measures the matching speed, in bytes per second on one core,
	// over a sample of a file: auto's rule for reading a cold large file
	// around the cache asks it (costly). Nil: every pattern counts as
	// cheap.
	Rate   func(sample []byte) float64
	Engine Engine
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
	// default).
	MapChunk int
	// knobs, when set, are the test knobs: set by sched's tests and, in
	// a build with -tags faults, by SetTesting; nil in a run of urg.
	knobs *knobs
	// Report receives every error with the path it concerns.
	Report func(path string, err error)
	// Warn receives what is not an error and leaves the exit status
	// alone, such as walk.ErrLoop.
	Warn func(path string, err error)
}

// Stats count what a run did.
type Stats struct {
	Walked atomic.Int64 // files the walk yielded
	// Filtered counts entries the walk left out: --include, --exclude,
	// --exclude-dir, --ignore, --hidden=false.
	Filtered atomic.Int64
	// How files were read: whole by the ring; their start by the ring
	// and the rest with pread; whole, or their start, by the
	// non-blocking path (from the caches, without waiting for the disk);
	// from the start with pread (Mapped and Split count the maps).
	RingWhole, RingThenPread atomic.Int64
	Cached, CachedThenPread  atomic.Int64
	// Batched counts the files of Cached that a batch read, several
	// to a submission on a reader's ring.
	Batched atomic.Int64
	Pread   atomic.Int64
	// Blocked counts the files the non-blocking path found would wait
	// for the disk, which went to the ring (or, without one, to pread).
	Blocked atomic.Int64
	Mapped  atomic.Int64 // files searched through a memory map
	Direct  atomic.Int64 // files read around the page cache
	Bytes   atomic.Int64 // bytes searched, as the searchers count them (File.Close)
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
	cfg   Config
	stats *Stats
	// knobs are the test knobs cfg sets (none in a run of urg).
	knobs knobs
	held  osfile.Held // the bytes this run's maps hold
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
	// readers still taking files from the walk.
	readers sync.WaitGroup
	walking atomic.Int32
}

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
			if r.stopped() {
				return false
			}
			r.stats.Walked.Add(1)
			if r.cfg.Admit != nil {
				r.cfg.Admit(f.Seq)
			}
			send(f)
			return true
		},
		Report:   r.report,
		Warn:     r.warn,
		Stopped:  r.stopped,
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
	k := cfg.testKnobs()
	if cfg.CacheBudget <= 0 {
		cfg.CacheBudget = osfile.Memory() / CacheShare
	}
	r := &run{cfg: cfg, knobs: k, stats: &Stats{}, jobs: make(chan ringJob, cores*cfg.QueueDepth)}
	r.lat.start = time.Now()
	// Where the system has no non-blocking path, it has no io_uring
	// either: every file is read the blocking way, from the start.
	r.nowait.Store((cfg.Engine == EngineAuto || cfg.Engine == EngineDirect) && osfile.Nowait)
	return r
}

// warn passes on a message that does not change the exit status.
func (r *run) warn(path string, err error) {
	if r.cfg.Warn != nil {
		r.cfg.Warn(path, err)
	}
}

// report passes on an error with the path it concerns.
func (r *run) report(path string, err error) {
	if r.cfg.Report != nil {
		r.cfg.Report(path, err)
	}
}

// stopped says the run is over (Config.Stopped).
func (r *run) stopped() bool { return r.cfg.Stopped != nil && r.cfg.Stopped() }
