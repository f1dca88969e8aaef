package plain

import (
	"strings"
	"testing"

	"urg/match/base"
	"urg/match/prefilter"
)

func TestNext(t *testing.T) {
	text := []byte("a foo\nfoobar\nfoo\nxx")
	for _, c := range []struct {
		o          base.Options
		start, end int // the first line selected
	}{
		{base.Options{}, 0, 5},
		{base.Options{Word: true}, 0, 5},
		{base.Options{Line: true}, 13, 16},
	} {
		m := New([]byte("foo"), c.o)
		s, e, err := m.Next(text)
		if err != nil || s != c.start || e != c.end {
			t.Errorf("%+v: Next = %d, %d, %v; want %d, %d", c.o, s, e, err, c.start, c.end)
		}
	}
	if s, _, _ := New([]byte("foo"), base.Options{Word: true}).Next([]byte("foobar\nxfoo")); s != -1 {
		t.Errorf("-w: a line at %d selected, where foo only touches word characters", s)
	}
}

func TestEachAndClean(t *testing.T) {
	m := New([]byte("ab"), base.Options{})
	var got []int
	if err := m.Each([]byte("abxab"), func(s, e int) { got = append(got, s, e) }); err != nil || len(got) != 4 || got[2] != 3 {
		t.Errorf("Each: %v, %v", got, err)
	}
	c, ok := m.(base.CleanScanner)
	if !ok {
		t.Fatal("a plain string's matcher has no CleanScanner")
	}
	next := c.CleanNext()
	if next == nil != !prefilter.SIMD {
		t.Fatalf("CleanNext: %v with AVX2 %v", next != nil, prefilter.SIMD)
	}
	if next == nil {
		return
	}
	text := []byte(strings.Repeat("x", 100) + "\nab\n")
	if s, e, clean, err := next(text); err != nil || s != 101 || e != 103 || clean > len(text) {
		t.Errorf("CleanNext: %d, %d, clean %d, %v", s, e, clean, err)
	}
}
