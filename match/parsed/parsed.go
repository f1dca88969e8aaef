// Package parsed reads from a pattern's parse (Go's regexp/syntax tree)
// what the engines and the choice between them need: the shortest match,
// a literal every match holds, the literals of an alternation, whether
// the pattern is a plain literal or anchored, and its rewrites for lines
// of a block and for the C locale's case folding.
package parsed

import (
	"regexp/syntax"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"urg/match/base"
)

// Flags are the parser's flags for o: Perl's syntax, folded under -i.
func Flags(o base.Options) syntax.Flags {
	flags := syntax.PerlX | syntax.UnicodeGroups
	if o.IgnoreCase {
		flags |= syntax.FoldCase
	}
	return flags
}

// LineLocal rewrites a parsed pattern so that it matches within one line of
// a multi-line block exactly as PCRE matches it against that line alone:
// nothing matches '\n', and text anchors become line anchors.
func LineLocal(re *syntax.Regexp) *syntax.Regexp {
	switch re.Op {
	case syntax.OpAnyChar:
		re.Op = syntax.OpAnyCharNotNL
	case syntax.OpBeginText:
		re.Op = syntax.OpBeginLine
	case syntax.OpEndText:
		re.Op = syntax.OpEndLine
		re.Flags &^= syntax.WasDollar
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			if r == '\n' {
				return &syntax.Regexp{Op: syntax.OpNoMatch}
			}
		}
	case syntax.OpCharClass:
		re.Rune = withoutNL(re.Rune)
		if len(re.Rune) == 0 {
			return &syntax.Regexp{Op: syntax.OpNoMatch}
		}
	}
	for i, sub := range re.Sub {
		re.Sub[i] = LineLocal(sub)
	}
	return re
}

// withoutNL removes '\n' from a class given as [lo, hi] pairs.
func withoutNL(ranges []rune) []rune { return ClassWithout(ranges, '\n') }

// MinLen returns the length in bytes of the shortest text re can match.
func MinLen(re *syntax.Regexp) int { return MinLenBy(re, runeMinLen) }

// MinLenBy is minLen where a rune (or under fold any rune that folds to
// it) takes at least width bytes: one each in the C locale, whose
// characters are bytes.
func MinLenBy(re *syntax.Regexp, width func(r rune, fold bool) int) int {
	switch re.Op {
	case syntax.OpLiteral:
		n := 0
		for _, r := range re.Rune {
			n += width(r, re.Flags&syntax.FoldCase != 0)
		}
		return n
	case syntax.OpCharClass:
		n := utf8.UTFMax
		for i := 0; i < len(re.Rune); i += 2 {
			n = min(n, width(re.Rune[i], false))
		}
		return n
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return 1
	case syntax.OpCapture, syntax.OpPlus:
		return MinLenBy(re.Sub[0], width)
	case syntax.OpRepeat:
		return re.Min * MinLenBy(re.Sub[0], width)
	case syntax.OpConcat:
		n := 0
		for _, sub := range re.Sub {
			n += MinLenBy(sub, width)
		}
		return n
	case syntax.OpAlternate:
		n := -1
		for _, sub := range re.Sub {
			if l := MinLenBy(sub, width); n < 0 || l < n {
				n = l
			}
		}
		return max(n, 0)
	}
	return 0
}

// runeLen is utf8.RuneLen, counting an invalid rune as the one byte that
// Go's regexp matches it with.
func runeLen(r rune) int {
	if n := utf8.RuneLen(r); n > 0 {
		return n
	}
	return 1
}

// runeMinLen is the shortest encoding of r or, under case folding, of any
// rune that folds to it (the Kelvin sign folds to a one-byte k).
func runeMinLen(r rune, fold bool) int {
	n := runeLen(r)
	if fold {
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			n = min(n, runeLen(f))
		}
	}
	return n
}

// ASCIIFold narrows case-insensitive matching to ASCII letters, as PCRE
// does in the C locale: Go folds the Kelvin sign into k and the long s into
// s, so a folded literal becomes explicit [Xx] classes for its letters, and
// those two runes leave classes that only have them by folding.
func ASCIIFold(re *syntax.Regexp) *syntax.Regexp {
	for i, sub := range re.Sub {
		re.Sub[i] = ASCIIFold(sub)
	}
	switch {
	case re.Op == syntax.OpLiteral && re.Flags&syntax.FoldCase != 0:
		subs := make([]*syntax.Regexp, 0, len(re.Rune))
		for _, r := range re.Rune {
			lo := unicode.ToLower(r)
			if lo < utf8.RuneSelf && 'a' <= lo && lo <= 'z' {
				up := lo - 'a' + 'A'
				subs = append(subs, &syntax.Regexp{Op: syntax.OpCharClass, Rune: []rune{up, up, lo, lo}})
				continue
			}
			// Nothing else has a case here: é is not É.
			subs = append(subs, &syntax.Regexp{Op: syntax.OpLiteral, Rune: []rune{r}, Flags: re.Flags &^ syntax.FoldCase})
		}
		if len(subs) == 1 {
			return subs[0]
		}
		return &syntax.Regexp{Op: syntax.OpConcat, Sub: subs}
	case re.Op == syntax.OpCharClass && re.Flags&syntax.FoldCase != 0:
		if ClassHas(re.Rune, 'k') && ClassHas(re.Rune, 'K') && !ClassHas(re.Rune, base.Kelvin-1) && !ClassHas(re.Rune, base.Kelvin+1) {
			re.Rune = ClassWithout(re.Rune, base.Kelvin)
		}
		if ClassHas(re.Rune, 's') && ClassHas(re.Rune, 'S') && !ClassHas(re.Rune, base.LongS-1) && !ClassHas(re.Rune, base.LongS+1) {
			re.Rune = ClassWithout(re.Rune, base.LongS)
		}
	}
	return re
}

