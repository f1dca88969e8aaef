package ignore

import (
	"encoding/binary"
	"slices"
	"sync"
	"sync/atomic"
)

// maxCache bounds the bytes an automaton's cache of states holds: past
// it the cache is cleared and built again as paths need it, so a file of
// patterns that would determinize into many states costs time, never
// unbounded memory.
const maxCache = 256 << 10

// auto is a lazily built DFA over the globs of one ignore file that have
// no fast path: a state is the set of program positions the path read so
// far can be at, and its transitions are made the first time a path
// takes them. Every glob is anchored at both ends, so a path is run
// through whole and the state it ends in says which patterns match it.
//
// The walk's goroutines run paths through one automaton at once: a run
// reads the current table without a lock, and only a run that meets a
// transition not made yet takes the lock, to make it.
type auto struct {
	prog    []inst
	dirOnly []bool // by pattern: it matches directories only
	// classOf maps a byte to its class: bytes no glob tells apart share
	// one, so a state's row of transitions is short.
	classOf [256]uint8
	rep     []byte // a byte of each class
	// opens holds the bytes a path can start with and still match: a
	// path that starts with another (most paths, for patterns anchored
	// at the path's start) needs no run.
	opens [256]bool

	tab atomic.Pointer[table] // the current table, for runs

	mu    sync.Mutex // held to change the table
	cur   *table     // the current table, for the lock's holder
	used  int        // the states cur holds
	index map[string]int32
	size  int // the cache's bytes, roughly
	// scratch for building states
	seen  []bool
	list  []int32
	stack []int32
}

// table is the states made so far. Rows are only ever filled in (an
// unknown transition, -1, becomes a state's id), and a state is written
// before any transition to it, so a run may read a table while the lock
// holder fills it; a table that is full is copied into a larger one, and
// a run on the old one finds the rest unknown and takes the lock.
type table struct {
	trans  []atomic.Int32 // len(states) × classes
	states []state        // room for states; auto.used of them made
	start  int32
}

// state is one DFA state: the positions it stands for (its key in
// index: little-endian uint32s), and the last pattern (highest index)
// that matches a file or a directory ending there, -1 when none.
type state struct {
	key       string
	file, dir int32
}

// newAuto builds the automaton of prog (one or more compiled globs);
// dirOnly says which patterns match directories only.
func newAuto(prog []inst, dirOnly []bool) *auto {
	a := &auto{prog: prog, dirOnly: dirOnly, seen: make([]bool, len(prog))}
	a.classes()
	a.reset()
	for b := range 256 {
		a.opens[b] = a.next(a.cur.start, a.classOf[b]) != 0
	}
	return a
}

// classes splits the bytes into classes no position tells apart.
func (a *auto) classes() {
	var cut [257]bool // cut[b]: a new class starts at b
	mark := func(b byte) { cut[b], cut[int(b)+1] = true, true }
	mark('/')
	for i := range a.prog {
		switch in := &a.prog[i]; in.op {
		case opByte:
			mark(in.b)
		case opClass:
			for b := 1; b < 256; b++ {
				if in.set.has(byte(b)) != in.set.has(byte(b-1)) {
					cut[b] = true
				}
			}
		}
	}
	n := 0
	for b := 0; b < 256; b++ {
		if b > 0 && cut[b] {
			n++
		}
		a.classOf[b] = uint8(n)
		if len(a.rep) == n {
			a.rep = append(a.rep, byte(b))
		}
	}
}

// reset starts a new, empty table: the dead state (0) and the start
// state. The lock is held, or the automaton is not shared yet.
func (a *auto) reset() {
	a.cur, a.used = nil, 0
	a.grow(8)
	a.index = make(map[string]int32)
	a.size = 0
	a.add(nil, "") // dead
	a.list = a.list[:0]
	for i := range a.prog {
		if i == 0 || a.prog[i-1].op == opMatch {
			a.closure(int32(i))
		}
	}
	// Not published yet: no run reads start before the Store below.
	a.cur.start = a.intern()
	a.tab.Store(a.cur)
}

// grow makes the current table a copy of it with room for n states, and
// publishes it (the old one is never written again).
func (a *auto) grow(n int) {
	t := &table{trans: make([]atomic.Int32, n*len(a.rep)), states: make([]state, n)}
	for i := range t.trans {
		t.trans[i].Store(-1)
	}
	if old := a.cur; old != nil {
		t.start = old.start
		for i := range old.trans {
			t.trans[i].Store(old.trans[i].Load())
		}
		copy(t.states, old.states[:a.used])
		a.tab.Store(t)
	}
	a.cur = t
}

