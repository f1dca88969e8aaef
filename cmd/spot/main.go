// Command spot is find, in parallel: it walks directory trees on every
// core, fetches file metadata in batches through io_uring (only when a
// primary needs it), and evaluates find's expression for every entry.
//
//	spot [-H|-L|-P] [-j N] [--sort=path] [DIR...] [EXPRESSION]
//
// The expression is find's: primaries (-name, -iname, -path, -regex,
// -type, -size, -uid, -gid, -user, -group, -perm, -newer, -newermt,
// -mtime, -mmin, -empty, -readable, -writable, -executable, -true,
// -false), actions (-print, -print0, -printf, -prune, -exec, -execdir,
// -delete, -quit), operators (!, -not, -a, -and, -o, -or, ( ), ',') and
// global options (-maxdepth, -mindepth, -depth, -regextype, -follow);
// before the DIRs, -P, -H and -L say which symbolic links are followed.
package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"urg/find"
	"urg/internal/wording"
	"urg/walk"
	"urg/walk/ignore"
)

// entry is one option or primary, as help and the man page show it.
type entry struct{ spell, doc string }

// optionTable and primaryTable are spot's command line, defined once for
// its help, its man page and its completions (--generate).
var (
	optionTable = []entry{
		{"-P", "never follow symbolic links (the default): a link is listed as a link"},
		{"-H", "follow the symbolic links named as DIRs, not those met below them"},
		{"-L", "follow every symbolic link: an entry is what it points to (-type l is true of a broken link only), directories reached through links are walked, and a loop is reported"},
		{"-j N", "directories read at once (default 8 per core: a cold tree wants many reads in flight); -n N is the same"},
		{"--sort=path", "print sorted name by name, each directory before its entries (the walk stays parallel)"},
		{"--stat=calls|ring", "stat with one statx call each (calls, the default: faster here) or through io_uring, 64 per submission (ring)"},
		{"--ignore", "filter as ripgrep and urg --ignore do: skip what ignore files name (.rgignore, .ignore, .gitignore, .git/info/exclude, git's global excludes file), hidden entries and .git directories"},
		{"--hidden", "with --ignore, keep hidden entries"},
		{"--no-require-git", "with --ignore, read .gitignore files outside git repositories too"},
		{"--index", "list a root's directories from its index (urg --index-update) while they are as they were; the output is the same"},
		{"--generate=KIND", "print KIND and exit: man (this man page, roff), or complete-bash, complete-zsh, complete-fish (that shell's completion script)"},
		{"--version", "print the version and exit"},
		{"--help", "print this help and exit; -h is the same"},
	}
	primaryTable = []entry{
		{"-name GLOB", "the name matches GLOB (fnmatch: * and ? match a leading dot too)"},
		{"-iname GLOB", "-name, ignoring the case of ASCII letters"},
		{"-path GLOB", "the whole path as printed matches GLOB (* matches / too); -wholename is the same, -ipath and -iwholename ignore case"},
		{"-regex RE", "the whole path matches RE, in emacs's syntax unless -regextype posix-extended says; -iregex ignores case"},
		{"-type f|d|l|p|s|b|c", "the type is one of those (a comma list takes several)"},
		{"-size [+-]N[cwbkMG]", "the size in units (512 bytes unless a suffix says), rounded up, is N, more (+) or less (-)"},
		{"-uid [+-]N", "the owner's user ID is N, more or less"},
		{"-gid [+-]N", "the group ID is N, more or less"},
		{"-user NAME", "the owner is NAME (or that ID)"},
		{"-group NAME", "the group is NAME (or that ID)"},
		{"-perm [-/]MODE", "the permission bits are MODE, hold all of MODE (-), or any of it (/); octal or symbolic"},
		{"-newer FILE", "modified after FILE (a link's own time, unless -H, -L or an earlier -follow says to follow it)"},
		{"-newermt DATE", "modified after DATE (2006-01-02, 2006-01-02 15:04:05, RFC 3339, @SECONDS)"},
		{"-mtime [+-]N", "modified N whole days ago, more or less; -mmin counts minutes"},
		{"-empty", "an empty file or directory"},
		{"-readable", "the user may read it (access(2)); -writable, -executable likewise"},
		{"-true", "always true; -false never"},
		{"-print", "print the path and a newline (what spot does when no action is given)"},
		{"-print0", "print the path and a NUL byte"},
		{"-printf FORMAT", "print FORMAT: %p %f %h %P %H %d %s %m %M %u %g %U %G %y %l %t %T@ %Tk (k as strftime's), widths (%-10p), \\n \\t \\0 \\NNN"},
		{"-prune", "do not walk into this directory (true)"},
		{"-exec CMD ;", "run CMD, {} replaced by the path; true if it exits 0. -exec CMD {} + runs CMD with many paths at once, batches in parallel"},
		{"-execdir CMD ;", "-exec in the entry's directory, {} replaced by ./NAME; also with {} +"},
		{"-delete", "delete the entry, once the walk is done, contents before their directory"},
		{"-quit", "stop at once, after this entry"},
		{"! EXPR, -not EXPR", "true where EXPR is false"},
		{"EXPR [-a] EXPR", "both (-and is the same; side by side they are ANDed)"},
		{"EXPR -o EXPR", "either, the right evaluated only where the left is false (-or is the same)"},
		{"( EXPR )", "grouping"},
		{"EXPR , EXPR", "both evaluated, the right's value taken"},
		{"-maxdepth N", "global: entries at most N levels below a root"},
		{"-mindepth N", "global: entries at least N levels below a root"},
		{"-depth", "global: accepted (spot deletes contents first anyway)"},
		{"-regextype TYPE", "global: emacs (the default) or posix-extended"},
		{"-follow", "global: follow every symbolic link, as -L"},
	}
)

