package match

import (
	"bytes"
	"regexp"
	"regexp/syntax"

	"urg/match/around"
	"urg/match/automata"
	"urg/match/backtrack"
	"urg/match/base"
	"urg/match/parsed"
	"urg/match/perl"
	"urg/match/prefilter"
)

// regex runs Go's regexp (RE2: linear time, no backtracking) over blocks of
// lines. The pattern is rewritten first so that no match can cross a
// newline, which is what lets one call scan thousands of lines.
type regex struct {
	re *regexp.Regexp
	// byteRun, when set, lists the matches in a line (Each): the
	// pattern is a run of a class of ASCII bytes.
	byteRun *byteRun
	// line is re for one line alone (lineMatches, Each): anchored at its
	// ends where re is anchored at line ends.
	line *regexp.Regexp
	pre  *prefilter.Literal // a literal every match contains; nil when there is none
	// around decides the lines pre lands on, where the pattern's shape
	// allows, instead of line.
	around      *around.Check
	aroundAtPre bool // around's literal is pre's
	blockAround bool // and around is cheap: occurrences are checked in the block
	// any are literals one of which every match contains, when there is
	// no single one (an alternation of words).
	any []*prefilter.Literal
	// lits is pre, or any, as a set scanned in one pass.
	lits *prefilter.Set
	// run is a run of class bytes every match holds, when there is no
	// literal (see prefilter.ClassRun).
	run *prefilter.ClassRun
	// finder decides the whole pattern, line by line, when it has no
	// literal: a trail, a shape or an anyByte; without one, auto (or,
	// where its program is too large, re) runs over the block.
	finder prefilter.LineFinder
	// prefixed: every match starts with pre (pre is the pattern's
	// literal prefix, or the start of it), so a line is decided by the
	// automaton run anchored from pre's occurrences in it alone.
	prefixed bool
	// suffix is the literal every match ends with, when there is one and
	// pre was found: a line is decided by the reversed automaton run
	// back from each of its occurrences (matchesEndingIn).
	suffix []byte
	// suffixOnly: no match holds suffix but at its end, so -o finds
	// each match back from an occurrence (Automaton.EachEndingWith).
	suffixOnly bool
	// suffixed: no -w, and the suffix is the literal scanned for, with a
	// byte that nothing before it in a match holds (parsed.SuffixBounds),
	// or one byte that ends every match it is in (suffixOnly) and that
	// the literal scanned for does not hold: a block's lines are decided
	// back from its occurrences (nextSuffixed).
	suffixed bool
	// autoLines: the lines auto finds are the matches, with nothing to
	// confirm (but -w's bounds): the pattern has no literal prefix for
	// re to skip to.
	autoLines bool
	// literalOnly: the pattern is the literal pre (in any case of its
	// letters under -i), or each alternative is its literal in any, so
	// finding one is finding a match, with nothing to confirm (unless
	// -w or -x).
	literalOnly bool
	min         int
	// word is set under -w. Go's leftmost-first match is also PCRE's
	// whenever it is word-bounded; when it is not, a bounded match may
	// still be elsewhere in the line: bounded finds whether one is, and
	// exact, the backtracking engine, lists them for -o.
	word    bool
	uni     bool // -w sees UTF-8 characters
	bounded *regexp.Regexp
	exact   backtrack.Matcher
	// auto is the pattern's byte automaton, which decides lines and
	// finds matches where re and line would; nil when its program is
	// too large. autoBounded is the pattern under -w, bounded by bytes
	// that are not word bytes, where those are the words' edges: always
	// but under UTF-8, whose words are Unicode's, and there on lines of
	// ASCII bytes, where Unicode's words are ASCII's (see wordEdges).
	auto, autoBounded *automata.LazyAutomaton
	// tree is the pattern regexOf was given, so that another reading of
	// it that comes to the same tree takes this matcher, not a second
	// compile of Unicode's classes (see localeExact).
	tree *syntax.Regexp
}

// wholeLine is re anchored at both ends of its line (-x).
func wholeLine(re *syntax.Regexp) *syntax.Regexp {
	return &syntax.Regexp{Op: syntax.OpConcat, Sub: []*syntax.Regexp{{Op: syntax.OpBeginLine}, re, {Op: syntax.OpEndLine}}}
}

