package prefilter

import "sort"

// Teddy finds where any of a few literals may start by their first three
// bytes at once, Hyperscan's "Teddy": each literal owns a bit, and for
// each of the three positions two 16-entry tables, indexed by a byte's low
// and high nibble, hold the bits of the literals that accept a byte with
// that nibble there. A position is a candidate when one bit survives the
// six lookups. The fused pair scan costs eight instructions per literal
// per 32 bytes; this costs the same for one literal or eight, so it
// gains from two literals on, the more the more literals there are (see
// docs/decisions.md#teddy-several-literals-by-their-first-three-bytes-matchprefilterteddygo).
//
// With each literal on a bit of its own (up to eight) the lookups are
// exact for its three bytes (a letter's cases differ in the high nibble
// only), so the candidates are the positions where some literal's first
// three bytes are; occursAt confirms the rest.
type Teddy struct {
	// tabs are the low- and high-nibble tables of positions 0, 1 and 2,
	// in that order, each repeated in both 16-byte halves of its row:
	// the scan looks them up in both halves of a 32-byte vector.
	tabs [6][32]byte
	// byPrefix lists the literals by their first three bytes (letters
	// in lower case when some literal folds), for sets too large to
	// compare a candidate with each: Go's keywords, which occur on most
	// lines of Go source, would spend most of a search comparing.
	byPrefix map[uint32][]*Literal
	fold     bool // byPrefix's keys are in lower case
}

// prefixIndexMin is the size of set from which candidates are looked up
// by prefix rather than compared with every literal.
const prefixIndexMin = 9

// key is the byPrefix key of b's first three bytes.
func (t *Teddy) key(b []byte) uint32 {
	c0, c1, c2 := b[0], b[1], b[2]
	if t.fold {
		c0, c1, c2 = lowerASCII(c0), lowerASCII(c1), lowerASCII(c2)
	}
	return uint32(c0) | uint32(c1)<<8 | uint32(c2)<<16
}

// teddyLen is how many leading bytes of each literal teddy compares.
const teddyLen = 3

// teddyBuckets is how many bits the tables have, one byte's worth: with
// more literals than that, several share a bit (a bucket), and the
// lookups of a bucket accept any mix of its literals' bytes.
const teddyBuckets = 8

// TeddyMax is how many literals teddy takes. Past eight they share
// buckets, whose mixes of bytes let more candidates through as the set
// grows; it stays far ahead of Go's NFA, which is slower on an
// alternation of words than on most patterns.
const TeddyMax = 64

// newTeddy builds the tables for lits, or returns nil where the scan
// cannot run or cannot take them: without AVX2, for one literal (its
// pair scan costs less) or more than TeddyMax, or when one is shorter
// than three bytes.
func newTeddy(lits []*Literal) *Teddy {
	if !TeddyTakes(lits) {
		return nil
	}
	// Literals whose first bytes sort together share a bucket, so that
	// a bucket's mixes of bytes are mostly its own literals.
	order := make([]int, len(lits))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		return string(lits[order[a]].Lit[:teddyLen]) < string(lits[order[b]].Lit[:teddyLen])
	})
	t := &Teddy{}
	for rank, k := range order {
		p := lits[k]
		bit := byte(1) << (rank * teddyBuckets / len(lits))
		for j := range teddyLen {
			c := p.Lit[j]
			t.accept(j, c, bit)
			if p.Fold && 'a' <= c && c <= 'z' {
				t.accept(j, c-'a'+'A', bit)
			}
		}
	}
	if len(lits) >= prefixIndexMin {
		t.byPrefix = make(map[uint32][]*Literal)
		for _, p := range lits {
			t.fold = t.fold || p.Fold
		}
		for _, p := range lits {
			k := t.key(p.Lit)
			t.byPrefix[k] = append(t.byPrefix[k], p)
		}
	}
	return t
}

// TeddyTakes reports whether newTeddy takes lits.
func TeddyTakes(lits []*Literal) bool {
	if !SIMD || len(lits) < 2 || len(lits) > TeddyMax {
		return false
	}
	for _, p := range lits {
		if len(p.Lit) < teddyLen {
			return false
		}
	}
	return true
}

// accept marks byte c at position j as a byte of the literals with bit.
func (t *Teddy) accept(j int, c, bit byte) {
	lo, hi := &t.tabs[2*j], &t.tabs[2*j+1]
	lo[c&15] |= bit
	lo[16+c&15] |= bit
	hi[c>>4] |= bit
	hi[16+c>>4] |= bit
}