// primaries are the primaries this system has (find.Available): the
// owner primaries are left out where find refuses them.
func primaries() []entry {
	return slices.DeleteFunc(slices.Clone(primaryTable), func(e entry) bool {
		name, _, _ := strings.Cut(e.spell, " ")
		return !find.Available(name)
	})
}

// usage is spot's help.
func usage() string {
	var b strings.Builder
	b.WriteString("usage: spot [-H|-L|-P] [-j N] [--sort=path] [--stat=calls|ring] [--ignore [--hidden]] [--index] [--version] [DIR...] [EXPRESSION]\n")
	for _, e := range optionTable {
		fmt.Fprintf(&b, "  %-22s %s\n", e.spell, e.doc)
	}
	b.WriteString("the expression, as find's (with no action but -prune, -print is added):\n")
	for _, e := range primaries() {
		fmt.Fprintf(&b, "  %-22s %s\n", e.spell, e.doc)
	}
	return b.String()
}

// manPage is spot.1.
func manPage() string {
	esc := strings.NewReplacer(`\`, `\e`, "-", `\-`).Replace
	var b strings.Builder
	b.WriteString(`.TH SPOT 1 "" "spot" "User Commands"
.SH NAME
spot \- find files in parallel
.SH SYNOPSIS
.B spot
[\fB\-H\fR|\fB\-L\fR|\fB\-P\fR] [\fB\-j\fR \fIN\fR] [\fB\-\-sort=path\fR] [\fIDIR\fR]... [\fIEXPRESSION\fR]
.SH DESCRIPTION
spot walks each DIR (\fB.\fR by default) on every core and evaluates find(1)'s
expression for every entry: with no action but \fB\-prune\fR, it prints those
for which it is true. It stats entries only when a primary needs more than
a name and a type. Programs run by \fB\-exec\fR write their output whole,
never interleaved with another's.
.SH OPTIONS
`)
	for _, e := range optionTable {
		fmt.Fprintf(&b, ".TP\n\\fB%s\\fR\n%s\n", esc(e.spell), esc(e.doc))
	}
	b.WriteString(".SH EXPRESSION\n")
	for _, e := range primaries() {
		fmt.Fprintf(&b, ".TP\n\\fB%s\\fR\n%s\n", esc(e.spell), esc(e.doc))
	}
	b.WriteString(".SH EXIT STATUS\n0 when all went well, 1 after any error (as find).\n" +
		".SH LICENSE\nspot is free software under the MIT licence (the file LICENSE).\n" +
		".SH SEE ALSO\n.BR find (1),\n.BR urg (1)\n")
	return b.String()
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is spot with its arguments: 0 when all went well, 1 on any error
// (find's statuses).
func run(args []string, stdout, stderr io.Writer) int {
	var filter filterFlags
	threads, sorted, ring, rest, err := options(args, &filter)
	var gen generateError
	switch {
	case errors.As(err, &gen):
		text, err := generate(gen.kind)
		if err != nil {
			fmt.Fprintf(stderr, "spot: %v\n", err)
			return 1
		}
		fmt.Fprint(stdout, text)
		return 0
	case err == errHelp:
		fmt.Fprint(stdout, usage())
		return 0
	case err == errVersion:
		fmt.Fprintf(stdout, "spot %s\n", version)
		return 0
	}
	if err == nil {
		var e *find.Expr
		if e, err = find.Parse(rest, time.Now()); err == nil {
			fw := walk.FullWalk{MaxDepth: e.MaxDepth, Threads: threads, Stat: e.NeedStat, Ring: ring, MayMatch: e.MayMatch,
				Follow: e.Follow, FollowRoots: e.FollowRoots}
			if filter.index {
				fw.Listings = openListings(e.Roots, stderr)
			}
			if err = filter.set(&fw); err == nil {
				return search(e, fw, sorted, stdout, stderr)
			}
		}
	}
	fmt.Fprintf(stderr, "spot: %v\n", err)
	return 1
}

var (
	errHelp    = errors.New("help")
	errVersion = errors.New("version")
)

// generateError is --generate=KIND, which prints KIND (generate) instead
// of walking.
type generateError struct{ kind string }

func (e generateError) Error() string { return "--generate=" + e.kind }

// version is set by the build (-ldflags -X main.version=...), as urg's.
var version = "0.1.0-dev"

// options takes spot's own options out of args, wherever they are: -j N
// (grab's -n N), --sort=path, --stat, and the filter's into filter.
func options(args []string, filter *filterFlags) (threads int, sorted, ring bool, rest []string, err error) {
	threads = threadsPerCore * runtime.NumCPU()
	fail := func(format string, a ...any) (int, bool, bool, []string, error) {
		return 0, false, false, nil, fmt.Errorf(format, a...)
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "-exec" || a == "-execdir" {
			// A program's arguments are its own, up to ';' or {} +.
			j := i + 1
			for j < len(args) && args[j] != ";" && !(args[j] == "+" && args[j-1] == "{}") {
				j++
			}
			j = min(j, len(args)-1)
			rest = append(rest, args[i:j+1]...)
			i = j
			continue
		}
		switch {
		case a == "--version":
			return 0, false, false, nil, errVersion
		case a == "-h" || a == "--help":
			return 0, false, false, nil, errHelp
		case a == "--sort=path":
			sorted = true
		case a == "--generate" || strings.HasPrefix(a, "--generate="):
			kind, ok := strings.CutPrefix(a, "--generate=")
			if !ok {
				if i+1 >= len(args) {
					return fail("missing argument to `%s'", a)
				}
				kind = args[i+1]
			}
			return 0, false, false, nil, generateError{kind}
		case strings.HasPrefix(a, "--sort"):
			return fail("%s: only --sort=path is known", a)
		case a == "--ignore":
			filter.ignore = true
		case a == "--hidden":
			filter.hidden = true
		case a == "--no-require-git":
			filter.noRequireGit = true
		case a == "--index":
			filter.index = true
		case a == "--stat=ring" || a == "--stat=calls":
			ring = a == "--stat=ring"
		case strings.HasPrefix(a, "--stat"):
			return fail("%s: --stat=calls or --stat=ring", a)
		case a == "-j" || a == "-n" || strings.HasPrefix(a, "-j") && len(a) > 2 && a[2] >= '0' && a[2] <= '9':
			v := strings.TrimPrefix(a, "-j")
			if len(a) <= 2 {
				if i+1 >= len(args) {
					return fail("missing argument to `%s'", a)
				}
				i++
				v = args[i]
			}
			if threads, err = strconv.Atoi(v); err != nil || threads < 1 {
				return fail("%s %s: not a number of cores", a, v)
			}
		default:
			rest = append(rest, a)
		}
	}
	return threads, sorted, ring, rest, nil
}

