package printer

import (
	"bytes"
	"io"
	"testing"

	"urg/search"
)

func ptr[T any](v T) *T { return &v }

// TestGroupSeparator checks --group-separator and --no-group-separator
// against what `LC_ALL=C grep -P [options] PATTERN FILE...` prints.
func TestGroupSeparator(t *testing.T) {
	runFormat(t, []formatCase{
		// grep -n -A1 --group-separator=XX foo a.txt
		{name: "custom", pattern: "foo", files: []string{"a.txt"},
			cfg: Config{LineNumber: true, Context: true, GroupSeparator: ptr("XX")}, search: search.Options{After: 1},
			want: "1:foo bar\n2-baz\n3:foo\n4-qux\nXX\n6:foo foo\n"},
		// grep -H -A0 --group-separator= foo a.txt c.txt
		{name: "empty: an empty line, also between files", pattern: "foo", files: []string{"a.txt", "c.txt"},
			cfg: Config{WithFilename: true, Context: true, GroupSeparator: ptr("")}, search: search.Options{},
			want: "a.txt:foo bar\n\na.txt:foo\n\na.txt:foo foo\n\nc.txt:foo\n"},
		// grep -H -A0 --no-group-separator foo a.txt c.txt
		{name: "none", pattern: "foo", files: []string{"a.txt", "c.txt"},
			cfg: Config{WithFilename: true, Context: true, NoGroupSeparator: true}, search: search.Options{},
			want: "a.txt:foo bar\na.txt:foo\na.txt:foo foo\nc.txt:foo\n"},
		// grep -n -A1 --no-group-separator foo a.txt
		{name: "none with context lines", pattern: "foo", files: []string{"a.txt"},
			cfg: Config{LineNumber: true, Context: true, NoGroupSeparator: true}, search: search.Options{After: 1},
			want: "1:foo bar\n2-baz\n3:foo\n4-qux\n6:foo foo\n"},
		{name: "none outweighs a text", pattern: "foo", files: []string{"a.txt"},
			cfg: Config{LineNumber: true, Context: true, NoGroupSeparator: true, GroupSeparator: ptr("XX")}, search: search.Options{After: 1},
			want: "1:foo bar\n2-baz\n3:foo\n4-qux\n6:foo foo\n"},
		// grep --group-separator=XX foo a.txt c.txt: no context, no groups
		{name: "without context", pattern: "foo", files: []string{"a.txt", "c.txt"},
			cfg: Config{WithFilename: true, GroupSeparator: ptr("XX")}, search: search.Options{},
			want: "a.txt:foo bar\na.txt:foo\na.txt:foo foo\nc.txt:foo\n"},
		// grep -H -o -A0 --group-separator=XX foo c.txt a.txt
		{name: "only matching", pattern: "foo", files: []string{"c.txt", "a.txt"},
			cfg: Config{WithFilename: true, OnlyMatching: true, Context: true, GroupSeparator: ptr("XX")}, search: search.Options{},
			want: "c.txt:foo\nXX\na.txt:foo\nXX\na.txt:foo\nXX\na.txt:foo\na.txt:foo\n"},
		// grep -H -C1 --group-separator=XX foo c.txt b.txt a.txt
		{name: "files, one without a match", pattern: "foo", files: []string{"c.txt", "b.txt", "a.txt"},
			cfg: Config{WithFilename: true, Context: true, GroupSeparator: ptr("XX")}, search: search.Options{Before: 1, After: 1},
			want: "c.txt-x\nc.txt:foo\nXX\na.txt:foo bar\na.txt-baz\na.txt:foo\na.txt-qux\na.txt-quux\na.txt:foo foo\n"},
		// grep -A0 --group-separator='a b' foo a.txt
		{name: "with a space", pattern: "foo", files: []string{"a.txt"},
			cfg: Config{Context: true, GroupSeparator: ptr("a b")}, search: search.Options{},
			want: "foo bar\na b\nfoo\na b\nfoo foo\n"},
		// grep -m1 -A0 --group-separator=:: foo a.txt d.txt
		{name: "max count", pattern: "foo", files: []string{"a.txt", "d.txt"},
			cfg: Config{WithFilename: true, Context: true, GroupSeparator: ptr("::")}, search: search.Options{MaxCount: 1},
			want: "a.txt:foo bar\n::\nd.txt:foo\n"},
	})
}

