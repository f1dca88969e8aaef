// Package perl reads grep -P's patterns, PCRE's syntax, into a spelling
// that Go's regexp and the backtracking engine both read as PCRE does:
// escapes spelt out or refused, comments dropped, and under a UTF-8 locale
// words and letters as PCRE2's with Unicode properties.
// It also relaxes a pattern only the backtracking engine runs into one
// Go's parser reads (see Relax), for the literals that select its lines.
package perl

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"urg/match/base"
)

// Translate rewrites the PCRE escapes that neither Go's regexp nor regexp2
// reads as PCRE does into forms both read the same way, so that no escape
// is silently taken for a letter: \h \H \v \V \s \S \N \R are spelt out as
// classes (PCRE's \s includes the vertical tab, Go's does not; Go's \v is
// the vertical tab alone), \Q...\E is quoted, \g and \o{} become \N and
// \x{}; escapes that have no equivalent (\K, \X, \G, and \C, one code
// unit, under UTF-8) are errors.
//
// A comment is dropped where the x flag makes '#' start one: src holds no
// newline, so it runs to the end, where it would swallow whatever -w and
// -x put after the pattern. (?#...) is kept, read as one.
//
// Under uni (a UTF-8 locale), word characters and the POSIX classes of
// letters are Unicode's, as PCRE2's with UCP: \w is [\p{L}\p{N}\p{Mn}\p{Pc}], \b and
// \B are spelt with lookarounds of it, [[:alpha:]] is \p{L}, [[:alnum:]]
// [\p{L}\p{N}], [[:upper:]] \p{Lu}, [[:lower:]] \p{Ll} and [[:word:]] \w;
// \d, \s and the other classes stay ASCII.
//
// The u flag is ripgrep's: (?-u) turns Unicode's meaning of those classes
// off to the end of its group, as (?-u:...) does inside it, and (?u) back
// on where the locale is UTF-8 (the C locale's classes are ASCII's, and
// its text bytes). Neither parser has the flag, so it is left out of the
// flags written.
func Translate(src string, uni bool) (string, error) {
	t := &translator{src: src, locale: uni, scope: scope{uni: uni}, classStart: -1}
	for i := 0; i < len(src); i++ {
		switch c := src[i]; {
		case c == '#' && !t.inClass && t.extended:
			return t.b.String(), nil // the comment runs to the end
		case c == '\\' && i+1 < len(src):
			var err error
			if i, err = t.escape(i + 1); err != nil {
				return "", err
			}
		default:
			if i = t.unescaped(i); len(t.outer) > maxNest {
				return "", errNest
			}
			if t.err != nil {
				return "", t.err
			}
		}
	}
	return t.b.String(), nil
}

// PCRE2's refusals of POSIX's bracket syntax where it has none.
var (
	errCollating = errors.New("POSIX collating elements are not supported")
	errPosixOut  = errors.New("POSIX named classes are supported only within a class")
)

// posixSyntax is PCRE2's check_posix_syntax: whether the '[' at src[i],
// followed by ':', '.' or '=', opens [:...:], [.....] or [=...=] that is
// closed (by the same character and ']') before a ']' or another such
// '[' ends the look; "\]" and "\\" are skipped.
func posixSyntax(src string, i int) bool {
	if i+1 >= len(src) || strings.IndexByte(":.=", src[i+1]) < 0 {
		return false
	}
	term := src[i+1]
	for j := i + 2; j < len(src); j++ {
		switch {
		case src[j] == '\\' && j+1 < len(src) && (src[j+1] == ']' || src[j+1] == '\\'):
			j++
		case src[j] == '[' && j+1 < len(src) && src[j+1] == term, src[j] == ']':
			return false
		case src[j] == term && j+1 < len(src) && src[j+1] == ']':
			return true
		}
	}
	return false
}

// maxNest is how deep groups may nest, as Go's parser allows; the
// parsers would say so too, but only after a stack of every group open.
const maxNest = 1000

// errNest is PCRE2's word for groups nested too deep.
var errNest = errors.New("parentheses are too deeply nested")

