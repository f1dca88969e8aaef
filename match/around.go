package match

import (
	"bytes"
	"io"
	"regexp"
	"regexp/syntax"
	"unicode/utf8"
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
// Only patterns without anchors or word boundaries qualify (Pre and Suf
// see no context past the occurrence's line), and only those that match
// ASCII alone, so that reading bytes one at a time is the same as reading
// UTF-8.
type around struct {
	lit []byte
	pre *regexp.Regexp // Pre reversed, anchored; nil when Pre is empty
	suf *regexp.Regexp // Suf, anchored; nil when Suf is empty
}

// newAround returns the around for tree, or nil when tree is not of that
// shape.
func newAround(tree *syntax.Regexp) *around {
	if tree.Op != syntax.OpConcat || !asciiOnly(tree) || hasAssertion(tree) {
		return nil
	}
	k := -1
	for i, sub := range tree.Sub {
		if sub.Op == syntax.OpLiteral && sub.Flags&syntax.FoldCase == 0 && len(sub.Rune) > 1 &&
			(k < 0 || len(sub.Rune) > len(tree.Sub[k].Rune)) {
			k = i
		}
	}
	if k < 0 {
		return nil
	}
	a := &around{lit: []byte(string(tree.Sub[k].Rune))}
	var err error
	if k > 0 {
		rev := make([]*syntax.Regexp, k)
		for i, sub := range tree.Sub[:k] {
			rev[k-1-i] = reversed(sub)
		}
		if a.pre, err = regexp.Compile(`^(?:` + (&syntax.Regexp{Op: syntax.OpConcat, Sub: rev}).String() + `)`); err != nil {
			return nil
		}
	}
	if k < len(tree.Sub)-1 {
		suf := &syntax.Regexp{Op: syntax.OpConcat, Sub: tree.Sub[k+1:]}
		if a.suf, err = regexp.Compile(`^(?:` + suf.String() + `)`); err != nil {
			return nil
		}
	}
	return a
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
	if a.pre != nil && !a.pre.MatchReader(&byteReader{b: line[:i], back: true}) {
		return false
	}
	return a.suf == nil || a.suf.MatchReader(&byteReader{b: line[i+len(a.lit):]})
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
