package find

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"urg/walk"
)

// TestGlobSet checks -name GLOB -o -name GLOB... and -path's, each one
// globSet, against the same globs tried one at a time with walk.Match,
// on random globs of fnmatch's syntax (literals, '*', '?', brackets,
// escapes, the braces and commas fnmatch takes as themselves, and '/')
// and paths.
func TestGlobSet(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	parts := []string{"a", "b", ".c", "*", "?", "[ab]", "[!a]", "\\*", "{a,b}", ",", "é", "[", "*.c", "x", "/", "a/"}
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
		primary := []string{"-name", "-path", "-wholename"}[r.IntN(3)]
		for i := range 2 + r.IntN(8) {
			g := word(3)
			globs = append(globs, g)
			if i > 0 {
				args = append(args, "-o")
			}
			args = append(args, primary, g)
		}
		e, err := Parse(append([]string{"."}, args...), time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := e.root.(and).l.(globSet); !ok {
			t.Fatalf("%q: %T, want a globSet", args, e.root.(and).l)
		}
		for range 30 {
			n := &walk.Node{Dir: word(3), Name: word(4), Depth: 1}
			subject := n.Name
			if primary != "-name" {
				subject = n.Path()
			}
			want := false
			for _, g := range globs {
				want = want || walk.Match(g, subject, false)
			}
			if want {
				matched++
			}
			if got := e.MayMatch(n); got != want {
				t.Fatalf("round %d: %q on %q: %v, want %v", round, args, subject, got, want)
			}
		}
	}
	if matched < 500 {
		t.Fatalf("only %d of 9,000 entries matched a glob: the test is too weak", matched)
	}
}

// TestGlobSetMixed checks -o chains that mix -name, -path, -ipath, -false
// and -type, whose runs of one kind of glob are globSets, against each
// term evaluated in turn.
func TestGlobSetMixed(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	globs := []string{"a", "*.c", "a*", "*/b*", "?", "*a*", "[ab]*", "x/*"}
	for round := range 500 {
		type term struct {
			primary, glob string
		}
		var terms []term
		var args []string
		for i := range 1 + r.IntN(8) {
			tm := term{[]string{"-name", "-name", "-path", "-path", "-ipath", "-false", "-type"}[r.IntN(7)], globs[r.IntN(len(globs))]}
			if tm.primary == "-type" {
				tm.glob = "d"
			}
			if i > 0 {
				args = append(args, "-o")
			}
			args = append(args, tm.primary)
			if tm.primary != "-false" {
				args = append(args, tm.glob)
			}
			terms = append(terms, tm)
		}
		e, err := Parse(append([]string{"."}, args...), time.Now())
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []*walk.Node{
			{Dir: "x", Name: "a.c", Depth: 1, Type: 'f'}, {Dir: "y/b", Name: "ab", Depth: 2, Type: 'd'},
			{Dir: "X", Name: "B.c", Depth: 1, Type: 'f'}, {Dir: "a", Name: "z", Depth: 1, Type: 'f'},
		} {
			want := false
			for _, tm := range terms {
				switch tm.primary {
				case "-name":
					want = want || walk.Match(tm.glob, n.Name, false)
				case "-path":
					want = want || walk.Match(tm.glob, n.Path(), false)
				case "-ipath":
					want = want || walk.Match(tm.glob, n.Path(), true)
				case "-type":
					want = want || n.Type == 'd'
				}
			}
			c := &Call{Node: n}
			if got := e.root.(and).l.eval(c); got != want {
				t.Fatalf("round %d: %q on %q: %v, want %v", round, args, n.Path(), got, want)
			}
		}
	}
}
