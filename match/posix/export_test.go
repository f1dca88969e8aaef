package posix

import "urg/match/base"

// Inspect opens a Matcher NewMatcher made, for the tests that compile its
// Perl spelling through package match: the matcher that selects its
// lines, whether that is exact, and the POSIX engines' decision on a
// line; ok is false for any other Matcher.
func Inspect(m base.Matcher) (sel base.Matcher, exact bool, matchLine func([]byte) (bool, error), ok bool) {
	pm, ok := m.(*matcher)
	if !ok {
		return nil, false, nil, false
	}
	return pm.sel, pm.exact, pm.matchLine, true
}
