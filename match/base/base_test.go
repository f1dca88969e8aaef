package base

import "testing"

func TestLineAt(t *testing.T) {
	text := []byte("ab\ncde\n\nf")
	for _, c := range []struct{ i, s, e int }{
		{0, 0, 2}, {1, 0, 2}, {2, 0, 2}, {3, 3, 6}, {6, 3, 6}, {7, 7, 7}, {8, 8, 9}, {9, 8, 9},
	} {
		if s, e := LineAt(text, c.i); s != c.s || e != c.e {
			t.Errorf("LineAt(%d) = %d, %d; want %d, %d", c.i, s, e, c.s, c.e)
		}
	}
}

func TestBlock(t *testing.T) {
	text := []byte("ab\ncde\nfg\nh")
	for _, c := range []struct{ s, e, ls, le int }{
		{0, 1, 0, 2},     // within a line
		{1, 5, 0, 6},     // across a newline
		{4, 7, 3, 6},     // ends with its line's newline: ends on that line
		{4, 8, 3, 9},     // runs into the next line
		{10, 11, 10, 11}, // the last line, with no newline
	} {
		if ls, le := Block(text, c.s, c.e); ls != c.ls || le != c.le {
			t.Errorf("Block(%d, %d) = %d, %d; want %d, %d", c.s, c.e, ls, le, c.ls, c.le)
		}
	}
}

func TestWordBounded(t *testing.T) {
	for _, c := range []struct {
		line string
		s, e int
		uni  bool
		want bool
	}{
		{"a foo b", 2, 5, false, true},
		{"afoo b", 1, 4, false, false},
		{"a foo_", 2, 5, false, false},
		{"foo", 0, 3, false, true},
		{"éfoo", 2, 5, false, true},   // bytes: 0xa9 is no word byte
		{"éfoo", 2, 5, true, false},   // characters: é is a letter
		{"\xfffoo", 1, 4, true, true}, // an invalid byte is no character
	} {
		if got := WordBounded([]byte(c.line), c.s, c.e, c.uni); got != c.want {
			t.Errorf("WordBounded(%q, %d, %d, %v) = %v", c.line, c.s, c.e, c.uni, got)
		}
	}
}
