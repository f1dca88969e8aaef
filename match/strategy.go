package match

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode/utf8"

	"urg/match/aho"
	"urg/match/backtrack"
	"urg/match/locale"
	"urg/match/multiline"
	"urg/match/parsed"
	"urg/match/plain"
	"urg/match/prefilter"
	"urg/match/records"
	"urg/match/regex"
	"urg/match/several"
)

// The order in which Compile tries the engines, top to bottom; the
// functions below follow it.
//
//  1. -G and -E: GNU grep's reading (package posix), spelt in Perl syntax
//     and compiled by the steps below; the POSIX engines confirm the lines
//     where the spelling is looser than the pattern (compilePosix).
//  2. Many plain strings: one Aho-Corasick automaton, with no parse of
//     each (aho.For).
//  3. Patterns that share their heads: the heads found by one automaton,
//     each tail run from there (aho.NewHeaded).
//  4. One pattern (compileOne):
//     a. a plain string with no case folding: its pair scan, or
//        bytes.Index (literalFor);
//     b. what Go's regexp runs (package regex: regex.For), behind what
//        finds its lines first, in the order its filterFor gives: a required
//        literal (with the check around it where the pattern is part,
//        literal, part), the byte after a line's leading run, a few
//        literals by Teddy or the fused pair scan, a line finder (a
//        line's end, its shape, one byte class), a run of class bytes,
//        else the lazy DFA's lines; then made exact on lines beyond
//        ASCII by the locale's rule, bytes or characters (localeExact);
//     c. what only a backtracking engine runs: lookarounds at the edges
//        of a pattern Go runs (newLookaroundEdges), else PCRE's engine
//        behind a relaxed prefilter or a looser regex (backtracking).
//  5. Several patterns: those Go's regexp takes joined into one, the rest
//     beside it (compileSeveral, joinedRegex), merged by package several.
//  6. Under UTF-8, when the locale changed a pattern's reading: the lines
//     of ASCII decided by the C locale's matcher and its fast paths (or by
//     none, when no match is ASCII), the others by the locale's
//     (locale.NewSplit).
//
// Two searches have entry points of their own, at the end of this file:
// lines that end in NUL bytes (-z: CompileRecords), on the backtracking
// engine behind the patterns' literals, since the automata look for lines
// ended by newlines; and matches that span lines (--multiline:
// CompileMultiline), on Go's regexp where it takes the patterns, else on
// the backtracking engine.

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
	texts := make([]string, 0, len(patterns))
	index := make([]int, 0, len(patterns)) // by text: the pattern it is a line of
	for i, text := range patterns {
		if strings.IndexByte(text, '\n') < 0 {
			// Most are one line: no slice made for each of -f's.
			texts, index = append(texts, text), append(index, i)
			continue
		}
		for _, line := range strings.Split(text, "\n") {
			texts = append(texts, line)
			index = append(index, i)
		}
	}
	// Many plain strings need no parse each: a hundred thousand parsed
	// took longer than the automaton takes to build.
	if a := aho.For(texts, o); a != nil {
		return a, false, nil
	}
	var pats []pattern
	var srcs []string
	var trees []*syntax.Regexp
	for k, line := range texts {
		p, err := parsePattern(index[k], line, o)
		if err != nil {
			return nil, false, err
		}
		pats = append(pats, p)
		srcs, trees = append(srcs, p.src), append(trees, p.tree)
		rewritten = rewritten || p.rewritten
	}
	if o.ASCIILines && noneMatchASCII(pats) {
		// Every match holds a character beyond ASCII (`\p{Greek}`):
		// the lines of ASCII need no search at all.
		return nowhere{}, rewritten, nil
	}
	if h, uni := aho.NewHeaded(srcs, trees, o); h != nil {
		// Under UTF-8, the C locale's reading takes the lines of ASCII
		// (see Compile).
		return h, rewritten || uni, nil
	}
	switch len(pats) {
	case 0:
		// grep -f /dev/null: no pattern, so no line matches.
		var r *regex.Regex
		if r, err = regex.New(&syntax.Regexp{Op: syntax.OpNoMatch}, o); err == nil {
			m = r.Matcher()
		}
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
		m, err := regex.For(p.tree, p.src, o)
		if err != nil {
			return nil, err
		}
		if o.ASCIILines {
			return m.Matcher(), nil
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
	if o.UTF8 && !utf8.ValidString(lit) {
		// A byte that is not UTF-8 matches such a byte alone, never one
		// of a character's ("\xcc" is the first byte of "\u0304"): the
		// locale's path holds that rule, a scan for the bytes does not.
		return nil
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
	f.Pre, f.Any = relaxedPrefilter(src, o)
	// A looser Go regex, where one can be had, decides the lines the
	// literals land on before regexp2 does, or selects them itself when
	// there are no literals: regexp2 then runs on the lines that match.
	f.Sel = relaxedRegex(src, o)
	m, err := backtrack.NewFiltered(src, o, f)
	return m, m, err
}

// compileSeveral builds the matcher of two patterns or more.
func compileSeveral(pats []pattern, o Options) (Matcher, error) {
	var subs []Matcher
	bts := map[int]backtrack.Matcher{}
	var res []pattern
	for _, p := range pats {
		if p.tree != nil {
			res = append(res, p)
		}
	}
	if len(res) > 0 {
		sub, err := joinedRegex(res, o)
		if err != nil {
			return nil, err
		}
		subs = append(subs, sub)
	}
	for i, p := range pats {
		if p.tree != nil {
			continue
		}
		sub, bt, err := backtracking(p.src, o)
		if err != nil {
			return nil, p.fail(err)
		}
		subs = append(subs, sub)
		bts[i] = bt
	}
	ps := make([]several.Pattern, len(pats))
	for i, p := range pats {
		ps[i] = several.Pattern{Src: p.src, Go: p.tree != nil}
	}
	return several.New(ps, subs, bts, o, func(i int, err error) error { return pats[i].fail(err) })
}

// joinedRegex is the matcher of the patterns Go's regexp runs, as one
// regex (but for -w's matches, which Each finds).
func joinedRegex(pats []pattern, o Options) (Matcher, error) {
	if len(pats) == 1 {
		m, err := compileOne(pats[0], o)
		if err != nil {
			return nil, pats[0].fail(err)
		}
		return m, nil
	}
	srcs := make([]string, len(pats))
	for i, p := range pats {
		srcs[i] = p.src
	}
	tree, err := syntax.Parse(parsed.Joined(srcs), syntaxFlags(o))
	if err != nil {
		// Two patterns name a group alike: their groups do not matter
		// to which lines match.
		alt := &syntax.Regexp{Op: syntax.OpAlternate}
		for _, p := range pats {
			t, err := syntax.Parse(p.src, syntaxFlags(o))
			if err != nil {
				return nil, p.fail(err)
			}
			alt.Sub = append(alt.Sub, uncaptured(t))
		}
		tree = alt
	}
	m, err := regex.New(tree, o)
	if err != nil {
		return nil, err // the whole's (too large), not one pattern's
	}
	if o.ASCIILines {
		return m.Matcher(), nil
	}
	return localeExact(m, parsed.Joined(srcs), o)
}

// uncaptured is re without its capturing groups.
func uncaptured(re *syntax.Regexp) *syntax.Regexp {
	for re.Op == syntax.OpCapture {
		re = re.Sub[0]
	}
	for i, sub := range re.Sub {
		re.Sub[i] = uncaptured(sub)
	}
	return re
}

// CompileRecords builds the Matcher of patterns, as Compile does, for
// text whose lines end in NUL bytes instead of newlines: its Next and
// Each look for NUL-separated lines, and a match may hold a newline.
func CompileRecords(patterns []string, o Options) (Matcher, error) {
	// \A and \z for -x: PCRE's $ would also match before a final newline.
	src, none, o, err := wholeSource(patterns, o, `\A`, `\z`)
	if err != nil {
		return nil, err
	}
	if none {
		return records.None(), nil
	}
	if o.Syntax != Perl {
		// A newline is a character like any other in grep -z's
		// records, and POSIX's '.' matches any: PCRE's does not.
		src = `(?s:` + src + `)`
	}
	bare := o
	bare.Line = false
	p, err := backtrack.New(src, bare)
	if err != nil {
		return nil, &PatternError{Index: 0, Pattern: patterns[0], Err: err}
	}
	var longest *regexp.Regexp
	if o.Syntax != Perl {
		// POSIX's matches are the leftmost-longest: Go's regexp gives
		// them, where it takes the spelling (posixSources' are exact).
		if re, err := regexp.Compile(src); err == nil {
			re.Longest()
			longest = re
		}
	}
	var pre *prefilter.Literal
	if len(patterns) == 1 && !strings.Contains(patterns[0], "\n") {
		pre, _ = relaxedPrefilter(src, o)
	}
	return records.New(p, pre, longest, o.Word, o.UTF8), nil
}

// CompileMultiline builds the Spanner of patterns, as Compile reads them
// (translated for the locale, -F, -i, -w, -x), for --multiline.
func CompileMultiline(patterns []string, o Options) (Spanner, error) {
	src, none, o, err := wholeSource(patterns, o, `^`, `$`)
	if err != nil {
		return nil, err
	}
	if none {
		src = `[^\x00-\x{10FFFF}]` // grep -f /dev/null: nothing matches
	} else if o.DotAll {
		src = `(?s:` + src + `)`
	}
	flags := "(?m)"
	if o.IgnoreCase {
		flags = "(?mi)"
	}
	if re, err := regexp.Compile(flags + src); err == nil {
		if o.Syntax != Perl {
			re.Longest() // POSIX's matches are the leftmost-longest
		}
		return multiline.Go(re, o.Word, o.UTF8), nil
	}
	re2, err := backtrack.CompileSpanning(src, o)
	if err != nil {
		return nil, &PatternError{Index: 0, Pattern: patterns[0], Err: err}
	}
	return multiline.Backtracking(re2, o.Word, o.UTF8), nil
}
