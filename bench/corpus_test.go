package main

import (
	"io"
	"os"
	"path/filepath"
	"testing"
)

func tinyTree(t *testing.T) string {
	t.Helper()
	src := t.TempDir()
	if err := os.MkdirAll(filepath.Join(src, "a"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(src, "a", "b.txt"), []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("a/b.txt", filepath.Join(src, "link")); err != nil {
		t.Fatal(err)
	}
	return src
}

// Trees are copied once, links kept as links, and reused after.
func TestCopyTrees(t *testing.T) {
	src := tinyTree(t)
	dst := filepath.Join(t.TempDir(), "mix")
	built, err := copyTrees(dst, map[string]string{"one": src, "two": src}, io.Discard)
	if err != nil || !built {
		t.Fatalf("built %v, %v", built, err)
	}
	for _, name := range []string{"one", "two"} {
		if data, err := os.ReadFile(filepath.Join(dst, name, "a", "b.txt")); err != nil || string(data) != "hello\n" {
			t.Errorf("%s: %q, %v", name, data, err)
		}
		if fi, err := os.Lstat(filepath.Join(dst, name, "link")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s/link is not a link: %v", name, err)
		}
	}
	if _, err := os.Stat(dst + ".tmp"); !os.IsNotExist(err) {
		t.Errorf("%s.tmp left behind", dst)
	}
	if files, size := treeSize(dst); files != 2 || size != 12 {
		t.Errorf("treeSize: %d files, %d bytes; want 2, 12 (links not counted)", files, size)
	}
	if built, err := copyTrees(dst, map[string]string{"one": src}, io.Discard); err != nil || built {
		t.Errorf("second copy: built %v, %v; want reuse", built, err)
	}

	// The go corpus is one tree copied whole (the name "").
	whole := filepath.Join(t.TempDir(), "go")
	if built, err := copyTrees(whole, map[string]string{"": src}, io.Discard); err != nil || !built {
		t.Fatalf("whole copy: built %v, %v", built, err)
	}
	if files, size := treeSize(whole); files != 1 || size != 6 {
		t.Errorf("whole copy holds %d files, %d bytes; want 1, 6", files, size)
	}
}

// A tree of the user's own is searched at its real path, so that no tool
// is asked to follow a link to reach it.
func TestOwnCorpusResolved(t *testing.T) {
	src := tinyTree(t)
	link := filepath.Join(t.TempDir(), "via-link")
	if err := os.Symlink(src, link); err != nil {
		t.Fatal(err)
	}
	c, err := prepareCorpus(&options{ownTree: link}, "via-link", io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	real, _ := filepath.EvalSymlinks(src)
	if c.Path != real || c.Files != 1 || c.Bytes != 6 || c.Built {
		t.Errorf("corpus %+v, want path %s, 1 file, 6 bytes, not built", c, real)
	}
}
