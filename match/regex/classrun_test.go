package regex_test

import (
	"testing"

	"urg/match/internal/matchtest"
)

func TestClassRun(t *testing.T) {
	for _, c := range []struct {
		pattern string
		n       int // 0: no run
	}{
		{`\b[A-Z][A-Z0-9_]{15,}\b`, 16},
		{`[0-9a-f]{32}`, 32},
		{`^[0-9]{4}-?[0-9]{2}`, 6},
		{`(?:[A-Z]{4})(?:[0-9]{4})`, 8},
		{`\d+`, 0},       // a digit: on most lines
		{`\w{5}`, 5},     // on most lines, but the pattern is the run: exact
		{`[é]{9}`, 0},    // not ASCII
		{`a.{9}b`, 0},    // any byte breaks the run
		{`[a-z]{3}`, 3},  // exact too
		{`x[a-z]{3}`, 0}, // three letters and more: on most lines
	} {
		m := mustCompile(t, []string{c.pattern}, Options{})
		r, _ := asRegex(m)
		got := 0
		if r != nil && r.Run() != nil {
			got = r.Run().Len()
		}
		if got != c.n {
			t.Errorf("%q: run of %d, want %d", c.pattern, got, c.n)
		}
	}
	m := mustCompile(t, []string{`\b[A-Z][A-Z0-9_]{3,}\b`}, Options{})
	for line, want := range map[string]bool{
		"x := MAX_LEN": true, "MAXLEN2": true, "MAX": false, "xMAXLEN": false, "MAXLEN_x": false,
		"_ABCD": false, "1ABCD": false, "a ABCD b": true, "AB CD EF GH": false, "ABCDé": true,
	} {
		got, _ := matchtest.Selected(m, []byte(line))
		if (len(got) > 0) != want {
			t.Errorf("on %q: selected %v, want %v", line, len(got) > 0, want)
		}
	}
}
