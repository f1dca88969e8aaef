package regex

import (
	"regexp/syntax"
	"slices"
	"unicode/utf8"

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
//
// A class beyond ASCII (\w under UTF-8) is a run of its characters: an
// ASCII byte is looked up, a byte from 0x80 starts a character decoded
// as Go's regexp decodes it and looked for in the class's ranges (a byte
// not UTF-8 is in none), and min counts characters.
type byteRun struct {
	in     [256]bool
	ranges []rune // the class's ranges from 0x80, in pairs; nil when ASCII's
	min    int
}

// newByteRun returns the byteRun of tree (simplified, so x{3,} is
// xxx+ there), or nil when tree is not one; a class beyond ASCII is
// one only under uni (UTF-8), where the text's characters are UTF-8's.
func newByteRun(tree *syntax.Regexp, uni bool) *byteRun {
	r := &byteRun{}
	subs := []*syntax.Regexp{tree}
	if tree.Op == syntax.OpConcat {
		subs = tree.Sub
	}
	last := subs[len(subs)-1]
	if last.Op != syntax.OpPlus {
		return nil
	}
	if lo, hi, ok := prefilter.ClassRepeat(&r.in, last); !ok || hi >= 0 || lo != 1 {
		if !uni || !r.runes(last.Sub[0]) {
			return nil
		}
	}
	for _, s := range subs[:len(subs)-1] {
		if !s.Equal(last.Sub[0]) {
			return nil
		}
	}
	r.min = len(subs)
	return r
}

// runes makes r the run of class, a class of characters that reaches
// beyond ASCII, and says whether it is one.
func (r *byteRun) runes(class *syntax.Regexp) bool {
	// A class that holds U+FFFD would take the bytes that are not
	// UTF-8, which the automaton does not: such a class keeps its path.
	if class.Op != syntax.OpCharClass || len(class.Rune) == 0 || inRanges(class.Rune, utf8.RuneError) {
		return false
	}
	r.in = [256]bool{}
	r.ranges = r.ranges[:0]
	for i := 0; i+1 < len(class.Rune); i += 2 {
		lo, hi := class.Rune[i], class.Rune[i+1]
		for c := lo; c <= min(hi, utf8.RuneSelf-1); c++ {
			r.in[c] = true
		}
		if hi >= utf8.RuneSelf {
			r.ranges = append(r.ranges, max(lo, utf8.RuneSelf), hi)
		}
	}
	return r.ranges != nil
}

// inRanges says whether c is in ranges, sorted pairs of bounds.
func inRanges(ranges []rune, c rune) bool {
	i, found := slices.BinarySearch(ranges, c)
	return found || i%2 == 1
}

// each calls fn with each match in line.
func (r *byteRun) each(line []byte, fn func(int, int)) {
	if r.ranges != nil {
		r.eachRune(line, fn)
		return
	}
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

// eachRune is each for a class beyond ASCII. A character outside the
// class is stepped over whole, as the regexp steps over it.
func (r *byteRun) eachRune(line []byte, fn func(int, int)) {
	// width is that of the character at i, and in whether it is in the
	// class.
	width := func(i int) (w int, in bool) {
		ch, w := utf8.DecodeRune(line[i:])
		return w, ch != utf8.RuneError && inRanges(r.ranges, ch)
	}
	for i := 0; i < len(line); {
		if c := line[i]; c < utf8.RuneSelf && !r.in[c] {
			i++
			continue
		} else if c >= utf8.RuneSelf {
			if w, in := width(i); !in {
				i += w
				continue
			}
		}
		// A run starts at i: ASCII's bytes are read in a loop of their
		// own, most of a line's.
		j, n := i, 0
		for j < len(line) {
			if c := line[j]; c < utf8.RuneSelf {
				if !r.in[c] {
					break
				}
				j, n = j+1, n+1
				continue
			}
			w, in := width(j)
			if !in {
				break
			}
			j, n = j+w, n+1
		}
		if n >= r.min {
			fn(i, j)
		}
		i = j
	}
}
