// Package around decides a line at a literal's occurrence by what lies
// on either side of it, read backwards before it and forwards after it,
// instead of running the regex over the whole line.
package around

import (
	"bytes"
	"io"
	"regexp"
	"regexp/syntax"
	"unicode/utf8"

	"urg/match/parsed"
	"urg/match/prefilter"
)

// Check decides a candidate line without running the regex over the
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
type Check struct {
	lit []byte
	pre *regexp.Regexp // Pre reversed, anchored; nil when Pre is empty
	suf *regexp.Regexp // Suf, anchored; nil when Suf is empty
	// preRun and sufRun replace pre and suf when those are one class
	// repeated (\w+, \s*): a loop over bytes, with no regex to set up.
	preRun, sufRun *repeat
	// preFixed and sufFixed replace them when those are so many bytes,
	// each of a class (`[0-9]{4}`, `[0-9]{2}-[0-9]{2}`): one test a byte.
	preFixed, sufFixed *fixed
}

// fixed is a run of bytes of a known length, each in its class, ending
// at the line's end when anchored.
type fixed struct {
	in       [][256]bool
	anchored bool
}

// newFixed returns the fixed run parts are, or nil: every part is a
// class of one byte, a literal, or a concatenation of those.
func newFixed(parts []*syntax.Regexp, anchored bool) *fixed {
	f := &fixed{anchored: anchored}
	var add func(re *syntax.Regexp) bool
	add = func(re *syntax.Regexp) bool {
		switch {
		case re.Op == syntax.OpConcat:
			for _, sub := range re.Sub {
				if !add(sub) {
					return false
				}
			}
			return true
		case re.Op == syntax.OpLiteral && re.Flags&syntax.FoldCase == 0:
			for _, r := range re.Rune {
				var in [256]bool
				if r >= utf8.RuneSelf {
					return false
				}
				in[r] = true
				f.in = append(f.in, in)
			}
			return true
		}
		var in [256]bool
		if min, max, ok := prefilter.ClassRepeat(&in, re); ok && min == 1 && max == 1 {
			f.in = append(f.in, in)
			return true
		}
		return false
	}
	for _, p := range parts {
		if !add(p) {
			return nil
		}
	}
	if len(f.in) == 0 {
		return nil
	}
	return f
}

// matches reports whether the run matches at the start of b (its end,
// when back); anchored, it must end at b's end or a newline.
func (f *fixed) matches(b []byte, back bool) bool {
	n := len(f.in)
	if len(b) < n {
		return false
	}
	for j := range f.in {
		c := b[j]
		if back {
			c = b[len(b)-1-j]
		}
		if !f.in[j][c] {
			return false
		}
	}
	if !f.anchored || len(b) == n {
		return true
	}
	if back {
		return b[len(b)-1-n] == '\n'
	}
	return b[n] == '\n'
}

// repeat is a byte class repeated min to max times (max < 0: no bound),
// reaching the line's end when anchored.
type repeat struct {
	in       [256]bool
	min, max int
	anchored bool
}

// Lit is the literal whose occurrences are checked.
func (a *Check) Lit() []byte { return a.lit }

// LeadRun is the run before the literal as a Lead reads it; nil when there
// is none.
func (a *Check) LeadRun() *prefilter.Run {
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
	if r.min, r.max, ok = prefilter.ClassRepeat(&r.in, parts[0]); !ok {
		return nil
	}
	return r
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

// New returns the check of tree, or nil when tree is not of that
// shape.
func New(tree *syntax.Regexp) *Check {
	if tree.Op != syntax.OpConcat || !parsed.ASCIIOnly(tree) {
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
		if checkable(sub) && (k < 0 || len(sub.Rune) > len(subs[k].Rune)) {
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
	a := &Check{lit: []byte(string(subs[k].Rune))}
	// Read backwards, the line's start is the end of the text: an anchor
	// at the pattern's start is a $ of the reversed part.
	rev := make([]*syntax.Regexp, k)
	for i, sub := range subs[:k] {
		rev[k-1-i] = reversed(sub)
	}
	a.preRun, a.sufRun = newRepeat(rev, begin != ""), newRepeat(subs[k+1:], end != "")
	if a.preRun == nil {
		a.preFixed = newFixed(rev, begin != "")
	}
	if a.sufRun == nil {
		a.sufFixed = newFixed(subs[k+1:], end != "")
	}
	var err error
	if a.preRun == nil && a.preFixed == nil {
		if a.pre, err = anchoredAt(rev, begin); err != nil {
			return nil
		}
	}
	if a.sufRun == nil && a.sufFixed == nil {
		if a.suf, err = anchoredAt(subs[k+1:], end); err != nil {
			return nil
		}
	}
	return a
}

// checkable reports whether sub is a literal to check around: two bytes
// or more, or one that is rare in text (punctuation, not a letter or a
// blank), so that its occurrences are fewer than the lines it would
// otherwise have the regex run over.
func checkable(sub *syntax.Regexp) bool {
	if sub.Op != syntax.OpLiteral || sub.Flags&syntax.FoldCase != 0 {
		return false
	}
	return len(sub.Rune) > 1 || len(sub.Rune) == 1 && prefilter.ByteShare(byte(sub.Rune[0])) <= rareByte
}

// rareByte is the most of text a byte may be for one alone to be checked
// around: punctuation and digits, not letters or blanks.
const rareByte = 0.01

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

// LineMatches reports whether line holds a match, given that the literal
// occurs at from (and maybe again later).
func (a *Check) LineMatches(line []byte, from int) bool {
	for i := from; i >= 0; {
		if a.At(line, i) {
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

// At reports whether a match has the literal's occurrence at i.
func (a *Check) At(line []byte, i int) bool {
	switch {
	case a.preRun != nil:
		if !a.preRun.matches(line[:i], true) {
			return false
		}
	case a.preFixed != nil:
		if !a.preFixed.matches(line[:i], true) {
			return false
		}
	case a.pre != nil:
		if !a.pre.MatchReader(&byteReader{b: line[:i], back: true}) {
			return false
		}
	}
	return a.SufAt(line, i)
}

// SufAt reports whether Suf matches after the literal's occurrence at i.
func (a *Check) SufAt(line []byte, i int) bool {
	switch {
	case a.sufRun != nil:
		return a.sufRun.matches(line[i+len(a.lit):], false)
	case a.sufFixed != nil:
		return a.sufFixed.matches(line[i+len(a.lit):], false)
	case a.suf != nil:
		return a.suf.MatchReader(&byteReader{b: line[i+len(a.lit):]})
	}
	return true
}

// Cheap reports whether checking an occurrence costs no regex; it may
// then be checked in a block of lines, as well as in its line.
func (a *Check) Cheap() bool {
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
