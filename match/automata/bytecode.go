package automata

import (
	"regexp/syntax"
	"slices"
)

// bprog is a pattern as a program over bytes: Go's compiled program (its
// priorities, captures dropped) with each instruction that consumes a
// character replaced by a tree of byte ranges spelling the UTF-8 of the
// characters it takes. A byte that starts or continues no such spelling
// (a byte that is not UTF-8) leads nowhere, which is the locale's rule
// where Go's regexp reads U+FFFD; on valid UTF-8 the program matches what
// Go's does, at the same places, leftmost-first. The lazy automaton
// (lazy.go) and the NFA simulation behind it (Automaton.PikeFind) run it.
type bprog struct {
	inst  []binst
	start uint32
	// words: the program asserts \b or \B, so the automaton's states
	// keep whether the byte before is a word byte.
	words bool
	// bytewise: every byte is a character, as in the C locale; the
	// pattern's characters from 0x80 are byteRunes (see byteRune).
	bytewise bool
	// classOf maps a byte to its class: bytes that no instruction, no
	// assertion and no line's end tells apart share one, so that a lazy
	// DFA's row of transitions has a column a class, not a byte, and
	// fewer rows miss the processor's cache. rep holds a byte of each.
	classOf [256]uint8
	rep     []byte
}

// The operations of a bprog instruction.
const (
	bRange = iota // consume a byte in one of ranges, go to its next
	bSplit        // out first, then arg (Perl's priority)
	bEmpty        // an assertion (empty) holds here: go to out
	bMatch
	bFail
)

type binst struct {
	op     uint8
	empty  syntax.EmptyOp
	out    uint32
	arg    uint32
	ranges []byteEdge // bRange: sorted, disjoint
}

// byteEdge is the edge for bytes lo to hi of a bRange instruction.
type byteEdge struct {
	lo, hi byte
	next   uint32
}

// byteSpan is a range of byte values in a UTF-8 spelling.
type byteSpan struct{ lo, hi byte }

// newBprog compiles tree (line-local, as regex.New leaves it) to bytes;
// reverse spells every character backwards, for a program compiled from
// the reversed tree (see reversedTree); bytewise reads the tree as the C
// locale's (see bprog.bytewise). It returns nil for a program too large
// to be worth it.
func newBprog(tree *syntax.Regexp, reverse, bytewise bool) *bprog {
	prog, err := syntax.Compile(tree)
	if err != nil || len(prog.Inst) > maxBprogInsts {
		return nil
	}
	c := bcompiler{prog: prog, reverse: reverse, bytewise: bytewise, memo: map[string]uint32{}}
	b := &bprog{inst: make([]binst, len(prog.Inst)), bytewise: bytewise}
	c.b = b
	b.start = c.target(uint32(prog.Start))
	for pc := range prog.Inst {
		i := &prog.Inst[pc]
		var bi binst
		switch i.Op {
		case syntax.InstAlt, syntax.InstAltMatch:
			bi = binst{op: bSplit, out: c.target(i.Out), arg: c.target(i.Arg)}
		case syntax.InstEmptyWidth:
			e := syntax.EmptyOp(i.Arg)
			// Text is the line: \A and \z are ^ and $.
			if e&syntax.EmptyBeginText != 0 {
				e = e&^syntax.EmptyBeginText | syntax.EmptyBeginLine
			}
			if e&syntax.EmptyEndText != 0 {
				e = e&^syntax.EmptyEndText | syntax.EmptyEndLine
			}
			if e&(syntax.EmptyWordBoundary|syntax.EmptyNoWordBoundary) != 0 {
				b.words = true
			}
			bi = binst{op: bEmpty, empty: e, out: c.target(i.Out)}
		case syntax.InstMatch:
			bi = binst{op: bMatch}
		case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
			// edges adds the subtrees' instructions: bi is put in
			// place after.
			bi = c.classTo(c.trie(runeSet(i)), c.target(i.Out))
		default: // Fail; Nop and Capture are never targets
			bi = binst{op: bFail}
		}
		b.inst[pc] = bi
		if len(b.inst) > maxBprogInsts {
			return nil
		}
	}
	b.classify()
	return b
}

