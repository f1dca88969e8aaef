package automata

import (
	"bytes"
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
// Forward (unanchored), a thread starts at every byte until a match is
// seen; from then on the threads of lower priority than the match's are
// dropped, as Perl's leftmost-first does, and the last match seen when no
// thread is left ends the leftmost-first match. Backwards (anchored,
// every match kept), the program of the reversed pattern run from that
// end finds its start: the leftmost place from which a match reaches
// the end, which is the leftmost-first match's start, since no match
// starts further left.
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

// Transition symbols: the bytes, and the end of the line (or text).
const (
	symEOL    = 256
	lazyWidth = 257
)

// State flags: what came before.
const (
	fBOL   = 1 << iota // the line starts here
	fWord              // the byte before is a word byte
	fNoNew             // a match was seen: no thread starts any more
	fHigh              // the byte before is from 0x80: maybe inside a character
)

// A transition is next<<2, | 1 when a match ends before the byte, | 2
// when next has no thread and the scan of a block may skip to the next
// byte that starts a match (see lazy.first); the
// dead state, with no thread and none to come, is 0.
const (
	lazyUnknown = -1
	lazyDead    = 0
)

type lazyState struct {
	pcs   []uint32
	flags uint8
}

type lazyCache struct {
	states []lazyState
	trans  []int32
	index  map[string]int32
	starts [16]int32 // the start state for each flags, or lazyUnknown
	// made counts the states made since the scan began, to tell a cache
	// that thrashes.
	made int
	walk walk
	list []uint32
	next []uint32
	key  []byte
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
	return &Lazy{prog: prog, unanchored: forward, backwards: !forward, max: maxStates, first: -1}
}

func (d *Lazy) cache() *lazyCache {
	if c, ok := d.pool.Get().(*lazyCache); ok {
		c.made = 0
		return c
	}
	c := &lazyCache{walk: walk{mark: make([]uint32, len(d.prog.inst))}}
	d.reset(c)
	return c
}

func (d *Lazy) reset(c *lazyCache) {
	c.states = c.states[:0]
	c.trans = c.trans[:0]
	c.index = make(map[string]int32)
	for i := range c.starts {
		c.starts[i] = lazyUnknown
	}
	// The dead state: no thread, and every transition back to it.
	c.states = append(c.states, lazyState{flags: fNoNew})
	for range lazyWidth {
		c.trans = append(c.trans, lazyDead<<2)
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
	s := int32(len(c.states))
	c.states = append(c.states, lazyState{pcs: append([]uint32(nil), pcs...), flags: flags})
	c.index[string(c.key)] = s
	for range lazyWidth {
		c.trans = append(c.trans, lazyUnknown)
	}
	c.made++
	return s
}

// step returns the transition from s on sym, made if unknown: -1 when the
// cache thrashes (it was emptied, and this scan has made many states for
// the text it read: scanned bytes).
func (d *Lazy) step(c *lazyCache, s int32, sym int, scanned int) int32 {
	if t := c.trans[int(s)*lazyWidth+sym]; t != lazyUnknown {
		return t
	}
	if len(c.states) >= d.max {
		if c.made > d.max && c.made*lazyThrash > scanned {
			return -1
		}
		st := c.states[s]
		d.reset(c)
		s = d.intern(c, st.pcs, st.flags)
	}
	st := &c.states[s]
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
	var t int32
	switch {
	case nl:
		// A block's next line starts afresh.
		t = d.start(c, fBOL)
	case sym == symEOL:
		t = lazyDead
	default:
		t = d.intern(c, c.next, flags)
	}
	if d.first >= 0 && t != lazyDead && len(c.states[t].pcs) == 0 && c.states[t].flags&fNoNew == 0 {
		t = t<<2 | 2
	} else {
		t <<= 2
	}
	if matched {
		t |= 1
	}
	c.trans[int(s)*lazyWidth+sym] = t
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
		// priority than it, and is dropped.
		if d.prog.follow(&c.walk, pc, ctx, d.unanchored, func(pc uint32) { c.list = append(c.list, pc) }) {
			matched = true
			if d.unanchored {
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

// nextLine returns the bounds of the first line of text that holds a
// match (-1, -1 when none does); ok is false when the cache thrashed.
func (d *Lazy) nextLine(text []byte) (ls, le int, ok bool) {
	c := d.cache()
	defer d.pool.Put(c)
	s := d.start(c, fBOL)
	trans := c.trans
	for i := 0; i < len(text); i++ {
		t := trans[int(s)*lazyWidth+int(text[i])]
		if t < 0 {
			if t = d.step(c, s, int(text[i]), i); t < 0 {
				return 0, 0, false
			}
			trans = c.trans
		}
		if t&3 != 0 {
			if t&1 != 0 {
				ls = bytes.LastIndexByte(text[:i], '\n') + 1
				le = i + bytes.IndexByte(text[i:], '\n')
				if le < i {
					le = len(text)
				}
				return ls, le, true
			}
			// No thread: none starts before the next first byte,
			// and a match needs one.
			j := bytes.IndexByte(text[i+1:], byte(d.first))
			if j < 0 {
				return -1, -1, true
			}
			i += j // the loop's i++ reads the first byte next
			s = d.startAt(c, text[i] == '\n', text[i])
			trans = c.trans
			continue
		}
		s = t >> 2
	}
	if t := d.step(c, s, symEOL, len(text)); t < 0 {
		return 0, 0, false
	} else if t&1 != 0 {
		return bytes.LastIndexByte(text, '\n') + 1, len(text), true
	}
	return -1, -1, true
}

// MatchEnd returns where the leftmost-first match in line from at (which
// sees the bytes before it) ends, -1 when there is none, or with first,
// where the first match seen ends (enough to know the line matches); ok
// is false when the cache thrashed.
func (d *Lazy) MatchEnd(line []byte, at int, first bool) (end int, ok bool) {
	c := d.cache()
	defer d.pool.Put(c)
	var s int32
	if at == 0 {
		s = d.start(c, fBOL)
	} else {
		s = d.startAt(c, false, line[at-1])
	}
	end = -1
	trans := c.trans
	for i := at; i < len(line); i++ {
		t := trans[int(s)*lazyWidth+int(line[i])]
		if t < 0 {
			if t = d.step(c, s, int(line[i]), i-at); t < 0 {
				return 0, false
			}
			trans = c.trans
		}
		if t&1 != 0 {
			if end = i; first {
				return end, true
			}
		}
		if s = t >> 2; s == lazyDead {
			return end, true
		}
	}
	t := d.step(c, s, symEOL, len(line)-at)
	if t < 0 {
		return 0, false
	}
	if t&1 != 0 {
		end = len(line)
	}
	return end, true
}

// matchStart runs the reversed program backwards from end, as far as
// floor, and returns the leftmost place from which a match reaches end;
// ok is false when the cache thrashed.
func (d *Lazy) matchStart(line []byte, floor, end int) (start int, ok bool) {
	c := d.cache()
	defer d.pool.Put(c)
	var s int32
	if end == len(line) {
		s = d.start(c, fBOL)
	} else {
		s = d.startAt(c, false, line[end])
	}
	start = -1
	trans := c.trans
	for i := end - 1; i >= floor; i-- {
		t := trans[int(s)*lazyWidth+int(line[i])]
		if t < 0 {
			if t = d.step(c, s, int(line[i]), end-i); t < 0 {
				return 0, false
			}
			trans = c.trans
		}
		if t&1 != 0 {
			start = i + 1
		}
		if s = t >> 2; s == lazyDead {
			return start, true
		}
	}
	sym := symEOL
	if floor > 0 {
		sym = int(line[floor-1])
	}
	t := d.step(c, s, sym, end-floor)
	if t < 0 {
		return 0, false
	}
	if t&1 != 0 {
		start = floor
	}
	return start, true
}
