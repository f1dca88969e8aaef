package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFiles checks --files: every file a search would read, in path
// order under --sort=path, none of the entries a walk skips (FIFOs,
// excluded names), with rg --files's exit statuses.
func TestFiles(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"b.go", "a.txt", "sub/c.go", "sub/deep/d.go", ".hidden"} {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	mkfifo(t, filepath.Join(dir, "fifo"))
	if err := os.Mkdir(filepath.Join(dir, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
		code int
	}{
		{[]string{"--files", "--sort=path"}, ".hidden\na.txt\nb.go\nsub/c.go\nsub/deep/d.go\n", 0},
		{[]string{"--files", "--sort=path", "--include=*.go", "sub"}, "sub/c.go\nsub/deep/d.go\n", 0},
		{[]string{"--files", "--sort=path", "--max-depth=1", "-Z", "."}, "./.hidden\x00./a.txt\x00./b.go\x00", 0},
		{[]string{"--files", "empty"}, "", 1},
		{[]string{"--files", "a.txt", "missing"}, "a.txt\n", 2},
	} {
		r := urg(t, dir, c.args...)
		if r.stdout != c.want || r.code != c.code {
			t.Errorf("urg %q: exit %d, stdout %q, stderr %q; want exit %d, %q", c.args, r.code, r.stdout, r.stderr, c.code, c.want)
		}
	}
}

// TestFilesQuiet: -q silences --files, whose status still says whether
// a file was found, as rg --files -q's does.
func TestFilesQuiet(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a.txt": "x\n", "sub/b.txt": "y\n"})
	if r := urg(t, dir, "--files", "-q", "."); r.code != 0 || r.stdout != "" || r.stderr != "" {
		t.Errorf("--files -q: %+v, want nothing and status 0", r)
	}
	if r := urg(t, dir, "--files", "-q", "sub", "missing"); r.code != 0 || r.stdout != "" {
		t.Errorf("--files -q with a missing path: %+v, want status 0", r)
	}
	if r := urg(t, t.TempDir(), "--files", "-q", "."); r.code != 1 || r.stdout != "" {
		t.Errorf("--files -q in an empty directory: %+v, want status 1", r)
	}
}

// TestUnreadableListNoUsage: a pattern or file list that cannot be read
// is an error of the file, not of the command line: no usage hint, as
// grep -f gives none.
func TestUnreadableListNoUsage(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{{"--files-from=/nonexistent", "x"}, {"-f", "/nonexistent", "."}} {
		r := urg(t, dir, args...)
		if r.code != 2 || !strings.Contains(r.stderr, "/nonexistent: No such file or directory") || strings.Contains(r.stderr, "Usage") {
			t.Errorf("urg %q: %+v, want the file's error alone, status 2", args, r)
		}
	}
}
