package main

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// commentRules are what no comment in the source may hold: the code says
// why, and the figures, dates and issues behind a choice live in
// docs/decisions.md and docs/history/, to which a comment links by
// anchor.
var commentRules = []struct {
	what string
	re   *regexp.Regexp
}{
	{"a date", regexp.MustCompile(`\b20[0-9]{2}-[01][0-9]-[0-3][0-9]\b`)},
	{"an issue number", regexp.MustCompile(`(?i)\bissues? ?#?[0-9]+\b|(^|\s)#[0-9]+\b`)},
	{"a timing", regexp.MustCompile(`\b[0-9]+(\.[0-9]+)? ?(ns|µs|us|ms|s|sec|seconds|minutes)\b`)},
	{"a link to docs/performance.md without an anchor", regexp.MustCompile(`docs/performance\.md($|[^#])`)},
}

// commentAllowed are comments that hold a duration that is no timing:
// what a flag, a fault or the kernel is given or counts in.
var commentAllowed = []string{
	"counts 100 ns ticks",                // Windows' FILETIME unit
	"sleep (100 ms)",                     // the fault suite's sleep action
	"a sleep of 200µs can last",          // the timer's resolution
	"-latency 0,1ms,5ms",                 // a command line
	"delay of 1 ms, checks that urg and", // the delay a test sets
}

// TestSourceComments: no comment in the repository's Go code carries a
// date, an issue number or a timing, and none links to
// the performance page without an anchor.
func TestSourceComments(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		n++
		for _, g := range f.Comments {
			for _, c := range g.List {
				for _, line := range strings.Split(c.Text, "\n") {
					if allowedComment(line) {
						continue
					}
					for _, r := range commentRules {
						if r.re.MatchString(line) {
							rel, _ := filepath.Rel(root, path)
							t.Errorf("%s:%d: a comment holds %s: %s", rel, fset.Position(c.Pos()).Line, r.what, strings.TrimSpace(line))
						}
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 100 {
		t.Fatalf("only %d Go files under %s: not the repository", n, root)
	}
}

func allowedComment(line string) bool {
	for _, a := range commentAllowed {
		if strings.Contains(line, a) {
			return true
		}
	}
	return false
}
