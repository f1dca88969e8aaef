package sched

import (
	"os"
	"path"
	"slices"
	"sync"
	"sync/atomic"

	"urg/internal/fault"
)

// kind is what a directory entry is, as far as the walk cares.
type kind uint8

const (
	kindUnknown kind = iota
	kindFile
	kindDir
	kindLink
	kindOther // FIFO, socket, device: never opened while walking
)

// dirID names a directory for loop detection and file-system changes.
type dirID struct{ dev, ino uint64 }

// Entry is a file to search.
type Entry struct {
	Path string
	Seq  int64 // position in the output order (meaningful when sorted)
	Size int64 // -1 when the walk did not learn it
	// ShortIsEOF tells the reader that a short read is the end of the
	// file: true for regular files on disk file systems.
	ShortIsEOF bool
}

// WalkOptions control which files the walk yields.
type WalkOptions struct {
	Follow     bool       // follow symbolic links met while walking (-R)
	MaxDepth   int        // files at most this many levels below a path (1: only its own); <0 no limit
	Files      []FileGlob // --include and --exclude, in the order given
	ExcludeDir []string   // globs: directories whose name matches one are skipped
	Threads    int        // directories read at once
	Sorted     bool       // yield files in path order
	Ignore     bool       // skip what .gitignore, .ignore and .git/info/exclude name (--ignore)
	NoHidden   bool       // skip names that start with a dot (--hidden=false)
	// Output, when set, is the regular file the output goes to, which is
	// not searched (ErrInputIsOutput).
	Output *FileID
}

// dirJob is a directory waiting to be read.
type dirJob struct {
	path    string
	display string // prefix of children's paths: "" for the implicit "."
	depth   int
	parent  *ancestor
	pseudo  bool        // on a procfs-like file system
	ignores *ignoreNode // --ignore: the ignore files that apply
}

// ancestor links a directory to the ones above it, for --follow loop checks.
type ancestor struct {
	id     dirID
	parent *ancestor
}

// walker walks directory trees, several directories at once, and yields
// files through emit. Pending directories wait on a stack (depth first, so
// that it stays small); the files found are handed to emit, whose channel
// is bounded, so a fast walk waits for the searchers.
type walker struct {
	opts  WalkOptions
	emit  func(Entry) bool // false: stop walking
	errf  func(path string, err error)
	warnf func(path, msg string) // a message that is not an error
	seq   int64
	seqMu sync.Mutex

	// emitNode, set by WalkAll, takes every entry instead of emit
	// taking files; stat asks for their Stat.
	emitNode func(*Node) bool
	stat     bool
	ring     bool             // stat through io_uring rather than statx(2) calls
	mayMatch func(*Node) bool // FullWalk.MayMatch
	// filtered counts the entries left out by the walk's filters, when
	// set.
	filtered *atomic.Int64

	mu      sync.Mutex
	cond    *sync.Cond
	stack   []dirJob
	active  int
	stopped bool
}

func newWalker(o WalkOptions, emit func(Entry) bool, errf func(string, error), warnf func(string, string)) *walker {
	w := &walker{opts: o, emit: emit, errf: errf, warnf: warnf}
	w.cond = sync.NewCond(&w.mu)
	return w
}

// walkRoot walks one directory named on the command line. display is the
// name its children are printed under.
func (w *walker) walkRoot(dir, display string) {
	if w.opts.MaxDepth == 0 {
		return
	}
	job := dirJob{path: dir, display: display, pseudo: pseudoFS(dir)}
	if w.opts.Sorted {
		w.walkSorted(job, make([]byte, 32<<10))
		return
	}
	w.mu.Lock()
	w.stack = append(w.stack, job)
	w.mu.Unlock()
	var wg sync.WaitGroup
	for range max(1, w.opts.Threads) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.work()
		}()
	}
	wg.Wait()
}

