package match

import (
	"fmt"
	"strconv"
	"strings"
)

// translate rewrites the PCRE escapes that neither Go's regexp nor regexp2
// reads as PCRE does into forms both read the same way, so that no escape
// is silently taken for a letter: \h \H \v \V \s \S \N \R are spelt out as
// classes (PCRE's \s includes the vertical tab, Go's does not; Go's \v is
// the vertical tab alone), \Q...\E is quoted, \g and \o{} become \N and
// \x{}; escapes that have no equivalent (\K, \X, \C, \G) are errors.
func translate(src string) (string, error) {
	var b strings.Builder
	inClass := false
	classStart := -1 // b.Len() just after '[' or '[^'
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
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