// TestGroupSeparatorColor: the separator takes the se colour, if any.
func TestGroupSeparatorColor(t *testing.T) {
	colors := ParseGrepColors("se=1;33")
	noSep := ParseGrepColors("se=")
	runFormat(t, []formatCase{
		// grep -A1 --group-separator=XX --color=always foo a.txt
		{name: "colour", pattern: "foo", files: []string{"a.txt"},
			cfg: Config{Context: true, Color: true, GroupSeparator: ptr("XX")}, search: search.Options{After: 1},
			want: "\x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K bar\nbaz\n\x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K\nqux\n\x1b[36m\x1b[KXX\x1b[m\x1b[K\n\x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K \x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K\n"},
		// grep -A1 --group-separator= --color=always foo a.txt
		{name: "colour, empty", pattern: "foo", files: []string{"a.txt"},
			cfg: Config{Context: true, Color: true, GroupSeparator: ptr("")}, search: search.Options{After: 1},
			want: "\x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K bar\nbaz\n\x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K\nqux\n\x1b[36m\x1b[K\x1b[m\x1b[K\n\x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K \x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K\n"},
		// grep -A1 --no-group-separator --color=always foo a.txt
		{name: "colour, none", pattern: "foo", files: []string{"a.txt"},
			cfg: Config{Context: true, Color: true, NoGroupSeparator: true}, search: search.Options{After: 1},
			want: "\x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K bar\nbaz\n\x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K\nqux\n\x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K \x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K\n"},
		// GREP_COLORS=se=1;33 grep -A1 --group-separator=XX --color=always foo a.txt
		{name: "colour se=1;33", pattern: "foo", files: []string{"a.txt"},
			cfg: Config{Context: true, Color: true, Colors: colors, GroupSeparator: ptr("XX")}, search: search.Options{After: 1},
			want: "\x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K bar\nbaz\n\x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K\nqux\n\x1b[1;33m\x1b[KXX\x1b[m\x1b[K\n\x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K \x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K\n"},
		// GREP_COLORS=se= grep -A1 --group-separator=XX --color=always foo a.txt
		{name: "colour se= leaves it plain", pattern: "foo", files: []string{"a.txt"},
			cfg: Config{Context: true, Color: true, Colors: noSep, GroupSeparator: ptr("XX")}, search: search.Options{After: 1},
			want: "\x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K bar\nbaz\n\x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K\nqux\nXX\n\x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K \x1b[01;31m\x1b[Kfoo\x1b[m\x1b[K\n"},
	})
}

