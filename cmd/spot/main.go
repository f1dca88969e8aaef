// Command spot is find, in parallel: it walks directory trees on every
// core, fetches file metadata in batches through io_uring (only when a
// primary needs it), and prints the entries that pass every primary.
//
//	spot [-j N] [--sort=path] [DIR...] [PRIMARY...]
//
// Primaries, ANDed as in find: -name GLOB, -iname GLOB, -path GLOB,
// -type f|d|l|p|s|b|c, -size [+-]N[ckMG], -uid N, -gid N, -user NAME,
// -group NAME (these four not on Windows), -perm [-/]MODE, -newer FILE,
// -mtime [+-]N, -maxdepth N, -mindepth N, -empty, -print0.
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
	"urg/walk"
	"urg/walk/ignore"
)

// entry is one option or primary, as help and the man page show it.
type entry struct{ spell, doc string }

// optionTable and primaryTable are spot's command line, defined once for
// its help and its man page (--generate=man).
var (
	optionTable = []entry{
		{"-j N", "directories read at once (default 8 per core: a cold tree wants many reads in flight); -n N is the same"},
		{"--sort=path", "print sorted name by name, each directory before its entries (the walk stays parallel)"},
		{"--stat=calls|ring", "stat with one statx call each (calls, the default: faster here) or through io_uring, 64 per submission (ring)"},
		{"--ignore", "filter as ripgrep and urg --ignore do: skip what ignore files name (.rgignore, .ignore, .gitignore, .git/info/exclude, git's global excludes file), hidden entries and .git directories"},
		{"--hidden", "with --ignore, keep hidden entries"},
		{"--no-require-git", "with --ignore, read .gitignore files outside git repositories too"},
		{"--generate=man", "print this man page (roff) and exit"},
	}
	primaryTable = []entry{
		{"-name GLOB", "the name matches GLOB (fnmatch: * and ? match a leading dot too)"},
		{"-iname GLOB", "-name, ignoring the case of ASCII letters"},
		{"-path GLOB", "the whole path as printed matches GLOB (* matches / too)"},
		{"-type f|d|l|p|s|b|c", "the type is one of those (a comma list takes several)"},
		{"-size [+-]N[cwbkMG]", "the size in units (512 bytes unless a suffix says), rounded up, is N, more (+) or less (-)"},
		{"-uid [+-]N", "the owner's user ID is N, more or less"},
		{"-gid [+-]N", "the group ID is N, more or less"},
		{"-user NAME", "the owner is NAME (or that ID)"},
		{"-group NAME", "the group is NAME (or that ID)"},
		{"-perm [-/]MODE", "the permission bits are MODE, hold all of MODE (-), or any of it (/); octal or symbolic"},
		{"-newer FILE", "modified after FILE"},
		{"-mtime [+-]N", "modified N whole days ago, more or less"},
		{"-maxdepth N", "entries at most N levels below a root"},
		{"-mindepth N", "entries at least N levels below a root"},
		{"-empty", "an empty file or directory"},
		{"-print", "print the entry (what spot does anyway)"},
		{"-print0", "end each path with a NUL byte instead of a newline"},
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
	b.WriteString("usage: spot [-j N] [--sort=path] [--stat=calls|ring] [--ignore [--hidden]] [DIR...] [PRIMARY...]\n")
	for _, e := range optionTable {
		fmt.Fprintf(&b, "  %-22s %s\n", e.spell, e.doc)
	}
	b.WriteString("primaries (all must hold, as in find):\n")
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
[\fB\-j\fR \fIN\fR] [\fB\-\-sort=path\fR] [\fIDIR\fR]... [\fIPRIMARY\fR]...
.SH DESCRIPTION
spot walks each DIR (\fB.\fR by default) on every core and prints, as find(1)
does, every entry that passes all the primaries. It stats entries only
when a primary needs more than a name and a type.
.SH OPTIONS
`)
	for _, e := range optionTable {
		fmt.Fprintf(&b, ".TP\n\\fB%s\\fR\n%s\n", esc(e.spell), esc(e.doc))
	}
	b.WriteString(".SH PRIMARIES\n")
	for _, e := range primaries() {
		fmt.Fprintf(&b, ".TP\n\\fB%s\\fR\n%s\n", esc(e.spell), esc(e.doc))
	}
	b.WriteString(".SH EXIT STATUS\n0 when all went well, 1 after any error (as find).\n.SH SEE ALSO\n.BR find (1),\n.BR urg (1)\n")
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
	switch err {
	case errHelp:
		fmt.Fprint(stdout, usage())
		return 0
	case errMan:
		fmt.Fprint(stdout, manPage())
		return 0
	}
	if err == nil {
		var e *find.Expr
		if e, err = find.Parse(rest, time.Now()); err == nil {
			fw := walk.FullWalk{MaxDepth: e.MaxDepth, Threads: threads, Stat: e.NeedStat, Ring: ring, MayMatch: e.MayMatch}
			if err = filter.set(&fw); err == nil {
				return search(e, fw, sorted, stdout, stderr)
			}
		}
	}
	fmt.Fprintf(stderr, "spot: %v\n", err)
	return 1
}

var (
	errHelp = errors.New("help")
	errMan  = errors.New("man")
)

// options takes spot's own options out of args, wherever they are: -j N
// (grab's -n N), --sort=path, --stat, and the filter's into filter.
func options(args []string, filter *filterFlags) (threads int, sorted, ring bool, rest []string, err error) {
	threads = threadsPerCore * runtime.NumCPU()
	fail := func(format string, a ...any) (int, bool, bool, []string, error) {
		return 0, false, false, nil, fmt.Errorf(format, a...)
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-h" || a == "--help":
			return 0, false, false, nil, errHelp
		case a == "--sort=path":
			sorted = true
		case a == "--generate=man":
			return 0, false, false, nil, errMan
		case strings.HasPrefix(a, "--sort"):
			return fail("%s: only --sort=path is known", a)
		case a == "--ignore":
			filter.ignore = true
		case a == "--hidden":
			filter.hidden = true
		case a == "--no-require-git":
			filter.noRequireGit = true
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
// docs/performance.md).
const threadsPerCore = 8

// search prints what e selects under its roots, as it is found or, sorted,
// at the end in the walk's order of names.
func search(e *find.Expr, fw walk.FullWalk, sorted bool, stdout, stderr io.Writer) int {
	out := bufio.NewWriterSize(stdout, 64<<10)
	sep := byte('\n')
	if e.Print0 {
		sep = 0
	}
	var (
		mu      sync.Mutex
		failed  bool
		outErr  error
		matched []string
	)
	emit := func(n *walk.Node) bool {
		if n.StatErr != nil {
			mu.Lock()
			failed = true
			fmt.Fprintf(stderr, "spot: %s: %v\n", n.Path(), reason(n.StatErr))
			mu.Unlock()
		}
		if !e.Match(n) {
			return true
		}
		mu.Lock()
		defer mu.Unlock()
		if sorted {
			matched = append(matched, n.Path())
			return true
		}
		if _, err := out.WriteString(n.Path()); err == nil {
			err = out.WriteByte(sep)
			outErr = err
		} else {
			outErr = err
		}
		return outErr == nil
	}
	report := func(path string, err error) {
		mu.Lock()
		defer mu.Unlock()
		failed = true
		fmt.Fprintf(stderr, "spot: %s: %v\n", path, reason(err))
	}
	walk.All(e.Roots, fw, emit, report)
	if sorted {
		slices.SortFunc(matched, comparePaths)
		for _, p := range matched {
			if _, outErr = out.WriteString(p); outErr == nil {
				outErr = out.WriteByte(sep)
			}
			if outErr != nil {
				break
			}
		}
	}
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

// reason is an error without the path that spot prints before it.
func reason(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// filterFlags are spot's --ignore, --hidden and --no-require-git.
type filterFlags struct {
	ignore, hidden, noRequireGit bool
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
