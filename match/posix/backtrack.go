package posix

import (
	"fmt"
	"slices"
	"sync"

	"urg/match/base"
)

// backtracker runs a pattern with back-references by trying every way
// it can match, which is what leftmost-longest asks with them; steps
// bounds the work on one line.
type backtracker struct {
	root  *pnode
	caps  int // the highest group number in root
	uni   bool
	fold  bool
	steps int
	// anchored: as pikeVM's.
	anchored bool
	pool     sync.Pool // *btRun
}

// backtrackSteps bounds the ways tried in one line: such patterns can
// take time exponential in the line, as in GNU grep.
const backtrackSteps = 1 << 22

func newBacktracker(n *pnode, uni, fold bool) *backtracker {
	b := &backtracker{root: n, uni: uni, fold: fold, steps: backtrackSteps, anchored: mustBOL(n)}
	var walk func(*pnode)
	walk = func(n *pnode) {
		if n.op == pGroup {
			b.caps = max(b.caps, n.n)
		}
		for _, s := range n.sub {
			walk(s)
		}
	}
	walk(n)
	return b
}

// btRun is one line's search.
type btRun struct {
	b     *backtracker
	line  []byte
	caps  []int // start and end of each group; -1 unset
	left  int   // steps left
	ends  []int
	found []bool // by end offset
}

var errBacktrack = fmt.Errorf("back-references: %w", base.ErrTimeout)

func (b *backtracker) ends(line []byte, s int, dst []int) ([]int, error) {
	r := b.newRun(line)
	defer b.release(r)
	if err := r.endsAt(s); err != nil {
		return dst, err
	}
	return append(dst, r.ends...), nil
}

func (b *backtracker) search(line []byte, from int) (int, int, error) {
	if b.anchored && from > 0 {
		return -1, -1, nil
	}
	r := b.newRun(line)
	defer b.release(r)
	for s := from; s <= len(line); {
		if err := r.endsAt(s); err != nil {
			return -1, -1, err
		}
		if len(r.ends) > 0 {
			return s, r.ends[len(r.ends)-1], nil
		}
		if s == len(line) || b.anchored {
			break
		}
		_, w := charAt(line, s, b.uni)
		s += w
	}
	return -1, -1, nil
}

// mustBOL reports whether every match of n passes a ^: then it starts
// where the line does, as ^ holds nowhere else.
func mustBOL(n *pnode) bool {
	switch n.op {
	case pBegLine:
		return true
	case pConcat:
		return slices.ContainsFunc(n.sub, mustBOL)
	case pAlt:
		for _, s := range n.sub {
			if !mustBOL(s) {
				return false
			}
		}
		return true
	case pGroup:
		return mustBOL(n.sub[0])
	case pRepeat:
		return n.min > 0 && n.max != 0 && mustBOL(n.sub[0])
	}
	return false
}

// matches stops at the first way to match it finds: where there is one,
// that is much sooner than trying them all, as search does.
func (b *backtracker) matches(line []byte) (bool, error) {
	r := b.newRun(line)
	defer b.release(r)
	for s := 0; s <= len(line); {
		found := false
		r.match(b.root, s, func(int) bool {
			found = true
			return false
		})
		switch {
		case found:
			return true, nil
		case r.left < 0:
			return false, errBacktrack
		case s == len(line) || b.anchored:
			return false, nil
		}
		_, w := charAt(line, s, b.uni)
		s += w
	}
	return false, nil
}

// newRun starts the search of a line, with scratch space from the pool;
// its steps are shared by every start tried in it.
func (b *backtracker) newRun(line []byte) *btRun {
	r, _ := b.pool.Get().(*btRun)
	if r == nil {
		r = &btRun{b: b, caps: make([]int, 2*(b.caps+1))}
		for i := range r.caps {
			r.caps[i] = -1 // and so again after every match tried
		}
	}
	r.line, r.left = line, b.steps
	if len(r.found) < len(line)+1 {
		r.found = make([]bool, len(line)+1)
	}
	return r
}

