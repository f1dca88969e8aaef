// Package ahotest makes the random word lists and lines that hold the
// Aho-Corasick automaton to other matchers: a plain search in package
// aho's tests, the joined alternation in package match's. One generator
// serves both, so that they run on the same cases.
package ahotest

import (
	"math/rand"
	"strings"
	"unicode/utf8"

	"urg/match/base"
)

// Case is the n-th case drawn from rng: the options (-F, maybe -i, -w,
// -x, UTF-8), words that are often a prefix or a suffix of another, and
// 20 lines of letters with now and then an invalid byte or a whole word.
func Case(rng *rand.Rand, n int) (o base.Options, words, lines []string) {
	o = base.Options{Fixed: true, IgnoreCase: rng.Intn(2) == 0, Word: rng.Intn(3) == 0, Line: rng.Intn(5) == 0, UTF8: rng.Intn(2) == 0, Timeout: base.DefaultTimeout}
	alphabet := []string{"a", "b", "c", "d", "e", ".", "*", "A", "B", " ", "_"}
	if n%3 == 0 {
		alphabet = append(alphabet, "é", "É", "ſ", "s", "S", "k", "\u212a", "ß", "Ω", "ω")
	}
	letters := alphabet[:2+rng.Intn(len(alphabet)-1)]
	word := func(lo, hi int, text bool) string {
		var b strings.Builder
		for range lo + rng.Intn(hi-lo+1) {
			if text && rng.Intn(40) == 0 {
				b.WriteByte(0xff)
				continue
			}
			b.WriteString(letters[rng.Intn(len(letters))])
		}
		return b.String()
	}
	for len(words) < 1+rng.Intn(300) {
		w := word(1, 6, false)
		if len(words) > 0 && rng.Intn(3) == 0 {
			// A suffix or a prefix of another (in bytes: the
			// C locale's words need not be UTF-8).
			other := words[rng.Intn(len(words))]
			if k := rng.Intn(len(other)); rng.Intn(2) == 0 {
				w = other[k:]
			} else {
				w = other[:k+1]
			}
		}
		if o.UTF8 && !utf8.ValidString(w) {
			continue
		}
		words = append(words, w)
	}
	for range 20 {
		l := word(0, 30, true)
		if rng.Intn(4) == 0 {
			l = words[rng.Intn(len(words))]
		}
		lines = append(lines, l)
	}
	return o, words, lines
}
