// Package multiline finds matches that may span lines (--multiline): Go's
// regexp where it takes the patterns, else the backtracking engine.
package multiline

import (
	"regexp"

	"github.com/dlclark/regexp2"

	"urg/match/backtrack"
	"urg/match/base"
)

// Go returns the Spanner of re, Go's regexp of the patterns. word and uni
// are -w and whether its words are UTF-8's.
func Go(re *regexp.Regexp, word, uni bool) base.Spanner {
	return &multiline{re: re, word: word, uni: uni}
}

// Backtracking returns the Spanner of re, the backtracking engine's
// regexp of the patterns, where Go's regexp refuses them.
func Backtracking(re *regexp2.Regexp, word, uni bool) base.Spanner {
	return &multiline{re2: re, word: word, uni: uni}
}

// multiline is the Spanner of the patterns: Go's regexp where it takes
// them, else the backtracking engine.
type multiline struct {
	re   *regexp.Regexp
	re2  *regexp2.Regexp
	word bool // -w: a match must have no word character on either side
	uni  bool
}

// Engine names the engine.
func (m *multiline) Engine() string {
	if m.re != nil {
		return "Go regexp across lines"
	}
	return "regexp2 across lines"
}

// MinLen is 0: a match across lines is no length known in advance.
func (m *multiline) MinLen() int { return 0 }

// Spans calls fn with the matches in text that start before limit, until
// fn returns false (base.Spanner).
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
	byteAt := backtrack.RuneStarts(str)
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
		ls, le = base.Block(text, s, e)
		return false
	})
	return ls, le, err
}

// Each calls fn with the non-empty matches in a block of lines.
func (m *multiline) Each(block []byte, fn func(int, int)) error {
	return m.Spans(block, len(block)+1, func(s, e int) bool {
		if e > s {
			fn(s, e)
		}
		return true
	})
}
