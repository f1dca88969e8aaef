package automata

import (
	"encoding/binary"
	"regexp/syntax"
	"slices"
	"unicode"
	"unicode/utf8"

	"urg/match/base"
	"urg/match/parsed"
)

// maxBprogInsts bounds a byte program: past it (a counted repeat of a
// large Unicode class, \w{1000}) the patterns go on as before, to Go's
// regexp. Each instruction costs the automaton a few bytes of each state
// that holds it, so this also bounds a state's size.
const maxBprogInsts = 1 << 16

type bcompiler struct {
	prog    *syntax.Prog
	b       *bprog
	reverse bool
	// bytewise: a character is a byte (see bprog.bytewise).
	bytewise bool
	memo     map[string]uint32 // a subtree of byte ranges, by its instruction
	key      []byte
	tries    map[string]*spanTrie
	made     map[*spanTrie]madeClass
}

// madeClass is where class put a trie's instructions the first time:
// the block [lo, hi) of them, the root instruction, and the instruction
// they go on to.
type madeClass struct {
	lo, hi uint32
	next   uint32
	root   binst
}

// target is the instruction a jump to Go's pc lands on, past the no-ops
// (captures, nops) that a byte program has no use for.
func (c *bcompiler) target(pc uint32) uint32 {
	for n := 0; n < len(c.prog.Inst); n++ {
		switch c.prog.Inst[pc].Op {
		case syntax.InstNop, syntax.InstCapture:
			pc = c.prog.Inst[pc].Out
			continue
		}
		return pc
	}
	return pc
}

// runeSet returns the characters instruction i matches as sorted [lo, hi]
// pairs, without '\n' (no match crosses a line's end).
func runeSet(i *syntax.Inst) []rune {
	var set []rune
	switch i.Op {
	case syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
		set = []rune{0, unicode.MaxRune}
	default:
		if len(i.Rune) == 1 {
			// One character, folded by Unicode's simple folding when
			// the flag says so (as Inst.MatchRune does).
			r0 := i.Rune[0]
			rs := []rune{r0}
			if syntax.Flags(i.Arg)&syntax.FoldCase != 0 {
				for r := unicode.SimpleFold(r0); r != r0; r = unicode.SimpleFold(r) {
					rs = append(rs, r)
				}
			}
			slices.Sort(rs)
			for _, r := range rs {
				set = append(set, r, r)
			}
		} else {
			set = slices.Clone(i.Rune)
		}
	}
	return parsed.ClassWithout(set, '\n')
}

// trie returns the UTF-8 spellings of the characters in set, each a run
// of byte ranges (backwards when c.reverse), surrogates left out, as a
// trie (see class): made once per compile for each set, since a counted
// class (\w{5}) is the same set many times over.
func (c *bcompiler) trie(set []rune) *spanTrie {
	key := string(set)
	if c.tries == nil {
		c.tries = map[string]*spanTrie{}
	}
	if t, ok := c.tries[key]; ok {
		return t
	}
	var seqs [][]byteSpan
	for k := 0; k+1 < len(set); k += 2 {
		if c.bytewise {
			seqs = byteSpans(seqs, set[k], set[k+1])
		} else {
			seqs = utf8Spans(seqs, set[k], set[k+1])
		}
	}
	if c.reverse {
		for _, s := range seqs {
			slices.Reverse(s)
		}
	}
	root := &spanTrie{}
	for _, s := range seqs {
		n := root
		for _, sp := range s {
			var kid *spanTrie
			for _, k := range n.kids {
				if k.span == sp {
					kid = k.node
					break
				}
			}
			if kid == nil {
				kid = &spanTrie{}
				n.kids = append(n.kids, spanKid{sp, kid})
			}
			n = kid
		}
		n.end = true
	}
	c.tries[key] = root
	return root
}

// byteSpans appends the bytes whose characters in the C locale are lo to
// hi: ASCII's, and the byteRunes of the bytes from 0x80.
func byteSpans(out [][]byteSpan, lo, hi rune) [][]byteSpan {
	if lo < utf8.RuneSelf {
		out = append(out, []byteSpan{{byte(lo), byte(min(hi, utf8.RuneSelf-1))}})
	}
	lo, hi = max(lo, base.ByteRune(0x80)), min(hi, base.ByteRune(0xff))
	if lo <= hi {
		out = append(out, []byteSpan{{byte(lo - base.ByteRunes), byte(hi - base.ByteRunes)}})
	}
	return out
}

