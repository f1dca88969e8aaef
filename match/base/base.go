// Package base is the vocabulary every engine of package match shares and
// no engine owns: the Matcher interface and its optional extensions, the
// errors a match can end in, and how lines, words and bytes beyond ASCII
// are found in a block of text. It imports no engine, so that any engine
// can import it.
package base

import (
	"errors"
	"time"
)

// Matcher finds matches in text made of whole lines.
//
// The text passed to Next holds lines separated by '\n' and carries no
// trailing newline; an empty text is a single empty line. No match reported
// by a Matcher spans a newline.
type Matcher interface {
	// Next returns the bounds [start, end) of the first line of text that
	// holds a match, end excluding the newline. start is -1 when no line
	// matches.
	Next(text []byte) (start, end int, err error)
	// Each calls fn with the bounds of every non-empty match in line, left
	// to right, as grep -o prints them. line holds no newline.
	Each(line []byte, fn func(start, end int)) error
	// MinLen is the length in bytes of the shortest text that can match; a
	// file shorter than that cannot hold a matching line.
	MinLen() int
	// Engine names the engine chosen, for --stats and tests.
	Engine() string
}

// Spanner is a Matcher whose matches may span lines (--multiline): ^ and
// $ match at the start and end of every line, '.' matches no newline, and
// \s, \n and negated classes such as [^a] do, as in ripgrep's -U.
type Spanner interface {
	Matcher
	// Spans calls fn with the bounds of each match in text that starts
	// before limit, left to right, until fn returns false. Empty matches
	// are reported too: they select their line.
	Spans(text []byte, limit int, fn func(s, e int) bool) error
}

// CleanScanner is a Matcher whose scan may look for NUL bytes in the same
// pass as for its matches, so that a search that must stop at binary data
// reads memory once rather than twice.
type CleanScanner interface {
	Matcher
	// CleanNext returns the matcher's Next that also says how much of
	// text it saw to hold no NUL (text[:clean]), or nil when this
	// matcher's scan cannot tell.
	CleanNext() func(text []byte) (start, end, clean int, err error)
}

// Gated is a Matcher every match of which holds one of a few literals,
// which a scan finds faster than the matcher reads text: a caller that
// hands the matcher lines, or decides lines by another matcher, may skip
// the lines before the first occurrence.
type Gated interface {
	Matcher
	// Gate returns the scan: the index in text where the first
	// occurrence of a literal starts, -1 when text holds none. It is nil
	// when this matcher has no such literals.
	Gate() func(text []byte) int
}

// DefaultTimeout bounds one backtracking match, so that a catastrophic
// pattern costs a reported error on one file instead of a hung search.
const DefaultTimeout = 2 * time.Second

// ErrTimeout is returned (wrapped) when a backtracking match runs past its
// time limit.
var ErrTimeout = errors.New("match time limit exceeded")
