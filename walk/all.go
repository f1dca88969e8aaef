package walk

import (
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"
	"unsafe"

	"urg/walk/ignore"
)

// Node is one entry of a full walk (All): every file, directory, link
// and special file, as find sees them.
//
// Name and Dir are valid only during the call that hands the Node over:
// they point into the walker's buffers, so that the entries nobody keeps
// cost no allocation (Path makes a string of its own).
type Node struct {
	Dir   string // the parent's path as printed ("" for a root)
	Name  string // the last element, as find's -name sees it
	Depth int    // 0 for a root, 1 for what it holds, and so on
	root  string // a root's path as given
	// Type is what the entry is; TypeUnknown when the walk does not
	// know (no d_type and no stat).
	Type Type
	// Stat is the entry's own metadata (a link's, not its target's,
	// unless the walk follows it), when the walk was asked for it; nil
	// with StatErr when it failed.
	Stat    *Stat
	StatErr error
	// Prune, set by the emit of a directory, keeps the walk out of it
	// (find's -prune).
	Prune bool
}

// Path is the entry's path as find prints it: the root as given, joined
// with the names below it.
func (n *Node) Path() string {
	if n.Depth == 0 {
		return n.root
	}
	return joinPath(n.Dir, n.Name)
}

// Stat is what find's primaries ask of a file beyond its name and type.
type Stat struct {
	Mode     uint32 // the file type and permission bits, as st_mode (made up on Windows: see statOf)
	Uid, Gid uint32 // 0 on Windows, whose owners are not numbers
	Size     int64
	Mtime    time.Time
}

// FullWalk says what a WalkAll yields.
type FullWalk struct {
	MaxDepth int  // entries at most this deep (0: the roots only); <0 no limit
	Threads  int  // directories read at once
	Stat     bool // fetch each entry's Stat, a directory's entries at a time
	// MayMatch, when set with Stat, says whether an entry whose Stat is
	// not fetched yet could be emitted at all: those it turns away are
	// neither stat'ed nor emitted (their directories are still walked).
	MayMatch func(*Node) bool
	// Ring stats through io_uring, 64 statx in one submission, instead
	// of a statx(2) call each (see newStatter for why that is not the
	// default).
	Ring bool
	// Ignore, NoHidden and NoGitDir filter as Options' do (spot
	// --ignore): what they leave out is neither emitted nor walked.
	Ignore   *ignore.Set
	NoHidden bool
	NoGitDir bool
	// Follow follows every symbolic link, as find -L: an entry is what
	// its link points to (its Type and Stat the target's), a broken
	// link stays a link, a directory reached through one is walked,
	// and one that is a directory above it (a loop) is reported as a
	// *LoopError, neither emitted nor walked. FollowRoots follows only
	// the roots, as find -H.
	Follow, FollowRoots bool
	// Listings, when set, gives directories' listings without reading
	// them, as Options' does, in a walk that fetches no Stat.
	Listings Lister
}

// LoopError is a directory that a walk following links (FullWalk.Follow)
// met below itself: Path is where it was met, Ancestor the directory
// above it that it is, both as the walk names them.
type LoopError struct{ Path, Ancestor string }

func (e *LoopError) Error() string {
	return "directory loop: " + e.Path + " is " + e.Ancestor
}

// All walks each root and hands every entry to emit, from several
// goroutines at once, parents before what they hold; emit returning false
// stops the walk. The Node is the walker's, valid during the call only.
// Errors go to errf with the path they concern.
func All(roots []string, o FullWalk, emit func(*Node) bool, errf func(path string, err error)) {
	w := newWalker(Options{MaxDepth: o.MaxDepth, Threads: o.Threads, Ignore: o.Ignore, NoHidden: o.NoHidden, NoGitDir: o.NoGitDir, Follow: o.Follow, Listings: o.Listings}, nil, errf, errf)
	w.emitNode, w.stat, w.ring, w.mayMatch = emit, o.Stat, o.Ring, o.MayMatch
	for _, root := range roots {
		if w.isStopped() {
			return
		}
		n, chain, ok := w.rootNode(root, o)
		if !ok {
			continue
		}
		if !emit(&n) {
			return
		}
		// The Type, not fi.IsDir: a root that is a junction is a link, as
		// find -P leaves a root that is a symbolic link unwalked.
		if n.Type == TypeDir && o.MaxDepth != 0 && !n.Prune {
			w.walkRoot(root, root, chain)
		}
	}
}