// ClassHas reports whether rune r is in a class given as [lo, hi] pairs.
func ClassHas(ranges []rune, r rune) bool {
	for i := 0; i+1 < len(ranges); i += 2 {
		if ranges[i] <= r && r <= ranges[i+1] {
			return true
		}
	}
	return false
}

// ClassWithout removes rune x from a class given as [lo, hi] pairs.
func ClassWithout(ranges []rune, x rune) []rune {
	out := make([]rune, 0, len(ranges)+2)
	for i := 0; i+1 < len(ranges); i += 2 {
		lo, hi := ranges[i], ranges[i+1]
		if lo <= x && x <= hi {
			if lo < x {
				out = append(out, lo, x-1)
			}
			if hi > x {
				out = append(out, x+1, hi)
			}
			continue
		}
		out = append(out, lo, hi)
	}
	return out
}

// TextAnchored returns a copy of re, made line-local, for matching one
// line alone: line anchors become text anchors. The meaning is the same on
// a line without its newline, but Go's regexp then tries an anchored
// pattern at the line's start only, instead of at every byte of it
// (-c -v '^\s+//' over a large file of Go source spent its time in
// tryBacktrack at each position before).
func TextAnchored(re *syntax.Regexp) *syntax.Regexp {
	c := *re
	switch c.Op {
	case syntax.OpBeginLine:
		c.Op = syntax.OpBeginText
	case syntax.OpEndLine:
		c.Op = syntax.OpEndText
		c.Flags &^= syntax.WasDollar
	}
	c.Sub = make([]*syntax.Regexp, len(re.Sub))
	for i, sub := range re.Sub {
		c.Sub[i] = TextAnchored(sub)
	}
	return &c
}

// HoldsLineAnchor says whether re holds a ^ or $ of lines, which
// textAnchored changes.
func HoldsLineAnchor(re *syntax.Regexp) bool {
	if re.Op == syntax.OpBeginLine || re.Op == syntax.OpEndLine {
		return true
	}
	for _, sub := range re.Sub {
		if HoldsLineAnchor(sub) {
			return true
		}
	}
	return false
}

// LineTree parses src and rewrites it as the engines read a line of a
// block: line-local, ASCII case folding (see ASCIIFold), simplified.
func LineTree(src string, flags syntax.Flags) (*syntax.Regexp, error) {
	tree, err := syntax.Parse(src, flags)
	if err != nil {
		return nil, err
	}
	return ASCIIFold(LineLocal(tree)).Simplify(), nil
}

// ASCIIOnly reports whether re can match ASCII bytes only, so that Go's
// view of text as UTF-8 and the backtracking engine's view of it as bytes
// find the same matches.
func ASCIIOnly(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return false
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			if r >= utf8.RuneSelf {
				return false
			}
		}
	case syntax.OpCharClass:
		for _, r := range re.Rune {
			if r >= utf8.RuneSelf {
				return false
			}
		}
	}
	for _, sub := range re.Sub {
		if !ASCIIOnly(sub) {
			return false
		}
	}
	return true
}

// HoldsOp reports whether re holds a node of one of the ops.
func HoldsOp(re *syntax.Regexp, ops ...syntax.Op) bool {
	return slices.Contains(ops, re.Op) || slices.ContainsFunc(re.Sub, func(sub *syntax.Regexp) bool {
		return HoldsOp(sub, ops...)
	})
}

// MatchesASCII reports whether some text of ASCII bytes alone may hold a
// match of re: false when every match holds a character from U+0080
// (`\p{Greek}`, `é|ü`), so that lines of ASCII need no search. Assertions
// are taken to hold somewhere.
func MatchesASCII(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpNoMatch:
		return false
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			if !asciiRune(r, re.Flags&syntax.FoldCase != 0) {
				return false
			}
		}
		return true
	case syntax.OpCharClass:
		return len(re.Rune) > 0 && re.Rune[0] < utf8.RuneSelf
	case syntax.OpCapture, syntax.OpPlus:
		return MatchesASCII(re.Sub[0])
	case syntax.OpRepeat:
		return re.Min == 0 || MatchesASCII(re.Sub[0])
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			if !MatchesASCII(sub) {
				return false
			}
		}
		return true
	case syntax.OpAlternate:
		for _, sub := range re.Sub {
			if MatchesASCII(sub) {
				return true
			}
		}
		return false
	}
	return true // empty, a star or a question mark, any character, an assertion
}

// asciiRune reports whether r, or under fold a rune that folds to it, is
// ASCII.
func asciiRune(r rune, fold bool) bool {
	if r < utf8.RuneSelf {
		return true
	}
	for f := unicode.SimpleFold(r); fold && f != r; f = unicode.SimpleFold(f) {
		if f < utf8.RuneSelf {
			return true
		}
	}
	return false
}

// Joined is the patterns as one: any of them may match. Only patterns
// that Go's parser takes may be joined so: Go has no comments or
// backreferences, and scopes inline flags to the group.
func Joined(srcs []string) string {
	if len(srcs) == 1 {
		return srcs[0]
	}
	return "(?:" + strings.Join(srcs, ")|(?:") + ")"
}
