package match

import (
	"regexp/syntax"
	"strings"
	"urg/match/backtrack"
	"urg/match/locale"
	"urg/match/plain"
)

// The order in which Compile tries the engines, top to bottom; the
// functions below follow it.
//
//  1. -G and -E: GNU grep's reading (package posix), spelt in Perl syntax
//     and compiled by the steps below; the POSIX engines confirm the lines
//     where the spelling is looser than the pattern (compilePosix).
//  2. Many plain strings: one Aho-Corasick automaton, with no parse of
//     each (newAhoFor).
//  3. Patterns that share their heads: the heads found by one automaton,
//     each tail run from there (newHeaded).
//  4. One pattern (compileOne):
//     a. a plain string with no case folding: its pair scan, or
//        bytes.Index (literalFor);
//     b. what Go's regexp runs: behind a prefilter (a required literal,
//        a few literals by Teddy or the fused pair scan), a line finder
//        (a line's shape, its end, one byte class, the line-deciding DFA)
//        or the lazy automata, with the check around a literal where the
//        pattern is literal, part, literal (regexFor, newRegex); then
//        made exact on lines beyond ASCII by the locale's rule, bytes or
//        characters (localeExact);
//     c. what only a backtracking engine runs: lookarounds at the edges
//        of a pattern Go runs (newLookaroundEdges), else PCRE's engine
//        behind a relaxed prefilter or a looser regex (backtracking).
//  5. Several patterns: those Go's regexp takes joined into one, the rest
//     beside it (compileSeveral).
//  6. Under UTF-8, when the locale changed a pattern's reading: the lines
//     of ASCII decided by the C locale's matcher and its fast paths, the
//     others by the locale's (locale.NewSplit).

// Compile builds a Matcher for the patterns, any of which may match (as
// grep -e p1 -e p2). Pattern syntax is Perl's, as in grep -P, unless
// o.Syntax names a POSIX one (see compilePosix). A newline separates
// patterns too, as in grep -e $'a\nb'.
//
// Each pattern is compiled and checked on its own: its flags, comments and
// group numbers are its own, and one that does not compile is an error
// (*PatternError; under a POSIX syntax, one for each that does not,
// joined, as grep reports each) whatever the others are. Of several, a
// line is selected when any matches; for Each, the leftmost match wins,
// and of those that start at the same place the longest, as in grep -o.
func Compile(patterns []string, o Options) (Matcher, error) {
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.Syntax != Perl && !o.Fixed {
		return compilePosix(patterns, o)
	}
	m, rewritten, err := compile(patterns, o)
	if err != nil || !o.UTF8 {
		return m, err
	}
	if !rewritten {
		// The C locale's matcher but that -w looks at the characters
		// on either side of a match, and regexp2 reads characters,
		// not bytes: about as cheap. Splitting would cost more than it
		// saves (a scan for high bytes on top of a literal's), and a
		// literal would lose CleanNext.
		return m, nil
	}
	// On lines of ASCII bytes, the C locale's matcher with its fast
	// paths decides (see locale.NewSplit).
	c := o
	c.UTF8, c.ASCIILines = false, true
	cm, _, err := compile(patterns, c)
	if err != nil {
		return m, nil // a shortcut that cannot be had
	}
	if _, uni, ok := locale.Parts(m); ok {
		// m is split already: its lines beyond ASCII are the only
		// ones left to it (one split, not two in a row).
		m = uni
	}
	if locale.Whole(m, o) {
		return m, nil
	}
	return locale.NewSplit(cm, m), nil
}

// compile is Compile under o as it is; rewritten says that UTF8 changed the
// translation of a pattern.
func compile(patterns []string, o Options) (m Matcher, rewritten bool, err error) {
	var texts []string
	var index []int // by text: the pattern it is a line of
	for i, text := range patterns {
		for _, line := range strings.Split(text, "\n") {
			texts = append(texts, line)
			index = append(index, i)
		}
	}
	// Many plain strings need no parse each: a hundred thousand parsed
	// took longer than the automaton takes to build.
	if a := newAhoFor(texts, o); a != nil {
		return a, false, nil
	}
	var pats []pattern
	for k, line := range texts {
		p, err := parsePattern(index[k], line, o)
		if err != nil {
			return nil, false, err
		}
		pats = append(pats, p)
		rewritten = rewritten || p.rewritten
	}
	if h := newHeaded(pats, o); h != nil {
		// Under UTF-8, the C locale's reading takes the lines of ASCII
		// (see Compile).
		return h, rewritten || h.uni, nil
	}
	switch len(pats) {
	case 0:
		// grep -f /dev/null: no pattern, so no line matches.
		m, err = newRegex(&syntax.Regexp{Op: syntax.OpNoMatch}, o)
	case 1:
		if m, err = compileOne(pats[0], o); err != nil {
			err = pats[0].fail(err)
		}
	default:
		m, err = compileSeveral(pats, o)
	}
	if err != nil {
		return nil, false, err
	}
	return m, rewritten, nil
}

// compileOne builds the Matcher of a single pattern.
func compileOne(p pattern, o Options) (Matcher, error) {
	if m := literalFor(p, o); m != nil {
		return m, nil
	}
	if p.tree != nil {
		m, err := regexFor(p.tree, p.src, o)
		if err != nil || o.ASCIILines {
			return m, err
		}
		return localeExact(m, p.src, o)
	}
	m, _, err := backtracking(p.src, o)
	return m, err
}

// literalFor returns a literal matcher when the pattern is a plain string
// that needs no case folding.
func literalFor(p pattern, o Options) Matcher {
	if o.IgnoreCase {
		return nil
	}
	lit := p.text
	if !o.Fixed {
		tree, err := syntax.Parse(p.src, syntax.PerlX|syntax.UnicodeGroups)
		if err != nil {
			return nil
		}
		tree = tree.Simplify()
		switch {
		case tree.Op == syntax.OpLiteral && tree.Flags&syntax.FoldCase == 0 && !o.UTF8 && !o.ASCIILines:
			b, ok := locale.LiteralBytes(tree.Rune)
			if !ok {
				return nil // \x{263a}: no byte; the regex path matches nothing
			}
			lit = string(b)
		case tree.Op == syntax.OpLiteral && tree.Flags&syntax.FoldCase == 0:
			lit = string(tree.Rune)
		case tree.Op == syntax.OpEmptyMatch:
			lit = ""
		default:
			return nil
		}
	}
	if strings.ContainsRune(lit, '\n') || lit == "" && o.Word {
		return nil // the regex path handles these rare cases exactly
	}
	return plain.New([]byte(lit), o)
}

// backtracking builds the Matcher of a single pattern that Go's regexp
// cannot run, and the backtracking engine that finds its matches.
func backtracking(src string, o Options) (Matcher, backtrack.Matcher, error) {
	if m := newLookaroundEdges(src, syntaxFlags(o), o); m != nil {
		return m, m.each, nil
	}
	var f backtrack.Filter
	if f.Pre, f.Any = relaxedPrefilter(src, o); f.Pre == nil && f.Any == nil {
		f.Sel = relaxedRegex(src, o)
	}
	m, err := backtrack.NewFiltered(src, o, f)
	return m, m, err
}
