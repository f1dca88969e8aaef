package posix

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// emitter spells a parsed POSIX pattern in the Perl syntax the rest of the
// package compiles, so that its literals, Teddy, the lazy DFA and Go's
// regexp select the lines. The spelling matches every line the pattern
// matches; exact says it matches no other, so that no line it selects
// needs the POSIX engine's confirmation. What Go's regexp cannot say is
// spelt looser, and exact cleared:
//
//   - a back-reference is the group it refers to, spelt again without
//     its assertions (any text the group could match);
//   - \< and \> are \b, exactly so where a word character must follow
//     \< or precede \> ("\<foo\>");
//   - under UTF-8, \b, \B, \< and \> match anywhere: Go's \b has ASCII
//     words, and the translation of the others has PCRE's Unicode words,
//     not glibc's;
//   - under UTF-8, ^ in a pattern that may match the empty string is
//     dropped: the Perl path follows PCRE2 there, which finds no start
//     of line before a byte that starts no UTF-8 sequence (but not when
//     spelt to capture, for the engines of whole records);
//   - a count beyond Go's 1000, or every count when relax is set (the
//     pattern was too large for Go), becomes * or +.
type emitter struct {
	b      strings.Builder
	uni    bool
	exact  bool
	relax  bool
	noBOL  bool
	groups map[int]*pnode
	strip  int // inside a back-reference's copy: assertions match anywhere
	// capture spells groups as capturing ones, numbered as POSIX numbers
	// them, for --replace's $1 (see posixSources).
	capture bool
}

// emitPosix spells the pattern n (see emitter).
func emitPosix(n *pnode, uni, relax bool) (src string, exact bool) {
	return emitPosixAs(&emitter{uni: uni, exact: true, relax: relax, groups: map[int]*pnode{}}, n)
}

// emitPosixAs spells n with e, an emitter set up as emitPosix's, or to
// capture.
func emitPosixAs(e *emitter, n *pnode) (src string, exact bool) {
	uni := e.uni
	collectGroups(n, e.groups)
	if uni && !e.capture && posixMinLen(n) == 0 && holdsPosixOp(n, pBegLine) {
		// A spelling to capture runs over a whole line or record in
		// the backtracking engine, not in the line search this rule
		// serves: its ^ is kept.
		e.noBOL, e.exact = true, false
	}
	e.node(n)
	return e.b.String(), e.exact
}

func collectGroups(n *pnode, m map[int]*pnode) {
	if n.op == pGroup {
		m[n.n] = n
	}
	for _, s := range n.sub {
		collectGroups(s, m)
	}
}

func holdsPosixOp(n *pnode, op pop) bool {
	if n.op == op {
		return true
	}
	for _, s := range n.sub {
		if holdsPosixOp(s, op) {
			return true
		}
	}
	return false
}

// maxGoRepeat is the largest count Go's parser takes.
const maxGoRepeat = 1000

func (e *emitter) node(n *pnode) {
	b := &e.b
	switch n.op {
	case pEmpty:
		b.WriteString("(?:)")
	case pChar:
		e.char(n.c)
	case pSet:
		e.set(n.set)
	case pAny:
		b.WriteByte('.')
	case pBegLine, pEndLine, pWordB, pNotWordB, pBegWord, pEndWord:
		e.assert(n.op, false)
	case pConcat:
		for i, s := range n.sub {
			// \<foo and foo\>: \b is exact where a word character
			// is sure to be on the far side.
			sure := s.op == pBegWord && i+1 < len(n.sub) && edgeWord(n.sub[i+1], true, e.uni) ||
				s.op == pEndWord && i > 0 && edgeWord(n.sub[i-1], false, e.uni)
			if s.zeroWidth() {
				e.assert(s.op, sure)
				continue
			}
			e.node(s)
		}
	case pAlt:
		b.WriteString("(?:")
		for i, s := range n.sub {
			if i > 0 {
				b.WriteByte('|')
			}
			e.node(s)
		}
		b.WriteByte(')')
	case pGroup:
		if e.capture {
			b.WriteByte('(')
		} else {
			b.WriteString("(?:")
		}
		e.node(n.sub[0])
		b.WriteByte(')')
	case pRepeat:
		e.repeat(n)
	case pBackref:
		e.exact = false
		e.strip++
		b.WriteString("(?:")
		e.node(e.groups[n.n].sub[0])
		b.WriteByte(')')
		e.strip--
	}
}

// assert spells an assertion; sure says a word character is on the
// far side of a \< or \>.
func (e *emitter) assert(op pop, sure bool) {
	b := &e.b
	loose := func() {
		e.exact = false
		b.WriteString("(?:)")
	}
	if e.strip > 0 {
		loose()
		return
	}
	switch op {
	case pBegLine:
		if e.noBOL {
			loose()
			return
		}
		b.WriteByte('^')
	case pEndLine:
		b.WriteByte('$')
	case pWordB, pNotWordB, pBegWord, pEndWord:
		if e.uni {
			loose()
			return
		}
		switch {
		case op == pNotWordB:
			b.WriteString(`\B`)
		case op == pWordB || sure:
			b.WriteString(`\b`)
		default:
			e.exact = false
			b.WriteString(`\b`)
		}
	}
}

