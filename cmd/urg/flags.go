package main

// The command line: the options it sets, and the units of flags that
// define and apply them, one unit a concern (matchflags.go,
// outputflags.go, contextflags.go, binaryflags.go, colorflags.go,
// selectflags.go, ignoreflags.go, walkflags.go, ioflags.go,
// inputflags.go, help.go).

import (
	"errors"

	"github.com/spf13/pflag"

	"urg/index/listing"
	"urg/internal/storage"
	"urg/match"
	"urg/printer"
	"urg/sched"
	"urg/search"
	"urg/transcode"
	"urg/walk"
	"urg/worker"
)

// options is the parsed command line.
type options struct {
	patterns     []string
	origins      []origin // where each pattern came from
	paths        []string
	stdinDefault bool // no path given and stdin is searched
	stdinClosed  bool // stdin was closed when urg started
	match        match.Options
	invert       bool
	mode         printer.Mode
	quiet        bool
	lineNumber   bool
	includeZero  bool // --include-zero
	// --stop-on-nonmatch
	stopOnNonmatch bool
	// --field-match-separator and --field-context-separator, unescaped
	fieldMatchSep, fieldContextSep string
	byteOffset                     bool
	onlyMatching                   bool
	filename                       int // +1 -H, -1 -h, 0 grep's default
	maxCount                       int // -1: no limit
	noMessages                     bool
	before                         int
	after                          int
	contextSet                     bool   // -A, -B or -C given, even as 0: grep then sets groups apart with "--"
	groupSep                       string // --group-separator
	noGroupSep                     bool   // --no-group-separator, unless --group-separator came later
	null                           bool
	walk                           walk.Options
	sel                            selectFlags // -t, -g, --max-filesize, --exclude-from, -d, -D: selectflags.go
	ign                            ignoreFlags // --ignore, -u, --no-ignore-vcs, --hidden, ...: ignoreflags.go
	binary                         search.Binary
	color                          string
	threads                        int
	sorted                         bool       // output in the walk's order
	order                          walk.Order // --sort or --sortr by a time, or reversed
	io                             string
	engine                         sched.Engine // what --io names
	cacheName                      string       // --cache
	cache                          sched.Cache  // what --cache names
	queueDepth                     int
	mapChunk                       int
	lowMemory                      bool
	searchZip                      bool
	crlf                           bool     // --crlf
	colorSpecs                     []string // --colors
	hyperlinkFormat                string   // --hyperlink-format
	hyperlink                      *printer.Hyperlink
	preCommand                     string         // --pre, "" for none
	preGlobs                       []string       // --pre-glob
	pre                            *worker.Pre    // what they say
	encodingName                   string         // --encoding, "" when not given
	encoding                       transcode.Mode // what it names
	stats                          bool
	help                           bool
	version                        bool
	files                          bool // --files: list the files that would be searched
	json                           bool // --json: ripgrep's JSON messages
	generate                       string
	heading                        bool // --heading: file names above their lines
	lineBuffered                   bool // --line-buffered: each line written out at once
	shape                          shapeFlags
	label                          string // --label: standard input's name
	nullData                       bool   // -z: NUL-ended lines
	multiline                      bool   // --multiline
	filesFrom                      string // --files-from
	shardSpec                      string // --shard K/N
	shard                          walk.Shard
	noConfig                       bool              // --no-config (read before parsing, in configArgs)
	index                          indexFlags        // --index, --index-update, --index-dir: indexflags.go
	indexWhy                       string            // why --index could not serve the search, for --stats
	indexUsed                      *indexUse         // what --index found, for --stats
	indexLists                     *listing.Listings // the listings --index walked with, for --stats
	// tuned: -j or --queue-depth was given, so the storage does not
	// choose them.
	tuned   bool
	storage storage.Info // the device under the paths, once config looked
	env     environ      // the environment, read once as the command starts
}

// rawFlags are flags that need checking before they mean something:
// each unit's applier reads its own (the input unit -e, -f, -r and -R,
// the match unit the syntax, case and --unicode, ...).
type rawFlags struct {
	sources          []patternSource // -e and -f, in the order given
	perl, extended   bool
	basic            bool // -G
	count            int  // countLines or countMatches: the later wins
	unicode          int  // -1 for --no-unicode, +1 for --unicode: the later wins
	caseMode         int  // caseSensitive, caseIgnore or caseSmart: the later wins
	list             int  // +1 -l, -1 -L: the later wins
	context          int
	text, noBinary   bool
	binaryFiles      string
	sort             sortOrder // --sort or --sortr, the later given
	mapChunk         string
	recursive, deref bool
	dosBinary        bool
}

// flagUnit is the flags of one concern: define adds them to a FlagSet,
// with their names, documentation and defaults; apply, once the command
// line is parsed, checks them and sets what they mean. It checks only
// its own flags; it may read what an earlier unit set.
type flagUnit struct {
	name   string
	define func(fs *pflag.FlagSet, o *options, r *rawFlags)
	apply  func(o *options, fs *pflag.FlagSet, r *rawFlags) error
}

// flagUnits is every unit, in the order they are applied: of two
// errors, the earlier unit's is the one reported. The selection's come
// before --help's stop (urg --help -t nope fails, as it always did), the
// patterns and paths before the units that read them.
func flagUnits() []flagUnit {
	return []flagUnit{
		selectUnit(), helpUnit(), inputUnit(), ignoreUnit(), matchUnit(),
		contextUnit(), binaryUnit(), colorUnit(), preUnit(), looksUnit(),
		encodingUnit(), ioUnit(), modeUnit(), lineUnit(), linesUnit(),
		walkUnit(), jsonUnit(), indexUnit(),
	}
}

// flagSet defines every flag once, each in its unit, and lists them in
// helpOrder: --help, the man page and the completions are printed from
// it.
func flagSet(o *options) (*pflag.FlagSet, *rawFlags) {
	r := &rawFlags{}
	defs := pflag.NewFlagSet("urg", pflag.ContinueOnError)
	for _, u := range flagUnits() {
		u.define(defs, o, r)
	}
	fs := pflag.NewFlagSet("urg", pflag.ContinueOnError)
	fs.SortFlags = false
	fs.SetOutput(discard{})
	for _, name := range helpOrder() {
		fs.AddFlag(defs.Lookup(name))
	}
	return fs, r
}

// parseArgs parses the command line and runs each unit's applier; env
// is the environment, read once.
func parseArgs(args []string, env environ) (*options, error) {
	o := &options{env: env}
	fs, r := flagSet(o)
	args, err := getoptArgs(fs, args)
	if err != nil {
		return nil, err
	}
	if err := fs.ParseAll(args, o.sel.inOrder(fs)); err != nil {
		return nil, err
	}
	for _, u := range flagUnits() {
		switch err := u.apply(o, fs, r); {
		case errors.Is(err, errNoSearch):
			return o, nil
		case err != nil:
			return nil, err
		}
	}
	return o, nil
}

// plainError is an error whose one line says all: it is printed without
// the usage lines after it.
type plainError struct{ err error }

func (e plainError) Error() string { return e.err.Error() }
func (e plainError) Unwrap() error { return e.err }

// isPlain says whether err is a plainError.
func isPlain(err error) bool {
	var p plainError
	return errors.As(err, &p)
}
