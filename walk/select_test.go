package walk

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"urg/filetype"
)

// TestGlobSetMatch holds ripgrep's override semantics, case by case: a
// glob without a slash matches the name at any depth, one with a slash
// the path as anchored gives it, "!" leaves out, the last glob that
// matches decides, a trailing slash is for directories, "dir/**" is
// what dir holds, and a positive glob leaves out the files no glob
// matches but not the directories.
func TestGlobSetMatch(t *testing.T) {
	for _, c := range []struct {
		globs, iglobs []string
		rel           string
		dir           bool
		want          verdict
	}{
		{[]string{"*.go"}, nil, "a.go", false, chosen},
		{[]string{"*.go"}, nil, "sub/deep/a.go", false, chosen},
		{[]string{"*.go"}, nil, "a.txt", false, leftOut},
		{[]string{"*.go"}, nil, "sub", true, undecided},
		{[]string{"!*.go"}, nil, "a.txt", false, undecided},
		{[]string{"!*.go"}, nil, "x/a.go", false, leftOut},
		{[]string{"sub/*.go"}, nil, "sub/a.go", false, chosen},
		{[]string{"sub/*.go"}, nil, "sub/deep/a.go", false, leftOut}, // '*' stops at '/'
		{[]string{"sub/*.go"}, nil, "x/sub/a.go", false, leftOut},    // a slash anchors
		{[]string{"/a.go"}, nil, "a.go", false, chosen},
		{[]string{"/a.go"}, nil, "sub/a.go", false, leftOut},
		{[]string{"**/deep/*"}, nil, "sub/deep/a.go", false, chosen},
		{[]string{"**/deep/*"}, nil, "deep/a.go", false, chosen},
		{[]string{"sub/**"}, nil, "sub/deep/a.go", false, chosen},
		{[]string{"sub/**"}, nil, "sub", true, undecided}, // what sub holds, not sub
		{[]string{"!sub/**"}, nil, "sub", true, undecided},
		{[]string{"!vendor"}, nil, "x/vendor", true, leftOut},
		{[]string{"!vendor/"}, nil, "vendor", true, leftOut},
		{[]string{"!vendor/"}, nil, "vendor", false, undecided}, // a file named vendor
		{[]string{"*.go", "!v*.go"}, nil, "v.go", false, leftOut},
		{[]string{"!v*.go", "*.go"}, nil, "v.go", false, chosen},
		{[]string{"*.{go,rs}"}, nil, "b.rs", false, chosen},
		{[]string{"[ab].*"}, nil, "b.rs", false, chosen},
		{[]string{"*.TXT"}, nil, "a.txt", false, leftOut},
		{nil, []string{"*.TXT"}, "a.txt", false, chosen},
		{nil, []string{"SUB/*.txt"}, "sub/A.TXT", false, chosen},
		{[]string{"*.txt"}, []string{"!A.*"}, "a.txt", false, leftOut}, // --iglob after --glob
		{[]string{`\!x`}, nil, "!x", false, chosen},
		{[]string{"#comment", ""}, nil, "a", false, undecided}, // no glob at all
	} {
		s, err := ParseGlobs(c.globs, c.iglobs, "")
		if err != nil {
			t.Fatalf("ParseGlobs(%q, %q): %v", c.globs, c.iglobs, err)
		}
		name := c.rel[strings.LastIndexByte(c.rel, '/')+1:]
		if got := s.match(c.rel, name, c.dir); got != c.want {
			t.Errorf("globs %q, iglobs %q: match(%q, dir %v) = %d, want %d", c.globs, c.iglobs, c.rel, c.dir, got, c.want)
		}
	}
}

// TestParseGlobsMalformed: a glob doublestar refuses is an error that
// names it and says what is wrong, as ripgrep's does.
func TestParseGlobsMalformed(t *testing.T) {
	for glob, want := range map[string]string{
		"[":     "error parsing glob '[': unclosed character class; missing ']'",
		"a{b":   "error parsing glob 'a{b': unclosed alternate group; missing '}'",
		`a\`:    `error parsing glob 'a\': dangling '\'`,
		"!x[":   "error parsing glob '!x[': unclosed character class; missing ']'",
		"a}":    "error parsing glob 'a}': unopened alternate group; missing '{'",
		"[]":    "error parsing glob '[]': empty character class",
		"sub/[": "error parsing glob 'sub/[': unclosed character class; missing ']'",
	} {
		_, err := ParseGlobs(nil, []string{glob}, "")
		var ge *filetype.GlobError
		if !errors.As(err, &ge) || err.Error() != want {
			t.Errorf("ParseGlobs(%q): %v, want %q", glob, err, want)
		}
	}
}