// threadsPerCore is how many directories each core reads at once by
// default. Warm it changes nothing; cold, a disk that answers in a
// fraction of a millisecond wants many requests in flight, and more
// readers per core measured faster up to about this many (see
// docs/decisions.md#threadspercore-8-walkers-per-core-cmdspotmaingo).
const threadsPerCore = 8

// search evaluates e for every entry under its roots, writing each
// entry's output whole as it is found or, sorted, at the end in the
// walk's order of names.
func search(e *find.Expr, fw walk.FullWalk, sorted bool, stdout, stderr io.Writer) int {
	out := bufio.NewWriterSize(stdout, 64<<10)
	var (
		mu      sync.Mutex
		failed  bool
		quit    bool
		outErr  error
		matched []pathOut
	)
	write := func(b []byte) {
		mu.Lock()
		defer mu.Unlock()
		if outErr == nil {
			_, outErr = out.Write(b)
		}
	}
	writeErr := func(b []byte) {
		mu.Lock()
		defer mu.Unlock()
		out.Flush() // what was printed before the message goes first
		stderr.Write(b)
	}
	errf := func(format string, a ...any) {
		writeErr([]byte("spot: " + fmt.Sprintf(format, a...) + "\n"))
	}
	run := e.NewRun(write, writeErr, errf)
	emit := func(n *walk.Node) bool {
		if n.StatErr != nil {
			mu.Lock()
			failed = true
			mu.Unlock()
			errf("%s: %v", n.Path(), reason(n.StatErr))
		}
		mu.Lock()
		stopped := quit
		mu.Unlock()
		if stopped {
			return false
		}
		b, prune, q := run.Eval(n)
		n.Prune = prune
		mu.Lock()
		defer mu.Unlock()
		if quit {
			return false // another entry quit while this one was evaluated
		}
		quit = q
		if len(b) > 0 {
			if sorted {
				matched = append(matched, pathOut{n.Path(), b})
			} else if outErr == nil {
				_, outErr = out.Write(b)
			}
		}
		return outErr == nil && !quit
	}
	report := func(path string, err error) {
		mu.Lock()
		failed = true
		mu.Unlock()
		var loop *walk.LoopError
		if errors.As(err, &loop) {
			// find's words, which name the directory above too.
			errf("File system loop detected; '%s' is part of the same file system loop as '%s'.", loop.Path, loop.Ancestor)
			return
		}
		errf("%s: %v", path, reason(err))
	}
	walk.All(e.Roots, fw, emit, report)
	run.Finish()
	if sorted {
		outErr = writeSorted(out, matched, outErr)
	}
	return exitStatus(out, outErr, failed || run.Failed(), stderr)
}

