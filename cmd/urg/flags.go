package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"urg/internal/size"
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
	noConfig                       bool // --no-config (read before parsing, in configArgs)
	// tuned: -j or --queue-depth was given, so the storage does not
	// choose them.
	tuned   bool
	storage storage.Info // the device under the paths, once config looked
}

// flagSet defines every flag once; --help is printed from it.
func flagSet(o *options) (*pflag.FlagSet, *rawFlags) {
	r := &rawFlags{}
	fs := pflag.NewFlagSet("urg", pflag.ContinueOnError)
	fs.SortFlags = false
	fs.SetOutput(discard{})
	fs.VarP(patternList{&r.sources, false}, "regexp", "e", "use `PATTERN` for matching (repeatable: a line matching any is selected)")
	fs.VarP(patternList{&r.sources, true}, "file", "f", "take patterns from `FILE`, one per line")
	fs.BoolVarP(&o.match.Fixed, "fixed-strings", "F", false, "patterns are literal strings")
	fs.BoolVarP(&r.perl, "perl-regexp", "P", false, "patterns are Perl-compatible regular expressions (the default)")
	fs.BoolVarP(&r.extended, "extended-regexp", "E", false, "patterns are POSIX extended regular expressions, as grep -E reads them")
	fs.BoolVarP(&r.basic, "basic-regexp", "G", false, "patterns are POSIX basic regular expressions, as grep -G reads them")
	choiceVar(fs, &r.caseMode, caseIgnore, "ignore-case", "i", "ignore case distinctions")
	fs.BoolVarP(&o.match.Word, "word-regexp", "w", false, "match only whole words")
	fs.BoolVarP(&o.match.Line, "line-regexp", "x", false, "match only whole lines")
	fs.BoolVarP(&o.invert, "invert-match", "v", false, "select non-matching lines")
	choiceVar(fs, &r.caseMode, caseIgnore, "y", "y", "same as -i (grep's obsolete spelling)")
	choiceVar(fs, &r.caseMode, caseSmart, "smart-case", "S", "ignore case unless a pattern has an upper-case letter (rg -S)")
	choiceVar(fs, &r.caseMode, caseSensitive, "no-ignore-case", "", "match case, undoing an earlier -i, -y or -S")
	choiceVar(fs, &r.unicode, -1, "no-unicode", "", "read the patterns and text as bytes, with ASCII's classes, whatever the locale (rg --no-unicode)")
	choiceVar(fs, &r.unicode, +1, "unicode", "", "read them as the locale says, undoing an earlier --no-unicode")
	choiceVar(fs, &r.count, countLines, "count", "c", "print only a count of selected lines per file")
	choiceVar(fs, &r.count, countMatches, "count-matches", "", "print only a count of matches per file, for files that have one (rg --count-matches)")
	fs.BoolVar(&o.includeZero, "include-zero", false, "with --count-matches, print the count of a file with no match too, as -c does (rg --include-zero)")
	choiceVar(fs, &r.list, +1, "files-with-matches", "l", "print only names of files with selected lines")
	choiceVar(fs, &r.list, -1, "files-without-match", "L", "print only names of files with no selected lines")
	fs.BoolVarP(&o.onlyMatching, "only-matching", "o", false, "print only the matched parts of lines")
	fs.BoolVarP(&o.lineNumber, "line-number", "n", false, "print line numbers")
	fs.VarPF(off{&o.lineNumber}, "no-line-number", "N", "do not print line numbers, undoing an earlier -n (rg -N)").NoOptDefVal = "true"
	fs.BoolVarP(&o.byteOffset, "byte-offset", "b", false, "print the byte offset of each line (of each match with -o)")
	choiceVar(fs, &o.filename, +1, "with-filename", "H", "print the file name for each match")
	choiceVar(fs, &o.filename, -1, "no-filename", "h", "never print file names")
	fs.IntVarP(&o.maxCount, "max-count", "m", -1, "stop reading a file after `NUM` selected lines")
	fs.BoolVar(&o.stopOnNonmatch, "stop-on-nonmatch", false, "stop reading a file at the first line that does not match after one that does (rg --stop-on-nonmatch)")
	fs.BoolVarP(&o.quiet, "quiet", "q", false, "print nothing; exit 0 at the first selected line")
	fs.BoolVar(&o.quiet, "silent", false, "same as --quiet")
	fs.BoolVarP(&o.noMessages, "no-messages", "s", false, "suppress messages about unreadable files")
	fs.IntVarP(&o.after, "after-context", "A", 0, "print `NUM` lines of trailing context")
	fs.IntVarP(&o.before, "before-context", "B", 0, "print `NUM` lines of leading context")
	fs.IntVarP(&r.context, "context", "C", 0, "print `NUM` lines of context on both sides (-NUM is the same); -A and -B override it")
	o.groupSep = "--" // grep's
	fs.Var(groupSep{&o.groupSep, &o.noGroupSep, false}, "group-separator", "print `SEP` on a line of its own between groups of context")
	fs.BoolVar(&o.noGroupSep, "no-group-separator", false, "print nothing between groups of context")
	fs.Var(groupSep{&o.groupSep, &o.noGroupSep, true}, "context-separator", "as --group-separator, with ripgrep's escapes in `SEP` (\\t, \\n, \\xHH, ...) (rg --context-separator)")
	fs.Var(escapedString{&o.fieldMatchSep}, "field-match-separator", "print `SEP` after the path and numbers of a selected line in place of ':', with ripgrep's escapes (rg --field-match-separator)")
	fs.Var(escapedString{&o.fieldContextSep}, "field-context-separator", "print `SEP` after those of a context line in place of '-', with ripgrep's escapes (rg --field-context-separator)")
	fs.BoolVar(&o.noGroupSep, "no-context-separator", false, "same as --no-group-separator (rg --no-context-separator)")
	fs.BoolVarP(&o.null, "null", "Z", false, "print a NUL byte after file names")
	fs.BoolVarP(&o.nullData, "null-data", "z", false, "lines end in NUL bytes, in the input and the lines printed, as grep -z (ripgrep's -z is --search-zip here)")
	fs.BoolVar(&o.match.DotAll, "multiline-dotall", false, "with --multiline, let '.' match a newline, as (?s) does (rg --multiline-dotall)")
	fs.BoolVar(&o.multiline, "multiline", false, "let a match span lines, whose lines are then printed whole; (?s) lets '.' match a newline (rg -U; a match longer than 4 MiB may be missed)")
	fs.BoolVarP(&r.dosBinary, "binary", "U", false, "accepted for habit: grep's DOS binary mode, which does nothing on POSIX systems (ripgrep's -U is --multiline here)")
	fs.VarPF(off{&o.heading}, "no-heading", "", "print the file name on each line, undoing an earlier --heading or -p (rg --no-heading)").NoOptDefVal = "true"
	fs.VarPF(pretty{o}, "pretty", "p", "colour always, a heading and line numbers (rg -p)").NoOptDefVal = "true"
	fs.BoolVar(&o.heading, "heading", false, "print each file's name once, above its lines, and a blank line between files (ripgrep's layout)")
	fs.BoolVar(&o.lineBuffered, "line-buffered", false, "write each line out as soon as it is found (on a terminal, standard input's lines are by default), for streams such as tail -f piped on")
	fs.BoolVar(&o.shape.column, "column", false, "print the column (1-based, in bytes) of a line's first match after its number, of each match with -o; implies -n (rg --column)")
	fs.BoolVar(&o.shape.vimgrep, "vimgrep", false, "print a line for every match, as PATH:LINE:COLUMN:TEXT (rg --vimgrep)")
	fs.Var(optString{&o.shape.replace}, "replace", "print `TEXT` in place of each match: $1, ${1}, $name and ${name} are its groups, $0 all of it, $$ a $ (rg -r; -r is grep's recursive here)")
	fs.IntVarP(&o.shape.maxColumns, "max-columns", "M", 0, "print ripgrep's omission line in place of lines longer than `NUM` bytes")
	fs.BoolVar(&o.shape.maxColumnsPreview, "max-columns-preview", false, "with --max-columns, print a long line's first NUM characters and what was left out, in place of the omission line (rg --max-columns-preview)")
	fs.VarPF(off{&o.shape.maxColumnsPreview}, "no-max-columns-preview", "", "undo an earlier --max-columns-preview").NoOptDefVal = "true"
	fs.BoolVar(&o.shape.passthru, "passthru", false, "print every line, the selected ones and the rest as context (rg --passthru)")
	fs.BoolVar(&o.shape.trim, "trim", false, "print lines without their leading ASCII white space (rg --trim)")
	fs.BoolVarP(&o.shape.initialTab, "initial-tab", "T", false, "put a tab before each line's text and pad numbers, as grep -T (ripgrep's -T is --type-not here)")
	fs.StringVar(&o.label, "label", "", "name standard input `LABEL` in the output")
	fs.BoolVar(&o.json, "json", false, "print ripgrep's JSON messages (begin, match, context, end, summary), one per line")
	fs.BoolVar(&o.files, "files", false, "list the files that would be searched, without searching them (no pattern)")
	fs.Var(globList{&o.walk.Files, true}, "include", "search only files whose name matches `GLOB` (of several --include and --exclude, the last that matches decides)")
	fs.Var(globList{&o.walk.Files, false}, "exclude", "skip files whose name matches `GLOB`")
	fs.StringArrayVar(&o.walk.ExcludeDir, "exclude-dir", nil, "skip directories whose name matches `GLOB`")
	defineIgnoreFlags(fs, &o.ign)
	fs.IntVar(&o.walk.MaxDepth, "max-depth", -1, "descend at most `NUM` directories below each path")
	fs.VarP(typeFlag{&o.sel.types, typeSelect}, "type", "t", "of the files met while walking, search only those of type `NAME` (ripgrep's types, listed by --type-list; repeatable)")
	fs.Var(typeFlag{&o.sel.types, typeNegate}, "type-not", "skip files of type `NAME` (ripgrep's -T; long only, since -T is grep's --initial-tab)")
	fs.Var(typeFlag{&o.sel.types, typeAdd}, "type-add", "add the globs of `NAME:GLOB,...` to type NAME, new or built in (NAME:include:TYPE,... adds those of other types)")
	fs.Var(typeFlag{&o.sel.types, typeClear}, "type-clear", "drop type `NAME` and its globs, built in or added before; a later --type-add defines it anew (rg --type-clear)")
	fs.BoolVar(&o.sel.typeList, "type-list", false, "print the file types and their globs, then exit")
	fs.StringArrayVarP(&o.sel.globs, "glob", "g", nil, "search only the files whose path below the operand matches `GLOB` (gitignore's syntax, ** included; a glob without a slash matches the name), or skip what !GLOB matches; of several, the last that matches decides")
	fs.StringArrayVar(&o.sel.iglobs, "iglob", nil, "as --glob, ignoring case (`GLOB`)")
	fs.BoolVar(&o.sel.globCase, "glob-case-insensitive", false, "take every --glob as --iglob (rg --glob-case-insensitive)")
	fs.StringVar(&o.sel.maxFilesize, "max-filesize", "", "skip the files met while walking that are larger than `SIZE` (suffixes K, M, G)")
	fs.Var(excludeFrom{&o.walk.Files, &o.sel.excludeFrom}, "exclude-from", "skip files whose name matches any glob read from `FILE`, one per line (as --exclude)")
	fs.VarP(action{&o.sel.directories, []string{"read", "recurse", "skip"}, true, "recurse"}, "directories", "d", "do `ACTION` with directory operands: recurse, skip, or read (which fails, as in grep: Is a directory)")
	fs.VarP(action{&o.sel.devices, []string{"read", "skip"}, false, ""}, "devices", "D", "do `ACTION` with FIFOs, sockets and devices: read, or skip (by default those named as paths are read, those met while walking skipped)")
	fs.BoolVarP(&r.text, "text", "a", false, "search binary files as text")
	fs.BoolVarP(&r.noBinary, "binary-without-match", "I", false, "take binary files as holding no match")
	fs.StringVar(&r.binaryFiles, "binary-files", "binary", "`TYPE` of binary files: binary, text or without-match")
	fs.StringVar(&o.color, "color", "auto", "colour matches `WHEN`: never, always or auto (on a terminal)")
	fs.Lookup("color").NoOptDefVal = "auto"
	fs.StringArrayVar(&o.colorSpecs, "colors", nil, "colour a part as `SPEC` says, in ripgrep's words: TYPE:fg:COLOUR, TYPE:bg:COLOUR, TYPE:style:STYLE or TYPE:none, where TYPE is path, line, column, match or highlight (the rest of a matching line), COLOUR a name, 0-255 or R,G,B, and STYLE bold, nobold, intense, nointense, underline, nounderline, italic or noitalic; the parts not named keep grep's colours (rg --colors)")
	fs.StringVar(&o.hyperlinkFormat, "hyperlink-format", "", "write file names as terminal hyperlinks (where colours are written) to the URL `FORMAT` spells with {path} (absolute), {host}, {line}, {column} and {wslprefix}, or one of ripgrep's aliases: default, none, file, grep+, kitty, macvim, textmate, vscode, vscode-insiders, vscodium, cursor (rg --hyperlink-format)")
	fs.StringVar(&o.color, "colour", "auto", "same as --color (`WHEN`)")
	fs.Lookup("colour").NoOptDefVal = "auto"
	fs.BoolVarP(&r.recursive, "recursive", "r", false, "accepted for habit: directories are always searched recursively")
	fs.BoolVarP(&r.deref, "dereference-recursive", "R", false, "recursive, following symbolic links")
	fs.BoolVar(&o.walk.Follow, "follow", false, "follow symbolic links met while walking")
	fs.IntVarP(&o.threads, "threads", "j", 0, "search `NUM` files at once (default: the number of cores)")
	r.sort.key = "none"
	fs.Var(sortFlag{&r.sort, false}, "sort", "print files in `ORDER`: path (streamed as the walk finds them), modified, accessed or created (once every file is found; unknown times last), or none (as they finish); the search stays parallel")
	fs.Var(sortFlag{&r.sort, true}, "sortr", "as --sort, from last to first (`ORDER`)")
	fs.BoolVar(&o.stats, "stats", false, "print statistics to stderr at the end")
	fs.StringVar(&o.io, "io", "auto", "how files are read (`ENGINE`): auto (files the caches hold read at once without blocking, the rest through io_uring where the kernel gives it, else pread; files of 1 MiB or more mapped), uring, pread (never a map), mmap (every file mapped) or direct (files of 1 MiB or more read around the page cache by io_uring; auto does so for a file not cached that is larger than half the memory, or of 1 GiB or more with a costly pattern)")
	fs.StringVar(&r.mapChunk, "mmap-chunk", "256M", "map large files `SIZE` bytes at a time (suffixes K, M, G)")
	fs.BoolVar(&o.lowMemory, "low-memory", false, "halve the map chunk, for short address spaces")
	fs.StringVar(&o.encodingName, "encoding", "", "read files in `ENCODING` (a WHATWG label: utf-16le, latin1, sjis...), transcoded to UTF-8; auto heeds a UTF-8 or UTF-16 byte order mark, which overrides any other, and none reads bytes as they are (default: files that start with a UTF-16 mark are read as UTF-16, the rest as they are) (rg --encoding; -E is grep's here)")
	fs.VarPF(resetString{&o.encodingName, "auto"}, "no-encoding", "", "--encoding=auto, undoing an earlier --encoding (rg --no-encoding)").NoOptDefVal = "true"
	fs.StringVar(&o.preCommand, "pre", "", "search the standard output of `COMMAND` PATH, run with the file on its standard input, in place of each file (not standard input); an empty COMMAND runs none (rg --pre)")
	fs.VarPF(resetString{&o.preCommand, ""}, "no-pre", "", "undo an earlier --pre").NoOptDefVal = "true"
	fs.StringArrayVar(&o.preGlobs, "pre-glob", nil, "run --pre's COMMAND only for files whose path matches `GLOB` (as -g's); of several, any (rg --pre-glob)")
	fs.BoolVar(&o.crlf, "crlf", false, "match a line that ends in CRLF as if it ended in LF: $ matches before the CR, '.' does not match it; the line printed keeps it (rg --crlf)")
	fs.VarPF(off{&o.crlf}, "no-crlf", "", "undo an earlier --crlf").NoOptDefVal = "true"
	fs.BoolVar(&o.searchZip, "search-zip", false, "search inside gzip, bzip2, xz, lzma, zstd, lz4 and compress (.Z) files, recognised by their first bytes, as rg -z does (not standard input)")
	fs.StringVar(&o.cacheName, "cache", "auto", "what the search leaves in the page cache (`POLICY`): keep (read through it, as grep and rg do), drop (leave no new pages: RWF_DONTCACHE reads where the file system takes them, else POSIX_FADV_DONTNEED once a file is read; no maps) or auto (keep until an eighth of the available memory has been read, then drop)")
	fs.IntVar(&o.queueDepth, "queue-depth", sched.DefaultQueueDepth, "files each io_uring ring keeps in flight (`NUM`); lower it on shared or network storage (on a spinning disk the default is 4, with one reader)")
	fs.StringVar(&o.generate, "generate", "", "print `WHAT` and exit: man (the man page, roff), complete-bash, complete-zsh or complete-fish")
	fs.StringVar(&o.filesFrom, "files-from", "", "search the files listed in `FILE` (- for standard input), one per line, or NUL-separated with --null")
	fs.StringVar(&o.shardSpec, "shard", "", "search only the files of shard `K/N`: a stable hash of each path below its root picks one of N shards (see docs/scale.md)")
	fs.BoolVar(&o.noConfig, "no-config", false, "ignore the file of default flags that URG_CONFIG_PATH names")
	fs.BoolVar(&o.help, "help", false, "print this help")
	fs.BoolVarP(&o.version, "version", "V", false, "print the version")
	return fs, r
}

