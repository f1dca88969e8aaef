package posix

import (
	"unicode/utf8"

	"urg/match/base"
)

// escapeSet is the set of \s, \S, \w or \W: [[:space:]], [^[:space:]],
// [_[:alnum:]] and [^_[:alnum:]].
func (p *posixParser) escapeSet(c rune) *charSet {
	var r []rune
	if c == 's' || c == 'S' {
		r, _ = classRanges("space", p.uni)
	} else {
		r, _ = classRanges("alnum", p.uni)
		r = append(r, '_', '_')
	}
	s := setOf(r)
	if p.fold {
		s = foldClosure(s, p.uni)
	}
	if c == 'S' || c == 'W' {
		s = s.complement(lastChar(p.uni))
	}
	return s
}

// bracketElem is one element of a bracket expression: a class
// [:name:], an equivalence class [=c=], a collating symbol [.c.] or a
// character c.
type bracketElem struct {
	class       string
	equiv, coll bool
	c           rune
}

// bracket reads a bracket expression whose '[' was just read, with
// glibc's errors and dfa.c's [:space:] check.
func (p *posixParser) bracket() (*charSet, error) {
	var ranges, upper []rune
	if p.pos >= len(p.src) {
		return nil, errBadPattern
	}
	invert := false
	if p.src[p.pos] == '^' {
		invert = true
		if p.pos++; p.pos >= len(p.src) {
			return nil, errBadPattern
		}
	}
	colon := 0 // dfa.c's colon_warning_state
	if p.pos < len(p.src) && p.src[p.pos] == ':' {
		colon = 1
	}
	first := true
	for {
		if p.pos >= len(p.src) {
			return nil, errBracket
		}
		if p.src[p.pos] == ']' && !first {
			p.pos++
			break
		}
		colon &^= 2
		start, err := p.element(first)
		if err != nil {
			return nil, err
		}
		first = false
		if start.class != "" {
			r, _ := classRanges(start.class, p.uni)
			ranges = append(ranges, r...)
			colon |= 8
			continue
		}
		if p.pos >= len(p.src) {
			return nil, errBracket
		}
		if start.equiv {
			ranges = append(ranges, equivalents(start.c, p.collation)...)
			colon |= 8
			continue
		}
		// A range, unless its '-' is the last member.
		if p.src[p.pos] == '-' && p.pos+1 < len(p.src) && p.src[p.pos+1] != ']' {
			p.pos++
			if ranges, upper, err = p.bracketRange(start, ranges, upper); err != nil {
				return nil, err
			}
			colon |= 8
			continue
		}
		if p.src[p.pos] == '-' && p.pos+1 >= len(p.src) {
			return nil, errBracket
		}
		if start.c < invalidBase {
			// A byte that is not UTF-8 is a member that matches
			// nothing, as in glibc.
			ranges = append(ranges, start.c, start.c)
		}
		switch {
		case start.coll:
			colon |= 8
		case start.c == ':':
			colon |= 2
		default:
			colon |= 4
		}
	}
	if colon == 7 && p.late == nil {
		p.late = errColonClass
	}
	return p.bracketSet(ranges, upper, invert), nil
}

// bracketRange reads the end of a range whose start is read, past its
// '-', and adds the range to ranges (the characters, flat pairs) or, -i
// under UTF-8, to upper (the characters whose upper case is in it).
func (p *posixParser) bracketRange(start bracketElem, ranges, upper []rune) ([]rune, []rune, error) {
	end, err := p.element(true)
	if err != nil {
		return nil, nil, err
	}
	if end.class != "" || end.equiv {
		return nil, nil, errRange
	}
	if p.uni && (start.c >= utf8.RuneSelf || end.c >= utf8.RuneSelf) {
		// C.UTF-8 has no collation order for glibc to range by
		// beyond ASCII.
		return nil, nil, errCollation
	}
	lo, hi := start.c, end.c
	if p.fold {
		// glibc reads the pattern in upper case under -i.
		lo, hi = foldKey(lo, p.uni), foldKey(hi, p.uni)
	}
	if lo > hi {
		return nil, nil, errRange
	}
	switch {
	case p.fold && p.uni:
		// The characters whose upper case is in the range (glibc's;
		// dfa.c leaves such a range to it).
		upper = append(upper, upperIn(lo, hi)...)
	case start.c <= end.c:
		// dfa.c's, in the C locale: the range's own characters,
		// folded below ([a-Z] under -i is none of them).
		ranges = append(ranges, start.c, end.c)
	}
	return ranges, upper, nil
}