// writeSorted writes the entries' output held for --sort=path in path
// order, and returns the error of the last write (outErr when there is
// none to write).
func writeSorted(out io.Writer, matched []pathOut, outErr error) error {
	slices.SortFunc(matched, func(a, b pathOut) int { return comparePaths(a.path, b.path) })
	for _, m := range matched {
		if _, outErr = out.Write(m.out); outErr != nil {
			break
		}
	}
	return outErr
}

// exitStatus flushes out and is spot's exit status: 1 when a write
// failed (but for a closed pipe, which ends the run quietly) or an entry
// did, else 0.
func exitStatus(out *bufio.Writer, outErr error, failed bool, stderr io.Writer) int {
	if err := out.Flush(); outErr == nil {
		outErr = err
	}
	if outErr != nil && !errors.Is(outErr, os.ErrClosed) && !isPipe(outErr) {
		fmt.Fprintf(stderr, "spot: write error: %v\n", reason(outErr))
		return 1
	}
	if failed {
		return 1
	}
	return 0
}

// pathOut is an entry's output, held for --sort=path.
type pathOut struct {
	path string
	out  []byte
}

// comparePaths orders paths as a sorted walk meets them: name by name,
// so that a directory's entries come right after it.
func comparePaths(a, b string) int {
	for {
		i, j := strings.IndexByte(a, '/'), strings.IndexByte(b, '/')
		ha, hb := a, b
		if i >= 0 {
			ha = a[:i]
		}
		if j >= 0 {
			hb = b[:j]
		}
		if c := strings.Compare(ha, hb); c != 0 || i < 0 || j < 0 {
			if c == 0 {
				return i - j // the shorter, the parent, first
			}
			return c
		}
		a, b = a[i+1:], b[j+1:]
	}
}

// reason is an error without the path that spot prints before it, in
// the system's words capitalised, as find prints them.
func reason(err error) string { return wording.Of(err) }

// filterFlags are spot's --ignore, --hidden and --no-require-git, and
// --index, which changes how the walk lists, not what.
type filterFlags struct {
	ignore, hidden, noRequireGit bool
	index                        bool
}

// set sets the walk's filter from the flags: ripgrep's default filtering
// under --ignore, as urg --ignore sets it.
func (f *filterFlags) set(fw *walk.FullWalk) error {
	if !f.ignore {
		return nil
	}
	cwd, _ := os.Getwd()
	r := ignore.Defaults(os.Getenv, cwd)
	r.RequireGit = !f.noRequireGit
	set, err := ignore.NewSet(r)
	if err != nil {
		return err
	}
	fw.Ignore, fw.NoHidden, fw.NoGitDir = set, !f.hidden, true
	return nil
}