// TestHeadingGroups: under --heading a file's name starts its first
// group, a blank line sets files apart, and the group separator comes
// only between the groups of one file.
func TestHeadingGroups(t *testing.T) {
	tests := []struct {
		name, pattern string
		files         []string
		cfg           Config
		want          string
	}{
		{"custom separator", "foo", []string{"a.txt", "c.txt"},
			Config{GroupSeparator: ptr("XX")},
			"a.txt\nfoo bar\nbaz\nfoo\nqux\nXX\nfoo foo\n\nc.txt\nfoo\n"},
		{"no separator", "foo", []string{"a.txt", "c.txt"},
			Config{NoGroupSeparator: true},
			"a.txt\nfoo bar\nbaz\nfoo\nqux\nfoo foo\n\nc.txt\nfoo\n"},
		// e7.txt has one matching line, left out: no name, separator
		// or blank line for it.
		{"file with every line left out", "x", []string{"e8.txt", "e7.txt", "e1.txt"},
			Config{EncodingErrors: true},
			"e8.txt\nx1\n\ne1.txt\nx1\n--\nx3\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := tt.cfg
			cfg.WithFilename, cfg.Heading, cfg.Context = true, true, true
			got, _ := run(t, tt.pattern, cfg, search.Options{After: 1}, tt.files)
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// encodingCase is one search run with EncodingErrors, whose stdout must
// be want and stderr warn.
type encodingCase struct {
	name       string
	pattern    string
	files      []string
	cfg        Config
	search     search.Options
	want, warn string
}

// notice is the stderr of files whose lines, some left out, matched.
func notice(names ...string) string {
	var s string
	for _, n := range names {
		s += "urg: " + n + ": binary file matches\n"
	}
	return s
}

// runEncoding runs each case with EncodingErrors, and again without, when
// nothing is left out and so no notice is due.
func runEncoding(t *testing.T, tests []encodingCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := tt.cfg
			cfg.EncodingErrors = true
			got, warn := run(t, tt.pattern, cfg, tt.search, tt.files)
			if got != tt.want || warn != tt.warn {
				t.Errorf("got %q and %q on stderr,\nwant %q and %q", got, warn, tt.want, tt.warn)
			}
			// Without EncodingErrors every line is printed, as with -a.
			cfg.EncodingErrors = false
			if _, warn := run(t, tt.pattern, cfg, tt.search, tt.files); warn != "" {
				t.Errorf("without EncodingErrors, stderr %q", warn)
			}
		})
	}
}

// TestEncodingErrors checks the lines left out for not being UTF-8, the
// context and separators around them and the notice, against what
// `LC_ALL=C.UTF-8 grep [options] PATTERN FILE...` prints; the
// TestEncodingErrors* tests below hold the cases with context or colour.
func TestEncodingErrors(t *testing.T) {
	runEncoding(t, []encodingCase{
		// grep x e1.txt
		{"lines", "x", []string{"e1.txt"}, Config{}, search.Options{},
			"x1\nx3\n", notice("e1.txt")},
		// grep -n x e1.txt
		{"line numbers", "x", []string{"e1.txt"}, Config{LineNumber: true}, search.Options{},
			"1:x1\n3:x3\n", notice("e1.txt")},
		// grep -b x e1.txt
		{"byte offsets", "x", []string{"e1.txt"}, Config{ByteOffset: true}, search.Options{},
			"0:x1\n6:x3\n", notice("e1.txt")},
		// grep -c x e1.txt
		{"count", "x", []string{"e1.txt"}, Config{Mode: Count}, search.Options{},
			"3\n", ""},
		// grep -H -c x e1.txt e8.txt
		{"count, files", "x", []string{"e1.txt", "e8.txt"}, Config{Mode: Count, WithFilename: true}, search.Options{},
			"e1.txt:3\ne8.txt:1\n", ""},
		// grep -l x e1.txt e8.txt
		{"files with matches", "x", []string{"e1.txt", "e8.txt"}, Config{Mode: FilesWithMatches, WithFilename: true}, search.Options{MaxCount: 1},
			"e1.txt\ne8.txt\n", ""},
		// grep -L x e1.txt e8.txt
		{"files without match", "x", []string{"e1.txt", "e8.txt"}, Config{Mode: FilesWithoutMatch, WithFilename: true}, search.Options{MaxCount: 1},
			"", ""},
		// grep -q x e1.txt
		{"quiet", "x", []string{"e1.txt"}, Config{Mode: Quiet}, search.Options{MaxCount: 1},
			"", ""},
		// grep -o x e1.txt: only the matches printed are looked at
		{"only matching", "x", []string{"e1.txt"}, Config{OnlyMatching: true}, search.Options{},
			"x\nx\nx\n", ""},
		// grep -o -b -A0 x e1.txt
		{"only matching with context", "x", []string{"e1.txt"}, Config{OnlyMatching: true, ByteOffset: true, Context: true}, search.Options{},
			"0:x\n3:x\n6:x\n", ""},
		// grep -v 1 e1.txt
		{"inverted", "1", []string{"e1.txt"}, Config{Invert: true}, search.Options{},
			"x3\n", notice("e1.txt")},
		// grep -n -v m e4.txt
		{"inverted run", "m", []string{"e4.txt"}, Config{Invert: true, LineNumber: true}, search.Options{},
			"1:a\n4:c\n", notice("e4.txt")},
	})
}

