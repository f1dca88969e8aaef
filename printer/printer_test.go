package printer

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"urg/match"
	"urg/search"
)

// The expected outputs below are what GNU grep 3.8 prints for the same
// files, run as `LC_ALL=C grep -P [options] PATTERN FILE...`.

// testFiles are the files the cases search, by name.
var testFiles = map[string]string{
	"a.txt":     "foo bar\nbaz\nfoo\nqux\nquux\nfoo foo\n",
	"b.txt":     "nothing\n",
	"c.txt":     "x\nfoo\n",
	"d.txt":     "foo\nfoo\n",
	"empty.txt": "",
	"bin.dat":   "x\nfoo\x00bar\nfoo\n",
	// Lines that are not UTF-8, for EncodingErrors.
	"e1.txt": "x1\nx\xe9\nx3\n",
	"e2.txt": "m1\nb\xe9\nc3\nc4\nm5\n",
	"e3.txt": "x\xe9\nx3\n",
	"e4.txt": "a\n\xe9b\nm\nc\n",
	"e5.txt": "xb yb\xe9 zb\n",
	"e6.txt": "m1\nc2\nc\xe9\nc4\nm5\n",
	"e7.txt": "x\xe9\n",
	"e8.txt": "x1\n",
}

func compile(t *testing.T, pattern string) match.Matcher {
	t.Helper()
	m, err := match.Compile([]string{pattern}, match.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// run searches files in order through one Output, as the scheduler does
// with one thread, and returns what was written to stdout and stderr.
func run(t *testing.T, pattern string, cfg Config, so search.Options, files []string) (string, string) {
	t.Helper()
	return runWith(t, compile(t, pattern), cfg, so, files)
}

// runWith is run with the matcher given.
func runWith(t *testing.T, m match.Matcher, cfg Config, so search.Options, files []string) (string, string) {
	t.Helper()
	cfg.Matcher = m
	cfg.BeforeContext, cfg.AfterContext = so.Before, so.After
	so.Invert = cfg.Invert
	so.LineNumbers = cfg.LineNumber
	so.CountOnly = cfg.Mode != Lines
	so.BufSize = 16
	var stdout, stderr bytes.Buffer
	out := NewOutput(&stdout, &stderr, cfg, false)
	s := search.New(m, so)
	for i, name := range files {
		content, ok := testFiles[name]
		if !ok {
			t.Fatalf("no test file %q", name)
		}
		f := out.File(int64(i), name)
		res, err := s.Search(strings.NewReader(content), f)
		if err != nil {
			t.Fatalf("search %s: %v", name, err)
		}
		if err := f.Finish(res, nil); err != nil {
			t.Fatalf("finish %s: %v", name, err)
		}
	}
	if err := out.Flush(); err != nil {
		t.Fatalf("flush: %v", err)
	}
	return stdout.String(), stderr.String()
}

// formatCase is one search whose whole output is compared with grep's.
type formatCase struct {
	name    string
	pattern string
	files   []string
	cfg     Config
	search  search.Options
	want    string
}

// runFormat runs each case as a subtest: its stdout must be exactly want
// and nothing must reach stderr.
func runFormat(t *testing.T, tests []formatCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, stderr := run(t, tt.pattern, tt.cfg, tt.search, tt.files)
			if got != tt.want {
				t.Errorf("output:\n got %q\nwant %q", got, tt.want)
			}
			if stderr != "" {
				t.Errorf("stderr: %q", stderr)
			}
		})
	}
}

