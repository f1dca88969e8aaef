package prefilter

import (
	"math/rand"
	"slices"
	"testing"
)

// TestStarts holds Starts to a plain look at every place: its places are
// those whose three bytes pass both pairs' tables, and never one where a
// beginning's bytes are. The texts are long enough for Teddy's blocks
// and their ends; the beginnings share letters, so that Teddy's buckets
// pass places that the tables refuse.
func TestStarts(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	letters := []byte("abcdeABCDE_ \n\xff")
	for n := 0; n < 300; n++ {
		var begins []Beginning
		var pairs01, pairs12 [][2]byte
		for range 1 + rng.Intn(40) {
			var b Beginning
			for j := range b {
				for range 1 + rng.Intn(2) {
					b[j] = append(b[j], letters[rng.Intn(len(letters))])
				}
			}
			begins = append(begins, b)
			for _, x := range b[0] {
				for _, y := range b[1] {
					pairs01 = append(pairs01, [2]byte{x, y})
				}
			}
			for _, x := range b[1] {
				for _, y := range b[2] {
					pairs12 = append(pairs12, [2]byte{x, y})
				}
			}
		}
		begun := func(w []byte) bool {
			for _, b := range begins {
				if slices.Contains(b[0], w[0]) && slices.Contains(b[1], w[1]) && slices.Contains(b[2], w[2]) {
					return true
				}
			}
			return false
		}
		text := make([]byte, rng.Intn(300))
		for i := range text {
			text[i] = letters[rng.Intn(len(letters))]
		}
		sc := NewStarts(begins).Scan(text)
		// Asked from each place given and one or two on, as the
		// automaton asks.
		for j := 0; j < len(text); j += 1 + rng.Intn(3) {
			k := sc.Next(j)
			for p := j; p < min(k, len(text)-2); p++ {
				if begun(text[p : p+3]) {
					t.Fatalf("case %d: asked from %d, given %d: %q begins a string at %d", n, j, k, text, p)
				}
			}
			if k >= len(text) {
				break
			}
			w := text[k : k+3]
			if !slices.Contains(pairs01, [2]byte{w[0], w[1]}) || !slices.Contains(pairs12, [2]byte{w[1], w[2]}) {
				t.Fatalf("case %d: place %d (%q) given, but the tables refuse it", n, k, w)
			}
			j = k
		}
	}
}
