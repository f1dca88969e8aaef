package prefilter

import (
	"regexp/syntax"
	"urg/match/base"
)

// trail is a pattern that is a run of one class at a line's end, `\s+$`
// or ` {2,}$`: a line matches when its last min bytes are in the class,
// which is one look back from each newline. With no literal and no rare
// run to look for, Go's regexp ran its NFA over every byte instead, far
// slower on `-c '\s+$'` (see docs/decisions.md#trail-a-class-run-at-the-lines-end-matchprefiltertrailgo).
type trail struct {
	in  [256]bool
	min int
}

// LineFinder finds the first line of a block that holds a match of the
// whole pattern, with no regex after it.
type LineFinder interface {
	NextLine(text []byte) (ls, le int) // -1, -1 when no line does
	Name() string                      // for Engine, after "regexp+"
}

// NewTrail returns the line finder of re when re is a run of one class at
// a line's end, or nil.
func NewTrail(re *syntax.Regexp) LineFinder {
	if t := newTrail(re); t != nil {
		return t
	}
	return nil
}

// newTrail returns the trail re is, or nil. A run that may be empty
// matches every line and is left to the regex.
func newTrail(re *syntax.Regexp) *trail {
	parts := flatConcat(nil, re)
	n := len(parts)
	if n < 2 || parts[n-1].Op != syntax.OpEndLine && parts[n-1].Op != syntax.OpEndText {
		return nil
	}
	t := &trail{}
	for i, part := range parts[:n-1] {
		var in [256]bool
		min, _, ok := ClassRepeat(&in, part)
		if !ok || i > 0 && in != t.in {
			return nil
		}
		t.in, t.min = in, t.min+min
	}
	if t.min == 0 || t.in['\n'] {
		return nil
	}
	return t
}

func (t *trail) NextLine(text []byte) (int, int) { return base.FirstLine(text, t.matches) }
func (t *trail) Name() string                    { return "line end" }

// matches reports whether line, without its newline, ends in the run.
func (t *trail) matches(line []byte) bool {
	if len(line) < t.min {
		return false
	}
	for _, c := range line[len(line)-t.min:] {
		if !t.in[c] {
			return false
		}
	}
	return true
}
