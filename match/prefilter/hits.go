package prefilter

import (
	"bytes"
	"math/bits"
)

// Set is one literal or a few, any of which is looked for, each by its
// pair where the CPU scans pairs: several at once are compared in one pass
// over the text (pairsScanAVX2), instead of one pass per literal.
type Set struct {
	lits []*Literal
	// tab holds each literal's pair as vectors for the scan that
	// compares them all at once; nil when there is one literal or when
	// some literal has no pair (then each is found on its own).
	tab  []pairVec
	span int // the largest offset of a pair's second byte in its literal
	// teddy, when set, scans for all the literals instead of tab (span
	// is then teddyLen-1).
	teddy *Teddy
	// one is the literal when there is one and it has a pair: its scan
	// reports 32 positions at a time too.
	one *Literal
	// Lead, when set, yields only the occurrences of one that a line's
	// leading run reaches (see Lead).
	Lead *Lead
}

// maxPairs is how many literals the fused scan takes: each costs eight
// instructions per 32 bytes, and past this the NFA of Go's regexp is not
// much slower.
const maxPairs = 8

// PairsTake reports whether the fused pair scan takes lits: a few, each
// with a pair.
func PairsTake(lits []*Literal) bool {
	if len(lits) > maxPairs {
		return false
	}
	for _, p := range lits {
		if p.Pair == nil {
			return false
		}
	}
	return true
}

func NewSet(lits []*Literal) *Set {
	s := &Set{lits: lits}
	if len(lits) == 1 && lits[0].Pair != nil {
		s.one = lits[0]
	}
	if s.teddy = newTeddy(lits); s.teddy != nil {
		s.span = teddyLen - 1
		return s
	}
	if len(lits) < 2 || !PairsTake(lits) {
		return s
	}
	tab := make([]pairVec, len(lits))
	for i, p := range lits {
		q := p.Pair
		v := &tab[i]
		for j := range 32 {
			v.c1[j], v.m1[j], v.c2[j], v.m2[j] = q.c1, q.m1, q.c2, q.m2
		}
		v.a, v.b = int64(q.a), int64(q.a+q.off)
		s.span = max(s.span, q.a+q.off)
	}
	s.tab = tab
	return s
}

// onePass reports whether the literals are found in one pass over the
// text (Teddy, the fused pair scan, or one literal's pair scan) rather
// than each by its own scan.
func (s *Set) onePass() bool { return s.teddy != nil || s.tab != nil || s.one != nil }

// pairVec is a pair as the fused scan reads it: its bytes and masks
// broadcast to 32 lanes, and the offsets of its two bytes in the literal.
type pairVec struct {
	c1, m1, c2, m2 [32]byte
	a, b           int64
}

// Hits yields the occurrences of a Set's literals in text, in order.
// Its scans report every candidate of 32 positions at once, which are
// then checked here without going back into the scan for each: in Go
// source, "//" occurs every 100 bytes or so.
type Hits struct {
	set  *Set
	text []byte
	at   int    // where scanning goes on
	base int    // the position of mask's lowest bit
	mask uint64 // candidates not yet checked
	st   leadState
}

// Hits starts a Hits at text[at]; a value, so that a search's Hits stay
// on its stack (one per call of Next, which is once per matching line).
func (s *Set) Hits(text []byte, at int) Hits {
	h := Hits{set: s, text: text, at: at}
	if s.Lead != nil {
		h.st = s.Lead.stateAt(text, at)
	}
	return h
}

// Next returns the next occurrence at or after where the last one was
// (or at, first), or -1.
func (h *Hits) Next() int {
	for {
		for h.mask != 0 {
			i := h.base + bits.TrailingZeros64(h.mask)
			h.mask &= h.mask - 1
			if h.set.occursAt(h.text, i) {
				return i
			}
		}
		if h.at >= len(h.text) {
			return -1
		}
		if !h.scan() {
			return h.slow()
		}
	}
}

// Index returns where in text the first occurrence of one of the
// literals starts, or -1.
func (s *Set) Index(text []byte) int {
	h := s.Hits(text, 0)
	return h.Next()
}

// Skip drops the occurrences before offset to.
func (h *Hits) Skip(to int) {
	if d := to - h.base; d >= 64 {
		h.mask = 0
	} else if d > 0 {
		h.mask &^= 1<<d - 1
	}
	if to > h.at {
		h.at = to
		if h.set.Lead != nil && to < len(h.text) {
			h.st = h.set.Lead.stateAt(h.text, to)
		}
	}
}

