// Package backtrack runs what Go's regexp cannot: patterns with
// lookarounds, backreferences or atomic groups, through regexp2, a
// backtracking engine, one line at a time and with a time limit, its
// offsets mapped back to the line's bytes.
package backtrack

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

// Matcher is the backtracking engine as the other engines use it: a
// base.Matcher that also finds a line's matches from an offset, the text
// before it still seen by lookbehinds.
type Matcher interface {
	base.Matcher
	// From returns the first non-empty match in line that starts at at
	// or later; -1, -1 when there is none.
	From(line []byte, at int) (start, end int, err error)
	// Matches calls fn with the bounds of each match in line, empty ones
	// too, that starts at at or later, in order, until fn returns false.
	Matches(line []byte, at int, fn func(start, end int) bool) error
}

// Filter selects the lines worth regexp2's time, which it then decides;
// the zero Filter selects every line.
type Filter struct {
	// Pre, or Any, are literals that every match holds (see
	// perl.Relax), so that only the lines they land on go through
	// regexp2.
	Pre *prefilter.Literal
	Any []*prefilter.Literal
	// Sel is a matcher of every line the pattern matches and maybe
	// more (a looser regex): only the lines it selects, of those the
	// literals land on where there are any, go through regexp2.
	Sel base.Matcher
}

// regex runs patterns that need backtracking (lookaround, backreferences,
// atomic groups) with regexp2, one line at a time.
//
// Bytes are handed to regexp2 as runes, one each (ASCII as itself, the
// others as their base.ByteRune), and the pattern is read the same way
// (match spells it so), so matching works on bytes as PCRE does in the C locale
// (GNU grep -P under LC_ALL=C): invalid UTF-8 cannot confuse it, and rune
// offsets are byte offsets. Under UTF-8 (Options.UTF8) the line is
// handed over as its characters instead, and offsets are mapped back.
type regex struct {
	re      *regexp2.Regexp
	scratch sync.Pool // *lineRunes, one per concurrent caller
	Filter
	uni bool // reads UTF-8 characters, not bytes
	// rawInvalid: under UTF-8, the pattern holds bytes that are not
	// UTF-8, each matching itself (as grep -F has them), so that a line's
	// such bytes are characters to it (see Matches).
	rawInvalid bool
}

// New returns the engine of src, bounded as -w and -x say, which runs on
// every line.
func New(src string, o base.Options) (Matcher, error) {
	return NewFiltered(src, o, Filter{})
}

// NewFiltered returns the engine of src, bounded as -w and -x say, which
// runs on the lines f selects.
func NewFiltered(src string, o base.Options, f Filter) (Matcher, error) {
	if o.Word && o.UTF8 {
		src = `(?<!` + perl.UniWordSet + `)(?:` + src + `)(?!` + perl.UniWordSet + `)`
	} else if o.Word {
		src = `(?<!\w)(?:` + src + `)(?!\w)`
	}
	if o.Line {
		src = `^(?:` + src + `)$`
	}
	re, err := Compile(src, o)
	if err != nil {
		return nil, err
	}
	return &regex{re: re, Filter: f, uni: o.UTF8, rawInvalid: o.UTF8 && !utf8.ValidString(src)}, nil
}

// Compile compiles src with regexp2 as it is, folding case under -i and
// reading the bytes of src that are not UTF-8 as Matcher reads a line's
// (see invalidEscaped), and bounded in time by o.Timeout.
func Compile(src string, o base.Options) (*regexp2.Regexp, error) {
	return compile(src, o, regexp2.RE2) // ASCII \d \w \s, as PCRE without UCP
}

// CompileSpanning is Compile with ^ and $ matching at every line's start
// and end, for matches that may span lines.
func CompileSpanning(src string, o base.Options) (*regexp2.Regexp, error) {
	return compile(src, o, regexp2.RE2|regexp2.Multiline)
}

