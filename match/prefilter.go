package match

import (
	"bytes"
	"regexp/syntax"
	"unicode/utf8"
)

// prefilter is a literal that every match contains, found before the regex
// runs. Under case folding it is kept in lower case and found through its
// rarest byte in either case.
type prefilter struct {
	lit  []byte
	fold bool
	// needle is the index in lit of the byte scanned for when folding.
	needle int
	// pair finds candidates by two bytes at once where the CPU can
	// (AVX2); nil elsewhere.
	pair *pair
}

// appendAtom extends the literal by re when re is one: a case-sensitive
// literal, or a class that is one ASCII letter in both cases (what -i makes
// of a letter). It reports whether it did.
func (p *prefilter) appendAtom(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			for _, r := range re.Rune {
				if isLetter(r) || r >= utf8.RuneSelf {
					return false
				}
			}
		}
		p.lit = append(p.lit, string(re.Rune)...)
		return true
	case syntax.OpCharClass:
		r := re.Rune
		if len(r) == 4 && r[0] == r[1] && r[2] == r[3] && 'A' <= r[0] && r[0] <= 'Z' && r[2] == r[0]+'a'-'A' {
			p.lit = append(p.lit, byte(r[2]))
			p.fold = true
			return true
		}
	}
	return false
}

func isLetter(r rune) bool { return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' }

// better returns the more selective of two literals: the longer, counting a
// folded letter as a little less than an exact byte.
func (p prefilter) better(q prefilter) prefilter {
	if q.score() > p.score() {
		return q
	}
	return p
}

func (p prefilter) score() int {
	if p.fold {
		return 3 * len(p.lit)
	}
	return 4 * len(p.lit)
}

// useful reports whether scanning for the literal beats running the regex:
// a single letter, digit or space would stop on most lines.
func (p *prefilter) useful() bool {
	switch len(p.lit) {
	case 0:
		return false
	case 1:
		c := p.lit[0]
		return !(isLetter(rune(c)) || '0' <= c && c <= '9' || c == ' ' || c == '\t')
	}
	return true
}

// prepare picks the needle byte: the rarest in lit, by a rough ranking of
// byte frequency in source code and text. A literal with any folded letter
// is then matched folded as a whole: looser than the pattern where it has
// exact letters too ([Tt]ODO), which is fine for a prefilter whose lines the
// regex confirms.
func (p *prefilter) prepare() {
	if p.fold {
		// ASCII letters only: the literal's other bytes are exact (a
		// byte from 0x80 may be a Latin-1 rune's, whose UTF-8 lowering
		// would change).
		lit := make([]byte, len(p.lit))
		for i, c := range p.lit {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			lit[i] = c
		}
		p.lit = lit
	}
	best := -1
	for i, c := range p.lit {
		f := byteFreq(c)
		if p.fold && isLetter(rune(c)) {
			f += byteFreq(c - 'a' + 'A')
		}
		if best < 0 || f < best {
			best, p.needle = f, i
		}
	}
	if pairSIMD {
		p.pair = newPair(p.lit, p.fold)
	}
}

// index returns the start of the first occurrence of the literal in text,
// or -1.
func (p *prefilter) index(text []byte) int {
	if p.pair != nil {
		return p.pairIndex(text)
	}
	if !p.fold {
		return bytes.Index(text, p.lit)
	}
	lo := p.lit[p.needle]
	up := lo
	if 'a' <= lo && lo <= 'z' {
		up = lo - 'a' + 'A'
	}
	n := len(p.lit)
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
		if s := c - p.needle; s+n <= len(text) && equalFoldASCII(text[s:s+n], p.lit) {
			return s
		}
		pos = c + 1
	}
	return -1
}

// pairIndex is index through p.pair.
func (p *prefilter) pairIndex(text []byte) int {
	n := len(p.lit)
	for at := 0; ; {
		s := p.pair.next(text[at:], n)
		if s < 0 {
			return -1
		}
		s += at
		if p.fold && equalFoldASCII(text[s:s+n], p.lit) || !p.fold && string(text[s:s+n]) == string(p.lit) {
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