// regexFor is newRegex for the pattern src, parsed as tree, with the
// backtracking engine that -w's matches need (see regex.exact).
func regexFor(tree *syntax.Regexp, src string, o Options) (*regex, error) {
	m, err := newRegex(tree, o)
	if err != nil || !m.word {
		return m, err
	}
	if m.exact, err = backtrack.New(src, o); err != nil {
		return nil, err
	}
	return m, nil
}

// newRegex returns the matcher of tree, which it rewrites, without the
// backtracking engine that its Each needs under -w (regexFor adds it).
func newRegex(tree *syntax.Regexp, o Options) (*regex, error) {
	return regexOf(parsed.ASCIIFold(parsed.LineLocal(tree)).Simplify(), o)
}

// regexOf is newRegex for a tree rewritten already: line-local, its case
// folding as wanted, simplified.
func regexOf(tree *syntax.Regexp, o Options) (*regex, error) {
	m := &regex{min: parsed.MinLen(tree), word: o.Word && !o.Line, uni: o.UTF8, tree: tree}
	if o.Line {
		tree = wholeLine(tree)
	}
	// Go prints a large class slowly (every rune of it is folded; see
	// parsed.Print), and a joined alternation may hold many: each tree is
	// printed once, and the text-anchored one only where it differs.
	src := parsed.Print(tree)
	re, err := regexp.Compile(src)
	if err != nil {
		return nil, err
	}
	m.re = re
	anchored := src
	m.line = re // the same text: the same regexp, compiled once
	if parsed.HoldsLineAnchor(tree) {
		anchored = parsed.Print(parsed.TextAnchored(tree))
		if m.line, err = regexp.Compile(anchored); err != nil {
			return nil, err
		}
	}
	m.auto = automata.Lazily(func() *automata.Automaton { return automata.NewAutomaton(tree, o.DFAStates) })
	if m.word {
		m.autoBounded = automata.Lazily(func() *automata.Automaton { return automata.NewBoundedAutomaton(tree, o.DFAStates) })
	}
	filterFor(m, tree, re, o)
	if !m.word && !o.Line {
		m.byteRun = newByteRun(tree, o.UTF8)
	}
	if m.pre != nil {
		m.lits = prefilter.NewSet([]*prefilter.Literal{m.pre})
		if m.blockAround && len(m.pre.Lit) <= leadMaxLit {
			m.lits.Lead = prefilter.NewLead(m.around.LeadRun(), m.around.Lit(), m.pre)
		}
	} else if m.any != nil {
		m.lits = prefilter.NewSet(m.any)
	}
	if m.word {
		if m.bounded, err = regexp.Compile(wordBoundedSrc(anchored, o.UTF8)); err != nil {
			return nil, err
		}
	}
	return m, nil
}

func (m *regex) Engine() string {
	if m.run != nil {
		return "regexp+class run"
	}
	if m.finder != nil {
		return "regexp+" + m.finder.Name()
	}
	if m.autoLines && m.lits == nil {
		return "regexp+dfa"
	}
	return prefilter.EngineName("regexp", m.pre, m.any)
}

func (m *regex) MinLen() int { return m.min }

// Gate is the scan for the literals one of which every match holds
// (base.Gated); nil without them.
func (m *regex) Gate() func(text []byte) int { return prefilter.Gate(m.pre, m.any) }

// Line is the Go regexp of one line alone (locale.Regex).
func (m *regex) Line() *regexp.Regexp { return m.line }

// MatchLine is matchLine (locale.Regex).
func (m *regex) MatchLine(line []byte) bool { return m.matchLine(line) }

// Word reports -w (locale.Regex).
func (m *regex) Word() bool { return m.word }

// Exact is the backtracking engine under -w, nil for none (locale.Regex).
func (m *regex) Exact() backtrack.Matcher { return m.exact }

// HasLiterals reports whether literals select the lines re runs on
// (locale.Regex).
func (m *regex) HasLiterals() bool { return m.lits != nil }

// AutomatonLines reports whether the byte automaton's lines are the
// matches (locale.Regex).
func (m *regex) AutomatonLines() bool { return m.autoLines && m.lits == nil && !m.word }

// HasAutomaton reports whether the byte automaton decides the lines
// (locale.Regex).
func (m *regex) HasAutomaton() bool { return m.auto.Get() != nil }

