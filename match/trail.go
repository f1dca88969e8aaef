package match

import (
	"bytes"
	"regexp/syntax"
)

// trail is a pattern that is a run of one class at a line's end, `\s+$`
// or ` {2,}$`: a line matches when its last min bytes are in the class,
// which is one look back from each newline. With no literal and no rare
// run to look for, Go's regexp ran its NFA over every byte instead: `-c
// '\s+$'` over the Go tree took 3.5 s, ripgrep 0.30 s.
type trail struct {
	in  [256]bool
	min int
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
		min, _, ok := classRepeat(&in, part)
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

// next returns the bounds of the first line of text that matches, or -1.
func (t *trail) next(text []byte) (int, int) {
	for ls := 0; ls <= len(text); {
		le := bytes.IndexByte(text[ls:], '\n')
		if le < 0 {
			le = len(text)
		} else {
			le += ls
		}
		if le-ls >= t.min {
			i := le
			for i > le-t.min && t.in[text[i-1]] {
				i--
			}
			if i == le-t.min {
				return ls, le
			}
		}
		ls = le + 1
	}
	return -1, -1
}
