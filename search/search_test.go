package search

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"urg/match"
)

// The expected events below were taken from GNU grep 3.8 run as
// `LC_ALL=C grep -P -n -b [options] PATTERN` (with "--" lines dropped), and
// the counts from `grep -P -c`.

// recorder is a Sink that records every call in grep -n -b form:
// "lineno:offset:line" for a match, "lineno-offset-line" for context and
// "binary" for the binary-file notice.
type recorder struct {
	events []string
	// failAt makes the failAt-th call (1-based) return errSink; 0 never.
	failAt int
	calls  int
}

var errSink = errors.New("sink failed")

func (r *recorder) call(ev string) error {
	r.calls++
	r.events = append(r.events, ev)
	if r.calls == r.failAt {
		return errSink
	}
	return nil
}

func (r *recorder) Match(lineno, offset int64, line []byte) error {
	return r.call(fmt.Sprintf("%d:%d:%s", lineno, offset, line))
}

func (r *recorder) Context(lineno, offset int64, line []byte) error {
	return r.call(fmt.Sprintf("%d-%d-%s", lineno, offset, line))
}

func (r *recorder) Binary() error { return r.call("binary") }

// Begin records nothing: the Searcher never calls it (TestNoFraming).
func (r *recorder) Begin() error { return nil }

// Finish records nothing: the Searcher never calls it (TestNoFraming).
func (r *recorder) Finish(Result, error) error { return nil }

// threeByteReader returns at most three bytes per Read.
type threeByteReader struct{ r io.Reader }

func (t threeByteReader) Read(p []byte) (int, error) {
	if len(p) > 3 {
		p = p[:3]
	}
	return t.r.Read(p)
}

// readers hand the input over whole or in small pieces, so that lines
// arrive split across reads.
var readers = []struct {
	name string
	new  func(string) io.Reader
}{
	{"whole", func(s string) io.Reader { return strings.NewReader(s) }},
	{"one byte", func(s string) io.Reader { return iotest.OneByteReader(strings.NewReader(s)) }},
	{"half", func(s string) io.Reader { return iotest.HalfReader(strings.NewReader(s)) }},
	{"eof with data", func(s string) io.Reader { return iotest.DataErrReader(strings.NewReader(s)) }},
	{"three bytes", func(s string) io.Reader { return threeByteReader{strings.NewReader(s)} }},
}

// bufSizes are initial buffer sizes: the default, and sizes far smaller
// than the lines so that the buffer must grow and compact.
var bufSizes = []int{0, 1, 16}