func TestFormatLines(t *testing.T) {
	runFormat(t, []formatCase{
		{name: "lines", pattern: "foo", files: []string{"a.txt"},
			cfg: Config{}, search: search.Options{},
			want: "foo bar\nfoo\nfoo foo\n"},
		{name: "line numbers", pattern: "foo", files: []string{"a.txt"},
			cfg: Config{LineNumber: true}, search: search.Options{},
			want: "1:foo bar\n3:foo\n6:foo foo\n"},
		{name: "file name", pattern: "foo", files: []string{"a.txt"},
			cfg: Config{WithFilename: true}, search: search.Options{},
			want: "a.txt:foo bar\na.txt:foo\na.txt:foo foo\n"},
		{name: "several files", pattern: "foo", files: []string{"a.txt", "b.txt", "c.txt"},
			cfg: Config{WithFilename: true}, search: search.Options{},
			want: "a.txt:foo bar\na.txt:foo\na.txt:foo foo\nc.txt:foo\n"},
		{name: "line numbers and byte offsets", pattern: "foo", files: []string{"a.txt"},
			cfg: Config{LineNumber: true, ByteOffset: true}, search: search.Options{},
			want: "1:0:foo bar\n3:12:foo\n6:25:foo foo\n"},
		{name: "file name, line number and byte offset", pattern: "foo", files: []string{"a.txt", "c.txt"},
			cfg: Config{WithFilename: true, LineNumber: true, ByteOffset: true}, search: search.Options{},
			want: "a.txt:1:0:foo bar\na.txt:3:12:foo\na.txt:6:25:foo foo\nc.txt:2:2:foo\n"},
		{name: "only matching", pattern: "foo", files: []string{"a.txt"},
			cfg: Config{OnlyMatching: true}, search: search.Options{},
			want: "foo\nfoo\nfoo\nfoo\n"},
		{name: "only matching with byte offsets", pattern: "foo", files: []string{"a.txt"},
			cfg: Config{OnlyMatching: true, ByteOffset: true}, search: search.Options{},
			want: "0:foo\n12:foo\n25:foo\n29:foo\n"},
		{name: "only matching with names and numbers", pattern: "foo", files: []string{"a.txt", "c.txt"},
			cfg: Config{OnlyMatching: true, WithFilename: true, LineNumber: true}, search: search.Options{},
			want: "a.txt:1:foo\na.txt:3:foo\na.txt:6:foo\na.txt:6:foo\nc.txt:2:foo\n"},
		{name: "only matching a regexp", pattern: "o+ ?", files: []string{"a.txt"},
			cfg: Config{OnlyMatching: true}, search: search.Options{},
			want: "oo \noo\noo \noo\n"},
		{name: "only matching inverted prints nothing", pattern: "foo", files: []string{"a.txt"},
			cfg: Config{OnlyMatching: true, Invert: true}, search: search.Options{Invert: true},
			want: ""},
		{name: "inverted", pattern: "foo", files: []string{"a.txt"},
			cfg: Config{Invert: true, LineNumber: true}, search: search.Options{Invert: true},
			want: "2:baz\n4:qux\n5:quux\n"},
	})
}

