package base

import (
	"unicode"
	"unicode/utf8"
)

// Runes outside ASCII that Unicode case folding maps onto ASCII letters:
// the Kelvin sign (k) and the long s (s).
const (
	Kelvin = '\u212A'
	LongS  = '\u017F'
)

// IsWord reports whether c is a word character as PCRE sees it without
// Unicode properties: [A-Za-z0-9_].
func IsWord(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// IsWordRune reports whether r is a word character as PCRE2 sees it with
// Unicode properties since 10.43: a letter, a number, a mark that takes
// no space of its own (Mn) or connector punctuation (Pc, '_' among it).
func IsWordRune(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r) || r >= utf8.RuneSelf && (unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Pc, r))
}

// WordBounded reports whether [s, e) in line is preceded and followed by
// non-word characters, as grep -w demands: bytes, or under uni the UTF-8
// characters there (an invalid byte is none).
func WordBounded(line []byte, s, e int, uni bool) bool {
	return !WordBefore(line, s, uni) && !WordAfter(line, e, uni)
}

// WordBefore says whether the byte (under uni, the UTF-8 character)
// before line[p] is a word character.
func WordBefore(line []byte, p int, uni bool) bool {
	if p == 0 {
		return false
	}
	if c := line[p-1]; c < utf8.RuneSelf || !uni {
		return IsWord(c)
	}
	r, _ := utf8.DecodeLastRune(line[:p])
	return IsWordRune(r)
}

// WordAfter says whether the byte (under uni, the UTF-8 character) at
// line[p] is a word character.
func WordAfter(line []byte, p int, uni bool) bool {
	if p == len(line) {
		return false
	}
	if c := line[p]; c < utf8.RuneSelf || !uni {
		return IsWord(c)
	}
	r, _ := utf8.DecodeRune(line[p:])
	return IsWordRune(r)
}
