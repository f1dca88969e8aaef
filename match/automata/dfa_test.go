package automata

import (
	"math/rand/v2"
	"regexp/syntax"
	"strings"
	"testing"

	"urg/match/parsed"
)

// TestScanDual compares scanDual with scan, the two halves cut at every
// kind of place, on random texts with matching lines anywhere (in either
// half, in both, at the very end with no newline, none), and with a
// cache so small that computing a transition starts it again.
func TestScanDual(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	sizes := []int{2000, 3, 8}
	for _, pattern := range []string{`[xq][0-9]+[jz]`, `[a-z]+[0-9]+[a-z]+`, `^\S+\s+\S+$`, `(x|yy)[a-y]{3}z`, `[xy]z?$`, `[q7]7*z`, "", `\s*`} {
		// Under -x, the empty pattern (with -i) and \s* match empty
		// lines only, on the automaton: a match at a line's end only.
		var ds []*DFA // one for each of sizes
		for _, size := range sizes {
			src, flags := pattern, syntax.PerlX|syntax.UnicodeGroups
			if pattern == "" || pattern == `\s*` {
				src = `^(?:` + pattern + `)$` // -x
			}
			if pattern == "" {
				flags |= syntax.FoldCase // -i
			}
			tree, err := parsed.LineTree(src, flags)
			if err != nil {
				t.Fatal(err)
			}
			d := NewDFA(tree, size)
			if d == nil {
				t.Fatalf("%s: no automaton", pattern)
			}
			ds = append(ds, d)
		}
		pieces := []string{"x", "y", "z", "q", "7", " ", "ab", "\n", "\n"}
		for iter := range 4000 {
			d := ds[iter%len(sizes)]
			var b strings.Builder
			for range rng.IntN(80) {
				b.WriteString(pieces[rng.IntN(len(pieces))])
			}
			text := []byte(b.String())
			var cuts []int // after each newline but the last byte
			for i, ch := range text {
				if ch == '\n' && i+1 < len(text) {
					cuts = append(cuts, i+1)
				}
			}
			if len(cuts) == 0 {
				continue
			}
			mid := cuts[rng.IntN(len(cuts))]
			// scan first, on the same cache: scanDual then mostly meets
			// known transitions, and runs both chains to their ends.
			c := d.newCache()
			wantS, wantE := d.scan(c, text, 0, 0, c.start*symCount)
			if iter%7 == 0 {
				c = d.newCache()
			}
			if gotS, gotE := d.scanDual(c, text, mid); gotS != wantS || gotE != wantE {
				t.Fatalf("%s in %q cut at %d (cache %d): scanDual %d, %d; scan %d, %d",
					pattern, text, mid, d.maxStates, gotS, gotE, wantS, wantE)
			}
		}
	}
}
