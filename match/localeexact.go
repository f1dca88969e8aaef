package match

import (
	"math"
	"regexp/syntax"
	"slices"
	"unicode/utf8"

	"urg/match/backtrack"
	"urg/match/locale"
	"urg/match/parsed"
	"urg/match/prefilter"
)

// localeExact returns m, Go's regexp for the pattern src (a translated
// pattern Go's parser takes), made exact on lines beyond ASCII by the
// rule of o's locale (package locale); m itself when no item of the
// pattern matches a character beyond ASCII, so that such a line cannot
// hold a match that reads the locale's way.
func localeExact(m *regex, src string, o Options) (Matcher, error) {
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
		return m, nil
	}
	// m read the pattern with its case folded ASCII's way: without -i
	// that is this same tree, so m is taken and Unicode's classes are
	// compiled once. asciiLiterals would change m, which may decide the
	// lines of ASCII too.
	r := m
	if !tree.Equal(m.tree) || o.UTF8 && o.IgnoreCase && m.lits == nil {
		var err error
		if r, err = regexOf(tree, o); err != nil {
			return nil, err
		}
		if o.UTF8 && o.IgnoreCase && r.lits == nil {
			asciiLiterals(r, src, o)
		}
	}
	if r.word && r != m {
		// regexp2, for -w's matches where Go's leftmost one is not
		// bounded, reads the text's own bytes. It may refuse what
		// Go's parser takes (\p{^Greek}): several patterns joined
		// have their own, pattern by pattern.
		r.exact, _ = backtrack.New(src, o)
	}
	whole := tree
	if o.Line {
		whole = wholeLine(tree)
	}
	var ascii Matcher = m
	if !parsed.MatchesASCII(tree) {
		ascii = nowhere{}
	}
	return locale.NewSplit(ascii, locale.NewBeyond(r, tree, whole, o)), nil
}

// asciiLiterals gives m, the pattern src folded by Unicode's rule, the
// literals that the pattern folded for ASCII alone must hold, cut to their
// longest stretch of ASCII whose letters fold to ASCII only (not k or s,
// which the Kelvin sign and the long s fold to): every line m matches
// holds one, so only those lines run m's regex. Go's parser builds no
// literal from a letter folded by Unicode's rule; without these, m ran its
// NFA over all the text beyond ASCII (see
// docs/decisions.md#asciiliterals-literals-for--i-under-utf-8-matchlocaleexactgo).
func asciiLiterals(m *regex, src string, o Options) {
	t, err := syntax.Parse(src, syntaxFlags(o))
	if err != nil {
		return
	}
	t = parsed.ASCIIFold(parsed.LineLocal(t)).Simplify()
	if o.Line {
		t = wholeLine(t)
	}
	if p := parsed.RequiredLiteral(t); len(p.Lit) > 0 {
		if q := asciiFoldPiece(p); q.Useful() {
			q.Prepare()
			m.pre = &q
			m.lits = prefilter.NewSet([]*prefilter.Literal{m.pre})
			return
		}
	}
	var any []*prefilter.Literal
	for _, p := range parsed.AlternationLiterals(t) {
		q := asciiFoldPiece(*p)
		if !q.Useful() {
			return
		}
		q.Prepare()
		any = append(any, &q)
	}
	if any != nil {
		m.any = any
		m.lits = prefilter.NewSet(any)
	}
}

// asciiFoldPiece returns the longest stretch of p's literal that is ASCII
// and holds no k or s: what Unicode's folding matches as ASCII's does.
func asciiFoldPiece(p prefilter.Literal) prefilter.Literal {
	best, start := []byte(nil), 0
	for i := 0; i <= len(p.Lit); i++ {
		if i < len(p.Lit) {
			c := p.Lit[i]
			if c < utf8.RuneSelf && c|0x20 != 'k' && c|0x20 != 's' {
				continue
			}
		}
		if i-start > len(best) {
			best = p.Lit[start:i]
		}
		start = i + 1
	}
	return prefilter.Literal{Lit: slices.Clone(best), Fold: p.Fold}
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