func TestFormatContext(t *testing.T) {
	runFormat(t, []formatCase{
		{name: "after context", pattern: "foo", files: []string{"a.txt"},
			cfg: Config{LineNumber: true, Context: true}, search: search.Options{After: 1},
			want: "1:foo bar\n2-baz\n3:foo\n4-qux\n--\n6:foo foo\n"},
		{name: "before context", pattern: "quux", files: []string{"a.txt"},
			cfg: Config{LineNumber: true, Context: true}, search: search.Options{Before: 1},
			want: "4-qux\n5:quux\n"},
		{name: "context with byte offsets", pattern: "qux", files: []string{"a.txt"},
			cfg: Config{LineNumber: true, ByteOffset: true, Context: true}, search: search.Options{Before: 1, After: 1},
			want: "3-12-foo\n4:16:qux\n5-20-quux\n"},
		{name: "context groups and files", pattern: "foo", files: []string{"a.txt", "c.txt"},
			cfg: Config{WithFilename: true, Context: true}, search: search.Options{After: 1},
			want: "a.txt:foo bar\na.txt-baz\na.txt:foo\na.txt-qux\n--\na.txt:foo foo\n--\nc.txt:foo\n"},
		{name: "context: file without match in between", pattern: "foo", files: []string{"c.txt", "b.txt", "a.txt"},
			cfg: Config{WithFilename: true, LineNumber: true, Context: true}, search: search.Options{Before: 1, After: 1},
			want: "c.txt-1-x\nc.txt:2:foo\n--\na.txt:1:foo bar\na.txt-2-baz\na.txt:3:foo\na.txt-4-qux\na.txt-5-quux\na.txt:6:foo foo\n"},
		{name: "context: adjacent groups join", pattern: "foo", files: []string{"d.txt", "a.txt"},
			cfg: Config{WithFilename: true, Context: true}, search: search.Options{Before: 1, After: 1},
			want: "d.txt:foo\nd.txt:foo\n--\na.txt:foo bar\na.txt-baz\na.txt:foo\na.txt-qux\na.txt-quux\na.txt:foo foo\n"},
		{name: "context inverted", pattern: "foo", files: []string{"a.txt"},
			cfg: Config{Invert: true, LineNumber: true, Context: true}, search: search.Options{Invert: true, After: 1},
			want: "2:baz\n3-foo\n4:qux\n5:quux\n6-foo foo\n"},
		{name: "max count with context", pattern: "foo", files: []string{"a.txt", "d.txt"},
			cfg: Config{WithFilename: true, LineNumber: true, Context: true}, search: search.Options{MaxCount: 1, After: 2},
			want: "a.txt:1:foo bar\na.txt-2-baz\na.txt-3-foo\n--\nd.txt:1:foo\nd.txt-2-foo\n"},
	})
}

func TestFormatModes(t *testing.T) {
	runFormat(t, []formatCase{
		{name: "count", pattern: "foo", files: []string{"a.txt"},
			cfg: Config{Mode: Count}, search: search.Options{},
			want: "3\n"},
		{name: "count several files", pattern: "foo", files: []string{"a.txt", "b.txt", "empty.txt"},
			cfg: Config{Mode: Count, WithFilename: true}, search: search.Options{},
			want: "a.txt:3\nb.txt:0\nempty.txt:0\n"},
		{name: "count inverted", pattern: "foo", files: []string{"a.txt", "d.txt"},
			cfg: Config{Mode: Count, WithFilename: true, Invert: true}, search: search.Options{Invert: true},
			want: "a.txt:3\nd.txt:0\n"},
		{name: "count with max count", pattern: "foo", files: []string{"a.txt"},
			cfg: Config{Mode: Count}, search: search.Options{MaxCount: 2},
			want: "2\n"},
		{name: "files with matches", pattern: "foo", files: []string{"a.txt", "b.txt", "c.txt", "empty.txt"},
			cfg: Config{Mode: FilesWithMatches, WithFilename: true}, search: search.Options{MaxCount: 1},
			want: "a.txt\nc.txt\n"},
		{name: "files without match", pattern: "foo", files: []string{"a.txt", "b.txt", "c.txt", "empty.txt"},
			cfg: Config{Mode: FilesWithoutMatch, WithFilename: true}, search: search.Options{MaxCount: 1},
			want: "b.txt\nempty.txt\n"},
		{name: "files with matches, one file", pattern: "foo", files: []string{"a.txt"},
			cfg: Config{Mode: FilesWithMatches}, search: search.Options{MaxCount: 1},
			want: "a.txt\n"},
		{name: "quiet", pattern: "foo", files: []string{"a.txt", "b.txt"},
			cfg: Config{Mode: Quiet, WithFilename: true}, search: search.Options{MaxCount: 1},
			want: ""},
	})
}

