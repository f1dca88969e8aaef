// Package several matches several patterns, each compiled on its own by
// the front door: Next asks each pattern's matcher for the first line it
// selects, and Each merges the patterns' matches, leftmost-longest, as
// grep -o does.
package several

import (
	"cmp"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"urg/match/backtrack"
	"urg/match/base"
	"urg/match/locale"
	"urg/match/parsed"
	"urg/match/regex"
)

// several matches several patterns, each compiled on its own (see
// match.Compile). The patterns Go's regexp runs are joined into one regex,
// which is safe for them (see parsed.Joined) and as fast as one pattern; each pattern
// that needs the backtracking engine is a matcher of its own. Next asks
// each for the first line it selects.
//
// Each cannot use the joined regex: its leftmost-first choice takes the
// first pattern that matches at a place, where grep takes the longest.
// It merges the matches of parts, built at its first call: one for all the
// literals (leftmost-longest, which is exact for them), one for each other
// pattern; a line costs a search per part.
type several struct {
	subs []base.Matcher
	pats []Pattern
	o    base.Options
	// fail is an error of the pattern pats[i] as the front door gives it.
	fail func(i int, err error) error
	// bts are the backtracking engines of the patterns that need one,
	// by their position in pats.
	bts map[int]backtrack.Matcher
	// bounded are, under -w, the backtracking engines of the other
	// patterns that Each needs, bounded, by their position in pats; a
	// pattern spelt as plain characters has none (its part's is made
	// with the others').
	bounded map[int]backtrack.Matcher
	min     int

	once  sync.Once
	parts []*part
	err   error
}

// Pattern is one of the patterns, as the front door read it.
type Pattern struct {
	// Src is the pattern translated for the engines.
	Src string
	// Go reports that Go's parser takes Src; the backtracking engine
	// runs the others.
	Go bool
}

// New returns the matcher of pats, given the matchers that select their
// lines: subs, the one of the patterns Go's parser takes joined, then
// one for each other pattern, whose backtracking engines bts are by
// their place in pats. fail is the error of pats[i], which Each's
// parts, built at its first call, may return.
func New(pats []Pattern, subs []base.Matcher, bts map[int]backtrack.Matcher, o base.Options, fail func(i int, err error) error) (base.Matcher, error) {
	m := &several{subs: subs, pats: pats, o: o, fail: fail, bts: bts, bounded: map[int]backtrack.Matcher{}, min: -1}
	goes := 0
	for _, p := range pats {
		if p.Go {
			goes++
		}
	}
	if o.Word && !o.Line && goes > 1 {
		// Each bounds them with regexp2, which does not read all that
		// Go's parser does (\p{^Greek}): made now, they fail here, not
		// at the first line printed. (One alone has had its own made.)
		for i, p := range pats {
			if !p.Go || plainChars(p.Src) {
				continue
			}
			bt, err := backtrack.New(p.Src, o)
			if err != nil {
				return nil, fail(i, err)
			}
			m.bounded[i] = bt
		}
	}
	for _, sub := range m.subs {
		if m.min < 0 || sub.MinLen() < m.min {
			m.min = sub.MinLen()
		}
	}
	return m, nil
}

func (m *several) Engine() string {
	names := make([]string, len(m.subs))
	for i, sub := range m.subs {
		names[i] = sub.Engine()
	}
	return strings.Join(names, ", ")
}

func (m *several) MinLen() int { return m.min }

// firstWindow is the size of the first stretch of text that Next gives
// each matcher; the next are twice as large each time, so that a matcher
// whose next line is far away does not scan to it for every line another
// finds, and the whole text costs each about two passes at most.
const firstWindow = 512

func (m *several) Next(text []byte) (int, int, error) {
	if len(m.subs) == 1 {
		return m.subs[0].Next(text)
	}
	for lo, step := 0, firstWindow; lo <= len(text); step *= 2 {
		// The window ends at a line's end: its lines are whole.
		hi := len(text)
		if lo+step < len(text) {
			if j := base.IndexNL(text[lo+step:]); j >= 0 {
				hi = lo + step + j
			}
		}
		win := text[lo:hi]
		best, bestEnd := -1, -1
		for _, sub := range m.subs {
			w := win
			if best >= 0 {
				if best == 0 {
					break
				}
				// Only the lines before the best found so far.
				w = win[:best-1]
			}
			s, e, err := sub.Next(w)
			if err != nil {
				return -1, -1, err
			}
			if s >= 0 {
				best, bestEnd = s, e
			}
		}
		if best >= 0 {
			return lo + best, lo + bestEnd, nil
		}
		lo = hi + 1
	}
	return -1, -1, nil
}

// Each reports, from the left, the match that starts first among the
// patterns' matches, and of those that start there the longest; the next
// is looked for after it.
func (m *several) Each(line []byte, fn func(int, int)) error {
	if m.o.Line {
		// Every match is the whole line.
		s, _, err := m.Next(line)
		if s >= 0 && len(line) > 0 {
			fn(0, len(line))
		}
		return err
	}
	m.once.Do(func() { m.parts, m.err = m.buildParts() })
	if m.err != nil {
		return m.err
	}
	if len(m.parts) == 1 {
		return m.parts[0].each(line, fn)
	}
	return mergeParts(m.parts, line, fn)
}

