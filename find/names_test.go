package find

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"urg/walk"
)

// TestNameSet checks -name GLOB -o -name GLOB..., which is one nameSet,
// against the same globs tried one at a time with walk.Match, on random
// globs of fnmatch's syntax (literals, '*', '?', brackets, escapes, and
// the braces and commas fnmatch takes as themselves) and names.
func TestNameSet(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	parts := []string{"a", "b", ".c", "*", "?", "[ab]", "[!a]", "\\*", "{a,b}", ",", "é", "[", "*.c", "x"}
	word := func(n int) string {
		var b strings.Builder
		for range 1 + r.IntN(n) {
			b.WriteString(parts[r.IntN(len(parts))])
		}
		return b.String()
	}
	matched := 0
	for round := range 300 {
		var globs []string
		args := []string{}
		for i := range 2 + r.IntN(8) {
			g := word(3)
			globs = append(globs, g)
			if i > 0 {
				args = append(args, "-o")
			}
			args = append(args, "-name", g)
		}
		e, err := Parse(append([]string{"."}, args...), time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := e.root.(and).l.(nameSet); !ok {
			t.Fatalf("%q: %T, want a nameSet", args, e.root.(and).l)
		}
		for range 30 {
			name := word(4)
			want := false
			for _, g := range globs {
				want = want || walk.Match(g, name, false)
			}
			if want {
				matched++
			}
			n := &walk.Node{Name: name}
			if got := e.MayMatch(n); got != want {
				t.Fatalf("round %d: %q on %q: %v, want %v", round, args, name, got, want)
			}
		}
	}
	if matched < 500 {
		t.Fatalf("only %d of 9,000 names matched a glob: the test is too weak", matched)
	}
}
