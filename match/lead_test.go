package match

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"unsafe"
)

// TestLeadOffsets checks leadVec against the offsets the assembly reads.
func TestLeadOffsets(t *testing.T) {
	var v leadVec
	for _, c := range []struct {
		name      string
		got, want uintptr
	}{
		{"hi", unsafe.Offsetof(v.hi), 32}, {"c1", unsafe.Offsetof(v.c1), 64},
		{"m2", unsafe.Offsetof(v.m2), 160}, {"a", unsafe.Offsetof(v.a), 192},
		{"b", unsafe.Offsetof(v.b), 200}, {"empty", unsafe.Offsetof(v.empty), 208},
	} {
		if c.got != c.want {
			t.Errorf("leadVec.%s at %d, the assembly reads %d", c.name, c.got, c.want)
		}
	}
	var st leadState
	if unsafe.Offsetof(st.carry) != 8 {
		t.Error("leadState.carry not at 8")
	}
}

// TestLead checks the occurrences a lead yields against the literal
// compared at every position and the run before it read byte by byte, on
// random texts of lines around the 64-byte blocks, with skips between
// occurrences; and the lines a matcher built on it selects against Go's
// regexp run on each line.
func TestLead(t *testing.T) {
	if !pairSIMD {
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
	} {
		m := mustRegex(t, mustCompile(t, []string{c.pattern}, Options{}))
		if (m.lits != nil && m.lits.lead != nil) != (c.min >= 0) {
			t.Fatalf("%q: lead %v, want %v", c.pattern, m.lits != nil && m.lits.lead != nil, c.min >= 0)
		}
		line := regexp.MustCompile(strings.Replace(c.pattern, `\s`, `[\t\f\r ]`, -1))
		rng := rand.New(rand.NewPCG(5, uint64(len(c.pattern))))
		alphabet := []byte(c.lit + c.class + c.class + "\n\n/<abxy= \t")
		for iter := range 3000 {
			text := make([]byte, rng.IntN(600))
			for i := range text {
				text[i] = alphabet[rng.IntN(len(alphabet))]
			}
			checkSelected(t, m, line, text)
			if c.min < 0 {
				continue
			}
			valid := func(i int) bool {
				if !bytes.HasPrefix(text[i:], []byte(c.lit)) {
					return false
				}
				s := i
				for s > 0 && strings.IndexByte(c.class, text[s-1]) >= 0 {
					s--
				}
				return (s == 0 || text[s-1] == '\n') && i-s >= c.min
			}
			h := m.lits.hits(text, 0)
			checkHits(t, &h, text, valid, rng, 100, fmt.Sprintf("%q, %d", c.pattern, iter))
		}
	}
}

// checkSelected compares the lines m selects in text with those line
// matches alone.
func checkSelected(t *testing.T, m Matcher, line *regexp.Regexp, text []byte) {
	t.Helper()
	got, err := selected(m, text)
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
