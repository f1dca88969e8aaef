package match

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"urg/match/internal/matchtest"
)

// The expected results below were taken from GNU grep 3.8 run as
// `LC_ALL=C grep -P [-w] [-x] [-i] [-o] -n PATTERN`, with -F emulated by
// quoting the pattern, and multiple patterns run one at a time (a line
// matches when one does; several_test.go has how their matches combine).

func mustCompile(t *testing.T, patterns []string, o Options) Matcher {
	t.Helper()
	m, err := Compile(patterns, o)
	if err != nil {
		t.Fatalf("Compile(%q, %+v): %v", patterns, o, err)
	}
	return m
}

func TestEngine(t *testing.T) {
	tests := []struct {
		name     string
		patterns []string
		opts     Options
		engine   string
		minLen   int
	}{
		{"plain literal", []string{"foo"}, Options{}, "literal", 3},
		{"one byte literal", []string{"a"}, Options{}, "literal", 1},
		{"empty pattern", []string{""}, Options{}, "literal", 0},
		{"escaped metacharacter", []string{`\.go`}, Options{}, "literal", 3},
		{"quoted span", []string{`a\Qb.c\E`}, Options{}, "literal", 4},
		{"hex escapes", []string{`\x41\x42`}, Options{}, "literal", 2},
		{"fixed string with metacharacters", []string{"a.b"}, Options{Fixed: true}, "literal", 3},
		{"fixed string with backslash", []string{`a\nb`}, Options{Fixed: true}, "literal", 4},
		{"literal under -w", []string{"foo"}, Options{Word: true}, "literal", 3},
		{"literal under -x", []string{"foo"}, Options{Line: true}, "literal", 3},
		{"literal under -i", []string{"foo"}, Options{IgnoreCase: true}, "regexp+literal", 3},
		{"inline case folding", []string{"(?i)foo"}, Options{}, "regexp+literal", 3},
		{"-i letter alone", []string{"k"}, Options{IgnoreCase: true}, "regexp+byte class", 1},
		{"required literal", []string{"foo.*bar"}, Options{}, "regexp+literal (non-ASCII lines: automaton over bytes)", 6},
		{"anchored literal", []string{"^foo$"}, Options{}, "regexp+literal", 3},
		{"literal after repeat", []string{"x{2}yz"}, Options{}, "regexp+literal", 4},
		{"one byte required literal is not worth it", []string{"a.c"}, Options{}, "regexp (non-ASCII lines: automaton over bytes)", 3},
		{"plus", []string{"ab+"}, Options{}, "regexp", 2},
		{"digits", []string{`\d+`}, Options{}, "regexp+byte class", 1},
		{"class", []string{"[ab]c+"}, Options{}, "regexp+dfa", 2},
		{"alternation", []string{"foo|bar"}, Options{}, "regexp+literals", 3},
		{"alternation with shorter branch", []string{"a|bc"}, Options{}, "regexp+dfa", 1},
		{"repeat", []string{"a{3}"}, Options{}, "regexp+literal", 3},
		{"star", []string{"a*"}, Options{}, "regexp+dfa", 0},
		{"empty line", []string{"^$"}, Options{}, "regexp+line shape", 0},
		{"optional", []string{"ab?"}, Options{}, "regexp", 1},
		{"multiple patterns", []string{"foo", "bar"}, Options{}, "regexp+literals", 3},
		{"multiple fixed strings", []string{"foo", "b.r"}, Options{Fixed: true}, "regexp+literals", 3},
		{"newline separates patterns", []string{"foo\nbar"}, Options{}, "regexp+literals", 3},
		{"one pattern among empties", []string{"foo", ""}, Options{}, "regexp+dfa", 0},
		{"empty pattern under -w", []string{""}, Options{Word: true}, "regexp+dfa (non-ASCII lines: automaton over bytes)", 0},
		{"regexp under -w", []string{"a.c"}, Options{Word: true}, "regexp (non-ASCII lines: automaton over bytes)", 3},
		{"regexp under -x", []string{"a.c"}, Options{Line: true}, "regexp+dfa (non-ASCII lines: automaton over bytes)", 3},
		{"escaped newline", []string{`a\nb`}, Options{}, "regexp+dfa", 0},
		{"lookbehind at the start", []string{"(?<=a)b"}, Options{}, "regexp+literal (regexp2 for -o)", 2},
		{"lookahead at the end", []string{`\w+(?=Error\()`}, Options{}, "regexp+literal (regexp2 for -o)", 7},
		{"lookbehind at the start, -w", []string{"(?<=a)b"}, Options{Word: true}, "regexp2", 0},
		{"lookbehind at the start, -x", []string{"(?<=a)b"}, Options{Line: true}, "regexp2", 0},
		{"lookbehind at the start, not ASCII", []string{"(?<=a).b"}, Options{}, "regexp2", 0},
		{"lookbehind in the middle", []string{"x(?<=a)b"}, Options{}, "regexp2+literal", 0},
		{"negative lookahead", []string{"a(?!b)"}, Options{}, "regexp2", 0},
		{"lookahead", []string{"(?=x)"}, Options{}, "regexp (regexp2 for -o)", 1},
		{"backreference", []string{`(a)\1`}, Options{}, "regexp2", 0},
		{"named backreference", []string{`(?<n>a)\k<n>`}, Options{}, "regexp2", 0},
		{"atomic group", []string{"(?>a+)b"}, Options{}, "regexp2", 0},
		{"lookaround with -i", []string{"(?<=a)b"}, Options{IgnoreCase: true}, "regexp+literal (regexp2 for -o)", 2},
		{"one pattern needs backtracking", []string{"foo", "(?<=a)b"}, Options{}, "literal, regexp+literal (regexp2 for -o)", 2},
		{"catastrophic for a backtracker, linear for RE2", []string{"(a+)+$"}, Options{}, "regexp", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := mustCompile(t, tt.patterns, tt.opts)
			if got := m.Engine(); got != tt.engine {
				t.Errorf("Engine() = %q, want %q", got, tt.engine)
			}
			if got := m.MinLen(); got != tt.minLen {
				t.Errorf("MinLen() = %d, want %d", got, tt.minLen)
			}
		})
	}
}

