package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// scaleTree writes a git repository of n directories, each with a
// .gitignore of 100 patterns of every shape (names, suffixes, prefixes,
// anchored paths, "**" paths, classes) and three files: keep.c, which no
// pattern names, drop.o, which "*.o" names, and keep.o, which "!keep.o"
// whitelists. It returns how many files urg --files --ignore lists.
func scaleTree(t testing.TB, root string, n int) int {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	var gi strings.Builder
	for d := range n {
		// 100 directories at the top, the rest spread below them.
		dir := fmt.Sprintf("d%03d", d%100)
		if d >= 100 {
			dir = filepath.Join(dir, fmt.Sprintf("s%05d", d))
		}
		gi.Reset()
		for i := range 98 {
			switch i % 6 {
			case 0:
				fmt.Fprintf(&gi, "name%d_%d\n", d, i)
			case 1:
				fmt.Fprintf(&gi, "*.e%d_%d\n", d, i)
			case 2:
				fmt.Fprintf(&gi, "p%d_%d*\n", d, i)
			case 3:
				fmt.Fprintf(&gi, "/anch%d/file%d\n", i, d)
			case 4:
				fmt.Fprintf(&gi, "a%d/**/b%d\n", i, d)
			case 5:
				fmt.Fprintf(&gi, "[xyz]%d?q%d/\n", i, d)
			}
		}
		gi.WriteString("*.o\n!keep.o\n")
		files := map[string]string{".gitignore": gi.String(), "keep.c": "", "drop.o": "", "keep.o": ""}
		if err := os.MkdirAll(filepath.Join(root, dir), 0o755); err != nil {
			t.Fatal(err)
		}
		for name, data := range files {
			if err := os.WriteFile(filepath.Join(root, dir, name), []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return 2 * n
}

// TestIgnoreScale: 10,000 ignore files of 100 patterns each are read
// and applied in little memory: urg --files --ignore lists what they
// leave, under 64 MiB of peak RSS. URG_IGNORE_SCALE=N,N,... also times
// the walk at those numbers of files, for docs/decisions.md#testignorescale-many-ignore-files-in-little-memory-cmdurgignore_scale_testgo (logged
// with -v, never asserted).
func TestIgnoreScale(t *testing.T) {
	t.Parallel() // long, and mostly on one core: beside the other long ones
	root := t.TempDir()
	want := scaleTree(t, root, 10000)
	got, kib := peakRSS(t, root, "--files", "--ignore")
	lines := strings.Count(got.stdout, "\n")
	if got.code != 0 || lines != want || strings.Contains(got.stdout, "drop.o") {
		t.Fatalf("urg --files --ignore over 10,000 ignore files: %d files (status %d, stderr %q), want %d and no drop.o", lines, got.code, got.stderr, want)
	}
	t.Logf("10,000 ignore files of 100 patterns: peak RSS %d KiB", kib)
	if kib >= 64<<10 {
		t.Errorf("peak RSS %d KiB, want under %d KiB", kib, 64<<10)
	}
	sizes := os.Getenv("URG_IGNORE_SCALE")
	if sizes == "" {
		return
	}
	for _, s := range strings.Split(sizes, ",") {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		scaleTree(t, dir, n)
		urg(t, dir, "--files", "--ignore") // the tree read once
		var best time.Duration
		for range 5 {
			start := time.Now()
			urg(t, dir, "--files", "--ignore")
			if d := time.Since(start); best == 0 || d < best {
				best = d
			}
		}
		_, kib := peakRSS(t, dir, "--files", "--ignore")
		t.Logf("%d ignore files: best of 5 %v, peak RSS %d KiB", n, best, kib)
	}
}
