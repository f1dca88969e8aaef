package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"urg/internal/size"
)

// options is everything the command line sets. The zero value is not
// usable; parseFlags fills in the defaults.
type options struct {
	urg        string   // the urg binary under test
	dir        string   // where corpora are built and results written
	corpora    []string // go, mix, big, quick, or the base name of -corpus
	goTree     string   // an existing tree to use as the go corpus
	mixTree    string   // an existing tree to use as the mix corpus
	ownTree    string   // -corpus: a tree of the user's own, the only corpus
	bigSize    int64    // size of the big corpus's one file
	cache      []string // warm, cold (in that order of running)
	cacheSet   bool     // -cache, -cold or -warm given: a refused cold mode is an error
	runs       int      // timed runs per tool, warm
	coldRuns   int      // timed runs per tool, cold
	warmup     int      // untimed runs per tool before the warm timing
	coldOnly   []string // scenarios run cold: names containing one of these
	only       string   // scenarios whose name or pattern contains this
	tools      []string // tool families: urg, grep, rg, ugrep, ag
	skip       []string // tool lines (by name) left out
	io         []string // urg --io engines: auto, uring, pread, mmap, direct
	threads    []int    // -j values for urg and rg; 0 is the tool's default
	rgMmap     []string // auto, mmap, nommap
	extra      []string // -tool NAME=COMMAND lines
	mismatch   string   // drop or stop: what a peer's different output does
	fio        bool     // print the fio floor per corpus
	dd         bool     // time dd reading the big file, as a floor line among the tools
	ringFloor  bool     // time the ring floor on the trees, as a floor line among the tools
	readFloor  string   // -read-floor FILE: be the ring floor over FILE's list, nothing else
	jsonPath   string
	svgPath    string
	quick      bool
	patterns   bool // the matcher set of patterns on trees, and an rg -P line
	spot       bool // spot against find and fd instead of the searches
	soak       int  // -soak N: N searches at once, a load test, instead of timings
	bigSizeSet bool // -big-size given

	// latency is -latency: instead of the timings on the corpora as they
	// are, time them served through the slow file system, once per delay
	// (latency.go).
	latency []time.Duration

	// wordList is -wordlist N: instead of timings, write to listOut (-o
	// FILE) the N words a -patterns run searches the first corpus for.
	wordList int
	listOut  string

	// dropCachesPath is the file written to drop the page cache; tests
	// point it elsewhere to check the refusal without touching the
	// machine's cache. Not a flag.
	dropCachesPath string
	// coldSettle is how long each cold run waits after the drop.
	coldSettle time.Duration
	// coldFill reads the corpus into the cache before each drop.
	coldFill bool
}

// listFlag is a comma-separated list.
type listFlag struct{ v *[]string }

func (l listFlag) String() string {
	if l.v == nil {
		return ""
	}
	return strings.Join(*l.v, ",")
}

func (l listFlag) Set(s string) error {
	*l.v = splitList(s)
	return nil
}

// repeatFlag collects every use of a repeatable flag.
type repeatFlag struct{ v *[]string }

func (r repeatFlag) String() string { return "" }

func (r repeatFlag) Set(s string) error {
	*r.v = append(*r.v, s)
	return nil
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// parseFlags reads the command line into options with defaults filled in.
func parseFlags(args []string, stderr io.Writer) (*options, error) {
	o := &options{
		corpora:        []string{"go", "mix"},
		cache:          []string{"warm", "cold"},
		coldOnly:       []string{"absent", "needles"},
		tools:          []string{"urg", "grep", "rg", "ugrep", "ag"},
		io:             []string{"uring", "pread"},
		rgMmap:         []string{"auto"},
		dropCachesPath: "/proc/sys/vm/drop_caches",
	}
	var r rawFlags
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: go run ./bench [flags]   (make bench BENCH_ARGS='flags')")
		fs.PrintDefaults()
	}
	corpusFlags(fs, o, &r)
	cacheFlags(fs, o, &r)
	toolFlags(fs, o, &r)
	modeFlags(fs, o, &r)
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if err := o.resolve(r, set); err != nil {
		return nil, err
	}
	return o, o.validate()
}

// rawFlags holds the flags options does not take as they are: text parsed
// once every flag is read, and switches that set other fields.
type rawFlags struct {
	threads, bigSize, latency string
	cold, warm, engines       bool
}

