package regex

import (
	"bytes"

	"urg/match/automata"
	"urg/match/base"
)

// nextScan is Next for a pattern without literals, whose lines are
// found by Go's regexp, or by the automaton where it has one, and then
// confirmed (scanLines).
func (m *Regex) nextScan(text []byte) (int, int, error) {
	for at := 0; at <= len(text); {
		var ls, le int
		if a := m.auto.Get(); a != nil {
			s, e := a.NextLine(text[at:])
			if s < 0 {
				return -1, -1, nil
			}
			ls, le = at+s, at+e
		} else if loc := m.re.FindIndex(text[at:]); loc == nil {
			return -1, -1, nil
		} else {
			ls, le = base.LineAt(text, at+loc[0])
		}
		if ok, err := m.lineMatches(text[ls:le]); ok || err != nil {
			return ls, le, err
		}
		at = le + 1
	}
	return -1, -1, nil
}

// nextRun is Next for a pattern found by its run of class bytes
// (classRun): each run's line is confirmed.
func (m *Regex) nextRun(text []byte) (int, int, error) {
	for at := 0; at <= len(text); {
		i := m.run.Index(text[at:])
		if i < 0 {
			return -1, -1, nil
		}
		ls, le := base.LineAt(text, at+i)
		if ok, err := m.lineMatches(text[ls:le]); ok || err != nil {
			return ls, le, err
		}
		at = le + 1
	}
	return -1, -1, nil
}

// nextFound is Next for a pattern whose finder's lines are confirmed
// under -w (finderWords).
func (m *Regex) nextFound(text []byte) (int, int, error) {
	for at := 0; at <= len(text); {
		s, e := m.finder.NextLine(text[at:])
		if s < 0 {
			return -1, -1, nil
		}
		ls, le := at+s, at+e
		if ok, err := m.lineMatches(text[ls:le]); ok || err != nil {
			return ls, le, err
		}
		at = le + 1
	}
	return -1, -1, nil
}

// nextCandidates is Next for a pattern with literals to scan for, each
// occurrence a candidate decided in its line (candidates; and what the
// prefixed and suffixed paths fall back on).
func (m *Regex) nextCandidates(text []byte) (int, int, error) {
	h := m.lits.Hits(text, 0)
	for {
		hit := h.Next()
		if hit < 0 {
			return -1, -1, nil
		}
		ls, le := base.LineAt(text, hit)
		if ok, err := m.candidate(text[ls:le], hit-ls); ok || err != nil {
			return ls, le, err
		}
		h.Skip(le + 1)
	}
}

// nextPrefixed is Next for a prefixed pattern: decided where the prefix
// lies, before its line's start is looked for, since most occurrences of
// a common prefix fail, and the way back to a long line's start costs
// more than the check. ok is false where it cannot say (no automaton, a
// cache that thrashed): the caller decides the lines itself.
//
// Under -w with UTF-8's words, the automaton bounds matches by ASCII's
// word bytes, which take every byte of a character beyond ASCII for a
// bound: it finds a superset of the lines, and those beyond ASCII are
// decided again as a whole.
func (m *Regex) nextPrefixed(text []byte) (ls, le int, ok bool) {
	a := m.anchoredAuto()
	if a == nil {
		return 0, 0, false
	}
	h := m.lits.Hits(text, 0)
	for {
		hit, sure := a.NextAt(text, h.Next)
		if !sure {
			return 0, 0, false
		}
		if hit < 0 {
			return -1, -1, true
		}
		ls, le = base.LineAt(text, hit)
		if !m.word || !m.uni || base.IndexNonASCII(text[ls:le]) < 0 {
			return ls, le, true
		}
		if m.matchLine(text[ls:le]) {
			return ls, le, true
		}
		h.Skip(le + 1)
	}
}

