package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"urg/index/listing"
	"urg/osfile"
	"urg/walk"
)

// recordListings writes the listings of root's directories where spot
// --index looks for them, as urg --index-update does, with a start an
// hour ahead so that every directory is old enough to be trusted.
func recordListings(t *testing.T, root string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(root, ".urg"), 0o755); err != nil {
		t.Fatal(err)
	}
	w := listing.NewWriter(filepath.Join(root, ".urg", "lists"), root, osfile.StartBy(time.Now().Add(time.Hour)), nil)
	walk.Files([]string{root}, walk.Options{MaxDepth: -1, Threads: 1, Listings: w}, walk.Handler{
		File: func(walk.File) bool { return true }, Report: func(string, error) {},
	})
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
}

// TestIndexSameOutput: spot --index prints what spot prints, before and
// after the tree changes, with and without the filters and a Stat.
func TestIndexSameOutput(t *testing.T) {
	root := tree(t)
	recordListings(t, root)
	exprs := [][]string{
		{".", "-name", "*.h"}, {".", "-type", "d"}, {".", "-type", "f"}, {"--ignore", ".", "-type", "f"},
		{".", "-path", "*lib*"}, {"-L", ".", "-name", "*e*"}, {".", "-size", "+1k"}, {"src", "big", "-print"},
	}
	compare := func(stage string) {
		t.Helper()
		for _, e := range exprs {
			want, wantErr, wantCode := lines(t, root, "\n", spotBin, e...)
			got, gotErr, gotCode := lines(t, root, "\n", spotBin, append([]string{"--index"}, e...)...)
			// Messages come from several walking goroutines, in any order.
			gotErr, wantErr = sortLines(gotErr), sortLines(wantErr)
			if !slices.Equal(got, want) || gotErr != wantErr || gotCode != wantCode {
				t.Errorf("%s: spot --index %q: exit %d, %q\nwithout --index: exit %d, %q\nonly with: %q\nonly without: %q",
					stage, e, gotCode, gotErr, wantCode, wantErr, missing(want, got), missing(got, want))
			}
		}
	}
	compare("unchanged")
	write := func(p string) {
		os.MkdirAll(filepath.Dir(filepath.Join(root, p)), 0o755)
		if err := os.WriteFile(filepath.Join(root, p), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("src/lib/new.h")
	write("fresh/dir/z.h")
	os.Remove(filepath.Join(root, "big/one.bin"))
	os.Rename(filepath.Join(root, "src/lib/deep"), filepath.Join(root, "src/deeper"))
	os.RemoveAll(filepath.Join(root, "many"))
	compare("changed")
}

// TestIndexListsFromFile: spot --index takes a directory's entries from
// the listings while the directory's identity is the one recorded (an
// entry that is not there shows it), and reads the directory once it
// changed.
func TestIndexListsFromFile(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "d")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "real"), nil, 0o644)
	id, err := osfile.IdentifyPath(dir)
	if err != nil {
		t.Skip("no identity here:", err)
	}
	os.MkdirAll(filepath.Join(root, ".urg"), 0o755)
	// Recorded as a walk of root names d; spot, walking "." in root,
	// names it ./d: the same directory below the root.
	w := listing.NewWriter(filepath.Join(root, ".urg", "lists"), root, osfile.StartBy(time.Now().Add(time.Hour)), nil)
	w.Read(dir, id, []walk.DirEntry{{Name: "recorded", Type: walk.TypeFile}})
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	got, _, _ := lines(t, root, "\n", spotBin, "--index", ".", "-path", "./d/*")
	if want := []string{"./d/recorded"}; !slices.Equal(got, want) {
		t.Errorf("spot --index with a recorded listing: %q, want %q", got, want)
	}
	os.WriteFile(filepath.Join(dir, "more"), nil, 0o644)
	got, _, _ = lines(t, root, "\n", spotBin, "--index", ".", "-path", "./d/*")
	if want := []string{"./d/more", "./d/real"}; !slices.Equal(got, want) {
		t.Errorf("spot --index once the directory changed: %q, want %q", got, want)
	}
}

// missing is what of a is not in b, both sorted.
func missing(a, b []string) []string {
	var out []string
	for _, s := range a {
		if _, found := slices.BinarySearch(b, s); !found {
			out = append(out, s)
		}
	}
	return out
}

func sortLines(s string) string {
	l := strings.Split(s, "\n")
	slices.Sort(l)
	return strings.Join(l, "\n")
}
