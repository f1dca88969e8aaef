package regex

import "urg/match/base"

// The paths a Regex's Next takes, one type each, chosen once by choose in
// the order below: the first that applies is the pattern's path, and Next
// is that type's, with no choice left to make per call. Each embeds the
// Regex, whose Each, Engine and Gate it shares.
//
// With literals to scan for (filterFor found them):
//
//  1. prefixed: every match starts with the literal; decided by the
//     automaton run anchored from its occurrences (nextPrefixed), then,
//     where that cannot say, as suffixed or candidates do;
//  2. suffixed: every match ends with the suffix; decided back from its
//     occurrences (nextSuffixed), else as candidates;
//  3. leadAroundLits, blockAroundLits: the check around the literal is cheap, so
//     an occurrence is decided where it lies, before its line is looked
//     for; a lead has checked what comes before it;
//  4. literalLines: the pattern is its literals; an occurrence's line is
//     a match;
//  5. candidates: each occurrence's line is decided (candidate).
//
// Without:
//
//  6. finderLines: a line finder's lines are the matches;
//  7. finderWords: under -w, a finder's lines are confirmed;
//  8. classRun: a run of class bytes every match holds finds the lines;
//  9. dfaLines: the lazy DFA's lines are the matches (no literal prefix
//     for Go's regexp to skip to);
//  10. scanLines: the automaton, or Go's regexp where it has none, finds
//     the lines, which are confirmed.
func (m *Regex) choose() base.Matcher {
	if m.lits != nil {
		switch {
		case m.prefixed:
			return prefixed{m}
		case m.suffixed:
			return suffixed{m}
		case m.blockAround && m.lits.Lead != nil:
			return leadAroundLits{m}
		case m.blockAround:
			return blockAroundLits{m}
		case m.literalOnly:
			return literalLines{m}
		}
		return candidates{m}
	}
	switch {
	case m.finder != nil && !m.word:
		return finderLines{m}
	case m.run != nil:
		return classRun{m}
	case m.finder != nil:
		return finderWords{m}
	case m.autoLines && !m.word:
		return dfaLines{m}
	}
	return scanLines{m}
}

type prefixed struct{ *Regex }

func (m prefixed) Next(text []byte) (int, int, error) {
	if ls, le, ok := m.nextPrefixed(text); ok {
		return ls, le, nil
	}
	if m.suffixed {
		if ls, le, ok := m.nextSuffixed(text); ok {
			return ls, le, nil
		}
	}
	return m.nextCandidates(text)
}

type suffixed struct{ *Regex }

func (m suffixed) Next(text []byte) (int, int, error) {
	if ls, le, ok := m.nextSuffixed(text); ok {
		return ls, le, nil
	}
	return m.nextCandidates(text)
}

type leadAroundLits struct{ *Regex }

func (m leadAroundLits) Next(text []byte) (int, int, error) {
	h := m.lits.Hits(text, 0)
	for {
		hit := h.Next()
		if hit < 0 {
			return -1, -1, nil
		}
		// The lead has checked what comes before.
		if m.around.SufAt(text, hit) {
			ls, le := base.LineAt(text, hit)
			return ls, le, nil
		}
	}
}

type blockAroundLits struct{ *Regex }

func (m blockAroundLits) Next(text []byte) (int, int, error) {
	h := m.lits.Hits(text, 0)
	for {
		hit := h.Next()
		if hit < 0 {
			return -1, -1, nil
		}
		// Checked where it lies, before its line is found: most
		// occurrences fail, and finding the line costs more.
		if m.around.At(text, hit) {
			ls, le := base.LineAt(text, hit)
			return ls, le, nil
		}
	}
}

type literalLines struct{ *Regex }

func (m literalLines) Next(text []byte) (int, int, error) {
	h := m.lits.Hits(text, 0)
	hit := h.Next()
	if hit < 0 {
		return -1, -1, nil
	}
	ls, le := base.LineAt(text, hit)
	return ls, le, nil
}

type candidates struct{ *Regex }

func (m candidates) Next(text []byte) (int, int, error) { return m.nextCandidates(text) }

type finderLines struct{ *Regex }

func (m finderLines) Next(text []byte) (int, int, error) {
	ls, le := m.finder.NextLine(text)
	return ls, le, nil
}

type finderWords struct{ *Regex }

func (m finderWords) Next(text []byte) (int, int, error) { return m.nextFound(text) }

type classRun struct{ *Regex }

func (m classRun) Next(text []byte) (int, int, error) { return m.nextRun(text) }

type dfaLines struct{ *Regex }

func (m dfaLines) Next(text []byte) (int, int, error) {
	if a := m.auto.Get(); a != nil {
		s, e := a.NextLine(text)
		if s < 0 {
			return -1, -1, nil
		}
		return s, e, nil
	}
	return m.nextScan(text)
}

type scanLines struct{ *Regex }

func (m scanLines) Next(text []byte) (int, int, error) { return m.nextScan(text) }
