// Command urg searches files for lines that match a Perl-compatible
// pattern, as grep -r -P does, reading many files at once.
package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"strings"
	"sync"
	"time"

	"urg/internal/fault"
	"urg/internal/size"
	"urg/internal/storage"
	"urg/match"
	"urg/osfile"
	"urg/printer"
	"urg/sched"
	"urg/search"
	"urg/walk"
)

// version is set by the build (-ldflags -X main.version=...).
var version = "0.1.0-dev"

// gcPercent is the garbage collector's GOGC unless the environment sets
// one. urg's live heap is small (a few MiB: buffers, the walk's pending
// directories) and nearly all it allocates is dropped within one file's
// search, so at Go's default of 100 a search of a large tree collects
// every few MiB, dozens of times a second, each time waking the
// collector's workers on cores the search wants; a goal three times the
// live heap collects half as often for a few MiB more of memory (a
// higher one was faster still, but doubled the peak of a walk that
// compiles many ignore files).
const gcPercent = 200

// compileHeap is how large the heap may grow while the collector is held
// back for the compile (compiled). Parsing and compiling many patterns
// allocates much that stays (the automaton) and much that does not,
// quickly, on one core before any file is read; at the heap's first
// sizes every doubling of it would start a collection, each marking
// what the compile has built so far, and each a delay of the search.
// Held back, they are one collection, once the search runs on every
// core. The limit bounds what holding back may cost in memory.
const compileHeap = 256 << 20

func main() {
	compiled := func() {}
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(-1)
		debug.SetMemoryLimit(compileHeap)
		compiled = func() {
			debug.SetMemoryLimit(math.MaxInt64)
			debug.SetGCPercent(gcPercent)
		}
	}
	if p := os.Getenv("URG_CPUPROFILE"); p != "" {
		// For developers: URG_CPUPROFILE=file writes a CPU profile.
		if f, err := os.Create(p); err == nil {
			pprof.StartCPUProfile(f)
			code := run(os.Args[1:], os.Stdout, os.Stderr, compiled)
			pprof.StopCPUProfile()
			os.Exit(code)
		}
	}
	if p := os.Getenv("URG_MEMPROFILE"); p != "" {
		// For developers: URG_MEMPROFILE=file writes where the run
		// allocated (pprof's allocs profile).
		runtime.MemProfileRate = 4096
		code := run(os.Args[1:], os.Stdout, os.Stderr, compiled)
		if f, err := os.Create(p); err == nil {
			pprof.Lookup("allocs").WriteTo(f, 0)
			f.Close()
		}
		os.Exit(code)
	}
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr, compiled))
}

// Exit statuses, as grep's.
const (
	exitMatch   = 0
	exitNoMatch = 1
	exitTrouble = 2
)