func TestEncodingErrorsAfterContext(t *testing.T) {
	runEncoding(t, []encodingCase{
		// grep -n -v -A1 m e4.txt: the context after the run is spent
		// on its last line, left out
		{"inverted run with context", "m", []string{"e4.txt"}, Config{Invert: true, LineNumber: true, Context: true}, search.Options{After: 1},
			"1:a\n--\n4:c\n", notice("e4.txt")},
		// grep -n -A1 1 e1.txt
		{"after-context left out", "1", []string{"e1.txt"}, Config{LineNumber: true, Context: true}, search.Options{After: 1},
			"1:x1\n", notice("e1.txt")},
		// grep -n -A2 1 e1.txt: the rest of the after-context is not printed
		{"after-context spent", "1", []string{"e1.txt"}, Config{LineNumber: true, Context: true}, search.Options{After: 2},
			"1:x1\n", notice("e1.txt")},
		// grep -m2 -A2 x e1.txt
		{"after-context of a selected line left out", "x", []string{"e1.txt"}, Config{Context: true}, search.Options{MaxCount: 2, After: 2},
			"x1\n", notice("e1.txt")},
		// grep -n -A1 x e1.txt
		{"selected line left out: separator", "x", []string{"e1.txt"}, Config{LineNumber: true, Context: true}, search.Options{After: 1},
			"1:x1\n--\n3:x3\n", notice("e1.txt")},
		// grep -n -A0 x e1.txt
		{"selected line left out: separator, -A0", "x", []string{"e1.txt"}, Config{LineNumber: true, Context: true}, search.Options{},
			"1:x1\n--\n3:x3\n", notice("e1.txt")},
		// grep -n -A0 --group-separator=XX x e1.txt
		{"custom separator", "x", []string{"e1.txt"}, Config{LineNumber: true, Context: true, GroupSeparator: ptr("XX")}, search.Options{},
			"1:x1\nXX\n3:x3\n", notice("e1.txt")},
		// grep -n -A0 --no-group-separator x e1.txt
		{"no separator", "x", []string{"e1.txt"}, Config{LineNumber: true, Context: true, NoGroupSeparator: true}, search.Options{},
			"1:x1\n3:x3\n", notice("e1.txt")},
	})
}

