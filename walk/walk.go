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
	"cmp"
	"io/fs"
	"os"
	"runtime"
	"slices"
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
	// NoGitDir never walks a directory named .git, as git and fd do
	// not (--ignore).
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
	// matches decides before --ignore, a type before hidden names.
	Globs *GlobSet
	Types *filetype.Matcher
	// MaxFileSize, when set, is --max-filesize: files met while walking
	// that are larger are skipped.
	MaxFileSize *int64
	Directories DirAction    // what a directory operand is (-d)
	Devices     DeviceAction // what FIFOs, sockets and devices are (-D)
	// Output, when set, is the regular file the output goes to, which is
	// not searched (ErrInputIsOutput).
	Output *FileID
	// Faults are the fault suite's; nil in a run of urg.
	Faults *fault.Injector
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
	plain := fi.Mode().IsRegular() && !pseudoFS(p) && !w.opts.Faults.Is("not-eof", p)
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
		w.walkRoot(p, display)
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

// dirJob is a directory waiting to be read.
type dirJob struct {
	path    string
	display string // prefix of children's paths: "" for the implicit "."
	// rel is the directory's path below the operand with a trailing
	// '/' ("" for the operand), when the globs or ignore files need it:
	// an entry's is rel+name.
	rel     string
	depth   int
	parent  *ancestor
	pseudo  bool         // on a procfs-like file system
	ignores *ignore.Node // --ignore: the ignore files that apply
	dev     uint64       // the root's device, for OneFileSystem
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
	// files is opts.Files filed by their literals, so that a name is
	// matched against the few that may match it; nil when there are none.
	files *globset.Set

	mu      sync.Mutex
	cond    *sync.Cond
	stack   []dirJob
	active  int
	stopped bool
}

func newWalker(o Options, emit func(File) bool, errf func(string, error), warnf func(string, error)) *walker {
	w := &walker{opts: o, emit: emit, errf: errf, warnf: warnf, files: fileSet(o.Files, o.UTF8)}
	w.cond = sync.NewCond(&w.mu)
	return w
}

// fileSet files --include's and --exclude's globs (chars: matched by
// character, as in a UTF-8 locale).
func fileSet(g []FileGlob, chars bool) *globset.Set {
	if len(g) == 0 {
		return nil
	}
	gs := make([]globset.Glob, len(g))
	for i, f := range g {
		glob := f.Glob
		gs[i] = globset.Glob{Pattern: glob, Match: func(s string) bool {
			return chars && MatchChars(glob, s) || !chars && Match(glob, s, false)
		}}
	}
	return globset.New(gs)
}

