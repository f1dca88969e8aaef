package walk

import (
	"path/filepath"
	"runtime"
	"slices"
	"testing"
)

// TestGlobSetAnchored: the path a glob with a slash matches is the path
// as the walk names it, stripped as ripgrep strips it before its
// overrides match (dir.rs's Ignore::matched, then gitignore.rs's
// Gitignore::strip): up to two leading "./", then the working directory
// where the path starts with it, byte by byte, and one slash after it;
// a bare name keeps its whole self, and nothing else is cleaned.
func TestGlobSetAnchored(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the paths are Unix paths")
	}
	for _, c := range []struct{ root, path, want string }{
		{"/w/t", "sub/a.py", "sub/a.py"},
		{"/w/t", "./sub/a.py", "sub/a.py"},
		{"/w/t", "././sub/a.py", "sub/a.py"},
		{"/w/t", "./././sub/a.py", "./sub/a.py"}, // ripgrep drops two, no more
		{"/w/t", ".//sub/a.py", "/sub/a.py"},
		{"/w/t", "/w/t/sub/a.py", "sub/a.py"},
		{"/w/t", "/w/t//sub/a.py", "/sub/a.py"},  // one slash after the root
		{"/w/t", "/w/tx/sub/a.py", "x/sub/a.py"}, // byte by byte, as ripgrep on Unix
		{"/w/t", "/w/sub/a.py", "/w/sub/a.py"},
		{"/w/t", "../t/sub/a.py", "../t/sub/a.py"},
		{"/w/t", "sub/../sub/a.py", "sub/../sub/a.py"},
		{"/w/t", "a.py", "a.py"},
		{"/", "/w/t/a.py", "w/t/a.py"},
		{"./w", "w/a.py", "a.py"}, // the root loses its "./" too
		{".", "./a/b", "a/b"},     // the root "." strips nothing more
		{"", "/w/t/a.py", "/w/t/a.py"},
	} {
		s, err := ParseGlobs([]string{"x/y"}, nil, c.root)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.anchored(c.path); got != c.want {
			t.Errorf("root %q: anchored(%q) = %q, want %q", c.root, c.path, got, c.want)
		}
	}
}

// TestGlobSetAnchoredMatch: with the working directory /w/t, a glob with
// a slash matches the paths that reach below /w/t as it reads, whether
// they start at /w/t, at "." or at a directory the operand names, and
// not those that climb out first; a glob without one matches the name
// wherever it is.
func TestGlobSetAnchoredMatch(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the paths are Unix paths")
	}
	for _, c := range []struct {
		globs, iglobs []string
		path          string
		dir           bool
		want          verdict
	}{
		{[]string{"sub/*.py"}, nil, "sub/a.py", false, chosen},
		{[]string{"sub/*.py"}, nil, "./sub/a.py", false, chosen},
		{[]string{"sub/*.py"}, nil, "/w/t/sub/a.py", false, chosen},
		{[]string{"sub/*.py"}, nil, "/w/u/sub/a.py", false, leftOut},
		{[]string{"sub/*.py"}, nil, "../t/sub/a.py", false, leftOut},
		{[]string{"sub/*.py"}, nil, "t/sub/a.py", false, leftOut},
		{[]string{"t/sub/*.py"}, nil, "/w/t/sub/a.py", false, leftOut},
		{[]string{"x/sub/*.py"}, nil, "/w/tx/sub/a.py", false, chosen},
		{[]string{"/sub/*.py"}, nil, "/w/t/sub/a.py", false, chosen},
		{[]string{"**/sub/*.py"}, nil, "/w/t/o/sub/a.py", false, chosen},
		{[]string{"**/sub/*.py"}, nil, "/elsewhere/sub/a.py", false, chosen},
		{[]string{"*.py"}, nil, "/elsewhere/sub/a.py", false, chosen},
		{[]string{"!sub/deep/"}, nil, "/w/t/sub/deep", true, leftOut},
		{[]string{"!sub/deep/"}, nil, "../t/sub/deep", true, undecided},
		{nil, []string{"SUB/*.PY"}, "/w/t/sub/a.py", false, chosen},
		{[]string{"../t/sub/*.py"}, nil, "../t/sub/a.py", false, chosen}, // the path as typed
	} {
		s, err := ParseGlobs(c.globs, c.iglobs, "/w/t")
		if err != nil {
			t.Fatal(err)
		}
		p := s.anchored(c.path)
		if got := s.match(p, filepath.Base(c.path), c.dir); got != c.want {
			t.Errorf("globs %q, iglobs %q: %q (dir %v) = %d, want %d", c.globs, c.iglobs, c.path, c.dir, got, c.want)
		}
	}
}

