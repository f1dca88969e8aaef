package match

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// TestDFA checks the lines the automaton selects against Go's regexp run
// on each line, for random patterns of classes, repeats, alternations and
// anchors over random texts with blanks, multibyte and invalid UTF-8; and
// that it takes most of those patterns, and refuses what it cannot decide
// exactly.
func TestDFA(t *testing.T) {
	for _, c := range []struct {
		pattern string
		dfa     bool
	}{
		{`(x|y)z+`, true}, {`[a-z]+[0-9]+[a-z]+`, true}, {`^\S+\s+\S+$`, true}, {`"[^"]*"`, false},
		{`a.c`, false},        // one character from U+0080 is several bytes
		{`[^a]{2}b`, false},   // two of them, counted
		{`\bx\w+`, false},     // a word boundary
		{`(?i)k[a-z]+`, true}, // ASCII folding: no Kelvin sign
		{`\S+.+\s`, false},    // two take bytes from 0x80 in a row
		{`ab+`, false},        // Go's regexp skips to its prefix
		{`[xy]*$^`, false},    // a line's start after its end: empty lines only
	} {
		m := mustCompile(t, []string{c.pattern}, Options{}).(*regex)
		if isFinder[*dfa](m) != c.dfa {
			t.Errorf("%q: dfa %v, want %v", c.pattern, isFinder[*dfa](m), c.dfa)
		}
	}
	atoms := []string{"x", "y", "[xy]", "[^x]", `\s`, `\S`, ".", "[0-9]", `\w`, "é", "[^é]"}
	reps := []string{"", "", "+", "*", "?", "{2}", "{1,3}"}
	rng := rand.New(rand.NewPCG(17, 18))
	alphabet := []string{"x", "y", "z", "0", " ", "\t", "\n", "\n", "é", "\xff", "日"}
	taken := 0
	for range 3000 {
		var p strings.Builder
		if rng.IntN(4) == 0 {
			p.WriteString("^")
		}
		for range 1 + rng.IntN(4) {
			p.WriteString(atoms[rng.IntN(len(atoms))] + reps[rng.IntN(len(reps))])
			if rng.IntN(8) == 0 {
				p.WriteString("|")
			}
		}
		if rng.IntN(4) == 0 {
			p.WriteString("$")
		}
		pattern := strings.TrimSuffix(p.String(), "|")
		m, err := Compile([]string{pattern}, Options{})
		if err != nil {
			continue
		}
		r, ok := m.(*regex)
		if !ok || !isFinder[*dfa](r) {
			continue
		}
		taken++
		line := regexp.MustCompile(pattern)
		for range 30 {
			var b strings.Builder
			for range rng.IntN(40) {
				b.WriteString(alphabet[rng.IntN(len(alphabet))])
			}
			checkSelected(t, m, line, []byte(b.String()))
		}
	}
	if taken < 300 {
		t.Errorf("the automaton took %d of 3,000 random patterns", taken)
	}
	t.Logf("the automaton took %d of 3,000 random patterns", taken)
}
