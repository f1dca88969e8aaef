package match

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"urg/match/backtrack"
	"urg/match/base"
	"urg/match/internal/matchtest"
	"urg/match/locale"
	"urg/match/perl"
)

// splitCases are patterns that Options.UTF8 changes (some only by -w), in
// both engines' forms: the ones with a lookaround go to regexp2.
var splitCases = []struct {
	patterns []string
	o        Options
}{
	{[]string{`\b[A-Z][A-Z0-9_]{3,}\b`}, Options{}},
	{[]string{`\w+Error\(`}, Options{}},
	{[]string{`\w+`}, Options{}},
	{[]string{`\W+`}, Options{}},
	{[]string{`r\w`}, Options{}},
	{[]string{`.\b`}, Options{}},
	{[]string{`\Bé`}, Options{}},
	{[]string{`\bctx\b`}, Options{}},
	{[]string{`[[:alpha:]]+_test`}, Options{}},
	{[]string{`[^[:alnum:] ]+`}, Options{}},
	{[]string{`[[:upper:]][[:lower:]]+`}, Options{}},
	{[]string{`[[:upper:]]+`}, Options{IgnoreCase: true}},
	{[]string{`\w+`}, Options{IgnoreCase: true}},
	{[]string{`\w{3}`}, Options{Line: true}},
	{[]string{`\w+ \w+`}, Options{Line: true}},
	{[]string{`a\w`}, Options{Word: true}},
	{[]string{`ctx\b.`}, Options{Word: true, IgnoreCase: true}},
	{[]string{`\w+(?=Error\()`}, Options{}},
	{[]string{`(?<=\W)ab`}, Options{}},
	{[]string{`(\w)\1`}, Options{}},
	{[]string{`(?<!x)\w+`}, Options{Word: true}},
	{[]string{`\w+`, `(a)\1`}, Options{}},
	{[]string{`\bab`, `c\w`, `xy`}, Options{}},
	{[]string{`ab`, `é\w`}, Options{Word: true}},
	{[]string{`[A-Z][a-z]+Writer\b`}, Options{}},
	{[]string{`^\s*// Deprecated:`}, Options{}},
	{[]string{`\bctx\b|\bxy\b`}, Options{}},
}

// splitWords are the pieces of the texts of these tests: ASCII words and
// their neighbours, letters beyond ASCII, an invalid byte.
var splitWords = []string{"ab", "cd", "xy", "ctx", "ctx.Err", "fooError(", "MAX_LEN", "aa", "_", " ", " ", ".", "(",
	"é", "ü", "Σ", "中", "ÉCOLE", "\xff", "\xc3", "42", "r", "rú", "x_test", "école_test",
	"Writer", "BufWriter", "ÉWriter", "// Deprecated:", "\t// Deprecated:"}

// splitText is n random lines, of which about one in nonASCII holds bytes
// beyond ASCII, and now and then one longer than Next's first window.
func splitText(rng *rand.Rand, n, nonASCII int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteByte('\n')
		}
		words := 1 + rng.IntN(8)
		if rng.IntN(50) == 0 {
			words = 400 + rng.IntN(800)
		}
		uni := rng.IntN(nonASCII) == 0
		for range words {
			w := splitWords[rng.IntN(len(splitWords))]
			for !uni && w[0] >= 0x80 || uni && rng.IntN(4) == 0 && w[0] < 0x80 {
				w = splitWords[rng.IntN(len(splitWords))]
			}
			b.WriteString(w)
		}
	}
	return b.String()
}

