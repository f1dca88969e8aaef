package prefilter

import "unsafe"

// Lead finds the occurrences of a literal that a line's leading run of a
// class reaches, `^\s+//` or `^ +<`, in the same pass as the literal's
// pair: for each 64 positions the scan also takes the masks of the
// class's bytes and of the newlines, and one addition carries each run
// that starts a line to its end (the run's lowest bit, added, clears it
// and sets the bit past it). Only occurrences there are yielded. Looking
// back from every occurrence instead, for blanks up to the line's start,
// and cutting the pair scan short at each, costs most where the literal
// is common and most of its occurrences are not at a line's start.
type Lead struct {
	vec  leadVec
	in   [256]bool // the class, never holding '\n'
	lit  *Literal
	pair *Pair // lit's, or its one byte twice
}

// leadVec is what the vector scan reads; the offsets are fixed by the
// assembly.
type leadVec struct {
	lo, hi         [32]byte // class membership by low and high nibble, ANDed
	c1, m1, c2, m2 [32]byte // the pair, as pairVec holds it
	a, b           int64    // offsets of the pair's bytes in the literal
	empty          uint64   // all ones when the run may be empty (\s*)
}

// leadState carries a scan from one block of positions to the next.
type leadState struct {
	nl    uint64 // 1: the next position starts a line
	carry uint64 // 1: a run from a line's start reaches the next position
}

// Run is a class repeated, as a Lead reads the run before its literal:
// the class's bytes, the least and most repeats (Max < 0: no bound), and
// whether the run starts at the line's start.
type Run struct {
	In       [256]bool
	Min, Max int
	Anchored bool
}

// NewLead returns the lead for a match of lit anchored at the line's
// start, with the run r of one class before lit and nothing else (or no
// bound on the run and at most one byte of it required), scanned by p's
// pair; nil otherwise (r nil among them), and nil without the vector
// scan.
func NewLead(r *Run, lit []byte, p *Literal) *Lead {
	if !SIMD || r == nil || !r.Anchored || r.Max >= 0 || r.Min > 1 ||
		p.Fold || string(p.Lit) != string(lit) || r.In[lit[0]] {
		return nil
	}
	q := p.Pair
	if q == nil {
		// One byte: the pair is it, twice.
		q = &Pair{c1: p.Lit[0], c2: p.Lit[0]}
	}
	l := &Lead{in: r.In, lit: p, pair: q}
	l.in['\n'] = false
	v := &l.vec
	for c := range 128 {
		if l.in[c] {
			v.lo[c&15] |= 1 << (c >> 4)
		}
	}
	for h := range 8 {
		v.hi[h] = 1 << h
	}
	copy(v.lo[16:], v.lo[:16]) // VPSHUFB looks up each 16-byte lane alone
	copy(v.hi[16:], v.hi[:16])
	for j := range 32 {
		v.c1[j], v.m1[j], v.c2[j], v.m2[j] = q.c1, q.m1, q.c2, q.m2
	}
	v.a, v.b = int64(q.a), int64(q.a+q.off)
	if r.Min == 0 {
		v.empty = ^uint64(0)
	}
	return l
}

// stateAt is the scan's state at text[at], learnt by reading back to the
// line's start.
func (l *Lead) stateAt(text []byte, at int) leadState {
	i := at
	for i > 0 && l.in[text[i-1]] {
		i--
	}
	start := i == 0 || text[i-1] == '\n'
	switch {
	case i == at && start:
		return leadState{nl: 1}
	case start:
		return leadState{carry: 1}
	}
	return leadState{}
}

// mask returns the first block of up to 64 of the first n positions of
// text (each with room for the literal after it) holding a position the
// run reaches and the pair's bytes occur at: i is where the block starts,
// mask has a bit for each such position, 0 when no position does.
func (l *Lead) mask(text []byte, n int, st *leadState) (i int, mask uint64) {
	if n >= 64 {
		i, mask = leadScanAVX2(unsafe.SliceData(text), n, &l.vec, st)
		if mask != 0 {
			return i, mask
		}
	}
	for ; i < n; i += 64 {
		if mask = l.tailMask(text, i, min(n, i+64), st); mask != 0 {
			break
		}
	}
	return i, mask
}

// tailMask is mask for the positions from..to-1 (at most 64), read one
// byte at a time.
func (l *Lead) tailMask(text []byte, from, to int, st *leadState) uint64 {
	v, q := &l.vec, l.pair
	var mask uint64
	for j := from; j < to; j++ {
		c := text[j]
		x := l.in[c]
		if !x && (st.carry == 1 || st.nl == 1 && v.empty != 0) &&
			text[j+q.a]|q.m1 == q.c1 && text[j+q.a+q.off]|q.m2 == q.c2 {
			mask |= 1 << (j - from)
		}
		if x && (st.carry == 1 || st.nl == 1) {
			st.carry = 1
		} else {
			st.carry = 0
		}
		st.nl = 0
		if c == '\n' {
			st.nl = 1
		}
	}
	return mask
}