// run is the whole command, returning its exit status. compiled is
// called once, when the matcher is built or when the command is found to
// need none: the collector's setting for the search.
func run(args []string, stdout, stderr io.Writer, compiled func()) int {
	once := sync.OnceFunc(compiled)
	defer once()
	o, err := parseArgs(configArgs(args, os.Getenv("URG_CONFIG_PATH"), stderr))
	if err != nil {
		fmt.Fprintf(stderr, "urg: %v\n", err)
		if !isPlain(err) && !errors.Is(err, errConflictingMatchers) { // grep gives no usage after these
			fmt.Fprintln(stderr, "Usage: urg [OPTION]... PATTERN [PATH]...\nTry 'urg --help' for more information.")
		}
		return exitTrouble
	}
	switch {
	case o.help:
		return writeText(stdout, stderr, usage())
	case o.version:
		return writeText(stdout, stderr, "urg "+version+"\n")
	case o.sel.typeList:
		return writeText(stdout, stderr, o.sel.typeListText())
	case o.generate != "":
		text, err := generate(o.generate)
		if err != nil {
			fmt.Fprintf(stderr, "urg: %v\n", err)
			return exitTrouble
		}
		return writeText(stdout, stderr, text)
	}
	if o.files {
		once()
		return listFiles(o, stdout, stderr)
	}
	for _, w := range match.Warnings(o.patterns, o.match) {
		fmt.Fprintf(stderr, "urg: warning: %s\n", w)
	}
	compile := match.Compile
	switch {
	case o.nullData:
		compile = match.CompileRecords
	case o.multiline:
		compile = func(p []string, mo match.Options) (match.Matcher, error) { return match.CompileMultiline(p, mo) }
	}
	m, err := compile(o.patterns, o.match)
	once()
	if err != nil {
		errs := []error{err}
		if j, ok := err.(interface{ Unwrap() []error }); ok {
			errs = j.Unwrap() // one line for each pattern, as grep's
		}
		for _, err := range errs {
			fmt.Fprintf(stderr, "urg: %v\n", o.patternError(err))
		}
		return exitTrouble
	}
	if o.crlf && !o.nullData {
		m = match.CRLF(m)
	}
	if o.maxCount == 0 && o.mode == printer.FilesWithoutMatch {
		// Every file is listed, as grep -L -m0 lists them: none can
		// hold a selected line.
		m, _ = match.Compile(nil, o.match)
		o.maxCount, o.invert = -1, false
	}
	if o.maxCount == 0 || o.selectsNothing() {
		return exitNoMatch // grep reads nothing when nothing can be selected
	}
	cfg := o.config(m)
	cfg.Walk.Output = o.feedback(stdout)
	color, restoreConsole := o.colorOn(stdout)
	defer restoreConsole()
	pc := o.printer(m, stdout, stderr, color)
	if err := o.shapeConfig(&pc); err != nil {
		fmt.Fprintf(stderr, "urg: %v\n", o.patternError(err))
		return exitTrouble
	}
	out := printer.NewOutput(stdout, stderr, pc, o.sorted || o.filesOnly())
	cfg.Out = out
	var reportMu sync.Mutex
	cfg.Warn = func(path string, err error) {
		if o.noMessages {
			return
		}
		reportMu.Lock()
		fmt.Fprintf(stderr, "urg: %s: %s\n", path, message(err))
		reportMu.Unlock()
	}
	cfg.Report = cfg.Warn // the same line; sched counts the errors
	stats, err := sched.Run(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "urg: %v\n", err)
		return exitTrouble
	}
	flushErr := out.Flush()
	if o.stats {
		matches := int64(-1)
		if o.mode == printer.Lines && !o.invert {
			matches = out.Matches()
		}
		printStats(stderr, stats, &cfg, m, matches)
		fmt.Fprintf(stderr, "  locale:   %s\n", charset(o.match.UTF8))
		fmt.Fprintf(stderr, "  storage:  %s; -j %d, queue depth %d\n", o.storage.Reason, cfg.Threads, cfg.QueueDepth)
	}
	selected := stats.Lines.Load() > 0
	switch {
	case o.quiet && selected:
		return exitMatch
	case flushErr != nil:
		if !isBrokenPipe(flushErr) {
			fmt.Fprintf(stderr, "urg: write error: %s\n", message(flushErr))
		}
		return exitTrouble
	case stats.Errors.Load() > 0:
		return exitTrouble
	case selected:
		return exitMatch
	}
	return exitNoMatch
}

// feedback is the regular file stdout writes to when what urg writes
// there could come back as matches: lines are printed, and more than one
// per file. grep does not search that file ("input file is also the
// output"); -c, -l, -L, -q and -m 1 search it, as grep does.
func (o *options) feedback(stdout io.Writer) *walk.FileID {
	f, ok := stdout.(*os.File)
	if !ok || o.mode != printer.Lines || o.maxCount == 1 {
		return nil
	}
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return nil
	}
	id, ok := walk.IDOfFile(f)
	if !ok {
		return nil
	}
	return &id
}

