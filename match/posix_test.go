package match

import (
	"errors"
	"fmt"
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
		// The engine's name says whether the POSIX engine runs, and
		// whether only for Each's matches (exact).
		posix := strings.Contains(m.Engine(), "POSIX engine")
		exact := strings.HasSuffix(m.Engine(), "; POSIX engine for matches")
		if posix != tc.posix || posix && exact != tc.exact {
			t.Errorf("%q (-%s, UTF-8 %v): %T %s; want POSIX engine %v, exact %v", tc.pattern, tc.flags, tc.uni, m, m.Engine(), tc.posix, tc.exact)
		}
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
