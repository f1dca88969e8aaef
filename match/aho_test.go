package match

import (
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// TestAho checks the Aho-Corasick automaton against a plain search on
// random lists of words that share prefixes and are suffixes of one
// another, over random lines of their letters: the same lines, and for
// -o, at each place from the left the longest word there.
func TestAho(t *testing.T) {
	rng := rand.New(rand.NewSource(26))
	for n := 0; n < 200; n++ {
		letters := "abcde.*"[:2+rng.Intn(5)]
		word := func(lo, hi int) string {
			var b strings.Builder
			for range lo + rng.Intn(hi-lo+1) {
				b.WriteByte(letters[rng.Intn(len(letters))])
			}
			return b.String()
		}
		var words []string
		for len(words) < 1+rng.Intn(300) {
			w := word(1, 6)
			if len(words) > 0 && rng.Intn(3) == 0 {
				// A suffix or a prefix of another.
				o := words[rng.Intn(len(words))]
				if k := rng.Intn(len(o)); rng.Intn(2) == 0 {
					w = o[k:]
				} else {
					w = o[:k+1]
				}
			}
			words = append(words, w)
		}
		a := newAho(words)
		// The matcher the words had before, when there are few enough
		// for Go's regexp to be quick about them: the same answers.
		var before Matcher
		if len(words) <= 100 {
			var pats []pattern
			o := Options{Fixed: true, Timeout: DefaultTimeout}
			for i, w := range words {
				p, err := parsePattern(i, w, o)
				if err != nil {
					t.Fatal(err)
				}
				pats = append(pats, p)
			}
			var err error
			if before, err = compileSeveral(pats, o); err != nil {
				t.Fatal(err)
			}
		}
		var lines []string
		for range 20 {
			lines = append(lines, word(0, 30))
		}
		text := []byte(strings.Join(lines, "\n"))
		// Next, line by line through the block.
		var got, want []int
		for at := 0; at <= len(text); {
			s, e, _ := a.Next(text[at:])
			if s < 0 {
				break
			}
			got = append(got, at+s)
			at += e + 1
		}
		pos := 0
		for _, l := range lines {
			for _, w := range words {
				if strings.Contains(l, w) {
					want = append(want, pos)
					break
				}
			}
			pos += len(l) + 1
		}
		if !slices.Equal(got, want) {
			t.Fatalf("words %q over %q: lines at %v, want %v", words, text, got, want)
		}
		for _, l := range lines {
			var got, want []int
			a.Each([]byte(l), func(s, e int) { got = append(got, s, e) })
			for i := 0; i < len(l); {
				best := -1
				for _, w := range words {
					if strings.HasPrefix(l[i:], w) && len(w) > best {
						best = len(w)
					}
				}
				if best < 0 {
					i++
					continue
				}
				want = append(want, i, i+best)
				i += best
			}
			if !slices.Equal(got, want) {
				t.Fatalf("words %q over %q: matches %v, want %v", words, l, got, want)
			}
			if before != nil {
				var old []int
				if err := before.Each([]byte(l), func(s, e int) { old = append(old, s, e) }); err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(got, old) {
					t.Fatalf("words %q over %q: matches %v, the joined matcher's %v", words, l, got, old)
				}
				s, _, _ := before.Next([]byte(l))
				if s2, _, _ := a.Next([]byte(l)); (s >= 0) != (s2 >= 0) {
					t.Fatalf("words %q over %q: line %v, the joined matcher's %v", words, l, s2 >= 0, s >= 0)
				}
			}
		}
	}
}
