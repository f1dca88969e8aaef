package match

import (
	"strconv"
	"strings"
	"testing"

	"urg/match/internal/matchtest"
)

// TestBeyondKeepsLiterals: under UTF-8 with -i, the lines beyond ASCII
// are searched behind the pattern's literals, cut where a letter folds
// beyond ASCII (k, s), and on the automaton where nothing is left.
func TestBeyondKeepsLiterals(t *testing.T) {
	for _, tc := range []struct {
		pattern string
		want    string
	}{
		{"error: [a-z]+ failed", "(non-ASCII lines: regexp+literal,"},
		{"dead[a-z]ine|time[a-z]ut", "(non-ASCII lines: regexp+literals,"},
		{"kelvin [a-z]+", "(non-ASCII lines: regexp+literal,"},
		{"sks [a-z]+", "(non-ASCII lines: regexp+dfa,"},
	} {
		m := mustCompile(t, []string{tc.pattern}, Options{IgnoreCase: true, UTF8: true})
		if !strings.Contains(m.Engine(), tc.want) {
			t.Errorf("%q: engine %q, want it to hold %q", tc.pattern, m.Engine(), tc.want)
		}
		text := "x\nK\u212aLVIN abc\nERROR: xſ FAILED\nkelvin zz\nDEADLINE  exceeded\nTIMEOUT EXCEEDED é\nti\u017fmeout deadſine\n\u017f\u212a\u017f xy\nkel\u212avin ab\n\u212aelvin ab"
		got := matchtest.Lines(t, m, text)
		var want []string
		for i, line := range strings.Split(text, "\n") {
			ref, _ := newReference(tc.pattern, Options{IgnoreCase: true, UTF8: true})
			if ok, _ := ref.match([]byte(line)); ok {
				want = append(want, strconv.Itoa(i+1)+":"+line)
			}
		}
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("%q: lines %q, want %q", tc.pattern, got, want)
		}
	}
}

// TestUnicodeFlagOff: ripgrep's (?-u) makes \w ASCII's under UTF-8, to
// the end of its group, and the pattern runs on Go's regexp, not on the
// backtracking engine (which took any flag letter, and ran every line).
func TestUnicodeFlagOff(t *testing.T) {
	for _, tc := range []struct {
		pattern string
		want    []string
	}{
		{`(?-u)\wAh`, []string{"1:xAh"}},
		{`(?-u:\w)Ah|\wBh`, []string{"1:xAh", "4:éBh"}},
		{`\wAh`, []string{"1:xAh", "2:éAh"}},
	} {
		m := mustCompile(t, []string{tc.pattern}, Options{UTF8: true})
		if strings.Contains(m.Engine(), "regexp2") {
			t.Errorf("%q: engine %q, want Go's regexp", tc.pattern, m.Engine())
		}
		got := matchtest.Lines(t, m, "xAh\néAh\n Ah\néBh")
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%q: lines %q, want %q", tc.pattern, got, tc.want)
		}
	}
}
