package match

import (
	"regexp/syntax"

	"urg/match/prefilter"
)

// byteRun is a pattern that is one class of ASCII bytes repeated at least
// min times, with no upper bound (\w+, [0-9]{3,}): its leftmost-first
// matches in a line are its maximal runs of class bytes that are min
// long or longer, since a greedy repeat takes the whole run from its
// start and no shorter run holds a match. Each lists them with a look at
// each byte, where the automaton would run forward to each match's end
// and back to its start: -o of such a pattern prints a match every few
// bytes.
type byteRun struct {
	in  [256]bool
	min int
}

// newByteRun returns the byteRun of tree (simplified, so x{3,} is
// xxx+ there), or nil when tree is not one.
func newByteRun(tree *syntax.Regexp) *byteRun {
	r := &byteRun{}
	subs := []*syntax.Regexp{tree}
	if tree.Op == syntax.OpConcat {
		subs = tree.Sub
	}
	last := subs[len(subs)-1]
	if last.Op != syntax.OpPlus {
		return nil
	}
	lo, hi, ok := prefilter.ClassRepeat(&r.in, last)
	if !ok || hi >= 0 || lo != 1 {
		return nil
	}
	for _, s := range subs[:len(subs)-1] {
		if !s.Equal(last.Sub[0]) {
			return nil
		}
	}
	r.min = len(subs)
	return r
}

// each calls fn with each match in line.
func (r *byteRun) each(line []byte, fn func(int, int)) {
	for i := 0; i < len(line); {
		if !r.in[line[i]] {
			i++
			continue
		}
		j := i + 1
		for j < len(line) && r.in[line[j]] {
			j++
		}
		if j-i >= r.min {
			fn(i, j)
		}
		i = j
	}
}
