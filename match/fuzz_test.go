package match

import (
	"bytes"
	"errors"
	"fmt"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"urg/match/aho"
	"urg/match/backtrack"
	"urg/match/base"
	"urg/match/internal/matchtest"
	"urg/match/parsed"
)

// FuzzMatcher checks every fast path (the literal matcher, the literal
// prefilters, the alternation scan, blocks of many lines at once, the
// line-anchored confirmation) against the plain regex run on one line at a
// time: the same lines must be selected, and on each the same matches
// found for -o (but under -w, which finds them with the backtracking
// engine). Run it long with
//
//	go test ./match -run '^$' -fuzz FuzzMatcher -fuzztime 10m
//
// make test runs it for a few seconds; inputs it ever failed on are kept
// in testdata/fuzz/FuzzMatcher and run by every go test.
func FuzzMatcher(f *testing.F) {
	for _, seed := range fuzzMatcherSeeds() {
		f.Add(seed.pattern, seed.text, seed.flags)
	}
	f.Fuzz(checkMatcher)
}

// checkMatcher is FuzzMatcher's property, for one input.
func checkMatcher(t *testing.T, pattern, text string, flags uint8) {
	if len(pattern) > 64 || len(text) > 4096 {
		return
	}
	defer watchdog(pattern, text, flags)()
	pattern, o, ok := fuzzOptions(pattern, text, flags)
	if !ok {
		return
	}
	m, err := Compile([]string{pattern}, o)
	if err != nil {
		return // an invalid pattern is the parser's business, not this one's
	}
	ref, err := newReference(pattern, o)
	if err != nil {
		t.Fatalf("Compile(%q, %+v) worked but the reference refused it: %v", pattern, o, err)
	}
	got, err := matchtest.Selected(m, []byte(text))
	if err != nil {
		return // a time limit met: nothing to compare
	}
	want, ok := referenceLines(ref, text)
	if !ok {
		return
	}
	if !slices.Equal(got, want) {
		t.Fatalf("pattern %q, %+v, engine %s, text %q:\nselected lines %v, the reference selects %v",
			pattern, o, m.Engine(), text, got, want)
	}
	checkMatches(t, m, ref, pattern, o, text, got)
}

// watchdog panics unless the call it returns is made within ten seconds:
// a hang is a failure too, and the fuzzer keeps the input that killed its
// worker.
func watchdog(pattern, text string, flags uint8) func() {
	done := make(chan struct{})
	go func() {
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			panic(fmt.Sprintf("FuzzMatcher stuck on pattern %q, text %q, flags %d", pattern, text, flags))
		}
	}()
	return func() { close(done) }
}

// fuzzOptions turns the fuzzed flags into Options and the pattern into the
// one to compile; ok false is an input not to check.
func fuzzOptions(pattern, text string, flags uint8) (string, Options, bool) {
	o := Options{IgnoreCase: flags&1 != 0, Word: flags&2 != 0, Line: flags&4 != 0, Fixed: flags&8 != 0,
		UTF8:    flags&16 != 0,
		Timeout: 50 * time.Millisecond}
	if flags&32 != 0 {
		// Many patterns: past Teddy's, the Aho-Corasick scans of
		// words and of regexes' heads. Only sets that take them:
		// the others go to the joined alternation, whose compile
		// (Go's printing of a large class, once per copy) is slow
		// enough with 65 copies to pass the watchdog's time limit.
		if len(text) > 256 || !headedLines(pattern, flags&8 != 0) {
			return "", o, false
		}
		if flags&8 == 0 && flags&6 != 0 {
			return "", o, false // -w and -x regexes go to the joined alternation too (see aho.NewHeaded)
		}
		pattern = manyPatterns(pattern)
	}
	if o.Fixed && o.Word && o.UTF8 && !utf8.ValidString(pattern) {
		// The reference takes a byte that is no character for a
		// character of its own; grep, and urg, find it inside one:
		// printf '\xc3\xa9\n' | LC_ALL=C.UTF-8 grep -F -w $'\xc3'
		// selects the line.
		return "", o, false
	}
	return pattern, o, true
}

// referenceLines is the numbers of text's lines the reference selects;
// ok false if it gave up on one.
func referenceLines(ref *reference, text string) ([]int, bool) {
	var want []int
	for i, line := range bytes.Split([]byte(text), []byte("\n")) {
		ok, err := ref.match(line)
		if err != nil {
			return nil, false
		}
		if ok {
			want = append(want, i)
		}
	}
	return want, true
}

