package match

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/dlclark/regexp2"
)

// pcre runs patterns that need backtracking (lookaround, backreferences,
// atomic groups) with regexp2, one line at a time.
//
// Bytes are handed to regexp2 as runes of the same value, and the pattern is
// translated the same way, so matching works on bytes as PCRE does in the C
// locale (GNU grep -P under LC_ALL=C): invalid UTF-8 cannot confuse it, and
// rune offsets are byte offsets. Under UTF-8 (Options.UTF8) the line is
// handed over as its characters instead, and offsets are mapped back.
type pcre struct {
	re      *regexp2.Regexp
	scratch sync.Pool // *lineRunes, one per concurrent caller
	// pre, or any, are literals that every match holds (see relax), so
	// that only the lines they land on go through regexp2; both nil
	// when the pattern gives none.
	pre *prefilter
	any []*prefilter
	// sel, when the pattern gives no literal, is Go's regexp for the
	// pattern relaxed (see relaxedRegex), which every line it matches
	// matches: only the lines sel selects go through regexp2.
	sel Matcher
	uni bool // reads UTF-8 characters, not bytes
}

// newPCRE compiles src, bounded as -w and -x say.
func newPCRE(src string, o Options) (*pcre, error) {
	if o.Word && o.UTF8 {
		src = `(?<!` + uniWordSet + `)(?:` + src + `)(?!` + uniWordSet + `)`
	} else if o.Word {
		src = `(?<!\w)(?:` + src + `)(?!\w)`
	}
	if o.Line {
		src = `^(?:` + src + `)$`
	}
	re, err := compilePCRE(src, o)
	if err != nil {
		return nil, err
	}
	return &pcre{re: re, uni: o.UTF8}, nil
}

// compilePCRE compiles src with regexp2 as it is.
func compilePCRE(src string, o Options) (*regexp2.Regexp, error) {
	opts := regexp2.RegexOptions(regexp2.RE2) // ASCII \d \w \s, as PCRE without UCP
	if o.IgnoreCase {
		opts |= regexp2.IgnoreCase
	}
	if !o.UTF8 {
		src = bytesAsRunes(src)
	} else {
		src = invalidEscaped(src)
	}
	re, err := regexp2.Compile(src, opts)
	if err != nil {
		return nil, err
	}
	re.MatchTimeout = o.Timeout
	return re, nil
}

// invalidEscaped spells each byte of s that is not UTF-8 as the escape of
// the rune that runesOf reads it as under UTF-8 (see invalidRune), so that
// it matches itself alone and not every invalid byte, as U+FFFD would
// (grep -F -w $'\xe1' does not match "\xc3"). An escaping backslash
// before it goes: the escape is one of its own.
func invalidEscaped(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	slashes := 0 // backslashes right before
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			if slashes%2 == 1 {
				str := b.String()
				b.Reset()
				b.WriteString(str[:len(str)-1])
			}
			fmt.Fprintf(&b, `\x{%x}`, invalidRune(s[i]))
			slashes = 0
		case r == '\\':
			b.WriteByte('\\')
			slashes++
		default:
			b.WriteString(s[i : i+n])
			slashes = 0
		}
		i += n
	}
	return b.String()
}

// invalidRune is the rune that stands for a byte that is not UTF-8 in a
// line regexp2 reads as characters: a lone low surrogate, U+DC80 to
// U+DCFF, which no UTF-8 text holds, as Python's surrogateescape. Like
// U+FFFD, where Go's regexp reads such a byte, it is no letter, digit,
// space or word character, and '.' and negated classes match it; unlike
// it, only the same byte matches it.
func invalidRune(c byte) rune { return 0xDC00 | rune(c) }

// bytesAsRunes maps each byte of s to the rune of the same value.
func bytesAsRunes(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteRune(rune(s[i]))
	}
	return b.String()
}

func (m *pcre) Engine() string {
	if m.sel != nil {
		return "regexp2 behind " + m.sel.Engine()
	}
	return engineName("regexp2", m.pre, m.any)
}

