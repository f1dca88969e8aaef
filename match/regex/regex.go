// Package regex runs Go's regexp (RE2: linear time, no backtracking) over
// blocks of whole lines, behind what finds a pattern's lines first: its
// literals, a line finder, a run of class bytes or the lazy DFA. The
// pattern is rewritten first so that no match can cross a newline, which
// is what lets one call scan thousands of lines.
package regex

import (
	"regexp"
	"regexp/syntax"

	"urg/match/around"
	"urg/match/automata"
	"urg/match/backtrack"
	"urg/match/base"
	"urg/match/parsed"
	"urg/match/prefilter"
)

// Regex is a pattern compiled for Go's regexp, its byte automata and the
// prefilters that find its lines, as filterFor chose them.
type Regex struct {
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
	// path is the matcher of the path Next takes, chosen once (see
	// choose).
	path base.Matcher
	// tree is the pattern as rewritten for it, so that another reading of
	// it that comes to the same tree takes this matcher, not a second
	// compile of Unicode's classes (see Reread).
	tree *syntax.Regexp
}

// WholeLine is re anchored at both ends of its line (-x).
func WholeLine(re *syntax.Regexp) *syntax.Regexp {
	return &syntax.Regexp{Op: syntax.OpConcat, Sub: []*syntax.Regexp{{Op: syntax.OpBeginLine}, re, {Op: syntax.OpEndLine}}}
}

// For is New for the pattern src, parsed as tree, with the
// backtracking engine that -w's matches need (see Regex.exact).
func For(tree *syntax.Regexp, src string, o base.Options) (*Regex, error) {
	m, err := New(tree, o)
	if err != nil || !m.word {
		return m, err
	}
	if m.exact, err = backtrack.New(src, o); err != nil {
		return nil, err
	}
	return m, nil
}

// New returns the matcher of tree, which it rewrites, without the
// backtracking engine that its Each needs under -w (For adds it).
func New(tree *syntax.Regexp, o base.Options) (*Regex, error) {
	return of(parsed.ASCIIFold(parsed.LineLocal(tree)).Simplify(), o)
}

// of is New for a tree rewritten already: line-local, its case
// folding as wanted, simplified.
func of(tree *syntax.Regexp, o base.Options) (*Regex, error) {
	m := &Regex{min: parsed.MinLen(tree), word: o.Word && !o.Line, uni: o.UTF8, tree: tree}
	if o.Line {
		tree = WholeLine(tree)
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
	m.path = m.choose()
	return m, nil
}

// Engine names the engine and what finds its lines.
func (m *Regex) Engine() string {
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

// MinLen is the length of the shortest match.
func (m *Regex) MinLen() int { return m.min }

// Gate is the scan for the literals one of which every match holds
// (base.Gated); nil without them.
func (m *Regex) Gate() func(text []byte) int { return prefilter.Gate(m.pre, m.any) }

// Line is the Go regexp of one line alone.
func (m *Regex) Line() *regexp.Regexp { return m.line }

// MatchLine is matchLine.
func (m *Regex) MatchLine(line []byte) bool { return m.matchLine(line) }

// Word reports -w.
func (m *Regex) Word() bool { return m.word }

// Exact is the backtracking engine under -w, nil for none.
func (m *Regex) Exact() backtrack.Matcher { return m.exact }

// HasLiterals reports whether literals select the lines re runs on.
func (m *Regex) HasLiterals() bool { return m.lits != nil }

// AutomatonLines reports whether the byte automaton's lines are the
// matches.
func (m *Regex) AutomatonLines() bool { return m.autoLines && m.lits == nil && !m.word }

// HasAutomaton reports whether the byte automaton decides the lines.
func (m *Regex) HasAutomaton() bool { return m.auto.Get() != nil }

// Matcher is m as the path its pattern takes (see choose): what Compile
// gives its callers.
func (m *Regex) Matcher() base.Matcher { return m.path }

// Tree is the pattern as rewritten for m, so that another reading of it
// that comes to the same tree takes this matcher, not a second compile
// of Unicode's classes.
func (m *Regex) Tree() *syntax.Regexp { return m.tree }

// Reread is the matcher of the pattern src as the locale reads it for
// the lines beyond ASCII (tree: line-local, its case folded as wanted,
// simplified): under UTF-8 with -i, with the literals that its reading
// with ASCII's folds must hold (asciiLiterals), and under -w with regexp2
// for the matches where Go's leftmost one is not bounded.
func Reread(tree *syntax.Regexp, src string, o base.Options) (*Regex, error) {
	r, err := of(tree, o)
	if err != nil {
		return nil, err
	}
	if o.UTF8 && o.IgnoreCase && r.lits == nil {
		r.asciiLiterals(src, o)
		r.path = r.choose() // the literals are a path's
	}
	if r.word {
		// regexp2 reads the text's own bytes. It may refuse what Go's
		// parser takes (\p{^Greek}): several patterns joined have
		// their own, pattern by pattern.
		r.exact, _ = backtrack.New(src, o)
	}
	return r, nil
}
