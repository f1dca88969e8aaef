// Package automata runs a pattern as automata over bytes: its byte program
// (bytecode.go), and one lazy DFA over it that decides a block's lines,
// finds where matches end and, reversed, where they start, with a Pike
// VM where the DFA's cache thrashes. They read Go's parse of the
// pattern, line-local (package parsed).
package automata

import (
	"bytes"
	"regexp/syntax"
	"sync"
	"unicode"
	"unicode/utf8"

	"urg/match/base"
)

// Automaton finds a pattern's lines and matches with its byte program:
// lazy automata forward (where a match ends) and backwards (where it
// starts), and the program's NFA simulation (pike) where a cache
// thrashes. Its matches are Go's regexp's, leftmost-first, on valid
// UTF-8; a byte that is not UTF-8 matches nothing (see bprog).
type Automaton struct {
	prog  *bprog
	block *Lazy // forward over a block of lines (nextLine)
	fwd   *Lazy
	pike  sync.Pool // of *pikeCache
	// rev, the reversed program's, is made at its first use (reversed):
	// only the starts of matches need it, and a program of Unicode's
	// classes costs milliseconds to make; nil when it would be too
	// large. revBlock runs the same program back in a block of lines,
	// where a '\n' is a line's start (NextEndingAt).
	rev, revBlock *Lazy
	revOnce       sync.Once
	reverse       func() *Lazy
	// at and atBlock run anchored where they are started, in a line
	// (EachAt) and in a block (NextAt), made at their first use.
	at, atBlock *Lazy
	atOnce      sync.Once
	// isBounded: the pattern is bounded by bytes that are not word bytes
	// (bounded), and so is its reversed program once made.
	isBounded bool
}

// reversed returns the reversed program's automaton, made at the first
// call; nil when its program would be too large.
func (a *Automaton) reversed() *Lazy {
	a.revOnce.Do(func() {
		if a.rev == nil && a.reverse != nil {
			a.rev = a.reverse()
		}
		if a.rev != nil {
			a.revBlock = newLazy(a.rev.prog, false, a.rev.max)
			a.revBlock.block = true
		}
		a.reverse = nil
	})
	return a.rev
}

// LazyAutomaton is an automaton made at its first use: of the matchers a
// compile makes, some are only the parts of others (the UTF-8 locale's
// pattern whose lines of ASCII another decides), and a program of
// Unicode's classes costs milliseconds to make.
type LazyAutomaton struct {
	once  sync.Once
	build func() *Automaton
	built *Automaton
}

// Lazily returns the automaton build makes, made at its first use.
func Lazily(build func() *Automaton) *LazyAutomaton {
	return &LazyAutomaton{build: build}
}

// Anchored returns a lazy DFA of the automaton's pattern that runs
// forward from where it is started only (Lazy.MatchEnd), for a pattern
// that must follow what was found before it.
func (a *Automaton) Anchored(maxStates int) *Lazy {
	d := newLazy(a.prog, true, maxStates)
	d.unanchored = false
	return d
}

// Get returns the automaton, nil for none (or when l is nil).
func (l *LazyAutomaton) Get() *Automaton {
	if l == nil {
		return nil
	}
	l.once.Do(func() {
		l.built, l.build = l.build(), nil
	})
	return l.built
}

// NewAutomaton returns the automaton of tree (line-local, simplified), or
// nil when its program would be too large (see maxBprogInsts).
func NewAutomaton(tree *syntax.Regexp, maxStates int) *Automaton {
	return automatonOf(tree, false, maxStates)
}

// NewByteAutomaton is NewAutomaton for the C locale's reading of tree,
// whose characters from 0x80 are byteRunes: it runs over the text's own
// bytes, each a character.
func NewByteAutomaton(tree *syntax.Regexp, maxStates int) *Automaton {
	return automatonOf(tree, true, maxStates)
}

func automatonOf(tree *syntax.Regexp, bytewise bool, maxStates int) *Automaton {
	prog := newBprog(tree, false, bytewise)
	if prog == nil {
		return nil
	}
	block := newLazy(prog, true, maxStates)
	block.block = true
	block.first = prog.firstByte()
	a := &Automaton{prog: prog, block: block, fwd: newLazy(prog, true, maxStates)}
	a.reverse = func() *Lazy {
		rprog := newBprog(reversedTree(tree), true, bytewise)
		if rprog == nil {
			return nil
		}
		if a.isBounded {
			rprog.bound()
		}
		return newLazy(rprog, false, maxStates)
	}
	return a
}

// NewBoundedAutomaton returns the automaton of tree as grep -P -w has it,
// (?<!\w)(?:tree)(?!\w), with ASCII's word bytes; nil as newAutomaton.
func NewBoundedAutomaton(tree *syntax.Regexp, maxStates int) *Automaton {
	return bounded(NewAutomaton(tree, maxStates))
}

// NewBoundedByteAutomaton is NewBoundedAutomaton for the C locale's
// reading of tree (see newByteAutomaton).
func NewBoundedByteAutomaton(tree *syntax.Regexp, maxStates int) *Automaton {
	return bounded(NewByteAutomaton(tree, maxStates))
}