func TestEncodingErrorsBeforeContext(t *testing.T) {
	runEncoding(t, []encodingCase{
		// grep -n -B1 3 e1.txt
		{"before-context left out", "3", []string{"e1.txt"}, Config{LineNumber: true, Context: true}, search.Options{Before: 1},
			"3:x3\n", notice("e1.txt")},
		// grep -n -C1 3 e1.txt
		{"context both sides", "3", []string{"e1.txt"}, Config{LineNumber: true, Context: true}, search.Options{Before: 1, After: 1},
			"3:x3\n", notice("e1.txt")},
		// grep -n -A3 -B1 m e2.txt
		{"before-context short of the line left out", "m", []string{"e2.txt"}, Config{LineNumber: true, Context: true}, search.Options{Before: 1, After: 3},
			"1:m1\n--\n4-c4\n5:m5\n", notice("e2.txt")},
		// grep -n -A3 -B2 m e2.txt
		{"before-context just short", "m", []string{"e2.txt"}, Config{LineNumber: true, Context: true}, search.Options{Before: 2, After: 3},
			"1:m1\n--\n3-c3\n4-c4\n5:m5\n", notice("e2.txt")},
		// grep -n -A3 -B3 m e2.txt
		{"before-context back to the line left out", "m", []string{"e2.txt"}, Config{LineNumber: true, Context: true}, search.Options{Before: 3, After: 3},
			"1:m1\n3-c3\n4-c4\n5:m5\n", notice("e2.txt")},
		// grep -n -A3 -B4 m e2.txt
		{"before-context past it", "m", []string{"e2.txt"}, Config{LineNumber: true, Context: true}, search.Options{Before: 4, After: 3},
			"1:m1\n3-c3\n4-c4\n5:m5\n", notice("e2.txt")},
		// grep -n -B3 m e6.txt
		{"before-context line left out", "m", []string{"e6.txt"}, Config{LineNumber: true, Context: true}, search.Options{Before: 3},
			"1:m1\n2-c2\n4-c4\n5:m5\n", notice("e6.txt")},
		// grep -n -A1 -B2 m e6.txt
		{"after-context then before-context left out", "m", []string{"e6.txt"}, Config{LineNumber: true, Context: true}, search.Options{Before: 2, After: 1},
			"1:m1\n2-c2\n4-c4\n5:m5\n", notice("e6.txt")},
		// grep -n -A1 m e6.txt: the line not UTF-8 is not printed
		// because it is not context, and no notice
		{"line not printed anyway", "m", []string{"e6.txt"}, Config{LineNumber: true, Context: true}, search.Options{After: 1},
			"1:m1\n2-c2\n--\n5:m5\n", ""},
	})
}

func TestEncodingErrorsFileStart(t *testing.T) {
	runEncoding(t, []encodingCase{
		// grep -n -A0 x e3.txt
		{"first line left out, -A0", "x", []string{"e3.txt"}, Config{LineNumber: true, Context: true}, search.Options{},
			"--\n2:x3\n", notice("e3.txt")},
		// grep -n -A1 x e3.txt
		{"first line left out, -A1", "x", []string{"e3.txt"}, Config{LineNumber: true, Context: true}, search.Options{After: 1},
			"--\n2:x3\n", notice("e3.txt")},
		// grep -n -A1 -B1 x e3.txt: grep's lastout is the file's start
		{"first line left out, -A1 -B1", "x", []string{"e3.txt"}, Config{LineNumber: true, Context: true}, search.Options{Before: 1, After: 1},
			"2:x3\n", notice("e3.txt")},
		// grep -n -A0 -B1 x e3.txt: grep has no lastout
		{"first line left out, -A0 -B1", "x", []string{"e3.txt"}, Config{LineNumber: true, Context: true}, search.Options{Before: 1},
			"--\n2:x3\n", notice("e3.txt")},
		// grep -n -B1 3 e3.txt
		{"first line left out as before-context", "3", []string{"e3.txt"}, Config{LineNumber: true, Context: true}, search.Options{Before: 1},
			"2:x3\n", notice("e3.txt")},
		// grep -A0 x e8.txt e3.txt
		{"separators of a file's two groups", "x", []string{"e8.txt", "e3.txt"}, Config{WithFilename: true, Context: true}, search.Options{},
			"e8.txt:x1\n--\n--\ne3.txt:x3\n", notice("e3.txt")},
		// grep -A0 x e7.txt e8.txt
		{"file with every line left out, first", "x", []string{"e7.txt", "e8.txt"}, Config{WithFilename: true, Context: true}, search.Options{},
			"--\ne8.txt:x1\n", notice("e7.txt")},
		// grep -A0 x e8.txt e7.txt e8.txt
		{"file with every line left out, between", "x", []string{"e8.txt", "e7.txt", "e8.txt"}, Config{WithFilename: true, Context: true}, search.Options{},
			"e8.txt:x1\n--\n--\ne8.txt:x1\n", notice("e7.txt")},
		// grep x e7.txt e8.txt e1.txt
		{"notices of files", "x", []string{"e7.txt", "e8.txt", "e1.txt"}, Config{WithFilename: true}, search.Options{},
			"e8.txt:x1\ne1.txt:x1\ne1.txt:x3\n", notice("e7.txt", "e1.txt")},
	})
}