func TestFormatNull(t *testing.T) {
	runFormat(t, []formatCase{
		{name: "null after names", pattern: "foo", files: []string{"c.txt", "a.txt"},
			cfg: Config{WithFilename: true, Null: true, LineNumber: true}, search: search.Options{},
			want: "c.txt\x002:foo\na.txt\x001:foo bar\na.txt\x003:foo\na.txt\x006:foo foo\n"},
		{name: "null with context", pattern: "foo", files: []string{"c.txt", "a.txt"},
			cfg: Config{WithFilename: true, Null: true, LineNumber: true, Context: true}, search: search.Options{After: 1},
			want: "c.txt\x002:foo\n--\na.txt\x001:foo bar\na.txt\x002-baz\na.txt\x003:foo\na.txt\x004-qux\n--\na.txt\x006:foo foo\n"},
		{name: "null with only matching", pattern: "foo", files: []string{"c.txt", "a.txt"},
			cfg: Config{WithFilename: true, Null: true, OnlyMatching: true, ByteOffset: true}, search: search.Options{},
			want: "c.txt\x002:foo\na.txt\x000:foo\na.txt\x0012:foo\na.txt\x0025:foo\na.txt\x0029:foo\n"},
		{name: "null without file names", pattern: "foo", files: []string{"c.txt", "a.txt"},
			cfg: Config{Null: true}, search: search.Options{},
			want: "foo\nfoo bar\nfoo\nfoo foo\n"},
		{name: "null count", pattern: "foo", files: []string{"a.txt", "b.txt"},
			cfg: Config{Mode: Count, WithFilename: true, Null: true}, search: search.Options{},
			want: "a.txt\x003\nb.txt\x000\n"},
		{name: "null count, one file", pattern: "foo", files: []string{"a.txt"},
			cfg: Config{Mode: Count, Null: true}, search: search.Options{},
			want: "3\n"},
		{name: "null files with matches", pattern: "foo", files: []string{"a.txt", "b.txt", "c.txt"},
			cfg: Config{Mode: FilesWithMatches, WithFilename: true, Null: true}, search: search.Options{MaxCount: 1},
			want: "a.txt\x00c.txt\x00"},
		{name: "null files without match", pattern: "foo", files: []string{"a.txt", "b.txt", "empty.txt"},
			cfg: Config{Mode: FilesWithoutMatch, WithFilename: true, Null: true}, search: search.Options{MaxCount: 1},
			want: "b.txt\x00empty.txt\x00"},
	})
}

