package find

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"urg/walk"
)

// Run is one walk's evaluation: what the actions share across entries,
// which are evaluated on several goroutines at once. Out receives each
// entry's output, and each program's, whole, so that outputs never
// interleave; Errf reports an error (after "spot: "), which makes the
// run's status 1.
type Run struct {
	e      *Expr
	Out    func(b []byte)
	ErrOut func(b []byte) // a program's standard error, whole
	Errf   func(format string, a ...any)

	failed  atomic.Bool
	mu      sync.Mutex
	batches map[batchKey]*batch // -exec ... {} +, by primary and directory
	deletes []string
	running sync.WaitGroup
	slots   chan struct{} // programs of batches run at once
	names   nameCache     // -printf's %u and %g
}

// NewRun starts the evaluation of e, its outputs going to out (standard
// output) and errOut (standard error), its messages to errf.
func (e *Expr) NewRun(out, errOut func([]byte), errf func(format string, a ...any)) *Run {
	return &Run{e: e, Out: out, ErrOut: errOut, Errf: errf, batches: map[batchKey]*batch{}, slots: make(chan struct{}, runtime.NumCPU())}
}

// Call is the evaluation of the expression for one entry.
type Call struct {
	Node *walk.Node
	run  *Run
	out  []byte
	// Prune: the entry is a directory not to walk (-prune).
	Prune bool
	quit  bool
}

// Eval evaluates the expression for n: what it printed (and the output
// of the programs it ran for it), whether n is a directory not to walk,
// and whether the walk is to stop (-quit).
func (r *Run) Eval(n *walk.Node) (out []byte, prune, quit bool) {
	c := Call{Node: n, run: r}
	r.e.Match(&c)
	return c.out, c.Prune, c.quit
}

// Fail records a failure that the caller reported itself.
func (r *Run) Fail() { r.failed.Store(true) }

// Failed says whether an action failed (a batch's program, a deletion)
// or Fail was called.
func (r *Run) Failed() bool { return r.failed.Load() }

// Finish runs the batches left, waits for every program, and deletes
// what -delete chose, the deepest first (as find's -depth reaches them),
// once the walk is done.
func (r *Run) Finish() {
	r.mu.Lock()
	keys := make([]batchKey, 0, len(r.batches))
	for k := range r.batches {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b batchKey) int { return strings.Compare(a.dir, b.dir) })
	for _, k := range keys {
		if b := r.batches[k]; len(b.paths) > 0 {
			r.start(k.x, k.dir, b.paths)
		}
	}
	r.batches = map[batchKey]*batch{}
	deletes := r.deletes
	r.mu.Unlock()
	r.running.Wait()
	slices.SortStableFunc(deletes, func(a, b string) int {
		return strings.Count(b, string(filepath.Separator)) - strings.Count(a, string(filepath.Separator))
	})
	for _, p := range deletes {
		if err := os.Remove(p); err != nil {
			r.failed.Store(true)
			r.Errf("cannot delete `%s': %s", p, describe(err))
		}
	}
}

// printNode is -print and -print0: the path and sep.
type printNode struct{ sep byte }

func (x *printNode) eval(c *Call) bool {
	c.out = append(append(c.out, c.Node.Path()...), x.sep)
	return true
}
func (*printNode) cheap(*walk.Node) tri { return unknown }

// pruneNode is -prune: a directory is not walked.
type pruneNode struct{}

func (pruneNode) eval(c *Call) bool {
	if c.Node.Type == walk.TypeDir && !c.run.e.Deletes && !c.run.e.depthFirst {
		c.Prune = true
	}
	return true
}
func (pruneNode) cheap(*walk.Node) tri { return unknown }

// quitNode is -quit: the walk stops, after what this entry did.
type quitNode struct{}

func (quitNode) eval(c *Call) bool {
	c.quit = true
	return true
}
func (quitNode) cheap(*walk.Node) tri { return unknown }

// deleteNode is -delete: the entry is removed once the walk is done.
type deleteNode struct{}

func (deleteNode) eval(c *Call) bool {
	p := c.Node.Path()
	if c.Node.Depth == 0 && (p == "." || p == "..") {
		return true // find deletes every entry below them, not them
	}
	c.run.mu.Lock()
	c.run.deletes = append(c.run.deletes, p)
	c.run.mu.Unlock()
	return true
}
func (deleteNode) cheap(*walk.Node) tri { return unknown }

