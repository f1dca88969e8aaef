// Command spot is find, in parallel: it walks directory trees on every
// core, fetches file metadata in batches through io_uring (only when a
// primary needs it), and prints the entries that pass every primary.
//
//	spot [-j N] [--sort=path] [DIR...] [PRIMARY...]
//
// Primaries, ANDed as in find: -name GLOB, -iname GLOB, -path GLOB,
// -type f|d|l|p|s|b|c, -size [+-]N[ckMG], -uid N, -gid N, -user NAME,
// -group NAME, -perm [-/]MODE, -newer FILE, -mtime [+-]N, -maxdepth N,
// -mindepth N, -empty, -print0.
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
	"urg/sched"
)

const usage = `usage: spot [-j N] [--sort=path] [DIR...] [PRIMARY...]
primaries (all must hold, as in find):
  -name GLOB  -iname GLOB  -path GLOB  -type f|d|l|p|s|b|c
  -size [+-]N[cwbkMG]  -uid [+-]N  -gid [+-]N  -user NAME  -group NAME
  -perm [-/]MODE  -newer FILE  -mtime [+-]N  -maxdepth N  -mindepth N
  -empty  -print  -print0
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is spot with its arguments: 0 when all went well, 1 on any error
// (find's statuses).
func run(args []string, stdout, stderr io.Writer) int {
	threads, sorted, rest, err := options(args)
	if err == errHelp {
		fmt.Fprint(stdout, usage)
		return 0
	}
	if err == nil {
		var e *find.Expr
		if e, err = find.Parse(rest, time.Now()); err == nil {
			return walk(e, threads, sorted, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "spot: %v\n", err)
	return 1
}

var errHelp = errors.New("help")

// options takes spot's own options out of args: -j N (cores; grab's -n)
// and --sort=path, wherever they are.
func options(args []string) (threads int, sorted bool, rest []string, err error) {
	threads = runtime.NumCPU()
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-h" || a == "--help":
			return 0, false, nil, errHelp
		case a == "--sort=path":
			sorted = true
		case strings.HasPrefix(a, "--sort"):
			return 0, false, nil, fmt.Errorf("%s: only --sort=path is known", a)
		case a == "-j" || a == "-n":
			if i+1 >= len(args) {
				return 0, false, nil, fmt.Errorf("missing argument to `%s'", a)
			}
			i++
			if threads, err = strconv.Atoi(args[i]); err != nil || threads < 1 {
				return 0, false, nil, fmt.Errorf("%s %s: not a number of cores", a, args[i])
			}
		default:
			rest = append(rest, a)
		}
	}
	return threads, sorted, rest, nil
}

// walk prints what e selects under its roots, as it is found or, sorted,
// at the end in the walk's order of names.
func walk(e *find.Expr, threads int, sorted bool, stdout, stderr io.Writer) int {
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
	emit := func(n sched.Node) bool {
		if n.StatErr != nil {
			mu.Lock()
			failed = true
			fmt.Fprintf(stderr, "spot: %s: %v\n", n.Path, reason(n.StatErr))
			mu.Unlock()
		}
		if !e.Match(&n) {
			return true
		}
		mu.Lock()
		defer mu.Unlock()
		if sorted {
			matched = append(matched, n.Path)
			return true
		}
		if _, err := out.WriteString(n.Path); err == nil {
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
	sched.WalkAll(e.Roots, sched.FullWalk{MaxDepth: e.MaxDepth, Threads: threads, Stat: e.NeedStat}, emit, report)
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
