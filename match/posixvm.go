package match

import (
	"fmt"
	"slices"
	"sync"
)

// posixEngine finds POSIX matches in one line, reading its characters as
// the locale says (see charAt), with the whole line around for ^, $ and
// the word assertions.
type posixEngine interface {
	// search returns the leftmost match that starts at from or later,
	// and of those the longest; s is -1 when there is none.
	search(line []byte, from int) (s, e int, err error)
	// ends appends to dst the end of every match that starts at s.
	ends(line []byte, s int, dst []int) ([]int, error)
	// matches reports whether line holds a match.
	matches(line []byte) (bool, error)
}

// posixCtx is what the assertions look at, at a place in a line.
type posixCtx struct {
	bol, eol           bool
	prevWord, nextWord bool
}

func ctxAt(line []byte, i int, uni bool) posixCtx {
	c := posixCtx{bol: i == 0, eol: i == len(line)}
	if i > 0 {
		c.prevWord = isPosixWord(charBefore(line, i, uni), uni)
	}
	if i < len(line) {
		r, _ := charAt(line, i, uni)
		c.nextWord = isPosixWord(r, uni)
	}
	return c
}

// holds reports whether the assertion op holds at c.
func (c posixCtx) holds(op pop) bool {
	switch op {
	case pBegLine:
		return c.bol
	case pEndLine:
		return c.eol
	case pBegWord:
		return !c.prevWord && c.nextWord
	case pEndWord:
		return c.prevWord && !c.nextWord
	case pWordB:
		return c.prevWord != c.nextWord
	case pNotWordB:
		return c.prevWord == c.nextWord
	}
	return false
}

// anyChar reports whether '.' matches c: any character but newline, and
// under UTF-8 not a byte that is not UTF-8.
func anyChar(c rune) bool { return c != '\n' && c < invalidBase }

// The Pike VM's instructions.
type pikeOp uint8

const (
	iChar pikeOp = iota
	iSet
	iAny
	iSplit
	iJmp
	iAssert
	iMatch
)

type pikeInst struct {
	op   pikeOp
	c    rune
	set  *charSet
	x, y int
	at   pop
}

// maxPikeInsts bounds a program: counted repetitions are spelt out, and
// nested ones multiply.
const maxPikeInsts = 1 << 18

// pikeVM runs patterns without back-references in time linear in the
// line (for a given start): a Pike VM whose threads carry where their
// match started, the earliest kept where two meet, so that the first
// start to match is the leftmost and the last end it reaches the longest.
type pikeVM struct {
	prog []pikeInst
	uni  bool
	// anchored: every match passes a ^, so it starts at the line's
	// start and nowhere else is tried.
	anchored bool
	pool     sync.Pool // *pikeRun
}

// newPikeVM compiles n.
func newPikeVM(n *pnode, uni bool) (*pikeVM, error) {
	c := &pikeCompiler{}
	c.node(n)
	c.emit(pikeInst{op: iMatch})
	if c.tooBig {
		return nil, errTooBig
	}
	return &pikeVM{prog: c.prog, uni: uni, anchored: mustBOL(n)}, nil
}

type pikeCompiler struct {
	prog   []pikeInst
	tooBig bool
}

func (c *pikeCompiler) emit(i pikeInst) int {
	if len(c.prog) >= maxPikeInsts {
		c.tooBig = true
		return len(c.prog) - 1
	}
	c.prog = append(c.prog, i)
	return len(c.prog) - 1
}

func (c *pikeCompiler) node(n *pnode) {
	if c.tooBig {
		return
	}
	switch n.op {
	case pChar:
		c.emit(pikeInst{op: iChar, c: n.c})
	case pSet:
		c.emit(pikeInst{op: iSet, set: n.set})
	case pAny:
		c.emit(pikeInst{op: iAny})
	case pBegLine, pEndLine, pBegWord, pEndWord, pWordB, pNotWordB:
		c.emit(pikeInst{op: iAssert, at: n.op})
	case pConcat:
		for _, s := range n.sub {
			c.node(s)
		}
	case pAlt:
		var jumps []int
		for i, s := range n.sub {
			if i == len(n.sub)-1 {
				c.node(s)
				break
			}
			split := c.emit(pikeInst{op: iSplit})
			c.prog[split].x = len(c.prog)
			c.node(s)
			jumps = append(jumps, c.emit(pikeInst{op: iJmp}))
			c.prog[split].y = len(c.prog)
		}
		for _, j := range jumps {
			c.prog[j].x = len(c.prog)
		}
	case pGroup:
		c.node(n.sub[0])
	case pRepeat:
		c.repeat(n)
	}
}