func (e *emitter) repeat(n *pnode) {
	b := &e.b
	sub := n.sub[0]
	if n.max == 0 {
		b.WriteString("(?:)")
		return
	}
	if sub.zeroWidth() {
		// Repeating an assertion is having it, or not.
		if n.min == 0 {
			b.WriteString("(?:)")
		} else {
			e.node(sub)
		}
		return
	}
	b.WriteString("(?:")
	e.node(sub)
	b.WriteByte(')')
	lo, hi := n.min, n.max
	if e.relax && (lo > 1 || hi > 1) || lo > maxGoRepeat || hi > maxGoRepeat {
		e.exact = false
		lo, hi = min(lo, 1), -1
	}
	switch {
	case lo == 0 && hi < 0:
		b.WriteByte('*')
	case lo == 1 && hi < 0:
		b.WriteByte('+')
	case lo == 0 && hi == 1:
		b.WriteByte('?')
	case hi < 0:
		fmt.Fprintf(b, "{%d,}", lo)
	case lo == hi:
		fmt.Fprintf(b, "{%d}", lo)
	default:
		fmt.Fprintf(b, "{%d,%d}", lo, hi)
	}
}

// char spells character c (the same way inside a class).
func (e *emitter) char(c rune) {
	b := &e.b
	switch {
	case c >= invalidBase:
		// A byte that is not UTF-8, as it is: the Perl path then
		// matches it as itself (with regexp2, whose '.' and negated
		// classes also take such bytes: looser).
		e.exact = false
		b.WriteByte(byte(c - invalidBase))
	case c < utf8.RuneSelf && c > ' ' && c != 0x7f:
		if strings.ContainsRune(`\.+*?()|[]{}^$-#`, c) {
			b.WriteByte('\\')
		}
		b.WriteByte(byte(c))
	default:
		// In the C locale, a byte from 0x80 is read as its byteRune
		// (byteEscaped).
		fmt.Fprintf(b, `\x{%x}`, c)
	}
}

// set spells a class.
func (e *emitter) set(s *charSet) {
	b := &e.b
	ps := s.pairs()
	if len(ps) == 0 {
		b.WriteString(`[^\x00-\x{10ffff}]`)
		return
	}
	b.WriteByte('[')
	for _, p := range ps {
		lo, hi := p[0], p[1]
		if !e.uni && lo < utf8.RuneSelf && hi >= utf8.RuneSelf {
			// The C locale's bytes from 0x80 are read apart from
			// ASCII (byteRunes): no range spans both.
			e.pair(lo, utf8.RuneSelf-1)
			lo = utf8.RuneSelf
		}
		e.pair(lo, hi)
	}
	b.WriteByte(']')
}

func (e *emitter) pair(lo, hi rune) {
	e.char(lo)
	if hi > lo {
		e.b.WriteByte('-')
		e.char(hi)
	}
}

// edgeWord reports whether every match of n starts (first) or ends with
// a word character.
func edgeWord(n *pnode, first, uni bool) bool {
	switch n.op {
	case pChar:
		return isPosixWord(n.c, uni)
	case pSet:
		for _, p := range n.set.pairs() {
			if p[1]-p[0] > 256 {
				return false
			}
			for c := p[0]; c <= p[1]; c++ {
				if !isPosixWord(c, uni) {
					return false
				}
			}
		}
		return true
	case pGroup:
		return edgeWord(n.sub[0], first, uni)
	case pRepeat:
		return n.min > 0 && edgeWord(n.sub[0], first, uni)
	case pAlt:
		for _, s := range n.sub {
			if !edgeWord(s, first, uni) {
				return false
			}
		}
		return true
	case pConcat:
		subs := n.sub
		for i := range subs {
			s := subs[i]
			if !first {
				s = subs[len(subs)-1-i]
			}
			if s.zeroWidth() {
				continue
			}
			return posixMinLen(s) > 0 && edgeWord(s, first, uni)
		}
	}
	return false
}

// posixMinLen is the fewest characters a match of n holds.
func posixMinLen(n *pnode) int {
	switch n.op {
	case pChar, pSet, pAny:
		return 1
	case pConcat:
		t := 0
		for _, s := range n.sub {
			t += posixMinLen(s)
		}
		return t
	case pAlt:
		m := -1
		for _, s := range n.sub {
			if l := posixMinLen(s); m < 0 || l < m {
				m = l
			}
		}
		return max(m, 0)
	case pRepeat:
		return n.min * posixMinLen(n.sub[0])
	case pGroup:
		return posixMinLen(n.sub[0])
	}
	return 0
}

// fixedLen is how many characters every match of n holds, -1 when that
// varies: then where a match starts does not say where it ends, and
// leftmost-first and leftmost-longest part.
func fixedLen(n *pnode) int {
	switch n.op {
	case pChar, pSet, pAny:
		return 1
	case pConcat:
		t := 0
		for _, s := range n.sub {
			l := fixedLen(s)
			if l < 0 {
				return -1
			}
			t += l
		}
		return t
	case pAlt:
		l := fixedLen(n.sub[0])
		for _, s := range n.sub[1:] {
			if fixedLen(s) != l {
				return -1
			}
		}
		return l
	case pRepeat:
		if n.max == 0 || n.sub[0].zeroWidth() {
			return 0
		}
		l := fixedLen(n.sub[0])
		if l < 0 || n.min != n.max {
			return -1
		}
		return n.min * l
	case pGroup:
		return fixedLen(n.sub[0])
	case pBackref:
		return -1
	}
	return 0
}
