// Package sched walks the trees to search and schedules their files onto
// searchers: the walker reads directories in parallel and hands files
// through a bounded queue to one searcher per thread, each of which reads a
// file with its engine, searches it and prints it.
package sched

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"urg/fallback"
	"urg/internal/fault"
	"urg/match"
	"urg/printer"
	"urg/search"

	"golang.org/x/sys/unix"
)

// StdinPath is the operand that names standard input.
const StdinPath = "-"

// stdinLabel is how grep names standard input in its output.
const stdinLabel = "(standard input)"

// queueLen bounds the files waiting between the walk and the searchers.
const queueLen = 1024

// The engines --io names.
const (
	IOAuto  = "auto"  // io_uring where the kernel gives it, else pread
	IOUring = "uring" // io_uring or an error
	IOPread = "pread" // the portable reader, never a map
	IOMmap  = "mmap"  // every regular file through a memory map
	// IODirect is auto, with every regular file of a MiB or more read
	// around the page cache (O_DIRECT) by io_uring.
	IODirect = "direct"
)

// coldSearchers is how many more searchers per thread start once the
// rings wait for the disk.
const coldSearchers = 3

// DefaultQueueDepth is how many files each ring keeps in flight.
const DefaultQueueDepth = 64

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
	// IO picks the engine: IOAuto, IOUring or IOPread.
	IO string
	// QueueDepth is how many files one ring keeps in flight.
	QueueDepth int
	// MapChunk is how much of a file one mmap call maps (0: the
	// default); SplitPiece is how much of a large file one core takes on
	// at a time, and SplitMin the size from which a file is split across
	// cores (0: the defaults).
	MapChunk, SplitPiece, SplitMin int
	// StopAtFirst ends the whole run at the first selected line (-q).
	StopAtFirst bool
	// ListsNames says the output is names, not lines or counts (-l,
	// -L), and Search.MaxCount is theirs, not -m: standard input is then
	// left where reading it stopped, as grep leaves it (see leaveStdin).
	ListsNames bool
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
	// Filtered counts entries the walk left out: --include, --exclude,
	// --exclude-dir, --ignore, --hidden=false.
	Filtered atomic.Int64
	// BinarySkipped counts binary files taken as holding no match (-I).
	BinarySkipped atomic.Int64
	// How files were read: whole by the ring; their start by the ring
	// and the rest with pread; from the start with pread (Mapped and
	// Split count the maps).
	RingWhole, RingThenPread, Pread atomic.Int64
	Binary                          atomic.Int64 // files found to hold NUL bytes
	Mapped                          atomic.Int64 // files searched through a memory map
	Split                           atomic.Int64 // large files searched on several cores at once
	Direct                          atomic.Int64 // files read around the page cache
	Bytes                           atomic.Int64 // bytes read
	Lines                           atomic.Int64 // lines selected
	Matched                         atomic.Int64 // files with a selected line
	Errors                          atomic.Int64 // errors reported
	Elapsed                         time.Duration
	Engine                          string // "uring" or "pread"
	Uring                           UringStats
}

// run is the state of one Run.
type run struct {
	cfg     Config
	stats   *Stats
	stopped atomic.Bool
	split   *search.Parallel // nil when the options or one thread forbid it
	// splitting holds a token while a file is searched on every core:
	// one at a time, since a second split would find the cores busy and
	// only double the pages held ahead of the search (large tree, -a:
	// 310 MiB peak with any number at once, 94 MiB with none).
	splitting chan struct{}
}

