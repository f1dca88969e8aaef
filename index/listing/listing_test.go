package listing

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"urg/osfile"
	"urg/walk"
)

// files walks root with lister and gives the files it yields, sorted.
func files(t *testing.T, root string, lister walk.Lister) []string {
	t.Helper()
	var got []string
	walk.Files([]string{root}, walk.Options{MaxDepth: -1, Threads: 1, Sorted: true, Listings: lister}, walk.Handler{
		File:   func(f walk.File) bool { got = append(got, f.Path); return true },
		Report: func(path string, err error) { t.Errorf("%s: %v", path, err) },
	})
	return got
}

func write(t *testing.T, path string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// record walks root recording its listings at path, as a walk begun at
// start would.
func record(t *testing.T, root, path string, start time.Time, prev *Listings) []string {
	t.Helper()
	w := NewWriter(path, root, osfile.StartBy(start), prev)
	got := files(t, root, w)
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	return got
}

// TestListingsFollowChanges: a walk through the listings yields what a
// walk that reads every directory yields, before and after entries are
// made, removed and renamed, and takes from the file only the
// directories that did not change.
func TestListingsFollowChanges(t *testing.T) {
	root := t.TempDir()
	for _, p := range []string{"a/1", "a/b/2", "a/b/c/3", "d/4", "5"} {
		write(t, filepath.Join(root, p))
	}
	path := filepath.Join(t.TempDir(), "lists")
	// A start an hour ahead makes every directory old enough to trust.
	future := time.Now().Add(time.Hour)
	want := record(t, root, path, future, nil)
	check := func(stage string, listed int64) {
		t.Helper()
		l, err := Open(path, root)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := files(t, root, l), files(t, root, nil); !slices.Equal(got, want) {
			t.Errorf("%s: through the listings %q, reading %q", stage, got, want)
		}
		if l.Listed.Load() != listed {
			t.Errorf("%s: %d directories from the listings, want %d (%d read)", stage, l.Listed.Load(), listed, l.Read.Load())
		}
	}
	if len(want) != 5 {
		t.Fatalf("walked %q", want)
	}
	check("unchanged", 5)
	write(t, filepath.Join(root, "a/b/new"))
	check("a file made", 4)
	os.Remove(filepath.Join(root, "d/4"))
	check("a file removed", 3)
	os.Rename(filepath.Join(root, "a/b/c"), filepath.Join(root, "d/c"))
	check("a directory renamed", 2) // the root and a; a/b, d and d/c read
	os.RemoveAll(filepath.Join(root, "a"))
	os.Mkdir(filepath.Join(root, "a"), 0o755)
	check("a directory replaced", 0)

	// Recorded again, by a walk that takes what still holds.
	prev, err := Open(path, root)
	if err != nil {
		t.Fatal(err)
	}
	record(t, root, path, future, prev)
	check("recorded again", 4)
}

// TestListingsRacy: directories changed within Racy of the walk's start
// are not recorded, and so are always read.
func TestListingsRacy(t *testing.T) {
	root := t.TempDir()
	write(t, filepath.Join(root, "a/1"))
	path := filepath.Join(t.TempDir(), "lists")
	record(t, root, path, time.Now(), nil)
	l, err := Open(path, root)
	if err != nil {
		t.Fatal(err)
	}
	files(t, root, l)
	if l.Listed.Load() != 0 || l.Read.Load() != 2 {
		t.Errorf("listed %d, read %d; want 0 and 2", l.Listed.Load(), l.Read.Load())
	}
}

// TestListingsDamaged: every damage to the file is reported as
// ErrUnreadable, never a panic or a wrong listing.
func TestListingsDamaged(t *testing.T) {
	root := t.TempDir()
	for _, p := range []string{"a/1", "a/b/2", "c/3"} {
		write(t, filepath.Join(root, p))
	}
	path := filepath.Join(t.TempDir(), "lists")
	record(t, root, path, time.Now().Add(time.Hour), nil)
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	try := func(what string, data []byte) {
		t.Helper()
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Open(path, root); !errors.Is(err, ErrUnreadable) {
			t.Errorf("%s: %v, want ErrUnreadable", what, err)
		}
	}
	for n := range len(good) {
		try("truncated", good[:n])
	}
	for i := range len(good) {
		bad := slices.Clone(good)
		bad[i] ^= 0x5a
		try("a byte changed", bad)
	}
	try("foreign", []byte("this is no listings file at all, not one"))
}

func TestRel(t *testing.T) {
	for _, c := range []struct{ root, path, want string }{
		{".", ".", ""}, {".", "./a", "a"}, {".", "./a/b", "a/b"}, {".", ".a", "\x00"},
		{"t", "t/a", "a"}, {"t/", "t/a", "a"}, {"/", "/a", "a"}, {"t", "tt/a", "\x00"}, {"t", "u", "\x00"},
	} {
		if got := rel(c.root, c.path); got != c.want {
			t.Errorf("rel(%q, %q) = %q, want %q", c.root, c.path, got, c.want)
		}
	}
}