// mergeParts is Each over parts. Each part's matches are listed once; a
// part's next match after a place is the first listed that starts there
// or later, unless the place falls inside a listed match (which another
// part's longer match ended in): the part is then searched from there.
func mergeParts(parts []*part, line []byte, fn func(int, int)) error {
	type state struct {
		list       [][2]int
		k          int  // list[:k] end at or before cur
		s, e       int  // the next match at or after cur, if has
		has, ended bool // ended: no match at or after cur
	}
	st := make([]state, len(parts))
	for i, p := range parts {
		err := p.each(line, func(s, e int) { st[i].list = append(st[i].list, [2]int{s, e}) })
		if err != nil {
			return err
		}
		st[i].ended = len(st[i].list) == 0
	}
	for cur := 0; ; {
		bs, be := -1, -1
		for i := range st {
			p := &st[i]
			if p.ended {
				continue
			}
			if !p.has || p.s < cur {
				for p.k < len(p.list) && p.list[p.k][1] <= cur {
					p.k++
				}
				switch {
				case p.k == len(p.list):
					p.ended = true
					continue
				case p.list[p.k][0] >= cur:
					p.s, p.e = p.list[p.k][0], p.list[p.k][1]
				default:
					s, e, err := parts[i].from(line, cur)
					if err != nil {
						return err
					}
					if s < 0 {
						p.ended = true
						continue
					}
					p.s, p.e = s, e
				}
				p.has = true
			}
			if bs < 0 || p.s < bs || p.s == bs && p.e > be {
				bs, be = p.s, p.e
			}
		}
		if bs < 0 {
			return nil
		}
		fn(bs, be)
		cur = be
	}
}

// part is one pattern as Each merges them, or a set of literals, whose
// leftmost-longest match is the merge of theirs.
type part struct {
	// re is the pattern (Go's regexp) on a line alone; nil when the
	// backtracking engine runs it.
	re *regexp.Regexp
	// after, when re is leftmost-first, is \A(?s:.)(?s:.)*?(re): its
	// group is re's first match after the first character of the text
	// given, seen with that character before it.
	after *regexp.Regexp
	// longest: re is leftmost-longest, a set of literals, which match
	// the same wherever they are.
	longest bool
	word    bool
	uni     bool // -w sees UTF-8 characters
	// bytes: in the C locale, a line beyond ASCII is transcoded for re
	// (see localeExact).
	bytes bool
	// uniRe and uniAfter are re and after for lines beyond ASCII under
	// UTF-8, where -i folds Unicode's case; nil elsewhere.
	uniRe, uniAfter *regexp.Regexp
	// bt is the backtracking engine of the pattern (under -w, of the
	// pattern bounded), where it runs the pattern or -w needs it.
	bt backtrack.Matcher
}

// buildParts makes the parts of Each: the literals together, and each
// other pattern on its own.
func (m *several) buildParts() ([]*part, error) {
	var lits []Pattern
	var parts []*part
	first := -1 // the first literal's place in pats
	for i, p := range m.pats {
		if !p.Go {
			parts = append(parts, &part{bt: m.bts[i]})
			continue
		}
		// p.tree may have been rewritten by the joined regex.
		t, err := syntax.Parse(p.Src, parsed.Flags(m.o))
		if err != nil {
			return nil, m.fail(i, err)
		}
		switch t.Simplify().Op {
		case syntax.OpEmptyMatch:
			continue // matches nothing that Each reports
		case syntax.OpLiteral:
			if first < 0 {
				first = i
			}
			lits = append(lits, p)
			continue
		}
		pt, err := newPart([]Pattern{p}, m.o, m.bounded[i])
		if err != nil {
			return nil, m.fail(i, err)
		}
		parts = append(parts, pt)
	}
	if len(lits) > 0 {
		pt, err := newPart(lits, m.o, nil)
		if err != nil {
			return nil, m.fail(first, err)
		}
		parts = append(parts, pt)
	}
	return parts, nil
}

