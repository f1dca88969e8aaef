//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"urg/internal/testbin"
)

// gnuFind skips the test unless find is GNU find: the options and the
// words compared are GNU's, which a BSD find does not share.
func gnuFind(t *testing.T) {
	t.Helper()
	out, err := exec.Command("find", "--version").Output()
	if err != nil || !strings.Contains(string(out), "GNU findutils") {
		t.Skipf("find is not GNU find (find --version: %v, %.40q): -L, -H and their messages are GNU's", err, out)
	}
}

// linkTree makes a tree of symbolic links of every sort: to a file, to a
// directory, to a link, broken, to itself (a loop of links), and two
// leading back up (directory loops); and links whose own times differ
// from their targets', for -newer. It returns the tree's path.
func linkTree(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	for _, d := range []string{"dir/sub", "times"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"file", "dir/inner", "dir/sub/deep", "times/old", "times/new"} {
		if err := os.WriteFile(filepath.Join(root, f), []byte("some bytes\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	links := [][2]string{
		{"lfile", "file"}, {"ldir", "dir"}, {"lldir", "ldir"}, {"broken", "nowhere"}, {"self", "self"},
		{"dir/loop", ".."}, {"dir/sub/back", "../.."}, {"dir/up", "../file"},
		{"times/lold", "old"}, {"times/lnew", "new"},
	}
	for _, l := range links {
		if err := os.Symlink(l[1], filepath.Join(root, l[0])); err != nil {
			t.Fatal(err)
		}
	}
	at := func(p string, when time.Time, link bool) {
		tv := []unix.Timeval{unix.NsecToTimeval(when.UnixNano()), unix.NsecToTimeval(when.UnixNano())}
		set := unix.Utimes
		if link {
			set = unix.Lutimes
		}
		if err := set(filepath.Join(root, p), tv); err != nil {
			t.Fatal(err)
		}
	}
	year := 365 * 24 * time.Hour
	at("times/old", time.Now().Add(-20*year), false)
	at("times/lold", time.Now().Add(-30*year), true) // older than its target
	at("times/lnew", time.Now().Add(5*year), true)
	return root
}

// findWords is what GNU find wrote to standard error as spot words it,
// line by line, sorted: find's name spot's, and a quoted path before
// the reason unquoted ("find: 'x': Reason" is "spot: x: Reason").
func findWords(stderr string) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimSuffix(stderr, "\n"), "\n") {
		if l == "" {
			continue
		}
		l = "spot: " + strings.TrimPrefix(l, "find: ")
		if rest, ok := strings.CutPrefix(l, "spot: '"); ok {
			if p, reason, ok := strings.Cut(rest, "': "); ok {
				l = "spot: " + p + ": " + reason
			}
		}
		out = append(out, l)
	}
	slices.Sort(out)
	return out
}

// sortedLines is text's lines, sorted.
func sortedLines(text string) []string {
	if text == "" {
		return nil
	}
	out := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	slices.Sort(out)
	return out
}

// TestLinksAgainstFind holds spot's -P, -H, -L and -follow to GNU
// find's on linkTree: the entries (sorted, as spot is parallel), what is
// reported (loops of directories, a loop of links) and the exit status.
func TestLinksAgainstFind(t *testing.T) {
	gnuFind(t)
	root := linkTree(t)
	var cases [][]string
	for _, opt := range [][]string{nil, {"-P"}, {"-H"}, {"-L"}, {"-H", "-L"}, {"-L", "-P"}} {
		for _, expr := range [][]string{
			{}, {"-type", "l"}, {"-type", "d"}, {"-type", "f"}, {"-type", "f,l"}, {"-name", "*l*"},
			{"-name", "l*", "-print"}, {"-type", "d", "-name", "sub"}, {"-size", "-2", "-type", "f"},
			{"-maxdepth", "1"}, {"-mindepth", "3"}, {"-name", "dir", "-prune"},
			{"-printf", "%p %y %l\n"}, {"-empty"},
			{"times", "-newer", "times/lold"}, {"times", "-newer", "times/lnew"},
		} {
			for _, roots := range [][]string{nil, {"."}, {"ldir", "lldir"}, {"broken"}, {"dir/loop"}, {"self", "file"}, {"lfile"}} {
				if len(expr) > 0 && expr[0] == "times" {
					// Its own root: the links whose times differ.
					if roots == nil {
						cases = append(cases, slices.Concat(opt, expr))
					}
					continue
				}
				cases = append(cases, slices.Concat(opt, roots, expr))
			}
		}
	}
	cases = append(cases,
		[]string{"-follow"}, []string{".", "-follow", "-type", "l"}, []string{"-name", "l*", "-follow", "-print"},
		[]string{"-type", "d", "-follow"}, []string{"ldir", "-follow", "-name", "*"}, []string{"-H", "-follow", "-type", "l"},
		// -follow acts on the -newer after it only: the one before
		// compares with the link's own time.
		[]string{"times", "-newer", "times/lold", "-follow"}, []string{"times", "-follow", "-newer", "times/lold"},
	)
	for _, c := range cases {
		want := testbin.Run(t, root, nil, nil, "find", c...)
		for _, opts := range [][]string{{"-j", "1"}, {"-j4"}, {"-j", "4", "--stat=ring"}} {
			got := testbin.Run(t, root, nil, nil, spotBin, append(slices.Clone(opts), c...)...)
			if !slices.Equal(sortedLines(got.Stdout), sortedLines(want.Stdout)) || got.Code != want.Code ||
				!slices.Equal(sortedLines(got.Stderr), findWords(want.Stderr)) {
				t.Errorf("spot %q %q: exit %d\n got %q\n stderr %q\nfind: exit %d\n want %q\n stderr %q",
					opts, c, got.Code, sortedLines(got.Stdout), got.Stderr, want.Code, sortedLines(want.Stdout), findWords(want.Stderr))
			}
		}
	}
}