func (c *pikeCompiler) repeat(n *pnode) {
	for range n.min {
		c.node(n.sub[0])
		if c.tooBig {
			return
		}
	}
	if n.max < 0 {
		loop := c.emit(pikeInst{op: iSplit})
		c.prog[loop].x = len(c.prog)
		c.node(n.sub[0])
		c.emit(pikeInst{op: iJmp, x: loop})
		c.prog[loop].y = len(c.prog)
		return
	}
	var splits []int
	for range n.max - n.min {
		s := c.emit(pikeInst{op: iSplit})
		c.prog[s].x = len(c.prog)
		splits = append(splits, s)
		c.node(n.sub[0])
		if c.tooBig {
			return
		}
	}
	for _, s := range splits {
		c.prog[s].y = len(c.prog)
	}
}

// pikeThreads is a set of threads, in the order they were added, each
// program counter at most once.
type pikeThreads struct {
	sparse []int32
	dense  []posixThread
}

type posixThread struct{ pc, start int }

func (t *pikeThreads) has(pc int) bool {
	i := t.sparse[pc]
	return int(i) < len(t.dense) && t.dense[i].pc == pc
}

func (t *pikeThreads) add(pc, start int) {
	t.sparse[pc] = int32(len(t.dense))
	t.dense = append(t.dense, posixThread{pc, start})
}

// pikeRun is the scratch space of one run.
type pikeRun struct {
	cur, next pikeThreads
	stack     []int
}

func (m *pikeVM) run() *pikeRun {
	if r, ok := m.pool.Get().(*pikeRun); ok {
		return r
	}
	n := len(m.prog)
	return &pikeRun{cur: pikeThreads{sparse: make([]int32, n)}, next: pikeThreads{sparse: make([]int32, n)}}
}

// follow adds the thread at pc and every one it leads to without reading
// a character, under the assertions' context ctx.
func (m *pikeVM) follow(r *pikeRun, list *pikeThreads, pc, start int, ctx posixCtx) {
	r.stack = append(r.stack[:0], pc)
	for len(r.stack) > 0 {
		pc := r.stack[len(r.stack)-1]
		r.stack = r.stack[:len(r.stack)-1]
		if list.has(pc) {
			continue
		}
		list.add(pc, start)
		switch in := &m.prog[pc]; in.op {
		case iJmp:
			r.stack = append(r.stack, in.x)
		case iSplit:
			r.stack = append(r.stack, in.y, in.x)
		case iAssert:
			if ctx.holds(in.at) {
				r.stack = append(r.stack, pc+1)
			}
		}
	}
}

// step moves the threads of r.cur over character c into r.next, under
// the context after it; a thread that started after limit is dropped.
func (m *pikeVM) step(r *pikeRun, c rune, limit int, ctx posixCtx) {
	r.next.dense = r.next.dense[:0]
	for _, t := range r.cur.dense {
		if limit >= 0 && t.start > limit {
			continue
		}
		in := &m.prog[t.pc]
		var ok bool
		switch in.op {
		case iChar:
			ok = c == in.c
		case iSet:
			ok = in.set.has(c)
		case iAny:
			ok = anyChar(c)
		}
		if ok {
			m.follow(r, &r.next, t.pc+1, t.start, ctx)
		}
	}
	r.cur, r.next = r.next, r.cur
}

func (m *pikeVM) search(line []byte, from int) (int, int, error) {
	if m.anchored && from > 0 {
		return -1, -1, nil
	}
	r := m.run()
	defer m.pool.Put(r)
	r.cur.dense = r.cur.dense[:0]
	bs, be := -1, -1
	pos := from
	ctx := ctxAt(line, pos, m.uni)
	for {
		if bs < 0 && (!m.anchored || pos == 0) {
			m.follow(r, &r.cur, 0, pos, ctx)
		}
		for _, t := range r.cur.dense {
			if m.prog[t.pc].op == iMatch && (bs < 0 || t.start < bs || t.start == bs && pos > be) {
				bs, be = t.start, pos
			}
		}
		if pos >= len(line) || (bs >= 0 || m.anchored) && len(r.cur.dense) == 0 {
			break
		}
		c, w := charAt(line, pos, m.uni)
		pos += w
		ctx = ctxAt(line, pos, m.uni)
		m.step(r, c, bs, ctx)
		if (bs >= 0 || m.anchored) && len(r.cur.dense) == 0 {
			break
		}
	}
	return bs, be, nil
}

func (m *pikeVM) matches(line []byte) (bool, error) {
	s, _, err := m.search(line, 0)
	return s >= 0, err
}

func (m *pikeVM) ends(line []byte, s int, dst []int) ([]int, error) {
	r := m.run()
	defer m.pool.Put(r)
	r.cur.dense = r.cur.dense[:0]
	pos := s
	m.follow(r, &r.cur, 0, s, ctxAt(line, pos, m.uni))
	for len(r.cur.dense) > 0 {
		for _, t := range r.cur.dense {
			if m.prog[t.pc].op == iMatch {
				dst = append(dst, pos)
				break
			}
		}
		if pos >= len(line) {
			break
		}
		c, w := charAt(line, pos, m.uni)
		pos += w
		m.step(r, c, -1, ctxAt(line, pos, m.uni))
	}
	return dst, nil
}

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

var errBacktrack = fmt.Errorf("back-references: %w", ErrTimeout)

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
