package match

import (
	"bytes"
	"io"
	"regexp"
	"regexp/syntax"
	"unicode/utf8"

	"urg/match/prefilter"
)

// around decides a candidate line without running the regex over the
// whole of it, for a pattern that is Pre L Suf at its top, L a literal:
// the line matches exactly where, at some occurrence of L, Pre matches
// ending at its start and Suf starting at its end. Pre is run backwards,
// reading the line right to left from the occurrence, and Suf forwards;
// both are anchored there, so they stop as soon as they fail. For
// `\w+Error\(` that is a look at the word before each "Error(", where
// running the regex over lines of a megabyte (binaries under -a) took
// more time than the rest of the search.
//
// Only patterns without word boundaries, and without anchors but at their
// two ends, qualify (Pre and Suf see no context past the occurrence's
// line: an anchor at the start means Pre reaches the line's start, and
// one at the end that Suf reaches its end; `^\s+//` looks back from each
// "//" for nothing but blanks), and only those that match ASCII alone, so
// that reading bytes one at a time is the same as reading UTF-8.
type around struct {
	lit []byte
	pre *regexp.Regexp // Pre reversed, anchored; nil when Pre is empty
	suf *regexp.Regexp // Suf, anchored; nil when Suf is empty
	// preRun and sufRun replace pre and suf when those are one class
	// repeated (\w+, \s*): a loop over bytes, with no regex to set up.
	preRun, sufRun *repeat
}

// repeat is a byte class repeated min to max times (max < 0: no bound),
// reaching the line's end when anchored.
type repeat struct {
	in       [256]bool
	min, max int
	anchored bool
}

// leadRun is the run before the literal as a Lead reads it; nil when there
// is none.
func (a *around) leadRun() *prefilter.Run {
	r := a.preRun
	if r == nil {
		return nil
	}
	return &prefilter.Run{In: r.in, Min: r.min, Max: r.max, Anchored: r.anchored}
}

// newRepeat returns the repeat parts are, or nil.
func newRepeat(parts []*syntax.Regexp, anchored bool) *repeat {
	if len(parts) != 1 {
		return nil
	}
	r := &repeat{anchored: anchored}
	var ok bool
	if r.min, r.max, ok = classRepeat(&r.in, parts[0]); !ok {
		return nil
	}
	return r
}

// classRepeat adds to in the bytes of re when re is one ASCII byte class
// (or byte) repeated, and returns how many times: min to max, max < 0
// for no bound. ok is false, and in untouched, for anything else.
func classRepeat(in *[256]bool, re *syntax.Regexp) (min, max int, ok bool) {
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

// matches reports whether the repeat matches at the start of b (its end,
// when back). Anchored, it must reach the end of b or a newline: b may be
// one line, or a block of lines (no class holds the newline).
func (r *repeat) matches(b []byte, back bool) bool {
	n := 0
	for n < len(b) {
		c := b[n]
		if back {
			c = b[len(b)-1-n]
		}
		if !r.in[c] {
			if r.anchored && c != '\n' {
				return false
			}
			break
		}
		n++
		if !r.anchored && n >= r.min {
			return true
		}
	}
	return n >= r.min && (!r.anchored || r.max < 0 || n <= r.max)
}

// newAround returns the around for tree, or nil when tree is not of that
// shape.
func newAround(tree *syntax.Regexp) *around {
	if tree.Op != syntax.OpConcat || !asciiOnly(tree) {
		return nil
	}
	subs := tree.Sub
	var begin, end string // anchors at the pattern's ends, kept as the line's
	switch subs[0].Op {
	case syntax.OpBeginLine, syntax.OpBeginText:
		begin, subs = "$", subs[1:]
	}
	if n := len(subs); n > 0 {
		switch subs[n-1].Op {
		case syntax.OpEndLine, syntax.OpEndText:
			end, subs = "$", subs[:n-1]
		}
	}
	for _, sub := range subs {
		if hasAssertion(sub) {
			return nil
		}
	}
	k := -1
	for i, sub := range subs {
		if sub.Op == syntax.OpLiteral && sub.Flags&syntax.FoldCase == 0 && len(sub.Rune) > 1 &&
			(k < 0 || len(sub.Rune) > len(subs[k].Rune)) {
			k = i
		}
	}
	if k < 0 && begin != "" && len(subs) > 1 && subs[1].Op == syntax.OpLiteral &&
		subs[1].Flags&syntax.FoldCase == 0 && newRepeat(subs[:1], true) != nil {
		// One byte after a line's leading run (`^ +<`): what precedes it
		// is all the line holds before it, checked in one pass (lead).
		k = 1
	}
	if k < 0 {
		return nil
	}
	a := &around{lit: []byte(string(subs[k].Rune))}
	// Read backwards, the line's start is the end of the text: an anchor
	// at the pattern's start is a $ of the reversed part.
	rev := make([]*syntax.Regexp, k)
	for i, sub := range subs[:k] {
		rev[k-1-i] = reversed(sub)
	}
	a.preRun, a.sufRun = newRepeat(rev, begin != ""), newRepeat(subs[k+1:], end != "")
	var err error
	if a.preRun == nil {
		if a.pre, err = anchoredAt(rev, begin); err != nil {
			return nil
		}
	}
	if a.sufRun == nil {
		if a.suf, err = anchoredAt(subs[k+1:], end); err != nil {
			return nil
		}
	}
	return a
}

// anchoredAt compiles the concatenation of parts anchored at the start of
// the text and, when end is "$", at its end too; nil when there is nothing
// to check.
func anchoredAt(parts []*syntax.Regexp, end string) (*regexp.Regexp, error) {
	if len(parts) == 0 && end == "" {
		return nil, nil
	}
	return regexp.Compile(`^(?:` + (&syntax.Regexp{Op: syntax.OpConcat, Sub: parts}).String() + `)` + end)
}

// hasAssertion reports whether re holds an anchor or a word boundary.
func hasAssertion(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText,
		syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return true
	}
	for _, sub := range re.Sub {
		if hasAssertion(sub) {
			return true
		}
	}
	return false
}

