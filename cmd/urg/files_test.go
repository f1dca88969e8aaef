package main

import (
	"os"
	"path/filepath"
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