// bracketSet is the set a bracket expression's members make: ranges
// (flat pairs), folded under -i, with upper's characters, complemented
// when invert.
func (p *posixParser) bracketSet(ranges, upper []rune, invert bool) *charSet {
	s := setOf(ranges)
	if p.fold {
		s = foldClosure(s, p.uni)
	}
	if len(upper) > 0 {
		s = setOf(append(flat(s.pairs()), upper...))
	}
	if invert {
		s = s.complement(lastChar(p.uni))
	}
	return s
}

// upperIn returns, as flat [lo, hi] pairs, the characters whose upper
// case (foldKey under UTF-8) lies in [lo, hi], ASCII: those of ASCII,
// and ſ and ı, whose upper cases are S and I.
func upperIn(lo, hi rune) []rune {
	var out []rune
	for c := rune(0); c < utf8.RuneSelf; c++ {
		if k := foldKey(c, true); lo <= k && k <= hi {
			out = append(out, c, c)
		}
	}
	for _, c := range []rune{base.LongS, dotlessI} {
		if k := foldKey(c, true); lo <= k && k <= hi {
			out = append(out, c, c)
		}
	}
	return out
}

// element reads one element of a bracket expression at src[pos]: a
// class, an equivalence class, a collating symbol or a character. A bare
// '-' is a character only where a range may not start (first, or last
// before the ']'), as glibc has it.
func (p *posixParser) element(first bool) (bracketElem, error) {
	src := p.src
	if src[p.pos] == '[' && p.pos+1 < len(src) && (src[p.pos+1] == ':' || src[p.pos+1] == '.' || src[p.pos+1] == '=') {
		delim := src[p.pos+1]
		i := p.pos + 2
		name := ""
		for {
			if i >= len(src) || i-(p.pos+2) >= 32 {
				return bracketElem{}, errBracket
			}
			if src[i] == delim && i+1 < len(src) && src[i+1] == ']' {
				name = src[p.pos+2 : i]
				break
			}
			if i+1 >= len(src) {
				return bracketElem{}, errBracket
			}
			i++
		}
		p.pos = i + 2
		if delim == ':' {
			class := name
			if p.fold && (name == "upper" || name == "lower") {
				class = "alpha"
			}
			if _, ok := classRanges(class, p.uni); !ok {
				return bracketElem{}, errClassName
			}
			return bracketElem{class: class}, nil
		}
		c, ok := p.collatingChar(name, delim == '=')
		if !ok {
			return bracketElem{}, errCollation
		}
		return bracketElem{equiv: delim == '=', coll: delim == '.', c: c}, nil
	}
	c, w := p.char(p.pos)
	if c == '-' && !first && (p.pos+1 >= len(src) || src[p.pos+1] != ']') {
		return bracketElem{}, errRange
	}
	p.pos += w
	return bracketElem{c: c}, nil
}

// collatingChar is the character a collating symbol or an equivalence
// class names: in the C and C.UTF-8 locales, a single character, beyond
// ASCII none under UTF-8 (C.UTF-8 has no collation elements there); in a
// locale with a collation, an equivalence class of any one character.
func (p *posixParser) collatingChar(name string, equiv bool) (rune, bool) {
	if p.collation != "" && equiv {
		// A locale with a collation has a class for each character
		// (as glibc, not a collating symbol beyond ASCII).
		c, n := utf8.DecodeRuneInString(name)
		return c, n == len(name) && c != utf8.RuneError
	}
	if len(name) != 1 {
		return 0, false
	}
	c := rune(name[0])
	if p.uni && c >= utf8.RuneSelf {
		return 0, false
	}
	return c, true
}