// newPart builds the part of one pattern or of several literals, which Go's
// parser takes; bt, when not nil, is the backtracking engine of the one
// pattern bounded, already made.
func newPart(pats []Pattern, o base.Options, bt backtrack.Matcher) (*part, error) {
	p := &part{longest: len(pats) > 1, word: o.Word, uni: o.UTF8, bytes: !o.UTF8 && !o.ASCIILines}
	if p.longest {
		// Longest first: the backtracking engine then takes, of the
		// literals at a place, the longest bounded one.
		pats = slices.Clone(pats)
		slices.SortStableFunc(pats, func(a, b Pattern) int {
			return cmp.Compare(literalLen(b, o), literalLen(a, o))
		})
	}
	srcs := make([]string, len(pats))
	for i, q := range pats {
		srcs[i] = q.Src
	}
	src := parsed.Joined(srcs)
	tree, err := parsed.LineTree(src, parsed.Flags(o))
	if err != nil {
		return nil, err
	}
	if p.re, p.after, err = partRegexps(tree, p.longest); err != nil {
		return nil, err
	}
	if o.UTF8 && !o.ASCIILines {
		t, err := syntax.Parse(src, parsed.Flags(o))
		if err != nil {
			return nil, err
		}
		if p.uniRe, p.uniAfter, err = partRegexps(parsed.LineLocal(t).Simplify(), p.longest); err != nil {
			return nil, err
		}
	}
	if p.bt = bt; o.Word && bt == nil {
		if p.bt, err = backtrack.New(src, o); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// partRegexps returns a part's re and after for tree (see part).
func partRegexps(tree *syntax.Regexp, longest bool) (re, after *regexp.Regexp, err error) {
	if parsed.HoldsLineAnchor(tree) {
		tree = parsed.TextAnchored(tree)
	}
	src := parsed.Print(tree)
	if re, err = regexp.Compile(src); err != nil {
		return nil, nil, err
	}
	if longest {
		re.Longest()
	} else if after, err = regexp.Compile(`\A(?s:.)(?s:.)*?(` + src + `)`); err != nil {
		return nil, nil, err
	}
	return re, after, nil
}

// view returns line as the part's regexps read it, with those regexps:
// the line itself, or under the locale's rule for lines beyond ASCII
// (see localeExact) a transcript, whose offsets t maps back (nil when
// the line is its own).
func (p *part) view(line []byte) (text []byte, t *locale.Transcript, re, after *regexp.Regexp) {
	if (!p.bytes && p.uniRe == nil) || base.IndexNonASCII(line) < 0 {
		return line, nil, p.re, p.after
	}
	if p.bytes {
		t = new(locale.Transcript)
		t.ReadBytes(line)
		return t.Text, t, p.re, p.after
	}
	if base.IndexInvalid(line) < 0 {
		return line, nil, p.uniRe, p.uniAfter
	}
	t = new(locale.Transcript)
	t.InvalidAsNL(line)
	return t.Text, t, p.uniRe, p.uniAfter
}

// plainChars reports whether src is characters alone, some escaped as
// quoteMeta escapes them: what any engine reads as that string.
func plainChars(src string) bool {
	for i := 0; i < len(src); i++ {
		switch c := src[i]; {
		case c == '\\':
			i++
			if i == len(src) || strings.IndexByte(`\.+*?()|[]{}^$`, src[i]) < 0 {
				return false
			}
		case strings.IndexByte(`.+*?()|[]{}^$`, c) >= 0:
			return false
		}
	}
	return true
}

// literalLen is the length in bytes of the literal that p is.
func literalLen(p Pattern, o base.Options) int {
	t, err := syntax.Parse(p.Src, parsed.Flags(o))
	if err != nil {
		return 0
	}
	return len(string(t.Simplify().Rune))
}

// each calls fn with the part's matches in line, as a Matcher's Each.
func (p *part) each(line []byte, fn func(int, int)) error {
	if p.re == nil {
		return p.bt.Each(line, fn)
	}
	_, t, re, _ := p.view(line)
	if t == nil {
		return regex.EachBounded(re, line, p.word, p.uni, p.bt, fn)
	}
	return locale.EachRead(re, t, line, p.word, p.uni, p.bt, fn)
}

// from returns the part's first non-empty match in line that starts at at
// or later, found as if from the line's start; -1, -1 when there is none.
func (p *part) from(line []byte, at int) (int, int, error) {
	if p.re == nil || p.word {
		return p.bt.From(line, at)
	}
	text, t, re, after := p.view(line)
	if t == nil {
		s, e := fromIn(text, at, re, after, p.longest)
		return s, e, nil
	}
	s, e := fromIn(text, t.Forward(at), re, after, p.longest)
	if s < 0 {
		return -1, -1, nil
	}
	return t.At(s), t.At(e), nil
}

// fromIn is from over line as re and after read it.
func fromIn(line []byte, at int, re, after *regexp.Regexp, longest bool) (int, int) {
	for at <= len(line) {
		var loc []int
		switch {
		case at == 0:
			loc = re.FindIndex(line)
		case longest:
			// Literals: what comes before does not matter.
			if loc = re.FindIndex(line[at:]); loc != nil {
				loc[0], loc[1] = loc[0]+at, loc[1]+at
			}
		default:
			_, n := utf8.DecodeLastRune(line[:at])
			back := at - n
			if sub := after.FindSubmatchIndex(line[back:]); sub != nil {
				loc = []int{back + sub[2], back + sub[3]}
			}
		}
		if loc == nil {
			return -1, -1
		}
		if loc[1] > loc[0] {
			return loc[0], loc[1]
		}
		_, n := utf8.DecodeRune(line[loc[0]:])
		at = loc[0] + max(n, 1)
	}
	return -1, -1
}
