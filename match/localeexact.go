package match

import (
	"math"
	"regexp/syntax"

	"urg/match/locale"
	"urg/match/parsed"
	"urg/match/regex"
)

// localeExact returns m, Go's regexp for the pattern src (a translated
// pattern Go's parser takes), made exact on lines beyond ASCII by the
// rule of o's locale (package locale); m itself when no item of the
// pattern matches a character beyond ASCII, so that such a line cannot
// hold a match that reads the locale's way.
func localeExact(m *regex.Regex, src string, o Options) (Matcher, error) {
	tree, err := syntax.Parse(src, syntaxFlags(o))
	if err != nil {
		return nil, err
	}
	tree = parsed.LineLocal(tree)
	if !o.UTF8 {
		tree = parsed.ASCIIFold(tree)
	}
	tree = tree.Simplify()
	if !locale.Needed(tree, o) {
		return m.Matcher(), nil
	}
	// m read the pattern with its case folded ASCII's way: without -i
	// that is this same tree, so m is taken and Unicode's classes are
	// compiled once. The literals regex.Reread gives a pattern folded by
	// Unicode's rule would change m, which may decide the lines of ASCII
	// too.
	r := m
	if !tree.Equal(m.Tree()) || o.UTF8 && o.IgnoreCase && !m.HasLiterals() {
		if r, err = regex.Reread(tree, src, o); err != nil {
			return nil, err
		}
	}
	whole := tree
	if o.Line {
		whole = regex.WholeLine(tree)
	}
	var ascii = m.Matcher()
	if !parsed.MatchesASCII(tree) {
		ascii = nowhere{}
	}
	return locale.NewSplit(ascii, locale.NewBeyond(r, tree, whole, o)), nil
}

// noneMatchASCII reports whether no line of ASCII bytes holds a match of
// any of pats (none of them left to the backtracking engine).
func noneMatchASCII(pats []pattern) bool {
	for _, p := range pats {
		if p.tree == nil || parsed.MatchesASCII(p.tree) {
			return false
		}
	}
	return len(pats) > 0
}

// nowhere is the matcher of lines of ASCII for patterns whose every match
// holds a character beyond ASCII: it selects no line, and the split then
// hands the search to the locale's matcher at the lines beyond ASCII.
type nowhere struct{}

func (nowhere) Engine() string { return "none (every match is beyond ASCII)" }

// MinLen is more than any text: no line holds a match.
func (nowhere) MinLen() int                       { return math.MaxInt32 }
func (nowhere) Next([]byte) (int, int, error)     { return -1, -1, nil }
func (nowhere) Each([]byte, func(int, int)) error { return nil }
