package regex_test

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"urg/match/internal/matchtest"
	"urg/match/regex"
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
		// Suffixes that end every match they are in, and ones that do not.
		`(\w{4}|x)\(`, `[^(]*\(`, `(ab|b_\(\w)\(`, `(a\w{2}|E)r;`, `\b[a-f]+\(`, `[;x]+_ab\w*\(`, `x?[a_]+b\w*\(`,
		// Prefixed.
		`0x[0-9a-f]{3,}`, `ab\w*;`, `a_\w+\b`, `x;[ab]+$`, `_\(\w`, `Er\w*o\b`,
	}
	const alphabet = "ab_(;xAErro0f \t"
	rng := rand.New(rand.NewPCG(7, 41))
	for _, o := range []Options{{}, {Word: true}, {UTF8: true}, {Word: true, UTF8: true}} {
		word := o.Word
		for _, p := range patterns {
			m := mustCompile(t, []string{p}, o)
			if r, ok := asRegex(m); ok && r.Suffix() == nil && !r.Prefixed() && !r.BlockAround() {
				t.Fatalf("%q (%+v): neither a literal prefix nor a suffix found", p, o)
			}
			if r, ok := asRegex(m); ok && p == `[^(]*\(` && !r.SuffixOnly() {
				t.Fatalf("%q (%+v): its suffix ends every match, but -o runs forward", p, o)
			}
			src := p
			if word {
				src = regex.WordBoundedSrc(p, o.UTF8)
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
					if !word {
						// -o: Go's matches, leftmost-first.
						got, want := matchtest.Each(t, m, line), ref.FindAllString(line, -1)
						if strings.Join(got, "\x00") != strings.Join(want, "\x00") {
							t.Fatalf("%q (%+v) in %q: matches %q, want %q", p, o, line, got, want)
						}
					}
				}
				got := matchtest.Lines(t, m, strings.Join(text, "\n"))
				if strings.Join(got, "\n") != strings.Join(want, "\n") {
					t.Fatalf("%q (%+v) over %q: selected %q, want %q", p, o, text, got, want)
				}
			}
		}
	}
}

// TestPrefixedWordsBeyondASCII: under -w with UTF-8's words, a prefixed
// pattern's lines are found with ASCII's word bytes for bounds and those
// beyond ASCII decided again: a letter beyond ASCII next to a match
// leaves it out.
func TestPrefixedWordsBeyondASCII(t *testing.T) {
	pieces := []string{"0x", "1", "f", "é", "ü", " ", "_", "a", "\u00a0", "·"}
	rng := rand.New(rand.NewPCG(5, 17))
	for _, p := range []string{`0x[0-9a-f]{2,}`, `a_[a-z]+`, `_a[a-z0-9]*`} {
		o := Options{Word: true, UTF8: true}
		m := mustCompile(t, []string{p}, o)
		ref := regexp.MustCompile(regex.WordBoundedSrc(p, true))
		for range 500 {
			var text []string
			for range 1 + rng.IntN(6) {
				var b strings.Builder
				for range rng.IntN(12) {
					b.WriteString(pieces[rng.IntN(len(pieces))])
				}
				text = append(text, b.String())
			}
			var want []string
			for i, line := range text {
				if ref.MatchString(line) {
					want = append(want, fmt.Sprintf("%d:%s", i+1, line))
				}
			}
			got := matchtest.Lines(t, m, strings.Join(text, "\n"))
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Fatalf("%q (-w, UTF-8) over %q: selected %q, want %q", p, text, got, want)
			}
		}
	}
}