// execNode is -exec and -execdir: a program run for each entry, its
// status the test's value (COMMAND ... ;), or for many at once, as few
// times as their paths fit (COMMAND ... {} +; always true).
type execNode struct {
	argv  []string // {} where the path goes
	batch bool     // ... {} +
	inDir bool     // -execdir: run in the entry's directory, on ./NAME
}

// batchKey is one batch's program and directory.
type batchKey struct {
	x   *execNode
	dir string
}

// batch is the paths gathered for a program run with many.
type batch struct {
	paths []string
	size  int
}

// batchMax bounds a batch's arguments, in bytes and in number, well
// under the system's limit on a command line.
const (
	batchMax     = 128 << 10
	batchMaxArgs = 4096
)

// exec reads -exec's and -execdir's program, up to ';' or to "{} +".
func (p *parser) exec(name string) (node, error) {
	x := &execNode{inDir: name == "-execdir"}
	for i := p.i; i < len(p.args); i++ {
		a := p.args[i]
		if a == ";" || a == "+" && i > p.i && p.args[i-1] == "{}" {
			x.argv, x.batch = slices.Clone(p.args[p.i:i]), a == "+"
			p.i = i + 1
			if len(x.argv) == 0 {
				return nil, errorf("missing argument to `%s'", name)
			}
			if x.batch && slices.Index(x.argv, "{}") != len(x.argv)-1 {
				return nil, errorf("only one instance of {} is supported with %s ... +", name)
			}
			return x, nil
		}
	}
	return nil, errorf("missing argument to `%s'", name)
}

// where is the directory the program runs in and the path it is given.
func (x *execNode) where(n *walk.Node) (dir, path string) {
	if !x.inDir {
		return "", n.Path()
	}
	dir = n.Dir
	if n.Depth == 0 {
		dir = filepath.Dir(n.Path())
	}
	return dir, "." + string(filepath.Separator) + n.Name
}

func (x *execNode) eval(c *Call) bool {
	r := c.run
	dir, path := x.where(c.Node)
	if !x.batch {
		argv := make([]string, len(x.argv))
		for i, a := range x.argv {
			argv[i] = strings.ReplaceAll(a, "{}", path)
		}
		out, ok := r.runProgram(dir, argv)
		c.out = append(c.out, out...)
		return ok
	}
	k := batchKey{x, dir}
	r.mu.Lock()
	b := r.batches[k]
	if b == nil {
		b = &batch{}
		r.batches[k] = b
	}
	b.paths = append(b.paths, path)
	b.size += len(path) + 1
	if b.size >= batchMax || len(b.paths) >= batchMaxArgs {
		r.start(x, dir, b.paths)
		delete(r.batches, k)
	}
	r.mu.Unlock()
	return true
}
func (*execNode) cheap(*walk.Node) tri { return unknown }

// start runs x's program on paths, on a goroutine of its own, as many
// at once as there are cores; its output goes out whole when it ends,
// and a failure makes the run's status 1, as find's for {} +.
func (r *Run) start(x *execNode, dir string, paths []string) {
	argv := append(slices.Clone(x.argv[:len(x.argv)-1]), paths...)
	r.running.Add(1)
	go func() {
		defer r.running.Done()
		r.slots <- struct{}{}
		defer func() { <-r.slots }()
		out, ok := r.runProgram(dir, argv)
		if len(out) > 0 {
			r.Out(out)
		}
		if !ok {
			r.failed.Store(true)
		}
	}()
}

// runProgram runs argv in dir ("" for here), its standard output kept
// and returned, its standard error passed on whole; ok is a status of 0.
// A program that cannot start is reported as find reports it.
func (r *Run) runProgram(dir string, argv []string) (out []byte, ok bool) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if stderr.Len() > 0 {
		r.ErrOut(stderr.Bytes())
	}
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		r.failed.Store(true)
		reason := err.Error()
		if errors.Is(err, exec.ErrNotFound) || errors.Is(err, os.ErrNotExist) {
			reason = "No such file or directory"
		}
		r.Errf("`%s': %s", argv[0], reason)
	}
	return stdout.Bytes(), err == nil
}
