package automata

import (
	"bytes"
	"regexp/syntax"
	"sync"
	"unicode"
	"unicode/utf8"

	"urg/match/base"
)

// DFA decides lines for a pattern with no literal to look for, one table
// lookup per byte: the states of Go's compiled program (its NFA) that can
// be live at once are made, as the text asks for them, into the states
// of a deterministic automaton over bytes. Go's regexp runs the NFA itself
// over every byte, many steps a byte where this takes one lookup, as
// ripgrep's engine does (see
// docs/performance.md#dfa-the-lazy-automaton-matchautomatadfago).
//
// Bytes are the automaton's input, characters the program's: every byte
// from 0x80 is one symbol, standing for "part of a character from U+0080
// up" (or of an invalid sequence, which Go reads as U+FFFD, also from
// U+0080 up). That is exact when each instruction matches either every
// such character or none, and when the ones that match them all are
// repeated without bound (\S+, [^"]*), with no two of them in a row: a
// run of such bytes is then consumed as a run of such characters would
// be, by one instruction. newDFA refuses other patterns, and word
// boundaries.
type DFA struct {
	prog *syntax.Prog
	// high[pc]: instruction pc matches every character from U+0080.
	high []bool
	// maxStates is how many states a cache holds before it starts again
	// (Options.DFAStates).
	maxStates int
	pool      sync.Pool // of *dfaCache: the matcher is shared by goroutines
}

// The input symbols: ASCII bytes are their own, every other byte is
// symHigh, and a newline ends the line.
const (
	symHigh  = 128
	symCount = 129
)

// DefaultDFAStates is how many states a cache holds before it starts
// again when Options.DFAStates is 0: each state has symCount transitions
// of 4 bytes, so a full cache's table is about 1 MB.
const DefaultDFAStates = 2000

// Transition results below zero.
const (
	unknown = -1 // not computed yet
	matched = -2 // the line matches
	newline = -3 // the line ends
)

// dfaState is a set of program counters live at once: instructions that
// consume a character, the match, and end-of-line assertions waiting for
// the line's end.
type dfaState struct {
	pcs       []uint32
	match     bool // holds the match
	matchAtNL bool // matches if the line ends here
}

// dfaCache is one goroutine's automaton, built as the text asks.
type dfaCache struct {
	states []dfaState
	trans  []int32 // states × symCount
	index  map[string]int32
	start  int32 // the state at a line's start
	stack  []uint32
	mark   []uint32 // mark[pc] == gen: pc is in the set being built
	gen    uint32
}

// NewDFA returns the automaton for tree, whose caches hold up to
// maxStates states (DefaultDFAStates when 0 or less), or nil when tree is
// outside what it decides exactly (see dfa).
func NewDFA(tree *syntax.Regexp, maxStates int) *DFA {
	if !highUnderRepeat(tree, false) {
		return nil
	}
	prog, err := syntax.Compile(tree)
	if err != nil {
		return nil
	}
	if beginAfterEnd(prog) {
		return nil
	}
	if maxStates <= 0 {
		maxStates = DefaultDFAStates
	}
	d := &DFA{prog: prog, high: make([]bool, len(prog.Inst)), maxStates: maxStates}
	for pc := range prog.Inst {
		i := &prog.Inst[pc]
		switch i.Op {
		case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
			all, none := HighMatches(i)
			if !all && !none {
				return nil
			}
			d.high[pc] = all
		case syntax.InstEmptyWidth:
			if syntax.EmptyOp(i.Arg)&^(syntax.EmptyBeginLine|syntax.EmptyEndLine|syntax.EmptyBeginText|syntax.EmptyEndText) != 0 {
				return nil
			}
		}
	}
	for pc, high := range d.high {
		if high && splits(prog, d.high, uint32(pc)) {
			return nil
		}
	}
	return d
}

// splits reports whether, right after the instruction at pc consumes a
// byte from 0x80, another instruction that takes such bytes may take the
// next one: the two could share one character's bytes, which as
// characters they cannot (`\S+.+\s` matched "é\tx" bytewise, \S+ and .+
// taking a byte of é each).
func splits(prog *syntax.Prog, high []bool, pc uint32) bool {
	return reach(prog, prog.Inst[pc].Out, func(q uint32, i *syntax.Inst) (past, stop bool) {
		return i.Op == syntax.InstEmptyWidth, q != pc && high[q]
	})
}