// checkMatches compares the matches on each selected line, for -o.
func checkMatches(t *testing.T, m Matcher, ref *reference, pattern string, o Options, text string, got []int) {
	t.Helper()
	lines := bytes.Split([]byte(text), []byte("\n"))
	for _, i := range got {
		var gotM [][2]int
		if err := m.Each(lines[i], func(s, e int) { gotM = append(gotM, [2]int{s, e}) }); err != nil {
			return
		}
		wantM, ok, err := ref.each(lines[i])
		if !ok || err != nil {
			return
		}
		if !slices.Equal(gotM, wantM) {
			t.Fatalf("pattern %q, %+v, engine %s, line %q:\nmatches %v, the reference finds %v",
				pattern, o, m.Engine(), lines[i], gotM, wantM)
		}
	}
}

// headedLines says whether each line of pattern is a fixed string (-F)
// or begins with a literal, as the many-pattern scans want.
func headedLines(pattern string, fixed bool) bool {
	for _, line := range strings.Split(pattern, "\n") {
		if line == "" {
			return false
		}
		if fixed {
			continue
		}
		tree, err := syntax.Parse(line, syntax.PerlX|syntax.UnicodeGroups)
		if err != nil {
			return false
		}
		if !aho.HasHead(tree) {
			return false
		}
	}
	return true
}

// manyPatterns makes of pattern's lines more patterns than Teddy takes
// (aho.MinWords), each line followed by variations on it: longer by a digit,
// shorter by its last byte, after another letter. The words among them
// share prefixes and suffixes, and the regexes keep their shapes.
func manyPatterns(pattern string) string {
	lines := strings.Split(pattern, "\n")
	all := slices.Clone(lines)
	for k := 0; len(all) < aho.MinWords+len(lines)%3; k++ {
		w := lines[k%len(lines)]
		switch k % 3 {
		case 0:
			w += strconv.Itoa(k)
		case 1:
			if len(w) > 1 {
				w = w[:len(w)-1]
			}
		case 2:
			w = string(rune('a'+k%26)) + w
		}
		all = append(all, w)
	}
	return strings.Join(all, "\n")
}

// reference decides one line at a time, independently of the engines:
// a backtracking interpreter of the pattern's parse (refMatcher) that
// reads the line as the locale says (bytes in the C locale; in UTF-8, its
// characters, a byte that is not UTF-8 matching nothing), with -w and -x
// as grep -P spells them; or the backtracking engine where Go's parser
// refuses the pattern. A pattern holding newlines is several, each its own
// reference: a line matches when one does.
type reference struct {
	tree *syntax.Regexp // nil for regexp2 and for several
	o    Options
	bt   backtrack.Matcher
	any  []*reference // the patterns, when several
}

func newReference(pattern string, o Options) (*reference, error) {
	if lines := strings.Split(pattern, "\n"); len(lines) > 1 {
		r := &reference{}
		for _, line := range lines {
			sub, err := newReference(line, o)
			if err != nil {
				return nil, err
			}
			r.any = append(r.any, sub)
		}
		return r, nil
	}
	p, err := parsePattern(0, pattern, o)
	if err != nil {
		return nil, err
	}
	tree, err := syntax.Parse(p.src, syntaxFlags(o))
	if err != nil {
		bt, err := backtrack.New(p.src, o)
		if err != nil {
			return nil, err
		}
		return &reference{bt: bt}, nil
	}
	tree = parsed.LineLocal(tree)
	if !o.UTF8 {
		tree = parsed.ASCIIFold(tree)
	}
	return &reference{tree: tree, o: o}, nil
}

// errBudget is refMatcher giving up on a line that costs it too many
// steps: the case is left out, not failed.
var errBudget = errors.New("reference: step budget spent")

func (r *reference) match(line []byte) (bool, error) {
	for _, sub := range r.any {
		if ok, err := sub.match(line); ok || err != nil {
			return ok, err
		}
	}
	if r.bt != nil {
		s, _, err := r.bt.Next(line)
		return s >= 0, err
	}
	if r.tree == nil {
		return false, nil
	}
	rm := &refMatcher{line: line, o: r.o, budget: 1 << 16}
	s, _ := rm.find(r.tree, 0)
	return s >= 0, rm.err()
}

