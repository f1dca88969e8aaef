package posix

import (
	"slices"
	"sync"
	"unicode"
	"unicode/utf8"

	"urg/match/base"
	"urg/match/prefilter"
)

// The characters of a POSIX pattern and of the text it is matched against
// are read as GNU grep reads them (see Syntax). In the C locale a
// character is a byte, 0 to 255. Under UTF-8 it is a rune, and a byte
// that is not UTF-8 is the character invalidChar(b), beyond every rune:
// only the same byte written in the pattern matches it.

// invalidBase is where the characters of bytes that are not UTF-8 start.
const invalidBase = unicode.MaxRune + 1

// invalidChar is the character of byte b where it is not UTF-8.
func invalidChar(b byte) rune { return invalidBase + rune(b) }

// charAt decodes the character at line[i] and returns it with its width
// in bytes.
func charAt(line []byte, i int, uni bool) (rune, int) {
	c := line[i]
	if !uni || c < utf8.RuneSelf {
		return rune(c), 1
	}
	r, n := utf8.DecodeRune(line[i:])
	if r == utf8.RuneError && n == 1 {
		return invalidChar(c), 1
	}
	return r, n
}

// charBefore decodes the character that ends at line[i]; -1 at the start
// of the line.
func charBefore(line []byte, i int, uni bool) rune {
	if i == 0 {
		return -1
	}
	c := line[i-1]
	if !uni || c < utf8.RuneSelf {
		return rune(c)
	}
	r, n := utf8.DecodeLastRune(line[:i])
	if r == utf8.RuneError && n == 1 {
		return invalidChar(c)
	}
	return r
}

// isPosixWord reports whether c is a word character for -w, \b, \<, \>,
// \w and \W: '_' or an alphanumeric (grep's wordchar, iswalnum); in the C
// locale the ASCII ones alone. A byte that is not UTF-8 is none.
func isPosixWord(c rune, uni bool) bool {
	if c < utf8.RuneSelf {
		return c >= 0 && base.IsWord(byte(c))
	}
	return uni && c < invalidBase && classSets().has("alnum", c)
}

// charSet is a set of characters: a bitmap of those below 256, where the
// C locale's all are, and sorted [lo, hi] pairs of the others.
type charSet struct {
	low    [4]uint64
	ranges []rune
}

// has reports whether c is in s.
func (s *charSet) has(c rune) bool {
	if c < 256 {
		return c >= 0 && s.low[c>>6]&(1<<(c&63)) != 0
	}
	r := s.ranges
	i, _ := slices.BinarySearch(r, c)
	// c lies in a pair when it is its lo (i even, r[i] == c) or its
	// hi, or falls between them (i odd).
	return i < len(r) && (i%2 == 1 || r[i] == c)
}

// setOf builds the set of the [lo, hi] pairs in ranges, which may overlap
// and come in any order.
func setOf(ranges []rune) *charSet {
	s := &charSet{}
	merged := base.MergeRanges(ranges)
	for i := 0; i+1 < len(merged); i += 2 {
		s.addPair(merged[i], merged[i+1])
	}
	return s
}

// addPair adds [lo, hi], which must not overlap the pairs already there
// from 256 on and must lie after them.
func (s *charSet) addPair(lo, hi rune) {
	for ; lo <= hi && lo < 256; lo++ {
		s.low[lo>>6] |= 1 << (lo & 63)
	}
	if lo <= hi {
		s.ranges = append(s.ranges, lo, hi)
	}
}

// pairs returns the set as sorted, merged [lo, hi] pairs.
func (s *charSet) pairs() [][2]rune {
	var out [][2]rune
	for c := rune(0); c < 256; c++ {
		if !s.has(c) {
			continue
		}
		if n := len(out); n > 0 && out[n-1][1] == c-1 {
			out[n-1][1] = c
		} else {
			out = append(out, [2]rune{c, c})
		}
	}
	for i := 0; i+1 < len(s.ranges); i += 2 {
		lo, hi := s.ranges[i], s.ranges[i+1]
		if n := len(out); n > 0 && out[n-1][1] == lo-1 {
			out[n-1][1] = hi
		} else {
			out = append(out, [2]rune{lo, hi})
		}
	}
	return out
}