// work takes directories off the stack until every one has been read.
func (w *walker) work() {
	buf := make([]byte, 32<<10)
	var sc scratch
	if w.stat {
		sc.st = newStatter(w.ring)
		defer sc.st.close()
	}
	w.mu.Lock()
	for {
		for len(w.stack) == 0 && w.active > 0 && !w.stopped {
			w.cond.Wait()
		}
		if len(w.stack) == 0 || w.stopped {
			w.cond.Broadcast()
			w.mu.Unlock()
			return
		}
		job := w.stack[len(w.stack)-1]
		w.stack = w.stack[:len(w.stack)-1]
		w.active++
		w.mu.Unlock()
		var subdirs []dirJob
		if w.emitNode != nil {
			subdirs = w.readDirAll(job, buf, &sc)
		} else {
			subdirs = w.readDir(job, buf, false)
		}
		w.mu.Lock()
		w.active--
		w.stack = append(w.stack, subdirs...)
		if len(w.stack) == 0 && w.active == 0 {
			w.cond.Broadcast() // the walk is over: all may leave
		}
		// This goroutine takes one directory itself; the rest go to
		// others, woken one each rather than all of them for every
		// directory read.
		for range len(subdirs) - 1 {
			w.cond.Signal()
		}
	}
}

// walkSorted walks depth first in name order, yielding files in path order.
func (w *walker) walkSorted(job dirJob, buf []byte) {
	w.readDir(job, buf, true)
}

// listing is one child of a directory being read.
type listing struct {
	name string
	k    kind
	t    byte   // find's -type letter, 0 when not known
	ino  uint64 // the listing's inode number, 0 when not known
}

// readDir reads one directory, yields its files and returns its
// subdirectories. When sorted, files and subdirectories are interleaved in
// name order, so it yields the files before the first subdirectory and
// returns the rest as subdirectory jobs that carry the files after them.
func (w *walker) readDir(job dirJob, buf []byte, sorted bool) []dirJob {
	var list []listing
	id, opened, err := listDir(job.path, buf, w.opts.Follow, func(name []byte, k kind, t byte, ino uint64) {
		list = append(list, listing{name: string(name), k: k, t: t, ino: ino})
	})
	if err != nil {
		w.errf(job.shown(), err)
		if !opened {
			return nil
		}
	}
	if w.opts.Follow && job.parent.has(id) {
		// Reached again through a followed link: grep warns and goes on.
		w.warnf(job.shown(), "warning: recursive directory loop")
		return nil
	}
	self := &ancestor{id: id, parent: job.parent}
	if sorted {
		slices.SortFunc(list, func(a, b listing) int {
			switch {
			case a.name < b.name:
				return -1
			case a.name > b.name:
				return 1
			}
			return 0
		})
	}
	ignores := job.ignores
	if w.opts.Ignore {
		ignores = loadIgnores(job.path, func(name string) bool {
			return slices.ContainsFunc(list, func(l listing) bool { return l.name == name })
		}, ignores)
	}
	var subdirs []dirJob
	for _, l := range list {
		if w.opts.NoHidden && l.name[0] == '.' {
			w.filter()
			continue
		}
		p := joinPath(job.path, l.name)
		display := joinPath(job.display, l.name)
		k := l.k
		if k == kindUnknown || k == kindLink && w.opts.Follow {
			k = w.statKind(p, display, k == kindLink)
		}
		if ignores != nil && (k == kindDir || k == kindFile) && ignores.ignored(p, k == kindDir) {
			w.filter()
			continue
		}
		switch k {
		case kindDir:
			if w.opts.MaxDepth >= 0 && job.depth+1 >= w.opts.MaxDepth || matchAny(w.opts.ExcludeDir, l.name) {
				if matchAny(w.opts.ExcludeDir, l.name) {
					w.filter()
				}
				continue
			}
			sub := dirJob{path: p, display: display, depth: job.depth + 1, parent: self, pseudo: job.pseudo, ignores: ignores}
			if sorted {
				// Files after this directory in name order must wait for
				// its whole subtree: walk it now, in place.
				if w.isStopped() {
					return nil
				}
				w.walkSorted(sub, buf)
				continue
			}
			subdirs = append(subdirs, sub)
		case kindFile:
			if !w.wanted(l.name) {
				w.filter()
				continue
			}
			if w.opts.Output != nil && w.listedIsOutput(p, l) {
				w.errf(display, ErrInputIsOutput)
				continue
			}
			if !w.emit(Entry{Path: display, Seq: w.nextSeq(), Size: -1, ShortIsEOF: !job.pseudo && !fault.Is("not-eof", display)}) {
				w.stop()
				return nil
			}
		}
	}
	return subdirs
}

