package posix

import (
	"slices"
	"testing"
)

func TestFoldSet(t *testing.T) {
	for _, tc := range []struct {
		c    rune
		uni  bool
		want string
	}{
		{'k', true, "kK"}, {'K', true, "Kk"}, {'\u212a', true, "\u212a"}, {'s', true, "sS\u017f"},
		{'\u017f', true, "\u017fSs"}, {'i', true, "iI\u0131"}, {'\u0131', true, "\u0131Ii"}, {'\u0130', true, "\u0130"},
		{'ß', true, "ß"}, {'σ', true, "σΣς"}, {'s', false, "sS"}, {'1', true, "1"}, {0xe9, false, "\u00e9"},
	} {
		if got := string(foldSet(tc.c, tc.uni)); got != tc.want {
			t.Errorf("foldSet(%q, %v) = %q, want %q", tc.c, tc.uni, got, tc.want)
		}
	}
}

// TestPosixClasses spot-checks glibc's C.UTF-8 classes, as its tables
// (Unicode 14) have them, and the C locale's.
func TestPosixClasses(t *testing.T) {
	for _, tc := range []struct {
		class string
		c     rune
		uni   bool
		in    bool
	}{
		{"alpha", 'é', true, true}, {"alpha", '²', true, false}, {"alpha", 0x345, true, true},
		{"alpha", 0x660, true, true}, {"alpha", '5', true, false}, {"alpha", 'é', false, false},
		{"alpha", 0xe9, false, false}, {"digit", 0x660, true, false}, {"alnum", '5', true, true},
		{"upper", 0x1c5, true, true}, {"lower", 0x1c5, true, true}, {"lower", 'ª', true, true},
		{"space", 0xa0, true, false}, {"space", 0x2003, true, true}, {"space", '\v', false, true},
		{"blank", 0x3000, true, true}, {"punct", '²', true, true}, {"punct", '$', false, true},
		{"cntrl", 0x2028, true, true}, {"print", 0xe000, true, true}, {"graph", ' ', true, false},
		{"print", ' ', true, true}, {"xdigit", 'F', true, true}, {"xdigit", 'g', true, false},
	} {
		r, ok := classRanges(tc.class, tc.uni)
		if !ok {
			t.Fatalf("no class %q", tc.class)
		}
		if got := setOf(r).has(tc.c); got != tc.in {
			t.Errorf("%U in [[:%s:]] (UTF-8 %v): %v, want %v", tc.c, tc.class, tc.uni, got, tc.in)
		}
	}
	if _, ok := classRanges("ascii", true); ok {
		t.Error("[[:ascii:]] is no POSIX class")
	}
}

func TestCharSet(t *testing.T) {
	s := setOf([]rune{'a', 'c', 'x', 'x', 0x100, 0x200, 0x300, 0x300, 'b', 'd'})
	for c, want := range map[rune]bool{'a': true, 'd': true, 'e': false, 'x': true, 0xff: false, 0x100: true, 0x150: true,
		0x200: true, 0x201: false, 0x300: true, 0x301: false, -1: false, invalidChar(0xff): false} {
		if s.has(c) != want {
			t.Errorf("has(%U) = %v", c, !want)
		}
	}
	if got := s.complement(255).pairs(); !slices.Equal(got, [][2]rune{{0, 'a' - 1}, {'e', 'x' - 1}, {'x' + 1, 255}}) {
		t.Errorf("complement in the C locale: %v", got)
	}
}