// selectsNothing is grep's shortcut for -v with one empty pattern, which
// matches every line, and for no pattern at all (-f /dev/null): it reads
// no file and prints nothing, not even -c's zero counts (but -L still
// lists every file).
func (o *options) selectsNothing() bool {
	if o.mode == printer.FilesWithoutMatch {
		return false
	}
	return len(o.patterns) == 0 && !o.invert ||
		o.invert && len(o.patterns) == 1 && o.patterns[0] == "" && !o.match.Line && !o.match.Word
}

// patternError puts the place a pattern came from (FILE:LINE, for -f)
// before the message of err, as grep does.
func (o *options) patternError(err error) error {
	var pe *match.PatternError
	if errors.As(err, &pe) && pe.Index < len(o.origins) && o.origins[pe.Index].file != "" {
		at := o.origins[pe.Index]
		return fmt.Errorf("%s:%d: %v", at.file, at.line, err)
	}
	return err
}

// origin is where a pattern came from: line of the -f file file, or
// (file "") the command line. It is formatted only for an error, as a
// list of many patterns needs no names made for them.
type origin struct {
	file string
	line int
}

// writeText writes what --help, --version and --generate print; a write
// that fails is an error, as grep's.
func writeText(stdout, stderr io.Writer, text string) int {
	if _, err := io.WriteString(stdout, text); err != nil {
		fmt.Fprintf(stderr, "urg: write error: %s\n", message(err))
		return exitTrouble
	}
	return exitMatch
}

// config turns options into the scheduler's run.
func (o *options) config(m match.Matcher) sched.Config {
	threads := o.threads
	if threads <= 0 {
		threads = runtime.NumCPU()
	}
	depth := o.queueDepth
	// Threads beyond the cores add reads in flight only where a read
	// holds its thread (see sched.Config.Threads); the walk's readers are
	// per core already.
	cores := runtime.GOMAXPROCS(0)
	walkers := walkersPerThread * min(threads, cores)
	if o.storage = o.storageOf(); o.storage.Rotational && !o.tuned {
		// grab's warning: parallel reads on a spinning disk destroy
		// its locality. One reader, a shallow queue.
		threads, depth, walkers = 1, spinningQueueDepth, 1
	}
	so := search.Options{
		Invert:      o.invert,
		Before:      o.before,
		After:       o.after,
		LineNumbers: o.lineNumber,
		Binary:      o.binary,
		CountOnly:   o.mode != printer.Lines && o.mode != printer.MatchCount,
		Passthru:    o.shape.passthru,
		NullData:    o.nullData,
		Multiline:   o.multiline,

		StopOnNonmatch: o.stopOnNonmatch,
	}
	if o.maxCount > 0 {
		so.MaxCount = int64(o.maxCount)
	}
	if o.mode == printer.FilesWithMatches || o.mode == printer.FilesWithoutMatch || o.mode == printer.Quiet {
		so.MaxCount = 1
	}
	if so.CountOnly {
		so.Before, so.After = 0, 0
	}
	wo := o.walk
	wo.Shard = o.shard
	wo.Threads = walkers
	wo.Sorted = o.sorted
	wo.Order = o.order
	chunk := o.mapChunk
	if o.lowMemory {
		chunk /= 2
	}
	return sched.Config{
		Engine:      o.engine,
		Cache:       o.cache,
		CacheBudget: cacheBudget(),
		Latency:     o.stats,
		QueueDepth:  depth,
		MapChunk:    chunk,
		SplitPiece:  envSize("URG_SPLIT_PIECE"),
		SplitMin:    envSize("URG_SPLIT_MIN"),
		RingRefused: ringRefused(),
		GrowAtOnce:  os.Getenv("URG_GROW_AT_ONCE") == "1",
		Faults:      fault.New(os.Getenv("URG_FAULTS")),
		Paths:       o.paths,
		StdinLabel:  o.label,
		Walk:        wo,
		Threads:     threads,
		Cores:       cores,
		Search:      so,
		Matcher:     m,
		StopAtFirst: o.quiet,
		ListsNames:  o.mode == printer.FilesWithMatches || o.mode == printer.FilesWithoutMatch,
		SearchZip:   o.searchZip,
		Encoding:    o.encoding,
		Pre:         o.pre,
	}
}

