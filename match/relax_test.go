package match

import (
	"testing"
)

func TestBacktrackingPrefilter(t *testing.T) {
	for _, c := range []struct {
		pattern string
		o       Options
		engine  string
	}{
		{`(?<!x)Error\(`, Options{}, "regexp2+literal"},
		{`\w+(?=Error\()`, Options{Word: true}, "regexp2+literal"},
		{`(?<=func )\w+`, Options{IgnoreCase: true, Line: true}, "regexp2+literal"},
		{`(?<!\w)(panic|fatal)(?!\w)`, Options{}, "regexp2+literals"},
		{`(a)\1`, Options{}, "regexp2"},
		{`(?=.*needle)x`, Options{Word: true}, "regexp2+literal"},
		{`a|\w+(?=Error\()`, Options{Word: true}, "regexp2"},
		{`\w+(?=Error\()?`, Options{Word: true}, "regexp2"},
	} {
		m := mustCompile(t, []string{c.pattern}, c.o)
		if m.Engine() != c.engine {
			t.Errorf("%q %+v: engine %s, want %s", c.pattern, c.o, m.Engine(), c.engine)
		}
	}
}