// rawFlags are flags that need checking before they mean something.
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

// choice is a flag that sets *dst to val: of the flags that share dst,
// the one given last wins, as with grep's -h and -H.
type choice struct {
	dst *int
	val int
}

// sortOrder is what --sort and --sortr say: the later given wins.
type sortOrder struct {
	key     string
	reverse bool
}

// sortFlag is --sort (reverse false) or --sortr.
type sortFlag struct {
	dst     *sortOrder
	reverse bool
}

func (f sortFlag) String() string { return f.dst.key }
func (f sortFlag) Type() string   { return "string" }
func (f sortFlag) Set(s string) error {
	switch s {
	case "path", "modified", "accessed", "created", "none":
		f.dst.key, f.dst.reverse = s, f.reverse
		return nil
	}
	return errors.New("want path, modified, accessed, created or none")
}

// resetString is a flag that sets back a string another sets
// (--no-encoding for --encoding): of the two, the later given wins.
type resetString struct {
	dst *string
	to  string
}

func (f resetString) String() string { return strconv.FormatBool(*f.dst == f.to) }
func (f resetString) Type() string   { return "bool" }
func (f resetString) Set(s string) error {
	on, err := strconv.ParseBool(s)
	if err == nil && on {
		*f.dst = f.to
	}
	return err
}

