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
		{`[0-9]{4}-[0-9]{2}-[0-9]{2}`, true},
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
		{`[0-9]{4}-[0-9]{2}-[0-9]{2}`, "on 12-2024-12-03.", true}, {`[0-9]{4}-[0-9]{2}-[0-9]{2}`, "2024-1-03 2024-12-3", false},
		{`^[0-9]{2}-[0-9]{2}$`, "12-34", true}, {`^[0-9]{2}-[0-9]{2}$`, "12-345", false}, {`^[0-9]{2}-[0-9]{2}$`, "x12-34", false},
	} {
		a := check(t, c.pattern)
		j := bytes.Index([]byte(c.line), a.Lit())
		if got := j >= 0 && a.LineMatches([]byte(c.line), j); got != c.want {
			t.Errorf("%q on %q: %v, want %v", c.pattern, c.line, got, c.want)
		}
	}
}

// TestCheapFixed: a part of so many bytes, each of a class, is checked by
// a loop over them (no regex), so the check may run on a whole block.
func TestCheapFixed(t *testing.T) {
	for pattern, cheap := range map[string]bool{
		`[0-9]{4}-[0-9]{2}-[0-9]{2}`: true,
		`[a-f0-9]{8}-[a-f0-9]{4}`:    true,
		`\w+=[0-9]{2}x`:              true,
		`[0-9]{4}-[0-9]+x[0-9]`:      false, // a run, then more
	} {
		if a := check(t, pattern); a == nil || a.Cheap() != cheap {
			t.Errorf("%q: cheap %v, want %v", pattern, a != nil && a.Cheap(), cheap)
		}
	}
}