// classify splits the bytes into the program's classes (see
// bprog.classOf). Beyond the instructions' ranges, a newline is a class
// of its own (a block's lines end there), word bytes are apart from the
// rest when \b or \B is asserted, and so are the bytes from 0x80 and
// from 0xc0 (a state keeps whether the byte before may leave the scan
// inside a character: see Lazy.opens).
func (b *bprog) classify() {
	var cut [257]bool // cut[x]: a class starts at byte x
	span := func(lo, hi byte) { cut[lo], cut[int(hi)+1] = true, true }
	span('\n', '\n')
	span(0x80, 0xbf)
	if b.words {
		span('0', '9')
		span('A', 'Z')
		span('_', '_')
		span('a', 'z')
	}
	for i := range b.inst {
		for _, e := range b.inst[i].ranges {
			span(e.lo, e.hi)
		}
	}
	b.rep = b.rep[:0]
	n := -1
	for x := range 256 {
		if x == 0 || cut[x] {
			n++
			b.rep = append(b.rep, byte(x))
		}
		b.classOf[x] = uint8(n)
	}
}

// Assertions of -w beyond Go's: no word byte before, none after.
const (
	emptyNoWordBefore syntax.EmptyOp = 1 << (6 + iota)
	emptyNoWordAfter
)

// bound makes the program match only where no word byte is just before
// its match or just after.
func (b *bprog) bound() {
	match := uint32(len(b.inst))
	b.inst = append(b.inst, binst{op: bMatch})
	for pc := range b.inst[:match] {
		if b.inst[pc].op == bMatch {
			b.inst[pc] = binst{op: bEmpty, empty: emptyNoWordAfter, out: match}
		}
	}
	b.inst = append(b.inst, binst{op: bEmpty, empty: emptyNoWordBefore, out: b.start})
	b.start = uint32(len(b.inst) - 1)
	b.words = true
	b.classify()
}

// firstByte returns the one byte that every match starts with, or -1
// when there are more, or when a match may be empty. Assertions are taken
// to hold: the byte is one a match may start with wherever it stands.
func (b *bprog) firstByte() int {
	first, one := -1, true
	w := walk{mark: make([]uint32, len(b.inst)), gen: 1}
	if b.follow(&w, b.start, ^syntax.EmptyOp(0), true, func(pc uint32) {
		for _, e := range b.inst[pc].ranges {
			if e.lo != e.hi || first >= 0 && first != int(e.lo) {
				one = false
			}
			first = int(e.lo)
		}
	}) || !one {
		return -1
	}
	return first
}

// walk is the stack and the marks of walks through a program's splits:
// an instruction is visited once in a walk of one generation.
type walk struct {
	mark  []uint32 // mark[pc] == gen: visited
	gen   uint32
	stack []uint32
}

// once reports whether pc is not yet visited in this generation, and
// marks it.
func (w *walk) once(pc uint32) bool {
	if w.mark[pc] == w.gen {
		return false
	}
	w.mark[pc] = w.gen
	return true
}

// follow walks from pc in priority order (a split's out before its arg)
// through the splits and the assertions that hold in ctx, handing each
// instruction that reads a byte to reached; it reports whether it reached
// the match, and stops there when stop says so (what follows has lower
// priority).
func (b *bprog) follow(w *walk, pc uint32, ctx syntax.EmptyOp, stop bool, reached func(pc uint32)) bool {
	matched := false
	w.stack = append(w.stack[:0], pc)
	for len(w.stack) > 0 {
		pc := w.stack[len(w.stack)-1]
		w.stack = w.stack[:len(w.stack)-1]
		if !w.once(pc) {
			continue
		}
		switch in := &b.inst[pc]; in.op {
		case bSplit:
			w.stack = append(w.stack, in.arg, in.out)
		case bEmpty:
			if in.empty&^ctx == 0 {
				w.stack = append(w.stack, in.out)
			}
		case bRange:
			reached(pc)
		case bMatch:
			matched = true
			if stop {
				return true
			}
		}
	}
	return matched
}

// reversedTree returns re matching the reverse of what re matches: its
// concatenations backwards, ^ and $ swapped (the line's end is where a
// backwards scan starts). The reverse automaton finds a match's start
// from its end with it.
func reversedTree(re *syntax.Regexp) *syntax.Regexp {
	c := *re
	switch c.Op {
	case syntax.OpLiteral:
		c.Rune = slices.Clone(re.Rune)
		slices.Reverse(c.Rune)
	case syntax.OpBeginLine, syntax.OpBeginText:
		c.Op = syntax.OpEndLine
	case syntax.OpEndLine, syntax.OpEndText:
		c.Op = syntax.OpBeginLine
		c.Flags &^= syntax.WasDollar
	}
	c.Sub = make([]*syntax.Regexp, len(re.Sub))
	for i, sub := range re.Sub {
		c.Sub[i] = reversedTree(sub)
	}
	if c.Op == syntax.OpConcat {
		slices.Reverse(c.Sub)
	}
	return &c
}
