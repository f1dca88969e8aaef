package regex_test

import (
	"slices"
	"testing"

	"urg/match/internal/matchtest"
)

func TestAround(t *testing.T) {
	for _, c := range []struct {
		pattern string
		around  bool
	}{
		{`\w+Error\(`, true},
		{`func \w+Error\(`, true},
		{`Error\(\w+`, true},
		{`[A-Z]\w*Exception[0-9]*`, true},
		{`\bfoo\w+`, false},
		{`^foo\w+`, true},
		{`^\s+//`, true},
		{`foo\d+$`, true},
		{`x\bfoo\w+`, false},
		{`a$foo\w+`, false},
		{`.foo`, false},
		{`(?i)foo\w+`, false},
		{`foo`, false},
	} {
		m := mustCompile(t, []string{c.pattern}, Options{})
		r, ok := asRegex(m)
		if got := ok && r.Around() != nil; got != c.around {
			t.Errorf("%q: around %v, want %v", c.pattern, got, c.around)
		}
	}
	for _, c := range []struct {
		pattern, line string
		want          bool
	}{
		{`^\s+//`, "  // x", true}, {`^\s+//`, "\t//", true}, {`^\s+//`, "x // y", false},
		{`^\s+//`, "//", false}, {`^\s+//`, " x // //", false}, {`^\s+//`, "  //  //", true},
		{`foo\d+$`, "foo12", true}, {`foo\d+$`, "foo12x", false}, {`foo\d+$`, "xfoo1", true},
		{`foo\d+$`, "foo1 foo2", true}, {`foo\d+$`, "foo1 foo", false},
		{`^foo$`, "foo", true}, {`^foo$`, " foo", false}, {`^foo`, "foo x", true}, {`x\d*foo$`, "x1foo", true},
	} {
		m := mustCompile(t, []string{c.pattern}, Options{})
		if got, _ := matchtest.Selected(m, []byte(c.line)); (len(got) > 0) != c.want {
			t.Errorf("%q on %q: selected %v, want %v", c.pattern, c.line, len(got) > 0, c.want)
		}
	}
	// Occurrences are checked in the block, before their line is found.
	for _, c := range []struct {
		pattern, text string
		want          []int
	}{
		{`^\s+//`, "x //\n  //\n//\n\t// //", []int{1, 3}},
		{`\w+Error\(`, "Error(\n(Error( xError(\n\nError(Error(\nxError(", []int{1, 4}},
		{`foo\d+$`, "foo1 x\nfoo\nfoo12\nfoo1foo2", []int{2, 3}},
	} {
		m := mustCompile(t, []string{c.pattern}, Options{})
		if got, _ := matchtest.Selected(m, []byte(c.text)); !slices.Equal(got, c.want) {
			t.Errorf("%q on %q: lines %v, want %v", c.pattern, c.text, got, c.want)
		}
	}
	m := mustCompile(t, []string{`[A-Z]\w*Error\(x+`}, Options{})
	for line, want := range map[string]bool{
		"NewError(x": true, "newError(x": false, "newError(x FooError(xx": true, "FooError(": false,
		"é FooError(x": true, "FooéError(x": false, "Error(x": false, "EError(x": true,
	} {
		got, _ := matchtest.Selected(m, []byte(line))
		if (len(got) > 0) != want {
			t.Errorf("%q on %q: selected %v, want %v", `[A-Z]\w*Error\(x+`, line, len(got) > 0, want)
		}
	}
}