// choiceVar defines a choice as a flag without a value.
// off is a flag that clears a bool another sets (-N for -n): of the
// two, the later given wins.
type off struct{ dst *bool }

func (f off) String() string { return strconv.FormatBool(!*f.dst) }
func (f off) Type() string   { return "bool" }
func (f off) Set(s string) error {
	on, err := strconv.ParseBool(s)
	if err == nil && on {
		*f.dst = false
	}
	return err
}

func choiceVar(fs *pflag.FlagSet, dst *int, val int, name, short, usage string) {
	fs.VarPF(choice{dst, val}, name, short, usage).NoOptDefVal = "true"
}

func (c choice) String() string { return strconv.FormatBool(*c.dst == c.val) }
func (c choice) Type() string   { return "bool" }
func (c choice) Set(s string) error {
	on, err := strconv.ParseBool(s)
	switch {
	case err != nil:
		return err
	case on:
		*c.dst = c.val
	case *c.dst == c.val:
		*c.dst = 0
	}
	return nil
}

// patternSource is one -e PATTERN, or one -f FILE (file).
type patternSource struct {
	arg  string
	file bool
}

// patternList adds each -e and -f to one list, so that patterns keep the
// order they were given in, as grep's do.
type patternList struct {
	dst  *[]patternSource
	file bool
}

