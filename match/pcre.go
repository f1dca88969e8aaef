package match

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/dlclark/regexp2"

	"urg/match/base"
	"urg/match/perl"
	"urg/match/prefilter"
)

// pcre runs patterns that need backtracking (lookaround, backreferences,
// atomic groups) with regexp2, one line at a time.
//
// Bytes are handed to regexp2 as runes, one each (ASCII as itself, the
// others as their byteRune), and the pattern is read the same way
// (byteEscaped), so matching works on bytes as PCRE does in the C locale
// (GNU grep -P under LC_ALL=C): invalid UTF-8 cannot confuse it, and rune
// offsets are byte offsets. Under UTF-8 (Options.UTF8) the line is
// handed over as its characters instead, and offsets are mapped back.
type pcre struct {
	re      *regexp2.Regexp
	scratch sync.Pool // *lineRunes, one per concurrent caller
	// pre, or any, are literals that every match holds (see relax), so
	// that only the lines they land on go through regexp2; both nil
	// when the pattern gives none.
	pre *prefilter.Literal
	any []*prefilter.Literal
	// sel, when the pattern gives no literal, is Go's regexp for the
	// pattern relaxed (see relaxedRegex), which every line it matches
	// matches: only the lines sel selects go through regexp2.
	sel Matcher
	uni bool // reads UTF-8 characters, not bytes
	// rawInvalid: under UTF-8, the pattern holds bytes that are not
	// UTF-8, each matching itself (as grep -F has them), so that a line's
	// such bytes are characters to it (see eachMatch).
	rawInvalid bool
}

// newPCRE compiles src, bounded as -w and -x say.
func newPCRE(src string, o Options) (*pcre, error) {
	if o.Word && o.UTF8 {
		src = `(?<!` + perl.UniWordSet + `)(?:` + src + `)(?!` + perl.UniWordSet + `)`
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
	return &pcre{re: re, uni: o.UTF8, rawInvalid: o.UTF8 && !utf8.ValidString(src)}, nil
}

// compilePCRE compiles src with regexp2 as it is.
func compilePCRE(src string, o Options) (*regexp2.Regexp, error) {
	opts := regexp2.RegexOptions(regexp2.RE2) // ASCII \d \w \s, as PCRE without UCP
	if o.IgnoreCase {
		opts |= regexp2.IgnoreCase
	}
	if o.UTF8 {
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
			if i = m.pre.Index(text[at:]); i < 0 {
				return -1, -1, nil
			}
			i += at
		case m.any != nil:
			if i = prefilter.FirstOf(m.any, text, at); i < 0 {
				return -1, -1, nil
			}
		case m.sel != nil:
			s, _, err := m.sel.Next(text[at:])
			if err != nil || s < 0 {
				return -1, -1, err
			}
			i += s
		}
		ls, le := base.LineAt(text, i)
		found := false
		err := m.eachMatch(text[ls:le], 0, func(int, int) bool {
			found = true
			return false
		})
		if err != nil || found {
			return ls, le, err
		}
		at = le + 1
	}
	return -1, -1, nil
}

func (m *pcre) Each(line []byte, fn func(int, int)) error {
	return m.eachMatch(line, 0, func(s, e int) bool {
		if e > s {
			fn(s, e)
		}
		return true
	})
}

// from returns the first non-empty match in line that starts at at or
// later, found with the whole line around it (lookbehinds see before at);
// -1, -1 when there is none.
func (m *pcre) from(line []byte, at int) (int, int, error) {
	s, e := -1, -1
	err := m.eachMatch(line, at, func(ms, me int) bool {
		if me > ms {
			s, e = ms, me
			return false
		}
		return true
	})
	return s, e, err
}

// eachMatch calls fn with the byte bounds of each match in line that
// starts at at or later, in order, until fn returns false.
//
// Under UTF-8, a line holding bytes that are not UTF-8 is searched as
// PCRE2's invalid-UTF mode searches it: such bytes match no item and no
// match crosses them, so the valid stretches between them are searched
// one by one (see stretchRunes).
func (m *pcre) eachMatch(line []byte, at int, fn func(s, e int) bool) error {
	if !m.uni || m.rawInvalid || indexInvalid(line) < 0 {
		l := m.runesOf(line)
		defer m.scratch.Put(l)
		return m.matchRunes(l, l.runeAt(at), len(l.runes), fn)
	}
	for a := 0; a <= len(line); {
		b := len(line)
		if i := indexInvalid(line[a:]); i >= 0 {
			b = a + i
		}
		// A line that starts with a byte that starts nothing has no
		// place where ^ matches (see startsNowhere).
		if b >= at && (b > a || a > 0 || !startsNowhere(line[0])) {
			l, start := m.stretchRunes(line, a, b)
			more := true
			err := m.matchRunes(l, max(start, l.runeAt(at)), len(l.runes)-sentinels(b, len(line)), func(s, e int) bool {
				more = fn(s, e)
				return more
			})
			m.scratch.Put(l)
			if err != nil || !more {
				return err
			}
		}
		a = b + 1
	}
	return nil
}

// matchRunes runs the regex over l from rune start, calling fn with the
// byte bounds of each match that ends by rune end, until fn returns
// false.
func (m *pcre) matchRunes(l *lineRunes, start, end int, fn func(s, e int) bool) error {
	match, err := m.re.FindRunesMatchStartingAt(l.runes, start)
	for match != nil && err == nil {
		if match.Index+match.Length <= end && !fn(l.byteAt(match.Index), l.byteAt(match.Index+match.Length)) {
			return nil
		}
		match, err = m.re.FindNextMatch(match)
	}
	return wrapTimeout(err)
}

// sentinels is how many runes stretchRunes puts after a stretch ending
// at b of a line n bytes long.
func sentinels(b, n int) int {
	if b < n {
		return 2
	}
	return 0
}

// stretchRunes returns line[a:b], valid UTF-8, as regexp2 reads it, and
// the index of its first rune. Where the stretch does not start the line,
// a newline comes first, so that ^ cannot match at its start (the search
// starts after it); where it does not end the line, two come after it, so
// that neither can $ (which matches before a final newline).
func (m *pcre) stretchRunes(line []byte, a, b int) (*lineRunes, int) {
	l, _ := m.scratch.Get().(*lineRunes)
	if l == nil {
		l = new(lineRunes)
	}
	l.runes, l.offs = l.runes[:0], l.offs[:0]
	start := 0
	if a > 0 {
		l.runes = append(l.runes, '\n')
		l.offs = append(l.offs, a)
		start = 1
	}
	for i := a; i < b; {
		r, n := utf8.DecodeRune(line[i:b])
		l.runes = append(l.runes, r)
		l.offs = append(l.offs, i)
		i += n
	}
	for range sentinels(b, len(line)) {
		l.runes = append(l.runes, '\n')
		l.offs = append(l.offs, b)
	}
	l.offs = append(l.offs, b)
	return l, start
}

// lineRunes is a line as regexp2 reads it: a rune for each byte (the C
// locale: ASCII as itself, the others as their byteRune, as the pattern
// reads them), or under UTF-8 a rune for each character, an invalid byte
// being its invalidRune.
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
			r := rune(c)
			if c >= utf8.RuneSelf {
				r = base.ByteRune(c) // as the pattern reads it (byteEscaped)
			}
			l.runes = append(l.runes, r)
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
