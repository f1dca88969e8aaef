package search

import (
	"bytes"
	"fmt"
	"io"
	"testing"

	"urg/match"
)

// sizedReader returns the text in reads of the sizes listed, in turn.
type sizedReader struct {
	data  []byte
	sizes []byte
	i     int
}

func (c *sizedReader) Read(p []byte) (int, error) {
	if len(c.data) == 0 {
		return 0, io.EOF
	}
	n := 1
	if len(c.sizes) > 0 {
		n = int(c.sizes[c.i%len(c.sizes)]) + 1
		c.i++
	}
	n = min(n, len(p), len(c.data))
	copy(p, c.data[:n])
	c.data = c.data[n:]
	return n, nil
}

// FuzzSearchEdges checks the line and offset logic where lines cross
// buffer edges: a text read in chunks of any sizes, into a buffer of any
// initial size, selects the lines a plain split of the text selects, with
// the right numbers and offsets, with -v and without.
func FuzzSearchEdges(f *testing.F) {
	f.Add([]byte("ab\nxab\n\nab"), []byte{0, 1, 2}, uint8(1), false)
	f.Add([]byte("abababab\nab\n"), []byte{7}, uint8(0), true)
	f.Add([]byte("\n\n\nab\n"), []byte{}, uint8(3), false)
	f.Add(bytes.Repeat([]byte("xxxxab\n"), 40), []byte{5, 31}, uint8(2), false)
	f.Fuzz(func(t *testing.T, text, sizes []byte, buf uint8, invert bool) {
		if bytes.IndexByte(text, 0) >= 0 || len(text) > 1<<14 {
			return // binary data has rules of its own, tested apart
		}
		m, err := match.Compile([]string{"ab"}, match.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		lines := bytes.Split(text, []byte("\n"))
		if len(text) == 0 || text[len(text)-1] == '\n' {
			lines = lines[:len(lines)-1] // an empty file has no line
		}
		off := 0
		for i, l := range lines {
			if bytes.Contains(l, []byte("ab")) != invert {
				want = append(want, fmt.Sprintf("%d:%d:%s", i+1, off, l))
			}
			off += len(l) + 1
		}
		var rec recorder
		s := New(m, Options{Invert: invert, LineNumbers: true, BufSize: 1 + int(buf)})
		res, err := s.Search(&sizedReader{data: text, sizes: sizes}, &rec)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(rec.events) != fmt.Sprint(want) || res.Count != int64(len(want)) {
			t.Fatalf("text %q, chunks %v, buffer %d, -v %v:\n got %q (count %d)\nwant %q", text, sizes, 1+int(buf), invert, rec.events, res.Count, want)
		}
	})
}