func TestFormatColor(t *testing.T) {
	runFormat(t, []formatCase{
		{name: "color", pattern: "foo", files: []string{"a.txt"},
			cfg: Config{Color: true}, search: search.Options{},
			want: "\x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K bar\n\x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K\n\x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K \x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K\n"},
		{name: "color with prefixes", pattern: "foo", files: []string{"c.txt"},
			cfg: Config{Color: true, WithFilename: true, LineNumber: true, ByteOffset: true}, search: search.Options{},
			want: "\x1b[35m\x1b[Kc.txt\x1b[m\x1b[K\x1b[36m\x1b[K:\x1b[m\x1b[K\x1b[32m\x1b[K2\x1b[m\x1b[K\x1b[36m\x1b[K:\x1b[m\x1b[K\x1b[32m\x1b[K2\x1b[m\x1b[K\x1b[36m\x1b[K:\x1b[m\x1b[K\x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K\n"},
		{name: "color only matching", pattern: "foo", files: []string{"c.txt", "a.txt"},
			cfg: Config{Color: true, OnlyMatching: true, WithFilename: true, LineNumber: true}, search: search.Options{},
			want: "\x1b[35m\x1b[Kc.txt\x1b[m\x1b[K\x1b[36m\x1b[K:\x1b[m\x1b[K\x1b[32m\x1b[K2\x1b[m\x1b[K\x1b[36m\x1b[K:\x1b[m\x1b[K\x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K\n\x1b[35m\x1b[Ka.txt\x1b[m\x1b[K\x1b[36m\x1b[K:\x1b[m\x1b[K\x1b[32m\x1b[K1\x1b[m\x1b[K\x1b[36m\x1b[K:\x1b[m\x1b[K\x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K\n\x1b[35m\x1b[Ka.txt\x1b[m\x1b[K\x1b[36m\x1b[K:\x1b[m\x1b[K\x1b[32m\x1b[K3\x1b[m\x1b[K\x1b[36m\x1b[K:\x1b[m\x1b[K\x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K\n\x1b[35m\x1b[Ka.txt\x1b[m\x1b[K\x1b[36m\x1b[K:\x1b[m\x1b[K\x1b[32m\x1b[K6\x1b[m\x1b[K\x1b[36m\x1b[K:\x1b[m\x1b[K\x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K\n\x1b[35m\x1b[Ka.txt\x1b[m\x1b[K\x1b[36m\x1b[K:\x1b[m\x1b[K\x1b[32m\x1b[K6\x1b[m\x1b[K\x1b[36m\x1b[K:\x1b[m\x1b[K\x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K\n"},
		{name: "color context", pattern: "foo", files: []string{"c.txt", "a.txt"},
			cfg: Config{Color: true, WithFilename: true, LineNumber: true, Context: true}, search: search.Options{After: 1},
			want: "\x1b[35m\x1b[Kc.txt\x1b[m\x1b[K\x1b[36m\x1b[K:\x1b[m\x1b[K\x1b[32m\x1b[K2\x1b[m\x1b[K\x1b[36m\x1b[K:\x1b[m\x1b[K\x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K\n\x1b[36m\x1b[K--\x1b[m\x1b[K\n\x1b[35m\x1b[Ka.txt\x1b[m\x1b[K\x1b[36m\x1b[K:\x1b[m\x1b[K\x1b[32m\x1b[K1\x1b[m\x1b[K\x1b[36m\x1b[K:\x1b[m\x1b[K\x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K bar\n\x1b[35m\x1b[Ka.txt\x1b[m\x1b[K\x1b[36m\x1b[K-\x1b[m\x1b[K\x1b[32m\x1b[K2\x1b[m\x1b[K\x1b[36m\x1b[K-\x1b[m\x1b[Kbaz\n\x1b[35m\x1b[Ka.txt\x1b[m\x1b[K\x1b[36m\x1b[K:\x1b[m\x1b[K\x1b[32m\x1b[K3\x1b[m\x1b[K\x1b[36m\x1b[K:\x1b[m\x1b[K\x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K\n\x1b[35m\x1b[Ka.txt\x1b[m\x1b[K\x1b[36m\x1b[K-\x1b[m\x1b[K\x1b[32m\x1b[K4\x1b[m\x1b[K\x1b[36m\x1b[K-\x1b[m\x1b[Kqux\n\x1b[36m\x1b[K--\x1b[m\x1b[K\n\x1b[35m\x1b[Ka.txt\x1b[m\x1b[K\x1b[36m\x1b[K:\x1b[m\x1b[K\x1b[32m\x1b[K6\x1b[m\x1b[K\x1b[36m\x1b[K:\x1b[m\x1b[K\x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K \x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K\n"},
		{name: "color context, no names", pattern: "foo", files: []string{"a.txt"},
			cfg: Config{Color: true, Context: true}, search: search.Options{After: 1},
			want: "\x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K bar\nbaz\n\x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K\nqux\n\x1b[36m\x1b[K--\x1b[m\x1b[K\n\x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K \x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K\n"},
		{name: "color count", pattern: "foo", files: []string{"a.txt", "b.txt"},
			cfg: Config{Color: true, Mode: Count, WithFilename: true}, search: search.Options{},
			want: "\x1b[35m\x1b[Ka.txt\x1b[m\x1b[K\x1b[36m\x1b[K:\x1b[m\x1b[K3\n\x1b[35m\x1b[Kb.txt\x1b[m\x1b[K\x1b[36m\x1b[K:\x1b[m\x1b[K0\n"},
		{name: "color count with null", pattern: "foo", files: []string{"a.txt", "b.txt"},
			cfg: Config{Color: true, Mode: Count, WithFilename: true, Null: true}, search: search.Options{},
			want: "\x1b[35m\x1b[Ka.txt\x1b[m\x1b[K\x003\n\x1b[35m\x1b[Kb.txt\x1b[m\x1b[K\x000\n"},
		{name: "color files with matches", pattern: "foo", files: []string{"a.txt", "b.txt"},
			cfg: Config{Color: true, Mode: FilesWithMatches, WithFilename: true}, search: search.Options{MaxCount: 1},
			want: "\x1b[35m\x1b[Ka.txt\x1b[m\x1b[K\n"},
		{name: "color files with matches and null", pattern: "foo", files: []string{"a.txt", "b.txt"},
			cfg: Config{Color: true, Mode: FilesWithMatches, WithFilename: true, Null: true}, search: search.Options{MaxCount: 1},
			want: "\x1b[35m\x1b[Ka.txt\x1b[m\x1b[K\x00"},
		{name: "color files without match", pattern: "foo", files: []string{"a.txt", "b.txt"},
			cfg: Config{Color: true, Mode: FilesWithoutMatch, WithFilename: true}, search: search.Options{MaxCount: 1},
			want: "\x1b[35m\x1b[Kb.txt\x1b[m\x1b[K\n"},
		{name: "color with null", pattern: "foo", files: []string{"c.txt"},
			cfg: Config{Color: true, WithFilename: true, Null: true}, search: search.Options{},
			want: "\x1b[35m\x1b[Kc.txt\x1b[m\x1b[K\x00\x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K\n"},
		{name: "color inverted", pattern: "foo", files: []string{"a.txt"},
			cfg: Config{Color: true, Invert: true}, search: search.Options{Invert: true},
			want: "baz\nqux\nquux\n"},
		{name: "color, regexp with several matches", pattern: "o+", files: []string{"a.txt"},
			cfg: Config{Color: true}, search: search.Options{},
			want: "f\x1b[01;31m\x1b[Koo\x1b[m\x1b[K bar\nf\x1b[01;31m\x1b[Koo\x1b[m\x1b[K\nf\x1b[01;31m\x1b[Koo\x1b[m\x1b[K f\x1b[01;31m\x1b[Koo\x1b[m\x1b[K\n"},
	})
}

