package main

// The index: --index-update builds or updates a tree's, through the run's
// I/O engine; --index searches with it, leaving unread the files it rules
// out (see package index, and docs/index.md).

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"urg/decompress"
	"urg/index"
	"urg/index/trigram"
	"urg/match"
	"urg/osfile"
	"urg/printer"
	"urg/sched"
	"urg/transcode"
)

// deltaShare is how large the index of the files changed since the full
// build may grow, as a share of the full build's files, before an update
// builds the whole index again: each search asks the deltas first, and
// their files are read again whenever the deltas are merged.
const deltaShare = 8

// recentSlack: the recent layer, which every update writes again, is
// merged into the delta once it holds more than recentSlack files and
// half the delta's. The delta then grows by halves at least, so a file
// is read again a few times between two full builds, and an update reads
// about as many files as changed since the last merge, not since the
// full build.
const recentSlack = 4

// staleShare: when more than one file in staleShare is new or changed
// since the index was updated, a search with it says so once.
const staleShare = 10

// indexTree is where a tree's index lives and what it covers.
type indexTree struct {
	root  string // the tree's operand: "." when none was given
	shown string // how the walk names the root's files: "" or "root/"
	dir   string // the index's directory
}

// The index's layers: the full build, the files changed since it in
// delta, and those changed since the delta was last merged in recent. A
// file is taken from the newest layer that holds it.
func (t indexTree) full() string   { return filepath.Join(t.dir, "index") }
func (t indexTree) delta() string  { return filepath.Join(t.dir, "delta") }
func (t indexTree) recent() string { return filepath.Join(t.dir, "recent") }

// layers are the layers' files, newest first.
func (t indexTree) layers() []string { return []string{t.recent(), t.delta(), t.full()} }

// rel is the name a walked path has in the index; false when the path is
// not below the root as the walk names it.
func (t indexTree) rel(path string) (string, bool) {
	if !strings.HasPrefix(path, t.shown) {
		return "", false
	}
	return filepath.ToSlash(path[len(t.shown):]), true
}

// own is the index's directory as the index names files, with a slash
// after it: the build leaves its files out. "" when it is not in the tree.
func (t indexTree) own() string {
	root, err1 := filepath.Abs(t.root)
	dir, err2 := filepath.Abs(t.dir)
	rel, err3 := filepath.Rel(root, dir)
	if err1 != nil || err2 != nil || err3 != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return ""
	}
	return filepath.ToSlash(rel) + "/"
}

// indexTree is the tree the command's index covers: the one directory
// operand, or the current directory when there is none.
func (o *options) indexTree() (indexTree, error) {
	t := indexTree{root: "."}
	switch len(o.paths) {
	case 0:
	case 1:
		t.root = o.paths[0]
		t.shown = strings.TrimRight(t.root, "/") + "/"
		if t.root == "/" {
			t.shown = "/"
		}
	default:
		return t, errors.New("an index covers one tree: give one directory")
	}
	if fi, err := os.Stat(t.root); err != nil {
		return t, err
	} else if !fi.IsDir() {
		return t, fmt.Errorf("%s: an index covers a directory", t.root)
	}
	t.dir = o.index.dir
	if t.dir == "" {
		t.dir = filepath.Join(t.root, ".urg")
	}
	return t, nil
}

