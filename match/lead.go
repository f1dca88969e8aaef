package match

import "unsafe"

// lead finds the occurrences of a literal that a line's leading run of a
// class reaches, `^\s+//` or `^ +<`, in the same pass as the literal's
// pair: for each 64 positions the scan also takes the masks of the
// class's bytes and of the newlines, and one addition carries each run
// that starts a line to its end (the run's lowest bit, added, clears it
// and sets the bit past it). Only occurrences there are yielded. Looking
// back from every "//" of Go source instead, for blanks up to the line's
// start, took a quarter of a warm `-c -v '^\s+//'` and the pair scan, cut
// short at each "//", another third.
type lead struct {
	vec  leadVec
	in   [256]bool // the class, never holding '\n'
	lit  *prefilter
	pair *pair // lit's, or its one byte twice
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

// newLead returns the lead for an around anchored at the line's start,
// with a run of one class before its literal and nothing else (or no
// bound on the run and at most one byte of it required), scanned by p's
// pair; nil otherwise, and nil without the vector scan.
func newLead(a *around, p *prefilter) *lead {
	r := a.preRun
	if !pairSIMD || r == nil || !r.anchored || r.max >= 0 || r.min > 1 ||
		p.fold || string(p.lit) != string(a.lit) || r.in[a.lit[0]] {
		return nil
	}
	q := p.pair
	if q == nil {
		// One byte: the pair is it, twice.
		q = &pair{c1: p.lit[0], c2: p.lit[0]}
	}
	l := &lead{in: r.in, lit: p, pair: q}
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
	if r.min == 0 {
		v.empty = ^uint64(0)
	}
	return l
}

// stateAt is the scan's state at text[at], learnt by reading back to the
// line's start.
func (l *lead) stateAt(text []byte, at int) leadState {
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
func (l *lead) mask(text []byte, n int, st *leadState) (i int, mask uint64) {
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
func (l *lead) tailMask(text []byte, from, to int, st *leadState) uint64 {
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
