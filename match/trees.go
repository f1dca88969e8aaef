package match

import (
	"regexp/syntax"
	"strings"
)

// Trees gives, for each line of the patterns, a parse tree that every
// match of that line also matches, as Compile reads the lines under o:
// Perl's syntax translated (or -F's strings quoted), and -G and -E spelt
// in Perl syntax, where that spelling matches at least what the pattern
// does. An index reads the literals that any match must hold from them.
// ok is false when some line has no such tree: a pattern only the
// backtracking engine runs, or one that does not compile.
func Trees(patterns []string, o Options) (trees []*syntax.Regexp, ok bool) {
	if o.Syntax != Perl && !o.Fixed {
		pats, err := parseAllPosix(patterns, o)
		if err != nil {
			return nil, false
		}
		srcs := make([]string, 0, len(pats))
		for _, p := range pats {
			src, _ := p.Perl(o.UTF8, false)
			srcs = append(srcs, src)
		}
		inner := o
		inner.Syntax, inner.Fixed, inner.IgnoreCase = Perl, false, false
		return Trees(srcs, inner)
	}
	for i, text := range patterns {
		for _, line := range strings.Split(text, "\n") {
			p, err := parsePattern(i, line, o)
			if err != nil || p.tree == nil {
				return nil, false
			}
			trees = append(trees, p.tree)
		}
	}
	return trees, true
}
