package automata

import (
	"encoding/binary"
	"regexp/syntax"
	"sync"
	"unicode/utf8"

	"urg/match/base"
)

// Lazy is a deterministic automaton over bytes for a bprog, its states
// made as the text asks for them (the Lazy DFA of RE2 and of Rust's
// regex-automata): one table lookup per byte where Go's regexp steps
// every thread of its NFA. A state is the program's threads in priority
// order, before their assertions are looked at, and what the byte before
// was (a word byte, a line's end); the assertions are decided on the
// transition, which knows the next byte too. So a transition says
// whether a match ends just before its byte.
//
// Forward, a thread starts at every byte until a match is seen
// (unanchored; anchored, only where the run starts); once a thread
// reaches the match, the threads of lower priority than it are dropped,
// as Perl's leftmost-first does, and the last match seen when no thread
// is left ends the leftmost-first match: `fo.*?` ends after the "fo" of
// "foo", `xy|xyz` after the "xy" of "xyz". Backwards (anchored, every
// match kept), the program of the reversed pattern run from that end
// finds its start: the leftmost place from which a match reaches the
// end, which is the leftmost-first match's start, since no match starts
// further left.
//
// A cache holds at most max states; when it is full it is emptied and
// refilled. When that happens often for little text (a pattern whose
// automaton is far larger than the text needs: (a|b)*a(a|b){20}), the
// scan gives up and the caller runs the same program through pike, an
// NFA simulation, in time linear in the text.
type Lazy struct {
	prog       *bprog
	unanchored bool // forward: a match may start anywhere
	// block: the text is many lines, a '\n' ending each; elsewhere the
	// text is one line, in which a '\n' (where a transcript put one for
	// a byte that matches nothing) is a byte that nothing matches.
	block bool
	// backwards: the bytes come last to first (the reversed program),
	// so a character's continuation bytes come before its first.
	backwards bool
	// first is the one byte every match starts with, when there is one
	// (`a.b`): a block's scan, where no thread is alive, skips to its
	// next occurrence, as Go's regexp skips to a literal prefix; -1
	// where there is none, and always but in a block.
	first int
	max   int
	pool  sync.Pool // of *lazyCache
}

// symEOL is the symbol of the end of the line (or text), after the
// bytes' 256; Lazy's tables give it the column after the byte classes.
const symEOL = 256

// State flags: what came before.
const (
	fBOL   = 1 << iota // the line starts here
	fWord              // the byte before is a word byte
	fNoNew             // a match was seen: no thread starts any more
	fHigh              // the byte before is from 0x80: maybe inside a character
)

// A state is named by its row's offset in the table of transitions (its
// index times the row's width), so that a step is one load from the
// row plus the byte's class, with no multiplication. A transition that
// is zero or more is the next state's row and nothing else to know, the
// common case a scan's inner loop tests with one comparison; below zero
// it is lazyUnknown, or the complement of the next row shifted left by
// two with | 1 when a match ends before the byte, | 2 when the next
// state has no thread and a block's scan may skip to the next byte that
// starts a match (see Lazy.first). The dead state, with no thread and
// none to come, is row 0.
const (
	lazyUnknown = -1
	lazyDead    = 0
)

// special returns the transition to row next with bits (1: a match ends
// before the byte; 2: the scan may skip).
func special(next int32, bits int32) int32 {
	if bits == 0 {
		return next
	}
	return ^(next<<2 | bits)
}

type lazyState struct {
	pcs   []uint32
	flags uint8
}

type lazyCache struct {
	states []lazyState
	trans  []int32
	// width is a row's: the program's byte classes and the line's end,
	// whose column is eol.
	width, eol int32
	index      map[string]int32
	starts     [16]int32 // the start state for each flags, or lazyUnknown
	// made counts the states made since the scan began, to tell a cache
	// that thrashes.
	made int
	// emptied counts the times the cache was emptied, which no state
	// survives: a scan on several chains at once looks whether making
	// a transition did so.
	emptied int
	walk    walk
	list    []uint32
	next    []uint32
	key     []byte
}

// newLazy returns the automaton of prog, nil for none; forward says it
// finds matches' ends from anywhere (unanchored), else it runs anchored.
// A cache holds up to maxStates states (DefaultDFAStates when 0 or less).
func newLazy(prog *bprog, forward bool, maxStates int) *Lazy {
	if prog == nil {
		return nil
	}
	if maxStates <= 0 {
		maxStates = DefaultDFAStates
	}
	// A row's offset, shifted left by two, must fit a transition.
	maxStates = min(maxStates, (1<<29)/(len(prog.rep)+1))
	return &Lazy{prog: prog, unanchored: forward, backwards: !forward, max: maxStates, first: -1}
}

