// Package prefilter finds where a match may start faster than an engine
// reads the text: a literal every match contains, found by its rarest byte
// or by two of its bytes 32 positions at a time (AVX2); several literals
// at once (Teddy, a fused pair scan); a literal behind a run of one class
// at a line's start (Lead); a run of class bytes every match holds
// (ClassRun). The engines confirm what it finds. It also holds the line
// finders of patterns that such scans decide whole, with no regex after
// them: a class run at the line's end, a line's length and bytes, one
// class (NewTrail, NewShape, NewAnyByte).
package prefilter

import (
	"bytes"
	"regexp/syntax"
	"unicode/utf8"
)

// Literal is a literal that every match contains, found before the regex
// runs. Under case folding it is kept in lower case and found through its
// rarest byte in either case.
type Literal struct {
	Lit  []byte
	Fold bool
	// needle is the index in lit of the byte scanned for when folding.
	needle int
	// Pair finds candidates by two bytes at once where the CPU can
	// (AVX2); nil elsewhere.
	Pair *Pair
}

// AppendAtom extends the literal by re when re is one: a case-sensitive
// literal, or a class that is one ASCII letter in both cases (what -i makes
// of a letter). It reports whether it did.
func (p *Literal) AppendAtom(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			for _, r := range re.Rune {
				if IsLetter(r) || r >= utf8.RuneSelf {
					return false
				}
			}
		}
		p.Lit = append(p.Lit, string(re.Rune)...)
		return true
	case syntax.OpCharClass:
		r := re.Rune
		if len(r) == 4 && r[0] == r[1] && r[2] == r[3] && 'A' <= r[0] && r[0] <= 'Z' && r[2] == r[0]+'a'-'A' {
			p.Lit = append(p.Lit, byte(r[2]))
			p.Fold = true
			return true
		}
	}
	return false
}

