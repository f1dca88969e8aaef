package match

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// TestAffixLines: patterns that end with a literal, whose lines are
// decided back from its occurrences, and patterns that start with one,
// decided forward from its occurrences, select the lines Go's regexp
// selects, over generated lines thick with the literal, with and without
// -w, in both locales.
func TestAffixLines(t *testing.T) {
	patterns := []string{
		`\b\w+_\w+\(`, `[A-Z][a-z]+Error`, `\w+ab\b`, `[a-c]*b_\(`, `(a|b_)+\(`,
		`a\w*;`, `x[ab]?;`, `[A-Z]\w+Er`, `(?:ab|x)+ab$`, `\bab`, `_\w*\(\(`,
		// Prefixed.
		`0x[0-9a-f]{3,}`, `ab\w*;`, `a_\w+\b`, `x;[ab]+$`, `_\(\w`, `Er\w*o\b`,
	}
	const alphabet = "ab_(;xAErro0f \t"
	rng := rand.New(rand.NewPCG(7, 41))
	for _, o := range []Options{{}, {Word: true}, {UTF8: true}, {Word: true, UTF8: true}} {
		word := o.Word
		for _, p := range patterns {
			m := mustCompile(t, []string{p}, o)
			if r, ok := asRegex(m); ok && r.suffix == nil && !r.prefixed && !r.blockAround {
				t.Fatalf("%q (%+v): neither a literal prefix nor a suffix found", p, o)
			}
			src := p
			if word {
				src = wordBoundedSrc(p, o.UTF8)
			}
			ref := regexp.MustCompile(src)
			for range 200 {
				var text []string
				for range 1 + rng.IntN(8) {
					b := make([]byte, rng.IntN(40))
					for i := range b {
						b[i] = alphabet[rng.IntN(len(alphabet))]
					}
					text = append(text, string(b))
				}
				var want []string
				for i, line := range text {
					if ref.MatchString(line) {
						want = append(want, fmt.Sprintf("%d:%s", i+1, line))
					}
				}
				got := lines(t, m, strings.Join(text, "\n"))
				if strings.Join(got, "\n") != strings.Join(want, "\n") {
					t.Fatalf("%q (%+v) over %q: selected %q, want %q", p, o, text, got, want)
				}
			}
		}
	}
}
