package match

import (
	"regexp/syntax"
	"unicode"
	"unicode/utf8"
)

// lineLocal rewrites a parsed pattern so that it matches within one line of
// a multi-line block exactly as PCRE matches it against that line alone:
// nothing matches '\n', and text anchors become line anchors.
func lineLocal(re *syntax.Regexp) *syntax.Regexp {
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
		re.Sub[i] = lineLocal(sub)
	}
	return re
}

// withoutNL removes '\n' from a class given as [lo, hi] pairs.
func withoutNL(ranges []rune) []rune {
	out := make([]rune, 0, len(ranges)+2)
	for i := 0; i+1 < len(ranges); i += 2 {
		lo, hi := ranges[i], ranges[i+1]
		if lo <= '\n' && '\n' <= hi {
			if lo < '\n' {
				out = append(out, lo, '\n'-1)
			}
			if hi > '\n' {
				out = append(out, '\n'+1, hi)
			}
			continue
		}
		out = append(out, lo, hi)
	}
	return out
}

// minLen returns the length in bytes of the shortest text re can match.
func minLen(re *syntax.Regexp) int {
	switch re.Op {
	case syntax.OpLiteral:
		n := 0
		for _, r := range re.Rune {
			n += runeMinLen(r, re.Flags&syntax.FoldCase != 0)
		}
		return n
	case syntax.OpCharClass:
		n := utf8.UTFMax
		for i := 0; i < len(re.Rune); i += 2 {
			n = min(n, runeLen(re.Rune[i]))
		}
		return n
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return 1
	case syntax.OpCapture, syntax.OpPlus:
		return minLen(re.Sub[0])
	case syntax.OpRepeat:
		return re.Min * minLen(re.Sub[0])
	case syntax.OpConcat:
		n := 0
		for _, sub := range re.Sub {
			n += minLen(sub)
		}
		return n
	case syntax.OpAlternate:
		n := -1
		for _, sub := range re.Sub {
			if l := minLen(sub); n < 0 || l < n {
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

// requiredLiteral returns the longest case-sensitive literal that every
// match of re contains, or nil. Searching for it with bytes.Index and
// running the regex only on the lines it lands on is far faster than
// running the regex over everything.
func requiredLiteral(re *syntax.Regexp) []byte {
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			return nil
		}
		return []byte(string(re.Rune))
	case syntax.OpCapture, syntax.OpPlus:
		return requiredLiteral(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min > 0 {
			return requiredLiteral(re.Sub[0])
		}
	case syntax.OpConcat:
		var best []byte
		for _, sub := range re.Sub {
			if lit := requiredLiteral(sub); len(lit) > len(best) {
				best = lit
			}
		}
		return best
	}
	return nil
}