func TestNextBounds(t *testing.T) {
	tests := []struct {
		name       string
		pattern    string
		opts       Options
		text       string
		start, end int
	}{
		{"literal on second line", "foo", Options{}, "a\nfoo\nb", 2, 5},
		{"whole text", "foo", Options{}, "foo", 0, 3},
		{"first of several matching lines", "b", Options{}, "aaa\nabc\nb", 4, 7},
		{"match at the end of a line", "c", Options{}, "xx\nabc\nd", 3, 6},
		{"last line", "d", Options{}, "xx\nabc\nd", 7, 8},
		{"no match", "x", Options{}, "a\nb\nc", -1, -1},
		{"empty text is one empty line", "", Options{}, "", 0, 0},
		{"empty text matches ^$", "^$", Options{}, "", 0, 0},
		{"empty text holds no x", "x", Options{}, "", -1, -1},
		{"empty line in the middle", "^$", Options{}, "a\n\nb", 2, 2},
		{"empty last line", "^$", Options{}, "a\nb\n", 4, 4},
		{"empty pattern selects the first line", "", Options{}, "abc\ndef", 0, 3},
		{"empty pattern under -x skips non-empty lines", "", Options{Line: true}, "abc\n\ndef", 4, 4},
		{"regexp", "b.d", Options{}, "abc\nabcd\nbxd", 4, 8},
		{"regexp with prefilter", "foo.*bar", Options{}, "foo\nbar\nfoo bar", 8, 15},
		{"prefilter hit on a line that does not match", "foo.*bar", Options{}, "bar foo\nfoo-bar", 8, 15},
		{"regexp2", "(?<=a)b", Options{}, "b\nab", 2, 4},
		{"-x literal", "foo", Options{Line: true}, "foox\nfoo", 5, 8},
		{"-w literal", "foo", Options{Word: true}, "foobar\nfoo bar", 7, 14},
		{"-w regexp", "fo+", Options{Word: true}, "foobar\nxfoo\nfoo.", 12, 16},
		{"-i", "foo", Options{IgnoreCase: true}, "bar\nFOO", 4, 7},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := mustCompile(t, []string{tt.pattern}, tt.opts)
			s, e, err := m.Next([]byte(tt.text))
			if err != nil {
				t.Fatalf("Next: %v", err)
			}
			if s != tt.start || e != tt.end {
				t.Errorf("Next(%q) = %d, %d, want %d, %d", tt.text, s, e, tt.start, tt.end)
			}
		})
	}
}

