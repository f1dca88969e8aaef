package prefilter

import (
	"bytes"
	"math/bits"
)

// Pair finds where a literal may start by two of its bytes at once, the
// two rarest, compared 32 positions at a time (ripgrep's "packed Pair").
// Scanning for one byte stops at each of its occurrences, and in source
// code even the rarest byte of a word occurs every few dozen bytes: such
// a search spends most of its time stopping and restarting IndexByte.
//
// Under case folding a letter is compared with its 0x20 bit set, which
// makes upper and lower case alike and nothing else.
type Pair struct {
	a              int // position in the literal of the first byte
	off            int // from the first byte to the second
	c1, m1, c2, m2 byte
}

// newPair picks lit's two rarest bytes, by their share of text (a folded
// letter's two cases added: a rank cannot be), where a byte's candidates
// are the scan's cost; lit is in lower case when fold. nil when lit is
// shorter than two bytes.
func newPair(lit []byte, fold bool) *Pair {
	if len(lit) < 2 {
		return nil
	}
	freq := func(i int) int { return needleCost(lit[i], fold) }
	x, y := 0, 1
	if freq(y) < freq(x) {
		x, y = y, x
	}
	for i := 2; i < len(lit); i++ {
		switch f := freq(i); {
		case f < freq(x):
			x, y = i, x
		case f < freq(y):
			y = i
		}
	}
	if x > y {
		x, y = y, x
	}
	q := &Pair{a: x, off: y - x, c1: lit[x], c2: lit[y]}
	if fold && IsLetter(rune(q.c1)) {
		q.m1 = 0x20
	}
	if fold && IsLetter(rune(q.c2)) {
		q.m2 = 0x20
	}
	return q
}

// next returns the first s for which a literal of n bytes starting at
// text[s] has the pair's two bytes, or -1.
func (q *Pair) next(text []byte, n int) int {
	count := len(text) - n + 1 // where the literal may start
	if count <= 0 {
		return -1
	}
	i, mask := pairMask(text[q.a:], count, q)
	if mask == 0 {
		return -1
	}
	return i + bits.TrailingZeros32(mask)
}

// NextClean is next that also says how much of text the scan saw to
// hold no NUL byte: text[:clean] holds none (0 when it learnt nothing).
func (q *Pair) NextClean(text []byte, n int) (s, clean int) {
	count := len(text) - n + 1
	if count <= 0 {
		return -1, 0
	}
	i, mask, c := pairMaskClean(text[q.a:], count, q)
	if c > 0 && bytes.IndexByte(text[:q.a], 0) < 0 {
		clean = q.a + c
	}
	if mask == 0 {
		return -1, clean
	}
	return i + bits.TrailingZeros32(mask), clean
}

// tailMask is the mask of the positions from..n-1 of base (fewer than 33)
// whose two bytes agree with q's, bit 0 for from.
func (q *Pair) tailMask(base []byte, from, n int) uint32 {
	var mask uint32
	for i := from; i < n; i++ {
		if base[i]|q.m1 == q.c1 && base[i+q.off]|q.m2 == q.c2 {
			mask |= 1 << (i - from)
		}
	}
	return mask
}