// walkRoot walks one directory named on the command line. display is the
// name its children are printed under.
func (w *walker) walkRoot(dir, display string) {
	if w.opts.MaxDepth == 0 {
		return
	}
	job := dirJob{path: dir, display: display, pseudo: pseudoFS(dir)}
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

// walkSorted walks depth first in name order, yielding files in path order.
func (w *walker) walkSorted(job dirJob, buf []byte) {
	w.readDir(job, buf, nil)
}

// listing is one child of a directory being read.
type listing struct {
	name string
	typ  Type
	ino  uint64 // the listing's inode number, 0 when not known
	end  int    // while listing: where the name ends in the names read
}

// named gives each of list its name, from names, all of the directory's
// names one after another: one string for the directory rather than one
// per entry, since a tree search allocated little else per file.
func named(list []listing, names []byte) {
	all := string(names)
	start := 0
	for i := range list {
		list[i].name = all[start:list[i].end]
		start = list[i].end
	}
}

// readDir reads one directory, yields its files and returns its
// subdirectories. With sc nil it walks sorted: files and subdirectories
// in name order, each subdirectory's whole subtree walked in place before
// the names after it. Otherwise the listing is built in sc's slices,
// which the walking goroutine keeps from one directory to the next:
// grown afresh for every directory, they were most of what a walk
// allocated; the subdirectories returned are sc's too, valid until its
// next directory.
func (w *walker) readDir(job dirJob, buf []byte, sc *scratch) []dirJob {
	sorted := sc == nil
	var list []listing
	var names []byte
	var subdirs []dirJob
	if !sorted {
		list, names, subdirs = sc.list[:0], sc.text[:0], sc.subdirs[:0]
		defer func() { sc.list, sc.text, sc.subdirs = list[:0], names[:0], subdirs[:0] }()
	}
	id, opened, err := listDir(job.path, buf, w.opts.Follow || w.opts.OneFileSystem, func(name []byte, t Type, ino uint64) {
		names = append(names, name...)
		list = append(list, listing{typ: t, ino: ino, end: len(names)})
	})
	named(list, names)
	if err != nil {
		w.errf(job.shown(), err)
		if !opened {
			return nil
		}
	}
	if w.opts.Follow && job.parent.has(id) {
		// Reached again through a followed link: grep warns and goes on.
		w.warnf(job.shown(), ErrLoop)
		return nil
	}
	if w.opts.OneFileSystem && job.depth > 0 && id.dev != job.dev {
		return nil
	}
	self := &ancestor{id: id, parent: job.parent}
	if !sorted && len(list) > 1 && list[0].ino != 0 {
		// In inode order: on the common file systems inode numbers
		// follow the order files were made in, which is where their
		// inodes and data sit on the disk, so the reads of a cold
		// directory reach the disk in its order and the block layer
		// merges neighbours into one request. gnulib's fts (grep -r,
		// find) sorts large directories so for the same reason.
		slices.SortFunc(list, func(a, b listing) int { return cmp.Compare(a.ino, b.ino) })
	}
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
	if w.opts.Ignore != nil {
		var err error
		ignores, err = w.opts.Ignore.Dir(ignores, job.path, job.rel, func(name string) bool {
			return slices.ContainsFunc(list, func(l listing) bool { return l.name == name })
		})
		if err != nil {
			w.warnf(job.shown(), err)
		}
	}
	// Without globs, types or ignore files, hidden names go first,
	// before any stat; with them, a name they choose is searched
	// though hidden.
	hiddenFirst := w.opts.NoHidden && w.opts.Globs == nil && w.opts.Types == nil && w.opts.Ignore == nil
	for _, l := range list {
		if hiddenFirst && l.name[0] == '.' {
			w.filter()
			continue
		}
		p, display := job.child(l.name)
		t := l.typ
		if t == TypeUnknown || t == TypeLink && w.opts.Follow {
			t = w.statType(p, display, t == TypeLink)
		}
		if t != TypeDir && !w.readable(t) {
			continue // links not followed, and devices unless -D read
		}
		var rel string
		if w.opts.Globs.needsPath() {
			rel = job.rel + l.name
		}
		if !w.taken(l.name, rel, job.rel, t == TypeDir, ignores) {
			w.filter()
			continue
		}
		switch t {
		case TypeDir:
			if w.opts.MaxDepth >= 0 && job.depth+1 >= w.opts.MaxDepth || w.excludedDir(l.name) {
				if w.excludedDir(l.name) {
					w.filter()
				}
				continue
			}
			sub := dirJob{path: p, display: display, rel: w.subRel(job.rel, l.name), depth: job.depth + 1, parent: self, pseudo: job.pseudo, ignores: ignores, dev: job.dev}
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
		default:
			if !w.wanted(l.name) || !w.inShard(display) {
				w.filter()
				continue
			}
			f := File{Path: display, Size: -1, ShortIsEOF: t == TypeFile && !job.pseudo && !w.opts.Faults.Is("not-eof", display)}
			if t == TypeFile && w.opts.MaxFileSize != nil {
				if !w.sizeWanted(p, &f) {
					w.filter()
					continue
				}
			}
			if w.opts.Output != nil && w.listedIsOutput(p, l) {
				w.errf(display, ErrInputIsOutput)
				continue
			}
			f.Seq = w.nextSeq()
			if !w.yield(f) {
				return nil
			}
		}
	}
	return subdirs
}

// readable says whether an entry of type t met while walking is read:
// regular files, and, under -D read, FIFOs, sockets and devices, as grep
// reads them then (a socket's open fails, as grep's does).
func (w *walker) readable(t Type) bool {
	switch t {
	case TypeFile:
		return true
	case TypeFIFO, TypeSocket, TypeChar, TypeBlock:
		return w.opts.Devices == DevicesRead
	}
	return false
}

// taken applies to an entry (a directory when dir) ripgrep's filters in
// ripgrep's order (crates/ignore/src/dir.rs, Ignore::matched): a glob
// that matches decides; then the ignore files, whose whitelist (a "!"
// pattern) chooses the entry unless a type leaves it out; then, for a
// file, the types; last, hidden names, unless something chose the
// entry. rel is its path below the operand, when the globs need it;
// dirRel, its directory's (dirJob.rel).
func (w *walker) taken(name, rel, dirRel string, dir bool, ignores *ignore.Node) bool {
	switch w.opts.Globs.match(rel, name, dir) {
	case chosen:
		return true
	case leftOut:
		return false
	}
	if dir && w.opts.NoGitDir && name == ignore.GitDir {
		return false
	}
	whitelisted := false
	if w.opts.Ignore != nil {
		switch ignores.Match(dirRel, name, dir) {
		case ignore.Ignored:
			return false
		case ignore.Whitelist:
			whitelisted = true
		}
	}
	if !dir {
		switch w.opts.Types.Match(name) {
		case filetype.Selected:
			return true
		case filetype.Excluded:
			return false
		}
	}
	return whitelisted || !w.opts.NoHidden || name[0] != '.'
}

// deviceOf is the device of the file system p is on (0 when unknown).
func deviceOf(p string) uint64 {
	fi, err := os.Stat(p)
	if err != nil {
		return 0
	}
	id, _ := pathID(p, fi)
	return id.Dev
}

// subRel is dirJob.rel of the subdirectory name of the directory whose
// rel is rel: "" when neither the globs nor the ignore files need it.
func (w *walker) subRel(rel, name string) string {
	if !w.opts.Globs.needsPath() && w.opts.Ignore == nil {
		return ""
	}
	return rel + name + "/"
}

// sizeWanted applies --max-filesize to the regular file at p, and keeps
// the size it learned in f. A file it cannot stat is searched, so that
// the error is the reader's, as in ripgrep.
func (w *walker) sizeWanted(p string, f *File) bool {
	fi, err := os.Stat(p)
	if err != nil {
		return true
	}
	if fi.Size() > *w.opts.MaxFileSize {
		return false
	}
	if f.ShortIsEOF {
		f.Size = fi.Size()
	}
	return true
}

// DirAction is what is done with a directory named as an operand: grep's
// -d ACTION.
type DirAction uint8

// The directory actions.
const (
	DirRecurse DirAction = iota // walk it (grep's -r, and urg's default)
	DirSkip                     // leave it out, saying nothing
	DirRead                     // read it as a file, as grep does: "Is a directory"
)

// DeviceAction is what is done with FIFOs, sockets and character and
// block devices: grep's -D ACTION.
type DeviceAction uint8

// The device actions.
const (
	// DevicesDefault, grep's default, reads those named as operands
	// and skips those met while walking.
	DevicesDefault DeviceAction = iota
	// DevicesRead reads them, those met while walking too.
	DevicesRead
	// DevicesSkip skips them, operands too; but a socket operand is
	// still opened, which fails, since grep opens a file before it
	// looks at what it is, and its open of a socket fails.
	DevicesSkip
)

// skippedDevice says whether -D skip leaves out an operand of mode m:
// FIFOs and devices, which grep opens without blocking and then skips.
func skippedDevice(m fs.FileMode) bool {
	return m&(fs.ModeNamedPipe|fs.ModeDevice|fs.ModeCharDevice) != 0
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

// child is the path of the entry name to open, and its name as printed:
// one string where the two are the same, or the second the end of the
// first (the implicit "." opens "./a" and prints "a").
func (j dirJob) child(name string) (p, display string) {
	p = joinPath(j.path, name)
	switch {
	case j.display == j.path:
		return p, p
	case j.display == "" && j.path == "." && len(p) == len(name)+2,
		len(j.path) == len(j.display)+2 && j.path[:2] == "./" && j.path[2:] == j.display:
		return p, p[2:]
	}
	return p, joinPath(j.display, name)
}

// shown is the directory's name as messages give it.
func (j dirJob) shown() string {
	if j.display == "" {
		return "."
	}
	return j.display
}

// statType learns an entry's type from stat where getdents did not give
// it, or through a symbolic link that is followed.
func (w *walker) statType(p, shown string, follow bool) Type {
	var fi os.FileInfo
	var err error
	if follow {
		fi, err = os.Stat(p)
	} else {
		fi, err = os.Lstat(p)
	}
	if err != nil {
		w.errf(shown, err) // a dangling link too, as grep -R reports it
		return TypeUnknown
	}
	if !follow {
		return typeOfInfo(fi)
	}
	return typeOfMode(fi.Mode())
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
	if w.files != nil && indexSlash(p) < 0 {
		if i := w.files.Last(p, p, false); i >= 0 {
			return g[i].Include
		}
		return !g[0].Include
	}
	for i := len(g) - 1; i >= 0; i-- {
		if matchGlob(g[i].Glob, p, w.opts.UTF8) {
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
//
// The separator is '/' on Windows too, which takes it: GNU grep joins
// that way, and so the output is the operand as typed and "/name" after
// it (C:\src\dir/a.txt). A backslash the operand ends with counts as a
// separator there, and a bare drive ("C:", that drive's current
// directory) takes the name with none, since "C:/name" is another file.
func joinPath(dir, name string) string {
	switch {
	case dir == "":
		return name
	case os.IsPathSeparator(dir[len(dir)-1]):
		return dir + name
	case runtime.GOOS == "windows" && len(dir) == 2 && dir[1] == ':':
		return dir + name
	}
	return dir + "/" + name
}

// excludedDir reports whether --exclude-dir names the directory p.
func (w *walker) excludedDir(p string) bool {
	for _, g := range w.opts.ExcludeDir {
		if matchGlob(g, p, w.opts.UTF8) {
			return true
		}
	}
	return false
}

// matchGlob reports whether glob matches p or a part of it after a
// separator (a slash; on Windows a backslash too, since an operand is a
// path as typed there), with fnmatch's rules, as GNU grep matches --include, --exclude and
// --exclude-dir: Match, or in a UTF-8 locale (chars) MatchChars.
func matchGlob(glob, p string, chars bool) bool {
	for s := p; ; {
		if chars && MatchChars(glob, s) || !chars && Match(glob, s, false) {
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
		if os.IsPathSeparator(s[i]) {
			return i
		}
	}
	return -1
}