func compile(src string, o base.Options, opts regexp2.RegexOptions) (*regexp2.Regexp, error) {
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
// the rune that runesOf reads it as under UTF-8 (see InvalidRune), so that
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
			fmt.Fprintf(&b, `\x{%x}`, InvalidRune(s[i]))
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

// InvalidRune is the rune that stands for a byte that is not UTF-8 in a
// line regexp2 reads as characters: a lone low surrogate, U+DC80 to
// U+DCFF, which no UTF-8 text holds, as Python's surrogateescape. Like
// U+FFFD, where Go's regexp reads such a byte, it is no letter, digit,
// space or word character, and '.' and negated classes match it; unlike
// it, only the same byte matches it.
func InvalidRune(c byte) rune { return 0xDC00 | rune(c) }

func (m *regex) Engine() string {
	if m.Sel != nil && m.Pre == nil && m.Any == nil {
		return "regexp2 behind " + m.Sel.Engine()
	}
	name := prefilter.EngineName("regexp2", m.Pre, m.Any)
	if m.Sel != nil {
		name += " behind " + m.Sel.Engine()
	}
	return name
}

func (m *regex) MinLen() int { return 0 }

// Gate is the scan for the literals one of which every match holds
// (base.Gated); nil without them.
func (m *regex) Gate() func(text []byte) int { return prefilter.Gate(m.Pre, m.Any) }

func (m *regex) Next(text []byte) (int, int, error) {
	for at := 0; at <= len(text); {
		i := at
		switch {
		case m.Pre != nil:
			if i = m.Pre.Index(text[at:]); i < 0 {
				return -1, -1, nil
			}
			i += at
		case m.Any != nil:
			if i = prefilter.FirstOf(m.Any, text, at); i < 0 {
				return -1, -1, nil
			}
		case m.Sel != nil:
			s, _, err := m.Sel.Next(text[at:])
			if err != nil || s < 0 {
				return -1, -1, err
			}
			i += s
		}
		ls, le := base.LineAt(text, i)
		if m.Sel != nil && (m.Pre != nil || m.Any != nil) {
			s, _, err := m.Sel.Next(text[ls:le])
			if err != nil {
				return -1, -1, err
			}
			if s < 0 {
				at = le + 1
				continue
			}
		}
		found := false
		err := m.Matches(text[ls:le], 0, func(int, int) bool {
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

func (m *regex) Each(line []byte, fn func(int, int)) error {
	return m.Matches(line, 0, func(s, e int) bool {
		if e > s {
			fn(s, e)
		}
		return true
	})
}

// From returns the first non-empty match in line that starts at at or
// later, found with the whole line around it (lookbehinds see before at);
// -1, -1 when there is none.
func (m *regex) From(line []byte, at int) (int, int, error) {
	s, e := -1, -1
	err := m.Matches(line, at, func(ms, me int) bool {
		if me > ms {
			s, e = ms, me
			return false
		}
		return true
	})
	return s, e, err
}

// Matches calls fn with the byte bounds of each match in line that
// starts at at or later, in order, until fn returns false.
//
// Under UTF-8, a line holding bytes that are not UTF-8 is searched as
// PCRE2's invalid-UTF mode searches it: such bytes match no item and no
// match crosses them, so the valid stretches between them are searched
// one by one (see stretchRunes).
func (m *regex) Matches(line []byte, at int, fn func(s, e int) bool) error {
	if !m.uni || m.rawInvalid || base.IndexInvalid(line) < 0 {
		l := m.runesOf(line)
		defer m.scratch.Put(l)
		return m.matchRunes(l, l.runeAt(at), len(l.runes), fn)
	}
	for a := 0; a <= len(line); {
		b := len(line)
		if i := base.IndexInvalid(line[a:]); i >= 0 {
			b = a + i
		}
		// A line that starts with a byte that starts nothing has no
		// place where ^ matches (see base.StartsNowhere).
		if b >= at && (b > a || a > 0 || !base.StartsNowhere(line[0])) {
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
func (m *regex) matchRunes(l *lineRunes, start, end int, fn func(s, e int) bool) error {
	match, err := m.re.FindRunesMatchStartingAt(l.runes, start)
	for match != nil && err == nil {
		if match.Index+match.Length <= end && !fn(l.byteAt(match.Index), l.byteAt(match.Index+match.Length)) {
			return nil
		}
		match, err = m.re.FindNextMatch(match)
	}
	return WrapTimeout(err)
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
func (m *regex) stretchRunes(line []byte, a, b int) (*lineRunes, int) {
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
// being its InvalidRune.
type lineRunes struct {
	runes []rune
	// offs holds the offset in the line of each rune, then the line's
	// length; nil when each rune is a byte.
	offs []int
}

// runesOf returns line as regexp2 reads it, in a buffer from the pool, to
// be put back when no match refers to it any more.
func (m *regex) runesOf(line []byte) *lineRunes {
	l, _ := m.scratch.Get().(*lineRunes)
	if l == nil {
		l = new(lineRunes)
	}
	l.runes, l.offs = l.runes[:0], l.offs[:0]
	if !m.uni {
		for _, c := range line {
			r := rune(c)
			if c >= utf8.RuneSelf {
				r = base.ByteRune(c) // as the pattern reads it
			}
			l.runes = append(l.runes, r)
		}
		l.offs = nil
		return l
	}
	for i := 0; i < len(line); {
		r, n := utf8.DecodeRune(line[i:])
		if r == utf8.RuneError && n == 1 {
			r = InvalidRune(line[i])
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

// WrapTimeout turns regexp2's timeout, whose message quotes the whole line,
// into base.ErrTimeout.
func WrapTimeout(err error) error {
	if err != nil && !errors.Is(err, base.ErrTimeout) && strings.Contains(err.Error(), "timeout") {
		return base.ErrTimeout
	}
	return err
}

// RuneStarts is where each rune of str starts, as regexp2 counts them (an
// invalid byte is a rune of its own, as in []rune(str)), and then
// len(str): the byte offset of rune index i is RuneStarts(str)[i].
func RuneStarts(str string) []int {
	at := make([]int, 0, len(str)+1)
	for i := range str {
		at = append(at, i)
	}
	return append(at, len(str))
}