// reach walks the instructions reachable from pc without consuming a
// character, each once, through alternations, and hands fn the others:
// past says to go on past an assertion, stop ends the walk, and reach
// then reports true.
func reach(prog *syntax.Prog, pc uint32, fn func(pc uint32, i *syntax.Inst) (past, stop bool)) bool {
	seen := map[uint32]bool{}
	stack := []uint32{pc}
	for len(stack) > 0 {
		pc := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[pc] {
			continue
		}
		seen[pc] = true
		i := &prog.Inst[pc]
		switch i.Op {
		case syntax.InstAlt, syntax.InstAltMatch:
			stack = append(stack, i.Arg, i.Out)
		case syntax.InstNop, syntax.InstCapture:
			stack = append(stack, i.Out)
		default:
			past, stop := fn(pc, i)
			if stop {
				return true
			}
			if past && i.Op == syntax.InstEmptyWidth {
				stack = append(stack, i.Out)
			}
		}
	}
	return false
}

// begins reports whether an assertion includes a line's start.
func begins(i *syntax.Inst) bool {
	return syntax.EmptyOp(i.Arg)&(syntax.EmptyBeginLine|syntax.EmptyBeginText) != 0
}

// highUnderRepeat reports whether each part of re that matches characters
// from U+0080 is repeated without bound right above it.
func highUnderRepeat(re *syntax.Regexp, repeated bool) bool {
	switch re.Op {
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return repeated
	case syntax.OpCharClass:
		if n := len(re.Rune); n > 0 && re.Rune[n-1] >= utf8.RuneSelf && !repeated {
			return false
		}
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			if r >= utf8.RuneSelf || re.Flags&syntax.FoldCase != 0 && (r == 'k' || r == 'K' || r == 's' || r == 'S') {
				return false
			}
		}
	case syntax.OpRepeat:
		return false // Simplify leaves none; a bounded one counts characters
	}
	rep := re.Op == syntax.OpStar || re.Op == syntax.OpPlus
	for _, sub := range re.Sub {
		if !highUnderRepeat(sub, rep) {
			return false
		}
	}
	return true
}

// HighMatches reports whether instruction i matches every character from
// U+0080 up (all), or none of them (none).
func HighMatches(i *syntax.Inst) (all, none bool) {
	switch i.Op {
	case syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
		return true, false
	case syntax.InstRune1:
		return false, i.Rune[0] < utf8.RuneSelf
	}
	fold := syntax.Flags(i.Arg)&syntax.FoldCase != 0
	if len(i.Rune) == 1 {
		r := i.Rune[0]
		if r >= utf8.RuneSelf {
			return false, false
		}
		for f := unicode.SimpleFold(r); fold && f != r; f = unicode.SimpleFold(f) {
			if f >= utf8.RuneSelf {
				return false, false // k folds to the Kelvin sign
			}
		}
		return false, true
	}
	if fold {
		return false, false
	}
	covered := rune(utf8.RuneSelf) // the characters from here up are left to find
	none = true
	for j := 0; j+1 < len(i.Rune); j += 2 {
		lo, hi := i.Rune[j], i.Rune[j+1]
		if hi < utf8.RuneSelf {
			continue
		}
		none = false
		if lo <= covered && hi >= covered {
			covered = hi + 1
		}
	}
	return covered > unicode.MaxRune, none
}

// Name is the automaton's, for the matcher's engine name.
func (d *DFA) Name() string { return "dfa" }

// NextLine returns the bounds of the first line of text that holds a match,
// or -1.
func (d *DFA) NextLine(text []byte) (int, int) {
	c, _ := d.pool.Get().(*dfaCache)
	if c == nil {
		c = d.newCache()
	}
	defer d.pool.Put(c)
	if c.states[c.start].match {
		// The empty string matches at every line's start.
		return 0, lineEnd(text, 0)
	}
	// The first dualMin bytes or so on one chain: most searches that
	// match do so there, and a second chain would be work thrown away.
	// What follows goes on two, in stretches that double, so that the
	// second chain runs far ahead only once the first has gone far.
	lo, size := 0, dualMin
	for {
		hi := len(text)
		if lo+size < len(text) {
			if nl := bytes.IndexByte(text[lo+size:], '\n'); nl >= 0 {
				hi = lo + size + nl + 1
			}
		}
		part := text[lo:hi]
		if hi < len(text) {
			// The part ends its last line: without the newline, so
			// that the scan's end is that line's end, and not the
			// start of one more (empty) line, which is the next
			// part's first.
			part = part[:len(part)-1]
		}
		mid := 0 // where the second chain starts; 0 for one chain
		if lo > 0 {
			half := len(part) / 2
			if nl := bytes.IndexByte(part[half:], '\n'); nl >= 0 && half+nl+1 < len(part) {
				mid = half + nl + 1
			}
		}
		var ls, le int
		if mid > 0 {
			ls, le = d.scanDual(c, part, mid)
		} else {
			ls, le = d.scan(c, part, 0, 0, c.start*symCount)
		}
		if ls >= 0 {
			return lo + ls, lo + le
		}
		if hi == len(text) {
			// An empty text is scanned too: its one line may match.
			return -1, -1
		}
		lo, size = hi, 2*size
	}
}

