package match

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
)

// translate rewrites the PCRE escapes that neither Go's regexp nor regexp2
// reads as PCRE does into forms both read the same way, so that no escape
// is silently taken for a letter: \h \H \v \V \s \S \N \R are spelt out as
// classes (PCRE's \s includes the vertical tab, Go's does not; Go's \v is
// the vertical tab alone), \Q...\E is quoted, \g and \o{} become \N and
// \x{}; escapes that have no equivalent (\K, \X, \C, \G) are errors.
//
// A comment is dropped where the x flag makes '#' start one: src holds no
// newline, so it runs to the end, where it would swallow whatever -w and
// -x put after the pattern. (?#...) is kept, read as one.
//
// Under uni (a UTF-8 locale), word characters and the POSIX classes of
// letters are Unicode's, as PCRE2's with UCP: \w is [\p{L}\p{N}_], \b and
// \B are spelt with lookarounds of it, [[:alpha:]] is \p{L}, [[:alnum:]]
// [\p{L}\p{N}], [[:upper:]] \p{Lu}, [[:lower:]] \p{Ll} and [[:word:]] \w;
// \d, \s and the other classes stay ASCII.
func translate(src string, uni bool) (string, error) {
	var b strings.Builder
	inClass := false
	classStart := -1  // b.Len() just after '[' or '[^'
	extended := false // the x flag is on
	var outer []bool  // extended outside each open group
loop:
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '(' && !inClass:
			if strings.HasPrefix(src[i:], "(?#") {
				end := strings.IndexByte(src[i:], ')')
				if end < 0 {
					end = len(src) - i - 1 // unclosed: the parsers say so
				}
				b.WriteString(src[i : i+end+1])
				i += end
				continue
			}
			outer = append(outer, extended)
			if x, n, group := inlineFlags(src[i:], extended); n > 0 {
				if !group {
					outer = outer[:len(outer)-1] // (?x) sets the flag where it is
				}
				extended = x
				b.WriteString(src[i : i+n])
				i += n - 1
				continue
			}
			b.WriteByte(c)
			continue
		case c == ')' && !inClass:
			if len(outer) > 0 {
				extended = outer[len(outer)-1]
				outer = outer[:len(outer)-1]
			}
			b.WriteByte(c)
			continue
		case c == '#' && !inClass && extended:
			break loop
		case c == '[' && !inClass:
			inClass = true
			b.WriteByte(c)
			if i+1 < len(src) && src[i+1] == '^' {
				b.WriteByte('^')
				i++
			}
			classStart = b.Len()
			if i+1 < len(src) && src[i+1] == ']' {
				b.WriteByte(']') // a ']' first in a class is a literal
				i++
			}
			continue
		case c == '[' && inClass && strings.HasPrefix(src[i:], "[:"):
			end := strings.Index(src[i+2:], ":]")
			if end < 0 {
				b.WriteByte(c)
				continue
			}
			name := src[i+2 : i+2+end]
			if rep, ok := posixClass(name, uni); ok {
				b.WriteString(rep)
			} else {
				b.WriteString(src[i : i+2+end+2])
			}
			i += 2 + end + 1
			continue
		case c == ']' && inClass && b.Len() > classStart:
			inClass = false
			b.WriteByte(c)
			continue
		case c != '\\' || i+1 >= len(src):
			b.WriteByte(c)
			continue
		}
		e := src[i+1]
		i++
		if rep, ok := unicodeEscapes[e]; ok && uni {
			switch {
			case inClass && e == 'W':
				b.WriteString(nonWordRanges())
			case inClass && rep.inClass == "":
				b.WriteString(src[i-1 : i+1]) // \b in a class is a backspace
			case inClass:
				b.WriteString(rep.inClass)
			default:
				b.WriteString(rep.outside)
			}
			continue
		}
		if rep, ok := classEscapes[e]; ok {
			if inClass {
				if rep.inClass == "" {
					return "", fmt.Errorf(`\%c inside a character class is not supported`, e)
				}
				b.WriteString(rep.inClass)
			} else {
				b.WriteString(rep.outside)
			}
			continue
		}
		switch e {
		case 'Q':
			end := strings.Index(src[i+1:], `\E`)
			lit := src[i+1:]
			if end >= 0 {
				lit = src[i+1 : i+1+end]
				i += end + 2
			} else {
				i = len(src)
			}
			b.WriteString(quoteMeta(lit))
		case 'E':
			// a stray \E is ignored, as in PCRE
		case 'g':
			ref, n, err := backref(src[i+1:])
			if err != nil {
				return "", err
			}
			b.WriteString(ref)
			i += n
		case 'o':
			if i+1 < len(src) && src[i+1] == '{' {
				end := strings.IndexByte(src[i+1:], '}')
				if end < 0 {
					return "", fmt.Errorf(`missing } after \o{`)
				}
				v, err := strconv.ParseUint(src[i+2:i+1+end], 8, 32)
				if err != nil {
					return "", fmt.Errorf(`bad octal escape \o{%s}`, src[i+2:i+1+end])
				}
				fmt.Fprintf(&b, `\x{%x}`, v)
				i += end + 1
				continue
			}
			b.WriteString(`\o`)
		case 'K', 'X', 'C', 'G':
			return "", fmt.Errorf(`\%c is not supported`, e)
		default:
			b.WriteByte('\\')
			b.WriteByte(e)
		}
	}
	return b.String(), nil
}

// The Unicode word characters, as PCRE2 sees them with UCP.
const (
	uniWord    = `\p{L}\p{N}_`
	uniWordSet = `[` + uniWord + `]`
	uniNonWord = `[^` + uniWord + `]`
)

