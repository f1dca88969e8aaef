package prefilter

import (
	"math/rand/v2"
	"testing"
)

// TestClassRunIndex checks the skipping scan against a count of the class
// bytes in a row, at every position, on random texts and runs.
func TestClassRunIndex(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for iter := range 20000 {
		r := &ClassRun{n: 1 + rng.IntN(7)}
		for _, c := range "abcdef"[:1+rng.IntN(5)] {
			r.in[c] = true
		}
		text := make([]byte, rng.IntN(90))
		for i := range text {
			text[i] = "abcdefgh"[rng.IntN(8)]
		}
		want, run := -1, 0
		for i, c := range text {
			if run = run + 1; !r.in[c] {
				run = 0
			}
			if run >= r.n {
				want = i
				break
			}
		}
		if got := r.Index(text); got != want {
			t.Fatalf("%d: index(%q) for a run of %d = %d, want %d", iter, text, r.n, got, want)
		}
	}
}
