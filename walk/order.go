package walk

import (
	"cmp"
	"os"
	"slices"
	"strings"
	"sync"
	"time"
)

// SortKey is what files are put in order by when the walk's own order
// will not do: ripgrep's --sort and --sortr.
type SortKey int

const (
	// SortNone keeps the walk's order (Options.Sorted streams path
	// order without gathering).
	SortNone SortKey = iota
	SortPath
	SortModified
	SortAccessed
	SortCreated
)

// Order is an order that Files can give only once it has every file:
// by a time, or by path from last to first.
type Order struct {
	By      SortKey
	Reverse bool
}

// gathers says whether o needs every file before the first is yielded.
func (o Order) gathers() bool {
	return o.By != SortNone && (o.By != SortPath || o.Reverse)
}

// ordered is Files under an Order that gathers: the walk runs as it would
// unordered, its files are kept, and once it is done they are put in
// order and handed out, numbered afresh. As in ripgrep, a file whose
// time cannot be read (no birth time on this file system) comes after
// those whose can, and paths compare by their components, so that the
// reverse of path order is --sort=path's order backwards.
func ordered(paths []string, o Options, h Handler) {
	by := o.Order
	o.Order, o.Sorted = Order{}, false
	var mu sync.Mutex
	var files []File
	yield := h.File
	h.File = func(f File) bool {
		mu.Lock()
		files = append(files, f)
		mu.Unlock()
		return true
	}
	Files(paths, o, h)
	type keyed struct {
		f  File
		t  time.Time
		ok bool
	}
	list := make([]keyed, len(files))
	for i, f := range files {
		list[i].f = f
		if by.By != SortPath && f.Path != StdinPath {
			list[i].t, list[i].ok = fileTime(f.Path, by.By)
		}
	}
	slices.SortStableFunc(list, func(a, b keyed) int {
		var c int
		switch {
		case by.By == SortPath:
		case a.ok && b.ok:
			c = a.t.Compare(b.t)
		case a.ok != b.ok:
			// Unknown times last, ascending or descending.
			if a.ok {
				return -1
			}
			return 1
		}
		if c == 0 {
			// Files of one time (and paths) in path order, the same
			// from run to run whatever order the walk met them in.
			c = comparePaths(a.f.Path, b.f.Path)
		}
		if by.Reverse {
			c = -c
		}
		return c
	})
	for i, k := range list {
		k.f.Seq = int64(i)
		if !yield(k.f) {
			return
		}
	}
}

// comparePaths orders paths by their components, as a directory's
// names are ordered in path order: "a/b" comes before "a-c".
func comparePaths(a, b string) int {
	for a != "" && b != "" {
		x, ra := cutSeparator(a)
		y, rb := cutSeparator(b)
		if c := cmp.Compare(x, y); c != 0 {
			return c
		}
		a, b = ra, rb
	}
	return cmp.Compare(len(a), len(b))
}

// cutSeparator splits p at its first separator ('/', and on Windows '\\'
// too).
func cutSeparator(p string) (first, rest string) {
	i := strings.IndexFunc(p, func(r rune) bool { return r < 0x80 && os.IsPathSeparator(uint8(r)) })
	if i < 0 {
		return p, ""
	}
	return p[:i], p[i+1:]
}
