package regex

import (
	"regexp"

	"urg/match/backtrack"
	"urg/match/base"
	"urg/match/perl"
)

// wordBoundedSrc is a regex for a line that holds a match of re with no
// word character on either side: the Go spelling of PCRE's
// (?<!\w)(?:re)(?!\w) when only whether the line matches is asked, and
// with Go's view of characters (UTF-8), as the rest of this engine; under
// uni, with Unicode's word characters.
func wordBoundedSrc(re string, uni bool) string {
	if uni {
		return `(?:\A|` + perl.UniNonWord + `)(?:` + re + `)(?:` + perl.UniNonWord + `|\z)`
	}
	return `(?:\A|\W)(?:` + re + `)(?:\W|\z)`
}

// Each calls fn with the matches in line (base.Matcher).
func (m *Regex) Each(line []byte, fn func(int, int)) error {
	if m.byteRun != nil {
		m.byteRun.each(line, fn)
		return nil
	}
	a := m.wordEdges(line) // PCRE's -w is (?<!\w)(?:re)(?!\w): its matches
	if a == nil && !m.word {
		a = m.auto.Get()
	}
	if a != nil && m.prefixed && a.EachAt(line, m.pre.Lit, fn) {
		return nil
	}
	if a != nil && m.suffixOnly && !m.word && a.EachEndingWith(line, m.suffix, fn) {
		return nil
	}
	if a != nil {
		a.Each(line, fn)
		return nil
	}
	return EachBounded(m.line, line, m.word, m.uni, m.exact, fn)
}

// EachBounded calls fn with the non-empty matches of re in line. Under -w
// (word), Go's leftmost match is PCRE's wherever it is word-bounded; when
// one is not, exact, the backtracking engine, lists them instead.
func EachBounded(re *regexp.Regexp, line []byte, word, uni bool, exact backtrack.Matcher, fn func(int, int)) error {
	locs := re.FindAllIndex(line, -1)
	if word {
		for _, loc := range locs {
			if !base.WordBounded(line, loc[0], loc[1], uni) {
				return exact.Each(line, fn)
			}
		}
	}
	for _, loc := range locs {
		if loc[1] > loc[0] {
			fn(loc[0], loc[1])
		}
	}
	return nil
}
