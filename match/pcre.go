package match

import (
	"errors"
	"strings"
	"sync"

	"github.com/dlclark/regexp2"
)

// pcre runs patterns that need backtracking (lookaround, backreferences,
// atomic groups) with regexp2, one line at a time.
//
// Bytes are handed to regexp2 as runes of the same value, and the pattern is
// translated the same way, so matching works on bytes as PCRE does in the C
// locale (GNU grep -P under LC_ALL=C): invalid UTF-8 cannot confuse it, and
// rune offsets are byte offsets.
type pcre struct {
	re      *regexp2.Regexp
	scratch sync.Pool // *[]rune, one per concurrent caller
	// pre, or any, are literals that every match holds (see relax), so
	// that only the lines they land on go through regexp2; both nil
	// when the pattern gives none.
	pre *prefilter
	any []*prefilter
}

func newPCRE(src string, o Options) (*pcre, error) {
	if o.Word {
		src = `(?<!\w)(?:` + src + `)(?!\w)`
	}
	if o.Line {
		src = `^(?:` + src + `)$`
	}
	opts := regexp2.RegexOptions(regexp2.RE2) // ASCII \d \w \s, as PCRE without UCP
	if o.IgnoreCase {
		opts |= regexp2.IgnoreCase
	}
	re, err := regexp2.Compile(bytesAsRunes(src), opts)
	if err != nil {
		return nil, err
	}
	re.MatchTimeout = o.Timeout
	return &pcre{re: re}, nil
}

// bytesAsRunes maps each byte of s to the rune of the same value.
func bytesAsRunes(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteRune(rune(s[i]))
	}
	return b.String()
}

func (m *pcre) Engine() string { return engineName("regexp2", m.pre, m.any) }

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
		}
		ls, le := lineAt(text, i)
		match, err := m.find(text[ls:le], 0)
		if err != nil || match != nil {
			return ls, le, err
		}
		at = le + 1
	}
	return -1, -1, nil
}

func (m *pcre) Each(line []byte, fn func(int, int)) error {
	match, err := m.find(line, 0)
	for match != nil && err == nil {
		if match.Length > 0 {
			fn(match.Index, match.Index+match.Length)
		}
		match, err = m.re.FindNextMatch(match)
	}
	return wrapTimeout(err)
}

func (m *pcre) find(line []byte, at int) (*regexp2.Match, error) {
	p, _ := m.scratch.Get().(*[]rune)
	if p == nil {
		p = new([]rune)
	}
	runes := (*p)[:0]
	for _, c := range line {
		runes = append(runes, rune(c))
	}
	match, err := m.re.FindRunesMatchStartingAt(runes, at)
	// The match keeps referring to runes, so the buffer goes back to the
	// pool only when nothing holds it.
	if match == nil {
		*p = runes
		m.scratch.Put(p)
	}
	return match, wrapTimeout(err)
}

// wrapTimeout turns regexp2's timeout, whose message quotes the whole line,
// into ErrTimeout.
func wrapTimeout(err error) error {
	if err != nil && !errors.Is(err, ErrTimeout) && strings.Contains(err.Error(), "timeout") {
		return ErrTimeout
	}
	return err
}
