// Package walk reads directory trees, several directories at once, and
// yields what they hold: the files a search reads (Files), or every entry,
// as find sees them (All). It lists directories with getdents64 (off
// Linux, through the os package) and keeps the type the file system
// reports, so that most entries need no stat; it applies the filters of
// the command line (grep's --include, --exclude, --exclude-dir, -d and
// -D; ripgrep's --glob, --type, --max-filesize and --ignore; hidden
// names, depth), checks followed links for loops, and leaves out the
// file the output goes to.
package walk

import (
	"io/fs"
	"os"
	"sync"
	"sync/atomic"
	"syscall"

	"urg/filetype"
	"urg/internal/fault"
	"urg/walk/globset"
	"urg/walk/ignore"
)

// dirID names a directory for loop detection and file-system changes.
type dirID struct{ dev, ino uint64 }

// StdinPath is the operand that names standard input, and StdinLabel how
// grep names it in messages and output.
const (
	StdinPath  = "-"
	StdinLabel = "(standard input)"
)

// File is a file to search, as the walk found it.
type File struct {
	Path string
	Seq  int64 // position in the output order (meaningful when sorted)
	Size int64 // -1 when the walk did not learn it
	// ShortIsEOF tells the reader that a short read is the end of the
	// file: true for regular files on disk file systems.
	ShortIsEOF bool
	// Unlooked says the walk yielded the file without looking at it (one
	// from a list of files): ShortIsEOF is false for want of knowing,
	// and a reader that opens it may ask the open file (Plain).
	Unlooked bool
}

// Options control which files Files yields.
type Options struct {
	Follow     bool       // follow symbolic links met while walking (-R)
	MaxDepth   int        // files at most this many levels below a path (1: only its own); <0 no limit
	Files      []FileGlob // --include and --exclude, in the order given
	ExcludeDir []string   // globs: directories whose name matches one are skipped
	Threads    int        // directories read at once
	Sorted     bool       // yield files in path order
	// Order, when it is by a time or reverse, yields files in its
	// order once the walk has found them all (see ordered).
	Order Order
	// Ignore, when set, skips what ignore files name (--ignore and
	// ripgrep's family of flags that steer it).
	Ignore   *ignore.Set
	NoHidden bool // skip names that start with a dot (--hidden=false)
	// NoGitDir never walks a directory named .git, which git never
	// lists either (--ignore, even with --hidden: ripgrep's --hidden and
	// fd's -H list it).
	NoGitDir bool
	// OneFileSystem walks no directory on another file system than its
	// root's (--one-file-system).
	OneFileSystem bool
	// Shard, when its N is above 1, yields only the files of one shard.
	Shard Shard
	// Listed is how many of the last operands came from a list of files
	// (--files-from): they are yielded as files, not looked at first, so
	// that the readers' opens and reads, batched on the rings, are the
	// only work done on each.
	Listed int
	// FromList says the operands were given with a list of files, which
	// may be empty: then no operand at all is no file, not ".".
	FromList bool
	// UTF8 matches the globs of Files and ExcludeDir as in a UTF-8
	// locale (MatchChars), as grep's fnmatch does there.
	UTF8 bool
	// Globs are ripgrep's --glob and --iglob, Types its -t and
	// --type-not; nil chooses nothing. As in ripgrep they choose among
	// the entries met while walking, not the operands, and a glob that
	// matches decides before --ignore, a type before hidden names. The
	// globs with a slash are anchored at the working directory that
	// ParseGlobs was given: the walk reads no directory of its own.
	Globs *GlobSet
	Types *filetype.Matcher
	// MaxFileSize, when set, is --max-filesize: files met while walking
	// that are larger are skipped.
	MaxFileSize *int64
	Directories DirAction    // what a directory operand is (-d)
	Devices     DeviceAction // what FIFOs, sockets and devices are (-D)
	// Skip, when set, is asked of each file met while walking that the
	// filters took (operands are not asked): true leaves it out, unread
	// and unnumbered, as a filter would. An index that rules out the
	// files that cannot match says so through it; it is called from
	// several goroutines at once.
	Skip func(path string) bool
	// Listings, when set, gives directories' listings without reading
	// them (and, a Recorder, is told those read): a tree's index.
	Listings Lister
	// Output, when set, is the regular file the output goes to, which is
	// not searched (ErrInputIsOutput).
	Output *FileID
	// faults are the fault suite's, set only by SetFaults in a build
	// with -tags faults (testing_faults.go); nil in a run of urg.
	faults *fault.Injector
}

// Handler receives what Files finds.
type Handler struct {
	// File takes each file to search: from several goroutines at once,
	// or, when Options.Sorted or Order, one at a time in that order.
	// Returning false stops the walk.
	File func(File) bool
	// Report receives every error with the path it concerns.
	Report func(path string, err error)
	// Warn receives what is not an error and leaves the exit status
	// alone: ErrLoop, a directory met again through a followed link; nil
	// drops them.
	Warn func(path string, err error)
	// Stopped, when set, is asked before each operand: true ends the
	// walk (something else ended the run).
	Stopped func() bool
	// Filtered, when set, counts the entries the filters left out:
	// --include, --exclude, --exclude-dir, --ignore, hidden names,
	// --glob, --type, --max-filesize.
	Filtered *atomic.Int64
}

