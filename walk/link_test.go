package walk

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

// linkTree writes a tree with symbolic links in it, to a file, to a
// directory, to nowhere and back up to the root, and returns its root.
// Where links cannot be made (Windows without the privilege or
// developer mode) the test is skipped.
func linkTree(t *testing.T) string {
	// Not a t.Helper: a skip is reported at its own line, which
	// internal/wine/run tells from a failure by its source.
	root := t.TempDir()
	for _, p := range []string{"a.txt", "d/b.txt"} {
		full := filepath.Join(root, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The targets exist before the links, so that Windows makes the
	// links to directories directory links.
	for _, l := range []struct{ link, target string }{
		{"ln-a", "a.txt"}, {"ln-d", "d"}, {"dangling", "nowhere"}, {filepath.Join("d", "up"), ".."},
	} {
		if err := os.Symlink(l.target, filepath.Join(root, l.link)); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
		if _, err := os.Lstat(filepath.Join(root, l.link)); err != nil {
			// Wine 8 says it made the link and makes none.
			t.Skipf("a link made without error is not there: %v", err)
		}
	}
	return root
}

// walkFiles runs Files in dir and returns the paths it yields, the
// errors and the warnings (path: message), each sorted.
func walkFiles(t *testing.T, dir string, paths []string, o Options) (files, errs, warns []string) {
	t.Helper()
	w := walkAll(t, dir, paths, o)
	return w.files, w.errs, w.warns
}

// TestFilesLinks: links met while walking are left alone unless
// followed (grep -r against -R); followed, a dangling one is an error and
// one that leads back up is a loop, warned of and not walked again.
func TestFilesLinks(t *testing.T) {
	root := linkTree(t)
	for _, sorted := range []bool{false, true} {
		o := Options{MaxDepth: -1, Threads: 2, Sorted: sorted}
		files, errs, warns := walkFiles(t, root, nil, o)
		if want := []string{"a.txt", "d/b.txt"}; !slices.Equal(files, want) || errs != nil || warns != nil {
			t.Errorf("sorted %v, not followed: %q, errors %q, warnings %q; want %q", sorted, files, errs, warns, want)
		}
		o.Follow = true
		files, errs, warns = walkFiles(t, root, nil, o)
		if want := []string{"a.txt", "d/b.txt", "ln-a", "ln-d/b.txt"}; !slices.Equal(files, want) {
			t.Errorf("sorted %v, followed: %q, want %q", sorted, files, want)
		}
		if len(errs) != 1 || !strings.HasPrefix(errs[0], "dangling: ") {
			t.Errorf("sorted %v, followed: errors %q, want one for dangling", sorted, errs)
		}
		loop := ": " + ErrLoop.Error()
		if want := []string{"d/up" + loop, "ln-d/up" + loop}; !slices.Equal(warns, want) {
			t.Errorf("sorted %v, followed: warnings %q, want %q", sorted, warns, want)
		}
	}
}

// TestAllLinks: a full walk lists links as links, their Stats say so,
// and it never walks through one, a root that is a link included (as
// find -P).
func TestAllLinks(t *testing.T) {
	root := linkTree(t)
	t.Chdir(root)
	for _, stat := range []bool{false, true} {
		got, errs := allTypes(t, FullWalk{Stat: stat})
		for _, err := range errs {
			t.Error(err)
		}
		want := map[string]Type{
			".": TypeDir, "./a.txt": TypeFile, "./d": TypeDir, "./d/b.txt": TypeFile, "./d/up": TypeLink,
			"./ln-a": TypeLink, "./ln-d": TypeLink, "./dangling": TypeLink, "ln-d": TypeLink,
		}
		if len(got) != len(want) {
			t.Errorf("stat %v: %d entries, want %d: %q", stat, len(got), len(want), got)
		}
		for p, typ := range want {
			if got[p] != typ {
				t.Errorf("stat %v: %s is %q, want %q", stat, p, got[p], typ)
			}
		}
	}
}

// TestAllFollow: a full walk that follows links (find -L) lists each
// entry as what it points to, walks the directories links lead to, lists
// a dangling link as a link, and reports each directory met below itself
// (a LoopError naming the directory it is) instead of listing it;
// FollowRoots (find -H) follows the roots alone.
func TestAllFollow(t *testing.T) {
	root := linkTree(t)
	t.Chdir(root)
	loop := func(p, above string) string { return (&LoopError{Path: p, Ancestor: above}).Error() }
	for _, c := range []struct {
		o    FullWalk
		want map[string]Type
		errs []string
	}{
		{FullWalk{Follow: true}, map[string]Type{
			".": TypeDir, "./a.txt": TypeFile, "./d": TypeDir, "./d/b.txt": TypeFile, "./ln-a": TypeFile, "./ln-d": TypeDir,
			"./ln-d/b.txt": TypeFile, "./dangling": TypeLink, "ln-d": TypeDir, "ln-d/b.txt": TypeFile, "ln-d/up": TypeDir,
			"ln-d/up/a.txt": TypeFile, "ln-d/up/ln-a": TypeFile, "ln-d/up/dangling": TypeLink,
		}, []string{loop("./d/up", "."), loop("./ln-d/up", "."), loop("ln-d/up/d", "ln-d"), loop("ln-d/up/ln-d", "ln-d")}},
		{FullWalk{FollowRoots: true}, map[string]Type{
			".": TypeDir, "./a.txt": TypeFile, "./d": TypeDir, "./d/b.txt": TypeFile, "./d/up": TypeLink, "./ln-a": TypeLink,
			"./ln-d": TypeLink, "./dangling": TypeLink, "ln-d": TypeDir, "ln-d/b.txt": TypeFile, "ln-d/up": TypeLink,
		}, nil},
	} {
		for _, stat := range []bool{false, true} {
			o := c.o
			o.Stat = stat
			got, errs := allTypes(t, o)
			if !maps.Equal(got, c.want) || !slices.Equal(errs, c.errs) {
				t.Errorf("%+v, stat %v: %q, errors %q\nwant %q, errors %q", c.o, stat, got, errs, c.want, c.errs)
			}
		}
	}
}

// allTypes walks "." and "ln-d" fully with o (no depth limit, 2
// threads) and gives each entry's Type by path, and the errors, sorted;
// with o.Stat, an entry whose Stat disagrees with its Type fails t.
func allTypes(t *testing.T, o FullWalk) (map[string]Type, []string) {
	t.Helper()
	var mu sync.Mutex
	got, errs := map[string]Type{}, []string(nil)
	o.MaxDepth, o.Threads = -1, 2
	All([]string{".", "ln-d"}, o, func(n *Node) bool {
		mu.Lock()
		defer mu.Unlock()
		got[n.Path()] = n.Type
		if o.Stat && (n.Stat == nil || typeOfStatMode(n.Stat.Mode) != n.Type) {
			t.Errorf("%s: Stat %+v (error %v) for type %q", n.Path(), n.Stat, n.StatErr, n.Type)
		}
		return true
	}, func(p string, err error) {
		mu.Lock()
		defer mu.Unlock()
		errs = append(errs, err.Error())
	})
	slices.Sort(errs)
	return got, errs
}

// TestFilesOutput: the file the output goes to is not searched, named
// or met while walking, nor under another name (a hard link); its
// identity comes from the open file (IDOfFile), as urg has it.
func TestFilesOutput(t *testing.T) {
	root := selectTree(t)
	id := outputID(t, filepath.Join(root, "out.txt"))
	wantErrs := []string{"out.txt: " + ErrInputIsOutput.Error()}
	if err := os.Link(filepath.Join(root, "out.txt"), filepath.Join(root, "sub", "hard.txt")); err == nil {
		wantErrs = append(wantErrs, "sub/hard.txt: "+ErrInputIsOutput.Error())
	} else {
		t.Logf("no hard links here: %v", err)
	}
	o := Options{MaxDepth: -1, Output: &id}
	files, errs, _ := walkFiles(t, root, nil, o)
	if slices.Contains(files, "out.txt") || !slices.Contains(files, "a.go") || !slices.Equal(errs, wantErrs) {
		t.Errorf("walked: %q, errors %q; want a.go and no out.txt, errors %q", files, errs, wantErrs)
	}
	files, errs, _ = walkFiles(t, root, []string{"out.txt", "a.go"}, o)
	if !slices.Equal(files, []string{"a.go"}) || !slices.Equal(errs, wantErrs[:1]) {
		t.Errorf("named: %q, errors %q; want a.go, errors %q", files, errs, wantErrs[:1])
	}
}

// TestFileIdentity: the identities of an open file and of its path
// agree, for a file and for a directory, and tell two files apart.
func TestFileIdentity(t *testing.T) {
	root := selectTree(t)
	of := func(p string) (FileID, FileID) {
		t.Helper()
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		byFile, err := fileID(f)
		if err != nil {
			t.Fatalf("fileID(%s): %v", p, err)
		}
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		byPath, ok := pathID(p, fi)
		if !ok {
			t.Fatalf("pathID(%s): no identity", p)
		}
		return byFile, byPath
	}
	a1, a2 := of(filepath.Join(root, "a.go"))
	b1, _ := of(filepath.Join(root, "b.rs"))
	d1, d2 := of(filepath.Join(root, "sub"))
	if a1 != a2 || d1 != d2 || a1 == b1 || a1 == d1 {
		t.Errorf("a.go %v and %v, b.rs %v, sub %v and %v: want a.go's and sub's the same twice, all three apart", a1, a2, b1, d1, d2)
	}
}

// outputID opens p for writing (made if need be), as a shell redirect
// would for urg's output, and returns its identity.
func outputID(t *testing.T, p string) FileID {
	t.Helper()
	out, err := os.OpenFile(p, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	id, ok := IDOfFile(out)
	if !ok {
		t.Fatal("IDOfFile: no identity for a regular file")
	}
	return id
}
