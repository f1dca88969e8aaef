package match

import (
	"math/rand"
	"slices"
	"testing"

	"urg/match/aho"
	"urg/match/aho/ahotest"
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
		o, words, lines := ahotest.Case(rng, n)
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
