package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestIgnore: --ignore skips what .gitignore, .ignore and
// .git/info/exclude name (nested files, directory patterns, negation,
// anchored patterns), as rg does; hidden files are searched unless
// --hidden=false; without --ignore everything is searched, as in grep.
func TestIgnore(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		".gitignore": "*.log\nbuild/\n!keep.log\n", ".ignore": "secret*\n", ".git/info/exclude": "excluded.txt\n",
		".git/HEAD": "x\n", "sub/.gitignore": "*.tmp\n/rootonly\n",
		"a.txt": "x\n", "b.log": "x\n", "keep.log": "x\n", "secret1": "x\n", "excluded.txt": "x\n",
		"sub/c.tmp": "x\n", "sub/d.txt": "x\n", "sub/rootonly": "x\n", "rootonly": "x\n",
		"build/x": "x\n", "sub/build/y": "x\n", ".hidden": "x\n",
	})
	all := []string{".git/HEAD", ".git/info/exclude", ".gitignore", ".hidden", ".ignore", "a.txt", "keep.log", "rootonly", "sub/.gitignore", "sub/d.txt"}
	visible := []string{"a.txt", "keep.log", "rootonly", "sub/d.txt"}
	for _, c := range []struct {
		args []string
		want []string
		rg   []string
	}{
		{[]string{"--files", "--ignore"}, all, []string{"--files", "--hidden"}},
		{[]string{"--files", "--ignore", "--hidden=false"}, visible, []string{"--files"}},
		{[]string{"-l", "--ignore", "-r", "x", "."}, nil, nil},
	} {
		got := urg(t, root, c.args...)
		lines := sortedLines(got.stdout)
		want := c.want
		if want == nil { // the search: the same files, named as found under "."
			for _, f := range all {
				if f != ".gitignore" && f != ".ignore" && f != "sub/.gitignore" { // those hold no x
					want = append(want, "./"+f)
				}
			}
		}
		if !slices.Equal(lines, want) || got.code != 0 {
			t.Errorf("urg %q: %q (status %d, stderr %q), want %q", c.args, lines, got.code, got.stderr, want)
		}
		if rg, err := exec.LookPath("rg"); err == nil && c.rg != nil {
			r := runCmd(t, root, nil, rg, append([]string{"--no-config"}, c.rg...)...)
			if rl := sortedLines(r.stdout); !slices.Equal(rl, lines) {
				t.Errorf("urg %q: %q; rg %q: %q", c.args, lines, c.rg, rl)
			}
		}
	}
	// Without --ignore, everything (a file named in .gitignore included).
	if got := urg(t, root, "--files"); !slices.Contains(sortedLines(got.stdout), "b.log") {
		t.Errorf("urg --files without --ignore: %q lacks b.log", got.stdout)
	}
	if _, err := os.Stat(filepath.Join(root, "b.log")); err != nil {
		t.Fatal(err)
	}
}

// TestStatsCounts: --stats says, on stderr, what the walk left out and
// why, what was skipped unopened or as binary, how files were read, and
// the matches of the lines printed.
func TestStatsCounts(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{"d/a.go": "needle needle\n", "d/b.txt": "needle\n", "d/c.go": "x\n", "d/bin.go": "needle\x00\n"})
	got := urg(t, root, "--stats", "--include=*.go", "-I", "needle", "d")
	for _, want := range []string{
		"files:    3 walked, 3 searched, 1 binary",
		"skipped:  1 left out by the walk's filters",
		"0 unopened (shorter than any match), 1 binary (-I)",
		"selected: 1 lines in 1 files",
		"matches:  2",
		"storage:  ",
	} {
		if !strings.Contains(got.stderr, want) {
			t.Errorf("urg --stats: stderr lacks %q:\n%s", want, got.stderr)
		}
	}
	if got.stdout != "d/a.go:needle needle\n" {
		t.Errorf("urg --stats: stdout %q, want the one line (stats go to stderr)", got.stdout)
	}
}