// TestASCIISplitSameAsUTF8 checks that the matcher which leaves lines of
// ASCII bytes to the C locale's matcher selects the lines that the UTF-8
// locale's alone selects, and finds the same matches in each, over texts
// of short lines and long, mostly ASCII and mostly not.
func TestASCIISplitSameAsUTF8(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	gated := 0
	defer func() {
		// Those whose UTF-8 matcher has literals skip to them: the
		// cases must hold some.
		if gated < 4 {
			t.Errorf("%d cases skip to their literals, want 4 or more", gated)
		}
	}()
	for _, c := range splitCases {
		o := c.o
		o.UTF8 = true
		t.Run(fmt.Sprintf("%q %+v", c.patterns, c.o), func(t *testing.T) {
			m := mustCompile(t, c.patterns, o)
			_, u, split := locale.Parts(m)
			if g, ok := u.(base.Gated); ok && g.Gate() != nil {
				gated++
			}
			if whole := locale.IsBeyond(m); !split && !whole {
				t.Fatalf("%s matcher, want the split one (or the UTF-8 one whole)", m.Engine())
			}
			uni, _, err := compile(c.patterns, withTimeout(o))
			if err != nil {
				t.Fatal(err)
			}
			for i, shape := range []struct{ n, nonASCII int }{{8, 2}, {40, 3}, {300, 40}, {3000, 400}, {3000, 1}} {
				text := splitText(rng, shape.n, shape.nonASCII)
				if i == 4 {
					// A byte beyond ASCII past the first window's end,
					// on the line that crosses it.
					text = strings.Repeat("ab cd\n", 150) + strings.Repeat("a", 5000) + "é\n" + text
				}
				got, want := matchtest.Lines(t, m, text), matchtest.Lines(t, uni, text)
				if !slices.Equal(got, want) {
					t.Fatalf("text of %d lines: %d lines selected, the UTF-8 matcher selects %d\n%s",
						shape.n, len(got), len(want), firstDiff(got, want))
				}
				// Each on the lines selected, and on some others.
				sel := map[string]bool{}
				for _, l := range want {
					sel[l] = true
				}
				for k, line := range strings.Split(text, "\n") {
					if k%8 != 0 && !sel[fmt.Sprintf("%d:%s", k+1, line)] {
						continue
					}
					if g, w := matchtest.Each(t, m, line), matchtest.Each(t, uni, line); !slices.Equal(g, w) {
						t.Fatalf("Each(%q) = %q, the UTF-8 matcher's %q", line, g, w)
					}
				}
			}
		})
	}
}

// TestASCIISplitLongText runs the split matcher over texts of a few
// hundred KiB in which few lines are beyond ASCII, so that Next's windows
// grow, and one of them holds a line past a window's end.
func TestASCIISplitLongText(t *testing.T) {
	o := Options{UTF8: true}
	m := mustCompile(t, []string{`\b[A-Z][A-Z0-9_]{3,}\b`}, o)
	uni, _, err := compile([]string{`\b[A-Z][A-Z0-9_]{3,}\b`}, withTimeout(o))
	if err != nil {
		t.Fatal(err)
	}
	filler := strings.Repeat("x := y + z // nothing here\n", 5000) // 135 KB
	for _, text := range []string{
		filler + "ÉCOLE_X MAXÉ\n" + filler + "é MAX_LEN\n" + filler + "ÉMAX",
		filler + "MAX_LEN\n" + filler + strings.Repeat("é", 3000) + " MAX_LEN" + strings.Repeat("a", 3000),
		strings.Repeat("é MAX_LEN\nMAX_LEN\n", 3000),
		filler + strings.Repeat("a", 9000) + "é\n" + filler,
		strings.Repeat("aé", 100000),
	} {
		got, want := matchtest.Lines(t, m, text), matchtest.Lines(t, uni, text)
		if !slices.Equal(got, want) {
			t.Errorf("%d lines selected, the UTF-8 matcher selects %d\n%s", len(got), len(want), firstDiff(got, want))
		}
	}
}

// withTimeout is o as Compile completes it.
func withTimeout(o Options) Options {
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	return o
}

// nonASCIIOnly is a Matcher that fails its test when it is handed a line
// of ASCII bytes that is not between two lines beyond ASCII less than
// locale.SplitGap bytes apart (or than the text before them), and counts its
// calls.
type nonASCIIOnly struct {
	Matcher
	t     *testing.T
	calls *int
}

func (m nonASCIIOnly) check(text []byte) {
	m.t.Helper()
	*m.calls++
	lines := bytes.Split(text, []byte("\n"))
	if base.IndexNonASCII(lines[0]) < 0 || base.IndexNonASCII(lines[len(lines)-1]) < 0 {
		m.t.Errorf("the UTF-8 matcher was handed %q, which starts or ends with a line of ASCII", text)
		return
	}
	// run: bytes of ASCII lines since the last line beyond ASCII,
	// which ends at last in text.
	run, last, pos := 0, 0, 0
	for _, l := range lines {
		if base.IndexNonASCII(l) >= 0 {
			run, last = 0, pos+len(l)
		} else if run += len(l) + 1; run > max(locale.SplitGap, last) {
			m.t.Errorf("the UTF-8 matcher was handed %q, with %d bytes of ASCII lines in a row after %d", text, run, last)
			return
		}
		pos += len(l) + 1
	}
}

func (m nonASCIIOnly) Next(text []byte) (int, int, error) {
	m.check(text)
	return m.Matcher.Next(text)
}

func (m nonASCIIOnly) Each(line []byte, fn func(int, int)) error {
	m.check(line)
	return m.Matcher.Each(line, fn)
}

