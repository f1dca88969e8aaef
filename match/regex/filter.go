package regex

import (
	"bytes"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"unicode/utf8"

	"urg/match/around"
	"urg/match/base"
	"urg/match/parsed"
	"urg/match/prefilter"
)

// leadMaxLit is the longest literal a Lead scans for. A Lead pays for
// the masks of its class's bytes and of newlines at every position, which
// is worth it where the literal is short and common, and most of its
// occurrences are not at a line's start (^\s+//); a longer literal's pair
// is of rarer bytes, and checking each of its few occurrences where it
// lies costs less (see
// docs/decisions.md#leadmaxlit-a-lead-only-for-literals-of-four-bytes-or-fewer-matchregexgo).
const leadMaxLit = 4

// filterFor gives m, Go's regexp for tree, what finds its lines before
// the regex runs, the first of these that applies:
//
//  1. a literal every match holds, scanned for; where the pattern is
//     part, literal, part, checked around each occurrence (around.New);
//  2. the one byte after a line's leading run (`^ +<`), found by a scan
//     that masks the run (leadAround);
//  3. literals one of which every match holds (an alternation of
//     words), scanned for together;
//  4. a line finder that needs no regex: a run of a class at the line's
//     end, a line's shape, one byte class (shapeFinder);
//  5. a run of class bytes every match holds (prefilter.ExactRun, or
//     prefilter.NewClassRun where the run is rare);
//  6. with none, and no literal prefix for Go's regexp to skip to, the
//     lazy DFA's lines, which are the matches (autoLines).
func filterFor(m *Regex, tree *syntax.Regexp, re *regexp.Regexp, o base.Options) {
	p, suffix := parsed.RequiredLiteral(tree), parsed.LiteralSuffix(tree)
	if !p.Useful() {
		p = suffix // `a\w*;`: the one letter is of no use, the end is
	}
	if p.Useful() {
		p.Prepare()
		m.pre = &p
		if !m.word && !o.Line {
			m.literalOnly = parsed.IsLiteral(tree, p.Fold)
			m.around = around.New(tree)
			m.aroundAtPre = m.around != nil && !p.Fold && string(p.Lit) == string(m.around.Lit())
			m.blockAround = m.aroundAtPre && m.around.Cheap()
		}
		if s := suffix; !m.literalOnly && !m.blockAround && s.Useful() {
			m.suffix = s.Lit
			m.suffixOnly = parsed.SuffixOnlyAtEnd(tree)
			if string(s.Lit) != string(p.Lit) && s.NoWorse(p) && !p.Fold {
				// As good a literal as any: its occurrences are where a
				// line is decided (Regex.matchesEndingIn), so the scan
				// lands on them alone.
				s.Prepare()
				m.pre = &s
				m.aroundAtPre = m.around != nil && string(s.Lit) == string(m.around.Lit())
			}
		}
	} else if a := leadAround(tree, m.word || o.Line); a != nil {
		// `^ +<`: the one byte after a line's leading run, whose
		// required literal is the run's byte, of no use to look for.
		p := prefilter.Literal{Lit: a.Lit()}
		p.Prepare()
		m.pre, m.around, m.aroundAtPre, m.blockAround = &p, a, true, true
	} else {
		m.any, m.literalOnly = parsed.AlternationExact(tree)
		m.literalOnly = m.literalOnly && !m.word && !o.Line
		if m.any == nil && !m.word && !o.Line {
			m.finder = shapeFinder(tree)
		}
		if m.any == nil && m.finder == nil {
			if m.run = prefilter.ExactRun(tree); m.run == nil {
				m.run = prefilter.NewClassRun(tree)
			}
		}
	}
	prefix, _ := re.LiteralPrefix()
	if m.suffix != nil && !m.word && m.pre != nil && !m.pre.Fold {
		if string(m.pre.Lit) == string(m.suffix) {
			m.suffixed = parsed.SuffixBounds(tree)
		} else {
			m.suffixed = m.suffixOnly && len(m.suffix) == 1 && bytes.IndexByte(m.pre.Lit, m.suffix[0]) < 0
		}
	}
	m.prefixed = m.pre != nil && !m.pre.Fold && !m.literalOnly && !m.blockAround && strings.HasPrefix(prefix, string(m.pre.Lit))
	if prefix == "" && m.pre == nil && m.any == nil && m.run == nil && m.finder == nil {
		// Go's regexp skips to a literal prefix (`ab+`) faster than the
		// automaton reads every byte (docs/decisions.md#dfa-the-lazy-automatons-lines-matchautomatascango);
		// with none, the automaton's lines are the matches.
		m.autoLines = true
	}
}

// shapeFinder returns the finder for a pattern that is a run of a class at
// the line's end, bounds its line's length and bytes, or is one class;
// nil for any other.
func shapeFinder(tree *syntax.Regexp) prefilter.LineFinder {
	if t := prefilter.NewTrail(tree); t != nil {
		return t
	}
	if s := prefilter.NewShape(tree); s != nil {
		return s
	}
	if b := prefilter.NewAnyByte(tree); b != nil {
		return b
	}
	return nil
}

// leadAround is the around of a pattern whose one literal is the byte
// after a line's leading run (`^ +<`), checked where it lies; nil for any
// other pattern, and under -w and -x.
func leadAround(tree *syntax.Regexp, bounded bool) *around.Check {
	if bounded {
		return nil
	}
	if a := around.New(tree); a != nil && a.Cheap() && len(a.Lit()) == 1 {
		return a
	}
	return nil
}

// asciiLiterals gives m, the pattern src folded by Unicode's rule, the
// literals that the pattern folded for ASCII alone must hold, cut to their
// longest stretch of ASCII whose letters fold to ASCII only (not k or s,
// which the Kelvin sign and the long s fold to): every line m matches
// holds one, so only those lines run m's regex. Go's parser builds no
// literal from a letter folded by Unicode's rule; without these, m ran its
// NFA over all the text beyond ASCII (see
// docs/decisions.md#asciiliterals-literals-for--i-under-utf-8-matchlocaleexactgo).
func (m *Regex) asciiLiterals(src string, o base.Options) {
	t, err := syntax.Parse(src, parsed.Flags(o))
	if err != nil {
		return
	}
	t = parsed.ASCIIFold(parsed.LineLocal(t)).Simplify()
	if o.Line {
		t = WholeLine(t)
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