// size is how many characters s holds, up to limit (then limit).
func (s *charSet) size(limit int) int {
	n := 0
	for _, p := range s.pairs() {
		n += int(p[1] - p[0] + 1)
		if n >= limit {
			return limit
		}
	}
	return n
}

// flat turns pairs back into flat form.
func flat(ps [][2]rune) []rune {
	out := make([]rune, 0, 2*len(ps))
	for _, p := range ps {
		out = append(out, p[0], p[1])
	}
	return out
}

// complement returns the characters of [0, last] that s lacks: last is
// 255 in the C locale, the last rune under UTF-8, whose negated classes
// match no byte that is not UTF-8.
func (s *charSet) complement(last rune) *charSet {
	out := &charSet{}
	next := rune(0)
	for _, p := range s.pairs() {
		if p[0] > last {
			break
		}
		if p[0] > next {
			out.addPair(next, p[0]-1)
		}
		next = p[1] + 1
	}
	if next <= last {
		out.addPair(next, last)
	}
	return out
}

// lastChar is the greatest character a class may hold: a byte in the C
// locale, a rune under UTF-8.
func lastChar(uni bool) rune {
	if uni {
		return unicode.MaxRune
	}
	return 255
}

// posixClassNames are the names of [[:name:]].
var posixClassNames = []string{"alpha", "upper", "lower", "digit", "xdigit", "space", "punct", "alnum", "print", "graph", "cntrl", "blank"}

// classRanges returns the members of the class [[:name:]] as flat [lo,
// hi] pairs; ok is false for a name that is none. In the C locale they
// are ASCII's; under UTF-8 they are those of glibc's C.UTF-8 (see
// classSets), which differ from Go's unicode tables' likenesses.
func classRanges(name string, uni bool) (ranges []rune, ok bool) {
	if !slices.Contains(posixClassNames, name) {
		return nil, false
	}
	if uni {
		return classSets().flat[name], true
	}
	var out []rune
	for c := rune(0); c < utf8.RuneSelf; c++ {
		if asciiClass(name, byte(c)) {
			out = append(out, c, c)
		}
	}
	return out, true
}

// asciiClass reports whether byte c is in the class name in the C locale.
func asciiClass(name string, c byte) bool {
	alpha := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
	digit := '0' <= c && c <= '9'
	graph := 0x21 <= c && c <= 0x7e
	switch name {
	case "alpha":
		return alpha
	case "upper":
		return 'A' <= c && c <= 'Z'
	case "lower":
		return 'a' <= c && c <= 'z'
	case "digit":
		return digit
	case "xdigit":
		return digit || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
	case "space":
		return c == ' ' || '\t' <= c && c <= '\r'
	case "punct":
		return graph && !alpha && !digit
	case "alnum":
		return alpha || digit
	case "print":
		return graph || c == ' '
	case "graph":
		return graph
	case "cntrl":
		return c < 0x20 || c == 0x7f
	case "blank":
		return c == ' ' || c == '\t'
	}
	return false
}

// utf8Classes are the classes of glibc's C.UTF-8 locale, by name.
type utf8Classes struct {
	flat map[string][]rune
	sets map[string]*charSet
}

func (u *utf8Classes) has(name string, c rune) bool { return u.sets[name].has(c) }

