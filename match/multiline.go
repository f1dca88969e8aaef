package match

import (
	"regexp"

	"github.com/dlclark/regexp2"

	"urg/match/backtrack"
	"urg/match/base"
)

// Spanner is a Matcher whose matches may span lines (see base.Spanner).
type Spanner = base.Spanner

// multiline is the Spanner of the patterns: Go's regexp where it takes
// them, else the backtracking engine.
type multiline struct {
	re   *regexp.Regexp
	re2  *regexp2.Regexp
	word bool // -w: a match must have no word character on either side
	uni  bool
}

func (m *multiline) Engine() string {
	if m.re != nil {
		return "Go regexp across lines"
	}
	return "regexp2 across lines"
}

func (m *multiline) MinLen() int { return 0 }

func (m *multiline) Spans(text []byte, limit int, fn func(s, e int) bool) error {
	if m.re != nil {
		for at := 0; at <= len(text) && at < limit; {
			loc := m.re.FindIndex(text[at:])
			if loc == nil {
				return nil
			}
			s, e := at+loc[0], at+loc[1]
			if s >= limit {
				return nil
			}
			if !m.word || base.WordBounded(text, s, e, m.uni) {
				if !fn(s, e) {
					return nil
				}
			}
			at = max(e, s+1)
		}
		return nil
	}
	// The backtracking engine reads characters: the text goes over as
	// its runes, once, and the bounds come back as bytes.
	str := string(text)
	byteAt := runeStarts(str)
	match, err := m.re2.FindStringMatch(str)
	for match != nil && err == nil {
		s, e := byteAt[match.Index], byteAt[match.Index+match.Length]
		if s >= limit {
			return nil
		}
		if (!m.word || base.WordBounded(text, s, e, m.uni)) && !fn(s, e) {
			return nil
		}
		match, err = m.re2.FindNextMatch(match)
	}
	return backtrack.WrapTimeout(err)
}

// Next returns the lines a first match spans.
func (m *multiline) Next(text []byte) (int, int, error) {
	ls, le := -1, -1
	err := m.Spans(text, len(text)+1, func(s, e int) bool {
		ls, le = Block(text, s, e)
		return false
	})
	return ls, le, err
}

// Block is the bounds of the whole lines that the match text[s:e] spans,
// without the newline of the last (see base.Block).
func Block(text []byte, s, e int) (int, int) { return base.Block(text, s, e) }

// Each calls fn with the non-empty matches in a block of lines.
func (m *multiline) Each(block []byte, fn func(int, int)) error {
	return m.Spans(block, len(block)+1, func(s, e int) bool {
		if e > s {
			fn(s, e)
		}
		return true
	})
}