// corpusFlags defines the flags that say what is measured and on what:
// the urg binary, the work directory and the corpora.
func corpusFlags(fs *flag.FlagSet, o *options, r *rawFlags) {
	fs.StringVar(&o.urg, "urg", "bin/urg", "urg binary to measure")
	fs.StringVar(&o.dir, "dir", filepath.Join(os.TempDir(), "urg-bench"), "where corpora are built (and reused) and results written")
	fs.Var(listFlag{&o.corpora}, "corpora", "corpora to run: go, mix, big, quick (comma-separated)")
	fs.StringVar(&o.goTree, "go", "", "use this existing tree as the go corpus instead of copying GOROOT")
	fs.StringVar(&o.mixTree, "mix", "", "use this existing tree as the mix corpus instead of building one")
	fs.StringVar(&o.ownTree, "corpus", "", "run only this tree of your own (named after its base name)")
	fs.StringVar(&r.bigSize, "big-size", "8GiB", "size of the big corpus's file (suffixes KiB, MiB, GiB)")
}

// cacheFlags defines the flags that say how each scenario is run: the
// cache modes, the runs in each, and which scenarios.
func cacheFlags(fs *flag.FlagSet, o *options, r *rawFlags) {
	fs.Var(listFlag{&o.cache}, "cache", "cache modes: warm, cold (cold drops the page cache before every run; root only)")
	fs.BoolVar(&r.cold, "cold", false, "cold only (same as -cache cold)")
	fs.BoolVar(&r.warm, "warm", false, "warm only (same as -cache warm)")
	fs.IntVar(&o.runs, "n", 5, "timed runs per tool and scenario, warm")
	fs.IntVar(&o.coldRuns, "cold-n", 3, "timed runs per tool and scenario, cold")
	fs.DurationVar(&o.coldSettle, "cold-settle", 0, "wait this long after each drop before a cold run: on a virtual machine that reports free pages to its host, the dropped cache's memory goes back to the host within seconds, and a run that starts at once races that (see the README)")
	fs.BoolVar(&o.coldFill, "cold-fill", false, "read the corpus into the page cache before each drop (untimed), so that every cold run refills the cache from memory just freed, whatever the line before it did: on a virtual machine that reports free pages to its host, a run after a line that cached nothing (fio, --io=direct) otherwise starts on memory the host has taken back (see the README)")
	fs.IntVar(&o.warmup, "warmup", 1, "untimed warm-up runs per tool before warm timing")
	fs.Var(listFlag{&o.coldOnly}, "cold-scenarios", "scenarios run cold: those whose name contains one of these, or all")
	fs.StringVar(&o.only, "only", "", "run only the scenarios whose name or pattern contains this")
}

// toolFlags defines the flags that choose the tool lines, the floors
// among them, and what a peer's different output does.
func toolFlags(fs *flag.FlagSet, o *options, r *rawFlags) {
	fs.Var(listFlag{&o.tools}, "tools", "tool families to run: urg, grep, rg, ugrep, ag (-tool adds your own lines)")
	fs.Var(listFlag{&o.skip}, "skip", "tool lines to leave out, by name (e.g. grep,urg-pread)")
	fs.Var(listFlag{&o.io}, "io", "urg --io engines to time: auto, uring, pread, mmap, direct (one line each, urg-ENGINE)")
	fs.StringVar(&r.threads, "j", "0", "thread counts for urg and rg (comma-separated; 0 is the tool's default)")
	fs.Var(listFlag{&o.rgMmap}, "rg-mmap", "rg read modes: auto (rg's choice), mmap, nommap")
	fs.BoolVar(&r.engines, "engines", false, "shorthand for -j 0,16 (also time urg and rg with 16 threads)")
	fs.Var(repeatFlag{&o.extra}, "tool", "extra tool line NAME=COMMAND (split at spaces; a scenario's flags and -e PATTERN PATH appended); repeatable")
	fs.StringVar(&o.mismatch, "mismatch", "drop", "when a peer's output differs: drop (time the others without it) or stop (skip the scenario)")
	fs.BoolVar(&o.fio, "fio", true, "print fio's time to read each corpus (queue depth 64, io_uring) as the floor")
	fs.BoolVar(&o.dd, "dd", true, "time dd reading the big corpus's file (bs=4M) as a floor line among the tools")
	fs.BoolVar(&o.ringFloor, "ring-floor", true, "time the ring floor on the tree corpora as a floor line among the tools: every file of the tree, listed beforehand, opened, read whole and closed through io_uring rings as urg's rings do, one per CPU, and nothing else (Linux)")
}