// has reports whether id is this directory or one above it.
func (a *ancestor) has(id dirID) bool {
	for ; a != nil; a = a.parent {
		if a.id == id {
			return true
		}
	}
	return false
}

// shown is the directory's name as messages give it.
func (j dirJob) shown() string {
	if j.display == "" {
		return "."
	}
	return j.display
}

// statKind learns an entry's kind from stat where getdents did not give it,
// or through a symbolic link that is followed.
func (w *walker) statKind(p, shown string, follow bool) kind {
	var fi os.FileInfo
	var err error
	if follow {
		fi, err = os.Stat(p)
	} else {
		fi, err = os.Lstat(p)
	}
	if err != nil {
		w.errf(shown, err) // a dangling link too, as grep -R reports it
		return kindOther
	}
	return modeKind(fi.Mode())
}

// modeKind is the kind of a file with mode m.
func modeKind(m os.FileMode) kind {
	switch {
	case m.IsRegular():
		return kindFile
	case m.IsDir():
		return kindDir
	case m&os.ModeSymlink != 0:
		return kindLink
	}
	return kindOther
}

// FileGlob is one --include (Include) or --exclude of a file's name.
type FileGlob struct {
	Glob    string
	Include bool
}

// wanted applies --include and --exclude to a file's name (or, for a file
// named on the command line, to its path and every trailing part of it)
// as GNU grep does: the last option whose glob matches decides; a name
// that none matches is searched unless the first option is --include.
func (w *walker) wanted(p string) bool {
	g := w.opts.Files
	for i := len(g) - 1; i >= 0; i-- {
		if matchGlob(g[i].Glob, p) {
			return g[i].Include
		}
	}
	return len(g) == 0 || !g[0].Include
}

// filter counts an entry left out by a filter.
func (w *walker) filter() {
	if w.filtered != nil {
		w.filtered.Add(1)
	}
}

func (w *walker) nextSeq() int64 {
	w.seqMu.Lock()
	defer w.seqMu.Unlock()
	w.seq++
	return w.seq - 1
}

func (w *walker) stop() {
	w.mu.Lock()
	w.stopped = true
	w.cond.Broadcast()
	w.mu.Unlock()
}

func (w *walker) isStopped() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.stopped
}

// joinPath joins a directory and a name as grep prints them: no "./" for the
// implicit current directory, no doubled slash.
func joinPath(dir, name string) string {
	switch {
	case dir == "":
		return name
	case dir[len(dir)-1] == '/':
		return dir + name
	}
	return dir + "/" + name
}

// matchAny reports whether a glob matches the path or, as grep does for
// command-line names, any trailing part of it that starts after a slash.
func matchAny(globs []string, p string) bool {
	for _, g := range globs {
		if matchGlob(g, p) {
			return true
		}
	}
	return false
}

// matchGlob reports whether glob matches p or a part of it after a slash.
func matchGlob(glob, p string) bool {
	for s := p; ; {
		if ok, _ := path.Match(glob, s); ok {
			return true
		}
		i := indexSlash(s)
		if i < 0 {
			return false
		}
		s = s[i+1:]
	}
}

func indexSlash(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] == '/' {
			return i
		}
	}
	return -1
}