// linesCase is a text, the patterns and options to compile, and the
// lines, numbered, the matcher must select in it.
type linesCase struct {
	name     string
	patterns []string
	opts     Options
	text     string
	want     []string
}

// checkLines runs each case as a subtest.
func checkLines(t *testing.T, tests []linesCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := mustCompile(t, tt.patterns, tt.opts)
			got := matchtest.Lines(t, m, tt.text)
			if !slices.Equal(got, tt.want) {
				t.Errorf("%s matcher on %q:\n got %q\nwant %q", m.Engine(), tt.text, got, tt.want)
			}
		})
	}
}

func TestNextLines(t *testing.T) {
	checkLines(t, []linesCase{
		// No match spans a newline, whatever the pattern says.
		{"\\s does not match a newline", []string{`\s`}, Options{}, "a\nb", nil},
		{"\\s between lines", []string{`a\sb`}, Options{}, "a\nb\na b", []string{"3:a b"}},
		{"negated class does not match a newline", []string{"a[^x]b"}, Options{}, "a\nb\naxb\nayb", []string{"4:ayb"}},
		{"negated class alone", []string{"[^a]"}, Options{}, "a\na\nab", []string{"3:ab"}},
		{"dot with s flag", []string{"(?s)a.b"}, Options{}, "a\nb", nil},
		{"dot with s flag on one line", []string{"(?s)a.*"}, Options{}, "ab\nb", []string{"1:ab"}},
		{"[\\s\\S]", []string{`a[\s\S]b`}, Options{}, "a\nb", nil},
		{"[^\\n] on empty lines", []string{`[^\n]`}, Options{}, "\n\nx", []string{"3:x"}},
		{"s flag dot on empty lines", []string{"(?s)."}, Options{}, "\n\nx", []string{"3:x"}},
		{"s flag whole line matches empty lines", []string{"(?s)^.*$"}, Options{}, "\n", []string{"1:", "2:"}},
		{"POSIX space class", []string{"[[:space:]]"}, Options{}, "a\nb", nil},
		{"negated POSIX class", []string{"[^[:alpha:]]"}, Options{}, "a\nb", nil},
		{"\\D", []string{`\D`}, Options{}, "1\n2", nil},
		{"\\W", []string{`\W`}, Options{}, "a\nb", nil},
		{"\\S on empty lines", []string{`\S`}, Options{}, "\n\n", nil},
		// Text anchors act on each line.
		{"\\A", []string{`\Ab`}, Options{}, "a\nb\nab", []string{"2:b"}},
		{"\\z", []string{`a\z`}, Options{}, "a\nb\nba", []string{"1:a", "3:ba"}},
		{"\\Z", []string{`a\Z`}, Options{}, "ba\nab", []string{"1:ba"}},
		{"^", []string{"^b"}, Options{}, "ab\nb", []string{"2:b"}},
		{"$", []string{"a$"}, Options{}, "ab\na", []string{"2:a"}},
		{"multiline ^", []string{"(?m)^a"}, Options{}, "ba\nab", []string{"2:ab"}},
		{"lookbehind for line start", []string{"(?<=^)a"}, Options{}, "ba\nab", []string{"2:ab"}},
		{"^ matches every line", []string{"^"}, Options{}, "abc\n", []string{"1:abc", "2:"}},
		{"$ matches every line", []string{"$"}, Options{}, "abc\n", []string{"1:abc", "2:"}},
		{"\\b", []string{`\b`}, Options{}, "abc\n\n  ", []string{"1:abc"}},
		// A newline in the pattern never matches.
		{"escaped newline", []string{`a\nb`}, Options{}, "a\nb", nil},
		{"escaped newline alone", []string{`\n`}, Options{}, "a\nb", nil},
		{"newline class", []string{`[\n]`}, Options{}, "a\nb", nil},
		{"hex newline", []string{`\x0a`}, Options{}, "a\nb", nil},
		{"octal newline", []string{`\012`}, Options{}, "a\nb", nil},
		{"lookbehind for a newline", []string{`(?<=\n)b`}, Options{}, "a\nb", nil},
		{"lookahead for a newline", []string{`a(?=\n)`}, Options{}, "a\nb", nil},
		{"lookahead for space at line end", []string{`a(?=\s)`}, Options{}, "a\nb", nil},
		{"escaped newline as a fixed string", []string{`a\nb`}, Options{Fixed: true}, "a\\nb\nanb", []string{"1:a\\nb"}},
	})
}

