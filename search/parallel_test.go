package search

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"urg/match"
)

// pieceSizes cut the inputs into pieces far smaller than their lines, of
// about a line, and larger than the whole input.
var pieceSizes = []int{1, 7, 100, 4096, 1 << 20}

// TestParallel checks that a file split across searchers reports exactly
// what one searcher reports: the same lines, offsets, line numbers and
// counts, in file order, whatever the piece size.
func TestParallel(t *testing.T) {
	inputs := splitInputs()
	for _, pattern := range []string{"foo", `f\w+`, "^$"} {
		m := compile(t, pattern)
		for _, o := range []Options{
			{LineNumbers: true, Binary: BinaryText},
			{Binary: BinaryText},
			{Invert: true, LineNumbers: true, Binary: BinaryText},
			{CountOnly: true, Binary: BinaryText},
			{CountOnly: true, Invert: true, Binary: BinaryText},
			{LineNumbers: true, Binary: BinaryQuit},
		} {
			for name, input := range inputs {
				want, wantRes := sequential(t, m, o, input)
				for _, piece := range pieceSizes {
					for _, workers := range []int{1, 2, 3} {
						t.Run(fmt.Sprintf("%s/%+v/%s/piece%d/workers%d", pattern, o, name, piece, workers), func(t *testing.T) {
							got, res := parallel(t, m, o, input, piece, workers)
							if !slices.Equal(got, want) || res != wantRes {
								t.Fatalf("got %d events %+v, want %d events %+v\ngot  %.300q\nwant %.300q",
									len(got), res, len(want), wantRes, got, want)
							}
						})
					}
				}
			}
		}
	}
}

// splitInputs are texts whose cutting into pieces is hard to get right.
func splitInputs() map[string]string {
	return map[string]string{
		"many lines":        manyLines(400, nil),
		"no final newline":  strings.TrimSuffix(manyLines(50, nil), "\n"),
		"one line":          "foo",
		"long line":         strings.Repeat("x", 10000) + " foo\nfoo\n" + strings.Repeat("y", 5000),
		"blank lines":       "\n\nfoo\n\n\n",
		"matches at edges":  strings.Repeat("foo\n", 300),
		"nothing to select": strings.Repeat("bar\n", 300),
	}
}

// TestParallelBinary checks files with a NUL: the pieces before it are
// searched side by side, the rest in order as one searcher would, so the
// notice (or the skip) comes where it would, and the lines before it are
// the ones a text search reports.
func TestParallelBinary(t *testing.T) {
	input := manyLines(400, func(i int) string {
		if i == 333 {
			return "\x00bin foo\x00"
		}
		return ""
	})
	nul := strings.IndexByte(input, 0)
	m := compile(t, "foo")
	text, _ := sequential(t, m, Options{LineNumbers: true, Binary: BinaryText}, input)
	for _, o := range []Options{
		{LineNumbers: true, Binary: BinaryQuit},
		{LineNumbers: true, Binary: BinarySkip},
		{CountOnly: true, Binary: BinaryQuit},
	} {
		for _, piece := range pieceSizes {
			t.Run(fmt.Sprintf("%+v/piece%d", o, piece), func(t *testing.T) {
				got, res := parallel(t, m, o, input, piece, 2)
				if !res.Binary {
					t.Errorf("the NUL was not seen: %+v", res)
				}
				for i, ev := range got {
					if ev == "binary" {
						if i != len(got)-1 || o.Binary != BinaryQuit {
							t.Fatalf("notice at event %d of %d under %+v", i, len(got), o)
						}
						break
					}
					if ev != text[i] {
						t.Fatalf("event %d: got %q, want %q", i, ev, text[i])
					}
					var off int
					fmt.Sscanf(ev[strings.IndexByte(ev, ':')+1:], "%d", &off)
					if off > nul {
						t.Fatalf("event %q past the NUL at %d reported as text", ev, nul)
					}
				}
				if o.Binary == BinaryQuit && !o.CountOnly && (len(got) == 0 || got[len(got)-1] != "binary") {
					t.Errorf("no binary notice: %q", got)
				}
			})
		}
	}
}

// TestParallelNULAnywhere puts one NUL at every offset of an input and
// checks that the split search reports the same with the NUL check fused
// into a literal's scan (match.CleanNext) as with each window looked at
// on its own: a NUL the scan missed, before a match, inside the matching
// line, in its last partial block or before the first byte it compares,
// would show as lines reported as text.
func TestParallelNULAnywhere(t *testing.T) {
	base := manyLines(40, func(i int) string {
		if i%5 == 0 {
			return " and_zqfooq" // the pair of "d_zqfoo" is not at its start
		}
		return ""
	})
	for _, pattern := range []string{"foo", "d_zqfoo", "zq"} {
		m := compile(t, pattern)
		for _, o := range []Options{
			{LineNumbers: true, Binary: BinaryQuit},
			{Binary: BinarySkip},
			{CountOnly: true, Invert: true, Binary: BinaryQuit},
		} {
			for at := 0; at < len(base); at++ {
				input := base[:at] + "\x00" + base[at+1:]
				for _, piece := range []int{100, 1 << 20} {
					p := NewParallel(m, o, 2, nil)
					p.Piece, p.unfused = piece, true
					var rec recorder
					wantRes, err := p.SearchMapped(newTestMap(t, input), &rec)
					if err != nil {
						t.Fatal(err)
					}
					want := rec.events
					got, res := parallel(t, m, o, input, piece, 2)
					if !slices.Equal(got, want) || res != wantRes {
						t.Fatalf("%s %+v NUL at %d piece %d: got %d events %+v, want %d events %+v",
							pattern, o, at, piece, len(got), res, len(want), wantRes)
					}
				}
			}
		}
	}
}

