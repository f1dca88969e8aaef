package match

import (
	"errors"
	"strings"

	"urg/match/base"
)

// Syntax is the syntax patterns are written in (Options.Syntax).
type Syntax int

const (
	// Perl is grep -P's syntax, urg's default.
	Perl Syntax = iota
	// Extended is POSIX's extended regular expressions, as GNU grep -E
	// reads them.
	Extended
	// Basic is POSIX's basic regular expressions, as GNU grep -G reads
	// them.
	Basic
)

// compilePosix is Compile for the POSIX syntaxes, as GNU grep 3.8 reads
// them: its lexer's meaning, glibc's error messages, and POSIX's
// leftmost-longest matches for Each.
//
// Each pattern is parsed (see posixParser) and spelt again in Perl
// syntax (see emitter), which the rest of the package compiles: its fast
// engines select the lines. Where that spelling is looser than the
// pattern, or Go's reading of -w's words is not grep's, a POSIX engine
// of its own confirms each line selected (see posixEngine), and it finds
// the matches that Each gives, leftmost-longest, which the package's
// engines do not (they find leftmost-first); but where every match of a
// pattern has one length in characters, the two are the same and the
// Perl spelling's matcher serves alone.
func compilePosix(patterns []string, o Options) (Matcher, error) {
	pats, err := parseAllPosix(patterns, o)
	if err != nil {
		return nil, err
	}
	var (
		nodes []*pnode
		srcs  []string
	)
	exact, rigid := true, true
	for _, p := range pats {
		n := p.node
		nodes = append(nodes, n)
		src, ex := emitPosix(n, o.UTF8, false)
		srcs = append(srcs, src)
		exact = exact && ex
		rigid = rigid && fixedLen(n) >= 0
	}
	word := o.Word && !o.Line
	inner := o
	inner.Syntax, inner.Fixed, inner.IgnoreCase = Perl, false, false
	// -w: in the C locale the Perl path's words are grep's, and so are
	// the lines it selects: any with a match that no word character
	// touches, which grep's dfa.c finds (the pattern it runs for -w is
	// such a match between non-word characters). Under UTF-8 (and with
	// back-references) grep's regex loop decides the lines instead, by
	// glibc's words (see isPosixWord), which the Perl path's are not:
	// the lines are selected unbounded, then confirmed (see find).
	inner.Word = word && !o.UTF8
	if word && o.UTF8 {
		exact = false
	}
	sel, err := Compile(srcs, inner)
	if err != nil {
		// Too large for Go's regexp, spelt out: spelt looser, every
		// count a * or a +, or else no spelling at all, and the POSIX
		// engine decides every line.
		exact = false
		srcs = srcs[:0]
		for _, n := range nodes {
			src, _ := emitPosix(n, o.UTF8, true)
			srcs = append(srcs, src)
		}
		if sel, err = Compile(srcs, inner); err != nil {
			sel = nil
		}
	}
	if len(nodes) == 0 || sel != nil && exact && rigid {
		return sel, nil
	}
	m := &posixMatcher{sel: sel, exact: exact && sel != nil, word: word, line: o.Line, uni: o.UTF8}
	var plain []*pnode
	for _, n := range nodes {
		if holdsPosixOp(n, pBackref) {
			m.engines = append(m.engines, newBacktracker(n, o.UTF8, o.IgnoreCase))
		} else {
			plain = append(plain, n)
		}
	}
	if len(plain) > 0 {
		n := plain[0]
		if len(plain) > 1 {
			n = &pnode{op: pAlt, sub: plain}
		}
		vm, err := newPikeVM(n, o.UTF8)
		if err != nil {
			return nil, &PatternError{Index: 0, Pattern: patterns[0], Err: err, bare: true}
		}
		m.engines = append(m.engines, vm)
	}
	return m, nil
}

// posixPattern is one line of a pattern, parsed.
type posixPattern struct {
	node     *pnode
	warnings []string
	late     error // dfa.c's error, after its warnings
}

// parseAllPosix parses the lines of the patterns. Its error is, as grep
// gives them, glibc's for every pattern it finds one in (several
// joined), else dfa.c's first.
func parseAllPosix(patterns []string, o Options) ([]posixPattern, error) {
	var out []posixPattern
	var errs []error
	groups := 0
	for i, text := range patterns {
		for _, line := range strings.Split(text, "\n") {
			n, p, err := parsePosix(line, o.Syntax == Basic, o.UTF8, o.IgnoreCase, groups)
			if err != nil {
				errs = append(errs, &PatternError{Index: i, Pattern: line, Err: err, bare: true})
				continue
			}
			pp := posixPattern{node: n, warnings: p.warnings}
			if p.late != nil {
				pp.late = &PatternError{Index: i, Pattern: line, Err: p.late, bare: true}
			}
			out = append(out, pp)
			groups += p.groups
		}
	}
	switch len(errs) {
	case 0:
	case 1:
		return nil, errs[0]
	default:
		return nil, errors.Join(errs...)
	}
	for _, p := range out {
		if p.late != nil {
			return out, p.late
		}
	}
	return out, nil
}

