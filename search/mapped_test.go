package search

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
)

// testMap is a Mapped over a copy of a string that checks the search's
// manners: bytes not yet made ready by Ensure are poisoned, and released
// bytes overwritten, so a search that read ahead of Ensure or went back
// past a release would report something else than Search does.
type testMap struct {
	t                 *testing.T
	want, data        []byte
	ensured, released int
}

func newTestMap(t *testing.T, input string) *testMap {
	m := &testMap{t: t, want: []byte(input), data: []byte(input)}
	for i := range m.data {
		m.data[i] = '@'
	}
	return m
}

func (m *testMap) Bytes() []byte { return m.data }

func (m *testMap) Ensure(upto int) error {
	if upto > len(m.data) {
		m.t.Fatalf("Ensure(%d) of %d bytes", upto, len(m.data))
	}
	for ; m.ensured < upto; m.ensured++ {
		m.data[m.ensured] = m.want[m.ensured]
	}
	return nil
}

func (m *testMap) Release(upto int) {
	if upto < m.released || upto > m.ensured {
		m.t.Fatalf("Release(%d) after Release(%d), %d bytes ready", upto, m.released, m.ensured)
	}
	for i := m.released; i < upto; i++ {
		m.data[i] = '#'
	}
	m.released = upto
}

// searchMapped searches input as a mapped file in windows of the given
// size.
func searchMapped(t *testing.T, s *Searcher, input string, window int, rec *recorder) Result {
	t.Helper()
	s.opts.MapWindow = window
	res, err := s.SearchMapped(newTestMap(t, input), rec)
	if err != nil {
		t.Fatalf("SearchMapped: %v", err)
	}
	return res
}

// mapWindows are window sizes far smaller than the inputs' lines, so that
// lines, context and NULs fall across windows, and the default.
var mapWindows = []int{1, 3, 16, 4 << 20}

// TestSearchMapped checks that a mapped search reports exactly what a
// search that reads does, for every case of TestSearch and every window.
func TestSearchMapped(t *testing.T) {
	for _, tc := range searchCases {
		m := compile(t, tc.pattern)
		for _, w := range mapWindows {
			if tc.wholeOnly && w != 4<<20 {
				continue
			}
			for _, numbers := range []bool{true, false} {
				t.Run(fmt.Sprintf("%s/window%d/numbers=%v", tc.name, w, numbers), func(t *testing.T) {
					o := tc.opts
					o.LineNumbers = numbers
					want := tc.want
					if !numbers {
						want = withoutNumbers(want)
					}
					var rec recorder
					res := searchMapped(t, New(m, o), tc.input, w, &rec)
					if !slices.Equal(rec.events, want) {
						t.Errorf("events:\n got %q\nwant %q", rec.events, want)
					}
					if res.Count != tc.count || res.Binary != tc.binary {
						t.Errorf("Count, Binary = %d, %v; want %d, %v", res.Count, res.Binary, tc.count, tc.binary)
					}
				})
			}
		}
	}
}

// TestSearchMappedLong compares mapped and read searches on many lines
// with context, long lines and NULs that come late, under each binary mode
// and with -v, -c and -m.
func TestSearchMappedLong(t *testing.T) {
	input := manyLines(400, func(i int) string {
		if i == 333 {
			return "\x00bin foo\x00"
		}
		return ""
	})
	m := compile(t, "foo")
	for _, o := range []Options{
		{Before: 2, After: 1, LineNumbers: true, Binary: BinaryText},
		{Before: 3, LineNumbers: true, Binary: BinaryQuit},
		{After: 2, LineNumbers: true, Binary: BinarySkip},
		{Invert: true, Before: 1, LineNumbers: true, Binary: BinaryText},
		{CountOnly: true, LineNumbers: true, Binary: BinaryQuit},
		{CountOnly: true, Invert: true, Binary: BinaryQuit},
		{MaxCount: 5, After: 3, LineNumbers: true},
	} {
		for _, w := range []int{1, 5, 64, 1000, 4 << 20} {
			t.Run(fmt.Sprintf("%+v/window%d", o, w), func(t *testing.T) {
				// Whether lines before the first NUL are reported depends
				// on what was read when it was seen, as in grep: compare
				// with reads of the window's size.
				var want recorder
				wantRes, err := New(m, o).Search(chunkReader{strings.NewReader(input), w}, &want)
				if err != nil {
					t.Fatal(err)
				}
				var rec recorder
				s := New(m, o)
				res := searchMapped(t, s, input, w, &rec)
				if res.Binary && o.Binary == BinaryQuit && !o.CountOnly {
					res.Bytes = wantRes.Bytes // what was read before it stopped
				}
				if !slices.Equal(rec.events, want.events) || res != wantRes {
					t.Errorf("got %d events, %+v; want %d, %+v", len(rec.events), res, len(want.events), wantRes)
					for i := range min(len(rec.events), len(want.events)) {
						if rec.events[i] != want.events[i] {
							t.Fatalf("event %d: got %.80q, want %.80q", i, rec.events[i], want.events[i])
						}
					}
				}
				// The searcher is whole again for a file read the usual way.
				var again recorder
				if _, err := s.Search(chunkReader{strings.NewReader(input), w}, &again); err != nil || !slices.Equal(again.events, want.events) {
					t.Errorf("Search after SearchMapped: %v, %d events", err, len(again.events))
				}
			})
		}
	}
}

// chunkReader returns at most n bytes per Read.
type chunkReader struct {
	r io.Reader
	n int
}

func (c chunkReader) Read(p []byte) (int, error) { return c.r.Read(p[:min(len(p), c.n)]) }
