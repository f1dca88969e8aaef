package parsed

import (
	"regexp/syntax"
	"testing"
)

func TestFacts(t *testing.T) {
	for _, c := range []struct {
		pattern string
		minLen  int
		req     string // RequiredLiteral's
		literal bool   // IsLiteral, not folded
		alts    int    // how many AlternationLiterals
	}{
		{`a?b`, 1, "b", false, 0},
		{`foo\d+barx`, 8, "barx", false, 0}, // the longer of the two
		{`foo|bar`, 3, "", false, 2},        // no one literal, two alternatives
		{`é`, 2, "é", true, 0},              // lengths in bytes
		{`(?i)k`, 1, "", false, 0},          // k, K, or the Kelvin sign: one byte at least
		{`x*`, 0, "", false, 0},
	} {
		re, err := syntax.Parse(c.pattern, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		if got := MinLen(re); got != c.minLen {
			t.Errorf("MinLen(%q) = %d, want %d", c.pattern, got, c.minLen)
		}
		if got := string(RequiredLiteral(re).Lit); got != c.req {
			t.Errorf("RequiredLiteral(%q) = %q, want %q", c.pattern, got, c.req)
		}
		if got := IsLiteral(re, false); got != c.literal {
			t.Errorf("IsLiteral(%q) = %v, want %v", c.pattern, got, c.literal)
		}
		if got := len(AlternationLiterals(re)); got != c.alts {
			t.Errorf("AlternationLiterals(%q): %d, want %d", c.pattern, got, c.alts)
		}
	}
}

func TestLineLocal(t *testing.T) {
	// Within one line of a block, nothing matches a newline and the text
	// anchors are the line's.
	re, err := syntax.Parse(`\A[^a]\z`, syntax.Perl)
	if err != nil {
		t.Fatal(err)
	}
	got := LineLocal(re).String()
	want := `(?m:^[^\na]$)`
	if got != want {
		t.Errorf("LineLocal: %s, want %s", got, want)
	}
}

// TestMatchesASCII: which patterns some text of ASCII alone may match.
func TestMatchesASCII(t *testing.T) {
	for pattern, want := range map[string]bool{
		`\p{Greek}`: false, `é|ü`: false, `[^\x00-\x7f]`: false, `x+é`: false, `é{2,}`: false,
		`x|é`: true, `é*`: true, `é{0,2}x`: true, `(?i)ſ`: true, `(?i)\x{212a}`: true, `.`: true, `^$`: true, `[\x00-\x{10ffff}]`: true,
	} {
		tree, err := syntax.Parse(pattern, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		if got := MatchesASCII(tree.Simplify()); got != want {
			t.Errorf("%q: %v, want %v", pattern, got, want)
		}
	}
}

// TestLiteralSuffix: the literal every match ends with, before the
// assertions after it.
func TestLiteralSuffix(t *testing.T) {
	for pattern, want := range map[string]string{
		`[A-Z][a-z]+Error`:    "Error",
		`[A-Z][a-z]+Writer\b`: "Writer",
		`\b\w+_\w+\(`:         "(",
		`\w+Error\(`:          "Error(",
		`(\d+)px$`:            "px",
		`a(b+c)`:              "c",
		`foo\d+`:              "",
		`x|y`:                 "",
		`\w+(?i)end`:          "",
		`\w+é`:                "", // beyond ASCII: left to the whole line
		`\w+[.]`:              ".",
	} {
		re, err := syntax.Parse(pattern, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(LiteralSuffix(re.Simplify()).Lit); got != want {
			t.Errorf("LiteralSuffix(%q) = %q, want %q", pattern, got, want)
		}
	}
}

// TestSuffixOnlyAtEnd: a suffix that nothing before it in a match can
// hold (nor the suffix again after its first byte) ends every match it is
// in; one that something before can hold does not.
func TestSuffixOnlyAtEnd(t *testing.T) {
	for pattern, want := range map[string]bool{
		`\b\w+_\w+\(`:       true,
		`[A-Z][a-z]+Error`:  false, // a letter of the class is E
		`[A-Z][a-z]+Writer`: false, // [A-Z] holds W
		`[^(]*\(`:           true,
		`(a|b(c)+)\(`:       true,
		`(\w{4}|c)Q`:        false, // \w holds Q
		`.*x\(`:             false,
		`\w+\(\(`:           false, // "((" holds its first byte twice
		`(?i:a)+\(`:         true,
		`(?i:k)+K\(`:        false, // folded k holds K
		`x{0}\(\w+;`:        true,
		`foo\d+`:            false, // no suffix
	} {
		re, err := syntax.Parse(pattern, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		if got := SuffixOnlyAtEnd(re.Simplify()); got != want {
			t.Errorf("SuffixOnlyAtEnd(%q) = %v, want %v", pattern, got, want)
		}
	}
}

// TestSuffixBounds: a suffix with a byte that nothing before it in a
// match can hold.
func TestSuffixBounds(t *testing.T) {
	for pattern, want := range map[string]bool{
		`\w+Error\(`:  true, // \w does not hold (
		`\w+Error`:    false,
		`.*x\(`:       false,
		`[^(]*\(\(`:   true,
		`[A-Z]\w+Err`: false,
		`\d+px$`:      true,
		`foo\d+`:      false, // no suffix
	} {
		re, err := syntax.Parse(pattern, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		if got := SuffixBounds(re.Simplify()); got != want {
			t.Errorf("SuffixBounds(%q) = %v, want %v", pattern, got, want)
		}
	}
}
