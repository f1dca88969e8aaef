package prefilter

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestPairIndex checks the prefilter's index through a pair (AVX2 where the
// CPU has it) against a plain search, case-sensitive and folded, on random
// texts of every length around the 32-byte blocks, with the literal
// planted at every kind of offset and not at all.
func TestPairIndex(t *testing.T) {
	if !SIMD {
		t.Log("no AVX2 here: the pair is not used, the portable path is checked")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte("aAbBcC.-_ \nxyzXYZ@`[{")
	for iter := range 3000 {
		fold := iter%2 == 0
		lit := make([]byte, 2+rng.IntN(6))
		for i := range lit {
			lit[i] = alphabet[rng.IntN(len(alphabet))]
		}
		if fold {
			lit = bytes.ToLower(lit)
		}
		text := make([]byte, rng.IntN(140))
		for i := range text {
			text[i] = alphabet[rng.IntN(len(alphabet))]
		}
		if len(text) >= len(lit) && rng.IntN(2) == 0 {
			at := rng.IntN(len(text) - len(lit) + 1)
			copy(text[at:], lit)
			if fold {
				copy(text[at:], bytes.ToUpper(lit))
			}
		}
		p := Literal{Lit: bytes.Clone(lit), Fold: fold}
		p.Prepare()
		want := -1
		for s := 0; s+len(lit) <= len(text); s++ {
			if fold && equalFoldASCII(text[s:s+len(lit)], lit) || !fold && bytes.Equal(text[s:s+len(lit)], lit) {
				want = s
				break
			}
		}
		if got := p.Index(text); got != want {
			t.Fatalf("index(%q) of %q (fold %v, pair %+v) = %d, want %d", text, lit, fold, p.Pair, got, want)
		}
	}
}

// TestNewPair checks that the pair is two distinct positions, in order,
// and folds letters only.
func TestNewPair(t *testing.T) {
	if newPair([]byte("x"), false) != nil {
		t.Fatal("a one-byte literal got a pair")
	}
	q := newPair([]byte("zq-a"), true)
	if q.a+q.off >= 4 || q.off <= 0 {
		t.Fatalf("pair %+v out of the literal", q)
	}
	for _, c := range []struct{ c, m byte }{{q.c1, q.m1}, {q.c2, q.m2}} {
		if IsLetter(rune(c.c)) != (c.m == 0x20) {
			t.Fatalf("pair %+v: fold mask on %q", q, c.c)
		}
	}
}

// TestNewPairByShare holds the pair to the two positions of least share
// of text, a folded letter's two cases added: '_', one byte in 21 of C,
// is then no pair's byte beside letters rarer in both cases.
func TestNewPairByShare(t *testing.T) {
	for _, tc := range []struct {
		lit  string
		fold bool
	}{{"pm_resume", true}, {"PM_RESUME", false}, {"copyright", true}, {"err_sys", true}} {
		q := newPair([]byte(tc.lit), tc.fold)
		costs := make([]int, len(tc.lit))
		for i := range tc.lit {
			costs[i] = needleCost(tc.lit[i], tc.fold)
		}
		got := []int{costs[q.a], costs[q.a+q.off]}
		slices.Sort(got)
		slices.Sort(costs)
		if got[0] != costs[0] || got[1] != costs[1] {
			t.Errorf("newPair(%q, fold %v): bytes %q and %q cost %v, the two least cost %v", tc.lit, tc.fold, q.c1, q.c2, got, costs[:2])
		}
		if q.c1 == '_' || q.c2 == '_' {
			t.Errorf("newPair(%q, fold %v): '_' in the pair", tc.lit, tc.fold)
		}
	}
}

// TestHitsMulti checks the scan for one literal, and for several at
// once, against each literal compared at every position, on random texts
// around the 32-byte blocks, folded and not, with skips between
// occurrences.
func TestHitsMulti(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	alphabet := []byte("aAbBcC.-_ \nxyzXYZ")
	for iter := range 6000 {
		fold := iter%2 == 0
		var lits []*Literal
		k := 1 // a third of the sets are one literal, scanned on its own
		switch iter % 3 {
		case 1:
			k = 2 + rng.IntN(maxPairs-1)
		case 2: // teddy's buckets shared, or the literals found one by one
			k = 2 + rng.IntN(3*teddyBuckets)
		}
		for range k {
			lit := make([]byte, 2+rng.IntN(5))
			for i := range lit {
				lit[i] = alphabet[rng.IntN(len(alphabet))]
			}
			if fold {
				lit = bytes.ToLower(lit)
			}
			p := &Literal{Lit: lit, Fold: fold}
			p.Prepare()
			lits = append(lits, p)
		}
		text := make([]byte, rng.IntN(400))
		for i := range text {
			text[i] = alphabet[rng.IntN(len(alphabet))]
		}
		set := NewSet(lits)
		short := false // some literal is too short for teddy
		for _, p := range lits {
			short = short || len(p.Lit) < teddyLen
		}
		switch {
		case !SIMD:
		case len(lits) == 1 && set.one == nil:
			t.Fatal("a literal with a pair was not scanned by it")
		case len(lits) > 1 && !short && set.teddy == nil:
			t.Fatalf("%q were not scanned by teddy", litsOf(lits))
		case len(lits) > 1 && len(lits) <= maxPairs && short && set.tab == nil:
			t.Fatalf("%q were not scanned by their pairs", litsOf(lits))
		}
		h := set.Hits(text, 0)
		checkHits(t, &h, text, func(s int) bool {
			for _, p := range lits {
				if n := len(p.Lit); s+n <= len(text) && (bytes.Equal(text[s:s+n], p.Lit) ||
					fold && bytes.Equal(bytes.ToLower(text[s:s+n]), p.Lit)) {
					return true
				}
			}
			return false
		}, rng, 40, fmt.Sprintf("%d: %q", iter, litsOf(lits)))
	}
}

// checkHits takes every occurrence from h, skipping ahead by up to
// maxSkip bytes after a third of them, and compares each with the first
// position from there at which valid holds.
func checkHits(t *testing.T, h *Hits, text []byte, valid func(s int) bool, rng *rand.Rand, maxSkip int, what string) {
	t.Helper()
	for at := 0; ; {
		want := -1
		for s := at; s < len(text) && want < 0; s++ {
			if valid(s) {
				want = s
			}
		}
		got := h.Next()
		if got != want {
			t.Fatalf("%s: next after %d in %q = %d, want %d", what, at, text, got, want)
		}
		if got < 0 {
			return
		}
		at = got + 1
		if rng.IntN(3) == 0 {
			at = got + 1 + rng.IntN(maxSkip)
			h.Skip(at)
		}
	}
}

func litsOf(ps []*Literal) []string {
	var s []string
	for _, p := range ps {
		s = append(s, string(p.Lit))
	}
	return s
}