// rootNode is the Node of a root, looked at through a link when the walk
// follows roots (Follow or FollowRoots), and, when it follows every link
// and the root is a directory, the chain of directories for the loop
// checks below it; ok is false when the root was reported instead.
func (w *walker) rootNode(root string, o FullWalk) (n Node, chain *ancestor, ok bool) {
	fi, err := os.Lstat(root)
	if err == nil && (o.Follow || o.FollowRoots) && typeOfInfo(fi) == TypeLink {
		fi, err = followLink(root, fi)
	}
	if err != nil {
		w.errf(root, err)
		return Node{}, nil, false
	}
	n = Node{root: root, Name: baseName(root), Type: typeOfInfo(fi)}
	if o.Stat {
		n.Stat = statOf(fi)
	}
	if o.Follow && n.Type == TypeDir {
		chain = &ancestor{id: idOfDir(root, fi), path: root}
	}
	return n, chain, true
}

// baseName is a root's name as find's -name sees it: its last element,
// trailing separators dropped (on Windows a backslash is one too); a
// root that is separators alone is "/", and on Windows a drive's or a
// share's root is itself (C:\).
func baseName(p string) string {
	t := strings.TrimRightFunc(p, func(r rune) bool { return r < utf8.RuneSelf && os.IsPathSeparator(byte(r)) })
	if t != filepath.VolumeName(t) {
		return filepath.Base(t)
	}
	if len(t) < len(p) {
		return p[:len(t)+1]
	}
	return p
}

// readDirAll lists one directory for WalkAll: every entry is emitted,
// with its Stat when asked, and the subdirectories within the depth are
// returned to be walked.
//
// Entries go out a getdents buffer at a time, stat'ed in one batch, their
// names views of the buffer. Copying each listing into an arena first had
// each of the walk's goroutines grow one to the size of the largest
// directory, and the first writes to that fresh memory were about half
// of a name search's page faults; without the copy a warm name search
// faulted a third as often and ran faster (see docs/decisions.md#readdirall-no-copy-of-a-listing-walkallgo-was-schedwalkallgo).
func (w *walker) readDirAll(job dirJob, buf []byte, sc *scratch) []dirJob {
	var subdirs []dirJob
	stopped := false
	if w.opts.Ignore != nil {
		// Entries go out before the listing is whole: the ignore files
		// are looked for first.
		var err error
		job.ignores, err = w.opts.Ignore.Dir(job.ignores, job.path, job.rel, func(name string) bool {
			_, err := os.Lstat(joinPath(job.path, name))
			return err == nil
		})
		if err != nil {
			w.errf(job.shown(), err)
		}
	}
	sc.list = sc.list[:0]
	if w.listedAll(job, sc) {
		if !w.emitBatch(job, -1, sc, &subdirs) {
			return nil
		}
		return subdirs
	}
	err := listBatches(job.path, buf, func(name []byte, t Type, _ uint64) {
		sc.list = append(sc.list, listing{name: unsafe.String(unsafe.SliceData(name), len(name)), typ: t})
	}, func(fd int) {
		if !stopped {
			stopped = !w.emitBatch(job, fd, sc, &subdirs)
		}
		sc.list = sc.list[:0]
	})
	if stopped {
		return nil
	}
	if err != nil {
		w.errf(job.shown(), err)
	}
	return subdirs
}

// listedAll puts in sc.list the listing of job's directory from the
// walk's Lister, when it has one and the walk fetches no Stat (which is
// fetched relative to the open directory).
func (w *walker) listedAll(job dirJob, sc *scratch) bool {
	if w.stat || w.opts.Listings == nil {
		return false
	}
	var ok bool
	if sc.list, sc.text, _, ok = w.fromListings(job, sc.list[:0], sc.text[:0]); !ok {
		sc.list = sc.list[:0]
	}
	return ok
}