// classSets builds, once, the classes of glibc's C.UTF-8 (2.36, whose
// tables glibc generates from Unicode's data) from Go's unicode tables, by
// glibc's rules: alpha is Alphabetic and the digits beyond ASCII, upper and
// lower are Uppercase and Lowercase or what has a case mapping away,
// digit and xdigit are ASCII, space and blank leave out the no-break
// spaces, cntrl is Cc with the line and paragraph separators, print is
// every assigned character but those, graph leaves the spaces out of it,
// punct is graph that is no alnum. They agree with glibc's over every
// character of Unicode 14, which glibc 2.36 has; characters that Go's
// later Unicode assigns differ.
var classSets = sync.OnceValue(func() *utf8Classes {
	tables := func(ts ...*unicode.RangeTable) []rune {
		var out []rune
		for _, t := range ts {
			out = append(out, base.TableRanges(t)...)
		}
		return out
	}
	mapped := func(to func(rune) rune) []rune {
		var out []rune
		for _, cr := range unicode.CaseRanges {
			for r := rune(cr.Lo); r <= rune(cr.Hi); r++ {
				if to(r) != r {
					out = append(out, r, r)
				}
			}
		}
		return out
	}
	noBreak := []rune{0xa0, 0xa0, 0x2007, 0x2007, 0x202f, 0x202f}
	digits := []rune{'0', '9'}
	alpha := minus(tables(unicode.Lu, unicode.Ll, unicode.Lt, unicode.Lm, unicode.Lo, unicode.Nl, unicode.Other_Alphabetic, unicode.Nd), digits)
	space := minus(append(tables(unicode.Zs, unicode.Zl, unicode.Zp), '\t', '\r', ' ', ' '), noBreak)
	print := tables(unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Zs, unicode.Cf, unicode.Co)
	graph := minus(print, space)
	alnum := append(slices.Clone(alpha), digits...)
	u := &utf8Classes{flat: map[string][]rune{
		"alpha":  alpha,
		"upper":  append(mapped(unicode.ToLower), tables(unicode.Lu, unicode.Other_Uppercase)...),
		"lower":  append(mapped(unicode.ToUpper), tables(unicode.Ll, unicode.Other_Lowercase)...),
		"digit":  digits,
		"xdigit": {'0', '9', 'A', 'F', 'a', 'f'},
		"space":  space,
		"punct":  minus(graph, alnum),
		"alnum":  alnum,
		"print":  print,
		"graph":  graph,
		"cntrl":  append(tables(unicode.Cc), 0x2028, 0x2029),
		"blank":  minus(append(tables(unicode.Zs), '\t', '\t'), noBreak),
	}, sets: map[string]*charSet{}}
	for name, r := range u.flat {
		u.flat[name] = base.MergeRanges(r)
		u.sets[name] = setOf(r)
	}
	return u
})

// minus returns the flat pairs of a that are not in b.
func minus(a, b []rune) []rune { return base.MinusRanges(base.MergeRanges(a), base.MergeRanges(b)) }

// foldKey is what -i compares characters by: grep folds c and d together
// when they have the same upper case (towupper), in the C locale for
// ASCII letters alone.
func foldKey(c rune, uni bool) rune {
	if c < utf8.RuneSelf {
		if 'a' <= c && c <= 'z' {
			return c - 'a' + 'A'
		}
		return c
	}
	if !uni || c >= invalidBase {
		return c
	}
	return unicode.ToUpper(c)
}

// dotlessI is the one character whose upper case (I) does not have it in
// its case orbit (unicode.SimpleFold): i, I and ı fold together for grep.
const dotlessI = 'ı'

// foldSet returns the characters that -i takes c for: those whose upper
// case is c's (GNU grep's case_folded_counterparts with towupper): s, S
// and ſ, but k and K without the Kelvin sign, whose upper case is itself.
// In the C locale, ASCII letters have their other case and nothing else
// has any.
func foldSet(c rune, uni bool) []rune {
	if !uni || c >= invalidBase {
		if prefilter.IsLetter(c) {
			return []rune{c, c ^ 0x20}
		}
		return []rune{c}
	}
	key := unicode.ToUpper(c)
	out := []rune{c}
	add := func(r rune) {
		if unicode.ToUpper(r) == key && !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	add(key)
	for f := unicode.SimpleFold(key); f != key; f = unicode.SimpleFold(f) {
		add(f)
	}
	if key == 'I' {
		add(dotlessI)
	}
	return out
}

// foldClosure returns s with every character -i takes one of its
// members for (see foldSet). Only characters with a case mapping, which
// unicode.CaseRanges lists, and ı's I have others.
func foldClosure(s *charSet, uni bool) *charSet {
	var add []rune
	extend := func(r rune) {
		for _, f := range foldSet(r, uni) {
			if !s.has(f) {
				add = append(add, f, f)
			}
		}
	}
	if !uni {
		for c := rune('A'); c <= 'z'; c++ {
			if s.has(c) && prefilter.IsLetter(c) {
				extend(c)
			}
		}
	} else {
		for _, cr := range unicode.CaseRanges {
			for r := rune(cr.Lo); r <= rune(cr.Hi); r++ {
				if s.has(r) {
					extend(r)
				}
			}
		}
		if s.has(dotlessI) {
			extend(dotlessI)
		}
	}
	if len(add) == 0 {
		return s
	}
	return setOf(append(flat(s.pairs()), add...))
}