// Files walks the operands paths (or, when there are none and no list of
// files gave them, ".", whose files are then named without a leading
// "./", as grep -r and rg name them) and hands h.File
// every file to search, numbered in the order of the output. A directory
// is walked (unless Directories says otherwise); anything else, even a
// FIFO or device, is yielded as grep reads it (unless Devices says
// skip); StdinPath is standard input.
func Files(paths []string, o Options, h Handler) {
	if o.Order.gathers() {
		ordered(paths, o, h)
		return
	}
	warn := h.Warn
	if warn == nil {
		warn = func(string, error) {}
	}
	w := newWalker(o, h.File, h.Report, warn)
	w.filtered = h.Filtered
	if len(paths) == 0 && !o.FromList {
		w.dirOperand(".", "")
	}
	for i, p := range paths {
		if w.isStopped() || h.Stopped != nil && h.Stopped() {
			break
		}
		if i >= len(paths)-o.Listed {
			w.listed(p)
			continue
		}
		w.operand(p)
	}
}

// operand yields one command-line path.
func (w *walker) operand(p string) {
	if p == StdinPath {
		if w.opts.Output != nil && w.stdinIsOutput() {
			w.errf(StdinLabel, ErrInputIsOutput)
			return
		}
		w.yield(File{Path: StdinPath, Seq: w.nextSeq(), Size: -1})
		return
	}
	fi, err := os.Stat(p)
	if err != nil {
		w.errf(p, err)
		return
	}
	if fi.IsDir() {
		if !w.excludedDir(p) {
			w.dirOperand(p, p)
		}
		return
	}
	if w.opts.Devices == DevicesSkip && skippedDevice(fi.Mode()) {
		return
	}
	if !w.wanted(p) || !w.inShard(p) {
		return
	}
	if w.opts.Output != nil && w.isOutput(p, fi) {
		w.errf(p, ErrInputIsOutput)
		return
	}
	// The size only counts where it tells the contents: /proc files say
	// 0 and hold data.
	plain := fi.Mode().IsRegular() && !pseudoFS(p) && !w.opts.faults.Is("not-eof", p)
	size := int64(-1)
	if plain {
		size = fi.Size()
	}
	w.yield(File{Path: p, Seq: w.nextSeq(), Size: size, ShortIsEOF: plain})
}

// dirOperand does with a directory operand what Directories says: walk
// it, skip it, or read it as grep -d read does, which fails. display is
// the name its children are printed under ("" for the implicit ".").
func (w *walker) dirOperand(p, display string) {
	switch w.opts.Directories {
	case DirSkip:
	case DirRead:
		w.errf(p, &fs.PathError{Op: "read", Path: p, Err: syscall.EISDIR})
	default:
		w.walkRoot(p, display, nil)
	}
}

// yield hands f on; false (and the walk stopped) when the taker wants no
// more.
func (w *walker) yield(f File) bool {
	if !w.emit(f) {
		w.stop()
		return false
	}
	return true
}

// walker walks directory trees, several directories at once, and yields
// files through emit. Pending directories wait on a stack (depth first, so
// that it stays small); the files found are handed to emit, whose channel
// is bounded, so a fast walk waits for the searchers.
type walker struct {
	opts  Options
	emit  func(File) bool // false: stop walking
	errf  func(path string, err error)
	warnf func(path string, err error) // what is not an error
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
	// root is the display name of the root being walked (set before its
	// walkers start, so read without a lock): inShard's paths are taken
	// below it.
	root string
	// files is opts.Files filed by their literals, and dirs
	// opts.ExcludeDir, so that a name is matched against the few that
	// may match it; nil when there are none.
	files, dirs *globset.Set

	mu      sync.Mutex
	cond    *sync.Cond
	stack   []dirJob
	active  int
	stopped bool
}

func newWalker(o Options, emit func(File) bool, errf func(string, error), warnf func(string, error)) *walker {
	w := &walker{opts: o, emit: emit, errf: errf, warnf: warnf, files: fnmatchSet(fileGlobs(o.Files), o.UTF8), dirs: fnmatchSet(o.ExcludeDir, o.UTF8)}
	w.cond = sync.NewCond(&w.mu)
	return w
}

// walkRoot walks one directory named on the command line. display is the
// name its children are printed under; chain, in a full walk that
// follows links, is the directory itself for the loop checks below it.
func (w *walker) walkRoot(dir, display string, chain *ancestor) {
	if w.opts.MaxDepth == 0 {
		return
	}
	job := dirJob{path: dir, display: display, pseudo: pseudoFS(dir), chain: chain}
	if w.opts.Ignore != nil {
		job.ignores = w.opts.Ignore.Root(dir)
	}
	if w.opts.OneFileSystem {
		job.dev = deviceOf(dir)
	}
	// The shard of a file below a root is its path below the root, the
	// same on every host whatever the root is called there.
	w.root = display
	defer func() { w.root = "" }()
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
			subdirs = w.readDir(job, buf, &sc)
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
