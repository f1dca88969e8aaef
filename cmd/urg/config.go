package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"

	"urg/internal/storage"
	"urg/match"
	"urg/printer"
	"urg/sched"
	"urg/search"
	"urg/walk"
	"urg/worker"
)

// The translation of the parsed flags into the run's configuration: the
// search's (worker.Config, with the I/O engine's sched.Config in it) and
// the printer's (printer.Config).

// orderedMax bounds the operands whose output is kept in their order.
const orderedMax = 64 << 20

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

// config turns options into the search's run.
func (o *options) config(m match.Matcher) worker.Config {
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
	cfg := worker.Config{
		IO: sched.Config{
			Engine:      o.engine,
			Cache:       o.cache,
			CacheBudget: o.env.cacheBudget(),
			Latency:     o.stats,
			QueueDepth:  depth,
			MapChunk:    chunk,
			Paths:       o.paths,
			Walk:        wo,
			Threads:     threads,
			Cores:       cores,
		},
		StdinLabel:  o.stdinLabel(),
		StdinClosed: o.stdinClosed,
		Search:      so,
		Matcher:     m,
		StopAtFirst: o.quiet,
		ListsNames:  o.mode == printer.FilesWithMatches || o.mode == printer.FilesWithoutMatch,
		SearchZip:   o.searchZip,
		Encoding:    o.encoding,
		Pre:         o.pre,
	}
	o.env.test.setTesting(&cfg)
	return cfg
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
	case o.color == "auto" && o.env.noColor:
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
	legacy := o.env.grepColor
	colors, legacyUsed := printer.GrepColors(legacy, o.env.grepColors)
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

// shapeConfig sets the printer's line shapes and the search's passthru.
func (o *options) shapeConfig(pc *printer.Config) error {
	sh := o.shape
	pc.Column, pc.Vimgrep, pc.Trim, pc.InitialTab = sh.column, sh.vimgrep, sh.trim, sh.initialTab
	pc.MaxColumns, pc.MaxColumnsPreview = sh.maxColumns, sh.maxColumnsPreview
	pc.CRLF = o.crlf && !o.nullData
	pc.StdinLabel = o.stdinLabel()
	pc.NullData = o.nullData
	pc.Multiline = o.multiline
	if sh.replace != nil {
		newReplacer := match.NewReplacer
		if o.multiline {
			newReplacer = match.NewMultilineReplacer
		}
		rep, err := newReplacer(o.patterns, o.match, *sh.replace)
		if err != nil {
			return err
		}
		pc.Replace = rep.Append
	}
	return nil
}

// stdinLabel is standard input's name in the output: --label's, or
// grep's; in --json, ripgrep's, which the tools that read that format key
// on.
func (o *options) stdinLabel() string {
	switch {
	case o.label != "":
		return o.label
	case o.json:
		return "<stdin>"
	}
	return walk.StdinLabel
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
