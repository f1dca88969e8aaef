// Command urg searches files for lines that match a Perl-compatible
// pattern, as grep -r -P does, reading many files at once.
package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strings"
	"sync"

	"urg/match"
	"urg/printer"
	"urg/worker"
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
	env := readEnv(os.Getenv)
	o, err := parseArgs(configArgs(args, env.configPath, stderr), env)
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
	if o.index.update {
		once()
		if err := updateIndex(o, stderr); err != nil {
			fmt.Fprintf(stderr, "urg: %v\n", err)
			return exitTrouble
		}
		if o.index.updateOnly() {
			return exitMatch
		}
	}
	if o.files {
		once()
		return listFiles(o, stdout, stderr)
	}
	m, status := compileMatcher(o, stderr, once)
	if m == nil {
		return status
	}
	return searchWith(o, m, stdout, stderr)
}

// compileMatcher compiles the patterns as the flags say, warning of what
// grep warns of; nil and the exit status when there is nothing to
// search with (a bad pattern, or nothing that can be selected). compiled
// is called once the compile is over, whatever it gave.
func compileMatcher(o *options, stderr io.Writer, compiled func()) (match.Matcher, int) {
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
	compiled()
	if err != nil {
		errs := []error{err}
		if j, ok := err.(interface{ Unwrap() []error }); ok {
			errs = j.Unwrap() // one line for each pattern, as grep's
		}
		for _, err := range errs {
			fmt.Fprintf(stderr, "urg: %v\n", o.patternError(err))
		}
		return nil, exitTrouble
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
		return nil, exitNoMatch // grep reads nothing when nothing can be selected
	}
	return m, 0
}

// searchWith runs the search with m and prints what it finds, returning
// grep's exit status.
func searchWith(o *options, m match.Matcher, stdout, stderr io.Writer) int {
	cfg := o.config(m)
	cfg.IO.Walk.Output = o.feedback(stdout)
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
	cfg.IO.Warn = func(path string, err error) {
		if o.noMessages {
			return
		}
		reportMu.Lock()
		fmt.Fprintf(stderr, "urg: %s: %s\n", path, message(err))
		reportMu.Unlock()
	}
	cfg.IO.Report = cfg.IO.Warn // the same line; worker counts the errors
	var index *indexUse
	if o.index.use {
		if o.indexLists = openListings(o, stderr); o.indexLists != nil {
			cfg.IO.Walk.Listings = o.indexLists
		}
		index, o.indexWhy = indexSkip(o, stderr)
		o.indexUsed = index
		if index != nil {
			index.unread = out.Unread
			cfg.IO.Walk.Skip = index.skip
			defer index.stale(stderr)
		}
	}
	clock := startMeter()
	stats, err := worker.Run(cfg)
	use := clock.stop()
	if err != nil {
		fmt.Fprintf(stderr, "urg: %v\n", err)
		return exitTrouble
	}
	flushErr := out.Flush()
	if o.stats {
		o.writeStats(stderr, stats, &cfg, m, out, use)
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

// isBrokenPipe says whether a write failed because the output's reader
// went away (urg ... | head -1): grep says nothing then.
func isBrokenPipe(err error) bool {
	return strings.Contains(err.Error(), "broken pipe") || readerGone(err)
}