// occursAt reports whether one of the literals starts at text[i].
func (s *Set) occursAt(text []byte, i int) bool {
	if s.one != nil && len(s.one.Lit) == 2 {
		// The pair is the literal's two bytes, compared as equal does.
		return true
	}
	lits := s.lits
	if s.teddy != nil && s.teddy.byPrefix != nil {
		if i+teddyLen > len(text) {
			return false
		}
		lits = s.teddy.byPrefix[s.teddy.key(text[i:])]
	}
	for _, p := range lits {
		if n := len(p.Lit); i+n <= len(text) && p.Equal(text[i:i+n]) {
			return true
		}
	}
	return false
}

// scan fills the mask with the candidates of the next 32 positions that
// have one, or of the positions left, and moves on past them; false when
// the literals have no pairs to scan for. A single literal's candidates
// come as a mask too: stopping its scan at each of them would cost a
// chain of calls and a new scan per candidate, and a literal such as "//"
// has one every few lines of source (see
// docs/decisions.md#hitsscan-one-literals-candidates-32-at-a-time-matchprefilterhitsgo).
func (h *Hits) scan() bool {
	s := h.set
	if l := s.Lead; l != nil {
		n := len(h.text) - h.at - len(l.lit.Lit) + 1 // where it may start
		i, mask := l.mask(h.text[h.at:], max(n, 0), &h.st)
		h.base, h.mask = h.at+i, mask
		if mask == 0 {
			h.at = len(h.text)
		} else {
			h.at = min(len(h.text), h.at+i+64)
		}
		return true
	}
	if p := s.one; p != nil {
		n := len(h.text) - h.at - len(p.Lit) + 1 // where it may start
		if n <= 0 {
			h.mask, h.at = 0, len(h.text)
			return true
		}
		i, mask := pairMask(h.text[h.at+p.Pair.a:], n, p.Pair)
		h.base, h.mask = h.at+i, uint64(mask)
		if mask == 0 {
			h.at = len(h.text)
		} else {
			h.at = min(len(h.text), h.at+i+32)
		}
		return true
	}
	if s.tab == nil && s.teddy == nil {
		return false
	}
	count := len(h.text) - s.span - h.at
	if count >= 32 {
		var i int
		var mask uint32
		if s.teddy != nil {
			i, mask = teddyMask(h.text[h.at:], count, s.teddy)
		} else {
			i, mask = pairsMask(h.text[h.at:], count, s.tab)
		}
		h.base, h.mask, h.at = h.at+i, uint64(mask), h.at+min(count&^31, i+32)
		return true
	}
	if s.teddy != nil {
		// The last positions: each is a candidate, for occursAt to
		// decide (fewer than 32+teddyLen of them, once per text).
		n := min(32, len(h.text)-h.at)
		h.base, h.mask = h.at, 1<<n-1
		h.at += n
		return true
	}
	// The last positions, where some pair's second byte would be past
	// the text: each literal that fits is checked where it may start.
	h.base, h.mask = h.at, 0
	for j := 0; j < 32 && h.at+j < len(h.text); j++ {
		for k := range s.tab {
			v := &s.tab[k]
			if b := h.at + j + int(v.b); b < len(h.text) &&
				h.text[h.at+j+int(v.a)]|v.m1[0] == v.c1[0] && h.text[b]|v.m2[0] == v.c2[0] {
				h.mask |= 1 << j
				break
			}
		}
	}
	h.at = min(len(h.text), h.at+32)
	return true
}

// slow is next for literals not scanned by pairs: the first occurrence of
// any, each looked for on its own.
func (h *Hits) slow() int {
	i := -1
	if len(h.set.lits) == 1 {
		if j := h.set.lits[0].Index(h.text[h.at:]); j >= 0 {
			i = h.at + j
		}
	} else {
		i = FirstOf(h.set.lits, h.text, h.at)
	}
	if i < 0 {
		h.at = len(h.text)
		return -1
	}
	h.at = i + 1
	return i
}

// Equal reports whether b, as long as the literal, is it (in any case of
// its letters when folded).
func (p *Literal) Equal(b []byte) bool {
	if p.Fold {
		return equalFoldASCII(b, p.Lit)
	}
	return bytes.Equal(b, p.Lit)
}

// FirstOf returns where in text, at or after at, the first of the literals
// any occurs, or -1. The literals are looked for side by side in stretches
// that double from 4 KiB: a literal that is far away or absent is not
// scanned to the end of the text for every match of the others.
func FirstOf(any []*Literal, text []byte, at int) int {
	for lo, step := at, 4<<10; lo < len(text); lo, step = lo+step, 2*step {
		hi := min(len(text), lo+step)
		first := -1
		for _, p := range any {
			// Occurrences that start before hi, even if they end after.
			end := min(len(text), hi+len(p.Lit)-1)
			if j := p.Index(text[lo:end]); j >= 0 && (first < 0 || lo+j < first) {
				first = lo + j
			}
		}
		if first >= 0 {
			return first
		}
	}
	return -1
}