func (m *regex) Next(text []byte) (int, int, error) {
	if m.lits != nil {
		return m.nextLits(text)
	}
	if m.finder != nil && !m.word {
		// Its line is a match: nothing to confirm.
		ls, le := m.finder.NextLine(text)
		return ls, le, nil
	}
	for at := 0; at <= len(text); {
		var ls, le int
		if m.run != nil {
			i := m.run.Index(text[at:])
			if i < 0 {
				return -1, -1, nil
			}
			ls, le = base.LineAt(text, at+i)
		} else if m.finder != nil {
			s, e := m.finder.NextLine(text[at:])
			if s < 0 {
				return -1, -1, nil
			}
			ls, le = at+s, at+e
		} else {
			var loc []int
			if a := m.auto.Get(); a != nil {
				s, e := a.NextLine(text[at:])
				if s < 0 {
					return -1, -1, nil
				}
				ls, le = at+s, at+e
				if m.autoLines && !m.word {
					return ls, le, nil
				}
			} else if loc = m.re.FindIndex(text[at:]); loc == nil {
				return -1, -1, nil
			} else {
				ls, le = base.LineAt(text, at+loc[0])
			}
		}
		if ok, err := m.lineMatches(text[ls:le]); ok || err != nil {
			return ls, le, err
		}
		at = le + 1
	}
	return -1, -1, nil
}

// nextLits is Next for a pattern with literals to scan for: each
// occurrence is a candidate, decided in its line (or, when around is
// cheap, where it lies).
func (m *regex) nextLits(text []byte) (int, int, error) {
	if m.prefixed {
		if ls, le, ok := m.nextPrefixed(text); ok {
			return ls, le, nil
		}
	}
	if m.suffixed {
		if ls, le, ok := m.nextSuffixed(text); ok {
			return ls, le, nil
		}
	}
	h := m.lits.Hits(text, 0)
	for {
		hit := h.Next()
		if hit < 0 {
			return -1, -1, nil
		}
		if m.blockAround {
			// Checked where it lies, before its line is found: most
			// occurrences fail, and finding the line costs more. A
			// lead has checked what comes before.
			if m.lits.Lead != nil && m.around.SufAt(text, hit) || m.lits.Lead == nil && m.around.At(text, hit) {
				ls, le := base.LineAt(text, hit)
				return ls, le, nil
			}
			continue
		}
		ls, le := base.LineAt(text, hit)
		if ok, err := m.candidate(text[ls:le], hit-ls); ok || err != nil {
			return ls, le, err
		}
		h.Skip(le + 1)
	}
}

// nextPrefixed is Next for a prefixed pattern: decided where the prefix
// lies, before its line's start is looked for, since most occurrences of
// a common prefix fail, and the way back to a long line's start costs
// more than the check. ok is false where it cannot say (no automaton, a
// cache that thrashed): the caller decides the lines itself.
//
// Under -w with UTF-8's words, the automaton bounds matches by ASCII's
// word bytes, which take every byte of a character beyond ASCII for a
// bound: it finds a superset of the lines, and those beyond ASCII are
// decided again as a whole.
func (m *regex) nextPrefixed(text []byte) (ls, le int, ok bool) {
	a := m.anchoredAuto()
	if a == nil {
		return 0, 0, false
	}
	h := m.lits.Hits(text, 0)
	for {
		hit, sure := a.NextAt(text, h.Next)
		if !sure {
			return 0, 0, false
		}
		if hit < 0 {
			return -1, -1, true
		}
		ls, le = base.LineAt(text, hit)
		if !m.word || !m.uni || base.IndexNonASCII(text[ls:le]) < 0 {
			return ls, le, true
		}
		if m.matchLine(text[ls:le]) {
			return ls, le, true
		}
		h.Skip(le + 1)
	}
}

// nextSuffixed is Next for a pattern whose matches each end with the
// suffix (suffixed): decided back from where the suffix lies, before its
// line is looked for, as nextPrefixed decides forward. Where the scanned literal is another, inside the
// matches (`_` of `\b\w+_\w+\(`), a match holding one of its
// occurrences ends with the first occurrence of the suffix after it, if
// any: that one is decided, and the occurrences before it are done with.
// ok is false where it cannot say (no automaton, a cache that
// thrashed): the caller decides the lines itself.
func (m *regex) nextSuffixed(text []byte) (ls, le int, ok bool) {
	a := m.auto.Get()
	if a == nil {
		return 0, 0, false
	}
	h := m.lits.Hits(text, 0)
	next := h.Next
	if string(m.pre.Lit) != string(m.suffix) {
		end := m.suffix[0]
		next = func() int {
			hit := h.Next()
			if hit < 0 {
				return -1
			}
			k := bytes.IndexByte(text[hit:], end)
			if k < 0 {
				return -1
			}
			h.Skip(hit + k + 1)
			return hit + k
		}
	}
	hit, sure := a.NextEndingAt(text, next, len(m.suffix))
	if !sure {
		return 0, 0, false
	}
	if hit < 0 {
		return -1, -1, true
	}
	ls, le = base.LineAt(text, hit)
	return ls, le, true
}