// DefaultDFAStates is how many states a cache holds before it starts
// again when Options.DFAStates is 0.
const DefaultDFAStates = 2000

func (d *Lazy) cache() *lazyCache {
	if c, ok := d.pool.Get().(*lazyCache); ok {
		c.made = 0
		return c
	}
	// The program is complete by now (bound, classified): the width is
	// read here, not when the automaton was made.
	w := int32(len(d.prog.rep)) + 1
	c := &lazyCache{width: w, eol: w - 1, walk: walk{mark: make([]uint32, len(d.prog.inst))}}
	d.reset(c)
	return c
}

func (d *Lazy) reset(c *lazyCache) {
	c.emptied++
	c.states = c.states[:0]
	c.trans = c.trans[:0]
	c.index = make(map[string]int32)
	for i := range c.starts {
		c.starts[i] = lazyUnknown
	}
	// The dead state: no thread, and every transition back to it.
	c.states = append(c.states, lazyState{flags: fNoNew})
	for range c.width {
		c.trans = append(c.trans, lazyDead)
	}
}

// start returns the state at a place the flags describe.
func (d *Lazy) start(c *lazyCache, flags uint8) int32 {
	if s := c.starts[flags]; s != lazyUnknown {
		return s
	}
	var pcs []uint32
	if !d.unanchored {
		pcs = []uint32{d.prog.start}
	}
	s := d.intern(c, pcs, flags)
	c.starts[flags] = s
	return s
}

// startAt returns the state for a scan that starts after prev, the byte
// before it, or at a line's start (bol).
func (d *Lazy) startAt(c *lazyCache, bol bool, prev byte) int32 {
	var f uint8
	if bol {
		f = fBOL
	} else if base.IsWord(prev) {
		f = fWord
	} else if d.opens(prev) {
		f = fHigh
	}
	return d.start(c, f)
}

// intern returns the state of the threads pcs with flags, made if new.
func (d *Lazy) intern(c *lazyCache, pcs []uint32, flags uint8) int32 {
	if len(pcs) == 0 && (!d.unanchored || flags&fNoNew != 0) {
		return lazyDead
	}
	if !d.prog.words {
		flags &^= fWord | fHigh
	}
	c.key = append(c.key[:0], flags)
	for _, pc := range pcs {
		c.key = binary.LittleEndian.AppendUint32(c.key, pc)
	}
	if s, ok := c.index[string(c.key)]; ok {
		return s
	}
	s := int32(len(c.states)) * c.width
	c.states = append(c.states, lazyState{pcs: append([]uint32(nil), pcs...), flags: flags})
	c.index[string(c.key)] = s
	// A program of Unicode's classes makes hundreds of states of over a
	// hundred columns.
	c.trans = growDoubled(c.trans, int(c.width))
	for range c.width {
		c.trans = append(c.trans, lazyUnknown)
	}
	c.made++
	return s
}

// step returns the transition from the state at row s in column col
// (a byte class, or c.eol), made if unknown; lazyUnknown when the cache
// thrashes (it was emptied, and this scan has made many states for the
// text it read: scanned bytes).
func (d *Lazy) step(c *lazyCache, s, col int32, scanned int) int32 {
	if t := c.trans[s+col]; t != lazyUnknown {
		return t
	}
	if len(c.states) >= d.max {
		if c.made > d.max && c.made*lazyThrash > scanned {
			return lazyUnknown
		}
		st := c.states[s/c.width]
		d.reset(c)
		s = d.intern(c, st.pcs, st.flags)
	}
	sym := symEOL
	if col != c.eol {
		sym = int(d.prog.rep[col])
	}
	st := &c.states[s/c.width]
	nl := d.block && sym == '\n'
	matched, cut := d.closure(c, st.pcs, st.flags, sym, nl)
	flags := st.flags & fNoNew
	if cut {
		flags |= fNoNew
	}
	c.next = c.next[:0]
	if sym < 256 && !nl {
		b := byte(sym)
		c.walk.gen++
		for _, pc := range c.list {
			if to, ok := edgeFor(d.prog.inst[pc].ranges, b); ok && c.walk.once(to) {
				c.next = append(c.next, to)
			}
		}
		if base.IsWord(b) {
			flags |= fWord
		} else if d.opens(b) {
			flags |= fHigh
		}
	}
	var next int32
	switch {
	case nl && !d.unanchored:
		next = lazyDead // anchored, a run ends with its line
	case nl:
		// A block's next line starts afresh.
		next = d.start(c, fBOL)
	case sym == symEOL:
		next = lazyDead
	default:
		next = d.intern(c, c.next, flags)
	}
	var bits int32
	if d.first >= 0 && next != lazyDead && len(c.states[next/c.width].pcs) == 0 && c.states[next/c.width].flags&fNoNew == 0 {
		bits |= 2
	}
	if matched {
		bits |= 1
	}
	t := special(next, bits)
	c.trans[s+col] = t
	return t
}