// nextSuffixed is Next for a pattern whose matches each end with the
// suffix (suffixed): decided back from where the suffix lies, before its
// line is looked for, as nextPrefixed decides forward. Where the scanned literal is another, inside the
// matches (`_` of `\b\w+_\w+\(`), a match holding one of its
// occurrences ends with the first occurrence of the suffix after it, if
// any: that one is decided, and the occurrences before it are done with.
// ok is false where it cannot say (no automaton, a cache that
// thrashed): the caller decides the lines itself.
func (m *Regex) nextSuffixed(text []byte) (ls, le int, ok bool) {
	a := m.auto.Get()
	if a == nil {
		return 0, 0, false
	}
	h := m.lits.Hits(text, 0)
	next := h.Next
	if string(m.pre.Lit) != string(m.suffix) {
		end := m.suffix[0]
		next = func() int {
			hit := h.Next()
			if hit < 0 {
				return -1
			}
			k := bytes.IndexByte(text[hit:], end)
			if k < 0 {
				return -1
			}
			h.Skip(hit + k + 1)
			return hit + k
		}
	}
	hit, sure := a.NextEndingAt(text, next, len(m.suffix))
	if !sure {
		return 0, 0, false
	}
	if hit < 0 {
		return -1, -1, true
	}
	ls, le = base.LineAt(text, hit)
	return ls, le, true
}

// anchoredAuto is the automaton that decides a line from where pre lies
// in it (under -w, bounded by ASCII's word bytes); nil when there is
// none.
func (m *Regex) anchoredAuto() *automata.Automaton {
	if m.word {
		return m.autoBounded.Get()
	}
	return m.auto.Get()
}

// candidate decides a line on which a literal occurs at j.
// A literal-only pattern's occurrence is a match: its path asks
// nothing (literalLines).
func (m *Regex) candidate(line []byte, j int) (bool, error) {
	if m.around != nil && (len(line) >= aroundMin || m.around.Cheap()) {
		if m.pre == nil || !m.aroundAtPre {
			// j is another literal's, or the first occurrence of
			// around's is wanted.
			j = bytes.Index(line, m.around.Lit())
		}
		return j >= 0 && m.around.LineMatches(line, j), nil
	}
	if m.suffix != nil && !m.prefixed {
		if ok, sure := m.matchesEndingIn(line); sure {
			return ok, nil
		}
	}
	return m.lineMatches(line)
}

// matchesEndingIn decides a line from the occurrences of suffix in it,
// where every match ends (Automaton.EndsWith). sure is false where it
// cannot say (no automaton; under -w, a line whose words are not
// ASCII's; a cache that thrashed).
func (m *Regex) matchesEndingIn(line []byte) (matched, sure bool) {
	a := m.auto.Get()
	if m.word {
		a = m.wordEdges(line)
	}
	if a == nil {
		return false, false
	}
	return a.EndsWith(line, m.suffix)
}

// aroundMin is the line length from which around decides a line rather
// than the line regex, unless its checks are plain loops: each other check
// sets up an NFA that reads through an interface, which on short lines
// costs more than running the regex over all of it (on a large file of
// Go source, -c -v '^\s+//' took about three times as long before its
// check was a loop), while
// on the long lines of binaries it saves most of the search.
const aroundMin = 1024

// lineMatches confirms a candidate line: the prefilter only says the
// literal is there, and -w needs the bounds checked.
func (m *Regex) lineMatches(line []byte) (bool, error) {
	if !m.word && m.pre == nil && m.any == nil && (m.run == nil || m.run.Exact) {
		return true, nil // found by the regex itself: no second look
	}
	return m.matchLine(line), nil
}

// matchLine reports whether line, one line alone, holds a match (bounded
// by non-word characters under -w).
func (m *Regex) matchLine(line []byte) bool {
	if !m.word {
		if a := m.auto.Get(); a != nil {
			return a.Match(line)
		}
		return m.line.Match(line)
	}
	if a := m.wordEdges(line); a != nil {
		return a.Match(line)
	}
	loc := m.line.FindIndex(line)
	if loc == nil {
		return false
	}
	return base.WordBounded(line, loc[0], loc[1], m.uni) || m.bounded.Match(line)
}

// wordEdges returns the automaton of the pattern bounded by bytes that
// are not word bytes when those are the edges of line's words (see
// autoBounded), nil when they are not or there is none.
func (m *Regex) wordEdges(line []byte) *automata.Automaton {
	if m.uni && base.IndexNonASCII(line) >= 0 {
		return nil
	}
	return m.autoBounded.Get()
}