// anchoredAuto is the automaton that decides a line from where pre lies
// in it (under -w, bounded by ASCII's word bytes); nil when there is
// none.
func (m *regex) anchoredAuto() *automata.Automaton {
	if m.word {
		return m.autoBounded.Get()
	}
	return m.auto.Get()
}

// candidate decides a line on which a literal occurs at j.
func (m *regex) candidate(line []byte, j int) (bool, error) {
	if m.literalOnly {
		return true, nil
	}
	if m.around != nil && (len(line) >= aroundMin || m.around.Cheap()) {
		if m.pre == nil || !m.aroundAtPre {
			// j is another literal's, or the first occurrence of
			// around's is wanted.
			j = bytes.Index(line, m.around.Lit())
		}
		return j >= 0 && m.around.LineMatches(line, j), nil
	}
	if m.suffix != nil && !m.prefixed {
		if ok, sure := m.matchesEndingIn(line); sure {
			return ok, nil
		}
	}
	return m.lineMatches(line)
}

// matchesEndingIn decides a line from the occurrences of suffix in it,
// where every match ends (Automaton.EndsWith). sure is false where it
// cannot say (no automaton; under -w, a line whose words are not
// ASCII's; a cache that thrashed).
func (m *regex) matchesEndingIn(line []byte) (matched, sure bool) {
	a := m.auto.Get()
	if m.word {
		a = m.wordEdges(line)
	}
	if a == nil {
		return false, false
	}
	return a.EndsWith(line, m.suffix)
}

// aroundMin is the line length from which around decides a line rather
// than the line regex, unless its checks are plain loops: each other check
// sets up an NFA that reads through an interface, which on short lines
// costs more than running the regex over all of it (on a large file of
// Go source, -c -v '^\s+//' took about three times as long before its
// check was a loop), while
// on the long lines of binaries it saves most of the search.
const aroundMin = 1024

// lineMatches confirms a candidate line: the prefilter only says the
// literal is there, and -w needs the bounds checked.
func (m *regex) lineMatches(line []byte) (bool, error) {
	if !m.word && m.pre == nil && m.any == nil && (m.run == nil || m.run.Exact) {
		return true, nil // found by the regex itself: no second look
	}
	return m.matchLine(line), nil
}

// matchLine reports whether line, one line alone, holds a match (bounded
// by non-word characters under -w).
func (m *regex) matchLine(line []byte) bool {
	if !m.word {
		if a := m.auto.Get(); a != nil {
			return a.Match(line)
		}
		return m.line.Match(line)
	}
	if a := m.wordEdges(line); a != nil {
		return a.Match(line)
	}
	loc := m.line.FindIndex(line)
	if loc == nil {
		return false
	}
	return base.WordBounded(line, loc[0], loc[1], m.uni) || m.bounded.Match(line)
}

// wordEdges returns the automaton of the pattern bounded by bytes that
// are not word bytes when those are the edges of line's words (see
// autoBounded), nil when they are not or there is none.
func (m *regex) wordEdges(line []byte) *automata.Automaton {
	if m.uni && base.IndexNonASCII(line) >= 0 {
		return nil
	}
	return m.autoBounded.Get()
}

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

func (m *regex) Each(line []byte, fn func(int, int)) error {
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
	return eachBounded(m.line, line, m.word, m.uni, m.exact, fn)
}

// eachBounded calls fn with the non-empty matches of re in line. Under -w
// (word), Go's leftmost match is PCRE's wherever it is word-bounded; when
// one is not, exact, the backtracking engine, lists them instead.
func eachBounded(re *regexp.Regexp, line []byte, word, uni bool, exact backtrack.Matcher, fn func(int, int)) error {
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

// leadMaxLit is the longest literal a Lead scans for. A Lead pays for
// the masks of its class's bytes and of newlines at every position, which
// is worth it where the literal is short and common, and most of its
// occurrences are not at a line's start (^\s+//); a longer literal's pair
// is of rarer bytes, and checking each of its few occurrences where it
// lies costs less (see
// docs/decisions.md#leadmaxlit-a-lead-only-for-literals-of-four-bytes-or-fewer-matchregexgo).
const leadMaxLit = 4