// stdinOnly says whether standard input is all urg searches. On a
// terminal its lines then go out one by one, as grep's do; a tree's go
// out file by file, since a file that streamed its lines would hold the
// output, and so every other searcher, until its end.
func (o *options) stdinOnly() bool {
	return len(o.paths) > 0 && !slices.ContainsFunc(o.paths, func(p string) bool { return p != walk.StdinPath })
}

// filesOnly says whether the operands are regular files of at most
// orderedMax bytes in all: their output then comes in the order they were
// named, as grep's does, though several are searched at once. A file
// waiting for its turn holds its output in memory, which the bound keeps
// small; a tree's files, standard input among others, and larger sets come
// as they are done (unless --sort=path).
func (o *options) filesOnly() bool {
	if len(o.paths) < 2 || o.walk.Listed > 0 {
		return false
	}
	var total int64
	for _, p := range o.paths {
		fi, err := os.Stat(p)
		if err != nil {
			continue // reported when searched; it prints nothing
		}
		if p == walk.StdinPath || !fi.Mode().IsRegular() {
			return false
		}
		total += fi.Size()
	}
	return total <= orderedMax
}

// orderedMax bounds the operands whose output is kept in their order.
const orderedMax = 64 << 20

// isTerminalWriter says whether w is a terminal, where output is written
// a line at a time, as grep's and ripgrep's is.
func isTerminalWriter(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && isTerminal(f)
}

// colorOn says whether matches are coloured: always, or under auto on a
// terminal that shows colour. A Windows console shows it only once told
// to, and restore gives it back its mode; --color=always tells it too, and
// writes the escapes whether or not it could.
func (o *options) colorOn(stdout io.Writer) (color bool, restore func()) {
	f, ok := stdout.(*os.File)
	switch {
	case o.json || o.color == "never":
		return false, func() {}
	case o.color == "auto" && (os.Getenv("TERM") == "dumb" || os.Getenv("NO_COLOR") != ""):
		return false, func() {}
	case !ok:
		return o.color == "always", func() {}
	}
	restore, shown := enableColor(f)
	return shown || o.color == "always", restore
}

// printer turns options into the output's look; a colour set by the old
// GREP_COLOR gets grep's warning on stderr.
func (o *options) printer(m match.Matcher, stdout, stderr io.Writer, color bool) printer.Config {
	legacy := os.Getenv("GREP_COLOR")
	colors, legacyUsed := printer.GrepColors(legacy, os.Getenv("GREP_COLORS"))
	colors.ApplyColorSpecs(o.colorSpecs) // checked with the flags
	if color && legacyUsed {
		fmt.Fprintf(stderr, "urg: warning: GREP_COLOR='%s' is deprecated; use GREP_COLORS='mt=%s'\n", legacy, legacy)
	}
	var groupSep *string
	if !o.noGroupSep {
		groupSep = &o.groupSep
	}
	return printer.Config{
		Mode:             o.mode,
		IncludeZero:      o.includeZero,
		FieldMatchSep:    o.fieldMatchSep,
		FieldContextSep:  o.fieldContextSep,
		WithFilename:     o.withFilename(),
		LineNumber:       o.lineNumber,
		ByteOffset:       o.byteOffset,
		OnlyMatching:     o.onlyMatching,
		Invert:           o.invert,
		Null:             o.null,
		Context:          o.contextSet,
		Color:            color,
		Colors:           colors,
		GroupSeparator:   groupSep,
		NoGroupSeparator: o.noGroupSep,
		BeforeContext:    o.before,
		AfterContext:     o.after,
		EncodingErrors:   o.match.UTF8 && o.binary != search.BinaryText && !o.json,
		NoEncodingNotice: o.binary == search.BinarySkip,
		Heading:          o.heading,
		LineBuffered:     o.lineBuffered || isTerminalWriter(stdout) && o.stdinOnly(),
		FlushWrites:      isTerminalWriter(stdout),
		CountMatches:     o.stats,
		JSON:             o.json,
		Matcher:          m,
		Hyperlink:        o.hyperlink,
	}
}