func TestEncodingErrorsColor(t *testing.T) {
	runEncoding(t, []encodingCase{
		// grep --color=always -n x e1.txt
		{"colour", "x", []string{"e1.txt"}, Config{Color: true, LineNumber: true}, search.Options{},
			"\x1b[32m\x1b[K1\x1b[m\x1b[K\x1b[36m\x1b[K:\x1b[m\x1b[K\x1b[01;31m\x1b[Kx\x1b[m\x1b[K1\n\x1b[32m\x1b[K3\x1b[m\x1b[K\x1b[36m\x1b[K:\x1b[m\x1b[K\x1b[01;31m\x1b[Kx\x1b[m\x1b[K3\n",
			notice("e1.txt")},
		// grep --color=always -n -A0 x e1.txt
		{"colour separator", "x", []string{"e1.txt"}, Config{Color: true, LineNumber: true, Context: true}, search.Options{},
			"\x1b[32m\x1b[K1\x1b[m\x1b[K\x1b[36m\x1b[K:\x1b[m\x1b[K\x1b[01;31m\x1b[Kx\x1b[m\x1b[K1\n\x1b[36m\x1b[K--\x1b[m\x1b[K\n\x1b[32m\x1b[K3\x1b[m\x1b[K\x1b[36m\x1b[K:\x1b[m\x1b[K\x1b[01;31m\x1b[Kx\x1b[m\x1b[K3\n",
			notice("e1.txt")},
		// grep --color=always -A1 m e2.txt
		{"colour, after-context left out", "m", []string{"e2.txt"}, Config{Color: true, Context: true}, search.Options{After: 1},
			"\x1b[01;31m\x1b[Km\x1b[m\x1b[K1\n\x1b[36m\x1b[K--\x1b[m\x1b[K\n\x1b[01;31m\x1b[Km\x1b[m\x1b[K5\n",
			notice("e2.txt")},
	})
}

// leadRun matches a byte followed by any number of another, as grep
// matches b\xe9* on bytes: a match that is not UTF-8, which the matcher
// proper (Perl syntax) does not spell.
type leadRun struct{ lead, rep byte }

func (m leadRun) Each(line []byte, fn func(int, int)) error {
	for i := 0; i < len(line); i++ {
		if line[i] == m.lead {
			j := i + 1
			for j < len(line) && line[j] == m.rep {
				j++
			}
			fn(i, j)
			i = j - 1
		}
	}
	return nil
}

func (m leadRun) Next(text []byte) (int, int, error) {
	i := bytes.IndexByte(text, m.lead)
	if i < 0 {
		return -1, 0, nil
	}
	start := bytes.LastIndexByte(text[:i], '\n') + 1
	end := bytes.IndexByte(text[i:], '\n')
	if end < 0 {
		return start, len(text), nil
	}
	return start, i + end, nil
}

func (leadRun) MinLen() int    { return 1 }
func (leadRun) Engine() string { return "test" }