// TestASCIISplitASCIILinesStayInC checks that lines of ASCII bytes reach
// the UTF-8 matcher only between lines beyond ASCII that are close, that
// lines beyond ASCII far apart reach it one at a time, and that the split
// matcher names both.
func TestASCIISplitASCIILinesStayInC(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, c := range splitCases {
		o := c.o
		o.UTF8 = true
		m := mustCompile(t, c.patterns, o)
		ascii, uni, ok := locale.Parts(m)
		if !ok {
			// A UTF-8 matcher as fast on ASCII decides every line
			// (see locale.Whole).
			if !locale.IsBeyond(mustCompile(t, c.patterns, o)) {
				t.Errorf("%q: neither split nor whole", c.patterns)
			}
			continue
		}
		if e := m.Engine(); !strings.Contains(e, " (non-ASCII lines: ") {
			t.Errorf("%q: engine %q names one matcher", c.patterns, e)
		}
		calls := 0
		spy := locale.NewSplit(ascii, nonASCIIOnly{uni, t, &calls})
		got := matchtest.Lines(t, spy, splitText(rng, 2000, 10))
		for _, l := range got {
			_, line, _ := strings.Cut(l, ":")
			matchtest.Each(t, spy, line)
		}
		// Far apart: a call for each line beyond ASCII.
		var b strings.Builder
		want := 0
		for i := range 300 {
			if i%20 == 7 {
				b.WriteString("é ab\n")
				want++
				continue
			}
			b.WriteString(strings.Repeat("x", i%50) + " ab ctx fooError(\n")
		}
		calls = 0
		matchtest.Lines(t, spy, b.String())
		if calls != want {
			t.Errorf("%q: the UTF-8 matcher was asked %d times about %d lines beyond ASCII far apart", c.patterns, calls, want)
		}
	}
}

// TestASCIISplitWhenNeeded checks which patterns are split under UTF8:
// those that it rewrites; -w alone costs as little either way, and a
// literal keeps its scan for NULs (CleanNext).
func TestASCIISplitWhenNeeded(t *testing.T) {
	for _, tt := range []struct {
		patterns []string
		o        Options
		split    bool
	}{
		{[]string{`\w+Error\(`}, Options{}, true},
		{[]string{`[[:alpha:]]`}, Options{}, true},
		{[]string{`\d+`}, Options{}, false},
		{[]string{`a.b`}, Options{}, true}, // a byte not UTF-8 matches no '.'
		{[]string{`ab+`}, Options{}, false},
		{[]string{`(?<=x)y`}, Options{}, false},
		{[]string{`[[:digit:]]+`}, Options{}, false},
		{[]string{`a.b`}, Options{Word: true}, true},
		{[]string{`a\wb`}, Options{Word: true}, true},
		{[]string{`ctx`}, Options{Word: true}, false},
		{[]string{`ctx`}, Options{Word: true, Fixed: true}, false},
		{[]string{`\w`}, Options{Fixed: true}, false},
		{[]string{`ab`, `cd`}, Options{Word: true, Fixed: true}, false},
		{[]string{`ab`, `\bcd`}, Options{}, true},
		{[]string{`ab`, `cd`}, Options{}, false},
	} {
		o := tt.o
		o.UTF8 = true
		m := mustCompile(t, tt.patterns, o)
		_, _, split := locale.Parts(m)
		whole := locale.IsBeyond(m) // the UTF-8 matcher alone (locale.Whole)
		if split = split || whole; split != tt.split {
			t.Errorf("%q %+v: %s matcher, split %v, want %v", tt.patterns, tt.o, m.Engine(), split, tt.split)
		}
		if tt.split && CleanNext(m) != nil {
			t.Errorf("%q %+v: CleanNext of the split matcher is not nil", tt.patterns, tt.o)
		}
	}
	lit := mustCompile(t, []string{"ctx"}, Options{Word: true, Fixed: true, UTF8: true})
	c := mustCompile(t, []string{"ctx"}, Options{Word: true, Fixed: true})
	if (CleanNext(lit) == nil) != (CleanNext(c) == nil) {
		t.Errorf("-w -F ctx: CleanNext under UTF8 is nil %v, in the C locale %v", CleanNext(lit) == nil, CleanNext(c) == nil)
	}
}

// TestSeveralWordRegexp2Refuses checks that under -w a pattern that
// Go's regexp reads and regexp2 does not, which Each needs bounded, is
// Compile's error and not the first line's.
func TestSeveralWordRegexp2Refuses(t *testing.T) {
	for _, o := range []Options{{Word: true}, {Word: true, UTF8: true}, {Word: true, IgnoreCase: true}} {
		for _, pats := range [][]string{{"zz", `\p{^Greek}`, "yy"}, {`\p{^Greek}`, `a\w`}, {"zz", `[\p{^L}]x`}} {
			m, err := Compile(pats, o)
			var pe *PatternError
			if !errors.As(err, &pe) {
				t.Errorf("Compile(%q, %+v) = %v, %v; want a *PatternError", pats, o, m, err)
				continue
			}
			if !strings.Contains(pats[pe.Index], "^") {
				t.Errorf("Compile(%q, %+v): error for pattern %d, %q", pats, o, pe.Index, pe.Pattern)
			}
		}
		// Without -w, Each needs no regexp2: the patterns are good.
		p := o
		p.Word = false
		if _, err := Compile([]string{"zz", `\p{^Greek}`}, p); err != nil {
			t.Errorf("%+v: %v", p, err)
		}
	}
}