// withFilename follows grep: names are printed when more than one file may
// be searched, unless -h or -H says otherwise.
func (o *options) withFilename() bool {
	if o.filename != 0 {
		return o.filename > 0
	}
	if len(o.paths) != 1 {
		return len(o.paths) > 1 || !o.stdinDefault
	}
	if o.paths[0] == walk.StdinPath {
		return false // not a file named "-", which is never searched
	}
	fi, err := os.Stat(o.paths[0])
	return err == nil && fi.IsDir()
}

// walkersPerThread is how many directories the walk reads at once per
// search thread, up to the cores. Each directory read waits for the
// storage's answer, which far storage gives in a millisecond or more:
// with one reader per thread the walk, not the rings, would set the pace
// there (see docs/decisions.md#threadspercore-8-walkers-per-core-cmdspotmaingo),
// and spot reads as many per core for the same reason. More per core
// were no faster on a local disk, and cost threads, buffers and turns
// on the cores.
const walkersPerThread = 8

// spinningQueueDepth is the queue kept on a spinning disk: enough for the
// elevator to order a few reads, few enough that a seek serves each.
const spinningQueueDepth = 4

// storageOf looks at the device under the first path (or the working
// directory): a rotating one is searched with one reader.
func (o *options) storageOf() storage.Info {
	p := "."
	for _, q := range o.paths {
		if q != walk.StdinPath {
			p = q
			break
		}
	}
	return storage.Of("/sys", p)
}

// printStats writes --stats; matches is the number of matches printed,
// or -1 where lines were not printed (counts, names).
func printStats(w io.Writer, s *sched.Stats, cfg *sched.Config, m match.Matcher, matches int64) {
	threads := s.Threads.Load()
	secs := s.Elapsed.Seconds()
	bytes := s.Bytes.Load()
	fmt.Fprintf(w, "urg: stats\n")
	fmt.Fprintf(w, "  engine:   %s, %s matcher, %d threads\n", readerOf(s), m.Engine(), threads)
	if u := s.Uring; u.Rings > 0 {
		fmt.Fprintf(w, "  io_uring: %d ring(s) (%s), %d files in flight per ring at most, %d reached; %d ops submitted in %d io_uring_enter calls, %d of which waited for the disk\n",
			u.Rings, u.Mode, u.Depth, u.MaxFlight, u.Submitted, u.Enters, u.Waits)
	}
	fmt.Fprintf(w, "  files:    %d walked, %d searched, %d binary\n", s.Walked.Load(), s.Searched.Load(), s.Binary.Load())
	fmt.Fprintf(w, "  skipped:  %d left out by the walk's filters (--include, --exclude, --ignore, --hidden, --glob, --type, --max-filesize), %d unopened (shorter than any match), %d binary (-I)\n",
		s.Filtered.Load(), s.Skipped.Load(), s.BinarySkipped.Load())
	if s.Nowait {
		fmt.Fprintf(w, "  cached:   %d whole without blocking (%d of them opened, read and closed in batches on io_uring), %d begun without blocking and read on with pread, %d would have blocked (sent to io_uring, or to pread without it)\n",
			s.Cached.Load(), s.Batched.Load(), s.CachedThenPread.Load(), s.Blocked.Load())
	}
	fmt.Fprintf(w, "  read as:  %d whole by io_uring, %d begun by io_uring and read on with pread, %d with pread, %d through a memory map, %d around the page cache by io_uring (%d split across cores)\n",
		s.RingWhole.Load(), s.RingThenPread.Load(), s.Pread.Load(), s.Mapped.Load(), s.Direct.Load(), s.Split.Load())
	fmt.Fprintf(w, "  read:     %s\n", humanBytes(bytes))
	printCache(w, s, cfg.Cache, cfg.CacheBudget)
	printLatency(w, s.Latency)
	fmt.Fprintf(w, "  selected: %d lines in %d files\n", s.Lines.Load(), s.Matched.Load())
	if matches >= 0 {
		fmt.Fprintf(w, "  matches:  %d\n", matches)
	}
	fmt.Fprintf(w, "  errors:   %d\n", s.Errors.Load())
	rate := 0.0
	if secs > 0 {
		rate = float64(bytes) / secs
	}
	fmt.Fprintf(w, "  time:     %.3f s (%s/s)\n", secs, humanBytes(int64(rate)))
	if user, sys, ok := cpuTime(); ok && secs > 0 {
		cores := runtime.NumCPU()
		busy := (user + sys).Seconds() / secs
		fmt.Fprintf(w, "  cpu:      %.3f s user, %.3f s system: %.2f of %d cores busy (%.0f%%)\n",
			user.Seconds(), sys.Seconds(), busy, cores, 100*busy/float64(cores))
	}
}