func bounded(a *Automaton) *Automaton {
	if a == nil {
		return nil
	}
	// The reversed program is bounded the same way when it is made:
	// backwards, the byte before is the one after.
	a.prog.bound()
	a.isBounded = true
	return a
}

// Name is the automaton's, for a matcher's engine name.
func (a *Automaton) Name() string { return "dfa" }

// NextLine returns the bounds of the first line of text that holds a
// match, -1, -1 when none does.
func (a *Automaton) NextLine(text []byte) (ls, le int) {
	if ls, le, ok := a.block.nextLine(text); ok {
		return ls, le
	}
	for at := 0; at <= len(text); {
		ls, le := base.LineAt(text, at)
		if s, _ := a.PikeFind(text[ls:le], 0); s >= 0 {
			return ls, le
		}
		at = le + 1
	}
	return -1, -1
}

// Match reports whether line holds a match.
func (a *Automaton) Match(line []byte) bool {
	if e, ok := a.fwd.MatchEnd(line, 0, true); ok {
		return e >= 0
	}
	s, _ := a.PikeFind(line, 0)
	return s >= 0
}

// NextAt returns the first of the places in the block text (lines, each
// ended by '\n') that next gives, in order, at which a match starts, -1
// when none does (next returns -1 when it has no more); they must hold
// every place where a match starts (the occurrences of a literal
// prefix). sure is false when the automaton cannot say (its cache
// thrashed). One call reads a whole block with one cache, where a call
// per place paid for the cache each time, and a run from each place
// ends with its line, which need not be looked for.
func (a *Automaton) NextAt(text []byte, next func() int) (hit int, sure bool) {
	a.atOnce.Do(a.anchor)
	return a.atBlock.nextAt(text, next)
}

// anchor makes the anchored automata, in a line and in a block.
func (a *Automaton) anchor() {
	a.at = a.Anchored(a.fwd.max)
	a.atBlock = a.Anchored(a.fwd.max)
	a.atBlock.block = true
}

// EachAt is Each for a pattern whose every match starts with lit: the
// leftmost match starts at the first occurrence from which one starts,
// and ends where the automaton run anchored from there finds it, with no
// run back for its start. false, having called fn for nothing, when the
// automaton cannot say (its cache thrashed).
func (a *Automaton) EachAt(line, lit []byte, fn func(int, int)) bool {
	a.atOnce.Do(a.anchor)
	d := a.at
	c := d.cache() // one for the line, not one for each occurrence
	defer d.pool.Put(c)
	// fn is called once all are known: none if the cache thrashes.
	var few [16][2]int
	found := few[:0]
	for at := 0; at < len(line); {
		k := bytes.Index(line[at:], lit)
		if k < 0 {
			break
		}
		at += k
		e, ok := d.matchEnd(c, line, at, false)
		if !ok {
			return false
		}
		if e > at {
			found = append(found, [2]int{at, e})
			at = e
			continue
		}
		at++
	}
	for _, f := range found {
		fn(f[0], f[1])
	}
	return true
}

// EndsWith reports whether line holds a match that ends with one of the
// occurrences of lit, the literal every match ends with (before any
// assertions after it): the reversed program run back from each, as far
// as the line's start, reads only what comes before it in a match (a
// word before `_\w+\(`), where a run forward reads all of the line up
// to the first match. sure is false when the automaton cannot say (its
// cache thrashed).
func (a *Automaton) EndsWith(line, lit []byte) (matched, sure bool) {
	rev := a.reversed()
	if rev == nil {
		return false, false
	}
	c := rev.cache()
	defer rev.pool.Put(c)
	for at := 0; ; {
		k := bytes.Index(line[at:], lit)
		if k < 0 {
			return false, true
		}
		at += k + len(lit)
		if s, ok := rev.matchStart(c, line, 0, at); s >= 0 || !ok {
			return ok, ok
		}
		at -= len(lit) - 1
	}
}

// NextEndingAt returns the first of the places in the block text (lines,
// each ended by '\n') that next gives, in order, at which an occurrence
// of n bytes starts with which a match ends; -1 when there is none (next
// returns -1 when it has no more). They must be occurrences of the
// literal every match ends with, in order, those of it where a match may
// end, and the literal must have a byte that nothing before it in a
// match holds (parsed.SuffixBounds), so that each run back ends at the
// occurrence before it, if not sooner, and the block is read about once.
// sure is false when the automaton cannot say (its cache thrashed). One
// call reads a whole block with one cache, and a run back ends at its
// line's start, which need not be looked for.
func (a *Automaton) NextEndingAt(text []byte, next func() int, n int) (hit int, sure bool) {
	if a.reversed() == nil {
		return -1, false
	}
	d := a.revBlock
	c := d.cache()
	defer d.pool.Put(c)
	for hit = next(); hit >= 0; hit = next() {
		if s, ok := d.matchStart(c, text, 0, hit+n); s >= 0 || !ok {
			return hit, ok
		}
	}
	return -1, true
}