// TestRelaxedRegexSelects checks the Go regexp that selects the lines
// regexp2 then decides, under UTF8, against regexp2 alone over every
// line.
func TestRelaxedRegexSelects(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, tt := range []struct {
		pattern string
		o       Options
		sel     bool
	}{
		{`\b[A-Z][A-Z0-9_]{3,}\b`, Options{}, true},
		{`(?<![\p{L}\p{N}_])\w{2}(?!\w)`, Options{}, true},
		{`(\w)\1`, Options{}, true},
		{`(?>é|\w)+[0-9]`, Options{}, true},
		{`(?>\p{L}+)[0-9]`, Options{}, true},
		{`\w(?=[éü])`, Options{Word: true}, true},
		{`(?<=\W)[^\x00-\x7f]{2}`, Options{Line: true}, true},
		{`(?i)Σ(?=x)`, Options{}, false},
		{`Σ\w(?=x)`, Options{IgnoreCase: true}, false},
		{`(?=x)`, Options{}, false},
	} {
		o := tt.o
		o.UTF8 = true
		o = withTimeout(o)
		src := translated(t, tt.pattern)
		m, _, err := backtracking(src, o)
		if err != nil {
			t.Fatal(err)
		}
		p, _ := m.(backtrack.Matcher)
		if (p != nil && strings.HasPrefix(p.Engine(), "regexp2 behind ")) != tt.sel {
			t.Errorf("%q %+v: %s matcher, want a selecting regexp %v", tt.pattern, tt.o, m.Engine(), tt.sel)
			continue
		}
		if p == nil {
			continue
		}
		plain, err := backtrack.New(src, o)
		if err != nil {
			t.Fatal(err)
		}
		text := splitText(rng, 3000, 3)
		if got, want := matchtest.Lines(t, p, text), matchtest.Lines(t, plain, text); !slices.Equal(got, want) {
			t.Errorf("%q %+v: %d lines, regexp2 alone %d\n%s", tt.pattern, tt.o, len(got), len(want), firstDiff(got, want))
		}
	}
}

// translated is pattern as Compile translates it under UTF8.
func translated(t *testing.T, pattern string) string {
	t.Helper()
	src, err := perl.Translate(pattern, true)
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// TestUTF8InvalidPatternBytes checks that under UTF8 a byte of a pattern
// that is not UTF-8 matches itself alone, in regexp2 too, where it once
// was U+FFFD and matched any such byte; and that Go's regexp selecting
// lines for regexp2 does not drop those where an invalid byte matches.
func TestUTF8InvalidPatternBytes(t *testing.T) {
	for _, tt := range []struct {
		patterns []string
		o        Options
		text     string
		want     []string
	}{
		{[]string{"\xe1"}, Options{Fixed: true, Word: true}, "00\xc3 \n\xe1\n", []string{"2:\xe1"}},
		{[]string{"\xff", "x"}, Options{Fixed: true}, "a\xfe\n\xff\nx", []string{"2:\xff", "3:x"}},
		{[]string{"\xff", "x"}, Options{Fixed: true, Word: true}, "a\xfe\n\xff\nx", []string{"2:\xff", "3:x"}},
		{[]string{"(?<=a)\\\xff"}, Options{}, "a\xff\na\xfe\n", []string{"1:a\xff"}},
		{[]string{"(?<=a)[\xfe]"}, Options{}, "a\xff\na\xfe\n", []string{"2:a\xfe"}},
		// A byte of the text that is not UTF-8 matches nothing, not
		// even a negated class (PCRE2's invalid-UTF mode, grep -P).
		{[]string{`(?<=a)[^\x{FFFD}]`}, Options{}, "a\xff\na\uFFFD", nil},
		{[]string{`(?<=a)\x{FFFD}`}, Options{}, "a\xff\na\uFFFD", []string{"2:a\uFFFD"}},
	} {
		o := tt.o
		o.UTF8 = true
		m := mustCompile(t, tt.patterns, o)
		if got := matchtest.Lines(t, m, strings.TrimSuffix(tt.text, "\n")); !slices.Equal(got, tt.want) {
			t.Errorf("%q %+v (%s): %q, want %q", tt.patterns, tt.o, m.Engine(), got, tt.want)
		}
	}
}
