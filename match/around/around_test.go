package around

import (
	"bytes"
	"regexp/syntax"
	"testing"

	"urg/match/parsed"
)

// check is the Check of pattern, parsed as the regex engine parses it.
func check(t *testing.T, pattern string) *Check {
	t.Helper()
	tree, err := syntax.Parse(pattern, syntax.PerlX|syntax.UnicodeGroups)
	if err != nil {
		t.Fatal(err)
	}
	return New(parsed.ASCIIFold(parsed.LineLocal(tree)).Simplify())
}

func TestNew(t *testing.T) {
	for _, c := range []struct {
		pattern string
		around  bool
	}{
		{`\w+Error\(`, true},
		{`func \w+Error\(`, true},
		{`Error\(\w+`, true},
		{`[A-Z]\w*Exception[0-9]*`, true},
		{`^ +<`, true},
		{`\bfoo\w+`, false},
		{`^foo\w+`, true},
		{`x\bfoo\w+`, false},
		{`a$foo\w+`, false},
		{`.foo`, false},
		{`(?i)foo\w+`, false},
		{`foo`, false},
		{`\w+=\w+`, true},  // one byte, rare in text
		{`\d+:\d+`, true},  // one byte, rare in text
		{`\w+ \w+`, false}, // a blank: too common to check around
		{`\w+x\w+`, false}, // a letter: too common
	} {
		if got := check(t, c.pattern) != nil; got != c.around {
			t.Errorf("%q: a check %v, want %v", c.pattern, got, c.around)
		}
	}
}

func TestLineMatches(t *testing.T) {
	for _, c := range []struct {
		pattern, line string
		want          bool
	}{
		{`^\s+//`, "  // x", true}, {`^\s+//`, "x // y", false}, {`^\s+//`, " x // //", false},
		{`foo\d+$`, "foo1 foo2", true}, {`foo\d+$`, "foo1 foo", false},
		{`[A-Z]\w*Error\(x+`, "newError(x FooError(xx", true}, {`[A-Z]\w*Error\(x+`, "FooéError(x", false},
		{`\w+=\w+`, "a = b, c=d", true}, {`\w+=\w+`, "a = b, c= d", false}, {`\d+:\d+`, "x:1 2:y 3:4", true},
	} {
		a := check(t, c.pattern)
		j := bytes.Index([]byte(c.line), a.Lit())
		if got := j >= 0 && a.LineMatches([]byte(c.line), j); got != c.want {
			t.Errorf("%q on %q: %v, want %v", c.pattern, c.line, got, c.want)
		}
	}
}
