package match

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"urg/match/automata"
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
		m := mustRegex(t, mustCompile(t, []string{c.pattern}, Options{}))
		if isFinder[*automata.DFA](m) != c.dfa {
			t.Errorf("%q: dfa %v, want %v", c.pattern, isFinder[*automata.DFA](m), c.dfa)
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
		r, ok := asRegex(m)
		if !ok || !isFinder[*automata.DFA](r) {
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

// TestDFADual runs the automaton over texts long enough for its two
// chains (scanDual), with matching lines from none to one in three, so
// that either chain may meet the first, and with a pattern whose states
// overflow the cache mid-text (for the 12 bytes before a z); the lines
// selected must be those Go's regexp selects line by line.
func TestDFADual(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	xyz := func(alphabet string) string {
		b := make([]byte, 5+rng.IntN(60))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		return string(b)
	}
	for _, c := range []struct {
		pattern     string
		match, miss func() string
	}{
		{`[xq][0-9]+[jz]`, func() string { return "ab q123z cd" }, func() string { return "abc 123 xyz q1 j" }},
		{`[a-z]+[0-9]+[a-z]+`, func() string { return "x9y" }, func() string { return "no digits here" }},
		{`^\S+\s+\S+$`, func() string { return "ab cd" }, func() string { return strings.Repeat("ab ", 2+rng.IntN(3)) }},
		{`(x|yy)[a-y]{11}z`, func() string { return "xyyyyyyyyyyyz" }, func() string { return xyz("xxxxxxxxyyyyyyyyyz") }},
		{`(x|y)z+w`, func() string { return "xzzw" }, func() string { return "xz yzzz" }},
		{"", func() string { return "" }, func() string { return "x" }}, // under -x: empty lines
	} {
		m := mustCompile(t, []string{c.pattern}, Options{Line: c.pattern == "", IgnoreCase: c.pattern == ""})
		if r, ok := asRegex(m); !ok || !isFinder[*automata.DFA](r) {
			t.Fatalf("%s: not run on the automaton", c.pattern)
		}
		re := regexp.MustCompile(c.pattern)
		if c.pattern == "" {
			re = regexp.MustCompile(`^$`)
		}
		for iter := range 40 {
			every := []int{0, 20000, 2000, 200, 3}[iter%5] // one matching line in so many
			var text strings.Builder
			for text.Len() < 20<<10+rng.IntN(300<<10) {
				if every > 0 && rng.IntN(every) == 0 {
					text.WriteString(c.match())
				} else {
					text.WriteString(c.miss())
				}
				text.WriteByte('\n')
			}
			s := text.String()
			if iter%2 == 0 {
				s = strings.TrimSuffix(s, "\n") // a last line with no newline
			}
			var want []string
			for i, l := range strings.Split(s, "\n") {
				if re.MatchString(l) {
					want = append(want, fmt.Sprintf("%d:%s", i+1, l))
				}
			}
			if got := lines(t, m, s); !slices.Equal(got, want) {
				t.Fatalf("%s, %d bytes: %d lines selected, want %d (first difference near %q / %q)",
					c.pattern, len(s), len(got), len(want), firstDiff(got, want), firstDiff(want, got))
			}
		}
	}
}

// firstDiff is the first of a not in b's place, or "".
func firstDiff(a, b []string) string {
	for i := range a {
		if i >= len(b) || a[i] != b[i] {
			return a[i]
		}
	}
	return ""
}