// TestEncodingErrorsOnlyMatching: under -o a line's matches are printed up
// to the first that is not UTF-8, and the rest of the line is not, as
// `LC_ALL=C.UTF-8 grep -o $'b\xe9*'` prints.
func TestEncodingErrorsOnlyMatching(t *testing.T) {
	m := leadRun{'b', 0xe9}
	tests := []struct {
		name       string
		files      []string
		cfg        Config
		want, warn string
	}{
		// grep -o -b 'b\xe9*' e5.txt
		{"offsets", []string{"e5.txt"}, Config{OnlyMatching: true, ByteOffset: true},
			"1:b\n", "urg: e5.txt: binary file matches\n"},
		// grep -o -b -n --color=always 'b\xe9*' e5.txt
		{"colour", []string{"e5.txt"}, Config{OnlyMatching: true, ByteOffset: true, LineNumber: true, Color: true},
			"\x1b[32m\x1b[K1\x1b[m\x1b[K\x1b[36m\x1b[K:\x1b[m\x1b[K\x1b[32m\x1b[K1\x1b[m\x1b[K\x1b[36m\x1b[K:\x1b[m\x1b[K\x1b[01;31m\x1b[Kb\x1b[m\x1b[K\n",
			"urg: e5.txt: binary file matches\n"},
		// grep -b 'b\xe9*' e5.txt: without -o the whole line is left out
		{"whole line", []string{"e5.txt"}, Config{ByteOffset: true},
			"", "urg: e5.txt: binary file matches\n"},
		// grep -o -b -A0 'b\xe9*' e5.txt e8.txt
		{"context", []string{"e5.txt", "e8.txt"}, Config{OnlyMatching: true, ByteOffset: true, WithFilename: true, Context: true},
			"e5.txt:1:b\n", "urg: e5.txt: binary file matches\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := tt.cfg
			cfg.EncodingErrors = true
			got, warn := runWith(t, m, cfg, search.Options{}, tt.files)
			if got != tt.want || warn != tt.warn {
				t.Errorf("got %q and %q on stderr,\nwant %q and %q", got, warn, tt.want, tt.warn)
			}
		})
	}
}

// logWriter records what is written to it, and through which stream, in
// one log.
type logWriter struct {
	log  *[]string
	name string
}

func (w logWriter) Write(p []byte) (int, error) {
	*w.log = append(*w.log, w.name+" "+string(p))
	return len(p), nil
}

// TestNoticeAfterLines: the binary-file notice comes after the file's
// lines, once, whether binary data or a line not UTF-8 called for it.
func TestNoticeAfterLines(t *testing.T) {
	var log []string
	cfg := Config{WithFilename: true, EncodingErrors: true, Matcher: compile(t, "x")}
	out := NewOutput(logWriter{&log, "out"}, logWriter{&log, "err"}, cfg, false)
	f := out.File(0, "f")
	for _, l := range []string{"x1", "x\xe9", "x3"} {
		if err := f.Match(1, 0, []byte(l)); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.(search.BinarySink).Binary(); err != nil {
		t.Fatal(err)
	}
	if err := f.Finish(search.Result{Count: 3}, nil); err != nil {
		t.Fatal(err)
	}
	if err := out.Flush(); err != nil {
		t.Fatal(err)
	}
	want := []string{"out f:x1\nf:x3\n", "err urg: f: binary file matches\n"}
	if len(log) != len(want) || log[0] != want[0] || log[1] != want[1] {
		t.Errorf("got %q, want %q", log, want)
	}
}

// TestHeldLinesBounded: after a line left out, a long after-context is
// held as its last -B lines only.
func TestHeldLinesBounded(t *testing.T) {
	cfg := Config{Context: true, EncodingErrors: true, LineNumber: true, BeforeContext: 2, AfterContext: 1000,
		Matcher: compile(t, "m")}
	var stdout bytes.Buffer
	out := NewOutput(&stdout, io.Discard, cfg, false)
	f := out.File(0, "f").(*standard)
	if err := f.Match(1, 0, []byte("m\xe9")); err != nil {
		t.Fatal(err)
	}
	offset := int64(3)
	for n := int64(2); n < 1000; n++ {
		if err := f.Context(n, offset, []byte("c")); err != nil {
			t.Fatal(err)
		}
		offset += 2
	}
	if got := len(f.group.held); got > 2*cfg.BeforeContext {
		t.Errorf("%d lines held, want at most %d", got, 2*cfg.BeforeContext)
	}
	if err := f.Match(1000, offset, []byte("m")); err != nil {
		t.Fatal(err)
	}
	if err := f.Finish(search.Result{Count: 2}, nil); err != nil {
		t.Fatal(err)
	}
	if err := out.Flush(); err != nil {
		t.Fatal(err)
	}
	if want := "--\n998-c\n999-c\n1000:m\n"; stdout.String() != want {
		t.Errorf("got %q, want %q", stdout.String(), want)
	}
}