func compile(t *testing.T, pattern string) match.Matcher {
	t.Helper()
	m, err := match.Compile([]string{pattern}, match.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// withoutNumbers turns "12:34:x" and "12-34-x" into "0:34:x" and "0-34-x",
// the events reported when line numbers are not counted.
func withoutNumbers(events []string) []string {
	var out []string
	for _, e := range events {
		if i := strings.IndexAny(e, ":-"); i > 0 {
			e = "0" + e[i:]
		}
		out = append(out, e)
	}
	return out
}

const long = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" // 100 bytes

type searchCase struct {
	name    string
	pattern string
	opts    Options
	input   string
	want    []string
	count   int64
	binary  bool
	// wholeOnly marks results that depend on how the input is split into
	// reads (where a NUL byte is first seen); they are checked with the
	// whole input in one read and the default buffer only.
	wholeOnly bool
}

var searchCases = []searchCase{
	{name: "basic", pattern: "foo", input: "foo\nbar\nfoo bar\nbaz\n",
		want: []string{"1:0:foo", "3:8:foo bar"}, count: 2},
	{name: "no trailing newline", pattern: "foo", input: "a\nfoo",
		want: []string{"2:2:foo"}, count: 1},
	{name: "no trailing newline, last line not selected", pattern: "a", input: "a\nfoo",
		want: []string{"1:0:a"}, count: 1},
	{name: "CRLF lines keep the CR", pattern: "foo", input: "foo\r\nbar\r\nxfoo\r\n",
		want: []string{"1:0:foo\r", "3:10:xfoo\r"}, count: 2},
	{name: "CRLF: $ does not skip the CR", pattern: "foo$", input: "foo\r\nfoo\n",
		want: []string{"2:5:foo"}, count: 1},
	{name: "CRLF: CR before the end", pattern: `\r$`, input: "foo\r\nbar\nbaz\r\n",
		want: []string{"1:0:foo\r", "3:9:baz\r"}, count: 2},
	{name: "empty input", pattern: "foo", input: "",
		want: nil, count: 0},
	{name: "empty input inverted", pattern: "foo", opts: Options{Invert: true}, input: "",
		want: nil, count: 0},
	{name: "empty input, empty pattern", pattern: "", input: "",
		want: nil, count: 0},
	{name: "single newline", pattern: "^$", input: "\n",
		want: []string{"1:0:"}, count: 1},
	{name: "empty lines", pattern: "^$", input: "a\n\n\nb\n\n",
		want: []string{"2:2:", "3:3:", "5:6:"}, count: 3},
	{name: "empty pattern selects every line", pattern: "", input: "a\n\nb",
		want: []string{"1:0:a", "2:2:", "3:3:b"}, count: 3},
	{name: "regexp", pattern: "b.r", input: "foo\nbar\nbaz\nxbzr\n",
		want: []string{"2:4:bar", "4:12:xbzr"}, count: 2},
	{name: "regexp2", pattern: "(?<=a)b", input: "ab\nb\ncab\n",
		want: []string{"1:0:ab", "3:5:cab"}, count: 2},
	{name: "invert", pattern: "a", opts: Options{Invert: true}, input: "a\nb\nc\na\nd",
		want: []string{"2:2:b", "3:4:c", "5:8:d"}, count: 3},
	{name: "invert, every line matches", pattern: "a", opts: Options{Invert: true}, input: "a\nab\n",
		want: nil, count: 0},
	{name: "invert, no line matches", pattern: "z", opts: Options{Invert: true}, input: "a\nb\n",
		want: []string{"1:0:a", "2:2:b"}, count: 2},
	{name: "invert selects empty lines", pattern: ".", opts: Options{Invert: true}, input: "a\n\nb\n\n",
		want: []string{"2:2:", "4:5:"}, count: 2},
	{name: "max count", pattern: "foo", opts: Options{MaxCount: 2}, input: "foo1\nfoo2\nfoo3\n",
		want: []string{"1:0:foo1", "2:5:foo2"}, count: 2},
	{name: "max count above the matches", pattern: "foo", opts: Options{MaxCount: 5}, input: "foo1\nx\nfoo2\n",
		want: []string{"1:0:foo1", "3:7:foo2"}, count: 2},
	{name: "max count inverted", pattern: "a", opts: Options{Invert: true, MaxCount: 2}, input: "a\nb\nc\nd\n",
		want: []string{"2:2:b", "3:4:c"}, count: 2},
	{name: "max count: trailing context shows later matches as context", pattern: "a",
		opts: Options{MaxCount: 1, After: 2}, input: "a1\nb\na2\nb\nc\n",
		want: []string{"1:0:a1", "2-3-b", "3-5-a2"}, count: 1},
	{name: "max count: trailing context runs to the end", pattern: "a",
		opts: Options{MaxCount: 2, After: 5}, input: "a1\na2\nb\na3\nc\n",
		want: []string{"1:0:a1", "2:3:a2", "3-6-b", "4-8-a3", "5-11-c"}, count: 2},
	{name: "max count with before context", pattern: "a",
		opts: Options{MaxCount: 2, Before: 1}, input: "x\na1\ny\na2\na3\n",
		want: []string{"1-0-x", "2:2:a1", "3-5-y", "4:7:a2"}, count: 2},
	{name: "max count inverted with trailing context", pattern: "a",
		opts: Options{Invert: true, MaxCount: 1, After: 2}, input: "a\nx\ny\na\nb\n",
		want: []string{"2:2:x", "3-4-y", "4-6-a"}, count: 1},
	{name: "after context without duplicates", pattern: "foo", opts: Options{After: 1},
		input: "foo\nfoo\nx\ny\nfoo\nz\n",
		want:  []string{"1:0:foo", "2:4:foo", "3-8-x", "5:12:foo", "6-16-z"}, count: 3},
	{name: "after context cut by the end of input", pattern: "foo", opts: Options{After: 3}, input: "x\nfoo\ny",
		want: []string{"2:2:foo", "3-6-y"}, count: 1},
	{name: "before context without duplicates", pattern: "foo", opts: Options{Before: 2},
		input: "x\ny\nfoo\nfoo\nz\nw\nfoo\n",
		want:  []string{"1-0-x", "2-2-y", "3:4:foo", "4:8:foo", "5-12-z", "6-14-w", "7:16:foo"}, count: 3},
	{name: "before context cut by the start of input", pattern: "foo", opts: Options{Before: 3}, input: "a\nfoo\nb\n",
		want: []string{"1-0-a", "2:2:foo"}, count: 1},
	{name: "before and after context", pattern: "foo", opts: Options{Before: 1, After: 1},
		input: "a\nb\nfoo\nc\nd\ne\nfoo\nfoo\nf\ng\nh\n",
		want:  []string{"2-2-b", "3:4:foo", "4-8-c", "6-12-e", "7:14:foo", "8:18:foo", "9-22-f"}, count: 3},
	{name: "context groups that touch", pattern: "foo", opts: Options{Before: 1, After: 1}, input: "foo\nx\ny\nfoo\n",
		want: []string{"1:0:foo", "2-4-x", "3-6-y", "4:8:foo"}, count: 2},
	{name: "inverted with context", pattern: "a", opts: Options{Invert: true, Before: 1, After: 1},
		input: "a\na\nb\na\na\na\nc\na\n",
		want:  []string{"2-2-a", "3:4:b", "4-6-a", "6-10-a", "7:12:c", "8-14-a"}, count: 2},
	{name: "context of empty lines", pattern: "x", opts: Options{Before: 1, After: 1}, input: "\n\nx\n\n\n",
		want: []string{"2-1-", "3:2:x", "4-4-"}, count: 1},
	{name: "line longer than the buffer", pattern: "foo",
		input: "short\n" + long + "foo" + long + "\nfoo\n" + long + "\n",
		want:  []string{"2:6:" + long + "foo" + long, "3:210:foo"}, count: 2},
	{name: "long lines as context", pattern: "foo", opts: Options{Before: 1, After: 1},
		input: long + "1\n" + long + "2\nfoo\n" + long + "3\n" + long + "4\n",
		want:  []string{"2-102-" + long + "2", "3:204:foo", "4-208-" + long + "3"}, count: 1},
	{name: "long last line without newline", pattern: "foo", opts: Options{Before: 1},
		input: "a\nb\n" + long + "foo" + long,
		want:  []string{"2-2-b", "3:4:" + long + "foo" + long}, count: 1},
	{name: "long line inverted", pattern: "y", opts: Options{Invert: true},
		input: long + "\ny\n" + long + long,
		want:  []string{"1:0:" + long, "3:103:" + long + long}, count: 2},

	// NUL bytes.
	{name: "binary: notice instead of the first selected line", pattern: "abc", input: "abc\x00abc\n",
		want: []string{"binary"}, count: 1, binary: true},
	{name: "binary: NUL before the match", pattern: "abc", input: "x\x00y\nabc\n",
		want: []string{"binary"}, count: 1, binary: true},
	{name: "binary: inverted", pattern: "zzz", opts: Options{Invert: true}, input: "a\x00b\n",
		want: []string{"binary"}, count: 1, binary: true},
	{name: "binary: no match, no notice", pattern: "zzz", input: "abc\x00def\n",
		want: nil, count: 0, binary: true},
	{name: "binary: NUL after a match in the same read", pattern: "foo", input: "foo\nbar\x00\n",
		want: []string{"binary"}, count: 1, binary: true, wholeOnly: true},
	{name: "binary as text", pattern: "abc", opts: Options{Binary: BinaryText}, input: "abc\x00abc\n",
		want: []string{"1:0:abc\x00abc"}, count: 1},
	{name: "binary as text: NUL in context", pattern: "foo", opts: Options{Binary: BinaryText, After: 1},
		input: "foo\n\x00\x00\nbar\n",
		want:  []string{"1:0:foo", "2-4-\x00\x00"}, count: 1},
	{name: "binary skipped", pattern: "abc", opts: Options{Binary: BinarySkip}, input: "abc\x00abc\n",
		want: nil, count: 0, binary: true},
	{name: "binary skipped: NUL after a match in the same read", pattern: "foo", opts: Options{Binary: BinarySkip},
		input: "foo\nbar\x00\n",
		want:  nil, count: 0, binary: true, wholeOnly: true},
	{name: "binary skipped: no NUL", pattern: "foo", opts: Options{Binary: BinarySkip}, input: "foo\nbar\n",
		want: []string{"1:0:foo"}, count: 1},
}

func TestSearch(t *testing.T) {
	for _, tc := range searchCases {
		t.Run(tc.name, func(t *testing.T) {
			m := compile(t, tc.pattern)
			for _, rd := range readers {
				for _, bs := range bufSizes {
					if tc.wholeOnly && (rd.name != "whole" || bs != 0) {
						continue
					}
					for _, numbers := range []bool{true, false} {
						name := fmt.Sprintf("%s/buf%d/numbers=%v", rd.name, bs, numbers)
						t.Run(name, func(t *testing.T) {
							o := tc.opts
							o.BufSize = bs
							o.LineNumbers = numbers
							want := tc.want
							if !numbers {
								want = withoutNumbers(want)
							}
							var rec recorder
							res, err := New(m, o).Search(rd.new(tc.input), &rec)
							if err != nil {
								t.Fatalf("Search: %v", err)
							}
							if !slices.Equal(rec.events, want) {
								t.Errorf("events:\n got %q\nwant %q", rec.events, want)
							}
							if res.Count != tc.count {
								t.Errorf("Count = %d, want %d", res.Count, tc.count)
							}
							if res.Binary != tc.binary {
								t.Errorf("Binary = %v, want %v", res.Binary, tc.binary)
							}
							stopsEarly := tc.opts.MaxCount > 0 || tc.binary
							if !stopsEarly && res.Bytes != int64(len(tc.input)) {
								t.Errorf("Bytes = %d, want %d", res.Bytes, len(tc.input))
							}
						})
					}
				}
			}
		})
	}
}

func TestCountOnly(t *testing.T) {
	tests := []struct {
		name    string
		pattern string
		opts    Options
		input   string
		count   int64
		binary  bool
	}{
		{"basic", "foo", Options{}, "foo\nbar\nfoo\n", 2, false},
		{"no trailing newline", "foo", Options{}, "foo\nfoo", 2, false},
		{"inverted", "a", Options{Invert: true}, "a\nb\nc\n", 2, false},
		{"inverted, no trailing newline", "a", Options{Invert: true}, "a\nb\nc", 2, false},
		{"inverted, empty lines", "x", Options{Invert: true}, "\n\n", 2, false},
		{"inverted, one line without newline", "zzz", Options{Invert: true}, "abc", 1, false},
		{"inverted, empty input", "a", Options{Invert: true}, "", 0, false},
		{"empty pattern, empty input", "", Options{}, "", 0, false},
		{"empty pattern, one empty line", "", Options{}, "\n", 1, false},
		{"max count", "a", Options{MaxCount: 2}, "a\na\na\n", 2, false},
		{"max count inverted", "a", Options{Invert: true, MaxCount: 1}, "a\nb\nc\n", 1, false},
		{"context is ignored", "a", Options{Before: 2, After: 2}, "x\na\ny\na\nz\n", 2, false},
		{"long lines", "foo", Options{}, long + "foo\n" + long + "\nfoo" + long, 2, false},
		// Without -a a NUL ends a line, as in GNU grep.
		{"NUL ends a line", "abc", Options{}, "abc\x00abc\n", 2, true},
		{"NUL ends a line, inverted", "zzz", Options{Invert: true}, "a\x00b\nc\n", 3, true},
		{"NUL starts a line", "^b", Options{}, "a\x00b\nc\n", 1, true},
		{"NULs make empty lines", "zzz", Options{Invert: true}, "x\x00\x00y\n", 3, true},
		{"NULs make empty lines for ^$", "^$", Options{}, "x\x00\x00y\n", 1, true},
		{"NUL as text", "abc", Options{Binary: BinaryText}, "abc\x00abc\n", 1, false},
		{"NUL skipped", "abc", Options{Binary: BinarySkip}, "abc\x00abc\n", 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := compile(t, tt.pattern)
			for _, rd := range readers {
				for _, bs := range bufSizes {
					t.Run(fmt.Sprintf("%s/buf%d", rd.name, bs), func(t *testing.T) {
						o := tt.opts
						o.CountOnly = true
						o.LineNumbers = true
						o.BufSize = bs
						var rec recorder
						res, err := New(m, o).Search(rd.new(tt.input), &rec)
						if err != nil {
							t.Fatalf("Search: %v", err)
						}
						if len(rec.events) != 0 {
							t.Errorf("CountOnly reported %q", rec.events)
						}
						if res.Count != tt.count {
							t.Errorf("Count = %d, want %d", res.Count, tt.count)
						}
						if res.Binary != tt.binary {
							t.Errorf("Binary = %v, want %v", res.Binary, tt.binary)
						}
					})
				}
			}
		})
	}
}

// manyLines is n numbered lines, every seventh with "foo" and every
// fiftieth long; extra, when not nil, adds to line i.
func manyLines(n int, extra func(i int) string) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "line %d", i)
		if i%7 == 0 {
			b.WriteString(" foo")
		}
		if i%50 == 0 {
			b.WriteString(" " + long)
		}
		if extra != nil {
			b.WriteString(extra(i))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// TestManyLines searches a few hundred lines with context, so that the
// buffer is compacted many times with before-context to keep, and checks
// that every way of reading gives grep's answer.
func TestManyLines(t *testing.T) {
	input := manyLines(300, nil)
	m := compile(t, "foo")
	opts := Options{Before: 2, After: 1, LineNumbers: true}

	var ref recorder
	res, err := New(m, opts).Search(strings.NewReader(input), &ref)
	if err != nil {
		t.Fatal(err)
	}
	// From LC_ALL=C grep -P -n -b -B2 -A1 foo: 170 lines, 43 selected.
	if len(ref.events) != 170 || res.Count != 43 {
		t.Fatalf("got %d events and %d selected, want 170 and 43", len(ref.events), res.Count)
	}
	head := []string{"1:0:line 0 foo " + long, "2-112-line 1", "6-140-line 5", "7-147-line 6", "8:154:line 7 foo"}
	tail := []string{"294-3301-line 293", "295:3310:line 294 foo", "296-3323-line 295"}
	if !slices.Equal(ref.events[:5], head) || !slices.Equal(ref.events[167:], tail) {
		t.Fatalf("got %q ... %q\nwant %q ... %q", ref.events[:5], ref.events[167:], head, tail)
	}

	for _, rd := range readers {
		for _, bs := range []int{1, 7, 16, 64} {
			t.Run(fmt.Sprintf("%s/buf%d", rd.name, bs), func(t *testing.T) {
				o := opts
				o.BufSize = bs
				var rec recorder
				res, err := New(m, o).Search(rd.new(input), &rec)
				if err != nil {
					t.Fatal(err)
				}
				if res.Count != 43 || res.Bytes != int64(len(input)) {
					t.Errorf("Count, Bytes = %d, %d; want 43, %d", res.Count, res.Bytes, len(input))
				}
				if !slices.Equal(rec.events, ref.events) {
					for i := range rec.events {
						if i >= len(ref.events) || rec.events[i] != ref.events[i] {
							t.Fatalf("event %d: got %q, want %q", i, rec.events[i:min(i+3, len(rec.events))], ref.events[i:min(i+3, len(ref.events))])
						}
					}
					t.Fatalf("got %d events, want %d", len(rec.events), len(ref.events))
				}
			})
		}
	}

	t.Run("inverted with max count", func(t *testing.T) {
		// From LC_ALL=C grep -P -n -b -v -m3 -A2 'foo|1'.
		want := []string{"3:119:line 2", "4:126:line 3", "5:133:line 4", "6-140-line 5", "7-147-line 6"}
		mm, err := match.Compile([]string{"foo|1"}, match.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, rd := range readers {
			var rec recorder
			o := Options{Invert: true, MaxCount: 3, After: 2, LineNumbers: true, BufSize: 16}
			if _, err := New(mm, o).Search(rd.new(input), &rec); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(rec.events, want) {
				t.Errorf("%s: got %q, want %q", rd.name, rec.events, want)
			}
		}
	})
}

// TestReuse runs one Searcher over several inputs: nothing of one search
// (line numbers, offsets, context, max count, binary state) may leak into
// the next.
func TestReuse(t *testing.T) {
	m := compile(t, "foo")
	s := New(m, Options{LineNumbers: true, Before: 1, MaxCount: 2, BufSize: 16})
	steps := []struct {
		input string
		want  []string
		count int64
	}{
		{"x\nfoo\nfoo\nfoo\n", []string{"1-0-x", "2:2:foo", "3:6:foo"}, 2},
		{"foo\n", []string{"1:0:foo"}, 1},
		{"a\x00foo\n", []string{"binary"}, 1},
		{"y\nz\nfoo", []string{"2-2-z", "3:4:foo"}, 1},
		{"", nil, 0},
		{long + "\nfoo\n", []string{"1-0-" + long, "2:101:foo"}, 1},
	}
	for i, st := range steps {
		var rec recorder
		res, err := s.Search(strings.NewReader(st.input), &rec)
		if err != nil {
			t.Fatalf("search %d: %v", i, err)
		}
		if !slices.Equal(rec.events, st.want) || res.Count != st.count {
			t.Errorf("search %d: got %q (%d), want %q (%d)", i, rec.events, res.Count, st.want, st.count)
		}
	}
}

// TestStopOnNonmatch: the search of a file ends at the first line that
// does not match after one that does, across the blocks a large file is
// read in, as -m ends it.
func TestStopOnNonmatch(t *testing.T) {
	input := strings.Repeat("a line\n", 300000) + "zzz\n" + strings.Repeat("a more\n", 10)
	m, err := match.Compile([]string{"a"}, match.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range []Options{{StopOnNonmatch: true, CountOnly: true}, {StopOnNonmatch: true, LineNumbers: true}} {
		_, res := sequential(t, m, o, input)
		if res.Count != 300000 {
			t.Errorf("%+v: %d lines selected, want 300000", o, res.Count)
		}
	}
}
