package match

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// TestTrail checks the lines a trail selects against Go's regexp run on
// each line, on random texts of short lines, with and without a final
// newline; and which patterns get one.
func TestTrail(t *testing.T) {
	for _, c := range []struct {
		pattern string
		trail   bool
	}{
		{`\s+$`, true}, {` {2,}$`, true}, {`[ \t]+$`, true}, {`\s{3}$`, true}, {`x+\z`, true},
		{`\s*$`, false}, {`a\s+$`, false}, {`\s+`, false}, {`[ \t]+ +$`, false},
	} {
		m := mustCompile(t, []string{c.pattern}, Options{}).(*regex)
		if (m.trail != nil) != c.trail {
			t.Fatalf("%q: trail %v, want %v", c.pattern, m.trail != nil, c.trail)
		}
		line := regexp.MustCompile(strings.NewReplacer(`\s`, `[\t\f\r ]`, `\z`, `$`).Replace(c.pattern))
		rng := rand.New(rand.NewPCG(7, uint64(len(c.pattern))))
		alphabet := []byte("  \t\t\r\nxxab")
		for range 2000 {
			text := make([]byte, rng.IntN(80))
			for i := range text {
				text[i] = alphabet[rng.IntN(len(alphabet))]
			}
			checkSelected(t, m, line, text)
		}
	}
}