// closure adds position p to the list being built, with every position
// reached from it without reading a byte (a worklist, not recursion: a
// pattern of many "**/" in a row is as deep as it is long).
func (a *auto) closure(p int32) {
	a.stack = append(a.stack[:0], p)
	for len(a.stack) > 0 {
		p := a.stack[len(a.stack)-1]
		a.stack = a.stack[:len(a.stack)-1]
		if a.seen[p] {
			continue
		}
		a.seen[p] = true
		a.list = append(a.list, p)
		switch in := &a.prog[p]; in.op {
		case opStar:
			a.stack = append(a.stack, p+1)
		case opStarStar:
			a.stack = append(a.stack, p+1)
		case opSkip:
			a.stack = append(a.stack, p+1, p+3) // the "**", or past its '/'
		}
	}
}

// intern returns the state of the positions listed (clearing seen), made
// if new.
func (a *auto) intern() int32 {
	slices.Sort(a.list)
	key := make([]byte, 4*len(a.list))
	for i, p := range a.list {
		binary.LittleEndian.PutUint32(key[4*i:], uint32(p))
		a.seen[p] = false
	}
	if id, ok := a.index[string(key)]; ok {
		return id
	}
	return a.add(slices.Clone(a.list), string(key))
}

// add makes a state of pos, whose key in index is key.
func (a *auto) add(pos []int32, key string) int32 {
	s := state{key: key, file: -1, dir: -1}
	for _, p := range pos {
		if in := &a.prog[p]; in.op == opMatch {
			s.dir = max(s.dir, in.pat)
			if !a.dirOnly[in.pat] {
				s.file = max(s.file, in.pat)
			}
		}
	}
	if a.used == len(a.cur.states) {
		a.grow(2 * a.used)
	}
	id := int32(a.used)
	a.cur.states[id] = s
	a.used++
	a.index[key] = id
	a.size += 2*len(key) + 4*len(a.rep) + 64
	return id
}

// step makes the transition of state s on class c.
func (a *auto) step(s int32, c uint8) int32 {
	x := a.rep[c]
	a.list = a.list[:0]
	key := a.cur.states[s].key
	for k := 0; k < len(key); k += 4 {
		p := int32(uint32(key[k]) | uint32(key[k+1])<<8 | uint32(key[k+2])<<16 | uint32(key[k+3])<<24)
		in := &a.prog[p]
		switch in.op {
		case opByte:
			if x == in.b {
				a.closure(p + 1)
			}
		case opAny:
			if x != '/' {
				a.closure(p + 1)
			}
		case opClass:
			if x != '/' && in.set.has(x) {
				a.closure(p + 1)
			}
		case opStar:
			if x != '/' {
				a.closure(p)
			}
		case opStarStar:
			a.closure(p)
		}
	}
	return a.intern()
}

// next is the transition of s on class c, made if unknown; the lock is
// held (or the automaton not shared yet).
func (a *auto) next(s int32, c uint8) int32 {
	i := int(s)*len(a.rep) + int(c)
	if n := a.cur.trans[i].Load(); n >= 0 {
		return n
	}
	n := a.step(s, c)
	a.cur.trans[i].Store(n) // a.cur, which step may have grown
	return n
}

// match runs the path p1+p2+p3 and returns the last pattern that
// matches it as a file and as a directory (-1: none).
func (a *auto) match(p1, p2, p3 string) (file, dir int32) {
	opens := true
	switch {
	case p1 != "":
		opens = a.opens[p1[0]]
	case p2 != "":
		opens = a.opens[p2[0]]
	case p3 != "":
		opens = a.opens[p3[0]]
	}
	if !opens {
		return -1, -1
	}
	if s, ok := a.run(a.tab.Load(), p1, p2, p3); ok {
		return s.file, s.dir
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.size > maxCache {
		a.reset()
	}
	s := a.cur.start
	for _, part := range [3]string{p1, p2, p3} {
		for i := 0; i < len(part) && s != 0; i++ {
			s = a.next(s, a.classOf[part[i]])
		}
	}
	st := a.cur.states[s]
	return st.file, st.dir
}

// run runs the path through t without the lock; ok is false when it met
// a transition not made yet.
func (a *auto) run(t *table, p1, p2, p3 string) (st state, ok bool) {
	s := t.start
	n := int32(len(a.rep))
	for _, part := range [3]string{p1, p2, p3} {
		for i := 0; i < len(part) && s != 0; i++ {
			next := t.trans[s*n+int32(a.classOf[part[i]])].Load()
			if next < 0 {
				return st, false
			}
			s = next
		}
	}
	return t.states[s], true
}
