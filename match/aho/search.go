package aho

// The searches: the first line of a block that holds a word, and grep's
// matches in a line (at the leftmost start, the longest).

import (
	"fmt"
	"slices"

	"urg/match/base"
	"urg/match/prefilter"
)

func (a *aho) Engine() string {
	filter := ""
	if a.starts != nil {
		filter = ", beginnings filtered"
	}
	return fmt.Sprintf("aho-corasick (%d states, %d with rows%s)", len(a.cls), a.nd, filter)
}

func (a *aho) MinLen() int { return a.min }

// Next is the hot loop: one lookup a byte while the scan stays in the
// states with rows. No word holds '\n', so a line's end takes the scan
// back to the root and the block is scanned as one. Where the scan is in
// a state of one byte or none, it leaps to the next place where the
// filter of beginnings says a word may begin.
func (a *aho) Next(text []byte) (int, int, error) {
	if a.line {
		return a.nextWhole(text)
	}
	if a.word {
		if p, _ := a.find(text, 0, nil); p >= 0 {
			return lineAround(text, p)
		}
		return -1, -1, nil
	}
	s, nd, le := uint32(0), a.nd, -1
	var starts prefilter.StartsScan
	if a.starts != nil {
		starts = a.starts.Scan(text)
	}
	for i := 0; i < len(text); i++ {
		if a.starts != nil && s < a.shallow {
			// No word has more than its first byte behind i: the next
			// one begins at i-1 (when s is not the root) or later, at a
			// place the filter passes.
			j := i
			if s != 0 {
				j--
			}
			if j = starts.Next(j); j >= len(text) {
				return -1, -1, nil
			}
			if j >= i {
				s, i = 0, j
			}
		}
		c := a.class[text[i]]
		var t uint32
		if s < nd {
			t = a.dense[s<<a.shift|uint32(c)]
		} else {
			t = a.next(s, c)
		}
		if t&matchBit != 0 {
			if a.heads == nil {
				return lineAround(text, i)
			}
			if le < i {
				le = base.LineEndFrom(text, i)
			}
			if a.tailsMatch(t&^matchBit, text[:le], i+1) {
				return lineAround(text, i)
			}
		}
		s = t &^ matchBit
	}
	return -1, -1, nil
}

// lineAround is base.LineAt as Next returns it.
func lineAround(text []byte, i int) (int, int, error) {
	s, e := base.LineAt(text, i)
	return s, e, nil
}

// nextWhole is -x's Next: a line is selected when it is a word.
func (a *aho) nextWhole(text []byte) (int, int, error) {
	s, e := base.FirstLine(text, a.whole)
	return s, e, nil
}

// whole says whether line is one of the words.
func (a *aho) whole(line []byte) bool {
	s := uint32(0)
	for _, b := range line {
		t, ok := a.edge(s, a.class[b])
		if !ok {
			return false
		}
		s = t
	}
	return a.flags[s]&ahoTerm != 0
}

// find returns the leftmost match in text from i on (the longest of those
// that start there), as grep -F reports them: under -w the leftmost
// start where a word fits between non-word characters, the longest that
// fits. It returns -1 when there is none. t is the line's spelling when
// text is a transcript, else nil.
//
// The scan runs until a word ends, at e. A match that starts before e
// has its start in the suffix of text[:e] that the state spells (a
// longer suffix would be in the trie), so those few starts are walked
// from the root, from the left; none fitting, the scan goes on, and the
// starts before e are decided.
func (a *aho) find(text []byte, i int, t *spelt) (int, int) {
	if t == nil {
		t = &spelt{text: text}
	}
	s, tried := uint32(0), i
	for j := i; j < len(text); j++ {
		n := a.next(s, a.class[text[j]])
		s = n &^ matchBit
		if n&matchBit == 0 {
			continue
		}
		e := j + 1
		for p := max(tried, e-int(a.depth[s])); p < e; p++ {
			if q := a.longestAt(text, p, t); q >= 0 {
				return p, q
			}
		}
		tried = e
	}
	return -1, -1
}

// longestAt returns the end of the longest word at p in text (under -w,
// of those with no word character beside them), or -1. Of heads (see
// headed), it is the end of the longest regex's match, in the line's
// own offsets.
func (a *aho) longestAt(text []byte, p int, t *spelt) int {
	if a.word && t.wordBefore(p, a.uni) {
		return -1
	}
	s, best := uint32(0), -1
	for j := p; j < len(text); j++ {
		n, ok := a.edge(s, a.class[text[j]])
		if !ok {
			break
		}
		if s = n; a.flags[s]&ahoTerm == 0 {
			continue
		}
		if a.heads != nil {
			best = max(best, a.tailsEnd(s, t, j+1))
		} else if !a.word || !t.wordAfter(j+1, a.uni) {
			best = j + 1
		}
	}
	return best
}

// findIn is find for heads in line from its offset i, through the
// transcript t (of line) when the automaton folds: the match's bounds in
// line's offsets.
func (a *aho) findIn(line []byte, i int, t *spelt) (int, int) {
	if !a.fold || t == nil {
		return a.find(line, i, nil)
	}
	k, _ := slices.BinarySearch(t.at, int32(i))
	p, q := a.find(t.text, k, t)
	if p < 0 {
		return -1, -1
	}
	return int(t.at[p]), q
}

// Each gives grep -F's matches: from the left, at each place the longest
// word that starts there (under -w, that fits), the search going on after
// it; under -x the whole line when it is a word.
func (a *aho) Each(line []byte, fn func(int, int)) error {
	if a.line {
		if len(line) > 0 && a.whole(line) {
			fn(0, len(line))
		}
		return nil
	}
	for i := 0; i < len(line); {
		p, q := a.find(line, i, nil)
		if p < 0 {
			break
		}
		fn(p, q)
		i = q
	}
	return nil
}