// TestGlobSetEntry: an entry's name is its last part to the globs, but
// where the working directory ends inside it, where ripgrep matches what
// is left of the name once the directory is stripped: /w/t itself is ""
// and /w/tx is "x", below /w, at the working directory /w/t. nearRoot
// finds the directories where that may be so: those whose path is a
// start of the working directory's.
func TestGlobSetEntry(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the paths are Unix paths")
	}
	for _, c := range []struct {
		glob, dir, name string
		isDir           bool
		want            verdict
	}{
		{"!t", "/w", "t", true, undecided},
		{"!x", "/w", "tx", true, leftOut},
		{"!tx", "/w", "tx", true, undecided},
		{"!tx", "/v", "tx", true, leftOut},
		{"!t", "../w", "t", true, leftOut},
		{"*.py", "/w", "tx.py", false, chosen},
		{"x.py", "/w", "tx.py", false, chosen},
		{"!sub/", "/w/t", "sub", true, leftOut},
		{"!sub/", "", "sub", true, leftOut},
	} {
		s, err := ParseGlobs([]string{c.glob}, nil, "/w/t")
		if err != nil {
			t.Fatal(err)
		}
		p := joinPath(c.dir, c.name)
		if got := s.entry(p, c.name, c.isDir, s.nearRoot(c.dir)); got != c.want {
			t.Errorf("glob %q: entry(%q) = %d, want %d", c.glob, p, got, c.want)
		}
	}
	s, err := ParseGlobs([]string{"*.py"}, nil, "/w/t")
	if err != nil {
		t.Fatal(err)
	}
	for dir, want := range map[string]bool{"/": true, "/w": true, "/w/": true, "./w": false, "/w/t": false,
		"/w/t/sub": false, "/v": false, "": false, ".": false, "w": false} {
		if got := s.nearRoot(dir); got != want {
			t.Errorf("nearRoot(%q) = %v, want %v", dir, got, want)
		}
	}
	if (*GlobSet)(nil).nearRoot("/") || (*GlobSet)(nil).entry("/a", "a", false, false) != undecided {
		t.Error("the nil GlobSet has a say")
	}
}

// TestGlobSetTakes: --pre-glob anchors its globs at the working
// directory as -g does, and, as ripgrep's should_preprocess, leaves out
// only what the globs leave out: globs that all start with "!" take the
// files none matches.
func TestGlobSetTakes(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the paths are Unix paths")
	}
	for _, c := range []struct {
		globs []string
		path  string
		want  bool
	}{
		{[]string{"sub/*.gz"}, "/w/t/sub/a.gz", true},
		{[]string{"sub/*.gz"}, "./sub/a.gz", true},
		{[]string{"sub/*.gz"}, "/w/u/sub/a.gz", false},
		{[]string{"*.gz"}, "a.txt", false},
		{[]string{"!*.gz"}, "a.txt", true},
		{[]string{"!*.gz"}, "a.gz", false},
	} {
		s, err := ParseGlobs(c.globs, nil, "/w/t")
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Takes(c.path); got != c.want {
			t.Errorf("globs %q: Takes(%q) = %v, want %v", c.globs, c.path, got, c.want)
		}
	}
}

// TestFilesGlobAnchor: the walk anchors -g's globs at the working
// directory it is given, whatever the operand: a relative one, one with
// "./", an absolute one, one above the working directory; a directory an
// anchored "!" glob leaves out is not walked, one that a positive glob
// does not match still is.
func TestFilesGlobAnchor(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the paths are joined with '/'")
	}
	root := selectTree(t)
	real, err := filepath.EvalSymlinks(root)
	if err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(real, "sub")
	for _, c := range []struct {
		name  string
		cwd   string // the working directory, a directory of the tree
		globs []string
		paths []string
		want  []string
	}{
		{"operand named by the glob", real, []string{"sub/*.go"}, []string{"sub"}, []string{"sub/x.go"}},
		{"operand with ./", real, []string{"sub/*.go"}, []string{"./sub"}, []string{"./sub/x.go"}},
		{"no operand", real, []string{"sub/*.go"}, nil, []string{"sub/x.go"}},
		{"absolute operand", real, []string{"sub/*.go"}, []string{real}, []string{filepath.Join(real, "sub/x.go")}},
		{"absolute operand below the directory", sub, []string{"deep/*.go"}, []string{real}, []string{filepath.Join(real, "sub/deep/z.go")}},
		{"operand above the directory", sub, []string{"sub/*.go"}, []string{".."}, nil},
		{"operand above, glob as typed", sub, []string{"../sub/*.go"}, []string{".."}, []string{"../sub/x.go"}},
		{"directory left out", real, []string{"!sub/deep/"}, []string{"sub"},
			[]string{"sub/Y.TXT", "sub/x.go"}},
		{"directory left out, absolute", real, []string{"!sub/deep/"}, []string{sub},
			[]string{filepath.Join(sub, "Y.TXT"), filepath.Join(sub, "x.go")}},
		{"directory of another anchor walked", sub, []string{"!sub/deep/"}, []string{"."},
			[]string{"./Y.TXT", "./deep/z.go", "./x.go"}},
		{"working directory met from above", sub, []string{"!sub"}, []string{real},
			[]string{filepath.Join(real, ".cfg/h.txt"), filepath.Join(real, ".hidden.go"), filepath.Join(real, "a.go"), filepath.Join(real, "b.rs"),
				filepath.Join(real, "c.txt"), filepath.Join(real, "empty.txt"), filepath.Join(sub, "Y.TXT"), filepath.Join(sub, "deep/z.go"),
				filepath.Join(sub, "x.go"), filepath.Join(real, "vendor/v.go")}},
		{"name glob at any depth", sub, []string{"*.go"}, []string{real},
			[]string{filepath.Join(real, ".hidden.go"), filepath.Join(real, "a.go"), filepath.Join(sub, "deep/z.go"), filepath.Join(sub, "x.go"), filepath.Join(real, "vendor/v.go")}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := ParseGlobs(c.globs, nil, c.cwd)
			if err != nil {
				t.Fatal(err)
			}
			for _, sorted := range []bool{false, true} {
				o := Options{MaxDepth: -1, Threads: 2, Sorted: sorted, Globs: s}
				got, errs, _ := collect(t, c.cwd, c.paths, o)
				if !slices.Equal(got, c.want) || errs != nil {
					t.Errorf("sorted %v: %q (errors %q), want %q", sorted, got, errs, c.want)
				}
			}
		})
	}
}