// Warnings returns the warnings GNU grep gives about the patterns before
// it compiles them: under -E, an operator that follows no atom ("* at
// start of expression"), which repeats the empty string. None for a
// pattern that does not compile, past dfa.c's error if there is one, or
// in the Perl syntax.
func Warnings(patterns []string, o Options) []string {
	if o.Syntax == Perl || o.Fixed {
		return nil
	}
	pats, _ := parseAllPosix(patterns, o) // nil after glibc's errors
	var out []string
	for _, p := range pats {
		out = append(out, p.warnings...)
		if p.late != nil {
			break
		}
	}
	return out
}

// posixMatcher is a POSIX pattern's Matcher, when the Perl spelling's
// matcher does not serve alone (see compilePosix).
type posixMatcher struct {
	// sel selects the lines, all that match and, unless exact, more;
	// nil when the patterns have no spelling: every line is looked at.
	sel     Matcher
	exact   bool
	engines []posixEngine
	word    bool // -w (but under -x)
	line    bool // -x
	uni     bool
}

func (m *posixMatcher) Engine() string {
	if m.sel == nil {
		return "POSIX engine"
	}
	if m.exact {
		return m.sel.Engine() + "; POSIX engine for matches"
	}
	return m.sel.Engine() + ", lines confirmed by the POSIX engine"
}

func (m *posixMatcher) MinLen() int {
	if m.sel == nil {
		return 0
	}
	return m.sel.MinLen() // the patterns match no shorter text than it
}

func (m *posixMatcher) Next(text []byte) (int, int, error) {
	if m.exact {
		return m.sel.Next(text)
	}
	for at := 0; at <= len(text); {
		var ls, le int
		if m.sel != nil {
			s, e, err := m.sel.Next(text[at:])
			if s < 0 || err != nil {
				return -1, -1, err
			}
			ls, le = at+s, at+e
		} else {
			ls, le = at, len(text)
			if i := base.IndexNL(text[at:]); i >= 0 {
				le = at + i
			}
		}
		ok, err := m.matchLine(text[ls:le])
		if ok || err != nil {
			return ls, le, err
		}
		at = le + 1
	}
	return -1, -1, nil
}

// matchLine reports whether line is selected: under -x, a match is the
// whole line; under -w, find finds one; else any match will do.
func (m *posixMatcher) matchLine(line []byte) (bool, error) {
	if m.line {
		var ends []int
		for _, e := range m.engines {
			var err error
			if ends, err = e.ends(line, 0, ends[:0]); err != nil {
				return false, err
			}
			for _, end := range ends {
				if end == len(line) {
					return true, nil
				}
			}
		}
		return false, nil
	}
	if !m.word {
		for _, e := range m.engines {
			if ok, err := e.matches(line); ok || err != nil {
				return ok, err
			}
		}
		return false, nil
	}
	s, _, err := m.find(line, 0)
	return s >= 0, err
}

func (m *posixMatcher) Each(line []byte, fn func(int, int)) error {
	// As grep's print_line_middle: from the end of each match on, or
	// past an empty one by a character.
	for at := 0; at <= len(line); {
		s, e, err := m.find(line, at)
		if s < 0 || err != nil {
			return err
		}
		if e > s {
			fn(s, e)
			at = e
			continue
		}
		if s == len(line) {
			break
		}
		_, w := charAt(line, s, m.uni)
		at = s + w
	}
	return nil
}

// search is the leftmost-longest match of any engine from from on.
func (m *posixMatcher) search(line []byte, from int) (int, int, error) {
	s, e := -1, -1
	for _, eng := range m.engines {
		s1, e1, err := eng.search(line, from)
		if err != nil {
			return -1, -1, err
		}
		if s1 >= 0 && (s < 0 || s1 < s || s1 == s && e1 > e) {
			s, e = s1, e1
		}
	}
	return s, e, nil
}

// find returns the match Each gives next from from on (-1 when there is
// none): the leftmost-longest, and under -w that of grep's EGexecute:
// the leftmost start whose longest match has no word character on
// either side, or else a shorter one that is not empty; if none, the
// next place a match starts. (grep 3.8 misplaces the end of its
// shorter tries after a first match on the line, and so misses some
// later ones: this is what it does on the first, everywhere.)
func (m *posixMatcher) find(line []byte, from int) (int, int, error) {
	var ends []int
	for s := from; s <= len(line); {
		s0, e0, err := m.search(line, s)
		if s0 < 0 || err != nil || !m.word {
			return s0, e0, err
		}
		if !posixWordBefore(line, s0, m.uni) {
			if !posixWordAfter(line, e0, m.uni) {
				return s0, e0, nil
			}
			ends = ends[:0]
			for _, eng := range m.engines {
				if ends, err = eng.ends(line, s0, ends); err != nil {
					return -1, -1, err
				}
			}
			best := -1
			for _, e := range ends {
				if e > s0 && e < e0 && e > best && !posixWordAfter(line, e, m.uni) {
					best = e
				}
			}
			if best >= 0 {
				return s0, best, nil
			}
		}
		if s0 == len(line) {
			break
		}
		_, w := charAt(line, s0, m.uni)
		s = s0 + w
	}
	return -1, -1, nil
}

// posixWordBefore and posixWordAfter are wordBefore and wordAfter with
// grep's words (isPosixWord).
func posixWordBefore(line []byte, i int, uni bool) bool {
	return i > 0 && isPosixWord(charBefore(line, i, uni), uni)
}

func posixWordAfter(line []byte, i int, uni bool) bool {
	if i >= len(line) {
		return false
	}
	c, _ := charAt(line, i, uni)
	return isPosixWord(c, uni)
}