func (l patternList) String() string { return "[]" }
func (l patternList) Type() string   { return "stringArray" }
func (l patternList) Set(s string) error {
	*l.dst = append(*l.dst, patternSource{s, l.file})
	return nil
}

// groupSep is --group-separator; it clears --no-group-separator, so that
// the later of the two wins.
type groupSep struct {
	sep     *string
	none    *bool
	escaped bool // ripgrep's spelling: escapes are read (--context-separator)
}

func (g groupSep) String() string { return *g.sep }
func (g groupSep) Type() string   { return "string" }
func (g groupSep) Set(s string) error {
	if g.escaped {
		s = unescape(s)
	}
	*g.sep, *g.none = s, false
	return nil
}

// unescape reads ripgrep's escapes in s, as its separators take them:
// \t, \n, \r, \0, \\ and \xHH; any other backslash stands for itself.
func unescape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			b.WriteByte(c)
			continue
		}
		switch s[i+1] {
		case 't':
			c = '\t'
		case 'n':
			c = '\n'
		case 'r':
			c = '\r'
		case '0':
			c = 0
		case '\\':
		case 'x':
			if v, err := strconv.ParseUint(s[i+2:min(i+4, len(s))], 16, 8); err == nil && i+4 <= len(s) {
				b.WriteByte(byte(v))
				i += 3
				continue
			}
			b.WriteByte(c)
			continue
		default:
			b.WriteByte(c)
			continue
		}
		b.WriteByte(c)
		i++
	}
	return b.String()
}

