package prefilter

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestNeedleIndex checks Index without pairs (the portable path) against
// bytes.Index, exact and folded, on texts dense in the literal's bytes,
// where the needle's scan gives way to bytes.Index.
func TestNeedleIndex(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		alpha := "ab_"[:1+r.IntN(3)]
		lit := make([]byte, 2+r.IntN(5))
		for i := range lit {
			lit[i] = alpha[r.IntN(len(alpha))]
		}
		text := make([]byte, r.IntN(400))
		for i := range text {
			text[i] = alpha[r.IntN(len(alpha))]
		}
		if r.IntN(2) == 0 {
			text = bytes.ToUpper(text)
		}
		for _, fold := range []bool{false, true} {
			p := &Literal{Lit: append([]byte(nil), lit...), Fold: fold}
			p.Prepare()
			p.Pair = nil
			want := bytes.Index(text, lit)
			if fold {
				want = bytes.Index(bytes.ToLower(text), lit)
			}
			if got := p.Index(text); got != want {
				t.Fatalf("Index(%q) of %q, fold %v: %d, want %d", text, lit, fold, got, want)
			}
		}
	}
}
