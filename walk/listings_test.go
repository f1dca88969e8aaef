package walk

import (
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"urg/osfile"
)

// fakeLister gives one directory's listing, whatever the disk holds, and
// records what the walk tells it.
type fakeLister struct {
	dir     string
	entries []DirEntry
	mu      sync.Mutex
	asked   []string
	read    map[string][]string
}

func (f *fakeLister) Listing(path string, fn func(name []byte, t Type, ino uint64)) (dev, ino uint64, ok bool) {
	f.mu.Lock()
	f.asked = append(f.asked, path)
	f.mu.Unlock()
	if path != f.dir {
		return 0, 0, false
	}
	for _, e := range f.entries {
		fn([]byte(e.Name), e.Type, e.Ino)
	}
	return 1, 2, true
}

// recordingLister is a fakeLister that is also a Recorder.
type recordingLister struct{ fakeLister }

func (r *recordingLister) Read(path string, id osfile.Identity, entries []DirEntry) {
	r.mu.Lock()
	defer r.mu.Unlock()
	var names []string
	for _, e := range entries {
		names = append(names, e.Name)
	}
	slices.Sort(names)
	r.read[path] = names
}

func walkListed(t *testing.T, root string, l Lister, sorted bool) []string {
	t.Helper()
	var mu sync.Mutex
	var got []string
	Files([]string{root}, Options{MaxDepth: -1, Threads: 2, Sorted: sorted, Listings: l}, Handler{
		File:   func(f File) bool { mu.Lock(); got = append(got, f.Path); mu.Unlock(); return true },
		Report: func(p string, err error) { t.Errorf("%s: %v", p, err) },
	})
	slices.Sort(got)
	return got
}

// TestFilesListings: the walk takes a directory's entries from its Lister
// when it has them (a file there or not on the disk alike), reads the
// others, and tells a Recorder each directory it read, whole.
func TestFilesListings(t *testing.T) {
	root := t.TempDir()
	for _, p := range []string{"a/on-disk", "b/x", "b/y"} {
		os.MkdirAll(filepath.Dir(filepath.Join(root, p)), 0o755)
		os.WriteFile(filepath.Join(root, p), nil, 0o644)
	}
	a := filepath.Join(root, "a")
	listed := []DirEntry{{Name: "listed", Type: TypeFile}, {Name: "also", Type: TypeFile, Ino: 9}}
	for _, sorted := range []bool{false, true} {
		f := &fakeLister{dir: a, entries: listed}
		want := []string{a + "/also", a + "/listed", root + "/b/x", root + "/b/y"}
		if got := walkListed(t, root, f, sorted); !slices.Equal(got, want) {
			t.Errorf("sorted %v: walked %q, want %q", sorted, got, want)
		}
		slices.Sort(f.asked)
		if want := []string{root, a, root + "/b"}; !slices.Equal(f.asked, slices.Sorted(slices.Values(want))) {
			t.Errorf("sorted %v: asked for %q, want %q", sorted, f.asked, want)
		}
		r := &recordingLister{fakeLister{dir: a, entries: listed, read: map[string][]string{}}}
		walkListed(t, root, r, sorted)
		if len(r.read) != 2 || !slices.Equal(r.read[root], []string{"a", "b"}) || !slices.Equal(r.read[root+"/b"], []string{"x", "y"}) {
			t.Errorf("sorted %v: told %v, want the root's and b's listings, not a's", sorted, r.read)
		}
	}
}

// TestAllListings: a full walk that fetches no Stat takes listings from
// its Lister too; one that does reads every directory.
func TestAllListings(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "a"), 0o755)
	os.WriteFile(filepath.Join(root, "a", "on-disk"), nil, 0o644)
	a := filepath.Join(root, "a")
	for _, stat := range []bool{false, true} {
		f := &fakeLister{dir: a, entries: []DirEntry{{Name: "listed", Type: TypeFile}}}
		var mu sync.Mutex
		var got []string
		All([]string{root}, FullWalk{MaxDepth: -1, Threads: 2, Stat: stat, Listings: f}, func(n *Node) bool {
			mu.Lock()
			got = append(got, n.Path())
			mu.Unlock()
			return true
		}, func(p string, err error) { t.Errorf("%s: %v", p, err) })
		slices.Sort(got)
		want := []string{root, a, a + "/listed"}
		if stat {
			want = []string{root, a, a + "/on-disk"}
		}
		if !slices.Equal(got, want) {
			t.Errorf("stat %v: walked %q, want %q", stat, got, want)
		}
	}
}