// escapedString is a string flag whose value has ripgrep's escapes read.
type escapedString struct{ dst *string }

func (e escapedString) String() string { return *e.dst }
func (e escapedString) Type() string   { return "string" }
func (e escapedString) Set(s string) error {
	*e.dst = unescape(s)
	return nil
}

// pretty is -p: colour always, a heading and line numbers, as rg -p;
// flags after it override each.
type pretty struct{ o *options }

func (p pretty) String() string { return "false" }
func (p pretty) Type() string   { return "bool" }
func (p pretty) Set(s string) error {
	on, err := strconv.ParseBool(s)
	if err == nil && on {
		p.o.color, p.o.heading, p.o.lineNumber = "always", true, true
	}
	return err
}

// globList adds each --include (include) or --exclude to one list, so
// that their order is kept.
type globList struct {
	dst     *[]walk.FileGlob
	include bool
}

func (g globList) String() string { return "[]" }
func (g globList) Type() string   { return "stringArray" }
func (g globList) Set(s string) error {
	*g.dst = append(*g.dst, walk.FileGlob{Glob: s, Include: g.include})
	return nil
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

func parseArgs(args []string) (*options, error) {
	o := &options{}
	fs, r := flagSet(o)
	args, err := getoptArgs(fs, args)
	if err != nil {
		return nil, err
	}
	if err := fs.ParseAll(args, o.sel.inOrder(fs)); err != nil {
		return nil, err
	}
	if err := o.setSelect(r); err != nil {
		return nil, err
	}
	if o.help || o.version || o.generate != "" || o.sel.typeList {
		return o, nil
	}
	rest := fs.Args()
	o.tuned = fs.Changed("threads") || fs.Changed("queue-depth")
	o.contextSet = fs.Changed("after-context") || fs.Changed("before-context") || fs.Changed("context")
	for i, g := range o.walk.ExcludeDir {
		// grep drops a pattern's trailing slashes: --exclude-dir=vendor/
		// skips vendor.
		if t := strings.TrimRight(g, "/"); t != "" {
			o.walk.ExcludeDir[i] = t
		}
	}
	for _, src := range r.sources {
		if !src.file {
			o.patterns, o.origins = append(o.patterns, src.arg), append(o.origins, origin{})
			continue
		}
		ps, err := readPatterns(src.arg)
		if err != nil {
			return nil, err
		}
		// Grown once for the file: grown by append, a list of a hundred
		// thousand words was copied over and over, under the collector's
		// barriers.
		o.patterns, o.origins = slices.Grow(o.patterns, len(ps)), slices.Grow(o.origins, len(ps))
		for i, p := range ps {
			o.patterns, o.origins = append(o.patterns, p), append(o.origins, origin{src.arg, i + 1})
		}
	}
	if len(r.sources) == 0 && !o.files {
		if len(rest) == 0 {
			return nil, errors.New("no pattern given")
		}
		o.patterns, rest = rest[:1], rest[1:]
	}
	o.paths = rest
	if o.filesFrom != "" {
		listed, err := readFileList(o.filesFrom, o.null)
		if err != nil {
			return nil, err
		}
		o.paths = append(o.paths, listed...)
		o.walk.Listed, o.walk.FromList = len(listed), true
	}
	if len(o.paths) == 0 && o.filesFrom == "" && !r.recursive && !r.deref && !o.files && !isTerminal(os.Stdin) {
		o.paths, o.stdinDefault = []string{walk.StdinPath}, true
	}
	if r.deref {
		o.walk.Follow = true
	}
	if err := o.setIgnore(); err != nil {
		return nil, err
	}
	o.match.UTF8 = utf8Locale(os.Getenv) && r.unicode >= 0
	o.match.Collation = collation(os.Getenv)
	if err := o.setModes(fs, r); err != nil {
		return nil, err
	}
	if err := o.applyHabits(r); err != nil {
		return nil, err
	}
	if o.json {
		if o.mode != printer.Lines && o.mode != printer.Quiet {
			return nil, errors.New("--json cannot be used with -c, -l or -L")
		}
		o.lineNumber = true // every match message carries its line number
	}
	return o, nil
}

// setModes checks and applies the flags whose values are words or combine.
func (o *options) setModes(fs *pflag.FlagSet, r *rawFlags) error {
	for _, set := range []func(*pflag.FlagSet, *rawFlags) error{
		o.setSyntaxOf, o.setMode, o.setContext, o.setBinary, o.setColor,
		o.setSort, o.setPre, o.setLooks, o.setEncoding, o.setIO,
	} {
		if err := set(fs, r); err != nil {
			return err
		}
	}
	return nil
}

// setSyntaxOf is setSyntax in the appliers' shape.
func (o *options) setSyntaxOf(fs *pflag.FlagSet, _ *rawFlags) error { return o.setSyntax(fs) }

// setMode is the output's mode: -q, -l, -L, -c, --count-matches.
func (o *options) setMode(_ *pflag.FlagSet, r *rawFlags) error {
	switch {
	case o.quiet:
		o.mode = printer.Quiet
	case r.list > 0:
		o.mode = printer.FilesWithMatches
	case r.list < 0:
		o.mode = printer.FilesWithoutMatch
	case r.count == countLines:
		o.mode = printer.Count
	case r.count == countMatches:
		o.mode = printer.MatchCount
	}
	return nil
}

// setContext is -A, -B and -C's lengths.
func (o *options) setContext(fs *pflag.FlagSet, r *rawFlags) error {
	if r.context > 0 {
		// As grep's -C: the length of each side not given by -A or -B.
		if !fs.Changed("before-context") {
			o.before = r.context
		}
		if !fs.Changed("after-context") {
			o.after = r.context
		}
	}
	if o.before < 0 || o.after < 0 || r.context < 0 {
		return errors.New("context length must be a non-negative number")
	}
	return nil
}

// setBinary is --binary-files, -a and -I: the last two win.
func (o *options) setBinary(_ *pflag.FlagSet, r *rawFlags) error {
	switch r.binaryFiles {
	case "binary":
	case "text":
		o.binary = search.BinaryText
	case "without-match":
		o.binary = search.BinarySkip
	default:
		return fmt.Errorf("invalid argument %q for --binary-files (want binary, text or without-match)", r.binaryFiles)
	}
	if r.text {
		o.binary = search.BinaryText
	}
	if r.noBinary {
		o.binary = search.BinarySkip
	}
	return nil
}

// setColor is --color's choice, its synonyms read as grep reads them.
func (o *options) setColor(_ *pflag.FlagSet, r *rawFlags) error {
	switch o.color {
	case "auto", "always", "never":
	case "tty", "if-tty":
		o.color = "auto"
	case "yes", "force":
		o.color = "always"
	case "no", "none":
		o.color = "never"
	default:
		return fmt.Errorf("invalid argument %q for --color (want never, always or auto)", o.color)
	}
	return nil
}

// setSort is --sort and --sortr.
func (o *options) setSort(_ *pflag.FlagSet, r *rawFlags) error {
	switch r.sort.key {
	case "path":
		o.sorted = true
		if r.sort.reverse {
			o.order = walk.Order{By: walk.SortPath, Reverse: true}
		}
	case "modified":
		o.order = walk.Order{By: walk.SortModified, Reverse: r.sort.reverse}
	case "accessed":
		o.order = walk.Order{By: walk.SortAccessed, Reverse: r.sort.reverse}
	case "created":
		o.order = walk.Order{By: walk.SortCreated, Reverse: r.sort.reverse}
	case "none":
	}
	o.sorted = o.sorted || o.order.By != walk.SortNone
	return nil
}

// setPre is --pre and --pre-glob.
func (o *options) setPre(_ *pflag.FlagSet, r *rawFlags) error {
	if o.preCommand != "" {
		o.pre = &worker.Pre{Command: o.preCommand}
		if len(o.preGlobs) > 0 {
			globs, err := walk.ParseGlobs(o.preGlobs, nil)
			if err != nil {
				return plainError{err}
			}
			o.pre.Globs = globs
		}
	}
	return nil
}

// setLooks is --colors and --hyperlink-format.
func (o *options) setLooks(_ *pflag.FlagSet, r *rawFlags) error {
	if err := new(printer.Colors).ApplyColorSpecs(o.colorSpecs); err != nil {
		return plainError{fmt.Errorf("--colors: %w", err)}
	}
	if o.hyperlinkFormat != "" {
		host, _ := os.Hostname()
		cwd, _ := os.Getwd()
		var err error
		if o.hyperlink, err = printer.ParseHyperlink(o.hyperlinkFormat, host, cwd); err != nil {
			return plainError{err}
		}
	}
	return nil
}

// setEncoding is --encoding.
func (o *options) setEncoding(_ *pflag.FlagSet, r *rawFlags) error {
	o.encoding = transcode.Default()
	if o.encodingName != "" {
		var err error
		if o.encoding, err = transcode.Parse(o.encodingName); err != nil {
			return err
		}
	}
	return nil
}

// setIO is --io, --cache, --mmap-chunk, --queue-depth and -j.
func (o *options) setIO(_ *pflag.FlagSet, r *rawFlags) error {
	var ok bool
	if o.engine, ok = sched.ParseEngine(o.io); !ok {
		return fmt.Errorf("invalid argument %q for --io (want auto, uring, pread, mmap or direct)", o.io)
	}
	if o.cache, ok = sched.ParseCache(o.cacheName); !ok {
		return fmt.Errorf("invalid argument %q for --cache (want auto, keep or drop)", o.cacheName)
	}
	chunk, err := size.Parse(r.mapChunk)
	if err != nil || chunk < 4<<10 || chunk > 1<<40 {
		return fmt.Errorf("invalid argument %q for --mmap-chunk (want a size from 4K to 1T, such as 64M)", r.mapChunk)
	}
	o.mapChunk = int(chunk)
	if o.queueDepth < 1 || o.queueDepth > 4096 {
		return errors.New("--queue-depth must be between 1 and 4096")
	}
	if o.threads < 0 {
		return errors.New("--threads must be a positive number")
	}
	return nil
}

// setSyntax applies -F, -G, -E and -P: at most one of them, as grep
// refuses two ("conflicting matchers specified"); -P, the default, when
// none is given.
func (o *options) setSyntax(fs *pflag.FlagSet) error {
	given := 0
	for _, m := range []struct {
		flag   string
		syntax match.Syntax
	}{{"fixed-strings", match.Perl}, {"basic-regexp", match.Basic}, {"extended-regexp", match.Extended}, {"perl-regexp", match.Perl}} {
		if fs.Lookup(m.flag).Value.String() == "true" {
			given++
			o.match.Syntax = m.syntax
		}
	}
	if given > 1 {
		return errConflictingMatchers
	}
	return nil
}

// errConflictingMatchers is grep's error for two of -F, -G, -E and -P.
var errConflictingMatchers = errors.New("conflicting matchers specified")

// readInput reads the whole of a file a flag names ("-" is standard
// input), for -f, --files-from and --exclude-from; its error names it.
func readInput(name string) ([]byte, error) {
	var data []byte
	var err error
	if name == "-" {
		data, err = io.ReadAll(os.Stdin)
	} else {
		data, err = os.ReadFile(name)
	}
	if err != nil {
		// A file that cannot be read is not a misused command line: no
		// usage hint, as grep gives none for -f.
		return nil, plainError{fmt.Errorf("%s: %s", name, message(err))}
	}
	return data, nil
}

// readPatterns reads -f FILE: one pattern per line; "-" is stdin.
func readPatterns(name string) ([]string, error) {
	data, err := readInput(name)
	if err != nil {
		return nil, err
	}
	s := strings.TrimSuffix(string(data), "\n")
	if len(data) == 0 {
		return nil, nil
	}
	return strings.Split(s, "\n"), nil
}

func usage() string {
	o := &options{}
	fs, _ := flagSet(o)
	return "Usage: urg [OPTION]... PATTERN [PATH]...\n" +
		"Search for PATTERN (Perl syntax, or POSIX's with -E and -G) in each PATH; directories are searched recursively.\n" +
		"With no PATH, search standard input when it is not a terminal, else the current directory.\n\n" +
		flagTable(fs, "  %-32s %s\n") +
		"\nExit status: 0 if a line was selected, 1 if none, 2 if an error occurred (unless -q selected a line).\n"
}

// flagTable renders every flag as a row of format, which takes the flag's
// spelling and its description; help and the README's table come from it.
func flagTable(fs *pflag.FlagSet, format string) string {
	var b strings.Builder
	fs.VisitAll(func(f *pflag.Flag) {
		name, usage := pflag.UnquoteUsage(f)
		spell := "    --" + f.Name
		if f.Shorthand == f.Name {
			spell = "-" + f.Name // -y: grep has no long name for it
		} else if f.Shorthand != "" {
			spell = "-" + f.Shorthand + ", --" + f.Name
		}
		if f.Value.Type() != "bool" {
			spell += "=" + name
		}
		if d := f.DefValue; f.Value.Type() != "bool" && d != "" && d != "0" && d != "-1" && d != "[]" {
			usage += " (default " + d + ")"
		}
		fmt.Fprintf(&b, format, spell, usage)
	})
	return b.String()
}