// unicodeEscapes are the escapes that change under UTF-8; \b and \B are
// left alone in a class (a backspace, an error).
var unicodeEscapes = map[byte]classEscape{
	'w': {uniWordSet, uniWord},
	'W': {uniNonWord, ""}, // in a class, nonWordRanges
	'b': {`(?:(?<=` + uniWordSet + `)(?!` + uniWordSet + `)|(?<!` + uniWordSet + `)(?=` + uniWordSet + `))`, ""},
	'B': {`(?:(?<=` + uniWordSet + `)(?=` + uniWordSet + `)|(?<!` + uniWordSet + `)(?!` + uniWordSet + `))`, ""},
}

// posixClass returns how the POSIX class [:name:] is spelt in a class
// under uni; ok is false for the classes that stay as they are.
func posixClass(name string, uni bool) (rep string, ok bool) {
	if !uni {
		return "", false
	}
	switch name {
	case "alpha":
		return `\p{L}`, true
	case "^alpha":
		return `\P{L}`, true
	case "upper":
		return `\p{Lu}`, true
	case "^upper":
		return `\P{Lu}`, true
	case "lower":
		return `\p{Ll}`, true
	case "^lower":
		return `\P{Ll}`, true
	case "alnum":
		return `\p{L}\p{N}`, true
	case "^alnum":
		return nonAlnumRanges(), true
	case "word":
		return uniWord, true
	case "^word":
		return nonWordRanges(), true
	}
	return "", false
}

// nonWordRanges and nonAlnumRanges spell out, for use inside a class, the
// characters outside [\p{L}\p{N}_] and [\p{L}\p{N}]: neither parser has
// a way to write the complement of a union there.
var (
	nonWordRanges  = sync.OnceValue(func() string { return complementRanges([]*unicode.RangeTable{unicode.L, unicode.N}, '_') })
	nonAlnumRanges = sync.OnceValue(func() string { return complementRanges([]*unicode.RangeTable{unicode.L, unicode.N}) })
)

// complementRanges spells as \x{lo}-\x{hi} ranges the characters in none of
// tables and not among extra.
func complementRanges(tables []*unicode.RangeTable, extra ...rune) string {
	type span struct{ lo, hi rune }
	var in []span
	add := func(lo, hi, stride rune) {
		if stride == 1 {
			in = append(in, span{lo, hi})
			return
		}
		for r := lo; r <= hi; r += stride {
			in = append(in, span{r, r})
		}
	}
	for _, t := range tables {
		for _, r := range t.R16 {
			add(rune(r.Lo), rune(r.Hi), rune(r.Stride))
		}
		for _, r := range t.R32 {
			add(rune(r.Lo), rune(r.Hi), rune(r.Stride))
		}
	}
	for _, r := range extra {
		in = append(in, span{r, r})
	}
	slices.SortFunc(in, func(a, b span) int { return cmp.Compare(a.lo, b.lo) })
	var b strings.Builder
	next := rune(0) // the first character not yet known to be in
	for _, s := range in {
		if s.lo > next {
			fmt.Fprintf(&b, `\x{%x}-\x{%x}`, next, s.lo-1)
		}
		next = max(next, s.hi+1)
	}
	if next <= unicode.MaxRune {
		fmt.Fprintf(&b, `\x{%x}-\x{%x}`, next, unicode.MaxRune)
	}
	return b.String()
}

// inlineFlags reads the inline flags at the start of s, (?flags) or
// (?flags:, and returns whether they turn the x flag on, given that it was
// on when x, their length, and whether they open a group; n is 0 when s
// does not start with them.
func inlineFlags(s string, x bool) (on bool, n int, group bool) {
	if !strings.HasPrefix(s, "(?") {
		return x, 0, false
	}
	on, set := x, true
	for i := 2; i < len(s); i++ {
		switch c := s[i]; {
		case c == ')' || c == ':':
			return on, i + 1, c == ':'
		case c == '-':
			set = false
		case c == '^':
			on = false
		case c == 'x':
			on = set
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		default:
			return x, 0, false
		}
	}
	return x, 0, false
}

// classEscape is how an escape is spelt outside and inside a class; an
// empty inClass has no spelling there (a negated set).
type classEscape struct{ outside, inClass string }

var classEscapes = map[byte]classEscape{
	'h': {`[\t ]`, `\t `},
	'H': {`[^\t ]`, ""},
	'v': {`[\n\x0B\f\r]`, `\n\x0B\f\r`},
	'V': {`[^\n\x0B\f\r]`, ""},
	's': {`[\t\n\x0B\f\r ]`, `\t\n\x0B\f\r `},
	'S': {`[^\t\n\x0B\f\r ]`, `\S`},
	'N': {`[^\n]`, ""},
	'R': {`(?:\r\n|[\n\x0B\f\r])`, ""},
}

// backref reads what follows \g: a number, {number} or {name}; it returns
// the equivalent reference and how many bytes it used.
func backref(s string) (string, int, error) {
	if strings.HasPrefix(s, "{") {
		end := strings.IndexByte(s, '}')
		if end < 0 {
			return "", 0, fmt.Errorf(`missing } after \g{`)
		}
		ref := s[1:end]
		if n, err := strconv.Atoi(ref); err == nil && n > 0 {
			return `\` + ref, end + 1, nil
		}
		if ref != "" && !strings.HasPrefix(ref, "-") {
			return `\k<` + ref + `>`, end + 1, nil
		}
		return "", 0, fmt.Errorf(`relative back-reference \g{%s} is not supported`, ref)
	}
	n := 0
	for n < len(s) && '0' <= s[n] && s[n] <= '9' {
		n++
	}
	if n == 0 {
		return "", 0, fmt.Errorf(`\g must be followed by a number or {name}`)
	}
	return `\` + s[:n], n, nil
}
