package posix

import (
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