// Run searches everything cfg names and returns what it counted. It fails
// before searching anything only when --io=uring was asked for and the
// kernel refuses io_uring.
func Run(cfg Config) (*Stats, error) {
	start := time.Now()
	if cfg.Threads <= 0 {
		cfg.Threads = 1
	}
	if cfg.QueueDepth <= 0 {
		cfg.QueueDepth = DefaultQueueDepth
	}
	if cfg.SplitMin <= 0 {
		cfg.SplitMin = splitMin
	}
	r := &run{cfg: cfg, stats: &Stats{Engine: "pread"}, splitting: make(chan struct{}, 1)}
	if cfg.Threads > 1 && search.Splits(cfg.Search) {
		r.split = search.NewParallel(cfg.Matcher, cfg.Search, cfg.Threads, fallback.Protect)
		if cfg.SplitPiece > 0 {
			r.split.Piece = cfg.SplitPiece
		}
	}
	// The Go runtime makes its epoll descriptor when the first timer
	// starts; if that is the backoff sleep of a walk that ran out of
	// descriptors, it cannot, and dies. Start one now.
	time.NewTimer(time.Hour).Stop()
	cfg.QueueDepth = min(cfg.QueueDepth, fdBudget(cfg.Threads))
	entries := make(chan Entry, queueLen)
	var wg sync.WaitGroup
	// searchFrom searches what the rings hand on, until they are done.
	searchFrom := func(jobs <-chan ringJob) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := search.New(cfg.Matcher, cfg.Search)
			for j := range jobs {
				r.searchFile(s, j.e, j.rd)
				if j.release != nil {
					j.release()
				}
			}
		}()
	}
	// Once the disk is seen to be the limit, more searchers read the
	// large files the rings hand on, so that more of their reads are in
	// flight. Measured cold with 2, 4 and 8 searchers on two cores:
	// Go tree 0.67, 0.56, 0.58 s; 7.5 GB tree 18.6, 17.3, 15.5 s. Warm,
	// extra searchers only cost (Go tree 0.188, 0.195, 0.205 s).
	cold := func(jobs <-chan ringJob) {
		for range coldSearchers * cfg.Threads {
			searchFrom(jobs)
		}
	}
	var ring *uringEngine
	if cfg.IO == IOAuto || cfg.IO == IOUring || cfg.IO == IODirect {
		var err error
		ring, err = startUring(r, entries, cfg.Threads, cfg.QueueDepth, ringBufSize, cold)
		if err != nil && cfg.IO == IOUring {
			return nil, err
		}
	}
	for range cfg.Threads {
		if ring != nil {
			searchFrom(ring.jobs)
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := search.New(cfg.Matcher, cfg.Search)
			for e := range entries {
				r.searchFile(s, e, nil)
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
	w.filtered = &r.stats.Filtered
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
	if ring != nil {
		r.stats.Engine = "uring"
		r.stats.Uring = ring.stats
	} else if cfg.IO == IOMmap {
		r.stats.Engine = "mmap"
	}
	r.stats.Elapsed = time.Since(start)
	return r.stats, nil
}

// fdBudget is how many files each ring may hold open at once: what
// RLIMIT_NOFILE leaves after descriptors for the walkers, the searchers and
// the process itself, shared among the rings. Opens past it would fail
// with EMFILE and be retried one by one.
func fdBudget(rings int) int {
	var rl unix.Rlimit
	if unix.Getrlimit(unix.RLIMIT_NOFILE, &rl) != nil || rl.Cur > 1<<20 {
		return DefaultQueueDepth * 64
	}
	spare := int(rl.Cur) - 16 - 3*rings
	return max(1, spare/max(1, rings))
}

// operand starts the search of one command-line path: a directory is
// walked; anything else, even a FIFO or device, is read as grep reads it.
func (r *run) operand(w *walker, p string) {
	if p == StdinPath {
		if w.opts.Output != nil && w.stdinIsOutput() {
			r.report(stdinLabel, ErrInputIsOutput)
			return
		}
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
	if w.opts.Output != nil && w.isOutput(fi) {
		r.report(p, ErrInputIsOutput)
		return
	}
	// The size only counts where it tells the contents: /proc files say
	// 0 and hold data.
	plain := fi.Mode().IsRegular() && !pseudoFS(p) && !fault.Is("not-eof", p)
	size := int64(-1)
	if plain {
		size = fi.Size()
	}
	w.emit(Entry{Path: p, Seq: w.nextSeq(), Size: size, ShortIsEOF: plain})
}

// readDone is what the io_uring engine read of a file for a searcher.
type readDone struct {
	data []byte // the file's first bytes, in a ring buffer
	fd   int    // descriptor to read the rest from; -1 when data is all
	err  error  // the ring's open or read failed
}

// searchFile searches one file and hands its output on. rd is what the
// io_uring engine read; without it the file is read here with pread.
func (r *run) searchFile(s *search.Searcher, e Entry, rd *readDone) {
	label := e.Path
	if e.Path == StdinPath {
		label = stdinLabel
	}
	f := r.cfg.Out.File(e.Seq, label)
	if rd != nil && rd.fd >= 0 {
		defer unix.Close(rd.fd)
	}
	if r.stopped.Load() {
		f.Abandon()
		return
	}
	if rd == nil && e.Size >= 0 && e.Size < int64(r.cfg.Matcher.MinLen()) && !r.cfg.Search.Invert {
		// No line of a file this short can match: no need to open it.
		r.stats.Skipped.Add(1)
		r.finish(f, search.Result{})
		return
	}
	var res search.Result
	var err error
	switch {
	case rd != nil && rd.err != nil:
		r.report(e.Path, rd.err)
		f.Abandon()
		return
	case rd != nil && rd.fd >= 0:
		var large bool
		if res, large, err = r.searchLarge(s, rd.fd, e, rd.data, f); large {
			break
		}
		r.stats.RingThenPread.Add(1)
		res, err = s.SearchBuffer(rd.data, fallback.Resume(rd.fd, int64(len(rd.data)), e.ShortIsEOF), f)
	case rd != nil:
		r.stats.RingWhole.Add(1)
		res, err = s.SearchBuffer(rd.data, nil, f)
	case e.Path == StdinPath:
		res, err = r.searchStdin(s, f)
	default:
		fault.At("open", e.Path)
		src, oerr := fallback.Open(e.Path, e.ShortIsEOF)
		if oerr != nil {
			r.report(e.Path, oerr)
			f.Abandon()
			return
		}
		fault.At("opened", e.Path)
		var large bool
		if res, large, err = r.searchLarge(s, src.Fd(), e, nil, f); !large {
			r.stats.Pread.Add(1)
			res, err = s.Search(src, f)
		}
		src.Close()
	}
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
		f.Abandon()
		if r.cfg.Out.Err() != nil {
			r.stopped.Store(true)
		}
		return
	}
	r.finish(f, res)
}

// mapMin is the size from which a file is searched through a memory map
// rather than read (under --io=auto and uring): see fallback.Mapping for
// why, and the README for the measurements behind the figure.
const mapMin = 1 << 20

// splitMin is the size from which a mapped file is searched on every core
// at once: four pieces or more, so that the cores share it evenly.
const splitMin = 4 * search.DefaultPiece

// splitRelease is how far a split search moves on between releases of the
// pages behind it. Each release interrupts every core of the search to
// flush its TLB: warm 8 GiB file, two cores, seven runs each, 8 MiB steps
// 0.64 s against 0.56 s for 32 MiB ones (4 MiB steps spent 10% of the time
// in zap_huge_pmd and TLB flushes).
const splitRelease = 32 << 20

// searchLarge searches the file open as fd around the page cache or
// through a map when the engine says so (streamFile, mapFile); large is
// false when it did neither and the file is to be read. head is the
// file's start when the ring read it. A file whose start holds NULs is
// read, unless searched as text: its NULs become line ends in the buffer,
// and writing them into a map costs more than the copy it saves.
func (r *run) searchLarge(s *search.Searcher, fd int, e Entry, head []byte, f *printer.File) (res search.Result, large bool, err error) {
	if r.cfg.IO == IOPread || !e.ShortIsEOF {
		return res, false, nil // not a plain disk file: its size may not tell its bytes
	}
	if r.cfg.Search.Binary != search.BinaryText && bytes.IndexByte(head, 0) >= 0 {
		return res, false, nil // checked first: it spares the binaries an fstat
	}
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFREG || st.Size == 0 {
		return res, false, nil
	}
	if st.Blocks*512 < st.Size/2 {
		return res, false, nil // mostly holes: read, so that the holes can be skipped
	}
	if res, large, err = r.streamFile(s, fd, st.Size, f); large {
		return res, large, err
	}
	if m := r.mapFile(fd, e, st.Size); m != nil {
		res, err = r.searchMapped(s, m, f)
		return res, true, err
	}
	return res, false, nil
}

// mapFile maps the regular file open as fd (size bytes) when the engine
// says so: under auto, uring and direct from mapMin bytes, under mmap
// whenever it has a byte. nil means read it.
func (r *run) mapFile(fd int, e Entry, size int64) *fallback.Mapping {
	least := int64(mapMin)
	if r.cfg.IO == IOMmap {
		least = 1
	}
	if size < least {
		return nil
	}
	m, err := fallback.Map(fd, size, r.cfg.MapChunk)
	if err != nil {
		return nil
	}
	fault.At("mapped", e.Path)
	return m
}

// takeSplit reports whether a file of size bytes is searched on every
// core: it is large enough, and no other file has the cores (one split
// at a time, since a second would find them busy). done gives them back.
func (r *run) takeSplit(size int64) (done func(), ok bool) {
	if r.split == nil || size < int64(r.cfg.SplitMin) {
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

// searchMapped searches a mapped file, on every core when it is large,
// and unmaps it; a file truncated under the map is an error, not a
// crash.
func (r *run) searchMapped(s *search.Searcher, m *fallback.Mapping, f *printer.File) (res search.Result, err error) {
	defer m.Close()
	r.stats.Mapped.Add(1)
	searchFn := s.SearchMapped
	if done, ok := r.takeSplit(int64(len(m.Bytes()))); ok {
		defer done()
		searchFn = r.split.SearchMapped
		m.SetReleaseStep(splitRelease)
	}
	err = fallback.Protect(func() error {
		var serr error
		res, serr = searchFn(m, f)
		return serr
	})
	return res, err
}

func (r *run) finish(f *printer.File, res search.Result) {
	if res.Count > 0 {
		r.stats.Lines.Add(res.Count)
		r.stats.Matched.Add(1)
		if r.cfg.StopAtFirst {
			r.stopped.Store(true)
		}
	}
	f.Searched(res.Bytes)
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
	if err == ErrInputIsOutput {
		return err.Error() // grep's own wording, not the system's
	}
	msg := err.Error()
	if len(msg) > 0 && 'a' <= msg[0] && msg[0] <= 'z' {
		msg = strings.ToUpper(msg[:1]) + msg[1:]
	}
	return msg
}

// ListFiles walks cfg.Paths (or ".") as Run would and hands fn, one call
// at a time, the path of every file Run would search, opening none;
// fn returning false stops the walk. Errors go to cfg.Report.
func ListFiles(cfg Config, fn func(path string) bool) {
	r := &run{cfg: cfg, stats: &Stats{}}
	var mu sync.Mutex
	emit := func(e Entry) bool {
		mu.Lock()
		defer mu.Unlock()
		return fn(e.Path)
	}
	w := newWalker(cfg.Walk, emit, r.report, r.warn)
	if len(cfg.Paths) == 0 {
		w.walkRoot(".", "")
	}
	for _, p := range cfg.Paths {
		if w.isStopped() {
			break
		}
		r.operand(w, p)
	}
}