// each returns the non-empty matches of a line, as grep -o prints them;
// ok is false where the reference has no say (several patterns,
// regexp2).
func (r *reference) each(line []byte) (locs [][2]int, ok bool, err error) {
	subs := r.any
	if subs == nil {
		subs = []*reference{r}
	}
	ms := make([]*refMatcher, len(subs))
	for i, sub := range subs {
		if sub.tree == nil {
			return nil, false, nil
		}
		ms[i] = &refMatcher{line: line, o: sub.o, budget: 1 << 16}
	}
	// Of the patterns' first non-empty matches from at, the leftmost,
	// and of those the longest, as grep -o takes them.
	for at := 0; at <= len(line); {
		bs, be := -1, -1
		for i, sub := range subs {
			s, e := ms[i].nonEmpty(sub.tree, at)
			if s >= 0 && (bs < 0 || s < bs || s == bs && e > be) {
				bs, be = s, e
			}
		}
		if bs < 0 {
			break
		}
		locs = append(locs, [2]int{bs, be})
		at = be
	}
	for _, m := range ms {
		if err := m.err(); err != nil {
			return nil, true, err
		}
	}
	return locs, true, nil
}

// nonEmpty is find's first non-empty match at or after at.
func (m *refMatcher) nonEmpty(tree *syntax.Regexp, at int) (int, int) {
	for at <= len(m.line) {
		s, e := m.find(tree, at)
		if s < 0 || e > s {
			return s, e
		}
		_, w, _ := m.char(s)
		at = s + max(w, 1)
	}
	return -1, -1
}

// refMatcher interprets a parse tree over one line by backtracking,
// leftmost-first as Perl: simple enough to be right by reading, slow
// enough to be used on short texts only.
type refMatcher struct {
	line   []byte
	o      Options
	budget int
}

func (m *refMatcher) err() error {
	if m.budget < 0 {
		return errBudget
	}
	return nil
}

// char returns the character at i: the byte in the C locale, else the
// UTF-8 character, ok false for a byte that is not UTF-8 (and at the end).
func (m *refMatcher) char(i int) (r rune, w int, ok bool) {
	if i >= len(m.line) {
		return 0, 0, false
	}
	if c := m.line[i]; !m.o.UTF8 && c >= utf8.RuneSelf {
		return base.ByteRune(c), 1, true // as the C locale reads the pattern
	} else if !m.o.UTF8 {
		return rune(c), 1, true
	}
	r, w = utf8.DecodeRune(m.line[i:])
	return r, w, r != utf8.RuneError || w > 1
}

// wordAt says whether the character at i, or before i (before), is a word
// character: ASCII's in the C locale, Unicode's letters and digits under
// UTF-8 (-w's rule; \b in the trees here is ASCII's, see asciiWordAt).
func (m *refMatcher) wordAt(i int, before bool) bool {
	if before {
		if i == 0 {
			return false
		}
		if !m.o.UTF8 {
			return base.IsWord(m.line[i-1])
		}
		r, w := utf8.DecodeLastRune(m.line[:i])
		return (r != utf8.RuneError || w > 1) && base.IsWordRune(r)
	}
	r, _, ok := m.char(i)
	if !ok {
		return false
	}
	if !m.o.UTF8 {
		return r < utf8.RuneSelf && base.IsWord(byte(r))
	}
	return base.IsWordRune(r)
}

// asciiWordAt is wordAt for Go's \b, which reads ASCII words.
func (m *refMatcher) asciiWordAt(i int) bool {
	return i >= 0 && i < len(m.line) && base.IsWord(m.line[i])
}

// find returns the leftmost-first match of tree at or after at, as
// grep -P bounded by -w and -x finds it; -1, -1 when there is none.
func (m *refMatcher) find(tree *syntax.Regexp, at int) (int, int) {
	for s := at; s <= len(m.line); {
		if m.o.Line && s > 0 {
			break
		}
		if s == 0 && m.o.UTF8 && !m.o.Fixed && len(m.line) > 0 && base.StartsNowhere(m.line[0]) {
			// PCRE2 starts past a byte that starts no UTF-8 sequence
			// (grep -F, whose -w and -x are its own, does not).
			s = 1
			continue
		}
		end := -1
		if !m.o.Word || !m.wordAt(s, true) {
			m.run(tree, s, func(e int) bool {
				if m.o.Line && e != len(m.line) || m.o.Word && m.wordAt(e, false) {
					return false
				}
				end = e
				return true
			})
		}
		if end >= 0 {
			return s, end
		}
		if m.budget < 0 {
			return -1, -1
		}
		_, w, _ := m.char(s)
		s += max(w, 1)
	}
	return -1, -1
}