// utf8Spans appends the spellings of the characters lo to hi: runs of
// byte ranges, each run spelling a block of characters whose UTF-8
// differs only in ranges of each byte (the split of Russ Cox's RE2 and
// of Rust's utf8-ranges).
func utf8Spans(out [][]byteSpan, lo, hi rune) [][]byteSpan {
	type span struct{ lo, hi rune }
	stack := []span{{lo, hi}}
	var a, b [utf8.UTFMax]byte
next:
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if s.lo > s.hi {
			continue
		}
		// Surrogates are no characters: their spelling is invalid.
		if s.lo < 0xe000 && s.hi >= 0xd800 {
			stack = append(stack, span{0xe000, s.hi}, span{s.lo, 0xd7ff})
			continue
		}
		// Each length on its own.
		for _, max := range []rune{0x7f, 0x7ff, 0xffff} {
			if s.lo <= max && s.hi > max {
				stack = append(stack, span{max + 1, s.hi}, span{s.lo, max})
				continue next
			}
		}
		if s.hi < utf8.RuneSelf {
			out = append(out, []byteSpan{{byte(s.lo), byte(s.hi)}})
			continue
		}
		// Split until lo and hi differ only in whole trailing bytes:
		// lo's are all 0x80 and hi's all 0xbf below the first byte
		// that differs.
		for i := 1; i < utf8.UTFMax; i++ {
			m := rune(1)<<(6*i) - 1
			if s.lo&^m != s.hi&^m {
				if s.lo&m != 0 {
					stack = append(stack, span{(s.lo | m) + 1, s.hi}, span{s.lo, s.lo | m})
					continue next
				}
				if s.hi&m != m {
					stack = append(stack, span{s.hi &^ m, s.hi}, span{s.lo, s.hi&^m - 1})
					continue next
				}
			}
		}
		n := utf8.EncodeRune(a[:], s.lo)
		utf8.EncodeRune(b[:], s.hi)
		seq := make([]byteSpan, n)
		for i := range n {
			seq[i] = byteSpan{a[i], b[i]}
		}
		out = append(out, seq)
	}
	return out
}

// spanTrie is spellings by their ranges, each node a range taken after
// its parent's: spellings that start with the same range share a node.
type spanTrie struct {
	kids []spanKid
	end  bool // a spelling ends here
}

type spanKid struct {
	span byteSpan
	node *spanTrie
}

// classTo is class, but a trie made before (each \w of \w{5}, Unicode's
// letters in thousands of instructions) is copied from where it was made,
// its jumps moved, rather than made again from the trie.
func (c *bcompiler) classTo(root *spanTrie, next uint32) binst {
	if m, ok := c.made[root]; ok {
		if in, ok := c.copyClass(m, next); ok {
			return in
		}
	}
	lo := uint32(len(c.b.inst))
	in := c.class(root, next)
	if c.made == nil {
		c.made = map[*spanTrie]madeClass{}
	}
	c.made[root] = madeClass{lo: lo, hi: uint32(len(c.b.inst)), next: next, root: in}
	return in
}

