package regex_test

import (
	"testing"

	"urg/match"
	"urg/match/locale"
	"urg/match/regex"
)

// Options, Matcher and Compile are the front door's: these tests look at
// the paths its Compile takes through the regex engine.
type (
	Options = match.Options
	Matcher = match.Matcher
)

func mustCompile(t *testing.T, patterns []string, o Options) Matcher {
	t.Helper()
	m, err := match.Compile(patterns, o)
	if err != nil {
		t.Fatalf("Compile(%q, %+v): %v", patterns, o, err)
	}
	return m
}

// asRegex returns the Go regexp engine of m: m itself, or the one that
// decides its lines of ASCII when lines beyond ASCII have their own.
func asRegex(m Matcher) (*regex.Regex, bool) {
	if ascii, _, ok := locale.Parts(m); ok {
		m = ascii
	}
	r := regex.CoreOf(m)
	return r, r != nil
}

// mustRegex is asRegex, failing the test when m has no such engine.
func mustRegex(t *testing.T, m Matcher) *regex.Regex {
	t.Helper()
	r, ok := asRegex(m)
	if !ok {
		t.Fatalf("engine %s, not Go's regexp", m.Engine())
	}
	return r
}

// firstDiff is the first of a not in b's place, or "".
func firstDiff(a, b []string) string {
	for i := range a {
		if i >= len(b) || a[i] != b[i] {
			return a[i]
		}
	}
	return ""
}
