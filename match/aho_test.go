package match

import (
	"math/rand"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"urg/match/aho"
)

// joinedMatcher is the matcher that patterns had before the automata of
// many: Go's regexp over their alternation, the backtracking engine for
// those it does not take.
func joinedMatcher(t *testing.T, patterns []string, o Options) Matcher {
	t.Helper()
	var pats []pattern
	for i, w := range patterns {
		p, err := parsePattern(i, w, o)
		if err != nil {
			t.Fatal(err)
		}
		pats = append(pats, p)
	}
	m, err := compileSeveral(pats, o)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestAhoJoined holds the Aho-Corasick automaton to the matcher the words
// had before, on the random lists of package aho's TestAho (the same
// generator and seed) that are few enough for Go's regexp to be quick
// about them: the same answers.
func TestAhoJoined(t *testing.T) {
	rng := rand.New(rand.NewSource(26))
	for n := 0; n < 600; n++ {
		o := Options{Fixed: true, IgnoreCase: rng.Intn(2) == 0, Word: rng.Intn(3) == 0, Line: rng.Intn(5) == 0, UTF8: rng.Intn(2) == 0, Timeout: DefaultTimeout}
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
		var words []string
		for len(words) < 1+rng.Intn(300) {
			w := word(1, 6, false)
			if len(words) > 0 && rng.Intn(3) == 0 {
				// A suffix or a prefix of another (in bytes: the
				// C locale's words need not be UTF-8).
				o := words[rng.Intn(len(words))]
				if k := rng.Intn(len(o)); rng.Intn(2) == 0 {
					w = o[k:]
				} else {
					w = o[:k+1]
				}
			}
			if o.UTF8 && !utf8.ValidString(w) {
				continue
			}
			words = append(words, w)
		}
		var lines []string
		for range 20 {
			l := word(0, 30, true)
			if rng.Intn(4) == 0 {
				l = words[rng.Intn(len(words))]
			}
			lines = append(lines, l)
		}
		if n%4 != 0 || len(words) > 100 || o.UTF8 && o.IgnoreCase {
			continue
		}
		before := joinedMatcher(t, words, o)
		a := aho.New(words, o)
		for _, l := range lines {
			var got, old []int
			a.Each([]byte(l), func(s, e int) { got = append(got, s, e) })
			if err := before.Each([]byte(l), func(s, e int) { old = append(old, s, e) }); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, old) {
				t.Fatalf("words %q, %+v over %q: matches %v, the joined matcher's %v", words, o, l, got, old)
			}
		}
	}
}