// TestParallelStream checks that a file read as a Stream, cut into
// stretches of any size (lines longer than several stretches, stretches
// of one byte), reports exactly what its map does, NULs included, and
// gives back every stretch it was handed (when it turns to binary data,
// the stretches still held go with the stream, which the caller closes).
func TestParallelStream(t *testing.T) {
	inputs := splitInputs()
	inputs["binary"] = manyLines(100, func(i int) string { return map[bool]string{true: "\x00 foo"}[i == 60] })
	for _, pattern := range []string{"foo", `f\w+`} {
		m := compile(t, pattern)
		for _, o := range []Options{
			{LineNumbers: true, Binary: BinaryQuit},
			{Invert: true, LineNumbers: true, Binary: BinaryText},
			{CountOnly: true, Binary: BinarySkip},
		} {
			for name, input := range inputs {
				want, wantRes := parallel(t, m, o, input, 100, 2)
				for _, c := range []struct{ stretch, piece int }{
					{1, streamPiece}, {5, streamPiece}, {64, streamPiece}, {4096, streamPiece}, {1 << 20, streamPiece},
					{64, 1}, {4096, 7}, {4096, 100}, {1 << 20, 1000},
				} {
					stretch := c.stretch
					p := NewParallel(m, o, 2, nil)
					p.streamPiece = c.piece
					st := &testStream{data: input, stretch: stretch}
					var rec recorder
					res, err := p.SearchStream(st, func(off int64) io.Reader { return strings.NewReader(input[off:]) }, &rec)
					if err != nil {
						t.Fatal(err)
					}
					if name == "binary" {
						// Where the search turns to binary depends on where
						// pieces end: the lines before it are text's.
						checkBinaryPrefix(t, rec.events, want, res, wantRes, o)
					} else if !slices.Equal(rec.events, want) || res != wantRes {
						t.Fatalf("%s %+v %s stretch %d, pieces of %d: got %d events %+v, want %d events %+v\ngot  %.300q\nwant %.300q",
							pattern, o, name, stretch, c.piece, len(rec.events), res, len(want), wantRes, rec.events, want)
					}
					if name != "binary" && st.given != st.handed {
						t.Fatalf("%s stretch %d: %d stretches handed out, %d given back", name, stretch, st.handed, st.given)
					}
				}
			}
		}
	}
}

// checkBinaryPrefix checks a split search of binary data against
// another: the lines both report before the notice agree, and both end
// the same way.
func checkBinaryPrefix(t *testing.T, got, want []string, res, wantRes Result, o Options) {
	t.Helper()
	if res.Binary != wantRes.Binary {
		t.Fatalf("binary %v, want %v", res.Binary, wantRes.Binary)
	}
	for i := 0; i < min(len(got), len(want)); i++ {
		if got[i] != want[i] && got[i] != "binary" && want[i] != "binary" {
			t.Fatalf("event %d: got %q, want %q", i, got[i], want[i])
		}
	}
	if o.Binary == BinaryQuit && !o.CountOnly && (len(got) == 0 || got[len(got)-1] != "binary") {
		t.Fatalf("no binary notice: %q", got)
	}
}

// testStream hands out a string in stretches, and fails the test if a
// stretch given back is read again.
type testStream struct {
	data          string
	stretch       int
	off           int
	held          [][]byte
	handed, given int
}

func (s *testStream) Next() (int64, []byte, error) {
	if s.off >= len(s.data) {
		return 0, nil, io.EOF
	}
	end := min(len(s.data), s.off+s.stretch)
	b := []byte(s.data[s.off:end])
	off := s.off
	s.off = end
	s.held = append(s.held, b)
	s.handed++
	return int64(off), b, nil
}

func (s *testStream) Done() {
	// Scribbled over, as a slot read into again would be.
	for i := range s.held[0] {
		s.held[0][i] = '#'
	}
	s.held = s.held[1:]
	s.given++
}

// TestParallelSinkFails checks that a failing sink ends the split search
// with its error, after no more calls.
func TestParallelSinkFails(t *testing.T) {
	m := compile(t, "foo")
	p := NewParallel(m, Options{LineNumbers: true, Binary: BinaryText}, 2, nil)
	p.Piece = 50
	rec := recorder{failAt: 3}
	_, err := p.SearchMapped(newTestMap(t, manyLines(400, nil)), &rec)
	if err != errSink || len(rec.events) != 3 {
		t.Fatalf("got %v after %d calls, want errSink after 3", err, len(rec.events))
	}
}

func TestSplits(t *testing.T) {
	for _, c := range []struct {
		o    Options
		want bool
	}{
		{Options{}, true},
		{Options{Invert: true, CountOnly: true, LineNumbers: true}, true},
		{Options{Before: 1}, false},
		{Options{After: 1}, false},
		{Options{MaxCount: 1, CountOnly: true}, false},
	} {
		if got := Splits(c.o); got != c.want {
			t.Errorf("Splits(%+v) = %v", c.o, got)
		}
	}
}

func sequential(t *testing.T, m match.Matcher, o Options, input string) ([]string, Result) {
	t.Helper()
	var rec recorder
	res, err := New(m, o).Search(strings.NewReader(input), &rec)
	if err != nil {
		t.Fatal(err)
	}
	return rec.events, res
}

func parallel(t *testing.T, m match.Matcher, o Options, input string, piece, workers int) ([]string, Result) {
	t.Helper()
	p := NewParallel(m, o, workers, nil)
	p.Piece = piece
	var rec recorder
	res, err := p.SearchMapped(newTestMap(t, input), &rec)
	if err != nil {
		t.Fatal(err)
	}
	return rec.events, res
}
