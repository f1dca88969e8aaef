package match

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"urg/match/backtrack"
	"urg/match/internal/matchtest"
	"urg/match/perl"
)

// The expected results below were taken from GNU grep 3.8 under LC_ALL=C:
// grep -P with each pattern alone, and grep -F -o or grep -E -o with the
// patterns together where they mean the same in both syntaxes.

// TestSeveralPatternsInvalidAlone checks that each pattern is checked on
// its own: two invalid halves do not make a valid whole, and a
// backreference cannot refer to another pattern's group.
func TestSeveralPatternsInvalidAlone(t *testing.T) {
	tests := []struct {
		name     string
		patterns []string
		opts     Options
		index    int
		pattern  string
	}{
		{"open and close of a class", []string{"[", "]"}, Options{}, 0, "["},
		{"open and close of a group", []string{"a(", ")b"}, Options{}, 0, "a("},
		{"close before open", []string{"a)", "(b"}, Options{}, 0, "a)"},
		{"backreference to another pattern's group", []string{"a(.)", `b\1`}, Options{}, 1, `b\1`},
		{"named backreference to another pattern's group", []string{"(?<n>a)", `\k<n>`}, Options{}, 1, `\k<n>`},
		{"invalid on the second line of a pattern", []string{"foo", "bar\n[", "baz"}, Options{}, 1, "["},
		{"invalid third", []string{"foo", "bar", "(?<=a"}, Options{}, 2, "(?<=a"},
		{"a stray ) closes no group of -w's", []string{"a)(?:b"}, Options{Word: true}, 0, "a)(?:b"},
		{"a stray ) closes no group of -x's", []string{"a)(b"}, Options{Line: true}, 0, "a)(b"},
		{"translation error", []string{"a", `[\H]`}, Options{}, 1, `[\H]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := Compile(tt.patterns, tt.opts)
			if err == nil {
				t.Fatalf("Compile(%q) = %s matcher, want an error", tt.patterns, m.Engine())
			}
			var pe *PatternError
			if !errors.As(err, &pe) {
				t.Fatalf("Compile(%q): %T %v, want a *PatternError", tt.patterns, err, err)
			}
			if pe.Index != tt.index || pe.Pattern != tt.pattern {
				t.Errorf("Compile(%q): error at %d, %q; want %d, %q", tt.patterns, pe.Index, pe.Pattern, tt.index, tt.pattern)
			}
			if want := fmt.Sprintf("invalid pattern %q: ", tt.pattern); !strings.HasPrefix(err.Error(), want) {
				t.Errorf("Compile(%q): message %q, want it to start with %q", tt.patterns, err, want)
			}
		})
	}
}

// TestSeveralPatternsOwnSyntax checks that each pattern's groups, flags
// and comments are its own.
func TestSeveralPatternsOwnSyntax(t *testing.T) {
	tests := []struct {
		name      string
		patterns  []string
		opts      Options
		text      string
		wantLines []string
		line      string // for Each
		wantEach  []string
	}{
		{"group numbers start again", []string{"(x)", `(y)\1`}, Options{}, "yy\nzy\nyz\nx", []string{"1:yy", "4:x"}, "xyy", []string{"x", "yy"}},
		{"group numbers start again, -w", []string{"(x)", `(y)\1`}, Options{Word: true}, "yy\nxyy", []string{"1:yy"}, "yy x", []string{"yy", "x"}},
		{"an inline flag is the pattern's", []string{`(?i)(a)\1`, "b"}, Options{}, "aA\nB\nb", []string{"1:aA", "3:b"}, "AAB b", []string{"AA", "b"}},
		{"a comment is the pattern's", []string{`(?x)\d+ #digits`, "fig"}, Options{}, "fig 12\nfg", []string{"1:fig 12"}, "fig 12", []string{"fig", "12"}},
		{"a comment under -w", []string{`(?x)\d+ #digits`}, Options{Word: true}, "fig 12\nx12", []string{"1:fig 12"}, "fig 12 x3", []string{"12"}},
		{"a comment under -x", []string{`(?x)fig\ \d+ #digits`}, Options{Line: true}, "fig 12\nfig 12 x", []string{"1:fig 12"}, "fig 12", []string{"fig 12"}},
		{"a comment group holding a bracket", []string{`(?#[)\s`}, Options{}, "a b\nab", []string{"1:a b"}, "a b", []string{" "}},
		{"the x flag ends with its group", []string{`(?x:a b)# c`}, Options{}, "ab# c\nab", []string{"1:ab# c"}, "ab# c", []string{"ab# c"}},
		{"a group name in two patterns", []string{"(?P<n>a)x", "(?P<n>b)y"}, Options{}, "ax\nby\nay", []string{"1:ax", "2:by"}, "axby", []string{"ax", "by"}},
		{"lookbehind and a literal", []string{"foo", "(?<=a)b"}, Options{}, "ab\nfoo\nb", []string{"1:ab", "2:foo"}, "abfoo", []string{"b", "foo"}},
		{"two backtracking patterns", []string{`(a)\1`, `(?<!x)b`}, Options{}, "aa\nxb\nb", []string{"1:aa", "3:b"}, "aab xb", []string{"aa", "b"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := mustCompile(t, tt.patterns, tt.opts)
			if got := matchtest.Lines(t, m, tt.text); !slices.Equal(got, tt.wantLines) {
				t.Errorf("%s matcher on %q:\n got %q\nwant %q", m.Engine(), tt.text, got, tt.wantLines)
			}
			if got := matchtest.Each(t, m, tt.line); !slices.Equal(got, tt.wantEach) {
				t.Errorf("%s matcher, Each(%q):\n got %q\nwant %q", m.Engine(), tt.line, got, tt.wantEach)
			}
		})
	}
}

// TestSeveralPatternsNextFarApart checks Next where one pattern's lines are
// far from another's: each found in turn, none skipped.
func TestSeveralPatternsNextFarApart(t *testing.T) {
	var b strings.Builder
	var want []string
	for i := 1; i <= 3000; i++ {
		line := fmt.Sprintf("line %d", i)
		switch {
		case i%1000 == 0:
			line += " aa"
		case i%7 == 0:
			line += " foo"
		case i == 2999:
			line = ""
		}
		if strings.HasSuffix(line, "aa") || strings.HasSuffix(line, "foo") {
			want = append(want, fmt.Sprintf("%d:%s", i, line))
		}
		b.WriteString(line)
		if i < 3000 {
			b.WriteByte('\n')
		}
	}
	for _, pats := range [][]string{{"foo", `(a)\1`}, {`(a)\1`, "foo"}, {`(a)\1`, "(?<=f)oo"}} {
		m := mustCompile(t, pats, Options{})
		if got := matchtest.Lines(t, m, b.String()); !slices.Equal(got, want) {
			t.Errorf("%q (%s): %d lines, want %d\n%s", pats, m.Engine(), len(got), len(want), firstDiff(got, want))
		}
	}
}

// TestEachLongestAmongPatterns checks that of several patterns' matches
// at one place, Each takes the longest, and the next after it, found with
// the line around it.
func TestEachLongestAmongPatterns(t *testing.T) {
	checkEach(t, []eachCase{
		{"-F, longest at a place", []string{"bb", "cc", "ccc"}, Options{Fixed: true}, "a bb ccc dddd", []string{"bb", "ccc"}},
		{"-F, longest listed first", []string{"ccc", "cc"}, Options{Fixed: true}, "cccc", []string{"ccc"}},
		{"-F, leftmost before longest", []string{"abc", "bcdef"}, Options{Fixed: true}, "xabcdef", []string{"abc"}},
		{"-F -i", []string{"AB", "abc"}, Options{Fixed: true, IgnoreCase: true}, "xABC ab", []string{"ABC", "ab"}},
		{"-F -w, the longest bounded", []string{"a", "a-b"}, Options{Fixed: true, Word: true}, "a-b a a-bc", []string{"a-b", "a", "a"}},
		{"-F -w, a shorter one bounded", []string{"bb", "bbb"}, Options{Fixed: true, Word: true}, "bbb bb bbbb", []string{"bbb", "bb"}},
		{"-F -x", []string{"a", "aaa"}, Options{Fixed: true, Line: true}, "aaa", []string{"aaa"}},
		{"regexes", []string{"ab", "abc", "bcd"}, Options{}, "abcd abc", []string{"abc", "abc"}},
		{"regexes, the longest at the same start", []string{"b+", "[a-c]+d"}, Options{}, "xbbcd bb", []string{"bbcd", "bb"}},
		{"a pattern's own leftmost-first", []string{"a|ab", "x"}, Options{}, "abx", []string{"a", "x"}},
		{"searched again inside another's match", []string{"xab", "b+c"}, Options{}, "xabbc", []string{"xab", "bc"}},
		{"searched again with the context of \\B", []string{"xab", `\Bb+c`}, Options{}, "xabbc", []string{"xab", "bc"}},
		{"searched again with the context of a lookbehind", []string{"xab", `(?<=[ab])b+c`}, Options{}, "xabbc", []string{"xab", "bc"}},
		{"searched again, no match there", []string{"xab", `(?<=a)b+c`}, Options{}, "xabbc", []string{"xab"}},
		{"a backreference is longest", []string{"a", `(a)\1\1`}, Options{}, "aaaa", []string{"aaa", "a"}},
		{"-w regexes", []string{`\w+`, "a-b"}, Options{Word: true}, "a-b cd", []string{"a-b", "cd"}},
		{"-x regexes", []string{"a.", `(a)\1`}, Options{Line: true}, "aa", []string{"aa"}},
		{"empty matches are not reported", []string{"x*", "", "b"}, Options{}, "abxx", []string{"b", "xx"}},
	})
}

// TestEachSeveralReference compares Each of random sets of patterns, of
// both engines, with the merge done the slow way: at each place, every
// pattern's match that starts there (the backtracking engine's, which on
// ASCII text is also Go's), the longest of them, the next sought after it.
func TestEachSeveralReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	atoms := []string{"a", "b", "c", "-", "[ab]", "[^a]", "a+", "b*", "[bc]+", `\w+`, `\b`, `\B`, "(a|ab)", "(?:c|cb)",
		"(?<=a)", "(?<!b)", "(?=c)", "(?!a)", `(a)\1`, "(?>b+)", "x?"}
	pattern := func() string {
		var p strings.Builder
		for range 1 + rng.IntN(3) {
			p.WriteString(atoms[rng.IntN(len(atoms))])
		}
		return p.String()
	}
	for iter := range 600 {
		pats := make([]string, 2+rng.IntN(3))
		for i := range pats {
			pats[i] = pattern()
		}
		o := Options{Word: rng.IntN(4) == 0, IgnoreCase: rng.IntN(4) == 0, UTF8: rng.IntN(4) == 0, Timeout: DefaultTimeout}
		m, err := Compile(pats, o)
		if err != nil {
			t.Fatalf("Compile(%q): %v", pats, err)
		}
		var line []byte
		for range rng.IntN(24) {
			line = append(line, "abc- ABx"[rng.IntN(8)])
		}
		var got [][2]int
		if err := m.Each(line, func(s, e int) { got = append(got, [2]int{s, e}) }); err != nil {
			t.Fatal(err)
		}
		want := referenceEach(t, pats, o, line)
		if !slices.Equal(got, want) {
			t.Fatalf("%d: %q %+v (%s) on %q:\n got %v\nwant %v", iter, pats, o, m.Engine(), line, got, want)
		}
	}
}

// referenceEach is the merge of Each done the slow way (see
// TestEachSeveralReference).
func referenceEach(t *testing.T, pats []string, o Options, line []byte) [][2]int {
	t.Helper()
	var res []backtrack.Matcher
	for _, p := range pats {
		src, err := perl.Translate(p, o.UTF8)
		if err != nil {
			t.Fatal(err)
		}
		m, err := backtrack.New(src, o)
		if err != nil {
			t.Fatalf("%q: %v", p, err)
		}
		res = append(res, m)
	}
	var out [][2]int
	for q := 0; q <= len(line); {
		best := -1
		for _, re := range res {
			// The first match from q that starts at q.
			err := re.Matches(line, q, func(s, e int) bool {
				if s == q && e > q {
					best = max(best, e)
				}
				return s == q && e == q
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		if best < 0 {
			q++
			continue
		}
		out = append(out, [2]int{q, best})
		q = best
	}
	return out
}