// dualMin is how far one chain of lookups goes before next runs two
// side by side, and the first stretch of two. Each lookup waits on the
// last, so one chain leaves the core mostly idle; two, over two halves
// of the text, cost little more than one, so a long text with few
// matches is read faster (see
// docs/performance.md#dualmin-two-chains-of-lookups-past-16-kib-matchautomatadfago).
const dualMin = 16 << 10

// scan runs the automaton over text from i, in state s (a row offset) of
// the line that starts at ls, and returns the bounds of the first line
// that matches, or -1.
func (d *DFA) scan(c *dfaCache, text []byte, i, ls int, s int32) (int, int) {
	start := c.start * symCount
	for ; i < len(text); i++ {
		b := symOf[text[i]]
		t := c.trans[s+int32(b)]
		if t >= 0 {
			s = t
			continue
		}
		switch t {
		case newline:
			if c.states[s/symCount].matchAtNL {
				return ls, i
			}
			ls, s = i+1, start
			continue
		case unknown:
			var fresh bool
			if t, fresh = d.step(c, s/symCount, int32(b)); fresh {
				start = c.start * symCount // the cache started again
			}
			if t != matched {
				s = t
				continue
			}
		}
		return ls, lineEnd(text, i)
	}
	if c.states[s/symCount].matchAtNL {
		return ls, len(text)
	}
	return -1, -1
}

// scanDual is scan over text[:mid] (which ends with a newline) and
// text[mid:] at once, a byte of each per turn, while both stay on known
// transitions and line ends. A line of the second half that matches
// counts only when the first half holds none. When either meets a
// transition not yet computed, or a match inside a line, the first half
// goes on alone, and then the second from the start of the line it was
// in: computing a transition may start the cache again, which its state
// would not survive.
func (d *DFA) scanDual(c *dfaCache, text []byte, mid int) (int, int) {
	trans := c.trans
	start := c.start * symCount
	a, b := text[:mid], text[mid:]
	n := min(len(a), len(b))
	aAt, lsA, sA := 0, 0, start // the first half resumes at aAt
	lsB, sB := 0, start         // in b's offsets
	bLs, bLe := -1, -1          // the second half's first match
	bDone := false              // the second half is searched to its end
	k := 0
	for ; k < n; k++ {
		tA := trans[sA+int32(symOf[a[k]])]
		tB := trans[sB+int32(symOf[b[k]])]
		if tA >= 0 && tB >= 0 {
			sA, sB = tA, tB
			continue
		}
		switch {
		case tA >= 0:
			sA = tA
		case tA == newline:
			if c.states[sA/symCount].matchAtNL {
				return lsA, k
			}
			lsA, sA = k+1, start
		default:
			aAt = k
			goto alone
		}
		aAt = k + 1
		switch {
		case tB >= 0:
			sB = tB
		case tB == newline:
			if c.states[sB/symCount].matchAtNL {
				bLs, bLe = mid+lsB, mid+k
				goto alone
			}
			lsB, sB = k+1, start
		default:
			goto alone
		}
	}
	aAt = k
	if k == len(b) {
		// The second half is done: its last line has no newline.
		bDone = true
		if c.states[sB/symCount].matchAtNL {
			bLs, bLe = mid+lsB, len(text)
		}
	}
alone:
	if aAt < len(a) {
		// Without its newline, as next's parts are.
		if ls, le := d.scan(c, a[:len(a)-1], aAt, lsA, sA); ls >= 0 {
			return ls, le
		}
	}
	if bLs >= 0 || bDone {
		return bLs, bLe
	}
	return d.scan(c, text, mid+lsB, mid+lsB, c.start*symCount)
}

// symOf is each byte's input symbol: itself below 0x80, symHigh above.
var symOf = func() (t [256]uint8) {
	for b := range t {
		t[b] = uint8(min(b, symHigh))
	}
	return t
}()

// lineEnd is the offset of the newline ending the line that holds i, or
// len(text).
func lineEnd(text []byte, i int) int {
	_, le := base.LineAt(text, i)
	return le
}

func (d *DFA) newCache() *dfaCache {
	c := &dfaCache{mark: make([]uint32, len(d.prog.Inst))}
	d.reset(c)
	return c
}

// reset empties c but for the start state.
func (d *DFA) reset(c *dfaCache) {
	c.states, c.trans = c.states[:0], c.trans[:0]
	c.index = map[string]int32{}
	c.gen++
	c.start = d.intern(c, d.closure(c, nil, uint32(d.prog.Start), true))
}