func (m *pcre) MinLen() int { return 0 }

func (m *pcre) Next(text []byte) (int, int, error) {
	for at := 0; at <= len(text); {
		i := at
		switch {
		case m.pre != nil:
			if i = m.pre.index(text[at:]); i < 0 {
				return -1, -1, nil
			}
			i += at
		case m.any != nil:
			if i = firstOf(m.any, text, at); i < 0 {
				return -1, -1, nil
			}
		case m.sel != nil:
			s, _, err := m.sel.Next(text[at:])
			if err != nil || s < 0 {
				return -1, -1, err
			}
			i += s
		}
		ls, le := lineAt(text, i)
		l := m.runesOf(text[ls:le])
		match, err := m.re.FindRunesMatchStartingAt(l.runes, 0)
		m.scratch.Put(l)
		if err != nil || match != nil {
			return ls, le, wrapTimeout(err)
		}
		at = le + 1
	}
	return -1, -1, nil
}

func (m *pcre) Each(line []byte, fn func(int, int)) error {
	l := m.runesOf(line)
	defer m.scratch.Put(l)
	match, err := m.re.FindRunesMatchStartingAt(l.runes, 0)
	for match != nil && err == nil {
		if match.Length > 0 {
			fn(l.byteAt(match.Index), l.byteAt(match.Index+match.Length))
		}
		match, err = m.re.FindNextMatch(match)
	}
	return wrapTimeout(err)
}

// from returns the first non-empty match in line that starts at at or
// later, found with the whole line around it (lookbehinds see before at);
// -1, -1 when there is none.
func (m *pcre) from(line []byte, at int) (int, int, error) {
	l := m.runesOf(line)
	defer m.scratch.Put(l)
	match, err := m.re.FindRunesMatchStartingAt(l.runes, l.runeAt(at))
	for match != nil && err == nil && match.Length == 0 {
		match, err = m.re.FindNextMatch(match)
	}
	if err != nil {
		return -1, -1, wrapTimeout(err)
	}
	if match == nil {
		return -1, -1, nil
	}
	return l.byteAt(match.Index), l.byteAt(match.Index + match.Length), nil
}

// lineRunes is a line as regexp2 reads it: a rune for each byte, of the
// same value (the C locale), or under UTF-8 a rune for each character,
// an invalid byte being its invalidRune.
type lineRunes struct {
	runes []rune
	// offs holds the offset in the line of each rune, then the line's
	// length; nil when each rune is a byte.
	offs []int
}

// runesOf returns line as regexp2 reads it, in a buffer from the pool, to
// be put back when no match refers to it any more.
func (m *pcre) runesOf(line []byte) *lineRunes {
	l, _ := m.scratch.Get().(*lineRunes)
	if l == nil {
		l = new(lineRunes)
	}
	l.runes, l.offs = l.runes[:0], l.offs[:0]
	if !m.uni {
		for _, c := range line {
			l.runes = append(l.runes, rune(c))
		}
		l.offs = nil
		return l
	}
	for i := 0; i < len(line); {
		r, n := utf8.DecodeRune(line[i:])
		if r == utf8.RuneError && n == 1 {
			r = invalidRune(line[i])
		}
		l.runes = append(l.runes, r)
		l.offs = append(l.offs, i)
		i += n
	}
	l.offs = append(l.offs, len(line))
	return l
}

// byteAt is the offset in the line of rune i.
func (l *lineRunes) byteAt(i int) int {
	if l.offs == nil {
		return i
	}
	return l.offs[i]
}

// runeAt is the index of the first rune at or after offset at.
func (l *lineRunes) runeAt(at int) int {
	if l.offs == nil {
		return at
	}
	i, _ := slices.BinarySearch(l.offs, at)
	return i
}

// wrapTimeout turns regexp2's timeout, whose message quotes the whole line,
// into ErrTimeout.
func wrapTimeout(err error) error {
	if err != nil && !errors.Is(err, ErrTimeout) && strings.Contains(err.Error(), "timeout") {
		return ErrTimeout
	}
	return err
}
