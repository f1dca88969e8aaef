package match

import (
	"regexp/syntax"
	"unicode/utf8"

	"urg/match/backtrack"
	"urg/match/locale"
	"urg/match/parsed"
	"urg/match/perl"
	"urg/match/prefilter"
	"urg/match/regex"
)

// relaxedPrefilter returns the literal prefilters for a pattern the
// backtracking engine runs: one literal every match holds, or a few one of
// which every match holds, or neither when the pattern has none to give.
func relaxedPrefilter(src string, o Options) (*prefilter.Literal, []*prefilter.Literal) {
	main, lookaround, ok := perl.Relax(src)
	if !ok {
		return nil, nil
	}
	flags := syntaxFlags(o)
	parse := func(s string) *syntax.Regexp {
		tree, _ := parsed.LineTree(s, flags)
		return tree
	}
	tree := parse(main)
	if tree == nil {
		return nil, nil
	}
	best := parsed.RequiredLiteral(tree)
	for _, body := range lookaround {
		// The body is relaxed on its own: it may hold lookarounds too.
		if r, _, ok := perl.Relax(body); ok {
			if t := parse(r); t != nil {
				best = best.Better(parsed.RequiredLiteral(t))
			}
		}
	}
	if !o.UTF8 {
		locale.ToBytes(&best)
	}
	if best.Useful() {
		best.Prepare()
		return &best, nil
	}
	any := parsed.AlternationLiterals(tree)
	if !o.UTF8 {
		for _, p := range any {
			locale.ToBytes(p)
			p.Prepare()
		}
	}
	return nil, any
}

// relaxedRegex returns Go's regexp for src relaxed, with every fast path
// of its own, to select the lines that the backtracking engine then
// decides: `\b[A-Z][A-Z0-9_]{15,}\b` under UTF8, where \b is spelt with
// lookarounds, selects them by a run of 16 bytes of [A-Z0-9_]. Only
// under UTF8 and without -i, where both engines read the same characters
// and fold none of them: in the C locale regexp2 reads bytes, which Go's
// `.` and non-ASCII classes do not, and under -i regexp2 folds letters
// beyond ASCII that asciiFold keeps apart. -w and -x are left out, which
// can only select more lines. nil when it cannot be had or would select
// every line.
func relaxedRegex(src string, o Options) Matcher {
	if !o.UTF8 || o.IgnoreCase {
		return nil
	}
	main, _, ok := perl.Relax(src)
	if !ok {
		return nil
	}
	o.Word, o.Line = false, false
	tree, err := syntax.Parse(main, syntaxFlags(o))
	if err != nil || folds(tree) || !invalidAsFFFD(tree) {
		return nil // (?i) in the pattern, or [^\x{FFFD}]
	}
	r, err := regex.New(tree, o)
	if err != nil || r.MinLen() == 0 {
		return nil
	}
	return r.Matcher()
}

// invalidAsFFFD reports whether each class of re that holds a rune
// regexp2 reads a byte that is not UTF-8 as (see backtrack.InvalidRune)
// holds U+FFFD, which Go's regexp reads it as: then Go's regexp matches
// every such byte that regexp2 does (and maybe more, in `\x{FFFD}`).
func invalidAsFFFD(re *syntax.Regexp) bool {
	if re.Op == syntax.OpCharClass && !parsed.ClassHas(re.Rune, utf8.RuneError) {
		for i := 0; i+1 < len(re.Rune); i += 2 {
			if re.Rune[i] <= backtrack.InvalidRune(0xff) && re.Rune[i+1] >= backtrack.InvalidRune(0x80) {
				return false
			}
		}
	}
	for _, sub := range re.Sub {
		if !invalidAsFFFD(sub) {
			return false
		}
	}
	return true
}

// folds reports whether some part of re matches case-insensitively.
func folds(re *syntax.Regexp) bool {
	if re.Flags&syntax.FoldCase != 0 {
		return true
	}
	for _, sub := range re.Sub {
		if folds(sub) {
			return true
		}
	}
	return false
}

// lookaroundEdges selects lines with the regex perl.EdgeLookarounds made
// of a pattern, and leaves the matches in them (for -o) to the
// backtracking engine, which runs the pattern itself.
type lookaroundEdges struct {
	Matcher                   // selects the lines
	each    backtrack.Matcher // finds the matches
}

func (m *lookaroundEdges) Each(line []byte, fn func(int, int)) error { return m.each.Each(line, fn) }

func (m *lookaroundEdges) Engine() string { return m.Matcher.Engine() + " (regexp2 for -o)" }

// newLookaroundEdges returns the matcher for src when perl.EdgeLookarounds
// can rewrite it and the rewritten pattern matches ASCII only; nil
// otherwise.
func newLookaroundEdges(src string, flags syntax.Flags, o Options) *lookaroundEdges {
	if o.Word || o.Line {
		return nil // the bounds would apply to the lookaround's text too
	}
	r, ok := perl.EdgeLookarounds(src)
	if !ok {
		return nil
	}
	check, err := parsed.LineTree(r, flags)
	if err != nil || !parsed.ASCIIOnly(check) {
		return nil
	}
	// regex.New rewrites the tree it is given itself, from a fresh parse.
	tree, err := syntax.Parse(r, flags)
	if err != nil {
		return nil
	}
	sel, err := regex.New(tree, o)
	if err != nil {
		return nil
	}
	each, err := backtrack.New(src, o)
	if err != nil {
		return nil
	}
	return &lookaroundEdges{Matcher: sel.Matcher(), each: each}
}
