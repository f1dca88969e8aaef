package walk

import (
	"cmp"
	"os"
	"runtime"
	"slices"

	"urg/walk/ignore"
)

// dirJob is a directory waiting to be read.
type dirJob struct {
	path    string
	display string // prefix of children's paths: "" for the implicit "."
	// rel is the directory's path below the operand with a trailing
	// '/' ("" for the operand), when the ignore files need it: an
	// entry's is rel+name. The globs anchor paths elsewhere (GlobSet's
	// anchored).
	rel     string
	depth   int
	parent  *ancestor
	pseudo  bool         // on a procfs-like file system
	ignores *ignore.Node // --ignore: the ignore files that apply
	dev     uint64       // the root's device, for OneFileSystem
	// chain, in a full walk that follows links (FullWalk.Follow), is
	// this directory and those above it, for the loop checks of what
	// it holds.
	chain *ancestor
}

// ancestor links a directory to the ones above it, for --follow loop
// checks. path is its name as printed, for a full walk's LoopError ("" in
// Files's walk, whose warning names only the directory met again).
type ancestor struct {
	id     dirID
	parent *ancestor
	path   string
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
	list, names, self, ok := w.list(job, buf, list, names, sorted)
	if !ok {
		return nil
	}
	ignores := w.dirIgnores(job, list)
	// Without globs, types or ignore files, hidden names go first,
	// before any stat; with them, a name they choose is searched
	// though hidden.
	hiddenFirst := w.opts.NoHidden && w.opts.Globs == nil && w.opts.Types == nil && w.opts.Ignore == nil
	near := w.opts.Globs.nearRoot(job.display)
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
		globbed := w.opts.Globs.entry(display, l.name, t == TypeDir, near)
		if !w.taken(globbed, l.name, job.rel, t == TypeDir, ignores) {
			w.filter()
			continue
		}
		switch t {
		case TypeDir:
			sub, ok := w.subdir(job, l.name, p, display, self, ignores)
			if !ok {
				continue
			}
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
			if !w.found(job, l, p, display, t) {
				return nil
			}
		}
	}
	return subdirs
}

// found yields l, a file of job's directory at p (shown as display) of
// type t, unless a filter leaves it out; it is false once the walk stops.
func (w *walker) found(job dirJob, l listing, p, display string, t Type) bool {
	if !w.wanted(l.name) || !w.inShard(display) {
		w.filter()
		return true
	}
	f := File{Path: display, Size: -1, ShortIsEOF: t == TypeFile && !job.pseudo && !w.opts.faults.Is("not-eof", display)}
	if t == TypeFile && w.opts.MaxFileSize != nil && !w.sizeWanted(p, &f) {
		w.filter()
		return true
	}
	if w.opts.Output != nil && w.listedIsOutput(p, l) {
		w.errf(display, ErrInputIsOutput)
		return true
	}
	if w.opts.Skip != nil && w.opts.Skip(display) {
		return true
	}
	f.Seq = w.nextSeq()
	return w.yield(f)
}

// list reads the directory of job into list and names (grown from
// them), in the order readDir takes them: by name when sorted, else by
// inode number. self is the directory in the chain of those above; ok is
// false when it is not walked: it could not be opened, it was reached
// again through a followed link, or it is on another file system.
func (w *walker) list(job dirJob, buf []byte, list []listing, names []byte, sorted bool) (_ []listing, _ []byte, self *ancestor, ok bool) {
	list, names, id, ok := w.fromListings(job, list, names)
	if !ok {
		var opened bool
		if list, names, id, opened = w.readList(job, buf, list, names); !opened {
			return list, names, nil, false
		}
	}
	if w.opts.Follow && job.parent.has(id) {
		// Reached again through a followed link: grep warns and goes on.
		w.warnf(job.shown(), ErrLoop)
		return list, names, nil, false
	}
	if w.opts.OneFileSystem && job.depth > 0 && id.dev != job.dev {
		return list, names, nil, false
	}
	self = &ancestor{id: id, parent: job.parent}
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
	return list, names, self, true
}

// readList reads the directory of job into list and names, as list
// does, reporting an error that cuts it short; opened is false when the
// directory could not be opened. A listing read whole is told to the
// walk's Recorder.
func (w *walker) readList(job dirJob, buf []byte, list []listing, names []byte) (_ []listing, _ []byte, id dirID, opened bool) {
	_, recording := w.opts.Listings.(Recorder)
	full, opened, err := listDir(job.path, buf, w.opts.Follow || w.opts.OneFileSystem || recording, func(name []byte, t Type, ino uint64) {
		names = append(names, name...)
		list = append(list, listing{typ: t, ino: ino, end: len(names)})
	})
	named(list, names)
	if err != nil {
		w.errf(job.shown(), err)
	} else if recording {
		w.record(job, full, list)
	}
	return list, names, dirID{dev: full.Dev, ino: full.Ino}, opened
}

// dirIgnores is the ignore files that apply in the directory of job,
// its own among them (list is what it holds).
func (w *walker) dirIgnores(job dirJob, list []listing) *ignore.Node {
	if w.opts.Ignore == nil {
		return job.ignores
	}
	ignores, err := w.opts.Ignore.Dir(job.ignores, job.path, job.rel, func(name string) bool {
		return slices.ContainsFunc(list, func(l listing) bool { return l.name == name })
	})
	if err != nil {
		w.warnf(job.shown(), err)
	}
	return ignores
}

// subdir is the job of the subdirectory name of job's directory (p and
// display its paths, self job's directory, ignores the ignore files
// that apply in it); ok is false when the depth or --exclude-dir leaves
// it out.
func (w *walker) subdir(job dirJob, name, p, display string, self *ancestor, ignores *ignore.Node) (_ dirJob, ok bool) {
	if w.opts.MaxDepth >= 0 && job.depth+1 >= w.opts.MaxDepth || w.excludedDir(name) {
		if w.excludedDir(name) {
			w.filter()
		}
		return dirJob{}, false
	}
	return dirJob{path: p, display: display, rel: w.subRel(job.rel, name), depth: job.depth + 1, parent: self, pseudo: job.pseudo, ignores: ignores, dev: job.dev}, true
}

// has reports whether id is this directory or one above it.
func (a *ancestor) has(id dirID) bool { return a.find(id) != nil }

// find is the directory of a's chain, a or one above it, that is id;
// nil when none is.
func (a *ancestor) find(id dirID) *ancestor {
	for ; a != nil; a = a.parent {
		if a.id == id {
			return a
		}
	}
	return nil
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
// rel is rel: "" when the ignore files do not need it.
func (w *walker) subRel(rel, name string) string {
	if w.opts.Ignore == nil {
		return ""
	}
	return rel + name + "/"
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