// updateIndex is --index-update: the full index built again when there
// is none (or it is unreadable, or the deltas grew too large), else the
// recent layer of the files new or changed since the delta, which is
// merged into the delta once it grows past recentSlack.
func updateIndex(o *options, stderr io.Writer) error {
	t, err := o.indexTree()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(t.dir, 0o777); err != nil {
		return err
	}
	// Left out of every search that follows ignore files, as .git is.
	if _, err := os.Stat(filepath.Join(t.dir, ".gitignore")); errors.Is(err, os.ErrNotExist) {
		os.WriteFile(filepath.Join(t.dir, ".gitignore"), []byte("*\n"), 0o666)
	}
	unlock, err := lockIndex(filepath.Join(t.dir, "lock"))
	if err != nil {
		return err
	}
	defer unlock()
	full, err := index.Open(t.full())
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		fmt.Fprintf(stderr, "urg: %s: %v; building it again\n", t.full(), err)
	}
	if full == nil {
		return rebuildIndex(o, t)
	}
	defer full.Close()
	delta, err := index.Open(t.delta())
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		fmt.Fprintf(stderr, "urg: %s: %v; building it again\n", t.delta(), err)
		return mergeDelta(o, t, full)
	}
	base, deltaFiles := []*index.Index{full}, 0
	if delta != nil {
		defer delta.Close()
		base, deltaFiles = []*index.Index{delta, full}, delta.Files()
	}
	recent, err := buildIndex(o, t, t.recent(), base)
	switch {
	case err != nil:
		return err
	case (recent+deltaFiles)*deltaShare > full.Files():
		full.Close()
		return rebuildIndex(o, t)
	case recent > recentSlack+deltaFiles/2:
		return mergeDelta(o, t, full)
	case recent == 0:
		os.Remove(t.recent()) // holds nothing: one file fewer for searches to open
	}
	return nil
}

// rebuildIndex builds the full index again, and drops the deltas, which
// were of the old one.
func rebuildIndex(o *options, t indexTree) error {
	if _, err := buildIndex(o, t, t.full(), nil); err != nil {
		return err
	}
	os.Remove(t.delta())
	os.Remove(t.recent())
	return nil
}

// mergeDelta writes the delta again, of every file full does not hold as
// it is now, and drops the recent layer it now covers. Each layer is
// exact on its own, so an update killed between the two leaves an index
// that is still exact.
func mergeDelta(o *options, t indexTree, full *index.Index) error {
	if _, err := buildIndex(o, t, t.delta(), []*index.Index{full}); err != nil {
		return err
	}
	os.Remove(t.recent())
	return nil
}

// buildIndex writes the index at path of the tree's files, read
// through the run's engine with the search's filters; with base (its
// layers, newest first), only of the files base does not hold as they
// are now. It returns how many files it indexed.
func buildIndex(o *options, t indexTree, path string, base []*index.Index) (int, error) {
	start := osfile.StartAt(t.dir, time.Now())
	w, err := index.NewWriter(path, start)
	if err != nil {
		return 0, err
	}
	lists := listingsWriter(t, start)
	cfg := o.config(nil).IO
	cfg.Walk.Listings = lists
	cfg.Paths = []string{t.root}
	if len(o.paths) == 0 {
		cfg.Paths = nil // the walk names the files without "./"
	}
	own := t.own()
	cfg.Walk.Skip = func(path string) bool {
		name, ok := t.rel(path)
		if !ok {
			return false
		}
		if own != "" && strings.HasPrefix(name, own) {
			return true // the index's own files
		}
		return heldIn(base, name, path)
	}
	var failed error
	cfg.Report = func(path string, err error) {
		if failed == nil {
			failed = fmt.Errorf("%s: %s", path, message(err))
		}
	}
	var count atomic.Int64
	var lags osfile.LagCache
	cfg.NewSearcher = func() sched.Searcher {
		return &indexSearcher{t: t, w: w, keys: index.NewKeys(), count: &count, lags: &lags}
	}
	if _, err := sched.Run(cfg); err != nil {
		w.Abort()
		return 0, err
	}
	if err := w.Commit(); err != nil {
		return 0, err
	}
	return int(count.Load()), lists.Commit()
}

// heldAs looks name up in ix: found says ix has an entry for it, held
// that the entry holds the file at path as it is now, and same that the
// file's identity is the one recorded, though its bytes may not be
// trusted (a racy file, or one not indexed, is the same file and still
// read).
func heldAs(ix *index.Index, name, path string) (e index.Entry, found, same, held bool) {
	e, found = ix.Lookup(name)
	if !found {
		return e, false, false, false
	}
	id, err := osfile.IdentifyPath(path)
	if err != nil {
		return e, true, false, false
	}
	return e, true, e.ID == id, e.Trusted(id)
}