// step computes the transition of state s on sym and records it: the
// next state's row offset, or matched. When the cache is full it starts
// again (fresh), and s no longer exists.
func (d *DFA) step(c *dfaCache, s, sym int32) (t int32, fresh bool) {
	var pcs []uint32
	c.gen++
	for _, pc := range c.states[s].pcs {
		i := &d.prog.Inst[pc]
		var ok bool
		switch i.Op {
		case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
			if sym == symHigh {
				ok = d.high[pc]
			} else {
				ok = i.MatchRune(rune(sym))
			}
		}
		if ok {
			pcs = d.closure(c, pcs, i.Out, false)
		}
	}
	// A match may start at every position: the program's start joins in.
	pcs = d.closure(c, pcs, uint32(d.prog.Start), false)
	if fresh = len(c.states) >= d.maxStates; fresh {
		d.reset(c)
	}
	id := d.intern(c, pcs)
	t = id * symCount
	if c.states[id].match {
		t = matched
	}
	if !fresh {
		c.trans[s*symCount+sym] = t
	}
	return t, fresh
}

// closure appends to pcs the instructions reachable from pc without
// consuming a character (at a line's start when begin), each once in a
// set: c.mark holds the set's generation for those already in.
func (d *DFA) closure(c *dfaCache, pcs []uint32, pc uint32, begin bool) []uint32 {
	c.stack = append(c.stack[:0], pc)
	for len(c.stack) > 0 {
		pc := c.stack[len(c.stack)-1]
		c.stack = c.stack[:len(c.stack)-1]
		if c.mark[pc] == c.gen {
			continue
		}
		c.mark[pc] = c.gen
		i := &d.prog.Inst[pc]
		switch i.Op {
		case syntax.InstAlt, syntax.InstAltMatch:
			c.stack = append(c.stack, i.Arg, i.Out)
		case syntax.InstNop, syntax.InstCapture:
			c.stack = append(c.stack, i.Out)
		case syntax.InstEmptyWidth:
			op := syntax.EmptyOp(i.Arg)
			if op&(syntax.EmptyEndLine|syntax.EmptyEndText) != 0 {
				pcs = append(pcs, pc) // decided at the line's end
			} else if begin {
				c.stack = append(c.stack, i.Out)
			}
		case syntax.InstFail:
		default:
			pcs = append(pcs, pc)
		}
	}
	return pcs
}

// intern returns the id of the state holding pcs, adding it if new.
func (d *DFA) intern(c *dfaCache, pcs []uint32) int32 {
	sortPCs(pcs)
	key := make([]byte, 0, 4*len(pcs))
	for _, pc := range pcs {
		key = append(key, byte(pc), byte(pc>>8), byte(pc>>16), byte(pc>>24))
	}
	if id, ok := c.index[string(key)]; ok {
		return id
	}
	st := dfaState{pcs: append([]uint32(nil), pcs...)}
	for _, pc := range pcs {
		switch d.prog.Inst[pc].Op {
		case syntax.InstMatch:
			st.match = true
		case syntax.InstEmptyWidth:
			st.matchAtNL = st.matchAtNL || d.matchesAtEnd(pc)
		}
	}
	id := int32(len(c.states))
	c.states = append(c.states, st)
	for range symCount {
		c.trans = append(c.trans, unknown)
	}
	c.trans[int(id)*symCount+'\n'] = newline
	c.index[string(key)] = id
	return id
}

// matchesAtEnd reports whether the program reaches its match from the
// assertion at pc when the line ends there, consuming nothing.
func (d *DFA) matchesAtEnd(pc uint32) bool {
	// At the line's end, end assertions hold; newDFA refused a start
	// assertion after one.
	return reach(d.prog, pc, func(_ uint32, i *syntax.Inst) (past, stop bool) {
		return i.Op == syntax.InstEmptyWidth && !begins(i), i.Op == syntax.InstMatch
	})
}

// beginAfterEnd reports whether the program can meet a line-start
// assertion after a line-end one without consuming a character (`$^`,
// which only an empty line matches): the automaton decides end
// assertions at the line's end, with no start there to go on from.
func beginAfterEnd(prog *syntax.Prog) bool {
	for pc := range prog.Inst {
		i := &prog.Inst[pc]
		if i.Op != syntax.InstEmptyWidth || syntax.EmptyOp(i.Arg)&(syntax.EmptyEndLine|syntax.EmptyEndText) == 0 {
			continue
		}
		if reach(prog, uint32(pc), func(_ uint32, i *syntax.Inst) (past, stop bool) {
			return i.Op == syntax.InstEmptyWidth, i.Op == syntax.InstEmptyWidth && begins(i)
		}) {
			return true
		}
	}
	return false
}

// sortPCs sorts a short list in place.
func sortPCs(pcs []uint32) {
	for i := 1; i < len(pcs); i++ {
		for j := i; j > 0 && pcs[j] < pcs[j-1]; j-- {
			pcs[j], pcs[j-1] = pcs[j-1], pcs[j]
		}
	}
}