// release puts r back, its marks cleared.
func (b *backtracker) release(r *btRun) {
	for _, e := range r.ends {
		r.found[e] = false
	}
	r.ends, r.line = r.ends[:0], nil
	b.pool.Put(r)
}

// endsAt sets r.ends to the ends of the matches that start at s, in
// order.
func (r *btRun) endsAt(s int) error {
	for _, e := range r.ends {
		r.found[e] = false
	}
	r.ends = r.ends[:0]
	ok := r.match(r.b.root, s, func(e int) bool {
		if !r.found[e] {
			r.found[e] = true
			r.ends = append(r.ends, e)
		}
		return true
	})
	if !ok {
		return errBacktrack
	}
	slices.Sort(r.ends)
	return nil
}

// match tries n at pos and calls k with the end of each way it matches;
// k returns false to stop. match returns false when the steps ran out or
// k stopped.
func (r *btRun) match(n *pnode, pos int, k func(int) bool) bool {
	if r.left--; r.left < 0 {
		return false
	}
	line := r.line
	switch n.op {
	case pEmpty:
		return k(pos)
	case pChar, pSet, pAny:
		if pos >= len(line) {
			return true
		}
		c, w := charAt(line, pos, r.b.uni)
		if n.op == pChar && c == n.c || n.op == pSet && n.set.has(c) || n.op == pAny && anyChar(c) {
			return k(pos + w)
		}
		return true
	case pBegLine, pEndLine, pBegWord, pEndWord, pWordB, pNotWordB:
		if ctxAt(line, pos, r.b.uni).holds(n.op) {
			return k(pos)
		}
		return true
	case pConcat:
		return r.seq(n.sub, pos, k)
	case pAlt:
		for _, s := range n.sub {
			if !r.match(s, pos, k) {
				return false
			}
		}
		return true
	case pGroup:
		i := 2 * n.n
		return r.match(n.sub[0], pos, func(e int) bool {
			s0, e0 := r.caps[i], r.caps[i+1]
			r.caps[i], r.caps[i+1] = pos, e
			ok := k(e)
			r.caps[i], r.caps[i+1] = s0, e0
			return ok
		})
	case pRepeat:
		return r.repeat(n, 0, pos, k)
	case pBackref:
		s, e := r.caps[2*n.n], r.caps[2*n.n+1]
		if s < 0 {
			return true // a group that took no part matches nothing
		}
		if end, ok := r.same(line[s:e], pos); ok {
			return k(end)
		}
		return true
	}
	return true
}

func (r *btRun) seq(subs []*pnode, pos int, k func(int) bool) bool {
	if len(subs) == 0 {
		return k(pos)
	}
	return r.match(subs[0], pos, func(e int) bool { return r.seq(subs[1:], e, k) })
}

// repeat tries n's body once more (count so far) and then stopping. An
// iteration past the least count that matches nothing ends the loop (it
// counts, for the groups it sets): as PCRE's rule, and as glibc mostly
// does.
func (r *btRun) repeat(n *pnode, count, pos int, k func(int) bool) bool {
	if n.max < 0 || count < n.max {
		ok := r.match(n.sub[0], pos, func(e int) bool {
			if e == pos && count >= n.min {
				return k(e)
			}
			return r.repeat(n, count+1, e, k)
		})
		if !ok {
			return false
		}
	}
	if count >= n.min {
		return k(pos)
	}
	return true
}

// same reports whether the text at line[pos:] starts with ref (under -i,
// character by character in any case), and where it ends.
func (r *btRun) same(ref []byte, pos int) (int, bool) {
	line := r.line
	if !r.b.fold {
		if len(line)-pos >= len(ref) && string(line[pos:pos+len(ref)]) == string(ref) {
			return pos + len(ref), true
		}
		return 0, false
	}
	for i := 0; i < len(ref); {
		if pos >= len(line) {
			return 0, false
		}
		a, wa := charAt(ref, i, r.b.uni)
		b, wb := charAt(line, pos, r.b.uni)
		if foldKey(a, r.b.uni) != foldKey(b, r.b.uni) {
			return 0, false
		}
		i, pos = i+wa, pos+wb
	}
	return pos, true
}