// heldIn says the newest of layers that has an entry for name holds the
// file at path as it is now.
func heldIn(layers []*index.Index, name, path string) bool {
	for _, ix := range layers {
		if _, found, _, held := heldAs(ix, name, path); found {
			return held
		}
	}
	return false
}

// indexSearcher reads each file it is handed into the index's trigrams.
type indexSearcher struct {
	t     indexTree
	w     *index.Writer
	keys  *index.Keys
	count *atomic.Int64
	lags  *osfile.LagCache // the run's, shared by its searchers
	buf   []byte           // what a file's rest is read into, the searcher's own
}

// Search indexes one file. A file that cannot be read is left out of the
// index, so every search reads it (and reports what is wrong with it).
func (s *indexSearcher) Search(f *sched.File) {
	name, ok := s.t.rel(f.Path)
	in, err := f.Open()
	if err != nil || !ok {
		f.Close(0)
		return
	}
	n, head, err := s.read(in)
	if err != nil {
		s.keys.Take()
		f.Close(n)
		return
	}
	id, err := in.Identity()
	if err != nil {
		id, err = osfile.IdentifyPath(f.Path)
	}
	f.Close(n)
	keys := s.keys.Take()
	if err != nil {
		return
	}
	// Compressed and transcoded files are searched as other bytes than
	// they hold: their trigrams would not tell.
	indexed := decompress.Sniff(head) == decompress.None && transcode.Default().For(head) == nil
	// Nor on a file system whose stat may lag its files' changes.
	indexed = indexed && !s.lags.Lags(f.Path, id.Dev)
	s.w.Add(name, id, keys, indexed)
	s.count.Add(1)
}

// headLen is how many first bytes tell a compressed or marked file.
const headLen = 64

// read feeds the input's bytes to the trigrams, keeping its first bytes.
func (s *indexSearcher) read(in *sched.Input) (n int64, head []byte, err error) {
	keep := func(p []byte) {
		if len(head) < headLen {
			head = append(head, p[:min(len(p), headLen-len(head))]...)
		}
		s.keys.Write(p)
		n += int64(len(p))
	}
	switch in.Shape {
	case sched.Whole:
		keep(in.Head)
	case sched.Read, sched.Sniffed:
		if in.Err != nil {
			return 0, nil, in.Err
		}
		keep(in.Head)
		if in.Rest != nil {
			if s.buf == nil {
				s.buf = make([]byte, 256<<10)
			}
			for {
				k, err := in.Rest.Read(s.buf)
				keep(s.buf[:k])
				if err == io.EOF {
					break
				}
				if err != nil {
					return n, head, err
				}
			}
		}
	case sched.Mapped:
		err = osfile.Protect(func() error {
			data := in.Map.Bytes()
			for off := 0; off < len(data); off += 16 << 20 {
				end := min(len(data), off+16<<20)
				if err := in.Map.Ensure(end); err != nil {
					return err
				}
				keep(data[off:end])
				in.Map.Release(end)
			}
			return nil
		})
	case sched.Streamed:
		for {
			_, data, err := in.Stream.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				return n, head, err
			}
			keep(data)
			in.Stream.Done()
		}
	default:
		return 0, nil, errors.New("not a file")
	}
	return n, head, err
}

// Done: the writer is the run's, committed once the run is over.
func (s *indexSearcher) Done() {}