// reversed returns a regexp that matches the reverse of what re matches.
func reversed(re *syntax.Regexp) *syntax.Regexp {
	r := *re
	switch re.Op {
	case syntax.OpLiteral:
		r.Rune = make([]rune, len(re.Rune))
		for i, c := range re.Rune {
			r.Rune[len(re.Rune)-1-i] = c
		}
	case syntax.OpConcat:
		r.Sub = make([]*syntax.Regexp, len(re.Sub))
		for i, sub := range re.Sub {
			r.Sub[len(re.Sub)-1-i] = reversed(sub)
		}
	default:
		r.Sub = make([]*syntax.Regexp, len(re.Sub))
		for i, sub := range re.Sub {
			r.Sub[i] = reversed(sub)
		}
	}
	return &r
}

// lineMatches reports whether line holds a match, given that the literal
// occurs at from (and maybe again later).
func (a *around) lineMatches(line []byte, from int) bool {
	for i := from; i >= 0; {
		if a.at(line, i) {
			return true
		}
		j := bytes.Index(line[i+1:], a.lit)
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

// at reports whether a match has the literal's occurrence at i.
func (a *around) at(line []byte, i int) bool {
	switch {
	case a.preRun != nil:
		if !a.preRun.matches(line[:i], true) {
			return false
		}
	case a.pre != nil:
		if !a.pre.MatchReader(&byteReader{b: line[:i], back: true}) {
			return false
		}
	}
	return a.sufAt(line, i)
}

// sufAt reports whether Suf matches after the literal's occurrence at i.
func (a *around) sufAt(line []byte, i int) bool {
	switch {
	case a.sufRun != nil:
		return a.sufRun.matches(line[i+len(a.lit):], false)
	case a.suf != nil:
		return a.suf.MatchReader(&byteReader{b: line[i+len(a.lit):]})
	}
	return true
}

// cheap reports whether checking an occurrence costs no regex; it may
// then be checked in a block of lines, as well as in its line.
func (a *around) cheap() bool {
	return (a.pre == nil || a.preRun != nil) && (a.suf == nil || a.sufRun != nil)
}

// byteReader reads bytes as runes, one byte each (bytes outside ASCII as
// utf8.RuneError), forwards or backwards from the end.
type byteReader struct {
	b    []byte
	n    int
	back bool
}

func (r *byteReader) ReadRune() (rune, int, error) {
	if r.n == len(r.b) {
		return 0, 0, io.EOF
	}
	r.n++
	c := r.b[r.n-1]
	if r.back {
		c = r.b[len(r.b)-r.n]
	}
	if c >= utf8.RuneSelf {
		return utf8.RuneError, 1, nil
	}
	return rune(c), 1, nil
}
