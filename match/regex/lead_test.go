package regex_test

import (
	"bytes"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"urg/match/internal/matchtest"
	"urg/match/prefilter"
)

// TestLeadMatcher checks which patterns get a lead (prefilter.Lead) and
// the lines a matcher built on one selects against Go's regexp run on
// each line, on random texts of lines around the 64-byte blocks.
func TestLeadMatcher(t *testing.T) {
	if !prefilter.SIMD {
		t.Skip("no AVX2 here: a lead needs the vector scan")
	}
	for _, c := range []struct {
		pattern string
		lit     string
		class   string // the run's bytes
		min     int
	}{
		{`^\s+//`, "//", " \t\f\r", 1},
		{`^ +<`, "<", " ", 1},
		{`^\s*\[`, "[", " \t\f\r", 0},
		{`^ +<a`, "<a", " ", 1},
		{`^\s*//`, "//", " \t\f\r", 0},
		{`^[ \t]+x=y`, "x=y", " \t", 1},
		{`^[-=]*ab-=`, "ab-=", "-=", 0},
		{`^\s+ x`, "", "", -1}, // the literal starts in the class
		{`^\s{2,}//`, "", "", -1},
		{`^\s*// Deprecated:`, "", "", -1}, // long: its pair alone is rare
	} {
		m := mustRegex(t, mustCompile(t, []string{c.pattern}, Options{}))
		if (m.Lits() != nil && m.Lits().Lead != nil) != (c.min >= 0) {
			t.Fatalf("%q: lead %v, want %v", c.pattern, m.Lits() != nil && m.Lits().Lead != nil, c.min >= 0)
		}
		line := regexp.MustCompile(strings.Replace(c.pattern, `\s`, `[\t\f\r ]`, -1))
		rng := rand.New(rand.NewPCG(5, uint64(len(c.pattern))))
		alphabet := []byte(c.lit + c.class + c.class + "\n\n/<abxy= \t")
		for range 3000 {
			text := make([]byte, rng.IntN(600))
			for i := range text {
				text[i] = alphabet[rng.IntN(len(alphabet))]
			}
			checkSelected(t, m.Matcher(), line, text)
		}
	}
}

// checkSelected compares the lines m selects in text with those line
// matches alone.
func checkSelected(t *testing.T, m Matcher, line *regexp.Regexp, text []byte) {
	t.Helper()
	got, err := matchtest.Selected(m, text)
	if err != nil {
		t.Fatal(err)
	}
	var want []int
	for n, l := range bytes.Split(text, []byte("\n")) {
		if line.Match(l) {
			want = append(want, n)
		}
	}
	if !slicesEqual(got, want) {
		t.Fatalf("%v in %q: lines %v, want %v", line, text, got, want)
	}
}

func slicesEqual(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