// emitBatch emits the entries in sc.list, of the directory job open as
// fd, with their Stats when the walk wants them; false means the walk is
// stopped.
func (w *walker) emitBatch(job dirJob, fd int, sc *scratch, subdirs *[]dirJob) bool {
	if w.stat && len(sc.list) > 0 {
		w.statBatch(job, fd, sc)
	}
	k := 0 // the next of sc.got, in the order of the wanted entries
	for i, l := range sc.list {
		sc.node = Node{Dir: job.display, Name: l.name, Depth: job.depth + 1, Type: l.typ}
		wanted := !w.stat || sc.want[i]
		if w.stat && wanted {
			if sc.gotErrs[k] != nil {
				sc.node.StatErr = sc.gotErrs[k]
			} else {
				sc.node.Stat = &sc.got[k]
				sc.node.Type = typeOfStatMode(sc.got[k].Mode)
			}
			k++
		}
		if !w.visit(job, &sc.node, subdirs, wanted) {
			return false
		}
	}
	return true
}

// statBatch fetches into sc.got the Stats of the entries in sc.list that
// the walk's MayMatch does not turn away (sc.want), in list order.
func (w *walker) statBatch(job dirJob, fd int, sc *scratch) {
	sc.want, sc.names = sc.want[:0], sc.names[:0]
	for _, l := range sc.list {
		sc.node = Node{Dir: job.display, Name: l.name, Depth: job.depth + 1, Type: l.typ}
		if w.opts.Follow && l.typ == TypeLink {
			sc.node.Type = TypeUnknown // what it is is its target's, not known yet
		}
		want := w.mayMatch == nil || w.mayMatch(&sc.node)
		sc.want = append(sc.want, want)
		if want {
			sc.names = append(sc.names, l.name)
		}
	}
	n := len(sc.names)
	if cap(sc.got) < n {
		sc.got, sc.gotErrs = make([]Stat, n), make([]error, n)
	}
	sc.got, sc.gotErrs = sc.got[:n], sc.gotErrs[:n]
	clear(sc.gotErrs)
	sc.st.stat(fd, job.path, sc.names, sc.got, sc.gotErrs)
}

// visit emits n (when emit is set), an entry of the directory job,
// learning its type with an lstat when neither d_type nor a Stat gave it,
// and adds it to subdirs when it is a directory to walk; false means the
// walk is stopped.
func (w *walker) visit(job dirJob, n *Node, subdirs *[]dirJob, emit bool) bool {
	if n.Type == TypeUnknown && n.Stat == nil {
		if fi, err := os.Lstat(joinPath(job.path, n.Name)); err == nil {
			n.Type = typeOfInfo(fi)
		}
	}
	var chain *ancestor
	if w.opts.Follow {
		var ok bool
		if chain, ok = w.follow(job, n, emit); !ok {
			return true
		}
	}
	if (w.opts.Ignore != nil || w.opts.NoHidden) && !w.taken(w.opts.Globs.match("", n.Name, n.Type == TypeDir), n.Name, job.rel, n.Type == TypeDir, job.ignores) {
		return true
	}
	if emit && !w.emitNode(n) {
		w.stop()
		return false
	}
	if n.Type == TypeDir && !n.Prune && (w.opts.MaxDepth < 0 || n.Depth < w.opts.MaxDepth) {
		*subdirs = append(*subdirs, dirJob{path: joinPath(job.path, n.Name), display: joinPath(job.display, n.Name), depth: n.Depth, rel: w.subRel(job.rel, n.Name), ignores: job.ignores, chain: chain})
	}
	return true
}

// scratch is one walking goroutine's memory for readDir and readDirAll,
// reused from directory to directory: the entries of a getdents buffer,
// their stats.
type scratch struct {
	list    []listing
	text    []byte   // readDir: the listing's names, one after another
	subdirs []dirJob // readDir: the subdirectories it returns
	want    []bool   // list[i] may match: its Stat is fetched
	names   []string // the names of those, to stat
	got     []Stat   // their Stats, in the order of names
	gotErrs []error
	st      statter
	node    Node // the entry being handed over
}

// statter fetches the Stat of the entries names of one directory, open
// as dirfd (-1 off Linux, where it stats by path) and named dir, all at
// once; one per walking goroutine.
type statter interface {
	stat(dirfd int, dir string, names []string, out []Stat, errs []error)
	close()
}
