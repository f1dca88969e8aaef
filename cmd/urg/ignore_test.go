package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestIgnore: --ignore filters as ripgrep does by default: it skips what
// .gitignore, .ignore and .git/info/exclude name (nested files,
// directory patterns, negation, anchored patterns), hidden entries
// unless --hidden, and .git itself; without it everything is searched,
// as in grep.
func TestIgnore(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		".gitignore": "*.log\nbuild/\n!keep.log\n", ".ignore": "secret*\n", ".git/info/exclude": "excluded.txt\n",
		".git/HEAD": "x\n", "sub/.gitignore": "*.tmp\n/rootonly\n",
		"a.txt": "x\n", "b.log": "x\n", "keep.log": "x\n", "secret1": "x\n", "excluded.txt": "x\n",
		"sub/c.tmp": "x\n", "sub/d.txt": "x\n", "sub/rootonly": "x\n", "rootonly": "x\n",
		"build/x": "x\n", "sub/build/y": "x\n", ".hidden": "x\n",
	})
	withHidden := []string{".gitignore", ".hidden", ".ignore", "a.txt", "keep.log", "rootonly", "sub/.gitignore", "sub/d.txt"}
	visible := []string{"a.txt", "keep.log", "rootonly", "sub/d.txt"}
	for _, c := range []struct {
		args []string
		want []string
		rg   []string
	}{
		{[]string{"--files", "--ignore", "--hidden"}, withHidden, nil}, // rg --hidden lists .git too
		{[]string{"--files", "--ignore"}, visible, []string{"--files"}},
		{[]string{"--files", "--ignore", "--hidden=false"}, visible, []string{"--files"}},
		{[]string{"-l", "--ignore", "--hidden", "-r", "x", "."}, nil, nil},
	} {
		got := urg(t, root, c.args...)
		lines := sortedLines(got.stdout)
		want := c.want
		if want == nil { // the search: the same files, named as found under "."
			for _, f := range withHidden {
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
	// -u reads no ignore file, -uu also searches hidden names, and the
	// --no-ignore family each undo a part.
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"-u"}, []string{"a.txt", "b.log", "build/x", "excluded.txt", "keep.log", "rootonly", "secret1", "sub/build/y", "sub/c.tmp", "sub/d.txt", "sub/rootonly"}},
		{[]string{"--no-ignore"}, []string{"a.txt", "b.log", "build/x", "excluded.txt", "keep.log", "rootonly", "secret1", "sub/build/y", "sub/c.tmp", "sub/d.txt", "sub/rootonly"}},
		{[]string{"--no-ignore-vcs"}, []string{"a.txt", "b.log", "build/x", "excluded.txt", "keep.log", "rootonly", "sub/build/y", "sub/c.tmp", "sub/d.txt", "sub/rootonly"}},
		{[]string{"--no-ignore-dot"}, []string{"a.txt", "keep.log", "rootonly", "secret1", "sub/d.txt"}},
		{[]string{"--no-ignore-exclude"}, []string{"a.txt", "excluded.txt", "keep.log", "rootonly", "sub/d.txt"}},
		{[]string{"--no-ignore", "--ignore"}, visible},
	} {
		got := urg(t, root, append([]string{"--files", "--ignore"}, c.args...)...)
		if lines := sortedLines(got.stdout); !slices.Equal(lines, c.want) {
			t.Errorf("urg --files --ignore %q: %q, want %q", c.args, lines, c.want)
		}
	}
	got := urg(t, root, "--files", "--ignore", "-uu")
	if lines := sortedLines(got.stdout); !slices.Contains(lines, ".hidden") || !slices.Contains(lines, ".git/HEAD") || !slices.Contains(lines, "b.log") {
		t.Errorf("urg --files --ignore -uu: %q lacks .hidden, .git/HEAD or b.log", lines)
	}
}

// TestIgnoreFlagsRefused: a ripgrep flag urg has is taken with
// ripgrep's meaning, never as the prefix of another (--no-ignore was
// once --no-ignore-case).
func TestIgnoreFlagsRefused(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{".gitignore": "b\n", ".git/HEAD": "x\n", "a": "X\n", "b": "X\n"})
	got := urg(t, root, "--ignore", "--no-ignore", "-l", "x", ".")
	if got.code != 1 || got.stdout != "" {
		t.Errorf("urg --no-ignore x: %q, status %d: it took --no-ignore for --no-ignore-case", got.stdout, got.code)
	}
	got = urg(t, root, "--ignore", "--no-ignore", "-l", "X", ".")
	if lines := sortedLines(got.stdout); !slices.Equal(lines, []string{"./a", "./b"}) {
		t.Errorf("urg --ignore --no-ignore -l X: %q, want ./a and ./b", lines)
	}
	// An --ignore-file that cannot be read is an error, said as grep
	// says one of a file, before anything is searched.
	missing := filepath.Join(root, "missing")
	got = urg(t, root, "--ignore-file="+missing, "X", ".")
	if want := "urg: " + missing + ": No such file or directory\n"; got.code != 2 || got.stdout != "" || got.stderr != want {
		t.Errorf("urg --ignore-file=missing: status %d, stdout %q, stderr %q; want 2, nothing and %q", got.code, got.stdout, got.stderr, want)
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
		"selected: 1 line in 1 file",
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