func TestNextLinesPlain(t *testing.T) {
	checkLines(t, []linesCase{
		// Plain patterns.
		{"literal", []string{"foo"}, Options{}, "foo\nbar\nxfoo", []string{"1:foo", "3:xfoo"}},
		{"empty pattern", []string{""}, Options{}, "a\n\nb", []string{"1:a", "2:", "3:b"}},
		{"empty pattern -x", []string{""}, Options{Line: true}, "a\n\nb", []string{"2:"}},
		{"empty pattern -w", []string{""}, Options{Word: true}, "a\n\nb\n \nabc", []string{"2:", "4: "}},
		{"^$", []string{"^$"}, Options{}, "a\n\nb\n", []string{"2:", "4:"}},
		{"alternation", []string{"a|b"}, Options{}, "abc\nxyz\nb", []string{"1:abc", "3:b"}},
		{"empty repeat", []string{"a{0}"}, Options{}, "abc", []string{"1:abc"}},
		{"comment", []string{"(?#comment)a"}, Options{}, "a\nb", []string{"1:a"}},
		{"extended syntax", []string{"(?x) f o o # c"}, Options{}, "foo\nf o o", []string{"1:foo"}},
		{"inline flag in the middle", []string{"a(?i)b"}, Options{}, "aB\nAb", []string{"1:aB"}},
		{"control escape", []string{`\cA`}, Options{}, "\x01\nA", []string{"1:\x01"}},
		{"escape", []string{`\e`}, Options{}, "\x1b\ne", []string{"1:\x1b"}},
		{"NUL escape", []string{`\0`}, Options{}, "\x00\n0", []string{"1:\x00"}},
		{"POSIX negated class", []string{"[[:^alpha:]]"}, Options{}, "ab\na1", []string{"2:a1"}},
		{"unicode class on ASCII", []string{`\pL`}, Options{}, "a\n1", []string{"1:a"}},
		{"literal brace", []string{"a{,3}"}, Options{}, "a{,3}\naaa", []string{"1:a{,3}"}},
		{"lazy repeat", []string{"x{2,}?"}, Options{}, "x\nxxx", []string{"2:xxx"}},
	})
}