// lazyThrash: a cache thrashes when it makes a state for fewer bytes
// than this; a byte costs the NFA about what a state costs to make.
const lazyThrash = 16

// edgeFor returns where the edge of ranges that holds b leads.
func edgeFor(ranges []byteEdge, b byte) (uint32, bool) {
	for _, e := range ranges {
		if b < e.lo {
			break
		}
		if b <= e.hi {
			return e.next, true
		}
	}
	return 0, false
}

// closure follows, in priority order, the threads pcs (and a new one at
// the start, unanchored and before any match) through their splits and
// the assertions that hold between what flags say came before and sym,
// into c.list: the threads that read a byte next. matched: one reached
// the match; cut: forward, the threads after it were dropped.
func (d *Lazy) closure(c *lazyCache, pcs []uint32, flags uint8, sym int, nl bool) (matched, cut bool) {
	if nl {
		sym = symEOL // the line ends here
	}
	ctx := emptyContext(flags&fBOL != 0, flags&fWord != 0, flags&fHigh != 0 && d.continues(sym), sym)
	c.list = c.list[:0]
	c.walk.gen++
	n := len(pcs)
	if d.unanchored && flags&fNoNew == 0 {
		n++
	}
	for k := range n {
		pc := d.prog.start
		if k < len(pcs) {
			pc = pcs[k]
		}
		// Forward, leftmost-first: what comes after a match has lower
		// priority than it, and is dropped, anchored or not.
		if d.prog.follow(&c.walk, pc, ctx, !d.backwards, func(pc uint32) { c.list = append(c.list, pc) }) {
			matched = true
			if !d.backwards {
				return true, true
			}
		}
	}
	return matched, false
}

// opens reports whether b, read, may leave the scan inside a character:
// b is from 0x80 (backwards, a continuation byte).
func (d *Lazy) opens(b byte) bool {
	if d.prog.bytewise {
		return false
	}
	if d.backwards {
		return 0x80 <= b && b <= 0xbf
	}
	return b >= utf8.RuneSelf
}

// continues reports whether sym, after a byte that opens, is inside the
// same character: a continuation byte (backwards, any from 0x80).
func (d *Lazy) continues(sym int) bool {
	if d.backwards {
		return 0x80 <= sym && sym < 256
	}
	return 0x80 <= sym && sym <= 0xbf
}

// emptyContext returns the assertions that hold between a place after a
// line's start (bol) or a word byte (word), and sym; inside says the place
// is inside a character, which as Go's regexp reads UTF-8 is no place at
// all: \B does not hold there.
func emptyContext(bol, word, inside bool, sym int) syntax.EmptyOp {
	var ctx syntax.EmptyOp
	if bol {
		ctx |= syntax.EmptyBeginLine
	}
	if sym == symEOL {
		ctx |= syntax.EmptyEndLine
	}
	if !word {
		ctx |= emptyNoWordBefore
	}
	next := sym < 256 && base.IsWord(byte(sym))
	if !next {
		ctx |= emptyNoWordAfter
	}
	if word != next {
		ctx |= syntax.EmptyWordBoundary
	} else if !inside {
		ctx |= syntax.EmptyNoWordBoundary
	}
	return ctx
}

// growDoubled returns s with room for n more, its capacity doubled when
// it lacks it: append grows a large slice by a quarter, copying it each
// time, and the tables and programs built here grow by many small steps.
func growDoubled[T any](s []T, n int) []T {
	if cap(s)-len(s) >= n {
		return s
	}
	grown := make([]T, len(s), 2*(len(s)+n))
	copy(grown, s)
	return grown
}
