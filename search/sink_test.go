package search

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// TestLineIsValidDuringCall checks that a line handed to the sink holds
// the input bytes even when the buffer is moved between calls.
func TestLineIsValidDuringCall(t *testing.T) {
	m := compile(t, "o")
	input := bytes.Repeat([]byte("foo\nbar\n"+long+"o\n"), 20)
	var rec recorder
	_, err := New(m, Options{BufSize: 16, Before: 1}).Search(iotest.OneByteReader(bytes.NewReader(input)), &rec)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.events) != 60 {
		t.Fatalf("got %d events, want 60", len(rec.events))
	}
	for i, e := range rec.events {
		var want string
		switch i % 3 {
		case 0:
			want = "foo"
		case 1:
			want = "bar"
		case 2:
			want = long + "o"
		}
		if !strings.HasSuffix(e, want) {
			t.Fatalf("event %d = %q, want its line to be %q", i, e, want)
		}
	}
}

// framingSink fails the test when Begin or Finish is called: they frame
// a file for whoever runs its search, never for the Searcher.
type framingSink struct {
	*recorder
	t *testing.T
}

func (k framingSink) Begin() error {
	k.t.Error("the search called Begin")
	return nil
}

func (k framingSink) Finish(Result, error) error {
	k.t.Error("the search called Finish")
	return nil
}

// TestNoFraming checks that no way of searching a file calls the sink's
// Begin or Finish, for text and for binary data (whose split search goes
// on in order over a wrapped sink).
func TestNoFraming(t *testing.T) {
	m := compile(t, "foo")
	inputs := map[string]string{
		"text":   manyLines(400, nil),
		"binary": manyLines(400, func(i int) string { return map[bool]string{true: "\x00 foo"}[i == 300] }),
	}
	for name, input := range inputs {
		for _, o := range []Options{{LineNumbers: true}, {Before: 1, After: 1}, {CountOnly: true}} {
			sink := framingSink{&recorder{}, t}
			ways := map[string]func() (Result, error){
				"Search": func() (Result, error) { return New(m, o).Search(strings.NewReader(input), sink) },
				"SearchBuffer whole": func() (Result, error) {
					return New(m, o).SearchBuffer([]byte(input), nil, sink)
				},
				"SearchBuffer head": func() (Result, error) {
					return New(m, o).SearchBuffer([]byte(input[:100]), strings.NewReader(input[100:]), sink)
				},
				"SearchMapped": func() (Result, error) { return New(m, o).SearchMapped(newTestMap(t, input), sink) },
				"Parallel.SearchMapped": func() (Result, error) {
					p := NewParallel(m, o, 2, nil)
					p.Piece = 100
					return p.SearchMapped(newTestMap(t, input), sink)
				},
				"Parallel.SearchStream": func() (Result, error) {
					p := NewParallel(m, o, 2, nil)
					p.streamPiece = 100
					return p.SearchStream(&testStream{data: input, stretch: 64},
						func(off int64) io.Reader { return strings.NewReader(input[off:]) }, sink)
				},
			}
			for way, search := range ways {
				if strings.HasPrefix(way, "Parallel") && !Splits(o) {
					continue
				}
				if _, err := search(); err != nil {
					t.Errorf("%s %s %+v: %v", name, way, o, err)
				}
			}
		}
	}
}