// modeFlags defines the flags that choose the run's mode (the timings,
// -read-floor, -soak, -spot, -wordlist, -latency, -quick, -patterns) and
// where its results go.
func modeFlags(fs *flag.FlagSet, o *options, r *rawFlags) {
	fs.StringVar(&o.readFloor, "read-floor", "", "instead of timings, read every file `FILE` lists (NUL-separated) as the ring floor line does, and print nothing")
	fs.StringVar(&o.jsonPath, "json", "", "JSON file of every run (default DIR/results/bench-TIME.json)")
	fs.StringVar(&o.svgPath, "svg", "", "SVG chart (default DIR/results/bench-TIME.svg)")
	fs.BoolVar(&o.patterns, "patterns", false, "trees get the matcher set (8 patterns, one per matcher path) and the pattern lists (words and regexes sampled from the tree, given as -f FILE), and rg gets a -P line")
	fs.IntVar(&o.soak, "soak", 0, "instead of timings, start `N` urg searches of each corpus at once (cold: after dropping the page cache) and report their outputs agree, their times and memory")
	fs.BoolVar(&o.spot, "spot", false, "time spot against find and fdfind -uu on the trees (-type f -size +1M, -name '*.h'), cold too")
	fs.IntVar(&o.wordList, "wordlist", 0, "instead of timings, write to -o FILE the `N` words a -patterns run samples from the first corpus (-corpus PATH, or the first of -corpora), byte for byte as that run searches them")
	fs.StringVar(&o.listOut, "o", "", "the `FILE` -wordlist writes")
	fs.StringVar(&r.latency, "latency", "", "instead of the timings, serve each corpus (default go) through a FUSE passthrough that delays every request by each of these `DELAYS` in turn (comma-separated durations such as 0,200us,1ms,5ms; 0 is the passthrough alone) and time the scenarios there, cold unless -cache says otherwise; a table per delay, a chart of time against delay (Linux, root)")
	fs.BoolVar(&o.quick, "quick", false, "smoke run: tiny generated corpora, warm, 3 runs, outputs checked well formed")
}

// resolve fills in what the flags imply: r parsed, and the defaults that
// hang on other flags (set names those given).
func (o *options) resolve(r rawFlags, set map[string]bool) error {
	var err error
	if o.bigSize, err = parseSize(r.bigSize); err != nil {
		return fmt.Errorf("-big-size: %v", err)
	}
	o.bigSizeSet = set["big-size"]
	if o.threads, err = parseInts(r.threads); err != nil {
		return fmt.Errorf("-j: %v", err)
	}
	if r.engines && !set["j"] {
		o.threads = []int{0, 16}
	}
	if r.cold && r.warm {
		return errors.New("-cold and -warm together: use -cache warm,cold")
	}
	if r.cold {
		o.cache = []string{"cold"}
	}
	if r.warm {
		o.cache = []string{"warm"}
	}
	o.cacheSet = set["cache"] || r.cold || r.warm
	o.modeDefaults(set)
	if o.latency, err = parseLatencies(r.latency); err != nil {
		return fmt.Errorf("-latency: %v", err)
	}
	if len(o.latency) > 0 {
		// Far storage is a question about cold reads of a tree.
		if !set["corpora"] {
			o.corpora = []string{"go"}
		}
		if !o.cacheSet {
			o.cache = []string{"cold"}
		}
	}
	if o.ownTree != "" {
		o.corpora = []string{filepath.Base(filepath.Clean(o.ownTree))}
	}
	return nil
}