func TestBinaryNotice(t *testing.T) {
	tests := []struct {
		name       string
		cfg        Config
		files      []string
		want, warn string
	}{
		// grep says "grep: bin.dat: binary file matches" on stderr.
		{"notice instead of lines", Config{WithFilename: true, LineNumber: true}, []string{"a.txt", "bin.dat", "c.txt"},
			"a.txt:1:foo bar\na.txt:3:foo\na.txt:6:foo foo\nc.txt:2:foo\n", "urg: bin.dat: binary file matches\n"},
		{"count", Config{Mode: Count, WithFilename: true}, []string{"bin.dat"}, "bin.dat:2\n", ""},
		{"files with matches", Config{Mode: FilesWithMatches, WithFilename: true}, []string{"bin.dat"}, "bin.dat\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var so search.Options
			if tt.cfg.Mode == FilesWithMatches {
				so.MaxCount = 1
			}
			got, warn := run(t, "foo", tt.cfg, so, tt.files)
			if got != tt.want || warn != tt.warn {
				t.Errorf("got %q and %q on stderr, want %q and %q", got, warn, tt.want, tt.warn)
			}
		})
	}
}

// TestDirect feeds the sink by hand, for what a search does not easily
// produce.
func TestDirect(t *testing.T) {
	type call struct {
		context        bool
		lineno, offset int64
		line           string
	}
	tests := []struct {
		name    string
		pattern string
		cfg     Config
		calls   []call
		count   int64
		want    string
	}{
		{"big line numbers and offsets", "foo", Config{LineNumber: true, ByteOffset: true},
			[]call{{false, 1234567, 9876543210, "foo"}}, 1, "1234567:9876543210:foo\n"},
		{"separator only where lines are not adjacent", "foo", Config{Context: true, LineNumber: true},
			[]call{{false, 1, 0, "foo"}, {true, 2, 4, "a"}, {true, 4, 8, "b"}, {false, 5, 10, "foo"}},
			2, "1:foo\n2-a\n--\n4-b\n5:foo\n"},
		{"no separator without context", "foo", Config{LineNumber: true},
			[]call{{false, 1, 0, "foo"}, {false, 5, 10, "foo"}}, 2, "1:foo\n5:foo\n"},
		{"colour separator", "foo", Config{Context: true, Color: true},
			[]call{{false, 1, 0, "foo"}, {false, 5, 10, "foo"}},
			2, "\x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K\n\x1b[36m\x1b[K--\x1b[m\x1b[K\n\x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K\n"},
		{"only matching under -i", "(?i)foo", Config{OnlyMatching: true, ByteOffset: true},
			[]call{{false, 1, 100, "FOO xfoo Foo"}}, 1, "100:FOO\n105:foo\n109:Foo\n"},
		{"only matching: context lines print nothing", "foo", Config{OnlyMatching: true},
			[]call{{true, 1, 0, "foo"}, {false, 2, 4, "foo"}}, 1, "foo\n"},
		{"empty line", "^", Config{LineNumber: true}, []call{{false, 3, 7, ""}}, 1, "3:\n"},
		{"line with a NUL", "a", Config{}, []call{{false, 1, 0, "a\x00b"}}, 1, "a\x00b\n"},
		{"count zero", "foo", Config{Mode: Count}, nil, 0, "0\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := tt.cfg
			cfg.Matcher = compile(t, tt.pattern)
			var stdout bytes.Buffer
			out := NewOutput(&stdout, io.Discard, cfg, false)
			f := out.File(0, "f")
			for _, c := range tt.calls {
				var err error
				if c.context {
					err = f.(search.ContextSink).Context(c.lineno, c.offset, []byte(c.line))
				} else {
					err = f.Match(c.lineno, c.offset, []byte(c.line))
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			if err := f.Finish(search.Result{Count: tt.count}, nil); err != nil {
				t.Fatal(err)
			}
			if err := out.Flush(); err != nil {
				t.Fatal(err)
			}
			if got := stdout.String(); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestAbandon checks that a file given up on (a read error) prints the
// lines it found but no count or name.
func TestAbandon(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
		want string
	}{
		{"lines", Config{WithFilename: true}, "a:foo\nb:foo\n"},
		{"count", Config{Mode: Count, WithFilename: true}, "b:1\n"},
		{"files with matches", Config{Mode: FilesWithMatches, WithFilename: true}, "b\n"},
		{"files without match", Config{Mode: FilesWithoutMatch, WithFilename: true}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := tt.cfg
			cfg.Matcher = compile(t, "foo")
			var stdout bytes.Buffer
			out := NewOutput(&stdout, io.Discard, cfg, true)
			a := out.File(0, "a")
			if cfg.Mode == Lines {
				if err := a.Match(1, 0, []byte("foo")); err != nil {
					t.Fatal(err)
				}
			}
			if err := a.Finish(search.Result{}, errors.New("read failed")); err != nil {
				t.Fatal(err)
			}
			b := out.File(1, "b")
			if cfg.Mode == Lines {
				if err := b.Match(1, 0, []byte("foo")); err != nil {
					t.Fatal(err)
				}
			}
			if err := b.Finish(search.Result{Count: 1}, nil); err != nil {
				t.Fatal(err)
			}
			if err := out.Flush(); err != nil {
				t.Fatal(err)
			}
			if got := stdout.String(); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