// copyClass appends a copy of m's block that goes on to next, and
// returns the copy's root; ok is false (and nothing is appended) when the
// block jumps out of itself but to m.next: class shared a subtree with
// one made before it (see subtree), which the copy cannot move.
func (c *bcompiler) copyClass(m madeClass, next uint32) (binst, bool) {
	at := uint32(len(c.b.inst))
	move := func(pc uint32) (uint32, bool) {
		switch {
		case pc >= m.lo && pc < m.hi:
			return pc - m.lo + at, true
		case pc == m.next:
			return next, true
		}
		return 0, false
	}
	edges := 0
	for _, in := range c.b.inst[m.lo:m.hi] {
		edges += len(in.ranges)
	}
	edges += len(m.root.ranges)
	pool := make([]byteEdge, 0, edges)
	moved := func(in binst) (binst, bool) {
		ok := true
		switch in.op {
		case bSplit:
			var ok2 bool
			in.out, ok = move(in.out)
			in.arg, ok2 = move(in.arg)
			ok = ok && ok2
		case bRange:
			from := len(pool)
			for _, e := range in.ranges {
				if e.next, ok = move(e.next); !ok {
					break
				}
				pool = append(pool, e)
			}
			in.ranges = pool[from:len(pool):len(pool)]
		case bFail:
		default:
			ok = false
		}
		return in, ok
	}
	c.b.inst = growDoubled(c.b.inst, int(m.hi-m.lo)) // a counted class copies many blocks
	for pc := m.lo; pc < m.hi; pc++ {
		in, ok := moved(c.b.inst[pc])
		if !ok {
			c.b.inst = c.b.inst[:at]
			return binst{}, false
		}
		c.b.inst = append(c.b.inst, in)
	}
	root, ok := moved(m.root)
	if !ok {
		c.b.inst = c.b.inst[:at]
	}
	return root, ok
}

// class returns the instruction that reads one of the spellings in the
// trie root and then goes to next: its subtrees shared where they are
// the same (the continuation bytes of most characters), made once per
// compile for each. Ranges of one node that overlap (backwards, where
// the last continuation byte comes first) go to instructions of their
// own, tried in turn: the automaton follows every one that takes a byte.
func (c *bcompiler) class(root *spanTrie, next uint32) binst {
	if len(root.kids) == 0 {
		return binst{op: bFail}
	}
	return c.node(root, next)
}

// node returns the instruction for n's ranges, each going on to its
// subtree's (next where a spelling ends), as class does.
func (c *bcompiler) node(n *spanTrie, next uint32) binst {
	edges := make([]byteEdge, 0, len(n.kids))
	for _, k := range n.kids {
		to := next
		if len(k.node.kids) > 0 {
			to = c.subtree(k.node, next)
		}
		edges = append(edges, byteEdge{k.span.lo, k.span.hi, to})
	}
	slices.SortFunc(edges, func(a, b byteEdge) int { return int(a.lo) - int(b.lo) })
	// Into groups of ranges that do not overlap, each one instruction.
	var groups [][]byteEdge
	for _, e := range edges {
		placed := false
		for g := range groups {
			last := &groups[g][len(groups[g])-1]
			if last.hi < e.lo {
				if last.next == e.next && int(last.hi)+1 == int(e.lo) {
					last.hi = e.hi
				} else {
					groups[g] = append(groups[g], e)
				}
				placed = true
				break
			}
		}
		if !placed {
			groups = append(groups, []byteEdge{e})
		}
	}
	in := binst{op: bRange, ranges: groups[len(groups)-1]}
	for g := len(groups) - 2; g >= 0; g-- {
		arg := c.add(in)
		in = binst{op: bSplit, out: c.add(binst{op: bRange, ranges: groups[g]}), arg: arg}
	}
	return in
}

// subtree returns the instruction for the trie n that goes on to next,
// made once for each such trie (by its edges).
func (c *bcompiler) subtree(n *spanTrie, next uint32) uint32 {
	in := c.node(n, next)
	if n.end {
		// A spelling that ends here and others that go on: not UTF-8's
		// way, but said whole all the same.
		in = binst{op: bSplit, out: next, arg: c.add(in)}
	}
	key := c.key[:0]
	key = append(key, in.op)
	key = binary.LittleEndian.AppendUint32(key, in.out)
	key = binary.LittleEndian.AppendUint32(key, in.arg)
	for _, e := range in.ranges {
		key = append(key, e.lo, e.hi)
		key = binary.LittleEndian.AppendUint32(key, e.next)
	}
	c.key = key
	if pc, ok := c.memo[string(key)]; ok {
		return pc
	}
	pc := c.add(in)
	c.memo[string(key)] = pc
	return pc
}

func (c *bcompiler) add(i binst) uint32 {
	c.b.inst = append(c.b.inst, i)
	return uint32(len(c.b.inst) - 1)
}