// modeDefaults sets the defaults -spot, -only and -quick change, where
// set says no flag of the user's has set them.
func (o *options) modeDefaults(set map[string]bool) {
	if o.spot {
		// Both finder scenarios are the point cold; there are no
		// bytes read for fio to floor.
		if !set["cold-scenarios"] {
			o.coldOnly = []string{"all"}
		}
		o.fio = false
	}
	if set["only"] && !set["cold-scenarios"] {
		// Asking for scenarios by name asks for them in every mode.
		o.coldOnly = []string{"all"}
	}
	if o.quick {
		// A smoke run: small, warm, quick, and it checks its own outputs.
		if !set["corpora"] {
			o.corpora = []string{"quick", "big"}
		}
		if !o.bigSizeSet {
			o.bigSize = 4 << 20
		}
		if !o.cacheSet {
			o.cache = []string{"warm"}
		}
		if !set["n"] {
			o.runs = 3
		}
	}
}

func (o *options) validate() error {
	for _, c := range o.cache {
		if c != "warm" && c != "cold" {
			return fmt.Errorf("-cache: unknown mode %q (warm or cold)", c)
		}
	}
	if o.ownTree == "" {
		for _, c := range o.corpora {
			switch c {
			case "go", "mix", "big", "quick":
			default:
				return fmt.Errorf("-corpora: unknown corpus %q (go, mix, big; -corpus PATH for your own)", c)
			}
		}
	}
	for _, e := range o.io {
		switch e {
		case "auto", "uring", "pread", "mmap", "direct":
		default:
			return fmt.Errorf("-io: unknown engine %q (auto, uring, pread, mmap, direct)", e)
		}
	}
	for _, m := range o.rgMmap {
		switch m {
		case "auto", "mmap", "nommap":
		default:
			return fmt.Errorf("-rg-mmap: unknown mode %q (auto, mmap, nommap)", m)
		}
	}
	for _, t := range o.tools {
		switch t {
		case "urg", "grep", "rg", "ugrep", "ag":
		default:
			return fmt.Errorf("-tools: unknown tool %q (urg, grep, rg, ugrep, ag)", t)
		}
	}
	if o.mismatch != "drop" && o.mismatch != "stop" {
		return fmt.Errorf("-mismatch: %q is neither drop nor stop", o.mismatch)
	}
	if o.coldFill && o.coldSettle > 0 {
		return errors.New("-cold-fill and -cold-settle together: the settle hands back to the host the memory the fill freed; pick one")
	}
	if o.runs < 1 || o.coldRuns < 1 || o.warmup < 0 {
		return errors.New("-n and -cold-n must be at least 1, -warmup at least 0")
	}
	if o.wordList < 0 || (o.wordList > 0) != (o.listOut != "") {
		return errors.New("-wordlist N and -o FILE go together, N at least 1")
	}
	if len(o.io) == 0 {
		return errors.New("-io: urg needs at least one engine: it is the yardstick")
	}
	if len(o.latency) > 0 && (o.quick || o.soak > 0 || o.spot || o.patterns || o.wordList > 0) {
		return errors.New("-latency is a mode of its own: not with -quick, -soak, -spot, -patterns or -wordlist")
	}
	return nil
}

// outputPaths fills in the default JSON and SVG paths, named after the
// start time so that runs never overwrite each other.
func (o *options) outputPaths(start time.Time) {
	stamp := start.Format("20060102-150405")
	if o.jsonPath == "" {
		o.jsonPath = filepath.Join(o.dir, "results", "bench-"+stamp+".json")
	}
	if o.svgPath == "" {
		o.svgPath = filepath.Join(o.dir, "results", "bench-"+stamp+".svg")
	}
}

// parseSize reads a positive byte count with an optional KiB, MiB or GiB
// suffix.
func parseSize(s string) (int64, error) {
	n, err := size.Parse(s)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("bad size %q", s)
	}
	return n, nil
}

func parseInts(s string) ([]int, error) {
	var out []int
	for _, f := range splitList(s) {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("bad count %q", f)
		}
		out = append(out, n)
	}
	if len(out) == 0 {
		out = []int{0}
	}
	return out, nil
}

// sizeLabel names a size the way -big-size takes it.
func sizeLabel(n int64) string {
	switch {
	case n%(1<<30) == 0:
		return fmt.Sprintf("%dGiB", n>>30)
	case n%(1<<20) == 0:
		return fmt.Sprintf("%dMiB", n>>20)
	case n%(1<<10) == 0:
		return fmt.Sprintf("%dKiB", n>>10)
	}
	return fmt.Sprintf("%dB", n)
}
