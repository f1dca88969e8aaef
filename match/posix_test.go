package match

import (
	"errors"
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// posixOpts is Options for a syntax ("-G" or "-E"), the locale and flags
// spelt as grep's ("i", "w", "x").
func posixOpts(syntax string, uni bool, flags string) Options {
	o := Options{Syntax: Extended, UTF8: uni}
	if syntax == "-G" {
		o.Syntax = Basic
	}
	o.IgnoreCase = strings.Contains(flags, "i")
	o.Word = strings.Contains(flags, "w")
	o.Line = strings.Contains(flags, "x")
	return o
}

func TestPosixErrors(t *testing.T) {
	for _, tc := range []struct {
		syntax, pattern string
		uni             bool
		flags           string
		want            string
	}{
		{"-G", `a\(`, false, "", `Unmatched ( or \(`},
		{"-G", `a\)`, false, "", `Unmatched ) or \)`},
		{"-G", `a\{1`, false, "", `Unmatched \{`},
		{"-G", `a\{1,2`, false, "", `Unmatched \{`},
		{"-G", `a\{1a\}`, false, "", `Invalid content of \{\}`},
		{"-G", `a\{\}`, false, "", `Invalid content of \{\}`},
		{"-G", `a\{32768\}`, false, "", "Regular expression too big"},
		{"-G", `\(a\)\2`, false, "", "Invalid back reference"},
		{"-G", `a\`, false, "", "Trailing backslash"},
		{"-E", `a{2,1}`, false, "", `Invalid content of \{\}`},
		{"-E", `a{}`, false, "", `Invalid content of \{\}`},
		{"-E", `a{1,2,3}`, false, "", `Invalid content of \{\}`},
		{"-E", `(a`, false, "", `Unmatched ( or \(`},
		{"-E", `[`, false, "", "Invalid regular expression"},
		{"-E", `[^`, false, "", "Invalid regular expression"},
		{"-E", `[]`, false, "", "Unmatched [, [^, [:, [., or [="},
		{"-E", `[[:alpha:]`, false, "", "Unmatched [, [^, [:, [., or [="},
		{"-E", `[[:foo:]]`, false, "", "Invalid character class name"},
		{"-E", `[z-a]`, false, "", "Invalid range end"},
		{"-E", `[a-b-c]`, false, "", "Invalid range end"},
		{"-E", `[[:alpha:]-z]`, false, "", "Invalid range end"},
		{"-E", `[]-a]`, false, "i", "Invalid range end"}, // ']' to 'A'
		{"-E", `[[.ab.]]`, false, "", "Invalid collation character"},
		{"-E", `[a-é]`, true, "", "Invalid collation character"},
		{"-E", `(a)|\1`, false, "", "Invalid back reference"},
		{"-E", `(a\1)`, false, "", "Invalid back reference"},
		{"-E", `[:alpha:]`, false, "", "character class syntax is [[:space:]], not [:space:]"},
		{"-E", `(*)b`, false, "", `Unmatched ( or \(`}, // glibc: the ')' after a skipped '*' is a literal
		{"-E", `(^+)`, false, "", `Unmatched ( or \(`},
		{"-E", `(a|{)`, false, "", `Unmatched ( or \(`},
		// Not errors: glibc takes them for literal characters.
		{"-E", `a{1,2`, false, "", ""},
		{"-E", `a{x}`, false, "", ""},
		{"-E", `a)`, false, "", ""},
		{"-G", `a{1`, false, "", ""},
		{"-E", `[a-é]`, false, "", ""}, // bytes in the C locale
		{"-E", `(a)(b|\1)`, false, "", ""},
		{"-E", `(*))b`, false, "", ""},
		{"-E", `({1})`, false, "", ""},
	} {
		_, err := Compile([]string{tc.pattern}, posixOpts(tc.syntax, tc.uni, tc.flags))
		got := ""
		if err != nil {
			got = err.Error()
			var pe *PatternError
			if !errors.As(err, &pe) {
				t.Errorf("%s %q: %T, want a *PatternError", tc.syntax, tc.pattern, err)
			}
		}
		if got != tc.want {
			t.Errorf("%s %q (UTF-8 %v, %q): error %q, want %q", tc.syntax, tc.pattern, tc.uni, tc.flags, got, tc.want)
		}
	}
}

func TestPosixSeveralErrors(t *testing.T) {
	_, err := Compile([]string{`a\{1`, "b", "[", "\\(\nc"}, posixOpts("-G", false, ""))
	j, ok := err.(interface{ Unwrap() []error })
	if !ok {
		t.Fatalf("error %v: want one for each pattern, joined", err)
	}
	var got []string
	for _, e := range j.Unwrap() {
		var pe *PatternError
		if !errors.As(e, &pe) {
			t.Fatalf("%T in the joined errors", e)
		}
		got = append(got, fmt.Sprintf("%d %q %v", pe.Index, pe.Pattern, pe))
	}
	want := []string{`0 "a\\{1" Unmatched \{`, `2 "[" Invalid regular expression`, `3 "\\(" Unmatched ( or \(`}
	if !slices.Equal(got, want) {
		t.Errorf("errors %q, want %q", got, want)
	}
}

func TestPosixWarnings(t *testing.T) {
	for _, tc := range []struct {
		syntax string
		pats   []string
		want   []string
	}{
		{"-E", []string{"*a|+b", "(?c)", "{1}d", "^*e"}, []string{"* at start of expression", "+ at start of expression",
			"? at start of expression", "{...} at start of expression", "* at start of expression"}},
		{"-G", []string{`*a`, `\(*b\)`, `\{1\}`}, nil}, // literals in a BRE
		{"-E", []string{"a*", "{x", "a{1,2"}, nil},
		{"-E", []string{"*a[:x:]*b"}, []string{"* at start of expression"}}, // up to dfa.c's error
		{"-E", []string{"*a(", "*b"}, nil},                                  // glibc's error: none
	} {
		got := Warnings(tc.pats, posixOpts(tc.syntax, false, ""))
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s %q: warnings %q, want %q", tc.syntax, tc.pats, got, tc.want)
		}
	}
	if w := Warnings([]string{"*a"}, Options{}); w != nil {
		t.Errorf("Perl syntax: warnings %q", w)
	}
}

// eachOf lists the matches Each gives, as text.
func eachOf(t *testing.T, m Matcher, line string) []string {
	t.Helper()
	var out []string
	if err := m.Each([]byte(line), func(s, e int) { out = append(out, line[s:e]) }); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestPosixEach(t *testing.T) {
	for _, tc := range []struct {
		syntax, flags string
		pats          []string
		uni           bool
		line          string
		want          []string
	}{
		{"-E", "", []string{`a|ab`}, false, "abab", []string{"ab", "ab"}},
		{"-E", "", []string{`(a|ab)(c|bcd)(d*)`}, false, "abcd", []string{"abcd"}},
		{"-E", "", []string{`x*`}, false, "axxbx", []string{"xx", "x"}},
		{"-E", "", []string{`(foo|foobar)(bar)?`}, false, "foobarbar", []string{"foobarbar"}},
		{"-G", "", []string{`a\|ab`, `abc`}, false, "abcab", []string{"abc", "ab"}},
		{"-G", "", []string{`\(a*\)b\1`}, false, "aabaab", []string{"aabaa", "b"}},
		{"-E", "", []string{`(a|ab)\1`}, false, "abab aa", []string{"abab", "aa"}},
		{"-E", "", []string{`((a)|b)*\2`}, false, "abab", []string{"aba"}},
		{"-E", "", []string{`(a*)*b\1`}, false, "ab", []string{"ab"}},
		{"-E", "w", []string{`ab|ab c`}, false, "ab ab cd", []string{"ab", "ab"}},
		{"-E", "w", []string{`a+`}, false, "aab a_a aa", []string{"aa"}},
		{"-E", "x", []string{`a|ab`}, false, "ab", []string{"ab"}},
		{"-E", "", []string{`a.b`}, false, "a\xffb a\xc3\xa9b", []string{"a\xffb"}},
		{"-E", "", []string{`a.b`}, true, "a\xffb a\xc3\xa9b", []string{"a\xc3\xa9b"}},
		{"-E", "", []string{`a..b`}, false, "a\xc3\xa9b", []string{"a\xc3\xa9b"}},
		{"-E", "", []string{"\xff"}, true, "\xff x \xff", []string{"\xff", "\xff"}},
		{"-E", "i", []string{`s`}, true, "S\u017fs", []string{"S", "\u017f", "s"}},
		{"-E", "i", []string{`s`}, false, "S\u017fs", []string{"S", "s"}},
		{"-E", "i", []string{`k`}, true, "kK\u212a", []string{"k", "K"}},
		{"-E", "i", []string{`[a-z]+`}, true, "\u0131I\u212a", []string{"\u0131I"}},
		{"-E", "", []string{`\<\w+\>`}, true, "x²y wörd", []string{"x", "y", "wörd"}},
		{"-E", "", []string{`[[:alpha:]]+`}, true, "na\u0345ve ²", []string{"na\u0345ve"}},
		{"-E", "", []string{`^*a`}, false, "ba", []string{"a"}}, // (^)*a, as dfa.c
		{"-E", "", []string{`{1}a`}, false, "1}a", []string{"a"}},
	} {
		m, err := Compile(tc.pats, posixOpts(tc.syntax, tc.uni, tc.flags))
		if err != nil {
			t.Fatalf("%s %q: %v", tc.syntax, tc.pats, err)
		}
		if got := eachOf(t, m, tc.line); !slices.Equal(got, tc.want) {
			t.Errorf("%s -%s %q (UTF-8 %v) on %q: %q, want %q", tc.syntax, tc.flags, tc.pats, tc.uni, tc.line, got, tc.want)
		}
	}
}

// TestPosixEngines checks which matcher serves: a pattern whose matches
// all have one length needs no POSIX engine, one whose matches vary does
// for Each, and a back-reference's spelling needs its lines confirmed.
func TestPosixEngines(t *testing.T) {
	for _, tc := range []struct {
		pattern, flags string
		uni            bool
		posix, exact   bool
	}{
		{"foo", "", false, false, true},
		{"fo[ox]", "i", true, false, true},
		{`\<foo\>`, "", false, false, true},
		{"a|ab", "", false, true, true},
		{"(a)\\1", "", false, true, false},
		{"foo", "w", true, true, false},
		{"foo", "w", false, false, true},
		{"a*", "w", false, true, true},
		{`\bfoo`, "", true, true, false},
		{`\<.`, "", false, true, false},
		{"a{1001}", "", false, true, false},
	} {
		m, err := Compile([]string{tc.pattern}, posixOpts("-E", tc.uni, tc.flags))
		if err != nil {
			t.Fatal(err)
		}
		p, posix := m.(*posixMatcher)
		if posix != tc.posix || posix && p.exact != tc.exact {
			t.Errorf("%q (-%s, UTF-8 %v): %T %s; want POSIX engine %v, exact %v", tc.pattern, tc.flags, tc.uni, m, m.Engine(), tc.posix, tc.exact)
		}
	}
}

func TestFoldSet(t *testing.T) {
	for _, tc := range []struct {
		c    rune
		uni  bool
		want string
	}{
		{'k', true, "kK"}, {'K', true, "Kk"}, {'\u212a', true, "\u212a"}, {'s', true, "sS\u017f"},
		{'\u017f', true, "\u017fSs"}, {'i', true, "iI\u0131"}, {'\u0131', true, "\u0131Ii"}, {'\u0130', true, "\u0130"},
		{'ß', true, "ß"}, {'σ', true, "σΣς"}, {'s', false, "sS"}, {'1', true, "1"}, {0xe9, false, "\u00e9"},
	} {
		if got := string(foldSet(tc.c, tc.uni)); got != tc.want {
			t.Errorf("foldSet(%q, %v) = %q, want %q", tc.c, tc.uni, got, tc.want)
		}
	}
}

// TestPosixClasses spot-checks glibc's C.UTF-8 classes, as its tables
// (Unicode 14) have them, and the C locale's.
func TestPosixClasses(t *testing.T) {
	for _, tc := range []struct {
		class string
		c     rune
		uni   bool
		in    bool
	}{
		{"alpha", 'é', true, true}, {"alpha", '²', true, false}, {"alpha", 0x345, true, true},
		{"alpha", 0x660, true, true}, {"alpha", '5', true, false}, {"alpha", 'é', false, false},
		{"alpha", 0xe9, false, false}, {"digit", 0x660, true, false}, {"alnum", '5', true, true},
		{"upper", 0x1c5, true, true}, {"lower", 0x1c5, true, true}, {"lower", 'ª', true, true},
		{"space", 0xa0, true, false}, {"space", 0x2003, true, true}, {"space", '\v', false, true},
		{"blank", 0x3000, true, true}, {"punct", '²', true, true}, {"punct", '$', false, true},
		{"cntrl", 0x2028, true, true}, {"print", 0xe000, true, true}, {"graph", ' ', true, false},
		{"print", ' ', true, true}, {"xdigit", 'F', true, true}, {"xdigit", 'g', true, false},
	} {
		r, ok := classRanges(tc.class, tc.uni)
		if !ok {
			t.Fatalf("no class %q", tc.class)
		}
		if got := setOf(r).has(tc.c); got != tc.in {
			t.Errorf("%U in [[:%s:]] (UTF-8 %v): %v, want %v", tc.c, tc.class, tc.uni, got, tc.in)
		}
	}
	if _, ok := classRanges("ascii", true); ok {
		t.Error("[[:ascii:]] is no POSIX class")
	}
}

func TestCharSet(t *testing.T) {
	s := setOf([]rune{'a', 'c', 'x', 'x', 0x100, 0x200, 0x300, 0x300, 'b', 'd'})
	for c, want := range map[rune]bool{'a': true, 'd': true, 'e': false, 'x': true, 0xff: false, 0x100: true, 0x150: true,
		0x200: true, 0x201: false, 0x300: true, 0x301: false, -1: false, invalidChar(0xff): false} {
		if s.has(c) != want {
			t.Errorf("has(%U) = %v", c, !want)
		}
	}
	if got := s.complement(255).pairs(); !slices.Equal(got, [][2]rune{{0, 'a' - 1}, {'e', 'x' - 1}, {'x' + 1, 255}}) {
		t.Errorf("complement in the C locale: %v", got)
	}
}

// TestPosixSpelling checks the Perl spelling against the POSIX engine on
// patterns built at random from the syntaxes' pieces: every line the
// engine selects, the spelling's matcher selects (and no other where it
// says it is exact), in both locales, with -i, -w and -x.
func TestPosixSpelling(t *testing.T) {
	pieces := map[string][]string{
		"-E": {"a", "b", "é", ".", "[ab]", "[^a ]", "[[:alpha:]]", `\w`, `\W`, "(a|ab)", "(b|)", "x*", "a+", "b?",
			"a{1,2}", "^", "$", `\<`, `\>`, `\b`, `\B`, `(a)\1`, "|", "[[:upper:]]", `\s`, "\xff"},
		"-G": {"a", "b", ".", `\(a\|b\)`, "a*", `b\+`, `a\{2\}`, "^", "$", `\<`, `\(b\)\1`, "[k-s]", "*"},
	}
	lines := []string{"", "a", "ab", "abab", "aab ba", "b a", "é", "éa", "a é b", "Ab", "AB ab", "x\xffy", "a\xffb",
		"kK\u212a", "ſs", "aa bb", "a_b", "²a", "ab ab abc", " a ", "ba"}
	rng := rand.New(rand.NewSource(7))
	tested, exact := 0, 0
	for i := range 400 {
		syntax := "-E"
		if i%3 == 0 {
			syntax = "-G"
		}
		var p strings.Builder
		for range 1 + rng.Intn(4) {
			p.WriteString(pieces[syntax][rng.Intn(len(pieces[syntax]))])
		}
		flags := []string{"", "", "i", "w", "x", "iw"}[rng.Intn(6)]
		uni := rng.Intn(2) == 0
		o := posixOpts(syntax, uni, flags)
		m, err := Compile([]string{p.String()}, o)
		if err != nil {
			continue // a back-reference to no group, and the like
		}
		pm, ok := m.(*posixMatcher)
		if !ok || pm.sel == nil {
			continue // the spelling serves alone (or none is made)
		}
		tested++
		if pm.exact {
			exact++
		}
		for _, line := range lines {
			want, err := pm.matchLine([]byte(line))
			if err != nil {
				t.Fatal(err)
			}
			s, _, err := pm.sel.Next([]byte(line))
			if err != nil {
				t.Fatal(err)
			}
			if got := s >= 0; want && !got || pm.exact && got != want {
				t.Errorf("%s -%s %q (UTF-8 %v, exact %v) on %q: the spelling %q selects %v, the engine %v",
					syntax, flags, p.String(), uni, pm.exact, line, pm.sel.Engine(), got, want)
			}
		}
	}
	if tested < 200 || exact < 50 {
		t.Errorf("%d patterns compared, %d of them exact: the pieces no longer make the cases meant", tested, exact)
	}
}

// TestPosixBacktrackLimit checks that a back-reference whose ways to
// match grow exponentially with the line ends in an error, not a hang.
func TestPosixBacktrackLimit(t *testing.T) {
	// \1\1 cannot be three a's: every way is tried, and they double
	// with each a.
	m, err := Compile([]string{`(a*)*b\1\1$`}, posixOpts("-E", false, ""))
	if err != nil {
		t.Fatal(err)
	}
	line := []byte(strings.Repeat("a", 40) + "baaa")
	if _, _, err = m.Next(line); !errors.Is(err, ErrTimeout) {
		t.Errorf("Next: %v, want %v", err, ErrTimeout)
	}
	if err := m.Each(line, func(int, int) {}); !errors.Is(err, ErrTimeout) {
		t.Errorf("Each: %v, want %v", err, ErrTimeout)
	}
}