// translator is translate's state as it walks a pattern: what the x flag
// and classes change about how the next bytes read.
type translator struct {
	src        string
	locale     bool // the locale is UTF-8
	b          strings.Builder
	inClass    bool
	classStart int // b.Len() just after '[' or '[^'
	scope
	outer []scope // the flags outside each open group
	err   error   // a refusal met by unescaped
}

// scope is what the flags in force say about how the next bytes read.
type scope struct {
	extended bool // the x flag is on
	uni      bool // words and letters are Unicode's (UTF-8, no (?-u))
}

// unescaped copies the byte at src[i], which starts no escape, or the
// construct it opens, and returns the offset of the last byte it used.
// Groups and classes are tracked, not checked (the parsers do that):
// whether '#' starts a comment depends on the flags of the groups
// around it, and in a class it starts none, a POSIX class may need
// spelling out, and escapes read otherwise.
func (t *translator) unescaped(i int) int {
	c := t.src[i]
	switch {
	case c == '(' && !t.inClass:
		return t.group(i)
	case c == ')' && !t.inClass:
		if len(t.outer) > 0 {
			t.scope = t.outer[len(t.outer)-1]
			t.outer = t.outer[:len(t.outer)-1]
		}
	case c == '[' && !t.inClass:
		if posixSyntax(t.src, i) {
			// [:alpha:] where a class would open, [.a.], [=a=]
			t.err = errCollating
			if t.src[i+1] == ':' {
				t.err = errPosixOut
			}
			return i
		}
		return t.class(i)
	case c == '[' && t.inClass && i+1 < len(t.src) && t.src[i+1] != ':' && posixSyntax(t.src, i):
		t.err = errCollating
		return i
	case c == '[' && t.inClass && strings.HasPrefix(t.src[i:], "[:"):
		return t.posix(i)
	case c == ']' && t.inClass && t.b.Len() > t.classStart:
		t.inClass = false
	}
	t.b.WriteByte(c)
	return i
}

// group copies the '(' at src[i] and, when they follow, a (?#...) comment
// whole (its '#' starts no comment to the end) or inline flags, and
// returns the offset of the last byte it used. The x flag in force
// outside the group is kept for its ')' to restore: (?x:...) and flags
// inside a group last to its end, (?x) alone to the end of the group
// around it.
func (t *translator) group(i int) int {
	src := t.src
	if strings.HasPrefix(src[i:], "(?#") {
		end := strings.IndexByte(src[i:], ')')
		if end < 0 {
			end = len(src) - i - 1 // unclosed: the parsers say so
		}
		t.b.WriteString(src[i : i+end+1])
		return i + end
	}
	t.outer = append(t.outer, t.scope)
	if f, n := inlineFlags(src[i:], t.scope, t.locale); n > 0 {
		if !f.group {
			t.outer = t.outer[:len(t.outer)-1] // (?x) sets the flag where it is
		}
		t.scope = f.scope
		t.b.WriteString(f.written)
		return i + n - 1
	}
	t.b.WriteByte('(')
	return i
}

// class copies the '[' at src[i] that opens a class, with its '^' and a
// ']' right after, which is a literal and not the class's end, and
// returns the offset of the last byte it used.
func (t *translator) class(i int) int {
	src := t.src
	for _, c := range []string{"[[:ascii:]]", "[^[:ascii:]]"} {
		if strings.HasPrefix(src[i:], c) {
			// PCRE folds no POSIX class under -i (each is a table of
			// characters), where Go folds every class: [^[:ascii:]]
			// would lose ſ and the Kelvin sign, which fold to s and k.
			t.b.WriteString("(?-i:" + c + ")")
			return i + len(c) - 1
		}
	}
	t.inClass = true
	t.b.WriteByte('[')
	if i+1 < len(src) && src[i+1] == '^' {
		t.b.WriteByte('^')
		i++
	}
	t.classStart = t.b.Len()
	if i+1 < len(src) && src[i+1] == ']' {
		t.b.WriteByte(']') // a ']' first in a class is a literal
		i++
	}
	return i
}