// indexSkip is --index's rule for the walk: the files the index holds as
// they are now and rules out for the patterns. It returns nil, and why,
// when the index cannot serve the search; the search is then a scan.
func indexSkip(o *options, stderr io.Writer) (use *indexUse, why string) {
	if why := o.indexRefusal(); why != "" {
		return nil, why
	}
	trees, ok := match.Trees(o.patterns, o.match)
	if !ok {
		return nil, "a pattern only the backtracking engine runs"
	}
	q := trigram.FromTrees(trees)
	if q.Op == trigram.All {
		return nil, "no pattern holds a literal of three bytes"
	}
	t, err := o.indexTree()
	if err != nil {
		return nil, err.Error()
	}
	var layers []*indexLayer
	for _, path := range t.layers() {
		ix, err := index.Open(path)
		if err != nil {
			if !errors.Is(err, os.ErrNotExist) {
				fmt.Fprintf(stderr, "urg: %s: %v\n", path, err)
			}
			continue
		}
		cand, err := ix.Candidates(q)
		if err != nil {
			fmt.Fprintf(stderr, "urg: %s: %v\n", path, err)
			ix.Close()
			continue
		}
		layers = append(layers, &indexLayer{ix: ix, cand: cand})
	}
	if len(layers) == 0 {
		return nil, "no index of " + t.root + " (urg --index-update builds one)"
	}
	return &indexUse{t: t, own: t.own(), layers: layers}, ""
}

// indexUse is a search's use of the index: its layers, and what it found
// of the files walked.
type indexUse struct {
	t       indexTree
	own     string // the index's own directory, as indexTree.own
	layers  []*indexLayer
	ruled   atomic.Int64 // files ruled out, unread
	fresh   atomic.Int64 // files the index holds as they are
	changed atomic.Int64 // files new or changed since it was built
	// unread, when set, is told the size of each file ruled out.
	unread func(size int64)
}

// skip says the index rules out the file at path: it holds the file as
// it is now, and its trigrams do not meet the patterns' condition.
func (u *indexUse) skip(path string) bool {
	name, ok := u.t.rel(path)
	if !ok {
		return false
	}
	if u.own != "" && strings.HasPrefix(name, u.own) {
		return false // the index's own files, searched but never indexed
	}
	for _, l := range u.layers {
		e, found, same, held := heldAs(l.ix, name, path)
		if !found {
			continue
		}
		if !held {
			if same {
				u.fresh.Add(1) // racy or not indexed: read, but not changed
				return false
			}
			break
		}
		u.fresh.Add(1)
		if l.cand.Has(e.Num) {
			return false
		}
		u.ruled.Add(1)
		if u.unread != nil {
			u.unread(e.ID.Size)
		}
		return true
	}
	u.changed.Add(1)
	return false
}

// stale says, once the search is over, when the index held too few of
// the files as they are.
func (u *indexUse) stale(stderr io.Writer) {
	changed, total := u.changed.Load(), u.changed.Load()+u.fresh.Load()
	if changed > 0 && changed*staleShare > total {
		fmt.Fprintf(stderr, "urg: %s: index is stale: %d of %d files are new or changed since it was updated (urg --index-update)\n", u.t.root, changed, total)
	}
}

// indexLayer is one index file opened for a search: the newest first,
// then the full build.
type indexLayer struct {
	ix   *index.Index
	cand index.Set
}

// indexRefusal says why the index cannot serve the search ("" when it
// can): a file the index rules out holds no selected line, which prints
// nothing only when no line is inverted, passed through or counted.
func (o *options) indexRefusal() string {
	switch {
	case o.invert:
		return "-v selects the lines that do not match"
	case o.shape.passthru:
		return "--passthru prints every line"
	case o.mode == printer.FilesWithoutMatch:
		return "-L lists the files with no match"
	case o.mode == printer.Count || o.mode == printer.MatchCount && o.includeZero:
		return "-c counts the files with no match too"
	case o.pre != nil:
		return "--pre searches a program's output"
	case o.encoding.Always():
		return "--encoding transcodes every file"
	}
	return ""
}

// writeIndexStats is --stats' line of the index, under --index.
func (o *options) writeIndexStats(w io.Writer) {
	switch u := o.indexUsed; {
	case !o.index.use:
	case u == nil:
		fmt.Fprintf(w, "  index:    not used, every file searched: %s\n", o.indexWhy)
	default:
		fmt.Fprintf(w, "  index:    %d files ruled out unread, %d others held as they are, %d new or changed since the index was updated\n",
			u.ruled.Load(), u.fresh.Load()-u.ruled.Load(), u.changed.Load())
	}
	o.writeListingsStats(w)
}