func IsLetter(r rune) bool { return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' }

// Better returns the more selective of two literals: the longer, counting a
// folded letter as a little less than an exact byte.
func (p Literal) Better(q Literal) Literal {
	if q.score() > p.score() {
		return q
	}
	return p
}

// NoWorse reports whether p is as good a literal to scan for as q: as
// long, and its rarest byte as rare (by the ranking Prepare uses).
func (p Literal) NoWorse(q Literal) bool {
	if p.score() != q.score() {
		return p.score() > q.score()
	}
	return p.rarest() <= q.rarest()
}

// rarest is the frequency rank of the literal's rarest byte (low: rare).
func (p Literal) rarest() int {
	r := len(byteRank) + 1
	for _, c := range p.Lit {
		r = min(r, byteFreq(c))
	}
	return r
}

func (p Literal) score() int {
	if p.Fold {
		return 3 * len(p.Lit)
	}
	return 4 * len(p.Lit)
}

// Useful reports whether scanning for the literal beats running the regex:
// a single letter, digit or space would stop on most lines.
func (p *Literal) Useful() bool {
	switch len(p.Lit) {
	case 0:
		return false
	case 1:
		c := p.Lit[0]
		return !(IsLetter(rune(c)) || '0' <= c && c <= '9' || c == ' ' || c == '\t')
	}
	return true
}

// Prepare picks the needle byte the scan without pairs stops at: the one
// with the least share of text (byteShare), both cases counted when
// folded. A literal with any folded letter
// is then matched folded as a whole: looser than the pattern where it has
// exact letters too ([Tt]ODO), which is fine for a prefilter whose lines the
// regex confirms.
func (p *Literal) Prepare() {
	if p.Fold {
		// ASCII letters only: the literal's other bytes are exact (a
		// byte from 0x80 may be a Latin-1 rune's, whose UTF-8 lowering
		// would change).
		lit := make([]byte, len(p.Lit))
		for i, c := range p.Lit {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			lit[i] = c
		}
		p.Lit = lit
	}
	best := -1
	for i, c := range p.Lit {
		if f := needleCost(c, p.Fold); best < 0 || f < best {
			best, p.needle = f, i
		}
	}
	if SIMD {
		p.Pair = newPair(p.Lit, p.Fold)
	}
}

// Index returns the start of the first occurrence of the literal in text,
// or -1.
func (p *Literal) Index(text []byte) int {
	if p.Pair != nil {
		return p.pairIndex(text)
	}
	if !p.Fold {
		return p.exactIndex(text)
	}
	lo := p.Lit[p.needle]
	up := lo
	if 'a' <= lo && lo <= 'z' {
		up = lo - 'a' + 'A'
	}
	n := len(p.Lit)
	nextLo, nextUp := -1, -1 // next occurrence of each case, found lazily
	for pos := p.needle; pos < len(text); {
		if nextLo < pos {
			nextLo = indexFrom(text, pos, lo)
		}
		if nextUp < pos {
			nextUp = indexFrom(text, pos, up)
		}
		c := min(nextLo, nextUp)
		if c == len(text) {
			return -1
		}
		if s := c - p.needle; s+n <= len(text) && equalFoldASCII(text[s:s+n], p.Lit) {
			return s
		}
		pos = c + 1
	}
	return -1
}

// exactIndex is Index without folding and without a pair: the needle,
// the literal's byte of least share, rather than bytes.Index's first byte,
// which may be one of the commonest ('_' in C, a space). Where the needle
// stops the scan more than once in 8 bytes, bytes.Index takes the rest:
// its own cutover bounds the work on text made of the literal's bytes.
func (p *Literal) exactIndex(text []byte) int {
	n := len(p.Lit)
	if n < 2 {
		return bytes.Index(text, p.Lit)
	}
	c := p.Lit[p.needle]
	fails := 0
	for pos := p.needle; pos < len(text); {
		i := bytes.IndexByte(text[pos:], c)
		if i < 0 {
			return -1
		}
		s := pos + i - p.needle
		if s+n <= len(text) && string(text[s:s+n]) == string(p.Lit) {
			return s
		}
		pos += i + 1
		if fails++; fails > 16 && fails > pos/8 {
			from := pos - p.needle
			if j := bytes.Index(text[from:], p.Lit); j >= 0 {
				return from + j
			}
			return -1
		}
	}
	return -1
}

// pairIndex is index through p.pair.
func (p *Literal) pairIndex(text []byte) int {
	n := len(p.Lit)
	for at := 0; ; {
		s := p.Pair.next(text[at:], n)
		if s < 0 {
			return -1
		}
		s += at
		if p.Fold && equalFoldASCII(text[s:s+n], p.Lit) || !p.Fold && string(text[s:s+n]) == string(p.Lit) {
			return s
		}
		at = s + 1
	}
}

// indexFrom is the index of c in text at or after pos, or len(text).
func indexFrom(text []byte, pos int, c byte) int {
	if i := bytes.IndexByte(text[pos:], c); i >= 0 {
		return pos + i
	}
	return len(text)
}

// equalFoldASCII compares b with lower, which is in lower case, folding
// ASCII letters only.
func equalFoldASCII(b, lower []byte) bool {
	for i, c := range b {
		if lowerASCII(c) != lower[i] {
			return false
		}
	}
	return true
}

// lowerASCII is c in lower case, for ASCII letters only.
func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// byteRank lists bytes from most to least frequent in source code and
// prose; bytes not listed are rarer still.
const byteRank = " etaoinsrlcdhu\n\tpmfgbywvkx.,()_;=\"/:{}-*0123456789TESARNIOCLDPMFBGHUWVKYXjqzJQZ[]<>&|!+'#%\\@$?^`~"

var freqTable = func() [256]int {
	var t [256]int
	for i := range t {
		t[i] = len(byteRank)
	}
	for i := 0; i < len(byteRank); i++ {
		t[byteRank[i]] = i
	}
	// Lower rank means more frequent; invert so that a low value is rare.
	for i := range t {
		t[i] = len(byteRank) - t[i]
	}
	return t
}()

func byteFreq(c byte) int { return freqTable[c] }

// Gate is the scan for pre, or for the first of any, where every match
// of a pattern holds pre, or one of any; nil when there is neither. The
// literals of any are scanned together, as a Set is (Teddy, the fused
// pair scan), in one pass over the text where the CPU has those scans,
// not one pass for each. A few literals that the CPU cannot scan together
// have no gate: found one by one, they cost the gate's caller as much as
// the prefilter of the matcher it gates, which runs after it anyway.
func Gate(pre *Literal, any []*Literal) func(text []byte) int {
	switch {
	case pre != nil:
		return pre.Index
	case len(any) == 1:
		return any[0].Index
	case any != nil:
		s := NewSet(any)
		if !s.onePass() && len(any) <= maxPairs {
			return nil
		}
		return s.Index
	}
	return nil
}

// EngineName is an engine's name with its prefilter's: +literal for one
// literal, +literals for several.
func EngineName(engine string, pre *Literal, any []*Literal) string {
	switch {
	case pre != nil:
		return engine + "+literal"
	case any != nil:
		return engine + "+literals"
	}
	return engine
}

// ClassRepeat adds to in the bytes of re when re is one ASCII byte class
// (or byte) repeated, and returns how many times: min to max, max < 0
// for no bound. ok is false, and in untouched, for anything else.
func ClassRepeat(in *[256]bool, re *syntax.Regexp) (min, max int, ok bool) {
	atom := re
	min, max = 1, 1
	switch re.Op {
	case syntax.OpPlus:
		atom, max = re.Sub[0], -1
	case syntax.OpStar:
		atom, min, max = re.Sub[0], 0, -1
	case syntax.OpQuest:
		atom, min = re.Sub[0], 0
	case syntax.OpRepeat:
		atom, min, max = re.Sub[0], re.Min, re.Max
	}
	var ranges []rune
	switch {
	case atom.Op == syntax.OpCharClass:
		ranges = atom.Rune
	case atom.Op == syntax.OpLiteral && len(atom.Rune) == 1 && atom.Flags&syntax.FoldCase == 0:
		ranges = []rune{atom.Rune[0], atom.Rune[0]}
	default:
		return 0, 0, false
	}
	for i := 1; i < len(ranges); i += 2 {
		if ranges[i] >= utf8.RuneSelf {
			return 0, 0, false
		}
	}
	for i := 0; i < len(ranges); i += 2 {
		for c := ranges[i]; c <= ranges[i+1]; c++ {
			in[c] = true
		}
	}
	return min, max, true
}