// cacheBudget is how much --cache=auto reads through the page cache
// before it drops: an eighth of the memory available, or the test hook
// URG_CACHE_BUDGET's size.
func cacheBudget() int64 {
	if n := envSize("URG_CACHE_BUDGET"); n > 0 {
		return int64(n)
	}
	return memAvailable() / sched.CacheShare
}

// printCache writes --stats' line on the page-cache policy: what it was,
// and how the files it kept out of the cache were read.
func printCache(w io.Writer, s *sched.Stats, cache sched.Cache, budget int64) {
	policy := cache.String()
	if !osfile.DropsCache {
		fmt.Fprintf(w, "  cache:    %s, read as keep: this system gives urg no way to leave pages out of the cache\n", policy)
		return
	}
	if cache == sched.CacheAuto {
		policy = fmt.Sprintf("auto (keep until %s read, then drop)", humanBytes(budget))
	}
	how := "RWF_DONTCACHE reads"
	if s.Cache.Refused {
		how = "plain reads, their pages dropped with POSIX_FADV_DONTNEED (RWF_DONTCACHE refused)"
	}
	fmt.Fprintf(w, "  cache:    %s; %d files read by %s, %d of them dropped with POSIX_FADV_DONTNEED\n",
		policy, s.Cache.Uncached.Load(), how, s.Cache.Advised.Load())
}

// printLatency writes --stats' latency lines: per operation, the count
// and the latency from submission to completion, then the operations a
// ring had in flight each time it reaped completions.
func printLatency(w io.Writer, l *sched.Latency) {
	if l == nil {
		return
	}
	ns := func(v uint64) time.Duration { return round3(time.Duration(v)) }
	for _, op := range sched.Ops() {
		h := &l.Ops[op]
		if h.N() == 0 {
			continue
		}
		fmt.Fprintf(w, "  latency:  %s: %d ops, p50 %v, p90 %v, p99 %v, max %v\n", op, h.N(),
			ns(h.Quantile(0.5)), ns(h.Quantile(0.9)), ns(h.Quantile(0.99)), ns(h.Max()))
	}
	if f := &l.Flight; f.N() > 0 {
		fmt.Fprintf(w, "  in flight: p50 %d, p90 %d, p99 %d, max %d\n", f.Quantile(0.5), f.Quantile(0.9), f.Quantile(0.99), f.Max())
	}
}

// round3 rounds d to three significant digits: the histograms' buckets
// are an eighth of a power of two wide, and more digits would claim a
// precision they do not have.
func round3(d time.Duration) time.Duration {
	unit := time.Duration(1)
	for d/unit >= 1000 {
		unit *= 10
	}
	return d.Round(unit)
}