// posix copies the POSIX class [:name:] at src[i], spelt out where uni
// changes it (see posixClass), and returns the offset of its last byte;
// a "[:" with no ":]" after it is a '[' like any other.
func (t *translator) posix(i int) int {
	src := t.src
	end := strings.Index(src[i+2:], ":]")
	if end < 0 {
		t.b.WriteByte('[')
		return i
	}
	name := src[i+2 : i+2+end]
	if rep, ok := posixClass(name, t.uni); ok {
		t.b.WriteString(rep)
	} else {
		t.b.WriteString(src[i : i+2+end+2])
	}
	return i + 2 + end + 1
}

// escape translates the escape whose letter is at src[i], just after the
// backslash, and returns the offset of the last byte it used. Escapes of
// classes are spelt out (see classEscapes and unicodeEscapes), since the
// parsers read them otherwise than PCRE; the others that either parser
// reads otherwise are rewritten, or refused when nothing matches as they
// do.
func (t *translator) escape(i int) (int, error) {
	src := t.src
	e := src[i]
	if rep, ok := unicodeEscapes[e]; ok && t.uni {
		switch {
		case t.inClass && e == 'W':
			t.b.WriteString(nonWordRanges())
		case t.inClass && rep.inClass == "":
			t.b.WriteString(src[i-1 : i+1]) // \b in a class is a backspace
		case t.inClass:
			t.b.WriteString(rep.inClass)
		default:
			t.b.WriteString(rep.outside)
		}
		return i, nil
	}
	if (e == 'w' || e == 'W') && t.locale && !t.uni && !t.inClass {
		// (?-u) under UTF-8: ASCII's words, which Go's folding under
		// -i would widen by the Kelvin sign and the long s.
		t.b.WriteString(`(?-i:\` + string(e) + `)`)
		return i, nil
	}
	if rep, ok := classEscapes[e]; ok {
		if t.inClass {
			if rep.inClass == "" {
				return 0, fmt.Errorf(`\%c inside a character class is not supported`, e)
			}
			t.b.WriteString(rep.inClass)
		} else {
			t.b.WriteString(rep.outside)
		}
		return i, nil
	}
	switch e {
	case 'Q':
		return t.quoted(i), nil
	case 'E':
		// a stray \E is ignored, as in PCRE
	case 'g':
		ref, n, err := backref(src[i+1:])
		if err != nil {
			return 0, err
		}
		t.b.WriteString(ref)
		return i + n, nil
	case 'o':
		return t.octal(i)
	case 'C':
		if t.uni || t.inClass {
			return 0, fmt.Errorf(`\%c is not supported`, e)
		}
		t.b.WriteString(`(?s:.)`) // one code unit: in the C locale, a byte
	case 'K', 'X', 'G':
		return 0, fmt.Errorf(`\%c is not supported`, e)
	default:
		t.b.WriteByte('\\')
		t.b.WriteByte(e)
	}
	return i, nil
}

// quoted copies, quoted, the text of the \Q at src[i-1:i+1] up to its
// \E, or to the end (which has no \E, as in PCRE), and returns the offset
// of the last byte it used: the parsers have no \Q.
func (t *translator) quoted(i int) int {
	src := t.src
	end := strings.Index(src[i+1:], `\E`)
	lit := src[i+1:]
	if end >= 0 {
		lit = src[i+1 : i+1+end]
		i += end + 2
	} else {
		i = len(src)
	}
	t.b.WriteString(QuoteMeta(lit))
	return i
}

// octal rewrites the \o{...} whose 'o' is at src[i] as the \x{...} of the
// same character, which both parsers read, and returns the offset of the
// last byte it used. A bare \o is left for the parsers to judge.
func (t *translator) octal(i int) (int, error) {
	src := t.src
	if i+1 >= len(src) || src[i+1] != '{' {
		t.b.WriteString(`\o`)
		return i, nil
	}
	end := strings.IndexByte(src[i+1:], '}')
	if end < 0 {
		return 0, fmt.Errorf(`missing } after \o{`)
	}
	v, err := strconv.ParseUint(src[i+2:i+1+end], 8, 32)
	if err != nil {
		return 0, fmt.Errorf(`bad octal escape \o{%s}`, src[i+2:i+1+end])
	}
	fmt.Fprintf(&t.b, `\x{%x}`, v)
	return i + end + 1, nil
}

// The Unicode word characters, as PCRE2 sees them with UCP since 10.43
// (and so GNU grep 3.12's -P): letters, numbers, the marks that take no
// space of their own (Mn) and the connector punctuation (Pc, '_' among
// it).
const (
	uniWord    = `\p{L}\p{N}\p{Mn}\p{Pc}`
	UniWordSet = `[` + uniWord + `]`
	UniNonWord = `[^` + uniWord + `]`
)

// unicodeEscapes are the escapes that change under UTF-8; \b and \B are
// left alone in a class (a backspace, an error).
var unicodeEscapes = map[byte]classEscape{
	'w': {UniWordSet, uniWord},
	'W': {UniNonWord, ""}, // in a class, nonWordRanges
	'b': {`(?:(?<=` + UniWordSet + `)(?!` + UniWordSet + `)|(?<!` + UniWordSet + `)(?=` + UniWordSet + `))`, ""},
	'B': {`(?:(?<=` + UniWordSet + `)(?=` + UniWordSet + `)|(?<!` + UniWordSet + `)(?!` + UniWordSet + `))`, ""},
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
// characters outside [\p{L}\p{N}\p{Mn}\p{Pc}] and [\p{L}\p{N}]: neither parser has
// a way to write the complement of a union there.
var (
	nonWordRanges = sync.OnceValue(func() string {
		return complementRanges([]*unicode.RangeTable{unicode.L, unicode.N, unicode.Mn, unicode.Pc})
	})
	nonAlnumRanges = sync.OnceValue(func() string { return complementRanges([]*unicode.RangeTable{unicode.L, unicode.N}) })
)

// complementRanges spells as \x{lo}-\x{hi} ranges the characters in none of
// tables and not among extra.
func complementRanges(tables []*unicode.RangeTable, extra ...rune) string {
	var in []rune
	for _, t := range tables {
		in = append(in, base.TableRanges(t)...)
	}
	for _, r := range extra {
		in = append(in, r, r)
	}
	var b strings.Builder
	out := base.ComplementRanges(base.MergeRanges(in))
	for i := 0; i+1 < len(out); i += 2 {
		fmt.Fprintf(&b, `\x{%x}-\x{%x}`, out[i], out[i+1])
	}
	return b.String()
}

// flags is what inline flags do: the scope after them, whether they open
// a group, and how they are written for the parsers (without u).
type flags struct {
	scope
	group   bool
	written string
}

// inlineFlags reads the inline flags at the start of s, (?flags) or
// (?flags:, given the scope in force before them and whether the locale
// is UTF-8 (uni), and returns what they do and their length; n is 0 when
// s does not start with them.
func inlineFlags(s string, in scope, uni bool) (f flags, n int) {
	if !strings.HasPrefix(s, "(?") {
		return flags{}, 0
	}
	f.scope = in
	set := true
	var kept strings.Builder
	kept.WriteString("(?")
	for i := 2; i < len(s); i++ {
		switch c := s[i]; {
		case c == ')' || c == ':':
			f.group = c == ':'
			// (?i-u) is (?i); (?-u) alone says nothing to the parsers,
			// and (?-u:...) is a group, (?:...).
			w := strings.TrimSuffix(kept.String(), "-")
			if w != "(?" || f.group {
				f.written = w + string(c)
			}
			return f, i + 1
		case c == '-':
			set = false
		case c == '^':
			f.extended = false
		case c == 'x':
			f.extended = set
		case c == 'u':
			f.uni = set && uni
			continue // no parser has it
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		default:
			return flags{}, 0
		}
		kept.WriteByte(s[i])
	}
	return flags{}, 0
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

// QuoteMeta escapes every byte that is special in Perl syntax, keeping
// non-ASCII bytes as they are so that invalid UTF-8 survives.
func QuoteMeta(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if strings.IndexByte(`\.+*?()|[]{}^$`, c) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	return b.String()
}