// run matches re at i, calling k with each place it can end, in Perl's
// order of preference, until k accepts one.
func (m *refMatcher) run(re *syntax.Regexp, i int, k func(int) bool) bool {
	if m.budget--; m.budget < 0 {
		return false
	}
	switch re.Op {
	case syntax.OpNoMatch:
		return false
	case syntax.OpEmptyMatch:
		return k(i)
	case syntax.OpLiteral:
		for _, want := range re.Rune {
			r, w, ok := m.char(i)
			if !ok || !m.sameChar(r, want, re.Flags&syntax.FoldCase != 0) {
				return false
			}
			i += w
		}
		return k(i)
	case syntax.OpCharClass:
		r, w, ok := m.char(i)
		return ok && parsed.ClassHas(re.Rune, r) && k(i+w)
	case syntax.OpAnyCharNotNL, syntax.OpAnyChar:
		r, w, ok := m.char(i)
		return ok && r != '\n' && k(i+w)
	case syntax.OpBeginLine, syntax.OpBeginText:
		return i == 0 && k(i)
	case syntax.OpEndLine, syntax.OpEndText:
		return i == len(m.line) && k(i)
	case syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		b := m.asciiWordAt(i-1) != m.asciiWordAt(i)
		return b == (re.Op == syntax.OpWordBoundary) && k(i)
	case syntax.OpCapture:
		return m.run(re.Sub[0], i, k)
	case syntax.OpConcat:
		return m.concat(re.Sub, i, k)
	case syntax.OpAlternate:
		for _, sub := range re.Sub {
			if m.run(sub, i, k) {
				return true
			}
		}
		return false
	case syntax.OpStar:
		return m.repeat(re.Sub[0], 0, -1, re.Flags&syntax.NonGreedy != 0, i, k)
	case syntax.OpPlus:
		return m.repeat(re.Sub[0], 1, -1, re.Flags&syntax.NonGreedy != 0, i, k)
	case syntax.OpQuest:
		return m.repeat(re.Sub[0], 0, 1, re.Flags&syntax.NonGreedy != 0, i, k)
	case syntax.OpRepeat:
		return m.repeat(re.Sub[0], re.Min, re.Max, re.Flags&syntax.NonGreedy != 0, i, k)
	}
	panic(fmt.Sprintf("reference: op %v", re.Op))
}

func (m *refMatcher) concat(subs []*syntax.Regexp, i int, k func(int) bool) bool {
	if len(subs) == 0 {
		return k(i)
	}
	return m.run(subs[0], i, func(j int) bool { return m.concat(subs[1:], j, k) })
}

// repeat matches sub from min to max times (max < 0: no bound), greedy
// or not; an iteration past min that matches empty ends the loop, as in
// Perl.
func (m *refMatcher) repeat(sub *syntax.Regexp, min, max int, lazy bool, i int, k func(int) bool) bool {
	if min > 0 {
		return m.run(sub, i, func(j int) bool {
			return m.repeat(sub, min-1, max-1, lazy, j, k)
		})
	}
	if max == 0 {
		return k(i)
	}
	more := func() bool {
		return m.run(sub, i, func(j int) bool {
			return j > i && m.repeat(sub, 0, max-1, lazy, j, k)
		})
	}
	if lazy {
		return k(i) || more()
	}
	return more() || k(i)
}

// sameChar reports whether r is want, or under fold its case partner:
// ASCII letters only in the C locale, Unicode's simple folding under
// UTF-8.
func (m *refMatcher) sameChar(r, want rune, fold bool) bool {
	if r == want {
		return true
	}
	if !fold {
		return false
	}
	if !m.o.UTF8 {
		return r < utf8.RuneSelf && want < utf8.RuneSelf && unicode.IsLetter(r) && r|0x20 == want|0x20
	}
	for f := unicode.SimpleFold(want); f != want; f = unicode.SimpleFold(f) {
		if f == r {
			return true
		}
	}
	return false
}
