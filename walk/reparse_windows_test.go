package walk

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sync"
	"testing"
)

// The tests of this file are about junctions, which only Windows has:
// reparse points that Go reports as irregular files, not links, and that
// the walk must still treat as links.

// junctionTree writes a tree with a junction to a directory in it and
// one back up to the root, and returns its root. mklink /J needs no
// privilege, unlike a symbolic link; the links are named relative to
// the root so that only the targets pass through cmd's quoting.
func junctionTree(t *testing.T) string {
	// Not a t.Helper: a skip is reported at its own line, which
	// internal/wine/run tells from a failure by its source.
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "d"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "d", "b.txt"), []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, j := range []struct{ link, target string }{{"j", "d"}, {`d\up`, "."}} {
		cmd := exec.Command("cmd", "/c", "mklink", "/J", j.link, filepath.Join(root, j.target))
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Skipf("mklink /J: %v: %s", err, out)
		}
		if _, err := os.Lstat(filepath.Join(root, j.link)); err != nil {
			// Wine 8's mklink says it made the junction and makes none.
			t.Skipf("a junction made without error is not there: %v", err)
		}
	}
	return root
}

// TestFilesJunctions: a junction met while walking is left alone unless
// links are followed; followed, one back up is a loop.
func TestFilesJunctions(t *testing.T) {
	root := junctionTree(t)
	files, errs, warns := walkFiles(t, root, nil, Options{MaxDepth: -1})
	if want := []string{"d/b.txt"}; !slices.Equal(files, want) || errs != nil || warns != nil {
		t.Errorf("not followed: %q, errors %q, warnings %q; want %q", files, errs, warns, want)
	}
	files, errs, warns = walkFiles(t, root, nil, Options{MaxDepth: -1, Follow: true})
	loop := ": " + ErrLoop.Error()
	if want := []string{"d/b.txt", "j/b.txt"}; !slices.Equal(files, want) || errs != nil ||
		!slices.Equal(warns, []string{"d/up" + loop, "j/up" + loop}) {
		t.Errorf("followed: %q, errors %q, warnings %q; want %q and two loops", files, errs, warns, want)
	}
}

// TestAllJunctions: a full walk lists junctions as links, Stats too,
// and does not walk one, a root included.
func TestAllJunctions(t *testing.T) {
	root := junctionTree(t)
	t.Chdir(root)
	var mu sync.Mutex
	got := map[string]Type{}
	All([]string{".", "j"}, FullWalk{MaxDepth: -1, Stat: true}, func(n *Node) bool {
		mu.Lock()
		defer mu.Unlock()
		got[n.Path()] = n.Type
		if n.Stat == nil || typeOfStatMode(n.Stat.Mode) != n.Type {
			t.Errorf("%s: Stat %+v (error %v) for type %q", n.Path(), n.Stat, n.StatErr, n.Type)
		}
		return true
	}, func(p string, err error) { t.Errorf("%s: %v", p, err) })
	want := map[string]Type{".": TypeDir, "./d": TypeDir, "./d/b.txt": TypeFile, "./d/up": TypeLink, "./j": TypeLink, "j": TypeLink}
	if len(got) != len(want) {
		t.Errorf("%d entries, want %d: %q", len(got), len(want), got)
	}
	for p, typ := range want {
		if got[p] != typ {
			t.Errorf("%s is %q, want %q", p, got[p], typ)
		}
	}
}
