package locale

import (
	"fmt"
	"regexp/syntax"
	"strconv"
	"strings"
	"unicode/utf8"

	"urg/match/automata"
	"urg/match/base"
	"urg/match/prefilter"
)

// ReachesBeyondASCII reports whether some instruction of tree's program
// matches a character from U+0080 (case folding included).
func ReachesBeyondASCII(tree *syntax.Regexp) bool {
	prog, err := syntax.Compile(tree)
	if err != nil {
		return true
	}
	for pc := range prog.Inst {
		switch i := &prog.Inst[pc]; i.Op {
		case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
			if _, none := automata.HighMatches(i); !none {
				return true
			}
		}
	}
	return false
}

// ByteEscaped spells each byte of the pattern src from 0x80, and each
// \xHH or \x{HH} escape of such a byte, as the escape of its byteRune,
// as the C locale reads a pattern (see the package comment). A backslash that
// escapes such a byte goes: the escape is one of its own.
func ByteEscaped(src string) string {
	var b strings.Builder
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c >= utf8.RuneSelf:
			fmt.Fprintf(&b, `\x{%x}`, base.ByteRune(c))
		case c == '\\' && i+1 < len(src) && src[i+1] >= utf8.RuneSelf:
			// the escaped byte is written next
		case c == '\\' && i+1 < len(src) && src[i+1] == 'x':
			v, n := hexEscape(src[i+2:])
			if n > 0 && v >= utf8.RuneSelf && v <= 0xff {
				fmt.Fprintf(&b, `\x{%x}`, base.ByteRune(byte(v)))
			} else {
				b.WriteString(src[i : i+2+n])
			}
			i += 1 + n
		case c == '\\' && i+1 < len(src):
			b.WriteString(src[i : i+2])
			i++
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// hexEscape reads what follows \x: two hex digits at most, or {digits};
// n is how many bytes it took, 0 when it is neither (the parser judges).
func hexEscape(s string) (v rune, n int) {
	if strings.HasPrefix(s, "{") {
		end := strings.IndexByte(s, '}')
		if end < 0 {
			return 0, 0
		}
		x, err := strconv.ParseUint(s[1:end], 16, 32)
		if err != nil {
			return 0, 0
		}
		return rune(x), end + 1
	}
	for n < 2 && n < len(s) && strings.IndexByte("0123456789abcdefABCDEF", s[n]) >= 0 {
		n++
	}
	x, _ := strconv.ParseUint(s[:n], 16, 32)
	return rune(x), n
}

// WideLiteral reports whether re holds a literal character that the C
// locale has no byte for: beyond ASCII and no byteRune (\x{263a}).
func WideLiteral(re *syntax.Regexp) bool {
	if re.Op == syntax.OpLiteral {
		for _, r := range re.Rune {
			if r >= utf8.RuneSelf && !base.IsByteRune(r) {
				return true
			}
		}
	}
	for _, sub := range re.Sub {
		if WideLiteral(sub) {
			return true
		}
	}
	return false
}

// ToBytes turns p's literal, read from a pattern the C locale rewrote
// (ByteEscaped), into the text's bytes: each byteRune back to its byte.
// The regexp2 engine's prefilters scan the text itself, not a transcript.
func ToBytes(p *prefilter.Literal) {
	b := make([]byte, 0, len(p.Lit))
	for i := 0; i < len(p.Lit); {
		r, n := utf8.DecodeRune(p.Lit[i:])
		if base.IsByteRune(r) {
			b = append(b, byte(r-base.ByteRunes))
		} else {
			b = append(b, p.Lit[i:i+n]...)
		}
		i += n
	}
	p.Lit = b
}

// LiteralBytes returns the bytes of runes as the C locale reads them (see
// base.ByteRune), ok false when one is no byte's.
func LiteralBytes(runes []rune) (b []byte, ok bool) {
	for _, r := range runes {
		switch {
		case r < utf8.RuneSelf:
			b = append(b, byte(r))
		case base.IsByteRune(r):
			b = append(b, byte(r-base.ByteRunes))
		default:
			return nil, false
		}
	}
	return b, true
}