// readerOf names what read the files, for --stats.
func readerOf(s *sched.Stats) string {
	switch {
	case s.Engine != sched.EngineAuto && s.Engine != sched.EngineDirect:
		return s.Engine.String() + " reader"
	case s.RingRefused != nil:
		return fmt.Sprintf("pread reader after non-blocking reads (pread for files that would block; io_uring refused: %v)", s.RingRefused)
	case !s.Nowait && s.Uring.Rings == 0:
		return fmt.Sprintf("%s reader without non-blocking reads or io_uring (this system has neither): pread, and maps for large files", s.Engine)
	case s.Uring.Rings > 0:
		return fmt.Sprintf("%s reader: non-blocking reads, io_uring for files that would block", s.Engine)
	}
	return fmt.Sprintf("%s reader: non-blocking reads (no file would block: io_uring not started)", s.Engine)
}

// ringRefused is the refusal of io_uring that URG_DISABLE_URING=1
// pretends, as a kernel or sandbox that refuses it would, so that the
// fallbacks can be tested anywhere; nil without it.
func ringRefused() error {
	if os.Getenv("URG_DISABLE_URING") == "1" {
		return errors.New("io_uring disabled by URG_DISABLE_URING")
	}
	return nil
}

// envSize reads a size in bytes from the environment: a test hook that
// makes the split across cores happen on small files. 0 means unset.
func envSize(name string) int {
	n, err := size.Parse(os.Getenv(name))
	if err != nil {
		return 0
	}
	return int(n)
}

func humanBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	f, i := float64(n), -1
	for f >= unit && i < 4 {
		f /= unit
		i++
	}
	return fmt.Sprintf("%.1f %ciB", f, "KMGTP"[i])
}

// isBrokenPipe says whether a write failed because the output's reader
// went away (urg ... | head -1): grep says nothing then.
func isBrokenPipe(err error) bool {
	return strings.Contains(err.Error(), "broken pipe") || readerGone(err)
}

// listFiles is --files: the files a search would read, one per line (or
// NUL-ended under -Z), none opened; exit 0 when there is one, 1 when
// there is none, 2 after an error, as rg --files.
func listFiles(o *options, stdout, stderr io.Writer) int {
	cfg := o.config(nil)
	out := bufio.NewWriterSize(stdout, 64<<10)
	end := byte('\n')
	if o.null {
		end = 0
	}
	var listed, failed bool
	var outErr error
	cfg.Report = func(path string, err error) {
		failed = true
		if !o.noMessages {
			fmt.Fprintf(stderr, "urg: %s: %s\n", path, message(err))
		}
	}
	cfg.Warn = func(path string, err error) {
		if !o.noMessages {
			fmt.Fprintf(stderr, "urg: %s: %s\n", path, message(err))
		}
	}
	var mu sync.Mutex
	walk.Files(cfg.Paths, cfg.Walk, walk.Handler{
		File: func(f walk.File) bool {
			mu.Lock()
			defer mu.Unlock()
			listed = true
			if o.quiet {
				return false // one file decides the exit status; -q prints none
			}
			if _, outErr = out.WriteString(f.Path); outErr == nil {
				outErr = out.WriteByte(end)
			}
			return outErr == nil
		},
		Report: cfg.Report,
		Warn:   cfg.Warn,
	})
	if err := out.Flush(); outErr == nil {
		outErr = err
	}
	switch {
	case outErr != nil:
		if !isBrokenPipe(outErr) {
			fmt.Fprintf(stderr, "urg: write error: %s\n", message(outErr))
		}
		return exitTrouble
	case o.quiet && listed:
		return exitMatch // as -q's search: a file found outweighs an error
	case failed:
		return exitTrouble
	case listed:
		return exitMatch
	}
	return exitNoMatch
}