// EachEndingWith is Each for a pattern whose every match ends with lit
// and holds it nowhere else (parsed.SuffixOnlyAtEnd): the leftmost match
// ends at the first occurrence at which one ends, and starts where the
// reversed program run back from there finds its leftmost start, with no
// run forward over the line. Each run back stops at the occurrence
// before, as nothing before lit in a match can be lit's first byte, so
// the line is read about once. false, having called fn for nothing, when
// the automaton cannot say (its cache thrashed).
func (a *Automaton) EachEndingWith(line, lit []byte, fn func(int, int)) bool {
	rev := a.reversed()
	if rev == nil {
		return false
	}
	c := rev.cache()
	defer rev.pool.Put(c)
	// fn is called once all are known: none if the cache thrashes.
	var few [16][2]int
	found := few[:0]
	for floor, at := 0, 0; ; {
		k := bytes.Index(line[at:], lit)
		if k < 0 {
			break
		}
		end := at + k + len(lit)
		s, ok := rev.matchStart(c, line, floor, end)
		if !ok {
			return false
		}
		if s >= 0 {
			found = append(found, [2]int{s, end})
			floor, at = end, end
			continue
		}
		at += k + 1
	}
	for _, f := range found {
		fn(f[0], f[1])
	}
	return true
}

// find returns the leftmost-first match in line at or after at (whose
// assertions see the bytes before at), -1, -1 when there is none. cf and
// cr are the caches of the forward and reversed automata (cr nil when
// there is no reversed one), held across a line's matches.
func (a *Automaton) find(cf, cr *lazyCache, line []byte, at int) (start, end int) {
	e, ok := a.fwd.matchEnd(cf, line, at, false)
	if ok && e < 0 {
		return -1, -1
	}
	if ok && cr != nil {
		if s, ok := a.rev.matchStart(cr, line, at, e); ok && s >= 0 {
			return s, e
		}
	}
	return a.PikeFind(line, at)
}

// Each calls fn with the non-empty matches in line, left to right, where
// Go's FindAllIndex finds them: after an empty match the search goes on
// one character further.
func (a *Automaton) Each(line []byte, fn func(int, int)) {
	cf := a.fwd.cache()
	defer a.fwd.pool.Put(cf)
	var cr *lazyCache
	if rev := a.reversed(); rev != nil {
		cr = rev.cache()
		defer rev.pool.Put(cr)
	}
	for pos := 0; pos <= len(line); {
		s, e := a.find(cf, cr, line, pos)
		if s < 0 {
			return
		}
		if e == pos {
			w := 1
			if !a.prog.bytewise {
				_, w = utf8.DecodeRune(line[pos:])
			}
			pos += max(w, 1)
		} else {
			pos = e
		}
		if e > s {
			fn(s, e)
		}
	}
}

// pikeCache is one goroutine's thread lists for pikeFind.
type pikeCache struct {
	cur, next []pikeThread
	list      []pikeThread
	walk      walk
}

type pikeThread struct {
	pc    uint32
	start int
}

// PikeFind returns the leftmost-first match in line at or after at, as
// the lazy automata find it, by running the program's threads side by
// side (Thompson's simulation, Pike's thread priorities): time in
// proportion to the line's length times the program's, no memory past
// the program's size.
func (a *Automaton) PikeFind(line []byte, at int) (start, end int) {
	p := a.prog
	c, _ := a.pike.Get().(*pikeCache)
	if c == nil {
		c = &pikeCache{walk: walk{mark: make([]uint32, len(p.inst))}}
	}
	defer a.pike.Put(c)
	start, end = -1, -1
	bol, word, high := at == 0, at > 0 && base.IsWord(line[at-1]), at > 0 && line[at-1] >= utf8.RuneSelf && !p.bytewise
	c.cur = c.cur[:0]
	for i := at; ; i++ {
		sym := symEOL
		if i < len(line) {
			sym = int(line[i])
		}
		ctx := emptyContext(bol, word, high && 0x80 <= sym && sym <= 0xbf, sym)
		c.list = c.list[:0]
		c.walk.gen++
		for k := 0; k <= len(c.cur); k++ {
			th := pikeThread{p.start, i}
			if k < len(c.cur) {
				th = c.cur[k]
			} else if start >= 0 {
				break // no new thread once a match is found
			}
			if p.follow(&c.walk, th.pc, ctx, true, func(pc uint32) { c.list = append(c.list, pikeThread{pc, th.start}) }) {
				// The threads after this one have lower priority.
				start, end = th.start, i
				break
			}
		}
		if i == len(line) {
			return start, end
		}
		b := line[i]
		c.next = c.next[:0]
		c.walk.gen++
		for _, th := range c.list {
			if to, ok := edgeFor(p.inst[th.pc].ranges, b); ok && c.walk.once(to) {
				c.next = append(c.next, pikeThread{to, th.start})
			}
		}
		c.cur, c.next = c.next, c.cur
		if len(c.cur) == 0 && start >= 0 {
			return start, end
		}
		bol, word, high = false, base.IsWord(b), b >= utf8.RuneSelf && !p.bytewise
	}
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
