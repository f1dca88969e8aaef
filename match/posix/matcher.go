package posix

import "urg/match/base"

// NewMatcher returns the Matcher of the patterns pats, whose lines sel
// selects: exactly the lines that match when exact, else more, which
// the POSIX engines confirm (sel nil: no spelling, every line is looked
// at). The POSIX engines also give Each's matches, leftmost-longest, as
// grep gives them, which sel's engines (leftmost-first) do not. word and
// line are -w (but under -x) and -x; uni, the UTF-8 locale; fold, -i.
// Its error is the POSIX engine's: the patterns are too large for it.
func NewMatcher(pats []*Pattern, sel base.Matcher, exact, word, line, uni, fold bool) (base.Matcher, error) {
	m := &matcher{sel: sel, exact: exact && sel != nil, word: word, line: line, uni: uni}
	var plain []*pnode
	for _, p := range pats {
		if holdsPosixOp(p.node, pBackref) {
			m.engines = append(m.engines, newBacktracker(p.node, uni, fold))
		} else {
			plain = append(plain, p.node)
		}
	}
	if len(plain) > 0 {
		n := plain[0]
		if len(plain) > 1 {
			n = &pnode{op: pAlt, sub: plain}
		}
		vm, err := newPikeVM(n, uni)
		if err != nil {
			return nil, err
		}
		m.engines = append(m.engines, vm)
	}
	return m, nil
}

// matcher is the Matcher of POSIX patterns whose Perl spelling's matcher
// does not serve alone (see NewMatcher).
type matcher struct {
	// sel selects the lines, all that match and, unless exact, more;
	// nil when the patterns have no spelling: every line is looked at.
	sel     base.Matcher
	exact   bool
	engines []posixEngine
	word    bool // -w (but under -x)
	line    bool // -x
	uni     bool
}

func (m *matcher) Engine() string {
	if m.sel == nil {
		return "POSIX engine"
	}
	if m.exact {
		return m.sel.Engine() + "; POSIX engine for matches"
	}
	return m.sel.Engine() + ", lines confirmed by the POSIX engine"
}

func (m *matcher) MinLen() int {
	if m.sel == nil {
		return 0
	}
	return m.sel.MinLen() // the patterns match no shorter text than it
}

func (m *matcher) Next(text []byte) (int, int, error) {
	if m.exact {
		return m.sel.Next(text)
	}
	for at := 0; at <= len(text); {
		var ls, le int
		if m.sel != nil {
			s, e, err := m.sel.Next(text[at:])
			if s < 0 || err != nil {
				return -1, -1, err
			}
			ls, le = at+s, at+e
		} else {
			ls, le = at, len(text)
			if i := base.IndexNL(text[at:]); i >= 0 {
				le = at + i
			}
		}
		ok, err := m.matchLine(text[ls:le])
		if ok || err != nil {
			return ls, le, err
		}
		at = le + 1
	}
	return -1, -1, nil
}

// matchLine reports whether line is selected: under -x, a match is the
// whole line; under -w, find finds one; else any match will do.
func (m *matcher) matchLine(line []byte) (bool, error) {
	if m.line {
		var ends []int
		for _, e := range m.engines {
			var err error
			if ends, err = e.ends(line, 0, ends[:0]); err != nil {
				return false, err
			}
			for _, end := range ends {
				if end == len(line) {
					return true, nil
				}
			}
		}
		return false, nil
	}
	if !m.word {
		for _, e := range m.engines {
			if ok, err := e.matches(line); ok || err != nil {
				return ok, err
			}
		}
		return false, nil
	}
	s, _, err := m.find(line, 0)
	return s >= 0, err
}

func (m *matcher) Each(line []byte, fn func(int, int)) error {
	// As grep's print_line_middle: from the end of each match on, or
	// past an empty one by a character.
	for at := 0; at <= len(line); {
		s, e, err := m.find(line, at)
		if s < 0 || err != nil {
			return err
		}
		if e > s {
			fn(s, e)
			at = e
			continue
		}
		if s == len(line) {
			break
		}
		_, w := charAt(line, s, m.uni)
		at = s + w
	}
	return nil
}

// search is the leftmost-longest match of any engine from from on.
func (m *matcher) search(line []byte, from int) (int, int, error) {
	s, e := -1, -1
	for _, eng := range m.engines {
		s1, e1, err := eng.search(line, from)
		if err != nil {
			return -1, -1, err
		}
		if s1 >= 0 && (s < 0 || s1 < s || s1 == s && e1 > e) {
			s, e = s1, e1
		}
	}
	return s, e, nil
}

// find returns the match Each gives next from from on (-1 when there is
// none): the leftmost-longest, and under -w that of grep's EGexecute:
// the leftmost start whose longest match has no word character on
// either side, or else a shorter one that is not empty; if none, the
// next place a match starts. (grep 3.8 misplaces the end of its
// shorter tries after a first match on the line, and so misses some
// later ones: this is what it does on the first, everywhere.)
func (m *matcher) find(line []byte, from int) (int, int, error) {
	var ends []int
	for s := from; s <= len(line); {
		s0, e0, err := m.search(line, s)
		if s0 < 0 || err != nil || !m.word {
			return s0, e0, err
		}
		if !posixWordBefore(line, s0, m.uni) {
			if !posixWordAfter(line, e0, m.uni) {
				return s0, e0, nil
			}
			ends = ends[:0]
			for _, eng := range m.engines {
				if ends, err = eng.ends(line, s0, ends); err != nil {
					return -1, -1, err
				}
			}
			best := -1
			for _, e := range ends {
				if e > s0 && e < e0 && e > best && !posixWordAfter(line, e, m.uni) {
					best = e
				}
			}
			if best >= 0 {
				return s0, best, nil
			}
		}
		if s0 == len(line) {
			break
		}
		_, w := charAt(line, s0, m.uni)
		s = s0 + w
	}
	return -1, -1, nil
}

// posixWordBefore and posixWordAfter are base.WordBefore and
// base.WordAfter with grep's words (isPosixWord).
func posixWordBefore(line []byte, i int, uni bool) bool {
	return i > 0 && isPosixWord(charBefore(line, i, uni), uni)
}

func posixWordAfter(line []byte, i int, uni bool) bool {
	if i >= len(line) {
		return false
	}
	c, _ := charAt(line, i, uni)
	return isPosixWord(c, uni)
}
