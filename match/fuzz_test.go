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
	for _, seed := range []struct {
		pattern, text string
		flags         uint8
	}{
		{"absent", "a line\nanother line", 0},
		{"Error(", "x := fooError(1)\nError\nbarError(\n", 0},
		{`\w+Error\(`, "x := fooError(1)\nError(\nbar_Error(x)", 0},
		{`[A-Z]\w*Error\(x+`, "NewError(x\nnewError(x FooError(xx\nFooéError(x", 0},
		{"copyright", "Copyright 2009\nCOPYRIGHT\ncopy right\nxcopyrightx", 1},
		{"copyright", "Copyright 2009\nCOPYRIGHT\ncopy right\nxcopyrightx", 0},
		{"word", "word\nswordfish\nword_\n(word)\nwords word", 2},
		{`panic|fatal|deadline|unreachable|todo`, "panic(x)\nlog.Fatal\nDEADLINE\nreach\ntodo", 1},
		{`(panic|fatal)`, "panic(x)\nfatalf\nfa\ntal", 2},
		// Texts past 34 bytes, for teddy's and the pairs' vector scans.
		{`case|cap|chan|const|continue|default|defer|go|goto`, strings.Repeat("x cas ca c\n", 5) + "default:\n\tgoto L\nCASE chan", 1},
		{`(x|y)z|[ab]c`, strings.Repeat("xy ab ", 8) + "yz\nbc\nxZ", 0},
		{`(?i:abc)X|(?i:def)Y|(?i:ghi)Z`, strings.Repeat("ABCx DEFy ", 5) + "\nabcX\nGHIz ghiZ", 0},
		{"line", "line\n line\nline \nline", 4},
		{`a.b`, "a\nb\naxb\na\u00e9b", 0},
		{`^\s+//`, "\t// c\n  //x\nx // y\n//", 0},
		{`^\s*//\s*\w+$`, "// ok\n  //ok x\n x//y\n//", 0},
		{`^ +<`, "  <a>\n<b>\n x <\n" + strings.Repeat(" ", 70) + "<c\n\t<d", 0},
		{`\s{2,}$`, "a  \nb \n\t\t\n\n  x\n \r", 0},
		{`^\s*\[x`, "[x\n  [x]\n y [x\n" + strings.Repeat("\t", 90) + "[x\n", 0},
		{`\b[A-Z][A-Z0-9_]{3,}\b`, "x := MAX_LEN\nxMAXLEN\nAB CD\nABCD\xe9", 0},
		{`[0-9a-f]{8}`, "deadbeef\ndeadbee\n0123456789abcdef", 4},
		{`[a-z]+ing\b`, "string thing\nsing\ninGing", 1},
		{`(?<=x)y`, "xy\nyx\nxxyy", 0},
		{`\w+(?=Err\()`, "fooErr(\nErr(\nx Err(", 0},
		{`(?<=\$)\w+(?=\))`, "$(foo)\n$foo)\n(foo)", 1},
		{`(?<!a)b(?!c)`, "ab\nb\ncbc\ndb", 0},
		{`(foo)\1`, "foofoo\nfoo foo", 2},
		{"a+b", "a+b\naab", 8},
		{"x\ny", "x\ny\nz", 0},
		{`\Aab$`, "ab\nab\nabc", 0},
		{"\xff\xfe", "\xff\xfe\n\xfe\xff\xfe", 0},
		{`K`, "\u212a\nk\nK", 1},
		{"", "\n\nx", 2},
		// Several patterns, of both engines.
		{"(a)\\1\nb+", "aa\nb\nab\nxyz", 0},
		{"(?<=x)y\nfoo\n(?x) z # c", "xy\nfoo\nyz\nz", 2},
		{"ab\nabc\nbcd", "abcd\nab\nbc", 9},
		// Under UTF-8 (flag 16): Unicode word characters and letters.
		{`r\w`, "Perú\nrx\nr_", 16},
		{`.\b`, "Perú\néa ü\n\xffa", 16},
		{`[[:alpha:]]+`, "éa ü\n12\nΣίσυφος", 16},
		{"a", "xéx éa\na\néa", 26},
		{`\w+`, "naïve café\n\xe9t\xe9", 18},
		// Lines of ASCII decided in the C locale, the others under
		// UTF-8, past the split's first window.
		{`\b[A-Z][A-Z0-9_]{3,}\b`, strings.Repeat("x := MAX_LEN\n", 90) + "ÉCOLE_X\n" + strings.Repeat("y", 1100) + "MAXÉ\nAB_CD", 16},
		{`\w+Error\(`, strings.Repeat("fooError(\n", 120) + "éError(\nxError(é", 16},
		{`a.`, strings.Repeat("ab ", 400) + "\néa ab\naé", 18},
		// Bytes that are not UTF-8 match themselves alone under UTF-8.
		{"\x80", "\xd2", 26},
		{"00\xe1", "00\xc3 ", 26},
		{"(?<=a)\\\xff|b(?=\xfe)", "a\xff\nb\xfe\na\xfe\nb\xff", 16},
		{`(?<=a)[^\x{FFFD}]`, "a\xff\naé\na\uFFFD", 16},
		// The locale's rule: bytes in the C locale, characters under
		// UTF-8 where a byte that is not UTF-8 matches nothing.
		{`é?x`, "x\n\xc3x\néx\n\xe9x", 0},
		{`a.b|[^ ]{3}`, "a\u263ab\na\xffb\n\xe2\x98\xba", 0},
		{`a.b|[^ ]{3}`, "a\u263ab\na\xffb\n\xe2\x98\xba", 16},
		{`^|caf.$`, "caf\xe9\n\x80x\n\xc3\ncafé", 16},
		{`\xe9+`, "\xe9\xe9\n\xc9\né", 1},
		{`s`, "\u017f\nS", 17},
		{"a.b\né+", "a\u263ab aéb\néé\n\xe9\xe9 a\xffb", 0},
		{"a.b\né+", "a\u263ab aéb\néé\n\xe9\xe9 a\xffb", 16},
		{"caf.\n[^ ]{2}", "caf\xe9 café\nab \xff\xfe", 17},
		// Many (flag 32): words, and regexes that begin with literals.
		{"abcd\nbc\nab\nfoo", "xabcdx\nfoobar foo\nab bc", 32},
		{"abcd\nbc\nab\nfoo", "xabcdx\nfoobar foo\nab bc", 34},
		{"abcd\nbc\nab\nfoo", "abcd\nfoo\nFOO\n foo", 45},
		{"stra\u00dfe\nk", "STRASSE stra\u00dfe\n\u212a\nK", 49},
		{"foo\\w*[0-9]\n(?i)bar\\s+\\d+", "foox1 BAR 12\nfoo bar\nbar 3", 32},
		{"foo\\w*[0-9]\n(?i)bar\\s+\\d+", "fooé1 BAR 12\nfoo bar\n\u00e9bar 3", 48},
	} {
		f.Add(seed.pattern, seed.text, seed.flags)
	}
	f.Fuzz(func(t *testing.T, pattern, text string, flags uint8) {
		if len(pattern) > 64 || len(text) > 4096 {
			return
		}
		// A hang is a failure too: the fuzzer keeps the input that
		// killed its worker.
		done := make(chan struct{})
		defer close(done)
		go func() {
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				panic(fmt.Sprintf("FuzzMatcher stuck on pattern %q, text %q, flags %d", pattern, text, flags))
			}
		}()
		o := Options{IgnoreCase: flags&1 != 0, Word: flags&2 != 0, Line: flags&4 != 0, Fixed: flags&8 != 0,
			UTF8:    flags&16 != 0,
			Timeout: 50 * time.Millisecond}
		if flags&32 != 0 {
			// Many patterns: past Teddy's, the Aho-Corasick scans of
			// words and of regexes' heads. Only sets that take them:
			// the others go to the joined alternation, whose compile
			// (Go's printing of a large class, once per copy) is slow
			// enough with 65 copies to pass the time limit below.
			if len(text) > 256 || !headedLines(pattern, flags&8 != 0) {
				return
			}
			if flags&8 == 0 && flags&6 != 0 {
				return // -w and -x regexes go to the joined alternation too (see aho.NewHeaded)
			}
			pattern = manyPatterns(pattern)
		}
		if o.Fixed && o.Word && o.UTF8 && !utf8.ValidString(pattern) {
			// The reference takes a byte that is no character for a
			// character of its own; grep, and urg, find it inside one:
			// printf '\xc3\xa9\n' | LC_ALL=C.UTF-8 grep -F -w $'\xc3'
			// selects the line.
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
		var want []int
		for i, line := range bytes.Split([]byte(text), []byte("\n")) {
			ok, err := ref.match(line)
			if err != nil {
				return
			}
			if ok {
				want = append(want, i)
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("pattern %q, %+v, engine %s, text %q:\nselected lines %v, the reference selects %v",
				pattern, o, m.Engine(), text, got, want)
		}
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
	})
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
