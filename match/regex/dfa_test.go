package regex_test

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"urg/match"
	"urg/match/internal/matchtest"
	"urg/match/regex"
)

// TestDFA checks the lines the automaton selects against Go's regexp run
// on each line, for random patterns of classes, repeats, alternations and
// anchors over random texts with blanks and multibyte characters, read
// as UTF-8, and over ASCII texts in the C locale; and that it takes the
// patterns with no literal to look for first.
func TestDFA(t *testing.T) {
	for _, c := range []struct {
		pattern string
		dfa     bool
	}{
		{`(x|y)z+`, true}, {`[a-z]+[0-9]+[a-z]+`, true}, {`^\S+\s+\S+$`, true}, {`"[^"]*"`, false},
		{`a.c`, false},        // Go's regexp skips to its prefix
		{`[^a]{2}b`, true},    // characters from U+0080, counted
		{`\bx\w+`, true},      // a word boundary
		{`(?i)k[a-z]+`, true}, // ASCII folding: no Kelvin sign
		{`\S+.+\s`, true},     // two take bytes from 0x80 in a row
		{`ab+`, false},        // Go's regexp skips to its prefix
		{`[xy]*$^`, true},     // a line's start after its end: empty lines only
	} {
		m := mustRegex(t, mustCompile(t, []string{c.pattern}, Options{}))
		if regex.UsesDFA(m) != c.dfa {
			t.Errorf("%q: dfa %v, want %v", c.pattern, regex.UsesDFA(m), c.dfa)
		}
	}
	atoms := []string{"x", "y", "[xy]", "[^x]", `\s`, `\S`, ".", "[0-9]", `\w`, "é", "[^é]"}
	reps := []string{"", "", "+", "*", "?", "{2}", "{1,3}"}
	rng := rand.New(rand.NewPCG(17, 18))
	// The C locale reads a byte from 0x80 as a character, and Go's
	// regexp reads it as part of one: the texts read there are ASCII.
	for _, o := range []Options{{UTF8: true}, {}} {
		alphabet := []string{"x", "y", "z", "0", " ", "\t", "\n", "\n", "é", "日"}
		atoms := atoms
		if !o.UTF8 {
			// And its pattern's é is two characters.
			alphabet, atoms = alphabet[:8], atoms[:9]
		}
		taken := 0
		for range 1000 {
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
			m, err := match.Compile([]string{pattern}, o)
			if err != nil {
				continue
			}
			r, ok := asRegex(m)
			if !ok || !regex.UsesDFA(r) {
				continue
			}
			taken++
			oracle := pattern
			if o.UTF8 {
				// Under UTF-8, \w is Unicode's letters and numbers.
				oracle = strings.ReplaceAll(oracle, `\w`, `[\pL\pN_]`)
			}
			line := regexp.MustCompile(oracle)
			for range 30 {
				var b strings.Builder
				for range rng.IntN(40) {
					b.WriteString(alphabet[rng.IntN(len(alphabet))])
				}
				checkSelected(t, m, line, []byte(b.String()))
			}
		}
		if taken < 300 {
			t.Errorf("UTF-8 %v: the automaton took %d of 1,000 random patterns", o.UTF8, taken)
		}
		t.Logf("UTF-8 %v: the automaton took %d of 1,000 random patterns", o.UTF8, taken)
	}
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
		if r, ok := asRegex(m); !ok || !regex.UsesDFA(r) {
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
			if got := matchtest.Lines(t, m, s); !slices.Equal(got, want) {
				t.Fatalf("%s, %d bytes: %d lines selected, want %d (first difference near %q / %q)",
					c.pattern, len(s), len(got), len(want), firstDiff(got, want), firstDiff(want, got))
			}
		}
	}
}
