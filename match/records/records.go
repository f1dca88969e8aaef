// Package records matches lines that end in NUL bytes (grep -z), which
// may hold newlines, on the backtracking engine behind the literals every
// match holds.
package records

import (
	"bytes"
	"regexp"

	"urg/match/backtrack"
	"urg/match/base"
	"urg/match/prefilter"
	"urg/match/regex"
)

// New returns the Matcher of NUL-ended lines that p, the backtracking
// engine of the patterns, decides; pre, when not nil, is a literal every
// match holds, and longest, for -G and -E, finds Each's matches
// leftmost-longest (nil for -P's leftmost-first). word and uni are -w
// and whether its words are UTF-8's.
func New(p backtrack.Matcher, pre *prefilter.Literal, longest *regexp.Regexp, word, uni bool) base.Matcher {
	return &records{p: p, pre: pre, longest: longest, word: word, uni: uni}
}

// None returns the Matcher of no pattern: nothing matches.
func None() base.Matcher { return &records{none: true} }

// records is the Matcher of lines that end in NUL bytes (grep -z): a
// line may hold newlines, which are characters like any other to it. The
// patterns run as PCRE runs them on a whole subject: '.' does not match
// a newline, ^ and $ are the line's start and end, \s and [^a] match a
// newline. The automata of the other engines look for lines ended by
// newlines, so these lines go to the backtracking engine, behind the
// literals every match holds where the patterns give some.
type records struct {
	p    backtrack.Matcher
	pre  *prefilter.Literal
	none bool // no pattern: nothing matches
	// longest, for -G and -E, finds Each's matches leftmost-longest.
	longest *regexp.Regexp
	word    bool
	uni     bool
}

// Engine names the engine.
func (m *records) Engine() string { return "regexp2 over NUL-ended lines" }

// MinLen is 0: a NUL-ended line is no length known in advance.
func (m *records) MinLen() int { return 0 }

// Next finds the first NUL-ended line of text that holds a match.
func (m *records) Next(text []byte) (int, int, error) {
	if m.none {
		return -1, -1, nil
	}
	for at := 0; at <= len(text); {
		if m.pre != nil {
			// Only a line holding the literal can match: go to it.
			j := m.pre.Index(text[at:])
			if j < 0 {
				return -1, -1, nil
			}
			at = bytes.LastIndexByte(text[:at+j], 0) + 1
		}
		end := len(text)
		if i := bytes.IndexByte(text[at:], 0); i >= 0 {
			end = at + i
		}
		found := false
		err := m.p.Matches(text[at:end], 0, func(int, int) bool {
			found = true
			return false
		})
		if err != nil || found {
			return at, end, err
		}
		at = end + 1
	}
	return -1, -1, nil
}

// Each calls fn with the non-empty matches in line, a NUL-ended line
// without its NUL.
func (m *records) Each(line []byte, fn func(int, int)) error {
	if m.none {
		return nil
	}
	if m.longest != nil {
		return regex.EachBounded(m.longest, line, m.word, m.uni, m.p, fn)
	}
	return m.p.Each(line, fn)
}