func TestNextLinesCaseAndFixed(t *testing.T) {
	checkLines(t, []linesCase{
		// -i
		{"-i literal", []string{"foo"}, Options{IgnoreCase: true}, "FOO\nfOo\nbar", []string{"1:FOO", "2:fOo"}},
		{"-i alternation", []string{"a", "B"}, Options{IgnoreCase: true}, "A\nb\nc", []string{"1:A", "2:b"}},
		{"-i fixed string", []string{"A.B"}, Options{IgnoreCase: true, Fixed: true}, "a.b\nA.B\naxb", []string{"1:a.b", "2:A.B"}},
		{"-i does not fold the Kelvin sign", []string{"k"}, Options{IgnoreCase: true}, "K\n\u212a", []string{"1:K"}},
		{"-i does not fold the long s", []string{"s"}, Options{IgnoreCase: true}, "S\n\u017f", []string{"1:S"}},
		{"-i class does not fold the Kelvin sign", []string{"[k]"}, Options{IgnoreCase: true}, "K\n\u212a", []string{"1:K"}},
		{"-i range does not fold the Kelvin sign", []string{"[a-z]"}, Options{IgnoreCase: true}, "K\n\u212a", []string{"1:K"}},
		{"-i with lookbehind", []string{"(?<=a)b"}, Options{IgnoreCase: true}, "AB\nb", []string{"1:AB"}},
		// -F
		{"-F dot", []string{"a.b"}, Options{Fixed: true}, "a.b\naxb", []string{"1:a.b"}},
		{"-F all metacharacters", []string{`(a)*+?[]{}^$|\`}, Options{Fixed: true}, "x(a)*+?[]{}^$|\\y\n(a)", []string{`1:x(a)*+?[]{}^$|\y`}},
		{"-F -x", []string{"a.b"}, Options{Fixed: true, Line: true}, "a.b\nxa.b\naxb", []string{"1:a.b"}},
		{"-F -w", []string{"foo"}, Options{Fixed: true, Word: true}, "foo\nfoobar", []string{"1:foo"}},
		{"-F empty", []string{""}, Options{Fixed: true}, "a\n\nb", []string{"1:a", "2:", "3:b"}},
		{"-F empty -x", []string{""}, Options{Fixed: true, Line: true}, "a\n\nb", []string{"2:"}},
		{"-F empty -w", []string{""}, Options{Fixed: true, Word: true}, "a\n\n b", []string{"2:", "3: b"}},
		{"-F several", []string{"a.b", "(c)"}, Options{Fixed: true}, "a.b\n(c)\nc\naxb", []string{"1:a.b", "2:(c)"}},
	})
}

func TestNextLinesSeveral(t *testing.T) {
	checkLines(t, []linesCase{
		// Several patterns.
		{"two patterns", []string{"foo", "bar"}, Options{}, "foo\nbar\nbaz", []string{"1:foo", "2:bar"}},
		{"newline-separated patterns", []string{"foo\nbar"}, Options{}, "foo\nbar\nbaz", []string{"1:foo", "2:bar"}},
		{"two patterns -w", []string{"foo", "bar"}, Options{Word: true}, "foo\nbarx\nbaz", []string{"1:foo"}},
		{"two patterns -x", []string{"foo", "bar"}, Options{Line: true}, "foo\nbarx\nbar", []string{"1:foo", "3:bar"}},
		{"prefix patterns -x", []string{"a", "ab"}, Options{Line: true}, "ab\na\nabc", []string{"1:ab", "2:a"}},
		{"two patterns -w a b", []string{"a", "b"}, Options{Word: true}, "ab\nb a\nxb", []string{"2:b a"}},
		{"pattern needing backtracking among others", []string{"a", "(?<=c)d"}, Options{}, "a\ncd\nd", []string{"1:a", "2:cd"}},
		{"an empty pattern among others", []string{"x", ""}, Options{}, "a\n\nb", []string{"1:a", "2:", "3:b"}},
	})
}

func TestNextLinesWordAndLine(t *testing.T) {
	checkLines(t, []linesCase{
		// -w: the match must neither follow nor precede a word character.
		{"-w \\.go", []string{`\.go`}, Options{Word: true}, "a.go\nx .go\n.go\n.gox", []string{"2:x .go", "3:.go"}},
		{"-w literal", []string{"foo"}, Options{Word: true}, "foobar foo\nfoobar\n_foo\nfoo_\n(foo)", []string{"1:foobar foo", "5:(foo)"}},
		{"-w literal with space", []string{"foo bar"}, Options{Word: true}, "foo bar\nxfoo bar", []string{"1:foo bar"}},
		{"-w leading non-word", []string{"-foo"}, Options{Word: true}, "a-foo\n--foo-", []string{"2:--foo-"}},
		{"-w non-word only", []string{"@"}, Options{Word: true}, "a@b\n@\n @ \n@b", []string{"2:@", "3: @ "}},
		{"-w retries a shorter match", []string{`foo\w*`}, Options{Word: true}, "foobar foo", []string{"1:foobar foo"}},
		{"-w first alternative fails", []string{"a|ab"}, Options{Word: true}, "ab a\nab\nabc", []string{"1:ab a", "2:ab"}},
		{"-w greedy", []string{"a.*"}, Options{Word: true}, "ab a\nab\nxab", []string{"1:ab a", "2:ab"}},
		{"-w later occurrence", []string{"o"}, Options{Word: true}, "foo o\nfoo", []string{"1:foo o"}},
		{"-w plus", []string{"b+"}, Options{Word: true}, "abbb bb\nabbb", []string{"1:abbb bb"}},
		{"-w digits", []string{`\d+`}, Options{Word: true}, "a12 34 5b\na1", []string{"1:a12 34 5b"}},
		{"-w empty match", []string{"x*"}, Options{Word: true}, "abc\n\nx", []string{"2:", "3:x"}},
		{"-w lookbehind", []string{"(?<=a)b"}, Options{Word: true}, "ab b\nab", nil},
		{"-w lookahead", []string{"a(?=b)"}, Options{Word: true}, "ab a", nil},
		{"-w backreference", []string{`(a)\1`}, Options{Word: true}, "aa\naab", []string{"1:aa"}},
		{"-w alternation order", []string{"(?:a|ab)(?:c|bcd)"}, Options{Word: true}, "abcd\nabcdx", []string{"1:abcd"}},
		{"-w \\w+@", []string{`\w+@`}, Options{Word: true}, "ab@ cd@x\nab@c", []string{"1:ab@ cd@x"}},
		// -x: the match must be the whole line.
		{"-x literal", []string{"a"}, Options{Line: true}, "aa\na\nba", []string{"2:a"}},
		{"-x alternation prefers a later branch", []string{"ab|abc"}, Options{Line: true}, "abc\nab\nabcd", []string{"1:abc", "2:ab"}},
		{"-x plus", []string{"a+"}, Options{Line: true}, "aaa\naab", []string{"1:aaa"}},
		{"-x empty branch", []string{"a|"}, Options{Line: true}, "a\n\nb", []string{"1:a", "2:"}},
		{"-x nested alternation", []string{"(?:a|ab)(?:c|bcd)"}, Options{Line: true}, "abcd\nac\nabc", []string{"1:abcd", "2:ac", "3:abc"}},
		{"-x backreference", []string{`(a)\1`}, Options{Line: true}, "aa\naab", []string{"1:aa"}},
	})
}

func TestNextLinesBacktrack(t *testing.T) {
	checkLines(t, []linesCase{
		// Patterns that need backtracking.
		{"backreference", []string{`(a)\1`}, Options{}, "aa\nab\nbaab", []string{"1:aa", "3:baab"}},
		{"named backreference", []string{`(?<n>a)\k<n>`}, Options{}, "aa\nab", []string{"1:aa"}},
		{"lookbehind", []string{"(?<=a)b"}, Options{}, "ab\nb\ncab", []string{"1:ab", "3:cab"}},
		{"lookahead", []string{"(?=a)"}, Options{}, "ab\nb", []string{"1:ab"}},
		{"negative lookahead", []string{"a(?!b)"}, Options{}, "ab\nac\na", []string{"2:ac", "3:a"}},
		{"atomic group", []string{"(?>a+)b"}, Options{}, "aab\nb", []string{"1:aab"}},
		{"atomic group that cannot backtrack", []string{"(?>a+)a"}, Options{}, "aaa", nil},
		{"backtracking pattern over many lines", []string{`(\w)\1`}, Options{}, "ab\ncc\nde\nxyzz\n", []string{"2:cc", "4:xyzz"}},
	})
}

func TestEach(t *testing.T) {
	checkEach(t, []eachCase{
		{"literal", []string{"o"}, Options{}, "foo boo", []string{"o", "o", "o", "o"}},
		{"literal does not overlap", []string{"aa"}, Options{}, "aaaaa", []string{"aa", "aa"}},
		{"no match", []string{"x"}, Options{}, "abc", nil},
		{"empty line", []string{"x"}, Options{}, "", nil},
		{"empty pattern reports nothing", []string{""}, Options{}, "abc", nil},
		{"star skips empty matches", []string{"a*"}, Options{}, "baaac", []string{"aaa"}},
		{"word boundary is empty", []string{`\b`}, Options{}, "abc", nil},
		{"empty repeat", []string{"x*"}, Options{}, "abc", nil},
		{"empty lookbehind", []string{"(?<=a)"}, Options{}, "aaa", nil},
		{"leftmost first", []string{"a|ab"}, Options{}, "abab", []string{"a", "a"}},
		{"leftmost first, longer branch first", []string{"ab|a"}, Options{}, "abab", []string{"ab", "ab"}},
		{"regexp with prefilter", []string{"fo+bar"}, Options{}, "foobar fobar fbar", []string{"foobar", "fobar"}},
		{"regexp2", []string{"(?<=a)b"}, Options{}, "abcab b", []string{"b", "b"}},
		{"backreference", []string{`(\w)\1`}, Options{}, "aabcc dd", []string{"aa", "cc", "dd"}},
		{"-i", []string{"foo"}, Options{IgnoreCase: true}, "FOO fOo foo", []string{"FOO", "fOo", "foo"}},
		{"-F", []string{"a.b"}, Options{Fixed: true}, "a.b axb a.b", []string{"a.b", "a.b"}},
		{"-F -w", []string{"a.b"}, Options{Fixed: true, Word: true}, "a.b xa.b a.b", []string{"a.b", "a.b"}},
		{"-F -x", []string{"a.b"}, Options{Fixed: true, Line: true}, "a.b", []string{"a.b"}},
		{"-F -x no match", []string{"a.b"}, Options{Fixed: true, Line: true}, "a.b a.b", nil},
		{"-w literal", []string{"foo"}, Options{Word: true}, "foo foobar foo_ (foo)", []string{"foo", "foo"}},
		{"-w \\.go", []string{`\.go`}, Options{Word: true}, "a.go x .go .gox", []string{".go"}},
		{"-w \\w+", []string{`\w+`}, Options{Word: true}, "foo-bar baz_1", []string{"foo", "bar", "baz_1"}},
		{"-w regexp skips unbounded occurrences", []string{"a.c"}, Options{Word: true}, "abc xabc abc.", []string{"abc", "abc"}},
		{"-w regexp after an unbounded occurrence", []string{"a.c"}, Options{Word: true}, "abcabc abc", []string{"abc"}},
		{"-w plus backtracks to a word", []string{"b+"}, Options{Word: true}, "abbb bb", []string{"bb"}},
		{"-w alternation", []string{"foo|foobar"}, Options{Word: true}, "foobar foo", []string{"foobar", "foo"}},
		{"-w two patterns", []string{"a", "ab"}, Options{Word: true}, "ab a", []string{"ab", "a"}},
		{"-x", []string{"foo|foobar"}, Options{Line: true}, "foobar", []string{"foobar"}},
		{"-x no match", []string{"foo"}, Options{Line: true}, "foo foo", nil},
		{"two equal patterns", []string{"a", "a"}, Options{}, "aa", []string{"a", "a"}},
	})
}

// eachCase is a line, the patterns and options to compile, and the
// matches Each must list in it.
type eachCase struct {
	name     string
	patterns []string
	opts     Options
	line     string
	want     []string
}

// checkEach runs each case as a subtest.
func checkEach(t *testing.T, tests []eachCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := mustCompile(t, tt.patterns, tt.opts)
			got := matchtest.Each(t, m, tt.line)
			if !slices.Equal(got, tt.want) {
				t.Errorf("%s matcher on %q:\n got %q\nwant %q", m.Engine(), tt.line, got, tt.want)
			}
		})
	}
}

func TestEachOffsets(t *testing.T) {
	tests := []struct {
		name    string
		pattern string
		opts    Options
		line    string
		want    [][2]int
	}{
		{"literal", "foo", Options{}, "foo bar foo", [][2]int{{0, 3}, {8, 11}}},
		{"regexp", "b.r", Options{}, "foo bar bzr", [][2]int{{4, 7}, {8, 11}}},
		{"regexp2", "(?<=a)b+", Options{}, "abb b ab", [][2]int{{1, 3}, {7, 8}}},
		{"-w", "foo", Options{Word: true}, "foox foo", [][2]int{{5, 8}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := mustCompile(t, []string{tt.pattern}, tt.opts)
			var got [][2]int
			if err := m.Each([]byte(tt.line), func(s, e int) { got = append(got, [2]int{s, e}) }); err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("Each(%q) = %v, want %v", tt.line, got, tt.want)
			}
		})
	}
}

func TestNoPatterns(t *testing.T) {
	m := mustCompile(t, nil, Options{})
	if got := matchtest.Lines(t, m, "a\n\nb"); got != nil {
		t.Errorf("no pattern selected %q", got)
	}
	if got := matchtest.Each(t, m, "abc"); got != nil {
		t.Errorf("no pattern matched %q", got)
	}
}

func TestInvalidPatterns(t *testing.T) {
	tests := []struct {
		name     string
		patterns []string
		opts     Options
	}{
		{"unclosed class", []string{"[a-"}, Options{}},
		{"unclosed group", []string{"("}, Options{}},
		{"unopened group", []string{"a)"}, Options{}},
		{"nothing to repeat", []string{"*a"}, Options{}},
		{"bad repeat range", []string{"a{2,1}"}, Options{}},
		{"trailing backslash", []string{`\`}, Options{}},
		{"reversed range", []string{"[z-a]"}, Options{}},
		{"unknown property", []string{`\p{Foo}`}, Options{}},
		{"unknown flag", []string{"(?z)"}, Options{}},
		{"double repeat", []string{"a**"}, Options{}},
		{"unknown group name", []string{`\k<nope>`}, Options{}},
		{"unclosed named group", []string{"(?P<n>a"}, Options{}},
		{"invalid under -w", []string{"("}, Options{Word: true}},
		{"invalid under -x", []string{"[a-"}, Options{Line: true}},
		{"invalid under -i", []string{"(?<=a"}, Options{IgnoreCase: true}},
		{"one invalid among several", []string{"foo", "(", "bar"}, Options{}},
		{"invalid after a newline", []string{"foo\n[a-"}, Options{}},
		{"invalid lookbehind", []string{"(?<=a"}, Options{}},
		{"invalid backreference group", []string{`(a\1`}, Options{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var (
				m   Matcher
				err error
			)
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("Compile(%q) panicked: %v", tt.patterns, r)
					}
				}()
				m, err = Compile(tt.patterns, tt.opts)
			}()
			if err == nil {
				t.Fatalf("Compile(%q) = %s matcher, want an error", tt.patterns, m.Engine())
			}
			if m != nil {
				t.Errorf("Compile(%q) returned a matcher with its error", tt.patterns)
			}
		})
	}
}

func TestTimeout(t *testing.T) {
	line := strings.Repeat("a", 40) + "b"
	t.Run("RE2 runs (a+)+$ in linear time", func(t *testing.T) {
		m := mustCompile(t, []string{"(a+)+$"}, Options{Timeout: time.Millisecond})
		if got := matchtest.Lines(t, m, "x\n"+line+"\ny"); got != nil {
			t.Errorf("got %q, want no line", got)
		}
	})
	tests := []struct {
		name    string
		pattern string
	}{
		{"lookahead forces backtracking", "(?=a)(a+)+$"},
		{"negative lookahead forces backtracking", "(a+)+(?!x)$"},
		{"backreference forces backtracking", `(a+)+\1$`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := mustCompile(t, []string{tt.pattern}, Options{Timeout: time.Millisecond})
			if m.Engine() != "regexp2" {
				t.Fatalf("engine %s, want regexp2", m.Engine())
			}
			t.Run("Next", func(t *testing.T) {
				text := "x\n" + line + "\ny"
				s, e, err := m.Next([]byte(text))
				if !errors.Is(err, ErrTimeout) {
					t.Fatalf("Next = %d, %d, %v; want an error wrapping ErrTimeout", s, e, err)
				}
			})
			t.Run("Each", func(t *testing.T) {
				err := m.Each([]byte(line), func(int, int) {})
				if !errors.Is(err, ErrTimeout) {
					t.Fatalf("Each = %v; want an error wrapping ErrTimeout", err)
				}
			})
		})
	}
}

// TestConcurrentUse runs one matcher from several goroutines, as the
// searchers of a parallel search share it (run with -race).
func TestConcurrentUse(t *testing.T) {
	tests := []struct {
		name    string
		pattern string
		opts    Options
	}{
		{"literal", "ab", Options{}},
		{"regexp", "a.", Options{}},
		{"regexp -w", "a.", Options{Word: true}},
		{"regexp2", "(?<=x)a.", Options{}},
		{"automaton", "[xy][ab]+", Options{}},
		{"several patterns", "a.\n(?<=x)a\nya", Options{}},
		{"several patterns -w", "a.\n(?<=x)a\nya", Options{Word: true}},
		{"several patterns under UTF-8", "\\bya\nab", Options{UTF8: true}},
	}
	text := strings.Repeat("xab yac\nzzz\nab\n", 20)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := mustCompile(t, []string{tt.pattern}, tt.opts)
			want := matchtest.Lines(t, m, text)
			wantEach := matchtest.Each(t, m, "xab yac xad")
			var wg sync.WaitGroup
			errs := make(chan string, 8)
			for g := 0; g < 8; g++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := 0; i < 20; i++ {
						var got []string
						b := []byte(text)
						for at := 0; at <= len(b); {
							s, e, err := m.Next(b[at:])
							if err != nil || s < 0 {
								break
							}
							got = append(got, string(b[at+s:at+e]))
							at += e + 1
						}
						var gotEach []string
						line := "xab yac xad"
						m.Each([]byte(line), func(s, e int) { gotEach = append(gotEach, line[s:e]) })
						if len(got) != len(want) || !slices.Equal(gotEach, wantEach) {
							errs <- fmt.Sprintf("got %d lines and %q, want %d and %q", len(got), gotEach, len(want), wantEach)
							return
						}
					}
				}()
			}
			wg.Wait()
			close(errs)
			for e := range errs {
				t.Error(e)
			}
		})
	}
}

// firstDiff is the first of a not in b's place, or "".
func firstDiff(a, b []string) string {
	for i := range a {
		if i >= len(b) || a[i] != b[i] {
			return a[i]
		}
	}
	return ""
}