// selectTree writes the tree the walk tests choose from, and returns its
// root.
func selectTree(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	for p, size := range map[string]int{
		"a.go": 10, "b.rs": 10, "c.txt": 5000, "sub/x.go": 10, "sub/Y.TXT": 10, "sub/deep/z.go": 10,
		"vendor/v.go": 10, ".hidden.go": 10, ".cfg/h.txt": 10, "empty.txt": 0,
	} {
		full := filepath.Join(root, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(strings.Repeat("x", size)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// walked is what one walk yielded: the paths, the errors and the
// warnings (path: message), each sorted, and the entries filtered.
type walked struct {
	files, errs, warns []string
	filtered           int64
}

// walkAll runs Files in dir and collects all it yields.
func walkAll(t *testing.T, dir string, paths []string, o Options) walked {
	t.Helper()
	t.Chdir(dir)
	var mu sync.Mutex
	var n atomic.Int64
	var w walked
	add := func(to *[]string) func(string, error) {
		return func(p string, err error) {
			mu.Lock()
			defer mu.Unlock()
			*to = append(*to, p+": "+err.Error())
		}
	}
	Files(paths, o, Handler{
		File: func(f File) bool {
			mu.Lock()
			defer mu.Unlock()
			w.files = append(w.files, f.Path)
			return true
		},
		Report:   add(&w.errs),
		Warn:     add(&w.warns),
		Filtered: &n,
	})
	slices.Sort(w.files)
	slices.Sort(w.errs)
	slices.Sort(w.warns)
	w.filtered = n.Load()
	return w
}

// collect runs Files and returns the paths it yields, sorted, with the
// errors reported (path: message) and the count of entries filtered.
func collect(t *testing.T, dir string, paths []string, o Options) (files, errs []string, filtered int64) {
	t.Helper()
	w := walkAll(t, dir, paths, o)
	return w.files, w.errs, w.filtered
}

// TestFilesSelect: the walk applies globs, types and --max-filesize to
// the entries it meets, in ripgrep's order, and not to the operands.
func TestFilesSelect(t *testing.T) {
	root := selectTree(t)
	typ := func(choices ...string) *filetype.Matcher {
		tb := filetype.New()
		for _, c := range choices {
			if n, ok := strings.CutPrefix(c, "!"); ok {
				tb.Negate(n)
			} else {
				tb.Select(c)
			}
		}
		m, err := tb.Matcher()
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	globs := func(g ...string) *GlobSet {
		s, err := ParseGlobs(g, nil, root)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	size := func(n int64) *int64 { return &n }
	all := []string{".cfg/h.txt", ".hidden.go", "a.go", "b.rs", "c.txt", "empty.txt", "sub/Y.TXT", "sub/deep/z.go", "sub/x.go", "vendor/v.go"}
	for _, c := range []struct {
		name     string
		o        Options
		paths    []string
		want     []string
		filtered int64
	}{
		{"nothing", Options{}, nil, all, 0},
		{"type go", Options{Types: typ("go")}, nil, []string{".hidden.go", "a.go", "sub/deep/z.go", "sub/x.go", "vendor/v.go"}, 5},
		{"type-not go", Options{Types: typ("!go")}, nil, []string{".cfg/h.txt", "b.rs", "c.txt", "empty.txt", "sub/Y.TXT"}, 5},
		{"type go, hidden skipped: the type chooses it", Options{Types: typ("go"), NoHidden: true}, nil,
			[]string{".hidden.go", "a.go", "sub/deep/z.go", "sub/x.go", "vendor/v.go"}, 5},
		{"glob", Options{Globs: globs("*.go", "!vendor/")}, nil, []string{".hidden.go", "a.go", "sub/deep/z.go", "sub/x.go"}, 6},
		{"glob over type", Options{Globs: globs("*.txt"), Types: typ("go")}, nil, []string{".cfg/h.txt", "c.txt", "empty.txt"}, 7},
		{"glob below a named directory", Options{Globs: globs("sub/deep/*")}, []string{"sub"}, []string{"sub/deep/z.go"}, 2},
		{"glob anchored at the working directory, not the operand", Options{Globs: globs("deep/*")}, []string{"sub"}, nil, 3},
		{"operands are not filtered", Options{Globs: globs("*.go"), Types: typ("go"), MaxFileSize: size(10)}, []string{"c.txt", "sub"},
			[]string{"c.txt", "sub/deep/z.go", "sub/x.go"}, 1},
		{"max-filesize", Options{MaxFileSize: size(10)}, nil, []string{".cfg/h.txt", ".hidden.go", "a.go", "b.rs", "empty.txt", "sub/Y.TXT", "sub/deep/z.go", "sub/x.go", "vendor/v.go"}, 1},
		{"max-filesize 0", Options{MaxFileSize: size(0)}, nil, []string{"empty.txt"}, 9},
		{"directory skipped", Options{Directories: DirSkip}, []string{"sub", "a.go"}, []string{"a.go"}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, sorted := range []bool{false, true} {
				o := c.o
				o.MaxDepth, o.Threads, o.Sorted = -1, 2, sorted
				got, errs, filtered := collect(t, root, c.paths, o)
				if !slices.Equal(got, c.want) || errs != nil || filtered != c.filtered {
					t.Errorf("sorted %v: %q (errors %q, %d filtered), want %q (%d filtered)", sorted, got, errs, filtered, c.want, c.filtered)
				}
			}
		})
	}
}

// TestFilesDirectoriesRead: -d read reads a directory operand, which
// fails as grep's read does; the implicit "." too.
func TestFilesDirectoriesRead(t *testing.T) {
	root := selectTree(t)
	o := Options{MaxDepth: -1, Directories: DirRead}
	got, errs, _ := collect(t, root, []string{"a.go", "sub"}, o)
	if !slices.Equal(got, []string{"a.go"}) || len(errs) != 1 || !strings.HasPrefix(errs[0], "sub: ") {
		t.Fatalf("-d read a.go sub: %q, errors %q", got, errs)
	}
	_, errs, _ = collect(t, root, nil, o)
	if len(errs) != 1 || errs[0] != ".: read .: is a directory" {
		t.Errorf("-d read with no operand: errors %q", errs)
	}
}
